"""Fixtures shared by the test files.

Tests get these as fixture arguments, never by importing this file: the suite also runs
against an installed wheel with ``--import-mode=importlib`` (cibuildwheel), where
``tests`` is not importable.

Driving a game by hand is done with :class:`Game`'s own conveniences (``pass_priority``,
``pass_to``, ``pass_until``, ``cast``, ``play_land``, ``activate``, ``tap_for_mana``,
``target_choices``, ``player_target``).  What is here is only what several test files
need beyond them:

* ``new_game``: a game of 60-Forest decks (unless told otherwise) on ``cards``: the bundled
  cards, the test cards below that several files use, and the test module's own
  ``TEST_CARDS``; its seed is the module's ``SEED`` unless given;
* ``lands``, ``pass_both``, ``can_cast``, ``mana_action``, ``steps_of_turn``,
  ``turn_order``: small helpers;
* ``recording_game``: a :class:`Game` subclass that keeps the core's raw event rows.
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Action, ActionKind, Card, Deck, Game, Phase, Step, Zone
from mtg_core.cards import ExtraTurn, GainLife, LoseLife, SpellAbility, TriggeredAbility
from mtg_core.enums import PHASE_NAMES, STEP_NAMES

# --- test cards used by more than one file ------------------------------------------------

SHARED_TEST_CARDS = [
    Card("Hexproof Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2,
         keywords=("hexproof",)),
    Card("Shroud Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2,
         keywords=("shroud",)),
    Card("Test Walker", "{2}{W}", ("Planeswalker",), loyalty=3),
    # "At the beginning of each upkeep, you lose 1 life." (controller = you)
    Card("Bell of Decay", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", LoseLife("you", 1), whose="each"),)),
    Card("Quick Thought", "", ("Instant",), abilities=(SpellAbility(GainLife("you", 1)),)),
    Card("Gift Turn", "", ("Instant",),
         abilities=(SpellAbility(ExtraTurn("target"), targets=("player",)),)),
]

DEFAULT_SEED = 1


@pytest.fixture(scope="module")
def cards(request):
    """The bundled cards, the shared test cards and the module's ``TEST_CARDS``."""
    own = getattr(request.module, "TEST_CARDS", [])
    return DEFAULT_CARDS.extended(SHARED_TEST_CARDS + list(own))


@pytest.fixture(scope="module")
def new_game(request, cards):
    """``new_game(*decks, players=2, seed=SEED, starting_player=0, mulligans=False, **kw)``:
    a new game on ``cards``.  ``decks`` are deck texts or :class:`Deck` objects; seats
    without one (up to ``players``) get 60 Forests."""
    module_seed = getattr(request.module, "SEED", DEFAULT_SEED)

    def make(*decks, players: int = 2, seed: int | None = None, starting_player: int | None = 0,
             mulligans: bool = False, **kw) -> Game:
        seats = [Deck.parse(d) if isinstance(d, str) else d for d in decks]
        seats += [Deck.parse("60 Forest")] * (players - len(seats))
        return Game(seats, seed=module_seed if seed is None else seed, cards=cards,
                    starting_player=starting_player, mulligans=mulligans, **kw)
    return make


# --- small helpers -------------------------------------------------------------------------

@pytest.fixture(scope="session")
def lands():
    """``lands(game, player, *names)``: put those lands onto the battlefield; their ids."""
    def put(game: Game, player: int, *names: str) -> list[int]:
        return [game.create_card(n, player, Zone.BATTLEFIELD) for n in names]
    return put


@pytest.fixture(scope="session")
def pass_both():
    """``pass_both(game)``: both players of a two-player game pass in succession (117.3d)."""
    def pass_both(game: Game) -> None:
        game.pass_priority()
        game.pass_priority()
    return pass_both


@pytest.fixture(scope="session")
def can_cast():
    """``can_cast(game, o)``: is casting ``o`` one of the legal actions?"""
    def can_cast(game: Game, o: int) -> bool:
        return Action.make(ActionKind.CAST, o) in game.legal_actions()
    return can_cast


@pytest.fixture(scope="session")
def mana_action():
    """``mana_action(o, colour, ability=0)``: the action of tapping ``o`` for ``colour``
    (what :meth:`Game.tap_for_mana` applies), to look for or to try."""
    def mana_action(o: int, colour: str, ability: int = 0) -> Action:
        return Action.make(ActionKind.ACTIVATE_MANA, o, ability | ("WUBRGC".index(colour) << 6))
    return mana_action


_STEP_LINES = {f"-- {STEP_NAMES[s]} ({PHASE_NAMES[p]})": (s, p) for s in Step for p in Phase}


@pytest.fixture(scope="session")
def steps_of_turn():
    """``steps_of_turn(game, turn)``: every step (and main phase) that began in turn
    ``turn``, read from the game log -- including the untap and cleanup steps, in which
    nobody gets priority."""
    def steps_of_turn(game: Game, turn: int) -> list[tuple[Step, Phase]]:
        log = game.log
        start = log.index(next(line for line in log if line.startswith(f"=== Turn {turn}:")))
        out = []
        for line in log[start + 1:]:
            if line.startswith("=== Turn"):
                break
            if line in _STEP_LINES:
                out.append(_STEP_LINES[line])
        return out
    return steps_of_turn


@pytest.fixture(scope="session")
def turn_order():
    """``turn_order(game, last_turn)``: pass priority (discarding the first cards at cleanup)
    until turn ``last_turn`` has been played or the game is over; returns (turn number,
    active player) of every turn seen."""
    def turn_order(game: Game, last_turn: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []

        def note(g: Game) -> bool:
            if g.turn > last_turn or g.is_over:
                return True
            if not out or out[-1][0] != g.turn:
                out.append((g.turn, g.active_player))
            return False
        game.pass_until(note)
        return out
    return turn_order


class RecordingGame(Game):
    """A Game that keeps the raw event rows (code, a, b, c) the core logs, in ``events``,
    instead of only the formatted lines: tests compare them with the state."""

    def _drain_log(self) -> None:
        if not hasattr(self, "events"):
            self.events = []
        if self.state.logging:
            self.events.extend(tuple(r) for r in self.state.take_log().tolist())

    # Game reads the core's log lazily; record the raw rows after every change instead.
    def apply(self, action):
        super().apply(action)
        self._drain_log()

    def concede(self, player):
        super().concede(player)
        self._drain_log()


@pytest.fixture(scope="session")
def recording_game():
    """The :class:`RecordingGame` class: call it as :class:`Game`."""
    return RecordingGame
