"""Importer: Phyrexian mana symbols (107.4f) in mana costs and "Look at target player's hand",
on real cards of the corpus, each shown in a game; Phyrexian symbols where the core reads
none (activation costs, kicker, flashback) and Phyrexian hybrid symbols stay refused, with
every other gap of the card named too."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game, Step, Zone
from mtg_core.enums import Decision
from mtg_core.game import CC_PHYREXIAN
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations, imported_card

# Real Oracle texts (Scryfall "Oracle Cards" bulk data).
_RECORDS = [
    CardRecord("Dismember", "{1}{B/P}{B/P}", "Instant",
               "({B/P} can be paid with either {B} or 2 life.)\nTarget creature gets -5/-5 until "
               "end of turn.", colors=["B"]),
    CardRecord("Gitaxian Probe", "{U/P}", "Sorcery",
               "({U/P} can be paid with either {U} or 2 life.)\nLook at target player's hand.\n"
               "Draw a card.", colors=["U"]),
    CardRecord("Gut Shot", "{R/P}", "Instant",
               "({R/P} can be paid with either {R} or 2 life.)\nGut Shot deals 1 damage to any "
               "target.", colors=["R"]),
    CardRecord("Mutagenic Growth", "{G/P}", "Instant",
               "({G/P} can be paid with either {G} or 2 life.)\nTarget creature gets +2/+2 until "
               "end of turn.", colors=["G"]),
]
RECORDS = {r.name: r for r in _RECORDS}


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_importer_reads_phyrexian_cards_as_the_library_defines_them(name):
    """The library's Phyrexian cards (mtg_core/library/phyrexian_mana.py) are what the
    importer makes of their Oracle text: cost, colour (202.2) and abilities."""
    card = imported_card(RECORDS[name])
    assert card == DEFAULT_CARDS[name]
    assert card.colors is None                               # its colour: its cost's


def test_202_3_an_imported_phyrexian_cost_counts_each_symbol_once():
    assert imported_card(RECORDS["Dismember"]).mana_value == 3
    assert imported_card(RECORDS["Gut Shot"]).mana_value == 1


@pytest.mark.parametrize("cost,text,why", [
    ("{3}", "{1}{G/P}, {T}: Draw a card.", "Phyrexian"),          # in an activation cost
    ("{1}{G}{G/W/P}{W}", "Flying", "mana symbol"),                 # Phyrexian hybrid
    ("{1}{U}", "Kicker {U/P}\nDraw a card.", "Phyrexian"),
    ("{1}{U}", "Draw a card.\nFlashback {U/P}", "Phyrexian"),
])
def test_phyrexian_symbols_where_the_core_reads_none_are_refused(cost, text, why):
    r = import_card("X", cost, "Artifact" if "{T}" in text else "Instant", text)
    assert not r.ok
    assert any(why in (f.feature + " " + str(f)) for f in r.refusals), r.refusals


def test_birthing_pod_stays_refused():
    """Its ability's words are not read yet ("1 plus the sacrificed creature's mana value"),
    and its {G/P} in an activation cost would be refused with them."""
    assert not import_card("Birthing Pod", "{3}{G/P}", "Artifact",
                           "{1}{G/P}, {T}, Sacrifice a creature: Search your library for a "
                           "creature card with mana value equal to 1 plus the sacrificed "
                           "creature's mana value, put that card onto the battlefield, then "
                           "shuffle. Activate only as a sorcery.").ok


def test_a_phyrexian_card_with_another_gap_is_refused_for_that_gap_alone():
    r = import_card("Test Misstep", "{U/P}", "Instant",
                    "({U/P} can be paid with either {U} or 2 life.)\nCounter target spell with "
                    "mana value 8.")                   # mana values 0..7 are target qualities
    assert [f.feature for f in r.refusals] == ["counter: target spell with mana value 8"]


def test_look_at_a_hand_reads_players_only():
    assert import_card("Peek", "{U}", "Instant", "Look at target player's hand.\nDraw a card.").ok
    assert import_card("X", "{U}", "Instant", "Look at target opponent's hand.\nDraw a card.").ok
    assert not import_card("X", "{U}", "Instant", "Look at target creature's hand.").ok


def test_mutated_phyrexian_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 20


def test_107_4f_imported_dismember_in_a_game_asks_how_to_pay():
    imported = DEFAULT_CARDS.extended([import_card("Imported Dismember", "{1}{B/P}{B/P}", "Instant",
                                                   "Target creature gets -5/-5 until end of "
                                                   "turn.").card])
    g = Game(["bears", "bears"], seed=5, cards=imported, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    for _ in range(3):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Imported Dismember", 0), bears)
    assert g.decision.kind == Decision.CAST_CHOICE and g.decision.slot == CC_PHYREXIAN
