"""Importer: Saga chapter abilities (714.2), on the real Oracle texts of the test subset
(tests/data): "I — ...", "I, II — ..." lower to one ChapterAbility per number (714.2c);
a Saga whose chapter effects are all expressible imports (Binding the Old Gods, The Birth
of Meletis, Founding of Omashu, Of Herbs and Stewed Rabbit, Summon: G.F. Ifrit), the others
are refused with every missing piece named.

The library's Sagas import to the same core tables as their definitions
(tests/oracle/test_oracle_importer.py); here: what they lower to, what is refused, and the
mutation check."""
from __future__ import annotations

import pytest

from mtg_core.cards import AddMana, ChapterAbility, Discard, Draw, GainLife, May
from mtg_core.oracle import import_card, read_file

from oracle_helpers import SUBSET, check_mutations, imported_card

IMPORTED = ("Binding the Old Gods", "The Birth of Meletis", "Founding of Omashu",
            "Of Herbs and Stewed Rabbit", "Summon: G.F. Ifrit")
REFUSED = ("Urza's Saga", "History of Benalia",
           "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki", "The Eldest Reborn",
           "Love Song of Night and Day")
RECORDS = {r.name: r for r in read_file(str(SUBSET)) if r.name in IMPORTED + REFUSED}


def test_the_records_are_in_the_test_subset():
    assert sorted(RECORDS) == sorted(IMPORTED + REFUSED)


def test_714_2c_a_chapter_with_several_numbers_is_one_ability_per_number():
    card = imported_card(RECORDS["Summon: G.F. Ifrit"])
    loot = May(Discard("you", 1), Draw("you", 1))
    assert card.abilities == (ChapterAbility(1, loot), ChapterAbility(2, loot),
                              ChapterAbility(3, AddMana("R")), ChapterAbility(4, AddMana("R")))
    assert (card.types, card.subtypes, card.power, card.toughness) == \
        (("Enchantment", "Creature"), ("Saga", "Demon"), 3, 2)


def test_714_2_each_chapter_keeps_its_own_targets():
    binding = imported_card(RECORDS["Binding the Old Gods"])
    assert [a.chapter for a in binding.abilities] == [1, 2, 3]
    assert [a.targets for a in binding.abilities] == \
        [("nonland permanent an opponent controls",), (), ()]


@pytest.mark.parametrize("name, features", [
    # I and II grant it abilities (613.1f on itself), the Construct's count and a search by
    # mana cost
    ("Urza's Saga", {"effect: gain ability", "' ~ gets +1/+1 for each", "cost {0} or {1}, put"}),
    # "Knights you control" (a group of a creature type) is not an affected group yet
    ("History of Benalia", {"reference: all Knights you control"}),
    # a token copy with haste, and returning it transformed (712, 701.28)
    ("Fable of the Mirror-Breaker // Reflection of Kiki-Jiki",
     {"effect: return to battlefield (control, tapped)", "except it has haste", "cards"}),
    # "a creature or planeswalker" to sacrifice, and returning a card from any graveyard
    ("The Eldest Reborn", {"sacrifice of something other than ~", "effect: reanimate"}),
    # read ahead (714.3c) is not built
    ("Love Song of Night and Day", {"keyword: read ahead"}),
])
def test_714_a_saga_with_a_chapter_it_cant_express_is_refused_naming_every_gap(name, features):
    rec = RECORDS[name]
    r = import_card(rec.name, rec.mana_cost, rec.type_line, rec.oracle_text, rec.power,
                    rec.toughness, rec.loyalty, colors=rec.colors) if not rec.faces else None
    if r is None:
        from mtg_core.oracle.importer import import_record
        r = import_record(rec)
    assert not r.ok
    assert features <= {f.feature for f in r.refusals}, [f.feature for f in r.refusals]
    assert "Saga chapters" not in {f.feature for f in r.refusals}


@pytest.mark.parametrize("text, feature", [
    ("I — Draw a card.\nIII — You gain 2 life.", "ascending order (714.2a), not [1, 3]"),
    ("II — Draw a card.\nI — You gain 2 life.", "not [2, 1]"),
    ("I — Draw a card.\nI — You gain 2 life.", "not [1, 1]"),
    ("XI — Draw a card.", "a chapter number is a whole number 1..10 (714.2a)"),
])
def test_714_2a_misnumbered_chapters_are_refused(text, feature):
    r = import_card("Test Saga", "{1}{W}", "Enchantment — Saga", text)
    assert not r.ok
    assert any(feature in f.feature for f in r.refusals), r.refusals


def test_714_2_chapters_belong_to_a_saga():
    r = import_card("Test", "{1}{W}", "Enchantment", "I — Draw a card.\nII — You gain 2 life.")
    assert not r.ok and any("only a Saga has chapter abilities (714.2)" in f.feature
                            for f in r.refusals)
    ok = import_card("Test", "{1}{W}", "Enchantment — Saga",
                     "I — Draw a card.\nII — You gain 2 life.")
    assert ok.ok and ok.card.abilities == (ChapterAbility(1, Draw("you", 1)),
                                           ChapterAbility(2, GainLife("you", 2)))


def test_mutated_saga_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, IMPORTED) > 100
