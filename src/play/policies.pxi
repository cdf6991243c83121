# Policies compiled in the core: who decides for each seat of a batch of games, with the
# GIL released and no Python per decision (docs/architecture.md, Principles: the core never
# calls back into Python).
#
# A policy answers the pending decision of its seat.  Each seat's policy draws from its
# own RNG stream, seeded from (batch seed, game index, seat) and kept outside the state:
# the game's own RNG (Header.rng: shuffles, 103.1 starting player) is never touched by a
# policy, so changing one seat's policy never changes the shuffles of a game (DESIGN
# principle 6).  POL_RANDOM is the uniform-random policy of playout.pxi; POL_HEURISTIC
# is the heuristic player below.

cdef inline void seat_stream(uint32_t* rng, uint64_t seed, uint64_t game, int32_t seat) noexcept nogil:
    """Seat ``seat``'s policy stream for game ``game`` of a batch seeded ``seed``."""
    mtg_rng_seed(rng, (seed * 2654435761u + game) ^ (<uint64_t>(seat + 1) * 0xD1B54A32D192ED03u))


cdef bint random_step(Engine* e, uint32_t* rng, int32_t* buf, bint include_mana) noexcept nogil:
    """One decision of the uniform-random policy, exactly as play_out takes it (a whole
    declaration at once, the default damage split with probability 7/8).  False: no legal
    action."""
    cdef int32_t act
    if (e.h.decision == D_DECLARE_ATTACKERS or e.h.decision == D_DECLARE_BLOCKERS) and \
            random_declaration(e, rng):
        return True
    if e.h.decision == D_ASSIGN_DAMAGE and mtg_rng_below(rng, 8) != 0:
        do_action(e, make_action(A_ASSIGN_DEFAULT, e.h.dctx0, 0))
        return True
    act = random_action(e, rng, buf, include_mana)
    if act < 0:
        return False
    do_action(e, act)
    return True


cdef int32_t policy_action(Engine* e, int32_t policy, uint32_t* rng, int32_t* buf) noexcept nogil:
    """The action ``policy`` takes now (one action code, -1 if there is none): for
    POL_RANDOM a uniformly random legal action (a declaration pair by pair)."""
    if policy == POL_HEURISTIC:
        return heuristic_action(e, rng, buf)
    return random_action(e, rng, buf, False)


cdef inline int32_t alive_mask(Engine* e) noexcept nogil:
    cdef int32_t p, m = 0
    for p in range(e.h.n_players):
        if e.pl[p].in_game:
            m |= 1 << p
    return m


cdef int32_t end_code(Engine* e, int32_t alive_before, bint stuck) noexcept nogil:
    """END_* for a finished game: a win by the rule that made the last player(s) lose
    (the players still in the game before the last decision who are out now)."""
    cdef int32_t p
    if e.h.result == R_ONGOING:
        return END_NONE
    if e.h.result == R_ABORTED:
        return END_ABORTED
    if e.h.result == R_UNFINISHED:
        return END_NO_ACTION if stuck else END_TURN_LIMIT
    if e.h.result == R_DRAW:
        return END_DRAW
    for p in range(e.h.n_players):
        if (alive_before >> p) & 1 and not e.pl[p].in_game:
            return e.pl[p].lost_reason          # LOSS_* == END_* for 1..4
    for p in range(e.h.n_players):              # (not reached: the win came with a loss)
        if not e.pl[p].in_game:
            return e.pl[p].lost_reason
    return END_NONE


cdef int32_t play_policies(Engine* e, uint32_t* rngs, const int32_t* policies,
                           int32_t* end, const SearchParams* search) noexcept nogil:
    """Play the game to its end, seat p deciding by ``policies[p]`` with the stream
    ``rngs + 4 * p``; returns the number of decisions taken and sets ``end`` (END_*).
    A POL_ISMCTS seat searches with ``search[p]`` (ismcts.pxi; ``search`` may be NULL
    when no seat searches)."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t act, p, steps = 0, alive
    cdef bint stuck = False, ok
    cdef CombatDecl decl                        # lent to the declarations (state.pxi)
    e.decl_cache = &decl
    e.decl_cache_for = D_NONE
    advance(e)
    alive = alive_mask(e)
    while e.h.result == R_ONGOING:
        if steps >= PLAYOUT_GUARD:             # a game can't last this long: stop, don't hang
            abort_game(e, ABORT_RUNAWAY)
            break
        p = e.h.decider
        if not 0 <= p < e.h.n_players:
            p = 0
        if e.h.n_players > 2:
            # with two players the first to leave ends the game (104.2a, 104.3a): the
            # mask before the last decision is the one before the first
            alive = alive_mask(e)
        if policies[p] == POL_HEURISTIC:
            act = heuristic_action(e, rngs + 4 * p, buf)
            ok = act >= 0
            if ok:
                do_action(e, act)
        elif policies[p] == POL_ISMCTS and search != NULL:
            act = ismcts_action(e, rngs + 4 * p, &search[p], buf)
            ok = act >= 0
            if ok:
                do_action(e, act)
        else:
            ok = random_step(e, rngs + 4 * p, buf, False)
        if not ok:
            e.h.result = R_UNFINISHED          # no legal action: never happens by the rules
            stuck = True
            break
        advance(e)
        steps += 1
    e.decl_cache = NULL
    e.decl_cache_for = D_NONE
    end[0] = end_code(e, alive, stuck)
    return steps


# --- the heuristic player (POL_HEURISTIC) --------------------------------------------------
#
# "Cast what it can afford, attack when the attack does not simply lose creatures, block to
# survive, burn face when lethal", and a plain default for every other decision.  It only
# ever answers with one of the legal actions the engine lists (so every answer makes the
# progress the rules give it; floating mana on its own is never chosen), looks at the board
# through the same accessors the rules use, allocates nothing and draws from its seat's
# stream only where it has no preference.  Declarations are answered pair by pair.

cpdef enum:
    HX_UNKNOWN = 0             # what an ability does to one of its targets (hx_target_effect)
    HX_HARMS = 1               # damage, destroy, exile, bounce, -N/-N, counter, tap, ...
    HX_HELPS = 2               # pump, draw, life, untap, regenerate, counters, ...
    HX_KILLS = 1000            # "damage" of destroy / exile / bounce: removes any creature


cdef inline void hx_pt(Engine* e, int32_t o, int32_t* pw, int32_t* tg) noexcept nogil:
    """Power and toughness as the rules see them now (613), the SBA's fast path when the
    layer system is idle."""
    if layers_on_board(e):
        power_toughness(e, o, pw, tg)
    else:
        power_toughness_fast(e, o, pw, tg)


cdef int32_t hx_value(Engine* e, int32_t o) noexcept nogil:
    """How much a permanent (or card) is worth keeping: power, toughness, evasion, cost."""
    cdef int32_t pw = 0, tg = 0, kw, v
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    v = 2 * row[CF_MANA_VALUE]
    if on_battlefield(e, o) and is_creature(e, o):
        hx_pt(e, o, &pw, &tg)
        kw = keywords_of(e, o)
        v += 3 * pw + 2 * tg
        if kw & (KW_FLYING | KW_DEATHTOUCH | KW_DOUBLE_STRIKE | KW_FIRST_STRIKE | KW_LIFELINK | KW_TRAMPLE):
            v += 3
    elif row[CF_TYPES] & T_CREATURE:
        v += 3 * row[CF_POWER] + 2 * row[CF_TOUGHNESS]
    return v


cdef int32_t hx_target_effect(Engine* e, int32_t ab, int32_t slot, int32_t* amount) noexcept nogil:
    """What ability row ``ab`` does to its target ``slot`` (HX_*), read off its program;
    ``amount`` gets the damage it deals there (HX_KILLS for destroy / exile / bounce, 0 if
    none).  A modal ability is read through all its modes."""
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t m, pc, end, op, eff = HX_UNKNOWN, r
    cdef const int32_t* a
    amount[0] = 0
    if row[AF_N_MODES]:
        for m in range(row[AF_N_MODES]):
            r = hx_target_effect(e, row[AF_MODE_START] + m, slot, amount)
            if r != HX_UNKNOWN:
                return r
        return HX_UNKNOWN
    pc = row[AF_PROG_START]
    end = pc + row[AF_PROG_LEN]
    while pc < end:
        op = e.prog[pc]
        if op == OP_END:
            break
        a = e.prog + pc + 1
        if a[0] == REF_TARGET0 + slot:
            if op == OP_DAMAGE:
                amount[0] += a[1] if a[1] < AMOUNT_IS_X else 3
                eff = HX_HARMS
            elif op == OP_DESTROY or op == OP_DESTROY_NO_REGEN or op == OP_EXILE or op == OP_BOUNCE:
                amount[0] = HX_KILLS
                eff = HX_HARMS
            elif op == OP_PUMP or op == OP_PUMP_FOR_EACH:
                if a[1] < 0 or a[2] < 0:
                    if a[2] < 0:
                        amount[0] += -a[2]
                    eff = HX_HARMS
                elif eff == HX_UNKNOWN:
                    eff = HX_HELPS
            elif op == OP_COUNTER or op == OP_COUNTER_EXILE or op == OP_COUNTER_UNLESS or op == OP_TAP or op == OP_FREEZE \
                    or op == OP_LOSE_LIFE or op == OP_MILL or op == OP_DISCARD or op == OP_POISON \
                    or op == OP_DISCARD_RANDOM or op == OP_GAIN_CONTROL or op == OP_SACRIFICE \
                    or op == OP_TAP_ALL_CREATURES or op == OP_TAP_ALL_CREATURES_FREEZE \
                    or op == OP_SKIP_NEXT_TURN or op == OP_SKIP_NEXT_STEP or op == OP_EXILE_GRAVEYARD:
                eff = HX_HARMS
            elif op == OP_ADD_COUNTERS:
                eff = HX_HARMS if a[1] == CTR_MINUS1 else (eff if eff != HX_UNKNOWN else HX_HELPS)
            elif op == OP_DRAW or op == OP_GAIN_LIFE or op == OP_UNTAP or op == OP_GRANT_KEYWORDS \
                    or op == OP_REGENERATE or op == OP_PREVENT_NEXT or op == OP_PREVENT_ALL_TO \
                    or op == OP_RETURN_FROM_GRAVEYARD or op == OP_RETURN_TO_BATTLEFIELD \
                    or op == OP_EXTRA_TURN or op == OP_ATTACH:
                if eff == HX_UNKNOWN:
                    eff = HX_HELPS
        pc += op_size(e, pc)
    return eff


cdef bint hx_condition_spares(Engine* e, int32_t ab, int32_t slot, int32_t t,
                             int32_t me) noexcept nogil:
    """Does ability row ``ab`` do nothing to target ``t`` in ``slot`` because its effect on it
    is under an "if it has mana value N or less" it fails now (COND_TARGET_MV_AT_MOST, with
    revolt as it stands; Fatal Push)?"""
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t pc = row[AF_PROG_START], end = row[AF_PROG_START] + row[AF_PROG_LEN]
    cdef const int32_t* a
    if row[AF_N_MODES]:
        return False
    while pc < end:
        if e.prog[pc] == OP_END:
            break
        a = e.prog + pc + 1
        if e.prog[pc] == OP_IF_COND and a[0] == COND_TARGET_MV_AT_MOST and \
                a[3] == REF_TARGET0 + slot and \
                not target_mana_value_at_most(e, a[1], a[2], t, me):       # mana_value.pxi
            return True
        pc += op_size(e, pc)
    return False


cdef inline int32_t hx_owner_of_target(Engine* e, int32_t t) noexcept nogil:
    """The player a target belongs to: the player, or an object's controller."""
    return t - TGT_PLAYER if t >= TGT_PLAYER else e.ob[t].controller


cdef int32_t hx_target_score(Engine* e, int32_t me, int32_t t, int32_t eff, int32_t amount) noexcept nogil:
    """How good target ``t`` is for an effect (HX_*) dealing ``amount``: harm goes to the
    opponents (a creature it kills first, the face when the damage is lethal or nothing is
    worth it), help to the player and their creatures in combat first."""
    cdef int32_t owner = hx_owner_of_target(e, t), pw = 0, tg = 0, v
    cdef bint mine = owner == me
    if t >= TGT_PLAYER:
        if eff == HX_HARMS:
            if mine:
                return -100000
            if amount > 0 and amount != HX_KILLS and amount >= e.pl[owner].life:
                return 100000                     # burn face when lethal (704.5a)
            return 50 - e.pl[owner].life
        return 1000 if mine else -1000
    v = hx_value(e, t)
    if eff == HX_HARMS:
        if mine:
            return -1000 - (10000 - v)           # forced: the least valuable of one's own
        if zone_kind(e, e.ob[t].zone) == Z_STACK:
            return 2000 + v                       # a counterspell at an opponent's spell
        if on_battlefield(e, t) and is_creature(e, t):
            hx_pt(e, t, &pw, &tg)
            if amount == HX_KILLS or (amount > 0 and amount >= tg - e.ob[t].damage):
                return 1000 + v                   # it dies: the opponent's best creature
            if amount > 0:
                return -500 + v                   # damage it survives: worse than the face
        return v
    if mine:
        v += 500
        if e.ob[t].combat & (CB_ATTACKING | CB_BLOCKING):
            v += 500
        return v
    return -1000 - v


cdef int32_t hx_pick_target(Engine* e, int32_t* buf, int32_t n, uint32_t* rng) noexcept nogil:
    """601.2c / 115: the target of the spell or ability being put on the stack."""
    cdef StackItem* si = &e.stack[e.h.casting]
    cdef int32_t me = e.h.decider, eff, amount = 0, i, best = -1, sc, best_sc = -2147483647
    cdef const int32_t* row
    if si.kind == SK_SPELL and si.ability < 0:      # an Aura spell: "enchanted creature gets"
        row = card_row(e, e.ob[si.obj].card)
        eff = HX_HARMS if row[CF_ATTACHED_POWER] < 0 or row[CF_ATTACHED_TOUGHNESS] < 0 else HX_HELPS
    else:
        eff = hx_target_effect(e, si.ability, e.h.dctx0, &amount)
    if eff == HX_UNKNOWN:
        return buf[mtg_rng_below(rng, <uint32_t>n)]
    for i in range(n):
        if action_kind(buf[i]) != A_TARGET:
            continue                        # A_NO_TARGET ("up to one"): only if nothing else
        sc = hx_target_score(e, me, action_a(buf[i]), eff, amount)
        if si.ability >= 0 and hx_condition_spares(e, si.ability, e.h.dctx0, action_a(buf[i]), me):
            sc = -3000                      # its "if" fails on it: the effect does nothing
        if sc > best_sc:
            best_sc = sc
            best = buf[i]
    return best if best != -1 else buf[n - 1]


cdef int32_t hx_phyrexian_life_needed(Engine* e, int32_t me, int32_t o) noexcept nogil:
    """The least life card ``o``'s Phyrexian symbols need (107.4f): 2 for each one its
    mana can't pay (its mana cost with X = 0 and no optional cost)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t paid = 0, least = -1, k
    cdef int32_t rest[7]
    while paid >= 0:
        k = PHYREXIAN_LIFE * phyrexian_count(paid)
        if least < 0 or k < least:
            cost_paid_with_life(row + CF_COST_GENERIC, paid, rest)
            if can_pay_h(e, me, rest, row[CF_COST_HYBRID], -1):
                least = k
        paid = next_phyrexian_choice(paid, row[CF_COST_PHYREXIAN])
    return least if least >= 0 else 0


cdef int32_t hx_cheapest_sacrifice(Engine* e, int32_t me, const int32_t* ab) noexcept nogil:
    """The hx_value of the permanent ``me`` would sacrifice for spell ability ``ab``'s
    additional cost (601.2f): its least valuable candidate (hx_card_choice's answer)."""
    cdef int32_t i, m, v, best = 2147483647, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t spec = spell_sac_spec(ab)
    for i in range(e.zcount[bf]):
        m = zone_list(e, bf)[i]
        if cost_candidate(e, me, -1, spec, m):
            v = hx_value(e, m)
            if v < best:
                best = v
    return best


cdef bint hx_worth_casting(Engine* e, int32_t me, int32_t o) noexcept nogil:
    """Is spell ``o`` worth casting now?  A permanent always (it has a legal cast, so its
    timing is right); a targeted spell only with a target it is meant for: a counterspell
    at an opponent's spell, removal at an opponent's creature it kills (or a burn spell at
    an opponent's face), a pump on one's own creature in combat."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t ab, eff, amount = 0, spec, n, i, best = -2147483647
    cdef int32_t tmp[TGT_PLAYER + MAX_PLAYERS]
    if row[CF_COST_PHYREXIAN] and hx_phyrexian_life_needed(e, me, o) >= e.pl[me].life:
        return False                               # 119.4 / 704.5a: it would pay its last life
    if not (row[CF_TYPES] & (T_INSTANT | T_SORCERY)):
        return True
    ab = spell_ability(e, e.ob[o].card)
    if ab >= 0 and (ability_row(e, ab)[AF_COST_FLAGS] & COST_SAC_CREATURE) and \
            hx_cheapest_sacrifice(e, me, ability_row(e, ab)) > 4 + 2 * row[CF_MANA_VALUE]:
        return False                               # 601.2f: the sacrifice is worth more
    if ab < 0 or ability_row(e, ab)[AF_N_MODES] or ability_row(e, ab)[AF_N_TARGETS] == 0:
        return True
    eff = hx_target_effect(e, ab, 0, &amount)
    if eff == HX_UNKNOWN:
        return True
    spec = ability_row(e, ab)[AF_TARGET0]
    n = list_targets(e, spec, me, o, tmp)
    for i in range(n):
        if tmp[i] != o and not hx_condition_spares(e, ab, 0, tmp[i], me):
            best = max(best, hx_target_score(e, me, tmp[i], eff, amount))
    if eff == HX_HELPS:
        return best >= 1000
    return best >= 0 and (best >= 1000 or (spec & TS_PLAYER))


cdef bint hx_is_typecycling_or_channel(Engine* e, int32_t ab) noexcept nogil:
    """A typecycling ability (702.29e: a cycling ability that searches) or another ability
    from the hand (channel, 207.2c); plain cycling keeps the generic rule of hx_priority."""
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t op
    if row[AF_FROM_HAND] == FROM_HAND:
        return True
    if row[AF_FROM_HAND] != FROM_HAND_CYCLING or row[AF_PROG_LEN] == 0:
        return False
    op = e.prog[row[AF_PROG_START]]
    return op == OP_SEARCH or op == OP_SEARCH_EX


cdef int32_t hx_hand_ability(Engine* e, int32_t me, int32_t o, int32_t ab) noexcept nogil:
    """The score of activating typecycling or channel ability ``ab`` of hand card ``o``
    (-1: not now).  Typecycling when the player lacks lands (none in hand, fewer than six on
    the battlefield: what it finds is nearly always a land) or at an opponent's end step
    (mana that would go unused).  Channel with a target only at one worth the card, as for a
    spell (hx_worth_casting): a creature it kills, a spell it counters, an opponent's
    noncreature permanent of mana value 2 or more, one's own creature in combat; channel
    without targets at an opponent's end step."""
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t eff, amount = 0, n, i, best = -2147483647
    cdef int32_t tmp[TGT_PLAYER + MAX_PLAYERS]
    cdef bint spare = e.h.active != me and e.h.step == S_END
    if row[AF_FROM_HAND] == FROM_HAND_CYCLING:
        if spare or (hx_lands(e, zone_of(e, me, Z_HAND)) == 0 and hx_lands_controlled(e, me) < 6):
            return 20
        return -1
    if row[AF_N_TARGETS] == 0 or row[AF_N_MODES]:
        return 30 if spare else -1
    eff = hx_target_effect(e, ab, 0, &amount)
    if eff == HX_UNKNOWN:
        return 30 if spare else -1
    n = list_targets(e, row[AF_TARGET0], me, o, tmp)
    for i in range(n):
        if tmp[i] != o:
            best = max(best, hx_target_score(e, me, tmp[i], eff, amount))
    if best >= 1000 or (eff == HX_HARMS and best >= 4):
        return 60
    return -1


cdef int32_t hx_priority(Engine* e, int32_t* buf, int32_t n, uint32_t* rng) noexcept nogil:
    """117: play a land, cast the best spell it can afford that is worth casting (a
    counterspell first, then removal, then the most expensive permanent), activate a
    loyalty ability, else pass."""
    cdef int32_t me = e.h.decider, i, act, k, o, best = -1, sc, best_sc = -2147483647, ab
    cdef const int32_t* row
    for i in range(n):
        if action_kind(buf[i]) == A_PLAY_LAND:
            return buf[i]                         # 305.2: one land each turn
    for i in range(n):
        act = buf[i]
        k = action_kind(act)
        o = action_a(act)
        if k == A_CAST or k == A_CAST_ALT:
            if not hx_worth_casting(e, me, o):
                continue
            row = card_row(e, e.ob[o].card)
            sc = 100 + row[CF_MANA_VALUE]
            if k == A_CAST_ALT:
                sc -= 1                           # 118.9: the mana cost, if both can be paid
            if row[CF_TYPES] & (T_INSTANT | T_SORCERY):
                ab = spell_ability(e, e.ob[o].card)
                if ab >= 0 and ability_row(e, ab)[AF_N_TARGETS] > 0:
                    sc += 100                     # removal and counters before threats
        elif k == A_ACTIVATE:
            ab = host_ability_row(e, o, action_b(act))          # grants.pxi
            if ability_row(e, ab)[AF_COST_FLAGS] & COST_LOYALTY:
                sc = 50 + ability_row(e, ab)[AF_LOYALTY]      # 606: the plus ability first
            elif hx_is_typecycling_or_channel(e, ab):
                sc = hx_hand_ability(e, me, o, ab)
                if sc < 0:
                    continue
            elif e.h.active == me and mtg_rng_below(rng, 4) == 0:
                sc = 10
            else:
                continue
        else:
            continue
        if sc > best_sc:
            best_sc = sc
            best = act
    return best if best >= 0 else make_action(A_PASS, 0, 0)


cdef bint hx_attack_loses(Engine* e, int32_t c, int32_t me) noexcept nogil:
    """508.1: would attacking with ``c`` simply lose it -- some untapped opposing creature
    could block it (evasion read roughly: flying, shadow) and kill it without dying?"""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, b, cp = 0, ct = 0, bp = 0, bt = 0
    cdef int32_t ck = keywords_of(e, c), bk
    hx_pt(e, c, &cp, &ct)
    for i in range(e.zcount[bf]):
        b = zone_list(e, bf)[i]
        if e.ob[b].controller == me or e.ob[b].tapped or e.ob[b].phased_out or not is_creature(e, b):
            continue
        bk = keywords_of(e, b)
        if (ck & KW_FLYING) and not (bk & (KW_FLYING | KW_REACH)):
            continue
        if (ck & KW_SHADOW) and not (bk & KW_SHADOW):
            continue
        hx_pt(e, b, &bp, &bt)
        if (bp >= ct - e.ob[c].damage or (bk & KW_DEATHTOUCH)) and bp > 0 and \
                not (ck & KW_INDESTRUCTIBLE):
            # it dies; does the blocker die too (a trade is not "simply losing")?
            if (cp >= bt - e.ob[b].damage or (ck & KW_DEATHTOUCH)) and cp > 0 and \
                    not (bk & KW_INDESTRUCTIBLE) and \
                    not ((bk & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) and not (ck & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE))):
                continue
            return True
    return False


cdef int32_t hx_attack(Engine* e, int32_t* buf, int32_t n, uint32_t* rng) noexcept nogil:
    """508.1: attack with each creature whose attack does not simply lose it (at the
    opponent with the lowest life), or with everything when the attack is lethal even if
    each opposing creature blocks one attacker; then "done"."""
    cdef int32_t me = e.h.decider, i, c, t, act, best = -1, done = -1, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t total = 0, n_att = 0, n_block = 0, pw = 0, tg = 0, low_life = 2147483647, o
    cdef int32_t top[8]
    cdef int32_t k, j
    cdef bint alpha
    for k in range(8):
        top[k] = 0
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out or not is_creature(e, o):
            continue
        if e.ob[o].controller == me:
            if e.ob[o].combat & CB_DECLARING or (not e.ob[o].tapped and not e.ob[o].sick) or \
                    (not e.ob[o].tapped and has_kw(e, o, KW_HASTE)):
                hx_pt(e, o, &pw, &tg)
                total += pw if pw > 0 else 0
                n_att += 1
                # keep the 8 largest powers (the attackers the opponents would block)
                for k in range(8):
                    if pw > top[k]:
                        for j in range(7, k, -1):
                            top[j] = top[j - 1]
                        top[k] = pw
                        break
        elif not e.ob[o].tapped:
            n_block += 1
    for i in range(e.h.n_players):
        if i != me and e.pl[i].in_game and e.pl[i].life < low_life:
            low_life = e.pl[i].life
    for k in range(min(n_block, 8)):
        total -= top[k]
    alpha = n_block < 8 and total >= low_life
    for i in range(n):
        act = buf[i]
        if action_kind(act) == A_DECLARE_DONE:
            done = act
            continue
        if action_kind(act) != A_ATTACK:
            continue
        c = action_b(act)
        t = action_a(act)
        if e.ob[c].combat & CB_DECLARING:
            continue
        if not alpha and hx_attack_loses(e, c, me):
            continue
        if best < 0:
            best = act
        elif t >= TGT_PLAYER and action_b(best) == c and (action_a(best) < TGT_PLAYER or
                e.pl[t - TGT_PLAYER].life < e.pl[action_a(best) - TGT_PLAYER].life):
            best = act                            # the same creature, a weaker opponent
    if best >= 0:
        return best
    if done >= 0:
        return done
    return buf[mtg_rng_below(rng, <uint32_t>n)]  # a requirement (508.1d) asks for more


cdef int32_t hx_block(Engine* e, int32_t* buf, int32_t n, uint32_t* rng) noexcept nogil:
    """509.1: block where the blocker survives or trades up, and chump-block the largest
    attackers only while the unblocked damage would be lethal; then "done"."""
    cdef int32_t me = e.h.decider, i, j, act, b, a, bf = zone_of(e, 0, Z_BATTLEFIELD), o
    cdef int32_t incoming = 0, ap = 0, at = 0, bp = 0, bt = 0, ak, bk, sc, best = -1, done = -1
    cdef int32_t best_sc = 0
    cdef uint32_t blocked = 0
    cdef bint kills, dies
    for i in range(e.zcount[bf]):                # attackers my declared blockers already block
        o = zone_list(e, bf)[i]
        if e.ob[o].controller == me and (e.ob[o].combat & CB_DECLARING):
            blocked |= <uint32_t>e.ob[o].block_mask
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if (e.ob[o].combat & CB_ATTACKING) and e.ob[o].combat_target == TGT_PLAYER + me and \
                not ((blocked >> e.ob[o].attack_slot) & 1):
            hx_pt(e, o, &ap, &at)
            incoming += ap if ap > 0 else 0
            if has_kw(e, o, KW_DOUBLE_STRIKE):
                incoming += ap if ap > 0 else 0
    for i in range(n):
        act = buf[i]
        if action_kind(act) == A_DECLARE_DONE:
            done = act
            continue
        if action_kind(act) != A_BLOCK:
            continue
        b = action_a(act)
        a = action_b(act)
        if (e.ob[b].combat & CB_DECLARING) or ((blocked >> e.ob[a].attack_slot) & 1):
            continue
        hx_pt(e, a, &ap, &at)
        hx_pt(e, b, &bp, &bt)
        ak = keywords_of(e, a)
        bk = keywords_of(e, b)
        dies = ap > 0 and (ap >= bt - e.ob[b].damage or (ak & KW_DEATHTOUCH)) and not (bk & KW_INDESTRUCTIBLE)
        kills = bp > 0 and (bp >= at - e.ob[a].damage or (bk & KW_DEATHTOUCH)) and not (ak & KW_INDESTRUCTIBLE)
        if dies and (ak & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) and not (bk & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)):
            kills = False                         # 510.4: it dies before it deals damage
        if not dies:
            sc = 3000 + (1000 if kills else 0) + ap
        elif kills and hx_value(e, a) >= hx_value(e, b):
            sc = 2000 + hx_value(e, a) - hx_value(e, b)
        elif incoming >= e.pl[me].life:
            sc = 1000 + 10 * ap - hx_value(e, b)   # chump: to survive (704.5a)
        else:
            continue
        if sc > best_sc:
            best_sc = sc
            best = act
    if best >= 0:
        return best
    if done >= 0:
        return done
    return buf[mtg_rng_below(rng, <uint32_t>n)]  # a requirement (509.1c) asks for more


cdef int32_t hx_card_choice(Engine* e, int32_t* buf, int32_t n, bint lowest) noexcept nogil:
    """The answer whose card (action a) is worth the least (``lowest``) or the most."""
    cdef int32_t i, v, best = buf[0], best_v = 0
    for i in range(n):
        v = hx_value(e, action_a(buf[i]))
        if i == 0 or (v < best_v if lowest else v > best_v):
            best_v = v
            best = buf[i]
    return best


cdef int32_t hx_search_pick(Engine* e, int32_t me, int32_t* buf, int32_t n) noexcept nogil:
    """The card to take from a library search (701.23), or -1 with none offered: a land
    while its lands (in hand and on the battlefield) are fewer than four or nothing else is
    offered, else the nonland card worth the most (hx_value; the first of equals)."""
    cdef int32_t i, o, v, land = -1, best = -1, best_v = 0
    for i in range(n):
        if action_kind(buf[i]) != A_SEARCH_TAKE:
            continue
        o = action_a(buf[i])
        if card_row(e, e.ob[o].card)[CF_TYPES] & T_LAND:
            if land < 0:
                land = buf[i]
            continue
        v = hx_value(e, o)
        if best < 0 or v > best_v:
            best_v = v
            best = buf[i]
    if land >= 0 and (best < 0 or hx_lands(e, zone_of(e, me, Z_HAND)) + hx_lands_controlled(e, me) < 4):
        return land
    return best


cdef int32_t hx_lands(Engine* e, int32_t zone) noexcept nogil:
    cdef int32_t i, k = 0
    for i in range(e.zcount[zone]):
        if card_row(e, e.ob[zone_list(e, zone)[i]].card)[CF_TYPES] & T_LAND:
            k += 1
    return k


cdef int32_t hx_shed(Engine* e, int32_t* buf, int32_t n) noexcept nogil:
    """A card to put away (103.5 bottom, 402.2 / 514.1 discard): a land when there are
    lands enough (four on the battlefield and in hand), else the most expensive spell."""
    cdef int32_t me = e.h.decider, i, o, best = buf[0], best_v = -1, v
    cdef bint spare_land = hx_lands(e, zone_of(e, me, Z_HAND)) + \
        hx_lands_controlled(e, me) > 4
    for i in range(n):
        o = action_a(buf[i])
        v = card_row(e, e.ob[o].card)[CF_MANA_VALUE]
        if card_row(e, e.ob[o].card)[CF_TYPES] & T_LAND:
            v = 100 if spare_land else -1
        if v > best_v:
            best_v = v
            best = buf[i]
    return best


cdef bint hx_shuffle_away_top(Engine* e, int32_t me) noexcept nogil:
    """"You may shuffle" (Ponder, after putting the cards back in its order): shuffle only
    when even the top card is one hx_shed would put away (a land with lands enough)."""
    cdef int32_t lib = zone_of(e, me, Z_LIBRARY)
    if e.zcount[lib] == 0:
        return False
    return (card_row(e, e.ob[zone_list(e, lib)[e.zcount[lib] - 1]].card)[CF_TYPES] & T_LAND) != 0 \
        and hx_lands(e, zone_of(e, me, Z_HAND)) + hx_lands_controlled(e, me) > 4


cdef int32_t hx_lands_controlled(Engine* e, int32_t me) noexcept nogil:
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o, k = 0
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller == me and (card_row(e, e.ob[o].card)[CF_TYPES] & T_LAND):
            k += 1
    return k


cdef bint hx_pay_life_to_enter_untapped(Engine* e, int32_t me, int32_t o) noexcept nogil:
    """Pay the life of "as ~ enters, you may pay N life" (614.12) when the life stays
    comfortable (10 or more after paying) and the untapped land lets a spell be cast this
    turn: it is a main phase of its controller's turn, and a nonland card in hand has a
    mana value of at most the untapped lands they control (this one included) and more
    than those without it.  Otherwise it enters tapped."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), hand = zone_of(e, me, Z_HAND)
    cdef int32_t i, x, untapped = 0, mv
    cdef const int32_t* row
    if e.pl[me].life - entering_life(e, o) < 10 or e.h.active != me or \
            (e.h.phase != PH_PRECOMBAT_MAIN and e.h.phase != PH_POSTCOMBAT_MAIN):
        return False
    for i in range(e.zcount[bf]):
        x = zone_list(e, bf)[i]
        if e.ob[x].controller == me and not e.ob[x].tapped and \
                (card_row(e, e.ob[x].card)[CF_TYPES] & T_LAND):
            untapped += 1
    for i in range(e.zcount[hand]):
        row = card_row(e, e.ob[zone_list(e, hand)[i]].card)
        if row[CF_TYPES] & T_LAND:
            continue
        mv = row[CF_MANA_VALUE]
        if untapped - 1 < mv <= untapped:
            return True
    return False


cpdef enum:
    HX_PHYREXIAN_LIFE_FLOOR = 10     # life the heuristic keeps when paying Phyrexian pips with it


cdef int32_t hx_phyrexian(Engine* e, int32_t* buf, int32_t n, int32_t me) noexcept nogil:
    """107.4f: pay Phyrexian pips with life while the life left stays above
    HX_PHYREXIAN_LIFE_FLOOR (the mana stays for other spells); below it, as few with life
    as it can (all with mana when it can pay them)."""
    cdef int32_t i, k, best = -1, best_k = -1, fewest = -1, fewest_k = 0
    for i in range(n):
        k = phyrexian_count(action_a(buf[i]))
        if e.pl[me].life - PHYREXIAN_LIFE * k > HX_PHYREXIAN_LIFE_FLOOR and k > best_k:
            best = buf[i]
            best_k = k
        if fewest < 0 or k < fewest_k:
            fewest = buf[i]
            fewest_k = k
    return best if best >= 0 else fewest


cdef int32_t hx_weakest_opponent(Engine* e, int32_t* buf, int32_t n) noexcept nogil:
    """The answer naming the player (action a = TGT_PLAYER + seat) with the least life."""
    cdef int32_t i, t, best = buf[0], best_life = 2147483647
    for i in range(n):
        t = action_a(buf[i])
        if t >= TGT_PLAYER and e.pl[t - TGT_PLAYER].life < best_life:
            best_life = e.pl[t - TGT_PLAYER].life
            best = buf[i]
    return best


cdef int32_t hx_find(int32_t* buf, int32_t n, int32_t act) noexcept nogil:
    cdef int32_t i
    for i in range(n):
        if buf[i] == act:
            return act
    return -1


cdef int32_t heuristic_action(Engine* e, uint32_t* rng, int32_t* buf) noexcept nogil:
    """The heuristic player's answer to the pending decision (a legal action code, -1 if
    there is none).  Rare decisions get the uniformly random answer."""
    cdef int32_t n = legal_actions_ex(e, buf, MAX_ACTIONS, 0, False), d = e.h.decision
    cdef int32_t me = e.h.decider, lands, act, i, best
    if n <= 0:
        return -1
    if n > MAX_ACTIONS:
        n = MAX_ACTIONS                           # the first MAX_ACTIONS answers are enough
    if n == 1:
        return buf[0]
    if d == D_PRIORITY:
        return hx_priority(e, buf, n, rng)
    if d == D_TARGET:
        return hx_pick_target(e, buf, n, rng)
    if d == D_DECLARE_ATTACKERS:
        return hx_attack(e, buf, n, rng)
    if d == D_DECLARE_BLOCKERS:
        return hx_block(e, buf, n, rng)
    if d == D_ASSIGN_DAMAGE:                       # 510.1c-d: the default split
        act = hx_find(buf, n, make_action(A_ASSIGN_DEFAULT, e.h.dctx0, 0))
        if act >= 0:
            return act
    elif d == D_DAMAGE_ORDER:                      # 509.2: the easiest blocker to kill first
        return hx_card_choice(e, buf, n, True)
    elif d == D_MULLIGAN:                          # 103.5: keep 2-5 landers, or after two mulligans
        lands = hx_lands(e, zone_of(e, me, Z_HAND))
        if e.pl[me].mulligans < 2 and (lands <= 1 or lands >= 6):
            act = hx_find(buf, n, make_action(A_MULLIGAN, 0, 0))
            if act >= 0:
                return act
        return make_action(A_KEEP, 0, 0)
    elif d == D_BOTTOM or d == D_DISCARD or d == D_DISCARD_CHOICE or d == D_HAND_TO_TOP:
        # 401.4, D_HAND_TO_TOP: the card put away first ends deepest, the next one above it
        return hx_shed(e, buf, n)
    elif d == D_LIBRARY_CARDS and e.prog[e.h.resolving_pc - 1] == OP_LOOK_PUT_BACK:
        return hx_shed(e, buf, n)                  # 401.4: the first placed ends deepest
    elif d == D_CHOOSE_DEFENDER or d == D_ATTACK_WHAT:
        return hx_weakest_opponent(e, buf, n)
    elif d == D_CHOOSE_FROM_HAND:                  # the best creature card
        best = -1
        for i in range(n):
            if action_kind(buf[i]) == A_CHOOSE_CARD and \
                    (best < 0 or hx_value(e, action_a(buf[i])) > hx_value(e, action_a(best))):
                best = buf[i]
        if best >= 0:
            return best
    elif d == D_CAST_CHOICE:
        if e.h.dctx0 == CC_X:                      # 107.3: as much X as it can pay
            best = buf[0]
            for i in range(n):
                if action_a(buf[i]) > action_a(best):
                    best = buf[i]
            return best
        if e.h.dctx0 == CC_SAC or e.h.dctx0 == CC_DISCARD or e.h.dctx0 == CC_ALT:
            return hx_card_choice(e, buf, n, True)
        if e.h.dctx0 == CC_PHYREXIAN:
            return hx_phyrexian(e, buf, n, me)
    elif d == D_PAY_UNLESS:                        # 701.5: pay when it can
        act = hx_find(buf, n, make_action(A_PAY_UNLESS, 1, 0))
        if act >= 0:
            return act
    elif d == D_WARD_PAY:                          # 702.21a
        act = hx_find(buf, n, make_action(A_WARD_PAY, 1, 0))
        if act >= 0:
            return act
    elif d == D_MAY:                               # 608.2d: "you may" is usually good
        if e.prog[e.h.resolving_pc - 1] == OP_MAY and e.prog[e.h.resolving_pc + 2] == OP_SHUFFLE \
                and not hx_shuffle_away_top(e, me):
            return make_action(A_MAY_NO, 0, 0)     # 701.24: keep the top it just ordered
        act = hx_find(buf, n, make_action(A_MAY_YES, 0, 0))
        if act >= 0:
            return act
    elif d == D_BLOCK_WHICH:                       # 509.6: its own creature blocks the weakest
        # attacker (it survives, or trades down); another player's, the strongest
        for i in range(n):
            if action_kind(buf[i]) == A_BLOCK_WHICH:
                return hx_card_choice(e, buf + i, n - i, e.ob[e.h.dctx0].controller == me)
    elif d == D_CHOOSE_REVEALED:                   # 701.8: the opponent's costliest card
        best = buf[0]
        for i in range(n):
            if card_row(e, e.ob[action_a(buf[i])].card)[CF_MANA_VALUE] > \
                    card_row(e, e.ob[action_a(best)].card)[CF_MANA_VALUE]:
                best = buf[i]
        return best
    elif d == D_AS_ENTERS:                         # 614.12: pay life for an untapped land?
        act = hx_find(buf, n, make_action(A_MAY_YES, 0, 0))
        if act >= 0 and hx_pay_life_to_enter_untapped(e, me, e.h.dctx0):
            return act
        return make_action(A_MAY_NO, 0, 0)
    elif d == D_SEARCH_LIBRARY:                    # 701.23: take a card
        act = hx_search_pick(e, me, buf, n)
        if act >= 0:
            return act
    elif d == D_ORDER_TRIGGERS or d == D_LEGEND_RULE:
        return buf[0]
    return buf[mtg_rng_below(rng, <uint32_t>n)]


# --- the random policy's whole declarations ---------------------------------------------------

cdef void debug_same_decl(CombatDecl* a, CombatDecl* b) noexcept nogil:
    """Debug builds: the declaration problem a playout reuses is the one the board gives
    now (what random_declaration reads of it)."""
    cdef int32_t c
    if a.too_big != b.too_big or a.trivial != b.trivial or \
            a.prob.n_choosers != b.prob.n_choosers or a.prob.n_options != b.prob.n_options:
        debug_fail(b"decl_cache: the reused declaration problem is stale")
    for c in range(a.prob.n_choosers):
        if a.chooser[c] != b.chooser[c] or a.prob.allowed[c] != b.prob.allowed[c] or \
                a.prob.max_choices[c] != b.prob.max_choices[c] or a.picks[c] != b.picks[c]:
            debug_fail(b"decl_cache: the reused declaration problem is stale")
    for c in range(a.prob.n_options):
        if a.option[c] != b.option[c]:
            debug_fail(b"decl_cache: the reused declaration problem is stale")


cdef bint random_declaration(Engine* e, uint32_t* rng) noexcept nogil:
    """Playouts: make a uniformly random legal declaration in one go, when the board needs
    no search (no requirement and no restriction spanning two pairs): then the legal
    declarations are exactly the independent choices of each creature, so choosing each
    creature's part uniformly is uniform over declarations.  Returns False (and changes
    nothing) for other boards: the caller then declares pair by pair."""
    cdef CombatDecl own
    cdef CombatDecl* d = &own
    cdef DSProblem* p
    cdef int32_t c, k, r, cnt, dec = e.h.decision
    cdef uint32_t al
    cdef bint attack = dec == D_DECLARE_ATTACKERS
    if e.decl_cache_for == dec:
        d = <CombatDecl*>e.decl_cache           # built by declare_attackers / ask_blockers
        if MTG_CORE_DEBUG:
            if attack:
                build_attack_decl(e, &own)
            else:
                build_block_decl(e, &own, e.h.dctx0)
            debug_same_decl(d, &own)
    elif attack:
        build_attack_decl(e, d)
    else:
        build_block_decl(e, d, e.h.dctx0)
    e.decl_cache_for = D_NONE
    p = &d.prob
    if d.too_big or not d.trivial:
        return False
    for c in range(p.n_choosers):
        al = p.allowed[c]
        cnt = ds_pop32(al)
        if d.picks[c] or (cnt > p.max_choices[c] and p.max_choices[c] != 1):
            return False                    # a partial declaration, or a bounded multi-block
    for c in range(p.n_choosers):
        al = p.allowed[c]
        if al == 0:
            continue
        if p.max_choices[c] == 1:
            r = <int32_t>mtg_rng_below(rng, <uint32_t>(ds_pop32(al) + 1))   # 0: not at all
            if r == 0:
                continue
            while r > 1:
                al &= al - 1
                r -= 1
            k = ds_ctz32(al)
            if attack:
                do_combat_action(e, make_action(A_ATTACK, d.option[k], d.chooser[c]), dec)
            else:
                do_combat_action(e, make_action(A_BLOCK, d.chooser[c], d.option[k]), dec)
        else:
            while al:                       # any subset of what it may block
                k = ds_ctz32(al)
                al &= al - 1
                if mtg_rng_next(rng) & 1:
                    do_combat_action(e, make_action(A_BLOCK, d.chooser[c], d.option[k]), dec)
    do_combat_action(e, make_action(A_DECLARE_DONE, 0, 0), dec)
    return True
