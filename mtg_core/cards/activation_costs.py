"""Ward (702.21a) and library searches with a quality (701.19).

The costs of activated and mana abilities themselves ("Sacrifice a creature", "Pay N life",
"Remove a +1/+1 counter from ~", "Tap an untapped creature you control", {Q}) are read by
:func:`mtg_core.cards.costs.parse_activation_cost`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CardScriptError
from .abilities import TriggeredAbility
from .effects import Effect
from .subtypes import subtype_field
from .vocabulary import _C, TYPE_BITS, _ref

BECOMES_TARGET = "becomes the target of a spell or ability an opponent controls"


@dataclass(frozen=True)
class WardCounter(Effect):
    """Counter the spell or ability whose targeting triggered this ability unless its
    controller pays {generic} -- or ``life`` life ("Ward--Pay N life") (702.21a).  Its
    controller decides (D_WARD_PAY) when they can pay (119.4: life only if their life total
    is at least that); a spell or ability that has left the stack isn't countered."""
    generic: int = 0
    life: int = 0
    ends_resolution = True            # the decision ends the resolution: the last effect

    def compile(self):
        if (self.generic > 0) == (self.life > 0) or min(self.generic, self.life) < 0 or \
                max(self.generic, self.life) > _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError("a ward cost is {N} or 'Pay N life' (N > 0)")
        return [_C["OP_WARD"], self.generic, self.life]


_WARD = re.compile(r"\{(\d+)\}|pay (\d+) life")


def Ward(cost: str) -> TriggeredAbility:
    """702.21a: "Ward {2}" or "Ward--Pay 3 life" (``cost`` is "{2}" or "Pay 3 life"):
    "Whenever this permanent becomes the target of a spell or ability an opponent controls,
    counter that spell or ability unless that player pays [cost]."

    >>> Ward("{2}").at == BECOMES_TARGET
    True
    """
    m = _WARD.fullmatch(cost.strip().lower()) if isinstance(cost, str) else None
    if not m:
        raise CardScriptError(f"ward cost {cost!r}: '{{N}}' or 'Pay N life' (702.21a)")
    if m.group(1) is not None:
        return TriggeredAbility(BECOMES_TARGET, WardCounter(generic=int(m.group(1))))
    return TriggeredAbility(BECOMES_TARGET, WardCounter(life=int(m.group(2))))


# subtypes only lands have (205.3i, 205.3j): a search for one may put the card onto the battlefield
LAND_SUBTYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate",
                           "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's", "Cave",
                           "Sphere", "Town"})
# the qualities a search asks for (701.19): card types, "basic" (205.4a)
SEARCH_QUALITIES = ("card", "basic land", "creature", "land", "artifact", "enchantment",
                    "planeswalker", "instant", "sorcery", "artifact or creature",
                    "instant or sorcery")


@dataclass(frozen=True)
class SearchLibrary(Effect):
    """<who> searches their library for a ``quality`` card ("card": any card; "creature",
    "basic land", "artifact or creature", ...), puts it into their hand (``to="hand"``,
    revealing it if ``reveal``) or onto the battlefield (``to="battlefield"``, tapped if
    ``tapped``), then shuffles (701.19, 701.20).  ``may``: "you may search".  The player
    decides (D_SEARCH_LIBRARY) which card -- one choice per card name; a search for a card
    with a stated quality may find nothing (701.19b).  A decision in the middle of
    resolving, so the last effect.  (:class:`~mtg_core.cards.effects.SearchForBasicLand`
    is "you may search for a basic land card, put it onto the battlefield".)"""
    quality: str = "card"
    who: str = "you"
    to: str = "hand"
    reveal: bool = False
    tapped: bool = False
    may: bool = False
    ends_resolution = True

    def flags(self) -> int:
        words = self.quality.split()
        flags = 0
        if self.to == "hand":
            flags |= _C["SEARCH_TO_HAND"]
            if self.tapped:
                raise CardScriptError("a card put into a hand isn't tapped")
        elif self.to == "battlefield":
            if self.reveal:
                raise CardScriptError("'reveal it' goes with putting it into a hand here")
        else:
            raise CardScriptError(f"a search puts the card into 'hand' or onto 'battlefield', "
                                  f"not {self.to!r}")
        if self.tapped:
            flags |= _C["SEARCH_TAPPED"]
        if self.reveal:
            flags |= _C["SEARCH_REVEAL"]
        if not self.may:
            flags |= _C["SEARCH_MANDATORY"]
        if words and words[0] == "basic":
            flags |= _C["SEARCH_BASIC"]
            words = words[1:]
        types = 0
        subs = self.filter_subtypes()
        if subs:                                    # "a Mountain or Plains card" (205.3)
            if len(subs) > 2 or [a.strip() for a in " ".join(words).split(" or ")] != subs:
                raise CardScriptError(f"search quality {self.quality!r}: one or two subtypes "
                                      "('Mountain or Plains'), not with card types")
            flags |= subtype_field(subs[0])
            if len(subs) == 2:
                flags |= subtype_field(subs[1]) << (_C["FILTER_SUBTYPE2_SHIFT"] - _C["FILTER_SUBTYPE_SHIFT"])
            if self.to == "battlefield" and not set(subs) <= LAND_SUBTYPES:
                raise CardScriptError(f"search quality {self.quality!r}: onto the battlefield, "
                                      "land subtypes only here")
            words = []
        for w in " ".join(words).split(" or ") if words else ():
            if w == "card" and len(words) == 1:
                continue
            t = w.strip().capitalize()
            if t not in TYPE_BITS:
                raise CardScriptError(f"search quality {self.quality!r}: {w!r} is not a card type")
            types |= TYPE_BITS[t]
        if self.to == "battlefield":
            if types & (_C["T_INSTANT"] | _C["T_SORCERY"]):
                raise CardScriptError("an instant or sorcery can't be put onto the battlefield (304.4, 307.4)")
            if not types and not flags & _C["SEARCH_BASIC"] and not subs:
                raise CardScriptError("a search onto the battlefield names a kind of permanent card")
        return flags | types << _C["SEARCH_TYPE_SHIFT"]

    def compile(self):
        return [_C["OP_SEARCH"], _ref(self.who), self.flags()]

    def filter_subtypes(self) -> list[str]:
        """The subtypes the quality names ("Mountain or Plains": both), capitalised words."""
        return [w for w in self.quality.replace(" or ", " ").split() if w[:1].isupper()]
