"""Spells with an additional cost of sacrificing a permanent (601.2f, 118.8): "As an
additional cost to cast this spell, sacrifice an artifact or creature."  The caster chooses
which permanent as the costs are paid (601.2h, a D_CAST_CHOICE); with nothing to sacrifice
the spell can't be cast.  Its targets are chosen first (601.2c), so a creature it targets
may be the one sacrificed (the spell then does nothing to it, 608.2b).  Bone Splinters is
in counterspells_modes_and_costs."""
from __future__ import annotations

from ..cards import Card, CreateToken, Damage, Draw, SearchLibrary, SpellAbility, creature_token

GOBLIN = creature_token("Goblin", "R", ("Goblin",), 1, 1)

CARDS = [
    Card("Deadly Dispute", "{1}{B}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 2), CreateToken("Treasure"),
                                 additional_cost="Sacrifice an artifact or creature"),),
         text="As an additional cost to cast this spell, sacrifice an artifact or creature.\n"
              "Draw two cards and create a Treasure token. (It's an artifact with \"{T}, "
              "Sacrifice this token: Add one mana of any color.\")"),
    Card("Village Rites", "{B}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 2), additional_cost="Sacrifice a creature"),),
         text="As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."),
    Card("Collateral Damage", "{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 3), targets=("any",),
                                 additional_cost="Sacrifice a creature"),),
         text="As an additional cost to cast this spell, sacrifice a creature.\n"
              "Collateral Damage deals 3 damage to any target."),
    # a land tapped for mana can pay the spell's mana and then be the sacrifice (601.2g-h)
    Card("Crop Rotation", "{G}", ("Instant",),
         abilities=(SpellAbility(SearchLibrary("land", to="battlefield"),
                                 additional_cost="Sacrifice a land"),),
         text="As an additional cost to cast this spell, sacrifice a land.\nSearch your library "
              "for a land card, put that card onto the battlefield, then shuffle."),
    Card("Kuldotha Rebirth", "{R}", ("Sorcery",),
         abilities=(SpellAbility(CreateToken(GOBLIN, 3), additional_cost="Sacrifice an artifact"),),
         text="As an additional cost to cast this spell, sacrifice an artifact.\n"
              "Create three 1/1 red Goblin creature tokens."),
]
