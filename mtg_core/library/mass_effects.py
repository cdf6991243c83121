"""Spells that affect groups of permanents: "each creature", "creatures you control",
"attacking creatures", "destroy all [type]s"."""
from __future__ import annotations

from ..cards import Card, Damage, DestroyAll, GrantKeywords, Pump, SpellAbility


def _sorcery(name: str, cost: str, text: str, *effects) -> Card:
    return Card(name, cost, ("Sorcery",), abilities=(SpellAbility(*effects),), text=text)


def _instant(name: str, cost: str, text: str, *effects) -> Card:
    return Card(name, cost, ("Instant",), abilities=(SpellAbility(*effects),), text=text)


CARDS = [
    _sorcery("Pyroclasm", "{1}{R}", "Pyroclasm deals 2 damage to each creature.",
             Damage("each creature", 2)),
    _sorcery("Day of Judgment", "{2}{W}{W}", "Destroy all creatures.",
             DestroyAll("each player", ("Creature",))),
    _sorcery("Tranquility", "{2}{G}", "Destroy all enchantments.",
             DestroyAll("each player", ("Enchantment",))),
    _sorcery("Overrun", "{2}{G}{G}{G}",
             "Creatures you control get +3/+3 and gain trample until end of turn.",
             Pump("creatures you control", 3, 3), GrantKeywords("creatures you control", ("trample",))),
    _instant("Inspired Charge", "{2}{W}{W}", "Creatures you control get +2/+1 until end of turn.",
             Pump("creatures you control", 2, 1)),
    _instant("Warrior's Honor", "{2}{W}", "Creatures you control get +1/+1 until end of turn.",
             Pump("creatures you control", 1, 1)),
    _sorcery("Infest", "{1}{B}{B}", "All creatures get -2/-2 until end of turn.",
             Pump("all creatures", -2, -2)),
    _sorcery("Nausea", "{1}{B}", "All creatures get -1/-1 until end of turn.",
             Pump("all creatures", -1, -1)),
    _instant("Trumpet Blast", "{2}{R}", "Attacking creatures get +2/+0 until end of turn.",
             Pump("attacking creatures", 2, 0)),
]
