"""The card language's names the lowering uses beyond the exports of :mod:`mtg_core.cards`.

Every import of a card-language module other than the package itself is made here, so a
reorganisation of :mod:`mtg_core.cards` has one place to follow in the lowering.
"""
from __future__ import annotations

from ... import cards as C
from ...cards.activation_costs import LAND_SUBTYPES
from ...cards.combat_effects import RESTRICTIONS
from ...cards.effects import _TOKEN_ROWS as TOKEN_ROWS, walk_effects
from ...cards.replacement import check_subject

TS = C._C
"""The core's constant names -> values (target kinds ``TS_*``, cost flags ``COST_*``)."""

__all__ = ["LAND_SUBTYPES", "RESTRICTIONS", "TOKEN_ROWS", "TS", "check_subject", "walk_effects"]
