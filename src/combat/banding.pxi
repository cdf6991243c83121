# Banding (702.21): who assigns a creature's combat damage (702.21j).
#
# Bands themselves are formed as attackers are declared (508.1e, combat.pxi: A_BAND and
# Obj.band) and blocking one creature of a band blocks the whole band (702.21h, in
# finish_block_declaration).  This file answers the damage question for the code that
# assigns combat damage:
#
# 702.21j: "If an attacking creature is blocked by a creature with banding, or a blocking
# creature blocks a creature with banding" -- in the words of the reminder text: "If any
# creatures with banding you control are blocking or being blocked by a creature, you
# divide that creature's combat damage, not its controller, among any of the creatures
# it's being blocked by or is blocking."  ("Bands with other" is not in the card pool.)


cdef int32_t banding_assigner(Engine* e, int32_t o) noexcept nogil:
    """702.21j: the player who assigns ``o``'s combat damage because a creature with
    banding controlled by another player blocks ``o`` or is blocked by it; -1 when
    banding doesn't apply (then ``o``'s controller assigns it, 510.1)."""
    cdef int32_t i, x, bf = zone_of(e, 0, Z_BATTLEFIELD)
    if not (bf_kinds(e) & (1 << AB_STATIC)):
        return -1                                # no banding on the battlefield (CM_STATIC_BITS)
    if o < 0 or o >= e.h.n_objects or not on_battlefield(e, o):
        return -1
    if is_attacking(e, o):
        if not (e.ob[o].combat & CB_BLOCKED):
            return -1
        for i in range(e.zcount[bf]):            # its blockers: one with banding?
            x = zone_list(e, bf)[i]
            if is_blocking(e, x) and blocks(e, x, o) and e.ob[x].phased_out == 0 and \
                    e.ob[x].controller != e.ob[o].controller and \
                    (combat_props(e, x) & CM_BANDING):
                return e.ob[x].controller
        return -1
    if is_blocking(e, o):
        for i in range(e.zcount[bf]):            # the attackers it blocks: one with banding?
            x = zone_list(e, bf)[i]
            if is_attacking(e, x) and blocks(e, o, x) and e.ob[x].phased_out == 0 and \
                    e.ob[x].controller != e.ob[o].controller and \
                    (combat_props(e, x) & CM_BANDING):
                return e.ob[x].controller
    return -1


def banding_assigner_of(State st, int o):
    """Test hook for 702.21j: the seat that assigns object ``o``'s combat damage because
    of banding, or -1 (see banding_assigner)."""
    return banding_assigner(&st.e, o)
