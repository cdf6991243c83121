"""The cards of the red and white bundled decks (data/red.txt, data/white.txt) that the
first library module lacked: prowess (702.108), cast triggers (601.2i), protection
(702.16), exile with last known information (608.2h), library search (701.19), reveal
(701.16a), attack triggers with a defending player (508.5) or a target (603.3d), and an
equip cost reduction that depends on the target (601.2f).  Oracle text as in each card's
Oracle record (Scryfall "Oracle Cards" bulk data / MTGJSON AtomicCards.json)."""
from __future__ import annotations

from ..cards import (Card, Damage, Exile, GainLife, GainLifeEqualToPower, Pump, RevealTopCard,
                     SearchForBasicLand, SpellAbility, TriggeredAbility)

RED = [
    Card("Goblin Guide", "{R}", ("Creature",), ("Goblin", "Scout"), power=2, toughness=2,
         keywords=("haste",),
         abilities=(TriggeredAbility("attacks", RevealTopCard("defending player", ("Land",))),),
         text="Haste\nWhenever Goblin Guide attacks, defending player reveals the top card of "
              "their library. If it's a land card, that player puts it into their hand."),
    Card("Monastery Swiftspear", "{R}", ("Creature",), ("Human", "Monk"), power=1, toughness=2,
         keywords=("haste", "prowess"),
         text="Haste\nProwess (Whenever you cast a noncreature spell, this creature gets +1/+1 "
              "until end of turn.)"),
    Card("Searing Spear", "{1}{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 3), targets=("any",)),),
         text="Searing Spear deals 3 damage to any target."),
    Card("Ash Zealot", "{R}{R}", ("Creature",), ("Human", "Warrior"), power=2, toughness=2,
         keywords=("first strike", "haste"),
         abilities=(TriggeredAbility("cast", Damage("that player", 3), whose="a player",
                                     spell=("from a graveyard",)),),
         text="First strike, haste\nWhenever a player casts a spell from a graveyard, Ash "
              "Zealot deals 3 damage to that player."),
    Card("Fervent Champion", "{R}", ("Creature",), ("Human", "Knight"), power=1, toughness=1,
         keywords=("first strike", "haste"), equip_cost_reduction=3,
         abilities=(TriggeredAbility("attacks", Pump("target", 1, 0),
                                     targets=("another attacking Knight you control",)),),
         text="First strike, haste\nWhenever Fervent Champion attacks, another target attacking "
              "Knight you control gets +1/+0 until end of turn.\nEquip abilities you activate "
              "that target Fervent Champion cost {3} less to activate."),
]

WHITE = [
    Card("Soldier of the Pantheon", "{W}", ("Creature",), ("Human", "Soldier"), power=2,
         toughness=1, protection=("multicolored",),
         abilities=(TriggeredAbility("cast", GainLife("you", 1), whose="an opponent",
                                     spell=("multicolored",)),),
         text="Protection from multicolored\nWhenever an opponent casts a multicolored spell, "
              "you gain 1 life."),
    Card("Swords to Plowshares", "{W}", ("Instant",),
         abilities=(SpellAbility(Exile("target"), GainLifeEqualToPower("its controller"),
                                 targets=("creature",)),),
         text="Exile target creature. Its controller gains life equal to its power."),
    Card("Path to Exile", "{W}", ("Instant",),
         abilities=(SpellAbility(Exile("target"), SearchForBasicLand("its controller", tapped=True),
                                 targets=("creature",)),),
         text="Exile target creature. Its controller may search their library for a basic land "
              "card, put that card onto the battlefield tapped, then shuffle."),
    Card("Healer's Hawk", "{W}", ("Creature",), ("Bird",), power=1, toughness=1,
         keywords=("flying", "lifelink"), text="Flying, lifelink"),
    Card("Charging Paladin", "{2}{W}", ("Creature",), ("Human", "Knight"), power=2, toughness=2,
         abilities=(TriggeredAbility("attacks", Pump("self", 0, 3)),),
         text="Whenever Charging Paladin attacks, it gets +0/+3 until end of turn."),
    Card("Baneslayer Angel", "{3}{W}{W}", ("Creature",), ("Angel",), power=5, toughness=5,
         keywords=("flying", "first strike", "lifelink"), protection=("Demons", "Dragons"),
         text="Flying, first strike, lifelink, protection from Demons and from Dragons"),
]

CARDS = [*RED, *WHITE]
