"""The Gymnasium environment (mtg_core.agents.gym_env): Gymnasium's own env checker, the
action mask in info, illegal actions, opponents."""
from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the .[gym] extra (gymnasium) is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from mtg_core.agents.gym_env import ENV_ID, MtgEnv  # noqa: E402


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
        legal = info["legal_actions"]
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
