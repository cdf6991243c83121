"""What compiling a card needs beyond the card itself: the numberings a card database gives.

A :class:`~mtg_core.cards.compile.CardDB` numbers the rows of the token definitions its
cards create (111.2) and the subtypes its abilities name (the bits of CF_SUBTYPES and
CF_COUNT_SUBTYPES, 205.3: :mod:`.subtype_bits`), and passes one :class:`CompileContext`
down to every ``compile``, ``row`` and filter it builds.  Both numberings belong to that
one database, so they travel as this value, never as a state of the process: databases
compiled one after the other, or a card checked while another compiles, can't see each
other's bits.

An effect compiled alone (a doctest) takes :data:`DEFAULT_CONTEXT`, which numbers no token
and only the rules' own subtypes; a check where a card is defined takes
:meth:`CompileContext.for_subtypes` of the names it uses (any numbering does for a check).

>>> ctx = CompileContext.for_subtypes({"Goblin"})
>>> "Goblin" in ctx.subtypes.bits, "Goblin" in DEFAULT_CONTEXT.subtypes.bits
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .subtype_bits import RULES_SUBTYPE_BITS, SubtypeBits


@dataclass(frozen=True)
class CompileContext:
    """``token_rows``: the card-table row of each token definition (a token Card) the
    programs may create, or None outside a card database.  ``subtypes``: the subtype bits
    of the database (:class:`~mtg_core.cards.subtype_bits.SubtypeBits`).
    ``in_may_with_pay``: the program being compiled is (inside) the body of a "you may"
    that starts with its Pay, where a Pay may come first (118.1, "you may pay {M}. If you
    do, ...")."""
    token_rows: Mapping[Any, int] | None = field(default=None)
    subtypes: SubtypeBits = field(default=RULES_SUBTYPE_BITS)
    in_may_with_pay: bool = False

    def __post_init__(self) -> None:
        if self.token_rows is not None:
            object.__setattr__(self, "token_rows", MappingProxyType(dict(self.token_rows)))

    @classmethod
    def for_subtypes(cls, names: Iterable[str],
                     token_rows: Mapping[Any, int] | None = None) -> "CompileContext":
        """A context outside any card database that gives bits to exactly ``names``: for
        checking a card, a change or a count where it is defined."""
        return cls(token_rows=token_rows, subtypes=SubtypeBits.numbering(names))


DEFAULT_CONTEXT = CompileContext()
