# Effects: the small opcode interpreter that card scripts compile to (DESIGN principle 3),
# damage (120), drawing (121), continuous effects and their durations (500.5, 514.2, 611).

# --- targets (115) ---------------------------------------------------------------------------

cdef inline bint spec_matches(Engine* e, int32_t spec, int32_t t, int32_t controller,
                              int32_t source) noexcept nogil:
    """Is ``t`` (object index or TGT_PLAYER + seat) what ``spec`` describes, seen from
    ``controller`` ("you control", "opponent") and ``source`` ("other")?  Shared by targets
    (115) and enchant abilities (303.4c, 702.5)."""
    cdef int32_t p, types
    if t >= TGT_PLAYER:
        p = t - TGT_PLAYER
        if not (spec & TS_PLAYER) or p >= e.h.n_players or not e.pl[p].in_game:
            return False
        if (spec & TS_OPPONENT) and p == controller:
            return False
        return True
    if t < 0 or t >= e.h.n_objects or not on_battlefield(e, t):
        return False
    types = obj_types(e, t)
    if not ((spec & TS_PERMANENT)
            or ((spec & TS_CREATURE) and (types & T_CREATURE))
            or ((spec & TS_PLANESWALKER) and (types & T_PLANESWALKER))
            or ((spec & TS_ARTIFACT) and (types & T_ARTIFACT))
            or ((spec & TS_ENCHANTMENT) and (types & T_ENCHANTMENT))
            or ((spec & TS_LAND) and (types & T_LAND))):
        return False
    if (spec & TS_YOU_CONTROL) and e.ob[t].controller != controller:
        return False
    if (spec & TS_OPPONENT) and e.ob[t].controller == controller:
        return False
    if (spec & TS_NOT_SELF) and t == source:
        return False
    if (spec & TS_ATTACKING) and not (e.ob[t].combat & CB_ATTACKING):     # 506.4
        return False
    if (spec & TS_KNIGHT) and not (card_row(e, e.ob[t].card)[CF_SUBTYPES] & SUB_KNIGHT):
        return False
    return True


cdef inline bint protected_from(Engine* e, int32_t o, int32_t src) noexcept nogil:
    """702.16a: does permanent ``o`` have protection from a quality ``src`` (an object: a
    spell, a permanent, a card) has: one of its colours (105.2), being multicolored
    (105.4), one of its creature types (205.3m)?  ``src`` -1 (no source) has none."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef const int32_t* srow
    cdef int32_t pro = row[CF_PROTECTION], colors
    if pro == 0 or src < 0:
        return False
    srow = card_row(e, e.ob[src].card)
    colors = srow[CF_COLORS] & 31
    if pro & colors:
        return True
    if (pro & PRO_MULTICOLORED) and (colors & (colors - 1)):       # two or more colours
        return True
    return ((pro >> PRO_SUBTYPE_SHIFT) & srow[CF_SUBTYPES] & SUB_CREATURE_TYPES) != 0


cdef bint target_legal(Engine* e, int32_t spec, int32_t t, int32_t controller,
                       int32_t source) noexcept nogil:
    """Is ``t`` (object index or TGT_PLAYER + seat) a legal target for ``spec`` of the
    spell or ability whose source is ``source`` (the spell itself, 115.1)?"""
    cdef int32_t kw
    if not spec_matches(e, spec, t, controller, source):
        return False
    if t >= TGT_PLAYER:
        return True
    kw = keywords_of(e, t)
    if kw & KW_SHROUD:                                    # 702.18
        return False
    if (kw & KW_HEXPROOF) and e.ob[t].controller != controller:   # 702.11
        return False
    if protected_from(e, t, source):                      # 702.16b
        return False
    return True


cdef int32_t list_targets(Engine* e, int32_t spec, int32_t controller, int32_t source,
                          int32_t* out) noexcept nogil:
    """All legal targets for ``spec``, players first (in seat order), then permanents."""
    cdef int32_t n = 0, p, i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if spec & TS_PLAYER:
        for p in range(e.h.n_players):
            if target_legal(e, spec, TGT_PLAYER + p, controller, source):
                if out != NULL:
                    out[n] = TGT_PLAYER + p
                n += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if target_legal(e, spec, o, controller, source):
            if out != NULL:
                out[n] = o
            n += 1
    return n


# --- damage, life, cards ------------------------------------------------------------------

cdef void lose_life(Engine* e, int32_t p, int32_t n) noexcept nogil:
    add_amount(e, &e.pl[p].life, -n, -AMOUNT_MAX)
    e.h.sba_dirty = 1
    log_event(e, EV_LIFE, p, -n, 0)


cdef void gain_life(Engine* e, int32_t p, int32_t n) noexcept nogil:
    add_amount(e, &e.pl[p].life, n, -AMOUNT_MAX)
    log_event(e, EV_LIFE, p, n, 0)


cdef void deal_damage(Engine* e, int32_t source, int32_t target, int32_t amount) noexcept nogil:
    """120.3: the results of damage depend on the source's abilities."""
    cdef int32_t kw, p, types
    if amount <= 0:
        return
    if target < TGT_PLAYER and protected_from(e, target, source):
        # 702.16e: damage from a source with the quality is prevented (615: none is dealt,
        # so no lifelink or deathtouch either)
        log_event(e, EV_PREVENTED, source, target, amount)
        return
    kw = keywords_of(e, source)
    e.h.sba_dirty = 1
    log_event(e, EV_DAMAGE, source, target, amount)
    if target >= TGT_PLAYER:
        p = target - TGT_PLAYER
        if kw & KW_INFECT:                       # 120.3b
            add_amount(e, &e.pl[p].poison, amount, 0)
            log_event(e, EV_POISON, p, amount, 0)
        else:                                    # 120.3a
            lose_life(e, p, amount)
    else:
        types = obj_types(e, target)
        if types & T_PLANESWALKER:               # 120.3c
            e.ob[target].loyalty -= amount
            if e.ob[target].loyalty < 0:
                e.ob[target].loyalty = 0
        if types & T_CREATURE:
            if kw & (KW_WITHER | KW_INFECT):     # 120.3d, 302.7
                add_amount(e, &e.ob[target].minus1, amount, 0)
            else:                                # 120.3e
                add_amount(e, &e.ob[target].damage, amount, 0)
            if kw & KW_DEATHTOUCH:               # 704.5h: counters from wither/infect too
                e.ob[target].deathtouch_hit = 1
    if kw & KW_LIFELINK:                         # 120.3f
        gain_life(e, e.ob[source].controller, amount)


cdef void draw_card(Engine* e, int32_t p) noexcept nogil:
    """121.2: draw the top card; drawing from an empty library is remembered for 704.5b."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), o
    if e.zcount[lib] == 0:
        e.pl[p].drew_from_empty = 1
        e.h.sba_dirty = 1
        log_event(e, EV_DRAW, p, -1, 0)
        return
    o = zone_list(e, lib)[e.zcount[lib] - 1]
    move_object(e, o, zone_of(e, p, Z_HAND), True)
    log_event(e, EV_DRAW, p, o, 0)


cdef void put_into_graveyard(Engine* e, int32_t o) noexcept nogil:
    """Into its owner's graveyard (400.3); a token ceases to exist there (704.5d, 111.7)."""
    if e.ob[o].token:
        move_object(e, o, -1, True)
    else:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD), True)


cdef void destroy(Engine* e, int32_t o) noexcept nogil:
    """701.7: destroy = move to its owner's graveyard; indestructible permanents can't be."""
    if has_kw(e, o, KW_INDESTRUCTIBLE):
        return
    log_event(e, EV_DESTROY, o, 0, 0)
    put_into_graveyard(e, o)


cdef void enter_battlefield(Engine* e, int32_t o, int32_t controller) noexcept nogil:
    """A land played or a permanent spell resolving: it enters unattached."""
    put_onto_battlefield(e, o, controller, -1)


cdef inline bint put_onto_battlefield(Engine* e, int32_t o, int32_t controller, int32_t attach_to) noexcept nogil:
    """``o`` enters the battlefield under ``controller`` (attached to ``attach_to`` unless
    -1, see place_on_battlefield): summoning sick (302.6), its ETB abilities trigger."""
    if not place_on_battlefield(e, o, controller, attach_to):
        return False
    e.ob[o].sick = 1                                     # 302.6
    queue_etb_triggers(e, o)
    return True


cdef inline bint place_on_battlefield(Engine* e, int32_t o, int32_t controller, int32_t attach_to) noexcept nogil:
    """Move ``o`` onto the battlefield under ``controller``; with ``attach_to`` (an object or
    TGT_PLAYER + seat, -1 for none) it is attached to that as it enters (303.4b, 303.4f).
    An Aura that can't legally enchant it doesn't enter: it stays in its zone (303.4i), or
    from the stack goes to its owner's graveyard (303.4g); False is returned then.  Anything
    else that can't be attached there enters unattached (303.4h, 701.3b)."""
    if attach_to != -1 and not attach_legal(e, o, controller, attach_to):
        if card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA:
            if zone_kind(e, e.ob[o].zone) == Z_STACK:
                log_event(e, EV_AURA_CANT_ENTER, o, attach_to, 0)
                put_into_graveyard(e, o)                         # 303.4g
            return False                                         # 303.4i
        attach_to = -1
    move_object(e, o, zone_of(e, 0, Z_BATTLEFIELD), True)
    e.ob[o].controller = controller
    e.ob[o].loyalty = card_row(e, e.ob[o].card)[CF_LOYALTY]   # 306.5b
    if attach_to != -1:
        e.ob[o].attached_to = attach_to
        e.h.any_attached = 1
        log_event(e, EV_ATTACH, o, attach_to, 0)
    return True


# --- continuous effects ------------------------------------------------------------------------

cdef int32_t add_effect(Engine* e, int32_t kind, int32_t source, int32_t affected, int32_t a,
                        int32_t b, int32_t duration, int32_t dur_arg, int32_t controller) noexcept nogil:
    cdef Effect* ef
    if e.h.effects_n >= EFFECT_CAP:
        abort_game(e, ABORT_EFFECTS)
        return -1
    ef = &e.eff[e.h.effects_n]
    ef.kind = kind; ef.source = source; ef.affected = affected
    ef.affected_inc = e.ob[affected].incarnation if affected >= 0 else 0
    ef.a = a; ef.b = b; ef.duration = duration; ef.dur_arg = dur_arg
    ef.timestamp = next_timestamp(e); ef.controller = controller
    ef.created_turn = e.h.turn
    e.h.effects_n += 1
    e.h.sba_dirty = 1
    return e.h.effects_n - 1


cdef int32_t end_effects(Engine* e, int32_t duration, int32_t dur_arg) noexcept nogil:
    """Remove every effect with this duration (and argument, unless -1) and every effect
    whose object has become a new object (400.7).  Returns how many ended."""
    cdef int32_t i, kept = 0, ended = 0
    cdef Effect* ef
    for i in range(e.h.effects_n):
        ef = &e.eff[i]
        if (ef.duration == duration and (dur_arg < 0 or ef.dur_arg == dur_arg)) or \
                (ef.affected >= 0 and e.ob[ef.affected].incarnation != ef.affected_inc):
            ended += 1
            continue
        if kept != i:
            e.eff[kept] = e.eff[i]
        kept += 1
    e.h.effects_n = kept
    if ended:
        e.h.sba_dirty = 1
        log_event(e, EV_EFFECTS_END, ended, duration, dur_arg)
    return ended


cdef int32_t duration_arg(Engine* e, int32_t operand, int32_t controller) noexcept nogil:
    """A duration operand is code | (argument + 1) << 8; argument 0 means "the current
    one": this step (DUR_END_OF_STEP), this phase (DUR_END_OF_PHASE), you
    (DUR_UNTIL_YOUR_NEXT_TURN)."""
    cdef int32_t code = operand & 255, arg = (operand >> 8) - 1
    if arg >= 0:
        return arg
    if code == DUR_END_OF_STEP:
        return e.h.step
    if code == DUR_END_OF_PHASE:
        return e.h.phase
    if code == DUR_UNTIL_YOUR_NEXT_TURN:
        return controller
    return -1


# --- the interpreter ------------------------------------------------------------------------

cdef inline int32_t op_size(Engine* e, int32_t pc) noexcept nogil:
    """Length of the instruction at ``pc`` including its opcode."""
    cdef int32_t op = e.prog[pc]
    if op == OP_PUMP or op == OP_GRANT_KEYWORDS:
        return 5 if op == OP_PUMP else 4
    if op == OP_DELAYED:
        return 3 + e.prog[pc + 2]
    if op == OP_EXTRA_COMBAT or op == OP_END:
        return 1
    if op == OP_DAMAGE or op == OP_DRAW or op == OP_LOSE_LIFE or op == OP_GAIN_LIFE \
            or op == OP_SKIP_NEXT_STEP or op == OP_ADD_MANA or op == OP_POISON \
            or op == OP_SKIP_NEXT_PHASE or op == OP_SEARCH_BASIC_LAND or op == OP_REVEAL_TOP:
        return 3
    if op == OP_ADD_COUNTERS or op == OP_EXTRA_STEP_AT:
        return 4
    return 2      # single-reference ops


cdef int32_t resolve_ref(Engine* e, int32_t ref, int32_t controller, int32_t source,
                         StackItem* si, int32_t* out) noexcept nogil:
    """What a reference names right now: 0..n objects or players (TGT_PLAYER + seat).
    A target that has become illegal names nothing (608.2b)."""
    cdef int32_t p, k, n = 0, t, spec
    if ref == REF_TARGET0 or ref == REF_TARGET1:
        if si == NULL or ref >= si.n_targets:
            return 0
        t = si.targets[ref]
        spec = target_spec_of(e, si, ref)
        if t < TGT_PLAYER and (t < 0 or e.ob[t].incarnation != si.target_inc[ref]):
            return 0
        if not target_legal(e, spec, t, controller, source):
            return 0
        out[0] = t
        return 1
    if ref == REF_CONTROLLER:
        out[0] = TGT_PLAYER + controller
        return 1
    if ref == REF_SELF:
        # 400.7: if the source changed zones since, "self" names nothing.
        if source < 0 or (si != NULL and e.ob[source].incarnation != si.obj_inc):
            return 0
        out[0] = source
        return 1
    if ref == REF_ACTIVE_PLAYER:
        out[0] = TGT_PLAYER + e.h.active
        return 1
    if ref == REF_EVENT_PLAYER:
        # "that player" / "defending player" of a triggered ability (603.2, 508.5); a
        # player who has left the game is no longer there to name (800.4a)
        if si == NULL or si.event_player < 0 or not e.pl[si.event_player].in_game:
            return 0
        out[0] = TGT_PLAYER + si.event_player
        return 1
    for k in range(e.h.n_players):                 # APNAP order (101.4)
        p = (e.h.active + k) % e.h.n_players
        if e.pl[p].in_game and (ref == REF_EACH_PLAYER or p != controller):
            out[n] = TGT_PLAYER + p
            n += 1
    return n


cdef void exile_object(Engine* e, int32_t o) noexcept nogil:
    """406.3 / 701.11: put ``o`` into the exile zone; a token ceases to exist (111.7)."""
    log_event(e, EV_EXILE, o, zone_kind(e, e.ob[o].zone), 0)
    move_object(e, o, -1 if e.ob[o].token else zone_of(e, 0, Z_EXILE), True)


cdef void reveal_top(Engine* e, int32_t p, int32_t types) noexcept nogil:
    """``p`` reveals the top card of their library (701.16a: every player sees it, so it
    is logged); if it has one of ``types``, they put it into their hand.  An empty
    library reveals nothing."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), o
    if e.zcount[lib] == 0:
        return
    o = zone_list(e, lib)[e.zcount[lib] - 1]
    if obj_types(e, o) & types:
        log_event(e, EV_REVEAL, p, o, 1)
        move_object(e, o, zone_of(e, p, Z_HAND), True)
    else:
        log_event(e, EV_REVEAL, p, o, 0)


cdef void run_program(Engine* e, int32_t start, int32_t length, int32_t controller,
                      int32_t source, StackItem* si) noexcept nogil:
    """Execute an effect program in order (608.2c).  What OP_EXILE exiled is remembered as
    it last existed on the battlefield (608.2h): "its controller", "its power"."""
    cdef int32_t pc = start, end = start + length, op, n, i, t, o, k
    cdef int32_t lki_controller = -1, lki_power = 0, lki_toughness = 0
    cdef int32_t refs[MAX_PLAYERS + 2]
    cdef const int32_t* a
    while pc < end:
        op = e.prog[pc]
        a = e.prog + pc + 1
        if op == OP_END:
            break
        if op == OP_EXTRA_COMBAT:
            add_extra_combat(e)
        elif op == OP_DELAYED:
            add_delayed_trigger(e, a[0], controller, source, pc + 3, a[1])
        elif op == OP_ADD_MANA:
            add_mana(e, controller, a[0], a[1])
        elif op == OP_EXTRA_STEP:
            add_extra_step(e, a[0])
        elif op == OP_EXTRA_STEP_AT:
            add_extra_step_at(e, a[0], a[1], a[2] != 0)
        elif op == OP_EXTRA_PHASE:
            add_extra_phase(e, a[0], -1)
        else:
            if a[0] == REF_LKI_CONTROLLER:
                n = 0
                if lki_controller >= 0 and e.pl[lki_controller].in_game:
                    refs[0] = TGT_PLAYER + lki_controller
                    n = 1
            else:
                n = resolve_ref(e, a[0], controller, source, si, refs)
            for i in range(n):
                t = refs[i]
                o = t if t < TGT_PLAYER else -1
                if op == OP_DAMAGE:
                    deal_damage(e, source, t, a[1])
                elif op == OP_PUMP and o >= 0:
                    add_effect(e, EF_PT, source, o, a[1], a[2], a[3] & 255,
                               duration_arg(e, a[3], controller), controller)
                elif op == OP_GRANT_KEYWORDS and o >= 0:
                    add_effect(e, EF_KEYWORDS, source, o, a[1], 0, a[2] & 255,
                               duration_arg(e, a[2], controller), controller)
                elif op == OP_DRAW and o < 0:
                    for k in range(a[1]):
                        draw_card(e, t - TGT_PLAYER)
                elif op == OP_LOSE_LIFE and o < 0:
                    lose_life(e, t - TGT_PLAYER, a[1])
                elif op == OP_GAIN_LIFE and o < 0:
                    gain_life(e, t - TGT_PLAYER, a[1])
                elif op == OP_POISON and o < 0:
                    add_amount(e, &e.pl[t - TGT_PLAYER].poison, a[1], 0)
                    e.h.sba_dirty = 1
                    log_event(e, EV_POISON, t - TGT_PLAYER, a[1], 0)
                elif op == OP_EXTRA_TURN and o < 0:
                    add_extra_turn(e, t - TGT_PLAYER)
                elif op == OP_SKIP_NEXT_TURN and o < 0:
                    add_amount(e, &e.pl[t - TGT_PLAYER].skip_turns, 1, 0)
                elif op == OP_SKIP_NEXT_STEP and o < 0:
                    add_amount(e, &e.pl[t - TGT_PLAYER].skip_step[a[1]], 1, 0)
                elif op == OP_SKIP_NEXT_PHASE and o < 0:
                    add_phase_skip(e, t - TGT_PLAYER, a[1])
                elif op == OP_TAP_ALL_CREATURES_FREEZE and o < 0:
                    tap_and_freeze_creatures(e, t - TGT_PLAYER, source, controller)
                elif op == OP_DESTROY and o >= 0:
                    destroy(e, o)
                elif op == OP_SACRIFICE and o >= 0 and on_battlefield(e, o):
                    log_event(e, EV_SACRIFICE, o, 0, 0)
                    put_into_graveyard(e, o)
                elif op == OP_ADD_COUNTERS and o >= 0:
                    add_counters(e, o, a[1], a[2])
                elif op == OP_ATTACH and \
                        (si == NULL or e.ob[source].incarnation == si.obj_inc):
                    attach(e, source, t)
                elif op == OP_UNTAP and o >= 0:
                    e.ob[o].tapped = 0
                elif op == OP_EXILE and o >= 0:
                    if on_battlefield(e, o):
                        lki_controller = e.ob[o].controller
                        power_toughness(e, o, &lki_power, &lki_toughness)
                    exile_object(e, o)
                elif op == OP_GAIN_LIFE_LKI_POWER and o < 0:
                    if lki_power > 0:                    # 107.1b: a negative amount is 0
                        gain_life(e, t - TGT_PLAYER, lki_power)
                elif op == OP_REVEAL_TOP and o < 0:
                    reveal_top(e, t - TGT_PLAYER, a[1])
                elif op == OP_SEARCH_BASIC_LAND and o < 0:
                    # 701.19: a choice made while the spell resolves; do_action finishes it
                    # (the compiler keeps this opcode last in its program)
                    e.h.decision = D_SEARCH_LIBRARY
                    e.h.decider = t - TGT_PLAYER
                    e.h.dctx0 = a[1]
                    return
        pc += op_size(e, pc)


cdef void add_counters(Engine* e, int32_t o, int32_t kind, int32_t n) noexcept nogil:
    if kind == CTR_PLUS1:
        add_amount(e, &e.ob[o].plus1, n, 0)
    elif kind == CTR_MINUS1:
        add_amount(e, &e.ob[o].minus1, n, 0)
    else:
        add_amount(e, &e.ob[o].loyalty, n, 0)
    e.h.sba_dirty = 1
    log_event(e, EV_COUNTERS, o, kind, n)


cdef void attach(Engine* e, int32_t what, int32_t to) noexcept nogil:
    """701.3: attach ``what`` to ``to``.  What can't legally be attached there doesn't move
    (701.3b: 303.4j Auras, 301.5b Equipment, 301.6 Fortifications; anything else can't be
    attached at all); attaching it to what it is already attached to does nothing."""
    if not on_battlefield(e, what) or e.ob[what].attached_to == to or \
            not attach_legal(e, what, e.ob[what].controller, to):
        return
    e.ob[what].attached_to = to
    e.ob[what].timestamp = next_timestamp(e)      # 613.7e, 701.3c
    e.h.any_attached = 1
    e.h.sba_dirty = 1
    log_event(e, EV_ATTACH, what, to, 0)


cdef void tap_and_freeze_creatures(Engine* e, int32_t p, int32_t source, int32_t controller) noexcept nogil:
    """Sleep: tap all creatures ``p`` controls; they don't untap during that player's next
    untap step (502.2)."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if on_battlefield(e, o) and e.ob[o].controller == p and is_creature(e, o):
            e.ob[o].tapped = 1
            add_effect(e, EF_DOESNT_UNTAP, source, o, 0, 0, DUR_NEXT_UNTAP, p, controller)
