"""Illegal actions are refused with the rule that forbids them, and change nothing.

``Game.apply`` promises (IllegalActionError docstring; 508.1 / 509.1 / 717) that an illegal
action raises and leaves the state byte-for-byte as it was.  Each test builds a position,
snapshots ``game.state.to_bytes()``, tries one illegal action, and checks the error's
``.rule`` / ``.code``, the bytes, and that the game still goes on normally.
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_core import Action, ActionKind, Card, Decision, IllegalActionError, Step, Zone, _engine
from mtg_core.cards import LoseLife, TriggeredAbility
from mtg_core.enums import TGT_PLAYER

E = _engine.constants()
SORCERY_RULE = "301.1, 302.1, 303.1, 307.1"

SEED = 13  # new_game (tests/conftest.py) seeds this file's games with it
# Hexproof Bear, Shroud Bear and Bell of Decay are shared test cards (tests/conftest.py).
TEST_CARDS = [
    Card("Bell of Gloom", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", LoseLife("you", 2), whose="each"),)),
]

# --- helpers ---------------------------------------------------------------------------------


def assert_refused(game, action, rule, code):
    """``action`` raises IllegalActionError(rule, code) and the state is unchanged."""
    before = game.state.to_bytes()
    legal_before = game.legal_actions()
    decision_before = game.decision
    assert action not in legal_before
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule, str(err.value)
    assert err.value.code == E[code]
    assert game.state.to_bytes() == before
    assert game.legal_actions() == legal_before and game.decision == decision_before
    return err.value


# --- lands (505.5b, 305.1, 305.2) --------------------------------------------------------------

def test_505_5b_second_land_in_a_turn_is_refused(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    hand_lands = game.hand(0)
    game.play_land(hand_lands[0])
    assert_refused(game, Action.make(ActionKind.PLAY_LAND, hand_lands[1]), "505.5b", "E_LAND_LIMIT")
    assert hand_lands[1] in game.hand(0) and hand_lands[0] in game.battlefield(0)


def test_505_5b_land_in_upkeep_is_refused(new_game):
    game = new_game()
    assert game.step == Step.UPKEEP
    assert_refused(game, Action.make(ActionKind.PLAY_LAND, game.hand(0)[0]), "505.5b",
                   "E_LAND_TIMING")


def test_505_5b_land_in_opponents_turn_is_refused(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()
    assert game.priority_player == 0
    assert_refused(game, Action.make(ActionKind.PLAY_LAND, game.hand(0)[0]), "505.5b",
                   "E_LAND_TIMING")


def test_505_5b_land_with_a_spell_on_the_stack_is_refused(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    assert_refused(game, Action.make(ActionKind.PLAY_LAND, game.hand(0)[0]), "505.5b",
                   "E_LAND_TIMING")


def test_305_1_a_nonland_card_cant_be_played_as_a_land(new_game):
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.PLAY_LAND, bears), "305.1", "E_NOT_A_LAND")


def test_300_2a_an_artifact_land_cant_be_cast(new_game, lands):
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    den = game.create_card("Ancient Den", 0)
    game.pass_to(Step.MAIN, 0)
    err = assert_refused(game, Action.make(ActionKind.CAST, den), "300.2a, 305.9",
                         "E_LAND_NOT_CAST")
    assert "300.2a" in str(err)


def test_305_9_a_basic_land_cant_be_cast(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.CAST, game.hand(0)[0]), "300.2a, 305.9",
                   "E_LAND_NOT_CAST")


# --- timing (301.1, 302.1, 303.1, 307.1) -----------------------------------------------------

@pytest.mark.parametrize("name,lands_needed", [
    ("Grizzly Bears", ("Forest", "Forest")),
    ("Bonesplitter", ("Forest",)),
    ("Phyrexian Arena", ("Swamp", "Swamp", "Swamp")),
    ("Divination", ("Island", "Island", "Island")),
])
def test_sorcery_speed_spell_in_upkeep_is_refused(new_game, lands, name, lands_needed):
    game = new_game()
    lands(game, 0, *lands_needed)
    card = game.create_card(name, 0)
    assert game.step == Step.UPKEEP
    assert_refused(game, Action.make(ActionKind.CAST, card), SORCERY_RULE, "E_SORCERY_TIMING")


def test_302_1_creature_with_a_spell_on_the_stack_is_refused(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Forest", "Forest")
    bears = game.create_card("Grizzly Bears", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    assert_refused(game, Action.make(ActionKind.CAST, bears), SORCERY_RULE, "E_SORCERY_TIMING")


def test_307_1_sorcery_in_opponents_turn_is_refused(new_game, lands):
    game = new_game()
    lands(game, 0, "Island", "Island", "Island")
    div = game.create_card("Divination", 0)
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()
    assert game.priority_player == 0
    assert_refused(game, Action.make(ActionKind.CAST, div), SORCERY_RULE, "E_SORCERY_TIMING")


# --- costs (601.2h) ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,available", [
    ("Grizzly Bears", ("Forest",)),
    ("Kalonian Tusker", ("Forest", "Mountain")),
    ("Lightning Bolt", ("Forest", "Forest")),
    ("Hill Giant", ()),
])
def test_601_2h_unpayable_cost_is_refused(new_game, lands, name, available):
    game = new_game()
    lands(game, 0, *available)
    card = game.create_card(name, 0)
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.CAST, card), "601.2h", "E_CANT_PAY")


def test_601_2h_tapped_lands_dont_count(new_game, lands):
    game = new_game()
    f1, f2 = lands(game, 0, "Forest", "Forest")
    game.set_object(f2, tapped=1)
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.CAST, bears), "601.2h", "E_CANT_PAY")


# --- targets (601.2c, 115.1) ----------------------------------------------------------------

def test_601_2c_spell_without_any_legal_target_is_refused(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest")
    growth = game.create_card("Giant Growth", 0)
    game.create_card("Hexproof Bear", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.CAST, growth), "601.2c", "E_NO_TARGETS")


@pytest.fixture
def bolt_waiting_for_target(new_game, lands):
    """P0 has cast Lightning Bolt and must choose its target: (game, bolt, board)."""
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    board = {
        "hexproof": game.create_card("Hexproof Bear", 1, Zone.BATTLEFIELD),
        "shroud": game.create_card("Shroud Bear", 1, Zone.BATTLEFIELD),
        "land": game.create_card("Forest", 1, Zone.BATTLEFIELD),
        "graveyard": game.create_card("Grizzly Bears", 1, Zone.GRAVEYARD),
        "hand": game.create_card("Grizzly Bears", 1, Zone.HAND),
        "no such player": TGT_PLAYER + 2,
        "no such object": 3000,
    }
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt)
    assert game.decision.kind == Decision.TARGET
    return game, bolt, board


@pytest.mark.parametrize("what", ["hexproof", "shroud", "land", "graveyard", "hand",
                                  "no such player", "no such object"])
def test_115_1_601_2c_illegal_target_is_refused(bolt_waiting_for_target, what):
    game, bolt, board = bolt_waiting_for_target
    assert_refused(game, Action.make(ActionKind.TARGET, board[what]), "115.1, 601.2c",
                   "E_BAD_TARGET")
    # The spell can still be finished with a legal target.
    game.apply(Action.make(ActionKind.TARGET, TGT_PLAYER + 1))
    game.pass_priority()
    game.pass_priority()
    assert game.life(1) == 17


def test_115_1_giant_growth_cant_target_a_player(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest")
    growth = game.create_card("Giant Growth", 0)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(growth)
    assert_refused(game, Action.make(ActionKind.TARGET, TGT_PLAYER + 0), "115.1, 601.2c",
                   "E_BAD_TARGET")


def test_115_1_equip_cant_target_an_opponents_creature(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest")
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.activate(eq, 0)
    assert_refused(game, Action.make(ActionKind.TARGET, theirs), "115.1, 601.2c", "E_BAD_TARGET")


# --- objects that aren't the player's to use ----------------------------------------------

@pytest.mark.parametrize("where", ["opponent's hand", "battlefield", "graveyard", "library",
                                   "nonexistent"])
def test_601_2a_only_cards_in_your_hand_can_be_cast(new_game, lands, where):
    game = new_game()
    lands(game, 0, "Forest", "Forest")
    if where == "opponent's hand":
        o = game.create_card("Grizzly Bears", 1)
    elif where == "battlefield":
        o = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    elif where == "graveyard":
        o = game.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    elif where == "library":
        o = game.library(0)[-1]
    else:
        o = 4095
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.CAST, o), "601.2a", "E_NOT_IN_HAND")


def test_602_2_only_the_controller_can_activate_abilities(new_game, lands, mana_action):
    game = new_game()
    (theirs,) = lands(game, 1, "Forest")
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, mana_action(theirs, "G"), "602.2", "E_NOT_YOURS")


def test_602_2b_tapped_permanent_cant_pay_a_tap_cost(new_game, lands, mana_action):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    game.pass_to(Step.MAIN, 0)
    game.apply(mana_action(forest, "G"))
    assert_refused(game, mana_action(forest, "G"), "602.2b", "E_TAPPED")
    assert game.mana_pool(0) == {"G": 1}


def test_302_6_summoning_sick_creature_cant_tap(new_game, lands, mana_action):
    game = new_game()
    lands(game, 0, "Forest")
    elves = game.create_card("Llanowar Elves", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(elves)
    game.pass_priority()
    game.pass_priority()
    assert elves in game.battlefield(0)
    assert_refused(game, mana_action(elves, "G"), "302.6", "E_SICK")


def test_602_5d_equip_outside_sorcery_timing_is_refused(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest")
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert game.step == Step.UPKEEP
    assert_refused(game, Action.make(ActionKind.ACTIVATE, eq, 0), "602.5d", "E_ABILITY_TIMING")


def test_activating_an_ability_a_permanent_doesnt_have_is_refused(new_game, lands, mana_action):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    # Forest's only ability is a mana ability: not an ACTIVATE; Bears has none.
    assert_refused(game, Action.make(ActionKind.ACTIVATE, forest, 0), None, "E_BAD_ABILITY")
    assert_refused(game, Action.make(ActionKind.ACTIVATE, bears, 0), None, "E_BAD_ABILITY")
    assert_refused(game, mana_action(forest, "G", ability=3), None, "E_BAD_ABILITY")


def test_activating_an_ability_of_an_object_not_on_the_battlefield_is_refused(
        new_game, mana_action):
    game = new_game()
    forest = game.create_card("Forest", 0)
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, mana_action(forest, "G"), None, "E_BAD_OBJECT")


def test_605_mana_of_a_colour_the_ability_cant_make_is_refused(new_game, lands, mana_action):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, mana_action(forest, "R"), None, "E_BAD_CHOICE")


# --- actions of the wrong kind -------------------------------------------------------------

@pytest.mark.parametrize("kind", [ActionKind.TARGET, ActionKind.ORDER_TRIGGER,
                                  ActionKind.DISCARD, ActionKind.KEEP, ActionKind.MULLIGAN,
                                  ActionKind.BOTTOM, ActionKind.LEGEND_KEEP])
def test_action_of_the_wrong_kind_for_a_priority_decision_is_refused(new_game, kind):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    o = game.hand(0)[0]
    assert_refused(game, Action.make(kind, o), None, "E_WRONG_KIND")


@pytest.mark.parametrize("kind", [ActionKind.PASS, ActionKind.CAST, ActionKind.PLAY_LAND,
                                  ActionKind.LEGEND_KEEP])
def test_action_of_the_wrong_kind_for_a_target_decision_is_refused(bolt_waiting_for_target, kind):
    game, bolt, board = bolt_waiting_for_target
    assert_refused(game, Action.make(kind, game.hand(0)[0]), None, "E_WRONG_KIND")


def test_pass_or_cast_during_legend_rule_choice_is_refused(new_game):
    game = new_game()
    a = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    b = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.check_state_based_actions()
    assert game.decision.kind == Decision.LEGEND_RULE
    assert_refused(game, Action.make(ActionKind.PASS), None, "E_WRONG_KIND")
    assert_refused(game, Action.make(ActionKind.TARGET, a), None, "E_WRONG_KIND")
    # Keeping a permanent that is not one of the choices.
    assert_refused(game, Action.make(ActionKind.LEGEND_KEEP, theirs), None, "E_BAD_CHOICE")
    game.apply(Action.make(ActionKind.LEGEND_KEEP, a))
    assert b in game.graveyard(0) and theirs in game.battlefield(1)


def test_ordering_another_players_trigger_is_refused(new_game):
    game = new_game()
    game.create_card("Bell of Decay", 1, Zone.BATTLEFIELD)
    game.create_card("Bell of Gloom", 1, Zone.BATTLEFIELD)
    game.create_card("Bell of Decay", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    assert game.decision.kind == Decision.ORDER_TRIGGERS and game.decision.player == 1
    mine = {a.a for a in game.legal_actions()}
    other = next(i for i in range(3) if i not in mine)            # P0's pending trigger
    assert_refused(game, Action.make(ActionKind.ORDER_TRIGGER, other), None, "E_BAD_CHOICE")
    assert_refused(game, Action.make(ActionKind.ORDER_TRIGGER, 7), None, "E_BAD_CHOICE")
    assert_refused(game, Action.make(ActionKind.PASS), None, "E_WRONG_KIND")


def test_discarding_a_card_not_in_hand_is_refused(new_game):
    game = new_game()
    game.pass_until(lambda g: g.decision.kind == Decision.DISCARD)
    d = game.decision
    assert d.player == 1 and d.count == 1
    assert_refused(game, Action.make(ActionKind.DISCARD, game.battlefield()[0]
                                     if game.battlefield() else game.hand(0)[0]),
                   None, "E_BAD_CHOICE")
    assert_refused(game, Action.make(ActionKind.PASS), None, "E_WRONG_KIND")


def test_out_of_range_action_code_is_refused_as_illegal(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    before = game.state.to_bytes()
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.PASS, 0, 3000))
    assert game.state.to_bytes() == before


def test_pass_with_stray_operands_is_refused(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    assert_refused(game, Action.make(ActionKind.PASS, 5, 1), None, "E_BAD_CHOICE")


# --- the game is over (104.1) ------------------------------------------------------------------

@pytest.mark.parametrize("kind", [ActionKind.PASS, ActionKind.PLAY_LAND, ActionKind.CAST,
                                  ActionKind.KEEP])
def test_104_1_no_action_is_legal_after_the_game_is_over(new_game, kind):
    game = new_game()
    game.set_player(1, life=0)
    game.check_state_based_actions()
    assert game.is_over and game.decision is None and game.legal_actions() == []
    assert_refused(game, Action.make(kind, game.hand(0)[0]), "104.1", "E_GAME_OVER")


def test_104_1_no_action_after_a_concession(new_game):
    game = new_game()
    game.concede(0)
    assert game.is_over and game.result.winner == 1
    assert_refused(game, Action.make(ActionKind.PASS), "104.1", "E_GAME_OVER")


# --- a refused action leaves clones and saves identical --------------------------------------

def test_refused_actions_do_not_disturb_equality_hash_or_save(new_game, lands, mana_action):
    game = new_game()
    lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    copy = game.clone()
    saved = game.save()
    for action in (Action.make(ActionKind.CAST, bears), Action.make(ActionKind.TARGET, 0),
                   Action.make(ActionKind.PLAY_LAND, bears), mana_action(bears, "G")):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game == copy and hash(game) == hash(copy)
    assert game.save() == saved


# --- whole combat declarations take object ids, nothing else (508.1, 509.1, 510.1) -----------
# The three whole-declaration calls check every id once, before anything runs: a value
# that is not an int (or numpy integer) is a TypeError naming it (a bool too: True is not
# an object id), an int that is no object of the game (nor a player, where one is allowed)
# is IllegalActionError; either way the state is unchanged.

def _combat_positions():
    """(attackers decision, blockers decision, damage assignment decision) games and ids."""
    from combat_helpers import P1, TEST_CARDS as COMBAT_CARDS
    from mtg_core import Game
    g = Game(["bears", "bears"], seed=11, cards=COMBAT_CARDS, mulligans=False,
             starting_player=0)
    wurm = g.create_card("Test Wurm 5/6", 0, Zone.BATTLEFIELD)
    guard = g.create_card("Test Guard 0/3", 1, Zone.BATTLEFIELD)
    elves = g.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    while g.decision.kind != Decision.DECLARE_ATTACKERS:
        g.pass_priority()
    attackers = g.clone()
    g.declare_attackers({wurm: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    blockers = g.clone()
    g.declare_blockers({guard: wurm, elves: wurm})
    while g.decision.kind != Decision.ASSIGN_DAMAGE:
        g.apply(g.legal_actions()[0])
    return attackers, blockers, g, (wurm, guard, elves, P1)


_POSITIONS = []


def combat_positions():
    if not _POSITIONS:
        _POSITIONS.append(_combat_positions())
    return _POSITIONS[0]


def combat_calls(v):
    """Each whole-declaration call with ``v`` in each of its id / amount places."""
    attackers, blockers, damage, (wurm, guard, elves, p1) = combat_positions()
    return [
        (attackers, lambda g: g.declare_attackers({v: p1})),
        (attackers, lambda g: g.declare_attackers({wurm: v})),
        (attackers, lambda g: g.declare_attackers({wurm: p1}, bands=[[v]])),
        (blockers, lambda g: g.declare_blockers({v: wurm})),
        (blockers, lambda g: g.declare_blockers({guard: v})),
        (blockers, lambda g: g.declare_blockers({guard: [wurm, v]})),
        (damage, lambda g: g.assign_combat_damage(v, {guard: 3, elves: 2})),
        (damage, lambda g: g.assign_combat_damage(wurm, {v: 3, elves: 2})),
        (damage, lambda g: g.assign_combat_damage(wurm, {guard: v, elves: 2})),
    ]


@pytest.mark.parametrize("v", [120.0, 4001.9, float("nan"), float("inf"), "1", b"1", None, True,
                               False, 2 + 0j, {1: 2}])
def test_508_1_509_1_510_1_a_non_integer_id_is_a_type_error(v):
    for game, call in combat_calls(v):
        g = game.clone()
        before = g.save()
        with pytest.raises(TypeError, match=type(v).__name__):
            call(g)
        assert g.save() == before


@pytest.mark.parametrize("v", [-1, -2**31 - 1, 2**31, 2**40, 2**63, 10**30, 3999, 4002,
                               np.int64(2**40), np.int32(-5)])
def test_508_1_509_1_510_1_an_id_of_nothing_is_an_illegal_declaration(v):
    for game, call in combat_calls(v):
        g = game.clone()
        before = g.save()
        with pytest.raises(IllegalActionError):
            call(g)
        assert g.save() == before


def test_508_1_a_whole_declaration_takes_a_dict():
    attackers, blockers, damage, (wurm, guard, elves, p1) = combat_positions()
    for g, call in [(attackers, lambda g: g.declare_attackers([(wurm, p1)])),
                    (attackers, lambda g: g.declare_attackers({wurm: p1}, bands="ab")),
                    (blockers, lambda g: g.declare_blockers([(guard, wurm)])),
                    (damage, lambda g: g.assign_combat_damage(wurm, [(guard, 5)]))]:
        g = g.clone()
        before = g.save()
        with pytest.raises(TypeError):
            call(g)
        assert g.save() == before


ANYTHING = st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=4),
                     st.binary(max_size=4), st.none(), st.booleans(), st.complex_numbers(),
                     st.integers(-2**70, 2**70).map(lambda n: np.int64(n % 2**63)),
                     st.sampled_from([3999, 4000, 4001, 4002, -1, 0]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=ANYTHING)
def test_508_1_509_1_510_1_any_object_in_a_declaration_raises_only_documented_errors(v):
    for game, call in combat_calls(v):
        g = game.clone()
        before = g.save()
        try:
            call(g)
        except (TypeError, IllegalActionError):
            assert g.save() == before
        else:                                   # a legal declaration: only ints get here
            assert isinstance(v, (int, np.integer)) and not isinstance(v, bool)


# --- declarations (508.1c-d, 509.1b-c): what broke them, as fields --------------------------

def _refused_declaration(game, declare):
    from mtg_core import IllegalDeclarationError
    before = game.state.to_bytes()
    with pytest.raises(IllegalDeclarationError) as err:
        declare()
    assert game.state.to_bytes() == before
    assert isinstance(err.value, IllegalActionError)
    return err.value


def test_509_1c_a_whole_declaration_obeying_too_few_requirements_says_how_many():
    from combat_helpers import P1, combat_game, to_blockers
    g, (bear,), (eager, plain) = combat_game(["Grizzly Bears"], ["Test Eager Blocker", "Test Plain"])
    to_blockers(g, {bear: P1})
    err = _refused_declaration(g, lambda: g.declare_blockers({plain: bear}))
    assert (err.reason, err.rule) == ("requirements", "509.1c")
    assert (err.requirements_obeyed, err.requirements_max) == (0, 1)
    assert (err.count, err.maximum) == (0, 1)                     # the older names
    assert "obeys 0 of the maximum 1 requirements" in str(err)
    g.declare_blockers({eager: bear})


def test_509_1b_a_broken_restriction_names_the_creature_and_leaves_the_maximum_open():
    """Menace (702.110b) is a restriction: it is checked before the requirements, so the
    maximum is not known (None); the requirements obeyed are counted anyway."""
    from combat_helpers import P1, combat_game, to_blockers
    g, (menace,), (plain,) = combat_game(["Test Menace"], ["Test Plain"])
    to_blockers(g, {menace: P1})
    err = _refused_declaration(g, lambda: g.declare_blockers({plain: menace}))
    assert (err.reason, err.option, err.chooser) == ("option_min", menace, None)
    assert err.requirements_obeyed == 0 and err.requirements_max is None
    assert err.rule == "702.110b, 509.1b"


def test_508_1a_a_creature_that_cant_attack_is_named_with_what_it_would_attack():
    from combat_helpers import P1, combat_game
    g, (wall, bear), _ = combat_game(["Wall of Stone", "Grizzly Bears"])
    err = _refused_declaration(g, lambda: g.declare_attackers({bear: P1, wall: P1}))
    assert (err.reason, err.chooser, err.option) == ("not_allowed", wall, P1)
    err = _refused_declaration(g, lambda: g.apply(Action.attack(wall, P1)))      # one pair
    assert (err.reason, err.chooser, err.option, err.rule) == ("not_allowed", wall, P1, "508.1a-b")
    assert err.code == E["E_CANT_ATTACK"]


def test_509_1c_done_with_too_few_requirements_obeyed_says_how_many():
    """Declaring one pair at a time, "done" with the eager blocker not blocking is
    refused: the error says the requirement count (0 of 1), as the whole declaration's."""
    from combat_helpers import DONE, P1, combat_game, to_blockers
    g, (bear,), (eager, plain) = combat_game(["Grizzly Bears"], ["Test Eager Blocker", "Test Plain"])
    to_blockers(g, {bear: P1})
    g.apply(Action.block(plain, bear))
    err = _refused_declaration(g, lambda: g.apply(DONE))
    assert (err.reason, err.rule, err.code) == ("requirements", "509.1c", E["E_DECLARATION_ILLEGAL"])
    assert (err.requirements_obeyed, err.requirements_max) == (0, 1)


def test_508_1d_a_pair_no_legal_declaration_contains_is_named():
    """With "no more than one creature can attack" (Silent Arbiter) and Juggernaut
    ("attacks each combat if able"), the Bears attacking leaves no legal declaration."""
    from combat_helpers import P1, combat_game
    g, (jugg, bear), _ = combat_game(["Juggernaut", "Grizzly Bears"], ["Silent Arbiter"])
    err = _refused_declaration(g, lambda: g.apply(Action.attack(bear, P1)))
    assert (err.reason, err.chooser, err.option) == ("no_legal_declaration", bear, P1)
    assert err.requirements_obeyed is None and err.code == E["E_NO_LEGAL_DECLARATION"]
