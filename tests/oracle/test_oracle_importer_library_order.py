"""Importer features, on the real Oracle texts of the test subset (tests/data): cards put on
top of a library in an order the player chooses (401.4) and shuffles (701.24):

- "draw three cards, then put two cards from your hand on top of your library in any order"
  (Brainstorm, Brainstone): PutFromHandOnTop;
- "look at the top three cards of your library, then put them back in any order" (Ponder,
  Sensei's Divining Top, Halimar Depths, Mirri's Guile's "you may"): LookAtTopPutBack;
- "You may shuffle." (Ponder): May(Shuffle()).

Each imports to the same core tables as its library definition
(tests/oracle/test_oracle_importer.py); here: what it lowers to, what is refused (another
player's library, a random order, a shuffle by another player...), and the mutation check
over all of them."""
from __future__ import annotations

import pytest

from mtg_core.cards import (Draw, LookAtTopPutBack, May, PutFromHandOnTop, PutOnTop, Shuffle)
from mtg_core.oracle import import_card, read_file

from oracle_helpers import SUBSET, check_mutations, imported_card

NAMES = ("Brainstorm", "Ponder", "Sensei's Divining Top", "Brainstone", "Halimar Depths",
         "Mirri's Guile")
RECORDS = {r.name: r for r in read_file(str(SUBSET)) if r.name in NAMES}


def test_the_records_are_in_the_test_subset():
    assert sorted(RECORDS) == sorted(NAMES)


def test_401_4_put_two_cards_from_your_hand_on_top_of_your_library_in_any_order():
    for name in ("Brainstorm", "Brainstone"):
        (ab,) = imported_card(RECORDS[name]).abilities
        assert ab.effects == (Draw("you", 3), PutFromHandOnTop(2)), name


def test_401_4_look_at_the_top_three_then_put_them_back_in_any_order_and_you_may_shuffle():
    (spell,) = imported_card(RECORDS["Ponder"]).abilities
    assert spell.effects == (LookAtTopPutBack(3), May(Shuffle()), Draw("you"))
    top = imported_card(RECORDS["Sensei's Divining Top"]).abilities
    assert [a.effects for a in top] == [(LookAtTopPutBack(3),), (Draw("you"), PutOnTop("self"))]
    depths = imported_card(RECORDS["Halimar Depths"]).abilities
    assert depths[1].at == "enters" and depths[1].effects == (LookAtTopPutBack(3),)
    (guile,) = imported_card(RECORDS["Mirri's Guile"]).abilities
    assert guile.at == "upkeep" and guile.effects == (May(LookAtTopPutBack(3)),)


def test_one_card_from_your_hand_needs_no_order():
    """"Draw a card, then put a card from your hand on top of your library." (Aminatou's +1,
    Survivor of the Unseen's ability)."""
    r = import_card("Test", "{U}", "Sorcery",
                    "Draw a card, then put a card from your hand on top of your library.")
    assert r.ok and r.card.abilities[0].effects == (Draw("you"), PutFromHandOnTop(1))


@pytest.mark.parametrize("text, feature", [
    ("Draw three cards, then put two cards from your hand on top of your library in a random order.",
     "effect: put on top (order)"),
    ("Draw three cards, then put two cards from your hand on top of your library.",
     "effect: put on top (order)"),
    ("Look at the top three cards of your library, then put them back in a random order.",
     "effect: look at, put back in a random order"),
    ("Look at the top three cards of target player's library, then put them back in any order.",
     "effect: look at another player's library"),
    ("Look at the top three cards of your library, then put them back in any order. "
     "You may have that player shuffle.", None),
    ("Target player shuffles their library.", "effect: shuffle"),
    ("Put target creature on top of its owner's library in any order.", None),
])
def test_what_the_language_cant_say_is_refused(text, feature):
    r = import_card("Test", "{U}", "Sorcery", text)
    assert not r.ok and r.refusals
    if feature is not None:
        assert feature in {x.feature for x in r.refusals}, r.refusals


def test_mutated_library_order_texts_are_refused_or_mean_something_else():
    """Every dropped word, added rider or changed word of the six is refused or reads as
    something else (another count, no "may", the bottom, another library...)."""
    assert check_mutations(RECORDS, NAMES) > 400
