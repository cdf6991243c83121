"""Library searches with qualities (701.23 search, 701.20 shuffle):
real cards imported from their Oracle text and played.  The searcher chooses
(Decision.SEARCH_LIBRARY) among the cards with every quality -- card types, subtypes
(205.3), supertypes (205.4), colour, mana value (202.3), "named ~" (201.5) -- one answer per
name; a search for a card with a stated quality may find nothing (701.23b); the card goes
to a hand (revealed), the battlefield (tapped or not) or a graveyard, the library is
shuffled, and effects after the search happen (608.2c).  Saved games keep the pending search,
an illegal answer changes nothing, a concession doesn't leave it hanging."""
from __future__ import annotations

import os

import pytest

from mtg_core import Action, ActionKind, Deck, Game, IllegalActionError, Result, Step, Zone
from mtg_core.cards import CardDB, SearchCard
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS

from game_helpers import offered, take, to_search
from oracle_helpers import imported_oracle

REAL = {
    "Polluted Delta": ("", "Land", "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your "
                       "library for an Island or Swamp card, put it onto the battlefield, then "
                       "shuffle."),
    "Wood Elves": ("{2}{G}", "Creature — Elf Scout",
                   "When Wood Elves enters the battlefield, search your library for a Forest "
                   "card, put that card onto the battlefield, then shuffle.", "1", "1"),
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
    "Mwonvuli Acid-Moss": ("{2}{G}{G}", "Sorcery",
                           "Destroy target land. Search your library for a Forest card, put that "
                           "card onto the battlefield tapped, then shuffle."),
    "Commune with Evil": ("{2}{B}", "Sorcery",
                          "Look at the top four cards of your library. Put one of them into your "
                          "hand and the rest into your graveyard. You gain 3 life."),
    "Adventurous Impulse": ("{G}", "Sorcery",
                            "Look at the top three cards of your library. You may reveal a creature "
                            "or land card from among them and put it into your hand. Put the rest "
                            "on the bottom of your library in any order."),
}


def imported(name: str):
    return imported_oracle(name, *REAL[name])


@pytest.fixture(scope="module")
def db():
    return CardDB([*[c for c in ALL_CARDS if c.name not in REAL], *(imported(n) for n in REAL)])


def game(db, library: str = "20 Island\n20 Swamp\n20 Forest", seed=4) -> Game:
    g = Game([Deck.parse(library), Deck.parse("60 Swamp")], seed=seed, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def test_701_23_fetchland_searches_for_either_land_type(db):
    g = game(db)
    delta = g.create_card("Polluted Delta", 0, Zone.BATTLEFIELD)
    g.activate(delta)
    assert g.life(0) == 19 and delta not in g.battlefield(0)       # 119.4, 701.21 costs paid
    to_search(g)
    names, other = offered(g)
    assert names == {"Island", "Swamp"}                            # 205.3: not the Forests
    assert other == {ActionKind.SEARCH_NOTHING}                    # 701.23b
    before = g.save()
    forest = g.find("Forest", Zone.LIBRARY, 0)[0]
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.SEARCH_TAKE, forest))
    assert g.save() == before                                      # nothing changed
    island = take(g, "Island")
    assert island in g.battlefield(0) and not g.obj(island)["tapped"]
    assert any("shuffle" in line.lower() for line in g.log[-5:])   # 701.20


def test_701_23_etb_search_is_mandatory_and_puts_the_land_untapped(db):
    g = game(db)
    elves = g.create_card("Wood Elves", 0, Zone.HAND)
    for _ in range(3):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(elves)
    to_search(g)
    names, other = offered(g)
    assert names == {"Forest"} and ActionKind.DONT_SEARCH not in other
    forest = take(g, "Forest")
    assert forest in g.battlefield(0) and not g.obj(forest)["tapped"]


def test_701_23b_a_search_for_any_card_must_find_one_and_can_go_to_the_graveyard(db):
    g = game(db)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Entomb", 0))
    to_search(g)
    names, other = offered(g)
    assert names == {"Island", "Swamp", "Forest"} and not other     # no quality stated
    card = take(g, "Forest")
    assert card in g.graveyard(0)


def test_608_2c_effects_after_the_search_happen(db):
    g = game(db)
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    spell = g.create_card("Environmental Sciences", 0)
    g.cast(spell)
    to_search(g)
    assert g.stack() and g.stack()[-1]["obj"] == spell              # 608.2n: still resolving
    card = take(g, "Forest")
    assert card in g.hand(0) and g.life(0) == 22                    # then "You gain 2 life."
    assert spell in g.graveyard(0) and not g.stack()
    assert any("reveals" in line for line in g.log[-6:])            # 701.16a


def test_202_3_mana_value_and_type_qualities(db):
    g = game(db, "4 Sol Ring\n4 Thran Dynamo\n4 Mox Pearl\n4 Bonesplitter\n44 Island")
    for _ in range(3):
        g.create_card("Island", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Trinket Mage", 0))
    to_search(g)
    names, other = offered(g)
    assert names == {"Sol Ring", "Mox Pearl", "Bonesplitter"}       # not Thran Dynamo (4)
    assert other == {ActionKind.DONT_SEARCH, ActionKind.SEARCH_NOTHING}
    g.apply(Action.make(ActionKind.DONT_SEARCH))                    # "you may": no shuffle either
    assert not g.find("Sol Ring", Zone.HAND, 0)


def test_201_5_a_card_named_like_the_source(db):
    g = game(db, "3 Wretched Throng\n57 Island")
    throng = g.create_card("Wretched Throng", 0, Zone.BATTLEFIELD)
    g.set_object(throng, damage=1)
    g.check_state_based_actions()                                   # it dies (704.5g)
    to_search(g)
    names, _ = offered(g)
    assert names == {"Wretched Throng"}
    card = take(g, "Wretched Throng")
    assert card in g.hand(0)


def test_205_4d_legendary_quality_saved_mid_search_and_conceded(db):
    g = game(db, "2 Griselbrand\n2 Isamaru, Hound of Konda\n56 Island")
    sisay = g.create_card("Captain Sisay", 0, Zone.BATTLEFIELD)
    g.set_object(sisay, sick=0)
    g.activate(sisay)
    to_search(g)
    names, _ = offered(g)
    assert names == {"Griselbrand", "Isamaru, Hound of Konda"}
    again = Game.load(g.save(), cards=db)                           # the pending search is saved
    assert again.decision.kind == Decision.SEARCH_LIBRARY and offered(again) == offered(g)
    take(again, "Griselbrand")
    assert again.find("Griselbrand", Zone.HAND, 0) and not again.stack()
    g.concede(0)
    assert g.is_over and g.result.winner == 1


def test_the_search_follows_destroy_in_one_spell(db):
    g = game(db)
    theirs = g.create_card("Swamp", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Mwonvuli Acid-Moss", 0), theirs)
    to_search(g)
    forest = take(g, "Forest")
    assert theirs in g.graveyard(1) and forest in g.battlefield(0) and g.obj(forest)["tapped"]


def test_three_player_concession_of_another_player_mid_search(db):
    g = Game([Deck.parse("60 Forest"), Deck.parse("60 Swamp"), Deck.parse("60 Island")], seed=2,
             cards=db, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    elves = g.create_card("Wood Elves", 0, Zone.HAND)
    for _ in range(3):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(elves)
    to_search(g)
    g.concede(2)                                                    # 800.4a: the search goes on
    assert g.decision.kind == Decision.SEARCH_LIBRARY and g.decision.player == 0
    take(g, "Forest")
    assert not g.stack()


@pytest.mark.parametrize("kw, words", [
    (dict(types=("Instant",), to="battlefield"), "battlefield"),
    (dict(to="battlefield"), "battlefield"),
    (dict(reveal=True, to="graveyard"), "reveal"),
    (dict(tapped=True), "tapped"),
    (dict(types=("Creature",), all_types=True), "two or more"),
    (dict(colors="C"), "colour"),
    (dict(mana_value=("<", 3)), "mana value"),
    (dict(who="target"), "your own library"),
    (dict(types=("Goblin",)), "not a card type"),
])
def test_bad_searches_fail_at_definition(kw, words):
    from mtg_core.cards import Card, CardScriptError, SpellAbility
    with pytest.raises(CardScriptError, match=words):
        CardDB([Card("Test Bad Search", "{1}", ("Sorcery",), abilities=(SpellAbility(SearchCard(**kw)),))])


def test_random_games_with_search_cards(db):
    from mtg_core import play_random_games
    deck = Deck.parse("16 Forest\n8 Island\n8 Swamp\n4 Polluted Delta\n4 Wood Elves\n4 Entomb\n"
                      "4 Environmental Sciences\n4 Trinket Mage\n4 Wretched Throng\n4 Sol Ring")
    rows = play_random_games(deck, deck, 40, seed=5, cards=db)
    assert Result.ABORTED not in set(rows[:, 0].tolist())


# --- "look at the top N cards" (701.22-like looks; 608.2d) -----------------------------------------

def test_look_at_top_put_one_into_hand_and_the_rest_into_the_graveyard(db):
    g = game(db, "60 Island")
    for _ in range(3):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    top4 = g.library(0)[-4:]
    g.cast(g.create_card("Commune with Evil", 0))
    g.pass_until(lambda g: g.decision.kind == Decision.LOOK_TAKE)
    assert {a.a for a in g.legal_actions()} == set(top4)         # any of the four; no "none"
    g.apply(Action.make(ActionKind.LIB_HAND, top4[1]))
    assert top4[1] in g.hand(0)
    assert set(top4) - {top4[1]} <= set(g.graveyard(0))           # no choice for the rest
    assert g.life(0) == 23 and not g.stack()                      # then "You gain 3 life."


def test_look_at_top_reveal_one_of_several_types(db):
    g = game(db, "60 Island")
    g.create_card("Forest", 0, Zone.BATTLEFIELD)
    for name in ("Wood Elves", "Entomb", "Forest"):
        g.move(g.create_card(name, 0, Zone.LIBRARY), Zone.LIBRARY)  # onto the top
    elves, entomb, forest = g.library(0)[-3:]
    g.cast(g.create_card("Adventurous Impulse", 0))
    g.pass_until(lambda g: g.decision.kind == Decision.LOOK_TAKE)
    assert {a.a for a in g.legal_actions() if a.kind == ActionKind.LIB_HAND} == {elves, forest}
    g.apply(Action.make(ActionKind.LIB_HAND, elves))
    assert elves in g.hand(0) and g.decision.kind == Decision.LIBRARY_CARDS   # the rest: bottom


# --- every state of games with these cards is valid; the debug build agrees --------------------------

PLAY = """
import json, os, random, sys
sys.path[1:1] = [sys.argv[2], os.path.dirname(sys.argv[2])]   # this tests folder, tests/ (helpers)
from mtg_core import Deck, Game, play_random_games
from mtg_core.cards import CardDB
from mtg_core.library import ALL_CARDS
import test_library_search as S, test_payments as P
from mtg_core.oracle import import_card
cards = [S.imported(n) for n in S.REAL]
for n, (cost, tl, text, *pt) in P.REAL.items():
    cards.append(import_card(n, cost, tl, text, *pt).card)
names = {c.name for c in cards}
db = CardDB([*[c for c in ALL_CARDS if c.name not in names], *cards])
deck = Deck.parse("12 Forest\\n8 Island\\n8 Swamp\\n" + "\\n".join(f"2 {n}" for n in sorted(names)))
n_games, checked = int(sys.argv[1]), 0
for seed in range(n_games):
    g = Game([deck, deck], seed=seed, cards=db, mulligans=False)
    rng = random.Random(seed)
    while not g.is_over and g.turn < 30:
        acts = g.legal_actions()
        if rng.random() < 0.2:                 # the state at this decision loads (validated)
            Game.load(g.save(), cards=db)
            checked += 1
        g.apply(rng.choice(acts))
rows = play_random_games(deck, deck, n_games, seed=1, cards=db)
print(json.dumps({"checked": checked, "results": sorted(set(int(r) for r in rows[:, 0]))}))
"""


def test_every_state_of_games_with_these_cards_loads():
    import json
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-c", PLAY, "6", os.path.dirname(os.path.abspath(__file__))],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["checked"] > 50 and Result.ABORTED.value not in report["results"]


def test_games_with_these_cards_pass_the_debug_build(debug_engine):
    """Payments and searches in the debug build with sanitizers: no invariant breaks."""
    import json
    proc = debug_engine.run(PLAY, timeout=900, args=("4", os.path.dirname(os.path.abspath(__file__))))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Result.ABORTED.value not in report["results"]
