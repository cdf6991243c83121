"""Writing imported cards: as Python source using the card API, or as JSON data (parse trees
and card definitions) that :func:`cards_from_json` turns back into cards without executing
anything.

>>> from mtg_core.cards import Card, SpellAbility, Damage
>>> bolt = Card("Lightning Bolt", "{R}", ("Instant",),
...             abilities=(SpellAbility(Damage("target", 3), targets=("any",)),))
>>> print(card_source(bolt))
Card(name='Lightning Bolt', mana_cost='{R}', types=('Instant',),
     abilities=(SpellAbility(Damage(who='target', amount=3), targets=('any',)),))
>>> card_from_data(card_to_data(bolt)) == bolt
True
"""
from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from typing import Any, Iterable

from .. import cards as C
from ..cards.rebuild import arguments, rebuild
from ..errors import CardScriptError
from .result import ImportResult
from .nodes import to_data

# The classes a JSON card definition may name (data only: nothing else is ever looked up):
# the card language's classes, the dataclasses mtg_core.cards exports -- the names
# ``from mtg_core.cards import *`` gives the written Python module.  Each is rebuilt by the
# one rule of mtg_core.cards.rebuild (its constructor, fed from its fields).
_CLASSES: dict[str, type] = {
    name: getattr(C, name) for name in C.__all__
    if isinstance(getattr(C, name), type) and is_dataclass(getattr(C, name))
}


# --- Python source ---------------------------------------------------------------------------------

def _src(v: Any) -> str:
    if is_dataclass(v) and not isinstance(v, type):
        args, kwargs = arguments(v)
        return f"{type(v).__name__}(" + ", ".join(
            [_src(a) for a in args] + [f"{n}={_src(x)}" for n, x in kwargs.items()]) + ")"
    if isinstance(v, tuple):
        inner = ", ".join(_src(x) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    return repr(v)


def card_source(card: C.Card) -> str:
    """Python source that builds ``card`` with the card API."""
    parts = [f"{n}={_src(v)}" for n, v in arguments(card)[1].items() if n != "text"]
    if card.text:
        parts.append(f"text={card.text!r}")
    out = "Card("
    line = out
    lines = []
    for i, p in enumerate(parts):
        piece = p + ("," if i < len(parts) - 1 else ")")
        if len(line) + len(piece) + 1 > 92 and line.strip() not in ("Card(", ""):
            lines.append(line.rstrip())
            line = "     " + piece
        else:
            line += ("" if line.endswith("(") else " ") + piece
    lines.append(line)
    return "\n".join(lines)


def python_module(results: Iterable[ImportResult], source: str = "") -> str:
    """A Python module defining ``CARDS`` (the imported cards), ``card_db(names)`` (a CardDB
    of some of them) and ``DB`` (the CardDB of all of them, when they fit one database:
    :meth:`CardDB.subtype_problem`)."""
    ok = [r for r in results if r.ok and r.card is not None]
    head = ['"""Cards imported from Oracle text by `mtg-core import`' +
            (f" ({source})" if source else "") + '."""',
            "from mtg_core.cards import *  # noqa: F401,F403",
            "from mtg_core.cards import Card, CardDB", "", "CARDS = ["]
    body = ["    " + card_source(r.card).replace("\n", "\n    ") + "," for r in ok]
    tail = ["]", "", "",
            "def card_db(names=None) -> CardDB:",
            '    """The CardDB of the named cards (all of them by default)."""',
            "    wanted = None if names is None else set(names)",
            "    return CardDB([c for c in CARDS if wanted is None or c.name in wanted])", ""]
    problem = C.CardDB.subtype_problem(r.card for r in ok)
    if problem is None:
        tail += ["", "DB = card_db()", ""]
    else:                               # too many subtypes for one database: one per matchup
        tail += ["", "# No DB of every card: " + problem.replace("\n", " "),
                 "# Build one per matchup: card_db(names of the cards its decks use).", ""]
    return "\n".join(head + body + tail)


# --- JSON data --------------------------------------------------------------------------------

def card_to_data(v: Any) -> Any:
    """A card definition as JSON-ready data: ``{"class": ..., field: value}``."""
    if is_dataclass(v) and not isinstance(v, type):
        out = {"class": type(v).__name__}
        for f in fields(v):
            out[f.name] = card_to_data(getattr(v, f.name))
        return out
    if isinstance(v, tuple):
        return [card_to_data(x) for x in v]
    return v


def card_from_data(d: Any) -> Any:
    """Inverse of :func:`card_to_data`; only classes of :mod:`mtg_core.cards` are built.
    Raises CardScriptError on anything malformed."""
    if isinstance(d, list):
        return tuple(card_from_data(x) for x in d)
    if not isinstance(d, dict):
        return d
    name = d.get("class")
    cls = _CLASSES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise CardScriptError(f"unknown card-definition class {name!r}")
    return rebuild(cls, {k: card_from_data(v) for k, v in d.items() if k != "class"})


def json_document(results: Iterable[ImportResult], source: str = "") -> str:
    """All results as JSON: per card its parse trees, its definition (or null) and refusals."""
    items = []
    for r in results:
        items.append({"name": r.name, "type_line": r.type_line, "imported": r.ok,
                      "parse_trees": [to_data(t) for t in r.trees],
                      "card": card_to_data(r.card) if r.ok else None,
                      "refusals": [{"category": f.category, "feature": f.feature,
                                    "phrase": f.phrase} for f in r.refusals]})
    return json.dumps({"source": source, "cards": items}, indent=1, ensure_ascii=False)


def cards_from_json(text: str) -> list[C.Card]:
    """The imported cards of a document written by :func:`json_document`."""
    try:
        doc = json.loads(text)
        items = doc["cards"]
        if not isinstance(items, list):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise CardScriptError("not a card document written by `mtg-core import --out x.json`") from None
    return [card_from_data(i["card"]) for i in items if isinstance(i, dict) and i.get("card")]
