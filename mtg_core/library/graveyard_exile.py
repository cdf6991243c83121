"""Cards that exile a whole graveyard (406.3): "exile target player's graveyard"."""
from __future__ import annotations

from ..cards import (ActivatedAbility, Card, Draw, EntersTapped, ExileGraveyard, ManaAbility,
                     May, Pay, TriggeredAbility)

CARDS = [
    Card("Bojuka Bog", types=("Land",),
         abilities=(EntersTapped(),
                    TriggeredAbility("enters", ExileGraveyard(), targets=("player",)),
                    ManaAbility("B")),
         text="This land enters tapped.\nWhen this land enters, exile target player's "
              "graveyard.\n{T}: Add {B}."),
    Card("Tormod's Crypt", "{0}", ("Artifact",),
         abilities=(ActivatedAbility("{T}, Sacrifice ~", ExileGraveyard(), targets=("player",)),),
         text="{T}, Sacrifice Tormod's Crypt: Exile target player's graveyard."),
    Card("Nihil Spellbomb", "{1}", ("Artifact",),
         abilities=(ActivatedAbility("{T}, Sacrifice ~", ExileGraveyard(), targets=("player",)),
                    TriggeredAbility("dies", May(Pay("{B}"), Draw("you")))),
         text="{T}, Sacrifice Nihil Spellbomb: Exile target player's graveyard.\nWhen Nihil "
              "Spellbomb is put into a graveyard from the battlefield, you may pay {B}. If you "
              "do, draw a card."),
]
