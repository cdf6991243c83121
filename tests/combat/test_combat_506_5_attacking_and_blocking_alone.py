"""506.5 "is attacking alone" / "was attacking or blocking alone" as conditions, in the
three rules editions, with real cards: Security Bypass ("As long as enchanted creature is
attacking alone, it can't be blocked", and a granted connive trigger, 701.50; imported from
its Oracle record in tests/data, as the other granting Auras are) and the library's
Thijarian Witness ("Whenever another creature dies, if it was attacking or blocking alone,
exile it and investigate": 603.4, 603.10a, 701.16a).
"Attacks alone" (the declaration, Rogue Kavu) is tested with removal from combat in
test_combat_506_4_removed_from_combat.py."""
from __future__ import annotations

import pytest

from mtg_core import Game
from mtg_core.cards import (Card, CardScriptError, Exile, Investigate, TriggeredAbility,
                            WasAlone, ZoneChangeTrigger, InterveningIf)
from mtg_core.enums import ActionKind, Decision, Edition, Phase, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from mtg_core.oracle import read_file

from combat_helpers import P1, TEST_CARDS
from oracle_helpers import SUBSET, imported_card

EDITIONS = (Edition.SEED, Edition.CURRENT, Edition.CLASSIC)
(BYPASS,) = [imported_card(r) for r in read_file(str(SUBSET)) if r.name == "Security Bypass"]
CARDS = TEST_CARDS.extended([BYPASS])


def game(edition, p0=(), p1=(), hand0=()):
    g = Game(["bears"] * 2, seed=5, cards=CARDS, mulligans=False, starting_player=0,
             edition=edition)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    g.pass_until(lambda gg: gg.decision and gg.decision.kind == Decision.DECLARE_ATTACKERS
                 or gg.step == Step.DECLARE_ATTACKERS)
    return g, a, b


def resolve_stack(g):
    while g.stack():
        g.pass_priority()


def to_declare_blockers(g):
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS or gg.phase != Phase.COMBAT)
    assert g.decision.kind == Decision.DECLARE_BLOCKERS


def block_options(g, attacker):
    """The attackers a creature of the defending player may be declared blocking now."""
    return {a.b for a in g.legal_actions() if a.kind == ActionKind.BLOCK} & {attacker}


# --- Security Bypass ---------------------------------------------------------------------------

def bypass_game(edition, attackers, blockers, extra0=()):
    g, a, b = game(edition, list(attackers) + list(extra0), blockers)
    aura = g.create_card("Security Bypass", 0, Zone.BATTLEFIELD, attached_to=a[0])
    return g, a, b, aura


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_security_bypass_attacking_alone_it_cant_be_blocked(edition):
    """The enchanted Bears attack alone: 509.1b, they can't be blocked (a declaration
    blocking them is refused and changes nothing).  Unblocked they deal combat damage to a
    player, so the granted trigger makes them connive (701.50a): draw, discard a nonland
    card, a +1/+1 counter."""
    g, (bear,), (spider,), _ = bypass_game(edition, ["Grizzly Bears"], ["Giant Spider"])
    g.declare_attackers({bear: P1})
    to_declare_blockers(g)
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({spider: bear})
    assert g.save() == before
    g.declare_blockers({})
    drawn = g.create_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.pass_until(lambda gg: gg.decision.kind == Decision.DISCARD_CHOICE)
    assert g.life(1) == 18 and g.decision.player == 0 and drawn in g.hand(0)
    g.apply(Action.make(ActionKind.DISCARD_CHOSEN, drawn))
    assert g.power_toughness(bear) == (3, 3)


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_security_bypass_with_another_attacker_it_can_be_blocked(edition):
    g, (bear, other), (spider,), _ = bypass_game(edition, ["Grizzly Bears", "Grizzly Bears"],
                                                 ["Giant Spider"])
    g.declare_attackers({bear: P1, other: P1})
    to_declare_blockers(g)
    g.declare_blockers({spider: bear})
    assert g.obj(bear)["combat"] & 4                                   # blocked (509.1h)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert bear in g.graveyard(0) and g.life(1) == 18


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_removed_from_combat_the_other_attacker_is_attacking_alone(edition):
    """Two attackers: the Bypass one is not attacking alone.  Before blockers the other is
    removed from combat (Labyrinth of Skophos, 506.4): now the enchanted Bears are the only
    attacking creature, so they are attacking alone (though they didn't attack alone) and
    can't be blocked."""
    g, (bear, other, lab, *_), (spider,), _ = bypass_game(
        edition, ["Grizzly Bears", "Grizzly Bears"], ["Giant Spider"],
        extra0=["Labyrinth of Skophos"] + ["Mountain"] * 4)
    g.declare_attackers({bear: P1, other: P1})
    g.activate(lab, 1, other)
    resolve_stack(g)
    assert not g.obj(other)["combat"]
    to_declare_blockers(g)
    with pytest.raises(IllegalActionError):
        g.declare_blockers({spider: bear})
    g.declare_blockers({})
    assert g.obj(bear)["combat"] & 1 and not g.obj(bear)["combat"] & 4


# --- Thijarian Witness -------------------------------------------------------------------------

def clues(g, p):
    return [o for o in g.battlefield(p) if g.object_name(o).split("#")[0] == "Clue"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_witness_an_attacker_that_dies_attacking_alone_is_exiled_and_clued(edition):
    """The Bears attack alone and die to the Spider's block.  603.10a: the Witness looks
    back: they were attacking alone (506.5), so it triggers (603.4); it exiles the card they
    became in the graveyard (400.7) and its controller investigates (701.16a)."""
    g, (bear,), (spider, witness) = game(edition, ["Grizzly Bears"], ["Giant Spider",
                                                                       "Thijarian Witness"])
    g.declare_attackers({bear: P1})
    to_declare_blockers(g)
    g.declare_blockers({spider: bear})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert bear not in g.graveyard(0) and bear in g.zone(Zone.EXILE)
    assert len(clues(g, 1)) == 1 and not clues(g, 0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_witness_a_blocker_that_dies_blocking_alone(edition):
    g, (giant,), (bear, witness) = game(edition, ["Hill Giant"], ["Grizzly Bears",
                                                                  "Thijarian Witness"])
    g.declare_attackers({giant: P1})
    to_declare_blockers(g)
    g.declare_blockers({bear: giant})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert bear in g.zone(Zone.EXILE) and len(clues(g, 1)) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_witness_two_attackers_dying_together_were_not_alone(edition):
    """Both Bears attack and die in the same combat damage step (704.3: at once).  Neither
    was attacking alone as it last existed (603.10a): the other was still attacking, so the
    Witness doesn't trigger for either."""
    g, (b1, b2), (s1, s2, witness) = game(edition, ["Grizzly Bears", "Grizzly Bears"],
                                          ["Giant Spider", "Giant Spider", "Thijarian Witness"])
    g.declare_attackers({b1: P1, b2: P1})
    to_declare_blockers(g)
    g.declare_blockers({s1: b1, s2: b2})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert b1 in g.graveyard(0) and b2 in g.graveyard(0) and not clues(g, 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_5_witness_after_the_other_attacker_left_combat_the_survivor_was_alone(edition):
    """Two attackers; one is removed from combat (506.4), then the other dies blocked: it
    was attacking alone as it died (506.5: no other creature was attacking), so the Witness
    triggers.  The removed one, killed later outside combat, was attacking nothing."""
    g, (bear, other, lab, *_), (spider, witness) = game(
        edition, ["Grizzly Bears", "Grizzly Bears", "Labyrinth of Skophos"] + ["Mountain"] * 4,
        ["Giant Spider", "Thijarian Witness"])
    g.declare_attackers({bear: P1, other: P1})
    to_declare_blockers(g)
    g.declare_blockers({spider: bear})
    g.activate(lab, 1, other)
    resolve_stack(g)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert bear in g.zone(Zone.EXILE) and len(clues(g, 1)) == 1


def test_506_5_witness_a_creature_dying_outside_combat_doesnt_trigger_it():
    g, (bear, *mountains), (witness,) = game(Edition.CURRENT, ["Grizzly Bears", "Mountain"],
                                             ["Thijarian Witness"])
    bolt = g.create_card("Lightning Bolt", 0)
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    g.cast(bolt, bear)
    resolve_stack(g)
    assert bear in g.graveyard(0) and not clues(g, 1)


def test_701_16a_the_witness_clue_is_sacrificed_to_draw_and_is_gone_before_it_resolves():
    """The Clue the Witness made: "{2}, Sacrifice this artifact: Draw a card."  It is
    sacrificed as the cost is paid (602.2b), so it is gone while the ability is on the stack;
    the ability still resolves (113.7a) and its controller draws."""
    g, (bear,), (spider, witness, *forests) = game(
        Edition.CURRENT, ["Grizzly Bears"], ["Giant Spider", "Thijarian Witness", "Forest", "Forest"])
    g.declare_attackers({bear: P1})
    to_declare_blockers(g)
    g.declare_blockers({spider: bear})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    (clue,) = clues(g, 1)
    g.pass_until(lambda gg: gg.decision.kind == Decision.PRIORITY and gg.decision.player == 1)
    held = len(g.hand(1))
    g.activate(clue, 0)
    assert clue not in g.battlefield(1) and g.stack()
    resolve_stack(g)
    assert len(g.hand(1)) == held + 1


def test_506_5_was_alone_belongs_to_a_dies_trigger_intervening_if():
    with pytest.raises(CardScriptError):
        Card("X", "{G}", ("Creature",), power=1, toughness=1,
             abilities=(TriggeredAbility("attacks", InterveningIf(WasAlone(), Investigate())),))
    with pytest.raises(CardScriptError):
        Card("X", "{G}", ("Creature",), power=1, toughness=1,
             abilities=(TriggeredAbility("enters", Exile("that card")),))
    with pytest.raises(CardScriptError):
        WasAlone("alone")
    Card("X", "{G}", ("Creature",), power=1, toughness=1,
         abilities=(ZoneChangeTrigger("dies", "a creature", InterveningIf(WasAlone("blocking"),
                                                                         Investigate())),))
