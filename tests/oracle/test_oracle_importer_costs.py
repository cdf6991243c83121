"""Importer coverage of activation costs: costs of activated abilities with a subtype,
a count, cards to discard or exile (118.3, 602.2b; the games are in test_costs_naming_subtypes_and_counts.py).
The importer lowers them to the card language's cost words; anything with another quality
("a snow Mountain", "an untapped creature", "X lands", "Orc or Goblin") stays refused."""
from __future__ import annotations

import pytest

from mtg_core.oracle import import_card, import_record
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations

_RECORDS = [
    CardRecord("Mogg Raider", "{R}", "Creature — Goblin Warrior",
               "Sacrifice a Goblin: Target creature gets +1/+1 until end of turn.", "1", "1",
               colors=["R"]),
    CardRecord("Goblin Warrens", "{2}{R}", "Enchantment",
               "{2}{R}, Sacrifice two Goblins: Create three 1/1 red Goblin creature tokens.",
               colors=["R"]),
    CardRecord("Eater of Hope", "{5}{B}{B}", "Creature — Horror",
               "Flying\n{B}, Sacrifice another creature: Regenerate Eater of Hope.\n{2}{B}, "
               "Sacrifice two other creatures: Destroy target creature.", "6", "4", colors=["B"]),
    CardRecord("Infernal Tribute", "{B}{B}{B}", "Enchantment",
               "{2}, Sacrifice a nontoken permanent: Draw a card.", colors=["B"]),
    CardRecord("Foratog", "{2}{G}", "Creature — Atog",
               "{G}, Sacrifice a Forest: Foratog gets +2/+2 until end of turn.", "1", "2",
               colors=["G"]),
    CardRecord("Aphetto Grifter", "{2}{U}", "Creature — Human Wizard",
               "Tap two untapped Wizards you control: Tap target permanent.", "1", "1",
               colors=["U"]),
    CardRecord("Shadow Stinger", "{3}{B}", "Creature — Vampire Rogue",
               "Tap another untapped Rogue you control: Shadow Stinger gains deathtouch until "
               "end of turn.", "3", "2", colors=["B"]),
    CardRecord("Skyshroud Vampire", "{3}{B}{B}", "Creature — Vampire",
               "Flying\nDiscard a creature card: Skyshroud Vampire gets +2/+2 until end of turn.",
               "3", "3", colors=["B"]),
    CardRecord("Zombie Infestation", "{1}{B}", "Enchantment",
               "Discard two cards: Create a 2/2 black Zombie creature token.", colors=["B"]),
    CardRecord("Ironhoof Boar", "{5}{R}", "Artifact Creature — Boar",
               "Trample, haste\nChannel — {1}{R}, Discard Ironhoof Boar: Target creature gets "
               "+3/+1 and gains trample until end of turn.", "5", "4", colors=["R"]),
    CardRecord("Grim Lavamancer", "{R}", "Creature — Human Wizard",
               "{R}, {T}, Exile two cards from your graveyard: Grim Lavamancer deals 2 damage "
               "to any target.", "1", "1", colors=["R"]),
    CardRecord("Scarred Vinebreeder", "{1}{B}", "Creature — Elf Shaman",
               "{2}{B}, Exile an Elf card from your graveyard: Scarred Vinebreeder gets +3/+3 "
               "until end of turn.", "1", "1", colors=["B"]),
    CardRecord("Soul Shepherd", "{W}", "Creature — Human Cleric",
               "{W}, Exile a creature card from your graveyard: You gain 1 life.", "1", "1",
               colors=["W"]),
    CardRecord("Brittle Effigy", "{1}", "Artifact",
               "{4}, {T}, Exile Brittle Effigy: Exile target creature."),
    CardRecord("Bloodstained Mire", "", "Land",
               "{T}, Pay 1 life, Sacrifice Bloodstained Mire: Search your library for a Swamp or "
               "Mountain card, put it onto the battlefield, then shuffle."),
    CardRecord("Goblin Matron", "{2}{R}", "Creature — Goblin",
               "When Goblin Matron enters, you may search your library for a Goblin card, reveal "
               "that card, put it into your hand, then shuffle.", "1", "1", colors=["R"]),
    CardRecord("Champion of the Parish", "{W}", "Creature — Human Soldier",
               "Whenever another Human enters the battlefield under your control, put a +1/+1 "
               "counter on Champion of the Parish.", "1", "1", colors=["W"]),
    CardRecord("Kalastria Healer", "{1}{B}", "Creature — Vampire Cleric Ally",
               "Rally — Whenever Kalastria Healer or another Ally enters the battlefield under "
               "your control, each opponent loses 1 life and you gain 1 life.", "1", "2",
               colors=["B"]),
    CardRecord("Sire of the Storm", "{4}{U}{U}", "Creature — Spirit",
               "Flying\nWhenever you cast a Spirit or Arcane spell, you may draw a card.", "3",
               "3", colors=["U"]),
    CardRecord("Three Visits", "{1}{G}", "Sorcery",
               "Search your library for a Forest card, put it onto the battlefield tapped, then "
               "shuffle.", colors=["G"]),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str):
    return import_record(RECORDS[name])


@pytest.mark.parametrize("name, costs", [
    ("Mogg Raider", ["Sacrifice a Goblin"]),
    ("Goblin Warrens", ["{2}{R}, Sacrifice two Goblin permanents"]),
    ("Eater of Hope", ["{B}, Sacrifice another creature", "{2}{B}, Sacrifice two other creatures"]),
    ("Infernal Tribute", ["{2}, Sacrifice a nontoken permanent"]),
    ("Foratog", ["{G}, Sacrifice a Forest"]),
    ("Aphetto Grifter", ["Tap two untapped Wizard permanents you control"]),
    ("Shadow Stinger", ["Tap another untapped Rogue you control"]),
    ("Skyshroud Vampire", ["Discard a creature card"]),
    ("Zombie Infestation", ["Discard two cards"]),
    ("Ironhoof Boar", ["{1}{R}, Discard ~"]),
    ("Grim Lavamancer", ["{R}, {T}, Exile two cards from your graveyard"]),
    ("Scarred Vinebreeder", ["{2}{B}, Exile an Elf card from your graveyard"]),
    ("Soul Shepherd", ["{W}, Exile a creature card from your graveyard"]),
    ("Brittle Effigy", ["{4}, {T}, Exile ~"]),
])
def test_importer_reads_the_costs(name, costs):
    r = imported(name)
    assert r.ok, r.refusals
    assert [a.cost for a in r.card.abilities if hasattr(a, "cost")] == costs


@pytest.mark.parametrize("name, quality, to", [
    ("Bloodstained Mire", "Swamp or Mountain", "battlefield"),
    ("Goblin Matron", "Goblin", "hand"),
    ("Three Visits", "Forest", "battlefield"),
])
def test_importer_reads_searches_for_a_subtype(name, quality, to):
    r = imported(name)
    assert r.ok, r.refusals
    search, = [e for a in r.card.abilities for e in a.effects]
    assert (search.quality, search.to) == (quality, to)


def test_searches_the_filter_cant_hold_are_refused():
    # a Goblin card may be a Kindred instant: it can't be put onto the battlefield (701.19)
    assert not import_card("Test Search Card", "{2}", "Sorcery", "Search your library for a "
                           "Goblin card, put it onto the battlefield, then shuffle.").ok


@pytest.mark.parametrize("text, want", [
    ("Search your library for a basic Forest, Plains, or Island card, put it onto the "
     "battlefield tapped, then shuffle.",
     dict(subtypes=("Forest", "Plains", "Island"), basic=True, to="battlefield", tapped=True)),
    ("Search your library for a snow Forest card, reveal it, put it into your hand, then shuffle.",
     dict(subtypes=("Forest",), snow=True, reveal=True)),
])
def test_701_23_searches_beyond_two_subtypes_or_with_supertypes_are_search_cards(text, want):
    # more than the OP_SEARCH filter's two subtype fields, or a supertype: OP_SEARCH_EX
    from mtg_core.cards import SearchCard
    r = import_card("Test Search Card", "{2}", "Sorcery", text)
    assert r.ok, r.refusals
    assert r.card.abilities[0].effects == (SearchCard(**want),)


@pytest.mark.parametrize("name, what", [
    ("Champion of the Parish", "another Human you control"),
    ("Kalastria Healer", "a Ally you control"),       # "~ or another Ally": the source is one
    ("Sire of the Storm", ("Spirit or Arcane",)),
])
def test_importer_reads_triggers_naming_a_subtype(name, what):
    r = imported(name)
    assert r.ok, r.refusals
    trig, = [a for a in r.card.abilities if hasattr(a, "at")]
    assert (getattr(trig, "subject", None) or trig.spell) == what


@pytest.mark.parametrize("text", [
    "Whenever another Zombie you control dies, you gain 1 life.",        # no look-back subtypes
    "Whenever you cast an Adventure spell, draw a card.",
    "Whenever another Angel or Berserker you control enters, draw a card.",
])
def test_triggers_the_filter_cant_hold_are_refused(text):
    assert not import_card("Test Trigger Card", "{2}", "Enchantment", text).ok


def test_channel_is_an_ability_of_the_card_in_hand():
    boar = imported("Ironhoof Boar").card
    assert [a.zone for a in boar.abilities if hasattr(a, "zone")] == ["hand"]


@pytest.mark.parametrize("text", [
    "Sacrifice a snow Mountain: Draw a card.",                  # a supertype: not in the filter
    "Sacrifice an untapped creature: Draw a card.",
    "Sacrifice a creature with defender: Draw a card.",
    "{T}, Sacrifice X lands: Draw a card.",
    "{T}, Sacrifice another Orc or Goblin: Draw a card.",
    "Sacrifice an artifact creature: Draw a card.",             # both types (the filter: either)
    "Sacrifice a noncreature artifact: Draw a card.",
    "{3}, Tap two untapped Humans you control: Draw a card.",   # several to tap and mana
    "Tap an untapped legendary creature you control: Draw a card.",
    "Discard a card with mana value X: Draw a card.",
    "Exile two other creature cards from your graveyard: Draw a card.",
    "Exile the top card of your library: Draw a card.",
    "Birchlore: Tap two untapped Elves you control: Add one mana of any color.",
])
def test_costs_with_other_qualities_are_refused(text):
    r = import_card("Test Cost Card", "{2}", "Artifact", text)
    assert not r.ok


def test_mutated_cost_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 100
