"""What lowering one ability knows as it goes (:class:`Ctx`), the refusal it raises when the
card language can't say something (:class:`Inexpressible`), and the helpers every lowering
uses to name objects and players (:func:`ref`, :func:`subject`) and read amounts.

A leaf of the lowering: it imports only the parse-tree nodes and the card language.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ... import cards as C
from ..nodes import Amount, Effect, Filter, Keyword, Obj
from .language import TS as _TS

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
    x: bool = False                             # a spell with {X} in its mana cost (107.3)
    event: str | None = None                    # the trigger event (TriggeredAbility at=)
    exiled: bool = False                        # an Exile effect came before (608.2h)
    acted_on: bool = False                      # a Destroy / ReturnToHand / Counter of one
                                                # object came before: "its controller" names
                                                # its controller as it last existed (608.2h)
    kicker: bool = False                        # the spell has a kicker cost (702.33)
    layout: str | None = None                   # the layout of the multi-face card whose
                                                # face this is ("transform", 712), or None

    def target(self, spec: str, obj: Obj) -> str:
        optional = obj.up_to and obj.count is not None and obj.count.value == 1
        if (obj.count is not None or obj.up_to) and not optional:
            raise Inexpressible("several targets in one phrase", obj.phrase())
        if spec not in C.TARGETS:
            raise Inexpressible(f"target: {spec}", obj.phrase())
        if len(self.targets) >= 2:
            raise Inexpressible("more than two targets", obj.phrase())
        if optional:                    # "up to one target X" (601.2c): may be left unchosen
            spec = C.OPTIONAL_TARGET + spec
        elif any(t.startswith(C.OPTIONAL_TARGET) for t in self.targets):
            raise Inexpressible("a required target after an 'up to one' target", obj.phrase())
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


_ATTACHED_REFS = {("enchanted", "creature"): "enchanted creature",
                  ("equipped", "creature"): "equipped creature",
                  ("enchanted", "land"): "enchanted permanent",
                  ("enchanted", "artifact"): "enchanted permanent",
                  ("enchanted", "permanent"): "enchanted permanent"}
"""grant: what an Aura / Equipment is attached to, as an effect operand (REF_ATTACHED)."""


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
    elif obj.kind == "defending player":
        if ctx.event != "attacks":                  # 508.5: an attack trigger's defender
            raise Inexpressible("reference: defending player", "defending player")
        r = "defending player"
    elif obj.kind == "its controller":
        if not (ctx.exiled or ctx.acted_on):        # 608.2h: only what was just acted on
            raise Inexpressible("reference: its controller", "its controller")
        r = "its controller"
    elif obj.kind == "that" and obj.filter == Filter(("creature",)):
        r = _that_creature(ctx)
        if want == "player":
            raise Inexpressible("reference: that creature (a player is needed)", obj.phrase())
        ctx.last = r
        return r
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
    elif obj.kind in ("enchanted", "equipped") and obj.filter is not None and \
            not obj.filter.props and len(obj.filter.types) == 1 and want != "player" and \
            (obj.kind, obj.filter.types[0]) in _ATTACHED_REFS:
        r = _ATTACHED_REFS[(obj.kind, obj.filter.types[0])]    # grant: 303.4 (REF_ATTACHED)
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


_EVENT_CREATURE = ("blocks a creature", "becomes blocked by a creature",
                   "deals combat damage to a creature")
"""Trigger events with another creature, "that creature" in the effects (603.2)."""


def _that_creature(ctx: Ctx) -> str:
    """"That creature": the creature named before in the same ability (a target), or the
    other creature of the trigger event (509.4b, 509.4d, 510.3) when nothing was named."""
    earlier = ctx.last if ctx.last in ("target", "target2") else None
    if ctx.event in _EVENT_CREATURE:
        if earlier is not None or ctx.targets:
            raise Inexpressible("reference: that creature (the event's or the target)")
        return "that creature"
    if earlier is None:
        raise Inexpressible("reference: that creature", "that creature")
    return earlier


def subject(e: Effect, ctx: Ctx, want: str) -> str:
    """The reference of an effect's subject (remembered for a following "and loses ...")."""
    r = ref(e.subject, ctx, want)
    ctx.last_subject = r
    return r


def literal(amount: Amount | None, what: str) -> int:
    if amount is None or amount.value is None:
        raise Inexpressible(f"variable amount ({what})", str(amount))
    return amount.value


def amount_x(amount: Amount | None, what: str, ctx: Ctx) -> int | str:
    """A literal, or "X" in a spell with {X} in its mana cost (107.3a: the value chosen as
    it was cast)."""
    if amount is not None and amount.value is None and amount.expr == "X" and ctx.x:
        return "X"
    return literal(amount, what)


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


# --- who does an imperative verb, and what it acts on ------------------------------------------

def _by_you(e: Effect, ctx: Ctx) -> None:
    """Imperative verbs ("destroy", "untap", "put a counter") are done by the ability's
    controller; the language has no other doer for them."""
    if subject(e, ctx, "player") != "you":
        raise Inexpressible(f"effect: {e.verb} by another player")


def _spell_target(obj: Obj | None, ctx: Ctx) -> str:
    """A target spell (115.1, 701.5)."""
    if obj is None or obj.kind != "target" or obj.filter is None or \
            not C.TARGETS.get(obj.filter.phrase(), 0) & _TS["TS_SPELL"]:
        raise Inexpressible(f"counter: {obj.phrase() if obj else 'nothing'}")
    return ref(obj, ctx, "any")


def _permanent(obj: Obj | None, ctx: Ctx) -> str:
    """A reference to a permanent (not a spell on the stack)."""
    r = ref(obj, ctx, "object")
    if r in ("target", "target2") and C.TARGETS[ctx.targets[-1]] & _TS["TS_SPELL"]:
        raise Inexpressible(f"target: {ctx.targets[-1]} (a permanent is needed)")
    return r


IMPLIED_YOU = Obj("you (implied)")
"""The subject the grammar gives an imperative sentence ("Scry 2."): the ability's controller."""
