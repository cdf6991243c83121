"""Ward (702.21a): the triggered ability; its effect (:class:`WardCounter`) and the library
searches with a quality (:class:`SearchLibrary`, 701.19) are in :mod:`.effects.cards_zones`.

The costs of activated and mana abilities themselves ("Sacrifice a creature", "Pay N life",
"Remove a +1/+1 counter from ~", "Tap an untapped creature you control", {Q}) are read by
:func:`mtg_core.cards.costs.parse_activation_cost`.
"""
from __future__ import annotations

import re

from ..errors import CardScriptError
from .abilities import TriggeredAbility
from .effects.cards_zones import WardCounter

BECOMES_TARGET = "becomes the target of a spell or ability an opponent controls"


_WARD = re.compile(r"\{(\d+)\}|pay (\d+) life")


def Ward(cost: str) -> TriggeredAbility:
    """702.21a: "Ward {2}" or "Ward--Pay 3 life" (``cost`` is "{2}" or "Pay 3 life"):
    "Whenever this permanent becomes the target of a spell or ability an opponent controls,
    counter that spell or ability unless that player pays [cost]."

    >>> Ward("{2}").at == BECOMES_TARGET
    True
    """
    m = _WARD.fullmatch(cost.strip().lower()) if isinstance(cost, str) else None
    if not m:
        raise CardScriptError(f"ward cost {cost!r}: '{{N}}' or 'Pay N life' (702.21a)")
    if m.group(1) is not None:
        return TriggeredAbility(BECOMES_TARGET, WardCounter(generic=int(m.group(1))))
    return TriggeredAbility(BECOMES_TARGET, WardCounter(life=int(m.group(2))))


