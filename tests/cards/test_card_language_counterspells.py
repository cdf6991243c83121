"""Countering spells (701.5): "counter target spell" and its restricted kinds (creature /
noncreature spell), "counter target spell unless its controller pays {N}" (the payer
decides, when able), targets on the stack (115.1, 115.5), an additional cost of life
(119.4, 601.2f: Withering Boon) and a counterspell that also investigates (701.16a)."""
import pytest

from mtg_core import Action, ActionKind, Decision, IllegalActionError, Step, Zone

SEED = 7


def islands(game, p, n):
    return [game.create_card("Island", p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    while game.stack() and not game.is_over and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def opponent_casts_djinn(game, p1_islands=2):
    """Player 0 casts Mahamoti Djinn in their main phase; player 1 holds priority."""
    islands(game, 0, 6)
    islands(game, 1, p1_islands)
    djinn = game.create_card("Mahamoti Djinn", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(djinn)
    game.pass_priority()
    return djinn


def test_701_5a_counterspell_puts_the_countered_spell_into_its_owners_graveyard(new_game):
    game = new_game("60 Island", "60 Island")
    djinn = opponent_casts_djinn(game)
    counter = game.create_card("Counterspell", 1)
    game.cast(counter, djinn)
    assert [s["obj"] for s in game.stack()] == [djinn, counter]
    resolve(game)
    assert game.graveyard(0) == [djinn] and game.graveyard(1) == [counter]
    assert djinn not in game.battlefield() and game.stack() == []
    assert any("Mahamoti Djinn" in line and "countered (701.5a)" in line for line in game.log)


def test_115_5_a_spell_cant_target_itself_so_a_lone_counterspell_cant_be_cast(new_game, can_cast):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 2)
    counter = game.create_card("Counterspell", 0)
    game.pass_to(Step.MAIN, 0)
    assert not can_cast(game, counter)                   # 601.2c: no spell to target
    with pytest.raises(IllegalActionError, match="601.2c"):
        game.cast(counter)


def test_115_1_target_spell_kinds_creature_and_noncreature(new_game, can_cast):
    game = new_game("60 Island", "60 Island")
    djinn = opponent_casts_djinn(game, p1_islands=4)
    scatter = game.create_card("Essence Scatter", 1)
    negate = game.create_card("Negate", 1)
    assert can_cast(game, scatter) and not can_cast(game, negate)   # a creature spell
    game.cast(scatter, djinn)
    # Negate can target Essence Scatter (a noncreature spell), but not the Djinn
    game.apply(Action.make(ActionKind.CAST, negate))
    assert game.target_choices() == [scatter]
    game.apply(Action.make(ActionKind.TARGET, scatter))
    resolve(game)
    assert djinn in game.battlefield(0) and game.graveyard(1) == [scatter, negate]


def test_701_5_mana_leak_its_controller_may_pay(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 3)                                  # 9 Islands: 3 left after the Djinn
    djinn = opponent_casts_djinn(game)
    leak = game.create_card("Mana Leak", 1)
    game.cast(leak, djinn)
    game.pass_priority()
    game.pass_priority()                                 # Mana Leak resolves
    d = game.decision
    assert d.kind == Decision.PAY_UNLESS and d.player == 0 and d.count == 3 and d.source == djinn
    assert {a.a for a in game.legal_actions()} == {0, 1}
    game.apply(Action.make(ActionKind.PAY_UNLESS, 1))
    assert sum(game.obj(o)["tapped"] for o in game.battlefield(0)) == 9
    resolve(game)
    assert djinn in game.battlefield(0) and leak in game.graveyard(1)


def test_701_5_mana_leak_declined_counters_the_spell(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 3)
    djinn = opponent_casts_djinn(game)
    leak = game.create_card("Mana Leak", 1)
    game.cast(leak, djinn)
    game.pass_priority()
    game.pass_priority()
    game.apply(Action.make(ActionKind.PAY_UNLESS, 0))
    assert game.graveyard(0) == [djinn] and game.stack() == []
    assert sum(game.obj(o)["tapped"] for o in game.battlefield(0)) == 6   # nothing paid


def test_701_5_mana_leak_counters_at_once_when_its_controller_cant_pay(new_game):
    game = new_game("60 Island", "60 Island")
    djinn = opponent_casts_djinn(game)                   # all six Islands are tapped
    leak = game.create_card("Mana Leak", 1)
    game.cast(leak, djinn)
    game.pass_priority()
    game.pass_priority()
    assert game.decision.kind == Decision.PRIORITY       # no decision: it can't be paid
    assert game.graveyard(0) == [djinn]


def test_702_29a_censor_cycles_from_the_hand_or_asks_for_one(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 1)
    djinn = opponent_casts_djinn(game)
    censor = game.create_card("Censor", 1)
    game.cast(censor, djinn)
    resolve(game)
    assert game.decision.kind == Decision.PAY_UNLESS and game.decision.count == 1
    game.apply(Action.make(ActionKind.PAY_UNLESS, 1))
    resolve(game)
    assert djinn in game.battlefield(0)


def test_119_4_withering_boon_pays_3_life_and_needs_that_much(new_game, can_cast):
    game = new_game("60 Island", "60 Swamp")
    djinn = opponent_casts_djinn(game, p1_islands=0)
    swamps = [game.create_card("Swamp", 1, Zone.BATTLEFIELD) for _ in range(2)]
    boon = game.create_card("Withering Boon", 1)
    game.set_player(1, life=2)
    assert not can_cast(game, boon)                      # 119.4: 2 life can't pay 3
    game.set_player(1, life=4)
    game.cast(boon, djinn)
    assert game.life(1) == 1                              # paid as it was cast (601.2h)
    assert all(game.obj(s)["tapped"] for s in swamps)
    assert any("pays 3 life (119.4)" in line for line in game.log)
    resolve(game)
    assert game.graveyard(0) == [djinn]


def test_701_16a_confirm_suspicions_counters_and_investigates_three_times(new_game):
    game = new_game("60 Island", "60 Island")
    djinn = opponent_casts_djinn(game, p1_islands=5)
    confirm = game.create_card("Confirm Suspicions", 1)
    game.cast(confirm, djinn)
    resolve(game)
    assert game.graveyard(0) == [djinn]
    assert len(game.find("Clue", Zone.BATTLEFIELD, 1)) == 3


def test_608_2b_a_counterspell_whose_target_left_the_stack_does_not_resolve(new_game):
    game = new_game("60 Island", "60 Island")
    djinn = opponent_casts_djinn(game, p1_islands=4)
    first, second = game.create_card("Counterspell", 1), game.create_card("Counterspell", 1)
    game.cast(first, djinn)
    game.cast(second, djinn)
    resolve(game)
    assert game.graveyard(0) == [djinn]
    assert any("Counterspell#%d doesn't resolve" % first in line for line in game.log)


def test_104_3a_conceding_while_deciding_whether_to_pay_leaves_a_state_that_loads(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 3)
    djinn = opponent_casts_djinn(game)
    leak = game.create_card("Mana Leak", 1)
    game.cast(leak, djinn)
    game.pass_priority()
    game.pass_priority()
    assert game.decision.kind == Decision.PAY_UNLESS
    saved = game.save()
    assert type(game).load(saved, game.cards) == game       # every invariant holds
    game.concede(0)
    assert game.is_over
    assert type(game).load(game.save(), game.cards) == game
