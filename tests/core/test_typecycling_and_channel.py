"""Abilities activated from the hand with "Discard this card" in their cost (602.2, 113.6e), on
the library's real cards: typecycling (702.29e: Lórien Revealed's islandcycling, Step
Through's wizardcycling), basic landcycling (702.29f: Ash Barrens) and channel (207.2c: an
ability word; Eiganjo, Otawara, Colossal Skyturtle) with the channel lands' "This ability
costs {1} less to activate for each legendary creature you control" (118.7, 601.2f).  The
search is a decision with legal options that may find nothing (701.23b); the library is
shuffled (701.24)."""
from __future__ import annotations

import pytest

from mtg_core import (Action, ActionKind, Deck, Decision, Game, IllegalActionError, Step,
                      Zone)
from mtg_core.library import DEFAULT_CARDS

from game_helpers import lands, offered, to_search

SEED = 21


def game(deck0: str = "20 Island\n20 Swamp\n20 Forest", deck1: str = "60 Plains") -> Game:
    g = Game([Deck.parse(deck0), Deck.parse(deck1)], seed=SEED, cards=DEFAULT_CARDS,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def hand_abilities(g: Game, card: int) -> list[Action]:
    return [a for a in g.legal_actions() if a.kind == ActionKind.ACTIVATE and a.a == card]


def untapped(g: Game, p: int) -> int:
    return sum(1 for o in g.battlefield(p) if not g.obj(o)["tapped"]
               and "Land" in g.card_of(o).types)


# --- 702.29e-f: typecycling ---------------------------------------------------------------

def test_702_29e_islandcycling_searches_for_an_island_card_and_is_cycling():
    g = game()
    lands(g, 0, "Swamp", 1)
    lorien = g.create_card("Lórien Revealed", 0, Zone.HAND)
    (cycle,) = hand_abilities(g, lorien)                  # 602.2: from the hand, instant speed
    assert cycle.b == 1                                    # its second ability (the first: the spell)
    hand = len(g.hand(0))
    g.apply(cycle)
    assert lorien in g.graveyard(0) and untapped(g, 0) == 0   # {1} and the discard: the cost
    assert any("cycles Lórien Revealed" in line for line in g.log)   # 702.29d
    to_search(g)
    names, other = offered(g)
    assert names == {"Island"}                            # 205.3: a card with the subtype
    assert other == {ActionKind.SEARCH_NOTHING}           # 701.23b: it may find nothing
    island = next(a for a in g.legal_actions() if a.kind == ActionKind.SEARCH_TAKE)
    g.apply(island)
    assert island.a in g.hand(0) and len(g.hand(0)) == hand   # -1 discarded, +1 found
    assert g.obj(island.a)["known"] == 0b11               # revealed (701.20a): both know it
    assert any("shuffle" in line.lower() for line in g.log[-6:])   # 701.24


def test_702_29e_typecycling_with_no_such_card_in_the_library_finds_nothing():
    g = game("60 Swamp")
    lands(g, 0, "Swamp", 2)
    through = g.create_card("Step Through", 0, Zone.HAND)
    g.apply(hand_abilities(g, through)[0])                # wizardcycling {2}
    to_search(g)
    assert offered(g) == (set(), {ActionKind.SEARCH_NOTHING})
    g.apply(Action.make(ActionKind.SEARCH_NOTHING))
    assert through in g.graveyard(0) and g.decision.kind == Decision.PRIORITY


def test_702_29f_basic_landcycling_finds_only_basic_lands():
    g = game("20 Island\n20 Ash Barrens\n20 Forest")
    lands(g, 0, "Forest", 1)
    barrens = g.create_card("Ash Barrens", 0, Zone.HAND)
    g.apply(hand_abilities(g, barrens)[0])
    to_search(g)
    names, _ = offered(g)
    assert names == {"Island", "Forest"}                  # 205.4c: not the nonbasic Ash Barrens


def test_602_2b_typecycling_needs_its_cost_and_is_not_an_ability_of_the_land_on_the_battlefield():
    g = game()
    barrens = g.create_card("Ash Barrens", 0, Zone.HAND)
    assert hand_abilities(g, barrens) == []               # no mana for {1}
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.ACTIVATE, barrens, 1))
    played = g.create_card("Ash Barrens", 0, Zone.BATTLEFIELD)
    lands(g, 0, "Island", 1)
    with pytest.raises(IllegalActionError):                # 113.6e: it works from the hand only
        g.apply(Action.make(ActionKind.ACTIVATE, played, 1))


# --- 207.2c channel, 118.7 ----------------------------------------------------------------

def attack_with_bears(g: Game) -> int:
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({bears: Game.player_target(1)})
    g.pass_priority()                                     # player 1 has priority
    return bears


def test_207_2c_channel_eiganjo_deals_4_damage_to_an_attacking_creature_from_the_hand():
    g = game()
    eiganjo = g.create_card("Eiganjo, Seat of the Empire", 1, Zone.HAND)
    lands(g, 1, "Plains", 3)
    assert hand_abilities(g, eiganjo) == []               # not player 1's priority
    assert g.obj(eiganjo)["known"] == 0                   # a hand card: its owner's alone (400.2)
    bears = attack_with_bears(g)
    (channel,) = hand_abilities(g, eiganjo)
    assert channel.b == 1
    g.apply(channel)
    assert g.decision.kind == Decision.TARGET
    assert [a.a for a in g.legal_actions()] == [bears]    # "attacking or blocking creature"
    assert eiganjo in g.hand(1)                           # 601.2c: targets before the costs
    assert g.obj(eiganjo)["known"] == 0b11                # 602.2a: revealed as it is announced
    g.apply(Action.make(ActionKind.TARGET, bears))
    assert eiganjo in g.graveyard(1) and untapped(g, 1) == 0    # {2}{W}: no reduction
    assert not any("cycles" in line for line in g.log)    # channel isn't cycling (702.29d)
    g.resolve_top()
    assert bears in g.graveyard(0)                        # 4 damage, 704.5g


def test_602_2b_channel_with_no_legal_target_is_not_offered():
    g = game()
    lands(g, 0, "Island", 4)
    otawara = g.create_card("Otawara, Soaring City", 0, Zone.HAND)
    turtle = g.create_card("Colossal Skyturtle", 0, Zone.HAND)
    # nothing to bounce, no card in the graveyard: 601.2c, 115.1
    assert hand_abilities(g, otawara) == [] and hand_abilities(g, turtle) == []
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.ACTIVATE, otawara, 1))
    assert g.decision.kind == Decision.PRIORITY
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    assert [a.b for a in hand_abilities(g, turtle)] == [2]    # {1}{U}: the creature one
    assert [a.b for a in hand_abilities(g, otawara)] == [1]


def test_118_7_otawara_costs_1_less_for_each_legendary_creature_but_never_its_blue():
    g = game()
    rock = g.create_card("Ornithopter", 1, Zone.BATTLEFIELD)
    island = lands(g, 0, "Island", 1)[0]
    otawara = g.create_card("Otawara, Soaring City", 0, Zone.HAND)
    assert hand_abilities(g, otawara) == []               # {3}{U} with one Island
    legends = [g.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD),
               g.create_card("Mirri the Cursed", 0, Zone.BATTLEFIELD)]
    assert hand_abilities(g, otawara) == []               # {1}{U}
    g.create_card("Baird, Steward of Argive", 0, Zone.BATTLEFIELD)
    g.create_card("Griselbrand", 1, Zone.BATTLEFIELD)     # an opponent's legend counts not
    (channel,) = hand_abilities(g, otawara)               # {U}: 601.2f, generic only
    g.apply(channel)
    g.apply(Action.make(ActionKind.TARGET, rock))
    assert g.obj(island)["tapped"] and otawara in g.graveyard(0)
    g.resolve_top()
    assert rock in g.hand(1)                              # to its owner's hand
    assert all(o in g.battlefield(0) for o in legends)
    # four legends: still {U} (not below zero), and the Island is tapped now
    g.create_card("Rorix Bladewing", 0, Zone.BATTLEFIELD)
    another = g.create_card("Otawara, Soaring City", 0, Zone.HAND)
    assert hand_abilities(g, another) == []


def test_118_7_the_reduction_counts_legendary_creatures_only():
    g = game()
    lands(g, 0, "Island", 3)
    g.create_card("Eiganjo, Seat of the Empire", 0, Zone.BATTLEFIELD)   # a legendary land
    otawara = g.create_card("Otawara, Soaring City", 0, Zone.HAND)
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    # four lands, {3}{U}: payable only with Eiganjo's {W} as generic mana
    assert [a.b for a in hand_abilities(g, otawara)] == [1]
    g.apply(hand_abilities(g, otawara)[0])
    g.apply(next(a for a in g.legal_actions() if a.kind == ActionKind.TARGET))
    assert untapped(g, 0) == 0                            # all four paid: no reduction


# --- the heuristic policy -------------------------------------------------------------------

def test_heuristic_typecycles_when_it_lacks_lands_and_channels_at_a_creature_it_kills():
    g = game("60 Swamp")
    for o in list(g.hand(0)):                              # a hand with no land
        g.move(o, Zone.LIBRARY)
    lands(g, 0, "Swamp", 2)
    lorien = g.create_card("Lórien Revealed", 0, Zone.HAND)
    act = g.suggest("heuristic", seed=1).action
    assert act.kind == ActionKind.ACTIVATE and act.a == lorien
    g = game()
    eiganjo = g.create_card("Eiganjo, Seat of the Empire", 1, Zone.HAND)
    lands(g, 1, "Plains", 3)
    attack_with_bears(g)
    act = g.suggest("heuristic", seed=1).action           # 4 damage kills the 2/2 attacker
    assert act.kind == ActionKind.ACTIVATE and act.a == eiganjo


def test_heuristic_keeps_a_channel_card_without_a_target_worth_it():
    g = game()
    otawara = g.create_card("Otawara, Soaring City", 1, Zone.HAND)
    lands(g, 1, "Island", 4)
    g.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)    # a noncreature of mana value 1
    g.pass_priority()                                      # player 1, in player 0's main phase
    assert [a.b for a in hand_abilities(g, otawara)] == [1]
    act = g.suggest("heuristic", seed=1).action
    assert not (act.kind == ActionKind.ACTIVATE and act.a == otawara)
    g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)   # a creature it removes: worth it
    act = g.suggest("heuristic", seed=1).action
    assert act.kind == ActionKind.ACTIVATE and act.a == otawara
