"""The library's nonbasic_and_mana_value_targets module in games: target qualities of 115.1
-- "nonbasic" (205.4a: without the basic supertype) and "with mana value N or less / N or
greater" (202.3; X is 0 off the stack, 202.3e) -- offered and accepted only among legal
targets (601.2c), checked again on resolution (608.2b); Wasteland's and Dust Bowl's
sacrifice costs (602.2b, 118.3); Unearth's card in a graveyard (115.1); each card against its
Oracle record."""
from __future__ import annotations


import pytest

from mtg_core import Action, ActionKind, Deck, Zone, _engine, play_random_games
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.library import nonbasic_and_mana_value_targets

from library_helpers import (P1, assert_matches_oracle, cast_from_hand, lands_for, main_game,
                             refused_unchanged, resolve, start_cast)

CARDS = [c.name for c in nonbasic_and_mana_value_targets.CARDS]


@pytest.mark.parametrize("name", CARDS)
def test_every_card_has_its_oracle_name_cost_types_and_text(name):
    assert_matches_oracle(name)


# --- 205.4a: "target nonbasic land" ------------------------------------------------------------

def test_205_4a_wasteland_targets_only_nonbasic_lands_and_is_sacrificed_as_its_cost():
    g = main_game()
    waste = g.create_card("Wasteland", 0, Zone.BATTLEFIELD)
    tundra = g.create_card("Tundra", 1, Zone.BATTLEFIELD)              # nonbasic, land types
    furnace = g.create_card("Great Furnace", 1, Zone.BATTLEFIELD)      # an artifact land
    forest = g.create_card("Forest", 1, Zone.BATTLEFIELD)              # Basic: not a target
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)        # not a land
    g.apply(Action.make(ActionKind.ACTIVATE, waste, 1))
    assert g.decision.kind == Decision.TARGET
    assert {t for t in g.target_choices() if t in g.battlefield(1)} == {tundra, furnace}
    assert waste in g.target_choices()                  # itself: a nonbasic land too
    for bad in (forest, bears, P1):
        refused_unchanged(g, bad)
    g.apply(Action.make(ActionKind.TARGET, tundra))
    assert waste in g.graveyard(0)                      # 602.2b: the cost is paid on activation
    resolve(g)
    assert tundra in g.graveyard(1)                     # 701.7a
    assert all(o in g.battlefield(1) for o in (furnace, forest, bears))


def test_608_2b_wasteland_whose_target_left_does_nothing_and_stays_sacrificed():
    g = main_game()
    waste = g.create_card("Wasteland", 0, Zone.BATTLEFIELD)
    tundra = g.create_card("Tundra", 1, Zone.BATTLEFIELD)
    g.activate(waste, 1, tundra)
    g.move(tundra, Zone.HAND)                           # a new object (400.7): illegal now
    resolve(g)
    assert tundra in g.hand(1) and waste in g.graveyard(0) and not g.stack()


def test_602_2b_wasteland_cannot_be_activated_tapped_or_without_a_target():
    g = main_game()
    waste = g.create_card("Wasteland", 0, Zone.BATTLEFIELD)
    g.create_card("Forest", 1, Zone.BATTLEFIELD)
    g.tap_for_mana(waste, "C")                          # {T}: Add {C}.
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.ACTIVATE, waste, 1))
    assert g.save() == before


def test_118_3_dust_bowl_sacrifices_a_land_to_destroy_a_nonbasic_land():
    g = main_game()
    bowl = g.create_card("Dust Bowl", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{3}")
    fodder = g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    bowl1 = g.create_card("Dust Bowl", 1, Zone.BATTLEFIELD)
    g.create_card("Island", 1, Zone.BATTLEFIELD)
    g.activate(bowl, 1, bowl1, sacrifice=fodder)
    assert fodder in g.graveyard(0) and bowl in g.battlefield(0)
    resolve(g)
    assert bowl1 in g.graveyard(1)


# --- 202.3: "with mana value N or less / N or greater" -------------------------------------------

# spell -> (permanents of P1 that are legal targets, permanents of P1 that are not)
MANA_VALUE_REMOVAL = {
    "Abrupt Decay": (["Grizzly Bears", "Sol Ring", "Phyrexian Arena"],        # 2, 1, 3
                     ["Forest", "Thran Dynamo", "Craw Wurm"]),                   # land, 4, 6
    "Eliminate": (["Grizzly Bears", "Jace Beleren"],                             # 2, 3
                  ["Craw Wurm", "Sol Ring"]),                                    # 6, an artifact
    "Epic Downfall": (["Hurloon Minotaur", "Craw Wurm"],                         # 3, 6
                      ["Grizzly Bears", "Sol Ring"]),                            # 2, an artifact
}


@pytest.mark.parametrize("name", sorted(MANA_VALUE_REMOVAL))
def test_202_3_removal_by_mana_value_chooses_only_legal_targets(name):
    legal_names, illegal_names = MANA_VALUE_REMOVAL[name]
    for pick in range(len(legal_names)):
        g = main_game()
        legal = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in legal_names]
        illegal = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in illegal_names]
        start_cast(g, name)
        assert g.decision.kind == Decision.TARGET
        assert {t for t in g.target_choices() if t in g.battlefield(1)} == set(legal)
        for bad in illegal + [P1]:
            refused_unchanged(g, bad)
        g.apply(Action.make(ActionKind.TARGET, legal[pick]))
        resolve(g)
        gone = g.zone(Zone.EXILE, 1) if name == "Epic Downfall" else g.graveyard(1)
        assert legal[pick] in gone                                      # 701.7a / 406.2
        assert all(o in g.battlefield(1) for i, o in enumerate(legal) if i != pick)
        assert all(o in g.battlefield(1) for o in illegal)


def test_202_3e_x_is_zero_on_the_battlefield():
    """Endless One ({X}) cast with X = 5 is a 5/5 of mana value 0: Eliminate's target,
    never Epic Downfall's."""
    g = main_game()
    one = cast_from_hand(g, "Endless One", p=0, x=5)
    resolve(g)
    assert one in g.battlefield(0) and g.characteristics(one)["power"] == 5
    with pytest.raises(IllegalActionError, match="601.2c"):     # no legal target at all
        start_cast(g, "Epic Downfall")
    wurm = g.create_card("Craw Wurm", 1, Zone.BATTLEFIELD)
    start_cast(g, "Epic Downfall")
    assert g.target_choices() == [wurm]
    refused_unchanged(g, one)
    g = main_game()
    one = cast_from_hand(g, "Endless One", p=0, x=5)
    resolve(g)
    cast_from_hand(g, "Eliminate", one)
    resolve(g)
    assert one in g.graveyard(0)


def test_202_3_unearth_returns_only_a_creature_card_of_mana_value_3_or_less():
    """115.1: a card in your graveyard, of the quality named (202.3: a card's mana value)."""
    g = main_game()
    bears = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)                  # 2
    minotaur = g.create_card("Hurloon Minotaur", 0, Zone.GRAVEYARD)            # 3
    wurm = g.create_card("Craw Wurm", 0, Zone.GRAVEYARD)                       # 6
    ring = g.create_card("Sol Ring", 0, Zone.GRAVEYARD)                        # not a creature
    theirs = g.create_card("Grizzly Bears", 1, Zone.GRAVEYARD)                 # not yours
    start_cast(g, "Unearth")
    assert set(g.target_choices()) == {bears, minotaur}
    for bad in (wurm, ring, theirs):
        refused_unchanged(g, bad)
    g.apply(Action.make(ActionKind.TARGET, minotaur))
    resolve(g)
    assert minotaur in g.battlefield(0) and bears in g.graveyard(0)


def test_608_2b_unearth_whose_card_left_the_graveyard_does_not_resolve():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    unearth = cast_from_hand(g, "Unearth", bears)
    g.move(bears, Zone.HAND)
    resolve(g)
    assert bears in g.hand(0) and unearth in g.graveyard(0)


def test_608_2b_abrupt_decay_whose_target_left_does_not_resolve():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    decay = cast_from_hand(g, "Abrupt Decay", bears)
    g.move(bears, Zone.HAND)
    resolve(g)
    assert bears in g.hand(1) and decay in g.graveyard(0)


def test_random_games_with_these_cards_run_to_completion():
    deck = Deck.parse("4 Wasteland\n4 Dust Bowl\n4 Abrupt Decay\n4 Eliminate\n4 Epic Downfall\n"
                      "4 Unearth\n4 Tundra\n8 Swamp\n8 Forest\n8 Grizzly Bears\n8 Hurloon Minotaur")
    out = play_random_games(deck, deck, 40, seed=3, max_turns=60)
    assert len(out) == 40
    results = set(out[:, 0].tolist())
    assert results <= {_engine.R_WIN, _engine.R_DRAW, _engine.R_UNFINISHED}
    assert _engine.R_WIN in results
