"""Small game set-ups shared by the rules tests: lands on the battlefield, and passing
until the stack is empty."""
from __future__ import annotations

from mtg_core.enums import Decision, Zone


def lands(game, p, name, n):
    """``n`` copies of land ``name`` onto ``p``'s battlefield (a scenario move, not a play)."""
    return [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    """Pass priority until the stack is empty (or another decision comes, or the game ends)."""
    while game.stack() and not game.is_over and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()
