# Choices made as a permanent enters the battlefield (614.12): "As this land enters, you may
# pay N life. If you don't, it enters tapped." (RP_PAY_LIFE_OR_TAPPED, the shock lands).
#
# The replacement applies to the event itself, however the permanent enters (played,
# 305.1; put there by a spell or ability, 614.1c), and its controller decides as the event
# happens.  place_on_battlefield marks the permanent (Obj.entering_choice) and counts it
# (Engine.entering_n); the choice is asked (D_AS_ENTERS) as soon as the action or the
# instruction that moved it is done, before anything else happens: a resolving program
# stops before its next instruction and the answer resumes it there (h.resolving_pc =
# that instruction + 1), a land played asks before its player gets priority again (305.1,
# 117.3c).  Nothing reads the permanent's tapped status or its controller's life total in
# between.  Several permanents entering at once are asked one after the other.

cdef inline void mark_entering_choice(Engine* e, int32_t o, const int32_t* row) noexcept nogil:
    """``o`` is entering with its card row ``row``: note its choice, if it has one."""
    if row[CF_REPLACEMENT] & RP_PAY_LIFE_OR_TAPPED:
        e.ob[o].entering_choice = 1
        e.entering_n += 1


cdef inline int32_t entering_life(Engine* e, int32_t o) noexcept nogil:
    """The N of "you may pay N life" of ``o``'s RP_PAY_LIFE_OR_TAPPED."""
    return (card_row(e, e.ob[o].card)[CF_REPLACEMENT] & RP_LIFE_MASK) >> RP_LIFE_SHIFT


cdef int32_t next_entering_choice(Engine* e) noexcept nogil:
    """The first permanent whose "as ~ enters" choice is still to be made, or -1."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].entering_choice:
            return o
    return -1


cdef bint ask_entering_choice(Engine* e, int32_t resume_pc1) noexcept nogil:
    """Ask the controller of the next permanent with a choice (D_AS_ENTERS); the answer
    resumes the resolving program at ``resume_pc1 - 1`` (0: nothing is resolving).  False
    if none is left."""
    cdef int32_t o = next_entering_choice(e)
    e.entering_n = 0
    if o < 0:
        return False
    e.h.decision = D_AS_ENTERS
    e.h.decider = e.ob[o].controller
    e.h.dctx0 = o
    e.h.resolving_pc = resume_pc1
    return True


cdef inline bint entering_life_payable(Engine* e, int32_t p, int32_t o) noexcept nogil:
    """119.4: a player can pay life only if their life total is at least the payment."""
    return e.pl[p].life >= entering_life(e, o)


cdef int32_t entering_choice_actions(Engine* e, ActionSink* s) noexcept nogil:
    """D_AS_ENTERS: "don't" first (it enters tapped), then "pay" when the life can be paid."""
    emit(s, make_action(A_MAY_NO, 0, 0))
    if entering_life_payable(e, e.h.decider, e.h.dctx0):
        emit(s, make_action(A_MAY_YES, 0, 0))
    return s.n


cdef void answer_entering_choice(Engine* e, int32_t kind) noexcept nogil:
    """Apply a legal answer of D_AS_ENTERS (the decision already cleared)."""
    cdef int32_t o = e.h.dctx0, p = e.h.decider, n = entering_life(e, o)
    e.ob[o].entering_choice = 0
    if kind == A_MAY_YES:
        log_event(e, EV_PAY_LIFE, p, n, 0)
        lose_life(e, p, n)                    # 119.4, 119.3: paying life is losing it
    else:
        e.ob[o].tapped = 1                    # 614.12: it entered tapped, never untapped
        log_event(e, EV_ENTERS_TAPPED, o, 0, 1)
    after_entering_choice(e)


cdef void after_entering_choice(Engine* e) noexcept nogil:
    """A choice is made (or its player left, 800.4a): the next permanent's choice, or the
    resolving object goes on, or (a land played) the game does."""
    cdef int32_t pc1 = e.h.resolving_pc
    e.h.dctx0 = 0
    if ask_entering_choice(e, pc1):
        return
    e.h.decision = D_NONE
    if pc1:
        resume_resolution(e, pc1 - 1)


cdef void entering_choice_conceded(Engine* e) noexcept nogil:
    """The deciding player left the game (800.4a) and their permanent with it: the other
    choices still pending are asked, then the game goes on where it was."""
    clear_stale_entering_choices(e)
    after_entering_choice(e)


cdef void clear_stale_entering_choices(Engine* e) noexcept nogil:
    """No object off the battlefield keeps a pending choice (it left with its player)."""
    cdef int32_t o
    for o in range(e.h.n_objects):
        if e.ob[o].entering_choice and zone_kind(e, e.ob[o].zone) != Z_BATTLEFIELD:
            e.ob[o].entering_choice = 0


cdef void entering_choices_at_game_end(Engine* e) noexcept nogil:
    """The game ended with choices pending: none stays in the state (they are never made)."""
    cdef int32_t o
    for o in range(e.h.n_objects):
        e.ob[o].entering_choice = 0
    e.entering_n = 0
