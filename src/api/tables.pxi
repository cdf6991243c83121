# Checks of the card tables Python hands in (CardTables): every row's fields in their
# domains and every effect program well formed, so the kernels can trust them.
# _OP_SIZES: each opcode's length in ints, from core/constants.pxi.

# {opcode: its length in ints}, from the _LEN_ declared beside each opcode (core/constants.pxi;
# an opcode of variable length, 0, is left out).  Filled by the first _check_tables: the
# enum names reach the module's namespace only at the end of its initialisation.
_OP_SIZES = {}


def _opcode_sizes():
    if _OP_SIZES:
        return
    g = globals()
    ops = {name: value for name, value in g.items() if name.startswith("OP_")}
    missing = sorted(name for name in ops if "_LEN_" + name[3:] not in g)
    assert ops and not missing, f"opcodes declared without a length: {missing}"
    _OP_SIZES.update({value: g["_LEN_" + name[3:]] for name, value in ops.items()
                      if g["_LEN_" + name[3:]]})
    assert max(_OP_SIZES) < OP_CODE_LIMIT
    for op, n in _OP_SIZES.items():
        op_lengths[op] = n


def _search_destinations(int flags, int qual):
    """How many destinations an OP_SEARCH_EX names besides the battlefield: a hand, a
    graveyard, the top of the library (one at most)."""
    return (1 if flags & SEARCH_TO_HAND else 0) + (1 if qual & SEARCH_Q_TO_GRAVEYARD else 0) + \
        (1 if qual & SEARCH_Q_TO_TOP else 0)


def _check_combat_restrict(arg):
    """What is wrong with OP_COMBAT_RESTRICT's operands (ref, CM_* bits, duration,
    KW_* a group lacks), or None."""
    if not arg[1] or arg[1] & ~EF_COMBAT_BITS:
        return "unknown combat restriction"
    if not (DUR_END_OF_TURN <= (arg[2] & 255) <= DUR_PERMANENT and -1 <= (arg[2] >> 8) - 1 < N_STEPS):
        return "bad duration"
    if not 0 <= arg[3] <= ALL_KEYWORDS or (arg[3] and arg[0] not in _EF_COMBAT_GROUPS):
        return "a keyword filter is for a group of creatures"
    if GROUP_REF_FIRST <= arg[0] <= GROUP_REF_LAST and arg[0] not in _EF_COMBAT_GROUPS:
        return "a combat restriction names each creature, yours or your opponents'"
    return None


_EF_COMBAT_GROUPS = (REF_EACH_CREATURE, REF_CREATURES_YOU_CONTROL, REF_CREATURES_OPPONENTS_CONTROL)
# The changes a resolving spell or ability may make for a duration (OP_LAYER_EFFECT): not
# the control change of a static (OP_GAIN_CONTROL does that) nor a characteristic-defining
# ability (604.3: those are printed abilities).
_EFFECT_CHANGES = (LY_ADD_TYPES, LY_SET_SUBTYPES, LY_REMOVE_TYPES, LY_SET_COLORS, LY_ADD_COLORS,
                   LY_ADD_KEYWORDS, LY_LOSE_ALL, LY_PT_SET, LY_PT_SET_MV, LY_PT_MODIFY, LY_PT_SWITCH)
_STATIC_CHANGES = _EFFECT_CHANGES + (LY_CONTROL, LY_PT_CDA)
_STATIC_CHANGES += (LY_GRANT_ABILITY,)         # grants.pxi (613.1f): checked per card
_STATIC_CHANGES += (LY_PT_COUNT, LY_PT_CDA_COUNT, LY_AMOUNT)     # amounts.pxi (604.3, 613.4c)
_COUNT_CHANGES = (LY_PT_COUNT, LY_PT_CDA_COUNT)


def _check_amount(spec, types, subtypes):
    """What is wrong with a count expression (amounts.pxi), or None."""
    kind = spec & AMT_KIND_MASK
    if spec < 0 or not 1 <= kind <= AMT_KIND_LAST or spec & ~(AMT_KIND_MASK | (31 << AMT_COLOR_SHIFT)
                                                               | AMT_FLAGS | (31 << AMT_KW_SHIFT)):
        return "unknown count"
    if ((spec >> AMT_KW_SHIFT) & 31) and not (1 << (((spec >> AMT_KW_SHIFT) & 31) - 1)) & ALL_KEYWORD_BITS:
        return "unknown keyword in a count"
    if kind == AMT_COUNTERS:
        if not CTR_PLUS1 <= types <= CTR_LOYALTY or subtypes:
            return "bad counter kind in a count"
    elif not 0 <= types <= _ALL_TYPES or subtypes < 0:
        return "bad card types or subtypes in a count"
    return None
_COUNTS = (LY_COUNT_YOURS_SUBTYPE, LY_COUNT_YOURS_TYPE, LY_COUNT_GRAVEYARD_TYPE,
           LY_COUNT_GRAVEYARD_TYPES, LY_COUNT_LIFE)
_ALL_TYPES = 2 * T_KINDRED - 1


def _check_change(code, a, b, c):
    """What is wrong with one change of the layer system (LY_*), or None: the core trusts
    the operands (masks, amounts) it reads."""
    if code in (LY_ADD_TYPES, LY_REMOVE_TYPES) and not (0 <= a <= _ALL_TYPES and b >= 0):
        return "bad card types or subtypes"
    if code == LY_SET_SUBTYPES and not (a >= 0 and b >= 0 and a & ~b == 0):
        return "subtypes set outside the mask they replace"
    if code in (LY_SET_COLORS, LY_ADD_COLORS) and not 0 <= a < 32:
        return "bad colours"
    if code == LY_ADD_KEYWORDS and not 0 <= a <= ALL_KEYWORDS:
        return "unknown keywords"
    if code in (LY_PT_SET, LY_PT_MODIFY) and max(abs(a), abs(b)) > TABLE_AMOUNT_MAX:
        return f"power or toughness outside +-{TABLE_AMOUNT_MAX}"
    if code == LY_PT_CDA and not (a in _COUNTS and b >= 0 and 1 <= (c & 255) <= 3
                                  and 0 <= (c >> 8) <= TABLE_AMOUNT_MAX):
        return "bad characteristic-defining count"
    return None


def _check_condition(row, program):
    """What is wrong with the condition of a static ability row (611.3a), or None.  A
    condition that reads other permanents' characteristics only goes with changes of
    layer 6 or later: reading them can't then reach back into the ability itself."""
    cond, n = int(row[AF_LY_COND]), int(row[AF_LY_COND_N])
    types, subs, colors = (int(row[AF_LY_COND_TYPES]), int(row[AF_LY_COND_SUBTYPES]),
                           int(row[AF_LY_COND_COLORS]))
    if not 0 <= cond <= LYC_LAST or not 0 <= n <= TABLE_AMOUNT_MAX:
        return "unknown condition"
    if not 0 <= types <= _ALL_TYPES or subs < 0 or not 0 <= colors < 32:
        return "bad filter of its condition"
    if cond not in (LYC_YOU_CONTROL, LYC_YOU_CONTROL_OTHER, LYC_OPPONENT_CONTROLS,
                    LYC_YOU_CONTROL_NONE) and (types or subs or colors):
        return "a filter on a condition that counts no permanents"
    if cond in (LYC_YOU_CONTROL, LYC_YOU_CONTROL_OTHER, LYC_OPPONENT_CONTROLS,
                LYC_YOU_CONTROL_NONE):
        start, length = int(row[AF_PROG_START]), int(row[AF_PROG_LEN])
        if any(int(program[pc]) < LY_ADD_KEYWORDS for pc in range(start, start + length, 4)):
            return "a condition on other permanents with a change before layer 6"
    elif cond == 0 and (n or types or subs or colors):
        return "operands of a condition it doesn't have"
    if cond:
        start, length = int(row[AF_PROG_START]), int(row[AF_PROG_LEN])
        if any(int(program[pc]) in (LY_LOSE_ALL, LY_CONTROL, LY_PT_CDA)
               for pc in range(start, start + length, 4)):
            return ("a condition on a characteristic-defining ability (604.3a), a control "
                    "change or \"loses all abilities\"")
    return None


def _check_static(row, program):
    """What is wrong with a static ability row of the layer system, or None."""
    start, length = int(row[AF_PROG_START]), int(row[AF_PROG_LEN])
    scope = int(row[AF_LY_SCOPE])
    if scope == 0:
        if any(int(row[f]) for f in (AF_LY_COND, AF_LY_COND_N, AF_LY_COND_TYPES,
                                     AF_LY_COND_SUBTYPES, AF_LY_COND_COLORS)):
            return "a condition of the layer system on an ability that isn't one of its statics"
        return None if length == 0 else "a static ability with changes but no affected set"
    if scope not in (LY_SCOPE_SELF, LY_SCOPE_ATTACHED, LY_SCOPE_PERMANENTS):
        return "unknown affected set"
    if int(row[AF_LY_FLAGS]) & ~LY_ALL_FLAGS or not 0 <= int(row[AF_LY_TYPES]) <= _ALL_TYPES \
            or int(row[AF_LY_SUBTYPES]) < 0 or int(row[AF_LY_NOT_SUBTYPES]) < 0 \
            or not 0 <= int(row[AF_LY_COLORS]) < 32:
        return "bad filter of its affected set"
    if length == 0 or length % 4:
        return "its changes are not a list of 4-int changes"
    for pc in range(start, start + length, 4):
        code, a, b, c = (int(x) for x in program[pc:pc + 4])
        if code not in _STATIC_CHANGES:
            return f"unknown change {code} at {pc}"
        # amounts.pxi: a count change and its LY_AMOUNT quad come in pairs
        if (code in _COUNT_CHANGES) != (pc + 4 < start + length and int(program[pc + 4]) == LY_AMOUNT):
            return f"a count change without its count (LY_AMOUNT) at {pc}"
        if code == LY_AMOUNT:
            if pc == start or int(program[pc - 4]) not in _COUNT_CHANGES:
                return f"a count (LY_AMOUNT) that belongs to no change at {pc}"
            problem = _check_amount(a, b, c)
            if problem:
                return f"{problem} at {pc}"
            continue
        if code == LY_PT_COUNT and (max(abs(a), abs(b)) > TABLE_AMOUNT_MAX or c):
            return f"power or toughness for each outside +-{TABLE_AMOUNT_MAX} at {pc}"
        if code == LY_PT_CDA_COUNT and (scope != LY_SCOPE_SELF or a or b or
                                        not (1 <= (c & 255) <= 3 and 0 <= (c >> 8) <= TABLE_AMOUNT_MAX)):
            return f"bad characteristic-defining count at {pc} (604.3: its own object's)"
        if code == LY_PT_CDA and scope != LY_SCOPE_SELF:
            return "a characteristic-defining ability defines its own object's power (604.3)"
        if code == LY_CONTROL and scope != LY_SCOPE_ATTACHED:
            return "a control change of a static ability applies to what its source is attached to"
        problem = _check_change(code, a, b, c)
        if problem:
            return f"{problem} at {pc}"
    return _check_condition(row, program)
_REFS = ({REF_TARGET0, REF_TARGET1, REF_CONTROLLER, REF_SELF, REF_EACH_OPPONENT,
          REF_EACH_PLAYER, REF_ACTIVE_PLAYER, REF_THAT_CREATURE, REF_THAT_PLAYER,
          REF_LKI_CONTROLLER, REF_OPPONENTS_CREATURES_AND_PLANESWALKERS}
         | set(range(GROUP_REF_FIRST, GROUP_REF_LAST + 1)))
_REFS |= {REF_ATTACHED}                        # grant: "enchanted creature" (grants.pxi)
_REFS |= {REF_THAT_CARD}                       # a zone-change trigger's card (400.7)


_COUNT_CODES = (CNT_YOU_CONTROL, CNT_OTHER_YOU_CONTROL, CNT_YOU_CONTROL_SUBTYPE,
                CNT_OTHER_YOU_CONTROL_SUBTYPE, CNT_OPPONENTS_CONTROL, CNT_BATTLEFIELD,
                CNT_CARDS_IN_HAND, CNT_YOUR_GRAVEYARD, CNT_OPPONENTS)


def _check_choice_op(prog, pc, end, start):
    """What is wrong with a "you may" / condition / count / look / discard instruction
    (608.2c-d, 603.4, 701.8, 701.22, 701.25), or None."""
    op = int(prog[pc])
    head = {OP_IF_COND: 6, OP_INTERVENING_IF: 6, OP_MAY: 3, OP_COUNT: 4, OP_LOOK: 4,
            OP_DISCARD: 3}[op]
    if pc + head > end:
        return f"truncated opcode {op} at {pc}"
    a = [int(x) for x in prog[pc + 1:pc + head]]
    if op in (OP_IF_COND, OP_INTERVENING_IF):
        if op == OP_INTERVENING_IF and pc != start:
            return f"an intervening 'if' (603.4) must begin its program, at {pc}"
        if a[4] < 0 or pc + head + a[4] > end:
            return f"bad condition body at {pc}"
        if a[0] in (COND_COUNT_AT_LEAST, COND_COUNT_AT_MOST):
            if a[1] not in _COUNT_CODES or a[2] < 0 or not 0 <= a[3] <= TABLE_AMOUNT_MAX:
                return f"bad count condition at {pc}"
        elif a[0] in (COND_OPPONENT_LIFE_AT_MOST, COND_LIFE_AT_LEAST, COND_LIFE_AT_MOST):
            if abs(a[1]) > TABLE_AMOUNT_MAX:
                return f"bad life condition at {pc}"
        elif a[0] in (COND_CREATURE_DIED_THIS_TURN, COND_YOU_ATTACKED_THIS_TURN,
                      COND_CONTROL_POWER_AT_LEAST, COND_GRAVEYARD_CARD_TYPES_AT_LEAST,
                      COND_YOUR_TURN):
            if not 0 <= a[1] <= TABLE_AMOUNT_MAX or not 0 <= a[2] <= 1:
                return f"bad condition operands at {pc}"
        elif a[0] in (COND_NO_SPELLS_LAST_TURN, COND_TWO_SPELLS_LAST_TURN):     # faces
            if a[1] or a[2] or a[3]:
                return f"bad condition operands at {pc}"
        elif a[0] == COND_SELF_TAPPED:                # "if ~ is (un)tapped"
            if a[1] not in (0, 1):
                return f"bad condition operands at {pc}"
        elif a[0] == COND_SELF_KICKED or a[0] == COND_SELF_EVOKED:    # 702.33d, 702.74a
            if a[1] or a[2] or a[3]:
                return f"bad condition operands at {pc}"
        elif a[0] == COND_TARGET_MV_AT_MOST:          # 202.3, of a target on resolution
            if op != OP_IF_COND or not 0 <= a[1] <= TABLE_AMOUNT_MAX or \
                    not (a[2] == -1 or a[1] <= a[2] <= TABLE_AMOUNT_MAX) or \
                    a[3] not in (REF_TARGET0, REF_TARGET1):
                return f"bad 'if it has mana value N or less' condition at {pc}"
        elif a[0] == COND_REVOLT:                     # revolt (207.2c)
            if a[1] or a[2] or a[3]:
                return f"bad condition operands at {pc}"
        elif a[0] == COND_THAT_WAS_ALONE:             # 506.5, of a permanent that left
            if op != OP_INTERVENING_IF or not 1 <= a[1] <= CB_ATTACKING | CB_BLOCKING \
                    or a[2] or a[3]:
                return f"bad 'was attacking or blocking alone' condition at {pc}"
        else:
            return f"unknown condition {a[0]} at {pc}"
    elif op == OP_MAY:
        if a[0] not in _REFS or a[1] < 0 or pc + head + a[1] > end:
            return f"bad OP_MAY at {pc}"
    elif op == OP_COUNT:
        if a[0] not in _COUNT_CODES or a[1] < 0 or abs(a[2]) > TABLE_AMOUNT_MAX:
            return f"bad count at {pc}"
    elif op == OP_LOOK:
        if not 0 <= a[0] <= 255 or not (LOOK_SCRY <= a[1] <= LOOK_MAY_TAKE or a[1] == LOOK_TAKE_ONE_REST_GRAVEYARD) or \
                not 0 <= a[2] < 2 * T_KINDRED:
            return f"bad OP_LOOK at {pc}"
    elif a[0] not in _REFS or not 0 <= a[1] <= TABLE_AMOUNT_MAX:
        return f"bad OP_DISCARD at {pc}"
    return None


def _check_program(prog, start, length, cards=None, may_body=False):
    """Walk one effect program; return what is wrong with it, or None.  The core trusts
    programs completely, so every operand it indexes with is checked here, once."""
    pc, end = start, start + length
    while pc < end:
        op = int(prog[pc])
        if op in (OP_IF_COND, OP_INTERVENING_IF, OP_MAY, OP_COUNT, OP_LOOK, OP_DISCARD):
            problem = _check_choice_op(prog, pc, end, start)
            if problem:
                return problem
            if op in (OP_IF_COND, OP_INTERVENING_IF, OP_MAY):
                head = 3 if op == OP_MAY else 6
                inner = _check_program(prog, pc + head, int(prog[pc + head - 1]), cards,
                                       op == OP_MAY)
                if inner:
                    return inner
                pc += head + int(prog[pc + head - 1])
            else:
                pc += _OP_SIZES[op]
            continue
        if op == OP_IF:
            if pc + 3 > end:
                return f"truncated OP_IF at {pc}"
            cond, body = int(prog[pc + 1]), int(prog[pc + 2])
            if cond not in (COND_KICKED, COND_NOT_KICKED) or body < 0 or pc + 3 + body > end:
                return f"bad OP_IF at {pc}"
            inner = _check_program(prog, pc + 3, body, cards)
            if inner:
                return inner
            pc += 3 + body
            continue
        if op == OP_UNLESS:                               # rules/payments_and_searches.pxi (608.2d)
            problem = _check_unless(prog, pc, end, cards)
            if problem:
                return problem
            pc += 15 + int(prog[pc + 14])
            continue
        if op == OP_SKIP:
            return f"OP_SKIP outside an OP_UNLESS at {pc}"
        if op == OP_PAY_MANA and (pc != start or not may_body or pc + 10 > end or int(prog[pc + 2]) < 0 or
                                  not all(0 <= int(x) <= TABLE_AMOUNT_MAX for x in prog[pc + 2:pc + 10]) or
                                  (int(prog[pc + 2]) > 0) == any(int(x) for x in prog[pc + 3:pc + 10])):
            return f"OP_PAY_MANA at {pc}: mana or life, only as the first instruction of a choice's body"
        if op == OP_COUNTER_UNLESS and pc + 3 != end:
            return f"OP_COUNTER_UNLESS at {pc} is not the last instruction"
        if op == OP_DELAYED:
            if pc + 3 > end:
                return f"truncated OP_DELAYED at {pc}"
            step, body = int(prog[pc + 1]), int(prog[pc + 2])
            if not 0 <= step < N_STEPS or body < 0 or pc + 3 + body > end:
                return f"bad OP_DELAYED at {pc}"
            inner = _check_program(prog, pc + 3, body, cards)
            if inner:
                return inner
            pc += 3 + body
            continue
        if op == OP_AMOUNT:                               # amounts.pxi (608.2h)
            if pc + 5 > end:
                return f"truncated opcode {op} at {pc}"
            spec, types, subtypes, mult = (int(x) for x in prog[pc + 1:pc + 5])
            problem = _check_amount(spec, types, subtypes)
            if problem or abs(mult) > TABLE_AMOUNT_MAX:
                return f"{problem or 'bad multiplier'} at {pc}"
            pc += 5
            continue
        if op not in _OP_SIZES:
            return f"unknown opcode {op} at {pc}"
        size = _OP_SIZES[op]
        if pc + size > end:
            return f"truncated opcode {op} at {pc}"
        arg = [int(x) for x in prog[pc + 1:pc + size]]
        amount = {OP_DAMAGE: 1, OP_LOSE_LIFE: 1, OP_GAIN_LIFE: 1, OP_POISON: 1,
                  OP_ADD_COUNTERS: 2, OP_ADD_MANA: 1, OP_DISCARD_RANDOM: 1, OP_CREATE_TOKEN: 2,
                  OP_COUNTER_UNLESS: 1}.get(op)
        x_ok = op in (OP_DAMAGE, OP_LOSE_LIFE, OP_GAIN_LIFE, OP_CREATE_TOKEN, OP_COUNTER_UNLESS)
        if amount is not None and not 0 <= arg[amount] <= TABLE_AMOUNT_MAX and \
                not (x_ok and arg[amount] == AMOUNT_IS_X) and \
                not (op in (OP_DAMAGE, OP_LOSE_LIFE, OP_GAIN_LIFE, OP_ADD_COUNTERS, OP_CREATE_TOKEN)
                     and arg[amount] == AMOUNT_IS_COUNT):
            return f"amount {arg[amount]} outside 0..{TABLE_AMOUNT_MAX} at {pc}"
        if op == OP_CREATE_TOKEN and (cards is None or not 0 <= arg[1] < cards.shape[0]
                                      or int(cards[arg[1], CF_TYPES]) & (T_INSTANT | T_SORCERY)
                                      or not int(cards[arg[1], CF_TYPES])):
            return f"OP_CREATE_TOKEN at {pc} names no permanent card row (111.2)"
        if op in (OP_PUMP, OP_PUMP_FOR_EACH) and max(abs(arg[1]), abs(arg[2])) > TABLE_AMOUNT_MAX \
                and not (op == OP_PUMP and AMOUNT_IS_COUNT in (arg[1], arg[2])
                         and max([abs(v) for v in arg[1:3] if v != AMOUNT_IS_COUNT], default=0) <= TABLE_AMOUNT_MAX):
            return f"pump outside +-{TABLE_AMOUNT_MAX} at {pc}"
        if op == OP_PUMP_FOR_EACH and arg[4] not in (CNT_BLOCKING, CNT_BLOCKERS):
            return f"unknown count at {pc}"
        if op == OP_GRANT_KEYWORDS and not 0 <= arg[1] <= ALL_KEYWORDS:
            return f"unknown keywords at {pc}"
        if op == OP_LAYER_EFFECT:
            if arg[1] not in _EFFECT_CHANGES:
                return f"unknown change {arg[1]} at {pc}"
            problem = _check_change(arg[1], arg[2], arg[3], 0)
            if problem:
                return f"{problem} at {pc}"
            if not (DUR_END_OF_TURN <= (arg[4] & 255) <= DUR_PERMANENT and -1 <= (arg[4] >> 8) - 1 < N_STEPS):
                return f"bad duration at {pc}"
        if op in (OP_PUMP, OP_GRANT_KEYWORDS, OP_GAIN_CONTROL, OP_PUMP_FOR_EACH):
            if op == OP_GRANT_KEYWORDS:
                dur = arg[2]
            elif op == OP_GAIN_CONTROL:
                dur = arg[1]
            else:
                dur = arg[3]
            if not (DUR_END_OF_TURN <= (dur & 255) <= DUR_NEXT_UNTAP and -1 <= (dur >> 8) - 1 < N_STEPS):
                return f"bad duration at {pc}"
        if op == OP_COMBAT_RESTRICT and _check_combat_restrict(arg):    # 508.1c / 509.1b
            return f"{_check_combat_restrict(arg)} at {pc}"
        if op in (OP_EXTRA_STEP,):
            if not 0 <= arg[0] < N_STEPS:
                return f"bad step at {pc}"
        elif op == OP_EXTRA_STEP_AT:
            if not (0 <= arg[0] < N_STEPS and 0 <= arg[1] < N_STEPS and arg[2] in (0, 1)):
                return f"bad step at {pc}"
        elif op == OP_EXTRA_PHASE:
            if not PH_BEGINNING <= arg[0] <= PH_ENDING:
                return f"bad phase at {pc}"
        elif op == OP_ADD_MANA:
            if not 0 <= arg[0] < N_MANA or arg[1] < 0:
                return f"bad mana at {pc}"
        elif op == OP_WARD:                               # 702.21a
            if not (0 <= arg[0] <= TABLE_AMOUNT_MAX and 0 <= arg[1] <= TABLE_AMOUNT_MAX
                    and (arg[0] == 0) != (arg[1] == 0)) or pc + size != end:
                return f"a ward cost is mana or life, and the last opcode, at {pc}"
        elif op == OP_SACRIFICE_CHOSEN:                   # 701.21a
            if arg[0] not in _REFS or not arg[1] & SACQ_TYPES or \
                    arg[1] & ~(FILTER_ALL_BITS & ~(FILTER_CARD | SACQ_ANOTHER)):
                return f"a sacrifice of chosen permanents names no kind of permanent, at {pc}"
        elif op == OP_SEARCH:                             # 701.19
            if arg[0] not in _REFS or arg[1] & ~FILTER_SEARCH_BITS or arg[1] < 0 or pc + size != end:
                return f"a library search must be the last opcode, with known flags, at {pc}"
        elif op == OP_SEARCH_EX:                          # 701.23 (rules/payments_and_searches.pxi)
            if arg[0] != REF_CONTROLLER or arg[1] & ~SEARCH_ALL_BITS or arg[1] < 0 or \
                    arg[3] & ~SEARCH_Q_ALL_BITS or arg[3] < 0 or not 0 <= arg[4] <= TABLE_AMOUNT_MAX or \
                    _search_destinations(arg[1], arg[3]) > 1 or \
                    ((arg[3] & SEARCH_Q_TO_TOP) and (arg[1] & SEARCH_TAPPED)) or \
                    (not _search_destinations(arg[1], arg[3]) and
                     not (arg[1] >> SEARCH_TYPE_SHIFT) & SACQ_TYPES & ~(T_INSTANT | T_SORCERY)
                     and not arg[2] and not arg[3] & SEARCH_Q_SAME_NAME):
                return f"a library search of its controller, with known qualities, at {pc}"
        elif op == OP_REMOVE_BLOCKER_ANEW:                # 509.6 (combat/blockers_by_effect.pxi)
            # the block it makes comes after the resolution: nothing may follow it
            if arg[0] not in _REFS or not BLOCK_ANEW_NONE <= arg[1] <= BLOCK_ANEW_MAY or \
                    (arg[1] != BLOCK_ANEW_NONE and pc + size != end):
                return f"a removal from combat that blocks anew must be its program's last instruction, at {pc}"
        elif op == OP_CONNIVE:                            # 701.50 (rules/connive.pxi)
            if arg[0] not in _REFS or not 1 <= arg[1] <= TABLE_AMOUNT_MAX:
                return f"a permanent connives 1..{TABLE_AMOUNT_MAX} at {pc}"
        elif op == OP_REVEAL_CHOOSE_DISCARD:              # 701.20, 701.8 (rules/hand_choices.pxi)
            if arg[0] not in _REFS or arg[1] & ~((SACQ_TYPES << SEARCH_TYPE_SHIFT) | SEARCH_BASIC) or \
                    arg[1] < 0 or arg[3] < 0 or \
                    arg[3] & ~(SEARCH_Q_ALL_BITS & ~(SEARCH_Q_SAME_NAME | SEARCH_Q_TO_GRAVEYARD | SEARCH_Q_TO_TOP)) or \
                    not 0 <= arg[4] <= TABLE_AMOUNT_MAX:
                return f"a choice from a revealed hand with qualities a card in hand can have, at {pc}"
        elif op == OP_HAND_TO_TOP:                        # 401.4 (rules/library_order.pxi)
            if arg[0] not in _REFS or not 1 <= arg[1] <= TABLE_AMOUNT_MAX:
                return f"cards put from a hand on top of a library: a player and 1..{TABLE_AMOUNT_MAX}, at {pc}"
        elif op == OP_LOOK_PUT_BACK:                      # 401.4 (rules/library_order.pxi)
            if not 1 <= arg[0] <= 255:
                return f"cards looked at and put back: 1..255, at {pc}"
        elif op == OP_PUT_FROM_HAND_BLOCKING:
            if not 0 <= arg[0] <= 255 or arg[1] not in _REFS or pc + size != end:
                return f"a choice from hand must be the last instruction of its program, at {pc}"
        elif op == OP_PUT_FROM_HAND_ATTACKING:
            # its choice is a decision (D_CHOOSE_FROM_HAND): resolution can't go on after it
            if not 0 <= arg[0] <= 255 or pc + size != end:
                return f"a choice from hand must be the last instruction of its program, at {pc}"
        elif size > 1 and op != OP_EXTRA_COMBAT:
            if arg[0] not in _REFS:
                return f"bad reference {arg[0]} at {pc}"
            if op == OP_SKIP_NEXT_STEP and not 0 <= arg[1] < N_STEPS:
                return f"bad step at {pc}"
            if op == OP_SKIP_NEXT_PHASE and not PH_BEGINNING <= arg[1] <= PH_ENDING:
                return f"bad phase at {pc}"
            if op == OP_ADD_COUNTERS and not CTR_PLUS1 <= arg[1] <= CTR_LOYALTY:
                return f"bad counter kind at {pc}"
            if op == OP_SEARCH_BASIC_LAND and (not 0 <= arg[1] <= SEARCH_TAPPED or pc + size != end):
                return f"a library search must be the last opcode, with known flags, at {pc}"
            if op == OP_REVEAL_TOP and not 0 <= arg[1] < 2 * T_KINDRED:
                return f"bad card types at {pc}"
            if op in (OP_DRAW, OP_MILL) and not 0 <= arg[1] <= 10000 and arg[1] != AMOUNT_IS_X \
                    and not (op in (OP_DRAW, OP_MILL) and arg[1] == AMOUNT_IS_COUNT):
                return f"bad count at {pc}"
            if op == OP_DESTROY_ALL and not 0 < arg[1] < 2 * T_KINDRED:
                return f"bad card types at {pc}"
            # zone changes and prevention (replacement.py)
            if op == OP_DESTROY_ALL_NO_REGEN and not 0 < arg[1] < 2 * T_KINDRED:
                return f"bad card types at {pc}"
            if op == OP_PREVENT_NEXT and not 0 <= arg[1] <= TABLE_AMOUNT_MAX and arg[1] != AMOUNT_IS_X:
                return f"bad amount of damage to prevent at {pc}"
            if op == OP_DAMAGE_BY_POWER and arg[1] not in _REFS:      # its second reference (120.1)
                return f"bad reference {arg[1]} at {pc}"
        pc += size
    return None


def _check_ability_extras(i, row, abilities):
    """The columns of modes, kicker, flashback, additional costs and hand abilities."""
    n_ab = abilities.shape[0]
    flags = int(row[AF_COST_FLAGS])          # known flags: checked by the caller
    extras = [int(x) for x in row[AF_KICKER_GENERIC:AF_FLASHBACK_GENERIC + 7]] + \
        [int(row[AF_LIFE_COST]), int(row[AF_FLASHBACK_LIFE])]
    if min(extras) < 0 or max(extras) > TABLE_AMOUNT_MAX:
        return f"ability row {i} has a kicker, flashback or life cost outside 0..{TABLE_AMOUNT_MAX}"
    n_modes, choose, start = int(row[AF_N_MODES]), int(row[AF_CHOOSE]), int(row[AF_MODE_START])
    if n_modes:
        if int(row[AF_KIND]) not in (AB_SPELL, AB_ACTIVATED, AB_TRIGGERED) or \
                (int(row[AF_KIND]) != AB_SPELL and choose != 1) or \
                not 1 <= choose <= n_modes <= 8 or start < 0 or start + n_modes > n_ab:
            return f"ability row {i} has malformed modes (700.2)"
        per_mode = sorted((int(abilities[start + m, AF_N_TARGETS]) for m in range(n_modes)),
                          reverse=True)
        if sum(per_mode[:choose]) > MAX_TARGETS or int(row[AF_N_TARGETS]) != 0:
            return f"ability row {i}: its chosen modes could have more than {MAX_TARGETS} targets"
        if any(int(abilities[start + m, AF_N_MODES]) for m in range(n_modes)):
            return f"ability row {i}: a mode with modes of its own"
    elif choose or start:
        return f"ability row {i} chooses modes it doesn't have"
    if int(row[AF_FROM_HAND]) == FROM_HAND_CYCLING and not flags & COST_DISCARD_SELF:
        return f"ability row {i}: a cycling ability discards its card (702.29a)"
    disc = int(row[AF_ACTIVATION_DISCOUNT])
    if disc and (int(row[AF_KIND]) != AB_ACTIVATED or disc & ~ADISC_ALL_BITS or
                 not disc & ADISC_N_MASK or flags & COST_LOYALTY):
        return (f"ability row {i}: AF_ACTIVATION_DISCOUNT is {{N}} (1..15) less for each permanent "
                "of some types, on an activated ability that isn't a loyalty ability (118.7)")
    if int(row[AF_FROM_HAND]) not in (0, FROM_HAND, FROM_HAND_CYCLING) or (int(row[AF_FROM_HAND]) and (
            int(row[AF_KIND]) != AB_ACTIVATED or flags & (COST_TAP | COST_SAC_SELF))):
        return f"ability row {i}: only an activated ability without {{T}} or sacrifice works from the hand"
    if flags & COST_DISCARD_SELF and not int(row[AF_FROM_HAND]):
        return f"ability row {i} discards its card but doesn't work from the hand"
    return None


def _check_card_costs(i, row):
    """The cost columns of tapping, sacrificing, discarding and exiling (118.3): several to tap (then no mana: tapping them
    comes before the mana, 601.2h), cards to discard (AF_DISCARD_COST) or to exile from the
    graveyard (AF_EXILE_COST): FILTER_CARD specs of card types, a subtype and a count."""
    tap, disc, exi = int(row[AF_TAP_COST]), int(row[AF_DISCARD_COST]), int(row[AF_EXILE_COST])
    if tap and (tap >> FILTER_COUNT_SHIFT) & FILTER_COUNT_BITS and \
            (any(int(row[AF_COST_GENERIC + k]) for k in range(7)) or int(row[AF_COST_HYBRID])):
        return f"ability row {i} taps several permanents for a cost with mana (not supported)"
    for spec in (disc, exi):
        if spec and (not spec & FILTER_CARD or spec & ~(FILTER_ALL_BITS & ~(
                SACQ_ANOTHER | FILTER_TOKEN | FILTER_NONTOKEN))):
            return f"ability row {i} has a malformed discard or exile cost (FILTER_CARD spec)"
    if disc and not int(row[AF_COST_FLAGS]) & COST_DISCARD:
        return f"ability row {i} has AF_DISCARD_COST without COST_DISCARD"
    if (disc or exi) and int(row[AF_KIND]) != AB_ACTIVATED:
        return f"ability row {i}: only activated abilities have discard or exile costs here (602.1)"
    if int(row[AF_OTHER_COST]) & OC_EXILE_SELF and int(row[AF_KIND]) != AB_ACTIVATED:
        return f"ability row {i}: only activated abilities exile their permanent as a cost here"
    if (exi or int(row[AF_OTHER_COST]) & OC_EXILE_SELF) and int(row[AF_FROM_HAND]):
        return f"ability row {i}: an ability from the hand has no exile cost here"
    return None


def _check_activation_costs(i, row):
    """The columns of costs other than mana (118.3): AF_SAC_COST,
    AF_TAP_COST, AF_COUNTER_COST, AF_OTHER_COST; they belong to activated and mana abilities
    (and a spell's AF_SAC_COST: the card types of its additional sacrifice cost, 601.2f)."""
    sac, tap, ctr, other = (int(row[AF_SAC_COST]), int(row[AF_TAP_COST]),
                            int(row[AF_COUNTER_COST]), int(row[AF_OTHER_COST]))
    for spec in (sac, tap):
        if spec and (spec & ~(FILTER_ALL_BITS & ~FILTER_CARD) or not spec & SACQ_TYPES):
            return f"ability row {i} has a sacrifice or tap cost naming no card type"
        if (spec & FILTER_TOKEN) and (spec & FILTER_NONTOKEN):
            return f"ability row {i} has a cost asking for a token that is a nontoken"
    problem = _check_card_costs(i, row)
    if problem:
        return problem
    if ctr and not (1 <= (ctr & 255) <= 255 and (ctr >> 8) in (CTR_PLUS1, CTR_MINUS1)):
        return f"ability row {i} has a malformed counter cost"
    if other & ~OC_ALL_BITS:
        return f"ability row {i} has unknown costs (AF_OTHER_COST)"
    if sac and int(row[AF_KIND]) == AB_SPELL:
        # 601.2f, 118.8: a spell's additional cost "sacrifice an artifact or creature"
        if not int(row[AF_COST_FLAGS]) & COST_SAC_CREATURE or sac & ~SACQ_TYPES:
            return f"ability row {i}: a spell's AF_SAC_COST is card types with COST_SAC_CREATURE"
        sac = 0
    if (sac or tap or ctr or other) and int(row[AF_KIND]) not in (AB_ACTIVATED, AB_MANA):
        return f"ability row {i}: only activated and mana abilities have such costs (602.1)"
    if int(row[AF_KIND]) == AB_MANA and (sac or tap or int(row[AF_COST_FLAGS]) & COST_DISCARD):
        return f"ability row {i}: a mana ability can't ask for a choice of what to sacrifice, tap or discard here"
    if int(row[AF_FROM_HAND]) and (sac or tap or ctr or other):
        return f"ability row {i}: an ability from the hand has no such costs here"
    if other & OC_UNTAP and int(row[AF_COST_FLAGS]) & COST_TAP:
        return f"ability row {i} both taps and untaps its permanent"
    if sac and not sac & SACQ_ANOTHER and int(row[AF_COST_FLAGS]) & COST_SAC_SELF:
        return f"ability row {i} sacrifices itself and 'a' permanent it may be (write 'another')"
    if other & OC_EXILE_SELF and int(row[AF_COST_FLAGS]) & COST_SAC_SELF:
        return f"ability row {i} both exiles and sacrifices its permanent"
    if int(row[AF_MANA_SELF_DAMAGE]) and (int(row[AF_KIND]) != AB_MANA or
                                          not 0 < int(row[AF_MANA_SELF_DAMAGE]) <= TABLE_AMOUNT_MAX):
        return f"ability row {i}: only a mana ability deals damage to its controller (AF_MANA_SELF_DAMAGE)"
    if int(row[AF_MANA_EXTRA]) and (int(row[AF_KIND]) != AB_MANA or
                                    not 0 < int(row[AF_MANA_EXTRA]) < 1 << 24):
        return f"ability row {i}: only a mana ability adds more mana (AF_MANA_EXTRA, 4 bits per colour)"
    if int(row[AF_CREW]) and (int(row[AF_KIND]) != AB_ACTIVATED or int(row[AF_FROM_HAND]) or
                              not 0 < int(row[AF_CREW]) <= TABLE_AMOUNT_MAX or
                              sac or tap or int(row[AF_COST_FLAGS]) & COST_TAP):
        return (f"ability row {i}: a crew cost (AF_CREW, 702.122a) belongs to an activated "
                "ability on the battlefield, with no {T} or other tapping or sacrifice cost")
    if int(row[AF_MULTIKICKER]) and (int(row[AF_MULTIKICKER]) != 1 or int(row[AF_KIND]) != AB_SPELL
                                     or not int(row[AF_COST_FLAGS]) & COST_KICKER):   # kicker
        return f"ability row {i}: AF_MULTIKICKER is 1 on a spell ability with a kicker (702.33c)"
    return _check_alternative_cost(i, row)


def _check_alternative_cost(i, row):
    """The AF_ALT_* columns (118.9, alternative_costs.pxi): all 0 unless the spell ability
    has COST_ALTERNATIVE; then a mana and life cost in range, at most ALTK_N_MAX cards or
    permanents of a colour / subtype, a known condition, and no flashback (118.9a)."""
    alt = [int(x) for x in row[AF_ALT_GENERIC:AF_ALT_EVOKE + 1]]
    flags = int(row[AF_COST_FLAGS])
    if not flags & COST_ALTERNATIVE:
        if any(alt):
            return f"ability row {i} has alternative-cost columns but no COST_ALTERNATIVE"
        return None
    kind, n = int(row[AF_ALT_CHOICE]) & ((1 << ALTK_N_SHIFT) - 1), int(row[AF_ALT_CHOICE]) >> ALTK_N_SHIFT
    cond = int(row[AF_ALT_COND])
    if int(row[AF_KIND]) != AB_SPELL or flags & COST_FLASHBACK:
        return f"ability row {i}: an alternative cost belongs to a spell ability without flashback (118.9a)"
    if min(alt[:8]) < 0 or max(alt[:8]) > TABLE_AMOUNT_MAX:
        return f"ability row {i} has an alternative mana or life cost outside 0..{TABLE_AMOUNT_MAX}"
    if not ALTK_NONE <= kind <= ALTK_SACRIFICE or (kind == ALTK_NONE) != (n == 0) or \
            not 0 <= n <= ALTK_N_MAX or (kind == ALTK_NONE) != (int(row[AF_ALT_QUALITY]) == 0) or \
            (kind == ALTK_EXILE_FROM_HAND and not 0 < int(row[AF_ALT_QUALITY]) < 1 << 5) or \
            (kind in (ALTK_RETURN, ALTK_SACRIFICE) and int(row[AF_ALT_QUALITY]) <= 0):
        return f"ability row {i} has a malformed AF_ALT_CHOICE / AF_ALT_QUALITY (118.9)"
    if not ALTC_ALWAYS <= cond <= ALTC_YOU_CONTROL or \
            (cond == ALTC_YOU_CONTROL) != (int(row[AF_ALT_COND_SUBTYPES]) > 0) or \
            int(row[AF_ALT_COND_SUBTYPES]) < 0:
        return f"ability row {i} has a malformed alternative-cost condition (AF_ALT_COND)"
    if int(row[AF_ALT_EVOKE]) not in (0, 1):
        return f"ability row {i}: AF_ALT_EVOKE is 0 or 1 (702.74a)"
    return None


def _check_tables(cards, abilities, program):
    _opcode_sizes()
    n_ab, n_prog = abilities.shape[0], program.shape[0]
    own_chapters = set()            # chapter abilities printed on a card (sagas.pxi, 714.2)
    for i, row in enumerate(cards):
        start, count = int(row[CF_ABILITY_START]), int(row[CF_ABILITY_COUNT])
        if count < 0 or start < 0 or start + count > n_ab:
            return f"card row {i} names abilities outside the ability table"
        if not 0 <= int(row[CF_COST_GENERIC]) or min(int(x) for x in row[CF_COST_W:CF_COST_W + 6]) < 0:
            return f"card row {i} has a negative cost"
        if hybrid_word_problem(int(row[CF_COST_HYBRID])) is not None:       # hybrid.pxi
            return f"card row {i}: CF_COST_HYBRID {hybrid_word_problem(int(row[CF_COST_HYBRID]))}"
        if phyrexian_word_problem(int(row[CF_COST_PHYREXIAN]), row[CF_COST_W:CF_COST_W + 5]) \
                is not None:                                             # phyrexian.pxi
            return (f"card row {i}: CF_COST_PHYREXIAN "
                    f"{phyrexian_word_problem(int(row[CF_COST_PHYREXIAN]), row[CF_COST_W:CF_COST_W + 5])}")
        if int(row[CF_TYPES]) == T_KINDRED:
            return f"card row {i} is Kindred with no other card type (300.2b, 308.1)"
        # The core skips cards by this summary (triggers, activated and mana abilities,
        # statics): it must say exactly which kinds of ability the card has.
        kinds = (1 << AB_STATIC) if int(row[CF_STATIC]) or int(row[CF_EQUIP_DISCOUNT]) or \
            int(row[CF_COMBAT]) & CM_STATIC_BITS else 0
        if int(row[CF_PROTECTION]) & ~(PRO_ALL_BITS | (SUB_CREATURE_TYPES << PRO_SUBTYPE_SHIFT)):
            return f"card row {i} has unknown protection qualities (702.16)"
        if not 0 <= int(row[CF_EQUIP_DISCOUNT]) <= TABLE_AMOUNT_MAX:
            return f"card row {i} has an equip cost reduction outside 0..{TABLE_AMOUNT_MAX}"
        if int(row[CF_COMBAT]) & ~CM_ALL_BITS:
            return f"card row {i} has unknown combat properties (CF_COMBAT)"
        if int(row[CF_COMBAT2]) & ~CM2_ALL_BITS:                 # 509.1b, 702.25, 702.164
            return f"card row {i} has unknown combat properties (CF_COMBAT2)"
        if int(row[CF_COMBAT_AMOUNTS]) < 0:
            return f"card row {i} has a negative combat amount (CF_COMBAT_AMOUNTS)"
        # replacement effects of its own static abilities (614, 615)
        if int(row[CF_REPLACEMENT]) & ~RP_ALL_BITS:
            return f"card row {i} has unknown replacement effects (CF_REPLACEMENT)"
        if (int(row[CF_REPLACEMENT]) & RP_PAY_LIFE_OR_TAPPED) == 0 and \
                int(row[CF_REPLACEMENT]) & RP_LIFE_MASK:
            return f"card row {i} has a life payment without its \"as ~ enters\" choice (614.12)"
        unless = int(row[CF_REPLACEMENT]) & RP_UNLESS_BITS
        if unless & (unless - 1):
            return f"card row {i} has two \"enters tapped unless\" replacements (614.1c)"
        if int(row[CF_REPLACEMENT]) & RP_FEW_LANDS_MASK and not \
                int(row[CF_REPLACEMENT]) & (RP_TAPPED_UNLESS_FEW_LANDS | RP_TAPPED_UNLESS_MANY_LANDS):
            return f"card row {i} has a number of lands without its \"enters tapped unless\" (614.1c)"
        if int(row[CF_REPLACEMENT]) & RP_UNLESS_BASIC and not int(row[CF_REPLACEMENT]) & RP_TAPPED_UNLESS_MANY_LANDS:
            return f"card row {i} counts basic lands without its \"enters tapped unless\" (614.1c)"
        if (int(row[CF_REPLACEMENT]) & RP_TAPPED_UNLESS_SUBTYPE == 0) != (int(row[CF_ENTERS_UNLESS_SUBTYPES]) == 0) \
                or int(row[CF_ENTERS_UNLESS_SUBTYPES]) < 0:
            return f"card row {i}: CF_ENTERS_UNLESS_SUBTYPES names the subtypes of RP_TAPPED_UNLESS_SUBTYPE, and only them (614.1c)"
        if not (0 <= int(row[CF_ENTERS_COUNTERS]) <= TABLE_AMOUNT_MAX
                or int(row[CF_ENTERS_COUNTERS]) == AMOUNT_IS_X):
            return f"card row {i} enters with a number of counters outside 0..{TABLE_AMOUNT_MAX} (614.1c)"
        if not 0 <= int(row[CF_KICKED_COUNTERS]) <= TABLE_AMOUNT_MAX:     # kicker (614.1c)
            return f"card row {i} enters kicked with a number of counters outside 0..{TABLE_AMOUNT_MAX}"
        problem = check_face_columns(cards, i)        # faces.pxi (712)
        if problem:
            return problem
        # sagas.pxi: a Saga is a card with chapter abilities (SAGA_BIT, below)
        chapters = [k for k in range(start, start + count)
                    if int(abilities[k, AF_KIND]) == AB_TRIGGERED and
                    int(abilities[k, AF_TRIGGER]) == TRIG_CHAPTER]
        if chapters:
            kinds |= SAGA_BIT
        own_chapters.update(chapters)
        for k in range(start, start + count):
            kinds |= 1 << int(abilities[k, AF_KIND])
            if int(abilities[k, AF_KIND]) == AB_STATIC and int(abilities[k, AF_LY_SCOPE]):
                kinds |= LY_KIND_BIT
                ps, pl = int(abilities[k, AF_PROG_START]), int(abilities[k, AF_PROG_LEN])
                if any(int(program[pc]) == LY_LOSE_ALL for pc in range(ps, ps + pl, 4)
                       if 0 <= pc < n_prog):
                    kinds |= LY_LOSE_BIT
                if any(int(program[pc]) == LY_CONTROL for pc in range(ps, ps + pl, 4)
                       if 0 <= pc < n_prog):
                    kinds |= LY_CONTROL_BIT
                if int(abilities[k, AF_LY_COND]):
                    kinds |= LY_COND_BIT
                if any(int(program[pc]) == LY_GRANT_ABILITY for pc in range(ps, ps + pl, 4)
                       if 0 <= pc < n_prog):
                    kinds |= GRANT_BIT                  # grants.pxi (613.1f)
                if any(int(program[pc]) in _COUNT_CHANGES for pc in range(ps, ps + pl, 4)
                       if 0 <= pc < n_prog):
                    kinds |= LY_COND_BIT       # amounts.pxi: a count changes with no event
        if int(row[CF_COUNT_SUBTYPES]) < 0:              # amounts.pxi: 31 bits at most
            return f"card row {i} has a negative CF_COUNT_SUBTYPES"
        problem = check_card_grants(cards, abilities, program, i)
        if problem:
            return problem
        kinds |= granted_kind_bits(cards, abilities, program, i)   # grants.pxi
        if int(row[CF_ABILITY_KINDS]) != kinds:
            return f"card row {i}: CF_ABILITY_KINDS is {int(row[CF_ABILITY_KINDS])}, its abilities make it {kinds}"
        if max(abs(int(row[f])) for f in (CF_POWER, CF_TOUGHNESS, CF_LOYALTY, CF_ATTACHED_POWER,
                                           CF_ATTACHED_TOUGHNESS, CF_COST_GENERIC, CF_COST_W,
                                           CF_COST_W + 1, CF_COST_W + 2, CF_COST_W + 3,
                                           CF_COST_W + 4, CF_COST_W + 5)) > TABLE_AMOUNT_MAX:
            return f"card row {i} has a number outside +-{TABLE_AMOUNT_MAX}"
        if not 0 <= int(row[CF_NAME_ID]) < cards.shape[0] or not 0 <= int(row[CF_ABILITY_KINDS]) < 2 * SAGA_BIT:
            return f"card row {i} has a name id or ability kinds out of range"
        if int(row[CF_TYPES]) & (T_INSTANT | T_SORCERY) and not (
                int(row[CF_FACE]) & FACE_SPLIT and int(row[CF_FACE]) & FACE_FRONT) and not any(
                int(abilities[ab, AF_KIND]) == AB_SPELL for ab in range(start, start + count)):
            return f"card row {i} is an instant or sorcery without a spell ability (304.2)"
        if not 0 <= int(row[CF_COST_X]) <= 3:
            return f"card row {i} has {int(row[CF_COST_X])} X symbols in its cost"
        zone_abilities = 0
        for ab in range(start, start + count):
            if int(abilities[ab, AF_COST_FLAGS]) & COST_FLASHBACK:
                if not int(row[CF_TYPES]) & (T_INSTANT | T_SORCERY):
                    return f"card row {i}: flashback is supported on instants and sorceries only (702.34a)"
                if int(abilities[ab, AF_KIND]) == AB_SPELL:
                    zone_abilities |= ZA_FLASHBACK
            if int(abilities[ab, AF_FROM_HAND]):
                zone_abilities |= ZA_FROM_HAND
            if int(abilities[ab, AF_COST_FLAGS]) & COST_ALTERNATIVE:
                if int(abilities[ab, AF_KIND]) == AB_SPELL:
                    zone_abilities |= ZA_ALTERNATIVE           # 118.9
                if int(row[CF_COST_X]):
                    return f"card row {i}: an alternative cost on a card with X is not supported (107.3)"
        # the core skips graveyards and hands by this summary: it must be exact
        if int(row[CF_ZONE_ABILITIES]) != zone_abilities:
            return f"card row {i}: CF_ZONE_ABILITIES is {int(row[CF_ZONE_ABILITIES])}, its abilities make it {zone_abilities}"
    for i, row in enumerate(abilities):
        start, length = int(row[AF_PROG_START]), int(row[AF_PROG_LEN])
        if length < 0 or start < 0 or start + length > n_prog:
            return f"ability row {i} points outside the effect programs"
        if not 0 <= int(row[AF_N_TARGETS]) <= MAX_TARGETS:
            return f"ability row {i} has {int(row[AF_N_TARGETS])} targets"
        if not 0 <= int(row[AF_OPTIONAL_TARGETS]) <= int(row[AF_N_TARGETS]) or \
                (int(row[AF_OPTIONAL_TARGETS]) and int(row[AF_KIND]) not in (AB_SPELL, AB_ACTIVATED, AB_TRIGGERED)):
            return f"ability row {i} has {int(row[AF_OPTIONAL_TARGETS])} optional targets (601.2c)"
        if int(row[AF_KIND]) == AB_MANA and not (0 < int(row[AF_MANA_COLORS]) < 64 and int(row[AF_MANA_AMOUNT]) > 0):
            return f"ability row {i} is a mana ability that makes no mana"
        chapter = int(row[AF_KIND]) == AB_TRIGGERED and int(row[AF_TRIGGER]) == TRIG_CHAPTER
        if (chapter and not 1 <= int(row[AF_CHAPTER]) <= CHAPTER_MAX) or \
                (int(row[AF_TRIGGER]) == TRIG_CHAPTER and i not in own_chapters):
            return (f"ability row {i}: a chapter ability is a triggered ability printed on a card, "
                    f"its chapter number 1..{CHAPTER_MAX} (714.2)")
        if not chapter and not 0 <= int(row[AF_TRIGGER_STEP]) < N_STEPS:
            return f"ability row {i} triggers in no step"
        if not 0 <= int(row[AF_TRIGGER_PHASE]) <= PH_ENDING + 1:
            return f"ability row {i} triggers in no phase"
        if not TIME_ANY <= int(row[AF_TIMING]) <= TIME_DECLARE_BLOCKERS_STEP:
            return f"ability row {i} has an unknown timing"
        if min(int(x) for x in row[AF_COST_GENERIC:AF_COST_GENERIC + 7]) < 0:
            return f"ability row {i} has a negative cost"
        if hybrid_word_problem(int(row[AF_COST_HYBRID])) is not None:       # hybrid.pxi
            return f"ability row {i}: AF_COST_HYBRID {hybrid_word_problem(int(row[AF_COST_HYBRID]))}"
        if max(int(x) for x in row[AF_COST_GENERIC:AF_COST_GENERIC + 7]) > TABLE_AMOUNT_MAX or \
                not 0 <= int(row[AF_MANA_AMOUNT]) <= TABLE_AMOUNT_MAX:
            return f"ability row {i} has a number outside 0..{TABLE_AMOUNT_MAX}"
        if not AB_SPELL <= int(row[AF_KIND]) <= AB_STATIC:
            return f"ability row {i} has an unknown kind"
        if int(row[AF_COST_FLAGS]) & COST_LOYALTY and int(row[AF_KIND]) != AB_ACTIVATED:
            return f"ability row {i}: only an activated ability can be a loyalty ability (606.3)"
        if abs(int(row[AF_LOYALTY])) > TABLE_AMOUNT_MAX or \
                (int(row[AF_LOYALTY]) and not int(row[AF_COST_FLAGS]) & COST_LOYALTY):
            return f"ability row {i} has a loyalty cost but is no loyalty ability, or one too large"
        if int(row[AF_COST_FLAGS]) & ~(COST_TAP | COST_SAC_SELF | COST_LOYALTY | COST_SAC_CREATURE
                                       | COST_DISCARD | COST_PAY_LIFE | COST_DISCARD_SELF
                                       | COST_KICKER | COST_FLASHBACK | COST_ONCE_EACH_TURN
                                       | COST_ALTERNATIVE):
            return f"ability row {i} has unknown cost flags"
        if int(row[AF_COST_FLAGS]) & COST_ONCE_EACH_TURN and (
                int(row[AF_KIND]) != AB_ACTIVATED or int(row[AF_COST_FLAGS]) & COST_LOYALTY):
            return f"ability row {i}: only a non-loyalty activated ability is limited to once each turn (602.5b)"
        if int(row[AF_TRIGGER_SPELL]) & ~(SQ_ALL_BITS | (FILTER_SEARCH_BITS & ~SEARCH_ALL_BITS)) or \
                (int(row[AF_TRIGGER_SPELL]) and int(row[AF_TRIGGER]) != TRIG_CAST):
            return f"ability row {i} has spell qualities it can't have"
        if not WHOSE_YOUR <= int(row[AF_TRIGGER_WHOSE]) <= WHOSE_OPPONENT:
            return f"ability row {i} has an unknown trigger owner"
        if int(row[AF_TRIGGER_FILTER]) & ~(TFL_TYPES | TFL_OTHER | TFL_NONTOKEN |
                                           FILTER_SUBTYPE_BITS << FILTER_SUBTYPE_SHIFT) or \
                ((int(row[AF_TRIGGER_FILTER]) >> FILTER_SUBTYPE_SHIFT) and      # no look-back subtypes
                 int(row[AF_TRIGGER]) != TRIG_PERMANENT_ENTERS) or \
                (int(row[AF_TRIGGER_FILTER]) and
                 int(row[AF_TRIGGER]) not in (TRIG_PERMANENT_DIES, TRIG_PERMANENT_ENTERS)):
            return f"ability row {i} has a zone-change trigger filter it can't have (603.6)"
        if int(row[AF_KIND]) == AB_STATIC:
            problem = _check_static(row, program)
        else:
            problem = None if int(row[AF_LY_SCOPE]) == 0 and int(row[AF_LY_COND]) == 0 \
                else "only a static ability has an affected set or a condition"
            problem = problem or _check_program(program, start, length, cards)
        if problem:
            return f"ability row {i}: {problem}"
        problem = _check_ability_extras(i, row, abilities) or _check_activation_costs(i, row)
        if problem:
            return problem
    return None


def _check_unless(prog, pc, end, cards):
    """OP_UNLESS (rules/payments_and_searches.pxi): ref, 12, <OP_PAY_MANA (10 words), OP_SKIP n>, <n words>."""
    if pc + 15 > end:
        return f"truncated OP_UNLESS at {pc}"
    if int(prog[pc + 1]) not in _REFS or int(prog[pc + 2]) != 12 or int(prog[pc + 3]) != OP_PAY_MANA \
            or int(prog[pc + 4]) != int(prog[pc + 1]) or int(prog[pc + 13]) != OP_SKIP or \
            int(prog[pc + 14]) < 1 or pc + 15 + int(prog[pc + 14]) > end:
        return f"bad OP_UNLESS at {pc}"
    return _check_program(prog, pc + 3, 10, cards, True) or \
        _check_program(prog, pc + 15, int(prog[pc + 14]), cards)
