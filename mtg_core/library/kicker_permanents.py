"""Permanents with kicker (702.33): "When ~ enters, if it was kicked, ..." (an intervening
"if", 603.4; 702.33d: "kicked" is linked to the permanent) and "If ~ was kicked, it enters
with N +1/+1 counters on it" (614.1c).  Name, mana cost, type line, power / toughness and
Oracle text as in each card's Oracle record (Scryfall "Oracle Cards" bulk data / MTGJSON
AtomicCards.json); each card is played in tests/core/test_kicker.py."""
from __future__ import annotations

from ..cards import (Card, Damage, Destroy, Draw, EntersWithCountersIfKicked, GrantKeywords,
                     InterveningIf, Kicked, Kicker, Pump, SacrificeChosen, TriggeredAbility)


def _when_kicked(*effects, targets=()) -> TriggeredAbility:
    """"When ~ enters, if it was kicked, <effects>" (603.4, 702.33d)."""
    return TriggeredAbility("enters", InterveningIf(Kicked(), *effects), targets=targets)


CARDS = [
    Card("Gatekeeper of Malakir", "{B}{B}", ("Creature",), ("Vampire", "Warrior"), power=2,
         toughness=2, abilities=(Kicker("{B}"), _when_kicked(
             SacrificeChosen("target", "a creature"), targets=("player",))),
         text="Kicker {B} (You may pay an additional {B} as you cast this spell.)\n"
              "When Gatekeeper of Malakir enters, if it was kicked, target player sacrifices "
              "a creature."),
    Card("Goblin Bushwhacker", "{R}", ("Creature",), ("Goblin", "Warrior"), power=1,
         toughness=1, abilities=(Kicker("{R}"), _when_kicked(
             Pump("creatures you control", 1, 0, "end of turn"),
             GrantKeywords("creatures you control", ("haste",), "end of turn"))),
         text="Kicker {R} (You may pay an additional {R} as you cast this spell.)\n"
              "When Goblin Bushwhacker enters the battlefield, if it was kicked, creatures "
              "you control get +1/+0 and gain haste until end of turn."),
    Card("Citanul Woodreaders", "{2}{G}", ("Creature",), ("Human", "Druid"), power=1,
         toughness=4, abilities=(Kicker("{2}{G}"), _when_kicked(Draw("you", 2))),
         text="Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n"
              "When Citanul Woodreaders enters the battlefield, if it was kicked, draw two "
              "cards."),
    Card("Torch Slinger", "{2}{R}", ("Creature",), ("Goblin", "Shaman"), power=2, toughness=2,
         abilities=(Kicker("{1}{R}"), _when_kicked(Damage("target", 2), targets=("creature",))),
         text="Kicker {1}{R} (You may pay an additional {1}{R} as you cast this spell.)\n"
              "When Torch Slinger enters the battlefield, if it was kicked, it deals 2 damage "
              "to target creature."),
    Card("Kor Sanctifiers", "{2}{W}", ("Creature",), ("Kor", "Cleric"), power=2, toughness=3,
         abilities=(Kicker("{W}"), _when_kicked(Destroy("target"),
                                                targets=("artifact or enchantment",))),
         text="Kicker {W} (You may pay an additional {W} as you cast this spell.)\n"
              "When Kor Sanctifiers enters the battlefield, if it was kicked, destroy target "
              "artifact or enchantment."),
    Card("Pincer Spider", "{2}{G}", ("Creature",), ("Spider",), power=2, toughness=3,
         keywords=("reach",), abilities=(Kicker("{3}"), EntersWithCountersIfKicked(1)),
         text="Kicker {3} (You may pay an additional {3} as you cast this spell.)\n"
              "Reach (This creature can block creatures with flying.)\n"
              "If Pincer Spider was kicked, it enters the battlefield with a +1/+1 counter on "
              "it."),
]
