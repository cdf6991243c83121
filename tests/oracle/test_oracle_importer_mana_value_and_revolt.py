"""Importer: mana value (202.3) as a condition of a target on resolution ("Destroy target
creature if it has mana value 2 or less", 608.2c), Fatal Push's revolt line ("... instead if a
permanent you controlled left the battlefield this turn"; an ability word, 207.2c), revolt as
an intervening "if" (603.4), and target spells with a mana value (Spell Snare, Disdainful
Stroke; 202.3e: X counts on the stack); what stays refused and why; the mutation check."""
from __future__ import annotations

import pytest

from mtg_core.cards import (Counter, Destroy, Draw, Exile, GainLife, If, InterveningIf, Revolt,
                            SpellAbility, TargetManaValueAtMost, TriggeredAbility)
from mtg_core.oracle import import_card, read_file
from mtg_core.oracle.importer import import_record

from oracle_helpers import SUBSET, check_mutations, imported_card

NAMES = ("Fatal Push", "Spell Snare", "Disdainful Stroke", "Decommission", "Silkweaver Elite",
         "Airdrop Aeronauts", "Isolate")
REFUSED = ("Anoint with Affliction", "Change the Equation")
IMPORTED_WITH_PHYREXIAN = ("Mental Misstep",)
RECORDS = {r.name: r for r in read_file(str(SUBSET))
           if r.name in NAMES + REFUSED + IMPORTED_WITH_PHYREXIAN}


def test_the_records_are_in_the_test_subset():
    assert sorted(RECORDS) == sorted(NAMES + REFUSED + IMPORTED_WITH_PHYREXIAN)


def test_608_2c_fatal_push_is_one_if_over_the_target_with_its_revolt_number():
    spell = imported_card(RECORDS["Fatal Push"]).abilities[0]
    assert spell == SpellAbility(If(TargetManaValueAtMost(2, revolt=4), Destroy("target")),
                                 targets=("creature",))


def test_202_3_the_first_sentence_alone_has_no_revolt():
    r = import_card("X", "{B}", "Instant", "Destroy target creature if it has mana value 2 or less.")
    assert r.ok and r.card.abilities[0].effects == (If(TargetManaValueAtMost(2), Destroy("target")),)
    assert r.card.abilities[0].targets == ("creature",)      # any creature may be targeted


def test_202_3e_spells_with_a_mana_value_are_target_qualities():
    assert imported_card(RECORDS["Spell Snare"]).abilities[0] == \
        SpellAbility(Counter("target"), targets=("spell with mana value 2",))
    assert imported_card(RECORDS["Disdainful Stroke"]).abilities[0] == \
        SpellAbility(Counter("target"), targets=("spell with mana value 4 or greater",))
    r = import_card("X", "{U}", "Instant", "Counter target creature spell with mana value 3 or less.")
    assert r.ok and r.card.abilities[0].targets == ("creature spell with mana value 3 or less",)


def test_207_2c_revolt_cards_read_against_their_oracle_text():
    # "Revolt — If a permanent you controlled left the battlefield this turn, you gain 3
    # life.": an effect's "if", read after the destroy before it (608.2c)
    assert imported_card(RECORDS["Decommission"]).abilities[0] == SpellAbility(
        Destroy("target"), If(Revolt(), GainLife("you", 3)), targets=("artifact or enchantment",))
    # "Revolt — When ~ enters the battlefield, if a permanent you controlled left the
    # battlefield this turn, draw a card.": an intervening "if" (603.4)
    elite = imported_card(RECORDS["Silkweaver Elite"])
    assert elite.keywords == ("reach",)
    assert elite.abilities == (TriggeredAbility("enters", InterveningIf(Revolt(), Draw("you", 1))),)
    aeronauts = imported_card(RECORDS["Airdrop Aeronauts"])
    assert aeronauts.abilities == (TriggeredAbility("enters", InterveningIf(Revolt(),
                                                                            GainLife("you", 5))),)
    # "Exile target permanent with mana value 1.": exactly 1 (202.3)
    assert imported_card(RECORDS["Isolate"]).abilities[0] == \
        SpellAbility(Exile("target"), targets=("permanent with mana value 1",))


def test_603_4_revolt_as_an_intervening_if():
    r = import_card("X", "{1}{B}", "Creature — Human", "Revolt — When X enters, if a permanent "
                    "you controlled left the battlefield this turn, draw a card.", "2", "2")
    assert r.ok, r.refusals
    (ab,) = r.card.abilities
    assert ab.effects[0] == InterveningIf(Revolt(), *ab.effects[0].effects)


def test_mental_misstep_imports_with_phyrexian_mana_and_a_spell_by_mana_value():
    """"Counter target spell with mana value 1." with {U/P} (107.4f, 202.3): the library's."""
    from mtg_core import DEFAULT_CARDS
    r = import_record(RECORDS["Mental Misstep"])
    assert r.ok, r.refusals
    assert r.card == DEFAULT_CARDS["Mental Misstep"]


@pytest.mark.parametrize("name, feature", [
    # "instead if its controller has three or more poison counters": not revolt
    ("Anoint with Affliction", "instead if its controller has three"),
    # "target red or green spell": a colour of a spell isn't a target quality yet
    ("Change the Equation", "counter: target red or green spell with mana value 6 or less"),
])
def test_what_stays_refused_says_why(name, feature):
    r = import_record(RECORDS[name])
    assert not r.ok and feature in [x.feature for x in r.refusals]


@pytest.mark.parametrize("text", [
    # the "instead" of another effect, target or mana value smaller than the first's
    "Destroy target creature if it has mana value 2 or less.\nExile that creature if it has "
    "mana value 4 or less instead if a permanent you controlled left the battlefield this turn.",
    "Destroy target creature if it has mana value 4 or less.\nDestroy that creature if it has "
    "mana value 2 or less instead if a permanent you controlled left the battlefield this turn.",
    "Destroy target creature if it has mana value 2 or less.\nDestroy that creature if it has "
    "mana value 4 or less instead if a creature died this turn.",
    # an "instead" with nothing before it to replace
    "Destroy target creature if it has mana value 4 or less instead if a permanent you "
    "controlled left the battlefield this turn.",
    # "it" isn't a target
    "Destroy all creatures if it has mana value 2 or less.",
    "Draw a card if it has mana value 2 or less.",
    "Target player draws a card if it has mana value 2 or less.",     # a player has none
    # a mana value the target specification can't hold (TGT_MV_MASK)
    "Counter target spell with mana value 8.",
])
def test_near_misses_are_refused(text):
    r = import_card("X", "{B}", "Instant", text)
    assert not r.ok and r.refusals, text


def test_mutated_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, NAMES) > 500
