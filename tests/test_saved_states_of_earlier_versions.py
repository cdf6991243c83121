"""Saved states written by an earlier version of the engine still load, and play on exactly
as they did (tests/data/saved_states/, written by tools/make_saved_states.py).

A change that alters the state layout bumps ``STATE_VERSION`` (``Game.load`` then refuses
the old blob with a StateFormatError naming the version) or changes the card tables (the
blob's fingerprint no longer matches); only then is the corpus rewritten.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_core import Game

DATA = Path(__file__).parent / "data" / "saved_states"
EXPECTED = json.loads((DATA / "expected.json").read_text())


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_saved_state_loads_and_plays_on_unchanged(stem):
    blob = (DATA / f"{stem}.bin").read_bytes()
    game = Game.load(blob)
    assert game.save() == blob                       # the same bytes, field for field
    want = EXPECTED[stem]
    assert [repr(a) for a in game.legal_actions()] == want["legal_actions"]
    assert repr(game.clone().play_random(seed=11)) == want["result"]
