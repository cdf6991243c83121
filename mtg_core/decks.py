"""Deck lists: parsing (data only, never executed) and the bundled decks.

A deck list is text, one entry per line: ``<count> <card name>``.  Blank lines and lines
starting with ``#`` are ignored; a line ``Sideboard`` starts the sideboard.

>>> deck = Deck.parse("24 Forest\\n36 Grizzly Bears", name="bears")
>>> len(deck)
60
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources

from .cards import CardDB
from .errors import DeckError

_LINE = re.compile(r"^\s*(\d+)\s*x?\s+(.+?)\s*$")
MAX_COPIES = 250


@dataclass(frozen=True)
class Deck:
    """An ordered list of (count, card name) entries."""
    name: str
    entries: tuple[tuple[int, str], ...]
    sideboard: tuple[tuple[int, str], ...] = field(default=())

    @staticmethod
    def parse(text: str, name: str = "deck") -> "Deck":
        if not isinstance(text, str):
            raise DeckError("a deck list must be text")
        main: list[tuple[int, str]] = []
        side: list[tuple[int, str]] = []
        target = main
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.lower() in ("sideboard", "sideboard:"):
                target = side
                continue
            m = _LINE.match(line)
            if not m:
                raise DeckError(f"{name}, line {lineno}: expected '<count> <card name>', got {raw!r}")
            count = int(m.group(1))
            if not 1 <= count <= MAX_COPIES:
                raise DeckError(f"{name}, line {lineno}: count {count} must be 1..{MAX_COPIES}")
            target.append((count, m.group(2)))
        if not main:
            raise DeckError(f"{name}: the deck list has no cards")
        return Deck(name, tuple(main), tuple(side))

    @staticmethod
    def load(path: str) -> "Deck":
        """Read a deck list file (text; it is parsed, never executed)."""
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as err:
            raise DeckError(f"can't read deck file {path!r}: {err.strerror}") from None
        except UnicodeDecodeError:
            raise DeckError(f"deck file {path!r} is not UTF-8 text") from None
        return Deck.parse(text, name=os.path.splitext(os.path.basename(path))[0])

    def __len__(self) -> int:
        return sum(c for c, _ in self.entries)

    def card_names(self) -> list[str]:
        """Every card, one entry per copy, in list order."""
        return [n for c, n in self.entries for _ in range(c)]

    def rows(self, cards: CardDB) -> list[int]:
        """Card-table rows of every copy; raises DeckError naming unknown cards."""
        unknown = sorted({n for _, n in self.entries if n not in cards})
        if unknown:
            raise DeckError(f"{self.name}: unknown card(s): {', '.join(unknown)}")
        return [cards.row(n) for n in self.card_names()]

    def check_constructed(self, cards: CardDB) -> None:
        """Raise DeckError unless the deck meets the constructed deck rules: at least 60
        cards in the main deck, at most 15 in the sideboard, and no more than four copies
        of any card other than basic lands (100.2a, 100.4a)."""
        self.rows(cards)
        if len(self) < 60:
            raise DeckError(f"{self.name}: {len(self)} cards; a constructed deck has at least 60 (100.2a)")
        if sum(c for c, _ in self.sideboard) > 15:
            raise DeckError(f"{self.name}: a sideboard has at most 15 cards (100.4a)")
        counts: dict[str, int] = {}
        for c, n in (*self.entries, *self.sideboard):
            counts[n] = counts.get(n, 0) + c
        for n, c in counts.items():
            if c > 4 and "Basic" not in cards[n].supertypes:
                raise DeckError(f"{self.name}: {c} copies of {n}; at most four of a card that "
                                "isn't a basic land (100.2a)")

    def to_text(self) -> str:
        lines = [f"{c} {n}" for c, n in self.entries]
        if self.sideboard:
            lines += ["Sideboard"] + [f"{c} {n}" for c, n in self.sideboard]
        return "\n".join(lines) + "\n"


def bundled_deck_names() -> list[str]:
    return sorted(p.name[:-4] for p in resources.files("mtg_core.data").iterdir()
                  if p.name.endswith(".txt"))


def bundled_deck(name: str) -> Deck:
    """One of the decks shipped with the package (see :func:`bundled_deck_names`)."""
    if name not in bundled_deck_names():
        raise DeckError(f"no bundled deck {name!r}; available: {', '.join(bundled_deck_names())}")
    text = resources.files("mtg_core.data").joinpath(name + ".txt").read_text(encoding="utf-8")
    return Deck.parse(text, name=name)


def resolve_deck(spec) -> Deck:
    """A Deck from a Deck, a bundled deck name, or a path to a deck file."""
    if isinstance(spec, Deck):
        return spec
    if isinstance(spec, str):
        if spec in bundled_deck_names():
            return bundled_deck(spec)
        if os.path.exists(spec):
            return Deck.load(spec)
        raise DeckError(f"{spec!r} is neither a bundled deck ({', '.join(bundled_deck_names())}) "
                        "nor a deck file")
    raise DeckError(f"can't make a deck from {spec!r}")
