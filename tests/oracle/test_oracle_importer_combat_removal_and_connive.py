"""Importer features, on the real Oracle texts of the test subset (tests/data):

- 506.4 "Remove target attacking or blocking creature from combat" (Hollowhenge Spirit,
  Labyrinth of Skophos) and 506.5 "Whenever ~ attacks alone" (Rogue Kavu);
- 701.50 connive: "it connives", "~ connives", "target creature you control connives"
  (Raffine's Informant, Echo Inspector, Hypnotic Grifter, Mob Lookout);
- 506.5 as a condition: "As long as enchanted creature is attacking alone, it can't be
  blocked." (Security Bypass, with its granted connive trigger) and "Whenever another
  creature dies, if it was attacking or blocking alone, exile it and investigate."
  (Thijarian Witness, after its flavor word, 207.2d).

Each imports to the same core tables as its library definition
(tests/oracle/test_oracle_importer.py); here: what it lowers to, what is refused, and the
mutation check over all of them."""
from __future__ import annotations

import pytest

from mtg_core.cards import (Connive, Exile, GrantAbility, InterveningIf, Investigate, Pump,
                            RemoveFromCombat, WasAlone, ZoneChangeTrigger)
from mtg_core.oracle import import_card, read_file

from oracle_helpers import SUBSET, check_mutations, imported_card

NAMES = ("Hollowhenge Spirit", "Labyrinth of Skophos", "Rogue Kavu", "Raffine's Informant",
         "Echo Inspector", "Hypnotic Grifter", "Mob Lookout", "Security Bypass",
         "Thijarian Witness")
RECORDS = {r.name: r for r in read_file(str(SUBSET)) if r.name in NAMES}


def test_the_records_are_in_the_test_subset():
    assert sorted(RECORDS) == sorted(NAMES)


def test_506_4_remove_target_attacking_or_blocking_creature_from_combat():
    for name in ("Hollowhenge Spirit", "Labyrinth of Skophos"):
        ab = imported_card(RECORDS[name]).abilities[-1]
        assert ab.effects == (RemoveFromCombat("target"),), name
        assert ab.targets == ("attacking or blocking creature",), name


def test_506_5_whenever_it_attacks_alone():
    (ab,) = imported_card(RECORDS["Rogue Kavu"]).abilities
    assert (ab.at, ab.effects) == ("attacks alone", (Pump("self", 2, 0),))


def test_701_50a_it_connives_and_target_creature_you_control_connives():
    for name in ("Raffine's Informant", "Echo Inspector", "Hypnotic Grifter"):
        (ab,) = imported_card(RECORDS[name]).abilities
        assert ab.effects == (Connive("self"),), name
    (ab,) = imported_card(RECORDS["Mob Lookout"]).abilities
    assert (ab.effects, ab.targets) == ((Connive("target"),), ("creature you control",))


def test_506_5_as_long_as_enchanted_creature_is_attacking_alone():
    card = imported_card(RECORDS["Security Bypass"])
    assert card.combat == ("as long as enchanted creature is attacking alone, it can't be blocked",)
    (static,) = card.abilities
    (grant,) = static.changes
    assert isinstance(grant, GrantAbility) and grant.ability.effects == (Connive("self"),)
    assert grant.ability.at == "deals combat damage to a player"


def test_506_5_if_it_was_attacking_or_blocking_alone_exile_it_and_investigate():
    card = imported_card(RECORDS["Thijarian Witness"])
    (ab,) = card.abilities
    assert isinstance(ab, ZoneChangeTrigger) and (ab.at, ab.subject) == ("dies", "another creature")
    assert ab.effects == (InterveningIf(WasAlone("attacking or blocking"), Exile("that card"),
                                        Investigate()),)
    assert card.keywords == ("flash",)


@pytest.mark.parametrize("text", [
    "As long as enchanted creature is attacking alone, it can't block.",   # not the restriction
    "As long as enchanted creature is attacking alone, it can't be blocked this turn.",
    "As long as equipped creature is attacking alone, it can't be blocked.",
])
def test_attacking_alone_static_near_misses_are_refused(text):
    kind = "Artifact — Equipment" if "equipped" in text else "Enchantment — Aura"
    r = import_card("X", "{U}", kind, ("Enchant creature\n" if "Aura" in kind else "") + text)
    assert not r.ok and r.refusals


@pytest.mark.parametrize("text", [
    "Whenever another creature dies, put a +1/+1 counter on it.",      # "it": only exiled
    "Whenever another creature dies, return it to its owner's hand.",
    "Whenever Test Bear attacks, if it was attacking alone, investigate.",   # no look-back
    "Whenever another creature enters, if it was blocking alone, investigate.",
])
def test_dies_trigger_near_misses_are_refused(text):
    r = import_card("Test Bear", "{G}", "Creature — Bear", text, "1", "1")
    assert not r.ok and r.refusals


@pytest.mark.parametrize("text", [
    "Remove all attacking creatures from combat.",              # a group (one creature only)
    "Remove target player from combat.",
    "Target player connives.",                                  # a permanent connives
    "Each creature you control connives.",
    "Target creature connives twice.",
])
def test_near_misses_are_refused(text):
    r = import_card("X", "{U}", "Instant", text)
    assert not r.ok and r.refusals


def test_mutated_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 100
