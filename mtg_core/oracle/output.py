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
import types
import typing
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Iterable

from .. import _engine
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
            '    """The CardDB of the named cards (all of them by default); a name that is',
            '    not one of CARDS raises KeyError naming every such name."""',
            "    wanted = None if names is None else set(names)",
            "    if wanted is not None and wanted - {c.name for c in CARDS}:",
            "        raise KeyError('not among the imported cards: ' + ', '.join(sorted(",
            "            wanted - {c.name for c in CARDS})))",
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


MAX_DATA_DEPTH = 40                 # nesting of one definition (the bundled library: at most 9)
_INT_BOUND = _engine.constants()["AMOUNT_MAX"]      # the core's largest amount


_CARD_LANGUAGE = frozenset(_CLASSES.values())


@cache
def _field_types(cls: type) -> dict[str, Any]:
    """The declared type of each field of a card-language class (names resolved in
    :mod:`mtg_core.cards`)."""
    return typing.get_type_hints(cls, localns=vars(C))


def _shown(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _type_problem(v: Any, t: Any, strict: bool = True) -> str | None:
    """Why ``v`` (already rebuilt) is not of the declared type ``t``, or None.  Not
    ``strict`` (the fields of the classes inside a card, whose scalar annotations are
    looser than what they hold: an ``amount: int`` may be "X" or a count), only lists and
    the range of integers are checked; a Card's own characteristics are checked fully."""
    if isinstance(v, int) and not isinstance(v, bool) and not -_INT_BOUND <= v <= _INT_BOUND:
        return f"integer out of range (at most {_INT_BOUND} either way)"
    if t is Any or t is object:
        return None
    if not strict and typing.get_origin(t) is not tuple and t is not tuple:
        return None
    origin = typing.get_origin(t)
    if origin in (typing.Union, types.UnionType):
        problems = [_type_problem(v, m, strict) for m in typing.get_args(t)]
        if None in problems:
            return None
        near = [p for p in problems if not p.startswith("expected")]    # the right kind
        return near[0] if near else f"expected {_type_name(t)}, got {_shown(v)}"
    if origin is tuple or t is tuple:
        if not isinstance(v, tuple):
            return f"expected a list, got {_shown(v)}"
        args = typing.get_args(t)
        if not args:
            return None
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(v)
        elif len(args) != len(v):
            return f"expected a list of {len(args)}, got {len(v)} items"
        for k, (x, a) in enumerate(zip(v, args)):
            why = _type_problem(x, a, strict)
            if why is not None:
                return f"[{k}]: {why}"
        return None
    if t is type(None):
        return None if v is None else f"expected null, got {_shown(v)}"
    if t is int:
        if isinstance(v, bool) or not isinstance(v, int):
            return f"expected an integer, got {_shown(v)}"
        return None
    if t is float:
        return None if isinstance(v, (int, float)) and not isinstance(v, bool) else \
            f"expected a number, got {_shown(v)}"
    if t in (str, bool):
        return None if isinstance(v, t) else f"expected {_type_name(t)}, got {_shown(v)}"
    if isinstance(t, type):
        # A class of the card language: its declared bases don't list every class used in
        # its place (a StaticAbility among a card's abilities), so any of them passes here
        # and the constructors and the core's compile check the rest.
        return None if isinstance(v, t) or type(v) in _CARD_LANGUAGE else \
            f"expected {_type_name(t)}, got {_shown(v)}"
    return None                         # a form the card language does not use: not checked


def _type_name(t: Any) -> str:
    if isinstance(t, type):
        return {str: "a string", int: "an integer", bool: "true or false",
                type(None): "null"}.get(t, ("an " if t.__name__[0] in "AEIOU" else "a ")
                                        + t.__name__)
    return " or ".join(_type_name(a) for a in typing.get_args(t)) or str(t)


def card_from_data(d: Any, where: str = "card", _depth: int = 0) -> Any:
    """Inverse of :func:`card_to_data`; only classes of :mod:`mtg_core.cards` are built,
    at most :data:`MAX_DATA_DEPTH` levels deep, each field checked before its class is
    built (:func:`_type_problem`: a Card's characteristics against their declared types,
    lists everywhere, every integer within the core's amounts).  Raises CardScriptError naming the place
    (``where``, then the fields) of anything malformed."""
    if _depth > MAX_DATA_DEPTH:
        raise CardScriptError(f"{where}: nested more than {MAX_DATA_DEPTH} levels deep")
    if isinstance(d, list):
        return tuple(card_from_data(x, f"{where}[{k}]", _depth + 1) for k, x in enumerate(d))
    if not isinstance(d, dict):
        if d is None or isinstance(d, (str, int, float, bool)):
            return d
        raise CardScriptError(f"{where}: {type(d).__name__} is not card data")
    name = d.get("class")
    cls = _CLASSES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise CardScriptError(f"{where}: unknown card-definition class {_shown(name)}")
    declared = _field_types(cls)
    values = {}
    for k, v in d.items():
        if k == "class":
            continue
        values[k] = card_from_data(v, f"{where}.{k}", _depth + 1)
        why = _type_problem(values[k], declared[k], cls is C.Card) if k in declared else None
        if why is not None:             # (a field the class lacks: rebuild names it)
            raise CardScriptError(f"{where}.{k}: {why}")
    try:
        return rebuild(cls, values)
    except CardScriptError as err:
        raise CardScriptError(f"{where}: {err}") from None


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
    except (ValueError, KeyError, TypeError, RecursionError):
        raise CardScriptError("not a card document written by `mtg-core import --out x.json`") from None
    out = []
    for k, item in enumerate(items):
        if not isinstance(item, dict):
            raise CardScriptError(f"cards[{k}]: an entry is an object, not {_shown(item)}")
        if item.get("card") is None:            # not imported: its refusals only
            continue
        where = f"cards[{k}]" + (f" ({_shown(item['name'])})"
                                 if isinstance(item.get("name"), str) else "") + ".card"
        card = card_from_data(item["card"], where)
        if not isinstance(card, C.Card):
            raise CardScriptError(f"{where}: expected a Card, got {_shown(card)}")
        out.append(card)
    return out
