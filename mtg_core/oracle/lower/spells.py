"""Spells (608), the base layer of :data:`.registry.SPELLS`: an instant's or sorcery's spell
ability -- its effects or its modes (700.2), its additional cost (601.2f), cast timing
(601.3), kicker (702.33) and flashback (702.34) costs.

>>> from mtg_core.oracle.grammar import sentence
>>> R.SPELLS(sentence("~ deals 3 damage to any target")).effects
(Damage(who='target', amount=3),)
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Amount, Cost, Effect, Filter, Modal, Obj
from .context import Ctx, Inexpressible


_CHOOSE = {"one": 1, "two": 2, "three": 3}
_SACRIFICE_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}


def _additional_cost(costs: Any) -> str:
    """"As an additional cost to cast this spell, sacrifice a creature / discard a card /
    pay N life" (601.2f) in the language's cost words."""
    if not (isinstance(costs, tuple) and len(costs) == 1 and isinstance(costs[0], Cost)):
        raise Inexpressible("additional cost: optional or a choice of costs")
    c = costs[0]
    if c.kind == "sacrifice" and isinstance(c.object, Obj) and c.object.kind == "a" and \
            c.object.count is None and not c.object.up_to and c.object.filter is not None and \
            not c.object.filter.props and c.object.filter.types and \
            set(c.object.filter.types) <= _SACRIFICE_TYPES and c.amount is None and c.detail is None:
        words = " or ".join(c.object.filter.types)     # 601.2f, 118.8: "an artifact or creature"
        return f"Sacrifice {'an' if words[0] in 'aeiou' else 'a'} {words}"
    if c.kind == "discard" and c.object is None and c.amount == Amount(1) and c.detail is None:
        return "Discard a card"
    if c.kind == "pay life" and c.amount is not None and c.amount.value is not None:
        return f"Pay {c.amount.value} life"
    raise Inexpressible(f"additional cost: {c.kind}")


@R.SPELLS.layer(R.BASE)
def lower_spell(effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "", layout: str | None = None) -> C.SpellAbility:
    """The spell ability of an instant or sorcery: its effects or its modes (700.2), its
    additional cost (601.2f), kicker (702.33) and flashback (702.34) costs; ``layout``, the
    multi-face card's when this is one of its faces (:attr:`.context.Ctx.layout`)."""
    extra = ""
    timing = "instant"
    body_nodes = []
    for e in effects:
        if isinstance(e, Effect) and e.verb == "additional cost":
            if extra:
                raise Inexpressible("two additional costs")
            extra = _additional_cost(e.get("costs"))
        elif isinstance(e, Effect) and e.verb == "cast timing":
            if timing != "instant" or e.get("when") not in C.TIMINGS:
                raise Inexpressible(f"cast timing: {e.get('when')}")
            timing = e.get("when")              # 601.3: when the spell may be cast
        else:
            body_nodes.append(e)
    kw = dict(additional_cost=extra, kicker=kicker, flashback=flashback, timing=timing)
    if any(isinstance(e, Modal) for e in body_nodes):
        if len(body_nodes) != 1:
            raise Inexpressible("modes with other effects")
        modal = body_nodes[0]
        if modal.choose not in _CHOOSE:
            raise Inexpressible(f"modes: choose {modal.choose}")
        modes = []
        for m in modal.modes:
            ctx = Ctx("spell", sorcery=sorcery, x=x, kicker=bool(kicker), layout=layout)
            body = R.EFFECT_SEQUENCES(m, ctx)
            if any(t.startswith(C.OPTIONAL_TARGET) for t in ctx.targets):
                raise Inexpressible("an 'up to one' target in a mode")
            modes.append(C.Mode(*body, targets=tuple(ctx.targets)))
        return C.SpellAbility(modes=tuple(modes), choose=_CHOOSE[modal.choose], **kw)
    ctx = Ctx("spell", sorcery=sorcery, x=x, kicker=bool(kicker), layout=layout)
    body = R.EFFECT_SEQUENCES(tuple(body_nodes), ctx)
    return C.SpellAbility(*body, targets=tuple(ctx.targets), **kw)
