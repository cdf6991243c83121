"""The turn: extra turns (500.7), extra phases and steps (500.8), skipped ones (614.10),
and delayed triggers "at the beginning of the next <step>" (603.7).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from . import Effect, RefEffect, compile_program
from ..vocabulary import _C, EXTRA_PHASES, STEP_PHASE, _phase, _ref, _step


@dataclass(frozen=True)
class ExtraTurn(RefEffect):
    """<who> takes an extra turn after this one (500.7)."""
    who: str = "you"
    OP = "OP_EXTRA_TURN"


@dataclass(frozen=True)
class ExtraCombat(Effect):
    """After this phase, an additional combat phase followed by an additional main phase
    (500.8)."""

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_EXTRA_COMBAT"]]


@dataclass(frozen=True)
class ExtraPhase(Effect):
    """"After this phase, there is an additional <phase> phase" (500.8): "beginning"
    (untap, upkeep and draw steps), "combat", "main" or "ending".  For "an additional
    combat phase followed by an additional main phase" use :class:`ExtraCombat`."""
    phase: str

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_EXTRA_PHASE"], _phase(self.phase, EXTRA_PHASES)]


@dataclass(frozen=True)
class ExtraStep(Effect):
    """An additional <step> (500.9): directly after this step, or -- given ``after`` or
    ``before`` -- directly after / before the next <after> / <before> step of this turn
    that hasn't begun (nothing happens if the turn has none left).  The added step
    belongs to that step's phase, so both must be steps of the same phase (after this
    step: nothing happens in a main phase, which has no steps (505.2), or in a step of
    another phase)."""
    step: str
    after: str | None = None
    before: str | None = None

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        step = _step(self.step)
        if self.after is None and self.before is None:
            return [_C["OP_EXTRA_STEP"], step]
        if self.after is not None and self.before is not None:
            raise CardScriptError("an additional step goes either after or before a step, not both")
        anchor = _step(self.after if self.after is not None else self.before)
        if STEP_PHASE[step] != STEP_PHASE[anchor] or STEP_PHASE[step] == "main":
            raise CardScriptError(f"an additional {self.step} step can't be added next to the "
                                  f"{self.after or self.before} step: steps are added to their own "
                                  "phase (500.9), and a main phase has no steps (505.2)")
        return [_C["OP_EXTRA_STEP_AT"], step, anchor, 1 if self.before is not None else 0]


@dataclass(frozen=True)
class SkipNextStep(Effect):
    """<who> skips their next <step> (500.10)."""
    who: str
    step: str

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_SKIP_NEXT_STEP"], _ref(self.who), _step(self.step)]


@dataclass(frozen=True)
class SkipNextPhase(Effect):
    """<who> skips their next <phase> phase (500.10): "beginning", "precombat main",
    "combat", "postcombat main" or "ending"."""
    who: str
    phase: str

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_SKIP_NEXT_PHASE"], _ref(self.who), _phase(self.phase)]


@dataclass(frozen=True)
class SkipNextTurn(RefEffect):
    who: str = "you"
    OP = "OP_SKIP_NEXT_TURN"


@dataclass(frozen=True)
class AtBeginningOfNext(Effect):
    """A delayed trigger: "at the beginning of the next <step>, <effects>" (603.7, 513.3)."""
    step: str
    effects: tuple[Effect, ...]

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        body = compile_program(self.effects, ctx)
        return [_C["OP_DELAYED"], _step(self.step), len(body), *body]

    def children(self):
        return tuple(self.effects)
