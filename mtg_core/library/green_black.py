"""The green_black deck's cards: creature tokens (111), removal -- destroy
(701.7), -N/-N until end of turn (613 layer 7c), "nonblack" (105.2) --, a card in your
graveyard as a target (115.1, Raise Dead), creatures with
enters-the-battlefield and attack triggers (603), and a planeswalker (306, 606) whose +1
has two targets of one word "target" (601.2c)."""
from __future__ import annotations

from ..cards import (Card, CreateToken, Destroy, Draw, GainLife, GrantKeywords, IfKicked,
                     LoseLife, LoyaltyAbility, Mill, Pump, ReturnFromGraveyard, SpellAbility,
                     TriggeredAbility, Untap, creature_token)

SAPROLING = creature_token("Saproling", "G", ("Saproling",), 1, 1)
BEAST = creature_token("Beast", "G", ("Beast",), 3, 3)
ELEPHANT = creature_token("Elephant", "G", ("Elephant",), 3, 3)
ZOMBIE = creature_token("Zombie", "B", ("Zombie",), 2, 2)

PLANESWALKERS = [
    Card("Garruk Wildspeaker", "{2}{G}{G}", ("Planeswalker",), ("Garruk",),
         supertypes=("Legendary",), loyalty=3,
         abilities=(LoyaltyAbility("+1", Untap("target"), Untap("target2"),
                                   targets=("land", "different land")),
                    LoyaltyAbility("\u22121", CreateToken(BEAST)),
                    LoyaltyAbility("\u22124", Pump("creatures you control", 3, 3),
                                   GrantKeywords("creatures you control", ("trample",)))),
         text="+1: Untap two target lands.\n"
              "\u22121: Create a 3/3 green Beast creature token.\n"
              "\u22124: Creatures you control get +3/+3 and gain trample until end of turn."),
]

CREATURES = [
    Card("Elvish Visionary", "{1}{G}", ("Creature",), ("Elf", "Shaman"), power=1, toughness=1,
         abilities=(TriggeredAbility("enters", Draw("you", 1)),),
         text="When Elvish Visionary enters the battlefield, draw a card."),
    Card("Dusk Legion Zealot", "{1}{B}", ("Creature",), ("Vampire", "Soldier"), power=1,
         toughness=1, abilities=(TriggeredAbility("enters", Draw("you", 1), LoseLife("you", 1)),),
         text="When Dusk Legion Zealot enters the battlefield, you draw a card and you lose 1 "
              "life."),
    Card("Mire Triton", "{1}{B}", ("Creature",), ("Zombie", "Merfolk"), power=2, toughness=1,
         keywords=("deathtouch",),
         abilities=(TriggeredAbility("enters", Mill("you", 2), GainLife("you", 2)),),
         text="Deathtouch\nWhen Mire Triton enters the battlefield, mill two cards and you gain "
              "2 life."),
    Card("Keening Banshee", "{2}{B}{B}", ("Creature",), ("Spirit",), power=2, toughness=2,
         keywords=("flying",),
         abilities=(TriggeredAbility("enters", Pump("target", -2, -2), targets=("creature",)),),
         text="Flying\nWhen Keening Banshee enters the battlefield, target creature gets -2/-2 "
              "until end of turn."),
    # "Whenever this creature enters or attacks": one trigger event or the other (603.2),
    # written as two triggered abilities with the same effect.
    Card("Grave Titan", "{4}{B}{B}", ("Creature",), ("Giant",), power=6, toughness=6,
         keywords=("deathtouch",),
         abilities=(TriggeredAbility("enters", CreateToken(ZOMBIE, 2)),
                    TriggeredAbility("attacks", CreateToken(ZOMBIE, 2))),
         text="Deathtouch\nWhenever this creature enters or attacks, create two 2/2 black "
              "Zombie creature tokens."),
]

SPELLS = [
    Card("Saproling Migration", "{1}{G}", ("Sorcery",),
         abilities=(SpellAbility(IfKicked(CreateToken(SAPROLING, 2), kicked=False),
                                 IfKicked(CreateToken(SAPROLING, 4)), kicker="{4}"),),
         text="Kicker {4} (You may pay an additional {4} as you cast this spell.)\nCreate two "
              "1/1 green Saproling creature tokens. If this spell was kicked, create four of "
              "those tokens instead."),
    Card("Call of the Herd", "{2}{G}", ("Sorcery",),
         abilities=(SpellAbility(CreateToken(ELEPHANT), flashback="{3}{G}"),),
         text="Create a 3/3 green Elephant creature token.\nFlashback {3}{G} (You may cast this "
              "card from your graveyard for its flashback cost. Then exile it.)"),
    Card("Doom Blade", "{1}{B}", ("Instant",),
         abilities=(SpellAbility(Destroy("target"), targets=("nonblack creature",)),),
         text="Destroy target nonblack creature."),
    Card("Hero's Downfall", "{1}{B}{B}", ("Instant",),
         abilities=(SpellAbility(Destroy("target"), targets=("creature or planeswalker",)),),
         text="Destroy target creature or planeswalker."),
    Card("Disfigure", "{B}", ("Instant",),
         abilities=(SpellAbility(Pump("target", -2, -2), targets=("creature",)),),
         text="Target creature gets -2/-2 until end of turn."),
    Card("Raise Dead", "{B}", ("Sorcery",),
         abilities=(SpellAbility(ReturnFromGraveyard("target"),
                                 targets=("creature card in your graveyard",)),),
         text="Return target creature card from your graveyard to your hand."),
    Card("Night's Whisper", "{1}{B}", ("Sorcery",),
         abilities=(SpellAbility(Draw("you", 2), LoseLife("you", 2)),),
         text="You draw two cards and you lose 2 life."),
]

CARDS = [*PLANESWALKERS, *CREATURES, *SPELLS]
