"""Modal spells (700.2): the modes are chosen as the spell is cast (601.2b), each chosen
mode with its own targets (700.2a, 601.2c), a mode whose targets can't be chosen can't be
chosen, and the spell does what its chosen modes say in printed order.  Cryptic Command."""
import pytest

from mtg_core import Action, ActionKind, Card, Decision, IllegalActionError, Step, Zone
from mtg_core.cards import CardScriptError, Counter, Draw, Mode, SpellAbility
from mtg_core.game import CC_MODE

SEED = 11


def islands(game, p, n):
    return [game.create_card("Island", p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    while game.stack() and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def mode_choices(game):
    return [a.a for a in game.legal_actions()]


def test_700_2_cryptic_command_counter_and_bounce_each_with_its_own_target(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 6)
    islands(game, 1, 4)
    elemental = game.create_card("Air Elemental", 1, Zone.BATTLEFIELD)
    djinn = game.create_card("Mahamoti Djinn", 0)
    cryptic = game.create_card("Cryptic Command", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(djinn)
    game.pass_priority()
    game.apply(Action.make(ActionKind.CAST, cryptic))
    d = game.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_MODE and d.source == cryptic
    # "Choose two": a first mode leaves another to choose after it (printed order, 700.2)
    assert mode_choices(game) == [0, 1, 2]
    game.apply(Action.make(ActionKind.CHOOSE_MODE, 0))
    assert mode_choices(game) == [1, 2, 3]
    game.apply(Action.make(ActionKind.CHOOSE_MODE, 1))
    assert game.decision.kind == Decision.TARGET
    assert game.target_choices() == [djinn]               # mode 1: target spell
    game.apply(Action.make(ActionKind.TARGET, djinn))
    assert elemental in game.target_choices()              # mode 2: target permanent
    game.apply(Action.make(ActionKind.TARGET, elemental))
    resolve(game)
    assert game.graveyard(0) == [djinn]
    assert elemental in game.hand(1)
    assert [line for line in game.log if "mode" in line] == [
        f"Cryptic Command#{cryptic}: mode 1 chosen (700.2)",
        f"Cryptic Command#{cryptic}: mode 2 chosen (700.2)"]


def test_700_2_tap_and_draw_modes_need_no_targets(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 1, 4)
    attackers = [game.create_card("Air Elemental", 0, Zone.BATTLEFIELD) for _ in range(2)]
    cryptic = game.create_card("Cryptic Command", 1)
    game.pass_to(Step.BEGIN_COMBAT, 0)
    game.pass_priority()
    hand = len(game.hand(1))
    game.cast(cryptic, modes=(2, 3))
    assert game.stack()[0]["n_targets"] == 0
    resolve(game)
    assert all(game.obj(a)["tapped"] for a in attackers)
    assert len(game.hand(1)) == hand                       # drew one, cast Cryptic


def test_601_2c_a_mode_without_legal_targets_cant_be_chosen(new_game, can_cast):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 4)
    cryptic = game.create_card("Cryptic Command", 0)
    game.pass_to(Step.MAIN, 0)
    # no spell on the stack: "counter target spell" can't be chosen; the other three can
    game.apply(Action.make(ActionKind.CAST, cryptic))
    assert mode_choices(game) == [1, 2]
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.CHOOSE_MODE, 0))


def test_700_2_modal_scripts_are_checked_where_they_are_written():
    with pytest.raises(CardScriptError, match="Bad Charm: choose 3 of 2 modes"):
        Card("Bad Charm", "{U}", ("Instant",), abilities=(SpellAbility(
            modes=(Mode(Draw("you", 1)), Mode(Draw("you", 2))), choose=3),))
    with pytest.raises(CardScriptError, match="Bad Charm: .*effects and targets belong to its modes"):
        Card("Bad Charm", "{U}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 1), modes=(Mode(Draw("you", 1)), Mode(Draw("you", 2)))),))
    with pytest.raises(CardScriptError, match="Bad Charm: the chosen modes could have 3 targets"):
        Card("Bad Charm", "{U}", ("Instant",), abilities=(SpellAbility(choose=2, modes=(
            Mode(Counter("target"), targets=("spell",)),
            Mode(Counter("target"), Counter("target2"), targets=("spell", "spell")))),))
