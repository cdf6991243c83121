"""examples/mcts.py: a small determinized UCT over core playouts (State.rollouts) beats the
uniform random policy in the bears mirror and in red vs white, even with a small budget.
(The example's own run, with more games and iterations, prints the win rate.)"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "mcts.py"


@pytest.fixture(scope="module")
def mcts():
    if not EXAMPLE.exists():
        pytest.skip(f"{EXAMPLE} is not here (an installed wheel has no examples)")
    spec = importlib.util.spec_from_file_location("mcts_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("decks", [("bears", "bears"), ("red", "white")])
def test_small_mcts_beats_random(mcts, decks):
    """16 iterations x 2 playouts per decision, 6 games (seats alternate): MCTS wins at
    least twice as many games as random does, and more than half of them."""
    r = mcts.match(decks, games=6, iterations=16, seed=1)
    assert r["mcts_wins"] >= 2 * r["random_wins"] and r["mcts_wins"] > r["games"] / 2, r


def test_search_never_reads_hidden_information(mcts):
    """The searcher's choice depends only on what it can see: two states that differ only
    in the opponent's hand and the libraries (determinize) get the same decision from the
    same searcher seed."""
    from mtg_core import Game
    from mtg_core.enums import Result
    game = Game(["bears", "bears"], seed=11, mulligans=False, log=False)
    st = game.state
    k = 0
    while st.turn < 4 and st.result == Result.ONGOING:
        st.apply(int(st.random_action(k)))
        k += 1
    while len(mcts.MCTS._legal(st)) < 2:
        st.apply(int(st.random_action(k)))
        k += 1
    me = int(st.decision[1])
    other = st.determinize(me, 99)
    a = mcts.MCTS(iterations=20, seed=5).choose(st)
    b = mcts.MCTS(iterations=20, seed=5).choose(other)
    assert a == b
