"""Named codes of the compiled core, as Python enums.

Every value comes from ``mtg_core._engine.constants()``, so the core and Python can
never disagree about what a number means.
"""
from __future__ import annotations

import enum

from . import _engine

_C = _engine.constants()


def _members(prefix: str) -> dict[str, int]:
    return {k[len(prefix):]: v for k, v in _C.items() if k.startswith(prefix)}


CardType = enum.IntFlag("CardType", _members("T_"))
Supertype = enum.IntFlag("Supertype", _members("ST_"))
Keyword = enum.IntFlag("Keyword", _members("KW_"))
TargetSpec = enum.IntFlag("TargetSpec", _members("TS_"))
Step = enum.IntEnum("Step", {k: v for k, v in _members("S_").items() if k not in ("NONE",)})
Phase = enum.IntEnum("Phase", _members("PH_"))
Zone = enum.IntEnum("Zone", _members("Z_"))
Decision = enum.IntEnum("Decision", _members("D_"))
ActionKind = enum.IntEnum("ActionKind", _members("A_"))
Result = enum.IntEnum("Result", _members("R_"))
Duration = enum.IntEnum("Duration", _members("DUR_"))
Ref = enum.IntEnum("Ref", _members("REF_"))
Color = enum.IntEnum("Color", {k: v for k, v in _members("C_").items()})
LossReason = enum.IntEnum("LossReason", _members("LOSS_"))

TGT_PLAYER: int = _C["TGT_PLAYER"]

STEP_NAMES = {
    Step.UNTAP: "untap step",
    Step.UPKEEP: "upkeep step",
    Step.DRAW: "draw step",
    Step.MAIN: "main phase",
    Step.BEGIN_COMBAT: "beginning of combat step",
    Step.DECLARE_ATTACKERS: "declare attackers step",
    Step.DECLARE_BLOCKERS: "declare blockers step",
    Step.COMBAT_DAMAGE: "combat damage step",
    Step.END_COMBAT: "end of combat step",
    Step.END: "end step",
    Step.CLEANUP: "cleanup step",
}

PHASE_NAMES = {
    Phase.BEGINNING: "beginning phase",
    Phase.PRECOMBAT_MAIN: "precombat main phase",
    Phase.COMBAT: "combat phase",
    Phase.POSTCOMBAT_MAIN: "postcombat main phase",
    Phase.ENDING: "ending phase",
}

KEYWORD_NAMES = {
    Keyword.FLYING: "Flying", Keyword.REACH: "Reach", Keyword.HASTE: "Haste",
    Keyword.DEFENDER: "Defender", Keyword.VIGILANCE: "Vigilance",
    Keyword.FIRST_STRIKE: "First strike", Keyword.DOUBLE_STRIKE: "Double strike",
    Keyword.TRAMPLE: "Trample", Keyword.DEATHTOUCH: "Deathtouch", Keyword.LIFELINK: "Lifelink",
    Keyword.FLASH: "Flash", Keyword.HEXPROOF: "Hexproof", Keyword.SHROUD: "Shroud",
    Keyword.INDESTRUCTIBLE: "Indestructible", Keyword.PHASING: "Phasing",
    Keyword.MENACE: "Menace", Keyword.INFECT: "Infect", Keyword.WITHER: "Wither",
}
