# Cards known to players (hidden information, for search).
#
# Each object carries two seat masks (bit p = seat p), meaningful only while it is in a
# hidden zone (a library or a hand; 400.2) and 0 elsewhere:
#   Obj.known        seats that know which card it is: everyone saw it go there from a
#                    public zone (a bounced permanent, a countered spell returned to hand, a
#                    card put on top of its library), it was revealed (701.16a), or the seat
#                    looked at it (701.22 scry, 701.25 surveil, "look at the top N cards");
#   Obj.known_place  of those, seats that also know its place in its library (it was put
#                    on top or on the bottom where they saw it, or they looked at it there).
# A library shuffle (701.20) loses every place but keeps what is known to be in the library
# (the multiset); leaving the hidden zone clears both.  A card drawn from the top is known in
# the hand to exactly the seats that knew it was on top.  Own hands are always known to their
# owner and need no bit.  determinize (observation.pxi) keeps every card known to the viewer
# where it is (in its hand, or at its place in the library, or at least in the library) and
# deals only the rest; the observation shows the viewer an opponent's hand cards it knows.

cpdef enum:
    KNOWN_ALL = 255             # every seat (MAX_PLAYERS bits)


cdef inline uint8_t seats_in_game_mask(Engine* e) noexcept nogil:
    return <uint8_t>((1 << e.h.n_players) - 1)


cdef inline void known_moved(Engine* e, Obj* ob, int32_t from_kind, int32_t to_kind) noexcept nogil:
    """400.2 / 400.7: what each seat knows about an object moving from a zone of kind
    ``from_kind`` to one of kind ``to_kind`` (Z_NONE: none), called by move_object before
    the move (``ob`` still has its old masks)."""
    cdef uint8_t own = <uint8_t>(1 << ob.owner)
    cdef bint from_public = from_kind >= Z_GRAVEYARD and from_kind != Z_NONE   # 400.2
    if to_kind == Z_HAND:
        if from_public:
            ob.known = seats_in_game_mask(e)      # everyone saw it leave a public zone
        elif from_kind == Z_LIBRARY:
            ob.known = ob.known_place             # who knew it was the top card it drew
        else:
            ob.known = 0
        ob.known_place = 0
    elif to_kind == Z_LIBRARY:
        if from_public:                           # top or bottom, in everyone's sight
            ob.known = seats_in_game_mask(e)
            ob.known_place = ob.known
        elif from_kind == Z_HAND:                 # its owner put it there (a mulligan's
            ob.known = own                        # bottom, "put a card from your hand")
            ob.known_place = own
        # (from its own library: the same object moved by someone who looked, keeps both)
    else:
        ob.known = 0                              # a public zone shows it; none: it's gone
        ob.known_place = 0


cdef void known_revealed(Engine* e, int32_t o) noexcept nogil:
    """701.16a: every player sees the revealed card (where it is stays known as it was,
    or, on top of a library, that too)."""
    cdef int32_t kind = zone_kind(e, e.ob[o].zone)
    if kind == Z_HAND or kind == Z_LIBRARY:
        e.ob[o].known = seats_in_game_mask(e)
        if kind == Z_LIBRARY:
            e.ob[o].known_place = e.ob[o].known


cdef void known_look_at_hand(Engine* e, int32_t p, int32_t q) noexcept nogil:
    """``p`` looks at player ``q``'s hand ("Look at target player's hand."): ``p`` knows
    each card in it from now on, while it stays there (a hand has no order to know)."""
    cdef uint8_t bit = <uint8_t>(1 << p)
    cdef int32_t i, hand = zone_of(e, q, Z_HAND)
    for i in range(e.zcount[hand]):
        e.ob[zone_list(e, hand)[i]].known |= bit


cdef void known_look_top(Engine* e, int32_t p, int32_t lib, int32_t n) noexcept nogil:
    """``p`` looks at the top ``n`` cards of library zone ``lib`` (701.22a, 701.25a, "look
    at the top N cards"): they know each and its place."""
    cdef uint8_t bit = <uint8_t>(1 << p)
    cdef int32_t i, o
    for i in range(e.zcount[lib] - 1, e.zcount[lib] - 1 - n, -1):
        if i < 0:
            break
        o = zone_list(e, lib)[i]
        e.ob[o].known |= bit
        e.ob[o].known_place |= bit


cdef void known_shuffled(Engine* e, int32_t lib) noexcept nogil:
    """701.20: after a shuffle nobody knows where any card of the library is; what was known
    to be in it still is."""
    cdef int32_t i
    for i in range(e.zcount[lib]):
        e.ob[zone_list(e, lib)[i]].known_place = 0
