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
    if timing >= TIME_DURING_COMBAT:
        return combat_timing_allows(e, timing)             # 506.6 (priority.pxi)
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
    if not can_pay_p(e, p, base_cost(e, o), base_hybrid(e, o), base_phyrexian(e, o),
                     base_life_cost(e, o), -1):          # phyrexian.pxi (107.4f)
        return E_CANT_PAY
    if not spell_sac_leaves_one(e, p, o):
        return E_CANT_PAY                                # 601.2g-h: a Treasure for both
    return E_OK


cdef bint spell_sac_leaves_one(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """601.2g-h: the mana of card ``o``'s base cost can be paid leaving a permanent to
    sacrifice for its additional cost (True if it has none)."""
    cdef int32_t ab = spell_ability(e, e.ob[o].card)
    if ab < 0 or not (ability_row(e, ab)[AF_COST_FLAGS] & COST_SAC_CREATURE):
        return True
    return spell_sac_reserve(e, p, ability_row(e, ab), base_cost(e, o), base_hybrid(e, o),
                             base_phyrexian(e, o), base_life_cost(e, o)) != -2


cdef int32_t base_life_cost(Engine* e, int32_t o) noexcept nogil:
    """The life the cost of base_cost(e, o) asks besides its mana (119.4): "Pay N life"
    of the spell (601.2h) and a flashback cost's life (702.34a)."""
    cdef int32_t sa = spell_ability(e, e.ob[o].card), life = 0
    cdef const int32_t* ab
    if sa < 0:
        return 0
    ab = ability_row(e, sa)
    if ab[AF_COST_FLAGS] & COST_PAY_LIFE:
        life += ab[AF_LIFE_COST]
    if zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD:
        life += ab[AF_FLASHBACK_LIFE]
    return life


cdef int32_t spell_life_cost(Engine* e, int32_t o, int32_t info) noexcept nogil:
    """The life the total cost of spell ``o`` asks besides its mana and Phyrexian pips
    (119.4, 601.2f): "Pay N life" (601.2h), its flashback cost's (702.34a) or its
    alternative cost's (118.9)."""
    cdef int32_t sa = spell_ability(e, e.ob[o].card), life = 0
    cdef const int32_t* ab
    if sa < 0:
        return 0
    ab = ability_row(e, sa)
    if ab[AF_COST_FLAGS] & COST_PAY_LIFE:
        life += ab[AF_LIFE_COST]
    if info & CI_FLASHBACK:
        life += ab[AF_FLASHBACK_LIFE]
    if e.ob[o].alt_cost & ALT_CAST:
        life += ab[AF_ALT_LIFE]                           # alternative_costs.pxi (118.9)
    return life


cdef inline const int32_t* base_cost(Engine* e, int32_t o) noexcept nogil:
    """The mana part of the cost a card is cast for with X = 0 and no optional costs:
    its flashback cost from a graveyard (702.34a), its mana cost otherwise (601.2f)."""
    if zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD:
        return ability_row(e, spell_ability(e, e.ob[o].card)) + AF_FLASHBACK_GENERIC
    return card_row(e, e.ob[o].card) + CF_COST_GENERIC


cdef inline bint may_cast_from(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """A card is cast from its owner's hand (601.2a), or from their graveyard if it has
    flashback (702.34a)."""
    cdef int32_t ab
    if e.ob[o].zone == zone_of(e, p, Z_HAND):
        return True
    if e.ob[o].zone != zone_of(e, p, Z_GRAVEYARD):
        return False
    ab = spell_ability(e, e.ob[o].card)
    return ab >= 0 and (ability_row(e, ab)[AF_COST_FLAGS] & COST_FLASHBACK) != 0


cdef inline int32_t spell_sac_spec(const int32_t* ab) noexcept nogil:
    """601.2f, 118.8: what a spell's additional sacrifice cost (COST_SAC_CREATURE) asks for:
    its AF_SAC_COST card types ("sacrifice an artifact or creature"), a creature if none."""
    return ab[AF_SAC_COST] if ab[AF_SAC_COST] else T_CREATURE


cdef int32_t spell_sac_candidates(Engine* e, int32_t p, const int32_t* ab, ActionSink* s) noexcept nogil:
    """The permanents ``p`` may sacrifice for the additional cost of spell ability ``ab``
    (601.2h): theirs, with one of the cost's card types; each emitted as A_SAC_COST if ``s``."""
    cdef int32_t i, m, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD), spec = spell_sac_spec(ab)
    for i in range(e.zcount[bf]):
        m = zone_list(e, bf)[i]
        if cost_candidate(e, p, -1, spec, m):
            n += 1
            if s != NULL:
                emit(s, make_action(A_SAC_COST, m, 0))
    return n


cdef int32_t spell_sac_reserve(Engine* e, int32_t p, const int32_t* ab, const int32_t* cost,
                               int32_t hybrid, int32_t phyrexian, int32_t life) noexcept nogil:
    """601.2g-h: mana abilities are activated before the costs are paid, so paying the mana
    of a spell that asks to sacrifice an artifact must leave something to sacrifice.  -1: a
    candidate that paying mana can't remove (not a Treasure: one tapped for mana can still be
    sacrificed); else a Treasure-like candidate the payment must not use (``cost`` is payable
    without it); -2: none."""
    cdef int32_t i, m, bf = zone_of(e, 0, Z_BATTLEFIELD), spec = spell_sac_spec(ab), keep = -2
    for i in range(e.zcount[bf]):
        m = zone_list(e, bf)[i]
        if not cost_candidate(e, p, -1, spec, m):
            continue
        if not ((card_row(e, e.ob[m].card)[CF_ABILITY_KINDS] & (1 << AB_MANA))
                and sacrifices_itself(e, m)):
            return -1
        if keep == -2 and can_pay_p(e, p, cost, hybrid, phyrexian, life, m):
            keep = m
    return keep


cdef bint additional_costs_payable(Engine* e, int32_t p, int32_t o, const int32_t* ab,
                                   bint flashback) noexcept nogil:
    """601.2f-h: the costs that aren't mana.  A permanent to sacrifice, a card to discard
    other than the spell itself, and life to pay: 119.4, a player can pay life only if
    their life total is at least the amount."""
    cdef int32_t flags = ab[AF_COST_FLAGS], hand, life = 0
    if (flags & COST_SAC_CREATURE) and spell_sac_candidates(e, p, ab, NULL) == 0:
        return False
    if flags & COST_DISCARD:
        hand = e.zcount[zone_of(e, p, Z_HAND)]
        if e.ob[o].zone == zone_of(e, p, Z_HAND):
            hand -= 1
        if hand < 1:
            return False
    if flags & COST_PAY_LIFE:
        life += ab[AF_LIFE_COST]
    if flashback:
        life += ab[AF_FLASHBACK_LIFE]
    return life == 0 or e.pl[p].life >= life


cdef int32_t available_modes(Engine* e, const int32_t* row, int32_t p, int32_t source,
                             int32_t chosen, int32_t* avail) noexcept nogil:
    """700.2 / 601.2c: the modes of a modal spell that can be chosen now: not chosen yet,
    each of their targets has a legal choice.  Fills ``avail`` as a bitmask; returns how many."""
    cdef int32_t m, k, n = 0
    cdef const int32_t* mr
    cdef bint ok
    avail[0] = 0
    for m in range(row[AF_N_MODES]):
        if chosen & (1 << m):
            continue
        mr = ability_row(e, row[AF_MODE_START] + m)
        ok = True
        for k in range(mr[AF_N_TARGETS]):
            if list_targets(e, mr[AF_TARGET0 + k], p, source, NULL) < \
                    targets_needed(mr[AF_TARGET0 + k], k):
                ok = False
                break
        if ok:
            avail[0] |= 1 << m
            n += 1
    return n


cdef int32_t check_cast_except_cost(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """Everything 601.2 asks before paying: the card, its timing, its targets."""
    cdef const int32_t* row
    cdef int32_t n, i, ab
    cdef int32_t specs[2]
    cdef int32_t avail
    if o < 0 or o >= e.h.n_objects or not may_cast_from(e, p, o):
        return E_NOT_IN_HAND
    row = card_row(e, e.ob[o].card)
    if row[CF_TYPES] & T_LAND:
        return E_LAND_NOT_CAST
    if (row[CF_FACE] & (FACE_SPLIT | FACE_FRONT)) == (FACE_SPLIT | FACE_FRONT):
        return E_SPLIT_HALF                     # faces: 709.3, one half is cast
    if not ((row[CF_TYPES] & T_INSTANT) or (row[CF_KEYWORDS] & KW_FLASH)):
        if not sorcery_timing(e, p):
            return E_SORCERY_TIMING
    if row[CF_TYPES] & (T_INSTANT | T_SORCERY):
        # 601.3: the spell's own text may limit when it can be cast (503.3).
        ab = spell_ability(e, e.ob[o].card)
        if ab >= 0 and not timing_allows(e, p, ability_row(e, ab)[AF_TIMING]):
            return E_CAST_TIMING
    spell_targets(e, o, &n, specs)
    for i in range(spell_required_targets(e, o, n)):      # "up to one target": none needed
        # the spell is the source (702.16b)
        if list_targets(e, specs[i], p, o, NULL) < targets_needed(specs[i], i):
            return E_NO_TARGETS
    ab = spell_ability(e, e.ob[o].card)
    if ab >= 0:
        if ability_row(e, ab)[AF_N_MODES] and \
                available_modes(e, ability_row(e, ab), p, -1, 0, &avail) < ability_row(e, ab)[AF_CHOOSE]:
            return E_NO_TARGETS                               # 700.2, 601.2c
        if not additional_costs_payable(e, p, o, ability_row(e, ab),
                                        zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD):
            return E_CANT_PAY                                 # 601.2h
    return E_OK


cdef int32_t check_play_land(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """505.5b / 305.2: a land from hand, own main phase, empty stack, a land play left."""
    if o < 0 or o >= e.h.n_objects or e.ob[o].zone != zone_of(e, p, Z_HAND):
        return E_NOT_IN_HAND
    if not (obj_types(e, o) & T_LAND):
        return E_NOT_A_LAND
    if not sorcery_timing(e, p):
        return E_LAND_TIMING
    if e.h.lands_played >= e.pl[p].land_plays and \
            e.h.lands_played >= e.pl[p].land_plays + extra_land_plays(e, p):
        return E_LAND_LIMIT
    return E_OK


cdef int32_t extra_land_plays(Engine* e, int32_t p) noexcept nogil:
    """305.2a: one more land play for each "You may play an additional land on each
    of your turns." of a permanent ``p`` controls, on ``p``'s turn."""
    cdef int32_t i, o, n = 0, bf
    if not (bf_kinds(e) & (1 << AB_STATIC)) or e.h.active != p:
        return 0
    bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller == p and e.ob[o].phased_out == 0 and \
                card_row(e, e.ob[o].card)[CF_STATIC] == STAT_EXTRA_LAND and \
                not lost_all_abilities(e, o):
            n += 1
    return n


cdef void play_land(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """305.1: playing a land is a special action; it doesn't use the stack."""
    e.h.lands_played += 1
    log_event(e, EV_PLAY_LAND, p, o, 0)
    enter_battlefield(e, o, p)


# --- equip abilities whose cost depends on the target (601.2f) -------------------------------

cdef bint is_equip_ability(Engine* e, int32_t ab, int32_t source) noexcept nogil:
    """702.6a: an Equipment's "[cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery." -- its program is exactly that attach."""
    cdef const int32_t* row
    if ab < 0 or source < 0 or not (card_row(e, e.ob[source].card)[CF_SUBTYPES] & SUB_EQUIPMENT):
        return False
    row = ability_row(e, ab)
    return row[AF_KIND] == AB_ACTIVATED and row[AF_TIMING] == TIME_SORCERY and \
        row[AF_PROG_LEN] == 2 and e.prog[row[AF_PROG_START]] == OP_ATTACH and \
        e.prog[row[AF_PROG_START] + 1] == REF_TARGET0


cdef inline int32_t equip_discount(Engine* e, int32_t p, int32_t t) noexcept nogil:
    """"Equip abilities you activate that target ~ cost {N} less to activate" of target
    ``t``, for an equip ability ``p`` activates ("you": ``t``'s controller)."""
    if t < 0 or t >= TGT_PLAYER or e.ob[t].controller != p:
        return 0
    return card_row(e, e.ob[t].card)[CF_EQUIP_DISCOUNT]


cdef inline void reduced_cost(const int32_t* cost, int32_t discount, int32_t* out) noexcept nogil:
    """601.2f: a reduction of generic mana lowers only the generic part, not below 0."""
    cdef int32_t i
    for i in range(7):
        out[i] = cost[i]
    out[0] = cost[0] - discount if cost[0] > discount else 0


cdef bint can_pay_equip(Engine* e, int32_t p, int32_t ab, int32_t source, int32_t t) noexcept nogil:
    """Could ``p`` pay equip ability ``ab`` of ``source`` with ``t`` as its target?"""
    cdef int32_t cost[7]
    reduced_cost(ability_row(e, ab) + AF_COST_GENERIC, equip_discount(e, p, t), cost)
    return can_pay_h(e, p, cost, ability_row(e, ab)[AF_COST_HYBRID], -1)


cdef int32_t check_activate(Engine* e, int32_t p, int32_t o, int32_t idx, int32_t want_kind) noexcept nogil:
    cdef const int32_t* row
    cdef const int32_t* ab
    cdef int32_t i, exclude = -1, ab_i
    if o < 0 or o >= e.h.n_objects:
        return E_BAD_OBJECT
    if e.ob[o].zone == zone_of(e, p, Z_HAND):
        # 602.2 / 113.6e: an ability that works from the hand (cycling 702.29, channel 207.2c)
        row = card_row(e, e.ob[o].card)
        if idx < 0 or idx >= row[CF_ABILITY_COUNT]:
            return E_BAD_ABILITY
        ab = ability_row(e, row[CF_ABILITY_START] + idx)
        if ab[AF_KIND] != want_kind or not ab[AF_FROM_HAND]:
            return E_BAD_OBJECT
        if not timing_allows(e, p, ab[AF_TIMING]):
            return E_ABILITY_TIMING
        for i in range(ab[AF_N_TARGETS]):
            if list_targets(e, ab[AF_TARGET0 + i], p, o, NULL) < slot_needed(ab, i):
                return E_NO_TARGETS                      # 601.2c via 602.2b
        if ab[AF_N_MODES] and not has_a_mode(e, ab, p, o):
            return E_NO_TARGETS                          # 700.2
        if not ability_can_pay(e, p, ab, -1):
            return E_CANT_PAY
        return E_OK
    if not on_battlefield(e, o):
        return E_BAD_OBJECT
    if e.ob[o].controller != p:
        return E_NOT_YOURS
    ab_i = host_ability_row(e, o, idx)        # its own, or one granted to it (grants.pxi)
    if ab_i < 0:
        return E_BAD_ABILITY
    ab = ability_row(e, ab_i)
    # 613.1f: Humility (a granted ability is listed only if no later effect removed it)
    if ab[AF_KIND] != want_kind or ab[AF_FROM_HAND] or (idx < GRANT_INDEX and lost_all_abilities(e, o)):
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
    if ab[AF_COST_FLAGS] & COST_ONCE_EACH_TURN and e.ob[o].loyalty_turn == e.h.turn:
        return E_ONCE_EACH_TURN                          # 602.5b
    if not timing_allows(e, p, ab[AF_TIMING]):
        return E_ABILITY_TIMING
    for i in range(ab[AF_N_TARGETS]):
        if list_targets(e, ab[AF_TARGET0 + i], p, o, NULL) < slot_needed(ab, i):
            return E_NO_TARGETS                          # 601.2c ("up to one": none needed)
    if ab[AF_N_MODES] and not has_a_mode(e, ab, p, o):
        return E_NO_TARGETS                              # 700.2: no mode can be chosen
    if has_other_costs(ab):
        i = other_costs_check(e, p, o, ab, exclude)       # 118.3
        if i != E_OK:
            return i
    if is_equip_ability(e, ab_i, o):
        if not equip_payable(e, p, ab_i, o):
            return E_CANT_PAY
        return E_OK
    if not ability_can_pay(e, p, ab, exclude):
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


cdef bint equip_payable(Engine* e, int32_t p, int32_t ab, int32_t o) noexcept nogil:
    """601.2f: an equip ability can be activated when its cost can be paid with some legal
    target; the cheapest is the one with the biggest reduction."""
    cdef int32_t i, best = 0, d, bf = zone_of(e, 0, Z_BATTLEFIELD), t
    cdef int32_t cost[7]
    cdef int32_t spec = ability_row(e, ab)[AF_TARGET0]
    if bf_equip_discounts(e):
        for i in range(e.zcount[bf]):
            t = zone_list(e, bf)[i]
            d = equip_discount(e, p, t)
            if d > best and target_legal(e, spec, t, p, o):
                best = d
    reduced_cost(ability_row(e, ab) + AF_COST_GENERIC, best, cost)
    return can_pay_h(e, p, cost, ability_row(e, ab)[AF_COST_HYBRID], -1)


cdef inline bint bf_equip_discounts(Engine* e) noexcept nogil:
    """Might some permanent reduce equip costs?  (A superset test: scans skip otherwise.)"""
    return (e.h.bf_ability_kinds & (1 << AB_STATIC)) != 0


cdef int32_t push_stack(Engine* e, int32_t kind, int32_t o, int32_t controller, int32_t ability,
                        int32_t n_targets) noexcept nogil:
    cdef StackItem* si
    if e.h.stack_n >= e.h.stack_cap and not grow_state(e, GROW_STACK):
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
    cast_spell(e, p, o, False)


cdef void cast_spell(Engine* e, int32_t p, int32_t o, bint alternative) noexcept nogil:
    """begin_cast; ``alternative``: paying its alternative cost (A_CAST_ALT, 118.9, 601.2b)."""
    cdef int32_t n, s
    cdef int32_t specs[2]
    if e.h.stack_n >= e.h.stack_cap and not grow_state(e, GROW_STACK):
        abort_game(e, ABORT_STACK)
        return
    cdef bint flashback = zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD
    spell_targets(e, o, &n, specs)
    e.ob[o].cast_from = zone_kind(e, e.ob[o].zone) + 1     # 601.2a: where it was cast from
    move_object(e, o, zone_of(e, 0, Z_STACK), True)
    e.ob[o].controller = p
    e.ob[o].cast_info = CI_FLASHBACK if flashback else 0
    e.ob[o].alt_cost = ALT_CAST if alternative else 0       # alternative_costs.pxi (118.9)
    s = push_stack(e, SK_SPELL, o, p, spell_ability(e, e.ob[o].card), n)
    if s < 0:
        return
    log_event(e, EV_CAST, p, o, 1 if flashback else 0)
    if alternative:
        log_event(e, EV_ALT_COST, o, 0, 0)
    e.h.casting = s
    continue_casting(e)


cdef void spell_cost(Engine* e, int32_t o, int32_t info, int32_t x, int32_t* cost) noexcept nogil:
    """601.2f: the total cost of spell ``o`` -- its mana cost, flashback cost (702.34a) or
    alternative cost (118.9), plus its kicker cost if kicked (702.33, 118.9d), with X = ``x``
    (107.3)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef const int32_t* base = row + CF_COST_GENERIC
    cdef const int32_t* ab = NULL
    cdef int32_t i, sa = spell_ability(e, e.ob[o].card)
    if sa >= 0:
        ab = ability_row(e, sa)
        if info & CI_FLASHBACK:
            base = ab + AF_FLASHBACK_GENERIC
        elif e.ob[o].alt_cost & ALT_CAST:
            base = ab + AF_ALT_GENERIC                         # alternative_costs.pxi
    for i in range(7):
        cost[i] = base[i]
        if ab != NULL and (info & CI_KICKED):
            cost[i] += ab[AF_KICKER_GENERIC + i] * kick_count(info)    # 702.33c
    cost[0] += x * row[CF_COST_X]


cdef int32_t max_x(Engine* e, int32_t p, int32_t o, int32_t info) noexcept nogil:
    """107.3 / 601.2f: the largest X whose total cost ``p`` can pay (at most CI_X_MAX)."""
    cdef int32_t cost[7]
    cdef int32_t x = 0
    if card_row(e, e.ob[o].card)[CF_COST_X] <= 0:
        return 0
    while x < CI_X_MAX:
        spell_cost(e, o, info, x + 1, cost)
        if cost_size(cost) > MAX_UNITS or not can_pay_p(e, p, cost, spell_hybrid(e, o, info),
                                                         spell_phyrexian(e, o, info),
                                                         spell_life_cost(e, o, info), -1):
            break
        x += 1
    return x


cdef inline int32_t popcount(int32_t v) noexcept nogil:
    cdef int32_t n = 0
    while v:
        v &= v - 1
        n += 1
    return n


cdef inline void ask(Engine* e, int32_t decision, int32_t p, int32_t ctx) noexcept nogil:
    e.h.decision = decision
    e.h.decider = p
    e.h.dctx0 = ctx


cdef void continue_casting(Engine* e) noexcept nogil:
    """601.2b-i, one choice at a time: modes (700.2), kicker (702.33), X (107.3), targets
    (601.2c), then the costs: mana and life (601.2g-h, paid automatically), the creature to
    sacrifice and the card to discard; then the spell is cast (601.2i)."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t o = si.obj, p = si.controller, slot, flags = 0, paid
    cdef int32_t* info = &e.ob[o].cast_info
    cdef const int32_t* ab = NULL
    cdef int32_t cost[7]
    if si.ability >= 0:
        ab = ability_row(e, si.ability)
        flags = ab[AF_COST_FLAGS]
        if ab[AF_N_MODES] and popcount(info[0] & CI_MODES) < ab[AF_CHOOSE]:
            ask(e, D_CAST_CHOICE, p, CC_MODE)
            return
        if (flags & COST_KICKER) and not (info[0] & CI_KICK_DECIDED):
            spell_cost(e, o, one_more_kick(ab, info[0]), 0, cost)        # kicker.pxi
            if one_more_kick(ab, info[0]) != info[0] and \
                    can_pay_p(e, p, cost, spell_hybrid(e, o, info[0]),
                              spell_phyrexian(e, o, info[0]), spell_life_cost(e, o, info[0]), -1):
                ask(e, D_CAST_CHOICE, p, CC_KICK)
                return
            info[0] |= CI_KICK_DECIDED                 # it can't be paid: not kicked
    if card_row(e, e.ob[o].card)[CF_COST_X] and not (info[0] & CI_X_DECIDED):
        ask(e, D_CAST_CHOICE, p, CC_X)
        return
    for slot in range(si.n_targets):
        if si.targets[slot] == TGT_NONE:
            ask(e, D_TARGET, p, slot)
            return
    if not (info[0] & CI_PAID):
        paid = 0
        if spell_phyrexian(e, o, info[0]):                # phyrexian.pxi (107.4f, 601.2h)
            if phyrexian_choices(e, p, o, NULL, &paid) > 1:
                ask(e, D_CAST_CHOICE, p, CC_PHYREXIAN)
                return
        pay_spell_cost(e, p, o, paid)
    if alt_cost_pending(e, o):                         # alternative_costs.pxi (601.2h)
        if alt_candidates(e, p, o, alternative_row(e, o), NULL):
            ask(e, D_CAST_CHOICE, p, CC_ALT)
            return
        alt_cost_taken_all(e, o)       # a departed player took them (800.4a): go on without
    if (flags & COST_SAC_CREATURE) and not (info[0] & CI_SAC_DONE):
        if spell_sac_candidates(e, p, ab, NULL):
            ask(e, D_CAST_CHOICE, p, CC_SAC)
            return
        info[0] |= CI_SAC_DONE
    if (flags & COST_DISCARD) and not (info[0] & CI_DISCARD_DONE):
        if e.zcount[zone_of(e, p, Z_HAND)]:
            ask(e, D_CAST_CHOICE, p, CC_DISCARD)
            return
        info[0] |= CI_DISCARD_DONE
    done_putting_on_stack(e, p)
    queue_cast_triggers(e, o, p)                       # 601.2i: the spell becomes cast
    note_spell_cast(e, p)                              # faces: turn history (turn_history.pxi)


cdef void pay_spell_cost(Engine* e, int32_t p, int32_t o, int32_t paid) noexcept nogil:
    """601.2g-h: pay the mana and life of spell ``o``'s total cost (mana paid
    automatically), its Phyrexian pips in ``paid`` (a CF_COST_PHYREXIAN word) with 2 life
    each, the others with mana (107.4f)."""
    cdef int32_t* info = &e.ob[o].cast_info
    cdef int32_t cost[7]
    cdef int32_t rest[7]
    cdef int32_t life = spell_life_cost(e, o, info[0]) + PHYREXIAN_LIFE * phyrexian_count(paid)
    cdef int32_t keep = -1, sa = e.stack[e.h.casting].ability
    spell_cost(e, o, info[0], (info[0] >> CI_X_SHIFT) & CI_X_MAX, cost)
    cost_paid_with_life(cost, paid, rest)
    if sa >= 0 and (ability_row(e, sa)[AF_COST_FLAGS] & COST_SAC_CREATURE):
        # 601.2g: the mana abilities leave a permanent to sacrifice (601.2h)
        keep = spell_sac_reserve(e, p, ability_row(e, sa), rest, spell_hybrid(e, o, info[0]), 0,
                                 0)
        if keep < 0:
            keep = -1
    if not pay_cost_h(e, p, rest, spell_hybrid(e, o, info[0]), keep) and MTG_CORE_DEBUG and paid:
        debug_fail(b"pay_spell_cost: a Phyrexian choice offered as payable could not be paid")
    if life:
        log_event(e, EV_PAY_LIFE, p, life, 0)
        lose_life(e, p, life)                     # 119.4: paying life is losing it
    info[0] |= CI_PAID


cdef void cast_choice(Engine* e, int32_t kind, int32_t a) noexcept nogil:
    """Apply one D_CAST_CHOICE answer (legal: from legal_actions), then go on casting."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t o = si.obj, m, n
    cdef int32_t* info = &e.ob[o].cast_info
    cdef const int32_t* ab
    if kind == A_CHOOSE_MODE:
        info[0] |= 1 << a
        log_event(e, EV_MODE, o, a, 0)
        ab = ability_row(e, si.ability)
        if popcount(info[0] & CI_MODES) == ab[AF_CHOOSE]:
            # 700.2a / 601.2c: the chosen modes' targets, in the order the modes are printed
            n = 0
            for m in range(ab[AF_N_MODES]):
                if info[0] & (1 << m):
                    n += ability_row(e, ab[AF_MODE_START] + m)[AF_N_TARGETS]
            si.n_targets = n
    elif kind == A_KICK:
        info[0] = kick_answer(ability_row(e, si.ability), info[0], a)      # kicker.pxi
        if a:
            log_event(e, EV_KICKED, o, 0, 0)
    elif kind == A_CHOOSE_X:
        info[0] |= CI_X_DECIDED | (a << CI_X_SHIFT)
        log_event(e, EV_X, o, a, 0)
    elif kind == A_SAC_COST:
        info[0] |= CI_SAC_DONE
        log_event(e, EV_SACRIFICE, a, 0, 0)
        put_into_graveyard(e, a)
    elif kind == A_DISCARD_COST:
        info[0] |= CI_DISCARD_DONE
        log_event(e, EV_DISCARD, si.controller, a, 0)
        move_object(e, a, zone_of(e, e.ob[a].owner, Z_GRAVEYARD), True)
    elif kind == A_ALT_COST:
        take_for_alt_cost(e, o, a)                       # alternative_costs.pxi (601.2h)
    elif kind == A_PHYREXIAN:
        pay_spell_cost(e, si.controller, o, a)           # phyrexian.pxi (107.4f, 601.2h)
    continue_casting(e)


cdef void cast_choice_actions(Engine* e, ActionSink* s) noexcept nogil:
    """The legal answers to a D_CAST_CHOICE.  Modes are chosen in printed order (a set of
    modes, 700.2), each one only if enough choosable modes remain after it."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t o = si.obj, p = e.h.decider, info = e.ob[o].cast_info, m, x, i, t, avail
    cdef int32_t need, after, chosen
    cdef const int32_t* ab
    if e.h.dctx0 == CC_MODE:
        ab = ability_row(e, si.ability)
        chosen = info & CI_MODES
        need = ab[AF_CHOOSE] - popcount(chosen)
        available_modes(e, ab, p, o, chosen, &avail)
        for m in range(ab[AF_N_MODES]):
            if (avail & (1 << m)) and (1 << m) > chosen:
                after = popcount(avail >> (m + 1))
                if after >= need - 1:
                    emit(s, make_action(A_CHOOSE_MODE, m, 0))
    elif e.h.dctx0 == CC_KICK:
        emit(s, make_action(A_KICK, 0, 0))
        emit(s, make_action(A_KICK, 1, 0))
    elif e.h.dctx0 == CC_X:
        for x in range(max_x(e, p, o, info) + 1):
            emit(s, make_action(A_CHOOSE_X, x, 0))
    elif e.h.dctx0 == CC_SAC:
        spell_sac_candidates(e, p, ability_row(e, si.ability), s)    # 601.2h
    elif e.h.dctx0 == CC_DISCARD:
        t = zone_of(e, p, Z_HAND)
        for i in range(e.zcount[t]):
            emit(s, make_action(A_DISCARD_COST, zone_list(e, t)[i], 0))
    elif e.h.dctx0 == CC_ALT:
        alt_candidates(e, p, o, alternative_row(e, o), s)   # alternative_costs.pxi
    elif e.h.dctx0 == CC_PHYREXIAN:
        phyrexian_choices(e, p, o, s, &t)                    # phyrexian.pxi (601.2h)


cdef void begin_activate(Engine* e, int32_t p, int32_t o, int32_t idx) noexcept nogil:
    """602.2: announce, choose targets, pay costs."""
    cdef int32_t ab = host_ability_row(e, o, idx)       # grants.pxi: its own or granted
    cdef int32_t s = push_stack(e, SK_ABILITY, o, p, ab, ability_row(e, ab)[AF_N_TARGETS])
    if s < 0:
        return
    log_event(e, EV_ACTIVATE, p, o, ab)
    if zone_kind(e, e.ob[o].zone) == Z_HAND:
        known_revealed(e, o)       # 602.2a: activated from a hidden zone, the card is revealed
    e.h.casting = s
    if modal_ability(e, ab):
        ask(e, D_ABILITY_MODE, p, 0)                     # 602.2b: the mode first (700.2)
    elif e.stack[s].n_targets > 0:
        e.h.decision = D_TARGET
        e.h.decider = p
        e.h.dctx0 = 0
    else:
        finish_putting_on_stack(e)


cdef int32_t target_spec_of(Engine* e, StackItem* si, int32_t slot) noexcept nogil:
    """What target ``slot`` of a stack object may be: an Aura spell's enchant (303.4a),
    otherwise its ability's target specification."""
    cdef const int32_t* ab
    cdef const int32_t* mr
    cdef int32_t m, info
    if si.kind == SK_SPELL and si.ability < 0:
        return card_row(e, e.ob[si.obj].card)[CF_ENCHANT]
    ab = ability_row(e, si.ability)
    if ab[AF_N_MODES] and si.kind != SK_SPELL:
        mr = chosen_ability_mode(e, si)                  # 700.2: the chosen mode's targets
        return mr[AF_TARGET0 + slot] if mr != NULL else 0
    if ab[AF_N_MODES] and si.kind == SK_SPELL:
        # 700.2a: the targets of the chosen modes, in printed order
        info = e.ob[si.obj].cast_info
        for m in range(ab[AF_N_MODES]):
            if info & (1 << m):
                mr = ability_row(e, ab[AF_MODE_START] + m)
                if slot < mr[AF_N_TARGETS]:
                    return mr[AF_TARGET0 + slot]
                slot -= mr[AF_N_TARGETS]
        return 0
    return ability_row(e, si.ability)[AF_TARGET0 + slot]


cdef int32_t target_choices(Engine* e, StackItem* si, int32_t slot, int32_t* out) noexcept nogil:
    """The legal choices for target ``slot`` of ``si`` (``out`` may be NULL): those of its
    spec, less -- for a further choice of the same word "target" (TS_DIFFERENT) -- what
    the earlier slots chose (601.2c)."""
    cdef int32_t spec = target_spec_of(e, si, slot)
    cdef int32_t n, i, k, kept = 0
    cdef bint taken
    cdef int32_t tmp[TGT_PLAYER + MAX_PLAYERS]
    if not (spec & TS_DIFFERENT):
        return list_targets(e, spec, si.controller, si.obj, out)
    n = list_targets(e, spec, si.controller, si.obj, tmp)
    for i in range(n):
        taken = False
        for k in range(slot):
            if si.targets[k] == tmp[i]:
                taken = True
        if not taken:
            if out != NULL:
                out[kept] = tmp[i]
            kept += 1
    return kept


cdef void choose_target(Engine* e, int32_t t) noexcept nogil:
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t slot = e.h.dctx0
    si.targets[slot] = t
    si.target_inc[slot] = e.ob[t].incarnation if t < TGT_PLAYER else 0
    log_event(e, EV_TARGET, si.obj, t, si.kind)
    queue_becomes_target(e, si, slot, t)                 # 702.21a ward
    if slot + 1 < si.n_targets:
        e.h.dctx0 = slot + 1
        return
    e.h.decision = D_NONE
    if si.kind == SK_TRIGGER:
        e.h.casting = -1
        return          # the trigger loop goes on with the next pending trigger
    if si.kind == SK_SPELL:
        continue_casting(e)
        return
    finish_putting_on_stack(e)


cdef void finish_putting_on_stack(Engine* e) noexcept nogil:
    """602.2b: pay the total cost of an activated ability (spells: continue_casting);
    the costs other than mana and {T} are continue_activation's (end of this file).
    117.3c: the player who activated it receives priority again."""
    cdef StackItem* si = &e.stack[e.h.casting]
    if ability_row(e, si.ability)[AF_CREW]:                  # 702.122a (vehicles.pxi)
        ask(e, D_CREW, si.controller, ability_row(e, si.ability)[AF_CREW])
        return
    if ability_row(e, si.ability)[AF_TAP_COST]:
        ask(e, D_ACTIVATION_COST, si.controller, PAYC_TAP)    # chosen before the mana
        return
    pay_activation_mana(e)
    continue_activation(e, PAYC_SAC)


cdef void pay_fixed_costs(Engine* e) noexcept nogil:
    """The last parts of an activated ability's cost: loyalty (606.4), "Sacrifice ~",
    "Discard this card" (cycling); then it is activated."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef int32_t p = si.controller
    if ab[AF_COST_FLAGS] & COST_LOYALTY:
        pay_loyalty(e, si.obj, ab[AF_LOYALTY])
    if ab[AF_COST_FLAGS] & COST_ONCE_EACH_TURN:
        e.ob[si.obj].loyalty_turn = e.h.turn               # 602.5b: activated this turn
    if ab[AF_COST_FLAGS] & COST_SAC_SELF:
        log_event(e, EV_SACRIFICE, si.obj, 0, 0)
        put_into_graveyard(e, si.obj)
    if ab[AF_COST_FLAGS] & COST_DISCARD_SELF:              # "Discard this card" (701.9)
        if ab[AF_FROM_HAND] == FROM_HAND_CYCLING:
            log_event(e, EV_CYCLE, p, si.obj, 0)           # 702.29d: it is cycled
        log_event(e, EV_DISCARD, p, si.obj, 0)
        move_object(e, si.obj, zone_of(e, e.ob[si.obj].owner, Z_GRAVEYARD), True)
    done_putting_on_stack(e, p)


cdef void done_putting_on_stack(Engine* e, int32_t p) noexcept nogil:
    """601.2i / 602.2e: the spell is cast or the ability activated; 117.3c."""
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
    if si.kind == SK_TRIGGER:
        chapter_left(e, si.ability)                        # 714.4 (sagas.pxi)
    if si.kind == SK_SPELL:
        types = obj_types(e, o)
        if all_targets_illegal(e, &si):
            log_event(e, EV_FIZZLE, o, 0, 0)
            spell_leaves_stack(e, o)                       # 608.2b
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
            if ability_row(e, si.ability)[AF_N_MODES]:
                run_modes(e, &si)
            else:
                run_program(e, ability_row(e, si.ability)[AF_PROG_START],
                            ability_row(e, si.ability)[AF_PROG_LEN], si.controller, o, &si)
            if e.h.resolving_pc:
                finish_resolving(e, &si)           # a choice stopped it (608.2d): effects.pxi
                return
            if e.ob[o].zone == zone_of(e, 0, Z_STACK) and e.ob[o].incarnation == si.obj_inc:
                spell_leaves_stack(e, o)                   # 304.2 / 307.2
        return
    if all_targets_illegal(e, &si):
        log_event(e, EV_FIZZLE, o, si.ability, 1)
        return
    log_event(e, EV_RESOLVE, o, si.ability, 1)
    if si.ability >= 0 and si.prog_start < 0:          # else the chosen mode's (700.2)
        start = ability_row(e, si.ability)[AF_PROG_START]
        length = ability_row(e, si.ability)[AF_PROG_LEN]
    else:
        start = si.prog_start
        length = si.prog_len
    run_program(e, start, length, si.controller, o, &si)
    finish_resolving(e, &si)                       # a choice may have stopped it (608.2d)


cdef void run_modes(Engine* e, StackItem* si) noexcept nogil:
    """700.2: a modal spell does what its chosen modes say, in printed order; each mode
    reads its own targets (608.2b: an illegal one names nothing)."""
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef const int32_t* mr
    cdef StackItem part
    cdef int32_t m, k, off = 0, info = e.ob[si.obj].cast_info
    for m in range(ab[AF_N_MODES]):
        if not (info & (1 << m)):
            continue
        mr = ability_row(e, ab[AF_MODE_START] + m)
        part = si[0]
        part.ability = ab[AF_MODE_START] + m
        part.n_targets = mr[AF_N_TARGETS]
        for k in range(mr[AF_N_TARGETS]):
            part.targets[k] = si.targets[off + k]
            part.target_inc[k] = si.target_inc[off + k]
        off += mr[AF_N_TARGETS]
        run_program(e, mr[AF_PROG_START], mr[AF_PROG_LEN], si.controller, si.obj, &part)
        if e.h.resolving_pc:
            return                                 # a choice stopped it (608.2d)


cdef void spell_leaves_stack(Engine* e, int32_t o) noexcept nogil:
    """A resolved, countered or fizzled instant or sorcery goes to its owner's graveyard
    (608.2n, 701.5a), unless it was cast with flashback: then it is exiled (702.34a)."""
    if e.ob[o].cast_info & CI_FLASHBACK:
        exile_object(e, o)
    else:
        put_into_graveyard(e, o)


cdef void counter_spell(Engine* e, int32_t t) noexcept nogil:
    """701.5a: a countered spell is removed from the stack and put into its owner's
    graveyard (exiled if cast with flashback, 702.34a); it doesn't resolve."""
    counter_spell_to(e, t, False)


cdef void counter_spell_to(Engine* e, int32_t t, bint exile) noexcept nogil:
    """counter_spell; ``exile``: "If that spell is countered this way, exile it instead of
    putting it into its owner's graveyard" (OP_COUNTER_EXILE, 614.1a): only if it is
    countered -- a spell that can't be countered stays."""
    cdef int32_t i, j
    if card_row(e, e.ob[t].card)[CF_STATIC] == STAT_CANT_BE_COUNTERED:
        return                              # "this spell can't be countered" (101.2)
    for i in range(e.h.stack_n - 1, -1, -1):
        if e.stack[i].kind == SK_SPELL and e.stack[i].obj == t:
            for j in range(i, e.h.stack_n - 1):
                e.stack[j] = e.stack[j + 1]
            e.h.stack_n -= 1
            log_event(e, EV_COUNTERED, t, 0, 0)
            if exile:
                exile_object(e, t)
            else:
                spell_leaves_stack(e, t)
            return


cdef void counter_unless(Engine* e, int32_t t, int32_t amount) noexcept nogil:
    """701.5 "counter target spell unless its controller pays {N}": its controller decides
    (D_PAY_UNLESS) if they can pay; if they can't, it is countered.  {0} is always paid
    (118.5)."""
    cdef int32_t cost[7]
    cdef int32_t i
    if amount <= 0:
        return
    for i in range(7):
        cost[i] = 0
    cost[0] = amount
    if can_pay(e, e.ob[t].controller, cost, -1):
        e.h.unless_amount = amount
        ask(e, D_PAY_UNLESS, e.ob[t].controller, t)
    else:
        counter_spell(e, t)


cdef void answer_pay_unless(Engine* e, bint pay) noexcept nogil:
    cdef int32_t cost[7]
    cdef int32_t i, t = e.h.dctx0, p = e.h.decider
    for i in range(7):
        cost[i] = 0
    cost[0] = e.h.unless_amount
    log_event(e, EV_PAY_UNLESS, p, 1 if pay else 0, cost[0])
    e.h.unless_amount = 0
    if pay:
        pay_cost(e, p, cost, -1)
    else:
        counter_spell(e, t)


# --- costs of activated abilities other than mana and {T} (602.2b, 118.3) ------
# "Sacrifice a creature", "Discard a card", "Pay N life", "Remove a +1/+1 counter from ~",
# "Tap an untapped creature you control", {Q}.  601.2h (602.2b): the player pays the total
# cost in any order; the choices it needs (which permanent, which card) are decisions
# (D_ACTIVATION_COST), asked only for costs checked payable before (check_activate), so
# partial payments never happen.  Order: the creature to tap (before mana, so that mana
# payment can't tap it), mana and {T}, the permanent to sacrifice, the card to discard, then
# life, counters, {Q}, loyalty and "Sacrifice ~".

cdef inline bint has_other_costs(const int32_t* ab) noexcept nogil:
    return (ab[AF_SAC_COST] | ab[AF_TAP_COST] | ab[AF_COUNTER_COST] | ab[AF_OTHER_COST]
            | ab[AF_EXILE_COST] | ab[AF_CREW]) != 0 \
        or (ab[AF_COST_FLAGS] & (COST_DISCARD | COST_PAY_LIFE)) != 0


cdef inline bint cost_candidate(Engine* e, int32_t p, int32_t src, int32_t spec, int32_t o) noexcept nogil:
    """May ``p`` sacrifice (or tap) permanent ``o`` for a cost of ``src`` asking for ``spec``
    (SACQ_*)?  A permanent they control with one of its types (and its subtype, token or
    nontoken: subtypes.pxi), not ``src`` if "another"."""
    return on_battlefield(e, o) and e.ob[o].controller == p and \
        permanent_matches(e, o, spec) and \
        not ((spec & SACQ_ANOTHER) and o == src)


cdef bint mana_payable_without(Engine* e, int32_t p, const int32_t* ab, int32_t exclude,
                               int32_t c) noexcept nogil:
    """Could ``p`` still pay the mana of ``ab`` if permanent ``c`` made none (it is tapped
    or sacrificed for another part of the cost)?  ``c`` is marked tapped for the test only."""
    cdef int32_t saved = e.ob[c].tapped
    cdef bint ok
    e.ob[c].tapped = 1
    ok = ability_can_pay(e, p, ab, exclude)
    e.ob[c].tapped = saved
    return ok


cdef bint tap_cost_choice_ok(Engine* e, int32_t p, int32_t src, const int32_t* ab, int32_t c) noexcept nogil:
    """"Tap an untapped creature you control": ``c`` can be it (302.6 doesn't apply: it is
    not a {T} ability of ``c``), not the source if {T} taps that, and the mana can still be paid."""
    cdef int32_t exclude = src if ab[AF_COST_FLAGS] & COST_TAP else -1
    if not cost_candidate(e, p, src, ab[AF_TAP_COST], c) or e.ob[c].tapped or c == exclude:
        return False
    return mana_payable_without(e, p, ab, exclude, c)


cdef bint sac_cost_choice_ok(Engine* e, int32_t p, int32_t src, const int32_t* ab, int32_t c,
                             int32_t exclude) noexcept nogil:
    """A permanent to sacrifice, checked before anything is paid: one that payment won't
    sacrifice for mana (a Treasure it might need is tested without it)."""
    if not cost_candidate(e, p, src, ab[AF_SAC_COST], c):
        return False
    if (card_row(e, e.ob[c].card)[CF_ABILITY_KINDS] & (1 << AB_MANA)) and sacrifices_itself(e, c):
        return mana_payable_without(e, p, ab, exclude, c)
    return True


cdef int32_t other_costs_check(Engine* e, int32_t p, int32_t o, const int32_t* ab,
                               int32_t exclude) noexcept nogil:
    """118.3: can ``p`` pay the parts of ``ab``'s cost other than mana and {T}?  E_OK or the
    E_COST_* code of the first part that can't be paid (602.2b: then it can't be activated)."""
    cdef int32_t i, c, n, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint found
    if ab[AF_OTHER_COST] & OC_UNTAP:
        # 107.6: {Q} untaps the permanent; 302.6 applies to it as to {T}
        if not e.ob[o].tapped:
            return E_COST_TAP
        if not can_attack_or_tap_now(e, o):
            return E_SICK
    if (ab[AF_COST_FLAGS] & COST_PAY_LIFE) and e.pl[p].life < ab[AF_LIFE_COST]:
        return E_COST_LIFE                                  # 119.4
    if not crew_check(e, p, ab):                            # 702.122a (vehicles.pxi)
        return E_COST_TAP
    if ab[AF_COUNTER_COST]:
        n = ab[AF_COUNTER_COST] & 255
        c = ab[AF_COUNTER_COST] >> 8
        if (c == CTR_PLUS1 and e.ob[o].plus1 < n) or (c == CTR_MINUS1 and e.ob[o].minus1 < n):
            return E_COST_COUNTERS
    if (ab[AF_COST_FLAGS] & COST_DISCARD) and \
            cards_for_cost(e, zone_of(e, p, Z_HAND), discard_spec(ab)) < filter_count(discard_spec(ab)):
        return E_COST_DISCARD
    if ab[AF_EXILE_COST] and \
            cards_for_cost(e, zone_of(e, p, Z_GRAVEYARD), ab[AF_EXILE_COST]) < filter_count(ab[AF_EXILE_COST]):
        return E_COST_EXILE
    if ab[AF_SAC_COST] and filter_count(ab[AF_SAC_COST]) > 1:
        if not several_to_sacrifice(e, p, o, ab, exclude):
            return E_COST_SACRIFICE
    elif ab[AF_SAC_COST]:
        found = False
        for i in range(e.zcount[bf]):
            if sac_cost_choice_ok(e, p, o, ab, zone_list(e, bf)[i], exclude):
                found = True
                break
        if not found:
            return E_COST_SACRIFICE
    if ab[AF_TAP_COST]:
        # several to tap: the cost has no mana (checked on load), so any untapped ones do
        n = 0
        for i in range(e.zcount[bf]):
            if tap_cost_choice_ok(e, p, o, ab, zone_list(e, bf)[i]):
                n += 1
                if n >= filter_count(ab[AF_TAP_COST]):
                    break
        if n < filter_count(ab[AF_TAP_COST]):
            return E_COST_TAP
    return E_OK


cdef inline int32_t discard_spec(const int32_t* ab) noexcept nogil:
    """The cards a discard cost takes: AF_DISCARD_COST, or one card of any kind."""
    return ab[AF_DISCARD_COST] if ab[AF_DISCARD_COST] else FILTER_CARD


cdef int32_t cards_for_cost(Engine* e, int32_t z, int32_t spec) noexcept nogil:
    """How many cards of zone ``z`` (a hand, a graveyard) fit ``spec`` (at most the count it
    asks for: enough is enough)."""
    cdef int32_t i, n = 0, want = filter_count(spec)
    for i in range(e.zcount[z]):
        if card_matches(e, zone_list(e, z)[i], spec):
            n += 1
            if n >= want:
                break
    return n


cdef bint several_to_sacrifice(Engine* e, int32_t p, int32_t src, const int32_t* ab,
                               int32_t exclude) noexcept nogil:
    """118.3: "Sacrifice two Goblins" -- enough permanents of the kind, checked before
    anything is paid.  The mana is paid first, so self-sacrificing mana sources (Treasures)
    of the kind count only if the mana can be paid without any of them."""
    cdef int32_t i, c, plain = 0, other = 0, want = filter_count(ab[AF_SAC_COST])
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint ok
    for i in range(e.zcount[bf]):
        c = zone_list(e, bf)[i]
        if cost_candidate(e, p, src, ab[AF_SAC_COST], c):
            if (card_row(e, e.ob[c].card)[CF_ABILITY_KINDS] & (1 << AB_MANA)) and sacrifices_itself(e, c):
                other += 1
            else:
                plain += 1
    if plain >= want:
        return True
    if plain + other < want:
        return False
    for i in range(e.zcount[bf]):              # mark them tapped (2) for the test only
        c = zone_list(e, bf)[i]
        if not e.ob[c].tapped and cost_candidate(e, p, src, ab[AF_SAC_COST], c) and \
                sacrifices_itself(e, c):
            e.ob[c].tapped = 2
    ok = ability_can_pay(e, p, ab, exclude)
    for i in range(e.zcount[bf]):
        c = zone_list(e, bf)[i]
        if e.ob[c].tapped == 2:
            e.ob[c].tapped = 0
    return ok


cdef void pay_activation_mana(Engine* e) noexcept nogil:
    """602.2b / 601.2g-h: the mana of the ability being activated, and {T}."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef int32_t p = si.controller
    cdef int32_t cost[7]
    cdef const int32_t* mana = ab + AF_COST_GENERIC
    if ab[AF_ACTIVATION_DISCOUNT]:                          # 118.7 (activation_discounts.pxi)
        reduced_cost(mana, activation_discount(e, p, ab), cost)
        mana = cost
    if is_equip_ability(e, si.ability, si.obj):
        reduced_cost(ab + AF_COST_GENERIC, equip_discount(e, p, si.targets[0]), cost)
        pay_cost_h(e, p, cost, ab[AF_COST_HYBRID], -1)  # 601.2f-h: cost after its target
    elif ab[AF_COST_FLAGS] & COST_TAP:
        pay_cost_h(e, p, mana, ab[AF_COST_HYBRID], si.obj)
        e.ob[si.obj].tapped = 1
    else:
        pay_cost_h(e, p, mana, ab[AF_COST_HYBRID], -1)


cdef void continue_activation(Engine* e, int32_t stage) noexcept nogil:
    """Pay the rest of the cost of the ability being activated from ``stage`` (PAYC_*) on,
    asking D_ACTIVATION_COST where a choice is needed; then it is activated (602.2e)."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef int32_t p = si.controller, o = si.obj, n
    if stage <= PAYC_SAC and ab[AF_SAC_COST]:
        ask(e, D_ACTIVATION_COST, p, PAYC_SAC)
        return
    if stage <= PAYC_DISCARD and (ab[AF_COST_FLAGS] & COST_DISCARD):
        ask(e, D_ACTIVATION_COST, p, PAYC_DISCARD)
        return
    if stage <= PAYC_EXILE and ab[AF_EXILE_COST]:
        ask(e, D_ACTIVATION_COST, p, PAYC_EXILE)
        return
    if ab[AF_COST_FLAGS] & COST_PAY_LIFE:
        log_event(e, EV_PAY_LIFE, p, ab[AF_LIFE_COST], 0)
        lose_life(e, p, ab[AF_LIFE_COST])                 # 119.4: paying life is losing it
    if ab[AF_COUNTER_COST]:
        n = ab[AF_COUNTER_COST] & 255
        add_counters(e, o, ab[AF_COUNTER_COST] >> 8, -n)  # 122: removing counters
    if ab[AF_OTHER_COST] & OC_UNTAP:
        e.ob[o].tapped = 0                                # 107.6
    if ab[AF_OTHER_COST] & OC_EXILE_SELF:
        exile_object(e, o)                                # "Exile ~" (406.2)
    pay_fixed_costs(e)


cdef void activation_cost_actions(Engine* e, ActionSink* s) noexcept nogil:
    """The legal answers to a D_ACTIVATION_COST."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef const int32_t* ab = ability_row(e, si.ability)
    cdef int32_t p = si.controller, i, c, bf = zone_of(e, 0, Z_BATTLEFIELD), z
    cdef int32_t stage = e.h.dctx0 & ((1 << PAYC_DONE_SHIFT) - 1)
    if stage == PAYC_TAP:
        for i in range(e.zcount[bf]):
            c = zone_list(e, bf)[i]
            if tap_cost_choice_ok(e, p, si.obj, ab, c):
                emit(s, make_action(A_TAP_COST, c, 0))
    elif stage == PAYC_SAC:
        # the mana is paid by now: any permanent of the kind (a tapped one too)
        for i in range(e.zcount[bf]):
            c = zone_list(e, bf)[i]
            if cost_candidate(e, p, si.obj, ab[AF_SAC_COST], c):
                emit(s, make_action(A_SAC_COST, c, 0))
    elif stage == PAYC_DISCARD:
        z = zone_of(e, p, Z_HAND)
        for i in range(e.zcount[z]):
            if card_matches(e, zone_list(e, z)[i], discard_spec(ab)):
                emit(s, make_action(A_DISCARD_COST, zone_list(e, z)[i], 0))
    elif stage == PAYC_EXILE:
        z = zone_of(e, p, Z_GRAVEYARD)
        for i in range(e.zcount[z]):
            if card_matches(e, zone_list(e, z)[i], ab[AF_EXILE_COST]):
                emit(s, make_action(A_EXILE_COST, zone_list(e, z)[i], 0))


cdef void activation_cost_choice(Engine* e, int32_t kind, int32_t a) noexcept nogil:
    """Apply one D_ACTIVATION_COST answer (legal: from activation_cost_actions)."""
    cdef int32_t p = e.stack[e.h.casting].controller
    cdef const int32_t* ab = ability_row(e, e.stack[e.h.casting].ability)
    cdef int32_t done = (e.h.dctx0 >> PAYC_DONE_SHIFT) + 1     # chosen so far, this one too
    if kind == A_TAP_COST:
        e.ob[a].tapped = 1
        log_event(e, EV_TAPPED_FOR_COST, p, a, 0)
        if done < filter_count(ab[AF_TAP_COST]):          # "Tap two untapped Elves ..."
            ask(e, D_ACTIVATION_COST, p, PAYC_TAP | done << PAYC_DONE_SHIFT)
            return
        pay_activation_mana(e)
        continue_activation(e, PAYC_SAC)
    elif kind == A_SAC_COST:
        log_event(e, EV_SACRIFICE, a, 0, 0)
        put_into_graveyard(e, a)
        if done < filter_count(ab[AF_SAC_COST]):          # "Sacrifice two Goblins"
            ask(e, D_ACTIVATION_COST, p, PAYC_SAC | done << PAYC_DONE_SHIFT)
            return
        continue_activation(e, PAYC_DISCARD)
    elif kind == A_DISCARD_COST:
        log_event(e, EV_DISCARD, p, a, 0)
        move_object(e, a, zone_of(e, e.ob[a].owner, Z_GRAVEYARD), True)
        if done < filter_count(discard_spec(ab)):         # "Discard two cards"
            ask(e, D_ACTIVATION_COST, p, PAYC_DISCARD | done << PAYC_DONE_SHIFT)
            return
        continue_activation(e, PAYC_EXILE)
    elif kind == A_EXILE_COST:
        exile_object(e, a)                                # from its owner's graveyard (406.2)
        if done < filter_count(ab[AF_EXILE_COST]):
            ask(e, D_ACTIVATION_COST, p, PAYC_EXILE | done << PAYC_DONE_SHIFT)
            return
        continue_activation(e, PAYC_END)


# --- ward (702.21a) ---------------------------------------------------------------
# "Whenever this permanent becomes the target of a spell or ability an opponent controls,
# counter that spell or ability unless that player pays [cost]."

cdef void queue_becomes_target(Engine* e, StackItem* si, int32_t slot, int32_t t) noexcept nogil:
    """603.2 / 702.21a: ``t`` just became a target of ``si`` (slot ``slot``): its "becomes the
    target of a spell or ability an opponent controls" abilities trigger, once per spell or
    ability even if it is chosen for several of its targets."""
    cdef int32_t k
    if t >= TGT_PLAYER or not on_battlefield(e, t) or e.ob[t].controller == si.controller \
            or not has_trigger_kinds(e, t):
        return
    for k in range(slot):
        if si.targets[k] == t:
            return
    queue_object_triggers(e, t, TRIG_BECOMES_TARGET, si.obj)


cdef int32_t ward_stack_item(Engine* e, StackItem* trig) noexcept nogil:
    """The stack index of the spell or ability whose targeting made ward ``trig`` trigger:
    the topmost one whose object is the trigger's event object (a spell, or an ability's
    source, as it was then) and which still targets the warded permanent as it was; -1 if
    it has left the stack."""
    cdef int32_t i, k
    cdef StackItem* it
    for i in range(e.h.stack_n - 1, -1, -1):
        it = &e.stack[i]
        if it.kind == SK_COMBAT_DAMAGE or it.obj != trig.event_ref or it.obj_inc != trig.event_ref_inc:
            continue
        for k in range(it.n_targets):
            if it.targets[k] == trig.obj and it.target_inc[k] == trig.obj_inc:
                return i
    return -1


cdef void remove_stack_item(Engine* e, int32_t i) noexcept nogil:
    """701.5a: counter the spell or ability at stack index ``i`` (a spell goes to its
    owner's graveyard, or exile after flashback; an ability just ceases to exist, 701.5b)."""
    cdef int32_t j, o = e.stack[i].obj
    if e.stack[i].kind == SK_SPELL:
        counter_spell(e, o)
        return
    if e.stack[i].kind == SK_TRIGGER:
        chapter_left(e, e.stack[i].ability)                # 714.4 (sagas.pxi)
    for j in range(i, e.h.stack_n - 1):
        e.stack[j] = e.stack[j + 1]
    e.h.stack_n -= 1
    log_event(e, EV_COUNTERED, o, 1, 0)


cdef void ward_counter(Engine* e, int32_t warded, StackItem* trig, int32_t generic, int32_t life) noexcept nogil:
    """OP_WARD: counter the spell or ability that targeted ``warded`` unless its controller
    pays {generic} (or ``life`` life).  It asks D_WARD_PAY if they can pay (118.3, 119.4:
    life only if their life total is at least that), else counters it at once."""
    cdef int32_t i, q, k
    cdef int32_t cost[7]
    i = ward_stack_item(e, trig) if trig != NULL else -1
    if i < 0:
        return                                   # it has left the stack: nothing to counter
    q = e.stack[i].controller
    for k in range(7):
        cost[k] = 0
    cost[0] = generic
    if (life > 0 and e.pl[q].life >= life) or (life == 0 and can_pay(e, q, cost, -1)):
        e.h.unless_amount = life if life > 0 else generic
        ask(e, D_WARD_PAY, q, i + (WARD_LIFE if life > 0 else 0))
        return
    log_event(e, EV_WARD, e.stack[i].obj, 0, 0)
    remove_stack_item(e, i)


cdef bint ward_payable(Engine* e) noexcept nogil:
    """Can the decider of a D_WARD_PAY pay (it is asked only then; load checks it)?"""
    cdef int32_t cost[7]
    cdef int32_t k
    if e.h.dctx0 >= WARD_LIFE:
        return e.pl[e.h.decider].life >= e.h.unless_amount          # 119.4
    for k in range(7):
        cost[k] = 0
    cost[0] = e.h.unless_amount
    return can_pay(e, e.h.decider, cost, -1)


cdef void answer_ward(Engine* e, bint pay) noexcept nogil:
    cdef int32_t i = e.h.dctx0 % WARD_LIFE, p = e.h.decider, k
    cdef bint life = e.h.dctx0 >= WARD_LIFE
    cdef int32_t cost[7]
    e.h.decision = D_NONE
    log_event(e, EV_WARD, e.stack[i].obj, 1 if pay else 0, 0)
    if pay:
        if life:
            log_event(e, EV_PAY_LIFE, p, e.h.unless_amount, 0)
            lose_life(e, p, e.h.unless_amount)
        else:
            for k in range(7):
                cost[k] = 0
            cost[0] = e.h.unless_amount
            pay_cost(e, p, cost, -1)
    else:
        remove_stack_item(e, i)
    e.h.unless_amount = 0
