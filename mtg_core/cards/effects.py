"""Effects: small dataclasses, each lowered to opcodes of the core's effect interpreter
(src/effects.pxi; DESIGN principle 3)."""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Union

from ..errors import CardScriptError
from .vocabulary import (_C, COLOR_INDEX, COUNTERS, EXTRA_PHASES, STEP_PHASE, _dur, _phase, _ref, _step, keyword_mask)

if TYPE_CHECKING:  # pragma: no cover
    from .card import Card

Amount = Union[int, str]        # a number, or "X" (107.3)


def _amount(value: Amount, x_allowed: bool = True) -> int:
    """An amount operand: a number, or "X" -- the value chosen for X as the spell was cast
    (107.3a)."""
    if isinstance(value, str):
        if value.upper() == "X" and x_allowed:
            return _C["AMOUNT_IS_X"]
        raise CardScriptError(f"amount {value!r}: a number or 'X'")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CardScriptError(f"amount {value!r}: a number of 0 or more, or 'X'")
    if value > _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"amount {value} is larger than {_C['TABLE_AMOUNT_MAX']}")
    return value


class Effect:
    """One instruction of an effect program."""

    def compile(self) -> list[int]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def children(self) -> tuple["Effect", ...]:
        """Effects nested in this one (delayed triggers, conditions)."""
        return ()


@dataclass(frozen=True)
class Damage(Effect):
    """~ deals N damage to <who> (120)."""
    who: str
    amount: int

    def compile(self):
        return [_C["OP_DAMAGE"], _ref(self.who), _amount(self.amount)]


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
        return [_C["OP_DRAW"], _ref(self.who), _amount(self.count)]


@dataclass(frozen=True)
class LoseLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_LOSE_LIFE"], _ref(self.who), _amount(self.amount)]


@dataclass(frozen=True)
class GainLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_GAIN_LIFE"], _ref(self.who), _amount(self.amount)]


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

    def children(self):
        return tuple(self.effects)


# --- tokens (111) ------------------------------------------------------------------------
# Token definitions are rows of the card table; a CardDB adds the rows its cards' effects
# create and, while it compiles them, tells CreateToken their row numbers here.
_TOKEN_ROWS: ContextVar[dict | None] = ContextVar("_TOKEN_ROWS", default=None)


@dataclass(frozen=True)
class CreateToken(Effect):
    """<who> creates <count> <token> tokens (111.2): ``token`` is a token :class:`Card`
    (see :func:`mtg_core.cards.tokens.creature_token`) or the name of a predefined token
    ("Treasure", "Food", "Clue", 111.10)."""
    token: "Card | str"
    count: Amount = 1
    who: str = "you"

    def token_card(self) -> "Card":
        from .tokens import PREDEFINED_TOKENS
        if isinstance(self.token, str):
            if self.token not in PREDEFINED_TOKENS:
                raise CardScriptError(f"unknown predefined token {self.token!r}; expected one of "
                                      f"{sorted(PREDEFINED_TOKENS)} or a token Card")
            return PREDEFINED_TOKENS[self.token]
        if not getattr(self.token, "token", False):
            raise CardScriptError(f"{self.token!r} is not a token definition (Card(..., token=True))")
        return self.token

    def compile(self):
        card = self.token_card()
        rows = _TOKEN_ROWS.get()
        if rows is None or card not in rows:
            raise CardScriptError(f"a {card.name} token can only be compiled by a CardDB")
        return [_C["OP_CREATE_TOKEN"], _ref(self.who), rows[card], _amount(self.count)]


def Investigate(count: Amount = 1) -> CreateToken:
    """701.16a: "Investigate" means "Create a Clue token"."""
    return CreateToken("Clue", count)


# --- the stack (701.5) -------------------------------------------------------------------
@dataclass(frozen=True)
class Counter(Effect):
    """Counter target spell (701.5a): it goes to its owner's graveyard."""
    who: str = "target"

    def compile(self):
        return [_C["OP_COUNTER"], _ref(self.who)]


@dataclass(frozen=True)
class CounterUnlessPays(Effect):
    """Counter target spell unless its controller pays {N} (701.5): that player decides
    whether to pay (a D_PAY_UNLESS decision, offered only when they can).  It must be the
    last effect of its ability (the decision ends the resolution)."""
    amount: Amount
    who: str = "target"

    def compile(self):
        return [_C["OP_COUNTER_UNLESS"], _ref(self.who), _amount(self.amount)]


# --- conditions ------------------------------------------------------------------------------
@dataclass(frozen=True, init=False)
class IfKicked(Effect):
    """"If this spell was kicked, <effects>" (702.33d); ``kicked=False``: if it wasn't."""
    effects: tuple[Effect, ...]
    kicked: bool

    def __init__(self, *effects: Effect, kicked: bool = True):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "kicked", kicked)

    def compile(self):
        body = compile_program(self.effects)
        return [_C["OP_IF"], _C["COND_KICKED"] if self.kicked else _C["COND_NOT_KICKED"],
                len(body), *body]

    def children(self):
        return tuple(self.effects)


@dataclass(frozen=True)
class ReturnToHand(Effect):
    """Return <who> (a permanent) to its owner's hand; a token ceases to exist (111.8)."""
    who: str = "target"

    def compile(self):
        return [_C["OP_BOUNCE"], _ref(self.who)]


@dataclass(frozen=True)
class TapAllCreatures(Effect):
    """Tap all creatures <who> controls ("each opponent": your opponents control)."""
    who: str

    def compile(self):
        return [_C["OP_TAP_ALL_CREATURES"], _ref(self.who)]


def compile_program(effects: Iterable[Effect]) -> list[int]:
    out: list[int] = []
    effects = list(effects)
    for i, eff in enumerate(effects):
        if not isinstance(eff, Effect):
            raise CardScriptError(f"{eff!r} is not an effect")
        if isinstance(eff, CounterUnlessPays) and i != len(effects) - 1:
            raise CardScriptError("'counter unless its controller pays' must be the last effect "
                                  "(its controller's decision ends the resolution)")
        for inner in eff.children():
            if isinstance(inner, CounterUnlessPays):
                raise CardScriptError("'counter unless its controller pays' can't be nested in "
                                      "a condition or delayed trigger")
        out.extend(eff.compile())
    return out


def walk_effects(effects: Iterable[Effect]):
    """Every effect, nested ones included."""
    for eff in effects:
        yield eff
        yield from walk_effects(eff.children())
