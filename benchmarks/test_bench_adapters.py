"""Agent-interface benchmarks (pytest-benchmark): the fixed action space's mask, and agent
steps per second through each adapter (OpenSpiel, Gymnasium, PettingZoo), bears mirror,
uniformly random legal actions.  Run by hand:

    python -m pytest benchmarks/test_bench_adapters.py --benchmark-only -q

A "step" is one agent decision: apply one action index and get the next observation and
mask (Gymnasium: the random opponent's decisions happen inside the step).
"""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Game
from mtg_core.agents import ActionSpace

pytest.importorskip("pytest_benchmark")


def _record(benchmark, rates: dict, name: str, per_call: float, unit: str) -> None:
    if benchmark.stats is None:
        return
    stats = benchmark.stats.stats
    mean, best = per_call / stats.mean, per_call / stats.min
    benchmark.extra_info[f"{unit}_per_s_mean"] = round(mean, 1)
    rates[name] = f"{mean:>12,.0f} {unit}/s mean  ({best:,.0f} best)"


def _mid_game(turn: int = 5, seed: int = 7) -> Game:
    game = Game(["bears", "bears"], seed=seed, mulligans=False, log=False)
    i = 0
    while game.turn < turn and not game.is_over:
        game.apply(game.state.random_action(i))
        i += 1
    return game


def test_action_mask(benchmark, rates):
    game = _mid_game(5)
    space = ActionSpace.for_game(game)
    out = np.zeros(space.n, dtype=np.int8)
    benchmark(space.mask, game.state, False, out)
    assert out.sum() >= 1
    _record(benchmark, rates, f"ActionSpace.mask ({space.n} indices, turn 5)", 1, "masks")


def test_gym_steps(benchmark, rates):
    pytest.importorskip("gymnasium")
    from mtg_core.agents.gym_env import MtgEnv
    env = MtgEnv(("bears", "bears"), max_turns=30)
    seeds = iter(range(10**9))
    steps = []

    def episode():
        s = next(seeds)
        _, info = env.reset(seed=s)
        rng = np.random.default_rng(s)
        n = 0
        while True:
            legal = env.legal_actions()
            _, _, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            n += 1
            if term or trunc:
                steps.append(n)
                return n

    benchmark.pedantic(episode, rounds=10, iterations=1, warmup_rounds=1)
    per = float(np.mean(steps))
    benchmark.extra_info["steps_per_episode"] = per
    _record(benchmark, rates, "Gymnasium MtgEnv.step (agent steps)", per, "steps")


def test_pettingzoo_steps(benchmark, rates):
    pytest.importorskip("pettingzoo")
    from mtg_core.agents.pettingzoo_env import MtgAECEnv
    env = MtgAECEnv(("bears", "bears"), max_turns=30)
    seeds = iter(range(10**9))
    steps = []

    def game():
        s = next(seeds)
        env.reset(seed=s)
        rng = np.random.default_rng(s)
        n = 0
        for agent in env.agent_iter(10**6):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = info["legal_actions"]
            env.step(int(legal[rng.integers(len(legal))]))
            n += 1
        steps.append(n)
        return n

    benchmark.pedantic(game, rounds=5, iterations=1, warmup_rounds=1)
    per = float(np.mean(steps))
    _record(benchmark, rates, "PettingZoo MtgAECEnv last+step (agent steps)", per, "steps")


def test_openspiel_steps(benchmark, rates):
    pyspiel = pytest.importorskip("pyspiel")
    import mtg_core.agents.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("mtg_core", {"decks": "bears,bears", "max_turns": 30,
                                          "num_seeds": 4096})      # a one-node deal
    seeds = iter(range(10**9))
    steps = []

    def play():
        s = next(seeds)
        rng = np.random.default_rng(s)
        state = game.new_initial_state()
        state.apply_action(s % 4096)
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[int(rng.integers(len(legal)))])
            n += 1
        steps.append(n)
        return n

    benchmark.pedantic(play, rounds=5, iterations=1, warmup_rounds=1)
    per = float(np.mean(steps))
    _record(benchmark, rates, "OpenSpiel legal_actions+observation_tensor+apply_action", per,
            "steps")


def test_openspiel_clone(benchmark, rates):
    pyspiel = pytest.importorskip("pyspiel")
    import mtg_core.agents.openspiel  # noqa: F401
    game = pyspiel.load_game("mtg_core", {"decks": "bears,bears", "num_seeds": 4096})
    state = game.new_initial_state()
    state.apply_action(1)
    rng = np.random.default_rng(1)
    while state.engine_state.turn < 5:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    copy = benchmark(state.clone)
    assert str(copy) == str(state)
    _record(benchmark, rates, "OpenSpiel MtgState.clone (turn 5)", 1, "clones")
