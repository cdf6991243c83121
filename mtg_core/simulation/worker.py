"""What runs in a worker process: one chunk of games in the compiled core.

A :class:`Job` holds what every chunk of a run shares (the card tables as plain arrays, the
decks as card-table rows, the policies and the game options); it is sent to each worker
once (a local worker's start, ``ray.put``, a Dask ``scatter``).  A chunk is only
``(index, seed, games)``.  Each worker process builds the core's card tables once per card
database (cached by the tables' fingerprint), not once per chunk.
"""
from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass

import numpy as np

from .. import _engine

_TABLES: dict[int, "_engine.CardTables"] = {}     # per process: fingerprint -> tables


@dataclass(frozen=True)
class Job:
    fingerprint: int
    cards: np.ndarray
    abilities: np.ndarray
    program: np.ndarray
    decks: tuple[tuple[int, ...], ...]      # card-table rows of each seat's deck
    policies: tuple[int, ...]               # policy id of each seat
    max_turns: int
    mulligans: bool
    edition: int
    starting_player: int
    search: tuple = ()                      # each seat's search parameters (ismcts) as sorted items, or None

    @staticmethod
    def of(tables: "_engine.CardTables", **kw) -> "Job":
        return Job(tables.fingerprint, tables.cards, tables.abilities, tables.program, **kw)

    def tables(self) -> "_engine.CardTables":
        """The core's card tables for this job, built once per process."""
        t = _TABLES.get(self.fingerprint)
        if t is None:
            t = _TABLES[self.fingerprint] = _engine.CardTables(self.cards, self.abilities,
                                                               self.program)
        return t


def seed_tables(tables: "_engine.CardTables") -> None:
    """Let this process reuse tables it already has (the driver's own, for workers=1)."""
    _TABLES.setdefault(tables.fingerprint, tables)


def run_chunk(job: Job, index: int, seed: int,
              games: int) -> tuple[int, dict[str, np.ndarray], float]:
    """Play chunk ``index``: ``games`` games from ``seed``, the whole loop in the core.
    Returns the index, the arrays and the seconds the core took (to tell a backend's
    overhead from the games' own time)."""
    t0 = time.perf_counter()
    out = _engine.play_games(job.tables(), [list(d) for d in job.decks], games, seed,
                             list(job.policies), job.max_turns, job.mulligans, job.edition,
                             job.starting_player,
                             search=[None if s is None else dict(s) for s in job.search] or None)
    return index, out, time.perf_counter() - t0


# -- a local worker process ------------------------------------------------------------------
def serve(job: Job, conn) -> None:
    """A local worker's loop: build the tables, say ``("ready", pid)``, then play each chunk
    ``(index, seed, games)`` the parent sends and answer ``("done", result)`` or
    ``("error", index, exception)``, until the parent sends None or goes away.  Ctrl-C is
    left to the parent (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    job.tables()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            task = conn.recv()
        except EOFError:                        # the parent is gone
            return
        if task is None:
            return
        try:
            answer = ("done", run_chunk(job, *task))
        except Exception as err:                # handed to the parent, which raises it
            answer = ("error", task[0], err)
        try:
            conn.send(answer)
        except Exception as err:                # e.g. an exception that can't be pickled
            conn.send(("error", task[0], RuntimeError(f"chunk {task[0]}: {err!r}")))
