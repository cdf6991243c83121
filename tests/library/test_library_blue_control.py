"""The blue_control deck (mtg_core/data/blue_control.txt): a legal constructed deck
(100.2a) of real cards written in the card language, whose random games against every
bundled deck end without an aborted game -- counterspells, modes, X, flashback, cycling
and tokens all reached -- and whose saved states load (every invariant of the state)."""
import pytest

from mtg_core import (DEFAULT_CARDS, Game, Result, bundled_deck, bundled_deck_names,
                      play_random_games)
from mtg_core import _engine

C = _engine.constants()


def test_100_2a_blue_control_is_a_legal_constructed_deck_of_library_cards():
    deck = bundled_deck("blue_control")
    assert len(deck) == 60
    deck.check_constructed(DEFAULT_CARDS)
    names = set(deck.card_names())
    assert {"Counterspell", "Mana Leak", "Cryptic Command", "Stroke of Genius", "Think Twice",
            "Hieroglyphic Illumination", "Sailor of Means", "Talrand's Invocation"} <= names
    colors = {c for n in names for c, k in zip("WUBRG", DEFAULT_CARDS[n].cost.pips) if k}
    assert colors == {"U"}


@pytest.mark.parametrize("opponent", sorted(set(bundled_deck_names()) - {"blue_control"}))
def test_random_games_of_blue_control_end_without_aborting(opponent):
    out = play_random_games("blue_control", opponent, 100, seed=17, max_turns=60)
    assert len(out) == 100
    assert C["R_ABORTED"] not in set(out[:, 0].tolist())
    assert set(out[:, 0].tolist()) <= {C["R_WIN"], C["R_DRAW"], C["R_UNFINISHED"]}


def test_random_blue_control_games_reach_every_new_feature_and_their_states_load():
    """Logged games: the events of each feature appear, and a saved state taken at the
    first decision of each new kind loads (Game.load checks every invariant)."""
    lines, decisions = [], set()
    for seed in range(8):
        game = Game(["blue_control", "blue_control"], seed=seed, max_turns=30)
        k = 0
        while not game.is_over:
            kind, _, _ = game.state.decision
            if kind in (C["D_CAST_CHOICE"], C["D_PAY_UNLESS"]) and kind not in decisions:
                decisions.add(kind)
                assert Game.load(game.save()) == game
            k += 1
            game.state.apply(game.state.random_action(seed * 100003 + k))
        assert game.result.kind != Result.ABORTED
        lines += game.log
    assert decisions == {C["D_CAST_CHOICE"], C["D_PAY_UNLESS"]}
    text = "\n".join(lines)
    for event in ("is countered (701.5a)", "(701.5)", "chosen (700.2)", "(107.3)",
                  "is exiled (702.34a flashback)", "cycles", "creates a Treasure#",
                  "creates a Clue#", "creates a Drake#", "returns to its owner's hand"):
        assert event in text, event
