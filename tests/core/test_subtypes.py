"""Subtypes in filters (205.3): a card database gives each subtype one of its abilities
names a CF_SUBTYPES bit (the fixed SUB_* bits stay), a filter names one by that bit, so
"has subtype S" is one bit test after layer 4 (613.1d) -- and a changeling card (702.73a)
has every creature type, in every zone.  Shown here on library searches (701.19):
"search your library for a Goblin card", the fetch lands' "a Swamp or Mountain card",
"a basic Forest card"; the costs that name subtypes are in test_costs_naming_subtypes_and_counts.py, the lords
("Other Goblin creatures you control get +1/+1") in test_layers_613.py."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Action, ActionKind, Deck, Decision, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import CardDB, CardScriptError, SearchLibrary, SpellAbility, Card
from mtg_core.oracle import import_card

C = _engine.constants()

RECORDS = [
    ("Bloodstained Mire", "", "Land",
     "{T}, Pay 1 life, Sacrifice Bloodstained Mire: Search your library for a Swamp or Mountain "
     "card, put it onto the battlefield, then shuffle.", None, None),
    ("Goblin Matron", "{2}{R}", "Creature — Goblin",
     "When Goblin Matron enters, you may search your library for a Goblin card, reveal that "
     "card, put it into your hand, then shuffle.", "1", "1"),
    ("Avian Changeling", "{2}{W}", "Creature — Shapeshifter",
     "Changeling (This card is every creature type.)\nFlying", "2", "2"),
    ("Kazandu Blademaster", "{W}{W}", "Creature — Human Soldier Ally",
     "First strike, vigilance\nWhenever Kazandu Blademaster or another Ally enters the "
     "battlefield under your control, you may put a +1/+1 counter on Kazandu Blademaster.", "1", "1"),
    ("Kami of the Hunt", "{2}{G}", "Creature — Spirit",
     "Whenever you cast a Spirit or Arcane spell, Kami of the Hunt gets +1/+1 until end of turn.",
     "2", "2"),
]


def _import(rec) -> Card:
    r = import_card(*rec)
    assert r.ok, (rec[0], r.refusals)
    return r.card


IMPORTED = {rec[0]: _import(rec) for rec in RECORDS}
DB = DEFAULT_CARDS.extended(list(IMPORTED.values()))


def game() -> Game:
    g = Game([Deck.parse("60 Plains"), Deck.parse("60 Plains")], seed=4, cards=DB,
             mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    return g


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def search_offers(g: Game) -> set[str]:
    assert g.decision.kind == Decision.SEARCH_LIBRARY
    return {g.card_of(a.a).name for a in g.legal_actions() if a.kind == ActionKind.SEARCH_TAKE}


def test_701_19_fetch_land_finds_a_swamp_or_a_mountain():
    g = game()
    mire = g.create_card("Bloodstained Mire", 0, Zone.BATTLEFIELD)
    for n in ("Swamp", "Mountain", "Forest", "Grizzly Bears"):
        g.create_card(n, 0, Zone.LIBRARY)
    life = g.life(0)
    g.activate(mire, 0)
    assert mire in g.graveyard(0) and g.life(0) == life - 1          # 119.4, 118.3
    resolve(g)
    assert search_offers(g) == {"Swamp", "Mountain"}                  # 205.3i: land types
    take = next(a for a in g.legal_actions() if a.kind == ActionKind.SEARCH_TAKE
                and g.card_of(a.a).name == "Mountain")
    g.apply(take)
    assert take.a in g.battlefield(0) and not g.obj(take.a)["tapped"]


def test_701_19_search_for_a_goblin_card_includes_a_changeling():
    g = game()
    for n in ("Goblin Guide", "Avian Changeling", "Grizzly Bears", "Mountain"):
        g.create_card(n, 0, Zone.LIBRARY)
    matron = g.create_card("Goblin Matron", 0, Zone.HAND)
    for _ in range(3):
        g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    g.cast(matron)
    resolve(g)
    resolve(g)                                                        # the enters trigger
    assert search_offers(g) == {"Goblin Guide", "Avian Changeling"}
    assert Action.make(ActionKind.DONT_SEARCH) in g.legal_actions()   # "you may search"


def test_701_19_a_basic_forest_card_is_basic_and_a_forest():
    card = Card("Test Forest Finder", "{G}", ("Sorcery",), abilities=(SpellAbility(
        SearchLibrary("basic Forest", to="battlefield", tapped=True)),))
    db = DEFAULT_CARDS.extended([card])
    g = Game([Deck.parse("60 Plains"), Deck.parse("60 Plains")], seed=4, cards=db,
             mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    for n in ("Forest", "Island", "Grizzly Bears"):
        g.create_card(n, 0, Zone.LIBRARY)
    o = g.create_card("Test Forest Finder", 0, Zone.HAND)
    g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(o)
    resolve(g)
    assert search_offers(g) == {"Forest"}


@pytest.mark.parametrize("quality", ["Goblin creature", "creature or Goblin", "Goblin or Elf or Orc"])
def test_a_search_quality_mixing_subtypes_and_types_is_refused(quality):
    with pytest.raises(CardScriptError, match="subtypes"):
        Card("Test Finder", "{G}", ("Sorcery",), abilities=(SpellAbility(SearchLibrary(quality)),))


def test_a_search_onto_the_battlefield_for_a_creature_type_is_refused():
    # a Kindred instant is a Goblin card too, and can't be put onto the battlefield (304.4)
    with pytest.raises(CardScriptError, match="land subtypes"):
        Card("Test Finder", "{G}", ("Sorcery",), abilities=(SpellAbility(
            SearchLibrary("Goblin", to="battlefield")),))


def test_205_3_each_named_subtype_gets_its_own_bit_and_the_fixed_ones_stay():
    db = CardDB(list(IMPORTED.values()))
    bits = db.subtype_bits
    assert bits["Aura"] == C["SUB_AURA"] and bits["Dragon"] == C["SUB_DRAGON"]
    assert {"Goblin", "Swamp", "Mountain"} <= set(bits)
    assert len({bits[n] for n in ("Goblin", "Swamp", "Mountain")}) == 3
    row = db.tables.cards[db.cards.index(IMPORTED["Avian Changeling"])]
    assert int(row[C["CF_SUBTYPES"]]) & bits["Goblin"]               # 702.73a changeling
    assert not int(row[C["CF_SUBTYPES"]]) & bits["Swamp"]            # not a land type


def cast_from_hand(g: Game, name: str, *lands: str) -> int:
    for land in lands:
        g.create_card(land, 0, Zone.BATTLEFIELD)
    o = g.create_card(name, 0, Zone.HAND)
    g.cast(o)
    return o


def answer_mays(g: Game) -> None:
    while g.decision.kind == Decision.MAY:
        g.apply(Action.make(ActionKind.MAY_YES))
    resolve(g)


def test_603_6a_another_ally_entering_triggers_but_a_non_ally_does_not():
    g = game()
    blademaster = g.create_card("Kazandu Blademaster", 0, Zone.BATTLEFIELD)
    cast_from_hand(g, "Grizzly Bears", "Forest", "Forest")
    resolve(g)
    assert g.power_toughness(blademaster) == (1, 1) and not g.stack()
    cast_from_hand(g, "Avian Changeling", "Plains", "Plains", "Plains")   # 702.73a: an Ally
    resolve(g)
    answer_mays(g)
    assert g.power_toughness(blademaster) == (2, 2)


def test_601_2i_a_spirit_spell_triggers_a_goblin_spell_does_not():
    g = game()
    kami = g.create_card("Kami of the Hunt", 0, Zone.BATTLEFIELD)
    cast_from_hand(g, "Goblin Guide", "Mountain")
    assert len(g.stack()) == 1                                       # no trigger
    resolve(g)
    cast_from_hand(g, "Kami of the Hunt", "Forest", "Forest", "Forest")
    assert len(g.stack()) == 2                                       # 601.2i: the trigger
    while len(g.stack()) > 1:
        g.pass_priority()
    assert g.power_toughness(kami) == (3, 3)


def test_a_subtype_in_a_dies_trigger_is_refused_no_look_back_subtypes():
    from mtg_core.cards import GainLife, ZoneChangeTrigger
    with pytest.raises(CardScriptError, match="enters"):
        Card("Test Zombie Watcher", "{B}", ("Enchantment",), abilities=(
            ZoneChangeTrigger("dies", "another Zombie you control", GainLife("you", 1)),))
