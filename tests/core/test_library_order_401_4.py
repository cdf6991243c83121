"""Cards put on top of a library in an order the player chooses (401.4: "the owner of those
cards may arrange them in any order"; the order isn't revealed), on the library's real cards:
Brainstorm (draw three, 121.1, then two cards from the hand on top: Decision.HAND_TO_TOP,
one card at a time, the last chosen ends on top), Ponder (look at the top three, put them
back in any order: Decision.LIBRARY_CARDS answered with LIB_TOP only; "you may shuffle",
701.24; then draw), Sensei's Divining Top, Brainstone, Halimar Depths, Mirri's Guile.

Hidden information (401.2, known.pxi): a card put from the hand on top is known, with its
place, to its owner alone; a card looked at is known to the one who looked, with its place
until a shuffle; determinize keeps what the viewer knows and deals the rest again."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Card, Deck, Game, IllegalActionError, Step, Zone
from mtg_core import _engine
from mtg_core.cards import CardDB, PutFromHandOnTop, SpellAbility
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS
from mtg_core.policies import play_games

C = _engine.constants()


def known(g: Game, o: int) -> tuple[int, int]:
    objs = g.state.sections()["objects"]
    return int(objs["known"][o]), int(objs["known_place"][o])


def actions(g: Game) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.a) for a in g.legal_actions()]


def main_with(new_game, *names: str, lands: int = 1, deck: str = "60 Island"
              ) -> tuple[Game, list[int]]:
    """Seat 0 in its main phase with ``lands`` Islands and the cards ``names`` in hand."""
    g = new_game(deck, "60 Island")
    g.pass_to(Step.MAIN, 0)
    for _ in range(lands):
        g.create_card("Island", 0, Zone.BATTLEFIELD)
    return g, [g.create_card(n, 0, Zone.HAND) for n in names]


def resolve_until_choice(g: Game) -> None:
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())


# --- Brainstorm: draw three, then two cards from the hand on top in any order ---------------------

def test_401_4_121_1_brainstorm_draws_three_then_puts_two_back_in_the_order_chosen(new_game):
    g, (bs,) = main_with(new_game, "Brainstorm")
    hand_before = set(g.hand(0)) - {bs}
    top3 = g.library(0)[-3:]
    g.cast(bs)
    resolve_until_choice(g)
    assert set(top3) <= set(g.hand(0))                        # 121.1: the top three, drawn
    d = g.decision
    assert (d.kind, d.player, d.count) == (Decision.HAND_TO_TOP, 0, 2)
    assert sorted(actions(g)) == sorted((ActionKind.HAND_TO_TOP, o) for o in g.hand(0))
    first, second = sorted(hand_before)[0], top3[0]
    # an illegal answer changes nothing (a card not in the hand, another kind)
    before = g.save()
    for bad in (Action.make(ActionKind.HAND_TO_TOP, g.library(0)[0]),
                Action.make(ActionKind.LIB_TOP, first), Action.make(ActionKind.DISCARD_CHOSEN, first)):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
    assert g.save() == before
    again = Game.load(before, cards=g.cards)                  # the pending choice is saved
    assert again.decision == g.decision and actions(again) == actions(g)
    g.apply(Action.make(ActionKind.HAND_TO_TOP, first))
    assert g.library(0)[-1] == first and g.decision.count == 1
    g.apply(Action.make(ActionKind.HAND_TO_TOP, second))
    assert g.library(0)[-2:] == [first, second]               # the last chosen is on top
    assert len(g.hand(0)) == len(hand_before) + 3 - 2
    assert bs in g.graveyard(0) and not g.stack()             # 608.2n
    assert g.decision.kind == Decision.PRIORITY
    again.apply(Action.make(ActionKind.HAND_TO_TOP, first))
    again.apply(Action.make(ActionKind.HAND_TO_TOP, second))
    assert again.save() == g.save()


def test_401_4_the_cards_put_back_are_known_to_their_owner_alone(new_game):
    """400.2, 401.2: the opponent doesn't see which cards went back; the owner knows each
    and its place, so determinize keeps them for the owner and deals them again for the
    opponent.  The next draw takes the top one, known in the hand to its owner."""
    g, (bs,) = main_with(new_game, "Brainstorm", deck="20 Island\n20 Grizzly Bears\n20 Shock")
    g.cast(bs)
    resolve_until_choice(g)
    a, b = g.hand(0)[:2]
    g.apply(Action.make(ActionKind.HAND_TO_TOP, a))
    g.apply(Action.make(ActionKind.HAND_TO_TOP, b))
    assert known(g, a) == known(g, b) == (1, 1)               # seat 0's bit only
    cards = g.state.sections()["objects"]["card"]
    names = {o: int(cards[o]) for o in (a, b)}
    for seed in range(10):                                     # the owner's view keeps them
        d = g.state.determinize(0, seed)
        assert list(d.zone(C["Z_LIBRARY"], 0))[-2:] == [a, b]
        assert [int(d.sections()["objects"]["card"][o]) for o in (a, b)] == [names[a], names[b]]
    dealt = {(int(d.sections()["objects"]["card"][a]), int(d.sections()["objects"]["card"][b]))
             for d in (g.state.determinize(1, seed) for seed in range(30))}
    assert len(dealt) > 1                                      # seat 1 doesn't know them
    ids = np.full(64, -1, dtype=np.int32)
    g.state.observation(1, objects=ids)
    assert not {a, b} & set(ids.tolist())                     # 401.2: not shown to seat 1


def test_401_4_a_card_alone_in_the_hand_goes_on_top_unasked(new_game):
    """"Put two cards from your hand on top": with one card in hand, that one, and no choice
    to make; with none, nothing."""
    tuck = Card("Test Tuck Two", "{U}", ("Sorcery",), abilities=(SpellAbility(PutFromHandOnTop(2)),))
    db = CardDB([*ALL_CARDS, tuck])
    for kept in (1, 0):
        g = Game([Deck.parse("60 Island"), Deck.parse("60 Island")], seed=4, cards=db,
                 mulligans=False, starting_player=0)
        g.pass_to(Step.MAIN, 0)
        g.create_card("Island", 0, Zone.BATTLEFIELD)
        for o in g.hand(0)[kept:]:
            g.state.move(o, Zone.LIBRARY)
        rest = list(g.hand(0))
        spell = g.create_card("Test Tuck Two", 0)
        g.cast(spell)
        resolve_until_choice(g)
        assert g.decision.kind == Decision.PRIORITY and not g.stack() and not g.hand(0)
        assert g.library(0)[len(g.library(0)) - kept:] == rest


def test_800_4a_the_decider_concedes_and_the_game_goes_on(new_game):
    g = new_game("60 Island", "60 Island", "60 Island", players=3)
    g.pass_to(Step.MAIN, 0)
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Brainstorm", 0))
    resolve_until_choice(g)
    assert g.decision.kind == Decision.HAND_TO_TOP
    g.concede(0)
    assert not g.is_over and not g.stack() and g.decision.kind == Decision.PRIORITY


def test_brainstone_and_the_heuristic_puts_back_lands_when_it_has_lands_enough(new_game, cards):
    """Brainstone ({2}, {T}, sacrifice: Brainstorm's text).  The heuristic puts away what it
    would discard (hx_shed): lands when hand and battlefield hold more than four, first the
    one that ends deeper."""
    g, _ = main_with(new_game, lands=5)
    stone = g.create_card("Brainstone", 0, Zone.BATTLEFIELD)
    for o in list(g.hand(0)):
        g.state.move(o, Zone.LIBRARY)
    bolt = g.create_card("Lightning Bolt", 0)
    g.activate(stone, 0)
    resolve_until_choice(g)
    assert g.decision.kind == Decision.HAND_TO_TOP and stone in g.graveyard(0)
    for _ in range(2):
        act = Action(g.state.policy_action(C["POL_HEURISTIC"], 1))
        assert act.kind == ActionKind.HAND_TO_TOP and act.a != bolt   # the three Islands drawn
        g.apply(act)
    assert bolt in g.hand(0) and g.decision.kind == Decision.PRIORITY


# --- Ponder and friends: look at the top three, put them back in any order ----------------------

def test_401_4_ponder_puts_the_three_back_in_the_order_chosen_then_draws(new_game):
    g, (ponder,) = main_with(new_game, "Ponder")
    a, b, c = g.library(0)[-3:]                               # c is the top card
    g.cast(ponder)
    resolve_until_choice(g)
    d = g.decision
    assert (d.kind, d.player, d.count) == (Decision.LIBRARY_CARDS, 0, 3)
    assert actions(g) == [(ActionKind.LIB_TOP, o) for o in (c, b, a)]      # LIB_TOP only, top first
    assert all(known(g, o) == (1, 1) for o in (a, b, c))     # seat 0 looked (known.pxi)
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.LIB_BOTTOM, c))         # "back", not the bottom
    g.apply(Action.make(ActionKind.LIB_TOP, c))               # the first placed ends deepest
    assert g.decision.count == 2 and actions(g) == [(ActionKind.LIB_TOP, o) for o in (b, a)]
    g.apply(Action.make(ActionKind.LIB_TOP, a))               # the last card is not asked
    assert g.library(0)[-3:] == [c, a, b]
    assert g.decision.kind == Decision.MAY                    # "You may shuffle."
    again = Game.load(g.save(), cards=g.cards)
    g.apply(Action.make(ActionKind.MAY_NO))
    assert b in g.hand(0) and g.library(0)[-2:] == [c, a]     # then "Draw a card."
    assert ponder in g.graveyard(0) and not g.stack()
    again.apply(Action.make(ActionKind.MAY_YES))              # 701.24: shuffled, then a draw
    assert again.log[-2:][0].startswith("P0 shuffles") and len(again.hand(0)) == len(g.hand(0))
    lib = again.library(0)
    assert all(known(again, o) == (1, 0) for o in (a, b, c) if o in lib)   # places lost


@pytest.mark.parametrize("library, asked", [(1, 0), (2, 1), (3, 2)])
def test_401_4_a_short_library_orders_what_there_is(new_game, library, asked):
    """Ponder with 1, 2 or 3 cards in the library: an order is asked while two or more
    cards are left to place."""
    g, (ponder,) = main_with(new_game, "Ponder")
    for o in g.library(0)[:-library]:
        g.state.move(o, Zone.EXILE)
    g.cast(ponder)
    resolve_until_choice(g)
    for _ in range(asked):
        assert g.decision.kind == Decision.LIBRARY_CARDS
        g.apply(g.legal_actions()[-1])
    assert g.decision.kind == Decision.MAY
    g.apply(Action.make(ActionKind.MAY_NO))
    assert len(g.library(0)) == library - 1 and not g.stack()


def test_the_heuristic_orders_the_top_and_shuffles_only_away_a_spare_land(new_game):
    """Ponder: the card it would put away goes deepest (hx_shed); with six lands it shuffles
    when even the top card is a land; with one land and an empty hand it keeps the land it
    ordered on top."""
    for lands, shuffles in ((6, True), (1, False)):
        g, (ponder,) = main_with(new_game, "Ponder", lands=lands)
        for o in g.hand(0):
            if o != ponder and not shuffles:
                g.state.move(o, Zone.LIBRARY)
        g.cast(ponder)
        resolve_until_choice(g)
        while g.decision.kind == Decision.LIBRARY_CARDS:
            g.apply(Action(g.state.policy_action(C["POL_HEURISTIC"], 1)))
        assert g.decision.kind == Decision.MAY
        act = Action(g.state.policy_action(C["POL_HEURISTIC"], 1))
        assert act.kind == (ActionKind.MAY_YES if shuffles else ActionKind.MAY_NO)


def test_sensei_s_divining_top_orders_the_top_then_draws_and_goes_on_top(new_game):
    """{1}: look at the top three, put them back in any order; {T}: draw a card, then put
    Sensei's Divining Top on top of its owner's library (401.1): everyone saw it go there."""
    g, _ = main_with(new_game, lands=2)
    top = g.create_card("Sensei's Divining Top", 0, Zone.BATTLEFIELD)
    a, b, c = g.library(0)[-3:]
    g.activate(top, 0)
    resolve_until_choice(g)
    assert g.decision.kind == Decision.LIBRARY_CARDS and g.decision.count == 3
    g.apply(Action.make(ActionKind.LIB_TOP, b))
    g.apply(Action.make(ActionKind.LIB_TOP, c))
    assert g.library(0)[-3:] == [b, c, a] and not g.stack()
    g.activate(top, 1)
    resolve_until_choice(g)
    assert a in g.hand(0) and g.library(0)[-1] == top
    assert known(g, top) == (3, 3)                            # both seats saw it (400.2)


def test_halimar_depths_and_mirri_s_guile(new_game):
    """Halimar Depths enters tapped and its enters trigger orders the top three; Mirri's
    Guile may, at the beginning of its controller's upkeep (603.2, 608.2d)."""
    g, _ = main_with(new_game, lands=0)
    depths = g.create_card("Halimar Depths", 0)
    g.play_land(depths)
    assert g.obj(depths)["tapped"] == 1
    resolve_until_choice(g)
    assert g.decision.kind == Decision.LIBRARY_CARDS and g.decision.count == 3
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert not g.stack()
    g.create_card("Mirri's Guile", 0, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.turn == 3 and gg.decision.kind == Decision.MAY)
    assert g.step == Step.UPKEEP
    g.apply(Action.make(ActionKind.MAY_YES))
    assert g.decision.kind == Decision.LIBRARY_CARDS


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_library_order_cards_run_to_completion(cards, policy):
    deck = Deck.parse("4 Brainstorm\n4 Ponder\n2 Sensei's Divining Top\n2 Brainstone\n"
                      "4 Halimar Depths\n2 Mirri's Guile\n16 Grizzly Bears\n10 Island\n16 Forest")
    out = play_games([deck, deck], 20, seed=7, policies=policy, cards=cards, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()
