"""Combat benchmarks (pytest-benchmark; run by hand):

    python -m pytest benchmarks/test_bench_combat.py --benchmark-only -q

(a) the random bears mirror with combat: games/s on one core, with mean turns, decisions
    per game and the starting player's win rate in ``extra_info``;
(b) one legal-action query at a declare blockers decision with requirements (menace,
    "blocks each combat if able", Lure): the declaration search runs;
(c) a whole declaration validated at once (Game.declare_attackers on a clone).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtg_core import Game, play_random_games
from mtg_core.enums import Decision

pytest.importorskip("pytest_benchmark")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from combat_helpers import P1, combat_game, to_blockers  # noqa: E402

BATCH = 200


def _rate(benchmark, rates, name, per_call, unit):
    if benchmark.stats is None:
        return
    mean = per_call / benchmark.stats.stats.mean
    benchmark.extra_info[f"{unit}_per_s_mean"] = round(mean, 1)
    rates[name] = f"{mean:>12,.0f} {unit}/s mean"


def test_bears_mirror_with_combat_games_per_second(benchmark, rates):
    seeds = iter(range(10**9))

    def batch():
        return play_random_games("bears", "bears", BATCH, seed=next(seeds) * BATCH)

    out = benchmark.pedantic(batch, rounds=10, iterations=1, warmup_rounds=1)
    assert set(out[:, 0].tolist()) <= {1, 2}
    benchmark.extra_info["games_per_batch"] = BATCH
    # The statistics of one batch (seed 0), replayed game by game: game i of a batch is
    # Game(seed=seed + i) played by POL_RANDOM with game i's seat streams (policies.pxi).
    first = play_random_games("bears", "bears", BATCH, seed=0)
    decisions = wins = 0
    for i in range(BATCH):
        g = Game(["bears", "bears"], seed=i, log=False)
        start = g._h()["starting_player"]
        decisions += g.state.play_policies([0], 0, i)[0]      # POL_RANDOM, batch seed 0
        assert (int(g.state.result), g.turn) == (first[i, 0], first[i, 2])
        wins += g.result.winner == start
    benchmark.extra_info["mean_turns"] = float(first[:, 2].mean())
    benchmark.extra_info["decisions_per_game"] = decisions / BATCH
    benchmark.extra_info["starting_player_win_rate"] = wins / BATCH
    _rate(benchmark, rates, "(combat a) bears mirror with combat", BATCH, "games")


def test_declare_blockers_legal_actions_with_requirements(benchmark, rates):
    g, a, b = combat_game(["Test Menace", "Test Lure Beast", "Grizzly Bears", "Serra Angel"],
                          ["Test Eager Blocker", "Test Plain", "Grizzly Bears", "Giant Spider",
                           "Test Multi Blocker"])
    to_blockers(g, {o: P1 for o in a})
    assert g.decision.kind == Decision.DECLARE_BLOCKERS
    st = g.state
    benchmark(st.legal_actions)
    _rate(benchmark, rates, "(combat b) declare-blockers legal actions (search)", 1, "calls")


def test_whole_attack_declaration_validated(benchmark, rates):
    g, a, _ = combat_game(["Juggernaut", "Mogg Flunkies", "Mogg Flunkies", "Grizzly Bears"],
                          ["Grizzly Bears"])

    def run():
        c = g.clone()
        c.declare_attackers({o: P1 for o in a})

    benchmark(run)
    _rate(benchmark, rates, "(combat c) clone + whole attack declaration", 1, "calls")
