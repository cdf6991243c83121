# Starting the game (103): shuffling (103.2), opening hands and London mulligans (103.5),
# the starting player skipping their first draw (103.8a); conceding (104.3a).

cdef void shuffle_library(Engine* e, int32_t p) noexcept nogil:
    """Fisher-Yates with the game's own RNG (701.24)."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), i, j, t
    cdef int32_t* lst = zone_list(e, lib)
    for i in range(e.zcount[lib] - 1, 0, -1):
        j = <int32_t>mtg_rng_below(e.h.rng, <uint32_t>(i + 1))
        t = lst[i]; lst[i] = lst[j]; lst[j] = t
    log_event(e, EV_SHUFFLE, p, 0, 0)


cdef void draw_opening_hand(Engine* e, int32_t p) noexcept nogil:
    cdef int32_t k
    for k in range(7):
        draw_card(e, p)
    e.pl[p].drew_from_empty = 0       # a short library is not a loss before the game starts


cdef void start_game(Engine* e) noexcept nogil:
    """Libraries are already filled; shuffle them, deal seven cards, and begin the
    mulligan process or the first turn."""
    cdef int32_t p
    for p in range(e.h.n_players):
        shuffle_library(e, p)
        draw_opening_hand(e, p)
    if e.h.flags & GF_MULLIGANS:
        e.h.stage = STG_MULLIGAN
        e.h.decider = -1
    else:
        e.h.stage = STG_STEP_START
        e.h.plan_len = 0
        e.h.plan_pos = 0


cdef void mulligan_step(Engine* e) noexcept nogil:
    """103.5: in turn order from the starting player, each player who hasn't kept decides;
    then everyone who chose to mulligan shuffles their hand away and draws seven, at the
    same time; repeat.  A player who keeps puts one card on the bottom for each mulligan."""
    cdef int32_t k, p, start = e.h.starting_player
    for k in range(e.h.n_players):
        p = (start + k) % e.h.n_players
        if e.pl[p].to_bottom > 0 and e.pl[p].in_game:
            e.h.decision = D_BOTTOM
            e.h.decider = p
            return
    for k in range(e.h.n_players):
        p = (start + k) % e.h.n_players
        if e.pl[p].kept == 0 and e.pl[p].in_game:
            e.h.decision = D_MULLIGAN
            e.h.decider = p
            return
    # Everyone has decided this round.
    for k in range(e.h.n_players):
        p = (start + k) % e.h.n_players
        if e.pl[p].kept == 2 and e.pl[p].in_game:
            while e.zcount[zone_of(e, p, Z_HAND)] > 0:
                move_object(e, zone_list(e, zone_of(e, p, Z_HAND))[0], zone_of(e, p, Z_LIBRARY), True)
            shuffle_library(e, p)
            draw_opening_hand(e, p)
            e.pl[p].mulligans += 1
            e.pl[p].kept = 0
            log_event(e, EV_MULLIGAN, p, e.pl[p].mulligans, 0)
    for k in range(e.h.n_players):
        if e.pl[k].kept == 0 and e.pl[k].in_game:
            return                                   # another round
    e.h.stage = STG_STEP_START
    e.h.plan_len = 0
    e.h.plan_pos = 0


cdef void mulligan_choice(Engine* e, int32_t p, int32_t kind, int32_t o) noexcept nogil:
    if kind == A_MULLIGAN:
        e.pl[p].kept = 2
    elif kind == A_KEEP:
        e.pl[p].kept = 1
        # 103.5c: in a multiplayer game the first mulligan is free.
        e.pl[p].to_bottom = e.pl[p].mulligans if e.h.n_players == 2 else \
            (e.pl[p].mulligans - 1 if e.pl[p].mulligans > 0 else 0)
        log_event(e, EV_KEEP, p, e.zcount[zone_of(e, p, Z_HAND)] - e.pl[p].to_bottom, 0)
    else:
        move_object(e, o, zone_of(e, p, Z_LIBRARY), False)
        e.pl[p].to_bottom -= 1
        log_event(e, EV_BOTTOM, p, o, 0)


cdef void concede(Engine* e, int32_t p) noexcept nogil:
    """104.3a: a player may concede at any time; 800.4a in multiplayer games."""
    cdef bint was_deciding = e.h.decider == p and e.h.decision != D_NONE
    if e.h.result != R_ONGOING or not e.pl[p].in_game:
        return
    log_event(e, EV_CONCEDE, p, 0, 0)
    player_loses(e, p, LOSS_CONCEDE)
    check_game_end(e)
    if e.h.result != R_ONGOING:
        return
    if was_deciding:
        # The departed player's pending choice disappears with them (their spell being
        # cast left the stack in remove_player).
        e.h.decision = D_NONE
        e.h.casting = -1
        if e.h.stage == STG_MULLIGAN:
            e.pl[p].kept = 1
            e.pl[p].to_bottom = 0
        elif e.h.stage == STG_CLEANUP_DISCARD:
            e.h.stage = STG_CLEANUP_REST
        else:
            e.h.priority = next_in_game(e, p)
            e.h.passes = 0
            e.h.stage = STG_PRIORITY
    elif e.h.decision == D_PRIORITY:
        # The priority holder receives priority anew: 117.5 / 704.3 state-based actions
        # and triggers first (the departure may have changed the board).
        e.h.decision = D_NONE
        e.h.stage = STG_PRIORITY
    elif e.h.decision == D_TARGET:
        # Another player is choosing targets; if the departure took every legal target
        # away, that spell or ability can't be completed and is taken back (717.1).
        if count_legal_actions(e) == 0:
            abandon_casting(e)
    advance(e)


cdef void abandon_casting(Engine* e) noexcept nogil:
    """Undo putting a spell or ability on the stack before its costs were paid: the card
    returns to its owner's hand; an ability or trigger is removed."""
    cdef int32_t s = e.h.casting, o, p
    if s < 0 or s >= e.h.stack_n:
        e.h.casting = -1
        return
    o = e.stack[s].obj
    p = e.stack[s].controller
    if e.stack[s].kind == SK_SPELL:
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)
    for s in range(s, e.h.stack_n - 1):
        e.stack[s] = e.stack[s + 1]
    e.h.stack_n -= 1
    e.h.casting = -1
    e.h.decision = D_NONE
    if e.h.stage == STG_PRIORITY and e.h.triggers_n == 0:
        e.h.priority = p
