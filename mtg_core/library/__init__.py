"""The bundled card library: real cards with their Oracle text.

Each card is written in the scripting API of :mod:`mtg_core.cards`; ``DEFAULT_CARDS`` is
the database games use unless given another.  The cards live in modules by theme (each
exports ``CARDS``); a card appears in exactly one module.

>>> DEFAULT_CARDS["Grizzly Bears"].power
2
"""
from __future__ import annotations

from ..cards import CardDB
from . import (basics_and_core_set, classic_edition_cards, combat_declarations,
               combat_triggers, green_black, language_cards, layers_and_statics, mass_effects,
               planeswalkers, red_and_white)
from . import activated_costs, choices_and_counts, conditional_statics, zone_changes
from . import lands_and_more_permanents, more_permanents, more_spells
from . import hybrid_mana
from . import kicker_permanents                     # kicker: 702.33d

_MODULES = (basics_and_core_set, planeswalkers, mass_effects, classic_edition_cards,
            combat_triggers, combat_declarations, language_cards, red_and_white,
            layers_and_statics, green_black, conditional_statics, zone_changes,
            choices_and_counts, activated_costs, more_spells, more_permanents,
            lands_and_more_permanents, hybrid_mana,
            kicker_permanents)

ALL_CARDS = [card for module in _MODULES for card in module.CARDS]
DEFAULT_CARDS = CardDB(ALL_CARDS)

__all__ = ["ALL_CARDS", "DEFAULT_CARDS"]
