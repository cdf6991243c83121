"""Turn structure, rules 500-514 (chapter 5 of the Comprehensive Rules).

Every test names the rule it checks.  Games are driven through the public API only:
priority is passed with ``Game.pass_priority`` (or ``pass_to`` / ``pass_until``, until a
given moment) and cards are put in place with ``Game.create_card``; test cards cost {0} so
no mana set-up is needed unless the rule is about mana.
"""
from __future__ import annotations

import pytest

from mtg_core import (Action, ActionKind, Card, Decision, Game, IllegalActionError, Phase,
                      Step, Zone)
from mtg_core.cards import (AtBeginningOfNext, Draw, ExtraCombat, ExtraStep, ExtraTurn,
                            GainLife, LoseLife, Pump, Sacrifice, SkipNextTurn, SpellAbility,
                            TriggeredAbility)

# --- test cards --------------------------------------------------------------------------

# Quick Thought (an instant: you gain 1 life) and Gift Turn (target player takes an extra
# turn) are shared test cards (tests/conftest.py).
TEST_CARDS = [
    Card("Quick Draw", "", ("Instant",), abilities=(SpellAbility(Draw("you", 2)),)),
    Card("Combat Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 2, 2, "end of combat"), targets=("creature",)),)),
    Card("Turn Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 0, 1, "end of turn"), targets=("creature",)),)),
    Card("Next Turn Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 1, 1, "your next turn"), targets=("creature",)),)),
    Card("Step Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 1, 1, "end of step"), targets=("creature",)),)),
    Card("Phase Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 1, 1, "end of phase"), targets=("creature",)),)),
    Card("Until End Step Pump", "", ("Instant",),
         abilities=(SpellAbility(Pump("target", 1, 1, "until next end"), targets=("creature",)),)),
    Card("Extra Combat", "", ("Sorcery",), abilities=(SpellAbility(ExtraCombat()),)),
    Card("Instant Extra Combat", "", ("Instant",), abilities=(SpellAbility(ExtraCombat()),)),
    Card("Extra Upkeep", "", ("Instant",), abilities=(SpellAbility(ExtraStep("upkeep")),)),
    Card("Extra Draw", "", ("Instant",), abilities=(SpellAbility(ExtraStep("draw")),)),
    Card("Skip Turn", "", ("Sorcery",),
         abilities=(SpellAbility(SkipNextTurn("target"), targets=("player",)),)),
    Card("Turns For All", "", ("Instant",), abilities=(SpellAbility(ExtraTurn("each player")),)),
    Card("Untap Watcher", "", ("Enchantment",),
         abilities=(TriggeredAbility("untap", GainLife("you", 1)),)),
    Card("Phasing Untap Watcher", "", ("Enchantment",), keywords=("phasing",),
         abilities=(TriggeredAbility("untap", GainLife("you", 1)),)),
    Card("Draw Watcher", "", ("Enchantment",),
         abilities=(TriggeredAbility("draw", LoseLife("you", 1)),)),
    Card("Delayed Drain", "", ("Instant",),
         abilities=(SpellAbility(AtBeginningOfNext("end", (LoseLife("you", 1),))),)),
    Card("Cleanup Delay", "", ("Instant",),
         abilities=(SpellAbility(AtBeginningOfNext("cleanup", (GainLife("you", 1),))),)),
    Card("Flash Lightning", "", ("Creature",), power=1, toughness=1, keywords=("flash", "haste"),
         abilities=(TriggeredAbility("end", Sacrifice("self"), whose="each"),)),
    Card("Sprite", "", ("Creature",), power=1, toughness=1),
]


# --- helpers -------------------------------------------------------------------------------

def step_once(game: Game) -> None:
    """Answer the pending decision neutrally: pass priority, else the first legal answer
    (first cards discarded, first trigger ordered, first target)."""
    if game.decision.kind == Decision.PRIORITY:
        game.pass_priority()
    else:
        game.apply(game.legal_actions()[0])


def resolve_top(game: Game) -> None:
    """Pass until the stack is one object shorter (everyone passes in succession)."""
    n = len(game.stack())
    assert n > 0
    game.pass_until(lambda g: len(g.stack()) < n, limit=20)


# --- 500.1 ----------------------------------------------------------------------------------

def test_500_1_a_turn_has_five_phases_and_their_steps_in_order(new_game, steps_of_turn):
    """500.1 (with 501.1, 506.1, 512.1): beginning (untap, upkeep, draw), precombat main,
    combat, postcombat main, ending (end, cleanup) -- every turn, even if nothing
    happens.  With no attackers 508.6 leaves out declare blockers and combat damage."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=3)
    assert steps_of_turn(game, 2) == [
        (Step.UNTAP, Phase.BEGINNING), (Step.UPKEEP, Phase.BEGINNING),
        (Step.DRAW, Phase.BEGINNING), (Step.MAIN, Phase.PRECOMBAT_MAIN),
        (Step.BEGIN_COMBAT, Phase.COMBAT), (Step.DECLARE_ATTACKERS, Phase.COMBAT),
        (Step.END_COMBAT, Phase.COMBAT), (Step.MAIN, Phase.POSTCOMBAT_MAIN),
        (Step.END, Phase.ENDING), (Step.CLEANUP, Phase.ENDING),
    ]


def test_500_1_steps_seen_with_priority_follow_the_turn_order(new_game):
    """500.1: the steps in which players get priority come in the fixed order, and the
    phase recorded with each is right (505.1: precombat, then postcombat main)."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=2)
    seen = []
    while game.turn == 2:
        if game.decision.kind == Decision.PRIORITY and game.priority_player == game.active_player:
            seen.append((game.step, game.phase))
        step_once(game)
    assert seen == [
        (Step.UPKEEP, Phase.BEGINNING), (Step.DRAW, Phase.BEGINNING),
        (Step.MAIN, Phase.PRECOMBAT_MAIN), (Step.BEGIN_COMBAT, Phase.COMBAT),
        (Step.DECLARE_ATTACKERS, Phase.COMBAT), (Step.END_COMBAT, Phase.COMBAT),
        (Step.MAIN, Phase.POSTCOMBAT_MAIN), (Step.END, Phase.ENDING),
    ]


# --- 500.2 ----------------------------------------------------------------------------------

def test_500_2_step_ends_only_when_all_pass_in_succession_with_empty_stack(new_game):
    """500.2: emptying the stack does not end the step; all players must pass in
    succession with the stack empty.  A spell cast in between starts the count again."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    mine = game.create_card("Quick Thought", 0, Zone.HAND)
    theirs = game.create_card("Quick Thought", 1, Zone.HAND)

    game.cast(mine)
    assert game.priority_player == 0                    # 117.3c
    game.pass_priority()
    game.pass_priority()                                # both passed: it resolves
    assert game.stack() == [] and game.life(0) == 21
    assert (game.step, game.priority_player) == (Step.MAIN, 0)   # step goes on (117.3b)

    game.pass_priority()                                # P0 passes with an empty stack ...
    assert game.priority_player == 1
    game.cast(theirs)                                   # ... but P1 casts instead of passing
    game.pass_priority()
    game.pass_priority()
    assert game.life(1) == 21 and game.step == Step.MAIN
    assert game.priority_player == 0

    game.pass_priority()
    assert game.step == Step.MAIN and game.priority_player == 1
    game.pass_priority()
    assert game.step == Step.BEGIN_COMBAT


def test_500_2_every_player_of_a_multiplayer_game_must_pass(new_game):
    """500.2: in a three-player game two passes are not enough; the third player's cast
    restarts the succession, so all three must pass again."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    spell = game.create_card("Quick Thought", 2, Zone.HAND)
    game.pass_priority()
    game.pass_priority()
    assert game.priority_player == 2 and game.step == Step.MAIN
    game.cast(spell)
    game.pass_priority()                                # P2
    game.pass_priority()                                # P0
    assert len(game.stack()) == 1 and game.priority_player == 1
    game.pass_priority()                                # P1: now it resolves
    assert game.stack() == [] and game.life(2) == 21 and game.step == Step.MAIN
    for _ in range(2):
        game.pass_priority()
    assert game.step == Step.MAIN
    game.pass_priority()
    assert game.step == Step.BEGIN_COMBAT


def test_500_2_activating_a_mana_ability_is_an_action_between_passes(new_game):
    """500.2 / 117.4: "in succession" means without actions in between.  P0 passes, then
    P1 taps a Forest for mana and passes: P0 must pass again before the step ends."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    land = game.create_card("Forest", 1, Zone.BATTLEFIELD)
    game.pass_priority()
    game.tap_for_mana(land, "G")
    game.pass_priority()
    assert game.step == Step.MAIN and game.priority_player == 0
    game.pass_priority()
    assert game.step == Step.BEGIN_COMBAT


# --- 500.3 ----------------------------------------------------------------------------------

def test_500_3_untap_and_cleanup_steps_give_no_priority_normally(new_game, steps_of_turn):
    """500.3 / 502.3 / 514.3: nobody gets priority in the untap step, nor in a cleanup
    step where no state-based action or trigger happens; both steps still happen."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=2)
    steps_with_priority = set()
    while game.turn < 4:
        if game.decision.kind == Decision.PRIORITY:
            steps_with_priority.add(game.step)
        step_once(game)
    assert Step.UNTAP not in steps_with_priority
    assert Step.CLEANUP not in steps_with_priority
    for turn in (2, 3):
        steps = [step for step, _ in steps_of_turn(game, turn)]
        assert steps[0] == Step.UNTAP and steps[-1] == Step.CLEANUP


# --- 500.4 ----------------------------------------------------------------------------------

def test_500_4_mana_empties_when_a_phase_ends(new_game):
    """500.4: mana made in the precombat main phase is still there while that phase
    goes on (when the opponent holds priority) and is gone when combat begins."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    land = game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.tap_for_mana(land, "G")
    assert game.mana_pool(0) == {"G": 1}
    game.pass_priority()
    assert game.priority_player == 1 and game.mana_pool(0) == {"G": 1}
    game.pass_priority()
    assert game.step == Step.BEGIN_COMBAT
    assert game.mana_pool(0) == {}


def test_500_4_mana_empties_between_steps_of_one_phase_for_every_player(new_game):
    """500.4: "each step and phase": the non-active player's mana made in the upkeep is
    gone in the draw step of the same (beginning) phase."""
    game = new_game()
    land = game.create_card("Forest", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=3)
    game.pass_priority()
    assert game.priority_player == 1
    game.tap_for_mana(land, "G")
    assert game.mana_pool(1) == {"G": 1}
    game.pass_priority()
    game.pass_priority()
    assert game.step == Step.DRAW
    assert game.mana_pool(1) == {}


# --- 500.5 ----------------------------------------------------------------------------------

def test_500_5_until_end_of_turn_lasts_through_the_end_step_and_ends_in_cleanup(new_game):
    """500.5 / 514.2: Giant Growth's +3/+3 "until end of turn" still applies in the end
    step and is gone after the cleanup step."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    growth = game.create_card("Giant Growth", 0, Zone.HAND)
    game.cast(growth, bear)
    resolve_top(game)
    assert game.power_toughness(bear) == (5, 5)
    game.pass_to(Step.END, turn=1)
    assert game.power_toughness(bear) == (5, 5)
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.power_toughness(bear) == (2, 2)


def test_500_5_until_end_of_combat_ends_with_the_combat_phase_not_at_end_of_combat_step(new_game):
    """500.5: an "until end of combat" effect (cast in the beginning of combat step)
    still applies during the end of combat step and ends when the combat phase ends."""
    game = new_game()
    game.pass_to(Step.BEGIN_COMBAT, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    pump = game.create_card("Combat Pump", 0, Zone.HAND)
    game.cast(pump, bear)
    resolve_top(game)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_to(Step.END_COMBAT, turn=1)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_priority()
    assert game.step == Step.END_COMBAT and game.power_toughness(bear) == (4, 4)
    game.pass_priority()
    assert game.phase == Phase.POSTCOMBAT_MAIN
    assert game.power_toughness(bear) == (2, 2)


def test_500_5_until_your_next_turn_ends_when_the_controllers_next_turn_begins(new_game):
    """500.5: "until your next turn" refers to the controller of the effect.  In a
    three-player game P0's pump lasts through P1's and P2's turns; P2's pump on the same
    creature ends when P2's turn begins, P0's when P0's turn begins."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Next Turn Pump", 0, Zone.HAND), bear)
    resolve_top(game)
    game.pass_priority()
    game.pass_priority()
    assert game.priority_player == 2
    game.cast(game.create_card("Next Turn Pump", 2, Zone.HAND), bear)
    resolve_top(game)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_to(Step.UPKEEP, turn=3)
    assert game.active_player == 2
    assert game.power_toughness(bear) == (3, 3)
    game.pass_to(Step.UPKEEP, turn=4)
    assert game.active_player == 0
    assert game.power_toughness(bear) == (2, 2)


def test_500_5_until_end_of_step_and_until_end_of_phase(new_game):
    """500.5: "until end of" a step ends when that step ends; "until end of" a phase
    lasts through the later steps of the phase (the draw step) and ends with it."""
    game = new_game()
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=3)
    for name in ("Step Pump", "Phase Pump"):
        game.cast(game.create_card(name, 0, Zone.HAND), bear)
        resolve_top(game)
    assert game.power_toughness(bear) == (4, 4)
    game.pass_to(Step.DRAW, turn=3)
    assert game.power_toughness(bear) == (3, 3)
    game.pass_to(Step.MAIN, turn=3)
    assert game.power_toughness(bear) == (2, 2)


def test_500_5_until_a_step_ends_when_that_step_begins(new_game):
    """500.5: when a step begins, effects that last "until" that step end -- an effect
    "until the next end step" applies in combat and is gone once the end step begins."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Until End Step Pump", 0, Zone.HAND), bear)
    resolve_top(game)
    game.pass_to(Step.END_COMBAT, turn=1)
    assert game.power_toughness(bear) == (3, 3)
    game.pass_to(Step.END, turn=1)
    assert game.power_toughness(bear) == (2, 2)


def test_500_5_end_of_phase_effect_ends_even_if_the_phases_last_step_is_skipped(new_game):
    """500.5 + 500.10: a skipped step doesn't exist, so on turn 1 of a two-player game
    (draw step skipped, 103.8a) the beginning phase ends after the upkeep; an "until end
    of phase" effect made in that upkeep must be gone in the precombat main phase."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Phase Pump", 0, Zone.HAND), bear)
    resolve_top(game)
    assert game.power_toughness(bear) == (3, 3)
    game.pass_to(Step.MAIN, turn=1)
    assert game.power_toughness(bear) == (2, 2)


# --- 500.6 ----------------------------------------------------------------------------------

def test_500_6_phyrexian_arena_triggers_at_the_beginning_of_its_controllers_upkeep(new_game):
    """500.6: "at the beginning of your upkeep" abilities go on the stack as the upkeep
    begins -- only in the controller's upkeep."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    arena = game.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.stack() == []                          # P1's upkeep: no trigger
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    stack = game.stack()
    assert len(stack) == 1 and stack[0]["obj"] == arena
    hand = len(game.hand(0))
    resolve_top(game)
    assert game.life(0) == 19 and len(game.hand(0)) == hand + 1
    assert game.step == Step.UPKEEP


# --- 500.7 ----------------------------------------------------------------------------------

def test_500_7_time_walk_gives_an_extra_turn_directly_after_this_one(new_game, turn_order):
    """500.7: Time Walk -- the extra turn comes right after the current one; then the
    normal order goes on."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    for _ in range(2):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Time Walk", 0, Zone.HAND))
    resolve_top(game)
    assert turn_order(game, 4) == [(1, 0), (2, 0), (3, 1), (4, 0)]


def test_500_7_most_recently_created_extra_turn_is_taken_first(new_game, turn_order):
    """500.7: two extra turns made in one turn are added one at a time; the last one
    created is taken first (P2's first made, then P1's: P1, P2), then normal order."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    for who in (2, 1):
        game.cast(game.create_card("Gift Turn", 0, Zone.HAND), game.player_target(who))
        resolve_top(game)
    assert turn_order(game, 6) == [(1, 0), (2, 1), (3, 2), (4, 1), (5, 2), (6, 0)]


def test_500_7_after_an_extra_turn_normal_turn_order_continues_in_multiplayer(new_game, turn_order):
    """500.7 / 101.4: P1 casts Time Walk in a three-player game; after P1's extra turn
    the next turn is P2's (the one after P1's normal turn), then P0's."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=2)
    assert game.active_player == 1
    for _ in range(2):
        game.create_card("Island", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Time Walk", 1, Zone.HAND))
    resolve_top(game)
    assert turn_order(game, 6) == [(2, 1), (3, 1), (4, 2), (5, 0), (6, 1)]


def test_500_7_extra_turns_for_several_players_are_added_in_apnap_order(new_game, turn_order):
    """500.7: if several players get extra turns at once, the turns are added one at a
    time in APNAP order (101.4) and the last added is taken first.  P1 (active) resolves
    "each player takes an extra turn" in a three-player game: added P1, P2, P0, so they
    are taken P0, P2, P1; then the normal order resumes after P1 (P2, P0)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=2)
    assert game.active_player == 1
    game.cast(game.create_card("Turns For All", 1, Zone.HAND))
    resolve_top(game)
    assert turn_order(game, 7) == [(2, 1), (3, 0), (4, 2), (5, 1), (6, 2), (7, 0)]


# --- 500.8 / 505.1a ---------------------------------------------------------------------------

def test_500_8_extra_combat_phase_then_extra_main_phase_which_is_postcombat(
        new_game, steps_of_turn):
    """500.8 / 505.1a: a sorcery making "an additional combat phase followed by an
    additional main phase" after this (precombat main) phase: main, combat, main, combat,
    main, ending; every main phase but the first is a postcombat main phase."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Extra Combat", 0, Zone.HAND))
    resolve_top(game)
    starts = []                         # the phase of every step that begins a phase
    while game.turn == 1:
        if game.decision.kind == Decision.PRIORITY and game.priority_player == 0 \
                and game.step in (Step.MAIN, Step.BEGIN_COMBAT, Step.END):
            starts.append(game.phase)
        step_once(game)
    assert starts == [Phase.PRECOMBAT_MAIN, Phase.COMBAT, Phase.POSTCOMBAT_MAIN,
                      Phase.COMBAT, Phase.POSTCOMBAT_MAIN, Phase.ENDING]
    assert steps_of_turn(game, 1).count((Step.BEGIN_COMBAT, Phase.COMBAT)) == 2


def test_505_1a_only_the_first_main_phase_is_precombat(new_game):
    """505.1a: the first main phase of a turn is the precombat main phase, the second
    the postcombat main phase."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=2)
    mains = []
    while game.turn == 2:
        if game.decision.kind == Decision.PRIORITY and game.step == Step.MAIN \
                and game.priority_player == 1:
            mains.append(game.phase)
        step_once(game)
    assert mains == [Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN]


def test_505_1a_extra_combat_made_in_the_upkeep_its_main_phase_is_the_precombat_one(
        new_game, steps_of_turn):
    """505.1a with 500.8: "an additional combat phase followed by an additional main phase"
    made in the upkeep comes right after the beginning phase.  Only the first main phase of
    the turn is precombat -- here the additional one -- and the turn's own two main phases
    are both postcombat: the kind follows from the position, not from how it was made."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=3)
    game.cast(game.create_card("Instant Extra Combat", 0, Zone.HAND))
    resolve_top(game)
    game.pass_to(Step.UPKEEP, turn=4)
    phases = []
    for step, phase in steps_of_turn(game, 3):
        if step in (Step.UNTAP, Step.BEGIN_COMBAT, Step.MAIN, Step.END):
            phases.append(phase)
    assert phases == [Phase.BEGINNING, Phase.COMBAT, Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN,
                      Phase.COMBAT, Phase.POSTCOMBAT_MAIN, Phase.ENDING]


def test_505_5b_the_additional_main_phase_is_a_main_phase_but_one_land_per_turn(new_game):
    """505.5b / 500.8: a land may be played in the additional main phase if none was
    played this turn; after that, no second land this turn."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Extra Combat", 0, Zone.HAND))
    resolve_top(game)
    game.pass_to(Step.END_COMBAT, turn=1)
    game.pass_to(Step.MAIN, phase=Phase.POSTCOMBAT_MAIN, turn=1)  # the additional main phase
    lands = [o for o in game.hand(0)]
    game.play_land(lands[0])
    assert lands[0] in game.battlefield(0)
    game.pass_to(Step.BEGIN_COMBAT, turn=1)              # the turn's regular combat
    game.pass_to(Step.MAIN, phase=Phase.POSTCOMBAT_MAIN, turn=1)
    with pytest.raises(IllegalActionError) as err:
        game.play_land(lands[1])
    assert err.value.rule == "505.5b"


# --- 500.9 ----------------------------------------------------------------------------------

def test_500_9_extra_steps_come_after_this_step_most_recent_first(new_game, steps_of_turn):
    """500.9: an additional draw step, then an additional upkeep step, both created in the
    upkeep: the upkeep step (last created) comes first, then the additional draw step,
    then the regular draw step -- P1 draws twice."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=2)
    for name in ("Extra Draw", "Extra Upkeep"):
        game.cast(game.create_card(name, 1, Zone.HAND))
        resolve_top(game)
    hand = len(game.hand(1))
    game.pass_to(Step.MAIN, turn=2)
    assert len(game.hand(1)) == hand + 2
    steps = [step for step, _ in steps_of_turn(game, 2)]
    assert steps[:6] == [Step.UNTAP, Step.UPKEEP, Step.UPKEEP, Step.DRAW, Step.DRAW, Step.MAIN]
    assert all(phase == Phase.BEGINNING for _, phase in steps_of_turn(game, 2)[:5])


def test_103_8a_an_additional_draw_step_on_the_first_turn_is_not_skipped(new_game, steps_of_turn):
    """103.8a with 500.9: the starting player skips "the draw step of their first turn" --
    the turn's own draw step (501.1).  An additional draw step made by an effect in that
    turn's upkeep is another step, and the player draws in it; the turn's own draw step is
    still skipped, so exactly one card is drawn."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=1)
    hand = len(game.hand(0))
    top = game.library(0)[-1]
    game.cast(game.create_card("Extra Draw", 0, Zone.HAND))
    resolve_top(game)
    game.pass_to(Step.MAIN, turn=1)
    assert len(game.hand(0)) == hand + 1 and top in game.hand(0)
    assert [s for s, _ in steps_of_turn(game, 1)][:4] == [Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.MAIN]
    assert "draw step is skipped (103.8a)" in game.log


def test_500_9_an_additional_upkeep_has_its_own_beginning_of_upkeep_triggers(new_game):
    """500.9 / 500.6: Phyrexian Arena triggers at the beginning of the additional upkeep
    step as well."""
    game = new_game()
    game.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    game.cast(game.create_card("Extra Upkeep", 0, Zone.HAND))
    resolve_top(game)                                   # the instant
    resolve_top(game)                                   # the first Arena trigger
    assert game.life(0) == 19
    game.pass_priority()
    game.pass_priority()
    assert game.step == Step.UPKEEP and len(game.stack()) == 1
    resolve_top(game)
    assert game.life(0) == 18


# --- 500.10 ---------------------------------------------------------------------------------

def test_500_10_fatigue_skips_the_targets_next_draw_step_only(new_game, steps_of_turn):
    """500.10: Fatigue -- P1 skips their next draw step (no card drawn); the draw step
    after that happens again."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    for _ in range(2):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Fatigue", 0, Zone.HAND), game.player_target(1))
    resolve_top(game)
    game.pass_to(Step.UPKEEP, turn=2)
    hand = len(game.hand(1))
    game.pass_to(Step.MAIN, turn=2)
    assert len(game.hand(1)) == hand
    assert (Step.DRAW, Phase.BEGINNING) not in steps_of_turn(game, 2)
    game.pass_to(Step.DRAW, turn=3)                     # P0 is not affected
    game.pass_to(Step.UPKEEP, turn=4)
    hand = len(game.hand(1))
    game.pass_to(Step.MAIN, turn=4)
    assert len(game.hand(1)) == hand + 1


def test_500_10_eon_hub_makes_every_player_skip_upkeep(new_game, steps_of_turn):
    """500.10: with Eon Hub nobody has an upkeep step, so "at the beginning of your
    upkeep" never triggers; once the Hub is gone, upkeeps (and the trigger) return."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    game.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    hub = game.create_card("Eon Hub", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, turn=4)
    for turn in (2, 3):
        assert (Step.UPKEEP, Phase.BEGINNING) not in steps_of_turn(game, turn)
    assert game.life(0) == 20
    game.move(hub, Zone.GRAVEYARD)
    game.pass_until(lambda g: g.turn == 5 and g.step == Step.UPKEEP)
    assert len(game.stack()) == 1


def test_500_10_skip_next_turn(new_game, turn_order):
    """500.10: a skipped turn doesn't exist: P1 is told to skip their next turn in a
    three-player game, so after P0's turn 1 comes P2's turn 2, then P0, then P1."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Skip Turn", 0, Zone.HAND), game.player_target(1))
    resolve_top(game)
    assert turn_order(game, 4) == [(1, 0), (2, 2), (3, 0), (4, 1)]


# --- 502.1 ----------------------------------------------------------------------------------

def test_502_1_phasing_alternates_on_its_controllers_untap_steps_with_its_aura(new_game):
    """502.1 / 702.26: Breezekeeper phases out during its controller's untap step and
    phases in during the next one; an Aura attached to it (here the opponent's Holy
    Strength) phases out and in with it, and isn't put into a graveyard meanwhile."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    keeper = game.create_card("Breezekeeper", 0, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 1, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=keeper)
    assert game.power_toughness(keeper) == (5, 6)

    game.pass_to(Step.UPKEEP, turn=2)                   # P1's untap step: nothing happens
    assert game.obj(keeper)["phased_out"] == 0 and game.obj(aura)["phased_out"] == 0

    game.pass_to(Step.UPKEEP, turn=3)                   # P0's untap step: both phase out
    assert game.obj(keeper)["phased_out"] and game.obj(aura)["phased_out"]
    assert aura in game.battlefield() and game.obj(aura)["attached_to"] == keeper

    game.pass_to(Step.UPKEEP, turn=4)                   # P1's untap: the Aura stays out
    assert game.obj(keeper)["phased_out"] and game.obj(aura)["phased_out"]

    game.pass_to(Step.UPKEEP, turn=5)                   # P0's next untap step: both in
    assert game.obj(keeper)["phased_out"] == 0 and game.obj(aura)["phased_out"] == 0
    assert game.obj(aura)["attached_to"] == keeper
    assert game.power_toughness(keeper) == (5, 6)


def test_502_1_a_permanent_that_phases_in_untaps_in_the_same_untap_step(new_game):
    """502.1 then 502.2: phasing happens first, so a tapped phased-out permanent that
    phases in is untapped in that same untap step."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    keeper = game.create_card("Breezekeeper", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=3)
    assert game.obj(keeper)["phased_out"]
    game.set_object(keeper, tapped=1)
    game.pass_to(Step.UPKEEP, turn=5)
    assert game.obj(keeper)["phased_out"] == 0 and game.obj(keeper)["tapped"] == 0


def test_500_6_untap_step_triggers_are_collected_before_phasing(new_game):
    """500.6 with 502.1: "at the beginning of your untap step" triggers when the step
    begins, before the permanents phase: a phasing enchantment with that ability triggers
    in the untap step in which it phases out (it was there when the step began) and not in
    the one in which it phases in (it wasn't).  The trigger goes on the stack in the
    upkeep (503.1) even though its source is phased out by then."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    watcher = game.create_card("Phasing Untap Watcher", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    assert game.obj(watcher)["phased_out"]
    assert [s["obj"] for s in game.stack()] == [watcher]
    resolve_top(game)
    assert game.life(0) == 21
    game.pass_until(lambda g: g.turn == 5 and g.step == Step.UPKEEP)
    assert game.obj(watcher)["phased_out"] == 0
    assert game.stack() == []                           # phased out when the step began
    game.pass_until(lambda g: g.turn == 7 and g.step == Step.UPKEEP)
    assert [s["obj"] for s in game.stack()] == [watcher]


# --- 502.2 ----------------------------------------------------------------------------------

def test_502_2_colossus_of_sardia_doesnt_untap_but_its_upkeep_ability_untaps_it(new_game):
    """502.2: Colossus of Sardia doesn't untap during its controller's untap step; its
    "{9}: Untap" can be activated only during its controller's upkeep."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    colossus = game.create_card("Colossus of Sardia", 0, Zone.BATTLEFIELD)
    game.set_object(colossus, tapped=1)
    for _ in range(9):
        game.create_card("Forest", 0, Zone.BATTLEFIELD)
    untap = Action.make(ActionKind.ACTIVATE, colossus, 0)
    with pytest.raises(IllegalActionError):
        game.apply(untap)                               # not in the main phase
    game.pass_to(Step.UPKEEP, turn=2)
    game.pass_priority()
    assert game.priority_player == 0
    with pytest.raises(IllegalActionError):
        game.apply(untap)                               # not in the opponent's upkeep
    game.pass_to(Step.UPKEEP, turn=3)
    assert game.obj(colossus)["tapped"] == 1            # the untap step left it tapped
    game.apply(untap)
    resolve_top(game)
    assert game.obj(colossus)["tapped"] == 0


def test_502_2_sleep_creatures_skip_one_untap_step_then_untap(new_game):
    """502.2: Sleep taps P1's creatures; they don't untap during P1's next untap step but
    do during the one after."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Sleep", 0, Zone.HAND), game.player_target(1))
    resolve_top(game)
    assert game.obj(bear)["tapped"] == 1
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.obj(bear)["tapped"] == 1
    game.pass_to(Step.UPKEEP, turn=4)
    assert game.obj(bear)["tapped"] == 0


def test_502_2_untap_step_untaps_only_the_active_players_permanents(new_game):
    """502.2: the active player untaps their permanents, not the opponent's."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    mine = game.create_card("Forest", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Forest", 1, Zone.BATTLEFIELD)
    game.set_object(mine, tapped=1)
    game.set_object(theirs, tapped=1)
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.obj(mine)["tapped"] == 1 and game.obj(theirs)["tapped"] == 0


# --- 503.1 / 504 ----------------------------------------------------------------------------

def test_503_1_untap_step_trigger_goes_on_the_stack_in_the_upkeep(new_game):
    """502.3 / 503.1: an ability that triggers at the beginning of the untap step waits
    (no priority there) and is put on the stack when the active player first gets
    priority, in the upkeep."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    watcher = game.create_card("Untap Watcher", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    stack = game.stack()
    assert len(stack) == 1 and stack[0]["obj"] == watcher
    assert game.priority_player == 0
    resolve_top(game)
    assert game.life(0) == 21


def test_504_1_active_player_draws_before_anyone_gets_priority(new_game):
    """504.1 / 504.2: the draw is a turn-based action at the start of the draw step; then
    "at the beginning of the draw step" triggers go on the stack."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    watcher = game.create_card("Draw Watcher", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.UPKEEP, turn=2)
    hand = len(game.hand(1))
    top = game.library(1)[-1]
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.DRAW)
    assert game.priority_player == 1
    assert len(game.hand(1)) == hand + 1 and top in game.hand(1)
    assert [s["obj"] for s in game.stack()] == [watcher]


# --- 505.5b ---------------------------------------------------------------------------------

def test_505_5b_one_land_per_turn_in_any_main_phase(new_game):
    """505.5b: one land per turn, in the active player's main phase -- the precombat one
    or (if none was played yet) the postcombat one."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    first, second = game.hand(0)[:2]
    game.play_land(first)
    assert first in game.battlefield(0)
    assert game.priority_player == 0                    # a special action: P0 keeps priority
    with pytest.raises(IllegalActionError) as err:
        game.play_land(second)
    assert err.value.rule == "505.5b"
    game.pass_to(Step.MAIN, phase=Phase.POSTCOMBAT_MAIN, turn=1)
    with pytest.raises(IllegalActionError):
        game.play_land(second)
    game.pass_to(Step.MAIN, phase=Phase.POSTCOMBAT_MAIN, turn=2)
    land = game.hand(1)[0]
    game.play_land(land)                                 # P1 didn't play one in main 1
    assert land in game.battlefield(1)


def test_505_5b_no_land_with_a_nonempty_stack(new_game):
    """505.5b: a land can be played only while the stack is empty."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    land = game.hand(0)[0]
    game.cast(game.create_card("Quick Thought", 0, Zone.HAND))
    assert game.priority_player == 0 and len(game.stack()) == 1
    assert all(a.kind != ActionKind.PLAY_LAND for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        game.play_land(land)
    assert err.value.rule == "505.5b"
    resolve_top(game)
    game.play_land(land)
    assert land in game.battlefield(0)


def test_505_5b_no_land_in_the_opponents_turn_or_outside_main_phases(new_game):
    """505.5b: not in the opponent's main phase, not in the upkeep, not in combat."""
    game = new_game()
    game.pass_to(Step.UPKEEP, turn=1)
    land0 = game.hand(0)[0]
    with pytest.raises(IllegalActionError):
        game.play_land(land0)                           # upkeep
    game.pass_to(Step.MAIN, turn=1)
    game.pass_priority()
    assert game.priority_player == 1
    land1 = game.hand(1)[0]
    with pytest.raises(IllegalActionError) as err:
        game.play_land(land1)                           # P0's main phase
    assert err.value.rule == "505.5b"
    for step in (Step.BEGIN_COMBAT, Step.DECLARE_ATTACKERS, Step.END_COMBAT):
        game.pass_to(step, turn=1)
        with pytest.raises(IllegalActionError):
            game.play_land(land0)                       # combat
    assert land0 in game.hand(0) and land1 in game.hand(1)


# --- 508.6 ----------------------------------------------------------------------------------

def test_508_6_without_attackers_declare_blockers_and_combat_damage_are_skipped(
        new_game, steps_of_turn):
    """508.6 (506.1): no creature was declared as an attacker, so the declare blockers and
    combat damage steps are skipped; the end of combat step still happens."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.set_object(bear, sick=0)
    game.pass_to(Step.UPKEEP, turn=3)
    seen = set()
    while game.turn == 3:
        if game.decision.kind == Decision.PRIORITY:
            seen.add(game.step)
        step_once(game)
    assert Step.DECLARE_ATTACKERS in seen and Step.END_COMBAT in seen
    assert Step.DECLARE_BLOCKERS not in seen and Step.COMBAT_DAMAGE not in seen
    steps = [step for step, _ in steps_of_turn(game, 3)]
    assert Step.DECLARE_ATTACKERS in steps and Step.END_COMBAT in steps
    assert Step.DECLARE_BLOCKERS not in steps and Step.COMBAT_DAMAGE not in steps


# --- 513.3 ----------------------------------------------------------------------------------

def test_513_3_delayed_next_end_step_trigger_made_in_the_end_step_waits_a_turn(new_game):
    """513.3: a delayed "at the beginning of the next end step" trigger created during an
    end step doesn't trigger until the next turn's end step."""
    game = new_game()
    game.pass_to(Step.END, turn=1)
    game.cast(game.create_card("Delayed Drain", 0, Zone.HAND))
    resolve_top(game)
    game.pass_to(Step.MAIN, turn=2)
    assert game.life(0) == 20
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.END)
    assert len(game.stack()) == 1
    resolve_top(game)
    assert game.life(0) == 19
    game.pass_to(Step.MAIN, turn=4)
    assert game.life(0) == 19                           # it triggers only once


def test_513_3_delayed_trigger_made_before_the_end_step_fires_this_turn(new_game):
    """513.1 / 603.7: made in the main phase, "at the beginning of the next end step"
    triggers in this turn's end step."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Delayed Drain", 0, Zone.HAND))
    resolve_top(game)
    game.pass_until(lambda g: g.turn == 1 and g.step == Step.END)
    assert len(game.stack()) == 1
    resolve_top(game)
    assert game.life(0) == 19


def test_513_3_creature_entering_in_the_end_step_isnt_sacrificed_until_the_next_one(new_game):
    """513.3: a haste creature with "at the beginning of the end step, sacrifice it"
    (Ball Lightning's ability) cast with flash during the end step survives this turn and
    is sacrificed at the beginning of the next turn's end step."""
    game = new_game()
    game.pass_to(Step.END, turn=1)
    lightning = game.create_card("Flash Lightning", 0, Zone.HAND)
    game.cast(lightning)
    resolve_top(game)
    assert lightning in game.battlefield() and game.stack() == []
    game.pass_to(Step.UPKEEP, turn=2)
    assert lightning in game.battlefield()
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.END)
    resolve_top(game)
    assert lightning not in game.battlefield() and lightning in game.graveyard(0)


def test_513_3_ball_lightning_put_onto_the_battlefield_during_the_end_step(new_game):
    """513.3: Ball Lightning put onto the battlefield during an end step stays until the
    next end step."""
    game = new_game()
    game.pass_to(Step.END, turn=1)
    ball = game.create_card("Ball Lightning", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, turn=2)
    assert ball in game.battlefield()
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.END)
    assert [s["obj"] for s in game.stack()] == [ball]
    resolve_top(game)
    assert ball in game.graveyard(0)


# --- 514.1 ----------------------------------------------------------------------------------

def test_514_1_active_player_discards_down_to_seven_in_cleanup(new_game):
    """514.1: with ten cards the active player chooses three to discard (a DISCARD
    decision); they are discarded together and the hand is seven.  The non-active player
    with more than seven cards doesn't discard."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    extra = [game.create_card("Grizzly Bears", 0, Zone.HAND) for _ in range(3)]
    for _ in range(2):
        game.create_card("Grizzly Bears", 1, Zone.HAND)
    game.pass_to(Step.END, turn=1)
    game.pass_priority()
    game.pass_priority()
    d = game.decision
    assert (d.kind, d.player, d.count) == (Decision.DISCARD, 0, 3)
    assert game.step == Step.CLEANUP
    assert {a.kind for a in game.legal_actions()} == {ActionKind.DISCARD}
    assert len(game.legal_actions()) == 10
    for o in extra:
        assert game.decision.kind == Decision.DISCARD
        game.apply(Action.make(ActionKind.DISCARD, o))
    assert len(game.hand(0)) == 7
    assert sorted(game.graveyard(0)) == sorted(extra)
    assert game.turn == 2 and len(game.hand(1)) == 9


def test_514_1_no_discard_decision_with_seven_cards(new_game):
    """514.1: a hand of exactly seven is kept without any decision."""
    game = new_game()
    game.pass_to(Step.END, turn=1)
    assert len(game.hand(0)) == 7
    game.pass_priority()
    game.pass_priority()
    assert game.turn == 2 and game.decision.kind == Decision.PRIORITY
    assert len(game.hand(0)) == 7


# --- 514.2 ----------------------------------------------------------------------------------

def test_514_2_damage_wears_off_in_cleanup_including_phased_out_permanents(new_game):
    """514.2: all damage marked on permanents, phased-out ones included, is removed."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    keeper = game.create_card("Breezekeeper", 1, Zone.BATTLEFIELD)
    game.set_object(bear, damage=1)
    game.set_object(keeper, damage=3, phased_out=1)
    game.pass_to(Step.END, turn=1)
    assert game.obj(bear)["damage"] == 1 and game.obj(keeper)["damage"] == 3
    game.pass_to(Step.UPKEEP, turn=2)
    assert game.obj(bear)["damage"] == 0 and game.obj(keeper)["damage"] == 0


def test_514_2_damage_removal_and_end_of_turn_effects_are_simultaneous(new_game):
    """514.2: a 2/2 with +0/+2 until end of turn and 3 damage survives cleanup: the damage
    goes away at the same moment as the toughness bonus."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    for _ in range(2):
        game.cast(game.create_card("Turn Pump", 0, Zone.HAND), bear)
        resolve_top(game)
    game.set_object(bear, damage=3)
    assert game.check_state_based_actions() == 0
    game.pass_to(Step.UPKEEP, turn=2)
    assert bear in game.battlefield()
    assert game.obj(bear)["damage"] == 0 and game.power_toughness(bear) == (2, 2)


# --- 514.3a ---------------------------------------------------------------------------------

def test_514_3a_state_based_actions_in_cleanup_give_priority_and_another_cleanup(
        new_game, steps_of_turn):
    """514.3a: a 1/1 with a -1/-1 counter kept alive by +0/+1 until end of turn dies in
    the cleanup step (704.5f); players then get priority in that cleanup step, and another
    cleanup step follows before the next turn."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    sprite = game.create_card("Sprite", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Turn Pump", 0, Zone.HAND), sprite)
    resolve_top(game)
    game.set_object(sprite, minus1=1)
    assert game.power_toughness(sprite) == (0, 1)
    game.pass_to(Step.END, turn=1)
    game.pass_priority()
    game.pass_priority()
    assert game.turn == 1 and game.step == Step.CLEANUP
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0
    assert sprite in game.graveyard(0)
    game.pass_priority()
    game.pass_priority()
    assert game.turn == 2
    assert steps_of_turn(game, 1)[-2:] == [(Step.CLEANUP, Phase.ENDING)] * 2


def test_514_3a_next_cleanup_step_trigger_gets_priority_then_a_new_cleanup(new_game, steps_of_turn):
    """514.3a: a delayed "at the beginning of the next cleanup step" trigger goes on the
    stack in the cleanup step; the active player gets priority; when all pass with an
    empty stack another cleanup step begins, without priority this time."""
    game = new_game()
    game.pass_to(Step.END, turn=1)
    game.cast(game.create_card("Cleanup Delay", 0, Zone.HAND))
    resolve_top(game)
    game.pass_priority()
    game.pass_priority()
    assert game.step == Step.CLEANUP and len(game.stack()) == 1
    assert game.priority_player == 0
    resolve_top(game)
    assert game.life(0) == 21 and game.step == Step.CLEANUP
    game.pass_priority()
    game.pass_priority()
    assert game.turn == 2
    assert steps_of_turn(game, 1).count((Step.CLEANUP, Phase.ENDING)) == 2


def test_514_3a_the_additional_cleanup_step_does_all_of_514_1_and_514_2_again(new_game):
    """514.3a: cards drawn and "until end of turn" effects created while players have
    priority in a cleanup step are dealt with by the next cleanup step: the active
    player discards down to seven again and the new pump ends."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.END, turn=1)
    game.cast(game.create_card("Cleanup Delay", 0, Zone.HAND))
    resolve_top(game)
    game.pass_priority()
    game.pass_priority()
    resolve_top(game)                                   # the cleanup trigger
    assert game.step == Step.CLEANUP and len(game.hand(0)) == 7
    game.cast(game.create_card("Quick Draw", 0, Zone.HAND))
    resolve_top(game)
    game.cast(game.create_card("Turn Pump", 0, Zone.HAND), bear)
    resolve_top(game)
    assert len(game.hand(0)) == 9 and game.power_toughness(bear) == (2, 3)
    game.pass_priority()
    game.pass_priority()
    d = game.decision
    assert (d.kind, d.player, d.count) == (Decision.DISCARD, 0, 2)
    assert game.turn == 1 and game.step == Step.CLEANUP
    step_once(game)
    step_once(game)
    assert game.turn == 2 and len(game.hand(0)) == 7
    assert game.power_toughness(bear) == (2, 2)
