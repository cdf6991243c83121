#!/usr/bin/env python
"""Fingerprints of the engine's observable behaviour, to show that a refactoring changed none
of it (run by hand before and after a move; not a test).

    python tools/behaviour_fingerprint.py [--games N] [--corpus PATH/oracle-cards.json] [--json FILE]

Prints one line per figure:

* ``tables``: the CRC of the compiled tables of the bundled library (``DEFAULT_CARDS``),
  i.e. the exact bytes every card compiles to;
* ``constants``: a SHA-256 of the core's ``constants()`` dict (every code and its value);
* ``games``: a SHA-256 over seeded games played in the core, for every pair of bundled
  decks (either order) in every rules edition under the random and the heuristic policy,
  plus 3- and 4-player games: result, winner, turns, life, how each ended, the starting
  seat and the number of decisions of each game;
* ``states``: a SHA-256 over the saved bytes (``Game.save``) of games driven from Python
  by seeded random choices among ``legal_actions()``, taken every few decisions: the state
  layout and every decision's legal actions, bit for bit;
* with ``--corpus``: ``importer``, a SHA-256 over every ordinary card's import outcome
  (its name, imported or not, the refusal reasons, and the imported card's definition),
  with the imported count.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np                                                  # noqa: E402

from mtg_core import DEFAULT_CARDS, Edition, Game, bundled_deck_names  # noqa: E402
from mtg_core import _engine                                         # noqa: E402
from mtg_core.decks import resolve_deck                              # noqa: E402
from mtg_core.policies import POLICIES                               # noqa: E402

_FIELDS = ("result", "winner", "turns", "life", "end", "starting", "decisions")


def _update(h, res: dict) -> None:
    for f in _FIELDS:
        h.update(f.encode())
        h.update(np.ascontiguousarray(res[f], dtype=np.int32).tobytes())


def games_hash(n_games: int) -> str:
    names = bundled_deck_names()
    rows = {n: resolve_deck(n).rows(DEFAULT_CARDS) for n in names}
    h = hashlib.sha256()
    seed = 1
    for edition in Edition:
        for policy in ("random", "heuristic"):
            pol = (POLICIES[policy],)
            for a in names:
                for b in names:
                    res = _engine.play_games(DEFAULT_CARDS.tables, [rows[a], rows[b]], n_games,
                                             seed, pol, 0, True, int(edition))
                    h.update(f"{edition.name}|{policy}|{a}|{b}".encode())
                    _update(h, res)
                    seed += 1
            for k in (3, 4):
                decks = [rows[names[(i * 3 + k) % len(names)]] for i in range(k)]
                res = _engine.play_games(DEFAULT_CARDS.tables, decks, n_games, seed, pol,
                                         0, True, int(edition))
                h.update(f"{edition.name}|{policy}|{k} players".encode())
                _update(h, res)
                seed += 1
    return h.hexdigest()


def states_hash(n_games: int) -> str:
    names = bundled_deck_names()
    h = hashlib.sha256()
    for i in range(n_games):
        rnd = random.Random(i)
        decks = [names[i % len(names)], names[(i * 5 + 1) % len(names)]]
        edition = list(Edition)[i % len(Edition)]
        game = Game(decks, seed=i, edition=edition)
        steps = 0
        while not game.is_over and steps < 3000:
            actions = game.legal_actions()
            game.apply(actions[rnd.randrange(len(actions))])
            steps += 1
            if steps % 25 == 0:
                h.update(game.save())
        h.update(game.save())
    return h.hexdigest()


def importer_hash(path: str) -> tuple[str, int, int]:
    from mtg_core.oracle import read_file
    from mtg_core.oracle.importer import import_record
    h = hashlib.sha256()
    ordinary = imported = 0
    for rec in read_file(path):
        if not rec.ordinary:
            continue
        ordinary += 1
        r = import_record(rec)
        ok = r.card is not None and not r.refusals
        imported += ok
        reasons = sorted(str(x) for x in r.refusals)
        h.update(json.dumps([rec.name, ok, reasons, repr(r.card)]).encode())
    return h.hexdigest(), imported, ordinary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per pair, edition and policy")
    ap.add_argument("--corpus", help="an oracle-cards.json file: also fingerprint the importer")
    ap.add_argument("--json", help="write the figures to this file too")
    args = ap.parse_args(argv)
    out: dict = {}
    t0 = time.perf_counter()
    out["tables"] = f"{DEFAULT_CARDS.tables.fingerprint & 0xFFFFFFFF:08x}"
    consts = sorted(_engine.constants().items())
    out["constants"] = hashlib.sha256(repr(consts).encode()).hexdigest()
    out["games"] = games_hash(args.games)
    out["states"] = states_hash(max(6, args.games // 4))
    if args.corpus:
        digest, imported, ordinary = importer_hash(args.corpus)
        out["importer"] = digest
        out["imported"] = f"{imported} of {ordinary}"
    for k, v in out.items():
        print(f"{k:10} {v}")
    print(f"({time.perf_counter() - t0:.1f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
