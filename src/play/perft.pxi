# Perft, as chess move-generator authors count it: the number of distinct action sequences
# of a given length from a state, every decision expanded with all of its legal actions.
# Chance (shuffles, coin flips) is the state's own seeded RNG, copied with the state, so the
# tree is fixed and the count is a fingerprint of the rules: two engines (or versions) that
# give the same count listed the same legal actions at every node of the tree.
#
# One scratch state per level of the tree: a node copies its parent into its level's
# buffer (one memcpy), applies one action and recurses, so the search allocates nothing but
# when a state grows its tables (growth.pxi), exactly as run_rollouts does.

cdef struct PerftLevel:
    Engine e
    int32_t* own                 # the level's own buffer (malloc), capacity own_ints
    int64_t own_ints
    int32_t* actions             # the legal actions at this level (malloc), capacity n_cap
    int32_t n_cap


cdef bint perft_levels_alloc(PerftLevel* lv, int32_t levels, Engine* src) noexcept nogil:
    """Scratch for ``levels`` levels, each buffer the size of ``src``; False if out of
    memory (perft_levels_free frees what was allocated either way)."""
    cdef int32_t k
    for k in range(levels):
        lv[k].e = src[0]                         # the tables and options; bound on first copy
        lv[k].e.base = NULL
        lv[k].e.base_owned = 0
        lv[k].e.log = NULL
        lv[k].e.log_len = 0
        lv[k].e.log_cap = 0
        lv[k].e.log_on = 0
        lv[k].own = NULL
        lv[k].actions = NULL
        lv[k].own_ints = 0
        lv[k].n_cap = 0
    for k in range(levels):
        lv[k].own = <int32_t*>malloc(<size_t>src.h.total_ints * 4)
        lv[k].actions = <int32_t*>malloc(MAX_ACTIONS * 4)
        if lv[k].own == NULL or lv[k].actions == NULL:
            return False
        lv[k].own_ints = src.h.total_ints
        lv[k].n_cap = MAX_ACTIONS
        lv[k].e.base = lv[k].own
    return True


cdef void perft_levels_free(PerftLevel* lv, int32_t levels) noexcept nogil:
    cdef int32_t k
    for k in range(levels):
        if lv[k].e.base_owned and lv[k].e.base != lv[k].own:
            free(lv[k].e.base)                   # grown by the last child (growth.pxi)
        lv[k].e.base_owned = 0
        free(lv[k].own)
        free(lv[k].actions)
        lv[k].own = NULL
        lv[k].actions = NULL


cdef bint perft_copy(Engine* src, PerftLevel* lv) noexcept nogil:
    """``src`` into the level's scratch state (its buffer enlarged if ``src`` grew)."""
    cdef int64_t need = src.h.total_ints
    cdef int32_t* bigger
    release_growth(&lv.e, lv.own)                # the last child grew: back to the own buffer
    if need > lv.own_ints:
        bigger = <int32_t*>realloc(lv.own, <size_t>need * 4)
        if bigger == NULL:
            return False
        lv.own = bigger
        lv.own_ints = need
    memcpy(lv.own, src.base, <size_t>need * 4)
    bind(&lv.e, lv.own)
    return True


cdef int64_t perft_count(Engine* st, PerftLevel* lv, int32_t depth) noexcept nogil:
    """The number of action sequences of exactly ``depth`` actions from ``st`` (a game that
    is over has none of length 1 or more); -1 when out of memory, -2 when a listed action
    was refused (a defect: the debug build's cross-checks say where)."""
    cdef int32_t n, i
    cdef int32_t* grown
    cdef int64_t total = 0, sub
    if depth == 0:
        return 1
    if st.h.result != R_ONGOING:
        return 0
    n = legal_actions(st, lv.actions, lv.n_cap)
    if n > lv.n_cap:
        grown = <int32_t*>realloc(lv.actions, <size_t>n * 4)
        if grown == NULL:
            return -1
        lv.actions = grown
        lv.n_cap = n
        n = legal_actions(st, lv.actions, lv.n_cap)
    if depth == 1:
        return n
    for i in range(n):
        if not perft_copy(st, lv + 1):
            return -1
        if apply_checked(&lv[1].e, lv.actions[i]) != 0:
            return -2
        sub = perft_count(&lv[1].e, lv + 1, depth - 1)
        if sub < 0:
            return sub
        total += sub
    return total


cdef int64_t perft_divide(Engine* st, PerftLevel* lv, int32_t depth, int64_t** under,
                          int32_t* n_first) noexcept nogil:
    """perft_count split by first action: ``lv[0].actions`` holds the ``n_first`` first
    actions and ``under`` (malloc'd here, the caller frees it) the count under each; the
    total, or perft_count's negative codes."""
    cdef int64_t total, sub
    cdef int32_t i, n
    total = perft_count(st, lv, 1)               # lists the first actions into lv[0]
    n_first[0] = n = <int32_t>total
    under[0] = <int64_t*>malloc(<size_t>(n if n > 0 else 1) * 8)
    if under[0] == NULL:
        return -1
    total = 0
    for i in range(n):
        if not perft_copy(st, lv + 1):
            return -1
        if apply_checked(&lv[1].e, lv[0].actions[i]) != 0:
            return -2
        sub = perft_count(&lv[1].e, lv + 1, depth - 1)
        if sub < 0:
            return sub
        under[0][i] = sub
        total += sub
    return total
