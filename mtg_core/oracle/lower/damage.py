"""Damage (120) and its prevention (615): the effect verbs "deals N damage to ..." (dealt
by the ability's source; :mod:`.moves` reads damage by another source and by a power),
"Prevent all combat damage that would be dealt this turn" (Fog), prevention shields
("prevent the next N damage", 615.7) and "prevent all damage that would be dealt to ...".

Each is an entry of :data:`.verbs.EFFECTS`.
"""
from __future__ import annotations

from ... import cards as C
from ..nodes import Effect
from .context import Ctx, Inexpressible, amount_x, ref


def _damage(e: Effect, ctx: Ctx) -> list:
    if e.get("divided"):
        raise Inexpressible("divided damage")
    src = e.subject
    if src is None or src.kind not in ("self", "it") or \
            (src.kind == "it" and ctx.last != "self"):
        raise Inexpressible("damage dealt by another source", src.phrase() if src else "")
    n = amount_x(e.amount, "damage", ctx)
    ctx.last_subject = "self"
    if e.object is not None and e.object.kind == "itself":      # "... and 1 damage to itself"
        if ctx.kind == "spell":
            raise Inexpressible("a spell referring to itself", "itself")
        return [C.Damage("self", n)]
    return [C.Damage(ref(e.object, ctx, "any"), n)]


def _this_turn(e: Effect) -> None:
    if e.duration != "this turn" or e.subject is not None:
        raise Inexpressible(f"effect: {e.verb} ({e.duration})")


def _prevent_all_combat_damage(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)
    return [C.PreventAllCombatDamage()]                 # 615.1 (Fog)


def _prevent_next_damage(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)                                       # 615.7: a prevention shield
    return [C.PreventNextDamage(ref(e.object, ctx, "any"), amount_x(e.amount, "damage", ctx))]


def _prevent_damage_to(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)
    return [C.PreventAllDamageTo(ref(e.object, ctx, "any"))]
