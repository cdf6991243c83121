# Combat restrictions from resolved spells and abilities (508.1c, 509.1b), and combat
# keywords beyond 702's basic list (flanking, toxic, horsemanship).

# CM_* bits a resolved "can't ..." effect may give (validate.pxi checks the same set)
cdef enum:
    EF_COMBAT_BITS = CM_CANT_ATTACK | CM_CANT_BLOCK | CM_UNBLOCKABLE


cdef bint combat_group_has(Engine* e, int32_t group, int32_t controller, int32_t o) noexcept nogil:
    """Whether creature ``o`` is in an EF_COMBAT group (b: REF_* | KW_* it lacks << 8) of an
    effect controlled by ``controller``; checked now, not fixed when it began (611.2c)."""
    cdef int32_t ref = group & 255, lacks = group >> 8
    if lacks and (keywords_of(e, o) & lacks):
        return False
    if ref == REF_CREATURES_YOU_CONTROL:
        return e.ob[o].controller == controller
    if ref == REF_CREATURES_OPPONENTS_CONTROL:
        return e.ob[o].controller != controller
    return ref == REF_EACH_CREATURE


cdef int32_t effect_combat_props(Engine* e, int32_t o) noexcept nogil:
    """The CM_* bits EF_COMBAT effects give ``o`` now (not abilities: 613.1f's "loses all
    abilities" doesn't remove them)."""
    cdef int32_t i, props = 0
    cdef Effect* ef
    for i in range(e.h.effects_n):
        ef = &e.eff[i]
        if ef.kind != EF_COMBAT:
            continue
        if ef.affected >= 0:
            if ef.affected == o and ef.affected_inc == e.ob[o].incarnation:
                props |= ef.a
        elif combat_group_has(e, ef.b, ef.controller, o):
            props |= ef.a
    return props


cdef void combat_restrict(Engine* e, const int32_t* a, int32_t controller, int32_t source,
                          StackItem* si) noexcept nogil:
    """OP_COMBAT_RESTRICT ref, bits, duration, lacks: "<ref> can't block / can't be blocked
    this turn".  A group ("creatures your opponents control", "creatures without flying")
    is one effect that modifies the rules (611.2c): creatures that come later are affected
    too; a target or "~" is one effect on that object."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t n, i
    if GROUP_REF_FIRST <= a[0] <= GROUP_REF_LAST:
        add_effect(e, EF_COMBAT, source, -1, a[1], a[0] | (a[3] << 8), a[2] & 255,
                   duration_arg(e, a[2], controller), controller)
        return
    n = resolve_ref(e, a[0], controller, source, si, refs)
    for i in range(n):
        if refs[i] < TGT_PLAYER and on_battlefield(e, refs[i]):
            add_effect(e, EF_COMBAT, source, refs[i], a[1], 0, a[2] & 255,
                       duration_arg(e, a[2], controller), controller)


# --- 509.1b restrictions of the second combat word (CF_COMBAT2) ------------------------------

cdef bint combat2_forbids(Engine* e, int32_t b, int32_t a) noexcept nogil:
    """Whether a CM2_* property keeps ``b`` from blocking attacker ``a`` (509.1b): 702.31b
    horsemanship (only creatures with horsemanship may block it), "can't be blocked by
    creatures with power 2 or less" (the blocker's power as the blockers are declared).
    Printed abilities: none if ``a`` lost all abilities (613.1f); a blocker that lost them
    has no horsemanship."""
    cdef int32_t props = card_row(e, e.ob[a].card)[CF_COMBAT2], p, t
    if props == 0 or lost_all_abilities(e, a):
        return False
    if (props & CM2_HORSEMANSHIP) and not ((card_row(e, e.ob[b].card)[CF_COMBAT2] & CM2_HORSEMANSHIP)
                                           and not lost_all_abilities(e, b)):
        return True
    if props & CM2_NOT_BY_POWER_2_OR_LESS:
        power_toughness(e, b, &p, &t)
        if p <= 2:
            return True
    return False


cdef void toxic_poison(Engine* e, int32_t source, int32_t p) noexcept nogil:
    """702.164 / 120.3g: combat damage dealt to player ``p`` by a creature with toxic N also
    gives them N poison counters (the total of its toxic abilities, 702.164b).  Its printed
    toxic, unless it lost all abilities on the battlefield (613.1f)."""
    cdef int32_t n = (card_row(e, e.ob[source].card)[CF_COMBAT2] >> CM2_TOXIC_SHIFT) & 255
    if n == 0 or (on_battlefield(e, source) and lost_all_abilities(e, source)):
        return
    add_amount(e, &e.pl[p].poison, n, 0)
    log_event(e, EV_POISON, p, n, 0)
    e.h.sba_dirty = 1                           # 704.5c


cdef inline bint has_flanking(Engine* e, int32_t o) noexcept nogil:
    """702.25: ``o`` has flanking (printed, and it didn't lose all abilities, 613.1f)."""
    return (card_row(e, e.ob[o].card)[CF_COMBAT2] & CM2_FLANKING) != 0 and not lost_all_abilities(e, o)
