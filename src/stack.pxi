# Casting spells (601), activating abilities (602, 605), targets (115) and resolving
# (608).  Timing comes from chapter 3: 301.1, 302.1, 303.1 (sorcery speed), 304.1
# (instants), 300.2a (an artifact land is only played as a land).

cdef int32_t spell_ability(Engine* e, int32_t card) noexcept nogil:
    cdef const int32_t* row = card_row(e, card)
    cdef int32_t i, ab
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_SPELL:
            return ab
    return -1


cdef inline bint is_permanent_card(int32_t types) noexcept nogil:
    return (types & (T_INSTANT | T_SORCERY)) == 0


cdef inline bint sorcery_timing(Engine* e, int32_t p) noexcept nogil:
    """307.1 / 301.1 / 302.1 / 303.1: own main phase, empty stack, holding priority."""
    return e.h.active == p and e.h.step == S_MAIN and e.h.stack_n == 0


cdef inline bint timing_allows(Engine* e, int32_t p, int32_t timing) noexcept nogil:
    """A timing restriction of an ability or spell (AF_TIMING), for player ``p`` who holds
    priority.  304.5: TIME_ANY ("any time you could cast an instant") asks for nothing
    more than priority."""
    if timing == TIME_SORCERY:
        return sorcery_timing(e, p)
    if timing == TIME_YOUR_UPKEEP:
        return e.h.active == p and e.h.step == S_UPKEEP
    if timing == TIME_AFTER_YOUR_UPKEEP:
        return e.h.active == p and upkeep_is_over(e)       # 503.3
    return True


cdef inline void spell_targets(Engine* e, int32_t o, int32_t* n, int32_t* specs) noexcept nogil:
    """Target slots of a spell: its spell ability's, or an Aura's enchant (303.4a)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t ab
    n[0] = 0
    if row[CF_SUBTYPES] & SUB_AURA:
        n[0] = 1
        specs[0] = row[CF_ENCHANT]
        return
    ab = spell_ability(e, e.ob[o].card)
    if ab >= 0:
        n[0] = ability_row(e, ab)[AF_N_TARGETS]
        specs[0] = ability_row(e, ab)[AF_TARGET0]
        specs[1] = ability_row(e, ab)[AF_TARGET1]


cdef int32_t check_cast(Engine* e, int32_t p, int32_t o) noexcept nogil:
    cdef int32_t err = check_cast_except_cost(e, p, o)
    if err != E_OK:
        return err
    if not can_pay(e, p, card_row(e, e.ob[o].card) + CF_COST_GENERIC, -1):
        return E_CANT_PAY
    return E_OK


cdef int32_t check_cast_except_cost(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """Everything 601.2 asks before paying: the card, its timing, its targets."""
    cdef const int32_t* row
    cdef int32_t n, i, ab
    cdef int32_t specs[2]
    if o < 0 or o >= e.h.n_objects or e.ob[o].zone != zone_of(e, p, Z_HAND):
        return E_NOT_IN_HAND
    row = card_row(e, e.ob[o].card)
    if row[CF_TYPES] & T_LAND:
        return E_LAND_NOT_CAST
    if not ((row[CF_TYPES] & T_INSTANT) or (row[CF_KEYWORDS] & KW_FLASH)):
        if not sorcery_timing(e, p):
            return E_SORCERY_TIMING
    if row[CF_TYPES] & (T_INSTANT | T_SORCERY):
        # 601.3: the spell's own text may limit when it can be cast (503.3).
        ab = spell_ability(e, e.ob[o].card)
        if ab >= 0 and not timing_allows(e, p, ability_row(e, ab)[AF_TIMING]):
            return E_CAST_TIMING
    spell_targets(e, o, &n, specs)
    for i in range(n):
        if list_targets(e, specs[i], p, -1, NULL) == 0:
            return E_NO_TARGETS
    return E_OK


cdef int32_t check_play_land(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """505.5b / 305.2: a land from hand, own main phase, empty stack, a land play left."""
    if o < 0 or o >= e.h.n_objects or e.ob[o].zone != zone_of(e, p, Z_HAND):
        return E_NOT_IN_HAND
    if not (obj_types(e, o) & T_LAND):
        return E_NOT_A_LAND
    if not sorcery_timing(e, p):
        return E_LAND_TIMING
    if e.h.lands_played >= e.pl[p].land_plays:
        return E_LAND_LIMIT
    return E_OK


cdef void play_land(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """305.1: playing a land is a special action; it doesn't use the stack."""
    e.h.lands_played += 1
    log_event(e, EV_PLAY_LAND, p, o, 0)
    enter_battlefield(e, o, p)


cdef int32_t check_activate(Engine* e, int32_t p, int32_t o, int32_t idx, int32_t want_kind) noexcept nogil:
    cdef const int32_t* row
    cdef const int32_t* ab
    cdef int32_t i, exclude = -1
    if o < 0 or o >= e.h.n_objects or not on_battlefield(e, o):
        return E_BAD_OBJECT
    if e.ob[o].controller != p:
        return E_NOT_YOURS
    row = card_row(e, e.ob[o].card)
    if idx < 0 or idx >= row[CF_ABILITY_COUNT]:
        return E_BAD_ABILITY
    ab = ability_row(e, row[CF_ABILITY_START] + idx)
    if ab[AF_KIND] != want_kind or lost_all_abilities(e, o):      # 613.1f: Humility
        return E_BAD_ABILITY
    if ab[AF_COST_FLAGS] & COST_TAP:
        if e.ob[o].tapped:
            return E_TAPPED
        if not can_attack_or_tap_now(e, o):
            return E_SICK
        exclude = o
    if ab[AF_COST_FLAGS] & COST_LOYALTY:
        # 606.3: sorcery timing, and only if none of this permanent's loyalty abilities
        # has been activated this turn; 606.6: a negative cost needs that many counters.
        if not sorcery_timing(e, p):
            return E_LOYALTY_TIMING
        if e.ob[o].loyalty_turn == e.h.turn:
            return E_LOYALTY_USED
        if ab[AF_LOYALTY] < 0 and e.ob[o].loyalty < -ab[AF_LOYALTY]:
            return E_LOYALTY_TOO_FEW
    if not timing_allows(e, p, ab[AF_TIMING]):
        return E_ABILITY_TIMING
    for i in range(ab[AF_N_TARGETS]):
        if list_targets(e, ab[AF_TARGET0 + i], p, o, NULL) == 0:
            return E_NO_TARGETS
    if not can_pay(e, p, ab + AF_COST_GENERIC, exclude):
        return E_CANT_PAY
    return E_OK


cdef void pay_loyalty(Engine* e, int32_t o, int32_t delta) noexcept nogil:
    """606.4: a loyalty ability's cost is putting on (+N) or removing (-N) loyalty
    counters; 606.3: it marks the permanent's loyalty ability as used this turn."""
    e.ob[o].loyalty_turn = e.h.turn
    if delta != 0:
        add_amount(e, &e.ob[o].loyalty, delta, 0)
        e.h.sba_dirty = 1                            # 704.5i may apply
        log_event(e, EV_COUNTERS, o, CTR_LOYALTY, delta)


cdef int32_t push_stack(Engine* e, int32_t kind, int32_t o, int32_t controller, int32_t ability,
                        int32_t n_targets) noexcept nogil:
    cdef StackItem* si
    if e.h.stack_n >= STACK_CAP:
        abort_game(e, ABORT_STACK)
        return -1
    si = &e.stack[e.h.stack_n]
    si.kind = kind
    si.obj = o
    si.obj_inc = e.ob[o].incarnation
    si.controller = controller
    si.ability = ability
    si.n_targets = n_targets
    si.targets[0] = TGT_NONE; si.targets[1] = TGT_NONE
    si.target_inc[0] = 0; si.target_inc[1] = 0
    si.prog_start = -1
    si.prog_len = 0
    si.event_ref = -1
    si.event_ref_inc = 0
    e.h.stack_n += 1
    return e.h.stack_n - 1


cdef void begin_cast(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """601.2a: move the card to the stack; then targets (601.2c), then costs (601.2g-h)."""
    cdef int32_t n, s
    cdef int32_t specs[2]
    if e.h.stack_n >= STACK_CAP:
        abort_game(e, ABORT_STACK)
        return
    spell_targets(e, o, &n, specs)
    move_object(e, o, zone_of(e, 0, Z_STACK), True)
    e.ob[o].controller = p
    s = push_stack(e, SK_SPELL, o, p, spell_ability(e, e.ob[o].card), n)
    if s < 0:
        return
    log_event(e, EV_CAST, p, o, 0)
    e.h.casting = s
    if n > 0:
        e.h.decision = D_TARGET
        e.h.decider = p
        e.h.dctx0 = 0
    else:
        finish_putting_on_stack(e)


cdef void begin_activate(Engine* e, int32_t p, int32_t o, int32_t idx) noexcept nogil:
    """602.2: announce, choose targets, pay costs."""
    cdef int32_t ab = card_row(e, e.ob[o].card)[CF_ABILITY_START] + idx
    cdef int32_t s = push_stack(e, SK_ABILITY, o, p, ab, ability_row(e, ab)[AF_N_TARGETS])
    if s < 0:
        return
    log_event(e, EV_ACTIVATE, p, o, ab)
    e.h.casting = s
    if e.stack[s].n_targets > 0:
        e.h.decision = D_TARGET
        e.h.decider = p
        e.h.dctx0 = 0
    else:
        finish_putting_on_stack(e)


cdef int32_t target_spec_of(Engine* e, StackItem* si, int32_t slot) noexcept nogil:
    """What target ``slot`` of a stack object may be: an Aura spell's enchant (303.4a),
    otherwise its ability's target specification."""
    if si.kind == SK_SPELL and si.ability < 0:
        return card_row(e, e.ob[si.obj].card)[CF_ENCHANT]
    return ability_row(e, si.ability)[AF_TARGET0 + slot]


cdef void choose_target(Engine* e, int32_t t) noexcept nogil:
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t slot = e.h.dctx0
    si.targets[slot] = t
    si.target_inc[slot] = e.ob[t].incarnation if t < TGT_PLAYER else 0
    log_event(e, EV_TARGET, si.obj, t, si.kind)
    if slot + 1 < si.n_targets:
        e.h.dctx0 = slot + 1
        return
    e.h.decision = D_NONE
    if si.kind == SK_TRIGGER:
        e.h.casting = -1
        return          # the trigger loop goes on with the next pending trigger
    finish_putting_on_stack(e)


cdef void finish_putting_on_stack(Engine* e) noexcept nogil:
    """601.2g-i / 602.2b: pay the total cost; the spell becomes cast.  117.3c: the player
    who cast it receives priority again."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* ab
    cdef int32_t p = si.controller
    if si.kind == SK_SPELL:
        pay_cost(e, p, card_row(e, e.ob[si.obj].card) + CF_COST_GENERIC, -1)
    else:
        ab = ability_row(e, si.ability)
        if ab[AF_COST_FLAGS] & COST_TAP:
            pay_cost(e, p, ab + AF_COST_GENERIC, si.obj)
            e.ob[si.obj].tapped = 1
        else:
            pay_cost(e, p, ab + AF_COST_GENERIC, -1)
        if ab[AF_COST_FLAGS] & COST_LOYALTY:
            pay_loyalty(e, si.obj, ab[AF_LOYALTY])
        if ab[AF_COST_FLAGS] & COST_SAC_SELF:
            log_event(e, EV_SACRIFICE, si.obj, 0, 0)
            put_into_graveyard(e, si.obj)
    e.h.casting = -1
    e.h.decision = D_NONE
    e.h.priority = p
    e.h.passes = 0
    e.h.stage = STG_PRIORITY


cdef bint all_targets_illegal(Engine* e, StackItem* si) noexcept nogil:
    """608.2b: a spell or ability with targets, all of which are now illegal, doesn't
    resolve."""
    cdef int32_t slot
    cdef int32_t out[MAX_PLAYERS + 2]
    cdef int32_t src = si.obj
    if si.n_targets == 0:
        return False
    for slot in range(si.n_targets):
        if resolve_ref(e, slot, si.controller, src, si, out) > 0:
            return False
    return True


cdef void resolve_top(Engine* e) noexcept nogil:
    """608: resolve the top object of the stack."""
    cdef StackItem si = e.stack[e.h.stack_n - 1]
    cdef int32_t o = si.obj, types, start, length
    cdef int32_t out[MAX_PLAYERS + 2]
    e.h.stack_n -= 1
    if si.kind == SK_COMBAT_DAMAGE:
        resolve_combat_damage(e)                           # classic edition (combat.pxi)
        return
    if si.kind == SK_SPELL:
        types = obj_types(e, o)
        if all_targets_illegal(e, &si):
            log_event(e, EV_FIZZLE, o, 0, 0)
            put_into_graveyard(e, o)                       # 608.2b
            return
        log_event(e, EV_RESOLVE, o, si.ability, 0)
        if is_permanent_card(types):
            # 301.2 / 302.2 / 303.2: onto the battlefield under its controller's control;
            # an Aura spell enters attached to what it targets (303.4b), if it still can
            # enchant it (303.4g; its target was legal, or it fizzled above).
            if card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA and \
                    resolve_ref(e, REF_TARGET0, si.controller, o, &si, out) > 0:
                put_onto_battlefield(e, o, si.controller, out[0])
            else:
                enter_battlefield(e, o, si.controller)
        else:
            run_program(e, ability_row(e, si.ability)[AF_PROG_START],
                        ability_row(e, si.ability)[AF_PROG_LEN], si.controller, o, &si)
            if e.ob[o].zone == zone_of(e, 0, Z_STACK):
                put_into_graveyard(e, o)                   # 304.2 / 307.2
        return
    if all_targets_illegal(e, &si):
        log_event(e, EV_FIZZLE, o, si.ability, 1)
        return
    log_event(e, EV_RESOLVE, o, si.ability, 1)
    if si.ability >= 0:
        start = ability_row(e, si.ability)[AF_PROG_START]
        length = ability_row(e, si.ability)[AF_PROG_LEN]
    else:
        start = si.prog_start
        length = si.prog_len
    run_program(e, start, length, si.controller, o, &si)
