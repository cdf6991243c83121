"""Planeswalkers (306) with loyalty abilities (606)."""
from __future__ import annotations

from ..cards import (Card, Damage, DestroyAll, DoesntUntapNextUntapStep, Draw, GainLife,
                     LoyaltyAbility, Mill)

CARDS = [
    Card("Jace Beleren", "{1}{U}{U}", ("Planeswalker",), ("Jace",),
         supertypes=("Legendary",), loyalty=3,
         abilities=(LoyaltyAbility("+2", Draw("each player", 1)),
                    LoyaltyAbility("\u22121", Draw("target", 1), targets=("player",)),
                    LoyaltyAbility("\u221210", Mill("target", 20), targets=("player",))),
         text="+2: Each player draws a card.\n"
              "\u22121: Target player draws a card.\n"
              "\u221210: Target player mills twenty cards."),
    Card("Ajani Vengeant", "{2}{R}{W}", ("Planeswalker",), ("Ajani",),
         supertypes=("Legendary",), loyalty=3,
         abilities=(LoyaltyAbility("+1", DoesntUntapNextUntapStep("target"),
                                   targets=("permanent",)),
                    LoyaltyAbility("\u22122", Damage("target", 3), GainLife("you", 3),
                                   targets=("any",)),
                    LoyaltyAbility("\u22127", DestroyAll("target", ("Land",)),
                                   targets=("player",))),
         text="+1: Target permanent doesn't untap during its controller's next untap step.\n"
              "\u22122: Ajani Vengeant deals 3 damage to any target and you gain 3 life.\n"
              "\u22127: Destroy all lands target player controls."),
]
