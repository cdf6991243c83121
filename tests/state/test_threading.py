"""Threads: one game is used by one thread at a time.  A call that changes a game or
releases the GIL marks it in use; a second thread calling into the same game meanwhile gets
ConcurrentUseError and changes nothing (it used to corrupt the game silently: an object
could end up in two zones).  Different games run in parallel threads freely."""
from __future__ import annotations

import threading

import pytest

from mtg_core import ConcurrentUseError, Deck, Game, MtgError, _engine

# Lands only: no combat, so the game lasts until the libraries run out (704.5b, ~975 turns,
# ~14 ms in the core).  With creatures a random game of this size ended in under half a
# millisecond, too short a window for the race below on a busy machine.
LONG_DECK = Deck.parse("250 Forest")


def long_game(seed: int) -> Game:
    """A game that takes a while to play out in the core (four 250-card decks)."""
    return Game([LONG_DECK] * 4, seed=seed, mulligans=False, log=False)


def race(game: Game, seed: int, intruder):
    """Play ``game`` out in a worker thread (the GIL released); once the worker is inside
    the core (a read-only call from this thread is refused), call ``intruder(game)`` from
    this thread.  Returns what that call raised, or None if the worker finished first."""
    worker = threading.Thread(target=game.play_random, args=(seed,))
    worker.start()
    inside = False
    while worker.is_alive() and not inside:
        try:
            game.legal_actions()             # reads only: harmless before the worker starts
        except ConcurrentUseError:
            inside = True
    raised = None
    if inside:
        try:
            intruder(game)
        except Exception as err:             # noqa: BLE001 -- checked by the caller
            raised = err
        if not isinstance(raised, ConcurrentUseError) and not worker.is_alive():
            raised = None                    # it ended just before the call: try again
    worker.join()
    return raised


@pytest.mark.parametrize("intruder", [
    lambda g: g.apply(0),
    lambda g: g.legal_actions(),
    lambda g: g.clone(),
    lambda g: g.save(),
    lambda g: g.concede(0),
    lambda g: g.play_random(3),
    lambda g: g.log,
    lambda g: g.set_player(0, life=5),
], ids=["apply", "legal_actions", "clone", "save", "concede", "play_random", "log",
        "set_player"])
def test_a_second_thread_gets_a_clear_error_and_changes_nothing(intruder):
    """While one thread plays a game out in the core, a call into it from another thread
    raises ConcurrentUseError; the game ends exactly as the same game played alone."""
    for seed in range(5):                     # the worker may finish before the call
        game = long_game(seed)
        alone = game.clone()
        raised = race(game, seed, intruder)
        if raised is not None:
            break
    else:
        pytest.fail("the other thread never overlapped the worker")
    assert isinstance(raised, ConcurrentUseError), raised
    assert "another thread" in str(raised)
    assert isinstance(raised, _engine.EngineError) and not isinstance(raised, MtgError)
    alone.play_random(seed)
    assert game == alone, "the game was changed by the refused call"
    assert game.is_over and Game.load(game.save()) == game
    game.legal_actions()                       # usable again once the worker is done


def test_different_games_play_in_parallel_threads():
    games = [long_game(seed) for seed in range(3)]
    alone = [g.clone() for g in games]
    threads = [threading.Thread(target=g.play_random, args=(i,)) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, g in enumerate(alone):
        g.play_random(i)
    assert games == alone
