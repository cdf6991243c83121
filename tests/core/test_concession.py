"""Conceding at any moment (104.3a) in multiplayer games, where the player leaves and the
game goes on (800.4a).

A player may concede while anyone is deciding anything: priority, targets of a spell or a
triggered ability, the order of triggers, a discard, the legend rule, a mulligan.  The
departed player's objects leave, their spells and abilities on the stack cease to exist
(compacting the stack), and whatever decision was pending must still make sense: the
departed player's own choice disappears with them, another player's choice goes on (or is
asked again when it depended on what left).  Every test checks that the state keeps the
core's invariants: a save of it loads (loading validates everything) and every legal
action applies.
"""
from __future__ import annotations

import random

import pytest

from mtg_core import Action, ActionKind, Card, Deck, Decision, Game, Result, Step, Zone
from mtg_core.cards import Damage, Destroy, SpellAbility, TriggeredAbility

from oracle_helpers import imported_oracle


CREW_REMINDER = ("(Tap any number of creatures you control with total power 2 or more: This "
                 "Vehicle becomes an artifact creature until end of turn.)")
# Cards the library lacks that ask the rarer decisions: a crew cost (702.122a), a modal
# triggered ability (700.2), a sacrifice each player chooses (701.21a).
IMPORTED_CARDS = [
    imported_oracle("Renegade Freighter", "{3}", "Artifact — Vehicle",
                    "Crew 2 " + CREW_REMINDER, "4", "3"),
    imported_oracle("Aven Surveyor", "{3}{U}{U}", "Creature — Bird Scout",
                    "Flying\nWhen Aven Surveyor enters the battlefield, choose one —\n• Put a "
                    "+1/+1 counter on Aven Surveyor.\n• Return target creature to its owner's hand.",
                    "2", "2"),
    imported_oracle("Innocent Blood", "{B}", "Sorcery", "Each player sacrifices a creature."),
]

# Quick Thought (instant: gain 1 life), Gift Turn (instant: target player takes an extra
# turn) and Bell of Decay (at the beginning of each upkeep, you lose 1 life) are shared
# test cards (tests/conftest.py).
TEST_CARDS = [
    # A flash permanent with an enters trigger that targets: its trigger can be put on the
    # stack above other players' spells.
    Card("Zap Totem", "", ("Artifact",), keywords=("flash",),
         abilities=(TriggeredAbility("enters", Damage("target", 1), targets=("creature",)),)),
    Card("Free Kill", "", ("Instant",), abilities=(SpellAbility(Destroy("target"), targets=("creature",)),)),
    *IMPORTED_CARDS,
]


def act(kind, a=0, b=0):
    return Action.make(kind, a, b)


def consistent(game: Game) -> None:
    """The state keeps every invariant of the core: a save of it loads again (loading checks
    them all), the pending decision can be read and belongs to a player still in the game,
    and every legal action applies."""
    again = Game.load(game.save(), cards=game.cards)
    assert again == game
    if game.is_over:
        return
    d = game.decision
    assert d is not None and game.in_game(d.player)
    actions = game.legal_actions()
    assert actions
    for a in actions:
        game.clone().apply(a)


def pass_until_decision(game: Game, kind: Decision, limit: int = 500) -> None:
    """Pass priority (discarding the first cards offered at cleanup) until a ``kind``
    decision is pending."""
    for _ in range(limit):
        if game.decision.kind == kind:
            return
        if game.decision.kind == Decision.DISCARD:
            game.apply(game.legal_actions()[0])
            continue
        assert game.decision.kind == Decision.PRIORITY, game.decision
        game.pass_priority()
    raise AssertionError(f"no {kind.name} decision came up")


def spell_on_stack(game: Game, p: int) -> int:
    """From P0 holding priority in their main phase: the others pass until ``p`` has
    priority, ``p`` casts Quick Thought, and everyone passes back to P0, who then holds
    priority with that spell on the stack."""
    while game.priority_player != p:
        game.pass_priority()
    spell = game.create_card("Quick Thought", p)
    game.cast(spell)
    while game.priority_player != 0:
        game.pass_priority()
    assert [i["obj"] for i in game.stack()] == [spell]
    return spell


def stack_objects(game: Game) -> list[int]:
    return [i["obj"] for i in game.stack()]


# --- 800.4a: the stack is compacted and the object being cast follows --------------------------

def test_800_4a_a_spell_lower_on_the_stack_leaves_while_another_player_chooses_targets(new_game):
    """Regression: P0 is choosing the target of Gift Turn while P2's spell is lower on the
    stack; P2 concedes.  P2's spell ceases to exist and the stack is compacted; P0's spell,
    which moved down, is still the one being cast: P0 chooses its target, it is cast and it
    resolves (it used to write the target into a dead slot and fizzle)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    low = spell_on_stack(game, 2)
    gift = game.create_card("Gift Turn", 0)
    game.apply(act(ActionKind.CAST, gift))
    assert game.decision.kind == Decision.TARGET and stack_objects(game) == [low, gift]
    game.concede(2)
    consistent(game)
    d = game.decision
    assert (d.kind, d.player, d.source) == (Decision.TARGET, 0, gift)
    assert stack_objects(game) == [gift]
    assert sorted(game.target_choices()) == [Game.player_target(0), Game.player_target(1)]
    game.apply(act(ActionKind.TARGET, Game.player_target(1)))
    assert game.stack()[0]["target0"] == Game.player_target(1)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0
    game.pass_priority()
    game.pass_priority()                                  # P0 and P1: all players passed
    assert game.stack() == []
    assert not any("doesn't resolve" in line for line in game.log)
    h = game.state.header()
    assert (h["extra_turns_n"], h["extra_turn0"]) == (1, 1)      # 500.7: P1's extra turn
    consistent(game)


def test_800_4a_the_caster_leaves_while_choosing_targets_above_another_spell(new_game):
    """The player choosing targets concedes: their spell leaves with them, the spell below
    stays, and priority passes to the next player in turn order (800.4a)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    low = spell_on_stack(game, 2)
    gift = game.create_card("Gift Turn", 0)
    game.apply(act(ActionKind.CAST, gift))
    game.concede(0)
    consistent(game)
    assert stack_objects(game) == [low]
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert game.state.zone_kind_of(gift) == Zone.NONE


@pytest.mark.parametrize("others_creature", [True, False], ids=["target-left", "no-target-left"])
def test_603_3d_trigger_target_choice_survives_a_concession_below_it(new_game, others_creature):
    """P0's enters trigger is being put on the stack above P2's spell; P2 concedes.  If a
    legal target is left, P0 still chooses it and the trigger resolves; if P2's creature
    was the only one, the trigger is removed from the stack (603.3d) and P0 receives
    priority."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Grizzly Bears", 2, Zone.BATTLEFIELD)
    lions = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD) if others_creature else None
    low = spell_on_stack(game, 2)
    totem = game.create_card("Zap Totem", 0)
    game.cast(totem)
    for _ in range(3):
        game.pass_priority()                              # the totem resolves; it triggers
    d = game.decision
    assert (d.kind, d.player, d.source) == (Decision.TARGET, 0, totem)
    assert stack_objects(game) == [low, totem]
    game.concede(2)
    consistent(game)
    if others_creature:
        d = game.decision
        assert (d.kind, d.player, d.source) == (Decision.TARGET, 0, totem)
        assert game.target_choices() == [lions]
        game.apply(act(ActionKind.TARGET, lions))
        game.pass_priority()
        game.pass_priority()
        assert lions in game.graveyard(1)
    else:
        assert game.stack() == []
        assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0
    consistent(game)


def test_601_2c_a_spell_whose_only_target_left_is_taken_back_above_a_departed_spell(new_game):
    """P0 is casting Free Kill; the only creature belongs to P2, whose spell is lower on the
    stack; P2 concedes.  No legal target is left, so the casting is taken back (601.2c):
    Free Kill returns to P0's hand and P0 holds priority again."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Grizzly Bears", 2, Zone.BATTLEFIELD)
    spell_on_stack(game, 2)
    kill = game.create_card("Free Kill", 0)
    game.apply(act(ActionKind.CAST, kill))
    game.concede(2)
    consistent(game)
    assert game.stack() == [] and kill in game.hand(0)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0


# --- 117.4: passes in succession -------------------------------------------------------------------

def test_117_4_a_player_who_passed_and_left_no_longer_counts_among_the_passes(new_game):
    """Four players: P0 and P1 pass with a spell on the stack, then P1 concedes while P2
    holds priority.  When P2 passes, P3 has not passed yet, so the spell must not resolve:
    P3 receives priority."""
    game = new_game(players=4)
    game.pass_to(Step.MAIN, 0)
    spell = game.create_card("Quick Thought", 0)
    game.cast(spell)
    game.pass_priority()
    game.pass_priority()
    assert game.priority_player == 2
    game.concede(1)
    assert game.priority_player == 2
    game.pass_priority()
    assert stack_objects(game) == [spell]
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 3
    game.pass_priority()                                  # P0, P2 and P3 have all passed
    assert game.stack() == [] and game.life(0) == 21
    consistent(game)


def test_800_4a_the_priority_holder_leaves_priority_passes_to_the_next_player(new_game):
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    spell = game.create_card("Quick Thought", 0)
    game.cast(spell)
    game.pass_priority()
    assert game.priority_player == 1
    game.concede(1)
    consistent(game)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 2
    game.pass_priority()                                  # P0 and P2 have passed
    assert game.stack() == [] and game.life(0) == 21


# --- 603.3b: ordering triggers ------------------------------------------------------------------

def _bells_ordering(new_game):
    """P1's upkeep of a three-player game: P2 controls two Bells of Decay and orders their
    triggers; P0 controls one, whose trigger waits (APNAP: P1, P2, P0)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Bell of Decay", 2, Zone.BATTLEFIELD)
    game.create_card("Bell of Decay", 2, Zone.BATTLEFIELD)
    game.create_card("Bell of Decay", 0, Zone.BATTLEFIELD)
    pass_until_decision(game, Decision.ORDER_TRIGGERS)
    assert (game.decision.player, game.active_player, game.step) == (2, 1, Step.UPKEEP)
    return game


def test_603_3b_the_player_ordering_triggers_leaves_the_active_player_gets_priority(new_game):
    """P2 concedes while ordering their triggers: the triggers cease to exist with them;
    the remaining trigger (P0's) goes on the stack and the active player, P1, receives
    priority -- not the player after P2."""
    game = _bells_ordering(new_game)
    game.concede(2)
    consistent(game)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert len(game.stack()) == 1 and game.stack()[0]["controller"] == 0


def test_603_3b_another_player_leaves_while_triggers_are_ordered(new_game):
    """P0 concedes while P2 orders: P0's pending trigger ceases to exist; P2 still orders
    their two triggers."""
    game = _bells_ordering(new_game)
    game.concede(0)
    consistent(game)
    d = game.decision
    assert (d.kind, d.player) == (Decision.ORDER_TRIGGERS, 2)
    assert len(game.legal_actions()) == 2
    game.apply(game.legal_actions()[1])
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert [i["controller"] for i in game.stack()] == [2, 2]


# --- 704.5j: the legend rule --------------------------------------------------------------------

def test_704_5j_legend_rule_is_asked_again_after_a_legend_left_with_its_owner(new_game):
    """P1 controls two Isamarus, one owned by P0, and must choose; P0 concedes and the one
    P0 owns leaves the game (800.4a).  One Isamaru is left: the legend rule no longer
    applies and P1 simply receives priority."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    borrowed = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD, controller=1)
    own = game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.pass_priority()
    assert (game.decision.kind, game.decision.player) == (Decision.LEGEND_RULE, 1)
    game.concede(0)
    consistent(game)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert own in game.battlefield(1) and game.state.zone_kind_of(borrowed) == Zone.NONE


def test_514_3a_legend_rule_chooser_leaves_during_cleanup_no_priority_is_given(new_game):
    """The legend rule comes up in the cleanup step (514.3a) and the player who must choose
    concedes.  A concession is not a state-based action: the cleanup step ends without
    anyone receiving priority, and the next player in turn order takes the next turn."""
    game = new_game(players=3)
    game.pass_to(Step.END, 0)
    game.pass_priority()
    game.pass_priority()
    assert game.priority_player == 2
    game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.pass_priority()                                  # the end step ends; cleanup
    if game.decision.kind == Decision.DISCARD:            # 514.1 comes first
        game.apply(game.legal_actions()[0])
    assert (game.step, game.decision.kind, game.decision.player) == \
        (Step.CLEANUP, Decision.LEGEND_RULE, 1)
    game.concede(1)
    consistent(game)
    assert (game.turn, game.active_player, game.step) == (2, 2, Step.UPKEEP)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 2


# --- the same concessions at every kind of decision -------------------------------------------------

def _at_target(new_game):
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    spell_on_stack(game, 2)
    game.apply(act(ActionKind.CAST, game.create_card("Gift Turn", 0)))
    return game


def _at_priority(new_game):
    """P0 holds priority with P2's spell and P0's Gift Turn (targeting P1) on the stack."""
    game = _at_target(new_game)
    game.apply(act(ActionKind.TARGET, Game.player_target(1)))
    return game


def _at_trigger_target(new_game):
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 2, Zone.BATTLEFIELD)
    spell_on_stack(game, 2)
    game.cast(game.create_card("Zap Totem", 0))
    for _ in range(3):
        game.pass_priority()
    return game


def _at_legend_rule(new_game):
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    game.pass_priority()
    return game


def _at_discard(new_game):
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    for _ in range(2):
        game.create_card("Forest", 0, Zone.HAND)
    pass_until_decision(game, Decision.DISCARD)
    return game


def _at_mulligan(new_game):
    return new_game(players=3, mulligans=True)


def _at_bottom(new_game):
    """103.5c: the first mulligan of a multiplayer game is free, so P0 takes two."""
    game = new_game(players=3, mulligans=True)
    mull, keep = act(ActionKind.MULLIGAN), act(ActionKind.KEEP)
    for choice in (mull, keep, keep, mull, keep):
        assert game.decision.kind == Decision.MULLIGAN
        game.apply(choice)
    return game


SCENARIOS = {
    "priority": (_at_priority, Decision.PRIORITY),
    "target": (_at_target, Decision.TARGET),
    "trigger-target": (_at_trigger_target, Decision.TARGET),
    "order-triggers": (_bells_ordering, Decision.ORDER_TRIGGERS),
    "legend-rule": (_at_legend_rule, Decision.LEGEND_RULE),
    "discard": (_at_discard, Decision.DISCARD),
    "mulligan": (_at_mulligan, Decision.MULLIGAN),
    "bottom": (_at_bottom, Decision.BOTTOM),
}


@pytest.mark.parametrize("who", ["decider", "other", "both"])
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_104_3a_800_4a_concession_at_every_kind_of_decision(new_game, scenario, who):
    """Whoever concedes, whatever is being decided: the state stays valid, the pending
    decision belongs to a player still in the game, every legal action applies, and the
    game plays on to its end by the rules."""
    make, kind = SCENARIOS[scenario]
    game = make(new_game)
    d = game.decision
    assert d.kind == kind
    others = [p for p in range(game.n_players) if p != d.player]
    leaving = {"decider": [d.player], "other": others[-1:], "both": [others[-1], d.player]}[who]
    for p in leaving:
        game.concede(p)
        consistent(game)
        assert not game.in_game(p)
    if who == "other":
        assert game.decision.player == d.player
    result = game.play_random(seed=5)
    assert result.kind == Result.WIN and result.winner not in leaving
    consistent(game)


# --- 800.4a: a turn whose active player left ---------------------------------------------------------

def test_800_4a_an_active_player_who_left_chooses_no_defending_player(new_game):
    """Three players, each attacker's controller choosing the defending player (506.2a,
    507.1).  The active player concedes in their main phase: the turn goes on without them,
    and at the beginning of combat nobody is asked to choose a defending player for them
    (the departed player was asked, and that state didn't load)."""
    game = new_game(players=3, attack_option="chosen")
    game.pass_to(Step.MAIN, 0)
    game.concede(0)
    consistent(game)
    while game.turn == 1:
        assert game.decision.kind != Decision.CHOOSE_DEFENDER
        assert game.in_game(game.decision.player)
        game.pass_priority()
        consistent(game)
    assert game.active_player == 1



def test_800_4a_a_player_choosing_what_to_sacrifice_leaves_the_next_one_chooses(new_game):
    """Innocent Blood ("Each player sacrifices a creature", 701.21a) in a three-player game:
    each player chooses in APNAP order.  P1 concedes while choosing: their choice goes with
    them, P2 chooses next, and the spell finishes resolving (the game used to give priority
    with the spell still waiting for P1's choice, a state that didn't load)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    creatures = {p: [game.create_card("Grizzly Bears", p, Zone.BATTLEFIELD) for _ in range(2)]
                 for p in range(3)}
    game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Innocent Blood", 0))
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    assert (game.decision.kind, game.decision.player) == (Decision.SACRIFICE_CHOICE, 0)
    game.apply(game.legal_actions()[0])
    assert (game.decision.kind, game.decision.player) == (Decision.SACRIFICE_CHOICE, 1)
    game.concede(1)
    consistent(game)
    assert (game.decision.kind, game.decision.player) == (Decision.SACRIFICE_CHOICE, 2)
    game.apply(game.legal_actions()[0])
    consistent(game)
    assert game.stack() == [] and game.decision.kind == Decision.PRIORITY
    assert [len([o for o in creatures[p] if o in game.battlefield(p)]) for p in (0, 2)] == [1, 1]

# --- 104.3a: a concession that ends the game in the middle of a decision ----------------------------
#
# Whatever is pending when the last opponent leaves -- a spell or ability half put on the
# stack, a declaration or a damage assignment in progress, a resolving object's choice --
# the finished game keeps no half-made choice: its save loads.


# A deck (on every colour) of cards that ask every kind of decision, when played at
# random: targets of one and two slots, "you may", looking at and ordering library cards,
# searches, discards, sacrifices, costs, ward, crew, modes, planeswalkers to attack, a
# creature put onto the battlefield attacking from a hand, kicker, counterspells with
# "unless".
DECISION_DECK = "\n".join(f"{n} {name}" for n, name in [
    (4, "Forest"), (4, "Island"), (4, "Swamp"), (4, "Plains"), (4, "Mountain"),
    (2, "Evolving Wilds"), (2, "Llanowar Elves"), (2, "Grizzly Bears"), (2, "Elite Vanguard"),
    (2, "Preeminent Captain"), (2, "Giant Spider"), (2, "Isamaru, Hound of Konda"),
    (2, "Immersturm Raider"), (2, "Augur of Bolas"), (2, "Anticipate"), (2, "Sea Gate Oracle"),
    (2, "Demonic Tutor"), (2, "Mind Rot"), (2, "Nantuko Husk"), (4, "Rimeshield Frost Giant"),
    (4, "Shock"), (2, "Burst Lightning"), (2, "Gatekeeper of Malakir"), (2, "Mana Leak"),
    (2, "Jace Beleren"), (2, "Garruk Wildspeaker"),
    (2, "Renegade Freighter"), (2, "Aven Surveyor"), (2, "Innocent Blood"), (2, "Bell of Decay"),
])


def _concede_to_the_end(game: Game, decider_first: bool, rng) -> None:
    """Players concede one at a time (the decider first, or last) until the game is over;
    after each concession the state loads again as it is (800.4a, 104.3a)."""
    order = [p for p in range(game.n_players) if game.in_game(p)]
    rng.shuffle(order)
    decider = game.decision.player
    order.remove(decider)
    order.insert(0 if decider_first else len(order), decider)
    for p in order:
        if game.is_over:
            break
        game.concede(p)
        assert Game.load(game.save(), cards=game.cards) == game
    assert game.is_over



@pytest.mark.parametrize("who", [0, 1], ids=["decider", "other"])
def test_104_3a_the_game_ends_while_combat_damage_is_being_assigned(new_game, who):
    """Craw Wurm is blocked by two Grizzly Bears (510.1c): P0 has assigned 1 point of its
    damage when a concession ends the game.  The damage assigned but not dealt doesn't stay
    in the finished game, whose save loads."""
    game = new_game(edition="current")
    wurm = game.create_card("Craw Wurm", 0, Zone.BATTLEFIELD)
    bears = [game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD) for _ in range(2)]
    pass_until_decision(game, Decision.DECLARE_ATTACKERS)
    game.declare_attackers({wurm: Game.player_target(1)})
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    game.declare_blockers({b: wurm for b in bears})
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    assert game.decision.kind == Decision.ASSIGN_DAMAGE
    game.apply(act(ActionKind.ASSIGN_POINT, bears[0], wurm))
    assert game.decision.kind == Decision.ASSIGN_DAMAGE
    game.concede(who)
    consistent(game)
    assert game.is_over and game.result.winner == 1 - who
    assert all(game.state.sections()["objects"]["damage"][b] == 0 for b in bears)


@pytest.mark.parametrize("who", [0, 1], ids=["decider", "other"])
def test_104_3a_the_game_ends_between_the_two_targets_of_an_ability(new_game, who):
    """P0 activates Garruk Wildspeaker's "Untap two target lands" and has chosen the first
    target when a concession ends the game: the half-activated ability doesn't stay on the
    stack of the finished game (602.2; it is taken back), whose save loads."""
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    garruk = game.create_card("Garruk Wildspeaker", 0, Zone.BATTLEFIELD)
    forests = [game.create_card("Forest", 0, Zone.BATTLEFIELD) for _ in range(2)]
    game.apply(act(ActionKind.ACTIVATE, garruk, 0))
    game.apply(act(ActionKind.TARGET, forests[0]))
    assert (game.decision.kind, game.decision.slot) == (Decision.TARGET, 1)
    game.concede(who)
    consistent(game)
    assert game.is_over and game.stack() == []



def _at_ward_pay(cards, edition, players):
    """702.21a: P0's Shock targets P1's Rimeshield Frost Giant (ward {3}); P0 can pay."""
    game = Game([Deck.parse("60 Mountain")] * players, seed=3, cards=cards, edition=edition,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    giant = game.create_card("Rimeshield Frost Giant", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Shock", 0), giant)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    return game


def _at_attack_what(cards, edition, players):
    """508.4: Preeminent Captain attacks and puts Elite Vanguard onto the battlefield
    attacking; P1 controls a planeswalker, so P0 chooses what it attacks."""
    game = Game([Deck.parse("60 Plains")] * players, seed=3, cards=cards, edition=edition,
                mulligans=False, starting_player=0)
    captain = game.create_card("Preeminent Captain", 0, Zone.BATTLEFIELD)
    game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    vanguard = game.create_card("Elite Vanguard", 0, Zone.HAND)
    pass_until_decision(game, Decision.DECLARE_ATTACKERS)
    game.declare_attackers({captain: Game.player_target(1)})
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    game.apply(act(ActionKind.CHOOSE_CARD, vanguard))
    return game


def _at_as_enters(cards, edition, players):
    """614.12: P0 plays a shock land and chooses whether to pay 2 life as it enters."""
    game = Game([Deck.parse("60 Plains")] * players, seed=3, cards=cards, edition=edition,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    game.play_land(game.create_card("Godless Shrine", 0))
    return game


def _at_choose_revealed(cards, edition, players):
    """701.20: P0's Thoughtseize reveals P1's hand; P0 chooses the card P1 discards."""
    game = Game([Deck.parse("60 Swamp")] + [Deck.parse("30 Grizzly Bears\n30 Forest")] * (players - 1),
                seed=3, cards=cards, edition=edition, mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 1, Zone.HAND)
    game.cast(game.create_card("Thoughtseize", 0), Game.player_target(1))
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    return game


def _at_block_which(cards, edition, players):
    """509.6: P1's Balduvian Warlord removes P1's Giant Spider from combat (it blocked one of
    P0's two Bears); P1 chooses which attacker it blocks now."""
    game = Game([Deck.parse("60 Mountain")] * players, seed=3, cards=cards, edition=edition,
                mulligans=False, starting_player=0)
    a = [game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2)]
    warlord = game.create_card("Balduvian Warlord", 1, Zone.BATTLEFIELD)
    spider = game.create_card("Giant Spider", 1, Zone.BATTLEFIELD)
    pass_until_decision(game, Decision.DECLARE_ATTACKERS)
    game.declare_attackers({x: Game.player_target(1) for x in a})
    game.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    game.declare_blockers({spider: a[0]})
    game.pass_until(lambda g: g.decision.kind == Decision.PRIORITY and g.decision.player == 1
                    and g.step == Step.DECLARE_BLOCKERS)
    game.activate(warlord, 0, spider)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    return game


def _at_hand_to_top(cards, edition, players):
    """401.4: P0's Brainstorm has drawn three; P0 chooses the first card put back."""
    game = Game([Deck.parse("60 Island")] * players, seed=3, cards=cards, edition=edition,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Brainstorm", 0))
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    return game


# Decisions random play of the deck reaches too seldom for a test: set up directly.
SET_UP_DECISIONS = {Decision.WARD_PAY: _at_ward_pay, Decision.ATTACK_WHAT: _at_attack_what,
                    Decision.AS_ENTERS: _at_as_enters, Decision.CHOOSE_REVEALED: _at_choose_revealed,
                    Decision.BLOCK_WHICH: _at_block_which, Decision.HAND_TO_TOP: _at_hand_to_top}

@pytest.mark.parametrize("edition", ["seed", "current", "classic"])
def test_104_3a_800_4a_a_concession_ending_the_game_at_every_kind_of_decision(cards, edition):
    """Random games (2 to 4 players) of a deck that asks every kind of decision (and set-ups
    of the two it seldom reaches); at each kind (a few times each), a copy of the game has
    its players concede until it is over, the decider first or last: every state on the
    way, the finished game included, loads."""
    rng = random.Random(20261201)
    wanted = {d for d in Decision if d != Decision.NONE}
    if edition != "seed":      # only the seed edition has damage assignment order (509.2)
        wanted.discard(Decision.DAMAGE_ORDER)
    tested: dict[Decision, int] = {}
    deck = Deck.parse(DECISION_DECK)
    for g in range(90):
        if all(tested.get(k, 0) >= 2 for k in wanted):
            break
        n = 2 + g % 3
        game = Game([deck] * n, seed=rng.getrandbits(32), cards=cards, edition=edition,
                    mulligans=g % 2 == 0, log=False,
                    attack_option=("all", "chosen", "left")[g % 3] if n > 2 else "all")
        st = game.state
        for _ in range(1500):
            if game.is_over:
                break
            kind = game.decision.kind
            if tested.get(kind, 0) < 2 or (kind != Decision.PRIORITY and rng.random() < 0.05):
                for decider_first in (True, False):
                    _concede_to_the_end(game.clone(), decider_first, rng)
                tested[kind] = tested.get(kind, 0) + 1
            assert st.apply(st.random_action(rng.getrandbits(32), rng.random() < 0.2)) == 0
    for kind, make in SET_UP_DECISIONS.items():
        for players in (2, 3):
            game = make(cards, edition, players)
            assert game.decision.kind == kind
            for decider_first in (True, False):
                _concede_to_the_end(game.clone(), decider_first, rng)
            tested[kind] = tested.get(kind, 0) + 1
    assert set(tested) == wanted, sorted(k.name for k in wanted - set(tested))
