# The search inner loop: many playouts to the end of the game from one state, in
# the core with the GIL released.  One scratch buffer is reused: each playout copies the
# state into it (one memcpy) and plays it out under the policies of policies.pxi, each seat
# drawing from its own stream seeded from (seed, playout index, seat); the game's own RNG
# (shuffles) is the state's, as it would be in the game itself.  A search over hidden
# information determinizes first (observation.pxi).

cdef void run_rollouts(Engine* src, Engine* work, int32_t n, const int32_t* pol, uint64_t seed,
                       int32_t turn_limit, int8_t* result, int8_t* winner, int32_t* turns,
                       int8_t* ends, int32_t* decisions, int32_t* life) noexcept nogil:
    """Play ``n`` playouts of ``src`` in ``work`` (a buffer of the same size, bound to the
    same tables).  ``turn_limit`` > 0 replaces the state's turn limit (Header.max_turns)."""
    cdef size_t nbytes = <size_t>src.h.total_ints * 4
    cdef uint32_t rngs[4 * MAX_PLAYERS]
    cdef int32_t i, p, end = 0, np_ = src.h.n_players
    cdef int32_t* own = work.base
    for i in range(n):
        if release_growth(work, own):           # the last playout grew its tables (growth.pxi)
            memcpy(own, src.base, nbytes)
            bind(work, own)
        else:
            memcpy(work.base, src.base, nbytes)
        if turn_limit > 0:
            work.h.max_turns = turn_limit
        for p in range(np_):
            seat_stream(rngs + 4 * p, seed, <uint64_t>i, p)
        decisions[i] = play_policies(work, rngs, pol, &end, NULL)
        result[i] = <int8_t>work.h.result
        winner[i] = <int8_t>work.h.winner
        turns[i] = work.h.turn
        ends[i] = <int8_t>end
        for p in range(np_):
            life[i * np_ + p] = work.pl[p].life


# --- many states at once, on threads (api/batch.pxi rollouts_batch) ---------------------------

ctypedef struct RolloutJob:
    Engine* src                  # a state of the batch (read only)
    int32_t n                    # its playouts
    uint64_t seed
    int32_t turn_limit
    int8_t* result               # its rows of the outputs
    int8_t* winner
    int32_t* turns
    int8_t* ends
    int32_t* decisions
    int32_t* life
    int32_t failed               # no memory for a scratch state

ctypedef struct RolloutTask:
    RolloutJob* jobs
    int32_t first                # the jobs first, first + step, ... below n_jobs
    int32_t step
    int32_t n_jobs
    const int32_t* pol


cdef void rollout_task(void* arg) noexcept nogil:
    """One thread's share of a batch: each of its states played out in a scratch state of
    its own size, exactly as State.rollouts plays it."""
    cdef RolloutTask* t = <RolloutTask*>arg
    cdef RolloutJob* j
    cdef Engine* work
    cdef int32_t k = t.first
    cdef int32_t* own
    cdef size_t nbytes
    while k < t.n_jobs:
        j = &t.jobs[k]
        nbytes = <size_t>j.src.h.total_ints * 4
        work = <Engine*>calloc(1, sizeof(Engine))
        if work != NULL:
            work.base = <int32_t*>malloc(nbytes)
        if work == NULL or work.base == NULL:
            j.failed = 1
        else:
            memcpy(work.base, j.src.base, nbytes)
            bind(work, work.base)
            work.cards = j.src.cards
            work.abil = j.src.abil
            work.prog = j.src.prog
            work.n_cards = j.src.n_cards
            work.n_abilities = j.src.n_abilities
            work.prog_len = j.src.prog_len
            own = work.base
            run_rollouts(j.src, work, j.n, t.pol, j.seed, j.turn_limit, j.result, j.winner,
                         j.turns, j.ends, j.decisions, j.life)
            if work.base != own and work.base_owned:
                free(work.base)         # its last playout grew it (growth.pxi)
            free(own)
        free(work)
        k += t.step
