"""Choices from a revealed hand, one layer of :data:`.registry.EFFECT_SEQUENCES`: "Target
player reveals their hand. You choose a <quality> card from it. That player discards that
card." (701.20, 701.8; Thoughtseize, Duress, Inquisition of Kozilek) is one instruction,
:class:`~mtg_core.cards.RevealHandDiscardChosen`; the effects around it are lowered by the
layers below.  The qualities are a search's (:func:`.searches._search_quality`) plus
"non<type>" ("a noncreature, nonland card")."""
from __future__ import annotations

from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Filter, Obj
from .context import IMPLIED_YOU, Ctx, Inexpressible, ref
from .searches import _CARD_TYPES, _search_quality

_YOU = Obj("you")
_THAT_CARD = Obj("that", Filter(("card",)))
_NON = {"non" + w: t for w, t in _CARD_TYPES.items()}


def _is_hand_choice(effects: tuple, k: int) -> bool:
    if k + 2 >= len(effects) or not all(isinstance(x, Effect) for x in effects[k:k + 3]):
        return False
    reveal, choose, discard = effects[k:k + 3]
    return reveal.verb == "reveal hand" and not reveal.extra and reveal.object is None and \
        choose.verb == "choose from revealed hand" and choose.subject == _YOU and \
        not choose.extra and discard.verb == "discard" and \
        discard.subject == Obj("that player") and discard.object == _THAT_CARD and \
        not discard.extra and discard.amount is None


def _qualities(o: Any, ctx: Ctx) -> dict:
    """RevealHandDiscardChosen's keywords for "a <quality> card"."""
    if not isinstance(o, Obj) or o.filter is None:
        raise Inexpressible("effect: choose from a revealed hand")
    not_types = tuple(_NON[p] for p in o.filter.props if p in _NON)
    rest = Obj(o.kind, Filter(o.filter.types, tuple(p for p in o.filter.props if p not in _NON)),
               o.count, o.up_to)
    kw = _search_quality(rest, ctx)
    if kw is None or kw.get("subtypes") or kw.get("basic") or kw.get("snow") or \
            kw.get("named_self") or kw.get("all_types") or len(set(not_types)) != len(not_types) \
            or set(not_types) & set(kw.get("types", ())):
        raise Inexpressible(f"effect: choose {o.phrase()} from a revealed hand")
    out = {"types": kw["types"], "not_types": not_types}
    for key in ("legendary", "colors", "mana_value"):
        if key in kw:
            out[key] = kw[key]
    return out


def _look_at_hand(e: Effect, ctx: Ctx) -> list:
    """"Look at target player's hand": LookAtHand (the controller learns the cards)."""
    if e.subject not in (_YOU, IMPLIED_YOU) or e.extra or e.amount is not None:
        raise Inexpressible("effect: look at a hand")
    return [C.LookAtHand(ref(e.object, ctx, "player"))]


@R.EFFECT_SEQUENCES.layer("revealed hand choices")
def lower_effects(rest, effects: tuple, ctx: Ctx) -> list:
    """The reveal-choose-discard sentences as one effect; the others by the chain below."""
    effects = tuple(effects)
    for k in range(len(effects)):
        if _is_hand_choice(effects, k):
            head = rest(effects[:k], ctx) if k else []
            who = ref(effects[k].subject, ctx, "player")
            ctx.last_player = who                  # "that player" of what follows
            got = [C.RevealHandDiscardChosen(who, **_qualities(effects[k + 1].object, ctx))]
            tail = lower_effects(rest, effects[k + 3:], ctx) if k + 3 < len(effects) else []
            return head + got + tail
    return rest(effects, ctx)
