"""Mana abilities (605) beyond the base's one colour: several colours at once ("{1}, {T}: Add
{W}{U}", 106.1) and mana abilities that also deal damage to you (painlands, 605.3b).
Layers of :data:`.registry.MANA_ABILITIES`.
"""
from __future__ import annotations

import dataclasses

from ... import cards as C
from ..nodes import Activated, Effect, Obj, effect
from . import registry as R


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
