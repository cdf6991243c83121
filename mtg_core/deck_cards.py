"""The card database a game's decks need: the bundled library, or the library's cards plus
cards imported from the user's card-data file.

Every entry point (:class:`~mtg_core.Game`, :func:`~mtg_core.simulate`,
:func:`~mtg_core.play_random_games`, ``mtg-core play`` / ``simulate``) takes the card
source the same way: ``cards=`` a :class:`CardDB`, or a path to a card-data file (MTGJSON
``AtomicCards.json``, a Scryfall oracle-cards file, or the ``oracle-cards.json`` corpus
format; see :mod:`mtg_core.oracle.card_file`), else the file the environment variable
``MTG_CORE_CARDS`` names, else the bundled library alone.

With a card-data file, a deck whose cards are all in the bundled library plays over the
library's database, exactly as without the file (its games and saved states don't change).
Otherwise the database holds just the cards the decks use: the library's version of each
card it has (written and tested by hand), the file's import of every other one.  Names
match in any spelling (:mod:`mtg_core.card_names`; a multi-face card by its full name or
any face), and the decks come back spelled as the database spells them.  Decks with a card
that is neither in the library nor imported raise one :class:`UnplayableDeckError` naming
every such card of every deck with the importer's reasons, before any game starts.

>>> db, decks = card_database(["bears", "red"])
>>> db is DEFAULT_CARDS, [d.name for d in decks]
(True, ['bears', 'red'])
"""
from __future__ import annotations

import os
from collections import OrderedDict
from typing import Sequence

from .cards import Card, CardDB
from .decks import Deck, match_name, resolve_deck
from .errors import CardScriptError, DeckError, UnplayableDeckError
from .library import DEFAULT_CARDS

ENV_VAR = "MTG_CORE_CARDS"
_HINT = (f"not in the bundled library; to import it, name a card data file: cards=PATH, "
         f"--cards PATH or {ENV_VAR}=PATH")
_KEEP = 16                          # card files and databases kept per process


def card_file_path(cards) -> str | None:
    """The card-data file ``cards`` names (a path), else the one ``MTG_CORE_CARDS`` names,
    else None; a CardDB names none."""
    if isinstance(cards, CardDB):
        return None
    if cards is None:
        return os.environ.get(ENV_VAR) or None
    if isinstance(cards, (str, os.PathLike)):
        return os.fspath(cards)
    raise DeckError(f"cards must be a CardDB or the path of a card data file, not "
                    f"{type(cards).__name__}")


_FILES: "OrderedDict[tuple, object]" = OrderedDict()
_DBS: "OrderedDict[tuple, CardDB]" = OrderedDict()


def _remember(table: OrderedDict, key, value):
    table[key] = value
    table.move_to_end(key)
    while len(table) > _KEEP:
        table.popitem(last=False)
    return value


def open_card_file(path: str):
    """The :class:`~mtg_core.oracle.card_file.CardFile` of ``path``, opened once per
    process while the file is unchanged."""
    from .oracle.card_file import CardFile         # the importer loads only when needed
    try:
        st = os.stat(path)
        key = (os.path.realpath(path), st.st_size, st.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _FILES:
        _FILES.move_to_end(key)
        return _FILES[key]
    f = CardFile(path)
    return _remember(_FILES, key, f) if key is not None else f


def _respelled(deck: Deck, spelling: dict[str, str]) -> Deck:
    main = tuple((c, spelling.get(n, n)) for c, n in deck.entries)
    side = tuple((c, spelling.get(n, n)) for c, n in deck.sideboard)
    return Deck(deck.name, main, side, deck.lines)


def _check_against(db: CardDB, decks: list[Deck], hint: str = "") -> list[Deck]:
    """The decks with their main decks spelled as in ``db``; one error for every unknown
    card of every deck."""
    problems: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    lines: list[str] = []
    for d in decks:
        for n, why in d.unplayable(db):
            if (n, (why,)) not in problems.get(d.name, []):        # a mirror: once
                problems.setdefault(d.name, []).append((n, (why,)))
                lines.append(f"{d.name}: {why}")
    if problems:
        raise UnplayableDeckError(problems, lines, hint)
    return [Deck(d.name, d._resolve(db, with_sideboard=False).entries, d.sideboard, d.lines)
            for d in decks]


def database_of(cards_list: Sequence[Card]) -> CardDB:
    """A CardDB of these cards (in this order), compiled once per process."""
    names = tuple(c.name for c in cards_list)
    db = _DBS.get(names)
    if db is not None and all(a is b for a, b in zip(db.cards, cards_list)):
        _DBS.move_to_end(names)
        return db
    try:
        db = CardDB(list(cards_list))
    except CardScriptError as err:
        raise DeckError(f"the cards of these decks don't fit one card database: {err}") from None
    return _remember(_DBS, names, db)


def card_database(decks: Sequence, cards=None) -> tuple[CardDB, list[Deck]]:
    """The card database for playing ``decks`` (Decks, bundled deck names or deck files)
    with the card source ``cards`` (see the module docstring), and the decks spelled as it
    spells them.  Raises :class:`UnplayableDeckError` (a :class:`DeckError`) naming every
    card of every deck that can't be played."""
    resolved = [resolve_deck(d) for d in decks]
    if isinstance(cards, CardDB):
        return cards, _check_against(cards, resolved)
    path = card_file_path(cards)
    if path is None:
        return DEFAULT_CARDS, _check_against(DEFAULT_CARDS, resolved, _HINT)
    wanted: list[str] = []                          # every main-deck name, first seen first
    for deck in resolved:
        for _, n in deck.entries:
            if n not in wanted:
                wanted.append(n)
    library = {n: match_name(DEFAULT_CARDS, n) for n in wanted}
    source = open_card_file(path)                   # a bad file is an error even if unused
    if all(library.values()):                       # nothing to import: the library as is
        return DEFAULT_CARDS, _check_against(DEFAULT_CARDS, resolved)
    found = source.lookup([n for n in wanted if library[n] is None])
    problems: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    lines: list[str] = []
    for deck in resolved:
        for k, (_, n) in enumerate(deck.entries):
            got = found.get(n)
            if got is not None and not got.ok and all(p != n for p, _ in problems.get(deck.name, [])):
                problems.setdefault(deck.name, []).append((n, got.problem))
                lines.append(f"{deck.name}: {deck._where(k)}: {n!r}: " + "; ".join(got.problem))
    if problems:
        raise UnplayableDeckError(problems, lines)
    spelling = {n: library[n] or found[n].name for n in wanted}
    chosen: dict[str, Card] = {}
    for n in wanted:
        full = spelling[n]
        chosen[full] = DEFAULT_CARDS[full] if library[n] else found[n].card
    db = database_of([chosen[k] for k in sorted(chosen)])
    return db, [_respelled(d, spelling) for d in resolved]


def database_of_names(names: Sequence[str], cards=None) -> CardDB:
    """The card database holding exactly ``names``, in that order (a saved game's card
    list), from the library and the card source ``cards``: how a game saved over imported
    cards loads again."""
    path = card_file_path(cards)
    if isinstance(cards, CardDB):
        return cards
    if list(names) == DEFAULT_CARDS.names():
        return DEFAULT_CARDS
    missing = [n for n in names if n not in DEFAULT_CARDS]
    found = open_card_file(path).lookup(missing) if (path and missing) else {}
    bad = [(n, found[n].problem if n in found else (_HINT,)) for n in missing
           if n not in found or not found[n].ok or found[n].name != n]
    if bad:
        raise UnplayableDeckError({"saved game": bad},
                                  [f"saved game: {n!r}: " + "; ".join(why) for n, why in bad])
    return database_of([DEFAULT_CARDS[n] if n in DEFAULT_CARDS else found[n].card for n in names])
