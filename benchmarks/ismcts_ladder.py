"""The ISMCTS search player measured: speed per budget and a strength ladder.

Run by hand from the repository root (a release build: ``pip install .`` or
``python setup.py build_ext --inplace`` without MTG_CORE_OPT)::

    python benchmarks/ismcts_ladder.py speed                      # decisions/s, iterations/s, memory
    python benchmarks/ismcts_ladder.py ladder --games 40 --workers 2
    python benchmarks/ismcts_ladder.py ladder --decks gruul red --budgets 10 30 90 --params bias=3

``speed`` searches positions from real games (random moves into a game of each deck's
mirror) at each budget, on 1 and 2 threads, and prints milliseconds per decision,
iterations per second and the largest tree.  ``ladder`` plays a round robin among
``random``, ``heuristic`` and ``ismcts`` at each budget on each deck's mirror, every
pairing with the seats swapped in half the games, and prints a markdown table of win
rates with Wilson 95 % intervals and Elo ratings (Bradley-Terry by maximum likelihood,
``random`` anchored at 0) with their standard errors.  Draws and unfinished games count
half a win to each side.  docs/agents.md, "ISMCTS", holds a run's tables.
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mtg_core import Game, _engine  # noqa: E402
from mtg_core.decks import bundled_deck_names  # noqa: E402
from mtg_core.policies import parse_policy, play_games  # noqa: E402
from mtg_core.simulation.result import wilson_interval  # noqa: E402

C = _engine.constants()


# --- speed --------------------------------------------------------------------------------------

def positions(deck: str, n: int, seed: int) -> list:
    """``n`` states of ``deck``'s mirror some random moves in, each at a decision with a choice."""
    out = []
    rng = np.random.default_rng(seed)
    k = 0
    while len(out) < n:
        g = Game([deck, deck], seed=seed + k, log=False)
        st = g.state
        moves = int(rng.integers(20, 200))
        for _ in range(moves):
            if st.result != 0:
                break
            acts = st.legal_actions()
            st.apply(int(acts[rng.integers(len(acts))]))
        k += 1
        if st.result == 0 and int(((st.legal_actions() & 255) != C["A_ACTIVATE_MANA"]).sum()) >= 2:
            out.append(st)
    return out


def speed(args) -> None:
    print("| deck | budget | rollout | threads | ms / decision | decisions / s | iterations / s | "
          "largest tree (nodes) | memory per tree |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for deck in args.decks:
        states = positions(deck, args.positions, args.seed)
        for budget, rollout, threads in itertools.product(args.budgets, args.rollouts, args.threads):
            extra = f",{args.params}" if args.params else ""
            spec = parse_policy(f"ismcts:iters={budget},rollout={rollout},threads={threads}{extra}")
            t0 = time.perf_counter()
            iters = 0
            largest = 0
            mem = 0
            for i, st in enumerate(states):
                out = st.ismcts(seed=i, search=spec.search)
                iters += out["iterations"]
                largest = max(largest, out["max_tree_nodes"])
                mem = max(mem, out["bytes"] // threads)
            dt = time.perf_counter() - t0
            print(f"| {deck} | {budget} | {rollout} | {threads} | {1000 * dt / len(states):.1f} | "
                  f"{len(states) / dt:.1f} | {iters / dt:,.0f} | {largest:,} | {mem / 1024:,.0f} KiB |",
                  flush=True)


# --- the ladder ---------------------------------------------------------------------------------

def _play(task):
    deck, a, b, games, seed, max_turns = task
    t0 = time.perf_counter()
    out = play_games([deck, deck], games, seed=seed, policies=[a, b], max_turns=max_turns)
    w = out["winner"]
    return (deck, a, b, int((w == 0).sum()), int((w == 1).sum()), games,
            int(out["decisions"].sum()), time.perf_counter() - t0)


def elo(players, score):
    """Bradley-Terry ratings by Newton's method on score[i][j] (points of i against j) and
    n[i][j] (games), ``players[0]`` anchored at 0; returns (ratings, standard errors) in Elo."""
    k = len(players)
    s = np.array([[score[i][j][0] for j in range(k)] for i in range(k)], dtype=float)
    n = np.array([[score[i][j][1] for j in range(k)] for i in range(k)], dtype=float)
    s = np.clip(s, 0.5 * (n > 0), None)                  # a half point of prior per pairing played
    s = np.minimum(s, n - 0.5 * (n > 0))
    r = np.zeros(k)
    for _ in range(100):
        p = 1 / (1 + np.exp(r[None, :] - r[:, None]))
        g = (s - n * p).sum(axis=1)
        h = -(n * p * (1 - p))
        hess = np.diag(h.sum(axis=1)) - h
        hess = -hess
        step = np.zeros(k)
        step[1:] = np.linalg.solve(hess[1:, 1:] + 1e-9 * np.eye(k - 1), g[1:])
        r += step
        if np.abs(step).max() < 1e-9:
            break
    p = 1 / (1 + np.exp(r[None, :] - r[:, None]))
    h = n * p * (1 - p)
    info = np.diag(h.sum(axis=1)) - h
    cov = np.zeros((k, k))
    cov[1:, 1:] = np.linalg.inv(info[1:, 1:] + 1e-9 * np.eye(k - 1))
    scale = 400 / math.log(10)
    return r * scale, np.sqrt(np.diag(cov)) * scale


def ladder(args) -> None:
    extra = f",{args.params}" if args.params else ""
    players = ["random", "heuristic"] + [f"ismcts:iters={b},rollout={args.rollout}{extra}"
                                         for b in args.budgets]
    half = args.games // 2
    tasks = []
    for deck in args.decks:
        for i, j in itertools.combinations(range(len(players)), 2):
            tasks.append((deck, players[i], players[j], half, args.seed, args.max_turns))
            tasks.append((deck, players[j], players[i], half, args.seed + 10**6, args.max_turns))
    score = {d: [[[0.0, 0] for _ in players] for _ in players] for d in args.decks + ["all"]}
    search_time = {p: [0.0, 0] for p in players}
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for deck, a, b, wa, wb, n, decisions, dt in pool.map(_play, tasks):
            i, j = players.index(a), players.index(b)
            rest = (n - wa - wb) / 2
            for d in (deck, "all"):
                score[d][i][j][0] += wa + rest
                score[d][i][j][1] += n
                score[d][j][i][0] += wb + rest
                score[d][j][i][1] += n
            for p in (a, b):
                if p.startswith("ismcts") and not (a.startswith("ismcts") and b.startswith("ismcts")):
                    search_time[p][0] += dt
                    search_time[p][1] += decisions / 2
    print(f"round robin, {args.games} games a pairing and mirror (seats swapped), "
          f"{time.perf_counter() - t0:.0f} s\n")
    for d in args.decks + ["all"]:
        print(f"**{d}**\n")
        print("| player | " + " | ".join(f"vs {q}" for q in players) + " |")
        print("|---|" + "---:|" * len(players))
        for i, p in enumerate(players):
            cells = []
            for j in range(len(players)):
                pts, n = score[d][i][j]
                if i == j or n == 0:
                    cells.append("")
                    continue
                lo, hi = wilson_interval(round(pts), n)
                cells.append(f"{pts / n:.0%} [{lo:.0%}, {hi:.0%}]")
            print(f"| {p} | " + " | ".join(cells) + " |")
        print()
    r, se = elo(players, score["all"])
    print("| player | Elo (random = 0) | ± s.e. |")
    print("|---|---:|---:|")
    for p, x, e in sorted(zip(players, r, se), key=lambda t: -t[1]):
        print(f"| {p} | {x:.0f} | {e:.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--decks", nargs="+", default=["gruul", "blue_control"])
    s.add_argument("--budgets", nargs="+", type=int, default=[25, 100, 400])
    s.add_argument("--rollouts", nargs="+", default=["random", "heuristic"])
    s.add_argument("--params", default="bias=3", help="more ismcts parameters")
    s.add_argument("--threads", nargs="+", type=int, default=[1, 2])
    s.add_argument("--positions", type=int, default=20)
    s.add_argument("--seed", type=int, default=1)
    s.set_defaults(func=speed)
    l = sub.add_parser("ladder")
    l.add_argument("--decks", nargs="+", default=sorted(bundled_deck_names()))
    l.add_argument("--budgets", nargs="+", type=int, default=[10, 40, 160])
    l.add_argument("--rollout", default="heuristic")
    l.add_argument("--params", default="bias=3", help="more ismcts parameters, e.g. bias=3,decay=0.99")
    l.add_argument("--games", type=int, default=40)
    l.add_argument("--max-turns", type=int, default=40)
    l.add_argument("--workers", type=int, default=2)
    l.add_argument("--seed", type=int, default=1)
    l.set_defaults(func=ladder)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
