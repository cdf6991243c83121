"""Replacement effects of a card's own static abilities (614), the base layer of
:data:`.registry.REPLACEMENTS`: "~ enters tapped", "~ enters with N +1/+1 counters on it"
(614.1c), "~ enters tapped unless you control N or fewer / N or more other lands" and "... unless
you control a Swamp or an Island" (614.1c), "As ~ enters,
you may pay N life. If you don't, it enters tapped." (614.12) and "If ~ would die, exile
it instead" (614.1a).
"""
from __future__ import annotations

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Modified, Obj


def _enters_tapped(e) -> bool:
    """"~ enters [the battlefield] tapped", of the card itself, for good."""
    return isinstance(e, Effect) and e.subject == Obj("self") and e.duration is None and \
        e.verb == "enters tapped" and not e.extra and e.object is None


def _pay_life_as_enters(e, then) -> int | None:
    """N of "As ~ enters, you may pay N life." followed by "If you don't, it enters
    tapped." (the two sentences of one static ability, 614.12), or None."""
    if not (isinstance(e, Modified) and e.how == "as ~ enters" and e.detail is None and
            len(e.effects) == 1 and isinstance(then, Modified) and then.how == "if you don't"
            and then.detail is None and len(then.effects) == 1):
        return None
    may, tapped = e.effects[0], then.effects[0]
    if not (isinstance(may, Modified) and may.how == "may" and may.detail is None and
            len(may.effects) == 1):
        return None
    pay = may.effects[0]
    if not (isinstance(pay, Effect) and pay.verb == "pay life" and pay.subject == Obj("you")
            and pay.object is None and pay.duration is None and not pay.extra and
            pay.amount is not None and pay.amount.value is not None and
            pay.amount.expr is None and 1 <= pay.amount.value <= 15):
        return None
    if not (isinstance(tapped, Effect) and tapped.verb == "enters tapped" and
            tapped.subject in (Obj("it"), Obj("self")) and tapped.object is None and
            tapped.amount is None and tapped.duration is None and not tapped.extra):
        return None
    return pay.amount.value


@R.REPLACEMENTS.layer(R.BASE)
def lower_replacements(effects: tuple, x: bool) -> tuple[tuple, list]:
    """Split the replacement effects of a card's own static abilities off ``effects``:
    "~ enters [the battlefield] tapped", "~ enters with N (or X, with {X} in its mana
    cost) +1/+1 counters on it" (614.1c) and "If ~ would die, exile it instead" (614.1a).
    Returns (the other effects, the replacements)."""
    rest: list = []
    out: list = []
    skip = False
    for i, e in enumerate(effects):
        if skip:
            skip = False
            continue
        n = _pay_life_as_enters(e, effects[i + 1] if i + 1 < len(effects) else None)
        if n is not None:
            out.append(C.PayLifeOrEntersTapped(n))                             # 614.12
            skip = True
        elif _enters_tapped(e):
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
        elif isinstance(e, Modified) and e.how == "unless" and \
                e.detail[0] in ("you control many lands", "you control many basic lands") and \
                e.detail[1].value is not None and e.detail[1].value >= 1 and \
                len(e.effects) == 1 and _enters_tapped(e.effects[0]):
            out.append(C.EntersTappedUnlessManyLands(                              # 614.1c
                e.detail[1].value, basic=e.detail[0] == "you control many basic lands"))
        elif isinstance(e, Modified) and e.how == "unless" and \
                e.detail[0] == "you control a land type" and len(set(e.detail[1])) == len(e.detail[1]) \
                and len(e.effects) == 1 and _enters_tapped(e.effects[0]):
            out.append(C.EntersTappedUnlessYouControl(tuple(e.detail[1])))        # 614.1c
        elif isinstance(e, Effect) and e.verb == "exile instead of dying" and e.subject is None \
                and e.object == Obj("self") and not e.extra and e.duration is None:
            out.append(C.DiesExileInstead())                 # 614.1a
        else:
            rest.append(e)
    return tuple(rest), out
