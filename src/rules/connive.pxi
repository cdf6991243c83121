# Connive (701.50): OP_CONNIVE [ref permanent, N].  The permanent's controller draws N
# cards, then discards N cards of their choice (D_DISCARD_CHOICE, the discard of 701.8a,
# answered in priority.pxi); for each nonland card discarded this way a +1/+1 counter is
# put on the permanent.  701.50c: if the permanent changed zones before it connives, its
# last known information says who controlled it: for "~ connives" that is the controller
# of the ability (603.3a, 602.2a: its source's controller as it triggered or was
# activated).  A counter can't be put on a permanent that left the battlefield (122.6),
# but the drawing and discarding still happen (701.50b).

cdef inline int32_t conniving_object(Engine* e, int32_t ref, int32_t controller, int32_t source,
                                     StackItem* si) noexcept nogil:
    """The permanent ``ref`` names if it is still on the battlefield, else -1."""
    cdef int32_t refs[TGT_PLAYER]
    if resolve_ref(e, ref, controller, source, si, refs) > 0 and refs[0] < TGT_PLAYER and \
            on_battlefield(e, refs[0]):
        return refs[0]
    return -1


cdef bint start_connive(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                        int32_t source, StackItem* si) noexcept nogil:
    """Draw, then ask the discard (True: the program stops for it); False when nothing is
    to be chosen (the hand is empty, or a named target is gone: 608.2b)."""
    cdef int32_t o = conniving_object(e, a[0], controller, source, si), p, k
    if o >= 0:
        p = e.ob[o].controller
    elif a[0] == REF_SELF and source >= 0:
        p = controller                          # 701.50c: its last known controller
    else:
        return False
    if not e.pl[p].in_game:
        return False
    for k in range(a[1]):
        draw_card(e, p)
    if a[1] <= 0 or e.zcount[zone_of(e, p, Z_HAND)] == 0:
        return False
    pause_for_choice(e, D_DISCARD_CHOICE, p, a[1], pc)
    return True


cdef void finish_connive(Engine* e, int32_t p, const int32_t* a, StackItem* si) noexcept nogil:
    """``p`` has chosen the cards: they are discarded together (701.8a), then the permanent,
    if still on the battlefield, gets a +1/+1 counter per nonland card among them."""
    cdef int32_t hand = zone_of(e, p, Z_HAND), i, o, nonland = 0
    for i in range(e.zcount[hand]):
        o = zone_list(e, hand)[i]
        if e.ob[o].mark and not (obj_types(e, o) & T_LAND):
            nonland += 1
    if e.pl[p].in_game:
        discard_marked(e, p)
    o = conniving_object(e, a[0], si.controller, si.obj, si)
    if o >= 0 and nonland > 0:
        add_counters(e, o, CTR_PLUS1, nonland)
