"""Effects under "if it has mana value N or less" of their target (202.3, 608.2c), the layer
"target mana value" of :data:`.registry.EFFECT_SEQUENCES`: "Destroy target creature if it
has mana value 2 or less." and Fatal Push's revolt line after it, "Destroy that creature if
it has mana value 4 or less instead if a permanent you controlled left the battlefield this
turn." (revolt, an ability word: 207.2c), lowered as one ``If(TargetManaValueAtMost(2,
revolt=4), Destroy("target"))``: the creature may be any creature when targeted; whether it
qualifies is checked on resolution.

The "instead" sentence must do the same to the same target, with a mana value at least the
first's; any other "instead" (Anoint with Affliction's "if its controller has three or more
poison counters") stays refused.
"""
from __future__ import annotations

import copy
from typing import Any

from ... import cards as C
from ..nodes import Modified
from . import registry as R
from .conditions import _value
from .context import Ctx, Inexpressible
from .language import TS as _TS

_AT_MOST = "it mana value at most"
_NO = "mana value condition"


def _mana_value_if(m: Any) -> int | None:
    """N of ``Modified("if", ("it mana value at most", N), ...)``, else None."""
    if isinstance(m, Modified) and m.how == "if" and isinstance(m.detail, tuple) and \
            len(m.detail) == 2 and m.detail[0] == _AT_MOST:
        n = _value(m.detail[1])
        if n is None:
            raise Inexpressible(_NO)
        return n
    return None


def _revolt_instead(m: Any) -> tuple[int, Modified] | None:
    """"<the same effect> if it has mana value M or less instead if a permanent you
    controlled left the battlefield this turn": (M, the inner "if"), else None."""
    if isinstance(m, Modified) and m.how == "instead if" and m.detail == ("revolt", None) \
            and len(m.effects) == 1:
        n = _mana_value_if(m.effects[0])
        if n is not None:
            return n, m.effects[0]
    return None


def _lower_on_target(m: Modified, ctx: Ctx) -> list:
    """The one effect of the "if", on one target object (what "it" names; a player has no
    mana value)."""
    body = R.EFFECT_SEQUENCES(m.effects, ctx)
    who = getattr(body[0], "who", None) if len(body) == 1 else None
    if who not in ("target", "target2") or len(ctx.targets) <= (who == "target2") or \
            C.TARGETS[ctx.targets[who == "target2"].removeprefix(C.OPTIONAL_TARGET)] & \
            _TS["TS_PLAYER"]:
        raise Inexpressible(_NO)
    return body


@R.EFFECT_SEQUENCES.layer("target mana value")
def lower_effects(rest, effects: tuple, ctx: Ctx) -> list:
    effects = tuple(effects)
    for j, m in enumerate(effects):
        n = _mana_value_if(m)
        if n is None:
            if _revolt_instead(m) is not None:
                raise Inexpressible(_NO + ": instead without the sentence it replaces")
            continue
        out = R.EFFECT_SEQUENCES(effects[:j], ctx) if j else []
        body = _lower_on_target(m, ctx)
        revolt = None
        used = 1
        if j + 1 < len(effects) and _revolt_instead(effects[j + 1]) is not None:
            revolt, inner = _revolt_instead(effects[j + 1])
            trial = copy.deepcopy(ctx)
            again = _lower_on_target(inner, trial)
            if again != body or trial.targets != ctx.targets:
                raise Inexpressible(_NO + ": instead of another effect")
            used = 2
        try:
            cond = C.TargetManaValueAtMost(n, revolt=revolt, who=body[0].who)
        except C.CardScriptError:
            raise Inexpressible(_NO) from None
        out.append(C.If(cond, *body))
        tail = effects[j + used:]
        return out + (R.EFFECT_SEQUENCES(tail, ctx) if tail else [])
    return rest(effects, ctx)
