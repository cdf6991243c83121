"""Kicker on permanents (702.33): a creature, artifact or enchantment card with "Kicker
[cost]" has a :class:`Kicker` ability -- a spell ability with no effect that carries the
optional cost (601.2b: the kicker decision, 601.2f: the total cost) -- and reads whether
its spell was kicked (702.33d: "kicked" is linked to the permanent the spell becomes):

* :func:`Kicked`: the condition of "When ~ enters, if it was kicked, <effects>" (an
  intervening "if", 603.4: ``TriggeredAbility("enters", InterveningIf(Kicked(), ...))``);
* :class:`EntersWithCountersIfKicked`: "If ~ was kicked, it enters with N +1/+1 counters
  on it" (614.1c; card column CF_KICKED_COUNTERS).

A permanent put onto the battlefield other than by resolving its kicked spell, or one that
changed zones since (400.7), wasn't kicked.

>>> from mtg_core.cards import Card, TriggeredAbility, InterveningIf, Draw
>>> c = Card("Citanul Woodreaders", "{2}{G}", ("Creature",), ("Human", "Druid"), power=1,
...          toughness=4, abilities=(Kicker("{2}{G}"),
...          TriggeredAbility("enters", InterveningIf(Kicked(), Draw("you", 2)))))
>>> c.name
'Citanul Woodreaders'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .abilities import SpellAbility
from .compile_context import DEFAULT_CONTEXT
from .effects import _amount
from .effects.choices import Condition
from .replacement import Replacement
from .vocabulary import _C


@dataclass(frozen=True, init=False)
class MultikickerAbility(SpellAbility):
    """The spell ability of a permanent card with "Multikicker [cost]" (702.33c): its kicker
    cost may be paid any number of times (at most CI_KICKS_MAX, 15)."""

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        r = super().row(start, length, ctx)
        r[_C["AF_MULTIKICKER"]] = 1
        return r


def Kicker(cost: str, multi: bool = False) -> SpellAbility:
    """"Kicker [mana cost]" of a permanent card (702.33a): the spell ability of its spell,
    with no effect of its own (the permanent enters when it resolves, 608.3).
    ``multi``: "Multikicker [mana cost]" (702.33c)."""
    if not cost:
        raise CardScriptError("Kicker needs a mana cost (702.33a)")
    return MultikickerAbility(kicker=cost) if multi else SpellAbility(kicker=cost)


def Kicked() -> Condition:
    """"if it was kicked" / "if ~ was kicked" (702.33d): the source is a permanent whose
    spell was kicked.  As an intervening "if" (603.4) it is checked as the ability triggers
    and as it resolves; if the permanent has left the battlefield by then, its last known
    information is used (113.7a)."""
    return Condition(_C["COND_SELF_KICKED"])


@dataclass(frozen=True)
class EntersWithCountersIfKicked(Replacement):
    """"If ~ was kicked, it enters with N +1/+1 counters on it." (614.1c, 702.33d): as its
    kicked spell resolves, it enters with N more +1/+1 counters -- N for each time it was
    kicked: "~ enters with a +1/+1 counter on it for each time it was kicked" (702.33c)."""
    n: int

    def __post_init__(self):
        if isinstance(self.n, str) or _amount(self.n) < 1:
            raise CardScriptError("EntersWithCountersIfKicked: a number of counters of 1 or more")

    def card_row(self, row):
        row[_C["CF_KICKED_COUNTERS"]] = _amount(self.n)


def check_permanent_spell_ability(card) -> None:
    """A permanent card's :class:`SpellAbility` only carries costs chosen as it is cast
    (kicker, 702.33): its spell puts the permanent onto the battlefield, nothing else
    (608.3), so effects, targets, modes or a second one would be silently ignored."""
    if {"Instant", "Sorcery"} & set(card.types) or getattr(card, "halves", None):
        return
    spells = [a for a in card.abilities if isinstance(a, SpellAbility)]
    if not spells:
        if any(isinstance(a, EntersWithCountersIfKicked) for a in card.abilities):
            raise CardScriptError(f"{card.name}: EntersWithCountersIfKicked needs a Kicker (702.33)")
        return
    if len(spells) > 1:
        raise CardScriptError(f"{card.name}: one Kicker on a permanent card (702.33)")
    s = spells[0]
    if s.effects or s.targets or s.modes or s.additional_cost or s.flashback or \
            not (s.kicker or s.alternative is not None):
        raise CardScriptError(f"{card.name}: a permanent card's SpellAbility is only its "
                              "Kicker or alternative cost (608.3: its spell has no effect of its own)")
    if "Aura" in card.subtypes:
        raise CardScriptError(f"{card.name}: kicker on an Aura (or an alternative cost) is not supported")
    if any(isinstance(a, EntersWithCountersIfKicked) for a in card.abilities) and \
            "Creature" not in card.types:
        raise CardScriptError(f"{card.name}: EntersWithCountersIfKicked puts +1/+1 counters on a creature")
