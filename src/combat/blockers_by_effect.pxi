# Creatures that stop or start blocking by an effect (509.6, 509.1h, 506.4): Balduvian
# Warlord's "Remove target blocking creature from combat. Creatures it was blocking that
# hadn't become blocked by another creature this combat become unblocked, then it blocks an
# attacking creature of your choice." (OP_REMOVE_BLOCKER_ANEW).
#
# An attacker stays blocked when its blockers leave combat (509.1h) unless an effect says it
# becomes unblocked.  "Blocked by only that creature this combat" counts every creature that
# ever blocked it, even those gone or removed since: an attacker blocked by two or more
# different creatures carries CB_BLOCKED_BY_MANY from then on (set where blockers are
# declared, put onto the battlefield blocking, or made blockers here).
#
# The new block is not a declaration: the restrictions and requirements of 509.1b-c don't
# apply to it (a creature without flying or reach can be made to block a flier), nor does
# 509.1a's "untapped".  It can block only a creature attacking its controller or a
# planeswalker they control (the defending player of that attacker, 506.3d alike).  As it
# blocks, "whenever ~ blocks" / "blocks a creature" trigger (509.4a-b: it wasn't blocking),
# "whenever ~ becomes blocked" only if the attacker was unblocked (509.4c), "becomes
# blocked by a creature" always (509.4d).  509.6: in the seed edition the active player
# then places it in the attacker's damage assignment order, the others keeping theirs
# (D_DAMAGE_ORDER, as for 509.7); it blocks one creature, so its own order is that one.
#
# The choice of attacker is D_BLOCK_WHICH, a choice made while the instruction resolves
# (608.2d); the instruction is its program's last (the table check says so), so the answer
# finishes the resolution and then the block is made.


cdef void unblock_only_blocked_by(Engine* e, uint32_t slots) noexcept nogil:
    """The attackers in attack ``slots`` (the ones a removed creature was blocking) that no
    other creature blocked this combat become unblocked (509.1h: an effect says so)."""
    cdef int32_t i, a, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if slots == 0:
        return
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if is_attacking(e, a) and e.ob[a].attack_slot < 32 and \
                (slots >> e.ob[a].attack_slot) & 1 and \
                (e.ob[a].combat & (CB_BLOCKED | CB_BLOCKED_BY_MANY)) == CB_BLOCKED:
            e.ob[a].combat &= ~CB_BLOCKED
            log_event(e, EV_BLOCKED, a, 0, 1)


cdef int32_t block_anew_options(Engine* e, int32_t o, int32_t* out) noexcept nogil:
    """The attacking creatures ``o`` may be made to block (509.6), in battlefield order: each
    one attacking ``o``'s controller or a planeswalker they control, once blockers were
    declared this combat.  ``out`` may be NULL (count only)."""
    cdef int32_t i, a, n = 0, p, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if not on_battlefield(e, o) or not is_creature(e, o) or is_attacking(e, o) or \
            e.h.phase != PH_COMBAT or e.h.step < S_DECLARE_BLOCKERS:
        return 0
    p = e.ob[o].controller
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if a != o and is_attacking(e, a) and e.ob[a].attack_slot < 32 and \
                defending_player_of(e, a) == p and not blocks(e, o, a):
            if out != NULL:
                out[n] = a
            n += 1
    return n


cdef bint start_remove_blocker_anew(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                                    int32_t source, StackItem* si) noexcept nogil:
    """OP_REMOVE_BLOCKER_ANEW at ``pc``: the removal, the unblocking, then the choice of the
    attacker it blocks when there is one (True: the program stops)."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t o
    cdef uint32_t slots = 0
    if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] >= TGT_PLAYER or \
            not on_battlefield(e, refs[0]):
        return False
    o = refs[0]
    if is_blocking(e, o):
        slots = <uint32_t>e.ob[o].block_mask
    remove_from_combat_by_effect(e, o)                  # combat.pxi (506.4)
    unblock_only_blocked_by(e, slots)
    if a[1] == BLOCK_ANEW_NONE or block_anew_options(e, o, NULL) == 0:
        return False
    pause_for_choice(e, D_BLOCK_WHICH, controller, o, pc)
    return True


cdef int32_t block_which_actions(Engine* e, ActionSink* s) noexcept nogil:
    """D_BLOCK_WHICH: none first when the instruction says "you may" (the neutral default),
    then each attacker it may block."""
    cdef int32_t opts[TGT_PLAYER]
    cdef int32_t n = block_anew_options(e, e.h.dctx0, opts), i
    if e.prog[e.h.resolving_pc + 1] == BLOCK_ANEW_MAY:
        emit(s, make_action(A_DECLINE, 0, 0))
    for i in range(n):
        emit(s, make_action(A_BLOCK_WHICH, opts[i], 0))
    return s.n


cdef void become_blocker(Engine* e, int32_t o, int32_t a, bint entered) noexcept nogil:
    """``o``, not blocking, now blocks attacker ``a``: put onto the battlefield blocking it
    (``entered``, 509.7: for triggered abilities it never blocked) or made to block it by an
    effect (509.6: it blocks, 509.4a-b).  ``a`` becomes blocked if it wasn't (509.4c) and is
    blocked by a creature (509.4d).  Then the active player places ``o`` in ``a``'s damage
    assignment order, the others keeping their relative order (D_DAMAGE_ORDER, seed
    edition); ``o`` blocks only ``a``, so its own order (509.3) has one place."""
    cdef int32_t tmp[CMB_MAX_BLOCKERS]
    cdef int32_t n, j, r, q
    n = blockers_of(e, a, tmp)                       # before it joins them
    e.ob[o].combat = CB_BLOCKING
    e.ob[o].block_mask = <int32_t>((<uint32_t>1) << e.ob[a].attack_slot)
    if not entered:
        log_event(e, EV_BLOCKS, o, a, 1)
        queue_object_triggers(e, o, TRIG_BLOCKS, -1)                    # 509.4a
        queue_object_triggers(e, o, TRIG_BLOCKS_CREATURE, a)            # 509.4b
    if e.ob[a].combat & CB_BLOCKED:
        e.ob[a].combat |= CB_BLOCKED_BY_MANY         # another creature (or an effect) did too
    else:
        e.ob[a].combat |= CB_BLOCKED
        log_event(e, EV_BLOCKED, a, 1, 0)
        queue_object_triggers(e, a, TRIG_BECOMES_BLOCKED, -1)          # 509.4c
    queue_object_triggers(e, a, TRIG_BLOCKED_BY_CREATURE, o)            # 509.4d
    if not has_flanking(e, o):                                          # 702.25a
        queue_object_triggers(e, a, TRIG_BLOCKED_BY_NONFLANKING, o)
    e.h.order_serial += 1
    e.ob[o].dmg_order = e.h.order_serial
    r = find_pair(e, a, o)                           # it may have blocked ``a`` before
    if r >= 0:
        e.pairs[r].a_pos = -e.h.order_serial
        e.pairs[r].b_pos = 1
        e.pairs[r].a_dmg = 0
        e.pairs[r].b_dmg = 0
    else:
        r = add_pair(e, a, o, -e.h.order_serial, 1)
    if r < 0:
        return                                       # past PAIR_CAP: the default order, last
    if n == 0 or not e.pl[e.h.active].in_game or edition_of(e) != EDITION_SEED:
        e.pairs[r].a_pos = e.h.order_serial          # alone (or no order to place it in): last
        return
    # The active player places it; the others keep their relative order.  While it is
    # being placed it carries CB_DECLARING (no declaration is in progress), and every
    # blocker of ``a`` is unplaced (negative a_pos), as in 509.2.
    e.ob[o].combat |= CB_DECLARING
    for j in range(n):
        q = find_pair(e, a, tmp[j])
        if q >= 0 and e.pairs[q].a_pos > 0:
            e.pairs[q].a_pos = -e.pairs[q].a_pos
    e.h.decision = D_DAMAGE_ORDER
    e.h.decider = e.h.active
    e.h.dctx0 = a


cdef void answer_block_which(Engine* e, int32_t kind, int32_t a) noexcept nogil:
    """The chosen attacker (or none, "you may"): the resolution ends (the instruction is the
    program's last, 608.2n), then the creature blocks it."""
    cdef int32_t pc = e.h.resolving_pc - 1, o = e.h.dctx0
    resume_resolution(e, pc + 3)
    if kind == A_BLOCK_WHICH:
        become_blocker(e, o, a, False)


cdef void block_which_after_concession(Engine* e) noexcept nogil:
    """A player left the game (800.4a) while D_BLOCK_WHICH waited: the creature or the
    attackers may have left with them.  With nothing left to block, the object resolves on
    (and nothing blocks)."""
    if block_anew_options(e, e.h.dctx0, NULL) == 0:
        resume_resolution(e, e.h.resolving_pc - 1 + 3)
