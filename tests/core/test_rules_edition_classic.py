"""The classic rules edition (``Game(..., edition="classic")``, seeds/002 "Turn structure"),
against the seeds' rules (``seed``, the default) and ``current``:

* combat damage uses the stack (seeds/002, combat damage step): the assigned damage is put
  on the stack as one object, players get priority with it there, and when it resolves all
  of it is dealt at once (510.2) -- from sources that have left the battlefield too (last
  known information), but not to creatures that have left.  With first or double strike
  each combat damage step (510.4) puts its own damage on the stack.
* mana empties at the end of each phase, not each step, and the player loses 1 life for
  each mana emptied (mana burn), a loss of life that 704.5a acts on.  The seed and current
  editions keep 500.4: mana empties at the end of each step and phase, with no burn.
"""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import (DEFAULT_CARDS, Card, Decision, Game, Result, Step, Zone,
                      play_random_games)
from mtg_core import _engine
from mtg_core.cards import ActivatedAbility, Damage, GrantKeywords, SpellAbility
from mtg_core.enums import ActionKind, Phase
from mtg_core.errors import StateFormatError
from mtg_core.game import Action

C = _engine.constants()
P0, P1 = Game.player_target(0), Game.player_target(1)
CF = _engine.COMBAT_DAMAGE_FIELDS
CARDS = DEFAULT_CARDS.extended([
    Card("Test Striker 2/2", "{1}", ("Creature",), power=2, toughness=2,
         keywords=("first strike",)),
    Card("Test Double Striker 2/2", "{1}", ("Creature",), power=2, toughness=2,
         keywords=("double strike",)),
    Card("Test Lifelinker 3/3", "{1}", ("Creature",), power=3, toughness=3,
         keywords=("lifelink",),
         abilities=(ActivatedAbility("Sacrifice ~", Damage("target", 1), targets=("any",)),)),
    Card("Test Lifelink Gift", "{0}", ("Instant",),
         abilities=(SpellAbility(GrantKeywords("target", ("lifelink",)), targets=("creature",)),)),
])


def combat(edition, attackers, blockers, *, blocks=None):
    """P0 attacks P1 with ``attackers`` (names), P1 blocks as ``blocks`` says ({blocker
    index: attacker index}); returns the game at P0's priority in the declare blockers step
    (or the combat damage step when nothing could block), and both creature lists."""
    g = Game(["bears", "bears"], seed=11, cards=CARDS, mulligans=False, starting_player=0,
             edition=edition)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in attackers]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in blockers]
    g.pass_until(lambda x: x.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({o: P1 for o in a})
    g.pass_until(lambda x: x.decision.kind != Decision.PRIORITY or x.step == Step.COMBAT_DAMAGE)
    if g.decision.kind == Decision.DECLARE_BLOCKERS:
        g.declare_blockers({b[j]: a[i] for j, i in (blocks or {}).items()})
        g.pass_until(lambda x: x.decision.kind == Decision.PRIORITY)
    return g, a, b


def to_combat_damage(g):
    """Pass until a player has priority in a combat damage step."""
    g.pass_until(lambda x: x.step == Step.COMBAT_DAMAGE and x.decision.kind == Decision.PRIORITY)


def damage_on_stack(g):
    return sorted((d["source"], d["target"], d["amount"]) for d in g.combat_damage_on_stack())


# --- combat damage uses the stack (seeds/002; 510.1-510.2) ---------------------------------

def test_classic_510_combat_damage_goes_on_the_stack_and_players_get_priority():
    g, (giant,), (bear,) = combat("classic", ["Hill Giant"], ["Grizzly Bears"], blocks={0: 0})
    to_combat_damage(g)
    (item,) = g.stack()
    assert item["kind"] == C["SK_COMBAT_DAMAGE"]
    assert damage_on_stack(g) == sorted([(giant, bear, 3), (bear, giant, 2)])
    # nothing is dealt yet: both creatures are whole, and each player gets priority
    assert g.obj(giant)["damage"] == 0 and g.obj(bear)["damage"] == 0
    assert g.priority_player == 0
    g.pass_priority()
    assert g.priority_player == 1 and g.stack()
    assert "combat damage: " in str(g) and "Hill Giant" in str(g).split("combat damage: ")[1]
    g.pass_priority()                                   # 608.1: it resolves, 510.2: all at once
    assert not g.stack() and g.combat_damage_on_stack() == []
    assert bear in g.graveyard(1) and g.obj(giant)["damage"] == 2
    assert g.step == Step.COMBAT_DAMAGE and g.priority_player == 0
    log = "\n".join(g.log)
    assert "combat damage is put on the stack (classic rules)" in log
    assert log.index("put on the stack") < log.index("combat damage on the stack resolves: "
                                                     "it is dealt (510.2)")


@pytest.mark.parametrize("edition", ["seed", "current"])
def test_510_2_in_seed_and_current_combat_damage_is_dealt_before_anyone_gets_priority(edition):
    g, (giant,), (bear,) = combat(edition, ["Hill Giant"], ["Grizzly Bears"], blocks={0: 0})
    to_combat_damage(g)
    assert g.stack() == [] and g.combat_damage_on_stack() == []
    assert bear in g.graveyard(1) and g.obj(giant)["damage"] == 2


def test_classic_an_unblocked_attacker_damages_the_player_when_the_damage_resolves():
    g, (bear,), _ = combat("classic", ["Grizzly Bears"], [])
    to_combat_damage(g)
    assert damage_on_stack(g) == [(bear, P1, 2)] and g.life(1) == 20
    g.pass_priority(); g.pass_priority()
    assert g.life(1) == 18


def test_classic_mogg_fanatic_trick_its_damage_on_the_stack_is_still_dealt():
    """The Fanatic blocks a 2/2; with the damage on the stack it is sacrificed to deal 1
    damage: its 1 combat damage is still dealt (2 in all: the Bears die), and the Bears'
    damage assigned to the Fanatic, which has left, is not dealt."""
    g, (bears,), (fanatic,) = combat("classic", ["Grizzly Bears"], ["Mogg Fanatic"], blocks={0: 0})
    to_combat_damage(g)
    assert damage_on_stack(g) == sorted([(bears, fanatic, 2), (fanatic, bears, 1)])
    g.pass_priority()                                   # P0 passes; P1 responds
    g.activate(fanatic, 0, bears)
    assert fanatic in g.graveyard(1)
    g.pass_priority(); g.pass_priority()                # the Fanatic's ability resolves
    assert g.obj(bears)["damage"] == 1 and len(g.stack()) == 1
    g.pass_priority(); g.pass_priority()                # the combat damage resolves
    assert bears in g.graveyard(0)
    assert any("is not dealt: it has left the battlefield" in line for line in g.log)


@pytest.mark.parametrize("edition", ["seed", "current"])
def test_mogg_fanatic_trick_doesnt_work_without_damage_on_the_stack(edition):
    """Seed / current rules: sacrificed before damage, the Fanatic is removed from combat
    (506.4) and deals no combat damage; the blocked Bears (509.1h) deal none either and
    survive with 1 damage.  After damage there is no chance: it is dealt at once and the
    Fanatic dies (704.5g) before anyone gets priority."""
    g, (bears,), (fanatic,) = combat(edition, ["Grizzly Bears"], ["Mogg Fanatic"], blocks={0: 0})
    assert g.step == Step.DECLARE_BLOCKERS
    g.pass_priority()
    g.activate(fanatic, 0, bears)
    g.pass_priority(); g.pass_priority()
    g.pass_until(lambda x: x.step == Step.END_COMBAT)
    assert bears in g.battlefield(0) and g.obj(bears)["damage"] == 1 and g.life(1) == 20
    g2, (bears2,), (fanatic2,) = combat(edition, ["Grizzly Bears"], ["Mogg Fanatic"], blocks={0: 0})
    to_combat_damage(g2)
    assert fanatic2 in g2.graveyard(1) and g2.obj(bears2)["damage"] == 1


def test_classic_pump_after_damage_is_on_the_stack_doesnt_change_it():
    """Giant Growth on the attacking 2/2 once its damage is on the stack: it still deals 2
    (what was assigned), and survives the Giant's 3 as a 5/5."""
    g, (bears,), (giant,) = combat("classic", ["Grizzly Bears"], ["Hill Giant"], blocks={0: 0})
    growth = g.create_card("Giant Growth", 0, Zone.HAND)
    g.create_card("Forest", 0, Zone.BATTLEFIELD)
    to_combat_damage(g)
    g.cast(growth, bears)
    g.pass_priority(); g.pass_priority()                # Giant Growth resolves
    assert g.power_toughness(bears) == (5, 5)
    assert damage_on_stack(g) == sorted([(bears, giant, 2), (giant, bears, 3)])
    g.pass_priority(); g.pass_priority()
    assert g.obj(giant)["damage"] == 2 and g.obj(bears)["damage"] == 3
    assert bears in g.battlefield(0) and giant in g.battlefield(1)


def test_classic_damage_of_a_source_that_left_uses_its_last_known_lifelink():
    """The lifelink attacker is sacrificed with its damage on the stack: the damage is dealt
    and its controller gains that much life (lifelink as the source last existed)."""
    g, (linker,), _ = combat("classic", ["Test Lifelinker 3/3"], [])
    to_combat_damage(g)
    g.activate(linker, 0, P1)                           # P0 sacrifices it: 1 damage
    g.pass_priority(); g.pass_priority()
    assert linker in g.graveyard(0) and g.life(1) == 19 and g.life(0) == 21
    g.pass_priority(); g.pass_priority()                # the combat damage: 3, lifelink
    assert g.life(1) == 16 and g.life(0) == 24


def test_classic_lifelink_gained_after_damage_is_on_the_stack_counts():
    """A source still on the battlefield is read as its damage is dealt (lifelink is a
    static ability, 702.15b; 120.3f): granted in response, it applies."""
    g, (bears,), _ = combat("classic", ["Grizzly Bears"], [])
    gift = g.create_card("Test Lifelink Gift", 0, Zone.HAND)
    to_combat_damage(g)
    assert damage_on_stack(g) == [(bears, P1, 2)]
    g.cast(gift, bears)
    g.pass_priority(); g.pass_priority()
    g.pass_priority(); g.pass_priority()
    assert g.life(1) == 18 and g.life(0) == 22


def test_classic_first_strike_each_damage_step_puts_its_own_damage_on_the_stack():
    """510.4: the first-strike step puts only the first striker's damage on the stack; once
    it has resolved the blocker is dead (704.5g) and the regular step has nothing to put."""
    g, (striker,), (bears,) = combat("classic", ["Test Striker 2/2"], ["Grizzly Bears"],
                                     blocks={0: 0})
    to_combat_damage(g)
    assert damage_on_stack(g) == [(striker, bears, 2)]
    assert all(d["first_strike"] == 1 for d in g.combat_damage_on_stack())
    assert "first-strike combat damage is put on the stack" in "\n".join(g.log)
    g.pass_priority(); g.pass_priority()
    assert bears in g.graveyard(1)
    g.pass_until(lambda x: x.step == Step.END_COMBAT)
    assert g.obj(striker)["damage"] == 0


def test_classic_double_strike_puts_damage_on_the_stack_in_both_steps():
    g, (ds,), _ = combat("classic", ["Test Double Striker 2/2"], [])
    to_combat_damage(g)
    assert damage_on_stack(g) == [(ds, P1, 2)]
    g.pass_priority(); g.pass_priority()
    assert g.life(1) == 18
    g.pass_priority(); g.pass_priority()                # the first-strike step ends
    assert g.step == Step.COMBAT_DAMAGE and damage_on_stack(g) == [(ds, P1, 2)]
    assert all(d["first_strike"] == 0 for d in g.combat_damage_on_stack())
    g.pass_priority(); g.pass_priority()
    assert g.life(1) == 16


def test_classic_a_regular_blocker_can_respond_to_first_strike_damage_on_the_stack():
    """The first striker's damage is on the stack; the Fanatic blocking it is sacrificed in
    response (its own regular damage never gets assigned: it has left combat)."""
    g, (striker,), (fanatic,) = combat("classic", ["Test Striker 2/2"], ["Mogg Fanatic"],
                                       blocks={0: 0})
    to_combat_damage(g)
    g.pass_priority()
    g.activate(fanatic, 0, striker)
    g.pass_priority(); g.pass_priority()
    g.pass_priority(); g.pass_priority()                # first-strike damage: its target is gone
    g.pass_until(lambda x: x.step == Step.END_COMBAT)
    assert g.obj(striker)["damage"] == 1 and g.life(1) == 20


# --- saved states -----------------------------------------------------------------------------

def test_classic_a_save_with_combat_damage_on_the_stack_loads_back_and_plays_on():
    g, (giant,), (bear,) = combat("classic", ["Hill Giant"], ["Grizzly Bears"], blocks={0: 0})
    to_combat_damage(g)
    loaded = Game.load(g.save(), cards=CARDS)
    assert loaded == g and loaded.combat_damage_on_stack() == g.combat_damage_on_stack()
    loaded.pass_priority(); loaded.pass_priority()
    assert bear in loaded.graveyard(1) and loaded.obj(giant)["damage"] == 2


def _tampered(g, section, row, more=(), **fields):
    """The save of ``g`` with ``fields`` of ``row`` of ``section`` changed (and the
    (section, row, fields) edits of ``more``), resealed."""
    clone = g.clone()
    sec = clone.state.sections()
    names = {"header": _engine.HEADER_FIELDS, "stack": _engine.STACK_FIELDS,
             "combat_damage": CF}
    for sect, r, fs in ((section, row, fields), *more):
        for k, v in fs.items():
            if sect == "header":
                sec[sect][names[sect].index(k)] = v
            else:
                sec[sect][r, names[sect].index(k)] = v
    return clone.save()


@pytest.mark.parametrize("section,row,fields,words", [
    ("header", 0, {"combat_damage_n": 0}, "don't match"),
    ("header", 0, {"combat_damage_n": 10**6}, "combat_damage_n"),
    ("combat_damage", 0, {"amount": 0}, "assigns no damage"),
    ("combat_damage", 0, {"amount": -1}, "amount"),
    ("combat_damage", 0, {"source": 10**6}, "source"),
    ("combat_damage", 0, {"target": -1}, "target"),
    ("combat_damage", 0, {"keywords": -1}, "keywords"),
    ("combat_damage", 0, {"first_strike": 1}, "mixes first-strike"),
    ("stack", 0, {"obj": 1}, "bare object"),
    ("stack", 0, {"kind": C["SK_ABILITY"]}, "stack entry 0"),
    ("header", 0, {"decision": C["D_TARGET"], "casting": 0}, "stack entry 0|target"),
])
def test_classic_load_refuses_inconsistent_combat_damage_on_the_stack(section, row, fields, words):
    g, _, _ = combat("classic", ["Hill Giant"], ["Grizzly Bears"], blocks={0: 0})
    to_combat_damage(g)
    with pytest.raises(StateFormatError, match=words):
        Game.load(_tampered(g, section, row, **fields), cards=CARDS)


def _domain_cases():
    for field, (ranges, _) in _engine.field_domains()["combat_damage"].items():
        yield field, "below"
        yield field, "above"


@pytest.mark.parametrize("field,side", list(_domain_cases()))
def test_classic_a_combat_damage_field_just_outside_its_domain_is_refused(field, side):
    """Every field of the combat damage section, in the row in use and in a row not in use,
    is checked against its documented domain on load."""
    g, _, _ = combat("classic", ["Hill Giant"], ["Grizzly Bears"], blocks={0: 0})
    to_combat_damage(g)
    h = g.state.header()
    tables = g.cards.tables
    bounds = _engine.state_bounds(h, tables.n_cards, tables.abilities.shape[0],
                                  tables.program.shape[0])
    ranges = _engine.field_domains()["combat_damage"][field][0]
    spans = sorted((bounds[lo] if isinstance(lo, str) else lo, bounds[hi] if isinstance(hi, str) else hi)
                   for lo, hi in ranges)
    value = spans[0][0] - 1 if side == "below" else spans[-1][1] + 1
    for row in (0, 5):
        with pytest.raises(StateFormatError, match=field):
            Game.load(_tampered(g, "combat_damage", row, **{field: value}), cards=CARDS)


def test_classic_load_refuses_combat_damage_on_the_stack_outside_the_combat_damage_step():
    """Only the combat damage step can hold it (the step can't end before it resolves)."""
    g = Game(["bears", "bears"], seed=11, cards=CARDS, mulligans=False, starting_player=0,
             edition="classic")
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.MAIN, 0)
    item = dict(kind=C["SK_COMBAT_DAMAGE"], obj=0, obj_inc=0, controller=0, ability=-1,
                n_targets=0, target0=-1, target1=-1, target_inc0=0, target_inc1=0,
                prog_start=-1, prog_len=0)
    row = dict(source=bear, source_inc=g.obj(bear)["incarnation"], target=P1, target_inc=0,
               amount=2, keywords=0, controller=0, first_strike=0)
    blob = _tampered(g, "header", 0, stack_n=1, combat_damage_n=1,
                     more=[("stack", 0, item), ("combat_damage", 0, row)])
    with pytest.raises(StateFormatError, match="outside the combat damage step"):
        Game.load(blob, cards=CARDS)


def test_seed_states_have_no_combat_damage_section_and_refuse_one():
    seed = Game(["bears", "bears"], seed=11, cards=CARDS, mulligans=False)
    classic = Game(["bears", "bears"], seed=11, cards=CARDS, mulligans=False, edition="classic")
    assert seed.state.sections()["combat_damage"].shape == (0, len(CF))
    cap = classic.state.header()["cap"]
    assert classic.state.sections()["combat_damage"].shape == (2 * cap, len(CF))
    assert seed.state.buffer.size + 2 * cap * len(CF) == classic.state.buffer.size
    with pytest.raises(StateFormatError, match="combat_damage_n"):
        Game.load(_tampered(seed, "header", 0, combat_damage_n=1), cards=CARDS)


# --- mana empties at the end of each phase, with mana burn (seeds/002; 500.4) ---------------

def _upkeep_of_p0_with_floating_mana(edition, life=20):
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=1,
             edition=edition)
    forest = g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.set_player(0, life=life)
    g.pass_until(lambda x: x.turn == 2 and x.step == Step.UPKEEP and x.priority_player == 0)
    g.tap_for_mana(forest, "G")
    assert g.mana_pool(0) == {"G": 1}
    return g


def test_classic_mana_survives_from_one_step_to_the_next_within_a_phase():
    g = _upkeep_of_p0_with_floating_mana("classic")
    g.pass_until(lambda x: x.step == Step.DRAW and x.priority_player == 0)
    assert g.mana_pool(0) == {"G": 1} and g.life(0) == 20


@pytest.mark.parametrize("edition", ["seed", "current"])
def test_500_4_mana_empties_at_the_end_of_each_step_without_burn(edition):
    g = _upkeep_of_p0_with_floating_mana(edition)
    g.pass_until(lambda x: x.step == Step.DRAW and x.priority_player == 0)
    assert g.mana_pool(0) == {} and g.life(0) == 20
    assert not any("mana burn" in line for line in g.log)


def test_classic_mana_burn_at_the_end_of_the_phase():
    g = _upkeep_of_p0_with_floating_mana("classic")
    g.pass_until(lambda x: x.phase == Phase.PRECOMBAT_MAIN and x.priority_player == 0)
    assert g.mana_pool(0) == {} and g.life(0) == 19
    assert any(line.endswith("loses 1 life to mana burn: unused mana emptied at the end of "
                             "the phase (classic rules)") for line in g.log)


def test_classic_mana_burn_counts_every_mana_emptied():
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=0,
             edition="classic")
    g.pass_to(Step.MAIN, 0)
    g.set_player(0, mana_R=2, mana_G=1)
    g.set_player(1, mana_W=1)
    g.pass_until(lambda x: x.step == Step.BEGIN_COMBAT)
    assert g.life(0) == 17 and g.life(1) == 19


def test_classic_losing_the_game_to_mana_burn_704_5a():
    g = _upkeep_of_p0_with_floating_mana("classic", life=1)
    g.pass_until(lambda x: x.is_over)
    assert g.result.kind == Result.WIN and g.result.winner == 1
    log = "\n".join(g.log)
    assert "mana burn" in log and "0 or less life (704.5a)" in log


def test_classic_mana_burn_at_the_end_of_the_turn_acts_at_the_next_priority():
    """The ending phase ends with the turn; the loss of life is checked (704.5a) the next
    time a player would receive priority, in the next turn's upkeep."""
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=0,
             edition="classic")
    g.set_player(0, life=2)
    g.pass_until(lambda x: x.step == Step.END and x.priority_player == 0)
    g.set_player(0, mana_C=2)
    g.pass_until(lambda x: x.is_over)
    assert g.result.winner == 1 and g.turn == 2


# --- random games ---------------------------------------------------------------------------

@pytest.mark.parametrize("a,b", [("bears", "bears"), ("gruul", "white_weenie"),
                                 ("white_weenie", "bears")])
def test_classic_random_games_finish(a, b):
    rows = play_random_games(a, b, 60, seed=7, edition="classic")
    assert set(rows[:, 0].tolist()) <= {C["R_WIN"], C["R_DRAW"]}


def test_classic_random_games_with_floating_mana_and_saves_finish():
    """Random play that also activates mana abilities on its own (so mana floats and burns),
    saved and reloaded on the way, never aborts."""
    for seed in range(12):
        g = Game(["gruul", "white_weenie", "bears"][: 2 + seed % 2], seed=seed, cards=CARDS,
                 edition="classic")
        for i in range(400):
            if g.is_over:
                break
            g.apply(g.state.random_action(seed * 1000 + i, True))
            if g.combat_damage_on_stack() and i % 3 == 0:
                g = Game.load(g.save(), cards=CARDS)
        g.play_random(seed, include_mana_abilities=True)
        assert g.result.kind in (Result.WIN, Result.DRAW), g.log[-5:]


RANDOM_CLASSIC = r"""
import random, sys
from collections import Counter
from mtg_core import Game, bundled_deck_names, _engine
assert _engine.DEBUG_BUILD
names = sorted(bundled_deck_names())
results, on_stack, conceded = Counter(), 0, 0
for g in range(int(sys.argv[1])):
    rng = random.Random(g)
    n = 2 + g % 3
    game = Game([rng.choice(names) for _ in range(n)], seed=g, edition="classic",
                mulligans=g % 2 == 0)
    for i in range(300):
        if game.is_over:
            break
        if game.combat_damage_on_stack():
            on_stack += 1
            assert Game.load(game.save()) == game
            if rng.random() < 0.1:          # 800.4a with combat damage on the stack
                game.concede(rng.choice([p for p in range(n) if game.in_game(p)]))
                conceded += 1
                continue
        game.apply(game.state.random_action(g * 1000 + i, i % 4 == 0))
    game.play_random(g, include_mana_abilities=g % 3 == 0)
    results[game.result.kind.name] += 1
print(dict(results), on_stack, conceded)
"""


def test_classic_random_games_in_the_debug_build(debug_engine):
    """A few hundred classic games, 2 to 4 players, under the debug build with the address
    and undefined-behaviour sanitizers, saved and reloaded whenever combat damage is on the
    stack and sometimes conceded then: no failed cross-check, no ABORTED game."""
    proc = debug_engine.run(RANDOM_CLASSIC, timeout=1500, args=("240",))
    assert proc.returncode == 0, proc.stderr[-3000:]
    results, on_stack, conceded = proc.stdout.strip().rsplit(" ", 2)
    assert "ABORTED" not in results and "UNFINISHED" not in results, results
    assert int(on_stack) > 0 and int(conceded) > 0
