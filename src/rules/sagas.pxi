# Sagas (714): lore counters and chapter abilities.  A Saga card's chapter abilities are
# triggered abilities (TRIG_CHAPTER, their chapter number in AF_CHAPTER); only a Saga card
# has them (the card language refuses chapters on anything else), and its card row says so
# (SAGA_BIT in CF_ABILITY_KINDS): that bit is what makes a card a Saga here.  Its final
# chapter number is the greatest of its chapter numbers (714.2d, final_chapter).
#
# - 714.3a: it enters with a lore counter (place_on_battlefield, effects.pxi), and its
#   chapter abilities see that counter put on (put_onto_battlefield: saga_entered);
# - 714.3b / 505.4: as its controller's precombat main phase begins, a lore counter is put
#   on each Saga they control (start_step, turn.pxi: lore_turn_action), a turn-based action;
# - 714.2b-c: a chapter ability triggers when lore counters put on the Saga make their
#   number reach its chapter number from below; several counters at once trigger each
#   chapter passed (add_lore_counters);
# - 714.4: a Saga whose lore counters reach its final chapter number is sacrificed as a
#   state-based action, unless it is the source of a chapter ability that has triggered and
#   not yet left the stack (saga_sacrifice_due, read by check_sba_once in sba.pxi).  A
#   chapter ability leaving the stack or the pending list marks the state-based actions
#   dirty (chapter_left).
# Read ahead (702.155, 714.3c) is not built: the card language and the importer refuse it.

cdef inline bint is_chapter_ability(Engine* e, int32_t ab) noexcept nogil:
    return ab >= 0 and ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and \
        ability_row(e, ab)[AF_TRIGGER] == TRIG_CHAPTER


cdef int32_t final_chapter(Engine* e, int32_t card) noexcept nogil:
    """714.2d: the greatest chapter number among the card's chapter abilities (0: none)."""
    cdef const int32_t* row = card_row(e, card)
    cdef int32_t i, ab, n = 0
    if not (row[CF_ABILITY_KINDS] & SAGA_BIT):
        return 0
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if is_chapter_ability(e, ab) and ability_row(e, ab)[AF_CHAPTER] > n:
            n = ability_row(e, ab)[AF_CHAPTER]
    return n


cdef void queue_chapter_triggers(Engine* e, int32_t o, int32_t before, int32_t after) noexcept nogil:
    """714.2b-c: the chapter abilities of ``o`` whose chapter number the lore counters just
    reached from below (``before`` < N <= ``after``) trigger, each once.  A Saga that lost
    all its abilities (613.1f) has none to trigger."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab, n
    if after <= before or not (row[CF_ABILITY_KINDS] & SAGA_BIT) or lost_all_abilities(e, o):
        return
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if is_chapter_ability(e, ab):
            n = ability_row(e, ab)[AF_CHAPTER]
            if before < n <= after:
                queue_trigger(e, o, ab, e.ob[o].controller, -1, 0)


cdef void add_lore_counters(Engine* e, int32_t o, int32_t n) noexcept nogil:
    """Put ``n`` lore counters on the permanent ``o`` (714.3): its chapter abilities whose
    numbers they pass trigger (714.2b); 714.4 may now apply.  An Obj holds at most LORE_MAX;
    more than that are not kept (no Saga has a chapter past CHAPTER_MAX < LORE_MAX)."""
    cdef int32_t before = e.ob[o].lore, after = before + n
    if n <= 0:
        return
    if after > LORE_MAX:
        after = LORE_MAX
    e.ob[o].lore = <int8_t>after
    e.h.sba_dirty = 1                               # 714.4 may apply
    log_event(e, EV_COUNTERS, o, CTR_LORE, n)
    queue_chapter_triggers(e, o, before, after)


cdef void saga_entered(Engine* e, int32_t o) noexcept nogil:
    """714.3a: the lore counter a Saga entered with (place_on_battlefield) was put on as it
    entered: its chapter abilities up to that number trigger (714.2b)."""
    log_event(e, EV_COUNTERS, o, CTR_LORE, e.ob[o].lore)
    e.h.sba_dirty = 1                               # 714.4 may apply
    queue_chapter_triggers(e, o, 0, e.ob[o].lore)


cdef void lore_turn_action(Engine* e) noexcept nogil:
    """714.3b / 505.4: as the active player's precombat main phase begins, they put a lore
    counter on each Saga they control (a turn-based action: it doesn't use the stack).  A
    phased-out Saga is treated as though it doesn't exist (702.26b).  A board that never held
    a Saga (bf_ability_kinds) skips the scan."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD), n
    if not (bf_kinds(e) & SAGA_BIT):
        return
    n = e.zcount[bf]
    for i in range(n):
        o = zone_list(e, bf)[i]         # the list may move if a trigger grows the state
        if e.ob[o].controller == e.h.active and not e.ob[o].phased_out and \
                card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & SAGA_BIT:
            add_lore_counters(e, o, 1)


cdef bint chapter_on_its_way(Engine* e, int32_t o) noexcept nogil:
    """714.4: is ``o`` the source of a chapter ability that has triggered but not yet left
    the stack (pending, 603.3, or on the stack)?"""
    cdef int32_t i, inc = e.ob[o].incarnation
    for i in range(e.h.triggers_n):
        if e.trig[i].source == o and e.trig[i].source_inc == inc and \
                is_chapter_ability(e, e.trig[i].ability):
            return True
    for i in range(e.h.stack_n):
        if e.stack[i].kind == SK_TRIGGER and e.stack[i].obj == o and \
                e.stack[i].obj_inc == inc and is_chapter_ability(e, e.stack[i].ability):
            return True
    return False


cdef bint saga_sacrifice_due(Engine* e, int32_t o) noexcept nogil:
    """714.4: a Saga with one or more chapter abilities whose lore counters are at least its
    final chapter number, and which isn't the source of a chapter ability that has
    triggered but not yet left the stack, is sacrificed.  One that lost all its abilities
    (613.1f) has no chapter abilities: it stays."""
    cdef int32_t final = final_chapter(e, e.ob[o].card)
    return final > 0 and e.ob[o].lore >= final and not lost_all_abilities(e, o) and \
        not chapter_on_its_way(e, o)


cdef inline void chapter_left(Engine* e, int32_t ab) noexcept nogil:
    """A triggered ability left the stack or the pending list (resolved, countered, removed
    for want of targets, 603.3c-d): if it was a chapter ability, 714.4 may now apply."""
    if is_chapter_ability(e, ab):
        e.h.sba_dirty = 1
