# Capacities per game (core/state.pxi "Capacities"): how many rows of each table a new game
# starts with, from what its cards can need.

# What a card can make the tables of a game need (NEED_* bits, one int per card row): a
# section whose need no card of the game has gets no rows (or, for the stack, one).
NEED_TOKENS = 1         # it can create tokens: spare object rows (111.2)
NEED_STACK = 2          # it can put something on the stack at instant speed or trigger
NEED_EFFECTS = 4        # it can create a continuous effect (611)
NEED_TRIGGERS = 8       # it has a triggered ability or creates a delayed trigger (603)
NEED_DELAYED = 16       # it creates a delayed triggered ability (603.7)
NEED_PAIRS = 32         # it is or may make a creature: combat pairs (509.2)
NEED_ALL = 63
# Opcodes that add no row to the continuous effects table (effects.pxi); any other (one
# added later too) counts as NEED_EFFECTS.
_NO_EFFECT_OPS = frozenset([
    OP_END, OP_DAMAGE, OP_DRAW, OP_LOSE_LIFE, OP_GAIN_LIFE, OP_EXTRA_TURN, OP_EXTRA_COMBAT,
    OP_SKIP_NEXT_STEP, OP_DESTROY, OP_SACRIFICE, OP_ADD_COUNTERS, OP_ATTACH, OP_ADD_MANA,
    OP_UNTAP, OP_EXTRA_STEP, OP_SKIP_NEXT_TURN, OP_POISON, OP_EXTRA_PHASE, OP_EXTRA_STEP_AT,
    OP_SKIP_NEXT_PHASE, OP_MILL, OP_DESTROY_ALL, OP_DISCARD_RANDOM, OP_PUT_FROM_HAND_ATTACKING,
    OP_PUT_FROM_HAND_BLOCKING, OP_CREATE_TOKEN, OP_COUNTER, OP_COUNTER_UNLESS, OP_IF, OP_BOUNCE,
    OP_COUNTER_EXILE,
    OP_TAP_ALL_CREATURES, OP_EXILE, OP_GAIN_LIFE_LKI_POWER, OP_SEARCH_BASIC_LAND, OP_REVEAL_TOP,
    OP_RETURN_FROM_GRAVEYARD, OP_DESTROY_NO_REGEN, OP_DESTROY_ALL_NO_REGEN,
    OP_RETURN_TO_BATTLEFIELD, OP_COUNT, OP_TAP, OP_DISCARD, OP_LOOK, OP_IF_COND,
    OP_INTERVENING_IF, OP_MAY, OP_WARD, OP_SEARCH, OP_GAIN_LIFE_TARGET_MV, OP_DELAYED,
    OP_SACRIFICE_CHOSEN,
    OP_TRANSFORM,                               # it turns the card over (701.28)
    OP_REMOVE_FROM_COMBAT,                      # combat fields only (506.4)
    OP_REMOVE_BLOCKER_ANEW,                     # combat fields and pairs (509.6)
    OP_CONNIVE,                                 # draws, discards, counters (701.50)
    OP_HAND_TO_TOP, OP_LOOK_PUT_BACK, OP_SHUFFLE,   # library order (401.4, 701.24)
    OP_EXILE_GRAVEYARD,                         # moves cards only (406.3)
    OP_LOOK_AT_HAND,                                # "look at target player's hand" (known.pxi)
    OP_AMOUNT,
    OP_PAY_MANA, OP_UNLESS, OP_SKIP, OP_SEARCH_EX])     # payments and searches (608.2d, 701.23)


def _program_needs(program, int start, int length):
    """NEED_* bits of one effect program (the tables were checked: it is well formed), and
    the token rows it creates."""
    needs, tokens = 0, []
    pc, end = start, start + length
    while pc < end:
        op = int(program[pc])
        if op not in _NO_EFFECT_OPS:
            needs |= NEED_EFFECTS | NEED_PAIRS          # (an effect may animate something)
        if op == OP_CREATE_TOKEN:
            needs |= NEED_TOKENS | NEED_PAIRS
            tokens.append(int(program[pc + 2]))
        if op == OP_DELAYED:
            needs |= NEED_DELAYED | NEED_TRIGGERS | NEED_STACK
        if op in (OP_IF, OP_DELAYED, OP_MAY, OP_IF_COND, OP_INTERVENING_IF):
            pc += {OP_IF: 3, OP_DELAYED: 3, OP_MAY: 3}.get(op, 6)   # into the body
        elif op in _OP_SIZES:
            pc += _OP_SIZES[op]
        else:
            return NEED_ALL, tokens                    # unknown to this walk: everything
    return needs, tokens


def card_needs(cards, abilities, program):
    """NEED_* bits per card row: what a game holding that card may need room for (its
    tokens' needs included)."""
    n = cards.shape[0]
    own = np.zeros(n, dtype=np.int64)
    makes = [[] for _ in range(n)]
    for c in range(n):
        row = cards[c]
        needs = 0
        if int(row[CF_TYPES]) & T_CREATURE:
            needs |= NEED_PAIRS
        if int(row[CF_TYPES]) & T_INSTANT or int(row[CF_KEYWORDS]) & KW_FLASH:
            needs |= NEED_STACK                        # 304.1, 702.8a: cast at instant speed
        if int(row[CF_STATIC]) or int(row[CF_ABILITY_KINDS]) & (1 << AB_STATIC):
            needs |= NEED_EFFECTS | NEED_PAIRS         # a static may make an effect (613)
        rows = list(range(int(row[CF_ABILITY_START]), int(row[CF_ABILITY_START]) + int(row[CF_ABILITY_COUNT])))
        if int(row[CF_ABILITY_KINDS]) & GRANT_BIT:     # grants.pxi: what it lends, too
            rows += [g for _, g in granted_rows_of_card(cards, abilities, program, c)]
        for ab in list(rows):
            if int(abilities[ab, AF_N_MODES]):
                rows += range(int(abilities[ab, AF_MODE_START]),
                              int(abilities[ab, AF_MODE_START]) + int(abilities[ab, AF_N_MODES]))
        for ab in rows:
            kind = int(abilities[ab, AF_KIND])
            if kind == AB_ACTIVATED:
                needs |= NEED_STACK | NEED_PAIRS       # 602.2: any time its controller could
            elif kind == AB_TRIGGERED:
                needs |= NEED_STACK | NEED_TRIGGERS | NEED_PAIRS
            if kind != AB_STATIC:                      # (a static's program is its changes)
                more, tokens = _program_needs(program, int(abilities[ab, AF_PROG_START]),
                                              int(abilities[ab, AF_PROG_LEN]))
                needs |= more
                makes[c] += tokens
        own[c] = needs
        if int(row[CF_FACE]):                          # faces: a game holding one face may
            makes[c].append(int(row[CF_OTHER_FACE]))   # need its other face's room too (712)
            if int(row[CF_FACE]) & FACE_SPLIT and int(row[CF_FACE]) & FACE_FRONT:
                makes[c].append(int(row[CF_OTHER_FACE]) + 1)    # both halves (709)
    total = own.copy()
    for c in range(n):                                 # the tokens it makes, and theirs
        seen, todo = {c}, list(makes[c])
        while todo:
            t = todo.pop()
            if 0 <= t < n and t not in seen:
                seen.add(t)
                total[c] |= own[t]
                todo += makes[t]
    return total


# How a new game sizes its tables (game_capacities; growth.pxi grows them during play).
cpdef enum:
    SIZING_SMALL = 0            # default: a few rows of each table its cards may use
    SIZING_MIN = 1              # none at all: every table grows from 0 (tests force growth)
    SIZING_FULL = 2             # the fixed sizes of STATE_VERSION 5 (STACK_CAP, ..., 64 spare
                                # object rows): nothing grows unless it outgrows those


def game_capacities(CardTables tables, decks, int token_room, int sizing=SIZING_SMALL):
    """The capacities of a new game of these decks (lists of card rows): ``token_room``
    spare object rows, or (-1) as many as its cards may need (none if no card makes
    tokens, else a few: the table grows as tokens are made); the other tables a few rows
    each as the cards need them (NEED_*), else none (the stack: one row, for a
    sorcery-speed spell).  Every table grows during play (growth.pxi) up to its largest
    size; ``sizing`` (SIZING_*) picks other starting sizes."""
    needs = 0
    for d in decks:
        if len(d):
            needs |= int(np.bitwise_or.reduce(tables.needs[np.asarray(d, dtype=np.int64)]))
    if sizing not in (SIZING_SMALL, SIZING_MIN, SIZING_FULL):
        raise EngineError(f"no sizing {sizing} (SIZING_SMALL, SIZING_MIN or SIZING_FULL)")
    full = sizing == SIZING_FULL
    rows = 0 if sizing == SIZING_MIN else GROW_FIRST_ROWS
    spare = token_room if token_room >= 0 else (
        0 if sizing == SIZING_MIN or not needs & NEED_TOKENS else 64 if full else 2 * GROW_FIRST_ROWS)
    n_cards = sum(len(d) for d in decks)
    return {"cap": max(1, n_cards + spare),
            "player_zone_cap": max([len(d) for d in decks] + [0])
                               + (spare if token_room >= 0 else 0),
            "stack_cap": (STACK_CAP if full else rows) if needs & NEED_STACK else
                         (0 if sizing == SIZING_MIN else 1),
            "effect_cap": (EFFECT_CAP if full else rows) if needs & NEED_EFFECTS else 0,
            "trigger_cap": (TRIGGER_CAP if full else rows) if needs & NEED_TRIGGERS else 0,
            "delayed_cap": (DELAYED_CAP if full else rows) if needs & NEED_DELAYED else 0,
            "pair_cap": (PAIR_CAP if full else 2 * rows) if needs & NEED_PAIRS else 0,
            "grow_objects": 1 if token_room < 0 else 0}
