"""Activated abilities (602), the base layer of :data:`.registry.ACTIVATED`: mana abilities
first (:data:`.registry.MANA_ABILITIES`), loyalty abilities (606), then "<cost>: <effects>"
with its activation instructions (602.5b "only once each turn", "only as a sorcery", ...)
and the abilities of a card in its owner's hand ("Discard ~", 602.1), and a reduction of
the ability's own cost (118.7).
"""
from __future__ import annotations

from ... import cards as C
from . import registry as R
from ..nodes import Activated, Obj
from .context import Ctx, Inexpressible
from .costs import activation_cost


_TIMING = {"as a sorcery": "sorcery", "during your upkeep": "your upkeep",
           "during combat": "during combat",                              # 506.6c
           "before blockers are declared": "before blockers are declared"}   # 506.6b


def _loyalty_ability(ab: Activated, layout: str | None) -> C.LoyaltyAbility | None:
    """``+N: effect`` / ``−N: effect`` / ``0: effect`` (606)."""
    if not any(c.kind == "loyalty" for c in ab.costs):
        return None
    if len(ab.costs) != 1:
        raise Inexpressible("loyalty ability with another cost")
    if ab.restrictions:
        raise Inexpressible(f"activation instruction: {ab.restrictions[0]}")
    ctx = Ctx("activated", layout=layout)
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    return C.LoyaltyAbility(ab.costs[0].detail, *body, targets=tuple(ctx.targets))


_PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle",
                    "permanent"}


def _costs_less(found: list) -> tuple[str, ...]:
    """118.7: "This ability costs {N} less to activate for each <permanent> you control" as
    ActivatedAbility's ``costs_less``: ("{N}", "[legendary] <types> you control")."""
    if not found:
        return ()
    if len(found) > 1:
        raise Inexpressible("cost reduction (118.7): two of them")
    _, mana, what = found[0]
    f = what.filter if isinstance(what, Obj) and what.kind == "each" else None
    if f is None or "you control" not in f.props or \
            not set(f.props) <= {"legendary", "you control"} or not set(f.types) <= _PERMANENT_TYPES:
        phrase = what.phrase() if isinstance(what, Obj) else str(what)
        raise Inexpressible(f"cost reduction (118.7): for each {phrase}")
    return (mana, f.phrase())


@R.ACTIVATED.layer(R.BASE)
def lower_activated(ab: Activated, layout: str | None = None) -> C.Ability:
    """``layout``: the multi-face card's when this is one of its faces
    (:attr:`.context.Ctx.layout`)."""
    mana = R.MANA_ABILITIES(ab)
    if mana is not None:
        return mana
    loyalty = _loyalty_ability(ab, layout)
    if loyalty is not None:
        return loyalty
    cost = activation_cost(ab.costs)
    timing = "instant"
    once = False
    restrictions = list(ab.restrictions)
    reductions = [r for r in restrictions if isinstance(r, tuple) and r[:1] == ("costs less",)]
    restrictions = [r for r in restrictions if r not in reductions]
    costs_less = _costs_less(reductions)
    if restrictions and isinstance(restrictions[0], str) and restrictions[0].endswith("once each turn") and \
            restrictions[0] != "triggers once each turn":
        # 602.5b "Activate only once each turn" ("as a sorcery, once each turn", ...)
        once = True
        rest = restrictions[0][:-len("once each turn")].rstrip(", ")
        restrictions[0:1] = [rest] if rest else []
    if restrictions:
        if len(restrictions) > 1 or restrictions[0] not in _TIMING:
            raise Inexpressible(f"activation instruction: {ab.restrictions[0]}")
        timing = _TIMING[restrictions[0]]
    ctx = Ctx("activated", layout=layout)
    if any(c.kind in ("sacrifice", "discard") and c.object == Obj("self") for c in ab.costs):
        ctx.last = "self"                   # "Sacrifice ~: It deals 1 damage ..." (Eiganjo's
        #                                     "Discard ~: It deals 4 damage ...")
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    if any(c.kind == "discard" and c.object == Obj("self") for c in ab.costs):
        # "Discard ~" (channel, bloodrush): an ability of the card in its owner's hand (602.1)
        if once:
            raise Inexpressible("activation instruction: once each turn (from the hand)")
        return C.ActivatedAbility(cost, *body, targets=tuple(ctx.targets), timing=timing,
                                  zone="hand", costs_less=costs_less)
    return C.ActivatedAbility(cost, *body, targets=tuple(ctx.targets), timing=timing,
                              once_each_turn=once, costs_less=costs_less)
