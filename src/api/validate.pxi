# What a state may contain: the domain of every field, and the relations between fields.
#
# A saved state is untrusted input (its CRC catches accidents, not tampering), and scenario
# edits write raw fields, so State._validate checks a buffer against everything the core
# relies on before any of it runs: every word of every section against its domain (the
# values play can produce), every index against the table it points into, then the relations
# no single domain can say (check_relations).  The tables below are the one place the domains
# are written down; field_domains() gives them to the docs and the tests.

# A domain is a tuple of (low, high) ranges; a bound is a number or the name of a value of the
# state being checked (state_bounds).
def _in(lo, hi):
    return ((lo, hi),)

_BIT = _in(0, 1)
_ZERO = _in(0, 0)
_SEAT = _in(0, "last_seat")
_AMOUNT = _in(0, AMOUNT_MAX)
_SIGNED_AMOUNT = _in(-AMOUNT_MAX, AMOUNT_MAX)
_OBJECT = _in(0, "any_object")                 # rows not in use keep old (valid) values, or 0
_STAMP = _in(0, "timestamp")
_INCARNATION = _AMOUNT                         # zone changes of one object (400.7)
_TARGET = ((TGT_NONE, TGT_NONE), (0, "any_object"), (TGT_PLAYER, "last_player_target"))
_INT32 = _in(-2**31, 2**31 - 1)
ALL_KEYWORDS = ALL_KEYWORD_BITS
_STEP = _in(0, N_STEPS - 1)


def _section(names, spec):
    """Domains of a section's fields in buffer order: every field must have one."""
    out = {}
    for name in names:
        if name.startswith("reserved"):
            out[name] = (_ZERO, "reserved: always 0")
        elif name in spec:
            out[name] = spec[name]
        else:
            raise AssertionError(f"field {name!r} has no documented domain")
    return out


FIELD_DOMAINS = {
    "header": _section(HEADER_FIELDS, {
        "version": (_in(STATE_VERSION, STATE_VERSION), "layout version"),
        "n_players": (_in(2, MAX_PLAYERS), "number of seats"),
        "cap": (_in(1, TGT_PLAYER - 1), "object capacity"),
        "n_objects": (_in(0, "cap"), "objects in use"),
        "n_zones": (_in("n_zones", "n_zones"), "zone count: 3 per player + 3"),
        "total_ints": (_in("total_ints", "total_ints"), "buffer size in words"),
        "result": (_in(R_ONGOING, R_ABORTED), "the game's result (R_*)"),
        "winner": (_in(-1, "last_seat"), "winner's seat, -1 unless won"),
        "max_turns": (_in(0, TURN_MAX), "turn limit, 0 for none"),
        "turn": (_in(0, TURN_MAX), "turn number, 0 before the first"),
        "active": (_SEAT, "the active player's seat"),
        "starting_player": (_SEAT, "the starting player's seat"),
        "stage": (_in(STG_MULLIGAN, STG_OVER), "engine stage (STG_*)"),
        "plan_len": (_in(0, PLAN_CAP), "turn plan entries"),
        "plan_pos": (_in(0, "plan_len"), "turn plan position"),
        "step": (_STEP, "current step (S_*)"),
        "phase": (_in(PH_BEGINNING, PH_ENDING), "current phase (PH_*)"),
        "step_serial": (_in(0, "step_serial_max"), "steps begun so far (at most PLAN_CAP a turn)"),
        "priority": (_SEAT, "seat holding priority"),
        "passes": (_in(0, "last_seat"), "consecutive passes of priority"),
        "decision": (_in(D_NONE, max(D_SEARCH_LIBRARY, D_LOOK_TAKE, D_WARD_PAY, D_ABILITY_MODE, D_SACRIFICE_CHOICE, D_CREW, D_AS_ENTERS, D_CHOOSE_REVEALED, D_BLOCK_WHICH, D_HAND_TO_TOP)), "the pending decision (D_*)"),
        "decider": (_in(-1, "last_seat"), "seat of the deciding player"),
        "dctx0": (_in(0, "dctx_max"), "decision context: target slot, cards to discard, name, defending seat or attacker being ordered"),
        "stack_n": (_in(0, "stack_cap"), "stack count"),
        "effects_n": (_in(0, "effect_cap"), "effects count"),
        "triggers_n": (_in(0, "trigger_cap"), "pending triggers count"),
        "delayed_n": (_in(0, "delayed_cap"), "delayed triggers count"),
        "timestamp": (_AMOUNT, "latest timestamp (613.7)"),
        "extra_turns_n": (_in(0, 16), "extra turns count"),
        "lands_played": (_AMOUNT, "lands played this turn"),
        "attackers_declared": (_in(0, "cap"), "creatures declared as attackers this combat (508.6)"),
        "casting": (_in(-1, "top_of_stack"), "stack index of the object being put on the stack"),
        "phase_serial": (_in(0, "phase_serial_max"), "phases planned so far (fewer than plan entries)"),
        "flags": (_in(0, GF_MULLIGANS | GF_NO_FIRST_DRAW_SKIP | GF_EDITION_MASK | GF_ATTACK_MASK),
                  "game options (GF_*): mulligans, first-draw house rule, rules edition, "
                  "multiplayer attack option (506.2a)"),
        "sba_dirty": (_BIT, "state-based actions may apply"),
        "any_attached": (_BIT, "some permanent may be attached"),
        "last_normal_turn": (_SEAT, "seat of the last regular turn"),
        "open_phase_serial": (_in(-1, "last_phase_serial"), "serial of the phase in progress"),
        "open_phase": (_in(PH_BEGINNING, PH_ENDING), "the phase in progress"),
        "bf_ability_kinds": (_in(0, 2 * SAGA_BIT - 1), "kinds of abilities on the battlefield (1 << AB_*, LY_*_BIT, GRANT_BIT, SAGA_BIT)"),
        "combat_damage_steps": (_in(0, 2), "combat damage steps this combat (510.4)"),
        "attack_slots": (_in(0, "cap"), "attackers numbered this combat (combat.pxi)"),
        "order_serial": (_AMOUNT, "last damage-assignment-order number given (509.2)"),
        "pairs_n": (_in(0, "pair_cap"), "rows of the combat pair table in use"),
        "decl_max": (_AMOUNT, "508.1d / 509.1c maximum of the declaration in progress, plus 1; 0 not computed"),
        "combat_damage_n": (_in(0, "combat_damage_cap"),
                            "assignments of the combat damage on the stack (classic edition)"),
        "no_fast_in_hand": (_BIT, "1: no instant or flash card is in any hand"),
        "zone_ability_cards": (_BIT, "1: a card with flashback or cycling may be in a hand or graveyard"),
        "layer_effects": (_BIT, "1: a layer effect (EF_LAYER) may exist"),
        "hand_choice_blocks": (_in(0, "cap"), "a choice from hand: 0 to enter attacking (508.4), attacker + 1 to enter blocking it (509.7)"),
        "unless_amount": (_in(0, TABLE_AMOUNT_MAX), "D_PAY_UNLESS: the {N} to pay (701.5), else 0"),
        "defender_choice": (_in(0, MAX_PLAYERS), "507.1: the defending player chosen this combat + 1, 0 none"),
        "resolving_pc": (_in(0, "prog_end1"), "a choice made while the top stack object resolves (608.2d): the instruction + 1, 0 none; an \"as ~ enters\" choice (614.12): where the program resumes + 1 (its end at most)"),
        "player_zone_cap": (_in(0, "cap"), "slots of each library, hand and graveyard (their owner's objects, 400.3)"),
        "stack_cap": (_in(0, STACK_CAP), "rows of the stack"),
        "effect_cap": (_in(0, EFFECT_CAP), "rows of the continuous effects table"),
        "trigger_cap": (_in(0, TRIGGER_CAP), "rows of the pending triggers table"),
        "delayed_cap": (_in(0, DELAYED_CAP), "rows of the delayed triggers table"),
        "pair_cap": (_in(0, PAIR_CAP), "rows of the combat pair table"),
        "grow_objects": (_BIT, "1: scenario edits may grow the object table"),
        "day_night": (_in(DN_NEITHER, DN_NIGHT), "neither day nor night, day or night (726.2)"),   # faces
        "prev_active": (_in(-1, MAX_PLAYERS - 1), "the previous turn's active player, -1 none"),
    } | {f"rng{i}": (_INT32, "RNG word (any, but not all four zero)") for i in range(4)}
      | {f"extra_turn{i}": (_SEAT, "seat taking an extra turn (500.7)") for i in range(16)}),
    "players": _section(PLAYER_FIELDS, {
        "life": (_SIGNED_AMOUNT, "life total"),
        "poison": (_AMOUNT, "poison counters"),
        "in_game": (_BIT, "still in the game"),
        "lost_reason": (_in(0, LOSS_CONCEDE), "why they lost (LOSS_*), 0 in the game"),
        "drew_from_empty": (_BIT, "drew from an empty library (704.5b)"),
        "max_hand": (_SIGNED_AMOUNT, "maximum hand size (402.2)"),
        "land_plays": (_AMOUNT, "lands they may play each turn (305.2)"),
        "mulligans": (_in(0, MAX_MULLIGANS), "mulligans taken (103.5, 103.5c)"),
        "kept": (_in(0, 2), "0 deciding, 1 kept, 2 taking a mulligan"),
        "to_bottom": (_in(0, HAND_SIZE), "cards still to put on the bottom"),
        "skip_turns": (_AMOUNT, "turns to skip (500.10)"),
        "removed": (_BIT, "left the game with their objects (800.4a)"),
        "skip_phases": (_in(0, (1 << (SKIP_PHASE_BITS * (PH_ENDING + 1))) - 1),
                        "phases to skip (500.10): SKIP_PHASE_BITS bits per PH_* kind"),
        "attacked_turn": (_in(0, TURN_MAX), "the last turn they declared an attacker (raid), 0 none"),
        "creature_died_turn": (_in(0, TURN_MAX), "the last turn a creature they controlled died (morbid), 0 none"),
        "spells_turn": (_in(0, TURN_MAX), "the last turn they cast a spell, 0 none"),           # faces
        "spells_cast": (_AMOUNT, "spells they cast in turn spells_turn (601.2i)"),
        "spells_cast_before": (_AMOUNT, "spells they cast in the turn before spells_turn"),
        "left_battlefield_turn": (_in(0, TURN_MAX), "the last turn a permanent they controlled left the battlefield (revolt), 0 none"),
    } | {f"mana_{c}": (_AMOUNT, f"{c} mana in pool") for c in "WUBRGC"}
      | {f"skip_step{i}": (_AMOUNT, f"times to skip step {i} (500.10)") for i in range(N_STEPS)}),
    "objects": _section(OBJECT_FIELDS, {
        "card": (_in(0, "last_card"), "row in the card table"),
        "owner": (_SEAT, "owner's seat"),
        "controller": (_SEAT, "controller's seat"),
        "zone": (_in(-1, "last_zone"), "zone id, -1 out of the game"),
        "tapped": (_BIT, "tapped"),
        "sick": (_BIT, "summoning sick (302.6)"),
        "damage": (_AMOUNT, "marked damage"),
        "deathtouch_hit": (_BIT, "dealt damage by deathtouch (704.5h)"),
        "plus1": (_AMOUNT, "+1/+1 counters"),
        "minus1": (_AMOUNT, "-1/-1 counters"),
        "loyalty": (_AMOUNT, "loyalty counters"),
        "attached_to": (((ATTACHED_GONE, -1), (0, "last_object"), (TGT_PLAYER, "last_player_target")),
                        "what it is attached to (object, TGT_PLAYER + seat, -1 none, -2 gone)"),
        "phased_out": (_in(0, 2), "0 phased in, 1 phased out, 2 indirectly (702.26)"),
        "timestamp": (_STAMP, "timestamp"),
        "token": (_BIT, "a token"),
        "incarnation": (_INCARNATION, "zone changes (400.7)"),
        "mark": (_in(0, 1), "chosen in a pending discard or legend-rule choice"),
        "combat": (_in(0, CB_ALL_FLAGS), "combat flags (CB_*)"),
        "combat_target": (((TGT_ATTACKS_NOTHING - MAX_PLAYERS + 1, TGT_NONE), (0, "any_object"),
                           (TGT_PLAYER, "last_player_target")),
                          "what it attacks: an object or TGT_PLAYER + seat, -1 none, "
                          "TGT_ATTACKS_NOTHING - seat nothing (506.4c)"),
        "target_inc": (_INCARNATION, "incarnation of the planeswalker it attacks"),
        "attack_slot": (_in(0, "cap"), "its number among this combat's attackers"),
        "block_mask": (_INT32, "attacker slots it blocks (bits)"),
        "dmg_order": (_INT32, "place in a damage assignment order (509.2); negative while being ordered"),
        "loyalty_turn": (_in(0, "turn"), "turn a loyalty or once-each-turn ability of it was activated (606.3, 602.5b), 0 none"),
        "cast_info": (_in(0, (CI_KICKS_MAX << CI_KICKS_SHIFT) | ((1 << CI_KICKS_SHIFT) - 1)),
                      "a spell on the stack: choices made casting it (CI_*: modes, kicked, flashback, X); "
                      "a permanent: CI_KICKED and the multikicker count if its spell was kicked "
                      "(702.33c-d)"),
        "cast_from": (_in(0, Z_NONE + 1), "zone kind + 1 it was last cast from (601.2a), 0 never cast"),
        "band": (_in(0, "cap"), "its attacking band (702.21c): 1 + the band's first member, 0 none"),
        "known": (_in(0, "seat_mask"), "in a library or hand: seats that know which card it is (known.pxi)"),
        "known_place": (_in(0, "seat_mask"), "in a library: seats that know its place there (known.pxi)"),
        "entering_choice": (_in(0, 1), "on the battlefield: its \"as ~ enters\" choice (614.12) is pending"),
        "lore": (_in(0, LORE_MAX), "lore counters (714.3): a Saga on the battlefield (sagas.pxi)"),
        "alt_cost": (_in(0, ALT_CAST | (ALTK_N_MAX << ALT_DONE_SHIFT)),
                     "a spell cast paying its alternative cost: ALT_CAST and the cards or permanents "
                     "it took (118.9); a permanent: ALT_CAST if it was evoked (702.74a)"),
    }),
    "stack": _section(STACK_FIELDS, {
        "kind": (_in(0, SK_COMBAT_DAMAGE), "SK_* (0 only in rows not in use)"),
        "obj": (_OBJECT, "the spell, or the ability's source"),
        "obj_inc": (_INCARNATION, "its incarnation when put on the stack"),
        "controller": (_SEAT, "controller's seat"),
        "ability": (_in(-1, "last_ability"), "ability row, -1 none"),
        "n_targets": (_in(0, MAX_TARGETS), "target slots"),
        "target0": (_TARGET, "first target"),
        "target1": (_TARGET, "second target"),
        "target_inc0": (_INCARNATION, "first target's incarnation"),
        "target_inc1": (_INCARNATION, "second target's incarnation"),
        "prog_start": (_in(-1, "last_prog"), "start of its effect program, -1 none"),
        "prog_len": (_in(0, "prog_len"), "length of its effect program"),
        "event_ref": (_TARGET, "a trigger's event object or player (603.2), -1 none"),
        "event_ref_inc": (_INCARNATION, "that object's incarnation"),
    }),
    "effects": _section(EFFECT_FIELDS, {
        "kind": (_in(0, EF_COMBAT), "EF_* (0 only in rows not in use)"),
        "source": (_OBJECT, "source object"),
        "affected": (_in(-1, "any_object"), "affected object, -1 none (a player's or Fog's "
                     "prevention effect, 615)"),
        "affected_inc": (_INCARNATION, "its incarnation when affected"),
        "a": (_in(-TABLE_AMOUNT_MAX, 2 ** 31 - 1), "power change, keywords, types, colours"),
        "b": (_in(-TABLE_AMOUNT_MAX, 2 ** 31 - 1), "toughness change, subtypes"),
        "duration": (_in(DUR_END_OF_TURN, DUR_NEXT_UNTAP), "DUR_*"),
        "dur_arg": (_in(-1, N_STEPS - 1), "step, phase or seat of the duration"),
        "timestamp": (_STAMP, "timestamp"),
        "controller": (_SEAT, "controller's seat"),
        "created_turn": (_in(0, "turn"), "turn it was created"),
        "change": (_in(0, LY_PT_SWITCH), "EF_LAYER: the LY_* change (613), else 0"),
    }),
    "triggers": _section(TRIGGER_FIELDS, {
        "source": (_OBJECT, "source object"),
        "source_inc": (_INCARNATION, "its incarnation when it triggered"),
        "ability": (_in(-1, "last_ability"), "ability row, -1 for a delayed trigger"),
        "controller": (_SEAT, "controller's seat"),
        "prog_start": (_in(-1, "last_prog"), "start of a delayed trigger's program"),
        "prog_len": (_in(0, "prog_len"), "length of a delayed trigger's program"),
        "event_ref": (_TARGET, "the event's object or player (603.2), -1 none"),
        "event_ref_inc": (_INCARNATION, "that object's incarnation"),
    }),
    "pairs": _section(PAIR_FIELDS, {
        "attacker": (_in(0, "any_object"), "the attacking creature of the pair (0 in rows not in use)"),
        "blocker": (_in(-1, "any_object"), "a creature blocking it, -1: what it attacks (702.19b)"),
        "a_pos": (_INT32, "the blocker's place in the attacker's order (509.2); < 0 not placed yet"),
        "b_pos": (_INT32, "the attacker's place in the blocker's order (509.3); < 0 not placed yet"),
        "a_dmg": (_AMOUNT, "combat damage the attacker assigns to the blocker in this step (510.1c)"),
        "b_dmg": (_AMOUNT, "combat damage the blocker assigns to the attacker in this step (510.1d)"),
    }),
    "delayed": _section(DELAYED_FIELDS, {
        "step": (_STEP, "step it waits for"),
        "controller": (_SEAT, "controller's seat"),
        "source": (_OBJECT, "source object"),
        "prog_start": (_in(0, "last_prog"), "start of its program"),
        "prog_len": (_in(0, "prog_len"), "length of its program"),
        "created_serial": (_in(0, "step_serial"), "step it was created in (513.3)"),
    }),
    "combat_damage": _section(COMBAT_DAMAGE_FIELDS, {
        "source": (_OBJECT, "the creature that assigned it (510.1)"),
        "source_inc": (_INCARNATION, "its incarnation then"),
        "target": (_TARGET, "what it is assigned to: an object or TGT_PLAYER + seat"),
        "target_inc": (_INCARNATION, "the object's incarnation then, 0 for a player"),
        "amount": (_AMOUNT, "damage (at least 1 in rows in use)"),
        "keywords": (_in(0, ALL_KEYWORDS), "the source's keywords (last known information)"),
        "controller": (_SEAT, "the source's controller (last known information)"),
        "first_strike": (_BIT, "put on the stack in a first-strike damage step (510.4)"),
    }),
}

# Every field of the object table is as wide as its domain needs (state.pxi Obj): the
# largest value a named bound can take in any state, checked against each field's width.
_BOUND_MOST = {"cap": TGT_PLAYER - 1, "any_object": TGT_PLAYER - 1, "last_object": TGT_PLAYER - 1,
               "last_player_target": TGT_PLAYER + MAX_PLAYERS - 1, "last_seat": MAX_PLAYERS - 1,
               "last_zone": MAX_PLAYERS * 3 + 2, "turn": TURN_MAX, "timestamp": AMOUNT_MAX,
               "last_card": 2**31 - 1}
_BOUND_MOST["seat_mask"] = (1 << MAX_PLAYERS) - 1          # known.pxi
for _f, (_ranges, _) in FIELD_DOMAINS["objects"].items():
    _w = np.iinfo(OBJ_DTYPE[_f])
    for _lo, _hi in _ranges:
        assert _w.min <= (_lo if not isinstance(_lo, str) else 0) and \
            (_BOUND_MOST[_hi] if isinstance(_hi, str) else _hi) <= _w.max, f"Obj.{_f} is too narrow"

# The other three sections (checked in check_state): zone counts are 0..their zone's
# capacity (State.zone_offsets: player_zone_cap or cap), and every
# object in use is listed once, in the zone it says it is in; the zone-list slots beyond a
# zone's count hold 0 or earlier object indices; a turn plan entry is step | phase << 4 |
# flags << 8 | serial << 12 (turn.pxi), a step of that phase (500.1), its serial below
# phase_serial for the entries in use (check_state says what the others hold).

_ZONE = OBJECT_FIELDS.index("zone")

# Section labels in messages.
_LABEL = {"header": "header field", "players": "player", "objects": "object",
          "stack": "stack entry", "effects": "effect", "triggers": "pending trigger",
          "delayed": "delayed trigger", "pairs": "combat pair",
          "combat_damage": "combat damage assignment"}

# 500.1: the steps of each phase (a main phase is one entry with step S_MAIN, 505.2).
PHASE_STEPS = {PH_BEGINNING: (S_UNTAP, S_UPKEEP, S_DRAW), PH_PRECOMBAT_MAIN: (S_MAIN,),
               PH_COMBAT: tuple(range(S_BEGIN_COMBAT, S_END_COMBAT + 1)),
               PH_POSTCOMBAT_MAIN: (S_MAIN,), PH_ENDING: (S_END, S_CLEANUP)}
_VALID_ENTRY = np.zeros((16, 16), dtype=bool)
for _ph, _steps in PHASE_STEPS.items():
    for _s in _steps:
        _VALID_ENTRY[_s, _ph] = True


def object_columns(objects):
    """The object table (a structured view, OBJ_DTYPE) as a rows x fields int64 array in
    OBJECT_FIELDS order, for checks that treat every field alike."""
    out = np.empty((objects.shape[0], len(OBJECT_FIELDS)), dtype=np.int64)
    for i, f in enumerate(OBJECT_FIELDS):
        out[:, i] = objects[f]
    return out


def field_domains():
    """{section: {field: (ranges, description)}}; a bound in a range is a number or the name
    of a value of the state (see README, "Saved states")."""
    return {k: dict(v) for k, v in FIELD_DOMAINS.items()}


def state_bounds(h, int n_cards, int n_abilities, int prog_len):
    """The named bounds of the domains, for one state's header ``h`` (a dict)."""
    np_, cap, n = h["n_players"], h["cap"], h["n_objects"]
    return {
        "last_seat": np_ - 1, "cap": cap, "n_zones": np_ * 3 + 3,
        "total_ints": layout_size(h), "last_object": n - 1, "any_object": max(n - 1, 0),
        "last_card": n_cards - 1, "last_zone": np_ * 3 + 2, "last_ability": n_abilities - 1,
        "last_prog": prog_len - 1, "prog_len": prog_len, "prog_end1": prog_len + 1,
        "timestamp": h["timestamp"],
        "turn": h["turn"], "step_serial": h["step_serial"], "plan_len": h["plan_len"],
        "stack_cap": h["stack_cap"], "effect_cap": h["effect_cap"], "trigger_cap": h["trigger_cap"],
        "delayed_cap": h["delayed_cap"], "pair_cap": h["pair_cap"],
        "top_of_stack": h["stack_n"] - 1, "last_phase_serial": h["phase_serial"] - 1,
        "dctx_max": max(cap, n_cards, FILTER_SEARCH_BITS), "combat_damage_cap": combat_damage_cap(h["flags"], cap), "last_player_target": TGT_PLAYER + np_ - 1,
        # A turn begins at most PLAN_CAP steps (plan_pos only grows) and plans fewer phases
        # than entries: bounds that play from any valid state keeps.
        "step_serial_max": 0 if h["turn"] < 1 else PLAN_CAP * (h["turn"] - 1) + h["plan_pos"] + 1,
        "phase_serial_max": 0 if h["turn"] < 1 else PLAN_CAP * (h["turn"] - 1) + h["plan_len"],
        "seat_mask": (1 << np_) - 1,
    }


def _bound(b, bounds):
    return bounds[b] if isinstance(b, str) else b


def _ranges_text(ranges, bounds):
    return " or ".join(f"{_bound(lo, bounds)}..{_bound(hi, bounds)}" for lo, hi in ranges)


# Per section: the domains as three stacked ranges a field (unused ones empty: 1..0).
_RANGES = {name: [[(r[k] if k < len(r) else (1, 0)) for (r, _) in doms.values()] for k in range(3)]
           for name, doms in FIELD_DOMAINS.items()}


def check_domains(name, table, bounds):
    """The first field of ``table`` (a header vector or a rows x fields array) outside its
    domain, as a message, or None."""
    arr = table.reshape(1, -1) if table.ndim == 1 else table
    ok = np.zeros(arr.shape, dtype=bool)
    for ranges in _RANGES[name]:
        lo = np.array([_bound(r[0], bounds) for r in ranges], dtype=np.int64)
        hi = np.array([_bound(r[1], bounds) for r in ranges], dtype=np.int64)
        ok |= (arr >= lo) & (arr <= hi)
    if ok.all():
        return None
    i, f = (int(x[0]) for x in np.nonzero(~ok))
    field, (ranges, what) = list(FIELD_DOMAINS[name].items())[f]
    where = _LABEL[name] if table.ndim == 1 else f"{_LABEL[name]} {i}:"
    return f"{where} {field} ({what}) is {int(arr[i, f])}, outside {_ranges_text(ranges, bounds)}"


def table_facts(cards, abilities, program):
    """What validation needs from the card tables, computed once per CardTables: each
    card's spell ability and spell target count, and every delayed trigger's program."""
    n_cards = cards.shape[0]
    spell = np.full(n_cards, -1, dtype=np.int64)
    n_targets = np.zeros(n_cards, dtype=np.int64)
    for c in range(n_cards):
        start, count = int(cards[c, CF_ABILITY_START]), int(cards[c, CF_ABILITY_COUNT])
        for ab in range(start, start + count):
            if int(abilities[ab, AF_KIND]) == AB_SPELL:
                spell[c] = ab
                break
        if int(cards[c, CF_SUBTYPES]) & SUB_AURA:
            n_targets[c] = 1                            # 303.4a: enchant
        elif spell[c] >= 0:
            n_targets[c] = int(abilities[spell[c], AF_N_TARGETS])
    bodies = set()
    todo = [(int(r[AF_PROG_START]), int(r[AF_PROG_LEN])) for r in abilities
            if int(r[AF_KIND]) != AB_STATIC]          # a static's program is its changes (613)
    while todo:                                       # OP_DELAYED bodies, nested ones too
        pc, length = todo.pop()
        end = pc + length
        while pc < end:
            op = int(program[pc])
            if op == OP_DELAYED:
                body = (pc + 3, int(program[pc + 2]))
                if body not in bodies:
                    bodies.add(body)
                    todo.append(body)
                pc += 3 + int(program[pc + 2])
            else:
                pc += _OP_SIZES[op]
    return spell, n_targets, frozenset(bodies)


cdef object check_state(State st):
    """Return a description of the first broken invariant, or None.  Nothing of the core
    runs on the state before its domains and indices have been checked."""
    cdef Engine* e = &st.e
    cdef CardTables tables = st.tables
    sec = st.sections()
    h = dict(zip(HEADER_FIELDS, sec["header"].tolist()))
    bounds = state_bounds(h, e.n_cards, e.n_abilities, e.prog_len)
    n, cap, np_ = h["n_objects"], h["cap"], h["n_players"]
    # 1. every field against its domain, every index against its table.
    problem = check_domains("header", sec["header"], bounds)
    if problem:
        return problem
    if not any(h[f"rng{i}"] for i in range(4)):
        return "the RNG state is all zero (it would never change: a shuffle could not end)"
    problem = check_domains("players", sec["players"], bounds)
    if problem:
        return problem
    objs = object_columns(sec["objects"])
    problem = check_domains("objects", objs[:n], bounds)
    if problem:
        return problem
    spare = objs[n:]
    pristine = np.zeros(len(OBJECT_FIELDS), dtype=np.int32)
    pristine[OBJECT_FIELDS.index("zone")] = -1
    pristine[OBJECT_FIELDS.index("attached_to")] = -1
    if spare.size and not (spare == pristine).all():
        return f"object row {n + int(np.flatnonzero((spare != pristine).any(axis=1))[0])} " \
               f"is not in use (there are {n} objects) but is not empty"
    for name in ("stack", "effects", "triggers", "delayed", "pairs", "combat_damage"):
        problem = check_domains(name, sec[name], bounds)
        if problem:
            return problem
    if (sec["pairs"][h["pairs_n"]:] != 0).any():
        return "a combat pair row beyond pairs_n is not empty"
    counts, lists = sec["zone_counts"], sec["zone_lists"]
    offsets = st.zone_offsets()
    zcaps = np.diff(offsets)
    bad = np.flatnonzero((counts < 0) | (counts > zcaps))
    if bad.size:
        return f"zone {int(bad[0])} count is {int(counts[bad[0]])}, outside 0..{int(zcaps[bad[0]])}"
    plan = sec["plan"]
    pst, pph, pfl, pser = plan & 15, (plan >> 4) & 15, (plan >> 8) & 15, plan >> 12
    # Entries in use: serials this turn handed out (below phase_serial).  Entries from
    # plan_len on are left over from an earlier turn's longer plan (build_turn_plan rewrites
    # only a new turn's own entries): a step of its phase too, its serial one that turn
    # handed out, below the most a turn reaches (5 phases in 12 entries, each additional
    # phase at least one entry more, 500.8).
    most = np.where(np.arange(PLAN_CAP) < h["plan_len"], h["phase_serial"], PLAN_CAP - 7)
    bad = np.flatnonzero((plan < 0) | ~_VALID_ENTRY[pst, pph] | ((pfl & ~PE_ALL_FLAGS) != 0)
                         | (pser >= most))
    if bad.size:
        i = int(bad[0])
        return (f"turn plan entry {i} ({int(plan[i])}) names no step of a phase (500.1) "
                f"or a phase not yet planned")
    # 2. zones: every object in use is listed once, in the zone it says it is in.
    zone_of_any = np.repeat(np.arange(counts.size), zcaps)       # the zone of each slot
    in_use = (np.arange(lists.size) - offsets[zone_of_any]) < counts[zone_of_any]
    listed, zone_of_slot = lists[in_use], zone_of_any[in_use]
    bad = np.flatnonzero((listed < 0) | (listed >= n))
    if bad.size:
        return f"zone {int(zone_of_slot[bad[0]])} lists object {int(listed[bad[0]])}, which does not exist"
    seen = np.bincount(listed, minlength=n)
    bad = np.flatnonzero(seen > 1)
    if bad.size:
        return f"object {int(bad[0])} is listed in two zones (or twice)"
    bad = np.flatnonzero(objs[listed, _ZONE] != zone_of_slot)
    if bad.size:
        o = int(listed[bad[0]])
        return (f"object {o} is listed in zone {int(zone_of_slot[bad[0]])} but says it is in "
                f"zone {int(objs[o, _ZONE])}")
    stale = ~in_use & ((lists < 0) | (lists > bounds["any_object"]))
    if stale.any():
        return f"zone {int(zone_of_any[np.flatnonzero(stale)[0]])} has a slot beyond its count naming no object"
    unlisted = np.flatnonzero((objs[:n, _ZONE] >= 0) & (seen == 0))
    if unlisted.size:
        o = int(unlisted[0])
        return f"object {o} is in zone {int(objs[o, _ZONE])} but not in its list"
    # A library, hand or graveyard holds only its owner's objects (400.3, check_relations
    # says which object is in another player's), and no more of them than its slots
    # (player_zone_cap): every card a player owns, and a token only while a scenario put it
    # there (a token leaving the battlefield ceases to exist, 111.7-8).
    owners = objs[:n, OBJECT_FIELDS.index("owner")]
    tokens = objs[:n, OBJECT_FIELDS.index("token")] != 0
    zones = objs[:n, _ZONE]
    personal = (zones >= 0) & (zones < 3 * np_)
    for p in range(np_ if not (personal & (zones // 3 != owners)).any() else 0):
        held = int(((owners == p) & (~tokens | personal)).sum())
        if held > h["player_zone_cap"]:
            return (f"player {p} owns {held} cards (and tokens in their library, hand or "
                    f"graveyard), more than their zones hold ({h['player_zone_cap']})")
    return check_relations(st, sec, h, bounds)


cdef object check_relations(State st, sec, h, bounds):
    """What the domains can't say: relations between fields that play keeps."""
    cdef Engine* e = &st.e
    cdef CardTables tables = st.tables
    cdef State probe
    cdef StackItem* si
    cdef int32_t i, k, slot, spec, fo
    n, np_ = h["n_objects"], h["n_players"]
    ongoing = h["result"] == R_ONGOING
    decision, decider, stage = h["decision"], h["decider"], h["stage"]
    players = sec["players"]
    P = {f: players[:, PLAYER_FIELDS.index(f)] for f in
         ("in_game", "lost_reason", "removed", "mulligans", "kept", "to_bottom")}
    in_game = P["in_game"].astype(bool)
    removed = P["removed"].astype(bool)
    # --- the result, the stage and the decision (104; docs/architecture.md, Principles: every decision is explicit) ---
    if ongoing != (stage != STG_OVER):
        return "the engine stage says the game is over but the result says it is not, or the reverse"
    if ongoing != (decision != D_NONE):
        return "an ongoing game always waits for a decision, and a finished one never does"
    if (h["result"] == R_WIN) != (h["winner"] >= 0):
        return "a winner is named for a game nobody won, or none for a game won"
    alive = int(in_game.sum())
    if h["result"] == R_WIN and (alive != 1 or not in_game[h["winner"]]):
        return "the winner is not the last player in the game (104.2a)"
    if h["result"] == R_DRAW and alive:
        return "a drawn game with a player still in it (104.4a)"
    if h["result"] in (R_ONGOING, R_UNFINISHED, R_ABORTED) and alive < 2:
        return "a game that has not ended with a winner or a draw has fewer than two players in it"
    if ongoing and h["max_turns"] and h["turn"] > h["max_turns"]:
        return "an ongoing game is past its turn limit"
    if h["flags"] & GF_EDITION_MASK == GF_EDITION_MASK:
        return "two rules editions at once (flags GF_EDITION_CURRENT and GF_EDITION_CLASSIC)"
    if bin(h["flags"] & GF_ATTACK_MASK).count("1") > 1:
        return "two multiplayer attack options at once (flags GF_ATTACK_*, 506.2a)"
    # --- players ---
    for p in range(np_):
        if removed[p] and in_game[p]:
            return f"player {p} is marked removed (800.4a) but is still in the game"
        if ongoing and not in_game[p] and not removed[p]:
            return f"player {p} has left an ongoing game but their objects were not removed (800.4a)"
        if (P["lost_reason"][p] == 0) != in_game[p]:
            return f"player {p}: a reason for losing without having lost, or the reverse"
        if not h["flags"] & GF_MULLIGANS and (P["mulligans"][p] or P["kept"][p] or P["to_bottom"][p]):
            return f"player {p} took part in mulligans in a game without them"
        if in_game[p] and h["turn"] > 0 and (P["kept"][p] == 2 or P["to_bottom"][p]):
            return f"player {p} is still in the middle of a mulligan after the mulligans (103.5)"
        if P["to_bottom"][p] and P["kept"][p] != 1:
            return f"player {p} puts cards on the bottom without having kept (103.5)"
        if P["mulligans"][p] > MAX_MULLIGANS - (np_ == 2):
            return f"player {p} took more mulligans than 103.5 allows (103.5c: one more in multiplayer)"
    # --- turn, plan, stage ---
    plan = sec["plan"]
    if stage == STG_MULLIGAN and not (h["flags"] & GF_MULLIGANS and h["turn"] == 0):
        return "the mulligan stage after the game began, or in a game without mulligans"
    if h["turn"] == 0 and h["plan_len"]:
        return "a turn plan before the first turn"
    if ongoing and stage in (STG_STEP_START, STG_STEP_END):
        return "an ongoing game rests between steps (it always waits for a decision)"
    if ongoing and stage in (STG_PRIORITY, STG_CLEANUP_DISCARD, STG_CLEANUP_REST):
        if h["turn"] == 0 or h["plan_pos"] >= h["plan_len"]:
            return "a step in progress outside the turn plan"
        en = int(plan[h["plan_pos"]])
        if (en & 15, (en >> 4) & 15) != (h["step"], h["phase"]):
            return "the current step and phase are not the turn plan's current entry"
        if (en >> 12, (en >> 4) & 15) != (h["open_phase_serial"], h["open_phase"]):
            return "the phase in progress is not the turn plan's current phase"
        if stage != STG_PRIORITY and h["step"] != S_CLEANUP:
            return "a cleanup stage outside the cleanup step (514)"
    used = plan[:h["plan_len"]]
    for s_ in np.unique(used >> 12).tolist():
        if np.unique((used[(used >> 12) == s_] >> 4) & 15).size != 1:
            return f"turn plan entries of one phase (serial {s_}) name different phases"
    if (h["unless_amount"] != 0) != (ongoing and decision in (D_PAY_UNLESS, D_WARD_PAY)):
        return "an amount to pay (701.5) without a decision to pay it, or the reverse"
    # --- the pending decision ---
    objs = sec["objects"][:n]
    F = {f: objs[f].astype(np.int64) for f in OBJECT_FIELDS}
    zones = F["zone"]
    bf_zone = np_ * 3
    back_up = (tables.cards[F["card"], CF_FACE] & FACE_BACK) != 0 if n else np.zeros(0, bool)
    if np.any(back_up & (zones != bf_zone) & (zones != bf_zone + 1)):       # faces
        return "a double-faced card is back face up outside the battlefield and the stack (712.8a)"
    hand_of_decider = np_ * 3 if decider < 0 else decider * 3 + Z_HAND  # never a hand zone
    stack = sec["stack"][:h["stack_n"]]
    if ongoing:
        if decider < 0 or not in_game[decider]:
            return "the deciding seat is out of range or out of the game"
        want = {D_PRIORITY: (STG_PRIORITY,), D_TARGET: (STG_PRIORITY,),
                D_ORDER_TRIGGERS: (STG_PRIORITY,), D_DISCARD: (STG_CLEANUP_DISCARD,),
                D_MULLIGAN: (STG_MULLIGAN,), D_BOTTOM: (STG_MULLIGAN,),
                D_LEGEND_RULE: (STG_MULLIGAN, STG_PRIORITY, STG_CLEANUP_DISCARD, STG_CLEANUP_REST),
                D_DECLARE_ATTACKERS: (STG_PRIORITY,), D_DECLARE_BLOCKERS: (STG_PRIORITY,),
                D_DAMAGE_ORDER: (STG_PRIORITY,), D_ASSIGN_DAMAGE: (STG_PRIORITY,),
                D_CHOOSE_DEFENDER: (STG_PRIORITY,),
                D_CHOOSE_FROM_HAND: (STG_PRIORITY,),
                D_ATTACK_WHAT: (STG_PRIORITY,), D_CAST_CHOICE: (STG_PRIORITY,),
                D_PAY_UNLESS: (STG_PRIORITY,), D_SEARCH_LIBRARY: (STG_PRIORITY,),
                D_MAY: (STG_PRIORITY,), D_LIBRARY_CARDS: (STG_PRIORITY,),
                D_DISCARD_CHOICE: (STG_PRIORITY,), D_LOOK_TAKE: (STG_PRIORITY,),
                D_ACTIVATION_COST: (STG_PRIORITY,), D_WARD_PAY: (STG_PRIORITY,),
                D_ABILITY_MODE: (STG_PRIORITY,), D_SACRIFICE_CHOICE: (STG_PRIORITY,),
                D_CREW: (STG_PRIORITY,), D_AS_ENTERS: (STG_PRIORITY,),
                D_CHOOSE_REVEALED: (STG_PRIORITY,), D_BLOCK_WHICH: (STG_PRIORITY,),
                D_HAND_TO_TOP: (STG_PRIORITY,)}
        if decision not in want:
            return f"decision {decision} is not one the core asks"
        if stage not in want[decision]:
            return "the pending decision can't arise at this engine stage"
        if (h["casting"] >= 0) != (decision in (D_TARGET, D_CAST_CHOICE, D_ACTIVATION_COST,
                                                D_ABILITY_MODE, D_CREW)):
            return "an object is being put on the stack without a target decision, or the reverse"
        if decision == D_CAST_CHOICE:
            top = sec["stack"][h["casting"]] if 0 <= h["casting"] < h["stack_n"] else None
            if top is None or h["casting"] != h["stack_n"] - 1 or \
                    int(top[STACK_FIELDS.index("kind")]) != SK_SPELL or \
                    int(top[STACK_FIELDS.index("controller")]) != decider or \
                    not CC_MODE <= h["dctx0"] <= CC_PHYREXIAN:
                return "a casting choice (601.2b-h) for something other than the caster's spell on top of the stack"
            if h["dctx0"] == CC_PHYREXIAN:                   # phyrexian.pxi (107.4f, 601.2h)
                o = int(top[STACK_FIELDS.index("obj")])
                info = int(sec["objects"]["cast_info"][o])
                if info & (CI_PAID | CI_FLASHBACK) or sec["objects"]["alt_cost"][o] & ALT_CAST or \
                        not int(tables.cards[int(sec["objects"]["card"][o]), CF_COST_PHYREXIAN]):
                    return "a choice of how to pay Phyrexian mana (107.4f) for a spell whose cost has none to pay"
        if decision == D_PAY_UNLESS:
            t = h["dctx0"]
            if not (0 <= t < n and sec["objects"]["zone"][t] == np_ * 3 + 1
                    and sec["objects"]["controller"][t] == decider
                    and h["unless_amount"] >= 1):
                return "a decision to pay for a spell (701.5) that is not the decider's spell on the stack"
        if decision == D_PRIORITY and decider != h["priority"]:
            return "the priority decision is not for the player holding priority"
        if decision == D_TARGET and h["casting"] != h["stack_n"] - 1:
            return "a target decision for something other than the top of the stack"
        if decision == D_DISCARD:
            marked = int(((zones == hand_of_decider) & (F["mark"] == 1)).sum())
            held = int((zones == hand_of_decider).sum())
            if decider != h["active"] or not marked < h["dctx0"] <= held:
                return "a discard decision (514.1) with more cards to discard than in hand, or none"
        if decision == D_MULLIGAN and P["kept"][decider] != 0:
            return "a mulligan decision for a player who has decided"
        if decision == D_BOTTOM and not 1 <= P["to_bottom"][decider] <= int((zones == hand_of_decider).sum()):
            return "a decision to put cards on the bottom with none to put there"
        problem = resolving_choice_problem(st, h, sec, zones, F)
        if problem:
            return problem
        # 602.2b: paying an activated ability's cost; 702.21a: ward
        if decision == D_ACTIVATION_COST:
            top = sec["stack"][h["casting"]] if 0 <= h["casting"] < h["stack_n"] else None
            if top is None or h["casting"] != h["stack_n"] - 1 or \
                    int(top[STACK_FIELDS.index("kind")]) != SK_ABILITY or \
                    int(top[STACK_FIELDS.index("controller")]) != decider or \
                    not PAYC_TAP <= h["dctx0"] & ((1 << PAYC_DONE_SHIFT) - 1) < PAYC_END or \
                    not 0 <= h["dctx0"] >> PAYC_DONE_SHIFT <= FILTER_COUNT_BITS:
                return "a cost choice (602.2b) for something other than the decider's ability on top of the stack"
        if decision == D_CREW:                   # 702.122a, the crew cost
            top = sec["stack"][h["casting"]] if 0 <= h["casting"] < h["stack_n"] else None
            ab = int(top[STACK_FIELDS.index("ability")]) if top is not None else -1
            if top is None or h["casting"] != h["stack_n"] - 1 or \
                    int(top[STACK_FIELDS.index("kind")]) != SK_ABILITY or \
                    int(top[STACK_FIELDS.index("controller")]) != decider or \
                    not 0 <= ab < tables.abilities.shape[0] or \
                    not 0 < h["dctx0"] <= int(tables.abilities[ab, AF_CREW]):
                return "a crew choice (702.122a) for something other than the decider's crew ability on top of the stack"
        if decision == D_WARD_PAY:
            i = h["dctx0"] % WARD_LIFE
            if not (h["dctx0"] < 2 * WARD_LIFE and i < h["stack_n"] and h["unless_amount"] >= 1
                    and int(sec["stack"][i][STACK_FIELDS.index("kind")]) in (SK_SPELL, SK_ABILITY, SK_TRIGGER)
                    and int(sec["stack"][i][STACK_FIELDS.index("controller")]) == decider):
                return "a decision to pay for ward (702.21a) that is not about the decider's spell or ability"
        if decision == D_SEARCH_LIBRARY and h["dctx0"] & ~FILTER_SEARCH_BITS:
            return "a library search (701.19) with flags it can't have"
        if decision == D_ORDER_TRIGGERS and \
                int((sec["triggers"][:h["triggers_n"], TRIGGER_FIELDS.index("controller")] == decider).sum()) < 2:
            return "a decision to order triggers (603.3b) for a player with fewer than two"
    for p in range(np_):
        if in_game[p] and P["to_bottom"][p] > int((zones == p * 3 + Z_HAND).sum()):
            return f"player {p} has more cards to put on the bottom than in hand (103.5)"
    # --- objects ---
    kinds = np.where(zones < 0, Z_NONE, np.where(zones < bf_zone, zones % 3, Z_BATTLEFIELD + zones - bf_zone))
    on_bf = kinds == Z_BATTLEFIELD
    for f in ("tapped", "sick", "damage", "deathtouch_hit", "plus1", "minus1", "loyalty",
              "phased_out", "combat", "lore"):
        bad = np.flatnonzero(~on_bf & (F[f] != 0))
        if bad.size:
            return f"object {int(bad[0])} is not on the battlefield but has {f} {int(F[f][bad[0]])}"
    # sagas.pxi: only the rules put lore counters on, and only on a Saga (714.3)
    saga = (tables.cards[F["card"], CF_ABILITY_KINDS] & SAGA_BIT) != 0
    bad = np.flatnonzero((F["lore"] != 0) & ~saga)
    if bad.size:
        return f"object {int(bad[0])} has lore counters but is no Saga (714.3)"
    bad = np.flatnonzero(on_bf & (F["lore"] == 0) & saga)
    if bad.size:
        return f"object {int(bad[0])} is a Saga on the battlefield without a lore counter (714.3a)"
    # kicker.pxi: a permanent keeps only CI_KICKED and its multikicker count (702.33c-d)
    kicks = F["cast_info"] & (CI_KICKS_MAX << CI_KICKS_SHIFT)
    bad = np.flatnonzero((kinds != Z_STACK) & (F["cast_info"] != 0) &
                         ~(on_bf & ((F["cast_info"] & ~(CI_KICKS_MAX << CI_KICKS_SHIFT)) == CI_KICKED)))
    if bad.size:
        return f"object {int(bad[0])} is not a spell on the stack but has choices made casting it"
    bad = np.flatnonzero((kicks != 0) & ((F["cast_info"] & CI_KICKED) == 0))     # kicker
    if bad.size:
        return f"object {int(bad[0])} has a multikicker count but wasn't kicked (702.33c)"
    problem = alternative_cost_problem(tables, h, sec, F, kinds, on_bf, decision)
    if problem:
        return problem
    bad = np.flatnonzero(~on_bf & (F["attached_to"] != -1))
    if bad.size:
        return f"object {int(bad[0])} is not on the battlefield but is attached to something"
    bad = np.flatnonzero(~on_bf & (F["controller"] != F["owner"]))
    if bad.size:
        return f"object {int(bad[0])} is not on the battlefield but has a controller other than its owner"
    bad = np.flatnonzero((kinds <= Z_GRAVEYARD) & (zones // 3 != F["owner"]))
    if bad.size:
        return f"object {int(bad[0])} is in another player's library, hand or graveyard (400.3)"
    bad = np.flatnonzero((zones == -1) & (F["token"] == 0) & ~removed[F["owner"]])
    if bad.size:
        return f"object {int(bad[0])} is out of the game, but it is no token and its owner is in it"
    bad = np.flatnonzero((zones >= 0) & removed[F["owner"]])
    if bad.size:
        return f"object {int(bad[0])} belongs to a player who left the game (800.4a) but is still in it"
    # known.pxi: who knows a card, only in a hidden zone; its place, only in a library and
    # only for seats that know the card
    bad = np.flatnonzero((kinds != Z_LIBRARY) & (kinds != Z_HAND) & (F["known"] != 0))
    if bad.size:
        return f"object {int(bad[0])} is not in a library or hand but has known seats (known.pxi)"
    bad = np.flatnonzero(((kinds != Z_LIBRARY) | ((F["known_place"] & ~F["known"]) != 0))
                         & (F["known_place"] != 0))
    if bad.size:
        return (f"object {int(bad[0])} has known_place seats but is not in a library or they "
                "don't know the card (known.pxi)")
    if ongoing:
        bad = np.flatnonzero(on_bf & ~in_game[F["controller"]])
        if bad.size:
            return f"object {int(bad[0])} is controlled by a player who left the game (800.4a)"
    # 614.12: a pending "as ~ enters" choice, only of a permanent with one, only while the
    # choices are being asked (entering_choices.pxi)
    bad = np.flatnonzero((F["entering_choice"] != 0) &
                         ~(on_bf & (F["entering_choice"] == 1) & (decision == D_AS_ENTERS) &
                           ((tables.cards[F["card"], CF_REPLACEMENT] & RP_PAY_LIFE_OR_TAPPED) != 0)))
    if bad.size:
        return f"object {int(bad[0])} has a pending \"as ~ enters\" choice (614.12) it can't have"
    may_mark = (on_bf & (decision == D_LEGEND_RULE)) | ((zones == hand_of_decider) & (decision == D_DISCARD)) \
        | ((zones >= 0) & (zones < bf_zone) & (zones % 3 == Z_HAND) & (decision == D_DISCARD_CHOICE)) \
        | (on_bf & (decision == D_SACRIFICE_CHOICE))          # 701.21a: chosen, not yet sacrificed
    bad = np.flatnonzero((F["mark"] != 0) & ~may_mark) if ongoing else np.zeros(0)
    if bad.size:
        return f"object {int(bad[0])} is marked outside a discard or legend-rule choice"
    if decision == D_LEGEND_RULE:
        problem = check_legend_marks(st, h, on_bf, F)
        if problem:
            return problem
    # --- the stack (601, 602, 603.3) and the stack zone ---
    SK = {f: stack[:, STACK_FIELDS.index(f)] for f in STACK_FIELDS}
    spell_obj = SK["obj"][SK["kind"] == SK_SPELL]
    in_stack_zone = np.flatnonzero(zones == bf_zone + 1)
    if sorted(spell_obj.tolist()) != sorted(in_stack_zone.tolist()):
        return "the spells on the stack differ from the objects in the stack zone (601.2a)"
    for i in range(h["stack_n"]):
        row = {f: int(SK[f][i]) for f in STACK_FIELDS}
        o, kind, ab = row["obj"], row["kind"], row["ability"]
        if kind == SK_COMBAT_DAMAGE:
            # classic edition: no object, controller or targets; its assignments follow
            if i != 0 or i == h["casting"] or (o, row["obj_inc"], ab, row["n_targets"], row["prog_start"], row["prog_len"],
                          row["target0"], row["target1"], row["target_inc0"], row["target_inc1"]) != \
                    (0, 0, -1, 0, -1, 0, TGT_NONE, TGT_NONE, 0, 0):
                return f"stack entry {i}: combat damage on the stack is not a bare object at the bottom of the stack"
            continue
        if kind == 0 or o >= n:
            return f"stack entry {i} has no kind or names an object that does not exist"
        if ongoing and not in_game[row["controller"]]:
            return f"stack entry {i} is controlled by a player who left the game (800.4a)"
        card = int(F["card"][o])
        if row["obj_inc"] > F["incarnation"][o] or (kind == SK_SPELL and row["obj_inc"] != F["incarnation"][o]):
            return f"stack entry {i} names a later incarnation of its object"
        start, count = int(tables.cards[card, CF_ABILITY_START]), int(tables.cards[card, CF_ABILITY_COUNT])
        if kind == SK_SPELL:
            ok = ab == tables.spell_ability[card] and 0 <= spell_target_count(
                tables, ab, card, int(F["cast_info"][o])) - row["n_targets"] <= optional_targets(tables, ab) \
                and row["controller"] == F["controller"][o] and row["prog_start"] == -1 and row["prog_len"] == 0
        elif ab >= 0 and int(tables.abilities[ab, AF_N_MODES]):
            # 700.2: a modal ability names its chosen mode by the mode's program (none yet
            # while its controller chooses it); 613.1f: or an ability granted to it (grants.pxi)
            ok = (ability_of_card(tables, card, ab) or (kind == SK_ABILITY and ab in tables.granted_rows)) \
                and int(tables.abilities[ab, AF_KIND]) == (AB_ACTIVATED if kind == SK_ABILITY else AB_TRIGGERED) \
                and ability_mode_matches(tables, ab, row, i == h["casting"] and decision == D_ABILITY_MODE)
        elif ab >= 0:
            # faces: an ability of the face that was up then (701.28f, 603.10a); 613.1f: or an
            # ability granted to it (grants.pxi)
            ok = (ability_of_card(tables, card, ab) or (kind == SK_ABILITY and ab in tables.granted_rows)) \
                and row["prog_start"] == -1 and row["prog_len"] == 0 \
                and int(tables.abilities[ab, AF_KIND]) == (AB_ACTIVATED if kind == SK_ABILITY else AB_TRIGGERED) \
                and 0 <= int(tables.abilities[ab, AF_N_TARGETS]) - row["n_targets"] <= optional_targets(tables, ab)
        else:
            ok = kind == SK_TRIGGER and (row["prog_start"], row["prog_len"]) in tables.delayed_bodies \
                and row["n_targets"] == 0
        if not ok:
            return f"stack entry {i} does not match its card's ability, targets or program"
        chosen = row["n_targets"]
        if i == h["casting"] and decision == D_TARGET:
            chosen = h["dctx0"]
        elif i == h["casting"] and decision == D_CAST_CHOICE and h["dctx0"] == CC_PHYREXIAN:
            pass            # 601.2h: paying, every target chosen (phyrexian.pxi)
        elif i == h["casting"] and not F["cast_info"][o] & CI_PAID:
            chosen = 0      # 601.2b: modes, kicker and X come before the targets
            if row["target0"] != TGT_NONE:          # unless they are being chosen
                return f"stack entry {i} has targets before its modes, kicker or X were chosen"
        if chosen > row["n_targets"]:
            return f"stack entry {i} is getting a target it does not have"
        for slot in range(MAX_TARGETS):
            t, inc = row[f"target{slot}"], row[f"target_inc{slot}"]
            if slot >= chosen:
                if t != TGT_NONE or inc:
                    return f"stack entry {i} has target {slot} before it was chosen"
            elif t == TGT_NONE or (t < TGT_PLAYER and (t >= n or inc > F["incarnation"][t])) \
                    or (t >= TGT_PLAYER and inc):
                return f"stack entry {i} target {slot} names nothing that exists"
        if _bad_event_ref(row, n, F):
            return f"stack entry {i} names an event object that does not exist (603.2)"
        if kind == SK_TRIGGER and _chapter_ahead(tables, ab, o, row["obj_inc"], F):
            return f"stack entry {i} is a chapter ability its Saga's lore counters haven't reached (714.2b)"
    problem = check_combat_damage_on_stack(h, sec, SK, F)
    if problem:
        return problem
    # --- effects, pending and delayed triggers ---
    _PREVENTION_KINDS = (EF_PREVENT_SHIELD, EF_PREVENT_COMBAT, EF_PREVENT_ALL)     # 615
    _bad_combat_effect = lambda row: (                   # EF_COMBAT (509.1b)
        not row["a"] or row["a"] & ~EF_COMBAT_BITS or
        (row["affected"] >= 0 and row["b"] != 0) or
        (row["affected"] < 0 and ((row["b"] & 255) not in _EF_COMBAT_GROUPS or
                                  not 0 <= row["b"] >> 8 <= ALL_KEYWORDS)))
    for i in range(h["effects_n"]):
        row = dict(zip(EFFECT_FIELDS, sec["effects"][i].tolist()))
        if row["kind"] == 0 or row["source"] >= n or row["affected"] >= n or row["timestamp"] == 0 \
                or row["affected_inc"] > F["incarnation"][row["affected"]]:
            return f"effect {i} refers to an object or player that does not exist"
        if (row["kind"] == EF_KEYWORDS and not 0 <= row["a"] <= ALL_KEYWORDS) or \
                (row["kind"] == EF_PT and abs(row["a"]) > TABLE_AMOUNT_MAX) or \
                (row["kind"] == EF_DOESNT_UNTAP and (row["a"] or row["b"])) or \
                (row["kind"] == EF_REGEN_SHIELD and (row["a"] or row["b"])) or \
                (row["kind"] == EF_CONTROL and not (0 <= row["a"] < np_ and 0 <= row["b"] < np_)) or \
                (row["kind"] == EF_PT and abs(row["b"]) > TABLE_AMOUNT_MAX) or \
                (row["kind"] not in (EF_PT, EF_KEYWORDS, EF_DOESNT_UNTAP, EF_CONTROL, EF_REGEN_SHIELD,
                                     EF_LAYER, EF_COMBAT) + _PREVENTION_KINDS) or \
                (row["kind"] == EF_COMBAT and _bad_combat_effect(row)) or \
                _bad_prevention(row, n, np_) or \
                (row["kind"] != EF_LAYER and row["change"] and not
                 (row["kind"] == EF_CONTROL and row["change"] == LY_CONTROL)) or \
                (row["kind"] == EF_LAYER and (row["change"] not in _EFFECT_CHANGES or
                                              _check_change(row["change"], row["a"], row["b"], 0))):
            return f"effect {i} changes something its kind can't"
    for i in range(h["triggers_n"]):
        row = dict(zip(TRIGGER_FIELDS, sec["triggers"][i].tolist()))
        o, ab = row["source"], row["ability"]
        if o >= n or row["source_inc"] > F["incarnation"][o]:
            return f"pending trigger {i} has a source that does not exist"
        if _bad_event_ref(row, n, F):
            return f"pending trigger {i} names an event object that does not exist (603.2)"
        if ongoing and not in_game[row["controller"]]:
            return f"pending trigger {i} is controlled by a player who left the game (800.4a)"
        card = int(F["card"][o])
        start, count = int(tables.cards[card, CF_ABILITY_START]), int(tables.cards[card, CF_ABILITY_COUNT])
        if ab >= 0:
            # faces: an ability of the face that was up then (701.28f, 603.10a); 613.1f: or granted
            ok = (ability_of_card(tables, card, ab) or ab in tables.granted_rows) \
                and int(tables.abilities[ab, AF_KIND]) == AB_TRIGGERED \
                and row["prog_start"] == -1 and row["prog_len"] == 0
        else:
            ok = (row["prog_start"], row["prog_len"]) in tables.delayed_bodies
        if not ok:
            return f"pending trigger {i} does not match its card's ability or a delayed program"
        if _chapter_ahead(tables, ab, o, row["source_inc"], F):
            return f"pending trigger {i} is a chapter ability its Saga's lore counters haven't reached (714.2b)"
    for i in range(h["delayed_n"]):
        row = dict(zip(DELAYED_FIELDS, sec["delayed"][i].tolist()))
        if row["source"] >= n or (row["prog_start"], row["prog_len"]) not in tables.delayed_bodies:
            return f"delayed trigger {i} has no source or a program that is not a delayed trigger's"
    # --- the summaries the core keeps (they let it skip work) ---
    bf = on_bf.nonzero()[0]
    if not h["any_attached"] and (F["attached_to"][bf] != -1).any():
        return "a permanent is attached to something but the state says none is"
    kinds_on_bf = np.bitwise_or.reduce(tables.cards[F["card"][bf], CF_ABILITY_KINDS]) if bf.size else 0
    if int(kinds_on_bf) & ~h["bf_ability_kinds"]:
        return "a permanent has a kind of ability the state says nothing on the battlefield has"
    if not h["layer_effects"] and (sec["effects"][:h["effects_n"], EFFECT_FIELDS.index("kind")] == EF_LAYER).any():
        return "a layer effect exists but the state says none does"
    if not h["zone_ability_cards"]:
        for fo in range(n):
            if zone_kind(e, e.ob[fo].zone) in (Z_HAND, Z_GRAVEYARD) and \
                    card_row(e, e.ob[fo].card)[CF_ZONE_ABILITIES]:
                return "a card with flashback or cycling is in a hand or graveyard but the state says none is"
    if h["no_fast_in_hand"]:
        for fo in range(n):
            if zone_kind(e, e.ob[fo].zone) == Z_HAND and is_fast_card(card_row(e, e.ob[fo].card)):
                return "an instant or flash card is in a hand but the state says none is"
    # --- now the core may look: the decision has answers, and SBAs are flagged ---
    if ongoing and decision == D_TARGET:
        si = &e.stack[e.h.casting]
        for slot in range(e.h.dctx0, si.n_targets):
            spec = target_spec_of(e, si, slot)
            if not slot_optional(e, si, slot) and \
                    list_targets(e, spec, si.controller, si.obj, NULL) < targets_needed(spec, slot):
                return f"a target decision for a target slot with no legal choice (601.2c)"
    if ongoing and count_legal_actions(e) == 0:
        return "the pending decision has no legal answer"
    if ongoing and decision == D_WARD_PAY and not ward_payable(e):
        return "a decision to pay for ward (702.21a) that the player can't pay"
    if ongoing and not h["sba_dirty"]:
        probe = st._copy()
        check_sba_once(&probe.e, False)
        if decision == D_SACRIFICE_CHOICE:     # 701.21a: the marks are choices made while
            for fo in range(n):                # resolving (no SBA pass runs then), not legend ones
                probe.e.ob[fo].mark = e.ob[fo].mark
        if probe.buffer.tobytes() != st.buffer.tobytes():
            return "state-based actions would apply (704.3) but the state says none can"
    return validate_combat(e)                       # below: the combat fields' relations


def check_combat_damage_on_stack(h, sec, SK, F):
    """Classic edition: combat damage is on the stack (one SK_COMBAT_DAMAGE object, which
    only the combat damage step can hold) exactly when its assignments are recorded, and each
    names a source and a target that existed."""
    cd_n, n = h["combat_damage_n"], h["n_objects"]
    held = int((SK["kind"] == SK_COMBAT_DAMAGE).sum())
    if held != (1 if cd_n else 0):
        return ("combat damage on the stack (classic edition) and its assignments don't match: "
                f"{held} such stack objects, {cd_n} assignments")
    if not cd_n:
        return None
    if h["step"] != S_COMBAT_DAMAGE:
        return "combat damage is on the stack outside the combat damage step (510)"
    rows = sec["combat_damage"][:cd_n]
    D = {f: rows[:, COMBAT_DAMAGE_FIELDS.index(f)] for f in COMBAT_DAMAGE_FIELDS}
    inc = F["incarnation"]
    for i in range(cd_n):
        src, t, t_inc = int(D["source"][i]), int(D["target"][i]), int(D["target_inc"][i])
        if D["amount"][i] < 1:
            return f"combat damage assignment {i} assigns no damage"
        if src >= n or D["source_inc"][i] > inc[src]:
            return f"combat damage assignment {i} names a source that does not exist"
        if t == TGT_NONE or (t < TGT_PLAYER and (t >= n or t_inc > inc[t])) or (t >= TGT_PLAYER and t_inc):
            return f"combat damage assignment {i} names a target that does not exist"
    if np.unique(D["first_strike"]).size != 1:
        return "the combat damage on the stack mixes first-strike and regular damage (510.4)"
    return None


def _chapter_ahead(tables, ab, o, inc, F):
    """714.2b: a chapter ability triggered when the lore counters reached its number, and
    nothing removes lore counters: while its Saga is the same object (400.7) it has at least
    that many."""
    return ab >= 0 and int(tables.abilities[ab, AF_KIND]) == AB_TRIGGERED and \
        int(tables.abilities[ab, AF_TRIGGER]) == TRIG_CHAPTER and \
        inc == int(F["incarnation"][o]) and int(F["lore"][o]) < int(tables.abilities[ab, AF_CHAPTER])


def _bad_event_ref(row, n, F):
    """A trigger's event reference (603.2) names an object not in use, or one of its
    later incarnations; a player or none carry no incarnation."""
    t, inc = row["event_ref"], row["event_ref_inc"]
    if 0 <= t < TGT_PLAYER:
        return t >= n or inc > F["incarnation"][t]
    return inc != 0


def alternative_cost_problem(CardTables tables, h, sec, F, kinds, on_bf, decision):
    """alternative_costs.pxi: Obj.alt_cost is set only on a spell on the stack cast paying its
    card's alternative cost (118.9; never with flashback, 118.9a), with no more cards or
    permanents taken than the cost asks, all of them once it is cast and none before its
    mana and life are paid (601.2h); or, ALT_CAST alone, on a permanent whose card's
    alternative cost is evoke (702.74a).  A CC_ALT choice is asked only while some remain."""
    alt = F["alt_cost"]
    casting = -1
    if 0 <= h["casting"] < h["stack_n"]:
        casting = int(sec["stack"][h["casting"]][STACK_FIELDS.index("obj")])
    if decision == D_CAST_CHOICE and h["dctx0"] == CC_ALT and \
            (casting < 0 or not alt[casting] & ALT_CAST):
        return "a choice for an alternative cost (601.2h) of a spell not cast paying one"
    for o in np.flatnonzero(alt != 0):
        o = int(o)
        sa = int(tables.spell_ability[int(F["card"][o])])
        if sa < 0 or not int(tables.abilities[sa, AF_COST_FLAGS]) & COST_ALTERNATIVE:
            return f"object {o} was cast paying an alternative cost its card doesn't have (118.9)"
        need = (int(tables.abilities[sa, AF_ALT_CHOICE]) >> ALTK_N_SHIFT) & ALTK_N_MAX
        taken = int(alt[o]) >> ALT_DONE_SHIFT
        if on_bf[o]:
            if alt[o] != ALT_CAST or not int(tables.abilities[sa, AF_ALT_EVOKE]):
                return f"object {o} is a permanent marked evoked, but its card has no evoke (702.74a)"
        elif kinds[o] != Z_STACK or not alt[o] & ALT_CAST:
            return f"object {o} is neither a spell on the stack nor a permanent but has an alternative-cost mark"
        elif int(F["cast_info"][o]) & CI_FLASHBACK:
            return f"object {o} was cast paying two alternative costs (flashback too, 118.9a)"
        elif taken > need or (taken and not int(F["cast_info"][o]) & CI_PAID) or \
                (o != casting and taken != need):
            return f"object {o} took {taken} of the {need} cards or permanents of its alternative cost (601.2h)"
        elif o == casting and decision == D_CAST_CHOICE and h["dctx0"] == CC_ALT and \
                (taken >= need or not int(F["cast_info"][o]) & CI_PAID):
            return f"object {o}: a choice for its alternative cost when none is due (601.2h)"
    return None


def ability_mode_matches(CardTables tables, int ab, row, bint choosing):
    """A modal ability's stack row (700.2): no mode nor target while its mode is being chosen,
    else the program and the number of targets of one of its modes."""
    if choosing:
        return (row["prog_start"], row["prog_len"], row["n_targets"]) == (-1, 0, 0)
    first = int(tables.abilities[ab, AF_MODE_START])
    for m in range(first, first + int(tables.abilities[ab, AF_N_MODES])):
        mr = tables.abilities[m]
        if (row["prog_start"], row["prog_len"], row["n_targets"]) == \
                (int(mr[AF_PROG_START]), int(mr[AF_PROG_LEN]), int(mr[AF_N_TARGETS])):
            return True
    return False


def optional_targets(CardTables tables, int ab):
    """How many trailing target slots of ability ``ab`` may be left unchosen, dropping them
    from its stack object ("up to one target", 601.2c; rules/optional_targets_and_modes.pxi)."""
    return int(tables.abilities[ab, AF_OPTIONAL_TARGETS]) if ab >= 0 else 0


def spell_target_count(CardTables tables, int ab, int card, int info):
    """Target slots of a spell on the stack: its spell's, an Aura's enchant (303.4a), or
    for a modal spell those of the chosen modes once all are chosen (700.2a)."""
    if ab < 0 or not int(tables.abilities[ab, AF_N_MODES]):
        return int(tables.spell_targets[card])
    row = tables.abilities[ab]
    chosen = [m for m in range(int(row[AF_N_MODES])) if info & (1 << m)]
    if len(chosen) < int(row[AF_CHOOSE]):
        return 0
    return sum(int(tables.abilities[int(row[AF_MODE_START]) + m, AF_N_TARGETS]) for m in chosen)


cdef object check_legend_marks(State st, h, on_bf, F):
    """704.5j choices in progress: at most one chosen permanent per group of legendary
    permanents of one name and controller, none yet in the group being decided, which has
    two or more members."""
    cdef CardTables tables = st.tables
    legendary = (tables.cards[F["card"], CF_SUPERTYPES] & ST_LEGENDARY) != 0
    names = tables.cards[F["card"], CF_NAME_ID]
    group = on_bf & legendary & (F["phased_out"] == 0)
    if ((F["mark"] != 0) & ~group).any():
        return "a permanent chosen by the legend rule is not a legendary permanent (704.5j)"
    if not h["sba_dirty"]:
        return "a legend-rule choice is pending but the state says no state-based action applies"
    keys = {}
    for o in np.flatnonzero(group).tolist():
        keys.setdefault((int(F["controller"][o]), int(names[o])), []).append(o)
    for (ctrl, name), members in keys.items():
        marked = int(sum(F["mark"][o] for o in members))
        if marked > 1 or (marked and len(members) < 2):
            return "a legend-rule choice kept two permanents, or one of a name nobody shares (704.5j)"
        if (ctrl, name) == (h["decider"], h["dctx0"]) and (marked or len(members) < 2):
            return "a legend-rule choice for a name with nothing to choose (704.5j)"
    if (h["decider"], h["dctx0"]) not in keys:
        return "a legend-rule choice for a name with nothing to choose (704.5j)"
    return None


def _bad_prevention(row, n, np_):
    """A prevention effect (615) that protects nothing that exists, or a shield with a
    negative amount: EF_PREVENT_SHIELD / _ALL name an object (also as ``affected``) or a
    player in ``b``; Fog's EF_PREVENT_COMBAT names nothing."""
    kind, a, b, affected = row["kind"], row["a"], row["b"], row["affected"]
    if kind == EF_PREVENT_COMBAT:
        return a != 0 or b != -1 or affected != -1
    if kind not in (EF_PREVENT_SHIELD, EF_PREVENT_ALL):
        return False
    if kind == EF_PREVENT_ALL and a != 0 or not 0 <= a <= AMOUNT_MAX:
        return True
    if b >= TGT_PLAYER:
        return not b - TGT_PLAYER < np_ or affected != -1
    return not 0 <= b < n or affected != b


# --- choices made while the top stack object resolves (608.2d; effects.pxi, priority.pxi) ---
_RESOLVING_CHOICE_OPS = {D_MAY: (OP_MAY,), D_LIBRARY_CARDS: (OP_LOOK,), D_LOOK_TAKE: (OP_LOOK,),
                         D_DISCARD_CHOICE: (OP_DISCARD,), D_SACRIFICE_CHOICE: (OP_SACRIFICE_CHOSEN,)}
_RESOLVING_CHOICE_OPS[D_MAY] = (OP_MAY, OP_UNLESS)      # "unless you pay" (608.2d)
_RESOLVING_CHOICE_OPS[D_SEARCH_LIBRARY] = (OP_SEARCH_EX,)  # ... and OP_SEARCH_EX (701.23)
_RESOLVING_CHOICE_OPS[D_DISCARD_CHOICE] = (OP_DISCARD, OP_CONNIVE)   # connive's discard (701.50a)
_RESOLVING_CHOICE_OPS[D_CHOOSE_REVEALED] = (OP_REVEAL_CHOOSE_DISCARD,)   # 701.20, 701.8
_RESOLVING_CHOICE_OPS[D_BLOCK_WHICH] = (OP_REMOVE_BLOCKER_ANEW,)         # 509.6
_RESOLVING_CHOICE_OPS[D_HAND_TO_TOP] = (OP_HAND_TO_TOP,)                  # 401.4
_RESOLVING_CHOICE_OPS[D_LIBRARY_CARDS] = (OP_LOOK, OP_LOOK_PUT_BACK)      # ... in any order


cdef object resolving_choice_problem(State st, h, sec, zones, F):
    """What is wrong with a pending choice of a resolving object, or None: the instruction
    that asked is the matching opcode inside the program of the top stack object, and the
    count to choose fits the decider's library or hand."""
    cdef Engine* e = &st.e
    cdef const int32_t* ab
    cdef int32_t m
    decision, pc1, decider, np_ = h["decision"], h["resolving_pc"], h["decider"], h["n_players"]
    if decision == D_AS_ENTERS:
        return entering_choice_problem(st, h, sec, F)
    if (pc1 != 0) != (decision in _RESOLVING_CHOICE_OPS) and \
            not (decision == D_SEARCH_LIBRARY and pc1 == 0):       # OP_SEARCH ends its program
        return "a choice of a resolving object (608.2d) without its instruction, or the reverse"
    if pc1 == 0:
        return None
    pc = pc1 - 1
    if h["stack_n"] < 1 or h["casting"] != -1:
        return "a choice of a resolving object (608.2d) with nothing resolving on the stack"
    top = dict(zip(STACK_FIELDS, sec["stack"][h["stack_n"] - 1].tolist()))
    if top["kind"] == SK_COMBAT_DAMAGE:
        return "a choice of a resolving object (608.2d) for combat damage"
    ranges = []
    if top["ability"] < 0:
        ranges.append((top["prog_start"], top["prog_start"] + top["prog_len"]))
    else:
        ab = ability_row(e, top["ability"])
        ranges.append((ab[AF_PROG_START], ab[AF_PROG_START] + ab[AF_PROG_LEN]))
        for m in range(ab[AF_N_MODES]):
            ranges.append((ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_START],
                           ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_START]
                           + ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_LEN]))
    size = 4 if decision in (D_LIBRARY_CARDS, D_LOOK_TAKE) else 3
    if decision == D_SEARCH_LIBRARY or decision == D_CHOOSE_REVEALED:
        size = 6
    if decision == D_BLOCK_WHICH:
        size = 3
    if decision == D_LIBRARY_CARDS and any(lo <= pc and pc + 2 <= hi for lo, hi in ranges) and \
            e.prog[pc] == OP_LOOK_PUT_BACK:
        size = 2                                       # "put them back in any order" (401.4)
    if not any(lo <= pc and pc + size <= hi for lo, hi in ranges) or \
            e.prog[pc] not in _RESOLVING_CHOICE_OPS[decision]:
        return "a choice of a resolving object (608.2d) whose instruction is not in its program"
    k = h["dctx0"]
    if decision == D_SEARCH_LIBRARY:                   # OP_SEARCH_EX: its flags, its controller
        return None if k == e.prog[pc + 2] and decider == top["controller"] else \
            "a library search (701.23) that is not its instruction's or not its controller's"
    if decision == D_CHOOSE_REVEALED:                 # 701.20: a player in the game chooses
        return None if 0 <= k < np_ and h["decider"] == top["controller"] and \
            int((zones == k * 3 + Z_HAND).sum()) >= 1 else \
            "a choice from a revealed hand (701.20) that is not its controller's, or of no hand"
    if decision == D_BLOCK_WHICH:                     # 509.6: a creature of the battlefield
        if not (0 <= k < h["n_objects"] and zones[k] == np_ * 3 and
                decider == top["controller"] and e.prog[pc + 2] != BLOCK_ANEW_NONE):
            return "a choice of what a creature blocks (509.6) not of its controller or of no creature"
        # the choice is asked only when there is an attacker to block (blockers_by_effect.pxi)
        return None if block_anew_options(e, k, NULL) >= 1 else \
            "a choice of what a creature blocks (509.6) with no attacking creature it could block"
    if decision == D_MAY:
        return None if k == 0 else "a \"you may\" choice (608.2d) with a context"
    if decision == D_SACRIFICE_CHOICE:
        return None if 1 <= k <= FILTER_COUNT_BITS + 1 else "a sacrifice choice (701.21a) with nothing to choose"
    if decision == D_DISCARD_CHOICE:
        free = int(((zones == decider * 3 + Z_HAND) & (F["mark"] == 0)).sum())
        return None if 1 <= k and free >= 1 else "a discard choice (701.8) with no card left to choose"
    if decision == D_HAND_TO_TOP:                     # 401.4: a choice while 2+ cards are in hand
        in_hand = int((zones == decider * 3 + Z_HAND).sum())
        return None if 1 <= k <= e.prog[pc + 2] and in_hand >= 2 else \
            "a choice of cards put from a hand on top of a library (401.4) with no choice left"
    if e.prog[pc] == OP_LOOK_PUT_BACK:                # 401.4: two or more still to order
        return None if decider == top["controller"] and \
            2 <= k <= min(e.prog[pc + 1], int((zones == decider * 3 + Z_LIBRARY).sum())) else \
            "an order of library cards (401.4) that doesn't fit the library or the instruction"
    kind = e.prog[pc + 2]
    # The card to take comes first (D_LOOK_TAKE); then "the rest on the bottom in any order"
    # is a choice of library cards too (401.4), except "the rest into your graveyard".
    if (kind not in (LOOK_TAKE_ONE, LOOK_MAY_TAKE, LOOK_TAKE_ONE_REST_GRAVEYARD) if decision == D_LOOK_TAKE
            else kind not in (LOOK_SCRY, LOOK_SURVEIL, LOOK_TAKE_ONE, LOOK_MAY_TAKE)) or \
            decider != top["controller"] or not 1 <= k <= int((zones == decider * 3 + Z_LIBRARY).sum()):
        return "a choice of library cards (701.22, 701.25) that doesn't fit the library or the instruction"
    return None


cdef object entering_choice_problem(State st, h, sec, F):
    """What is wrong with a pending "as ~ enters" choice (614.12), or None: it names a
    permanent on the battlefield whose choice is pending, controlled by the decider; it
    resumes a resolving object (the top of the stack) at an instruction of its program
    (its end included), or nothing (a land played, 305.1)."""
    cdef Engine* e = &st.e
    cdef const int32_t* ab
    cdef int32_t m
    o, pc1 = h["dctx0"], h["resolving_pc"]
    if not (0 <= o < h["n_objects"] and F["entering_choice"][o] == 1 and
            F["controller"][o] == h["decider"]):
        return "an \"as ~ enters\" choice (614.12) about no permanent of the decider's waiting for it"
    if pc1 == 0:
        return None
    if h["stack_n"] < 1 or h["casting"] != -1:
        return "an \"as ~ enters\" choice (614.12) resuming a resolution with nothing resolving"
    top = dict(zip(STACK_FIELDS, sec["stack"][h["stack_n"] - 1].tolist()))
    if top["kind"] == SK_COMBAT_DAMAGE:
        return "an \"as ~ enters\" choice (614.12) resuming combat damage"
    ranges = []
    if top["ability"] < 0:
        ranges.append((top["prog_start"], top["prog_start"] + top["prog_len"]))
    else:
        ab = ability_row(e, top["ability"])
        ranges.append((ab[AF_PROG_START], ab[AF_PROG_START] + ab[AF_PROG_LEN]))
        for m in range(ab[AF_N_MODES]):
            ranges.append((ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_START],
                           ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_START]
                           + ability_row(e, ab[AF_MODE_START] + m)[AF_PROG_LEN]))
    if not any(lo <= pc1 - 1 <= hi for lo, hi in ranges):
        return "an \"as ~ enters\" choice (614.12) resuming outside the resolving object's program"
    return None


# --- load validation of the combat fields ------------------------------------------------------

cdef str validate_combat(Engine* e):
    """The first combat field out of its domain, or None (called by State._validate)."""
    cdef Header* h = e.h
    cdef int32_t o, t
    if not 0 <= h.combat_damage_steps <= 2 or not 0 <= h.attack_slots <= h.n_objects \
            or h.order_serial < 0 or h.decl_max < 0 or h.attackers_declared < 0:
        return "a combat counter of the header is out of range"
    if h.decision in (D_DECLARE_BLOCKERS,) and not 0 <= h.dctx0 < h.n_players:
        return "a blocker declaration names no defending player"
    if h.hand_choice_blocks and not (h.decision == D_CHOOSE_FROM_HAND and
                                     h.hand_choice_blocks <= h.n_objects):
        return "a creature to block is named outside a choice from hand (509.7)"
    if h.decision == D_DAMAGE_ORDER and not (0 <= h.dctx0 < h.n_objects and
                                             e.ob[h.dctx0].combat & (CB_ATTACKING | CB_BLOCKING)):
        return "a damage assignment order decision names no attacking or blocking creature"
    problem = validate_pairs(e)
    if problem:
        return problem
    if not 0 <= h.defender_choice <= h.n_players or \
            (h.defender_choice and not (h.flags & GF_ATTACK_CHOSEN)):
        return "a chosen defending player (507.1) out of range, or in a game without that option"
    if h.decision == D_CHOOSE_DEFENDER and not (h.flags & GF_ATTACK_CHOSEN and
                                                h.step == S_BEGIN_COMBAT and
                                                h.decider == h.active and h.defender_choice == 0):
        return "a choice of defending player (507.1) outside the beginning of combat or already made"
    for o in range(h.n_objects):
        if not 0 <= e.ob[o].band <= h.n_objects or \
                (e.ob[o].band and not (e.ob[o].combat & (CB_ATTACKING | CB_DECLARING))):
            return f"object {o} is in a band (702.21c) but is not attacking"
    for o in range(h.n_objects):
        if e.ob[o].combat & ~CB_ALL_FLAGS:
            return f"object {o} has unknown combat flags"
        if (e.ob[o].combat & CB_BLOCKED_BY_MANY) and \
                (e.ob[o].combat & (CB_ATTACKING | CB_BLOCKED)) != (CB_ATTACKING | CB_BLOCKED):
            return f"object {o} was blocked by two or more creatures (509.1h) but is not a blocked attacker"
        t = e.ob[o].combat_target
        if not (t == -1 or 0 <= t < h.n_objects or TGT_PLAYER <= t < TGT_PLAYER + h.n_players or
                (TGT_ATTACKS_NOTHING - h.n_players < t <= TGT_ATTACKS_NOTHING and
                 e.ob[o].combat & (CB_ATTACKING | CB_DECLARING))):
            return f"object {o} attacks something that does not exist"
        if not 0 <= e.ob[o].attack_slot <= max(h.attack_slots, 0) or e.ob[o].target_inc < 0:
            return f"object {o} has an attack slot or target incarnation out of range"
        if e.ob[o].combat == 0 and (t != -1 or e.ob[o].block_mask or e.ob[o].dmg_order or
                                    e.ob[o].attack_slot or e.ob[o].target_inc):
            return f"object {o} is not in combat but has combat fields set"
        if e.ob[o].combat and zone_kind(e, e.ob[o].zone) != Z_BATTLEFIELD:
            return f"object {o} is in combat but not on the battlefield (506.4)"
    return None


cdef str validate_pairs(Engine* e):
    """The pair table and the damage assignment in progress (509.2-509.3, 510.1)."""
    cdef Header* h = e.h
    cdef AsgProblem P
    cdef int32_t r, o, k, n, i, pw, tg, c = h.dctx0
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int64_t stored = 0, listed = 0, s
    cdef bint first_step, ongoing = h.result == R_ONGOING
    for r in range(h.pairs_n):
        if e.pairs[r].attacker >= h.n_objects or e.pairs[r].blocker >= h.n_objects:
            return f"combat pair {r} names an object that does not exist"
        for k in range(r):
            if e.pairs[k].attacker == e.pairs[r].attacker and e.pairs[k].blocker == e.pairs[r].blocker:
                return f"combat pair {r} repeats pair {k}"
        stored += e.pairs[r].a_dmg + e.pairs[r].b_dmg
    if h.decision == D_DAMAGE_ORDER:
        if unplaced_partners(e, c, tmp) < 2:
            return "a damage assignment order decision (509.2 / 509.3) with fewer than two creatures to order"
    elif ongoing:
        for o in range(h.n_objects):
            if (is_attacking(e, o) or is_blocking(e, o)) and unplaced_partners(e, o, tmp) > 0:
                return f"object {o} has creatures not placed in its damage assignment order outside that decision"
    if h.decision != D_ASSIGN_DAMAGE or not ongoing:
        if stored:
            return "combat damage is assigned (510.1) outside a damage assignment decision"
        for o in range(h.n_objects):
            if e.ob[o].combat & CB_ASSIGNED:
                return f"object {o} has assigned combat damage outside a damage assignment decision"
        return None
    first_step = is_first_strike_step(e)
    if h.step != S_COMBAT_DAMAGE or not 0 <= c < h.n_objects or not askable(e, c, first_step) \
            or e.ob[c].combat & CB_ASSIGNED or h.decider != damage_assigner(e, c):
        return "a damage assignment decision (510.1) for no creature whose split is a choice"
    for o in range(h.n_objects):
        if not (is_attacking(e, o) or is_blocking(e, o)):
            if e.ob[o].combat & CB_ASSIGNED:
                return f"object {o} has assigned combat damage but is not in combat"
            continue
        n = damage_list(e, o, rec, rank, row, ASG_MAX_L)
        s = 0
        for i in range(n if n <= ASG_MAX_L else ASG_MAX_L):
            if row[i] >= 0:
                s += amount_at(e, row[i], o)[0]
        listed += s
        if e.ob[o].combat & CB_ASSIGNED:
            power_toughness(e, o, &pw, &tg)
            if not askable(e, o, first_step) or s != pw:
                return f"object {o} has assigned other than its power in combat damage (510.1a)"
            if asg_build(e, o, &P) < 0 or not asg_feasible(&P, 0):
                return f"the combat damage object {o} assigned breaks 510.1c-d / 702.19b"
        elif s and o != c:
            return f"object {o} has combat damage assigned before its turn to assign"
    if listed != stored:
        return "combat damage is assigned through a pair that is not in combat"
    if asg_build(e, c, &P) < 0 or asg_left(&P, 0) <= 0 or not asg_feasible(&P, 0):
        return "the damage assignment in progress can't be completed legally (510.1e)"
    return None
