"""Deck lists: parsing (data only, never executed) and the bundled decks.

A deck list is plain text, an MTG Arena export or an MTGO ``.dek`` file (the formats are
described in :mod:`mtg_core.deck_formats`; the format is told by the content unless
``format=`` says it).  A plain-text list has one entry per line: ``<count> <card name>`` or
``<count>x <card name>``, the count 1..250 in the digits 0-9.  ``#`` starts a comment that
runs to the end of the line (no card name contains ``#``); blank lines are ignored; a line
``Sideboard`` starts the sideboard.  Runs of spaces in a name count as one space and a
leading byte-order mark is ignored.  A name matches a card exactly or, failing that, ignoring
case, spacing, diacritics and how a split card's halves are joined when that leaves a single
card (:mod:`mtg_core.card_names`); an unknown name is refused with its line
and the closest known names.  Deck files are read only if they are regular files of at most
1 MiB (``MAX_FILE_BYTES``).

>>> deck = Deck.parse("24 Forest\\n36 Grizzly Bears  # the bears", name="bears")
>>> len(deck)
60
"""
from __future__ import annotations

import difflib
import os
import stat
import weakref
from dataclasses import dataclass, field
from importlib import resources

from . import _engine
from . import deck_formats
from .card_names import name_key
from .cards import CardDB
from .deck_formats import FORMATS, MAX_COPIES, DeckList, _quote   # noqa: F401 (re-exported)
from .errors import CapacityError, DeckError

MAX_FILE_BYTES = 1 << 20            # deck files are user input: read at most this much
MAX_DECK_CARDS = _engine.constants()["TGT_PLAYER"] - 1   # a game's objects must fit below this
_REPORTED = 5                       # unknown names reported (with suggestions) per error


_name_key = name_key                # case, spacing, diacritics and split-card slashes folded


_INDEXES: "weakref.WeakKeyDictionary[CardDB, dict[str, list[str]]]" = weakref.WeakKeyDictionary()


def _name_index(cards: CardDB) -> dict[str, list[str]]:
    """Card names by :func:`_name_key` (built once per card database)."""
    index = _INDEXES.get(cards)
    if index is None:
        index = {}
        for n in cards.names():
            index.setdefault(_name_key(n), []).append(n)
        _INDEXES[cards] = index
    return index


def match_name(cards: CardDB, name) -> str | None:
    """The name of the one card of ``cards`` that ``name`` spells, exactly or as
    :func:`~mtg_core.card_names.name_key` folds it; None if no card or several do."""
    if not isinstance(name, str):
        return None
    if name in cards:
        return name
    found = _name_index(cards).get(_name_key(name), [])
    return found[0] if len(found) == 1 else None


def _or_list(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@dataclass(frozen=True)
class Deck:
    """An ordered list of (count, card name) entries.

    ``lines`` is the source line of each entry, main deck then sideboard, when the deck
    was parsed from text (errors about an entry name its line)."""
    name: str
    entries: tuple[tuple[int, str], ...]
    sideboard: tuple[tuple[int, str], ...] = field(default=())
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @staticmethod
    def _of(parsed: DeckList, name: str | None) -> "Deck":
        return Deck(name or parsed.title or "deck", parsed.main, parsed.sideboard, parsed.lines)

    @staticmethod
    def parse(text: str, name: str | None = None, format: str | None = None) -> "Deck":
        """Parse a deck list: plain text, an MTG Arena export or MTGO ``.dek`` XML, told by
        the content unless ``format`` ("text", "arena" or "mtgo") says which (see
        :mod:`mtg_core.deck_formats`).  The deck is named ``name``, else by the list itself
        (Arena's ``About`` / ``Name ...``), else "deck"."""
        if not isinstance(text, str):
            raise DeckError("a deck list must be text")
        return Deck._of(deck_formats.read_deck_list(text, name or "deck", format), name)

    @staticmethod
    def load(path: str | os.PathLike, format: str | None = None) -> "Deck":
        """Read a deck list file, parsed as data, never executed: UTF-8 text, or XML in the
        encoding it declares; the format as in :meth:`parse`.  Only a regular file of at most
        ``MAX_FILE_BYTES`` is read (not a device, a pipe or a directory)."""
        deck_formats.check_format(format)
        # O_NONBLOCK: opening a FIFO must not wait for a writer before fstat refuses it.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(path, flags)
        except OSError as err:
            raise DeckError(f"can't read deck file {str(path)!r}: {err.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise DeckError(f"{str(path)!r} is not a regular file, so not a deck file")
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read(MAX_FILE_BYTES + 1)      # the file may grow after fstat
        except OSError as err:
            raise DeckError(f"can't read deck file {str(path)!r}: {err.strerror}") from None
        finally:
            os.close(fd)
        if len(data) > MAX_FILE_BYTES:
            raise DeckError(f"deck file {str(path)!r} is larger than {MAX_FILE_BYTES} bytes "
                            "(1 MiB), too large for a deck list")
        name = os.path.splitext(os.path.basename(path))[0]
        if format == "mtgo" or (format is None and deck_formats.looks_like_xml(data)):
            return Deck._of(deck_formats.parse_mtgo(data, name), name)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            raise DeckError(f"deck file {str(path)!r} is not UTF-8 text (line {line})") from None
        return Deck.parse(text, name=name, format=format)

    def __len__(self) -> int:
        return sum(c for c, _ in self.entries)

    def card_names(self) -> list[str]:
        """Every card, one entry per copy, in list order."""
        return [n for c, n in self.entries for _ in range(c)]

    def _where(self, k: int) -> str:
        """Where entry ``k`` (main deck then sideboard) came from, for error messages."""
        if len(self.lines) == len(self.entries) + len(self.sideboard):
            return f"line {self.lines[k]}"
        if k < len(self.entries):
            return f"entry {k + 1}"
        return f"sideboard entry {k - len(self.entries) + 1}"

    def _match(self, cards: CardDB, with_sideboard: bool, report: int | None
               ) -> tuple[list[tuple[int, str]], list[tuple[str, str]], int]:
        """The entries spelled as in ``cards``, then (name, what is wrong) for the first
        ``report`` entries that match no card or several (all of them if None), then how
        many entries had a problem."""
        index = _name_index(cards)
        entries = [*self.entries, *self.sideboard] if with_sideboard else list(self.entries)
        resolved: list[tuple[int, str]] = []
        problems: list[tuple[str, str]] = []
        n_problems = 0
        for k, (count, n) in enumerate(entries):
            if not isinstance(n, str):          # a Deck built in code: report it as unknown
                n, found = repr(n), []
            elif n in cards:
                resolved.append((count, n))
                continue
            else:
                found = index.get(_name_key(n), [])
            if len(found) == 1:
                resolved.append((count, found[0]))
                continue
            n_problems += 1
            if report is not None and len(problems) == report:
                continue
            if found:
                problems.append((n, f"{self._where(k)}: {_quote(n)} could be "
                                    f"{_or_list(sorted(found))}; write the name exactly"))
                continue
            close = difflib.get_close_matches(_name_key(n), list(index), n=3)
            hint = [m for key in close for m in index[key]][:3]
            problems.append((n, f"{self._where(k)}: unknown card {_quote(n)}"
                                + (f" (did you mean {_or_list(hint)}?)" if hint else "")))
        return resolved, problems, n_problems

    def _resolve(self, cards: CardDB, with_sideboard: bool) -> "Deck":
        resolved, problems, n_problems = self._match(cards, with_sideboard, _REPORTED)
        if problems:
            more = n_problems - len(problems)
            raise DeckError(f"{self.name}: " + "; ".join(p for _, p in problems)
                            + (f"; and {more} more unknown card name(s)" if more else ""))
        main = tuple(resolved[:len(self.entries)])
        side = tuple(resolved[len(self.entries):]) if with_sideboard else self.sideboard
        return Deck(self.name, main, side, self.lines)

    def unplayable(self, cards: CardDB) -> list[tuple[str, str]]:
        """(name, what is wrong) for every main-deck entry that matches no card of
        ``cards``, or several (the sideboard is not needed to play)."""
        return self._match(cards, with_sideboard=False, report=None)[1]

    def resolved(self, cards: CardDB) -> "Deck":
        """This deck with every name (main deck and sideboard) spelled as in ``cards``.

        A name matches a card exactly or, failing that, ignoring case, spacing and
        diacritics when that leaves one card.  Raises DeckError naming each unknown or ambiguous entry with its
        line and, for an unknown name, up to three close known names."""
        return self._resolve(cards, with_sideboard=True)

    def rows(self, cards: CardDB) -> list[int]:
        """Card-table rows of every copy in the main deck; names match as in
        :meth:`resolved` (the sideboard is not needed to play)."""
        if len(self) > MAX_DECK_CARDS:
            raise CapacityError(f"{self.name}: {len(self)} cards; a game holds at most "
                                f"{MAX_DECK_CARDS} objects")
        return [cards.row(n) for n in self._resolve(cards, with_sideboard=False).card_names()]

    def check_constructed(self, cards: CardDB) -> None:
        """Raise DeckError unless the deck meets the constructed deck rules: at least 60
        cards in the main deck, at most 15 in the sideboard, and no more than four copies
        of any card other than basic lands (100.2a, 100.4a)."""
        deck = self.resolved(cards)
        if len(deck) < 60:
            raise DeckError(f"{self.name}: {len(deck)} cards; a constructed deck has at least 60 (100.2a)")
        if sum(c for c, _ in deck.sideboard) > 15:
            raise DeckError(f"{self.name}: a sideboard has at most 15 cards (100.4a)")
        counts: dict[str, int] = {}
        for c, n in (*deck.entries, *deck.sideboard):
            counts[n] = counts.get(n, 0) + c
        for n, c in counts.items():
            if c > 4 and "Basic" not in cards[n].supertypes:
                raise DeckError(f"{self.name}: {c} copies of {n}; at most four of a card that "
                                "isn't a basic land (100.2a)")

    def to_text(self) -> str:
        """The deck as a plain-text list."""
        return deck_formats.write_text(self.entries, self.sideboard)

    def to_arena(self) -> str:
        """The deck as an MTG Arena import list (``Deck`` / ``Sideboard``, no set codes)."""
        return deck_formats.write_arena(self.entries, self.sideboard)

    def to_mtgo(self) -> str:
        """The deck as an MTGO ``.dek`` document (split cards written ``Fire/Ice``)."""
        return deck_formats.write_mtgo(self.entries, self.sideboard)


def bundled_deck_names() -> list[str]:
    return sorted(p.name[:-4] for p in resources.files("mtg_core.data").iterdir()
                  if p.name.endswith(".txt"))


def bundled_deck(name: str) -> Deck:
    """One of the decks shipped with the package (see :func:`bundled_deck_names`)."""
    if name not in bundled_deck_names():
        raise DeckError(f"no bundled deck {name!r}; available: {', '.join(bundled_deck_names())}")
    text = resources.files("mtg_core.data").joinpath(name + ".txt").read_text(encoding="utf-8")
    return Deck.parse(text, name=name)


def resolve_deck(spec, format: str | None = None) -> Deck:
    """A Deck from a Deck, a bundled deck name, or a path to a deck file (read in
    ``format``, or in the format its content shows; see :meth:`Deck.parse`)."""
    deck_formats.check_format(format)
    if isinstance(spec, Deck):
        return spec
    if isinstance(spec, os.PathLike):
        return Deck.load(spec, format)
    if isinstance(spec, str):
        if spec in bundled_deck_names():
            return bundled_deck(spec)
        if os.path.exists(spec):
            return Deck.load(spec, format)
        bundled = ", ".join(bundled_deck_names())
        if os.sep in spec or "/" in spec or os.path.splitext(spec)[1]:      # a path
            raise DeckError(f"deck file {spec!r} does not exist (no file "
                            f"{os.path.abspath(spec)}); bundled decks: {bundled}")
        raise DeckError(f"{spec!r} is neither a bundled deck ({bundled}) nor a deck file (no "
                        f"file {os.path.abspath(spec)} exists)")
    raise DeckError(f"can't make a deck from {spec!r}")
