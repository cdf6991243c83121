"""Additional and skipped phases and steps, main-phase triggers and timing permissions:
rules 500.8, 500.9, 500.10, 505.1a / 505.4, 503.3 and 304.5 (with 103.8a).

Every test names the rule it checks.  Games are driven through the public API only; test
cards cost {0}.
"""
from __future__ import annotations

import pytest

from mtg_core import (Action, ActionKind, Card, CardDB, CardScriptError, Decision, Edition,
                      Game, IllegalActionError, Phase, Step, Zone, _engine)
from mtg_core.cards import (ActivatedAbility, ExtraCombat, ExtraPhase, ExtraStep, GainLife,
                            LoseLife, Pump, SkipNextPhase, SpellAbility, TriggeredAbility)
from mtg_core.enums import PHASE_NAMES, STEP_NAMES

C = _engine.constants()

TEST_CARDS = [
    Card("Extra Beginning", "", ("Instant",), abilities=(SpellAbility(ExtraPhase("beginning")),)),
    Card("Extra Combat Only", "", ("Instant",), abilities=(SpellAbility(ExtraPhase("combat")),)),
    Card("Extra Main", "", ("Instant",), abilities=(SpellAbility(ExtraPhase("main")),)),
    Card("Extra Ending", "", ("Instant",), abilities=(SpellAbility(ExtraPhase("ending")),)),
    Card("Combat And Main", "", ("Instant",), abilities=(SpellAbility(ExtraCombat()),)),
    Card("Combat Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 2, 2, "end of combat"), targets=("creature",)),)),
    Card("Turn Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 1, 1, "end of turn"), targets=("creature",)),)),
    Card("Second Start", "", ("Instant",),
         abilities=(SpellAbility(ExtraStep("beginning of combat", before="declare attackers")),)),
    Card("Early End Of Combat", "", ("Instant",),
         abilities=(SpellAbility(ExtraStep("end of combat", after="beginning of combat")),)),
    Card("Second End Step", "", ("Instant",),
         abilities=(SpellAbility(ExtraStep("end", after="end")),)),
    Card("End Before Attack", "", ("Instant",),
         abilities=(SpellAbility(ExtraStep("end of combat", before="declare attackers")),)),
    Card("Upkeep Before Draw", "", ("Instant",),
         abilities=(SpellAbility(ExtraStep("upkeep", before="draw")),)),
    Card("Extra Upkeep", "", ("Instant",), abilities=(SpellAbility(ExtraStep("upkeep")),)),
    Card("Skip Combat", "", ("Instant",),
         abilities=(SpellAbility(SkipNextPhase("target", "combat"), targets=("player",)),)),
    Card("Skip Beginning", "", ("Instant",),
         abilities=(SpellAbility(SkipNextPhase("target", "beginning"), targets=("player",)),)),
    Card("Skip First Main", "", ("Instant",),
         abilities=(SpellAbility(SkipNextPhase("target", "precombat main"), targets=("player",)),)),
    # 505.4: "at the beginning of your precombat / postcombat main phase" and "... of each
    # of your main phases".
    Card("Dawn Bell", "", ("Enchantment",),
         abilities=(TriggeredAbility("precombat main", GainLife("you", 1)),)),
    Card("Dusk Bell", "", ("Enchantment",),
         abilities=(TriggeredAbility("postcombat main", LoseLife("you", 1)),)),
    Card("Noon Bell", "", ("Enchantment",),
         abilities=(TriggeredAbility("main", GainLife("you", 10)),)),
    Card("End Bell", "", ("Enchantment",),
         abilities=(TriggeredAbility("end", GainLife("you", 1), whose="each"),)),
    # 503.3: "Cast this spell only after your upkeep step."
    Card("Late Thought", "", ("Instant",),
         abilities=(SpellAbility(GainLife("you", 1), timing="after your upkeep"),)),
    Card("Late Idol", "", ("Artifact",),
         abilities=(ActivatedAbility("{0}", GainLife("you", 1), timing="after your upkeep"),)),
    # 304.5: "You may activate this ability any time you could cast an instant."
    Card("Quick Idol", "", ("Artifact",),
         abilities=(ActivatedAbility("{0}", GainLife("you", 1),
                                     timing="any time you could cast an instant"),)),
]


def resolve_top(game: Game) -> None:
    n = len(game.stack())
    assert n > 0
    game.pass_until(lambda g: len(g.stack()) < n, limit=20)


def cast_and_resolve(game: Game, name: str, player: int, *targets: int) -> None:
    game.cast(game.create_card(name, player, Zone.HAND), *targets)
    resolve_top(game)


def phase_starts(steps: list[tuple[Step, Phase]]) -> list[Phase]:
    """The phase of each step that begins a phase, from steps_of_turn."""
    out, last = [], None
    for step, phase in steps:
        if step in (Step.UNTAP, Step.MAIN, Step.BEGIN_COMBAT, Step.END) and \
                not (last == (Step.END, Phase.ENDING) and step == Step.END):
            out.append(phase)
        last = (step, phase)
    return out


# --- 500.8: additional phases -------------------------------------------------------------------

def test_500_8_additional_beginning_phase_untaps_triggers_upkeep_and_draws(new_game, steps_of_turn):
    """500.8 / 501.1: an additional beginning phase after the precombat main phase has an
    untap step (502.2: P0's tapped land untaps), an upkeep step (500.6: Phyrexian Arena
    triggers again) and a draw step (504.1: P0 draws)."""
    game = new_game()
    game.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    land = game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    resolve_top(game)                                   # the Arena's first trigger
    game.pass_to(Step.MAIN, turn=3)
    game.tap_for_mana(land, "G")
    cast_and_resolve(game, "Extra Beginning", 0)
    hand = len(game.hand(0))
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    assert game.obj(land)["tapped"] == 0 and game.phase == Phase.BEGINNING
    assert len(game.stack()) == 1                       # the Arena again
    resolve_top(game)
    game.pass_to(Step.BEGIN_COMBAT, turn=3)
    assert len(game.hand(0)) == hand + 2                # the Arena's card and the draw
    assert game.life(0) == 18
    game.pass_to(Step.UPKEEP, turn=4)
    assert phase_starts(steps_of_turn(game, 3)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.BEGINNING, Phase.COMBAT,
        Phase.POSTCOMBAT_MAIN, Phase.ENDING]
    assert [s for s, _ in steps_of_turn(game, 3)][4:7] == [Step.UNTAP, Step.UPKEEP, Step.DRAW]


def test_103_8a_the_draw_step_of_an_additional_beginning_phase_on_turn_one_happens(
        new_game, steps_of_turn):
    """103.8a with 500.8: on the starting player's first turn the turn's own draw step is
    skipped, but the draw step of an additional beginning phase is not "the draw step of
    their first turn": the player draws in it."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    hand = len(game.hand(0))
    cast_and_resolve(game, "Extra Beginning", 0)
    game.pass_to(Step.BEGIN_COMBAT, turn=1)
    assert len(game.hand(0)) == hand + 1
    steps = [s for s, _ in steps_of_turn(game, 1)]
    assert steps[:5] == [Step.UNTAP, Step.UPKEEP, Step.MAIN, Step.UNTAP, Step.UPKEEP]
    assert steps[5] == Step.DRAW


def test_500_8_an_additional_combat_phase_alone_and_until_end_of_combat(new_game, steps_of_turn):
    """500.8 / 500.5: "after this phase, there is an additional combat phase" (no main
    phase with it): two combat phases in a row.  An "until end of combat" effect from the
    first one ends when that combat phase ends (it doesn't last into the second)."""
    game = new_game()
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.BEGIN_COMBAT, turn=3)
    cast_and_resolve(game, "Extra Combat Only", 0)
    cast_and_resolve(game, "Combat Pump", 0, bear)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_to(Step.END_COMBAT, turn=3)
    game.pass_priority()
    game.pass_priority()
    assert (game.step, game.phase) == (Step.BEGIN_COMBAT, Phase.COMBAT)
    assert game.power_toughness(bear) == (2, 2)
    game.pass_to(Step.UPKEEP, turn=4)
    assert phase_starts(steps_of_turn(game, 3)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.COMBAT, Phase.COMBAT,
        Phase.POSTCOMBAT_MAIN, Phase.ENDING]


def test_500_8_phases_added_after_the_same_phase_most_recent_first(new_game, steps_of_turn):
    """500.8: a beginning phase, then a combat phase, both added after the precombat main
    phase: the combat phase (created last) comes first."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "Extra Beginning", 0)
    cast_and_resolve(game, "Extra Combat Only", 0)
    game.pass_to(Step.UPKEEP, turn=4)
    assert phase_starts(steps_of_turn(game, 3)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.COMBAT, Phase.BEGINNING, Phase.COMBAT,
        Phase.POSTCOMBAT_MAIN, Phase.ENDING]


def test_500_8_an_additional_main_phase_made_in_the_upkeep_is_the_precombat_one(new_game,
                                                                               steps_of_turn):
    """500.8 / 505.1a: an additional main phase after the beginning phase is the first main
    phase of the turn, so it is the precombat main phase; the turn's own two main phases
    are then postcombat.  A land can be played in it (505.5b)."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=3)
    cast_and_resolve(game, "Extra Main", 0)
    game.pass_to(Step.MAIN, turn=3)
    assert game.phase == Phase.PRECOMBAT_MAIN
    land = game.hand(0)[0]
    game.play_land(land)
    game.pass_to(Step.UPKEEP, turn=4)
    assert phase_starts(steps_of_turn(game, 3)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN, Phase.COMBAT,
        Phase.POSTCOMBAT_MAIN, Phase.ENDING]


def test_500_8_an_additional_ending_phase_has_a_cleanup_step(new_game, steps_of_turn):
    """500.8 / 514.2: an additional ending phase after the precombat main phase: its cleanup
    step ends "until end of turn" effects made before it; the turn then goes on with
    combat, the postcombat main phase and its own ending phase."""
    game = new_game()
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "Turn Pump", 0, bear)
    cast_and_resolve(game, "Extra Ending", 0)
    assert game.power_toughness(bear) == (3, 3)
    game.pass_to(Step.BEGIN_COMBAT, turn=3)
    assert game.power_toughness(bear) == (2, 2)
    game.pass_to(Step.UPKEEP, turn=4)
    assert [s for s, _ in steps_of_turn(game, 3)][3:6] == [Step.MAIN, Step.END, Step.CLEANUP]
    assert phase_starts(steps_of_turn(game, 3))[-4:] == [
        Phase.ENDING, Phase.COMBAT, Phase.POSTCOMBAT_MAIN, Phase.ENDING]


# --- 500.9: additional steps before / after a specified step -------------------------------

def test_500_9_an_additional_step_before_a_specified_step(new_game, steps_of_turn):
    """500.9: "an additional beginning of combat step before the declare attackers step"
    made in the precombat main phase; and an additional end of combat step directly after
    the beginning of combat step.  Both belong to the combat phase."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "Second Start", 0)
    cast_and_resolve(game, "Early End Of Combat", 0)
    game.pass_to(Step.UPKEEP, turn=4)
    assert steps_of_turn(game, 3)[4:9] == [
        (Step.BEGIN_COMBAT, Phase.COMBAT), (Step.END_COMBAT, Phase.COMBAT),
        (Step.BEGIN_COMBAT, Phase.COMBAT), (Step.DECLARE_ATTACKERS, Phase.COMBAT),
        (Step.END_COMBAT, Phase.COMBAT)]


def test_500_9_steps_added_before_the_same_step_keep_their_order(new_game, steps_of_turn):
    """500.9: a step added "before" a step goes directly before it, so of two added before
    the same step the one created first comes first (here: an end of combat step, then a
    beginning of combat step, both before declare attackers)."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "End Before Attack", 0)
    cast_and_resolve(game, "Second Start", 0)
    game.pass_to(Step.UPKEEP, turn=4)
    assert [s for s, _ in steps_of_turn(game, 3)][4:8] == [
        Step.BEGIN_COMBAT, Step.END_COMBAT, Step.BEGIN_COMBAT, Step.DECLARE_ATTACKERS]


def test_500_9_an_additional_end_step_after_the_end_step_has_its_triggers(new_game):
    """500.9 / 500.6: an additional end step after this turn's end step, made in the main
    phase; "at the beginning of each end step" triggers in both."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    game.create_card("End Bell", 0, Zone.BATTLEFIELD)
    cast_and_resolve(game, "Second End Step", 0)
    game.pass_to(Step.UPKEEP, turn=4)
    assert game.life(0) == 22


def test_500_9_nothing_happens_when_the_specified_step_is_already_past(new_game, steps_of_turn):
    """500.9: "an additional upkeep step before your draw step" resolving in the main phase
    has no draw step left in this turn to go before; nothing is added (this turn or the
    next)."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "Upkeep Before Draw", 0)
    game.pass_to(Step.MAIN, turn=5)
    for turn in (3, 4):
        assert [s for s, _ in steps_of_turn(game, turn)].count(Step.UPKEEP) == 1


def test_500_9_an_additional_step_belongs_to_the_phase_of_the_step_it_is_added_to():
    """500.9: steps are added to a phase: a card script adding an upkeep step after the end
    step, or a step next to a main phase (505.2: it has no steps), is refused."""
    for effect in (ExtraStep("upkeep", after="end"), ExtraStep("upkeep", before="main"),
                   ExtraStep("end", after="end", before="cleanup")):
        with pytest.raises(CardScriptError):
            CardDB([Card("Bad", "", ("Instant",), abilities=(SpellAbility(effect),))])


# --- 500.10: skipping a phase ------------------------------------------------------------------

def test_500_10_skipping_the_next_combat_phase(new_game, steps_of_turn):
    """500.10: P1 skips their next combat phase: P1's turn 2 has no combat phase (none of
    its steps begin), and 505.1a still makes its two main phases precombat and
    postcombat.  P0's turn is not affected, and P1's turn 4 has combat again."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    cast_and_resolve(game, "Skip Combat", 0, game.player_target(1))
    game.pass_to(Step.MAIN, turn=5)
    assert phase_starts(steps_of_turn(game, 2)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN, Phase.ENDING]
    assert all(step != Step.BEGIN_COMBAT for step, _ in steps_of_turn(game, 2))
    assert "P1 skips the combat phase (500.10)" in game.log
    for turn in (3, 4):
        assert Phase.COMBAT in phase_starts(steps_of_turn(game, turn))


def test_500_10_skipping_two_combat_phases_skips_the_additional_one_too(new_game, steps_of_turn):
    """500.10: "skip your next combat phase" twice, then an additional combat phase made in
    the same turn's precombat main phase: both of that turn's combat phases are skipped."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    cast_and_resolve(game, "Skip Combat", 0, game.player_target(0))
    cast_and_resolve(game, "Skip Combat", 0, game.player_target(0))
    cast_and_resolve(game, "Combat And Main", 0)
    game.pass_to(Step.UPKEEP, turn=6)
    assert phase_starts(steps_of_turn(game, 3)) == [
        Phase.BEGINNING, Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN, Phase.POSTCOMBAT_MAIN,
        Phase.ENDING]
    assert Phase.COMBAT in phase_starts(steps_of_turn(game, 5))


def test_500_10_skipping_the_beginning_phase_skips_untap_upkeep_and_draw(new_game, steps_of_turn):
    """500.10: with the beginning phase skipped, nothing untaps (502.2), upkeep triggers
    don't happen (500.6) and no card is drawn (504.1); the first step of the turn is its
    precombat main phase."""
    game = new_game()
    game.create_card("Phyrexian Arena", 1, Zone.BATTLEFIELD)
    land = game.create_card("Forest", 1, Zone.BATTLEFIELD)
    game.set_object(land, tapped=1)
    game.pass_to(Step.MAIN, turn=1)
    cast_and_resolve(game, "Skip Beginning", 0, game.player_target(1))
    hand = len(game.hand(1))
    game.pass_to(Step.MAIN, turn=2)
    assert game.obj(land)["tapped"] == 1 and len(game.hand(1)) == hand
    assert game.life(1) == 20 and game.phase == Phase.PRECOMBAT_MAIN
    assert steps_of_turn(game, 2)[0] == (Step.MAIN, Phase.PRECOMBAT_MAIN)


def test_500_10_with_505_1a_a_skipped_first_main_phase_is_not_the_first(new_game, steps_of_turn):
    """500.10 with 505.1a: a skipped phase doesn't exist, so when P1's precombat main phase
    is skipped, the first main phase of P1's turn is the one after combat -- it is the
    precombat main phase, and "at the beginning of your precombat main phase" triggers in
    it (505.4)."""
    game = new_game()
    game.create_card("Dawn Bell", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, turn=1)
    cast_and_resolve(game, "Skip First Main", 0, game.player_target(1))
    game.pass_to(Step.UPKEEP, turn=3)
    assert phase_starts(steps_of_turn(game, 2)) == [
        Phase.BEGINNING, Phase.COMBAT, Phase.PRECOMBAT_MAIN, Phase.ENDING]
    assert game.life(1) == 21


# --- 505.4 / 505.1a: main-phase triggers ----------------------------------------------------------

_PHASE_OF_LINE = {f"-- {STEP_NAMES[s]} ({PHASE_NAMES[p]})": p for s in Step for p in Phase}


def triggers_in_turn(game: Game, turn: int) -> list[tuple[str, Phase]]:
    """Play out ``turn`` answering every decision neutrally (pass, or the first legal
    answer); returns (card name, phase) of each ability that triggered in it, from the log."""
    game.pass_until(lambda g: g.turn == turn)
    while game.turn == turn:
        if game.decision.kind == Decision.PRIORITY:
            game.pass_priority()
        else:
            game.apply(game.legal_actions()[0])
    log = game.log
    start = log.index(next(line for line in log if line.startswith(f"=== Turn {turn}:")))
    seen, phase = [], None
    for line in log[start + 1:]:
        if line.startswith("=== Turn"):
            break
        phase = _PHASE_OF_LINE.get(line, phase)
        if line.endswith(" triggers"):
            seen.append((line[:-len(" triggers")].split("#")[0], phase))
    return seen


def test_505_4_precombat_and_postcombat_main_phase_triggers(new_game):
    """505.4: "at the beginning of your precombat main phase" triggers in the first main
    phase only, "... postcombat main phase" in the second, "... main phase" in both; only
    in their controller's turns."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=2)
    for name in ("Dawn Bell", "Dusk Bell", "Noon Bell"):
        game.create_card(name, 0, Zone.BATTLEFIELD)
    assert triggers_in_turn(game, 2) == []
    assert sorted(triggers_in_turn(game, 3)) == sorted([
        ("Dawn Bell", Phase.PRECOMBAT_MAIN), ("Noon Bell", Phase.PRECOMBAT_MAIN),
        ("Dusk Bell", Phase.POSTCOMBAT_MAIN), ("Noon Bell", Phase.POSTCOMBAT_MAIN)])
    assert game.life(0) == 20 + 1 - 1 + 20


def test_505_4_with_505_1a_an_extra_combat_made_in_the_upkeep_moves_the_precombat_trigger(
        new_game):
    """505.4 with 505.1a / 500.8: an additional combat and main phase made in the upkeep:
    the additional main phase is the first main phase, so the precombat trigger fires
    there, and the postcombat trigger fires in both of the turn's own main phases."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=2)
    for name in ("Dawn Bell", "Dusk Bell"):
        game.create_card(name, 0, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=3)
    cast_and_resolve(game, "Combat And Main", 0)
    assert triggers_in_turn(game, 3) == [("Dawn Bell", Phase.PRECOMBAT_MAIN),
                                   ("Dusk Bell", Phase.POSTCOMBAT_MAIN),
                                   ("Dusk Bell", Phase.POSTCOMBAT_MAIN)]
    assert game.life(0) == 20 + 1 - 2


# --- 503.3: "after your upkeep" -----------------------------------------------------------------

def test_503_3_after_your_upkeep_means_after_the_first_upkeep_step_ends(new_game):
    """503.3: a spell castable only "after your upkeep step" can't be cast in the upkeep
    (the error names 601.3 and leaves the game unchanged), but can in an additional upkeep
    step that follows the first one, and later in the turn -- not in the opponent's turn."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=3)
    late = game.create_card("Late Thought", 0, Zone.HAND)
    assert Action.make(ActionKind.CAST, late) not in game.legal_actions()
    before = game.clone()
    with pytest.raises(IllegalActionError) as err:
        game.cast(late)
    assert err.value.rule == "601.3" and game.state == before.state
    cast_and_resolve(game, "Extra Upkeep", 0)
    game.pass_priority()
    game.pass_priority()
    assert game.step == Step.UPKEEP                      # the additional upkeep step
    game.cast(late)
    resolve_top(game)
    assert game.life(0) == 21
    other = game.create_card("Late Thought", 1, Zone.HAND)
    game.pass_to(Step.MAIN, turn=4)
    game.pass_priority()
    assert game.priority_player == 0
    late2 = game.create_card("Late Thought", 0, Zone.HAND)
    assert Action.make(ActionKind.CAST, late2) not in game.legal_actions()  # P1's turn
    game.pass_priority()
    assert game.priority_player == 1
    assert Action.make(ActionKind.CAST, other) in game.legal_actions()


def test_503_3_with_the_upkeep_skipped_the_draw_step_is_after_the_upkeep(new_game):
    """503.3 with 500.10: under Eon Hub there is no upkeep step; the turn is past the place
    of the upkeep once its draw step begins, so "after your upkeep" abilities can be used
    then.  Without Eon Hub the upkeep itself is too early."""
    game = new_game()
    idol = game.create_card("Late Idol", 0, Zone.BATTLEFIELD)
    use = Action.make(ActionKind.ACTIVATE, idol, 0)
    game.pass_to(Step.UPKEEP, turn=3)
    with pytest.raises(IllegalActionError) as err:
        game.apply(use)
    assert err.value.rule == "602.5d"
    game.pass_to(Step.DRAW, turn=3)
    game.apply(use)
    resolve_top(game)
    game.create_card("Eon Hub", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.DRAW, turn=5)
    game.apply(use)
    resolve_top(game)
    assert game.life(0) == 22


# --- 304.5 --------------------------------------------------------------------------------------

def test_304_5_any_time_you_could_cast_an_instant_needs_only_priority(new_game):
    """304.5: "any time you could cast an instant" means only that the player has priority:
    P1, holding no instant, activates it in P0's upkeep and in response to a spell; it is
    not offered to a player without priority."""
    game = new_game()
    idol = game.create_card("Quick Idol", 1, Zone.BATTLEFIELD)
    use = Action.make(ActionKind.ACTIVATE, idol, 0)
    game.pass_to(Step.UPKEEP, turn=3)
    assert game.priority_player == 0
    with pytest.raises(IllegalActionError):
        game.apply(use)                                 # P0 holds priority, not P1
    game.pass_priority()
    assert not any(game.card_of(o).types == ("Instant",) for o in game.hand(1))
    game.apply(use)
    resolve_top(game)
    assert game.life(1) == 21
    game.pass_to(Step.MAIN, turn=3)
    game.cast(game.create_card("Late Thought", 0, Zone.HAND))
    game.pass_priority()
    game.apply(use)                                     # in response, with a spell on the stack
    assert len(game.stack()) == 2


# --- card tables --------------------------------------------------------------------------------

def test_core_refuses_tables_with_unknown_phases_timings_and_steps():
    """The core trusts its tables, so the new operands are checked once, when the tables
    are made: a main-phase trigger naming no phase, an unknown timing, an additional phase
    or step or phase skip naming no phase / step."""
    db = CardDB(TEST_CARDS)
    t = db.tables
    dawn = db.cards[db.row("Dawn Bell")]
    row = int(t.cards[db.row("Dawn Bell"), C["CF_ABILITY_START"]])
    assert dawn.abilities and t.abilities[row, C["AF_TRIGGER_PHASE"]] == C["PH_PRECOMBAT_MAIN"] + 1
    bad = t.abilities.copy()
    bad[row, C["AF_TRIGGER_PHASE"]] = 9
    with pytest.raises(_engine.EngineError, match="triggers in no phase"):
        _engine.CardTables(t.cards, bad, t.program)
    bad = t.abilities.copy()
    bad[row, C["AF_TIMING"]] = 17
    with pytest.raises(_engine.EngineError, match="unknown timing"):
        _engine.CardTables(t.cards, bad, t.program)
    for name, op, offset, value in (("Extra Ending", "OP_EXTRA_PHASE", 1, 7),
                                    ("Second End Step", "OP_EXTRA_STEP_AT", 2, 40),
                                    ("Second End Step", "OP_EXTRA_STEP_AT", 3, 5),
                                    ("Skip Combat", "OP_SKIP_NEXT_PHASE", 2, -1)):
        ab = int(t.cards[db.row(name), C["CF_ABILITY_START"]])
        start = int(t.abilities[ab, C["AF_PROG_START"]])
        assert t.program[start] == C[op]
        prog = t.program.copy()
        prog[start + offset] = value
        with pytest.raises(_engine.EngineError, match="bad"):
            _engine.CardTables(t.cards, t.abilities, prog)


def test_loading_checks_the_plan_entry_flags_and_the_phase_skip_counters(new_game):
    """The turn plan's entries (step | phase << 4 | flags << 8 | serial << 12, turn.pxi)
    and the packed "skip your next [phase]" counters (500.10) are checked when a state is
    loaded: a phase beyond the ending phase, an unknown flag, a phase serial never handed
    out, or a counter word with bits above the five phases is refused."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=3)
    assert game.state._validate() is None
    first = int(game.state.sections()["plan"][0])
    for word in (first | (9 << 4), first | (8 << 8), first | (200 << 12)):
        copy = game.clone()
        copy.state.sections()["plan"][0] = word
        assert "plan entry 0" in copy.state._validate()
    copy = game.clone()
    copy.state.sections()["players"][1][_engine.PLAYER_FIELDS.index("skip_phases")] = 1 << 30
    assert "player 1" in copy.state._validate()


# --- saved states: every plan an additional step, phase or turn makes loads --------------------

def round_trip(game: Game) -> None:
    """Save ``game``, load the blob: the same bytes and the same legal actions (the loaded
    state passed the load checks, turn plan included)."""
    blob = game.save()
    loaded = Game.load(blob, game.cards, log=False)
    assert loaded.save() == blob
    assert loaded.legal_actions() == game.legal_actions()


# (card, the step of turn 3 it is cast in, whether turn 3 gets a step or phase more)
EXTRAS_CAST = [
    ("Extra Upkeep", Step.UPKEEP, True),                # 500.9: after this upkeep step
    # 500.9 / 505.2: no upkeep step can follow a main phase (it has no steps) or a step of
    # the combat or ending phase (501.1): nothing is added.
    ("Extra Upkeep", Step.MAIN, False),
    ("Extra Upkeep", Step.BEGIN_COMBAT, False),
    ("Extra Upkeep", Step.END, False),
    ("Upkeep Before Draw", Step.UPKEEP, True),          # 500.9: before a specified step
    ("Second Start", Step.MAIN, True),
    ("Second End Step", Step.MAIN, True),               # 500.9: after a specified step
    ("Extra Beginning", Step.MAIN, True),               # 500.8
    ("Extra Combat Only", Step.MAIN, True),
    ("Extra Main", Step.UPKEEP, True),
    ("Extra Ending", Step.MAIN, True),
    ("Combat And Main", Step.MAIN, True),
    ("Combat And Main", Step.DECLARE_ATTACKERS, True),
    ("Gift Turn", Step.MAIN, False),                    # 500.7: a turn, not a phase
]


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("name,step,adds", EXTRAS_CAST,
                         ids=[f"{n}-{s.name}" for n, s, _ in EXTRAS_CAST])
def test_500_7_to_500_9_every_state_with_an_added_turn_phase_or_step_saves_and_loads(
        new_game, steps_of_turn, edition, name, step, adds):
    """500.7-500.9: P0 casts the card in turn 3's ``step``; from then to turn 5's upkeep
    the game is saved and loaded at every decision, the added step, phase or turn's plan
    entries included (the load check refuses any entry that names no step of its phase,
    500.1)."""
    plain = new_game(edition=edition)
    plain.pass_to(Step.UPKEEP, turn=4)
    game = new_game(edition=edition)
    game.pass_to(step, turn=3)
    card = game.create_card(name, 0, Zone.HAND)
    game.cast(card, *([Game.player_target(0)] if name == "Gift Turn" else []))
    decisions = 0
    while game.turn < 5 and decisions < 400:
        round_trip(game)
        actions = game.legal_actions()
        game.apply(Action.make(ActionKind.PASS) if Action.make(ActionKind.PASS) in actions
                   else actions[0])
        decisions += 1
    assert game.turn == 5
    assert (steps_of_turn(game, 3) != steps_of_turn(plain, 3)) == adds
    extra_turn = next(line for line in game.log if line.startswith("=== Turn 4:"))
    assert (extra_turn == next(line for line in game.log if line.startswith("=== Turn 3:"))
            .replace("Turn 3", "Turn 4")) == (name == "Gift Turn")
