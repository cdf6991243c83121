"""Lowering of counted amounts (mtg_core.cards.amounts; src/rules/amounts.pxi): "<effect> for each
<noun phrase>" and "<effect with X>, where X is <quantity>" (608.2h: counted as the effect
resolves), "~ gets +1/+1 for each ..." (a static ability, layer 7c, 613.4c) and "~'s power
and toughness are each equal to the number of ..." (a characteristic-defining ability,
604.3, layer 7a).

Only what the core counts exactly is accepted: a noun phrase whose every word is understood
(card types or subtypes, colours, "other", "attacking", "tapped", "legendary", "with
flying", "with a +1/+1 counter on it", "named ~", and where: "you control", "your
opponents control", "on the battlefield", "in your graveyard", "in your hand"); anything
else ("that player controls", "with power 4 or greater", "nonland") stays refused.

>>> from mtg_core.oracle.importer import import_card
>>> r = import_card("Flow of Ideas", "{5}{U}", "Sorcery", "Draw a card for each Island you control.")
>>> r.ok
True
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ... import cards as C
from ...errors import CardScriptError
from . import registry as R
from .context import Ctx, Inexpressible
from .groups import _LY_COLORS, _LY_SUBTYPES, _LY_TYPE_WORDS, _ly_group
from .language import CompileContext
from ..nodes import Amount, Effect, Filter, Modified, NumberOf, Obj

# where the counted objects are: a filter's place words -> CountOf.what
_PLACES = {"you control": "permanents you control",
           "your opponents control": "permanents your opponents control",
           "an opponent controls": "permanents your opponents control",
           "on the battlefield": "permanents",
           "in your graveyard": "cards in your graveyard",
           "in your hand": "cards in your hand",
           "in your library": "cards in your library"}
_FLAG_WORDS = {"other": "other", "attacking": "attacking",
               "blocking": "blocking", "tapped": "tapped", "untapped": "untapped",
               "with a +1/+1 counter on it": "with a +1/+1 counter", "legendary": "legendary",
               "basic": "basic", "nonbasic": "nonbasic", "snow": "snow", "named ~": "named ~"}
_CARD_PLACES = ("cards in your graveyard", "cards in your hand", "cards in your library")


def _noun(word: str) -> tuple[str | None, str | None, bool]:
    """One noun of a filter: (card type, subtype, names cards).  "creature" -> ("Creature",
    None, False); "Elf" -> (None, "Elf", False); "creature card" -> ("Creature", None,
    True); "permanent" / "card" -> (None, None, ...)."""
    words = word.split()
    card = bool(words) and words[-1] == "card"
    if card:
        words = words[:-1]
    if words in ([], ["permanent"]) or words == ["card"]:
        return None, None, card or words == ["card"]
    if len(words) != 1:
        raise Inexpressible("count: " + word)
    w = words[0]
    if w in _LY_TYPE_WORDS:
        return _LY_TYPE_WORDS[w], None, card
    if w in ("instant", "sorcery"):
        return w.capitalize(), None, card
    if w in _LY_SUBTYPES:
        return None, w, card
    raise Inexpressible("count: " + word)


def count_of(flt: Filter, feature: str = "modifier: for each") -> "C.CountOf":
    """The :class:`~mtg_core.cards.CountOf` a noun phrase names ("Elf you control", "other
    attacking creature", "creature card in your graveyard"), or Inexpressible(``feature``,
    the words not understood)."""
    try:
        return _count_of(flt)
    except Inexpressible as err:
        raise Inexpressible(feature, err.phrase or err.feature[len("count: "):]) from None


def _count_of(flt: Filter) -> "C.CountOf":
    if not isinstance(flt, Filter) or not flt.types:
        raise Inexpressible("count: (no noun)")
    types, subtypes, cards = [], [], set()
    for t in flt.types:
        ty, sub, card = _noun(t)
        cards.add(card)
        if ty:
            types.append(ty)
        if sub:
            subtypes.append(sub)
        if not ty and not sub and len(flt.types) > 1:
            raise Inexpressible("count: " + " or ".join(flt.types))
    # "artifact or Elf" would need one mask or the other: the core's filter is types AND subtypes
    if (types and subtypes) or len(cards) != 1:
        raise Inexpressible("count: " + " or ".join(flt.types))
    place, flags, colors, keyword = None, [], "", None
    for p in flt.props:
        if p in _PLACES and place is None:
            place = _PLACES[p]
        elif p in _FLAG_WORDS and _FLAG_WORDS[p] not in flags:
            flags.append(_FLAG_WORDS[p])
        elif p in _LY_COLORS and not colors:
            colors = _LY_COLORS[p]
        elif p.startswith("with ") and p[5:] in C.KEYWORD_BITS and keyword is None:
            keyword = p[5:]
        else:
            raise Inexpressible("count: " + p)
    if place is None and {"attacking", "blocking"} & set(flags):
        place = "permanents"                     # "each attacking creature": anyone's (506.4)
    if place is None or (place in _CARD_PLACES) != cards.pop() or \
            (place in _CARD_PLACES and (flags or keyword)):
        raise Inexpressible("count: " + flt.phrase())
    try:
        out = C.CountOf(place, tuple(types), tuple(subtypes), colors, keyword, tuple(flags))
        _check_subtypes(out)
        return out
    except CardScriptError:
        raise Inexpressible("count: " + flt.phrase()) from None


def _check_subtypes(c: "C.CountOf") -> None:
    """Subtype bits are a card database's (205.3): check the rest of the count now, with
    bits for just the subtypes it names."""
    c.lower(CompileContext.for_subtypes(c.subtype_names()))


def _for_each_detail(detail: Any, subject_is_self: bool,
                     feature: str = "modifier: for each") -> "C.CountOf":
    """What a "for each" phrase counts."""
    if isinstance(detail, Obj) and detail.kind == "each" and \
            detail.count is None and detail.filter is not None:
        props = detail.filter.props
        if "attached to it" in props:
            # "~ gets +2/+2 for each Aura attached to it": "it" is the source only when the
            # subject is ~ (Golem-Skin Gauntlets' "it" is the equipped creature)
            if not subject_is_self:
                raise Inexpressible(feature, "attached to it (not ~)")
            rest = Filter(detail.filter.types, tuple(p for p in props if p != "attached to it")
                          + ("on the battlefield",))
            c = count_of(rest, feature)
            return dataclasses.replace(c, what="permanents attached to it")
        return count_of(detail.filter, feature)
    raise Inexpressible(feature)


# --- effects: "for each" and "where X is" (608.2h) ------------------------------------------------

_COUNTED_VERBS = ("damage", "draw", "gain life", "lose life", "pump", "add counters",
                  "create token", "mill")
_LEAVES_EVENTS = ("dies", "leaves", "leaves the battlefield")


def _one(e: Effect) -> Effect:
    """The effect with its amount for one counted: "draw a card" / X -> 1, "+X/+X" -> "+1/+1"."""
    if e.verb == "pump":
        pt = e.get("pt")
        if not isinstance(pt, str) or "X" not in pt:
            return e
        extra = tuple((k, v.replace("X", "1") if k == "pt" else v) for k, v in e.extra)
        return dataclasses.replace(e, extra=extra)
    if e.amount == Amount(None, "X"):
        return dataclasses.replace(e, amount=Amount(1))
    return e


def _uses_x(e: Any) -> bool:
    if not isinstance(e, Effect):
        return False
    if e.verb == "pump":
        return isinstance(e.get("pt"), str) and "X" in e.get("pt")
    return e.amount == Amount(None, "X")


def _lower_one(e: Effect, ctx: Ctx, feature: str) -> Any:
    if e.verb not in _COUNTED_VERBS:
        raise Inexpressible(feature)
    inner = R.EFFECT_SEQUENCES((_one(e),), ctx)
    if len(inner) != 1:
        raise Inexpressible(feature)
    return inner[0]


def _compiles(eff: Any, feature: str) -> Any:
    try:
        _compile_check(eff)
    except CardScriptError:
        raise Inexpressible(feature) from None
    return eff


def _compile_check(eff: Any) -> None:
    """Compile ``eff`` once to check it: with the rules' own subtype bits only (a count of
    another subtype then counts nothing, and compiles all the same) and a row for the token
    it creates (a row only to check it)."""
    inner = getattr(eff, "effect", eff)
    token_rows = {inner.token_card(): 0} if isinstance(inner, C.CreateToken) else None
    eff.compile(CompileContext(token_rows=token_rows))


def _quantity(q: Any, effect: Effect, ctx: Ctx) -> "C.CountOf":
    """What "X" is: "the number of <noun phrase>", "your life total", "~'s power", "its
    power" (of ~ or of the target the effect acts on), ...  ``effect`` is the first effect
    that uses X."""
    if isinstance(q, NumberOf):
        return count_of(q.filter, "modifier: where X is")
    if q == "your life total":
        return C.CountOf("your life total")
    if q == "the number of opponents you have":
        return C.CountOf("opponents")
    subj = effect.subject if effect.verb == "pump" else effect.object
    if q in ("~'s power", "~'s toughness") or \
            (q in ("its power", "its toughness") and subj == Obj("self")):
        if ctx.kind == "triggered" and ctx.event in _LEAVES_EVENTS:
            raise Inexpressible("modifier: where X is")       # its last known power (608.2h)
        return C.CountOf("its power" if q.endswith("power") else "its toughness")
    if q in ("its power", "that creature's power") and subj is not None and \
            subj.kind == "target" and subj.count is None:
        return C.CountOf("the target's power")
    raise Inexpressible("modifier: where X is")


def counted_effects(m: Modified, ctx: Ctx) -> list:
    """"<effects>, where X is <quantity>": X is counted once, as the first effect that uses
    it happens (608.2h), and the later ones use the same value."""
    if ctx.x:
        raise Inexpressible("modifier: where X is")           # X is also the spell's {X}
    out: list = []
    count = None
    sign = 0
    for e in m.effects:
        if not _uses_x(e):
            if isinstance(e, Effect) and e.amount is not None and e.amount.expr is not None:
                raise Inexpressible("modifier: where X is")
            if count is not None and isinstance(e, Modified):
                raise Inexpressible("modifier: where X is")   # a choice between: X is forgotten
            out += R.EFFECT_SEQUENCES((e,), ctx)
            continue
        one = _lower_one(e, ctx, "modifier: where X is")
        s = -1 if isinstance(one, C.Pump) and min(one.power, one.toughness) < 0 else 1
        if count is None:
            count = _quantity(m.detail, e, ctx)
            sign = s
            out.append(_compiles(C.ForEach(count, one), "modifier: where X is"))
        elif s != sign:
            raise Inexpressible("modifier: where X is")
        else:
            out.append(_compiles(C.SameCount(one), "modifier: where X is"))
    if count is None:
        raise Inexpressible("modifier: where X is")
    return out


@R.MODIFIERS.layer("counted amounts")
def counted_modifier(before: Callable, m: Modified, effects: tuple, i: int,
                     ctx: Ctx) -> tuple | None:
    """A modifier with counted amounts: the layers below first (their tables are those of
    the hand-written library cards), then a :class:`~mtg_core.cards.CountOf`."""
    if m.how not in ("for each", "where X is"):
        return before(m, effects, i, ctx)
    saved = dataclasses.replace(ctx, targets=list(ctx.targets))
    try:
        got = before(m, effects, i, ctx)
        if got is not None:
            return got
        err = Inexpressible(f"modifier: {m.how}")
    except Inexpressible as e:
        err = e
    for f in dataclasses.fields(ctx):                # the older attempt may have named targets
        setattr(ctx, f.name, getattr(saved, f.name))
    if m.how == "where X is":
        return counted_effects(m, ctx), 0
    if len(m.effects) != 1 or not isinstance(m.effects[0], Effect) or \
            m.effects[0].verb not in _COUNTED_VERBS:
        raise err
    e = m.effects[0]
    subj = e.subject if e.verb == "pump" else e.object
    count = _for_each_detail(m.detail, subj == Obj("self"))
    one = _lower_one(e, ctx, "modifier: for each")
    return _compiles(C.ForEach(count, one), "modifier: for each"), 0


# --- static abilities: "~ gets +1/+1 for each ..." (613.4c) -----------------------------------

def counted_static(effects: tuple, attach_kind: str | None) -> list | None:
    """"~ / enchanted creature / other Kor creatures you control get +N/+N for each ..."
    (layer 7c), or None when the sentence is something else."""
    if len(effects) != 1 or not isinstance(effects[0], Modified) or effects[0].how != "for each":
        return None
    m = effects[0]
    if len(m.effects) != 1 or not isinstance(m.effects[0], Effect) or m.effects[0].verb != "pump":
        return None
    e = m.effects[0]
    if e.duration is not None or e.object is not None or set(k for k, _ in e.extra) != {"pt"}:
        raise Inexpressible("static modifier: for each")
    pt = e.get("pt")
    try:
        p, t = (int(v) for v in pt.split("/"))
    except ValueError:
        raise Inexpressible("static modifier: for each") from None
    count = _for_each_detail(m.detail, e.subject == Obj("self"), "static modifier: for each")
    if e.subject == Obj("self"):
        kw: dict[str, Any] = {"affects": "self"}
    elif attach_kind is not None and e.subject == Obj(attach_kind, Filter(("creature",))):
        kw = {"affects": f"{attach_kind} creature"}
    else:
        kw = _ly_group(e.subject)
    affects = kw.pop("affects")
    try:
        ab = C.StaticAbility(affects, C.ModifyPTForEach(p, t, count), **kw)
        ab.check()                      # each change with bits for the subtypes it names
    except CardScriptError:
        raise Inexpressible("static modifier: for each") from None
    return [ab]


# --- characteristic-defining power and toughness (604.3, 613.4a) -----------------------------------

def counted_cda(e: Effect) -> "C.StaticAbility":
    """"~'s power and toughness are each equal to the number of <noun phrase>" / "~'s power
    is equal to ..." as a count the core evaluates in every zone (604.3)."""
    expr = e.amount.expr if e.amount is not None else None
    which = {"power and toughness equal": "both", "power equal": "power",
             "toughness equal": "toughness"}.get(e.verb)
    if e.object != Obj("self") or which is None:
        raise Inexpressible("characteristic-defining power")
    if isinstance(expr, NumberOf):
        count = count_of(expr.filter, "characteristic-defining power")
    elif expr == "the number of cards in your hand":
        count = C.CountOf("cards in your hand")
    else:
        raise Inexpressible("characteristic-defining power", str(expr))
    ab = C.StaticAbility("self", C.CharacteristicPTCount(count, which=which))
    try:
        ab.check()                      # each change with bits for the subtypes it names
    except CardScriptError:
        raise Inexpressible("characteristic-defining power") from None
    return ab


# --- the chains this module extends -------------------------------------------------------------

@R.LAYER_STATICS.layer("counted amounts")
def layer_statics(rest, effects: tuple, attach_kind: str | None) -> list | None:
    """"~'s power is equal to ..." (604.3) and "... gets +1/+1 for each ..." (613.4c), else
    the base's layered statics."""
    if len(effects) == 1 and isinstance(effects[0], Effect) and \
            effects[0].verb in ("power equal", "toughness equal"):
        return [counted_cda(effects[0])]
    counted = counted_static(effects, attach_kind)
    return counted if counted is not None else rest(effects, attach_kind)


@R.CHARACTERISTIC_PT.layer("counted amounts")
def characteristic_pt(rest, e: Effect) -> "C.StaticAbility":
    """The base's characteristic-defining power and toughness, else a count (604.3)."""
    try:
        return rest(e)
    except Inexpressible:
        return counted_cda(e)
