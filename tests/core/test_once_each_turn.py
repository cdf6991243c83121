""""Activate only once each turn" (602.5b): the ability can be activated once in each turn
(any player's); the permanent's turn mark (Obj.loyalty_turn, which 606.3 uses for loyalty
abilities) records it, so a card has at most one such ability and none beside loyalty
abilities.  A new object (400.7) has not activated it."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, ActionKind, Deck, Decision, Game, IllegalActionError, Step, Zone
from mtg_core.cards import (ActivatedAbility, Card, CardScriptError, GrantAbility, LoyaltyAbility,
                            Pump, StaticAbility)
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations, imported_card

_RECORDS = [
    CardRecord("Rootwalla", "{2}{G}", "Creature — Lizard",
               "{1}{G}: Rootwalla gets +2/+2 until end of turn. Activate only once each turn.",
               "2", "2"),
    CardRecord("Putrid Leech", "{B}{G}", "Creature — Zombie Leech",
               "Pay 2 life: Putrid Leech gets +2/+2 until end of turn. Activate only once each "
               "turn.", "2", "2"),
    CardRecord("Azimaet Drake", "{2}{U}", "Creature — Drake",
               "Flying\n{U}: Azimaet Drake gets +1/+0 until end of turn. Activate only once each "
               "turn.", "1", "3"),
]
RECORDS = {r.name: r for r in _RECORDS}


DB = DEFAULT_CARDS.extended([imported_card(r) for r in _RECORDS])


def game() -> Game:
    g = Game([Deck.parse("60 Forest"), Deck.parse("60 Forest")], seed=2, cards=DB,
             mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    for _ in range(6):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    return g


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def activations(g: Game, o: int) -> list:
    return [a for a in g.legal_actions() if a.kind == ActionKind.ACTIVATE and a.a == o]


def test_602_5b_once_each_turn_then_not_again_this_turn():
    g = game()
    walla = g.create_card("Rootwalla", 0, Zone.BATTLEFIELD)
    assert activations(g, walla)
    g.activate(walla, 0)
    resolve(g)
    assert g.characteristics(walla)["power"] == 4
    assert not activations(g, walla)                      # the legal actions leave it out
    before = g.save()
    with pytest.raises(IllegalActionError, match="602.5b"):
        g.activate(walla, 0)
    assert g.save() == before                             # and an attempt changes nothing


def test_602_5b_it_may_be_activated_again_next_turn_and_in_an_opponents_turn():
    g = game()
    walla = g.create_card("Rootwalla", 0, Zone.BATTLEFIELD)
    g.activate(walla, 0)
    resolve(g)
    g.pass_until(lambda gg: gg.turn == 2 and gg.step == Step.UPKEEP and
                 gg.decision.kind == Decision.PRIORITY and gg.decision.player == 0)
    assert activations(g, walla)                          # the opponent's turn: a new turn
    g.activate(walla, 0)
    resolve(g)
    assert not activations(g, walla)


def test_400_7_a_new_object_has_not_activated_it():
    g = game()
    walla = g.create_card("Rootwalla", 0, Zone.BATTLEFIELD)
    g.activate(walla, 0)
    resolve(g)
    g.move(walla, Zone.HAND)
    again = g.hand(0)[-1]
    g.move(again, Zone.BATTLEFIELD)
    assert activations(g, g.battlefield(0)[-1])


def test_602_5b_the_cost_is_life_too():
    g = game()
    leech = g.create_card("Putrid Leech", 0, Zone.BATTLEFIELD)
    life = g.life(0)
    g.activate(leech, 0)
    resolve(g)
    assert g.life(0) == life - 2 and not activations(g, leech)


def test_once_each_turn_scripts_that_one_mark_cant_hold_are_refused():
    pump = ActivatedAbility("{G}", Pump("self", 1, 1), once_each_turn=True)
    with pytest.raises(CardScriptError, match="at most one"):
        Card("Two Once", "{G}", ("Creature",), power=1, toughness=1,
             abilities=(pump, ActivatedAbility("{R}", Pump("self", 1, 0), once_each_turn=True)))
    with pytest.raises(CardScriptError, match="loyalty"):
        Card("Walker", "{G}", ("Planeswalker",), loyalty=3,
             abilities=(LoyaltyAbility("+1", Pump("self", 0, 0)), pump))
    with pytest.raises(CardScriptError, match="once each turn"):
        Card("Granter", "{G}", ("Enchantment",),
             abilities=(StaticAbility("creatures you control", GrantAbility(pump)),))


def test_once_each_turn_texts_mutated_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 30
