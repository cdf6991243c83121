"""Perft (State.perft, play/perft.pxi; mtg-core perft): the number of action sequences of a
given length from a position, every decision expanded with all its legal actions.  The
core's count is checked against the pinned corpus (tests/data/perft, written by
tools/make_perft_positions.py), against the obvious reference over the public API (a clone
per node) on the corpus and on random positions, and in the debug build with every
shortcut cross-checked."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st_

from mtg_core import Game
from mtg_core._engine import EngineError
from mtg_core.bench.perft import reference_perft
from mtg_core.cli import main

CORPUS = Path(__file__).resolve().parent.parent / "data" / "perft"
INDEX = json.loads((CORPUS / "positions.json").read_text(encoding="utf-8"))


def _state(name: str):
    return Game.load((CORPUS / INDEX[name]["file"]).read_bytes(), log=False).state


def test_the_corpus_covers_every_kind_of_position_the_issue_names():
    assert len(INDEX) >= 30
    text = " ".join(p["exercises"] for p in INDEX.values())
    for what in ("mulligan", "main phase", "order triggers", "declare attackers",
                 "declare blockers", "assign damage", "legend rule", "classic edition"):
        assert what in text, what
    assert any(len(p["decks"]) > 2 for p in INDEX.values())          # multiplayer
    assert all(p["check_depth"] >= 1 for p in INDEX.values())


# Every pinned depth (each up to about a second) with MTG_CORE_PERFT_FULL=1; by default
# the depths that take at most 0.05 s, for the suite's time.
FULL = os.environ.get("MTG_CORE_PERFT_FULL", "") not in ("", "0")


@pytest.mark.parametrize("name", sorted(INDEX))
def test_perft_counts_of_the_corpus_are_pinned(name):
    st = _state(name)
    before = st.to_bytes()
    pinned = INDEX[name]["counts"]
    deepest = len(pinned) if FULL else INDEX[name]["check_depth"]
    for depth in range(1, deepest + 1):
        assert st.perft(depth) == pinned[str(depth)], f"{name} depth {depth}"
    assert st.to_bytes() == before                      # the position is unchanged


@pytest.mark.parametrize("name", sorted(INDEX))
def test_perft_equals_the_clone_per_node_reference_and_divide_sums_to_it(name):
    st = _state(name)
    depth = min(INDEX[name]["check_depth"], 3)
    assert st.perft(depth) == reference_perft(st, depth)
    under = st.perft(depth, divide=True)
    assert sum(under.values()) == st.perft(depth)
    assert sorted(under) == sorted(st.legal_actions().tolist())


DECKS = [["bears", "bears"], ["red", "white"], ["gruul", "white_weenie"],
         ["green_black", "blue_control"], ["red", "white", "gruul"]]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(deck=st_.sampled_from(DECKS), edition=st_.sampled_from(["seed", "current", "classic"]),
       seed=st_.integers(0, 2**31), steps=st_.integers(0, 600))
def test_perft_equals_the_reference_on_random_positions(deck, edition, seed, steps):
    g = Game(deck, seed=seed, edition=edition, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.state.apply(g.state.random_action(rng.getrandbits(32)))
    for depth in range(0, 4):
        assert g.state.perft(depth) == reference_perft(g.state, depth), depth


def test_a_finished_game_has_no_sequences_and_depth_zero_one():
    g = Game(["bears", "bears"], seed=1, log=False)
    g.play_random(seed=1)
    assert g.state.perft(0) == 1 and g.state.perft(3) == 0


def test_bad_depths_are_refused():
    st = Game(["bears", "bears"], seed=1, log=False).state
    with pytest.raises(EngineError, match="depth"):
        st.perft(-1)
    with pytest.raises(EngineError, match="depth"):
        st.perft(65)
    with pytest.raises(EngineError, match="divide"):
        st.perft(0, divide=True)


def test_cli_perft_prints_the_count_and_divide(capsys):
    name = sorted(INDEX)[0]
    path = str(CORPUS / INDEX[name]["file"])
    assert main(["perft", path, "2", "--divide"]) == 0
    out = capsys.readouterr().out
    assert f"perft 2: {INDEX[name]['counts']['2']} " in out and "leaves/s" in out
    assert main(["perft", path + ".missing", "2"]) == 2


PERFT_IN_CHILD = r"""
import json, sys
from pathlib import Path
from mtg_core import Game, _engine
assert _engine.DEBUG_BUILD, "this must run against the debug build"
corpus = Path(sys.argv[1])
index = json.loads((corpus / "positions.json").read_text())
out = {}
for name, p in sorted(index.items()):
    st = Game.load((corpus / p["file"]).read_bytes(), log=False).state
    depth = min(p["check_depth"], 3)
    out[name] = [depth, st.perft(depth)]
print(json.dumps(out))
"""


def test_perft_in_the_debug_build_gives_the_pinned_counts(debug_engine):
    """Every dirty flag, summary and cache of the core checked against the full computation
    at every node of each corpus tree (address and undefined-behaviour sanitizers too)."""
    proc = debug_engine.run(PERFT_IN_CHILD, timeout=1200, args=(str(CORPUS),))
    assert proc.returncode == 0, proc.stderr[-5000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, (depth, count) in got.items():
        assert count == INDEX[name]["counts"][str(depth)], name
