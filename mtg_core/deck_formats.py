"""Deck list file formats: plain text, MTG Arena export and MTGO ``.dek`` XML.

Each reader turns a file's text into a :class:`DeckList` (counts and card names of the main
deck and the sideboard, with the source line of each entry) without looking the names up:
:class:`mtg_core.decks.Deck` does that, and refuses an unknown name with its line and the
closest known names.  Deck files are data: they are scanned, never executed or evaluated.

**Plain text** (``"text"``): ``<count> <card name>`` or ``<count>x <card name>`` per line,
the count 1..250 in the digits 0-9; ``#`` starts a comment; a line ``Sideboard`` starts the
sideboard.

>>> from mtg_core import Deck
>>> Deck.parse("4 Lightning Bolt  # burn\\n56 Mountain\\nSideboard\\n3 Shock").sideboard
((3, 'Shock'),)

**MTG Arena export** (``"arena"``): section headers ``Deck``, ``Sideboard``, ``Commander``,
``Companion``, ``Maybeboard`` and ``About`` (followed by ``Name <deck name>``) on lines of
their own, entries ``4 Lightning Bolt (M10) 146``.  The set code in parentheses and the
collector number are optional and play no part in the rules, but they must have their shape
(1-8 letters and digits; a number with a digit) or the line is refused.  Commander and
companion cards start the game outside the library, so they join the sideboard (where MTGO
keeps them too; a companion Arena also lists under ``Sideboard`` is counted once); the
maybeboard is not part of the deck.  A list with no header at all is an older Arena export:
the first blank line after the main deck starts the sideboard.

>>> deck = Deck.parse("About\\nName Burn\\n\\nDeck\\n4 Lightning Bolt (M10) 146\\n"
...                   "56 Mountain (M10) 242\\n\\nSideboard\\n3 Shock (M19) 156\\n")
>>> deck.name, len(deck), deck.sideboard
('Burn', 60, ((3, 'Shock'),))

**MTGO** (``"mtgo"``): a ``<Deck>`` element holding ``<Cards Quantity="4" Sideboard="false"
Name="Lightning Bolt" CatID="..."/>`` elements (other elements are ignored; split cards are
written ``Fire/Ice`` and read as ``Fire // Ice``).  A document type declaration is refused
before anything in it is read, so entity definitions (exponential "billion laughs"
expansion, external entities that read files or URLs) never take effect.

>>> Deck.parse('<?xml version="1.0" encoding="utf-8"?>\\n<Deck>\\n'
...            '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\\n'
...            '  <Cards CatID="2" Quantity="3" Sideboard="true" Name="Shock" />\\n'
...            '</Deck>\\n').entries
((4, 'Lightning Bolt'),)

The format is told by the content (:func:`detect_format`): a document whose first character
is ``<`` is MTGO XML; a list with an Arena-only header or an entry with a ``(SET)`` part is an
Arena export; anything else is plain text.  ``format=`` ("text", "arena", "mtgo") overrides.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import Iterator
from xml.parsers import expat
from xml.sax.saxutils import escape

from .errors import DeckError

FORMATS = ("text", "arena", "mtgo")
MAX_COPIES = 250
_DIGITS = "0123456789"              # counts: ASCII digits only (not str.isdigit)
_SIDEBOARD = ("sideboard", "sideboard:")
_SHOWN = 60                         # characters of user text quoted in an error message
_ASCII_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + _DIGITS)
_NUMBER_CHARS = _ASCII_ALNUM | frozenset("-★†")   # collector numbers such as 146, 81p, 12★
_MAX_SET_CODE = 8
_MAX_NUMBER = 10
# Arena section headers, as Arena writes them (compared case-insensitively, ':' allowed).
_ARENA_SECTIONS = {"deck": "main", "sideboard": "side", "commander": "outside",
                   "companion": "outside", "maybeboard": "maybe", "about": "about"}
_ARENA_EXPECTED = ("expected '<count> <card name> [(SET) number]' or a section header "
                   "(Deck, Sideboard, Commander, Companion, Maybeboard, About)")

Entry = tuple[int, str]


@dataclass(frozen=True)
class DeckList:
    """What a deck file lists, before card names are matched to cards.

    ``lines`` holds the source line of each entry, main deck then sideboard; ``title`` is
    the name the file gives the deck (Arena's ``About`` / ``Name ...``), if any."""
    main: tuple[Entry, ...]
    sideboard: tuple[Entry, ...] = ()
    lines: tuple[int, ...] = ()
    title: str | None = None


def _quote(text: str) -> str:
    """``text`` quoted for an error message, cut short if long (it is user input)."""
    return repr(text) if len(text) <= _SHOWN else repr(text[:_SHOWN]) + "…"


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line without its comment, stripped) of each line but those that hold
    only a comment (so an Arena list's blank line is really blank); a leading byte-order
    mark is not part of line 1, and CR LF, CR and LF all end lines."""
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for lineno, raw in enumerate(text.split("\n"), 1):
        line, comment, _ = raw.partition("#")
        line = line.strip()
        if line or not comment:
            yield lineno, line


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


def _count(digits: str, where: str) -> int:
    """A count written in ASCII digits, checked to be 1..MAX_COPIES."""
    if len(digits.lstrip("0")) > len(str(MAX_COPIES)):     # not int()'s digit limit
        raise DeckError(f"{where}: count {_quote(digits)} must be 1..{MAX_COPIES}")
    count = int(digits)
    if not 1 <= count <= MAX_COPIES:
        raise DeckError(f"{where}: count {count} must be 1..{MAX_COPIES}")
    return count


def _entry(line: str, where: str, expected: str) -> tuple[int, str]:
    """The count and the rest of an entry line, or a DeckError saying what was expected."""
    entry = _split_entry(line)
    if entry is None:
        if line.lstrip(_DIGITS)[:1].isdigit():     # e.g. Arabic-Indic, full-width
            raise DeckError(f"{where}: write the count with the digits 0-9, got {_quote(line)}")
        raise DeckError(f"{where}: {expected}, got {_quote(line)}")
    return _count(entry[0], where), entry[1]


def _no_cards(name: str) -> DeckError:
    return DeckError(f"{name}: the deck list has no cards")


# --- plain text ------------------------------------------------------------------------------

def parse_text(text: str, name: str = "deck") -> DeckList:
    """Read a plain-text deck list; ``name`` prefixes error messages."""
    main: list[Entry] = []
    side: list[Entry] = []
    main_lines: list[int] = []
    side_lines: list[int] = []
    target, target_lines = main, main_lines
    for lineno, line in _lines(text):
        if not line:
            continue
        if " ".join(line.split()).casefold() in _SIDEBOARD:
            target, target_lines = side, side_lines
            continue
        target.append(_entry(line, f"{name}: line {lineno}", "expected '<count> <card name>'"))
        target_lines.append(lineno)
    if not main:
        raise _no_cards(name)
    return DeckList(tuple(main), tuple(side), tuple(main_lines + side_lines))


# --- MTG Arena -------------------------------------------------------------------------------

def _arena_section(line: str) -> str | None:
    """The section a header line starts (see ``_ARENA_SECTIONS``), or None."""
    return _ARENA_SECTIONS.get(" ".join(line.split()).casefold().removesuffix(":"))


def _printing(card: str) -> tuple[int, str | None, list[str]] | None:
    """Where an entry's ``(SET) number`` part starts, the set code (None if the ``(`` is
    not closed) and the words after the ``)``; None when there is no such part.  A final
    parenthesised phrase with a space in it and nothing after it is part of the name
    (``B.F.M. (Big Furry Monster)``): set codes have no spaces.  Linear: one search from
    the right, one split."""
    p = card.rfind("(")
    if p < 0:
        return None
    close = card.find(")", p)
    if close < 0:
        return p, None, []
    inside, after = card[p + 1:close], card[close + 1:].split()
    if not after and " " in inside:
        return None
    return p, inside, after


def _strip_printing(card: str, where: str) -> str:
    """The card name of an Arena entry (what follows the count), its ``(SET) number`` part
    checked in shape and removed."""
    found = _printing(card)
    if found is None:
        return card
    p, code, after = found
    if code is None:
        raise DeckError(f"{where}: '(' without ')' in {_quote(card)}; a printing is written "
                        "'(SET) number' after the name")
    if not (1 <= len(code) <= _MAX_SET_CODE and all(c in _ASCII_ALNUM for c in code)):
        raise DeckError(f"{where}: set code {_quote(code)} must be 1-{_MAX_SET_CODE} letters "
                        "and digits, as in '(M10)'")
    if after:
        number = after[0]
        if not (len(number) <= _MAX_NUMBER and all(c in _NUMBER_CHARS for c in number)
                and any(c in _DIGITS for c in number)):
            raise DeckError(f"{where}: collector number {_quote(number)} must be letters and "
                            "digits with a digit, as in '146' or '81p'")
        if len(after) > 1:
            raise DeckError(f"{where}: unexpected {_quote(' '.join(after[1:]))} after the "
                            "collector number")
    name = card[:p].rstrip()
    if not name:
        raise DeckError(f"{where}: no card name before {_quote(card[p:])}")
    return name


def parse_arena(text: str, name: str = "deck") -> DeckList:
    """Read an MTG Arena export; ``name`` prefixes error messages."""
    rows = list(_lines(text))
    headed = any(line and _arena_section(line) for _, line in rows)
    parts: dict[str, list[tuple[int, str, int]]] = {"main": [], "side": [], "outside": [],
                                                    "maybe": []}
    section = "main"
    title: str | None = None
    gap = False                     # headerless list: a blank line after some entries
    for lineno, line in rows:
        where = f"{name}: line {lineno}"
        if not line:
            gap = gap or (not headed and bool(parts.get(section)))
            continue
        header = _arena_section(line)
        if header is not None:
            section = header
            continue
        if section == "about":
            word, *rest = line.split(None, 1)
            if word.casefold() != "name":
                raise DeckError(f"{where}: the About section holds 'Name <deck name>'; start "
                                f"the cards with a 'Deck' line, got {_quote(line)}")
            title = " ".join(" ".join(rest).split()) or None
            continue
        if gap:                     # older Arena exports: a blank line starts the sideboard
            if section != "main":
                raise DeckError(f"{where}: a third group of cards; without section headers "
                                "a blank line starts the sideboard (as MTG Arena reads it), "
                                "so write 'Deck' and 'Sideboard' headers")
            section, gap = "side", False
        count, card = _entry(line, where, _ARENA_EXPECTED)
        parts[section].append((count, _strip_printing(card, where), lineno))
    side = parts["side"]
    listed = {card.casefold() for _, card, _ in side}
    outside = [e for e in parts["outside"] if e[1].casefold() not in listed]
    side = outside + side
    if not parts["main"]:
        raise _no_cards(name)
    return DeckList(tuple((c, n) for c, n, _ in parts["main"]),
                    tuple((c, n) for c, n, _ in side),
                    tuple(ln for *_, ln in parts["main"] + side), title)


# --- MTGO .dek -------------------------------------------------------------------------------

def _mtgo_name(name: str) -> str:
    """A card name as MTGO writes it, in Oracle spelling: ``Fire/Ice`` is ``Fire // Ice``."""
    name = " ".join(name.split())
    if "/" in name and "//" not in name:
        name = " // ".join(part.strip() for part in name.split("/"))
    return name


# Byte-order marks, the longest first (a UTF-32-LE mark starts with the UTF-16-LE one), and
# the first bytes of "<?" in UTF-16 without a mark (XML 1.0, appendix F.1).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_UNMARKED = ((b"<\0?\0", "utf-16-le"), (b"\0<\0?", "utf-16-be"))
_DECLARED = re.compile(rb"""<\?xml[^>]{0,200}?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]{0,40})["']""")


def _marked_encoding(data: bytes) -> tuple[str, int] | None:
    """The encoding a byte-order mark (or an unmarked UTF-16 ``<?``) tells, and the mark's
    length."""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return enc, len(bom)
    for start, enc in _UNMARKED:
        if data.startswith(start):
            return enc, 0
    return None


def decode_xml(data: bytes, name: str = "deck") -> str:
    """The text of an XML document given as bytes: in the encoding its byte-order mark
    tells, else the one its XML declaration names (any encoding Python knows), else UTF-8
    (XML 1.0, 4.3.3 and appendix F).  An unknown encoding or bytes that are not in it raise
    DeckError."""
    marked = _marked_encoding(data)
    if marked is not None:
        enc, skip = marked
    else:
        declared = _DECLARED.match(data.lstrip()[:300])
        enc, skip = (declared.group(1).decode("ascii") if declared else "utf-8"), 0
        try:
            known = codecs.lookup(enc)
        except LookupError:
            known = None
        if known is None or not getattr(known, "_is_text_encoding", True):
            raise DeckError(f"{name}: the XML declaration names the encoding {_quote(enc)}, "
                            "which is not a text encoding Python knows")
    try:
        return data[skip:].decode(enc)
    except UnicodeDecodeError as err:
        line = data[skip:skip + err.start].decode(enc).count("\n") + 1
        raise DeckError(f"{name}: line {line}: the document is not valid {enc} text") from None


def parse_mtgo(data: str | bytes, name: str = "deck") -> DeckList:
    """Read an MTGO ``.dek`` file (text, or bytes in the encoding the document declares);
    ``name`` prefixes error messages.  A document type declaration is refused."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    main: list[Entry] = []
    side: list[Entry] = []
    main_lines: list[int] = []
    side_lines: list[int] = []
    depth = 0

    def where() -> str:
        return f"{name}: line {parser.CurrentLineNumber}"

    def refuse_dtd(*_) -> None:
        # Refused when the declaration starts, before its internal subset is read: entity
        # definitions can expand exponentially ("billion laughs") or name files and URLs.
        raise DeckError(f"{where()}: a document type declaration (<!DOCTYPE ...>) is not "
                        "allowed in an MTGO deck file: entity definitions are refused")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 1:
            if tag != "Deck":
                raise DeckError(f"{where()}: the root element is {_quote('<' + tag + '>')}; "
                                "an MTGO .dek file has <Deck>")
            return
        if tag != "Cards":
            return                  # NetDeckID, PreconstructedDeckID, ...: not needed
        if depth != 2:
            raise DeckError(f"{where()}: <Cards> must be directly inside <Deck>")
        card = _mtgo_name(attrs.get("Name", ""))
        if not card:
            raise DeckError(f"{where()}: <Cards> needs a Name attribute with the card's name")
        element = f"<Cards Name={_quote(card)}>"
        quantity = attrs.get("Quantity")
        if quantity is None:
            raise DeckError(f"{where()}: {element} needs a Quantity attribute")
        quantity = quantity.strip()
        if not quantity or quantity.strip(_DIGITS):
            raise DeckError(f"{where()}: {element} Quantity must be a count in the digits 0-9, "
                            f"got {_quote(quantity)}")
        count = _count(quantity, f"{where()}: {element}")
        flag = attrs.get("Sideboard", "false").strip().casefold()
        if flag not in ("true", "false", "1", "0"):
            raise DeckError(f"{where()}: {element} Sideboard must be 'true' or 'false', got "
                            f"{_quote(attrs['Sideboard'])}")
        cat = attrs.get("CatID")
        if cat is not None and (not cat.strip() or cat.strip().strip(_DIGITS)):
            raise DeckError(f"{where()}: {element} CatID must be a number, got {_quote(cat)}")
        if flag in ("true", "1"):
            side.append((count, card))
            side_lines.append(parser.CurrentLineNumber)
        else:
            main.append((count, card))
            main_lines.append(parser.CurrentLineNumber)

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        # Text only: expat reads a str as UTF-8 whatever the declaration says, and bytes
        # have been decoded by the encoding they declare (expat itself knows only a few).
        text = decode_xml(data, name) if isinstance(data, bytes) else data
        parser.Parse(text.removeprefix("\ufeff"), True)
    except expat.ExpatError as err:
        raise DeckError(f"{name}: line {err.lineno}: not well-formed XML "
                        f"({expat.ErrorString(err.code)})") from None
    if not main:
        raise _no_cards(name)
    return DeckList(tuple(main), tuple(side), tuple(main_lines + side_lines))


# --- choosing a format -----------------------------------------------------------------------

def check_format(format: str | None) -> None:
    """Raise DeckError unless ``format`` is None or one of :data:`FORMATS`."""
    if format is not None and format not in FORMATS:
        raise DeckError(f"unknown deck format {format!r}; the formats are "
                        + ", ".join(repr(f) for f in FORMATS))


def looks_like_xml(data: str | bytes) -> bool:
    """Whether a deck file's first character (after a byte-order mark and white space) is
    ``<``: no entry of a text list starts so."""
    if isinstance(data, bytes):
        marked = _marked_encoding(data)
        if marked is not None:
            enc, skip = marked
            return data[skip:skip + 256].decode(enc, "ignore").lstrip()[:1] == "<"
        return data.lstrip()[:1] == b"<"
    return data.removeprefix("\ufeff").lstrip()[:1] == "<"


def detect_format(text: str) -> str:
    """``"mtgo"`` for XML, ``"arena"`` for a list with an Arena-only section header or an
    entry with a ``(SET)`` part, else ``"text"``.

    >>> detect_format("4 Lightning Bolt (M10) 146"), detect_format("4 Lightning Bolt")
    ('arena', 'text')
    """
    if looks_like_xml(text):
        return "mtgo"
    for _, line in _lines(text):
        if not line:
            continue
        section = _arena_section(line)
        if section is not None:
            if section != "side":               # "Sideboard" is plain text too
                return "arena"
            continue
        entry = _split_entry(line)
        if entry is not None and _printing(entry[1]) is not None:
            return "arena"
    return "text"


def read_deck_list(text: str, name: str = "deck", format: str | None = None) -> DeckList:
    """Read a deck list in ``format``, or in the format its content shows when None."""
    check_format(format)
    format = format or detect_format(text)
    if format == "mtgo":
        return parse_mtgo(text, name)
    if format == "arena":
        return parse_arena(text, name)
    return parse_text(text, name)


# --- writing ---------------------------------------------------------------------------------

def write_text(main: tuple[Entry, ...], side: tuple[Entry, ...] = ()) -> str:
    lines = [f"{c} {n}" for c, n in main]
    if side:
        lines += ["Sideboard"] + [f"{c} {n}" for c, n in side]
    return "\n".join(lines) + "\n"


def write_arena(main: tuple[Entry, ...], side: tuple[Entry, ...] = ()) -> str:
    """An Arena import list (no set codes: the printing plays no part in the rules)."""
    lines = ["Deck"] + [f"{c} {n}" for c, n in main]
    if side:
        lines += ["", "Sideboard"] + [f"{c} {n}" for c, n in side]
    return "\n".join(lines) + "\n"


def write_mtgo(main: tuple[Entry, ...], side: tuple[Entry, ...] = ()) -> str:
    """An MTGO ``.dek`` document (without CatIDs: MTGO's catalogue numbers are not known)."""
    def card(count: int, n: str, sideboard: bool) -> str:
        n = escape(n.replace(" // ", "/"), {'"': "&quot;", "\n": "&#10;", "\t": "&#9;"})
        return (f'  <Cards Quantity="{count}" Sideboard="{"true" if sideboard else "false"}" '
                f'Name="{n}" />')
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
             'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
             "  <NetDeckID>0</NetDeckID>",
             "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    lines += [card(c, n, False) for c, n in main] + [card(c, n, True) for c, n in side]
    return "\n".join(lines + ["</Deck>"]) + "\n"
