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


class IllegalDeclarationError(IllegalActionError):
    """A declaration of attackers or blockers the rules forbid (508.1c-d, 509.1b-c), with
    what broke it as fields (the message says the same in words):

    ``reason``: ``"not_allowed"`` (a creature can't attack / block that, 508.1a-c /
    509.1a-b), ``"too_many"`` (it picked more than it may, 508.1b / 509.1a),
    ``"option_max"`` / ``"option_min"`` (an attacker blocked by more creatures than it
    allows, or by fewer than menace needs, 509.1b), ``"cap"`` ("no more than N
    creatures can attack / block"), ``"alone"`` (506.5), ``"cost"`` (the costs can't be
    paid, 508.1g-i / 509.1d-f), ``"band"`` (702.21c-d), ``"requirements"`` (fewer
    requirements obeyed than the maximum, 508.1d / 509.1c), or ``"no_legal_declaration"``
    (one pair at a time: no legal declaration contains this pair with those chosen
    before it).
    ``chooser``: the creature that broke it; ``option``: what it attacks (a player as
    ``Game.player_target``, or a planeswalker) or the attacker it blocks; ``cap``: the
    broken "no more than N" restriction.  From a :class:`Game` these are object ids
    and target codes; from a ``combat_search.DeclarationProblem`` indices of its
    choosers, options and caps.  None where they don't apply.
    ``requirements_obeyed`` and ``requirements_max``: the requirements the declaration
    obeys and the most a declaration breaking no restriction could (508.1d / 509.1c);
    None where the check did not get that far (a restriction is checked first, and the
    maximum is computed only when the restrictions hold).  ``count`` and ``maximum`` are
    their older names.
    """

    def __init__(self, message: str, rule: str | None, reason: str, *, chooser: int | None = None,
                 option: int | None = None, cap: int | None = None,
                 count: int | None = None, maximum: int | None = None, code: int = 0):
        super().__init__(message, rule, code)
        self.reason = reason
        self.chooser = chooser
        self.option = option
        self.cap = cap
        self.requirements_obeyed = count
        self.requirements_max = maximum

    @property
    def count(self) -> int | None:
        return self.requirements_obeyed

    @property
    def maximum(self) -> int | None:
        return self.requirements_max


class PassUntilError(MtgError):
    """``Game.pass_until`` / ``Game.pass_to`` stopped before its condition held.

    ``reason``: ``"game_over"`` (the game ended: the condition can no longer come true),
    ``"turn_over"`` (the turn the condition was bounded to ended, so it can no longer
    come true), ``"decision"`` (a decision came up that it does not answer by default:
    answer it and call again) or ``"limit"`` (the decision limit went by).
    ``answered``: the decisions it answered by default before stopping, as
    ``Game.answered_by_default`` lists them.  The game stays where it stopped.
    """

    def __init__(self, message: str, reason: str, answered: list | None = None):
        super().__init__(message)
        self.reason = reason
        self.answered = list(answered or [])


class CardScriptError(MtgError):
    """A card definition that cannot be compiled into the core's tables."""


class DeckError(MtgError):
    """A deck list that is malformed or names unknown cards."""


class UnplayableDeckError(DeckError):
    """Decks that name cards the game can't play: unknown names, and cards the importer
    refused.  One error for every such card of every deck, raised before any game starts.

    ``problems``: for each deck with a problem, by deck name, a list of (the name as the
    deck spells it, the reasons: the importer's refusals of a refused card, one each, or
    what is wrong with an unknown name).  The message has one line per card: the deck,
    where the deck lists it, the name and the reasons."""

    def __init__(self, problems: dict[str, list[tuple[str, tuple[str, ...]]]],
                 lines: list[str], hint: str = ""):
        self.problems = problems
        cards = sum(len(v) for v in problems.values())
        head = (f"{cards} card(s) of {len(problems)} deck(s) can't be played"
                + (f" ({hint})" if hint else "") + ":")
        super().__init__("\n".join([head, *("  " + line for line in lines)]))


class StateFormatError(MtgError):
    """A saved state that is corrupt, truncated, or from another card database."""


class CapacityError(MtgError):
    """A game that would not fit the core's fixed-size tables."""
