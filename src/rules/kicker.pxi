# Kicker on permanents (702.33d): "kicked" is linked to the permanent the kicked spell
# becomes.  The permanent keeps CI_KICKED in Obj.cast_info while it stays on the battlefield;
# any zone change makes a new object that wasn't kicked (400.7: move_object clears it).  Its
# "When ~ enters, if it was kicked, ..." triggers check COND_SELF_KICKED (603.4).

cdef inline int32_t kicked_spell(Engine* e, int32_t o) noexcept nogil:
    """CI_KICKED (and the multikicker count) if ``o`` is a spell on the stack cast with its
    kicker cost paid, else 0."""
    if zone_kind(e, e.ob[o].zone) == Z_STACK and (e.ob[o].cast_info & CI_KICKED):
        return e.ob[o].cast_info & (CI_KICKED | (CI_KICKS_MAX << CI_KICKS_SHIFT))
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


# --- multikicker (702.33c): the kicker cost paid any number of times ------------------------------

cdef inline int32_t kick_count(int32_t info) noexcept nogil:
    """How many times the kicker cost was paid: 0, 1 or, with multikicker, the count."""
    cdef int32_t n
    if not (info & CI_KICKED):
        return 0
    n = (info >> CI_KICKS_SHIFT) & CI_KICKS_MAX
    return n if n else 1


cdef inline int32_t one_more_kick(const int32_t* ab, int32_t info) noexcept nogil:
    """``info`` with the kicker paid once more (601.2b), or ``info`` unchanged if it can't be:
    a kicker is paid at most once, a multikicker at most CI_KICKS_MAX times."""
    cdef int32_t n = kick_count(info)
    if not ab[AF_MULTIKICKER]:
        return info if n else info | CI_KICKED
    if n >= CI_KICKS_MAX:
        return info
    return (info & ~(CI_KICKS_MAX << CI_KICKS_SHIFT)) | CI_KICKED | ((n + 1) << CI_KICKS_SHIFT)


cdef inline int32_t kick_answer(const int32_t* ab, int32_t info, int32_t a) noexcept nogil:
    """A_KICK: ``a`` = 1 pays the kicker (once more: a multikicker asks again, 702.33c),
    0 stops."""
    if not a:
        return info | CI_KICK_DECIDED
    if ab[AF_MULTIKICKER]:
        return one_more_kick(ab, info)
    return info | CI_KICK_DECIDED | CI_KICKED
