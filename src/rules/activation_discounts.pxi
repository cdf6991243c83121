# Activated abilities that cost less to activate (118.7; 602.2b applies 601.2f): "This
# ability costs {1} less to activate for each legendary creature you control" (the channel
# lands of Kamigawa: Neon Dynasty).  The reduction is counted as the total cost is
# determined, before any of it is paid, and lowers only the generic part, never below
# zero (601.2f: reduced_cost in stack.pxi).  AF_ACTIVATION_DISCOUNT holds ADISC_*: {N} for
# each permanent its activator controls with one of the card types (any, if none), and
# legendary (205.4d) if ADISC_LEGENDARY.

cdef int32_t activation_discount(Engine* e, int32_t p, const int32_t* ab) noexcept nogil:
    """How much less generic mana ability row ``ab`` costs ``p`` now (118.7)."""
    cdef int32_t spec = ab[AF_ACTIVATION_DISCOUNT], i, o, n = 0
    cdef int32_t types = (spec >> ADISC_TYPE_SHIFT) & SACQ_TYPES
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    if spec == 0:
        return 0
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller != p or e.ob[o].phased_out:     # 702.26b: phased out
            continue
        if types and not (obj_types(e, o) & types):
            continue
        if (spec & ADISC_LEGENDARY) and not (card_row(e, e.ob[o].card)[CF_SUPERTYPES] & ST_LEGENDARY):
            continue
        n += 1
    return n * (spec & ADISC_N_MASK)
