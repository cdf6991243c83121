"""The groups of permanents a static ability or a count names ("other Goblin creatures you
control", "white creatures", "Golems you control"; 205.3, 611.3, 613) in the words of
``cards.StaticAbility`` (``affects``, ``subtypes``, ``colors``, ...).
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from ..nodes import Obj
from ..vocabulary import SUBTYPES as _LY_SUBTYPES
from .context import Inexpressible


_LY_BASES = {"creature": "creatures", "artifact": "artifacts", "enchantment": "enchantments",
             "land": "lands", "permanent": "permanents"}
"""The noun of an affected group -> the plural AFFECTS names (``cards.AFFECTS``)."""
_LY_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_LY_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
                  "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle"}
_LY_STATES = {"attacking": "~ is attacking", "tapped": "~ is tapped", "untapped": "~ is untapped",
              "equipped": "~ is equipped", "enchanted": "~ is enchanted"}
_LY_SIMPLE_CONDITIONS = {"your turn": "it's your turn", "not your turn": "it's not your turn"}
_LY_NUMBER_CONDITIONS = {"life at least": "you have at least N life",
                         "life at most": "you have at most N life",
                         "opponent life at most": "an opponent has at most N life",
                         "graveyard at least": "at least N cards in your graveyard"}


def _ly_noun(noun: str) -> tuple[str, tuple[str, ...]]:
    """"Goblin creature" -> ("creature", ("Goblin",)); "Golem" -> ("permanent", ("Golem",))
    (a creature type alone names the permanents with it, 205.3)."""
    words = noun.split()
    if words[-1] in _LY_BASES:
        base, subs = words[-1], words[:-1]
    else:
        base, subs = "permanent", words
    if any(s not in _LY_SUBTYPES for s in subs):
        raise Inexpressible(f"static: affected group ({noun})")
    return base, tuple(subs)


def _ly_group(o: Obj) -> dict[str, Any]:
    """``StaticAbility`` keywords (affects and filter) for a group of permanents named as the
    subject of a static ability: "Other Goblin creatures you control", "White creatures",
    "Golems you control", "All Sliver creatures", "Nontoken creatures you control"."""
    if o.kind not in ("all", "each") or o.filter is None or o.count is not None:
        raise Inexpressible(f"static: affected group ({o.phrase()})")
    bases, subtypes = set(), []
    for noun in o.filter.types:
        base, subs = _ly_noun(noun)
        bases.add(base)
        subtypes.extend(subs)
    if len(bases) != 1 or (len(o.filter.types) > 1 and len(subtypes) != len(o.filter.types)):
        raise Inexpressible(f"static: affected group ({o.phrase()})")
    kw: dict[str, Any] = {}
    other, whose, colors = False, "", ""
    for p in o.filter.props:
        if p == "other":
            other = True
        elif p in ("you control", "your opponents control") and not whose:
            whose = " " + p
        elif p in _LY_COLORS and not colors:
            colors = _LY_COLORS[p]
        elif p == "nontoken":
            kw["nontoken"] = True
        elif p.startswith("non-") and p[4:] in _LY_SUBTYPES:
            kw["not_subtypes"] = (*kw.get("not_subtypes", ()), p[4:])
        else:
            raise Inexpressible(f"static: affected group ({p})")
    affects = ("other " if other else "") + _LY_BASES[bases.pop()] + whose
    if affects not in C.AFFECTS:
        raise Inexpressible(f"static: affected group ({affects})")
    kw["affects"] = affects
    if subtypes:
        kw["subtypes"] = tuple(dict.fromkeys(subtypes))
    if colors:
        kw["colors"] = colors
    return kw
