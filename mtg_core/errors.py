"""Exceptions.  Each names what is wrong and, where one applies, the rule."""
from __future__ import annotations


class MtgError(Exception):
    """Base class of everything mtg_core raises on purpose."""


class IllegalActionError(MtgError):
    """An action that is not legal now.  The game state is left exactly as it was
    (rules 508.1 / 509.1 / 717: the game returns to the moment before the action)."""

    def __init__(self, message: str, rule: str | None = None, code: int = 0):
        self.rule = rule
        self.code = code
        super().__init__(f"{message} (rule {rule})" if rule else message)


class CardScriptError(MtgError):
    """A card definition that cannot be compiled into the core's tables."""


class DeckError(MtgError):
    """A deck list that is malformed or names unknown cards."""


class StateFormatError(MtgError):
    """A saved state that is corrupt, truncated, or from another card database."""


class CapacityError(MtgError):
    """A game that would not fit the core's fixed-size tables."""
