"""Effects on groups ("each creature", "creatures you control", "attacking creatures",
"destroy all [type]s"): the group is fixed as the effect begins (608.2h) and a continuous
effect from a resolving spell affects only the objects it named then (611.2c)."""
from __future__ import annotations

import pytest

from mtg_core import Step, Zone
from mtg_core.cards import ActivatedAbility, Card, CardDB, CardScriptError, Pump, SpellAbility
from mtg_core.enums import Decision

LANDS = {"R": "Mountain", "W": "Plains", "G": "Forest", "B": "Swamp"}


def cast_sorcery(new_game, name: str, lands: str, mine=(), theirs=()):
    """P0 casts ``name`` in their main phase with these creatures; returns the game and
    the creatures' ids (P0's, P1's)."""
    game = new_game("60 Forest", "60 Forest")
    game.pass_to(Step.MAIN, 0)
    for c in lands:
        game.create_card(LANDS[c], 0, Zone.BATTLEFIELD)
    a = [game.create_card(n, 0, Zone.BATTLEFIELD) for n in mine]
    b = [game.create_card(n, 1, Zone.BATTLEFIELD) for n in theirs]
    game.cast(game.create_card(name, 0))
    game.pass_priority()
    game.pass_priority()
    return game, a, b


def test_pyroclasm_deals_2_damage_to_each_creature(new_game):
    game, a, b = cast_sorcery(new_game, "Pyroclasm", "RR",
                              mine=("Grizzly Bears", "Kalonian Tusker"),
                              theirs=("Savannah Lions", "Leatherback Baloth"))
    assert a[0] in game.graveyard(0) and b[0] in game.graveyard(1)      # 704.5g
    assert game.obj(a[1])["damage"] == 2 and game.obj(b[1])["damage"] == 2
    assert game.life(0) == 20 and game.life(1) == 20                      # creatures only


def test_day_of_judgment_destroys_all_creatures_and_nothing_else(new_game):
    game, a, b = cast_sorcery(new_game, "Day of Judgment", "WWWW",
                              mine=("Grizzly Bears",), theirs=("Savannah Lions", "Grizzly Bears"))
    assert a[0] in game.graveyard(0) and set(b) <= set(game.graveyard(1))
    assert len(game.battlefield(0)) == 4 and game.battlefield(1) == []    # the Plains stay


def test_tranquility_destroys_all_enchantments_of_every_player(new_game):
    game = new_game("60 Forest", "60 Forest")
    game.pass_to(Step.MAIN, 0)
    for _ in range(3):
        game.create_card("Forest", 0, Zone.BATTLEFIELD)
    arena = [game.create_card("Phyrexian Arena", p, Zone.BATTLEFIELD) for p in (0, 1)]
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Tranquility", 0))
    game.pass_priority(); game.pass_priority()
    assert arena[0] in game.graveyard(0) and arena[1] in game.graveyard(1)
    assert bears in game.battlefield(1)


def test_611_2c_overrun_affects_only_creatures_there_as_it_resolved(new_game):
    game, a, b = cast_sorcery(new_game, "Overrun", "GGGGG",
                              mine=("Grizzly Bears",), theirs=("Grizzly Bears",))
    assert game.power_toughness(a[0]) == (5, 5) and "TRAMPLE" in game.keywords(a[0]).name
    assert game.power_toughness(b[0]) == (2, 2)                           # not theirs
    later = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert game.power_toughness(later) == (2, 2)                          # 611.2c
    game.pass_to(Step.UPKEEP, 1)
    assert game.power_toughness(a[0]) == (2, 2)                           # until end of turn


def test_infest_kills_x_2_creatures_on_both_sides(new_game):
    game, a, b = cast_sorcery(new_game, "Infest", "BBB",
                              mine=("Grizzly Bears", "Leatherback Baloth"),
                              theirs=("Savannah Lions",))
    assert a[0] in game.graveyard(0) and b[0] in game.graveyard(1)       # 704.5f
    assert game.power_toughness(a[1]) == (2, 3)


def test_inspired_charge_and_warriors_honor_pump_your_creatures_at_instant_speed(new_game):
    game = new_game("60 Forest", "60 Forest")
    game.pass_to(Step.UPKEEP, 1)                                          # P1's turn
    for _ in range(4):
        game.create_card("Plains", 0, Zone.BATTLEFIELD)
    mine = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.player == 0)
    game.cast(game.create_card("Inspired Charge", 0))
    game.pass_priority(); game.pass_priority()
    assert game.power_toughness(mine) == (4, 2) and game.power_toughness(theirs) == (2, 1)


def test_trumpet_blast_pumps_every_attacking_creature_only(new_game):
    game = new_game("60 Forest", "60 Forest")
    game.pass_to(Step.MAIN, 0)
    for _ in range(3):
        game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    attackers = [game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2)]
    home = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({o: game.player_target(1) for o in attackers})
    game.pass_until(lambda g: g.decision.kind == Decision.PRIORITY and g.decision.player == 0
                    and g.step == Step.DECLARE_BLOCKERS)
    game.cast(game.create_card("Trumpet Blast", 0))
    game.pass_priority(); game.pass_priority()
    assert [game.power_toughness(o) for o in attackers] == [(4, 2), (4, 2)]
    assert game.power_toughness(home) == (2, 2)
    game.pass_to(Step.END, 0)
    assert game.life(1) == 12                                             # 4 + 4 unblocked


TEST_CARDS = [Card("Test Rallier", "{1}", ("Creature",), power=1, toughness=1,
                   abilities=(ActivatedAbility("{0}", Pump("other creatures you control", 1, 1)),))]


def test_other_creatures_you_control_excludes_the_source(new_game):
    game = new_game("60 Forest", "60 Forest")
    game.pass_to(Step.MAIN, 0)
    rallier = game.create_card("Test Rallier", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.activate(rallier, 0)
    game.pass_priority(); game.pass_priority()
    assert game.power_toughness(bears) == (3, 3)
    assert game.power_toughness(rallier) == (1, 1) and game.power_toughness(theirs) == (2, 2)


def test_an_unknown_group_is_refused_when_the_card_is_compiled():
    with pytest.raises(CardScriptError, match="each creatures"):
        CardDB([Card("Test Bad", "{1}", ("Sorcery",),
                     abilities=(SpellAbility(Pump("each creatures", 1, 1)),))])


def test_random_games_with_group_spells_finish(cards):
    from mtg_core import Deck, Game
    deck = Deck.parse("12 Mountain\n6 Plains\n6 Forest\n4 Pyroclasm\n4 Day of Judgment\n"
                      "4 Overrun\n4 Trumpet Blast\n4 Inspired Charge\n12 Grizzly Bears\n"
                      "4 Savannah Lions")
    for seed in range(10):
        game = Game([deck, "gruul"], seed=seed, cards=cards)
        game.play_random(seed)
        assert game.is_over and game.result.kind.name in ("WIN", "DRAW")
