"""Lands that enter tapped unless a condition holds as they enter (614.1c): the slow lands
("unless you control two or more other lands"), the check lands ("unless you control an
Island or a Swamp") and the battle lands ("unless you control two or more basic lands").

Whether the land enters tapped is known before it enters (614.12): the "other lands" and
the land types it looks for are among the permanents its controller controls at that
moment, by their types after the layer system (613), phased-in ones only (702.26b).  The
replacement applies however the land enters (played, 305.1; put onto the battlefield by an
effect, 701.23).  Real cards: the library's lands (mtg_core/library/
lands_entering_tapped_unless.py) and a search imported from its Oracle text."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import (CardDB, CardScriptError, EntersTappedUnlessFewLands,
                            EntersTappedUnlessManyLands, EntersTappedUnlessYouControl, Card,
                            ManaAbility)
from mtg_core.decks import Deck
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS, lands_entering_tapped_unless as L

from game_helpers import lands, resolve
from oracle_helpers import imported_oracle

C = _engine.constants()
SLOW_LANDS = list(L._SLOW_LANDS)
CHECK_LANDS = list(L._CHECK_LANDS)
BATTLE_LANDS = list(L._BATTLE_LANDS)

WOOD_ELVES = ("{2}{G}", "Creature — Elf Scout",
              "When Wood Elves enters the battlefield, search your library for a Forest card, "
              "put that card onto the battlefield, then shuffle.", "1", "1")


@pytest.fixture(scope="module")
def db():
    return CardDB([*[c for c in ALL_CARDS if c.name != "Wood Elves"],
                   imported_oracle("Wood Elves", *WOOD_ELVES)])


def game(db, library="60 Swamp") -> Game:
    g = Game([Deck.parse(library), Deck.parse("60 Swamp")], seed=3, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def played_tapped(g: Game, name: str) -> int:
    """Play ``name`` from the hand (305.1); whether it entered tapped."""
    land = g.create_card(name, 0)
    g.play_land(land)
    resolve(g)
    assert land in g.battlefield(0)
    return g.obj(land)["tapped"]


# --- the slow lands: "unless you control two or more other lands" ---------------------------

@pytest.mark.parametrize("others", [0, 1, 2, 4])
def test_614_1c_a_slow_land_enters_untapped_only_with_two_or_more_other_lands(db, others):
    g = game(db)
    lands(g, 0, "Plains", others)
    lands(g, 1, "Swamp", 5)                       # an opponent's lands don't count
    assert played_tapped(g, "Deathcap Glade") == (0 if others >= 2 else 1)


@pytest.mark.parametrize("name", SLOW_LANDS)
def test_614_1c_each_slow_land_checks_as_it_enters_and_taps_for_its_colours(db, name):
    """"Other lands": it isn't among the lands it counts, so with one land it enters
    tapped, and the next slow land (now with two) enters untapped."""
    g = game(db)
    lands(g, 0, "Island", 1)
    assert played_tapped(g, name) == 1
    second = g.create_card(name, 0, Zone.BATTLEFIELD)      # put there by an effect
    assert g.obj(second)["tapped"] == 0
    colours = L._SLOW_LANDS[name][0]
    assert g.card_of(second).abilities[-1].colors == colours


def test_614_1c_702_26b_a_slow_land_counts_lands_only_phased_in_and_nonland_permanents_never(db):
    g = game(db)
    plains = lands(g, 0, "Plains", 2)
    g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.set_object(plains[0], phased_out=1)                  # 702.26b: as though it didn't exist
    assert g.create_card("Stormcarved Coast", 0, Zone.BATTLEFIELD) in g.battlefield(0)
    assert g.obj(g.battlefield(0)[-1])["tapped"] == 1      # one phased-in land, a creature
    g.set_object(plains[0], phased_out=0)
    assert g.obj(g.create_card("Sundown Pass", 0, Zone.BATTLEFIELD))["tapped"] == 0


# --- the check lands: "unless you control an Island or a Swamp" -----------------------------

@pytest.mark.parametrize("name", CHECK_LANDS)
def test_614_1c_each_check_land_enters_untapped_with_either_land_type(db, name):
    colours, types, _ = L._CHECK_LANDS[name]
    for present, tapped in ((None, 1), (types[0], 0), (types[1], 0)):
        g = game(db)
        lands(g, 0, "Deathcap Glade", 1)                # a land with no land type
        if present:
            lands(g, 0, present, 1)
        assert played_tapped(g, name) == tapped, (present, name)
    assert g.card_of(g.battlefield(0)[-1]).abilities[-1].colors == colours


def test_614_1c_a_check_land_looks_at_types_not_names_and_only_its_controllers(db):
    """A shock land with the Island type counts (205.3i: a land type, not the basic land);
    an opponent's Island doesn't; a land with neither type doesn't."""
    g = game(db)
    lands(g, 1, "Island", 3)
    lands(g, 0, "Forest", 2)
    assert played_tapped(g, "Drowned Catacomb") == 1
    g = game(db)
    lands(g, 0, "Watery Grave", 1)                   # Land — Island Swamp, not basic
    assert played_tapped(g, "Drowned Catacomb") == 0
    g = game(db)
    grave = lands(g, 0, "Watery Grave", 1)[0]
    g.set_object(grave, phased_out=1)                # 702.26b
    assert played_tapped(g, "Glacial Fortress") == 1


def test_614_1c_a_check_land_doesnt_see_itself_or_another_check_land(db):
    """The check lands have no land type: two of them don't untap each other."""
    g = game(db)
    lands(g, 0, "Sulfur Falls", 1)
    assert played_tapped(g, "Drowned Catacomb") == 1


# --- the battle lands: "unless you control two or more basic lands" --------------------------

@pytest.mark.parametrize("name", BATTLE_LANDS)
def test_614_1c_205_4c_each_battle_land_counts_basic_lands_only(db, name):
    for present, tapped in ((("Plains",), 1), (("Plains", "Island"), 0),
                            (("Watery Grave", "Steam Vents", "Plains"), 1),
                            (("Watery Grave", "Plains", "Island"), 0)):
        g = game(db)
        for land in present:
            lands(g, 0, land, 1)
        assert played_tapped(g, name) == tapped, (present, name)
    card = g.card_of(g.battlefield(0)[-1])
    assert len(card.subtypes) == 2 and {a.colors for a in card.abilities[:2]} == set(L._BATTLE_LANDS[name])


def test_614_1c_701_23_a_battle_land_put_onto_the_battlefield_by_a_search_is_checked_then(db):
    """Wood Elves finds a Forest card: Canopy Vista (Land — Forest Plains).  It enters
    tapped with one basic land, untapped with two, as the search puts it there; a shock
    land (nonbasic, with basic land types) doesn't count."""
    for present, tapped in ((("Forest",), 1), (("Forest", "Watery Grave"), 1),
                            (("Forest", "Swamp"), 0)):
        g = game(db, library="20 Canopy Vista\n40 Swamp")
        for land in present:
            lands(g, 0, land, 1)
        g.set_player(0, mana_G=3)
        g.cast(g.create_card("Wood Elves", 0))
        for _ in range(20):
            if g.decision.kind == Decision.SEARCH_LIBRARY:
                break
            g.pass_priority()
        take = next(a for a in g.legal_actions() if a.kind == ActionKind.SEARCH_TAKE
                    and g.card_of(a.a).name == "Canopy Vista")
        g.apply(take)
        resolve(g)
        assert take.a in g.battlefield(0)
        assert g.obj(take.a)["tapped"] == tapped, present


# --- the card language and the core's checks of the tables ------------------------------------

def test_614_1c_the_card_language_checks_the_replacements_where_they_are_written():
    for bad in (0, 16, True, "2"):
        with pytest.raises(CardScriptError, match="N is 1..15"):
            EntersTappedUnlessManyLands(bad)
    with pytest.raises(CardScriptError, match="basic is True or False"):
        EntersTappedUnlessManyLands(2, basic=1)
    for bad in ((), ("Gate",), "Island", ("Island", "Island"), ["Island"]):
        with pytest.raises(CardScriptError, match="basic land types"):
            EntersTappedUnlessYouControl(bad)
    with pytest.raises(CardScriptError, match="one \"enters tapped unless\""):
        Card("Test Two Unless", types=("Land",),
             abilities=(EntersTappedUnlessManyLands(2), EntersTappedUnlessYouControl(("Island",)),
                        ManaAbility("U")))
    with pytest.raises(CardScriptError, match="one \"enters tapped unless\""):
        Card("Test Two Unless", types=("Land",),
             abilities=(EntersTappedUnlessFewLands(2), EntersTappedUnlessManyLands(2)))


def _tables_with(row_change):
    db = CardDB([c for c in ALL_CARDS if c.name in ("Drowned Catacomb", "Deathcap Glade",
                                                    "Canopy Vista", "Plains")])
    t = db.tables
    cards = np.array(t.cards)
    row_change(cards, {c.name: i for i, c in enumerate(db.cards)})
    return cards, t


@pytest.mark.parametrize("change, message", [
    (lambda c, r: c.__setitem__((r["Deathcap Glade"], C["CF_REPLACEMENT"]),
                                c[r["Deathcap Glade"], C["CF_REPLACEMENT"]] | C["RP_TAPPED_UNLESS_FEW_LANDS"]),
     "two \"enters tapped unless\""),
    (lambda c, r: c.__setitem__((r["Drowned Catacomb"], C["CF_ENTERS_UNLESS_SUBTYPES"]), 0),
     "CF_ENTERS_UNLESS_SUBTYPES"),
    (lambda c, r: c.__setitem__((r["Plains"], C["CF_ENTERS_UNLESS_SUBTYPES"]), 1),
     "CF_ENTERS_UNLESS_SUBTYPES"),
    (lambda c, r: c.__setitem__((r["Plains"], C["CF_REPLACEMENT"]), C["RP_UNLESS_BASIC"]),
     "counts basic lands"),
    (lambda c, r: c.__setitem__((r["Plains"], C["CF_REPLACEMENT"]), 2 << C["RP_FEW_LANDS_SHIFT"]),
     "number of lands"),
    (lambda c, r: c.__setitem__((r["Plains"], C["CF_REPLACEMENT"]), C["RP_ALL_BITS"] + 1),
     "unknown replacement"),
])
def test_614_1c_malformed_enters_tapped_unless_columns_are_refused_by_the_core(change, message):
    cards, t = _tables_with(change)
    with pytest.raises(_engine.EngineError, match=message):
        _engine.CardTables(cards, np.array(t.abilities), np.array(t.program))


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_slow_check_battle_lands_and_graveyard_exile_run_to_completion(db, policy):
    from mtg_core.policies import play_games
    deck = Deck.parse("4 Deathcap Glade\n4 Woodland Cemetery\n4 Canopy Vista\n4 Bojuka Bog\n"
                      "4 Tormod's Crypt\n4 Nihil Spellbomb\n4 Wood Elves\n8 Forest\n8 Swamp\n"
                      "16 Grizzly Bears")
    out = play_games([deck, deck], 20, seed=11, policies=policy, cards=db, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()
