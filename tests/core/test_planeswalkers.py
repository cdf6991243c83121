"""Planeswalkers (306) and loyalty abilities (606), with the library's planeswalkers:
Jace Beleren and Ajani Vengeant."""
from __future__ import annotations

import pytest

from mtg_core import Game, IllegalActionError, Step, Zone
from mtg_core.cards import Card, CardScriptError, Draw, LoyaltyAbility
from mtg_core.enums import Decision


def walker_game(new_game, name: str, loyalty: int | None = None, *, lands=()):
    """P0's precombat main phase on turn 1 with ``name`` on P0's battlefield."""
    game = new_game("60 Island", "60 Mountain")
    game.pass_to(Step.MAIN, 0)
    w = game.create_card(name, 0, Zone.BATTLEFIELD)
    if loyalty is not None:
        game.set_object(w, loyalty=loyalty)
    for n in lands:
        game.create_card(n, 1, Zone.BATTLEFIELD)
    return game, w


def resolve(game: Game) -> None:
    game.pass_priority()
    game.pass_priority()


# --- 606: loyalty abilities ----------------------------------------------------------------------

def test_306_5b_a_planeswalker_enters_with_its_printed_loyalty(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    assert game.obj(jace)["loyalty"] == 3


def test_606_4_the_cost_is_paid_on_activation_before_the_ability_resolves(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    hands = [len(game.hand(p)) for p in (0, 1)]
    game.activate(jace, 0)                                   # +2: each player draws a card
    assert game.obj(jace)["loyalty"] == 5                    # paid as a cost (606.4)
    assert [len(game.hand(p)) for p in (0, 1)] == hands      # not resolved yet
    resolve(game)
    assert [len(game.hand(p)) for p in (0, 1)] == [h + 1 for h in hands]


def test_606_4_a_minus_ability_removes_counters_and_targets(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    before = len(game.hand(1))
    game.activate(jace, 1, game.player_target(1))            # -1: target player draws a card
    assert game.obj(jace)["loyalty"] == 2
    resolve(game)
    assert len(game.hand(1)) == before + 1


def test_606_3_only_one_loyalty_ability_of_a_permanent_each_turn(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    game.activate(jace, 0)
    resolve(game)
    blob = game.save()
    with pytest.raises(IllegalActionError, match="606.3"):
        game.activate(jace, 1, game.player_target(1))
    assert game.save() == blob                               # nothing changed
    assert not any(a.kind.name == "ACTIVATE" and a.a == jace for a in game.legal_actions())


def test_606_3_another_planeswalker_may_still_activate_and_next_turn_again(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    ajani = game.create_card("Ajani Vengeant", 0, Zone.BATTLEFIELD)
    game.activate(jace, 0)
    resolve(game)
    game.activate(ajani, 1, game.player_target(1))                  # a different permanent
    resolve(game)
    assert game.life(1) == 17 and game.life(0) == 23
    game.pass_to(Step.UPKEEP, 1)
    game.pass_to(Step.MAIN, 0)                                      # P0's next turn
    game.activate(jace, 1, game.player_target(0))
    assert game.obj(jace)["loyalty"] == 4


def test_400_7_a_walker_that_left_and_returned_is_a_new_object(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    game.activate(jace, 0)
    resolve(game)
    game.move(jace, Zone.HAND)
    game.move(jace, Zone.BATTLEFIELD)                               # scenario: it comes back
    assert game.obj(jace)["loyalty"] == 3                           # 306.5b again
    game.activate(jace, 0)                                          # 606.3: a new object
    assert game.obj(jace)["loyalty"] == 5


def test_606_3_loyalty_abilities_have_sorcery_timing(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")
    bolt = game.create_card("Lightning Bolt", 0)
    game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    game.cast(bolt, game.player_target(1))                          # the stack isn't empty
    with pytest.raises(IllegalActionError, match="606.3"):
        game.activate(jace, 0)
    resolve(game)
    game.pass_to(Step.UPKEEP, 1)                                    # the opponent's turn
    game.pass_until(lambda g: g.decision.player == 0)
    with pytest.raises(IllegalActionError, match="606.3"):
        game.activate(jace, 0)


def test_606_6_a_negative_cost_needs_that_many_loyalty_counters(new_game):
    game, jace = walker_game(new_game, "Jace Beleren")              # loyalty 3
    with pytest.raises(IllegalActionError, match="606.6"):
        game.activate(jace, 2, game.player_target(1))               # -10
    game.set_object(jace, loyalty=10)
    game.activate(jace, 2, game.player_target(1))
    assert game.obj(jace)["loyalty"] == 0


def test_704_5i_a_walker_paid_down_to_0_dies_but_its_ability_resolves(new_game):
    game, ajani = walker_game(new_game, "Ajani Vengeant", loyalty=2)
    game.activate(ajani, 1, game.player_target(1))                  # -2: 3 damage, gain 3
    assert ajani in game.graveyard(0)                               # 704.5i before priority
    resolve(game)
    assert game.life(1) == 17 and game.life(0) == 23                # 113.7a: independent


# --- the cards -------------------------------------------------------------------------------

def test_jace_beleren_minus_10_mills_twenty_and_mill_is_not_drawing(new_game):
    game, jace = walker_game(new_game, "Jace Beleren", loyalty=20)
    library = len(game.library(1))
    game.activate(jace, 2, game.player_target(1))
    resolve(game)
    assert len(game.library(1)) == library - 20 and len(game.graveyard(1)) == 20   # 701.13
    for o in game.library(1)[:-5]:
        game.move(o, Zone.EXILE)                                    # leave 5 cards
    game.pass_to(Step.UPKEEP, 1)
    game.pass_to(Step.MAIN, 0)                                      # P0's next turn
    game.activate(jace, 2, game.player_target(1))
    resolve(game)
    assert game.library(1) == [] and not game.is_over               # 704.5b needs a draw


def test_ajani_vengeant_plus_1_keeps_a_permanent_tapped_through_one_untap_step(new_game):
    game, ajani = walker_game(new_game, "Ajani Vengeant", lands=("Mountain",))
    land = game.battlefield(1)[-1]
    game.set_object(land, tapped=1)
    game.activate(ajani, 0, land)
    resolve(game)
    assert game.obj(ajani)["loyalty"] == 4
    game.pass_to(Step.UPKEEP, 1)
    assert game.obj(land)["tapped"] == 1                            # 502.2: stays tapped
    game.set_object(land, tapped=1)
    game.pass_to(Step.MAIN, 0)
    game.pass_to(Step.UPKEEP, 1)                                    # P1's following turn
    assert game.obj(land)["tapped"] == 0


def test_ajani_vengeant_minus_7_destroys_all_lands_of_target_player_only(new_game):
    game, ajani = walker_game(new_game, "Ajani Vengeant", loyalty=7,
                              lands=("Mountain", "Mountain", "Mountain"))
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    mine = game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.activate(ajani, 2, game.player_target(1))
    resolve(game)
    assert game.battlefield(1) == [bears] and mine in game.battlefield(0)
    assert ajani in game.graveyard(0)                               # 7 - 7 = 0 (704.5i)


def test_ajani_vengeant_minus_2_can_target_a_planeswalker(new_game):
    game, ajani = walker_game(new_game, "Ajani Vengeant")
    enemy = game.create_card("Jace Beleren", 1, Zone.BATTLEFIELD)
    game.activate(ajani, 1, enemy)
    resolve(game)
    assert enemy in game.graveyard(1)                               # 3 damage, 3 loyalty


# --- definitions ------------------------------------------------------------------------------

@pytest.mark.parametrize("cost", ["+", "2", "x", "+-1", "", "--1"])
def test_606_4_a_malformed_loyalty_cost_is_refused_at_definition(cost):
    with pytest.raises(CardScriptError, match="loyalty cost"):
        LoyaltyAbility(cost, Draw("you", 1))


def test_loyalty_ability_rows_are_checked_when_tables_are_built():
    from mtg_core import _engine
    from mtg_core.cards import CardDB
    C = _engine.constants()
    db = CardDB([Card("Test Walker PW", "{1}", ("Planeswalker",), loyalty=3,
                      abilities=(LoyaltyAbility("+1", Draw("you", 1)),))])
    ab = db.tables.abilities.copy()
    ab[0, C["AF_COST_FLAGS"]] = 0                 # a loyalty cost on an ordinary ability
    with pytest.raises(_engine.EngineError, match="loyalty"):
        _engine.CardTables(db.tables.cards, ab, db.tables.program)


def test_random_games_with_planeswalkers_activate_loyalty_abilities(cards):
    from mtg_core import Deck
    deck = Deck.parse("20 Island\n4 Plains\n4 Mountain\n16 Jace Beleren\n16 Ajani Vengeant")
    activated = 0
    for seed in range(20):
        game = Game([deck, "bears"], seed=seed, cards=cards)
        game.play_random(seed)
        assert game.is_over and game.result.kind.name in ("WIN", "DRAW")
        activated += sum("activates" in line and ("Jace" in line or "Ajani" in line)
                         for line in game.log)
    assert activated > 20
