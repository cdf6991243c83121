""""You may" with "if you do" (608.2d), intervening "if" clauses (603.4), conditions checked
on resolution (608.2c), and what a choice in the middle of a resolving spell or ability
means for the rest of the engine: the object stays on the stack while it resolves (608.2n),
saved games keep the pending choice, illegal answers change nothing, a player leaving the
game (800.4a) doesn't leave the resolution hanging, bad scripts fail at definition."""
import struct
import zlib

import pytest

from mtg_core import (Action, ActionKind, Deck, Game, IllegalActionError, Result, Step, Zone,
                      play_random_games)
from mtg_core.cards import (AtLeast, AtMost, Card, CardDB, CardScriptError, Count, Damage, Discard,
                            Draw, Exile, ForEach, GainLife, GainLifeEqualToPower, If, InterveningIf,
                            LifeAtLeast, LifeAtMost, May, OpponentLifeAtMost, Pump, Scry,
                            SearchForBasicLand, SpellAbility, Tap, TriggeredAbility)
from mtg_core import _engine
from mtg_core.enums import Decision
from mtg_core.errors import StateFormatError
from mtg_core.library import DEFAULT_CARDS, choices_and_counts

SEED = 9

# Test-only cards (not real): conditions the library cards don't show.
TEST_CARDS = [
    Card("Test Desperate Bolt", "{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 2), If(OpponentLifeAtMost(10), Damage("target", 2)),
                                 targets=("any",)),),
         text="Test Desperate Bolt deals 2 damage to any target. If an opponent has 10 or less "
              "life, it deals 2 more damage to that target."),
    Card("Test Hellbent Draw", "{B}", ("Sorcery",),
         abilities=(SpellAbility(If(AtMost("card in your hand", 0), Draw("you", 2)),
                                 If(LifeAtLeast(25), GainLife("you", 1)),
                                 If(LifeAtMost(5), GainLife("you", 5))),),
         text="If you have no cards in hand, draw two cards. If you have 25 or more life, you "
              "gain 1 life. If you have 5 or less life, you gain 5 life."),
    Card("Test Opponent May Draw", "{U}", ("Sorcery",),
         abilities=(SpellAbility(May(Draw("target"), Damage("target", 1), who="target"),
                                 targets=("opponent",)),),
         text="Target opponent may draw a card. If they do, this deals 1 damage to them."),
    Card("Test Artifact", "{0}", ("Artifact",), text=""),
    Card("Test Enchantment", "{0}", ("Enchantment",), text=""),
]


def lands(game, p, name, n):
    return [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    while game.stack() and not game.is_over and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def resolve_one(game):
    """Both players pass: the top object of the stack resolves (its triggers are then put on
    the stack before anyone gets priority, 603.3b)."""
    game.pass_priority()
    game.pass_priority()


def main_game(new_game, deck0="60 Mountain", deck1="60 Swamp", **kw):
    game = new_game(deck0, deck1, **kw)
    game.pass_to(Step.MAIN, 0)
    return game


def act(game, kind, a=0):
    game.apply(Action.make(kind, a))


# --- "you may" (608.2d) ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Immersturm Raider", "Discerning Peddler", "Fissure Wizard"])
def test_608_2d_may_discard_if_you_do_draw(new_game, name):
    game = main_game(new_game)
    lands(game, 0, "Mountain", 3)
    game.cast(game.create_card(name, 0))
    resolve(game)
    resolve(game)
    d = game.decision
    assert d.kind == Decision.MAY and d.player == 0
    assert [a.kind for a in game.legal_actions()] == [ActionKind.MAY_NO, ActionKind.MAY_YES]
    hand = list(game.hand(0))
    act(game, ActionKind.MAY_YES)
    assert game.decision.kind == Decision.DISCARD_CHOICE and game.decision.count == 1
    act(game, ActionKind.DISCARD_CHOSEN, hand[0])
    assert hand[0] in game.graveyard(0)
    assert len(game.hand(0)) == len(hand) and game.decision.kind == Decision.PRIORITY


def test_608_2d_declining_does_neither(new_game):
    game = main_game(new_game)
    lands(game, 0, "Mountain", 2)
    game.cast(game.create_card("Immersturm Raider", 0))
    resolve(game)
    resolve(game)
    hand, lib = list(game.hand(0)), list(game.library(0))
    act(game, ActionKind.MAY_NO)
    assert game.hand(0) == hand and game.library(0) == lib and not game.stack()


def test_608_2d_if_you_do_with_an_empty_hand_only_declining_is_offered(new_game):
    game = main_game(new_game)
    lands(game, 0, "Mountain", 2)
    raider = game.create_card("Immersturm Raider", 0)
    for o in game.hand(0):
        if o != raider:
            game.move(o, Zone.EXILE)
    game.cast(raider)
    resolve(game)
    resolve(game)
    assert game.decision.kind == Decision.MAY
    assert [a.kind for a in game.legal_actions()] == [ActionKind.MAY_NO]
    blob = game.save()
    with pytest.raises(IllegalActionError):
        act(game, ActionKind.MAY_YES)                 # no discard, so no "if you do" draw
    assert game.save() == blob


def test_608_2d_the_player_named_chooses(new_game):
    game = main_game(new_game, "60 Island")
    lands(game, 0, "Island", 1)
    game.cast(game.create_card("Test Opponent May Draw", 0), Game.player_target(1))
    resolve(game)
    assert game.decision.kind == Decision.MAY and game.decision.player == 1
    before = len(game.hand(1))
    act(game, ActionKind.MAY_YES)
    assert len(game.hand(1)) == before + 1 and game.life(1) == 19


# --- intervening "if" (603.4) --------------------------------------------------------------------

@pytest.mark.parametrize("name,needs,cost", [
    ("Lagonna-Band Elder", "Enchantment", "Plains"),
    ("Scholar of Stars", "Artifact", "Island")])
def test_603_4_intervening_if_checked_as_the_event_happens(new_game, name, needs, cost):
    game = main_game(new_game, f"60 {cost}")
    lands(game, 0, cost, 4)
    hand = len(game.hand(0))
    game.cast(game.create_card(name, 0))
    resolve_one(game)
    assert not game.stack()                            # false on entering: it never triggered
    assert game.life(0) == 20 and len(game.hand(0)) == hand


@pytest.mark.parametrize("name,cost,helper", [
    ("Lagonna-Band Elder", "Plains", "Test Enchantment"),
    ("Scholar of Stars", "Island", "Test Artifact")])
def test_603_4_intervening_if_true_both_times_does_it(new_game, name, cost, helper):
    game = main_game(new_game, f"60 {cost}")
    lands(game, 0, cost, 4)
    game.create_card(helper, 0, Zone.BATTLEFIELD)
    hand = len(game.hand(0))
    game.cast(game.create_card(name, 0))
    resolve_one(game)
    assert game.stack()                                # it triggered
    resolve(game)
    if name == "Lagonna-Band Elder":
        assert game.life(0) == 23
    else:
        assert len(game.hand(0)) == hand + 1


@pytest.mark.parametrize("name,cost,helper", [
    ("Lagonna-Band Elder", "Plains", "Test Enchantment"),
    ("Scholar of Stars", "Island", "Test Artifact")])
def test_603_4_intervening_if_false_on_resolution_does_nothing(new_game, name, cost, helper):
    game = main_game(new_game, f"60 {cost}")
    lands(game, 0, cost, 4)
    h = game.create_card(helper, 0, Zone.BATTLEFIELD)
    hand = len(game.hand(0))
    game.cast(game.create_card(name, 0))
    resolve_one(game)
    assert game.stack()
    game.move(h, Zone.GRAVEYARD)                        # gone before the trigger resolves
    resolve(game)
    assert game.life(0) == 20 and len(game.hand(0)) == hand


def test_603_4_metalcraft_blade_tribe_berserkers(new_game):
    game = main_game(new_game)
    lands(game, 0, "Mountain", 4)
    arts = [game.create_card("Test Artifact", 0, Zone.BATTLEFIELD) for _ in range(3)]
    b = game.create_card("Blade-Tribe Berserkers", 0)
    game.cast(b)
    resolve(game)
    resolve(game)
    assert game.power_toughness(b) == (6, 6)
    game.move(arts[0], Zone.GRAVEYARD)
    b2 = game.create_card("Blade-Tribe Berserkers", 0)
    lands(game, 0, "Mountain", 4)
    game.cast(b2)
    resolve_one(game)
    assert not game.stack() and game.power_toughness(b2) == (3, 3)   # two artifacts: no trigger


def test_603_4_lumengrid_drake_and_moonlit_scavengers_return_a_creature(new_game):
    game = main_game(new_game, "60 Island", "60 Forest")
    lands(game, 0, "Island", 10)
    for _ in range(3):
        game.create_card("Test Artifact", 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Lumengrid Drake", 0))
    resolve(game)
    game.apply(Action.make(ActionKind.TARGET, bear))
    resolve(game)
    assert bear in game.hand(1)
    bear2 = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Moonlit Scavengers", 0))
    resolve(game)
    assert game.target_choices() == [bear2]             # a creature an opponent controls
    game.apply(Action.make(ActionKind.TARGET, bear2))
    resolve(game)
    assert bear2 in game.hand(1)


def test_603_4_stone_haven_pilgrim_attack_trigger(new_game):
    game = main_game(new_game, "60 Plains")
    pilgrim = game.create_card("Stone Haven Pilgrim", 0, Zone.BATTLEFIELD)
    game.create_card("Test Enchantment", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({pilgrim: Game.player_target(1)})
    resolve(game)
    assert game.power_toughness(pilgrim) == (3, 3)
    game.pass_until(lambda g: g.step == Step.END_COMBAT)
    assert game.life(1) == 17 and game.life(0) == 23     # lifelink (702.15)


# --- conditions on resolution (608.2c) ---------------------------------------------------------

def test_608_2c_if_an_opponent_has_10_or_less_life(new_game):
    game = main_game(new_game)
    lands(game, 0, "Mountain", 2)
    game.cast(game.create_card("Test Desperate Bolt", 0), Game.player_target(1))
    resolve(game)
    assert game.life(1) == 18
    game.set_player(1, life=11)
    game.cast(game.create_card("Test Desperate Bolt", 0), Game.player_target(1))
    resolve(game)
    assert game.life(1) == 7                             # 9 when it checks: 2 more damage


def test_608_2c_conditions_on_your_hand_and_life(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 1)
    spell = game.create_card("Test Hellbent Draw", 0)
    for o in game.hand(0):
        if o != spell:
            game.move(o, Zone.EXILE)
    game.set_player(0, life=4)
    game.cast(spell)
    resolve(game)
    assert len(game.hand(0)) == 2 and game.life(0) == 9


# --- the resolving object while a choice is pending (608.2n, 117; every decision is explicit) ---------

def _pending_scry(new_game):
    game = main_game(new_game, "60 Island")
    lands(game, 0, "Island", 1)
    opt = game.create_card("Opt", 0)
    game.cast(opt)
    resolve(game)
    assert game.decision.kind == Decision.LIBRARY_CARDS
    return game, opt


def test_608_2n_the_spell_stays_on_the_stack_until_its_choice_is_made(new_game):
    game, opt = _pending_scry(new_game)
    assert [item["obj"] for item in game.stack()] == [opt]
    assert game.obj(opt)["zone"] == game.obj(opt)["zone"] and opt not in game.graveyard(0)
    assert not any(a.kind == ActionKind.PASS for a in game.legal_actions())
    act(game, ActionKind.LIB_TOP, game.library(0)[-1])
    assert opt in game.graveyard(0) and not game.stack()


def test_illegal_answers_leave_the_state_byte_identical(new_game):
    game, opt = _pending_scry(new_game)
    blob = game.save()
    for bad in (Action.make(ActionKind.PASS), Action.make(ActionKind.LIB_GRAVEYARD, game.library(0)[-1]),
                Action.make(ActionKind.LIB_TOP, game.library(0)[0]),   # not among the top card
                Action.make(ActionKind.MAY_YES), Action.make(ActionKind.DISCARD_CHOSEN, game.hand(0)[0])):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game.save() == blob


@pytest.mark.parametrize("setup", ["scry", "may", "discard", "look"])
def test_a_saved_game_keeps_the_pending_choice(new_game, cards, setup):
    game = main_game(new_game, "60 Island")
    lands(game, 0, "Island", 3)
    lands(game, 0, "Swamp", 3)
    lands(game, 0, "Mountain", 2)
    name = {"scry": "Preordain", "may": "Immersturm Raider", "discard": "Mind Rot",
            "look": "Anticipate"}[setup]
    card = game.create_card(name, 0)
    if setup == "discard":
        game.cast(card, Game.player_target(1))
    else:
        game.cast(card)
    resolve(game)
    resolve(game)
    assert game.decision.kind != Decision.PRIORITY
    loaded = Game.load(game.save(), cards)
    assert loaded == game and loaded.decision == game.decision
    assert loaded.legal_action_codes().tolist() == game.legal_action_codes().tolist()
    first = game.legal_actions()[-1]
    game.apply(first)
    loaded.apply(first)
    assert loaded.save() == game.save()


def _tampered(game, **header):
    """The game's save with header words changed and a valid checksum (see
    tests/state/test_untrusted_states.py)."""
    from mtg_core.game import SAVE_MAGIC
    blob = game.save()
    head = len(SAVE_MAGIC) + 16
    _, _, n_names, _ = struct.unpack("<IIII", blob[len(SAVE_MAGIC):head])
    data = bytearray(blob[:-4])
    base = game.state.buffer.ctypes.data
    start = (game.state.sections()["header"].ctypes.data - base) // 4
    for field, value in header.items():
        struct.pack_into("<i", data, head + n_names + 4 * (start + _engine.HEADER_FIELDS.index(field)), value)
    return bytes(data) + struct.pack("<I", zlib.crc32(bytes(data)))


@pytest.mark.parametrize("edit", [{"resolving_pc": 0}, {"dctx0": 0}, {"dctx0": 60},
                                  {"decision": 75}, {"resolving_pc": 1}])
def test_loading_refuses_a_choice_that_doesnt_fit_its_instruction(new_game, cards, edit):
    game, opt = _pending_scry(new_game)
    assert Game.load(_tampered(game), cards) == game
    with pytest.raises(StateFormatError):
        Game.load(_tampered(game, **edit), cards)


def test_800_4a_the_controller_concedes_during_the_choice(new_game):
    game = new_game("60 Island", players=3)
    game.pass_to(Step.MAIN, 0)
    lands(game, 0, "Island", 1)
    game.cast(game.create_card("Opt", 0))
    resolve(game)
    game.concede(0)
    assert not game.stack() and game.decision.kind == Decision.PRIORITY


def test_800_4a_a_discarding_player_concedes_and_the_next_one_chooses(new_game):
    game = new_game("60 Swamp", players=3)
    game.pass_to(Step.MAIN, 0)
    lands(game, 0, "Swamp", 2)
    game.cast(game.create_card("Burglar Rat", 0))
    resolve(game)
    resolve(game)
    assert game.decision.player == 1
    game.concede(1)
    assert game.decision.kind == Decision.DISCARD_CHOICE and game.decision.player == 2
    act(game, ActionKind.DISCARD_CHOSEN, game.hand(2)[0])
    assert len(game.graveyard(2)) == 1 and not game.stack()


# --- definitions (bad scripts fail at definition) ----------------------------------------------

@pytest.mark.parametrize("make,match", [
    (lambda: SpellAbility(Scry(0)), "1..255"),
    (lambda: SpellAbility(Discard("you", 0)), "discard count"),
    (lambda: SpellAbility(ForEach("dragons in the sky", Draw("you"))), "can't count"),
    (lambda: SpellAbility(ForEach("creature you control", Tap("target")), targets=("creature",)), "ForEach of"),
    (lambda: SpellAbility(ForEach("creature you control", Pump("target", 2, 1)), targets=("creature",)), "Pump"),
    (lambda: SpellAbility(Draw("you"), InterveningIf(AtLeast("artifact you control"), Draw("you"))), "only effect"),
    (lambda: SpellAbility(May(SearchForBasicLand("you"))), "can't be inside"),
    (lambda: SpellAbility(May()), "no effect"),
    (lambda: SpellAbility(If("if you like", Draw("you"))), "not a Condition"),
    (lambda: SpellAbility(Exile("target"), Scry(1), GainLifeEqualToPower("its controller"),
                          targets=("creature",)), "across a choice"),
])
def test_bad_scripts_fail_at_definition_naming_the_card(make, match):
    with pytest.raises(CardScriptError, match=match):
        Card("Test Bad Script", "{1}", ("Sorcery",), abilities=(make(),), text="x")
    with pytest.raises(CardScriptError, match="Test Bad Script"):
        Card("Test Bad Script", "{1}", ("Sorcery",), abilities=(make(),), text="x")


def test_counts_and_conditions_read_their_words():
    assert Count("creatures you control").lower() == Count("creature you control").lower()
    assert Count("other Knight you control").lower()[0] != Count("Knight you control").lower()[0]
    assert Count("instant or sorcery card in your graveyard").lower()[1] != 0
    with pytest.raises(CardScriptError):
        AtLeast("artifact you control", -1)


# --- random games (every decision is explicit: the random policy answers every choice) -------------------

def test_random_games_with_every_choice_card_end_without_an_aborted_game(cards):
    names = [c.name for c in choices_and_counts.CARDS]
    deck = Deck.parse("\n".join(["8 Island", "8 Swamp", "4 Mountain", "4 Plains", "4 Forest"]
                                 + [f"1 {n}" for n in names]))
    rows = play_random_games(deck, deck, n_games=20, seed=3, cards=cards, max_turns=80)
    assert (rows[:, 0] != Result.ABORTED).all() and (rows[:, 0] != Result.ONGOING).all()


def test_random_games_with_the_choice_cards_in_the_debug_build(debug_engine):
    code = """
from mtg_core import Deck, play_random_games, _engine
from mtg_core.library import choices_and_counts
assert _engine.DEBUG_BUILD
names = [c.name for c in choices_and_counts.CARDS]
deck = Deck.parse("\\n".join(["8 Island", "8 Swamp", "4 Mountain", "4 Plains", "4 Forest"]
                             + ["1 " + n for n in names]))
rows = play_random_games(deck, deck, n_games=6, seed=4, max_turns=80)
assert (rows[:, 0] != _engine.constants()["R_ABORTED"]).all(), rows
print("ok")
"""
    out = debug_engine.run(code, 600)
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr[-3000:]
