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
