# Payments made while a spell or ability resolves -- "you may pay
# {M}. If you do, ..." (OP_MAY whose body begins with OP_PAY_MANA) and "<effect> unless you
# pay {M}" (OP_UNLESS) (118.1, 118.3, 119.4, 608.2d) -- and library searches (701.23).

cdef bint pay_payable(Engine* e, int32_t p, const int32_t* a) noexcept nogil:
    """Can ``p`` pay OP_PAY_MANA's cost (operands ``a``: ref, life, mana[7])?  118.3: a cost
    can't be paid without the resources; 119.4: life only if their life total is at least
    that much."""
    if a[1] > 0:
        return e.pl[p].life >= a[1]
    return can_pay(e, p, a + 2, -1)


cdef void pay_now(Engine* e, const int32_t* a, int32_t controller, int32_t source,
                  StackItem* si) noexcept nogil:
    """OP_PAY_MANA: the player named pays (the "do it" answer was offered only when they
    could, and nothing has happened since: the instruction comes right after the answer)."""
    cdef int32_t refs[TGT_PLAYER]
    cdef int32_t p, k, mv = 0
    if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] < TGT_PLAYER:
        return
    p = refs[0] - TGT_PLAYER
    if not pay_payable(e, p, a):
        return
    if a[1] > 0:
        log_event(e, EV_PAY_LIFE, p, a[1], 0)
        lose_life(e, p, a[1])                              # 119.4
        log_event(e, EV_PAY_MANA, p, 0, a[1])
        return
    pay_cost(e, p, a + 2, -1)                              # 601.2g-h: mana abilities, then pay
    for k in range(7):
        mv += a[2 + k]
    log_event(e, EV_PAY_MANA, p, mv, 0)


# --- library searches with qualities (701.23): OP_SEARCH_EX ------------------------------------
# The choice is D_SEARCH_LIBRARY (priority.pxi's answers and shuffle), asked while the object
# resolves (h.resolving_pc names the instruction), so the program goes on after it.

cdef inline bint searching_ex(Engine* e) noexcept nogil:
    return e.h.resolving_pc != 0 and e.prog[e.h.resolving_pc - 1] == OP_SEARCH_EX


cdef bint search_ex_matches(Engine* e, int32_t o, const int32_t* a) noexcept nogil:
    """Has library card ``o`` every quality of OP_SEARCH_EX (operands ``a``)?  A card in a
    library has its printed characteristics (the layers apply to permanents, 613.1)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t flags = a[1], qual = a[3], types = (a[1] >> SEARCH_TYPE_SHIFT) & SACQ_TYPES
    cdef int32_t colors = (a[3] >> SEARCH_Q_COLOR_SHIFT) & 31, mv, src
    if types:
        if qual & SEARCH_Q_ALL_TYPES:
            if (row[CF_TYPES] & types) != types:
                return False
        elif (row[CF_TYPES] & types) == 0:
            return False
    if (flags & SEARCH_BASIC) and not (row[CF_SUPERTYPES] & ST_BASIC):           # 205.4c
        return False
    if (qual & SEARCH_Q_LEGENDARY) and not (row[CF_SUPERTYPES] & ST_LEGENDARY):
        return False
    if (qual & SEARCH_Q_NONLEGENDARY) and (row[CF_SUPERTYPES] & ST_LEGENDARY):
        return False
    if (qual & SEARCH_Q_SNOW) and not (row[CF_SUPERTYPES] & ST_SNOW):
        return False
    if row[CF_TYPES] & (qual >> SEARCH_Q_NOT_TYPES_SHIFT) & SACQ_TYPES:          # "nonland"
        return False
    if a[2] and not (row[CF_SUBTYPES] & a[2]):                                   # 205.3
        return False
    if colors and not (row[CF_COLORS] & colors):                                 # 105.2
        return False
    if qual & SEARCH_Q_MV:
        mv = row[CF_MANA_VALUE]
        if qual & SEARCH_Q_MV_AT_MOST:
            if mv > a[4]:
                return False
        elif qual & SEARCH_Q_MV_AT_LEAST:
            if mv < a[4]:
                return False
        elif mv != a[4]:
            return False
    if qual & SEARCH_Q_SAME_NAME:                                                      # 201.5
        src = e.stack[e.h.stack_n - 1].obj if e.h.stack_n > 0 else -1
        if src < 0 or row[CF_NAME_ID] != card_row(e, e.ob[src].card)[CF_NAME_ID]:
            return False
    return True


cdef inline bint search_ex_stated(const int32_t* a) noexcept nogil:
    """701.23b: a search for a card with a stated quality may find nothing."""
    return ((a[1] >> SEARCH_TYPE_SHIFT) & SACQ_TYPES) != 0 or (a[1] & SEARCH_BASIC) != 0 or \
        a[2] != 0 or (a[3] & ~(SEARCH_Q_TO_GRAVEYARD | SEARCH_Q_TO_TOP)) != 0


cdef bint start_search_ex(Engine* e, const int32_t* a, int32_t pc, int32_t controller,
                          int32_t source, StackItem* si) noexcept nogil:
    """OP_SEARCH_EX: ask the player named (D_SEARCH_LIBRARY); False if they are gone."""
    cdef int32_t refs[TGT_PLAYER]
    if resolve_ref(e, a[0], controller, source, si, refs) == 0 or refs[0] < TGT_PLAYER:
        return False
    pause_for_choice(e, D_SEARCH_LIBRARY, refs[0] - TGT_PLAYER, a[1], pc)
    return True


cdef void finish_search_ex(Engine* e, int32_t kind, int32_t o) noexcept nogil:
    """The answer to an OP_SEARCH_EX's D_SEARCH_LIBRARY: the card found goes where the
    instruction says (a hand, revealed first if it says so, 701.16a; the battlefield, tapped
    if it says so; a graveyard; the top of the library, after the shuffle), the library is
    shuffled (701.20), and the object resolves on."""
    cdef int32_t pc = e.h.resolving_pc - 1, p = e.h.decider
    cdef const int32_t* a = e.prog + pc + 1
    cdef int32_t flags = a[1]
    if kind == A_DONT_SEARCH:
        log_event(e, EV_SEARCH, p, -2, 0)
        resume_resolution(e, pc + 6)
        return
    if kind == A_SEARCH_TAKE and a[3] & SEARCH_Q_TO_TOP:
        # 701.23, 701.24: "then shuffle and put that card on top": the others are shuffled,
        # the card found goes on top; its owner knows it there, everyone if it was revealed
        log_event(e, EV_SEARCH, p, o, 0)
        if flags & SEARCH_REVEAL:
            log_event(e, EV_REVEAL, p, o, 1)
        shuffle_library(e, p)
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_LIBRARY), True)
        e.ob[o].known = seats_in_game_mask(e) if flags & SEARCH_REVEAL else <uint8_t>(1 << p)
        e.ob[o].known_place = e.ob[o].known
        resume_resolution(e, pc + 6)
        return
    if kind == A_SEARCH_TAKE:
        log_event(e, EV_SEARCH, p, o, 0)
        if flags & SEARCH_TO_HAND:
            if flags & SEARCH_REVEAL:
                log_event(e, EV_REVEAL, p, o, 1)
            move_object(e, o, zone_of(e, e.ob[o].owner, Z_HAND), True)
        elif a[3] & SEARCH_Q_TO_GRAVEYARD:
            move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD), True)
        elif not (card_row(e, e.ob[o].card)[CF_TYPES] & (T_INSTANT | T_SORCERY)) and \
                put_onto_battlefield(e, o, p, -1) and (flags & SEARCH_TAPPED):
            e.ob[o].tapped = 1                     # (304.4, 307.4: an instant stays where it is)
    else:
        log_event(e, EV_SEARCH, p, -1, 0)
    shuffle_library(e, p)
    resume_resolution(e, pc + 6)


cdef void look_rest_to_graveyard(Engine* e, int32_t p, int32_t k) noexcept nogil:
    """OP_LOOK LOOK_TAKE_ONE_REST_GRAVEYARD: "... and the rest into your graveyard": the ``k``
    cards still looked at (the top of the library) go to their owner's graveyard."""
    cdef int32_t lib = zone_of(e, p, Z_LIBRARY), o
    while k > 0 and e.zcount[lib] > 0:
        o = zone_list(e, lib)[e.zcount[lib] - 1]
        log_event(e, EV_LIBRARY_CARD, p, o, A_LIB_GRAVEYARD)
        move_object(e, o, zone_of(e, e.ob[o].owner, Z_GRAVEYARD), True)
        k -= 1
