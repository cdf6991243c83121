# Whole games inside the compiled core under a seeded uniform-random policy (DESIGN
# principle 1): what simulations call, with the GIL released.

cpdef enum:
    PLAYOUT_GUARD = 1000000000   # decisions in one play_out call (int32 steps can't overflow)

cdef int32_t random_action(Engine* e, uint32_t* rng, int32_t* buf, bint include_mana) noexcept nogil:
    """A uniformly random legal action (``buf`` has MAX_ACTIONS slots).  Unless
    ``include_mana``, activating a mana ability on its own (floating mana) is left out:
    casting pays for itself (601.2g), and floating mana that nothing spends only empties at
    the end of the step (500.4).  A decision with more answers than ``buf`` holds is counted,
    then answer k is enumerated again on its own: uniform, and nothing is stored past ``buf``."""
    cdef int32_t n, k
    if e.h.decision == D_PRIORITY and not include_mana and e.h.result == R_ONGOING and \
            nothing_but_pass(e, e.h.decider):
        return make_action(A_PASS, 0, 0)        # the one answer: no list, no draw (below)
    n = legal_actions_ex(e, buf, MAX_ACTIONS, 0, include_mana)
    if n == 0:
        return -1
    if n == 1:
        return buf[0]
    k = <int32_t>mtg_rng_below(rng, <uint32_t>n)
    if k < MAX_ACTIONS:
        return buf[k]
    legal_actions_ex(e, buf, 1, k, include_mana)
    return buf[0]


cdef int32_t play_out(Engine* e, uint32_t* rng, bint include_mana) noexcept nogil:
    """Play the game to its end; returns the number of decisions taken."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t act, steps = 0
    cdef CombatDecl decl                        # lent to the declarations (state.pxi)
    e.decl_cache = &decl
    e.decl_cache_for = D_NONE
    advance(e)
    while e.h.result == R_ONGOING:
        if steps >= PLAYOUT_GUARD:             # a game can't last this long: stop, don't hang
            abort_game(e, ABORT_RUNAWAY)
            break
        if (e.h.decision == D_DECLARE_ATTACKERS or e.h.decision == D_DECLARE_BLOCKERS) and \
                random_declaration(e, rng):
            # a whole uniformly random declaration at once (policies.pxi); counts as one
            advance(e)
            steps += 1
            continue
        if e.h.decision == D_ASSIGN_DAMAGE and mtg_rng_below(rng, 8) != 0:
            # 510.1c-d: the default split with probability 7/8, else a uniformly random
            # legal step (which may be the default too); see README
            do_action(e, make_action(A_ASSIGN_DEFAULT, e.h.dctx0, 0))
            advance(e)
            steps += 1
            continue
        act = random_action(e, rng, buf, include_mana)
        if act < 0:
            e.h.result = R_UNFINISHED          # no legal action: never happens by the rules
            break
        do_action(e, act)
        advance(e)
        steps += 1
    e.decl_cache = NULL
    e.decl_cache_for = D_NONE
    return steps
