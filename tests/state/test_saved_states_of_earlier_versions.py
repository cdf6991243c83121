"""Saved states written by an earlier version of the engine still load, and play on exactly
as they did (tests/data/saved_states/, written by tools/make_saved_states.py).

A change that alters the state layout bumps ``STATE_VERSION`` (``Game.load`` then refuses
the old blob with a StateFormatError naming the version), and one that changes how one of
these cards compiles changes the blob's card-table fingerprint; only then is the corpus
rewritten.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_core import DEFAULT_CARDS, CardDB, Game

DATA = Path(__file__).parents[1] / "data" / "saved_states"
EXPECTED = json.loads((DATA / "expected.json").read_text())


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_saved_state_loads_and_plays_on_unchanged(stem):
    blob = (DATA / f"{stem}.bin").read_bytes()
    want = EXPECTED[stem]
    # the blob's card database: the library cards it names, in sorted order, so that the
    # corpus stays valid when the library gains cards (and fails when one of these changes)
    game = Game.load(blob, cards=CardDB([DEFAULT_CARDS[n] for n in want["cards"]]))
    assert game.save() == blob                       # the same bytes, field for field
    assert [repr(a) for a in game.legal_actions()] == want["legal_actions"]
    assert repr(game.clone().play_random(seed=11)) == want["result"]
