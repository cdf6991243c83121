"""Blood tokens (111.10g): "a colorless Blood artifact token with '{1}, {T}, Discard a card,
Sacrifice this artifact: Draw a card.'" (Voldaren Epicure, Vampire's Kiss; mtg_core/library/
blood_tokens.py).  The discard is a cost (118.3, 602.2b): the card is chosen as the ability
is activated (Decision.ACTIVATION_COST), so the ability can't be activated with an empty
hand; the token is sacrificed as a cost too, so it is gone before the draw (111.7)."""
from __future__ import annotations

import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import PREDEFINED_TOKENS
from mtg_core.decks import Deck

from game_helpers import resolve

C = _engine.constants()


def game() -> Game:
    g = Game([Deck.parse("30 Mountain\n30 Swamp"), Deck.parse("60 Swamp")], seed=4,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def blood_of(g: Game, p: int) -> list[int]:
    return [o for o in g.battlefield(p) if g.card_of(o).name == "Blood"]


def test_111_10g_voldaren_epicure_makes_a_blood_token_and_pings_each_opponent():
    g = game()
    g.set_player(0, mana_R=1)
    g.cast(g.create_card("Voldaren Epicure", 0))
    resolve(g)
    assert g.life(1) == 19 and len(blood_of(g, 0)) == 1
    card = g.card_of(blood_of(g, 0)[0])
    assert card.types == ("Artifact",) and card.subtypes == ("Blood",) and not card.colors
    assert card == PREDEFINED_TOKENS["Blood"]


def test_118_3_602_2b_111_7_a_blood_token_discards_and_sacrifices_as_costs_then_draws():
    g = game()
    g.set_player(0, mana_B=2)
    g.cast(g.create_card("Vampire's Kiss", 0), Game.player_target(1))
    resolve(g)
    assert (g.life(0), g.life(1)) == (22, 18) and len(blood_of(g, 0)) == 2
    blood = blood_of(g, 0)[0]
    spare = g.create_card("Swamp", 0)
    hand = set(g.hand(0))
    g.set_player(0, mana_B=1)
    g.activate(blood, 0, discard=spare)
    assert spare in g.graveyard(0) and blood not in g.battlefield(0)   # costs paid (601.2h)
    assert blood not in g.graveyard(0)                   # a token ceases to exist (111.7)
    resolve(g)
    assert len(g.hand(0)) == len(hand)                   # one discarded, one drawn


def test_602_2b_with_no_card_to_discard_it_cant_be_activated():
    g = game()
    g.set_player(0, mana_B=2)
    g.cast(g.create_card("Vampire's Kiss", 0), Game.player_target(1))
    resolve(g)
    blood = blood_of(g, 0)[0]
    g.set_player(0, mana_B=1)

    def activations():
        return [a for a in g.legal_actions() if a.kind == ActionKind.ACTIVATE and a.a == blood]
    assert activations()
    for o in list(g.hand(0)):
        g.move(o, Zone.GRAVEYARD)
    assert not activations()


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_blood_tokens_run_to_completion(policy):
    from mtg_core.policies import play_games
    deck = Deck.parse("8 Voldaren Epicure\n8 Vampire's Kiss\n12 Grizzly Bears\n16 Mountain\n"
                      "16 Swamp")
    out = play_games([deck, deck], 20, seed=9, policies=policy, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()
