"""Triggered abilities (603): the base layers of :data:`.registry.TRIGGERED` (the card's own
events, cast triggers, the beginning of a step) and of :data:`.registry.INTERVENING_IFS`
(603.4), and the zone-change triggers (603.6, 603.10a: "When ~ dies", "Whenever another
creature you control enters").
"""
from __future__ import annotations

import copy
from typing import Any

from ... import cards as C
from ...errors import CardScriptError as _CardScriptError
from . import costs as _costs
from . import registry as R
from ..nodes import Filter, Obj, Triggered
from .context import Ctx, Inexpressible
from .language import check_subject as _parse_subject, walk_effects as _walk_effects


SELF_TRIGGERS: dict[str, str] = {
    "enters": "enters", "attacks": "attacks",                                   # 508.2
    "blocks": "blocks", "blocks a creature": "blocks a creature",               # 509.4a-b
    "becomes blocked": "becomes blocked",                                       # 509.4c
    "becomes blocked by a creature": "becomes blocked by a creature",           # 509.4d
    "attacks unblocked": "attacks and isn't blocked",                           # 509.4g
    "attacks alone": "attacks alone",                                           # 506.5
    "combat damage to player": "deals combat damage to a player",               # 510.3
    "combat damage to creature": "deals combat damage to a creature",
    "damage to opponent": "deals damage to an opponent",
    # "When this creature transforms into ~" (701.28; faces.py): the face now up is this one
    "transforms into": "transforms"}
"""Trigger events of the card itself ("When ~ enters", "Whenever ~ attacks") ->
``TriggeredAbility(at=...)``."""


_PLAYER_OF_EVENT = {"deals combat damage to a player", "deals damage to an opponent"}
"""Events whose player "that player" names (603.2): the player dealt damage."""


_CASTERS = {Obj("you"): "you", Obj("a", Filter(("player",))): "a player",
            Obj("a", Filter(("opponent",))): "an opponent"}
"""Who casts the spell of a cast trigger (601.2i)."""


def _cast_trigger(t: Any, ctx: Ctx) -> tuple[str, tuple[str, ...]]:
    """"Whenever <caster> casts a [quality] spell" -> (whose, spell qualities)."""
    spell = t.get("spell")
    subs = _costs.spell_subtypes(spell)          # costs.py: "a Spirit or Arcane spell"
    if subs is not None and t.subject in _CASTERS:
        ctx.last_player = "that player"
        return _CASTERS[t.subject], (subs,)
    if t.subject not in _CASTERS or not isinstance(spell, Obj) or spell.kind != "a" or \
            spell.filter is None or spell.filter.types != ("spell",) or \
            any(p not in C.SPELL_QUALITIES for p in spell.filter.props):
        raise Inexpressible(f"trigger: cast ({spell.phrase() if isinstance(spell, Obj) else spell})")
    ctx.last_player = "that player"                # 603.2: the caster
    return _CASTERS[t.subject], spell.filter.props


@R.TRIGGERED.layer(R.BASE)
def lower_triggered(ab: Triggered, layout: str | None = None) -> C.TriggeredAbility:
    """``layout``: the multi-face card's when this is one of its faces
    (:attr:`.context.Ctx.layout`)."""
    zone = lower_zone_trigger(ab, layout)                  # 603.6: dies, leaves, "a creature enters"
    if zone is not None:
        return zone
    if ab.condition is not None:
        return R.INTERVENING_IFS(ab, layout)                  # 603.4 (below)
    if ab.limit is not None:
        raise Inexpressible("trigger limit: " + ab.limit)
    t = ab.trigger
    ctx = Ctx("triggered", layout=layout)
    spell: tuple[str, ...] = ()
    if t.event in SELF_TRIGGERS and t.subject == Obj("self") and not t.extra:
        at, whose = SELF_TRIGGERS[t.event], "your"
        ctx.last = "self"
        ctx.event = at
        if at in _PLAYER_OF_EVENT:
            ctx.last_player = "that player"
    elif t.event == "cast":
        at = "cast"
        whose, spell = _cast_trigger(t, ctx)
    elif t.event == "beginning of step":
        at, whose = t.get("step"), t.get("whose")
        if at not in C.STEPS or at == "main":
            raise Inexpressible(f"trigger: beginning of {at}")
        if whose not in C.WHOSE:
            raise Inexpressible(f"trigger: beginning of {whose} {at}")
    else:
        raise Inexpressible(f"trigger: {t.event}" + ("" if t.subject in (None, Obj("self"))
                                                     else f" ({t.subject.phrase()})"))
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    return C.TriggeredAbility(at, *body, whose=whose, targets=tuple(ctx.targets), spell=spell)


@R.INTERVENING_IFS.layer(R.BASE)
def _intervening_if(ab: Triggered, layout: str | None = None) -> C.TriggeredAbility:
    """603.4: "When/Whenever <event>, if <condition>, <effects>"."""
    cond = R.CONDITIONS(ab.condition)
    plain = R.TRIGGERED(Triggered(ab.trigger, ab.effects, None, ab.limit), layout)
    if type(plain) is not C.TriggeredAbility:
        # the trigger's own kind and subject stay ("Whenever a nontoken creature enters, if
        # ..."; it was once read as ~'s own "enters" trigger before)
        out = copy.copy(plain)
        object.__setattr__(out, "effects", (C.InterveningIf(cond, *plain.effects),))
        return out
    return C.TriggeredAbility(plain.at, C.InterveningIf(cond, *plain.effects), whose=plain.whose,
                              targets=plain.targets, spell=plain.spell)


_ZONE_PROPS = {"other": "another", "nontoken": "nontoken", "you control": "you control",
               "an opponent controls": "an opponent controls",
               "your opponents control": "an opponent controls"}
"""Words of a zone-change trigger's subject ("another nontoken creature you control")."""


def _zone_subject(obj: Obj, extra: tuple) -> str:
    """The ZoneChangeTrigger subject of "Whenever <obj> dies / enters [under your
    control]": "~ or another creature" is "a creature" (the source is one, 603.10a)."""
    f = obj.filter
    if obj.kind not in ("a", "self or another") or f is None or len(f.types) != 1 or \
            obj.count is not None or any(p not in _ZONE_PROPS for p in f.props):
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}")
    props = [_ZONE_PROPS[p] for p in f.props]
    if obj.kind == "self or another" and "another" in props:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}")
    control = dict(extra).get("control")
    if set(k for k, _ in extra) - {"control"} or control not in (None, "you", "an opponent"):
        raise Inexpressible(f"trigger: zone change of {obj.phrase()} ({extra})")
    whose = [p for p in props if p.endswith("control") or p.endswith("controls")]
    if control is not None:
        whose.append("you control" if control == "you" else "an opponent controls")
    if len(whose) > 1:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()} (whose)")
    words = ["another" if "another" in props else "a"]
    if "nontoken" in props:
        words.append("nontoken")
    words.append(f.types[0])
    words.extend(whose)
    subject = " ".join(words)
    try:
        _parse_subject(subject)
    except _CardScriptError:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}") from None
    return subject


_SELF_ZONE_EVENTS = {"dies": "dies", "leaves": "leaves the battlefield"}
"""Zone-change events of the card itself (603.6c, 700.4) -> ``TriggeredAbility(at=...)``."""


def lower_zone_trigger(ab: Triggered, layout: str | None = None) -> C.TriggeredAbility | None:
    """"When ~ dies / leaves the battlefield / is put into a graveyard from the
    battlefield" and "Whenever a [another] <type> [you control] dies / enters", or None
    when the trigger is none of these (603.6, 603.10a).  The ability of a permanent that
    has left acts from where it went: only "return ~ to its owner's hand" after it died
    names the card (400.7: found in the graveyard); any other effect on ~ is refused."""
    t = ab.trigger
    if ab.condition is not None or ab.limit is not None:
        return None
    ctx = Ctx("triggered", layout=layout)
    if t.subject == Obj("self") and t.event in _SELF_ZONE_EVENTS and not t.extra:
        at = _SELF_ZONE_EVENTS[t.event]
        ctx.last = "self"
        ctx.event = at
        body = R.EFFECT_SEQUENCES(ab.effects, ctx)
        out = []
        for eff in body:
            if isinstance(eff, C.ReturnToHand) and eff.who == "self" and at == "dies":
                eff = C.ReturnSelfFromGraveyard()          # 400.7, 603.6c (Rancor)
            out.append(eff)
        if any(getattr(eff, "who", None) == "self" for eff in _walk_effects(out)):
            raise Inexpressible(f"effect on ~ after it {t.event}")
        return C.TriggeredAbility(at, *out, targets=tuple(ctx.targets))
    if t.event in ("dies", "enters") and t.subject is not None and t.subject != Obj("self") \
            and t.subject.kind in ("a", "self or another"):
        subject_words = _zone_subject(t.subject, t.extra)
        ctx.event = f"zone {t.event}"
        if t.event == "dies":
            ctx.last = "that card"      # "exile it": the card it became (400.7, 603.6c)
        body = R.EFFECT_SEQUENCES(ab.effects, ctx)
        return C.ZoneChangeTrigger(t.event, subject_words, *body, targets=tuple(ctx.targets))
    return None
