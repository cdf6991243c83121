# Mana value (202.3) and revolt: target qualities "with mana value N [or less / or greater]"
# (601.2c, 608.2b), the condition "if it has mana value N or less" of a target (Fatal Push)
# and "if a permanent you controlled left the battlefield this turn" (revolt, an ability word:
# 207.2c).  Player.left_battlefield_turn holds the turn number (1-based: 0 means never), so a
# new turn needs no reset.

cdef inline int32_t obj_mana_value(Engine* e, int32_t o) noexcept nogil:
    """202.3: the mana value of object ``o``: its mana cost's (CF_MANA_VALUE, X counted as 0,
    202.3e); a spell on the stack counts X as the value chosen for it (202.3e, 601.2b:
    CF_COST_X symbols, each the chosen X).  A double-faced permanent's back face has its front
    face's (712.8e, written into the back face's row when compiled)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t mv = row[CF_MANA_VALUE]
    if row[CF_COST_X] > 0 and zone_kind(e, e.ob[o].zone) == Z_STACK:
        mv += row[CF_COST_X] * ((e.ob[o].cast_info >> CI_X_SHIFT) & CI_X_MAX)
    return mv


cdef inline bint mana_value_matches(Engine* e, int32_t spec, int32_t t) noexcept nogil:
    """"with mana value N or less / N or greater / N" (202.3; both bits: exactly N) of the
    permanent, card or spell ``t`` (obj_mana_value: X counts only on the stack, 202.3e)."""
    cdef int32_t n = (spec >> TGT_MV_SHIFT) & TGT_MV_MASK
    cdef int32_t mv
    if not (spec & (TS_MV_OR_LESS | TS_MV_OR_GREATER)):
        return True
    mv = obj_mana_value(e, t)
    if (spec & TS_MV_OR_LESS) and mv > n:
        return False
    if (spec & TS_MV_OR_GREATER) and mv < n:
        return False
    return True


cdef inline void note_left_battlefield(Engine* e, int32_t controller) noexcept nogil:
    """A permanent ``controller`` controlled left the battlefield (revolt: a token too, and
    whatever zone it went to; phasing out isn't leaving, 702.26d)."""
    e.pl[controller].left_battlefield_turn = e.h.turn


cdef inline bint revolt(Engine* e, int32_t controller) noexcept nogil:
    """COND_REVOLT: a permanent ``controller`` controlled left the battlefield this turn."""
    return e.h.turn > 0 and e.pl[controller].left_battlefield_turn == e.h.turn


cdef bint target_mana_value_at_most(Engine* e, int32_t n, int32_t n_revolt, int32_t t,
                                    int32_t controller) noexcept nogil:
    """COND_TARGET_MV_AT_MOST of the object ``t`` a target reference names now (-1: none, the
    target is illegal, 608.2b): its mana value is ``n`` or less, or ``n_revolt`` or less
    "instead" when revolt holds for ``controller`` (``n_revolt`` -1: no revolt clause)."""
    if t < 0 or t >= TGT_PLAYER:
        return False
    if n_revolt >= 0 and revolt(e, controller):
        n = n_revolt
    return obj_mana_value(e, t) <= n


cdef bint mana_value_condition_holds(Engine* e, int32_t cond, int32_t a, int32_t b, int32_t c,
                                     int32_t controller, int32_t source,
                                     StackItem* si) noexcept nogil:
    """COND_TARGET_MV_AT_MOST / COND_REVOLT, seen from ``controller`` (608.2c)."""
    cdef int32_t refs[TGT_PLAYER]
    if cond == COND_REVOLT:
        return revolt(e, controller)
    if resolve_ref(e, c, controller, source, si, refs) == 0:
        return False                   # 608.2b: an illegal target does nothing
    return target_mana_value_at_most(e, a, b, refs[0], controller)
