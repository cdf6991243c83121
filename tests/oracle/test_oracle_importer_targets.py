"""Importer features of targets (601.2c, 115.1), each with real Oracle texts:

- "up to one target X" (601.2c): an optional target, "up to one X" in the card language;
- "up to two target Xs", "each of (up to) two target Xs": two choices of one word "target"
  (a different X for the second, 601.2c), the same effect on each;
- "They ..." / "Those creatures ..." right after such a pair: the effect on each of them;

and the near misses refused with a reason, and the mutation check (a changed word is
refused or means something else).  The games are in tests/core/test_multi_targets.py.
"""
from __future__ import annotations

import pytest

from mtg_core.cards import (AddCounters, Damage, DoesntUntapNextUntapStep, GrantKeywords, Pump,
                            ReturnFromGraveyard, ReturnToHand, Tap)
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

TARGET_CARDS = [
    ("Frost Breath", "{2}{U}", "Instant",
     "Tap up to two target creatures. Those creatures don't untap during their controller's "
     "next untap step.", None, None),
    ("Dual Shot", "{R}", "Instant",
     "Dual Shot deals 1 damage to each of up to two target creatures.", None, None),
    ("Soul Salvage", "{2}{B}", "Sorcery",
     "Return up to two target creature cards from your graveyard to your hand.", None, None),
    ("Swelter", "{3}{R}", "Sorcery", "Swelter deals 2 damage to each of two target creatures.",
     None, None),
    ("Gavony Silversmith", "{3}{W}", "Creature — Human Soldier",
     "When Gavony Silversmith enters the battlefield, put a +1/+1 counter on each of up to two "
     "target creatures.", "2", "3"),
    ("Aven Augur", "{3}{U}", "Creature — Bird Wizard",
     "Flying\nSacrifice Aven Augur: Return up to two target creatures to their owners' hands. "
     "Activate only during your upkeep.", "2", "2"),
    ("Cho-Arrim Bruiser", "{5}{W}", "Creature — Ogre Rebel",
     "Whenever Cho-Arrim Bruiser attacks, you may tap up to two target creatures.", "3", "4"),
    ("Intrusive Packbeast", "{4}{W}", "Creature — Beast",
     "Vigilance\nWhen Intrusive Packbeast enters the battlefield, tap up to two target creatures "
     "your opponents control.", "3", "3"),
    ("Nebelgast Intruder", "{2}{U}", "Creature — Spirit",
     "Flash\nFlying\nWhen Nebelgast Intruder enters the battlefield, up to one target creature "
     "an opponent controls gets -2/-0 until end of turn.", "2", "1"),
    ("Bretagard Stronghold", "", "Land",
     "Bretagard Stronghold enters the battlefield tapped.\n{T}: Add {G}.\n{G}{W}{W}, {T}, "
     "Sacrifice Bretagard Stronghold: Put a +1/+1 counter on each of up to two target creatures "
     "you control. They gain vigilance and lifelink until end of turn. Activate only as a "
     "sorcery.", None, None),
    ("Angelic Quartermaster", "{3}{W}{W}", "Creature — Angel Soldier",
     "Flying\nWhen Angelic Quartermaster enters the battlefield, put a +1/+1 counter on each of "
     "up to two other target creatures.", "3", "3"),
]
RECORDS = {r[0]: CardRecord(*r) for r in TARGET_CARDS}


def imp(name: str, text: str | None = None):
    rec = RECORDS[name]
    return import_card(name, rec.mana_cost, rec.type_line,
                       rec.oracle_text if text is None else text, rec.power, rec.toughness)


def ability(name: str, index: int = 0):
    r = imp(name)
    assert r.ok, r.refusals
    return r.card.abilities[index]


def refused(name: str, text: str) -> str:
    r = imp(name, text)
    assert not r.ok and r.refusals, text
    return r.refusals[0].feature


# --- what the importer reads ------------------------------------------------------------------

def test_601_2c_up_to_two_target_creatures_are_two_optional_different_targets():
    frost = ability("Frost Breath")
    assert frost.targets == ("up to one creature", "up to one different creature")
    assert frost.effects == (Tap("target"), Tap("target2"), DoesntUntapNextUntapStep("target"),
                             DoesntUntapNextUntapStep("target2"))
    assert ability("Dual Shot").effects == (Damage("target", 1), Damage("target2", 1))
    salvage = ability("Soul Salvage")
    assert salvage.effects == (ReturnFromGraveyard("target"), ReturnFromGraveyard("target2"))
    assert salvage.targets == ("up to one creature card in your graveyard",
                               "up to one different creature card in your graveyard")
    assert ability("Aven Augur", 0).effects == (ReturnToHand("target"), ReturnToHand("target2"))


def test_601_2c_each_of_two_target_creatures_are_two_required_targets():
    swelter = ability("Swelter")
    assert swelter.targets == ("creature", "different creature")
    assert swelter.effects == (Damage("target", 2), Damage("target2", 2))


def test_601_2c_they_after_the_pair_is_each_of_them():
    strong = ability("Bretagard Stronghold", 2)
    assert strong.targets == ("up to one creature you control",
                              "up to one different creature you control")
    kws = ("vigilance", "lifelink")
    assert strong.effects == (AddCounters("target", "+1/+1", 1), AddCounters("target2", "+1/+1", 1),
                              GrantKeywords("target", kws, "end of turn"),
                              GrantKeywords("target2", kws, "end of turn"))


def test_601_2c_up_to_one_target_and_other_target_kinds():
    assert ability("Nebelgast Intruder").targets == ("up to one creature an opponent controls",)
    assert ability("Nebelgast Intruder").effects == (Pump("target", -2, 0, "end of turn"),)
    assert ability("Angelic Quartermaster").targets == ("up to one other creature",
                                                        "up to one different other creature")
    assert ability("Intrusive Packbeast").targets == (
        "up to one creature your opponents control",
        "up to one different creature your opponents control")
    assert ability("Cho-Arrim Bruiser").effects[0].effects == (Tap("target"), Tap("target2"))


# --- near misses ------------------------------------------------------------------------------

def test_near_misses_are_refused():
    # more targets than two, any number, X targets: the stack object has two target slots
    assert refused("Frost Breath",
                   "Tap up to three target creatures.") == "several targets in one phrase"
    assert refused("Frost Breath", "Tap any number of target creatures.") == \
        "several targets in one phrase"
    # two target players / spells: not different objects of one kind yet
    assert refused("Dual Shot", "Dual Shot deals 1 damage to each of up to two target "
                                "players.") == "several targets in one phrase"
    assert refused("Dual Shot", "Dual Shot deals 1 damage to each of two targets.")
    # an effect on the pair that is not one effect on each (a draw rides along) is refused
    assert refused("Frost Breath", "Up to two target creatures each get +1/+1 until end of turn "
                                   "and you draw a card.")
    # "they" after something else was named: not the pair
    r = imp("Frost Breath", "Tap up to two target creatures. Tap target land. They don't untap "
                            "during their controller's next untap step.")
    assert not r.ok
    # a required target after an optional one
    assert refused("Nebelgast Intruder",
                   "When Nebelgast Intruder enters the battlefield, up to one target creature "
                   "gets -2/-0 until end of turn. Target creature gets +1/+0 until end of turn.") \
        == "a required target after an 'up to one' target"


def test_mutated_texts_are_refused_or_mean_something_else():
    from oracle_helpers import check_mutations
    assert check_mutations(RECORDS, sorted(RECORDS)) > 300
