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
    x: int = 0          # how many {X} (107.3); X is 0 except on the stack (107.3, 202.3e)

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
        x = 0
        pips = [0] * 6
        for sym in _SYMBOL.findall(text):
            if sym.isdigit():
                generic += int(sym)
            elif sym in COLOR_INDEX:
                pips[COLOR_INDEX[sym]] += 1
            elif sym == "X":
                x += 1
            else:
                raise CardScriptError(f"mana cost {text!r}: symbol {{{sym}}} is not supported yet "
                                      "(hybrid and Phyrexian costs)")
        if x > 3:
            raise CardScriptError(f"mana cost {text!r}: at most three {{X}}")
        return ManaCost(generic, (pips[0], pips[1], pips[2], pips[3], pips[4], pips[5]), text, x)

    @property
    def mana_value(self) -> int:
        return self.generic + sum(self.pips)

    def as_row(self) -> list[int]:
        return [self.generic, *self.pips]

    @property
    def colors(self) -> int:
        return sum(1 << i for i in range(5) if self.pips[i])


def _parse_cost(text: str) -> tuple[ManaCost, int]:
    cost, flags, life = parse_cost(text)
    if life:
        raise CardScriptError(f"cost {text!r}: paying life is supported in spells' costs only")
    return cost, flags


# Costs other than mana (118, 601.2f): the words and their COST_* flag.
_COST_WORDS = {"sacrifice ~": "COST_SAC_SELF", "sacrifice this artifact": "COST_SAC_SELF",
               "sacrifice this creature": "COST_SAC_SELF",
               "sacrifice a creature": "COST_SAC_CREATURE", "discard a card": "COST_DISCARD",
               "discard this card": "COST_DISCARD_SELF"}
_PAY_LIFE = re.compile(r"pay (\d+) life")


def parse_cost(text: str) -> tuple[ManaCost, int, int]:
    """``"{2}, {T}, Sacrifice ~"`` -> (mana cost, COST_* flags, life to pay).  The words
    are those of :data:`_COST_WORDS` and "Pay N life" (119.4)."""
    flags = 0
    life = 0
    rest = text
    if "{T}" in rest:
        flags |= _C["COST_TAP"]
        rest = rest.replace("{T}", "")
    parts = [p.strip() for p in rest.split(",")]
    mana = ""
    for p in parts:
        if not p:
            continue
        low = p.lower()
        if low in _COST_WORDS:
            flags |= _C[_COST_WORDS[low]]
        elif _PAY_LIFE.fullmatch(low):
            flags |= _C["COST_PAY_LIFE"]
            life += int(_PAY_LIFE.fullmatch(low).group(1))
        elif _SYMBOL.fullmatch(p) or re.fullmatch(r"(\{[^{}]+\})+", p):
            mana += p
        else:
            raise CardScriptError(f"cost {text!r}: can't read {p!r}")
    cost = ManaCost.parse(mana)
    if cost.x:
        raise CardScriptError(f"cost {text!r}: {{X}} is supported in mana costs of spells only")
    return cost, flags, life
