"""Lowering parse trees to card-script objects (:mod:`mtg_core.cards`).

Only what the card language can express today is lowered; anything else raises
:class:`Inexpressible` naming the missing *feature* ("effect: exile", "trigger: dies",
"target: nonblack creature", ...), which is the to-do list of the language.  The mapping is
table-driven: one entry in :data:`EFFECTS` per effect verb, so a new effect class in
:mod:`mtg_core.cards` is one new entry here.  Target kinds, keywords, steps and counter
kinds are looked up in the language's own tables (``cards.TARGETS``, ``cards.KEYWORD_BITS``,
...), so they grow with it.

>>> from mtg_core.oracle.grammar import sentence
>>> spell = lower_spell(sentence("~ deals 3 damage to any target"))
>>> spell.effects, spell.targets
((Damage(who='target', amount=3),), ('any',))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .. import cards as C
from .nodes import (Activated, Amount, Cost, Effect, Filter, Keyword, Modal, Modified, Obj,
                    Triggered)

_TS = C._C


class Inexpressible(Exception):
    """The text parsed, but the card language can't say it yet.  ``feature`` names
    what is missing (a short, groupable phrase); ``phrase`` the text involved."""

    def __init__(self, feature: str, phrase: str = ""):
        self.feature = feature
        self.phrase = phrase
        super().__init__(feature + (f" ({phrase})" if phrase else ""))


class UnsupportedKeyword(Inexpressible):
    """A keyword ability the grammar knows but the card language doesn't have yet."""


# --- references -------------------------------------------------------------------------------

@dataclass
class Ctx:
    """What lowering one ability has seen: its targets (in order) and what "it" names."""
    kind: str                                   # "spell", "activated", "triggered", "delayed"
    targets: list[str] = field(default_factory=list)
    last: str | None = None                     # the reference "it" stands for
    last_player: str | None = None              # the reference "that player" stands for
    last_subject: str | None = None             # the subject of the effect before
    sorcery: bool = False                       # a sorcery's spell ability

    def target(self, spec: str, obj: Obj) -> str:
        if obj.count is not None or obj.up_to:
            raise Inexpressible("several targets in one phrase", obj.phrase())
        if spec not in C.TARGETS:
            raise Inexpressible(f"target: {spec}", obj.phrase())
        if len(self.targets) >= 2:
            raise Inexpressible("more than two targets", obj.phrase())
        self.targets.append(spec)
        return "target" if len(self.targets) == 1 else "target2"


def _is_player_spec(spec: str) -> bool:
    return C.TARGETS[spec] & _TS["TS_PLAYER"] != 0 and \
        C.TARGETS[spec] & ~(_TS["TS_PLAYER"] | _TS["TS_OPPONENT"]) == 0


def _is_object_spec(spec: str) -> bool:
    return C.TARGETS[spec] & _TS["TS_PLAYER"] == 0


_CREATURE_GROUPS = {(): "each creature", ("you control",): "creatures you control",
                    ("your opponents control",): "creatures your opponents control",
                    ("attacking",): "attacking creatures", ("blocking",): "blocking creatures"}
"""Filters of "each creature" / "creatures you control" / ... -> the language's group
references (608.2h, 611.2c)."""


def ref(obj: Obj | None, ctx: Ctx, want: str) -> str:
    """The language's reference (``cards.REFS`` key) for a noun phrase.  ``want`` is
    "player" (players only), "object" (permanents only) or "any"."""
    if obj is None:
        raise Inexpressible("missing reference")
    if obj.kind == "same":
        if ctx.last_subject is None:
            raise Inexpressible("reference: shared subject", "")
        r = ctx.last_subject
    elif obj.kind == "you":
        r = "you"
    elif obj.kind == "self":
        if ctx.kind == "spell":
            raise Inexpressible("a spell referring to itself", "~")
        r = "self"
        ctx.last = r
    elif obj.kind == "it":
        if ctx.last is None:
            raise Inexpressible("reference: it (no antecedent)", "it")
        r = ctx.last
    elif obj.kind == "that player":
        if ctx.last_player is None:
            raise Inexpressible("reference: that player", "that player")
        r = ctx.last_player
    elif obj.kind == "target" and obj.filter is not None:
        spec = obj.filter.phrase()
        r = ctx.target(spec, obj)
        if want == "player" and not _is_player_spec(spec):
            raise Inexpressible(f"target: {spec} (a player is needed)", obj.phrase())
        if want == "object" and not _is_object_spec(spec):
            raise Inexpressible(f"target: {spec} (a permanent is needed)", obj.phrase())
        if _is_player_spec(spec):
            ctx.last_player = r
        else:
            ctx.last = r
        return r
    elif obj.kind == "each" and obj.filter == Filter(("opponent",)):
        r = "each opponent"
    elif obj.kind == "each" and obj.filter == Filter(("player",)):
        r = "each player"
    elif obj.kind in ("each", "all") and obj.filter is not None and \
            obj.filter.types == ("creature",) and obj.filter.props in _CREATURE_GROUPS:
        r = _CREATURE_GROUPS[obj.filter.props]
        if want == "player":
            raise Inexpressible(f"reference: {obj.phrase()} (a player is needed)", obj.phrase())
        ctx.last = r
        return r
    else:
        raise Inexpressible(f"reference: {obj.phrase()}", obj.phrase())
    if r in ("you", "each opponent", "each player") and want == "object":
        raise Inexpressible(f"reference: {obj.phrase()} (a permanent is needed)", obj.phrase())
    if r == "self" and want == "player":
        raise Inexpressible("reference: ~ (a player is needed)", "~")
    return r


def subject(e: Effect, ctx: Ctx, want: str) -> str:
    """The reference of an effect's subject (remembered for a following "and loses ...")."""
    r = ref(e.subject, ctx, want)
    ctx.last_subject = r
    return r


def literal(amount: Amount | None, what: str) -> int:
    if amount is None or amount.value is None:
        raise Inexpressible(f"variable amount ({what})", str(amount))
    return amount.value


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    if "X" in text:
        raise Inexpressible("variable amount (+X/+X)", text)
    return int(p), int(t)


def _duration(d: str | None) -> str:
    table = {"end of turn": "end of turn", "end of combat": "end of combat",
             "your next turn": "your next turn"}
    if d not in table or table[d] not in C.DURATIONS:
        raise Inexpressible(f"duration: {d or 'none'}", d or "")
    return table[d]


def _keywords(kws: tuple[Keyword, ...]) -> tuple[str, ...]:
    out = []
    for k in kws:
        if k.param is not None or k.name not in C.KEYWORD_BITS:
            raise UnsupportedKeyword(f"keyword: {k.name}", k.name)
        out.append(k.name)
    return tuple(out)


# --- effects: one entry per verb ------------------------------------------------------------------

def _damage(e: Effect, ctx: Ctx) -> list:
    if e.get("divided"):
        raise Inexpressible("divided damage")
    src = e.subject
    if src is None or src.kind not in ("self", "it") or \
            (src.kind == "it" and ctx.last != "self"):
        raise Inexpressible("damage dealt by another source", src.phrase() if src else "")
    n = literal(e.amount, "damage")
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


def _player_amount(cls: Callable, what: str) -> Callable:
    def lower(e: Effect, ctx: Ctx) -> list:
        return [cls(subject(e, ctx, "player"), literal(e.amount, what))]
    return lower


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
    return [C.Destroy(ref(e.object, ctx, "object"))]


def _untap(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    return [C.Untap(ref(e.object, ctx, "object"))]


def _sacrifice(e: Effect, ctx: Ctx) -> list:
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


def _extra_turn(e: Effect, ctx: Ctx) -> list:
    return [C.ExtraTurn(subject(e, ctx, "player"))]


def _skip_next_step(e: Effect, ctx: Ctx) -> list:
    step = e.get("step")
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
    "draw": _player_amount(C.Draw, "cards drawn"),
    "gain life": _player_amount(C.GainLife, "life gained"),
    "lose life": _player_amount(C.LoseLife, "life lost"),
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
}
"""Effect verb -> lowering function (effect node, context) -> card-script effects."""


def _rewrite(effects: tuple) -> tuple:
    """Effect sequences the language has one instruction for (Sleep's two sentences)."""
    out = list(effects)
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


def lower_effects(effects: tuple, ctx: Ctx) -> list:
    """Lower a sequence of effect nodes (608.2c: in the order written)."""
    out: list = []
    for e in _rewrite(effects):
        if isinstance(e, Modal):
            raise Inexpressible("modes (choose one —)")
        if isinstance(e, Modified):
            if e.how == "delayed" and e.detail in ("end", "upkeep") and ctx.kind != "delayed":
                inner = Ctx("delayed", ctx.targets, ctx.last, ctx.last_player, ctx.sorcery)
                body = lower_effects(e.effects, inner)
                out.append(C.AtBeginningOfNext(e.detail, tuple(body)))
                continue
            raise Inexpressible(f"modifier: {e.how}")
        fn = EFFECTS.get(e.verb)
        if fn is None:
            raise Inexpressible(f"effect: {e.get('what') if e.verb == 'restriction' else e.verb}")
        out.extend(fn(e, ctx))
    if not out:
        raise Inexpressible("no effect")
    return out


def lower_spell(effects: tuple, sorcery: bool = False) -> C.SpellAbility:
    """The spell ability of an instant or sorcery."""
    ctx = Ctx("spell", sorcery=sorcery)
    body = lower_effects(effects, ctx)
    return C.SpellAbility(*body, targets=tuple(ctx.targets))


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


_TIMING = {"as a sorcery": "sorcery", "during your upkeep": "your upkeep"}


def _mana_ability(ab: Activated) -> C.ManaAbility | None:
    """``{T}: Add ...`` with nothing else, as the language's mana ability (605.1a)."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], Effect) or \
            ab.effects[0].verb != "add mana":
        return None
    if tuple(c.kind for c in ab.costs) != ("tap",):
        raise Inexpressible("mana ability with a cost other than {T}")
    if ab.restrictions:
        raise Inexpressible("mana ability with activation instructions")
    how, what = ab.effects[0].get("mana")
    if how == "any color" and what == "1":
        return C.ManaAbility("WUBRG")
    syms = [s.strip("{}") for s in what.replace("}{", "}|{").split("|")] if how != "any color" else []
    if any(s not in C.COLOR_INDEX for s in syms):
        raise Inexpressible("mana ability: " + how, what)
    if how == "exactly" and len(set(syms)) == 1:
        return C.ManaAbility(syms[0], len(syms))
    if how == "one of" and len(set(syms)) == len(syms):
        return C.ManaAbility("".join(syms))
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
    body = lower_effects(ab.effects, ctx)
    return C.LoyaltyAbility(ab.costs[0].detail, *body, targets=tuple(ctx.targets))


def lower_activated(ab: Activated) -> C.Ability:
    mana = _mana_ability(ab)
    if mana is not None:
        return mana
    loyalty = _loyalty_ability(ab)
    if loyalty is not None:
        return loyalty
    cost = _cost_text(ab.costs)
    timing = "instant"
    if ab.restrictions:
        if len(ab.restrictions) > 1 or ab.restrictions[0] not in _TIMING:
            raise Inexpressible(f"activation instruction: {ab.restrictions[0]}")
        timing = _TIMING[ab.restrictions[0]]
    ctx = Ctx("activated")
    body = lower_effects(ab.effects, ctx)
    return C.ActivatedAbility(cost, *body, targets=tuple(ctx.targets), timing=timing)


SELF_TRIGGERS: dict[str, str] = {"enters": "enters"}
"""Trigger events of the card itself ("When ~ enters") -> ``TriggeredAbility(at=...)``."""


def lower_triggered(ab: Triggered) -> C.TriggeredAbility:
    if ab.condition is not None:
        raise Inexpressible("intervening if clause")
    if ab.limit is not None:
        raise Inexpressible("trigger limit: " + ab.limit)
    t = ab.trigger
    ctx = Ctx("triggered")
    if t.event in SELF_TRIGGERS and t.subject == Obj("self") and not t.extra:
        at, whose = SELF_TRIGGERS[t.event], "your"
        ctx.last = "self"
    elif t.event == "beginning of step":
        at, whose = t.get("step"), t.get("whose")
        if at not in C.STEPS or at == "main":
            raise Inexpressible(f"trigger: beginning of {at}")
        if whose not in C.WHOSE:
            raise Inexpressible(f"trigger: beginning of {whose} {at}")
    else:
        raise Inexpressible(f"trigger: {t.event}" + ("" if t.subject in (None, Obj("self"))
                                                     else f" ({t.subject.phrase()})"))
    body = lower_effects(ab.effects, ctx)
    return C.TriggeredAbility(at, *body, whose=whose, targets=tuple(ctx.targets))


@dataclass
class Statics:
    """What static abilities set on a card (its fields other than ``abilities``)."""
    keywords: list[str] = field(default_factory=list)
    attached_bonus: tuple[int, int] | None = None
    attached_keywords: tuple[str, ...] | None = None
    static: str | None = None


_STATIC_STEPS = {"upkeep": "players skip their upkeep steps",
                 "untap": "players skip their untap steps"}


def lower_static(effects: tuple, out: Statics, attach_kind: str | None) -> None:
    """Static abilities the language has as card fields (604): "doesn't untap", the
    Aura/Equipment bonus, the skip-step statics."""
    previous = None
    for e in effects:
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
        elif e.verb == "skip steps" and e.get("step") in _STATIC_STEPS and out.static is None \
                and _STATIC_STEPS[e.get("step")] in C.STATICS:
            out.static = _STATIC_STEPS[e.get("step")]
        elif e.verb == "pump" and attached and e.duration is None and out.attached_bonus is None:
            out.attached_bonus = _pt(e.get("pt"))
        elif e.verb == "has keywords" and attached and out.attached_keywords is None:
            out.attached_keywords = _keywords(e.get("keywords"))
        else:
            what = e.get("what") if e.verb == "restriction" else e.verb
            who = e.subject.phrase() if e.subject is not None else ""
            raise Inexpressible(f"static: {what}" + (f" ({who})" if who in ("~",) else ""))


def lower_keyword(k: Keyword, is_equipment: bool, is_aura: bool) -> tuple[str, Any]:
    """A keyword ability as ("keyword", name), ("enchant", kind) or ("ability", ability)."""
    if k.param is None and k.name in C.KEYWORD_BITS:
        return "keyword", k.name
    if k.name == "enchant" and is_aura and isinstance(k.param, str) and \
            k.param in C.TARGETS and _is_object_spec(k.param):
        return "enchant", k.param
    if k.name == "equip" and is_equipment and isinstance(k.param, str):
        # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
        # only as a sorcery."
        cost = _cost_text((_mana_cost_node(k.param),))
        return "ability", C.ActivatedAbility(cost, C.Attach("target"),
                                             targets=("creature you control",), timing="sorcery")
    raise UnsupportedKeyword(f"keyword: {k.name}", k.name)


def _mana_cost_node(text: str) -> Cost:
    return Cost("mana", mana=text)
