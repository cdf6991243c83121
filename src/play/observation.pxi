# Observations for agents: one player's view of the game as a fixed-size float32
# vector, filled here without the GIL and without a Python loop over objects.  The layout
# (documented in docs/observations.md, described by _engine.observation_layout) is
#
#   [global: OBS_GLOBAL_SIZE][player x n_players: OBS_PLAYER_SIZE][slot x slots: OBS_OBJECT_SIZE]
#
# Seats are relative to the observer: player row 0 is the observer, row k the k-th seat after
# it in turn order; every seat number inside the vector is relative the same way (-1: none).
# A player sees what the rules let them see (400.2, 401.2, 402.3, 406.3): the battlefield,
# the stack, every graveyard and exile (public zones), their own hand; of an opponent's hand
# (but the cards of it the player knows, known.pxi: seen going there, revealed) and of every
# library only the number of cards.  Nothing depends on object indices (an object's row in
# the state reveals its place in the deck list), on the order hidden cards are in, or on
# the game's RNG, so two states that differ only in hidden information give
# the same observation (tests/agents/test_observation.py).
#
# Object slots, in this order, as many as fit (the rest is counted in OBS_LEFT_OUT):
#   1. the battlefield, in the order permanents arrived (its zone order);
#   2. the stack, bottom to top: spells and abilities (an ability is a slot too: the card of
#      its source, OBS_O_STACK_KIND SK_ABILITY/SK_TRIGGER, its ability number);
#   3. the library cards the observer is looking at while deciding where to put them
#      (D_LIBRARY_CARDS, D_LOOK_TAKE: the top dctx0 cards of their library), top first;
#   4. the cards the observer may take while searching their library (D_SEARCH_LIBRARY,
#      701.19: one per name, as the search offers them), sorted by card id;
#   5. the observer's hand, sorted by card id (not draw order, which carries nothing);
#      then each opponent's hand cards the observer knows (known.pxi: seen going there from
#      a public zone, revealed), opponents in turn order, each sorted by card id;
#   6. the graveyards, the observer's first then in turn order, each top (newest) first;
#   7. exile, newest first.
# A slot that refers to another object (attached to, attacks, blocks, targets) gives that
# object's slot index, or -1 when it has none or it is not shown.

from libc.string cimport memset

cpdef enum:
    OBS_SLOTS = 64              # object slots of State.observation() by default
    OBS_MAX_SLOTS = 1024

# --- the global part ------------------------------------------------------------------------
cpdef enum:
    OBS_TURN = 0
    OBS_SEAT = 1                # the observer's own seat (absolute)
    OBS_ACTIVE = 2              # relative seats from here on
    OBS_PRIORITY = 3            # who holds priority (D_PRIORITY), else -1
    OBS_DECIDER = 4             # who must decide now, -1 none (game over)
    OBS_I_DECIDE = 5            # 1 when that is the observer
    OBS_DECISION = 6            # D_* code of the pending decision
    OBS_DECISION_OBJECT = 7     # the slot of the object it is about (the attacker whose damage is
                                # assigned or ordered, the spell to pay for...), else -1
    OBS_DECISION_PLAYER = 8     # the defending player (D_DECLARE_BLOCKERS), else -1
    OBS_DECISION_VALUE = 9      # dctx0 when it is a number (cards to discard, target slot, CC_*...)
    OBS_UNLESS_AMOUNT = 10      # D_PAY_UNLESS / D_WARD_PAY: the {N} or life to pay
    OBS_STACK_SIZE = 11
    OBS_LANDS_PLAYED = 12       # by the active player this turn (505.5b)
    OBS_GAME_OVER = 13
    OBS_RESULT = 14             # R_*
    OBS_WINNER = 15             # relative seat, -1 none
    OBS_STARTING_PLAYER = 16
    OBS_SHOWN = 17              # object slots in use
    OBS_LEFT_OUT = 18           # visible objects that did not fit in the slots
    OBS_STEP = 19               # one-hot over the N_STEPS steps (S_*), all 0 outside a step
    OBS_PHASE = 30              # one-hot over the 5 phases (PH_*)
    OBS_GLOBAL_SIZE = 35

# --- one row per player (row 0 = the observer) ------------------------------------------------
cpdef enum:
    OBS_P_LIFE = 0
    OBS_P_POISON = 1
    OBS_P_IN_GAME = 2
    OBS_P_MANA = 3              # mana pool W U B R G C (6)
    OBS_P_HAND = 9              # number of cards in hand
    OBS_P_LIBRARY = 10
    OBS_P_GRAVEYARD = 11
    OBS_P_MULLIGANS = 12
    OBS_P_KEPT = 13
    OBS_P_MAX_HAND = 14
    OBS_P_LAND_PLAYS = 15
    OBS_PLAYER_SIZE = 16

# --- one object slot ----------------------------------------------------------------------------
cpdef enum:
    OBS_O_PRESENT = 0
    OBS_O_CARD = 1              # row of the card table (the card id)
    OBS_O_CONTROLLER = 2        # relative seats
    OBS_O_OWNER = 3
    OBS_O_ZONE = 4              # one-hot (6): battlefield, stack, hand, graveyard, exile, library
    OBS_O_POSITION = 10         # its place: battlefield arrival order, stack 0 = top, hand rank,
                                # graveyard / exile / library 0 = top
    OBS_O_TAPPED = 11
    OBS_O_SICK = 12             # 302.6: not continuously controlled since its controller's turn began
    OBS_O_ATTACKING = 13
    OBS_O_BLOCKING = 14
    OBS_O_BLOCKED = 15          # 509.1h
    OBS_O_DECLARING = 16        # chosen so far in the attack or block declaration in progress
    OBS_O_PHASED_OUT = 17
    OBS_O_TOKEN = 18
    OBS_O_POWER = 19            # after the layer system on the battlefield, printed elsewhere
    OBS_O_TOUGHNESS = 20
    OBS_O_DAMAGE = 21           # marked damage (120.3)
    OBS_O_PLUS1 = 22            # counters
    OBS_O_MINUS1 = 23
    OBS_O_LOYALTY = 24
    OBS_O_ATTACHED_TO = 25      # slot of the permanent it is attached to, -1
    OBS_O_ATTACHED_PLAYER = 26  # relative seat of the player it is attached to, -1
    OBS_O_ATTACKS_PLAYER = 27   # an attacker: the player it attacks, -1
    OBS_O_ATTACKS_OBJECT = 28   # an attacker: the slot of the planeswalker it attacks, -1
    OBS_O_BLOCKS = 29           # a blocker: the slot of the (first) attacker it blocks, -1
    OBS_O_BLOCKS_N = 30         # a blocker: how many attackers it blocks
    OBS_O_STACK_KIND = 31       # on the stack: SK_*, else 0
    OBS_O_ABILITY = 32          # an ability on the stack: its number on its card, else -1
    OBS_O_TARGET0_PLAYER = 33   # on the stack: the targets (a relative seat, or a slot), -1
    OBS_O_TARGET0_OBJECT = 34
    OBS_O_TARGET1_PLAYER = 35
    OBS_O_TARGET1_OBJECT = 36
    OBS_O_TYPES = 37            # 7 bits: artifact creature enchantment instant land planeswalker sorcery
    OBS_O_COLORS = 44           # 5 bits: W U B R G
    OBS_O_KEYWORDS = 49         # one per KW_* bit (22)
    OBS_O_MARK = 71             # chosen so far: a card of the observer's hand to discard (D_DISCARD,
                                # D_DISCARD_CHOICE), a legend to keep (D_LEGEND_RULE); combat damage
                                # assigned to it so far (D_ASSIGN_DAMAGE)
    OBS_OBJECT_SIZE = 72
    OBS_N_TYPES = 7
    OBS_N_COLORS = 5
    OBS_N_KEYWORDS = 22
    OBS_ZONE_BATTLEFIELD = 0    # the one-hot zone entries, from OBS_O_ZONE
    OBS_ZONE_STACK = 1
    OBS_ZONE_HAND = 2
    OBS_ZONE_GRAVEYARD = 3
    OBS_ZONE_EXILE = 4
    OBS_ZONE_LIBRARY = 5


cdef inline int32_t observation_floats(int32_t n_players, int32_t slots) noexcept nogil:
    return OBS_GLOBAL_SIZE + n_players * OBS_PLAYER_SIZE + slots * OBS_OBJECT_SIZE


cdef inline int32_t obs_rel(int32_t seat, int32_t viewer, int32_t n) noexcept nogil:
    """A seat as the observer sees it: 0 itself, k the k-th seat after it; -1 stays -1."""
    if seat < 0 or seat >= n:
        return -1
    return seat - viewer if seat >= viewer else seat - viewer + n


cdef inline float obs_slot_of(int32_t* objslot, Engine* e, int32_t o, int32_t inc) noexcept nogil:
    """The slot showing object ``o`` (still the object ``inc`` names, 400.7), or -1."""
    if o < 0 or o >= e.h.n_objects:
        return -1
    if inc >= 0 and e.ob[o].incarnation != inc:
        return -1
    return objslot[o]


cdef void obs_sort_by_card(Engine* e, int32_t* slot_obj, int32_t* slot_pos, int32_t* objslot,
                           int32_t start, int32_t end) noexcept nogil:
    """Slots start..end-1 sorted by (card id, object): hidden-zone cards shown in an order
    that carries nothing (not draw or library order); each slot's position is its rank."""
    cdef int32_t i, j, tmp
    for i in range(start + 1, end):                # insertion sort: a few cards
        tmp = slot_obj[i]
        j = i - 1
        while j >= start and (e.ob[slot_obj[j]].card > e.ob[tmp].card or
                              (e.ob[slot_obj[j]].card == e.ob[tmp].card and slot_obj[j] > tmp)):
            slot_obj[j + 1] = slot_obj[j]
            j -= 1
        slot_obj[j + 1] = tmp
    for i in range(start, end):
        objslot[slot_obj[i]] = i
        slot_pos[i] = i - start


cdef bint obs_name_above(Engine* e, int32_t z, int32_t i) noexcept nogil:
    """Whether a card above position i of zone z has the same name (search_choices offers
    only the topmost card of each name)."""
    cdef int32_t j, o = zone_list(e, z)[i]
    for j in range(e.zcount[z] - 1, i, -1):
        if card_row(e, e.ob[zone_list(e, z)[j]].card)[CF_NAME_ID] == card_row(e, e.ob[o].card)[CF_NAME_ID]:
            return True
    return False


cdef inline int32_t obs_take(int32_t* slot_obj, int32_t* slot_item, int32_t* slot_pos,
                             int32_t* n, int32_t slots, int32_t* left_out, int32_t o, int32_t item,
                             int32_t pos) noexcept nogil:
    """Give the next slot to object ``o`` (or stack item ``item``) at ``pos`` in its zone;
    0 when the slots are full (it is counted as left out)."""
    if n[0] >= slots:
        left_out[0] += 1
        return 0
    slot_obj[n[0]] = o
    slot_item[n[0]] = item
    slot_pos[n[0]] = pos
    n[0] += 1
    return 1


cdef void obs_target(Engine* e, float* s, int32_t* objslot, int32_t t, int32_t inc,
                     int32_t viewer) noexcept nogil:
    """A target of a stack object: s[0] = relative seat of a player, s[1] = slot of an object."""
    if t >= TGT_PLAYER:
        s[0] = obs_rel(t - TGT_PLAYER, viewer, e.h.n_players)
        s[1] = -1
    else:
        s[0] = -1
        s[1] = obs_slot_of(objslot, e, t, inc) if t >= 0 else -1


cdef inline void obs_bits(float* s, int32_t bits, int32_t n) noexcept nogil:
    cdef int32_t i
    for i in range(n):
        s[i] = <float>((bits >> i) & 1)


cdef void obs_chars(Engine* e, int32_t o, Chars* c) noexcept nogil:
    """A permanent's card types, colours, keywords, power and toughness after the layer
    system (613), as State.characteristics gives them, in one pass: without layers, the
    printed values with the attachments' bonuses, EF_PT / EF_KEYWORDS effects and counters
    (power_toughness_fast and keywords_fast; debug builds compare with those)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t i, p, t
    if layers_may_apply(e, o):
        layered(e, o, c, 7)
        return
    c.types = row[CF_TYPES]
    c.colors = row[CF_COLORS]
    c.power = row[CF_POWER]
    c.toughness = row[CF_TOUGHNESS]
    c.keywords = row[CF_KEYWORDS] | attachment_bonuses(e, o, &c.power, &c.toughness)
    for i in range(e.h.effects_n):
        if e.eff[i].affected == o and e.eff[i].affected_inc == e.ob[o].incarnation:
            if e.eff[i].kind == EF_PT:
                c.power += e.eff[i].a
                c.toughness += e.eff[i].b
            elif e.eff[i].kind == EF_KEYWORDS:
                c.keywords |= e.eff[i].a
    c.power += e.ob[o].plus1 - e.ob[o].minus1
    c.toughness += e.ob[o].plus1 - e.ob[o].minus1
    if MTG_CORE_DEBUG:
        power_toughness(e, o, &p, &t)
        if p != c.power or t != c.toughness or keywords_of(e, o) != c.keywords or \
                obj_types(e, o) != c.types or obj_colors(e, o) != c.colors:
            debug_fail(b"obs_chars: the observation's characteristics differ from the layer system's")


cdef int32_t fill_observation(Engine* e, int32_t viewer, float* out, int32_t slots,
                              int32_t* ids=NULL) noexcept nogil:
    """Write ``viewer``'s observation into ``out`` (observation_floats(n_players, slots)
    floats).  Returns the number of object slots used."""
    cdef int32_t n = e.h.n_players, i, j, k, o, p, z, cnt, c, kind, d, tmp
    cdef int32_t nslot = 0, left_out = 0, hand_start, hand_end, look = 0
    cdef int32_t slot_obj[OBS_MAX_SLOTS]
    cdef int32_t slot_item[OBS_MAX_SLOTS]
    cdef int32_t slot_pos[OBS_MAX_SLOTS]
    cdef int32_t objslot[TGT_PLAYER]
    cdef int32_t attacker_of_slot[32]
    cdef Chars ch
    cdef float* g = out
    cdef float* pr
    cdef float* s
    cdef Obj* ob
    cdef StackItem* it
    cdef const int32_t* row
    cdef int32_t bf = n * 3, stackz = n * 3 + 1, exile = n * 3 + 2
    memset(out, 0, observation_floats(n, slots) * sizeof(float))
    for o in range(e.h.n_objects):
        objslot[o] = -1
    for i in range(32):
        attacker_of_slot[i] = -1

    # --- which objects are shown, in which slots ------------------------------------------
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1, i):
            objslot[o] = nslot - 1
        if e.ob[o].combat & CB_ATTACKING and 0 <= e.ob[o].attack_slot < 32:
            attacker_of_slot[e.ob[o].attack_slot] = o
    for i in range(e.h.stack_n):
        o = e.stack[i].obj if e.stack[i].kind == SK_SPELL else -1
        if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, i,
                    e.h.stack_n - 1 - i) and o >= 0:
            objslot[o] = nslot - 1
    d = e.h.decision
    if (d == D_LIBRARY_CARDS or d == D_LOOK_TAKE) and e.h.decider == viewer:
        # 701.22 / "look at the top N": the cards the decider is looking at (theirs only)
        z = zone_of(e, viewer, Z_LIBRARY)
        look = e.h.dctx0 if e.h.dctx0 < e.zcount[z] else e.zcount[z]
        for i in range(e.zcount[z] - 1, e.zcount[z] - 1 - look, -1):
            o = zone_list(e, z)[i]
            if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1,
                        e.zcount[z] - 1 - i):
                objslot[o] = nslot - 1
    if d == D_SEARCH_LIBRARY and e.h.decider == viewer:
        # 701.19: the searcher sees their library; shown are the cards they may take (one
        # per name, as A_SEARCH_TAKE offers them), sorted by card id: the library is
        # shuffled right after, and its order must not show (determinize keeps this view)
        z = zone_of(e, viewer, Z_LIBRARY)
        look = nslot
        for i in range(e.zcount[z] - 1, -1, -1):
            o = zone_list(e, z)[i]
            if (search_ex_matches(e, o, e.prog + e.h.resolving_pc) if searching_ex(e)
                    else search_matches(e, o, e.h.dctx0)) and not obs_name_above(e, z, i):
                if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1, 0):
                    objslot[o] = nslot - 1
        obs_sort_by_card(e, slot_obj, slot_pos, objslot, look, nslot)
    z = zone_of(e, viewer, Z_HAND)
    hand_start = nslot
    for i in range(e.zcount[z]):
        obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, zone_list(e, z)[i], -1, 0)
    hand_end = nslot
    obs_sort_by_card(e, slot_obj, slot_pos, objslot, hand_start, hand_end)
    for k in range(1, n):
        # 4b. the cards of an opponent's hand the observer knows (known.pxi), sorted the same
        z = zone_of(e, (viewer + k) % n, Z_HAND)
        hand_start = nslot
        for i in range(e.zcount[z]):
            o = zone_list(e, z)[i]
            if e.ob[o].known & (1 << viewer):
                obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1, 0)
        hand_end = nslot
        obs_sort_by_card(e, slot_obj, slot_pos, objslot, hand_start, hand_end)
    for k in range(n):
        z = zone_of(e, (viewer + k) % n, Z_GRAVEYARD)
        for i in range(e.zcount[z] - 1, -1, -1):
            o = zone_list(e, z)[i]
            if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1,
                        e.zcount[z] - 1 - i):
                objslot[o] = nslot - 1
    for i in range(e.zcount[exile] - 1, -1, -1):
        o = zone_list(e, exile)[i]
        if obs_take(slot_obj, slot_item, slot_pos, &nslot, slots, &left_out, o, -1,
                    e.zcount[exile] - 1 - i):
            objslot[o] = nslot - 1

    # --- the global part ------------------------------------------------------------------
    g[OBS_TURN] = e.h.turn
    g[OBS_SEAT] = viewer
    g[OBS_ACTIVE] = obs_rel(e.h.active, viewer, n)
    g[OBS_PRIORITY] = obs_rel(e.h.priority, viewer, n) if d == D_PRIORITY else -1
    g[OBS_DECIDER] = obs_rel(e.h.decider, viewer, n) if d != D_NONE else -1
    g[OBS_I_DECIDE] = 1 if d != D_NONE and e.h.decider == viewer else 0
    g[OBS_DECISION] = d
    g[OBS_DECISION_OBJECT] = -1
    g[OBS_DECISION_PLAYER] = -1
    if d == D_DECLARE_BLOCKERS:
        g[OBS_DECISION_PLAYER] = obs_rel(e.h.dctx0, viewer, n)
    elif d == D_DAMAGE_ORDER or d == D_ASSIGN_DAMAGE or d == D_ATTACK_WHAT or d == D_PAY_UNLESS \
            or d == D_BLOCK_WHICH:
        g[OBS_DECISION_OBJECT] = obs_slot_of(objslot, e, e.h.dctx0, -1)
    elif d == D_WARD_PAY:
        k = e.h.dctx0 % WARD_LIFE               # the stack index of what is countered unless paid
        for i in range(nslot):
            if slot_item[i] == k:
                g[OBS_DECISION_OBJECT] = i
        g[OBS_DECISION_VALUE] = 1 if e.h.dctx0 >= WARD_LIFE else 0     # 1: life is paid
    elif d == D_CHOOSE_REVEALED:                # 701.20: whose revealed hand (its cards are known)
        g[OBS_DECISION_PLAYER] = obs_rel(e.h.dctx0, viewer, n)
    elif d == D_AS_ENTERS:                      # 614.12: the permanent and the life to pay
        g[OBS_DECISION_OBJECT] = obs_slot_of(objslot, e, e.h.dctx0, -1)
        g[OBS_DECISION_VALUE] = entering_life(e, e.h.dctx0)
    elif d != D_NONE:
        g[OBS_DECISION_VALUE] = e.h.dctx0
    g[OBS_UNLESS_AMOUNT] = e.h.unless_amount
    g[OBS_STACK_SIZE] = e.h.stack_n
    g[OBS_LANDS_PLAYED] = e.h.lands_played
    g[OBS_GAME_OVER] = 1 if e.h.result != R_ONGOING else 0
    g[OBS_RESULT] = e.h.result
    g[OBS_WINNER] = obs_rel(e.h.winner, viewer, n)
    g[OBS_STARTING_PLAYER] = obs_rel(e.h.starting_player, viewer, n)
    g[OBS_SHOWN] = nslot
    g[OBS_LEFT_OUT] = left_out
    if 0 <= e.h.step < N_STEPS and e.h.result == R_ONGOING and e.h.stage != STG_MULLIGAN:
        g[OBS_STEP + e.h.step] = 1
    if 0 <= e.h.phase <= PH_ENDING and e.h.result == R_ONGOING and e.h.stage != STG_MULLIGAN:
        g[OBS_PHASE + e.h.phase] = 1

    # --- players, the observer first --------------------------------------------------------
    for k in range(n):
        p = (viewer + k) % n
        pr = out + OBS_GLOBAL_SIZE + k * OBS_PLAYER_SIZE
        pr[OBS_P_LIFE] = e.pl[p].life
        pr[OBS_P_POISON] = e.pl[p].poison
        pr[OBS_P_IN_GAME] = e.pl[p].in_game
        for c in range(N_MANA):
            pr[OBS_P_MANA + c] = e.pl[p].mana[c]
        pr[OBS_P_HAND] = e.zcount[zone_of(e, p, Z_HAND)]
        pr[OBS_P_LIBRARY] = e.zcount[zone_of(e, p, Z_LIBRARY)]
        pr[OBS_P_GRAVEYARD] = e.zcount[zone_of(e, p, Z_GRAVEYARD)]
        pr[OBS_P_MULLIGANS] = e.pl[p].mulligans
        pr[OBS_P_KEPT] = e.pl[p].kept
        pr[OBS_P_MAX_HAND] = e.pl[p].max_hand
        pr[OBS_P_LAND_PLAYS] = e.pl[p].land_plays

    # --- object slots -------------------------------------------------------------------------
    for i in range(nslot):
        s = out + OBS_GLOBAL_SIZE + n * OBS_PLAYER_SIZE + i * OBS_OBJECT_SIZE
        s[OBS_O_PRESENT] = 1
        s[OBS_O_POSITION] = slot_pos[i]
        s[OBS_O_ATTACHED_TO] = -1
        s[OBS_O_ATTACHED_PLAYER] = -1
        s[OBS_O_ATTACKS_PLAYER] = -1
        s[OBS_O_ATTACKS_OBJECT] = -1
        s[OBS_O_BLOCKS] = -1
        s[OBS_O_ABILITY] = -1
        s[OBS_O_TARGET0_PLAYER] = -1
        s[OBS_O_TARGET0_OBJECT] = -1
        s[OBS_O_TARGET1_PLAYER] = -1
        s[OBS_O_TARGET1_OBJECT] = -1
        if slot_item[i] >= 0:                   # the stack: a spell or an ability
            it = &e.stack[slot_item[i]]
            s[OBS_O_ZONE + OBS_ZONE_STACK] = 1
            s[OBS_O_STACK_KIND] = it.kind
            s[OBS_O_CONTROLLER] = obs_rel(it.controller, viewer, n)
            s[OBS_O_CARD] = -1
            if 0 <= it.obj < e.h.n_objects and it.kind != SK_COMBAT_DAMAGE:
                row = card_row(e, e.ob[it.obj].card)
                s[OBS_O_CARD] = e.ob[it.obj].card
                s[OBS_O_OWNER] = obs_rel(e.ob[it.obj].owner, viewer, n)
                if it.kind == SK_SPELL:
                    s[OBS_O_POWER] = row[CF_POWER]
                    s[OBS_O_TOUGHNESS] = row[CF_TOUGHNESS]
                    obs_bits(s + OBS_O_TYPES, row[CF_TYPES], OBS_N_TYPES)
                    obs_bits(s + OBS_O_COLORS, row[CF_COLORS], OBS_N_COLORS)
                    obs_bits(s + OBS_O_KEYWORDS, row[CF_KEYWORDS], OBS_N_KEYWORDS)
                elif it.ability >= 0:
                    s[OBS_O_ABILITY] = host_ability_index(e, it.obj, it.ability)   # grants.pxi
            else:
                s[OBS_O_OWNER] = -1
            if it.n_targets > 0:
                obs_target(e, s + OBS_O_TARGET0_PLAYER, objslot, it.targets[0], it.target_inc[0], viewer)
            if it.n_targets > 1:
                obs_target(e, s + OBS_O_TARGET1_PLAYER, objslot, it.targets[1], it.target_inc[1], viewer)
            continue
        o = slot_obj[i]
        ob = &e.ob[o]
        row = card_row(e, ob.card)
        s[OBS_O_CARD] = ob.card
        s[OBS_O_CONTROLLER] = obs_rel(ob.controller, viewer, n)
        s[OBS_O_OWNER] = obs_rel(ob.owner, viewer, n)
        s[OBS_O_TOKEN] = ob.token
        kind = zone_kind(e, ob.zone)
        if kind != Z_BATTLEFIELD:
            s[OBS_O_ZONE + (OBS_ZONE_HAND if kind == Z_HAND else OBS_ZONE_GRAVEYARD
                            if kind == Z_GRAVEYARD else OBS_ZONE_EXILE if kind == Z_EXILE
                            else OBS_ZONE_LIBRARY)] = 1
            s[OBS_O_POWER] = row[CF_POWER]
            s[OBS_O_TOUGHNESS] = row[CF_TOUGHNESS]
            if row[CF_ABILITY_KINDS] & LY_KIND_BIT:     # 604.3: a CDA works in every zone
                power_toughness(e, o, &ch.power, &ch.toughness)
                s[OBS_O_POWER] = ch.power
                s[OBS_O_TOUGHNESS] = ch.toughness
            obs_bits(s + OBS_O_TYPES, row[CF_TYPES], OBS_N_TYPES)
            obs_bits(s + OBS_O_COLORS, row[CF_COLORS], OBS_N_COLORS)
            obs_bits(s + OBS_O_KEYWORDS, row[CF_KEYWORDS], OBS_N_KEYWORDS)
            if kind == Z_HAND and (d == D_DISCARD or d == D_DISCARD_CHOICE):
                s[OBS_O_MARK] = ob.mark
            continue
        s[OBS_O_ZONE + OBS_ZONE_BATTLEFIELD] = 1
        s[OBS_O_TAPPED] = ob.tapped
        s[OBS_O_SICK] = ob.sick
        s[OBS_O_ATTACKING] = 1 if ob.combat & CB_ATTACKING else 0
        s[OBS_O_BLOCKING] = 1 if ob.combat & CB_BLOCKING else 0
        s[OBS_O_BLOCKED] = 1 if ob.combat & CB_BLOCKED else 0
        s[OBS_O_DECLARING] = 1 if ob.combat & CB_DECLARING else 0
        s[OBS_O_PHASED_OUT] = 1 if ob.phased_out else 0
        s[OBS_O_DAMAGE] = ob.damage
        s[OBS_O_PLUS1] = ob.plus1
        s[OBS_O_MINUS1] = ob.minus1
        s[OBS_O_LOYALTY] = ob.loyalty
        if d == D_LEGEND_RULE or d == D_ASSIGN_DAMAGE:
            s[OBS_O_MARK] = ob.mark
        if ob.phased_out:                       # 702.26b: treated as though it doesn't exist
            ch.types = row[CF_TYPES]
            ch.colors = row[CF_COLORS]
            ch.keywords = row[CF_KEYWORDS]
            ch.power = row[CF_POWER]
            ch.toughness = row[CF_TOUGHNESS]
        else:
            obs_chars(e, o, &ch)
        s[OBS_O_POWER] = ch.power
        s[OBS_O_TOUGHNESS] = ch.toughness
        obs_bits(s + OBS_O_TYPES, ch.types, OBS_N_TYPES)
        obs_bits(s + OBS_O_COLORS, ch.colors, OBS_N_COLORS)
        obs_bits(s + OBS_O_KEYWORDS, ch.keywords, OBS_N_KEYWORDS)
        if ob.attached_to >= TGT_PLAYER:
            s[OBS_O_ATTACHED_PLAYER] = obs_rel(ob.attached_to - TGT_PLAYER, viewer, n)
        elif ob.attached_to >= 0:
            s[OBS_O_ATTACHED_TO] = obs_slot_of(objslot, e, ob.attached_to, -1)
        if ob.combat & CB_ATTACKING:
            if ob.combat_target >= TGT_PLAYER:
                s[OBS_O_ATTACKS_PLAYER] = obs_rel(ob.combat_target - TGT_PLAYER, viewer, n)
            elif ob.combat_target >= 0:
                s[OBS_O_ATTACKS_OBJECT] = obs_slot_of(objslot, e, ob.combat_target, ob.target_inc)
        if ob.combat & CB_BLOCKING and ob.block_mask:
            cnt = 0
            for j in range(32):
                if (<uint32_t>ob.block_mask >> j) & 1:
                    if cnt == 0 and attacker_of_slot[j] >= 0:
                        s[OBS_O_BLOCKS] = objslot[attacker_of_slot[j]]
                    cnt += 1
            s[OBS_O_BLOCKS_N] = cnt
    if ids != NULL:
        # Which object each slot shows, in the numbering actions use (so an agent can tell
        # which slot an action's object is in).  Only shown objects appear: an id names a
        # place in the deck list, which is public, and the card in that slot is shown anyway.
        for i in range(slots):
            ids[i] = slot_obj[i] if i < nslot else -1      # -1: an ability on the stack, or empty
    return nslot



# --- the layout, for Python -----------------------------------------------------------------

_OBS_GLOBAL_NAMES = ("turn", "seat", "active", "priority", "decider", "i_decide", "decision",
                     "decision_object", "decision_player", "decision_value", "unless_amount",
                     "stack_size", "lands_played", "game_over", "result", "winner",
                     "starting_player", "shown", "left_out", "step", "phase")
_OBS_PARTS = {
    "step": ["untap", "upkeep", "draw", "main", "begin_combat", "declare_attackers",
             "declare_blockers", "combat_damage", "end_combat", "end", "cleanup"],
    "phase": ["beginning", "precombat_main", "combat", "postcombat_main", "ending"],
    "mana": ["W", "U", "B", "R", "G", "C"],
    "zone": ["battlefield", "stack", "hand", "graveyard", "exile", "library"],
    "types": ["artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery"],
    "colors": ["W", "U", "B", "R", "G"],
    "keywords": ["flying", "reach", "haste", "defender", "vigilance", "first_strike",
                 "double_strike", "trample", "deathtouch", "lifelink", "flash", "hexproof",
                 "shroud", "indestructible", "phasing", "menace", "infect", "wither",
                 "doesnt_untap", "shadow", "fear", "intimidate"],
}


def _obs_fields(prefix, names, size):
    """{name: (offset, length)} of one part of the layout, from its OBS_* offsets."""
    g = globals()
    offsets = sorted((g[prefix + name.upper()], name) for name in names)
    out = {}
    for k, (off, name) in enumerate(offsets):
        end = offsets[k + 1][0] if k + 1 < len(offsets) else size
        out[name] = (off, end - off)
    return out


def observation_layout(int n_players, int slots=OBS_SLOTS):
    """How ``State.observation`` lays out its vector for ``n_players`` seats and ``slots``
    object slots: ``size``, and for each part (``global``, ``players``, ``objects``) its
    ``offset`` in the vector, ``rows`` and ``row_size``, and ``fields`` = {name: (offset in
    the row, length)}; ``parts`` names the entries of the fields longer than one
    (``step``, ``phase``, ``mana``, ``zone``, ``types``, ``colors``, ``keywords``).  See
    docs/observations.md."""
    if not 2 <= n_players <= MAX_PLAYERS:
        raise EngineError(f"a game has 2 to {MAX_PLAYERS} players, not {n_players}")
    if not 1 <= slots <= OBS_MAX_SLOTS:
        raise EngineError(f"1 to {OBS_MAX_SLOTS} object slots, not {slots}")
    player_names = [n[6:].lower() for n in globals() if n.startswith("OBS_P_")]
    object_names = [n[6:].lower() for n in globals() if n.startswith("OBS_O_")]
    return {
        "size": observation_floats(n_players, slots),
        "global": {"offset": 0, "rows": 1, "row_size": OBS_GLOBAL_SIZE,
                   "fields": _obs_fields("OBS_", _OBS_GLOBAL_NAMES, OBS_GLOBAL_SIZE)},
        "players": {"offset": OBS_GLOBAL_SIZE, "rows": n_players, "row_size": OBS_PLAYER_SIZE,
                    "fields": _obs_fields("OBS_P_", player_names, OBS_PLAYER_SIZE)},
        "objects": {"offset": OBS_GLOBAL_SIZE + n_players * OBS_PLAYER_SIZE, "rows": slots,
                    "row_size": OBS_OBJECT_SIZE,
                    "fields": _obs_fields("OBS_O_", object_names, OBS_OBJECT_SIZE)},
        "parts": {k: list(v) for k, v in _OBS_PARTS.items()},
    }


# --- hidden information for search (ISMCTS): determinization ---------------------------------

cdef int32_t determinize(Engine* e, int32_t viewer, uint32_t* rng) noexcept nogil:
    """Resample what ``viewer`` can't see, in place: the cards of each opponent's hand and
    library are dealt again at random among those places (the same multiset, each card
    staying with its owner: 400.3, hands and libraries hold only their owner's cards), the
    viewer's own library is put in a random order, and the game's RNG is reseeded (its
    state is hidden too).  What the viewer sees stays: their hand, the public zones, every
    count, and the top cards of their library they are looking at (D_LIBRARY_CARDS,
    D_LOOK_TAKE) and their whole library while they search it (D_SEARCH_LIBRARY: the cards
    a search offers are shown by object id).  Cards known to the viewer (known.pxi: seen going there from a public
    zone, revealed, looked at) stay: in an opponent's hand, at their place in a library,
    or, when only the library is known (it was shuffled since), somewhere in that library.
    Only the ``card`` of hidden objects changes: no object moves, so every reference to an
    object stays valid.  The deal depends on what the viewer sees and ``rng`` alone: two
    states that differ only in which hidden card is where get the same cards at the same
    places (ISMCTS never peeks, ismcts.pxi).  Returns the number of hidden cards dealt again."""
    cdef int32_t pool[TGT_PLAYER]
    cdef int32_t cards[TGT_PLAYER]
    cdef int32_t n = e.h.n_players, p, k, i, j, z, o, npool, tmp, keep, total = 0, npass
    cdef uint8_t bit = <uint8_t>(1 << viewer)
    for p in range(n):
        # pass 0: the cards the viewer knows nothing of, over the hand and the library;
        # pass 1: within the library, every card whose place the viewer doesn't know (a
        # card known to be in it, after a shuffle, stays in it: 701.20)
        for npass in range(2):
            npool = 0
            for k in range(2):
                if k == 1 and (p == viewer or npass == 1):
                    break                       # the viewer's own hand is known
                z = zone_of(e, p, Z_LIBRARY if k == 0 else Z_HAND)
                keep = 0
                if k == 0 and p == viewer and e.h.decider == viewer and \
                        (e.h.decision == D_LIBRARY_CARDS or e.h.decision == D_LOOK_TAKE):
                    keep = e.h.dctx0            # the top cards the viewer is looking at
                if k == 0 and p == viewer and e.h.decider == viewer and e.h.decision == D_SEARCH_LIBRARY:
                    keep = e.zcount[z]          # 701.19: searching, the viewer sees it all
                for i in range(e.zcount[z] - keep):
                    o = zone_list(e, z)[i]
                    if e.ob[o].token or e.ob[o].owner != p or \
                            (e.ob[o].known_place if npass else e.ob[o].known) & bit:
                        continue
                    pool[npool] = o
                    cards[npool] = e.ob[o].card
                    npool += 1
            # the cards in a canonical order first (by card id), so the deal depends only
            # on what the viewer sees and the seed, never on where the hidden cards are now
            for i in range(1, npool):           # insertion sort: a library's worth
                tmp = cards[i]
                j = i - 1
                while j >= 0 and cards[j] > tmp:
                    cards[j + 1] = cards[j]
                    j -= 1
                cards[j + 1] = tmp
            for i in range(npool - 1, 0, -1):   # Fisher-Yates
                j = <int32_t>mtg_rng_below(rng, <uint32_t>(i + 1))
                tmp = cards[i]
                cards[i] = cards[j]
                cards[j] = tmp
            for i in range(npool):
                e.ob[pool[i]].card = cards[i]
            if npass == 0:
                total += npool
    # the summaries the core keeps about hands (state.pxi), for the cards now there
    for p in range(n):
        z = zone_of(e, p, Z_HAND)
        for i in range(e.zcount[z]):
            o = zone_list(e, z)[i]
            if is_fast_card(card_row(e, e.ob[o].card)):
                e.h.no_fast_in_hand = 0
            if card_row(e, e.ob[o].card)[CF_ZONE_ABILITIES]:
                e.h.zone_ability_cards = 1
    for i in range(4):
        e.h.rng[i] = mtg_rng_next(rng)
    if (e.h.rng[0] | e.h.rng[1] | e.h.rng[2] | e.h.rng[3]) == 0:
        e.h.rng[0] = 1
    e.h.decl_max = 0
    return total
