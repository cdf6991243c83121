"""Double-faced cards (712) and transforming (701.28) in the card language.

A double-faced card is a :class:`~mtg_core.cards.Card` (its front face) with ``back=``
another ``Card`` (its back face).  ``modal=True`` makes it a modal double-faced card (712.1:
either face may be cast or played, and it can't transform); otherwise it is a transforming
one: it is cast front face up, and ``Transform()`` (an effect, in :mod:`.effects.permanents`)
turns it over (701.28a).  Each face
compiles to a row of the card table; the object records which face is up (712.8).

>>> from mtg_core.cards import Card, TriggeredAbility
>>> back = Card("Insectile Aberration", types=("Creature",), subtypes=("Human", "Insect"),
...             power=3, toughness=2, keywords=("flying",), colors="U")
>>> delver = Card("Delver of Secrets", "{U}", types=("Creature",), subtypes=("Human", "Wizard"),
...               power=1, toughness=1, back=back)
>>> delver.back.name, delver.modal
('Insectile Aberration', False)
>>> Card("Bad", "{U}", types=("Creature",), power=1, toughness=1, modal=True)
Traceback (most recent call last):
    ...
mtg_core.errors.CardScriptError: Bad: modal=True needs a back face (712.1)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardScriptError
from .costs import ManaCost
from .effects.choices import Condition
from .vocabulary import _C

if TYPE_CHECKING:                                    # pragma: no cover
    from .card import Card


def check_faces(card: "Card") -> None:
    """A malformed double-faced card fails where it is defined."""
    back = card.back
    if back is None:
        if card.modal:
            raise CardScriptError(f"{card.name}: modal=True needs a back face (712.1)")
        return
    if not isinstance(back, type(card)):          # a Card (faces.py sits below card.py)
        raise CardScriptError(f"{card.name}: back={back!r} is not a Card")
    if card.token or back.token:
        raise CardScriptError(f"{card.name}: a double-faced card is a card, not a token (712.1)")
    if card.daybound != back.nightbound or back.daybound or (card.daybound and card.modal):
        raise CardScriptError(f"{card.name}: daybound on the front face of a transforming card "
                              "goes with nightbound on its back face (702.145)")
    if back.back is not None or back.modal:
        raise CardScriptError(f"{card.name}: a back face has no back face of its own (712.1)")
    if back.name == card.name:
        raise CardScriptError(f"{card.name}: the two faces of a double-faced card have "
                              "different names (712.1)")
    if not card.modal:
        if back.mana_cost:
            raise CardScriptError(f"{card.name}: the back face of a transforming double-faced "
                                  "card has no mana cost (712.8e)")
        if not (card.is_permanent() and back.is_permanent()):
            raise CardScriptError(f"{card.name}: both faces of a transforming double-faced card "
                                  "are permanents (an instant or sorcery can't transform, 701.28)")


def combine_halves(card: "Card") -> None:
    """709.4: a split card has the characteristics of its two halves combined: both card
    types, both colours, and as mana cost the two mana costs together (its mana value is
    their sum).  Filled into the whole card's fields as it is defined."""
    halves = card.halves
    if len(halves) != 2 or not all(isinstance(h, type(card)) for h in halves):
        raise CardScriptError(f"{card.name}: a split card has two halves, each a Card (709.1)")
    for h in halves:
        if not set(h.types) <= {"Instant", "Sorcery"}:
            raise CardScriptError(f"{card.name}: split cards with halves other than instants "
                                  "and sorceries are not supported (709)")
        if h.halves or h.back is not None or h.token or "{X}" in h.mana_cost:
            raise CardScriptError(f"{card.name}: a half is a plain card without {{X}} (709.1)")
    cost = _combined_cost(halves)
    if card.back is not None or card.abilities or card.token or card.keywords or \
            card.mana_cost not in ("", cost):
        raise CardScriptError(f"{card.name}: a split card's characteristics come from its "
                              "halves (709.4)")
    colors = "".join(c for c in "WUBRG" if any(
        c in (h.colors if h.colors is not None else h.mana_cost) for h in halves))
    object.__setattr__(card, "mana_cost", cost)
    object.__setattr__(card, "types", tuple(t for t in ("Instant", "Sorcery")
                                            if any(t in h.types for h in halves)))
    object.__setattr__(card, "colors", colors)


def _combined_cost(halves) -> str:
    """The two halves' mana costs as one (709.4): generic amounts added, then the pips."""
    costs = [ManaCost.parse(h.mana_cost) for h in halves]
    generic = sum(c.generic for c in costs)
    out = f"{{{generic}}}" if generic else ""
    for i, sym in enumerate("WUBRGC"):
        out += ("{" + sym + "}") * sum(c.pips[i] for c in costs)
    out += "".join("{" + h + "}" for c in costs for h in c.hybrid)       # 107.4e
    out += "".join(("{" + "WUBRG"[i] + "/P}") * sum(c.phyrexian[i] for c in costs)
                   for i in range(5))                                       # 107.4f
    return out


def face_columns(cards: list, back_rows: set[int], card_rows: list[list[int]]) -> None:
    """Fill CF_FACE / CF_OTHER_FACE of both faces of every double-faced card (a back face's
    row follows its front's).  712.8e: a transforming card's back face has the mana value
    of its front face (it has no mana cost of its own)."""
    for i, c in enumerate(cards):
        if i not in back_rows and (c.nightbound or (c.daybound and c.back is None)):
            raise CardScriptError(f"{c.name}: daybound is on the front face of a transforming "
                                  "card, nightbound on its back face (702.145)")
    for b in sorted(back_rows):
        if b >= 2 and cards[b - 2].halves and cards[b - 2].halves[1] is cards[b]:
            continue                                   # the right half of a split card
        if cards[b - 1].halves:                        # 709: whole card, then its halves
            w = b - 1
            if cards[w].halves[0] is not cards[b] or cards[w].halves[1] is not cards[b + 1]:
                raise CardScriptError(f"{cards[w].name}: its halves' rows are not next to it")
            card_rows[w][_C["CF_FACE"]] = _C["FACE_SPLIT"] | _C["FACE_FRONT"]
            card_rows[w][_C["CF_OTHER_FACE"]] = b
            for h in (b, b + 1):
                card_rows[h][_C["CF_FACE"]] = _C["FACE_SPLIT"] | _C["FACE_BACK"]
                card_rows[h][_C["CF_OTHER_FACE"]] = w
            continue
        f = b - 1
        front, back = cards[f], cards[b]
        if front.back is not back:                 # the rows CardDB gave them
            raise CardScriptError(f"{front.name}: its back face's row is not next to it")
        kind = _C["FACE_MODAL"] if front.modal else _C["FACE_TRANSFORM"]
        fast = front.modal and ("Instant" in back.types or
                                any(k.lower() == "flash" for k in back.keywords))
        card_rows[f][_C["CF_FACE"]] = _C["FACE_FRONT"] | kind | \
            (_C["FACE_BACK_FAST"] if fast else 0) | (_C["FACE_DAYBOUND"] if front.daybound else 0)
        card_rows[f][_C["CF_OTHER_FACE"]] = b
        card_rows[b][_C["CF_FACE"]] = _C["FACE_BACK"] | kind | \
            (_C["FACE_NIGHTBOUND"] if back.nightbound else 0)
        card_rows[b][_C["CF_OTHER_FACE"]] = f
        if not front.modal:
            card_rows[b][_C["CF_MANA_VALUE"]] = card_rows[f][_C["CF_MANA_VALUE"]]


# --- "spells cast last turn" (the werewolves' transform conditions) -----------------------------

def NoSpellsCastLastTurn() -> "Condition":
    """"if no spells were cast last turn" (by any player; 601.2i)."""
    return Condition(_C["COND_NO_SPELLS_LAST_TURN"])


def PlayerCastTwoSpellsLastTurn() -> "Condition":
    """"if a player cast two or more spells last turn" (one player cast two or more)."""
    return Condition(_C["COND_TWO_SPELLS_LAST_TURN"])
