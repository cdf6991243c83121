# What Python calls the state's fields and the core's codes: the field names of every
# section of the packed state (core/state.pxi), the object table's numpy dtype, and
# constants().

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
                 + ["spells_turn", "spells_cast", "spells_cast_before"]       # faces
                 + ["left_battlefield_turn"])                                  # revolt
# The object table's fields in struct order (state.pxi Obj: by width, int32 then int16 then
# int8); sections()["objects"] is a structured numpy view with these names (OBJ_DTYPE).
OBJECT_FIELDS = ["card", "damage", "plus1", "minus1", "loyalty", "timestamp", "incarnation",
                 "target_inc", "block_mask", "dmg_order", "loyalty_turn", "cast_info",
                 "attached_to", "combat_target", "attack_slot", "band", "combat",
                 "owner", "controller", "zone", "tapped", "sick", "deathtouch_hit",
                 "phased_out", "token", "mark", "cast_from"]
OBJECT_FIELDS += ["known", "known_place", "entering_choice", "lore", "alt_cost",
                  "reserved1", "reserved2"]  # known.pxi, 614.12, 714.3, 118.9
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
                 <char*>&_obj_probe.entering_choice - _ob0, <char*>&_obj_probe.lore - _ob0,
                 <char*>&_obj_probe.alt_cost - _ob0, <char*>&_obj_probe.reserved1 - _ob0,
                 <char*>&_obj_probe.reserved2 - _ob0]
_OBJ_FORMATS = ["<i4"] * 12 + ["<i2"] * 5 + ["i1"] * 10 + ["u1"] * 2 + ["i1"] * 4 + ["<i2"]
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
                r"^(T|ST|SUB|KW|C|PH|S|Z|STG|D|A|TGT|TS|AB|COST|TIME|TRIG|WHOSE|STAT|REF|OP|CTR|DUR|EF|SK|R|LOSS|E|EV|CF|AF|GF|WHY|SKIP|ATTACHED|ABORT|CM|CMA|CM2|CB|EDITION|CNT|CC|COND|CI|ZA|PRO|SQ|SEARCH|LY|LYC|TFL|RP|LOOK|OC|PAYC|SACQ|WARD|POL|END|OBS|FILTER|BLOCK|ALT|ALTK|ALTC)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():           # growth.pxi, api/capacities.pxi sizing, known.pxi
        if isinstance(value, int) and re.match(r"^(SIZING|GROW|KNOWN)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():           # grants.pxi, amounts.pxi
        if isinstance(value, int) and re.match(r"^(GRANT|AMT|SAGA)_[A-Z0-9_]+$", name):
            out[name] = value
    for name in ("CARD_FIELDS", "ABILITY_FIELDS", "MAX_PLAYERS", "STACK_CAP", "EFFECT_CAP",
                 "TRIGGER_CAP", "DELAYED_CAP", "PLAN_CAP", "PAIR_CAP", "MAX_TARGETS", "MAX_ACTIONS", "LEAVE_CAP",
                 "STATE_VERSION", "N_MANA", "N_STEPS", "AMOUNT_MAX", "TABLE_AMOUNT_MAX",
                 "TURN_MAX", "MAX_MULLIGANS", "AMOUNT_IS_X", "AMOUNT_IS_COUNT", "CHAPTER_MAX", "LORE_MAX"):
        out[name] = g[name]
    for name, value in g.items():                # faces: double-faced cards (712), day / night
        if isinstance(value, int) and re.match(r"^(FACE|DN)_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():                # abilities from the hand, cheaper activations (118.7)
        if isinstance(value, int) and re.match(r"^(FROM_HAND|ADISC)(_[A-Z0-9_]+)?$", name):
            out[name] = value
    for name, value in g.items():                # hybrid: hybrid mana pips (hybrid.pxi, 107.4e)
        if isinstance(value, int) and re.match(r"^HYBRID_[A-Z0-9_]+$", name):
            out[name] = value
    for name, value in g.items():                # Phyrexian mana pips (phyrexian.pxi, 107.4f)
        if isinstance(value, int) and re.match(r"^PHYREXIAN_[A-Z0-9_]+$", name):
            out[name] = value
    return out
