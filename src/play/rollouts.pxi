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
