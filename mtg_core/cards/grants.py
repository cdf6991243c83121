"""Granted abilities (613.1f): a static ability that gives the objects it affects an
activated or mana ability: 'Enchanted creature has "{T}: This creature deals 1 damage to any
target."', 'Lands you control have "{T}: Add one mana of any color."'.

>>> from mtg_core.cards import ActivatedAbility, Damage, StaticAbility
>>> ping = ActivatedAbility("{T}", Damage("target", 1), targets=("any",))
>>> aura = StaticAbility("enchanted creature", GrantAbility(ping))
>>> aura.changes[0].layer
'6'

The granted ability compiles to an ability row of the GRANTING card, after its own
abilities and modes; the static's change (LY_GRANT_ABILITY) names that row, and the layer
system decides which objects have it (affected set, timestamps, "loses all abilities":
src/grants.pxi).  In the quoted text "this creature" / "~" is the object that has the
ability (its source), so its effects name it "self" and its costs ("{T}", "Sacrifice ~")
are the host's; the host's summoning sickness applies to its {T} (302.6).  A game addresses
the k-th ability granted to an object as ability ``GRANT_INDEX + k`` (Game.activate).
Granted triggered abilities are not supported (the trigger scans read the card's own
abilities): defining one raises CardScriptError.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .abilities import Ability, ActivatedAbility, LoyaltyAbility, ManaAbility
from .statics import Change, StaticAbility, subtype_names_of
from .vocabulary import _C

GRANT_INDEX: int = _C["GRANT_INDEX"]


@dataclass(frozen=True)
class GrantAbility(Change):
    """Has <ability> (layer 6): an activated or mana ability (602, 605) lent to each object
    the static ability affects."""
    ability: Ability
    code = _C["LY_GRANT_ABILITY"]

    def check(self) -> None:
        ab = self.ability
        if not isinstance(ab, (ActivatedAbility, ManaAbility)) or isinstance(ab, LoyaltyAbility):
            raise CardScriptError(f"GrantAbility({ab!r}): only an activated or mana ability can "
                                  "be granted (granted triggered and loyalty abilities are not "
                                  "supported)")
        if getattr(ab, "zone", "battlefield") != "battlefield":
            raise CardScriptError("a granted ability works on the battlefield (zone='battlefield')")

    def operands(self) -> tuple[int, int, int]:
        return (0, 0, 0)          # a: the granted row, set as the CardDB compiles (compile_grants)

    def subtype_names(self) -> set[str]:
        return subtype_names_of(self.ability)

    @property
    def layer(self) -> str:
        return "6"


def granted_abilities(ability) -> list[Ability]:
    """The abilities a static ability grants (none for other abilities)."""
    if not isinstance(ability, StaticAbility):
        return []
    return [ch.ability for ch in ability.changes if isinstance(ch, GrantAbility)]


def compile_grants(card, abilities, first_row: int, ability_rows: list[list[int]],
                   program: list[int], append) -> int:
    """CardDB: after ``card``'s own abilities (rows ``first_row`` ...) and modes, one row per
    granted ability; each GrantAbility's operand becomes its row less ``first_row``.  Returns
    the CF_ABILITY_KINDS bits to add (GRANT_BIT if it grants any)."""
    kinds = 0
    for i, ab in enumerate(abilities):
        if not isinstance(ab, StaticAbility):
            continue
        pstart = ability_rows[first_row + i][_C["AF_PROG_START"]]
        for n, ch in enumerate(ab.changes):
            if isinstance(ch, GrantAbility):
                program[pstart + 4 * n + 1] = len(ability_rows) - first_row
                append(card, ch.ability, program, ability_rows)
                kinds |= _C["GRANT_BIT"]
    if kinds and len(abilities) > GRANT_INDEX:
        raise CardScriptError(f"{card.name}: a card that grants abilities has at most "
                              f"{GRANT_INDEX} abilities of its own")
    return kinds


__all__ = ["GRANT_INDEX", "GrantAbility", "compile_grants", "granted_abilities"]
