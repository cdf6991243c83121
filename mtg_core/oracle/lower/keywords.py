"""Keyword abilities (702), the base layer of :data:`.registry.KEYWORDS`: the keywords the
core has as bits, protection (702.16), cycling and typecycling (702.29), an instant's or
sorcery's kicker (702.33) and flashback (702.34), enchant (702.5), equip (702.6), ward
(702.21), devoid and changeling (604.3), landwalk (702.14), bushido (702.45) and exalted
(702.83).
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Amount, Cost, Keyword
from ..vocabulary import SUBTYPES
from .context import UnsupportedKeyword, _is_object_spec
from .costs import activation_cost


def _protection(quality: Any) -> tuple[str, ...]:
    """"Protection from red", "from multicolored", "from Demons and from Dragons" (702.16a)
    as ``Card(protection=...)`` qualities."""
    out = []
    for q in str(quality).split(" and "):
        if q in C.PROTECTION_QUALITIES:
            out.append(q)
        elif q + "s" in C.PROTECTION_TYPES:           # the grammar names subtypes singular
            out.append(q + "s")
        elif q in ("artifact", "creature"):            # card types, named singular too
            out.append(q + "s")
        else:
            raise UnsupportedKeyword(f"keyword: protection from {q}", f"protection from {q}")
    return tuple(out)


def _mana_only(param: Any, what: str) -> str:
    if not isinstance(param, str) or not param.startswith("{"):
        raise UnsupportedKeyword(f"keyword: {what} (a cost other than mana)", what)
    return activation_cost((_mana_cost_node(param),))


def _flashback_cost(param: Any) -> str:
    """"Flashback {2}{U}" or "Flashback—{1}{U}, Pay 3 life" (702.34a)."""
    if isinstance(param, str):
        return _mana_only(param, "flashback")
    parts = []
    for c in param:
        if c.kind == "mana" and not parts:
            parts.append(activation_cost((c,)))
        elif c.kind == "pay life" and c.amount is not None and c.amount.value is not None:
            parts.append(f"Pay {c.amount.value} life")
        else:
            raise UnsupportedKeyword(f"keyword: flashback (cost: {c.kind})", "flashback")
    return ", ".join(parts)


@R.KEYWORDS.layer(R.BASE)
def lower_keyword(k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """A keyword ability as ("keyword", name), ("enchant", kind), ("ability", ability),
    ("protection", qualities), ("combat", property) or, on an instant or sorcery,
    ("kicker" | "flashback", cost) of its spell ability."""
    if k.param is None and (k.name in C.KEYWORD_BITS or k.name in C.TRIGGERED_KEYWORDS):
        return "keyword", k.name                   # prowess: a triggered ability (702.108)
    if k.name == "banding" and k.param is None:
        return "combat", "banding"                 # 702.21
    if k.name == "protection":
        return "protection", _protection(k.param)
    if k.name == "cycling":
        return "ability", C.Cycling(_mana_only(k.param, "cycling"))      # 702.29a
    if k.name.endswith("cycling"):
        return "ability", C.Typecycling(_cycling_quality(k.name),        # 702.29e-f
                                        _mana_only(k.param, k.name))
    if k.name == "kicker" and is_spell:
        return "kicker", _mana_only(k.param, "kicker")                   # 702.33
    if k.name == "flashback" and is_spell:
        return "flashback", _flashback_cost(k.param)                     # 702.34
    if k.name == "enchant" and is_aura and isinstance(k.param, str) and \
            k.param in C.TARGETS and _is_object_spec(k.param):
        return "enchant", k.param
    if k.name == "equip" and is_equipment and isinstance(k.param, str):
        # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
        # only as a sorcery."
        cost = activation_cost((_mana_cost_node(k.param),))
        return "ability", C.ActivatedAbility(cost, C.Attach("target"),
                                             targets=("creature you control",), timing="sorcery")
    if k.name == "ward":
        return "ability", _ward(k.param)                                  # 702.21a
    # characteristic-defining keywords (604.3) and landwalk
    if k.name in ("devoid", "changeling") and k.param is None:
        return k.name, True                        # 702.114a colourless; 702.73a every type
    if k.name in _LANDWALK and k.param is None:
        return "landwalk", _LANDWALK[k.name]       # 702.14a-c
    if k.name == "bushido" and isinstance(k.param, Amount) and k.param.value is not None \
            and 0 < k.param.value <= 20:
        # 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end
        # of turn." -- one ability per event (a creature never does both in one combat)
        pump = C.Pump("self", k.param.value, k.param.value, "end of turn")
        return "abilities", (C.TriggeredAbility("blocks", pump),
                             C.TriggeredAbility("becomes blocked", pump))
    if k.name == "exalted" and k.param is None:
        # 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1
        # until end of turn."
        return "abilities", (C.TriggeredAbility("a creature you control attacks alone",
                                                C.Pump("that creature", 1, 1, "end of turn")),)
    raise UnsupportedKeyword(f"keyword: {k.name}", k.name)


def _cycling_quality(name: str) -> str:
    """What "[type]cycling" searches for (702.29e-f): "islandcycling" an Island card,
    "wizardcycling" a Wizard card, "landcycling" a land card, "basic landcycling" a basic
    land card."""
    kind = name[:-len("cycling")]
    if kind in ("land", "basic land"):
        return kind
    if kind in _SUBTYPE_NAMES:
        return _SUBTYPE_NAMES[kind]
    raise UnsupportedKeyword(f"keyword: {name}", name)


_SUBTYPE_NAMES = {s.lower(): s for s in SUBTYPES}
"""The subtypes (205.3) by their lower-case spelling: typecycling names one."""

_LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}
"""The basic landwalk keywords (702.14b) and the land type each looks for."""


def _mana_cost_node(text: str) -> Cost:
    return Cost("mana", mana=text)


def _ward(param: Any) -> C.TriggeredAbility:
    """702.21a: "Ward {N}" / "Ward—Pay N life"."""
    if isinstance(param, str) and re.fullmatch(r"\{\d+\}", param) and param != "{0}":
        return C.Ward(param)
    if isinstance(param, tuple) and len(param) == 1 and isinstance(param[0], Cost) and \
            param[0].kind == "pay life" and param[0].amount is not None and \
            isinstance(param[0].amount.value, int) and param[0].amount.value > 0:
        return C.Ward(f"Pay {param[0].amount.value} life")
    raise UnsupportedKeyword("keyword: ward", "ward")
