"""Oracle-text importer: real card data (MTGJSON, Scryfall, the oracle-cards corpus) to card
definitions of :mod:`mtg_core.cards`.

The text is normalised (:mod:`.text`), parsed by an ability grammar into a parse tree of
the importer's own nodes (:mod:`.grammar`, :mod:`.nodes`), and the tree is lowered to card
objects where the card language can express it (:mod:`.lower`).  Whatever can't be read or
expressed is refused with its reason (:mod:`.report`) — never guessed.

>>> from mtg_core.oracle import import_card
>>> r = import_card("Giant Growth", "{G}", "Instant", "Target creature gets +3/+3 until end of turn.")
>>> r.ok, r.card.abilities[0].effects
(True, (Pump(who='target', power=3, toughness=3, duration='end of turn'),))
"""
from __future__ import annotations

from .importer import import_card, import_record, parse_text
from .result import (CATEGORIES, NOT_EXPRESSIBLE, UNKNOWN_PHRASE, UNSUPPORTED_KEYWORD,
                     ImportResult, Refusal)
from .report import Report
from .sources import CardDataError, CardRecord, read_file, read_records


def import_file(path: str, ordinary_only: bool = True) -> list[ImportResult]:
    """Import every card of a MTGJSON / Scryfall / corpus file (by default only ordinary
    paper cards: no Un-cards, digital-only cards, planes, schemes, ...).

    >>> import json, os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "cards.json")
    >>> with open(path, "w") as f:
    ...     json.dump([{"name": "Shock", "mana_cost": "{R}", "type_line": "Instant",
    ...                 "oracle_text": "Shock deals 2 damage to any target."}], f)
    >>> [(r.name, r.ok) for r in import_file(path)]
    [('Shock', True)]
    """
    return [import_record(r) for r in read_file(path) if r.ordinary or not ordinary_only]


__all__ = ["CATEGORIES", "CardDataError", "CardRecord", "ImportResult", "NOT_EXPRESSIBLE",
           "Refusal", "Report", "UNKNOWN_PHRASE", "UNSUPPORTED_KEYWORD", "import_card",
           "import_file", "import_record", "parse_text", "read_file", "read_records"]
