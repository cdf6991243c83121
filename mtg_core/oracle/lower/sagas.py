"""Saga chapter abilities (714.2): "I — effects", "I, II — effects" -> one
:class:`~mtg_core.cards.ChapterAbility` per chapter number (714.2c), whose effects are
lowered as a triggered ability's (603: its targets are chosen as it is put on the stack;
"this Saga" / "~" is its source).

>>> from mtg_core.oracle.grammar import sentence
>>> from mtg_core.oracle.nodes import Chapter
>>> lower_chapter(Chapter((1, 2), sentence("you gain 2 life")))
[ChapterAbility(chapter=1, effects=(GainLife(who='you', amount=2),), targets=()), ChapterAbility(chapter=2, effects=(GainLife(who='you', amount=2),), targets=())]
"""
from __future__ import annotations

from ... import cards as C
from ..nodes import Chapter
from . import registry as R
from .context import Ctx


def lower_chapter(ab: Chapter, layout: str | None = None) -> list["C.ChapterAbility"]:
    """A chapter node -> its chapter abilities, one per number in ascending order; the card
    language refuses a number outside I..X (the card checks the numbering, 714.2a)."""
    ctx = Ctx("triggered", layout=layout)
    ctx.last = "self"                       # "it" before any other object: the Saga
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    return [C.ChapterAbility(n, *body, targets=tuple(ctx.targets)) for n in ab.chapters]
