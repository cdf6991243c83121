# "Target player reveals their hand. You choose a nonland card from it. That player discards
# that card." (Thoughtseize, Duress, Inquisition of Kozilek): OP_REVEAL_CHOOSE_DISCARD.
#
# The player named reveals their hand: every card of it becomes known to every player
# (701.20a; known.pxi, so each observation shows them).  If a card of it has every quality
# of the instruction (search_ex_matches: the printed characteristics of a card in a hand,
# 613.1), the resolving object's controller chooses one (D_CHOOSE_REVEALED, dctx0 = the
# revealing seat; A_DISCARD_CHOSEN) and that player discards it (701.8a); with none, nothing
# is discarded (the hand is still revealed).  Then the object resolves on (608.2c).

cdef inline bint revealed_card_fits(Engine* e, int32_t o, const int32_t* a) noexcept nogil:
    return search_ex_matches(e, o, a)           # payments_and_searches.pxi


cdef bint start_reveal_choose(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                              int32_t source, StackItem* si) noexcept nogil:
    """OP_REVEAL_CHOOSE_DISCARD at ``pc``: the reveal, then the choice if there is one
    (True: the program stops) -- False when the player is gone or no card fits."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t t, hand, i, o
    cdef bint any_fits = False
    if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] < TGT_PLAYER:
        return False
    t = refs[0] - TGT_PLAYER
    hand = zone_of(e, t, Z_HAND)
    for i in range(e.zcount[hand]):
        o = zone_list(e, hand)[i]
        log_event(e, EV_REVEAL, t, o, 1)
        known_revealed(e, o)                   # 701.20a: known to all players
        if revealed_card_fits(e, o, a):
            any_fits = True
    if not any_fits:
        return False
    pause_for_choice(e, D_CHOOSE_REVEALED, controller, t, pc)
    return True


cdef int32_t reveal_choose_actions(Engine* e, ActionSink* s) noexcept nogil:
    """D_CHOOSE_REVEALED: each card of the revealed hand with the qualities."""
    cdef const int32_t* a = e.prog + e.h.resolving_pc
    cdef int32_t hand = zone_of(e, e.h.dctx0, Z_HAND), i, o
    for i in range(e.zcount[hand]):
        o = zone_list(e, hand)[i]
        if revealed_card_fits(e, o, a):
            emit(s, make_action(A_DISCARD_CHOSEN, o, 0))
    return s.n


cdef void answer_reveal_choose(Engine* e, int32_t o) noexcept nogil:
    """The chosen card is discarded by its owner (701.8a); the object resolves on."""
    cdef int32_t pc = e.h.resolving_pc - 1, t = e.h.dctx0
    e.ob[o].mark = 1
    discard_marked(e, t)                       # turn.pxi
    resume_resolution(e, pc + 6)


cdef void reveal_choose_conceded(Engine* e) noexcept nogil:
    """The revealing player left the game (800.4a): nothing is discarded; the object
    resolves on."""
    resume_resolution(e, e.h.resolving_pc - 1 + 6)
