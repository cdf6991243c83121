"""A Gymnasium environment over the engine (the ``.[gym]`` extra): one agent plays one seat
against an opponent policy.

>>> from mtg_core.agents.gym_env import MtgEnv
>>> env = MtgEnv(("bears", "bears"), opponent="random")
>>> obs, info = env.reset(seed=1)
>>> import numpy as np
>>> action = int(np.flatnonzero(info["action_mask"])[0])
>>> obs, reward, terminated, truncated, info = env.step(action)

- Observation: the core's observation of the agent's seat (``State.observation``), float32.
- Action: an index of the fixed action space (``docs/action_space.md``), ``Discrete(n)``;
  the legal ones are ``info["action_mask"]`` (int8), also :meth:`action_masks` (the
  sb3-contrib MaskablePPO convention), and :meth:`legal_actions` lists them (sorted;
  cheaper to sample from than the mask).  ``info["objects"]`` (int32, one entry per
  observation slot) is the object id each slot shows (-1: none): actions name objects by
  id, so ``env.space.slot_args(env.legal_actions(), info["objects"], env.state)`` gives
  the slots each legal action is about.
- Every entry of ``info`` has the same shape in every step, so Gymnasium's vector envs
  (``SyncVectorEnv``, ``AsyncVectorEnv``, ``gymnasium.make_vec``) stack them; the list of
  legal actions, whose length changes, is not one of them (a vector env's workers answer
  ``envs.call("legal_actions")``).
- ``gymnasium.make("mtg_core/Magic-v0")`` works once ``mtg_core`` is imported (or, with
  nothing imported, ``gymnasium.make("mtg_core:mtg_core/Magic-v0")``): see
  :mod:`mtg_core.agents.registration`.
- Reward: at the end only, +1 win, -1 loss (-1/(n-1) in multiplayer), 0 draw.
  ``truncated`` when the turn limit ends the game unfinished (``max_turns``).
- An illegal index ends the episode (``terminated``) with ``illegal_action_reward`` and
  ``info["illegal_action"] = True``; the game is left as it was.
- The opponent (every other seat): "random", the name of a core policy
  (``mtg_core.policies``), or a callable (state, rng) -> action code.  It acts inside
  :meth:`step` until the agent must decide again.
"""
from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..enums import Result
from ._common import (new_game, new_objects, observation_bounds, observation_size, observe, parse_decks,
                      resolve_policy, returns_of)
from .action_space import ActionSpace


class MtgEnv(gymnasium.Env):
    """Single-agent Magic: the agent is seat ``seat`` (or a random seat each episode with
    ``seat=None``), the other seats follow ``opponent``."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, decks: str | Sequence = ("bears", "bears"), opponent: Any = "random", *,
                 seat: int | None = 0, max_turns: int = 50, include_mana: bool = False,
                 mulligans: bool = True, edition: str = "seed", spare_objects: int = 64,
                 illegal_action_reward: float = -1.0, render_mode: str | None = None):
        self.decks = parse_decks(decks)
        self.n_players = len(self.decks)
        if seat is not None and not 0 <= seat < self.n_players:
            raise ValueError(f"seat {seat} is not a seat of a {self.n_players}-player game")
        self.fixed_seat = seat
        self.max_turns, self.include_mana, self.mulligans = max_turns, include_mana, mulligans
        self.edition, self.spare_objects = edition, spare_objects
        self.illegal_action_reward = float(illegal_action_reward)
        self.opponent = resolve_policy(opponent, include_mana)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        proto = self._new_game(0).state
        self.space = ActionSpace.for_state(proto)
        size = observation_size(proto)
        lo, hi = observation_bounds(size)
        self.observation_space = spaces.Box(lo, hi, (size,), np.float32)
        self.action_space = spaces.Discrete(self.space.n)
        self._mask = np.zeros(self.space.n, dtype=np.int8)
        self._legal = np.zeros(0, dtype=np.int64)
        self._objects = new_objects()
        self.game = None
        self.seat = seat if seat is not None else 0

    def _new_game(self, seed: int):
        return new_game(self.decks, seed, max_turns=self.max_turns, mulligans=self.mulligans,
                        edition=self.edition, spare_objects=self.spare_objects)

    @property
    def state(self):
        """The core State of the current episode."""
        return self.game.state

    # --- gymnasium API ---------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.game = self._new_game(int(self.np_random.integers(2**63)))
        self.seat = self.fixed_seat if self.fixed_seat is not None \
            else int(self.np_random.integers(self.n_players))
        self._opponents_play()
        return self._observation(), self._info()

    def step(self, action):
        st = self.game.state
        if st.result != Result.ONGOING:
            raise RuntimeError("step() after the episode ended: call reset()")
        action = int(action)
        if not (0 <= action < self.space.n and self._mask[action]):
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_action_reward, True, False, info
        st.apply(self.space.action(action, st))
        self._opponents_play()
        reward, terminated, truncated = 0.0, False, False
        if st.result != Result.ONGOING:
            reward = float(returns_of(st, self.n_players)[self.seat])
            truncated = st.result == Result.UNFINISHED
            terminated = not truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent's pending decision (int8; MaskablePPO's name)."""
        return self._mask.copy()

    def legal_actions(self) -> np.ndarray:
        """The indices of the legal actions of the agent's pending decision (int64, sorted;
        empty once the episode is over)."""
        return self._legal.copy()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game)
        return None

    def close(self) -> None:
        self.game = None

    # --- inside ---------------------------------------------------------------------------

    def _opponents_play(self) -> None:
        """The other seats decide until the agent must, or the game is over."""
        st = self.game.state
        while st.result == Result.ONGOING and st.decision[1] != self.seat:
            st.apply(self.opponent(st, self.np_random))
        self._mask.fill(0)
        if st.result == Result.ONGOING:
            self._legal, _ = self.space.legal(st, self.include_mana)
            self._mask[self._legal] = 1
        else:
            self._legal = np.zeros(0, dtype=np.int64)

    def _observation(self) -> np.ndarray:
        return observe(self.game.state, self.seat, objects=self._objects)

    def _info(self) -> dict:
        st = self.game.state
        # fixed shapes only: a vector env stacks each entry across its envs
        return {"action_mask": self._mask.copy(), "objects": self._objects.copy(),
                "seat": self.seat, "turn": int(st.turn),
                "decision": int(st.decision[0])}


ENV_ID = "mtg_core/Magic-v0"      # registered by mtg_core.agents.registration
