"""Modified effects (the base layer of :data:`.registry.MODIFIERS`): "you may" and "If you
do" (608.2d), "for each" (608.2h: counted as it resolves), an effect's "if" (608.2c) and
"where X is the number of ...", and the count words they share with conditions.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Amount, Effect, Modified, Obj
from .context import Ctx, Inexpressible


# "you may X. If you do, Y": only where X surely happens or the core checks it can (a
# discard needs a card in hand), so that "if you do" means what the card says.
_MAY_IF_YOU_DO = ("draw", "discard", "gain life", "lose life", "mill", "scry", "surveil")


def _count_words(detail: Any) -> str:
    """A "for each" / "you control" noun phrase as the words of a choices.Count."""
    if not isinstance(detail, Obj) or detail.filter is None or detail.count is not None or \
            detail.kind not in ("each", "a", "an", "another") or len(detail.filter.props) != 1:
        raise Inexpressible("modifier: for each")
    words = " or ".join(detail.filter.types) + " " + detail.filter.props[0]
    if detail.kind == "another":
        words = "other " + words
    try:
        C.Count(words).lower()
    except C.CardScriptError:
        raise Inexpressible("modifier: for each") from None
    return words


@R.MODIFIERS.layer(R.BASE)
def _choice_modifier(m: Modified, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"you may" (+ "if you do") and "for each": (effect, effects consumed after ``m``)."""
    if m.how == "may" and m.detail is None and m.effects:
        body = R.EFFECT_SEQUENCES(m.effects, ctx)
        if any(e.subject != Obj("you") for e in m.effects if isinstance(e, Effect)) or \
                not all(isinstance(e, Effect) for e in m.effects):
            raise Inexpressible("modifier: may")
        used = 0
        if i < len(effects) and isinstance(effects[i], Modified) and effects[i].how == "if you do":
            first = m.effects[0]
            if first.verb not in _MAY_IF_YOU_DO or effects[i].detail is not None:
                raise Inexpressible("modifier: if you do")
            body += R.EFFECT_SEQUENCES(effects[i].effects, ctx)
            used = 1
        try:
            return C.May(*body), used
        except C.CardScriptError:
            raise Inexpressible("modifier: may") from None
    if m.how == "for each" and len(m.effects) == 1 and isinstance(m.effects[0], Effect) and \
            m.effects[0].verb in ("damage", "draw", "gain life", "lose life", "pump"):
        words = _count_words(m.detail)
        inner = R.EFFECT_SEQUENCES(m.effects, ctx)
        if len(inner) != 1:
            raise Inexpressible("modifier: for each")
        return _for_each(words, inner[0], "modifier: for each"), 0
    if m.how == "if" and m.effects:
        try:
            cond = R.CONDITIONS(m.detail)
        except Inexpressible:
            return None
        return C.If(cond, *R.EFFECT_SEQUENCES(m.effects, ctx)), 0
    if m.how == "where X is" and isinstance(m.detail, str) and m.detail.startswith("the number of "):
        words = m.detail[len("the number of "):]
        try:
            C.Count(words).lower()
        except C.CardScriptError:
            raise Inexpressible("modifier: where X is") from None
        body = []
        for e in m.effects:
            if not isinstance(e, Effect):
                raise Inexpressible("modifier: where X is")
            if e.amount == Amount(None, "X") and e.verb in ("damage", "draw", "gain life", "lose life"):
                (one,) = R.EFFECT_SEQUENCES((dataclasses.replace(e, amount=Amount(1)),), ctx)
                body.append(_for_each(words, one, "modifier: where X is"))
            elif e.amount is not None and e.amount.expr is not None:
                raise Inexpressible("modifier: where X is")
            else:
                body += R.EFFECT_SEQUENCES((e,), ctx)
        return body, 0
    return None


def _for_each(words: str, effect: Any, feature: str) -> "C.ForEach":
    fe = C.ForEach(words, effect)
    try:
        fe.compile()
    except C.CardScriptError:
        raise Inexpressible(feature) from None
    return fe
