"""Continuous effects of resolving spells and abilities (611.2): "gets +N/+N until end of
turn" (layer 7c), "gains <keywords>" (layer 6), "gain control of ... until ..." (layer 2)
and "switch ... power and toughness" (613.4d).

Each is an entry of :data:`.verbs.EFFECTS`.
"""
from __future__ import annotations

from ... import cards as C
from ..nodes import Effect
from .context import (Ctx, Inexpressible, _by_you, _duration, _keywords, _permanent, _pt, ref,
                      subject)


def _pump(e: Effect, ctx: Ctx) -> list:
    if e.duration is None:
        raise Inexpressible("static power/toughness change")
    p, t = _pt(e.get("pt"))
    return [C.Pump(subject(e, ctx, "object"), p, t, _duration(e.duration))]


def _gain_keywords(e: Effect, ctx: Ctx) -> list:
    kws = _keywords(e.get("keywords"))
    return [C.GrantKeywords(subject(e, ctx, "object"), kws, _duration(e.duration))]


def _gain_control(e: Effect, ctx: Ctx) -> list:
    """Gain control of a permanent until <duration> (layer 2)."""
    _by_you(e, ctx)
    if e.duration is None:
        raise Inexpressible("effect: gain control (no duration)")
    return [C.GainControl(_permanent(e.object, ctx), _duration(e.duration))]


def _switch_pt(e: Effect, ctx: Ctx) -> list:
    """613.4d: "Switch target creature's power and toughness until end of turn" (611.2)."""
    _by_you(e, ctx)
    return [C.Becomes(ref(e.object, ctx, "object"), C.SwitchPT(), duration=_duration(e.duration))]
