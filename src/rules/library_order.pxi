# Cards put on top of a library in an order a player chooses (401.4: "the owner of those
# cards may arrange them in any order"; the order is not revealed).
#
# OP_HAND_TO_TOP ("put two cards from your hand on top of your library in any order",
# Brainstorm): the player named puts n cards of their hand on top of their library, all of
# them if they have fewer.  Which and in what order is one choice per card
# (D_HAND_TO_TOP, dctx0 = the cards still to put; A_HAND_TO_TOP): each card chosen goes on
# top at once, above those put before it, so the last one chosen is the top card.  A card
# alone in the hand has nothing to choose and goes without a decision.  Each card moves from
# the hand to the library: its owner knows it and its place, nobody else does
# (known.pxi, known_moved).
#
# OP_LOOK_PUT_BACK ("look at the top three cards of your library, then put them back in any
# order", Ponder): the controller looks at them (known_look_top) and places them one at a
# time with D_LIBRARY_CARDS, answered only with A_LIB_TOP (priority.pxi: the first placed
# ends deepest); the last card has one place left and is not asked.
#
# OP_SHUFFLE ("you may shuffle", 701.24) is one instruction of the interpreter (effects.pxi).


cdef bint hand_to_top_next(Engine* e, int32_t p, int32_t k, int32_t pc) noexcept nogil:
    """``p`` has ``k`` more cards of their hand to put on top: ask them (True: the program
    stops) while two or more cards are in hand; a last card alone goes without asking."""
    cdef int32_t hand = zone_of(e, p, Z_HAND)
    while k > 0 and e.zcount[hand] > 0:
        if e.zcount[hand] >= 2:
            pause_for_choice(e, D_HAND_TO_TOP, p, k, pc)
            return True
        put_on_top_of_library(e, zone_list(e, hand)[0])         # effects.pxi
        k -= 1
    return False


cdef bint start_hand_to_top(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                            int32_t source, StackItem* si) noexcept nogil:
    """OP_HAND_TO_TOP at ``pc``: True when the program stops for the player's choice."""
    cdef int32_t refs[TGT_PLAYER]
    if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] < TGT_PLAYER:
        return False
    return hand_to_top_next(e, refs[0] - TGT_PLAYER, a[1], pc)


cdef int32_t hand_to_top_actions(Engine* e, ActionSink* s) noexcept nogil:
    """D_HAND_TO_TOP: each card of the decider's hand."""
    cdef int32_t hand = zone_of(e, e.h.decider, Z_HAND), i
    for i in range(e.zcount[hand]):
        emit(s, make_action(A_HAND_TO_TOP, zone_list(e, hand)[i], 0))
    return s.n


cdef void answer_hand_to_top(Engine* e, int32_t o) noexcept nogil:
    """The chosen card goes on top of its owner's library (401.4); the next is asked, or
    the object resolves on."""
    cdef int32_t pc = e.h.resolving_pc - 1
    put_on_top_of_library(e, o)
    if not hand_to_top_next(e, e.h.decider, e.h.dctx0 - 1, pc):
        resume_resolution(e, pc + _LEN_HAND_TO_TOP)


cdef void hand_to_top_conceded(Engine* e) noexcept nogil:
    """The deciding player left the game (800.4a): their cards left with them; the object
    resolves on."""
    resume_resolution(e, e.h.resolving_pc - 1 + _LEN_HAND_TO_TOP)


cdef bint start_look_put_back(Engine* e, const int32_t* a, int32_t pc,
                              int32_t controller) noexcept nogil:
    """OP_LOOK_PUT_BACK at ``pc``: the controller looks at the top n cards (they know each
    and its place); True when two or more are to be ordered (D_LIBRARY_CARDS)."""
    cdef int32_t lib = zone_of(e, controller, Z_LIBRARY)
    cdef int32_t n = a[0] if a[0] < e.zcount[lib] else e.zcount[lib]
    if n <= 0:
        return False                    # an empty library: nothing to look at
    known_look_top(e, controller, lib, n)           # known.pxi
    if n == 1:
        return False                    # one card goes back where it was: no order to choose
    pause_for_choice(e, D_LIBRARY_CARDS, controller, n, pc)
    return True
