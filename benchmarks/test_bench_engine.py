"""Engine benchmarks (pytest-benchmark).  Not part of CI; run them by hand:

    python -m pytest benchmarks --benchmark-only -q

Each benchmark that has a natural rate (games per second, calls per second) stores it in
``benchmark.extra_info`` so it shows up in ``--benchmark-json`` output; the same numbers are
printed at the end of the run.

(a) random-vs-random complete games of the mirror 24 Forest + 36 Grizzly Bears ("bears") on
    one core, through ``mtg_core.play_random_games`` in batches;
(b) cloning a mid-game state (~turn 20);
(c) one legal-choice query in a mid-game main phase;
(d) one state-based-action check on a 40-permanent board where nothing happens;
(e) for comparison, whole games driven from Python (legal_actions + apply per decision).
"""
from __future__ import annotations

import random

import pytest

from mtg_core import (ActionKind, Decision, Game, Step, Zone, play_random_games)

pytest.importorskip("pytest_benchmark")

def _record(benchmark, rates: dict, name: str, per_call: float, unit: str) -> None:
    """Store a rate derived from the benchmark's timing (``per_call`` units per call) in
    ``extra_info`` and in the end-of-run summary (see conftest.py)."""
    if benchmark.stats is None:          # --benchmark-disable: nothing was timed
        return
    stats = benchmark.stats.stats
    best = per_call / stats.min
    mean = per_call / stats.mean
    benchmark.extra_info[f"{unit}_per_s_mean"] = round(mean, 1)
    benchmark.extra_info[f"{unit}_per_s_best"] = round(best, 1)
    rates[name] = f"{mean:>12,.0f} {unit}/s mean  ({best:,.0f} best)"


# --- (a) complete random games in the core ------------------------------------------------------

BATCH = 200


@pytest.mark.parametrize("mulligans", [True, False], ids=["mulligans", "no-mulligans"])
def test_bears_mirror_games_per_second(benchmark, rates, mulligans):
    seeds = iter(range(10**9))

    def batch():
        return play_random_games("bears", "bears", BATCH, seed=next(seeds) * BATCH,
                                 mulligans=mulligans)

    out = benchmark.pedantic(batch, rounds=10, iterations=1, warmup_rounds=1)
    assert out.shape == (BATCH, 3)
    assert set(out[:, 0].tolist()) <= {1, 2}              # every game won or drawn
    benchmark.extra_info["games_per_batch"] = BATCH
    benchmark.extra_info["mean_turns"] = float(out[:, 2].mean())
    _record(benchmark, rates,
            f"(a) bears mirror, play_random_games [{'mull' if mulligans else 'no mull'}]",
            BATCH, "games")


def test_bears_mirror_single_game_play_random(benchmark, rates):
    """One game at a time through Game.play_random (includes building the game)."""
    seeds = iter(range(10**9))

    def one():
        s = next(seeds)
        return Game(["bears", "bears"], seed=s, log=False).play_random(seed=s)

    result = benchmark.pedantic(one, rounds=200, iterations=1, warmup_rounds=5)
    assert result.finished
    _record(benchmark, rates, "(a') bears mirror, Game(...).play_random", 1, "games")


# --- mid-game states ---------------------------------------------------------------------------------

def _mid_game(turn: int = 20, seed: int = 7) -> Game:
    game = Game(["bears", "bears"], seed=seed, mulligans=False, log=False)
    i = 0
    while game.turn < turn and not game.is_over:
        game.apply(game.state.random_action(i))
        i += 1
    assert not game.is_over
    return game


def _main_phase_with_choices(turn: int = 20) -> Game:
    """A precombat main phase around ``turn`` where the active player has priority, with
    lands and bears in hand and lands on the battlefield."""
    game = _mid_game(turn)
    for i in range(5000):
        d = game.decision
        if game.step == Step.MAIN and d.kind == Decision.PRIORITY and \
                d.player == game.active_player and len(game.legal_actions()) > 3:
            return game
        game.apply(game.state.random_action(10**6 + i))
    raise AssertionError("no main phase with choices found")


# --- (b) clone -------------------------------------------------------------------------------------------

def test_clone_mid_game_state(benchmark, rates):
    game = _mid_game(20)
    state = game.state
    benchmark.extra_info["turn"] = game.turn
    benchmark.extra_info["state_bytes"] = len(state.to_bytes())
    copy = benchmark(state.clone)
    assert copy == state
    _record(benchmark, rates, "(b) State.clone at turn ~20", 1, "clones")


def test_clone_mid_game_python_wrapper(benchmark, rates):
    game = _mid_game(20)
    copy = benchmark(game.clone)
    assert copy == game
    _record(benchmark, rates, "(b') Game.clone at turn ~20", 1, "clones")


# --- (c) legal actions -------------------------------------------------------------------------------------

def test_legal_actions_main_phase(benchmark, rates):
    game = _main_phase_with_choices(20)
    state = game.state
    codes = benchmark(state.legal_actions)
    benchmark.extra_info["turn"] = game.turn
    benchmark.extra_info["n_actions"] = int(codes.size)
    benchmark.extra_info["battlefield"] = len(game.zone(Zone.BATTLEFIELD))
    assert codes.size > 3
    _record(benchmark, rates, "(c) State.legal_actions, main phase turn ~20", 1, "queries")


def test_legal_actions_main_phase_python_wrapper(benchmark, rates):
    game = _main_phase_with_choices(20)
    actions = benchmark(game.legal_actions)
    assert any(a.kind == ActionKind.CAST for a in actions) or \
        any(a.kind == ActionKind.PLAY_LAND for a in actions)
    _record(benchmark, rates, "(c') Game.legal_actions (Action objects)", 1, "queries")


# --- (d) state-based actions --------------------------------------------------------------------------------

def _forty_permanents() -> Game:
    game = Game(["bears", "bears"], seed=1, mulligans=False, log=False)
    for i in range(40):
        owner = i % 2
        name = "Forest" if i % 4 < 2 else "Grizzly Bears"
        o = game.create_card(name, owner, Zone.BATTLEFIELD)
        if name == "Grizzly Bears" and i % 8 == 2:
            game.set_object(o, damage=1)          # damaged but not lethally: nothing happens
    assert len(game.zone(Zone.BATTLEFIELD)) == 40
    assert game.check_state_based_actions() == 0
    return game


def test_state_based_action_check_40_permanents(benchmark, rates):
    game = _forty_permanents()
    before = game.state.to_bytes()
    n = benchmark(game.state.check_state_based_actions)
    assert n == 0
    assert len(game.zone(Zone.BATTLEFIELD)) == 40
    assert game.state.to_bytes() == before
    _record(benchmark, rates, "(d) SBA check, 40 permanents, nothing happens", 1, "checks")


# --- (e) a game loop driven from Python --------------------------------------------------------------------------

def _python_game(seed: int) -> Game:
    """legal_actions + apply from Python, uniform choice without bare mana activations
    (the core's own policy does the same)."""
    rng = random.Random(seed)
    game = Game(["bears", "bears"], seed=seed, log=False)
    while not game.is_over:
        actions = [a for a in game.legal_actions() if a.kind != ActionKind.ACTIVATE_MANA]
        game.apply(rng.choice(actions))
    return game


def _python_game_codes(seed: int) -> Game:
    """The same loop on the compiled State directly (int32 codes, no Action objects)."""
    rng = random.Random(seed)
    game = Game(["bears", "bears"], seed=seed, log=False)
    state = game.state
    mana = int(ActionKind.ACTIVATE_MANA)
    while not game.is_over:
        codes = [c for c in state.legal_actions().tolist() if c & 255 != mana]
        err = state.apply(rng.choice(codes))
        assert err == 0
    return game


def test_python_driven_game_loop(benchmark, rates):
    seeds = iter(range(10**9))
    game = benchmark.pedantic(lambda: _python_game(next(seeds)), rounds=8, iterations=1,
                              warmup_rounds=1)
    assert game.result.finished
    _record(benchmark, rates, "(e) bears mirror, Python loop via Game", 1, "games")


def test_python_driven_game_loop_on_state(benchmark, rates):
    seeds = iter(range(10**9))
    game = benchmark.pedantic(lambda: _python_game_codes(next(seeds)), rounds=8, iterations=1,
                              warmup_rounds=1)
    assert game.result.finished
    _record(benchmark, rates, "(e') bears mirror, Python loop via State codes", 1, "games")
