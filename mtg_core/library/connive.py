"""Connive (701.50): a permanent's controller draws a card, then discards a card, and a
nonland card discarded this way puts a +1/+1 counter on the conniving permanent -- on
entering, as an activated ability, and aimed at another creature."""
from __future__ import annotations

from ..cards import ActivatedAbility, Card, Connive, TriggeredAbility

_REMINDER = ("(Draw a card, then discard a card. If you discarded a nonland card, put a +1/+1 "
             "counter on {}.)")

CARDS = [
    Card("Raffine's Informant", "{1}{W}", ("Creature",), ("Human", "Wizard"), power=2,
         toughness=1, abilities=(TriggeredAbility("enters", Connive("self")),),
         text="When Raffine's Informant enters the battlefield, it connives. "
              + _REMINDER.format("this creature")),
    Card("Echo Inspector", "{3}{U}", ("Creature",), ("Bird", "Rogue"), power=2, toughness=3,
         keywords=("flying",), abilities=(TriggeredAbility("enters", Connive("self")),),
         text="Flying\nWhen Echo Inspector enters the battlefield, it connives. "
              + _REMINDER.format("this creature")),
    Card("Hypnotic Grifter", "{U}", ("Creature",), ("Human", "Rogue"), power=1, toughness=2,
         abilities=(ActivatedAbility("{3}", Connive("self")),),
         text="{3}: Hypnotic Grifter connives. " + _REMINDER.format("this creature")),
    Card("Mob Lookout", "{1}{U/B}", ("Creature",), ("Human", "Rogue", "Villain"), power=0,
         toughness=3,
         abilities=(TriggeredAbility("enters", Connive("target"),
                                     targets=("creature you control",)),),
         text="When this creature enters, target creature you control connives. "
              + _REMINDER.format("that creature")),
]
