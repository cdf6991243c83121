# Kicker on permanents (702.33d): "kicked" is linked to the permanent the kicked spell
# becomes.  The permanent keeps CI_KICKED in Obj.cast_info while it stays on the battlefield;
# any zone change makes a new object that wasn't kicked (400.7: move_object clears it).  Its
# "When ~ enters, if it was kicked, ..." triggers check COND_SELF_KICKED (603.4).

cdef inline int32_t kicked_spell(Engine* e, int32_t o) noexcept nogil:
    """CI_KICKED if ``o`` is a spell on the stack cast with its kicker cost paid, else 0."""
    if zone_kind(e, e.ob[o].zone) == Z_STACK and (e.ob[o].cast_info & CI_KICKED):
        return CI_KICKED
    return 0


cdef inline bint self_kicked(Engine* e, int32_t source) noexcept nogil:
    """COND_SELF_KICKED: the source is a permanent whose spell was kicked (702.33d)."""
    return source >= 0 and on_battlefield(e, source) and (e.ob[source].cast_info & CI_KICKED) != 0


cdef inline bint kicked_source_gone(Engine* e, int32_t cond, int32_t source,
                                    StackItem* si) noexcept nogil:
    """603.4 / 113.7a: as a triggered ability with "if it was kicked" resolves after its source
    has left the battlefield (or became a new object, 400.7), the source's last known
    information is used: it was kicked, since the ability triggered only if it was (603.4),
    and an object's "kicked" never changes (702.33d)."""
    return cond == COND_SELF_KICKED and si != NULL and si.kind == SK_TRIGGER and \
        si.obj == source and source >= 0 and \
        (e.ob[source].incarnation != si.obj_inc or not on_battlefield(e, source))
