"""Mana costs (202) and activation costs ("{T}, Sacrifice ~: ...", 602.1)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CardScriptError
from .vocabulary import _C, COLOR_INDEX

_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic amount plus coloured pips (W U B R G) and {C} pips."""
    generic: int = 0
    pips: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    text: str = ""

    @staticmethod
    def parse(text: str) -> "ManaCost":
        """Parse ``"{2}{G}{G}"``; raises CardScriptError on anything else.

        >>> ManaCost.parse("{1}{G}").mana_value
        2
        """
        text = text.strip()
        if not text:
            return ManaCost()
        if _SYMBOL.sub("", text):
            raise CardScriptError(f"mana cost {text!r}: expected only {{...}} symbols")
        generic = 0
        pips = [0] * 6
        for sym in _SYMBOL.findall(text):
            if sym.isdigit():
                generic += int(sym)
            elif sym in COLOR_INDEX:
                pips[COLOR_INDEX[sym]] += 1
            else:
                raise CardScriptError(f"mana cost {text!r}: symbol {{{sym}}} is not supported yet "
                                      "(hybrid, Phyrexian and X costs come with card scripting)")
        return ManaCost(generic, (pips[0], pips[1], pips[2], pips[3], pips[4], pips[5]), text)

    @property
    def mana_value(self) -> int:
        return self.generic + sum(self.pips)

    def as_row(self) -> list[int]:
        return [self.generic, *self.pips]

    @property
    def colors(self) -> int:
        return sum(1 << i for i in range(5) if self.pips[i])


def _parse_cost(text: str) -> tuple[ManaCost, int]:
    flags = 0
    rest = text
    if "{T}" in rest:
        flags |= _C["COST_TAP"]
        rest = rest.replace("{T}", "")
    parts = [p.strip() for p in rest.split(",")]
    mana = ""
    for p in parts:
        if not p:
            continue
        if p.lower() == "sacrifice ~":
            flags |= _C["COST_SAC_SELF"]
        elif _SYMBOL.fullmatch(p) or re.fullmatch(r"(\{[^{}]+\})+", p):
            mana += p
        else:
            raise CardScriptError(f"cost {text!r}: can't read {p!r}")
    return ManaCost.parse(mana), flags
