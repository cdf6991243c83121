# The Python-facing surface of the core: card tables, the State object, constants.
# Everything here validates its input once, then hands plain buffers to the kernels above.

from cpython.pycapsule cimport PyCapsule_New, PyCapsule_GetPointer

HEADER_FIELDS = (
    ["version", "n_players", "cap", "n_objects", "n_zones", "total_ints"]
    + [f"rng{i}" for i in range(4)]
    + ["result", "winner", "max_turns", "turn", "active", "starting_player", "stage",
       "plan_len", "plan_pos", "step", "phase", "step_serial",
       "priority", "passes", "decision", "decider", "dctx0", "stack_n",
       "effects_n", "triggers_n", "delayed_n", "timestamp", "extra_turns_n"]
    + [f"extra_turn{i}" for i in range(16)]
    + ["lands_played", "attackers_declared", "casting", "phase_serial",
       "flags", "sba_dirty", "any_attached", "last_normal_turn", "open_phase_serial",
       "open_phase", "bf_ability_kinds", "combat_damage_steps",
       "attack_slots", "order_serial", "decl_max", "pairs_n", "combat_damage_n",
       "hand_choice_blocks", "unless_amount", "no_fast_in_hand", "defender_choice",
       "zone_ability_cards", "layer_effects", "resolving_pc"]
    + ["player_zone_cap", "stack_cap", "effect_cap", "trigger_cap", "delayed_cap", "pair_cap",
       "grow_objects"]
    + ["day_night", "prev_active"])                                   # faces (726)
PLAYER_FIELDS = (["life", "poison", "in_game", "lost_reason", "drew_from_empty"]
                 + [f"mana_{c}" for c in "WUBRGC"]
                 + ["max_hand", "land_plays", "mulligans", "kept", "to_bottom", "skip_turns"]
                 + [f"skip_step{i}" for i in range(11)]
                 + ["removed", "skip_phases"] + ["attacked_turn", "creature_died_turn"]
                 + ["spells_turn", "spells_cast", "spells_cast_before"])      # faces
# The object table's fields in struct order (state.pxi Obj: by width, int32 then int16 then
# int8); sections()["objects"] is a structured numpy view with these names (OBJ_DTYPE).
OBJECT_FIELDS = ["card", "damage", "plus1", "minus1", "loyalty", "timestamp", "incarnation",
                 "target_inc", "block_mask", "dmg_order", "loyalty_turn", "cast_info",
                 "attached_to", "combat_target", "attack_slot", "band", "combat",
                 "owner", "controller", "zone", "tapped", "sick", "deathtouch_hit",
                 "phased_out", "token", "mark", "cast_from"]
OBJECT_FIELDS += ["known", "known_place", "reserved0", "reserved1"]       # known.pxi
STACK_FIELDS = ["kind", "obj", "obj_inc", "controller", "ability", "n_targets", "target0",
                "target1", "target_inc0", "target_inc1", "prog_start", "prog_len", "event_ref",
                "event_ref_inc"]
EFFECT_FIELDS = ["kind", "source", "affected", "affected_inc", "a", "b", "duration",
                 "dur_arg", "timestamp", "controller", "created_turn", "change"]
TRIGGER_FIELDS = ["source", "source_inc", "ability", "controller", "prog_start", "prog_len",
                  "event_ref", "event_ref_inc"]
PAIR_FIELDS = ["attacker", "blocker", "a_pos", "b_pos", "a_dmg", "b_dmg"]
DELAYED_FIELDS = ["step", "controller", "source", "prog_start", "prog_len", "created_serial",
                  "reserved0", "reserved1"]
COMBAT_DAMAGE_FIELDS = ["source", "source_inc", "target", "target_inc", "amount", "keywords",
                        "controller", "first_strike"]

assert len(HEADER_FIELDS) * 4 == sizeof(Header)
assert len(PLAYER_FIELDS) * 4 == sizeof(Player)
cdef Obj _obj_probe
cdef char* _ob0 = <char*>&_obj_probe
_OBJ_OFFSETS = [
    <char*>&_obj_probe.card - _ob0, <char*>&_obj_probe.damage - _ob0,
    <char*>&_obj_probe.plus1 - _ob0, <char*>&_obj_probe.minus1 - _ob0,
    <char*>&_obj_probe.loyalty - _ob0, <char*>&_obj_probe.timestamp - _ob0,
    <char*>&_obj_probe.incarnation - _ob0, <char*>&_obj_probe.target_inc - _ob0,
    <char*>&_obj_probe.block_mask - _ob0, <char*>&_obj_probe.dmg_order - _ob0,
    <char*>&_obj_probe.loyalty_turn - _ob0, <char*>&_obj_probe.cast_info - _ob0,
    <char*>&_obj_probe.attached_to - _ob0, <char*>&_obj_probe.combat_target - _ob0,
    <char*>&_obj_probe.attack_slot - _ob0, <char*>&_obj_probe.band - _ob0,
    <char*>&_obj_probe.combat - _ob0, <char*>&_obj_probe.owner - _ob0,
    <char*>&_obj_probe.controller - _ob0, <char*>&_obj_probe.zone - _ob0,
    <char*>&_obj_probe.tapped - _ob0, <char*>&_obj_probe.sick - _ob0,
    <char*>&_obj_probe.deathtouch_hit - _ob0, <char*>&_obj_probe.phased_out - _ob0,
    <char*>&_obj_probe.token - _ob0, <char*>&_obj_probe.mark - _ob0,
    <char*>&_obj_probe.cast_from - _ob0]
_OBJ_OFFSETS += [<char*>&_obj_probe.known - _ob0, <char*>&_obj_probe.known_place - _ob0,
                 <char*>&_obj_probe.reserved0 - _ob0, <char*>&_obj_probe.reserved1 - _ob0]
_OBJ_FORMATS = ["<i4"] * 12 + ["<i2"] * 5 + ["i1"] * 10 + ["u1"] * 2 + ["i1"] * 2
OBJ_DTYPE = np.dtype({"names": OBJECT_FIELDS, "formats": _OBJ_FORMATS,
                      "offsets": _OBJ_OFFSETS, "itemsize": sizeof(Obj)})
assert len(OBJECT_FIELDS) == len(_OBJ_OFFSETS) and sizeof(Obj) % 4 == 0
assert sum(np.dtype(f).itemsize for f in _OBJ_FORMATS) == sizeof(Obj)      # no padding
assert len(STACK_FIELDS) * 4 == sizeof(StackItem)
assert len(EFFECT_FIELDS) * 4 == sizeof(Effect)
assert len(TRIGGER_FIELDS) * 4 == sizeof(Trigger)
assert len(DELAYED_FIELDS) * 4 == sizeof(Delayed)
assert len(PAIR_FIELDS) * 4 == sizeof(CombatPair)
assert len(COMBAT_DAMAGE_FIELDS) * 4 == sizeof(CombatDamage)


def constants():
    """Every code the core uses, by name (the single source for mtg_core.enums)."""
    import re
    out = {}
    g = globals()
    for name, value in g.items():
        if isinstance(value, int) and re.match(
                r"^(T|ST|SUB|KW|C|PH|S|Z|STG|D|A|TGT|TS|AB|COST|TIME|TRIG|WHOSE|STAT|REF|OP|CTR|DUR|EF|SK|R|LOSS|E|EV|CF|AF|GF|WHY|SKIP|ATTACHED|ABORT|CM|CMA|CM2|CB|EDITION|CNT|CC|COND|CI|ZA|PRO|SQ|SEARCH|LY|LYC|TFL|RP|LOOK|OC|PAYC|SACQ|WARD|POL|END|OBS|FILTER)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():           # issue 8: growth.pxi, api.pxi sizing, known.pxi
        if isinstance(value, int) and re.match(r"^(SIZING|GROW|KNOWN)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():           # issue 6: grants.pxi, amounts.pxi
        if isinstance(value, int) and re.match(r"^(GRANT|AMT)_[A-Z0-9_]+$", name):
            out[name] = value
    for name in ("CARD_FIELDS", "ABILITY_FIELDS", "MAX_PLAYERS", "STACK_CAP", "EFFECT_CAP",
                 "TRIGGER_CAP", "DELAYED_CAP", "PLAN_CAP", "PAIR_CAP", "MAX_TARGETS", "MAX_ACTIONS", "LEAVE_CAP",
                 "STATE_VERSION", "N_MANA", "N_STEPS", "AMOUNT_MAX", "TABLE_AMOUNT_MAX",
                 "TURN_MAX", "MAX_MULLIGANS", "AMOUNT_IS_X", "AMOUNT_IS_COUNT"):
        out[name] = g[name]
    for name, value in g.items():                # faces: double-faced cards (712), day / night
        if isinstance(value, int) and re.match(r"^(FACE|DN)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():                # hybrid: hybrid mana pips (hybrid.pxi, 107.4e)
        if isinstance(value, int) and re.match(r"^HYBRID_[A-Z0-9_]+$", name):
            out[name] = value
    return out




class EngineError(Exception):
    """A call into the core that it cannot honour (bad arguments, corrupt state)."""


class RuleError(EngineError):
    """A scenario edit the rules forbid; ``rule`` names the rule."""

    def __init__(self, message, rule):
        super().__init__(message)
        self.rule = rule


class CapacityExceeded(EngineError):
    """A fixed-size table of the state has no room left."""


class ConcurrentUseError(EngineError, RuntimeError):
    """A second thread called into a State while another call on it was running.

    One State (one Game) is used by one thread at a time: calls that change it or release
    the GIL (apply, advance, play_random, legal_actions, concede, scenario edits...) mark it
    in use and refuse to start while it is.  Different games in different threads run in
    parallel."""


def _check_may_enter(int types, int kind):
    """304.4 / 307.4: an instant or sorcery can't enter the battlefield."""
    if kind == Z_BATTLEFIELD and types & (T_INSTANT | T_SORCERY):
        raise RuleError("an instant or sorcery can't enter the battlefield",
                        "304.4" if types & T_INSTANT else "307.4")


_OP_SIZES = {OP_END: 1, OP_DAMAGE: 3, OP_PUMP: 5, OP_DRAW: 3, OP_LOSE_LIFE: 3,
             OP_GAIN_LIFE: 3, OP_EXTRA_TURN: 2, OP_EXTRA_COMBAT: 1, OP_SKIP_NEXT_STEP: 3,
             OP_TAP_ALL_CREATURES_FREEZE: 2, OP_DESTROY: 2, OP_SACRIFICE: 2, OP_ADD_COUNTERS: 4,
             OP_ATTACH: 2, OP_ADD_MANA: 3, OP_UNTAP: 2, OP_GRANT_KEYWORDS: 4, OP_EXTRA_STEP: 2,
             OP_SKIP_NEXT_TURN: 2, OP_POISON: 3, OP_EXTRA_PHASE: 2, OP_EXTRA_STEP_AT: 4,
             OP_SKIP_NEXT_PHASE: 3, OP_MILL: 3, OP_FREEZE: 2, OP_DESTROY_ALL: 3,
             OP_DISCARD_RANDOM: 3, OP_GAIN_CONTROL: 3, OP_REGENERATE: 2,
             OP_PUMP_FOR_EACH: 6, OP_PUT_FROM_HAND_ATTACKING: 2, OP_PUT_FROM_HAND_BLOCKING: 3,
             OP_CREATE_TOKEN: 4, OP_COUNTER: 2, OP_COUNTER_UNLESS: 3,
             OP_IF: 3, OP_BOUNCE: 2, OP_TAP_ALL_CREATURES: 2, OP_EXILE: 2,
             OP_GAIN_LIFE_LKI_POWER: 2, OP_SEARCH_BASIC_LAND: 3, OP_REVEAL_TOP: 3,
             OP_LAYER_EFFECT: 6, OP_RETURN_FROM_GRAVEYARD: 2}
# zone changes (614) and prevention (615), mtg_core/cards/replacement.py
_OP_SIZES.update({OP_DESTROY_NO_REGEN: 2, OP_DESTROY_ALL_NO_REGEN: 3, OP_PREVENT_NEXT: 3,
                  OP_PREVENT_COMBAT: 1, OP_PREVENT_ALL_TO: 2, OP_RETURN_TO_BATTLEFIELD: 2})
# choices made while resolving (608.2d), mtg_core/cards/choices.py; the last three: their heads
_OP_SIZES.update({OP_COUNT: 4, OP_TAP: 2, OP_DISCARD: 3, OP_LOOK: 4,
                  OP_IF_COND: 6, OP_INTERVENING_IF: 6, OP_MAY: 3})
_OP_SIZES.update({OP_WARD: 3, OP_SEARCH: 3})        # 702.21a, 701.19
_OP_SIZES[OP_GAIN_LIFE_TARGET_MV] = 2          # the library's Divine Offering
_OP_SIZES.update({OP_PUT_ON_TOP: 2, OP_DAMAGE_BY_POWER: 3})    # imp1: 401.1, 120.1
_OP_SIZES[OP_TRANSFORM] = 2                    # faces: 701.28a
_OP_SIZES[OP_AMOUNT] = 5                       # amounts.pxi: a count expression (608.2h)
_OP_SIZES.update({OP_PAY_MANA: 10, OP_SKIP: 2, OP_UNLESS: 3})   # branch library (608.2d); OP_UNLESS: its head
_OP_SIZES[OP_SEARCH_EX] = 6                         # branch library: searches (701.23)
_OP_SIZES[OP_SACRIFICE_CHOSEN] = 3             # costs: "each player sacrifices a creature" (701.21a)
_OP_SIZES[OP_COMBAT_RESTRICT] = 5               # combatkw: 508.1c / 509.1b this turn
_OP_SIZES[OP_REMOVE_FROM_COMBAT] = 2            # 506.4: "remove target ... from combat"


def _check_combat_restrict(arg):
    """combatkw: what is wrong with OP_COMBAT_RESTRICT's operands (ref, CM_* bits, duration,
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
        elif a[0] == COND_SELF_TAPPED:                # branch library
            if a[1] not in (0, 1):
                return f"bad condition operands at {pc}"
        elif a[0] == COND_SELF_KICKED:                # kicker (702.33d)
            if a[1] or a[2] or a[3]:
                return f"bad condition operands at {pc}"
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
        if op == OP_UNLESS:                               # library_search.pxi (608.2d)
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
        if op == OP_COMBAT_RESTRICT and _check_combat_restrict(arg):    # combatkw
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
        elif op == OP_SEARCH_EX:                          # 701.23 (library_search.pxi)
            if arg[0] != REF_CONTROLLER or arg[1] & ~SEARCH_ALL_BITS or arg[1] < 0 or \
                    arg[3] & ~SEARCH_Q_ALL_BITS or arg[3] < 0 or not 0 <= arg[4] <= TABLE_AMOUNT_MAX or \
                    ((arg[1] & SEARCH_TO_HAND) and (arg[3] & SEARCH_Q_TO_GRAVEYARD)) or \
                    (not (arg[1] & SEARCH_TO_HAND) and not (arg[3] & SEARCH_Q_TO_GRAVEYARD) and
                     not (arg[1] >> SEARCH_TYPE_SHIFT) & SACQ_TYPES & ~(T_INSTANT | T_SORCERY)
                     and not arg[2] and not arg[3] & SEARCH_Q_SAME_NAME):
                return f"a library search of its controller, with known qualities, at {pc}"
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
            if op == OP_DAMAGE_BY_POWER and arg[1] not in _REFS:      # imp1: its second reference
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
    if int(row[AF_FROM_HAND]) not in (0, 1) or (int(row[AF_FROM_HAND]) and (
            int(row[AF_KIND]) != AB_ACTIVATED or flags & (COST_TAP | COST_SAC_SELF))):
        return f"ability row {i}: only an activated ability without {{T}} or sacrifice works from the hand"
    if flags & COST_DISCARD_SELF and not int(row[AF_FROM_HAND]):
        return f"ability row {i} discards its card but doesn't work from the hand"
    return None


def _check_card_costs(i, row):
    """The costs branch's cost columns (118.3): several to tap (then no mana: tapping them
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
    AF_TAP_COST, AF_COUNTER_COST, AF_OTHER_COST; they belong to activated and mana abilities."""
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
    return None


def _check_tables(cards, abilities, program):
    n_ab, n_prog = abilities.shape[0], program.shape[0]
    for i, row in enumerate(cards):
        start, count = int(row[CF_ABILITY_START]), int(row[CF_ABILITY_COUNT])
        if count < 0 or start < 0 or start + count > n_ab:
            return f"card row {i} names abilities outside the ability table"
        if not 0 <= int(row[CF_COST_GENERIC]) or min(int(x) for x in row[CF_COST_W:CF_COST_W + 6]) < 0:
            return f"card row {i} has a negative cost"
        if hybrid_word_problem(int(row[CF_COST_HYBRID])) is not None:       # hybrid.pxi
            return f"card row {i}: CF_COST_HYBRID {hybrid_word_problem(int(row[CF_COST_HYBRID]))}"
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
        if int(row[CF_COMBAT2]) & ~CM2_ALL_BITS:                 # combatkw
            return f"card row {i} has unknown combat properties (CF_COMBAT2)"
        if int(row[CF_COMBAT_AMOUNTS]) < 0:
            return f"card row {i} has a negative combat amount (CF_COMBAT_AMOUNTS)"
        # replacement effects of its own static abilities (614, 615)
        if int(row[CF_REPLACEMENT]) & ~RP_ALL_BITS:
            return f"card row {i} has unknown replacement effects (CF_REPLACEMENT)"
        if not (0 <= int(row[CF_ENTERS_COUNTERS]) <= TABLE_AMOUNT_MAX
                or int(row[CF_ENTERS_COUNTERS]) == AMOUNT_IS_X):
            return f"card row {i} enters with a number of counters outside 0..{TABLE_AMOUNT_MAX} (614.1c)"
        if not 0 <= int(row[CF_KICKED_COUNTERS]) <= TABLE_AMOUNT_MAX:     # kicker (614.1c)
            return f"card row {i} enters kicked with a number of counters outside 0..{TABLE_AMOUNT_MAX}"
        problem = check_face_columns(cards, i)        # faces.pxi (712)
        if problem:
            return problem
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
        if not 0 <= int(row[CF_NAME_ID]) < cards.shape[0] or not 0 <= int(row[CF_ABILITY_KINDS]) < 2 * GRANT_BIT:
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
        if not 0 <= int(row[AF_TRIGGER_STEP]) < N_STEPS:
            return f"ability row {i} triggers in no step"
        if not 0 <= int(row[AF_TRIGGER_PHASE]) <= PH_ENDING + 1:
            return f"ability row {i} triggers in no phase"
        if not TIME_ANY <= int(row[AF_TIMING]) <= TIME_BEFORE_COMBAT_DAMAGE:
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
                                       | COST_KICKER | COST_FLASHBACK | COST_ONCE_EACH_TURN):
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


# --- capacities per game (state.pxi "Capacities") ---------------------------------------------
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
    OP_TAP_ALL_CREATURES, OP_EXILE, OP_GAIN_LIFE_LKI_POWER, OP_SEARCH_BASIC_LAND, OP_REVEAL_TOP,
    OP_RETURN_FROM_GRAVEYARD, OP_DESTROY_NO_REGEN, OP_DESTROY_ALL_NO_REGEN,
    OP_RETURN_TO_BATTLEFIELD, OP_COUNT, OP_TAP, OP_DISCARD, OP_LOOK, OP_IF_COND,
    OP_INTERVENING_IF, OP_MAY, OP_WARD, OP_SEARCH, OP_GAIN_LIFE_TARGET_MV, OP_DELAYED,
    OP_SACRIFICE_CHOSEN])
_NO_EFFECT_OPS = _NO_EFFECT_OPS | {OP_TRANSFORM}     # faces: it turns the card over (701.28)
_NO_EFFECT_OPS = _NO_EFFECT_OPS | {OP_REMOVE_FROM_COMBAT}    # 506.4: combat fields only
_NO_EFFECT_OPS = _NO_EFFECT_OPS | {OP_AMOUNT}


def _check_unless(prog, pc, end, cards):
    """OP_UNLESS (library_search.pxi): ref, 12, <OP_PAY_MANA (10 words), OP_SKIP n>, <n words>."""
    if pc + 15 > end:
        return f"truncated OP_UNLESS at {pc}"
    if int(prog[pc + 1]) not in _REFS or int(prog[pc + 2]) != 12 or int(prog[pc + 3]) != OP_PAY_MANA \
            or int(prog[pc + 4]) != int(prog[pc + 1]) or int(prog[pc + 13]) != OP_SKIP or \
            int(prog[pc + 14]) < 1 or pc + 15 + int(prog[pc + 14]) > end:
        return f"bad OP_UNLESS at {pc}"
    return _check_program(prog, pc + 3, 10, cards, True) or \
        _check_program(prog, pc + 15, int(prog[pc + 14]), cards)


_NO_EFFECT_OPS = _NO_EFFECT_OPS | {OP_PAY_MANA, OP_UNLESS, OP_SKIP, OP_SEARCH_EX}  # branch library


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


cdef class CardTables:
    """The compiled card database: read-only int32 tables shared by every state."""
    cdef readonly object cards
    cdef readonly object abilities
    cdef readonly object program
    cdef readonly object fingerprint
    cdef readonly object spell_ability      # per card: its spell ability row, or -1
    cdef readonly object spell_targets      # per card: target slots of the spell (303.4a)
    cdef readonly object delayed_bodies     # (start, length) of every delayed trigger's program
    cdef readonly object needs              # per card: NEED_* bits (capacities per game)
    cdef readonly object granted_rows       # ability rows some card grants (grants.pxi, 613.1f)

    def __init__(self, cards, abilities, program):
        cards = np.ascontiguousarray(cards, dtype=np.int32)
        abilities = np.ascontiguousarray(abilities, dtype=np.int32)
        program = np.ascontiguousarray(program, dtype=np.int32)
        if cards.ndim != 2 or cards.shape[1] != CARD_FIELDS:
            raise EngineError(f"card table must be (n, {CARD_FIELDS}) int32")
        if abilities.ndim != 2 or abilities.shape[1] != ABILITY_FIELDS:
            raise EngineError(f"ability table must be (n, {ABILITY_FIELDS}) int32")
        if program.ndim != 1:
            raise EngineError("program must be a flat int32 array")
        problem = _check_tables(cards, abilities, program)
        if problem:
            raise EngineError("malformed card tables: " + problem)
        for arr in (cards, abilities, program):
            arr.setflags(write=False)
        self.cards = cards
        self.abilities = abilities if abilities.shape[0] else np.zeros((1, ABILITY_FIELDS), np.int32)
        self.program = program if program.shape[0] else np.zeros(1, np.int32)
        self.spell_ability, self.spell_targets, self.delayed_bodies = \
            table_facts(cards, self.abilities, self.program)
        self.needs = card_needs(cards, self.abilities, self.program)
        self.granted_rows = all_granted_rows(cards, self.abilities, self.program)
        import zlib
        self.fingerprint = zlib.crc32(cards.tobytes() + b"|" + abilities.tobytes() + b"|" + program.tobytes())

    @property
    def n_cards(self):
        return self.cards.shape[0]


cdef void decider_left(Engine* e) noexcept nogil:
    """After state-based actions run on request (a scenario set-up), the player who was
    deciding may have lost and left (800.4a): their pending choice leaves with them and the
    game goes on from where it was, as when they concede (104.3a)."""
    cdef int32_t p = e.h.decider
    if e.h.result != R_ONGOING or e.h.decision == D_NONE or e.pl[p].in_game:
        return
    e.h.decision = D_NONE
    e.h.unless_amount = 0
    e.h.casting = -1            # what they were putting on the stack left with them
    if e.h.stage == STG_CLEANUP_DISCARD:
        e.h.stage = STG_CLEANUP_REST
    elif e.h.stage != STG_MULLIGAN:
        e.h.priority = next_in_game(e, p)
        e.h.passes = 0
        e.h.stage = STG_PRIORITY
    advance(e)


cdef void _set_caps(Header* h, int n_players, int flags, caps):
    h.n_players = n_players
    h.n_zones = n_players * 3 + 3
    h.flags = flags
    h.cap = caps["cap"]
    h.player_zone_cap = caps["player_zone_cap"]
    h.stack_cap = caps["stack_cap"]
    h.effect_cap = caps["effect_cap"]
    h.trigger_cap = caps["trigger_cap"]
    h.delayed_cap = caps["delayed_cap"]
    h.pair_cap = caps["pair_cap"]
    h.grow_objects = caps.get("grow_objects", 0)


# The capacities in a header and their largest values (None: the object capacity).
_CAP_LIMITS = {"player_zone_cap": None, "stack_cap": STACK_CAP, "effect_cap": EFFECT_CAP,
               "trigger_cap": TRIGGER_CAP, "delayed_cap": DELAYED_CAP, "pair_cap": PAIR_CAP}


def layout_size(header):
    """Words of a state buffer whose header (a dict of HEADER_FIELDS) has these counts,
    capacities and flags."""
    cdef Header h
    _set_caps(&h, header["n_players"], header["flags"], header)
    return layout_ints(&h)


def _new_buffer(int n_players, int flags, caps):
    """A zeroed state buffer with its header's counts, capacities (``caps``: cap,
    player_zone_cap, the *_cap fields, grow_objects) and size filled in."""
    cdef Header tmp
    _set_caps(&tmp, n_players, flags, caps)
    buf = np.zeros(layout_ints(&tmp), dtype=np.int32)
    cdef Header* h = <Header*>cnp.PyArray_DATA(buf)
    _set_caps(h, n_players, flags, caps)
    h.total_ints = layout_ints(h)
    return buf


cdef class State:
    """One game state: a single int32 buffer plus the card tables it refers to.

    Built by :meth:`new_game`; copied by :meth:`clone` (one memcpy).  ``mtg_core.Game``
    is the friendly wrapper; this class is the thin compiled layer under it.
    """
    cdef Engine e
    cdef readonly object buffer
    cdef readonly CardTables tables
    # 1 while a call that changes the state or releases the GIL runs (not part of the state:
    # clones, equality and saves don't see it); see ConcurrentUseError.
    cdef int busy

    cdef int _check_idle(self) except -1:
        """Raise ConcurrentUseError while another thread's call on this state runs."""
        if self.busy:
            raise ConcurrentUseError(
                "this game is in use by another thread (one game, one thread at a time: "
                "see README, \"Threads\")")
        return 0

    cdef int _enter(self) except -1:
        """Mark the state in use for a call that changes it or releases the GIL; the
        caller clears ``busy`` when done (try/finally)."""
        self._check_idle()
        self.busy = 1
        return 0

    def __dealloc__(self):
        if self.e.log != NULL:
            free(self.e.log)
            self.e.log = NULL
        if self.e.base_owned:                   # grown and never adopted (growth.pxi)
            free(self.e.base)
            self.e.base_owned = 0

    cdef inline void _adopt(self):
        """After a call into the core: if it grew the buffer (growth.pxi), a numpy array
        takes the new one over (freed with the array) and becomes ``buffer``."""
        if self.e.base_owned:
            self._adopt_grown()

    cdef void _adopt_grown(self):
        cdef cnp.npy_intp n = self.e.h.total_ints
        arr = cnp.PyArray_SimpleNewFromData(1, &n, cnp.NPY_INT32, <void*>self.e.base)
        cnp.set_array_base(arr, PyCapsule_New(<void*>self.e.base, NULL, _free_grown))
        self.e.base_owned = 0
        self.buffer = arr

    cdef void _bind(self, object buf, CardTables tables):
        cdef int32_t[::1] view = buf
        self.buffer = buf
        self.tables = tables
        bind(&self.e, &view[0])
        cdef const int32_t[:, ::1] cv = tables.cards
        cdef const int32_t[:, ::1] av = tables.abilities
        cdef const int32_t[::1] pv = tables.program
        self.e.cards = &cv[0, 0]
        self.e.abil = &av[0, 0]
        self.e.prog = &pv[0]
        self.e.n_cards = cv.shape[0]
        self.e.n_abilities = av.shape[0]
        self.e.prog_len = pv.shape[0]
        self.e.log = NULL
        self.e.log_len = 0
        self.e.log_cap = 0
        self.e.log_on = 0
        self.e.base_owned = 0
        self.busy = 0

    @staticmethod
    def new_game(CardTables tables, decks, uint64_t seed, int starting_player=-1,
                 bint mulligans=True, int max_turns=0, int life=20, int token_room=-1,
                 bint log=False, bint skip_first_draw=True, int edition=EDITION_SEED,
                 int attack_option=0, int sizing=SIZING_SMALL):
        """A new game: ``decks`` is one int sequence of card rows per seat (turn order);
        ``edition`` is the rules edition (EDITION_SEED, EDITION_CURRENT, EDITION_CLASSIC);
        ``attack_option`` who may be attacked in multiplayer (506.2a): 0 every opponent,
        else one of GF_ATTACK_CHOSEN (507.1), GF_ATTACK_LEFT, GF_ATTACK_RIGHT (803).
        ``token_room`` is the number of spare object rows; -1 (default): as many as the
        cards may need, and scenario edits grow the table (see game_capacities).
        ``sizing`` (SIZING_*) picks the tables' starting sizes; they grow during play."""
        cdef State st = State._unshuffled(tables, decks, starting_player, mulligans, max_turns,
                                          life, token_room, log, skip_first_draw, edition,
                                          attack_option, sizing)
        with nogil:
            begin_game(&st.e, seed, starting_player)
        st._adopt()
        return st

    @staticmethod
    cdef State _unshuffled(CardTables tables, decks, int starting_player, bint mulligans,
                           int max_turns, int life, int token_room, bint log,
                           bint skip_first_draw, int edition, int attack_option,
                           int sizing=SIZING_SMALL):
        """``new_game`` up to the first use of the seed: checked arguments, the buffer, the
        libraries in deck order.  ``begin_game`` then seeds and starts it; a batch of games
        (play_random_games) copies one such state per game instead of building it again."""
        cdef int32_t n_players = len(decks), cap, p, o, k, flags
        cdef State st
        cdef Engine* e
        if not 2 <= n_players <= MAX_PLAYERS:
            raise EngineError(f"a game has 2 to {MAX_PLAYERS} players, not {n_players}")
        decks = [np.asarray(d, dtype=np.int64) for d in decks]
        for d in decks:
            if d.ndim != 1 or (d.size and (d.min() < 0 or d.max() >= tables.n_cards)):
                raise EngineError("a deck names a card row outside the card table")
        if token_room < -1:
            raise EngineError(f"the spare room is at least 0 (or -1: sized from the cards), not {token_room}")
        caps = game_capacities(tables, decks, token_room, sizing)
        cap = caps["cap"]
        if cap >= TGT_PLAYER:
            raise EngineError(f"too many objects for one game ({cap}); the limit is {TGT_PLAYER - 1}")
        if starting_player >= n_players:
            raise EngineError(f"no seat {starting_player} in a {n_players}-player game")
        if edition not in (EDITION_SEED, EDITION_CURRENT, EDITION_CLASSIC):
            raise EngineError(f"no rules edition {edition}")
        if attack_option not in (0, GF_ATTACK_CHOSEN, GF_ATTACK_LEFT, GF_ATTACK_RIGHT):
            raise EngineError(f"no multiplayer attack option {attack_option} (506.2a)")
        if not 1 <= life <= AMOUNT_MAX or not 0 <= max_turns <= TURN_MAX:
            raise EngineError(f"starting life must be 1..{AMOUNT_MAX}, the turn limit "
                              f"0..{TURN_MAX} and the spare room at least 0")
        flags = (GF_MULLIGANS if mulligans else 0) | (0 if skip_first_draw else GF_NO_FIRST_DRAW_SKIP) \
            | (GF_EDITION_CURRENT if edition == EDITION_CURRENT else 0) \
            | (GF_EDITION_CLASSIC if edition == EDITION_CLASSIC else 0) | attack_option
        st = State.__new__(State)
        buf = _new_buffer(n_players, flags, caps)
        st._bind(buf, tables)
        e = &st.e
        e.log_on = 1 if log else 0
        e.h.version = STATE_VERSION
        e.h.result = R_ONGOING
        e.h.winner = -1
        e.h.max_turns = max_turns
        e.h.casting = -1
        e.h.prev_active = -1                     # faces: no previous turn yet
        e.h.flags = flags
        for p in range(n_players):
            e.pl[p].life = life
            e.pl[p].in_game = 1
            e.pl[p].max_hand = 7                 # 402.2
            e.pl[p].land_plays = 1               # 305.2
        for p in range(n_players):
            for k in range(decks[p].size):
                o = new_object(e, decks[p][k], p, False)
                e.ob[o].zone = zone_of(e, p, Z_LIBRARY)
                zone_push(e, e.ob[o].zone, o)
        for k in range(e.h.n_objects, cap):
            e.ob[k].zone = -1
            e.ob[k].attached_to = -1
        e.h.open_phase_serial = -1
        e.h.sba_dirty = 1
        e.h.no_fast_in_hand = 1              # every card is in a library
        return st

    # --- copying, comparing, saving ------------------------------------------------------

    def clone(self):
        """An independent copy: one memcpy of the buffer (the log is not copied)."""
        self._check_idle()
        return self._copy()

    cdef State _copy(self):
        cdef State st = State.__new__(State)
        cdef cnp.npy_intp n = cnp.PyArray_SIZE(self.buffer)
        buf = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT32, 0)
        memcpy(cnp.PyArray_DATA(buf), cnp.PyArray_DATA(self.buffer), n * 4)
        # _bind without its memoryviews (they cost more than the memcpy of a whole state):
        # the same card tables, already checked, so the same table pointers
        st.buffer = buf
        st.tables = self.tables
        bind(&st.e, <int32_t*>cnp.PyArray_DATA(buf))
        st.e.cards = self.e.cards
        st.e.abil = self.e.abil
        st.e.prog = self.e.prog
        st.e.n_cards = self.e.n_cards
        st.e.n_abilities = self.e.n_abilities
        st.e.prog_len = self.e.prog_len
        st.e.log = NULL
        st.e.log_len = 0
        st.e.log_cap = 0
        st.e.log_on = 0
        st.e.base_owned = 0
        st.busy = 0
        return st

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        cdef State o = other
        if o.tables is not self.tables and o.tables.fingerprint != self.tables.fingerprint:
            return False
        if cnp.PyArray_SIZE(o.buffer) != cnp.PyArray_SIZE(self.buffer):
            return False
        return memcmp(cnp.PyArray_DATA(o.buffer), cnp.PyArray_DATA(self.buffer),
                      cnp.PyArray_SIZE(self.buffer) * 4) == 0

    def __hash__(self):
        return hash(self.buffer.tobytes())

    def to_bytes(self):
        self._check_idle()
        return self.buffer.tobytes()

    @staticmethod
    def from_buffer(CardTables tables, data):
        """Rebuild a state from the bytes of its buffer, checking every invariant the core
        relies on; raises EngineError naming the first one broken."""
        cdef State st
        if len(data) % 4 or len(data) < sizeof(Header):
            raise EngineError("state buffer is truncated")
        buf = np.frombuffer(data, dtype=np.int32).copy()
        hdr = buf[:header_ints()]
        names = HEADER_FIELDS
        h = dict(zip(names, hdr.tolist()))
        if h["version"] != STATE_VERSION:
            raise EngineError(f"state layout version {h['version']}, expected {STATE_VERSION}")
        if not 2 <= h["n_players"] <= MAX_PLAYERS:
            raise EngineError(f"corrupt state: {h['n_players']} players")
        if not 0 < h["cap"] < TGT_PLAYER:
            raise EngineError(f"corrupt state: object capacity {h['cap']}")
        if h["n_zones"] != h["n_players"] * 3 + 3:
            raise EngineError("corrupt state: zone count does not match the player count")
        if h["flags"] & GF_EDITION_MASK == GF_EDITION_MASK:     # the edition sizes the layout
            raise EngineError("corrupt state: two rules editions at once (flags "
                              "GF_EDITION_CURRENT and GF_EDITION_CLASSIC)")
        for name, most in _CAP_LIMITS.items():                   # they size the layout
            if not 0 <= h[name] <= (h["cap"] if most is None else most):
                raise EngineError(f"corrupt state: capacity {name} is {h[name]}, outside "
                                  f"0..{h['cap'] if most is None else most}")
        need = layout_size(h)
        if h["total_ints"] != need or buf.size != h["total_ints"]:
            raise EngineError(f"state buffer has {buf.size} words, its header says "
                              f"{h['total_ints']}, its layout needs {need} (from n_players, the "
                              "capacities and the rules edition in flags)")
        st = State.__new__(State)
        st._bind(buf, tables)
        problem = st._validate()
        if problem:
            raise EngineError("corrupt state: " + problem)
        return st

    def _validate(self):
        """Return a description of the first broken invariant (see validate.pxi), or None."""
        return check_state(self)

    # --- decisions ------------------------------------------------------------------------

    @property
    def decision(self):
        """(kind, deciding seat, context) of the pending decision."""
        return (self.e.h.decision, self.e.h.decider, self.e.h.dctx0)

    def legal_actions(self):
        """Legal answers to the pending decision as an int32 array of action codes (all of
        them: a decision may have more than MAX_ACTIONS)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t n, i
        cdef int32_t[::1] ov
        # A query, short and bounded: it keeps the GIL (releasing it would cost more than
        # most queries take), so no other thread can start on this state meanwhile.
        self._check_idle()
        n = legal_actions(&self.e, buf, MAX_ACTIONS)
        out = np.empty(n, dtype=np.int32)
        ov = out
        if n <= MAX_ACTIONS:
            for i in range(n):
                ov[i] = buf[i]
        else:
            legal_actions(&self.e, &ov[0], n)
        return out

    def apply(self, action):
        """Apply a legal action (an int action code) and advance to the next decision.
        Returns 0, or an error code (E_*) with the state left exactly as it was.  Anything
        but an int raises TypeError (a str, bytes, float or bool is never an action)."""
        cdef int32_t err, code
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action code is an int, not {type(action).__name__}")
        if not -2**31 <= action < 2**31:
            return E_BAD_CHOICE
        code = action
        self._enter()
        try:
            with nogil:
                err = apply_checked(&self.e, code)
        finally:
            self._adopt()
            self.busy = 0
        return err

    def concede(self, int p):
        if not 0 <= p < self.e.h.n_players:
            raise EngineError(f"no seat {p}")
        self._enter()
        try:
            with nogil:
                concede(&self.e, p)
        finally:
            self._adopt()
            self.busy = 0

    def play_random(self, uint64_t seed, bint include_mana=False):
        """Finish the game under the uniform-random policy, GIL released.  Returns the
        number of decisions taken."""
        cdef uint32_t rng[4]
        cdef int32_t n
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            with nogil:
                n = play_out(&self.e, rng, include_mana)
        finally:
            self._adopt()
            self.busy = 0
        return n

    def play_policies(self, policies, uint64_t seed, uint64_t game=0):
        """Finish the game, seat p deciding by ``policies[p]`` (POL_*; one entry is used for
        every seat) with the stream play_games gives seat p in game ``game`` of a batch
        seeded ``seed``, GIL released.  Returns (decisions taken, END_*)."""
        cdef int32_t n = self.e.h.n_players, p, steps, end = 0
        cdef int32_t pol[MAX_PLAYERS]
        cdef uint32_t rngs[4 * MAX_PLAYERS]
        policies = [int(x) for x in policies]
        if len(policies) == 1:
            policies = policies * n
        if len(policies) != n:
            raise EngineError(f"{len(policies)} policies for {n} seats (one per seat, or one for all)")
        for p in range(n):
            if policies[p] not in (POL_RANDOM, POL_HEURISTIC):
                raise EngineError(f"no policy {policies[p]} (POL_RANDOM or POL_HEURISTIC)")
            pol[p] = policies[p]
            seat_stream(rngs + 4 * p, seed, game, p)
        self._enter()
        try:
            with nogil:
                steps = play_policies(&self.e, rngs, pol, &end)
        finally:
            self._adopt()
            self.busy = 0
        return steps, end

    def policy_action(self, int policy, uint64_t seed):
        """The action code policy ``policy`` (POL_*) would take now for the deciding seat,
        drawing from a stream seeded with ``seed`` (the state is not changed), or -1 if there
        is no decision.  POL_RANDOM answers a declaration pair by pair."""
        cdef uint32_t rng[4]
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t act
        if policy not in (POL_RANDOM, POL_HEURISTIC):
            raise EngineError(f"no policy {policy} (POL_RANDOM or POL_HEURISTIC)")
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            with nogil:
                act = policy_action(&self.e, policy, rng, buf)
        finally:
            self._adopt()
            self.busy = 0
        return act

    def random_action(self, uint64_t seed, bint include_mana=False):
        """A uniformly random legal action code (seeded), or -1 if there is none."""
        cdef uint32_t rng[4]
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t act
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            act = random_action(&self.e, rng, buf, include_mana)
        finally:
            self._adopt()
            self.busy = 0
        return act

    def advance(self):
        self._enter()
        try:
            with nogil:
                advance(&self.e)
        finally:
            self._adopt()
            self.busy = 0

    def check_state_based_actions(self):
        """Run the 704.3 loop now (scenario set-ups call this after editing).  Returns the
        number of actions performed, or -1 if a choice (legend rule) is pending."""
        cdef int32_t n
        self._enter()
        try:
            self.e.h.sba_dirty = 1
            with nogil:
                n = check_sba(&self.e)
                decider_left(&self.e)
        finally:
            self._adopt()
            self.busy = 0
        return n

    # --- reading the state ---------------------------------------------------------------

    # The header fields Python asks for on every call, without building a dict.
    @property
    def turn(self):
        return self.e.h.turn

    @property
    def active(self):
        return self.e.h.active

    @property
    def step(self):
        return self.e.h.step

    @property
    def phase(self):
        return self.e.h.phase

    @property
    def result(self):
        return self.e.h.result

    @property
    def winner(self):
        return self.e.h.winner

    @property
    def n_players(self):
        return self.e.h.n_players

    @property
    def n_objects(self):
        return self.e.h.n_objects

    @property
    def casting(self):
        return self.e.h.casting

    @property
    def edition(self):
        """The rules edition chosen at game creation (EDITION_*)."""
        return edition_of(&self.e)

    def header(self):
        return dict(zip(HEADER_FIELDS, self.buffer[:header_ints()].tolist()))

    def sections(self):
        """Numpy views (no copies) of each section of the buffer."""
        cdef Engine* e = &self.e
        cdef char* base = <char*>e.base
        def view(Py_ssize_t byte_offset, rows, cols):
            start = byte_offset // 4
            return self.buffer[start:start + rows * cols].reshape(rows, cols)
        np_, cap, nz = e.h.n_players, e.h.cap, e.h.n_zones
        return {
            "header": self.buffer[:header_ints()],
            "players": view(<char*>e.pl - base, np_, len(PLAYER_FIELDS)),
            "objects": view(<char*>e.ob - base, 1, cap * sizeof(Obj) // 4)[0].view(OBJ_DTYPE),
            "zone_counts": view(<char*>e.zcount - base, 1, nz)[0],
            "zone_lists": view(<char*>e.zlist - base, 1, zone_slots(e.h))[0],
            "stack": view(<char*>e.stack - base, e.h.stack_cap, len(STACK_FIELDS)),
            "effects": view(<char*>e.eff - base, e.h.effect_cap, len(EFFECT_FIELDS)),
            "triggers": view(<char*>e.trig - base, e.h.trigger_cap, len(TRIGGER_FIELDS)),
            "delayed": view(<char*>e.dly - base, e.h.delayed_cap, len(DELAYED_FIELDS)),
            "plan": view(<char*>e.plan - base, 1, PLAN_CAP)[0],
            "pairs": view(<char*>e.pairs - base, e.h.pair_cap, len(PAIR_FIELDS)),
            "combat_damage": view(<char*>e.cd - base, combat_damage_cap(e.h.flags, cap),
                                  len(COMBAT_DAMAGE_FIELDS)),
        }

    def zone_offsets(self):
        """Where each zone's list is in ``sections()["zone_lists"]``: zone z's slots are
        ``[offsets[z], offsets[z + 1])`` (a library, hand or graveyard has player_zone_cap
        slots, the battlefield, the stack and exile cap each); its objects, bottom to top,
        are the first ``zone_counts[z]``."""
        cdef int32_t z
        out = np.empty(self.e.h.n_zones + 1, dtype=np.int64)
        for z in range(self.e.h.n_zones):
            out[z] = self.e.zoff[z]
        out[self.e.h.n_zones] = zone_slots(self.e.h)
        return out

    def zone(self, int kind, int player=0):
        """Object indices in a zone, bottom to top."""
        cdef int32_t z, i
        if not Z_LIBRARY <= kind <= Z_EXILE or not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no zone {kind} for seat {player}")
        z = zone_of(&self.e, player, kind)
        return [zone_list(&self.e, z)[i] for i in range(self.e.zcount[z])]

    def zone_kind_of(self, int o):
        self._check_obj(o)
        return zone_kind(&self.e, self.e.ob[o].zone)

    def power_toughness(self, int o):
        cdef int32_t p, t
        self._check_obj(o)
        power_toughness(&self.e, o, &p, &t)
        return p, t

    def keywords(self, int o):
        self._check_obj(o)
        return keywords_of(&self.e, o)

    def characteristics(self, int o):
        """``o``'s characteristics after the layer system (613): card types (T_* bits),
        subtypes (CF_SUBTYPES bits), colours (bit C_*), keywords (KW_*), power, toughness
        and whether it lost all abilities (layer 6)."""
        cdef Chars c
        self._check_obj(o)
        if layers_may_apply(&self.e, o):
            layered(&self.e, o, &c, 7)
        else:
            c.types = obj_types(&self.e, o)
            c.subtypes = obj_subtypes(&self.e, o)
            c.colors = obj_colors(&self.e, o)
            c.keywords = keywords_of(&self.e, o)
            power_toughness(&self.e, o, &c.power, &c.toughness)
            c.lost = 0
        return {"types": c.types, "subtypes": c.subtypes, "colors": c.colors,
                "keywords": c.keywords, "power": c.power, "toughness": c.toughness,
                "lost_all_abilities": bool(c.lost)}

    def can_pay(self, int player, cost, int hybrid=0):
        """Could ``player`` pay ``cost`` = [generic, W, U, B, R, G, C] now (601.2h)?
        ``hybrid``: its hybrid pips too, a word of colour pairs (hybrid.pxi, 107.4e)."""
        cdef int32_t c[7]
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        if len(cost) != 7 or min(cost) < 0:
            raise EngineError("a cost is 7 non-negative numbers: generic, W, U, B, R, G, C")
        if hybrid_word_problem(hybrid) is not None:
            raise EngineError(f"hybrid pips {hybrid}: {hybrid_word_problem(hybrid)}")
        for i in range(7):
            c[i] = cost[i]
        return bool(can_pay_h(&self.e, player, c, hybrid, -1))

    def _check_obj(self, int o):
        if not 0 <= o < self.e.h.n_objects:
            raise EngineError(f"no object {o}")

    # --- editing (scenario set-up) ----------------------------------------------------------

    def create_object(self, int card, int owner, int zone_kind_, bint token=False,
                      int controller=-1, int attach_to=-1):
        """Add a new object (a card brought in for a scenario, or a token).  Onto the
        battlefield it enters under ``controller`` (default: its owner), attached to
        ``attach_to`` if given (see :meth:`move`); an Aura that can't enchant that isn't
        created (303.4i) and RuleError is raised.  Like every scenario edit, it is undone
        and raises if the state would break an invariant."""
        cdef Engine* e = &self.e
        if e.h.n_objects >= e.h.cap and not e.h.grow_objects:
            raise CapacityExceeded("object table is full")
        if e.h.n_objects + 1 >= TGT_PLAYER:
            raise CapacityExceeded(f"object table is full (the limit is {TGT_PLAYER - 1} objects)")
        if not 0 <= card < e.n_cards or not 0 <= owner < e.h.n_players:
            raise EngineError("bad card row or owner")
        self._check_zone_kind(zone_kind_)
        _check_may_enter(card_row(e, card)[CF_TYPES], zone_kind_)
        return self._edit(self._create, card, owner, zone_kind_, token, controller, attach_to)

    def _room_for(self, int card, int owner, bint token, int kind):
        """The capacities a new object of ``card`` needs (state.pxi "Capacities"): a row
        (grow_objects) and a slot in its owner's zones; the tables its card may use grow as
        it uses them (growth.pxi)."""
        cdef Engine* e = &self.e
        needs = int(self.tables.needs[card])
        want = {}
        if e.h.grow_objects:
            spare = GROW_FIRST_ROWS if needs & NEED_TOKENS else 0
            if e.h.n_objects + 1 + spare > e.h.cap:
                want["cap"] = min(e.h.n_objects + 1 + spare, TGT_PLAYER - 1)
            if not token or kind <= Z_GRAVEYARD:
                objs = self.sections()["objects"][:e.h.n_objects]
                mine = objs["owner"] == owner
                zones = objs["zone"]
                held = int((mine & ((objs["token"] == 0)
                                    | ((zones >= 0) & (zones < 3 * e.h.n_players)))).sum())
                if held + 1 > e.h.player_zone_cap:
                    want["player_zone_cap"] = held + 1
        if want:
            self._relayout(want)

    def reserve(self, **caps):
        """Grow the capacities of this state's tables (state.pxi "Capacities") to at least
        ``caps`` (cap, player_zone_cap, stack_cap, effect_cap, trigger_cap, delayed_cap,
        pair_cap): a scenario edit, for set-ups that write rows by hand.  The buffer is
        replaced: views from sections() taken before no longer show the state."""
        h = self.header()
        for name, value in caps.items():
            most = (TGT_PLAYER - 1 if name == "cap" else
                    _CAP_LIMITS.get(name, -1) if name != "player_zone_cap" else TGT_PLAYER - 1)
            if name not in ("cap",) + tuple(_CAP_LIMITS) or not isinstance(value, int) \
                    or not 0 <= value <= most:
                raise EngineError(f"no capacity {name}={value!r} (see state.pxi, Capacities)")
        self._edit(self._relayout, caps)

    def _relayout(self, want):
        """Grow capacities to ``want`` ({name: value}; never smaller): a new buffer with
        every section copied over (a scenario edit, never during play)."""
        cdef State tmp
        h = self.header()
        caps = {k: max(h[k], want.get(k, 0)) for k in ("cap",) + tuple(_CAP_LIMITS) + ("grow_objects",)}
        caps["player_zone_cap"] = min(caps["player_zone_cap"], caps["cap"])
        buf = _new_buffer(h["n_players"], h["flags"], caps)
        tmp = State.__new__(State)
        tmp._bind(buf, self.tables)
        old, new = self.sections(), tmp.sections()
        new["header"][:] = old["header"]
        _set_caps(tmp.e.h, h["n_players"], h["flags"], caps)
        tmp.e.h.total_ints = layout_ints(tmp.e.h)
        new["objects"][:h["cap"]] = old["objects"]
        new["objects"]["zone"][h["cap"]:] = -1
        new["objects"]["attached_to"][h["cap"]:] = -1
        oz, nzo = self.zone_offsets(), tmp.zone_offsets()
        for z in range(h["n_zones"]):
            new["zone_lists"][nzo[z]:nzo[z] + oz[z + 1] - oz[z]] = old["zone_lists"][oz[z]:oz[z + 1]]
        for name in ("players", "zone_counts", "plan"):
            new[name][:] = old[name]
        for name in ("stack", "effects", "triggers", "delayed", "pairs", "combat_damage"):
            new[name][:len(old[name])] = old[name]
        self._rebind(buf)

    cdef void _rebind(self, object buf):
        """Use ``buf`` as this state's buffer, keeping the event log and the in-use mark."""
        cdef int32_t* log = self.e.log
        cdef int32_t log_len = self.e.log_len, log_cap = self.e.log_cap, log_on = self.e.log_on
        cdef int busy = self.busy
        self._bind(buf, self.tables)
        self.e.log, self.e.log_len, self.e.log_cap, self.e.log_on = log, log_len, log_cap, log_on
        self.busy = busy

    def _create(self, int card, int owner, int kind, bint token, int controller, int attach_to):
        cdef int32_t o
        self._room_for(card, owner, token, kind)
        o = new_object(&self.e, card, owner, token)
        self._move(o, kind, controller, True, attach_to)
        return o

    def move(self, int o, int kind, int controller=-1, bint top=True, int attach_to=-1):
        """Move an object to a zone (400.7: it becomes a new object).  Onto the battlefield
        it enters under ``controller`` (default: its owner); an instant or sorcery can't
        (304.4) and raises.  With ``attach_to`` (an object, or TGT_PLAYER + seat) it is put
        onto the battlefield attached to that, as an effect would (303.4f): an Aura that
        can't legally enchant it stays where it is (303.4i) and RuleError is raised;
        anything else that can't be attached there enters unattached (303.4h).  Without
        it, an Aura enters unattached (a raw set-up: 704.5m applies at the next check)."""
        self._check_obj(o)
        self._check_zone_kind(kind)
        _check_may_enter(obj_types(&self.e, o), kind)
        self._edit(self._move, o, kind, controller, top, attach_to)

    def _check_zone_kind(self, int kind):
        if kind not in (Z_LIBRARY, Z_HAND, Z_GRAVEYARD, Z_BATTLEFIELD, Z_STACK, Z_EXILE):
            raise EngineError(f"unknown zone {kind}")

    def _move(self, int o, int kind, int controller, bint top, int attach_to=-1):
        cdef Engine* e = &self.e
        if controller == -1:
            controller = e.ob[o].owner
        if not 0 <= controller < e.h.n_players:
            raise EngineError(f"no seat {controller} to control it")
        if attach_to != -1 and kind != Z_BATTLEFIELD:
            raise EngineError("only an object put onto the battlefield can enter attached")
        if attach_to != -1 and not (0 <= attach_to < e.h.n_objects or
                                    TGT_PLAYER <= attach_to < TGT_PLAYER + e.h.n_players):
            raise EngineError(f"nothing to attach to: {attach_to}")
        if kind == Z_BATTLEFIELD:
            if attach_to != -1 and (card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA) and \
                    not attach_legal(e, o, controller, attach_to):
                raise RuleError("an Aura put onto the battlefield enchanting something it "
                                "can't legally enchant stays where it is", "303.4i")
            place_on_battlefield(e, o, controller, attach_to)
        else:
            e.setup_move = 1                # scenario set-up: no zone-change trigger (603.6)
            move_object(e, o, zone_of(e, e.ob[o].owner, kind), top)
            e.setup_move = 0
        e.h.sba_dirty = 1
        e.h.decl_max = 0                # the board changed: a declaration's MAX is recomputed

    def set_object(self, int o, **fields):
        """Set raw object fields (e.g. damage=2, tapped=1, attached_to=5)."""
        self._check_obj(o)
        for k in fields:
            if k not in OBJECT_FIELDS or k in ("zone", "card", "incarnation"):
                raise EngineError(f"object field {k!r} can't be set directly")
        self._edit(self._write_row, "objects", o, OBJECT_FIELDS, fields)

    def set_player(self, int p, **fields):
        if not 0 <= p < self.e.h.n_players:
            raise EngineError(f"no seat {p}")
        for k in fields:
            if k not in PLAYER_FIELDS:
                raise EngineError(f"player field {k!r} does not exist")
        self._edit(self._write_row, "players", p, PLAYER_FIELDS, fields)

    def _write_row(self, section, int i, names, fields):
        table = self.sections()[section]
        for k, v in fields.items():
            width = np.iinfo(table.dtype[k] if table.dtype.names else table.dtype)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or \
                    not width.min <= v <= width.max:
                raise EngineError(f"field {k!r} takes an {width.dtype}, not {v!r}")
        for k, v in fields.items():
            if table.dtype.names:
                table[k][i] = v
            else:
                table[i, names.index(k)] = v
        if section == "objects":
            self.e.h.any_attached = 1
        self.e.h.sba_dirty = 1
        self.e.h.decl_max = 0           # the board changed: a declaration's MAX is recomputed

    def _edit(self, change, *args):
        """Run a scenario edit: if the state then breaks an invariant (validate.pxi: the
        same checks as loading) or the edit raises, put the buffer back and raise."""
        self._enter()
        buffer, before = self.buffer, self.buffer.copy()
        log_len = self.e.log_len
        try:
            result = change(*args)
            self._adopt()                          # a core call in it may have grown it
            problem = check_state(self)
            if problem:
                raise EngineError(f"that edit would corrupt the state: {problem}")
        except BaseException:
            self._adopt()
            if self.buffer is not buffer:          # it grew: the old one is intact (growth.pxi
                                                   # poisons it in debug builds: rewritten below)
                self._rebind(buffer)
            self.buffer[:] = before
            self.e.log_len = log_len
            raise
        finally:
            self.busy = 0
        return result

    # --- the event log --------------------------------------------------------------------

    @property
    def logging(self):
        return bool(self.e.log_on)

    @logging.setter
    def logging(self, bint on):
        self._enter()
        self.e.log_on = 1 if on else 0
        self.busy = 0

    def take_log(self):
        """Events logged since the last call, as an (n, 4) int32 array."""
        cdef int32_t n = self.e.log_len // 4, i
        self._check_idle()                  # another thread may be writing the log
        out = np.empty((n, 4), dtype=np.int32)
        cdef int32_t[:, ::1] ov = out
        for i in range(n):
            ov[i, 0] = self.e.log[4 * i]
            ov[i, 1] = self.e.log[4 * i + 1]
            ov[i, 2] = self.e.log[4 * i + 2]
            ov[i, 3] = self.e.log[4 * i + 3]
        self.e.log_len = 0
        return out


    # --- agents: observations (observation.pxi, issue 8) ----------------------------------

    def observation_size(self, int slots=OBS_SLOTS):
        """Length of the vector :meth:`observation` fills (see observation_layout)."""
        if not 1 <= slots <= OBS_MAX_SLOTS:
            raise EngineError(f"1 to {OBS_MAX_SLOTS} object slots, not {slots}")
        return observation_floats(self.e.h.n_players, slots)

    def observation(self, int player, out=None, int slots=OBS_SLOTS, objects=None):
        """``player``'s view of the game as a float32 vector (layout: observation_layout,
        docs/observations.md): only what that player may see (an opponent's hand and the
        libraries only as counts).  Fills ``out`` (a writable, contiguous float32 array of
        observation_size(slots) floats) when given, else a new array; returns it.
        ``objects`` (optional, a writable contiguous int32 array of ``slots`` entries) gets
        the object id each slot shows, as actions name objects (-1: an ability on the stack
        or an empty slot)."""
        cdef int32_t size
        cdef int32_t* ids = NULL
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        if not 1 <= slots <= OBS_MAX_SLOTS:
            raise EngineError(f"1 to {OBS_MAX_SLOTS} object slots, not {slots}")
        size = observation_floats(self.e.h.n_players, slots)
        if out is None:
            out = cnp.PyArray_EMPTY(1, [size], cnp.NPY_FLOAT32, 0)
        elif not (cnp.PyArray_Check(out) and cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
                  and cnp.PyArray_NDIM(out) == 1 and cnp.PyArray_SIZE(out) == size
                  and cnp.PyArray_IS_C_CONTIGUOUS(out) and cnp.PyArray_ISWRITEABLE(out)):
            raise EngineError(f"out must be a writable contiguous float32 array of {size} "
                              "floats (observation_size)")
        if objects is not None:
            if not (cnp.PyArray_Check(objects) and cnp.PyArray_TYPE(objects) == cnp.NPY_INT32
                    and cnp.PyArray_NDIM(objects) == 1 and cnp.PyArray_SIZE(objects) == slots
                    and cnp.PyArray_IS_C_CONTIGUOUS(objects) and cnp.PyArray_ISWRITEABLE(objects)):
                raise EngineError(f"objects must be a writable contiguous int32 array of {slots} "
                                  "entries (one per slot)")
            ids = <int32_t*>cnp.PyArray_DATA(objects)
        # A query, short and bounded: it keeps the GIL like legal_actions.
        self._check_idle()
        fill_observation(&self.e, player, <float*>cnp.PyArray_DATA(out), slots, ids)
        return out

    def determinize(self, int player, uint64_t seed):
        """A new state consistent with everything ``player`` has seen (for ISMCTS): each
        opponent's hand and library dealt again from the cards they hold there, the
        player's own library reshuffled, the game's RNG reseeded from ``seed``; the player's
        hand, every public zone and every count stay (see observation.pxi, determinize).
        ``player``'s observation is the same in both states; this state is unchanged."""
        cdef uint32_t rng[4]
        cdef State st
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        self._check_idle()
        st = self._copy()
        mtg_rng_seed(rng, seed)
        with nogil:
            determinize(&st.e, player, rng)
        return st

    # --- agents: the search inner loop (rollouts.pxi, issue 8) ----------------------------

    def copy_into(self, State other):
        """Copy this state into ``other`` (a state of the same game: the same card tables,
        players and options, e.g. an earlier clone) with one memcpy, allocating nothing when
        their buffers are the same size (else ``other`` gets a new buffer: one of them grew
        its tables, growth.pxi): the cheap way to reset a scratch state in a search loop.
        ``other``'s event log is kept."""
        if other is self:
            return
        if other.tables is not self.tables and other.tables.fingerprint != self.tables.fingerprint:
            raise EngineError("copy_into: the other state uses other card tables")
        cdef cnp.npy_intp n = cnp.PyArray_SIZE(self.buffer)
        if other.e.h.n_players != self.e.h.n_players or other.e.h.flags != self.e.h.flags:
            raise EngineError("copy_into: the other state is of another game (its players or "
                              "game options differ)")
        self._check_idle()
        other._enter()
        if cnp.PyArray_SIZE(other.buffer) != n:
            # one of them grew its tables (growth.pxi): other gets a buffer of this size
            other.buffer = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT32, 0)
            other.e.base = <int32_t*>cnp.PyArray_DATA(other.buffer)
        memcpy(other.e.base, self.e.base, <size_t>n * 4)
        bind(&other.e, other.e.base)            # its sections from the copied header
        other.busy = 0

    def rollouts(self, int n, policy=POL_RANDOM, uint64_t seed=0, int max_turns=0):
        """Play ``n`` games to the end from this state, in the core with the GIL released
        (the state itself is unchanged): each playout copies the state into one reused
        buffer and plays it out, seat p deciding by ``policy`` (one POL_* for every seat,
        or one per seat) with the stream play_policies(policy, seed, game=i) gives it, so
        playout i is ``clone().play_policies(policy, seed, i)``.  ``max_turns`` > 0 stops a
        playout once that many more turns have begun (R_UNFINISHED, END_TURN_LIMIT).

        Returns a dict of numpy arrays, one row per playout: "result" (R_*), "winner" (seat
        or -1), "turns" (the turn it ended in), "end" (END_*), "decisions" (decisions taken)
        and "life" (n, n_players)."""
        cdef int32_t np_ = self.e.h.n_players, p, limit = 0
        cdef int32_t pol[MAX_PLAYERS]
        cdef State work
        if n < 0:
            raise EngineError(f"a negative number of rollouts ({n})")
        if max_turns < 0 or max_turns > TURN_MAX:
            raise EngineError(f"max_turns must be 0..{TURN_MAX}")
        policies = [policy] if isinstance(policy, (int, np.integer)) else list(policy)
        if len(policies) == 1:
            policies = policies * np_
        if len(policies) != np_:
            raise EngineError(f"{len(policies)} policies for {np_} seats (one per seat, or one for all)")
        for p in range(np_):
            if isinstance(policies[p], bool) or policies[p] not in (POL_RANDOM, POL_HEURISTIC):
                raise EngineError(f"no policy {policies[p]!r} (POL_RANDOM or POL_HEURISTIC)")
            pol[p] = policies[p]
        if max_turns > 0:
            limit = min(self.e.h.turn + max_turns, TURN_MAX)
            if self.e.h.max_turns > 0:
                limit = min(limit, self.e.h.max_turns)
        result = np.zeros(n, dtype=np.int8)
        winner = np.zeros(n, dtype=np.int8)
        turns = np.zeros(n, dtype=np.int32)
        ends = np.zeros(n, dtype=np.int8)
        decisions = np.zeros(n, dtype=np.int32)
        life = np.zeros((n, np_), dtype=np.int32)
        if n == 0:
            return {"result": result, "winner": winner, "turns": turns, "end": ends,
                    "decisions": decisions, "life": life}
        cdef int8_t[::1] rv = result, wv = winner, ev = ends
        cdef int32_t[::1] tv = turns, dv = decisions
        cdef int32_t[:, ::1] lv = life
        self._enter()
        try:
            work = self._copy()
            with nogil:
                run_rollouts(&self.e, &work.e, n, pol, seed, limit, &rv[0], &wv[0], &tv[0],
                             &ev[0], &dv[0], &lv[0, 0])
            work._adopt()                       # its last playout may have grown it
        finally:
            self.busy = 0
        return {"result": result, "winner": winner, "turns": turns, "end": ends,
                "decisions": decisions, "life": life}


def play_random_games(CardTables tables, deck_a, deck_b, int n_games, uint64_t seed,
                      int max_turns=0, bint mulligans=True, int edition=EDITION_SEED):
    """Play ``n_games`` random-vs-random games of ``deck_a`` against ``deck_b``; returns an
    (n_games, 3) int32 array of (result, winner, turns).  Game i is the game
    ``State.new_game`` builds from seed + i (the starting player is random per game),
    played by ``play_games`` with both seats on POL_RANDOM."""
    if n_games < 0:
        raise EngineError(f"a negative number of games ({n_games})")
    res = play_games(tables, [deck_a, deck_b], n_games, seed, (POL_RANDOM, POL_RANDOM),
                     max_turns, mulligans, edition)
    out = np.zeros((n_games, 3), dtype=np.int32)
    out[:, 0] = res["result"]
    out[:, 1] = res["winner"]
    out[:, 2] = res["turns"]
    return out


# --- batches of games under compiled policies (policies.pxi, issue 7) ------------------------

def play_games(CardTables tables, decks, int n_games, uint64_t seed, policies,
               int max_turns=0, bint mulligans=True, int edition=EDITION_SEED,
               int starting_player=-1, int sizing=SIZING_SMALL):
    """Play ``n_games`` games of ``decks`` (2..MAX_PLAYERS int sequences of card rows, in
    turn order), seat p deciding by ``policies[p]`` (POL_*; one entry is used for every
    seat).  Game i is the game ``State.new_game`` builds from seed + i; seat p's policy
    draws from its own stream seeded from (seed, i, p), never from the game's RNG.  The
    decks are checked and laid out once; each game copies that unshuffled state into one
    reused buffer and starts it, the whole loop in C with the GIL released.

    Returns a dict of numpy arrays, one row per game: "result" (R_*), "winner" (seat or
    -1), "turns", "life" (n_games, n_seats), "end" (END_*: how it ended), "starting" (the
    seat that took the first turn, 103.1) and "decisions" (decisions taken)."""
    cdef int32_t n_seats = len(decks), p, i, end = 0
    cdef int32_t pol[MAX_PLAYERS]
    cdef uint32_t rngs[4 * MAX_PLAYERS]
    if n_games < 0:
        raise EngineError(f"a negative number of games ({n_games})")
    if not 2 <= n_seats <= MAX_PLAYERS:
        raise EngineError(f"a game has 2 to {MAX_PLAYERS} players, not {n_seats}")
    policies = [int(x) for x in policies]
    if len(policies) == 1:
        policies = policies * n_seats
    if len(policies) != n_seats:
        raise EngineError(f"{len(policies)} policies for {n_seats} seats (one per seat, or one for all)")
    for p in range(n_seats):
        if policies[p] not in (POL_RANDOM, POL_HEURISTIC):
            raise EngineError(f"no policy {policies[p]} (POL_RANDOM or POL_HEURISTIC)")
        pol[p] = policies[p]
    cdef State proto = State._unshuffled(tables, list(decks), starting_player, mulligans,
                                         max_turns, 20, -1, False, True, edition, 0, sizing)
    cdef State st = proto._copy()
    cdef int32_t* own = st.e.base
    result = np.zeros(n_games, dtype=np.int8)
    winner = np.zeros(n_games, dtype=np.int8)
    turns = np.zeros(n_games, dtype=np.int32)
    life = np.zeros((n_games, n_seats), dtype=np.int32)
    ends = np.zeros(n_games, dtype=np.int8)
    starting = np.zeros(n_games, dtype=np.int8)
    decisions = np.zeros(n_games, dtype=np.int32)
    cdef int8_t[::1] rv = result, wv = winner, ev = ends, sv = starting
    cdef int32_t[::1] tv = turns, dv = decisions
    cdef int32_t[:, ::1] lv = life
    cdef size_t nbytes = <size_t>proto.e.h.total_ints * 4
    with nogil:
        for i in range(n_games):
            if release_growth(&st.e, own):      # the last game grew its tables
                memcpy(own, proto.e.base, nbytes)
                bind(&st.e, own)
            else:
                memcpy(st.e.base, proto.e.base, nbytes)
            begin_game(&st.e, seed + <uint64_t>i, starting_player)
            for p in range(n_seats):
                seat_stream(rngs + 4 * p, seed, <uint64_t>i, p)
            dv[i] = play_policies(&st.e, rngs, pol, &end)
            rv[i] = <int8_t>st.e.h.result
            wv[i] = <int8_t>st.e.h.winner
            tv[i] = st.e.h.turn
            ev[i] = <int8_t>end
            sv[i] = <int8_t>st.e.h.starting_player
            for p in range(n_seats):
                lv[i, p] = st.e.pl[p].life
    st._adopt()
    return {"result": result, "winner": winner, "turns": turns, "life": life, "end": ends,
            "starting": starting, "decisions": decisions}


cdef void _free_grown(object capsule) noexcept:
    """A buffer the core grew (growth.pxi), freed with the numpy array that adopted it."""
    free(PyCapsule_GetPointer(capsule, NULL))
