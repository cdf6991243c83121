"""Readable output: reprs and the printed board never raise and stay short whatever the
values they show (a repr is what a debugger or an error message prints)."""
import pytest

from mtg_core import Action, ActionKind, Game


@pytest.mark.parametrize("code", [0, 12, 255, 256 + 255, -1, -(2 ** 40), 2 ** 31 - 1, 2 ** 40, 10 ** 30])
def test_action_repr_never_raises_and_is_truthful(code):
    """An int that is not one of the core's action codes is shown as the raw code; a code
    the core makes is shown by kind and operands, and the text rebuilds the same action."""
    text = repr(Action(code))
    assert text.startswith("Action(") and len(text) < 60
    kind = code & 255
    if kind in ActionKind._value2member_map_ and code == Action.make(kind, (code >> 8) & 4095,
                                                                     (code >> 20) & 4095).code:
        assert text == f"Action({ActionKind(kind).name}, {(code >> 8) & 4095}, {(code >> 20) & 4095})"
    else:
        assert text == f"Action(code={code})"


def test_action_repr_of_real_actions_names_kind_and_operands():
    assert repr(Action.make(ActionKind.CAST, 5, 7)) == "Action(CAST, 5, 7)"
    assert repr(Action.make(ActionKind.PASS)) == "Action(PASS, 0, 0)"


def test_describe_of_an_unknown_kind_falls_back_to_the_repr():
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    assert Action(255).describe(game) == "Action(code=255)"


def test_printed_board_is_bounded_whatever_the_mana_pool():
    """A pool of a million red mana is shown as a count, not as a million symbols; a small
    pool is still shown symbol by symbol."""
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    game.set_player(0, mana_R=10 ** 6, mana_G=2)
    game.set_player(1, mana_C=123456)
    text = str(game)
    assert len(text) < 2000
    assert "pool R×1000000GG" in text and "pool C×123456" in text


def test_613_a_land_that_is_a_creature_now_shows_its_power_and_toughness():
    """Kormus Bell makes Swamps 1/1 creatures (layer 4 and 7b): the printed board shows
    the Swamp's power and toughness like a creature's; a Forest it doesn't animate has none."""
    from mtg_core import Zone
    game = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
    swamp = game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    forest = game.create_card("Forest", 0, Zone.BATTLEFIELD)
    assert f"Swamp [#{swamp}]" in str(game)
    game.create_card("Kormus Bell", 1, Zone.BATTLEFIELD)
    text = str(game)
    assert f"Swamp 1/1 [#{swamp}]" in text and f"Forest [#{forest}]" in text


def test_action_attack_and_block_take_the_creature_first():
    """508.1a / 509.1a: Action.attack(creature, what) and Action.block(blocker, attacker)
    name the creature first; their codes are the core's (ATTACK: a = what it attacks),
    so Action.make with the old order still makes the same action; .pair reads it back."""
    P1 = Game.player_target(1)
    assert Action.attack(5, P1) == Action.make(ActionKind.ATTACK, P1, 5)
    assert Action.block(6, 5) == Action.make(ActionKind.BLOCK, 6, 5)
    assert Action.attack(5, P1).pair == (5, P1) and Action.block(6, 5).pair == (6, 5)
    assert Action.make(ActionKind.PASS).pair is None
