# State-based actions (704, with 301.5c, 301.6, 302.7, 303.4c-d).  704.3: checked whenever
# a player would receive priority; all applicable ones are performed at once; repeated
# until none apply.

cpdef enum:
    # what 704.5 asks of one permanent: bits, since several can apply at once (704.3)
    SBA_TO_GRAVEYARD = 1      # 704.5f / 704.5i / 704.5j / 704.5k / 704.5m: put into graveyard
    SBA_DESTROY = 2           # 704.5g / 704.5h: destroy (indestructible stops it)
    SBA_UNATTACH = 4          # 704.5n / 704.5p
    SBA_COUNTERS = 8          # 704.5q
    SBA_LEAVE_COMBAT = 16     # 506.4: no longer a creature, so no longer attacking or blocking
                              # (not a state-based action: checked here because this pass runs
                              # before anyone could act on it, and it reads the types anyway)

cpdef enum:
    SBA_ROUNDS_GUARD = 1000000  # 704.3 rounds in one check: each performs at least one action

cpdef enum:
    # reasons carried in the log (EV_SBA_DIES c-argument): the letter of 704.5
    WHY_TOUGHNESS = 6         # 704.5f
    WHY_LETHAL = 7            # 704.5g
    WHY_DEATHTOUCH = 8        # 704.5h
    WHY_LOYALTY = 9           # 704.5i
    WHY_LEGEND = 10           # 704.5j
    WHY_WORLD = 11            # 704.5k
    WHY_AURA = 13             # 704.5m
    WHY_SAGA = 14             # 714.4: a Saga past its final chapter is sacrificed

cpdef enum:
    SBA_TODO_CAP = 512        # permanents one pass acts on; the rest wait for the next pass
                              # (legend-rule victims past it are marked, not dropped)
    MARK_PUT_AWAY = 2         # Obj.mark of a permanent the legend rule puts away this pass


cdef bint enchant_legal(Engine* e, int32_t aura, int32_t controller, int32_t to) noexcept nogil:
    """303.4c-d: what an Aura controlled by ``controller`` may enchant: what its enchant
    ability allows, read as a target specification with its "you control" / "an opponent
    controls" parts (702.5); this is not targeting, so hexproof and shroud don't matter."""
    if to == aura or is_creature(e, aura):                 # 303.4d
        return False
    return spec_matches(e, card_row(e, e.ob[aura].card)[CF_ENCHANT], to, controller, aura)


cdef bint attach_legal(Engine* e, int32_t what, int32_t controller, int32_t to) noexcept nogil:
    """Could ``what`` (under ``controller``) legally be attached to ``to`` (an object or
    TGT_PLAYER + seat)?  Auras by their enchant ability (303.4c-d), Equipment only to a
    creature (301.5, 301.5c), Fortifications only to a land (301.6); nothing else can be
    attached to anything (303.4h, 704.5p)."""
    cdef int32_t sub = card_row(e, e.ob[what].card)[CF_SUBTYPES]
    if 0 <= to < TGT_PLAYER and protected_from(e, to, what):
        return False                # 702.16c-d: can't be enchanted / equipped / fortified by it
    if sub & SUB_AURA:
        return enchant_legal(e, what, controller, to)
    if not (sub & (SUB_EQUIPMENT | SUB_FORTIFICATION)):
        return False
    if to < 0 or to >= e.h.n_objects or to == what or not on_battlefield(e, to) \
            or is_creature(e, what):                       # 301.5c, 301.6
        return False
    if sub & SUB_EQUIPMENT:
        return is_creature(e, to)                          # 301.5
    return (obj_types(e, to) & T_LAND) != 0                # 301.6


cdef int32_t attachment_sba(Engine* e, int32_t o) noexcept nogil:
    """What 704.5m / 704.5n / 704.5p require of object ``o``, or 0."""
    cdef int32_t to = e.ob[o].attached_to
    if card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA:
        if to < 0 or not attach_legal(e, o, e.ob[o].controller, to):
            return SBA_TO_GRAVEYARD                            # 704.5m, 303.4c-d
        return 0
    if to == -1:
        return 0
    if to == ATTACHED_GONE or not attach_legal(e, o, e.ob[o].controller, to):
        return SBA_UNATTACH                                    # 704.5n / 704.5p
    return 0


cdef int32_t legend_rule_pending(Engine* e, int32_t* todo, int32_t* why, int32_t* n_todo,
                                 bint dry_run) noexcept nogil:
    """704.5j: a player with two or more legendary permanents of one name chooses one and
    puts the rest into their owners' graveyards.  Players choose in APNAP order (101.4).
    Returns the seat that must choose next (the name goes to ``dctx0`` unless
    ``dry_run``), or -1 once every group has a choice (those put away are appended to
    ``todo``)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, j, k, o, q, name, marked, count, pl
    cdef int32_t* lst = zone_list(e, bf)
    for k in range(e.h.n_players):
        pl = (e.h.active + k) % e.h.n_players
        for i in range(e.zcount[bf]):
            o = lst[i]
            if e.ob[o].phased_out or e.ob[o].controller != pl or \
                    not (card_row(e, e.ob[o].card)[CF_SUPERTYPES] & ST_LEGENDARY):
                continue
            name = card_row(e, e.ob[o].card)[CF_NAME_ID]
            count = 0
            marked = 0
            for j in range(e.zcount[bf]):
                q = lst[j]
                if e.ob[q].phased_out or e.ob[q].controller != pl or \
                        not (card_row(e, e.ob[q].card)[CF_SUPERTYPES] & ST_LEGENDARY) or \
                        card_row(e, e.ob[q].card)[CF_NAME_ID] != name:
                    continue
                if j < i:
                    break       # this group was handled from its first member
                count += 1
                if e.ob[q].mark == 1:
                    marked += 1
            else:
                if count < 2:
                    continue
                if marked != 1:
                    if not dry_run:
                        e.h.dctx0 = name
                        # Nothing is put away until every group has its choice: groups
                        # marked MARK_PUT_AWAY in this scan wait (marks 0..1 at a decision).
                        for j in range(e.zcount[bf]):
                            if e.ob[lst[j]].mark == MARK_PUT_AWAY:
                                e.ob[lst[j]].mark = 0
                    return pl
                for j in range(i, e.zcount[bf]):
                    q = lst[j]
                    if not e.ob[q].phased_out and e.ob[q].controller == pl and \
                            (card_row(e, e.ob[q].card)[CF_SUPERTYPES] & ST_LEGENDARY) and \
                            card_row(e, e.ob[q].card)[CF_NAME_ID] == name and not e.ob[q].mark:
                        if n_todo[0] < SBA_TODO_CAP:
                            todo[n_todo[0]] = q
                            why[n_todo[0]] = WHY_LEGEND
                            n_todo[0] += 1
                        elif not dry_run:
                            # More than the list holds: marked, and put away in the same
                            # pass all the same (704.3; the game must not depend on how
                            # many permanents share a name).
                            e.ob[q].mark = MARK_PUT_AWAY
    return -1


cdef int32_t check_sba_once(Engine* e, bint dry_run) noexcept nogil:
    """One pass of 704.3: find every state-based action that applies (several can apply to
    one permanent), then perform them all at once.  Returns the number of actions
    performed, or -1 when a legend-rule choice is needed (nothing was performed).  With
    ``dry_run`` nothing is written: it returns how many actions (and choices) it found."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, j, k, o, pw, tg, act, n = 0, p, chooser
    cdef int32_t n_todo = 0, n_main, n_lose = 0, attached = 0, n_legend = 0, n_world = 0
    cdef int32_t newest_world = -1, types, sup, why_gy, why_destroy, att
    cdef int32_t* lst = zone_list(e, bf)
    cdef int32_t todo[SBA_TODO_CAP]
    cdef int32_t why[SBA_TODO_CAP]
    cdef int32_t kind[SBA_TODO_CAP]
    cdef int32_t losers[MAX_PLAYERS]
    cdef int32_t loss_why[MAX_PLAYERS]
    cdef bint lay
    if not dry_run and (bf_kinds(e) & LY_CONTROL_BIT):
        refresh_static_control(e)               # layer 2 of static abilities (Mind Control)
        lst = zone_list(e, bf)                  # it may have grown the state (growth.pxi)
    lay = layers_on_board(e)
    # Players (704.5a-c).
    for p in range(e.h.n_players):
        if not e.pl[p].in_game:
            continue
        if e.pl[p].life <= 0:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_LIFE; n_lose += 1
        elif e.pl[p].drew_from_empty:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_DRAW_EMPTY; n_lose += 1
        elif e.pl[p].poison >= 10:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_POISON; n_lose += 1
    # Permanents: everything that applies to each, not only the first found (704.3).
    for i in range(e.zcount[bf]):
        o = lst[i]
        if e.ob[o].attached_to != -1:
            attached += 1
        if e.ob[o].phased_out:
            continue
        act = 0
        why_gy = 0
        why_destroy = 0
        # characteristics after the layer system (613), the fast paths when it's idle
        types = obj_types(e, o) if lay else card_row(e, e.ob[o].card)[CF_TYPES]
        if types & T_CREATURE:
            if lay:
                power_toughness(e, o, &pw, &tg)
            else:
                power_toughness_fast(e, o, &pw, &tg)
            if tg <= 0:                                              # 704.5f
                act = SBA_TO_GRAVEYARD; why_gy = WHY_TOUGHNESS
            elif e.ob[o].damage >= tg:                               # 704.5g, 302.7
                why_destroy = WHY_LETHAL
            elif e.ob[o].deathtouch_hit:                             # 704.5h
                why_destroy = WHY_DEATHTOUCH
            # Destroying an indestructible permanent does nothing (702.12b); judged now,
            # as everything else in this pass, not after other actions were performed.
            if why_destroy and not has_kw(e, o, KW_INDESTRUCTIBLE):
                act |= SBA_DESTROY
        if (types & T_PLANESWALKER) and e.ob[o].loyalty <= 0:       # 704.5i
            act |= SBA_TO_GRAVEYARD
            if not why_gy:
                why_gy = WHY_LOYALTY
        # 704.5m / n / p: only an Aura or something attached can break them
        att = attachment_sba(e, o) if e.ob[o].attached_to != -1 or \
            (card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA) else 0
        if att == SBA_TO_GRAVEYARD and not why_gy:
            why_gy = WHY_AURA
        act |= att
        if e.ob[o].plus1 > 0 and e.ob[o].minus1 > 0:                 # 704.5q
            act |= SBA_COUNTERS
        if card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & SAGA_BIT and saga_sacrifice_due(e, o):
            act |= SBA_TO_GRAVEYARD                                  # 714.4 (sagas.pxi)
            if not why_gy:
                why_gy = WHY_SAGA
        if (e.ob[o].combat & (CB_ATTACKING | CB_BLOCKING)) and not (types & T_CREATURE):
            act |= SBA_LEAVE_COMBAT                                  # 506.4, 506.4d
        sup = card_row(e, e.ob[o].card)[CF_SUPERTYPES]
        if sup & (ST_LEGENDARY | ST_WORLD):                          # 704.5j-k, below
            if sup & ST_LEGENDARY:
                n_legend += 1
            if sup & ST_WORLD:
                n_world += 1
                newest_world = o
        if act and n_todo < SBA_TODO_CAP:
            todo[n_todo] = o
            kind[n_todo] = act
            why[n_todo] = why_gy if act & SBA_TO_GRAVEYARD else why_destroy
            n_todo += 1
    # 704.5j needs a choice before anything happens.
    n_main = n_todo
    chooser = legend_rule_pending(e, todo, why, &n_todo, dry_run) if n_legend > 1 else -1
    if dry_run:
        return n_lose + n_todo + (chooser >= 0) + (n_world > 1)
    if chooser >= 0:
        e.h.decision = D_LEGEND_RULE
        e.h.decider = chooser
        return -1
    # 704.5k: of two or more world permanents, all but the newest go.  The battlefield
    # list is in order of arrival (zone_push), so the newest is the last one listed; the
    # engine never puts two permanents onto the battlefield at once, so there is no tie.
    if n_world > 1:
        for i in range(e.zcount[bf]):
            o = lst[i]
            if o != newest_world and not e.ob[o].phased_out and n_todo < SBA_TODO_CAP and \
                    card_row(e, e.ob[o].card)[CF_SUPERTYPES] & ST_WORLD:
                todo[n_todo] = o
                why[n_todo] = WHY_WORLD
                n_todo += 1
    # What the legend and world rules put away may already have an entry: it is put into
    # the graveyard once, with that entry (one move, one event).
    for i in range(n_main, n_todo):
        kind[i] = SBA_TO_GRAVEYARD
        for j in range(i):
            if todo[j] == todo[i] and kind[j]:
                if not (kind[j] & (SBA_TO_GRAVEYARD | SBA_DESTROY)):
                    why[j] = why[i]
                kind[j] = SBA_TO_GRAVEYARD
                kind[i] = 0
                break
    if attached == 0:
        e.h.any_attached = 0
    # Perform them all simultaneously.
    for p in range(e.h.n_players):
        e.pl[p].drew_from_empty = 0
    leave_event_begin(e)                    # 603.10a: they leave together and see each other
    for i in range(n_todo):
        o = todo[i]
        act = kind[i]
        if act & SBA_DESTROY and not (act & SBA_TO_GRAVEYARD) and regenerate(e, o):
            n += 1                                  # 701.19: regenerated instead (704.5g-h)
            continue
        if act & (SBA_TO_GRAVEYARD | SBA_DESTROY):
            log_event(e, EV_LEGEND_RULE if why[i] == WHY_LEGEND else EV_SBA_DIES, o, why[i], 0)
            put_into_graveyard(e, o)
            n += 1
            continue
        if act & SBA_UNATTACH:
            e.ob[o].attached_to = -1
            log_event(e, EV_UNATTACH, o, 0, 0)
            n += 1
        if act & SBA_COUNTERS:
            k = e.ob[o].plus1 if e.ob[o].plus1 < e.ob[o].minus1 else e.ob[o].minus1
            e.ob[o].plus1 -= k
            e.ob[o].minus1 -= k
            log_event(e, EV_COUNTERS, o, -1, k)
            n += 1
        if act & SBA_LEAVE_COMBAT:
            remove_from_combat(e, o)
            log_event(e, EV_REMOVED_FROM_COMBAT, o, 0, 0)
            n += 1
    # a leave trigger queued above may have grown the state (growth.pxi): the list moved
    lst = zone_list(e, bf)
    i = 0
    # MARK_PUT_AWAY is only set by legend_rule_pending in this pass (n_legend > 1), and
    # every pass ends with all marks cleared (below); debug builds verify it.
    if MTG_CORE_DEBUG and n_legend <= 1:
        for j in range(e.zcount[bf]):
            if e.ob[lst[j]].mark == MARK_PUT_AWAY:
                debug_fail(b"legend marks: a permanent is marked MARK_PUT_AWAY but the pass "
                           b"saw at most one legendary permanent (704.5j)")
    while n_legend > 1 and i < e.zcount[bf]:   # each turn moves one away or steps on
        o = lst[i]
        if e.ob[o].mark == MARK_PUT_AWAY:   # legend-rule victims past SBA_TODO_CAP
            log_event(e, EV_LEGEND_RULE, o, WHY_LEGEND, 0)
            put_into_graveyard(e, o)
            lst = zone_list(e, bf)          # (growth, as above)
            n += 1
        else:
            i += 1
    leave_event_end(e)
    lst = zone_list(e, bf)
    for i in range(e.zcount[bf]):
        e.ob[lst[i]].mark = 0
        e.ob[lst[i]].deathtouch_hit = 0     # 704.5h: "since the last time SBAs were checked"
    for i in range(n_lose):
        player_loses(e, losers[i], loss_why[i])
        n += 1
    if n_lose:
        check_game_end(e)
    return n


cdef int32_t check_sba(Engine* e) noexcept nogil:
    """704.3: repeat until no state-based action applies.  Returns the total performed,
    or -1 if a choice is pending.  ``sba_dirty`` lets the check be skipped when nothing
    that any of 704.5 reads has changed since a check found nothing; debug builds verify
    every skip (debug_verify_no_sba)."""
    cdef int32_t total = 0, n, rounds = 0
    # A conditional static (611.3a) may start or stop applying without an event marking the
    # state dirty (the turn passes, a life total changes): with one on the battlefield the
    # check always runs.
    if not e.h.sba_dirty and not (bf_kinds(e) & LY_COND_BIT):
        if MTG_CORE_DEBUG:
            debug_verify_no_sba(e)
        return 0
    while e.h.result == R_ONGOING:
        rounds += 1
        if rounds > SBA_ROUNDS_GUARD:       # each round acts on something: never, by the rules
            abort_game(e, ABORT_RUNAWAY)
            return total
        n = check_sba_once(e, False)
        if n < 0:
            return -1
        if n == 0:
            e.h.sba_dirty = 0
            break
        total += n
    return total


cdef void debug_verify_no_sba(Engine* e) noexcept nogil:
    """Debug builds: the check is being skipped (``sba_dirty`` is clear), so a full pass,
    run without performing anything, must find nothing to do; otherwise something changed
    the state without setting the flag, and the process stops."""
    if e.h.result == R_ONGOING and check_sba_once(e, True) != 0:
        debug_fail(b"sba_dirty: the state-based-action check was skipped but a "
                   b"state-based action applies (704.3); something changed the state "
                   b"without setting sba_dirty")


cdef void player_loses(Engine* e, int32_t p, int32_t why) noexcept nogil:
    e.pl[p].in_game = 0
    e.pl[p].lost_reason = why
    # A player who leaves can no longer be enchanted (303.4c, 704.5m) or targeted.
    e.h.sba_dirty = 1
    log_event(e, EV_LOSE, p, why, 0)


cdef void remove_player(Engine* e, int32_t p) noexcept nogil:
    """800.4a: objects a departed player owns leave the game; their spells and abilities
    on the stack cease to exist; objects they control but don't own are exiled.  Tables
    are compacted in order, and every index into them (the object being cast) follows."""
    cdef int32_t o, i, kept = 0, ex = zone_of(e, 0, Z_EXILE), casting = e.h.casting
    cdef StackItem* si
    log_event(e, EV_PLAYER_LEAVES, p, 0, 0)
    e.h.sba_dirty = 1
    e.h.casting = -1
    for i in range(e.h.stack_n):
        si = &e.stack[i]
        # Classic combat damage on the stack stays: it is no player's object; what a
        # departed player's creatures assigned and what was assigned to them or their
        # permanents is left out as it resolves (resolve_combat_damage).
        if si.kind != SK_COMBAT_DAMAGE and \
                (si.controller == p or (si.kind == SK_SPELL and e.ob[si.obj].owner == p)):
            if si.kind == SK_SPELL and e.ob[si.obj].owner != p:
                move_object(e, si.obj, ex, True)       # a spell they control: exiled
            continue
        if i == casting:
            e.h.casting = kept
        if kept != i:
            e.stack[kept] = e.stack[i]
        kept += 1
    e.h.stack_n = kept
    for o in range(e.h.n_objects):
        if e.ob[o].owner == p:
            if e.ob[o].zone >= 0:
                move_object(e, o, -1, True)
        elif e.ob[o].controller == p and zone_kind(e, e.ob[o].zone) == Z_BATTLEFIELD:
            move_object(e, o, ex, True)
    # Their pending triggers cease to exist; their delayed triggers and extra turns would
    # never happen (603.7, 500.7): the tables keep the others' in order.
    kept = 0
    for i in range(e.h.triggers_n):
        if e.trig[i].controller != p:
            e.trig[kept] = e.trig[i]
            kept += 1
    e.h.triggers_n = kept
    kept = 0
    for i in range(e.h.delayed_n):
        if e.dly[i].controller != p:
            e.dly[kept] = e.dly[i]
            kept += 1
    e.h.delayed_n = kept
    kept = 0
    for i in range(e.h.extra_turns_n):
        if e.h.extra_turns[i] != p:
            e.h.extra_turns[kept] = e.h.extra_turns[i]
            kept += 1
    e.h.extra_turns_n = kept


cdef void check_game_end(Engine* e) noexcept nogil:
    """104.2a: the last player in the game wins; 104.4a: if all remaining players lose at
    once, the game is a draw.  In multiplayer games losers leave (800.4a)."""
    cdef int32_t p, alive = 0, last = -1
    for p in range(e.h.n_players):
        if e.pl[p].in_game:
            alive += 1
            last = p
    if alive == 1:
        e.h.result = R_WIN
        e.h.winner = last
    elif alive == 0:
        e.h.result = R_DRAW
        e.h.winner = -1
    else:
        for p in range(e.h.n_players):
            if not e.pl[p].in_game and not e.pl[p].removed:
                e.pl[p].removed = 1
                remove_player(e, p)
        return
    decision_at_game_end(e, e.h.decision)
    e.h.stage = STG_OVER
    e.h.decision = D_NONE
    e.h.unless_amount = 0
    log_event(e, EV_GAME_OVER, e.h.result, e.h.winner, 0)


cdef void decision_at_game_end(Engine* e, int32_t d) noexcept nogil:
    """The game ends (104.2a, 104.4a) while decision ``d`` is pending -- a concession
    (104.3a) or a loss in state-based actions run on request: nothing more is asked, and no
    half-made choice stays in the state.  An object whose casting or activation was not
    finished leaves the stack as when it is taken back (601.2, 602.2; a trigger, 603.3d); a
    resolving object's pending choice and the cards it marked go away (608.2d); combat
    keeps no partial declaration or assignment (combat.pxi)."""
    cdef int32_t o
    if 0 <= e.h.casting < e.h.stack_n:
        abandon_casting(e)                  # game_start.pxi
    e.h.casting = -1
    if e.h.resolving_pc or d == D_LEGEND_RULE or d == D_DISCARD:
        e.h.resolving_pc = 0
        for o in range(e.h.n_objects):
            e.ob[o].mark = 0                # chosen, never discarded or sacrificed
    entering_choices_at_game_end(e)         # 614.12: entering_choices.pxi
    if is_combat_decision(d):
        combat_at_game_end(e, d)            # combat.pxi
