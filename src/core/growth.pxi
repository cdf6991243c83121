# Growable tables: a state no bigger than its game needs (docs/architecture.md, Principles:
# state is data).
#
# A new game starts its tables small (api/capacities.pxi game_capacities: a few rows of the stack,
# effects, pending and delayed triggers, combat pairs; a few spare object rows when its
# cards make tokens).  When one would overflow during play, the core grows it here, in
# place of the ABORT_* it used to stop with: a new buffer with the grown capacity (a table
# doubles, up to its old fixed size STACK_CAP ...; the object table grows by an eighth,
# up to TGT_PLAYER - 1 rows, only in a game whose object table may grow, Header.grow_objects),
# every section copied over, and ``e`` bound to it.  The state stays one buffer (a clone is
# one memcpy); only its capacities in the header say it grew.
#
# Ownership: the core allocates the grown buffer with malloc and marks it ``e.base_owned``;
# State (api/state_object.pxi _adopt) hands it to a numpy array as soon as the call into the core returns,
# and the batch loops (play_games, rollouts) free it before reusing their scratch buffer
# (release_growth).  A buffer the core grew earlier in the same call is freed at once.
#
# Every pointer into the old buffer dies with it: code that holds one across a call that can
# grow a table (push_stack, queue_trigger_ref, add_delayed_trigger, add_effect, add_pair,
# free_object_row, zone_push) must re-read it.  Debug builds fill State's old buffer with a
# poison pattern (one the core grew is freed: the address sanitizer sees a stale read).

from libc.stdlib cimport calloc
from libc.string cimport memset

cpdef enum:
    GROW_OBJECTS = 0            # Header.cap (and with it the battlefield, stack, exile lists)
    GROW_PLAYER_ZONES = 1       # Header.player_zone_cap (each library, hand, graveyard)
    GROW_STACK = 2
    GROW_EFFECTS = 3
    GROW_TRIGGERS = 4
    GROW_DELAYED = 5
    GROW_PAIRS = 6
    GROW_FIRST_ROWS = 4         # a table grown from 0 rows gets this many


cdef inline int32_t grown_rows(int32_t have, int32_t most) noexcept nogil:
    """Double (at least GROW_FIRST_ROWS), never past ``most``; ``have`` if already there."""
    cdef int32_t n = have * 2 if have * 2 >= GROW_FIRST_ROWS else GROW_FIRST_ROWS
    return n if n < most else most


cdef bint grow_state(Engine* e, int32_t what) noexcept nogil:
    """Grow table ``what`` (GROW_*) of the state ``e`` is bound to; False (nothing changed)
    when it is at its largest already or memory ran out: the caller then stops the game
    with its ABORT_* as before."""
    cdef Header nh = e.h[0]
    cdef Engine t
    cdef int32_t* nb
    cdef int32_t* old = e.base
    cdef int32_t z, k, old_ints = e.h.total_ints
    if what == GROW_OBJECTS:
        if not e.h.grow_objects or e.h.cap >= TGT_PLAYER - 1:
            return False
        nh.cap = e.h.cap + (e.h.cap // 8 if e.h.cap // 8 > 8 else 8)
        if nh.cap > TGT_PLAYER - 1:
            nh.cap = TGT_PLAYER - 1
    elif what == GROW_PLAYER_ZONES:
        # 400.3: a player's zones hold only their objects: at most the object capacity
        if e.h.player_zone_cap >= e.h.cap:
            return False
        nh.player_zone_cap = e.h.player_zone_cap + (e.h.player_zone_cap // 8 + 8)
        if nh.player_zone_cap > e.h.cap:
            nh.player_zone_cap = e.h.cap
    elif what == GROW_STACK:
        if e.h.stack_cap >= STACK_CAP:
            return False
        nh.stack_cap = grown_rows(e.h.stack_cap, STACK_CAP)
    elif what == GROW_EFFECTS:
        if e.h.effect_cap >= EFFECT_CAP:
            return False
        nh.effect_cap = grown_rows(e.h.effect_cap, EFFECT_CAP)
    elif what == GROW_TRIGGERS:
        if e.h.trigger_cap >= TRIGGER_CAP:
            return False
        nh.trigger_cap = grown_rows(e.h.trigger_cap, TRIGGER_CAP)
    elif what == GROW_DELAYED:
        if e.h.delayed_cap >= DELAYED_CAP:
            return False
        nh.delayed_cap = grown_rows(e.h.delayed_cap, DELAYED_CAP)
    elif what == GROW_PAIRS:
        if e.h.pair_cap >= PAIR_CAP:
            return False
        nh.pair_cap = grown_rows(e.h.pair_cap, PAIR_CAP)
    else:
        return False
    nh.total_ints = layout_ints(&nh)
    nb = <int32_t*>calloc(<size_t>nh.total_ints, 4)
    if nb == NULL:
        return False
    memcpy(nb, &nh, sizeof(Header))
    bind(&t, nb)
    memcpy(t.pl, e.pl, e.h.n_players * sizeof(Player))
    memcpy(t.ob, e.ob, e.h.cap * sizeof(Obj))
    for k in range(e.h.cap, nh.cap):         # unused rows, as State.new_game leaves them
        t.ob[k].zone = -1
        t.ob[k].attached_to = -1
    memcpy(t.zcount, e.zcount, e.h.n_zones * 4)
    for z in range(e.h.n_zones):             # every slot, used or not (a clone's bytes)
        memcpy(t.zlist + t.zoff[z], e.zlist + e.zoff[z], e.zcap[z] * 4)
    memcpy(t.stack, e.stack, e.h.stack_cap * sizeof(StackItem))
    memcpy(t.eff, e.eff, e.h.effect_cap * sizeof(Effect))
    memcpy(t.trig, e.trig, e.h.trigger_cap * sizeof(Trigger))
    memcpy(t.dly, e.dly, e.h.delayed_cap * sizeof(Delayed))
    memcpy(t.plan, e.plan, PLAN_CAP * 4)
    memcpy(t.pairs, e.pairs, e.h.pair_cap * sizeof(CombatPair))
    memcpy(t.cd, e.cd, combat_damage_cap(e.h.flags, e.h.cap) * sizeof(CombatDamage))
    bind(e, nb)                              # the card tables, log and scratch stay
    if e.base_owned:
        free(old)                            # grown earlier in this call: nobody else has it
    elif MTG_CORE_DEBUG:
        memset(old, 0xA5, <size_t>old_ints * 4)   # State's numpy buffer: poison stale reads
    e.base_owned = 1
    return True


cdef bint release_growth(Engine* e, int32_t* own) noexcept nogil:
    """A batch loop's scratch state: drop a buffer the core grew in the last game and point
    ``e`` at its own buffer ``own`` again.  True when it did: the caller then copies a state
    into ``own`` and binds ``e`` to it (bind reads the layout from the copied header)."""
    if e.base == own:
        return False
    if e.base_owned:
        free(e.base)
    e.base_owned = 0
    e.base = own
    e.h = <Header*>own
    return True
