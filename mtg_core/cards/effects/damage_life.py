"""Damage (120), life (119) and poison counters (122.1f).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import Amount, Effect, RefEffect, _amount
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from ..vocabulary import _C, _ref


@dataclass(frozen=True)
class Damage(Effect):
    """~ deals N damage to <who> (120)."""
    who: str
    amount: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_DAMAGE"], _ref(self.who), _amount(self.amount)]


@dataclass(frozen=True)
class LoseLife(Effect):
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str
    amount: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_LOSE_LIFE"], _ref(self.who), _amount(self.amount)]


@dataclass(frozen=True)
class GainLife(Effect):
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str
    amount: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_GAIN_LIFE"], _ref(self.who), _amount(self.amount)]


@dataclass(frozen=True)
class Poison(Effect):
    who: str
    amount: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_POISON"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class GainLifeEqualToPower(RefEffect):
    """<who> gains life equal to the power of what :class:`Exile` just exiled, as it last
    existed on the battlefield (608.2h; Swords to Plowshares).  A negative power is 0
    (107.1b)."""
    lki_controller = True           # 608.2h: its player may be "its controller"
    needs_exile_before = True      # it gains the power of what the Exile exiled
    who: str = "its controller"
    OP = "OP_GAIN_LIFE_LKI_POWER"


@dataclass(frozen=True)
class GainLifeEqualToManaValue(RefEffect):
    """<who> gains life equal to the mana value of the spell's first target (202.3; Divine
    Offering: "Destroy target artifact. You gain life equal to its mana value.").  The
    target's mana value is the same wherever the effects before moved it."""
    who: str = "you"
    OP = "OP_GAIN_LIFE_TARGET_MV"


@dataclass(frozen=True)
class DamageEqualToPower(Effect):
    """<source> (a creature) deals damage equal to its power to <to> (120.1): "Target
    creature you control deals damage equal to its power to target creature you don't
    control" (Rabid Bite).  The creature is the source of the damage (its deathtouch and
    lifelink apply, 702.2b, 702.15b); its power is read as the effect happens (608.2h); if
    it is gone or an illegal target, no damage is dealt (608.2b)."""
    source: str
    to: str

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_DAMAGE_BY_POWER"], _ref(self.source), _ref(self.to)]


# --- prevention (615) ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PreventNextDamage(Effect):
    """"Prevent the next N damage that would be dealt to <who> this turn." (615.7: a
    prevention shield, used up by what it prevents)."""
    who: str
    n: Amount

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_PREVENT_NEXT"], _ref(self.who), _amount(self.n)]


@dataclass(frozen=True)
class PreventAllCombatDamage(Effect):
    """"Prevent all combat damage that would be dealt this turn." (615.1; Fog)."""

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_PREVENT_COMBAT"]]


@dataclass(frozen=True)
class PreventAllDamageTo(RefEffect):
    """"Prevent all damage that would be dealt to <who> this turn." (615.1)."""
    who: str
    OP = "OP_PREVENT_ALL_TO"
