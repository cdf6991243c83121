"""Payments made while a spell or ability resolves (118.1, 608.2d) and library searches
(701.23) -- branch library of issue 6.

- :class:`Pay` is "pay {M}" / "pay N life": the first effect of a :class:`~.choices.May`
  ("You may pay {2}. If you do, untap ~."), whose "do it" is offered only when the player
  can pay (118.3, 119.4).
- :class:`Unless` is "<effects> unless <player> pays {M}" ("At the beginning of your upkeep,
  sacrifice ~ unless you pay {U}."): the player decides (Decision.MAY: "do it" = pay); the
  effects happen only if they don't pay.

>>> from mtg_core.cards import Sacrifice
>>> Unless("{U}", Sacrifice("self")).compile()[:3] == [_C["OP_UNLESS"], _ref("you"), 12]
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CardScriptError
from .costs import ManaCost
from .effects import Effect
from .vocabulary import _C, _ref

_LIFE = re.compile(r"(\d+) life")
PAYERS = ("you", "that player", "target", "target2", "defending player")


def _payment(cost: str) -> list[int]:
    """"{2}{U}" or "3 life" -> OP_PAY_MANA's operands after the reference: life, mana[7]."""
    if not isinstance(cost, str):
        raise CardScriptError(f"a payment is a mana cost like '{{2}}{{U}}' or 'N life', not {cost!r}")
    m = _LIFE.fullmatch(cost.strip().lower())
    if m:
        life = int(m.group(1))
        if not 1 <= life <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"life to pay {life}: 1..{_C['TABLE_AMOUNT_MAX']}")
        return [life, 0, 0, 0, 0, 0, 0, 0]
    mc = ManaCost.parse(cost)
    row = mc.as_row()
    if mc.x or not any(row) or max(row) > _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"mana to pay {cost!r}: a cost with no {{X}} and more than {{0}}")
    return [0, *row]


@dataclass(frozen=True)
class Pay(Effect):
    """``who`` pays ``cost`` ("{2}{U}" or "3 life"; 118.1, 119.4): only as the first effect
    of a ``May`` (whose "do it" is offered only when it can be paid), or inside ``Unless``."""
    cost: str
    who: str = "you"

    def compile(self):
        if self.who not in PAYERS:
            raise CardScriptError(f"Pay(who={self.who!r}): one player, one of {PAYERS}")
        return [_C["OP_PAY_MANA"], _ref(self.who), *_payment(self.cost)]


@dataclass(frozen=True, init=False)
class Unless(Effect):
    """"<effects> unless <who> pays <cost>" (608.2d): ``who`` decides as it resolves
    (Decision.MAY, "do it" = pay, offered only when they can, 118.3); if they don't pay,
    the effects happen."""
    cost: str
    effects: tuple[Effect, ...]
    who: str

    def __init__(self, cost: str, *effects: Effect, who: str = "you"):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "who", who)

    def compile(self):
        from .choices import _body
        pay = Pay(self.cost, self.who).compile()
        body = _body(self.effects, "'unless'")
        return [_C["OP_UNLESS"], _ref(self.who), len(pay) + 2, *pay, _C["OP_SKIP"], len(body), *body]

    def children(self):
        return tuple(self.effects)


# --- library searches with qualities (701.23) ----------------------------------------------------
_DESTINATIONS = ("hand", "battlefield", "graveyard")
_MV_OPS = {"<=": "SEARCH_Q_MV_AT_MOST", ">=": "SEARCH_Q_MV_AT_LEAST", "=": None}


@dataclass(frozen=True)
class SearchCard(Effect):
    """You search your library for a card with every quality given, put it into your hand
    (``to="hand"``, revealed first if ``reveal``), onto the battlefield (tapped if ``tapped``)
    or into your graveyard, then shuffle (701.23, 701.20).  Qualities: ``types`` (card types,
    any of them, or all of them with ``all_types``: "an artifact creature card"), ``subtypes``
    (any of them: "a Mountain or Plains card"), ``basic``, ``legendary`` (True / False for
    "nonlegendary"), ``snow``, ``colors`` ("G": a green card), ``mana_value`` (("<=", 3),
    (">=", 6) or ("=", 2)), ``named_self`` ("a card named ~").  ``may``: "you may search".
    The choice is Decision.SEARCH_LIBRARY, one answer per card name; a search for a card with
    a stated quality may find nothing (701.23b).  Effects may follow it."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    to: str = "hand"
    reveal: bool = False
    tapped: bool = False
    may: bool = False
    all_types: bool = False
    basic: bool = False
    legendary: bool | None = None
    snow: bool = False
    colors: str = ""
    mana_value: tuple[str, int] | None = None
    named_self: bool = False
    who: str = "you"

    def subtype_names(self) -> set[str]:
        """The subtypes it names (each gets a CF_SUBTYPES bit in its CardDB, see statics)."""
        return set(self.subtypes)

    def operands(self) -> tuple[int, int, int, int]:
        """(SEARCH_* flags, subtype mask, SEARCH_Q_* qualities, mana value)."""
        from .statics import _subtype_mask
        from .vocabulary import COLOR_INDEX, TYPE_BITS
        if self.who != "you":
            raise CardScriptError("SearchCard: 'you' search your own library")
        if self.to not in _DESTINATIONS:
            raise CardScriptError(f"a search puts the card into one of {_DESTINATIONS}, not {self.to!r}")
        flags, qual, mv = 0, 0, 0
        types = 0
        for t in self.types:
            if t not in TYPE_BITS or t in ("Tribal", "Kindred"):
                raise CardScriptError(f"search: {t!r} is not a card type")
            types |= TYPE_BITS[t]
        if self.all_types:
            if len(self.types) < 2:
                raise CardScriptError("all_types: a card with two or more types")
            qual |= _C["SEARCH_Q_ALL_TYPES"]
        flags |= types << _C["SEARCH_TYPE_SHIFT"]
        if self.to == "hand":
            flags |= _C["SEARCH_TO_HAND"]
        if self.to == "graveyard":
            qual |= _C["SEARCH_Q_TO_GRAVEYARD"]
        if self.reveal and self.to != "hand":
            raise CardScriptError("'reveal it' goes with putting it into a hand here")
        if self.tapped and self.to != "battlefield":
            raise CardScriptError("only a card put onto the battlefield enters tapped")
        if self.to == "battlefield" and (types & (_C["T_INSTANT"] | _C["T_SORCERY"]) or
                                         not (types or self.subtypes or self.named_self or self.basic)):
            raise CardScriptError("a search onto the battlefield names a kind of permanent card "
                                  "(304.4, 307.4)")
        flags |= (_C["SEARCH_TAPPED"] if self.tapped else 0) | \
            (_C["SEARCH_REVEAL"] if self.reveal else 0) | \
            (0 if self.may else _C["SEARCH_MANDATORY"]) | (_C["SEARCH_BASIC"] if self.basic else 0)
        if self.legendary is not None:
            qual |= _C["SEARCH_Q_LEGENDARY" if self.legendary else "SEARCH_Q_NONLEGENDARY"]
        if self.snow:
            qual |= _C["SEARCH_Q_SNOW"]
        if self.named_self:
            qual |= _C["SEARCH_Q_SAME_NAME"]
        for c in self.colors:
            if c not in COLOR_INDEX or c == "C":
                raise CardScriptError(f"search colour {c!r}: one of W U B R G")
            qual |= 1 << (_C["SEARCH_Q_COLOR_SHIFT"] + COLOR_INDEX[c])
        if self.mana_value is not None:
            op, n = self.mana_value
            if op not in _MV_OPS or isinstance(n, bool) or not isinstance(n, int) or \
                    not 0 <= n <= _C["TABLE_AMOUNT_MAX"]:
                raise CardScriptError(f"mana value {self.mana_value!r}: ('<=' | '>=' | '=', N)")
            qual |= _C["SEARCH_Q_MV"] | (_C[_MV_OPS[op]] if _MV_OPS[op] else 0)
            mv = n
        subs = _subtype_mask(self.subtypes) if self.subtypes else 0
        return flags, subs, qual, mv

    def compile(self):
        flags, subs, qual, mv = self.operands()
        return [_C["OP_SEARCH_EX"], _ref(self.who), flags, subs, qual, mv]


# "Unless" stops for a choice too: last known information of an Exile doesn't carry across
# it (choices.check_choices reads this tuple).  Pay is checked where programs are compiled:
# only the first effect of a May's body (the core checks the same of the tables).
from . import choices as _choices  # noqa: E402
_choices.CHOICE_EFFECTS = _choices.CHOICE_EFFECTS + (Unless,)
_body_before_payments = _choices._body
_check_choices_before_payments = _choices.check_choices
_may_body_with_pay = [0]


def _body(effects: tuple, what: str) -> list[int]:
    for k, eff in enumerate(effects):
        if isinstance(eff, Pay) and (k != 0 or what != "'you may'"):
            raise CardScriptError("Pay can only be the first effect of a May ('you may pay "
                                  f"{{M}}. If you do, ...'), not inside {what}")
    head = bool(effects) and isinstance(effects[0], Pay)
    _may_body_with_pay[0] += head
    try:
        return _body_before_payments(effects, what)
    finally:
        _may_body_with_pay[0] -= head


def _check_choices(effects) -> None:
    effects = list(effects)
    for k, eff in enumerate(effects):
        if isinstance(eff, Pay) and (k != 0 or not _may_body_with_pay[0]):
            raise CardScriptError("Pay can only be the first effect of a May ('you may pay "
                                  "{M}. If you do, ...') or the cost of an Unless")
    _check_choices_before_payments(effects)


_choices._body = _body
_choices.check_choices = _check_choices


@dataclass(frozen=True)
class LookAtTopRestToGraveyard(Effect):
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." (Decision.LOOK_TAKE; the rest need no choice)."""
    count: int

    def compile(self):
        from .choices import _look_n
        return [_C["OP_LOOK"], _look_n(self.count), _C["LOOK_TAKE_ONE_REST_GRAVEYARD"], 0]


_choices.CHOICE_EFFECTS = _choices.CHOICE_EFFECTS + (LookAtTopRestToGraveyard,)


def SelfTapped(yes: bool = True) -> "_choices.Condition":
    """"if ~ is tapped" (``yes``) / "if ~ is untapped": the source, on the battlefield (an
    intervening "if", 603.4, is checked as it triggers and as it resolves)."""
    return _choices.Condition(_C["COND_SELF_TAPPED"], int(bool(yes)))
