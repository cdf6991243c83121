"""Random games per second of the bundled decks (pytest-benchmark), one core:

    python -m pytest benchmarks/test_bench_decks.py --benchmark-only -q

(a) red vs white (data/red.txt, data/white.txt): prowess and cast triggers, protection,
    exile, the library search decision, attack triggers;
(b) every pair of bundled decks (each deck against each, mirrors included).

The machine these run on may be shared: compare the rates of one run with each other (the
bears mirror of test_bench_engine.py is the usual yardstick), not with other runs.
"""
from __future__ import annotations

import itertools

import pytest

from mtg_core import play_random_games
from mtg_core.decks import bundled_deck_names

pytest.importorskip("pytest_benchmark")

BATCH = 200


def _run(benchmark, rates, a: str, b: str, label: str) -> None:
    seeds = iter(range(10**9))

    def batch():
        return play_random_games(a, b, BATCH, seed=next(seeds) * BATCH)

    out = benchmark.pedantic(batch, rounds=10, iterations=1, warmup_rounds=1)
    assert set(out[:, 0].tolist()) <= {1, 2}              # every game won or drawn
    benchmark.extra_info["games_per_batch"] = BATCH
    benchmark.extra_info["mean_turns"] = float(out[:, 2].mean())
    if benchmark.stats is None:                           # --benchmark-disable
        return
    stats = benchmark.stats.stats
    benchmark.extra_info["games_per_s_mean"] = round(BATCH / stats.mean, 1)
    rates[label] = f"{BATCH / stats.mean:>12,.0f} games/s mean  ({BATCH / stats.min:,.0f} best)"


def test_red_vs_white_games_per_second(benchmark, rates):
    _run(benchmark, rates, "red", "white", "(a) red vs white, play_random_games")


@pytest.mark.parametrize("a,b", list(itertools.combinations_with_replacement(bundled_deck_names(), 2)),
                         ids=lambda x: x)
def test_bundled_deck_pair_games_per_second(benchmark, rates, a, b):
    _run(benchmark, rates, a, b, f"(b) {a} vs {b}")
