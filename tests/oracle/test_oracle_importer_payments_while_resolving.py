"""The Oracle importer's payments made while resolving: "<effect>
unless you pay {M} / N life" and "you may pay {M}. If you do, <effect>" (118.1, 119.4,
608.2d) -- real Oracle texts imported to the card language, and the near misses (a word
that changes the meaning) refused or read as something else.  The cards are played in
tests/core/test_payments.py."""
from __future__ import annotations

import pytest

from mtg_core.cards import (Damage, Draw, May, Pay, Sacrifice, Tap, Unless,
                            Untap)
from mtg_core.oracle import import_card

from oracle_helpers import imported_oracle, records_of

# exact Oracle data of the corpus (mana cost, type line, text, power, toughness)
REAL = {
    "Drifter il-Dal": ("{U}", "Creature — Human Wizard",
                       "Shadow (This creature can block or be blocked by only creatures with "
                       "shadow.)\nAt the beginning of your upkeep, sacrifice Drifter il-Dal unless "
                       "you pay {U}.", "2", "1"),
    "Sunken City": ("{U}{U}", "Enchantment",
                    "At the beginning of your upkeep, sacrifice Sunken City unless you pay "
                    "{U}{U}.\nBlue creatures get +1/+1."),
    "Gateway Plaza": ("", "Land — Gate",
                      "Gateway Plaza enters tapped.\nWhen Gateway Plaza enters, sacrifice it "
                      "unless you pay {1}.\n{T}: Add one mana of any color."),
    "Carnophage": ("{B}", "Creature — Zombie",
                   "At the beginning of your upkeep, tap Carnophage unless you pay 1 life.", "2", "2"),
    "Hasran Ogress": ("{B}{B}", "Creature — Ogre",
                      "Whenever Hasran Ogress attacks, it deals 3 damage to you unless you pay {2}.",
                      "3", "2"),
    "Goblin War Wagon": ("{4}", "Artifact Creature — Juggernaut",
                         "Goblin War Wagon doesn't untap during your untap step.\nAt the beginning "
                         "of your upkeep, you may pay {2}. If you do, untap Goblin War Wagon.",
                         "3", "3"),
    "Seer's Sundial": ("{4}", "Artifact",
                       "Landfall — Whenever a land enters the battlefield under your control, you "
                       "may pay {2}. If you do, draw a card."),
    "Flight Spellbomb": ("{1}", "Artifact",
                         "{T}, Sacrifice Flight Spellbomb: Target creature gains flying until end "
                         "of turn.\nWhen Flight Spellbomb is put into a graveyard from the "
                         "battlefield, you may pay {U}. If you do, draw a card."),
}
RECORDS = records_of(REAL)


def card(name: str, text: str | None = None):
    cost, type_line, oracle, *pt = REAL[name]
    return imported_oracle(name, cost, type_line, oracle if text is None else text, *pt)


def feature(text: str, type_line: str = "Creature — Test") -> str:
    r = import_card("Tester", "{2}", type_line, text, "2", "2")
    assert not r.ok, text
    return r.refusals[0].feature


def trigger_effects(name: str):
    return [ab.effects for ab in card(name).abilities if hasattr(ab, "at")]


def test_608_2d_unless_you_pay_imports():
    assert trigger_effects("Drifter il-Dal") == [(Unless("{U}", Sacrifice("self")),)]
    assert trigger_effects("Sunken City") == [(Unless("{U}{U}", Sacrifice("self")),)]
    assert trigger_effects("Gateway Plaza") == [(Unless("{1}", Sacrifice("self")),)]
    assert trigger_effects("Carnophage") == [(Unless("1 life", Tap("self")),)]
    assert trigger_effects("Hasran Ogress") == [(Unless("{2}", Damage("you", 3)),)]


def test_608_2d_may_pay_if_you_do_imports():
    assert trigger_effects("Goblin War Wagon") == [(May(Pay("{2}"), Untap("self")),)]
    assert trigger_effects("Seer's Sundial") == [(May(Pay("{2}"), Draw("you", 1)),)]


@pytest.mark.parametrize("text, why", [
    # a payment the core can't make faithfully, or by someone else than "you"
    ("At the beginning of your upkeep, sacrifice Tester unless you pay {X}.", "effect: pay"),
    ("At the beginning of your upkeep, sacrifice Tester unless you pay {W/U}.", "effect: pay"),
    ("At the beginning of your upkeep, sacrifice Tester unless that player pays {1}.", None),
    ("Whenever Tester attacks, you may pay {X}{R}. If you do, Tester deals X damage to any target.", None),
    # "you may pay" with nothing that depends on it, or a reflexive trigger (603.12)
    ("At the beginning of your upkeep, you may pay {1}.", "effect: pay"),
    ("At the beginning of your upkeep, you may pay {2} and draw a card. If you do, untap Tester.", None),
])
def test_near_miss_payments_are_refused(text, why):
    got = feature(text)
    if why is not None:
        assert got == why


def test_a_reflexive_when_you_do_is_not_read_as_if_you_do():
    r = import_card("Tester", "{2}", "Creature — Test",
                    "At the beginning of your end step, you may pay {1}. When you do, draw a card.",
                    "2", "2")
    assert not r.ok


def test_the_imported_payment_cards_survive_mutations():
    """As test_mutated_texts_are_refused_or_mean_something_else (tests/test_oracle_importer):
    a dropped word, an added rider or a changed word never gives the same definition."""
    from oracle_helpers import check_mutations
    assert all(card(n) for n in RECORDS)
    assert check_mutations(RECORDS, sorted(RECORDS)) > 300


# --- library searches with qualities (701.23) -------------------------------------------------------
SEARCH = {
    "Polluted Delta": ("", "Land", "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your "
                       "library for an Island or Swamp card, put it onto the battlefield, then "
                       "shuffle."),
    "Perilous Landscape": ("", "Land",
                           "{T}: Add {C}.\n{T}, Sacrifice this land: Search your library for a "
                           "basic Island, Mountain, or Plains card, put it onto the battlefield "
                           "tapped, then shuffle.\nCycling {U}{R}{W} ({U}{R}{W}, Discard this "
                           "card: Draw a card.)"),
    "Entomb": ("{B}", "Instant",
               "Search your library for a card, put that card into your graveyard, then shuffle."),
    "Environmental Sciences": ("{2}", "Sorcery — Lesson",
                               "Search your library for a basic land card, reveal it, put it into "
                               "your hand, then shuffle. You gain 2 life."),
    "Trinket Mage": ("{2}{U}", "Creature — Human Wizard",
                     "When Trinket Mage enters the battlefield, you may search your library for "
                     "an artifact card with mana value 1 or less, reveal that card, put it into "
                     "your hand, then shuffle.", "2", "2"),
    "Wretched Throng": ("{1}{U}", "Creature — Zombie Horror",
                        "When Wretched Throng dies, you may search your library for a card named "
                        "Wretched Throng, reveal it, put it into your hand, then shuffle.", "2", "1"),
    "Captain Sisay": ("{2}{G}{W}", "Legendary Creature — Human Soldier",
                      "{T}: Search your library for a legendary card, reveal that card, put it "
                      "into your hand, then shuffle.", "2", "2"),
    "Self-Assembler": ("{5}", "Artifact Creature — Assembly-Worker",
                       "When Self-Assembler enters the battlefield, you may search your library "
                       "for an Assembly-Worker creature card, reveal it, put it into your hand, "
                       "then shuffle.", "4", "4"),
    "Into the North": ("{1}{G}", "Sorcery",
                       "Search your library for a snow land card, put it onto the battlefield "
                       "tapped, then shuffle."),
    "Wirewood Herald": ("{1}{G}", "Creature — Elf",
                        "When Wirewood Herald dies, you may search your library for an Elf card, "
                        "reveal that card, put it into your hand, then shuffle.", "1", "1"),
}
SEARCH_RECORDS = records_of(SEARCH)


def search_card(name: str):
    return imported_oracle(name, *SEARCH[name])


def effects_of(name: str):
    return [ab.effects for ab in search_card(name).abilities if hasattr(ab, "effects") and ab.effects]


def test_701_23_searches_with_qualities_import():
    from mtg_core.cards import GainLife, SearchCard, SearchLibrary
    # two subtypes fit OP_SEARCH's filter (SearchLibrary's subtype filter); both compile exactly
    assert effects_of("Polluted Delta") == [(SearchLibrary("Island or Swamp", to="battlefield"),)]
    assert effects_of("Perilous Landscape")[-2] == \
        (SearchCard(subtypes=("Island", "Mountain", "Plains"), basic=True, to="battlefield", tapped=True),)
    assert effects_of("Entomb") == [(SearchCard(to="graveyard"),)]
    assert effects_of("Environmental Sciences") == \
        [(SearchCard(types=("Land",), basic=True, reveal=True), GainLife("you", 2))]
    assert effects_of("Trinket Mage") == \
        [(SearchCard(types=("Artifact",), mana_value=("<=", 1), reveal=True, may=True),)]
    assert effects_of("Wretched Throng") == [(SearchCard(named_self=True, reveal=True, may=True),)]
    assert effects_of("Captain Sisay") == [(SearchCard(legendary=True, reveal=True),)]
    assert effects_of("Self-Assembler") == \
        [(SearchCard(types=("Creature",), subtypes=("Assembly-Worker",), reveal=True, may=True),)]
    assert effects_of("Into the North") == \
        [(SearchCard(types=("Land",), snow=True, to="battlefield", tapped=True),)]


@pytest.mark.parametrize("text", [
    # qualities the search can't check (yet)
    "Search your library for a creature card with power 2 or less, reveal it, put it into your "
    "hand, then shuffle.",
    "Search your library for a creature card with mana value X or less, put it onto the "
    "battlefield, then shuffle.",
    "Search your library for a Dinosaur or land card, reveal it, put it into your hand, then shuffle.",
    # an Aura would enter attached to nothing (303.4f); an instant can't enter (304.4)
    "Search your library for an Aura card, put it onto the battlefield, then shuffle.",
    "Search your library for an enchantment card, put it onto the battlefield, then shuffle.",
    "Search your library for a permanent card, put it onto the battlefield, then shuffle.",
    "Search your library for a card named Tester, put it onto the battlefield, then shuffle.",
    # someone else's library, several cards
    "Search target opponent's library for a land card, put it onto the battlefield, then shuffle.",
    "Search your library for three cards, exile them, then shuffle.",
    "Search your library for two Forest cards, put them onto the battlefield, then shuffle.",
])
def test_near_miss_searches_are_refused(text):
    r = import_card("Tester", "{2}", "Sorcery", text)
    assert not r.ok, text


def test_the_imported_search_cards_survive_mutations():
    from oracle_helpers import check_mutations
    assert all(search_card(n) for n in SEARCH)
    assert check_mutations(SEARCH_RECORDS, sorted(SEARCH_RECORDS)) > 300
