"""Replacement effects of a card's own static abilities (614), the base layer of
:data:`.registry.REPLACEMENTS`: "~ enters tapped", "~ enters with N +1/+1 counters on it"
(614.1c), "~ enters tapped unless you control N or fewer other lands" (614.1c) and "If ~
would die, exile it instead" (614.1a).
"""
from __future__ import annotations

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Modified, Obj


def _enters_tapped(e) -> bool:
    """"~ enters [the battlefield] tapped", of the card itself, for good."""
    return isinstance(e, Effect) and e.subject == Obj("self") and e.duration is None and \
        e.verb == "enters tapped" and not e.extra and e.object is None


@R.REPLACEMENTS.layer(R.BASE)
def lower_replacements(effects: tuple, x: bool) -> tuple[tuple, list]:
    """Split the replacement effects of a card's own static abilities off ``effects``:
    "~ enters [the battlefield] tapped", "~ enters with N (or X, with {X} in its mana
    cost) +1/+1 counters on it" (614.1c) and "If ~ would die, exile it instead" (614.1a).
    Returns (the other effects, the replacements)."""
    rest: list = []
    out: list = []
    for e in effects:
        if _enters_tapped(e):
            out.append(C.EntersTapped())
        elif isinstance(e, Effect) and e.subject == Obj("self") and e.duration is None and \
                e.verb == "enters with counters" and e.extra == (("kind", "+1/+1"),) and \
                e.amount is not None and e.object is None and \
                (e.amount.value is not None or (e.amount.expr == "X" and x)):
            out.append(C.EntersWithCounters(e.amount.value if e.amount.value is not None else "X"))
        elif isinstance(e, Modified) and e.how == "unless" and \
                e.detail[0] == "you control few lands" and e.detail[1].value is not None and \
                len(e.effects) == 1 and _enters_tapped(e.effects[0]):
            out.append(C.EntersTappedUnlessFewLands(e.detail[1].value))          # 614.1c
        elif isinstance(e, Effect) and e.verb == "exile instead of dying" and e.subject is None \
                and e.object == Obj("self") and not e.extra and e.duration is None:
            out.append(C.DiesExileInstead())                 # 614.1a
        else:
            rest.append(e)
    return tuple(rest), out
