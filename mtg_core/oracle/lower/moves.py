"""Lowering of zone moves and damage by another source:

- "Return target [type] card from your graveyard to your hand" (115.1, 400.7);
- "Put target [permanent] on top of its owner's library" and "Put target [type] card from
  your graveyard on top of your library" (401.1); cards from your hand (401.4) are
  :mod:`.library_order`'s;
- "Target creature you control deals damage equal to its power to target creature ..."
  (120.1; the creature is the source).

Each is the entry of its verb in :data:`.verbs.EFFECTS`, reading more forms than the
function of the verb's own module (:mod:`.object_effects`, :mod:`.damage`), which it calls
for everything else: what that refused stays refused with the same feature name.
"""
from __future__ import annotations

import dataclasses

from ... import cards as C
from ..nodes import Amount, Effect, Filter, Obj
from .context import Ctx, Inexpressible, _by_you, _permanent, ref
from .damage import _damage
from .language import TS as _TS
from .library_order import from_your_hand, put_from_hand_on_top
from .modifiers import _for_each
from .object_effects import _bounce, _tap
from .triggered import SELF_TRIGGERS

_GRAVEYARD = ("from your graveyard",)


def _mana_value_quality(props: tuple) -> tuple[tuple, str]:
    """Split "with mana value N or less / N or greater" (202.3) off a graveyard target's
    qualities: (the rest, " <that quality>" or "")."""
    mv = [p for p in props if p.startswith("with mana value ") and p.endswith((" or less",
                                                                               " or greater"))]
    if len(mv) != 1:
        return props, ""
    return tuple(p for p in props if p != mv[0]), " " + mv[0]


def graveyard_card_spec(obj: Obj | None) -> str | None:
    """The target kind (``cards.TARGETS`` key) of "target [type] card [with mana value N or
    less / greater] from your graveyard", or None when ``obj`` is not such a target (a
    subtype, another quality, ...)."""
    if obj is None or obj.kind != "target" or obj.filter is None:
        return None
    props, mv = _mana_value_quality(obj.filter.props)
    if props not in (_GRAVEYARD, ("other",) + _GRAVEYARD) or not obj.filter.types:
        return None
    other = "other " if props[0] == "other" else ""
    types = obj.filter.types
    if not all(t == "card" or t.endswith(" card") for t in types):
        return None
    words = [t[:-len(" card")] if t != "card" else "" for t in types]
    if len(words) == 1:
        spec = f"{words[0]} card in your graveyard".strip()
    elif "" in words:
        return None
    elif len(words) == 2:
        spec = f"{words[0]} or {words[1]} card in your graveyard"
    else:
        spec = ", ".join(words[:-1]) + f", or {words[-1]} card in your graveyard"
    return other + spec + mv if other + spec + mv in C.TARGETS else None


def _graveyard_target(obj: Obj, ctx: Ctx, feature: str) -> str:
    spec = graveyard_card_spec(obj)
    if spec is None:
        raise Inexpressible(feature, obj.phrase())
    r = ctx.target(spec, obj)
    ctx.last = r
    return r


def _return_to_hand(e: Effect, ctx: Ctx) -> list:
    """"Return target permanent to its owner's hand" (the earlier lowering), or "return
    target [type] card from your graveyard to your hand" (115.1: a card, not a permanent)."""
    if e.extra == (("to", "your hand"),):
        _by_you(e, ctx)
        return [C.ReturnFromGraveyard(_graveyard_target(e.object, ctx, "effect: bounce (to)"))]
    return _bounce(e, ctx)


def _put_on_top(e: Effect, ctx: Ctx) -> list:
    """"Put target creature on top of its owner's library" / "put target artifact card from
    your graveyard on top of your library" (401.1: your graveyard's cards are yours); cards
    from your hand are library_order.py's (401.4)."""
    if from_your_hand(e.object):
        return put_from_hand_on_top(e, ctx)
    if e.get("order") is not None:
        raise Inexpressible("effect: put on top (order)")
    _by_you(e, ctx)
    if e.get("library") == "your":
        return [C.PutOnTop(_graveyard_target(e.object, ctx, "effect: put on top"))]
    if e.extra or graveyard_card_spec(e.object) is not None:
        raise Inexpressible("effect: put on top")
    return [C.PutOnTop(_permanent(e.object, ctx))]


_ON_BATTLEFIELD_EVENTS = frozenset(SELF_TRIGGERS.values()) - {SELF_TRIGGERS["transforms into"]}
"""Trigger events after which the source is still on the battlefield (not "dies"); the
transform trigger (701.28) is left out, this reading not covering a face's power yet."""


def _self_damage_by_power(e: Effect, ctx: Ctx) -> list | None:
    """"~ deals damage equal to its power to <target>" (Jagged-Scar Archers): the permanent
    as it is now (608.2h).  Refused where ~ has left the battlefield -- sacrificed as a cost
    ("Sacrifice ~: It deals ..."), or a "dies" trigger -- since that needs its last known
    power."""
    if e.subject != Obj("self") or e.amount not in (Amount(None, "its power"),
                                                    Amount(None, "~'s power")):
        return None
    if e.extra or e.object is None or e.object.kind != "target":
        raise Inexpressible("variable amount (damage)", "its power")
    if ctx.kind == "activated" and ctx.last == "self":          # sacrificed as a cost
        raise Inexpressible("variable amount (damage)", "its power (last known)")
    if ctx.kind not in ("activated", "triggered") or \
            (ctx.kind == "triggered" and ctx.event is not None and
             ctx.event not in _ON_BATTLEFIELD_EVENTS):
        raise Inexpressible("variable amount (damage)", "its power")
    source = ref(e.subject, ctx, "object")
    to = ref(e.object, ctx, "any")
    ctx.last_subject = source
    return [C.DamageEqualToPower(source, to)]


def _damage_by_count(e: Effect, ctx: Ctx) -> list | None:
    """"~ deals damage to <target> equal to the number of <counted>" (608.2h: counted as it
    resolves): the earlier lowering's damage of 1, for each one counted."""
    expr = e.amount.expr if e.amount is not None and e.amount.value is None else None
    if not expr or not expr.startswith("the number of "):
        return None
    words = expr[len("the number of "):]
    try:
        C.Count(words).lower()
    except C.CardScriptError:
        raise Inexpressible("variable amount (damage)", expr) from None
    (one,) = _damage(dataclasses.replace(e, amount=Amount(1)), ctx)
    return [_for_each(words, one, "variable amount (damage)")]


def _damage_by_another_source(e: Effect, ctx: Ctx) -> list:
    """"Target creature [you control] deals damage equal to its power to <target>" (120.1),
    "~ deals damage equal to its power" and "equal to the number of ..."; other damage goes
    to the earlier lowering."""
    for special in (_self_damage_by_power, _damage_by_count):
        out = special(e, ctx)
        if out is not None:
            return out
    src = e.subject
    earlier = src is not None and (src.kind == "it" or src == Obj("that", Filter(("creature",)))) \
        and ctx.last in ("target", "target2")
    if src is None or (src.kind != "target" and not earlier) or \
            e.amount != Amount(None, "its power") or e.extra or e.object is None or \
            e.object.kind not in ("target", "itself"):
        return _damage(e, ctx)
    if earlier:
        # "It / That creature deals damage equal to its power ...": the target named just
        # before, a creature (Clear Shot, Felling Blow)
        if not ctx.targets or not _creature_spec(ctx.targets[("target", "target2").index(ctx.last)]):
            raise Inexpressible("damage dealt by another source", src.phrase())
        source = ctx.last
    else:
        if src.filter is None or src.filter.types != ("creature",):
            raise Inexpressible("damage dealt by another source", src.phrase())
        source = ref(src, ctx, "object")
        if not _creature_spec(ctx.targets[-1]):
            raise Inexpressible("damage dealt by another source", src.phrase())
    if e.object.kind == "itself":              # "deals damage to itself" (Justice Strike)
        to = source
    else:
        if e.object.filter is not None and "other" in e.object.filter.props:
            # "another target creature": other than the first target, not than the source
            raise Inexpressible("damage dealt by another source", e.object.phrase())
        to = ref(e.object, ctx, "any")
    ctx.last_subject = source
    ctx.last = source
    return [C.DamageEqualToPower(source, to)]


def _creature_spec(spec: str) -> bool:
    """A target kind that is only ever a creature permanent (it has a power, 208.1)."""
    bits = C.TARGETS[spec]
    kinds = _TS["TS_CREATURE"] | _TS["TS_PLAYER"] | _TS["TS_PLANESWALKER"] | _TS["TS_ARTIFACT"] | \
        _TS["TS_ENCHANTMENT"] | _TS["TS_LAND"] | _TS["TS_PERMANENT"] | _TS["TS_SPELL"] | \
        _TS["TS_YOUR_GRAVEYARD"]
    return bits & kinds == _TS["TS_CREATURE"]


# --- "two target Xs" (601.2c: one word "target", two different objects) -----------------------

_ONE_OBJECT_EFFECTS = (C.Destroy, C.Exile, C.ReturnToHand, C.Untap, C.AddCounters, C.PutOnTop,
                       C.ReturnFromGraveyard)
"""Effects on one object each: "destroy two target Xs" is the same effect on each of them,
one after the other in the same resolution (608.2c; no state-based action between)."""


def _two_targets(fn):
    def lower(e: Effect, ctx: Ctx) -> list:
        o = e.object
        if o is None or o.kind != "target" or o.count != Amount(2) or o.up_to:
            return fn(e, ctx)
        first = fn(dataclasses.replace(e, object=dataclasses.replace(o, count=None)), ctx)
        if not ctx.targets or ctx.last not in ("target", "target2") or \
                not all(isinstance(x, _ONE_OBJECT_EFFECTS) and x.who == ctx.last for x in first):
            raise Inexpressible("several targets in one phrase", o.phrase())
        r1, spec = ctx.last, ctx.targets[-1]
        r2 = ctx.target(f"different {spec}", dataclasses.replace(o, count=None))
        ctx.last = None                  # "it" would name only one of them
        return first + [dataclasses.replace(x, who=r2) for x in first]
    return lower


# --- tap a permanent the ability names (701.26a) --------------------------------------------

def _tap_it(e: Effect, ctx: Ctx) -> list:
    """"Tap ~" / "tap it" / "tap that creature" (the one named before, or the creature of
    the trigger event, 603.2) as well as the earlier lowering's target and group taps."""
    o = e.object
    if o is not None and o.count is None and (o.kind in ("self", "it") or
                                              (o.kind == "that" and o.filter == Filter(("creature",)))):
        _by_you(e, ctx)
        return [C.Tap(_permanent(o, ctx))]
    return _tap(e, ctx)

