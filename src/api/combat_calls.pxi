# Combat from Python (506-511): a whole damage assignment or a whole declaration made in
# one call, checked against the same rules as the step-by-step decisions (combat/combat.pxi),
# and what a creature's damage assignment order and assigned damage are.

# --- whole damage assignments from Python (510.1c-e) ---------------------------------------------

def combat_assign_whole(State st, int creature, amounts):
    """Validate and make ``creature``'s whole combat damage assignment at once (510.1c-e).
    ``amounts``: (recipient, amount) pairs.  Returns None when it was made, else (why,
    recipient, other): why 1 = not the creature being asked, 2 = not a recipient, 3 = a
    negative amount, 4 = not its power in all (510.1a), 5 = ``recipient`` gets damage
    before ``other`` has lethal damage (510.1c-d, 702.19b), 6 = the other creatures'
    assignments could not be completed legally (510.1e).  The state is unchanged then."""
    cdef Engine* e = &st.e
    cdef AsgProblem P
    cdef int32_t j, i, x, k, r
    cdef int64_t total = 0
    if e.h.decision != D_ASSIGN_DAMAGE or e.h.dctx0 != creature:
        return (1, creature, -1)
    if asg_build(e, creature, &P) < 0:
        return (1, creature, -1)
    for j in range(P.n[0]):
        P.amt[j] = 0
    for item in amounts:
        r, a = int(item[0]), int(item[1])
        x = -1
        for j in range(P.n[0]):
            if P.robj[P.rec[j]] == r:
                x = j
        if x < 0:
            return (2, r, -1)
        if a < 0:
            return (3, r, -1)
        P.amt[x] += a
        total += a
    if total != P.power[0]:
        return (4, total, P.power[0])
    if not asg_feasible(&P, 0):
        # the creature's own order first: an element with damage after one without lethal
        for j in range(P.n[0]):
            if P.amt[j] <= 0:
                continue
            for i in range(P.n[0]):
                if P.rank[i] < P.rank[j] and not asg_lethal_fixed(&P, P.rec[i]):
                    return (5, P.robj[P.rec[j]], P.robj[P.rec[i]])
        return (6, creature, -1)
    store_amounts(e, &P)
    e.h.decision = D_NONE
    finish_assignment(e, creature, True)
    ask_next_assignment(e)
    advance(e)
    st._adopt()                         # it may have grown the buffer (growth.pxi)
    return None


cdef bint asg_lethal_fixed(AsgProblem* P, int32_t r) noexcept nogil:
    """Lethal damage on ``r`` from what is assigned so far and what other creatures must
    assign anyway (single-recipient creatures), not from open creatures' future choices."""
    return asg_lethal(P, r)


def combat_damage_order(State st, int o):
    """An attacker's blockers in its damage assignment order (509.2), or a blocker's
    attackers in its (509.3)."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n = 0, i
    if not 0 <= o < st.e.h.n_objects:
        raise EngineError(f"no object {o}")
    if is_attacking(&st.e, o):
        n = blockers_of(&st.e, o, tmp)
    elif is_blocking(&st.e, o):
        n = attackers_of(&st.e, o, tmp)
    return [tmp[i] for i in range(n)]


def combat_assigned(State st, int o):
    """{recipient: amount} that ``o`` has assigned so far in the combat damage step in
    progress (510.1c-d)."""
    cdef int32_t rec[ASG_MAX_L]
    cdef int32_t rank[ASG_MAX_L]
    cdef int32_t row[ASG_MAX_L]
    cdef int32_t n, i
    if not 0 <= o < st.e.h.n_objects:
        raise EngineError(f"no object {o}")
    n = damage_list(&st.e, o, rec, rank, row, ASG_MAX_L)
    return {rec[i]: amount_at(&st.e, row[i], o)[0] for i in range(min(n, ASG_MAX_L))
            if row[i] >= 0 and amount_at(&st.e, row[i], o)[0] > 0}


# --- whole declarations from Python ------------------------------------------------------------

def combat_declare_whole(State st, pairs, bands=()):
    """Validate and make a whole declaration at once (508.1c-e, 508.1g-i / 509.1b-f).
    ``pairs``: (creature, what it attacks) or (creature, attacker it blocks); ``bands``:
    lists of attacking creatures, each one band (508.1e, 702.21c-d).  Returns None when it
    was made, else (DS_V_* code, a, b, count, maximum) and the state is unchanged; for
    DS_V_BUDGET a = the total cost and b = the mana that could pay it; a bad band is
    (DS_V_BAD_BAND, creature, 0, 0, 0)."""
    cdef Engine* e = &st.e
    cdef CombatDecl d
    cdef DSViolation v
    cdef int32_t c, k, o, t, found, rc, lost, saved_max
    cdef bint attack = e.h.decision == D_DECLARE_ATTACKERS
    if e.h.decision != D_DECLARE_ATTACKERS and e.h.decision != D_DECLARE_BLOCKERS:
        raise EngineError("no declaration of attackers or blockers is pending")
    if attack:
        build_attack_decl(e, &d)
    else:
        build_block_decl(e, &d, e.h.dctx0)
    if d.too_big:
        raise EngineError(f"more than {DS_MAX_CHOOSERS} creatures or {DS_MAX_OPTIONS} options: "
                          "declare this one pair at a time (legal_actions)")
    for c in range(d.prob.n_choosers):
        d.picks[c] = 0
    for item in pairs:
        o, t = int(item[0]), int(item[1])
        found = -1
        for c in range(d.prob.n_choosers):
            if d.chooser[c] == o:
                found = c
        if found < 0:
            return (DS_V_NOT_ALLOWED, o, t, -1, -1)
        c = found
        found = -1
        for k in range(d.prob.n_options):
            if d.option[k] == t:
                found = k
        if found < 0:
            return (DS_V_NOT_ALLOWED, o, t, -1, -1)
        d.picks[c] |= (<uint32_t>1) << found
    saved_max = e.h.decl_max          # an illegal declaration leaves the state as it was
    rc = decl_prepare(e, &d)
    if rc == DS_OK:
        rc = ds_validate(&d.prob, d.picks, DS_DEFAULT_NODE_BUDGET, &v)
    e.h.decl_max = saved_max
    if rc != DS_OK:
        raise EngineError("this declaration is too big to decide within the search budget "
                          "(DS_TOO_COMPLEX); it is neither accepted nor refused")
    if v.code != DS_LEGAL:
        if v.code in (DS_V_NOT_ALLOWED, DS_V_TOO_MANY, DS_V_ALONE):
            return (v.code, d.chooser[v.a], v.b, v.count, v.maximum)
        if v.code in (DS_V_OPTION_MAX, DS_V_OPTION_MIN):
            return (v.code, d.option[v.a], v.b, v.count, v.maximum)
        if v.code == DS_V_BUDGET:
            # what the attack costs, and the mana left to pay it once attacking has
            # tapped the mana sources among the attackers (508.1f before 508.1h)
            lost = 0
            for c in range(d.prob.n_choosers):
                if d.picks[c]:
                    lost += d.prob.part_w[c] - d.pay[c]
            return (v.code, decl_cost(&d, d.picks), d.prob.budget - lost, v.count, v.maximum)
        return (v.code, v.a, v.b, v.count, v.maximum)
    band_of = {}
    if bands:
        if not attack:
            raise EngineError("bands are declared with attackers (508.1e)")
        target_of = {d.chooser[c]: d.option[ds_ctz32(d.picks[c])]
                     for c in range(d.prob.n_choosers) if d.picks[c]}
        for band in bands:
            members = [int(x) for x in band]
            if len(members) < 2 or len(set(members)) != len(members):
                return (DS_V_BAD_BAND, members[0] if members else -1, 0, 0, 0)
            for x in members:
                if x not in target_of or x in band_of:
                    return (DS_V_BAD_BAND, x, 0, 0, 0)          # 702.21c: attacking, one band
                if target_of[x] != target_of[members[0]]:
                    return (DS_V_BAD_BAND, x, 0, 0, 0)          # 702.21d: the same target
                band_of[x] = min(members) + 1
            if sum(1 for x in members if not has_banding(e, x)) > 1:
                return (DS_V_BAD_BAND, members[0], 0, 0, 0)     # 702.21c: one without
    # legal: replace whatever was chosen so far by this declaration, then finish it
    for c in range(d.prob.n_choosers):
        o = d.chooser[c]
        e.ob[o].combat = 0
        e.ob[o].combat_target = -1
        e.ob[o].target_inc = 0
        e.ob[o].band = 0
        if not attack:
            e.ob[o].block_mask = 0
            e.ob[o].dmg_order = 0
    for c in range(d.prob.n_choosers):
        for k in range(d.prob.n_options):
            if (d.picks[c] >> k) & 1:
                if attack:
                    do_combat_action(e, make_action(A_ATTACK, d.option[k], d.chooser[c]), D_DECLARE_ATTACKERS)
                else:
                    do_combat_action(e, make_action(A_BLOCK, d.chooser[c], d.option[k]), D_DECLARE_BLOCKERS)
    for x, b in band_of.items():                               # 508.1e
        e.ob[<int32_t>x].band = <int32_t>b
    for band in bands:
        members = sorted(int(x) for x in band)
        for x in members[1:]:
            log_event(e, EV_BAND, x, members[0], 0)
    do_combat_action(e, make_action(A_DECLARE_DONE, 0, 0),
                     D_DECLARE_ATTACKERS if attack else D_DECLARE_BLOCKERS)
    advance(e)
    st._adopt()                         # it may have grown the buffer (growth.pxi)
    return None
