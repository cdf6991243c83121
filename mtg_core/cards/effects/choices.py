"""Choices made while a spell or ability resolves, conditions and counts: "you may" (608.2d)
with its "if you do", payments while resolving ("you may pay", "unless <player> pays",
118.1), intervening "if" clauses (603.4), plain resolution-time "if"s (608.2c) and "if
this spell was kicked" (702.33d), scry (701.22), surveil (701.25), "look at the top N
cards of your library", a discard the player chooses (701.8), and amounts "for each
[quality]" / "where X is the number of ..." (608.2h: counted as the effect resolves).

A choice in the middle of an effect is a decision of the player who makes it
(Decision.MAY, LIBRARY_CARDS, LOOK_TAKE, DISCARD_CHOICE): the core stops the program at that
instruction and the answer resumes it (src/rules/effects.pxi), so these effects may be followed by
others ("Scry 1. Draw a card.").

>>> from mtg_core.cards import Damage, Draw, Sacrifice, SpellAbility
>>> opt = SpellAbility(Scry(1), Draw("you"))
>>> rummage = May(Discard("you"), Draw("you"))           # "you may discard a card. If you do, draw a card."
>>> bonus = ForEach(Count("creature you control"), Damage("target", 1))
>>> Unless("{U}", Sacrifice("self")).compile()[:3] == [_C["OP_UNLESS"], _ref("you"), 12]
True
"""
from __future__ import annotations

import dataclasses

import re
from dataclasses import dataclass
from typing import Union

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from . import CHOICE_EFFECTS, Effect, choice_effect, compile_program, program_check, walk_effects
from ..amounts import CountOf, count_slots
from ..costs import ManaCost
from ..vocabulary import _C, RULES_SUBTYPES, TYPE_BITS, _ref

_TYPES_LOWER = {k.lower(): v for k, v in TYPE_BITS.items() if k != "Tribal"}
_SUBTYPES = dict(RULES_SUBTYPES)


def _plural(word: str) -> str:
    """"creatures" -> "creature" (the words counts and conditions use)."""
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _types(words: str) -> int:
    """"creature", "artifact or creature" -> a T_* mask."""
    mask = 0
    for group in words.replace(" or ", ",").replace(" and ", ",").split(","):
        if len(group.split()) > 1:
            # "artifact enchantment" is one object with both types, not "artifact or
            # enchantment": these masks can only say "any of"
            raise CardScriptError(f"can't count {group.strip()!r}: one kind of card at a time "
                                  "(or several joined by 'or')")
    for w in words.replace(",", " ").replace(" or ", " ").replace(" and ", " ").split():
        w = _plural(w.lower())
        if w not in _TYPES_LOWER:
            raise CardScriptError(f"unknown card type {w!r}")
        mask |= _TYPES_LOWER[w]
    return mask


@dataclass(frozen=True)
class Count:
    """What "for each" / "the number of" counts, as the effect resolves (608.2h):

    - "[type] you control" ("creature you control", "land you control",
      "artifact or creature you control"), "other [type] you control";
    - "[Subtype] you control" / "other [Subtype] you control" for the subtypes the core
      knows (Knight, Soldier, Wall, ...);
    - "[type] your opponents control", "[type] on the battlefield";
    - "card in your hand", "card in your graveyard", "[type] card in your graveyard";
    - "opponent" (opponents still in the game).
    Plurals are accepted ("creatures you control")."""
    what: str

    def lower(self) -> tuple[int, int]:
        """(CNT_* code, mask)."""
        w = " ".join(self.what.split())
        low = w.lower()
        if low in ("card in your hand", "cards in your hand"):
            return _C["CNT_CARDS_IN_HAND"], 0
        if low in ("opponent", "opponents", "opponent you have"):
            return _C["CNT_OPPONENTS"], 0
        if low in ("card in your graveyard", "cards in your graveyard"):
            return _C["CNT_YOUR_GRAVEYARD"], 0
        for tail in (" card in your graveyard", " cards in your graveyard"):
            if low.endswith(tail):
                return _C["CNT_YOUR_GRAVEYARD"], _types(w[:-len(tail)])
        other = low.startswith("other ") or low.startswith("another ")
        body = w.split(" ", 1)[1] if other else w
        for tail, code in ((" you control", "CNT_YOU_CONTROL"),
                           (" your opponents control", "CNT_OPPONENTS_CONTROL"),
                           (" an opponent controls", "CNT_OPPONENTS_CONTROL"),
                           (" on the battlefield", "CNT_BATTLEFIELD")):
            if body.lower().endswith(tail):
                head = body[:-len(tail)].strip()
                sub = _plural(head)
                if sub in _SUBTYPES and code == "CNT_YOU_CONTROL":
                    return _C["CNT_OTHER_YOU_CONTROL_SUBTYPE" if other else "CNT_YOU_CONTROL_SUBTYPE"], _SUBTYPES[sub]
                if other and code != "CNT_YOU_CONTROL":
                    break
                return _C["CNT_OTHER_YOU_CONTROL" if other else code], _types(head)
        raise CardScriptError(f"can't count {self.what!r}; see Count for what can be counted")


Countable = Union[Count, str]


def _count(c: Countable) -> tuple[int, int]:
    return (c if isinstance(c, Count) else Count(c)).lower()


# --- conditions (603.4, 608.2c) --------------------------------------------------------------
@dataclass(frozen=True)
class Condition:
    """A condition checked by the core (COND_*, operands a, b, c).  Build one with
    :func:`AtLeast`, :func:`AtMost`, :func:`OpponentLifeAtMost`, :func:`LifeAtLeast`,
    :func:`LifeAtMost`."""
    code: int
    a: int = 0
    b: int = 0
    c: int = 0


def _n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"condition number {n!r}: 0..{_C['TABLE_AMOUNT_MAX']}")
    return n


def AtLeast(what: Countable, n: int = 1) -> Condition:
    """"if you control a [type]" (n = 1), "if you control another [type]", "if you have
    N or more cards in hand", "if there are N or more [type] cards in your graveyard"."""
    code, mask = _count(what)
    return Condition(_C["COND_COUNT_AT_LEAST"], code, mask, _n(n))


def AtMost(what: Countable, n: int = 0) -> Condition:
    """"if you control no [type]s" (n = 0), "if you have one or fewer cards in hand"."""
    code, mask = _count(what)
    return Condition(_C["COND_COUNT_AT_MOST"], code, mask, _n(n))


def OpponentLifeAtMost(n: int) -> Condition:
    """"if an opponent has N or less life"."""
    return Condition(_C["COND_OPPONENT_LIFE_AT_MOST"], _n(n))


def LifeAtLeast(n: int) -> Condition:
    """"if you have N or more life"."""
    return Condition(_C["COND_LIFE_AT_LEAST"], _n(n))


def LifeAtMost(n: int) -> Condition:
    """"if you have N or less life"."""
    return Condition(_C["COND_LIFE_AT_MOST"], _n(n))


_ALONE = {"attacking": _C["CB_ATTACKING"], "blocking": _C["CB_BLOCKING"],
          "attacking or blocking": _C["CB_ATTACKING"] | _C["CB_BLOCKING"]}


def WasAlone(how: str = "attacking or blocking") -> Condition:
    """"if it was attacking [or blocking] alone" (506.5: the only attacking / blocking
    creature), of the creature a dies trigger saw die, as it last existed on the battlefield
    (603.10a): an intervening "if" (603.4) of a "dies" trigger only."""
    if how not in _ALONE:
        raise CardScriptError(f"WasAlone({how!r}): one of {sorted(_ALONE)}")
    return Condition(_C["COND_THAT_WAS_ALONE"], _ALONE[how])


# --- payments while resolving (118.1, 608.2d) ----------------------------------------------------
_LIFE = re.compile(r"(\d+) life")
PAYERS = ("you", "that player", "target", "target2", "defending player")


def _payment(cost: str) -> list[int]:
    """"{2}{U}" or "3 life" -> OP_PAY_MANA's operands after the reference: life, mana[7]."""
    if not isinstance(cost, str):
        raise CardScriptError(f"a payment is a mana cost like '{{2}}{{U}}' or 'N life', not {cost!r}")
    m = _LIFE.fullmatch(cost.strip().lower())
    if m:
        life = int(m.group(1))
        if not 1 <= life <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"life to pay {life}: 1..{_C['TABLE_AMOUNT_MAX']}")
        return [life, 0, 0, 0, 0, 0, 0, 0]
    mc = ManaCost.parse(cost)
    row = mc.as_row()
    if mc.x or not any(row) or max(row) > _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"mana to pay {cost!r}: a cost with no {{X}} and more than {{0}}")
    return [0, *row]


@dataclass(frozen=True)
class Pay(Effect):
    """``who`` pays ``cost`` ("{2}{U}" or "3 life"; 118.1, 119.4): only as the first effect
    of a ``May`` (whose "do it" is offered only when it can be paid), or inside ``Unless``."""
    cost: str
    who: str = "you"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.who not in PAYERS:
            raise CardScriptError(f"Pay(who={self.who!r}): one player, one of {PAYERS}")
        return [_C["OP_PAY_MANA"], _ref(self.who), *_payment(self.cost)]


def _body(effects: tuple, what: str, ctx: CompileContext) -> list[int]:
    """The program of an "if", "you may" or "unless" (a Pay only first in a "you may")."""
    for k, eff in enumerate(effects):
        if isinstance(eff, Pay) and (k != 0 or what != "'you may'"):
            raise CardScriptError("Pay can only be the first effect of a May ('you may pay "
                                  f"{{M}}. If you do, ...'), not inside {what}")
    for eff in effects:
        if getattr(eff, "ends_program", False):
            raise CardScriptError(f"{type(eff).__name__} ends its program (its decision is the "
                                  f"last thing that resolves); it can't be inside {what}")
    if not effects:
        raise CardScriptError(f"{what} with no effect")
    # A Pay is checked where programs are compiled (check_choices), and it may come first
    # only in a May's body (the core checks the same of the tables).
    if effects and isinstance(effects[0], Pay) and not ctx.in_may_with_pay:
        ctx = dataclasses.replace(ctx, in_may_with_pay=True)
    return compile_program(effects, ctx)


@dataclass(frozen=True, init=False)
class If(Effect):
    """"If <condition>, <effects>", checked as the effect resolves (608.2c)."""
    condition: Condition
    effects: tuple[Effect, ...]

    def __init__(self, condition: Condition, *effects: Effect):
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "effects", tuple(effects))

    _OP = "OP_IF_COND"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        c = self.condition
        if not isinstance(c, Condition):
            raise CardScriptError(f"{c!r} is not a Condition (AtLeast, AtMost, LifeAtLeast, ...)")
        body = _body(self.effects, "an 'if'", ctx)
        return [_C[self._OP], c.code, c.a, c.b, c.c, len(body), *body]

    def children(self):
        return tuple(self.effects)


@dataclass(frozen=True, init=False)
class InterveningIf(If):
    """A triggered ability's intervening "if" clause (603.4): "When ~ enters, if
    <condition>, <effects>" -- it triggers only if the condition is true as the event
    happens, and does nothing if it is false as it resolves.  It must be the ability's
    only effect."""
    _OP = "OP_INTERVENING_IF"


# --- "you may" (608.2d) ------------------------------------------------------------------------
@choice_effect
@dataclass(frozen=True, init=False)
class May(Effect):
    """"<who> may <first effect>. If they do, <the rest>" (608.2d): the player chooses as it
    resolves (Decision.MAY).  The rest happens only if they chose to; "do it" is offered
    only when the first effect can happen (a discard needs a card in hand)."""
    effects: tuple[Effect, ...]
    who: str

    def __init__(self, *effects: Effect, who: str = "you"):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "who", who)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.who not in ("you", "target", "target2", "that player", "defending player"):
            raise CardScriptError(f"May(who={self.who!r}): one player ('you', 'target', 'that player')")
        body = _body(self.effects, "'you may'", ctx)
        return [_C["OP_MAY"], _ref(self.who), len(body), *body]

    def children(self):
        return tuple(self.effects)


@choice_effect
@dataclass(frozen=True, init=False)
class Unless(Effect):
    """"<effects> unless <who> pays <cost>" (608.2d): ``who`` decides as it resolves
    (Decision.MAY, "do it" = pay, offered only when they can, 118.3); if they don't pay,
    the effects happen."""
    cost: str
    effects: tuple[Effect, ...]
    who: str

    def __init__(self, cost: str, *effects: Effect, who: str = "you"):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "who", who)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        pay = Pay(self.cost, self.who).compile(ctx)
        body = _body(self.effects, "'unless'", ctx)
        return [_C["OP_UNLESS"], _ref(self.who), len(pay) + 2, *pay, _C["OP_SKIP"], len(body), *body]

    def children(self):
        return tuple(self.effects)


@dataclass(frozen=True, init=False)
class IfKicked(Effect):
    """"If this spell was kicked, <effects>" (702.33d); ``kicked=False``: if it wasn't."""
    effects: tuple[Effect, ...]
    kicked: bool

    def __init__(self, *effects: Effect, kicked: bool = True):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "kicked", kicked)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        body = compile_program(self.effects, ctx)
        return [_C["OP_IF"], _C["COND_KICKED"] if self.kicked else _C["COND_NOT_KICKED"],
                len(body), *body]

    def children(self):
        return tuple(self.effects)


# --- the library: scry, surveil, look (701.22, 701.25) ------------------------------------------
def _look_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 255:
        raise CardScriptError(f"number of cards {n!r}: 1..255")
    return n


@choice_effect
@dataclass(frozen=True)
class Scry(Effect):
    """Scry N (701.22a): look at the top N cards of your library, then put any number of
    them on the bottom and the rest on top, in any order (Decision.LIBRARY_CARDS, one card
    at a time)."""
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_LOOK"], _look_n(self.count), _C["LOOK_SCRY"], 0]


@choice_effect
@dataclass(frozen=True)
class Surveil(Effect):
    """Surveil N (701.25a): look at the top N cards of your library, then put any number
    of them into your graveyard and the rest on top, in any order."""
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_LOOK"], _look_n(self.count), _C["LOOK_SURVEIL"], 0]


@choice_effect
@dataclass(frozen=True)
class LookAtTop(Effect):
    """"Look at the top N cards of your library. Put one of them into your hand and the
    rest on the bottom of your library in any order" (``types`` empty), or, with
    ``types``, "You may reveal a [type] card from among them and put it into your hand.
    Put the rest on the bottom of your library in any order" (Augur of Bolas)."""
    count: int
    types: tuple[str, ...] = ()

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        mask = 0
        for t in self.types:
            if t not in TYPE_BITS:
                raise CardScriptError(f"unknown card type {t!r}")
            mask |= TYPE_BITS[t]
        return [_C["OP_LOOK"], _look_n(self.count),
                _C["LOOK_MAY_TAKE"] if mask else _C["LOOK_TAKE_ONE"], mask]


@choice_effect
@dataclass(frozen=True)
class LookAtTopRestToGraveyard(Effect):
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." (Decision.LOOK_TAKE; the rest need no choice)."""
    count: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_LOOK"], _look_n(self.count), _C["LOOK_TAKE_ONE_REST_GRAVEYARD"], 0]


@choice_effect
@dataclass(frozen=True)
class LookAtTopPutBack(Effect):
    """"Look at the top N cards of your library, then put them back in any order" (401.4;
    Ponder, Sensei's Divining Top): the player orders them one at a time
    (Decision.LIBRARY_CARDS answered with LIB_TOP only: the first placed ends deepest; the
    last one has one place left and is not asked)."""
    count: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_LOOK_PUT_BACK"], _look_n(self.count)]


@choice_effect
@dataclass(frozen=True)
class PutFromHandOnTop(Effect):
    """"<who> puts N cards from their hand on top of their library in any order" (401.4;
    Brainstorm's "then put two cards from your hand on top of your library in any order"):
    all of them with fewer.  One card at a time (Decision.HAND_TO_TOP): each goes on top at
    once, so the last chosen is the top card; a card alone in the hand goes unasked."""
    count: int = 1
    who: str = "you"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if isinstance(self.count, bool) or not isinstance(self.count, int) or \
                not 1 <= self.count <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"cards to put on top {self.count!r}: 1..{_C['TABLE_AMOUNT_MAX']}")
        if self.who not in ("you", "target", "target2", "that player"):
            raise CardScriptError(f"PutFromHandOnTop(who={self.who!r}): one player "
                                  "('you', 'target', 'that player')")
        return [_C["OP_HAND_TO_TOP"], _ref(self.who), self.count]


# --- discard -------------------------------------------------------------------------------------
@choice_effect
@dataclass(frozen=True)
class Discard(Effect):
    """<who> discards ``count`` cards of their choice (701.8a; Decision.DISCARD_CHOICE):
    "target player discards two cards", "each opponent discards a card" (each in APNAP
    order, 101.4; the cards are discarded at the same time)."""
    who: str
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if isinstance(self.count, bool) or not isinstance(self.count, int) or \
                not 1 <= self.count <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"discard count {self.count!r}: 1..{_C['TABLE_AMOUNT_MAX']}")
        return [_C["OP_DISCARD"], _ref(self.who), self.count]


# --- connive (701.50) ----------------------------------------------------------------------------
@choice_effect
@dataclass(frozen=True)
class Connive(Effect):
    """"<who> connives [N]" (701.50a): the permanent's controller draws ``count`` cards,
    then discards ``count`` cards of their choice (Decision.DISCARD_CHOICE), and a +1/+1
    counter is put on it for each nonland card discarded this way (701.50e).  ``who`` names
    one permanent ("self", "target"); if it left the battlefield, its last known controller
    still draws and discards, and no counter is put (701.50c)."""
    who: str = "self"
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        ref = _ref(self.who)
        if ref not in (_C["REF_SELF"], _C["REF_TARGET0"], _C["REF_TARGET1"],
                       _C["REF_THAT_CREATURE"]):
            raise CardScriptError(f"connive names one permanent, not {self.who!r}")
        if isinstance(self.count, bool) or not isinstance(self.count, int) or \
                not 1 <= self.count <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"connive count {self.count!r}: 1..{_C['TABLE_AMOUNT_MAX']}")
        return [_C["OP_CONNIVE"], ref, self.count]


# --- counted amounts (608.2h) -------------------------------------------------------------------
@dataclass(frozen=True)
class ForEach(Effect):
    """<effect> "for each <counted>", or "X, where X is the number of <counted>" (the
    effect's own amount 1): its amount is multiplied by the count as it resolves.  The
    effect is a Damage, Draw, GainLife, LoseLife or Pump (+N/+N, +N/+0 or +0/+N); with a
    :class:`~mtg_core.cards.amounts.CountOf` (any count the core evaluates) also an
    AddCounters, CreateToken or Mill."""
    count: Countable
    effect: Effect

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        counted = isinstance(self.count, CountOf)
        head = [_C["OP_AMOUNT"], *self.count.lower(ctx)] if counted else [_C["OP_COUNT"], *_count(self.count)]
        per, inner = count_slots(self.effect, counted, ctx=ctx)
        return [*head, per, *inner]

    def children(self):
        return (self.effect,)


@program_check
def check_choices(effects, ctx: CompileContext) -> None:
    """Rules of a program with choices, raised as CardScriptError when it is defined: a Pay
    is the first effect of a "you may" (118.1) or the cost of an Unless; an intervening "if"
    is the whole ability (603.4); last known information of an Exile doesn't carry across a
    choice (608.2h, kept by the interpreter only until it stops)."""
    effects = list(effects)
    for k, eff in enumerate(effects):
        if isinstance(eff, Pay) and (k != 0 or not ctx.in_may_with_pay):
            raise CardScriptError("Pay can only be the first effect of a May ('you may pay "
                                  "{M}. If you do, ...') or the cost of an Unless")
    for i, eff in enumerate(effects):
        if isinstance(eff, InterveningIf) and len(effects) != 1:
            raise CardScriptError("an intervening 'if' (603.4) must be its ability's only effect")
    exiled_then_choice = False
    exiled = False
    for eff in walk_effects(effects):
        if getattr(eff, "exiles", False):
            exiled = True
        elif exiled and isinstance(eff, tuple(CHOICE_EFFECTS)):
            exiled_then_choice = True
        elif exiled_then_choice and (getattr(eff, "needs_exile_before", False)
                                     or getattr(eff, "who", None) == "its controller"):
            raise CardScriptError("what an Exile exiled can't be remembered across a choice "
                                  "made while resolving (put the choice after it)")


def SelfTapped(yes: bool = True) -> Condition:
    """"if ~ is tapped" (``yes``) / "if ~ is untapped": the source, on the battlefield (an
    intervening "if", 603.4, is checked as it triggers and as it resolves)."""
    return Condition(_C["COND_SELF_TAPPED"], int(bool(yes)))


@dataclass(frozen=True)
class SameCount(Effect):
    """An effect whose amount is the value the :class:`~mtg_core.cards.ForEach` before it in
    the same program counted ("you draw X cards and you lose X life, where X is ...": X is
    counted once, 608.2h).  Its own amount for each must be that ForEach's (1 for X)."""
    effect: object

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        per, inner = count_slots(self.effect, ctx=ctx)
        if per != 1:
            raise CardScriptError("SameCount: the effect's amount must be 1 (it is X)")
        return inner

    def children(self):
        return (self.effect,)
