"""Combat restrictions a resolving spell or ability creates (508.1c,
509.1b) -- "Target creature can't block this turn", "~ can't be blocked this turn",
"Creatures without flying can't block this turn".  The core keeps each as an EF_COMBAT
continuous effect that the declaration search reads (src/combat/keywords.pxi).

>>> CantThisTurn("target", "can't block").compile()[1:] == [REFS["target"], COMBAT_BITS["can't block"], 0, 0]
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from . import Effect
from ..vocabulary import _C, COMBAT_BITS, REFS, _dur, _ref, keyword_mask

RESTRICTIONS = {"can't block": COMBAT_BITS["can't block"],
                "can't be blocked": COMBAT_BITS["can't be blocked"],
                "can't attack": COMBAT_BITS["can't attack"],
                "can't attack or block": COMBAT_BITS["can't attack"] | COMBAT_BITS["can't block"]}
"""What a one-shot restriction may say (the CM_* bits of EF_COMBAT)."""

GROUPS = ("each creature", "all creatures", "creatures you control",
          "creatures your opponents control")
"""Groups of creatures it may name: the effect modifies the rules (611.2c), so creatures
that come later (or change controller) are affected too."""


@dataclass(frozen=True)
class CantThisTurn(Effect):
    """"<who> can't block / can't be blocked / can't attack [or block] this turn" (509.1b,
    508.1c).  ``who`` is a reference to a creature ("target", "self", "that creature") or a
    group (:data:`GROUPS`); ``lacking``: keywords a creature of the group must not have
    ("creatures without flying")."""
    who: str
    what: str
    duration: str = "end of turn"
    lacking: tuple[str, ...] = ()

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.what not in RESTRICTIONS:
            raise CardScriptError(f"restriction {self.what!r}: one of {sorted(RESTRICTIONS)}")
        ref = _ref(self.who)
        if self.lacking and self.who not in GROUPS:
            raise CardScriptError("'without <keyword>' filters a group of creatures")
        if _C["REF_EACH_CREATURE"] <= ref <= _C["REF_BLOCKING_CREATURES"] and self.who not in GROUPS:
            raise CardScriptError(f"a combat restriction can't name {self.who!r}; groups: {GROUPS}")
        if ref in (REFS["you"], REFS["each opponent"], REFS["each player"]):
            raise CardScriptError("a combat restriction names creatures, not players")
        return [_C["OP_COMBAT_RESTRICT"], ref, RESTRICTIONS[self.what], _dur(self.duration),
                keyword_mask(self.lacking) if self.lacking else 0]


@dataclass(frozen=True)
class RemoveFromCombat(Effect):
    """"Remove <who> from combat" (506.4): an attacking or blocking creature stops being
    one.  What it blocked stays blocked (509.1h); it leaves every damage assignment order,
    the others keeping their relative order (509.2a, 509.3a).  ``who`` is a reference to
    one permanent ("target", "self", "that creature").

    ``unblock_alone``: "Creatures it was blocking that had become blocked by only that
    creature this combat become unblocked" (509.1h: blockers since gone or removed count
    too).  ``then_blocks``: "then it blocks an attacking creature of your choice"
    ("must") or "You may have it block an attacking creature of your choice" ("may"):
    509.6, the choice made as the effect resolves (its last effect: the block follows the
    resolution; any attacker attacking its controller or their planeswalkers, blocking
    restrictions not applying, since it isn't declared)."""
    who: str = "target"
    unblock_alone: bool = False
    then_blocks: str | None = None

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        ref = _ref(self.who)
        if _C["REF_EACH_CREATURE"] <= ref <= _C["REF_BLOCKING_CREATURES"] or \
                ref in (REFS["you"], REFS["each opponent"], REFS["each player"]):
            raise CardScriptError(f"remove from combat names one creature, not {self.who!r}")
        if self.then_blocks not in _THEN_BLOCKS:
            raise CardScriptError(f"then_blocks is one of {sorted(k for k in _THEN_BLOCKS if k)} "
                                  f"or None, not {self.then_blocks!r}")
        if self.then_blocks and not self.unblock_alone:
            raise CardScriptError("a creature made to block anew (509.6) first unblocks what only "
                                  "it blocked: then_blocks needs unblock_alone=True")
        if not self.unblock_alone:
            return [_C["OP_REMOVE_FROM_COMBAT"], ref]
        return [_C["OP_REMOVE_BLOCKER_ANEW"], ref, _THEN_BLOCKS[self.then_blocks]]


_THEN_BLOCKS = {None: _C["BLOCK_ANEW_NONE"], "must": _C["BLOCK_ANEW_MUST"],
                "may": _C["BLOCK_ANEW_MAY"]}
