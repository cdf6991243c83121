"""Deck lists: parsing (data only, never executed) and the bundled decks.

A deck list is text, one entry per line: ``<count> <card name>`` or ``<count>x <card name>``,
the count 1..250 in the digits 0-9.  ``#`` starts a comment that runs to the end of the line
(no card name contains ``#``); blank lines are ignored; a line ``Sideboard`` starts the
sideboard.  Runs of spaces in a name count as one space and a leading byte-order mark is
ignored.  A name matches a card exactly or, failing that, ignoring case and spacing when that
leaves a single card; an unknown name is refused with its line and the closest known names.
Deck files are read only if they are regular files of at most 1 MiB (``MAX_FILE_BYTES``).

>>> deck = Deck.parse("24 Forest\\n36 Grizzly Bears  # the bears", name="bears")
>>> len(deck)
60
"""
from __future__ import annotations

import difflib
import os
import stat
import unicodedata
import weakref
from dataclasses import dataclass, field
from importlib import resources

from . import _engine
from .cards import CardDB
from .errors import CapacityError, DeckError

MAX_COPIES = 250
MAX_FILE_BYTES = 1 << 20            # deck files are user input: read at most this much
MAX_DECK_CARDS = _engine.constants()["TGT_PLAYER"] - 1   # a game's objects must fit below this
_DIGITS = "0123456789"              # counts: ASCII digits only (not str.isdigit)
_SIDEBOARD = ("sideboard", "sideboard:")
_SHOWN = 60                         # characters of user text quoted in an error message
_REPORTED = 5                       # unknown names reported (with suggestions) per error


def _quote(text: str) -> str:
    """``text`` quoted for an error message, cut short if long (it is user input)."""
    return repr(text) if len(text) <= _SHOWN else repr(text[:_SHOWN]) + "…"


def _split_entry(line: str) -> tuple[str, str] | None:
    """The count's digits and the name of a stripped, comment-free entry line, or None.

    A plain left-to-right scan, linear in the length of the line whatever it holds (a
    backtracking regular expression was quadratic on long runs of spaces)."""
    rest = line.lstrip(_DIGITS)
    i = len(line) - len(rest)
    if i == 0 or not rest:
        return None
    if rest[0] == "x":                          # "4x Forest"
        rest = rest[1:]
        if not rest[:1].isspace():
            return None
    elif not rest[0].isspace():
        return None
    rest = rest.lstrip()
    if rest[:1] == "x" and rest[1:2].isspace():   # "4 x Forest"
        rest = rest[1:]
    name = " ".join(rest.split())
    return (line[:i], name) if name else None


def _name_key(name: str) -> str:
    """What names are compared by when not exactly equal: case and spacing ignored."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


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
    def parse(text: str, name: str = "deck") -> "Deck":
        """Parse a deck list (see the module docstring for the format)."""
        if not isinstance(text, str):
            raise DeckError("a deck list must be text")
        if text.startswith("\ufeff"):            # a byte-order mark is not part of line 1
            text = text[1:]
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        main: list[tuple[int, str]] = []
        side: list[tuple[int, str]] = []
        main_lines: list[int] = []
        side_lines: list[int] = []
        target, target_lines = main, main_lines
        for lineno, raw in enumerate(text.split("\n"), 1):
            line = raw.partition("#")[0].strip()
            if not line:
                continue
            if " ".join(line.split()).casefold() in _SIDEBOARD:
                target, target_lines = side, side_lines
                continue
            entry = _split_entry(line)
            if entry is None:
                if line.lstrip(_DIGITS)[:1].isdigit():     # e.g. Arabic-Indic, full-width
                    raise DeckError(f"{name}, line {lineno}: write the count with the digits 0-9, "
                                    f"got {_quote(line)}")
                raise DeckError(f"{name}, line {lineno}: expected '<count> <card name>', "
                                f"got {_quote(line)}")
            digits, card = entry
            if len(digits.lstrip("0")) > len(str(MAX_COPIES)):
                raise DeckError(f"{name}, line {lineno}: count {_quote(digits)} must be 1..{MAX_COPIES}")
            count = int(digits)
            if not 1 <= count <= MAX_COPIES:
                raise DeckError(f"{name}, line {lineno}: count {count} must be 1..{MAX_COPIES}")
            target.append((count, card))
            target_lines.append(lineno)
        if not main:
            raise DeckError(f"{name}: the deck list has no cards")
        return Deck(name, tuple(main), tuple(side), tuple(main_lines + side_lines))

    @staticmethod
    def load(path: str | os.PathLike) -> "Deck":
        """Read a deck list file: UTF-8 text, parsed, never executed.  Only a regular file of
        at most ``MAX_FILE_BYTES`` is read (not a device, a pipe or a directory)."""
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
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            raise DeckError(f"deck file {str(path)!r} is not UTF-8 text (line {line})") from None
        return Deck.parse(text, name=os.path.splitext(os.path.basename(path))[0])

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

    def _resolve(self, cards: CardDB, with_sideboard: bool) -> "Deck":
        index = _name_index(cards)
        entries = [*self.entries, *self.sideboard] if with_sideboard else list(self.entries)
        resolved: list[tuple[int, str]] = []
        problems: list[str] = []
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
            if len(problems) == _REPORTED:
                continue
            if found:
                problems.append(f"{self._where(k)}: {_quote(n)} could be {_or_list(sorted(found))}; "
                                "write the name exactly")
                continue
            close = difflib.get_close_matches(_name_key(n), list(index), n=3)
            hint = [m for key in close for m in index[key]][:3]
            problems.append(f"{self._where(k)}: unknown card {_quote(n)}"
                            + (f" (did you mean {_or_list(hint)}?)" if hint else ""))
        if problems:
            more = n_problems - len(problems)
            raise DeckError(f"{self.name}: " + "; ".join(problems)
                            + (f"; and {more} more unknown card name(s)" if more else ""))
        main = tuple(resolved[:len(self.entries)])
        side = tuple(resolved[len(self.entries):]) if with_sideboard else self.sideboard
        return Deck(self.name, main, side, self.lines)

    def resolved(self, cards: CardDB) -> "Deck":
        """This deck with every name (main deck and sideboard) spelled as in ``cards``.

        A name matches a card exactly or, failing that, ignoring case and spacing when that
        leaves one card.  Raises DeckError naming each unknown or ambiguous entry with its
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
    if isinstance(spec, os.PathLike):
        return Deck.load(spec)
    if isinstance(spec, str):
        if spec in bundled_deck_names():
            return bundled_deck(spec)
        if os.path.exists(spec):
            return Deck.load(spec)
        raise DeckError(f"{spec!r} is neither a bundled deck ({', '.join(bundled_deck_names())}) "
                        "nor a deck file")
    raise DeckError(f"can't make a deck from {spec!r}")
