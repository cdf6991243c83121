"""The subtype numbering of one card database (205.3): the bit of CF_SUBTYPES and of
CF_COUNT_SUBTYPES each subtype name gets.

The core keeps a card's subtypes as bits of CF_SUBTYPES: the fixed ones
(:data:`~mtg_core.cards.RULES_SUBTYPES`) and, per :class:`~mtg_core.cards.CardDB`, one bit
for each other subtype a layer script, filter or cost of the database names (at most 23,
in sorted order).  Subtypes only counts name get a CF_COUNT_SUBTYPES bit instead (the
printed subtypes, src/rules/amounts.pxi).  The numbering depends on the whole database, so
it is a value of its compilation (:class:`~mtg_core.cards.compile_context.CompileContext`),
never a state of the process: two databases compiled one after the other, or a card
checked while another database compiles, each see their own bits.

>>> bits = SubtypeBits.numbering({"Goblin", "Swamp"})
>>> bits.bits["Goblin"] < bits.bits["Swamp"]            # sorted order
True
>>> bool(bits.creature_types & bits.bits["Goblin"]), bool(bits.creature_types & bits.bits["Swamp"])
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

from ..errors import CardScriptError
from .subtypes import NONCREATURE_SUBTYPES
from .vocabulary import _C, RULES_SUBTYPES

# the bits of CF_SUBTYPES after the fixed ones (RULES_SUBTYPES) up to bit 30
_FIRST_FREE_BIT = max(RULES_SUBTYPES.values()).bit_length()
_MAX_SUBTYPE_BITS = 31 - _FIRST_FREE_BIT
_MAX_COUNT_BITS = 31                        # the bits of CF_COUNT_SUBTYPES


@dataclass(frozen=True)
class SubtypeBits:
    """``bits``: the CF_SUBTYPES bit of each subtype name; ``creature_types``: the mask of
    the creature types among them (a changeling has them all, 702.73a; "becomes a Frog"
    clears them, 205.1b); ``count_bits``: the CF_COUNT_SUBTYPES bit of each subtype only
    counts name."""
    bits: Mapping[str, int]
    creature_types: int
    count_bits: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bits", MappingProxyType(dict(self.bits)))
        object.__setattr__(self, "count_bits", MappingProxyType(dict(self.count_bits)))

    @classmethod
    def numbering(cls, names: Iterable[str], counted: Iterable[str] = ()) -> "SubtypeBits":
        """The fixed bits and one new bit per other name in ``names`` (sorted order); a
        count bit for each name of ``counted`` that has no CF_SUBTYPES bit."""
        bits = dict(RULES_SUBTYPES)
        extra = sorted(set(names) - set(bits))
        if len(extra) > _MAX_SUBTYPE_BITS:
            raise CardScriptError(f"the layer scripts of one card database may name at most "
                                  f"{_MAX_SUBTYPE_BITS} subtypes besides {sorted(RULES_SUBTYPES)}; "
                                  f"these name {len(extra)} (build one CardDB per matchup, from "
                                  f"the cards its decks use)")
        creature = _C["SUB_CREATURE_TYPES"]
        for i, name in enumerate(extra):
            bits[name] = 1 << (_FIRST_FREE_BIT + i)
            if name not in NONCREATURE_SUBTYPES:
                creature |= bits[name]
        only_counted = sorted(set(counted) - set(bits))
        if len(only_counted) > _MAX_COUNT_BITS:
            raise CardScriptError(f"the counts of one card database may name at most "
                                  f"{_MAX_COUNT_BITS} subtypes no layer script names; these "
                                  f"name {len(only_counted)}")
        return cls(bits, creature, {n: 1 << i for i, n in enumerate(only_counted)})

    def filter_field(self, name: str) -> int:
        """The FILTER_SUBTYPE field naming subtype ``name``: 1 + the index of its
        CF_SUBTYPES bit, shifted into place."""
        if name not in self.bits:
            raise CardScriptError(f"subtype {name!r} has no bit outside a CardDB compilation")
        return self.bits[name].bit_length() << _C["FILTER_SUBTYPE_SHIFT"]

    def mask(self, names: Iterable[str]) -> int:
        """The CF_SUBTYPES mask of ``names`` (any of them)."""
        mask = 0
        for n in names:
            if n not in self.bits:
                raise CardScriptError(f"subtype {n!r} has no bit outside a CardDB compilation")
            mask |= self.bits[n]
        return mask


RULES_SUBTYPE_BITS = SubtypeBits.numbering(())
"""The fixed bits only: what a compilation outside any card database numbers."""
