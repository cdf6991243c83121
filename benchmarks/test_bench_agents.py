"""Benchmarks of the agent interface: observation, clone, copy_into, rollouts.
Not part of CI; run them by hand:

    python -m pytest benchmarks/test_bench_agents.py --benchmark-only -q

Targets (docs/benchmarks.md): observation <= 2 us, clone <= 1 us, state <= 16 KB (two players, 60 cards).
"""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Game, _engine

pytest.importorskip("pytest_benchmark")


def _record(benchmark, rates: dict, name: str, per_call: float, unit: str) -> None:
    if benchmark.stats is None:          # --benchmark-disable: nothing was timed
        return
    stats = benchmark.stats.stats
    best = per_call / stats.min
    mean = per_call / stats.mean
    benchmark.extra_info[f"{unit}_per_s_mean"] = round(mean, 1)
    benchmark.extra_info[f"{unit}_per_s_best"] = round(best, 1)
    rates[name] = (f"{mean:>12,.0f} {unit}/s mean  ({best:,.0f} best; "
                   f"{1e6 * stats.min / per_call:.2f} us best)")


def _mid_game(decks=("bears", "bears"), turn: int = 5, seed: int = 7) -> Game:
    """A random game played to the first priority decision of ``turn``."""
    game = Game(list(decks), seed=seed, mulligans=False, log=False)
    i = 0
    while (game.turn < turn or game.state.decision[0] != _engine.D_PRIORITY) and not game.is_over:
        game.apply(game.state.random_action(i))
        i += 1
    assert not game.is_over
    return game


# --- observation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("turn", [5, 12])
def test_observation(benchmark, rates, turn):
    game = _mid_game(("bears", "red"), turn)
    st = game.state
    out = np.empty(st.observation_size(), np.float32)
    benchmark(st.observation, 0, out)
    shown = int(out[_engine.OBS_SHOWN])
    benchmark.extra_info["objects_shown"] = shown
    benchmark.extra_info["floats"] = int(out.size)
    _record(benchmark, rates, f"observation, turn {turn} ({shown} objects, {out.size} floats)",
            1, "observations")


# --- clone, copy_into, state bytes ------------------------------------------------------------------

# The tables grow as a game needs them (growth.pxi): a token deck's state is as small as a
# vanilla one until it makes tokens.
# (The green_black / red game of _mid_game's seed is over before turn 20.)
CASES = [(("bears", "bears"), 5), (("bears", "bears"), 20), (("red", "white"), 5),
         (("red", "white"), 20), (("green_black", "red"), 5), (("green_black", "red"), 12)]
CASE_IDS = [f"{turn}-{'-'.join(d)}" for d, turn in CASES]


@pytest.mark.parametrize("decks,turn", CASES, ids=CASE_IDS)
def test_clone(benchmark, rates, turn, decks):
    st = _mid_game(decks, turn=turn).state
    nbytes = len(st.to_bytes())
    benchmark.extra_info["state_bytes"] = nbytes
    copy = benchmark(st.clone)
    assert copy == st
    name = "/".join(decks)
    rates[f"state bytes per clone, {name} turn {turn}"] = f"{nbytes:>12,} bytes"
    _record(benchmark, rates, f"State.clone, {name} turn {turn}", 1, "clones")


@pytest.mark.parametrize("decks,turn", CASES, ids=CASE_IDS)
def test_copy_into(benchmark, rates, turn, decks):
    st = _mid_game(decks, turn=turn).state
    scratch = st.clone()
    benchmark(st.copy_into, scratch)
    assert scratch == st
    _record(benchmark, rates, f"State.copy_into, {'/'.join(decks)} turn {turn}", 1, "copies")


# --- rollouts: clone + playout to the end from turn 5 (the MCTS inner loop) ------------------------

ROLLOUTS = 200


@pytest.mark.parametrize("decks", [("bears", "bears"), ("red", "white")], ids=["bears", "red-white"])
@pytest.mark.parametrize("policy", [_engine.POL_RANDOM, _engine.POL_HEURISTIC],
                         ids=["random", "heuristic"])
def test_rollouts_from_turn_5(benchmark, rates, decks, policy):
    st = _mid_game(decks, turn=5).state
    seeds = iter(range(10**9))
    out = benchmark.pedantic(lambda: st.rollouts(ROLLOUTS, policy, seed=next(seeds)),
                             rounds=5, iterations=1, warmup_rounds=1)
    assert out["result"].shape == (ROLLOUTS,)
    benchmark.extra_info["mean_turns"] = float(out["turns"].mean())
    benchmark.extra_info["mean_decisions"] = float(out["decisions"].mean())
    name = "random" if policy == _engine.POL_RANDOM else "heuristic"
    _record(benchmark, rates, f"rollouts from turn 5, {'/'.join(decks)}, {name}", ROLLOUTS,
            "games")
