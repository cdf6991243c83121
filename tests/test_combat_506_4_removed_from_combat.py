"""Removal from combat (506.4) of an attacked planeswalker and of attacking and blocking
creatures, in the three rules editions: the attacker whose planeswalker left combat
attacks nothing (506.4c) but keeps its defending player (508.5), who may block it; and
creatures put onto the battlefield attacking when nothing was declared (508.4, 506.2)."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game
from mtg_core.cards import GainControl, PutFromHandAttacking, SpellAbility
from mtg_core.enums import ActionKind, Decision, Edition, Phase, Step, Zone
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

