# cython: language_level=3
"""mtg_core._engine — the compiled rules core.

One translation unit: every rules area is a ``.pxi`` included below, so the C compiler
can inline across them (see README, "Architecture").  The Python-facing surface is the
``CardTables`` and ``State`` classes at the bottom; ``mtg_core.game`` wraps them.
"""
from libc.stdint cimport int8_t, int32_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memcmp

import numpy as np
cimport numpy as cnp

cnp.import_array()

cdef extern from "core/rng.h":
    uint32_t mtg_rng_next(uint32_t* s) noexcept nogil
    void mtg_rng_seed(uint32_t* s, uint64_t seed) noexcept nogil
    uint32_t mtg_rng_below(uint32_t* s, uint32_t n) noexcept nogil

cdef extern from "core/threads.h":
    long long mtg_now_ns() noexcept nogil
    void mtg_run_tasks(void (*fn)(void*) noexcept nogil, char* args, size_t size, int n) noexcept nogil

# Debug builds (MTG_CORE_DEBUG=1, see setup.py) define the C macro MTG_CORE_DEBUG: every
# shortcut the core takes (a dirty flag, a summary mask, a cache) is then verified against
# the full computation, and a difference stops the process with debug_fail() naming it.
cdef extern from *:
    """
    #include <stdio.h>
    #include <stdlib.h>
    #ifndef MTG_CORE_DEBUG
    #define MTG_CORE_DEBUG 0
    #endif
    static inline void mtg_debug_fail(const char* what) {
        fprintf(stderr, "mtg_core debug check failed: %s\\n", what);
        fflush(stderr);
        abort();
    }
    """
    const bint MTG_CORE_DEBUG
    void debug_fail "mtg_debug_fail"(const char* what) noexcept nogil

DEBUG_BUILD = bool(MTG_CORE_DEBUG)

# core: the packed state, its codes and how its tables grow
include "core/constants.pxi"
include "core/errors.pxi"
include "core/state.pxi"
include "core/growth.pxi"
include "core/known.pxi"
# rules: characteristics, mana, the effect interpreter, triggers, SBA, the stack, turns, priority
include "rules/characteristics.pxi"
include "rules/subtypes.pxi"
include "rules/mana.pxi"
include "rules/effects.pxi"
include "rules/triggers.pxi"
include "rules/sba.pxi"
include "rules/stack.pxi"
include "rules/turn.pxi"
include "rules/priority.pxi"
include "rules/grants.pxi"
include "rules/turn_history.pxi"
include "rules/mana_value.pxi"
include "rules/faces.pxi"
include "rules/optional_targets_and_modes.pxi"
include "rules/amounts.pxi"
include "rules/payments_and_searches.pxi"
include "rules/sacrifice_choice.pxi"
include "rules/entering_choices.pxi"
include "rules/hand_choices.pxi"
include "rules/library_order.pxi"
include "rules/hybrid.pxi"
include "rules/phyrexian.pxi"
include "rules/activation_discounts.pxi"
include "rules/kicker.pxi"
include "rules/alternative_costs.pxi"
include "rules/connive.pxi"
include "rules/sagas.pxi"
# combat (506-511): the declaration search, declarations and damage, banding, keywords, Vehicles
include "combat/search.pxi"
include "combat/banding.pxi"
include "combat/combat.pxi"
include "combat/blockers_by_effect.pxi"
include "combat/keywords.pxi"
include "combat/vehicles.pxi"
# play: starting a game, compiled playouts and policies, observations, rollouts, ISMCTS
include "play/game_start.pxi"
include "play/playout.pxi"
include "play/policies.pxi"
include "play/observation.pxi"
include "play/rollouts.pxi"
include "play/ismcts.pxi"
include "play/perft.pxi"
# the Python binding: card tables, the State object, batches, validation of what Python hands in
include "api/names.pxi"
include "api/tables.pxi"
include "api/capacities.pxi"
include "api/card_tables.pxi"
include "api/state_object.pxi"
include "api/search.pxi"
include "api/batch.pxi"
include "api/validate.pxi"
include "api/combat_calls.pxi"
