# State-based actions (704, with 301.5c, 301.6, 302.7, 303.4c-d).  704.3: checked whenever
# a player would receive priority; all applicable ones are performed at once; repeated
# until none apply.

cpdef enum:
    SBA_TO_GRAVEYARD = 1      # 704.5f / 704.5i / 704.5m / 704.5j: put into graveyard
    SBA_DESTROY = 2           # 704.5g / 704.5h: destroy (indestructible stops it)
    SBA_UNATTACH = 3          # 704.5n / 704.5p
    SBA_COUNTERS = 4          # 704.5q

cpdef enum:
    SBA_ROUNDS_GUARD = 1000000  # 704.3 rounds in one check: each performs at least one action

cpdef enum:
    # reasons carried in the log (EV_SBA_DIES c-argument): the letter of 704.5
    WHY_TOUGHNESS = 6         # 704.5f
    WHY_LETHAL = 7            # 704.5g
    WHY_DEATHTOUCH = 8        # 704.5h
    WHY_LOYALTY = 9           # 704.5i
    WHY_LEGEND = 10           # 704.5j
    WHY_AURA = 13             # 704.5m


cdef bint enchant_legal(Engine* e, int32_t aura, int32_t to) noexcept nogil:
    """303.4c-d: what an Aura's enchant ability allows (this is not targeting, so hexproof
    and shroud don't matter)."""
    cdef int32_t spec = card_row(e, e.ob[aura].card)[CF_ENCHANT], types
    if to == aura or is_creature(e, aura):
        return False
    if to >= TGT_PLAYER:
        return (spec & TS_PLAYER) != 0 and e.pl[to - TGT_PLAYER].in_game
    if to < 0 or not on_battlefield(e, to):
        return False
    types = obj_types(e, to)
    return ((spec & TS_PERMANENT) != 0 or ((spec & TS_CREATURE) and (types & T_CREATURE))
            or ((spec & TS_ARTIFACT) and (types & T_ARTIFACT))
            or ((spec & TS_ENCHANTMENT) and (types & T_ENCHANTMENT))
            or ((spec & TS_LAND) and (types & T_LAND))
            or ((spec & TS_PLANESWALKER) and (types & T_PLANESWALKER)))


cdef int32_t attachment_sba(Engine* e, int32_t o) noexcept nogil:
    """What 704.5m / 704.5n / 704.5p require of object ``o``, or 0."""
    cdef int32_t sub = card_row(e, e.ob[o].card)[CF_SUBTYPES], to = e.ob[o].attached_to
    if sub & SUB_AURA:
        if to < 0 or not enchant_legal(e, o, to):
            return SBA_TO_GRAVEYARD                            # 704.5m
        return 0
    if to == -1:
        return 0
    if to == ATTACHED_GONE:
        return SBA_UNATTACH                                    # 704.5n / 704.5p
    if sub & SUB_EQUIPMENT:                                    # 704.5n, 301.5c
        if to >= TGT_PLAYER or not on_battlefield(e, to) or not is_creature(e, to) \
                or is_creature(e, o) or to == o:
            return SBA_UNATTACH
        return 0
    if sub & SUB_FORTIFICATION:                                # 704.5n, 301.6
        if to >= TGT_PLAYER or not on_battlefield(e, to) or not (obj_types(e, to) & T_LAND) \
                or is_creature(e, o) or to == o:
            return SBA_UNATTACH
        return 0
    return SBA_UNATTACH                                        # 704.5p


cdef int32_t legend_rule_pending(Engine* e, bint put_away) noexcept nogil:
    """704.5j: a player with two or more legendary permanents of one name chooses one and
    puts the rest into their owners' graveyards.  Players choose in APNAP order (101.4).
    Returns the seat that must choose next (dctx0 = the name), -1 once every group has its
    choice, or -2 when no player has such a group.  With ``put_away`` (only once every group
    has its choice), the ones not chosen get mark 2: as many as there are, no buffer to fill
    (the game must not depend on how many permanents share a name)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, j, k, o, q, name, chosen, count, pl
    cdef int32_t* lst = zone_list(e, bf)
    cdef int32_t found = -2
    for k in range(e.h.n_players):
        pl = (e.h.active + k) % e.h.n_players
        for i in range(e.zcount[bf]):
            o = lst[i]
            if e.ob[o].phased_out or e.ob[o].controller != pl or \
                    not (card_row(e, e.ob[o].card)[CF_SUPERTYPES] & ST_LEGENDARY):
                continue
            name = card_row(e, e.ob[o].card)[CF_NAME_ID]
            count = 0
            chosen = 0
            for j in range(e.zcount[bf]):
                q = lst[j]
                if e.ob[q].phased_out or e.ob[q].controller != pl or \
                        not (card_row(e, e.ob[q].card)[CF_SUPERTYPES] & ST_LEGENDARY) or \
                        card_row(e, e.ob[q].card)[CF_NAME_ID] != name:
                    continue
                if j < i:
                    break       # this group was handled from its first member
                count += 1
                if e.ob[q].mark == 1:
                    chosen += 1
            else:
                if count < 2:
                    continue
                if chosen != 1:
                    e.h.dctx0 = name
                    return pl
                found = -1
                if not put_away:
                    continue
                for j in range(i, e.zcount[bf]):
                    q = lst[j]
                    if not e.ob[q].phased_out and e.ob[q].controller == pl and \
                            (card_row(e, e.ob[q].card)[CF_SUPERTYPES] & ST_LEGENDARY) and \
                            card_row(e, e.ob[q].card)[CF_NAME_ID] == name and e.ob[q].mark != 1:
                        e.ob[q].mark = 2
    return found


cdef int32_t check_sba_once(Engine* e) noexcept nogil:
    """One pass of 704.3: find everything that applies, then do it all at once.
    Returns the number of actions performed, or -1 when a legend-rule choice is needed
    (nothing was performed)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o, pw, tg, act, n = 0, p, chooser
    cdef int32_t n_todo = 0, n_lose = 0, attached = 0
    cdef int32_t* lst = zone_list(e, bf)
    cdef int32_t todo[512]
    cdef int32_t why[512]
    cdef int32_t kind[512]
    cdef int32_t losers[MAX_PLAYERS]
    cdef int32_t loss_why[MAX_PLAYERS]
    # Players (704.5a-c).
    for p in range(e.h.n_players):
        if not e.pl[p].in_game:
            continue
        if e.pl[p].life <= 0:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_LIFE; n_lose += 1
        elif e.pl[p].drew_from_empty:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_DRAW_EMPTY; n_lose += 1
        elif e.pl[p].poison >= 10:
            losers[n_lose] = p; loss_why[n_lose] = LOSS_POISON; n_lose += 1
    # Permanents.
    for i in range(e.zcount[bf]):
        o = lst[i]
        if e.ob[o].attached_to != -1:
            attached += 1
        if e.ob[o].phased_out or n_todo >= 500:
            continue
        if is_creature(e, o):
            power_toughness(e, o, &pw, &tg)
            if tg <= 0:                                              # 704.5f
                todo[n_todo] = o; kind[n_todo] = SBA_TO_GRAVEYARD; why[n_todo] = WHY_TOUGHNESS
                n_todo += 1
                continue
            if e.ob[o].damage >= tg:                                 # 704.5g, 302.7
                todo[n_todo] = o; kind[n_todo] = SBA_DESTROY; why[n_todo] = WHY_LETHAL
                n_todo += 1
                continue
            if e.ob[o].deathtouch_hit:                               # 704.5h
                todo[n_todo] = o; kind[n_todo] = SBA_DESTROY; why[n_todo] = WHY_DEATHTOUCH
                n_todo += 1
                continue
        if (obj_types(e, o) & T_PLANESWALKER) and e.ob[o].loyalty <= 0:   # 704.5i
            todo[n_todo] = o; kind[n_todo] = SBA_TO_GRAVEYARD; why[n_todo] = WHY_LOYALTY
            n_todo += 1
            continue
        act = attachment_sba(e, o)
        if act:
            todo[n_todo] = o; kind[n_todo] = act; why[n_todo] = WHY_AURA
            n_todo += 1
            continue
        if e.ob[o].plus1 > 0 and e.ob[o].minus1 > 0:                 # 704.5q
            todo[n_todo] = o; kind[n_todo] = SBA_COUNTERS; why[n_todo] = 0
            n_todo += 1
    # 704.5j needs a choice before anything happens.
    chooser = legend_rule_pending(e, False)
    if chooser >= 0:
        e.h.decision = D_LEGEND_RULE
        e.h.decider = chooser
        return -1
    if chooser == -1:
        legend_rule_pending(e, True)            # mark 2: put into the graveyard below
    if attached == 0:
        e.h.any_attached = 0
    # Perform them all simultaneously.
    for p in range(e.h.n_players):
        e.pl[p].drew_from_empty = 0
    for i in range(n_todo):
        o = todo[i]
        if kind[i] == SBA_DESTROY:
            if not has_kw(e, o, KW_INDESTRUCTIBLE):
                log_event(e, EV_SBA_DIES, o, why[i], 0)
                put_into_graveyard(e, o)
                n += 1
        elif kind[i] == SBA_TO_GRAVEYARD:
            log_event(e, EV_SBA_DIES if why[i] != WHY_LEGEND else EV_LEGEND_RULE, o, why[i], 0)
            put_into_graveyard(e, o)
            n += 1
        elif kind[i] == SBA_UNATTACH:
            e.ob[o].attached_to = -1
            log_event(e, EV_UNATTACH, o, 0, 0)
            n += 1
        else:
            act = e.ob[o].plus1 if e.ob[o].plus1 < e.ob[o].minus1 else e.ob[o].minus1
            e.ob[o].plus1 -= act
            e.ob[o].minus1 -= act
            log_event(e, EV_COUNTERS, o, -1, act)
            n += 1
    if chooser == -1:
        i = 0
        while i < e.zcount[bf]:             # each turn of the loop moves one or steps on
            o = lst[i]
            if e.ob[o].mark == 2:
                log_event(e, EV_LEGEND_RULE, o, WHY_LEGEND, 0)
                put_into_graveyard(e, o)
                n += 1
            else:
                i += 1
    for i in range(e.zcount[bf]):
        e.ob[lst[i]].mark = 0
        e.ob[lst[i]].deathtouch_hit = 0     # 704.5h: "since the last time SBAs were checked"
    for i in range(n_lose):
        player_loses(e, losers[i], loss_why[i])
        n += 1
    if n_lose:
        check_game_end(e)
    return n


cdef int32_t check_sba(Engine* e) noexcept nogil:
    """704.3: repeat until no state-based action applies.  Returns the total performed,
    or -1 if a choice is pending."""
    cdef int32_t total = 0, n, rounds = 0
    if not e.h.sba_dirty:
        return 0
    while e.h.result == R_ONGOING:
        rounds += 1
        if rounds > SBA_ROUNDS_GUARD:       # each round acts on something: never, by the rules
            abort_game(e, ABORT_RUNAWAY)
            return total
        n = check_sba_once(e)
        if n < 0:
            return -1
        if n == 0:
            e.h.sba_dirty = 0
            break
        total += n
    return total


cdef void player_loses(Engine* e, int32_t p, int32_t why) noexcept nogil:
    e.pl[p].in_game = 0
    e.pl[p].lost_reason = why
    log_event(e, EV_LOSE, p, why, 0)


cdef void remove_player(Engine* e, int32_t p) noexcept nogil:
    """800.4a: objects a departed player owns leave the game; objects they control but
    don't own are exiled; their spells and abilities on the stack cease to exist."""
    cdef int32_t o, i, kept = 0, ex = zone_of(e, 0, Z_EXILE)
    log_event(e, EV_PLAYER_LEAVES, p, 0, 0)
    for i in range(e.h.stack_n):
        if e.stack[i].controller == p:
            if i == e.h.casting:
                e.h.casting = -1                # what they were putting on the stack is gone
            continue
        if i == e.h.casting:
            e.h.casting = kept                  # it moves down with the rest
        if kept != i:
            e.stack[kept] = e.stack[i]
        kept += 1
    e.h.stack_n = kept
    for o in range(e.h.n_objects):
        if e.ob[o].owner == p:
            if e.ob[o].zone >= 0:
                move_object(e, o, -1, True)
        elif e.ob[o].controller == p and zone_kind(e, e.ob[o].zone) == Z_BATTLEFIELD:
            move_object(e, o, ex, True)
    for i in range(e.h.triggers_n - 1, -1, -1):
        if e.trig[i].controller == p:
            e.trig[i] = e.trig[e.h.triggers_n - 1]
            e.h.triggers_n -= 1


cdef void check_game_end(Engine* e) noexcept nogil:
    """104.2a: the last player in the game wins; 104.4a: if all remaining players lose at
    once, the game is a draw.  In multiplayer games losers leave (800.4a)."""
    cdef int32_t p, alive = 0, last = -1
    for p in range(e.h.n_players):
        if e.pl[p].in_game:
            alive += 1
            last = p
    if alive == 1:
        e.h.result = R_WIN
        e.h.winner = last
    elif alive == 0:
        e.h.result = R_DRAW
        e.h.winner = -1
    else:
        for p in range(e.h.n_players):
            if not e.pl[p].in_game and not e.pl[p].removed:
                e.pl[p].removed = 1
                remove_player(e, p)
        return
    e.h.stage = STG_OVER
    e.h.decision = D_NONE
    log_event(e, EV_GAME_OVER, e.h.result, e.h.winner, 0)
