# Turn structure (500-514): the plan of a turn's phases and steps, turn-based actions,
# extra turns / phases / steps (500.7-500.9), skipping (500.10), durations (500.4-500.5).
#
# A turn is a "plan": an array of entries (step | phase << 4 | flags << 8 | phase serial
# << 12), built when the turn begins and edited when effects add phases or steps.  A main
# phase is one entry with step S_MAIN (505.2: it has no steps); which main phase it is
# (505.1a) is decided when it begins.  Entries before plan_pos are the turn's history:
# each one either began or was skipped (PE_SKIPPED).  Phase serials count from 0 in
# every turn; the entries of one phase are always next to each other.

cpdef enum:
    PE_ADDITIONAL = 1     # added by an effect (500.8, 500.9), not one of the turn's own steps
    PE_SKIPPED = 2        # passed over without beginning (500.10)
    PE_ALL_FLAGS = 3

cdef inline int32_t entry(int32_t step, int32_t phase, int32_t serial, int32_t flags) noexcept nogil:
    return step | (phase << 4) | (flags << 8) | (serial << 12)

cdef inline int32_t entry_step(int32_t en) noexcept nogil:
    return en & 15

cdef inline int32_t entry_phase(int32_t en) noexcept nogil:
    return (en >> 4) & 15

cdef inline int32_t entry_flags(int32_t en) noexcept nogil:
    return (en >> 8) & 15

cdef inline int32_t entry_serial(int32_t en) noexcept nogil:
    return en >> 12


cdef void build_turn_plan(Engine* e) noexcept nogil:
    """500.1: beginning, precombat main, combat, postcombat main, ending.  The two main
    entries say what they will normally be; 505.1a is applied when a main phase begins
    (start_step)."""
    cdef int32_t n = 0, step
    e.plan[n] = entry(S_UNTAP, PH_BEGINNING, 0, 0); n += 1
    e.plan[n] = entry(S_UPKEEP, PH_BEGINNING, 0, 0); n += 1
    e.plan[n] = entry(S_DRAW, PH_BEGINNING, 0, 0); n += 1
    e.plan[n] = entry(S_MAIN, PH_PRECOMBAT_MAIN, 1, 0); n += 1
    for step in range(S_BEGIN_COMBAT, S_END_COMBAT + 1):
        e.plan[n] = entry(step, PH_COMBAT, 2, 0); n += 1
    e.plan[n] = entry(S_MAIN, PH_POSTCOMBAT_MAIN, 3, 0); n += 1
    e.plan[n] = entry(S_END, PH_ENDING, 4, 0); n += 1
    e.plan[n] = entry(S_CLEANUP, PH_ENDING, 4, 0); n += 1
    e.h.phase_serial = 5
    e.h.plan_len = n
    e.h.plan_pos = 0


cdef bint plan_insert(Engine* e, int32_t at, int32_t en) noexcept nogil:
    cdef int32_t j
    if e.h.plan_len >= PLAN_CAP:
        abort_game(e, ABORT_PLAN)
        return False
    for j in range(e.h.plan_len, at, -1):
        e.plan[j] = e.plan[j - 1]
    e.plan[at] = en
    e.h.plan_len += 1
    return True


cdef int32_t phase_entries(int32_t kind) noexcept nogil:
    """How many plan entries a phase of this kind has (501.1, 505.2, 506.1, 512.1)."""
    if kind == PH_BEGINNING:
        return 3
    if kind == PH_COMBAT:
        return S_END_COMBAT - S_BEGIN_COMBAT + 1
    if kind == PH_ENDING:
        return 2
    return 1


cdef int32_t insert_phase(Engine* e, int32_t at, int32_t kind) noexcept nogil:
    """Insert an additional phase of this kind at ``at`` (the caller checked the room);
    returns the position after it.  An additional main phase is entered as postcombat:
    which one it is is decided when it begins (505.1a)."""
    cdef int32_t ser = e.h.phase_serial, step
    e.h.phase_serial += 1
    if kind == PH_BEGINNING:
        for step in range(S_UNTAP, S_DRAW + 1):
            plan_insert(e, at, entry(step, PH_BEGINNING, ser, PE_ADDITIONAL)); at += 1
    elif kind == PH_COMBAT:
        for step in range(S_BEGIN_COMBAT, S_END_COMBAT + 1):
            plan_insert(e, at, entry(step, PH_COMBAT, ser, PE_ADDITIONAL)); at += 1
    elif kind == PH_ENDING:
        plan_insert(e, at, entry(S_END, PH_ENDING, ser, PE_ADDITIONAL)); at += 1
        plan_insert(e, at, entry(S_CLEANUP, PH_ENDING, ser, PE_ADDITIONAL)); at += 1
    else:
        plan_insert(e, at, entry(S_MAIN, PH_POSTCOMBAT_MAIN, ser, PE_ADDITIONAL)); at += 1
    return at


cdef int32_t after_this_phase(Engine* e) noexcept nogil:
    """The plan position directly after the phase in progress (500.8)."""
    cdef int32_t at = e.h.plan_pos + 1, ser = entry_serial(e.plan[e.h.plan_pos])
    while at < e.h.plan_len and entry_serial(e.plan[at]) == ser:
        at += 1
    return at


cdef void add_extra_phase(Engine* e, int32_t kind, int32_t then_kind) noexcept nogil:
    """500.8: an additional phase directly after this phase (and, if ``then_kind`` >= 0,
    one more right after it: "an additional combat phase followed by an additional main
    phase"); the most recently created one happens first."""
    cdef int32_t at = after_this_phase(e), need = phase_entries(kind)
    if then_kind >= 0:
        need += phase_entries(then_kind)
    if e.h.plan_len + need > PLAN_CAP:
        abort_game(e, ABORT_PLAN)
        return
    at = insert_phase(e, at, kind)
    if then_kind >= 0:
        insert_phase(e, at, then_kind)
    log_event(e, EV_EXTRA_PHASE, kind, then_kind, 0)


cdef void add_extra_combat(Engine* e) noexcept nogil:
    """500.8: an additional combat phase followed by an additional main phase, directly
    after this phase; the most recently created one happens first.  505.1a: that main
    phase's kind follows from its position when it begins."""
    add_extra_phase(e, PH_COMBAT, PH_POSTCOMBAT_MAIN)


cdef inline bint step_of_phase(int32_t step, int32_t phase) noexcept nogil:
    """500.1: is ``step`` one of the steps of a ``phase`` phase?  A main phase has none
    (505.2)."""
    if phase == PH_BEGINNING:
        return S_UNTAP <= step <= S_DRAW
    if phase == PH_COMBAT:
        return S_BEGIN_COMBAT <= step <= S_END_COMBAT
    if phase == PH_ENDING:
        return S_END <= step <= S_CLEANUP
    return False


cdef void add_extra_step(Engine* e, int32_t step) noexcept nogil:
    """500.9: an additional step directly after the current one, in the same phase.  Steps
    are added to a phase: in a main phase there is no step to follow (505.2), and a step
    of another phase (an upkeep step after the end step, 501.1) has nowhere to go in this
    one; nothing happens."""
    cdef int32_t cur = e.plan[e.h.plan_pos]
    if not step_of_phase(entry_step(cur), entry_phase(cur)) or \
            not step_of_phase(step, entry_phase(cur)):
        return
    if plan_insert(e, e.h.plan_pos + 1,
                   entry(step, entry_phase(cur), entry_serial(cur), PE_ADDITIONAL)):
        log_event(e, EV_EXTRA_STEP, step, -1, 0)


cdef void add_extra_step_at(Engine* e, int32_t step, int32_t anchor, bint before) noexcept nogil:
    """500.9: an additional step directly after (or directly before) the next ``anchor``
    step of this turn that hasn't begun, in that step's phase.  Several added after the
    same step: the most recently created comes first.  With no such step left in this
    turn there is nowhere to add it, and nothing happens."""
    cdef int32_t j, an
    for j in range(e.h.plan_pos + 1, e.h.plan_len):
        an = e.plan[j]
        if entry_step(an) == anchor:
            if not step_of_phase(step, entry_phase(an)):
                return                                  # 500.9: only to the step's own phase
            if plan_insert(e, j if before else j + 1,
                           entry(step, entry_phase(an), entry_serial(an), PE_ADDITIONAL)):
                log_event(e, EV_EXTRA_STEP, step, anchor, 1 if before else 2)
            return


cdef void add_extra_turn(Engine* e, int32_t p) noexcept nogil:
    """500.7: the extra turn comes directly after this one; the most recently created
    extra turn is taken first (a LIFO queue)."""
    if e.h.extra_turns_n >= 16:
        abort_game(e, ABORT_EXTRA_TURNS)
        return
    e.h.extra_turns[e.h.extra_turns_n] = p
    e.h.extra_turns_n += 1
    log_event(e, EV_EXTRA_TURN, p, 0, 0)


cdef int32_t next_in_game(Engine* e, int32_t p) noexcept nogil:
    """The next seat after ``p`` in turn order that is still in the game (101.4)."""
    cdef int32_t k, q = p
    for k in range(1, e.h.n_players + 1):
        q += 1                              # (p + k) mod n_players, without a division
        if q >= e.h.n_players:
            q = 0
        if e.pl[q].in_game:
            return q
    return p


cdef inline int32_t first_in_game_from(Engine* e, int32_t p) noexcept nogil:
    if e.pl[p].in_game:
        return p
    return next_in_game(e, p)


cdef bint static_present(Engine* e, int32_t code) noexcept nogil:
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if not (bf_kinds(e) & (1 << AB_STATIC)):
        return False
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out == 0 and card_row(e, e.ob[o].card)[CF_STATIC] == code:
            return True
    return False


cpdef enum:
    SKIP_NO = 0
    SKIP_EFFECT = 1          # 500.10
    SKIP_FIRST_DRAW = 2      # 103.8a
    SKIP_NO_ATTACKERS = 3    # 508.6


cdef int32_t step_is_skipped(Engine* e, int32_t en) noexcept nogil:
    """Why the step of plan entry ``en`` is skipped (SKIP_*), or SKIP_NO.  500.10 / 614.10:
    a skipped step is treated as though it doesn't exist."""
    cdef int32_t step = entry_step(en)
    if (step == S_DECLARE_BLOCKERS or step == S_COMBAT_DAMAGE) and not e.h.attackers_declared:
        return SKIP_NO_ATTACKERS
    # 103.8a: in a two-player game the starting player skips "the draw step of their first
    # turn": the turn's own draw step (501.1).  A draw step an effect adds (500.9, or in an
    # additional beginning phase, 500.8) is not that step, so it happens.
    if step == S_DRAW and e.h.turn == 1 and e.h.n_players == 2 and \
            not (e.h.flags & GF_NO_FIRST_DRAW_SKIP) and not (entry_flags(en) & PE_ADDITIONAL):
        return SKIP_FIRST_DRAW
    if step == S_UPKEEP and static_present(e, STAT_SKIP_UPKEEP_ALL):
        return SKIP_EFFECT
    if step == S_UNTAP and static_present(e, STAT_SKIP_UNTAP_ALL):
        return SKIP_EFFECT
    if e.pl[e.h.active].skip_step[step] > 0:
        e.pl[e.h.active].skip_step[step] -= 1
        return SKIP_EFFECT
    return SKIP_NO


# "Skip your next [phase]" counters (500.10) are packed into Player.skip_phases: six bits
# for each PH_* kind.
cpdef enum:
    SKIP_PHASE_BITS = 6
    SKIP_PHASE_MAX = 63

cdef inline int32_t skip_phase_count(Engine* e, int32_t p, int32_t kind) noexcept nogil:
    return (e.pl[p].skip_phases >> (kind * SKIP_PHASE_BITS)) & SKIP_PHASE_MAX


cdef void add_phase_skip(Engine* e, int32_t p, int32_t kind) noexcept nogil:
    """500.10: player ``p`` skips their next phase of this kind."""
    if skip_phase_count(e, p, kind) >= SKIP_PHASE_MAX:
        abort_game(e, ABORT_SKIPS)
        return
    e.pl[p].skip_phases += 1 << (kind * SKIP_PHASE_BITS)


cdef int32_t main_phase_kind(Engine* e) noexcept nogil:
    """505.1a: only the first main phase of the turn is the precombat main phase; every
    later one is postcombat, however it was created.  A skipped main phase doesn't exist
    (500.10), so it doesn't count."""
    cdef int32_t i
    for i in range(e.h.plan_pos):
        if entry_step(e.plan[i]) == S_MAIN and not (entry_flags(e.plan[i]) & PE_SKIPPED):
            return PH_POSTCOMBAT_MAIN
    return PH_PRECOMBAT_MAIN


cdef bint upkeep_is_over(Engine* e) noexcept nogil:
    """503.3: "after [the active player's] upkeep step" means after the first upkeep step
    of the turn has ended.  A skipped upkeep step doesn't exist (500.10): once the turn
    has gone past the place of it, it is after the upkeep."""
    cdef int32_t i
    for i in range(e.h.plan_pos):
        if entry_step(e.plan[i]) == S_UPKEEP:
            return True
    return False


cdef inline void mark_skipped(Engine* e) noexcept nogil:
    e.plan[e.h.plan_pos] |= PE_SKIPPED << 8
    e.h.plan_pos += 1


cpdef enum:
    SKIP_GUARD = 10000000       # turns or steps one call may skip in a row (500.10)


cdef void begin_turn(Engine* e) noexcept nogil:
    """Pick who takes the next turn (extra turns first, 500.7; skipped turns, 500.10)."""
    cdef int32_t p, i, bf = zone_of(e, 0, Z_BATTLEFIELD), skipped = 0
    cdef bint first = e.h.turn == 0
    if e.h.max_turns > 0 and e.h.turn >= e.h.max_turns:
        e.h.result = R_UNFINISHED
        e.h.stage = STG_OVER
        e.h.decision = D_NONE
        log_event(e, EV_TURN_LIMIT, e.h.turn, 0, 0)
        log_event(e, EV_GAME_OVER, R_UNFINISHED, -1, 0)
        return
    if e.h.turn >= TURN_MAX:                    # keeps turn and serials within their range
        abort_game(e, ABORT_RANGE)
        return
    while True:
        skipped += 1
        if skipped > SKIP_GUARD:                # ten million skipped turns in a row
            abort_game(e, ABORT_RUNAWAY)
            return
        if e.h.extra_turns_n > 0:
            e.h.extra_turns_n -= 1
            p = e.h.extra_turns[e.h.extra_turns_n]
            if not e.pl[p].in_game:
                continue
        else:
            if first:
                p = first_in_game_from(e, e.h.starting_player)
                first = False
            else:
                p = next_in_game(e, e.h.last_normal_turn)
            e.h.last_normal_turn = p
        if e.pl[p].skip_turns > 0:
            e.pl[p].skip_turns -= 1
            log_event(e, EV_SKIP, 1, p, 0)
            continue
        break
    e.h.prev_active = e.h.active if e.h.turn > 0 else -1      # faces: 502.2 (day / night)
    e.h.turn += 1
    e.h.active = p
    e.h.lands_played = 0
    e.h.attackers_declared = 0
    # 302.6: its controller has now begun a turn with these permanents under control.
    for i in range(e.zcount[bf]):
        if e.ob[zone_list(e, bf)[i]].controller == p:
            e.ob[zone_list(e, bf)[i]].sick = 0
    end_effects(e, DUR_UNTIL_YOUR_NEXT_TURN, p)
    log_event(e, EV_TURN, e.h.turn, p, 0)
    build_turn_plan(e)
    e.h.stage = STG_STEP_START


cdef void untap_step(Engine* e) noexcept nogil:
    """502.1 phasing, then 502.2 untapping; no player gets priority (502.3)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, j, o, a, ap = e.h.active, marked = 0
    cdef int32_t* lst = zone_list(e, bf)
    cdef int32_t n = e.zcount[bf]
    # 502.1: both happen at once, so first mark what phases in (mark=1) / out (mark=2).
    for i in range(n):
        o = lst[i]
        if e.ob[o].controller != ap:
            continue
        if e.ob[o].phased_out == 1:
            e.ob[o].mark = 1
            marked += 1
        elif e.ob[o].phased_out == 0 and has_kw(e, o, KW_PHASING):
            e.ob[o].mark = 2
            marked += 1
    if MTG_CORE_DEBUG and not marked:
        for i in range(n):
            if e.ob[lst[i]].mark:
                debug_fail(b"untap step: a permanent's mark is set between steps (502.1 "
                           b"phasing reads the marks as its own)")
    for i in range(n if marked else 0):       # (every mark is 0 between steps: see above)
        o = lst[i]
        if e.ob[o].mark == 1:
            e.ob[o].phased_out = 0
            log_event(e, EV_PHASE_IN, o, 0, 0)
            for j in range(n):                  # 702.26g: indirectly phased out ones return
                a = lst[j]
                if e.ob[a].attached_to == o and e.ob[a].phased_out == 2:
                    e.ob[a].phased_out = 0
                    log_event(e, EV_PHASE_IN, a, 0, 0)
        elif e.ob[o].mark == 2:
            e.ob[o].phased_out = 1
            remove_from_combat(e, o)            # 506.4
            log_event(e, EV_PHASE_OUT, o, 0, 0)
            for j in range(n):                  # 702.26g: attachments phase out indirectly
                a = lst[j]
                if e.ob[a].attached_to == o and e.ob[a].phased_out == 0:
                    e.ob[a].phased_out = 2
                    log_event(e, EV_PHASE_OUT, a, 0, 0)
        if e.ob[o].mark:
            e.h.sba_dirty = 1                   # phasing changed what exists
        e.ob[o].mark = 0
    day_night_check(e)                          # faces.pxi: 502.2 (current CR), 726.3a
    # 502.2: untap all of them at once, except what "doesn't untap".
    for i in range(n):
        o = lst[i]
        if e.ob[o].controller != ap or e.ob[o].phased_out or not e.ob[o].tapped:
            continue
        if has_kw(e, o, KW_DOESNT_UNTAP) or frozen(e, o):
            continue
        e.ob[o].tapped = 0
    end_effects(e, DUR_NEXT_UNTAP, ap)         # "its controller's next untap step" is over
    log_event(e, EV_UNTAP_STEP, ap, 0, 0)


cdef bint frozen(Engine* e, int32_t o) noexcept nogil:
    cdef int32_t i
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_DOESNT_UNTAP and e.eff[i].affected == o and \
                e.eff[i].affected_inc == e.ob[o].incarnation and e.eff[i].dur_arg == e.ob[o].controller:
            return True
    return False


cdef void start_step(Engine* e) noexcept nogil:
    """Begin the plan entry at plan_pos: 500.5 "until [step]" effects end, 500.6 "at the
    beginning of" triggers, turn-based actions, then priority (or not: 500.3)."""
    cdef int32_t en, step, phase, why, ser, skipped = 0
    while True:
        skipped += 1
        if skipped > SKIP_GUARD:                # every step of a million turns skipped
            abort_game(e, ABORT_RUNAWAY)
            return
        if e.h.plan_pos >= e.h.plan_len:
            close_phase(e)
            begin_turn(e)
            if e.h.result != R_ONGOING:
                return
            continue
        en = e.plan[e.h.plan_pos]
        step = entry_step(en)
        ser = entry_serial(en)
        if ser != e.h.open_phase_serial and e.pl[e.h.active].skip_phases and \
                (e.h.plan_pos == 0 or entry_serial(e.plan[e.h.plan_pos - 1]) != ser):
            phase = main_phase_kind(e) if step == S_MAIN else entry_phase(en)
            if skip_phase_count(e, e.h.active, phase) > 0:
                # 500.10: the active player skips this whole phase; none of its steps begin.
                e.pl[e.h.active].skip_phases -= 1 << (phase * SKIP_PHASE_BITS)
                log_event(e, EV_SKIP, 2, phase, e.h.active)
                while e.h.plan_pos < e.h.plan_len and entry_serial(e.plan[e.h.plan_pos]) == ser:
                    mark_skipped(e)
                continue
        why = step_is_skipped(e, en)
        if why != SKIP_NO:
            if why != SKIP_NO_ATTACKERS:               # 508.6 was logged with the declaration
                log_event(e, EV_SKIP, 0, step, why)
            mark_skipped(e)
            continue
        break
    if step == S_MAIN:                                # 505.1a: now it is known which one
        phase = main_phase_kind(e)
        e.plan[e.h.plan_pos] = (en & ~(15 << 4)) | (phase << 4)
    else:
        phase = entry_phase(en)
    if ser != e.h.open_phase_serial:
        # The phase in progress ends here, whether or not its last steps were skipped;
        # a phase all of whose steps were skipped never began (500.10).
        close_phase(e)
        e.h.open_phase_serial = ser
        e.h.open_phase = phase
    e.h.step = step
    e.h.phase = phase
    e.h.step_serial += 1
    end_effects(e, DUR_UNTIL_STEP_BEGINS, step)
    log_event(e, EV_STEP, step, phase, e.h.active)
    if step == S_UNTAP:
        # 500.6: "at the beginning of the untap step" abilities trigger as the step begins,
        # against the permanents as they are then -- before 502.1 phasing and 502.2
        # untapping.  They wait for the upkeep to be put on the stack (502.3, 503.1).
        queue_step_triggers(e, step)
        untap_step(e)
        e.h.stage = STG_STEP_END                      # 502.3: no priority
        return
    if step == S_DRAW:
        draw_card(e, e.h.active)                      # 504.1
    elif step == S_BEGIN_COMBAT:
        choose_defender(e)                            # 507.1 (combat.pxi)
    elif step == S_DECLARE_ATTACKERS:
        declare_attackers(e)                          # 508.1 (combat.pxi)
    elif step == S_DECLARE_BLOCKERS:
        declare_blockers(e)                           # 509.1
    elif step == S_COMBAT_DAMAGE:
        combat_damage_step(e)                         # 510.1-510.3
    elif step == S_CLEANUP:
        queue_step_triggers(e, step)
        e.h.stage = STG_CLEANUP_DISCARD
        return
    elif step == S_MAIN and phase == PH_PRECOMBAT_MAIN:
        lore_turn_action(e)                           # 505.4, 714.3b (sagas.pxi)
    queue_step_triggers(e, step)
    give_priority_to_active(e)


cdef void give_priority_to_active(Engine* e) noexcept nogil:
    """117.3a / 117.3b: the active player receives priority."""
    e.h.priority = first_in_game_from(e, e.h.active)
    e.h.passes = 0
    e.h.stage = STG_PRIORITY


cdef void end_step(Engine* e) noexcept nogil:
    """The current step or phase ends: 500.4 mana empties, 500.5 durations end, 511.3."""
    cdef int32_t step = entry_step(e.plan[e.h.plan_pos])
    if edition_of(e) != EDITION_CLASSIC:
        empty_mana_pools(e)                       # classic: at the end of the phase only
    end_effects(e, DUR_END_OF_STEP, step)
    e.h.plan_pos += 1
    e.h.stage = STG_STEP_START


cdef void close_phase(Engine* e) noexcept nogil:
    """The phase in progress ends: 500.4 mana empties, 500.5 "until end of [phase]" and
    "until end of combat" effects end, 511.3 everything is removed from combat."""
    if e.h.open_phase_serial < 0:
        return
    if edition_of(e) == EDITION_CLASSIC:
        empty_mana_pools_with_burn(e)             # seeds/002: mana burn
    else:
        empty_mana_pools(e)
    end_effects(e, DUR_END_OF_PHASE, e.h.open_phase)
    if e.h.open_phase == PH_COMBAT:
        end_effects(e, DUR_END_OF_COMBAT, -1)     # 500.5: at the end of the combat phase
        remove_all_from_combat(e)                  # 511.3
    e.h.open_phase_serial = -1


cdef void remove_all_from_combat(Engine* e) noexcept nogil:
    clear_combat(e)


cdef int32_t hand_excess(Engine* e) noexcept nogil:
    cdef int32_t ap = e.h.active
    if not e.pl[ap].in_game:
        return 0
    return e.zcount[zone_of(e, ap, Z_HAND)] - e.pl[ap].max_hand


cdef void cleanup_discard_step(Engine* e) noexcept nogil:
    """514.1: the active player discards down to maximum hand size (a choice, so a
    decision; the chosen cards are discarded together)."""
    cdef int32_t excess = hand_excess(e), held = e.zcount[zone_of(e, e.h.active, Z_HAND)]
    if excess > 0 and held > 0:
        e.h.decision = D_DISCARD
        e.h.decider = e.h.active
        # 402.2: a maximum hand size below zero means discarding the whole hand.
        e.h.dctx0 = excess if excess < held else held
        return
    e.h.stage = STG_CLEANUP_REST


cdef void discard_marked(Engine* e, int32_t p) noexcept nogil:
    cdef int32_t hand = zone_of(e, p, Z_HAND), i, o
    cdef bint found = True
    while found:
        found = False
        for i in range(e.zcount[hand]):
            o = zone_list(e, hand)[i]
            if e.ob[o].mark:
                log_event(e, EV_DISCARD, p, o, 0)
                move_object(e, o, zone_of(e, p, Z_GRAVEYARD), True)
                found = True
                break


cdef void cleanup_rest(Engine* e) noexcept nogil:
    """514.2 then 514.3a."""
    cdef int32_t i, o, n, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):                       # includes phased-out permanents
        o = zone_list(e, bf)[i]
        if e.ob[o].damage or e.ob[o].deathtouch_hit:
            e.ob[o].damage = 0
            e.ob[o].deathtouch_hit = 0
            e.h.sba_dirty = 1
    log_event(e, EV_DAMAGE_WEARS_OFF, 0, 0, 0)
    end_effects(e, DUR_END_OF_TURN, -1)                 # marks SBAs dirty if any ended
    n = check_sba(e)
    if n < 0 or e.h.result != R_ONGOING:
        return                                          # a choice is pending / game over
    if n > 0 or e.h.triggers_n > 0:
        # 514.3a: players get priority, and another cleanup step follows this one.
        plan_insert(e, e.h.plan_pos + 1, e.plan[e.h.plan_pos])
        give_priority_to_active(e)
        return
    e.h.stage = STG_STEP_END
