#!/usr/bin/env python
"""Writes the saved-state corpus of tests/data/saved_states/ (run by hand; not a test).

    python tools/make_saved_states.py

Each blob is a ``Game.save()`` of a game of bundled decks, taken part way through a game
driven by the state's own seeded random actions, in every rules edition and with 2 to 4
players; ``expected.json`` records, for each, what the test checks after loading it with
this version: the library cards of its card database, the legal actions, and the result of finishing the game at random.  Rewrite
the corpus only when a change is meant to change saved states (then ``STATE_VERSION`` or
the card tables changed, and the test says which blob no longer loads).
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mtg_core import DEFAULT_CARDS, CardDB, Edition, Game           # noqa: E402
from mtg_core.decks import resolve_deck                              # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "saved_states")

#: (file stem, decks, edition, seed, random actions taken before saving)
CASES = (
    ("bears_seed_turn3", ("bears", "bears"), Edition.SEED, 1, 60),
    ("red_white_current_combat", ("red", "white"), Edition.CURRENT, 2, 220),
    ("gruul_ww_classic", ("gruul", "white_weenie"), Edition.CLASSIC, 3, 300),
    ("blue_control_red_seed", ("blue_control", "red"), Edition.SEED, 4, 400),
    ("green_black_white_current", ("green_black", "white"), Edition.CURRENT, 5, 500),
    ("three_players_seed", ("gruul", "red", "white"), Edition.SEED, 6, 450),
    ("four_players_classic", ("bears", "gruul", "red", "white_weenie"), Edition.CLASSIC, 7, 600),
    ("mulligan_decision", ("white_weenie", "blue_control"), Edition.SEED, 8, 0),
)


def card_db(names) -> CardDB:
    """The cards of the bundled library named (sorted): a saved state is tied to its card
    tables, and this keeps a blob valid when the library gains cards."""
    return CardDB([DEFAULT_CARDS[n] for n in sorted(set(names))])


def deck_card_names(decks) -> list[str]:
    return sorted({n for d in decks for _, n in resolve_deck(d).entries})


def describe(game: Game) -> dict:
    result = game.clone().play_random(seed=11)
    return {"legal_actions": [repr(a) for a in game.legal_actions()] if not game.is_over else [],
            "result": repr(result)}


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    expected = {}
    for stem, decks, edition, seed, steps in CASES:
        names = deck_card_names(decks)
        game = Game(list(decks), seed=seed, edition=edition, cards=card_db(names))
        for i in range(steps):
            if game.is_over:
                break
            game.apply(game.state.random_action(seed * 100003 + i, False))
        with open(os.path.join(OUT, stem + ".bin"), "wb") as f:
            f.write(game.save())
        expected[stem] = {"cards": names, **describe(game)}
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {len(CASES)} saved states to {os.path.normpath(OUT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
