# Characteristics after continuous effects (613, 302.4c).  Only the layers the current
# card pool uses exist: 6 (keywords granted) and 7a-d (base, modifications, counters).

cdef int32_t attachment_bonuses(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """What the Auras and Equipment attached to ``o`` grant it: adds their +power/+toughness
    (layer 7c) to the two counters given and returns the keywords they grant (layer 6)."""
    cdef int32_t i, a, kw = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row
    if not attachments_possible(e) or zone_kind(e, e.ob[o].zone) != Z_BATTLEFIELD:
        return 0
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if e.ob[a].attached_to == o and e.ob[a].phased_out == 0:
            row = card_row(e, e.ob[a].card)
            kw |= row[CF_ATTACHED_KEYWORDS]
            power[0] += row[CF_ATTACHED_POWER]
            toughness[0] += row[CF_ATTACHED_TOUGHNESS]
    return kw


cdef inline int32_t keywords_of(Engine* e, int32_t o) noexcept nogil:
    """Printed keywords, plus those granted by attachments and effects (layer 6)."""
    cdef int32_t i, unused_p = 0, unused_t = 0
    cdef int32_t kw = card_row(e, e.ob[o].card)[CF_KEYWORDS] | \
        attachment_bonuses(e, o, &unused_p, &unused_t)
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_KEYWORDS and e.eff[i].affected == o \
                and e.eff[i].affected_inc == e.ob[o].incarnation:
            kw |= e.eff[i].a
    return kw


cdef inline bint has_kw(Engine* e, int32_t o, int32_t kw) noexcept nogil:
    return (keywords_of(e, o) & kw) != 0


cdef inline bint is_creature(Engine* e, int32_t o) noexcept nogil:
    return (obj_types(e, o) & T_CREATURE) != 0


cdef void power_toughness(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """302.4c: printed values, then continuous effects in layer order:
    7b is unused so far; 7c modifications (attached objects, resolved spells);
    7d counters (+1/+1 and -1/-1)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t p = row[CF_POWER], t = row[CF_TOUGHNESS], i
    attachment_bonuses(e, o, &p, &t)
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_PT and e.eff[i].affected == o \
                and e.eff[i].affected_inc == e.ob[o].incarnation:
            p += e.eff[i].a
            t += e.eff[i].b
    p += e.ob[o].plus1 - e.ob[o].minus1
    t += e.ob[o].plus1 - e.ob[o].minus1
    power[0] = p
    toughness[0] = t


cdef inline bint can_attack_or_tap_now(Engine* e, int32_t o) noexcept nogil:
    """302.6: a creature's {T} abilities need it to have been under its controller's
    control continuously since their most recent turn began, or haste (702.10)."""
    if not is_creature(e, o):
        return True
    return e.ob[o].sick == 0 or has_kw(e, o, KW_HASTE)
