"""simulate(): many games in the core, chunked and seeded so that a result depends only on
(seed, chunk_size), never on the workers; the summary's statistics; options checked before
any game is played; Ctrl-C keeps the finished chunks."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

from mtg_core import (DEFAULT_CARDS, DeckError, MtgError, SimulationResult, _engine,
                      bundled_deck, simulate)
from mtg_core.enums import Result
from mtg_core.simulation import (Progress, SimulationError, SimulationInterrupted, chunk_seeds,
                                 wilson_interval)
from mtg_core.simulation.result import ARRAYS
from mtg_core.simulation.worker import Job, run_chunk


def same(a: SimulationResult, b: SimulationResult) -> bool:
    return all(np.array_equal(a.arrays[k], b.arrays[k]) for k in ARRAYS)


@pytest.fixture(scope="module")
def bears_600() -> SimulationResult:
    return simulate("bears", "bears", 600, seed=11, chunk_size=200)


# -- determinism ----------------------------------------------------------------------------
def test_one_and_two_workers_give_identical_games(bears_600):
    two = simulate("bears", "bears", 600, seed=11, chunk_size=200, workers=2)
    assert same(bears_600, two)
    assert two.workers == 2 and two.backend == "local"


def test_workers_0_means_every_core(bears_600):
    r = simulate("bears", "bears", 600, seed=11, chunk_size=200, workers=0)
    assert r.workers == (os.cpu_count() or 1) and same(bears_600, r)


def test_each_chunk_plays_from_its_seed_sequence_child(bears_600):
    """Chunk k is play_games from SeedSequence(seed).spawn(n_chunks)[k]; chunks are joined in
    chunk order."""
    seeds = [int(c.generate_state(1, np.uint64)[0]) for c in np.random.SeedSequence(11).spawn(3)]
    assert chunk_seeds(11, 3) == seeds
    rows = [bundled_deck("bears").rows(DEFAULT_CARDS)] * 2
    from mtg_core.policies import policy_id
    for k, s in enumerate(seeds):
        direct = _engine.play_games(DEFAULT_CARDS.tables, rows, 200, s, [policy_id("random")] * 2)
        for name in ARRAYS:
            assert np.array_equal(np.asarray(direct[name]),
                                  bears_600.arrays[name][200 * k:200 * (k + 1)]), name


def test_the_same_seed_repeats_and_another_seed_differs(bears_600):
    assert same(bears_600, simulate("bears", "bears", 600, seed=11, chunk_size=200))
    assert not same(bears_600, simulate("bears", "bears", 600, seed=12, chunk_size=200))


def test_seed_none_draws_fresh_entropy_and_reports_it():
    r = simulate("bears", "bears", 50, seed=None)
    assert r.seed >= 0
    assert same(r, simulate("bears", "bears", 50, seed=r.seed))


def test_a_last_short_chunk_and_zero_games():
    r = simulate("bears", "red", 250, seed=3, chunk_size=100)
    assert r.n_games == 250 and r.arrays["life"].shape == (250, 2)
    empty = simulate("bears", "red", 0, seed=3)
    assert empty.n_games == 0 and empty.summary()["games"] == 0
    assert "0 games" in repr(empty)


# -- the result and its summary -------------------------------------------------------------
def test_wilson_interval_matches_the_formula():
    # 50 / 100: centre 0.5, half-width z*sqrt(.25/100 + z^2/40000)/(1 + z^2/100)
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_counts_agree_with_the_arrays(bears_600):
    r = bears_600
    s = r.summary()
    assert s["games"] == 600
    wins = [row["wins"] for row in s["seats"]]
    assert sum(wins) + s["draws"] + s["unfinished"] + s["aborted"] == 600
    assert wins[0] == int(np.sum((r.result == Result.WIN) & (r.winner == 0)))
    for row in s["seats"]:
        assert row["low"] <= row["win_rate"] <= row["high"]
        assert row["play"]["games"] + row["draw"]["games"] == 600
        assert row["play"]["wins"] + row["draw"]["wins"] == row["wins"]
    assert s["seats"][0]["play"]["games"] == int(np.sum(r.starting == 0))
    assert s["turns"]["q5"] <= s["turns"]["q50"] <= s["turns"]["q95"]
    assert s["turns"]["mean"] == pytest.approx(float(r.turns.mean()))
    assert sum(s["ends"].values()) == 600


def test_running_win_rate_ends_at_the_final_rate(bears_600):
    rate, lo, hi = bears_600.running_win_rate(1)
    assert len(rate) == 600 and np.all(lo <= rate) and np.all(rate <= hi)
    assert rate[-1] == pytest.approx(bears_600.win_rate(1)[0])


def test_to_dict_is_json_and_repr_is_a_table(bears_600):
    d = json.loads(bears_600.to_json(arrays=True))
    assert d["seed"] == 11 and d["decks"] == ["bears", "bears"] and d["complete"] is True
    assert d["summary"]["games"] == 600 and len(d["arrays"]["winner"]) == 600
    text = repr(bears_600)
    assert "95% interval" in text and "on the play" in text and "P1" in text


def test_dtypes_and_shapes(bears_600):
    for name, dtype in ARRAYS.items():
        assert bears_600.arrays[name].dtype == dtype
    assert bears_600.life.shape == (600, 2)
    assert 0 < bears_600.core_seconds <= bears_600.elapsed      # measured inside the run


def test_max_turns_leaves_games_unfinished():
    r = simulate("bears", "bears", 40, seed=2, max_turns=2)
    assert r.summary()["unfinished"] == 40 and np.all(r.turns <= 2)


def test_three_seats():
    r = simulate(decks=["bears", "red", "white"], games=60, seed=5, chunk_size=25)
    assert r.seats == 3 and r.life.shape == (60, 3)
    assert set(np.unique(r.starting)) <= {0, 1, 2}
    assert same(r, simulate(decks=["bears", "red", "white"], games=60, seed=5, chunk_size=25,
                            workers=2))


def test_a_deck_file_and_a_bundled_name_are_both_accepted(tmp_path):
    f = tmp_path / "mybears.txt"
    f.write_text("24 Forest\n36 Grizzly Bears\n")
    r = simulate(str(f), "bears", 20, seed=1)
    assert r.decks == ("mybears", "bears")


# -- options are checked before any game ----------------------------------------------------
BAD_OPTIONS = [
    (dict(games=-1), "games"), (dict(games=2.5), "games"), (dict(workers=-1), "workers"),
    (dict(chunk_size=0), "chunk_size"), (dict(seed=-3), "seed"), (dict(max_turns=-1), "max_turns"),
    (dict(backend="spark"), "backend"), (dict(policy="no_such_policy"), "no_such_policy"),
    (dict(policy=["random"]), "1 policies for 2 seats"), (dict(edition="modern"), "edition"),
    (dict(starting_player=2), "starting_player"), (dict(mulligans="yes"), "mulligans"),
    (dict(progress=3), "progress"),
    # upper bounds: the core's int32 counts and turn limit, the driver's task list
    (dict(max_turns=2**31), r"max_turns must be an integer 0\.\.10000000, not 2147483648"),
    (dict(max_turns=10**7 + 1), r"max_turns must be an integer 0\.\.10000000"),
    (dict(games=10**10, chunk_size=10**10), r"games must be an integer 0\.\.2147483647"),
    (dict(chunk_size=2**31), r"chunk_size must be an integer 1\.\.2147483647"),
    (dict(games=2**31 - 1, chunk_size=1), "2147483647 chunks; at most 1048576"),
    (dict(workers=10**6), r"workers must be an integer 0\.\.4096"),
    (dict(seed=2**128), "seed must be an integer 0"), (dict(seed=10**5000), "seed"),
]


@pytest.mark.parametrize("kw,needle", BAD_OPTIONS)
def test_a_bad_option_is_a_clear_error_before_any_game(kw, needle):
    calls = []
    with pytest.raises(SimulationError, match=needle):
        simulate("bears", "bears", **{"games": 10, "progress": calls.append, **kw})
    assert calls == []


def test_bad_decks_are_named_before_any_game(tmp_path):
    calls = []
    bad = tmp_path / "bad.txt"
    bad.write_text("20 Forest\n40 Grizly Bears\n")
    with pytest.raises(DeckError, match=r"line 2: unknown card 'Grizly Bears'.*Grizzly Bears"):
        simulate(str(bad), "bears", 10, progress=calls.append)
    with pytest.raises(DeckError, match="neither a bundled deck"):
        simulate("no_such_deck", "bears", 10, progress=calls.append)
    with pytest.raises(SimulationError, match="9 decks; a simulation seats 2 to 8"):
        simulate(decks=["bears"] * 9, games=10, progress=calls.append)
    with pytest.raises(SimulationError, match="not both"):
        simulate("bears", decks=["bears", "bears"], games=10)
    with pytest.raises(SimulationError, match="two decks"):
        simulate("bears", games=10)
    assert calls == []
    assert issubclass(SimulationError, MtgError)


# -- progress and interruption --------------------------------------------------------------
def test_progress_starts_at_zero_and_ends_at_the_total():
    seen: list[Progress] = []
    simulate("bears", "red", 300, seed=4, chunk_size=100, progress=seen.append)
    assert [p.games_done for p in seen] == [0, 100, 200, 300]
    assert seen[0].eta is None and seen[-1].eta == 0
    assert int(seen[-1].wins.sum()) <= 300
    rate, lo, hi = seen[-1].win_rate(0)
    assert lo <= rate <= hi


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_chunks(workers):
    full = simulate("bears", "bears", 2000, seed=8, chunk_size=100)

    def stop_after_two(p: Progress) -> None:
        if p.games_done >= 200:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as info:
        simulate("bears", "bears", 2000, seed=8, chunk_size=100, workers=workers,
                 progress=stop_after_two)
    part = info.value.result
    assert isinstance(info.value, KeyboardInterrupt)
    assert not part.complete and part.games_requested == 2000
    assert 200 <= part.n_games < 2000 and part.n_games % 100 == 0
    if workers == 1:        # in order: the finished chunks are the first ones
        assert all(np.array_equal(part.arrays[k], full.arrays[k][:part.n_games]) for k in ARRAYS)
    assert "interrupted" in repr(part)


# -- a local worker that dies: its chunk is run again, never a hang ---------------------------
# Each run is in a subprocess with a timeout, so a hang fails the test instead of stopping
# the suite; the script prints what the test checks.
_KILL_BOTH = """
import multiprocessing, os, signal
import numpy as np
from mtg_core import simulate
killed = []
def kill_both(p):          # after the first chunk: one worker is idle, the other mid-chunk
    if p.games_done > 0 and not killed:
        for child in multiprocessing.active_children():
            os.kill(child.pid, signal.SIGKILL)
            killed.append(child.pid)
r = simulate("red", "white", games=1500, workers=2, chunk_size=100, seed=4, progress=kill_both)
ref = simulate("red", "white", games=1500, workers=1, chunk_size=100, seed=4)
same = all(np.array_equal(r.arrays[k], ref.arrays[k]) for k in r.arrays)
print(len(killed), r.complete, r.n_games, same)
"""

_ALWAYS_DIES = """
import multiprocessing, os
from mtg_core import simulate
from mtg_core.simulation import SimulationError, backends, worker
backends.mp_context = lambda: multiprocessing.get_context("fork")
play = worker.run_chunk
worker.run_chunk = lambda job, k, seed, games: os._exit(3) if k == 5 else play(job, k, seed, games)
try:
    simulate("red", "white", games=1000, workers=2, chunk_size=100, seed=4)
except SimulationError as err:
    print("SimulationError:", err)
"""


def _run_script(script: str) -> str:
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_killed_local_worker_s_chunk_is_played_again_with_the_same_games():
    assert _run_script(_KILL_BOTH) == "2 True 1500 True"


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(),
                    reason="the script patches the worker by forking")
def test_a_chunk_whose_worker_always_dies_is_a_simulation_error_naming_it():
    out = _run_script(_ALWAYS_DIES)
    assert out.startswith("SimulationError: chunk 5 (100 games, seed ")
    assert "its worker process died 3 times (exit code 3 the last time)" in out


# -- workers build the card tables once -----------------------------------------------------
def test_a_worker_builds_the_card_tables_once_per_card_database():
    from mtg_core.simulation import worker
    job = Job.of(DEFAULT_CARDS.tables, decks=((), ()), policies=(0, 0), max_turns=0,
                 mulligans=True, edition=0, starting_player=-1)
    fake = Job(fingerprint=-12345, cards=job.cards, abilities=job.abilities,
               program=job.program, decks=job.decks, policies=job.policies, max_turns=0,
               mulligans=True, edition=0, starting_player=-1)
    worker._TABLES.pop(-12345, None)
    t1 = fake.tables()
    assert fake.tables() is t1 and worker._TABLES[-12345] is t1
    assert t1 is not DEFAULT_CARDS.tables and t1.fingerprint == DEFAULT_CARDS.tables.fingerprint
    worker._TABLES.pop(-12345)


def test_run_chunk_returns_its_index():
    from mtg_core.policies import policy_id
    rows = (tuple(bundled_deck("bears").rows(DEFAULT_CARDS)),) * 2
    job = Job.of(DEFAULT_CARDS.tables, decks=rows, policies=(policy_id("random"),) * 2,
                 max_turns=0, mulligans=True, edition=0, starting_player=-1)
    k, arrays, seconds = run_chunk(job, 7, 123, 5)
    assert k == 7 and len(arrays["result"]) == 5 and seconds > 0
