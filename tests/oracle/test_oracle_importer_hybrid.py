"""Importer: two-colour hybrid mana symbols (107.4e) in mana costs and activation costs,
on real cards of the corpus, each shown in a game; the other kinds of hybrid and
Phyrexian symbols ({2/W}, {W/P}, {C/W}) and snow ({S}) stay refused, and so do hybrid
symbols where the core reads no hybrid pips (kicker, flashback, payments)."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game
from mtg_core.cards import Card
from mtg_core.enums import ActionKind, Decision, Keyword, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations, imported_card

# Real Oracle texts (Scryfall "Oracle Cards" bulk data).
_RECORDS = [
    CardRecord("Boros Recruit", "{R/W}", "Creature — Goblin Soldier",
               "({R/W} can be paid with either {R} or {W}.)\nFirst strike", "1", "1",
               colors=["W", "R"]),
    CardRecord("Unmake", "{W/B}{W/B}{W/B}", "Instant", "Exile target creature.",
               colors=["W", "B"]),
    CardRecord("Marisi's Twinclaws", "{2}{R/W}{G}", "Creature — Cat Warrior", "Double strike",
               "2", "4", colors=["W", "R", "G"]),
    CardRecord("Frostburn Weird", "{U/R}{U/R}", "Creature — Weird",
               "{U/R}: Frostburn Weird gets +1/-1 until end of turn.", "1", "4",
               colors=["U", "R"]),
    CardRecord("Stillmoon Cavalier", "{1}{W/B}{W/B}", "Creature — Zombie Knight",
               "Protection from white and from black\n{W/B}: Stillmoon Cavalier gains flying "
               "until end of turn.\n{W/B}: Stillmoon Cavalier gains first strike until end of "
               "turn.\n{W/B}{W/B}: Stillmoon Cavalier gets +1/+0 until end of turn.", "2", "1",
               colors=["W", "B"]),
    CardRecord("Azorius Locket", "{3}", "Artifact",
               "{T}: Add {W} or {U}.\n{W/U}{W/U}{W/U}{W/U}, {T}, Sacrifice Azorius Locket: Draw "
               "two cards."),
    CardRecord("Monstrous Carabid", "{3}{B}{R}", "Creature — Insect",
               "Monstrous Carabid attacks each combat if able.\nCycling {B/R} ({B/R}, Discard "
               "this card: Draw a card.)", "4", "4", colors=["B", "R"]),
    CardRecord("Odious Trow", "{B/G}", "Creature — Troll", "{1}{B/G}: Regenerate Odious Trow.",
               "1", "1", colors=["B", "G"]),
    CardRecord("Savageborn Hydra", "{X}{R}{G}", "Creature — Hydra",
               "Double strike\nSavageborn Hydra enters the battlefield with X +1/+1 counters on "
               "it.\n{1}{R/G}: Put a +1/+1 counter on Savageborn Hydra. Activate only as a "
               "sorcery.", "0", "0", colors=["R", "G"]),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


def game(hand=(), battlefield=()) -> tuple[Game, list[int], list[int]]:
    g = Game(["bears", "bears"], seed=5, cards=DB, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    h = [g.create_card(n, 0, Zone.HAND) for n in hand]
    b = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in battlefield]
    for o in b:
        g.set_object(o, sick=0)
    return g, h, b


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


# Imported test cards (the importer's own output, not the library's) under other names.
_TEST = {"Hybrid Blade": ("{1}", "Artifact — Equipment",
                          "Equipped creature gets +1/+1.\nEquip {W/U}", None, None),
         "Hybrid Filter": ("{1}", "Artifact", "{R/G}: Add {R}.", None, None)}
DB = DEFAULT_CARDS.extended([import_card(n, *v).card for n, v in _TEST.items()])


# --- the importer's definitions ----------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(RECORDS))
def test_importer_reads_hybrid_cards_as_the_library_defines_them(name):
    """The library's hybrid cards (mtg_core/library/hybrid_mana.py) are what the importer
    makes of their Oracle text: cost, colours (202.2d) and abilities."""
    assert imported(name) == DEFAULT_CARDS[name]


def test_202_2d_an_imported_hybrid_card_has_no_colour_indicator():
    assert imported("Boros Recruit").colors is None               # its colours: its cost's
    assert imported("Boros Recruit").mana_value == 1              # 202.3f


@pytest.mark.parametrize("cost,text", [
    ("{2/W}{2/W}{2/W}", "Flying"),                                # monocoloured hybrid
    ("{G/U/P}", "Flying"),                                        # Phyrexian hybrid (107.4f)
    ("{C/W}", "Flying"),
    ("{1}{G}", "{S}: ~ gets +1/+1 until end of turn."),           # snow (107.4h)
    ("{1}{G}", "{W/P}, {T}: Tap target creature."),               # Phyrexian: mana costs only
    ("{1}{G}", "{2/G}: ~ gets +1/+1 until end of turn."),
])
def test_other_hybrid_phyrexian_and_snow_symbols_stay_refused(cost, text):
    r = import_card("X", cost, "Creature — Elf", text, "1", "1")
    assert not r.ok
    assert any("mana symbol" in f.feature for f in r.refusals), r.refusals


@pytest.mark.parametrize("text", [
    "Kicker {W/U}\nDraw a card.",
    "Draw a card.\nFlashback {W/U}",
    "Counter target spell unless its controller pays {W/U}.",
    "{T}: Add {R/G}.",
])
def test_hybrid_symbols_where_the_core_reads_none_are_refused(text):
    assert not import_card("X", "{1}{U}", "Instant" if "Add" not in text else "Artifact",
                           text).ok


def test_mutated_hybrid_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 60


# --- in games ----------------------------------------------------------------------------------

def test_107_4e_imported_unmake_cast_with_white_and_black_mana():
    g, (unmake,), lands = game(hand=("Unmake",), battlefield=("Swamp", "Plains", "Swamp"))
    bear = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(unmake, bear)
    assert all(g.obj(o)["tapped"] for o in lands)
    resolve(g)
    assert bear in g.zone(Zone.EXILE)


def test_107_4e_stillmoon_cavalier_abilities_paid_with_either_colour():
    g, _, (cav, plains, swamp, _s2) = game(battlefield=("Stillmoon Cavalier", "Plains", "Swamp",
                                                        "Swamp"))
    g.activate(cav, 0)                                   # {W/B}: flying
    resolve(g)
    g.activate(cav, 2)                                   # {W/B}{W/B}: +1/+0
    resolve(g)
    ch = g.characteristics(cav)
    assert Keyword.FLYING in ch["keywords"] and ch["power"] == 3
    assert g.obj(plains)["tapped"] and g.obj(swamp)["tapped"]
    with pytest.raises(IllegalActionError):              # no mana left for {W/B}
        g.activate(cav, 1)


def test_702_6a_equip_with_a_hybrid_cost():
    g, _, (blade, bear, island) = game(battlefield=("Hybrid Blade", "Grizzly Bears", "Island"))
    g.activate(blade, 0, bear)
    resolve(g)
    assert g.obj(blade)["attached_to"] == bear and g.obj(island)["tapped"]
    g2, _, (blade2, bear2, _f) = game(battlefield=("Hybrid Blade", "Grizzly Bears", "Forest"))
    assert not any(a.kind == ActionKind.ACTIVATE and a.a == blade2 for a in g2.legal_actions())


def test_605_3a_mana_ability_with_a_hybrid_cost():
    g, _, (filt, forest) = game(battlefield=("Hybrid Filter", "Forest"))
    g.tap_for_mana(filt, "R")
    assert g.obj(forest)["tapped"] and g.mana_pool(0) == {"R": 1}


def test_702_29a_imported_cycling_with_a_hybrid_cost():
    g, (carabid,), (mountain,) = game(hand=("Monstrous Carabid",), battlefield=("Mountain",))
    g.activate(carabid, 0)
    assert g.obj(mountain)["tapped"] and carabid in g.graveyard(0)
