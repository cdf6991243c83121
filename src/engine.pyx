# cython: language_level=3
"""mtg_core._engine — the compiled rules core.

One translation unit: every rules area is a ``.pxi`` included below, so the C compiler
can inline across them (see README, "Architecture").  The Python-facing surface is the
``CardTables`` and ``State`` classes at the bottom; ``mtg_core.game`` wraps them.
"""
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memcmp

import numpy as np
cimport numpy as cnp

cnp.import_array()

cdef extern from "rng.h":
    uint32_t mtg_rng_next(uint32_t* s) noexcept nogil
    void mtg_rng_seed(uint32_t* s, uint64_t seed) noexcept nogil
    uint32_t mtg_rng_below(uint32_t* s, uint32_t n) noexcept nogil

include "constants.pxi"
include "state.pxi"
include "characteristics.pxi"
include "mana.pxi"
include "effects.pxi"
include "triggers.pxi"
include "sba.pxi"
include "stack.pxi"
include "turn.pxi"
include "priority.pxi"
include "game_start.pxi"
include "playout.pxi"
include "api.pxi"
