"""Readers for card data files: MTGJSON ``AtomicCards.json``, Scryfall ``oracle-cards``
(a JSON list of card objects) and the corpus format of ``oracle-cards.json`` (a JSON list
with ``funny``, ``digital_only`` and ``faces``).  Files are data: they are parsed as JSON,
never executed, and malformed input raises :class:`CardDataError` naming the problem.

Full files come from their publishers: MTGJSON's ``AtomicCards.json`` from
https://mtgjson.com/downloads/all-files/ and Scryfall's "Oracle Cards" bulk file from
https://scryfall.com/docs/api/bulk-data.

>>> recs = read_records({"meta": {}, "data": {"Shock": [{"name": "Shock", "manaCost": "{R}",
...     "type": "Instant", "text": "Shock deals 2 damage to any target.", "layout": "normal"}]}})
>>> recs[0].name, recs[0].mana_cost, recs[0].ordinary
('Shock', '{R}', True)
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from ..errors import MtgError

MAX_FILE_BYTES = 1 << 30            # a full MTGJSON AtomicCards.json is ~100 MB

# Card types of other game variants: not ordinary paper Magic cards (901, 904, 902, 905, 309).
NON_ORDINARY_TYPES = ("Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon")
# Scryfall layouts that are not cards one puts in a deck.
NON_CARD_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "planar", "scheme",
                    "vanguard", "augment", "host", "reversible_card"}


class CardDataError(MtgError):
    """A card data file that can't be read (not JSON, or not one of the known formats)."""


@dataclass
class CardRecord:
    """One card's Oracle data, whatever the source format; ``faces`` holds the faces of
    multi-face cards (split, transform, adventure, ...) as records of their own."""
    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: list[str] | None = None
    layout: str = "normal"
    funny: bool = False
    digital_only: bool = False
    faces: list["CardRecord"] = field(default_factory=list)

    @property
    def ordinary(self) -> bool:
        """An ordinary paper card: neither funny, digital-only, nor a card of another
        variant (plane, phenomenon, scheme, vanguard, conspiracy, dungeon)."""
        if self.funny or self.digital_only or self.layout in NON_CARD_LAYOUTS:
            return False
        words = self.type_line.replace("—", " ").replace("/", " ").split()
        return not any(t in words for t in NON_ORDINARY_TYPES)


def _s(v: Any) -> str | None:
    """Power, toughness, loyalty: strings in the files, numbers tolerated."""
    if v is None or isinstance(v, str):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    raise CardDataError(f"expected a string or number, not {type(v).__name__}: {str(v)[:40]!r}")


def _text(d: dict, key: str) -> str:
    v = d.get(key)
    if v is None:
        return ""
    if not isinstance(v, str):
        raise CardDataError(f"{d.get('name', '?')!r}: {key!r} is {type(v).__name__}, not text")
    return v


def _colors(d: dict) -> list[str] | None:
    v = d.get("colors")
    if v is None:
        return None
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise CardDataError(f"{d.get('name', '?')!r}: 'colors' is not a list of letters")
    return v


def _from_list_item(d: dict) -> CardRecord:
    """A Scryfall card object or a corpus entry."""
    if not isinstance(d, dict) or not isinstance(d.get("name"), str):
        raise CardDataError(f"a card entry has no name: {str(d)[:80]!r}")
    faces_raw = d.get("card_faces") or d.get("faces") or []
    if not isinstance(faces_raw, list):
        raise CardDataError(f"{d['name']!r}: its faces are not a list")
    faces = [_from_list_item({**f, "layout": d.get("layout", "normal")}) for f in faces_raw
             if isinstance(f, dict) and isinstance(f.get("name"), str)]
    funny = bool(d.get("funny")) or d.get("set_type") == "funny"
    digital = bool(d.get("digital_only")) or bool(d.get("digital"))
    return CardRecord(name=d["name"], mana_cost=_text(d, "mana_cost"),
                      type_line=_text(d, "type_line"), oracle_text=_text(d, "oracle_text"),
                      power=_s(d.get("power")), toughness=_s(d.get("toughness")),
                      loyalty=_s(d.get("loyalty")), colors=_colors(d),
                      layout=_text(d, "layout") or "normal", funny=funny, digital_only=digital,
                      faces=faces)


def _from_mtgjson_face(d: dict) -> CardRecord:
    name = d.get("faceName") or d.get("name")
    if not isinstance(name, str):
        raise CardDataError(f"an MTGJSON card has no name: {str(d)[:80]!r}")
    return CardRecord(name=name, mana_cost=_text(d, "manaCost"), type_line=_text(d, "type"),
                      oracle_text=_text(d, "text"), power=_s(d.get("power")),
                      toughness=_s(d.get("toughness")), loyalty=_s(d.get("loyalty")),
                      colors=_colors(d), layout=_text(d, "layout") or "normal",
                      funny=bool(d.get("isFunny")),
                      digital_only=bool(d.get("isOnlineOnly")))


def _from_mtgjson(name: str, faces: list) -> CardRecord:
    if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
        raise CardDataError(f"MTGJSON entry {name!r} is not a list of card faces")
    recs = [_from_mtgjson_face(f) for f in faces]
    if len(recs) == 1 and "//" not in name:
        return recs[0]
    first = recs[0]
    return CardRecord(name=name, mana_cost=" // ".join(r.mana_cost for r in recs),
                      type_line=" // ".join(r.type_line for r in recs),
                      oracle_text="\n//\n".join(r.oracle_text for r in recs),
                      colors=first.colors, layout=first.layout, funny=first.funny,
                      digital_only=first.digital_only, faces=recs)


def detect_format(data: Any) -> str:
    """"mtgjson", "scryfall" or "corpus" (raises CardDataError for anything else)."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return "mtgjson"
    if isinstance(data, list):
        sample = next((d for d in data if isinstance(d, dict)), None)
        if sample is None:
            if not data:
                return "corpus"
            raise CardDataError("a JSON list of cards must hold objects")
        if "oracle_text" in sample or "card_faces" in sample or "type_line" in sample:
            return "scryfall" if ("object" in sample or "oracle_id" in sample) else "corpus"
        raise CardDataError("JSON list entries have no 'oracle_text' / 'type_line': "
                            "not a Scryfall or corpus card list")
    if isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        return "scryfall"
    raise CardDataError("not a known card data format (expected MTGJSON AtomicCards.json, "
                        "a Scryfall oracle-cards list, or the oracle-cards.json corpus)")


def read_records(data: Any) -> list[CardRecord]:
    """Card records from parsed JSON in any of the three formats."""
    fmt = detect_format(data)
    if fmt == "mtgjson":
        return [_from_mtgjson(name, faces) for name, faces in data["data"].items()]
    items = data["data"] if isinstance(data, dict) else data
    return [_from_list_item(d) for d in items]


def read_bytes(path) -> bytes:
    """The bytes of a card data file: a regular file of at most :data:`MAX_FILE_BYTES`
    (read at most that much, so a file growing meanwhile is refused too)."""
    path = os.fspath(path)
    try:
        st = os.stat(path)
    except OSError as err:
        raise CardDataError(f"can't read {path}: {err.strerror}") from None
    if not os.path.isfile(path):
        raise CardDataError(f"{path} is not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise CardDataError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise CardDataError(f"can't read {path}: {err.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise CardDataError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
    return data


def records_from_bytes(data: bytes, path: str) -> list[CardRecord]:
    """Card records from the bytes of a card data file (``path`` names it in errors)."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CardDataError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise CardDataError(f"{path} is not valid JSON (line {err.lineno}, column "
                            f"{err.colno}: {err.msg})") from None
    except RecursionError:
        raise CardDataError(f"{path}: JSON nested too deeply to be card data") from None
    return read_records(doc)


def read_file(path: str) -> list[CardRecord]:
    """Card records from a file (regular files of at most :data:`MAX_FILE_BYTES`)."""
    return records_from_bytes(read_bytes(path), os.fspath(path))
