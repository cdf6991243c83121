"""Damage assignment order (509.2), combat damage (510), first and double strike (510.5 in
the seeds' numbering), end of combat (511.3) and removal from combat (506.4)."""
from __future__ import annotations

import pytest

from mtg_core import Game, PassUntilError, _engine
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.game import Action

from combat_helpers import DONE, P1, TEST_CARDS, combat_game, to_blockers


def fight(p0, p1, attacks, blocks, orders=None, edit=None):
    """Attack, block, take the damage assignment orders given ({attacker: [blockers]}, or
    the default), and stop at the end of combat step."""
    g, a, b = combat_game(p0, p1, edit=edit)
    to_blockers(g, {a[i]: P1 for i in attacks})
    if g.decision.kind == Decision.DECLARE_BLOCKERS:
        g.declare_blockers({b[j]: a[i] for j, i in blocks.items()})
    while g.decision and g.decision.kind == Decision.DAMAGE_ORDER:
        att = g.decision.source
        want = (orders or {}).get(a.index(att))
        if want:
            nxt = next(b[j] for j in want if Action.make(ActionKind.ORDER_BLOCKER, b[j]) in g.legal_actions())
            g.apply(Action.make(ActionKind.ORDER_BLOCKER, nxt))
        else:
            g.apply(g.legal_actions()[0])
    return g, a, b


def dmg(g, o):
    return g.obj(o)["damage"]


def until_end_of_combat(g):
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)


# --- 510.1a-c ----------------------------------------------------------------------------

def test_510_1a_unblocked_attacker_damages_the_player():
    g, a, b = fight(["Grizzly Bears"], [], [0], {})
    until_end_of_combat(g)
    assert g.life(1) == 18
    assert any("combat damage is dealt (510.2)" in line for line in g.log)


def test_510_1b_blocker_and_attacker_damage_each_other():
    g, (bear,), (spider,) = fight(["Hill Giant"], ["Giant Spider"], [0], {0: 0})
    until_end_of_combat(g)
    assert dmg(g, spider) == 3 and g.life(1) == 20
    assert dmg(g, bear) == 2


def test_509_2_seed_example_the_active_player_orders_the_blockers():
    """Three blockers; the attacking player orders them one at a time; the order is kept."""
    g, (wurm,), (elves, bear, angel) = combat_game(["Test Wurm 5/6"],
                                                   ["Llanowar Elves", "Grizzly Bears", "Serra Angel"])
    to_blockers(g, {wurm: P1})
    g.declare_blockers({elves: wurm, bear: wurm, angel: wurm})
    assert g.decision.kind == Decision.DAMAGE_ORDER and g.decision.player == 0
    assert g.decision.source == wurm
    assert {a.a for a in g.legal_actions()} == {elves, bear, angel}
    g.apply(Action.make(ActionKind.ORDER_BLOCKER, angel))
    g.apply(Action.make(ActionKind.ORDER_BLOCKER, elves))       # the bear goes last by itself
    assert g.decision.kind == Decision.PRIORITY
    assert g.damage_assignment_order(wurm) == [angel, elves, bear]
    until_end_of_combat(g)
    # 5 power: 4 lethal to the Angel, then 1 lethal to the Elves, nothing left for the bear
    assert angel in g.graveyard(1) and elves in g.graveyard(1) and bear in g.battlefield(1)


def test_510_1c_seed_example_lethal_to_the_first_then_the_rest():
    """5/6 attacker; its order: a 0/3, then a 1/1.  Default assignment: 3 to the first
    (lethal), 2 to the second (of the legal 3+2, 4+1, 5+0)."""
    g, (wurm,), (guard, elves) = fight(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"],
                                       [0], {0: 0, 1: 0}, orders={0: [0, 1]})
    until_end_of_combat(g)
    assert guard in g.graveyard(1) and elves in g.graveyard(1)
    assert dmg(g, wurm) == 1


def test_510_1c_seed_example_pumped_first_blocker_takes_everything():
    """Giant Growth on the first blocker (now 3/6): all 5 must go to it."""
    g2, (wurm2,), (guard2, elves2) = fight(
        ["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"], [0], {0: 0, 1: 0}, orders={0: [0, 1]})
    g2.set_object(guard2, plus1=3)          # three +1/+1 counters stand in for the +3/+3
    until_end_of_combat(g2)
    assert g2.obj(guard2)["damage"] == 5 and elves2 in g2.battlefield(1)


def test_510_1c_lethal_counts_damage_already_marked():
    """A 3/3 with 2 damage already marked needs only 1 more (the seeds' 7/7 example)."""
    def edit(g, a, b):
        g.set_object(b[0], damage=2)
    g, (baloth,), (armodon, thunder) = fight(["Hill Giant"], ["Kalonian Tusker", "Kalonian Tusker"],
                                             [0], {0: 0, 1: 0}, orders={0: [0, 1]}, edit=edit)
    until_end_of_combat(g)
    # 3 power: 1 lethal to the damaged one, 2 to the next
    assert armodon in g.graveyard(1)
    assert g.obj(thunder)["damage"] == 2


def test_510_1c_blocked_creature_whose_blocker_left_deals_no_damage():
    """509.1h / 510.1c: it stays blocked; with no blocker left it assigns no damage."""
    g, (giant,), (spider,) = fight(["Hill Giant"], ["Giant Spider"], [0], {0: 0})
    g.move(spider, Zone.GRAVEYARD)                    # removed from combat (506.4)
    until_end_of_combat(g)
    assert g.life(1) == 20 and g.obj(giant)["combat"] & _engine.CB_BLOCKED


# --- 702.19 trample, 702.2 deathtouch, 702.15 lifelink ---------------------------------------

def test_702_19_trample_assigns_the_rest_to_the_player():
    g, (wurm,), (bear,) = fight(["Colossal Dreadmaw"], ["Grizzly Bears"], [0], {0: 0})
    until_end_of_combat(g)
    assert g.life(1) == 16 and bear in g.graveyard(1)


def test_702_19e_trample_with_all_blockers_gone_hits_the_player():
    g, (wurm,), (bear,) = fight(["Colossal Dreadmaw"], ["Grizzly Bears"], [0], {0: 0})
    g.move(bear, Zone.GRAVEYARD)
    until_end_of_combat(g)
    assert g.life(1) == 14


def test_702_2c_trample_with_deathtouch_one_damage_is_lethal():
    g, (dt,), (b1, b2) = fight(["Test Deathtouch Trampler"], ["Grizzly Bears", "Serra Angel"],
                               [0], {0: 0, 1: 0})
    until_end_of_combat(g)
    assert b1 in g.graveyard(1) and b2 in g.graveyard(1)          # 704.5h
    assert g.life(1) == 17                                        # 5 - 1 - 1


def test_702_15_lifelink_and_deathtouch_in_combat():
    g, (aeth,), (giant,) = fight(["Gifted Aetherborn"], ["Hill Giant"], [0], {0: 0})
    until_end_of_combat(g)
    assert g.life(0) == 22 and giant in g.graveyard(1)


def test_510_2_damage_is_simultaneous():
    """Two creatures that kill each other both die: damage is dealt at once."""
    g, (a,), (b,) = fight(["Grizzly Bears"], ["Grizzly Bears"], [0], {0: 0})
    until_end_of_combat(g)
    assert a in g.graveyard(0) and b in g.graveyard(1)


# --- 510.5 (seed numbering): first and double strike ---------------------------------------------

def test_first_strike_kills_before_regular_damage():
    g, (knight,), (bear,) = fight(["Youthful Knight"], ["Grizzly Bears"], [0], {0: 0})
    until_end_of_combat(g)
    assert knight in g.battlefield(0) and bear in g.graveyard(1)
    assert any("first-strike combat damage" in line for line in g.log)


def test_double_strike_deals_damage_in_both_steps():
    g, (ace,), () = fight(["Fencing Ace"], [], [0], {})
    until_end_of_combat(g)
    assert g.life(1) == 18


def test_no_first_strike_step_without_first_strikers():
    g, (a,), () = fight(["Grizzly Bears"], [], [0], {})
    until_end_of_combat(g)
    assert sum("combat damage is dealt" in line for line in g.log) == 1
    assert not any("first-strike" in line for line in g.log)


def test_first_striker_blocked_by_a_regular_creature_takes_damage_in_the_second_step():
    g, (knight,), (giant,) = fight(["Youthful Knight"], ["Hill Giant"], [0], {0: 0})
    until_end_of_combat(g)
    assert knight in g.graveyard(0) and dmg(g, giant) == 2


@pytest.mark.parametrize("edition", ["seed", "current", "classic"])
def test_510_5_the_first_strike_damage_step_is_told_from_the_regular_one(edition):
    """510.5 (510.4 in the current rules): with a first striker in combat there are two
    combat damage steps, both Step.COMBAT_DAMAGE; is_first_strike_damage_step is True in
    the first only, and pass_to(first_strike=...) reaches either.  The printed board
    names the first one."""
    g = Game(["bears", "bears"], seed=11, cards=TEST_CARDS, mulligans=False, starting_player=0,
             edition=edition)
    knight = g.create_card("Youthful Knight", 0, Zone.BATTLEFIELD)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert not g.is_first_strike_damage_step
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({knight: P1, bear: P1})
    g.pass_to(Step.COMBAT_DAMAGE, first_strike=True)
    assert g.is_first_strike_damage_step and g.life(1) == 18        # the Knight's 2
    assert "first-strike combat damage step" in str(g)
    g.pass_to(Step.COMBAT_DAMAGE, first_strike=False, turn=g.turn)
    assert g.step == Step.COMBAT_DAMAGE and not g.is_first_strike_damage_step
    assert "first-strike" not in str(g).splitlines()[0]
    g.pass_to(Step.END_COMBAT)
    assert g.life(1) == 16 and not g.is_first_strike_damage_step     # and the Bears' 2


def test_510_5_without_first_strikers_the_only_damage_step_is_the_regular_one():
    g, (a,), () = combat_game(["Grizzly Bears"])
    g.declare_attackers({a: P1})
    g.pass_to(Step.COMBAT_DAMAGE)
    assert not g.is_first_strike_damage_step and g.life(1) == 18
    with pytest.raises(PassUntilError) as err:
        g.pass_to(Step.COMBAT_DAMAGE, first_strike=True, turn=g.turn)
    assert err.value.reason == "turn_over"


# --- 511.3 end of combat ---------------------------------------------------------------------

def test_511_3_everything_is_removed_from_combat():
    g, (a,), (b,) = fight(["Grizzly Bears"], ["Giant Spider"], [0], {0: 0})
    g.pass_to(Step.MAIN, 0, phase=_postcombat())
    assert g.obj(a)["combat"] == 0 and g.obj(b)["combat"] == 0
    assert g.obj(a)["combat_target"] == -1 and g.obj(b)["block_mask"] == 0


def _postcombat():
    from mtg_core.enums import Phase
    return Phase.POSTCOMBAT_MAIN


def test_print_shows_who_attacks_and_blocks_whom():
    g, (a,), (b,) = fight(["Grizzly Bears"], ["Giant Spider"], [0], {0: 0})
    text = str(g)
    assert "attacking P1 (blocked)" in text and f"blocking Grizzly Bears#{a}" in text
    assert any("blocks Grizzly Bears" in line and "(509.1)" in line for line in g.log)
