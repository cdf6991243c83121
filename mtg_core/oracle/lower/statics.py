"""Static abilities the card language has as card fields (604): :class:`Statics`, what they
set, and :func:`lower_static` -- "doesn't untap", an Aura's or Equipment's bonus and
keywords, combat restrictions, requirements and costs of the card itself or of the creature
it enchants (508.1c-i, 509.1b-f), skip-step statics, an extra land play (305.2a), "can't be
countered" (101.2).  The static abilities of the layer system are :mod:`.layered_statics`'s
(:data:`.registry.LAYER_STATICS`), tried first.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Filter, Keyword, Modified, Obj, effect
from .context import Inexpressible, _keywords, _pt


@dataclass
class Statics:
    """What static abilities set on a card (its fields other than ``abilities``)."""
    keywords: list[str] = field(default_factory=list)
    attached_bonus: tuple[int, int] | None = None
    attached_keywords: tuple[str, ...] | None = None
    static: str | None = None
    protection: list[str] = field(default_factory=list)
    combat: list[str] = field(default_factory=list)
    abilities: list = field(default_factory=list)    # static abilities of the layer system
    # devoid (702.114a: colourless), changeling (702.73a), landwalk (702.14)
    devoid: bool = False
    changeling: bool = False
    landwalk: list[str] = field(default_factory=list)


_SELF_COMBAT = {"can't attack or block alone": ("can't attack alone", "can't block alone"),
                "can't attack or block": ("can't attack", "can't block"),
                "can block an additional creature each combat": ("can block an additional creature",),
                "can't be blocked by Wall": ("can't be blocked by Walls",),
                # 509.1b; the grammar names the noun singular
                "can't be blocked by creature with power 2 or less":
                    ("can't be blocked by creatures with power 2 or less",),
                "can't be blocked by more than one creature":
                    ("can't be blocked by more than one creature",)}
"""Restrictions of the card itself (508.1c, 509.1b) whose words differ from the
language's ``Card(combat=...)`` words; the others are the same words (COMBAT_BITS)."""


_ENCHANTED_COMBAT = {"can't attack": ("enchanted creature can't attack",),
                     "can't block": ("enchanted creature can't block",),
                     "can't attack or block": ("enchanted creature can't attack",
                                               "enchanted creature can't block")}
"""An Aura's restrictions of the creature it enchants (508.1c, 509.1b)."""


_STATIC_STEPS = {"upkeep": "players skip their upkeep steps",
                 "untap": "players skip their untap steps"}


_COMBAT_COSTS = {
    ("attack you", None): "creatures can't attack you unless their controller pays {N} for each "
                          "creature they control that's attacking you",
    ("attack you or planeswalkers", None):
        "creatures can't attack you or planeswalkers you control unless their controller pays "
        "{N} for each of those creatures",
    ("attack you or planeswalkers", ("untapped", Obj("self"))):
        "as long as ~ is untapped, creatures can't attack you or planeswalkers you control "
        "unless their controller pays {N} for each of those creatures",
    ("block", ("attacking", Obj("self"))):
        "as long as ~ is attacking, creatures can't block unless their controller pays {N} "
        "for each of those creatures",
    ("attack", "enchanted"): "enchanted creature can't attack unless its controller pays {N}"}
"""Attack and block costs (508.1g-i, 509.1d-f) the language has as ``Card(combat=...)``
words, by what is taxed and the condition ("as long as ~ is untapped")."""


def _combat_cost(e: Effect, attach_kind: str | None, condition: Any = None) -> str:
    mana = e.get("mana")
    key: tuple = (e.get("what"), condition)
    if e.get("what") == "attack":                  # "Enchanted creature can't attack unless ..."
        if condition is not None or attach_kind != "enchanted" or \
                e.object != Obj("enchanted", Filter(("creature",))):
            raise Inexpressible("static: attack cost of another creature")
        key = ("attack", "enchanted")
    if key not in _COMBAT_COSTS or not re.fullmatch(r"\{\d+\}", mana or "") or \
            set(k for k, _ in e.extra) != {"mana", "what"}:
        raise Inexpressible(f"static: {e.get('what')} cost" +
                            (f" as long as {condition[0]}" if condition else ""))
    return _COMBAT_COSTS[key].replace("{N}", mana)


_UNBLOCKABLE_ALONE = "as long as enchanted creature is attacking alone, it can't be blocked"
"""Security Bypass's words (506.5, 509.1b) in ``Card(combat=...)``."""


def _unblockable(e: Any, who: Obj) -> bool:
    """Whether ``e`` is exactly "<who> can't be blocked" (no duration, no other words)."""
    return isinstance(e, Effect) and e.verb == "restriction" and \
        e.get("what") == "can't be blocked" and e.subject == who and e.duration is None and \
        len(e.extra) == 1


def lower_static(effects: tuple, out: Statics, attach_kind: str | None) -> None:
    """Static abilities the language has as card fields (604): "doesn't untap", the
    Aura/Equipment bonus, the skip-step statics; and the static abilities of the layer
    system (:func:`.layered_statics.lower_layer_statics`, in ``out.abilities``)."""
    layered = R.LAYER_STATICS(effects, attach_kind)
    if layered is not None:
        out.abilities.extend(layered)
        return
    previous = None
    for e in effects:
        if isinstance(e, Modified) and e.how == "as long as" and len(e.effects) == 1 and \
                isinstance(e.effects[0], Effect) and e.effects[0].verb == "combat cost":
            out.combat.append(_combat_cost(e.effects[0], attach_kind, e.detail))
            continue
        if isinstance(e, Modified) and e.how == "unless" and len(e.effects) == 1 and \
                e.detail[0] == "its controller pays" and isinstance(e.effects[0], Effect) and \
                e.effects[0].verb == "restriction" and e.effects[0].get("what") == "can't attack":
            # "Enchanted creature can't attack unless its controller pays {3}." (508.1g-i)
            r = e.effects[0]
            if len(r.extra) != 1 or r.duration is not None:
                raise Inexpressible("static: attack cost with a duration")
            out.combat.append(_combat_cost(effect("combat cost", None, r.subject, mana=e.detail[1],
                                                  what="attack"), attach_kind))
            continue
        if isinstance(e, Modified) and e.how == "as long as" and attach_kind == "enchanted" and \
                e.detail == ("attacking alone", Obj("enchanted", Filter(("creature",)))) and \
                len(e.effects) == 1 and _unblockable(e.effects[0], Obj("it")):
            # "As long as enchanted creature is attacking alone, it can't be blocked." (506.5)
            out.combat.append(_UNBLOCKABLE_ALONE)
            continue
        if isinstance(e, Modified):
            raise Inexpressible(f"static modifier: {e.how}")
        if not isinstance(e, Effect):
            raise Inexpressible("modes (choose one —)")
        if e.subject == Obj("it") and previous is not None:      # "gets +1/+1 and has flying"
            e = Effect(e.verb, previous, e.object, e.amount, e.duration, e.extra)
        previous = e.subject
        attached = attach_kind is not None and e.subject == Obj(attach_kind, Filter(("creature",)))
        if e.verb == "doesn't untap" and e.subject == Obj("self") and e.get("whose") == "your":
            out.keywords.append("doesn't untap")
        elif e.verb == "doesn't untap" and attach_kind is not None and \
                e.get("whose") == "its controller's" and e.subject in \
                [Obj(attach_kind, Filter((k,))) for k in ("creature", "permanent", "artifact", "land")]:
            # 502.3: the Aura / Equipment gives it "doesn't untap" (Paralyze-style auras)
            out.attached_keywords = (*(out.attached_keywords or ()), "doesn't untap")
        elif e.verb == "restriction" and e.subject == Obj("self") and e.duration is None and \
                len(e.extra) == 1 and (e.get("what") in _SELF_COMBAT or
                                       e.get("what") in C.COMBAT_BITS or
                                       e.get("what") + "s" in C.COMBAT_BITS):
            # "can't be blocked except by black creature[s]": the grammar names nouns singular
            what = e.get("what") if e.get("what") in C.COMBAT_BITS or e.get("what") in _SELF_COMBAT \
                else e.get("what") + "s"
            out.combat.extend(_SELF_COMBAT.get(what, (what,)))
        elif e.verb == "combat cost":
            out.combat.append(_combat_cost(e, attach_kind))
        elif e.verb == "combat cap" and e.amount is not None and e.amount.value is not None:
            n = e.amount.value              # 508.1c, 509.1b
            out.combat.append(f"no more than {{{n}}} creatures can {e.get('what')} each combat")
        elif e.verb == "lure" and not e.extra and (e.object == Obj("self") or (
                attach_kind == "enchanted" and e.object == Obj("enchanted", Filter(("creature",))))):
            # 509.1c: a requirement on every creature that could block it
            out.combat.append("all creatures able to block it do so" if e.object == Obj("self")
                              else "enchanted creature: all creatures able to block it do so")
        elif e.verb == "has keywords" and e.subject == Obj("all", Filter(("creature",), ("you control",))) \
                and e.get("keywords") == (Keyword("menace"),):
            out.combat.append("creatures you control have menace")
        elif e.verb == "skip steps" and e.get("step") in _STATIC_STEPS and out.static is None \
                and _STATIC_STEPS[e.get("step")] in C.STATICS:
            out.static = _STATIC_STEPS[e.get("step")]
        elif e.verb == "pump" and attached and e.duration is None and out.attached_bonus is None:
            out.attached_bonus = _pt(e.get("pt"))
        elif e.verb == "has keywords" and attached and out.attached_keywords is None:
            out.attached_keywords = _keywords(e.get("keywords"))
        # an Aura's "Enchanted creature can't attack [or block]." (508.1c, 509.1b)
        elif e.verb == "restriction" and attach_kind == "enchanted" and e.duration is None and \
                e.subject == Obj("enchanted", Filter(("creature",))) and len(e.extra) == 1 and \
                e.get("what") in _ENCHANTED_COMBAT:
            out.combat.extend(_ENCHANTED_COMBAT[e.get("what")])
        # "You may play an additional land on each of your turns." (305.2a)
        elif e.verb == "extra land play" and e.subject == Obj("you") and not e.extra and \
                out.static is None:
            out.static = "you may play an additional land on each of your turns"
        # "This spell can't be countered." / "~ can't be countered." (101.2)
        elif e.verb == "restriction" and e.get("what") == "can't be countered" and \
                e.subject == Obj("self") and len(e.extra) == 1 and e.duration is None and \
                out.static is None:
            out.static = "this spell can't be countered"
        else:
            what = e.get("what") if e.verb == "restriction" else e.verb
            who = e.subject.phrase() if e.subject is not None else ""
            raise Inexpressible(f"static: {what}" + (f" ({who})" if who in ("~",) else ""))
