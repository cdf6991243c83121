"""Importing double-faced cards (712): each face is imported as a card of its own, then the
front face gets ``back=`` the back face (``modal=True`` for a modal double-faced card);
split cards (709) become ``Card(name, halves=(left, right))``.

Scryfall and the corpus give a multi-face card a ``layout`` and its ``card_faces`` (MTGJSON:
one entry per face, ``side`` a / b).  Supported layouts: ``transform`` (701.28),
``modal_dfc`` (712.1) and ``split`` with instant or sorcery halves (709; fuse is refused
by its keyword).  The others are refused with their layout as the reason: flip (710),
adventure (715), aftermath (702.127), meld (712.4, 701.42), ...

"Transform ~" (701.28a, an entry of :data:`.verbs.EFFECTS`) is read only on a face of a
transforming double-faced card; "When this creature transforms into ~" is one of
:data:`.triggered.SELF_TRIGGERS`.

>>> from mtg_core.oracle.sources import CardRecord
>>> front = CardRecord("Cloistered Youth", "{1}{W}", "Creature — Human",
...     "At the beginning of your upkeep, you may transform Cloistered Youth.", "1", "1",
...     colors=["W"])
>>> back = CardRecord("Unholy Fiend", "", "Creature — Horror",
...     "At the beginning of your end step, you lose 1 life.", "3", "3", colors=["B"])
>>> rec = CardRecord("Cloistered Youth // Unholy Fiend", layout="transform", faces=[front, back])
>>> from mtg_core.oracle.importer import import_card
>>> r = import_faces(rec, import_card)
>>> r.ok, r.card.name, r.card.back.name, r.card.back.colors, r.card.modal
(True, 'Cloistered Youth', 'Unholy Fiend', 'B', False)
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable

from ... import cards as C
from ...errors import CardScriptError
from ..nodes import SELF, Effect, Obj
from .context import IMPLIED_YOU, Ctx, Inexpressible
from ..result import NOT_EXPRESSIBLE, ImportResult, Refusal
from ..text import strip_reminder

if TYPE_CHECKING:                                    # pragma: no cover
    from ..sources import CardRecord

FACE_LAYOUTS = {"transform": False, "modal_dfc": True, "split": None}
"""The multi-face layouts imported, and whether the card is modal (712.1; None: split, 709)."""


def _transform(e: Effect, ctx: Ctx) -> list:
    """"Transform ~" (701.28a): only on a transforming double-faced card, only itself."""
    if ctx.layout != "transform":
        raise Inexpressible("effect: transform (not a transforming double-faced card)")
    if e.subject not in (None, IMPLIED_YOU, Obj("you")) or e.object != SELF or e.extra or e.duration:
        raise Inexpressible("effect: transform (of something else)")
    return [C.Transform("self")]


def _without_day_night(text: str, word: str) -> tuple[str, bool]:
    """The face's text without its "Daybound" (front) or "Nightbound" (back) line (702.145:
    a keyword of the card definition, Card(daybound=...)), and whether it had one."""
    lines = text.split("\n")
    keep = [ln for ln in lines if strip_reminder(ln).strip().lower() != word]
    return "\n".join(keep), len(keep) != len(lines)


def import_faces(rec: "CardRecord", import_card: Callable[..., ImportResult]) -> ImportResult:
    """Import a transforming or modal double-faced card from its two faces (712), each with
    ``import_card`` (the importer's, :func:`mtg_core.oracle.importer.import_card`), which
    is told the record's layout: each of its lowering contexts carries it
    (:attr:`.context.Ctx.layout`), for "transform ~" (701.28a)."""
    modal = FACE_LAYOUTS[rec.layout]
    if len(rec.faces) != 2:
        return ImportResult(rec.name, None, (), (Refusal(
            NOT_EXPRESSIBLE, rec.name, f"multi-face card ({rec.layout}, {len(rec.faces)} faces)"),),
            rec.type_line)
    results = []
    bound = []                                  # daybound / nightbound lines (702.145)
    for k, f in enumerate(rec.faces):
        text, found = _without_day_night(f.oracle_text, ("daybound", "nightbound")[k]) \
            if modal is False else (f.oracle_text, False)
        bound.append(found)
        r = import_card(f.name, f.mana_cost, f.type_line, text, f.power, f.toughness,
                        f.loyalty, colors=f.colors, layout=rec.layout)
        if r.card is not None and found:
            r.card = dataclasses.replace(r.card, text=f.oracle_text,
                                         **{("daybound", "nightbound")[k]: True})
        results.append(r)
    refusals = [x for r in results for x in r.refusals]
    if modal is None:                           # 709: a split card, its halves
        return _split_card(rec, results, refusals)
    if bound[0] != bound[1]:
        refusals.append(Refusal(NOT_EXPRESSIBLE, rec.name, "daybound without nightbound"))
    trees = tuple(t for r in results for t in r.trees)
    front, back = rec.faces
    if not modal and back.colors is None:
        # 202.2e: a back face's colours come from its colour indicator, which the data must give
        refusals.append(Refusal(NOT_EXPRESSIBLE, rec.name, "back face without its colours"))
    if refusals or not all(r.card for r in results):
        return ImportResult(rec.name, None, trees, tuple(refusals), rec.type_line)
    try:
        card = dataclasses.replace(results[0].card, back=results[1].card, modal=modal)
        C.CardDB([card])                        # compiles: the core's own checks pass
    except CardScriptError as err:
        return ImportResult(rec.name, None, trees, (Refusal(
            NOT_EXPRESSIBLE, rec.name, f"card: {err}"),), rec.type_line)
    return ImportResult(rec.name, card, trees, (), rec.type_line)


def _split_card(rec: "CardRecord", results: list, refusals: list) -> ImportResult:
    """709: a split card whose halves are instants or sorceries (fuse, 702.102, and the
    Rooms' unlocking are refused by their own words)."""
    trees = tuple(t for r in results for t in r.trees)
    for f in rec.faces:
        if not set(f.type_line.split()) <= {"Instant", "Sorcery"}:
            refusals.append(Refusal(NOT_EXPRESSIBLE, rec.name, "split card with a permanent half"))
            break
    if refusals or not all(r.card for r in results):
        return ImportResult(rec.name, None, trees, tuple(refusals), rec.type_line)
    try:
        card = C.Card(rec.name, halves=(results[0].card, results[1].card),
                      text=" // ".join(f.oracle_text for f in rec.faces))
        C.CardDB([card])
    except CardScriptError as err:
        return ImportResult(rec.name, None, trees, (Refusal(
            NOT_EXPRESSIBLE, rec.name, f"card: {err}"),), rec.type_line)
    return ImportResult(rec.name, card, trees, (), rec.type_line)
