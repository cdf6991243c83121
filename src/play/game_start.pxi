# Starting the game (103): shuffling (103.2), opening hands and London mulligans (103.5),
# the starting player skipping their first draw (103.8a); conceding (104.3a).

cdef void shuffle_library(Engine* e, int32_t p) noexcept nogil:
    """Fisher-Yates with the game's own RNG (701.24)."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), i, j, t
    cdef int32_t* lst = zone_list(e, lib)
    for i in range(e.zcount[lib] - 1, 0, -1):
        j = <int32_t>mtg_rng_below(e.h.rng, <uint32_t>(i + 1))
        t = lst[i]; lst[i] = lst[j]; lst[j] = t
    known_shuffled(e, lib)              # 701.20: every place in it is lost (known.pxi)
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


cdef void begin_game(Engine* e, uint64_t seed, int32_t starting_player) noexcept nogil:
    """Seed a new game's RNG and start it (State.new_game after its checks; each game of
    play_random_games from a copy of one unshuffled state): the same seed gives the same
    game either way.  103.1: the starting player is chosen at random unless named (>= 0)."""
    mtg_rng_seed(e.h.rng, seed)
    e.h.starting_player = starting_player if starting_player >= 0 else \
        <int32_t>mtg_rng_below(e.h.rng, <uint32_t>e.h.n_players)
    e.h.last_normal_turn = e.h.starting_player
    start_game(e)
    advance(e)


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


cdef int32_t counted_mulligans(Engine* e, int32_t p) noexcept nogil:
    """103.5c: in a multiplayer game the first mulligan a player takes counts neither toward
    the cards they put on the bottom nor toward the mulligans they may take."""
    if e.h.n_players > 2 and e.pl[p].mulligans > 0:
        return e.pl[p].mulligans - 1
    return e.pl[p].mulligans


cdef bint may_mulligan(Engine* e, int32_t p) noexcept nogil:
    """103.5: a player may take mulligans until their opening hand would be zero cards
    (seven counted mulligans with the seven-card starting hand; 103.5c adds the free one)."""
    return counted_mulligans(e, p) < 7


cdef void mulligan_choice(Engine* e, int32_t p, int32_t kind, int32_t o) noexcept nogil:
    if kind == A_MULLIGAN:
        e.pl[p].kept = 2
    elif kind == A_KEEP:
        e.pl[p].kept = 1
        # 103.5: one card on the bottom per mulligan -- all of them if the hand is smaller
        # (a library shorter than seven cards dealt a short hand).
        e.pl[p].to_bottom = counted_mulligans(e, p)
        if e.pl[p].to_bottom > e.zcount[zone_of(e, p, Z_HAND)]:
            e.pl[p].to_bottom = e.zcount[zone_of(e, p, Z_HAND)]
        log_event(e, EV_KEEP, p, e.zcount[zone_of(e, p, Z_HAND)] - e.pl[p].to_bottom, 0)
    else:
        move_object(e, o, zone_of(e, p, Z_LIBRARY), False)
        e.pl[p].to_bottom -= 1
        log_event(e, EV_BOTTOM, p, o, 0)


cdef void concede(Engine* e, int32_t p) noexcept nogil:
    """104.3a: a player may concede at any time; 800.4a in multiplayer games.  Whatever
    decision is pending, the state stays consistent: the departed player's choice
    disappears with them, another player's choice goes on (or is re-derived when it
    depended on the departed player's objects)."""
    cdef int32_t d = e.h.decision, s
    cdef bint was_deciding = e.h.decider == p and d != D_NONE
    if e.h.result != R_ONGOING or not e.pl[p].in_game:
        return
    log_event(e, EV_CONCEDE, p, 0, 0)
    # 117.4: ``passes`` counts the players who passed in succession just before the
    # priority holder; a departed one among them no longer counts.
    if passed_just_before(e, p):
        e.h.passes -= 1
    resolving_choice_conceded(e, p, True, d)   # their resolving object leaves (priority.pxi)
    if e.h.decision == D_NONE:
        d = D_NONE
        was_deciding = False
    player_loses(e, p, LOSS_CONCEDE)
    check_game_end(e)          # 800.4a: their objects leave (remove_player)
    if e.h.result != R_ONGOING:
        e.h.unless_amount = 0      # the decision to pay (701.5) ended with the game
        return
    if e.h.priority == p:
        # 800.4a: priority passes to the next player in turn order still in the game.
        e.h.priority = next_in_game(e, p)
    if was_deciding:
        # Their pending choice disappears with them; their spell or ability being put on
        # the stack left it in remove_player.
        e.h.decision = D_NONE
        e.h.unless_amount = 0
        if d == D_MULLIGAN or d == D_BOTTOM:
            e.pl[p].kept = 1
            e.pl[p].to_bottom = 0
        elif d == D_DISCARD:
            e.h.stage = STG_CLEANUP_REST
        elif D_MAY <= d <= D_LOOK_TAKE or d == D_SACRIFICE_CHOICE or d == D_HAND_TO_TOP:
            resolving_choice_conceded(e, p, False, d)   # 608.2d: the object goes on
        elif d == D_AS_ENTERS:
            entering_choice_conceded(e)                 # 614.12: the others' choices go on
        # Otherwise the stage goes on where it was: priority, trigger placement, or the
        # state-based actions of priority or cleanup (514.3a).
    elif d == D_CHOOSE_REVEALED and e.h.dctx0 == p:
        reveal_choose_conceded(e)              # their revealed hand left with them (800.4a)
    elif d == D_BLOCK_WHICH:
        block_which_after_concession(e)        # its creature or attackers may have left (509.6)
    elif d == D_PRIORITY or d == D_LEGEND_RULE:
        # Re-derived: state-based actions and triggers first (117.5, 704.3), since the
        # departure changed the board; the legend rule is asked again over what is left.
        e.h.decision = D_NONE
    elif d == D_TARGET:
        # Another player is choosing targets.  If what they were putting on the stack left
        # with the departed player's objects, or the departure took every legal target
        # away, it can't be completed: a spell or activated ability is taken back (601.2c,
        # 717.1), a triggered ability is removed (603.3d).
        s = e.h.casting
        if s < 0:
            e.h.decision = D_NONE
        elif target_choices(e, &e.stack[s], e.h.dctx0, NULL) == 0:
            abandon_casting(e)
    elif d == D_CAST_CHOICE and count_legal_actions(e) == 0:
        # The departure took away what the choice needed: modes whose targets left are
        # taken back with the spell (601.2c, 717.1); a creature to sacrifice or a card to
        # discard that left can't be asked for any more, so casting goes on without it.
        if e.h.dctx0 == CC_MODE:
            abandon_casting(e)
        else:
            e.h.decision = D_NONE
            continue_casting(e)
    if is_combat_decision(d):
        combat_after_concession(e, d)          # combat.pxi
    if e.h.decision == D_NONE:
        # 614.12: a choice of a permanent that entered, left pending by a resolving object
        # that went away with the departed player, is asked now
        clear_stale_entering_choices(e)
        ask_entering_choice(e, 0)
    advance(e)


cdef bint passed_just_before(Engine* e, int32_t p) noexcept nogil:
    """Is ``p`` one of the ``passes`` players in the game just before the priority holder
    in turn order (those who passed in succession, 117.4)?"""
    cdef int32_t q = e.h.priority, k = 0
    while k < e.h.passes:
        q = (q + e.h.n_players - 1) % e.h.n_players
        if q == e.h.priority:
            return False
        if e.pl[q].in_game:
            if q == p:
                return True
            k += 1
    return False


cdef void abandon_casting(Engine* e) noexcept nogil:
    """Undo putting a spell or ability on the stack before its costs were paid (the card
    returns to its owner's hand), or remove a triggered ability that has no legal target
    (603.3d)."""
    cdef int32_t s = e.h.casting, o
    o = e.stack[s].obj
    if e.stack[s].kind == SK_SPELL:
        # back where it was cast from: the hand, or the graveyard with flashback (702.34a)
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD if
                                  e.ob[o].cast_info & CI_FLASHBACK else Z_HAND), True)
    for s in range(s, e.h.stack_n - 1):
        e.stack[s] = e.stack[s + 1]
    e.h.stack_n -= 1
    e.h.casting = -1
    e.h.decision = D_NONE


cdef void decider_left(Engine* e) noexcept nogil:
    """After state-based actions run on request (a scenario set-up), the player who was
    deciding may have lost and left (800.4a): their pending choice leaves with them and the
    game goes on from where it was, as when they concede (104.3a)."""
    cdef int32_t p = e.h.decider
    if e.h.result != R_ONGOING or e.h.decision == D_NONE or e.pl[p].in_game:
        return
    e.h.decision = D_NONE
    e.h.unless_amount = 0
    e.h.casting = -1            # what they were putting on the stack left with them
    if e.h.stage == STG_CLEANUP_DISCARD:
        e.h.stage = STG_CLEANUP_REST
    elif e.h.stage != STG_MULLIGAN:
        e.h.priority = next_in_game(e, p)
        e.h.passes = 0
        e.h.stage = STG_PRIORITY
    advance(e)
