"""Vehicles (301.7b, 702.122).

A Vehicle is an artifact with a printed power and toughness (208.3: they count only while it
is a creature).  ``Crew(N)`` is its keyword ability 702.122a: "Tap any number of untapped
creatures you control with total power N or greater: This Vehicle becomes an artifact
creature until end of turn."  The player picks the creatures one at a time (the D_CREW
decision, src/combat/vehicles.pxi) until their total power reaches N; the type change is a
continuous effect of layer 4 (613.1d).

>>> Crew(3).n, Crew(3).cost
(3, 'Crew 3')
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .abilities import ActivatedAbility
from .compile_context import DEFAULT_CONTEXT
from .costs import ManaCost
from .statics import AddTypes, Becomes
from .vocabulary import _C

BECOMES_ARTIFACT_CREATURE = Becomes("self", AddTypes(("Artifact", "Creature")))
"""702.122a: "This Vehicle becomes an artifact creature until end of turn.\""""


@dataclass(frozen=True, init=False)
class Crew(ActivatedAbility):
    """702.122a "Crew N" (N >= 1).  It may be activated any time its controller could cast
    an instant (602.5 adds nothing); creatures that are summoning sick may crew (302.6
    limits only their own {T} abilities)."""
    n: int

    def __init__(self, n: int):
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"crew {n!r}: a number from 1 to {_C['TABLE_AMOUNT_MAX']} (702.122a)")
        super().__init__(f"Crew {n}", BECOMES_ARTIFACT_CREATURE)
        object.__setattr__(self, "n", n)

    def __repr__(self) -> str:
        return f"Crew({self.n})"

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        r = self._row(ManaCost(), 0, _C["TIME_ANY"], (), start, length, ctx)
        r[_C["AF_CREW"]] = self.n
        return r
