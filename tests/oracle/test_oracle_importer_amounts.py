"""The importer reads counted amounts (mtg_core.oracle.lower.amounts): "for each <noun
phrase>" and "where X is <quantity>" (608.2h), "~ gets +N/+N for each ..." (613.4c) and
power and toughness equal to a count (604.3).  What it can't count exactly is refused, and a
changed word never keeps the meaning (the mutation check).  The cards in games:
tests/core/test_amounts.py."""
from __future__ import annotations

import pytest

from mtg_core.cards import (CharacteristicPTCount, CountOf, Draw, ForEach, LoseLife,
                            ModifyPTForEach, Pump, SameCount, StaticAbility)
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import AMOUNTS_ORACLE as ORACLE
from oracle_helpers import check_mutations, imported_oracle

RECORDS = {n: CardRecord(*r) for n, r in ORACLE.items()}


def card(name: str):
    return imported_oracle(*ORACLE[name])


def refused(text: str, type_line: str = "Sorcery", p=None, t=None) -> list[str]:
    r = import_card("Test Card", "{3}", type_line, text, p, t)
    assert not r.ok and r.refusals, text
    return [f.feature for f in r.refusals]


def test_for_each_reads_the_noun_phrase_as_a_count():
    (ab,) = card("Flow of Ideas").abilities
    assert ab.effects == (ForEach(CountOf("permanents you control", subtypes=("Island",)),
                                  Draw("you")),)
    (ab,) = card("Squirrel Mob").abilities
    assert ab == StaticAbility("self", ModifyPTForEach(1, 1, CountOf("permanents",
                               subtypes=("Squirrel",), flags=("other",))))
    trig = card("Goblin Piledriver").abilities[-1]
    assert trig.effects == (ForEach(CountOf("permanents", subtypes=("Goblin",),
                                            flags=("other", "attacking")),
                                    Pump("self", 2, 0, "end of turn")),)


def test_where_x_is_counts_once_for_every_effect_that_uses_x():
    (ab,) = card("Graveborn Muse").abilities
    assert ab.effects == (ForEach(CountOf("permanents you control", subtypes=("Zombie",)),
                                  Draw("you")), SameCount(LoseLife("you", 1)))
    (ab,) = card("Rush of Blood").abilities
    assert ab.effects == (ForEach(CountOf("the target's power"),
                                  Pump("target", 1, 0, "end of turn")),)
    (ab,) = card("Yew Spirit").abilities
    assert ab.effects == (ForEach(CountOf("its power"), Pump("self", 1, 1, "end of turn")),)


def test_characteristic_defining_counts():
    (ab,) = card("Boneyard Wurm").abilities
    assert ab == StaticAbility("self", CharacteristicPTCount(
        CountOf("cards in your graveyard", types=("Creature",))))
    (ab,) = card("Maro").abilities
    assert ab == StaticAbility("self", CharacteristicPTCount(CountOf("cards in your hand")))
    yeti = card("Sylvan Yeti")                                # */4: the power only
    assert (yeti.power, yeti.toughness) == (0, 4)
    assert yeti.abilities == (StaticAbility("self", CharacteristicPTCount(
        CountOf("cards in your hand"), which="power")),)


def test_a_star_needs_a_cda_for_exactly_that_characteristic():
    text = "Test Card's power is equal to the number of cards in your hand."
    assert "characteristic-defining power" in refused(text, "Creature — Yeti", "*", "*")
    assert "characteristic-defining power" in refused(text, "Creature — Yeti", "2", "*")
    assert "characteristic-defining power" in refused("Flying", "Creature — Yeti", "*", "3")


@pytest.mark.parametrize("text,type_line,feature", [
    # what the count can't say exactly
    ("You gain 1 life for each creature you control with power 4 or greater.", "Sorcery",
     "modifier: for each"),
    ("Each player loses 1 life for each creature they control.", "Sorcery", "modifier: for each"),
    ("Draw a card for each tapped creature target opponent controls.", "Sorcery",
     "modifier: for each"),
    ("Each attacking creature gets +1/+0 until end of turn for each nonbasic land defending "
     "player controls.", "Instant", "modifier: for each"),
    ("You gain 1 life for each artifact or Elf you control.", "Sorcery", "modifier: for each"),
    # "it" is the equipped creature, not the Equipment: not this count
    ("Equipped creature gets +1/+0 for each Equipment attached to it.\nEquip {2}",
     "Artifact — Equipment", "static modifier: for each"),
    # a dying creature's power is its last known information (608.2h): not read here
    ("When Test Card dies, create X 1/1 white Spirit creature tokens, where X is Test Card's "
     "power.", "Creature — Spirit", "modifier: where X is"),
    ("Test Card's power and toughness are each equal to the number of nonland permanents you "
     "control.", "Creature — Spirit", "characteristic-defining power"),
])
def test_near_misses_are_refused(text, type_line, feature):
    p = t = ("*" if "equal to" in text else "2") if "Creature" in type_line else None
    assert feature in refused(text, type_line, p, t)


def test_mutated_amount_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 300
