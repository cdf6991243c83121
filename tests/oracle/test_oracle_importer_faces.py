"""The Oracle importer on multi-face cards: transforming (701.28) and modal (712.11)
double-faced cards are imported face by face; other layouts are refused with their layout
as the reason; "transform ~" and the werewolves' conditions are read only where they mean
what the engine does (mutations of either face's text are refused or mean something else)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from mtg_core import cards as C
from mtg_core.cards import CardDB
from mtg_core._engine import constants
from mtg_core.oracle import NOT_EXPRESSIBLE, read_file
from mtg_core.oracle.importer import import_card, import_record
from mtg_core.oracle.output import card_from_data, card_to_data
from mtg_core.oracle.text import strip_reminder

from oracle_helpers import _mutations, _same_meaning, definition

K = constants()
FACES = Path(__file__).parents[1] / "data" / "oracle-faces.json"
RECORDS = {r.name: r for r in read_file(str(FACES))}
DFC = sorted(n for n, r in RECORDS.items() if r.layout in ("transform", "modal_dfc", "split")
             and not n.startswith(("Delver of Secrets", "Alive // Well", "Wear // Tear")))


def test_every_bundled_transform_and_modal_card_imports():
    results = {n: import_record(RECORDS[n]) for n in DFC}
    bad = {n: r.refusals for n, r in results.items() if not r.ok}
    assert not bad
    assert len(results) >= 50
    for n, r in results.items():
        front, back = n.split(" // ")
        if RECORDS[n].layout == "split":                       # 709: the whole card's name
            assert r.card.name == n and [h.name for h in r.card.halves] == [front, back]
            continue
        assert (r.card.name, r.card.back.name) == (front, back)
        assert r.card.modal == (RECORDS[n].layout == "modal_dfc")


def test_the_faces_keep_their_own_characteristics_and_colour_indicator():
    r = import_record(RECORDS["Cloistered Youth // Unholy Fiend"])
    youth, fiend = r.card, r.card.back
    assert (youth.mana_cost, youth.power, youth.toughness, youth.colors) == ("{1}{W}", 1, 1, None)
    assert (fiend.mana_cost, fiend.power, fiend.toughness, fiend.colors) == ("", 3, 3, "B")
    assert youth.abilities[0].effects[0].effects == (C.Transform("self"),)
    db = CardDB([r.card])
    assert db.tables.cards[1, K["CF_MANA_VALUE"]] == 2             # 712.8e
    r = import_record(RECORDS["Akoum Warrior // Akoum Teeth"])
    assert r.card.modal and r.card.back.types == ("Land",)


def test_werewolf_conditions_and_transforms_into_triggers_are_read():
    r = import_record(RECORDS["Gatstaf Shepherd // Gatstaf Howler"])
    front = r.card.abilities[0].effects[0]
    back = r.card.back.abilities[0].effects[0]
    assert front.condition == C.NoSpellsCastLastTurn()
    assert back.condition == C.PlayerCastTwoSpellsLastTurn()
    assert r.card.abilities[0].whose == "each"


def test_daybound_and_nightbound_lines_become_the_faces_flags():
    """702.145: "Daybound" on the front face, "Nightbound" on the back (reminder text
    aside) are Card(daybound=True) / Card(nightbound=True); the text is kept whole."""
    r = import_record(RECORDS["Tavern Ruffian // Tavern Smasher"])
    assert r.ok and r.card.daybound and r.card.back.nightbound and not r.card.abilities
    assert r.card.text.startswith("Daybound")
    db = CardDB([r.card])
    assert db.tables.cards[0, K["CF_FACE"]] & K["FACE_DAYBOUND"]
    assert db.tables.cards[1, K["CF_FACE"]] & K["FACE_NIGHTBOUND"]
    r = import_record(RECORDS["Avabruck Caretaker // Hollowhenge Huntmaster"])
    assert r.ok and r.card.daybound and len(r.card.abilities) == 1


def test_daybound_without_nightbound_is_refused():
    rec = RECORDS["Tavern Ruffian // Tavern Smasher"]
    back = dataclasses.replace(rec.faces[1], oracle_text="")
    r = import_record(dataclasses.replace(rec, faces=[rec.faces[0], back]))
    assert not r.ok and "daybound without nightbound" in [x.feature for x in r.refusals]
    front = dataclasses.replace(rec.faces[0], oracle_text="Nightbound")
    r = import_record(dataclasses.replace(rec, faces=[front, rec.faces[1]]))
    assert not r.ok


def test_a_hand_written_card_compiles_to_the_same_tables():
    hand = C.Card("Cloistered Youth", "{1}{W}", types=("Creature",), subtypes=("Human",),
                  power=1, toughness=1,
                  text="At the beginning of your upkeep, you may transform Cloistered Youth.",
                  abilities=(C.TriggeredAbility("upkeep", C.May(C.Transform())),),
                  back=C.Card("Unholy Fiend", types=("Creature",), subtypes=("Horror",),
                              power=3, toughness=3, colors="B",
                              text="At the beginning of your end step, you lose 1 life.",
                              abilities=(C.TriggeredAbility("end", C.LoseLife("you", 1)),)))
    got = CardDB([import_record(RECORDS["Cloistered Youth // Unholy Fiend"]).card])
    want = CardDB([hand])
    for table in ("cards", "abilities", "program"):
        assert np.array_equal(getattr(got.tables, table), getattr(want.tables, table))


@pytest.mark.parametrize("name, feature", [
    ("Alive // Well", "keyword: fuse"),
    ("Curious Pair // Treats to Share", "multi-face card (adventure)"),
    ("Bushi Tenderfoot // Kenzo the Hardhearted", "multi-face card (flip)"),
    ("Delver of Secrets // Insectile Aberration", "revealed this way, transform ~"),
])
def test_other_layouts_and_faces_with_unsupported_parts_are_refused(name, feature):
    r = import_record(RECORDS[name])
    assert not r.ok and feature in [x.feature for x in r.refusals]


def test_transform_on_a_single_faced_card_is_refused():
    r = import_card("Odd", "{1}", "Creature — Bear", "{1}: Transform Odd.", "1", "1")
    assert not r.ok
    assert r.refusals[0].feature == "effect: transform (not a transforming double-faced card)"


def test_transform_on_a_modal_card_or_of_another_permanent_is_refused():
    rec = RECORDS["Akoum Warrior // Akoum Teeth"]
    front = dataclasses.replace(rec.faces[0], oracle_text="Trample\n{1}: Transform Akoum Warrior.")
    r = import_record(dataclasses.replace(rec, faces=[front, rec.faces[1]]))
    assert not r.ok and "not a transforming" in r.refusals[0].feature
    rec = RECORDS["Thraben Gargoyle // Stonewing Antagonizer"]
    front = dataclasses.replace(rec.faces[0], oracle_text="{6}: Transform target creature.")
    r = import_record(dataclasses.replace(rec, faces=[front, rec.faces[1]]))
    assert not r.ok


def test_a_back_face_without_its_colours_is_refused():
    """202.2e: the back face's colour indicator is data the importer can't guess."""
    rec = RECORDS["Cloistered Youth // Unholy Fiend"]
    back = dataclasses.replace(rec.faces[1], colors=None)
    r = import_record(dataclasses.replace(rec, faces=[rec.faces[0], back]))
    assert not r.ok and r.refusals[0].feature == "back face without its colours"


def test_split_cards_import_with_both_halves_709():
    r = import_record(RECORDS["Assault // Battery"])
    assert r.ok and r.card.mana_cost == "{3}{R}{G}" and r.card.colors == "RG"   # 709.4
    assert [h.mana_cost for h in r.card.halves] == ["{R}", "{3}{G}"]
    r = import_record(RECORDS["Dead // Gone"])
    assert r.ok and r.card.types == ("Instant",) and len(r.trees) == 2


def test_split_cards_with_a_permanent_half_or_fuse_are_refused():
    rec = RECORDS["Dead // Gone"]
    half = dataclasses.replace(rec.faces[1], type_line="Enchantment — Room",
                               oracle_text="Creatures you control get +1/+1.")
    r = import_record(dataclasses.replace(rec, faces=[rec.faces[0], half]))
    assert not r.ok
    r = import_record(RECORDS["Wear // Tear"])
    assert not r.ok and "keyword: fuse" in [x.feature for x in r.refusals]


def test_double_faced_definitions_round_trip_through_json_data():
    for name in ("Thraben Gargoyle // Stonewing Antagonizer", "Ulvenwald Captive // Ulvenwald Abomination",
                 "Cloistered Youth // Unholy Fiend"):
        card = import_record(RECORDS[name]).card
        data = json.loads(json.dumps(card_to_data(card)))
        assert card_from_data(data) == card


def test_mutated_face_texts_are_refused_or_mean_something_else():
    """Each face of each imported double-faced card: dropping a word, adding a rider or
    changing a word never gives the same definition (_same_meaning: true synonyms)."""
    tried = 0
    for name in DFC:
        rec = RECORDS[name]
        base = definition(import_record(rec).card)
        for k, f in enumerate(rec.faces):
            body = strip_reminder(f.oracle_text)
            if not body:
                continue
            for start, end, new in _mutations(f.oracle_text):
                if _same_meaning(body, start, end, new):
                    continue
                faces = list(rec.faces)
                faces[k] = dataclasses.replace(f, oracle_text=body[:start] + new + body[end:])
                r = import_record(dataclasses.replace(rec, faces=faces))
                tried += 1
                assert not r.ok or definition(r.card) != base, (name, faces[k].oracle_text)
    assert tried > 1000
