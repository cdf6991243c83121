"""What compiling a card needs beyond the card itself: the numbering a card database gives.

A :class:`~mtg_core.cards.compile.CardDB` numbers the rows of the token definitions its
cards create (111.2) and passes one :class:`CompileContext` down to every ``compile``;
an effect compiled alone (a doctest, a check while a card is defined) takes
:data:`DEFAULT_CONTEXT`, which numbers no token.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class CompileContext:
    """``token_rows``: the card-table row of each token definition (a token Card) the
    programs may create, or None outside a card database."""
    token_rows: Mapping[Any, int] | None = field(default=None)

    def __post_init__(self) -> None:
        if self.token_rows is not None:
            object.__setattr__(self, "token_rows", MappingProxyType(dict(self.token_rows)))


DEFAULT_CONTEXT = CompileContext()
