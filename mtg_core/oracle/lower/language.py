"""The card language's names the lowering uses beyond the exports of :mod:`mtg_core.cards`.

Every import of a card-language module other than the package itself is made here, so a
reorganisation of :mod:`mtg_core.cards` has one place to follow in the lowering.
"""
from __future__ import annotations

from ... import cards as C
from ...cards.compile_context import CompileContext
from ...cards.effects import walk_effects
from ...cards.effects.combat import RESTRICTIONS
from ...cards.replacement import check_subject
from ...cards.subtypes import LAND_SUBTYPES

TS = C._C
"""The core's constant names -> values (target kinds ``TS_*``, cost flags ``COST_*``)."""

__all__ = ["CompileContext", "LAND_SUBTYPES", "RESTRICTIONS", "TS", "check_subject", "walk_effects"]
