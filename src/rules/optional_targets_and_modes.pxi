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


# Modes of activated and triggered abilities ("choose one --", 700.2): the mode is chosen as
# the ability is activated (602.2b) or put on the stack (603.3c), before its targets; a mode
# whose targets can't be chosen can't be chosen, and a triggered ability with no mode that
# can be chosen is removed (603.3c).  The ability row has AF_N_MODES mode rows from
# AF_MODE_START (choose one); the stack object keeps its ability and names the chosen mode by
# that mode's program (si.prog_start / si.prog_len), which is what resolves; its targets are
# the mode's (target_spec_of).


cdef inline bint modal_ability(Engine* e, int32_t ab) noexcept nogil:
    """Is ability ``ab`` a modal activated or triggered ability (not a spell, 700.2)?"""
    return ab >= 0 and ability_row(e, ab)[AF_N_MODES] != 0 and \
        ability_row(e, ab)[AF_KIND] != AB_SPELL


cdef const int32_t* chosen_ability_mode(Engine* e, StackItem* si) noexcept nogil:
    """The row of the mode chosen for modal ability ``si`` (NULL while none is chosen)."""
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef const int32_t* mr
    cdef int32_t m
    if si.prog_start < 0:
        return NULL
    for m in range(ab[AF_N_MODES]):
        mr = ability_row(e, ab[AF_MODE_START] + m)
        if mr[AF_PROG_START] == si.prog_start:
            return mr
    return NULL


cdef bint ask_stack_choices(Engine* e, int32_t s, int32_t p) noexcept nogil:
    """A triggered ability was just put on the stack at ``s``: ask ``p`` for its mode
    (603.3c), else for its targets (603.3d).  True when a decision was set."""
    if modal_ability(e, e.stack[s].ability) and e.stack[s].prog_start < 0:
        e.h.casting = s
        ask(e, D_ABILITY_MODE, p, 0)
        return True
    if e.stack[s].n_targets > 0:
        e.h.casting = s
        ask(e, D_TARGET, p, 0)
        return True
    return False


cdef inline bint has_a_mode(Engine* e, const int32_t* ab, int32_t p, int32_t source) noexcept nogil:
    """Can some mode of modal ability row ``ab`` be chosen now (700.2, 601.2c)?"""
    cdef int32_t avail
    return available_modes(e, ab, p, source, 0, &avail) > 0


cdef void ability_mode_actions(Engine* e, ActionSink* s) noexcept nogil:
    """The legal answers to D_ABILITY_MODE: each mode whose targets can be chosen."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t m, avail
    cdef const int32_t* ab = ability_row(e, si.ability)
    available_modes(e, ab, si.controller, si.obj, 0, &avail)
    for m in range(ab[AF_N_MODES]):
        if avail & (1 << m):
            emit(s, make_action(A_ABILITY_MODE, m, 0))


cdef void choose_ability_mode(Engine* e, int32_t m) noexcept nogil:
    """A_ABILITY_MODE (legal): the mode's program and targets become the stack object's;
    then its targets (601.2c), then the costs of an activated ability (602.2b)."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* mr = ability_row(e, ability_row(e, si.ability)[AF_MODE_START] + m)
    si.prog_start = mr[AF_PROG_START]
    si.prog_len = mr[AF_PROG_LEN]
    si.n_targets = mr[AF_N_TARGETS]
    log_event(e, EV_MODE, si.obj, m, 0)
    if si.n_targets > 0:
        ask(e, D_TARGET, si.controller, 0)
        return
    e.h.decision = D_NONE
    if si.kind == SK_TRIGGER:
        e.h.casting = -1
        return          # the trigger loop goes on with the next pending trigger
    finish_putting_on_stack(e)
