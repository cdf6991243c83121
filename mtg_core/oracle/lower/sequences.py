"""Sequences of effects (608.2c: in the order written), the base layer of
:data:`.registry.EFFECT_SEQUENCES`: each effect node by its verb (:mod:`.verbs`), and the
sequences read as one instruction -- "Destroy ... It can't be regenerated" (701.19c), Sleep's
"tap all creatures target player controls. They don't untap ..." -- modes (700.2), delayed
triggers ("at the beginning of the next end step", 603.7), "counter ... unless its
controller pays {N}" (701.5), the searches and the top of the library (:mod:`.searches`),
"for each creature it's blocking", "put ... onto the battlefield tapped and attacking"
(508.4) and the kicker's "if this spell was kicked" (702.33d).  Modified effects ("you may",
"for each", ...) go through :data:`.registry.MODIFIERS`.
"""
from __future__ import annotations

import re

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Filter, Modal, Modified, Obj
from .context import Ctx, Inexpressible, _by_you, _duration, _pt, _spell_target, amount_x, subject
from .damage import _damage
from .grants import merge_token_abilities
from .kicker import _kicked, _kicker_instead
from .searches import _may_search_basic_land, _reveal_top
from .targets import lower_ability_modes
from .verbs import lower_verb


def _rewrite(effects: tuple) -> tuple:
    """Effect sequences the language has one instruction for (Sleep's two sentences)."""
    out = list(merge_token_abilities(effects))
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if isinstance(a, Effect) and isinstance(b, Effect) and a.verb == "tap" and \
                a.object is not None and a.object.kind == "all" and \
                a.object.filter == Filter(("creature",), ("target player controls",)) and \
                b.verb == "doesn't untap next" and b.get("whose") == "that player's" and \
                b.subject in (Obj("they"), Obj("that", Filter(("creature",)))):
            out[i:i + 2] = [Effect("tap and freeze creatures",
                                   subject=Obj("target", Filter(("player",))))]
            return _rewrite(tuple(out))
    return tuple(out)


def _rewrite_zone(effects: tuple) -> tuple:
    """"Destroy <it / all ...>. <It / They> can't be regenerated." is one instruction
    (701.19c)."""
    out = list(effects)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if isinstance(a, Effect) and isinstance(b, Effect) and a.verb == "destroy" and \
                not a.extra and b.verb == "can't be regenerated" and not b.extra and \
                b.object in (Obj("they"), Obj("it")) and b.subject is None:
            out[i:i + 2] = [Effect("destroy no regeneration", a.subject, a.object)]
            return _rewrite_zone(tuple(out))
    return tuple(out)


def _generic(mana: str, ctx: Ctx) -> int | str:
    """``{N}`` (or ``{X}`` in a spell with X) as an amount of generic mana."""
    if mana == "{X}" and ctx.x:
        return "X"
    if re.fullmatch(r"\{\d+\}", mana):
        return int(mana[1:-1])
    raise Inexpressible("unless: a payment other than generic mana", mana)


_PUMP_FOR_EACH = {Obj("each", Filter(("creature",), ("it's blocking",))): "creature it's blocking",
                  Obj("each", Filter(("creature",), ("blocking it",))): "creature blocking it"}


def _pump_for_each(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"It gets +P/+T until end of turn for each creature it's blocking / blocking it"
    (Guardian of the Gateless, Rabid Elephant): counted as it resolves."""
    if m.how != "for each" or m.detail not in _PUMP_FOR_EACH or len(m.effects) != 1 or \
            not isinstance(m.effects[0], Effect) or m.effects[0].verb != "pump":
        return None
    e = m.effects[0]
    if set(k for k, _ in e.extra) != {"pt"} or e.duration is None:
        raise Inexpressible("modifier: for each")
    who = subject(e, ctx, "object")
    if who != "self":                         # "it" is the creature that blocks / is blocked
        raise Inexpressible("modifier: for each")
    p, t = _pt(e.get("pt"))
    return C.PumpForEach(who, p, t, _PUMP_FOR_EACH[m.detail], _duration(e.duration))


def _put_from_hand_attacking(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"You may put a [Soldier] creature card from your hand onto the battlefield tapped and
    attacking" (508.4; Preeminent Captain)."""
    if m.how != "may" or m.detail is not None or len(m.effects) != 1:
        return None
    e = m.effects[0]
    if not isinstance(e, Effect) or e.verb != "put onto battlefield" or \
            e.get("tapped") != "tapped and attacking":
        return None
    o = e.object
    kind = o.filter.types[0][:-len(" creature card")] if o is not None and o.filter is not None \
        and len(o.filter.types) == 1 and o.filter.types[0].endswith("creature card") else None
    if e.subject != Obj("you") or len(e.extra) != 1 or o is None or o.kind != "a" or \
            o.count is not None or kind is None or o.filter.props != ("from your hand",) or \
            (kind and kind not in C.RULES_SUBTYPES):
        raise Inexpressible("effect: put onto the battlefield attacking")
    return C.PutFromHandAttacking(kind or None)


@R.EFFECT_SEQUENCES.layer(R.BASE)
def lower_effects(effects: tuple, ctx: Ctx) -> list:
    """Lower a sequence of effect nodes (608.2c: in the order written)."""
    out: list = []
    effects = _rewrite_zone(_rewrite(effects))
    i = 0
    while i < len(effects):
        e = effects[i]
        i += 1
        if isinstance(e, Modal):                    # targets.py: an ability's modes
            out.extend(lower_ability_modes(e, effects, ctx))
            continue
        if isinstance(e, Modified):
            if e.how == "delayed" and e.detail in ("end", "upkeep") and ctx.kind != "delayed":
                inner = Ctx("delayed", ctx.targets, ctx.last, ctx.last_player, sorcery=ctx.sorcery,
                            x=ctx.x, event=ctx.event, exiled=ctx.exiled, layout=ctx.layout)
                body = R.EFFECT_SEQUENCES(e.effects, inner)
                out.append(C.AtBeginningOfNext(e.detail, tuple(body)))
                continue
            if e.how == "unless" and isinstance(e.detail, tuple) and \
                    e.detail[0] == "its controller pays" and len(e.effects) == 1 and \
                    isinstance(e.effects[0], Effect) and e.effects[0].verb == "counter" and \
                    i == len(effects):
                # 701.5: the spell's controller decides; it ends the resolution (last effect)
                c = e.effects[0]
                _by_you(c, ctx)
                who = _spell_target(c.object, ctx)
                out.append(C.CounterUnlessPays(_generic(e.detail[1], ctx), who))
                continue
            search = R.SEARCHES(e.effects, ctx, may=True) if e.how == "may" else None
            search = search or _may_search_basic_land(e, ctx) or _put_from_hand_attacking(e, ctx)
            if search is not None:
                if i != len(effects):           # a decision while resolving: the last effect
                    raise Inexpressible("effect after a choice made while resolving")
                out.append(search)
                continue
            pump = _pump_for_each(e, ctx)
            if pump is not None:
                out.append(pump)
                continue
            if e.how == "if" and _kicked(e.detail) and ctx.kind == "spell" and ctx.kicker:
                out.append(C.IfKicked(*R.EFFECT_SEQUENCES(e.effects, ctx)))
                continue
            chosen = R.MODIFIERS(e, effects, i, ctx)   # "you may", "for each" (below)
            if chosen is not None:
                out.extend(chosen[0] if isinstance(chosen[0], list) else [chosen[0]])
                i += chosen[1]
                continue
            raise Inexpressible(f"modifier: {e.how}")
        look = R.LOOKS(e, effects, i, ctx)     # "look at the top N cards" (below)
        if look is not None:
            out.append(look[0])
            i += look[1]
            continue
        if e.verb == "search":                      # 701.19
            out.append(R.SEARCHES(effects[i - 1:], ctx, may=False, required=True))
            break
        reveal = _reveal_top(e, effects[i], ctx) if i < len(effects) else None
        if reveal is not None:
            out.append(reveal)
            i += 1
            continue
        if ctx.kind == "spell" and ctx.kicker and i < len(effects) and \
                _kicker_instead(e, effects[i]):
            first = _damage(e, ctx)
            n = amount_x(effects[i].effects[0].amount, "damage", ctx)
            out.append(C.IfKicked(*first, kicked=False))
            out.append(C.IfKicked(C.Damage(first[0].who, n)))
            i += 1
            continue
        out.extend(lower_verb(e, ctx))                  # verbs.py: the verb's own entry
    if not out:
        raise Inexpressible("no effect")
    return out
