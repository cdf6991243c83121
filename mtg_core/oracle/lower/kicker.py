"""Kicker on permanents (702.33): "Kicker {cost}" of a creature, artifact or
enchantment card, "When ~ enters, if it was kicked, <effects>" (an intervening "if", 603.4)
and "If ~ was kicked, it enters with N +1/+1 counters on it" (614.1c); and on instants and
sorceries "<effect>. If this spell was kicked, <the same effect> instead" (614.1a).
Each is a layer of a chain of :mod:`.registry` (KEYWORDS, INTERVENING_IFS, REPLACEMENTS,
EFFECT_SEQUENCES, SPELLS).  The card language
side is :mod:`mtg_core.cards.kicker`; the core keeps "kicked" on the permanent (702.33d,
src/rules/kicker.pxi).

Everything else that reads "kicked" on a permanent stays refused (an "if it was kicked"
inside another trigger's effects, "... instead", multikicker, a non-mana kicker cost).
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Effect, Keyword, Modified, Obj, Triggered
from .context import Ctx, Inexpressible, UnsupportedKeyword
from .keywords import _mana_only


# --- "if this spell was kicked" (702.33d), read by the sequences' base layer too ----------------

def _kicked(detail: Any) -> bool:
    """"If this spell was kicked" / "if it was kicked" (702.33d) on a spell."""
    return isinstance(detail, tuple) and len(detail) == 2 and detail[0] == "kicked" and \
        detail[1] in (Obj("self"), Obj("it"))


def _kicker_instead(a: Any, b: Any) -> bool:
    """"~ deals 2 damage to any target. If this spell was kicked, it deals 4 damage
    instead." (Burst Lightning): the second damage replaces the first (614.1a)."""
    if not (isinstance(a, Effect) and isinstance(b, Modified) and b.how == "if" and
            _kicked(b.detail) and len(b.effects) == 1):
        return False
    i = b.effects[0]
    return isinstance(i, Effect) and a.verb == i.verb == "damage" and a.subject == Obj("self") \
        and i.subject == Obj("it") and i.object is None and i.get("instead") is True and \
        len(i.extra) == 1 and not a.extra



# --- "Kicker {cost}" on a permanent (702.33a) ---------------------------------------------------
@R.KEYWORDS.layer("kicker")
def lower_keyword(rest, k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """A permanent card's mana kicker is its :func:`~mtg_core.cards.Kicker` ability."""
    if k.name in ("kicker", "multikicker") and not is_spell:
        if is_aura:
            raise UnsupportedKeyword(f"keyword: {k.name} (an Aura)", k.name)
        return "ability", C.Kicker(_mana_only(k.param, k.name), multi=k.name == "multikicker")
    return rest(k, is_equipment, is_aura, is_spell)


# --- "When ~ enters, if it was kicked, <effects>" (603.4, 702.33d) ------------------------------
@R.INTERVENING_IFS.layer("kicked")
def _intervening_if(rest, ab: Triggered, layout: str | None = None) -> "C.TriggeredAbility":
    """Only the permanent's own "When ~ enters" trigger: it is on the battlefield as the
    event happens, so "it" is the kicked permanent."""
    if not _kicked(ab.condition):
        return rest(ab, layout)
    t = ab.trigger
    if t.word != "when" or t.event != "enters" or t.subject != Obj("self") or t.extra or \
            ab.limit is not None:
        raise Inexpressible("intervening if clause: kicked (not its own enters trigger)")
    plain = R.TRIGGERED(Triggered(t, ab.effects, None, None), layout)
    if type(plain) is not C.TriggeredAbility or plain.at != "enters":
        raise Inexpressible("intervening if clause: kicked (not its own enters trigger)")
    return C.TriggeredAbility(plain.at, C.InterveningIf(C.Kicked(), *plain.effects),
                              whose=plain.whose, targets=plain.targets, spell=plain.spell)


# --- "If ~ was kicked, it enters with N +1/+1 counters on it." (614.1c) ---------------------------
def _kicked_counters(e: Any) -> int | None:
    if isinstance(e, Effect) and e.verb == "enters with counters" and e.subject == Obj("self") \
            and e.object is None and e.duration is None and \
            e.extra == (("kind", "+1/+1"), ("per kick", True)) and e.amount is not None and \
            e.amount.expr is None and isinstance(e.amount.value, int) and 1 <= e.amount.value <= 20:
        return e.amount.value      # "... with a +1/+1 counter on it for each time it was kicked"
    if not (isinstance(e, Modified) and e.how == "if" and _kicked(e.detail) and
            len(e.effects) == 1):
        return None
    i = e.effects[0]
    if isinstance(i, Effect) and i.verb == "enters with counters" and \
            i.subject in (Obj("it"), Obj("self")) and i.object is None and i.duration is None \
            and i.extra == (("kind", "+1/+1"),) and i.amount is not None and \
            i.amount.expr is None and isinstance(i.amount.value, int) and 1 <= i.amount.value <= 20:
        return i.amount.value
    return None


@R.REPLACEMENTS.layer("kicked counters")
def lower_replacements(rest_of_chain, effects: tuple, x: bool) -> tuple[tuple, list]:
    rest, out = [], []
    for e in effects:
        n = _kicked_counters(e)
        if n is not None:
            out.append(C.EntersWithCountersIfKicked(n))
        else:
            rest.append(e)
    more_rest, more = rest_of_chain(tuple(rest), x)
    return more_rest, out + more


# --- "<effect>. If this spell was kicked, <the same effect with other numbers> instead." ----------
# (702.33d, 614.1a) on an instant or sorcery with kicker: Field Research "Draw two cards. If
# this spell was kicked, draw three cards instead."  Lowered as IfKicked(first, kicked=False),
# IfKicked(second): only when both lower to the same effect on the same objects and players,
# differing only in numbers (the amounts); anything else stays refused.
def _same_but_numbers(a: Any, b: Any) -> bool:
    if type(a) is not type(b) or not dataclasses.is_dataclass(a):
        return False
    differ = False
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x == y:
            continue
        if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, int) or \
                not isinstance(y, int):
            return False
        differ = True
    return differ


def _kicked_instead(rest_of_chain, effects: tuple, j: int, ctx: Ctx) -> list:
    no = Inexpressible("modifier: instead if")
    head, a, m, rest = effects[:j - 1], effects[j - 1], effects[j], effects[j + 1:]
    if not isinstance(a, Effect) or len(m.effects) != 1 or not isinstance(m.effects[0], Effect):
        raise no
    # the first effect is lowered on its own as it would be after the ones before it
    trial = copy.deepcopy(ctx)
    whole = rest_of_chain(head + (a,), trial)
    out = R.EFFECT_SEQUENCES(head, ctx) if head else []
    first = R.EFFECT_SEQUENCES((a,), ctx)
    if whole != out + first or trial != ctx:
        raise no
    b = m.effects[0]
    if a.verb == b.verb == "damage" and a.subject == Obj("self") and b.subject == Obj("it"):
        b = dataclasses.replace(b, subject=a.subject)     # "it deals N damage": the spell
    second = R.EFFECT_SEQUENCES((b,), ctx)
    if len(first) != 1 or len(second) != 1 or not _same_but_numbers(first[0], second[0]):
        raise no
    out += [C.IfKicked(first[0], kicked=False), C.IfKicked(second[0])]
    return out + (R.EFFECT_SEQUENCES(rest, ctx) if rest else [])


@R.EFFECT_SEQUENCES.layer("kicker instead")
def lower_effects(rest, effects: tuple, ctx: Ctx) -> list:
    effects = tuple(effects)
    if ctx.kind == "spell" and ctx.kicker:
        for j, m in enumerate(effects):
            if j >= 1 and isinstance(m, Modified) and m.how == "instead if" and \
                    _kicked(m.detail):
                return _kicked_instead(rest, effects, j, ctx)
    return rest(effects, ctx)


# --- 601.2c: a target named only in "If this spell was kicked, ..." -------------------------------
# The core chooses every target of a spell as it is cast, kicked or not; a target the text
# names only when kicked (Urborg Repossession "If this spell was kicked, return another target
# creature card ...", Probe "... target player discards two cards") would be required unkicked
# too: refused.
def _refs(x: Any) -> set[str]:
    """The target references ("target", "target2", ...) an effect's fields name."""
    out: set[str] = set()
    if isinstance(x, str):
        if x.startswith("target"):
            out.add(x)
    elif isinstance(x, tuple):
        for y in x:
            out |= _refs(y)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            out |= _refs(getattr(x, f.name))
    return out


@R.SPELLS.layer("kicked targets")
def lower_spell(rest, effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "", layout: str | None = None) -> "C.SpellAbility":
    spell = rest(effects, sorcery=sorcery, x=x, kicker=kicker, flashback=flashback, layout=layout)
    for body in ([spell.effects] + [m.effects for m in spell.modes]):
        only_kicked: set[str] = set()
        other: set[str] = set()
        for e in body:
            if isinstance(e, C.IfKicked) and e.kicked:
                only_kicked |= _refs(e.effects)
            else:
                other |= _refs(e)
        if only_kicked - other:
            raise Inexpressible("kicker: a target chosen only if kicked (601.2c)")
    return spell
