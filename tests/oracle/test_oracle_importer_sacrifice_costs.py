"""Importer: "As an additional cost to cast this spell, sacrifice a/an <type> [or <type>]."
(601.2f, 118.8) on real cards of the corpus: the library's cards are what their Oracle text
imports to; a sacrifice the core can't express (another, nontoken, two of them, a choice of
costs, an amount read from the sacrificed creature) stays refused; mutating the text never
gives the same card."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations, imported_card

# Real Oracle texts (Scryfall "Oracle Cards" bulk data).
_RECORDS = [
    CardRecord("Deadly Dispute", "{1}{B}", "Instant",
               "As an additional cost to cast this spell, sacrifice an artifact or creature.\n"
               "Draw two cards and create a Treasure token. (It's an artifact with \"{T}, "
               "Sacrifice this token: Add one mana of any color.\")", colors=["B"]),
    CardRecord("Village Rites", "{B}", "Instant",
               "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
               colors=["B"]),
    CardRecord("Bone Splinters", "{B}", "Sorcery",
               "As an additional cost to cast this spell, sacrifice a creature.\n"
               "Destroy target creature.", colors=["B"]),
    CardRecord("Collateral Damage", "{R}", "Instant",
               "As an additional cost to cast this spell, sacrifice a creature.\n"
               "Collateral Damage deals 3 damage to any target.", colors=["R"]),
    CardRecord("Crop Rotation", "{G}", "Instant",
               "As an additional cost to cast this spell, sacrifice a land.\nSearch your library "
               "for a land card, put that card onto the battlefield, then shuffle.", colors=["G"]),
    CardRecord("Kuldotha Rebirth", "{R}", "Sorcery",
               "As an additional cost to cast this spell, sacrifice an artifact.\n"
               "Create three 1/1 red Goblin creature tokens.", colors=["R"]),
]
RECORDS = {r.name: r for r in _RECORDS}


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_importer_reads_sacrifice_costs_as_the_library_defines_them(name):
    assert imported_card(RECORDS[name]) == DEFAULT_CARDS[name]


def test_601_2f_other_permanent_types_are_read_too():
    r = import_card("X", "{B}", "Sorcery", "As an additional cost to cast this spell, sacrifice "
                    "an artifact.\nDraw two cards.")
    assert r.ok and r.card.abilities[0].additional_cost == "Sacrifice an artifact"
    r = import_card("X", "{B}", "Sorcery", "As an additional cost to cast this spell, sacrifice "
                    "a land.\nDraw two cards.")
    assert r.ok and r.card.abilities[0].additional_cost == "Sacrifice a land"


@pytest.mark.parametrize("cost", [
    "sacrifice another creature", "sacrifice a nontoken creature", "sacrifice two creatures",
    "sacrifice a creature or discard a card", "sacrifice a Goblin", "sacrifice a creature with flying",
])
def test_sacrifices_the_core_cant_express_are_refused(cost):
    r = import_card("X", "{B}", "Sorcery", f"As an additional cost to cast this spell, {cost}.\n"
                    "Draw two cards.")
    assert not r.ok
    assert any("additional cost" in (f.feature + " " + str(f)) or "sacrific" in str(f).lower()
               for f in r.refusals), r.refusals


def test_fling_reading_the_sacrificed_creatures_power_stays_refused():
    r = import_card("Fling", "{1}{R}", "Instant", "As an additional cost to cast this spell, "
                    "sacrifice a creature.\nFling deals damage equal to the sacrificed creature's "
                    "power to any target.")
    assert not r.ok


def test_mutations_of_sacrifice_costs_never_give_the_same_card():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 40
