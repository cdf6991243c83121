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
