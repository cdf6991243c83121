"""Declaration search benchmarks (508.1c-d, 509.1b-c; pytest-benchmark, not part of CI):

    python -m pytest benchmarks/test_bench_combat_search.py --benchmark-only -q

Boards are :func:`mtg_core.combat_search.random_board` problems (mixed evasion, menace,
"can't be blocked by more than one", Lure, "must be blocked", "blocks/attacks each combat
if able", multi-blockers, "can't ... alone", costs, global and per-player caps), 2x2 to
16x16 creatures, plus swarms of identical tokens.  Each benchmark cycles through
``BOARDS`` boards of one size (seeds 0..), so its median is over boards, not one lucky
board.  Calls go to the compiled wrapper with precomputed bitsets (what the combat phase
will do in C minus a Python call).  The summary at the end lists the medians in us.

* validate (cached MAX): one legal declaration checked against the kept maximum;
* validate (uncached): the maximum is forgotten first, so the branch and bound runs;
* step: the legal next choices from the empty declaration (MAX kept);
* count: the counting DP from scratch (MAX kept);
* sample: one uniform legal declaration (DP kept);
* oracle: the brute force of the tests, where it finishes.
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from mtg_core.combat_search import (BLOCKERS, ATTACKERS, Chooser, DeclarationProblem, MustChoose,
                                    Option, random_board)

pytest.importorskip("pytest_benchmark")

BOARDS = 16
SIZES = [2, 4, 8, 10, 16]
CASES = ([(n, BLOCKERS, False) for n in SIZES] + [(n, ATTACKERS, False) for n in SIZES]
         + [(16, BLOCKERS, True), (16, ATTACKERS, True)])


def _id(case):
    n, kind, swarm = case
    return f"{n}x{n}-{kind}{'-swarm' if swarm else ''}"


def _boards(n, kind, swarm):
    """BOARDS boards that have requirements (the interesting case for 508.1d / 509.1c),
    each with a legal declaration to validate."""
    out = []
    seed = 0
    while len(out) < BOARDS:
        p = random_board(seed, n, n, kind, swarm=swarm)
        seed += 1
        if not p.requirements:
            continue
        s = p.search
        out.append((s, s.sample(seed)))
    return out


def _median_us(benchmark, rates, name):
    if benchmark.stats is None:
        return
    med = benchmark.stats.stats.median * 1e6
    benchmark.extra_info["median_us"] = round(med, 2)
    rates[name] = f"{med:>12,.2f} us median"


def _cycler(items):
    it = itertools.cycle(items)
    return lambda: next(it)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_validate_cached(benchmark, rates, case):
    boards = _boards(*case)
    for s, d in boards:
        s.max_requirements()
    nxt = _cycler(boards)

    def run():
        s, d = nxt()
        return s.validate(d)

    assert all(s.validate(d)[0] == 0 for s, d in boards)
    benchmark.pedantic(run, rounds=2000, iterations=1, warmup_rounds=50)
    _median_us(benchmark, rates, f"validate, MAX cached   {_id(case)}")


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_validate_uncached(benchmark, rates, case):
    boards = _boards(*case)
    nxt = _cycler(boards)

    def run():
        s, d = nxt()
        s.forget_max()
        return s.validate(d)

    benchmark.pedantic(run, rounds=1000 if case[0] < 16 else 200, iterations=1, warmup_rounds=16)
    _median_us(benchmark, rates, f"validate, MAX uncached {_id(case)}")


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_step_from_empty(benchmark, rates, case):
    boards = _boards(*case)
    for s, _ in boards:
        s.max_requirements()
    nxt = _cycler(boards)
    empty = {id(s): [0] * s.n_choosers for s, _ in boards}

    def run():
        s, _ = nxt()
        return s.step(empty[id(s)])

    benchmark.pedantic(run, rounds=400 if case[0] < 16 else 64, iterations=1, warmup_rounds=16)
    _median_us(benchmark, rates, f"step (empty)           {_id(case)}")


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_count(benchmark, rates, case):
    boards = _boards(*case)
    for s, _ in boards:
        s.max_requirements()
    nxt = _cycler(boards)

    def run():
        s, _ = nxt()
        s.forget_counts()
        return s.count()

    benchmark.pedantic(run, rounds=400 if case[0] < 16 else 64, iterations=1, warmup_rounds=16)
    _median_us(benchmark, rates, f"count (DP from scratch) {_id(case)}")


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_sample(benchmark, rates, case):
    boards = _boards(*case)
    for s, _ in boards:
        s.count()
    nxt = _cycler(boards)
    seeds = itertools.count()

    def run():
        s, _ = nxt()
        return s.sample(next(seeds))

    benchmark.pedantic(run, rounds=2000, iterations=1, warmup_rounds=50)
    _median_us(benchmark, rates, f"sample                 {_id(case)}")


def test_sample_big_swarm(benchmark, rates):
    """16 identical blockers that must block, against 16 identical menace attackers."""
    p = DeclarationProblem([Chooser("Saproling") for _ in range(16)],
                           [Option("menace Goblin", min_choosers=2) for _ in range(16)],
                           kind=BLOCKERS, requirements=[MustChoose(c) for c in range(16)])
    s = p.search
    seeds = itertools.count()
    s.count()
    benchmark.pedantic(lambda: s.sample(next(seeds)), rounds=1000, iterations=1, warmup_rounds=20)
    _median_us(benchmark, rates, "sample, 16 tokens vs 16 menace")


@pytest.mark.parametrize("n", [2, 4], ids=lambda n: f"{n}x{n}")
def test_oracle(benchmark, rates, n):
    """The tests' brute force (every declaration), for scale; 8x8 would list 9**8."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    try:
        from test_combat_declaration_search import Oracle
    finally:
        sys.path.pop(0)
    boards = [random_board(seed, n, n, BLOCKERS) for seed in range(4)]
    nxt = _cycler(boards)
    benchmark.pedantic(lambda: Oracle(nxt()), rounds=8 if n > 2 else 100, iterations=1)
    _median_us(benchmark, rates, f"oracle (brute force)   {n}x{n}-blockers")
