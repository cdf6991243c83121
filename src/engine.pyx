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

cdef extern from "rng.h":
    uint32_t mtg_rng_next(uint32_t* s) noexcept nogil
    void mtg_rng_seed(uint32_t* s, uint64_t seed) noexcept nogil
    uint32_t mtg_rng_below(uint32_t* s, uint32_t n) noexcept nogil

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

include "constants.pxi"
include "state.pxi"
include "growth.pxi"
include "known.pxi"
include "characteristics.pxi"
include "subtypes.pxi"
include "mana.pxi"
include "effects.pxi"
include "triggers.pxi"
include "sba.pxi"
include "stack.pxi"
include "turn.pxi"
include "priority.pxi"
include "grants.pxi"
include "game_start.pxi"
include "playout.pxi"
include "policies.pxi"
include "observation.pxi"
include "rollouts.pxi"
include "api.pxi"
include "validate.pxi"
include "combat_search.pxi"
include "banding.pxi"
include "combat.pxi"
include "turn_history.pxi"
include "faces.pxi"
include "multi_targets.pxi"
include "amounts.pxi"
include "library_search.pxi"
include "costs_extra.pxi"
include "keywords_extra.pxi"
include "vehicles.pxi"
include "hybrid.pxi"
include "kicker.pxi"
