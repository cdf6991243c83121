# Policies compiled in the core (issue 7): who decides for each seat of a batch of games,
# with the GIL released and no Python per decision (DESIGN principle 1).
#
# A policy answers the pending decision of its seat.  Each seat's policy draws from its
# own RNG stream, seeded from (batch seed, game index, seat) and kept outside the state:
# the game's own RNG (Header.rng: shuffles, 103.1 starting player) is never touched by a
# policy, so changing one seat's policy never changes the shuffles of a game (DESIGN
# principle 6).  POL_RANDOM is the uniform-random policy of playout.pxi; POL_HEURISTIC
# is the heuristic player below.

cdef inline void seat_stream(uint32_t* rng, uint64_t seed, uint64_t game, int32_t seat) noexcept nogil:
    """Seat ``seat``'s policy stream for game ``game`` of a batch seeded ``seed``."""
    mtg_rng_seed(rng, (seed * 2654435761u + game) ^ (<uint64_t>(seat + 1) * 0xD1B54A32D192ED03u))


cdef bint random_step(Engine* e, uint32_t* rng, int32_t* buf, bint include_mana) noexcept nogil:
    """One decision of the uniform-random policy, exactly as play_out takes it (a whole
    declaration at once, the default damage split with probability 7/8).  False: no legal
    action."""
    cdef int32_t act
    if (e.h.decision == D_DECLARE_ATTACKERS or e.h.decision == D_DECLARE_BLOCKERS) and \
            random_declaration(e, rng):
        return True
    if e.h.decision == D_ASSIGN_DAMAGE and mtg_rng_below(rng, 8) != 0:
        do_action(e, make_action(A_ASSIGN_DEFAULT, e.h.dctx0, 0))
        return True
    act = random_action(e, rng, buf, include_mana)
    if act < 0:
        return False
    do_action(e, act)
    return True


cdef int32_t policy_action(Engine* e, int32_t policy, uint32_t* rng, int32_t* buf) noexcept nogil:
    """The action ``policy`` takes now (one action code, -1 if there is none): for
    POL_RANDOM a uniformly random legal action (a declaration pair by pair)."""
    if policy == POL_HEURISTIC:
        return heuristic_action(e, rng, buf)
    return random_action(e, rng, buf, False)


cdef inline int32_t alive_mask(Engine* e) noexcept nogil:
    cdef int32_t p, m = 0
    for p in range(e.h.n_players):
        if e.pl[p].in_game:
            m |= 1 << p
    return m


cdef int32_t end_code(Engine* e, int32_t alive_before, bint stuck) noexcept nogil:
    """END_* for a finished game: a win by the rule that made the last player(s) lose
    (the players still in the game before the last decision who are out now)."""
    cdef int32_t p
    if e.h.result == R_ONGOING:
        return END_NONE
    if e.h.result == R_ABORTED:
        return END_ABORTED
    if e.h.result == R_UNFINISHED:
        return END_NO_ACTION if stuck else END_TURN_LIMIT
    if e.h.result == R_DRAW:
        return END_DRAW
    for p in range(e.h.n_players):
        if (alive_before >> p) & 1 and not e.pl[p].in_game:
            return e.pl[p].lost_reason          # LOSS_* == END_* for 1..4
    for p in range(e.h.n_players):              # (not reached: the win came with a loss)
        if not e.pl[p].in_game:
            return e.pl[p].lost_reason
    return END_NONE


cdef int32_t play_policies(Engine* e, uint32_t* rngs, const int32_t* policies,
                           int32_t* end) noexcept nogil:
    """Play the game to its end, seat p deciding by ``policies[p]`` with the stream
    ``rngs + 4 * p``; returns the number of decisions taken and sets ``end`` (END_*)."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t act, p, steps = 0, alive
    cdef bint stuck = False, ok
    cdef CombatDecl decl                        # lent to the declarations (state.pxi)
    e.decl_cache = &decl
    e.decl_cache_for = D_NONE
    advance(e)
    alive = alive_mask(e)
    while e.h.result == R_ONGOING:
        if steps >= PLAYOUT_GUARD:             # a game can't last this long: stop, don't hang
            abort_game(e, ABORT_RUNAWAY)
            break
        p = e.h.decider
        if not 0 <= p < e.h.n_players:
            p = 0
        alive = alive_mask(e)
        if policies[p] == POL_HEURISTIC:
            act = heuristic_action(e, rngs + 4 * p, buf)
            ok = act >= 0
            if ok:
                do_action(e, act)
        else:
            ok = random_step(e, rngs + 4 * p, buf, False)
        if not ok:
            e.h.result = R_UNFINISHED          # no legal action: never happens by the rules
            stuck = True
            break
        advance(e)
        steps += 1
    e.decl_cache = NULL
    e.decl_cache_for = D_NONE
    end[0] = end_code(e, alive, stuck)
    return steps


# --- the heuristic player (POL_HEURISTIC) --------------------------------------------------

cdef int32_t heuristic_action(Engine* e, uint32_t* rng, int32_t* buf) noexcept nogil:
    """The heuristic player's answer to the pending decision (a legal action code, -1 if
    there is none)."""
    return random_action(e, rng, buf, False)
