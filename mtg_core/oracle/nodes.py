"""The importer's parse tree: what the Oracle-text grammar understood a card to say.

The tree is independent of what :mod:`mtg_core.cards` can express today: a card parses
into these nodes first, and :mod:`mtg_core.oracle.lower` then maps the nodes it can onto
card-script objects.  Every node is a frozen dataclass (hashable, comparable) and converts
to JSON-ready data with :func:`to_data`.

>>> eff = Effect("draw", subject=YOU, amount=Amount(2))
>>> to_data(eff)["verb"]
'draw'
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any


class Node:
    """Base class of parse-tree nodes."""


@dataclass(frozen=True)
class Amount(Node):
    """A number in the text: ``value`` when it is a literal, else ``expr`` says what it
    counts ("X", "that much", "equal to its power", ...)."""
    value: int | None = None
    expr: str | None = None

    def __str__(self) -> str:
        return str(self.value) if self.value is not None else str(self.expr)


@dataclass(frozen=True)
class Filter(Node):
    """What kind of object or player a noun phrase names.

    ``types`` are alternatives joined by "or" ("artifact or enchantment"); ``props`` are
    adjectives and qualifiers in canonical form ("nonblack", "attacking", "you control",
    "other", "with flying", ...), each one narrowing the set."""
    types: tuple[str, ...] = ()
    props: tuple[str, ...] = ()

    def phrase(self) -> str:
        """The canonical English phrase (used to name target kinds)."""
        pre = [p for p in self.props if not p.startswith(("you ", "an opponent", "with", "without",
                                                          "that ", "named", "defending",
                                                          "target player", "your ", "it ",
                                                          "from ", "in ", "not "))]
        post = [p for p in self.props if p not in pre]
        head = " or ".join(self.types) if len(self.types) < 3 else \
            ", ".join(self.types[:-1]) + ", or " + self.types[-1]
        return " ".join([*pre, head, *post]).strip()


@dataclass(frozen=True)
class Obj(Node):
    """A noun phrase naming objects or players.

    ``kind``: "self" (the card, ~), "target", "each", "all", "it" (an earlier noun),
    "you", "enchanted", "equipped", "a" (one chosen on resolution), "that" ...
    ``count`` and ``up_to`` give "two target creatures", "up to three target ..."."""
    kind: str
    filter: Filter | None = None
    count: Amount | None = None
    up_to: bool = False

    def phrase(self) -> str:
        if self.kind in ("self", "you", "it"):
            return {"self": "~", "you": "you", "it": "it"}[self.kind]
        f = self.filter.phrase() if self.filter else ""
        if self.kind == "all" and self.filter is not None:
            f = Filter(tuple(_plural(t) for t in self.filter.types), self.filter.props).phrase()
        n = ""
        if self.count is not None:
            n = ("up to " if self.up_to else "") + str(self.count) + " "
        return f"{n}{self.kind} {f}".strip()


def _plural(noun: str) -> str:
    if noun.endswith("y") and not noun.endswith(("ay", "ey", "oy")):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


YOU = Obj("you")
SELF = Obj("self")
IT = Obj("it")                 # an earlier noun of the same ability
ITSELF = Obj("itself")         # the subject of the same clause
SAME = Obj("same")             # the subject of the clause before ("draws and loses 2 life")


@dataclass(frozen=True)
class Effect(Node):
    """One effect phrase: a verb with its subject, object, amount, duration and
    verb-specific details (``extra``: sorted (key, value) pairs)."""
    verb: str
    subject: Obj | None = None
    object: Obj | None = None
    amount: Amount | None = None
    duration: str | None = None
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default


def effect(verb: str, subject: Obj | None = None, object: Obj | None = None,
           amount: Amount | None = None, duration: str | None = None, **extra: Any) -> Effect:
    """Build an :class:`Effect`, with ``extra`` from keyword arguments (None dropped)."""
    ex = tuple(sorted((k, v) for k, v in extra.items() if v is not None))
    return Effect(verb, subject, object, amount, duration, ex)


@dataclass(frozen=True)
class Modified(Node):
    """An effect under a modifier: "you may ~", "if you do, ~", "~ unless ...",
    "~ for each ...", "~ at the beginning of the next end step", ...
    ``how`` names the modifier; ``detail`` is its argument (a node or a phrase)."""
    how: str
    detail: Any
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class Modal(Node):
    """"Choose one —" followed by bulleted modes (700.2)."""
    choose: str
    modes: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class Cost(Node):
    """One part of a cost (118, 602.1): ``kind`` is "mana" (``mana`` holds the symbols),
    "tap", "untap", "sacrifice", "discard", "pay life", "remove counters", "exile",
    "loyalty" (``amount`` signed), ..."""
    kind: str
    mana: str = ""
    object: Obj | None = None
    amount: Amount | None = None
    detail: str | None = None


@dataclass(frozen=True)
class Trigger(Node):
    """The trigger condition of a triggered ability (603.1): ``word`` is when / whenever /
    at; ``event`` names what happens ("enters", "dies", "attacks", "beginning of step",
    "cast", ...); ``subject`` who or what does it; ``extra`` the details (step, whose)."""
    word: str
    event: str
    subject: Obj | None = None
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default


def trigger(word: str, event: str, subject: Obj | None = None, **extra: Any) -> Trigger:
    ex = tuple(sorted((k, v) for k, v in extra.items() if v is not None))
    return Trigger(word, event, subject, ex)


# --- abilities ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Keyword(Node):
    """A keyword ability (702): ``name`` lower-case, ``param`` its cost, number or
    quality when it has one ("ward" {2}, "protection" "from red", "equip" {1})."""
    name: str
    param: Any = None


@dataclass(frozen=True)
class Spell(Node):
    """Instructions of an instant or sorcery (the spell ability, 113.3a)."""
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class Activated(Node):
    """"[Cost]: [Effect.] [Activation instructions.]" (602.1); ``restrictions`` are the
    activation instructions in canonical form ("as a sorcery", "during your upkeep")."""
    costs: tuple[Cost, ...]
    effects: tuple[Any, ...]
    restrictions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Triggered(Node):
    """"[When/Whenever/At] [trigger], [if condition,] [effect]" (603.1, 603.4)."""
    trigger: Trigger
    effects: tuple[Any, ...]
    condition: Any = None
    limit: str | None = None          # "This ability triggers only once each turn."


@dataclass(frozen=True)
class Static(Node):
    """A static ability (604): continuous effects stated as facts."""
    effects: tuple[Any, ...]
    condition: Any = None


@dataclass(frozen=True)
class Chapter(Node):
    """A Saga chapter ability (714.2): chapter numbers and the effects."""
    chapters: tuple[int, ...]
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class CardText(Node):
    """A whole face's Oracle text as abilities in text order."""
    abilities: tuple[Any, ...]


def to_data(node: Any) -> Any:
    """A JSON-ready form of a parse tree: each node is a dict with its class in ``"node"``.

    >>> to_data(Obj("target", Filter(("creature",))))["filter"]["types"]
    ['creature']
    """
    if is_dataclass(node) and not isinstance(node, type):
        out: dict[str, Any] = {"node": type(node).__name__}
        for f in fields(node):
            v = getattr(node, f.name)
            if v is None or v == () or v is False:
                continue
            if f.name == "extra":
                out[f.name] = {k: to_data(x) for k, x in v}
            else:
                out[f.name] = to_data(v)
        return out
    if isinstance(node, (tuple, list)):
        return [to_data(x) for x in node]
    return node


class NumberOf(str):
    """A "the number of <noun phrase>" quantity: the canonical phrase as a str (as every
    quantity is), with the noun phrase's :class:`Filter` in ``filter`` for the lowering of
    counted amounts (mtg_core.oracle.lower.amounts)."""
    filter: Filter

    def __new__(cls, text: str, flt: Filter) -> "NumberOf":
        s = super().__new__(cls, text)
        s.filter = flt
        return s

    def __reduce__(self):
        return (NumberOf, (str(self), self.filter))
