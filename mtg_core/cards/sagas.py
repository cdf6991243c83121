"""Sagas (714): a Saga card's chapter abilities and the checks a Saga card passes.

A chapter ability "N — effects" (714.2a) is a :class:`ChapterAbility`: a triggered ability
that triggers when the lore counters put on its Saga make their number reach N from below
(714.2b); a chapter symbol with several numbers ("I, II — ...") is one ChapterAbility per
number (714.2c), in the card's abilities in ascending order.  The core puts the lore
counters on (714.3a as the Saga enters, 714.3b as its controller's precombat main phase
begins) and sacrifices the Saga once its final chapter's ability has left the stack
(714.4; ``src/rules/sagas.pxi``).

>>> from mtg_core.cards import Card
>>> final_chapter(Card("S", "{W}", types=("Enchantment",), subtypes=("Saga",),
...                    abilities=(ChapterAbility(1, Draw("you", 1)),
...                               ChapterAbility(2, Draw("you", 1)))))
2
>>> Card("S", "{W}", types=("Enchantment",), subtypes=("Saga",),
...      abilities=(ChapterAbility(2, Draw("you", 1)),))
Traceback (most recent call last):
...
mtg_core.errors.CardScriptError: S: a Saga's chapters are numbered 1, 2, ... in ascending order (714.2a), not [2]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..errors import CardScriptError
from .abilities import Ability
from .compile_context import DEFAULT_CONTEXT
from .costs import ManaCost
from .effects import Effect
from .effects.cards_zones import Draw  # noqa: F401  (the doctests)
from .effects.permanents import Pump  # noqa: F401  (the doctests)
from .vocabulary import _C

if TYPE_CHECKING:                        # pragma: no cover
    from .card import Card

_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@dataclass(frozen=True, init=False)
class ChapterAbility(Ability):
    """A Saga's chapter ability (714.2): "``chapter`` — effects", with the targets its
    effects choose as it is put on the stack (603.3d: with none legal, it is removed).

    >>> ChapterAbility(3, Draw("you", 2)).chapter
    3
    >>> ChapterAbility(0, Draw("you", 2))
    Traceback (most recent call last):
    ...
    mtg_core.errors.CardScriptError: chapter 0: a chapter number is a whole number 1..10 (714.2a)
    """
    chapter: int
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    kind = _C["AB_TRIGGERED"]

    def __init__(self, chapter: int, *effects: Effect, targets: Sequence[str] = ()):
        if type(chapter) is not int or not 1 <= chapter <= _C["CHAPTER_MAX"]:
            raise CardScriptError(f"chapter {chapter!r}: a chapter number is a whole number "
                                  f"1..{_C['CHAPTER_MAX']} (714.2a)")
        if not effects:
            raise CardScriptError(f"chapter {_ROMAN[chapter]}: a chapter ability has effects")
        object.__setattr__(self, "chapter", chapter)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        r = self._row(ManaCost(), 0, 0, self.targets, start, length, ctx)
        r[_C["AF_TRIGGER"]] = _C["TRIG_CHAPTER"]              # 714.2b
        r[_C["AF_CHAPTER"]] = self.chapter
        return r


def chapters_of(card: "Card") -> list[int]:
    """The chapter numbers of the card's chapter abilities, in the order it lists them."""
    return [a.chapter for a in card.abilities if isinstance(a, ChapterAbility)]


def final_chapter(card: "Card") -> int:
    """714.2d: a Saga's final chapter number, the greatest of its chapter numbers (0: no
    Saga)."""
    return max(chapters_of(card), default=0)


def check_saga(card: "Card") -> None:
    """A Saga is an enchantment (205.3h) with chapter abilities, and only a Saga has them;
    its chapters are numbered 1, 2, ... N in ascending order (714.2a, 714.2c: "I, II" is two
    chapter abilities, 1 and 2).  Read ahead (714.3c), Saga tokens and double-faced Sagas
    are not built."""
    chapters = chapters_of(card)
    is_saga = "Saga" in card.subtypes
    if card.back is not None and (is_saga or chapters or "Saga" in card.back.subtypes):
        # the Kamigawa Sagas transform into creatures: their lore counters would stay on a
        # face that is no Saga (714.3 keeps them on Sagas only here)
        raise CardScriptError(f"{card.name}: double-faced Sagas are not supported")
    if not chapters and not is_saga:
        return
    if not is_saga:
        raise CardScriptError(f"{card.name}: only a Saga has chapter abilities (714.2)")
    if not chapters:
        raise CardScriptError(f"{card.name}: a Saga has chapter abilities (714.2)")
    if "Enchantment" not in card.types:
        raise CardScriptError(f"{card.name}: a Saga is an enchantment (205.3h)")
    if card.token:
        raise CardScriptError(f"{card.name}: Saga tokens are not supported")
    if chapters != list(range(1, len(chapters) + 1)):
        raise CardScriptError(f"{card.name}: a Saga's chapters are numbered 1, 2, ... in "
                              f"ascending order (714.2a), not {chapters}")
    if "read ahead" in (k.lower() for k in card.keywords):
        raise CardScriptError(f"{card.name}: read ahead (714.3c) is not supported")
