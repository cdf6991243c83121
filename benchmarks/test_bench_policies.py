"""Policy benchmarks (pytest-benchmark; run by hand):

    python -m pytest benchmarks/test_bench_policies.py --benchmark-only -q

Games per second on one core of ``play_games`` with both seats on the random policy and
both on the heuristic (bears mirror, red vs white), and the heuristic's win rate against
random in ``extra_info`` (both seat orders).
"""
from __future__ import annotations

import pytest

from mtg_core.policies import play_games

pytest.importorskip("pytest_benchmark")

BATCH = 400


@pytest.mark.parametrize("decks", [("bears", "bears"), ("red", "white")], ids=["bears", "red-white"])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_play_games_per_second(benchmark, rates, decks, policy):
    seeds = iter(range(10**9))

    def batch():
        return play_games(list(decks), BATCH, seed=next(seeds) * BATCH, policies=policy)

    out = benchmark.pedantic(batch, rounds=5, iterations=1, warmup_rounds=1)
    assert len(out["winner"]) == BATCH
    benchmark.extra_info["games_per_batch"] = BATCH
    benchmark.extra_info["mean_turns"] = float(out["turns"].mean())
    benchmark.extra_info["decisions_per_game"] = float(out["decisions"].mean())
    if policy == "heuristic":
        h0 = play_games(list(decks), BATCH, seed=1, policies=("heuristic", "random"))
        h1 = play_games(list(decks), BATCH, seed=1, policies=("random", "heuristic"))
        benchmark.extra_info["heuristic_vs_random_win_rate"] = \
            float(((h0["winner"] == 0).sum() + (h1["winner"] == 1).sum()) / (2 * BATCH))
    if benchmark.stats is not None:
        mean = BATCH / benchmark.stats.stats.mean
        rates[f"play_games {'-'.join(decks)}, {policy} vs {policy}"] = f"{mean:>12,.0f} games/s mean"
