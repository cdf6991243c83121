"""``simulate``: many complete games in the compiled core, on local processes, Ray or Dask.

The games are cut into chunks of ``chunk_size`` (the last one shorter); chunk ``k`` plays
from the seed ``numpy.random.SeedSequence(seed).spawn(n_chunks)[k]`` gives it, and the
chunks' arrays are joined in chunk order.  Neither the chunking nor the seeds depend on the
workers or the backend, so one ``(seed, chunk_size)`` gives the same games everywhere.
"""
from __future__ import annotations

import contextlib
import math
import operator
import os
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from .. import _engine
from ..cards import CardDB
from ..deck_cards import card_database
from ..decks import Deck
from ..enums import Edition, Result
from ..errors import MtgError
from ..policies import POLICIES, PolicyParameterError, parse_policy
from .backends import BACKENDS, check_backend
from .errors import SimulationError, SimulationInterrupted
from .result import SimulationResult, concatenate, wilson_interval
from .worker import Job, seed_tables

DEFAULT_CHUNK_SIZE = 1000           # games per task: ~0.1-1 s of core time, a few ms of overhead
MAX_SEATS = 8                       # the core's MAX_PLAYERS
INT32_MAX = 2**31 - 1               # the core counts a chunk's games in int32
MAX_TURNS = _engine.constants()["TURN_MAX"]      # the core's own turn limit
MAX_GAMES = INT32_MAX               # ~20-45 bytes of arrays per game: ~40-90 GB at the cap
MAX_CHUNKS = 2**20                  # tasks of one run (the driver lists them all up front)
MAX_WORKERS = 4096
MAX_SEED = 2**128 - 1               # SeedSequence's own fresh entropy is 128 bits


@dataclass(frozen=True)
class Progress:
    """How far a run is, passed to ``simulate(progress=...)`` once when the games start
    (after every check has passed) and after each finished chunk."""
    games_done: int
    games_total: int
    elapsed: float
    wins: np.ndarray                # games won so far, per seat
    decks: tuple[str, ...]

    @property
    def games_per_s(self) -> float:
        return self.games_done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the rate so far (None before the first chunk)."""
        rate = self.games_per_s
        return (self.games_total - self.games_done) / rate if rate > 0 else None

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Seat ``seat``'s win rate so far and its Wilson 95 % interval."""
        k, n = int(self.wins[seat]), self.games_done
        lo, hi = wilson_interval(k, n)
        return (k / n if n else 0.0), lo, hi


def _int_option(name: str, value, low: int, high: int) -> int:
    what = f"{name} must be an integer {low}..{high}"
    if isinstance(value, bool):
        raise SimulationError(f"{what}, not {value!r}")
    try:
        v = operator.index(value)
    except TypeError:
        raise SimulationError(f"{what}, not {value!r}") from None
    if not low <= v <= high:
        shown = v if abs(v) < 10**40 else f"an integer of {v.bit_length()} bits"
        raise SimulationError(f"{what}, not {shown}")
    return v


def _policy_ids(policy, seats: int) -> tuple[tuple[str, ...], tuple[int, ...], tuple]:
    """The seats' policy names, POL_* codes and search parameters (as Job.search holds them)."""
    if isinstance(policy, str):
        names = (policy,) * seats
    elif isinstance(policy, Sequence) and all(isinstance(p, str) for p in policy):
        names = tuple(policy)
        if len(names) != seats:
            raise SimulationError(f"policy: {len(names)} policies for {seats} seats; give one "
                                  "name, or one per seat")
    else:
        raise SimulationError(f"policy must be a policy name or a list of one per seat, "
                              f"not {policy!r}")
    ids, search = [], []
    for n in names:
        try:
            spec = parse_policy(n)
        except PolicyParameterError as err:
            raise SimulationError(f"policy: {err}") from None
        except (KeyError, ValueError, MtgError):
            raise SimulationError(f"policy: no policy {n!r}; choose from "
                                  f"{', '.join(sorted(POLICIES))}") from None
        ids.append(spec.code)
        search.append(None if spec.search is None else tuple(sorted(spec.search.items())))
    return names, tuple(ids), tuple(search)


def _edition(edition) -> Edition:
    try:
        return Edition[edition.upper()] if isinstance(edition, str) else Edition(edition)
    except (KeyError, ValueError, AttributeError):
        raise SimulationError(f"edition: no rules edition {edition!r}; choose seed, current or "
                              "classic") from None


def chunk_seeds(seed: int, n_chunks: int) -> list[int]:
    """The seed of each chunk: ``SeedSequence(seed).spawn(n_chunks)``, one 64-bit word each."""
    return [int(c.generate_state(1, np.uint64)[0])
            for c in np.random.SeedSequence(seed).spawn(n_chunks)]


def simulate(deck_a=None, deck_b=None, games: int = 1000, *, seed: int | None = 0,
             policy: str | Sequence[str] = "random", workers: int = 1, backend: str = "local",
             chunk_size: int = DEFAULT_CHUNK_SIZE, edition: Edition | str = Edition.SEED,
             max_turns: int = 0, mulligans: bool = True, starting_player: int = -1,
             decks: Sequence | None = None, cards=None,
             progress: Callable[[Progress], None] | None = None) -> SimulationResult:
    """Play ``games`` complete games in the compiled core and return their arrays and summary.

    Decks: ``deck_a`` and ``deck_b`` (seats 0 and 1), or ``decks=[...]`` for 2 to 8 seats;
    each a :class:`Deck`, a bundled deck name or a deck file.  ``cards``: a CardDB or the
    path of a card-data file whose cards the decks may use besides the bundled library
    (default: the file ``MTG_CORE_CARDS`` names; see :mod:`mtg_core.deck_cards`).
    ``policy``: a policy name for every seat or one name per seat
    (:mod:`mtg_core.policies`).  ``workers``: processes to use, 0 = all cores (1: this
    process, no pool).  ``backend``: "local" (processes on this
    machine), "ray" or "dask": the existing connection if there is one (then ``workers``
    caps the tasks running at once, 0 = no cap), else a local cluster of ``workers``
    processes started for the run.  ``seed``: an integer >= 0, or None for fresh entropy (then ``result.seed`` tells
    it).  The result depends on ``seed`` and ``chunk_size`` only, never on ``workers`` or
    ``backend``.  ``progress(p: Progress)`` is called when the games start and after each finished
    chunk.

    Bad decks or options raise :class:`DeckError` / :class:`SimulationError` before any game
    is played; each numeric option has a range (``games`` 0..2**31-1 in at most 2**20
    chunks, ``chunk_size`` 1..2**31-1, ``max_turns`` 0..10,000,000 (the core's turn limit), ``workers`` 0..4096,
    ``seed`` 0..2**128-1), named in the error.  Ctrl-C raises :class:`SimulationInterrupted` whose ``result`` holds the
    finished chunks.

    >>> from mtg_core import simulate
    >>> r = simulate("bears", "bears", games=200, seed=1)
    >>> r.n_games, r.winner.shape, int(r.wins().sum()) <= 200
    (200, (200,), True)
    >>> rate, low, high = r.win_rate(0)           # seat 0 with its Wilson 95 % interval
    >>> low < rate < high
    True
    >>> bool((simulate("bears", "bears", games=200, seed=1, workers=2).winner == r.winner).all())
    True
    """
    # -- check everything before any work starts --------------------------------------------
    if decks is not None:
        if deck_a is not None or deck_b is not None:
            raise SimulationError("give the decks either as deck_a, deck_b or as decks=[...], "
                                  "not both")
        if isinstance(decks, (str, Deck)) or not isinstance(decks, Sequence):
            raise SimulationError(f"decks must be a list of 2 to {MAX_SEATS} decks")
        specs = list(decks)
    else:
        if deck_a is None or deck_b is None:
            raise SimulationError("two decks are needed: deck_a and deck_b (or decks=[...])")
        specs = [deck_a, deck_b]
    if not 2 <= len(specs) <= MAX_SEATS:
        raise SimulationError(f"decks: {len(specs)} decks; a simulation seats 2 to {MAX_SEATS}")
    games = _int_option("games", games, 0, MAX_GAMES)
    workers = _int_option("workers", workers, 0, MAX_WORKERS)
    chunk_size = _int_option("chunk_size", chunk_size, 1, INT32_MAX)
    max_turns = _int_option("max_turns", max_turns, 0, MAX_TURNS)
    if math.ceil(games / chunk_size) > MAX_CHUNKS:
        raise SimulationError(f"games / chunk_size: {games} games in chunks of {chunk_size} "
                              f"are {math.ceil(games / chunk_size)} chunks; at most "
                              f"{MAX_CHUNKS} (choose a larger chunk_size)")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    seed = _int_option("seed", seed, 0, MAX_SEED)
    if not isinstance(mulligans, (bool, np.bool_)):
        raise SimulationError(f"mulligans must be True or False, not {mulligans!r}")
    if isinstance(starting_player, bool) or not isinstance(starting_player, (int, np.integer)) \
            or not -1 <= starting_player < len(specs):
        raise SimulationError(f"starting_player must be -1 (random) or a seat 0..{len(specs) - 1}, "
                              f"not {starting_player!r}")
    if backend not in BACKENDS:
        raise SimulationError(f"backend: no backend {backend!r}; choose {', '.join(BACKENDS)}")
    check_backend(backend)
    if backend == "local" and workers == 0:
        workers = os.cpu_count() or 1
    if progress is not None and not callable(progress):
        raise SimulationError("progress must be a callable taking a Progress")
    ed = _edition(edition)
    if cards is not None and not isinstance(cards, (CardDB, str, os.PathLike)):
        raise SimulationError(f"cards must be a CardDB or the path of a card data file, not "
                              f"{type(cards).__name__}")
    # DeckError (UnplayableDeckError) names every card of every deck that can't be played
    cards, resolved = card_database(specs, cards)
    rows = tuple(tuple(d.rows(cards)) for d in resolved)
    names, ids, search = _policy_ids(policy, len(specs))

    job = Job.of(cards.tables, decks=rows, policies=ids, search=search, max_turns=max_turns,
                 mulligans=bool(mulligans), edition=int(ed), starting_player=int(starting_player))
    seed_tables(cards.tables)
    n_chunks = math.ceil(games / chunk_size)
    seeds = chunk_seeds(seed, n_chunks)
    tasks = [(k, seeds[k], min(chunk_size, games - k * chunk_size)) for k in range(n_chunks)]
    deck_names = tuple(d.name for d in resolved)

    # -- run -------------------------------------------------------------------------------
    parts: dict[int, dict[str, np.ndarray]] = {}
    wins = np.zeros(len(specs), dtype=np.int64)
    done = 0
    core_s = 0.0
    t0 = time.perf_counter()

    def result(complete: bool) -> SimulationResult:
        arrays = concatenate([parts[k] for k in sorted(parts)], len(specs))
        return SimulationResult(
            decks=deck_names, policies=names, seed=seed, games_requested=games,
            chunk_size=chunk_size, edition=ed.name.lower(), max_turns=max_turns,
            mulligans=bool(mulligans), backend=backend, workers=workers,
            elapsed=time.perf_counter() - t0, arrays=arrays, complete=complete,
            core_seconds=core_s)

    try:
        if progress is not None:                # the run starts: every check has passed
            progress(Progress(0, games, 0.0, wins.copy(), deck_names))
        with contextlib.closing(BACKENDS[backend](job, tasks, workers)) as running:
            for k, arrays, seconds in running:
                parts[k] = arrays
                core_s += seconds
                done += len(arrays["result"])
                won = np.asarray(arrays["winner"])[np.asarray(arrays["result"]) == Result.WIN]
                wins += np.bincount(won.astype(np.int64), minlength=len(specs))[:len(specs)]
                if progress is not None:
                    progress(Progress(done, games, time.perf_counter() - t0, wins.copy(),
                                      deck_names))
    except KeyboardInterrupt:
        raise SimulationInterrupted(result(complete=False)) from None
    return result(complete=True)
