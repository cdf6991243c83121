"""Evoke (702.74a): "Evoke [cost]" of a permanent card is an alternative cost (118.9,
:class:`~mtg_core.cards.AlternativeCost` with ``evoke=True``) and the triggered ability
"When this permanent enters, if its evoke cost was paid, its controller sacrifices it".

* :func:`Evoke`: the spell ability of the permanent card, with no effect of its own (608.3),
  carrying the evoke cost;
* :func:`EvokeSacrifice`: the triggered ability evoke stands for;
* :func:`Evoked`: "if it was evoked" (an intervening "if", 603.4), linked to the permanent the
  evoked spell becomes: the core keeps it in Obj.alt_cost while the permanent stays on the
  battlefield (src/rules/alternative_costs.pxi); a zone change makes a new object that
  wasn't evoked (400.7).

>>> from mtg_core.cards import Card, TriggeredAbility, Draw
>>> m = Card("Mulldrifter", "{4}{U}", ("Creature",), ("Elemental",), power=2, toughness=2,
...          keywords=("flying",), abilities=(TriggeredAbility("enters", Draw("you", 2)),
...          Evoke("{2}{U}"), EvokeSacrifice()))
>>> m.abilities[1].alternative
AlternativeCost(cost='{2}{U}', condition='', evoke=True)
"""
from __future__ import annotations

from ..errors import CardScriptError
from .abilities import SpellAbility, TriggeredAbility
from .alternative_costs import AlternativeCost
from .effects import walk_effects
from .effects.choices import Condition, InterveningIf
from .effects.permanents import Sacrifice
from .vocabulary import _C


def Evoke(cost: str) -> SpellAbility:
    """"Evoke [cost]" of a permanent card (702.74a): its spell ability, with no effect of its
    own, carrying the alternative cost.  The card also has :func:`EvokeSacrifice`."""
    return SpellAbility(alternative=AlternativeCost(cost, evoke=True))


def Evoked() -> Condition:
    """"if it was evoked" / "if its evoke cost was paid" (702.74a): the source is a permanent
    whose spell was cast for its evoke cost."""
    return Condition(_C["COND_SELF_EVOKED"])


def EvokeSacrifice() -> TriggeredAbility:
    """The triggered ability evoke stands for (702.74a): "When this permanent enters, if its
    evoke cost was paid, its controller sacrifices it."  Entering with another "when ~
    enters" trigger, both trigger together and its controller orders them (603.3b)."""
    return TriggeredAbility("enters", InterveningIf(Evoked(), Sacrifice("self")))


def _reads_evoked(ability) -> bool:
    return any(getattr(getattr(e, "condition", None), "code", None) == _C["COND_SELF_EVOKED"]
               for e in walk_effects(getattr(ability, "effects", ())))


def check_evoke(card) -> None:
    """Evoke on a permanent card comes with exactly one :func:`EvokeSacrifice`; "if it was
    evoked" is read only by a card with evoke (702.74a)."""
    evoke = any(isinstance(a, SpellAbility) and a.alternative is not None and a.alternative.evoke
                for a in card.abilities)
    sacrifices = sum(1 for a in card.abilities if a == EvokeSacrifice())
    if evoke and sacrifices != 1:
        raise CardScriptError(f"{card.name}: evoke needs its EvokeSacrifice() triggered "
                              "ability, once (702.74a)")
    if not evoke and any(_reads_evoked(a) for a in card.abilities):
        raise CardScriptError(f"{card.name}: 'if it was evoked' needs an Evoke (702.74a)")
