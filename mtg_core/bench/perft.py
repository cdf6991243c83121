"""``mtg-core perft STATE DEPTH``: perft counts of a saved position (``State.perft``, the
core's play/perft.pxi), with ``--divide`` and the speed in leaves per second, and the perft
positions of the test corpus (``tests/data/perft``, written by tools/make_perft_positions.py).

A position is a saved game (``Game.save``) over a card database of just its decks'
library cards, so it loads in any later version whose library still has those cards
(``Game.load`` rebuilds the database from the card list it carries).
"""
from __future__ import annotations

import json
import os
import time

from ..errors import MtgError
from ..game import Action, Game


def reference_perft(state, depth: int) -> int:
    """The same count as ``State.perft``, computed the slow, obvious way over the public
    API (a clone per node, ``legal_actions`` and ``apply``): the independent reference the
    tests compare the core's with."""
    if depth == 0:
        return 1
    if state.result != 0:
        return 0
    codes = state.legal_actions().tolist()
    if depth == 1:
        return len(codes)
    total = 0
    for code in codes:
        child = state.clone()
        if child.apply(code) != 0:
            raise MtgError(f"reference perft: listed action {code} was refused")
        total += reference_perft(child, depth - 1)
    return total


def load_position(path: str, cards=None) -> Game:
    """A saved position from a file (``Game.save`` bytes; ``cards`` as for ``Game.load``)."""
    try:
        with open(path, "rb") as f:
            blob = f.read(64 << 20)
    except OSError as err:
        raise MtgError(f"can't read {path}: {err.strerror}") from None
    return Game.load(blob, cards=cards, log=False)


def main(args) -> int:
    """``mtg-core perft`` (see cli.py for its options)."""
    game = load_position(args.state, args.cards)
    st = game.state
    if not 0 <= args.depth <= 64:
        raise MtgError(f"depth must be 0..64, not {args.depth}")
    t = time.perf_counter()
    if args.divide:
        if args.depth < 1:
            raise MtgError("--divide needs a depth of 1 or more")
        under = st.perft(args.depth, divide=True)
        seconds = time.perf_counter() - t
        total = sum(under.values())
        for code, n in under.items():
            print(f"{Action(code).describe(game)} ({code}): {n}")
        print()
    else:
        total = st.perft(args.depth)
        seconds = time.perf_counter() - t
    rate = total / seconds if seconds > 0 else float("inf")
    print(f"perft {args.depth}: {total} ({seconds:.3f} s, {rate:,.0f} leaves/s)")
    if args.json:
        print(json.dumps({"state": os.path.basename(args.state), "depth": args.depth,
                          "count": total, "seconds": seconds}))
    return 0
