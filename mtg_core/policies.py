"""Policies compiled in the core, chosen by name, and batches of games played by them.

>>> from mtg_core.policies import play_games
>>> out = play_games(["bears", "bears"], 10, seed=1, policies=("heuristic", "random"))
>>> sorted(out)
['decisions', 'end', 'life', 'result', 'starting', 'turns', 'winner']

A policy answers every decision of its seat inside the core (no Python per decision).
Each seat's policy draws from its own random stream, seeded from (seed, game, seat), so
changing one seat's policy never changes a game's shuffles (docs/architecture.md, Principles: determinism).

A policy is named by a string: ``"random"``, ``"heuristic"``, or ``"ismcts"`` with its
search parameters after a colon, e.g. ``"ismcts:iters=400,c=0.7,rollout=heuristic,decay=0.99"``
or ``"ismcts:time=20"`` (see :data:`SEARCH_PARAMETERS` and docs/agents.md, "ISMCTS").

>>> parse_policy("ismcts:iters=400,rollout=heuristic").search["iters"]
400
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from . import _engine
from .deck_cards import card_database
from .enums import Edition
from .errors import MtgError
from .game import _edition, _engine_error

_C = _engine.constants()

#: Policy name -> POL_* code of the core.
POLICIES: dict[str, int] = {"random": _C["POL_RANDOM"], "heuristic": _C["POL_HEURISTIC"],
                            "ismcts": _C["POL_ISMCTS"]}

#: END_* code -> short name: how a game ended (the "end" column of :func:`play_games`).
END_NAMES: dict[int, str] = {_C["END_NONE"]: "none", _C["END_LIFE"]: "life",
                             _C["END_EMPTY_LIBRARY"]: "empty_library", _C["END_POISON"]: "poison",
                             _C["END_CONCESSION"]: "concession", _C["END_DRAW"]: "draw",
                             _C["END_TURN_LIMIT"]: "turn_limit", _C["END_ABORTED"]: "aborted",
                             _C["END_NO_ACTION"]: "no_action"}

#: The parameters of ``ismcts:...``: name in the policy string -> (SearchParams field, type,
#: what it is).  Defaults: _engine.SEARCH_DEFAULTS (200 iterations when no budget is given).
SEARCH_PARAMETERS: dict[str, tuple[str, type, str]] = {
    "iters": ("iters", int, "iterations per decision (all threads together)"),
    "time": ("time_ms", float, "milliseconds per decision (with iters too: the first reached)"),
    "c": ("c", float, "UCB1 exploration constant (rewards are in [0, 1])"),
    "rollout": ("rollout", str, "playout policy of every seat: random or heuristic"),
    "decay": ("decay", float, "reward decay per turn in (0, 1]: win sooner, lose later"),
    "nodes": ("max_nodes", int, "node cap of each tree (48 bytes a node)"),
    "threads": ("threads", int, "root-parallel trees on threads"),
    "horizon": ("horizon", int, "turns a playout runs before it is scored by life (0: to the end)"),
    "bias": ("bias", float, "progressive bias toward the heuristic's answer (0: none)"),
}
_FIELD_TO_NAME = {f: n for n, (f, _, _) in SEARCH_PARAMETERS.items()}


class UnknownPolicyError(MtgError, ValueError):
    """A policy name the core does not have."""


class PolicyParameterError(MtgError, ValueError):
    """A policy string's parameters are not the policy's, or out of range."""


@dataclass(frozen=True)
class PolicySpec:
    """One seat's policy: its name as given, its POL_* code, and (ismcts) the search
    parameters as the core takes them (SearchParams field names)."""
    name: str
    code: int
    search: dict | None = field(default=None, compare=True)


def _number(name: str, kind: type, text: str, policy: str):
    if kind is str:
        if text.lower() not in ("random", "heuristic"):
            raise PolicyParameterError(f"{policy!r}: rollout must be random or heuristic, not {text!r}")
        return POLICIES[text.lower()]
    try:
        return int(text) if kind is int else float(text)
    except ValueError:
        raise PolicyParameterError(f"{policy!r}: {name} must be {'an integer' if kind is int else 'a number'}, "
                                   f"not {text!r}") from None


def parse_policy(spec: "str | int | PolicySpec") -> PolicySpec:
    """A policy given by name (``"heuristic"``), by name and parameters
    (``"ismcts:iters=400,c=0.7"``), by POL_* code, or already parsed.  Raises
    :class:`UnknownPolicyError` for a name the core does not have and
    :class:`PolicyParameterError` naming a bad parameter (unknown, malformed, out of range)."""
    if isinstance(spec, PolicySpec):
        return spec
    if isinstance(spec, (int, np.integer)) and not isinstance(spec, bool):
        for name, code in POLICIES.items():
            if code == int(spec):
                return parse_policy(name)
        raise UnknownPolicyError(f"no policy {spec!r}; the known policies are {', '.join(sorted(POLICIES))}")
    if not isinstance(spec, str):
        raise UnknownPolicyError(f"a policy is a name such as 'heuristic' or 'ismcts:iters=400', "
                                 f"not {spec!r}")
    name, sep, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in POLICIES:
        raise UnknownPolicyError(f"no policy {spec!r}; the known policies are {', '.join(sorted(POLICIES))}")
    if name != "ismcts":
        if sep:
            raise PolicyParameterError(f"{spec!r}: the {name} policy takes no parameters")
        return PolicySpec(name, POLICIES[name])
    search: dict = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lower()
        if not eq or key not in SEARCH_PARAMETERS:
            raise PolicyParameterError(
                f"{spec!r}: {item!r} is not a parameter=value of ismcts (the parameters are "
                f"{', '.join(SEARCH_PARAMETERS)})")
        fld, kind, _ = SEARCH_PARAMETERS[key]
        if fld in search:
            raise PolicyParameterError(f"{spec!r}: {key} is given twice")
        search[fld] = _number(key, kind, value.strip(), spec)
    try:
        _engine.check_search_params(search)         # the core's ranges, one place
    except _engine.EngineError as err:
        msg = str(err)
        for fld, nm in _FIELD_TO_NAME.items():
            msg = msg.replace(f"parameter {fld} ", f"parameter {nm} ")
        raise PolicyParameterError(f"{spec!r}: {msg}") from None
    return PolicySpec(spec.strip(), POLICIES["ismcts"], search)


def parse_policies(policies, seats: int) -> list[PolicySpec]:
    """One :class:`PolicySpec` per seat from one policy for every seat or one per seat."""
    if isinstance(policies, (str, int, PolicySpec)):
        policies = (policies,)
    specs = [parse_policy(p) for p in policies]
    if len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise MtgError(f"{len(specs)} policies for {seats} seats (give one per seat, or one for all)")
    return specs


def split_policies(text: str) -> "str | list[str]":
    """A command line's ``--policy``: one policy, or one per seat separated by commas, where
    a comma followed by ``name=value`` continues the parameters of an ismcts policy:
    ``"ismcts:iters=400,c=0.7,heuristic"`` is ``["ismcts:iters=400,c=0.7", "heuristic"]``.

    >>> split_policies("ismcts:iters=400,c=0.7,heuristic")
    ['ismcts:iters=400,c=0.7', 'heuristic']
    >>> split_policies("ismcts:time=20")
    'ismcts:time=20'
    """
    parts: list[str] = []
    for item in text.split(","):
        if parts and "=" in item and ":" not in item and ":" in parts[-1]:
            parts[-1] += "," + item
        else:
            parts.append(item)
    return parts[0] if len(parts) == 1 else parts


def policy_id(name: "str | int | PolicySpec") -> int:
    """The POL_* code of a policy given by name (or already a code)."""
    return parse_policy(name).code


def play_games(decks: Sequence, n_games: int, seed: int = 0,
               policies: Sequence[str | int | PolicySpec] | str = ("random",), *, cards=None,
               max_turns: int = 0, mulligans: bool = True, edition: Edition | str = "seed",
               starting_player: int = -1) -> dict[str, np.ndarray]:
    """Play ``n_games`` games of ``decks`` (2 to 8 deck names, files or :class:`Deck`, in
    turn order) inside the core, GIL released.  ``policies`` names one policy per seat, or
    one for every seat (a name, ``"ismcts:..."`` with its parameters, or a :class:`PolicySpec`).  Game i is ``Game(decks, seed=seed + i)``'s game; ``starting_player``
    -1 chooses the starting player at random per game (103.1).

    Returns numpy arrays, one row per game: "result" (Result codes), "winner" (seat, -1
    none), "turns", "life" (games x seats final life totals), "end" (END_* codes, see
    :data:`END_NAMES`), "starting" (the seat that took the first turn) and "decisions"."""
    if not 2 <= len(decks) <= 8:
        raise MtgError(f"a game has 2 to 8 players, not {len(decks)}")
    specs = parse_policies(policies, len(decks))
    if not -1 <= starting_player < len(decks):
        raise MtgError(f"starting_player {starting_player} is not a seat (or -1: random, 103.1)")
    if n_games < 0:
        raise MtgError(f"a negative number of games ({n_games})")
    cards, resolved = card_database(decks, cards)      # a CardDB or a card-data file
    rows = [d.rows(cards) for d in resolved]
    try:
        return _engine.play_games(cards.tables, rows, n_games, seed & (2**64 - 1),
                                  [s.code for s in specs], max_turns, mulligans,
                                  _edition(edition), starting_player,
                                  search=[s.search for s in specs])
    except _engine.EngineError as err:
        raise _engine_error(err) from None
