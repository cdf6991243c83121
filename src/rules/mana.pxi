# Mana: pools (106.4), mana abilities (605) and paying costs (601.2g-h).
#
# A cost is 7 ints: generic, then W U B R G C pips.  Paying is automatic: floating mana
# is spent first, then untapped mana sources are tapped (lands before creatures).
# Whether a cost can be paid is a bipartite matching of coloured pips to mana units,
# so dual-coloured sources are handled exactly, not greedily.  A cost's hybrid pips
# (107.4e: {W/U} is paid with W or U) are a separate word (hybrid.pxi): each pip has a
# colour MASK, so a hybrid pip is one more pip of the same matching.

cpdef enum:
    MAX_UNITS = 512          # costs above this many mana can't be paid

ctypedef struct ManaUnit:
    int32_t mask        # colours this unit can be
    int32_t obj         # source object, -1 for mana already in the pool
    int32_t ability     # mana ability row
    int32_t amount      # mana the source makes when tapped


cdef int32_t mana_ability_of(Engine* e, int32_t o) noexcept nogil:
    """First tap-only mana ability of ``o`` (basic lands, mana creatures), or -1."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, ab
    for i in range(row[CF_ABILITY_COUNT]):
        ab = row[CF_ABILITY_START] + i
        if ability_row(e, ab)[AF_KIND] == AB_MANA and automatic_mana_ability(ability_row(e, ab)):
            return granted_mana_ability(e, o, ab) if grants_on_board(e) else ab
    if grants_on_board(e):
        return granted_mana_ability(e, o, -1)      # grants.pxi: "Enchanted land has "{T}: Add ...""
    return -1


cdef inline bint automatic_mana_ability(const int32_t* ab) noexcept nogil:
    """605.1a: automatic payment activates only mana abilities whose cost is
    {T} (and "Sacrifice ~", a Treasure); those with other costs ("{1}, {T}", "Pay 1 life",
    "Sacrifice ~" alone) are activated by the player (A_ACTIVATE_MANA) before paying."""
    cdef int32_t f = ab[AF_COST_FLAGS]
    if not (f & COST_TAP) or (f & ~(COST_TAP | COST_SAC_SELF)):
        return False                    # (discard and life costs are flags too)
    # no mana in the cost and no other cost (has_other_costs): one OR of the words
    return (ab[AF_COST_GENERIC] | ab[AF_COST_GENERIC + 1] | ab[AF_COST_GENERIC + 2]
            | ab[AF_COST_GENERIC + 3] | ab[AF_COST_GENERIC + 4] | ab[AF_COST_GENERIC + 5]
            | ab[AF_COST_GENERIC + 6] | ab[AF_SAC_COST] | ab[AF_TAP_COST] | ab[AF_COUNTER_COST]
            | ab[AF_OTHER_COST] | ab[AF_MANA_SELF_DAMAGE] | ab[AF_MANA_EXTRA]) == 0


cdef inline bint mana_source_ready(Engine* e, int32_t o, int32_t player) noexcept nogil:
    return (on_battlefield(e, o) and e.ob[o].controller == player and not e.ob[o].tapped
            and can_attack_or_tap_now(e, o) and not lost_all_abilities(e, o))   # 613.1f


cdef int32_t collect_units(Engine* e, int32_t player, int32_t exclude, ManaUnit* units,
                           int32_t need) noexcept nogil:
    """Pool mana first, then lands, then other sources: the order payment prefers.
    No cost of ``need`` mana can use more than ``need`` units of one colour set, so no more
    are collected (that keeps huge pools and boards within MAX_UNITS)."""
    cdef int32_t n = 0, c, k, i, o, ab, n_later = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t* lst = zone_list(e, bf)
    cdef const int32_t* row
    cdef bint lay = layers_on_board(e), grant = grants_on_board(e)
    cdef int32_t per_mask[64]
    cdef int32_t later[TGT_PLAYER]          # ready non-land (or self-sacrificing) sources
    for c in range(64):
        per_mask[c] = 0
    for c in range(N_MANA):
        for k in range(e.pl[player].mana[c] if e.pl[player].mana[c] < need else need):
            if n < MAX_UNITS:
                units[n].mask = 1 << c; units[n].obj = -1; units[n].ability = -1
                units[n].amount = 1
                n += 1
        per_mask[1 << c] = e.pl[player].mana[c] if e.pl[player].mana[c] < need else need
    # One scan: lands are added as found, the other sources after them (the cheap card
    # test first: most permanents have no mana ability).
    for i in range(e.zcount[bf]):
        o = lst[i]
        # the object's own fields first (part of mana_source_ready), then the card's
        if o == exclude or e.ob[o].controller != player or e.ob[o].tapped or e.ob[o].phased_out:
            continue
        row = card_row(e, e.ob[o].card)
        if not (row[CF_ABILITY_KINDS] & (1 << AB_MANA)) and not grant:
            continue
        if not lay and (row[CF_TYPES] & (T_LAND | T_CREATURE)) == T_LAND:
            # the layer system idle, a noncreature land is ready (302.6 binds creatures
            # only, nothing removes abilities): mana_source_ready's other tests pass
            ab = mana_ability_of(e, o)
            if not ability_sacrifices_self(e, ab):
                n = add_source_units(e, o, ab, units, n, per_mask, need)
                continue
        elif not mana_source_ready(e, o, player):
            continue
        ab = mana_ability_of(e, o)
        if obj_types(e, o) & T_LAND and not ability_sacrifices_self(e, ab):
            n = add_source_units(e, o, ab, units, n, per_mask, need)
        else:
            later[n_later] = o
            n_later += 1
    # other sources, then those that sacrifice themselves (Treasure) last
    for i in range(n_later):
        if not sacrifices_itself(e, later[i]):
            n = add_source_units(e, later[i], mana_ability_of(e, later[i]), units, n, per_mask, need)
    for i in range(n_later):
        if sacrifices_itself(e, later[i]):
            n = add_source_units(e, later[i], mana_ability_of(e, later[i]), units, n, per_mask, need)
    return n


cdef inline bint ability_sacrifices_self(Engine* e, int32_t ab) noexcept nogil:
    """Mana ability ``ab`` (-1: none) sacrifices its source (a Treasure)."""
    return ab >= 0 and (ability_row(e, ab)[AF_COST_FLAGS] & COST_SAC_SELF) != 0


cdef inline bint sacrifices_itself(Engine* e, int32_t o) noexcept nogil:
    """A mana source whose ability sacrifices it (a Treasure): payment uses it last."""
    return ability_sacrifices_self(e, mana_ability_of(e, o))


cdef inline int32_t source_colors(Engine* e, int32_t o, int32_t ab) noexcept nogil:
    """The colours automatic payment may take from source ``o`` whose first tap-only mana
    ability is ``ab``: its colours and, when it makes one mana, those of the source's other
    tap-only abilities that make one mana each ("{T}: Add {U}." and "{T}: Add {B}." of a
    dual land, or the two its basic land types give it, 305.6): the player activates
    whichever makes the colour needed (605.3), the same cost for the same one mana."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef const int32_t* a = ability_row(e, ab)
    cdef int32_t mask = a[AF_MANA_COLORS] & 63, first = row[CF_ABILITY_START], k
    if row[CF_ABILITY_COUNT] < 2 or a[AF_MANA_AMOUNT] != 1 or (a[AF_COST_FLAGS] & COST_SAC_SELF) \
            or not first <= ab < first + row[CF_ABILITY_COUNT]:     # (a granted one: its own)
        return mask
    for k in range(ab + 1, first + row[CF_ABILITY_COUNT]):
        a = ability_row(e, k)
        if a[AF_KIND] == AB_MANA and automatic_mana_ability(a) and a[AF_MANA_AMOUNT] == 1 \
                and not (a[AF_COST_FLAGS] & COST_SAC_SELF):
            mask |= a[AF_MANA_COLORS] & 63
    return mask


cdef inline int32_t add_source_units(Engine* e, int32_t o, int32_t ab, ManaUnit* units, int32_t n,
                                     int32_t* per_mask, int32_t need) noexcept nogil:
    """collect_units: the units of one ready source ``o`` (its mana ability ``ab``,
    mana_ability_of) after the first ``n``."""
    cdef int32_t mask, amount, k
    if ab < 0:
        return n
    mask = source_colors(e, o, ab)
    amount = ability_row(e, ab)[AF_MANA_AMOUNT]
    # Units of one colour set are interchangeable, so ``need`` of them are enough.
    # Not so for a source making several mana of one chosen colour ("{W}{W} or
    # {G}{G}"): its units aren't independent (one colour for all of them), so it
    # neither counts toward that bound nor is left out by it.
    if amount > 1 and several_colours(mask):
        pass
    elif per_mask[mask] >= need:
        return n
    else:
        per_mask[mask] += amount
    for k in range(ability_row(e, ab)[AF_MANA_AMOUNT]):
        if n < MAX_UNITS:
            units[n].mask = mask
            units[n].obj = o; units[n].ability = ab
            units[n].amount = ability_row(e, ab)[AF_MANA_AMOUNT]
            n += 1
    return n


cdef bint _augment(int32_t pip, const int32_t* pip_mask, ManaUnit* units, int32_t n_units,
                   int32_t* unit_pip, bint* seen) noexcept nogil:
    cdef int32_t u
    for u in range(n_units):
        if seen[u] or not (units[u].mask & pip_mask[pip]):
            continue
        seen[u] = True
        if unit_pip[u] < 0 or _augment(unit_pip[u], pip_mask, units, n_units, unit_pip, seen):
            unit_pip[u] = pip
            return True
    return False


cdef bint match_cost(Engine* e, int32_t player, const int32_t* cost, int32_t hybrid,
                     int32_t exclude, ManaUnit* units, int32_t* n_units,
                     int32_t* unit_pip) noexcept nogil:
    """Assign mana units to the cost and its ``hybrid`` pips (hybrid.pxi; 0: none);
    unit_pip[u] = pip index (pip_masks order), -2 generic, -1 unused.
    Sources that make several mana of one chosen colour get their colour fixed in
    ``units`` (the payment then taps them for it)."""
    n_units[0] = collect_units(e, player, exclude, units, cost_size(cost) + hybrid_count(hybrid))
    return match_with_choices(units, n_units[0], cost, hybrid, unit_pip, 0, True)


cdef inline int32_t cost_size(const int32_t* cost) noexcept nogil:
    return cost[0] + cost[1] + cost[2] + cost[3] + cost[4] + cost[5] + cost[6]


cdef inline bint several_colours(int32_t mask) noexcept nogil:
    return (mask & (mask - 1)) != 0


cdef bint match_with_choices(ManaUnit* units, int32_t nu, const int32_t* cost, int32_t hybrid,
                             int32_t* unit_pip, int32_t start, bint keep) noexcept nogil:
    """A source that makes N > 1 mana makes all of it in one colour (e.g. "Add {W}{W} or
    {G}{G}"): try each colour for each such source, then match.  Unless ``keep``, the
    units' colours are restored afterwards."""
    cdef int32_t u, k, c, saved
    cdef bint ok
    for u in range(start, nu):
        if units[u].amount > 1 and several_colours(units[u].mask) and \
                (u == 0 or units[u - 1].obj != units[u].obj):
            saved = units[u].mask
            for c in range(N_MANA):
                if not (saved & (1 << c)):
                    continue
                k = u
                while k < nu and units[k].obj == units[u].obj:
                    units[k].mask = 1 << c
                    k += 1
                ok = match_with_choices(units, nu, cost, hybrid, unit_pip, k, keep)
                if ok and keep:
                    return True
                k = u
                while k < nu and units[k].obj == units[u].obj:
                    units[k].mask = saved
                    k += 1
                if ok:
                    return True
            return False
    return match_units(units, nu, cost, hybrid, unit_pip)


cdef int32_t pip_masks(const int32_t* cost, int32_t hybrid, int32_t* out) noexcept nogil:
    """The coloured pips of a cost, as the colours each can be paid with: one colour
    per coloured pip, then its hybrid pips' pairs (107.4e) (at most 64; -1 if more)."""
    cdef int32_t n = 0, c, k
    for c in range(N_MANA):
        for k in range(cost[1 + c]):
            if n >= 64:
                return -1
            out[n] = 1 << c
            n += 1
    while hybrid:
        if n >= 64:
            return -1
        out[n] = hybrid & HYBRID_PIP_MASK
        n += 1
        hybrid >>= HYBRID_BITS
    return n


cdef bint match_units(ManaUnit* units, int32_t nu, const int32_t* cost, int32_t hybrid,
                      int32_t* unit_pip) noexcept nogil:
    """The matching itself, over units already collected (legal-action enumeration
    collects them once for every card in hand)."""
    cdef int32_t pip_mask[64]
    cdef bint seen[MAX_UNITS]
    cdef int32_t n_pips = pip_masks(cost, hybrid, pip_mask), k, u, generic = cost[0]
    cdef bint want = False
    if n_pips < 0:
        return False
    if MTG_CORE_DEBUG and hybrid:
        want = hybrid_brute_force(units, nu, cost, hybrid)       # hybrid.pxi
    if nu < n_pips + generic:
        return False
    for u in range(nu):
        unit_pip[u] = -1
    for k in range(n_pips):
        for u in range(nu):
            seen[u] = False
        if not _augment(k, pip_mask, units, nu, unit_pip, seen):
            if MTG_CORE_DEBUG and hybrid and want:
                debug_fail(b"hybrid mana matching: brute force pays, the matching does not")
            return False
    for u in range(nu):
        if generic == 0:
            break
        if unit_pip[u] == -1:
            unit_pip[u] = -2
            generic -= 1
    if MTG_CORE_DEBUG and hybrid and want != (generic == 0):
        debug_fail(b"hybrid mana matching differs from the brute force")
    return generic == 0


cdef bint can_pay(Engine* e, int32_t player, const int32_t* cost, int32_t exclude) noexcept nogil:
    cdef ManaUnit units[MAX_UNITS]
    cdef int32_t unit_pip[MAX_UNITS]
    cdef int32_t n
    if cost[0] == 0 and cost[1] == 0 and cost[2] == 0 and cost[3] == 0 and cost[4] == 0 \
            and cost[5] == 0 and cost[6] == 0:
        return True
    return match_cost(e, player, cost, 0, exclude, units, &n, unit_pip)


cdef inline int32_t first_color(int32_t mask) noexcept nogil:
    cdef int32_t c
    for c in range(N_MANA):
        if mask & (1 << c):
            return c
    return C_C


cdef void add_mana(Engine* e, int32_t player, int32_t color, int32_t amount) noexcept nogil:
    add_amount(e, &e.pl[player].mana[color], amount, 0)
    log_event(e, EV_MANA, player, color, amount)


cdef void activate_mana_ability(Engine* e, int32_t o, int32_t ab, int32_t color) noexcept nogil:
    """605.3b: a mana ability resolves immediately; it doesn't use the stack.  Its costs
    are paid first (605.3a, 602.2b): {T}, and for one the player activates, its mana
    (automatic payment may tap other sources), life and counters."""
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t k
    if row[AF_COST_FLAGS] & COST_TAP:
        e.ob[o].tapped = 1
    if not automatic_mana_ability(row):
        pay_cost_h(e, e.ob[o].controller, row + AF_COST_GENERIC, row[AF_COST_HYBRID], o)
        if row[AF_COST_FLAGS] & COST_PAY_LIFE:
            log_event(e, EV_PAY_LIFE, e.ob[o].controller, row[AF_LIFE_COST], 0)
            lose_life(e, e.ob[o].controller, row[AF_LIFE_COST])      # 119.4
        if row[AF_COUNTER_COST]:
            add_counters(e, o, row[AF_COUNTER_COST] >> 8, -(row[AF_COUNTER_COST] & 255))
        if row[AF_OTHER_COST] & OC_UNTAP:
            e.ob[o].tapped = 0                                       # {Q} (107.6)
    add_mana(e, e.ob[o].controller, color, ability_row(e, ab)[AF_MANA_AMOUNT])
    if row[AF_MANA_EXTRA]:
        for k in range(6):                      # 106.1: "Add {W}{U}" adds both at once
            if (row[AF_MANA_EXTRA] >> (4 * k)) & 15:
                add_mana(e, e.ob[o].controller, k, (row[AF_MANA_EXTRA] >> (4 * k)) & 15)
    if row[AF_MANA_SELF_DAMAGE]:
        # 605.3b: the whole ability resolves at once: "~ deals 1 damage to you" (120.3)
        deal_damage(e, o, TGT_PLAYER + e.ob[o].controller, row[AF_MANA_SELF_DAMAGE])
    if ability_row(e, ab)[AF_COST_FLAGS] & COST_SAC_SELF:          # Treasure (111.10a)
        log_event(e, EV_SACRIFICE, o, 0, 0)
        put_into_graveyard(e, o)


cdef bint pay_cost(Engine* e, int32_t player, const int32_t* cost, int32_t exclude) noexcept nogil:
    """601.2g-h: activate mana abilities, then pay the whole cost from the pool."""
    return pay_cost_h(e, player, cost, 0, exclude)


cdef bint pay_cost_h(Engine* e, int32_t player, const int32_t* cost, int32_t hybrid,
                     int32_t exclude) noexcept nogil:
    """pay_cost of a cost with ``hybrid`` pips too (hybrid.pxi; 0: none)."""
    cdef ManaUnit units[MAX_UNITS]
    cdef int32_t unit_pip[MAX_UNITS]
    cdef int32_t pip_mask[64]
    cdef int32_t n, u, v, c, k, generic, color, n_fixed
    cdef int32_t* pool = e.pl[player].mana
    if not match_cost(e, player, cost, hybrid, exclude, units, &n, unit_pip):
        return False
    n_fixed = cost_size(cost) - cost[0]            # the coloured pips: the hybrid ones follow
    pip_masks(cost, hybrid, pip_mask)
    # Tap each source used, making mana of the colour its first used unit was matched to
    # (a hybrid pip's: the first of its colours the source makes).
    for u in range(n):
        if unit_pip[u] == -1 or units[u].obj < 0 or e.ob[units[u].obj].tapped:
            continue
        color = first_color(units[u].mask & pip_mask[unit_pip[u]]) if unit_pip[u] >= 0 \
            else first_color(units[u].mask)
        activate_mana_ability(e, units[u].obj, units[u].ability, color)
    # Pay: coloured pips first, then generic (colourless first, then by colour order).
    for c in range(N_MANA):
        pool[c] -= cost[1 + c]
    # 107.4e: each hybrid pip with the mana its matched unit made (that colour, not a
    # count: {W/B}{W/U} paid with W and U takes the W for {W/B})
    for u in range(n if hybrid else 0):
        if unit_pip[u] >= n_fixed:
            pool[first_color(units[u].mask & pip_mask[unit_pip[u]])] -= 1
    generic = cost[0]
    for v in range(N_MANA):
        c = (C_C + v) % N_MANA
        k = pool[c] if pool[c] < generic else generic
        pool[c] -= k
        generic -= k
    if MTG_CORE_DEBUG and hybrid:
        # the matching said the mana was there: no colour is overdrawn, nothing is unpaid
        for c in range(N_MANA):
            if pool[c] < 0:
                debug_fail(b"hybrid payment overdrew a colour of the mana pool")
        if generic:
            debug_fail(b"hybrid payment left generic mana unpaid")
    return True


cdef void empty_mana_pools(Engine* e) noexcept nogil:
    """500.4: unused mana empties from each pool at the end of every step and phase."""
    cdef int32_t p
    for p in range(e.h.n_players):
        memset(&e.pl[p].mana[0], 0, sizeof(e.pl[p].mana))     # (one store per 8 bytes)


cdef void empty_mana_pools_with_burn(Engine* e) noexcept nogil:
    """Classic edition (seeds/002, "Turn structure"): at the end of each phase the mana
    left in a player's pool empties and they lose that much life (mana burn).  It is a loss
    of life, so 704.5a can make them lose the game at the next check."""
    cdef int32_t p, c, k
    cdef long long n
    for p in range(e.h.n_players):
        n = 0
        for c in range(N_MANA):
            n += e.pl[p].mana[c]
            e.pl[p].mana[c] = 0
        while n > 0 and e.pl[p].in_game and e.h.result == R_ONGOING:
            # in pieces of at most AMOUNT_MAX (what one change of life may be); a pool of
            # six colours can hold more
            k = <int32_t>(n if n < AMOUNT_MAX else AMOUNT_MAX)
            n -= k
            log_event(e, EV_MANA_BURN, p, k, 0)
            lose_life(e, p, k)
