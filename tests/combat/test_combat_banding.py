"""Banding (702.21): bands formed as attackers are declared (508.1e, 702.21c-d),
blocking one creature of a band blocks the whole band (702.21h), and who assigns combat
damage (702.21j, ``banding_assigner``; the damage assignment itself is elsewhere)."""
from __future__ import annotations

import pytest

from mtg_core import _engine
from mtg_core.enums import ActionKind, Decision
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import DONE, P1, combat_game, to_blockers

BAND = ActionKind.BAND


def bands_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == BAND}


def band_of(g, o) -> int:
    return g.obj(o)["band"]


def attack(g, o, t=P1):
    g.apply(Action.make(ActionKind.ATTACK, t, o))


def test_508_1e_702_21c_bands_form_step_by_step():
    """Creatures with banding and at most one without may form a band (702.21c): Benalish
    Hero may band with the Bears or with Mesa Pegasus; once Hero and Bears are a band, the
    second Bears can't join it, Pegasus can."""
    g, (hero, bear, bear2, peg), _ = combat_game(
        ["Benalish Hero", "Grizzly Bears", "Grizzly Bears", "Mesa Pegasus"])
    assert bands_offered(g) == set()                 # nobody declared yet
    for o in (hero, bear, bear2, peg):
        attack(g, o)
    offered = bands_offered(g)
    assert (hero, bear) in offered and (hero, peg) in offered and (bear, peg) in offered
    assert (bear, bear2) not in offered              # two without banding: no band
    g.apply(Action.make(BAND, hero, bear))
    assert band_of(g, hero) == band_of(g, bear) == hero + 1
    offered = bands_offered(g)
    assert (hero, bear2) not in offered              # a second creature without banding
    assert (hero, peg) in offered
    g.apply(Action.make(BAND, hero, peg))
    assert band_of(g, peg) == hero + 1
    g.apply(DONE)
    assert f"{g.object_name(hero)} joins the band of {g.object_name(peg)} (508.1e, 702.21c)" in g.log
    assert all(g.obj(o)["combat"] & _engine.CB_ATTACKING for o in (hero, bear, bear2, peg))
    assert band_of(g, bear2) == 0
    before = g.save()
    assert g.load(before, cards=g.cards).save() == before      # the band field round-trips


def test_702_21d_a_band_attacks_one_player_or_planeswalker():
    g, (hero, bear), (walker,) = combat_game(["Benalish Hero", "Grizzly Bears"], ["Test Walker"])
    attack(g, hero, P1)
    attack(g, bear, walker)
    assert bands_offered(g) == set()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(BAND, hero, bear))


def test_whole_declaration_with_bands_and_bad_bands_refused():
    g, (hero, bear, bear2), _ = combat_game(["Benalish Hero", "Grizzly Bears", "Grizzly Bears"])
    before = g.save()
    for bad in ([[hero, bear, bear2]], [[bear, bear2]], [[hero]], [[hero, bear], [bear, bear2]]):
        with pytest.raises(IllegalActionError) as err:
            g.declare_attackers({hero: P1, bear: P1, bear2: P1}, bands=bad)
        assert "702.21c" in str(err.value)
        assert g.save() == before
    with pytest.raises(IllegalActionError):          # not attacking: can't be in a band
        g.declare_attackers({hero: P1}, bands=[[hero, bear]])
    assert g.save() == before
    g.declare_attackers({hero: P1, bear: P1, bear2: P1}, bands=[[hero, bear]])
    assert band_of(g, hero) == band_of(g, bear) == hero + 1 and band_of(g, bear2) == 0


def test_702_21h_blocking_one_creature_of_a_band_blocks_the_whole_band():
    """The rule's example: a flyer in a band with a creature without flying can be blocked
    through its band-mate; the blocker then blocks both."""
    g, (peg, bear), (guard,) = combat_game(["Mesa Pegasus", "Grizzly Bears"], ["Test Guard 0/3"])
    g.declare_attackers({peg: P1, bear: P1}, bands=[[peg, bear]])
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert g.decision.kind == Decision.DECLARE_BLOCKERS
    offered = {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}
    assert offered == {(guard, bear)}                # 509.1b: it can't block the flyer itself
    g.declare_blockers({guard: bear})
    assert g.obj(peg)["combat"] & _engine.CB_BLOCKED and g.obj(bear)["combat"] & _engine.CB_BLOCKED
    assert f"{g.object_name(guard)} also blocks {g.object_name(peg)}, in the same band (702.21h)" in g.log
    # 702.21j: the attacking player divides the blocker's damage (a creature with banding
    # is among those it blocks); the attackers' own damage stays with their controller
    assert _engine.banding_assigner_of(g.state, guard) == 0
    assert _engine.banding_assigner_of(g.state, bear) == -1
    assert _engine.banding_assigner_of(g.state, peg) == -1


def test_702_21j_a_blocker_with_banding_lets_the_defending_player_assign():
    g, (bear,), (wolves,) = combat_game(["Grizzly Bears"], ["Timber Wolves"])
    to_blockers(g, {bear: P1})
    g.declare_blockers({wolves: bear})
    assert _engine.banding_assigner_of(g.state, bear) == 1      # the defending player
    assert _engine.banding_assigner_of(g.state, wolves) == -1
    g2, (bear2,), (guard,) = combat_game(["Grizzly Bears"], ["Test Guard 0/3"])
    to_blockers(g2, {bear2: P1})
    g2.declare_blockers({guard: bear2})
    assert _engine.banding_assigner_of(g2.state, bear2) == -1   # no banding involved
    assert _engine.banding_assigner_of(g2.state, guard) == -1


def test_bands_end_with_combat_and_load_refuses_a_band_outside_combat():
    g, (hero, bear), _ = combat_game(["Benalish Hero", "Grizzly Bears"])
    g.declare_attackers({hero: P1, bear: P1}, bands=[[hero, bear]])
    from combat_helpers import finish_combat
    finish_combat(g)
    g.pass_priority()
    while g.step.name == "END_COMBAT":
        g.pass_priority()
    assert band_of(g, hero) == 0 and band_of(g, bear) == 0     # 511.3
    from mtg_core.errors import MtgError
    with pytest.raises(MtgError) as err:
        g.set_object(hero, band=hero + 1)
    assert "band" in str(err.value)


def _to_damage_assignment(g):
    """Pass priority and take default orders until a combat damage split is asked."""
    while g.decision.kind != Decision.ASSIGN_DAMAGE:
        if g.decision.kind == Decision.DAMAGE_ORDER:
            g.apply(g.legal_actions()[0])
        else:
            g.pass_priority()


def test_702_21j_the_defending_player_divides_the_attackers_damage_as_they_choose():
    """A Wurm (5 power) blocked by Timber Wolves (banding) and a 0/3 Guard: the defending
    player, not the Wurm's controller, divides its damage, and freely -- no damage
    assignment order and no lethal damage first (702.21j): all 5 to the Guard saves the
    Wolves, whichever comes first in the order."""
    g, (wurm,), (wolves, guard) = combat_game(["Test Wurm 5/6"], ["Timber Wolves", "Test Guard 0/3"])
    to_blockers(g, {wurm: P1})
    g.declare_blockers({wolves: wurm, guard: wurm})
    _to_damage_assignment(g)
    assert g.decision.player == 1 and g.decision.source == wurm
    assert g.damage_assignment_order(wurm)[0] == wolves        # the default order: Wolves first
    g.assign_combat_damage(wurm, {guard: 5, wolves: 0})
    while g.step.name == "COMBAT_DAMAGE":
        g.pass_priority()
    assert guard not in g.battlefield() and wolves in g.battlefield()


def test_702_21j_without_banding_the_attacker_assigns_lethal_damage_in_order():
    """The same board with a plain 1/1 instead of Timber Wolves: the Wurm's controller
    assigns, and the first blocker in order must get lethal damage first (510.1c)."""
    g, (wurm,), (plain, guard) = combat_game(["Test Wurm 5/6"], ["Test Plain", "Test Guard 0/3"])
    to_blockers(g, {wurm: P1})
    g.declare_blockers({plain: wurm, guard: wurm})
    _to_damage_assignment(g)
    assert g.decision.player == 0 and g.decision.source == wurm
    assert g.damage_assignment_order(wurm)[0] == plain
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.assign_combat_damage(wurm, {guard: 5, plain: 0})
    assert g.save() == before


def test_702_21j_the_attacking_player_divides_a_blocker_of_a_banded_attacker():
    """Benalish Hero (banding) and the Bears attack as a band; a 2/2 blocking the Bears
    also blocks the Hero (702.21h), and the attacking player divides the blocker's damage:
    all of it to the Hero, none to the Bears."""
    g, (hero, bear), (blocker,) = combat_game(["Benalish Hero", "Grizzly Bears"], ["Grizzly Bears"])
    g.declare_attackers({hero: P1, bear: P1}, bands=[[hero, bear]])
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({blocker: bear})
    while True:
        _to_damage_assignment(g)
        if g.decision.source == blocker:
            break
        g.apply(g.legal_actions()[0])                # the attackers' own splits: defaults
    assert g.decision.player == 0                    # the attacking player (702.21j)
    g.assign_combat_damage(blocker, {hero: 2, bear: 0})
    while g.step.name == "COMBAT_DAMAGE":
        g.pass_priority()
    assert hero not in g.battlefield() and bear in g.battlefield()
