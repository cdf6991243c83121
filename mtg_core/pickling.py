"""How the compiled ``State`` pickles and deep-copies: through its bytes, checked on load.

A pickled State is its buffer with a small header and a CRC, plus its card tables:

- a State of the default card database (``DEFAULT_CARDS``, what a ``Game`` uses unless
  given ``cards=``) names that database, as :meth:`mtg_core.Game.save` does, by its tables'
  fingerprint: it loads against the default database of the loading process, and a process
  whose library differs raises :class:`StateFormatError` ("a different card database");
- any other State carries its tables as plain arrays, rebuilt (and checked) once per
  process and database, as a simulation's worker does.

Loading checks the header, the CRC and every invariant of the state (``State.from_buffer``):
a corrupt or tampered pickle raises :class:`StateFormatError`, never a bad state.
``copy.deepcopy(state)`` goes the same way (``state.clone()`` is the fast copy).  The
registration is Python's own ``copyreg`` table, made when ``mtg_core`` is imported.

>>> import pickle
>>> from mtg_core import Game
>>> st = Game(["bears", "red"], seed=2).state
>>> pickle.loads(pickle.dumps(st)) == st
True
"""
from __future__ import annotations

import copyreg
import struct
import zlib

import numpy as np

from . import _engine
from .errors import StateFormatError
from .library import DEFAULT_CARDS

STATE_MAGIC = b"MTGSTATE"
STATE_FORMAT = 1
_HEAD = struct.Struct("<II")                  # format, tables' fingerprint

# per process: fingerprint -> card tables rebuilt from a pickle (a few databases at most)
_REBUILT: dict[int, "_engine.CardTables"] = {}
_REBUILT_MAX = 16


def state_bytes(state) -> bytes:
    """The checked byte form of a State: magic, format, fingerprint, buffer, CRC."""
    blob = STATE_MAGIC + _HEAD.pack(STATE_FORMAT, state.tables.fingerprint) + state.to_bytes()
    return blob + struct.pack("<I", zlib.crc32(blob))


def _reduce_state(state):
    tables = state.tables
    ref = None if tables is DEFAULT_CARDS.tables else (tables.cards, tables.abilities, tables.program)
    return restore_state, (ref, state_bytes(state), bool(state.logging))


def _tables_of(ref, fingerprint: int):
    """The card tables a pickled state names: the default database's (None) or its arrays'."""
    if ref is None:
        tables = DEFAULT_CARDS.tables
    else:
        if not (isinstance(ref, tuple) and len(ref) == 3 and
                all(isinstance(a, np.ndarray) for a in ref)):
            raise StateFormatError("pickled state's card tables are not three arrays")
        tables = _REBUILT.get(fingerprint)
        if tables is None:
            try:
                tables = _engine.CardTables(*ref)
            except (_engine.EngineError, ValueError, TypeError) as err:
                raise StateFormatError(f"pickled state's card tables are malformed: {err}") from None
            if len(_REBUILT) >= _REBUILT_MAX:
                _REBUILT.pop(next(iter(_REBUILT)))
            _REBUILT[tables.fingerprint] = tables
    if tables.fingerprint != fingerprint:
        raise StateFormatError("pickled state was made with a different card database")
    return tables


def restore_state(ref, blob, logging=False):
    """A State from its pickle (see the module's documentation); StateFormatError when
    the data is corrupt or was made with another card database."""
    if not isinstance(blob, bytes):
        raise StateFormatError("pickled state must hold bytes")
    head = len(STATE_MAGIC) + _HEAD.size
    if len(blob) < head + 4 or not blob.startswith(STATE_MAGIC):
        raise StateFormatError("not a pickled mtg_core state (bad magic bytes or truncated)")
    (crc,) = struct.unpack("<I", blob[-4:])
    if zlib.crc32(blob[:-4]) != crc:
        raise StateFormatError("pickled state checksum mismatch: the data is corrupt")
    fmt, fingerprint = _HEAD.unpack(blob[len(STATE_MAGIC):head])
    if fmt != STATE_FORMAT:
        raise StateFormatError(f"pickled state format {fmt}; this version reads {STATE_FORMAT}")
    tables = _tables_of(ref, fingerprint)
    try:
        st = _engine.State.from_buffer(tables, blob[head:-4])
    except _engine.EngineError as err:
        raise StateFormatError(str(err)) from None
    st.logging = bool(logging)
    return st


def checked_card_db(cards):
    """An unpickled :class:`CardDB` with its tables rebuilt from their arrays (checked by
    the core, derived facts recomputed): a pickle's tables are never trusted as they are.
    StateFormatError when they are malformed or not the ones the database recorded."""
    t = cards.tables
    try:
        checked = _engine.CardTables(t.cards, t.abilities, t.program)
    except (_engine.EngineError, ValueError, TypeError, AttributeError) as err:
        raise StateFormatError(f"pickled card database's tables are malformed: {err}") from None
    if checked.fingerprint != t.fingerprint:
        raise StateFormatError("pickled card database's tables do not match their fingerprint")
    cards.tables = checked
    return cards


copyreg.pickle(_engine.State, _reduce_state)
