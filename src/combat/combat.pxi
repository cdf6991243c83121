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
# 506.4: remove_from_combat is the one way out of combat before 511.3: leaving the
# battlefield (move_object), a control change (set_controller), regeneration (regenerate),
# phasing out (untap_step), and a permanent that is no longer a creature (found by the
# state-based-action pass, which runs before anyone could act on it).  An attacker whose
# planeswalker left combat (any of those ways, or a control change of the planeswalker)
# stays attacking, attacks nothing and deals no damage (506.4c): its combat_target becomes
# TGT_ATTACKS_NOTHING - the defending seat, which it keeps (508.5, planeswalker_leaves_combat).

cdef enum:
    CMB_MAX_EVENTS = 2048        # damage assignments of one combat damage step
    CMB_MAX_BLOCKERS = 256       # blockers of one attacker the damage code reads (a bound of
                                 # the scratch buffers; past it a blocker is not dealt damage)


cdef inline bint is_combat_decision(int32_t d) noexcept nogil:
    """The decisions of the combat phase (declarations, orders, damage, 508.4 / 509.7
    choices), which combat.pxi answers and re-asks after a concession."""
    return D_DECLARE_ATTACKERS <= d <= D_ATTACK_WHAT


# --- removal from combat (506.4) ---------------------------------------------------------------

cdef void remove_from_combat(Engine* e, int32_t o) noexcept nogil:
    """506.4: ``o`` stops being an attacking, blocking, blocked or unblocked creature.  It
    leaves every damage assignment order; the others keep their relative order (509.2a:
    orders are read from the blockers still blocking).  What it blocked stays blocked
    (509.1h).  702.21f: it leaves its band."""
    cdef Obj* ob = &e.ob[o]
    if e.h.attack_slots and e.h.phase == PH_COMBAT and \
            ((card_row(e, ob.card)[CF_TYPES] & T_PLANESWALKER) or (obj_types(e, o) & T_PLANESWALKER)):
        planeswalker_leaves_combat(e, o)
    if ob.combat == 0 and ob.combat_target == -1:
        return
    ob.combat = 0
    ob.combat_target = -1
    ob.target_inc = 0
    ob.attack_slot = 0
    ob.block_mask = 0
    ob.dmg_order = 0
    ob.band = 0


cdef void planeswalker_leaves_combat(Engine* e, int32_t w) noexcept nogil:
    """506.4 / 506.4c: ``w`` (called before its controller changes) stops being attacked.
    Each creature attacking it stays attacking but attacks nothing; its defending player is
    still the one it attacked (508.5), so it can be blocked (509.1a) and, unblocked, deals
    no combat damage (510.1b)."""
    cdef int32_t i, a, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if a != w and e.ob[a].combat_target == w and \
                (e.ob[a].combat & (CB_ATTACKING | CB_DECLARING)):
            e.ob[a].combat_target = TGT_ATTACKS_NOTHING - e.ob[w].controller
            e.ob[a].target_inc = 0


cdef void remove_from_combat_by_effect(Engine* e, int32_t o) noexcept nogil:
    """506.4: an effect removes ``o`` from combat ("remove target attacking or blocking
    creature from combat").  An attacker it blocked stays blocked (509.1h) and the other
    blockers keep their relative order (509.2a); the blockers of a removed attacker keep
    theirs (509.3a); a removed attacker is no longer attacking, so it deals no combat
    damage.  A creature not in combat is unaffected."""
    if not (e.ob[o].combat & (CB_ATTACKING | CB_BLOCKING)):
        return
    remove_from_combat(e, o)
    log_event(e, EV_REMOVED_FROM_COMBAT, o, 1, 0)


cdef int32_t lki_alone(Engine* e, int32_t o) noexcept nogil:
    """506.5 as ``o`` leaves the battlefield (called before it leaves combat), as it last
    existed (603.10a): CB_ATTACKING if it was attacking alone, CB_BLOCKING if it was
    blocking alone (COND_THAT_WAS_ALONE's operand).  It was attacking (blocking) alone if no
    other creature was: none on the battlefield, and none of those that left before it in
    the same simultaneous event (counted here)."""
    cdef int32_t i, a, bits = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint attacking = (e.ob[o].combat & CB_ATTACKING) != 0
    cdef bint blocking = (e.ob[o].combat & CB_BLOCKING) != 0
    if attacking and e.leave_attackers == 0:
        bits |= CB_ATTACKING
    if blocking and e.leave_blockers == 0:
        bits |= CB_BLOCKING
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if a != o and is_attacking(e, a):
            bits &= ~CB_ATTACKING
        if a != o and is_blocking(e, a):
            bits &= ~CB_BLOCKING
    if e.leave_open:
        e.leave_attackers += attacking
        e.leave_blockers += blocking
    return bits


# --- characteristics combat reads ------------------------------------------------------------

cdef int32_t combat_props(Engine* e, int32_t o) noexcept nogil:
    """CM_* restrictions and requirements of ``o``: printed (unless it lost all abilities,
    613.1f), plus Lure from an attached Aura."""
    cdef int32_t props = card_row(e, e.ob[o].card)[CF_COMBAT], i, a, bf
    if props and lost_all_abilities(e, o):
        props = 0
    if attachments_possible(e):
        bf = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[bf]):
            a = zone_list(e, bf)[i]
            if e.ob[a].attached_to == o and e.ob[a].phased_out == 0 and \
                    card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_LURE:
                props |= CM_LURE
            # 508.1c / 509.1b, an Aura's "enchanted creature can't attack / block"
            if e.ob[a].attached_to == o and e.ob[a].phased_out == 0:
                if card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_CANT_ATTACK:
                    props |= CM_CANT_ATTACK
                if card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_CANT_BLOCK:
                    props |= CM_CANT_BLOCK
                # 509.1b, "as long as enchanted creature is attacking alone, it can't be
                # blocked" (Security Bypass)
                if card_row(e, e.ob[a].card)[CF_COMBAT] & CM_ENCHANTED_UNBLOCKABLE_ALONE and \
                        attacking_alone(e, o):
                    props |= CM_UNBLOCKABLE
    if e.h.effects_n:                            # "can't block this turn" (509.1b)
        props |= effect_combat_props(e, o)
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


cdef bint attacking_alone(Engine* e, int32_t o) noexcept nogil:
    """506.5: ``o`` is attacking alone: it is attacking and no other creature is (however
    many were declared: the others may have left combat since, 506.4)."""
    cdef int32_t i, a, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if not is_attacking(e, o):
        return False
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if a != o and is_attacking(e, a):
            return False
    return True


cdef inline bint is_blocking(Engine* e, int32_t o) noexcept nogil:
    return (e.ob[o].combat & CB_BLOCKING) != 0 and on_battlefield(e, o)


cdef int32_t defending_player_of(Engine* e, int32_t o) noexcept nogil:
    """508.5 / 506.2: the player an attacker attacks, or the controller of the planeswalker
    it attacks (506.4c, 508.5: still that player's once the planeswalker left combat)."""
    cdef int32_t t = e.ob[o].combat_target
    if t >= TGT_PLAYER:
        return t - TGT_PLAYER
    if t >= 0:
        return e.ob[t].controller
    if t <= TGT_ATTACKS_NOTHING:
        return TGT_ATTACKS_NOTHING - t               # 506.4c, 508.5
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
    # 800.4a: an active player who left the game has no creatures to attack with and
    # chooses nothing; their turn goes on without them.
    if not (e.h.flags & GF_ATTACK_CHOSEN) or not e.pl[e.h.active].in_game:
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
    (302.6, haste), with no "can't attack" (defender 702.3b); in the classic edition not
    a Wall."""
    cdef int32_t kw
    if e.ob[o].controller != ap or e.ob[o].tapped or not on_battlefield(e, o) or not is_creature(e, o):
        return False
    kw = keywords_of(e, o)                      # once for haste and defender
    if e.ob[o].sick and not (kw & KW_HASTE):
        return False
    if (kw & KW_DEFENDER) or (combat_props(e, o) & CM_CANT_ATTACK):
        return False
    if edition_of(e) == EDITION_CLASSIC and (obj_subtypes(e, o) & SUB_WALL):
        return False                            # classic (seeds/002): Walls can't attack
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
    cdef int32_t ap = e.h.active, q, i, o, n = 0, m = 0, props, k, c
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef bint options_full = False, choosers_full = False
    decl_clear(p)
    d.too_big = 0
    for q in range(e.h.n_players):
        if may_be_attacked(e, q):                     # 506.2a, 507.1, 803
            d.option[m] = TGT_PLAYER + q
            m += 1
    # One scan for both (their controllers differ): opponents' planeswalkers are options
    # (506.2, 508.1b); the creatures that could attack are choosers, filled in below once
    # every option is known.
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller != ap:
            if not options_full and on_battlefield(e, o) and \
                    (obj_types(e, o) & T_PLANESWALKER) and may_be_attacked(e, e.ob[o].controller):
                if m >= DS_MAX_OPTIONS:
                    d.too_big = 1
                    options_full = True
                else:
                    d.option[m] = o
                    m += 1
        elif not choosers_full and can_attack_now(e, o, ap):
            if n >= DS_MAX_CHOOSERS:
                d.too_big = 1
                choosers_full = True
            else:
                d.chooser[n] = o
                n += 1
    for c in range(n):
        o = d.chooser[c]
        memset(&p.own_req[c][0], 0, sizeof(uint64_t) * DS_MAX_OPTIONS)
        props = combat_props(e, o)
        p.allowed[c] = ds_low_bits(m)
        p.max_choices[c] = 1
        if props & CM_CANT_ATTACK_ALONE:
            p.min_others[c] = 1                       # 506.5
        if props & CM_ATTACKS_EACH_COMBAT:            # 508.1d: one requirement
            p.n_own_reqs[c] = 1
            for k in range(m):
                p.own_req[c][k] = 1
        d.picks[c] = 0
        if e.ob[o].combat & CB_DECLARING:
            for k in range(m):
                if d.option[k] == e.ob[o].combat_target:
                    d.picks[c] = (<uint32_t>1) << k
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
    shadow (702.28b), fear (702.36b), intimidate (702.13b), "can't be blocked by Walls",
    "can't be blocked except by [colour] creatures", protection (702.16f: not by creatures
    with a quality it has protection from)."""
    cdef int32_t akw = combat_keywords(e, a), bkw = keywords_of(e, b), props
    if (akw & KW_FLYING) and not (bkw & (KW_FLYING | KW_REACH)):
        return False
    if ((akw & KW_SHADOW) != 0) != ((bkw & KW_SHADOW) != 0):
        return False
    # types, colours and subtypes after layers 4 and 5 (613.1d-e)
    if (akw & KW_FEAR) and not (obj_types(e, b) & T_ARTIFACT) and not (obj_colors(e, b) & (1 << C_B)):
        return False
    if (akw & KW_INTIMIDATE) and not (obj_types(e, b) & T_ARTIFACT) and \
            not (obj_colors(e, b) & obj_colors(e, a) & 31):
        return False
    props = combat_props(e, a)
    if (props & CM_NO_WALL_BLOCKS) and (obj_subtypes(e, b) & SUB_WALL):
        return False
    if (props & CM_BLOCKED_ONLY_BY) and \
            not (obj_colors(e, b) & ((props & CM_BLOCKED_ONLY_BY) >> CM_BLOCKED_ONLY_BY_SHIFT)):
        return False                             # "can't be blocked except by black creatures"
    if protected_from(e, a, b):                  # 702.16f: can't be blocked by them
        return False
    # "~ can't be blocked" (509.1b), "~ can block only creatures with flying"
    if props & CM_UNBLOCKABLE:
        return False
    if (card_row(e, e.ob[b].card)[CF_COMBAT] & CM_BLOCKS_ONLY_FLYING) and not (akw & KW_FLYING) \
            and not lost_all_abilities(e, b):       # printed: no scan of attachments per pair
        return False
    if landwalk_blocked(e, a, e.ob[b].controller):   # 702.14c
        return False
    if combat2_forbids(e, b, a):                     # 702.31b, power 2 or less
        return False
    return True


cdef bint landwalk_blocked(Engine* e, int32_t a, int32_t dp) noexcept nogil:
    """702.14c: a creature with landwalk can't be blocked as long as the defending player
    ``dp`` controls a land with one of the land types it walks (its subtypes after layer 4)."""
    cdef int32_t walk = card_row(e, e.ob[a].card)[CF_LANDWALK], i, o, bf
    if walk == 0 or lost_all_abilities(e, a):   # 613.1f
        return False
    bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller == dp and e.ob[o].phased_out == 0 and \
                (obj_types(e, o) & T_LAND) and (obj_subtypes(e, o) & walk):
            return True
    return False


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
            if (card_row(e, e.ob[o].card)[CF_COMBAT2] & CM2_MAX_ONE_BLOCKER) and \
                    not lost_all_abilities(e, o):
                p.opt_max[m] = 1                         # 509.1b, one blocker at most
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
    if e.h.decision == D_ASSIGN_DAMAGE:
        assign_legal_actions(e, s)
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
    cdef CombatDecl own
    cdef CombatDecl* d = <CombatDecl*>e.decl_cache if e.decl_cache != NULL else &own
    e.h.attackers_declared = 0
    e.h.decl_max = 0
    e.decl_cache_for = D_NONE
    build_attack_decl(e, d)
    if d.prob.n_choosers == 0 or d.prob.n_options == 0:
        log_event(e, EV_NO_ATTACKERS, e.h.active, 0, 0)
        return
    if not (d.trivial and not d.too_big) and decl_prepare(e, d) != DS_OK and \
            not (d.too_big and board_is_simple(e, True, 0)):
        abort_game(e, ABORT_COMBAT)
        return
    if <void*>d == e.decl_cache and d.trivial and not d.too_big:
        e.decl_cache_for = D_DECLARE_ATTACKERS    # for random_declaration, as built
    e.h.decision = D_DECLARE_ATTACKERS
    e.h.decider = e.h.active
    e.h.dctx0 = 0


cdef void queue_attack_triggers(Engine* e, int32_t o) noexcept nogil:
    """508.2: "whenever ~ attacks" abilities of an attacking creature; its "defending
    player" is the player it attacks or who controls the planeswalker it attacks (508.5)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab
    if grants_on_board(e):                              # grants.pxi (613.1f)
        queue_granted_triggers(e, o, TRIG_ATTACKS, player_ref(defending_player_of(e, o)))
    if not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)):
        return
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and ability_row(e, ab)[AF_TRIGGER] == TRIG_ATTACKS:
            queue_trigger_ref(e, o, ab, e.ob[o].controller, -1, 0,
                              player_ref(defending_player_of(e, o)))


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
    note_attacked(e, e.h.active)                  # raid (turn_history.pxi)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].combat & CB_ATTACKING:
            queue_attack_triggers(e, o)
            if n == 1:
                queue_attacks_alone_triggers(e, o)      # 702.83a exalted


cdef void queue_attacks_alone_triggers(Engine* e, int32_t lone) noexcept nogil:
    """702.83a / 506.5: "whenever a creature you control attacks alone" abilities of
    the permanents its controller controls (each instance of exalted triggers separately,
    702.83b); "that creature" is the lone attacker.  506.5: its own "whenever ~ attacks
    alone" abilities too."""
    cdef int32_t i, j, w, ab, bf = zone_of(e, 0, Z_BATTLEFIELD), ctrl = e.ob[lone].controller
    cdef const int32_t* row
    if not (bf_kinds(e) & (1 << AB_TRIGGERED)):
        return
    queue_object_triggers(e, lone, TRIG_ATTACKS_ALONE, -1)
    for i in range(e.zcount[bf]):
        w = zone_list(e, bf)[i]
        row = card_row(e, e.ob[w].card)
        if e.ob[w].controller != ctrl or e.ob[w].phased_out or \
                not (row[CF_ABILITY_KINDS] & (1 << AB_TRIGGERED)) or lost_all_abilities(e, w):
            continue
        for j in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + j
            if ability_row(e, ab)[AF_KIND] == AB_TRIGGERED and \
                    ability_row(e, ab)[AF_TRIGGER] == TRIG_ATTACKS_ALONE_YOURS:
                queue_trigger_ref(e, w, ab, ctrl, -1, 0, lone)


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
    cdef CombatDecl own
    cdef CombatDecl* d = <CombatDecl*>e.decl_cache if e.decl_cache != NULL else &own
    e.h.decl_max = 0
    e.decl_cache_for = D_NONE
    if q < 0:
        blockers_declared(e)
        return
    build_block_decl(e, d, q)
    if not (d.trivial and not d.too_big) and decl_prepare(e, d) != DS_OK and \
            not (d.too_big and board_is_simple(e, False, q)):
        abort_game(e, ABORT_COMBAT)
        return
    if <void*>d == e.decl_cache and d.trivial and not d.too_big:
        e.decl_cache_for = D_DECLARE_BLOCKERS     # for random_declaration, as built
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
    cdef int32_t n_att = 0
    cdef int32_t att[TGT_PLAYER]                  # the attackers, in battlefield order
    cdef uint32_t extra
    cdef CombatDecl d
    if bf_kinds(e) & (1 << AB_STATIC):            # block costs possible
        build_block_decl(e, &d, dp)
        if d.prob.has_budget:
            total = decl_cost(&d, d.picks)        # 509.1d
    if not pay_combat_cost(e, dp, total, 1) and MTG_CORE_DEBUG:          # 509.1e-f
        debug_fail(b"an offered block declaration could not be paid (509.1d-f)")
    # Paying moved nothing in or out of combat: the attackers are listed once.
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if is_attacking(e, a):
            att[n_att] = a
            n_att += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not (e.ob[o].combat & CB_DECLARING):
            continue
        e.ob[o].combat = CB_BLOCKING
        extra = 0
        for j in range(n_att):
            a = att[j]
            if not blocks(e, o, a):
                continue
            log_event(e, EV_BLOCKS, o, a, 0)
            if e.ob[a].band:
                # 702.21h: blocking a creature in a band blocks every creature of that band
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


# --- the combat pair table (509.2, 509.3) -----------------------------------------------------
# Every (attacker, blocker) pair has a row of e.pairs (made as blockers are declared): the
# blocker's place in the attacker's damage assignment order (a_pos, 509.2), the attacker's
# place in the blocker's (b_pos, 509.3), and in the combat damage step what each assigns to
# the other (510.1c-d).  A place < 0 is "not placed yet" (minus its default key).  A pair
# past PAIR_CAP rows keeps the default order (declaration order) and its creatures take
# the default split of their damage.  509.2a / 509.3a: a pair whose creature left combat
# is skipped, so the others keep their relative order.

cdef enum:
    KEY_UNPLACED = 1 << 28       # sort keys: placed ones first, then not yet placed ones,
    KEY_NO_ROW = 1 << 29         # then pairs without a row


cdef int32_t find_pair(Engine* e, int32_t a, int32_t b) noexcept nogil:
    """The row of the pair (attacker ``a``, blocker ``b``; ``b`` = -1: what ``a`` attacks), or -1."""
    cdef int32_t i
    for i in range(e.h.pairs_n):
        if e.pairs[i].attacker == a and e.pairs[i].blocker == b:
            return i
    return -1


cdef int32_t add_pair(Engine* e, int32_t a, int32_t b, int32_t a_pos, int32_t b_pos) noexcept nogil:
    cdef int32_t i = e.h.pairs_n
    if i >= e.h.pair_cap and not grow_state(e, GROW_PAIRS):
        return -1
    e.pairs[i].attacker = a
    e.pairs[i].blocker = b
    e.pairs[i].a_pos = a_pos
    e.pairs[i].b_pos = b_pos
    e.pairs[i].a_dmg = 0
    e.pairs[i].b_dmg = 0
    e.h.pairs_n += 1
    return i


cdef inline int32_t order_key(int32_t pos, int32_t fallback) noexcept nogil:
    if pos > 0:
        return pos
    if pos < 0:
        return KEY_UNPLACED + (-pos if -pos < KEY_UNPLACED else KEY_UNPLACED - 1)
    return KEY_NO_ROW + (fallback if 0 <= fallback < KEY_NO_ROW else 0)


cdef int32_t key_in_attacker_order(Engine* e, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t r = find_pair(e, a, b)
    return order_key(e.pairs[r].a_pos if r >= 0 else 0, e.ob[b].dmg_order)


cdef int32_t key_in_blocker_order(Engine* e, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t r = find_pair(e, a, b)
    return order_key(e.pairs[r].b_pos if r >= 0 else 0, e.ob[a].attack_slot + 1)


# A roster: the steps that look for the partners of many creatures in turn (509.1h,
# 509.2-509.3, 510.1-510.2) collect the creatures in combat once and scan only those.
# Nothing enters or leaves combat while one is set; debug builds check that at each read.

ctypedef struct Roster:
    int32_t* prev                # the enclosing roster, restored by roster_end
    int32_t prev_n
    int32_t objs[TGT_PLAYER]     # a battlefield holds fewer than TGT_PLAYER objects


cdef int32_t collect_combatants(Engine* e, int32_t* out) noexcept nogil:
    """Attacking or blocking creatures on the battlefield, in battlefield order."""
    cdef int32_t i, o, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* lst = zone_list(e, bf)
    for i in range(e.zcount[bf]):
        o = lst[i]
        if (e.ob[o].combat & (CB_ATTACKING | CB_BLOCKING)) and e.ob[o].phased_out == 0:
            out[n] = o
            n += 1
    return n


cdef void roster_begin(Engine* e, Roster* r) noexcept nogil:
    r.prev = e.roster
    r.prev_n = e.roster_n
    if e.roster != NULL:
        return                  # inside another step's roster: nothing entered or left since
    e.roster_n = collect_combatants(e, r.objs)
    e.roster = r.objs


cdef inline void roster_end(Engine* e, Roster* r) noexcept nogil:
    e.roster = r.prev
    e.roster_n = r.prev_n


cdef void debug_check_roster(Engine* e) noexcept nogil:
    cdef int32_t fresh[TGT_PLAYER]
    cdef int32_t n = collect_combatants(e, fresh), i
    if n != e.roster_n:
        debug_fail(b"roster: the creatures in combat changed while a roster was set")
    for i in range(n):
        if fresh[i] != e.roster[i]:
            debug_fail(b"roster: the creatures in combat changed while a roster was set")


cdef inline const int32_t* combat_scan(Engine* e, int32_t* n) noexcept nogil:
    """What a scan for attacking or blocking creatures must look at: the roster while one
    is set, else the whole battlefield (``n``: how many)."""
    cdef int32_t bf
    if e.roster != NULL:
        if MTG_CORE_DEBUG:
            debug_check_roster(e)
        n[0] = e.roster_n
        return e.roster
    bf = zone_of(e, 0, Z_BATTLEFIELD)
    n[0] = e.zcount[bf]
    return zone_list(e, bf)


cdef int32_t blockers_of(Engine* e, int32_t a, int32_t* out) noexcept nogil:
    """The creatures blocking attacker ``a``, in its damage assignment order (509.2; the
    order of the rest is kept when one leaves, 509.2a)."""
    cdef int32_t i, o, n = 0, j, k, m, slot = e.ob[a].attack_slot
    cdef int32_t keys[CMB_MAX_BLOCKERS]
    cdef const int32_t* lst
    if slot >= 32:
        return 0                                 # blocks(): such an attacker can't be blocked
    lst = combat_scan(e, &m)
    for i in range(m):
        o = lst[i]
        # is_blocking and blocks, the block mask first (0 for most permanents); the
        # battlefield zone needs no check
        if ((<uint32_t>e.ob[o].block_mask >> slot) & 1) and (e.ob[o].combat & CB_BLOCKING) and \
                e.ob[o].phased_out == 0 and n < CMB_MAX_BLOCKERS:
            k = key_in_attacker_order(e, a, o)
            j = n
            while j > 0 and keys[j - 1] > k:
                out[j] = out[j - 1]
                keys[j] = keys[j - 1]
                j -= 1
            out[j] = o
            keys[j] = k
            n += 1
    return n


cdef int32_t attackers_of(Engine* e, int32_t b, int32_t* out) noexcept nogil:
    """The attackers blocker ``b`` blocks, in its damage assignment order (509.3, 509.3a)."""
    cdef int32_t i, o, n = 0, j, k, m, slot
    cdef int32_t keys[CMB_MAX_BLOCKERS]
    cdef const int32_t* lst
    cdef uint32_t mask = <uint32_t>e.ob[b].block_mask
    if mask == 0 or not is_blocking(e, b):
        return 0
    lst = combat_scan(e, &m)
    for i in range(m):
        o = lst[i]
        slot = e.ob[o].attack_slot                # is_attacking and blocks, cheapest first
        if slot < 32 and ((mask >> slot) & 1) and (e.ob[o].combat & CB_ATTACKING) and \
                e.ob[o].phased_out == 0 and n < CMB_MAX_BLOCKERS:
            k = key_in_blocker_order(e, o, b)
            j = n
            while j > 0 and keys[j - 1] > k:
                out[j] = out[j - 1]
                keys[j] = keys[j - 1]
                j -= 1
            out[j] = o
            keys[j] = k
            n += 1
    return n


cdef void blockers_declared(Engine* e) noexcept nogil:
    cdef Roster r
    roster_begin(e, &r)
    blockers_declared_in(e)
    roster_end(e, &r)


cdef void blockers_declared_in(Engine* e) noexcept nogil:
    """509.1h: each attacker is blocked or unblocked for the rest of combat.  Each
    (attacker, blocker) pair gets its row; 509.2: the active player orders the blockers of
    each attacker blocked by two or more, then 509.3: each defending player orders the
    attackers of each of their creatures blocking two or more (only in the seed edition:
    the current and classic ones have no damage assignment order)."""
    cdef int32_t i, j, o, b, r, n, m
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    # classic (seeds/002): the attacking player divides the damage as they choose
    cdef bint ordered = edition_of(e) == EDITION_SEED
    cdef const int32_t* lst = combat_scan(e, &m)
    for i in range(m):
        o = lst[i]
        if is_blocking(e, o) and e.ob[o].dmg_order == 0:
            e.h.order_serial += 1
            e.ob[o].dmg_order = e.h.order_serial       # default: the order they were declared
    for i in range(m):
        o = lst[i]
        if is_attacking(e, o):
            n = blockers_of(e, o, tmp)
            for j in range(n):
                if find_pair(e, o, tmp[j]) < 0:
                    add_pair(e, o, tmp[j], -e.ob[tmp[j]].dmg_order, -(e.ob[o].attack_slot + 1))
            if n > 0:
                e.ob[o].combat |= CB_BLOCKED
            if n > 1:
                e.ob[o].combat |= CB_BLOCKED_BY_MANY    # not "blocked by only" one of them
            log_event(e, EV_BLOCKED, o, 1 if n > 0 else 0, 0)
    # a creature with one partner (or any in the current edition) has its order already
    for r in range(e.h.pairs_n):
        o = e.pairs[r].attacker
        b = e.pairs[r].blocker
        if b < 0:
            continue
        if e.pairs[r].a_pos < 0 and (not ordered or blockers_of(e, o, tmp) < 2):
            e.pairs[r].a_pos = -e.pairs[r].a_pos
        if e.pairs[r].b_pos < 0 and (not ordered or attackers_of(e, b, tmp) < 2):
            e.pairs[r].b_pos = -e.pairs[r].b_pos
    if bf_kinds(e) & (1 << AB_TRIGGERED):
        queue_block_triggers(e)                          # 509.4
    ask_damage_order(e)


cdef void queue_block_triggers(Engine* e) noexcept nogil:
    """509.4: abilities that trigger on the declaration of blockers, as it is made (its
    blockers all were declared: one put onto the battlefield blocking comes later, 509.7).
    509.4a "whenever ~ blocks": once, however many it blocks; 509.4b "blocks a creature":
    once per attacker it blocks; 509.4c "becomes blocked": once, however many block it;
    509.4d "becomes blocked by a creature": once per blocker; 509.4g "attacks and isn't
    blocked": each unblocked attacker, declared or put onto the battlefield attacking.
    "That creature" is the other creature of each pair (603.2)."""
    cdef int32_t i, j, o, x, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if not has_trigger_kinds(e, o):
            continue
        if is_blocking(e, o):
            queue_object_triggers(e, o, TRIG_BLOCKS, -1)
            for j in range(e.zcount[bf]):
                x = zone_list(e, bf)[j]
                if is_attacking(e, x) and blocks(e, o, x):
                    queue_object_triggers(e, o, TRIG_BLOCKS_CREATURE, x)
        if is_attacking(e, o):
            if not (e.ob[o].combat & CB_BLOCKED):
                queue_object_triggers(e, o, TRIG_ATTACKS_UNBLOCKED, -1)
                continue
            queue_object_triggers(e, o, TRIG_BECOMES_BLOCKED, -1)
            for j in range(e.zcount[bf]):
                x = zone_list(e, bf)[j]
                if is_blocking(e, x) and blocks(e, x, o):
                    queue_object_triggers(e, o, TRIG_BLOCKED_BY_CREATURE, x)
                    if not has_flanking(e, x):           # 702.25a flanking
                        queue_object_triggers(e, o, TRIG_BLOCKED_BY_NONFLANKING, x)


cdef int32_t unplaced_partners(Engine* e, int32_t c, int32_t* out) noexcept nogil:
    """The partners of ``c`` not yet placed in its order (an attacker's blockers, 509.2; a
    blocker's attackers, 509.3), in default order."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n, i, k = 0, r
    if is_attacking(e, c):
        n = blockers_of(e, c, tmp)
        for i in range(n):
            r = find_pair(e, c, tmp[i])
            if r >= 0 and e.pairs[r].a_pos < 0:
                out[k] = tmp[i]
                k += 1
    else:
        n = attackers_of(e, c, tmp)
        for i in range(n):
            r = find_pair(e, tmp[i], c)
            if r >= 0 and e.pairs[r].b_pos < 0:
                out[k] = tmp[i]
                k += 1
    return k


cdef void place_partner(Engine* e, int32_t c, int32_t x) noexcept nogil:
    """``x`` comes next in ``c``'s damage assignment order."""
    cdef int32_t r
    e.h.order_serial += 1
    if is_attacking(e, c):
        r = find_pair(e, c, x)
        if r >= 0:
            e.pairs[r].a_pos = e.h.order_serial
        log_event(e, EV_DAMAGE_ORDER, c, x, 0)
    else:
        r = find_pair(e, x, c)
        if r >= 0:
            e.pairs[r].b_pos = e.h.order_serial
        log_event(e, EV_ATTACKER_ORDER, c, x, 0)


cdef void ask_damage_order(Engine* e) noexcept nogil:
    cdef Roster r
    roster_begin(e, &r)
    ask_damage_order_in(e)
    roster_end(e, &r)


cdef void ask_damage_order_in(Engine* e) noexcept nogil:
    """509.2: the next attacker with blockers not yet ordered gets the active player's
    D_DAMAGE_ORDER decision; then 509.3: the next blocker with attackers not yet ordered
    gets its controller's.  The last one left goes last without asking."""
    cdef int32_t i, o, n, step, m
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef const int32_t* lst = combat_scan(e, &m)
    for step in range(2):
        for i in range(m):
            o = lst[i]
            if not (is_attacking(e, o) if step == 0 else is_blocking(e, o)):
                continue
            n = unplaced_partners(e, o, tmp)
            if n == 1:
                place_partner(e, o, tmp[0])
            elif n >= 2:
                e.h.decision = D_DAMAGE_ORDER
                e.h.decider = e.h.active if step == 0 else e.ob[o].controller
                e.h.dctx0 = o
                return


cdef int32_t order_candidates(Engine* e, int32_t c, int32_t* out) noexcept nogil:
    """D_DAMAGE_ORDER: the partners of ``c`` not placed yet, in default order.  509.7: while
    a creature put onto the battlefield blocking ``c`` is placed, the others keep their
    relative order, so next is either the first of them not placed yet or the new one."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n = unplaced_partners(e, c, tmp), i, k = 0, new = -1
    if is_attacking(e, c) and placing_into(e, c):
        for i in range(n):
            if e.ob[tmp[i]].combat & CB_DECLARING:
                new = tmp[i]
            elif k == 0:
                out[k] = make_action(A_ORDER_BLOCKER, tmp[i], 0)
                k += 1
        if new >= 0:
            out[k] = make_action(A_ORDER_BLOCKER, new, 0)
            k += 1
        return k
    for i in range(n):
        out[i] = make_action(A_ORDER_BLOCKER if is_attacking(e, c) else A_ORDER_ATTACKER, tmp[i], 0)
    return n


cdef bint placing_into(Engine* e, int32_t a) noexcept nogil:
    """Whether a creature put onto the battlefield blocking ``a`` is being placed in its
    damage assignment order (509.7): one of its blockers carries CB_DECLARING outside a
    declaration."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n = blockers_of(e, a, tmp), i
    for i in range(n):
        if e.ob[tmp[i]].combat & CB_DECLARING:
            return True
    return False


cdef void finish_placing(Engine* e, int32_t a) noexcept nogil:
    """509.7: the placement of the new blocker of ``a`` is over (or cut short, a player
    having left): the blockers not placed yet follow in their order, the new one last."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n = unplaced_partners(e, a, tmp), i, new = -1
    for i in range(n):
        if e.ob[tmp[i]].combat & CB_DECLARING:
            new = tmp[i]
        else:
            place_partner(e, a, tmp[i])
    if new >= 0:
        place_partner(e, a, new)
    n = blockers_of(e, a, tmp)
    for i in range(n):
        e.ob[tmp[i]].combat &= ~CB_DECLARING


cdef void place_next(Engine* e, int32_t x) noexcept nogil:
    """509.2 / 509.3: ``x`` comes next in the order being declared; then the next order.
    509.7: once the new blocker is placed, the rest follow in their order."""
    cdef int32_t buf[2]
    cdef int32_t c = e.h.dctx0
    place_partner(e, c, x)
    e.h.decision = D_NONE
    if is_attacking(e, c) and placing_into(e, c):
        if order_candidates(e, c, buf) >= 2:
            e.h.decision = D_DAMAGE_ORDER
            return
        finish_placing(e, c)
    ask_damage_order(e)


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
    elif kind == A_ORDER_BLOCKER or kind == A_ORDER_ATTACKER:
        place_next(e, a)
    elif kind == A_ASSIGN_DEFAULT or kind == A_ASSIGN_POINT:
        do_assign_action(e, kind, a)
    elif kind == A_BAND:
        join_bands(e, a, b)                # 508.1e
        e.h.decision = D_DECLARE_ATTACKERS
    elif kind == A_CHOOSE_DEFENDER:
        e.h.defender_choice = a - TGT_PLAYER + 1      # 507.1
        log_event(e, EV_DEFENDER_CHOSEN, e.h.active, a - TGT_PLAYER, 0)
        e.h.decision = D_NONE


# --- permanents put onto the battlefield attacking (508.4, 506.3) ---------------------------------

cdef inline bint card_fits(Engine* e, int32_t o, int32_t kind) noexcept nogil:
    """A creature card, of the subtypes in ``kind`` (SUB_* mask; 0 = any creature card)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    return (row[CF_TYPES] & T_CREATURE) != 0 and (kind == 0 or (row[CF_SUBTYPES] & kind) != 0)


cdef void ask_choose_from_hand(Engine* e, int32_t p, int32_t kind, int32_t blocks_plus1) noexcept nogil:
    """A resolving "you may put a [kind] creature card from your hand onto the battlefield
    tapped and attacking" (``blocks_plus1`` 0) or "... blocking [attacker]" (attacker + 1):
    ``p`` chooses one such card or none (D_CHOOSE_FROM_HAND; "you may" is the choice of
    none).  Nothing to choose from: nothing happens."""
    cdef int32_t i, hand = zone_of(e, p, Z_HAND)
    if not e.pl[p].in_game:
        return
    for i in range(e.zcount[hand]):
        if card_fits(e, zone_list(e, hand)[i], kind):
            e.h.decision = D_CHOOSE_FROM_HAND
            e.h.decider = p
            e.h.dctx0 = kind
            e.h.hand_choice_blocks = blocks_plus1
            return


cdef int32_t attack_options(Engine* e, int32_t* out) noexcept nogil:
    """508.4: what a creature put onto the battlefield attacking may attack: each defending
    player and each planeswalker a defending player controls.  The defending players are
    fixed for the whole combat phase whether or not anything was declared: in two-player
    games the nonactive player (506.2), in multiplayer games the chosen opponent or every
    opponent who may be attacked (506.2a, 507.1; may_be_attacked)."""
    cdef int32_t i, o, q, n = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t defending[MAX_PLAYERS]
    for q in range(e.h.n_players):
        defending[q] = may_be_attacked(e, q)
    for q in range(e.h.n_players):
        if defending[q] and e.pl[q].in_game and q != e.h.active:
            out[n] = TGT_PLAYER + q
            n += 1
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if on_battlefield(e, o) and (obj_types(e, o) & T_PLANESWALKER) and \
                e.ob[o].controller != e.h.active and defending[e.ob[o].controller] and n < TGT_PLAYER:
            out[n] = o
            n += 1
    return n


cdef void put_onto_battlefield_attacking(Engine* e, int32_t o, int32_t p) noexcept nogil:
    """508.4: ``o`` enters the battlefield under ``p``'s control tapped and attacking; ``p``
    chooses what it attacks (D_ATTACK_WHAT when there is a choice).  It was never declared
    as an attacker, so "whenever ~ attacks" doesn't trigger (508.4, 508.2a).  506.3a-c: a
    non-creature, a creature under a player other than the attacking player, or one with
    nothing to attack enters without attacking; outside combat nothing attacks."""
    if not put_onto_battlefield(e, o, p, -1):
        return
    e.ob[o].tapped = 1
    if e.h.phase != PH_COMBAT or e.h.step < S_DECLARE_ATTACKERS or e.h.attack_slots >= e.h.cap \
            or not is_creature(e, o) or p != e.h.active:
        log_event(e, EV_ENTERS_ATTACKING, o, -1, 0)
        return
    choose_attack_target(e, o, p)


cdef void choose_attack_target(Engine* e, int32_t o, int32_t p) noexcept nogil:
    """508.4: ``p`` chooses what ``o`` attacks, a decision only when there is a choice."""
    cdef int32_t opts[TGT_PLAYER + MAX_PLAYERS]
    cdef int32_t n = attack_options(e, opts)
    if n == 0:
        log_event(e, EV_ENTERS_ATTACKING, o, -1, 0)          # 506.3c
    elif n == 1:
        make_attacking(e, o, opts[0])
    else:
        e.h.decision = D_ATTACK_WHAT
        e.h.decider = p
        e.h.dctx0 = o


cdef void make_attacking(Engine* e, int32_t o, int32_t t) noexcept nogil:
    """``o`` becomes an attacking creature attacking ``t``, with the next attack slot; it
    is unblocked unless something blocks it later (509.1h)."""
    e.ob[o].combat = CB_ATTACKING
    e.ob[o].combat_target = t
    e.ob[o].target_inc = e.ob[t].incarnation if t < TGT_PLAYER else 0
    e.ob[o].attack_slot = e.h.attack_slots
    e.h.attack_slots += 1
    if e.h.attackers_declared == 0:
        e.h.attackers_declared = 1          # 506.1 / 508.6: combat goes on with it
    log_event(e, EV_ENTERS_ATTACKING, o, t, 1)


cdef int32_t entering_combat_actions(Engine* e, ActionSink* s) noexcept nogil:
    """Answers of D_CHOOSE_FROM_HAND (first: none, the neutral default; then each card
    that fits, in hand order) and of D_ATTACK_WHAT (each option of 508.4)."""
    cdef int32_t i, n, hand = zone_of(e, e.h.decider, Z_HAND)
    cdef int32_t opts[TGT_PLAYER + MAX_PLAYERS]
    if e.h.decision == D_CHOOSE_FROM_HAND:
        emit(s, make_action(A_DECLINE, 0, 0))
        for i in range(e.zcount[hand]):
            if card_fits(e, zone_list(e, hand)[i], e.h.dctx0):
                emit(s, make_action(A_CHOOSE_CARD, zone_list(e, hand)[i], 0))
        return s.n
    n = attack_options(e, opts)
    for i in range(n):
        emit(s, make_action(A_ATTACK_WHAT, opts[i], 0))
    return s.n


cdef void do_entering_action(Engine* e, int32_t act, int32_t p) noexcept nogil:
    """Apply a legal answer of D_CHOOSE_FROM_HAND / D_ATTACK_WHAT (decision already
    cleared; ``p`` the decider, dctx0 still set)."""
    cdef int32_t kind = action_kind(act), a = action_a(act), blocks = e.h.hand_choice_blocks
    e.h.hand_choice_blocks = 0
    if kind == A_CHOOSE_CARD and blocks > 0:
        put_onto_battlefield_blocking(e, a, p, blocks - 1)
    elif kind == A_CHOOSE_CARD:
        put_onto_battlefield_attacking(e, a, p)
    elif kind == A_ATTACK_WHAT:
        make_attacking(e, e.h.dctx0, a)


# --- permanents put onto the battlefield blocking (509.7, 506.3) ---------------------------------

cdef void put_onto_battlefield_blocking(Engine* e, int32_t o, int32_t p, int32_t a) noexcept nogil:
    """509.7: ``o`` enters the battlefield under ``p``'s control blocking attacker ``a``
    (named by the effect).  It is a blocking creature, but for triggered abilities it never
    blocked (no 509.4a-b triggers); ``a`` becomes blocked if it wasn't (509.4c triggers)
    and is blocked by a creature (509.4d); the active player places it in ``a``'s damage
    assignment order (become_blocker, blockers_by_effect.pxi).  506.3a/d: a non-creature,
    or a creature whose attacker attacks neither ``p`` nor a planeswalker ``p`` controls,
    enters without blocking; so does one with no combat to block in."""
    if not put_onto_battlefield(e, o, p, -1):
        return
    if e.h.phase != PH_COMBAT or e.h.step < S_DECLARE_BLOCKERS or not is_creature(e, o) or \
            not is_attacking(e, a) or e.ob[a].attack_slot >= 32 or defending_player_of(e, a) != p:
        log_event(e, EV_ENTERS_BLOCKING, o, a, 0)
        return
    log_event(e, EV_ENTERS_BLOCKING, o, a, 1)
    become_blocker(e, o, a, True)


# --- combat damage (510) ---------------------------------------------------------------------------
# 510.1: each attacking and blocking creature assigns its combat damage.  A creature whose
# damage has more than one legal split (510.1c-d, 702.19b, 702.2c) gets a D_ASSIGN_DAMAGE
# decision for damage_assigner(): "take the default split" (A_ASSIGN_DEFAULT, always the
# first legal action) or one point at a time (A_ASSIGN_POINT, only points that can still be
# completed into a legal whole assignment, 510.1e); the assignment ends when all its damage
# is assigned (510.1a).  Creatures are asked in APNAP order of their assigning players,
# attackers before blockers, in battlefield order; what they assign waits in the pair
# table (CB_ASSIGNED) until 510.2 deals all of it at once.

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


cdef bint is_first_strike_step(Engine* e) noexcept nogil:
    """Whether the combat damage step in progress is the first-strike one (510.5)."""
    cdef int32_t i, o, m
    cdef const int32_t* lst
    if e.h.combat_damage_steps != 0:
        return False
    lst = combat_scan(e, &m)
    for i in range(m):
        o = lst[i]
        if (e.ob[o].combat & CB_HAD_STRIKE) and (is_attacking(e, o) or is_blocking(e, o)):
            return True
    return False


cdef int32_t damage_assigner(Engine* e, int32_t o) noexcept nogil:
    """The player who assigns ``o``'s combat damage (510.1): its controller, unless a
    creature with banding another player controls blocks it or is blocked by it: then
    that player does (702.21j, banding.pxi).  The one place that decides it."""
    cdef int32_t p = banding_assigner(e, o)
    return p if p >= 0 else e.ob[o].controller


cdef bint assigns_damage(Engine* e, int32_t o, bint first_step) noexcept nogil:
    """510.1a: an attacking or blocking creature with power above 0 that deals combat
    damage in this step."""
    cdef int32_t pw, tg
    if not (is_attacking(e, o) or is_blocking(e, o)) or not is_creature(e, o) or \
            not deals_in_this_step(e, o, first_step):
        return False
    power_toughness(e, o, &pw, &tg)
    return pw > 0


cdef int32_t damage_list(Engine* e, int32_t c, int32_t* rec, int32_t* rank, int32_t* row,
                         int32_t cap) noexcept nogil:
    """What ``c`` may assign its combat damage to, in its order: an unblocked attacker what
    it attacks (510.1b); a blocked one its blockers (510.1c) and with trample then what it
    attacks (702.19b, 702.19e); a blocker the attackers it blocks (510.1d).  ``rank``:
    damage may go to an element only once every element of lower rank has lethal damage
    (the seed edition's damage assignment order; in the current edition only trample's
    "blockers first").  ``row``: the pair row holding the amount, -1 none.  Returns the
    count (elements past ``cap`` are not stored)."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n, i, k = 0, t
    # 702.21j: damage a banding player assigns is divided "as they choose" among the
    # creatures, with no damage assignment order, as in the current and classic editions
    cdef bint seed = edition_of(e) == EDITION_SEED and banding_assigner(e, c) < 0
    if is_attacking(e, c):
        t = e.ob[c].combat_target if attack_target_exists(e, c) else -1
        if not (e.ob[c].combat & CB_BLOCKED):
            n = 0
        else:
            n = blockers_of(e, c, tmp)
            if n == 0 and not has_kw(e, c, KW_TRAMPLE):
                return 0
        for i in range(n):
            if k < cap:
                rec[k] = tmp[i]
                rank[k] = i if seed else 0
                row[k] = find_pair(e, c, tmp[i])
            k += 1
        if t >= 0 and (n == 0 or has_kw(e, c, KW_TRAMPLE)):
            if k < cap:
                rec[k] = t
                rank[k] = n if seed else (1 if n > 0 else 0)
                row[k] = find_pair(e, c, -1) if n > 0 else -1
            k += 1
        return k
    if is_blocking(e, c):
        n = attackers_of(e, c, tmp)
        for i in range(n):
            if k < cap:
                rec[k] = tmp[i]
                rank[k] = i if seed else 0
                row[k] = find_pair(e, tmp[i], c)
            k += 1
        return k
    return 0


cdef inline int32_t* amount_at(Engine* e, int32_t row, int32_t c) noexcept nogil:
    """The stored amount ``c`` assigns through pair row ``row``."""
    return &e.pairs[row].a_dmg if e.pairs[row].attacker == c else &e.pairs[row].b_dmg


# The damage assignment problem of one creature's component (the creatures whose damage
# can reach a recipient another one's can): each creature's elements with ranks and
# amounts so far; the recipients' lethal damage.
cdef enum:
    ASG_MAX_C = 12
    ASG_MAX_R = 16
    ASG_MAX_L = 12
    ASG_MAX_WORK = 1 << 14       # level combinations x recipient subsets (else: default split)
    ASG_OPEN = 0
    ASG_DONE = 1

ctypedef struct AsgProblem:
    int32_t nc
    int32_t nr
    int32_t cur                          # the creature being asked (index), or -1
    int32_t robj[ASG_MAX_R]              # recipient: object, or TGT_PLAYER + seat
    int64_t need[ASG_MAX_R]              # lethal damage (toughness - marked), -1: not a creature
    int32_t cobj[ASG_MAX_C]
    int64_t power[ASG_MAX_C]
    int32_t dt[ASG_MAX_C]                # deathtouch (702.2c)
    int32_t state[ASG_MAX_C]
    int32_t n[ASG_MAX_C]
    int32_t rec[ASG_MAX_C * ASG_MAX_L]   # recipient index of each element
    int32_t rank[ASG_MAX_C * ASG_MAX_L]
    int32_t row[ASG_MAX_C * ASG_MAX_L]
    int64_t amt[ASG_MAX_C * ASG_MAX_L]


cdef bint askable(Engine* e, int32_t c, bint first_step) noexcept nogil:
    """Whether ``c``'s split can be a decision: two or more elements, each with a pair row."""
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int32_t n, i
    if not assigns_damage(e, c, first_step):
        return False
    n = damage_list(e, c, rec, rank, row, ASG_MAX_L)
    if n < 2 or n > ASG_MAX_L:
        return False
    for i in range(n):
        if row[i] < 0:
            return False
    return True


cdef int32_t asg_recipient(AsgProblem* P, Engine* e, int32_t o) noexcept nogil:
    cdef int32_t i, pw, tg
    for i in range(P.nr):
        if P.robj[i] == o:
            return i
    if P.nr >= ASG_MAX_R:
        return -1
    P.robj[P.nr] = o
    P.need[P.nr] = -1
    if o < TGT_PLAYER and is_creature(e, o):
        power_toughness(e, o, &pw, &tg)
        P.need[P.nr] = tg - e.ob[o].damage if tg - e.ob[o].damage > 0 else 0
    P.nr += 1
    return P.nr - 1


cdef int32_t asg_add_creature(AsgProblem* P, Engine* e, int32_t o, bint first_step) noexcept nogil:
    """Add ``o`` to the problem; -1 if it does not fit."""
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int32_t n, i, k = P.nc, r, pw, tg
    cdef bint ask
    if k >= ASG_MAX_C:
        return -1
    n = damage_list(e, o, rec, rank, row, ASG_MAX_L)
    if n > ASG_MAX_L:
        return -1
    power_toughness(e, o, &pw, &tg)
    P.cobj[k] = o
    P.power[k] = pw
    P.dt[k] = 1 if has_kw(e, o, KW_DEATHTOUCH) else 0
    P.n[k] = n
    ask = askable(e, o, first_step)
    # a creature with one element assigns it everything; one without rows takes the
    # default at 510.2 (counted here as assigning nothing: never more permissive)
    P.state[k] = ASG_OPEN if ask and not (e.ob[o].combat & CB_ASSIGNED) else ASG_DONE
    for i in range(n):
        r = asg_recipient(P, e, rec[i])
        if r < 0:
            return -1
        P.rec[k * ASG_MAX_L + i] = r
        P.rank[k * ASG_MAX_L + i] = rank[i]
        P.row[k * ASG_MAX_L + i] = row[i]
        if ask:
            P.amt[k * ASG_MAX_L + i] = amount_at(e, row[i], o)[0]
        else:
            P.amt[k * ASG_MAX_L + i] = pw if n == 1 else 0
    P.nc += 1
    return k


cdef int32_t asg_build(Engine* e, int32_t c, AsgProblem* P) noexcept nogil:
    """The problem of ``c``'s component (P.cur = c's index).  0, or -1 when it is too big
    (then nobody in it is asked: all take the default split, which is always legal)."""
    cdef int32_t i, j, k, o, r, bf = zone_of(e, 0, Z_BATTLEFIELD), lv, ncr = 0
    cdef bint first_step = is_first_strike_step(e), changed = True, shares, any_dt = False
    cdef int64_t work = 1
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    P.nc = 0
    P.nr = 0
    P.cur = -1
    if asg_add_creature(P, e, c, first_step) < 0:
        return -1
    P.cur = 0
    while changed:
        changed = False
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if not assigns_damage(e, o, first_step):
                continue
            shares = False
            for k in range(P.nc):
                if P.cobj[k] == o:
                    shares = True
            if shares:
                continue                                  # already in
            k = damage_list(e, o, rec, rank, row, ASG_MAX_L)
            for j in range(k if k <= ASG_MAX_L else ASG_MAX_L):
                for r in range(P.nr):
                    if P.robj[r] == rec[j] and P.need[r] >= 0:
                        shares = True
            if shares:
                if asg_add_creature(P, e, o, first_step) < 0:
                    return -1
                changed = True
    for r in range(P.nr):
        ncr += 1 if P.need[r] >= 0 else 0
    for k in range(P.nc):
        if P.state[k] == ASG_OPEN:
            lv = 0
            for j in range(P.n[k]):
                if P.rank[k * ASG_MAX_L + j] + 1 > lv:
                    lv = P.rank[k * ASG_MAX_L + j] + 1
            work *= lv
            any_dt = any_dt or P.dt[k] != 0
            if work > ASG_MAX_WORK:
                return -1
    work <<= ncr * (2 if any_dt else 1)
    return 0 if work <= ASG_MAX_WORK else -1


cdef bint hall_ok(AsgProblem* P, uint32_t demand, const int64_t* d, const uint32_t* adj,
                  const int64_t* rem, uint32_t who) noexcept nogil:
    """Whether the creatures of ``who`` (bits) can give each recipient of ``demand`` its
    ``d`` (no other limits: the supply-demand theorem, every subset's demand at most what
    its neighbours have)."""
    cdef uint32_t X = demand, nb
    cdef int64_t need, have
    cdef int32_t r, k
    while X:
        need = 0
        nb = 0
        for r in range(P.nr):
            if (X >> r) & 1:
                need += d[r]
        for k in range(P.nc):
            if (who >> k) & 1 and (adj[k] & X):
                nb |= (<uint32_t>1) << k
        have = 0
        for k in range(P.nc):
            if (nb >> k) & 1:
                have += rem[k]
        if need > have:
            return False
        X = (X - 1) & demand
    return True


cdef bint asg_feasible(AsgProblem* P, int32_t lo) noexcept nogil:
    """Whether the amounts so far can be completed into a legal whole assignment (510.1e):
    each open creature's remaining damage placed so that a creature assigns to an element
    only when every element of lower rank has lethal damage, counting damage marked and
    damage all creatures assign in this step (510.1c-d, 702.19b), any damage from a
    deathtouch source being lethal (702.2c).  The creature being asked places the rest of
    its damage only on its elements from index ``lo`` on.  Each open creature's final
    level (highest rank it reaches) is enumerated; for each, the lethal demands must be
    coverable (hall_ok), a deathtouch creature covering a recipient with 1."""
    cdef int64_t T[ASG_MAX_R]
    cdef int64_t d[ASG_MAX_R]
    cdef int64_t rem[ASG_MAX_C]
    cdef int32_t base[ASG_MAX_C]
    cdef int32_t level[ASG_MAX_C]
    cdef int32_t top[ASG_MAX_C]
    cdef uint32_t adj[ASG_MAX_C]
    cdef uint32_t lethal0 = 0, dtc = 0, req, unsat, normal, dts, cover, S, reach
    cdef int32_t k, j, r, x, L
    cdef int64_t s
    cdef bint ok
    for r in range(P.nr):
        T[r] = 0
    for k in range(P.nc):
        s = 0
        base[k] = -1
        top[k] = -1
        for j in range(P.n[k]):
            x = k * ASG_MAX_L + j
            if P.amt[x] < 0:
                return False
            s += P.amt[x]
            T[P.rec[x]] += P.amt[x]
            if P.amt[x] > 0:
                if P.rank[x] > base[k]:
                    base[k] = P.rank[x]
                if P.dt[k]:
                    dtc |= (<uint32_t>1) << P.rec[x]
            if P.rank[x] > top[k]:
                top[k] = P.rank[x]
        rem[k] = P.power[k] - s
        if rem[k] < 0:
            return False
        if P.state[k] == ASG_DONE:
            rem[k] = 0
        level[k] = base[k] if base[k] >= 0 else 0
        if rem[k] > 0 and k == P.cur:
            # the lowest level from which it can still place damage at index >= lo
            while level[k] <= top[k]:
                ok = False
                for j in range(lo, P.n[k]):
                    if P.rank[k * ASG_MAX_L + j] <= level[k]:
                        ok = True
                if ok:
                    break
                level[k] += 1
            if level[k] > top[k]:
                return False
    for r in range(P.nr):
        if P.need[r] >= 0 and (T[r] >= P.need[r] or (dtc >> r) & 1):
            lethal0 |= (<uint32_t>1) << r
    while True:
        # requirements of these levels
        req = 0
        normal = 0
        dts = 0
        reach = 0
        ok = True
        for k in range(P.nc):
            L = level[k] if (rem[k] > 0 or base[k] >= 0) else -1
            adj[k] = 0
            for j in range(P.n[k]):
                x = k * ASG_MAX_L + j
                if P.rank[x] < L:
                    req |= (<uint32_t>1) << P.rec[x]
                if rem[k] > 0 and P.rank[x] <= L and (k != P.cur or j >= lo):
                    adj[k] |= (<uint32_t>1) << P.rec[x]
            if rem[k] > 0:
                if adj[k] == 0:
                    ok = False
                if P.dt[k]:
                    dts |= (<uint32_t>1) << k
                    reach |= adj[k]
                else:
                    normal |= (<uint32_t>1) << k
        unsat = req & ~lethal0
        for r in range(P.nr):
            d[r] = 0
            if (unsat >> r) & 1:
                if P.need[r] < 0:
                    ok = False
                d[r] = P.need[r] - T[r]
        if ok:
            if dts == 0:
                if hall_ok(P, unsat, d, adj, rem, normal):
                    return True
            else:
                cover = unsat & reach
                S = cover
                while True:
                    # S: the recipients deathtouch creatures cover with 1 each
                    for r in range(P.nr):
                        if (S >> r) & 1:
                            d[r] = 1
                    if hall_ok(P, S, d, adj, rem, dts):
                        for r in range(P.nr):
                            if (S >> r) & 1:
                                d[r] = P.need[r] - T[r]
                        if hall_ok(P, unsat & ~S, d, adj, rem, normal):
                            return True
                    for r in range(P.nr):
                        if (S >> r) & 1:
                            d[r] = P.need[r] - T[r]
                    if S == 0:
                        break
                    S = (S - 1) & cover
        # next combination of levels (open creatures with damage left)
        k = 0
        while k < P.nc:
            if rem[k] > 0 and level[k] < top[k]:
                level[k] += 1
                break
            if rem[k] > 0:
                level[k] = base[k] if base[k] >= 0 else 0
                if k == P.cur:
                    while level[k] < top[k]:
                        ok = False
                        for j in range(lo, P.n[k]):
                            if P.rank[k * ASG_MAX_L + j] <= level[k]:
                                ok = True
                        if ok:
                            break
                        level[k] += 1
            k += 1
        if k >= P.nc:
            return False


cdef int64_t asg_left(AsgProblem* P, int32_t k) noexcept nogil:
    cdef int64_t s = 0
    cdef int32_t j
    for j in range(P.n[k]):
        s += P.amt[k * ASG_MAX_L + j]
    return P.power[k] - s


cdef bint asg_lethal(AsgProblem* P, int32_t r) noexcept nogil:
    """Whether recipient ``r`` has lethal damage with the amounts so far."""
    cdef int64_t t = 0
    cdef int32_t k, j, x
    if P.need[r] < 0:
        return False
    for k in range(P.nc):
        for j in range(P.n[k]):
            x = k * ASG_MAX_L + j
            if P.rec[x] == r:
                t += P.amt[x]
                if P.dt[k] and P.amt[x] > 0:
                    return True
    return t >= P.need[r]


cdef bint asg_try(AsgProblem* P, int32_t x, int64_t amount) noexcept nogil:
    """Add ``amount`` at element ``x`` of the creature being asked if that can still be
    completed; else change nothing."""
    P.amt[x] += amount
    if asg_feasible(P, 0):
        return True
    P.amt[x] -= amount
    return False


cdef void asg_default(AsgProblem* P) noexcept nogil:
    """The default split of the creature being asked (from what it assigned so far): lethal
    damage to each element in order (510.1c-d; 1 with deathtouch, 702.2c), then the rest
    to the last element (what a trampler attacks, 702.19b); a step that could not be
    completed into a legal whole (510.1e) goes to the next element that can."""
    cdef int32_t k = P.cur, j, x, r
    cdef int64_t left = asg_left(P, k), give
    cdef bint placed
    while left > 0:
        placed = False
        for j in range(P.n[k]):
            x = k * ASG_MAX_L + j
            r = P.rec[x]
            if P.need[r] < 0 or asg_lethal(P, r) or j == P.n[k] - 1:
                continue
            give = 1 if P.dt[k] else P.need[r] - asg_total(P, r)
            if give > left:
                give = left
            if give > 0 and (asg_try(P, x, give) or asg_try(P, x, 1)):
                placed = True
                break
        if not placed:
            x = k * ASG_MAX_L + P.n[k] - 1
            if not asg_try(P, x, left):
                for j in range(P.n[k]):
                    if asg_try(P, k * ASG_MAX_L + j, 1):
                        placed = True
                        break
                if not placed:
                    return                      # never: the problem had a completion
        left = asg_left(P, k)


cdef int64_t asg_total(AsgProblem* P, int32_t r) noexcept nogil:
    cdef int64_t t = 0
    cdef int32_t k, j
    for k in range(P.nc):
        for j in range(P.n[k]):
            if P.rec[k * ASG_MAX_L + j] == r:
                t += P.amt[k * ASG_MAX_L + j]
    return t


cdef bint asg_several_splits(AsgProblem* P) noexcept nogil:
    """Whether the creature being asked has more than one legal split from here: its
    default split S is one; another exists iff some element can get more than S gives it."""
    cdef int64_t saved[ASG_MAX_L]
    cdef int64_t dflt[ASG_MAX_L]
    cdef int32_t k = P.cur, j, i
    cdef bint several = False
    for j in range(P.n[k]):
        saved[j] = P.amt[k * ASG_MAX_L + j]
    asg_default(P)
    for j in range(P.n[k]):
        dflt[j] = P.amt[k * ASG_MAX_L + j]
    for j in range(P.n[k]):
        if several:
            break
        for i in range(P.n[k]):
            P.amt[k * ASG_MAX_L + i] = saved[i]
        P.amt[k * ASG_MAX_L + j] = dflt[j] + 1          # the default extends what was assigned
        if asg_left(P, k) >= 0 and asg_feasible(P, 0):
            several = True
    for i in range(P.n[k]):
        P.amt[k * ASG_MAX_L + i] = saved[i]
    return several


cdef void store_amounts(Engine* e, AsgProblem* P) noexcept nogil:
    """Write the amounts of the creature being asked back into its pair rows."""
    cdef int32_t k = P.cur, j, x
    for j in range(P.n[k]):
        x = k * ASG_MAX_L + j
        amount_at(e, P.row[x], P.cobj[k])[0] = <int32_t>P.amt[x]


cdef void finish_assignment(Engine* e, int32_t c, bint decided) noexcept nogil:
    """``c``'s combat damage is assigned; a decided split is logged (510.1c-d)."""
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int32_t n, i
    e.ob[c].combat |= CB_ASSIGNED
    if decided:
        n = damage_list(e, c, rec, rank, row, ASG_MAX_L)
        for i in range(n if n <= ASG_MAX_L else ASG_MAX_L):
            if row[i] >= 0 and amount_at(e, row[i], c)[0] > 0:
                log_event(e, EV_TRAMPLE_ASSIGNED if e.pairs[row[i]].blocker < 0 else
                          EV_DAMAGE_ASSIGNED if is_attacking(e, c) else EV_BLOCKER_ASSIGNED,
                          c, rec[i], amount_at(e, row[i], c)[0])


cdef void ask_next_assignment(Engine* e) noexcept nogil:
    cdef Roster r
    roster_begin(e, &r)
    ask_next_assignment_in(e)
    roster_end(e, &r)


cdef void ask_next_assignment_in(Engine* e) noexcept nogil:
    """510.1: the next creature (APNAP order of assigning players, attackers first) whose
    damage has several legal splits gets D_ASSIGN_DAMAGE; one with a single legal split
    takes it.  When none is left, 510.2 deals all the damage.  The battlefield is scanned
    once for the creatures still to assign (assigning one changes no other's turn)."""
    cdef AsgProblem P
    cdef int32_t j, p, i, o, k, cls, n = 0, m
    cdef int32_t todo[TGT_PLAYER]                # the creatures in combat still to assign
    cdef int32_t todo_cls[TGT_PLAYER]            # 2 * (APNAP rank of the assigner) + blocker
    cdef bint first_step = is_first_strike_step(e)
    cdef const int32_t* lst = combat_scan(e, &m)
    for i in range(m):
        o = lst[i]
        if e.ob[o].combat & CB_ASSIGNED or not (is_attacking(e, o) or is_blocking(e, o)):
            continue
        todo[n] = o
        todo_cls[n] = 2 * ((damage_assigner(e, o) - e.h.active + e.h.n_players) % e.h.n_players) \
            + (0 if is_attacking(e, o) else 1)
        n += 1
    for cls in range(2 * e.h.n_players):
        for k in range(n):
            if todo_cls[k] != cls:
                continue
            o = todo[k]
            if not askable(e, o, first_step) or asg_build(e, o, &P) < 0:
                continue                          # too big: the default split at 510.2
            if asg_several_splits(&P):
                e.h.decision = D_ASSIGN_DAMAGE
                e.h.decider = damage_assigner(e, o)
                e.h.dctx0 = o
                return
            asg_default(&P)
            store_amounts(e, &P)
            finish_assignment(e, o, False)
    deal_combat_damage(e, first_step)


cdef void do_assign_action(Engine* e, int32_t kind, int32_t a) noexcept nogil:
    """A_ASSIGN_DEFAULT: the default split; A_ASSIGN_POINT: 1 more to recipient ``a``."""
    cdef AsgProblem P
    cdef int32_t c = e.h.dctx0, j, x
    e.h.decision = D_NONE
    if asg_build(e, c, &P) < 0:
        finish_assignment(e, c, False)
        ask_next_assignment(e)
        return
    if kind == A_ASSIGN_DEFAULT:
        for j in range(P.n[0]):
            P.amt[j] = 0
        asg_default(&P)
    else:
        for j in range(P.n[0]):
            if P.robj[P.rec[j]] == a:
                P.amt[j] += 1
                break
    store_amounts(e, &P)
    if asg_left(&P, 0) > 0:
        e.h.decision = D_ASSIGN_DAMAGE
        return
    finish_assignment(e, c, True)
    ask_next_assignment(e)


cdef void assign_legal_actions(Engine* e, ActionSink* s) noexcept nogil:
    """D_ASSIGN_DAMAGE: the default split first, then each recipient that 1 more point can
    go to with the whole assignment still completable (510.1c-e)."""
    cdef AsgProblem P
    cdef int32_t c = e.h.dctx0, j
    emit(s, make_action(A_ASSIGN_DEFAULT, c, 0))
    if asg_build(e, c, &P) < 0 or asg_left(&P, 0) <= 0:
        return
    for j in range(P.n[0]):
        P.amt[j] += 1
        if asg_feasible(&P, 0):
            emit(s, make_action(A_ASSIGN_POINT, P.robj[P.rec[j]], c))
        P.amt[j] -= 1


cdef void emit_stored(Engine* e, DamageList* L, int32_t c) noexcept nogil:
    """The assigned damage of ``c`` from its pair rows (already counted in marks)."""
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int32_t n = damage_list(e, c, rec, rank, row, ASG_MAX_L), i, amount
    for i in range(n if n <= ASG_MAX_L else ASG_MAX_L):
        if row[i] < 0:
            continue
        amount = amount_at(e, row[i], c)[0]
        if amount > 0 and L.n < CMB_MAX_EVENTS:
            L.src[L.n] = c
            L.dst[L.n] = rec[i]
            L.amount[L.n] = amount
            L.n += 1


cdef void combat_damage_step(Engine* e) noexcept nogil:
    """510.1 each attacking and blocking creature assigns combat damage equal to its power
    (decisions where a split is a choice); 510.2 all of it is dealt at once.  510.5: with
    first or double strike in combat, this step deals only theirs and a second combat
    damage step follows."""
    cdef int32_t i, o, cur, n, m
    cdef bint first_step = False
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef Roster r
    cdef const int32_t* lst
    roster_begin(e, &r)                         # the step's scans read the creatures in combat
    lst = combat_scan(e, &m)
    if e.h.combat_damage_steps == 0:
        for i in range(m):
            o = lst[i]
            if (is_attacking(e, o) or is_blocking(e, o)) and \
                    has_kw(e, o, KW_FIRST_STRIKE | KW_DOUBLE_STRIKE):
                e.ob[o].combat |= CB_HAD_STRIKE
                first_step = True
        if first_step:
            cur = e.plan[e.h.plan_pos]
            plan_insert(e, e.h.plan_pos + 1, entry(S_COMBAT_DAMAGE, entry_phase(cur),
                                                   entry_serial(cur), 0))
    # 702.19b: a row for what a blocked trampler assigns to what it attacks
    for i in range(m):
        o = lst[i]
        if is_attacking(e, o) and (e.ob[o].combat & CB_BLOCKED) and has_kw(e, o, KW_TRAMPLE) \
                and attack_target_exists(e, o) and find_pair(e, o, -1) < 0:
            n = blockers_of(e, o, tmp)
            if n > 0:
                add_pair(e, o, -1, 0, 0)
    ask_next_assignment(e)
    roster_end(e, &r)


cdef void deal_combat_damage(Engine* e, bint first_step) noexcept nogil:
    """510.2: every creature's assigned damage (the default split for those not asked) is
    dealt at once."""
    cdef DamageList L
    cdef int32_t i, o, n, pw, tg, t, j, a, r, m
    cdef const int32_t* lst = combat_scan(e, &m)
    cdef int32_t order[CMB_MAX_BLOCKERS]
    L.n = 0
    # stored splits count as assigned for the defaults' lethal checks (510.1c-d)
    for r in range(e.h.pairs_n):
        if e.pairs[r].blocker >= 0:
            e.ob[e.pairs[r].blocker].mark += e.pairs[r].a_dmg
            e.ob[e.pairs[r].attacker].mark += e.pairs[r].b_dmg
    # attackers (510.1a-c)
    for i in range(m):
        o = lst[i]
        if not is_attacking(e, o) or not is_creature(e, o) or not deals_in_this_step(e, o, first_step):
            continue
        power_toughness(e, o, &pw, &tg)
        if pw <= 0:
            continue
        t = e.ob[o].combat_target if attack_target_exists(e, o) else -1
        if first_step:
            e.ob[o].combat |= CB_DEALT_FIRST
        if e.ob[o].combat & CB_ASSIGNED:
            emit_stored(e, &L, o)
            continue
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
    # blockers (510.1d): the attackers they block, in their order (509.3)
    for i in range(m):
        o = lst[i]
        if not is_blocking(e, o) or not is_creature(e, o) or not deals_in_this_step(e, o, first_step):
            continue
        power_toughness(e, o, &pw, &tg)
        if pw <= 0:
            continue
        if first_step:
            e.ob[o].combat |= CB_DEALT_FIRST
        if e.ob[o].combat & CB_ASSIGNED:
            emit_stored(e, &L, o)
            continue
        n = attackers_of(e, o, order)
        assign_in_order(e, &L, o, pw, order, n, -1)
    for i in range(L.n):
        if L.dst[i] < TGT_PLAYER:
            e.ob[L.dst[i]].mark = 0
    for r in range(e.h.pairs_n):
        if e.pairs[r].blocker >= 0:
            e.ob[e.pairs[r].blocker].mark = 0
            e.ob[e.pairs[r].attacker].mark = 0
        e.pairs[r].a_dmg = 0
        e.pairs[r].b_dmg = 0
    for i in range(m):                          # (only creatures in combat assign)
        e.ob[lst[i]].combat &= ~CB_ASSIGNED
    deal_or_stack_combat_damage(e, &L, first_step)
    e.h.combat_damage_steps += 1


cdef void deal_or_stack_combat_damage(Engine* e, DamageList* L, bint first_step) noexcept nogil:
    """The assigned combat damage of this step, ``L``, is dealt: 510.2, all of it at once
    (no state-based actions in between).  Classic edition: it is put on the stack as one
    object instead, and dealt when that resolves (resolve_combat_damage)."""
    cdef int32_t i
    if edition_of(e) == EDITION_CLASSIC:
        put_combat_damage_on_stack(e, L, first_step)
        return
    log_event(e, EV_COMBAT_DAMAGE, L.n, 1 if first_step else 0, 0)
    e.combat_damage_now = 1                 # 615.1: what "prevent all combat damage" reads
    for i in range(L.n):
        deal_damage(e, L.src[i], L.dst[i], L.amount[i])
    e.combat_damage_now = 0
    queue_combat_damage_triggers(e, L.src, L.dst, L.n)        # 510.3


cdef void queue_combat_damage_triggers(Engine* e, const int32_t* src, const int32_t* dst,
                                       int32_t n) noexcept nogil:
    """510.3: "whenever ~ deals combat damage to a player / to a creature" for each of the
    ``n`` assignments just dealt (each was more than 0): once per player or creature dealt
    damage, which becomes "that player" / "that creature" (603.2).  "Deals damage to an
    opponent" triggered as the damage was dealt (deal_damage)."""
    cdef int32_t i
    if not (bf_kinds(e) & (1 << AB_TRIGGERED)):
        return
    for i in range(n):
        queue_combat_damage_trigger(e, src[i], dst[i])


cdef inline void queue_combat_damage_trigger(Engine* e, int32_t src, int32_t dst) noexcept nogil:
    if not has_trigger_kinds(e, src):
        return
    if dst >= TGT_PLAYER:
        queue_object_triggers(e, src, TRIG_COMBAT_DAMAGE_PLAYER, dst)
    elif is_creature(e, dst):
        queue_object_triggers(e, src, TRIG_COMBAT_DAMAGE_CREATURE, dst)


cdef void sort_by_slot(Engine* e, int32_t* a, int32_t n) noexcept nogil:
    cdef int32_t i, j, t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and e.ob[a[j]].attack_slot > e.ob[t].attack_slot:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


# --- classic edition: combat damage uses the stack ----------------------------------------------
# The older rules (seeds/002, "combat damage step"): once all combat damage is assigned it
# goes on the stack as one object; players get priority with it there, and whatever happens
# to the creatures no longer changes it.  When it resolves all of it is dealt at once.
# Damage from a source that has left the battlefield is still dealt; damage assigned to a
# creature (or planeswalker) that has left the battlefield, or to a player who has left the
# game, is not.  The source's abilities that change what its damage does (lifelink,
# deathtouch, infect, wither: 120.3, 702) and its controller are read as the damage is
# dealt when the source is still on the battlefield (the same object), otherwise as it last
# existed there (last known information, recorded as it leaves).  Damage of a source whose
# controller has since left the game is not dealt (800.4a: their objects are gone).
#
# At most one such object exists: it is put on an empty stack as the combat damage step
# begins (so it is always stack entry 0), and the step can't end before it has resolved.
# Its assignments are the rows 0 .. combat_damage_n - 1 of the combat damage section.

cdef void put_combat_damage_on_stack(Engine* e, DamageList* L, bint first_step) noexcept nogil:
    cdef int32_t i, s, src
    cdef CombatDamage* row
    if L.n == 0:
        return                              # nothing assigned: nothing goes on the stack
    if L.n > combat_damage_cap(e.h.flags, e.h.cap):
        abort_game(e, ABORT_COMBAT_DAMAGE)
        return
    s = push_stack(e, SK_COMBAT_DAMAGE, 0, e.h.active, -1, 0)
    if s < 0:
        return
    e.stack[s].obj_inc = 0
    for i in range(L.n):
        src = L.src[i]
        row = &e.cd[i]
        row.source = src
        row.source_inc = e.ob[src].incarnation
        row.target = L.dst[i]
        row.target_inc = e.ob[L.dst[i]].incarnation if L.dst[i] < TGT_PLAYER else 0
        row.amount = L.amount[i]
        row.keywords = keywords_of(e, src)
        row.controller = e.ob[src].controller
        row.first_strike = 1 if first_step else 0
    e.h.combat_damage_n = L.n
    log_event(e, EV_COMBAT_DAMAGE_ON_STACK, L.n, 1 if first_step else 0, 0)


cdef void combat_damage_source_leaves(Engine* e, int32_t o) noexcept nogil:
    """``o`` is leaving the battlefield while combat damage is on the stack: record its
    keywords and controller as it last existed there (called by move_object)."""
    cdef int32_t i
    cdef CombatDamage* row
    for i in range(e.h.combat_damage_n):
        row = &e.cd[i]
        if row.source == o and row.source_inc == e.ob[o].incarnation:
            row.keywords = keywords_of(e, o)
            row.controller = e.ob[o].controller


cdef void resolve_combat_damage(Engine* e) noexcept nogil:
    """The combat damage object resolves (its stack entry is already removed): every
    assignment whose target is still there is dealt, all at once (510.2)."""
    cdef int32_t i, n = e.h.combat_damage_n, src, t, kw, ctrl
    cdef bint there
    cdef CombatDamage* row
    e.h.combat_damage_n = 0
    log_event(e, EV_COMBAT_DAMAGE, n, e.cd[0].first_strike if n > 0 else 0, 1)
    for i in range(n):
        row = &e.cd[i]
        src = row.source
        t = row.target
        if t >= TGT_PLAYER:
            if not e.pl[t - TGT_PLAYER].in_game:
                continue
        elif not on_battlefield(e, t) or e.ob[t].incarnation != row.target_inc:
            log_event(e, EV_COMBAT_DAMAGE_LOST, src, t, row.amount)
            continue
        there = on_battlefield(e, src) and e.ob[src].incarnation == row.source_inc
        if there:
            kw = keywords_of(e, src)
            ctrl = e.ob[src].controller
        else:
            kw = row.keywords
            ctrl = row.controller
        if not e.pl[ctrl].in_game:
            continue
        e.combat_damage_now = 1             # 615.1
        deal_damage_as(e, src, t, row.amount, kw, ctrl)
        e.combat_damage_now = 0
        if there and bf_kinds(e) & (1 << AB_TRIGGERED):
            # 510.3 / 603.2: a source still on the battlefield triggers on the damage it
            # dealt; one that has left has no abilities to trigger any more
            queue_combat_damage_trigger(e, src, t)


# --- end of combat (511) ----------------------------------------------------------------------

cdef void clear_combat(Engine* e) noexcept nogil:
    """511.3: everything is removed from combat as the combat phase ends.  Only permanents
    can be in combat (one that leaves the battlefield leaves combat, remove_from_combat),
    so only the battlefield is cleared; debug builds check the rest."""
    cdef int32_t i, o, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef Obj* ob
    if MTG_CORE_DEBUG:
        for o in range(e.h.n_objects):
            if zone_kind(e, e.ob[o].zone) != Z_BATTLEFIELD and (e.ob[o].combat or
                    e.ob[o].combat_target != -1 or e.ob[o].block_mask or e.ob[o].band or
                    e.ob[o].attack_slot or e.ob[o].target_inc):
                debug_fail(b"clear_combat: an object off the battlefield is still in combat (506.4)")
    # remove_from_combat of each, less its planeswalker step: that step only retargets
    # attackers of a planeswalker (506.4c), and every attacker leaves combat here too
    for i in range(e.zcount[bf]):
        ob = &e.ob[zone_list(e, bf)[i]]
        if ob.combat == 0 and ob.combat_target == -1:
            continue
        ob.combat = 0
        ob.combat_target = -1
        ob.target_inc = 0
        ob.attack_slot = 0
        ob.block_mask = 0
        ob.dmg_order = 0
        ob.band = 0
    e.h.defender_choice = 0
    e.h.attackers_declared = 0
    e.h.combat_damage_steps = 0
    e.h.attack_slots = 0
    e.h.order_serial = 0
    e.h.decl_max = 0
    for o in range(e.h.pairs_n):
        e.pairs[o].attacker = 0
        e.pairs[o].blocker = 0
        e.pairs[o].a_pos = 0
        e.pairs[o].b_pos = 0
        e.pairs[o].a_dmg = 0
        e.pairs[o].b_dmg = 0
    e.h.pairs_n = 0


cdef int32_t combat_why_illegal(Engine* e, int32_t act) noexcept nogil:
    """Why a combat action is not legal now (the action is not among combat_legal_actions)."""
    cdef int32_t kind = action_kind(act), a = action_a(act), b = action_b(act)
    if e.h.decision == D_DAMAGE_ORDER:
        return E_BAD_CHOICE if kind == A_ORDER_BLOCKER or kind == A_ORDER_ATTACKER else E_WRONG_KIND
    if e.h.decision == D_ASSIGN_DAMAGE:
        return E_BAD_CHOICE if kind == A_ASSIGN_POINT or kind == A_ASSIGN_DEFAULT else E_WRONG_KIND
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
    if d == D_CHOOSE_FROM_HAND:
        if e.pl[e.h.decider].in_game:                  # their hand is as it was
            ask_choose_from_hand(e, e.h.decider, e.h.dctx0, e.h.hand_choice_blocks)
        else:
            e.h.hand_choice_blocks = 0
        return
    if d == D_ATTACK_WHAT:                             # the options may have changed
        o = e.h.dctx0
        if on_battlefield(e, o) and e.pl[e.ob[o].controller].in_game and \
                (e.ob[o].combat & CB_ATTACKING) == 0:
            choose_attack_target(e, o, e.ob[o].controller)
        return
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
    if d == D_ASSIGN_DAMAGE:
        # 510.1e: the assignments start again from nothing with the creatures left
        for o in range(e.h.pairs_n):
            e.pairs[o].a_dmg = 0
            e.pairs[o].b_dmg = 0
        for o in range(e.h.n_objects):
            e.ob[o].combat &= ~CB_ASSIGNED
        if e.h.result == R_ONGOING:
            ask_next_assignment(e)
        return
    o = e.h.dctx0                                       # D_DAMAGE_ORDER
    if 0 <= o < e.h.n_objects and is_attacking(e, o) and placing_into(e, o):
        finish_placing(e, o)                            # 509.7 cut short
    ask_damage_order(e)                                 # the orders left


cdef void combat_at_game_end(Engine* e, int32_t d) noexcept nogil:
    """The game ended (104.2a, 104.3a, 104.4a) while decision ``d`` of combat was pending:
    nothing is asked again, and what the decision had made so far is not kept -- a partial
    declaration (508.1, 509.1), damage assigned but not dealt (510.1), a creature named to
    block from a hand (509.7), a blocker being placed in an order (509.7)."""
    cdef int32_t o
    if d == D_DECLARE_ATTACKERS or d == D_DECLARE_BLOCKERS:
        e.h.decl_max = 0
        for o in range(e.h.n_objects):
            if e.ob[o].combat & CB_DECLARING:
                e.ob[o].combat = 0
                e.ob[o].combat_target = -1
                e.ob[o].target_inc = 0
                e.ob[o].band = 0
                e.ob[o].block_mask = 0
                e.ob[o].dmg_order = 0
    elif d == D_ASSIGN_DAMAGE:
        for o in range(e.h.pairs_n):
            e.pairs[o].a_dmg = 0
            e.pairs[o].b_dmg = 0
        for o in range(e.h.n_objects):
            e.ob[o].combat &= ~CB_ASSIGNED
    elif d == D_CHOOSE_FROM_HAND:
        e.h.hand_choice_blocks = 0
    elif d == D_DAMAGE_ORDER:
        o = e.h.dctx0
        if 0 <= o < e.h.n_objects and is_attacking(e, o) and placing_into(e, o):
            finish_placing(e, o)


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
