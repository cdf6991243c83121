# "Each player sacrifices a creature", "Target player sacrifices an artifact" (701.21a):
# OP_SACRIFICE_CHOSEN.  Each player named, in APNAP order (101.4), chooses the permanents
# of theirs the instruction asks for (D_SACRIFICE_CHOICE, one at a time; marked); a player
# with no more than that many has no choice (all of them are marked).  Then every marked
# permanent is sacrificed at once (they leave together: 603.10a look-back sees them all),
# and the resolving object goes on.  The costs with such choices are in stack.pxi.

cdef inline bint sacrifice_candidate(Engine* e, int32_t p, int32_t spec, int32_t o) noexcept nogil:
    return on_battlefield(e, o) and e.ob[o].controller == p and not e.ob[o].mark and \
        not e.ob[o].phased_out and permanent_matches(e, o, spec)


cdef int32_t next_sacrificer(Engine* e, const int32_t* a, int32_t controller, int32_t source,
                             StackItem* si, int32_t after) noexcept nogil:
    """The next player after seat ``after`` (-1: the first) in APNAP order who has a choice
    to make, or -1; players with no more permanents of the kind than asked get theirs
    marked on the way (no choice)."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t n = resolve_ref(e, a[0], controller, source, si, refs), i, j, p, k, o
    cdef int32_t n_pl = e.h.n_players, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t past = -1 if after < 0 else (after - e.h.active + n_pl) % n_pl, best, rank
    while True:                   # the refs in APNAP order, from the seat after ``after``
        best = -1
        for i in range(n):
            if refs[i] < TGT_PLAYER:
                continue
            p = refs[i] - TGT_PLAYER
            rank = (p - e.h.active + n_pl) % n_pl
            if rank > past and (best < 0 or rank < (best - e.h.active + n_pl) % n_pl) and \
                    e.pl[p].in_game:
                best = p
        if best < 0:
            return -1
        past = (best - e.h.active + n_pl) % n_pl
        k = 0
        for j in range(e.zcount[bf]):
            if sacrifice_candidate(e, best, a[1], zone_list(e, bf)[j]):
                k += 1
        if k > filter_count(a[1]):
            return best
        for j in range(e.zcount[bf]):                   # all of them: no choice (701.21a)
            o = zone_list(e, bf)[j]
            if sacrifice_candidate(e, best, a[1], o):
                e.ob[o].mark = 1


cdef void sacrifice_marked(Engine* e) noexcept nogil:
    """701.21a: the chosen permanents are sacrificed at the same time."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o
    cdef bint found = True
    leave_event_begin(e)
    while found:
        found = False
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if e.ob[o].mark:
                e.ob[o].mark = 0
                log_event(e, EV_SACRIFICE, o, 0, 0)
                put_into_graveyard(e, o)
                found = True
                break
    leave_event_end(e)


cdef bint start_sacrifice_choice(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                                 int32_t source, StackItem* si) noexcept nogil:
    """OP_SACRIFICE_CHOSEN at ``pc``: ask the first player with a choice (True: the program
    stops), or, nobody having one, sacrifice what is marked (False: it goes on)."""
    cdef int32_t p = next_sacrificer(e, a, controller, source, si, -1)
    if p < 0:
        sacrifice_marked(e)
        return False
    pause_for_choice(e, D_SACRIFICE_CHOICE, p, filter_count(a[1]), pc)
    return True


cdef int32_t sacrifice_choice_actions(Engine* e, int32_t p, ActionSink* s) noexcept nogil:
    """D_SACRIFICE_CHOICE: the decider's unchosen permanents of the kind."""
    cdef const int32_t* a = e.prog + e.h.resolving_pc
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if sacrifice_candidate(e, p, a[1], o):
            emit(s, make_action(A_SACRIFICE_CHOSEN, o, 0))
    return s.n


cdef void answer_sacrifice_choice(Engine* e, int32_t o) noexcept nogil:
    """Mark the chosen permanent; the decider chooses more, or the next player does."""
    e.ob[o].mark = 1
    if e.h.dctx0 > 1:
        e.h.dctx0 -= 1
        e.h.decision = D_SACRIFICE_CHOICE
        return
    next_sacrifice_choice(e, e.h.decider)


cdef void next_sacrifice_choice(Engine* e, int32_t p) noexcept nogil:
    """``p`` has chosen (or left the game, 800.4a): the next player chooses, or all is
    sacrificed and the object resolves on (after the 3-word instruction)."""
    cdef int32_t pc = e.h.resolving_pc - 1, nxt
    cdef const int32_t* a = e.prog + pc + 1
    cdef StackItem* si = &e.stack[e.h.stack_n - 1]
    nxt = next_sacrificer(e, a, si.controller, si.obj, si, p)
    if nxt >= 0:
        e.h.decider = nxt
        e.h.dctx0 = filter_count(a[1])
        e.h.decision = D_SACRIFICE_CHOICE
        return
    sacrifice_marked(e)
    resume_resolution(e, pc + 3)
