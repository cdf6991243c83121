"""Effects on players: drawing (121), life (119), poison counters, milling, discarding
(701.8: chosen or at random), scry (701.22) and surveil (701.25), exiling a whole graveyard
(406.3), and adding mana outside a mana ability (106.3).

Each is an entry of :data:`.verbs.EFFECTS`.
"""
from __future__ import annotations

from typing import Callable

from ... import cards as C
from ..nodes import Effect, Obj
from .context import (IMPLIED_YOU, Ctx, Inexpressible, _by_you, _is_object_spec, amount_x, literal, ref,
                      subject)


def _player_amount(cls: Callable, what: str, x: bool = False) -> Callable:
    """``x``: the language's effect takes "X" as its amount (107.3a)."""
    def lower(e: Effect, ctx: Ctx) -> list:
        if e.extra:
            raise Inexpressible(f"effect: {e.verb} ({', '.join(k for k, _ in e.extra)})")
        n = amount_x(e.amount, what, ctx) if x else literal(e.amount, what)
        return [cls(subject(e, ctx, "player"), n)]
    return lower


def _gain_life(e: Effect, ctx: Ctx) -> list:
    """"You gain N life"; after an Exile, "Its controller gains life equal to its power"
    (608.2h: the exiled creature as it last existed)."""
    if e.amount is not None and e.amount.expr == "its power" and \
            e.subject == Obj("its controller") and ctx.exiled:
        return [C.GainLifeEqualToPower("its controller")]
    if e.amount is not None and e.amount.expr == "its mana value" and ctx.last == "target" \
            and len(ctx.targets) == 1 and _is_object_spec(ctx.targets[0]):
        # "You gain life equal to its mana value", "it" the target (Divine Offering)
        return [C.GainLifeEqualToManaValue(subject(e, ctx, "player"))]
    return _player_amount(C.GainLife, "life gained", x=True)(e, ctx)


def _discard(e: Effect, ctx: Ctx) -> list:
    """"discards N cards at random"; "discards N cards" of their choice (701.8: below)."""
    if e.get("random") is None and not e.extra and e.object is None:
        return _chosen_discard(e, ctx)
    if e.get("random") is not True or len(e.extra) != 1 or e.object is not None:
        raise Inexpressible("effect: discard")
    return [C.DiscardAtRandom(subject(e, ctx, "player"), literal(e.amount, "cards discarded"))]


def _chosen_discard(e: Effect, ctx: Ctx) -> list:
    """"<player> discards N cards" (701.8a): that player chooses them."""
    who = subject(e, ctx, "player")
    if who not in ("you", "target", "target2", "each opponent", "each player", "that player"):
        raise Inexpressible("effect: discard")
    return [C.Discard(who, literal(e.amount, "cards discarded"))]


def _exile_graveyard(e: Effect, ctx: Ctx) -> list:
    """"Exile target player's / each opponent's / your graveyard" (406.3): the effect's
    object is the graveyard's owner."""
    _by_you(e, ctx)
    if e.extra or e.amount is not None:
        raise Inexpressible("effect: exile graveyard")
    return [C.ExileGraveyard(ref(e.object, ctx, "player"))]


def _scry(e: Effect, ctx: Ctx) -> list:
    if e.subject not in (Obj("you"), IMPLIED_YOU) or e.object is not None or e.extra:
        raise Inexpressible(f"effect: {e.verb}")
    n = literal(e.amount, e.verb)
    return [C.Scry(n) if e.verb == "scry" else C.Surveil(n)]


def _add_mana(e: Effect, ctx: Ctx) -> list:
    """"Add {B}{B}{B}" in a spell or a triggered ability (106.3).  In an activated ability
    it would make a mana ability (605.1a), which only :class:`~mtg_core.cards.ManaAbility`
    expresses."""
    if ctx.kind == "activated":
        raise Inexpressible("mana ability with another effect or cost")
    how, what = e.get("mana")
    syms = [x.strip("{}") for x in what.replace("}{", "}|{").split("|")]
    if how != "exactly" or any(x not in C.COLOR_INDEX for x in syms):
        raise Inexpressible("effect: add mana (" + how + ")", what)
    _by_you(e, ctx)
    return [C.AddMana(c, syms.count(c)) for c in dict.fromkeys(syms)]


_draw = _player_amount(C.Draw, "cards drawn", x=True)
_lose_life = _player_amount(C.LoseLife, "life lost", x=True)
_poison = _player_amount(C.Poison, "poison counters")
_mill = _player_amount(C.Mill, "cards milled")
