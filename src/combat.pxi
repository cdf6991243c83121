# Combat (506-511) for the seed rules edition: who may attack and block, declarations as
# step-by-step decisions driven by the declaration search (combat_search.pxi), damage
# assignment order (509.2), combat damage with first and double strike (510), end of
# combat (511).
#
# State.  Obj.combat holds CB_* flags; an attacker keeps what it attacks in combat_target
# (TGT_PLAYER + seat, or a planeswalker's object index with its incarnation in target_inc)
# and its attack_slot (0..31, handed out in declaration order); a blocker keeps the slots
# of the attackers it blocks in block_mask and its place in the damage assignment order
# in dmg_order.  While a declaration is in progress the pairs chosen so far carry
# CB_DECLARING (and combat_target / block_mask); "done" turns them into the declaration.
# Header.decl_max caches the maximum of 508.1d / 509.1c for the declaration in progress
# (the board can't change while a player declares), + 1, 0 when not known yet.
# Obj.band names an attacker's band (508.1e, 702.21c); Header.defender_choice the
# defending player chosen at the beginning of combat (507.1, with GF_ATTACK_CHOSEN).
#
# Attack and block costs (508.1g-i, 509.1d-f) are part of the declaration problem: a
# pick that costs mana is "costly" (it never counts toward the maximum of 508.1d /
# 509.1c) and every declaration the search accepts or offers must be payable with the
# mana the player can make (DSProblem budget), so "done" always can be paid.  Payment is
# automatic: at "done" the attackers are tapped (508.1f), the total is fixed (508.1g),
# the auto-payment activates the mana abilities it needs (508.1h) and pays it all at
# once (508.1i); mana abilities a player activated before (pool mana) are spent first.
#
# 506.4: a creature that leaves the battlefield is removed from combat by move_object
# (400.7 resets its combat fields).  Control changes, regeneration and type changes
# don't exist in the card pool yet.

cdef enum:
    CMB_MAX_EVENTS = 2048        # damage assignments of one combat damage step
    CMB_MAX_BLOCKERS = 256       # blockers of one attacker the damage code reads (a bound of
                                 # the scratch buffers; past it a blocker is not dealt damage)


# --- characteristics combat reads ------------------------------------------------------------

cdef int32_t combat_props(Engine* e, int32_t o) noexcept nogil:
    """CM_* restrictions and requirements of ``o``: printed, plus Lure from an attached
    Aura."""
    cdef int32_t props = card_row(e, e.ob[o].card)[CF_COMBAT], i, a, bf
    if attachments_possible(e):
        bf = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[bf]):
            a = zone_list(e, bf)[i]
            if e.ob[a].attached_to == o and e.ob[a].phased_out == 0 and \
                    card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_LURE:
                props |= CM_LURE
    return props


cdef int32_t combat_keywords(Engine* e, int32_t o) noexcept nogil:
    """Keywords (layer 6), plus menace from "creatures you control have menace"."""
    cdef int32_t kw = keywords_of(e, o), i, s, bf
    if not (kw & KW_MENACE) and (bf_kinds(e) & (1 << AB_STATIC)):
        bf = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[bf]):
            s = zone_list(e, bf)[i]
            if e.ob[s].phased_out == 0 and e.ob[s].controller == e.ob[o].controller and \
                    card_row(e, e.ob[s].card)[CF_COMBAT] & CM_YOURS_HAVE_MENACE:
                kw |= KW_MENACE
                break
    return kw


cdef inline bint blocks(Engine* e, int32_t b, int32_t a) noexcept nogil:
    """Whether blocker ``b`` blocks attacker ``a`` (by its attack slot; slots past 31 can't
    be recorded, so those attackers can't be blocked: a known limit)."""
    return e.ob[a].attack_slot < 32 and ((<uint32_t>e.ob[b].block_mask >> e.ob[a].attack_slot) & 1) != 0


cdef inline bint is_attacking(Engine* e, int32_t o) noexcept nogil:
    return (e.ob[o].combat & CB_ATTACKING) != 0 and on_battlefield(e, o)


cdef inline bint is_blocking(Engine* e, int32_t o) noexcept nogil:
    return (e.ob[o].combat & CB_BLOCKING) != 0 and on_battlefield(e, o)


cdef int32_t defending_player_of(Engine* e, int32_t o) noexcept nogil:
    """508.5 / 506.2: the player an attacker attacks, or the controller of the planeswalker
    it attacks (506.4c: still that player's if the planeswalker has left)."""
    cdef int32_t t = e.ob[o].combat_target
    if t >= TGT_PLAYER:
        return t - TGT_PLAYER
    if t >= 0:
        return e.ob[t].controller
    return -1


cdef bint attack_target_exists(Engine* e, int32_t o) noexcept nogil:
    """Whether what ``o`` attacks can still be dealt damage (506.4c: a planeswalker removed
    from combat is attacked by nothing)."""
    cdef int32_t t = e.ob[o].combat_target
    if t >= TGT_PLAYER:
        return e.pl[t - TGT_PLAYER].in_game != 0
    return t >= 0 and on_battlefield(e, t) and e.ob[t].incarnation == e.ob[o].target_inc \
        and (obj_types(e, t) & T_PLANESWALKER) != 0


ctypedef struct CombatDecl:
    DSProblem prob
    int32_t chooser[DS_MAX_CHOOSERS]     # object of each chooser
    int32_t option[DS_MAX_OPTIONS]       # attack target / attacking creature of each option
    uint16_t pay[DS_MAX_CHOOSERS]        # 508.1g / 509.1d: mana taking part costs
    uint16_t opt_pay[DS_MAX_OPTIONS]     # 508.1g: mana each creature attacking it costs
    uint32_t picks[DS_MAX_CHOOSERS]      # the declaration so far
    int32_t too_big                      # more creatures or options than the search takes
    int32_t trivial                      # no requirement and no restriction but per-pair
                                         # ones: every partial declaration is legal


# --- 506.2a, 507.1, 803: who may be attacked ----------------------------------------------

cdef bint may_be_attacked(Engine* e, int32_t q) noexcept nogil:
    """Whether player ``q`` (and so their planeswalkers, 506.2) may be attacked by the
    active player this combat: every opponent by default (508.1b); with GF_ATTACK_CHOSEN
    only the one chosen at the beginning of combat (507.1); with GF_ATTACK_LEFT / RIGHT
    only the next / previous player in turn order still in the game (803)."""
    cdef int32_t ap = e.h.active, f = e.h.flags & GF_ATTACK_MASK, k, r
    if q == ap or not e.pl[q].in_game:
        return False
    if f == 0:
        return True
    if f & GF_ATTACK_CHOSEN:
        return e.h.defender_choice == q + 1
    for k in range(1, e.h.n_players):
        r = (ap + k) % e.h.n_players if f & GF_ATTACK_LEFT else \
            (ap - k + e.h.n_players) % e.h.n_players
        if e.pl[r].in_game:
            return r == q
    return False


cdef void choose_defender(Engine* e) noexcept nogil:
    """507.1: at the beginning of combat, in a game where not every opponent is a
    defending player (GF_ATTACK_CHOSEN), the active player chooses one opponent
    (D_CHOOSE_DEFENDER; with one opponent left there is nothing to choose)."""
    cdef int32_t q, n = 0, last = -1
    e.h.defender_choice = 0
    if not (e.h.flags & GF_ATTACK_CHOSEN):
        return
    for q in range(e.h.n_players):
        if q != e.h.active and e.pl[q].in_game:
            n += 1
            last = q
    if n == 1:
        e.h.defender_choice = last + 1
        log_event(e, EV_DEFENDER_CHOSEN, e.h.active, last, 0)
    elif n > 1:
        e.h.decision = D_CHOOSE_DEFENDER
        e.h.decider = e.h.active
        e.h.dctx0 = 0


# --- attack and block costs (508.1g-i, 509.1d-f) -----------------------------------------

cdef int32_t generic_mana_available(Engine* e, int32_t p) noexcept nogil:
    """508.1h / 509.1e: the most generic mana ``p`` can pay now: their pool plus every
    untapped mana source they may tap (mana abilities are tap-only, 302.6 applies)."""
    cdef int32_t c, i, o, ab, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int64_t total = 0
    for c in range(N_MANA):
        total += e.pl[p].mana[c]
    if bf_kinds(e) & (1 << AB_MANA):
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if (card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & (1 << AB_MANA)) and \
                    mana_source_ready(e, o, p):
                ab = mana_ability_of(e, o)
                if ab >= 0:
                    total += ability_row(e, ab)[AF_MANA_AMOUNT]
    return <int32_t>(total if total < AMOUNT_MAX else AMOUNT_MAX)


cdef inline int32_t cm_amount(const int32_t* row, int32_t shift) noexcept nogil:
    return (row[CF_COMBAT_AMOUNTS] >> shift) & 255


cdef int32_t combat_cap(Engine* e, int32_t bit) noexcept nogil:
    """508.1c / 509.1b: the smallest N of "no more than N creatures can attack / block
    each combat" on the battlefield (CM_CAP_ATTACKERS / CM_CAP_BLOCKERS), -1 if none."""
    cdef int32_t i, s, n = -1, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row
    if not (bf_kinds(e) & (1 << AB_STATIC)):
        return -1
    for i in range(e.zcount[bf]):
        s = zone_list(e, bf)[i]
        row = card_row(e, e.ob[s].card)
        if e.ob[s].phased_out == 0 and row[CF_COMBAT] & bit:
            if n < 0 or cm_amount(row, CMA_CAP) < n:
                n = cm_amount(row, CMA_CAP)
    return n


cdef inline uint16_t clip16(int64_t x) noexcept nogil:
    return <uint16_t>(x if x < 65535 else 65535)


cdef void attack_costs(Engine* e, CombatDecl* d) noexcept nogil:
    """508.1g: what attacking costs, into the declaration problem: Propaganda-like taxes
    per attack target (opt_pay), Brainwash-like costs per creature (pay); the picks that
    cost are costly (508.1d: never required), and a budget of the mana the active player
    can make, a mana source that attacking taps (508.1f, no vigilance) counting as spent."""
    cdef DSProblem* p = &d.prob
    cdef int32_t i, s, k, c, q, a, ab, o, amount, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int64_t tax[DS_MAX_OPTIONS]
    cdef int64_t own
    cdef const int32_t* row
    cdef bint any_cost = False
    if not (bf_kinds(e) & (1 << AB_STATIC)) and not attachments_possible(e):
        return                                  # no cost on the board (pay[] unused)
    for k in range(p.n_options):
        tax[k] = 0
    if bf_kinds(e) & (1 << AB_STATIC):
        for i in range(e.zcount[bf]):
            s = zone_list(e, bf)[i]
            row = card_row(e, e.ob[s].card)
            if e.ob[s].phased_out or not (row[CF_COMBAT] & CM_ATTACK_TAX):
                continue
            if (row[CF_COMBAT] & CM_TAX_WHILE_UNTAPPED) and e.ob[s].tapped:
                continue
            q = e.ob[s].controller
            amount = cm_amount(row, CMA_ATTACK_TAX)
            for k in range(p.n_options):
                if d.option[k] == TGT_PLAYER + q or ((row[CF_COMBAT] & CM_ATTACK_TAX_WALKERS) and
                                                     d.option[k] < TGT_PLAYER and
                                                     e.ob[d.option[k]].controller == q):
                    tax[k] += amount
    for k in range(p.n_options):
        d.opt_pay[k] = clip16(tax[k])
        if tax[k]:
            any_cost = True
    for c in range(p.n_choosers):
        d.pay[c] = 0
        if attachments_possible(e):
            o = d.chooser[c]
            own = 0
            for i in range(e.zcount[bf]):
                a = zone_list(e, bf)[i]
                if e.ob[a].attached_to == o and e.ob[a].phased_out == 0 and \
                        card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_ATTACK_COST:
                    own += cm_amount(card_row(e, e.ob[a].card), CMA_ENCHANTED_ATTACK_COST)
            d.pay[c] = clip16(own)
            if own:
                any_cost = True
    if not any_cost:
        return
    p.has_budget = 1
    p.budget = generic_mana_available(e, e.h.active)
    for k in range(p.n_options):
        p.opt_w[k] = d.opt_pay[k]
    for c in range(p.n_choosers):
        o = d.chooser[c]
        p.costly[c] = p.allowed[c] if d.pay[c] else 0
        for k in range(p.n_options):
            if d.opt_pay[k]:
                p.costly[c] |= (<uint32_t>1) << k
        p.costly[c] &= p.allowed[c]
        own = d.pay[c]
        if not has_kw(e, o, KW_VIGILANCE) and \
                (card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & (1 << AB_MANA)) and \
                mana_source_ready(e, o, e.h.active):
            ab = mana_ability_of(e, o)
            if ab >= 0:
                own += ability_row(e, ab)[AF_MANA_AMOUNT]       # tapped before paying
        p.part_w[c] = clip16(own)


cdef void block_costs(Engine* e, CombatDecl* d, int32_t dp) noexcept nogil:
    """509.1d: "as long as ~ is attacking, creatures can't block unless their controller
    pays {N} for each of those creatures" (Archangel of Tithes): each blocker costs the
    sum; a budget of the mana ``dp`` can make (blocking taps nothing)."""
    cdef DSProblem* p = &d.prob
    cdef int32_t i, s, c, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int64_t tax = 0
    cdef const int32_t* row
    if not (bf_kinds(e) & (1 << AB_STATIC)):
        return                                  # no cost on the board (pay[] unused)
    for c in range(p.n_choosers):
        d.pay[c] = 0
    for c in range(p.n_options):
        d.opt_pay[c] = 0
    for i in range(e.zcount[bf]):
        s = zone_list(e, bf)[i]
        row = card_row(e, e.ob[s].card)
        if row[CF_COMBAT] & CM_BLOCK_TAX_WHILE_ATTACKING and is_attacking(e, s) and \
                e.ob[s].phased_out == 0:
            tax += cm_amount(row, CMA_BLOCK_TAX)
    if tax == 0:
        return
    p.has_budget = 1
    p.budget = generic_mana_available(e, dp)
    for c in range(p.n_choosers):
        d.pay[c] = clip16(tax)
        p.part_w[c] = d.pay[c]
        p.costly[c] = p.allowed[c]


cdef int32_t decl_cost(CombatDecl* d, const uint32_t* picks) noexcept nogil:
    """508.1g / 509.1d: the total cost of a declaration (generic mana)."""
    cdef int32_t c, k, total = 0
    for c in range(d.prob.n_choosers):
        if picks[c]:
            total += d.pay[c]
            for k in range(d.prob.n_options):
                if (picks[c] >> k) & 1:
                    total += d.opt_pay[k]
    return total


cdef bint pay_combat_cost(Engine* e, int32_t player, int32_t total, int32_t blocking) noexcept nogil:
    """508.1h-i / 509.1e-f: activate mana abilities and pay the whole total at once
    (the automatic payment: pool first, then untapped sources)."""
    cdef int32_t cost[7]
    cdef int32_t i
    if total <= 0:
        return True
    cost[0] = total
    for i in range(1, 7):
        cost[i] = 0
    if not pay_cost(e, player, cost, -1):
        return False
    log_event(e, EV_COMBAT_COST, player, total, blocking)
    return True


# --- building a declaration problem from the board -----------------------------------------

cdef bint can_attack_now(Engine* e, int32_t o, int32_t ap) noexcept nogil:
    """508.1a: an untapped creature the active player controls that is not summoning sick
    (302.6, haste), with no "can't attack" (defender 702.3b)."""
    if e.ob[o].controller != ap or e.ob[o].tapped or not on_battlefield(e, o) or not is_creature(e, o):
        return False
    if e.ob[o].sick and not has_kw(e, o, KW_HASTE):
        return False
    if has_kw(e, o, KW_DEFENDER) or (combat_props(e, o) & CM_CANT_ATTACK):
        return False
    return True


cdef inline void decl_clear(DSProblem* p) noexcept nogil:
    """Zero the caller-filled part of ``p`` up to the requirement matrix; its rows are
    zeroed one by one as choosers are added (ds_prepare clears the unused ones)."""
    memset(p, 0, <size_t>(<char*>&p.own_req[0][0] - <char*>p))


cdef void decl_finish(CombatDecl* d) noexcept nogil:
    cdef DSProblem* p = &d.prob
    cdef int32_t c
    d.trivial = 1
    if p.n_caps or p.has_budget:
        d.trivial = 0
    for c in range(p.n_choosers):
        if p.min_others[c] or p.n_own_reqs[c]:
            d.trivial = 0
    for c in range(p.n_options):
        if p.opt_min[c] > 1 or p.opt_req[c]:
            d.trivial = 0


cdef void build_attack_decl(Engine* e, CombatDecl* d) noexcept nogil:
    """508.1a-d: choosers are the creatures that could attack, options every opponent and
    every planeswalker an opponent controls (508.1b; all opponents may be attacked)."""
    cdef DSProblem* p = &d.prob
    cdef int32_t ap = e.h.active, q, i, o, n = 0, m = 0, props, k
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    decl_clear(p)
    d.too_big = 0
    for q in range(e.h.n_players):
        if may_be_attacked(e, q):                     # 506.2a, 507.1, 803
            d.option[m] = TGT_PLAYER + q
            m += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller != ap and on_battlefield(e, o) and (obj_types(e, o) & T_PLANESWALKER) \
                and may_be_attacked(e, e.ob[o].controller):
            if m >= DS_MAX_OPTIONS:
                d.too_big = 1
                break
            d.option[m] = o
            m += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not can_attack_now(e, o, ap):
            continue
        if n >= DS_MAX_CHOOSERS:
            d.too_big = 1
            break
        d.chooser[n] = o
        memset(&p.own_req[n][0], 0, sizeof(uint64_t) * DS_MAX_OPTIONS)
        props = combat_props(e, o)
        p.allowed[n] = ds_low_bits(m)
        p.max_choices[n] = 1
        if props & CM_CANT_ATTACK_ALONE:
            p.min_others[n] = 1                       # 506.5
        if props & CM_ATTACKS_EACH_COMBAT:            # 508.1d: one requirement
            p.n_own_reqs[n] = 1
            for k in range(m):
                p.own_req[n][k] = 1
        d.picks[n] = 0
        if e.ob[o].combat & CB_DECLARING:
            for k in range(m):
                if d.option[k] == e.ob[o].combat_target:
                    d.picks[n] = (<uint32_t>1) << k
        n += 1
    for k in range(m):
        p.opt_max[k] = DS_UNLIMITED
    p.n_choosers = n
    p.n_options = m
    decl_cap(e, d, CM_CAP_ATTACKERS)
    attack_costs(e, d)
    decl_finish(d)


cdef void decl_cap(Engine* e, CombatDecl* d, int32_t bit) noexcept nogil:
    """508.1c / 509.1b: "no more than N creatures can attack / block each combat"."""
    cdef int32_t n = combat_cap(e, bit)
    if n >= 0:
        d.prob.n_caps = 1
        d.prob.cap_choosers[0] = ds_low_bits(d.prob.n_choosers)
        d.prob.cap_options[0] = ds_low_bits(d.prob.n_options)
        d.prob.cap_limit[0] = <uint8_t>n


cdef bint can_block_now(Engine* e, int32_t o, int32_t dp) noexcept nogil:
    """509.1a: an untapped creature the defending player controls, without "can't block"."""
    if e.ob[o].controller != dp or e.ob[o].tapped or not on_battlefield(e, o) or not is_creature(e, o):
        return False
    return not (combat_props(e, o) & CM_CANT_BLOCK)


cdef bint may_block(Engine* e, int32_t b, int32_t a) noexcept nogil:
    """509.1b restrictions between one blocker and one attacker: flying / reach (702.9b),
    shadow (702.28b), fear (702.36b), intimidate (702.13b), "can't be blocked by Walls"."""
    cdef int32_t akw = combat_keywords(e, a), bkw = keywords_of(e, b)
    cdef const int32_t* brow = card_row(e, e.ob[b].card)
    cdef const int32_t* arow = card_row(e, e.ob[a].card)
    if (akw & KW_FLYING) and not (bkw & (KW_FLYING | KW_REACH)):
        return False
    if ((akw & KW_SHADOW) != 0) != ((bkw & KW_SHADOW) != 0):
        return False
    if (akw & KW_FEAR) and not (brow[CF_TYPES] & T_ARTIFACT) and not (brow[CF_COLORS] & (1 << C_B)):
        return False
    if (akw & KW_INTIMIDATE) and not (brow[CF_TYPES] & T_ARTIFACT) and \
            not (brow[CF_COLORS] & arow[CF_COLORS] & 31):
        return False
    if (combat_props(e, a) & CM_NO_WALL_BLOCKS) and (brow[CF_SUBTYPES] & SUB_WALL):
        return False
    return True


cdef void build_block_decl(Engine* e, CombatDecl* d, int32_t dp) noexcept nogil:
    """509.1a-c for defending player ``dp``: choosers are their creatures that could block,
    options the creatures attacking them or their planeswalkers."""
    cdef DSProblem* p = &d.prob
    cdef int32_t i, o, n = 0, m = 0, props, k, a, r
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t lure[DS_MAX_OPTIONS]
    cdef int32_t n_lure = 0
    decl_clear(p)
    d.too_big = 0
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if is_attacking(e, o) and defending_player_of(e, o) == dp and e.ob[o].attack_slot < 32:
            if m >= DS_MAX_OPTIONS:
                d.too_big = 1
                break
            d.option[m] = o
            p.opt_max[m] = DS_UNLIMITED
            if combat_keywords(e, o) & KW_MENACE:
                p.opt_min[m] = 2                         # 702.110b
            props = combat_props(e, o)
            if props & CM_MUST_BE_BLOCKED:
                p.opt_req[m] = 1                         # 509.1c
            if props & CM_LURE:
                lure[n_lure] = m
                n_lure += 1
            m += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not can_block_now(e, o, dp):
            continue
        if n >= DS_MAX_CHOOSERS:
            d.too_big = 1
            break
        d.chooser[n] = o
        memset(&p.own_req[n][0], 0, sizeof(uint64_t) * DS_MAX_OPTIONS)
        props = combat_props(e, o)
        for k in range(m):
            if may_block(e, o, d.option[k]):
                p.allowed[n] |= (<uint32_t>1) << k
        p.max_choices[n] = 1
        if props & CM_BLOCKS_ONE_MORE:
            p.max_choices[n] = 2
        if props & CM_BLOCKS_ANY_NUMBER:
            p.max_choices[n] = DS_MAX_OPTIONS
        if props & CM_CANT_BLOCK_ALONE:
            p.min_others[n] = 1                          # 506.5
        r = 0
        if props & CM_BLOCKS_EACH_COMBAT:                # 509.1c: blocks if able
            for k in range(m):
                p.own_req[n][k] |= (<uint64_t>1) << r
            r += 1
        for a in range(n_lure):                          # Lure: one requirement per blocker
            if r < DS_MAX_OWN_REQS:
                p.own_req[n][lure[a]] |= (<uint64_t>1) << r
                r += 1
        p.n_own_reqs[n] = r
        d.picks[n] = 0
        if e.ob[o].combat & CB_DECLARING:
            for k in range(m):
                if blocks(e, o, d.option[k]):
                    d.picks[n] |= (<uint32_t>1) << k
        n += 1
    p.n_choosers = n
    p.n_options = m
    decl_cap(e, d, CM_CAP_BLOCKERS)
    block_costs(e, d, dp)
    decl_finish(d)


cdef int decl_prepare(Engine* e, CombatDecl* d) noexcept nogil:
    """ds_prepare, and MAX from the state's cache (Header.decl_max) or computed once."""
    cdef int rc
    if d.too_big:
        return DS_TOO_COMPLEX
    rc = ds_prepare(&d.prob)
    if rc != DS_OK:
        return rc
    if e.h.decl_max > 0:
        if MTG_CORE_DEBUG:
            debug_verify_decl_max(d, e.h.decl_max - 1)
        d.prob.max_value = e.h.decl_max - 1
        d.prob.max_known = 1
        return DS_OK
    rc = ds_max_requirements(&d.prob, DS_DEFAULT_NODE_BUDGET, NULL)
    if rc == DS_OK:
        e.h.decl_max = d.prob.max_value + 1
    return rc


cdef void debug_verify_decl_max(CombatDecl* d, int32_t cached) noexcept nogil:
    """Debug builds: the cached 508.1d / 509.1c maximum equals a fresh search's."""
    cdef DSProblem fresh = d.prob
    fresh.max_known = 0
    if ds_max_requirements(&fresh, DS_DEFAULT_NODE_BUDGET, NULL) == DS_OK and \
            fresh.max_value != cached:
        debug_fail(b"decl_max (cached declaration maximum)")


cdef void debug_verify_trivial_step(CombatDecl* d, const uint32_t* mask) noexcept nogil:
    """Debug builds: on a board judged to need no search, the masks and "done" equal the
    search's (ds_step)."""
    cdef DSProblem fresh = d.prob
    cdef uint32_t full[DS_MAX_CHOOSERS]
    cdef int32_t done = 0, c
    fresh.max_known = 0
    if ds_prepare(&fresh) != DS_OK or \
            ds_step(&fresh, d.picks, DS_DEFAULT_NODE_BUDGET, full, &done, NULL) != DS_OK:
        return
    if not done:
        debug_fail(b"trivial declaration board (a partial declaration is not legal)")
    for c in range(fresh.n_choosers):
        if full[c] != mask[c]:
            debug_fail(b"trivial declaration board (masks differ from the search)")


cdef int decl_step(Engine* e, CombatDecl* d, uint32_t* mask, int32_t* done) noexcept nogil:
    """The pairs that can still be completed into a legal declaration, and whether the
    declaration so far is legal (ds_step).  Without requirements or restrictions that
    involve more than one pair, every partial declaration is legal: the mask is what each
    creature may still add."""
    cdef DSProblem* p = &d.prob
    cdef int32_t c, k
    cdef int32_t used[DS_MAX_OPTIONS]
    cdef int rc
    if d.trivial and not d.too_big:
        # no search needed (MAX is 0, every partial declaration is legal)
        for k in range(p.n_options):
            used[k] = 0
        for c in range(p.n_choosers):
            for k in range(p.n_options):
                if (d.picks[c] >> k) & 1:
                    used[k] += 1
        for c in range(p.n_choosers):
            mask[c] = 0
            if ds_pop32(d.picks[c]) >= p.max_choices[c]:
                continue
            for k in range(p.n_options):
                if (p.allowed[c] >> k) & 1 and not ((d.picks[c] >> k) & 1) and used[k] < p.opt_max[k]:
                    mask[c] |= (<uint32_t>1) << k
        done[0] = 1
        if MTG_CORE_DEBUG:
            debug_verify_trivial_step(d, mask)
        return DS_OK
    rc = decl_prepare(e, d)
    if rc != DS_OK:
        return rc
    return ds_step(p, d.picks, DS_DEFAULT_NODE_BUDGET, mask, done, NULL)


cdef int32_t combat_legal_actions(Engine* e, ActionSink* s) noexcept nogil:
    """Legal actions of D_DECLARE_ATTACKERS / D_DECLARE_BLOCKERS: "done" first when the
    declaration so far is legal (the neutral default), then each pair the search says can
    still be completed into a legal declaration (508.1c-d, 509.1b-c).  Of D_DAMAGE_ORDER: the attacker's blockers not
    yet ordered, in declaration order (the first is the default)."""
    cdef CombatDecl d
    cdef uint32_t mask[DS_MAX_CHOOSERS]
    cdef int32_t done = 0, c, k, i, o, bf
    cdef int32_t order[CMB_MAX_BLOCKERS]
    cdef DSViolation v
    if e.h.decision == D_DAMAGE_ORDER:
        for i in range(order_candidates(e, e.h.dctx0, order)):
            emit(s, order[i])
        return s.n
    if e.h.decision == D_CHOOSE_DEFENDER:              # 507.1: any opponent in the game
        for i in range(e.h.n_players):
            if i != e.h.active and e.pl[i].in_game:
                emit(s, make_action(A_CHOOSE_DEFENDER, TGT_PLAYER + i, 0))
        return s.n
    if e.h.decision == D_DECLARE_ATTACKERS:
        build_attack_decl(e, &d)
    else:
        build_block_decl(e, &d, e.h.dctx0)
    if d.too_big and board_is_simple(e, e.h.decision == D_DECLARE_ATTACKERS, e.h.dctx0):
        simple_legal_actions(e, s)
        if e.h.decision == D_DECLARE_ATTACKERS:
            band_actions(e, s)
        return s.n
    if decl_step(e, &d, mask, &done) != DS_OK:
        # Undecidable within the budget: only finishing a declaration already known
        # legal is offered (never a guess).
        if decl_prepare(e, &d) == DS_OK and ds_validate(&d.prob, d.picks, 0, &v) == DS_OK \
                and v.code == DS_LEGAL:
            emit(s, make_action(A_DECLARE_DONE, 0, 0))
        return s.n
    if done:
        # first: the neutral default (declare nothing more) whenever it is legal
        emit(s, make_action(A_DECLARE_DONE, 0, 0))
    for c in range(d.prob.n_choosers):
        for k in range(d.prob.n_options):
            if (mask[c] >> k) & 1:
                if e.h.decision == D_DECLARE_ATTACKERS:
                    emit(s, make_action(A_ATTACK, d.option[k], d.chooser[c]))
                else:
                    emit(s, make_action(A_BLOCK, d.chooser[c], d.option[k]))
    if e.h.decision == D_DECLARE_ATTACKERS:
        band_actions(e, s)
    return s.n


# --- bands (508.1e, 702.21c-d) -----------------------------------------------------------------

cdef inline bint has_banding(Engine* e, int32_t o) noexcept nogil:
    return (card_row(e, e.ob[o].card)[CF_COMBAT] & CM_BANDING) != 0


cdef inline int32_t band_key(Engine* e, int32_t o) noexcept nogil:
    """The band ``o`` is in, or its own one-creature "band"."""
    return e.ob[o].band if e.ob[o].band else o + 1


cdef bint may_band(Engine* e, int32_t x, int32_t y) noexcept nogil:
    """702.21c-d: may the band of declared attacker ``x`` and that of ``y`` form one band?
    They attack the same player or planeswalker, and together hold one or more creatures
    with banding and at most one without."""
    cdef int32_t i, o, kx, ky, without = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if x == y or not (e.ob[x].combat & CB_DECLARING) or not (e.ob[y].combat & CB_DECLARING):
        return False
    if e.ob[x].combat_target != e.ob[y].combat_target:
        return False
    kx = band_key(e, x)
    ky = band_key(e, y)
    if kx == ky:
        return False
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if (e.ob[o].combat & CB_DECLARING) and e.ob[o].combat_target == e.ob[x].combat_target and \
                (band_key(e, o) == kx or band_key(e, o) == ky) and not has_banding(e, o):
            without += 1
    return without <= 1


cdef void band_actions(Engine* e, ActionSink* s) noexcept nogil:
    """508.1e: A_BAND pairs: the first member (lowest index) of one band, or a creature in
    none, joins the band of a later-listed first member (each merge offered once)."""
    cdef int32_t i, j, x, y, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t* lst = zone_list(e, bf)
    cdef bint any_banding = False
    for i in range(e.zcount[bf]):
        x = lst[i]
        if (e.ob[x].combat & CB_DECLARING) and has_banding(e, x):
            any_banding = True
            break
    if not any_banding:
        return
    for i in range(e.zcount[bf]):
        x = lst[i]
        if not (e.ob[x].combat & CB_DECLARING) or band_key(e, x) != band_first(e, x) + 1:
            continue
        for j in range(e.zcount[bf]):
            y = lst[j]
            if y > x and (e.ob[y].combat & CB_DECLARING) and band_key(e, y) == band_first(e, y) + 1 \
                    and may_band(e, x, y):
                emit(s, make_action(A_BAND, x, y))


cdef int32_t band_first(Engine* e, int32_t o) noexcept nogil:
    """The lowest object index among o's band (o itself in none)."""
    cdef int32_t i, m = o, x, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if e.ob[o].band == 0:
        return o
    for i in range(e.zcount[bf]):
        x = zone_list(e, bf)[i]
        if e.ob[x].band == e.ob[o].band and x < m:
            m = x
    return m


cdef void join_bands(Engine* e, int32_t x, int32_t y) noexcept nogil:
    """702.21c: the bands of x and y become one band, named 1 + its lowest member."""
    cdef int32_t i, o, kx = band_key(e, x), ky = band_key(e, y), bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t first = band_first(e, x), fy = band_first(e, y)
    if fy < first:
        first = fy
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if band_key(e, o) == kx or band_key(e, o) == ky:
            e.ob[o].band = first + 1
    log_event(e, EV_BAND, x, y, 0)


# --- declare attackers (508) -------------------------------------------------------------------

cdef void declare_attackers(Engine* e) noexcept nogil:
    """508.1: the active player declares attackers, one pair at a time
    (D_DECLARE_ATTACKERS).  With no creature able to attack, the declaration is empty at
    once (508.6 then skips declare blockers and combat damage)."""
    cdef CombatDecl d
    e.h.attackers_declared = 0
    e.h.decl_max = 0
    build_attack_decl(e, &d)
    if d.prob.n_choosers == 0 or d.prob.n_options == 0:
        log_event(e, EV_NO_ATTACKERS, e.h.active, 0, 0)
        return
    if not (d.trivial and not d.too_big) and decl_prepare(e, &d) != DS_OK and \
            not (d.too_big and board_is_simple(e, True, 0)):
        abort_game(e, ABORT_COMBAT)
        return
    e.h.decision = D_DECLARE_ATTACKERS
    e.h.decider = e.h.active
    e.h.dctx0 = 0


cdef void queue_attack_triggers(Engine* e, int32_t o) noexcept nogil:
    """508.2: "whenever ~ attacks" abilities of an attacking creature."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab
    if not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)):
        return
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and ability_row(e, ab)[AF_TRIGGER] == TRIG_ATTACKS:
            queue_trigger(e, o, ab, e.ob[o].controller, -1, 0)


cdef void finish_attack_declaration(Engine* e) noexcept nogil:
    """The chosen pairs become the declaration: 508.1f tap (not with vigilance, 702.20b),
    508.1j they become attacking creatures; 508.2 attack triggers; 508.6."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD), n = 0, total = 0
    cdef CombatDecl d
    if (bf_kinds(e) & (1 << AB_STATIC)) or attachments_possible(e):     # costs possible
        build_attack_decl(e, &d)
        if d.prob.has_budget:
            total = decl_cost(&d, d.picks)        # 508.1g: locked in before anything taps
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not (e.ob[o].combat & CB_DECLARING):
            continue
        e.ob[o].combat = CB_ATTACKING
        e.ob[o].attack_slot = e.h.attack_slots
        e.h.attack_slots += 1
        if not has_kw(e, o, KW_VIGILANCE):
            e.ob[o].tapped = 1
        log_event(e, EV_ATTACKS, o, e.ob[o].combat_target, 0)
        n += 1
    if not pay_combat_cost(e, e.h.active, total, 0) and MTG_CORE_DEBUG:   # 508.1h-i
        debug_fail(b"an offered attack declaration could not be paid (508.1g-i)")
    e.h.attackers_declared = n
    e.h.decl_max = 0
    if n == 0:
        log_event(e, EV_NO_ATTACKERS, e.h.active, 0, 0)
        return
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].combat & CB_ATTACKING:
            queue_attack_triggers(e, o)


# --- declare blockers (509) --------------------------------------------------------------------

cdef int32_t next_defending_player(Engine* e, int32_t after) noexcept nogil:
    """The next defending player in APNAP order after seat ``after`` (the active player
    to start) with a creature attacking them or their planeswalkers and a creature that
    could block; -1 when none is left."""
    cdef int32_t k, q, i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint attacked, blocker
    k = (after - e.h.active + e.h.n_players) % e.h.n_players + 1
    while k < e.h.n_players:
        q = (e.h.active + k) % e.h.n_players
        k += 1
        if not e.pl[q].in_game:
            continue
        attacked = False
        blocker = False
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if is_attacking(e, o) and defending_player_of(e, o) == q:
                attacked = True
            elif can_block_now(e, o, q):
                blocker = True
        if attacked and blocker:
            return q
    return -1


cdef void ask_blockers(Engine* e, int32_t after) noexcept nogil:
    cdef int32_t q = next_defending_player(e, after)
    cdef CombatDecl d
    e.h.decl_max = 0
    if q < 0:
        blockers_declared(e)
        return
    build_block_decl(e, &d, q)
    if not (d.trivial and not d.too_big) and decl_prepare(e, &d) != DS_OK and \
            not (d.too_big and board_is_simple(e, False, q)):
        abort_game(e, ABORT_COMBAT)
        return
    e.h.decision = D_DECLARE_BLOCKERS
    e.h.decider = q
    e.h.dctx0 = q


cdef void declare_blockers(Engine* e) noexcept nogil:
    """509.1: each defending player declares blockers, one pair at a time
    (D_DECLARE_BLOCKERS), in APNAP order when several are attacked."""
    ask_blockers(e, e.h.active)


cdef void finish_block_declaration(Engine* e) noexcept nogil:
    """509.1g: the chosen blockers become blocking creatures; then the next defending
    player declares."""
    cdef int32_t i, o, a, j, k, x, bf = zone_of(e, 0, Z_BATTLEFIELD), dp = e.h.dctx0, total = 0
    cdef uint32_t extra
    cdef CombatDecl d
    if bf_kinds(e) & (1 << AB_STATIC):            # block costs possible
        build_block_decl(e, &d, dp)
        if d.prob.has_budget:
            total = decl_cost(&d, d.picks)        # 509.1d
    if not pay_combat_cost(e, dp, total, 1) and MTG_CORE_DEBUG:          # 509.1e-f
        debug_fail(b"an offered block declaration could not be paid (509.1d-f)")
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not (e.ob[o].combat & CB_DECLARING):
            continue
        e.ob[o].combat = CB_BLOCKING
        for j in range(e.zcount[bf]):
            a = zone_list(e, bf)[j]
            if is_attacking(e, a) and blocks(e, o, a):
                log_event(e, EV_BLOCKS, o, a, 0)
        # 702.21h: blocking a creature in a band blocks every creature of that band
        extra = 0
        for j in range(e.zcount[bf]):
            a = zone_list(e, bf)[j]
            if is_attacking(e, a) and blocks(e, o, a) and e.ob[a].band:
                for k in range(e.zcount[bf]):
                    x = zone_list(e, bf)[k]
                    if is_attacking(e, x) and e.ob[x].band == e.ob[a].band and \
                            e.ob[x].attack_slot < 32 and not blocks(e, o, x):
                        extra |= (<uint32_t>1) << e.ob[x].attack_slot
        if extra:
            e.ob[o].block_mask = <int32_t>(<uint32_t>e.ob[o].block_mask | extra)
            for j in range(e.zcount[bf]):
                a = zone_list(e, bf)[j]
                if is_attacking(e, a) and e.ob[a].attack_slot < 32 and \
                        (extra >> e.ob[a].attack_slot) & 1:
                    log_event(e, EV_BAND_BLOCKED, o, a, 0)
    ask_blockers(e, dp)


cdef int32_t blockers_of(Engine* e, int32_t a, int32_t* out) noexcept nogil:
    """The creatures blocking attacker ``a``, in its damage assignment order (509.2; the
    order of the rest is kept when one leaves, 509.2a)."""
    cdef int32_t i, o, n = 0, j, t, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if is_blocking(e, o) and blocks(e, o, a) and n < CMB_MAX_BLOCKERS:
            j = n
            while j > 0 and e.ob[out[j - 1]].dmg_order > e.ob[o].dmg_order:
                out[j] = out[j - 1]
                j -= 1
            out[j] = o
            n += 1
    return n


cdef void blockers_declared(Engine* e) noexcept nogil:
    """509.1h: each attacker is blocked or unblocked for the rest of combat.  509.2: the
    active player orders the blockers of each attacker blocked by two or more."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD), n
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if is_blocking(e, o) and e.ob[o].dmg_order == 0:
            e.h.order_serial += 1
            e.ob[o].dmg_order = e.h.order_serial       # default: the order they were declared
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if is_attacking(e, o):
            n = blockers_of(e, o, tmp)
            if n > 0:
                e.ob[o].combat |= CB_BLOCKED
            log_event(e, EV_BLOCKED, o, 1 if n > 0 else 0, 0)
    ask_damage_order(e)


cdef void ask_damage_order(Engine* e) noexcept nogil:
    """509.2: the next attacker blocked by two or more creatures whose blockers aren't
    ordered yet (those are marked with a negative dmg_order) gets the active player's
    D_DAMAGE_ORDER decision."""
    cdef int32_t i, o, n, j, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not is_attacking(e, o) or (e.ob[o].combat & CB_DEALT_FIRST) or \
                not (e.ob[o].combat & CB_BLOCKED):
            continue
        # CB_DEALT_FIRST is not yet meaningful before damage: reuse it as "ordered" mark
        n = blockers_of(e, o, tmp)
        if n >= 2:
            for j in range(n):
                e.ob[tmp[j]].dmg_order = -e.ob[tmp[j]].dmg_order if e.ob[tmp[j]].dmg_order > 0 \
                    else e.ob[tmp[j]].dmg_order
            e.ob[o].combat |= CB_DEALT_FIRST
            e.h.decision = D_DAMAGE_ORDER
            e.h.decider = e.h.active
            e.h.dctx0 = o
            return
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        e.ob[o].combat &= ~CB_DEALT_FIRST


cdef int32_t order_candidates(Engine* e, int32_t a, int32_t* out) noexcept nogil:
    """D_DAMAGE_ORDER: the blockers of ``a`` not placed yet (negative dmg_order), in
    declaration order."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n = blockers_of(e, a, tmp), i, k = 0, j
    for i in range(n):
        if e.ob[tmp[i]].dmg_order < 0:
            j = k
            while j > 0 and e.ob[action_a(out[j - 1])].dmg_order < e.ob[tmp[i]].dmg_order:
                out[j] = out[j - 1]
                j -= 1
            out[j] = make_action(A_ORDER_BLOCKER, tmp[i], 0)
            k += 1
    return k


cdef void place_blocker(Engine* e, int32_t b) noexcept nogil:
    """509.2: ``b`` comes next in the damage assignment order of the attacker being
    ordered; the last one left goes last without asking."""
    cdef int32_t buf[CMB_MAX_BLOCKERS]
    cdef int32_t a = e.h.dctx0, n
    e.h.order_serial += 1
    e.ob[b].dmg_order = e.h.order_serial
    log_event(e, EV_DAMAGE_ORDER, a, b, 0)
    n = order_candidates(e, a, buf)
    if n == 1:
        e.h.order_serial += 1
        e.ob[action_a(buf[0])].dmg_order = e.h.order_serial
        log_event(e, EV_DAMAGE_ORDER, a, action_a(buf[0]), 0)
        n = 0
    if n == 0:
        e.h.decision = D_NONE
        ask_damage_order(e)
    else:
        e.h.decision = D_DAMAGE_ORDER


# --- applying combat actions ---------------------------------------------------------------------

cdef void do_combat_action(Engine* e, int32_t act, int32_t dec) noexcept nogil:
    """A_ATTACK / A_BLOCK add one pair to the declaration in progress; A_DECLARE_DONE
    makes it the declaration; A_ORDER_BLOCKER places one blocker (509.2).  ``dec``: the
    decision the action answers."""
    cdef int32_t kind = action_kind(act), a = action_a(act), b = action_b(act)
    if kind == A_ATTACK:
        a, b = b, a                        # a = the creature, b = what it attacks
        e.ob[a].combat = CB_DECLARING
        e.ob[a].combat_target = b
        e.ob[a].target_inc = e.ob[b].incarnation if b < TGT_PLAYER else 0
        e.h.decision = D_DECLARE_ATTACKERS
    elif kind == A_BLOCK:
        e.ob[a].combat = CB_DECLARING
        e.ob[a].block_mask = <int32_t>(<uint32_t>e.ob[a].block_mask | ((<uint32_t>1) << e.ob[b].attack_slot))
        if e.ob[a].dmg_order == 0:
            e.h.order_serial += 1
            e.ob[a].dmg_order = e.h.order_serial
        e.h.decision = D_DECLARE_BLOCKERS
    elif kind == A_DECLARE_DONE:
        if dec == D_DECLARE_ATTACKERS:
            e.h.decision = D_NONE
            finish_attack_declaration(e)
        else:
            e.h.decision = D_NONE
            finish_block_declaration(e)
    elif kind == A_ORDER_BLOCKER:
        place_blocker(e, a)
    elif kind == A_BAND:
        join_bands(e, a, b)                # 508.1e
        e.h.decision = D_DECLARE_ATTACKERS
    elif kind == A_CHOOSE_DEFENDER:
        e.h.defender_choice = a - TGT_PLAYER + 1      # 507.1
        log_event(e, EV_DEFENDER_CHOSEN, e.h.active, a - TGT_PLAYER, 0)
        e.h.decision = D_NONE


# --- combat damage (510) ---------------------------------------------------------------------------

ctypedef struct DamageList:
    int32_t n
    int32_t src[CMB_MAX_EVENTS]
    int32_t dst[CMB_MAX_EVENTS]
    int32_t amount[CMB_MAX_EVENTS]


cdef inline void assign(Engine* e, DamageList* L, int32_t src, int32_t dst, int32_t amount) noexcept nogil:
    if amount <= 0 or L.n >= CMB_MAX_EVENTS:
        return
    L.src[L.n] = src
    L.dst[L.n] = dst
    L.amount[L.n] = amount
    L.n += 1
    if dst < TGT_PLAYER:
        e.ob[dst].mark += amount          # assigned this step, for later lethal checks


cdef int32_t lethal_left(Engine* e, int32_t src, int32_t b) noexcept nogil:
    """510.1c-d: lethal damage for ``b`` counting damage already marked on it and damage
    other creatures assign to it in this step; any amount is lethal from a deathtouch
    source (702.2c)."""
    cdef int32_t pw, tg, need
    power_toughness(e, b, &pw, &tg)
    need = tg - e.ob[b].damage - e.ob[b].mark
    if need <= 0:
        return 0
    if has_kw(e, src, KW_DEATHTOUCH):
        return 1
    return need


cdef void assign_in_order(Engine* e, DamageList* L, int32_t src, int32_t power,
                          const int32_t* order, int32_t n, int32_t rest_to) noexcept nogil:
    """The default assignment of 510.1c: lethal damage to each in order before the next,
    what is left to ``rest_to`` (trample, 702.19b) or else to the last in order."""
    cdef int32_t i, give
    for i in range(n):
        if power <= 0:
            return
        give = lethal_left(e, src, order[i])
        if give > power:
            give = power
        if i == n - 1 and rest_to < 0:
            give = power
        assign(e, L, src, order[i], give)
        power -= give
    if power > 0 and rest_to >= 0:
        assign(e, L, src, rest_to, power)


cdef bint deals_in_this_step(Engine* e, int32_t o, bint first_step) noexcept nogil:
    """510.5 (seed numbering): in a first-strike step only creatures with first or double
    strike; in the step after it those that had neither as the first step began, and
    those that have double strike now."""
    cdef int32_t kw = keywords_of(e, o)
    if first_step:
        return (kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0
    if e.h.combat_damage_steps == 0:
        return True
    return not (e.ob[o].combat & CB_HAD_STRIKE) or (kw & KW_DOUBLE_STRIKE) != 0


cdef void combat_damage_step(Engine* e) noexcept nogil:
    """510.1 each attacking and blocking creature assigns combat damage equal to its power;
    510.2 all of it is dealt at once.  510.5: with first or double strike in combat, this
    step deals only theirs and a second combat damage step follows."""
    cdef DamageList L
    cdef int32_t i, o, n, pw, tg, t, bf = zone_of(e, 0, Z_BATTLEFIELD), j, a
    cdef int32_t order[CMB_MAX_BLOCKERS]
    cdef bint first_step = False
    cdef int32_t cur
    L.n = 0
    if e.h.combat_damage_steps == 0:
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if (is_attacking(e, o) or is_blocking(e, o)) and \
                    has_kw(e, o, KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
                e.ob[o].combat |= CB_HAD_STRIKE
                first_step = True
        if first_step:
            cur = e.plan[e.h.plan_pos]
            plan_insert(e, e.h.plan_pos + 1, entry(S_COMBAT_DAMAGE, entry_phase(cur),
                                                   entry_serial(cur), 0))
    # attackers (510.1a-c)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not is_attacking(e, o) or not is_creature(e, o) or not deals_in_this_step(e, o, first_step):
            continue
        power_toughness(e, o, &pw, &tg)
        if pw <= 0:
            continue
        t = e.ob[o].combat_target if attack_target_exists(e, o) else -1
        if first_step:
            e.ob[o].combat |= CB_DEALT_FIRST
        if not (e.ob[o].combat & CB_BLOCKED):
            if t >= 0:
                assign(e, &L, o, t, pw)                       # 510.1a: unblocked
            continue
        n = blockers_of(e, o, order)
        if n == 0:
            # 510.1a / 702.19e: blocked, its blockers gone: no damage, unless trample
            if t >= 0 and has_kw(e, o, KW_TRAMPLE):
                assign(e, &L, o, t, pw)
            continue
        assign_in_order(e, &L, o, pw, order, n, t if has_kw(e, o, KW_TRAMPLE) else -1)
    # blockers (510.1d): the attackers they block, in attack order (509.3 default)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not is_blocking(e, o) or not is_creature(e, o) or not deals_in_this_step(e, o, first_step):
            continue
        power_toughness(e, o, &pw, &tg)
        if pw <= 0:
            continue
        if first_step:
            e.ob[o].combat |= CB_DEALT_FIRST
        n = 0
        for j in range(e.zcount[bf]):
            a = zone_list(e, bf)[j]
            if is_attacking(e, a) and blocks(e, o, a) and n < CMB_MAX_BLOCKERS:
                order[n] = a
                n += 1
        sort_by_slot(e, order, n)
        assign_in_order(e, &L, o, pw, order, n, -1)
    for i in range(L.n):
        if L.dst[i] < TGT_PLAYER:
            e.ob[L.dst[i]].mark = 0
    # 510.2: dealt simultaneously (no state-based actions in between)
    log_event(e, EV_COMBAT_DAMAGE, L.n, 1 if first_step else 0, 0)
    for i in range(L.n):
        deal_damage(e, L.src[i], L.dst[i], L.amount[i])
    e.h.combat_damage_steps += 1


cdef void sort_by_slot(Engine* e, int32_t* a, int32_t n) noexcept nogil:
    cdef int32_t i, j, t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and e.ob[a[j]].attack_slot > e.ob[t].attack_slot:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


# --- end of combat (511) ----------------------------------------------------------------------

cdef void clear_combat(Engine* e) noexcept nogil:
    """511.3: everything is removed from combat as the combat phase ends."""
    cdef int32_t o
    for o in range(e.h.n_objects):
        e.ob[o].combat = 0
        e.ob[o].combat_target = -1
        e.ob[o].target_inc = 0
        e.ob[o].attack_slot = 0
        e.ob[o].block_mask = 0
        e.ob[o].dmg_order = 0
        e.ob[o].band = 0
    e.h.defender_choice = 0
    e.h.attackers_declared = 0
    e.h.combat_damage_steps = 0
    e.h.attack_slots = 0
    e.h.order_serial = 0
    e.h.decl_max = 0


# --- load validation of the combat fields ------------------------------------------------------

cdef str validate_combat(Engine* e):
    """The first combat field out of its domain, or None (called by State._validate)."""
    cdef Header* h = e.h
    cdef int32_t o, t
    if not 0 <= h.combat_damage_steps <= 2 or not 0 <= h.attack_slots <= h.n_objects \
            or h.order_serial < 0 or h.decl_max < 0 or h.attackers_declared < 0:
        return "a combat counter of the header is out of range"
    if h.decision in (D_DECLARE_BLOCKERS,) and not 0 <= h.dctx0 < h.n_players:
        return "a blocker declaration names no defending player"
    if h.decision == D_DAMAGE_ORDER and not (0 <= h.dctx0 < h.n_objects and
                                             e.ob[h.dctx0].combat & CB_ATTACKING):
        return "a damage assignment order decision names no attacking creature"
    if not 0 <= h.defender_choice <= h.n_players or \
            (h.defender_choice and not (h.flags & GF_ATTACK_CHOSEN)):
        return "a chosen defending player (507.1) out of range, or in a game without that option"
    if h.decision == D_CHOOSE_DEFENDER and not (h.flags & GF_ATTACK_CHOSEN and
                                                h.step == S_BEGIN_COMBAT and
                                                h.decider == h.active and h.defender_choice == 0):
        return "a choice of defending player (507.1) outside the beginning of combat or already made"
    for o in range(h.n_objects):
        if not 0 <= e.ob[o].band <= h.n_objects or \
                (e.ob[o].band and not (e.ob[o].combat & (CB_ATTACKING | CB_DECLARING))):
            return f"object {o} is in a band (702.21c) but is not attacking"
    for o in range(h.n_objects):
        if e.ob[o].combat & ~CB_ALL_FLAGS:
            return f"object {o} has unknown combat flags"
        t = e.ob[o].combat_target
        if not (t == -1 or 0 <= t < h.n_objects or TGT_PLAYER <= t < TGT_PLAYER + h.n_players):
            return f"object {o} attacks something that does not exist"
        if not 0 <= e.ob[o].attack_slot <= max(h.attack_slots, 0) or e.ob[o].target_inc < 0:
            return f"object {o} has an attack slot or target incarnation out of range"
        if e.ob[o].combat == 0 and (t != -1 or e.ob[o].block_mask or e.ob[o].dmg_order):
            return f"object {o} is not in combat but has combat fields set"
    return None


# --- whole declarations from Python ------------------------------------------------------------

def combat_declare_whole(State st, pairs, bands=()):
    """Validate and make a whole declaration at once (508.1c-e, 508.1g-i / 509.1b-f).
    ``pairs``: (creature, what it attacks) or (creature, attacker it blocks); ``bands``:
    lists of attacking creatures, each one band (508.1e, 702.21c-d).  Returns None when it
    was made, else (DS_V_* code, a, b, count, maximum) and the state is unchanged; for
    DS_V_BUDGET a = the total cost and b = the mana that could pay it; a bad band is
    (DS_V_BAD_BAND, creature, 0, 0, 0)."""
    cdef Engine* e = &st.e
    cdef CombatDecl d
    cdef DSViolation v
    cdef int32_t c, k, o, t, found, rc, lost, saved_max
    cdef bint attack = e.h.decision == D_DECLARE_ATTACKERS
    if e.h.decision != D_DECLARE_ATTACKERS and e.h.decision != D_DECLARE_BLOCKERS:
        raise EngineError("no declaration of attackers or blockers is pending")
    if attack:
        build_attack_decl(e, &d)
    else:
        build_block_decl(e, &d, e.h.dctx0)
    if d.too_big:
        raise EngineError(f"more than {DS_MAX_CHOOSERS} creatures or {DS_MAX_OPTIONS} options: "
                          "declare this one pair at a time (legal_actions)")
    for c in range(d.prob.n_choosers):
        d.picks[c] = 0
    for item in pairs:
        o, t = int(item[0]), int(item[1])
        found = -1
        for c in range(d.prob.n_choosers):
            if d.chooser[c] == o:
                found = c
        if found < 0:
            return (DS_V_NOT_ALLOWED, o, t, -1, -1)
        c = found
        found = -1
        for k in range(d.prob.n_options):
            if d.option[k] == t:
                found = k
        if found < 0:
            return (DS_V_NOT_ALLOWED, o, t, -1, -1)
        d.picks[c] |= (<uint32_t>1) << found
    saved_max = e.h.decl_max          # an illegal declaration leaves the state as it was
    rc = decl_prepare(e, &d)
    if rc == DS_OK:
        rc = ds_validate(&d.prob, d.picks, DS_DEFAULT_NODE_BUDGET, &v)
    e.h.decl_max = saved_max
    if rc != DS_OK:
        raise EngineError("this declaration is too big to decide within the search budget "
                          "(DS_TOO_COMPLEX); it is neither accepted nor refused")
    if v.code != DS_LEGAL:
        if v.code in (DS_V_NOT_ALLOWED, DS_V_TOO_MANY, DS_V_ALONE):
            return (v.code, d.chooser[v.a], v.b, v.count, v.maximum)
        if v.code in (DS_V_OPTION_MAX, DS_V_OPTION_MIN):
            return (v.code, d.option[v.a], v.b, v.count, v.maximum)
        if v.code == DS_V_BUDGET:
            # what the attack costs, and the mana left to pay it once attacking has
            # tapped the mana sources among the attackers (508.1f before 508.1h)
            lost = 0
            for c in range(d.prob.n_choosers):
                if d.picks[c]:
                    lost += d.prob.part_w[c] - d.pay[c]
            return (v.code, decl_cost(&d, d.picks), d.prob.budget - lost, v.count, v.maximum)
        return (v.code, v.a, v.b, v.count, v.maximum)
    band_of = {}
    if bands:
        if not attack:
            raise EngineError("bands are declared with attackers (508.1e)")
        target_of = {d.chooser[c]: d.option[ds_ctz32(d.picks[c])]
                     for c in range(d.prob.n_choosers) if d.picks[c]}
        for band in bands:
            members = [int(x) for x in band]
            if len(members) < 2 or len(set(members)) != len(members):
                return (DS_V_BAD_BAND, members[0] if members else -1, 0, 0, 0)
            for x in members:
                if x not in target_of or x in band_of:
                    return (DS_V_BAD_BAND, x, 0, 0, 0)          # 702.21c: attacking, one band
                if target_of[x] != target_of[members[0]]:
                    return (DS_V_BAD_BAND, x, 0, 0, 0)          # 702.21d: the same target
                band_of[x] = min(members) + 1
            if sum(1 for x in members if not has_banding(e, x)) > 1:
                return (DS_V_BAD_BAND, members[0], 0, 0, 0)     # 702.21c: one without
    # legal: replace whatever was chosen so far by this declaration, then finish it
    for c in range(d.prob.n_choosers):
        o = d.chooser[c]
        e.ob[o].combat = 0
        e.ob[o].combat_target = -1
        e.ob[o].target_inc = 0
        e.ob[o].band = 0
        if not attack:
            e.ob[o].block_mask = 0
            e.ob[o].dmg_order = 0
    for c in range(d.prob.n_choosers):
        for k in range(d.prob.n_options):
            if (d.picks[c] >> k) & 1:
                if attack:
                    do_combat_action(e, make_action(A_ATTACK, d.option[k], d.chooser[c]), D_DECLARE_ATTACKERS)
                else:
                    do_combat_action(e, make_action(A_BLOCK, d.chooser[c], d.option[k]), D_DECLARE_BLOCKERS)
    for x, b in band_of.items():                               # 508.1e
        e.ob[<int32_t>x].band = <int32_t>b
    for band in bands:
        members = sorted(int(x) for x in band)
        for x in members[1:]:
            log_event(e, EV_BAND, x, members[0], 0)
    do_combat_action(e, make_action(A_DECLARE_DONE, 0, 0),
                     D_DECLARE_ATTACKERS if attack else D_DECLARE_BLOCKERS)
    advance(e)
    return None


cdef int32_t combat_why_illegal(Engine* e, int32_t act) noexcept nogil:
    """Why a combat action is not legal now (the action is not among combat_legal_actions)."""
    cdef int32_t kind = action_kind(act), a = action_a(act), b = action_b(act)
    if e.h.decision == D_DAMAGE_ORDER:
        return E_BAD_CHOICE if kind == A_ORDER_BLOCKER else E_WRONG_KIND
    if e.h.decision == D_CHOOSE_DEFENDER:
        return E_BAD_CHOICE if kind == A_CHOOSE_DEFENDER else E_WRONG_KIND
    if kind == A_BAND:
        return E_BAD_CHOICE if e.h.decision == D_DECLARE_ATTACKERS else E_WRONG_KIND
    if kind == A_DECLARE_DONE:
        return E_DECLARATION_ILLEGAL
    if e.h.decision == D_DECLARE_ATTACKERS:
        if kind != A_ATTACK:
            return E_WRONG_KIND
        a, b = b, a                        # A_ATTACK: a = what it attacks, b = the creature
        if a >= e.h.n_objects or not can_attack_now(e, a, e.h.active):
            return E_CANT_ATTACK
        if b < TGT_PLAYER:
            if b >= e.h.n_objects or not on_battlefield(e, b) or \
                    not (obj_types(e, b) & T_PLANESWALKER) or not may_be_attacked(e, e.ob[b].controller):
                return E_CANT_ATTACK
        elif b - TGT_PLAYER >= e.h.n_players or not may_be_attacked(e, b - TGT_PLAYER):
            return E_CANT_ATTACK
        return E_NO_LEGAL_DECLARATION
    if kind != A_BLOCK:
        return E_WRONG_KIND
    if a >= e.h.n_objects or b >= e.h.n_objects or not can_block_now(e, a, e.h.dctx0) or \
            not is_attacking(e, b) or defending_player_of(e, b) != e.h.dctx0 or not may_block(e, a, b):
        return E_CANT_BLOCK
    return E_NO_LEGAL_DECLARATION


cdef void combat_after_concession(Engine* e, int32_t d) noexcept nogil:
    """A player left the game (104.3a, 800.4a) while decision ``d`` of combat was pending:
    their objects are gone, so the options changed.  A declaration in progress starts
    again from nothing (for its player, if still in the game); a damage assignment order
    in progress is asked again."""
    cdef int32_t o, q
    e.h.decision = D_NONE
    e.h.decl_max = 0
    if d == D_CHOOSE_DEFENDER:
        if e.pl[e.h.active].in_game:
            choose_defender(e)                          # 507.1 over who is left
        return
    if d == D_DECLARE_ATTACKERS:
        for o in range(e.h.n_objects):
            if e.ob[o].combat & CB_DECLARING:
                e.ob[o].combat = 0
                e.ob[o].combat_target = -1
                e.ob[o].target_inc = 0
                e.ob[o].band = 0
        if e.pl[e.h.active].in_game:
            declare_attackers(e)
        return
    if d == D_DECLARE_BLOCKERS:
        q = e.h.dctx0
        for o in range(e.h.n_objects):
            if e.ob[o].combat & CB_DECLARING:
                e.ob[o].combat = 0
                e.ob[o].block_mask = 0
                e.ob[o].dmg_order = 0
        ask_blockers(e, (q + e.h.n_players - 1) % e.h.n_players)
        return
    for o in range(e.h.n_objects):                     # D_DAMAGE_ORDER
        if e.ob[o].dmg_order < 0:
            e.ob[o].dmg_order = -e.ob[o].dmg_order
    if 0 <= e.h.dctx0 < e.h.n_objects:
        e.ob[e.h.dctx0].combat &= ~CB_DEALT_FIRST
    if e.pl[e.h.active].in_game:
        ask_damage_order(e)
    else:                                   # nobody is left to order: the default stands
        for o in range(e.h.n_objects):
            e.ob[o].combat &= ~CB_DEALT_FIRST


# --- boards beyond the search's 32 x 32: only when no constraint spans two pairs -----------

cdef bint board_is_simple(Engine* e, bint attack, int32_t dp) noexcept nogil:
    """No requirement and no restriction involving more than one pair (can't attack / block
    alone, menace, Lure, "must be blocked", "blocks / attacks each combat"): then every
    partial declaration of allowed pairs is legal, whatever the number of creatures.  Caps
    (508.1c / 509.1b) and costs (508.1g-i / 509.1d-f) span creatures too."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t cm
    if combat_cap(e, CM_CAP_ATTACKERS if attack else CM_CAP_BLOCKERS) >= 0:
        return False                                   # 508.1c / 509.1b caps span creatures
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        cm = card_row(e, e.ob[o].card)[CF_COMBAT]
        # costs (508.1g-i / 509.1d-f): the budget spans creatures
        if attack and cm & (CM_ATTACK_TAX | CM_ENCHANTED_ATTACK_COST):
            return False
        if not attack and cm & CM_BLOCK_TAX_WHILE_ATTACKING and is_attacking(e, o):
            return False
        if attack:
            if can_attack_now(e, o, e.h.active) and \
                    combat_props(e, o) & (CM_CANT_ATTACK_ALONE | CM_ATTACKS_EACH_COMBAT):
                return False
        elif is_attacking(e, o) and defending_player_of(e, o) == dp:
            if (combat_keywords(e, o) & KW_MENACE) or combat_props(e, o) & (CM_MUST_BE_BLOCKED | CM_LURE):
                return False
        elif can_block_now(e, o, dp) and combat_props(e, o) & (CM_BLOCKS_EACH_COMBAT | CM_CANT_BLOCK_ALONE):
            return False
    return True


cdef int32_t simple_legal_actions(Engine* e, ActionSink* s) noexcept nogil:
    """combat_legal_actions for a simple board too big for the search (board_is_simple)."""
    cdef int32_t i, j, o, t, q, bf = zone_of(e, 0, Z_BATTLEFIELD), cap, dp = e.h.dctx0
    cdef int32_t* lst = zone_list(e, bf)
    cdef bint attack = e.h.decision == D_DECLARE_ATTACKERS
    emit(s, make_action(A_DECLARE_DONE, 0, 0))         # first: the neutral default
    for i in range(e.zcount[bf]):
        o = lst[i]
        if attack:
            if not can_attack_now(e, o, e.h.active) or (e.ob[o].combat & CB_DECLARING):
                continue
            for q in range(e.h.n_players):
                if may_be_attacked(e, q):
                    emit(s, make_action(A_ATTACK, TGT_PLAYER + q, o))
            for j in range(e.zcount[bf]):
                t = lst[j]
                if e.ob[t].controller != e.h.active and on_battlefield(e, t) and \
                        (obj_types(e, t) & T_PLANESWALKER) and may_be_attacked(e, e.ob[t].controller):
                    emit(s, make_action(A_ATTACK, t, o))
            continue
        if not can_block_now(e, o, dp):
            continue
        cap = 1
        if combat_props(e, o) & CM_BLOCKS_ONE_MORE:
            cap = 2
        if combat_props(e, o) & CM_BLOCKS_ANY_NUMBER:
            cap = DS_MAX_OPTIONS
        if (e.ob[o].combat & CB_DECLARING) and ds_pop32(<uint32_t>e.ob[o].block_mask) >= cap:
            continue
        for j in range(e.zcount[bf]):
            t = lst[j]
            if is_attacking(e, t) and defending_player_of(e, t) == dp and may_block(e, o, t) and \
                    e.ob[t].attack_slot < 32 and \
                    not ((e.ob[o].combat & CB_DECLARING) and blocks(e, o, t)):
                emit(s, make_action(A_BLOCK, o, t))
    return s.n


# --- the random policy's whole declarations ---------------------------------------------------

cdef bint random_declaration(Engine* e, uint32_t* rng) noexcept nogil:
    """Playouts: make a uniformly random legal declaration in one go, when the board needs
    no search (no requirement and no restriction spanning two pairs): then the legal
    declarations are exactly the independent choices of each creature, so choosing each
    creature's part uniformly is uniform over declarations.  Returns False (and changes
    nothing) for other boards: the caller then declares pair by pair."""
    cdef CombatDecl d
    cdef DSProblem* p = &d.prob
    cdef int32_t c, k, r, cnt, dec = e.h.decision
    cdef uint32_t al
    cdef bint attack = dec == D_DECLARE_ATTACKERS
    if attack:
        build_attack_decl(e, &d)
    else:
        build_block_decl(e, &d, e.h.dctx0)
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
