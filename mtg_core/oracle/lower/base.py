"""The base lowering: the last layer of every chain of :mod:`.registry`, and the tables in
the card language's words.

The mapping is table-driven: one entry in :data:`EFFECTS` per effect verb, so a new effect
class in :mod:`mtg_core.cards` is one new entry here (or in the module of its concept).
Target kinds, keywords, steps and counter kinds are looked up in the language's own tables
(``cards.TARGETS``, ``cards.KEYWORD_BITS``, ...), so they grow with it.  Calls to a lowering
another module extends go through its chain (``R.EFFECT_SEQUENCES(...)``), never to the base
layer directly, so every layer runs.

>>> from mtg_core.oracle.grammar import sentence
>>> R.SPELLS(sentence("~ deals 3 damage to any target")).effects
(Damage(who='target', amount=3),)
"""
from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ... import cards as C
from . import costs as _costs
from ..nodes import (Activated, Amount, Cost, Effect, Filter, Keyword, Modal, Modified, Obj,
                    Triggered, effect)
from .context import (Ctx, Inexpressible, UnsupportedKeyword, _duration, _is_object_spec,
                      _keywords, _pt, amount_x, literal, ref, subject)
from .language import TS as _TS
from . import registry as R
from .grants import lower_token_ability, merge_token_abilities, token_ability
from .targets import lower_ability_modes, several_targets


# --- effects: one entry per verb ------------------------------------------------------------------

def _damage(e: Effect, ctx: Ctx) -> list:
    if e.get("divided"):
        raise Inexpressible("divided damage")
    src = e.subject
    if src is None or src.kind not in ("self", "it") or \
            (src.kind == "it" and ctx.last != "self"):
        raise Inexpressible("damage dealt by another source", src.phrase() if src else "")
    n = amount_x(e.amount, "damage", ctx)
    ctx.last_subject = "self"
    if e.object is not None and e.object.kind == "itself":      # "... and 1 damage to itself"
        if ctx.kind == "spell":
            raise Inexpressible("a spell referring to itself", "itself")
        return [C.Damage("self", n)]
    return [C.Damage(ref(e.object, ctx, "any"), n)]


def _pump(e: Effect, ctx: Ctx) -> list:
    if e.duration is None:
        raise Inexpressible("static power/toughness change")
    p, t = _pt(e.get("pt"))
    return [C.Pump(subject(e, ctx, "object"), p, t, _duration(e.duration))]


def _gain_keywords(e: Effect, ctx: Ctx) -> list:
    kws = _keywords(e.get("keywords"))
    return [C.GrantKeywords(subject(e, ctx, "object"), kws, _duration(e.duration))]


def _player_amount(cls: Callable, what: str, x: bool = False) -> Callable:
    """``x``: the language's effect takes "X" as its amount (107.3a)."""
    def lower(e: Effect, ctx: Ctx) -> list:
        if e.extra:
            raise Inexpressible(f"effect: {e.verb} ({', '.join(k for k, _ in e.extra)})")
        n = amount_x(e.amount, what, ctx) if x else literal(e.amount, what)
        return [cls(subject(e, ctx, "player"), n)]
    return lower


def _gain_life(e: Effect, ctx: Ctx) -> list:
    """"You gain N life"; after an Exile, "Its controller gains life equal to its power"
    (608.2h: the exiled creature as it last existed)."""
    if e.amount is not None and e.amount.expr == "its power" and \
            e.subject == Obj("its controller") and ctx.exiled:
        return [C.GainLifeEqualToPower("its controller")]
    if e.amount is not None and e.amount.expr == "its mana value" and ctx.last == "target" \
            and len(ctx.targets) == 1 and _is_object_spec(ctx.targets[0]):
        # "You gain life equal to its mana value", "it" the target (Divine Offering)
        return [C.GainLifeEqualToManaValue(subject(e, ctx, "player"))]
    return _player_amount(C.GainLife, "life gained", x=True)(e, ctx)


def _by_you(e: Effect, ctx: Ctx) -> None:
    """Imperative verbs ("destroy", "untap", "put a counter") are done by the ability's
    controller; the language has no other doer for them."""
    if subject(e, ctx, "player") != "you":
        raise Inexpressible(f"effect: {e.verb} by another player")


_CONTROLLED_BY = {"target player controls": "target", "you control": "you"}


def _destroy_all(e: Effect, ctx: Ctx) -> list:
    """"Destroy all [type]s [target player / you] control(s)" and "Destroy all [type]s"
    (every player's, 701.7)."""
    f = e.object.filter
    types = tuple(t.capitalize() for t in (f.types if f else ()))
    if f is None or len(f.props) > 1 or (f.props and f.props[0] not in _CONTROLLED_BY) or \
            len(types) != 1 or types[0] not in C.TYPE_BITS:
        raise Inexpressible(f"reference: {e.object.phrase()}", e.object.phrase())
    who = _CONTROLLED_BY[f.props[0]] if f.props else "each player"
    if who == "target":
        who = ctx.target("player", Obj("target", Filter(("player",))))
    return [C.DestroyAll(who, types)]


def _doesnt_untap_next(e: Effect, ctx: Ctx) -> list:
    """"<permanent> doesn't untap during its controller's next untap step" (502.2)."""
    if e.get("whose") != "its controller's":
        raise Inexpressible(f"effect: doesn't untap during {e.get('whose')} next untap step")
    return [C.DoesntUntapNextUntapStep(subject(e, ctx, "object"))]


def _destroy(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    if e.object is not None and e.object.kind == "all":
        return _destroy_all(e, ctx)
    r = ref(e.object, ctx, "object")
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.Destroy(r)]


def _untap(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    return [C.Untap(ref(e.object, ctx, "object"))]


def _sacrifice(e: Effect, ctx: Ctx) -> list:
    if e.object is not None and e.object.kind == "a":       # 701.21a
        return [_costs.sacrifice_chosen(e, subject(e, ctx, "player"))]
    if subject(e, ctx, "player") != "you" or e.object is None or \
            ref(e.object, ctx, "object") != "self":
        raise Inexpressible("sacrifice of something other than ~")
    return [C.Sacrifice("self")]


def _add_counters(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    kind = e.get("kind")
    if kind not in C.COUNTERS:
        raise Inexpressible(f"counter kind: {kind}", kind)
    return [C.AddCounters(ref(e.object, ctx, "object"), kind, literal(e.amount, "counters"))]


def _spell_target(obj: Obj | None, ctx: Ctx) -> str:
    """A target spell (115.1, 701.5)."""
    if obj is None or obj.kind != "target" or obj.filter is None or \
            not C.TARGETS.get(obj.filter.phrase(), 0) & _TS["TS_SPELL"]:
        raise Inexpressible(f"counter: {obj.phrase() if obj else 'nothing'}")
    return ref(obj, ctx, "any")


def _counter(e: Effect, ctx: Ctx) -> list:
    """Counter target spell (701.5a)."""
    _by_you(e, ctx)
    r = _spell_target(e.object, ctx)
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.Counter(r)]


def _permanent(obj: Obj | None, ctx: Ctx) -> str:
    """A reference to a permanent (not a spell on the stack)."""
    r = ref(obj, ctx, "object")
    if r in ("target", "target2") and C.TARGETS[ctx.targets[-1]] & _TS["TS_SPELL"]:
        raise Inexpressible(f"target: {ctx.targets[-1]} (a permanent is needed)")
    return r


def _bounce(e: Effect, ctx: Ctx) -> list:
    """Return a permanent to its owner's hand (400.7; a token ceases to exist, 111.8)."""
    _by_you(e, ctx)
    if e.extra:
        raise Inexpressible(f"effect: return ({', '.join(k for k, _ in e.extra)})")
    r = _permanent(e.object, ctx)
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.ReturnToHand(r)]


def _exile(e: Effect, ctx: Ctx) -> list:
    """Exile a permanent (406.3); what it exiled is remembered for "its controller"."""
    _by_you(e, ctx)
    if e.extra:
        raise Inexpressible(f"effect: exile ({', '.join(k for k, _ in e.extra)})")
    r = _permanent(e.object, ctx)
    ctx.exiled = True
    return [C.Exile(r)]


def _regenerate(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    return [C.Regenerate(_permanent(e.object, ctx))]


def _gain_control(e: Effect, ctx: Ctx) -> list:
    """Gain control of a permanent until <duration> (layer 2)."""
    _by_you(e, ctx)
    if e.duration is None:
        raise Inexpressible("effect: gain control (no duration)")
    return [C.GainControl(_permanent(e.object, ctx), _duration(e.duration))]


def _discard(e: Effect, ctx: Ctx) -> list:
    """"discards N cards at random"; "discards N cards" of their choice (701.8: below)."""
    if e.get("random") is None and not e.extra and e.object is None:
        return _chosen_discard(e, ctx)
    if e.get("random") is not True or len(e.extra) != 1 or e.object is not None:
        raise Inexpressible("effect: discard")
    return [C.DiscardAtRandom(subject(e, ctx, "player"), literal(e.amount, "cards discarded"))]


_TAP_ALL = {("your opponents control",): "each opponent",
            ("target player controls",): "target player"}


def _tap(e: Effect, ctx: Ctx) -> list:
    """Only "tap all creatures your opponents / target player control(s)"."""
    _by_you(e, ctx)
    o = e.object
    if o is not None and o.kind == "target":
        return _tap_target(e, ctx)                   # 701.26a (below)
    if o is None or o.kind != "all" or o.filter is None or o.filter.types != ("creature",) or \
            o.filter.props not in _TAP_ALL:
        raise Inexpressible("effect: tap")
    who = _TAP_ALL[o.filter.props]
    if who == "target player":
        who = ctx.target("player", Obj("target", Filter(("player",))))
        ctx.last_player = who
    return [C.TapAllCreatures(who)]


_TOKEN_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TOKEN_DESC = re.compile(r"(\d+)/(\d+) (colorless|[a-z]+(?:, [a-z]+)*,? (?:and [a-z]+)?|[a-z]+) "
                         r"((?:[A-Z][A-Za-z'-]* )+)((?:enchantment |artifact |land )*creature)")


def _token(spec: Any) -> "C.Card | str":
    """A token definition from the grammar's description (111.4): a predefined artifact
    token (111.10) or "P/T colours Subtypes creature [with keywords]"."""
    if isinstance(spec, str) and spec in C.PREDEFINED_TOKENS:
        return spec
    desc, with_ = (spec, None) if isinstance(spec, str) else spec
    ability = None
    if with_ is not None and not isinstance(with_, str):
        got = token_ability(with_)
        if got is None or not isinstance(desc, str):
            raise Inexpressible("token: with an ability")
        with_, ability = got[0], lower_token_ability(got[1])
    if not isinstance(desc, str):
        raise Inexpressible("token: with an ability")
    m = _TOKEN_DESC.fullmatch(desc)
    if m is None:
        raise Inexpressible(f"token: {desc}")
    words = [w for w in m.group(3).replace(",", " ").split() if w != "and"]
    if m.group(3) != "colorless" and any(w not in _TOKEN_COLORS for w in words):
        raise Inexpressible(f"token: {desc}")
    colors = "" if m.group(3) == "colorless" else \
        "".join(c for c in "WUBRG" if c in {_TOKEN_COLORS[w] for w in words})
    subtypes = tuple(m.group(4).split())
    types = tuple(w.capitalize() for w in m.group(5).split())
    keywords: tuple[str, ...] = ()
    if with_ is not None:
        if not with_.startswith("with "):
            raise Inexpressible(f"token: {with_}")
        keywords = tuple(with_[5:].split(" and "))
        if any(k not in C.KEYWORD_BITS for k in keywords):
            raise Inexpressible(f"token: {with_}")
    token = C.creature_token(" ".join(subtypes), colors, subtypes, int(m.group(1)),
                             int(m.group(2)), keywords, types)
    if ability is not None:                     # grant: a quoted ability of its own (111.4)
        token = dataclasses.replace(token, abilities=(ability,))
    return token


def _create_token(e: Effect, ctx: Ctx) -> list:
    """<who> creates N tokens (111.2)."""
    token = _token(e.get("token"))
    return [C.CreateToken(token, amount_x(e.amount, "tokens", ctx), subject(e, ctx, "player"))]


def _investigate(e: Effect, ctx: Ctx) -> list:
    """701.16a: create a Clue token (N times)."""
    _by_you(e, ctx)
    return [C.Investigate(literal(e.amount, "investigate") if e.amount else 1)]


def _add_mana(e: Effect, ctx: Ctx) -> list:
    """"Add {B}{B}{B}" in a spell or a triggered ability (106.3).  In an activated ability
    it would make a mana ability (605.1a), which only :class:`~mtg_core.cards.ManaAbility`
    expresses."""
    if ctx.kind == "activated":
        raise Inexpressible("mana ability with another effect or cost")
    how, what = e.get("mana")
    syms = [x.strip("{}") for x in what.replace("}{", "}|{").split("|")]
    if how != "exactly" or any(x not in C.COLOR_INDEX for x in syms):
        raise Inexpressible("effect: add mana (" + how + ")", what)
    _by_you(e, ctx)
    return [C.AddMana(c, syms.count(c)) for c in dict.fromkeys(syms)]


def _extra_turn(e: Effect, ctx: Ctx) -> list:
    return [C.ExtraTurn(subject(e, ctx, "player"))]


_SKIP_PHASES = ("combat", "precombat main", "postcombat main")
"""Phases the grammar's "skip their next <step>" may name (500.10: phases can be skipped)."""


def _skip_next_step(e: Effect, ctx: Ctx) -> list:
    step = e.get("step")
    if step in _SKIP_PHASES:
        return [C.SkipNextPhase(subject(e, ctx, "player"), step)]
    if step not in C.STEPS or step == "main":          # "main phase" names neither one
        raise Inexpressible(f"step: {step}", step)
    return [C.SkipNextStep(subject(e, ctx, "player"), step)]


def _skip_next_turn(e: Effect, ctx: Ctx) -> list:
    return [C.SkipNextTurn(subject(e, ctx, "player"))]


def _extra_combat(e: Effect, ctx: Ctx) -> list:
    # The language's extra combat comes "after this phase" (500.8): the text's "after this
    # main phase" only means the same thing when the effect happens in a main phase.
    if not ctx.sorcery:
        raise Inexpressible("extra combat outside a sorcery")
    return [C.ExtraCombat()]


def _tap_and_freeze(e: Effect, ctx: Ctx) -> list:
    return [C.TapAndFreezeCreatures(subject(e, ctx, "player"))]


EFFECTS: dict[str, Callable[[Effect, Ctx], list]] = {
    "damage": _damage,
    "pump": _pump,
    "gain keywords": _gain_keywords,
    "draw": _player_amount(C.Draw, "cards drawn", x=True),
    "gain life": _gain_life,
    "lose life": _player_amount(C.LoseLife, "life lost", x=True),
    "poison": _player_amount(C.Poison, "poison counters"),
    "mill": _player_amount(C.Mill, "cards milled"),
    "destroy": _destroy,
    "untap": _untap,
    "doesn't untap next": _doesnt_untap_next,
    "sacrifice": _sacrifice,
    "add counters": _add_counters,
    "extra turn": _extra_turn,
    "skip next step": _skip_next_step,
    "skip next turn": _skip_next_turn,
    "extra combat": _extra_combat,
    "tap and freeze creatures": _tap_and_freeze,
    "counter": _counter,
    "bounce": _bounce,
    "exile": _exile,
    "regenerate": _regenerate,
    "gain control": _gain_control,
    "discard": _discard,
    "tap": _tap,
    "create token": _create_token,
    "investigate": _investigate,
    "add mana": _add_mana,
}
"""Effect verb -> lowering function (effect node, context) -> card-script effects."""

_DETAILS = {"pump": {"pt"}, "gain keywords": {"keywords"}, "doesn't untap next": {"whose"},
            "add counters": {"kind"}, "skip next step": {"step"}, "discard": {"random"},
            "create token": {"token"}, "add mana": {"mana"}}
"""The verb-specific details (``Effect.extra``) each lowering reads; an effect with any
other detail ("... damage instead", "exile ... face down") is refused, never lowered
without it."""


def _rewrite(effects: tuple) -> tuple:
    """Effect sequences the language has one instruction for (Sleep's two sentences)."""
    out = list(merge_token_abilities(effects))
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if isinstance(a, Effect) and isinstance(b, Effect) and a.verb == "tap" and \
                a.object is not None and a.object.kind == "all" and \
                a.object.filter == Filter(("creature",), ("target player controls",)) and \
                b.verb == "doesn't untap next" and b.get("whose") == "that player's" and \
                b.subject in (Obj("they"), Obj("that", Filter(("creature",)))):
            out[i:i + 2] = [Effect("tap and freeze creatures",
                                   subject=Obj("target", Filter(("player",))))]
            return _rewrite(tuple(out))
    return tuple(out)


def _generic(mana: str, ctx: Ctx) -> int | str:
    """``{N}`` (or ``{X}`` in a spell with X) as an amount of generic mana."""
    if mana == "{X}" and ctx.x:
        return "X"
    if re.fullmatch(r"\{\d+\}", mana):
        return int(mana[1:-1])
    raise Inexpressible("unless: a payment other than generic mana", mana)


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


_BASIC_LAND = Obj("a", Filter(("land card",), ("basic",)))


def _may_search_basic_land(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"<player> may search their library for a basic land card, put that card onto the
    battlefield [tapped], then shuffle" (701.19; Path to Exile).  Only the "may" form: the
    language's search lets the player decline (and then the library isn't shuffled)."""
    if m.how != "may" or len(m.effects) != 3:
        return None
    search, put, shuffle = m.effects
    if not all(isinstance(x, Effect) for x in m.effects) or \
            (search.verb, put.verb, shuffle.verb) != ("search", "put onto battlefield", "shuffle"):
        return None
    who = search.subject
    library = search.get("library")
    if search.object != _BASIC_LAND or put.object not in (Obj("it"), Obj("that", Filter(("card",)))) \
            or put.subject != who or shuffle.subject != who or shuffle.extra or \
            put.get("tapped") not in (None, "tapped") or len(put.extra) > 1 or \
            set(k for k, _ in search.extra) - {"library"} or \
            (library != "their") == (who != Obj("you")):
        raise Inexpressible("effect: search")
    return C.SearchForBasicLand(ref(who, ctx, "player"), tapped=put.get("tapped") == "tapped")


_REVEALED_TYPES = {"it is land card": ("Land",), "it is creature card": ("Creature",)}


def _reveal_top(a: Any, b: Any, ctx: Ctx) -> C.Effect | None:
    """"<player> reveals the top card of their library. If it's a land card, that player
    puts it into their hand." (701.16a; Goblin Guide)."""
    if not (isinstance(a, Effect) and a.verb == "reveal" and isinstance(b, Modified) and
            b.how == "if" and isinstance(b.detail, tuple) and b.detail[0] in _REVEALED_TYPES and
            len(b.effects) == 1):
        return None
    put = b.effects[0]
    library = "your library" if a.subject == Obj("you") else "their library"
    if a.extra or a.object != Obj("top of library", Filter(("card",), (library,)), Amount(1)) or \
            not isinstance(put, Effect) or put.verb != "put into hand" or put.extra or \
            put.object != Obj("it") or put.subject not in (Obj("that player"), Obj("you")) or \
            (put.subject == Obj("you")) != (a.subject == Obj("you")):
        raise Inexpressible("effect: reveal")
    return C.RevealTopCard(ref(a.subject, ctx, "player"), _REVEALED_TYPES[b.detail[0]])


_PUMP_FOR_EACH = {Obj("each", Filter(("creature",), ("it's blocking",))): "creature it's blocking",
                  Obj("each", Filter(("creature",), ("blocking it",))): "creature blocking it"}


def _pump_for_each(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"It gets +P/+T until end of turn for each creature it's blocking / blocking it"
    (Guardian of the Gateless, Rabid Elephant): counted as it resolves."""
    if m.how != "for each" or m.detail not in _PUMP_FOR_EACH or len(m.effects) != 1 or \
            not isinstance(m.effects[0], Effect) or m.effects[0].verb != "pump":
        return None
    e = m.effects[0]
    if set(k for k, _ in e.extra) != {"pt"} or e.duration is None:
        raise Inexpressible("modifier: for each")
    who = subject(e, ctx, "object")
    if who != "self":                         # "it" is the creature that blocks / is blocked
        raise Inexpressible("modifier: for each")
    p, t = _pt(e.get("pt"))
    return C.PumpForEach(who, p, t, _PUMP_FOR_EACH[m.detail], _duration(e.duration))


def _put_from_hand_attacking(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"You may put a [Soldier] creature card from your hand onto the battlefield tapped and
    attacking" (508.4; Preeminent Captain)."""
    if m.how != "may" or m.detail is not None or len(m.effects) != 1:
        return None
    e = m.effects[0]
    if not isinstance(e, Effect) or e.verb != "put onto battlefield" or \
            e.get("tapped") != "tapped and attacking":
        return None
    o = e.object
    kind = o.filter.types[0][:-len(" creature card")] if o is not None and o.filter is not None \
        and len(o.filter.types) == 1 and o.filter.types[0].endswith("creature card") else None
    if e.subject != Obj("you") or len(e.extra) != 1 or o is None or o.kind != "a" or \
            o.count is not None or kind is None or o.filter.props != ("from your hand",) or \
            (kind and kind not in C.RULES_SUBTYPES):
        raise Inexpressible("effect: put onto the battlefield attacking")
    return C.PutFromHandAttacking(kind or None)


@R.EFFECT_SEQUENCES.layer(R.BASE)
def lower_effects(effects: tuple, ctx: Ctx) -> list:
    """Lower a sequence of effect nodes (608.2c: in the order written)."""
    out: list = []
    effects = _rewrite_zone(_rewrite(effects))
    i = 0
    while i < len(effects):
        e = effects[i]
        i += 1
        if isinstance(e, Modal):                    # targets.py: an ability's modes
            out.extend(lower_ability_modes(e, effects, ctx))
            continue
        if isinstance(e, Modified):
            if e.how == "delayed" and e.detail in ("end", "upkeep") and ctx.kind != "delayed":
                inner = Ctx("delayed", ctx.targets, ctx.last, ctx.last_player, sorcery=ctx.sorcery,
                            x=ctx.x, event=ctx.event, exiled=ctx.exiled)
                body = R.EFFECT_SEQUENCES(e.effects, inner)
                out.append(C.AtBeginningOfNext(e.detail, tuple(body)))
                continue
            if e.how == "unless" and isinstance(e.detail, tuple) and \
                    e.detail[0] == "its controller pays" and len(e.effects) == 1 and \
                    isinstance(e.effects[0], Effect) and e.effects[0].verb == "counter" and \
                    i == len(effects):
                # 701.5: the spell's controller decides; it ends the resolution (last effect)
                c = e.effects[0]
                _by_you(c, ctx)
                who = _spell_target(c.object, ctx)
                out.append(C.CounterUnlessPays(_generic(e.detail[1], ctx), who))
                continue
            search = R.SEARCHES(e.effects, ctx, may=True) if e.how == "may" else None
            search = search or _may_search_basic_land(e, ctx) or _put_from_hand_attacking(e, ctx)
            if search is not None:
                if i != len(effects):           # a decision while resolving: the last effect
                    raise Inexpressible("effect after a choice made while resolving")
                out.append(search)
                continue
            pump = _pump_for_each(e, ctx)
            if pump is not None:
                out.append(pump)
                continue
            if e.how == "if" and _kicked(e.detail) and ctx.kind == "spell" and ctx.kicker:
                out.append(C.IfKicked(*R.EFFECT_SEQUENCES(e.effects, ctx)))
                continue
            chosen = R.MODIFIERS(e, effects, i, ctx)   # "you may", "for each" (below)
            if chosen is not None:
                out.extend(chosen[0] if isinstance(chosen[0], list) else [chosen[0]])
                i += chosen[1]
                continue
            raise Inexpressible(f"modifier: {e.how}")
        look = R.LOOKS(e, effects, i, ctx)     # "look at the top N cards" (below)
        if look is not None:
            out.append(look[0])
            i += look[1]
            continue
        if e.verb == "search":                      # 701.19
            out.append(R.SEARCHES(effects[i - 1:], ctx, may=False, required=True))
            break
        reveal = _reveal_top(e, effects[i], ctx) if i < len(effects) else None
        if reveal is not None:
            out.append(reveal)
            i += 1
            continue
        if ctx.kind == "spell" and ctx.kicker and i < len(effects) and \
                _kicker_instead(e, effects[i]):
            first = _damage(e, ctx)
            n = amount_x(effects[i].effects[0].amount, "damage", ctx)
            out.append(C.IfKicked(*first, kicked=False))
            out.append(C.IfKicked(C.Damage(first[0].who, n)))
            i += 1
            continue
        fn = EFFECTS.get(e.verb)
        if fn is None:
            raise Inexpressible(f"effect: {e.get('what') if e.verb == 'restriction' else e.verb}")
        unread = {k for k, _ in e.extra} - _DETAILS.get(e.verb, set())
        if unread:
            raise Inexpressible(f"effect: {e.verb} ({', '.join(sorted(unread))})")
        out.extend(several_targets(fn, e, ctx))         # targets.py (601.2c)
    if not out:
        raise Inexpressible("no effect")
    return out


_CHOOSE = {"one": 1, "two": 2, "three": 3}


def _additional_cost(costs: Any) -> str:
    """"As an additional cost to cast this spell, sacrifice a creature / discard a card /
    pay N life" (601.2f) in the language's cost words."""
    if not (isinstance(costs, tuple) and len(costs) == 1 and isinstance(costs[0], Cost)):
        raise Inexpressible("additional cost: optional or a choice of costs")
    c = costs[0]
    if c.kind == "sacrifice" and c.object == Obj("a", Filter(("creature",))):
        return "Sacrifice a creature"
    if c.kind == "discard" and c.object is None and c.amount == Amount(1) and c.detail is None:
        return "Discard a card"
    if c.kind == "pay life" and c.amount is not None and c.amount.value is not None:
        return f"Pay {c.amount.value} life"
    raise Inexpressible(f"additional cost: {c.kind}")


@R.SPELLS.layer(R.BASE)
def lower_spell(effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "") -> C.SpellAbility:
    """The spell ability of an instant or sorcery: its effects or its modes (700.2), its
    additional cost (601.2f), kicker (702.33) and flashback (702.34) costs."""
    extra = ""
    timing = "instant"
    body_nodes = []
    for e in effects:
        if isinstance(e, Effect) and e.verb == "additional cost":
            if extra:
                raise Inexpressible("two additional costs")
            extra = _additional_cost(e.get("costs"))
        elif isinstance(e, Effect) and e.verb == "cast timing":
            if timing != "instant" or e.get("when") not in C.TIMINGS:
                raise Inexpressible(f"cast timing: {e.get('when')}")
            timing = e.get("when")              # 601.3: when the spell may be cast
        else:
            body_nodes.append(e)
    kw = dict(additional_cost=extra, kicker=kicker, flashback=flashback, timing=timing)
    if any(isinstance(e, Modal) for e in body_nodes):
        if len(body_nodes) != 1:
            raise Inexpressible("modes with other effects")
        modal = body_nodes[0]
        if modal.choose not in _CHOOSE:
            raise Inexpressible(f"modes: choose {modal.choose}")
        modes = []
        for m in modal.modes:
            ctx = Ctx("spell", sorcery=sorcery, x=x, kicker=bool(kicker))
            body = R.EFFECT_SEQUENCES(m, ctx)
            if any(t.startswith(C.OPTIONAL_TARGET) for t in ctx.targets):
                raise Inexpressible("an 'up to one' target in a mode")
            modes.append(C.Mode(*body, targets=tuple(ctx.targets)))
        return C.SpellAbility(modes=tuple(modes), choose=_CHOOSE[modal.choose], **kw)
    ctx = Ctx("spell", sorcery=sorcery, x=x, kicker=bool(kicker))
    body = R.EFFECT_SEQUENCES(tuple(body_nodes), ctx)
    return C.SpellAbility(*body, targets=tuple(ctx.targets), **kw)


# --- abilities ----------------------------------------------------------------------------------

def _cost_text(costs) -> str:
    parts: list[str] = []
    mana = ""
    for c in costs:
        if c.kind == "mana":
            if mana:
                raise Inexpressible("cost: two mana parts")
            mana = c.mana
        elif c.kind == "tap":
            parts.append("{T}")
        elif c.kind == "sacrifice" and c.object == Obj("self"):
            parts.append("Sacrifice ~")
        elif R.COSTS(c) is not None:            # 118.3
            parts.append(R.COSTS(c))
        else:
            raise Inexpressible(f"cost: {c.kind}")
    if mana:
        try:
            C.ManaCost.parse(mana)
        except C.CardScriptError:
            raise Inexpressible("mana symbol in a cost", mana) from None
    if len([p for p in parts if p == "{T}"]) > 1:
        raise Inexpressible("cost: two tap symbols")
    return ", ".join(([mana] if mana else []) + parts)


_TIMING = {"as a sorcery": "sorcery", "during your upkeep": "your upkeep",
           "during combat": "during combat",                              # 506.6c
           "before blockers are declared": "before blockers are declared"}   # 506.6b


@R.MANA_ABILITIES.layer(R.BASE)
def _mana_ability(ab: Activated) -> C.ManaAbility | None:
    """``{T}: Add ...`` with nothing else, as the language's mana ability (605.1a)."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], Effect) or \
            ab.effects[0].verb != "add mana":
        return None
    cost = "{T}"
    if ab.costs == (Cost("tap"), Cost("sacrifice", object=Obj("self"))):
        cost = "{T}, Sacrifice ~"            # 605.1a; a Treasure-like source (one mana)
    elif tuple(c.kind for c in ab.costs) != ("tap",):
        cost = _mana_ability_cost(ab.costs)          # 605.1a
    if ab.restrictions:
        raise Inexpressible("mana ability with activation instructions")
    how, what = ab.effects[0].get("mana")
    if how == "any color" and what == "1":
        return C.ManaAbility("WUBRG", cost=cost)
    syms = [s.strip("{}") for s in what.replace("}{", "}|{").split("|")] if how != "any color" else []
    if any(s not in C.COLOR_INDEX for s in syms):
        raise Inexpressible("mana ability: " + how, what)
    if how == "exactly" and len(set(syms)) == 1 and (cost == "{T}" or len(syms) == 1 or
                                                     not C.parse_activation_cost(cost).automatic):
        return C.ManaAbility(syms[0], len(syms), cost=cost)
    if how == "one of" and len(set(syms)) == len(syms):
        return C.ManaAbility("".join(syms), cost=cost)
    raise Inexpressible("mana ability: " + how, what)


def _loyalty_ability(ab: Activated) -> C.LoyaltyAbility | None:
    """``+N: effect`` / ``−N: effect`` / ``0: effect`` (606)."""
    if not any(c.kind == "loyalty" for c in ab.costs):
        return None
    if len(ab.costs) != 1:
        raise Inexpressible("loyalty ability with another cost")
    if ab.restrictions:
        raise Inexpressible(f"activation instruction: {ab.restrictions[0]}")
    ctx = Ctx("activated")
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    return C.LoyaltyAbility(ab.costs[0].detail, *body, targets=tuple(ctx.targets))


@R.ACTIVATED.layer(R.BASE)
def lower_activated(ab: Activated) -> C.Ability:
    mana = R.MANA_ABILITIES(ab)
    if mana is not None:
        return mana
    loyalty = _loyalty_ability(ab)
    if loyalty is not None:
        return loyalty
    cost = _cost_text(ab.costs)
    timing = "instant"
    once = False
    restrictions = list(ab.restrictions)
    if restrictions and isinstance(restrictions[0], str) and restrictions[0].endswith("once each turn") and \
            restrictions[0] != "triggers once each turn":
        # 602.5b "Activate only once each turn" ("as a sorcery, once each turn", ...)
        once = True
        rest = restrictions[0][:-len("once each turn")].rstrip(", ")
        restrictions[0:1] = [rest] if rest else []
    if restrictions:
        if len(restrictions) > 1 or restrictions[0] not in _TIMING:
            raise Inexpressible(f"activation instruction: {ab.restrictions[0]}")
        timing = _TIMING[restrictions[0]]
    ctx = Ctx("activated")
    if any(c.kind == "sacrifice" and c.object == Obj("self") for c in ab.costs):
        ctx.last = "self"                   # "Sacrifice ~: It deals 1 damage ..."
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    if any(c.kind == "discard" and c.object == Obj("self") for c in ab.costs):
        # "Discard ~" (channel, bloodrush): an ability of the card in its owner's hand (602.1)
        if once:
            raise Inexpressible("activation instruction: once each turn (from the hand)")
        return C.ActivatedAbility(cost, *body, targets=tuple(ctx.targets), timing=timing,
                                  zone="hand")
    return C.ActivatedAbility(cost, *body, targets=tuple(ctx.targets), timing=timing,
                              once_each_turn=once)


SELF_TRIGGERS: dict[str, str] = {
    "enters": "enters", "attacks": "attacks",                                   # 508.2
    "blocks": "blocks", "blocks a creature": "blocks a creature",               # 509.4a-b
    "becomes blocked": "becomes blocked",                                       # 509.4c
    "becomes blocked by a creature": "becomes blocked by a creature",           # 509.4d
    "attacks unblocked": "attacks and isn't blocked",                           # 509.4g
    "combat damage to player": "deals combat damage to a player",               # 510.3
    "combat damage to creature": "deals combat damage to a creature",
    "damage to opponent": "deals damage to an opponent"}
"""Trigger events of the card itself ("When ~ enters", "Whenever ~ attacks") ->
``TriggeredAbility(at=...)``."""

_PLAYER_OF_EVENT = {"deals combat damage to a player", "deals damage to an opponent"}
"""Events whose player "that player" names (603.2): the player dealt damage."""

_CASTERS = {Obj("you"): "you", Obj("a", Filter(("player",))): "a player",
            Obj("a", Filter(("opponent",))): "an opponent"}
"""Who casts the spell of a cast trigger (601.2i)."""


def _cast_trigger(t: Any, ctx: Ctx) -> tuple[str, tuple[str, ...]]:
    """"Whenever <caster> casts a [quality] spell" -> (whose, spell qualities)."""
    spell = t.get("spell")
    subs = _costs.spell_subtypes(spell)          # costs.py: "a Spirit or Arcane spell"
    if subs is not None and t.subject in _CASTERS:
        ctx.last_player = "that player"
        return _CASTERS[t.subject], (subs,)
    if t.subject not in _CASTERS or not isinstance(spell, Obj) or spell.kind != "a" or \
            spell.filter is None or spell.filter.types != ("spell",) or \
            any(p not in C.SPELL_QUALITIES for p in spell.filter.props):
        raise Inexpressible(f"trigger: cast ({spell.phrase() if isinstance(spell, Obj) else spell})")
    ctx.last_player = "that player"                # 603.2: the caster
    return _CASTERS[t.subject], spell.filter.props


@R.TRIGGERED.layer(R.BASE)
def lower_triggered(ab: Triggered) -> C.TriggeredAbility:
    zone = lower_zone_trigger(ab)                   # 603.6: dies, leaves, "a creature enters"
    if zone is not None:
        return zone
    if ab.condition is not None:
        return R.INTERVENING_IFS(ab)                   # 603.4 (below)
    if ab.limit is not None:
        raise Inexpressible("trigger limit: " + ab.limit)
    t = ab.trigger
    ctx = Ctx("triggered")
    spell: tuple[str, ...] = ()
    if t.event in SELF_TRIGGERS and t.subject == Obj("self") and not t.extra:
        at, whose = SELF_TRIGGERS[t.event], "your"
        ctx.last = "self"
        ctx.event = at
        if at in _PLAYER_OF_EVENT:
            ctx.last_player = "that player"
    elif t.event == "cast":
        at = "cast"
        whose, spell = _cast_trigger(t, ctx)
    elif t.event == "beginning of step":
        at, whose = t.get("step"), t.get("whose")
        if at not in C.STEPS or at == "main":
            raise Inexpressible(f"trigger: beginning of {at}")
        if whose not in C.WHOSE:
            raise Inexpressible(f"trigger: beginning of {whose} {at}")
    else:
        raise Inexpressible(f"trigger: {t.event}" + ("" if t.subject in (None, Obj("self"))
                                                     else f" ({t.subject.phrase()})"))
    body = R.EFFECT_SEQUENCES(ab.effects, ctx)
    return C.TriggeredAbility(at, *body, whose=whose, targets=tuple(ctx.targets), spell=spell)


@dataclass
class Statics:
    """What static abilities set on a card (its fields other than ``abilities``)."""
    keywords: list[str] = field(default_factory=list)
    attached_bonus: tuple[int, int] | None = None
    attached_keywords: tuple[str, ...] | None = None
    static: str | None = None
    protection: list[str] = field(default_factory=list)
    combat: list[str] = field(default_factory=list)
    abilities: list = field(default_factory=list)    # static abilities of the layer system
    # devoid (702.114a: colourless), changeling (702.73a), landwalk (702.14)
    devoid: bool = False
    changeling: bool = False
    landwalk: list[str] = field(default_factory=list)


_SELF_COMBAT = {"can't attack or block alone": ("can't attack alone", "can't block alone"),
                "can't attack or block": ("can't attack", "can't block"),
                "can block an additional creature each combat": ("can block an additional creature",),
                "can't be blocked by Wall": ("can't be blocked by Walls",),
                # 509.1b; the grammar names the noun singular
                "can't be blocked by creature with power 2 or less":
                    ("can't be blocked by creatures with power 2 or less",),
                "can't be blocked by more than one creature":
                    ("can't be blocked by more than one creature",)}
"""Restrictions of the card itself (508.1c, 509.1b) whose words differ from the
language's ``Card(combat=...)`` words; the others are the same words (COMBAT_BITS)."""

_ENCHANTED_COMBAT = {"can't attack": ("enchanted creature can't attack",),
                     "can't block": ("enchanted creature can't block",),
                     "can't attack or block": ("enchanted creature can't attack",
                                               "enchanted creature can't block")}
"""An Aura's restrictions of the creature it enchants (508.1c, 509.1b)."""

_STATIC_STEPS = {"upkeep": "players skip their upkeep steps",
                 "untap": "players skip their untap steps"}


_COMBAT_COSTS = {
    ("attack you", None): "creatures can't attack you unless their controller pays {N} for each "
                          "creature they control that's attacking you",
    ("attack you or planeswalkers", None):
        "creatures can't attack you or planeswalkers you control unless their controller pays "
        "{N} for each of those creatures",
    ("attack you or planeswalkers", ("untapped", Obj("self"))):
        "as long as ~ is untapped, creatures can't attack you or planeswalkers you control "
        "unless their controller pays {N} for each of those creatures",
    ("block", ("attacking", Obj("self"))):
        "as long as ~ is attacking, creatures can't block unless their controller pays {N} "
        "for each of those creatures",
    ("attack", "enchanted"): "enchanted creature can't attack unless its controller pays {N}"}
"""Attack and block costs (508.1g-i, 509.1d-f) the language has as ``Card(combat=...)``
words, by what is taxed and the condition ("as long as ~ is untapped")."""


def _combat_cost(e: Effect, attach_kind: str | None, condition: Any = None) -> str:
    mana = e.get("mana")
    key: tuple = (e.get("what"), condition)
    if e.get("what") == "attack":                  # "Enchanted creature can't attack unless ..."
        if condition is not None or attach_kind != "enchanted" or \
                e.object != Obj("enchanted", Filter(("creature",))):
            raise Inexpressible("static: attack cost of another creature")
        key = ("attack", "enchanted")
    if key not in _COMBAT_COSTS or not re.fullmatch(r"\{\d+\}", mana or "") or \
            set(k for k, _ in e.extra) != {"mana", "what"}:
        raise Inexpressible(f"static: {e.get('what')} cost" +
                            (f" as long as {condition[0]}" if condition else ""))
    return _COMBAT_COSTS[key].replace("{N}", mana)


def lower_static(effects: tuple, out: Statics, attach_kind: str | None) -> None:
    """Static abilities the language has as card fields (604): "doesn't untap", the
    Aura/Equipment bonus, the skip-step statics; and the static abilities of the layer
    system (:func:`lower_layer_statics`, in ``out.abilities``)."""
    layered = R.LAYER_STATICS(effects, attach_kind)
    if layered is not None:
        out.abilities.extend(layered)
        return
    previous = None
    for e in effects:
        if isinstance(e, Modified) and e.how == "as long as" and len(e.effects) == 1 and \
                isinstance(e.effects[0], Effect) and e.effects[0].verb == "combat cost":
            out.combat.append(_combat_cost(e.effects[0], attach_kind, e.detail))
            continue
        if isinstance(e, Modified) and e.how == "unless" and len(e.effects) == 1 and \
                e.detail[0] == "its controller pays" and isinstance(e.effects[0], Effect) and \
                e.effects[0].verb == "restriction" and e.effects[0].get("what") == "can't attack":
            # "Enchanted creature can't attack unless its controller pays {3}." (508.1g-i)
            r = e.effects[0]
            if len(r.extra) != 1 or r.duration is not None:
                raise Inexpressible("static: attack cost with a duration")
            out.combat.append(_combat_cost(effect("combat cost", None, r.subject, mana=e.detail[1],
                                                  what="attack"), attach_kind))
            continue
        if isinstance(e, Modified):
            raise Inexpressible(f"static modifier: {e.how}")
        if not isinstance(e, Effect):
            raise Inexpressible("modes (choose one —)")
        if e.subject == Obj("it") and previous is not None:      # "gets +1/+1 and has flying"
            e = Effect(e.verb, previous, e.object, e.amount, e.duration, e.extra)
        previous = e.subject
        attached = attach_kind is not None and e.subject == Obj(attach_kind, Filter(("creature",)))
        if e.verb == "doesn't untap" and e.subject == Obj("self") and e.get("whose") == "your":
            out.keywords.append("doesn't untap")
        elif e.verb == "doesn't untap" and attach_kind is not None and \
                e.get("whose") == "its controller's" and e.subject in \
                [Obj(attach_kind, Filter((k,))) for k in ("creature", "permanent", "artifact", "land")]:
            # 502.3: the Aura / Equipment gives it "doesn't untap" (Paralyze-style auras)
            out.attached_keywords = (*(out.attached_keywords or ()), "doesn't untap")
        elif e.verb == "restriction" and e.subject == Obj("self") and e.duration is None and \
                len(e.extra) == 1 and (e.get("what") in _SELF_COMBAT or
                                       e.get("what") in C.COMBAT_BITS or
                                       e.get("what") + "s" in C.COMBAT_BITS):
            # "can't be blocked except by black creature[s]": the grammar names nouns singular
            what = e.get("what") if e.get("what") in C.COMBAT_BITS or e.get("what") in _SELF_COMBAT \
                else e.get("what") + "s"
            out.combat.extend(_SELF_COMBAT.get(what, (what,)))
        elif e.verb == "combat cost":
            out.combat.append(_combat_cost(e, attach_kind))
        elif e.verb == "combat cap" and e.amount is not None and e.amount.value is not None:
            n = e.amount.value              # 508.1c, 509.1b
            out.combat.append(f"no more than {{{n}}} creatures can {e.get('what')} each combat")
        elif e.verb == "lure" and not e.extra and (e.object == Obj("self") or (
                attach_kind == "enchanted" and e.object == Obj("enchanted", Filter(("creature",))))):
            # 509.1c: a requirement on every creature that could block it
            out.combat.append("all creatures able to block it do so" if e.object == Obj("self")
                              else "enchanted creature: all creatures able to block it do so")
        elif e.verb == "has keywords" and e.subject == Obj("all", Filter(("creature",), ("you control",))) \
                and e.get("keywords") == (Keyword("menace"),):
            out.combat.append("creatures you control have menace")
        elif e.verb == "skip steps" and e.get("step") in _STATIC_STEPS and out.static is None \
                and _STATIC_STEPS[e.get("step")] in C.STATICS:
            out.static = _STATIC_STEPS[e.get("step")]
        elif e.verb == "pump" and attached and e.duration is None and out.attached_bonus is None:
            out.attached_bonus = _pt(e.get("pt"))
        elif e.verb == "has keywords" and attached and out.attached_keywords is None:
            out.attached_keywords = _keywords(e.get("keywords"))
        # an Aura's "Enchanted creature can't attack [or block]." (508.1c, 509.1b)
        elif e.verb == "restriction" and attach_kind == "enchanted" and e.duration is None and \
                e.subject == Obj("enchanted", Filter(("creature",))) and len(e.extra) == 1 and \
                e.get("what") in _ENCHANTED_COMBAT:
            out.combat.extend(_ENCHANTED_COMBAT[e.get("what")])
        # "You may play an additional land on each of your turns." (305.2a)
        elif e.verb == "extra land play" and e.subject == Obj("you") and not e.extra and \
                out.static is None:
            out.static = "you may play an additional land on each of your turns"
        # "This spell can't be countered." / "~ can't be countered." (101.2)
        elif e.verb == "restriction" and e.get("what") == "can't be countered" and \
                e.subject == Obj("self") and len(e.extra) == 1 and e.duration is None and \
                out.static is None:
            out.static = "this spell can't be countered"
        else:
            what = e.get("what") if e.verb == "restriction" else e.verb
            who = e.subject.phrase() if e.subject is not None else ""
            raise Inexpressible(f"static: {what}" + (f" ({who})" if who in ("~",) else ""))


def _protection(quality: Any) -> tuple[str, ...]:
    """"Protection from red", "from multicolored", "from Demons and from Dragons" (702.16a)
    as ``Card(protection=...)`` qualities."""
    out = []
    for q in str(quality).split(" and "):
        if q in C.PROTECTION_QUALITIES:
            out.append(q)
        elif q + "s" in C.PROTECTION_TYPES:           # the grammar names subtypes singular
            out.append(q + "s")
        elif q in ("artifact", "creature"):            # card types, named singular too
            out.append(q + "s")
        else:
            raise UnsupportedKeyword(f"keyword: protection from {q}", f"protection from {q}")
    return tuple(out)


def _mana_only(param: Any, what: str) -> str:
    if not isinstance(param, str) or not param.startswith("{"):
        raise UnsupportedKeyword(f"keyword: {what} (a cost other than mana)", what)
    return _cost_text((_mana_cost_node(param),))


def _flashback_cost(param: Any) -> str:
    """"Flashback {2}{U}" or "Flashback—{1}{U}, Pay 3 life" (702.34a)."""
    if isinstance(param, str):
        return _mana_only(param, "flashback")
    parts = []
    for c in param:
        if c.kind == "mana" and not parts:
            parts.append(_cost_text((c,)))
        elif c.kind == "pay life" and c.amount is not None and c.amount.value is not None:
            parts.append(f"Pay {c.amount.value} life")
        else:
            raise UnsupportedKeyword(f"keyword: flashback (cost: {c.kind})", "flashback")
    return ", ".join(parts)


@R.KEYWORDS.layer(R.BASE)
def lower_keyword(k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """A keyword ability as ("keyword", name), ("enchant", kind), ("ability", ability),
    ("protection", qualities), ("combat", property) or, on an instant or sorcery,
    ("kicker" | "flashback", cost) of its spell ability."""
    if k.param is None and (k.name in C.KEYWORD_BITS or k.name in C.TRIGGERED_KEYWORDS):
        return "keyword", k.name                   # prowess: a triggered ability (702.108)
    if k.name == "banding" and k.param is None:
        return "combat", "banding"                 # 702.21
    if k.name == "protection":
        return "protection", _protection(k.param)
    if k.name == "cycling":
        return "ability", C.Cycling(_mana_only(k.param, "cycling"))      # 702.29a
    if k.name == "kicker" and is_spell:
        return "kicker", _mana_only(k.param, "kicker")                   # 702.33
    if k.name == "flashback" and is_spell:
        return "flashback", _flashback_cost(k.param)                     # 702.34
    if k.name == "enchant" and is_aura and isinstance(k.param, str) and \
            k.param in C.TARGETS and _is_object_spec(k.param):
        return "enchant", k.param
    if k.name == "equip" and is_equipment and isinstance(k.param, str):
        # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
        # only as a sorcery."
        cost = _cost_text((_mana_cost_node(k.param),))
        return "ability", C.ActivatedAbility(cost, C.Attach("target"),
                                             targets=("creature you control",), timing="sorcery")
    if k.name == "ward":
        return "ability", _ward(k.param)                                  # 702.21a
    # characteristic-defining keywords (604.3) and landwalk
    if k.name in ("devoid", "changeling") and k.param is None:
        return k.name, True                        # 702.114a colourless; 702.73a every type
    if k.name in _LANDWALK and k.param is None:
        return "landwalk", _LANDWALK[k.name]       # 702.14a-c
    if k.name == "bushido" and isinstance(k.param, Amount) and k.param.value is not None \
            and 0 < k.param.value <= 20:
        # 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end
        # of turn." -- one ability per event (a creature never does both in one combat)
        pump = C.Pump("self", k.param.value, k.param.value, "end of turn")
        return "abilities", (C.TriggeredAbility("blocks", pump),
                             C.TriggeredAbility("becomes blocked", pump))
    if k.name == "exalted" and k.param is None:
        # 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1
        # until end of turn."
        return "abilities", (C.TriggeredAbility("a creature you control attacks alone",
                                                C.Pump("that creature", 1, 1, "end of turn")),)
    raise UnsupportedKeyword(f"keyword: {k.name}", k.name)


_LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}
"""The basic landwalk keywords (702.14b) and the land type each looks for."""


def _mana_cost_node(text: str) -> Cost:
    return Cost("mana", mana=text)


# --- static abilities of the layer system (604, 611.3, 613) --------------------------------------

from .groups import (_LY_BASES, _LY_COLORS, _LY_NUMBER_CONDITIONS, _LY_SIMPLE_CONDITIONS,  # noqa: E402,F401
                     _LY_STATES, _LY_SUBTYPES, _LY_TYPE_WORDS, _ly_group, _ly_noun)


def _ly_condition_filter(f: Filter) -> dict[str, Any]:
    """What a condition counts: "a Mountain", "three or more artifacts", "a red permanent",
    "a Wizard creature" -> ``AsLongAs`` keywords (types, subtypes, colors) and whether
    "other" ("another") was said."""
    types, subtypes, colors, other = [], [], "", False
    for noun in f.types:
        words = noun.split()
        if words[-1] in _LY_TYPE_WORDS or words[-1] == "permanent":
            if words[-1] != "permanent":
                types.append(_LY_TYPE_WORDS[words[-1]])
            words = words[:-1]
        if any(w not in _LY_SUBTYPES for w in words):
            raise Inexpressible(f"static condition: {noun}")
        subtypes.extend(words)
    # several nouns are "any of": all types or all subtypes (the core ANDs the two masks)
    if len(f.types) > 1 and types and subtypes:
        raise Inexpressible("static condition: " + " or ".join(f.types))
    for p in f.props:
        if p in _LY_COLORS and not colors:
            colors = _LY_COLORS[p]
        elif p == "other":
            other = True
        else:
            raise Inexpressible(f"static condition: {p} permanent")
    return {"types": tuple(types), "subtypes": tuple(subtypes), "colors": colors, "other": other}


def _ly_condition(detail: Any) -> "C.AsLongAs":
    """The condition of "as long as ..." / "during your turn" (611.3a) as an ``AsLongAs``."""
    what, arg = detail
    if what in _LY_SIMPLE_CONDITIONS and arg is None:
        return C.AsLongAs(_LY_SIMPLE_CONDITIONS[what])
    if what in _LY_STATES and arg in (Obj("self"), Obj("it")):
        return C.AsLongAs(_LY_STATES[what])
    if what in _LY_NUMBER_CONDITIONS and isinstance(arg, Amount) and isinstance(arg.value, int):
        return C.AsLongAs(_LY_NUMBER_CONDITIONS[what], arg.value)
    if what == "threshold":
        return C.AsLongAs("at least N cards in your graveyard", 7)
    if what == "no cards in hand":
        return C.AsLongAs("at most N cards in your hand", 0)
    if what in ("you control", "opponent controls") and isinstance(arg, Obj) and \
            arg.kind in ("a", "an") and arg.filter is not None and arg.count is None:
        kw = _ly_condition_filter(arg.filter)
        other = kw.pop("other")
        if what == "opponent controls":
            if other:
                raise Inexpressible("static condition: an opponent controls another")
            return C.AsLongAs("an opponent controls", **kw)
        return C.AsLongAs("you control another" if other else "you control", **kw)
    if what == "control at least" and isinstance(arg[0], Amount) and isinstance(arg[0].value, int):
        kw = _ly_condition_filter(arg[1])
        other = kw.pop("other")
        return C.AsLongAs("you control another" if other else "you control", arg[0].value, **kw)
    if what == "you control no" and isinstance(arg, Filter):
        kw = _ly_condition_filter(arg)
        if kw.pop("other"):
            raise Inexpressible("static condition: no other")
        return C.AsLongAs("you control no", **kw)
    raise Inexpressible(f"static condition: {what}")


_LY_VERBS = ("pump", "has keywords", "is color", "set base p/t")
_LY_SET_COLORS = {**_LY_COLORS, "colorless": ""}


def _base_pt(text: str) -> tuple[int, int]:
    if not re.fullmatch(r"\d+/\d+", text or ""):
        raise Inexpressible("static: base power and toughness", text or "")
    p, t = text.split("/")
    return int(p), int(t)


def _switch_pt(e: Effect, ctx: Ctx) -> list:
    """613.4d: "Switch target creature's power and toughness until end of turn" (611.2)."""
    _by_you(e, ctx)
    return [C.Becomes(ref(e.object, ctx, "object"), C.SwitchPT(), duration=_duration(e.duration))]


EFFECTS["switch pt"] = _switch_pt
_LY_CDA = re.compile(r"the number of ([A-Za-z'-]+) you control")


@R.CHARACTERISTIC_PT.layer(R.BASE)
def _ly_characteristic_pt(e: Effect) -> "C.StaticAbility":
    """"~'s power and toughness are each equal to the number of Swamps you control" / "...
    creatures you control" / "... your life total" (604.3, layer 7a)."""
    expr = e.amount.expr if e.amount is not None else None
    if e.object != Obj("self") or not isinstance(expr, str):
        raise Inexpressible("characteristic-defining power")
    m = _LY_CDA.fullmatch(expr)
    if expr == "your life total":
        cda = C.CharacteristicPT("your life total")
    elif m and m.group(1) in _LY_SUBTYPES:
        cda = C.CharacteristicPT("permanents you control with subtype", m.group(1))
    elif m and m.group(1) in _LY_TYPE_WORDS:
        cda = C.CharacteristicPT("permanents you control of type", _LY_TYPE_WORDS[m.group(1)])
    else:
        raise Inexpressible("characteristic-defining power", expr)
    return C.StaticAbility("self", cda)


@R.LAYER_STATICS.layer(R.BASE)
def lower_layer_statics(effects: tuple, attach_kind: str | None) -> list["C.StaticAbility"] | None:
    """Static abilities of the layer system (611.3, 613): "Creatures you control get +1/+1",
    "Other Goblin creatures you control get +1/+1 and have haste", "~ gets +1/+1 as long as
    you control a Mountain", "As long as ~ is equipped, it has double strike".  None when
    the sentence is something else (the card-field statics of :func:`lower_static`, or an
    unconditional "enchanted creature gets ...", which is the Aura's attached bonus)."""
    condition = None
    if len(effects) == 1 and isinstance(effects[0], Effect) and \
            effects[0].verb == "power and toughness equal":
        return [R.CHARACTERISTIC_PT(effects[0])]
    if len(effects) == 1 and isinstance(effects[0], Modified) and effects[0].how == "as long as":
        detail, effects = effects[0].detail, effects[0].effects
        if not all(isinstance(e, Effect) and e.verb in _LY_VERBS for e in effects):
            return None
        condition = _ly_condition(detail)
        if detail[1] == Obj("it") and not all(e.subject in (Obj("self"), Obj("it")) for e in effects):
            # "Enchanted creature has shroud as long as it's untapped": "it" is not ~
            raise Inexpressible(f"static condition: {detail[0]} (of another object)")
    if not effects or not all(isinstance(e, Effect) and e.verb in _LY_VERBS for e in effects):
        return None
    if condition is None and len(effects) == 1 and effects[0].verb == "has keywords" and \
            effects[0].get("keywords") == (Keyword("menace"),):
        return None                             # a combat property (Goblin War Drums)
    out: list[tuple[Obj, list]] = []
    for e in effects:
        subj = e.subject if e.verb != "is color" else e.object     # "All creatures are black"
        if e.verb == "is color":
            e = Effect(e.verb, subj, None, e.amount, e.duration, e.extra)
        if subj in (Obj("it"), Obj("same")):
            subj = out[-1][0] if out else Obj("self") if condition is not None and \
                condition.what.startswith("~") else None
        if subj is None or e.duration is not None or e.object is not None:
            raise Inexpressible("static: " + e.verb)
        attached = attach_kind is not None and subj == Obj(attach_kind, Filter(("creature",)))
        if attached and condition is None:
            return None                         # the Aura / Equipment bonus (CF_ATTACHED_*)
        if e.verb == "pump":
            change = C.ModifyPT(*_pt(e.get("pt")))
        elif e.verb == "set base p/t":
            change = C.SetBasePT(*_base_pt(e.get("pt")))   # layer 7b
        elif e.verb == "is color":
            # "All creatures are black" (layer 5); "~ is colorless" would be a CDA (604.3)
            if subj == Obj("self") or e.get("color") not in _LY_SET_COLORS:
                raise Inexpressible("static: is color")
            change = C.SetColors(_LY_SET_COLORS[e.get("color")])
        else:
            change = C.AddKeywords(*_keywords(e.get("keywords")))
        if out and out[-1][0] == subj:
            out[-1][1].append(change)
        else:
            out.append((subj, [change]))
    abilities = []
    for subj, changes in out:
        if subj == Obj("self"):
            kw: dict[str, Any] = {"affects": "self"}
        elif attach_kind is not None and subj == Obj(attach_kind, Filter(("creature",))):
            kw = {"affects": f"{attach_kind} creature"}
        else:
            kw = _ly_group(subj)
        affects = kw.pop("affects")
        abilities.append(C.StaticAbility(affects, *changes, condition=condition, **kw))
    return abilities


# --- zone changes (603.6, 614, 615): mtg_core/cards/replacement.py -------------------------

from .language import check_subject as _parse_subject, walk_effects as _walk_effects  # noqa: E402
from ...errors import CardScriptError as _CardScriptError               # noqa: E402

@R.REPLACEMENTS.layer(R.BASE)
def lower_replacements(effects: tuple, x: bool) -> tuple[tuple, list]:
    """Split the replacement effects of a card's own static abilities off ``effects``:
    "~ enters [the battlefield] tapped", "~ enters with N (or X, with {X} in its mana
    cost) +1/+1 counters on it" (614.1c) and "If ~ would die, exile it instead" (614.1a).
    Returns (the other effects, the replacements)."""
    rest: list = []
    out: list = []
    for e in effects:
        if isinstance(e, Effect) and e.subject == Obj("self") and e.duration is None and \
                e.verb == "enters tapped" and not e.extra and e.object is None:
            out.append(C.EntersTapped())
        elif isinstance(e, Effect) and e.subject == Obj("self") and e.duration is None and \
                e.verb == "enters with counters" and e.extra == (("kind", "+1/+1"),) and \
                e.amount is not None and e.object is None and \
                (e.amount.value is not None or (e.amount.expr == "X" and x)):
            out.append(C.EntersWithCounters(e.amount.value if e.amount.value is not None else "X"))
        elif isinstance(e, Effect) and e.verb == "exile instead of dying" and e.subject is None \
                and e.object == Obj("self") and not e.extra and e.duration is None:
            out.append(C.DiesExileInstead())                 # 614.1a
        else:
            rest.append(e)
    return tuple(rest), out


_ZONE_PROPS = {"other": "another", "nontoken": "nontoken", "you control": "you control",
               "an opponent controls": "an opponent controls",
               "your opponents control": "an opponent controls"}
"""Words of a zone-change trigger's subject ("another nontoken creature you control")."""


def _zone_subject(obj: Obj, extra: tuple) -> str:
    """The ZoneChangeTrigger subject of "Whenever <obj> dies / enters [under your
    control]": "~ or another creature" is "a creature" (the source is one, 603.10a)."""
    f = obj.filter
    if obj.kind not in ("a", "self or another") or f is None or len(f.types) != 1 or \
            obj.count is not None or any(p not in _ZONE_PROPS for p in f.props):
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}")
    props = [_ZONE_PROPS[p] for p in f.props]
    if obj.kind == "self or another" and "another" in props:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}")
    control = dict(extra).get("control")
    if set(k for k, _ in extra) - {"control"} or control not in (None, "you", "an opponent"):
        raise Inexpressible(f"trigger: zone change of {obj.phrase()} ({extra})")
    whose = [p for p in props if p.endswith("control") or p.endswith("controls")]
    if control is not None:
        whose.append("you control" if control == "you" else "an opponent controls")
    if len(whose) > 1:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()} (whose)")
    words = ["another" if "another" in props else "a"]
    if "nontoken" in props:
        words.append("nontoken")
    words.append(f.types[0])
    words.extend(whose)
    subject = " ".join(words)
    try:
        _parse_subject(subject)
    except _CardScriptError:
        raise Inexpressible(f"trigger: zone change of {obj.phrase()}") from None
    return subject


_SELF_ZONE_EVENTS = {"dies": "dies", "leaves": "leaves the battlefield"}
"""Zone-change events of the card itself (603.6c, 700.4) -> ``TriggeredAbility(at=...)``."""


def lower_zone_trigger(ab: Triggered) -> C.TriggeredAbility | None:
    """"When ~ dies / leaves the battlefield / is put into a graveyard from the
    battlefield" and "Whenever a [another] <type> [you control] dies / enters", or None
    when the trigger is none of these (603.6, 603.10a).  The ability of a permanent that
    has left acts from where it went: only "return ~ to its owner's hand" after it died
    names the card (400.7: found in the graveyard); any other effect on ~ is refused."""
    t = ab.trigger
    if ab.condition is not None or ab.limit is not None:
        return None
    ctx = Ctx("triggered")
    if t.subject == Obj("self") and t.event in _SELF_ZONE_EVENTS and not t.extra:
        at = _SELF_ZONE_EVENTS[t.event]
        ctx.last = "self"
        ctx.event = at
        body = R.EFFECT_SEQUENCES(ab.effects, ctx)
        out = []
        for eff in body:
            if isinstance(eff, C.ReturnToHand) and eff.who == "self" and at == "dies":
                eff = C.ReturnSelfFromGraveyard()          # 400.7, 603.6c (Rancor)
            out.append(eff)
        if any(getattr(eff, "who", None) == "self" for eff in _walk_effects(out)):
            raise Inexpressible(f"effect on ~ after it {t.event}")
        return C.TriggeredAbility(at, *out, targets=tuple(ctx.targets))
    if t.event in ("dies", "enters") and t.subject is not None and t.subject != Obj("self") \
            and t.subject.kind in ("a", "self or another"):
        subject_words = _zone_subject(t.subject, t.extra)
        ctx.event = f"zone {t.event}"
        body = R.EFFECT_SEQUENCES(ab.effects, ctx)
        return C.ZoneChangeTrigger(t.event, subject_words, *body, targets=tuple(ctx.targets))
    return None


def _rewrite_zone(effects: tuple) -> tuple:
    """"Destroy <it / all ...>. <It / They> can't be regenerated." is one instruction
    (701.19c)."""
    out = list(effects)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if isinstance(a, Effect) and isinstance(b, Effect) and a.verb == "destroy" and \
                not a.extra and b.verb == "can't be regenerated" and not b.extra and \
                b.object in (Obj("they"), Obj("it")) and b.subject is None:
            out[i:i + 2] = [Effect("destroy no regeneration", a.subject, a.object)]
            return _rewrite_zone(tuple(out))
    return tuple(out)


def _destroy_no_regeneration(e: Effect, ctx: Ctx) -> list:
    out = []
    for eff in _destroy(Effect("destroy", e.subject, e.object), ctx):
        out.append(C.DestroyAllNoRegenerate(eff.who, eff.types) if isinstance(eff, C.DestroyAll)
                   else C.DestroyNoRegenerate(eff.who))
    return out


def _this_turn(e: Effect) -> None:
    if e.duration != "this turn" or e.subject is not None:
        raise Inexpressible(f"effect: {e.verb} ({e.duration})")


def _prevent_all_combat_damage(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)
    return [C.PreventAllCombatDamage()]                 # 615.1 (Fog)


def _prevent_next_damage(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)                                       # 615.7: a prevention shield
    return [C.PreventNextDamage(ref(e.object, ctx, "any"), amount_x(e.amount, "damage", ctx))]


def _prevent_damage_to(e: Effect, ctx: Ctx) -> list:
    _this_turn(e)
    return [C.PreventAllDamageTo(ref(e.object, ctx, "any"))]


def _return_to_battlefield(e: Effect, ctx: Ctx) -> list:
    """"Return target creature card from your graveyard to the battlefield" (400.7)."""
    _by_you(e, ctx)
    o = e.object
    if e.extra or o is None or o.kind != "target" or \
            o.filter != Filter(("creature card",), ("from your graveyard",)):
        raise Inexpressible("effect: return to battlefield" +
                            (f" ({o.phrase()})" if o is not None else ""))
    return [C.ReturnToBattlefield(ctx.target("creature card in your graveyard", o))]


EFFECTS.update({
    "destroy no regeneration": _destroy_no_regeneration,          # 701.19c
    "prevent all combat damage": _prevent_all_combat_damage,      # 615.1
    "prevent next damage": _prevent_next_damage,                  # 615.7
    "prevent damage to": _prevent_damage_to,                      # 615.1
    "return to battlefield": _return_to_battlefield,              # 400.7
})


# --- choices made while resolving, counts and intervening "if" (mtg_core.cards.effects.choices) ---------
# scry (701.22), surveil (701.25), "look at the top N cards", chosen discards (701.8), tap
# (701.26), "you may ... If you do" (608.2d), "for each" (608.2h), intervening "if" (603.4).

def _scry(e: Effect, ctx: Ctx) -> list:
    if e.subject not in (Obj("you"), IMPLIED_YOU) or e.object is not None or e.extra:
        raise Inexpressible(f"effect: {e.verb}")
    n = literal(e.amount, e.verb)
    return [C.Scry(n) if e.verb == "scry" else C.Surveil(n)]


IMPLIED_YOU = Obj("you (implied)")


def _chosen_discard(e: Effect, ctx: Ctx) -> list:
    """"<player> discards N cards" (701.8a): that player chooses them."""
    who = subject(e, ctx, "player")
    if who not in ("you", "target", "target2", "each opponent", "each player", "that player"):
        raise Inexpressible("effect: discard")
    return [C.Discard(who, literal(e.amount, "cards discarded"))]


def _tap_target(e: Effect, ctx: Ctx) -> list:
    """"Tap target creature / permanent / ..." (701.26a)."""
    return [C.Tap(_permanent(e.object, ctx))]


_LOOK_TYPES = {("instant card", "sorcery card"): ("Instant", "Sorcery"),
               ("creature card",): ("Creature",), ("land card",): ("Land",),
               ("artifact card",): ("Artifact",), ("enchantment card",): ("Enchantment",)}
_LOOK_WORDS = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery")
for _n in (2, 3):                                  # Oracle lists them in alphabetical order
    for _combo in itertools.combinations(_LOOK_WORDS, _n):
        _LOOK_TYPES.setdefault(tuple(w + " card" for w in _combo),
                               tuple(w.capitalize() for w in _combo))
_LOOK_TYPES.setdefault(("permanent card",), ("Artifact", "Creature", "Land", "Enchantment",
                                             "Planeswalker", "Battle"))      # 110.4


@R.LOOKS.layer(R.BASE)
def _look_at_top(e: Any, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"Look at the top N cards of your library. Put one of them into your hand and the
    rest on the bottom of your library in any order" / "... You may reveal a [type] card
    from among them and put it into your hand. Put the rest on the bottom ..." (Augur of
    Bolas).  Returns (effect, effects consumed after ``e``) or None."""
    if not (isinstance(e, Effect) and e.verb == "look at"):
        return None
    o = e.object
    if e.subject != Obj("you") or e.extra or o is None or o.kind != "top of library" or \
            o.filter != Filter(("card",), ("your library",)) or o.count is None or \
            o.count.value is None or len(effects) < i + 2:
        raise Inexpressible("effect: look at")
    take, rest = effects[i], effects[i + 1]
    bottom = (isinstance(rest, Effect) and rest.subject == Obj("you") and
              ((rest.verb == "put rest" and rest.extra == (("where", "bottom"),)) or
               (rest.verb == "put on bottom" and rest.object == Obj("the rest") and
                rest.extra == (("order", "any"),))))
    if not bottom:
        raise Inexpressible("effect: look at")
    if isinstance(take, Effect) and take.verb == "put into hand" and take.subject == Obj("you") \
            and not take.extra and take.object == Obj("a", Filter(("card",), ("of them",)), Amount(1)):
        return C.LookAtTop(o.count.value), 2
    if isinstance(take, Modified) and take.how == "may" and take.detail is None and \
            len(take.effects) == 2:
        reveal, put = take.effects
        if isinstance(reveal, Effect) and reveal.verb == "reveal" and reveal.subject == Obj("you") \
                and reveal.extra == (("among", "them"),) and reveal.object is not None and \
                reveal.object.kind == "a" and reveal.object.count is None and \
                reveal.object.filter is not None and not reveal.object.filter.props and \
                reveal.object.filter.types in _LOOK_TYPES and isinstance(put, Effect) and \
                put.verb == "put into hand" and put.subject == Obj("you") and not put.extra and \
                put.object == Obj("it"):
            return C.LookAtTop(o.count.value, _LOOK_TYPES[reveal.object.filter.types]), 2
    raise Inexpressible("effect: look at")


# "you may X. If you do, Y": only where X surely happens or the core checks it can (a
# discard needs a card in hand), so that "if you do" means what the card says.
_MAY_IF_YOU_DO = ("draw", "discard", "gain life", "lose life", "mill", "scry", "surveil")


def _count_words(detail: Any) -> str:
    """A "for each" / "you control" noun phrase as the words of a choices.Count."""
    if not isinstance(detail, Obj) or detail.filter is None or detail.count is not None or \
            detail.kind not in ("each", "a", "an", "another") or len(detail.filter.props) != 1:
        raise Inexpressible("modifier: for each")
    words = " or ".join(detail.filter.types) + " " + detail.filter.props[0]
    if detail.kind == "another":
        words = "other " + words
    try:
        C.Count(words).lower()
    except C.CardScriptError:
        raise Inexpressible("modifier: for each") from None
    return words


@R.MODIFIERS.layer(R.BASE)
def _choice_modifier(m: Modified, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"you may" (+ "if you do") and "for each": (effect, effects consumed after ``m``)."""
    if m.how == "may" and m.detail is None and m.effects:
        body = R.EFFECT_SEQUENCES(m.effects, ctx)
        if any(e.subject != Obj("you") for e in m.effects if isinstance(e, Effect)) or \
                not all(isinstance(e, Effect) for e in m.effects):
            raise Inexpressible("modifier: may")
        used = 0
        if i < len(effects) and isinstance(effects[i], Modified) and effects[i].how == "if you do":
            first = m.effects[0]
            if first.verb not in _MAY_IF_YOU_DO or effects[i].detail is not None:
                raise Inexpressible("modifier: if you do")
            body += R.EFFECT_SEQUENCES(effects[i].effects, ctx)
            used = 1
        try:
            return C.May(*body), used
        except C.CardScriptError:
            raise Inexpressible("modifier: may") from None
    if m.how == "for each" and len(m.effects) == 1 and isinstance(m.effects[0], Effect) and \
            m.effects[0].verb in ("damage", "draw", "gain life", "lose life", "pump"):
        words = _count_words(m.detail)
        inner = R.EFFECT_SEQUENCES(m.effects, ctx)
        if len(inner) != 1:
            raise Inexpressible("modifier: for each")
        return _for_each(words, inner[0], "modifier: for each"), 0
    if m.how == "if" and m.effects:
        try:
            cond = R.CONDITIONS(m.detail)
        except Inexpressible:
            return None
        return C.If(cond, *R.EFFECT_SEQUENCES(m.effects, ctx)), 0
    if m.how == "where X is" and isinstance(m.detail, str) and m.detail.startswith("the number of "):
        words = m.detail[len("the number of "):]
        try:
            C.Count(words).lower()
        except C.CardScriptError:
            raise Inexpressible("modifier: where X is") from None
        body = []
        for e in m.effects:
            if not isinstance(e, Effect):
                raise Inexpressible("modifier: where X is")
            if e.amount == Amount(None, "X") and e.verb in ("damage", "draw", "gain life", "lose life"):
                (one,) = R.EFFECT_SEQUENCES((dataclasses.replace(e, amount=Amount(1)),), ctx)
                body.append(_for_each(words, one, "modifier: where X is"))
            elif e.amount is not None and e.amount.expr is not None:
                raise Inexpressible("modifier: where X is")
            else:
                body += R.EFFECT_SEQUENCES((e,), ctx)
        return body, 0
    return None


def _for_each(words: str, effect: Any, feature: str) -> "C.ForEach":
    fe = C.ForEach(words, effect)
    try:
        fe.compile()
    except C.CardScriptError:
        raise Inexpressible(feature) from None
    return fe


@R.CONDITIONS.layer(R.BASE)
def _condition(cond: Any) -> "C.Condition":
    """An intervening "if" (603.4) the core checks: "if you control a/an/another [type]",
    "if you control N or more [type]s" (metalcraft)."""
    if isinstance(cond, tuple) and len(cond) == 2 and cond[0] == "you control" and \
            isinstance(cond[1], Obj) and cond[1].kind in ("a", "an", "another") and \
            cond[1].filter is not None and not cond[1].filter.props and cond[1].count is None:
        o = cond[1]
        return C.AtLeast(_count_words(Obj(o.kind, Filter(o.filter.types, ("you control",)))), 1)
    if isinstance(cond, tuple) and len(cond) == 2 and cond[0] == "control at least" and \
            isinstance(cond[1], tuple) and len(cond[1]) == 2:
        n, f = cond[1]
        if isinstance(n, Amount) and n.value is not None and isinstance(f, Filter) and not f.props:
            return C.AtLeast(_count_words(Obj("each", Filter(f.types, ("you control",)))), n.value)
    if cond == ("no cards in hand", None):                      # "if you have no cards in hand"
        return C.AtMost("card in your hand", 0)
    raise Inexpressible("intervening if clause")


@R.INTERVENING_IFS.layer(R.BASE)
def _intervening_if(ab: Triggered) -> C.TriggeredAbility:
    """603.4: "When/Whenever <event>, if <condition>, <effects>"."""
    cond = R.CONDITIONS(ab.condition)
    plain = R.TRIGGERED(Triggered(ab.trigger, ab.effects, None, ab.limit))
    if type(plain) is not C.TriggeredAbility:
        # the trigger's own kind and subject stay ("Whenever a nontoken creature enters, if
        # ..."; it was once read as ~'s own "enters" trigger before)
        import copy
        out = copy.copy(plain)
        object.__setattr__(out, "effects", (C.InterveningIf(cond, *plain.effects),))
        return out
    return C.TriggeredAbility(plain.at, C.InterveningIf(cond, *plain.effects), whose=plain.whose,
                              targets=plain.targets, spell=plain.spell)


EFFECTS.update({"scry": _scry, "surveil": _scry})


# --- costs of activated and mana abilities (118.3, 605.1a), library searches
# (701.19), ward (702.21a) ----------------------------------------------------------------------

_COST_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker")


@R.COSTS.layer(R.BASE)
def _other_cost_text(c: Cost) -> str | None:
    """A cost other than mana, {T} and "Sacrifice ~" in the language's words, or None."""
    n = c.amount.value if c.amount is not None and c.amount.expr is None else None
    o = c.object
    if c.kind == "sacrifice" and isinstance(o, Obj) and o.kind == "a" and o.filter is not None \
            and o.count is None and len(o.filter.types) == 1 and o.filter.types[0] in _COST_TYPES \
            and o.filter.props in ((), ("other",)):
        t = o.filter.types[0]
        return f"Sacrifice {'another' if o.filter.props else ('an' if t[0] in 'aeiou' else 'a')} {t}"
    if c.kind == "discard" and o is None and n == 1 and c.detail is None:
        return "Discard a card"
    if c.kind == "pay life" and isinstance(n, int) and n > 0:
        return f"Pay {n} life"
    if c.kind == "remove counters" and o == Obj("self") and isinstance(n, int) and 1 <= n <= 255 \
            and c.detail in ("+1/+1", "-1/-1"):
        return f"Remove {n} {c.detail} counter{'s' if n > 1 else ''} from ~"
    if c.kind == "tap other" and isinstance(o, Obj) and o.kind == "a" and o.filter is not None \
            and o.count is None and o.filter.types in (("creature",), ("artifact",)) and \
            set(o.filter.props) in ({"untapped", "you control"}, {"untapped", "you control", "other"}):
        return (f"Tap {'another' if 'other' in o.filter.props else 'an'} untapped "
                f"{o.filter.types[0]} you control")
    if c.kind == "untap" and o is None:
        return "{Q}"                                                   # 107.6
    return _costs.cost_text(c)                  # costs.py: subtypes, counts, cards


def _mana_ability_cost(costs) -> str:
    """605.1a: a mana ability's cost other than {T}: mana, {T}/{Q}, "Pay N life", "Sacrifice
    ~", counters -- not a choice of what to sacrifice, tap or discard."""
    try:
        cost = _cost_text(costs)
    except Inexpressible:
        raise Inexpressible("mana ability with a cost other than {T}") from None
    try:
        ac = C.parse_activation_cost(cost)
    except C.CardScriptError:
        raise Inexpressible("mana ability with a cost other than {T}") from None
    if ac.sacrifice or ac.tap or ac.flags & _TS["COST_DISCARD"]:
        raise Inexpressible("mana ability with a cost other than {T}")
    return cost


_SEARCH_TYPES = {"card": "card", "creature card": "creature", "land card": "land",
                 "artifact card": "artifact", "enchantment card": "enchantment",
                 "instant card": "instant", "sorcery card": "sorcery",
                 "planeswalker card": "planeswalker"}
_IT = (Obj("it"), Obj("that", Filter(("card",))))


@R.SEARCHES.layer(R.BASE)
def _search_library(effects: tuple, ctx: Ctx, may: bool, required: bool = False) -> C.Effect | None:
    """"[you may] search your library for a <quality> card, [reveal it,] put it into your
    hand / onto the battlefield [tapped], then shuffle" (701.19) as SearchLibrary; None if
    the effects aren't that (``required``: Inexpressible instead).  "You may ... put it onto
    the battlefield" is SearchForBasicLand's (_may_search_basic_land)."""
    def no() -> None:
        if required:
            raise Inexpressible("effect: search")
        return None
    effects = tuple(effects)
    if not effects or not all(isinstance(x, Effect) for x in effects):
        return no()
    search, rest = effects[0], list(effects[1:])
    reveal = bool(rest) and rest[0].verb == "reveal"
    if reveal:
        if rest[0].object not in _IT or rest[0].subject != Obj("you") or rest[0].extra:
            return no()
        rest = rest[1:]
    if len(rest) != 2 or search.verb != "search" or search.subject != Obj("you") or \
            search.get("library") not in (None, "your") or \
            set(k for k, _ in search.extra) - {"library"}:
        return no()
    put, shuffle = rest
    if put.subject != Obj("you") or put.object not in _IT or shuffle.verb != "shuffle" or \
            shuffle.subject != Obj("you") or shuffle.extra:
        return no()
    o = search.object
    quality = _costs.search_subtypes(o)         # costs.py: "a Mountain or Plains card"
    if quality is None and not (
            isinstance(o, Obj) and o.kind == "a" and o.count is None and o.filter is not None
            and len(o.filter.types) == 1 and o.filter.types[0] in _SEARCH_TYPES
            and o.filter.props in ((), ("basic",))):
        return no()
    if quality is None:
        quality = ("basic " if o.filter.props else "") + _SEARCH_TYPES[o.filter.types[0]]
    if put.verb == "put into hand" and not put.extra:
        return C.SearchLibrary(quality, "you", to="hand", reveal=reveal, may=may)
    if put.verb == "put onto battlefield" and not reveal and not may and \
            put.extra in ((), (("tapped", "tapped"),)) and quality != "card" and \
            _costs.search_onto_battlefield_ok(quality):
        return C.SearchLibrary(quality, "you", to="battlefield", tapped=bool(put.extra), may=False)
    return no()


def _ward(param: Any) -> C.TriggeredAbility:
    """702.21a: "Ward {N}" / "Ward—Pay N life"."""
    if isinstance(param, str) and re.fullmatch(r"\{\d+\}", param) and param != "{0}":
        return C.Ward(param)
    if isinstance(param, tuple) and len(param) == 1 and isinstance(param[0], Cost) and \
            param[0].kind == "pay life" and param[0].amount is not None and \
            isinstance(param[0].amount.value, int) and param[0].amount.value > 0:
        return C.Ward(f"Pay {param[0].amount.value} life")
    raise UnsupportedKeyword("keyword: ward", "ward")
