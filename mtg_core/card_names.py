"""How card names are compared when a deck list's spelling is not the card's exact name.

Deck lists spell names many ways: any case, "Lorien Revealed" for "Lórien Revealed",
"Aether Vial" for "Æther Vial", a typographic apostrophe, a split card as "Fire/Ice" (MTGO)
or "Fire // Ice", a double-faced card by its front face.  :func:`name_key` folds case,
spacing, diacritics, the Æ ligature, apostrophes and the slashes of split cards; a name
then matches a card when the folded forms are equal and only one card has that form (the
faces of multi-face cards are looked up by the card-data files' indexes, see
:mod:`mtg_core.oracle.card_file`).

>>> name_key("Lórien Revealed") == name_key("lorien  revealed")
True
>>> name_key("Fire/Ice"), name_key("Æther Vial"), name_key("Urza’s Saga")
('fire // ice', 'aether vial', "urza's saga")
"""
from __future__ import annotations

import re
import unicodedata

# letters NFKD does not decompose, and punctuation written several ways
_FOLD = str.maketrans({"Æ": "Ae", "æ": "ae", "’": "'", "‘": "'", "ʼ": "'", "–": "-", "—": "-"})
_SLASHES = re.compile(r"\s*/+\s*")


def name_key(name: str) -> str:
    """The folded form of a card name (see the module docstring)."""
    text = unicodedata.normalize("NFKD", name.translate(_FOLD))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _SLASHES.sub(" // ", text)
    return " ".join(text.split()).casefold()
