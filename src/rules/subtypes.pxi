# Subtypes in filters (205.3) and the object filters of costs (118.3, 602.2b).
#
# A card's subtypes are bits of CF_SUBTYPES: the fixed SUB_* bits and, per card database,
# one bit for each other subtype some ability of the database names ("Sacrifice a Goblin",
# "Other Elf creatures you control get +1/+1", "becomes a Frog"); a changeling card
# (702.73a) has every creature-type bit.  So "has subtype S" is one bit test, after layer 4
# on the battlefield (613.1d) and the printed subtypes elsewhere.  A filter names a subtype
# by its bit's index + 1 (FILTER_SUBTYPE_SHIFT; 0: none), so one 32-bit spec (SACQ_*)
# holds card types, "another", a subtype, a count, token / nontoken.

cdef inline bint subtype_ok(int32_t subtypes, int32_t spec) noexcept nogil:
    """205.3: do ``subtypes`` (CF_SUBTYPES bits) include the subtype ``spec`` names (if any)?"""
    cdef int32_t k = (spec >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS
    return k == 0 or ((subtypes >> (k - 1)) & 1) != 0


cdef inline int32_t filter_count(int32_t spec) noexcept nogil:
    """How many objects a cost spec asks for ("Sacrifice two Goblins": 2)."""
    return ((spec >> FILTER_COUNT_SHIFT) & FILTER_COUNT_BITS) + 1


cdef inline bint permanent_matches(Engine* e, int32_t o, int32_t spec) noexcept nogil:
    """Permanent ``o`` has one of the card types of ``spec`` and its subtype (both after
    layer 4, 613.1d) and is a token / nontoken if ``spec`` says so (111.1)."""
    if (obj_types(e, o) & spec & SACQ_TYPES) == 0:
        return False
    if (spec & FILTER_NONTOKEN) and e.ob[o].token:
        return False
    if (spec & FILTER_TOKEN) and not e.ob[o].token:
        return False
    if (spec >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS:
        return subtype_ok(obj_subtypes(e, o), spec)
    return True


cdef inline bint card_matches(Engine* e, int32_t o, int32_t spec) noexcept nogil:
    """Card ``o`` in a hand or graveyard fits ``spec`` (FILTER_CARD): one of its card types
    (none named: any card) and its subtype; outside the battlefield its printed
    characteristics count (the layers apply to permanents)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    if (spec & SACQ_TYPES) and (row[CF_TYPES] & spec & SACQ_TYPES) == 0:
        return False
    return subtype_ok(row[CF_SUBTYPES], spec)
