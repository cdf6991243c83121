"""The PettingZoo AEC environment (mtg_core.agents.pettingzoo_env): PettingZoo's own
api_test, per-agent observations and masks, zero-sum rewards."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the .[pettingzoo] extra (pettingzoo) is not installed")
from pettingzoo.test import api_test  # noqa: E402

from mtg_core.agents.pettingzoo_env import MtgAECEnv  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_two_players():
    api_test(MtgAECEnv(("bears", "gruul")), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_three_players():
    api_test(MtgAECEnv(("red", "white", "bears"), max_turns=12), num_cycles=200)


def test_a_whole_game():
    """The selected agent is the seat that decides, and only it has a mask; the rewards
    at the end are zero-sum."""
    env = MtgAECEnv(("bears", "bears"), max_turns=40)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(100000):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.state_.decision[1] == int(agent.split("_")[1])
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert not env.agents
    assert abs(sum(totals.values())) < 1e-9


def test_illegal_action_raises_and_changes_nothing():
    env = MtgAECEnv(("bears", "bears"))
    env.reset(seed=1)
    before = env.state_.to_bytes()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state_.to_bytes() == before


def test_observations_carry_the_slot_object_ids():
    """obs["objects"] gives the object id each observation slot shows; each object a legal
    action names is in a slot of the deciding agent's observation."""
    env = MtgAECEnv(("bears", "gruul"), max_turns=30)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    linked = 0
    for agent in env.agent_iter(1500):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["objects"].dtype == np.int32 and env.observation_space(agent).contains(obs)
        legal = info["legal_actions"]
        ids = env.space.object_args(legal, env.state_)
        slots = env.space.slot_args(legal, obs["objects"], env.state_)
        linked += int((ids >= 0).sum())
        assert ((ids < 0) | (slots >= 0)).all()
        env.step(int(rng.choice(legal)))
    assert linked > 50
