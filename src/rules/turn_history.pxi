# What happened this turn and conditions read from it (ability words morbid, raid,
# ferocious, delirium; 603.4 intervening "if", 608.2c "if" of an effect).
# Player.attacked_turn / Player.creature_died_turn hold the turn number (1-based: 0 means
# never), so a new turn needs no reset.

cdef inline void note_attacked(Engine* e, int32_t p) noexcept nogil:
    """508.1: ``p`` declared at least one attacking creature this turn ("you attacked this
    turn"; a creature put onto the battlefield attacking was never declared, 508.4)."""
    e.pl[p].attacked_turn = e.h.turn


cdef inline void note_creature_died(Engine* e, int32_t controller) noexcept nogil:
    """700.4: a creature ``controller`` controlled was put into a graveyard from the
    battlefield (a token too: it goes there before it ceases to exist, 111.7)."""
    e.pl[controller].creature_died_turn = e.h.turn


cdef bint history_condition_holds(Engine* e, int32_t cond, int32_t a, int32_t b,
                                  int32_t controller, int32_t source) noexcept nogil:
    """COND_CREATURE_DIED_THIS_TURN .. COND_YOUR_TURN, seen from ``controller``."""
    cdef int32_t p, i, o, power, toughness, types = 0, n = 0, z
    if cond == COND_CREATURE_DIED_THIS_TURN:
        for p in range(e.h.n_players):
            if e.h.turn > 0 and e.pl[p].creature_died_turn == e.h.turn:
                return True
        return False
    if cond == COND_YOU_ATTACKED_THIS_TURN:
        return e.h.turn > 0 and e.pl[controller].attacked_turn == e.h.turn
    if cond == COND_YOUR_TURN:
        return (e.h.active == controller) == (a != 0)
    if cond == COND_CONTROL_POWER_AT_LEAST:
        # "a creature with power N or greater" you control (not the source if "another")
        z = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[z]):
            o = zone_list(e, z)[i]
            if e.ob[o].phased_out or e.ob[o].controller != controller or \
                    not (obj_types(e, o) & T_CREATURE) or (b and o == source):
                continue
            power_toughness(e, o, &power, &toughness)
            if power >= a:
                return True
        return False
    if cond == COND_GRAVEYARD_CARD_TYPES_AT_LEAST:
        # 205.2a: the card types among the cards in your graveyard
        z = zone_of(e, controller, Z_GRAVEYARD)
        for i in range(e.zcount[z]):
            types |= card_row(e, e.ob[zone_list(e, z)[i]].card)[CF_TYPES]
        types &= T_ARTIFACT | T_CREATURE | T_ENCHANTMENT | T_INSTANT | T_LAND | \
            T_PLANESWALKER | T_SORCERY | T_BATTLE | T_KINDRED
        while types:
            n += types & 1
            types >>= 1
        return n >= a
    return False


# --- spells cast last turn (faces: werewolves, "if no spells were cast last turn") -----------------

cdef inline void note_spell_cast(Engine* e, int32_t p) noexcept nogil:
    """601.2i: ``p`` cast a spell this turn.  Player.spells_cast counts turn spells_turn,
    spells_cast_before the turn before it (so a new turn needs no reset)."""
    cdef Player* pl = &e.pl[p]
    if pl.spells_turn != e.h.turn:
        pl.spells_cast_before = pl.spells_cast if pl.spells_turn == e.h.turn - 1 else 0
        pl.spells_cast = 0
        pl.spells_turn = e.h.turn
    add_amount(e, &pl.spells_cast, 1, 0)


cdef inline int32_t spells_cast_last_turn(Engine* e, int32_t p) noexcept nogil:
    """The spells ``p`` cast during the previous turn (the turn numbered one less)."""
    if e.pl[p].spells_turn == e.h.turn:
        return e.pl[p].spells_cast_before
    if e.pl[p].spells_turn == e.h.turn - 1:
        return e.pl[p].spells_cast
    return 0


cdef bint spells_last_turn_condition(Engine* e, int32_t cond) noexcept nogil:
    """COND_NO_SPELLS_LAST_TURN: "if no spells were cast last turn" (by any player: those who
    have left the game too); COND_TWO_SPELLS_LAST_TURN: "if a player cast two or more spells
    last turn" (one player cast two or more)."""
    cdef int32_t p, n
    for p in range(e.h.n_players):
        n = spells_cast_last_turn(e, p)
        if cond == COND_NO_SPELLS_LAST_TURN and n > 0:
            return False
        if cond == COND_TWO_SPELLS_LAST_TURN and n >= 2:
            return True
    return cond == COND_NO_SPELLS_LAST_TURN
