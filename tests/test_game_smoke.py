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
