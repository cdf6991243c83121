# Turn structure (500-514): the plan of a turn's phases and steps, turn-based actions,
# extra turns / phases / steps (500.7-500.9), skipping (500.10), durations (500.4-500.5).
#
# A turn is a "plan": an array of entries (step | phase << 4 | phase serial << 8), built
# when the turn begins and edited when effects add phases or steps.  A main phase is one
# entry with step S_MAIN (505.2: it has no steps).

cdef inline int32_t entry(int32_t step, int32_t phase, int32_t serial) noexcept nogil:
    return step | (phase << 4) | (serial << 8)

cdef inline int32_t entry_step(int32_t en) noexcept nogil:
    return en & 15

cdef inline int32_t entry_phase(int32_t en) noexcept nogil:
    return (en >> 4) & 15

cdef inline int32_t entry_serial(int32_t en) noexcept nogil:
    return en >> 8


cdef void build_turn_plan(Engine* e) noexcept nogil:
    """500.1: beginning, precombat main, combat, postcombat main, ending.  505.1a: only
    this first main phase is precombat; added main phases are postcombat (add_extra_combat)."""
    cdef int32_t n = 0, s, step
    s = e.h.phase_serial
    e.plan[n] = entry(S_UNTAP, PH_BEGINNING, s); n += 1
    e.plan[n] = entry(S_UPKEEP, PH_BEGINNING, s); n += 1
    e.plan[n] = entry(S_DRAW, PH_BEGINNING, s); n += 1
    e.plan[n] = entry(S_MAIN, PH_PRECOMBAT_MAIN, s + 1); n += 1
    for step in range(S_BEGIN_COMBAT, S_END_COMBAT + 1):
        e.plan[n] = entry(step, PH_COMBAT, s + 2); n += 1
    e.plan[n] = entry(S_MAIN, PH_POSTCOMBAT_MAIN, s + 3); n += 1
    e.plan[n] = entry(S_END, PH_ENDING, s + 4); n += 1
    e.plan[n] = entry(S_CLEANUP, PH_ENDING, s + 4); n += 1
    e.h.phase_serial = s + 5
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


cdef void add_extra_combat(Engine* e) noexcept nogil:
    """500.8: an additional combat phase followed by an additional main phase, directly
    after this phase; the most recently created one happens first."""
    cdef int32_t at = e.h.plan_pos + 1, ser = entry_serial(e.plan[e.h.plan_pos]), step
    cdef int32_t cs = e.h.phase_serial, ms = e.h.phase_serial + 1
    if e.h.plan_len + 6 > PLAN_CAP:
        abort_game(e, ABORT_PLAN)
        return
    while at < e.h.plan_len and entry_serial(e.plan[at]) == ser:
        at += 1
    for step in range(S_BEGIN_COMBAT, S_END_COMBAT + 1):
        plan_insert(e, at, entry(step, PH_COMBAT, cs))
        at += 1
    plan_insert(e, at, entry(S_MAIN, PH_POSTCOMBAT_MAIN, ms))   # 505.1a: postcombat
    e.h.phase_serial += 2
    log_event(e, EV_EXTRA_PHASE, PH_COMBAT, 0, 0)


cdef void add_extra_step(Engine* e, int32_t step) noexcept nogil:
    """500.9: an additional step directly after the current one, in the same phase."""
    cdef int32_t cur = e.plan[e.h.plan_pos]
    if plan_insert(e, e.h.plan_pos + 1, entry(step, entry_phase(cur), entry_serial(cur))):
        log_event(e, EV_EXTRA_STEP, step, 0, 0)


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
    cdef int32_t k, q
    for k in range(1, e.h.n_players + 1):
        q = (p + k) % e.h.n_players
        if e.pl[q].in_game:
            return q
    return p


cdef inline int32_t first_in_game_from(Engine* e, int32_t p) noexcept nogil:
    if e.pl[p].in_game:
        return p
    return next_in_game(e, p)


cdef bint static_present(Engine* e, int32_t code) noexcept nogil:
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if not (e.h.bf_ability_kinds & (1 << AB_STATIC)):
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


cdef int32_t step_is_skipped(Engine* e, int32_t step) noexcept nogil:
    """Why this step is skipped (SKIP_*), or SKIP_NO.  500.10 / 614.10: a skipped step is
    treated as though it doesn't exist."""
    if (step == S_DECLARE_BLOCKERS or step == S_COMBAT_DAMAGE) and not e.h.attackers_declared:
        return SKIP_NO_ATTACKERS
    if step == S_DRAW and e.h.turn == 1 and e.h.n_players == 2 and \
            not (e.h.flags & GF_NO_FIRST_DRAW_SKIP):
        return SKIP_FIRST_DRAW
    if step == S_UPKEEP and static_present(e, STAT_SKIP_UPKEEP_ALL):
        return SKIP_EFFECT
    if step == S_UNTAP and static_present(e, STAT_SKIP_UNTAP_ALL):
        return SKIP_EFFECT
    if e.pl[e.h.active].skip_step[step] > 0:
        e.pl[e.h.active].skip_step[step] -= 1
        return SKIP_EFFECT
    return SKIP_NO


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
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, j, o, a, ap = e.h.active
    cdef int32_t* lst = zone_list(e, bf)
    cdef int32_t n = e.zcount[bf]
    # 502.1: both happen at once, so first mark what phases in (mark=1) / out (mark=2).
    for i in range(n):
        o = lst[i]
        if e.ob[o].controller != ap:
            continue
        if e.ob[o].phased_out == 1:
            e.ob[o].mark = 1
        elif e.ob[o].phased_out == 0 and has_kw(e, o, KW_PHASING):
            e.ob[o].mark = 2
    for i in range(n):
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
            log_event(e, EV_PHASE_OUT, o, 0, 0)
            for j in range(n):                  # 702.26g: attachments phase out indirectly
                a = lst[j]
                if e.ob[a].attached_to == o and e.ob[a].phased_out == 0:
                    e.ob[a].phased_out = 2
                    log_event(e, EV_PHASE_OUT, a, 0, 0)
        if e.ob[o].mark:
            e.h.sba_dirty = 1                   # phasing changed what exists
        e.ob[o].mark = 0
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
    """Begin the plan entry at plan_pos: 500.5 "until [step]" effects end, turn-based
    actions, 500.6 "at the beginning of" triggers, then priority (or not: 500.3)."""
    cdef int32_t en, step, phase, why, skipped = 0
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
        why = step_is_skipped(e, step)
        if why != SKIP_NO:
            if why != SKIP_NO_ATTACKERS:               # 508.6 was logged with the declaration
                log_event(e, EV_SKIP, 0, step, why)
            e.h.plan_pos += 1
            continue
        break
    phase = entry_phase(en)
    if entry_serial(en) != e.h.open_phase_serial:
        # The phase in progress ends here, whether or not its last steps were skipped;
        # a phase all of whose steps were skipped never began (500.10).
        close_phase(e)
        e.h.open_phase_serial = entry_serial(en)
        e.h.open_phase = phase
    e.h.step = step
    e.h.phase = phase
    e.h.step_serial += 1
    end_effects(e, DUR_UNTIL_STEP_BEGINS, step)
    log_event(e, EV_STEP, step, phase, e.h.active)
    if step == S_UNTAP:
        untap_step(e)
        queue_step_triggers(e, step)
        e.h.stage = STG_STEP_END                      # 502.3: no priority
        return
    if step == S_DRAW:
        draw_card(e, e.h.active)                      # 504.1
    elif step == S_DECLARE_ATTACKERS:
        declare_attackers(e)                          # 508.1 (the Combat seam)
    elif step == S_CLEANUP:
        queue_step_triggers(e, step)
        e.h.stage = STG_CLEANUP_DISCARD
        return
    queue_step_triggers(e, step)
    give_priority_to_active(e)


cdef void declare_attackers(Engine* e) noexcept nogil:
    """508.1: the turn-based action that declares attackers.  Declarations are the Combat
    module's job; until it lands no creature attacks, so 508.6 skips declare blockers and
    combat damage."""
    e.h.attackers_declared = 0
    log_event(e, EV_NO_ATTACKERS, e.h.active, 0, 0)


cdef void give_priority_to_active(Engine* e) noexcept nogil:
    """117.3a / 117.3b: the active player receives priority."""
    e.h.priority = first_in_game_from(e, e.h.active)
    e.h.passes = 0
    e.h.stage = STG_PRIORITY


cdef void end_step(Engine* e) noexcept nogil:
    """The current step or phase ends: 500.4 mana empties, 500.5 durations end, 511.3."""
    cdef int32_t step = entry_step(e.plan[e.h.plan_pos])
    empty_mana_pools(e)
    end_effects(e, DUR_END_OF_STEP, step)
    e.h.plan_pos += 1
    e.h.stage = STG_STEP_START


cdef void close_phase(Engine* e) noexcept nogil:
    """The phase in progress ends: 500.4 mana empties, 500.5 "until end of [phase]" and
    "until end of combat" effects end, 511.3 everything is removed from combat."""
    if e.h.open_phase_serial < 0:
        return
    empty_mana_pools(e)
    end_effects(e, DUR_END_OF_PHASE, e.h.open_phase)
    if e.h.open_phase == PH_COMBAT:
        end_effects(e, DUR_END_OF_COMBAT, -1)     # 500.5: at the end of the combat phase
        remove_all_from_combat(e)                  # 511.3
    e.h.open_phase_serial = -1


cdef void remove_all_from_combat(Engine* e) noexcept nogil:
    cdef int32_t o
    for o in range(e.h.n_objects):
        e.ob[o].combat = 0
        e.ob[o].combat_target = -1
    e.h.attackers_declared = 0


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
