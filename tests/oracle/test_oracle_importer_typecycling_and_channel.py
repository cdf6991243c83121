"""Importer features, on the real Oracle texts of the test subset (tests/data):

- 702.29e typecycling ("Islandcycling {1}": Lórien Revealed, "Forestcycling {1}": Generous
  Ent, "Plainscycling {1}": Eagles of the North, "Wizardcycling {2}": Step Through) and
  702.29f basic landcycling (Ash Barrens): a cycling ability (``cycling=True``) whose effect is
  the search, revealed, into the hand;
- 207.2c channel ("Channel — {2}{W}, Discard ~: It deals 4 damage ..."): an ability of the
  card in its owner's hand, "It" being the card, with 118.7 "This ability costs {1} less to
  activate for each legendary creature you control" (Eiganjo, Otawara);
- what stays refused, each with its reason (Boseiju, Takenuma, Sokenzan, Troll of
  Khazad-dûm).

Each library card imports to the same core tables as its library definition
(tests/oracle/test_oracle_importer.py); here: what it lowers to, what is refused, and the
mutation check over all of them."""
from __future__ import annotations

import pytest

from mtg_core.cards import ActivatedAbility, Damage, ReturnToHand, SearchLibrary, Typecycling
from mtg_core.oracle import import_card, read_file

from oracle_helpers import SUBSET, check_mutations, imported_card

NAMES = ("Lórien Revealed", "Ash Barrens", "Generous Ent", "Eagles of the North", "Step Through",
         "Eiganjo, Seat of the Empire", "Otawara, Soaring City")
REFUSED = ("Boseiju, Who Endures", "Takenuma, Abandoned Mire", "Sokenzan, Crucible of Defiance",
           "Troll of Khazad-dûm")
RECORDS = {r.name: r for r in read_file(str(SUBSET)) if r.name in NAMES + REFUSED}


def test_the_records_are_in_the_test_subset():
    assert sorted(RECORDS) == sorted(NAMES + REFUSED)


@pytest.mark.parametrize("name, quality, cost", [
    ("Lórien Revealed", "Island", "{1}"), ("Generous Ent", "Forest", "{1}"),
    ("Eagles of the North", "Plains", "{1}"), ("Step Through", "Wizard", "{2}"),
    ("Ash Barrens", "basic land", "{1}")])
def test_702_29e_f_typecycling_is_a_cycling_ability_that_searches(name, quality, cost):
    ab = imported_card(RECORDS[name]).abilities[-1]
    assert ab == Typecycling(quality, cost)
    assert ab == ActivatedAbility(f"{cost}, Discard this card", SearchLibrary(quality, reveal=True),
                                  zone="hand", cycling=True)


def test_702_29_two_typecyclings_are_two_abilities():
    r = import_card("Valley Rannet", "{4}{R}{G}", "Creature — Beast",
                    "Mountaincycling {2}, forestcycling {2}", "6", "3")
    assert r.ok and r.card.abilities == (Typecycling("Mountain", "{2}"), Typecycling("Forest", "{2}"))


def test_207_2c_channel_with_118_7_its_cost_reduction():
    eiganjo = imported_card(RECORDS["Eiganjo, Seat of the Empire"]).abilities[1]
    assert eiganjo == ActivatedAbility("{2}{W}, Discard ~", Damage("target", 4),
                                       targets=("attacking or blocking creature",), zone="hand",
                                       costs_less=("{1}", "legendary creature you control"))
    otawara = imported_card(RECORDS["Otawara, Soaring City"]).abilities[1]
    assert otawara.effects == (ReturnToHand("target"),) and otawara.zone == "hand"
    assert otawara.targets == ("artifact, creature, enchantment, or planeswalker",)   # 115.1
    assert not otawara.cycling                             # channel is no cycling (702.29d)


@pytest.mark.parametrize("name, feature", [
    # "That player may search their library for a land card with a basic land type, ...":
    # the grammar doesn't read the quality (and a search by the destroyed permanent's
    # controller isn't in the language)
    ("Boseiju, Who Endures", "basic land type, put it"),
    # "return a creature or planeswalker card from your graveyard to your hand": a card
    # chosen as it resolves, not a target
    ("Takenuma, Abandoned Mire", "effect: bounce (to)"),
    # "They gain haste until end of turn": the tokens just created (111)
    ("Sokenzan, Crucible of Defiance", "reference: they"),
    ("Troll of Khazad-dûm", "three or more creatures"),   # 509.1b: "except by three or more"
])
def test_what_stays_refused_says_why(name, feature):
    from mtg_core.oracle.importer import import_record
    r = import_record(RECORDS[name])
    assert not r.ok and [x.feature for x in r.refusals] == [feature]


@pytest.mark.parametrize("text", [
    "Sliver Overlordcycling {1}",                           # not one word
    "Islandcycling—Pay 2 life.",                            # a cost other than mana
    "Basic landcycling",                                    # no cost
    "Nonbasic landcycling {1}",
    "Channel — {1}, Discard ~: Draw a card. This ability costs {1} less to activate for each "
    "creature card in your graveyard.",                      # not permanents you control
    "Channel — {1}, Discard ~: Draw a card. This ability costs {1} less to activate for each "
    "creature an opponent controls.",
    "Channel — {1}, Discard ~: Draw a card. This ability costs {1} less to activate for each "
    "legendary creature you control. This ability costs {1} less to activate for each "
    "artifact you control.",
    "{1}, Discard ~: Draw a card. Activate only once each turn.",
])
def test_near_misses_are_refused(text):
    r = import_card("X", "{U}", "Creature — Bear", text, "1", "1")
    assert not r.ok and r.refusals, text


def test_118_7_the_reduction_of_a_battlefield_ability_too():
    r = import_card("X", "{2}", "Artifact", "{3}, {T}: Draw a card. This ability costs {1} less "
                    "to activate for each artifact you control.")
    assert r.ok and r.card.abilities[0].costs_less == ("{1}", "artifact you control")


def test_mutated_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, NAMES) > 100
