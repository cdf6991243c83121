"""simulate() benchmarks: games per second on 1 and 2 workers per backend, the speed-up from
1 to 2 local workers, and Ray's and Dask's per-task overhead at 10,000 games per task.  Run
by hand (not part of CI), on a quiet machine:

    python -m pytest benchmarks/test_bench_simulation.py --benchmark-only -q -s

(a) games/s of the bears mirror and red vs white, on local processes, Ray and Dask (each
    cluster started once per module: ``ray.init(num_cpus=2)``, a 2-worker
    ``distributed.LocalCluster``; ``workers`` caps the tasks running at once), a run of
    GAMES games in chunks of CHUNK;
(b) the speed-up from 1 to 2 local workers on the same games (target >= 0.9 x 2);
(c) each cluster backend's per-task overhead: one worker, tasks of 10,000 games, against
    the same games played in this process (target <= 5 %).

Rates are printed at the end of the run (see conftest.py).  Each worker count and backend
plays the same games (same seed and chunk size), so their times compare directly.
"""
from __future__ import annotations

import os
import time

import pytest

from mtg_core import simulate

pytest.importorskip("pytest_benchmark")

GAMES, CHUNK = 6000, 1000
PAIRS = {"bears_mirror": ("bears", "bears"), "red_vs_white": ("red", "white")}
TASK = 10_000                   # games per task for the overhead measurement
ROUNDS = 3


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray", reason="Ray is not installed (the [ray] extra)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    simulate("bears", "bears", 20, backend="ray", chunk_size=10)      # workers warm
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed "
                                                            "(the [dask] extra)")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    simulate("bears", "bears", 20, backend="dask", chunk_size=10)
    yield
    client.close()
    cluster.close()


def _cluster(request, backend: str) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_cluster")
    elif backend == "dask":
        request.getfixturevalue("dask_cluster")


@pytest.mark.parametrize("backend", ["local", "ray", "dask"])
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("pair", list(PAIRS))
def test_games_per_second(benchmark, rates, request, pair, workers, backend):
    _cluster(request, backend)
    a, b = PAIRS[pair]

    def run():
        return simulate(a, b, GAMES, seed=1, chunk_size=CHUNK, workers=workers, backend=backend)

    r = benchmark.pedantic(run, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    assert r.n_games == GAMES
    if benchmark.stats is None:
        return
    mean = GAMES / benchmark.stats.stats.mean
    benchmark.extra_info["games_per_s_mean"] = round(mean, 1)
    rates[f"{pair}, {backend} x{workers}"] = (
        f"{mean:>10,.0f} games/s mean ({GAMES / benchmark.stats.stats.min:,.0f} best)")


def _best_of(fn, rounds: int = ROUNDS) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


@pytest.mark.parametrize("pair", list(PAIRS))
def test_speed_up_from_one_to_two_local_workers(benchmark, rates, pair):
    """The same games on 1 and 2 local workers: the ratio of wall times, and the 2-worker
    run's efficiency (its workers' time in the core over 2 x its wall time; on a shared
    machine the ratio mostly measures the other load)."""
    a, b = PAIRS[pair]
    n = 4 * GAMES
    simulate(a, b, 2 * CHUNK, workers=2, chunk_size=CHUNK)          # the forkserver is up
    one = _best_of(lambda: simulate(a, b, n, seed=2, chunk_size=CHUNK, workers=1))
    runs = []

    def two():
        runs.append(simulate(a, b, n, seed=2, chunk_size=CHUNK, workers=2))

    benchmark.pedantic(two, rounds=ROUNDS, iterations=1)
    if benchmark.stats is None:
        return
    speed_up = one / benchmark.stats.stats.min
    efficiency = max(r.core_seconds / (2 * r.elapsed) for r in runs)
    benchmark.extra_info["speed_up"] = round(speed_up, 3)
    benchmark.extra_info["efficiency"] = round(efficiency, 3)
    rates[f"{pair}, local 1 -> 2 workers"] = (
        f"x{speed_up:.2f} ({n / one:,.0f} -> {n / benchmark.stats.stats.min:,.0f} games/s), "
        f"efficiency {100 * efficiency:.0f} % (load {os.getloadavg()[0]:.1f})")


@pytest.mark.parametrize("backend", ["ray", "dask"])
def test_per_task_overhead_at_10000_games(benchmark, rates, request, backend):
    """One task at a time, 3 tasks of TASK games: what a task costs beyond its games
    (scheduling, the job, returning arrays), measured two ways: against the same 3 chunks
    played in this process, and as the run's wall time beyond the workers' time in the core
    (``core_seconds``; steadier on a shared machine)."""
    _cluster(request, backend)
    n = 3 * TASK
    local = _best_of(lambda: simulate("bears", "bears", n, seed=3, chunk_size=TASK))
    runs = []

    def remote():
        runs.append(simulate("bears", "bears", n, seed=3, chunk_size=TASK, workers=1,
                             backend=backend))

    benchmark.pedantic(remote, rounds=ROUNDS, iterations=1)
    if benchmark.stats is None:
        return
    overhead = benchmark.stats.stats.min / local - 1
    beyond = min(r.elapsed / r.core_seconds - 1 for r in runs)
    benchmark.extra_info["overhead_vs_local"] = round(overhead, 4)
    benchmark.extra_info["overhead_beyond_core"] = round(beyond, 4)
    per_task = min(r.elapsed - r.core_seconds for r in runs) / 3 * 1000
    rates[f"{backend} per-task overhead at {TASK:,} games/task"] = (
        f"{100 * beyond:+.1f} % beyond core time ({per_task:.0f} ms/task); "
        f"{100 * overhead:+.1f} % vs in-process (load {os.getloadavg()[0]:.1f})")
