# Batches of whole games in the core, the GIL released: random play and compiled policies
# (play/policies.pxi).

def play_random_games(CardTables tables, deck_a, deck_b, int n_games, uint64_t seed,
                      int max_turns=0, bint mulligans=True, int edition=EDITION_SEED):
    """Play ``n_games`` random-vs-random games of ``deck_a`` against ``deck_b``; returns an
    (n_games, 3) int32 array of (result, winner, turns).  Game i is the game
    ``State.new_game`` builds from seed + i (the starting player is random per game),
    played by ``play_games`` with both seats on POL_RANDOM."""
    if n_games < 0:
        raise EngineError(f"a negative number of games ({n_games})")
    res = play_games(tables, [deck_a, deck_b], n_games, seed, (POL_RANDOM, POL_RANDOM),
                     max_turns, mulligans, edition)
    out = np.zeros((n_games, 3), dtype=np.int32)
    out[:, 0] = res["result"]
    out[:, 1] = res["winner"]
    out[:, 2] = res["turns"]
    return out


def play_games(CardTables tables, decks, int n_games, uint64_t seed, policies,
               int max_turns=0, bint mulligans=True, int edition=EDITION_SEED,
               int starting_player=-1, int sizing=SIZING_SMALL, search=None):
    """Play ``n_games`` games of ``decks`` (2..MAX_PLAYERS int sequences of card rows, in
    turn order), seat p deciding by ``policies[p]`` (POL_*; one entry is used for every
    seat).  Game i is the game ``State.new_game`` builds from seed + i; seat p's policy
    draws from its own stream seeded from (seed, i, p), never from the game's RNG.  A
    POL_ISMCTS seat searches with its ``search`` parameters (a dict of SEARCH_DEFAULTS keys
    for every seat, or one dict or None per seat; api/search.pxi).  The decks are checked
    and laid out once; each game copies that unshuffled state into one reused buffer and
    starts it, the whole loop in C with the GIL released.

    Returns a dict of numpy arrays, one row per game: "result" (R_*), "winner" (seat or
    -1), "turns", "life" (n_games, n_seats), "end" (END_*: how it ended), "starting" (the
    seat that took the first turn, 103.1) and "decisions" (decisions taken)."""
    cdef int32_t n_seats = len(decks), p, i, end = 0
    cdef int32_t pol[MAX_PLAYERS]
    cdef SearchParams sp[MAX_PLAYERS]
    cdef uint32_t rngs[4 * MAX_PLAYERS]
    if n_games < 0:
        raise EngineError(f"a negative number of games ({n_games})")
    if not 2 <= n_seats <= MAX_PLAYERS:
        raise EngineError(f"a game has 2 to {MAX_PLAYERS} players, not {n_seats}")
    fill_seat_policies(policies, search, n_seats, pol, sp)
    cdef State proto = State._unshuffled(tables, list(decks), starting_player, mulligans,
                                         max_turns, 20, -1, False, True, edition, 0, sizing)
    cdef State st = proto._copy()
    cdef int32_t* own = st.e.base
    result = np.zeros(n_games, dtype=np.int8)
    winner = np.zeros(n_games, dtype=np.int8)
    turns = np.zeros(n_games, dtype=np.int32)
    life = np.zeros((n_games, n_seats), dtype=np.int32)
    ends = np.zeros(n_games, dtype=np.int8)
    starting = np.zeros(n_games, dtype=np.int8)
    decisions = np.zeros(n_games, dtype=np.int32)
    cdef int8_t[::1] rv = result, wv = winner, ev = ends, sv = starting
    cdef int32_t[::1] tv = turns, dv = decisions
    cdef int32_t[:, ::1] lv = life
    cdef size_t nbytes = <size_t>proto.e.h.total_ints * 4
    with nogil:
        for i in range(n_games):
            if release_growth(&st.e, own):      # the last game grew its tables
                memcpy(own, proto.e.base, nbytes)
                bind(&st.e, own)
            else:
                memcpy(st.e.base, proto.e.base, nbytes)
            begin_game(&st.e, seed + <uint64_t>i, starting_player)
            for p in range(n_seats):
                seat_stream(rngs + 4 * p, seed, <uint64_t>i, p)
            dv[i] = play_policies(&st.e, rngs, pol, &end, sp)
            rv[i] = <int8_t>st.e.h.result
            wv[i] = <int8_t>st.e.h.winner
            tv[i] = st.e.h.turn
            ev[i] = <int8_t>end
            sv[i] = <int8_t>st.e.h.starting_player
            for p in range(n_seats):
                lv[i, p] = st.e.pl[p].life
    st._adopt()
    return {"result": result, "winner": winner, "turns": turns, "life": life, "end": ends,
            "starting": starting, "decisions": decisions}


def rollouts_batch(states, int n, policy=POL_RANDOM, uint64_t seed=0, int max_turns=0,
                   int threads=1):
    """``n`` playouts from each of ``states`` (a sequence of State, the same number of
    players), on ``threads`` threads with the GIL released: state k's rows are exactly
    ``states[k].rollouts(n, policy, seed + k, max_turns)``, whatever the thread count (each
    state is one task with its own scratch state).  The states are unchanged.  For a
    researcher's own search: expand many leaves in Python, evaluate them here at once.

    Returns the dict of State.rollouts with one more leading axis: "result", "winner",
    "turns", "end", "decisions" (n_states, n) and "life" (n_states, n, n_players)."""
    cdef int32_t m, np_, k, p
    cdef int32_t pol[MAX_PLAYERS]
    cdef RolloutJob* jobs = NULL
    cdef RolloutTask tasks[ISMCTS_MAX_THREADS]
    cdef State st
    cdef int32_t failed = 0
    states = list(states)
    m = len(states)
    if n < 0:
        raise EngineError(f"a negative number of rollouts ({n})")
    if not 1 <= threads <= ISMCTS_MAX_THREADS:
        raise EngineError(f"threads must be 1..{ISMCTS_MAX_THREADS}, not {threads}")
    if max_turns < 0 or max_turns > TURN_MAX:
        raise EngineError(f"max_turns must be 0..{TURN_MAX}")
    for x in states:
        if not isinstance(x, State):
            raise EngineError(f"rollouts_batch takes States, not {type(x).__name__}")
    np_ = (<State>states[0]).e.h.n_players if m else 2
    for x in states:
        if (<State>x).e.h.n_players != np_:
            raise EngineError("rollouts_batch: the states have different numbers of players")
    if len(set(map(id, states))) != m:
        raise EngineError("rollouts_batch: a state is given twice (give clones)")
    policies = [policy] if isinstance(policy, (int, np.integer)) else list(policy)
    if len(policies) == 1:
        policies = policies * np_
    if len(policies) != np_:
        raise EngineError(f"{len(policies)} policies for {np_} seats (one per seat, or one for all)")
    for p in range(np_):
        if isinstance(policies[p], bool) or policies[p] not in (POL_RANDOM, POL_HEURISTIC):
            raise EngineError(f"no policy {policies[p]!r} (POL_RANDOM or POL_HEURISTIC)")
        pol[p] = policies[p]
    result = np.zeros((m, n), dtype=np.int8)
    winner = np.zeros((m, n), dtype=np.int8)
    turns = np.zeros((m, n), dtype=np.int32)
    ends = np.zeros((m, n), dtype=np.int8)
    decisions = np.zeros((m, n), dtype=np.int32)
    life = np.zeros((m, n, np_), dtype=np.int32)
    out = {"result": result, "winner": winner, "turns": turns, "end": ends,
           "decisions": decisions, "life": life}
    if m == 0 or n == 0:
        return out
    cdef int8_t[:, ::1] rv = result, wv = winner, ev = ends
    cdef int32_t[:, ::1] tv = turns, dv = decisions
    cdef int32_t[:, :, ::1] lv = life
    jobs = <RolloutJob*>calloc(m, sizeof(RolloutJob))
    if jobs == NULL:
        raise MemoryError()
    entered = []
    try:
        for k in range(m):
            st = states[k]
            st._enter()
            entered.append(st)
            jobs[k].src = &st.e
            jobs[k].n = n
            jobs[k].seed = seed + <uint64_t>k
            jobs[k].turn_limit = 0
            if max_turns > 0:
                jobs[k].turn_limit = min(st.e.h.turn + max_turns, TURN_MAX)
                if st.e.h.max_turns > 0:
                    jobs[k].turn_limit = min(jobs[k].turn_limit, st.e.h.max_turns)
            jobs[k].result = &rv[k, 0]
            jobs[k].winner = &wv[k, 0]
            jobs[k].turns = &tv[k, 0]
            jobs[k].ends = &ev[k, 0]
            jobs[k].decisions = &dv[k, 0]
            jobs[k].life = &lv[k, 0, 0]
        threads = min(threads, m)
        for k in range(threads):
            tasks[k].jobs = jobs
            tasks[k].first = k
            tasks[k].step = threads
            tasks[k].n_jobs = m
            tasks[k].pol = pol
        with nogil:
            mtg_run_tasks(rollout_task, <char*>tasks, sizeof(RolloutTask), threads)
        for k in range(m):
            failed |= jobs[k].failed
    finally:
        for x in entered:
            (<State>x).busy = 0
        free(jobs)
    if failed:
        raise MemoryError("rollouts_batch: out of memory for a scratch state")
    return out
