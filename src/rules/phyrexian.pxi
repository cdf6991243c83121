# Phyrexian mana symbols in mana costs (107.4f, 119.4, 202.2, 202.3, 601.2f-h).
#
# {B/P} is one pip paid with one black mana or with 2 life (107.4f).  A card's mana cost
# counts each Phyrexian pip in its colour's column (so its mana value, 202.3, and colours,
# 202.2, are those of the symbol's colour) and says in one more word, CF_COST_PHYREXIAN,
# how many of each colour's pips are Phyrexian: 2 bits per colour, W U B R G from bit 0
# (PHYREXIAN_BITS * colour), at most PHYREXIAN_PIP_MASK of one colour.
#
# How each pip is paid is the caster's explicit choice while paying (601.2h): a
# D_CAST_CHOICE CC_PHYREXIAN answered by A_PHYREXIAN, a = a word of the same layout saying
# how many of each colour's Phyrexian pips are paid with 2 life each (the rest with mana).
# Only the choices the player can pay are offered: the mana left payable, and the life
# (2 a pip, with the spell's other life costs) at most their life total (119.4).  With one
# such choice the core takes it (there is nothing to decide).  A cost that replaces the
# mana cost (flashback 702.34a, an alternative cost 118.9) has no Phyrexian pips, nor does
# a kicker cost: the card language refuses them there.

cpdef enum:
    PHYREXIAN_BITS = 2          # bits per colour in a Phyrexian word
    PHYREXIAN_PIP_MASK = 3      # one colour's count
    PHYREXIAN_WORD_LIMIT = 1024  # 1 << (PHYREXIAN_BITS * 5): every word is below it
    PHYREXIAN_LIFE = 2          # 107.4f: the life one Phyrexian pip may be paid with


cdef inline int32_t phyrexian_count(int32_t word) noexcept nogil:
    """How many pips a Phyrexian word counts (each of its colours' counts added)."""
    cdef int32_t n = 0
    while word:
        n += word & PHYREXIAN_PIP_MASK
        word >>= PHYREXIAN_BITS
    return n


cdef inline int32_t next_phyrexian_choice(int32_t paid, int32_t word) noexcept nogil:
    """The choice after ``paid`` among the words whose every colour's count is at most
    ``word``'s (counting up colour by colour from W, as digits), -1 after the last."""
    cdef int32_t c, shift, have, most
    for c in range(5):
        shift = PHYREXIAN_BITS * c
        have = (paid >> shift) & PHYREXIAN_PIP_MASK
        most = (word >> shift) & PHYREXIAN_PIP_MASK
        if have < most:
            return paid + (1 << shift)
        paid -= have << shift                   # this colour back to 0, carry on
    return -1


cdef inline void cost_paid_with_life(const int32_t* cost, int32_t paid, int32_t* out) noexcept nogil:
    """The mana of ``cost`` (7 ints) left once ``paid``'s Phyrexian pips are paid with life."""
    cdef int32_t i
    out[0] = cost[0]
    out[6] = cost[6]
    for i in range(5):
        out[1 + i] = cost[1 + i] - ((paid >> (PHYREXIAN_BITS * i)) & PHYREXIAN_PIP_MASK)


cdef inline bint phyrexian_choice_payable(Engine* e, int32_t p, const int32_t* cost,
                                          int32_t hybrid, int32_t paid, int32_t life,
                                          int32_t exclude) noexcept nogil:
    """Could ``p`` pay ``cost`` paying ``paid``'s Phyrexian pips with 2 life each, besides
    ``life`` other life the cost asks (119.4: at most their life total, all of it)?"""
    cdef int32_t rest[7]
    cdef int32_t n = phyrexian_count(paid)
    if n and e.pl[p].life < life + PHYREXIAN_LIFE * n:
        return False
    cost_paid_with_life(cost, paid, rest)
    return can_pay_h(e, p, rest, hybrid, exclude)


cdef bint can_pay_p(Engine* e, int32_t p, const int32_t* cost, int32_t hybrid,
                    int32_t phyrexian, int32_t life, int32_t exclude) noexcept nogil:
    """can_pay_h of a cost whose pips ``phyrexian`` (a CF_COST_PHYREXIAN word) may be paid
    with life (107.4f): some way of paying them can be paid.  ``life``: the other life the
    cost asks (checked with the Phyrexian pips' only when some are paid with life)."""
    cdef int32_t paid = 0
    if phyrexian == 0:
        return can_pay_h(e, p, cost, hybrid, exclude)
    while paid >= 0:
        if phyrexian_choice_payable(e, p, cost, hybrid, paid, life, exclude):
            return True
        paid = next_phyrexian_choice(paid, phyrexian)
    return False


cdef inline int32_t spell_phyrexian(Engine* e, int32_t o, int32_t info) noexcept nogil:
    """The Phyrexian pips of spell_cost(e, o, info, ...): its mana cost's, none when cast for
    its flashback cost (702.34a) or its alternative cost (118.9)."""
    if (info & CI_FLASHBACK) or (e.ob[o].alt_cost & ALT_CAST):
        return 0
    return card_row(e, e.ob[o].card)[CF_COST_PHYREXIAN]


cdef inline int32_t base_phyrexian(Engine* e, int32_t o) noexcept nogil:
    """The Phyrexian pips of base_cost(e, o): none for a flashback cost, else its card's."""
    if zone_kind(e, e.ob[o].zone) == Z_GRAVEYARD:
        return 0
    return card_row(e, e.ob[o].card)[CF_COST_PHYREXIAN]


cdef int32_t phyrexian_choices(Engine* e, int32_t p, int32_t o, ActionSink* s,
                               int32_t* last) noexcept nogil:
    """601.2h: the ways caster ``p`` can pay spell ``o``'s Phyrexian pips (its total cost
    as spell_cost gives it, its other life costs too), each an A_PHYREXIAN into ``s``
    (NULL: only counted); ``last`` gets the last one.  How many there are."""
    cdef int32_t info = e.ob[o].cast_info, paid = 0, n = 0
    cdef int32_t word = spell_phyrexian(e, o, info), life = spell_life_cost(e, o, info)
    cdef int32_t cost[7]
    spell_cost(e, o, info, (info >> CI_X_SHIFT) & CI_X_MAX, cost)
    while paid >= 0:
        if phyrexian_choice_payable(e, p, cost, spell_hybrid(e, o, info), paid, life, -1):
            if s != NULL:
                emit(s, make_action(A_PHYREXIAN, paid, 0))
            last[0] = paid
            n += 1
        paid = next_phyrexian_choice(paid, word)
    return n


def phyrexian_word_problem(int word, costs):
    """What is wrong with a CF_COST_PHYREXIAN word given the cost's W U B R G pip counts
    ``costs``, or None: 2 bits per colour, each count at most that colour's pips (107.4f)."""
    cdef int c, k
    if word < 0 or word >= PHYREXIAN_WORD_LIMIT:
        return f"holds {PHYREXIAN_BITS} bits for each of W U B R G"
    for c in range(5):
        k = (word >> (PHYREXIAN_BITS * c)) & PHYREXIAN_PIP_MASK
        if k > int(costs[c]):
            return f"has {k} Phyrexian {'WUBRG'[c]} pips, more than the cost's {int(costs[c])}"
    return None
