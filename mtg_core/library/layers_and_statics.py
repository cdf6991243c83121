"""Static abilities and the layer system (613): anthems, lords, characteristic-defining
power and toughness, type and colour changes, "loses all abilities", P/T switching."""
from __future__ import annotations

from ..cards import (ActivatedAbility, AddKeywords, AddTypes, Becomes, Card, CharacteristicPT,
                     Draw, LoseAllAbilities, ModifyPT, Regenerate, SetBasePT,
                     SetBasePTToManaValue, SetColors, SetCreatureTypes, SpellAbility,
                     StaticAbility, SwitchPT, YouControl)


def _enchantment(name: str, cost: str, text: str, *statics: StaticAbility) -> Card:
    return Card(name, cost, ("Enchantment",), abilities=statics, text=text)


def _instant(name: str, cost: str, text: str, *effects, targets=("creature",)) -> Card:
    return Card(name, cost, ("Instant",), abilities=(SpellAbility(*effects, targets=targets),),
                text=text)


ANTHEMS = [
    _enchantment("Glorious Anthem", "{1}{W}{W}", "Creatures you control get +1/+1.",
                 StaticAbility("creatures you control", ModifyPT(1, 1))),
    _enchantment("Gaea's Anthem", "{1}{G}{G}", "Creatures you control get +1/+1.",
                 StaticAbility("creatures you control", ModifyPT(1, 1))),
    _enchantment("Crusade", "{W}{W}", "White creatures get +1/+1.",
                 StaticAbility("creatures", ModifyPT(1, 1), colors="W")),
    _enchantment("Bad Moon", "{1}{B}", "Black creatures get +1/+1.",
                 StaticAbility("creatures", ModifyPT(1, 1), colors="B")),
    _enchantment("Honor of the Pure", "{1}{W}", "White creatures you control get +1/+1.",
                 StaticAbility("creatures you control", ModifyPT(1, 1), colors="W")),
    _enchantment("Fervor", "{2}{R}",
                 "Creatures you control have haste. (They can attack and {T} as soon as they "
                 "come under your control.)",
                 StaticAbility("creatures you control", AddKeywords("haste"))),
    _enchantment("Serra's Blessing", "{1}{W}",
                 "Creatures you control have vigilance. (Attacking doesn't cause them to tap.)",
                 StaticAbility("creatures you control", AddKeywords("vigilance"))),
]

LORDS = [
    Card("Goblin Chieftain", "{1}{R}{R}", ("Creature",), ("Goblin",), power=2, toughness=2,
         keywords=("haste",),
         abilities=(StaticAbility("other creatures you control", ModifyPT(1, 1),
                                  AddKeywords("haste"), subtypes=("Goblin",)),),
         text="Haste (This creature can attack and {T} as soon as it comes under your "
              "control.)\nOther Goblin creatures you control get +1/+1 and have haste."),
    Card("Knight Exemplar", "{1}{W}{W}", ("Creature",), ("Human", "Knight"), power=2,
         toughness=2, keywords=("first strike",),
         abilities=(StaticAbility("other creatures you control", ModifyPT(1, 1),
                                  AddKeywords("indestructible"), subtypes=("Knight",)),),
         text="First strike (This creature deals combat damage before creatures without "
              "first strike.)\nOther Knight creatures you control get +1/+1 and have "
              "indestructible. (Damage and effects that say \"destroy\" don't destroy them.)"),
    Card("Field Marshal", "{1}{W}{W}", ("Creature",), ("Human", "Soldier"), power=2, toughness=2,
         abilities=(StaticAbility("other creatures", ModifyPT(1, 1), AddKeywords("first strike"),
                                  subtypes=("Soldier",)),),
         text="Other Soldier creatures get +1/+1 and have first strike. (They deal combat "
              "damage before creatures without first strike.)"),
    Card("Veteran Armorsmith", "{W}{W}", ("Creature",), ("Human", "Soldier"), power=2,
         toughness=3,
         abilities=(StaticAbility("other creatures you control", ModifyPT(0, 1),
                                  subtypes=("Soldier",)),),
         text="Other Soldier creatures you control get +0/+1."),
    Card("Benalish Marshal", "{W}{W}{W}", ("Creature",), ("Human", "Knight"), power=3,
         toughness=3, abilities=(StaticAbility("other creatures you control", ModifyPT(1, 1)),),
         text="Other creatures you control get +1/+1."),
]

# 7a: characteristic-defining abilities (604.3)
CHARACTERISTIC_DEFINING = [
    Card("Nightmare", "{5}{B}", ("Creature",), ("Nightmare", "Horse"), power=0, toughness=0,
         keywords=("flying",),
         abilities=(StaticAbility("self", CharacteristicPT("permanents you control with subtype",
                                                           "Swamp")),),
         text="Flying (This creature can't be blocked except by creatures with flying or "
              "reach.)\nNightmare's power and toughness are each equal to the number of "
              "Swamps you control."),
    Card("Mortivore", "{2}{B}{B}", ("Creature",), ("Lhurgoyf",), power=0, toughness=0,
         abilities=(StaticAbility("self", CharacteristicPT("cards in all graveyards of type",
                                                           "Creature")),
                    ActivatedAbility("{B}", Regenerate("self"))),
         text="Mortivore's power and toughness are each equal to the number of creature "
              "cards in all graveyards.\n{B}: Regenerate Mortivore."),
    Card("Lhurgoyf", "{2}{G}{G}", ("Creature",), ("Lhurgoyf",), power=0, toughness=1,
         abilities=(StaticAbility("self", CharacteristicPT("cards in all graveyards of type",
                                                           "Creature", toughness_plus=1)),),
         text="Lhurgoyf's power is equal to the number of creature cards in all graveyards "
              "and its toughness is equal to that number plus 1."),
    Card("Tarmogoyf", "{1}{G}", ("Creature",), ("Lhurgoyf",), power=0, toughness=1,
         abilities=(StaticAbility("self", CharacteristicPT("card types among cards in all graveyards",
                                                           toughness_plus=1)),),
         text="Tarmogoyf's power is equal to the number of card types among cards in all "
              "graveyards and its toughness is equal to that number plus 1."),
    Card("Scion of the Wild", "{1}{G}{G}", ("Creature",), ("Avatar",), power=0, toughness=0,
         abilities=(StaticAbility("self", CharacteristicPT("permanents you control of type",
                                                           "Creature")),),
         text="Scion of the Wild's power and toughness are each equal to the number of "
              "creatures you control."),
]

# Layers 4-7b: type, colour, abilities, base power and toughness
CHANGES = [
    _enchantment("Humility", "{2}{W}{W}",
                 "All creatures lose all abilities and have base power and toughness 1/1.",
                 StaticAbility("creatures", LoseAllAbilities(), SetBasePT(1, 1))),
    _enchantment("Opalescence", "{2}{W}{W}",
                 "Each other non-Aura enchantment is a creature in addition to its other types "
                 "and has base power and base toughness each equal to its mana value.",
                 StaticAbility("other enchantments", AddTypes(("Creature",)),
                               SetBasePTToManaValue(), not_subtypes=("Aura",))),
    _enchantment("Darkest Hour", "{B}", "All creatures are black.",
                 StaticAbility("creatures", SetColors("B"))),
    Card("Kormus Bell", "{4}", ("Artifact",),
         abilities=(StaticAbility("permanents", AddTypes(("Creature",)), SetColors("B"),
                                  SetBasePT(1, 1), subtypes=("Swamp",)),),
         text="All Swamps are 1/1 black creatures that are still lands."),
    _enchantment("Living Lands", "{3}{G}", "All Forests are 1/1 creatures that are still lands.",
                 StaticAbility("permanents", AddTypes(("Creature",)), SetBasePT(1, 1),
                               subtypes=("Forest",))),
    Card("Sorceress Queen", "{1}{B}{B}", ("Creature",), ("Human", "Wizard"), power=1, toughness=1,
         abilities=(ActivatedAbility("{T}", Becomes("target", SetBasePT(0, 2)),
                                     targets=("creature other than this",)),),
         text="{T}: Target creature other than Sorceress Queen has base power and toughness "
              "0/2 until end of turn."),
    _instant("Turn to Frog", "{1}{U}",
             "Until end of turn, target creature loses all abilities and becomes a blue Frog "
             "with base power and toughness 1/1.",
             Becomes("target", LoseAllAbilities(), SetColors("U"), SetCreatureTypes("Frog"),
                     SetBasePT(1, 1))),
    _instant("Ovinize", "{1}{U}",
             "Until end of turn, target creature loses all abilities and has base power and "
             "toughness 0/1.",
             Becomes("target", LoseAllAbilities(), SetBasePT(0, 1))),
]

# Layer 2: control
CONTROL = [
    Card("Mind Control", "{3}{U}{U}", ("Enchantment",), ("Aura",), enchant="creature",
         abilities=(StaticAbility("enchanted creature", YouControl()),),
         text="Enchant creature\nYou control enchanted creature."),
]

# 7d: switching
SWITCHING = [
    _instant("Twisted Image", "{U}",
             "Switch target creature's power and toughness until end of turn.\nDraw a card.",
             Becomes("target", SwitchPT()), Draw("you", 1)),
    _instant("About Face", "{R}", "Switch target creature's power and toughness until end of turn.",
             Becomes("target", SwitchPT())),
]

CARDS = ANTHEMS + LORDS + CHARACTERISTIC_DEFINING + CHANGES + CONTROL + SWITCHING
