# Optional targets: "up to one target creature", "up to two target creatures" (601.2c, 115.1).
#
# An ability row's last AF_OPTIONAL_TARGETS target slots are optional: the player may choose
# an object for each, or choose none (A_NO_TARGET).  Leaving slot k unchosen leaves the later
# slots unchosen too (they are optional as well, and "up to two" chosen in a different order
# is the same choice), so the stack object keeps only the first k slots: si.n_targets = k.
# References to an unchosen slot name nothing (resolve_ref: ref >= n_targets), and 608.2b
# counts only the chosen targets: a spell or ability with none chosen resolves; one whose
# chosen targets are all illegal doesn't.  Modes (700.2) and Auras (303.4a) have no optional
# slots (the card tables are validated for that).


cdef inline int32_t slot_needed(const int32_t* row, int32_t k) noexcept nogil:
    """How many legal choices target slot ``k`` of ability ``row`` must have for the ability
    to be cast, activated or put on the stack (601.2c, 603.3d): none for an optional slot."""
    if k >= row[AF_N_TARGETS] - row[AF_OPTIONAL_TARGETS]:
        return 0
    return targets_needed(row[AF_TARGET0 + k], k)


cdef inline int32_t spell_required_targets(Engine* e, int32_t o, int32_t n) noexcept nogil:
    """Of the ``n`` target slots of spell ``o`` (spell_targets), how many are required."""
    cdef int32_t ab
    if card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA:
        return n
    ab = spell_ability(e, e.ob[o].card)
    if ab < 0:
        return n
    return n - ability_row(e, ab)[AF_OPTIONAL_TARGETS]


cdef inline bint slot_optional(Engine* e, StackItem* si, int32_t slot) noexcept nogil:
    """May target ``slot`` of ``si`` be left unchosen ("up to one target ...", 601.2c)?"""
    cdef const int32_t* ab
    if si.ability < 0 or (si.kind == SK_SPELL and
                          card_row(e, e.ob[si.obj].card)[CF_SUBTYPES] & SUB_AURA):
        return False
    ab = ability_row(e, si.ability)
    if ab[AF_N_MODES]:
        return False
    return slot >= ab[AF_N_TARGETS] - ab[AF_OPTIONAL_TARGETS]


cdef void choose_no_target(Engine* e) noexcept nogil:
    """A_NO_TARGET (legal: the slot is optional): this slot and the later ones stay
    unchosen (601.2c), then casting or activating goes on as after the last target."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t slot = e.h.dctx0
    si.n_targets = slot
    log_event(e, EV_NO_TARGET, si.obj, slot, si.kind)
    e.h.decision = D_NONE
    if si.kind == SK_TRIGGER:
        e.h.casting = -1
        return          # the trigger loop goes on with the next pending trigger
    if si.kind == SK_SPELL:
        continue_casting(e)
        return
    finish_putting_on_stack(e)
