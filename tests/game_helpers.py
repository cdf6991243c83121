"""Small game set-ups shared by the rules tests: lands on the battlefield, passing until the
stack is empty, and a library search (701.23), its answers and taking a card from it."""
from __future__ import annotations

from mtg_core.enums import ActionKind, Decision, Zone


def lands(game, p, name, n):
    """``n`` copies of land ``name`` onto ``p``'s battlefield (a scenario move, not a play)."""
    return [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    """Pass priority until the stack is empty (or another decision comes, or the game ends)."""
    while game.stack() and not game.is_over and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def to_search(game):
    """Pass priority until a library search (D_SEARCH_LIBRARY) is asked; at most 20 passes."""
    for _ in range(20):
        if game.decision.kind == Decision.SEARCH_LIBRARY:
            return
        game.pass_priority()
    raise AssertionError("no search came up")


def offered(game):
    """A pending search's answers: (names of the cards one may take, the other answer kinds)."""
    acts = game.legal_actions()
    return ({game.card_of(a.a).name for a in acts if a.kind == ActionKind.SEARCH_TAKE},
            {a.kind for a in acts if a.kind != ActionKind.SEARCH_TAKE})


def take(game, name):
    """Answer a pending library search by taking the card named ``name`` (SEARCH_TAKE);
    the object taken."""
    for a in game.legal_actions():
        if a.kind == ActionKind.SEARCH_TAKE and game.card_of(a.a).name == name:
            game.apply(a)
            return a.a
    raise AssertionError(f"{name} is not offered")
