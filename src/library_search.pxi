# Branch library (issue 6): payments made while a spell or ability resolves -- "you may pay
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
