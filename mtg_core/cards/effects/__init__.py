"""Effects: small frozen dataclasses, each lowered to opcodes of the core's effect
interpreter (src/rules/effects.pxi).  Every :class:`Effect` subclass lives in this package, in
the module of its rules concept:

- :mod:`.damage_life`: damage (120), life (119), poison counters (122.1f);
- :mod:`.cards_zones`: drawing, milling, discarding at random, moving cards between zones,
  library searches (701.23), countering spells (701.5);
- :mod:`.permanents`: pumps, keywords, counters, tapping and untapping, destroying and
  sacrificing, control, mana, tokens (111);
- :mod:`.turn`: extra turns, phases and steps, skipped ones, delayed triggers (603.7);
- :mod:`.choices`: choices made while resolving (608.2d), conditions (603.4, 608.2c),
  payments (118.1) and counted amounts (608.2h);
- :mod:`.combat`: restrictions from resolved spells and abilities (508.1c, 509.1b).

This module holds what they share: the :class:`Effect` base, :class:`RefEffect` (the
shape of an effect with one reference and nothing else), :func:`compile_program` (a
program's rules of order, 608.2) and its two registries: :data:`CHOICE_EFFECTS` (effects
that stop for a decision, filled by :func:`choice_effect`) and :data:`PROGRAM_CHECKS`
(rules over a whole program, filled by :func:`program_check`).
"""
from __future__ import annotations

from dataclasses import fields
from typing import Callable, Iterable, Union

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from ..vocabulary import _C, _ref

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
    """One instruction of an effect program.

    Class attributes say where it may stand in a program (read by :func:`compile_program`):
    ``last_in_program`` (a message: it must be the program's last effect), ``ends_program``
    (its decision is the last thing that resolves, so it can't be inside an "if" or a
    "you may"), ``nested_message`` (a message: it can't be inside another effect),
    ``ends_resolution`` (a decision made while it resolves: the last effect),
    ``lki_controller`` (608.2h: its player may be "its controller"), ``remembers_controller``
    (it acts on an object whose controller later effects may name), ``exiles`` and
    ``needs_exile_before`` (it reads what an Exile before it exiled)."""
    last_in_program = ""
    ends_program = False
    nested_message = ""
    ends_resolution = False
    ends_resolution_message = "{name} is a decision made while it resolves: it must be the last effect"
    lki_controller = False
    remembers_controller = False
    exiles = False
    needs_exile_before = False

    # every subclass defines it
    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:  # pragma: no cover
        raise NotImplementedError

    def children(self) -> tuple["Effect", ...]:
        """Effects nested in this one (delayed triggers, conditions)."""
        return ()


class RefEffect(Effect):
    """The shape of an effect that names one object or player and nothing else: its
    instruction is the opcode ``OP`` then the reference ``who`` (a dataclass field of the
    subclass, with the subclass's own default)."""
    OP = ""
    who: str

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        return [_C[self.OP], _ref(self.who)]


# Effects that stop the program for a decision of a player while it resolves (608.2d):
# last known information of an Exile doesn't carry across them (608.2h).
CHOICE_EFFECTS: list[type[Effect]] = []


def choice_effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: ``cls`` stops for a player's decision as it resolves."""
    CHOICE_EFFECTS.append(cls)
    return cls


# Rules over a whole program, each raising CardScriptError, run in order before it compiles:
# ``check(effects, ctx)``, ctx the CompileContext the program compiles in.
PROGRAM_CHECKS: list[Callable[[list[Effect], CompileContext], None]] = []


def program_check(check: Callable[[list[Effect], CompileContext], None]
                  ) -> Callable[[list[Effect], CompileContext], None]:
    """Function decorator: ``check`` is run over every program compiled."""
    PROGRAM_CHECKS.append(check)
    return check


def compile_program(effects: Iterable[Effect], ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
    out: list[int] = []
    effects = list(effects)
    for check in PROGRAM_CHECKS:
        check(effects, ctx)
    exiled = False
    acted_on = False        # 608.2h: REF_LKI_CONTROLLER, the controller of what it acted on
    for i, eff in enumerate(effects):
        if not isinstance(eff, Effect):
            raise CardScriptError(f"{eff!r} is not an effect")
        last = i == len(effects) - 1
        if eff.last_in_program and not last:
            raise CardScriptError(eff.last_in_program.format(name=type(eff).__name__))
        for inner in eff.children():
            if getattr(inner, "nested_message", ""):
                raise CardScriptError(inner.nested_message)
        if any(getattr(eff, f.name) == "its controller" for f in fields(eff)):
            if not acted_on:
                raise CardScriptError("'its controller' names the controller of what an Exile, "
                                      "Destroy, ReturnToHand or Counter before it acted on "
                                      "(608.2h); put that effect first")
            if not eff.lki_controller:
                raise CardScriptError(f"'its controller' can't be the player of {type(eff).__name__}"
                                      ": only of effects that make no choice while resolving")
        if eff.needs_exile_before and not exiled:
            raise CardScriptError(f"{type(eff).__name__} needs an Exile effect before it")
        if eff.ends_resolution and not last:
            raise CardScriptError(eff.ends_resolution_message.format(name=type(eff).__name__))
        exiled = exiled or eff.exiles
        acted_on = acted_on or eff.remembers_controller
        out.extend(eff.compile(ctx))
    return out


def walk_effects(effects: Iterable[Effect]):
    """Every effect, nested ones included."""
    for eff in effects:
        yield eff
        yield from walk_effects(eff.children())
