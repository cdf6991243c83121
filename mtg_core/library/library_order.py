"""Cards put on top of a library in an order their owner chooses (401.4): from the hand
(Brainstorm), or looked at and put back (Ponder, Sensei's Divining Top); "you may shuffle"
(701.24)."""
from __future__ import annotations

from ..cards import (ActivatedAbility, Card, Draw, EntersTapped, LookAtTopPutBack, ManaAbility,
                     May, PutFromHandOnTop, PutOnTop, Shuffle, SpellAbility, TriggeredAbility)

CARDS = [
    Card("Brainstorm", "{U}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 3), PutFromHandOnTop(2)),),
         text="Draw three cards, then put two cards from your hand on top of your library in "
              "any order."),
    Card("Ponder", "{U}", ("Sorcery",),
         abilities=(SpellAbility(LookAtTopPutBack(3), May(Shuffle()), Draw("you")),),
         text="Look at the top three cards of your library, then put them back in any order. "
              "You may shuffle.\nDraw a card."),
    Card("Sensei's Divining Top", "{1}", ("Artifact",),
         abilities=(ActivatedAbility("{1}", LookAtTopPutBack(3)),
                    ActivatedAbility("{T}", Draw("you"), PutOnTop("self"))),
         text="{1}: Look at the top three cards of your library, then put them back in any "
              "order.\n{T}: Draw a card, then put Sensei's Divining Top on top of its owner's "
              "library."),
    Card("Brainstone", "{1}", ("Artifact",),
         abilities=(ActivatedAbility("{2}, {T}, Sacrifice ~", Draw("you", 3), PutFromHandOnTop(2)),),
         text="{2}, {T}, Sacrifice Brainstone: Draw three cards, then put two cards from your "
              "hand on top of your library in any order."),
    Card("Halimar Depths", "", ("Land",),
         abilities=(EntersTapped(), TriggeredAbility("enters", LookAtTopPutBack(3)),
                    ManaAbility("U")),
         text="Halimar Depths enters tapped.\nWhen Halimar Depths enters, look at the top three "
              "cards of your library, then put them back in any order.\n{T}: Add {U}."),
    Card("Mirri's Guile", "{G}", ("Enchantment",),
         abilities=(TriggeredAbility("upkeep", May(LookAtTopPutBack(3))),),
         text="At the beginning of your upkeep, you may look at the top three cards of your "
              "library, then put them back in any order."),
]
