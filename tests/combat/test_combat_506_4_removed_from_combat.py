"""Removal from combat (506.4) of an attacked planeswalker and of attacking and blocking
creatures, in the three rules editions: the attacker whose planeswalker left combat
attacks nothing (506.4c) but keeps its defending player (508.5), who may block it; and
creatures put onto the battlefield attacking when nothing was declared (508.4, 506.2);
effects that remove a creature from combat (Hollowhenge Spirit, Labyrinth of Skophos:
506.4, 509.2a, 509.3a) and "attacks alone" (Rogue Kavu, 506.5)."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game
from mtg_core.cards import (CardScriptError, GainControl, PutFromHandAttacking,
                            RemoveFromCombat, SpellAbility)
from mtg_core.enums import ActionKind, Decision, Edition, Phase, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import P1, TEST_CARDS

EDITIONS = (Edition.SEED, Edition.CURRENT, Edition.CLASSIC)

CARDS = TEST_CARDS.extended([
    # an instant-speed control change of a planeswalker (layer 2), to take the attacked one
    Card("Test Steal Walker", "{R}", ("Instant",),
         abilities=(SpellAbility(GainControl("target"), targets=("planeswalker",)),)),
    # an instant that puts a creature card from hand onto the battlefield attacking (508.4)
    Card("Test Sneak Attack", "{R}", ("Instant",),
         abilities=(SpellAbility(PutFromHandAttacking()),)),
])


def game(edition, p0=(), p1=(), hand0=(), players=2, others=(), attack_option=None):
    kw = {"attack_option": attack_option} if attack_option else {}
    g = Game(["bears"] * players, seed=5, cards=CARDS, mulligans=False, starting_player=0,
             edition=edition, **kw)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    for seat, names in enumerate(others, start=2):
        b += [g.create_card(n, seat, Zone.BATTLEFIELD) for n in names]
    h = [g.create_card(n, 0, Zone.HAND) for n in hand0]
    g.pass_until(lambda gg: gg.decision and gg.decision.kind == Decision.DECLARE_ATTACKERS
                 or gg.step == Step.DECLARE_ATTACKERS)
    return g, a, b, h


def resolve_stack(g):
    while g.stack():
        g.pass_priority()


# --- 506.4 / 506.4c: a control change of the attacked planeswalker ------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_506_4c_attacked_planeswalker_changes_control_attacker_attacks_nothing(edition):
    """P0's Bears attack P1's planeswalker; before blockers P0 takes the planeswalker.  506.4:
    the planeswalker is removed from combat; 506.4c: the Bears keep attacking but attack
    nothing; 508.5: P1 is still the defending player and may block them; unblocked they
    deal no combat damage (510.1b), to the planeswalker P0 now controls or to anyone."""
    g, (bear, _), (walker, spider), (steal,) = game(
        edition, ["Grizzly Bears", "Mountain"], ["Test Walker", "Giant Spider"],
        hand0=["Test Steal Walker"])
    g.declare_attackers({bear: walker})
    assert g.decision.kind == Decision.PRIORITY and g.decision.player == 0
    g.cast(steal, walker)
    resolve_stack(g)
    assert g.obj(walker)["controller"] == 0
    assert g.obj(bear)["combat"] & 1                         # still attacking (506.4c)
    assert g.obj(bear)["combat_target"] < -1                 # ... but nothing
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 1   # 508.5
    g.declare_blockers({})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.obj(walker)["loyalty"] == 5 and g.life(1) == 20 and g.life(0) == 20


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_4c_the_attacker_of_a_stolen_planeswalker_can_be_blocked(edition):
    """509.1a: the defending player (508.5) blocks the creature that attacks nothing; the
    block deals damage as usual (510.1c)."""
    g, (bear, _), (walker, spider), (steal,) = game(
        edition, ["Grizzly Bears", "Mountain"], ["Test Walker", "Giant Spider"],
        hand0=["Test Steal Walker"])
    g.declare_attackers({bear: walker})
    g.cast(steal, walker)
    resolve_stack(g)
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    g.declare_blockers({spider: bear})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert bear in g.graveyard(0) and g.obj(spider)["damage"] == 2
    assert g.obj(walker)["loyalty"] == 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_4c_planeswalker_leaving_the_battlefield_keeps_the_defending_player(edition):
    """The attacked planeswalker dies before blockers: the attacker attacks nothing and its
    defending player (508.5) is still the one it attacked, whoever now controls the object."""
    g, (bear,), (walker, spider), _ = game(edition, ["Grizzly Bears"],
                                           ["Test Walker", "Giant Spider"])
    g.declare_attackers({bear: walker})
    g.set_object(walker, loyalty=0)
    g.pass_priority()                     # SBA put it into the graveyard (704.5i)
    assert walker in g.graveyard(1) and g.obj(bear)["combat"] & 1
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 1


def test_506_4c_a_saved_attacker_of_nothing_loads_and_plays_on():
    """The state records it: a save in the middle of such a combat loads and plays on."""
    g, (bear, _), (walker, spider), (steal,) = game(
        Edition.SEED, ["Grizzly Bears", "Mountain"], ["Test Walker", "Giant Spider"],
        hand0=["Test Steal Walker"])
    g.declare_attackers({bear: walker})
    g.cast(steal, walker)
    resolve_stack(g)
    g2 = Game.load(g.save(), cards=CARDS)
    g2.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    assert g2.decision.kind == Decision.DECLARE_BLOCKERS and g2.decision.player == 1


def test_506_4c_load_refuses_an_attack_on_nothing_out_of_range():
    """TGT_ATTACKS_NOTHING - seat names a seat of the game, on an attacking creature only."""
    from mtg_core import _engine
    g, (bear, _), (walker, spider), (steal,) = game(
        Edition.SEED, ["Grizzly Bears", "Mountain"], ["Test Walker", "Giant Spider"],
        hand0=["Test Steal Walker"])
    g.declare_attackers({bear: walker})
    g.cast(steal, walker)
    resolve_stack(g)
    assert g.state._validate() is None
    objs = g.state.sections()["objects"]
    objs["combat_target"][bear] = _engine.TGT_ATTACKS_NOTHING - 2        # no seat 2
    assert "attacks something that does not exist" in g.state._validate()
    objs["combat_target"][bear] = _engine.TGT_ATTACKS_NOTHING - 1
    objs["combat_target"][spider] = _engine.TGT_ATTACKS_NOTHING - 1      # not attacking
    assert g.state._validate() is not None


# --- 508.4 / 506.2: put onto the battlefield attacking when nothing was declared ---------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_no_attackers_declared_an_instant_puts_a_creature_in_attacking(edition):
    """Nothing is declared; in the declare attackers step P0's instant puts Bears onto the
    battlefield attacking.  506.2: the nonactive player is the defending player for the
    whole combat phase, so the Bears attack P1 (508.4); 508.6 does not skip blockers and
    damage (a creature was put onto the battlefield attacking)."""
    g, _, (spider,), (sneak, bear) = game(edition, ["Mountain", "Test Plain"], ["Giant Spider"],
                                             hand0=["Test Sneak Attack", "Grizzly Bears"])
    g.declare_attackers({})
    assert g.step == Step.DECLARE_ATTACKERS and g.decision.player == 0
    g.cast(sneak)
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())
    assert g.decision.kind == Decision.CHOOSE_FROM_HAND
    g.apply(Action.make(ActionKind.CHOOSE_CARD, bear))
    o = g.obj(bear)
    assert o["combat"] & 1 and o["combat_target"] == P1 and o["tapped"] == 1
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 1
    g.declare_blockers({})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 18


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_no_attackers_declared_the_choice_includes_the_planeswalkers(edition):
    """508.4: its controller chooses the defending player or a planeswalker they control."""
    g, _, (walker,), (sneak, bear) = game(edition, ["Mountain", "Test Plain"], ["Test Walker"],
                                             hand0=["Test Sneak Attack", "Grizzly Bears"])
    g.declare_attackers({})
    g.cast(sneak)
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())
    g.apply(Action.make(ActionKind.CHOOSE_CARD, bear))
    assert g.decision.kind == Decision.ATTACK_WHAT
    assert sorted(a.a for a in g.legal_actions()) == sorted([P1, walker])
    g.apply(Action.make(ActionKind.ATTACK_WHAT, walker))
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.obj(walker)["loyalty"] == 3


@pytest.mark.parametrize("option, expected", [("all", [1, 2, 3]), ("left", [1]),
                                              ("right", [3])])
def test_508_4_multiplayer_no_attackers_declared_every_defending_player(option, expected):
    """506.2a: where every opponent may be attacked, each is a defending player and the
    choice is among them all; attacking left / right (803) only that neighbour is."""
    g, _, _, (sneak, bear) = game(Edition.SEED, ["Mountain", "Test Plain"], players=4,
                                     hand0=["Test Sneak Attack", "Grizzly Bears"],
                                     attack_option=option)
    g.declare_attackers({})
    g.cast(sneak)
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or not gg.stack())
    g.apply(Action.make(ActionKind.CHOOSE_CARD, bear))
    if len(expected) == 1:
        assert g.obj(bear)["combat_target"] == Game.player_target(expected[0])
    else:
        assert g.decision.kind == Decision.ATTACK_WHAT
        assert sorted(a.a for a in g.legal_actions()) == [Game.player_target(q) for q in expected]


# --- 506.4: an effect removes a creature from combat (Hollowhenge Spirit, Labyrinth of Skophos) ----

def hollowhenge_game(edition, p0, p1):
    g, a, b, _ = game(edition, p0, list(p1) + ["Plains"] * 4)
    spirit = g.create_card("Hollowhenge Spirit", 1, Zone.HAND)
    return g, a, b, spirit


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_4_hollowhenge_spirit_removes_an_attacker_it_deals_no_damage(edition):
    """The defending player flashes in Hollowhenge Spirit (702.8) before blockers; its
    enters trigger removes the Hill Giant from combat (506.4): it stops attacking and deals
    no combat damage; the Bears still do."""
    g, (giant, bear), _, spirit = hollowhenge_game(edition, ["Hill Giant", "Grizzly Bears"], [])
    g.declare_attackers({giant: P1, bear: P1})
    g.pass_priority()                                        # P1 gets priority
    g.cast(spirit)
    g.pass_until(lambda gg: gg.decision.kind == Decision.TARGET)
    assert g.decision.player == 1
    assert sorted(a.a for a in g.legal_actions()) == sorted([giant, bear])   # attacking only
    g.apply(Action.make(ActionKind.TARGET, giant))
    resolve_stack(g)
    assert not g.obj(giant)["combat"] and g.obj(bear)["combat"] & 1
    assert any("removed from combat" in line for line in g.log)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 18


def labyrinth_game(edition, p0, p1):
    g, a, b, _ = game(edition, list(p0) + ["Labyrinth of Skophos"] + ["Mountain"] * 4, p1)
    return g, a[:len(p0)], b, a[len(p0)]


def to_priority_after_blocks(g, blocks, orders=()):
    g.pass_until(lambda gg: gg.decision.kind != Decision.PRIORITY or gg.phase != Phase.COMBAT)
    g.declare_blockers(blocks)
    for x in orders:                                 # 509.2 (seed edition only)
        if g.decision.kind == Decision.DAMAGE_ORDER:
            g.apply(next(a for a in g.legal_actions() if a.a == x))
    assert g.decision.kind == Decision.PRIORITY and g.step == Step.DECLARE_BLOCKERS


@pytest.mark.parametrize("edition", EDITIONS)
def test_509_2a_a_blocker_removed_from_combat_leaves_the_damage_assignment_order(edition):
    """The Wurm is blocked by the Guard and the Elves (seed: in that order, 509.2).  The
    attacking player removes the Guard from combat with Labyrinth of Skophos: it stops
    blocking (506.4) and leaves the Wurm's order (509.2a); the Wurm stays blocked (509.1h)
    and assigns all its damage to the Elves; the Guard deals and is dealt none."""
    g, (wurm,), (guard, elves), lab = labyrinth_game(edition, ["Test Wurm 5/6"],
                                                     ["Test Guard 0/3", "Llanowar Elves"])
    g.declare_attackers({wurm: P1})
    to_priority_after_blocks(g, {guard: wurm, elves: wurm}, orders=[guard])
    if edition == Edition.SEED:
        assert g.damage_assignment_order(wurm) == [guard, elves]
    g.activate(lab, 1, guard)
    resolve_stack(g)
    assert not g.obj(guard)["combat"] and g.obj(wurm)["combat"] & 4      # still blocked
    assert g.damage_assignment_order(wurm) == [elves]
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert elves in g.graveyard(1) and g.obj(guard)["damage"] == 0 and g.life(1) == 20


@pytest.mark.parametrize("edition", EDITIONS)
def test_510_1c_an_attacker_whose_only_blocker_was_removed_deals_no_damage(edition):
    g, (bear,), (guard,), lab = labyrinth_game(edition, ["Grizzly Bears"], ["Test Guard 0/3"])
    g.declare_attackers({bear: P1})
    to_priority_after_blocks(g, {guard: bear})
    g.activate(lab, 1, guard)
    resolve_stack(g)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 20 and g.obj(guard)["damage"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_509_3a_an_attacker_removed_from_combat_leaves_its_blockers_order(edition):
    """A creature blocking two Bears; one Bear is removed from combat: 509.3a, the blocker
    deals all its damage to the other; the removed one deals none."""
    g, (b1, b2), (wall,), lab = labyrinth_game(
        edition, ["Grizzly Bears", "Grizzly Bears"], ["Test Multi Blocker"])
    g.set_object(wall, plus1=2)                       # a 2/7 that can block two
    g.declare_attackers({b1: P1, b2: P1})
    to_priority_after_blocks(g, {wall: [b1, b2]}, orders=[b1])
    g.activate(lab, 1, b1)
    resolve_stack(g)
    assert not g.obj(b1)["combat"]
    assert g.damage_assignment_order(wall) == [b2]
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert b2 in g.graveyard(0) and b1 in g.battlefield(0) and g.obj(b1)["damage"] == 0
    assert g.obj(wall)["damage"] == 2


def test_506_4_a_creature_not_in_combat_is_not_a_legal_target():
    """"Target attacking or blocking creature" (115.1): a refused target leaves the state
    as it was."""
    g, (bear, other), _, lab = labyrinth_game(Edition.SEED, ["Grizzly Bears", "Grizzly Bears"], [])
    g.declare_attackers({bear: P1})
    g.apply(Action.make(ActionKind.ACTIVATE, lab, 1))
    before = g.save()
    assert {a.a for a in g.legal_actions() if a.kind == ActionKind.TARGET} == {bear}
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.TARGET, other))
    assert g.save() == before


def test_506_4_remove_from_combat_names_one_creature():
    with pytest.raises(CardScriptError):
        RemoveFromCombat("each creature").compile()


# --- 506.5: "attacks alone" (Rogue Kavu) -------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("alone", [True, False])
def test_506_5_rogue_kavu_attacks_alone(edition, alone):
    """506.5: a creature attacks alone if it is the only creature declared as an attacker;
    Rogue Kavu's trigger then gives it +2/+0.  With another attacker it doesn't trigger."""
    g, (kavu, bear), _, _ = game(edition, ["Rogue Kavu", "Grizzly Bears"], [])
    g.declare_attackers({kavu: P1} if alone else {kavu: P1, bear: P1})
    resolve_stack(g)
    assert g.power_toughness(kavu) == ((3, 1) if alone else (1, 1))
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == 17                            # 3 alone; 1 + 2 together
