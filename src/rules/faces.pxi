# Double-faced cards (712) and transforming (701.28).
#
# Each face of a double-faced card is a row of the card table: CF_FACE says which face it is
# (FACE_FRONT / FACE_BACK) and of which kind of card (FACE_TRANSFORM / FACE_MODAL), and
# CF_OTHER_FACE names the row of the other face.  An object's ``card`` is the row of the
# face that is up, so every characteristic the core reads is the face-up one (712.8d-e).
# In every zone but the battlefield and the stack a double-faced card has only its front
# face's characteristics (712.8a): move_object turns it front face up as it goes there.
# A transforming card's back face has its front face's mana value (712.8e): the compiler
# writes it into the back face's CF_MANA_VALUE (it has no mana cost of its own).


cdef inline int32_t front_face_row(Engine* e, int32_t card) noexcept nogil:
    """The row of the front face of ``card``'s card (``card`` itself unless it is a back
    face)."""
    cdef const int32_t* row = card_row(e, card)
    return row[CF_OTHER_FACE] if (row[CF_FACE] & FACE_BACK) else card


cdef inline void face_for_zone(Engine* e, int32_t o, int32_t new_zone) noexcept nogil:
    """712.8a: a double-faced card put into a zone other than the battlefield or the stack
    (or leaving the game: a token's -1) has only its front face up there."""
    cdef int32_t k
    if card_row(e, e.ob[o].card)[CF_FACE] & FACE_BACK:
        k = zone_kind(e, new_zone) if new_zone >= 0 else -1
        if k != Z_BATTLEFIELD and k != Z_STACK:
            e.ob[o].card = card_row(e, e.ob[o].card)[CF_OTHER_FACE]


cdef bint ability_of_face(Engine* e, int32_t ab, int32_t card) noexcept nogil:
    """Is ability row ``ab`` one of the abilities of card row ``card`` (that face)?"""
    cdef const int32_t* row = card_row(e, card)
    return row[CF_ABILITY_START] <= ab < row[CF_ABILITY_START] + row[CF_ABILITY_COUNT]


cdef void transform_permanent(Engine* e, int32_t o, StackItem* si) noexcept nogil:
    """701.28a: turn a transforming double-faced permanent over to its other face.  It is
    the same object (no zone change, 400.7): counters, damage, attachments, tapped status
    and its timestamp stay.  701.28c: a permanent that isn't a transforming double-faced
    card (a modal one, 712.1, or a single-faced one) doesn't transform.  701.28f: an
    activated or triggered ability of the permanent (not a delayed one) that transforms it
    does nothing if it has transformed since the ability was put on the stack: its face
    then no longer has that ability."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t other
    if not (row[CF_FACE] & FACE_TRANSFORM) or not on_battlefield(e, o):
        return
    if row[CF_FACE] & (FACE_DAYBOUND | FACE_NIGHTBOUND):
        return              # 702.145b, e: it transforms only by its daybound / nightbound
    if si != NULL and si.obj == o and si.ability >= 0 and si.kind != SK_SPELL and \
            not ability_of_face(e, si.ability, e.ob[o].card):
        return
    other = row[CF_OTHER_FACE]
    e.ob[o].card = other
    e.h.bf_ability_kinds |= card_row(e, other)[CF_ABILITY_KINDS]
    e.h.sba_dirty = 1                          # its toughness, types, legendary status change
    log_event(e, EV_TRANSFORM, o, other, 0)
    # "When this creature transforms into [its other face]": the face now up (603.2)
    queue_object_triggers(e, o, TRIG_TRANSFORMS, -1)


# --- modal double-faced cards: cast or play either face (712.11) ------------------------------

cdef int32_t check_back_face(Engine* e, int32_t p, int32_t o, int32_t kind) noexcept nogil:
    """May ``p`` take action A_CAST_BACK / A_PLAY_BACK on ``o`` now?  712.11 (current CR):
    a modal double-faced card in its owner's hand may be cast, or played as a land, with
    either face up; the back face's characteristics are then the ones checked (601.3,
    305.1).  A transforming card can't be cast back face up (712.11a)."""
    cdef const int32_t* row
    cdef int32_t front, err
    if o < 0 or o >= e.h.n_objects or e.ob[o].zone != zone_of(e, p, Z_HAND):
        return E_NOT_IN_HAND
    row = card_row(e, e.ob[o].card)
    if (row[CF_FACE] & (FACE_MODAL | FACE_FRONT)) != (FACE_MODAL | FACE_FRONT):
        return E_NO_BACK_FACE
    front = e.ob[o].card
    e.ob[o].card = row[CF_OTHER_FACE]          # looked at with its back face up, then back
    if kind == A_PLAY_BACK:
        err = check_play_land(e, p, o) if card_row(e, e.ob[o].card)[CF_TYPES] & T_LAND \
            else E_NOT_A_LAND
    elif card_row(e, e.ob[o].card)[CF_TYPES] & T_LAND:
        err = E_LAND_NOT_CAST
    else:
        err = check_cast(e, p, o)
    e.ob[o].card = front
    return err


cdef bint hand_face_actions(Engine* e, int32_t p, int32_t o, ActionSink* s) noexcept nogil:
    """A modal double-faced card in ``p``'s hand: playing (a land) or casting its back face
    (712.11); False, its front face is looked at as usual.  A split card: casting either
    half (709.3); True, the whole card can't be cast."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t kind, half
    if row[CF_FACE] & FACE_SPLIT:
        for half in range(2):
            if check_split_half(e, p, o, half) == E_OK:
                emit(s, make_action(A_CAST_SPLIT, o, half))
        return True
    kind = A_PLAY_BACK if card_row(e, row[CF_OTHER_FACE])[CF_TYPES] & T_LAND else A_CAST_BACK
    if check_back_face(e, p, o, kind) == E_OK:
        emit(s, make_action(kind, o, 0))
    return False


cdef int32_t check_split_half(Engine* e, int32_t p, int32_t o, int32_t half) noexcept nogil:
    """May ``p`` cast half ``half`` (0 left, 1 right) of split card ``o`` now?  709.3a:
    only that half is looked at (its cost, timing and targets)."""
    cdef const int32_t* row
    cdef int32_t whole, err
    if o < 0 or o >= e.h.n_objects or not may_cast_from(e, p, o):
        return E_NOT_IN_HAND
    row = card_row(e, e.ob[o].card)
    if (row[CF_FACE] & (FACE_SPLIT | FACE_FRONT)) != (FACE_SPLIT | FACE_FRONT) or \
            not 0 <= half <= 1:
        return E_NO_BACK_FACE
    whole = e.ob[o].card
    e.ob[o].card = row[CF_OTHER_FACE] + half
    err = check_cast(e, p, o)
    e.ob[o].card = whole
    return err


cdef void do_back_face_action(Engine* e, int32_t p, int32_t kind, int32_t o) noexcept nogil:
    """Carry out a legal A_CAST_BACK / A_PLAY_BACK: the card is turned back face up as it
    is cast (601.2a) or played (305.1), and stays so on the stack and the battlefield."""
    e.ob[o].card = card_row(e, e.ob[o].card)[CF_OTHER_FACE]
    if kind == A_PLAY_BACK:
        play_land(e, p, o)
        e.h.passes = 0                                   # 117.3c
    else:
        begin_cast(e, p, o)


# --- card tables ---------------------------------------------------------------------------------

def check_face_columns(cards, int i):
    """What is wrong with card row ``i``'s face columns (CF_FACE, CF_OTHER_FACE), or None:
    the two faces of a double-faced card name each other, one is the front, the other the
    back, and both are of the same kind (712.1)."""
    cdef int32_t f = int(cards[i, CF_FACE]), other, g
    cdef int32_t kinds = FACE_TRANSFORM | FACE_MODAL
    if f == 0:
        return None
    if f & ~(FACE_FRONT | FACE_BACK | FACE_TRANSFORM | FACE_MODAL | FACE_BACK_FAST |
             FACE_DAYBOUND | FACE_NIGHTBOUND | FACE_SPLIT) or \
            (f & (FACE_FRONT | FACE_BACK)) not in (FACE_FRONT, FACE_BACK) or \
            (f & (kinds | FACE_SPLIT)) not in (FACE_TRANSFORM, FACE_MODAL, FACE_SPLIT):
        return f"card row {i} has unknown face bits (CF_FACE, 712)"
    other = int(cards[i, CF_OTHER_FACE])
    if not 0 <= other < cards.shape[0] or other == i:
        return f"card row {i} names no other face (CF_OTHER_FACE, 712)"
    if f & FACE_SPLIT:
        # 709: the whole card (FACE_FRONT) names its left half, the right half follows it;
        # each half names the whole card
        if f & FACE_FRONT:
            if other != i + 1 or i + 2 >= cards.shape[0] or any(
                    int(cards[h, CF_FACE]) != (FACE_SPLIT | FACE_BACK) or
                    int(cards[h, CF_OTHER_FACE]) != i for h in (i + 1, i + 2)):
                return f"card row {i}: a split card's halves are the two rows after it (709)"
        elif int(cards[other, CF_FACE]) != (FACE_SPLIT | FACE_FRONT) or other not in (i - 1, i - 2):
            return f"card row {i}: a split card's half names its whole card (709)"
        if f & FACE_BACK and not int(cards[i, CF_TYPES]) & (T_INSTANT | T_SORCERY):
            return f"card row {i}: a half of a split card is an instant or sorcery (709)"
        return None
    g = int(cards[other, CF_FACE])
    if int(cards[other, CF_OTHER_FACE]) != i or (g & kinds) != (f & kinds) or \
            (g & (FACE_FRONT | FACE_BACK)) == (f & (FACE_FRONT | FACE_BACK)):
        return f"card rows {i} and {other} are not the two faces of one card (712.1)"
    if f & FACE_BACK_FAST and not (f & FACE_MODAL and f & FACE_FRONT):
        return f"card row {i}: FACE_BACK_FAST is for the front face of a modal card"
    if (f & FACE_DAYBOUND and (f & (FACE_FRONT | FACE_TRANSFORM)) != (FACE_FRONT | FACE_TRANSFORM)) or \
            (f & FACE_NIGHTBOUND and (f & (FACE_BACK | FACE_TRANSFORM)) != (FACE_BACK | FACE_TRANSFORM)):
        return f"card row {i}: daybound is on a front face, nightbound on a back face (702.145)"
    return None


def ability_of_card(CardTables tables, int card, int ab):
    """Is ability row ``ab`` an ability of card row ``card`` or of its other face (a
    triggered ability of a face that is no longer up, 701.28f, 603.10a)?"""
    rows = [card]
    if int(tables.cards[card, CF_FACE]):
        rows.append(int(tables.cards[card, CF_OTHER_FACE]))
    for c in rows:
        start, count = int(tables.cards[c, CF_ABILITY_START]), int(tables.cards[c, CF_ABILITY_COUNT])
        if start <= ab < start + count:
            return True
    return False


# --- day and night (726), daybound and nightbound (702.145) ---------------------------------------

cdef void turn_over_for_day_night(Engine* e, int32_t o) noexcept nogil:
    """Transform ``o`` by its own daybound or nightbound ability (702.145b, e): the one
    way such a permanent transforms."""
    cdef int32_t other = card_row(e, e.ob[o].card)[CF_OTHER_FACE]
    e.ob[o].card = other
    e.h.bf_ability_kinds |= card_row(e, other)[CF_ABILITY_KINDS]
    e.h.sba_dirty = 1
    log_event(e, EV_TRANSFORM, o, other, 0)
    queue_object_triggers(e, o, TRIG_TRANSFORMS, -1)


cdef void set_day_night(Engine* e, int32_t dn) noexcept nogil:
    """It becomes day or night (726.2).  As it becomes night, each daybound permanent
    front face up transforms (702.145b); as it becomes day, each nightbound permanent back
    face up transforms (702.145e).  Phased-out permanents don't exist (702.26b)."""
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD), i, o, f
    if e.h.day_night == dn:
        return
    e.h.day_night = dn
    log_event(e, EV_DAY_NIGHT, dn, 0, 0)
    for i in range(e.zcount[bf]):
        o = zone_list(e, bf)[i]
        if e.ob[o].phased_out:
            continue
        f = card_row(e, e.ob[o].card)[CF_FACE]
        if (dn == DN_NIGHT and f & FACE_DAYBOUND) or (dn == DN_DAY and f & FACE_NIGHTBOUND):
            turn_over_for_day_night(e, o)


cdef void day_night_check(Engine* e) noexcept nogil:
    """502.2 (current CR) / 726.3a, in the untap step after phasing: if it's day and the
    previous turn's active player cast no spells during that turn, it becomes night; if it's
    night and they cast two or more, it becomes day.  Neither: nothing happens."""
    cdef int32_t n
    if e.h.day_night == DN_NEITHER or e.h.prev_active < 0:
        return
    n = spells_cast_last_turn(e, e.h.prev_active)
    if e.h.day_night == DN_DAY and n == 0:
        set_day_night(e, DN_NIGHT)
    elif e.h.day_night == DN_NIGHT and n >= 2:
        set_day_night(e, DN_DAY)


cdef void daybound_enters(Engine* e, int32_t o) noexcept nogil:
    """A daybound card about to enter the battlefield (front face up): if it's night it
    enters transformed (702.145b); if it's neither day nor night, it becomes day as a
    player controls it (702.145c; nothing of it changes then)."""
    if e.h.day_night == DN_NIGHT:
        e.ob[o].card = card_row(e, e.ob[o].card)[CF_OTHER_FACE]
    elif e.h.day_night == DN_NEITHER:
        e.h.day_night = DN_DAY
        log_event(e, EV_DAY_NIGHT, DN_DAY, 0, 0)
