"""Effects of the importer's second round (issue 6): a permanent or a card from a graveyard
put on top of its owner's library (401.1), and a creature dealing damage equal to its power
(120.1, "bite": not a fight, 701.14, only one creature deals damage).

>>> from mtg_core.cards import SpellAbility
>>> SpellAbility(PutOnTop("target"), targets=("creature",)).effects
(PutOnTop(who='target'),)
"""
from __future__ import annotations

from dataclasses import dataclass

from .effects import Effect
from .vocabulary import _C, _ref


@dataclass(frozen=True)
class PutOnTop(Effect):
    """Put <who> on top of its owner's library (401.1): a permanent ("put target creature on
    top of its owner's library"; a token ceases to exist, 111.8) or a target card in your
    graveyard ("put target artifact card from your graveyard on top of your library")."""
    who: str = "target"
    graveyard_cards_ok = True          # it may act on a card in a graveyard target (115.1)

    def compile(self):
        return [_C["OP_PUT_ON_TOP"], _ref(self.who)]


@dataclass(frozen=True)
class DamageEqualToPower(Effect):
    """<source> (a creature) deals damage equal to its power to <to> (120.1): "Target
    creature you control deals damage equal to its power to target creature you don't
    control" (Rabid Bite).  The creature is the source of the damage (its deathtouch and
    lifelink apply, 702.2b, 702.15b); its power is read as the effect happens (608.2h); if
    it is gone or an illegal target, no damage is dealt (608.2b)."""
    source: str
    to: str

    def compile(self):
        return [_C["OP_DAMAGE_BY_POWER"], _ref(self.source), _ref(self.to)]
