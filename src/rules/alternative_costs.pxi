# Alternative costs (118.9): "You may <cost> rather than pay this spell's mana cost" (Force of
# Will, Daze, Fireblast) and evoke (702.74a: "Evoke [cost]" is an alternative cost).
#
# Paying it is the caster's choice as the spell is announced (601.2b): priority offers
# A_CAST_ALT beside A_CAST, two distinct actions.  Its condition ("If it's not your turn",
# "If you control a Swamp") is checked then.  The spell's total cost (601.2f) is then the
# alternative cost -- mana AF_ALT_GENERIC.., life AF_ALT_LIFE -- plus any additional cost and
# kicker (118.9d); its mana value doesn't change (118.9c).  Only one alternative cost can be
# paid (118.9a): it is cast from the hand, never with flashback (which is one, 702.34a).  The
# cards or permanents it takes (a blue card from the hand, an Island you control, two
# Mountains) are chosen one at a time while paying (601.2h: CC_ALT, A_ALT_COST); the spell
# itself is on the stack by then (601.2a), so it can't exile itself.  Obj.alt_cost holds
# ALT_CAST and how many it has taken.  A permanent whose evoke cost was paid keeps ALT_CAST
# on the battlefield: it was "evoked" (702.74a, COND_SELF_EVOKED) until it changes zones
# (400.7: move_object clears it).

cdef inline const int32_t* alternative_row(Engine* e, int32_t o) noexcept nogil:
    """The spell ability row of ``o``'s card if its spell has an alternative cost, else NULL."""
    cdef int32_t sa
    if not (card_row(e, e.ob[o].card)[CF_ZONE_ABILITIES] & ZA_ALTERNATIVE):
        return NULL
    sa = spell_ability(e, e.ob[o].card)
    if sa < 0 or not (ability_row(e, sa)[AF_COST_FLAGS] & COST_ALTERNATIVE):
        return NULL
    return ability_row(e, sa)


cdef inline int32_t alt_needed(const int32_t* ab) noexcept nogil:
    """How many cards or permanents the alternative cost takes (0: mana and life only)."""
    if (ab[AF_ALT_CHOICE] & ((1 << ALTK_N_SHIFT) - 1)) == ALTK_NONE:
        return 0
    return (ab[AF_ALT_CHOICE] >> ALTK_N_SHIFT) & ALTK_N_MAX


cdef inline int32_t alt_taken(Engine* e, int32_t o) noexcept nogil:
    return e.ob[o].alt_cost >> ALT_DONE_SHIFT


cdef bint alt_condition_holds(Engine* e, int32_t p, const int32_t* ab) noexcept nogil:
    """The alternative cost's condition for ``p`` casting the spell now (601.2b)."""
    cdef int32_t c = ab[AF_ALT_COND], i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if c == ALTC_NOT_YOUR_TURN:
        return e.h.active != p
    if c == ALTC_YOUR_TURN:
        return e.h.active == p
    if c == ALTC_YOU_CONTROL:
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if e.ob[o].controller == p and on_battlefield(e, o) and \
                    (obj_subtypes(e, o) & ab[AF_ALT_COND_SUBTYPES]):
                return True
        return False
    return True


cdef bint alt_may_take(Engine* e, int32_t p, int32_t spell, const int32_t* ab,
                       int32_t c) noexcept nogil:
    """May the alternative cost of ``spell`` (cast by ``p``) take object ``c``: a card of its
    colour in ``p``'s hand other than the spell, or a permanent of its subtype ``p`` controls."""
    cdef int32_t kind = ab[AF_ALT_CHOICE] & ((1 << ALTK_N_SHIFT) - 1)
    if c == spell:
        return False
    if kind == ALTK_EXILE_FROM_HAND:
        return e.ob[c].zone == zone_of(e, p, Z_HAND) and \
            (card_row(e, e.ob[c].card)[CF_COLORS] & ab[AF_ALT_QUALITY]) != 0
    if kind == ALTK_RETURN or kind == ALTK_SACRIFICE:
        return on_battlefield(e, c) and e.ob[c].controller == p and \
            (obj_subtypes(e, c) & ab[AF_ALT_QUALITY]) != 0
    return False


cdef inline int32_t alt_zone(Engine* e, int32_t p, const int32_t* ab) noexcept nogil:
    """Where the cards or permanents the alternative cost takes are."""
    if (ab[AF_ALT_CHOICE] & ((1 << ALTK_N_SHIFT) - 1)) == ALTK_EXILE_FROM_HAND:
        return zone_of(e, p, Z_HAND)
    return zone_of(e, 0, Z_BATTLEFIELD)


cdef int32_t alt_candidates(Engine* e, int32_t p, int32_t spell, const int32_t* ab,
                            ActionSink* s) noexcept nogil:
    """How many objects the alternative cost could take; each as an A_ALT_COST into ``s``
    (if not NULL)."""
    cdef int32_t i, c, n = 0, z = alt_zone(e, p, ab)
    for i in range(e.zcount[z]):
        c = zone_list(e, z)[i]
        if alt_may_take(e, p, spell, ab, c):
            n += 1
            if s != NULL:
                emit(s, make_action(A_ALT_COST, c, 0))
    return n


cdef int32_t check_cast_alternative(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """A_CAST_ALT: may ``p`` cast ``o`` now paying its alternative cost (118.9)?  Everything
    check_cast asks but the mana cost, then the alternative cost's condition and whether it
    can be paid: its mana, its life with any additional life (119.4), enough cards or
    permanents to take (118.3)."""
    cdef int32_t err = check_cast_except_cost(e, p, o), life
    cdef const int32_t* ab
    if err != E_OK:
        return err
    ab = alternative_row(e, o)
    if ab == NULL or e.ob[o].zone != zone_of(e, p, Z_HAND):
        return E_NO_ALTERNATIVE                  # 118.9a: not with flashback either
    if not alt_condition_holds(e, p, ab):
        return E_ALT_CONDITION
    life = ab[AF_ALT_LIFE] + (ab[AF_LIFE_COST] if ab[AF_COST_FLAGS] & COST_PAY_LIFE else 0)
    if life and e.pl[p].life < life:
        return E_ALT_CANT_PAY
    if alt_candidates(e, p, o, ab, NULL) < alt_needed(ab):
        return E_ALT_CANT_PAY
    if not can_pay_h(e, p, ab + AF_ALT_GENERIC, 0, -1):
        return E_ALT_CANT_PAY
    return E_OK


cdef void alternative_cost_actions(Engine* e, int32_t p, int32_t o, ActionSink* s) noexcept nogil:
    """Priority: A_CAST_ALT for a hand card ``o`` whose alternative cost can be paid now."""
    if (card_row(e, e.ob[o].card)[CF_ZONE_ABILITIES] & ZA_ALTERNATIVE) and \
            check_cast_alternative(e, p, o) == E_OK:
        emit(s, make_action(A_CAST_ALT, o, 0))


cdef inline bint alt_cost_pending(Engine* e, int32_t o) noexcept nogil:
    """A spell being cast for its alternative cost that still has cards or permanents to take."""
    cdef const int32_t* ab
    if not (e.ob[o].alt_cost & ALT_CAST):
        return False
    ab = alternative_row(e, o)
    return ab != NULL and alt_taken(e, o) < alt_needed(ab)


cdef inline void alt_cost_taken_all(Engine* e, int32_t o) noexcept nogil:
    e.ob[o].alt_cost = ALT_CAST | (alt_needed(alternative_row(e, o)) << ALT_DONE_SHIFT)


cdef void take_for_alt_cost(Engine* e, int32_t o, int32_t c) noexcept nogil:
    """A_ALT_COST: the alternative cost of spell ``o`` takes ``c`` (601.2h): exiled from the
    hand (406.3), returned to its owner's hand, or sacrificed (701.21a)."""
    cdef const int32_t* ab = alternative_row(e, o)
    cdef int32_t kind = ab[AF_ALT_CHOICE] & ((1 << ALTK_N_SHIFT) - 1)
    e.ob[o].alt_cost += 1 << ALT_DONE_SHIFT
    if kind == ALTK_EXILE_FROM_HAND:
        exile_object(e, c)
    elif kind == ALTK_RETURN:
        return_to_hand(e, c)                      # a token ceases to exist (111.8)
    else:
        log_event(e, EV_SACRIFICE, c, 0, 0)
        put_into_graveyard(e, c)


cdef inline int32_t evoked_on_entering(Engine* e, int32_t o) noexcept nogil:
    """What Obj.alt_cost a permanent keeps as its spell ``o`` resolves: ALT_CAST if its evoke
    cost was paid (702.74a: it is "evoked"), else 0."""
    cdef const int32_t* ab
    if zone_kind(e, e.ob[o].zone) != Z_STACK or not (e.ob[o].alt_cost & ALT_CAST):
        return 0
    ab = alternative_row(e, o)
    return ALT_CAST if ab != NULL and ab[AF_ALT_EVOKE] else 0


cdef inline bint self_evoked(Engine* e, int32_t source) noexcept nogil:
    """COND_SELF_EVOKED: the source is a permanent that was evoked (702.74a)."""
    return source >= 0 and on_battlefield(e, source) and (e.ob[source].alt_cost & ALT_CAST) != 0
