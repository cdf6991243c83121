"""Cards as data (docs/architecture.md, Principles: cards compile to data) and deck lists: a card definition is lowered once
into the core's tables; malformed scripts, tables and deck lists are refused with a clear
error that names what is wrong (and the rule, where one applies)."""
import numpy as np
import pytest

from mtg_core import (Card, CardDB, CardScriptError, DEFAULT_CARDS, Deck, DeckError, Game,
                      bundled_deck, bundled_deck_names)
from mtg_core import _engine
from mtg_core.cards import (ActivatedAbility, Damage, ManaAbility, ManaCost, Pump, SpellAbility,
                            TriggeredAbility)

C = _engine.constants()


# --- 300 / 302 / 303: characteristics lowered into the card table ----------------------------

def test_card_row_holds_types_cost_power_toughness_and_keywords():
    db = CardDB([Card("Serra Angel", "{3}{W}{W}", ("Creature",), ("Angel",), power=4,
                      toughness=4, keywords=("flying", "vigilance"))])
    row = db.tables.cards[0]
    assert row[C["CF_TYPES"]] == C["T_CREATURE"]
    assert row[C["CF_POWER"]] == 4 and row[C["CF_TOUGHNESS"]] == 4
    assert row[C["CF_COST_GENERIC"]] == 3 and row[C["CF_COST_W"]] == 2
    assert row[C["CF_MANA_VALUE"]] == 5
    assert row[C["CF_KEYWORDS"]] == C["KW_FLYING"] | C["KW_VIGILANCE"]
    assert row[C["CF_COLORS"]] == 1                         # white (105.2: from the cost)


def test_300_2_multi_type_card_has_every_type():
    row = DEFAULT_CARDS.tables.cards[DEFAULT_CARDS.row("Ancient Den")]
    assert row[C["CF_TYPES"]] == C["T_ARTIFACT"] | C["T_LAND"]


def test_abilities_compile_to_rows_and_opcodes():
    bolt = DEFAULT_CARDS["Lightning Bolt"]
    row = DEFAULT_CARDS.tables.cards[DEFAULT_CARDS.row(bolt.name)]
    ab = DEFAULT_CARDS.tables.abilities[row[C["CF_ABILITY_START"]]]
    assert ab[C["AF_KIND"]] == C["AB_SPELL"] and ab[C["AF_N_TARGETS"]] == 1
    prog = DEFAULT_CARDS.tables.program[ab[C["AF_PROG_START"]]:][:ab[C["AF_PROG_LEN"]]]
    assert prog.tolist() == [C["OP_DAMAGE"], C["REF_TARGET0"], 3]


def test_cards_with_equal_names_share_a_name_id_for_the_legend_rule():
    row = DEFAULT_CARDS.tables.cards[DEFAULT_CARDS.row("Isamaru, Hound of Konda")]
    assert row[C["CF_SUPERTYPES"]] & C["ST_LEGENDARY"]
    ids = DEFAULT_CARDS.tables.cards[:, C["CF_NAME_ID"]]
    assert len(set(ids.tolist())) == len(DEFAULT_CARDS)


def test_mana_cost_parsing():
    assert ManaCost.parse("{2}{G}{G}").mana_value == 4
    assert ManaCost.parse("{C}").pips == (0, 0, 0, 0, 0, 1)
    assert ManaCost.parse("") == ManaCost()


# --- malformed scripts are refused, naming the problem ------------------------------------------

@pytest.mark.parametrize("make,words", [
    (lambda: Card("Nameless", types=()), "at least one card type"),
    (lambda: Card("X", types=("Creature",)), "302.4"),
    (lambda: Card("X", types=("Planeswalker",)), "306.5b"),
    (lambda: Card("X", "{W}", types=("Enchantment",), subtypes=("Aura",)), "303.4a"),
    (lambda: Card("X", "{Q}", types=("Artifact",)), "{Q}"),
    (lambda: Card("X", "2G", types=("Artifact",)), "expected only"),
    (lambda: Card("X", types=("Wizardry",)), "unknown card type"),
    (lambda: Card("X", "{1}", types=("Artifact",), keywords=("flyng",)), "unknown keyword"),
    (lambda: Card("X", "{R}", types=("Instant",)), "exactly one SpellAbility"),
    (lambda: Card("X", "{1}", types=("Land",)), "305.1"),
    (lambda: Card("X", "{1}", types=("Kindred",)), "300.2b"),
    (lambda: Card("X", "{1}", types=("Tribal",)), "another card type"),
    (lambda: Card("X", "{1}", types=("Kindred", "Tribal")), "308.1"),
])
def test_malformed_card_definitions_raise_card_script_error(make, words):
    with pytest.raises(CardScriptError, match=None) as err:
        make()
    assert words in str(err.value)


@pytest.mark.parametrize("ability,words", [
    (SpellAbility(Damage("nobody", 3), targets=("any",)), "unknown reference"),
    (SpellAbility(Damage("target", 3), targets=("anything",)), "unknown target kind"),
    (SpellAbility(Pump("target", 1, 1, "until tuesday"), targets=("creature",)), "unknown duration"),
])
def test_malformed_abilities_are_refused_when_compiled(ability, words):
    # effect programs are checked where the card is defined, the rest when it is compiled
    with pytest.raises(CardScriptError) as err:
        CardDB([Card("Broken", "{R}", ("Instant",), abilities=(ability,))])
    assert "Broken" in str(err.value) and words in str(err.value)


def test_other_malformed_abilities():
    with pytest.raises(CardScriptError, match="timing"):
        CardDB([Card("A", "{1}", ("Artifact",),
                     abilities=(ActivatedAbility("{1}", Damage("you", 1), timing="whenever"),))])
    with pytest.raises(CardScriptError, match="colours"):
        CardDB([Card("L", types=("Land",), abilities=(ManaAbility("Q"),))])
    with pytest.raises(CardScriptError, match="unknown step"):
        CardDB([Card("T", "{1}", ("Artifact",),
                     abilities=(TriggeredAbility("teatime", Damage("you", 1)),))])
    with pytest.raises(CardScriptError, match="two cards are named"):
        CardDB([DEFAULT_CARDS["Forest"], DEFAULT_CARDS["Forest"]])


def test_300_2b_kindred_cards_have_another_card_type():
    """300.2b / 308.1: a Kindred card always has another card type and is cast as that
    type; with another type it is accepted (and a Kindred Instant is not a permanent)."""
    spell = SpellAbility(Damage("target", 1), targets=("any",))
    db = CardDB([Card("Kindred Bolt", "{R}", ("Kindred", "Instant"), ("Goblin",),
                      abilities=(spell,)),
                 Card("Kindred Charm", "{1}{B}", ("Tribal", "Enchantment"), ("Faerie",))])
    assert not db["Kindred Bolt"].is_permanent()
    row = db.tables.cards[db.row("Kindred Bolt")]
    assert row[C["CF_TYPES"]] == C["T_KINDRED"] | C["T_INSTANT"]
    with pytest.raises(CardScriptError, match=r"Lonely Kin: a Kindred card always has another "
                                              r"card type \(300.2b, 308.1\)"):
        Card("Lonely Kin", "{2}", ("Kindred",), ("Elf",))


def test_300_2b_the_core_refuses_a_raw_card_row_that_is_only_kindred():
    t = DEFAULT_CARDS.tables
    bad_cards = t.cards.copy()
    bad_cards[3, C["CF_TYPES"]] = C["T_KINDRED"]
    with pytest.raises(_engine.EngineError, match=r"card row 3 is Kindred with no other card type"):
        _engine.CardTables(bad_cards, t.abilities, t.program)
    bad_cards[3, C["CF_TYPES"]] = C["T_KINDRED"] | C["T_ENCHANTMENT"]
    _engine.CardTables(bad_cards, t.abilities, t.program)          # Kindred Enchantment is fine


def test_malformed_raw_tables_are_refused_by_the_core():
    t = DEFAULT_CARDS.tables
    bad_program = t.program.copy()
    bad_program[1] = 99
    with pytest.raises(_engine.EngineError, match="unknown opcode 99"):
        _engine.CardTables(t.cards, t.abilities, bad_program)
    bad_abilities = t.abilities.copy()
    bad_abilities[0, C["AF_PROG_START"]] = 10 ** 6
    with pytest.raises(_engine.EngineError, match="outside the effect programs"):
        _engine.CardTables(t.cards, bad_abilities, t.program)
    bad_cards = t.cards.copy()
    bad_cards[0, C["CF_ABILITY_COUNT"]] = 10 ** 6
    with pytest.raises(_engine.EngineError, match="outside the ability table"):
        _engine.CardTables(bad_cards, t.abilities, t.program)
    with pytest.raises(_engine.EngineError, match="card table must be"):
        _engine.CardTables(np.zeros((3, 5)), t.abilities, t.program)


def test_an_extended_database_keeps_the_original_rows():
    extra = Card("Test Bear", "{1}{G}", ("Creature",), power=2, toughness=2)
    db = DEFAULT_CARDS.extended([extra])
    assert db.row("Forest") == DEFAULT_CARDS.row("Forest")
    assert db.row("Test Bear") == len(DEFAULT_CARDS)
    game = Game([Deck.parse("60 Test Bear"), "bears"], seed=1, cards=db, mulligans=False)
    assert game.card_of(game.hand(0)[0]).name == "Test Bear"


# --- deck lists: data, never executed -------------------------------------------------------------

def test_deck_list_parsing_with_comments_and_sideboard():
    deck = Deck.parse("# a comment\n4 Lightning Bolt\n\n56 Mountain\nSideboard\n3 Shock\n")
    assert len(deck) == 60 and deck.sideboard == ((3, "Shock"),)
    assert deck.card_names().count("Lightning Bolt") == 4
    assert Deck.parse(deck.to_text()) == Deck(deck.name, deck.entries, deck.sideboard)


@pytest.mark.parametrize("text,words", [
    ("", "no cards"),
    ("Forest", "line 1"),
    ("0 Forest", "count 0"),
    ("4 Forest\nimport os", "line 2"),
])
def test_malformed_deck_lists_raise_deck_error(text, words):
    with pytest.raises(DeckError) as err:
        Deck.parse(text)
    assert words in str(err.value)


def test_unknown_cards_are_named_with_their_lines():
    # (names of real cards the library lacks, with no library name close to them)
    with pytest.raises(DeckError) as err:
        Game([Deck.parse("1 Chaos Orb\n1 Library of Alexandria\n58 Forest"), "bears"])
    text = str(err.value)
    assert "deck: line 1: unknown card 'Chaos Orb'" in text
    assert "deck: line 2: unknown card 'Library of Alexandria'" in text


def test_deck_files_are_read_as_text_not_executed(tmp_path):
    path = tmp_path / "evil.txt"
    path.write_text("__import__('os').system('echo pwned')\n")
    with pytest.raises(DeckError, match="line 1"):
        Deck.load(str(path))
    with pytest.raises(DeckError, match="can't read"):
        Deck.load(str(tmp_path / "missing.txt"))
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckError, match="UTF-8"):
        Deck.load(str(binary))


def test_100_2a_constructed_deck_rules():
    for name in ("gruul", "white_weenie"):
        bundled_deck(name).check_constructed(DEFAULT_CARDS)
    with pytest.raises(DeckError, match="100.2a"):
        bundled_deck("bears").check_constructed(DEFAULT_CARDS)       # 36 Grizzly Bears
    with pytest.raises(DeckError, match="at least 60"):
        Deck.parse("40 Forest").check_constructed(DEFAULT_CARDS)


def test_bundled_decks_are_listed_and_playable():
    assert {"bears", "gruul", "white_weenie"} <= set(bundled_deck_names())
    for name in bundled_deck_names():
        assert len(bundled_deck(name)) == 60
        bundled_deck(name).rows(DEFAULT_CARDS)


def test_python_enums_name_exactly_the_core_codes():
    from mtg_core.enums import ENUM_PREFIXES
    for enum_cls, prefix in ENUM_PREFIXES.items():
        core = {k[len(prefix):]: v for k, v in C.items() if k.startswith(prefix)}
        core.pop("NONE", None) if enum_cls.__name__ == "Step" else None
        # __members__: a multi-bit flag (TargetSpec.BLOCKING, a field's value) is an alias
        assert {k: m.value for k, m in enum_cls.__members__.items()} == core, enum_cls.__name__
