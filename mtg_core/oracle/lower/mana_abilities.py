"""Mana abilities (605), the layers of :data:`.registry.MANA_ABILITIES`: the base's "{T}: Add
{G}" of one colour (or any colour, or one of several) with a cost a mana ability may have
(605.1a); several colours at once ("{1}, {T}: Add {W}{U}", 106.1) and mana abilities that
also deal damage to you (painlands, 605.3b).
"""
from __future__ import annotations

import dataclasses

from ... import cards as C
from ..nodes import Activated, Cost, Effect, Obj, effect
from . import registry as R
from .context import Inexpressible
from .costs import activation_cost
from .language import TS as _TS


def _mana_ability_cost(costs) -> str:
    """605.1a: a mana ability's cost other than {T}: mana, {T}/{Q}, "Pay N life", "Sacrifice
    ~", counters -- not a choice of what to sacrifice, tap or discard."""
    try:
        cost = activation_cost(costs)
    except Inexpressible:
        raise Inexpressible("mana ability with a cost other than {T}") from None
    try:
        ac = C.parse_activation_cost(cost)
    except C.CardScriptError:
        raise Inexpressible("mana ability with a cost other than {T}") from None
    if ac.sacrifice or ac.tap or ac.flags & _TS["COST_DISCARD"]:
        raise Inexpressible("mana ability with a cost other than {T}")
    return cost


@R.MANA_ABILITIES.layer(R.BASE)
def _mana_ability(ab: Activated) -> C.ManaAbility | None:
    """``{T}: Add ...`` with nothing else, as the language's mana ability (605.1a)."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], Effect) or \
            ab.effects[0].verb != "add mana":
        return None
    cost = "{T}"
    if ab.costs == (Cost("tap"), Cost("sacrifice", object=Obj("self"))):
        cost = "{T}, Sacrifice ~"            # 605.1a; a Treasure-like source (one mana)
    elif tuple(c.kind for c in ab.costs) != ("tap",):
        cost = _mana_ability_cost(ab.costs)          # 605.1a
    if ab.restrictions:
        raise Inexpressible("mana ability with activation instructions")
    how, what = ab.effects[0].get("mana")
    if how == "any color" and what == "1":
        return C.ManaAbility("WUBRG", cost=cost)
    syms = [s.strip("{}") for s in what.replace("}{", "}|{").split("|")] if how != "any color" else []
    if any(s not in C.COLOR_INDEX for s in syms):
        raise Inexpressible("mana ability: " + how, what)
    if how == "exactly" and len(set(syms)) == 1 and (cost == "{T}" or len(syms) == 1 or
                                                     not C.parse_activation_cost(cost).automatic):
        return C.ManaAbility(syms[0], len(syms), cost=cost)
    if how == "one of" and len(set(syms)) == len(syms):
        return C.ManaAbility("".join(syms), cost=cost)
    raise Inexpressible("mana ability: " + how, what)



@R.MANA_ABILITIES.layer("several colours")
def several_colours(rest, ab: Activated) -> C.ManaAbility | None:
    """"Add {W}{U}": the ability that adds the first colour, with the others as ``extra``."""
    first = ab.effects[0] if ab.effects else None
    if isinstance(first, Effect) and first.verb == "add mana" and \
            isinstance(first.get("mana"), tuple) and first.get("mana")[0] == "exactly":
        what = first.get("mana")[1]
        syms = [s.strip("{}") for s in what.replace("}{", "}|{").split("|")]
        if len(set(syms)) > 1 and all(s in C.COLOR_INDEX for s in syms):
            one = effect("add mana", first.subject, first.object, first.amount, first.duration,
                         **dict(first.extra, mana=("exactly", "{" + syms[0] + "}")))
            plain = rest(dataclasses.replace(ab, effects=(one, *ab.effects[1:])))
            if plain is not None:
                return dataclasses.replace(plain, amount=syms.count(syms[0]),
                                           extra="".join(s for s in syms if s != syms[0]))
    return rest(ab)


@R.MANA_ABILITIES.layer("damage to you")
def damage_to_you(rest, ab: Activated) -> C.ManaAbility | None:
    """"{T}: Add {R} or {W}. ~ deals 1 damage to you." (a painland): the mana ability with
    ``damage``; other effects after the mana stay inexpressible."""
    if len(ab.effects) == 2 and isinstance(ab.effects[0], Effect) and \
            isinstance(ab.effects[1], Effect) and \
            ab.effects[0].verb == "add mana" and ab.effects[1] == \
            effect("damage", Obj("self"), Obj("you"), ab.effects[1].amount) and \
            ab.effects[1].amount is not None and ab.effects[1].amount.expr is None and \
            (ab.effects[1].amount.value or 0) > 0:
        plain = rest(dataclasses.replace(ab, effects=ab.effects[:1]))
        if plain is not None:
            return dataclasses.replace(plain, damage=ab.effects[1].amount.value)
    return rest(ab)
