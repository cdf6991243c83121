"""Searches that put the card found on top of the library (701.23): "search your library
for a card, [reveal it,] then shuffle and put that card on top" (Vampiric Tutor, Mystical
Tutor, Worldly Tutor, Elvish Harbinger; mtg_core/library/tutors.py).

The card chosen stays in the library: the rest is shuffled (701.24) and it goes on top, so
it is the next card drawn (121.1).  Its owner knows it and its place; the other players
know it only if it was revealed (701.16a), so determinize (hidden information) keeps it on
top for them only then.  A search for "a card" must find one when the library has any;
one for a card with a stated quality may find nothing (701.23b).  "You may search" can
be declined (DONT_SEARCH), and then nothing is shuffled."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import CardDB, CardScriptError, SearchCard
from mtg_core.decks import Deck
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS

from game_helpers import offered, resolve, take, to_search

C = _engine.constants()
Z_LIBRARY = C["Z_LIBRARY"]


def game(library="20 Island\n20 Grizzly Bears\n20 Lightning Bolt", seed=6) -> Game:
    g = Game([Deck.parse(library), Deck.parse("60 Swamp")], seed=seed, mulligans=False,
             starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def known(g: Game, o: int) -> tuple[int, int]:
    objs = g.state.sections()["objects"]
    return int(objs["known"][o]), int(objs["known_place"][o])


def cast_tutor(g: Game, name: str, mana: str) -> int:
    g.set_player(0, **{f"mana_{mana}": 1})
    spell = g.create_card(name, 0)
    g.cast(spell)
    to_search(g)
    return spell


def test_701_23_vampiric_tutor_puts_the_card_on_top_known_only_to_its_owner():
    g = game()
    size = len(g.library(0))
    cast_tutor(g, "Vampiric Tutor", "B")
    names, others = offered(g)
    assert names == {"Island", "Grizzly Bears", "Lightning Bolt"}
    assert ActionKind.SEARCH_NOTHING not in others        # "a card": one must be found
    bolt = take(g, "Lightning Bolt")
    resolve(g)
    assert g.library(0)[-1] == bolt and len(g.library(0)) == size        # still in the library
    assert g.life(0) == 18                                # then "You lose 2 life" (608.2c)
    assert known(g, bolt) == (0b01, 0b01)                 # its owner alone knows it, on top
    st = g.state
    for s in range(10):                                   # hidden information: kept for the owner
        d = st.determinize(0, s)
        assert d.zone(Z_LIBRARY, 0)[-1] == bolt
        assert g.cards.cards[int(d.sections()["objects"]["card"][bolt])].name == "Lightning Bolt"
    tops = {g.cards.cards[int(d.sections()["objects"]["card"][d.zone(Z_LIBRARY, 0)[-1]])].name
            for d in (st.determinize(1, s) for s in range(30))}
    assert len(tops) > 1                                  # the opponent doesn't know it
    g.pass_to(Step.DRAW, 0)
    assert bolt in g.hand(0)                              # 121.1: drawn from the top


def test_701_23_701_16a_mystical_tutor_offers_its_quality_only_and_reveals_the_card():
    g = game()
    cast_tutor(g, "Mystical Tutor", "U")
    names, others = offered(g)
    assert names == {"Lightning Bolt"}
    assert ActionKind.SEARCH_NOTHING in others            # 701.23b: a stated quality
    bolt = take(g, "Lightning Bolt")
    resolve(g)
    assert g.library(0)[-1] == bolt and known(g, bolt) == (0b11, 0b11)   # revealed: everyone
    for s in range(10):
        assert g.state.determinize(1, s).zone(Z_LIBRARY, 0)[-1] == bolt


def test_701_23b_a_search_with_a_stated_quality_may_find_nothing_and_still_shuffles():
    g = game("30 Island\n30 Grizzly Bears")
    cast_tutor(g, "Mystical Tutor", "U")
    assert offered(g)[0] == set()
    before = list(g.library(0))
    g.apply(Action.make(ActionKind.SEARCH_NOTHING))
    resolve(g)
    assert sorted(g.library(0)) == sorted(before) and g.library(0) != before    # shuffled


def test_701_23_a_may_search_declined_shuffles_nothing():
    g = game("20 Forest\n20 Llanowar Elves\n20 Grizzly Bears")
    g.set_player(0, mana_G=3)
    before = list(g.library(0))
    g.cast(g.create_card("Elvish Harbinger", 0))
    to_search(g)
    assert offered(g)[0] == {"Llanowar Elves"}            # an Elf card (205.3m)
    g.apply(Action.make(ActionKind.DONT_SEARCH))
    resolve(g)
    assert g.library(0) == before


def test_701_23_121_1_worldly_tutor_finds_the_one_creature_and_it_is_drawn_next():
    g = game("1 Grizzly Bears\n59 Island")
    cast_tutor(g, "Worldly Tutor", "G")
    assert offered(g)[0] == {"Grizzly Bears"}
    bears = take(g, "Grizzly Bears")
    resolve(g)
    assert g.library(0)[-1] == bears and known(g, bears) == (0b11, 0b11)
    g.pass_to(Step.DRAW, 0)
    assert bears in g.hand(0) and known(g, bears)[0] == 0b11     # known in the hand too


def test_the_search_language_and_the_core_check_the_destination():
    with pytest.raises(CardScriptError, match="enters tapped"):
        SearchCard(types=("Land",), to="top", tapped=True).compile()
    db = CardDB([c for c in ALL_CARDS if c.name in ("Vampiric Tutor", "Forest")])
    t = db.tables
    prog = np.array(t.program)
    pc = int(np.where(prog == C["OP_SEARCH_EX"])[0][0])
    for flags, qual in ((C["SEARCH_TO_HAND"], C["SEARCH_Q_TO_TOP"]),
                        (0, C["SEARCH_Q_TO_TOP"] | C["SEARCH_Q_TO_GRAVEYARD"]),
                        (C["SEARCH_TAPPED"], C["SEARCH_Q_TO_TOP"])):
        bad = prog.copy()
        bad[pc + 2] |= flags
        bad[pc + 4] = qual
        with pytest.raises(_engine.EngineError, match="library search"):
            _engine.CardTables(np.array(t.cards), np.array(t.abilities), bad)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_the_tutors_run_to_completion(policy):
    from mtg_core.policies import play_games
    deck = Deck.parse("4 Vampiric Tutor\n4 Mystical Tutor\n4 Worldly Tutor\n4 Elvish Harbinger\n"
                      "4 Lightning Bolt\n8 Grizzly Bears\n8 Swamp\n8 Island\n8 Forest\n8 Mountain")
    out = play_games([deck, deck], 20, seed=5, policies=policy, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()


@pytest.mark.parametrize("lands_out, want", [(4, "Grizzly Bears"), (1, "Island")])
def test_the_heuristic_tutors_for_its_best_spell_with_lands_enough_else_a_land(lands_out, want):
    """Vampiric Tutor offers every card: with four lands out the heuristic takes its most
    valuable nonland card (a creature over an instant of the same cost), with fewer a land."""
    g = game("20 Island\n20 Grizzly Bears\n20 Lightning Bolt")
    for _ in range(lands_out):
        g.create_card("Island", 0, Zone.BATTLEFIELD)
    cast_tutor(g, "Vampiric Tutor", "B")
    code = g.state.policy_action(C["POL_HEURISTIC"], 1)
    assert g.card_of(Action(code).a).name == want
