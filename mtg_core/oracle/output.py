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

import inspect
import json
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, Iterable

from .. import cards as C
from ..errors import CardScriptError
from .importer import ImportResult
from .nodes import to_data

# The classes a JSON card definition may name (data only: nothing else is ever looked up):
# effects, abilities, cards, and the static abilities of the layer system with their
# changes and conditions (611.3, 613).
_CLASSES: dict[str, type] = {
    name: obj for name, obj in vars(C).items()
    if isinstance(obj, type) and is_dataclass(obj)
    and (issubclass(obj, (C.Effect, C.Ability, C.Change)) or obj in (C.Card, C.StaticAbility,
                                                                      C.AsLongAs))
}
_CLASSES["CountOf"] = C.CountOf                 # counted amounts (mtg_core.cards.amounts)
# kicker: a card's own replacement effects (614.1c: EntersTapped, EntersWithCounters,
# EntersWithCountersIfKicked, ...) and the conditions of "if" clauses (603.4: Condition)
_CLASSES.update({name: obj for name, obj in vars(C).items()
                 if isinstance(obj, type) and is_dataclass(obj)
                 and issubclass(obj, (C.Replacement, C.Condition))})


def _fields(obj: Any) -> list[tuple[str, Any]]:
    """The fields whose value differs from the default (all of them for init=False classes)."""
    out = []
    for f in fields(obj):
        v = getattr(obj, f.name)
        if f.default is not MISSING and v == f.default:
            continue
        out.append((f.name, v))
    return out


def _positional(cls: type) -> list[str]:
    """Names of the parameters a class takes before ``*effects`` (init=False abilities)."""
    sig = inspect.signature(cls.__init__)
    return [p.name for p in list(sig.parameters.values())[1:]
            if p.kind == p.POSITIONAL_OR_KEYWORD]


def _has_varargs(cls: type) -> bool:
    return any(p.kind == p.VAR_POSITIONAL for p in inspect.signature(cls.__init__).parameters.values())


def _varargs(cls: type) -> str:
    """The field a class's ``*args`` fill: "effects", or "changes" (StaticAbility, Becomes),
    "keywords" (AddKeywords), ..."""
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            return p.name
    return "effects"


# --- Python source ---------------------------------------------------------------------------------

def _src(v: Any) -> str:
    if is_dataclass(v) and not isinstance(v, type):
        cls = type(v)
        if _has_varargs(cls):
            pos, var = _positional(cls), _varargs(cls)
            args = [repr(getattr(v, n)) for n in pos]
            args += [_src(e) for e in getattr(v, var)]
            args += [f"{n}={_src(x)}" for n, x in _fields(v) if n not in pos and n != var
                     and not _is_default_kw(cls, n, x)]
            return f"{cls.__name__}({', '.join(args)})"
        return f"{cls.__name__}(" + ", ".join(f"{n}={_src(x)}" for n, x in _fields(v)) + ")"
    if isinstance(v, tuple):
        inner = ", ".join(_src(x) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    return repr(v)


def _is_default_kw(cls: type, name: str, value: Any) -> bool:
    p = inspect.signature(cls.__init__).parameters.get(name)
    if p is None or p.default is p.empty:
        return False
    return value == p.default or (value == () and p.default == ())


def card_source(card: C.Card) -> str:
    """Python source that builds ``card`` with the card API."""
    parts = [f"{n}={_src(v)}" for n, v in _fields(card) if n != "text"]
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
    """A Python module defining ``CARDS`` (the imported cards) and ``DB`` (their CardDB)."""
    ok = [r for r in results if r.ok and r.card is not None]
    head = ['"""Cards imported from Oracle text by `mtg-core import`' +
            (f" ({source})" if source else "") + '."""',
            "from mtg_core.cards import *  # noqa: F401,F403",
            "from mtg_core.cards import Card, CardDB", "", "CARDS = ["]
    body = ["    " + card_source(r.card).replace("\n", "\n    ") + "," for r in ok]
    return "\n".join(head + body + ["]", "", "DB = CardDB(CARDS)", ""])


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
    kw = {k: card_from_data(v) for k, v in d.items() if k != "class"}
    known = {f.name for f in fields(cls)}
    if set(kw) - known:
        raise CardScriptError(f"{name}: unknown fields {sorted(set(kw) - known)}")
    try:
        if _has_varargs(cls):
            pos = [kw.pop(n) for n in _positional(cls) if n in kw]
            effects = kw.pop(_varargs(cls), ())
            return cls(*pos, *effects, **kw)
        return cls(**kw)
    except TypeError as err:
        raise CardScriptError(f"{name}: {err}") from None


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
    except (ValueError, KeyError, TypeError):
        raise CardScriptError("not a card document written by `mtg-core import --out x.json`") from None
    return [card_from_data(i["card"]) for i in items if isinstance(i, dict) and i.get("card")]
