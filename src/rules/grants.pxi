# Granted abilities (613.1f): "Enchanted creature has "{T}: This creature deals 1 damage to
# any target."", "Lands you control have "{T}: Add {G}."", "All Slivers have "Sacrifice this
# permanent: ..."".
#
# The quoted ability is compiled once, as an ability row of the GRANTING card placed after
# its own abilities and modes (so it is not one of the granting card's abilities); the
# granting card's static ability (a static of the layer system, its affected set in the
# AF_LY_* columns) has the layer-6 change LY_GRANT_ABILITY naming that row.  Which objects
# have it is decided by the layer system like any other layer-6 effect: the affected set
# (613.1f, fixed per 613.6), timestamps (613.7: a "loses all abilities" effect with a later
# timestamp removes it, an earlier one doesn't) and the source losing its own abilities
# (613.8a) -- layered_ex lists the rows as it applies them.
#
# The object that has the ability is its source (113.7a: "this creature" in the quote is the
# host; 602.5a / 302.6: its {T} abilities need the HOST to be free of summoning sickness;
# "Sacrifice this creature" sacrifices the host).  Actions address an ability of an object
# by an index: 0..31 its own card's abilities, GRANT_INDEX + k the k-th ability granted to it
# now (host_ability_row); the stack object then holds the ability's row and the host, as
# for its own abilities.

cdef inline bint grants_on_board(Engine* e) noexcept nogil:
    """False promises that no static ability that grants abilities is on the battlefield."""
    return (bf_kinds(e) & GRANT_BIT) != 0


cdef void record_grant(Engine* e, int32_t* grants, LyItem* it, int32_t source) noexcept nogil:
    """layered_ex, layer 6: one change applied to the object; keep the granted rows in step
    (a "loses all abilities" removes those granted before it, 613.7)."""
    if it.code == LY_LOSE_ALL:
        grants[0] = 0
    elif it.code == LY_GRANT_ABILITY and source >= 0:
        if grants[0] >= GRANT_MAX:
            abort_game(e, ABORT_GRANTS)
            return
        grants[1 + grants[0]] = card_row(e, e.ob[source].card)[CF_ABILITY_START] + it.a
        grants[0] += 1


cdef int32_t granted_abilities(Engine* e, int32_t o, int32_t* rows) noexcept nogil:
    """The ability rows granted to permanent ``o`` now (613.1f), in the order they apply,
    into ``rows`` (GRANT_MAX slots); returns how many."""
    cdef Chars c
    cdef int32_t buf[GRANT_MAX + 1]
    cdef int32_t k
    if not grants_on_board(e) or o < 0 or o >= e.h.n_objects or not on_battlefield(e, o):
        return 0
    layered_ex(e, o, &c, 3, buf)
    for k in range(buf[0]):
        rows[k] = buf[1 + k]
    return buf[0]


cdef inline int32_t host_ability_row(Engine* e, int32_t o, int32_t idx) noexcept nogil:
    """The ability row an action's ability index ``idx`` names for object ``o``: its own
    card's ability ``idx`` (0 .. CF_ABILITY_COUNT - 1), or for GRANT_INDEX + k the k-th
    ability granted to it (granted_abilities); -1 if there is none."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t rows[GRANT_MAX]
    cdef int32_t n
    if 0 <= idx < row[CF_ABILITY_COUNT] and idx < GRANT_INDEX:
        return row[CF_ABILITY_START] + idx
    if idx < GRANT_INDEX or idx >= GRANT_INDEX + GRANT_MAX:
        return -1
    n = granted_abilities(e, o, rows)
    return rows[idx - GRANT_INDEX] if idx - GRANT_INDEX < n else -1


cdef int32_t host_ability_index(Engine* e, int32_t o, int32_t ab) noexcept nogil:
    """The inverse of host_ability_row for an observation: the index of ability row ``ab``
    of object ``o`` (its own, or GRANT_INDEX + k if granted to it now; GRANT_INDEX + GRANT_MAX
    for a granted ability it no longer has)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t rows[GRANT_MAX]
    cdef int32_t n, k
    if row[CF_ABILITY_START] <= ab < row[CF_ABILITY_START] + row[CF_ABILITY_COUNT]:
        return ab - row[CF_ABILITY_START]
    n = granted_abilities(e, o, rows)
    for k in range(n):
        if rows[k] == ab:
            return GRANT_INDEX + k
    return GRANT_INDEX + GRANT_MAX


cdef int32_t granted_mana_ability(Engine* e, int32_t o, int32_t own) noexcept nogil:
    """mana_ability_of with granted abilities on the battlefield: ``own`` (the object's own
    first automatic mana ability, or -1) unless a granted one automatic payment may
    activate (605.1a) does all it does and more -- the same amount or more, of every colour
    it makes and others (a Forest under Chromatic Lantern: any colour) -- or ``own`` is -1
    and one is granted at all; -1 if none."""
    cdef int32_t rows[GRANT_MAX]
    cdef int32_t n, k, best = own
    cdef const int32_t* g
    n = granted_abilities(e, o, rows)
    for k in range(n):
        g = ability_row(e, rows[k])
        if g[AF_KIND] != AB_MANA or not automatic_mana_ability(g):
            continue
        if best < 0 or (g[AF_MANA_AMOUNT] >= ability_row(e, best)[AF_MANA_AMOUNT] and
                        (g[AF_MANA_COLORS] & ability_row(e, best)[AF_MANA_COLORS]) ==
                        ability_row(e, best)[AF_MANA_COLORS] and
                        g[AF_MANA_COLORS] != ability_row(e, best)[AF_MANA_COLORS]):
            best = rows[k]
    return best


cdef void granted_ability_actions(Engine* e, int32_t p, ActionSink* s, bint include_mana) noexcept nogil:
    """priority_actions: activating the abilities granted to ``p``'s permanents (602.2,
    605.3a), after their own."""
    cdef int32_t i, k, n, o, c, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t rows[GRANT_MAX]
    cdef const int32_t* ab
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].controller != p or e.ob[o].phased_out:
            continue
        n = granted_abilities(e, o, rows)
        for k in range(n):
            ab = ability_row(e, rows[k])
            if ab[AF_KIND] == AB_ACTIVATED:
                if check_activate(e, p, o, GRANT_INDEX + k, AB_ACTIVATED) == E_OK:
                    emit(s, make_action(A_ACTIVATE, o, GRANT_INDEX + k))
            elif include_mana and ab[AF_KIND] == AB_MANA:
                if check_activate(e, p, o, GRANT_INDEX + k, AB_MANA) == E_OK:
                    for c in range(N_MANA):
                        if ab[AF_MANA_COLORS] & (1 << c):
                            emit(s, make_action(A_ACTIVATE_MANA, o, (GRANT_INDEX + k) | (c << 6)))


# --- the card tables (api/tables.pxi _check_tables, api/validate.pxi) --------------------------------------

def granted_rows_of_card(cards, abilities, program, int c):
    """The ability rows card row ``c``'s static abilities grant (LY_GRANT_ABILITY), as
    (static row, granted row) pairs; the granted row may be out of range (the caller checks)."""
    out = []
    start, count = int(cards[c, CF_ABILITY_START]), int(cards[c, CF_ABILITY_COUNT])
    for k in range(start, start + count):
        if int(abilities[k, AF_KIND]) != AB_STATIC or not int(abilities[k, AF_LY_SCOPE]):
            continue
        ps, pl = int(abilities[k, AF_PROG_START]), int(abilities[k, AF_PROG_LEN])
        for pc in range(ps, ps + pl, 4):
            if 0 <= pc and pc + 1 < program.shape[0] and int(program[pc]) == LY_GRANT_ABILITY:
                out.append((k, start + int(program[pc + 1])))
    return out


def check_card_grants(cards, abilities, program, int c):
    """What is wrong with the abilities card row ``c`` grants, or None: each is an
    activated or mana ability of the battlefield (602, 605) after the card's own abilities;
    the card's own abilities fit below GRANT_INDEX (the action index of a granted one)."""
    start, count = int(cards[c, CF_ABILITY_START]), int(cards[c, CF_ABILITY_COUNT])
    if count > GRANT_INDEX:
        return f"card row {c} has more than {GRANT_INDEX} abilities"
    for k, g in granted_rows_of_card(cards, abilities, program, c):
        if not start + count <= g < abilities.shape[0]:
            return f"ability row {k} grants an ability outside its card's granted rows"
        kind = int(abilities[g, AF_KIND])
        if kind == AB_TRIGGERED and int(abilities[g, AF_TRIGGER]) in GRANTED_TRIGGERS:
            continue
        if kind not in (AB_ACTIVATED, AB_MANA) or int(abilities[g, AF_FROM_HAND]):
            return (f"ability row {k} grants ability row {g}, which is not an activated or mana "
                    "ability of a permanent nor a triggered ability of a kind that can be granted")
    return None


# The trigger kinds a granted triggered ability may have (the scans that look at granted
# abilities: queue_granted_triggers, queue_granted_step_triggers)
GRANTED_TRIGGERS = frozenset({
    TRIG_BEGIN_STEP, TRIG_ETB, TRIG_ATTACKS, TRIG_BLOCKS, TRIG_BLOCKS_CREATURE,
    TRIG_BECOMES_BLOCKED, TRIG_BLOCKED_BY_CREATURE, TRIG_ATTACKS_UNBLOCKED,
    TRIG_COMBAT_DAMAGE_PLAYER, TRIG_COMBAT_DAMAGE_CREATURE, TRIG_DAMAGE_OPPONENT,
    TRIG_BECOMES_TARGET})


def granted_kind_bits(cards, abilities, program, int c):
    """CF_ABILITY_KINDS bits card row ``c`` has for what it grants: 1 << AB_TRIGGERED when it
    grants a triggered ability (so the scans that skip a board without triggered abilities,
    bf_ability_kinds, look at it)."""
    if any(0 <= g < abilities.shape[0] and int(abilities[g, AF_KIND]) == AB_TRIGGERED
           for _, g in granted_rows_of_card(cards, abilities, program, c)):
        return 1 << AB_TRIGGERED
    return 0


def all_granted_rows(cards, abilities, program):
    """Every ability row some card grants (a stack object's ability may be one: its source
    is then the object that has it, 613.1f)."""
    rows = set()
    for c in range(cards.shape[0]):
        if int(cards[c, CF_ABILITY_KINDS]) & GRANT_BIT:
            rows.update(g for _, g in granted_rows_of_card(cards, abilities, program, c))
    return frozenset(rows)


# --- "enchanted creature" as an effect operand (REF_ATTACHED) ------------------------------------

cdef int32_t attached_ref(Engine* e, int32_t source, StackItem* si, int32_t* out) noexcept nogil:
    """REF_ATTACHED: the permanent the source (an Aura or Equipment) is attached to now
    (303.4, 301.5: "enchanted creature", "equipped creature").  A source that has left the
    battlefield (400.7) names nothing: the card language refuses abilities whose own cost
    removes the source (cards/grants.py), and last-known information of an attachment
    (608.2h) is not kept."""
    cdef int32_t t
    if source < 0 or source >= e.h.n_objects or not on_battlefield(e, source) or \
            (si != NULL and e.ob[source].incarnation != si.obj_inc):
        return 0
    t = e.ob[source].attached_to
    if t < 0 or t >= TGT_PLAYER or t >= e.h.n_objects or not on_battlefield(e, t):
        return 0
    out[0] = t
    return 1


# --- granted triggered abilities (603.2) ----------------------------------------------------------
# Those whose event is the host's own (TRIG_ETB, TRIG_ATTACKS and the kinds queue_object_triggers
# handles) and "at the beginning of" a step (TRIG_BEGIN_STEP); the card language refuses the
# others (leaves-the-battlefield look-back, 603.10, and the triggers of other objects' events).

cdef int32_t queue_granted_triggers(Engine* e, int32_t o, int32_t kind, int32_t ref) noexcept nogil:
    """Queue the triggered abilities of this TRIG_* kind granted to ``o`` (603.2), with event
    reference ``ref``; returns how many."""
    cdef int32_t rows[GRANT_MAX]
    cdef int32_t n, k, q = 0
    n = granted_abilities(e, o, rows)
    for k in range(n):
        if ability_row(e, rows[k])[AF_KIND] == AB_TRIGGERED and \
                ability_row(e, rows[k])[AF_TRIGGER] == kind:
            queue_trigger_ref(e, o, rows[k], e.ob[o].controller, -1, 0, ref)
            q += 1
    return q


cdef void queue_granted_step_triggers(Engine* e, int32_t step) noexcept nogil:
    """500.6: the "at the beginning of" abilities granted to permanents (queue_step_triggers)."""
    cdef int32_t i, k, n, o, whose, ctrl, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t rows[GRANT_MAX]
    cdef const int32_t* ab
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out:
            continue
        n = granted_abilities(e, o, rows)
        for k in range(n):
            ab = ability_row(e, rows[k])
            if ab[AF_KIND] != AB_TRIGGERED or ab[AF_TRIGGER] != TRIG_BEGIN_STEP or \
                    ab[AF_TRIGGER_STEP] != step or \
                    (ab[AF_TRIGGER_PHASE] != 0 and ab[AF_TRIGGER_PHASE] != e.h.phase + 1):
                continue
            whose = ab[AF_TRIGGER_WHOSE]
            ctrl = e.ob[o].controller
            if whose == WHOSE_EACH or (whose == WHOSE_YOUR and ctrl == e.h.active) or \
                    (whose == WHOSE_OPPONENT and ctrl != e.h.active):
                queue_trigger(e, o, rows[k], ctrl, -1, 0)
