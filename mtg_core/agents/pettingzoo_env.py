"""A PettingZoo AEC environment over the engine (the ``.[pettingzoo]`` extra).

Agents ``player_0`` .. ``player_{n-1}`` (the seats).  The agent selected is the seat that
must decide (priority, targets, combat pairs one at a time, ...).  Each agent observes
``{"observation": float32 core observation of its seat, "action_mask": int8, "objects":
int32}``; the mask is all zeros for an agent that has no decision pending; ``objects`` is
the object id each observation slot shows (-1: none), the ids actions name
(``env.space.slot_args(indices, obs["objects"], env.state_)`` gives an action's slots); the selected agent's info has
``"legal_actions"``, the legal indices (sorted; cheaper to sample from than the mask).  Actions are indices of the fixed
action space (``docs/action_space.md``).  Rewards come at the end: +1 to the winner,
-1/(n-1) to each other seat, 0 for a draw; the turn limit ``max_turns`` truncates.

>>> from mtg_core.agents.pettingzoo_env import MtgAECEnv
>>> env = MtgAECEnv(("bears", "bears"))
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'objects', 'observation']
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..enums import Result
from ._common import OBS_SLOTS, new_game, new_objects, observation_bounds, observation_size, observe, parse_decks, returns_of
from .action_space import ActionSpace


class MtgAECEnv(AECEnv):
    """Magic for n agents, one decision at a time (AEC)."""

    metadata = {"name": "mtg_core_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, decks: str | Sequence = ("bears", "bears"), *, max_turns: int = 50,
                 include_mana: bool = False, mulligans: bool = True, edition: str = "seed",
                 spare_objects: int = 64, render_mode: str | None = None):
        super().__init__()
        self.decks = parse_decks(decks)
        n = len(self.decks)
        self.max_turns, self.include_mana, self.mulligans = max_turns, include_mana, mulligans
        self.edition, self.spare_objects = edition, spare_objects
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        proto = self._new_game(0).state
        self.space = ActionSpace.for_state(proto)
        size = observation_size(proto)
        lo, hi = observation_bounds(size)
        obs_space = spaces.Dict({
            "observation": spaces.Box(lo, hi, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.n,), np.int8),
            "objects": spaces.Box(-1, self.space.capacity - 1, (OBS_SLOTS,), np.int32)})
        act_space = spaces.Discrete(self.space.n)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._mask = np.zeros(self.space.n, dtype=np.int8)
        self._zeros = np.zeros(self.space.n, dtype=np.int8)
        self.game = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: int):
        return new_game(self.decks, seed, max_turns=self.max_turns, mulligans=self.mulligans,
                        edition=self.edition, spare_objects=self.spare_objects)

    @property
    def state_(self):
        """The core State of the current game."""
        return self.game.state

    # --- PettingZoo API ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self._new_game(int(self._rng.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict:
        st = self.game.state
        seat = self._seat[agent]
        mine = agent == self.agent_selection and st.result == Result.ONGOING
        objects = new_objects()
        return {"observation": observe(st, seat, objects=objects),
                "action_mask": self._mask.copy() if mine else self._zeros.copy(),
                "objects": objects}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.game.state
        action = int(action)
        if not (0 <= action < self.space.n and self._mask[action]):
            raise ValueError(f"action {action} is not legal for {agent} now "
                             f"(see observe(agent)['action_mask'])")
        self._cumulative_rewards[agent] = 0.0
        st.apply(self.space.action(action, st))
        self.rewards = {a: 0.0 for a in self.agents}
        if st.result != Result.ONGOING:
            ret = returns_of(st, len(self.possible_agents))
            unfinished = st.result == Result.UNFINISHED
            for a in self.agents:
                self.rewards[a] = float(ret[self._seat[a]])
                self.terminations[a] = not unfinished
                self.truncations[a] = unfinished
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game)
        return None

    def close(self) -> None:
        self.game = None

    # --- inside ---------------------------------------------------------------------------

    def _select(self) -> None:
        """The agent selected is the seat that must decide; once the game is over, the
        agents in turn (each steps once with None to leave)."""
        st = self.game.state
        self._mask.fill(0)
        for a in self.agents:
            self.infos[a] = {}
        if st.result == Result.ONGOING:
            self.agent_selection = self.possible_agents[int(st.decision[1])]
            legal, _ = self.space.legal(st, self.include_mana)
            self._mask[legal] = 1
            self.infos[self.agent_selection] = {"legal_actions": legal}
        else:
            self.agent_selection = self.agents[0]


def env(**kwargs) -> MtgAECEnv:
    """PettingZoo's constructor convention."""
    return MtgAECEnv(**kwargs)
