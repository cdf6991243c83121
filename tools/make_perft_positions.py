#!/usr/bin/env python
"""Write the perft corpus, tests/data/perft/: saved positions and their pinned counts.

    python tools/make_perft_positions.py [--out tests/data/perft] [--seconds 1.0]

Positions come from seeded random games of the bundled decks in every rules edition, with
2, 3 and 4 players: for each configuration the first position of each kind of decision
(mulligans, priority in a main phase with many actions, targets, triggers to order, the
legend rule, attackers, blockers, damage orders and assignments, the classic edition's
damage on the stack, ...).  Each is saved over a card database of just its decks' cards
(mtg_core.bench.perft).  Its counts are computed at depths 1, 2, ... while a depth takes at
most ``--seconds``; ``positions.json`` pins them, with what each position exercises and the
depth the tests check (the deepest that took at most 0.05 s).  Rerun it only when a rules
change is meant to change the counts, and say which in the commit.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mtg_core import DEFAULT_CARDS, CardDB, Decision, Game, Step, bundled_deck  # noqa: E402

CONFIGS = [                     # (decks, edition)
    (("bears", "bears"), "seed"),
    (("red", "white"), "seed"), (("red", "white"), "current"), (("red", "white"), "classic"),
    (("gruul", "white_weenie"), "seed"), (("gruul", "white_weenie"), "classic"),
    (("green_black", "blue_control"), "seed"), (("green_black", "blue_control"), "current"),
    (("red", "white", "gruul"), "current"),
    (("bears", "red", "white", "gruul"), "seed"),
]
MAX_POSITIONS = 60
GAMES_PER_CONFIG = 6
CHECK_SECONDS = 0.05


def _db(decks) -> CardDB:
    names = sorted({n for d in decks for _, n in bundled_deck(d).entries})
    return CardDB([DEFAULT_CARDS[n] for n in names])


def _kind(game: Game) -> str | None:
    d = game.decision
    if d is None or d.kind == Decision.NONE:
        return None
    if d.kind == Decision.PRIORITY:
        if game.step == Step.MAIN and len(game.state.legal_actions()) >= 8:
            return "priority in a main phase with 8+ actions"
        if game.stack():
            return "priority with something on the stack"
        return None
    return d.kind.name.lower().replace("_", " ")


def positions():
    seen: dict[tuple, tuple] = {}
    for decks, edition in CONFIGS:
        db = _db(decks)
        for seed in range(GAMES_PER_CONFIG):
            g = Game(list(decks), seed=seed, cards=db, edition=edition, log=False)
            st = g.state
            for i in range(3000):
                if g.is_over:
                    break
                kind = _kind(g)
                if kind is not None:
                    # combat and the stack differ by edition (damage on the stack, orders);
                    # the rest once per number of players
                    by_edition = kind.startswith(("declare", "damage", "assign", "priority"))
                    key = (kind, edition if by_edition else "", len(decks))
                    if key not in seen:
                        seen[key] = (g.save(), decks, edition, kind, g.turn)
                st.apply(st.random_action(seed * 100003 + i))
    return list(seen.values())[:MAX_POSITIONS]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "tests",
                                                  "data", "perft"))
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    index = {}
    for k, (blob, decks, edition, kind, turn) in enumerate(positions()):
        name = f"{k:02d}-{kind.replace(' ', '-').replace('+', '')}-{edition}-{len(decks)}p"
        with open(os.path.join(args.out, name + ".bin"), "wb") as f:
            f.write(blob)
        st = Game.load(blob, log=False).state
        counts, check = {}, 0
        for depth in range(1, 65):
            t = time.perf_counter()
            counts[str(depth)] = st.perft(depth)
            took = time.perf_counter() - t
            if took <= CHECK_SECONDS:
                check = depth
            if took > args.seconds or depth >= 12:
                break
        index[name] = {"file": name + ".bin", "exercises": f"{kind} ({edition} edition, "
                       f"{' vs '.join(decks)}, turn {turn})", "decks": list(decks),
                       "edition": edition, "counts": counts, "check_depth": check}
        print(f"{name}: {counts}", flush=True)
    with open(os.path.join(args.out, "positions.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, indent=1)
    print(f"{len(index)} positions in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
