"""Effects on the turn structure (500): extra turns (500.7), skipping a step, phase
(500.10) or turn, an extra combat phase (500.8).

Each is an entry of :data:`.verbs.EFFECTS`.
"""
from __future__ import annotations

from ... import cards as C
from ..nodes import Effect
from .context import Ctx, Inexpressible, subject


def _extra_turn(e: Effect, ctx: Ctx) -> list:
    return [C.ExtraTurn(subject(e, ctx, "player"))]


_SKIP_PHASES = ("combat", "precombat main", "postcombat main")
"""Phases the grammar's "skip their next <step>" may name (500.10: phases can be skipped)."""


def _skip_next_step(e: Effect, ctx: Ctx) -> list:
    step = e.get("step")
    if step in _SKIP_PHASES:
        return [C.SkipNextPhase(subject(e, ctx, "player"), step)]
    if step not in C.STEPS or step == "main":          # "main phase" names neither one
        raise Inexpressible(f"step: {step}", step)
    return [C.SkipNextStep(subject(e, ctx, "player"), step)]


def _skip_next_turn(e: Effect, ctx: Ctx) -> list:
    return [C.SkipNextTurn(subject(e, ctx, "player"))]


def _extra_combat(e: Effect, ctx: Ctx) -> list:
    # The language's extra combat comes "after this phase" (500.8): the text's "after this
    # main phase" only means the same thing when the effect happens in a main phase.
    if not ctx.sorcery:
        raise Inexpressible("extra combat outside a sorcery")
    return [C.ExtraCombat()]
