"""Importer features, on the real Oracle texts of the test subset (tests/data):

- 506.4 "Remove target attacking or blocking creature from combat" (Hollowhenge Spirit,
  Labyrinth of Skophos) and 506.5 "Whenever ~ attacks alone" (Rogue Kavu);
- 701.50 connive: "it connives", "~ connives", "target creature you control connives"
  (Raffine's Informant, Echo Inspector, Hypnotic Grifter, Mob Lookout).

Each imports to the same core tables as its library definition
(tests/oracle/test_oracle_importer.py); here: what it lowers to, what is refused, and the
mutation check over all of them."""
from __future__ import annotations

import pytest

from mtg_core.cards import Connive, Pump, RemoveFromCombat
from mtg_core.oracle import import_card, read_file

from oracle_helpers import SUBSET, check_mutations, imported_card

NAMES = ("Hollowhenge Spirit", "Labyrinth of Skophos", "Rogue Kavu", "Raffine's Informant",
         "Echo Inspector", "Hypnotic Grifter", "Mob Lookout")
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
