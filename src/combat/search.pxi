# Declaration search: is a declaration of attackers (508.1) or blockers (509.1) legal?
#
# 508.1c / 509.1b: the declaration must break no restriction.
# 508.1d / 509.1c: "If the number of requirements being obeyed is fewer than the maximum
#   possible number of requirements that could be obeyed without disobeying any
#   restrictions, the declaration is illegal.  If a creature can't attack [block] unless a
#   player pays a cost, that player is not required to pay that cost, even if attacking
#   [blocking] with that creature would increase the number of requirements being obeyed."
#
# So   Legal(D)  <=>  D breaks no restriction  and  count(D) >= MAX,
# where MAX is the largest number of requirements obeyed by a restriction-respecting
# declaration that pays no cost.  Our reading of the cost sentence: a cost never counts
# toward "able" (MAX is taken over cost-free declarations), but a declaration that does
# pay is still legal when it breaks no restriction and reaches MAX (paying is allowed,
# only not required).  Whether the player can afford the total cost is 508.1g-i /
# 509.1d-f, checked by the caller after the declaration.
#
# One abstract problem serves both declarations.  "Choosers" are the creatures declaring
# (attackers-to-be, or blockers-to-be); "options" are what each may pick (players,
# planeswalkers and battles to attack, 508.1b; or the attacking creatures to block, 509.1a).
# A chooser picks 0..max_choices options (1 to attack; 1 to block, more with "can block an
# additional creature").  A declaration is one bitset of options per chooser.
#
# Restrictions (hard, 508.1c / 509.1b), all data in DSProblem:
#   allowed[c]        options c may pick at all (evasion: flying/reach, shadow, fear,
#                     intimidate, "can block only creatures with flying", "can't attack");
#   min_others[c]     if c takes part, at least this many other choosers do
#                     ("can't attack alone" / "can't block alone" = 1; 506.5);
#   opt_min[o]        o is picked by 0 or >= opt_min choosers (menace = 2;
#                     "can't be blocked except by three or more" = 3);
#   opt_max[o]        o is picked by at most opt_max choosers ("can't be blocked by more
#                     than one creature" = 1);
#   caps              at most cap_limit[j] choosers of cap_choosers[j] pick anything in
#                     cap_options[j] ("no more than N creatures can attack [you] / block").
# Requirements (508.1d / 509.1c), each obeyed or not, each counting 1:
#   own_req[c][o]     bit r: picking o obeys requirement r of chooser c ("attacks each
#                     combat if able", "attacks [player] if able", "blocks each combat if
#                     able", "blocks [creature] if able", Lure's per-creature requirement);
#   opt_req[o]        that many requirements obeyed when o is picked by someone ("must be
#                     blocked if able").
# Costs: costly[c] are the options c can pick only by paying (Propaganda: every option
# of that player; War Cadence: every option).
# Affordability (508.1g-i / 509.1d-f): with has_budget, a declaration must also weigh at
#   most ``budget``: each chooser taking part weighs part_w[c] (a cost of its own, e.g.
#   Brainwash's {3}, a block tax; or the mana a source stops making because attacking
#   taps it, 508.1f before 508.1h), each pick of o weighs opt_w[o] (Propaganda's {2} for
#   a creature attacking that player).  Every declaration the searches consider keeps
#   within the budget, so MAX, validation, steps and counting all see only payable ones.
#
# Everything below is nogil C over a fixed-size struct, so the combat phase can fill a
# DSProblem from the board directly; DeclarationSearch at the bottom is the thin Python
# wrapper (mtg_core.combat_search builds problems from friendlier dataclasses).
#
# Exactness.  Deciding legality is coNP-complete (Chatterjee & Ibsen-Jensen, ECAI 2016),
# so every search here has a budget; a problem it can't decide within the budget returns
# DS_TOO_COMPLEX -- an answer is never guessed.  What makes real boards fast:
#  * MAX by branch and bound (ds_max_requirements): requirement holders first, the
#    best-gain pick first; an upper bound (ds_future_bound) that is the least of several
#    valid relaxations -- per-chooser best gains, own requirements + reachable "must be
#    picked" options, a fractional knapsack of the picks menace options need, each "no
#    more than N" cap and each option's remaining "blocked by at most N" room, the picks
#    a menace option still short of its minimum must take from other requirements -- and,
#    once a search grows, the LP relaxation as a max-reward flow (ds_flow_bound);
#  * restriction pruning (ds_feasible) and a dominance rule: a pick that obeys nothing
#    new is only tried where a restriction may need it (see ds_chooser);
#  * symmetry: identical choosers (a swarm of tokens) and exchangeable options form
#    classes; the search only visits the lexicographically greatest member of each
#    symmetry orbit (rows non-increasing within a chooser class, columns within an
#    option class: "double lex", valid for row and column symmetry of a matrix), which
#    is the search over count distributions per class;
#  * MAX is cached in the problem (it depends on nothing else), and ds_reuse_max lets a
#    rebuilt identical problem take it over;
#  * step (ds_step): one completion search per class representative of (chooser,
#    option), every completion found marking all of its pairs at once;
#  * count / enumerate / sample: a memoised DP over the choosers that lumps identical
#    options into one histogram and forgets an option's count once no later chooser can
#    pick it; the k-th declaration is unranked from the counts, and a uniform sample is
#    the k-th for a uniform k.
#
# The combat phase is expected to memset a DSProblem, fill its input fields from the
# board (allowed sets from evasion and "can't attack/block" effects, costs from
# Propaganda-like effects, requirements and caps from the continuous effects), call
# ds_prepare, then ds_validate / ds_step / ds_counter_new + ds_walk.

from libc.stdint cimport uint8_t, uint16_t, int64_t
from libc.stdlib cimport calloc
from libc.string cimport memset

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int ds_pop32(uint32_t x) { return (int)__popcnt(x); }
    static inline int ds_pop64(uint64_t x) { return (int)__popcnt64(x); }
    static inline int ds_ctz32(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
    #else
    static inline int ds_pop32(uint32_t x) { return __builtin_popcount(x); }
    static inline int ds_pop64(uint64_t x) { return __builtin_popcountll(x); }
    static inline int ds_ctz32(uint32_t x) { return __builtin_ctz(x); }
    #endif
    /* Saturating uint64 arithmetic: counts of declarations can exceed 2^64. */
    static inline uint64_t ds_sat_add(uint64_t a, uint64_t b, int* ovf) {
        uint64_t s = a + b; if (s < a) { *ovf = 1; return UINT64_MAX; } return s;
    }
    static inline uint64_t ds_sat_mul(uint64_t a, uint64_t b, int* ovf) {
        if (a == 0 || b == 0) return 0;
        if (a > UINT64_MAX / b) { *ovf = 1; return UINT64_MAX; } return a * b;
    }
    """
    int ds_pop32(uint32_t x) noexcept nogil
    int ds_pop64(uint64_t x) noexcept nogil
    int ds_ctz32(uint32_t x) noexcept nogil
    uint64_t ds_sat_add(uint64_t a, uint64_t b, int* ovf) noexcept nogil
    uint64_t ds_sat_mul(uint64_t a, uint64_t b, int* ovf) noexcept nogil
    const uint64_t DS_U64_MAX "UINT64_MAX"


cpdef enum:
    DS_MAX_CHOOSERS = 32          # creatures declaring (bitsets are uint32)
    DS_MAX_OPTIONS = 32           # attack targets / attackers that may be blocked
    DS_MAX_CAPS = 16              # "no more than N" restrictions
    DS_MAX_OWN_REQS = 64          # requirements of one chooser (uint64 bits)
    DS_UNLIMITED = 255            # opt_max meaning "no limit"
    DS_MAX_KEY = 256              # counting DP: bytes of one state (more -> DS_TOO_COMPLEX)
    DS_DEFAULT_NODE_BUDGET = 5000000
    DS_DEFAULT_STATE_BUDGET = 1000000

cpdef enum:
    # what the search functions return
    DS_OK = 0
    DS_TOO_COMPLEX = 1            # budget exhausted: undecided (never a guess)
    DS_BAD_PROBLEM = 2            # sizes out of range, or not prepared
    DS_NO_MEMORY = 3
    DS_NO_COMPLETION = 4          # step: the partial declaration has no legal completion
    DS_OUT_OF_RANGE = 5           # nth: no declaration of that index

cpdef enum:
    # what a declaration breaks, in the order they are checked (DSViolation.code)
    DS_LEGAL = 0
    DS_V_NOT_ALLOWED = 1          # a = chooser, b = option it may not pick (508.1c / 509.1b)
    DS_V_TOO_MANY = 2             # a = chooser, b = options it picked (508.1a-b / 509.1a)
    DS_V_OPTION_MAX = 3           # a = option, b = choosers picking it (509.1b)
    DS_V_CAP = 4                  # a = cap, b = choosers it counts (508.1c / 509.1b)
    DS_V_OPTION_MIN = 5           # a = option, b = choosers picking it (509.1b, menace)
    DS_V_ALONE = 6                # a = chooser, b = others taking part (508.1c, 506.5)
    DS_V_REQUIREMENTS = 7         # count < maximum (508.1d / 509.1c)
    DS_V_BUDGET = 8               # a = total weight, b = budget: the costs can't be paid
                                  # (508.1g-i / 509.1d-f); checked after the restrictions
    DS_V_BAD_BAND = 9             # combat.pxi only: a band 702.21c-d doesn't allow (a = creature)

cpdef enum:
    DS_FLAG_NO_SYMMETRY = 1       # don't group identical choosers / options (for tests)

cdef enum:
    # bounds are computed in units of 1/DS_SCALE requirement (lcm of 1..8), so a
    # "must be blocked" on a menace option can be shared among the blockers it needs
    DS_SCALE = 840

cdef enum:
    DS_MODE_MAX = 0               # maximise requirements over cost-free declarations
    DS_MODE_TARGET = 1            # find any declaration obeying >= target (costs allowed)


ctypedef struct DSProblem:
    # --- filled by the caller, then ds_prepare() ---
    int32_t n_choosers
    int32_t n_options
    int32_t n_caps
    int32_t flags
    uint32_t allowed[DS_MAX_CHOOSERS]
    uint32_t costly[DS_MAX_CHOOSERS]
    uint8_t max_choices[DS_MAX_CHOOSERS]
    uint8_t min_others[DS_MAX_CHOOSERS]
    uint8_t n_own_reqs[DS_MAX_CHOOSERS]
    uint8_t opt_min[DS_MAX_OPTIONS]
    uint8_t opt_max[DS_MAX_OPTIONS]
    uint8_t opt_req[DS_MAX_OPTIONS]
    uint32_t cap_choosers[DS_MAX_CAPS]
    uint32_t cap_options[DS_MAX_CAPS]
    uint8_t cap_limit[DS_MAX_CAPS]
    int32_t has_budget            # 508.1g-i / 509.1d-f: the weights below must fit the budget
    int32_t budget
    uint16_t part_w[DS_MAX_CHOOSERS]
    uint16_t opt_w[DS_MAX_OPTIONS]
    uint64_t own_req[DS_MAX_CHOOSERS][DS_MAX_OPTIONS]
    # --- derived by ds_prepare() ---
    int32_t prepared
    int32_t n_requirements
    int32_t max_known             # max_value holds MAX (cached: it depends only on the problem)
    int32_t max_value
    int32_t budget_binds          # has_budget and some declaration could weigh more than it
    uint32_t all_options
    uint32_t min_options          # options with opt_min >= 2
    uint32_t req_options          # options with opt_req > 0
    uint32_t max_options          # options with a finite opt_max
    int32_t opt_credit[DS_MAX_OPTIONS]  # opt_req * DS_SCALE / max(opt_min, 1), rounded up
    uint32_t caps_of[DS_MAX_CHOOSERS]
    int32_t chooser_class[DS_MAX_CHOOSERS]  # lowest index of an identical chooser
    int32_t option_class[DS_MAX_OPTIONS]    # lowest index of an identical option (same column)
    int32_t option_sym[DS_MAX_OPTIONS]      # lowest index of an option swapping with it is a
                                            # symmetry (identical up to renumbering requirements)
    int32_t order[DS_MAX_CHOOSERS]          # branch-and-bound order of the choosers
    int32_t n_order


ctypedef struct DSViolation:
    int32_t code                  # DS_LEGAL or DS_V_*
    int32_t a
    int32_t b
    int32_t count                 # requirements the declaration obeys
    int32_t maximum               # MAX (-1 when not needed to decide)


# ---------------------------------------------------------------------------------------
# Preparing a problem

cdef inline uint32_t ds_low_bits(int32_t n) noexcept nogil:
    return <uint32_t>(((<uint64_t>1) << n) - 1)


cdef void ds_canonical_reqs(DSProblem* p, int32_t c) noexcept nogil:
    """Renumber chooser c's own requirements in order of their option sets, so identical
    choosers get identical own_req rows whatever order the caller listed them in."""
    cdef uint32_t sets[DS_MAX_OWN_REQS]
    cdef uint32_t t
    cdef int32_t r, o, i, j, n = p.n_own_reqs[c]
    for r in range(n):
        sets[r] = 0
        for o in range(p.n_options):
            if (p.own_req[c][o] >> r) & 1:
                sets[r] |= (<uint32_t>1) << o
    for i in range(1, n):
        t = sets[i]
        j = i - 1
        while j >= 0 and sets[j] > t:
            sets[j + 1] = sets[j]
            j -= 1
        sets[j + 1] = t
    for o in range(p.n_options):
        p.own_req[c][o] = 0
        for r in range(n):
            if (sets[r] >> o) & 1:
                p.own_req[c][o] |= (<uint64_t>1) << r


cdef bint ds_same_chooser(const DSProblem* p, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t o
    if (p.allowed[a] != p.allowed[b] or p.costly[a] != p.costly[b] or p.part_w[a] != p.part_w[b]
            or p.max_choices[a] != p.max_choices[b] or p.min_others[a] != p.min_others[b]
            or p.n_own_reqs[a] != p.n_own_reqs[b] or p.caps_of[a] != p.caps_of[b]):
        return False
    for o in range(p.n_options):
        if p.own_req[a][o] != p.own_req[b][o]:
            return False
    return True


cdef bint ds_same_option(const DSProblem* p, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t c, j
    if (p.opt_min[a] != p.opt_min[b] or p.opt_max[a] != p.opt_max[b]
            or p.opt_req[a] != p.opt_req[b] or p.opt_w[a] != p.opt_w[b]):
        return False
    for j in range(p.n_caps):
        if ((p.cap_options[j] >> a) & 1) != ((p.cap_options[j] >> b) & 1):
            return False
    for c in range(p.n_choosers):
        if (((p.allowed[c] >> a) & 1) != ((p.allowed[c] >> b) & 1)
                or ((p.costly[c] >> a) & 1) != ((p.costly[c] >> b) & 1)
                or p.own_req[c][a] != p.own_req[c][b]):
            return False
    return True


cdef void ds_sort32(uint32_t* a, int32_t n) noexcept nogil:
    cdef int32_t i, j
    cdef uint32_t t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and a[j] > t:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


cdef bint ds_swappable(const DSProblem* p, int32_t a, int32_t b) noexcept nogil:
    """Is exchanging options a and b a symmetry of the problem?  As ds_same_option, except
    that a chooser's requirements need only be the same family of option sets after the
    exchange: "c blocks a if able" and "c blocks b if able" (two Lures) swap places."""
    cdef uint32_t sets[DS_MAX_OWN_REQS]
    cdef uint32_t swapped[DS_MAX_OWN_REQS]
    cdef uint32_t s, ab = ((<uint32_t>1) << a) | ((<uint32_t>1) << b)
    cdef int32_t c, j, r, o
    if (p.opt_min[a] != p.opt_min[b] or p.opt_max[a] != p.opt_max[b]
            or p.opt_req[a] != p.opt_req[b] or p.opt_w[a] != p.opt_w[b]):
        return False
    for j in range(p.n_caps):
        if ((p.cap_options[j] >> a) & 1) != ((p.cap_options[j] >> b) & 1):
            return False
    for c in range(p.n_choosers):
        if (((p.allowed[c] >> a) & 1) != ((p.allowed[c] >> b) & 1)
                or ((p.costly[c] >> a) & 1) != ((p.costly[c] >> b) & 1)
                or ds_pop64(p.own_req[c][a]) != ds_pop64(p.own_req[c][b])):
            return False
    for c in range(p.n_choosers):
        if p.own_req[c][a] == p.own_req[c][b]:
            continue                    # every requirement names both or neither
        for r in range(p.n_own_reqs[c]):
            s = 0
            for o in range(p.n_options):
                if (p.own_req[c][o] >> r) & 1:
                    s |= (<uint32_t>1) << o
            sets[r] = s
            swapped[r] = s ^ ab if ((s >> a) & 1) != ((s >> b) & 1) else s
        ds_sort32(sets, p.n_own_reqs[c])
        ds_sort32(swapped, p.n_own_reqs[c])
        for r in range(p.n_own_reqs[c]):
            if sets[r] != swapped[r]:
                return False
    return True


cdef int32_t ds_static_gain(const DSProblem* p, int32_t c) noexcept nogil:
    """Most requirements chooser c could obey alone (for ordering only)."""
    cdef uint64_t all_own = 0
    cdef uint32_t m = p.allowed[c]
    cdef int32_t o, g = 0
    while m:
        o = ds_ctz32(m)
        m &= m - 1
        all_own |= p.own_req[c][o]
        g += p.opt_req[o]
    return ds_pop64(all_own) + g


cdef int ds_prepare(DSProblem* p) noexcept nogil:
    """Check sizes, normalise, find identical choosers/options and the search order.
    Must be called after filling the problem and before any search."""
    cdef int32_t n = p.n_choosers, m = p.n_options, c, c2, o, o2, j, i, k
    cdef int32_t key[DS_MAX_CHOOSERS]
    cdef uint64_t reqmask
    cdef int64_t heaviest = 0
    cdef uint32_t mm
    p.prepared = 0
    p.max_known = 0
    if n < 0 or n > DS_MAX_CHOOSERS or m < 0 or m > DS_MAX_OPTIONS:
        return DS_BAD_PROBLEM
    if p.n_caps < 0 or p.n_caps > DS_MAX_CAPS:
        return DS_BAD_PROBLEM
    p.all_options = ds_low_bits(m)
    p.n_requirements = 0
    for c in range(DS_MAX_CHOOSERS):
        if c >= n:                      # unused rows are zero, so equality tests are sound
            p.allowed[c] = 0
            p.costly[c] = 0
            p.max_choices[c] = 0
            p.min_others[c] = 0
            p.n_own_reqs[c] = 0
            p.part_w[c] = 0
            memset(&p.own_req[c][0], 0, sizeof(uint64_t) * DS_MAX_OPTIONS)
            continue
        if p.n_own_reqs[c] > DS_MAX_OWN_REQS:
            return DS_BAD_PROBLEM
        p.allowed[c] &= p.all_options
        if p.max_choices[c] == 0:
            p.allowed[c] = 0
        p.costly[c] &= p.allowed[c]
        if p.max_choices[c] > m:
            p.max_choices[c] = <uint8_t>m
        reqmask = (~(<uint64_t>0)) if p.n_own_reqs[c] == 64 else \
            (((<uint64_t>1) << p.n_own_reqs[c]) - 1)
        for o in range(DS_MAX_OPTIONS):
            if o >= m or not ((p.allowed[c] >> o) & 1):
                p.own_req[c][o] = 0     # an option c can't pick obeys none of its requirements
            else:
                p.own_req[c][o] &= reqmask
        ds_canonical_reqs(p, c)
        p.n_requirements += p.n_own_reqs[c]
    p.min_options = 0
    p.req_options = 0
    p.max_options = 0
    for o in range(DS_MAX_OPTIONS):
        if o >= m:
            p.opt_min[o] = 0
            p.opt_max[o] = DS_UNLIMITED
            p.opt_req[o] = 0
            p.opt_w[o] = 0
            continue
        if p.opt_min[o] <= 1:
            p.opt_min[o] = 0
        else:
            p.min_options |= (<uint32_t>1) << o
        if p.opt_max[o] >= n:
            p.opt_max[o] = DS_UNLIMITED
        else:
            p.max_options |= (<uint32_t>1) << o
        if p.opt_req[o] > 0:
            p.req_options |= (<uint32_t>1) << o
        # each of the (at least opt_min) choosers picking it first is credited a share
        k = p.opt_min[o] if p.opt_min[o] > 1 else 1
        p.opt_credit[o] = (p.opt_req[o] * DS_SCALE + k - 1) // k
        p.n_requirements += p.opt_req[o]
    # 508.1g-i / 509.1d-f: does the budget bind (could some declaration weigh more)?
    p.budget_binds = 0
    if p.has_budget:
        if p.budget < 0:
            return DS_BAD_PROBLEM
        for c in range(n):
            if p.allowed[c]:
                heaviest += p.part_w[c]
                mm = p.allowed[c]
                while mm:
                    o = ds_ctz32(mm)
                    mm &= mm - 1
                    heaviest += p.opt_w[o]
        p.budget_binds = heaviest > p.budget
    for c in range(DS_MAX_CHOOSERS):
        p.caps_of[c] = 0
    for j in range(p.n_caps):
        p.cap_choosers[j] &= ds_low_bits(n)
        p.cap_options[j] &= p.all_options
        for c in range(n):
            if (p.cap_choosers[j] >> c) & 1:
                p.caps_of[c] |= (<uint32_t>1) << j
    # identical choosers / options (the symmetry the searches exploit)
    for c in range(n):
        p.chooser_class[c] = c
        if not (p.flags & DS_FLAG_NO_SYMMETRY):
            for c2 in range(c):
                if p.chooser_class[c2] == c2 and ds_same_chooser(p, c, c2):
                    p.chooser_class[c] = c2
                    break
    for o in range(m):
        p.option_class[o] = o
        p.option_sym[o] = o
        if not (p.flags & DS_FLAG_NO_SYMMETRY):
            for o2 in range(o):
                if p.option_class[o2] == o2 and ds_same_option(p, o, o2):
                    p.option_class[o] = o2
                    break
            for o2 in range(o):
                if p.option_sym[o2] == o2 and ds_swappable(p, o, o2):
                    p.option_sym[o] = o2
                    break
    # search order: choosers that can take part; requirement holders first (they make
    # good incumbents early), then the most constrained; a class stays together
    p.n_order = 0
    for c in range(n):
        if p.allowed[c] == 0:
            continue
        key[p.n_order] = c
        p.n_order += 1
    for i in range(1, p.n_order):
        k = key[i]
        j = i - 1
        while j >= 0 and ds_order_before(p, k, key[j]):
            key[j + 1] = key[j]
            j -= 1
        key[j + 1] = k
    for i in range(p.n_order):
        p.order[i] = key[i]
    p.prepared = 1
    return DS_OK


cdef bint ds_order_before(const DSProblem* p, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t ra = ds_static_gain(p, a) > 0, rb = ds_static_gain(p, b) > 0
    if ra != rb:
        return ra > rb
    if ds_pop32(p.allowed[a]) != ds_pop32(p.allowed[b]):
        return ds_pop32(p.allowed[a]) < ds_pop32(p.allowed[b])
    return p.chooser_class[a] < p.chooser_class[b]


# ---------------------------------------------------------------------------------------
# Checking one declaration against the restrictions (508.1c / 509.1b) and counting the
# requirements it obeys (508.1d / 509.1c).

cdef int32_t ds_count_obeyed(const DSProblem* p, const uint32_t* picks) noexcept nogil:
    cdef int32_t c, o, total = 0
    cdef uint32_t m, chosen = 0
    cdef uint64_t own
    for c in range(p.n_choosers):
        m = picks[c] & p.all_options
        chosen |= m
        own = 0
        while m:
            o = ds_ctz32(m)
            m &= m - 1
            own |= p.own_req[c][o]
        total += ds_pop64(own)
    m = chosen
    while m:
        o = ds_ctz32(m)
        m &= m - 1
        total += p.opt_req[o]
    return total


cdef int32_t ds_check(const DSProblem* p, const uint32_t* picks, DSViolation* v) noexcept nogil:
    """The first restriction ``picks`` breaks (DS_V_*), or DS_LEGAL; v.count is always the
    number of requirements it obeys.  Does not compare with the maximum."""
    cdef int32_t c, o, j, k, participants = 0
    cdef int32_t cnt[DS_MAX_OPTIONS]
    cdef uint32_t m
    v.code = DS_LEGAL
    v.a = -1
    v.b = -1
    v.maximum = -1
    v.count = ds_count_obeyed(p, picks)
    for c in range(p.n_choosers):                       # 508.1c / 509.1b: may it pick that?
        if picks[c] & ~p.allowed[c]:
            v.code = DS_V_NOT_ALLOWED
            v.a = c
            v.b = ds_ctz32(picks[c] & ~p.allowed[c])
            return v.code
    for c in range(p.n_choosers):                       # 508.1a-b: one target; 509.1a: one attacker
        if ds_pop32(picks[c]) > p.max_choices[c]:
            v.code = DS_V_TOO_MANY
            v.a = c
            v.b = ds_pop32(picks[c])
            return v.code
    for o in range(p.n_options):
        cnt[o] = 0
    for c in range(p.n_choosers):
        if picks[c]:
            participants += 1
        m = picks[c]
        while m:
            o = ds_ctz32(m)
            m &= m - 1
            cnt[o] += 1
    for o in range(p.n_options):                        # "can't be blocked by more than one"
        if p.opt_max[o] != DS_UNLIMITED and cnt[o] > p.opt_max[o]:
            v.code = DS_V_OPTION_MAX
            v.a = o
            v.b = cnt[o]
            return v.code
    for j in range(p.n_caps):                           # "no more than N creatures can ..."
        k = 0
        for c in range(p.n_choosers):
            if (p.cap_choosers[j] >> c) & 1 and (picks[c] & p.cap_options[j]):
                k += 1
        if k > p.cap_limit[j]:
            v.code = DS_V_CAP
            v.a = j
            v.b = k
            return v.code
    for o in range(p.n_options):                        # menace and "three or more"
        if p.opt_min[o] and 0 < cnt[o] < p.opt_min[o]:
            v.code = DS_V_OPTION_MIN
            v.a = o
            v.b = cnt[o]
            return v.code
    for c in range(p.n_choosers):                       # "can't attack / block alone" (506.5)
        if picks[c] and participants - 1 < p.min_others[c]:
            v.code = DS_V_ALONE
            v.a = c
            v.b = participants - 1
            return v.code
    if p.has_budget:                                    # 508.1g-i / 509.1d-f: payable?
        k = ds_weight(p, picks)
        if k > p.budget:
            v.code = DS_V_BUDGET
            v.a = k
            v.b = p.budget
            return v.code
    return DS_LEGAL


cdef int32_t ds_weight(const DSProblem* p, const uint32_t* picks) noexcept nogil:
    """What a declaration weighs against the budget (part_w of each chooser taking part,
    opt_w of each pick)."""
    cdef int32_t c, o, total = 0
    cdef uint32_t m
    for c in range(p.n_choosers):
        m = picks[c] & p.all_options
        if m:
            total += p.part_w[c]
        while m:
            o = ds_ctz32(m)
            m &= m - 1
            total += p.opt_w[o]
    return total


# ---------------------------------------------------------------------------------------
# Branch and bound

cdef enum:
    DS_FLOW_NODES = DS_MAX_CHOOSERS + DS_MAX_OPTIONS + 2
    DS_FLOW_EDGES = 2 * (DS_MAX_CHOOSERS + DS_MAX_CHOOSERS * DS_MAX_OPTIONS + 2 * DS_MAX_OPTIONS)
    DS_FLOW_AFTER = 1000          # nodes a search runs before it also uses the flow bound
    DS_FLOW_COST = 64             # budget charged for one flow bound (it costs ~that many nodes)

ctypedef struct DSFlow:
    # max-reward flow: source -> choosers -> options -> sink (see ds_flow_bound)
    int32_t n_nodes
    int32_t n_edges
    int32_t head[DS_FLOW_NODES]
    int32_t nxt[DS_FLOW_EDGES]
    int32_t to[DS_FLOW_EDGES]
    int32_t cap[DS_FLOW_EDGES]
    int32_t cost[DS_FLOW_EDGES]
    int32_t dist[DS_FLOW_NODES]
    int32_t prev[DS_FLOW_NODES]
    int32_t queue[DS_FLOW_NODES + 1]   # circular; one spare slot so full != empty
    uint8_t inq[DS_FLOW_NODES]


ctypedef struct DSSearch:
    DSProblem* p
    int32_t mode
    int32_t target                # DS_MODE_TARGET: obey at least this many
    int32_t best                  # best count found (-1: none yet)
    int32_t stop_at               # DS_MODE_MAX: the root upper bound (reaching it ends the search)
    int64_t nodes
    int64_t budget
    int32_t aborted
    int32_t done
    int32_t n_pos                 # choosers still to decide, in search order
    int32_t pos_chooser[DS_MAX_CHOOSERS]
    int32_t prev_same[DS_MAX_CHOOSERS]   # earlier position of an interchangeable chooser, or -1
    int32_t col_next[DS_MAX_OPTIONS]     # next higher interchangeable option, or -1
    int32_t col_prev[DS_MAX_OPTIONS]
    uint32_t col_eq               # bit b: columns b and col_next[b] equal on the rows decided so far
    uint32_t avail[DS_MAX_CHOOSERS]
    uint32_t picks[DS_MAX_CHOOSERS]
    uint64_t own_sat[DS_MAX_CHOOSERS]
    uint32_t best_picks[DS_MAX_CHOOSERS]
    int32_t count[DS_MAX_OPTIONS]
    int32_t cap_count[DS_MAX_CAPS]
    uint32_t full                 # options at their opt_max
    uint32_t chosen               # options picked by someone
    int32_t participants
    int32_t need                  # participants needed (max of min_others + 1 of those taking part)
    int32_t sat                   # requirements obeyed so far
    int32_t any_alone             # some chooser has min_others
    int32_t spent                 # weight of the picks so far (508.1g-i / 509.1d-f)
    DSFlow flow


cdef inline void ds_add(DSSearch* S, int32_t c, int32_t o) noexcept nogil:
    """Chooser c picks o.  The caller saves own_sat[c] and need to undo (ds_remove)."""
    cdef DSProblem* p = S.p
    cdef uint32_t bit = (<uint32_t>1) << o, caps = p.caps_of[c]
    cdef uint64_t ns
    cdef int32_t j
    if S.picks[c] == 0:
        S.participants += 1
        S.spent += p.part_w[c]
        if p.min_others[c] + 1 > S.need:
            S.need = p.min_others[c] + 1
    S.spent += p.opt_w[o]
    while caps:
        j = ds_ctz32(caps)
        caps &= caps - 1
        if (p.cap_options[j] & bit) and not (S.picks[c] & p.cap_options[j]):
            S.cap_count[j] += 1
    ns = S.own_sat[c] | p.own_req[c][o]
    S.sat += ds_pop64(ns) - ds_pop64(S.own_sat[c])
    S.own_sat[c] = ns
    if S.count[o] == 0:
        S.sat += p.opt_req[o]
        S.chosen |= bit
    S.count[o] += 1
    if p.opt_max[o] != DS_UNLIMITED and S.count[o] >= p.opt_max[o]:
        S.full |= bit
    S.picks[c] |= bit


cdef inline void ds_remove(DSSearch* S, int32_t c, int32_t o, uint64_t saved_own,
                           int32_t saved_need) noexcept nogil:
    cdef DSProblem* p = S.p
    cdef uint32_t bit = (<uint32_t>1) << o, caps = p.caps_of[c]
    cdef int32_t j
    S.picks[c] &= ~bit
    S.count[o] -= 1
    if p.opt_max[o] == DS_UNLIMITED or S.count[o] < p.opt_max[o]:
        S.full &= ~bit
    if S.count[o] == 0:
        S.sat -= p.opt_req[o]
        S.chosen &= ~bit
    S.sat -= ds_pop64(S.own_sat[c]) - ds_pop64(saved_own)
    S.own_sat[c] = saved_own
    while caps:
        j = ds_ctz32(caps)
        caps &= caps - 1
        if (p.cap_options[j] & bit) and not (S.picks[c] & p.cap_options[j]):
            S.cap_count[j] -= 1
    S.spent -= p.opt_w[o]
    if S.picks[c] == 0:
        S.participants -= 1
        S.spent -= p.part_w[c]
    S.need = saved_need


cdef inline uint32_t ds_can_add(DSSearch* S, int32_t c) noexcept nogil:
    """Options c could still add now: allowed (and cost-free when maximising), not full,
    not closed by a full cap (508.1c / 509.1b)."""
    cdef DSProblem* p = S.p
    cdef uint32_t blocked = S.full, caps = p.caps_of[c], m
    cdef int32_t j, room
    if ds_pop32(S.picks[c]) >= p.max_choices[c]:
        return 0
    while caps:
        j = ds_ctz32(caps)
        caps &= caps - 1
        if S.cap_count[j] >= p.cap_limit[j] and not (S.picks[c] & p.cap_options[j]):
            blocked |= p.cap_options[j]
    if p.budget_binds:                  # 508.1g-i / 509.1d-f: what is still payable
        room = p.budget - S.spent - (p.part_w[c] if S.picks[c] == 0 else 0)
        m = S.avail[c] & ~S.picks[c] & ~blocked
        while m:
            j = ds_ctz32(m)
            m &= m - 1
            if p.opt_w[j] > room:
                blocked |= (<uint32_t>1) << j
    return S.avail[c] & ~S.picks[c] & ~blocked


cdef bint ds_feasible(DSSearch* S, int32_t pos) noexcept nogil:
    """Can the choosers from ``pos`` on still mend the restrictions a partial declaration
    leaves open (a menace option picked once, a "can't attack alone" creature alone)?
    A necessary condition; at the leaf (pos == n_pos) it is the exact check."""
    cdef DSProblem* p = S.p
    cdef uint32_t short = S.chosen & p.min_options
    cdef int32_t o, q, c, supply
    while short:
        o = ds_ctz32(short)
        short &= short - 1
        if S.count[o] >= p.opt_min[o]:
            continue
        supply = 0
        for q in range(pos, S.n_pos):
            c = S.pos_chooser[q]
            if ((S.avail[c] & ~S.picks[c] & ~S.full) >> o) & 1 and ds_pop32(S.picks[c]) < p.max_choices[c]:
                supply += 1
        if supply < p.opt_min[o] - S.count[o]:
            return False
    if S.need > S.participants:
        supply = 0
        for q in range(pos, S.n_pos):
            if S.picks[S.pos_chooser[q]] == 0:
                supply += 1
        if S.participants + supply < S.need:
            return False
    return True


cdef int32_t ds_top_sum(int32_t* vals, int32_t n, int32_t k) noexcept nogil:
    """Sum of the k largest of vals[0..n) (vals is reordered)."""
    cdef int32_t i, j, best, t, total = 0
    if k >= n:
        for i in range(n):
            total += vals[i]
        return total
    for i in range(k):
        best = i
        for j in range(i + 1, n):
            if vals[j] > vals[best]:
                best = j
        t = vals[i]
        vals[i] = vals[best]
        vals[best] = t
        total += vals[i]
    return total


cdef inline void ds_potential(DSSearch* S, int32_t c, uint32_t can, uint32_t unchosen,
                              int32_t* pc, int32_t* oc) noexcept nogil:
    ds_potential_room(S, c, can, unchosen, S.p.max_choices[c] - ds_pop32(S.picks[c]), pc, oc)


cdef void ds_potential_room(DSSearch* S, int32_t c, uint32_t can, uint32_t unchosen,
                           int32_t room, int32_t* pc, int32_t* oc) noexcept nogil:
    """What chooser c could still add picking from ``can``, in 1/DS_SCALE units: pc =
    own requirements plus its share of the "must be picked" options it could newly pick
    (opt_credit), oc = own requirements only.  At most ``room`` more picks, each adding at
    most its own per-option gain."""
    cdef DSProblem* p = S.p
    cdef int32_t o, g, og, n_r = 0, n_o = 0, t
    cdef int32_t reqs[DS_MAX_OPTIONS]
    cdef int32_t own_g[DS_MAX_OPTIONS]
    cdef int32_t all_g[DS_MAX_OPTIONS]
    cdef uint64_t allown = 0
    pc[0] = 0
    oc[0] = 0
    if room <= 0:
        return
    if room == 1:
        while can:
            o = ds_ctz32(can)
            can &= can - 1
            og = ds_pop64(p.own_req[c][o] & ~S.own_sat[c]) * DS_SCALE
            g = og + (p.opt_credit[o] if (unchosen >> o) & 1 else 0)
            if g > pc[0]:
                pc[0] = g
            if og > oc[0]:
                oc[0] = og
        return
    while can:
        o = ds_ctz32(can)
        can &= can - 1
        allown |= p.own_req[c][o]
        own_g[n_o] = ds_pop64(p.own_req[c][o] & ~S.own_sat[c]) * DS_SCALE
        all_g[n_o] = own_g[n_o]
        if (unchosen >> o) & 1:
            reqs[n_r] = p.opt_credit[o]
            all_g[n_o] += p.opt_credit[o]
            n_r += 1
        n_o += 1
    oc[0] = ds_pop64(allown & ~S.own_sat[c]) * DS_SCALE
    t = ds_top_sum(own_g, n_o, room)
    if t < oc[0]:
        oc[0] = t
    pc[0] = oc[0] + ds_top_sum(reqs, n_r, room)
    t = ds_top_sum(all_g, n_o, room)
    if t < pc[0]:
        pc[0] = t


cdef int32_t ds_restricted_bound(DSSearch* S, int32_t n, const int32_t* who,
                                 const uint32_t* can, const int32_t* pc, const int32_t* oc,
                                 uint32_t unchosen, uint32_t inside, int32_t rem,
                                 uint32_t choosers, bint counted_free, int32_t opt_pot,
                                 int32_t ub) noexcept nogil:
    """Tighten ``ub`` knowing that at most ``rem`` more of ``choosers`` can pick in
    ``inside`` (a cap, or options with limited room): each such chooser counts only what
    it gains outside, plus the rem best extra gains inside.  ``counted_free``: a chooser
    already picking inside doesn't use up rem (a cap counts creatures, not picks)."""
    cdef DSProblem* p = S.p
    cdef int32_t ext_p[DS_MAX_CHOOSERS]
    cdef int32_t ext_o[DS_MAX_CHOOSERS]
    cdef int32_t i, c, n_in = 0, base_p = 0, base_o = 0, out_p, out_o, t
    for i in range(n):
        c = who[i]
        if (choosers >> c) & 1 and (can[i] & inside) and not (counted_free and (S.picks[c] & inside)):
            n_in += 1
    if n_in <= rem:
        return ub                       # doesn't bind
    n_in = 0
    for i in range(n):
        c = who[i]
        if (choosers >> c) & 1 and (can[i] & inside) and not (counted_free and (S.picks[c] & inside)):
            ds_potential(S, c, can[i] & ~inside, unchosen, &out_p, &out_o)
            base_p += out_p
            base_o += out_o
            ext_p[n_in] = pc[i] - out_p
            ext_o[n_in] = oc[i] - out_o
            n_in += 1
        else:
            base_p += pc[i]
            base_o += oc[i]
    t = base_p + ds_top_sum(ext_p, n_in, rem)
    if t < ub:
        ub = t
    t = base_o + ds_top_sum(ext_o, n_in, rem) + opt_pot
    if t < ub:
        ub = t
    return ub


cdef int32_t ds_deficit_bound(DSSearch* S, int32_t n, const int32_t* who, const uint32_t* can,
                              const int32_t* pc, const int32_t* oc, int32_t o, int32_t d,
                              int32_t ub_a, int32_t ub_b, int32_t ub) noexcept nogil:
    """Option o is picked but ``d`` short of its minimum: at least d more choosers must
    pick it.  Such a chooser gains at most what o gives it (o is already picked, so no
    "must be picked" requirement) plus what its other picks could: subtract the d
    smallest losses from bounds (a) and (b)."""
    cdef DSProblem* p = S.p
    cdef int32_t loss_p[DS_MAX_CHOOSERS]
    cdef int32_t loss_o[DS_MAX_CHOOSERS]
    cdef int32_t i, c, k = 0, g, t, room, rest_p, rest_o
    cdef uint32_t unchosen = p.req_options & ~S.chosen
    for i in range(n):
        if not ((can[i] >> o) & 1):
            continue
        c = who[i]
        room = p.max_choices[c] - ds_pop32(S.picks[c])
        g = ds_pop64(p.own_req[c][o] & ~S.own_sat[c]) * DS_SCALE
        rest_p = 0
        rest_o = 0
        if room > 1:
            ds_potential_room(S, c, can[i] & ~((<uint32_t>1) << o), unchosen, room - 1,
                              &rest_p, &rest_o)
        # negated: ds_top_sum picks the largest
        loss_p[k] = -(pc[i] - g - rest_p) if pc[i] > g + rest_p else 0
        loss_o[k] = -(oc[i] - g - rest_o) if oc[i] > g + rest_o else 0
        k += 1
    if k < d:
        return -1                       # can't be mended (ds_feasible would catch it too)
    t = ub_a + ds_top_sum(loss_p, k, d)
    if t < ub:
        ub = t
    t = ub_b + ds_top_sum(loss_o, k, d)
    if t < ub:
        ub = t
    return ub


cdef int32_t ds_future_bound(DSSearch* S, int32_t pos) noexcept nogil:
    """An upper bound on the requirements the choosers from ``pos`` on can still add.
    The least of:
    (a) each chooser's best gain (own requirements + "must be picked" options it could
        newly pick), summed;
    (b) own requirements summed + every "must be picked" option still reachable;
    (c) own requirements summed + the "must be picked" options the remaining picks can
        pay for: newly picking a menace option takes min_choosers picks (a fractional
        knapsack, so a valid bound);
    and (a), (b) again for each "no more than N" cap and each class of options with a
    limited number of pickers left, where only that many more choosers can gain there."""
    cdef DSProblem* p = S.p
    cdef uint32_t unchosen = p.req_options & ~S.chosen, m, reach = 0, inside, done_classes = 0
    cdef uint32_t can[DS_MAX_CHOOSERS]
    cdef int32_t pc[DS_MAX_CHOOSERS]
    cdef int32_t oc[DS_MAX_CHOOSERS]
    cdef int32_t who[DS_MAX_CHOOSERS]
    cdef int32_t val[DS_MAX_OPTIONS]
    cdef int32_t cost[DS_MAX_OPTIONS]
    cdef int32_t q, c, o, o2, j, i, k, n = 0, sum_p = 0, sum_own = 0, opt_pot = 0, ub, rem
    cdef int32_t picks_left = 0, n_items = 0, total_cost = 0, room, got, t
    for q in range(pos, S.n_pos):
        c = S.pos_chooser[q]
        can[n] = ds_can_add(S, c)
        if can[n] == 0:
            continue
        reach |= can[n]
        ds_potential(S, c, can[n], unchosen, &pc[n], &oc[n])
        room = p.max_choices[c] - ds_pop32(S.picks[c])
        picks_left += room if room < ds_pop32(can[n]) else ds_pop32(can[n])
        who[n] = c
        sum_p += pc[n]
        sum_own += oc[n]
        n += 1
    m = reach & unchosen
    while m:
        o = ds_ctz32(m)
        m &= m - 1
        opt_pot += p.opt_req[o] * DS_SCALE
        val[n_items] = p.opt_req[o] * DS_SCALE
        cost[n_items] = p.opt_min[o] if p.opt_min[o] > 1 else 1
        total_cost += cost[n_items]
        n_items += 1
    ub = sum_p if sum_p < sum_own + opt_pot else sum_own + opt_pot
    if ub == 0:
        return 0
    if picks_left < total_cost:        # (c): greedy by value per pick
        got = 0
        for i in range(n_items):
            k = i
            for j in range(i + 1, n_items):
                if val[j] * cost[k] > val[k] * cost[j]:
                    k = j
            t = val[i]; val[i] = val[k]; val[k] = t
            t = cost[i]; cost[i] = cost[k]; cost[k] = t
            if cost[i] <= picks_left:
                picks_left -= cost[i]
                got += val[i]
            else:
                got += (val[i] * picks_left) // cost[i]
                break
        if sum_own + got < ub:
            ub = sum_own + got
    m = S.chosen & p.min_options
    while m:                            # a menace option short of its minimum
        o = ds_ctz32(m)
        m &= m - 1
        if S.count[o] >= p.opt_min[o]:
            continue
        ub = ds_deficit_bound(S, n, who, can, pc, oc, o, p.opt_min[o] - S.count[o],
                              sum_p, sum_own + opt_pot, ub)
    for j in range(p.n_caps):
        ub = ds_restricted_bound(S, n, who, can, pc, oc, unchosen, p.cap_options[j],
                                 p.cap_limit[j] - S.cap_count[j], p.cap_choosers[j], True,
                                 opt_pot, ub)
    m = reach & p.max_options
    while m:                            # "can't be blocked by more than N", per class
        o = ds_ctz32(m)
        m &= m - 1
        k = p.option_class[o]
        if (done_classes >> k) & 1:
            continue
        done_classes |= (<uint32_t>1) << k
        inside = 0
        rem = 0
        for o2 in range(o, p.n_options):
            if p.option_class[o2] == k and (reach >> o2) & 1:
                inside |= (<uint32_t>1) << o2
                rem += p.opt_max[o2] - S.count[o2]
        ub = ds_restricted_bound(S, n, who, can, pc, oc, unchosen, inside, rem,
                                 0xFFFFFFFFU, False, opt_pot, ub)
    if ub < 0:
        return -1
    return ub // DS_SCALE


cdef inline void ds_flow_edge(DSFlow* F, int32_t a, int32_t b, int32_t cap, int32_t reward) noexcept nogil:
    cdef int32_t e = F.n_edges
    F.to[e] = b; F.cap[e] = cap; F.cost[e] = -reward; F.nxt[e] = F.head[a]; F.head[a] = e
    F.to[e + 1] = a; F.cap[e + 1] = 0; F.cost[e + 1] = reward; F.nxt[e + 1] = F.head[b]
    F.head[b] = e + 1
    F.n_edges = e + 2


cdef int32_t ds_flow_bound(DSSearch* S, int32_t pos) noexcept nogil:
    """The LP relaxation of what the choosers from ``pos`` on can still add, as a
    max-reward flow (in 1/DS_SCALE units): each chooser sends up to its remaining picks,
    one unit per option it can pick, rewarded by the own requirements that option obeys;
    an option takes at most as many more pickers as its maximum allows, and a "must be
    picked" option not yet picked rewards its first max(opt_min, 1) units opt_credit each.
    Every completion is such a flow with at least its gain (caps, "alone" and menace
    shortfalls are relaxed away), so the value bounds the gain.  Successive shortest
    paths (SPFA) with integer costs; stops when no path adds reward."""
    cdef DSProblem* p = S.p
    cdef DSFlow* F = &S.flow
    cdef int32_t q, c, o, i, room, rem, m_o, src, sink, e, u, v, qh, qt, bott, total = 0
    cdef uint32_t can, reach = 0, unchosen = p.req_options & ~S.chosen
    cdef int32_t n_ch = 0
    src = 0
    sink = 1 + DS_MAX_CHOOSERS + DS_MAX_OPTIONS
    F.n_nodes = sink + 1
    F.n_edges = 0
    for i in range(F.n_nodes):
        F.head[i] = -1
    for q in range(pos, S.n_pos):
        c = S.pos_chooser[q]
        can = ds_can_add(S, c)
        if can == 0:
            continue
        room = p.max_choices[c] - ds_pop32(S.picks[c])
        if room > ds_pop32(can):
            room = ds_pop32(can)
        ds_flow_edge(F, src, 1 + c, room, 0)
        reach |= can
        while can:
            o = ds_ctz32(can)
            can &= can - 1
            ds_flow_edge(F, 1 + c, 1 + DS_MAX_CHOOSERS + o,
                         1, ds_pop64(p.own_req[c][o] & ~S.own_sat[c]) * DS_SCALE)
        n_ch += 1
    if n_ch == 0:
        return 0
    while reach:
        o = ds_ctz32(reach)
        reach &= reach - 1
        rem = (p.opt_max[o] - S.count[o]) if p.opt_max[o] != DS_UNLIMITED else DS_MAX_CHOOSERS
        if (unchosen >> o) & 1:
            m_o = p.opt_min[o] if p.opt_min[o] > 1 else 1
            if m_o > rem:
                m_o = rem
            ds_flow_edge(F, 1 + DS_MAX_CHOOSERS + o, sink, m_o, p.opt_credit[o])
            rem -= m_o
        if rem > 0:
            ds_flow_edge(F, 1 + DS_MAX_CHOOSERS + o, sink, rem, 0)
    while True:
        for i in range(F.n_nodes):
            F.dist[i] = 0x3FFFFFFF
            F.inq[i] = 0
            F.prev[i] = -1
        F.dist[src] = 0
        qh = 0
        qt = 0
        F.queue[qt] = src
        qt = 1
        F.inq[src] = 1
        while qh != qt:
            u = F.queue[qh]
            qh = (qh + 1) % (DS_FLOW_NODES + 1)
            F.inq[u] = 0
            e = F.head[u]
            while e >= 0:
                if F.cap[e] > 0:
                    v = F.to[e]
                    if F.dist[u] + F.cost[e] < F.dist[v]:
                        F.dist[v] = F.dist[u] + F.cost[e]
                        F.prev[v] = e
                        if not F.inq[v]:
                            F.inq[v] = 1
                            F.queue[qt] = v
                            qt = (qt + 1) % (DS_FLOW_NODES + 1)
                e = F.nxt[e]
        if F.dist[sink] >= 0:           # no path with positive reward left
            break
        bott = 0x3FFFFFFF
        v = sink
        while v != src:
            e = F.prev[v]
            if F.cap[e] < bott:
                bott = F.cap[e]
            v = F.to[e ^ 1]
        v = sink
        while v != src:
            e = F.prev[v]
            F.cap[e] -= bott
            F.cap[e ^ 1] += bott
            v = F.to[e ^ 1]
        total -= bott * F.dist[sink]
    return total // DS_SCALE


cdef void ds_leaf(DSSearch* S) noexcept nogil:
    cdef int32_t c
    if S.mode == DS_MODE_MAX:
        if S.sat > S.best:
            S.best = S.sat
            for c in range(S.p.n_choosers):
                S.best_picks[c] = S.picks[c]
            if S.best >= S.stop_at:
                S.done = 1
    elif S.sat >= S.target:
        S.best = S.sat
        for c in range(S.p.n_choosers):
            S.best_picks[c] = S.picks[c]
        S.done = 1


cdef void ds_dfs(DSSearch* S, int32_t pos) noexcept nogil:
    cdef int32_t ub, c
    cdef uint64_t lim
    if S.done:
        return
    S.nodes += 1
    if S.nodes > S.budget:
        S.aborted = 1
        S.done = 1
        return
    if not ds_feasible(S, pos):
        return
    if pos == S.n_pos:
        ds_leaf(S)
        return
    ub = S.sat + ds_future_bound(S, pos)
    if S.mode == DS_MODE_MAX:
        if ub <= S.best:
            return
    elif ub < S.target:
        return
    if S.nodes > DS_FLOW_AFTER and pos + 1 < S.n_pos:
        # a search that grows: the sharper (and dearer) LP bound pays for itself
        S.nodes += DS_FLOW_COST
        ub = S.sat + ds_flow_bound(S, pos)
        if S.mode == DS_MODE_MAX:
            if ub <= S.best:
                return
        elif ub < S.target:
            return
    c = S.pos_chooser[pos]
    lim = (<uint64_t>1) << 32
    if S.prev_same[pos] >= 0:           # symmetry: not more than the previous twin picked
        lim = S.picks[S.pos_chooser[S.prev_same[pos]]]
    ds_chooser(S, pos, c, -1, lim)


cdef void ds_row_done(DSSearch* S, int32_t pos, int32_t c) noexcept nogil:
    """Chooser c's picks are final: keep interchangeable options' columns in
    non-increasing lex order (symmetry), then go on with the next chooser."""
    cdef uint32_t row = S.picks[c], m, saved = S.col_eq
    cdef int32_t o, b
    m = row & S.col_eq
    while m:                            # picks b but not its higher twin, columns equal so far
        o = ds_ctz32(m)
        m &= m - 1
        if not ((row >> S.col_next[o]) & 1):
            return
    m = row
    while m:
        o = ds_ctz32(m)
        m &= m - 1
        b = S.col_prev[o]
        if b >= 0 and (S.col_eq >> b) & 1 and not ((row >> b) & 1):
            S.col_eq &= ~((<uint32_t>1) << b)
    ds_dfs(S, pos + 1)
    S.col_eq = saved


cdef void ds_chooser(DSSearch* S, int32_t pos, int32_t c, int32_t last, uint64_t lim) noexcept nogil:
    """Chooser c adds options in increasing index order after ``last`` (so each set of
    picks is built once); best gain first, then "that's all", then zero-gain picks.

    Zero-gain picks are tried only where a restriction may need them: on an option still
    short of its minimum (a second blocker for a menace creature), or as the chooser's
    first pick when someone "can't attack/block alone".  That loses nothing: take any
    declaration reaching the goal and drop every pick whose removal keeps it legal and
    its count; in what remains, a pick that obeyed no new requirement when added (its
    requirements were already obeyed by earlier picks) is there only for a restriction
    -- it brings its option up to the minimum, or it makes its chooser take part."""
    cdef DSProblem* p = S.p
    cdef uint32_t can, bit
    cdef int32_t cand[DS_MAX_OPTIONS]
    cdef int32_t gain[DS_MAX_OPTIONS]
    cdef int32_t n_cand = 0, o, g, i, j, t, tg, saved_need
    cdef uint64_t saved_own
    cdef bint stopped = False
    S.nodes += 1
    if S.nodes > S.budget:
        S.aborted = 1
        S.done = 1
        return
    can = ds_can_add(S, c)
    if last >= 0:
        can &= ~ds_low_bits(last + 1)
    while can:
        o = ds_ctz32(can)
        can &= can - 1
        bit = (<uint32_t>1) << o
        if <uint64_t>(S.picks[c] | bit) > lim:
            continue
        g = ds_pop64(p.own_req[c][o] & ~S.own_sat[c]) + (p.opt_req[o] if S.count[o] == 0 else 0)
        if g == 0 and S.count[o] >= p.opt_min[o] and not (S.any_alone and S.picks[c] == 0):
            continue                    # useless pick (see ds_chooser)
        i = n_cand
        while i > 0 and gain[i - 1] < g:
            cand[i] = cand[i - 1]
            gain[i] = gain[i - 1]
            i -= 1
        cand[i] = o
        gain[i] = g
        n_cand += 1
    for i in range(n_cand):
        if gain[i] == 0 and not stopped:
            stopped = True
            ds_row_done(S, pos, c)
            if S.done:
                return
        o = cand[i]
        saved_own = S.own_sat[c]
        saved_need = S.need
        ds_add(S, c, o)
        if ds_pop32(S.picks[c]) < p.max_choices[c]:
            ds_chooser(S, pos, c, o, lim)
        else:
            ds_row_done(S, pos, c)
        ds_remove(S, c, o, saved_own, saved_need)
        if S.done:
            return
    if not stopped:
        ds_row_done(S, pos, c)


cdef bint ds_search_init(DSSearch* S, DSProblem* p, int32_t mode,
                         const uint32_t* fixed) noexcept nogil:
    """Set up a search; ``fixed`` (or NULL) are picks every declaration must contain.
    False when the fixed picks already break a restriction no addition can mend."""
    cdef int32_t c, c2, o, o2, i, j, q, saved_need
    cdef uint32_t m, dead
    cdef uint64_t saved_own
    memset(S, 0, sizeof(DSSearch))
    S.p = p
    S.mode = mode
    S.best = -1
    dead = 0
    for o in range(p.n_options):        # min above max: no declaration may pick it (509.1b)
        if p.opt_max[o] != DS_UNLIMITED and p.opt_min[o] > p.opt_max[o]:
            dead |= (<uint32_t>1) << o
    for c in range(p.n_choosers):
        S.avail[c] = p.allowed[c] & ~dead & ~(p.costly[c] if mode == DS_MODE_MAX else 0)
        if p.min_others[c]:
            S.any_alone = 1
    if fixed != NULL:
        for c in range(p.n_choosers):
            if fixed[c] & ~p.allowed[c] or ds_pop32(fixed[c]) > p.max_choices[c]:
                return False
            m = fixed[c]
            while m:
                o = ds_ctz32(m)
                m &= m - 1
                ds_add(S, c, o)
        for o in range(p.n_options):
            if p.opt_max[o] != DS_UNLIMITED and S.count[o] > p.opt_max[o]:
                return False
        for j in range(p.n_caps):
            if S.cap_count[j] > p.cap_limit[j]:
                return False
        if p.has_budget and S.spent > p.budget:
            return False                  # 508.1g-i / 509.1d-f: can't be paid
    for o in range(p.n_options):          # "can't be blocked by more than N" with N reached (or 0)
        if p.opt_max[o] != DS_UNLIMITED and S.count[o] >= p.opt_max[o]:
            S.full |= (<uint32_t>1) << o
    for i in range(p.n_order):
        c = p.order[i]
        if ds_pop32(S.picks[c]) < p.max_choices[c] and (S.avail[c] & ~S.picks[c]):
            S.pos_chooser[S.n_pos] = c
            S.prev_same[S.n_pos] = -1
            for q in range(S.n_pos - 1, -1, -1):
                c2 = S.pos_chooser[q]
                if p.chooser_class[c2] == p.chooser_class[c] and S.picks[c2] == S.picks[c]:
                    S.prev_same[S.n_pos] = q
                    break
            S.n_pos += 1
    # interchangeable options: same class and the same fixed picks in their columns
    for o in range(DS_MAX_OPTIONS):
        S.col_next[o] = -1
        S.col_prev[o] = -1
    for o in range(p.n_options):
        for o2 in range(o + 1, p.n_options):
            if p.option_sym[o2] == p.option_sym[o] and ds_same_column(p, S.picks, o, o2):
                S.col_next[o] = o2
                S.col_prev[o2] = o
                S.col_eq |= (<uint32_t>1) << o
                break
    return True


cdef bint ds_same_column(const DSProblem* p, const uint32_t* picks, int32_t a,
                         int32_t b) noexcept nogil:
    """Do the same choosers pick a and b in ``picks``?"""
    cdef int32_t c
    for c in range(p.n_choosers):
        if ((picks[c] >> a) & 1) != ((picks[c] >> b) & 1):
            return False
    return True


cdef int ds_max_requirements(DSProblem* p, int64_t budget, int64_t* nodes) noexcept nogil:
    """MAX of 508.1d / 509.1c: the most requirements a restriction-respecting, cost-free
    declaration obeys.  Cached in the problem.  DS_TOO_COMPLEX past ``budget`` nodes."""
    cdef DSSearch S
    if not p.prepared:
        return DS_BAD_PROBLEM
    if p.max_known:
        return DS_OK
    if p.n_requirements == 0:
        p.max_value = 0
        p.max_known = 1
        return DS_OK
    ds_search_init(&S, p, DS_MODE_MAX, NULL)
    S.budget = budget
    S.stop_at = S.sat + ds_future_bound(&S, 0)
    if S.stop_at == 0:
        p.max_value = 0
        p.max_known = 1
        return DS_OK
    ds_dfs(&S, 0)
    if nodes != NULL:
        nodes[0] += S.nodes
    if S.aborted:
        return DS_TOO_COMPLEX
    if S.best < 0:                      # unreachable: declaring nothing respects every restriction
        return DS_BAD_PROBLEM
    p.max_value = S.best
    p.max_known = 1
    return DS_OK


cdef bint ds_reuse_max(DSProblem* fresh, const DSProblem* old) noexcept nogil:
    """The combat phase's cache (508.1d / 509.1c: MAX depends only on the problem): when
    the freshly filled and prepared ``fresh`` has the same input as the prepared ``old``
    whose MAX is known, take it over.  Both must have been zeroed before filling."""
    if not (fresh.prepared and old.prepared and old.max_known):
        return False
    if memcmp(fresh, old, <size_t>(<char*>&fresh.prepared - <char*>fresh)) != 0:
        return False
    fresh.max_value = old.max_value
    fresh.max_known = 1
    return True


cdef int ds_find_completion(DSProblem* p, const uint32_t* fixed, int32_t target,
                            int64_t* budget, uint32_t* witness) noexcept nogil:
    """1 and a witness when some declaration containing ``fixed`` breaks no restriction and
    obeys >= target requirements (costs may be paid); 0 when none does; -1 when the
    budget ran out (``budget`` is decreased by the nodes used)."""
    cdef DSSearch S
    cdef int32_t c
    if not ds_search_init(&S, p, DS_MODE_TARGET, fixed):
        return 0
    S.target = target
    S.budget = budget[0]
    ds_dfs(&S, 0)
    budget[0] -= S.nodes
    if S.aborted:
        return -1
    if S.best < target:
        return 0
    for c in range(p.n_choosers):
        witness[c] = S.best_picks[c]
    return 1


cdef int ds_validate(DSProblem* p, const uint32_t* picks, int64_t budget,
                     DSViolation* v) noexcept nogil:
    """Restrictions first (508.1c / 509.1b), then requirements against MAX (508.1d /
    509.1c).  Returns DS_OK (v.code says legal or what is broken) or an error code."""
    cdef int rc
    if ds_check(p, picks, v) != DS_LEGAL:
        return DS_OK
    rc = ds_max_requirements(p, budget, NULL)
    if rc != DS_OK:
        return rc
    v.maximum = p.max_value
    if v.count < p.max_value:
        v.code = DS_V_REQUIREMENTS
        v.a = v.count
        v.b = p.max_value
    return DS_OK


cdef int ds_step(DSProblem* p, const uint32_t* partial, int64_t budget, uint32_t* out_mask,
                 int32_t* out_done, int64_t* nodes) noexcept nogil:
    """The atomic decisions open after the partial declaration ``partial``: out_mask[c]
    has bit o when adding "c picks o" still leaves some legal declaration reachable, and
    out_done is 1 when ``partial`` itself is legal.  Following these never reaches a dead
    end, and every legal declaration is reachable (adding its pairs in any order).
    DS_NO_COMPLETION when ``partial`` has no legal completion at all."""
    cdef int rc
    cdef int64_t used = 0, left
    rc = ds_max_requirements(p, budget, &used)
    if rc != DS_OK:
        return rc
    left = budget - used
    rc = ds_step_search(p, partial, &left, out_mask, out_done)
    if nodes != NULL:
        nodes[0] = budget - left
    return rc


cdef int ds_step_search(DSProblem* p, const uint32_t* partial, int64_t* budget,
                        uint32_t* out_mask, int32_t* out_done) noexcept nogil:
    cdef DSViolation v
    cdef uint32_t fixed[DS_MAX_CHOOSERS]
    cdef uint32_t witness[DS_MAX_CHOOSERS]
    cdef uint32_t known[DS_MAX_CHOOSERS]
    cdef int32_t rep_c[DS_MAX_CHOOSERS]
    cdef int32_t rep_o[DS_MAX_OPTIONS]
    cdef int32_t c, c2, o, o2, r, target
    cdef uint32_t cand, bit
    cdef int64_t left = budget[0]
    target = p.max_value
    for c in range(p.n_choosers):
        out_mask[c] = 0
        known[c] = 0
    out_done[0] = 1 if ds_check(p, partial, &v) == DS_LEGAL and v.count >= target else 0
    r = ds_find_completion(p, partial, target, &left, witness)
    budget[0] = left
    if r < 0:
        return DS_TOO_COMPLEX
    if r == 0:
        return DS_NO_COMPLETION
    for c in range(p.n_choosers):
        known[c] |= witness[c] & ~partial[c]
    # interchangeable choosers (same class, same partial picks) and options (same class,
    # same partial column) have the same answers: decide one representative of each
    for c in range(p.n_choosers):
        rep_c[c] = c
        for c2 in range(c):
            if rep_c[c2] == c2 and p.chooser_class[c2] == p.chooser_class[c] and partial[c2] == partial[c]:
                rep_c[c] = c2
                break
    for o in range(p.n_options):
        rep_o[o] = o
        for o2 in range(o):
            if rep_o[o2] == o2 and p.option_sym[o2] == p.option_sym[o] and ds_same_column(p, partial, o, o2):
                rep_o[o] = o2
                break
    for c in range(p.n_choosers):
        if rep_c[c] != c or ds_pop32(partial[c]) >= p.max_choices[c]:
            continue
        cand = p.allowed[c] & ~partial[c] & ~known[c]
        while cand:
            o = ds_ctz32(cand)
            cand &= cand - 1
            if rep_o[o] != o or (known[c] >> o) & 1:
                continue                # another pair's witness may have shown this one
            for c2 in range(p.n_choosers):
                fixed[c2] = partial[c2]
            fixed[c] |= (<uint32_t>1) << o
            r = ds_find_completion(p, fixed, target, &left, witness)
            budget[0] = left
            if r < 0:
                return DS_TOO_COMPLEX
            if r == 1:
                for c2 in range(p.n_choosers):
                    known[c2] |= witness[c2] & ~partial[c2]
    for c in range(p.n_choosers):
        if ds_pop32(partial[c]) >= p.max_choices[c]:
            continue
        cand = p.allowed[c] & ~partial[c]
        while cand:
            o = ds_ctz32(cand)
            cand &= cand - 1
            bit = (<uint32_t>1) << o
            if (known[c] & bit) or (known[rep_c[c]] >> rep_o[o]) & 1:
                out_mask[c] |= bit
    budget[0] = left
    return DS_OK


# ---------------------------------------------------------------------------------------
# Counting, enumerating and sampling legal declarations: a memoised DP over the choosers
# ("layers").  The state before a layer holds what the rest of the declaration can still
# depend on: per class of identical options a histogram of how many of its options have
# been picked 0, 1, .. clip times (only for classes with a min, max or requirement; and
# only while a later layer can still pick the class -- after that it is checked and
# forgotten), per cap how many choosers it counts, how many take part and how many the
# "can't ... alone" ones need, and the requirements obeyed so far (clipped at MAX).
#
# Counts are exact uint64; past 2^64 - 1 they saturate and the counter's ``overflow``
# flag is set.  Each state also carries the count as a double: sampling uses the exact
# integers when the total fits in 64 bits (then it is exactly uniform) and the doubles
# only when it does not (uniform up to double rounding, relative error ~1e-15 per layer).

ctypedef struct DSTrans:
    uint64_t mult                 # concrete pick sets this transition stands for
    int32_t n_spec
    uint8_t spec_class[DS_MAX_OPTIONS]   # pick spec_a options of that class now at spec_level
    uint8_t spec_level[DS_MAX_OPTIONS]
    uint8_t spec_a[DS_MAX_OPTIONS]


ctypedef struct DSCounter:
    DSProblem* p
    int32_t target
    int32_t n_layers
    int32_t layer_chooser[DS_MAX_CHOOSERS]
    uint32_t layer_classes[DS_MAX_CHOOSERS]        # classes the layer's chooser may pick
    uint32_t close_classes[DS_MAX_CHOOSERS + 1]    # classes no later layer can pick
    uint32_t close_caps[DS_MAX_CHOOSERS + 1]
    uint32_t suffix_classes[DS_MAX_CHOOSERS + 1]   # classes layers >= l can pick
    int32_t suffix_own[DS_MAX_CHOOSERS + 1]      # own requirements layers >= l can still obey
    int32_t layer_gain[DS_MAX_CHOOSERS]
    int32_t top_gain[DS_MAX_CHOOSERS + 1][DS_MAX_CHOOSERS + 1]  # best k of layers >= l
    int32_t global_cap                           # "no more than N creatures can ...", or -1
    int32_t n_classes
    uint32_t class_mask[DS_MAX_OPTIONS]
    int32_t class_size[DS_MAX_OPTIONS]
    int32_t class_clip[DS_MAX_OPTIONS]   # 0: not tracked
    int32_t class_finite[DS_MAX_OPTIONS] # clip is a hard maximum (opt_max)
    int32_t class_min[DS_MAX_OPTIONS]
    int32_t class_req[DS_MAX_OPTIONS]
    int32_t class_off[DS_MAX_OPTIONS]    # histogram bytes: levels 1..clip
    uint32_t cap_classes[DS_MAX_CAPS]
    int32_t cap_off[DS_MAX_CAPS]         # -1: never binding
    int32_t part_off                     # -1: nobody has min_others
    int32_t part_clip
    int32_t need_off
    int32_t sat_off                      # -1: MAX is 0
    int32_t spent_off                    # -1: the budget doesn't bind (else 4 bytes)
    int32_t key_len                      # layer byte + state, padded to 8
    uint64_t binom[DS_MAX_OPTIONS + 1][DS_MAX_OPTIONS + 1]
    # memo (open addressing)
    uint8_t* keys
    uint64_t* counts
    double* weights
    uint8_t* used
    int64_t cap
    int64_t n_states
    int64_t max_states
    int overflow
    int32_t aborted
    # transitions being expanded (a stack shared by the recursion)
    uint8_t* arena
    int64_t arena_len
    int64_t arena_cap
    int32_t rec_size


cdef inline uint64_t ds_hash(const uint8_t* key, int32_t n) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL, w
    cdef int32_t i
    for i in range(0, n, 8):
        memcpy(&w, key + i, 8)
        h ^= w
        h *= 0xFF51AFD7ED558CCDULL
        h ^= h >> 33
    return h


cdef int64_t ds_memo_find(DSCounter* C, const uint8_t* key) noexcept nogil:
    """Slot of ``key`` (used or the empty slot where it would go)."""
    cdef int64_t i = <int64_t>(ds_hash(key, C.key_len) & <uint64_t>(C.cap - 1))
    while C.used[i]:
        if memcmp(C.keys + i * C.key_len, key, C.key_len) == 0:
            return i
        i = (i + 1) & (C.cap - 1)
    return i


cdef int ds_memo_grow(DSCounter* C) noexcept nogil:
    cdef int64_t old_cap = C.cap, i, j
    cdef uint8_t* old_keys = C.keys
    cdef uint64_t* old_counts = C.counts
    cdef double* old_weights = C.weights
    cdef uint8_t* old_used = C.used
    C.cap = old_cap * 2 if old_cap else 1024
    C.keys = <uint8_t*>malloc(C.cap * C.key_len)
    C.counts = <uint64_t*>malloc(C.cap * sizeof(uint64_t))
    C.weights = <double*>malloc(C.cap * sizeof(double))
    C.used = <uint8_t*>calloc(C.cap, 1)
    if C.keys == NULL or C.counts == NULL or C.weights == NULL or C.used == NULL:
        free(C.keys); free(C.counts); free(C.weights); free(C.used)
        C.keys = old_keys; C.counts = old_counts; C.weights = old_weights; C.used = old_used
        C.cap = old_cap
        return DS_NO_MEMORY
    for i in range(old_cap):
        if old_used[i]:
            j = ds_memo_find(C, old_keys + i * C.key_len)
            memcpy(C.keys + j * C.key_len, old_keys + i * C.key_len, C.key_len)
            C.counts[j] = old_counts[i]
            C.weights[j] = old_weights[i]
            C.used[j] = 1
    free(old_keys); free(old_counts); free(old_weights); free(old_used)
    return DS_OK


cdef void ds_counter_free(DSCounter* C) noexcept nogil:
    if C == NULL:
        return
    free(C.keys); free(C.counts); free(C.weights); free(C.used); free(C.arena)
    free(C)


cdef inline int32_t ds_hist(const DSCounter* C, const uint8_t* s, int32_t k, int32_t v) noexcept nogil:
    """Options of class k picked ``v`` times (v = clip: at least clip times) in state s."""
    cdef int32_t i, t = 0
    if C.class_clip[k] == 0:
        return C.class_size[k] if v == 0 else 0
    if v > 0:
        return s[C.class_off[k] + v - 1]
    for i in range(C.class_clip[k]):
        t += s[C.class_off[k] + i]
    return C.class_size[k] - t


cdef DSCounter* ds_counter_new(DSProblem* p, int64_t max_states, int* rc) noexcept nogil:
    """The counting DP for a prepared problem whose MAX is known."""
    cdef DSCounter* C
    cdef int32_t c, o, k, j, l, off, best, score, i, n_left
    cdef uint32_t picked_by_done, m, touched, open_after
    cdef int32_t left[DS_MAX_CHOOSERS]
    cdef uint32_t cmask[DS_MAX_CHOOSERS]
    cdef int32_t pickers[DS_MAX_OPTIONS]
    cdef int32_t cls_of[DS_MAX_OPTIONS]
    cdef int32_t max_min_others = 0, n_g, g
    cdef int32_t gains[DS_MAX_CHOOSERS + DS_MAX_OPTIONS]
    cdef uint64_t allown
    rc[0] = DS_OK
    C = <DSCounter*>calloc(1, sizeof(DSCounter))
    if C == NULL:
        rc[0] = DS_NO_MEMORY
        return NULL
    C.p = p
    C.target = p.max_value
    C.max_states = max_states
    for i in range(DS_MAX_OPTIONS + 1):
        C.binom[i][0] = 1
        for j in range(1, i + 1):
            C.binom[i][j] = C.binom[i - 1][j - 1] + (C.binom[i - 1][j] if j < i else 0)
    # option classes
    C.n_classes = 0
    for o in range(p.n_options):
        if p.option_class[o] == o:
            k = C.n_classes
            C.n_classes += 1
            C.class_mask[k] = 0
            C.class_size[k] = 0
            C.class_min[k] = p.opt_min[o]
            C.class_req[k] = p.opt_req[o]
            C.class_finite[k] = p.opt_max[o] != DS_UNLIMITED
            if C.class_finite[k]:
                C.class_clip[k] = p.opt_max[o]
            else:
                C.class_clip[k] = p.opt_min[o]
                if C.class_clip[k] == 0 and p.opt_req[o] > 0:
                    C.class_clip[k] = 1
        cls_of[o] = cls_of[p.option_class[o]]
        if p.option_class[o] == o:
            cls_of[o] = C.n_classes - 1
        C.class_mask[cls_of[o]] |= (<uint32_t>1) << o
        C.class_size[cls_of[o]] += 1
    # the layers: choosers that can pick something, ordered greedily so that classes
    # are closed (no later chooser can pick them) as early as possible
    n_left = 0
    for k in range(DS_MAX_OPTIONS):
        pickers[k] = 0
    for c in range(p.n_choosers):
        if p.allowed[c]:
            left[n_left] = c
            cmask[n_left] = ds_classes_of(C, p.allowed[c], cls_of)
            m = cmask[n_left]
            while m:
                k = ds_ctz32(m)
                m &= m - 1
                pickers[k] += 1
            n_left += 1
    C.n_layers = 0
    picked_by_done = 0
    while n_left > 0:
        best = 0
        score = 1 << 30
        for i in range(n_left):
            # classes still open after taking left[i]: touched, and some other left picks them
            touched = picked_by_done | cmask[i]
            open_after = 0
            m = touched
            while m:
                k = ds_ctz32(m)
                m &= m - 1
                if pickers[k] - ((cmask[i] >> k) & 1) > 0:
                    open_after |= (<uint32_t>1) << k
            if ds_pop32(open_after) < score:
                score = ds_pop32(open_after)
                best = i
        c = left[best]
        C.layer_chooser[C.n_layers] = c
        C.layer_classes[C.n_layers] = cmask[best]
        picked_by_done |= cmask[best]
        m = cmask[best]
        while m:
            k = ds_ctz32(m)
            m &= m - 1
            pickers[k] -= 1
        C.n_layers += 1
        left[best] = left[n_left - 1]
        cmask[best] = cmask[n_left - 1]
        n_left -= 1
        if p.min_others[c] > max_min_others:
            max_min_others = p.min_others[c]
    # classes nobody may pick at all (opt_max 0) are dropped from every layer
    for k in range(C.n_classes):
        if C.class_finite[k] and C.class_clip[k] == 0:
            for l in range(C.n_layers):
                C.layer_classes[l] &= ~((<uint32_t>1) << k)
    for l in range(C.n_layers + 1):
        C.close_classes[l] = 0
        C.close_caps[l] = 0
        C.suffix_classes[l] = 0
        C.suffix_own[l] = 0
    for l in range(C.n_layers - 1, -1, -1):
        C.suffix_classes[l] = C.suffix_classes[l + 1] | C.layer_classes[l]
        c = C.layer_chooser[l]
        m = p.allowed[c]
        allown = 0
        n_g = 0
        while m:
            o = ds_ctz32(m)
            m &= m - 1
            allown |= p.own_req[c][o]
            gains[n_g] = ds_pop64(p.own_req[c][o])
            n_g += 1
        # most own requirements this layer's chooser can obey: at most max_choices picks
        g = ds_top_sum(gains, n_g, p.max_choices[c])
        C.layer_gain[l] = g if g < ds_pop64(allown) else ds_pop64(allown)
        C.suffix_own[l] = C.suffix_own[l + 1] + C.layer_gain[l]
    for l in range(C.n_layers + 1):    # the k best of the layers from l on (for caps)
        n_g = 0
        for i in range(l, C.n_layers):
            gains[n_g] = C.layer_gain[i]
            n_g += 1
        C.top_gain[l][0] = 0
        for i in range(n_g):
            C.top_gain[l][i + 1] = C.top_gain[l][i] + ds_top_sum(gains, n_g, i + 1) - ds_top_sum(gains, n_g, i)
        for i in range(n_g + 1, DS_MAX_CHOOSERS + 1):
            C.top_gain[l][i] = C.top_gain[l][n_g]
    C.global_cap = -1                   # the tightest cap over all options and choosers
    for j in range(p.n_caps):
        if p.cap_options[j] == p.all_options and p.cap_choosers[j] == ds_low_bits(p.n_choosers):
            if C.global_cap < 0 or p.cap_limit[j] < p.cap_limit[C.global_cap]:
                C.global_cap = j
    # state layout: a histogram per class some layer can pick and whose count matters
    off = 1
    for k in range(C.n_classes):
        if not ((C.suffix_classes[0] >> k) & 1):
            C.class_clip[k] = 0
        C.class_off[k] = off
        off += C.class_clip[k]
        for l in range(C.n_layers):
            if (C.layer_classes[l] >> k) & 1 and not ((C.suffix_classes[l + 1] >> k) & 1):
                C.close_classes[l] |= (<uint32_t>1) << k
    for j in range(p.n_caps):
        C.cap_classes[j] = ds_classes_of(C, p.cap_options[j], cls_of)
        C.cap_off[j] = -1
        for l in range(C.n_layers - 1, -1, -1):
            c = C.layer_chooser[l]
            if (p.cap_choosers[j] >> c) & 1 and (C.layer_classes[l] & C.cap_classes[j]):
                C.cap_off[j] = off
                off += 1
                C.close_caps[l] |= (<uint32_t>1) << j
                break
    C.part_off = -1
    C.need_off = -1
    if max_min_others > 0:
        C.part_clip = max_min_others + 1
        C.part_off = off
        C.need_off = off + 1
        off += 2
    C.sat_off = -1
    if C.target > 0:
        C.sat_off = off
        off += 2
    C.spent_off = -1
    if p.budget_binds:                  # 508.1g-i / 509.1d-f: the weight so far
        C.spent_off = off
        off += 4
    C.key_len = (off + 7) & ~7
    if C.key_len > DS_MAX_KEY:
        rc[0] = DS_TOO_COMPLEX
        free(C)
        return NULL
    C.rec_size = <int32_t>((sizeof(DSTrans) + C.key_len + 7) & ~(<size_t>7))
    if ds_memo_grow(C) != DS_OK:
        rc[0] = DS_NO_MEMORY
        ds_counter_free(C)
        return NULL
    return C


cdef uint32_t ds_classes_of(DSCounter* C, uint32_t options, const int32_t* cls_of) noexcept nogil:
    cdef uint32_t out = 0
    cdef int32_t o
    while options:
        o = ds_ctz32(options)
        options &= options - 1
        out |= (<uint32_t>1) << cls_of[o]
    return out


cdef inline int32_t ds_get_sat(const DSCounter* C, const uint8_t* s) noexcept nogil:
    if C.sat_off < 0:
        return 0
    return s[C.sat_off] | (s[C.sat_off + 1] << 8)


cdef int ds_push_trans(DSCounter* C, const uint8_t* s, int32_t l, const int32_t* slot_k,
                       const int32_t* slot_v, const int32_t* slot_a, int32_t n_slots,
                       int32_t* n_out) noexcept nogil:
    """Apply one choice of layer l's chooser (slot_a[i] options of class slot_k[i] now at
    level slot_v[i]) to state s; push it unless the result is dead."""
    cdef DSProblem* p = C.p
    cdef int32_t c = C.layer_chooser[l], i, k, v, a, nv, j, sat, v2, part, need, total = 0
    cdef int32_t spent = 0
    cdef uint32_t touched = 0, m
    cdef uint64_t own = 0, mult = 1
    cdef uint8_t* rec
    cdef uint8_t* ns
    cdef DSTrans* t
    cdef int64_t need_bytes
    cdef int ovf = 0
    if C.arena_len + C.rec_size > C.arena_cap:
        need_bytes = C.arena_cap * 2 if C.arena_cap else 1 << 16
        rec = <uint8_t*>realloc(C.arena, need_bytes)
        if rec == NULL:
            return DS_NO_MEMORY
        C.arena = rec
        C.arena_cap = need_bytes
    rec = C.arena + C.arena_len
    t = <DSTrans*>rec
    ns = rec + sizeof(DSTrans)
    memcpy(ns, s, C.key_len)
    ns[0] = <uint8_t>(l + 1)
    sat = ds_get_sat(C, s)
    t.n_spec = 0
    for i in range(n_slots):
        a = slot_a[i]
        if a == 0:
            continue
        k = slot_k[i]
        v = slot_v[i]
        total += a
        touched |= (<uint32_t>1) << k
        mult *= C.binom[ds_hist(C, s, k, v)][a]
        if C.class_clip[k] > 0:
            nv = v + 1 if v < C.class_clip[k] else v
            if nv != v:
                if v > 0:
                    ns[C.class_off[k] + v - 1] -= a
                ns[C.class_off[k] + nv - 1] += a
        if v == 0:
            sat += a * C.class_req[k]        # newly picked options: "must be blocked" obeyed
        spent += a * p.opt_w[ds_ctz32(C.class_mask[k])]
        t.spec_class[t.n_spec] = <uint8_t>k
        t.spec_level[t.n_spec] = <uint8_t>v
        t.spec_a[t.n_spec] = <uint8_t>a
        t.n_spec += 1
    t.mult = mult
    if total > 0 and C.spent_off >= 0:
        memcpy(&v, ns + C.spent_off, 4)
        spent += v + p.part_w[c]
        if spent > p.budget:
            return DS_OK                     # 508.1g-i / 509.1d-f: can't be paid
        memcpy(ns + C.spent_off, &spent, 4)
    if total > 0:
        for k in range(C.n_classes):
            if (touched >> k) & 1:
                own |= p.own_req[c][ds_ctz32(C.class_mask[k])]
        sat += ds_pop64(own)
        for j in range(p.n_caps):
            if C.cap_off[j] >= 0 and (p.cap_choosers[j] >> c) & 1 and (touched & C.cap_classes[j]):
                if ns[C.cap_off[j]] >= p.cap_limit[j]:
                    return DS_OK                 # 508.1c / 509.1b: the cap is full
                ns[C.cap_off[j]] += 1
        if C.part_off >= 0:
            part = ns[C.part_off] + 1
            ns[C.part_off] = <uint8_t>(part if part < C.part_clip else C.part_clip)
            need = p.min_others[c] + 1
            if need > ns[C.need_off]:
                ns[C.need_off] = <uint8_t>need
    # forget what no later layer can change, checking it first
    m = C.close_classes[l]
    while m:
        k = ds_ctz32(m)
        m &= m - 1
        if C.class_clip[k] == 0:
            continue
        if C.class_min[k]:
            for v2 in range(1, C.class_min[k]):
                if v2 <= C.class_clip[k] and ns[C.class_off[k] + v2 - 1]:
                    return DS_OK                 # menace: picked by too few
        memset(ns + C.class_off[k], 0, C.class_clip[k])
    m = C.close_caps[l]
    while m:
        j = ds_ctz32(m)
        m &= m - 1
        ns[C.cap_off[j]] = 0
    if C.part_off >= 0 and ns[C.need_off] > ns[C.part_off]:
        if ns[C.part_off] + (C.n_layers - l - 1) < ns[C.need_off]:
            return DS_OK                         # "can't attack alone", nobody left to join
    if C.sat_off >= 0:
        if sat > C.target:
            sat = C.target
        if sat + ds_future_reqs(C, ns, l + 1) < C.target:
            return DS_OK                         # can't reach MAX any more
        ns[C.sat_off] = <uint8_t>(sat & 0xFF)
        ns[C.sat_off + 1] = <uint8_t>(sat >> 8)
    C.arena_len += C.rec_size
    n_out[0] += 1
    return DS_OK


cdef int32_t ds_future_reqs(const DSCounter* C, const uint8_t* s, int32_t l) noexcept nogil:
    """An upper bound on the requirements layers >= l can still add from state s."""
    cdef int32_t total = C.suffix_own[l], k, rem
    cdef uint32_t m = C.suffix_classes[l]
    if C.global_cap >= 0 and C.cap_off[C.global_cap] >= 0:
        rem = C.p.cap_limit[C.global_cap] - s[C.cap_off[C.global_cap]]
        if rem < 0:
            rem = 0
        if rem <= DS_MAX_CHOOSERS and C.top_gain[l][rem] < total:
            total = C.top_gain[l][rem]  # only rem more choosers may take part
    while m:
        k = ds_ctz32(m)
        m &= m - 1
        if C.class_req[k]:
            total += C.class_req[k] * ds_hist(C, s, k, 0)
    return total


cdef int ds_gen_rec(DSCounter* C, const uint8_t* s, int32_t l, int32_t i, int32_t room,
                    int32_t* slot_k, int32_t* slot_v, int32_t* slot_a, int32_t n_slots,
                    int32_t* n_out) noexcept nogil:
    cdef int32_t a, h, rc
    if i == n_slots:
        return ds_push_trans(C, s, l, slot_k, slot_v, slot_a, n_slots, n_out)
    h = ds_hist(C, s, slot_k[i], slot_v[i])
    for a in range(0, (h if h < room else room) + 1):
        slot_a[i] = a
        rc = ds_gen_rec(C, s, l, i + 1, room - a, slot_k, slot_v, slot_a, n_slots, n_out)
        if rc != DS_OK:
            return rc
    slot_a[i] = 0
    return DS_OK


cdef int ds_gen(DSCounter* C, const uint8_t* s, int32_t* n_out) noexcept nogil:
    """Push every choice of the next layer's chooser from state s (the first is "picks
    nothing"), as transitions onto the arena."""
    cdef int32_t l = s[0], c = C.layer_chooser[l], k, v, top, n_slots = 0
    cdef uint32_t m = C.layer_classes[l]
    cdef int32_t slot_k[DS_MAX_KEY + DS_MAX_OPTIONS]
    cdef int32_t slot_v[DS_MAX_KEY + DS_MAX_OPTIONS]
    cdef int32_t slot_a[DS_MAX_KEY + DS_MAX_OPTIONS]
    n_out[0] = 0
    slot_k[0] = 0                       # (the "picks nothing" call reads no slot; for gcc)
    slot_v[0] = 0
    slot_a[0] = 0
    while m:
        k = ds_ctz32(m)
        m &= m - 1
        top = C.class_clip[k]
        if C.class_finite[k]:
            top -= 1                    # options at their maximum can't be picked again
        if top < 0:
            top = 0
        for v in range(top + 1):
            if ds_hist(C, s, k, v) > 0:
                slot_k[n_slots] = k
                slot_v[n_slots] = v
                slot_a[n_slots] = 0
                n_slots += 1
    if C.p.max_choices[c] == 1:         # the common case without the recursion
        if ds_push_trans(C, s, l, slot_k, slot_v, slot_a, 0, n_out) != DS_OK:    # picks nothing
            return DS_NO_MEMORY
        for k in range(n_slots):
            slot_a[k] = 1
            if ds_push_trans(C, s, l, slot_k, slot_v, slot_a, n_slots, n_out) != DS_OK:
                return DS_NO_MEMORY
            slot_a[k] = 0
        return DS_OK
    return ds_gen_rec(C, s, l, 0, C.p.max_choices[c], slot_k, slot_v, slot_a, n_slots, n_out)


cdef bint ds_end_ok(const DSCounter* C, const uint8_t* s) noexcept nogil:
    if C.part_off >= 0 and s[C.need_off] > s[C.part_off]:
        return False
    return ds_get_sat(C, s) >= C.target


cdef int ds_ways(DSCounter* C, const uint8_t* key, uint64_t* out_n, double* out_w) noexcept nogil:
    """Legal completions of state ``key``: exact count (saturating) and as a double."""
    cdef uint8_t buf[DS_MAX_KEY]
    cdef int64_t slot, mark, i
    cdef int32_t n_t, rc
    cdef uint64_t total = 0, sub_n
    cdef double total_w = 0.0, sub_w
    cdef DSTrans* t
    if C.aborted:
        return DS_TOO_COMPLEX
    slot = ds_memo_find(C, key)
    if C.used[slot]:
        out_n[0] = C.counts[slot]
        out_w[0] = C.weights[slot]
        return DS_OK
    memcpy(buf, key, C.key_len)         # key may live in the arena, which can move
    if buf[0] == C.n_layers:
        total = 1 if ds_end_ok(C, buf) else 0
        total_w = <double>total
    else:
        mark = C.arena_len
        rc = ds_gen(C, buf, &n_t)
        if rc != DS_OK:
            return rc
        for i in range(n_t):
            t = <DSTrans*>(C.arena + mark + i * C.rec_size)
            rc = ds_ways(C, C.arena + mark + i * C.rec_size + sizeof(DSTrans), &sub_n, &sub_w)
            if rc != DS_OK:
                return rc
            t = <DSTrans*>(C.arena + mark + i * C.rec_size)
            total = ds_sat_add(total, ds_sat_mul(t.mult, sub_n, &C.overflow), &C.overflow)
            total_w += <double>t.mult * sub_w
        C.arena_len = mark
    if C.n_states >= C.max_states:
        C.aborted = 1
        return DS_TOO_COMPLEX
    if 2 * (C.n_states + 1) > C.cap:
        if ds_memo_grow(C) != DS_OK:
            return DS_NO_MEMORY
    slot = ds_memo_find(C, buf)
    memcpy(C.keys + slot * C.key_len, buf, C.key_len)
    C.counts[slot] = total
    C.weights[slot] = total_w
    C.used[slot] = 1
    C.n_states += 1
    out_n[0] = total
    out_w[0] = total_w
    return DS_OK


cdef inline void ds_root_key(const DSCounter* C, uint8_t* key) noexcept nogil:
    memset(key, 0, C.key_len)


cdef int ds_count(DSCounter* C, uint64_t* out_n, double* out_w, int32_t* overflow) noexcept nogil:
    cdef uint8_t key[DS_MAX_KEY]
    cdef int rc
    ds_root_key(C, key)
    rc = ds_ways(C, key, out_n, out_w)
    overflow[0] = C.overflow if rc == DS_OK and out_n[0] == DS_U64_MAX else 0
    return rc


cdef int32_t ds_level(const DSCounter* C, int32_t k, int32_t count) noexcept nogil:
    if C.class_clip[k] == 0:
        return 0
    return count if count < C.class_clip[k] else C.class_clip[k]


cdef void ds_unrank_subset(const DSCounter* C, const int32_t* items, int32_t n, int32_t a,
                           uint64_t r, int32_t* out) noexcept nogil:
    """The r-th a-subset of items[0..n) in lexicographic order of positions."""
    cdef int32_t i = 0, got = 0
    cdef uint64_t b
    while got < a:
        b = C.binom[n - i - 1][a - got - 1] if n - i - 1 >= a - got - 1 else 0
        if r < b:
            out[got] = items[i]
            got += 1
        else:
            r -= b
        i += 1


cdef int ds_walk(DSCounter* C, uint64_t k, uint32_t* rng, uint32_t* out) noexcept nogil:
    """Build one legal declaration into out[]: the k-th in the DP's order when rng is
    NULL (k < count), else a uniformly random one drawn with rng (k ignored).  Uniform:
    with an exact total, k is drawn uniformly and unranked (a bijection); past 2^64 the
    choice at each layer is weighted by the double counts."""
    cdef uint8_t key[DS_MAX_KEY]
    cdef int32_t cnt[DS_MAX_OPTIONS]
    cdef int32_t items[DS_MAX_OPTIONS]
    cdef int32_t chosen_items[DS_MAX_OPTIONS]
    cdef int32_t l, c, n_t, i, s, kk, v, a, n_items, o, rc, sel, use_double = 0
    cdef int64_t mark
    cdef uint64_t total, sub_n, w, cum, r, per, real
    cdef double total_w, sub_w, u, cum_w
    cdef DSTrans* t
    cdef uint32_t m
    for c in range(C.p.n_choosers):
        out[c] = 0
    for o in range(DS_MAX_OPTIONS):
        cnt[o] = 0
    ds_root_key(C, key)
    rc = ds_ways(C, key, &total, &total_w)
    if rc != DS_OK:
        return rc
    if rng != NULL:
        if C.overflow and total == DS_U64_MAX:
            use_double = 1
        else:
            k = ds_below64(rng, total)
    elif k >= total:
        return DS_OUT_OF_RANGE
    for l in range(C.n_layers):
        c = C.layer_chooser[l]
        mark = C.arena_len
        rc = ds_gen(C, key, &n_t)
        if rc != DS_OK:
            return rc
        cum = 0
        cum_w = 0.0
        if use_double:
            rc = ds_ways(C, key, &total, &total_w)
            u = ds_unit(rng) * total_w
        sel = -1
        for i in range(n_t):
            rc = ds_ways(C, C.arena + mark + i * C.rec_size + sizeof(DSTrans), &sub_n, &sub_w)
            if rc != DS_OK:
                return rc
            t = <DSTrans*>(C.arena + mark + i * C.rec_size)
            if use_double:
                if sub_w > 0:
                    cum_w += <double>t.mult * sub_w
                    sel = i
                    if u < cum_w:
                        break
                continue
            if sub_n == 0:
                continue
            w = ds_sat_mul(t.mult, sub_n, &C.overflow)
            if k < ds_sat_add(cum, w, &C.overflow):
                k -= cum
                sel = i
                break
            cum += w
        if sel < 0:
            C.arena_len = mark
            return DS_BAD_PROBLEM               # unreachable: counts are consistent
        t = <DSTrans*>(C.arena + mark + sel * C.rec_size)
        rc = ds_ways(C, C.arena + mark + sel * C.rec_size + sizeof(DSTrans), &sub_n, &sub_w)
        t = <DSTrans*>(C.arena + mark + sel * C.rec_size)
        if use_double:
            real = 0
        else:
            real = k // sub_n                    # which concrete pick set ...
            k = k % sub_n                        # ... and which completion of it
        # realise: pick spec_a concrete options of each class at each level
        for s in range(t.n_spec):
            kk = t.spec_class[s]
            v = t.spec_level[s]
            a = t.spec_a[s]
            n_items = 0
            m = C.class_mask[kk]
            while m:
                o = ds_ctz32(m)
                m &= m - 1
                if ds_level(C, kk, cnt[o]) == v and not ((out[c] >> o) & 1):
                    items[n_items] = o
                    n_items += 1
            if use_double:
                for i in range(a):               # a uniform a-subset (partial Fisher-Yates)
                    o = i + <int32_t>mtg_rng_below(rng, <uint32_t>(n_items - i))
                    chosen_items[i] = items[o]
                    items[o] = items[i]
                    items[i] = chosen_items[i]
            else:
                per = C.binom[n_items][a]
                ds_unrank_subset(C, items, n_items, a, real % per, chosen_items)
                real = real // per
            for i in range(a):
                out[c] |= (<uint32_t>1) << chosen_items[i]
        m = out[c]
        while m:
            o = ds_ctz32(m)
            m &= m - 1
            cnt[o] += 1
        memcpy(key, C.arena + mark + sel * C.rec_size + sizeof(DSTrans), C.key_len)
        C.arena_len = mark
    return DS_OK


cdef inline uint64_t ds_next64(uint32_t* rng) noexcept nogil:
    cdef uint64_t hi = mtg_rng_next(rng)
    return (hi << 32) | mtg_rng_next(rng)


cdef uint64_t ds_below64(uint32_t* rng, uint64_t n) noexcept nogil:
    """Uniform in [0, n) (n > 0) without modulo bias."""
    cdef uint64_t x, threshold
    if n <= 0xFFFFFFFFULL:
        return mtg_rng_below(rng, <uint32_t>n)
    threshold = (<uint64_t>0 - n) % n
    x = ds_next64(rng)
    while x < threshold:
        x = ds_next64(rng)
    return x % n


cdef inline double ds_unit(uint32_t* rng) noexcept nogil:
    return <double>(ds_next64(rng) >> 11) * (1.0 / 9007199254740992.0)


# ---------------------------------------------------------------------------------------
# Python wrapper (mtg_core.combat_search builds these from friendlier dataclasses)

class DeclarationSearchError(EngineError):
    """The declaration search can't answer: ``code`` is one of the DS_* result codes."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


class SearchTooComplex(DeclarationSearchError):
    """The problem could not be decided within the node (or DP state) budget.  The search
    never guesses: raise the budget or simplify the problem."""


class NoCompletion(DeclarationSearchError):
    """The partial declaration can't be completed into a legal one."""


def _ds_raise(int rc, str what):
    if rc == DS_TOO_COMPLEX:
        raise SearchTooComplex(f"{what}: the declaration problem is too complex to decide "
                               f"within the search budget", rc)
    if rc == DS_NO_COMPLETION:
        raise NoCompletion(f"{what}: no legal declaration contains these choices", rc)
    if rc == DS_OUT_OF_RANGE:
        raise IndexError(f"{what}: no legal declaration has that index")
    if rc == DS_NO_MEMORY:
        raise MemoryError(what)
    raise DeclarationSearchError(f"{what}: bad declaration problem (code {rc})", rc)


cdef class DeclarationSearch:
    """One declaration problem (see the top of combat/search.pxi) in the compiled core.

    Arguments are plain ints and bitsets: ``allowed[c]`` and ``costly[c]`` are option
    bitsets per chooser; ``chooser_requirements`` is a sequence of (chooser, option
    bitset) ("c picks something in S"); ``option_requirements[o]`` the number of "o is
    picked by someone" requirements; ``caps`` a sequence of (chooser bitset, option bitset,
    limit).  ``budget`` (None: no limit) with ``chooser_weights`` / ``option_weights``
    (0..65535): a declaration must weigh at most the budget (508.1g-i / 509.1d-f).
    MAX is computed once and kept; the counting DP likewise.
    """
    cdef DSProblem* p
    cdef DSCounter* counter
    cdef public int64_t node_budget
    cdef public int64_t state_budget
    cdef readonly int64_t nodes

    def __cinit__(self):
        self.p = <DSProblem*>calloc(1, sizeof(DSProblem))
        if self.p == NULL:
            raise MemoryError()
        self.counter = NULL

    def __dealloc__(self):
        ds_counter_free(self.counter)
        free(self.p)

    def __init__(self, int n_choosers, int n_options, allowed, costly=None, max_choices=None,
                 min_others=None, option_min=None, option_max=None, option_requirements=None,
                 chooser_requirements=(), caps=(), bint symmetry=True, budget=None,
                 chooser_weights=None, option_weights=None,
                 int64_t node_budget=DS_DEFAULT_NODE_BUDGET,
                 int64_t state_budget=DS_DEFAULT_STATE_BUDGET):
        cdef DSProblem* p = self.p
        cdef int32_t c, o, j, r
        if not 0 <= n_choosers <= DS_MAX_CHOOSERS:
            raise ValueError(f"at most {DS_MAX_CHOOSERS} creatures can declare, not {n_choosers}")
        if not 0 <= n_options <= DS_MAX_OPTIONS:
            raise ValueError(f"at most {DS_MAX_OPTIONS} options, not {n_options}")
        if node_budget <= 0 or state_budget <= 0:
            raise ValueError("budgets must be positive")
        memset(p, 0, sizeof(DSProblem))
        p.n_choosers = n_choosers
        p.n_options = n_options
        p.flags = 0 if symmetry else DS_FLAG_NO_SYMMETRY
        full = (1 << int(n_options)) - 1          # Python ints: 1 << 32 overflows a C int
        all_choosers = (1 << int(n_choosers)) - 1

        def per(seq, n, default, lo, hi, what):
            vals = [default] * n if seq is None else [int(x) for x in seq]
            if len(vals) != n:
                raise ValueError(f"{what}: expected {n} values, got {len(vals)}")
            for x in vals:
                if not lo <= x <= hi:
                    raise ValueError(f"{what}: {x} is outside {lo}..{hi}")
            return vals

        al = per(allowed, n_choosers, full, 0, full, "allowed")
        co = per(costly, n_choosers, 0, 0, full, "costly")
        mc = per(max_choices, n_choosers, 1, 0, 255, "max_choices")
        mo = per(min_others, n_choosers, 0, 0, 255, "min_others")
        omin = per(option_min, n_options, 0, 0, 255, "option_min")
        omax = per(option_max, n_options, DS_UNLIMITED, 0, 255, "option_max")
        oreq = per(option_requirements, n_options, 0, 0, 255, "option_requirements")
        cw = per(chooser_weights, n_choosers, 0, 0, 65535, "chooser_weights")
        ow = per(option_weights, n_options, 0, 0, 65535, "option_weights")
        if budget is not None:
            if not 0 <= int(budget) <= 1000000000:
                raise ValueError(f"budget: {budget} is outside 0..1000000000")
            p.has_budget = 1
            p.budget = int(budget)
        for c in range(n_choosers):
            p.allowed[c] = al[c]
            p.costly[c] = co[c]
            p.max_choices[c] = mc[c]
            p.min_others[c] = mo[c]
            p.part_w[c] = cw[c]
        for o in range(n_options):
            p.opt_w[o] = ow[o]
            p.opt_min[o] = omin[o]
            p.opt_max[o] = omax[o]
            p.opt_req[o] = oreq[o]
        for item in chooser_requirements:
            c, mask = int(item[0]), int(item[1])
            if not 0 <= c < n_choosers:
                raise ValueError(f"requirement names chooser {c}, outside 0..{n_choosers - 1}")
            if not 0 <= mask <= full:
                raise ValueError(f"requirement option set {mask:#x} names options outside 0..{n_options - 1}")
            r = p.n_own_reqs[c]
            if r >= DS_MAX_OWN_REQS:
                raise ValueError(f"chooser {c} has more than {DS_MAX_OWN_REQS} requirements")
            for o in range(n_options):
                if (mask >> o) & 1:
                    p.own_req[c][o] |= (<uint64_t>1) << r
            p.n_own_reqs[c] = r + 1
        caps = list(caps)
        if len(caps) > DS_MAX_CAPS:
            raise ValueError(f"at most {DS_MAX_CAPS} caps, not {len(caps)}")
        for j, item in enumerate(caps):
            cm, om, lim = int(item[0]), int(item[1]), int(item[2])
            if not (0 <= cm <= all_choosers and 0 <= om <= full and 0 <= lim <= 255):
                raise ValueError(f"cap {j}: bad chooser set, option set or limit")
            p.cap_choosers[j] = cm
            p.cap_options[j] = om
            p.cap_limit[j] = lim
        p.n_caps = len(caps)
        if ds_prepare(p) != DS_OK:
            raise DeclarationSearchError("bad declaration problem", DS_BAD_PROBLEM)
        self.node_budget = node_budget
        self.state_budget = state_budget
        self.nodes = 0

    @property
    def n_choosers(self):
        return self.p.n_choosers

    @property
    def n_options(self):
        return self.p.n_options

    @property
    def n_requirements(self):
        """How many requirements the problem has in all."""
        return self.p.n_requirements

    @property
    def max_known(self):
        return bool(self.p.max_known)

    @property
    def chooser_classes(self):
        """Per chooser, the lowest index of a chooser identical to it (symmetry)."""
        return [self.p.chooser_class[c] for c in range(self.p.n_choosers)]

    @property
    def option_classes(self):
        """Per option, the lowest index of an option identical to it (the counting DP
        lumps these into one histogram)."""
        return [self.p.option_class[o] for o in range(self.p.n_options)]

    @property
    def option_symmetry(self):
        """Per option, the lowest index of an option it may be exchanged with (identical
        up to renumbering requirements; the searches use this)."""
        return [self.p.option_sym[o] for o in range(self.p.n_options)]

    def reuse_max_from(self, DeclarationSearch other):
        """Take over ``other``'s cached maximum when both problems are the same (the
        cache the combat phase keys by the problem's bytes); True when it did."""
        return ds_reuse_max(self.p, other.p)

    def forget_max(self):
        """Drop the cached maximum and counts (benchmarks time the uncached path)."""
        self.p.max_known = 0
        self.forget_counts()

    def forget_counts(self):
        """Drop the counting DP's memo (kept otherwise for count, nth and sample)."""
        ds_counter_free(self.counter)
        self.counter = NULL

    cdef void _picks(self, picks, uint32_t* out) except *:
        cdef int32_t c
        vals = [int(x) for x in picks]
        if len(vals) != self.p.n_choosers:
            raise ValueError(f"a declaration has one option bitset per chooser "
                             f"({self.p.n_choosers}), not {len(vals)}")
        for c in range(self.p.n_choosers):
            if not 0 <= vals[c] < (1 << 32):
                raise ValueError(f"chooser {c}: {vals[c]} is not an option bitset")
            out[c] = vals[c]

    def max_requirements(self):
        """MAX: most requirements a restriction-respecting, cost-free declaration obeys."""
        cdef int rc
        cdef int64_t nodes = 0
        with nogil:
            rc = ds_max_requirements(self.p, self.node_budget, &nodes)
        self.nodes = nodes
        if rc != DS_OK:
            _ds_raise(rc, "maximum requirements")
        return self.p.max_value

    def check(self, picks):
        """(code, a, b, count): the first restriction broken (DS_V_*, or DS_LEGAL) and the
        requirements obeyed; does not compare with MAX."""
        cdef uint32_t buf[DS_MAX_CHOOSERS]
        cdef DSViolation v
        self._picks(picks, buf)
        ds_check(self.p, buf, &v)
        return v.code, v.a, v.b, v.count

    def validate(self, picks):
        """(code, a, b, count, maximum): DS_LEGAL or what is broken; for
        DS_V_REQUIREMENTS a = count and b = maximum."""
        cdef uint32_t buf[DS_MAX_CHOOSERS]
        cdef DSViolation v
        cdef int rc
        self._picks(picks, buf)
        with nogil:
            rc = ds_validate(self.p, buf, self.node_budget, &v)
        if rc != DS_OK:
            _ds_raise(rc, "validating the declaration")
        return v.code, v.a, v.b, v.count, v.maximum

    def step(self, partial):
        """(masks, done): per chooser the options it may add now, and whether the partial
        declaration is itself legal."""
        cdef uint32_t buf[DS_MAX_CHOOSERS]
        cdef uint32_t out[DS_MAX_CHOOSERS]
        cdef int32_t done = 0
        cdef int rc
        self._picks(partial, buf)
        cdef int64_t nodes = 0
        with nogil:
            rc = ds_step(self.p, buf, self.node_budget, out, &done, &nodes)
        self.nodes = nodes
        if rc != DS_OK:
            _ds_raise(rc, "legal next choices")
        return [out[c] for c in range(self.p.n_choosers)], bool(done)

    cdef DSCounter* _counter(self) except NULL:
        cdef int rc = DS_OK
        if self.counter == NULL:
            self.max_requirements()
            with nogil:
                self.counter = ds_counter_new(self.p, self.state_budget, &rc)
            if self.counter == NULL:
                _ds_raise(rc, "counting declarations")
        return self.counter

    def count(self):
        """(count, exact, approx): the number of legal declarations; ``exact`` is False
        when it exceeds 2**64 - 1 (then ``count`` is None and ``approx`` a float)."""
        cdef DSCounter* C = self._counter()
        cdef uint64_t n = 0
        cdef double w = 0
        cdef int32_t ovf = 0
        cdef int rc
        with nogil:
            rc = ds_count(C, &n, &w, &ovf)
        if rc != DS_OK:
            _ds_raise(rc, "counting declarations")
        if ovf:
            return None, False, w
        return n, True, w

    @property
    def dp_states(self):
        """States the counting DP has memoised so far (0 before it is built)."""
        return self.counter.n_states if self.counter != NULL else 0

    def nth(self, uint64_t k):
        """The k-th legal declaration (0-based, in the DP's fixed order)."""
        cdef DSCounter* C = self._counter()
        cdef uint32_t out[DS_MAX_CHOOSERS]
        cdef int rc
        with nogil:
            rc = ds_walk(C, k, NULL, out)
        if rc != DS_OK:
            _ds_raise(rc, "enumerating declarations")
        return [out[c] for c in range(self.p.n_choosers)]

    def declarations(self, uint64_t start=0, limit=None):
        """Legal declarations number start, start+1, ... (at most ``limit``), as lists of
        option bitsets; resume with ``start`` = how many were read."""
        cdef DSCounter* C = self._counter()
        n, exact, _ = self.count()
        out = []
        k = start
        while (not exact or k < n) and (limit is None or len(out) < limit):
            out.append(self.nth(k))
            k += 1
        return out

    def sample(self, rng):
        """A uniformly random legal declaration.  ``rng`` is the core's xoshiro128**
        state, a writable uint32 array of 4 (advanced in place), or an int seed."""
        cdef DSCounter* C = self._counter()
        cdef uint32_t out[DS_MAX_CHOOSERS]
        cdef uint32_t seeded[4]
        cdef uint32_t[::1] st
        cdef uint32_t* s
        cdef int rc
        if isinstance(rng, int):
            mtg_rng_seed(seeded, <uint64_t>rng)
            s = seeded
        else:
            st = rng
            if st.shape[0] != 4:
                raise ValueError("rng state is 4 uint32 words")
            s = &st[0]
        with nogil:
            rc = ds_walk(C, 0, s, out)
        if rc != DS_OK:
            _ds_raise(rc, "sampling a declaration")
        return [out[c] for c in range(self.p.n_choosers)]

    def sample_many(self, int n, uint64_t seed):
        """``n`` independent uniform samples from one seeded generator: (n, choosers) uint32."""
        cdef DSCounter* C = self._counter()
        cdef uint32_t s[4]
        cdef int i, rc = DS_OK
        res = np.zeros((n, max(self.p.n_choosers, 1)), dtype=np.uint32)
        cdef uint32_t[:, ::1] view = res
        mtg_rng_seed(s, seed)
        with nogil:
            for i in range(n):
                rc = ds_walk(C, 0, s, &view[i, 0])
                if rc != DS_OK:
                    break
        if rc != DS_OK:
            _ds_raise(rc, "sampling declarations")
        return res[:, :self.p.n_choosers]
