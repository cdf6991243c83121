"""The Oracle importer's lowering of static abilities of the layer system (604, 611.3,
613): anthems and lords ("Other Goblin creatures you control get +1/+1 and have haste"),
conditional statics ("as long as ...", "during your turn", 611.3a) and characteristic-
defining power and toughness (604.3); the cards of ``mtg_core.library.conditional_statics``
imported from their own Oracle text to the same core tables; and texts whose meaning the
language can't say refused, never misread."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Game, Step, Zone
from mtg_core.cards import (AddKeywords, AsLongAs, Becomes, CardDB, CharacteristicPT, Draw,
                            ModifyPT, SetBasePT, SetColors, StaticAbility, SwitchPT)
from mtg_core.decks import Deck
from mtg_core.library import ALL_CARDS, conditional_statics
from mtg_core.oracle.importer import import_card
from mtg_core.oracle.output import card_from_data, card_source, card_to_data


def imp(text: str, type_line: str = "Creature — Cat Warrior", power="1", toughness="1",
        name: str = "Test Cat"):
    return import_card(name, "{1}", type_line, text, power, toughness)


def statics(text: str, **kw) -> tuple:
    r = imp(text, **kw)
    assert r.ok, r.refusals
    return tuple(a for a in r.card.abilities if isinstance(a, StaticAbility))


def refusal(text: str, **kw) -> str:
    r = imp(text, **kw)
    assert not r.ok
    return " / ".join(f.feature for f in r.refusals)


def _type_line(card) -> str:
    left = " ".join((*card.supertypes, *card.types))
    return left + (" — " + " ".join(card.subtypes) if card.subtypes else "")


# --- the library cards, from their own text -----------------------------------------------------

@pytest.mark.parametrize("card", conditional_statics.CARDS, ids=lambda c: c.name)
def test_611_3_conditional_statics_cards_import_to_the_same_core_tables(card):
    r = import_card(card.name, card.mana_cost, _type_line(card), card.text, str(card.power),
                    str(card.toughness))
    assert r.ok, r.refusals
    mine, theirs = CardDB([card]).tables, CardDB([r.card]).tables
    for table in ("cards", "abilities", "program"):
        assert np.array_equal(getattr(mine, table), getattr(theirs, table)), (card.name, table)


def test_611_3_imported_statics_round_trip_through_json_and_python_source():
    """`mtg-core import` writes statics, their changes and conditions as data and source."""
    import mtg_core.cards as C
    for card in conditional_statics.CARDS:
        assert card_from_data(card_to_data(card)) == card
        assert eval(card_source(card), dict(vars(C))) == card


# --- anthems and lords (613.1, 611.3a) ---------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("Creatures you control get +1/+1.", StaticAbility("creatures you control", ModifyPT(1, 1))),
    ("Other Goblin creatures you control get +1/+1 and have haste.",
     StaticAbility("other creatures you control", ModifyPT(1, 1), AddKeywords("haste"),
                   subtypes=("Goblin",))),
    ("All Sliver creatures have flying.",
     StaticAbility("creatures", AddKeywords("flying"), subtypes=("Sliver",))),
    ("Golems you control have first strike.",         # 205.3: a creature type names permanents
     StaticAbility("permanents you control", AddKeywords("first strike"), subtypes=("Golem",))),
    ("Other Treefolk and Forests you control have indestructible.",
     StaticAbility("other permanents you control", AddKeywords("indestructible"),
                   subtypes=("Treefolk", "Forest"))),
    ("Other black creatures get -1/-1.",
     StaticAbility("other creatures", ModifyPT(-1, -1), colors="B")),
    ("Nontoken creatures you control get +1/+1 and have vigilance.",
     StaticAbility("creatures you control", ModifyPT(1, 1), AddKeywords("vigilance"),
                   nontoken=True)),
    ("Creatures your opponents control get -1/-0.",
     StaticAbility("creatures your opponents control", ModifyPT(-1, 0))),
])
def test_613_1_anthems_and_lords_lower_to_static_abilities(text, expected):
    assert statics(text) == (expected,)


# --- conditions (611.3a) ----------------------------------------------------------------------

@pytest.mark.parametrize("text,condition", [
    ("As long as it's your turn, Test Cat has first strike.", AsLongAs("it's your turn")),
    ("During your turn, Test Cat has first strike.", AsLongAs("it's your turn")),
    ("As long as it's not your turn, Test Cat has first strike.", AsLongAs("it's not your turn")),
    ("Test Cat has first strike as long as it's attacking.", AsLongAs("~ is attacking")),
    ("Test Cat has first strike as long as it's untapped.", AsLongAs("~ is untapped")),
    ("As long as Test Cat is equipped, it has first strike.", AsLongAs("~ is equipped")),
    ("Test Cat has first strike as long as you control a Mountain.",
     AsLongAs("you control", subtypes=("Mountain",))),
    ("Test Cat has first strike as long as you control another Warrior.",
     AsLongAs("you control another", subtypes=("Warrior",))),
    ("Test Cat has first strike as long as you control a red permanent.",
     AsLongAs("you control", colors="R")),
    ("Test Cat has first strike as long as you control another white creature.",
     AsLongAs("you control another", types=("Creature",), colors="W")),
    ("Test Cat has first strike as long as you control an artifact or enchantment.",
     AsLongAs("you control", types=("Artifact", "Enchantment"))),
    ("Test Cat has first strike as long as you control three or more artifacts.",
     AsLongAs("you control", 3, types=("Artifact",))),
    ("Test Cat has first strike as long as an opponent controls an Island.",
     AsLongAs("an opponent controls", subtypes=("Island",))),
    ("Test Cat has first strike as long as you have 30 or more life.",
     AsLongAs("you have at least N life", 30)),
    ("Test Cat has first strike as long as an opponent has 10 or less life.",
     AsLongAs("an opponent has at most N life", 10)),
    ("Test Cat has first strike as long as seven or more cards are in your graveyard.",
     AsLongAs("at least N cards in your graveyard", 7)),
    ("Test Cat has first strike as long as you have no cards in hand.",
     AsLongAs("at most N cards in your hand", 0)),
])
def test_611_3a_conditions_lower_to_as_long_as(text, condition):
    assert statics(text) == (StaticAbility("self", AddKeywords("first strike"),
                                           condition=condition),)


def test_611_3a_a_condition_on_an_equipments_bonus_applies_to_the_equipped_creature():
    got = statics("During your turn, equipped creature gets +1/+0 and has first strike.\n"
                  "Equip {2}", type_line="Artifact — Equipment", power=None, toughness=None)
    assert got == (StaticAbility("equipped creature", ModifyPT(1, 0), AddKeywords("first strike"),
                                 condition=AsLongAs("it's your turn")),)


@pytest.mark.parametrize("text,feature", [
    # "it" is the enchanted creature, not the Aura: no condition of the source says that
    ("Enchant creature\nEnchanted creature has shroud as long as it's untapped.",
     "static condition: untapped (of another object)"),
    ("Test Cat has flying as long as you control an untapped Island.",
     "static condition: untapped permanent"),
    ("Test Cat gets +1/+1 as long as you control a creature with flying.",
     "static condition: with flying permanent"),
    ("Attacking creatures you control get +1/+0.", "static: affected group (attacking)"),
    ("Test Cat gets +X/+0 as long as it's your turn.", "variable amount (+X/+X)"),
    ("Test Cat has flanking as long as it's your turn.", "keyword: flanking"),
])
def test_611_3a_what_the_language_cant_say_is_refused(text, feature):
    aura = text.startswith("Enchant")
    got = refusal(text, **({"type_line": "Enchantment — Aura", "power": None, "toughness": None}
                           if aura else {}))
    assert feature in got


# --- 604.3: characteristic-defining power and toughness ------------------------------------------

@pytest.mark.parametrize("text,cda", [
    ("Test Cat's power and toughness are each equal to the number of Forests you control.",
     CharacteristicPT("permanents you control with subtype", "Forest")),
    ("Test Cat's power and toughness are each equal to the number of creatures you control.",
     CharacteristicPT("permanents you control of type", "Creature")),
    ("Test Cat's power and toughness are each equal to your life total.",
     CharacteristicPT("your life total")),
])
def test_604_3_characteristic_defining_power_and_toughness(text, cda):
    r = imp(text, power="*", toughness="*")
    assert r.ok, r.refusals
    assert r.card.power == 0 and r.card.toughness == 0
    assert r.card.abilities == (StaticAbility("self", cda),)


def test_604_3_star_power_needs_a_characteristic_defining_ability_and_only_then():
    assert "characteristic-defining power" in refusal("Flying", power="*", toughness="*")
    assert "characteristic-defining power" in refusal(
        "Test Cat's power and toughness are each equal to the number of Forests you control.")
    assert "characteristic-defining power" in refusal(
        "Test Cat's power and toughness are each equal to the number of nonland permanents you "
        "control.", power="*", toughness="*")     # ("cards in your hand": tests/core/test_amounts.py)


# --- imported cards in a game ------------------------------------------------------------------

def test_611_3a_imported_conditional_statics_work_in_a_game():
    """Wild Nacatl and Mesa Lynx imported from Oracle text: the game reads their conditions."""
    nacatl = import_card("Wild Nacatl", "{G}", "Creature — Cat Warrior",
                         "Wild Nacatl gets +1/+1 as long as you control a Mountain.\nWild Nacatl "
                         "gets +1/+1 as long as you control a Plains.", "1", "1").card
    lynx = import_card("Mesa Lynx", "{2}{W}", "Creature — Cat",
                       "As long as it's not your turn, Mesa Lynx gets +0/+2.", "2", "1").card
    basics = [c for c in ALL_CARDS if c.name in ("Forest", "Mountain", "Plains")]
    db = CardDB([nacatl, lynx, *basics])
    game = Game([Deck.parse("60 Forest")] * 2, seed=3, cards=db, starting_player=0,
                mulligans=False)
    game.pass_to(Step.MAIN, 0)
    cat = game.create_card("Wild Nacatl", 0, Zone.BATTLEFIELD)
    cat_lynx = game.create_card("Mesa Lynx", 0, Zone.BATTLEFIELD)
    game.create_card("Plains", 0, Zone.BATTLEFIELD)
    assert game.power_toughness(cat) == (2, 2) and game.power_toughness(cat_lynx) == (2, 1)
    game.pass_to(Step.MAIN, 1)
    assert game.power_toughness(cat_lynx) == (2, 3)


# --- layer 5 statics and 613.4d switching from a resolving spell ---------------------------------

def test_613_1e_all_creatures_are_black_sets_colours_in_layer_5():
    got = statics("All creatures are black.", type_line="Enchantment", power=None, toughness=None)
    assert got == (StaticAbility("creatures", SetColors("B")),)
    # "~ is colorless" of a permanent would be a characteristic-defining ability (604.3)
    assert "static: is color" in refusal("Test Cat is colorless.")


def test_613_4d_switch_target_creatures_power_and_toughness():
    r = import_card("Twisted Image", "{U}", "Instant",
                    "Switch target creature's power and toughness until end of turn.\nDraw a card.")
    assert r.ok, r.refusals
    spell = r.card.abilities[0]
    assert spell.effects == (Becomes("target", SwitchPT()), Draw("you", 1))
    assert spell.targets == ("creature",)


def test_613_4b_conditional_base_power_and_toughness():
    """"During your turn, ~ has base power and toughness 5/2" (layer 7b, 611.3a)."""
    assert statics("During your turn, Test Cat has base power and toughness 5/2.") == (
        StaticAbility("self", SetBasePT(5, 2), condition=AsLongAs("it's your turn")),)
