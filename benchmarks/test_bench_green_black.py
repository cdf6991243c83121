"""Benchmarks of the green_black deck (tokens, removal, Garruk Wildspeaker): complete
random-vs-random games against every bundled deck (itself included) on one core, through
``mtg_core.play_random_games`` in batches.  The rate is stored in ``extra_info`` and printed
at the end of the run (see conftest.py); no thresholds."""
from __future__ import annotations

import pytest

from mtg_core import bundled_deck_names, play_random_games

pytest.importorskip("pytest_benchmark")

BATCH = 100


@pytest.mark.parametrize("opponent", sorted(bundled_deck_names()))
def test_green_black_games_per_second(benchmark, rates, opponent):
    seeds = iter(range(10**9))

    def batch():
        return play_random_games("green_black", opponent, BATCH, seed=next(seeds) * BATCH,
                                 max_turns=100)

    out = benchmark.pedantic(batch, rounds=5, iterations=1, warmup_rounds=1)
    assert out.shape == (BATCH, 3)
    assert set(out[:, 0].tolist()) <= {1, 2, 3}           # won, drawn or at the turn limit
    benchmark.extra_info["games_per_batch"] = BATCH
    benchmark.extra_info["mean_turns"] = float(out[:, 2].mean())
    if benchmark.stats is None:                           # --benchmark-disable
        return
    stats = benchmark.stats.stats
    benchmark.extra_info["games_per_s_mean"] = round(BATCH / stats.mean, 1)
    rates[f"green_black vs {opponent}, play_random_games"] = \
        f"{BATCH / stats.mean:>12,.0f} games/s mean  ({BATCH / stats.min:,.0f} best)"
