"""Combat damage assignment as a decision (510.1c-e, 702.19b, 702.2c), the blockers' own
damage assignment order (509.3), one place per (attacker, blocker) pair in each order, and
the ``current`` edition's damage rules (no damage assignment order)."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_core import Card, Game
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import P1, TEST_CARDS

CARDS = TEST_CARDS.extended([
    # the seeds' 510.1c examples (509.2, 510.1c): vanilla stand-ins with the same numbers
    Card("Test Enormous Baloth 7/7", "{1}", ("Creature",), power=7, toughness=7),
    Card("Test Armodon 3/3", "{1}", ("Creature",), power=3, toughness=3),
    Card("Test Interceptor 0/5", "{1}", ("Creature",), power=0, toughness=5,
         combat=("can block an additional creature",)),
    Card("Test Thunderer 4/4", "{1}", ("Creature",), power=4, toughness=4),
    Card("Test Bonebreaker 4/4", "{1}", ("Creature",), power=4, toughness=4),
    Card("Test Lancer 2/1", "{1}", ("Creature",), power=2, toughness=1),
    Card("Test Double Blocker 1/1", "{1}", ("Creature",), power=1, toughness=1,
         combat=("can block an additional creature",)),
    # bodies for the property test: power and toughness set with counters
    Card("Test Wall 0/1", "{1}", ("Creature",), power=0, toughness=1),
    Card("Test Striker 1/1", "{1}", ("Creature",), power=1, toughness=1),
    Card("Test Striker DT 1/1", "{1}", ("Creature",), power=1, toughness=1, keywords=("deathtouch",)),
    Card("Test Striker T 1/1", "{1}", ("Creature",), power=1, toughness=1, keywords=("trample",)),
    Card("Test Striker DT T 1/1", "{1}", ("Creature",), power=1, toughness=1,
         keywords=("deathtouch", "trample")),
])

ASSIGN = Decision.ASSIGN_DAMAGE
ORDER = Decision.DAMAGE_ORDER


def setup(p0=(), p1=(), edition="seed", edit=None):
    """A game at P0's declare attackers decision with these permanents (not sick)."""
    g = Game(["bears", "bears"], seed=11, cards=CARDS, mulligans=False, starting_player=0,
             edition=edition)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    if edit:
        edit(g, a, b)
    while g.decision.kind != Decision.DECLARE_ATTACKERS:
        g.pass_priority()
    return g, a, b


def to_damage(g, attacks, blocks, orders=None, stop_at_blockers_step=False):
    """Declare, block, take the given orders ({creature: [partners in order]}, else the
    default), pass until a damage assignment decision or the end of combat (or stop with
    priority in the declare blockers step)."""
    g.declare_attackers(attacks)
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    if g.decision.kind == Decision.DECLARE_BLOCKERS:
        g.declare_blockers(blocks)
    while True:
        d = g.decision
        if d.kind == ORDER:
            want = (orders or {}).get(d.source)
            acts = g.legal_actions()
            pick = next((x for w in (want or []) for x in acts if x.a == w), acts[0])
            g.apply(pick)
        elif stop_at_blockers_step and g.step == Step.DECLARE_BLOCKERS:
            return
        elif d.kind == Decision.PRIORITY and g.step != Step.END_COMBAT:
            g.pass_priority()
        else:
            return


def splits(g) -> set[tuple]:
    """Every split the step decisions reach for the creature being asked: {((recipient,
    amount), ...)} (each reachable state explored once; "done" is automatic)."""
    c = g.decision.source
    out, seen, todo = set(), set(), [g.clone()]
    while todo:
        x = todo.pop()
        key = tuple(sorted(x.assigned_damage(c).items()))
        if key in seen:
            continue
        seen.add(key)
        for act in x.legal_actions():
            if act.kind != ActionKind.ASSIGN_POINT:
                continue
            y = x.clone()
            before = dict(y.assigned_damage(c))
            y.apply(act)
            d = y.decision
            if d is not None and d.kind == ASSIGN and d.source == c:
                todo.append(y)
            else:
                before[act.a] = before.get(act.a, 0) + 1
                out.add(tuple(sorted(before.items())))
    return out


def split_of(pairs: dict) -> tuple:
    return tuple(sorted((r, n) for r, n in pairs.items() if n))


# --- 510.1c: the seeds' four examples ---------------------------------------------------------

def test_510_1c_example_1_the_three_legal_splits():
    """5/6 attacker, order 0/3 then 1/1: 3+2, 4+1 or 5+0; the default (3+2) comes first."""
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    d = g.decision
    assert d.kind == ASSIGN and d.player == 0 and d.source == wurm and d.count == 5
    assert splits(g) == {split_of({guard: 3, elves: 2}), split_of({guard: 4, elves: 1}),
                         split_of({guard: 5})}
    assert g.legal_actions()[0] == Action.make(ActionKind.ASSIGN_DEFAULT, wurm)
    # points are offered in any order while the whole can still be completed: after 2 to
    # the elves, the guard (first in the order, 509.2) needs its 3 lethal
    x = g.clone()
    assert {a.a for a in x.legal_actions()[1:]} == {guard, elves}
    x.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))
    x.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))
    assert {a.a for a in x.legal_actions()[1:]} == {guard}
    g.apply(g.legal_actions()[0])
    assert guard in g.graveyard(1) and elves in g.graveyard(1)
    assert any("assigns 3 combat damage to Test Guard 0/3" in l and "(510.1c)" in l for l in g.log)


def test_510_1c_example_2_pumped_first_blocker_gets_everything_without_a_decision():
    """The first blocker is now 3/6: all 5 must go to it, a single legal split: no decision."""
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    assert g.decision.kind == ASSIGN
    g2, (wurm2,), (guard2, elves2) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"],
                                           edit=lambda g, a, b: g.set_object(b[0], plus1=3))
    to_damage(g2, {wurm2: P1}, {guard2: wurm2, elves2: wurm2}, {wurm2: [guard2, elves2]})
    assert g2.step == Step.END_COMBAT                          # no decision on the way
    assert not any("assigns" in l for l in g2.log)
    assert g2.obj(guard2)["damage"] == 5 and elves2 in g2.battlefield(1)


def test_510_1c_example_3_lethal_ignores_what_would_change_the_damage_dealt():
    """Lethal damage is toughness minus damage marked, whatever might later change the
    damage dealt (the seeds' prevention example; the engine has no prevention effects, so
    this checks that the split set is example 1's)."""
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    assert len(splits(g)) == 3


def _baloth_example(edition="seed"):
    g, (baloth, giant), (armodon, inter, thunder, lancer) = setup(
        ["Test Enormous Baloth 7/7", "Test Bonebreaker 4/4"],
        ["Test Armodon 3/3", "Test Interceptor 0/5", "Test Thunderer 4/4", "Test Lancer 2/1"],
        edition=edition, edit=lambda g, a, b: g.set_object(b[0], damage=2))
    to_damage(g, {baloth: P1, giant: P1},
              {armodon: baloth, inter: [baloth, giant], thunder: baloth, lancer: giant},
              {baloth: [armodon, inter, thunder], giant: [inter, lancer]})
    return g, (baloth, giant), (armodon, inter, thunder, lancer)


def test_510_1c_example_4_lethal_counts_damage_other_creatures_assign():
    """Baloth 7/7: Armodon (3/3, 2 damage), Interceptor (0/5), Thunderer (4/4); Bonebreaker
    4/4: Interceptor, Lancer (2/1).  1 + 2 + 4 and 3 + 1 is legal: the Interceptor has
    lethal damage only counting both attackers' damage (510.1c, checked as a whole 510.1e).
    (The seeds' translation says 1 + 3 + 4 and 2 + 1, which add up to 8 and 3, not the
    creatures' power; these are the English rule's numbers.)"""
    g, (baloth, giant), (armodon, inter, thunder, lancer) = _baloth_example()
    assert g.damage_assignment_order(baloth) == [armodon, inter, thunder]
    assert g.damage_assignment_order(giant) == [inter, lancer]
    assert g.decision.kind == ASSIGN and g.decision.source == baloth
    g.assign_combat_damage(baloth, {armodon: 1, inter: 2, thunder: 4})
    assert g.decision.kind == ASSIGN and g.decision.source == giant
    # the Bonebreaker must now give the Interceptor at least 3 (its 5 toughness)
    assert splits(g) == {split_of({inter: 3, lancer: 1}), split_of({inter: 4})}
    with pytest.raises(IllegalActionError) as err:
        g.assign_combat_damage(giant, {inter: 2, lancer: 2})
    assert err.value.rule in ("510.1c", "510.1e")
    g.assign_combat_damage(giant, {inter: 3, lancer: 1})
    assert g.obj(inter)["damage"] == 5 or inter in g.graveyard(1)
    for o in (armodon, inter, thunder, lancer):
        assert o in g.graveyard(1)
    log = "\n".join(g.log)
    assert "assigns 2 combat damage to Test Interceptor 0/5" in log
    assert "assigns 1 combat damage to Test Lancer 2/1" in log and "(510.1c)" in log


def test_510_1e_a_split_the_others_cant_complete_is_refused():
    """After the Bonebreaker put everything on the Lancer, the Baloth can't leave the
    Interceptor short: asked in the other order, a whole check still holds (510.1e)."""
    g, (baloth, giant), (armodon, inter, thunder, lancer) = _baloth_example()
    g.assign_combat_damage(baloth, {armodon: 1, inter: 2, thunder: 4})
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.assign_combat_damage(giant, {lancer: 4})
    assert err.value.rule in ("510.1c", "510.1e")
    assert g.save() == before


def _hawk_and_lancer():
    g, (hawk, lancer), (fan,) = setup(["Test Flyer", "Test Lancer 2/1"], ["Test Plain"])
    g.declare_attackers({hawk: P1, lancer: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({fan: lancer})
    return g, hawk, lancer, fan


def test_510_2_seed_example_a_blocker_that_left_and_simultaneous_damage():
    """Hawk (1/1 flying) and Lancer (2/1) attack; a 1/1 blocks the Lancer and is
    sacrificed to deal 1 damage to the Hawk: the Hawk is destroyed, the Lancer deals and is
    dealt no combat damage.  Had the blocker stayed, it and the Lancer would have killed
    each other at once, and the Hawk's damage is dealt with theirs (510.2)."""
    g, hawk, lancer, fan = _hawk_and_lancer()
    g.move(fan, Zone.GRAVEYARD)                 # sacrificed (its 1 damage to the Hawk:)
    g.set_object(hawk, damage=1)
    g.pass_to(Step.END_COMBAT)
    assert hawk in g.graveyard(0) and lancer in g.battlefield(0)
    assert g.obj(lancer)["damage"] == 0 and g.life(1) == 20
    g, hawk, lancer, fan = _hawk_and_lancer()
    g.pass_to(Step.END_COMBAT)
    assert fan in g.graveyard(1) and lancer in g.graveyard(0) and g.life(1) == 19
    assert sum("combat damage is dealt (510.2)" in l for l in g.log) == 1


# --- 509.2 / 509.3: one place per pair in each order ------------------------------------------

def _two_shared(orders):
    g, (a1, a2), (b1, b2, b3) = setup(["Grizzly Bears", "Grizzly Bears"],
                                      ["Test Double Blocker 1/1", "Grizzly Bears", "Grizzly Bears"])
    g.declare_attackers({a1: P1, a2: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({b1: [a1, a2], b2: a1, b3: a2})
    while g.decision.kind == ORDER:
        d = g.decision
        want = orders(a1, a2, b1, b2, b3).get(d.source, [])
        acts = g.legal_actions()
        g.apply(next((x for w in want for x in acts if x.a == w), acts[0]))
    return g, (a1, a2), (b1, b2, b3)


def test_509_2_a_blocker_shared_by_two_orders_keeps_its_place_in_each():
    """The 1/1 blocks both bears; the first bear orders it first, the second last.  Each
    pair keeps its own place (on the old code ordering the second attacker renumbered the
    shared blocker and reversed the first order): the first bear's 2 damage go 1 + 1, so
    the 1/1 dies and the other blocker survives."""
    g, (a1, a2), (b1, b2, b3) = _two_shared(lambda a1, a2, b1, b2, b3: {a1: [b1, b2], a2: [b3, b1]})
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)
    assert b1 in g.graveyard(1)
    assert b2 in g.battlefield(1) and g.obj(b2)["damage"] == 1


def test_509_2_orders_are_kept_per_pair():
    g, (a1, a2), (b1, b2, b3) = _two_shared(lambda a1, a2, b1, b2, b3: {a1: [b1, b2], a2: [b3, b1]})
    assert g.damage_assignment_order(a1) == [b1, b2]
    assert g.damage_assignment_order(a2) == [b3, b1]


def test_509_3_the_defending_player_orders_a_blockers_attackers():
    g, (a1, a2), (b1,) = setup(["Grizzly Bears", "Grizzly Bears"], ["Test Double Blocker 1/1"],
                               edit=lambda g, a, b: g.set_object(b[0], plus1=2))
    g.declare_attackers({a1: P1, a2: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({b1: [a1, a2]})
    d = g.decision
    assert d.kind == ORDER and d.player == 1 and d.source == b1
    assert {(x.kind, x.a) for x in g.legal_actions()} == {(ActionKind.ORDER_ATTACKER, a1),
                                                          (ActionKind.ORDER_ATTACKER, a2)}
    g.apply(Action.make(ActionKind.ORDER_ATTACKER, a2))
    assert g.damage_assignment_order(b1) == [a2, a1]
    assert any("damage assignment order (509.3)" in l for l in g.log)
    # 3/3 blocker: lethal (2) to the second bear first, then the rest (510.1d)
    while g.decision.kind == Decision.PRIORITY and g.step != Step.COMBAT_DAMAGE:
        g.pass_priority()
    assert g.decision.kind == ASSIGN and g.decision.player == 1 and g.decision.source == b1
    assert splits(g) == {split_of({a2: 3}), split_of({a2: 2, a1: 1})}


def test_509_3a_an_attacker_leaving_keeps_the_blockers_order():
    g, (a1, a2), (b1,) = setup(["Grizzly Bears", "Grizzly Bears"], ["Test Double Blocker 1/1"])
    g.declare_attackers({a1: P1, a2: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({b1: [a1, a2]})
    g.apply(Action.make(ActionKind.ORDER_ATTACKER, a2))
    assert g.damage_assignment_order(b1) == [a2, a1]
    g.move(a2, Zone.GRAVEYARD)
    assert g.damage_assignment_order(b1) == [a1]


# --- the current edition: no damage assignment order ---------------------------------------------

def test_current_edition_has_no_damage_assignment_order_and_divides_freely():
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"],
                                       edition="current")
    g.declare_attackers({wurm: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({guard: wurm, elves: wurm})
    assert g.decision.kind == Decision.PRIORITY                 # no 509.2 decision
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert g.decision.kind == ASSIGN
    assert splits(g) == {split_of({guard: k, elves: 5 - k}) for k in range(6)}
    g.assign_combat_damage(wurm, {elves: 5})                    # illegal in the seed edition
    assert elves in g.graveyard(1) and guard in g.battlefield(1)


@pytest.mark.parametrize("edition", ["seed", "current", "classic"])
def test_classic_the_attacking_player_divides_the_damage_among_blockers_as_they_choose(edition):
    """seeds/002 ("combat damage step"): an attacker blocked by several creatures deals its
    damage divided among them as the attacking player decides: no damage assignment order
    (509.2 is the seed rules'), as in the current rules; the seed edition orders the
    blockers and needs lethal damage on the first before the next (510.1c)."""
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"],
                                       edition=edition)
    g.declare_attackers({wurm: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({guard: wurm, elves: wurm})
    if edition == "seed":
        assert g.decision.kind == ORDER and g.decision.player == 0          # 509.2
        g.apply(next(a for a in g.legal_actions() if a.a == guard))
    assert g.decision.kind == Decision.PRIORITY
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert g.decision.kind == ASSIGN and g.decision.player == 0
    every = {split_of({guard: k, elves: 5 - k}) for k in range(6)}
    if edition == "seed":
        assert splits(g) == {split_of({guard: k, elves: 5 - k}) for k in range(3, 6)}
        return
    assert splits(g) == every
    g.assign_combat_damage(wurm, {elves: 5})
    while g.stack():
        g.pass_priority()                     # classic: the damage is on the stack
    assert elves in g.graveyard(1) and guard in g.battlefield(1)


@pytest.mark.parametrize("edition", ["seed", "current", "classic"])
def test_classic_a_blocker_of_two_attackers_divides_its_damage_as_its_player_chooses(edition):
    """The blocker's side: with no damage assignment order (classic, current) a creature
    blocking two attackers divides its damage freely; the seed edition asks 509.3."""
    g, (a1, a2), (wall,) = setup(["Grizzly Bears", "Grizzly Bears"], ["Test Multi Blocker"],
                                 edition=edition,
                                 edit=lambda g, a, b: g.set_object(b[0], plus1=2))
    g.declare_attackers({a1: P1, a2: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({wall: [a1, a2]})
    assert (g.decision.kind == ORDER) == (edition == "seed")


def test_seed_edition_refuses_what_the_current_one_allows():
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.assign_combat_damage(wurm, {elves: 5})
    assert err.value.rule == "510.1c" and "lethal" in str(err.value)
    assert g.save() == before


def test_current_edition_trample_still_needs_lethal_on_every_blocker():
    g, (t,), (b1, b2) = setup(["Test Striker T 1/1"], ["Grizzly Bears", "Grizzly Bears"],
                              edition="current", edit=lambda g, a, b: g.set_object(a[0], plus1=4))
    to_damage(g, {t: P1}, {b1: t, b2: t})
    assert g.decision.kind == ASSIGN
    got = splits(g)
    assert split_of({b1: 2, b2: 2, P1: 1}) in got and split_of({b1: 5}) in got
    assert split_of({b1: 1, b2: 3, P1: 1}) not in got and split_of({b1: 3, b2: 2}) in got
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.assign_combat_damage(t, {b1: 1, b2: 2, P1: 2})
    assert err.value.rule == "702.19b"
    assert g.save() == before


def test_current_edition_blocker_divides_among_the_attackers_it_blocks():
    g, (a1, a2), (b1,) = setup(["Grizzly Bears", "Grizzly Bears"], ["Test Double Blocker 1/1"],
                               edition="current", edit=lambda g, a, b: g.set_object(b[0], plus1=2))
    g.declare_attackers({a1: P1, a2: P1})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({b1: [a1, a2]})
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert g.decision.kind == ASSIGN and g.decision.source == b1
    assert splits(g) == {split_of({a1: k, a2: 3 - k}) for k in range(4)}


# --- whole assignments, errors, save / load ---------------------------------------------------------

def test_illegal_whole_assignments_name_the_rule_and_change_nothing():
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    before = g.save()
    for amounts, rule in [({guard: 4}, "510.1a"), ({guard: 6}, "510.1a"),
                          ({guard: 2, elves: 3}, "510.1c"), ({guard: 5, P1: 0}, "510.1c"),
                          ({guard: 6, elves: -1}, "510.1a")]:
        with pytest.raises(IllegalActionError) as err:
            g.assign_combat_damage(wurm, amounts)
        assert err.value.rule == rule, amounts
        assert g.save() == before
    with pytest.raises(IllegalActionError):
        g.assign_combat_damage(guard, {wurm: 0})
    assert g.save() == before
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.ASSIGN_POINT, P1, wurm))        # no trample (510.1c)
    assert g.save() == before
    x = g.clone()
    x.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))
    x.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))
    before = x.save()
    with pytest.raises(IllegalActionError):
        x.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))     # the guard first (509.2)
    assert x.save() == before


def test_save_and_load_in_the_middle_of_an_assignment():
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    for _ in range(4):
        g.apply(Action.make(ActionKind.ASSIGN_POINT, guard, wurm))
    assert g.assigned_damage(wurm) == {guard: 4}
    assert "assigning 4 to Test Guard 0/3" in str(g)
    h = Game.load(g.save(), cards=CARDS)
    assert h.assigned_damage(wurm) == {guard: 4}
    assert h.legal_actions() == g.legal_actions()
    h.apply(Action.make(ActionKind.ASSIGN_POINT, elves, wurm))
    assert h.obj(guard)["damage"] == 4 or guard in h.graveyard(1)
    assert elves in h.graveyard(1)


def test_a_corrupt_assignment_in_a_saved_state_is_refused():
    """Load validation: an amount beyond the creature's power, or one made for a creature
    whose turn to assign has not come, is refused (510.1a, 510.1)."""
    from mtg_core import _engine
    from mtg_core.errors import StateFormatError
    g, (wurm,), (guard, elves) = setup(["Test Wurm 5/6"], ["Test Guard 0/3", "Llanowar Elves"])
    to_damage(g, {wurm: P1}, {guard: wurm, elves: wurm}, {wurm: [guard, elves]})
    g.apply(Action.make(ActionKind.ASSIGN_POINT, guard, wurm))
    pairs = g.state.sections()["pairs"]
    a_dmg, b_dmg = _engine.PAIR_FIELDS.index("a_dmg"), _engine.PAIR_FIELDS.index("b_dmg")
    row = next(i for i in range(len(pairs)) if pairs[i, a_dmg] == 1)
    for col, value in ((a_dmg, 9), (b_dmg, 1)):
        saved = int(pairs[row, col])
        pairs[row, col] = value
        with pytest.raises(StateFormatError):
            Game.load(g.save(), cards=CARDS)
        pairs[row, col] = saved
    assert Game.load(g.save(), cards=CARDS).assigned_damage(wurm) == {guard: 1}


# --- every legal split is reachable: a brute-force oracle ---------------------------------------

def oracle(power, needs, dt, trample, seed_order):
    """Every legal split of one attacker (510.1c, 702.19b, 702.2c) over its blockers (in
    order) and, with trample, the player: tuples of amounts."""
    n = len(needs)
    k = n + (1 if trample else 0)
    rank = (list(range(n)) + ([n] if trample else [])) if seed_order else \
        ([0] * n + ([1] if trample else []))
    out = set()
    for cut in itertools.combinations_with_replacement(range(k), power):
        amt = [cut.count(i) for i in range(k)]
        lethal = [amt[i] >= needs[i] or (dt and amt[i] > 0) for i in range(n)]
        if all(all(lethal[i] for i in range(n) if rank[i] < rank[j]) for j in range(k) if amt[j]):
            out.add(tuple(amt))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(power=st.integers(1, 6), blockers=st.lists(st.tuples(st.integers(1, 4), st.integers(0, 3)),
                                                   min_size=1, max_size=3),
       dt=st.booleans(), trample=st.booleans(), edition=st.sampled_from(["seed", "current"]),
       perm=st.permutations(range(3)))
def test_every_legal_split_is_reachable_and_nothing_else(power, blockers, dt, trample, edition, perm):
    name = "Test Striker" + (" DT" if dt else "") + (" T" if trample else "") + " 1/1"
    blockers = [(t, min(d, t - 1)) for t, d in blockers]

    def edit(g, a, b):
        g.set_object(a[0], plus1=power - 1)
        for o, (t, d) in zip(b, blockers):
            g.set_object(o, plus1=t - 1, damage=d)
    g, (att,), bl = setup([name], ["Test Wall 0/1"] * len(blockers), edition=edition, edit=edit)
    order = [bl[i] for i in perm if i < len(bl)]
    to_damage(g, {att: P1}, {o: att for o in bl}, {att: order}, stop_at_blockers_step=True)
    if edition == "seed":
        assert g.damage_assignment_order(att) == order
    else:
        order = g.damage_assignment_order(att)
    needs = [g.power_toughness(o)[1] - g.obj(o)["damage"] for o in order]
    while g.decision.kind == Decision.PRIORITY and g.step == Step.DECLARE_BLOCKERS:
        g.pass_priority()
    want = oracle(power, needs, dt, trample, edition == "seed")
    recips = order + ([P1] if trample else [])
    d = g.decision
    if d.kind == ASSIGN:
        assert d.source == att
        got = {tuple(dict(s).get(r, 0) for r in recips) for s in splits(g)}
        assert got == want
        assert len(want) > 1
    else:
        assert len(want) == 1
