"""506.6: spells and abilities usable only before or after a point of combat ("during
combat", "before attackers / blockers are declared", "during combat after blockers are
declared", "before the combat damage step"), as card-script timings (TIME_* 4-9)."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game
from mtg_core.cards import ActivatedAbility, Pump, SpellAbility
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.game import Action

from combat_helpers import DONE, P1, TEST_CARDS

WORDS = ["during combat", "before attackers are declared", "before blockers are declared",
         "during combat before blockers are declared", "during combat after blockers are declared",
         "before the combat damage step"]
CARDS = TEST_CARDS.extended(
    [Card(f"Test Trick {w}", "", ("Instant",),
          abilities=(SpellAbility(Pump("target", 1, 1), targets=("creature",), timing=w),))
     for w in WORDS]
    + [Card("Test Combat Guard", "{1}", ("Creature",), power=1, toughness=1,
            abilities=(ActivatedAbility("{T}", Pump("target", 1, 1), targets=("creature",),
                                        timing="during combat"),))])

S = Step
# castable per step when the turn's combat has attackers (506.6a-d)
WITH_ATTACK = {
    S.UPKEEP: {1, 2, 5}, S.MAIN: {1, 2, 5}, S.BEGIN_COMBAT: {0, 1, 2, 3, 5},
    S.DECLARE_ATTACKERS: {0, 2, 3, 5}, S.DECLARE_BLOCKERS: {0, 4, 5}, S.COMBAT_DAMAGE: {0, 4},
    S.END_COMBAT: {0, 4}, S.END: set()}
# 506.6e-f: with no attackers the declare blockers and combat damage steps are skipped
NO_ATTACK = {S.BEGIN_COMBAT: {0, 1, 2, 3, 5}, S.DECLARE_ATTACKERS: {0, 2, 3, 5},
             S.END_COMBAT: {0}}


def castable_by_step(attack: bool) -> dict[Step, set[int]]:
    g = Game(["bears", "bears"], seed=2, cards=CARDS, mulligans=False, starting_player=0)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    tricks = [g.create_card(f"Test Trick {w}", 0, Zone.HAND) for w in WORDS]
    seen: dict[Step, set[int]] = {}
    while g.turn == 1:
        d = g.decision
        if d.kind == Decision.DECLARE_ATTACKERS:
            g.declare_attackers({bear: P1} if attack else {})
            continue
        if d.kind != Decision.PRIORITY:
            g.apply(g.legal_actions()[0])
            continue
        if d.player == 0 and not g.stack() and g.step not in seen:
            casts = {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
            seen[g.step] = {i for i, t in enumerate(tricks) if t in casts}
        g.pass_priority()
    return seen


def test_506_6_combat_timings_with_attackers():
    seen = castable_by_step(True)
    for step, want in WITH_ATTACK.items():
        assert seen[step] == want, (step, sorted(seen[step]), sorted(want))


def test_506_6e_f_combat_timings_when_no_creature_attacks():
    seen = castable_by_step(False)
    assert S.DECLARE_BLOCKERS not in seen and S.COMBAT_DAMAGE not in seen      # 508.6
    for step, want in NO_ATTACK.items():
        assert seen[step] == want, (step, sorted(seen[step]), sorted(want))


def test_506_6g_an_ability_activated_only_during_combat():
    g = Game(["bears", "bears"], seed=2, cards=CARDS, mulligans=False, starting_player=0)
    guard = g.create_card("Test Combat Guard", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.MAIN, 0)
    with pytest.raises(IllegalActionError) as err:
        g.activate(guard, 0)
    assert "602.5d" in str(err.value)
    while g.step != Step.BEGIN_COMBAT:
        g.pass_priority()
    assert Action.make(ActionKind.ACTIVATE, guard, 0) in g.legal_actions()


def test_a_spell_timing_must_be_one_a_spell_may_have():
    with pytest.raises(CardScriptError):
        CARDS.extended([Card("Test Bad", "", ("Instant",),
                             abilities=(SpellAbility(Pump("target", 1, 1), targets=("creature",),
                                                     timing="during lunch"),))]).tables
