"""Lowering parse trees to card-script objects (:mod:`mtg_core.cards`): the entry points."""
from __future__ import annotations

from .base import (IMPLIED_YOU, Ctx, Inexpressible, Statics, UnsupportedKeyword, lower_activated,
                   lower_effects, lower_keyword, lower_layer_statics, lower_replacements,
                   lower_spell, lower_static, lower_triggered, lower_zone_trigger)

__all__ = ["IMPLIED_YOU", "Ctx", "Inexpressible", "Statics", "UnsupportedKeyword",
           "lower_activated", "lower_effects", "lower_keyword", "lower_layer_statics",
           "lower_replacements", "lower_spell", "lower_static", "lower_triggered",
           "lower_zone_trigger"]
