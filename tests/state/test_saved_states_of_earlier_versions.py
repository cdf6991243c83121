"""Saved states written by an earlier version of the engine still load, and play on exactly
as they did (tests/data/saved_states/, written by tools/make_saved_states.py).

A change that alters the state layout bumps ``STATE_VERSION`` (``Game.load`` then refuses
the old blob with a StateFormatError naming the version), and one that changes how one of
these cards compiles changes the blob's card-table fingerprint; only then is the corpus
rewritten.
"""
from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from mtg_core import DEFAULT_CARDS, CardDB, Game, StateFormatError, _engine
from mtg_core.game import SAVE_MAGIC

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


def test_a_blob_of_an_older_layout_version_is_refused_naming_its_version():
    """A blob whose state layout is older (here: the version field set back to 7, the
    checksum made right again) is refused for its version, before its card tables are
    compared (an older layout's tables differ too, which would hide the reason)."""
    blob = Game(["bears", "bears"], seed=1).save()
    hl = len(SAVE_MAGIC) + 16
    n_names = struct.unpack("<I", blob[len(SAVE_MAGIC) + 8:len(SAVE_MAGIC) + 12])[0]
    body = hl + n_names
    old = bytearray(blob[:-4])
    old[body:body + 4] = struct.pack("<i", _engine.STATE_VERSION - 1)
    old += struct.pack("<I", zlib.crc32(bytes(old)))
    with pytest.raises(StateFormatError, match=f"layout version {_engine.STATE_VERSION - 1}; "
                                               f"this version of mtg_core reads "
                                               f"{_engine.STATE_VERSION}"):
        Game.load(bytes(old))
