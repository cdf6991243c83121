"""The Gymnasium environment (mtg_core.agents.gym_env): Gymnasium's own env checker, the
action mask in info, illegal actions, opponents, vector envs, registration."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the .[gym] extra (gymnasium) is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from mtg_core.agents.gym_env import ENV_ID, MtgEnv  # noqa: E402
from mtg_core.agents.registration import MAX_EPISODE_STEPS  # noqa: E402


def test_check_env():
    check_env(MtgEnv(("bears", "gruul")), skip_render_check=True)


def test_check_env_through_make():
    env = gymnasium.make(ENV_ID, decks=("red", "white"), render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=2)
    assert "turn" in env.render()


def _run_episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, total = 0, 0.0
    while True:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        legal = np.flatnonzero(mask)
        assert len(legal) > 0 and (env.action_masks() == mask).all()
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, terminated, truncated, info


def test_whole_episodes_end_with_the_result():
    env = MtgEnv(("bears", "bears"), max_turns=40)
    results = [_run_episode(env, s) for s in range(6)]
    for total, steps, terminated, truncated, info in results:
        assert total in (-1.0, 0.0, 1.0) and steps > 0
        assert not info["action_mask"].any()
        if truncated:
            assert total == 0.0
    assert {r[0] for r in results} & {-1.0, 1.0}


def test_illegal_action_ends_the_episode_and_changes_nothing():
    env = MtgEnv(("bears", "bears"))
    _, info = env.reset(seed=1)
    before = env.state.to_bytes()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(bad)
    assert terminated and reward == -1.0 and info["illegal_action"]
    assert env.state.to_bytes() == before


def test_random_seat_and_multiplayer():
    env = MtgEnv(("bears", "red", "white"), seat=None, max_turns=15)
    seats = set()
    for s in range(8):
        _, info = env.reset(seed=s)
        seats.add(info["seat"])
        assert env.state.decision[1] == info["seat"]
    assert len(seats) > 1


def test_opponents():
    with pytest.raises(Exception, match="random"):                # names the known policies
        MtgEnv(("bears", "bears"), opponent="no such policy")
    pytest.importorskip("mtg_core.policies", reason="no compiled policies in this build")
    env = MtgEnv(("red", "white"), opponent="heuristic")          # a policy of the core
    total, steps, *_ = _run_episode(env, 4)
    assert steps > 0
    calls = []

    def first_legal(state, rng):
        calls.append(1)
        return int(state.legal_actions()[0])
    env = MtgEnv(("bears", "bears"), opponent=first_legal)
    _run_episode(env, 3)
    assert calls


def test_info_objects_link_legal_actions_to_observation_slots():
    """info["objects"] is the slot -> object id array of the agent's observation, so the
    slots of each legal action (ActionSpace.slot_args) show the objects it names."""
    env = MtgEnv(("red", "white"), max_turns=30)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    linked = 0
    for _ in range(400):
        objects = info["objects"]
        again = np.empty_like(objects)
        assert (env.state.observation(env.seat, objects=again) == obs).all()
        assert (again == objects).all()
        legal = env.legal_actions()
        assert (legal == np.flatnonzero(info["action_mask"])).all()
        ids = env.space.object_args(legal, env.state)
        slots = env.space.slot_args(legal, objects, env.state)
        for i, s in zip(ids.ravel().tolist(), slots.ravel().tolist()):
            if i >= 0:
                assert s >= 0 and objects[s] == i
                linked += 1
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            obs, info = env.reset(seed=int(rng.integers(1000)))
    assert linked > 100


def _first_legal(masks) -> np.ndarray:
    """Each env's first legal action; 0 for an env whose episode just ended (a vector env
    resets it on the next step, ignoring the action)."""
    return np.array([int(np.argmax(m)) for m in masks])


@pytest.mark.parametrize("kind", ["sync", "async", "make_vec"])
def test_vector_envs_step_through_whole_episodes(kind):
    """Gymnasium's vector envs stack every info entry across their envs: each has one
    shape whatever the decision (the legal-action list, whose length varies, is a method)."""
    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    def make():
        return gymnasium.make(ENV_ID, decks=("bears", "red"), max_turns=6)
    if kind == "make_vec":
        envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync",
                                  decks=("bears", "red"), max_turns=6)
    else:
        envs = (SyncVectorEnv if kind == "sync" else AsyncVectorEnv)([make] * 3)
    try:
        obs, info = envs.reset(seed=5)
        assert obs.shape == (3, *envs.single_observation_space.shape)
        assert info["action_mask"].shape == (3, envs.single_action_space.n)
        ended = np.zeros(3, dtype=bool)
        for _ in range(3000):
            actions = _first_legal(info["action_mask"])
            if kind == "async":                   # a worker's failure must not hang the test
                envs.step_async(actions)
                obs, reward, terminated, truncated, info = envs.step_wait(timeout=60)
            else:
                obs, reward, terminated, truncated, info = envs.step(actions)
            ended |= terminated | truncated
            if ended.all():
                break
        assert ended.all()
        legal = envs.call("legal_actions")
        assert [list(x) for x in legal] == [list(np.flatnonzero(m)) for m in info["action_mask"]]
    finally:
        envs.close(**({"terminate": True} if kind == "async" else {}))


def _python(code: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter that imports this package (and nothing else first)."""
    import mtg_core
    root = os.path.dirname(os.path.dirname(mtg_core.__file__))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)


def test_make_after_importing_the_package_only():
    """The env id is registered by ``import mtg_core`` (Gymnasium 1.x has no plugin entry
    points), with a step limit; ``"mtg_core:<id>"`` works with nothing imported."""
    out = _python("import gymnasium, mtg_core, sys\n"
                  "assert 'mtg_core.agents.gym_env' not in sys.modules\n"
                  f"env = gymnasium.make({ENV_ID!r})\n"
                  "env.reset(seed=1)\n"
                  "print(env.spec.max_episode_steps)")
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 1000
    out = _python(f"import gymnasium\nenv = gymnasium.make('mtg_core:' + {ENV_ID!r})\n"
                  "print(type(env.unwrapped).__name__)")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "MtgEnv"


def test_registered_spec_has_a_step_limit():
    spec = gymnasium.spec(ENV_ID)
    assert spec.max_episode_steps == MAX_EPISODE_STEPS
    env = gymnasium.make(ENV_ID)
    assert isinstance(env, gymnasium.wrappers.TimeLimit)
    env.reset(seed=0)


def test_the_package_imports_without_gymnasium():
    out = _python("import sys\nsys.modules['gymnasium'] = None      # not installed\n"
                  "import mtg_core\n"
                  "from mtg_core.agents.registration import register_gymnasium_envs\n"
                  "print(register_gymnasium_envs())")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
