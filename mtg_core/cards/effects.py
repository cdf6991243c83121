"""Effects: small dataclasses, each lowered to opcodes of the core's effect interpreter
(src/effects.pxi; DESIGN principle 3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..errors import CardScriptError
from .vocabulary import (_C, COLOR_INDEX, COUNTERS, EXTRA_PHASES, STEP_PHASE, TYPE_BITS, _dur, _phase, _ref, _step, keyword_mask)

class Effect:
    """One instruction of an effect program."""

    def compile(self) -> list[int]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError


@dataclass(frozen=True)
class Damage(Effect):
    """~ deals N damage to <who> (120)."""
    who: str
    amount: int

    def compile(self):
        return [_C["OP_DAMAGE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class Pump(Effect):
    """<who> gets +P/+T until <duration> (613 layer 7c)."""
    who: str
    power: int
    toughness: int
    duration: str = "end of turn"

    def compile(self):
        return [_C["OP_PUMP"], _ref(self.who), int(self.power), int(self.toughness), _dur(self.duration)]


@dataclass(frozen=True)
class GrantKeywords(Effect):
    who: str
    keywords: tuple[str, ...]
    duration: str = "end of turn"

    def compile(self):
        return [_C["OP_GRANT_KEYWORDS"], _ref(self.who), keyword_mask(self.keywords), _dur(self.duration)]


@dataclass(frozen=True)
class Draw(Effect):
    who: str
    count: int = 1

    def compile(self):
        return [_C["OP_DRAW"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class LoseLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_LOSE_LIFE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class GainLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_GAIN_LIFE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class Poison(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_POISON"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class ExtraTurn(Effect):
    """<who> takes an extra turn after this one (500.7)."""
    who: str = "you"

    def compile(self):
        return [_C["OP_EXTRA_TURN"], _ref(self.who)]


@dataclass(frozen=True)
class ExtraCombat(Effect):
    """After this phase, an additional combat phase followed by an additional main phase
    (500.8)."""

    def compile(self):
        return [_C["OP_EXTRA_COMBAT"]]


@dataclass(frozen=True)
class ExtraPhase(Effect):
    """"After this phase, there is an additional <phase> phase" (500.8): "beginning"
    (untap, upkeep and draw steps), "combat", "main" or "ending".  For "an additional
    combat phase followed by an additional main phase" use :class:`ExtraCombat`."""
    phase: str

    def compile(self):
        return [_C["OP_EXTRA_PHASE"], _phase(self.phase, EXTRA_PHASES)]


@dataclass(frozen=True)
class ExtraStep(Effect):
    """An additional <step> (500.9): directly after this step, or -- given ``after`` or
    ``before`` -- directly after / before the next <after> / <before> step of this turn
    that hasn't begun (nothing happens if the turn has none left).  The added step
    belongs to that step's phase, so both must be steps of the same phase."""
    step: str
    after: str | None = None
    before: str | None = None

    def compile(self):
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

    def compile(self):
        return [_C["OP_SKIP_NEXT_STEP"], _ref(self.who), _step(self.step)]


@dataclass(frozen=True)
class SkipNextPhase(Effect):
    """<who> skips their next <phase> phase (500.10): "beginning", "precombat main",
    "combat", "postcombat main" or "ending"."""
    who: str
    phase: str

    def compile(self):
        return [_C["OP_SKIP_NEXT_PHASE"], _ref(self.who), _phase(self.phase)]


@dataclass(frozen=True)
class SkipNextTurn(Effect):
    who: str = "you"

    def compile(self):
        return [_C["OP_SKIP_NEXT_TURN"], _ref(self.who)]


@dataclass(frozen=True)
class TapAndFreezeCreatures(Effect):
    """Tap all creatures <who> controls; they don't untap during that player's next untap
    step (502.2)."""
    who: str

    def compile(self):
        return [_C["OP_TAP_ALL_CREATURES_FREEZE"], _ref(self.who)]


@dataclass(frozen=True)
class Destroy(Effect):
    who: str

    def compile(self):
        return [_C["OP_DESTROY"], _ref(self.who)]


@dataclass(frozen=True)
class Sacrifice(Effect):
    who: str = "self"

    def compile(self):
        return [_C["OP_SACRIFICE"], _ref(self.who)]


@dataclass(frozen=True)
class AddCounters(Effect):
    who: str
    kind: str
    count: int

    def compile(self):
        if self.kind not in COUNTERS:
            raise CardScriptError(f"unknown counter kind {self.kind!r}")
        return [_C["OP_ADD_COUNTERS"], _ref(self.who), COUNTERS[self.kind], int(self.count)]


@dataclass(frozen=True)
class Attach(Effect):
    """Attach this permanent to <who> (701.3; Equip, 702.6)."""
    who: str = "target"

    def compile(self):
        return [_C["OP_ATTACH"], _ref(self.who)]


@dataclass(frozen=True)
class Untap(Effect):
    who: str

    def compile(self):
        return [_C["OP_UNTAP"], _ref(self.who)]


@dataclass(frozen=True)
class AddMana(Effect):
    color: str
    amount: int = 1

    def compile(self):
        if self.color not in COLOR_INDEX:
            raise CardScriptError(f"unknown mana colour {self.color!r}")
        return [_C["OP_ADD_MANA"], COLOR_INDEX[self.color], int(self.amount)]


@dataclass(frozen=True)
class AtBeginningOfNext(Effect):
    """A delayed trigger: "at the beginning of the next <step>, <effects>" (603.7, 513.3)."""
    step: str
    effects: tuple[Effect, ...]

    def compile(self):
        body = compile_program(self.effects)
        return [_C["OP_DELAYED"], _step(self.step), len(body), *body]


@dataclass(frozen=True)
class Exile(Effect):
    """Exile <who> (406.3, 701.11).  What it exiled is remembered as it last existed on the
    battlefield (608.2h) for the effects after it: "its controller", :class:`GainLifeEqualToPower`."""
    who: str = "target"

    def compile(self):
        return [_C["OP_EXILE"], _ref(self.who)]


@dataclass(frozen=True)
class GainLifeEqualToPower(Effect):
    """<who> gains life equal to the power of what :class:`Exile` just exiled, as it last
    existed on the battlefield (608.2h; Swords to Plowshares).  A negative power is 0
    (107.1b)."""
    who: str = "its controller"

    def compile(self):
        return [_C["OP_GAIN_LIFE_LKI_POWER"], _ref(self.who)]


@dataclass(frozen=True)
class SearchForBasicLand(Effect):
    """<who> may search their library for a basic land card, put it onto the battlefield
    (tapped if ``tapped``), then shuffle (701.19, Path to Exile).  The player decides
    (D_SEARCH_LIBRARY): not to search, to search and find nothing (701.19b), or which
    basic land to take -- one choice per card name, since the library is shuffled right
    after.  Being a decision in the middle of resolving, it must be the last effect."""
    who: str = "its controller"
    tapped: bool = True

    def compile(self):
        return [_C["OP_SEARCH_BASIC_LAND"], _ref(self.who),
                _C["SEARCH_TAPPED"] if self.tapped else 0]


@dataclass(frozen=True)
class RevealTopCard(Effect):
    """<who> reveals the top card of their library (701.16a); if it is a card of one of
    ``types``, that player puts it into their hand (Goblin Guide)."""
    who: str
    types: tuple[str, ...] = ("Land",)

    def compile(self):
        mask = 0
        for t in self.types:
            if t not in TYPE_BITS:
                raise CardScriptError(f"unknown card type {t!r}")
            mask |= TYPE_BITS[t]
        return [_C["OP_REVEAL_TOP"], _ref(self.who), mask]


def compile_program(effects: Iterable[Effect]) -> list[int]:
    out: list[int] = []
    effects = list(effects)
    exiled = False
    for i, eff in enumerate(effects):
        if not isinstance(eff, Effect):
            raise CardScriptError(f"{eff!r} is not an effect")
        if getattr(eff, "who", None) == "its controller" and not exiled:
            raise CardScriptError("'its controller' names the controller of what an Exile "
                                  "effect before it exiled (608.2h); put the Exile first")
        if isinstance(eff, GainLifeEqualToPower) and not exiled:
            raise CardScriptError("GainLifeEqualToPower needs an Exile effect before it")
        if isinstance(eff, SearchForBasicLand) and i != len(effects) - 1:
            raise CardScriptError("a library search is a decision made while the spell "
                                  "resolves: it must be the last effect")
        exiled = exiled or isinstance(eff, Exile)
        out.extend(eff.compile())
    return out
