"""Searches that leave the card found on top of the library (701.23): "search your library
for a card, [reveal it,] then shuffle and put that card on top" -- the tutors, drawn next
turn (or sooner with a draw).  Only the searcher knows the card unless it was revealed
(701.16a)."""
from __future__ import annotations

from ..cards import Card, LoseLife, ManaAbility, SearchCard, SpellAbility, TriggeredAbility

_ON_TOP = "then shuffle and put that card on top"

CARDS = [
    Card("Vampiric Tutor", "{B}", ("Instant",),
         abilities=(SpellAbility(SearchCard(to="top"), LoseLife("you", 2)),),
         text=f"Search your library for a card, {_ON_TOP}. You lose 2 life."),
    Card("Imperial Seal", "{B}", ("Sorcery",),
         abilities=(SpellAbility(SearchCard(to="top"), LoseLife("you", 2)),),
         text=f"Search your library for a card, {_ON_TOP}. You lose 2 life."),
    Card("Mystical Tutor", "{U}", ("Instant",),
         abilities=(SpellAbility(SearchCard(types=("Instant", "Sorcery"), to="top", reveal=True)),),
         text=f"Search your library for an instant or sorcery card, reveal it, {_ON_TOP}."),
    Card("Enlightened Tutor", "{W}", ("Instant",),
         abilities=(SpellAbility(SearchCard(types=("Artifact", "Enchantment"), to="top",
                                            reveal=True)),),
         text=f"Search your library for an artifact or enchantment card, reveal it, {_ON_TOP}."),
    Card("Worldly Tutor", "{G}", ("Instant",),
         abilities=(SpellAbility(SearchCard(types=("Creature",), to="top", reveal=True)),),
         text="Search your library for a creature card, reveal it, then shuffle and put the "
              "card on top."),
    Card("Sylvan Tutor", "{G}", ("Sorcery",),
         abilities=(SpellAbility(SearchCard(types=("Creature",), to="top", reveal=True)),),
         text=f"Search your library for a creature card, reveal it, {_ON_TOP}."),
    Card("Personal Tutor", "{U}", ("Sorcery",),
         abilities=(SpellAbility(SearchCard(types=("Sorcery",), to="top", reveal=True)),),
         text=f"Search your library for a sorcery card, reveal it, {_ON_TOP}."),
    Card("Elvish Harbinger", "{2}{G}", ("Creature",), subtypes=("Elf", "Druid"),
         power=1, toughness=2,
         abilities=(TriggeredAbility("enters", SearchCard(subtypes=("Elf",), to="top",
                                                          reveal=True, may=True)),
                    ManaAbility("WUBRG")),
         text="When Elvish Harbinger enters the battlefield, you may search your library for an "
              f"Elf card, reveal it, {_ON_TOP}.\n{{T}}: Add one mana of any color."),
]
