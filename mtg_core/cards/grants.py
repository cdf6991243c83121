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
src/rules/grants.pxi).  In the quoted text "this creature" / "~" is the object that has the
ability (its source), so its effects name it "self" and its costs ("{T}", "Sacrifice ~")
are the host's; the host's summoning sickness applies to its {T} (302.6).  A game addresses
the k-th ability granted to an object as ability ``GRANT_INDEX + k`` (Game.activate).
A granted triggered ability triggers at the beginning of a step or on an event of the host
itself (GRANTED_TRIGGER_EVENTS: enters, attacks, blocks, deals combat damage, ...); one that
would need the look-back of 603.10 ("dies", "leaves the battlefield") or another object's
event raises CardScriptError.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .compile_context import CompileContext
from .costs import parse_activation_cost
from .effects import walk_effects
from .abilities import Ability, ActivatedAbility, LoyaltyAbility, ManaAbility, TriggeredAbility
from .statics import Change, StaticAbility, subtype_names_of
from .vocabulary import _C, STEPS, TRIGGER_EVENTS, TRIGGER_MAIN_PHASES

GRANT_INDEX: int = _C["GRANT_INDEX"]
# The events of the host itself a granted triggered ability may trigger on (603.2; the core's
# queue_granted_triggers); "dies" / "leaves the battlefield" would need the look-back of 603.10.
GRANTED_TRIGGER_EVENTS = frozenset(
    k for k in TRIGGER_EVENTS if k not in ("dies", "is put into a graveyard from the battlefield",
                                           "leaves the battlefield",
                                           "a creature you control attacks alone"))


@dataclass(frozen=True)
class GrantAbility(Change):
    """Has <ability> (layer 6): an activated, mana or triggered ability (602, 605, 603) lent
    to each object the static ability affects."""
    ability: Ability
    code = _C["LY_GRANT_ABILITY"]

    def check(self) -> None:
        ab = self.ability
        if type(ab) is TriggeredAbility:
            if ab.at not in GRANTED_TRIGGER_EVENTS and ab.at not in STEPS and \
                    ab.at not in TRIGGER_MAIN_PHASES:
                raise CardScriptError(f"GrantAbility: a granted triggered ability triggers at the "
                                      f"beginning of a step or on one of {sorted(GRANTED_TRIGGER_EVENTS)}"
                                      f", not {ab.at!r}")
            return
        if not isinstance(ab, (ActivatedAbility, ManaAbility)) or isinstance(ab, LoyaltyAbility):
            raise CardScriptError(f"GrantAbility({ab!r}): only an activated, mana or triggered "
                                  "ability can be granted (not a loyalty ability)")
        if getattr(ab, "zone", "battlefield") != "battlefield":
            raise CardScriptError("a granted ability works on the battlefield (zone='battlefield')")
        if getattr(ab, "once_each_turn", False):
            # 602.5b: the host's one turn mark may be its own abilities' (a loyalty ability)
            raise CardScriptError("a granted ability can't be 'activate only once each turn'")

    def operands(self, ctx) -> tuple[int, int, int]:
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
                if isinstance(ch.ability, TriggeredAbility):       # the trigger scans look
                    kinds |= 1 << _C["AB_TRIGGERED"]            # at boards with such cards
    if kinds and len(abilities) > GRANT_INDEX:
        raise CardScriptError(f"{card.name}: a card that grants abilities has at most "
                              f"{GRANT_INDEX} abilities of its own")
    return kinds


__all__ = ["GRANT_INDEX", "GrantAbility", "compile_grants", "granted_abilities"]


_ATTACHED_REFS = ("enchanted creature", "equipped creature", "enchanted permanent")


def _names_attached(effects) -> bool:
    return any(isinstance(v, str) and v in _ATTACHED_REFS
               for eff in walk_effects(effects) for v in vars(eff).values())


def check_attached_refs(card, ctx: CompileContext) -> None:
    """"enchanted creature" / "equipped creature" as an effect operand (REF_ATTACHED) names
    what the source is attached to (303.4, 301.5): only an Aura's or Equipment's own
    abilities say it, and not one whose cost removes the source itself (its last-known
    attachment, 608.2h, is not kept).  ``ctx`` numbers the subtypes the costs name."""
    attached = {"Aura", "Equipment"} & set(card.subtypes)
    for ab in card.abilities:
        for g in granted_abilities(ab):
            if _names_attached(getattr(g, "effects", ())):
                raise CardScriptError(f"{card.name}: a granted ability can't name what the "
                                      "granting Aura or Equipment is attached to")
        groups = [getattr(ab, "effects", ())] + [m.effects for m in getattr(ab, "modes", ())]
        if not any(_names_attached(effs) for effs in groups):
            continue
        if not attached:
            raise CardScriptError(f"{card.name}: only an Aura or Equipment names 'enchanted "
                                  "creature' / 'equipped creature' (303.4, 301.5)")
        cost = getattr(ab, "cost", None)
        if isinstance(ab, ActivatedAbility) and isinstance(cost, str) and \
                parse_activation_cost(cost, ctx).flags & (_C["COST_SAC_SELF"] | _C["COST_DISCARD_SELF"]):
            raise CardScriptError(f"{card.name}: an ability whose cost removes its source can't "
                                  "name what the source was attached to (608.2h: last-known "
                                  "information of an attachment is not kept)")
