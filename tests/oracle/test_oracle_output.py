"""What `mtg-core import --out cards.py|cards.json` writes reads back as the same cards.

Every importable card of the bundled Oracle subset and every bundled library card goes
through the written Python module (executed) and the JSON document (read back by
``cards_from_json``, which builds only classes of the card language: JSON is data, never
code) and comes back with exactly the same definition, and for a sample the same compiled
core tables.  Every class of the card language has a rebuild path
(:mod:`mtg_core.cards.rebuild`), so a new class without one fails here, not in a user's import.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass

import numpy as np
import pytest

import mtg_core.cards as C
from mtg_core.cards import Card, CardDB, Crew, Damage, SpellAbility
from mtg_core.cards.rebuild import arguments, parameters, rebuild
from mtg_core.errors import CardScriptError
from mtg_core.library import ALL_CARDS
from mtg_core.oracle import import_file
from mtg_core.oracle.result import ImportResult
from mtg_core.oracle.output import (_CLASSES, card_from_data, card_source, card_to_data,
                                    cards_from_json, json_document, python_module)

from oracle_helpers import SUBSET, definition


@pytest.fixture(scope="module")
def subset_cards() -> list[Card]:
    """Every importable card of tests/data/oracle-cards-subset.json."""
    return [r.card for r in import_file(str(SUBSET)) if r.ok]


def _results(cards) -> list[ImportResult]:
    return [ImportResult(c.name, c, (), type_line=c.type_line()) for c in cards]


def _through_python(cards) -> list[Card]:
    namespace: dict = {}
    exec(compile(python_module(_results(cards)), "cards.py", "exec"), namespace)
    return namespace["CARDS"]


def _through_json(cards) -> list[Card]:
    return cards_from_json(json_document(_results(cards)))


def _differences(cards, back) -> list[str]:
    assert len(back) == len(cards)
    return [c.name for c, b in zip(cards, back) if definition(b) != definition(c)]


def _walk(v, seen: set[type], leaves: set[type]) -> None:
    """Every card-language class and leaf value type reachable from ``v``."""
    if is_dataclass(v) and not isinstance(v, type):
        seen.add(type(v))
        for f in fields(v):
            _walk(getattr(v, f.name), seen, leaves)
    elif isinstance(v, tuple):
        for x in v:
            _walk(x, seen, leaves)
    else:
        leaves.add(type(v))


# --- every card round-trips -------------------------------------------------------------------

def test_every_importable_subset_card_round_trips_through_the_written_python_module(subset_cards):
    assert len(subset_cards) > 2000
    back = _through_python(subset_cards)
    assert _differences(subset_cards, back) == []
    assert back == subset_cards


def test_every_importable_subset_card_round_trips_through_the_json_document(subset_cards):
    back = _through_json(subset_cards)
    assert _differences(subset_cards, back) == []
    assert back == subset_cards


@pytest.mark.parametrize("through", [_through_python, _through_json])
def test_every_library_card_round_trips(through):
    back = through(ALL_CARDS)
    assert _differences(ALL_CARDS, back) == []
    assert back == ALL_CARDS


def _tables(cards) -> list[np.ndarray]:
    t = CardDB(cards).tables
    return [np.asarray(t.cards), np.asarray(t.abilities), np.asarray(t.program)]


def test_round_tripped_cards_compile_to_the_same_core_tables(subset_cards):
    """DESIGN 3: a card script compiles to data; the rebuilt card compiles to the same data."""
    # a quarter of the cards whose classes the rebuild rule treats specially (init_fields,
    # fields made by the constructor, *modes), and a spread of the others
    def special(card) -> bool:
        seen: set[type] = set()
        _walk(card, seen, set())
        return bool(seen & {C.ZoneChangeTrigger, Crew, C.ChooseOne, C.StaticAbility})
    sample = [c for c in subset_cards if special(c)][::4] + subset_cards[::25]
    sample = list({c.name: c for c in sample}.values())
    assert len(sample) > 100
    for through in (_through_python, _through_json):
        for card, back in zip(sample, through(sample)):
            for a, b in zip(_tables([card]), _tables([back])):
                assert np.array_equal(a, b), (through.__name__, card.name)


# --- every class has a rebuild path -----------------------------------------------------------

def test_every_class_the_card_language_exports_has_a_rebuild_path_and_a_json_name():
    exported = [getattr(C, n) for n in C.__all__
                if isinstance(getattr(C, n), type) and is_dataclass(getattr(C, n))]
    assert len(exported) > 100
    for cls in exported:
        assert parameters(cls) is not None               # raises if a parameter has no field
        assert _CLASSES[cls.__name__] is cls


def test_every_class_reachable_from_a_card_is_exported_under_its_own_name(subset_cards):
    """The written module names classes through ``from mtg_core.cards import *``; JSON
    through the same names (ChooseOne was missing from ``__all__``)."""
    seen: set[type] = set()
    leaves: set[type] = set()
    for card in [*subset_cards, *ALL_CARDS]:
        _walk(card, seen, leaves)
    star: dict = {}
    exec("from mtg_core.cards import *", star)
    for cls in seen:
        assert star.get(cls.__name__) is cls, cls
        assert _CLASSES.get(cls.__name__) is cls, cls
        parameters(cls)
    assert {C.ZoneChangeTrigger, Crew, C.ChooseOne, C.EntersTapped, C.Condition} <= seen
    assert leaves <= {str, int, bool, type(None)}        # JSON's own values


def test_a_class_whose_constructor_parameter_no_field_holds_has_no_rebuild_path():
    @dataclass(frozen=True, init=False)
    class Twice(C.Effect):
        amount: int

        def __init__(self, n: int):
            object.__setattr__(self, "amount", 2 * n)

    with pytest.raises(CardScriptError, match=r"Twice.__init__ parameter 'n' is not a field: "
                                              r".*Twice.init_fields"):
        parameters(Twice)

    @dataclass(frozen=True, init=False)
    class Alias(Twice):
        init_fields = {"n": "amount"}                   # says where n is kept, but wrongly
    with pytest.raises(CardScriptError, match=r"amount=6 is not what Alias\(n=6\) makes \(12\)"):
        rebuild(Alias, {"amount": 6})

    @dataclass(frozen=True, init=False)
    class NoneHeld(Twice):
        init_fields = {"n": None}
    with pytest.raises(CardScriptError, match="'n' is required but init_fields says no field"):
        parameters(NoneHeld)


def test_the_rebuild_rule_reads_declared_fields_and_checks_derived_ones():
    zct = C.ZoneChangeTrigger("dies", "a creature you control", C.Draw("you", 1))
    assert zct.at == "dies"
    args, kwargs = arguments(zct)                        # init_fields {"event": "at"}
    assert args[:2] == ["dies", "a creature you control"] and kwargs == {}
    assert type(zct)(*args, **kwargs) == zct
    static = C.StaticAbility("self", change=C.ModifyPT(1, 1))   # change= is one of changes
    assert arguments(static) == (["self", C.ModifyPT(1, 1)], {})
    assert rebuild(Crew, {"n": 2}) == Crew(2)            # cost and effects come from n
    assert card_from_data(card_to_data(Crew(2))) == Crew(2)


# --- bad input stays refused ------------------------------------------------------------------

BOLT = Card("Lightning Bolt", "{R}", ("Instant",),
            abilities=(SpellAbility(Damage("target", 3), targets=("any",)),))


def _bolt_with(change) -> dict:
    data = card_to_data(BOLT)
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update({"class": "CardDB"}), "unknown card-definition class 'CardDB'"),
    (lambda d: d.update({"class": "__import__"}), "unknown card-definition class '__import__'"),
    (lambda d: d.update({"class": ["Card"]}), r"unknown card-definition class \['Card'\]"),
    (lambda d: d["abilities"][0]["effects"][0].update({"class": "Fireball"}),
     "unknown card-definition class 'Fireball'"),
    (lambda d: d["abilities"][0]["effects"][0].update({"range": 3}),
     r"Damage: unknown fields \['range'\]"),
    (lambda d: d["abilities"][0]["effects"][0].pop("who"), "Damage: field 'who' is missing"),
    (lambda d: d["abilities"][0].update({"effects": "Damage"}),
     r"card.abilities\[0\].effects: expected a list, got 'Damage'"),
    (lambda d: d.update({"types": 7}), "card.types: expected a list, got 7"),
    (lambda d: d.update({"mana_cost": "{Q}"}), "Lightning Bolt"),
    (lambda d: d["abilities"][0]["effects"][0].update({"who": "everyone"}), "everyone"),
])
def test_malformed_json_definitions_are_refused_naming_the_problem(change, message):
    assert card_from_data(card_to_data(BOLT)) == BOLT
    with pytest.raises(CardScriptError, match=message):
        card_from_data(_bolt_with(change))


def test_json_a_constructor_would_change_is_refused():
    """Crew N's cost and effects follow from N (702.122a): data saying otherwise is not Crew."""
    data = card_to_data(Crew(3))
    data["cost"] = "{0}"
    with pytest.raises(CardScriptError, match=r"Crew: cost='\{0\}' is not what Crew\(n=3\) makes"):
        card_from_data(data)
    data = card_to_data(C.ZoneChangeTrigger("enters", "a land you control", C.GainLife("you", 1)))
    data["whose"] = "an opponent"                 # ZoneChangeTrigger's subject says whose
    with pytest.raises(CardScriptError, match="ZoneChangeTrigger: whose='an opponent'"):
        card_from_data(data)
    with pytest.raises(CardScriptError, match="crew 0: a number from 1"):
        card_from_data({**card_to_data(Crew(3)), "n": 0})


def test_not_a_card_document_is_refused():
    for text in ("[1, 2", "[]", json.dumps({"cards": 3})):
        with pytest.raises(CardScriptError, match="not a card document"):
            cards_from_json(text)


def test_a_card_source_names_only_what_its_constructor_takes():
    crew = Card("Cart", "{2}", ("Artifact",), subtypes=("Vehicle",), power=3, toughness=3,
                abilities=(Crew(1),))
    assert "abilities=(Crew(n=1),)" in card_source(crew) and "Crew 1" not in card_source(crew)


# --- found by the whole suite: mutated texts that crashed the importer ----------------------

def test_an_ability_with_one_mode_is_refused_not_a_crash_700_2():
    """700.2: "choose one" offers 2 to 8 modes; a text that reads as one mode is a refusal
    of the importer (ChooseOne itself raises CardScriptError, which no import may)."""
    from mtg_core.oracle import import_card
    text = ("Trample\nWhen this creature enters, choose one —\n• Destroy target artifact or "
            "enchantment.\n Draw a card.")                       # the second bullet dropped
    r = import_card("Coliseum Behemoth", "{5}{G}{G}", "Creature — Beast", text, "7", "7")
    assert not r.ok and any("choose one of 1" in f.feature for f in r.refusals), r.refusals


def test_a_card_the_cores_table_check_refuses_is_a_refusal_not_a_crash_701_23():
    """701.23: a search that puts "a basic card" onto the battlefield names no permanent
    type; the core's table check refuses the compiled card (EngineError), and the importer
    reports it as not expressible, like a CardScriptError."""
    from mtg_core.oracle import import_card
    r = import_card("Scout the Wilderness", "{2}{G}", "Sorcery",
                    "Kicker {1}{W}\nSearch your library for a basic card, put it onto the "
                    "battlefield tapped, then shuffle. If this spell was kicked, create two 1/1 "
                    "white Soldier creature tokens.")                # "land" dropped
    assert not r.ok and "malformed card tables" in r.refusals[0].feature, r.refusals


# --- a JSON document's types are checked when it is read, naming the entry ------------------

def _document(card_data) -> str:
    entries = [{"name": "Lightning Bolt", "card": card_to_data(BOLT)},
               {"name": "Odd", "card": card_data}]
    return json.dumps({"cards": entries})


BEARS = Card("Grizzly Bears", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2)


@pytest.mark.parametrize("card_data, message", [
    ("Grizzly Bears", r"cards\[1\] \('Odd'\).card: expected a Card, got 'Grizzly Bears'"),
    (2, r"cards\[1\] \('Odd'\).card: expected a Card, got 2"),
    ([2, 2], r"cards\[1\] \('Odd'\).card: expected a Card, got \(2, 2\)"),
    (True, r"cards\[1\] \('Odd'\).card: expected a Card, got True"),
    (card_to_data(Damage("target", 3)), r"cards\[1\] \('Odd'\).card: expected a Card, got Damage"),
    ({**card_to_data(BEARS), "power": "2"},
     r"cards\[1\] \('Odd'\).card.power: expected an integer or null, got '2'"),
    ({**card_to_data(BEARS), "power": 10**30}, r"card.power: integer out of range"),
    ({**card_to_data(BEARS), "power": [2]}, r"card.power: expected an integer or null, got \(2,\)"),
    ({**card_to_data(BEARS), "toughness": True}, r"card.toughness: expected an integer or null"),
    ({**card_to_data(BEARS), "name": 7}, r"card.name: expected a string, got 7"),
    ({**card_to_data(BEARS), "types": ["Creature", 3]}, r"card.types: \[1\]: expected a string"),
    ({**card_to_data(BOLT), "abilities": [{**card_to_data(BOLT.abilities[0]),
                                            "effects": [{"class": "Damage", "who": "target",
                                                         "amount": -10**30}]}]},
     r"card.abilities\[0\].effects\[0\].amount: integer out of range"),
])
def test_cards_from_json_refuses_a_wrongly_typed_entry_naming_it(card_data, message):
    with pytest.raises(CardScriptError, match=message):
        cards_from_json(_document(card_data))


def test_cards_from_json_refuses_deep_nesting_at_load_time():
    deep = "[" * 500 + "]" * 500                # json reads it; the card reader refuses it
    text = ('{"cards": [{"name": "Deep", "card": {"class": "Card", "name": "Deep", '
            '"abilities": ' + deep + '}}]}')
    with pytest.raises(CardScriptError, match=r"cards\[0\] \('Deep'\).card.abilities(\[0\])+: "
                                              r"nested more than 40 levels deep"):
        cards_from_json(text)
    with pytest.raises(CardScriptError, match="not a card document"):
        cards_from_json('{"cards": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_cards_from_json_skips_entries_that_were_not_imported():
    text = json.dumps({"cards": [{"name": "Refused", "card": None},
                                 {"name": "Lightning Bolt", "card": card_to_data(BOLT)}]})
    assert cards_from_json(text) == [BOLT]
    with pytest.raises(CardScriptError, match=r"cards\[0\]: an entry is an object, not 3"):
        cards_from_json(json.dumps({"cards": [3]}))
