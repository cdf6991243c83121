"""A whole game runs from the public API (104: the game ends with a winner or a draw)."""
from mtg_core import Game, Result


def test_random_bears_mirror_finishes_with_a_result():
    game = Game(["bears", "bears"], seed=11)
    result = game.play_random(seed=5)
    assert result.kind in (Result.WIN, Result.DRAW)
    assert game.is_over and game.decision is None


def test_print_shows_turn_life_and_battlefields():
    game = Game(["gruul", "white_weenie"], seed=2, mulligans=False)
    text = str(game)
    assert "Turn 1" in text and "life 20" in text


# --- driving a game by hand: pass_until / pass_to stop as soon as they can't succeed -----------

import pytest                                                         # noqa: E402

from mtg_core import Action, ActionKind, Deck, Decision, MtgError, PassUntilError, Step, Zone  # noqa: E402


def _blocker_declaration(g):
    return g.decision.kind == Decision.DECLARE_BLOCKERS


def test_pass_until_704_5b_a_game_that_ends_first_raises_game_over():
    """Waiting for a blocker declaration that never comes (nobody attacks) used to play
    the game to its end and fail inside the condition on ``decision is None``; now the
    game ending (704.5b: P1 draws from an empty library) raises PassUntilError."""
    g = Game([Deck.parse("60 Forest"), Deck.parse("8 Forest")], seed=1, mulligans=False,
             starting_player=0)
    with pytest.raises(PassUntilError) as err:
        g.pass_until(_blocker_declaration)
    assert err.value.reason == "game_over" and g.is_over and g.result.winner == 0
    assert isinstance(err.value, MtgError)
    assert g.pass_until(lambda g: g.is_over) is None                  # a condition on the end holds


def test_pass_until_bounded_to_a_turn_raises_as_soon_as_the_turn_ends():
    g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    with pytest.raises(PassUntilError) as err:
        g.pass_until(_blocker_declaration, turn=1)
    assert err.value.reason == "turn_over" and g.turn == 2             # stopped at turn 2's start
    # 508.1: it declared no attackers for P0 by default, and says so
    (d, a), = err.value.answered
    assert d.kind == Decision.DECLARE_ATTACKERS and a == Action.make(ActionKind.DECLARE_DONE)
    assert g.answered_by_default == err.value.answered
    assert g.is_attacking(bear) is False
    with pytest.raises(PassUntilError) as err:                       # turn 1 is over already
        g.pass_to(Step.MAIN, turn=1)
    assert err.value.reason == "turn_over" and err.value.answered == []


def test_pass_until_stops_at_a_decision_without_a_default_and_at_its_limit():
    g = Game(["bears", "bears"], seed=1)                              # mulligans: 103.5
    with pytest.raises(PassUntilError) as err:
        g.pass_until(lambda g: g.step == Step.MAIN)
    assert err.value.reason == "decision" and g.decision.kind == Decision.MULLIGAN
    g = Game(["bears", "bears"], seed=1, mulligans=False)
    with pytest.raises(PassUntilError) as err:
        g.pass_until(lambda g: False, limit=3)
    assert err.value.reason == "limit"


def test_pass_to_510_1_reports_the_combat_damage_it_assigned_by_default():
    """A bear blocked by two creatures: passing to the end of combat takes the default
    damage assignment order (509.2) and lists it."""
    g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    b1, b2 = (g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD) for _ in range(2))
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    assert g.answered_by_default == []
    g.declare_attackers({bear: g.player_target(1)})
    g.pass_until(_blocker_declaration, turn=g.turn)
    g.declare_blockers({b1: bear, b2: bear})
    g.pass_to(Step.END_COMBAT)
    (d, a), = [(d, a) for d, a in g.answered_by_default if d.kind == Decision.DAMAGE_ORDER]
    assert d.source == bear and a.kind == ActionKind.ORDER_BLOCKER and a.a in (b1, b2)
