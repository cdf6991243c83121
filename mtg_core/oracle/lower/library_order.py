"""Cards put on top of a library in an order a player chooses (401.4) and shuffles (701.24):

- "put two cards from your hand on top of your library in any order" (Brainstorm), "put a
  card from your hand on top of your library": ``PutFromHandOnTop`` (the "put on top" verb's
  reading of cards in the hand, called by :func:`.moves._put_on_top`);
- "look at the top three cards of your library, then put them back in any order" (Ponder,
  Sensei's Divining Top): ``LookAtTopPutBack``, a layer of :data:`.registry.LOOKS`;
- "you may shuffle" / "shuffle your library": ``Shuffle``, the "shuffle" verb's entry
  (``May`` comes from the modifier).
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Filter, Obj
from .context import IMPLIED_YOU, Ctx, Inexpressible, literal

_YOU = (Obj("you"), IMPLIED_YOU)


def from_your_hand(o: Obj | None) -> bool:
    """"a card from your hand", "two cards from your hand"."""
    return o is not None and o.kind == "a" and not o.up_to and \
        o.filter == Filter(("card",), ("from your hand",))


def put_from_hand_on_top(e: Effect, ctx: Ctx) -> list:
    """"Put N cards from your hand on top of your library [in any order]" (401.4): one card
    needs no order; two or more are put in the order the player chooses, which "in any
    order" says (a random order is not this)."""
    n = 1 if e.object.count is None else literal(e.object.count, "cards put on top")
    extra = dict(e.extra)
    order = extra.get("order")
    if e.subject not in _YOU or set(extra) - {"library", "order"} or \
            extra.get("library", "your") != "your" or order not in (None, "any") or \
            (n > 1 and order != "any"):
        raise Inexpressible("effect: put on top (order)")
    return [C.PutFromHandOnTop(n)]


def _shuffle(e: Effect, ctx: Ctx) -> list:
    """"Shuffle" / "shuffle your library" (701.24): the controller's own library."""
    if e.subject not in _YOU or e.object is not None or e.extra or e.amount is not None:
        raise Inexpressible("effect: shuffle")
    return [C.Shuffle("you")]


@R.LOOKS.layer("put back in any order")
def _look_put_back(below, e: Any, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"Look at the top N cards of your library, then put them back in any order" as
    LookAtTopPutBack; anything else as the layers below read it."""
    if isinstance(e, Effect) and e.verb == "look at" and i < len(effects):
        o, back = e.object, effects[i]
        if e.subject in _YOU and not e.extra and o is not None and o.kind == "top of library" \
                and o.filter == Filter(("card",), ("your library",)) and o.count is not None \
                and isinstance(o.count.value, int) and o.count.expr is None and \
                isinstance(back, Effect) and back.verb == "put back" and back.subject in _YOU and \
                back.object == Obj("them") and back.extra == (("order", "any"),) and \
                back.amount is None:
            return C.LookAtTopPutBack(o.count.value), 1
        if isinstance(back, Effect) and back.verb == "put back" and back.get("order") == "random":
            raise Inexpressible("effect: look at, put back in a random order")
    return below(e, effects, i, ctx)
