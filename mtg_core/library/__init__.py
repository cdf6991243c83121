"""The bundled card library: real cards with their Oracle text.

Each card is written in the scripting API of :mod:`mtg_core.cards`; ``DEFAULT_CARDS`` is
the database games use unless given another.  The cards live in modules by theme (each
exports ``CARDS``); a card appears in exactly one module.  ``_MODULES`` fixes the order of
``ALL_CARDS``, and so every card's row in the compiled tables: saved states and their
fingerprints depend on it, so a new module goes at the end.

Each card's name, mana cost, type line, power / toughness and text follow its Oracle
record (Scryfall's "Oracle Cards" bulk data, scryfall.com/docs/api/bulk-data, or MTGJSON's
``AtomicCards.json``); the records the tests compare against are copied into
``tests/data/``.

>>> DEFAULT_CARDS["Grizzly Bears"].power
2
"""
from __future__ import annotations

from ..cards import CardDB
from . import (activated_costs, alternative_costs, attacking_and_blocking_alone,
               basics_and_core_set, blockers_by_effect, blood_tokens, choices_and_counts,
               classic_edition_cards, combat_declarations, combat_triggers, conditional_statics,
               connive, counterspells_modes_and_costs, cycling_and_channel, evergreen_permanents,
               graveyard_exile, green_black, hybrid_mana, instants_and_sorceries,
               kicker_permanents, lands_and_permanents, lands_entering_tapped_unless,
               layers_and_statics, library_order, mana_value_and_revolt, mass_effects,
               nonbasic_and_mana_value_targets, phyrexian_mana, planeswalkers, red_and_white,
               sacrifice_costs, sagas, tutors, zone_changes)

_MODULES = (basics_and_core_set, planeswalkers, mass_effects, classic_edition_cards,
            combat_triggers, combat_declarations, counterspells_modes_and_costs, red_and_white,
            layers_and_statics, green_black, conditional_statics, zone_changes,
            choices_and_counts, activated_costs, instants_and_sorceries, evergreen_permanents,
            lands_and_permanents, hybrid_mana, kicker_permanents, connive,
            attacking_and_blocking_alone, nonbasic_and_mana_value_targets, blockers_by_effect,
            sagas, alternative_costs, library_order, cycling_and_channel,
            lands_entering_tapped_unless, graveyard_exile, tutors, mana_value_and_revolt,
            phyrexian_mana, blood_tokens, sacrifice_costs)

ALL_CARDS = [card for module in _MODULES for card in module.CARDS]
DEFAULT_CARDS = CardDB(ALL_CARDS)

__all__ = ["ALL_CARDS", "DEFAULT_CARDS"]
