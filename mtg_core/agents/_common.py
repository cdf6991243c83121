"""What the adapters share: building games from simple parameters, the seats' returns,
opponent policies, and the observation vector of the core."""
from __future__ import annotations

import re
from typing import Callable, Sequence

import numpy as np

from .. import _engine
from ..enums import Result
from ..game import Game
from .action_space import ActionSpace

_C = _engine.constants()
A_ACTIVATE_MANA = _C["A_ACTIVATE_MANA"]

# An opponent policy: (state, rng) -> an action code legal in state.
Policy = Callable[[object, np.random.Generator], int]


def parse_decks(decks: str | Sequence) -> list:
    """Decks as a sequence, or one string "bears;gruul" or "bears,gruul" (OpenSpiel's
    parameters are scalars; its game strings can't hold a comma in a value, hence ";")."""
    if isinstance(decks, str):
        decks = [d.strip() for d in re.split(r"[;,]", decks) if d.strip()]
    decks = list(decks)
    if not 2 <= len(decks) <= _C["MAX_PLAYERS"]:
        raise ValueError(f"a game has 2 to {_C['MAX_PLAYERS']} decks, not {len(decks)}")
    return decks


def new_game(decks: Sequence, seed: int, *, max_turns: int, mulligans: bool, edition: str,
             spare_objects: int, cards=None) -> Game:
    """A game without a log (agents read observations, not text)."""
    return Game(decks, seed=seed, max_turns=max_turns, mulligans=mulligans, edition=edition,
                spare_objects=spare_objects, cards=cards, log=False)


def returns_of(state, n_players: int) -> np.ndarray:
    """Zero-sum returns of a finished game: +1 to the winner and -1/(n-1) to each other
    seat; 0 to everyone for a draw, an unfinished game (turn limit) or an aborted one."""
    out = np.zeros(n_players, dtype=np.float64)
    if state.result == Result.WIN and state.winner >= 0:
        out[:] = -1.0 / (n_players - 1)
        out[state.winner] = 1.0
    return out


def legal_codes(state, include_mana: bool) -> np.ndarray:
    codes = state.legal_actions()
    if not include_mana and codes.size:
        codes = codes[(codes & 255) != A_ACTIVATE_MANA]
    return codes


def resolve_policy(spec: "str | Policy", include_mana: bool = False) -> Policy:
    """An opponent policy: "random" (uniform over the legal actions, mana abilities on
    their own left out unless ``include_mana``), the name of a policy compiled in the core
    (``mtg_core.policies``, e.g. "heuristic"), or a callable (state, rng) -> action code."""
    if callable(spec):
        return spec
    if spec == "random":
        def random_policy(state, rng: np.random.Generator) -> int:
            return int(state.random_action(int(rng.integers(2**63)), include_mana))
        return random_policy
    try:
        from .. import policies                          # the core's policies (POL_*)
    except ImportError:
        raise ValueError(f"unknown opponent policy {spec!r}: this build has only 'random' "
                         "(no mtg_core.policies)") from None
    pid = policies.policy_id(spec)                        # raises, listing the known names

    def core_policy(state, rng: np.random.Generator) -> int:
        return int(state.policy_action(pid, int(rng.integers(2**63))))
    core_policy.__name__ = f"core_policy_{spec}"
    return core_policy


def observation_size(state) -> int:
    """Length of the core's observation vector for this state's seats and capacity."""
    return int(state.observation_size())


OBS_SLOTS = _C["OBS_SLOTS"]


def observe(state, player: int, out: np.ndarray | None = None,
            objects: np.ndarray | None = None) -> np.ndarray:
    """The core's observation of ``player`` (float32), into ``out`` when given; ``objects``
    (int32, ``OBS_SLOTS`` entries) gets the object id each slot shows (-1: none), the ids
    actions name (``ActionSpace.slot_args`` links the two)."""
    return state.observation(player, out=out, objects=objects)


def new_objects() -> np.ndarray:
    """An empty slot -> object id array for :func:`observe`."""
    return np.full(OBS_SLOTS, -1, dtype=np.int32)


def observation_bounds(size: int) -> tuple[float, float]:
    """The bounds of every observation entry: the core writes counts, ids and small codes,
    all well inside +-2**24 (exact in float32)."""
    return -float(2**24), float(2**24)


__all__ = ["ActionSpace", "OBS_SLOTS", "Policy", "legal_codes", "new_game", "new_objects", "observation_size", "parse_decks",
           "resolve_policy", "returns_of"]
