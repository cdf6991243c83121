"""`mtg-core simulate`: summary table, --json, --plot, policies per seat, clear errors with a
non-zero exit code and no traceback, and Ctrl-C printing the partial summary."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from mtg_core.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mtg_core.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, **kw)


def test_summary_table(capsys):
    assert main(["simulate", "bears", "red", "-n", "300", "--seed", "2", "--chunk-size", "100",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "300 random games, bears (P0) vs red (P1), seed 2" in out
    assert "95% interval" in out and "on the play" in out and "games/s" in out
    assert "game length: mean" in out


def test_json_is_machine_readable_and_matches_the_api(capsys):
    from mtg_core import simulate
    assert main(["simulate", "bears", "red", "-n", "200", "--seed", "5", "--json",
                 "--workers", "2", "--chunk-size", "50"]) == 0
    d = json.loads(capsys.readouterr().out)
    r = simulate("bears", "red", 200, seed=5, chunk_size=50)
    assert d["summary"]["games"] == 200 and d["decks"] == ["bears", "red"]
    assert [s["wins"] for s in d["summary"]["seats"]] == r.wins().tolist()
    assert d["workers"] == 2 and d["chunk_size"] == 50


def test_a_policy_per_seat(capsys):
    assert main(["simulate", "bears", "red", "-n", "20", "--json",
                 "--policy", "heuristic,random"]) == 0
    assert json.loads(capsys.readouterr().out)["policies"] == ["heuristic", "random"]


def test_three_decks(capsys):
    assert main(["simulate", "bears", "red", "white", "-n", "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decks"] == ["bears", "red", "white"]


def test_plot_writes_an_image(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (the [plot] extra)")
    out = tmp_path / "run.png"
    assert main(["simulate", "-n", "100", "--plot", str(out), "--no-progress"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"plot written to {out}" in capsys.readouterr().out.replace("\n", "")


def test_plot_without_matplotlib_is_a_clear_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["simulate", "-n", "10", "--plot", str(tmp_path / "x.png")]) == 2
    assert 'pip install "mtg_core[plot]"' in capsys.readouterr().err


@pytest.mark.parametrize("args,needle", [
    (["nosuch"], "neither a bundled deck"),
    (["no_such_folder/my.txt", "bears"], "deck file 'no_such_folder/my.txt' does not exist"),
    (["-n", "0"], "--games 0: a simulation plays at least 1 game"),
    (["-n", "-5"], "games must be an integer 0..2147483647"),
    (["--workers", "-1"], "workers must be"),
    (["--chunk-size", "0"], "chunk_size must be"),
    (["--policy", "nosuch"], "no policy 'nosuch'"),
    (["--policy", "random,random,random"], "3 policies for 2 seats"),
    (["--edition", "modern"], "no rules edition 'modern'"),
    (["--plot", "out.nosuchformat"], "the file name must end in one of"),
    (["bears"] * 9, "9 decks; a simulation seats 2 to 8"),
])
def test_bad_options_are_a_clear_message_and_exit_2(args, needle, capsys):
    assert main(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and "Traceback" not in captured.err + captured.out
    assert "simulating" not in captured.err          # refused before any game


def test_a_bad_deck_file_in_a_real_process_has_no_traceback(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("20 Forest\n40 Grizly Bears\n")
    p = run_cli("simulate", str(bad), "bears", "-n", "10")
    assert p.returncode == 2
    assert "line 2: unknown card 'Grizly Bears'" in p.stderr and "Traceback" not in p.stderr
    p = run_cli("simulate", "--backend", "spark")
    assert p.returncode == 2 and "invalid choice: 'spark'" in p.stderr


def test_ctrl_c_stops_cleanly_and_prints_the_partial_summary():
    p = subprocess.Popen([sys.executable, "-m", "mtg_core.cli", "simulate", "bears", "red",
                          "-n", "10000000", "--workers", "2", "--chunk-size", "200"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = p.stderr.readline()                 # the run has started (options all good)
        assert line.startswith("simulating 10,000,000 games"), line
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130
    assert "Traceback" not in err and "interrupted:" in err and "of 10,000,000 games finished" in err
    assert "(interrupted: 10,000,000 asked)" in out and "95% interval" in out


def test_workers_zero_is_reported_as_all_cores(capsys):
    assert main(["simulate", "-n", "20", "--workers", "0", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "on local, all cores" in captured.err and "xall" not in captured.err
    assert f"on local, {os.cpu_count()} worker" in captured.out


def test_the_header_and_the_summary_write_the_count_alike(capsys):
    assert main(["simulate", "-n", "1500", "--no-progress", "--chunk-size", "500"]) == 0
    out = capsys.readouterr().out
    assert "1,500 random games, bears (P0) vs bears (P1)" in out and "1,500 games" in out
    assert "1500" not in out


def test_json_games_adds_every_game(capsys):
    from mtg_core import simulate
    assert main(["simulate", "bears", "red", "-n", "60", "--seed", "4", "--json"]) == 0
    assert "arrays" not in json.loads(capsys.readouterr().out)
    assert main(["simulate", "bears", "red", "-n", "60", "--seed", "4", "--json-games"]) == 0
    d = json.loads(capsys.readouterr().out)
    r = simulate("bears", "red", 60, seed=4)
    assert set(d["arrays"]) == set(r.arrays)
    for k, v in r.arrays.items():
        assert d["arrays"][k] == v.tolist(), k
    assert d["summary"]["games"] == 60


def test_plot_title_names_the_matchup(tmp_path, monkeypatch, capsys):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (the [plot] extra)")
    from matplotlib.figure import Figure
    titles = []
    save = Figure.savefig

    def savefig(fig, *a, **kw):
        titles.append(fig._suptitle.get_text())
        return save(fig, *a, **kw)
    monkeypatch.setattr(Figure, "savefig", savefig)
    assert main(["simulate", "bears", "red", "-n", "50", "--plot", str(tmp_path / "p.png"),
                 "--no-progress", "--policy", "heuristic,random"]) == 0
    assert titles == ["bears (heuristic) vs red (random): 50 games, seed 1"]
