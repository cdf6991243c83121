"""Lowering payments made while resolving: "you may pay {M}. If
you do, <effects>" and "<effects> unless you pay {M} / N life" (118.1, 119.4, 608.2d), as
:class:`mtg_core.cards.May` + :class:`mtg_core.cards.Pay` and :class:`mtg_core.cards.Unless`.

Only a payment by "you" (the ability's controller) is read; a cost with {X} or hybrid mana
is refused.  A layer of :data:`.registry.MODIFIERS`.
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from ...errors import CardScriptError
from . import registry as R
from ..nodes import Amount, Effect, Modified, Obj
from .context import Ctx, Inexpressible

_YOU = Obj("you")


def _cost_text(what: Any) -> str:
    """A payment's words -> Pay's cost: "{2}{U}" or "N life"."""
    if isinstance(what, str):
        cost = what
    elif isinstance(what, Amount) and what.expr is None and isinstance(what.value, int):
        cost = f"{what.value} life"
    else:
        raise Inexpressible("effect: pay")
    try:
        C.Pay(cost).compile()
    except CardScriptError:
        raise Inexpressible("effect: pay", str(what)) from None
    return cost


def _pay_effect(e: Any) -> str | None:
    """"[you] pay {M}" as an effect node -> its cost, or None if it isn't one."""
    if not (isinstance(e, Effect) and e.verb == "pay"):
        return None
    if e.subject != _YOU or e.object is not None or e.amount is not None or \
            e.duration is not None or [k for k, _ in e.extra] != ["mana"]:
        raise Inexpressible("effect: pay")
    return _cost_text(e.get("mana"))


def _pay_modifier(m: Modified, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    if m.how == "may" and m.detail is None and m.effects and \
            isinstance(m.effects[0], Effect) and m.effects[0].verb == "pay":
        # "you may pay {M}. If you do, <effects>" (608.2d): the choice is offered only
        # when the cost can be paid (118.3)
        cost = _pay_effect(m.effects[0])
        nxt = effects[i] if i < len(effects) else None
        if len(m.effects) != 1 or not (isinstance(nxt, Modified) and nxt.how == "if you do"
                                       and nxt.detail is None and nxt.effects):
            raise Inexpressible("effect: pay")
        body = R.EFFECT_SEQUENCES(nxt.effects, ctx)
        try:
            may = C.May(C.Pay(cost), *body)
            may.compile()
        except CardScriptError:
            raise Inexpressible("effect: pay") from None
        return may, 1
    if m.how == "unless" and isinstance(m.detail, tuple) and len(m.detail) == 2 and \
            m.detail[0] in ("you pay", "you pay life") and m.effects:
        # "<effects> unless you pay {M}" / "... unless you pay N life": you decide
        if (m.detail[0] == "you pay") != isinstance(m.detail[1], str):
            raise Inexpressible("modifier: unless")
        cost = _cost_text(m.detail[1])
        body = R.EFFECT_SEQUENCES(m.effects, ctx)
        try:
            unless = C.Unless(cost, *body)
            unless.compile()
        except CardScriptError:
            raise Inexpressible("modifier: unless") from None
        return unless, 0
    return None


@R.MODIFIERS.layer("payments")
def _choice_modifier(rest, m: Modified, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    return _pay_modifier(m, effects, i, ctx) or rest(m, effects, i, ctx)
