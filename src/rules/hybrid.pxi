# Hybrid mana symbols in costs (107.4e, 202.2d, 202.3f, 601.2f-h).
#
# {W/U} is one pip paid with one white or one blue mana (107.4e).  A cost stays 7 ints
# (generic, W U B R G C); its two-colour hybrid pips are one more word, CF_COST_HYBRID
# of a card (its mana cost) and AF_COST_HYBRID of an ability (its activation cost):
# pip i is the colour pair mask (two of the W U B R G bits) at bits HYBRID_BITS * i,
# the pips packed from bit 0 on, at most HYBRID_MAX of them, 0 for none.  The payment
# (mana.pxi) gives each pip a colour mask, so the bipartite matching stays exact.
# Mana value (202.3f) and colours (202.2d) are compiled into CF_MANA_VALUE / CF_COLORS.

cpdef enum:
    HYBRID_BITS = 5          # bits per hybrid pip
    HYBRID_MAX = 6           # hybrid pips per cost word
    HYBRID_PIP_MASK = 31     # one pip's colour pair


cdef inline int32_t hybrid_count(int32_t hybrid) noexcept nogil:
    """How many hybrid pips the word holds (each counts 1 toward a cost's size, 202.3f)."""
    cdef int32_t n = 0
    while hybrid:
        n += 1
        hybrid >>= HYBRID_BITS
    return n


cdef bint can_pay_h(Engine* e, int32_t player, const int32_t* cost, int32_t hybrid,
                    int32_t exclude) noexcept nogil:
    """can_pay of a cost with ``hybrid`` pips too; costs without them take can_pay's path."""
    cdef ManaUnit units[MAX_UNITS]
    cdef int32_t unit_pip[MAX_UNITS]
    cdef int32_t n
    if hybrid == 0:
        return can_pay(e, player, cost, exclude)
    return match_cost(e, player, cost, hybrid, exclude, units, &n, unit_pip)


cdef inline int32_t base_hybrid(Engine* e, int32_t o) noexcept nogil:
    """The hybrid pips of base_cost(e, o): a flashback cost has none (the card language
    refuses them), a mana cost its card's."""
    if zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD:
        return 0
    return card_row(e, e.ob[o].card)[CF_COST_HYBRID]


cdef inline int32_t spell_hybrid(Engine* e, int32_t o, int32_t info) noexcept nogil:
    """The hybrid pips of spell_cost(e, o, info, ...): its mana cost's, none when cast for
    its flashback cost (702.34a: that replaces the mana cost) or its alternative cost (118.9);
    a kicker cost has none."""
    if (info & CI_FLASHBACK) or (e.ob[o].alt_cost & ALT_CAST):
        return 0
    return card_row(e, e.ob[o].card)[CF_COST_HYBRID]


cdef inline bint ability_can_pay(Engine* e, int32_t p, const int32_t* ab,
                                 int32_t exclude) noexcept nogil:
    """Could ``p`` pay the mana of ability row ``ab`` (its AF_COST_HYBRID pips too), less
    its AF_ACTIVATION_DISCOUNT (118.7: activation_discounts.pxi)?"""
    cdef int32_t cost[7]
    if ab[AF_ACTIVATION_DISCOUNT]:
        reduced_cost(ab + AF_COST_GENERIC, activation_discount(e, p, ab), cost)
        return can_pay_h(e, p, cost, ab[AF_COST_HYBRID], exclude)
    return can_pay_h(e, p, ab + AF_COST_GENERIC, ab[AF_COST_HYBRID], exclude)


cdef bint hybrid_brute_force(ManaUnit* units, int32_t nu, const int32_t* cost,
                             int32_t hybrid) noexcept nogil:
    """Debug builds: match_units of a cost with hybrid pips, the slow way: each hybrid
    pip made one of its two colours (every such choice), then the single-colour matching."""
    cdef int32_t scratch[MAX_UNITS]
    cdef int32_t fixed[7]
    cdef int32_t masks[HYBRID_MAX]
    cdef int32_t n = 0, a, i, c, m, h = hybrid
    while h and n < HYBRID_MAX:
        masks[n] = h & HYBRID_PIP_MASK
        n += 1
        h >>= HYBRID_BITS
    for a in range(1 << n):
        for i in range(7):
            fixed[i] = cost[i]
        for i in range(n):
            m = masks[i]
            if (a >> i) & 1:
                m &= m - 1                  # the pair's second colour
            fixed[1 + first_color(m)] += 1
        if match_units(units, nu, fixed, 0, scratch):
            return True
    return False


def hybrid_word_problem(int hybrid):
    """What is wrong with a hybrid pip word (CF_COST_HYBRID, AF_COST_HYBRID), or None:
    at most HYBRID_MAX pips packed from bit 0, each a pair of two of W U B R G (107.4e)."""
    cdef int i, m
    cdef bint ended = False
    if hybrid < 0 or hybrid >= 1 << (HYBRID_BITS * HYBRID_MAX):
        return f"holds at most {HYBRID_MAX} pips of {HYBRID_BITS} bits"
    for i in range(HYBRID_MAX):
        m = (hybrid >> (HYBRID_BITS * i)) & HYBRID_PIP_MASK
        if m == 0:
            ended = True
        elif ended:
            return "has a gap between its pips (they are packed from bit 0)"
        elif bin(m).count("1") != 2:
            return f"pip {i} is not a pair of two colours of W U B R G"
    return None
