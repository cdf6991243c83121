"""``mtg-core bench`` (mtg_core.bench): the suite's cases do fixed work, reports carry their
machine and engine, comparisons are case by case.  No speed is asserted here (speed is
measured, in benchmarks/ and by the command itself)."""
from __future__ import annotations

import json

import pytest

from mtg_core.bench import CASES, SUITE_VERSION, compare, select
from mtg_core.bench.run import WORK_CALLS, load_report
from mtg_core.cli import main


def _work(case) -> int:
    fn = case.setup()
    return sum(int(fn()) for _ in range(WORK_CALLS))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_case_does_the_same_work_each_time(case):
    """A case's work figure is what tells two reports did the same thing: it must not
    depend on anything but the case (not on the run, the machine, the timing)."""
    assert _work(case) == _work(case)
    assert case.version >= 1 and case.unit in ("calls", "games") and case.what


def test_quick_is_a_subset_and_names_are_unique():
    names = [c.name for c in CASES]
    assert len(set(names)) == len(names)
    quick = select(None, True)
    assert quick and set(quick) < set(CASES)
    assert [c.name for c in select("declare.", False)] == [n for n in names if "declare." in n]


def test_bench_writes_a_report_and_compares_two(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert main(["bench", "--quick", "--cases", "state.", "--json", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "state.clone" in printed and "per call" in printed
    doc = json.loads(a.read_text())
    assert doc["suite_version"] == SUITE_VERSION and doc["quick"] is True
    assert {"python", "cpu", "cores", "compiler"} <= set(doc["machine"])
    assert {"version", "commit", "debug_build"} <= set(doc["engine"])
    fig = doc["cases"]["state.clone"]
    assert fig["min_ns"] <= fig["median_ns"] <= fig["max_ns"] and fig["rounds"] == 3
    assert set(doc["cases"]) == {"state.clone", "state.observation", "state.rollouts"}
    assert main(["bench", "--compare", str(a), str(b)]) == 0
    table = capsys.readouterr().out
    assert "B/A speed" in table and "different work" not in table
    other = json.loads(b.read_text())
    other["cases"]["state.clone"]["work"] += 1
    other["cases"]["state.observation"]["version"] += 1
    assert "different work" in compare(doc, other) and "not comparable" in compare(doc, other)


def test_bad_options_and_reports_are_clear_errors(tmp_path, capsys):
    assert main(["bench", "--cases", "no such case"]) == 2
    assert "no case matches" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"suite": "something else"}')
    assert main(["bench", "--compare", str(bad), str(bad)]) == 2
    assert "not a report written by" in capsys.readouterr().err
    with pytest.raises(Exception, match="can't read"):
        load_report(str(tmp_path / "missing.json"))


def test_bench_adds_the_users_own_matchup(capsys):
    assert main(["bench", "--quick", "--cases", "playout.user", "--decks", "bears", "red"]) == 0
    assert "playout.user.bears_vs_red" in capsys.readouterr().out
    with pytest.raises(SystemExit):                            # --decks takes two
        main(["bench", "--decks", "bears"])
