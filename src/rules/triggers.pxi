# Triggered abilities (603): noticing triggers, delayed triggers (603.7) and putting
# pending triggers on the stack in APNAP order the next time a player would receive
# priority (603.3b), each controller ordering their own.

cdef void queue_trigger(Engine* e, int32_t source, int32_t ability, int32_t controller,
                        int32_t prog_start, int32_t prog_len) noexcept nogil:
    queue_trigger_ref(e, source, ability, controller, prog_start, prog_len, -1)


cdef inline int32_t player_ref(int32_t p) noexcept nogil:
    """A player as an event reference (TGT_PLAYER + seat), -1 for none."""
    return TGT_PLAYER + p if p >= 0 else -1


cdef void queue_trigger_ref(Engine* e, int32_t source, int32_t ability, int32_t controller,
                            int32_t prog_start, int32_t prog_len, int32_t ref) noexcept nogil:
    """Queue a trigger; ``ref`` is the other object or player (TGT_PLAYER + seat) of the
    event it noticed, what "that creature" / "that player" will mean (603.2), or -1."""
    cdef Trigger* t
    if ability >= 0 and ability_row(e, ability)[AF_PROG_LEN] > 0 and \
            not intervening_if_holds(e, ability_row(e, ability)[AF_PROG_START], controller, source):
        return              # 603.4: an intervening "if" clause is false as the event happens
    if e.h.triggers_n >= e.h.trigger_cap and not grow_state(e, GROW_TRIGGERS):
        abort_game(e, ABORT_TRIGGERS)
        return
    t = &e.trig[e.h.triggers_n]
    t.source = source
    t.source_inc = e.ob[source].incarnation if source >= 0 else 0
    t.ability = ability
    t.controller = controller
    t.prog_start = prog_start
    t.prog_len = prog_len
    t.event_ref = ref
    t.event_ref_inc = e.ob[ref].incarnation if 0 <= ref < TGT_PLAYER else 0
    e.h.triggers_n += 1
    log_event(e, EV_TRIGGER, source, ability, controller)


cdef void queue_etb_triggers(Engine* e, int32_t o) noexcept nogil:
    """603.6a: "when ~ enters the battlefield" abilities of the object that entered."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab
    if grants_on_board(e):
        queue_granted_triggers(e, o, TRIG_ETB, -1)     # grants.pxi (613.1f)
    if not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)) or lost_all_abilities(e, o):
        return
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and ability_row(e, ab)[AF_TRIGGER] == TRIG_ETB:
            queue_trigger(e, o, ab, e.ob[o].controller, -1, 0)


cdef int32_t queue_object_triggers(Engine* e, int32_t o, int32_t kind, int32_t ref) noexcept nogil:
    """Queue every triggered ability of ``o`` of this trigger kind (TRIG_*) with event
    reference ``ref`` (603.2: each triggers once per event); returns how many."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab, n = 0
    if grants_on_board(e):
        n = queue_granted_triggers(e, o, kind, ref)    # grants.pxi (613.1f)
    if not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)) or lost_all_abilities(e, o):
        return n
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and ability_row(e, ab)[AF_TRIGGER] == kind:
            queue_trigger_ref(e, o, ab, e.ob[o].controller, -1, 0, ref)
            n += 1
    return n


cdef inline bint has_trigger_kinds(Engine* e, int32_t o) noexcept nogil:
    # grants.pxi: with granted abilities on the battlefield any permanent may have one
    return (card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)) != 0 or \
        grants_on_board(e)


cdef inline void queue_step_triggers(Engine* e, int32_t step) noexcept nogil:
    """500.6 (queue_step_triggers_in), at no cost on a board with no triggered ability, no
    ability-granting static and no delayed trigger: every step begins here."""
    if (bf_kinds(e) & ((1 << AB_TRIGGERED) | GRANT_BIT)) or e.h.delayed_n != 0:
        queue_step_triggers_in(e, step)


cdef void queue_step_triggers_in(Engine* e, int32_t step) noexcept nogil:
    """500.6: abilities that trigger "at the beginning of" this step or phase, and delayed
    triggers waiting for it.  513.3: a delayed trigger created during this very step waits
    for the next one.  505.4: "at the beginning of your precombat (postcombat) main phase"
    triggers only in that main phase (e.h.phase, decided by 505.1a); "at the beginning of
    each main phase" (AF_TRIGGER_PHASE 0) in every one."""
    cdef int32_t i, j, o, ab, whose, ctrl, bf = zone_of(e, 0, Z_BATTLEFIELD), kept
    cdef const int32_t* row
    cdef bint scan_bf = (bf_kinds(e) & (1 << AB_TRIGGERED)) != 0
    if grants_on_board(e):
        queue_granted_step_triggers(e, step)           # grants.pxi (613.1f)
    if not scan_bf and e.h.delayed_n == 0:
        return                              # no triggered ability and no delayed trigger
    for i in range(e.zcount[bf] if scan_bf else 0):
        o = zone_list(e, bf)[i]
        row = card_row(e, e.ob[o].card)
        if e.ob[o].phased_out or not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)) \
                or lost_all_abilities(e, o):                        # 613.1f
            continue
        for j in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + j
            if ability_row(e, ab)[AF_KIND] != AB_TRIGGERED or \
                    ability_row(e, ab)[AF_TRIGGER] != TRIG_BEGIN_STEP or \
                    ability_row(e, ab)[AF_TRIGGER_STEP] != step or \
                    (ability_row(e, ab)[AF_TRIGGER_PHASE] != 0 and
                     ability_row(e, ab)[AF_TRIGGER_PHASE] != e.h.phase + 1):
                continue
            whose = ability_row(e, ab)[AF_TRIGGER_WHOSE]
            ctrl = e.ob[o].controller
            if whose == WHOSE_EACH or (whose == WHOSE_YOUR and ctrl == e.h.active) or \
                    (whose == WHOSE_OPPONENT and ctrl != e.h.active):
                queue_trigger(e, o, ab, ctrl, -1, 0)
    kept = 0
    for i in range(e.h.delayed_n):
        if e.dly[i].step == step and e.dly[i].created_serial < e.h.step_serial \
                and e.pl[e.dly[i].controller].in_game:
            queue_trigger(e, e.dly[i].source, -1, e.dly[i].controller,
                          e.dly[i].prog_start, e.dly[i].prog_len)
            continue
        if kept != i:
            e.dly[kept] = e.dly[i]
        kept += 1
    e.h.delayed_n = kept


cdef inline bint spell_has_qualities(Engine* e, int32_t spell, int32_t q) noexcept nogil:
    """Has the spell every SQ_* quality in ``q``?"""
    cdef const int32_t* row = card_row(e, e.ob[spell].card)
    cdef int32_t colors = row[CF_COLORS] & 31
    if (q & SQ_NONCREATURE) and (row[CF_TYPES] & T_CREATURE):            # 702.108a
        return False
    if (q & SQ_MULTICOLORED) and not (colors & (colors - 1)):            # 105.4
        return False
    if (q & SQ_FROM_GRAVEYARD) and e.ob[spell].cast_from != Z_GRAVEYARD + 1:
        return False
    if (q >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS and not (       # "a Spirit or Arcane spell"
            subtype_ok(row[CF_SUBTYPES], q) or ((q >> FILTER_SUBTYPE2_SHIFT) & FILTER_SUBTYPE_BITS and
            subtype_ok(row[CF_SUBTYPES], q >> (FILTER_SUBTYPE2_SHIFT - FILTER_SUBTYPE_SHIFT)))):
        return False
    return True


cdef void queue_cast_triggers(Engine* e, int32_t spell, int32_t caster) noexcept nogil:
    """601.2i: once a spell becomes cast, abilities that trigger "whenever [a player / you /
    an opponent] casts a [quality] spell" trigger (603.2); "that player" is the caster."""
    cdef int32_t i, j, o, ab, whose, ctrl, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row
    cdef const int32_t* arow
    if not (bf_kinds(e) & (1 << AB_TRIGGERED)):
        return
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        row = card_row(e, e.ob[o].card)
        if e.ob[o].phased_out or not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)):
            continue
        for j in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + j
            arow = ability_row(e, ab)
            if arow[AF_KIND] != AB_TRIGGERED or arow[AF_TRIGGER] != TRIG_CAST:
                continue
            whose = arow[AF_TRIGGER_WHOSE]
            ctrl = e.ob[o].controller
            if (whose == WHOSE_YOUR and caster != ctrl) or \
                    (whose == WHOSE_OPPONENT and caster == ctrl):
                continue
            if spell_has_qualities(e, spell, arow[AF_TRIGGER_SPELL]):
                queue_trigger_ref(e, o, ab, ctrl, -1, 0, TGT_PLAYER + caster)


cdef void add_delayed_trigger(Engine* e, int32_t step, int32_t controller, int32_t source,
                              int32_t prog_start, int32_t prog_len) noexcept nogil:
    """603.7: "at the beginning of the next [step], ..." created by a resolving effect."""
    cdef Delayed* d
    if e.h.delayed_n >= e.h.delayed_cap and not grow_state(e, GROW_DELAYED):
        abort_game(e, ABORT_DELAYED)
        return
    d = &e.dly[e.h.delayed_n]
    d.step = step
    d.controller = controller
    d.source = source
    d.prog_start = prog_start
    d.prog_len = prog_len
    d.created_serial = e.h.step_serial
    e.h.delayed_n += 1


cdef int32_t count_player_triggers(Engine* e, int32_t p) noexcept nogil:
    cdef int32_t i, n = 0
    for i in range(e.h.triggers_n):
        if e.trig[i].controller == p:
            n += 1
    return n


cdef int32_t put_trigger_on_stack(Engine* e, int32_t idx) noexcept nogil:
    """Move pending trigger ``idx`` onto the stack.  Returns the stack index, or -1 when it
    was removed because it needs targets and has none (603.3d)."""
    cdef Trigger t = e.trig[idx]
    cdef int32_t i, s, spec, n_targets = 0
    cdef StackItem* si
    for i in range(idx, e.h.triggers_n - 1):
        e.trig[i] = e.trig[i + 1]
    e.h.triggers_n -= 1
    if modal_ability(e, t.ability) and \
            not has_a_mode(e, ability_row(e, t.ability), t.controller, t.source):
        chapter_left(e, t.ability)       # 714.4 (sagas.pxi)
        return -1                        # 603.3c: no mode can be chosen (optional_targets_and_modes.pxi)
    if t.ability >= 0:
        n_targets = ability_row(e, t.ability)[AF_N_TARGETS]
        for i in range(n_targets):
            spec = ability_row(e, t.ability)[AF_TARGET0 + i]
            if list_targets(e, spec, t.controller, t.source, NULL) < \
                    slot_needed(ability_row(e, t.ability), i):    # "up to one": none needed
                chapter_left(e, t.ability)       # 714.4 (sagas.pxi)
                return -1
    if e.h.stack_n >= e.h.stack_cap and not grow_state(e, GROW_STACK):
        abort_game(e, ABORT_STACK)
        return -1
    s = e.h.stack_n
    si = &e.stack[s]
    si.kind = SK_TRIGGER
    si.obj = t.source
    si.obj_inc = t.source_inc
    si.controller = t.controller
    si.ability = t.ability
    si.n_targets = n_targets
    si.targets[0] = TGT_NONE; si.targets[1] = TGT_NONE
    si.target_inc[0] = 0; si.target_inc[1] = 0
    si.prog_start = t.prog_start
    si.prog_len = t.prog_len
    si.event_ref = t.event_ref
    si.event_ref_inc = t.event_ref_inc
    e.h.stack_n += 1
    return s


cdef bint place_pending_triggers(Engine* e) noexcept nogil:
    """603.3b.  Returns True when a decision was set (order, or targets to choose)."""
    cdef int32_t k, p, i, n, s
    while e.h.triggers_n > 0:
        for k in range(e.h.n_players):
            p = (e.h.active + k) % e.h.n_players
            n = count_player_triggers(e, p)
            if n == 0:
                continue
            if not e.pl[p].in_game:
                # Abilities of a player who left the game cease to exist (800.4a).
                for i in range(e.h.triggers_n - 1, -1, -1):
                    if e.trig[i].controller == p:
                        e.trig[i] = e.trig[e.h.triggers_n - 1]
                        e.h.triggers_n -= 1
                break
            if n > 1:
                e.h.decision = D_ORDER_TRIGGERS
                e.h.decider = p
                return True
            for i in range(e.h.triggers_n):
                if e.trig[i].controller == p:
                    s = put_trigger_on_stack(e, i)
                    if s >= 0 and ask_stack_choices(e, s, p):     # its mode, its targets
                        return True
                    break
            break
    return False


# --- zone-change triggers (603.6, 603.10a) --------------------------------------------------
# A leaves-the-battlefield ability "looks back in time" (603.10a): it triggers on how the
# game was just before the event, so a permanent leaving sees its own leaving, and
# permanents leaving in the same event (704.3 state-based actions, "destroy all") see each
# other leave.  move_object calls leave_battlefield_triggers after each departure; an event
# that moves several permanents at once opens a look-back list first (leave_event_begin)
# and closes it after the last (leave_event_end).

cdef inline bint zone_filter_matches(Engine* e, const int32_t* arow, int32_t watcher,
                                     int32_t wctrl, int32_t o, int32_t octrl, int32_t types,
                                     bint token) noexcept nogil:
    """Does the object ``o`` (types ``types``, controller ``octrl``, as it last existed)
    fit the trigger condition of ability ``arow`` of ``watcher`` (controlled by ``wctrl``):
    "a/another <type> [you control / an opponent controls]"?"""
    cdef int32_t f = arow[AF_TRIGGER_FILTER], whose = arow[AF_TRIGGER_WHOSE]
    if (f & TFL_OTHER) and o == watcher:
        return False
    if (f & TFL_NONTOKEN) and token:
        return False
    if (f & TFL_TYPES) and not (types & f & TFL_TYPES):
        return False
    if (f >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS and not subtype_ok(   # 205.3 ("another Ally")
            obj_subtypes(e, o) if on_battlefield(e, o) else card_row(e, e.ob[o].card)[CF_SUBTYPES], f):
        return False
    if whose == WHOSE_YOUR and octrl != wctrl:
        return False
    if whose == WHOSE_OPPONENT and octrl == wctrl:
        return False
    return True


cdef void queue_zone_watchers(Engine* e, int32_t w, int32_t wctrl, int32_t kind, int32_t o,
                              int32_t octrl, int32_t types, bint token) noexcept nogil:
    """Queue every ability of ``w`` of trigger kind ``kind`` (TRIG_PERMANENT_DIES /
    _ENTERS) whose condition ``o`` fits; "that creature" is ``o``."""
    cdef const int32_t* row = card_row(e, e.ob[w].card)
    cdef const int32_t* arow
    cdef int32_t i, ab
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        arow = ability_row(e, ab)
        if arow[AF_KIND] == AB_TRIGGERED and arow[AF_TRIGGER] == kind and \
                zone_filter_matches(e, arow, w, wctrl, o, octrl, types, token):
            queue_trigger_ref(e, w, ab, wctrl, -1, 0, o)


cdef void leave_event_begin(Engine* e) noexcept nogil:
    """Several permanents are about to leave the battlefield at once (603.10a); events
    nest (a "destroy all" for each player is one event), the outermost one counts."""
    if e.leave_open == 0:
        e.leave_n = 0
        e.leave_attackers = 0                   # 506.5 look-back (combat.pxi, lki_alone)
        e.leave_blockers = 0
    e.leave_open += 1


cdef void leave_event_end(Engine* e) noexcept nogil:
    e.leave_open -= 1
    if e.leave_open <= 0:
        e.leave_open = 0
        e.leave_n = 0
        e.leave_attackers = 0
        e.leave_blockers = 0


cdef void leave_battlefield_triggers(Engine* e, int32_t o, int32_t octrl, int32_t types,
                                     int32_t dest_kind) noexcept nogil:
    """``o`` has just left the battlefield for a zone of kind ``dest_kind`` (Z_NONE: a token
    that ceased to exist without dying); ``octrl`` and ``types`` are its controller and
    card types as it last existed there.  Its own "when ~ leaves the battlefield" / "when
    ~ dies" abilities trigger (603.6c, 700.4), and "whenever a [another] creature dies"
    abilities of the permanents on the battlefield and of those that left in the same
    event (603.10a).  The source of its own abilities is the new object it became: the
    ability can find it in the zone it went to (400.7, 603.6c)."""
    cdef bint dies = dest_kind == Z_GRAVEYARD, token = e.ob[o].token != 0
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef const int32_t* arow
    cdef int32_t i, ab, w, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED):
        for i in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + i
            arow = ability_row(e, ab)
            if arow[AF_KIND] != AB_TRIGGERED:
                continue
            if arow[AF_TRIGGER] == TRIG_LEAVES or (dies and arow[AF_TRIGGER] == TRIG_DIES):
                queue_trigger_ref(e, o, ab, octrl, -1, 0, o)
            elif dies and arow[AF_TRIGGER] == TRIG_PERMANENT_DIES and \
                    zone_filter_matches(e, arow, o, octrl, o, octrl, types, token):
                queue_trigger_ref(e, o, ab, octrl, -1, 0, o)
    if dies:
        if bf_kinds(e) & (1 << AB_TRIGGERED):
            for i in range(e.zcount[bf]):
                w = zone_list(e, bf)[i]
                if e.ob[w].phased_out == 0 and has_trigger_kinds(e, w) and not lost_all_abilities(e, w):
                    queue_zone_watchers(e, w, e.ob[w].controller, TRIG_PERMANENT_DIES, o,
                                        octrl, types, token)
        for i in range(e.leave_n if e.leave_open else 0):
            w = e.leave_obj[i]
            if e.ob[w].incarnation == e.leave_inc[i] and has_trigger_kinds(e, w):
                queue_zone_watchers(e, w, e.leave_ctrl[i], TRIG_PERMANENT_DIES, o, octrl,
                                    types, token)
    if e.leave_open and row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED):
        # only a permanent with triggered abilities can look back at the others
        if e.leave_n >= LEAVE_CAP:
            abort_game(e, ABORT_LEAVES)
            return
        e.leave_obj[e.leave_n] = o
        e.leave_ctrl[e.leave_n] = octrl
        e.leave_inc[e.leave_n] = e.ob[o].incarnation
        e.leave_n += 1


cdef void queue_enter_watchers(Engine* e, int32_t o) noexcept nogil:
    """603.6a: "whenever a [another] <type> enters [under your control]" abilities of the
    permanents on the battlefield (``o`` included: it sees itself enter, 603.6d)."""
    cdef int32_t i, w, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t types = obj_types(e, o), octrl = e.ob[o].controller
    for i in range(e.zcount[bf]):
        w = zone_list(e, bf)[i]
        if e.ob[w].phased_out == 0 and has_trigger_kinds(e, w) and not lost_all_abilities(e, w):
            queue_zone_watchers(e, w, e.ob[w].controller, TRIG_PERMANENT_ENTERS, o, octrl,
                                types, e.ob[o].token != 0)
