"""A user's card-data file, opened for the cards some decks use: names looked up in every
spelling, only the named cards imported, what was imported cached on disk.

The file is one of the formats :mod:`.sources` reads (MTGJSON ``AtomicCards.json``, a
Scryfall oracle-cards list, the ``oracle-cards.json`` corpus).  It is the user's: the
package ships no card data.

**Names.**  Every card of the file a deck may hold (:func:`deck_card`) is indexed under the folded form
(:func:`mtg_core.card_names.name_key`) of its full name ("Fire // Ice") and of each face's
name ("Fire", "Ice"; a double-faced card's front and back), so a deck list may spell it
either way, in any case, with or without diacritics.  A full name wins over a face name;
a face name two cards share matches neither.

**Cache.**  Reading and indexing a large file takes seconds; importing a card, milliseconds
each.  So what a lookup learns is kept in one JSON file per card-data file under the cache
folder (``MTG_CORE_CACHE``, else ``$XDG_CACHE_HOME/mtg_core``, else ``~/.cache/mtg_core``),
named by the SHA-256 of the card-data file's bytes and of the importer's own source (a new
version of the importer never reuses an old one's results): the name index and, per card
looked up, its definition (:func:`.output.card_to_data`) or its refusals.  A later run reads
only the cache unless it names a card not looked up before.  A cache file that can't be
read (truncated, edited) is ignored and rewritten; its definitions are rebuilt through the
same checks as any card document (:func:`.output.card_from_data`).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .. import cards as C
from ..card_names import name_key
from ..errors import CardScriptError
from .output import card_from_data, card_to_data
from .sources import CardDataError, CardRecord, read_bytes, records_from_bytes

CACHE_FORMAT = 2
_PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Lookup:
    """What a card-data file says about one name: the card (``card``, and ``name``, the
    name it plays under: a double-faced card's front face, a split card's "A // B") or why
    there is none (``name`` the file's full name, if it has the card; ``problem``: not in
    the file, or the importer's refusals, each a line)."""
    asked: str
    name: str | None = None
    card: C.Card | None = None
    problem: tuple[str, ...] = ()
    features: tuple[str, ...] = ()          # "category: feature" of each refusal, for ranking

    @property
    def ok(self) -> bool:
        return self.card is not None


def cache_dir() -> Path:
    """Where imported cards are cached (see the module docstring)."""
    if os.environ.get("MTG_CORE_CACHE"):
        return Path(os.environ["MTG_CORE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mtg_core"


_CODE_DIGEST: str | None = None


def _code_digest() -> str:
    """A hash of the source of the importer and the card language (whatever changes what an
    import gives) and of the core's constants."""
    global _CODE_DIGEST
    if _CODE_DIGEST is None:
        from .. import _engine
        h = hashlib.sha256(repr(sorted(_engine.constants().items())).encode())
        for sub in ("oracle", "cards"):
            for path in sorted((_PACKAGE / sub).rglob("*.py")):
                h.update(path.relative_to(_PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
        _CODE_DIGEST = h.hexdigest()[:16]
    return _CODE_DIGEST


def deck_card(rec: CardRecord) -> bool:
    """A card a deck may hold: an ordinary paper card, or a "funny" one (Unfinity's cards
    without acorns are legal in eternal formats, and the decks that play them name them;
    the importer decides whether they can be played)."""
    return dataclasses.replace(rec, funny=False).ordinary


def name_index(records: Iterable[CardRecord]) -> dict[str, str | None]:
    """Folded name -> the card's full name, for every card a deck may hold (None: a face
    name two cards share, so it names neither)."""
    full: dict[str, str] = {}
    faces: dict[str, str | None] = {}
    for rec in records:
        if not deck_card(rec):
            continue
        full.setdefault(name_key(rec.name), rec.name)
        for face in rec.faces:
            key = name_key(face.name)
            if faces.get(key, rec.name) != rec.name:
                faces[key] = None
            else:
                faces[key] = rec.name
    return {**faces, **full}


class CardFile:
    """One card-data file, for looking up and importing the cards decks name."""

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        data = read_bytes(path)
        self.digest = hashlib.sha256(data).hexdigest()
        self._data: bytes | None = data            # dropped once the index is cached
        self._records: dict[str, CardRecord] | None = None
        self._cache_path = cache_dir() / f"cards-{self.digest[:24]}-{_code_digest()}.json"
        self._index: dict[str, str | None] | None = None
        self._cards: dict[str, dict] = {}          # full name -> {"card": data} | {"refused": [...]}
        self._load_cache()
        if self._index is None:                    # first use: read the file, cache its index
            self._all_records()
            self._save_cache()

    # -- the cache ----------------------------------------------------------------------------
    def _load_cache(self) -> None:
        try:
            doc = json.loads(self._cache_path.read_text(encoding="utf-8"))
            if doc.get("format") != CACHE_FORMAT or doc.get("file") != self.digest:
                return
            index, cards = doc["index"], doc["cards"]
            if not isinstance(index, dict) or not isinstance(cards, dict):
                return
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return                                  # no cache yet, or unreadable: rebuilt
        self._index, self._cards = index, cards

    def _save_cache(self) -> None:
        doc = {"format": CACHE_FORMAT, "file": self.digest, "source": self.path,
               "index": self._index, "cards": self._cards}
        try:
            self._cache_path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self._cache_path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(doc, f, ensure_ascii=False)
            os.replace(tmp, self._cache_path)       # atomic: readers see all or nothing
        except OSError:
            pass                                    # a read-only cache only costs time

    # -- the file itself ----------------------------------------------------------------------
    def _all_records(self) -> dict[str, CardRecord]:
        if self._records is None:
            data = self._data if self._data is not None else read_bytes(self.path)
            if hashlib.sha256(data).hexdigest() != self.digest:
                raise CardDataError(f"card data file {self.path!r} changed while in use")
            recs = records_from_bytes(data, self.path)
            self._records = {r.name: r for r in recs if deck_card(r)}
            if self._index is None:
                self._index = name_index(recs)
        return self._records

    def _index_now(self) -> dict[str, str | None]:
        if self._index is None:
            self._all_records()
        return self._index

    # -- lookups ------------------------------------------------------------------------------
    def canonical(self, name: str) -> str | None:
        """The full name of the card ``name`` spells, or None."""
        if not isinstance(name, str):
            return None
        return self._index_now().get(name_key(name))

    def lookup(self, names: Iterable[str]) -> dict[str, Lookup]:
        """What the file says about each name (imported, or why not), importing each card
        at most once per file and version of the importer."""
        from .importer import import_record
        out: dict[str, Lookup] = {}
        todo: dict[str, list[str]] = {}
        for asked in names:
            full = self.canonical(asked)
            if full is None:
                out[asked] = Lookup(asked, problem=(f"not in the card data file {self.path}",))
            elif full not in self._cards:
                todo.setdefault(full, []).append(asked)
            else:
                out[asked] = self._from_cache(asked, full)
        if todo:
            records = self._all_records()
            for full, askers in todo.items():
                r = import_record(records[full])
                if r.ok:
                    self._cards[full] = {"card": card_to_data(r.card)}
                    found = Lookup("", r.card.name, r.card)
                else:
                    refused = tuple(str(f) for f in r.refusals) or ("not imported",)
                    features = tuple(dict.fromkeys(f"{f.category}: {f.feature}"
                                                   for f in r.refusals))
                    self._cards[full] = {"refused": list(refused), "features": list(features)}
                    found = Lookup("", full, problem=refused, features=features)
                for asked in askers:
                    out[asked] = dataclasses.replace(found, asked=asked)
            self._save_cache()
        self._data = None
        return out

    def _from_cache(self, asked: str, full: str) -> Lookup:
        entry = self._cards[full]
        if isinstance(entry, dict) and "card" in entry:
            try:
                card = card_from_data(entry["card"], f"cached card {full!r}")
                if isinstance(card, C.Card):
                    return Lookup(asked, card.name, card)
            except CardScriptError:
                pass
            del self._cards[full]                   # a damaged cache entry: imported again
            return self.lookup([asked])[asked]      # (the fresh import is not read back)
        refused = entry.get("refused") if isinstance(entry, dict) else None
        features = entry.get("features") if isinstance(entry, dict) else None
        if not isinstance(refused, list) or not all(isinstance(x, str) for x in refused) or \
                not isinstance(features, list) or not all(isinstance(x, str) for x in features):
            del self._cards[full]
            return self.lookup([asked])[asked]
        return Lookup(asked, full, problem=tuple(refused), features=tuple(features))
