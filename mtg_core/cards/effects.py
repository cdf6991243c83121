"""Effects: small dataclasses, each lowered to opcodes of the core's effect interpreter
(src/effects.pxi; DESIGN principle 3)."""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Iterable, Union

from ..errors import CardScriptError
from .vocabulary import (_C, COLOR_INDEX, COUNTERS, EXTRA_PHASES, FOR_EACH, RULES_SUBTYPES,
                         STEP_PHASE, TYPE_BITS, _dur, _phase, _ref, _step, keyword_mask)

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
class PumpForEach(Effect):
    """<who> gets +P/+T until <duration> for each <for_each>, counted as it resolves:
    "creature it's blocking" (Guardian of the Gateless) or "creature blocking it" (Rabid
    Elephant)."""
    who: str
    power: int
    toughness: int
    for_each: str
    duration: str = "end of turn"

    def compile(self):
        if self.for_each not in FOR_EACH:
            raise CardScriptError(f"unknown 'for each' {self.for_each!r}; expected one of {sorted(FOR_EACH)}")
        return [_C["OP_PUMP_FOR_EACH"], _ref(self.who), int(self.power), int(self.toughness),
                _dur(self.duration), FOR_EACH[self.for_each]]


@dataclass(frozen=True)
class DiscardAtRandom(Effect):
    """<who> discards <count> cards at random (the game's RNG)."""
    who: str
    count: int = 1

    def compile(self):
        return [_C["OP_DISCARD_RANDOM"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class GainControl(Effect):
    """You gain control of <who> until <duration> (layer 2; it returns when that ends).  A
    control change removes it from combat (506.4)."""
    who: str
    duration: str = "end of turn"

    def compile(self):
        return [_C["OP_GAIN_CONTROL"], _ref(self.who), _dur(self.duration)]


@dataclass(frozen=True)
class Regenerate(Effect):
    """Regenerate <who> (701.19): the next time it would be destroyed this turn, instead
    tap it, remove all damage from it and remove it from combat."""
    who: str = "self"

    def compile(self):
        return [_C["OP_REGENERATE"], _ref(self.who)]


@dataclass(frozen=True)
class PutFromHandAttacking(Effect):
    """"You may put a <subtype> creature card from your hand onto the battlefield tapped and
    attacking" (508.4).  The choice of card, or of none ("you may"), is the controller's
    decision (Decision.CHOOSE_FROM_HAND) as it resolves, so this must be the program's last
    effect.  ``subtype`` None: any creature card."""
    subtype: str | None = None

    def compile(self):
        if self.subtype is not None and self.subtype not in RULES_SUBTYPES:
            raise CardScriptError(f"subtype {self.subtype!r} isn't known to the core; expected one "
                                  f"of {sorted(RULES_SUBTYPES)}")
        return [_C["OP_PUT_FROM_HAND_ATTACKING"], RULES_SUBTYPES[self.subtype] if self.subtype else 0]


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
    belongs to that step's phase, so both must be steps of the same phase (after this
    step: nothing happens in a main phase, which has no steps (505.2), or in a step of
    another phase)."""
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
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
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
class Mill(Effect):
    """<who> mills ``count`` cards: the top cards of their library go to their graveyard
    (701.13)."""
    who: str
    count: int

    def compile(self):
        if not 0 <= int(self.count) <= 10000:
            raise CardScriptError(f"mill count {self.count!r} outside 0..10000")
        return [_C["OP_MILL"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class DoesntUntapNextUntapStep(Effect):
    """<who> (a permanent) doesn't untap during its controller's next untap step (502.2)."""
    who: str

    def compile(self):
        return [_C["OP_FREEZE"], _ref(self.who)]


@dataclass(frozen=True)
class DestroyAll(Effect):
    """Destroy all permanents of these card ``types`` that <who> (a player) controls, at
    once (701.7): ``DestroyAll("target", ("Land",))`` is "Destroy all lands target player
    controls"."""
    who: str
    types: tuple[str, ...]

    def compile(self):
        if not self.types or any(t not in TYPE_BITS for t in self.types):
            raise CardScriptError(f"DestroyAll: card types {self.types!r}; expected names from "
                                  f"{sorted(TYPE_BITS)}")
        mask = 0
        for t in self.types:
            mask |= TYPE_BITS[t]
        return [_C["OP_DESTROY_ALL"], _ref(self.who), mask]


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
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
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
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str = "target"

    def compile(self):
        return [_C["OP_BOUNCE"], _ref(self.who)]


@dataclass(frozen=True)
class ReturnFromGraveyard(Effect):
    """Return <who> -- a card in a graveyard, the target "creature card in your graveyard"
    (115.1) -- to its owner's hand."""
    who: str = "target"

    def compile(self):
        if self.who not in ("target", "target2"):
            raise CardScriptError(f"ReturnFromGraveyard({self.who!r}): it returns a target card "
                                  "('target' or 'target2')")
        return [_C["OP_RETURN_FROM_GRAVEYARD"], _ref(self.who)]


@dataclass(frozen=True)
class TapAllCreatures(Effect):
    """Tap all creatures <who> controls ("each opponent": your opponents control)."""
    who: str

    def compile(self):
        return [_C["OP_TAP_ALL_CREATURES"], _ref(self.who)]


@dataclass(frozen=True)
class PutFromHandBlocking(Effect):
    """"You may put a <subtype> creature card from your hand onto the battlefield blocking
    <who>" (509.7; ``who`` names the attacking creature: "target", "that creature").  The
    card (or none) is the controller's decision as it resolves, so this must be the
    program's last effect; the active player then places it in that creature's damage
    assignment order (Decision.DAMAGE_ORDER)."""
    who: str = "target"
    subtype: str | None = None

    def compile(self):
        if self.subtype is not None and self.subtype not in RULES_SUBTYPES:
            raise CardScriptError(f"subtype {self.subtype!r} isn't known to the core; expected one "
                                  f"of {sorted(RULES_SUBTYPES)}")
        return [_C["OP_PUT_FROM_HAND_BLOCKING"], RULES_SUBTYPES[self.subtype] if self.subtype else 0,
                _ref(self.who)]


@dataclass(frozen=True)
class Exile(Effect):
    """Exile <who> (406.3, 701.11).  What it exiled is remembered as it last existed on the
    battlefield (608.2h) for the effects after it: "its controller", :class:`GainLifeEqualToPower`."""
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
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
class GainLifeEqualToManaValue(Effect):
    """<who> gains life equal to the mana value of the spell's first target (202.3; Divine
    Offering: "Destroy target artifact. You gain life equal to its mana value.").  The
    target's mana value is the same wherever the effects before moved it."""
    who: str = "you"

    def compile(self):
        return [_C["OP_GAIN_LIFE_TARGET_MV"], _ref(self.who)]


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


# Effects whose player may be "its controller" (REF_LKI_CONTROLLER, 608.2h): those the
# interpreter runs in its general branch, which knows that player (an effect that starts a
# choice elsewhere would lose it; the basic-land search names its player before asking).
_LKI_CONTROLLER_EFFECTS = (Draw, LoseLife, GainLife, Mill, CreateToken, DiscardAtRandom,
                           GainLifeEqualToPower, SearchForBasicLand)


def compile_program(effects: Iterable[Effect]) -> list[int]:
    out: list[int] = []
    effects = list(effects)
    from .choices import check_choices     # choices made while resolving (608.2d, 603.4)
    check_choices(effects)
    exiled = False
    acted_on = False        # 608.2h: REF_LKI_CONTROLLER, the controller of what it acted on
    for i, eff in enumerate(effects):
        if not isinstance(eff, Effect):
            raise CardScriptError(f"{eff!r} is not an effect")
        if isinstance(eff, (PutFromHandAttacking, PutFromHandBlocking)) and i != len(effects) - 1:
            raise CardScriptError(f"a choice made as the effect resolves ({type(eff).__name__}) "
                                  "must be its last effect")
        if isinstance(eff, CounterUnlessPays) and i != len(effects) - 1:
            raise CardScriptError("'counter unless its controller pays' must be the last effect "
                                  "(its controller's decision ends the resolution)")
        for inner in eff.children():
            if isinstance(inner, CounterUnlessPays):
                raise CardScriptError("'counter unless its controller pays' can't be nested in "
                                      "a condition or delayed trigger")
        if any(getattr(eff, f.name) == "its controller" for f in fields(eff)):
            if not acted_on:
                raise CardScriptError("'its controller' names the controller of what an Exile, "
                                      "Destroy, ReturnToHand or Counter before it acted on "
                                      "(608.2h); put that effect first")
            if not isinstance(eff, _LKI_CONTROLLER_EFFECTS):
                raise CardScriptError(f"'its controller' can't be the player of {type(eff).__name__}"
                                      ": only of effects that make no choice while resolving")
        if isinstance(eff, GainLifeEqualToPower) and not exiled:
            raise CardScriptError("GainLifeEqualToPower needs an Exile effect before it")
        if isinstance(eff, SearchForBasicLand) and i != len(effects) - 1:
            raise CardScriptError("a library search is a decision made while the spell "
                                  "resolves: it must be the last effect")
        if getattr(eff, "ends_resolution", False) and i != len(effects) - 1:
            raise CardScriptError(f"{type(eff).__name__} is a decision made while it resolves: "
                                  "it must be the last effect")
        exiled = exiled or isinstance(eff, Exile)
        acted_on = acted_on or getattr(eff, "remembers_controller", False)
        out.extend(eff.compile())
    return out


def walk_effects(effects: Iterable[Effect]):
    """Every effect, nested ones included."""
    for eff in effects:
        yield eff
        yield from walk_effects(eff.children())
