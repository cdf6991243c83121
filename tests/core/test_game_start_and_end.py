"""Starting and ending the game: 103 (starting player, London mulligan, first draw),
104 (conceding, winning, draws, turn limits), 704.5b (drawing from an empty library),
800.4a (a player leaving a multiplayer game) and multiplayer turn order (101.4 / 500.1).
"""
from __future__ import annotations

import pytest

from mtg_core import (Action, ActionKind, Card, Deck, Decision, Game, IllegalActionError,
                      Phase, Result, Step, Zone, play_random_games)
from mtg_core.cards import Draw, SpellAbility
from mtg_core.enums import TGT_PLAYER

# Quick Thought (an instant: you gain 1 life) and Gift Turn (target player takes an extra
# turn) are shared test cards (tests/conftest.py).
TEST_CARDS = [
    Card("Mass Draw", "", ("Instant",), abilities=(SpellAbility(Draw("each player", 1)),)),
]
FORESTS = Deck.parse("60 Forest")
MIXED = Deck.parse("30 Forest\n30 Grizzly Bears")
SEVEN = Deck.parse("7 Forest")          # the library is empty once the hand is drawn
KEEP, MULLIGAN = Action.make(ActionKind.KEEP), Action.make(ActionKind.MULLIGAN)


# --- helpers -------------------------------------------------------------------------------

@pytest.fixture
def turn_order(turn_order):
    """Here ``turn_order(game, last_turn)`` gives only the active player of each turn (and
    checks that the turns were numbered one after another)."""
    def active_players(game: Game, last_turn: int) -> list[int]:
        out = turn_order(game, last_turn)
        assert [t for t, _ in out] == list(range(out[0][0], out[0][0] + len(out)))
        return [p for _, p in out]
    return active_players


def zone_kind(game: Game, o: int) -> Zone:
    return Zone(game.state.zone_kind_of(o))


# --- 103.1 ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1, 2])
def test_103_1_a_named_starting_player_takes_the_first_turn(new_game, seat):
    """103.1: the starting player takes turn 1."""
    game = new_game(players=3, starting_player=seat)
    assert (game.turn, game.active_player, game.priority_player) == (1, seat, seat)


def test_103_1_random_starting_player_is_decided_by_the_seed(new_game):
    """103.1: without a named starting player one is chosen at random -- the game's seed
    decides (same seed, same player) and every seat can be chosen."""
    firsts2 = [new_game(seed=s, starting_player=None).active_player for s in range(24)]
    again = [new_game(seed=s, starting_player=None).active_player for s in range(24)]
    assert firsts2 == again
    assert set(firsts2) == {0, 1}
    firsts3 = {new_game(players=3, seed=s, starting_player=None).active_player for s in range(24)}
    assert firsts3 == {0, 1, 2}


# --- 103.5 ----------------------------------------------------------------------------------

def test_103_5_london_mulligan_draw_seven_then_bottom_one_per_mulligan(new_game):
    """103.5: in turn order from the starting player each player keeps or mulligans;
    a mulligan shuffles the hand away and draws a new seven; on keeping, the player puts
    one card per mulligan on the bottom of the library (hand 7 - N)."""
    game = new_game(MIXED, MIXED, seed=5, starting_player=1, mulligans=True)
    assert game.turn == 0
    d = game.decision
    assert (d.kind, d.player) == (Decision.MULLIGAN, 1)           # the starting player first
    assert {a.kind for a in game.legal_actions()} == {ActionKind.KEEP, ActionKind.MULLIGAN}
    game.apply(MULLIGAN)
    assert (game.decision.kind, game.decision.player) == (Decision.MULLIGAN, 0)
    game.apply(KEEP)
    assert len(game.hand(0)) == 7 and len(game.library(0)) == 53
    assert len(game.hand(1)) == 7 and len(game.library(1)) == 53   # a new seven
    assert (game.decision.kind, game.decision.player) == (Decision.MULLIGAN, 1)
    game.apply(MULLIGAN)                                           # second mulligan
    game.apply(KEEP)
    d = game.decision
    assert (d.kind, d.player) == (Decision.BOTTOM, 1)
    hand = game.hand(1)
    assert sorted(a.a for a in game.legal_actions()) == sorted(hand)
    chosen = hand[:2]
    game.apply(Action.make(ActionKind.BOTTOM, chosen[0]))
    assert game.decision.kind == Decision.BOTTOM
    game.apply(Action.make(ActionKind.BOTTOM, chosen[1]))
    assert len(game.hand(1)) == 5 and len(game.library(1)) == 55
    assert set(game.library(1)[:2]) == set(chosen)                # bottom of the library
    assert game.turn == 1 and game.active_player == 1
    assert len(game.hand(0)) == 7                                  # kept without mulligan


def test_103_5_players_who_keep_at_once_are_asked_only_once(new_game):
    """103.5: with mulligans on and both players keeping, the game begins with seven-card
    hands and nothing is put on the bottom."""
    game = new_game(MIXED, MIXED, seed=3, starting_player=0, mulligans=True)
    game.apply(KEEP)
    game.apply(KEEP)
    assert game.turn == 1 and game.decision.kind == Decision.PRIORITY
    assert len(game.hand(0)) == len(game.hand(1)) == 7


def test_103_5c_first_mulligan_is_free_in_multiplayer(new_game):
    """103.5c: in a multiplayer game the first mulligan doesn't count toward the cards put
    on the bottom: after one mulligan the hand stays seven; after two, six."""
    game = new_game(players=3, seed=2, starting_player=0, mulligans=True)
    game.apply(MULLIGAN)                               # P0
    game.apply(MULLIGAN)                               # P1
    game.apply(KEEP)                                   # P2
    game.apply(KEEP)                                   # P0 keeps after one mulligan
    assert game.decision.player == 1 and game.decision.kind == Decision.MULLIGAN
    game.apply(MULLIGAN)                               # P1's second
    game.apply(KEEP)
    assert game.decision.kind == Decision.BOTTOM and game.decision.player == 1
    game.apply(Action.make(ActionKind.BOTTOM, game.hand(1)[0]))
    assert game.turn == 1
    assert [len(game.hand(p)) for p in range(3)] == [7, 6, 7]


def mulligan_until_refused(game: Game, player: int) -> int:
    """Let every other player keep and ``player`` mulligan for as long as that is legal;
    the number of mulligans ``player`` took."""
    taken = 0
    while game.decision.kind == Decision.MULLIGAN:
        d = game.decision
        if d.player != player:
            game.apply(KEEP)
        elif MULLIGAN in game.legal_actions():
            game.apply(MULLIGAN)
            taken += 1
        else:
            assert game.legal_actions() == [KEEP]
            with pytest.raises(IllegalActionError):
                game.apply(MULLIGAN)
            game.apply(KEEP)
    return taken


@pytest.mark.parametrize("players,expected", [(2, 7), (3, 8), (4, 8)])
def test_103_5_and_103_5c_mulligans_continue_until_the_hand_would_be_empty(
        new_game, players, expected):
    """103.5: a player may take mulligans until their opening hand would be zero cards --
    seven in a two-player game.  103.5c: in multiplayer the first mulligan counts neither
    toward the cards put on the bottom nor toward the mulligans a player may take, so one
    more is allowed; the player then bottoms all seven and starts with an empty hand."""
    game = new_game(players=players, starting_player=0, mulligans=True)
    assert mulligan_until_refused(game, 0) == expected
    while game.decision.kind == Decision.BOTTOM:
        game.apply(game.legal_actions()[0])
    assert game.turn == 1
    assert len(game.hand(0)) == 0 and len(game.library(0)) == 60
    assert all(len(game.hand(p)) == 7 for p in range(1, players))


def test_103_5_a_hand_smaller_than_the_mulligans_goes_to_the_bottom_whole(new_game):
    """103.5: one card on the bottom per mulligan; a three-card library deals a three-card
    hand, so after five mulligans the player bottoms those three and the game begins (it
    used to wait for two more cards that weren't there, with no legal answer)."""
    game = new_game(Deck.parse("3 Forest"), starting_player=0, mulligans=True)
    assert mulligan_until_refused(game, 0) == 7
    bottomed = 0
    while game.decision.kind == Decision.BOTTOM:
        assert game.legal_actions(), "a decision without a legal answer"
        game.apply(game.legal_actions()[0])
        bottomed += 1
    assert bottomed == 3 and game.turn == 1 and len(game.hand(0)) == 0
    assert Game.load(game.save(), cards=game.cards) == game


def test_103_5_no_mulligan_decisions_when_disabled(new_game):
    """103.5 is optional here: ``mulligans=False`` starts turn 1 with seven-card hands."""
    game = new_game(mulligans=False)
    assert game.turn == 1 and game.decision.kind == Decision.PRIORITY
    assert len(game.hand(0)) == len(game.hand(1)) == 7


# --- 103.8a ---------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [0, 1])
def test_103_8a_two_player_starting_player_skips_first_draw(new_game, steps_of_turn, first):
    """103.8a: in a two-player game the starting player skips the draw step of their first
    turn; the other player draws in their first turn."""
    game = new_game(starting_player=first)
    other = 1 - first
    game.pass_to(Step.MAIN, turn=1)
    assert len(game.hand(first)) == 7
    steps = steps_of_turn(game, 1)
    assert (Step.UPKEEP, Phase.BEGINNING) in steps and (Step.DRAW, Phase.BEGINNING) not in steps
    game.pass_to(Step.MAIN, turn=2)
    assert game.active_player == other and len(game.hand(other)) == 8
    game.pass_to(Step.MAIN, turn=3)
    assert len(game.hand(first)) == 8                   # second turn: draws (7 after turn 1)


@pytest.mark.parametrize("n", [3, 4])
def test_103_8a_multiplayer_starting_player_draws_on_turn_one(new_game, n):
    """103.8a applies only to two-player games: in a 3- or 4-player game the starting
    player draws in their first draw step."""
    game = new_game(players=n, starting_player=1)
    game.pass_to(Step.DRAW, turn=1)
    assert game.active_player == 1 and len(game.hand(1)) == 8


# --- 104.3a / 800.4a ------------------------------------------------------------------------

@pytest.mark.parametrize("loser", [0, 1])
def test_104_3a_concession_ends_a_two_player_game(new_game, loser):
    """104.3a / 104.2a: a player may concede at any time; the opponent wins."""
    game = new_game()
    game.pass_to(Step.MAIN, turn=1)
    game.concede(loser)
    assert game.is_over and game.result.kind == Result.WIN
    assert game.result.winner == 1 - loser and game.result.finished
    assert game.decision is None and game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.pass_priority()


def test_104_3a_concession_during_mulligans(new_game):
    """104.3a: "at any time" includes the mulligan process."""
    game = new_game(MIXED, MIXED, starting_player=0, mulligans=True)
    assert game.decision.kind == Decision.MULLIGAN
    game.concede(0)
    assert game.result.kind == Result.WIN and game.result.winner == 1


def test_104_3a_multiplayer_game_goes_on_and_the_players_objects_leave(new_game, turn_order):
    """104.3a / 800.4a: in a three-player game the game continues; every object the
    conceding player owns leaves the game (battlefield, hand, library) and that player
    takes no more turns."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    land = game.create_card("Forest", 1, Zone.BATTLEFIELD)
    hand, library = list(game.hand(1)), list(game.library(1))
    game.concede(1)
    assert not game.is_over and game.result.kind == Result.ONGOING
    assert not game.in_game(1) and game.in_game(0) and game.in_game(2)
    assert land not in game.battlefield()
    assert all(zone_kind(game, o) == Zone.NONE for o in [land, *hand, *library])
    assert game.hand(1) == [] and game.library(1) == []
    assert (game.decision.kind, game.decision.player) == (Decision.PRIORITY, 0)
    assert turn_order(game, 5) == [0, 2, 0, 2, 0]


def test_800_4a_spells_of_a_player_who_left_cease_to_exist(new_game):
    """800.4a: a spell on the stack controlled by the player who conceded ceases to
    exist; it never resolves."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    game.pass_priority()
    assert game.priority_player == 1
    spell = game.create_card("Quick Thought", 1, Zone.HAND)
    game.cast(spell)
    assert len(game.stack()) == 1
    game.concede(1)
    assert game.stack() == []
    assert zone_kind(game, spell) == Zone.NONE
    assert game.decision.kind == Decision.PRIORITY and game.priority_player in (0, 2)


def test_104_3a_active_player_concedes_the_turn_goes_on_then_the_next_player(new_game, turn_order):
    """104.3a / 800.4a: when the active player of a three-player game concedes, the turn
    goes on without them (the next player receives priority) and the next turn is the
    next player's."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    game.concede(0)
    assert game.result.kind == Result.ONGOING
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert turn_order(game, 4) == [0, 1, 2, 1]


def test_104_3a_active_player_concedes_while_discarding(new_game):
    """104.3a: conceding in the middle of the cleanup discard (514.1) still moves on to
    the next player's turn."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    game.create_card("Forest", 0, Zone.HAND)
    game.pass_to(Step.END, turn=1)
    for _ in range(3):
        game.pass_priority()
    assert game.decision.kind == Decision.DISCARD and game.decision.player == 0
    game.concede(0)
    assert game.turn == 2 and game.active_player == 1
    assert game.decision.kind == Decision.PRIORITY


def test_104_3a_concession_doesnt_interrupt_another_players_casting(new_game):
    """104.3a / 800.4a: P1 conceding while P0 is choosing the target of a spell must not
    cancel P0's casting: P0 still chooses a target (now only P0 or P2)."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, turn=1)
    gift = game.create_card("Gift Turn", 0, Zone.HAND)
    game.cast(gift)
    assert game.decision.kind == Decision.TARGET and game.decision.player == 0
    game.concede(1)
    d = game.decision
    assert (d.kind, d.player) == (Decision.TARGET, 0)
    assert sorted(a.a for a in game.legal_actions()) == [TGT_PLAYER + 0, TGT_PLAYER + 2]


def test_104_3a_starting_player_who_conceded_before_turn_one_takes_no_turn(new_game):
    """104.3a / 800.4a / 101.4: a player who has left the game takes no turns; if the
    starting player concedes during the mulligans of a three-player game, the first turn
    belongs to a player still in the game (the next in turn order, P1)."""
    game = new_game(players=3, starting_player=0, mulligans=True)
    game.concede(0)
    while game.decision.kind == Decision.MULLIGAN:
        game.apply(KEEP)
    assert game.turn == 1
    assert game.in_game(game.active_player)
    assert game.active_player == 1


# --- turn limit -----------------------------------------------------------------------------

def test_turn_limit_gives_an_unfinished_result_never_a_win(new_game):
    """A caller's turn limit is not a rule of the game (104): reaching it ends the game as
    UNFINISHED -- no winner, not ``finished`` -- even if one player is far ahead."""
    game = new_game(max_turns=2)
    game.set_player(1, life=1)
    game.pass_until(lambda g: g.is_over)
    result = game.result
    assert result.kind == Result.UNFINISHED and result.winner is None
    assert not result.finished and result.turns == 2
    assert game.life(1) == 1 and game.in_game(0) and game.in_game(1)


def test_turn_limit_in_random_playouts(new_game):
    """Random play to a three-turn limit ends UNFINISHED after exactly three turns."""
    game = new_game(max_turns=3)
    result = game.play_random(seed=3)
    assert (result.kind, result.winner, result.turns) == (Result.UNFINISHED, None, 3)
    rows = play_random_games("bears", "bears", 8, seed=1, max_turns=2)
    for kind, winner, turns in rows.tolist():
        assert kind == Result.UNFINISHED and winner == -1 and turns == 2


def test_no_turn_limit_by_default_the_game_ends_by_the_rules(new_game):
    """Without a limit a game only ends by the rules: here by 704.5b after the libraries
    run out (60 Forests cannot win any other way)."""
    game = new_game("10 Forest", "12 Forest")
    result = game.play_random(seed=1)
    assert result.kind == Result.WIN and result.winner == 1


# --- 704.5b ---------------------------------------------------------------------------------

def test_704_5b_empty_library_is_no_loss_until_a_draw_is_attempted(new_game):
    """704.5b: an empty library alone loses nothing; the player who attempted to draw from
    it loses the next time state-based actions are checked (before they get priority in
    their draw step)."""
    game = new_game(FORESTS, SEVEN)
    assert game.library(1) == []
    game.pass_to(Step.END, turn=1)
    assert game.in_game(1) and not game.is_over
    game.pass_until(lambda g: g.is_over)
    assert game.result.kind == Result.WIN and game.result.winner == 0
    assert game.turn == 2 and game.step == Step.DRAW
    assert any("704.5b" in line and "loses" in line for line in game.log)


def test_704_5b_draw_from_empty_library_by_a_spell(new_game):
    """704.5b: "each player draws a card" with only P1's library empty -- P1 loses right
    after the spell resolves (at the next check), P0 doesn't."""
    game = new_game(FORESTS, SEVEN)
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Mass Draw", 0, Zone.HAND))
    game.pass_priority()
    game.pass_priority()
    assert game.result.kind == Result.WIN and game.result.winner == 0
    assert len(game.hand(0)) == 8


def test_704_5b_both_draw_from_empty_libraries_the_game_is_a_draw(new_game):
    """704.5b / 104.4a: both players attempt to draw from empty libraries at once; they
    lose simultaneously, so the game is a draw."""
    game = new_game(SEVEN, SEVEN)
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Mass Draw", 0, Zone.HAND))
    game.pass_priority()
    game.pass_priority()
    assert game.result.kind == Result.DRAW and game.result.winner is None
    assert game.result.finished


def test_704_5b_multiplayer_loser_leaves_and_the_game_goes_on(new_game, turn_order):
    """704.5b / 800.4a: in a three-player game the player who drew from an empty library
    leaves the game; the other two go on and the loser takes no more turns."""
    game = new_game(FORESTS, SEVEN, FORESTS)
    # P1 drew from the empty library in turn 2
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.MAIN)
    assert not game.in_game(1) and game.result.kind == Result.ONGOING
    assert game.active_player == 1            # the turn goes on without an active player
    assert game.priority_player == 2
    assert turn_order(game, 5) == [1, 2, 0, 2]


# --- multiplayer turn order --------------------------------------------------------------------

def test_four_player_turn_order_follows_the_seats_from_the_starting_player(new_game, turn_order):
    """101.4 / 500.1: turns go around the table in seat order starting with the starting
    player: 2, 3, 0, 1, 2, 3."""
    game = new_game(players=4, starting_player=2)
    assert turn_order(game, 6) == [2, 3, 0, 1, 2, 3]


def test_four_player_game_skips_a_player_who_has_lost(new_game, turn_order):
    """104.2a / 800.4a: a player at 0 life loses at the next state-based action check and
    leaves; the remaining three keep their order."""
    game = new_game(players=4)
    game.pass_to(Step.MAIN, turn=1)
    land = game.create_card("Forest", 2, Zone.BATTLEFIELD)
    game.set_player(2, life=0)
    game.pass_priority()                       # P1 would receive priority: SBAs first
    assert not game.in_game(2) and game.result.kind == Result.ONGOING
    assert zone_kind(game, land) == Zone.NONE
    assert turn_order(game, 6) == [0, 1, 3, 0, 1, 3]


def test_four_player_extra_turn_then_normal_order(new_game, turn_order):
    """500.7 in a four-player game: P0 gives P2 an extra turn; after it the normal order
    continues with P1 (the seat after P0)."""
    game = new_game(players=4)
    game.pass_to(Step.MAIN, turn=1)
    game.cast(game.create_card("Gift Turn", 0, Zone.HAND), TGT_PLAYER + 2)
    game.pass_priority()
    for _ in range(3):
        game.pass_priority()
    assert game.stack() == []
    assert turn_order(game, 6) == [0, 2, 1, 2, 3, 0]
