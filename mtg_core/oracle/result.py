"""The outcome of importing a card: :class:`ImportResult` and its :class:`Refusal` reasons.

A leaf module (data types only), so that the importer and the lowering of multi-face cards
(:mod:`.lower.faces`) both use them without importing each other.
"""
from __future__ import annotations

from dataclasses import dataclass
from .. import cards as C
from .nodes import CardText

UNKNOWN_PHRASE = "unknown phrase"
NOT_EXPRESSIBLE = "not expressible"
UNSUPPORTED_KEYWORD = "unsupported keyword"
CATEGORIES = (UNKNOWN_PHRASE, NOT_EXPRESSIBLE, UNSUPPORTED_KEYWORD)


@dataclass(frozen=True)
class Refusal:
    """Why (part of) a card was not imported.

    ``category`` is :data:`UNKNOWN_PHRASE` (the grammar could not read the text),
    :data:`UNSUPPORTED_KEYWORD` (a keyword ability the card language lacks) or
    :data:`NOT_EXPRESSIBLE` (read, but the card language can't say it yet);
    ``phrase`` is the exact text involved (the card's name shown as ``~``) and ``feature``
    a short groupable name of what is missing (the unknown words, "keyword: ward",
    "effect: exile", ...)."""
    category: str
    phrase: str
    feature: str

    def __str__(self) -> str:
        return f"{self.category}: {self.feature} — {self.phrase!r}"


@dataclass
class ImportResult:
    """The outcome for one card: its parse tree(s) (one :class:`CardText` per face, or
    ``None`` for a face that did not parse), the :class:`mtg_core.cards.Card` when it was
    imported, and every refusal."""
    name: str
    card: C.Card | None
    trees: tuple[CardText | None, ...]
    refusals: tuple[Refusal, ...] = ()
    type_line: str = ""

    @property
    def ok(self) -> bool:
        """Imported with no error."""
        return self.card is not None and not self.refusals

    @property
    def parsed(self) -> bool:
        """Every ability of every face was understood by the grammar."""
        return all(r.category != UNKNOWN_PHRASE for r in self.refusals)
