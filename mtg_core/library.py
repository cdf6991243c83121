"""The bundled card library: real cards with their Oracle text.

Each card is written in the scripting API of :mod:`mtg_core.cards`; ``DEFAULT_CARDS`` is
the database games use unless given another.

>>> DEFAULT_CARDS["Grizzly Bears"].power
2
"""
from __future__ import annotations

from .cards import (ActivatedAbility, Attach, Card, CardDB, Damage, Destroy,
                    Draw, ExtraTurn, GainLife, LoseLife, ManaAbility, Pump, GrantKeywords,
                    Sacrifice, SkipNextStep, SpellAbility, TapAndFreezeCreatures,
                    TriggeredAbility, Untap)


def _basic(name: str, subtype: str, color: str) -> Card:
    return Card(name, types=("Land",), supertypes=("Basic",), subtypes=(subtype,),
                abilities=(ManaAbility(color),), text=f"({{T}}: Add {{{color}}}.)")


LANDS = [
    _basic("Plains", "Plains", "W"),
    _basic("Island", "Island", "U"),
    _basic("Swamp", "Swamp", "B"),
    _basic("Mountain", "Mountain", "R"),
    _basic("Forest", "Forest", "G"),
    Card("Ancient Den", types=("Artifact", "Land"), abilities=(ManaAbility("W"),),
         text="{T}: Add {W}."),
]

CREATURES = [
    Card("Grizzly Bears", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2),
    Card("Savannah Lions", "{W}", ("Creature",), ("Cat",), power=2, toughness=1),
    Card("Elite Vanguard", "{W}", ("Creature",), ("Human", "Soldier"), power=2, toughness=1),
    Card("Glory Seeker", "{1}{W}", ("Creature",), ("Human", "Soldier"), power=2, toughness=2),
    Card("Hill Giant", "{3}{R}", ("Creature",), ("Giant",), power=3, toughness=3),
    Card("Kalonian Tusker", "{G}{G}", ("Creature",), ("Beast",), power=3, toughness=3),
    Card("Leatherback Baloth", "{G}{G}{G}", ("Creature",), ("Beast",), power=4, toughness=5),
    Card("Llanowar Elves", "{G}", ("Creature",), ("Elf", "Druid"), power=1, toughness=1,
         abilities=(ManaAbility("G"),), text="{T}: Add {G}."),
    Card("Raging Goblin", "{R}", ("Creature",), ("Goblin", "Berserker"), power=1, toughness=1,
         keywords=("haste",), text="Haste"),
    Card("Serra Angel", "{3}{W}{W}", ("Creature",), ("Angel",), power=4, toughness=4,
         keywords=("flying", "vigilance"), text="Flying\nVigilance"),
    Card("Vampire Nighthawk", "{1}{B}{B}", ("Creature",), ("Vampire", "Shaman"), power=2,
         toughness=3, keywords=("flying", "deathtouch", "lifelink"),
         text="Flying\nDeathtouch\nLifelink"),
    Card("Gifted Aetherborn", "{B}{B}", ("Creature",), ("Aetherborn", "Vampire"), power=2,
         toughness=3, keywords=("deathtouch", "lifelink"), text="Deathtouch, lifelink"),
    Card("Typhoid Rats", "{B}", ("Creature",), ("Rat",), power=1, toughness=1,
         keywords=("deathtouch",), text="Deathtouch"),
    Card("Darksteel Myr", "{3}", ("Artifact", "Creature"), ("Myr",), power=0, toughness=1,
         keywords=("indestructible",), text="Indestructible"),
    Card("Ornithopter", "{0}", ("Artifact", "Creature"), ("Thopter",), power=0, toughness=2,
         keywords=("flying",), text="Flying"),
    Card("Prodigal Pyromancer", "{2}{R}", ("Creature",), ("Human", "Wizard"), power=1,
         toughness=1, abilities=(ActivatedAbility("{T}", Damage("target", 1), targets=("any",)),),
         text="{T}: Prodigal Pyromancer deals 1 damage to any target."),
    Card("Viashino Pyromancer", "{1}{R}", ("Creature",), ("Lizard", "Wizard"), power=2,
         toughness=1,
         abilities=(TriggeredAbility("enters", Damage("target", 2),
                                     targets=("player or planeswalker",)),),
         text="When this creature enters, it deals 2 damage to target player or planeswalker."),
    Card("Spectral Sailor", "{U}", ("Creature",), ("Spirit", "Pirate"), power=1, toughness=1,
         keywords=("flash", "flying"),
         abilities=(ActivatedAbility("{3}{U}", Draw("you", 1)),),
         text="Flash\nFlying\n{3}{U}: Draw a card."),
    Card("Isamaru, Hound of Konda", "{W}", ("Creature",), ("Dog",), supertypes=("Legendary",),
         power=2, toughness=2),
    Card("Ball Lightning", "{R}{R}{R}", ("Creature",), ("Elemental",), power=6, toughness=1,
         keywords=("trample", "haste"),
         abilities=(TriggeredAbility("end", Sacrifice("self"), whose="each"),),
         text="Trample, haste\nAt the beginning of the end step, sacrifice Ball Lightning."),
    Card("Colossus of Sardia", "{9}", ("Artifact", "Creature"), ("Golem",), power=9,
         toughness=9, keywords=("trample", "doesn't untap"),
         abilities=(ActivatedAbility("{9}", Untap("self"), timing="your upkeep"),),
         text="Trample\nColossus of Sardia doesn't untap during your untap step.\n"
              "{9}: Untap Colossus of Sardia. Activate only during your upkeep."),
    Card("Breezekeeper", "{3}{U}", ("Creature",), ("Elemental",), power=4, toughness=4,
         keywords=("flying", "phasing"), text="Flying\nPhasing"),
    # --- combat (506-511) ---
    Card("Giant Spider", "{3}{G}", ("Creature",), ("Spider",), power=2, toughness=4,
         keywords=("reach",), text="Reach"),
    Card("Juggernaut", "{4}", ("Artifact", "Creature"), ("Juggernaut",), power=5, toughness=3,
         combat=("attacks each combat if able", "can't be blocked by Walls"),
         text="Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls."),
    Card("Goblin Piker", "{1}{R}", ("Creature",), ("Goblin", "Warrior"), power=2, toughness=1,
         combat=("can't block",), text="Goblin Piker can't block."),
    Card("Wall of Stone", "{1}{R}{R}", ("Creature",), ("Wall",), power=0, toughness=8,
         keywords=("defender",), text="Defender"),
    Card("Mogg Flunkies", "{2}{R}", ("Creature",), ("Goblin",), power=3, toughness=3,
         combat=("can't attack alone", "can't block alone"),
         text="Mogg Flunkies can't attack or block alone."),
    Card("Youthful Knight", "{1}{W}", ("Creature",), ("Human", "Knight"), power=2, toughness=1,
         keywords=("first strike",), text="First strike"),
    Card("Fencing Ace", "{1}{W}", ("Creature",), ("Human", "Soldier"), power=1, toughness=1,
         keywords=("double strike",), text="Double strike"),
    Card("Colossal Dreadmaw", "{4}{G}{G}", ("Creature",), ("Dinosaur",), power=6, toughness=6,
         keywords=("trample",), text="Trample"),
    Card("Soltari Foot Soldier", "{W}", ("Creature",), ("Soltari", "Soldier"), power=1,
         toughness=1, keywords=("shadow",),
         text="Shadow (This creature can block or be blocked by only creatures with shadow.)"),
    Card("Severed Legion", "{1}{B}{B}", ("Creature",), ("Zombie",), power=2, toughness=2,
         keywords=("fear",),
         text="Fear (This creature can't be blocked except by artifact creatures and/or black "
              "creatures.)"),
]

SPELLS = [
    Card("Lightning Bolt", "{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 3), targets=("any",)),),
         text="Lightning Bolt deals 3 damage to any target."),
    Card("Shock", "{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 2), targets=("any",)),),
         text="Shock deals 2 damage to any target."),
    Card("Lightning Strike", "{1}{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 3), targets=("any",)),),
         text="Lightning Strike deals 3 damage to any target."),
    Card("Lava Spike", "{R}", ("Sorcery",), ("Arcane",),
         abilities=(SpellAbility(Damage("target", 3), targets=("player or planeswalker",)),),
         text="Lava Spike deals 3 damage to target player or planeswalker."),
    Card("Giant Growth", "{G}", ("Instant",),
         abilities=(SpellAbility(Pump("target", 3, 3), targets=("creature",)),),
         text="Target creature gets +3/+3 until end of turn."),
    Card("Colossal Might", "{R}{G}", ("Instant",),
         abilities=(SpellAbility(Pump("target", 4, 2), GrantKeywords("target", ("trample",)),
                                 targets=("creature",)),),
         text="Target creature gets +4/+2 and gains trample until end of turn."),
    Card("Murder", "{1}{B}{B}", ("Instant",),
         abilities=(SpellAbility(Destroy("target"), targets=("creature",)),),
         text="Destroy target creature."),
    Card("Revitalize", "{1}{W}", ("Instant",),
         abilities=(SpellAbility(GainLife("you", 3), Draw("you", 1)),),
         text="You gain 3 life.\nDraw a card."),
    Card("Divination", "{2}{U}", ("Sorcery",),
         abilities=(SpellAbility(Draw("you", 2)),), text="Draw two cards."),
    Card("Time Walk", "{1}{U}", ("Sorcery",),
         abilities=(SpellAbility(ExtraTurn("you")),), text="Take an extra turn after this one."),
    Card("Fatigue", "{1}{U}", ("Sorcery",),
         abilities=(SpellAbility(SkipNextStep("target", "draw"), targets=("player",)),),
         text="Target player skips their next draw step."),
    Card("Sleep", "{2}{U}{U}", ("Sorcery",),
         abilities=(SpellAbility(TapAndFreezeCreatures("target"), targets=("player",)),),
         text="Tap all creatures target player controls. They don't untap during that "
              "player's next untap step."),
    Card("Phyrexian Arena", "{1}{B}{B}", ("Enchantment",),
         abilities=(TriggeredAbility("upkeep", Draw("you", 1), LoseLife("you", 1)),),
         text="At the beginning of your upkeep, you draw a card and you lose 1 life."),
    Card("Holy Strength", "{W}", ("Enchantment",), ("Aura",), enchant="creature",
         attached_bonus=(1, 2), text="Enchant creature\nEnchanted creature gets +1/+2."),
    Card("Bonesplitter", "{1}", ("Artifact",), ("Equipment",), attached_bonus=(2, 0),
         abilities=(ActivatedAbility("{1}", Attach("target"), targets=("creature you control",),
                                     timing="sorcery"),),
         text="Equipped creature gets +2/+0.\nEquip {1}"),
    Card("Eon Hub", "{5}", ("Artifact",), static="players skip their upkeep steps",
         text="Players skip their upkeep steps."),
    Card("Lure", "{1}{G}{G}", ("Enchantment",), ("Aura",), enchant="creature",
         combat=("enchanted creature: all creatures able to block it do so",),
         text="Enchant creature\nAll creatures able to block enchanted creature do so."),
    Card("Goblin War Drums", "{2}{R}", ("Enchantment",),
         combat=("creatures you control have menace",),
         text="Creatures you control have menace. (They can't be blocked except by two or "
              "more creatures.)"),
]

ALL_CARDS = [*LANDS, *CREATURES, *SPELLS]
DEFAULT_CARDS = CardDB(ALL_CARDS)
