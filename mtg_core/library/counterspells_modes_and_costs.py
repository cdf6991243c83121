"""Cards of the card language's stack and cost features: tokens (111), counterspells
(701.5), modes (700.2), X (107.3), additional costs (601.2f), kicker (702.33), flashback
(702.34) and cycling (702.29) -- the blue_control deck's cards and a few of other colours
that show a feature (Burst Lightning: kicker; Bone Splinters, Tormenting Voice, Withering
Boon: additional costs)."""
from __future__ import annotations

from ..cards import (Card, Counter, CounterUnlessPays, CreateToken, Cycling, Damage, Destroy,
                     Draw, IfKicked, Investigate, Mode, ReturnToHand, SpellAbility,
                     TapAllCreatures, TriggeredAbility, creature_token)

DRAKE = creature_token("Drake", "U", ("Drake",), 2, 2, ("flying",))

COUNTERSPELLS = [
    Card("Counterspell", "{U}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("spell",)),),
         text="Counter target spell."),
    Card("Cancel", "{1}{U}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("spell",)),),
         text="Counter target spell."),
    Card("Negate", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("noncreature spell",)),),
         text="Counter target noncreature spell."),
    Card("Essence Scatter", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("creature spell",)),),
         text="Counter target creature spell."),
    Card("Exclude", "{2}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), Draw("you", 1), targets=("creature spell",)),),
         text="Counter target creature spell.\nDraw a card."),
    Card("Mana Leak", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(CounterUnlessPays(3), targets=("spell",)),),
         text="Counter target spell unless its controller pays {3}."),
    Card("Censor", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(CounterUnlessPays(1), targets=("spell",)), Cycling("{U}")),
         text="Counter target spell unless its controller pays {1}.\nCycling {U} ({U}, Discard "
              "this card: Draw a card.)"),
    Card("Confirm Suspicions", "{3}{U}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), Investigate(3), targets=("spell",)),),
         text="Counter target spell.\nInvestigate three times. (To investigate, create a Clue "
              "token. It's an artifact with \"{2}, Sacrifice this artifact: Draw a card.\")"),
    Card("Withering Boon", "{1}{B}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("creature spell",),
                                 additional_cost="Pay 3 life"),),
         text="As an additional cost to cast this spell, pay 3 life.\nCounter target creature spell."),
    Card("Cryptic Command", "{1}{U}{U}{U}", ("Instant",),
         abilities=(SpellAbility(choose=2, modes=(
             Mode(Counter("target"), targets=("spell",)),
             Mode(ReturnToHand("target"), targets=("permanent",)),
             Mode(TapAllCreatures("each opponent")),
             Mode(Draw("you", 1)))),),
         text="Choose two —\n• Counter target spell.\n• Return target permanent to its owner's "
              "hand.\n• Tap all creatures your opponents control.\n• Draw a card."),
]

CARD_DRAW = [
    Card("Think Twice", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 1), flashback="{2}{U}"),),
         text="Draw a card.\nFlashback {2}{U} (You may cast this card from your graveyard for "
              "its flashback cost. Then exile it.)"),
    Card("Deep Analysis", "{3}{U}", ("Sorcery",),
         abilities=(SpellAbility(Draw("target", 2), targets=("player",),
                                 flashback="{1}{U}, Pay 3 life"),),
         text="Target player draws two cards.\nFlashback—{1}{U}, Pay 3 life. (You may cast this "
              "card from your graveyard for its flashback cost. Then exile it.)"),
    Card("Stroke of Genius", "{X}{2}{U}", ("Instant",),
         abilities=(SpellAbility(Draw("target", "X"), targets=("player",)),),
         text="Target player draws X cards."),
    Card("Prosperity", "{X}{U}", ("Sorcery",),
         abilities=(SpellAbility(Draw("each player", "X")),),
         text="Each player draws X cards."),
    Card("Hieroglyphic Illumination", "{3}{U}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 2)), Cycling("{U}")),
         text="Draw two cards.\nCycling {U} ({U}, Discard this card: Draw a card.)"),
    Card("Pirate's Prize", "{3}{U}", ("Sorcery",),
         abilities=(SpellAbility(Draw("you", 2), CreateToken("Treasure")),),
         text="Draw two cards. Create a Treasure token. (It's an artifact with \"{T}, Sacrifice "
              "this artifact: Add one mana of any color.\")"),
    Card("Talrand's Invocation", "{2}{U}{U}", ("Sorcery",),
         abilities=(SpellAbility(CreateToken(DRAKE, 2)),),
         text="Create two 2/2 blue Drake creature tokens with flying."),
    Card("Unsummon", "{U}", ("Instant",),
         abilities=(SpellAbility(ReturnToHand("target"), targets=("creature",)),),
         text="Return target creature to its owner's hand."),
]

CREATURES = [
    Card("Air Elemental", "{3}{U}{U}", ("Creature",), ("Elemental",), power=4, toughness=4,
         keywords=("flying",), text="Flying"),
    Card("Mahamoti Djinn", "{4}{U}{U}", ("Creature",), ("Djinn",), power=5, toughness=6,
         keywords=("flying",),
         text="Flying (This creature can't be blocked except by creatures with flying or reach.)"),
    Card("Sailor of Means", "{2}{U}", ("Creature",), ("Human", "Pirate"), power=1, toughness=4,
         abilities=(TriggeredAbility("enters", CreateToken("Treasure")),),
         text="When Sailor of Means enters the battlefield, create a Treasure token. (It's an "
              "artifact with \"{T}, Sacrifice this artifact: Add one mana of any color.\")"),
    Card("Drownyard Explorers", "{3}{U}", ("Creature",), ("Human", "Wizard"), power=2,
         toughness=4, abilities=(TriggeredAbility("enters", Investigate()),),
         text="When Drownyard Explorers enters the battlefield, investigate. (Create a Clue "
              "token. It's an artifact with \"{2}, Sacrifice this artifact: Draw a card.\")"),
    Card("Man-o'-War", "{2}{U}", ("Creature",), ("Jellyfish",), power=2, toughness=2,
         abilities=(TriggeredAbility("enters", ReturnToHand("target"), targets=("creature",)),),
         text="When Man-o'-War enters the battlefield, return target creature to its owner's hand."),
    Card("Striped Riverwinder", "{6}{U}", ("Creature",), ("Serpent",), power=5, toughness=5,
         keywords=("hexproof",), abilities=(Cycling("{U}"),),
         text="Hexproof (This creature can't be the target of spells or abilities your opponents "
              "control.)\nCycling {U} ({U}, Discard this card: Draw a card.)"),
]

OTHER_COLORS = [
    Card("Burst Lightning", "{R}", ("Instant",),
         abilities=(SpellAbility(IfKicked(Damage("target", 2), kicked=False),
                                 IfKicked(Damage("target", 4)),
                                 targets=("any",), kicker="{4}"),),
         text="Kicker {4} (You may pay an additional {4} as you cast this spell.)\nBurst "
              "Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 "
              "damage instead."),
    Card("Bone Splinters", "{B}", ("Sorcery",),
         abilities=(SpellAbility(Destroy("target"), targets=("creature",),
                                 additional_cost="Sacrifice a creature"),),
         text="As an additional cost to cast this spell, sacrifice a creature.\nDestroy target creature."),
    Card("Tormenting Voice", "{1}{R}", ("Sorcery",),
         abilities=(SpellAbility(Draw("you", 2), additional_cost="Discard a card"),),
         text="As an additional cost to cast this spell, discard a card.\nDraw two cards."),
]

CARDS = [*COUNTERSPELLS, *CARD_DRAW, *CREATURES, *OTHER_COLORS]
