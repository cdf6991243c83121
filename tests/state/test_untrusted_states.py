"""A saved state is untrusted input, and scenario edits write raw fields: the core must
refuse every state it can't run safely -- no crash, no hang, no read or write out of bounds
-- and every state play can't produce.

Sections: decisions with more answers than the core's action buffer (704.5j with 1,500
permanents of one name); every field against its documented domain; the relations between
fields (zones, the stack, the turn plan, players who left, 800.4a); counters at their
limits; action codes of the wrong type; scenario edits checked like loading.
"""
from __future__ import annotations

import json
import struct
import zlib

import numpy as np
import pytest

from mtg_core import (DEFAULT_CARDS, Action, ActionKind, Card, Decision, Deck, Game, IllegalActionError,
                      MtgError, Result, StateFormatError, Step, Zone, _engine)
from mtg_core.cards import AtBeginningOfNext, LoseLife, SpellAbility
from mtg_core.game import SAVE_MAGIC

C = _engine.constants()
HF, PF, OF = _engine.HEADER_FIELDS, _engine.PLAYER_FIELDS, _engine.OBJECT_FIELDS
SF, EFF, TRF, DLF = (_engine.STACK_FIELDS, _engine.EFFECT_FIELDS, _engine.TRIGGER_FIELDS,
                     _engine.DELAYED_FIELDS)
PRF = _engine.PAIR_FIELDS
HEAD = len(SAVE_MAGIC) + 16
ISAMARU = "Isamaru, Hound of Konda"
AMOUNT_MAX = C["AMOUNT_MAX"]

# "At the beginning of the next end step, you lose 1 life." (603.7: a delayed trigger)
TEST_CARDS = [Card("Later Drain", "", ("Instant",),
                   abilities=(SpellAbility(AtBeginningOfNext("end", (LoseLife("you", 1),))),))]

# --- helpers ---------------------------------------------------------------------------------

def reseal(data: bytes | bytearray) -> bytes:
    data = bytes(data)
    return data + struct.pack("<I", zlib.crc32(data))


def body_offset(blob: bytes) -> int:
    _, _, n_names, _ = struct.unpack("<IIII", blob[len(SAVE_MAGIC):HEAD])
    return HEAD + n_names


def words(game: Game) -> dict[str, int]:
    """Word offset of each section of the state buffer."""
    base = game.state.buffer.ctypes.data
    return {k: (v.ctypes.data - base) // 4 for k, v in game.state.sections().items()}


def word(game: Game, section: str, row: int, field: str):
    """The word of a field, or for the object table (fields as narrow as their domains,
    _engine.OBJ_DTYPE) its (byte offset, struct format)."""
    if section == "objects":
        dtype, at = _engine.OBJ_DTYPE.fields[field]
        return (4 * words(game)["objects"] + row * _engine.OBJ_DTYPE.itemsize + at,
                {1: "<b", 2: "<h", 4: "<i"}[dtype.itemsize])
    names = {"header": HF, "players": PF, "stack": SF, "effects": EFF,
             "triggers": TRF, "delayed": DLF, "pairs": PRF}[section]
    return words(game)[section] + row * len(names) + names.index(field)


def tamper(game: Game, edits: dict[int, int]) -> bytes:
    """The game's blob with some words of the state buffer changed and a valid CRC."""
    blob = game.save()
    body = body_offset(blob)
    data = bytearray(blob[:-4])
    for w, value in edits.items():
        if isinstance(w, tuple):
            struct.pack_into(w[1], data, body + w[0], value)
        else:
            struct.pack_into("<i", data, body + 4 * w, value)
    return reseal(data)


def edit(game: Game, section: str, row: int, **fields) -> bytes:
    return tamper(game, {word(game, section, row, f): v for f, v in fields.items()})


def refused(blob: bytes, *words_in_message: str) -> str:
    with pytest.raises(StateFormatError) as info:
        Game.load(blob, cards=CARDS)
    msg = str(info.value)
    for w in words_in_message:
        assert w in msg, f"{w!r} not in {msg!r}"
    return msg


CARDS = None


@pytest.fixture(autouse=True)
def _cards(cards):
    global CARDS
    CARDS = cards


def mid_game(cards, decks=("gruul", "white_weenie"), seed=3, steps=300) -> Game:
    game = Game(list(decks), seed=seed, mulligans=False, cards=cards)
    for i in range(steps):
        if game.is_over:
            break
        game.apply(game.state.random_action(seed * 100003 + i))
    return game


@pytest.fixture(scope="module")
def rich_game(cards):
    """A game with something in every section: a spell on the stack waiting for its
    target, an effect, an attached Aura, a pending trigger to order, cards everywhere."""
    game = Game([Deck.parse("30 Forest\n30 Plains"), Deck.parse("30 Island\n30 Mountain")],
                seed=13, mulligans=False, starting_player=0, cards=cards)
    game.pass_to(Step.MAIN, 0)
    for name in ("Forest", "Forest", "Plains", "Mountain"):
        game.create_card(name, 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    for name, targets in (("Holy Strength", (bear,)), ("Giant Growth", (bear,)),
                          ("Later Drain", ())):
        game.cast(game.create_card(name, 0, Zone.HAND), *targets)
        game.pass_priority(); game.pass_priority()
    game.cast(game.create_card("Shock", 0, Zone.HAND))          # waiting for its target
    game.state.reserve(trigger_cap=2, pair_cap=1)   # rows the tests write (tables grow as
    h = game.state.header()                          # play needs them: growth.pxi)
    assert game.decision.kind == Decision.TARGET and h["effects_n"] and h["delayed_n"]
    return game


@pytest.fixture(scope="module")
def trigger_game(cards):
    """Two "at the beginning of each upkeep" triggers of one player to order (603.3b)."""
    game = Game(["bears", "bears"], seed=14, mulligans=False, starting_player=0, cards=cards)
    for _ in range(2):
        game.create_card("Bell of Decay", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind == Decision.ORDER_TRIGGERS)
    return game


# --- 704.5j and decisions with more answers than the action buffer ------------------------------

def test_704_5j_legend_rule_with_1500_permanents_of_one_name(new_game):
    """Regression: legal_actions() for this choice wrote past a 1,024-slot buffer on the C
    stack (SIGSEGV), and loading a save of it crashed the loader.  Every one of the 1,500 is
    a legal answer, the game saves and loads, and keeping the last one puts the other 1,499
    into the graveyard at once."""
    game = new_game(spare_objects=1600)
    game.pass_to(Step.MAIN, 0)
    dogs = [game.create_card(ISAMARU, 0, Zone.BATTLEFIELD) for _ in range(1500)]
    assert game.check_state_based_actions() == -1
    assert game.decision.kind == Decision.LEGEND_RULE and game.decision.player == 0
    codes = game.legal_action_codes()
    assert len(codes) == 1500 > C["MAX_ACTIONS"]
    assert sorted(Action(int(c)).a for c in codes) == dogs
    loaded = Game.load(game.save(), cards=game.cards)
    assert loaded == game
    assert (loaded.legal_action_codes() == codes).all()
    # The random policy chooses among all of them.
    picks = {loaded.clone().state.random_action(seed) for seed in range(60)}
    assert picks <= set(codes.tolist()) and max(Action(c).a for c in picks) > dogs[C["MAX_ACTIONS"]]
    keep = dogs[-1]
    game.apply(Action.make(ActionKind.LEGEND_KEEP, keep))
    assert game.battlefield(0).count(keep) == 1
    assert not set(dogs[:-1]) & set(game.battlefield(0))
    assert set(dogs[:-1]) <= set(game.graveyard(0))
    assert game.decision.kind == Decision.PRIORITY
    assert Game.load(game.save(), cards=game.cards) == game


def test_704_5j_the_legend_rule_doesnt_depend_on_how_many_share_a_name(new_game):
    """600 copies (more than the state-based actions' list of things to do): one choice,
    then all the others go at once -- no second choice for the same group."""
    game = new_game(spare_objects=700)
    game.pass_to(Step.MAIN, 0)
    dogs = [game.create_card(ISAMARU, 0, Zone.BATTLEFIELD) for _ in range(600)]
    game.check_state_based_actions()
    game.apply(Action.make(ActionKind.LEGEND_KEEP, dogs[300]))
    assert [o for o in game.battlefield(0) if o in dogs] == [dogs[300]]
    assert game.decision.kind == Decision.PRIORITY


def test_a_priority_decision_with_more_answers_than_the_action_buffer(new_game):
    """1,100 untapped Forests: 1,100 ways to add {G} (605) besides passing.  All of them are
    legal answers, the last one works, and the random policy reaches past the first 1,024."""
    game = new_game(spare_objects=1200)
    game.pass_to(Step.MAIN, 0)
    forests = [game.create_card("Forest", 0, Zone.BATTLEFIELD) for _ in range(1100)]
    actions = game.legal_actions()
    tap = [a for a in actions if a.kind == ActionKind.ACTIVATE_MANA]
    assert len(actions) > C["MAX_ACTIONS"] and sorted(a.a for a in tap) == forests
    chosen = {Action(game.state.random_action(seed, True)).a for seed in range(40)}
    assert max(chosen) > forests[C["MAX_ACTIONS"]]
    game.apply(tap[-1])
    assert game.mana_pool(0) == {"G": 1}


# --- every field has a documented domain -------------------------------------------------------

SECTIONS = {"header": HF, "players": PF, "objects": OF, "stack": SF, "effects": EFF,
            "triggers": TRF, "delayed": DLF, "pairs": PRF}


def test_every_field_of_every_section_has_a_documented_domain():
    domains = _engine.field_domains()
    for section, names in SECTIONS.items():
        assert list(domains[section]) == list(names), section
        for field, (ranges, what) in domains[section].items():
            assert ranges and what, (section, field)


def _outside_cases():
    """(section, field, row, value) just outside each field's domain, for the rich game."""
    domains = _engine.field_domains()
    for section, doms in domains.items():
        if section == "combat_damage":
            continue                         # classic edition only: test_rules_edition_classic.py
        for field, (ranges, _) in doms.items():
            if field.startswith("rng"):
                continue                     # any word is valid alone (not all four zero)
            yield section, field, "below"
            yield section, field, "above"


def _bound(b, bounds):
    return bounds[b] if isinstance(b, str) else b


@pytest.mark.parametrize("section,field,side", list(_outside_cases()))
def test_a_value_just_outside_a_fields_domain_is_refused(rich_game, section, field, side):
    """Regression: tapped=2, phased_out=3, negative timestamps and the like loaded, and
    only broke later.  Every field of every section (rows in use and rows not) is checked
    against its domain on load."""
    game = rich_game
    ranges = _engine.field_domains()[section][field][0]
    h = game.state.header()
    tables = game.cards.tables
    bounds = _engine.state_bounds(h, tables.n_cards, tables.abilities.shape[0],
                                  tables.program.shape[0])
    spans = sorted((_bound(lo, bounds), _bound(hi, bounds)) for lo, hi in ranges)
    value = spans[0][0] - 1 if side == "below" else spans[-1][1] + 1
    width = np.iinfo(_engine.OBJ_DTYPE[field] if section == "objects" else np.int32)
    if not width.min <= value <= width.max:
        pytest.skip(f"the domain is the whole {width.dtype} range on this side")
    row = {"header": 0, "players": 1, "objects": game.hand(0)[0], "stack": 0, "effects": 0,
           "triggers": 1, "delayed": 0, "pairs": 0}[section]   # rows in use, or not: all are checked
    msg = refused(edit(game, section, row, **{field: value}))
    if field not in ("version", "n_players", "cap", "n_zones", "total_ints"):
        assert field in msg, msg            # those five are checked before the layout


def test_a_field_inside_its_domain_is_accepted(rich_game):
    """Control for the test above: the rich game itself, and one in-domain change."""
    game = rich_game
    assert Game.load(game.save(), cards=game.cards) == game
    life = word(game, "players", 1, "life")
    assert Game.load(tamper(game, {life: 7}), cards=game.cards).life(1) == 7


def test_a_state_with_two_rules_editions_at_once_is_refused(cards):
    game = Game(["bears", "bears"], seed=1, cards=cards, edition="current")
    flags = game.state.header()["flags"]
    refused(tamper(game, {HF.index("flags"): flags | C["GF_EDITION_CLASSIC"]}), "editions")


# --- the RNG, passes, the turn plan: states that used to hang ------------------------------------

def test_a_state_whose_rng_is_all_zero_is_refused(cards):
    """Regression: such a state loaded, and the next shuffle (a mulligan) looped forever in
    the core with the GIL released."""
    game = Game(["bears", "bears"], seed=1, mulligans=True, cards=cards)
    blob = tamper(game, {HF.index(f"rng{i}"): 0 for i in range(4)})
    refused(blob, "RNG")


@pytest.mark.parametrize("passes", [-1, -2**31, 2, 10**9, 2**31 - 1])
def test_500_2_a_pass_count_play_cant_reach_is_refused(cards, passes):
    """Regression: a huge or negative count of consecutive passes loaded and hung advance."""
    game = mid_game(cards)
    refused(tamper(game, {HF.index("passes"): passes}), "passes")


@pytest.mark.parametrize("entry", [
    C["S_MAIN"] | 9 << 4,                                   # phase 9 does not exist
    C["S_UPKEEP"] | C["PH_COMBAT"] << 4,                    # 500.1: upkeep is no combat step
    C["S_DRAW"] | C["PH_PRECOMBAT_MAIN"] << 4,
    -5,
])
def test_500_1_a_turn_plan_entry_must_be_a_step_of_its_phase(cards, entry):
    """Regression: a plan entry with phase 9 loaded; later Game.phase and Game.log raised
    ValueError and the game's own save no longer loaded."""
    game = mid_game(cards)
    h = game.state.header()
    entry |= (h["phase_serial"] - 1) << 8 if entry >= 0 else 0
    last = words(game)["plan"] + h["plan_len"] - 1
    refused(tamper(game, {last: entry}), "plan entry")


def test_the_current_step_must_be_the_plans_current_entry(cards):
    game = mid_game(cards)
    h = game.state.header()
    other = C["S_END"] if h["step"] != C["S_END"] else C["S_UPKEEP"]
    refused(tamper(game, {HF.index("step"): other}), "turn plan")


@pytest.mark.parametrize("players,mulligans,ok", [(2, 7, True), (2, 8, False), (3, 8, True),
                                                  (3, 9, False)])
def test_103_5_mulligans_past_the_limit_are_refused(cards, players, mulligans, ok):
    """Regression: 8 mulligans in a two-player game loaded (8 is the limit with 103.5c's
    free one, in multiplayer only); keeping then asked for 8 cards from a hand of 7."""
    game = Game(["bears"] * players, seed=1, mulligans=True, cards=cards)
    blob = edit(game, "players", 0, mulligans=mulligans)
    if ok:
        assert Game.load(blob, cards=cards).state.header()["decision"] == C["D_MULLIGAN"]
    else:
        refused(blob, "mulligans")


def test_103_5_more_cards_to_bottom_than_in_hand_is_refused(cards):
    """A three-card library deals a three-card hand: four cards to bottom can't be."""
    game = Game([Deck.parse("3 Forest"), "bears"], seed=1, mulligans=True, starting_player=0,
                cards=cards)
    for action in (ActionKind.MULLIGAN, ActionKind.KEEP, ActionKind.KEEP):
        game.apply(Action.make(action))
    assert game.decision.kind == Decision.BOTTOM and len(game.hand(0)) == 3
    assert Game.load(edit(game, "players", 0, to_bottom=3, mulligans=3), cards=cards)
    refused(edit(game, "players", 0, to_bottom=4, mulligans=4), "bottom")


# --- indices into the card tables (item 13) -------------------------------------------------------

def bolt_on_the_stack(cards) -> Game:
    game = Game([Deck.parse("60 Mountain"), "bears"], seed=2, mulligans=False,
                starting_player=0, cards=cards)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Lightning Bolt", 0, Zone.HAND), game.player_target(1))
    assert len(game.stack()) == 1 and game.decision.kind == Decision.PRIORITY
    return game


def test_an_instant_on_the_stack_without_its_ability_is_refused(cards):
    """Regression: ability = -1 on an instant's stack entry loaded, and resolving it read
    before the ability table and ran whatever program range it found there."""
    game = bolt_on_the_stack(cards)
    refused(edit(game, "stack", 0, ability=-1), "stack entry 0")


@pytest.mark.parametrize("what", ["ability of another card", "ability of the wrong kind",
                                  "program of no delayed trigger", "more targets",
                                  "target not yet chosen"])
def test_a_stack_entry_must_match_its_card(cards, what):
    game = bolt_on_the_stack(cards)
    tables = game.cards.tables
    shock = int(tables.cards[cards.row("Shock"), C["CF_ABILITY_START"]])
    mana = int(tables.cards[cards.row("Forest"), C["CF_ABILITY_START"]])
    change = {"ability of another card": dict(ability=shock),
              "ability of the wrong kind": dict(kind=C["SK_ABILITY"], ability=mana),
              "program of no delayed trigger": dict(kind=C["SK_TRIGGER"], ability=-1,
                                                    n_targets=0, prog_start=1, prog_len=2),
              "more targets": dict(n_targets=2),
              "target not yet chosen": dict(target0=-1)}[what]
    refused(edit(game, "stack", 0, **change), "stack")


def test_card_tables_with_an_instant_that_has_no_spell_ability_are_refused():
    """The core resolves an instant or sorcery by its spell ability (304.2, 608.2); tables
    without one would have it read the ability table at index -1."""
    tables = DEFAULT_CARDS.tables
    cards = tables.cards.copy()
    bolt = DEFAULT_CARDS.row("Lightning Bolt")
    cards[bolt, C["CF_ABILITY_COUNT"]] = 0
    cards[bolt, C["CF_ABILITY_KINDS"]] = 0          # consistent with having no abilities
    with pytest.raises(_engine.EngineError, match="spell ability"):
        _engine.CardTables(cards, tables.abilities, tables.program)


def test_a_pending_trigger_must_be_its_sources_ability(trigger_game):
    game = trigger_game
    land_ability = int(game.cards.tables.cards[game.cards.row("Forest"), C["CF_ABILITY_START"]])
    refused(edit(game, "triggers", 0, ability=land_ability), "pending trigger 0")


# --- relations between fields (item 14) --------------------------------------------------------------

def test_400_7_an_object_off_the_battlefield_has_no_permanent_status(cards):
    """Regression: damage and tapped on an object in the library loaded."""
    game = mid_game(cards)
    o = game.library(0)[0]
    refused(edit(game, "objects", o, damage=2), str(o), "damage")
    refused(edit(game, "objects", o, tapped=1), str(o), "tapped")
    refused(edit(game, "objects", o, attached_to=game.battlefield()[0]), str(o), "attached")


def test_400_3_a_card_is_in_its_owners_library_hand_or_graveyard(cards):
    game = mid_game(cards)
    o = game.library(0)[0]
    refused(edit(game, "objects", o, owner=1, controller=1), str(o), "another player's")


def test_800_4a_removed_only_for_a_player_who_left_the_game(cards):
    """Regression: `removed` set for a player still in the game loaded; when they later
    lost, their cards stayed in play."""
    game = mid_game(cards, decks=("gruul", "white_weenie", "bears"))
    refused(edit(game, "players", 1, removed=1), "player 1", "removed")


def test_800_4a_a_player_out_of_an_ongoing_game_has_been_removed(cards):
    game = mid_game(cards, decks=("gruul", "white_weenie", "bears"))
    refused(edit(game, "players", 2, in_game=0, lost_reason=C["LOSS_CONCEDE"]), "player 2")


def test_104_2a_the_winner_is_the_last_player_in_the_game(cards):
    game = Game(["gruul", "white_weenie"], seed=5, cards=cards)
    game.play_random(5)
    assert game.result.kind == Result.WIN
    refused(tamper(game, {HF.index("winner"): 1 - game.result.winner}), "winner")


def test_a_spell_in_the_stack_zone_has_a_stack_entry(cards):
    game = bolt_on_the_stack(cards)
    refused(tamper(game, {HF.index("stack_n"): 0}), "stack")


def test_a_target_decision_is_for_the_top_of_the_stack(rich_game):
    refused(tamper(rich_game, {HF.index("casting"): -1}), "target")


def test_summaries_the_core_keeps_must_be_true(rich_game, cards):
    """any_attached, bf_ability_kinds and a clear sba_dirty let the core skip work; a
    state where they lie would silently skip rules."""
    game = rich_game
    refused(tamper(game, {HF.index("any_attached"): 0}), "attached")
    refused(tamper(game, {HF.index("bf_ability_kinds"): 0}), "ability")
    quiet = mid_game(cards)
    assert quiet.state.header()["sba_dirty"] == 0
    bear = next(o for o in quiet.battlefield() if quiet.card_of(o).power)
    dead = edit(quiet, "objects", bear, damage=50)              # 704.5g would apply
    refused(dead, "state-based actions")


def test_no_fast_in_hand_is_true_when_it_says_so(cards):
    """no_fast_in_hand = 1 lets priority skip the hands outside sorcery timing (307.1): a
    new game promises it (every card in a library), an instant entering a hand takes the
    promise back, and a state that keeps it with an instant in hand is refused."""
    game = Game([Deck.parse("60 Mountain"), "bears"], seed=2, mulligans=False,
                starting_player=0, cards=cards)
    assert game.state.header()["no_fast_in_hand"] == 1
    assert Game.load(game.save(), cards=CARDS) == game
    game.create_card("Lightning Bolt", 0, Zone.HAND)
    assert game.state.header()["no_fast_in_hand"] == 0
    refused(tamper(game, {HF.index("no_fast_in_hand"): 1}), "instant or flash")


def test_a_deeply_nested_card_list_is_a_format_error_not_a_recursion_error(cards):
    game = mid_game(cards)
    blob = game.save()
    body = body_offset(blob)
    names = b"[" * 100_000 + b"]" * 100_000
    head = SAVE_MAGIC + struct.pack("<IIII", 1, cards.tables.fingerprint, len(names),
                                    len(blob) - 4 - body)
    refused(reseal(head + names + blob[body:-4]), "card list")


@pytest.mark.parametrize("names", [b'["a" "b"]', b'["a",]', b"[1, 2]", b'{"a": 1}',
                                   b'["a"] x', b"\xff\xfe", b"", b"[", b'["\\ud800'])
def test_a_malformed_card_list_is_refused(cards, names):
    game = mid_game(cards)
    blob = game.save()
    body = body_offset(blob)
    head = SAVE_MAGIC + struct.pack("<IIII", 1, cards.tables.fingerprint, len(names),
                                    len(blob) - 4 - body)
    refused(reseal(head + names + blob[body:-4]), "card list")


def test_the_card_list_may_be_spaced_differently(cards):
    """The list is JSON: other spacing reads the same names."""
    game = mid_game(cards)
    blob = game.save()
    body = body_offset(blob)
    names = json.dumps(cards.names(), indent=2).encode()
    head = SAVE_MAGIC + struct.pack("<IIII", 1, cards.tables.fingerprint, len(names),
                                    len(blob) - 4 - body)
    assert Game.load(reseal(head + names + blob[body:-4]), cards=cards) == game


@pytest.mark.parametrize("kind,player", [(-1, 1), (C["Z_NONE"], 0), (7, 0), (0, 2), (0, -1)])
def test_a_zone_that_does_not_exist_is_an_error(cards, kind, player):
    """Regression: State.zone(-1, 1) returned player 0's graveyard."""
    game = mid_game(cards)
    with pytest.raises(_engine.EngineError):
        game.state.zone(kind, player)


@pytest.mark.parametrize("read", [lambda g: g.life(-1), lambda g: g.life(2),
                                  lambda g: g.in_game(-1), lambda g: g.mana_pool(9),
                                  lambda g: g.obj(-1), lambda g: g.obj(g.state.n_objects),
                                  lambda g: g.zone(Zone.HAND, 2), lambda g: g.hand(-1)])
def test_a_seat_or_object_that_does_not_exist_is_an_error(cards, read):
    """Not player 1's life for seat -1 (numpy counts from the end)."""
    game = mid_game(cards)
    with pytest.raises(MtgError):
        read(game)


# --- counters at their limits: the game stops, nothing overflows ------------------------------------

def test_a_timestamp_at_its_limit_aborts_the_game_at_the_next_zone_change(cards):
    """Play that would take a number past its documented range stops the game as ABORTED
    (never a rules result) instead of overflowing int32."""
    game = mid_game(cards)
    loaded = Game.load(tamper(game, {HF.index("timestamp"): AMOUNT_MAX}), cards=cards)
    loaded.play_random(1)
    assert loaded.result.kind == Result.ABORTED
    assert any("range" in line for line in loaded.log)
    assert Game.load(loaded.save(), cards=cards) == loaded


def test_life_at_its_limit_aborts_the_game_when_it_would_grow(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    game.set_player(0, life=AMOUNT_MAX)
    game.cast(game.create_card("Quick Thought", 0, Zone.HAND))      # you gain 1 life
    game.pass_priority(); game.pass_priority()
    assert game.result.kind == Result.ABORTED and game.life(0) == AMOUNT_MAX
    assert Game.load(game.save(), cards=game.cards) == game


def test_500_10_a_billion_skipped_turns_end_the_game_as_aborted(cards):
    """Every player skipping 10**9 turns (500.10): the core stops rather than loop for
    billions of turns with the GIL released."""
    game = mid_game(cards)
    edits = {word(game, "players", p, "skip_turns"): AMOUNT_MAX for p in range(2)}
    loaded = Game.load(tamper(game, edits), cards=cards)
    loaded.play_random(2)
    assert loaded.result.kind == Result.ABORTED


@pytest.mark.parametrize("option", [dict(life=AMOUNT_MAX + 1), dict(life=0),
                                    dict(max_turns=-1), dict(max_turns=C["TURN_MAX"] + 1)])
def test_game_options_outside_their_range_are_refused(option):
    with pytest.raises(MtgError):
        Game(["bears", "bears"], **option)


# --- action codes of the wrong type (item 15) ----------------------------------------------------------

@pytest.mark.parametrize("bad", ["0", b"0", 0.7, 0.0, True, False, None, [0], 1j,
                                 np.float32(0), np.bool_(False), Action("0"), Action(0.0)])
def test_apply_takes_an_action_or_an_int_only(new_game, bad):
    """Regression: apply("0"), apply(b"0") and apply(0.7) were converted to code 0 (pass)
    and executed."""
    game = new_game()
    before = game.state.to_bytes()
    with pytest.raises(TypeError):
        game.apply(bad)
    if not isinstance(bad, Action):
        with pytest.raises(TypeError):
            game.state.apply(bad)
    assert game.state.to_bytes() == before


def test_apply_accepts_actions_ints_and_numpy_ints(new_game):
    game = new_game()
    game.apply(Action.make(ActionKind.PASS))
    game.apply(0)
    game.apply(game.legal_action_codes()[0])            # an np.int32
    assert game.state.apply(np.int64(0)) == 0


def test_a_code_outside_int32_is_illegal_not_an_overflow(new_game):
    game = new_game()
    before = game.state.to_bytes()
    assert game.state.apply(2**40) == C["E_BAD_CHOICE"]
    with pytest.raises(IllegalActionError):
        game.apply(2**40)
    assert game.state.to_bytes() == before


# --- scenario edits are checked like loading (item 16) -------------------------------------------------

@pytest.mark.parametrize("change", [
    lambda g: g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD, controller=7),
    lambda g: g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD, controller=-3),
    lambda g: g.move(g.hand(0)[0], Zone.BATTLEFIELD, controller=2),
    lambda g: g.create_card("Grizzly Bears", 0, Zone.STACK),     # 601.2a: no stack entry
    lambda g: g.set_object(g.hand(0)[0], tapped=1),                 # 400.7: not a permanent
    lambda g: g.set_object(g.battlefield()[0], tapped=2),
    lambda g: g.set_object(g.battlefield()[0], mark=1),
    lambda g: g.set_object(g.battlefield()[0], timestamp=-1),
    lambda g: g.set_object(g.battlefield()[0], damage=1.5),
    lambda g: g.set_player(1, removed=1),
    lambda g: g.set_player(1, life=AMOUNT_MAX + 1),
])
def test_scenario_edits_that_play_cant_produce_are_refused_and_undone(new_game, change):
    """Regression: create_card(..., controller=7) in a 2-player game was accepted, and the
    game's own save() then wrote a blob that Game.load refused."""
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    before = game.state.to_bytes()
    with pytest.raises(MtgError):
        change(game)
    assert game.state.to_bytes() == before
    assert Game.load(game.save(), cards=game.cards) == game


def test_a_permanent_may_enter_under_an_opponents_control(new_game):
    game = new_game()
    o = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD, controller=1)
    assert game.obj(o)["controller"] == 1 and game.obj(o)["owner"] == 0
    assert Game.load(game.save(), cards=game.cards) == game


def test_800_4a_state_based_actions_on_request_pass_the_decision_on(new_game):
    """A scenario sets a deciding player's life to 0 and runs state-based actions: they
    leave the game (800.4a) and so does their pending choice -- the next player gets
    priority, and the game saves and loads."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    assert game.priority_player == 1
    game.set_player(1, life=0)
    game.check_state_based_actions()
    assert not game.in_game(1) and game.decision.player == 2
    assert Game.load(game.save(), cards=game.cards) == game


def test_800_4a_a_spell_being_cast_keeps_its_place_when_a_player_below_it_leaves(new_game):
    """P1's Shock is on the stack and P2 is choosing a target for a Lightning Bolt above it
    when P1 concedes: P1's spell leaves the stack (800.4a) and the Bolt, moved down, is
    still the one getting its target (the core used to keep pointing at its old place)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    for p in (1, 2):
        game.create_card("Mountain", p, Zone.BATTLEFIELD)
    game.pass_priority()
    game.cast(game.create_card("Shock", 1, Zone.HAND), game.player_target(0))
    game.pass_priority()
    bolt = game.create_card("Lightning Bolt", 2, Zone.HAND)
    game.cast(bolt)
    assert game.decision.kind == Decision.TARGET and game.decision.player == 2
    game.concede(1)
    assert [item["obj"] for item in game.stack()] == [bolt]
    assert game.decision.kind == Decision.TARGET and game.decision.source == bolt
    assert Game.load(game.save(), cards=game.cards) == game
    game.apply(Action.make(ActionKind.TARGET, game.player_target(0)))
    game.pass_until(lambda g: not g.stack())
    assert game.life(0) == 17


def test_104_3a_a_game_conceded_in_the_middle_of_a_discard_saves_and_loads(new_game):
    """P0 has chosen one of two cards to discard (514.1) when P1 concedes: the finished game
    keeps that half-made choice, and its save loads (a finished game runs nothing more)."""
    game = new_game()
    for _ in range(3):
        game.create_card("Grizzly Bears", 0, Zone.HAND)
    game.pass_until(lambda g: g.decision.kind == Decision.DISCARD)
    assert game.decision.count >= 2
    game.apply(game.legal_actions()[0])
    assert game.decision.kind == Decision.DISCARD
    game.concede(1)
    assert game.result.kind == Result.WIN
    assert Game.load(game.save(), cards=game.cards) == game


def test_zone_ability_and_layer_effect_summaries_must_be_true(cards):
    """zone_ability_cards = 0 lets priority skip the flashback / cycling scans and
    layer_effects = 0 lets characteristics skip the layer system (613): a state where
    either lies is refused."""
    game = Game([Deck.parse("60 Island"), "bears"], seed=2, mulligans=False,
                starting_player=0, cards=cards)
    assert game.state.header()["zone_ability_cards"] == 0
    game.create_card("Think Twice", 0, Zone.GRAVEYARD)                # flashback (702.34)
    assert game.state.header()["zone_ability_cards"] == 1
    assert Game.load(game.save(), cards=CARDS) == game
    refused(tamper(game, {HF.index("zone_ability_cards"): 0}), "flashback or cycling")
    game.pass_to(Step.MAIN, 0)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    for _ in range(2):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    assert game.state.header()["layer_effects"] == 0
    game.cast(game.create_card("Turn to Frog", 0, Zone.HAND), bear)
    game.pass_priority(); game.pass_priority()
    assert game.power_toughness(bear) == (1, 1)                       # layer 7b
    assert game.state.header()["layer_effects"] == 1
    assert Game.load(game.save(), cards=CARDS) == game
    refused(tamper(game, {HF.index("layer_effects"): 0}), "layer effect")


def test_506_4_only_a_permanent_can_be_in_combat(cards):
    """A card in a graveyard marked attacking, or a creature with combat fields but not in
    combat, is refused on load (506.4: leaving the battlefield removes it from combat)."""
    game = mid_game(cards)
    o = game.graveyard(0)[0] if game.graveyard(0) else game.library(0)[0]
    refused(edit(game, "objects", o, combat=C["CB_ATTACKING"]), str(o), "not on the battlefield")
    refused(edit(game, "objects", o, attack_slot=1), str(o), "combat fields")
