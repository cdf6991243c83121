# Vehicles (301.7b, 702.122).  "Crew N" is the activated ability "Tap
# any number of untapped creatures you control with total power N or greater: This Vehicle
# becomes an artifact creature until end of turn."  Its program is the type change (an
# EF_LAYER effect, layer 4, 613.1d); its cost is paid here, one creature at a time
# (D_CREW, 602.2b / 601.2h), before anything else of the cost, until their total power
# reaches N.  A creature tapped to pay it
# may be summoning sick (302.6 limits only {T} / {Q} abilities of the creature itself).

cdef int32_t crew_power(Engine* e, int32_t o) noexcept nogil:
    """The power ``o`` adds to a crew cost (702.122a: its power, 208.3)."""
    cdef int32_t p, t
    power_toughness(e, o, &p, &t)
    return p


cdef bint crew_candidate(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """An untapped creature ``p`` controls that may be tapped for a crew cost.  One with
    negative power would only lower the total: not offered (a known simplification)."""
    return on_battlefield(e, o) and e.ob[o].controller == p and not e.ob[o].tapped and \
        e.ob[o].phased_out == 0 and is_creature(e, o) and crew_power(e, o) >= 0


cdef int32_t crew_power_available(Engine* e, int32_t p) noexcept nogil:
    """118.3: the total power of the untapped creatures ``p`` could tap for a crew cost."""
    cdef int32_t i, o, total = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if crew_candidate(e, p, o):
            total += crew_power(e, o)
            if total >= TABLE_AMOUNT_MAX:
                break
    return total


cdef bint crew_check(Engine* e, int32_t p, const int32_t* ab) noexcept nogil:
    """Can ``p`` pay the crew cost of ``ab`` (none: True)?"""
    return ab[AF_CREW] == 0 or crew_power_available(e, p) >= ab[AF_CREW]


cdef void crew_actions(Engine* e, ActionSink* s) noexcept nogil:
    """The legal answers to a D_CREW: tap one more creature (any with power 0 or more: the
    rest still add up to what is missing, so the cost stays payable)."""
    cdef int32_t p = e.stack[e.h.casting].controller, i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if crew_candidate(e, p, o):
            emit(s, make_action(A_CREW_TAP, o, 0))


cdef void crew_choice(Engine* e, int32_t kind, int32_t a) noexcept nogil:
    """Apply one D_CREW answer (legal: from crew_actions): tap the creature; once the total
    power tapped reaches N the cost is paid and the rest of the activation goes on.
    (702.122a lets a player tap still more creatures; that choice changes nothing the engine
    models -- it has no "whenever ~ becomes tapped" or "crews" triggers -- and isn't offered.)"""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t p = si.controller, need = e.h.dctx0 - crew_power(e, a)
    e.ob[a].tapped = 1
    log_event(e, EV_TAPPED_FOR_COST, p, a, 0)         # 702.122b: it crews the Vehicle
    if need > 0:
        e.h.dctx0 = need
        e.h.decision = D_CREW                          # (do_action cleared it) still paying
        return
    log_event(e, EV_CREWED, si.obj, p, 0)
    e.h.decision = D_NONE
    pay_activation_mana(e)                             # stack.pxi: the rest of the cost
    continue_activation(e, PAYC_SAC)
