"""Kicker on permanents (702.33; branch kicker): "Kicker {cost}" of a creature, artifact or
enchantment card, "When ~ enters, if it was kicked, <effects>" (an intervening "if", 603.4)
and "If ~ was kicked, it enters with N +1/+1 counters on it" (614.1c).  The card language
side is :mod:`mtg_core.cards.kicker`; the core keeps "kicked" on the permanent (702.33d,
src/kicker.pxi).

Everything else that reads "kicked" on a permanent stays refused (an "if it was kicked"
inside another trigger's effects, "... instead", multikicker, a non-mana kicker cost).
"""
from __future__ import annotations

from typing import Any

from .. import cards as C
from . import lower as L
from .nodes import Effect, Keyword, Modified, Obj, Triggered


# --- "Kicker {cost}" on a permanent (702.33a) ---------------------------------------------------
_lower_keyword_before = L.lower_keyword


def lower_keyword(k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """A permanent card's mana kicker is its :func:`~mtg_core.cards.Kicker` ability."""
    if k.name == "kicker" and not is_spell:
        if is_aura:
            raise L.UnsupportedKeyword("keyword: kicker (an Aura)", "kicker")
        return "ability", C.Kicker(L._mana_only(k.param, "kicker"))
    return _lower_keyword_before(k, is_equipment, is_aura, is_spell)


L.lower_keyword = lower_keyword


# --- "When ~ enters, if it was kicked, <effects>" (603.4, 702.33d) ------------------------------
_intervening_if_before = L._intervening_if


def _intervening_if(ab: Triggered) -> "C.TriggeredAbility":
    """Only the permanent's own "When ~ enters" trigger: it is on the battlefield as the
    event happens, so "it" is the kicked permanent."""
    if not L._kicked(ab.condition):
        return _intervening_if_before(ab)
    t = ab.trigger
    if t.word != "when" or t.event != "enters" or t.subject != Obj("self") or t.extra or \
            ab.limit is not None:
        raise L.Inexpressible("intervening if clause: kicked (not its own enters trigger)")
    plain = L.lower_triggered(Triggered(t, ab.effects, None, None))
    if type(plain) is not C.TriggeredAbility or plain.at != "enters":
        raise L.Inexpressible("intervening if clause: kicked (not its own enters trigger)")
    return C.TriggeredAbility(plain.at, C.InterveningIf(C.Kicked(), *plain.effects),
                              whose=plain.whose, targets=plain.targets, spell=plain.spell)


L._intervening_if = _intervening_if


# --- "If ~ was kicked, it enters with N +1/+1 counters on it." (614.1c) ---------------------------
_lower_replacements_before = L.lower_replacements


def _kicked_counters(e: Any) -> int | None:
    if not (isinstance(e, Modified) and e.how == "if" and L._kicked(e.detail) and
            len(e.effects) == 1):
        return None
    i = e.effects[0]
    if isinstance(i, Effect) and i.verb == "enters with counters" and \
            i.subject in (Obj("it"), Obj("self")) and i.object is None and i.duration is None \
            and i.extra == (("kind", "+1/+1"),) and i.amount is not None and \
            i.amount.expr is None and isinstance(i.amount.value, int) and 1 <= i.amount.value <= 20:
        return i.amount.value
    return None


def lower_replacements(effects: tuple, x: bool) -> tuple[tuple, list]:
    rest, out = [], []
    for e in effects:
        n = _kicked_counters(e)
        if n is not None:
            out.append(C.EntersWithCountersIfKicked(n))
        else:
            rest.append(e)
    more_rest, more = _lower_replacements_before(tuple(rest), x)
    return more_rest, out + more


L.lower_replacements = lower_replacements
