"""Modes of activated and triggered abilities: "When ~ enters, choose one -- * ...; * ..."
(700.2; branch targets).  The ability's only effect is :class:`ChooseOne`; the mode is
chosen as the ability is activated (602.2b) or put on the stack (603.3c), each mode with its
own targets; a mode whose targets can't be chosen can't be chosen.

>>> from mtg_core.cards import Damage, Draw, Mode, TriggeredAbility
>>> ab = TriggeredAbility("enters", ChooseOne(Mode(Draw("you", 1)),
...                                           Mode(Damage("target", 2), targets=("creature",))))
>>> len(ab.effects[0].modes)
2
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .effects import Effect


@dataclass(frozen=True, init=False)
class ChooseOne(Effect):
    """"Choose one --" (700.2) as the whole effect of an activated or triggered ability:
    its :class:`~mtg_core.cards.abilities.Mode` objects (2 to 8)."""
    modes: tuple

    def __init__(self, *modes):
        from .abilities import Mode
        if not 2 <= len(modes) <= 8 or not all(isinstance(m, Mode) for m in modes):
            raise CardScriptError("ChooseOne takes 2 to 8 Mode objects (700.2)")
        object.__setattr__(self, "modes", tuple(modes))

    def compile(self):
        raise CardScriptError("ChooseOne is the only effect of an activated or triggered "
                              "ability (700.2)")

    # children(): none -- each mode is checked and compiled as its own ability row (CardDB)


def ability_modes(ab) -> tuple:
    """The modes of a modal spell (SpellAbility.modes) or of a modal activated or triggered
    ability (its ChooseOne), else ()."""
    modes = getattr(ab, "modes", None)
    if modes:
        return tuple(modes)
    effects = getattr(ab, "effects", ())
    if len(effects) == 1 and isinstance(effects[0], ChooseOne):
        return effects[0].modes
    return ()
