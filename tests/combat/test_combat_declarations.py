"""Declaring attackers (508.1) and blockers (509.1): who may attack and block, restrictions,
requirements and the maximum of 508.1d / 509.1c, step by step and as whole declarations."""
from __future__ import annotations

import pytest

from mtg_core import Card, Game, _engine
from mtg_core.enums import ActionKind, Decision, Edition, Phase, Zone
from mtg_core.errors import IllegalActionError, MtgError
from mtg_core.game import Action

from combat_helpers import DONE, P0, P1, TEST_CARDS, combat_game, to_blockers


def attacks_offered(g) -> set[tuple[int, int]]:
    return {(a.b, a.a) for a in g.legal_actions() if a.kind == ActionKind.ATTACK}


def blocks_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}


# --- 508.1a-b: who may attack, and what ------------------------------------------------------

def test_508_1a_sick_tapped_and_defender_creatures_cant_attack():
    def edit(g, a, b):
        g.set_object(a[1], sick=1)
        g.set_object(a[2], tapped=1)
        g.set_object(a[4], sick=1)                    # haste: may attack anyway
    g, (bear, sick, tapped, wall, goblin), _ = combat_game(
        ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Wall of Stone", "Raging Goblin"], edit=edit)
    assert g.decision.kind == Decision.DECLARE_ATTACKERS
    assert (goblin, P1) in attacks_offered(g)
    offered = attacks_offered(g)
    assert (bear, P1) in offered
    assert (sick, P1) not in offered and (tapped, P1) not in offered      # 302.6, 508.1a
    assert (wall, P1) not in offered                                       # 702.3b defender
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action.make(ActionKind.ATTACK, P1, wall))
    assert "508.1a" in str(err.value)


def test_508_1b_planeswalkers_of_an_opponent_can_be_attacked():
    g, (bear,), (walker,) = combat_game(["Grizzly Bears"], ["Test Walker"])
    assert attacks_offered(g) == {(bear, P1), (bear, walker)}
    g.declare_attackers({bear: walker})
    g.pass_to(_engine_step("END_COMBAT"))
    assert g.obj(walker)["loyalty"] == 3 and g.life(1) == 20          # 120.3c


def _engine_step(name):
    from mtg_core.enums import Step
    return Step[name]


def test_508_1f_attacking_taps_but_not_with_vigilance():
    g, (bear, angel), _ = combat_game(["Grizzly Bears", "Serra Angel"])
    g.declare_attackers({bear: P1, angel: P1})
    assert g.obj(bear)["tapped"] == 1 and g.obj(angel)["tapped"] == 0       # 702.20b
    assert g.obj(bear)["combat"] & _engine.CB_ATTACKING
    assert any("attacks P1 (508.1)" in line for line in g.log)


def test_508_6_no_attackers_skips_blockers_and_damage():
    g, (bear,), (spider,) = combat_game(["Grizzly Bears"], ["Giant Spider"])
    g.apply(DONE)
    from mtg_core.enums import Step
    g.pass_until(lambda gg: gg.step != Step.DECLARE_ATTACKERS)
    assert g.step == Step.END_COMBAT


# --- 508.1c: restrictions -----------------------------------------------------------------------

def test_508_1c_two_creatures_that_cant_attack_alone_may_attack_together():
    """The seeds' example: two creatures that each "can't attack alone" may both attack."""
    g, (f1, f2), _ = combat_game(["Mogg Flunkies", "Mogg Flunkies"])
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({f1: P1})
    assert "can't attack alone" in str(err.value) and "508.1c" in str(err.value)
    assert g.save() == before                       # 508.1: the game returns to before
    # step by step: done is not offered with one of them declared
    g.apply(Action.make(ActionKind.ATTACK, P1, f1))
    assert DONE not in g.legal_actions()
    assert g.legal_actions() == [Action.make(ActionKind.ATTACK, P1, f2)]
    g.apply(Action.make(ActionKind.ATTACK, P1, f2))
    g.apply(DONE)
    assert g.obj(f1)["combat"] & _engine.CB_ATTACKING and g.obj(f2)["combat"] & _engine.CB_ATTACKING


# --- 508.1d: requirements --------------------------------------------------------------------

def test_508_1d_attacks_each_combat_if_able():
    g, (jugg, bear), _ = combat_game(["Juggernaut", "Grizzly Bears"])
    before = g.save()
    assert DONE not in g.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({bear: P1})
    assert "obeys 0 of the maximum 1 requirements" in str(err.value) and "508.1d" in str(err.value)
    assert g.save() == before
    g.declare_attackers({jugg: P1})
    assert g.obj(jugg)["combat"] & _engine.CB_ATTACKING


def test_508_1d_seed_example_requirement_against_a_cap_search_level():
    """The seeds' example: one creature "attacks each combat if able", another has no
    abilities, and "no more than one creature can attack".  The only legal declaration is
    the first creature attacking alone.  No card in the library makes that cap, so this is
    checked on the declaration search the combat phase uses (combat/search.pxi)."""
    ds = _engine.DeclarationSearch(2, 1, [1, 1], chooser_requirements=[(0, 1)],
                                   caps=[(0b11, 0b1, 1)])
    assert ds.max_requirements() == 1
    legal = {(a, b) for a in (0, 1) for b in (0, 1)
             if ds.check([a, b])[0] == _engine.DS_LEGAL and ds.validate([a, b])[0] == _engine.DS_LEGAL}
    assert legal == {(1, 0)}


def test_508_1d_seed_example_with_silent_arbiter():
    """The seeds' 508.1d example in a game: Juggernaut "attacks each combat if able",
    Grizzly Bears has no abilities, and Silent Arbiter says "no more than one creature can
    attack each combat".  The only legal declaration is Juggernaut attacking alone."""
    g, (jugg, bear), _ = combat_game(["Juggernaut", "Grizzly Bears"], ["Silent Arbiter"])
    assert DONE not in g.legal_actions()
    assert attacks_offered(g) == {(jugg, P1)}
    before = g.save()
    for bad in ({bear: P1}, {jugg: P1, bear: P1}, {}):
        with pytest.raises(IllegalActionError) as err:
            g.declare_attackers(bad)
        assert ("508.1c" if len(bad) == 2 else "508.1d") in str(err.value)
        assert g.save() == before
    g.declare_attackers({jugg: P1})
    assert g.obj(jugg)["combat"] & _engine.CB_ATTACKING
    assert not g.obj(bear)["combat"]


@pytest.mark.parametrize("card, n", [("Silent Arbiter", 1), ("Dueling Grounds", 1),
                                     ("Caverns of Despair", 2)])
def test_508_1c_509_1b_no_more_than_n_creatures_can_attack_or_block(card, n):
    g, mine, theirs = combat_game(["Grizzly Bears"] * 3, ["Test Guard 0/3"] * 3 + [card])
    for k, o in enumerate(mine[:n]):
        g.apply(Action.make(ActionKind.ATTACK, P1, o))
    assert attacks_offered(g) == set() and g.legal_actions() == [DONE]    # the cap is full
    g.apply(DONE)
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    attacker = mine[0]
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({b: attacker for b in theirs[:n + 1]})
    assert "509.1b" in str(err.value)
    assert g.save() == before
    g.declare_blockers({b: attacker for b in theirs[:n]})
    assert sum(1 for b in theirs[:3] if g.obj(b)["combat"]) == n


def test_508_1_an_illegal_whole_declaration_on_a_board_without_requirements_changes_nothing():
    """508.1 / 509.1: "the game returns to the moment before the declaration" -- also on a
    board with no requirement, where the maximum of 509.1c was not yet cached."""
    g, (flyer,), (bear,) = combat_game(["Test Flyer"], ["Grizzly Bears"])
    to_blockers(g, {flyer: P1})
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({bear: flyer})
    assert "509.1a-b" in str(err.value)
    assert g.save() == before


# --- 509.1a-b: who may block, restrictions ------------------------------------------------------

def test_509_1b_flying_and_reach():
    g, (angel,), (spider, bear) = combat_game(["Serra Angel"], ["Giant Spider", "Grizzly Bears"])
    to_blockers(g, {angel: P1})
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 1
    assert blocks_offered(g) == {(spider, angel)}                  # 702.9b, 702.17b
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({bear: angel})
    assert "509.1" in str(err.value)


def test_509_1b_seed_example_shadow_and_flying():
    """An attacker with shadow and flying can't be blocked by a creature with flying but
    without shadow (evasion abilities are cumulative)."""
    g, (sf,), (flyer, shadow) = combat_game(["Test Shadow Flyer"], ["Test Flyer", "Soltari Foot Soldier"])
    to_blockers(g, {sf: P1})
    assert blocks_offered(g) == set()          # the shadow one can't: no flying or reach
    # with a shadow flyer of their own they could
    g2, (sf2,), (both,) = combat_game(["Test Shadow Flyer"], ["Test Shadow Flyer"])
    to_blockers(g2, {sf2: P1})
    assert blocks_offered(g2) == {(both, sf2)}


def test_509_1b_cant_block_fear_and_walls():
    g, (legion, jugg), (piker, bear, rats, wall) = combat_game(
        ["Severed Legion", "Juggernaut"], ["Goblin Piker", "Grizzly Bears", "Typhoid Rats", "Wall of Stone"])
    to_blockers(g, {legion: P1, jugg: P1})
    offered = blocks_offered(g)
    assert not any(b == piker for b, _ in offered)                       # can't block
    assert (rats, legion) in offered and (bear, legion) not in offered   # fear: black only
    assert (wall, legion) not in offered and (wall, jugg) not in offered  # Walls / fear
    assert (bear, jugg) in offered


def test_702_110_menace_needs_two_blockers():
    g, (m,), (b1, b2) = combat_game(["Test Menace"], ["Grizzly Bears", "Grizzly Bears"])
    to_blockers(g, {m: P1})
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({b1: m})
    assert "702.110b" in str(err.value)
    assert g.save() == before
    g.apply(Action.make(ActionKind.BLOCK, b1, m))
    assert DONE not in g.legal_actions()                  # one blocker alone is illegal
    g.apply(Action.make(ActionKind.BLOCK, b2, m))
    g.apply(DONE)
    assert g.obj(m)["combat"] & _engine.CB_BLOCKED


def test_menace_granted_by_goblin_war_drums():
    g, (bear, _drums), (b1,) = combat_game(["Grizzly Bears", "Goblin War Drums"], ["Grizzly Bears"])
    to_blockers(g, {bear: P1})
    assert blocks_offered(g) == set()          # one possible blocker can't satisfy menace


# --- 509.1c: requirements -------------------------------------------------------------------

def test_509_1c_seed_example_blocks_each_combat_and_menace():
    """A creature that "blocks each combat if able" and one without abilities; the
    attacker can't be blocked except by two or more.  Blocking with the first alone breaks
    the restriction, blocking with neither breaks the requirement: only both is legal."""
    g, (m,), (eager, plain) = combat_game(["Test Menace"], ["Test Eager Blocker", "Test Plain"])
    to_blockers(g, {m: P1})
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({})
    assert "obeys 0 of the maximum 1" in str(err.value) and "509.1c" in str(err.value)
    with pytest.raises(IllegalActionError):
        g.declare_blockers({eager: m})
    assert g.save() == before
    assert DONE not in g.legal_actions()
    g.declare_blockers({eager: m, plain: m})
    assert g.obj(eager)["combat"] & _engine.CB_BLOCKING and g.obj(plain)["combat"] & _engine.CB_BLOCKING


def test_509_1c_lure_all_able_blockers_block():
    g2, (bear2,), (c1, c2) = combat_game(["Test Lure Beast"], ["Grizzly Bears", "Grizzly Bears"])
    to_blockers(g2, {bear2: P1})
    with pytest.raises(IllegalActionError) as err:
        g2.declare_blockers({c1: bear2})
    assert "obeys 1 of the maximum 2" in str(err.value)
    g2.declare_blockers({c1: bear2, c2: bear2})


def _zone(name):
    from mtg_core.enums import Zone
    return Zone[name]


def test_lure_aura_gives_the_requirement():
    from mtg_core.enums import Zone
    g, (bear,), (c1, c2) = combat_game(["Grizzly Bears"], ["Grizzly Bears", "Grizzly Bears"])
    g.create_card("Lure", 0, Zone.BATTLEFIELD, attached_to=bear)
    to_blockers(g, {bear: P1})
    assert DONE not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({})
    g.declare_blockers({c1: bear, c2: bear})


def test_509_1c_must_be_blocked_if_able():
    g, (bait, bear), (c1,) = combat_game(["Test Bait", "Grizzly Bears"], ["Grizzly Bears"])
    to_blockers(g, {bait: P1, bear: P1})
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({c1: bear})
    assert "obeys 0 of the maximum 1" in str(err.value)
    g.declare_blockers({c1: bait})


def test_can_block_an_additional_creature():
    g, (a1, a2), (multi, bear) = combat_game(["Grizzly Bears", "Grizzly Bears"],
                                             ["Test Multi Blocker", "Grizzly Bears"])
    to_blockers(g, {a1: P1, a2: P1})
    g.declare_blockers({multi: [a1, a2]})
    assert g.obj(a1)["combat"] & _engine.CB_BLOCKED and g.obj(a2)["combat"] & _engine.CB_BLOCKED
    with pytest.raises(IllegalActionError):
        g2, (x1, x2), (b,) = combat_game(["Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears"])
        to_blockers(g2, {x1: P1, x2: P1})
        g2.declare_blockers({b: [x1, x2]})


# --- multiplayer ----------------------------------------------------------------------------------

def test_508_1b_multiplayer_each_opponent_may_be_attacked_and_each_defender_declares():
    g, (a1, a2), others = combat_game(["Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears"],
                                      players=3, others=[["Grizzly Bears"]])
    b1, b2 = others
    p2 = g.player_target(2)
    assert attacks_offered(g) == {(a1, P1), (a1, p2), (a2, P1), (a2, p2)}
    to_blockers(g, {a1: P1, a2: p2})
    # APNAP: P1 first, for the attacker attacking P1 only
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 1
    assert blocks_offered(g) == {(b1, a1)}
    g.apply(DONE)
    assert g.decision.kind == Decision.DECLARE_BLOCKERS and g.decision.player == 2
    assert blocks_offered(g) == {(b2, a2)}
    g.declare_blockers({b2: a2})
    from mtg_core.enums import Step
    g.pass_to(Step.END_COMBAT)
    assert g.life(1) == 18 and g.life(2) == 20


# --- the step-by-step mask never leads to a dead end ------------------------------------------

def declared_pairs(g) -> list[tuple[int, int]]:
    """The pairs chosen so far in the declaration in progress (CB_DECLARING)."""
    pairs = []
    attackers = [o for o in g.battlefield() if g.obj(o)["combat"] & _engine.CB_ATTACKING]
    for o in g.battlefield():
        f = g.obj(o)
        if not f["combat"] & _engine.CB_DECLARING:
            continue
        if g.decision.kind == Decision.DECLARE_ATTACKERS:
            pairs.append((o, f["combat_target"]))
        else:
            pairs += [(o, a) for a in attackers if (f["block_mask"] >> g.obj(a)["attack_slot"]) & 1]
    return pairs


def test_step_mask_never_dead_ends_and_done_only_when_legal():
    import random
    rng = random.Random(4)
    names = ["Mogg Flunkies", "Juggernaut", "Grizzly Bears", "Test Menace", "Test Eager Blocker",
             "Test Lure Beast", "Test Bait", "Giant Spider", "Serra Angel", "Test Multi Blocker"]
    for trial in range(40):
        p0 = [rng.choice(names) for _ in range(rng.randrange(1, 5))]
        p1 = [rng.choice(names) for _ in range(rng.randrange(0, 5))]
        g, _, _ = combat_game(p0, p1)
        for _ in range(60):
            d = g.decision
            if d is None or d.kind not in (Decision.DECLARE_ATTACKERS, Decision.DECLARE_BLOCKERS):
                break
            acts = g.legal_actions()
            assert acts, "dead end"
            # "done" is offered exactly when the declaration so far is legal, as the whole-
            # declaration check (ds_validate, not the step search) says
            probe = g.clone()
            try:
                probe._declare(d.kind, declared_pairs(g), "508.1")
                whole_legal = True
            except IllegalActionError:
                whole_legal = False
            assert (DONE in acts) == whole_legal
            g.apply(rng.choice(acts))


# --- combat state in saves (load validation of the combat fields) ---------------------------------

def test_saves_mid_declaration_and_mid_combat_round_trip():
    from mtg_core import Game
    from combat_helpers import TEST_CARDS
    g, (f1, f2, bear), (b1,) = combat_game(["Mogg Flunkies", "Mogg Flunkies", "Grizzly Bears"],
                                           ["Grizzly Bears"])
    g.apply(Action.make(ActionKind.ATTACK, P1, f1))
    loaded = Game.load(g.save(), TEST_CARDS)
    assert loaded == g and loaded.legal_actions() == g.legal_actions()
    g.apply(Action.make(ActionKind.ATTACK, P1, f2))
    g.apply(DONE)
    assert Game.load(g.save(), TEST_CARDS) == g


def test_load_refuses_combat_fields_out_of_range():
    from mtg_core import Game
    from mtg_core.errors import StateFormatError
    from combat_helpers import TEST_CARDS
    g, (bear,), _ = combat_game(["Grizzly Bears"])
    g.declare_attackers({bear: P1})
    objs = g.state.sections()["objects"]
    objs["combat"][bear] = 1 << 10                              # no such CB_* flag
    assert "combat flags" in g.state._validate()
    objs["combat"][bear] = _engine.CB_ATTACKING
    objs["combat_target"][bear] = _engine.TGT_PLAYER + 7
    assert "combat_target" in g.state._validate()              # outside its domain


def test_508_2_attack_triggers_go_on_the_stack_after_the_declaration():
    g, (t, bear), _ = combat_game(["Test Attack Trigger", "Grizzly Bears"])
    g.declare_attackers({bear: P1})
    assert not g.stack() and g.life(0) == 20           # it didn't attack: no trigger
    g2, (t2,), _ = combat_game(["Test Attack Trigger"])
    g2.declare_attackers({t2: P1})
    assert [item["obj"] for item in g2.stack()] == [t2]  # 508.2, then priority (508.3)
    g2.pass_priority()
    g2.pass_priority()
    assert g2.life(0) == 22


def test_scenario_edit_mid_declaration_recomputes_the_maximum():
    """The maximum of 508.1d is cached for the declaration in progress; a scenario edit
    that changes the board makes it be computed again."""
    g, (jugg, bear), _ = combat_game(["Juggernaut", "Grizzly Bears"])
    assert DONE not in g.legal_actions()
    g.set_object(jugg, tapped=1)              # now it can't attack: no requirement can be obeyed
    assert DONE in g.legal_actions()


def test_509_1b_dread_warlock_can_be_blocked_only_by_black_creatures():
    """Dread Warlock "can't be blocked except by black creatures": a black creature (Dread
    Warlock) may block it, a green one (Grizzly Bears) and a white one (Serra Zealot) may
    not; a whole declaration with the Bears blocking it is refused, the state unchanged."""
    g, (warlock,), (bears, black, zealot) = combat_game(
        ["Dread Warlock"], ["Grizzly Bears", "Dread Warlock", "Serra Zealot"])
    to_blockers(g, {warlock: P1})
    assert blocks_offered(g) == {(black, warlock)}
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({bears: warlock})
    assert g.save() == before
    g.declare_blockers({black: warlock})
    assert g.obj(warlock)["combat"] & _engine.CB_BLOCKED


def test_510_4_serra_zealot_kills_a_1_1_blocker_in_the_first_strike_step():
    """Serra Zealot (1/1 first strike) blocked by a 1/1 deals its damage first (510.4): the
    blocker dies before it could deal damage back, and the Zealot survives."""
    g, (zealot,), (plain,) = combat_game(["Serra Zealot"], ["Test Plain"])
    to_blockers(g, {zealot: P1})
    g.declare_blockers({plain: zealot})
    while g.phase.name == "COMBAT":
        if g.decision.kind == Decision.PRIORITY:
            g.pass_priority()
        else:
            g.apply(g.legal_actions()[0])
    assert plain not in g.battlefield() and zealot in g.battlefield()
    assert g.obj(zealot)["damage"] == 0


# --- public combat queries: who attacks and who blocks whom (506.4, 508.1j, 509.1g-h) ---------

def pass_to_blockers(g):
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def test_508_1j_509_1g_queries_after_the_declarations():
    """After the declarations: the attackers attack what they were declared to attack,
    a creature blocking two attackers blocks both (509.1g), an attacker with a blocker is
    blocked (509.1h), one without is not; creatures not in combat answer False / None / []."""
    g, (bear, bear2, idle), (multi, walker) = combat_game(
        ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears"], ["Test Multi Blocker", "Test Walker"])
    g.declare_attackers({bear: P1, bear2: walker})
    assert g.is_attacking(bear) and g.attack_target(bear) == P1 and g.attack_target(bear2) == walker
    assert g.defending_player(bear2) == 1
    assert not g.is_blocked(bear)                             # blockers not declared yet
    assert not g.is_attacking(idle) and g.attack_target(idle) is None
    assert g.attacking_creatures() == [bear, bear2]
    pass_to_blockers(g)
    g.declare_blockers({multi: [bear, bear2]})
    assert g.is_blocking(multi) and not g.is_attacking(multi)
    assert sorted(g.attackers_blocked_by(multi)) == [bear, bear2]
    assert g.is_blocked(bear) and g.is_blocked(bear2)
    assert g.blockers_of(bear) == [multi] and g.blocking_creatures() == [multi]
    assert g.blockers_of(idle) == [] and g.attackers_blocked_by(idle) == [] and not g.is_blocked(idle)
    assert g.attackers_blocked_by(bear) == [] and g.blockers_of(multi) == []
    with pytest.raises(MtgError):
        g.is_attacking(10_000)


def test_508_1j_a_creature_chosen_in_an_unfinished_declaration_is_not_attacking():
    g, (bear,), _ = combat_game(["Grizzly Bears"])
    g.apply(Action.make(ActionKind.ATTACK, P1, bear))
    assert not g.is_attacking(bear) and g.attack_target(bear) is None
    g.apply(DONE)
    assert g.is_attacking(bear)


def test_509_1h_blocked_stays_blocked_when_its_blocker_leaves_combat():
    g, (bear,), (wall,) = combat_game(["Grizzly Bears"], ["Wall of Stone"])
    to_blockers(g, {bear: P1})
    g.declare_blockers({wall: bear})
    g.move(wall, Zone.GRAVEYARD)                              # 506.4: it leaves combat
    assert g.is_blocked(bear) and g.blockers_of(bear) == []
    assert not g.is_blocking(wall) and g.attackers_blocked_by(wall) == []


def test_506_4_an_attacker_removed_from_combat_is_neither_attacking_nor_blocked():
    g, (bear,), (wall,) = combat_game(["Grizzly Bears"], ["Wall of Stone"])
    to_blockers(g, {bear: P1})
    g.declare_blockers({wall: bear})
    g.move(bear, Zone.HAND)
    assert not g.is_attacking(bear) and not g.is_blocked(bear) and g.attack_target(bear) is None
    assert g.is_blocking(wall) and g.attackers_blocked_by(wall) == []   # 509.1g: still blocking


def test_506_4c_an_attacker_whose_planeswalker_left_attacks_nothing():
    g, (bear,), (walker,) = combat_game(["Grizzly Bears"], ["Test Walker"])
    g.declare_attackers({bear: walker})
    g.move(walker, Zone.GRAVEYARD)
    assert g.is_attacking(bear) and g.attack_target(bear) is None
    assert g.defending_player(bear) == 1                      # still the defending player


def test_702_21h_blocking_one_creature_of_a_band_blocks_the_band():
    g, (hero, bear), (wall,) = combat_game(["Benalish Hero", "Grizzly Bears"], ["Wall of Stone"])
    g.declare_attackers({hero: P1, bear: P1}, bands=[[hero, bear]])
    pass_to_blockers(g)
    g.declare_blockers({wall: hero})
    assert g.is_blocked(hero) and g.is_blocked(bear)
    assert sorted(g.attackers_blocked_by(wall)) == [hero, bear]
    assert g.blockers_of(bear) == [wall]


# --- classic edition (seeds/002): Walls can't be declared as attackers --------------------------

@pytest.mark.parametrize("edition", list(Edition))
def test_classic_walls_cant_attack_by_type_seed_and_current_let_them(edition):
    """seeds/002 ("declare attackers"): Walls can't be declared as attackers, whatever
    their abilities (a Wall without defender here); 508.1a of the seed and current rules
    lets any untapped creature without defender attack.  A refused declaration leaves the
    state unchanged (508.1)."""
    cards = TEST_CARDS.extended([Card("Test Wall 2/2", "{1}", ("Creature",), ("Wall",),
                                      power=2, toughness=2)])
    g = Game(["bears", "bears"], seed=11, cards=cards, mulligans=False, starting_player=0,
             edition=edition)
    wall = g.create_card("Test Wall 2/2", 0, Zone.BATTLEFIELD)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_ATTACKERS)
    offered = {creature for creature, _ in attacks_offered(g)}
    if edition == Edition.CLASSIC:
        assert offered == {bear}
        before = g.save()
        with pytest.raises(IllegalActionError):
            g.declare_attackers({wall: P1})
        assert g.save() == before
        g.declare_attackers({bear: P1})
    else:
        assert offered == {wall, bear}
        g.declare_attackers({wall: P1, bear: P1})
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.life(1) == (18 if edition == Edition.CLASSIC else 16)
