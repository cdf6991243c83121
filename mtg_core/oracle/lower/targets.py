"""Lowering of several targets in one phrase (601.2c, 115.1):

- "up to one target X" (:meth:`.context.Ctx.target`): an optional target, "up to one X" in the
  card language, which the player may leave unchosen;
- "up to two target Xs", "each of up to two target Xs", "each of two target Xs": two target
  slots of one word "target" (the second a *different* X, 601.2c), the same effect on each;
- "They ..." / "Those creatures ..." right after such a pair: the effect on each of them.

A pair whose effect is not one effect on one object each (a player, a spell, damage by
another source, ...) stays refused as "several targets in one phrase".  608.2b: each target
is checked on resolution on its own; the spell or ability doesn't resolve only if all its
chosen targets are illegal (the core's optional_targets_and_modes.pxi).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ... import cards as C
from ..nodes import Amount, Effect, Filter, Obj
from . import registry as R
from .context import Ctx, Inexpressible

_SEVERAL = "several targets in one phrase"

_EACH_OBJECT_EFFECTS = (C.Destroy, C.Exile, C.ReturnToHand, C.Untap, C.AddCounters, C.PutOnTop,
                        C.ReturnFromGraveyard, C.Tap, C.Damage, C.Pump, C.GrantKeywords,
                        C.DoesntUntapNextUntapStep)
"""Effects on one object (its ``who``): "tap up to two target creatures" is the same effect on
each of them, one after the other in the same resolution (608.2c; no state-based action in
between, and damage to each is dealt by the same source as one event would be)."""

_TWO_TARGET_VERBS = ("destroy", "exile", "bounce", "untap", "add counters", "put on top")
"""Verbs whose exact "two target Xs" moves.py already reads (its _two_targets)."""

_THEY = (Obj("they"), Obj("that", Filter(("creature",))))
""""They" and "those creatures" (the grammar reads "those creatures" as "that creature")."""


def _counted(o: Obj | None) -> bool:
    """"up to two target Xs" / "two target Xs" (a pair of one word "target")."""
    return o is not None and o.kind == "target" and o.count == Amount(2)


def _each(first: list, r: str, what: str) -> None:
    """Every effect lowered for one object is an effect on that object alone."""
    if not first or not all(isinstance(x, _EACH_OBJECT_EFFECTS) and x.who == r for x in first):
        raise Inexpressible(_SEVERAL, what)


def _pair(fn: Callable, e: Effect, ctx: Ctx, field: str) -> list:
    """The effect on the first target of the pair, then the same on the second (a
    different object of the same kind, 601.2c)."""
    o = getattr(e, field)
    one = dataclasses.replace(o, count=Amount(1) if o.up_to else None)
    n = len(ctx.targets)
    first = fn(dataclasses.replace(e, **{field: one}), ctx)
    if len(ctx.targets) != n + 1:
        raise Inexpressible(_SEVERAL, o.phrase())
    r1 = ("target", "target2")[n]
    _each(first, r1, o.phrase())
    spec = ctx.targets[-1]
    plain = spec[len(C.OPTIONAL_TARGET):] if spec.startswith(C.OPTIONAL_TARGET) else spec
    if f"different {plain}" not in C.TARGETS:           # players and spells: not yet
        raise Inexpressible(_SEVERAL, o.phrase())
    r2 = ctx.target(f"different {plain}", one)
    ctx.last = None                     # "it" would name only one of them
    ctx.last_subject = None             # so would a shared subject ("and gets ...")
    ctx.pair = (r1, r2, len(ctx.targets))               # what "they" names next
    return first + [dataclasses.replace(x, who=r2) for x in first]


def _both(fn: Callable, e: Effect, ctx: Ctx, field: str) -> list:
    """"They ..." / "Those creatures ...": the effect on each of the pair named just before."""
    r1, r2, n = ctx.pair
    out: list = []
    for r in (r1, r2):
        ctx.last = r
        part = fn(dataclasses.replace(e, **{field: Obj("it")}), ctx)
        _each(part, r, "they")
        out += part
    if len(ctx.targets) != n:
        raise Inexpressible(_SEVERAL, "they")
    ctx.last = None
    ctx.last_subject = None
    return out


def several_targets(fn: Callable, e: Effect, ctx: Ctx) -> list:
    """Lower effect ``e`` with ``fn`` (its EFFECTS entry), reading a pair of targets in its
    subject or object, or "they" / "those creatures" naming the pair before it."""
    pair = getattr(ctx, "pair", None)
    if pair is not None and (pair[2] != len(ctx.targets) or ctx.last is not None):
        ctx.pair = pair = None          # something else was named since: "they" is not it
    for field in ("object", "subject"):
        o = getattr(e, field)
        if _counted(o) and not (e.verb in _TWO_TARGET_VERBS and not o.up_to and field == "object"):
            return _pair(fn, e, ctx, field)
        if pair is not None and o in _THEY:
            return _both(fn, e, ctx, field)
    return fn(e, ctx)


# --- "choose one --" in an activated or triggered ability (700.2, 602.2b, 603.3c) ------------

def lower_ability_modes(e: Any, effects: tuple, ctx: Ctx) -> list:
    """The modes of an activated or triggered ability: its only effect, "choose one"; each
    mode is lowered on its own, with its own targets (700.2a)."""
    if ctx.kind not in ("activated", "triggered") or len(effects) != 1:
        raise Inexpressible("modes (choose one —) outside a spell")
    if e.choose != "one":
        raise Inexpressible(f"modes: choose {e.choose} (an ability)")
    modes = []
    for body in e.modes:
        mctx = dataclasses.replace(ctx, targets=[])
        lowered = R.EFFECT_SEQUENCES(body, mctx)
        if any(t.startswith(C.OPTIONAL_TARGET) for t in mctx.targets):
            raise Inexpressible("an 'up to one' target in a mode")
        modes.append(C.Mode(*lowered, targets=tuple(mctx.targets)))
    if not 2 <= len(modes) <= 8:        # ChooseOne's own bounds, a refusal here (700.2)
        raise Inexpressible(f"modes: choose one of {len(modes)} (700.2: 2 to 8)")
    return [C.ChooseOne(*modes)]
