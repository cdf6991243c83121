"""The core's fixed-size tables: overflowing one stops the game as ABORTED, never as a
rules result, and never by dropping part of the game silently."""
import pytest

from mtg_core import CapacityError, Deck, Game, MtgError, Result, Step, Zone
from mtg_core.enums import TGT_PLAYER
from mtg_core._engine import constants

STACK_CAP = constants()["STACK_CAP"]


def test_a_full_stack_aborts_the_game_instead_of_losing_a_spell():
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Mountain")], seed=3,
                mulligans=False, starting_player=0, spare_objects=STACK_CAP + 1)
    game.pass_to(Step.MAIN, 0)
    shocks = [game.create_card("Shock", 0, Zone.HAND) for _ in range(STACK_CAP + 1)]
    game.set_player(0, mana_R=STACK_CAP + 1)
    for o in shocks[:STACK_CAP]:
        game.cast(o, TGT_PLAYER + 1)        # 117.3c: the caster keeps priority
    assert len(game.stack()) == STACK_CAP and not game.is_over
    game.cast(shocks[STACK_CAP])
    assert game.result.kind == Result.ABORTED
    assert game.result.winner is None and not game.result.finished
    assert any("aborted" in line for line in game.log)
    assert len(game.stack()) == STACK_CAP     # nothing half-moved
    assert game.zone(Zone.HAND, 0).count(shocks[STACK_CAP]) == 1


def test_the_object_table_has_the_room_asked_for_and_no_more():
    game = Game(["bears", "bears"], seed=1, mulligans=False, spare_objects=2)
    game.create_card("Shock", 0, Zone.HAND)
    game.create_card("Shock", 0, Zone.HAND)
    try:
        game.create_card("Shock", 0, Zone.HAND)
    except CapacityError as err:
        assert "full" in str(err)
    else:
        raise AssertionError("a third object fitted in a table with room for two")


@pytest.mark.parametrize("edit", [
    lambda g: g.set_object(0, attached_to=99_999),
    lambda g: g.set_object(0, controller=50),
    lambda g: g.set_player(0, mana_G=-1),
    lambda g: g.set_object(0, zone=3),
    lambda g: g.set_player(0, no_such_field=1),
])
def test_scenario_edits_that_would_corrupt_the_state_are_refused_and_undone(edit):
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    before = game.state.to_bytes()
    with pytest.raises(MtgError):
        edit(game)
    assert game.state.to_bytes() == before
