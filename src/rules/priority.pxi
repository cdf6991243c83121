# The engine loop: advance until some player must decide (docs/architecture.md,
# Principles: every decision is explicit), priority
# (117, 500.2), legal actions for every decision, and applying one.

cpdef enum:
    ADVANCE_GUARD = 10000000


cdef void advance(Engine* e) noexcept nogil:
    """Run turn-based actions, state-based actions and triggers until a decision is
    pending or the game is over."""
    cdef int32_t guard = 0
    while e.h.decision == D_NONE and e.h.result == R_ONGOING:
        guard += 1
        if guard > ADVANCE_GUARD:          # a bug, never a rule: stop rather than hang
            abort_game(e, ABORT_RUNAWAY)
            break
        if e.h.stage == STG_PRIORITY:
            priority_step(e)
        elif e.h.stage == STG_STEP_END:
            end_step(e)
        elif e.h.stage == STG_STEP_START:
            start_step(e)
        elif e.h.stage == STG_CLEANUP_DISCARD:
            cleanup_discard_step(e)
        elif e.h.stage == STG_CLEANUP_REST:
            cleanup_rest(e)
        elif e.h.stage == STG_MULLIGAN:
            mulligan_step(e)
        else:
            break
    if e.h.result != R_ONGOING:
        # A game can end (or be aborted) in the middle of an action whose code goes on to
        # set a decision: once over, it waits for nothing.
        e.h.stage = STG_OVER
        e.h.decision = D_NONE
        e.h.unless_amount = 0


cdef void priority_step(Engine* e) noexcept nogil:
    """117.5: each time a player would receive priority, state-based actions are performed
    (repeatedly), then triggered abilities go on the stack (603.3b), then the check repeats."""
    if check_sba(e) < 0 or e.h.result != R_ONGOING:
        return
    if e.h.triggers_n > 0:
        place_pending_triggers(e)
        return                              # loop again: SBAs first (704.3)
    e.h.priority = first_in_game_from(e, e.h.priority)
    e.h.decision = D_PRIORITY
    e.h.decider = e.h.priority


cdef inline int32_t players_in_game(Engine* e) noexcept nogil:
    cdef int32_t p, n = 0
    if e.h.n_players == 2:                      # (every pass asks)
        return e.pl[0].in_game + e.pl[1].in_game
    for p in range(e.h.n_players):
        n += e.pl[p].in_game
    return n


cdef void pass_priority(Engine* e) noexcept nogil:
    """117.3d / 500.2 / 608.1: when all players pass in succession, the top of the stack
    resolves (then the active player gets priority, 117.3b) or, with an empty stack, the
    step or phase ends."""
    e.h.decision = D_NONE
    e.h.passes += 1
    if e.h.passes >= players_in_game(e):
        e.h.passes = 0
        if e.h.stack_n == 0:
            e.h.stage = STG_STEP_END
            return
        resolve_top(e)
        e.h.priority = first_in_game_from(e, e.h.active)
        e.h.stage = STG_PRIORITY
        return
    e.h.priority = next_in_game(e, e.h.priority)
    e.h.stage = STG_PRIORITY


# --- 506.6: spells and abilities usable only before / after a point of combat -------------

cdef int32_t first_combat_entry(Engine* e, int32_t step) noexcept nogil:
    """506.6d: the plan entry of ``step`` in the turn's first combat phase (a skipped
    phase doesn't exist, 500.10), or -1 when the turn has no combat phase left that
    could be it (-2: that phase has no such entry)."""
    cdef int32_t i, ser = -1
    for i in range(e.h.plan_len):
        if entry_phase(e.plan[i]) == PH_COMBAT and not (entry_flags(e.plan[i]) & PE_SKIPPED):
            ser = entry_serial(e.plan[i])
            break
    if ser < 0:
        return -1
    for i in range(e.h.plan_len):
        if entry_serial(e.plan[i]) == ser and entry_step(e.plan[i]) == step:
            return i
    return -2


cdef bint before_combat_point(Engine* e, int32_t step) noexcept nogil:
    """506.6a-b, d-e: "only before [step]" of the first combat phase: before that step
    begins.  If it is skipped (508.6) priority after the declare attackers step is already
    past its plan entry; with no combat phase, until the precombat main phase ends."""
    cdef int32_t i = first_combat_entry(e, step)
    if i == -1:
        for i in range(e.h.plan_pos):                   # 506.6e: no combat phase this turn
            if entry_step(e.plan[i]) == S_MAIN and not (entry_flags(e.plan[i]) & PE_SKIPPED):
                return False
        return e.h.step == S_MAIN or e.h.phase == PH_BEGINNING
    if i == -2:
        return False
    return e.h.plan_pos < i


cdef bint combat_timing_allows(Engine* e, int32_t timing) noexcept nogil:
    """506.6: the TIME_* words for points of combat (506.6g: abilities alike)."""
    cdef int32_t i, ser
    if timing == TIME_DURING_COMBAT:                    # 506.6c: any combat phase
        return e.h.phase == PH_COMBAT
    if timing == TIME_BEFORE_ATTACKERS:                 # 506.6a
        return before_combat_point(e, S_DECLARE_ATTACKERS)
    if timing == TIME_BEFORE_BLOCKERS:                  # 506.6b
        return before_combat_point(e, S_DECLARE_BLOCKERS)
    if timing == TIME_BEFORE_COMBAT_DAMAGE:             # 506.6e
        return before_combat_point(e, S_COMBAT_DAMAGE)
    if timing == TIME_DECLARE_BLOCKERS_STEP:            # a step of any combat phase
        return e.h.phase == PH_COMBAT and e.h.step == S_DECLARE_BLOCKERS
    if timing == TIME_COMBAT_BEFORE_BLOCKERS:           # 506.6c: this combat phase
        return e.h.phase == PH_COMBAT and (e.h.step == S_BEGIN_COMBAT or
                                           e.h.step == S_DECLARE_ATTACKERS)
    if timing == TIME_COMBAT_AFTER_BLOCKERS:            # 506.6c, 506.6f
        if e.h.phase != PH_COMBAT or e.h.plan_pos >= e.h.plan_len:
            return False
        ser = entry_serial(e.plan[e.h.plan_pos])
        for i in range(e.h.plan_pos + 1):               # its declare blockers step happened
            if entry_serial(e.plan[i]) == ser and entry_step(e.plan[i]) == S_DECLARE_BLOCKERS \
                    and not (entry_flags(e.plan[i]) & PE_SKIPPED):
                return True
        return False
    return False


# --- legal actions -------------------------------------------------------------------------

cdef inline int32_t make_action(int32_t kind, int32_t a, int32_t b) noexcept nogil:
    return kind | (a << 8) | (b << 20)

cdef inline int32_t action_kind(int32_t act) noexcept nogil:
    return act & 255

cdef inline int32_t action_a(int32_t act) noexcept nogil:
    return (act >> 8) & 4095

cdef inline int32_t action_b(int32_t act) noexcept nogil:
    return (act >> 20) & 4095


# Legal answers go into an ActionSink: a caller's buffer of ``cap`` slots that keeps the
# answers numbered skip .. skip + cap - 1 and counts all of them, so no decision can
# overflow it however many answers it has (a legend-rule choice among 1,500 permanents of
# one name), and a caller can also just count them or look for one.
ctypedef struct ActionSink:
    int32_t* out
    int32_t cap                 # slots in out
    int32_t skip                # answers passed over before the first one stored
    int32_t n                   # answers so far, stored or not
    int32_t find                # an action code to look for, or -1
    bint found


cdef inline void emit(ActionSink* s, int32_t act) noexcept nogil:
    cdef int32_t k = s.n - s.skip
    if 0 <= k < s.cap:
        s.out[k] = act
    if act == s.find:
        s.found = True
    s.n += 1


cdef int32_t priority_actions(Engine* e, int32_t p, ActionSink* s, bint include_mana) noexcept nogil:
    cdef int32_t i, o, j, c, ab, hand = zone_of(e, p, Z_HAND), bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef int32_t n_units = 0, kinds, n_cand = 0, need = 0
    cdef const int32_t* row
    cdef const int32_t* last_row = NULL
    cdef bint last_ok = False
    cdef ManaUnit units[MAX_UNITS]
    cdef int32_t unit_pip[MAX_UNITS]
    cdef int32_t cand[TGT_PLAYER]           # a hand holds fewer than TGT_PLAYER objects
    cdef bint sorcery = sorcery_timing(e, p), fast = fast_cards_in_hand_possible(e)
    emit(s, make_action(A_PASS, 0, 0))
    # Cards that could be cast but for their cost are gathered first; the mana this player
    # could make is then collected once for all of them.  Outside sorcery timing only
    # instants and flash cards are looked at (305.1/505.5b: lands, 307.1: the rest;
    # the same tests check_play_land and check_cast_except_cost start with), and with
    # none in any hand (no_fast_in_hand) the hand isn't looked at.
    for i in range(e.zcount[hand] if sorcery or fast else 0):
        o = zone_list(e, hand)[i]
        row = card_row(e, e.ob[o].card)
        if not sorcery and not is_fast_card(row):
            if MTG_CORE_DEBUG:
                debug_verify_not_playable(e, p, o)
            continue
        if row[CF_FACE] & (FACE_MODAL | FACE_SPLIT):
            if hand_face_actions(e, p, o, s):         # faces.pxi: 712.11, 709.3
                continue
        if row[CF_TYPES] & T_LAND:
            if check_play_land(e, p, o) == E_OK:
                emit(s, make_action(A_PLAY_LAND, o, 0))
        elif check_cast_except_cost(e, p, o) == E_OK:
            cand[n_cand] = o
            n_cand += 1
            alternative_cost_actions(e, p, o, s)      # alternative_costs.pxi (118.9)
            if cost_size(row + CF_COST_GENERIC) + hybrid_count(row[CF_COST_HYBRID]) > need:
                need = cost_size(row + CF_COST_GENERIC) + hybrid_count(row[CF_COST_HYBRID])
    if n_cand:
        n_units = collect_units(e, p, -1, units, need)
    for i in range(n_cand):
        row = card_row(e, e.ob[cand[i]].card)
        # the match reads the card's cost alone: copies of one card share it
        if row != last_row:
            last_row = row
            last_ok = cost_size(row + CF_COST_GENERIC) + hybrid_count(row[CF_COST_HYBRID]) <= n_units \
                and match_with_choices(units, n_units, row + CF_COST_GENERIC, row[CF_COST_HYBRID],
                                       unit_pip, 0, False)
            if not last_ok and row[CF_COST_PHYREXIAN]:
                # 107.4f: some of its Phyrexian pips paid with life instead (phyrexian.pxi)
                last_ok = can_pay_p(e, p, row + CF_COST_GENERIC, row[CF_COST_HYBRID],
                                    row[CF_COST_PHYREXIAN], base_life_cost(e, cand[i]), -1)
            if last_ok and not spell_sac_leaves_one(e, p, cand[i]):
                last_ok = False                  # 601.2g-h: its Treasure can't pay and be sacrificed
        if last_ok:
            emit(s, make_action(A_CAST, cand[i], 0))
    if zone_ability_cards_possible(e):
        hand_and_graveyard_actions(e, p, s)           # flashback, cycling
    kinds = ((1 << AB_ACTIVATED) | ((1 << AB_MANA) if include_mana else 0)) & bf_kinds(e)
    for i in range(e.zcount[bf] if kinds else 0):
        o = zone_list(e, bf)[i]
        row = card_row(e, e.ob[o].card)
        if e.ob[o].controller != p or e.ob[o].phased_out or not (row[CF_ABILITY_KINDS] & kinds):
            continue
        for j in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + j
            if ability_row(e, ab)[AF_KIND] == AB_ACTIVATED:
                if check_activate(e, p, o, j, AB_ACTIVATED) == E_OK:
                    emit(s, make_action(A_ACTIVATE, o, j))
            elif include_mana and ability_row(e, ab)[AF_KIND] == AB_MANA:
                if check_activate(e, p, o, j, AB_MANA) == E_OK:
                    for c in range(N_MANA):
                        if ability_row(e, ab)[AF_MANA_COLORS] & (1 << c):
                            emit(s, make_action(A_ACTIVATE_MANA, o, j | (c << 6)))
    if grants_on_board(e):
        granted_ability_actions(e, p, s, include_mana)   # grants.pxi (613.1f)
    return s.n


cdef inline bint nothing_but_pass(Engine* e, int32_t p) noexcept nogil:
    """Priority for ``p`` offers A_PASS alone, mana abilities left out (priority_actions
    with ``include_mana`` False): not at sorcery timing with no instant or flash card in
    any hand (so no hand card is looked at), no card with a hand or graveyard ability, no
    activated ability on the battlefield and no granted one.  False may still mean only
    A_PASS; True always does (debug builds count the list)."""
    cdef bint only = not sorcery_timing(e, p) and not fast_cards_in_hand_possible(e) and \
        not zone_ability_cards_possible(e) and not (bf_kinds(e) & (1 << AB_ACTIVATED)) and \
        not grants_on_board(e)
    if MTG_CORE_DEBUG and only and legal_actions_ex(e, NULL, 0, 0, False) != 1:
        debug_fail(b"nothing_but_pass: priority offers more than passing")
    return only


cdef void debug_verify_not_playable(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """Debug builds: a hand card priority_actions passed over for timing alone can indeed
    be neither played nor cast (check_play_land / check_cast_except_cost agree)."""
    if check_play_land(e, p, o) == E_OK or check_cast_except_cost(e, p, o) == E_OK:
        debug_fail(b"priority timing: a card passed over outside sorcery timing could be "
                   b"played or cast (305.1, 307.1)")


cdef void hand_and_graveyard_actions(Engine* e, int32_t p, ActionSink* s) noexcept nogil:
    """Casting with flashback from the graveyard (702.34a) and abilities that work from
    the hand (cycling, 702.29a)."""
    cdef int32_t i, j, o, ab, zone = zone_of(e, p, Z_GRAVEYARD)
    cdef const int32_t* row
    for i in range(e.zcount[zone]):
        o = zone_list(e, zone)[i]
        if card_row(e, e.ob[o].card)[CF_ZONE_ABILITIES] & ZA_FLASHBACK and \
                check_cast(e, p, o) == E_OK:
            emit(s, make_action(A_CAST, o, 0))
    zone = zone_of(e, p, Z_HAND)
    for i in range(e.zcount[zone]):
        o = zone_list(e, zone)[i]
        row = card_row(e, e.ob[o].card)
        if not (row[CF_ZONE_ABILITIES] & ZA_FROM_HAND):
            continue
        for j in range(row[CF_ABILITY_COUNT]):
            ab = row[CF_ABILITY_START] + j
            if ability_row(e, ab)[AF_FROM_HAND] and check_activate(e, p, o, j, AB_ACTIVATED) == E_OK:
                emit(s, make_action(A_ACTIVATE, o, j))


cdef int32_t legal_actions(Engine* e, int32_t* out, int32_t cap) noexcept nogil:
    """Every legal answer to the pending decision, in a deterministic order: the first
    ``cap`` go into ``out``; returns how many there are (possibly more than ``cap``)."""
    return legal_actions_ex(e, out, cap, 0, True)


cdef int32_t count_legal_actions(Engine* e) noexcept nogil:
    return legal_actions_ex(e, NULL, 0, 0, True)


cdef bint is_legal(Engine* e, int32_t act) noexcept nogil:
    """Is ``act`` one of the legal answers (however many there are)?"""
    cdef ActionSink s
    s.out = NULL; s.cap = 0; s.skip = 0; s.n = 0; s.find = act; s.found = False
    enumerate_actions(e, &s, True)
    return s.found


cdef int32_t legal_actions_ex(Engine* e, int32_t* out, int32_t cap, int32_t skip,
                              bint include_mana) noexcept nogil:
    """As legal_actions, storing answers skip .. skip + cap - 1; ``include_mana=False``
    leaves out activating mana abilities on their own (the random policy's default, see
    playout.pxi)."""
    cdef ActionSink s
    s.out = out; s.cap = cap; s.skip = skip; s.n = 0; s.find = -1; s.found = False
    return enumerate_actions(e, &s, include_mana)


cdef int32_t enumerate_actions(Engine* e, ActionSink* s, bint include_mana) noexcept nogil:
    cdef int32_t i, o, p = e.h.decider, lst_n
    cdef int32_t tmp[TGT_PLAYER + MAX_PLAYERS]      # players + objects: cap < TGT_PLAYER
    cdef StackItem* si
    cdef int32_t hand, bf
    if e.h.result != R_ONGOING:
        return 0
    if e.h.decision == D_PRIORITY:
        return priority_actions(e, p, s, include_mana)
    if e.h.decision == D_SEARCH_LIBRARY:
        return search_choices(e, p, s)
    if D_MAY <= e.h.decision <= D_LOOK_TAKE:
        return resolving_choice_actions(e, p, s)     # 608.2d (below)
    if e.h.decision == D_CAST_CHOICE:
        cast_choice_actions(e, s)                   # stack.pxi
        return s.n
    if e.h.decision == D_ACTIVATION_COST:
        activation_cost_actions(e, s)               # stack.pxi (602.2b)
        return s.n
    if e.h.decision == D_SACRIFICE_CHOICE:
        return sacrifice_choice_actions(e, p, s)    # sacrifice_choice.pxi (701.21a)
    if e.h.decision == D_CREW:
        crew_actions(e, s)                          # vehicles.pxi (702.122a)
        return s.n
    if e.h.decision == D_AS_ENTERS:
        return entering_choice_actions(e, s)        # entering_choices.pxi (614.12)
    if e.h.decision == D_CHOOSE_REVEALED:
        return reveal_choose_actions(e, s)          # hand_choices.pxi (701.20, 701.8)
    if e.h.decision == D_HAND_TO_TOP:
        return hand_to_top_actions(e, s)            # library_order.pxi (401.4)
    if e.h.decision == D_BLOCK_WHICH:
        return block_which_actions(e, s)            # blockers_by_effect.pxi (509.6)
    if e.h.decision == D_WARD_PAY:
        emit(s, make_action(A_WARD_PAY, 0, 0))
        emit(s, make_action(A_WARD_PAY, 1, 0))      # offered only when payable (ward_trigger)
        return s.n
    if e.h.decision == D_PAY_UNLESS:
        emit(s, make_action(A_PAY_UNLESS, 0, 0))
        emit(s, make_action(A_PAY_UNLESS, 1, 0))    # offered only when payable (counter_unless)
        return s.n
    if e.h.decision == D_CHOOSE_FROM_HAND or e.h.decision == D_ATTACK_WHAT:
        return entering_combat_actions(e, s)        # combat.pxi (508.4)
    if is_combat_decision(e.h.decision):
        return combat_legal_actions(e, s)           # combat.pxi
    if e.h.decision == D_TARGET:
        si = &e.stack[e.h.casting]
        lst_n = target_choices(e, si, e.h.dctx0, tmp)
        for i in range(lst_n):
            # 601.2f-h: an equip ability's cost may depend on its target (Fervent
            # Champion); a target that would leave the cost unpayable can't be chosen
            if si.kind == SK_ABILITY and bf_equip_discounts(e) and \
                    is_equip_ability(e, si.ability, si.obj) and \
                    not can_pay_equip(e, si.controller, si.ability, si.obj, tmp[i]):
                continue
            emit(s, make_action(A_TARGET, tmp[i], 0))
        if slot_optional(e, si, e.h.dctx0):
            emit(s, make_action(A_NO_TARGET, 0, 0))      # "up to one target" (601.2c)
        return s.n
    if e.h.decision == D_ABILITY_MODE:
        ability_mode_actions(e, s)                       # optional_targets_and_modes.pxi (700.2)
        return s.n
    if e.h.decision == D_ORDER_TRIGGERS:
        for i in range(e.h.triggers_n):
            if e.trig[i].controller == p:
                emit(s, make_action(A_ORDER_TRIGGER, i, 0))
        return s.n
    hand = zone_of(e, p, Z_HAND)
    if e.h.decision == D_DISCARD or e.h.decision == D_BOTTOM:
        for i in range(e.zcount[hand]):
            o = zone_list(e, hand)[i]
            if not e.ob[o].mark:
                emit(s, make_action(A_DISCARD if e.h.decision == D_DISCARD else A_BOTTOM, o, 0))
        return s.n
    if e.h.decision == D_MULLIGAN:
        emit(s, make_action(A_KEEP, 0, 0))
        if may_mulligan(e, p):
            emit(s, make_action(A_MULLIGAN, 0, 0))
        return s.n
    if e.h.decision == D_LEGEND_RULE:
        bf = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[bf]):
            o = zone_list(e, bf)[i]
            if e.ob[o].controller == p and e.ob[o].phased_out == 0 and \
                    (card_row(e, e.ob[o].card)[CF_SUPERTYPES] & ST_LEGENDARY) and \
                    card_row(e, e.ob[o].card)[CF_NAME_ID] == e.h.dctx0:
                emit(s, make_action(A_LEGEND_KEEP, o, 0))
        return s.n
    return 0


cdef int32_t why_illegal(Engine* e, int32_t act) noexcept nogil:
    """The specific reason an action is not among the legal ones (for the error message)."""
    cdef int32_t kind = action_kind(act), a = action_a(act), b = action_b(act), p = e.h.decider
    cdef int32_t err
    if e.h.result != R_ONGOING:
        return E_GAME_OVER
    if e.h.decision == D_NONE:
        return E_NO_DECISION
    if e.h.decision == D_PRIORITY:
        if kind == A_PLAY_LAND:
            err = check_play_land(e, p, a)
            return err if err else E_BAD_CHOICE
        if kind == A_CAST:
            err = check_cast(e, p, a)
            return err if err else E_BAD_CHOICE
        if kind == A_CAST_ALT:
            err = check_cast_alternative(e, p, a)      # alternative_costs.pxi (118.9)
            return err if err else E_BAD_CHOICE
        if kind == A_CAST_BACK or kind == A_PLAY_BACK:
            err = check_back_face(e, p, a, kind)       # faces.pxi (712.11)
            return err if err else E_BAD_CHOICE
        if kind == A_CAST_SPLIT:
            err = check_split_half(e, p, a, b)         # faces.pxi (709.3)
            return err if err else E_BAD_CHOICE
        if kind == A_ACTIVATE or kind == A_ACTIVATE_MANA:
            err = check_activate(e, p, a, b & 63, AB_ACTIVATED if kind == A_ACTIVATE else AB_MANA)
            return err if err else E_BAD_CHOICE
        if kind == A_PASS:
            return E_BAD_CHOICE
        return E_WRONG_KIND
    if e.h.decision == D_ABILITY_MODE:
        return E_BAD_CHOICE if kind == A_ABILITY_MODE else E_WRONG_KIND
    if e.h.decision == D_TARGET:
        if kind == A_NO_TARGET:
            return E_TARGET_REQUIRED                     # 601.2c: not an "up to" target
        return E_BAD_TARGET if kind == A_TARGET else E_WRONG_KIND
    if e.h.decision == D_SEARCH_LIBRARY:
        return E_BAD_CHOICE if A_SEARCH_TAKE <= kind <= A_DONT_SEARCH else E_WRONG_KIND
    if D_MAY <= e.h.decision <= D_LOOK_TAKE:
        return E_BAD_CHOICE if resolving_choice_kind(e.h.decision, kind) else E_WRONG_KIND
    if e.h.decision == D_CAST_CHOICE:
        return E_BAD_CHOICE if A_CHOOSE_MODE <= kind <= A_DISCARD_COST or kind == A_ALT_COST \
            or kind == A_PHYREXIAN else E_WRONG_KIND
    if e.h.decision == D_PAY_UNLESS:
        return E_BAD_CHOICE if kind == A_PAY_UNLESS else E_WRONG_KIND
    if e.h.decision == D_ACTIVATION_COST:
        return E_BAD_CHOICE if kind == A_TAP_COST or kind == A_SAC_COST or \
            kind == A_DISCARD_COST or kind == A_EXILE_COST else E_WRONG_KIND
    if e.h.decision == D_WARD_PAY:
        return E_BAD_CHOICE if kind == A_WARD_PAY else E_WRONG_KIND
    if e.h.decision == D_SACRIFICE_CHOICE:
        return E_BAD_CHOICE if kind == A_SACRIFICE_CHOSEN else E_WRONG_KIND
    if e.h.decision == D_CREW:
        return E_BAD_CHOICE if kind == A_CREW_TAP else E_WRONG_KIND
    if e.h.decision == D_AS_ENTERS:                  # 119.4: life it can't pay
        return E_BAD_CHOICE if kind == A_MAY_YES or kind == A_MAY_NO else E_WRONG_KIND
    if e.h.decision == D_CHOOSE_REVEALED:            # a card without the qualities
        return E_BAD_CHOICE if kind == A_DISCARD_CHOSEN else E_WRONG_KIND
    if e.h.decision == D_HAND_TO_TOP:                # a card not in the decider's hand
        return E_BAD_CHOICE if kind == A_HAND_TO_TOP else E_WRONG_KIND
    if e.h.decision == D_BLOCK_WHICH:                # an attacker it can't be made to block
        return E_BAD_CHOICE if kind == A_BLOCK_WHICH or kind == A_DECLINE else E_WRONG_KIND
    if e.h.decision == D_CHOOSE_FROM_HAND:
        return E_BAD_CHOICE if kind == A_CHOOSE_CARD or kind == A_DECLINE else E_WRONG_KIND
    if e.h.decision == D_ATTACK_WHAT:
        return E_CANT_ATTACK if kind == A_ATTACK_WHAT else E_WRONG_KIND
    if is_combat_decision(e.h.decision):
        return combat_why_illegal(e, act)
    if (e.h.decision == D_ORDER_TRIGGERS and kind != A_ORDER_TRIGGER) or \
            (e.h.decision == D_DISCARD and kind != A_DISCARD) or \
            (e.h.decision == D_BOTTOM and kind != A_BOTTOM) or \
            (e.h.decision == D_MULLIGAN and kind != A_KEEP and kind != A_MULLIGAN) or \
            (e.h.decision == D_LEGEND_RULE and kind != A_LEGEND_KEEP):
        return E_WRONG_KIND
    return E_BAD_CHOICE


cdef int32_t apply_checked(Engine* e, int32_t act) noexcept nogil:
    """Apply ``act`` if it is legal, then advance; otherwise change nothing and return
    the reason (rule 508.1 / 509.1 / 717: the game returns to the moment before)."""
    if e.h.result != R_ONGOING:
        return E_GAME_OVER
    if e.h.decision == D_NONE:
        return E_NO_DECISION
    if is_legal(e, act):
        do_action(e, act)
        advance(e)
        return E_OK
    return why_illegal(e, act)


cdef void do_action(Engine* e, int32_t act) noexcept nogil:
    """Carry out a legal action (no validation: callers took it from legal_actions)."""
    cdef int32_t kind = action_kind(act), a = action_a(act), b = action_b(act), p = e.h.decider
    cdef int32_t s, i, marked, dec = e.h.decision
    if kind == A_PASS:
        pass_priority(e)
        ask_entering_after(e)
        return
    e.h.decision = D_NONE
    # First the decisions whose answer is read by the decision it answers (their action
    # kinds are theirs alone), then every other answer by its action kind.
    if dec == D_ACTIVATION_COST:
        activation_cost_choice(e, kind, a)               # stack.pxi (602.2b)
    elif dec == D_SACRIFICE_CHOICE:
        answer_sacrifice_choice(e, a)                    # sacrifice_choice.pxi (701.21a)
    elif dec == D_CREW:
        crew_choice(e, kind, a)                          # vehicles.pxi (702.122a)
    elif dec == D_AS_ENTERS:
        answer_entering_choice(e, kind)                  # entering_choices.pxi (614.12)
    elif dec == D_CHOOSE_REVEALED:
        answer_reveal_choose(e, a)                       # hand_choices.pxi (701.8)
    elif dec == D_HAND_TO_TOP:
        answer_hand_to_top(e, a)                         # library_order.pxi (401.4)
    elif dec == D_BLOCK_WHICH:
        answer_block_which(e, kind, a)                   # blockers_by_effect.pxi (509.6)
    elif kind == A_PLAY_LAND:
        play_land(e, p, a)
        e.h.passes = 0                                   # 117.3c
    elif kind == A_CAST:
        begin_cast(e, p, a)
    elif kind == A_CAST_ALT:
        cast_spell(e, p, a, True)                        # alternative_costs.pxi (118.9)
    elif kind == A_CAST_BACK or kind == A_PLAY_BACK:
        do_back_face_action(e, p, kind, a)               # faces.pxi (712.11)
    elif kind == A_CAST_SPLIT:
        e.ob[a].card = card_row(e, e.ob[a].card)[CF_OTHER_FACE] + b       # 709.3: that half
        begin_cast(e, p, a)
    elif kind == A_ACTIVATE:
        begin_activate(e, p, a, b)
    elif kind == A_ACTIVATE_MANA:
        activate_mana_ability(e, a, host_ability_row(e, a, b & 63), b >> 6)
        e.h.passes = 0
    elif kind == A_TARGET:
        e.h.decision = D_TARGET
        choose_target(e, a)
    elif kind == A_ABILITY_MODE:
        choose_ability_mode(e, a)                        # optional_targets_and_modes.pxi (700.2)
    elif kind == A_NO_TARGET:
        e.h.decision = D_TARGET
        choose_no_target(e)                              # optional_targets_and_modes.pxi (601.2c)
    elif kind == A_ORDER_TRIGGER:
        s = put_trigger_on_stack(e, a)
        if s >= 0:
            ask_stack_choices(e, s, p)                   # its mode, its targets (603.3c-d)
    elif kind == A_DISCARD:
        e.ob[a].mark = 1
        marked = 0
        for i in range(e.zcount[zone_of(e, p, Z_HAND)]):
            marked += e.ob[zone_list(e, zone_of(e, p, Z_HAND))[i]].mark
        if marked >= e.h.dctx0:
            discard_marked(e, p)                         # 514.1: all at once
            e.h.stage = STG_CLEANUP_REST
        else:
            e.h.decision = D_DISCARD
    elif kind == A_LEGEND_KEEP:
        e.ob[a].mark = 1                                 # check_sba performs it next
    elif kind == A_WARD_PAY:
        answer_ward(e, a != 0)                           # stack.pxi (702.21a)
    elif A_CHOOSE_MODE <= kind <= A_DISCARD_COST or kind == A_ALT_COST or kind == A_PHYREXIAN:
        cast_choice(e, kind, a)                          # stack.pxi
    elif kind == A_PAY_UNLESS:
        answer_pay_unless(e, a != 0)
    elif kind == A_KEEP or kind == A_MULLIGAN or kind == A_BOTTOM:
        mulligan_choice(e, p, kind, a)
    elif A_SEARCH_TAKE <= kind <= A_DONT_SEARCH:
        finish_search(e, kind, a)                        # 701.19
    elif A_MAY_YES <= kind <= A_DISCARD_CHOSEN:
        answer_resolving_choice(e, dec, kind, a)         # 608.2d (below)
    elif kind == A_CHOOSE_CARD or kind == A_DECLINE or kind == A_ATTACK_WHAT:
        do_entering_action(e, act, p)                    # combat.pxi (508.4)
    elif kind >= A_ATTACK:
        do_combat_action(e, act, dec)                    # combat.pxi
    ask_entering_after(e)


cdef inline void ask_entering_after(Engine* e) noexcept nogil:
    """614.12: a permanent that entered outside a resolving program (a land played, 305.1;
    a card an answered search put onto the battlefield) is asked its choice now."""
    if e.entering_n and e.h.decision == D_NONE and e.h.result == R_ONGOING:
        ask_entering_choice(e, 0)


# --- searching a library (701.19): the answer to D_SEARCH_LIBRARY ---------------------------

cdef bint is_basic_land_card(Engine* e, int32_t o) noexcept nogil:
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    return (row[CF_TYPES] & T_LAND) != 0 and (row[CF_SUPERTYPES] & ST_BASIC) != 0


cdef bint search_matches(Engine* e, int32_t o, int32_t flags) noexcept nogil:
    """701.19: has library card ``o`` the quality the search asks for (SEARCH_* bits)?
    Flags with no quality and no destination are OP_SEARCH_BASIC_LAND's: a basic land card."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t types = (flags >> SEARCH_TYPE_SHIFT) & SACQ_TYPES
    cdef int32_t sub = (flags >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS
    if not (flags & (SEARCH_TO_HAND | SEARCH_BASIC)) and types == 0 and sub == 0:
        return is_basic_land_card(e, o)
    if (flags & SEARCH_BASIC) and not (row[CF_SUPERTYPES] & ST_BASIC):
        return False
    if sub and not (subtype_ok(row[CF_SUBTYPES], flags) or (    # 205.3: "a Mountain or Plains card"
            ((flags >> FILTER_SUBTYPE2_SHIFT) & FILTER_SUBTYPE_BITS) and
            subtype_ok(row[CF_SUBTYPES], flags >> (FILTER_SUBTYPE2_SHIFT - FILTER_SUBTYPE_SHIFT)))):
        return False
    return types == 0 or (row[CF_TYPES] & types) != 0


cdef int32_t search_choices(Engine* e, int32_t p, ActionSink* s) noexcept nogil:
    """D_SEARCH_LIBRARY (701.19): don't search ("may"), search and find nothing (701.19b:
    a search for a card with a stated quality need not find one; a search for "a card"
    finds one if the library has any), or take a card with the quality: one answer per
    card name, the topmost card of that name, since the library is shuffled right after
    and cards of one name are alike."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), i, j, o, dup, flags = e.h.dctx0
    cdef int32_t* lst = zone_list(e, lib)
    cdef bint stated = ((flags & SEARCH_BASIC) != 0 or ((flags >> SEARCH_TYPE_SHIFT) & SACQ_TYPES) != 0 or
         not (flags & SEARCH_TO_HAND) or (flags >> FILTER_SUBTYPE_SHIFT) & FILTER_SUBTYPE_BITS)
    cdef bint ex = searching_ex(e)                 # OP_SEARCH_EX (payments_and_searches.pxi)
    cdef const int32_t* qa = e.prog + e.h.resolving_pc if ex else NULL
    if ex:
        stated = search_ex_stated(qa)
    if not (flags & SEARCH_MANDATORY):
        emit(s, make_action(A_DONT_SEARCH, 0, 0))
    if stated or e.zcount[lib] == 0:
        emit(s, make_action(A_SEARCH_NOTHING, 0, 0))
    for i in range(e.zcount[lib] - 1, -1, -1):
        o = lst[i]
        if not (search_ex_matches(e, o, qa) if ex else search_matches(e, o, flags)):
            continue
        dup = 0
        for j in range(e.zcount[lib] - 1, i, -1):
            if card_row(e, e.ob[lst[j]].card)[CF_NAME_ID] == card_row(e, e.ob[o].card)[CF_NAME_ID]:
                dup = 1
                break
        if not dup:
            emit(s, make_action(A_SEARCH_TAKE, o, 0))
    return s.n


cdef void finish_search(Engine* e, int32_t kind, int32_t o) noexcept nogil:
    """Carry out the answer to D_SEARCH_LIBRARY: put the card found into its owner's hand
    (SEARCH_TO_HAND; revealed first if the effect says so, 701.16a) or onto the battlefield
    (tapped if the effect says so), then shuffle (701.19, 701.20)."""
    cdef int32_t p = e.h.decider, flags = e.h.dctx0
    if searching_ex(e):
        finish_search_ex(e, kind, o)              # payments_and_searches.pxi
        return
    e.h.decision = D_NONE
    e.h.dctx0 = 0
    if kind == A_DONT_SEARCH:
        log_event(e, EV_SEARCH, p, -2, 0)
        return
    if kind == A_SEARCH_TAKE:
        log_event(e, EV_SEARCH, p, o, 0)
        if flags & SEARCH_TO_HAND:
            if flags & SEARCH_REVEAL:
                log_event(e, EV_REVEAL, p, o, 1)
            move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)
            if flags & SEARCH_REVEAL:
                known_revealed(e, o)            # 701.16a: every player saw it (known.pxi)
        elif put_onto_battlefield(e, o, p, -1) and (flags & SEARCH_TAPPED):
            e.ob[o].tapped = 1
    else:
        log_event(e, EV_SEARCH, p, -1, 0)
    shuffle_library(e, p)


# --- choices made while a spell or ability resolves (608.2d): D_MAY, D_LIBRARY_CARDS,
# D_DISCARD_CHOICE, D_LOOK_TAKE; the instruction that asked is at h.resolving_pc - 1
# (effects.pxi) ---------------------------------------------------------------------------

cdef inline bint resolving_choice_kind(int32_t decision, int32_t kind) noexcept nogil:
    if decision == D_MAY:
        return kind == A_MAY_YES or kind == A_MAY_NO
    if decision == D_LIBRARY_CARDS:
        return A_LIB_TOP <= kind <= A_LIB_GRAVEYARD
    if decision == D_LOOK_TAKE:
        return kind == A_LIB_HAND or kind == A_LIB_TAKE_NONE
    return kind == A_DISCARD_CHOSEN


cdef bint may_do(Engine* e, int32_t p, int32_t body) noexcept nogil:
    """Can ``p`` do what "you may" offers?  "You may discard a card. If you do, ..." can't
    be chosen with an empty hand: the "if you do" part needs the discard to happen."""
    if e.prog[body] == OP_DISCARD:
        return e.zcount[zone_of(e, p, Z_HAND)] > 0
    if e.prog[body] == OP_PAY_MANA:                # 118.3, 119.4: only a cost they can pay
        return pay_payable(e, p, e.prog + body + 1)
    return True


cdef int32_t resolving_choice_actions(Engine* e, int32_t p, ActionSink* s) noexcept nogil:
    """The answers: "don't" first (the neutral default), then "do it" (D_MAY); the unchosen
    cards of the hand (D_DISCARD_CHOICE); the top dctx0 cards of the library, top first,
    each to where the instruction allows (D_LIBRARY_CARDS), or into the hand (D_LOOK_TAKE:
    "you may" offers none first)."""
    cdef int32_t pc = e.h.resolving_pc - 1, kind, i, o, lib, hand
    cdef const int32_t* a = e.prog + pc + 1
    if e.h.decision == D_MAY:
        emit(s, make_action(A_MAY_NO, 0, 0))
        if a[1] == 0 or may_do(e, p, pc + 3):
            emit(s, make_action(A_MAY_YES, 0, 0))
        return s.n
    if e.h.decision == D_DISCARD_CHOICE:
        hand = zone_of(e, p, Z_HAND)
        for i in range(e.zcount[hand]):
            o = zone_list(e, hand)[i]
            if not e.ob[o].mark:
                emit(s, make_action(A_DISCARD_CHOSEN, o, 0))
        return s.n
    lib = zone_of(e, p, Z_LIBRARY)
    if e.prog[pc] == OP_LOOK_PUT_BACK:          # 401.4: each goes back on top (library_order.pxi)
        for i in range(e.zcount[lib] - 1, e.zcount[lib] - 1 - e.h.dctx0, -1):
            emit(s, make_action(A_LIB_TOP, zone_list(e, lib)[i], 0))
        return s.n
    kind = a[1]
    if e.h.decision == D_LOOK_TAKE and kind == LOOK_MAY_TAKE:
        emit(s, make_action(A_LIB_TAKE_NONE, 0, 0))
    for i in range(e.zcount[lib] - 1, e.zcount[lib] - 1 - e.h.dctx0, -1):
        o = zone_list(e, lib)[i]
        if e.h.decision == D_LOOK_TAKE:
            if kind != LOOK_MAY_TAKE or obj_types(e, o) & a[2]:
                emit(s, make_action(A_LIB_HAND, o, 0))
        elif kind == LOOK_SCRY or kind == LOOK_SURVEIL:
            emit(s, make_action(A_LIB_TOP, o, 0))
            emit(s, make_action(A_LIB_BOTTOM if kind == LOOK_SCRY else A_LIB_GRAVEYARD, o, 0))
        else:
            emit(s, make_action(A_LIB_BOTTOM, o, 0))        # "the rest on the bottom"
    return s.n


cdef void library_place(Engine* e, int32_t p, int32_t o, int32_t pos) noexcept nogil:
    """Move ``o`` to position ``pos`` (0 = bottom) of ``p``'s library: the same object in
    the same zone (400.7 doesn't apply), only the order changes."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), i, n
    cdef int32_t* lst = zone_list(e, lib)
    zone_remove(e, lib, o)
    n = e.zcount[lib]
    for i in range(n, pos, -1):
        lst[i] = lst[i - 1]
    lst[pos] = o
    e.zcount[lib] = n + 1


cdef void answer_resolving_choice(Engine* e, int32_t dec, int32_t kind, int32_t o) noexcept nogil:
    """Carry out a legal answer, then resume the resolving object (effects.pxi) unless the
    choice goes on."""
    cdef int32_t pc = e.h.resolving_pc - 1, p = e.h.decider, k, lib, hand, i, c
    cdef const int32_t* a = e.prog + pc + 1
    if dec == D_MAY:
        log_event(e, EV_MAY, p, 1 if kind == A_MAY_YES else 0, 0)
        resume_resolution(e, pc + 3 if kind == A_MAY_YES else pc + 3 + a[1])
        return
    if dec == D_DISCARD_CHOICE:
        e.ob[o].mark = 1
        hand = zone_of(e, p, Z_HAND)
        c = 0
        for i in range(e.zcount[hand]):
            c += 1 - e.ob[zone_list(e, hand)[i]].mark
        if e.h.dctx0 > 1 and c > 0:
            e.h.dctx0 -= 1
            e.h.decision = D_DISCARD_CHOICE
            return
        next_discard_choice(e, p)
        return
    lib = zone_of(e, p, Z_LIBRARY)
    k = e.h.dctx0
    log_event(e, EV_LIBRARY_CARD, p, -1 if kind == A_LIB_TAKE_NONE else o, kind)
    if kind == A_LIB_TOP:
        library_place(e, p, o, e.zcount[lib] - k)         # under the cards still to place
    elif kind == A_LIB_BOTTOM:
        library_place(e, p, o, 0)
    elif kind == A_LIB_GRAVEYARD:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD), True)   # 701.25a
    elif kind == A_LIB_HAND:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)
        if a[1] == LOOK_MAY_TAKE:
            known_revealed(e, o)                # "you may reveal it" (701.16a, known.pxi)
    if kind != A_LIB_TAKE_NONE:
        k -= 1
    if e.prog[pc] == OP_LOOK_PUT_BACK:
        if k > 1:                                    # the last card has one place left
            e.h.dctx0 = k
            e.h.decision = D_LIBRARY_CARDS
            return
        resume_resolution(e, pc + _LEN_LOOK_PUT_BACK)
        return
    if dec == D_LOOK_TAKE and a[1] == LOOK_TAKE_ONE_REST_GRAVEYARD:
        look_rest_to_graveyard(e, p, k)              # payments_and_searches.pxi
        k = 0
    if k > 0:
        e.h.dctx0 = k
        e.h.decision = D_LIBRARY_CARDS
        return
    resume_resolution(e, pc + 4)


cdef void next_discard_choice(Engine* e, int32_t p) noexcept nogil:
    """``p`` has chosen: the next player of the group chooses (101.4), or, all done, the
    chosen cards are discarded at the same time (701.8a) and the object resolves on."""
    cdef int32_t pc = e.h.resolving_pc - 1, i, nxt
    cdef const int32_t* a = e.prog + pc + 1
    cdef StackItem* si = &e.stack[e.h.stack_n - 1]
    if e.prog[pc] == OP_CONNIVE:
        finish_connive(e, p, a, si)                 # connive.pxi (701.50a)
        resume_resolution(e, pc + 3)
        return
    nxt = next_discarder(e, a[0], si.controller, si.obj, si, p)
    if nxt >= 0:
        e.h.decider = nxt
        e.h.dctx0 = a[1]
        e.h.decision = D_DISCARD_CHOICE
        return
    for i in range(e.h.n_players):
        if e.pl[i].in_game:
            discard_marked(e, i)
    resume_resolution(e, pc + 3)


cdef void resolving_choice_conceded(Engine* e, int32_t p, bint before, int32_t dec) noexcept nogil:
    """800.4a / 104.3a: ``p`` concedes while a resolving object waits for a choice.
    ``before`` (their objects are still here): if the object is theirs it leaves the stack
    with them and the choice with it.  After: if ``p`` was choosing, their choice disappears
    ("you may": they don't; a discard: the next player chooses) and the object goes on."""
    cdef int32_t i, o
    if not e.h.resolving_pc:
        return
    if before:
        if e.stack[e.h.stack_n - 1].controller != p:
            return
        e.h.resolving_pc = 0
        e.h.decision = D_NONE
        e.h.dctx0 = 0
        for i in range(e.h.n_objects):
            e.ob[i].mark = 0                 # chosen cards of a discard are not discarded
        return
    if dec == D_MAY:
        resume_resolution(e, e.h.resolving_pc - 1 + 3 + e.prog[e.h.resolving_pc + 1])
    elif dec == D_DISCARD_CHOICE:
        next_discard_choice(e, p)
    elif dec == D_SACRIFICE_CHOICE:
        next_sacrifice_choice(e, p)
    elif dec == D_HAND_TO_TOP:
        hand_to_top_conceded(e)                  # library_order.pxi
