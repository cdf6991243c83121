"""Policies compiled in the core, chosen by name, and batches of games played by them.

>>> from mtg_core.policies import play_games
>>> out = play_games(["bears", "bears"], 10, seed=1, policies=("heuristic", "random"))
>>> sorted(out)
['decisions', 'end', 'life', 'result', 'starting', 'turns', 'winner']

A policy answers every decision of its seat inside the core (no Python per decision).
Each seat's policy draws from its own random stream, seeded from (seed, game, seat), so
changing one seat's policy never changes a game's shuffles (docs/architecture.md, Principles: determinism).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from . import _engine
from .deck_cards import card_database
from .enums import Edition
from .errors import MtgError
from .game import _edition, _engine_error

_C = _engine.constants()

#: Policy name -> POL_* code of the core.
POLICIES: dict[str, int] = {"random": _C["POL_RANDOM"], "heuristic": _C["POL_HEURISTIC"]}

#: END_* code -> short name: how a game ended (the "end" column of :func:`play_games`).
END_NAMES: dict[int, str] = {_C["END_NONE"]: "none", _C["END_LIFE"]: "life",
                             _C["END_EMPTY_LIBRARY"]: "empty_library", _C["END_POISON"]: "poison",
                             _C["END_CONCESSION"]: "concession", _C["END_DRAW"]: "draw",
                             _C["END_TURN_LIMIT"]: "turn_limit", _C["END_ABORTED"]: "aborted",
                             _C["END_NO_ACTION"]: "no_action"}


class UnknownPolicyError(MtgError, ValueError):
    """A policy name the core does not have."""


def policy_id(name: str | int) -> int:
    """The POL_* code of a policy given by name (or already a code)."""
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool):
        if int(name) in POLICIES.values():
            return int(name)
    elif isinstance(name, str) and name.lower() in POLICIES:
        return POLICIES[name.lower()]
    raise UnknownPolicyError(f"no policy {name!r}; the known policies are "
                             f"{', '.join(sorted(POLICIES))}")


def play_games(decks: Sequence, n_games: int, seed: int = 0,
               policies: Sequence[str | int] | str = ("random",), *, cards=None,
               max_turns: int = 0, mulligans: bool = True, edition: Edition | str = "seed",
               starting_player: int = -1) -> dict[str, np.ndarray]:
    """Play ``n_games`` games of ``decks`` (2 to 8 deck names, files or :class:`Deck`, in
    turn order) inside the core, GIL released.  ``policies`` names one policy per seat, or
    one for every seat.  Game i is ``Game(decks, seed=seed + i)``'s game; ``starting_player``
    -1 chooses the starting player at random per game (103.1).

    Returns numpy arrays, one row per game: "result" (Result codes), "winner" (seat, -1
    none), "turns", "life" (games x seats final life totals), "end" (END_* codes, see
    :data:`END_NAMES`), "starting" (the seat that took the first turn) and "decisions"."""
    if not 2 <= len(decks) <= 8:
        raise MtgError(f"a game has 2 to 8 players, not {len(decks)}")
    if isinstance(policies, (str, int)):
        policies = (policies,)
    pol = [policy_id(p) for p in policies]
    if len(pol) not in (1, len(decks)):
        raise MtgError(f"{len(pol)} policies for {len(decks)} seats (give one per seat, or one for all)")
    if not -1 <= starting_player < len(decks):
        raise MtgError(f"starting_player {starting_player} is not a seat (or -1: random, 103.1)")
    if n_games < 0:
        raise MtgError(f"a negative number of games ({n_games})")
    cards, resolved = card_database(decks, cards)      # a CardDB or a card-data file
    rows = [d.rows(cards) for d in resolved]
    try:
        return _engine.play_games(cards.tables, rows, n_games, seed & (2**64 - 1), pol,
                                  max_turns, mulligans, _edition(edition), starting_player)
    except _engine.EngineError as err:
        raise _engine_error(err) from None
