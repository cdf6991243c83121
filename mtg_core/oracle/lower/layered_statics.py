"""Static abilities of the layer system (604.3, 611.3, 613), the base layers of
:data:`.registry.LAYER_STATICS` and :data:`.registry.CHARACTERISTIC_PT`: "Creatures you
control get +1/+1", "Other Goblin creatures you control get +1/+1 and have haste", "All
creatures are black" (layer 5), "has base power and toughness 1/1" (7b), their conditions
("as long as ...", "during your turn", 611.3a) and "~'s power and toughness are each equal
to ..." (604.3, layer 7a).
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Amount, Effect, Filter, Keyword, Modified, Obj
from .context import Inexpressible, _keywords, _pt
from .groups import (_LY_COLORS, _LY_NUMBER_CONDITIONS, _LY_SIMPLE_CONDITIONS, _LY_STATES,
                     _LY_SUBTYPES, _LY_TYPE_WORDS, _ly_group)


def _ly_condition_filter(f: Filter) -> dict[str, Any]:
    """What a condition counts: "a Mountain", "three or more artifacts", "a red permanent",
    "a Wizard creature" -> ``AsLongAs`` keywords (types, subtypes, colors) and whether
    "other" ("another") was said."""
    types, subtypes, colors, other = [], [], "", False
    for noun in f.types:
        words = noun.split()
        if words[-1] in _LY_TYPE_WORDS or words[-1] == "permanent":
            if words[-1] != "permanent":
                types.append(_LY_TYPE_WORDS[words[-1]])
            words = words[:-1]
        if any(w not in _LY_SUBTYPES for w in words):
            raise Inexpressible(f"static condition: {noun}")
        subtypes.extend(words)
    # several nouns are "any of": all types or all subtypes (the core ANDs the two masks)
    if len(f.types) > 1 and types and subtypes:
        raise Inexpressible("static condition: " + " or ".join(f.types))
    for p in f.props:
        if p in _LY_COLORS and not colors:
            colors = _LY_COLORS[p]
        elif p == "other":
            other = True
        else:
            raise Inexpressible(f"static condition: {p} permanent")
    return {"types": tuple(types), "subtypes": tuple(subtypes), "colors": colors, "other": other}


def _ly_condition(detail: Any) -> "C.AsLongAs":
    """The condition of "as long as ..." / "during your turn" (611.3a) as an ``AsLongAs``."""
    what, arg = detail
    if what in _LY_SIMPLE_CONDITIONS and arg is None:
        return C.AsLongAs(_LY_SIMPLE_CONDITIONS[what])
    if what in _LY_STATES and arg in (Obj("self"), Obj("it")):
        return C.AsLongAs(_LY_STATES[what])
    if what in _LY_NUMBER_CONDITIONS and isinstance(arg, Amount) and isinstance(arg.value, int):
        return C.AsLongAs(_LY_NUMBER_CONDITIONS[what], arg.value)
    if what == "threshold":
        return C.AsLongAs("at least N cards in your graveyard", 7)
    if what == "no cards in hand":
        return C.AsLongAs("at most N cards in your hand", 0)
    if what in ("you control", "opponent controls") and isinstance(arg, Obj) and \
            arg.kind in ("a", "an") and arg.filter is not None and arg.count is None:
        kw = _ly_condition_filter(arg.filter)
        other = kw.pop("other")
        if what == "opponent controls":
            if other:
                raise Inexpressible("static condition: an opponent controls another")
            return C.AsLongAs("an opponent controls", **kw)
        return C.AsLongAs("you control another" if other else "you control", **kw)
    if what == "control at least" and isinstance(arg[0], Amount) and isinstance(arg[0].value, int):
        kw = _ly_condition_filter(arg[1])
        other = kw.pop("other")
        return C.AsLongAs("you control another" if other else "you control", arg[0].value, **kw)
    if what == "you control no" and isinstance(arg, Filter):
        kw = _ly_condition_filter(arg)
        if kw.pop("other"):
            raise Inexpressible("static condition: no other")
        return C.AsLongAs("you control no", **kw)
    raise Inexpressible(f"static condition: {what}")


_LY_VERBS = ("pump", "has keywords", "is color", "set base p/t")


_LY_SET_COLORS = {**_LY_COLORS, "colorless": ""}


def _base_pt(text: str) -> tuple[int, int]:
    if not re.fullmatch(r"\d+/\d+", text or ""):
        raise Inexpressible("static: base power and toughness", text or "")
    p, t = text.split("/")
    return int(p), int(t)


_LY_CDA = re.compile(r"the number of ([A-Za-z'-]+) you control")


@R.CHARACTERISTIC_PT.layer(R.BASE)
def _ly_characteristic_pt(e: Effect) -> "C.StaticAbility":
    """"~'s power and toughness are each equal to the number of Swamps you control" / "...
    creatures you control" / "... your life total" (604.3, layer 7a)."""
    expr = e.amount.expr if e.amount is not None else None
    if e.object != Obj("self") or not isinstance(expr, str):
        raise Inexpressible("characteristic-defining power")
    m = _LY_CDA.fullmatch(expr)
    if expr == "your life total":
        cda = C.CharacteristicPT("your life total")
    elif m and m.group(1) in _LY_SUBTYPES:
        cda = C.CharacteristicPT("permanents you control with subtype", m.group(1))
    elif m and m.group(1) in _LY_TYPE_WORDS:
        cda = C.CharacteristicPT("permanents you control of type", _LY_TYPE_WORDS[m.group(1)])
    else:
        raise Inexpressible("characteristic-defining power", expr)
    return C.StaticAbility("self", cda)


@R.LAYER_STATICS.layer(R.BASE)
def lower_layer_statics(effects: tuple, attach_kind: str | None) -> list["C.StaticAbility"] | None:
    """Static abilities of the layer system (611.3, 613): "Creatures you control get +1/+1",
    "Other Goblin creatures you control get +1/+1 and have haste", "~ gets +1/+1 as long as
    you control a Mountain", "As long as ~ is equipped, it has double strike".  None when
    the sentence is something else (the card-field statics of :func:`.statics.lower_static`,
    or an unconditional "enchanted creature gets ...", which is the Aura's attached bonus)."""
    condition = None
    if len(effects) == 1 and isinstance(effects[0], Effect) and \
            effects[0].verb == "power and toughness equal":
        return [R.CHARACTERISTIC_PT(effects[0])]
    if len(effects) == 1 and isinstance(effects[0], Modified) and effects[0].how == "as long as":
        detail, effects = effects[0].detail, effects[0].effects
        if not all(isinstance(e, Effect) and e.verb in _LY_VERBS for e in effects):
            return None
        condition = _ly_condition(detail)
        if detail[1] == Obj("it") and not all(e.subject in (Obj("self"), Obj("it")) for e in effects):
            # "Enchanted creature has shroud as long as it's untapped": "it" is not ~
            raise Inexpressible(f"static condition: {detail[0]} (of another object)")
    if not effects or not all(isinstance(e, Effect) and e.verb in _LY_VERBS for e in effects):
        return None
    if condition is None and len(effects) == 1 and effects[0].verb == "has keywords" and \
            effects[0].get("keywords") == (Keyword("menace"),):
        return None                             # a combat property (Goblin War Drums)
    out: list[tuple[Obj, list]] = []
    for e in effects:
        subj = e.subject if e.verb != "is color" else e.object     # "All creatures are black"
        if e.verb == "is color":
            e = Effect(e.verb, subj, None, e.amount, e.duration, e.extra)
        if subj in (Obj("it"), Obj("same")):
            subj = out[-1][0] if out else Obj("self") if condition is not None and \
                condition.what.startswith("~") else None
        if subj is None or e.duration is not None or e.object is not None:
            raise Inexpressible("static: " + e.verb)
        attached = attach_kind is not None and subj == Obj(attach_kind, Filter(("creature",)))
        if attached and condition is None:
            return None                         # the Aura / Equipment bonus (CF_ATTACHED_*)
        if e.verb == "pump":
            change = C.ModifyPT(*_pt(e.get("pt")))
        elif e.verb == "set base p/t":
            change = C.SetBasePT(*_base_pt(e.get("pt")))   # layer 7b
        elif e.verb == "is color":
            # "All creatures are black" (layer 5); "~ is colorless" would be a CDA (604.3)
            if subj == Obj("self") or e.get("color") not in _LY_SET_COLORS:
                raise Inexpressible("static: is color")
            change = C.SetColors(_LY_SET_COLORS[e.get("color")])
        else:
            change = C.AddKeywords(*_keywords(e.get("keywords")))
        if out and out[-1][0] == subj:
            out[-1][1].append(change)
        else:
            out.append((subj, [change]))
    abilities = []
    for subj, changes in out:
        if subj == Obj("self"):
            kw: dict[str, Any] = {"affects": "self"}
        elif attach_kind is not None and subj == Obj(attach_kind, Filter(("creature",))):
            kw = {"affects": f"{attach_kind} creature"}
        else:
            kw = _ly_group(subj)
        affects = kw.pop("affects")
        abilities.append(C.StaticAbility(affects, *changes, condition=condition, **kw))
    return abilities
