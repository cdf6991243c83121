# Information-set Monte Carlo tree search (POL_ISMCTS): a search player compiled in the
# core, GIL released, no Python per decision (docs/architecture.md, Principles: no Python
# on the hot path).  Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information
# Set Monte Carlo Tree Search"): one tree over the decisions as the game asks them (117
# priority, every pair of a 508.1 / 509.1 declaration, each 601.2c target, each payment or
# choice while resolving), each iteration
#
#   1. copies the root state and determinizes it from the deciding player's view
#      (observation.pxi, determinize: what they can't see, dealt again from what they could
#      be; the game's RNG reseeded), so the search never reads a hidden card;
#   2. descends the tree: at each decision the legal actions the engine lists in this
#      determinization (legal_actions_ex, floating mana on its own left out as the
#      heuristic does); an action with no node yet is expanded (one per iteration), else
#      the child with the best UCB1 score among the available ones (availability counts:
#      a child's "parent visits" are the visits in which it was legal); with ``bias`` > 0
#      the heuristic's answer in this determinization is expanded first and its score gets
#      bias / (visits + 1) (progressive bias: the search starts from the heuristic's play
#      and leaves it as the visits show better);
#   3. plays the game out from the new node under the rollout policy (POL_RANDOM or
#      POL_HEURISTIC for every seat), optionally only ``horizon`` turns (then scored by life);
#   4. backs the reward of each seat up the path: each node keeps the reward of the seat
#      that chose its action.
#
# A decision with one legal answer is taken without a node (it carries no choice).  An
# opponent's action on a card in a hidden zone (casting from their hand, ...) is keyed by
# the action and the card it is in this determinization: the observer tells "they cast a
# Bolt" from "they cast a Bear".  Rewards: a win is worth 1/n + (1 - 1/n) decay^t to the
# winner (t: turns from the root), the rest shared by the others, so decay < 1 wins sooner
# and loses later (play urgency); a draw or the game's turn limit 1/n each.
#
# Memory: a tree holds at most ``max_nodes`` nodes (MNode, 48 bytes); when it is full it
# stops growing and the iterations go on selecting inside it and rolling out from its
# frontier (the statistics of the existing nodes keep improving).  Each tree also owns one
# scratch state (the size of the root's buffer).  ``threads`` > 1: root-parallel search,
# one tree per thread with its own seed and share of the iterations; the root children's
# visits and rewards are summed over the trees.  With an iteration budget the result is a
# function of (state as the decider sees it, seed, parameters, threads); a time budget
# depends on the machine.

from libc.math cimport sqrt, log, pow

cpdef enum:
    ISMCTS_MAX_THREADS = 64
    ISMCTS_DEFAULT_NODES = 200000    # nodes per tree (about 9.6 MB)
    ISMCTS_MAX_NODES = 16777216      # the largest max_nodes accepted
    ISMCTS_FIRST_NODES = 256         # a tree's first allocation; it doubles up to max_nodes
    ISMCTS_MAX_ITERS = 100000000

ctypedef struct SearchParams:
    int32_t iters        # iterations per decision, all threads together (0: time_ms decides)
    double time_ms       # wall-clock budget per decision in ms (0: iters decides; both: first reached)
    double c             # UCB1 exploration constant
    int32_t rollout      # POL_RANDOM / POL_HEURISTIC: every seat of a playout
    double decay         # reward decay per turn, (0, 1]: play urgency
    int32_t max_nodes    # node cap of each tree
    int32_t threads      # root-parallel trees (threads), 1..ISMCTS_MAX_THREADS
    int32_t horizon      # turns a playout runs before it is scored by life (0: to the end)
    double bias          # progressive bias toward the heuristic's answer (0: none)

ctypedef struct MNode:
    int64_t key          # the action code (low 32 bits); + card + 1 << 32 for an opponent's hidden card
    int32_t action
    int32_t parent
    int32_t child        # first child, -1 none
    int32_t sibling      # next child of the parent, -1 none
    int32_t mover        # the seat that chose this action (-1: the root)
    int32_t visits
    int32_t avail        # iterations in which this action was legal at its parent
    int32_t pad_
    double reward        # the mover's total reward over the visits

ctypedef struct MTree:
    Engine* root         # shared, read only
    const SearchParams* sp
    int32_t me           # the deciding seat at the root
    int32_t iters        # this tree's iteration budget (0: until the deadline)
    uint64_t seed
    long long deadline   # mtg_now_ns() limit, 0: none
    MNode* nodes
    int32_t n_nodes
    int32_t cap_nodes
    Engine* work         # the scratch state (its own buffer ``own``, or one the core grew)
    int32_t* own
    int64_t done         # iterations run
    int64_t playout_decisions
    int32_t full         # the node cap (or memory) stopped the tree growing
    int32_t failed       # no memory for the scratch state: the tree did nothing


cdef int32_t search_actions(Engine* e, int32_t* buf) noexcept nogil:
    """The answers the search considers (``buf``: MAX_ACTIONS slots): the engine's legal
    actions without mana abilities on their own (floating mana, as random and heuristic
    play), all of them if that leaves none; the first MAX_ACTIONS of a longer list."""
    cdef int32_t n = legal_actions_ex(e, buf, MAX_ACTIONS, 0, False)
    if n <= 0:
        n = legal_actions_ex(e, buf, MAX_ACTIONS, 0, True)
    return n if n < MAX_ACTIONS else MAX_ACTIONS


cdef inline int64_t ism_key(Engine* w, int32_t act, int32_t p, int32_t me) noexcept nogil:
    """A tree edge's key: the action code; for another seat's action on a card in their
    hand or library (hidden from ``me``), the card too (what ``me`` would see happen)."""
    cdef int32_t o = action_a(act), z
    if p != me and 0 <= o < w.h.n_objects and w.ob[o].zone >= 0:
        z = w.ob[o].zone
        if z == zone_of(w, p, Z_HAND) or z == zone_of(w, p, Z_LIBRARY):
            return ((<int64_t>w.ob[o].card + 1) << 32) | <int64_t><uint32_t>act
    return <int64_t><uint32_t>act


cdef int32_t ism_new_node(MTree* t, int32_t parent, int64_t key, int32_t act, int32_t mover) noexcept nogil:
    """A new child of ``parent`` (-1 for the root), or -1 when the tree is full."""
    cdef int32_t i, ncap
    cdef MNode* grown
    if t.n_nodes >= t.cap_nodes:
        if t.cap_nodes >= t.sp.max_nodes:
            t.full = 1
            return -1
        ncap = t.cap_nodes * 2 if t.cap_nodes > 0 else ISMCTS_FIRST_NODES
        if ncap > t.sp.max_nodes:
            ncap = t.sp.max_nodes
        grown = <MNode*>realloc(t.nodes, <size_t>ncap * sizeof(MNode))
        if grown == NULL:
            t.full = 1
            return -1
        t.nodes = grown
        t.cap_nodes = ncap
    i = t.n_nodes
    t.n_nodes += 1
    t.nodes[i].key = key
    t.nodes[i].action = act
    t.nodes[i].parent = parent
    t.nodes[i].child = -1
    t.nodes[i].mover = mover
    t.nodes[i].visits = 0
    t.nodes[i].avail = 0
    t.nodes[i].pad_ = 0
    t.nodes[i].reward = 0
    if parent >= 0:
        t.nodes[i].sibling = t.nodes[parent].child
        t.nodes[parent].child = i
    else:
        t.nodes[i].sibling = -1
    return i


cdef void ism_rewards(Engine* w, int32_t root_turn, bint cut, const SearchParams* sp,
                      double* r) noexcept nogil:
    """Each seat's reward for the finished (or cut) playout in ``w`` (see the top)."""
    cdef int32_t n = w.h.n_players, p, win
    cdef double share = 1.0 / n, d, total = 0
    for p in range(n):
        r[p] = share
    if w.h.result == R_WIN and 0 <= w.h.winner < n:
        win = w.h.winner
        d = pow(sp.decay, <double>(w.h.turn - root_turn)) if w.h.turn > root_turn else 1.0
        r[win] = share + (1.0 - share) * d
        for p in range(n):
            if p != win:
                r[p] = (1.0 - r[win]) / (n - 1)
    elif w.h.result == R_UNFINISHED and cut:
        # the horizon: a share of the life of the players still in the game (119)
        for p in range(n):
            if w.pl[p].in_game and w.pl[p].life > 0:
                total += w.pl[p].life
        if total > 0:
            for p in range(n):
                r[p] = w.pl[p].life / total if w.pl[p].in_game and w.pl[p].life > 0 else 0.0


cdef void ism_iteration(MTree* t, uint32_t* rng, int32_t* buf, int64_t* keys, int32_t* found,
                        int32_t* unexp, int32_t* hbuf) noexcept nogil:
    """One iteration: determinize, select and expand, play out, back up (see the top)."""
    cdef Engine* w = t.work
    cdef Engine* root = t.root
    cdef const SearchParams* sp = t.sp
    cdef size_t nbytes = <size_t>root.h.total_ints * 4
    cdef uint32_t rngs[4 * MAX_PLAYERS]
    cdef int32_t pols[MAX_PLAYERS]
    cdef double r[MAX_PLAYERS]
    cdef int32_t node = 0, n, i, c, p, nun, pick, best, root_turn, limit, end = 0, steps = 0
    cdef int32_t hint = -1
    cdef double score, best_score, lg
    cdef bint cut = False
    cdef MNode* ch
    if release_growth(w, t.own):            # the last iteration grew its tables (growth.pxi)
        memcpy(t.own, root.base, nbytes)
        bind(w, t.own)
    else:
        memcpy(w.base, root.base, nbytes)
    determinize(w, t.me, rng)
    w.decl_cache = NULL
    w.decl_cache_for = D_NONE
    advance(w)
    root_turn = w.h.turn
    while w.h.result == R_ONGOING:
        if steps >= PLAYOUT_GUARD:
            abort_game(w, ABORT_RUNAWAY)
            break
        steps += 1
        n = search_actions(w, buf)
        if n <= 0:
            break
        if n == 1:                          # no choice: no node
            do_action(w, buf[0])
            advance(w)
            continue
        p = w.h.decider
        for i in range(n):
            keys[i] = ism_key(w, buf[i], p, t.me)
            found[i] = -1
        c = t.nodes[node].child
        while c >= 0:
            for i in range(n):
                if found[i] < 0 and keys[i] == t.nodes[c].key:
                    found[i] = c
                    break
            c = t.nodes[c].sibling
        nun = 0
        for i in range(n):
            if found[i] >= 0:
                t.nodes[found[i]].avail += 1
            else:
                unexp[nun] = i
                nun += 1
        if sp.bias > 0:                     # the heuristic's answer in this determinization
            hint = heuristic_action(w, rng, hbuf)
        if nun > 0 and not t.full:          # expand one untried action, then play out
            pick = unexp[mtg_rng_below(rng, <uint32_t>nun)]
            for i in range(nun):            # the heuristic's answer first
                if buf[unexp[i]] == hint:
                    pick = unexp[i]
            c = ism_new_node(t, node, keys[pick], buf[pick], p)
            if c >= 0:
                t.nodes[c].avail = 1
                do_action(w, buf[pick])
                advance(w)
                node = c
                break
        best = -1
        best_score = 0
        for i in range(n):                  # UCB1 over the available children
            if found[i] < 0:
                continue
            ch = &t.nodes[found[i]]
            lg = log(<double>ch.avail)
            score = ch.reward / ch.visits + sp.c * sqrt(lg / ch.visits)
            if buf[i] == hint:              # progressive bias (Chaslot et al. 2008)
                score += sp.bias / (ch.visits + 1)
            if best < 0 or score > best_score:
                best = i
                best_score = score
        if best < 0:                        # the tree is full here: play out from this state
            break
        do_action(w, buf[best])
        advance(w)
        node = found[best]
    if w.h.result == R_ONGOING:
        if sp.horizon > 0:
            limit = w.h.turn + sp.horizon
            if limit > TURN_MAX:
                limit = TURN_MAX
            if w.h.max_turns <= 0 or limit < w.h.max_turns:
                w.h.max_turns = limit
                cut = True
        for p in range(w.h.n_players):
            pols[p] = sp.rollout
            mtg_rng_seed(rngs + 4 * p, (<uint64_t>mtg_rng_next(rng) << 32) | mtg_rng_next(rng))
        t.playout_decisions += play_policies(w, rngs, pols, &end, NULL)
    ism_rewards(w, root_turn, cut, sp, r)
    c = node
    while c > 0:
        t.nodes[c].visits += 1
        t.nodes[c].reward += r[t.nodes[c].mover]
        c = t.nodes[c].parent
    t.nodes[0].visits += 1
    t.done += 1


cdef void ism_run_tree(void* arg) noexcept nogil:
    """Grow one tree until its budget is spent (one thread's task)."""
    cdef MTree* t = <MTree*>arg
    cdef uint32_t rng[4]
    cdef int32_t* buf = <int32_t*>malloc(MAX_ACTIONS * 4 * sizeof(int32_t))
    cdef int64_t* keys = <int64_t*>malloc(MAX_ACTIONS * sizeof(int64_t))
    cdef size_t nbytes = <size_t>t.root.h.total_ints * 4
    t.work = <Engine*>calloc(1, sizeof(Engine))
    t.own = <int32_t*>malloc(nbytes)
    if buf == NULL or keys == NULL or t.work == NULL or t.own == NULL or \
            ism_new_node(t, -1, -1, -1, -1) != 0:
        t.failed = 1
    else:
        memcpy(t.own, t.root.base, nbytes)
        bind(t.work, t.own)
        t.work.cards = t.root.cards
        t.work.abil = t.root.abil
        t.work.prog = t.root.prog
        t.work.n_cards = t.root.n_cards
        t.work.n_abilities = t.root.n_abilities
        t.work.prog_len = t.root.prog_len
        mtg_rng_seed(rng, t.seed)
        while (t.iters <= 0 or t.done < t.iters) and \
                (t.deadline == 0 or t.done == 0 or mtg_now_ns() < t.deadline):
            ism_iteration(t, rng, buf, keys, buf + MAX_ACTIONS, buf + 2 * MAX_ACTIONS,
                          buf + 3 * MAX_ACTIONS)
    if t.work != NULL:
        if t.work.base_owned:
            free(t.work.base)
        free(t.work)
        t.work = NULL
    free(t.own)
    t.own = NULL
    free(buf)
    free(keys)


ctypedef struct SearchOut:
    int32_t n                # root actions (the search's answers at the root)
    int32_t best             # the action chosen, -1: none (no decision, or no memory)
    int64_t iterations
    int64_t nodes            # all trees
    int64_t max_tree_nodes   # the largest tree
    int64_t bytes            # node arrays and scratch states at their largest
    int64_t playout_decisions
    int32_t full             # some tree reached its node cap
    double seconds


cdef int32_t ismcts_search(Engine* root, const SearchParams* sp, uint64_t seed,
                           int32_t* acts, int64_t* visits, double* value,
                           SearchOut* out) noexcept nogil:
    """Search the pending decision of ``root`` (unchanged).  ``acts`` / ``visits`` /
    ``value`` (MAX_ACTIONS each) get the root's answers in the engine's order, their visits
    and mean reward to the decider, summed over the trees.  Returns the answer with the
    most visits (ties: the higher mean, then the first listed), -1 if there is none; the
    one answer at once when there is only one."""
    cdef int32_t k = sp.threads, i, j, n, me = root.h.decider, c, best = -1
    cdef long long t0 = mtg_now_ns()
    cdef MTree* trees
    cdef double* rew
    cdef int64_t key
    memset(out, 0, sizeof(SearchOut))
    out.best = -1
    if root.h.result != R_ONGOING or root.h.decision == D_NONE or not 0 <= me < root.h.n_players:
        return -1
    n = search_actions(root, acts)
    out.n = n
    if n <= 0:
        return -1
    if n == 1:                               # nothing to choose: no search
        visits[0] = 0
        value[0] = 0
        out.best = acts[0]
        return acts[0]
    trees = <MTree*>calloc(k, sizeof(MTree))
    rew = <double*>calloc(n, sizeof(double))
    if trees == NULL or rew == NULL:
        free(trees)
        free(rew)
        return -1
    for i in range(k):
        trees[i].root = root
        trees[i].sp = sp
        trees[i].me = me
        trees[i].seed = seed * 0x9E3779B97F4A7C15u + <uint64_t>(i + 1) * 0xBF58476D1CE4E5B9u
        trees[i].iters = sp.iters // k + (1 if i < sp.iters % k else 0) if sp.iters > 0 else 0
        trees[i].deadline = t0 + <long long>(sp.time_ms * 1e6) if sp.time_ms > 0 else 0
    mtg_run_tasks(ism_run_tree, <char*>trees, sizeof(MTree), k)
    for j in range(n):
        visits[j] = 0
    for i in range(k):
        out.iterations += trees[i].done
        out.nodes += trees[i].n_nodes
        out.max_tree_nodes = max(out.max_tree_nodes, trees[i].n_nodes)
        out.bytes += <int64_t>trees[i].cap_nodes * sizeof(MNode) + <int64_t>root.h.total_ints * 4
        out.playout_decisions += trees[i].playout_decisions
        out.full |= trees[i].full
        if trees[i].failed or trees[i].nodes == NULL:
            continue
        c = trees[i].nodes[0].child
        while c >= 0:
            key = trees[i].nodes[c].key
            for j in range(n):
                if <int64_t><uint32_t>acts[j] == key:
                    visits[j] += trees[i].nodes[c].visits
                    rew[j] += trees[i].nodes[c].reward
                    break
            c = trees[i].nodes[c].sibling
        free(trees[i].nodes)
    for j in range(n):
        value[j] = rew[j] / visits[j] if visits[j] > 0 else 0.0
        if best < 0 or visits[j] > visits[best] or (visits[j] == visits[best] and value[j] > value[best]):
            best = j
    free(trees)
    free(rew)
    out.seconds = (mtg_now_ns() - t0) * 1e-9
    out.best = acts[best]
    return acts[best]


cdef int32_t ismcts_action(Engine* e, uint32_t* rng, const SearchParams* sp, int32_t* buf) noexcept nogil:
    """POL_ISMCTS's answer to the pending decision (play_policies): the one legal answer
    at once, else a search seeded from the seat's stream.  Out of memory: the heuristic's
    answer."""
    cdef int64_t* visits
    cdef double* value
    cdef int32_t* acts
    cdef int32_t n = search_actions(e, buf), act
    cdef uint64_t seed
    cdef SearchOut out
    if n <= 0:
        return -1
    if n == 1:
        return buf[0]
    seed = (<uint64_t>mtg_rng_next(rng) << 32) | mtg_rng_next(rng)
    acts = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    visits = <int64_t*>malloc(MAX_ACTIONS * sizeof(int64_t))
    value = <double*>malloc(MAX_ACTIONS * sizeof(double))
    act = -1
    if acts != NULL and visits != NULL and value != NULL:
        act = ismcts_search(e, sp, seed, acts, visits, value, &out)
    free(acts)
    free(visits)
    free(value)
    if act < 0:
        act = heuristic_action(e, rng, buf)
    return act
