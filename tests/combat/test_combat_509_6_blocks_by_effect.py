"""A creature that stops blocking and blocks anew by an effect (Balduvian Warlord): 506.4
(removed from combat), 509.1h (the attackers only it ever blocked this combat become
unblocked; one blocked by another creature too stays blocked, even if that one is gone),
509.6 (it blocks an attacker of its controller's choice, placed by the active player in
that attacker's damage assignment order in the seed edition), 509.4a-d (the triggers of
blocking and becoming blocked), and the timing "only during the declare blockers step"."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game
from mtg_core.cards import (CardScriptError, GainLife, RemoveFromCombat, SpellAbility,
                            TriggeredAbility)
from mtg_core.enums import ActionKind, Decision, Edition, Step, TargetSpec, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import TEST_CARDS

EDITIONS = (Edition.SEED, Edition.CURRENT, Edition.CLASSIC)

CARDS = TEST_CARDS.extended([
    # "Whenever ~ blocks" (509.4a) and "whenever ~ becomes blocked" (509.4c), to count triggers
    Card("Test Block Counter", "{1}", ("Creature",), power=1, toughness=4,
         abilities=(TriggeredAbility("blocks", GainLife("you", 1)),)),
    Card("Test Blocked Counter", "{1}", ("Creature",), power=2, toughness=2,
         abilities=(TriggeredAbility("becomes blocked", GainLife("you", 1)),)),
    # False Orders' "You may have it block" (its target, "creature defending player
    # controls", is not in the card language: a test instant targets a blocking creature)
    Card("Test False Orders", "{R}", ("Instant",),
         abilities=(SpellAbility(RemoveFromCombat("target", unblock_alone=True, then_blocks="may"),
                                 targets=("blocking creature",),
                                 timing="during the declare blockers step"),)),
])


def game(edition=Edition.SEED, p0=(), p1=(), hand1=()):
    """P0's declare attackers decision on turn 1; P1 has Balduvian Warlord and Mountains."""
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=0,
             edition=edition)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in ("Balduvian Warlord",) + tuple(p1)]
    h = [g.create_card(n, 1, Zone.HAND) for n in hand1]
    for _ in range(4):
        g.create_card("Mountain", 1, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.decision and gg.decision.kind == Decision.DECLARE_ATTACKERS)
    return g, a, b, h


def to_p1_priority_after_blocks(g):
    """Pass until P1 has priority in the declare blockers step (509.5: P0 first)."""
    g.pass_until(lambda gg: gg.step == Step.DECLARE_BLOCKERS and gg.decision.kind == Decision.PRIORITY
                 and gg.decision.player == 1)


def attack_and_block(g, attackers, blocks):
    """P0's ``attackers`` attack P1, who declares ``blocks`` (the active player takes the
    first blocker of each order, 509.2); then P1 has priority in the declare blockers step."""
    g.declare_attackers({x: Game.player_target(1) for x in attackers})
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers(blocks)
    while g.decision.kind == Decision.DAMAGE_ORDER:
        g.apply(g.legal_actions()[0])
    to_p1_priority_after_blocks(g)


def resolve(g):
    while g.stack():
        g.pass_priority()


def warlord(g, war, target):
    """P1 activates the Warlord at ``target``; both pass: it resolves (its choice next)."""
    g.activate(war, 0, target)
    g.pass_priority()
    g.pass_priority()


# --- 509.1h / 509.6: removed, unblocked, blocks anew ---------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_509_6_the_removed_blocker_blocks_another_attacker_and_the_first_is_unblocked(edition):
    """The Spider blocks Bears A; the Warlord removes it and it blocks Bears B: A, blocked by
    only the Spider, becomes unblocked and deals its damage to P1 (510.1a); B is blocked."""
    g, (a, b), (war, spider), _ = game(edition, ["Grizzly Bears", "Grizzly Bears"], ["Giant Spider"])
    attack_and_block(g, [a, b], {spider: a})
    g.activate(war, 0, spider)
    g.pass_priority()
    g.pass_priority()                                    # it resolves: P1 chooses what it blocks
    d = g.decision
    assert d.kind == Decision.BLOCK_WHICH and d.player == 1 and d.source == spider
    choices = g.legal_actions()
    assert {c.a for c in choices} == {a, b} and {c.kind for c in choices} == {ActionKind.BLOCK_WHICH}
    g.apply(Action.make(ActionKind.BLOCK_WHICH, b))
    assert not g.stack()
    assert not g.is_blocked(a) and g.is_blocked(b)
    assert g.blockers_of(b) == [spider] and g.blockers_of(a) == []
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert g.life(1) == 18                               # only A's 2 damage
    assert g.find("Grizzly Bears", Zone.GRAVEYARD, 0) == [b]


def test_509_1h_an_attacker_another_creature_blocked_too_stays_blocked_after_that_one_died():
    """Bears A is blocked by the Spider and a Plain creature; the Plain one dies before the
    Warlord removes the Spider (Shock): A had become blocked by another creature this
    combat, so it stays blocked though nothing blocks it now (509.1h) and deals no damage."""
    g, (a,), (war, spider, plain), _ = game(Edition.SEED, ["Grizzly Bears"],
                                            ["Giant Spider", "Test Plain"], hand1=())
    shock = g.create_card("Shock", 1, Zone.HAND)
    attack_and_block(g, [a], {spider: a, plain: a})
    g.cast(shock, plain)
    resolve(g)
    assert g.find("Test Plain", Zone.GRAVEYARD, 1) == [plain]
    to_p1_priority_after_blocks(g)
    g.activate(war, 0, spider)
    g.pass_priority()
    g.pass_priority()
    assert g.decision.kind == Decision.BLOCK_WHICH
    g.apply(Action.make(ActionKind.BLOCK_WHICH, a))     # it may block A again
    assert g.is_blocked(a)
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert g.life(1) == 20


def test_509_1h_an_attacker_only_the_removed_creature_blocked_is_unblocked_then_blocked_again():
    """The Spider blocks A; the Warlord removes it (A unblocked) and it blocks A again: A is
    blocked again, and its "whenever ~ becomes blocked" triggers once more (509.4c: it was
    unblocked at that point), as does the blocker's "whenever ~ blocks" (509.4a: it wasn't
    blocking then)."""
    g, (a,), (war, counter), _ = game(Edition.SEED, ["Test Blocked Counter"], ["Test Block Counter"])
    g.declare_attackers({a: Game.player_target(1)})
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers({counter: a})
    g.pass_until(lambda gg: not gg.stack() and gg.step == Step.DECLARE_BLOCKERS
                 and gg.decision.kind == Decision.PRIORITY and gg.decision.player == 1)
    assert g.life(0) == 21 and g.life(1) == 21          # one trigger each at the declaration
    g.activate(war, 0, counter)
    g.pass_priority()
    g.pass_priority()
    g.apply(Action.make(ActionKind.BLOCK_WHICH, a))
    assert g.is_blocked(a) and g.blockers_of(a) == [counter]
    resolve(g)
    assert g.life(0) == 22 and g.life(1) == 22          # 509.4a and 509.4c again


def test_509_6_no_restriction_applies_a_creature_without_reach_blocks_a_flier():
    """The block isn't declared: 509.1b-c don't apply, so the Bears (no flying, no reach)
    can be made to block a flier; it must be an attacker attacking its controller."""
    g, (flyer, a), (war, bear), _ = game(Edition.SEED, ["Test Flyer", "Grizzly Bears"], ["Grizzly Bears"])
    attack_and_block(g, [flyer, a], {bear: a})
    warlord(g, war, bear)
    assert g.decision.kind == Decision.BLOCK_WHICH
    assert {c.a for c in g.legal_actions()} == {flyer, a}
    g.apply(Action.make(ActionKind.BLOCK_WHICH, flyer))
    assert g.blockers_of(flyer) == [bear] and not g.is_blocked(a)


# --- 509.6: the active player places it in the attacker's order (seed edition only) -----------

@pytest.mark.parametrize("edition", EDITIONS)
def test_509_6_the_new_blocker_is_placed_in_the_damage_assignment_order(edition):
    """A (a 5/6) is blocked by a Plain creature; B by the Spider, which the Warlord moves onto
    A.  Seed edition: the active player places it (D_DAMAGE_ORDER: first or after the
    Plain one, the others keeping their order); the other editions have no order."""
    g, (a, b), (war, plain, spider), _ = game(edition, ["Test Wurm 5/6", "Grizzly Bears"],
                                              ["Test Plain", "Giant Spider"])
    attack_and_block(g, [a, b], {plain: a, spider: b})
    warlord(g, war, spider)
    g.apply(Action.make(ActionKind.BLOCK_WHICH, a))
    if edition == Edition.SEED:
        d = g.decision
        assert d.kind == Decision.DAMAGE_ORDER and d.player == 0 and d.source == a
        assert [c.a for c in g.legal_actions()] == [plain, spider]
        g.apply(Action.make(ActionKind.ORDER_BLOCKER, spider))
        assert g.damage_assignment_order(a) == [spider, plain]
    else:
        assert g.decision.kind == Decision.PRIORITY
    assert sorted(g.blockers_of(a)) == sorted([plain, spider]) and not g.is_blocked(b)


# --- "you may" (False Orders' wording), timing, targets -----------------------------------------

def test_509_6_you_may_have_it_block_none_leaves_it_out_of_combat():
    g, (a,), (war, spider), (orders,) = game(Edition.SEED, ["Grizzly Bears"], ["Giant Spider"],
                                             hand1=["Test False Orders"])
    attack_and_block(g, [a], {spider: a})
    g.cast(orders, spider)
    g.pass_priority()
    g.pass_priority()
    assert g.decision.kind == Decision.BLOCK_WHICH
    assert g.legal_actions()[0].kind == ActionKind.DECLINE
    g.apply(Action.make(ActionKind.DECLINE))
    assert not g.is_blocking(spider) and not g.is_blocked(a)
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert g.life(1) == 18


def test_509_activate_only_during_the_declare_blockers_step_and_only_at_a_blocking_creature():
    g, (a,), (war, spider, other), _ = game(Edition.SEED, ["Grizzly Bears"],
                                            ["Giant Spider", "Grizzly Bears"])
    g.declare_attackers({a: Game.player_target(1)})
    g.pass_until(lambda gg: gg.decision.kind == Decision.PRIORITY and gg.decision.player == 1)
    assert g.step == Step.DECLARE_ATTACKERS
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.activate(war, 0, spider)                      # not the declare blockers step
    assert g.save() == before
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers({spider: a})
    to_p1_priority_after_blocks(g)
    act = [x for x in g.legal_actions() if x.kind == ActionKind.ACTIVATE and x.a == war]
    assert act
    g.apply(act[0])
    assert g.decision.kind == Decision.TARGET
    assert set(g.target_choices()) == {spider}          # "target blocking creature"


def test_card_language_refuses_a_block_anew_without_unblocking():
    with pytest.raises(CardScriptError, match="unblock_alone"):
        RemoveFromCombat("target", then_blocks="must").compile()
    with pytest.raises(CardScriptError, match="then_blocks"):
        RemoveFromCombat("target", unblock_alone=True, then_blocks="always").compile()
    assert TargetSpec.BLOCKING == TargetSpec.ATTACKING | TargetSpec.ATTACKING_OR_BLOCKING


# --- saved states ----------------------------------------------------------------------------------

def test_509_6_a_state_waiting_for_the_choice_saves_and_loads_and_a_corrupt_one_is_refused():
    import numpy as np
    from mtg_core import _engine
    g, (a, b), (war, spider), _ = game(Edition.SEED, ["Grizzly Bears", "Grizzly Bears"], ["Giant Spider"])
    attack_and_block(g, [a, b], {spider: a})
    warlord(g, war, spider)
    assert g.decision.kind == Decision.BLOCK_WHICH
    h = Game.load(g.save(), cards=CARDS)
    assert h.decision.kind == Decision.BLOCK_WHICH
    assert h.legal_action_codes().tolist() == g.legal_action_codes().tolist()
    buf = np.frombuffer(g.state.to_bytes(), dtype=np.int32).copy()
    buf[_engine.HEADER_FIELDS.index("dctx0")] = g.library(1)[0]       # not a permanent
    with pytest.raises(_engine.EngineError, match="509.6"):
        _engine.State.from_buffer(CARDS.tables, buf.tobytes())
    # a creature with no attacker to block (an attacking one): the choice is never asked then
    buf[_engine.HEADER_FIELDS.index("dctx0")] = a
    with pytest.raises(_engine.EngineError, match="509.6.*no attacking creature it could block"):
        _engine.State.from_buffer(CARDS.tables, buf.tobytes())
