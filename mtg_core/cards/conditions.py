"""Conditions read from what happened this turn and from the board, for an intervening
"if" (603.4, :class:`~mtg_core.cards.InterveningIf`) or an effect's "if" (608.2c,
:class:`~mtg_core.cards.If`) -- the ability words morbid, raid, ferocious, delirium and
revolt (207.2c: an ability word has no rules meaning; the condition after it does) -- and
"if it has mana value N or less" of a target (202.3; Fatal Push).

>>> CreatureDiedThisTurn().code == _C["COND_CREATURE_DIED_THIS_TURN"]
True
"""
from __future__ import annotations

from ..errors import CardScriptError
from .effects.choices import Condition
from .vocabulary import _C


def _n(n: int, lo: int = 0) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"condition number {n!r}: {lo}..{_C['TABLE_AMOUNT_MAX']}")
    return n


def CreatureDiedThisTurn() -> Condition:
    """"if a creature died this turn" (morbid; 700.4: put into a graveyard from the
    battlefield, a token too)."""
    return Condition(_C["COND_CREATURE_DIED_THIS_TURN"])


def YouAttackedThisTurn() -> Condition:
    """"if you attacked this turn" (raid): you declared an attacking creature this turn
    (508.1; one put onto the battlefield attacking was never declared, 508.4)."""
    return Condition(_C["COND_YOU_ATTACKED_THIS_TURN"])


def ControlPowerAtLeast(n: int, another: bool = False) -> Condition:
    """"if you control a creature with power N or greater" (ferocious); ``another``:
    "another creature" (not the source)."""
    return Condition(_C["COND_CONTROL_POWER_AT_LEAST"], _n(n), int(bool(another)))


def GraveyardCardTypesAtLeast(n: int) -> Condition:
    """"if there are N or more card types among cards in your graveyard" (delirium;
    205.2a: artifact, battle, creature, enchantment, instant, kindred, land, planeswalker,
    sorcery)."""
    return Condition(_C["COND_GRAVEYARD_CARD_TYPES_AT_LEAST"], _n(n, 1))


def YourTurn(yes: bool = True) -> Condition:
    """"if it's your turn" (``yes``) / "if it's not your turn"."""
    return Condition(_C["COND_YOUR_TURN"], int(bool(yes)))


def Revolt() -> Condition:
    """"if a permanent you controlled left the battlefield this turn" (revolt; a token too,
    to any zone; phasing out isn't leaving, 702.26d)."""
    return Condition(_C["COND_REVOLT"])


_TARGET_REFS = {"target": _C["REF_TARGET0"], "target2": _C["REF_TARGET1"]}


def TargetManaValueAtMost(n: int, revolt: int | None = None, who: str = "target") -> Condition:
    """"if it has mana value N or less" of the target ``who`` (202.3), checked on resolution:
    any creature may be targeted, and only one that qualifies then is affected (an illegal
    target fails it, 608.2b).  ``revolt``: "... mana value M or less instead if a permanent
    you controlled left the battlefield this turn" (Fatal Push), M at least N."""
    if who not in _TARGET_REFS:
        raise CardScriptError(f"TargetManaValueAtMost(who={who!r}): one of {sorted(_TARGET_REFS)}")
    n = _n(n)
    if revolt is not None and _n(revolt) < n:
        raise CardScriptError(f"TargetManaValueAtMost: the revolt mana value {revolt} is "
                              f"less than {n}")
    return Condition(_C["COND_TARGET_MV_AT_MOST"], n, -1 if revolt is None else revolt,
                     _TARGET_REFS[who])
