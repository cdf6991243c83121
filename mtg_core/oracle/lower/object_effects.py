"""Effects on objects: permanents -- destroying (701.7, and "can't be regenerated",
701.19c), tapping and untapping (701.26; "doesn't untap during its controller's next
untap step", 502.3), sacrificing (701.21), counters (122), returning to the hand (400.7),
exiling (406.3), regenerating (701.19), returning a card from the graveyard to the
battlefield -- and spells: countering (701.5).

Each is an entry of :data:`.verbs.EFFECTS` (:mod:`.moves` reads more forms of some).
"""
from __future__ import annotations

from ... import cards as C
from . import costs as _costs
from . import registry as R
from ..nodes import Effect, Filter, Obj
from .context import (Ctx, Inexpressible, _by_you, _permanent, _spell_target, literal, ref,
                      subject)


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


def _destroy(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    if e.object is not None and e.object.kind == "all":
        return _destroy_all(e, ctx)
    r = ref(e.object, ctx, "object")
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.Destroy(r)]


def _destroy_no_regeneration(e: Effect, ctx: Ctx) -> list:
    out = []
    for eff in _destroy(Effect("destroy", e.subject, e.object), ctx):
        out.append(C.DestroyAllNoRegenerate(eff.who, eff.types) if isinstance(eff, C.DestroyAll)
                   else C.DestroyNoRegenerate(eff.who))
    return out


def _untap(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    return [C.Untap(ref(e.object, ctx, "object"))]


def _doesnt_untap_next(e: Effect, ctx: Ctx) -> list:
    """"<permanent> doesn't untap during its controller's next untap step" (502.2)."""
    if e.get("whose") != "its controller's":
        raise Inexpressible(f"effect: doesn't untap during {e.get('whose')} next untap step")
    return [C.DoesntUntapNextUntapStep(subject(e, ctx, "object"))]


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


def _tap_target(e: Effect, ctx: Ctx) -> list:
    """"Tap target creature / permanent / ..." (701.26a)."""
    return [C.Tap(_permanent(e.object, ctx))]


def _tap_and_freeze(e: Effect, ctx: Ctx) -> list:
    return [C.TapAndFreezeCreatures(subject(e, ctx, "player"))]


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


def _counter(e: Effect, ctx: Ctx) -> list:
    """Counter target spell (701.5a)."""
    _by_you(e, ctx)
    r = _spell_target(e.object, ctx)
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.Counter(r)]


def _bounce(e: Effect, ctx: Ctx) -> list:
    """Return a permanent to its owner's hand (400.7; a token ceases to exist, 111.8)."""
    _by_you(e, ctx)
    if e.extra:
        raise Inexpressible(f"effect: return ({', '.join(k for k, _ in e.extra)})")
    r = _permanent(e.object, ctx)
    ctx.acted_on = r in ("target", "target2")       # "Its controller ..." may follow (608.2h)
    return [C.ReturnToHand(r)]


def _exile(e: Effect, ctx: Ctx) -> list:
    """Exile a permanent (406.3); what it exiled is remembered for "its controller".
    "Exile all graveyards": every card of each player's graveyard."""
    _by_you(e, ctx)
    if e.extra:
        raise Inexpressible(f"effect: exile ({', '.join(k for k, _ in e.extra)})")
    if e.object == Obj("all", Filter(("graveyard",))):
        return [C.ExileGraveyard("each player")]
    r = _permanent(e.object, ctx)
    ctx.exiled = True
    return [C.Exile(r)]


def _regenerate(e: Effect, ctx: Ctx) -> list:
    _by_you(e, ctx)
    return [C.Regenerate(_permanent(e.object, ctx))]


def _return_to_battlefield(e: Effect, ctx: Ctx) -> list:
    """"Return target creature card [with mana value N or less / greater] from your
    graveyard to the battlefield" (400.7, 202.3)."""
    _by_you(e, ctx)
    o = e.object
    mv = [p for p in o.filter.props if p.startswith("with mana value ")] \
        if o is not None and o.filter is not None else []
    spec = "creature card in your graveyard" + "".join(" " + p for p in mv)
    if e.extra or o is None or o.kind != "target" or len(mv) > 1 or \
            o.filter != Filter(("creature card",), (*mv, "from your graveyard")) or \
            spec not in C.TARGETS:
        raise Inexpressible("effect: return to battlefield" +
                            (f" ({o.phrase()})" if o is not None else ""))
    return [C.ReturnToBattlefield(ctx.target(spec, o))]


def _connive(e: Effect, ctx: Ctx) -> list:
    """"~ connives" / "it connives" / "target creature you control connives" (701.50a: its
    controller draws a card, then discards a card; a nonland card discarded puts a +1/+1
    counter on it)."""
    return [C.Connive(subject(e, ctx, "object"))]


def _remove_from_combat(e: Effect, ctx: Ctx) -> list:
    """"Remove target attacking or blocking creature from combat" (506.4)."""
    _by_you(e, ctx)
    return [C.RemoveFromCombat(_permanent(e.object, ctx))]


# --- "Counter target spell. If that spell is countered this way, exile it instead ..." ----------
@R.EFFECT_SEQUENCES.layer("countered spell exiled")
def _countered_spell_exiled(rest, effects: tuple, ctx: Ctx) -> list:
    """701.5a, 614.1a (Force of Negation): the "counter" just before it is lowered as it
    would be alone, then made :class:`~mtg_core.cards.CounterExile` (only a spell that is
    countered is exiled); the sentence anywhere else is refused."""
    effects = tuple(effects)
    for j, e in enumerate(effects):
        if isinstance(e, Effect) and e.verb == "countered: exile instead":
            a = effects[j - 1] if j else None
            if not (isinstance(a, Effect) and a.verb == "counter") or e.subject is not None or \
                    e.object is not None or e.extra or e.amount is not None:
                raise Inexpressible("countered this way: exile it instead (not after its counter)")
            head = R.EFFECT_SEQUENCES(effects[:j - 1], ctx) if j > 1 else []
            countered = R.EFFECT_SEQUENCES((a,), ctx)
            if len(countered) != 1 or type(countered[0]) is not C.Counter:
                raise Inexpressible("countered this way: exile it instead (not after its counter)")
            tail = R.EFFECT_SEQUENCES(effects[j + 1:], ctx) if j + 1 < len(effects) else []
            return head + [C.CounterExile(countered[0].who)] + tail
    return rest(effects, ctx)
