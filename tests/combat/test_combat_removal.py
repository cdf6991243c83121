"""Leaving combat (506.4) by every path -- regeneration (701.19), a control change (layer 2:
Act of Treason, Threaten), no longer being a creature, leaving the battlefield -- and
creatures put onto the battlefield attacking (508.4, 506.3: Preeminent Captain)."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game
from mtg_core.cards import (Draw, GainControl, GainLife, Regenerate, ActivatedAbility,
                            SpellAbility, TriggeredAbility, CardScriptError, CardDB,
                            PutFromHandAttacking, PutFromHandBlocking, Damage)
from mtg_core.enums import ActionKind, Decision, Phase, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import P1, TEST_CARDS

CARDS = TEST_CARDS.extended([
    # an instant-speed control change, to change control in the middle of combat
    Card("Test Instant Steal", "{R}", ("Instant",),
         abilities=(SpellAbility(GainControl("target"), targets=("creature",)),)),
    # a Soldier whose "whenever ~ attacks" must not trigger when put onto the battlefield
    # attacking (508.4)
    Card("Test Soldier Trigger", "{1}", ("Creature",), ("Soldier",), power=1, toughness=1,
         abilities=(TriggeredAbility("attacks", GainLife("you", 5)),)),
    # 509.7: puts a creature card from hand onto the battlefield blocking (the seeds' example
    # uses Flash Foliage, whose Saproling token the card language can't make yet)
    Card("Test Ambush", "{G}", ("Instant",),
         abilities=(SpellAbility(PutFromHandBlocking("target"),
                                 targets=("creature an opponent controls",)),)),
    Card("Test Block Trigger", "{1}", ("Creature",), power=1, toughness=1,
         abilities=(TriggeredAbility("blocks", GainLife("you", 5)),
                    TriggeredAbility("blocks a creature", GainLife("you", 5)))),
    # regeneration together with a damage trigger
    Card("Test Regenerating Fox", "{1}", ("Creature",), power=1, toughness=1,
         abilities=(ActivatedAbility("{B}", Regenerate("self")),
                    TriggeredAbility("deals combat damage to a creature", Draw("you", 1)))),
])


def game(p0=(), p1=(), hand0=(), lands0=(), lands1=()):
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    h = [g.create_card(n, 0, Zone.HAND) for n in hand0]
    for n in lands0:
        g.create_card(n, 0, Zone.BATTLEFIELD)
    for n in lands1:
        g.create_card(n, 1, Zone.BATTLEFIELD)
    return g, a, b, h


def to_attackers(g):
    g.pass_until(lambda gg: gg.decision and gg.decision.kind == Decision.DECLARE_ATTACKERS)


def to_blockers(g):
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)


def resolve_all(g):
    while g.stack() or g.decision.kind == Decision.ORDER_TRIGGERS:
        if g.decision.kind == Decision.ORDER_TRIGGERS:
            g.apply(g.legal_actions()[0])
        else:
            g.pass_priority()


def in_combat(g, o):
    return g.obj(o)["combat"] & 3


# --- 701.19 regeneration, 506.4 ----------------------------------------------------------------

def test_701_19_regenerated_blocker_leaves_combat_and_deals_no_damage():
    """Drudge Skeletons blocks a first striker with a regeneration shield: the first-strike
    damage would destroy it (704.5g); instead it is tapped, its damage removed and it is
    removed from combat (506.4), so it deals no damage in the regular step."""
    g, (knight,), (skel,), _ = game(["Youthful Knight"], ["Drudge Skeletons"], lands1=["Swamp"])
    to_attackers(g)
    g.declare_attackers({knight: P1})
    to_blockers(g)
    g.declare_blockers({skel: knight})
    g.pass_priority()                               # P0 passes: P1 may act
    g.activate(skel, 0)
    resolve_all(g)
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert skel in g.battlefield(1)
    assert g.obj(skel)["tapped"] == 1 and g.obj(skel)["damage"] == 0
    assert not in_combat(g, skel)
    assert g.obj(knight)["damage"] == 0             # the Skeletons dealt nothing
    assert g.obj(knight)["combat"] & 4              # still blocked (509.1h): no damage to P1
    assert g.life(1) == 20
    assert any("regenerates" in line for line in g.log)


def test_701_19_the_shield_replaces_destroy_and_lasts_only_this_turn():
    g, _, (skel,), h = game([], ["Drudge Skeletons"], hand0=["Murder", "Murder"],
                            lands0=["Swamp"] * 6, lands1=["Swamp"])
    g.pass_until(lambda gg: gg.step == Step.UPKEEP)
    g.pass_priority()                               # P1 gets priority in P0's upkeep
    g.activate(skel, 0)
    resolve_all(g)
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    g.cast(h[0], skel)
    resolve_all(g)
    assert skel in g.battlefield(1) and g.obj(skel)["tapped"] == 1
    g.cast(h[1], skel)                              # the shield is used up
    resolve_all(g)
    assert skel in g.graveyard(1)


def test_701_19_an_unused_shield_ends_with_the_turn():
    g, _, (skel,), h = game([], ["Drudge Skeletons"], hand0=["Murder"],
                            lands0=["Swamp"] * 3, lands1=["Swamp"])
    g.pass_until(lambda gg: gg.step == Step.UPKEEP)
    g.pass_priority()
    g.activate(skel, 0)
    resolve_all(g)
    g.pass_until(lambda gg: gg.turn == 2 and gg.phase == Phase.PRECOMBAT_MAIN)
    g.pass_until(lambda gg: gg.turn == 3 and gg.phase == Phase.PRECOMBAT_MAIN)
    g.cast(h[0], skel)
    resolve_all(g)
    assert skel in g.graveyard(1)


def test_701_19_regeneration_and_a_damage_trigger_of_the_same_creature():
    """It deals combat damage (its trigger triggers) and is dealt lethal damage at the same
    time; it regenerates, and its trigger still resolves."""
    g, (giant,), (fox,), _ = game(["Hill Giant"], ["Test Regenerating Fox"], lands1=["Swamp"])
    hand = len(g.hand(1))
    to_attackers(g)
    g.declare_attackers({giant: P1})
    to_blockers(g)
    g.declare_blockers({fox: giant})
    g.pass_priority()
    g.activate(fox, 0)
    resolve_all(g)
    g.pass_until(lambda gg: gg.step == Step.COMBAT_DAMAGE)
    resolve_all(g)
    assert fox in g.battlefield(1) and g.obj(fox)["tapped"] == 1 and not in_combat(g, fox)
    assert g.obj(giant)["damage"] == 1
    assert len(g.hand(1)) == hand + 1


def test_702_12b_indestructible_needs_no_shield():
    g, (myr,), _, h = game(["Darksteel Myr"], [], hand0=["Murder"], lands0=["Swamp"] * 3)
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    g.cast(h[0], myr)
    resolve_all(g)
    assert myr in g.battlefield(0) and g.obj(myr)["tapped"] == 0


# --- layer 2 control changes: Act of Treason, Threaten, 506.4 ------------------------------------

def test_act_of_treason_gain_control_untap_haste_attack_and_give_it_back():
    g, _, (giant,), h = game([], ["Hill Giant"], hand0=["Act of Treason"], lands0=["Mountain"] * 3)
    g.set_object(giant, tapped=1)
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    g.cast(h[0], giant)
    resolve_all(g)
    assert g.obj(giant)["controller"] == 0 and g.obj(giant)["tapped"] == 0
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({giant: P1})                # haste: it can attack this turn
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 17
    g.pass_until(lambda gg: gg.turn == 2)
    assert g.obj(giant)["controller"] == 1          # "until end of turn" ended (514.2)
    assert any("now controls" in line for line in g.log)


def test_threaten_untaps_and_steals_until_end_of_turn():
    g, _, (bear,), h = game([], ["Grizzly Bears"], hand0=["Threaten"], lands0=["Mountain"] * 3)
    g.set_object(bear, tapped=1)
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    g.cast(h[0], bear)
    resolve_all(g)
    assert g.obj(bear)["controller"] == 0 and g.obj(bear)["tapped"] == 0
    assert g.obj(bear)["sick"] == 1 and "HASTE" in repr(g.keywords(bear))  # 302.6, haste
    g.pass_until(lambda gg: gg.turn == 2)
    assert g.obj(bear)["controller"] == 1


def test_506_4_a_control_change_mid_combat_removes_the_attacker():
    """P1 steals an attacking creature during the declare blockers step: it stops
    attacking (506.4) and deals no combat damage."""
    g, (giant, bear), _, _ = game(["Hill Giant", "Grizzly Bears"], [])
    steal = g.create_card("Test Instant Steal", 1, Zone.HAND)
    g.create_card("Mountain", 1, Zone.BATTLEFIELD)
    to_attackers(g)
    g.declare_attackers({giant: P1, bear: P1})
    g.pass_priority()                               # P1 gets priority in declare attackers
    g.cast(steal, giant)
    resolve_all(g)
    assert g.obj(giant)["controller"] == 1 and not in_combat(g, giant)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 18                          # only the Bears' damage


def test_layer_2_two_control_effects_the_latest_wins_and_control_returns_to_the_owner():
    g, (bear,), _, _ = game(["Grizzly Bears"], [])
    s1 = g.create_card("Test Instant Steal", 1, Zone.HAND)
    s0 = g.create_card("Test Instant Steal", 0, Zone.HAND)
    g.create_card("Mountain", 1, Zone.BATTLEFIELD)
    g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    g.pass_priority()
    g.cast(s1, bear)                                # P1 steals it ...
    resolve_all(g)
    assert g.obj(bear)["controller"] == 1
    g.cast(s0, bear)                                # ... P0 takes it back (a later effect)
    resolve_all(g)
    assert g.obj(bear)["controller"] == 0
    g.pass_until(lambda gg: gg.turn == 2)
    assert g.obj(bear)["controller"] == 0


# --- 506.4: no longer a creature ------------------------------------------------------------------

def test_506_4_a_permanent_that_stops_being_a_creature_leaves_combat():
    """No card in the pool changes types yet: the test rewrites the attacker's card row to
    a non-creature one (what a type-changing effect would do) and lets the engine look."""
    g, (bear, other), _, _ = game(["Grizzly Bears", "Grizzly Bears"], [])
    to_attackers(g)
    g.declare_attackers({bear: P1, other: P1})
    objs = g.state.sections()["objects"]
    objs["card"][bear] = g.cards.row("Ornithopter")       # still a creature: stays
    g.state.sections()["header"][list(g.state.header()).index("sba_dirty")] = 1
    g.pass_priority()
    assert in_combat(g, bear)
    objs = g.state.sections()["objects"]
    objs["card"][bear] = g.cards.row("Bonesplitter")      # an artifact, no longer a creature
    g.state.sections()["header"][list(g.state.header()).index("sba_dirty")] = 1
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert not in_combat(g, bear)
    assert g.life(1) == 18
    assert any("no longer a creature: removed from combat (506.4)" in line for line in g.log)


# --- 508.4: put onto the battlefield attacking (Preeminent Captain) ------------------------------

def captain_game(hand0):
    g, (cap,), _, h = game(["Preeminent Captain"], [], hand0=hand0)
    to_attackers(g)
    g.declare_attackers({cap: P1})
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())
    return g, cap, h


def test_508_4_preeminent_captain_puts_a_soldier_onto_the_battlefield_attacking():
    g, cap, (vanguard, bear) = captain_game(["Elite Vanguard", "Grizzly Bears"])
    assert g.decision.kind == Decision.CHOOSE_FROM_HAND and g.decision.player == 0
    assert [a.a for a in g.legal_actions() if a.kind == ActionKind.CHOOSE_CARD] == [vanguard]
    assert g.legal_actions()[0].kind == ActionKind.DECLINE      # "you may"
    g.apply(Action.make(ActionKind.CHOOSE_CARD, vanguard))
    o = g.obj(vanguard)
    assert vanguard in g.battlefield(0) and o["tapped"] == 1 and o["combat"] & 1
    assert o["combat_target"] == P1
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 16                        # 2 (first strike) + 2
    assert any("enters the battlefield attacking P1 (508.4)" in line for line in g.log)


def test_508_4_a_creature_put_onto_the_battlefield_attacking_did_not_attack():
    """It is attacking but was never declared: its "whenever ~ attacks" doesn't trigger."""
    g, cap, (soldier,) = captain_game(["Test Soldier Trigger"])
    g.apply(Action.make(ActionKind.CHOOSE_CARD, soldier))
    assert g.obj(soldier)["combat"] & 1
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(0) == 20 and g.life(1) == 17


def test_508_4_it_can_be_blocked_when_it_enters_before_blockers():
    g, cap, (vanguard,) = captain_game(["Elite Vanguard"])
    spider = g.create_card("Giant Spider", 1, Zone.BATTLEFIELD)
    g.apply(Action.make(ActionKind.CHOOSE_CARD, vanguard))
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers({spider: vanguard})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert vanguard in g.graveyard(0) and g.life(1) == 18


def test_508_4_you_may_decline_and_a_hand_without_soldiers_asks_nothing():
    g, cap, (vanguard,) = captain_game(["Elite Vanguard"])
    g.apply(Action.make(ActionKind.DECLINE))
    assert vanguard in g.hand(0)
    g2, cap2, _ = captain_game(["Grizzly Bears"])
    assert g2.decision.kind == Decision.PRIORITY    # nothing to choose: nothing happens
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.CHOOSE_CARD, vanguard))


def test_508_4_a_choice_among_what_it_may_attack():
    """With a planeswalker the defending player controls, the controller chooses what it
    attacks (508.4): a decision."""
    g, (cap,), (walker,), h = game(["Preeminent Captain"], ["Test Walker"], hand0=["Elite Vanguard"])
    to_attackers(g)
    g.declare_attackers({cap: P1})
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())
    g.apply(Action.make(ActionKind.CHOOSE_CARD, h[0]))
    assert g.decision.kind == Decision.ATTACK_WHAT
    assert sorted(a.a for a in g.legal_actions()) == sorted([P1, walker])
    g.apply(Action.make(ActionKind.ATTACK_WHAT, walker))
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.obj(walker)["loyalty"] == 3 and g.life(1) == 18


def test_508_4_the_choice_survives_save_and_load():
    g, cap, (vanguard,) = captain_game(["Elite Vanguard"])
    g2 = Game.load(g.save(), cards=CARDS)
    assert g2.decision.kind == Decision.CHOOSE_FROM_HAND
    g2.apply(Action.make(ActionKind.CHOOSE_CARD, vanguard))
    assert g2.obj(vanguard)["combat"] & 1


def test_a_choice_from_hand_must_end_its_program():
    with pytest.raises(CardScriptError, match="last effect"):
        CardDB([Card("Bad", "{1}", ("Creature",), power=1, toughness=1,
                     abilities=(TriggeredAbility("attacks", PutFromHandAttacking("Soldier"),
                                                 Damage("you", 1)),))])


# --- 509.7: put onto the battlefield blocking ------------------------------------------------

def ambush(attackers, blockers, hand1, blocks, cast_on):
    """P0 attacks P1 with ``attackers``; P1 blocks ({blocker index: attacker index}), then
    casts Test Ambush on attacker ``cast_on`` and is asked which card to put blocking."""
    g, a, b, _ = game(attackers, blockers)
    h = [g.create_card(n, 1, Zone.HAND) for n in hand1]
    spell = g.create_card("Test Ambush", 1, Zone.HAND)
    g.create_card("Forest", 1, Zone.BATTLEFIELD)
    to_attackers(g)
    g.declare_attackers({o: P1 for o in a})
    if b:
        to_blockers(g)
        g.declare_blockers({b[j]: a[i] for j, i in blocks.items()})
    g.pass_until(lambda gg: gg.step == Step.DECLARE_BLOCKERS and
                 gg.decision.kind == Decision.PRIORITY and gg.decision.player == 1)
    g.cast(spell, a[cast_on])
    g.pass_priority(); g.pass_priority()
    assert g.decision.kind == Decision.CHOOSE_FROM_HAND and g.decision.player == 1
    return g, a, b, h


def test_509_7_seed_example_the_active_player_places_the_new_blocker():
    """509.7's example: Giant Spider is blocked by Canyon Minotaur; the defending player
    puts a 1/1 green creature onto the battlefield blocking Giant Spider (the example's
    Saproling); the Spider's controller puts it first in the damage assignment order,
    then the Minotaur."""
    g, (spider,), (mino,), (sap,) = ambush(["Giant Spider"], ["Canyon Minotaur"],
                                           ["Llanowar Elves"], {0: 0}, 0)
    g.apply(Action.make(ActionKind.CHOOSE_CARD, sap))
    assert g.obj(sap)["combat"] & 2 and sap in g.battlefield(1)
    assert g.decision.kind == Decision.DAMAGE_ORDER and g.decision.player == 0
    assert sorted(x.a for x in g.legal_actions()) == sorted([mino, sap])
    g.apply(Action.make(ActionKind.ORDER_BLOCKER, sap))
    assert g.decision.kind == Decision.PRIORITY
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    # 2 damage: lethal (1) to the Saproling stand-in first, the rest to the Minotaur
    assert sap in g.graveyard(1) and g.obj(mino)["damage"] == 1
    assert any("enters the battlefield blocking Giant Spider" in line for line in g.log)


def test_509_7_the_others_keep_their_relative_order():
    """Two blockers ordered A then B; the new one can go first, between them or last, but
    A stays before B (509.7, 509.6)."""
    g, (wurm,), (x, y), (new,) = ambush(["Test Wurm 5/6"], ["Test Guard 0/3", "Test Guard 0/3"],
                                        ["Llanowar Elves"], {0: 0, 1: 0}, 0)
    first, second = g.damage_assignment_order(wurm)
    g.apply(Action.make(ActionKind.CHOOSE_CARD, new))
    assert sorted(a.a for a in g.legal_actions()) == sorted([first, new])   # never the second
    g.apply(Action.make(ActionKind.ORDER_BLOCKER, first))
    assert sorted(a.a for a in g.legal_actions()) == sorted([second, new])
    g.apply(Action.make(ActionKind.ORDER_BLOCKER, new))                     # between them
    assert g.damage_assignment_order(wurm) == [first, new, second]


def test_509_7_never_blocked_for_triggers_but_the_attacker_becomes_blocked():
    """509.4a-b: a creature put onto the battlefield blocking doesn't trigger "blocks";
    509.4c-d: the unblocked attacker becomes blocked, by that creature."""
    g, (tiger,), _, (blocker,) = ambush(["Cave Tiger"], [], ["Test Block Trigger"], {}, 0)
    assert not g.obj(tiger)["combat"] & 4
    g.apply(Action.make(ActionKind.CHOOSE_CARD, blocker))
    assert g.obj(tiger)["combat"] & 4                # now blocked (509.1h)
    resolve_all(g)
    assert g.life(1) == 20                           # no "blocks" trigger
    assert g.power_toughness(tiger) == (3, 3)        # "becomes blocked by a creature" once
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert g.life(1) == 20 and blocker in g.graveyard(1)


def test_506_3d_a_creature_cant_enter_blocking_an_attacker_not_attacking_its_controller():
    """Multiplayer: the Bear attacks P2; P1 can't put a creature onto the battlefield
    blocking it (506.3d): it enters, not blocking."""
    g = Game(["bears"] * 3, seed=5, cards=CARDS, mulligans=False, starting_player=0)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    elves = g.create_card("Llanowar Elves", 1, Zone.HAND)
    spell = g.create_card("Test Ambush", 1, Zone.HAND)
    g.create_card("Forest", 1, Zone.BATTLEFIELD)
    to_attackers(g)
    g.declare_attackers({bear: Game.player_target(2)})
    g.pass_until(lambda gg: gg.decision.kind == Decision.PRIORITY and gg.decision.player == 1)
    g.cast(spell, bear)
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY)
    g.apply(Action.make(ActionKind.CHOOSE_CARD, elves))
    assert elves in g.battlefield(1) and not g.obj(elves)["combat"]
    assert not g.obj(bear)["combat"] & 4
