"""Lowering of one-shot combat restrictions and of more combat keywords:

- one-shot combat restrictions (508.1c, 509.1b): "Target creature can't block this turn",
  "~ can't be blocked this turn", "Creatures without flying can't block this turn"
  (:class:`mtg_core.cards.CantThisTurn`);
- "Crew N" of a Vehicle (702.122a, :class:`mtg_core.cards.Crew`);
- horsemanship (702.31), flanking (702.25), toxic N (702.164), "~ can't be blocked by
  creatures with power 2 or less" and "~ can't be blocked by more than one creature" (509.1b),
  properties of the second combat word (``Card(combat=...)``, CF_COMBAT2).

The restriction is an entry of :data:`.verbs.EFFECTS`, the keywords a layer of
:data:`.registry.KEYWORDS`; anything else stays refused with the feature name
:mod:`.keywords` gives it.
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from . import registry as R
from ..nodes import Amount, Effect, Keyword
from .context import Ctx, Inexpressible, ref
from .language import RESTRICTIONS, TS as _TS

_WHOSE = {(): "each creature", ("you control",): "creatures you control",
          ("your opponents control",): "creatures your opponents control"}
"""The groups a restriction may name (611.2c: a rule for every creature of the group)."""


def _restriction(e: Effect, ctx: Ctx) -> list:
    """"<creature(s)> can't block / can't be blocked / can't attack [or block] this turn"."""
    what = e.get("what")
    if e.duration != "this turn" or what not in RESTRICTIONS or len(e.extra) != 1:
        raise Inexpressible(f"effect: {what}")
    s = e.subject
    if s is not None and s.kind == "all" and s.filter is not None and \
            s.filter.types == ("creature",) and s.count is None:
        props = list(s.filter.props)
        lacking = tuple(p[len("without "):] for p in props if p.startswith("without "))
        whose = tuple(p for p in props if not p.startswith("without "))
        if whose not in _WHOSE or len(lacking) > 1 or \
                any(k not in C.KEYWORD_BITS for k in lacking):
            raise Inexpressible(f"effect: {what} (group: {s.phrase()})")
        ctx.last_subject = None
        return [C.CantThisTurn(_WHOSE[whose], what, lacking=lacking)]
    r = ref(s, ctx, "object")
    if r in ("target", "target2") and \
            not C.TARGETS[ctx.targets[-1 if r == "target2" or len(ctx.targets) == 1 else 0]] \
            & _TS["TS_CREATURE"]:
        raise Inexpressible(f"effect: {what} (not a creature)")
    if r not in ("target", "target2", "self", "that creature"):
        raise Inexpressible(f"effect: {what} ({r})")
    ctx.last_subject = r
    return [C.CantThisTurn(r, what)]


# --- keywords ------------------------------------------------------------------------------------
@R.KEYWORDS.layer("combat keywords")
def lower_keyword(rest, k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """Crew, horsemanship, flanking, toxic; any other keyword as the base reads it."""
    if k.name == "crew" and isinstance(k.param, Amount) and isinstance(k.param.value, int) \
            and 1 <= k.param.value <= 100 and not is_spell:
        return "ability", C.Crew(k.param.value)                       # 702.122a
    if k.name in ("horsemanship", "flanking") and k.param is None:
        return "combat", k.name                                        # 702.31b, 702.25a
    if k.name == "toxic" and isinstance(k.param, Amount) and isinstance(k.param.value, int) \
            and 1 <= k.param.value <= 20:
        return "combat", f"toxic {k.param.value}"                      # 702.164
    return rest(k, is_equipment, is_aura, is_spell)
