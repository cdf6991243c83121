# Effects: the small opcode interpreter that card scripts compile to (docs/architecture.md, Principles:
# card scripts compile to data),
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
    if t < 0 or t >= e.h.n_objects:
        return False
    if spec & TS_SPELL:
        # 115.1 / 701.5: a spell on the stack; 115.5: never the spell itself
        if zone_kind(e, e.ob[t].zone) != Z_STACK or t == source:
            return False
        types = obj_types(e, t)
        if (spec & TS_CREATURE) and not (types & T_CREATURE):
            return False
        if (spec & TS_NONCREATURE) and (types & T_CREATURE):
            return False
        return mana_value_matches(e, spec, t)      # 202.3e: X as chosen (mana_value.pxi)
    if spec & TS_YOUR_GRAVEYARD:
        # 115.1: a card in the graveyard of the one choosing ("from your graveyard")
        if e.ob[t].zone != zone_of(e, controller, Z_GRAVEYARD):
            return False
        if (spec & TS_NOT_SELF) and t == source:
            return False       # "another target creature card": not the source's own card
        if not mana_value_matches(e, spec, t):
            return False
        return graveyard_card_matches(e, spec, t)
    if not on_battlefield(e, t):
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
    if (spec & TS_NONBLACK) and (obj_colors(e, t) & (1 << C_B)):     # after layer 5 (613.1e)
        return False           # 105.2: "nonblack"
    if (spec & TS_COMBAT_STATUS) == TS_ATTACKING and not (e.ob[t].combat & CB_ATTACKING):
        return False           # 506.4 (the other combat statuses: target_qualities_match)
    if (spec & TS_KNIGHT) and not (card_row(e, e.ob[t].card)[CF_SUBTYPES] & SUB_KNIGHT):
        return False
    if spec & (TS_NONLEGENDARY | TS_NONARTIFACT | TS_MONOCOLORED | TS_ATTACKING_OR_BLOCKING
               | TS_PT_TOTAL_5_OR_LESS | TS_NONBASIC | TS_NONLAND | TS_MV_OR_LESS
               | TS_MV_OR_GREATER):
        return target_qualities_match(e, spec, t)
    return True


cdef bint graveyard_card_matches(Engine* e, int32_t spec, int32_t t) noexcept nogil:
    """115.1: "target [type] card from your graveyard": a card with one of the card types the
    spec names ("permanent card": 110.4b, any permanent type); none named: any card."""
    cdef int32_t want = 0
    if spec & TS_CREATURE:
        want |= T_CREATURE
    if spec & TS_ARTIFACT:
        want |= T_ARTIFACT
    if spec & TS_ENCHANTMENT:
        want |= T_ENCHANTMENT
    if spec & TS_LAND:
        want |= T_LAND
    if spec & TS_PLANESWALKER:
        want |= T_PLANESWALKER
    if spec & TS_PERMANENT:
        want |= T_ARTIFACT | T_CREATURE | T_ENCHANTMENT | T_LAND | T_PLANESWALKER | T_BATTLE
    if spec & TS_INSTANT:
        want |= T_INSTANT
    if spec & TS_SORCERY:
        want |= T_SORCERY
    return want == 0 or (obj_types(e, t) & want) != 0


cdef inline int32_t nonland_kinds(int32_t spec) noexcept nogil:
    """The card types (T_*) of a target spec's kinds other than land: "artifact, enchantment,
    or nonbasic land" (Boseiju) takes a basic land that is also an artifact or enchantment."""
    return ((T_ARTIFACT if spec & TS_ARTIFACT else 0) | (T_ENCHANTMENT if spec & TS_ENCHANTMENT else 0)
            | (T_CREATURE if spec & TS_CREATURE else 0)
            | (T_PLANESWALKER if spec & TS_PLANESWALKER else 0))


cdef bint target_qualities_match(Engine* e, int32_t spec, int32_t t) noexcept nogil:
    """The further qualities of a target permanent the removal spells name, on its current
    characteristics (608.2b checks them again on resolution)."""
    cdef int32_t colors, p = 0, tg = 0
    if (spec & TS_NONLEGENDARY) and (card_row(e, e.ob[t].card)[CF_SUPERTYPES] & ST_LEGENDARY):
        return False           # 205.4a
    if (spec & TS_NONARTIFACT) and (obj_types(e, t) & T_ARTIFACT):       # after layer 4
        return False
    if spec & TS_MONOCOLORED:
        colors = obj_colors(e, t) & 31                    # 105.4: exactly one colour
        if colors == 0 or (colors & (colors - 1)) != 0:
            return False
    if (spec & TS_COMBAT_STATUS) == TS_ATTACKING_OR_BLOCKING and \
            not (e.ob[t].combat & (CB_ATTACKING | CB_BLOCKING)):
        return False           # 506.4
    if (spec & TS_COMBAT_STATUS) == TS_BLOCKING and not (e.ob[t].combat & CB_BLOCKING):
        return False           # 506.4: "blocking" (Balduvian Warlord)
    if spec & TS_PT_TOTAL_5_OR_LESS:
        power_toughness(e, t, &p, &tg)                    # 302.4c, after every layer
        if p + tg > 5:
            return False
    if (spec & TS_NONBASIC) and (card_row(e, e.ob[t].card)[CF_SUPERTYPES] & ST_BASIC) and \
            not (obj_types(e, t) & nonland_kinds(spec)):
        return False           # 205.4a: "nonbasic" means without the basic supertype; in
                               # "artifact, enchantment, or nonbasic land" it names the land only
    if (spec & TS_NONLAND) and (obj_types(e, t) & T_LAND):               # after layer 4
        return False
    return mana_value_matches(e, spec, t)


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
    # card types of the source (its types now, 613.1d)
    if (pro & PRO_ARTIFACTS) and (obj_types(e, src) & T_ARTIFACT):
        return True
    if (pro & PRO_CREATURES) and (obj_types(e, src) & T_CREATURE):
        return True
    return ((pro >> PRO_SUBTYPE_SHIFT) & srow[CF_SUBTYPES] & SUB_CREATURE_TYPES) != 0


cdef bint target_legal(Engine* e, int32_t spec, int32_t t, int32_t controller,
                       int32_t source) noexcept nogil:
    """Is ``t`` (object index or TGT_PLAYER + seat) a legal target for ``spec`` of the
    spell or ability whose source is ``source`` (the spell itself, 115.1)?"""
    cdef int32_t kw
    if not spec_matches(e, spec, t, controller, source):
        return False
    if t >= TGT_PLAYER or (spec & (TS_SPELL | TS_YOUR_GRAVEYARD)):
        return True            # hexproof and shroud protect permanents (702.11, 702.18)
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
    if spec & TS_SPELL:
        bf = zone_of(e, 0, Z_STACK)
    elif spec & TS_YOUR_GRAVEYARD:
        bf = zone_of(e, controller, Z_GRAVEYARD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if target_legal(e, spec, o, controller, source):
            if out != NULL:
                out[n] = o
            n += 1
    return n


cdef inline int32_t targets_needed(int32_t spec, int32_t slot) noexcept nogil:
    """How many legal choices target slot ``slot`` must have for its target word to be
    choosable: one, or -- a further choice of "N target Xs" (TS_DIFFERENT), all of one
    spec -- one for it and one for each slot before it (601.2c)."""
    return slot + 1 if spec & TS_DIFFERENT else 1


# --- damage, life, cards ------------------------------------------------------------------

cdef void lose_life(Engine* e, int32_t p, int32_t n) noexcept nogil:
    add_amount(e, &e.pl[p].life, -n, -AMOUNT_MAX)
    e.h.sba_dirty = 1
    log_event(e, EV_LIFE, p, -n, 0)


cdef void gain_life(Engine* e, int32_t p, int32_t n) noexcept nogil:
    add_amount(e, &e.pl[p].life, n, -AMOUNT_MAX)
    log_event(e, EV_LIFE, p, n, 0)


cdef inline void deal_damage(Engine* e, int32_t source, int32_t target, int32_t amount) noexcept nogil:
    """120.3: the results of damage depend on the source's abilities."""
    if amount <= 0:
        return
    deal_damage_as(e, source, target, amount, keywords_of(e, source), e.ob[source].controller)


cdef void deal_damage_as(Engine* e, int32_t source, int32_t target, int32_t amount, int32_t kw,
                         int32_t controller) noexcept nogil:
    """120.3, with the source's keywords ``kw`` and controller given (last known information
    of a source that has left the battlefield: classic combat damage on the stack)."""
    cdef int32_t p, types
    if amount <= 0:
        return
    if target < TGT_PLAYER and protected_from(e, target, source):
        # 702.16e: damage from a source with the quality is prevented (615: none is dealt,
        # so no lifelink or deathtouch either)
        log_event(e, EV_PREVENTED, source, target, amount)
        return
    if e.h.effects_n or (target < TGT_PLAYER and
                         card_row(e, e.ob[target].card)[CF_REPLACEMENT] & RP_PREVENT_DAMAGE_TO_SELF):
        amount = prevent_damage(e, source, target, amount)      # 615: what is left is dealt
        if amount <= 0:
            return
    e.h.sba_dirty = 1
    log_event(e, EV_DAMAGE, source, target, amount)
    if target >= TGT_PLAYER:
        p = target - TGT_PLAYER
        if kw & KW_INFECT:                       # 120.3b
            add_amount(e, &e.pl[p].poison, amount, 0)
            log_event(e, EV_POISON, p, amount, 0)
        else:                                    # 120.3a
            lose_life(e, p, amount)
        if e.combat_damage_now and source >= 0 and card_row(e, e.ob[source].card)[CF_COMBAT2]:
            toxic_poison(e, source, p)           # 120.3g, 702.164
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
        gain_life(e, controller, amount)
    if target >= TGT_PLAYER and has_trigger_kinds(e, source) and on_battlefield(e, source) \
            and target - TGT_PLAYER != controller:
        # "whenever ~ deals damage to an opponent" (any damage, combat or not; 603.2)
        queue_object_triggers(e, source, TRIG_DAMAGE_OPPONENT, target)


cdef int32_t prevent_damage(Engine* e, int32_t source, int32_t target, int32_t amount) noexcept nogil:
    """615: prevention effects applied to ``amount`` damage ``source`` would deal to
    ``target``; returns what is still dealt (prevented damage is never dealt: no lifelink,
    infect or deathtouch results, 615.1, 120.3).  "Prevent all" effects first, then
    prevention shields in the order they were created, each used up by what it prevents
    (615.7).  (Who chooses the order of several, 616.1, is not asked: all of them here only
    prevent, so the order changes nothing but which shield is used up first.)"""
    cdef int32_t i, kept, n
    cdef Effect* ef
    if target < TGT_PLAYER and card_row(e, e.ob[target].card)[CF_REPLACEMENT] & RP_PREVENT_DAMAGE_TO_SELF \
            and not lost_all_abilities(e, target):               # 613.1f
        log_event(e, EV_SHIELD, source, target, amount)         # its own static ability
        return 0
    for i in range(e.h.effects_n):
        ef = &e.eff[i]
        if (ef.kind == EF_PREVENT_COMBAT and e.combat_damage_now) or \
                (ef.kind == EF_PREVENT_ALL and prevention_protects(e, ef, target)):
            log_event(e, EV_SHIELD, source, target, amount)
            return 0
    kept = 0
    for i in range(e.h.effects_n):
        ef = &e.eff[i]
        if amount > 0 and ef.kind == EF_PREVENT_SHIELD and prevention_protects(e, ef, target):
            n = ef.a if ef.a < amount else amount
            ef.a -= n
            amount -= n
            log_event(e, EV_SHIELD, source, target, n)
            if ef.a == 0:
                continue                                        # used up (615.7)
        if kept != i:
            e.eff[kept] = e.eff[i]
        kept += 1
    e.h.effects_n = kept
    return amount


cdef inline bint prevention_protects(Engine* e, Effect* ef, int32_t target) noexcept nogil:
    """Is ``target`` what the prevention effect protects (the same object: 400.7)?"""
    if ef.b != target:
        return False
    return target >= TGT_PLAYER or ef.affected_inc == e.ob[target].incarnation


cdef void add_prevention(Engine* e, int32_t kind, int32_t source, int32_t t, int32_t n,
                         int32_t controller) noexcept nogil:
    """A prevention effect for this turn (615.1, 615.7) on ``t`` (object or TGT_PLAYER +
    seat; -1 for Fog): the effect row names an object as ``affected`` so that it ends when
    the object leaves (400.7); a player's is kept in ``b`` alone."""
    cdef int32_t k = add_effect(e, kind, source, t if 0 <= t < TGT_PLAYER else -1, n, t,
                                DUR_END_OF_TURN, -1, controller)
    if k >= 0:
        e.h.sba_dirty = 1


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
    if card_row(e, e.ob[o].card)[CF_REPLACEMENT] & RP_DIES_EXILE and on_battlefield(e, o):
        log_event(e, EV_DIES_EXILED, o, 0, 0)     # 614.1a: "if ~ would die, exile it instead"
        exile_object(e, o)
        return
    if e.ob[o].token:
        move_object_to(e, o, -1, True, Z_GRAVEYARD)   # it dies, then ceases to exist (700.4)
    else:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD), True)


cdef void destroy(Engine* e, int32_t o) noexcept nogil:
    """701.7: destroy = move to its owner's graveyard; indestructible permanents can't be."""
    destroy_ex(e, o, True)


cdef void destroy_ex(Engine* e, int32_t o, bint regen) noexcept nogil:
    """destroy; ``regen`` False: "it can't be regenerated" (701.19c)."""
    if has_kw(e, o, KW_INDESTRUCTIBLE):
        return
    if regen and regenerate(e, o):                # 701.19: a shield replaces it
        return
    log_event(e, EV_DESTROY, o, 0, 0)
    put_into_graveyard(e, o)


cdef void mill(Engine* e, int32_t p, int32_t n) noexcept nogil:
    """701.13: put the top ``n`` cards of ``p``'s library into their graveyard (as many as
    there are)."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), o
    while n > 0 and e.zcount[lib] > 0:
        o = zone_list(e, lib)[e.zcount[lib] - 1]
        move_object(e, o, zone_of(e, p, Z_GRAVEYARD), True)
        log_event(e, EV_MILL, p, o, 0)
        n -= 1


cdef void exile_graveyard(Engine* e, int32_t p) noexcept nogil:
    """406.3: exile every card in ``p``'s graveyard, from the top (each move takes the last
    card off the list; bounded by the cards there to begin with)."""
    cdef int32_t gy = zone_of(e, p, Z_GRAVEYARD), n = e.zcount[gy]
    while n > 0 and e.zcount[gy] > 0:
        exile_object(e, zone_list(e, gy)[e.zcount[gy] - 1])
        n -= 1


cdef void destroy_all(Engine* e, int32_t p, int32_t types) noexcept nogil:
    destroy_all_ex(e, p, types, True)


cdef void destroy_all_ex(Engine* e, int32_t p, int32_t types, bint regen) noexcept nogil:
    """701.7 / 608.2: destroy every permanent ``p`` controls that has one of ``types``, all
    at once: the set is fixed before the first one leaves, and so is which of them are
    indestructible (a lord granting it may be among those destroyed: Knight Exemplar)."""
    cdef int32_t i, o, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t todo[TGT_PLAYER]           # a game holds fewer than TGT_PLAYER objects
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller == p and e.ob[o].phased_out == 0 and obj_types(e, o) & types \
                and not has_kw(e, o, KW_INDESTRUCTIBLE):
            todo[n] = o
            n += 1
    if n > 1:
        leave_event_begin(e)                # 603.10a: they leave at once and see each other
    for i in range(n):
        if on_battlefield(e, todo[i]):
            destroy_ex(e, todo[i], regen)
    if n > 1:
        leave_event_end(e)


cdef bint regenerate(Engine* e, int32_t o) noexcept nogil:
    """701.19a: if ``o`` has a regeneration shield, its destruction is replaced: the shield
    is used up, ``o`` is tapped, all damage is removed from it and it is removed from
    combat (506.4).  Returns whether that happened."""
    cdef int32_t i, j
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_REGEN_SHIELD and e.eff[i].affected == o and \
                e.eff[i].affected_inc == e.ob[o].incarnation:
            for j in range(i, e.h.effects_n - 1):
                e.eff[j] = e.eff[j + 1]
            e.h.effects_n -= 1
            e.ob[o].tapped = 1
            e.ob[o].damage = 0
            e.ob[o].deathtouch_hit = 0
            remove_from_combat(e, o)
            e.h.sba_dirty = 1
            log_event(e, EV_REGENERATE, o, 0, 0)
            return True
    return False


cdef void discard_at_random(Engine* e, int32_t p, int32_t n) noexcept nogil:
    """``p`` discards ``n`` cards at random, one at a time, chosen with the game's RNG (in the
    state buffer, so clones and saved games replay it; docs/architecture.md, Principles: determinism)."""
    cdef int32_t hand = zone_of(e, p, Z_HAND), k, o, c
    for k in range(n):
        c = e.zcount[hand]
        if c == 0:
            return
        o = zone_list(e, hand)[<int32_t>mtg_rng_below(e.h.rng, <uint32_t>c)]
        log_event(e, EV_DISCARD, p, o, 1)
        move_object(e, o, zone_of(e, p, Z_GRAVEYARD), True)


cdef void set_controller(Engine* e, int32_t o, int32_t p) noexcept nogil:
    """Layer 2: ``o`` is now controlled by ``p``.  302.6: it hasn't been under ``p``'s control
    continuously since their turn began; 506.4: a control change removes it from combat."""
    if e.ob[o].controller == p:
        return
    remove_from_combat(e, o)                       # while the old controller defends (508.5)
    e.ob[o].controller = p
    e.ob[o].sick = 1
    e.h.sba_dirty = 1                              # "you control" parts of Auras, legend rule
    log_event(e, EV_CONTROL, o, p, 0)


cdef void gain_control(Engine* e, int32_t o, int32_t p, int32_t source, int32_t dur_operand,
                       int32_t controller) noexcept nogil:
    """``p`` gains control of ``o`` for a duration: a layer-2 continuous effect (EF_CONTROL,
    a = ``p``, b = the controller before it) whose end gives control back (end_effects)."""
    if not on_battlefield(e, o):
        return
    if add_effect(e, EF_CONTROL, source, o, p, e.ob[o].controller, dur_operand & 255,
                  duration_arg(e, dur_operand, controller), controller) < 0:
        return
    set_controller(e, o, p)


cdef int32_t control_base(Engine* e, int32_t o) noexcept nogil:
    """Who controls ``o`` apart from control effects: the controller before the earliest of
    them (effects are kept in timestamp order), or its current controller."""
    cdef int32_t i
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_CONTROL and e.eff[i].affected == o and \
                e.eff[i].affected_inc == e.ob[o].incarnation:
            return e.eff[i].b
    return e.ob[o].controller


cdef void reapply_control(Engine* e, int32_t o, int32_t base) noexcept nogil:
    """Control effects of ``o`` ended: the latest one left decides (613.7 timestamps),
    or, with none left, its controller apart from them (``base``).  The earliest one left
    now carries that base."""
    cdef int32_t i, first = -1, last = -1
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_CONTROL and e.eff[i].affected == o and \
                e.eff[i].affected_inc == e.ob[o].incarnation:
            if first < 0:
                first = i
            last = i
    if first < 0:
        set_controller(e, o, base)
        return
    e.eff[first].b = base
    set_controller(e, o, e.eff[last].a)


cdef int32_t count_for_each(Engine* e, int32_t o, int32_t what) noexcept nogil:
    """CNT_*: how many creatures ``o`` is blocking, or are blocking it, as the effect
    resolves."""
    cdef int32_t i, x, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        x = zone_list(e, bf)[i]
        if what == CNT_BLOCKING:
            if is_blocking(e, o) and is_attacking(e, x) and blocks(e, o, x):
                n += 1
        elif is_attacking(e, o) and is_blocking(e, x) and blocks(e, x, o):
            n += 1
    return n


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
    if card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & SAGA_BIT:
        saga_entered(e, o)                               # 714.3a, 714.2b (sagas.pxi)
    if bf_kinds(e) & (1 << AB_TRIGGERED):
        queue_enter_watchers(e, o)                       # 603.6a: "whenever a land enters"
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
    if card_row(e, e.ob[o].card)[CF_FACE] & FACE_DAYBOUND:
        daybound_enters(e, o)                   # faces.pxi: 702.145b, it may enter transformed
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t counters = row[CF_ENTERS_COUNTERS]
    if counters == AMOUNT_IS_X:       # 107.3: the X paid as it was cast (0 off the stack)
        counters = ((e.ob[o].cast_info >> CI_X_SHIFT) & CI_X_MAX) if zone_kind(e, e.ob[o].zone) == Z_STACK else 0
    cdef int32_t kicked = kicked_spell(e, o)                  # kicker.pxi (702.33d)
    cdef int32_t evoked = evoked_on_entering(e, o)            # alternative_costs.pxi (702.74a)
    if kicked:
        counters += row[CF_KICKED_COUNTERS] * kick_count(kicked)     # 614.1c, 702.33c
    cdef bint tapped = (row[CF_REPLACEMENT] & RP_ENTERS_TAPPED) != 0
    if row[CF_REPLACEMENT] & RP_UNLESS_BITS:
        tapped = enters_tapped_unless(e, controller, row)
    move_object(e, o, zone_of(e, 0, Z_BATTLEFIELD), True)
    mark_entering_choice(e, o, row)         # 614.12: asked once this action is done
    e.ob[o].cast_info = kicked                                # 702.33d: the permanent was kicked
    e.ob[o].alt_cost = evoked                                 # 702.74a: it was evoked
    e.ob[o].controller = controller
    e.ob[o].loyalty = row[CF_LOYALTY]                         # 306.5b
    if card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & SAGA_BIT:
        e.ob[o].lore = 1                # 714.3a: a Saga enters with a lore counter (sagas.pxi)
    if tapped or counters:
        # 614.1c, 614.12: it enters tapped / with its counters, not tapped after entering
        e.ob[o].tapped = 1 if tapped else 0
        add_amount(e, &e.ob[o].plus1, counters, 0)
        log_event(e, EV_ENTERS_TAPPED, o, counters, e.ob[o].tapped)
    if attach_to != -1:
        e.ob[o].attached_to = attach_to
        e.h.any_attached = 1
        log_event(e, EV_ATTACH, o, attach_to, 0)
    return True


cdef bint enters_tapped_unless(Engine* e, int32_t controller, const int32_t* row) noexcept nogil:
    """Whether a permanent with an "enters tapped unless ..." replacement (614.1c) enters
    tapped under ``controller``.  614.1c, 614.12: that is known before it enters, so the
    "other lands" and the land it looks for are among the permanents its controller
    controls now, which it is not yet among."""
    cdef int32_t rp = row[CF_REPLACEMENT]
    cdef int32_t n = (rp & RP_FEW_LANDS_MASK) >> RP_FEW_LANDS_SHIFT
    if rp & RP_TAPPED_UNLESS_FEW_LANDS:                  # the fast lands: N or fewer
        return lands_controlled(e, controller) > n
    if rp & RP_TAPPED_UNLESS_MANY_LANDS:                 # the slow and battle lands: N or more
        return (basic_lands_controlled(e, controller) if rp & RP_UNLESS_BASIC
                else lands_controlled(e, controller)) < n
    return not controls_subtype(e, controller, row[CF_ENTERS_UNLESS_SUBTYPES])   # check lands


cdef int32_t lands_controlled(Engine* e, int32_t player) noexcept nogil:
    """The lands ``player`` controls (their types after the layer system, 613), phased-in
    ones only (702.26b: a phased-out permanent is treated as though it doesn't exist)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, x, n = 0
    cdef int32_t* lst = zone_list(e, bf)
    for i in range(e.zcount[bf]):
        x = lst[i]
        if e.ob[x].controller == player and e.ob[x].phased_out == 0 and obj_types(e, x) & T_LAND:
            n += 1
    return n


cdef int32_t basic_lands_controlled(Engine* e, int32_t player) noexcept nogil:
    """The basic lands (205.4c) ``player`` controls, phased-in ones only (702.26b)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, x, n = 0
    cdef int32_t* lst = zone_list(e, bf)
    for i in range(e.zcount[bf]):
        x = lst[i]
        if e.ob[x].controller == player and e.ob[x].phased_out == 0 and obj_types(e, x) & T_LAND \
                and card_row(e, e.ob[x].card)[CF_SUPERTYPES] & ST_BASIC:
            n += 1
    return n


cdef bint controls_subtype(Engine* e, int32_t player, int32_t subtypes) noexcept nogil:
    """Whether ``player`` controls a phased-in permanent with any of ``subtypes`` (its
    subtypes after the layer system, 613: a land Blood Moon made a Mountain is one)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, x
    cdef int32_t* lst = zone_list(e, bf)
    for i in range(e.zcount[bf]):
        x = lst[i]
        if e.ob[x].controller == player and e.ob[x].phased_out == 0 and obj_subtypes(e, x) & subtypes:
            return True
    return False


# --- continuous effects ------------------------------------------------------------------------

cdef int32_t add_effect(Engine* e, int32_t kind, int32_t source, int32_t affected, int32_t a,
                        int32_t b, int32_t duration, int32_t dur_arg, int32_t controller) noexcept nogil:
    cdef Effect* ef
    if e.h.effects_n >= e.h.effect_cap and not grow_state(e, GROW_EFFECTS):
        abort_game(e, ABORT_EFFECTS)
        return -1
    ef = &e.eff[e.h.effects_n]
    ef.kind = kind; ef.source = source; ef.affected = affected
    ef.affected_inc = e.ob[affected].incarnation if affected >= 0 else 0
    ef.a = a; ef.b = b; ef.duration = duration; ef.dur_arg = dur_arg
    ef.timestamp = next_timestamp(e); ef.controller = controller
    ef.created_turn = e.h.turn
    ef.change = 0
    if kind == EF_LAYER:
        e.h.layer_effects = 1
    e.h.effects_n += 1
    e.h.sba_dirty = 1
    return e.h.effects_n - 1


cdef inline int32_t end_effects(Engine* e, int32_t duration, int32_t dur_arg) noexcept nogil:
    """Remove every effect with this duration (and argument, unless -1) and every effect
    whose object has become a new object (400.7).  Returns how many ended.  (Called at
    every step and phase boundary: with no effects there is nothing to scan.)"""
    if e.h.effects_n == 0:
        return 0
    return end_effects_scan(e, duration, dur_arg)


cdef int32_t end_effects_scan(Engine* e, int32_t duration, int32_t dur_arg) noexcept nogil:
    cdef int32_t i, j, kept = 0, ended = 0, n_ctl = 0
    cdef bint layer_kept = False
    cdef Effect* ef
    cdef int32_t ctl_obj[EFFECT_CAP]
    cdef int32_t ctl_base[EFFECT_CAP]
    for i in range(e.h.effects_n):
        # Layer-2 control effects that end while their object stays: control goes back
        # (reapply_control, after the table is compacted).
        ef = &e.eff[i]
        if ef.kind == EF_CONTROL and ef.duration == duration and (dur_arg < 0 or ef.dur_arg == dur_arg) \
                and e.ob[ef.affected].incarnation == ef.affected_inc:
            for j in range(n_ctl):
                if ctl_obj[j] == ef.affected:
                    break
            else:
                ctl_obj[n_ctl] = ef.affected
                ctl_base[n_ctl] = control_base(e, ef.affected)
                n_ctl += 1
    for i in range(e.h.effects_n):
        ef = &e.eff[i]
        if (ef.duration == duration and (dur_arg < 0 or ef.dur_arg == dur_arg)) or \
                (ef.affected >= 0 and e.ob[ef.affected].incarnation != ef.affected_inc):
            ended += 1
            continue
        if kept != i:
            e.eff[kept] = e.eff[i]
        kept += 1
        layer_kept = layer_kept or ef.kind == EF_LAYER
    e.h.effects_n = kept
    e.h.layer_effects = 1 if layer_kept else 0
    if ended:
        e.h.sba_dirty = 1
        log_event(e, EV_EFFECTS_END, ended, duration, dur_arg)
    for j in range(n_ctl):
        reapply_control(e, ctl_obj[j], ctl_base[j])
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
    """Length of the instruction at ``pc`` including its opcode: its _LEN_ (core/constants.pxi,
    op_lengths), or for OP_DELAYED its header and the program it carries."""
    cdef int32_t op = e.prog[pc]
    if op == OP_DELAYED:
        return 3 + e.prog[pc + 2]
    if MTG_CORE_DEBUG and op_lengths[OP_END] != 1:
        debug_fail(b"op_size: the opcode lengths were not loaded (api/tables.pxi _opcode_sizes)")
    if 0 <= op < OP_CODE_LIMIT and op_lengths[op]:
        return op_lengths[op]
    return 2


cdef int32_t group_members(Engine* e, int32_t ref, int32_t controller, int32_t source,
                           int32_t* out) noexcept nogil:
    """The creatures a group reference names now, in battlefield order (608.2h: the set is
    fixed before the effect does anything; 611.2c: a continuous effect from a resolving
    spell or ability affects only the objects it named then).  ``out`` holds at least
    TGT_PLAYER entries."""
    cdef int32_t i, o, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint yes
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out or not is_creature(e, o):
            continue
        if ref == REF_EACH_CREATURE:
            yes = True
        elif ref == REF_CREATURES_YOU_CONTROL:
            yes = e.ob[o].controller == controller
        elif ref == REF_OTHER_CREATURES_YOU_CONTROL:
            yes = e.ob[o].controller == controller and o != source
        elif ref == REF_CREATURES_OPPONENTS_CONTROL:
            yes = e.ob[o].controller != controller
        elif ref == REF_ATTACKING_CREATURES:
            yes = is_attacking(e, o)
        else:
            yes = is_blocking(e, o)
        if yes:
            out[n] = o
            n += 1
    return n


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
    if GROUP_REF_FIRST <= ref <= GROUP_REF_LAST:
        return group_members(e, ref, controller, source, out)
    if ref == REF_THAT_CREATURE or ref == REF_THAT_PLAYER:
        # 603.2: the object or player of the event the ability triggered on; an object
        # that has changed zones since (400.7) or left the battlefield is gone.
        if si == NULL or si.event_ref < 0:
            return 0
        t = si.event_ref
        if ref == REF_THAT_PLAYER:
            if t < TGT_PLAYER or not e.pl[t - TGT_PLAYER].in_game:
                return 0
        elif t >= TGT_PLAYER or e.ob[t].incarnation != si.event_ref_inc or not on_battlefield(e, t):
            return 0
        out[0] = t
        return 1
    if ref == REF_THAT_CARD:
        # a zone-change trigger's object in the zone it went to (400.7, 603.6c: "exile it"
        # of "whenever another creature dies"); once it has moved again it is gone
        if si == NULL or si.event_ref < 0 or si.event_ref >= TGT_PLAYER or \
                e.ob[si.event_ref].incarnation != si.event_ref_inc:
            return 0
        out[0] = si.event_ref
        return 1
    if ref == REF_OPPONENTS_CREATURES_AND_PLANESWALKERS:
        return opponents_creatures_and_planeswalkers(e, controller, out)
    if ref == REF_ATTACHED:
        return attached_ref(e, source, si, out)       # grants.pxi
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
    known_revealed(e, o)                # every player saw it (known.pxi)


cdef void run_program(Engine* e, int32_t start, int32_t length, int32_t controller,
                      int32_t source, StackItem* si) noexcept nogil:
    """Execute an effect program in order (608.2c).  What OP_EXILE exiled is remembered as
    it last existed on the battlefield (608.2h): "its controller", "its power"."""
    cdef int32_t pc = start, end = start + length, op, n, i, t, o, k, amount
    cdef int32_t lki_controller = -1, lki_power = 0, lki_toughness = 0
    cdef int32_t counted = 0                # the value of the last OP_COUNT (AMOUNT_IS_COUNT)
    cdef int32_t refs[TGT_PLAYER]           # a group reference may name every object
    cdef const int32_t* a
    while pc < end:
        if e.entering_n and ask_entering_choice(e, pc + 1):
            return          # 614.12: a permanent that entered is asked first; resumes here
        op = e.prog[pc]
        a = e.prog + pc + 1
        if op == OP_END:
            break
        if e.h.result != R_ONGOING:
            break           # aborted (a table overflowed): nothing more happens
        if op == OP_IF:
            if not condition_holds(e, a[0], si):
                pc += 3 + a[1]
                continue
        elif op == OP_MAY or op == OP_LOOK or op == OP_DISCARD:
            # a choice made while resolving (608.2d, 701.22, 701.25, 701.8): it stops here
            # and its answer resumes the program (resume_resolution)
            if start_choice(e, op, a, pc, controller, source, si):
                return
            if op == OP_MAY:
                pc += 3 + a[1]           # the player named is gone: nothing is done
                continue
        elif op == OP_UNLESS:
            # "<effect> unless <player> pays ..." (payments_and_searches.pxi): the player decides
            # (D_MAY); "pay" runs the OP_PAY_MANA and OP_SKIP over the effect, "don't" (or a
            # player who is gone) goes to the effect
            if start_choice(e, OP_MAY, a, pc, controller, source, si):
                return
            pc += 3 + a[1]
            continue
        elif op == OP_SKIP:
            pc += 2 + a[0]
            continue
        elif op == OP_SEARCH_EX:
            # 701.23: a choice made while resolving (payments_and_searches.pxi); the answer resumes
            if start_search_ex(e, a, pc, controller, source, si):
                return
        elif op == OP_REVEAL_CHOOSE_DISCARD:
            # 701.20, 701.8: a choice made while resolving (hand_choices.pxi); the answer resumes
            if start_reveal_choose(e, a, pc, controller, source, si):
                return
        elif op == OP_HAND_TO_TOP:
            # 401.4: which cards of the hand, in what order (library_order.pxi); the answer resumes
            if start_hand_to_top(e, a, pc, controller, source, si):
                return
        elif op == OP_LOOK_PUT_BACK:
            # 401.4: the order of the cards looked at (library_order.pxi); the answer resumes
            if start_look_put_back(e, a, pc, controller):
                return
        elif op == OP_REMOVE_BLOCKER_ANEW:
            # 506.4, 509.1h, 509.6: the choice of what it blocks is made while resolving
            # (blockers_by_effect.pxi); the instruction is the program's last
            if start_remove_blocker_anew(e, a, pc, controller, source, si):
                return
        elif op == OP_PAY_MANA:
            pay_now(e, a, controller, source, si)
        elif op == OP_SACRIFICE_CHOSEN:
            # 701.21a: the players choose (608.2d), then all is sacrificed (sacrifice_choice.pxi)
            if start_sacrifice_choice(e, a, pc, controller, source, si):
                return
        elif op == OP_CONNIVE:
            # 701.50a: draw, then a discard chosen while resolving (connive.pxi)
            if start_connive(e, a, pc, controller, source, si):
                return
        elif op == OP_IF_COND or op == OP_INTERVENING_IF:
            if not choice_condition_holds(e, a[0], a[1], a[2], a[3], controller, source, si) and \
                    not kicked_source_gone(e, a[0], source, si):     # kicker.pxi (113.7a)
                pc += 6 + a[4]           # 603.4 / 608.2c: the condition is false
                continue
        elif op == OP_COUNT:
            # "for each [quality]" / "where X is the number of ..." (608.2h: counted now)
            k = count_objects(e, a[0], a[1], controller, source)
            if k * (a[2] if a[2] >= 0 else -a[2]) > TABLE_AMOUNT_MAX:
                abort_game(e, ABORT_RANGE)            # an amount stays in its domain
                break
            counted = k * a[2]
        elif op == OP_AMOUNT:
            # a count expression (amounts.pxi): "for each [quality]", "where X is ..." (608.2h)
            k = amount_count(e, a[0], a[1], a[2], controller, source, si)
            if k * (a[3] if a[3] >= 0 else -a[3]) > TABLE_AMOUNT_MAX:
                abort_game(e, ABORT_RANGE)            # an amount stays in its domain
                break
            counted = k * a[3]
        elif op == OP_EXTRA_COMBAT:
            add_extra_combat(e)
        elif op == OP_PREVENT_COMBAT:
            add_prevention(e, EF_PREVENT_COMBAT, source, -1, 0, controller)      # 615.1: Fog
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
        elif op == OP_WARD:
            ward_counter(e, source, si, a[0], a[1])   # stack.pxi (702.21a)
            return
        elif op == OP_COMBAT_RESTRICT:
            combat_restrict(e, a, controller, source, si)   # combat/keywords.pxi (509.1b)
        elif op == OP_PUT_FROM_HAND_ATTACKING:
            # "you may put a [kind] creature card from your hand onto the battlefield tapped
            # and attacking" (508.4): a choice, so a decision; it ends the program.
            ask_choose_from_hand(e, controller, a[0], 0)
            return
        elif op == OP_DAMAGE_BY_POWER:
            # "<creature> deals damage equal to its power to <each ref2>" (120.1): the
            # creature is the source; its power is read as the effect happens (608.2h).  If
            # it is no longer there (608.2b: an illegal target), no damage is dealt.
            if resolve_ref(e, a[0], controller, source, si, refs) > 0 and refs[0] < TGT_PLAYER \
                    and on_battlefield(e, refs[0]):
                damage_by_power(e, refs[0], a[1], controller, source, si)
        elif op == OP_PUT_FROM_HAND_BLOCKING:
            # "... onto the battlefield blocking [that creature]" (509.7): the same choice;
            # the creature it will block is named now.  It ends the program.
            if resolve_ref(e, a[1], controller, source, si, refs) > 0 and refs[0] < TGT_PLAYER:
                ask_choose_from_hand(e, controller, a[0], refs[0] + 1)
            return
        else:
            if a[0] == REF_LKI_CONTROLLER:
                n = 0
                if lki_controller >= 0 and e.pl[lki_controller].in_game:
                    refs[0] = TGT_PLAYER + lki_controller
                    n = 1
            else:
                n = resolve_ref(e, a[0], controller, source, si, refs)
            # the second operand is an amount for the ops that have one (X, 107.3)
            amount = op_amount(e, a[1], si) if op_size(e, pc) >= 3 else 0
            if amount == AMOUNT_IS_COUNT:
                amount = counted if counted > 0 else 0       # 107.1b
            if op == OP_DESTROY_ALL or op == OP_DESTROY_ALL_NO_REGEN:
                leave_event_begin(e)        # 603.10a: every player's permanents at once
            for i in range(n):
                t = refs[i]
                o = t if t < TGT_PLAYER else -1
                if o >= 0 and zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD:
                    # a card in a graveyard (a TS_YOUR_GRAVEYARD target, 115.1): only
                    # OP_RETURN_FROM_GRAVEYARD acts on it
                    if op == OP_RETURN_FROM_GRAVEYARD:
                        log_event(e, EV_RETURN_FROM_GRAVEYARD, o, 0, 0)
                        move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)
                    elif op == OP_RETURN_TO_BATTLEFIELD:
                        log_event(e, EV_RETURN_FROM_GRAVEYARD, o, 1, 0)       # 1: to the battlefield
                        put_onto_battlefield(e, o, e.ob[o].owner, -1)
                    elif op == OP_PUT_ON_TOP:
                        put_on_top_of_library(e, o)
                    elif op == OP_EXILE and a[0] == REF_THAT_CARD:
                        exile_object(e, o)          # "exile it": the card that died (406.3)
                    continue
                if op == OP_DAMAGE:
                    deal_damage(e, source, t, amount)
                elif op == OP_PUMP and o >= 0:
                    add_effect(e, EF_PT, source, o, counted if a[1] == AMOUNT_IS_COUNT else a[1],
                               counted if a[2] == AMOUNT_IS_COUNT else a[2], a[3] & 255,
                               duration_arg(e, a[3], controller), controller)
                elif op == OP_LAYER_EFFECT and o >= 0 and on_battlefield(e, o):
                    # 611.2c: a continuous effect of the layer system on this object
                    k = add_effect(e, EF_LAYER, source, o, a[2], a[3], a[4] & 255,
                                   duration_arg(e, a[4], controller), controller)
                    if k >= 0:
                        e.eff[k].change = a[1]
                elif op == OP_GRANT_KEYWORDS and o >= 0:
                    add_effect(e, EF_KEYWORDS, source, o, a[1], 0, a[2] & 255,
                               duration_arg(e, a[2], controller), controller)
                elif op == OP_DRAW and o < 0:
                    for k in range(amount):
                        draw_card(e, t - TGT_PLAYER)
                elif op == OP_LOSE_LIFE and o < 0:
                    lose_life(e, t - TGT_PLAYER, amount)
                elif op == OP_GAIN_LIFE and o < 0:
                    gain_life(e, t - TGT_PLAYER, amount)
                elif op == OP_CREATE_TOKEN and o < 0:
                    for k in range(op_amount(e, a[2], si) if a[2] != AMOUNT_IS_COUNT else
                                   (counted if counted > 0 else 0)):
                        if create_token(e, a[1], t - TGT_PLAYER) < 0:
                            break
                elif (op == OP_COUNTER or op == OP_COUNTER_EXILE) and o >= 0:
                    lki_controller = e.ob[o].controller     # "its controller" (608.2h)
                    counter_spell_to(e, o, op == OP_COUNTER_EXILE)
                elif op == OP_COUNTER_UNLESS and o >= 0:
                    counter_unless(e, o, amount)
                elif op == OP_BOUNCE and o >= 0 and on_battlefield(e, o):
                    lki_controller = e.ob[o].controller
                    return_to_hand(e, o)
                elif op == OP_PUT_ON_TOP and o >= 0 and on_battlefield(e, o):
                    put_on_top_of_library(e, o)
                elif op == OP_TAP_ALL_CREATURES and o < 0:
                    tap_all_creatures(e, t - TGT_PLAYER)
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
                    if on_battlefield(e, o):
                        lki_controller = e.ob[o].controller
                    destroy(e, o)
                elif op == OP_DESTROY_NO_REGEN and o >= 0 and on_battlefield(e, o):
                    lki_controller = e.ob[o].controller
                    destroy_ex(e, o, False)                    # 701.19c
                elif op == OP_DESTROY_ALL_NO_REGEN and o < 0:
                    destroy_all_ex(e, t - TGT_PLAYER, a[1], False)
                elif op == OP_PREVENT_NEXT and (o < 0 or on_battlefield(e, o)):
                    add_prevention(e, EF_PREVENT_SHIELD, source, t, amount, controller)  # 615.7
                elif op == OP_PREVENT_ALL_TO and (o < 0 or on_battlefield(e, o)):
                    add_prevention(e, EF_PREVENT_ALL, source, t, 0, controller)
                elif op == OP_SACRIFICE and o >= 0 and on_battlefield(e, o):
                    log_event(e, EV_SACRIFICE, o, 0, 0)
                    put_into_graveyard(e, o)
                elif op == OP_ADD_COUNTERS and o >= 0:
                    add_counters(e, o, a[1], a[2] if a[2] != AMOUNT_IS_COUNT else
                                 (counted if counted > 0 else 0))     # 107.1b
                elif op == OP_ATTACH and \
                        (si == NULL or e.ob[source].incarnation == si.obj_inc):
                    attach(e, source, t)
                elif op == OP_UNTAP and o >= 0:
                    e.ob[o].tapped = 0
                elif op == OP_SHUFFLE and o < 0:
                    shuffle_library(e, t - TGT_PLAYER)          # 701.24 (game_start.pxi)
                elif op == OP_EXILE_GRAVEYARD and o < 0:
                    exile_graveyard(e, t - TGT_PLAYER)
                elif op == OP_LOOK_AT_HAND and o < 0:
                    known_look_at_hand(e, controller, t - TGT_PLAYER)   # known.pxi
                elif op == OP_MILL and o < 0:
                    mill(e, t - TGT_PLAYER, a[1] if a[1] != AMOUNT_IS_COUNT else amount)
                elif op == OP_FREEZE and o >= 0 and on_battlefield(e, o):
                    # "doesn't untap during its controller's next untap step" (502.2)
                    add_effect(e, EF_DOESNT_UNTAP, source, o, 0, 0, DUR_NEXT_UNTAP,
                               e.ob[o].controller, controller)
                elif op == OP_DESTROY_ALL and o < 0:
                    destroy_all(e, t - TGT_PLAYER, a[1])
                elif op == OP_DISCARD_RANDOM and o < 0:
                    discard_at_random(e, t - TGT_PLAYER, a[1])
                elif op == OP_GAIN_CONTROL and o >= 0:
                    gain_control(e, o, controller, source, a[1], controller)
                elif op == OP_REGENERATE and o >= 0 and on_battlefield(e, o):
                    add_effect(e, EF_REGEN_SHIELD, source, o, 0, 0, DUR_END_OF_TURN, -1, controller)
                elif op == OP_PUMP_FOR_EACH and o >= 0:
                    k = count_for_each(e, o, a[4])
                    if k * (a[1] if a[1] >= 0 else -a[1]) > TABLE_AMOUNT_MAX or \
                            k * (a[2] if a[2] >= 0 else -a[2]) > TABLE_AMOUNT_MAX:
                        abort_game(e, ABORT_RANGE)        # an effect's size stays in its domain
                    elif k > 0:
                        add_effect(e, EF_PT, source, o, a[1] * k, a[2] * k, a[3] & 255,
                                   duration_arg(e, a[3], controller), controller)
                elif op == OP_EXILE and o >= 0:
                    if on_battlefield(e, o):
                        lki_controller = e.ob[o].controller
                        power_toughness(e, o, &lki_power, &lki_toughness)
                    exile_object(e, o)
                elif op == OP_GAIN_LIFE_LKI_POWER and o < 0:
                    if lki_power > 0:                    # 107.1b: a negative amount is 0
                        gain_life(e, t - TGT_PLAYER, lki_power)
                elif op == OP_TAP and o >= 0:
                    tap_permanent(e, o)                  # 701.26a
                elif op == OP_REMOVE_FROM_COMBAT and o >= 0 and on_battlefield(e, o):
                    remove_from_combat_by_effect(e, o)   # combat.pxi (506.4)
                elif op == OP_TRANSFORM and o >= 0:
                    transform_permanent(e, o, si)        # faces.pxi (701.28)
                elif op == OP_GAIN_LIFE_TARGET_MV and o < 0:
                    # "its mana value" (202.3): the card's, wherever the effects before moved
                    # it (a destroyed artifact in a graveyard keeps it); a token's is 0
                    if si != NULL and si.n_targets > 0 and 0 <= si.targets[0] < TGT_PLAYER:
                        k = card_row(e, e.ob[si.targets[0]].card)[CF_MANA_VALUE]
                        if k > 0:
                            gain_life(e, t - TGT_PLAYER, k)
                elif op == OP_REVEAL_TOP and o < 0:
                    reveal_top(e, t - TGT_PLAYER, a[1])
                elif (op == OP_SEARCH_BASIC_LAND or op == OP_SEARCH) and o < 0:
                    # 701.19: a choice made while the spell resolves; do_action finishes it
                    # (the compiler keeps this opcode last in its program)
                    e.h.decision = D_SEARCH_LIBRARY
                    e.h.decider = t - TGT_PLAYER
                    e.h.dctx0 = a[1]
                    return
            if op == OP_DESTROY_ALL or op == OP_DESTROY_ALL_NO_REGEN:
                leave_event_end(e)
        pc += op_size(e, pc)
    if e.entering_n and e.h.result == R_ONGOING:
        ask_entering_choice(e, pc + 1)          # 614.12: before the object finishes resolving


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


cdef inline int32_t op_amount(Engine* e, int32_t v, StackItem* si) noexcept nogil:
    """An amount operand: a number, or AMOUNT_IS_X for the X chosen as the spell was cast
    (107.3a; 0 for anything else, 107.3: X is 0 off the stack)."""
    if v != AMOUNT_IS_X:
        return v
    if si == NULL or si.kind != SK_SPELL:
        return 0
    return (e.ob[si.obj].cast_info >> CI_X_SHIFT) & CI_X_MAX        # kicker: bits above X


cdef inline bint condition_holds(Engine* e, int32_t cond, StackItem* si) noexcept nogil:
    """OP_IF conditions: "if this spell was kicked" (702.33d)."""
    cdef bint kicked = si != NULL and si.kind == SK_SPELL and \
        (e.ob[si.obj].cast_info & CI_KICKED) != 0
    if cond == COND_KICKED:
        return kicked
    if cond == COND_NOT_KICKED:
        return not kicked
    return False


cdef int32_t free_object_row(Engine* e) noexcept nogil:
    """A row for a new token: one of a token that has ceased to exist (111.7-8, 704.5d:
    whatever referred to it sees a new incarnation, 400.7), else the next unused row, else
    -1 (the state's spare rows, ``token_room``, are all in use)."""
    cdef int32_t i
    for i in range(e.h.n_objects):
        if e.ob[i].token and e.ob[i].zone == -1 and not row_referenced(e, i):
            return i
    if e.h.n_objects < e.h.cap or grow_state(e, GROW_OBJECTS):
        return new_object(e, 0, 0, True)
    return -1


cdef bint row_referenced(Engine* e, int32_t o) noexcept nogil:
    """Does a stack object, trigger or continuous effect still name object row ``o``
    (their tables read the row's card, so it isn't reused while they do)?"""
    cdef int32_t i
    for i in range(e.h.stack_n):
        if e.stack[i].obj == o or e.stack[i].targets[0] == o or e.stack[i].targets[1] == o:
            return True
    for i in range(e.h.triggers_n):
        if e.trig[i].source == o:
            return True
    for i in range(e.h.delayed_n):
        if e.dly[i].source == o:
            return True
    for i in range(e.h.effects_n):
        if e.eff[i].source == o or e.eff[i].affected == o:
            return True
    return False


cdef int32_t create_token(Engine* e, int32_t card, int32_t p) noexcept nogil:
    """111.2: a token is created on the battlefield under the control of the player who
    creates it (its owner, 111.2), with the characteristics of its token row; it has
    summoning sickness (302.6) and its ETB abilities trigger.  No room for it aborts the
    game (ABORT_OBJECTS): never silently dropped."""
    cdef int32_t o = free_object_row(e)
    if o < 0:
        abort_game(e, ABORT_OBJECTS)
        return -1
    e.ob[o].card = card
    e.ob[o].owner = p
    e.ob[o].controller = p
    e.ob[o].token = 1
    e.ob[o].attached_to = -1
    e.ob[o].combat_target = -1
    put_onto_battlefield(e, o, p, -1)
    log_event(e, EV_TOKEN, o, card, p)
    return o


cdef void return_to_hand(Engine* e, int32_t o) noexcept nogil:
    """"Return target permanent to its owner's hand"; a token ceases to exist there
    (111.8, 704.5d)."""
    log_event(e, EV_BOUNCE, o, 0, 0)
    if e.ob[o].token:
        move_object(e, o, -1, True)
    else:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)


cdef void put_on_top_of_library(Engine* e, int32_t o) noexcept nogil:
    """"Put target permanent on top of its owner's library" (401.1: the top is the end of
    the library's list); a token ceases to exist (111.8, 704.5d)."""
    log_event(e, EV_PUT_ON_TOP, o, zone_kind(e, e.ob[o].zone), 0)
    if e.ob[o].token:
        move_object(e, o, -1, True)
    else:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_LIBRARY), True)


cdef void damage_by_power(Engine* e, int32_t src, int32_t ref, int32_t controller,
                          int32_t source, StackItem* si) noexcept nogil:
    """Creature ``src`` deals damage equal to its power (302.4c, after every layer) to each
    object or player ``ref`` names (120.1; not fight, 701.14: only one deals damage)."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t p = 0, tg = 0, n, i
    power_toughness(e, src, &p, &tg)
    n = resolve_ref(e, ref, controller, source, si, refs)
    for i in range(n):
        deal_damage(e, src, refs[i], p)


cdef void tap_all_creatures(Engine* e, int32_t p) noexcept nogil:
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if on_battlefield(e, o) and e.ob[o].controller == p and is_creature(e, o):
            e.ob[o].tapped = 1


# --- choices made while resolving and counts (608.2c-d, 603.4, 701.8, 701.22, 701.25, 701.26)
# A choice in the middle of a program (OP_MAY, OP_LOOK, OP_DISCARD) stops it: the object stays
# on top of the stack (608.2n: it leaves the stack as the last step of resolving), the
# instruction is remembered (h.resolving_pc) and the answer (priority.pxi) resumes the program
# after it.  Last known information an earlier instruction kept (OP_EXILE) doesn't survive
# the pause: the compiler keeps such pairs apart from a choice.

cdef int32_t count_objects(Engine* e, int32_t cnt, int32_t mask, int32_t controller,
                           int32_t source) noexcept nogil:
    """CNT_*: how many there are now, as the effect resolves (608.2h)."""
    cdef int32_t i, o, n = 0, p, z
    if cnt == CNT_CARDS_IN_HAND:
        return e.zcount[zone_of(e, controller, Z_HAND)]
    if cnt == CNT_OPPONENTS:
        for p in range(e.h.n_players):
            if p != controller and e.pl[p].in_game:
                n += 1
        return n
    if cnt == CNT_YOUR_GRAVEYARD:
        z = zone_of(e, controller, Z_GRAVEYARD)
        for i in range(e.zcount[z]):
            if mask == 0 or card_row(e, e.ob[zone_list(e, z)[i]].card)[CF_TYPES] & mask:
                n += 1
        return n
    z = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[z]):
        o = zone_list(e, z)[i]
        if e.ob[o].phased_out:
            continue
        if (cnt == CNT_OTHER_YOU_CONTROL or cnt == CNT_OTHER_YOU_CONTROL_SUBTYPE) and o == source:
            continue
        if cnt == CNT_OPPONENTS_CONTROL:
            if e.ob[o].controller == controller:
                continue
        elif cnt != CNT_BATTLEFIELD and e.ob[o].controller != controller:
            continue
        if cnt == CNT_YOU_CONTROL_SUBTYPE or cnt == CNT_OTHER_YOU_CONTROL_SUBTYPE:
            if obj_subtypes(e, o) & mask:
                n += 1
        elif obj_types(e, o) & mask:
            n += 1
    return n


cdef bint choice_condition_holds(Engine* e, int32_t cond, int32_t a, int32_t b, int32_t c,
                                 int32_t controller, int32_t source, StackItem* si) noexcept nogil:
    """COND_* of OP_IF_COND / OP_INTERVENING_IF, seen from ``controller`` (603.4, 608.2c)."""
    cdef int32_t p, k
    if cond == COND_COUNT_AT_LEAST or cond == COND_COUNT_AT_MOST:
        k = count_objects(e, a, b, controller, source)
        return k >= c if cond == COND_COUNT_AT_LEAST else k <= c
    if cond == COND_OPPONENT_LIFE_AT_MOST:
        for p in range(e.h.n_players):
            if p != controller and e.pl[p].in_game and e.pl[p].life <= a:
                return True
        return False
    if cond == COND_LIFE_AT_LEAST:
        return e.pl[controller].life >= a
    if cond == COND_LIFE_AT_MOST:
        return e.pl[controller].life <= a
    if cond == COND_SELF_KICKED:                   # kicker.pxi: "if it was kicked" (702.33d)
        return self_kicked(e, source)
    if cond == COND_SELF_EVOKED:                   # alternative_costs.pxi: "if it was evoked" (702.74a)
        return self_evoked(e, source)
    if cond == COND_SELF_TAPPED:                   # "if ~ is (un)tapped" (608.2c)
        return source >= 0 and on_battlefield(e, source) and e.ob[source].tapped == a
    if COND_CREATURE_DIED_THIS_TURN <= cond <= COND_YOUR_TURN:
        return history_condition_holds(e, cond, a, b, controller, source)   # turn_history.pxi
    if cond == COND_NO_SPELLS_LAST_TURN or cond == COND_TWO_SPELLS_LAST_TURN:
        return spells_last_turn_condition(e, cond)                          # turn_history.pxi
    if cond == COND_TARGET_MV_AT_MOST or cond == COND_REVOLT:
        return mana_value_condition_holds(e, cond, a, b, c, controller, source, si)  # mana_value.pxi
    if cond == COND_THAT_WAS_ALONE:
        # 506.5 as the permanent left (603.10a, move_object_to); on resolution (603.4) that
        # last known information can't have changed, so the condition still holds
        return e.leaving_alone == 0 or ((e.leaving_alone - 1) & a) != 0
    return False


cdef bint intervening_if_holds(Engine* e, int32_t prog_start, int32_t controller,
                               int32_t source) noexcept nogil:
    """603.4: a triggered ability whose program begins with OP_INTERVENING_IF triggers only
    if its condition is true as the event happens (and checks it again as it resolves)."""
    cdef const int32_t* a = e.prog + prog_start + 1
    if e.prog[prog_start] != OP_INTERVENING_IF:
        return True
    return choice_condition_holds(e, a[0], a[1], a[2], a[3], controller, source, NULL)


cdef int32_t opponents_creatures_and_planeswalkers(Engine* e, int32_t controller,
                                                   int32_t* out) noexcept nogil:
    """REF_OPPONENTS_CREATURES_AND_PLANESWALKERS: each creature and planeswalker an opponent
    controls, in battlefield order, each once (Goblin Chainwhirler)."""
    cdef int32_t i, o, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out == 0 and e.ob[o].controller != controller and \
                obj_types(e, o) & (T_CREATURE | T_PLANESWALKER):
            out[n] = o
            n += 1
    return n


cdef inline void pause_for_choice(Engine* e, int32_t decision, int32_t p, int32_t ctx,
                                  int32_t pc) noexcept nogil:
    """Ask ``p`` a choice of the resolving object's instruction at ``pc`` (608.2d)."""
    e.h.decision = decision
    e.h.decider = p
    e.h.dctx0 = ctx
    e.h.resolving_pc = pc + 1


cdef int32_t next_discarder(Engine* e, int32_t ref, int32_t controller, int32_t source,
                            StackItem* si, int32_t after) noexcept nogil:
    """The next player of an OP_DISCARD's players after seat ``after`` (-1: the first) in
    APNAP order (101.4) who has a card in hand, or -1.  ``after`` may have left the game."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t n = resolve_ref(e, ref, controller, source, si, refs), i, p
    cdef int32_t n_pl = e.h.n_players
    cdef int32_t past = -1 if after < 0 else (after - e.h.active + n_pl) % n_pl
    for i in range(n):
        if refs[i] < TGT_PLAYER:
            continue
        p = refs[i] - TGT_PLAYER
        if (p - e.h.active + n_pl) % n_pl > past and e.zcount[zone_of(e, p, Z_HAND)] > 0:
            return p
    return -1


cdef bint start_choice(Engine* e, int32_t op, const int32_t* a, int32_t pc, int32_t controller,
                       int32_t source, StackItem* si) noexcept nogil:
    """The instruction at ``pc`` asks a choice: ask it and return True (the program stops),
    or return False when there is nothing to choose (it is done)."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t p, n, lib
    if op == OP_MAY:
        # 608.2d: the player named chooses on resolution
        if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] < TGT_PLAYER:
            return False
        pause_for_choice(e, D_MAY, refs[0] - TGT_PLAYER, 0, pc)
        return True
    if op == OP_LOOK:
        lib = zone_of(e, controller, Z_LIBRARY)
        n = a[0] if a[0] < e.zcount[lib] else e.zcount[lib]
        if n <= 0:
            return False         # 701.22b / 701.25b: with no cards there is nothing to look at
        known_look_top(e, controller, lib, n)      # they see each card (known.pxi)
        pause_for_choice(e, D_LOOK_TAKE if a[1] == LOOK_TAKE_ONE or a[1] == LOOK_MAY_TAKE
                         or a[1] == LOOK_TAKE_ONE_REST_GRAVEYARD
                         else D_LIBRARY_CARDS, controller, n, pc)
        return True
    # OP_DISCARD (701.8a): each player, in APNAP order, chooses; an empty hand chooses nothing
    p = next_discarder(e, a[0], controller, source, si, -1)
    if p < 0 or a[1] <= 0:
        return False
    pause_for_choice(e, D_DISCARD_CHOICE, p, a[1], pc)
    return True


cdef void tap_permanent(Engine* e, int32_t o) noexcept nogil:
    """701.26a: tap it (an untapped permanent becomes tapped; a tapped one stays so)."""
    if on_battlefield(e, o):
        e.ob[o].tapped = 1


cdef void run_from(Engine* e, StackItem* si, int32_t pc) noexcept nogil:
    """Go on resolving ``si`` (just taken off the top of the stack) at instruction ``pc`` of
    its program -- of the chosen mode that holds it, then the later chosen modes (700.2)."""
    cdef const int32_t* ab
    cdef const int32_t* mr
    cdef StackItem part
    cdef int32_t m, k, off = 0, info, start, length
    if si.ability < 0 or si.prog_start >= 0:            # a delayed trigger, an ability's mode
        run_program(e, pc, si.prog_start + si.prog_len - pc, si.controller, si.obj, si)
        return
    ab = ability_row(e, si.ability)
    if not (si.kind == SK_SPELL and ab[AF_N_MODES]):
        run_program(e, pc, ab[AF_PROG_START] + ab[AF_PROG_LEN] - pc, si.controller, si.obj, si)
        return
    info = e.ob[si.obj].cast_info
    for m in range(ab[AF_N_MODES]):
        if not (info & (1 << m)):
            continue
        mr = ability_row(e, ab[AF_MODE_START] + m)
        start = mr[AF_PROG_START]
        length = mr[AF_PROG_LEN]
        if pc >= 0 and not (start <= pc <= start + length):
            off += mr[AF_N_TARGETS]
            continue
        part = si[0]
        part.ability = ab[AF_MODE_START] + m
        part.n_targets = mr[AF_N_TARGETS]
        for k in range(mr[AF_N_TARGETS]):
            part.targets[k] = si.targets[off + k]
            part.target_inc[k] = si.target_inc[off + k]
        off += mr[AF_N_TARGETS]
        if pc >= 0:
            run_program(e, pc, start + length - pc, si.controller, si.obj, &part)
            pc = -1
        else:
            run_program(e, start, length, si.controller, si.obj, &part)
        if e.h.resolving_pc:
            return


cdef void resume_resolution(Engine* e, int32_t pc) noexcept nogil:
    """The choice is made: the top object of the stack goes on resolving at ``pc``; then,
    unless another choice stops it, it leaves the stack (608.2n)."""
    cdef StackItem si = e.stack[e.h.stack_n - 1]
    e.h.stack_n -= 1
    e.h.resolving_pc = 0
    e.h.decision = D_NONE
    e.h.dctx0 = 0
    run_from(e, &si, pc)
    finish_resolving(e, &si)


cdef void finish_resolving(Engine* e, StackItem* si) noexcept nogil:
    """After a program ran: a choice stopped it (the object goes back on top of the stack,
    still resolving), or it is done and a spell leaves the stack (304.2 / 307.2)."""
    if e.h.resolving_pc:
        if e.h.result != R_ONGOING:
            e.h.resolving_pc = 0
            return
        e.stack[e.h.stack_n] = si[0]
        e.h.stack_n += 1
        return
    if si.kind == SK_SPELL and e.ob[si.obj].zone == zone_of(e, 0, Z_STACK) and \
            e.ob[si.obj].incarnation == si.obj_inc:
        spell_leaves_stack(e, si.obj)
