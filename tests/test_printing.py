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
