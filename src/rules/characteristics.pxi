# Characteristics after continuous effects: the layer system (613, 302.4c, 604.3, 611.3).
#
# Where they come from: the card row (printed values), attachments (CF_ATTACHED_*: what an
# Aura or Equipment grants, with the attached object's timestamp, 613.7e), static abilities
# of the layer system (ability rows of kind AB_STATIC with AF_LY_SCOPE set: an affected set
# and a list of LY_* changes), and continuous effects from resolved spells and abilities
# (EF_PT, EF_KEYWORDS and EF_LAYER rows of the effect table; their affected object is
# fixed, 611.2c).  Layer 2 (control) is kept in Obj.controller (effects.pxi); layers 1
# (copy) and 3 (text) have no effects in this engine.
#
# Speed: a board without statics of the layer system (bf_ability_kinds & LY_KIND_BIT) and
# without EF_LAYER effects takes the old fast paths (printed values, attachments, EF_PT and
# EF_KEYWORDS); only otherwise is ``layered`` run, for the one object asked about (no
# cache: nothing to keep in step).  Debug builds check the fast path against ``layered`` at
# every power / toughness read that takes it.
#
# ``layered`` computes one object's characteristics layer by layer ("stages" below):
#   1 layer 4 (types), 2 layer 5 (colours), 3 layer 6 (abilities), 4 7a (characteristic-
#   defining P/T), 5 7b (set base P/T), 6 7c (modify; counters), 7 7d (switch).
# Within a stage, changes apply in timestamp order (613.7) except that one whose set of
# affected objects would be changed by applying another goes after it (613.8 dependency;
# in a loop, timestamp order, 613.8b).  A static ability's affected set is fixed in the
# first stage it applies in and kept for its other stages (613.6).  "Loses all abilities"
# (layer 6) removes the static abilities of the objects it affects before they apply in
# layer 6 or later, unless they already started to apply in layer 4 or 5 (613.6; the
# dependency of 613.8a: their existence depends on it); among such effects, the one
# whose source another would strip goes after it.

cdef struct Chars:
    int32_t types
    int32_t subtypes
    int32_t colors
    int32_t keywords
    int32_t power
    int32_t toughness
    int32_t lost                # 1: it lost all abilities in layer 6


cdef struct LySource:
    # One static ability (or an attachment's bonuses, or one resolved effect) that may
    # apply to the object being computed.
    int32_t source              # its source object; -1 for a resolved effect (always exists)
    int32_t ab                  # its ability row; -1 attachment bonuses / resolved effect
    int32_t timestamp
    int32_t first               # first stage it has a change in (613.6)
    int32_t member              # -1 not decided yet, 0 doesn't apply to the object, 1 does
    int32_t dead                # -1 not known yet, 1 its source lost it before it applied
    int32_t cond                # -1 not checked yet, 0 its condition fails, 1 holds (611.3a)


cdef struct LyItem:
    int32_t src                 # index into the LySource array
    int32_t stage
    int32_t code
    int32_t a
    int32_t b
    int32_t c
    int32_t done
    int32_t pc                  # a count change (amounts.pxi): where its LY_AMOUNT quad is
    int32_t source              # ... and the object whose ability it is ("you": its controller)


cdef inline int32_t ly_stage(int32_t code) noexcept nogil:
    """The stage (layer / sublayer, 613.1 and 613.4) of a LY_* change; 0 for layer 2."""
    if code < 40:
        return 0
    if code < 50:
        return 1
    if code < 60:
        return 2
    if code < 70:
        return 3
    if code == LY_PT_CDA or code == LY_PT_CDA_COUNT:
        return 4
    if code <= LY_PT_SET_MV:
        return 5
    if code == LY_PT_MODIFY or code == LY_PT_COUNT:
        return 6
    return 7


cdef bint layer_effect_exists(Engine* e) noexcept nogil:
    cdef int32_t i
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_LAYER:
            return True
    return False


cdef inline bint layer_effects_possible(Engine* e) noexcept nogil:
    """``layer_effects``: False promises that no EF_LAYER effect exists (a superset flag:
    set by add_effect, cleared by end_effects_scan when it keeps none)."""
    if MTG_CORE_DEBUG:
        if not e.h.layer_effects and layer_effect_exists(e):
            debug_fail(b"layer_effects: it is 0 but an EF_LAYER effect exists")
    return e.h.layer_effects != 0


cdef inline bint layers_on_board(Engine* e) noexcept nogil:
    """False promises that no static ability of the layer system is on the battlefield and
    that no EF_LAYER effect exists: every object's types, colours and keywords are then
    the printed ones with the old fast paths.  (Two header words in the usual case.)"""
    return (bf_kinds(e) & LY_KIND_BIT) != 0 or layer_effects_possible(e)


cdef inline bint layers_may_apply(Engine* e, int32_t o) noexcept nogil:
    """``layers_on_board``, or ``o``'s card has a characteristic-defining ability (it works
    in every zone, 604.3): False promises ``o``'s power and toughness are the printed ones
    with the old fast path."""
    # on the battlefield its own statics are counted in bf_ability_kinds already
    return layers_on_board(e) or (e.ob[o].zone != e.h.n_players * 3 and
                                  (card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & LY_KIND_BIT) != 0)


cdef inline int32_t attachment_bonuses(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """What the Auras and Equipment attached to ``o`` grant it: adds their +power/+toughness
    (layer 7c) to the two counters given and returns the keywords they grant (layer 6)."""
    if not attachments_possible(e):         # (the usual board: no call, inlined)
        return 0
    return attached_bonuses(e, o, power, toughness)


cdef int32_t attached_bonuses(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """attachment_bonuses on a board where something may be attached."""
    cdef int32_t i, a, kw = 0, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row
    if zone_kind(e, e.ob[o].zone) != Z_BATTLEFIELD:
        return 0
    for i in range(e.zcount[bf]):
        a = zone_list(e, bf)[i]
        if e.ob[a].attached_to == o and e.ob[a].phased_out == 0:
            row = card_row(e, e.ob[a].card)
            kw |= row[CF_ATTACHED_KEYWORDS]
            power[0] += row[CF_ATTACHED_POWER]
            toughness[0] += row[CF_ATTACHED_TOUGHNESS]
    return kw


cdef inline int32_t keywords_fast(Engine* e, int32_t o) noexcept nogil:
    """Keywords without the layer system: printed, attachments, EF_KEYWORDS."""
    cdef int32_t i, unused_p = 0, unused_t = 0
    cdef int32_t kw = card_row(e, e.ob[o].card)[CF_KEYWORDS] | \
        attachment_bonuses(e, o, &unused_p, &unused_t)
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_KEYWORDS and e.eff[i].affected == o \
                and e.eff[i].affected_inc == e.ob[o].incarnation:
            kw |= e.eff[i].a
    return kw


cdef inline void power_toughness_fast(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """302.4c without the layer system: printed values, 7c (attachments, EF_PT, counters)."""
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef int32_t p = row[CF_POWER], t = row[CF_TOUGHNESS], i
    attachment_bonuses(e, o, &p, &t)
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_PT and e.eff[i].affected == o \
                and e.eff[i].affected_inc == e.ob[o].incarnation:
            p += e.eff[i].a
            t += e.eff[i].b
    p += e.ob[o].plus1 - e.ob[o].minus1
    t += e.ob[o].plus1 - e.ob[o].minus1
    power[0] = p
    toughness[0] = t


cdef inline int32_t keywords_of(Engine* e, int32_t o) noexcept nogil:
    """Keywords after layer 6 (613.1f): printed, granted by attachments, statics and effects,
    removed by "loses all abilities"."""
    cdef Chars c
    if layers_on_board(e):
        layered(e, o, &c, 3)
        return c.keywords
    return keywords_fast(e, o)


cdef inline bint has_kw(Engine* e, int32_t o, int32_t kw) noexcept nogil:
    return (keywords_of(e, o) & kw) != 0


cdef inline bint is_creature(Engine* e, int32_t o) noexcept nogil:
    return (obj_types(e, o) & T_CREATURE) != 0


cdef int32_t layered_types(Engine* e, int32_t o) noexcept nogil:
    cdef Chars c
    layered(e, o, &c, 1)
    return c.types


cdef inline int32_t obj_subtypes(Engine* e, int32_t o) noexcept nogil:
    """Subtypes (CF_SUBTYPES bits) after layer 4 (613.1d)."""
    cdef Chars c
    if layers_on_board(e):
        layered(e, o, &c, 1)
        return c.subtypes
    return card_row(e, e.ob[o].card)[CF_SUBTYPES]


cdef inline int32_t obj_colors(Engine* e, int32_t o) noexcept nogil:
    """Colours (bit C_*) after layer 5 (613.1e)."""
    cdef Chars c
    if layers_on_board(e):
        layered(e, o, &c, 2)
        return c.colors
    return card_row(e, e.ob[o].card)[CF_COLORS]


cdef inline bint lost_all_abilities(Engine* e, int32_t o) noexcept nogil:
    """Did ``o`` lose all its abilities in layer 6 ("loses all abilities", 613.1f)?"""
    cdef Chars c
    if not layers_on_board(e):
        return False
    layered(e, o, &c, 3)
    return c.lost != 0


cdef void power_toughness(Engine* e, int32_t o, int32_t* power, int32_t* toughness) noexcept nogil:
    """302.4c: power and toughness after every layer (613.4 sublayers 7a-7d)."""
    cdef Chars c
    if layers_may_apply(e, o):
        layered(e, o, &c, 7)
        power[0] = c.power
        toughness[0] = c.toughness
        return
    power_toughness_fast(e, o, power, toughness)
    if MTG_CORE_DEBUG:
        debug_verify_fast_characteristics(e, o, power[0], toughness[0])


cdef void debug_verify_fast_characteristics(Engine* e, int32_t o, int32_t p, int32_t t) noexcept nogil:
    """The fast path must agree with the layer system wherever it is taken."""
    cdef Chars c
    layered(e, o, &c, 7)
    if c.power != p or c.toughness != t or c.keywords != keywords_fast(e, o) or \
            c.types != card_row(e, e.ob[o].card)[CF_TYPES]:
        debug_fail(b"layers: the fast path of characteristics.pxi disagrees with layered()")


# --- the layer system -------------------------------------------------------------------------

cdef inline bint ly_filter(Engine* e, const int32_t* ab, int32_t s, int32_t x, Chars* cx) noexcept nogil:
    """Does ``x`` (with characteristics ``cx`` so far) pass the filter of static ability
    row ``ab`` of source ``s`` (LY_SCOPE_PERMANENTS)?"""
    cdef int32_t flags = ab[AF_LY_FLAGS]
    if not on_battlefield(e, x):
        return False
    if (flags & LY_OTHER) and x == s:
        return False
    if ab[AF_LY_TYPES] and not (cx.types & ab[AF_LY_TYPES]):
        return False
    if ab[AF_LY_SUBTYPES] and not (cx.subtypes & ab[AF_LY_SUBTYPES]):
        return False
    if cx.subtypes & ab[AF_LY_NOT_SUBTYPES]:
        return False
    if ab[AF_LY_COLORS] and not (cx.colors & ab[AF_LY_COLORS]):
        return False
    if (flags & LY_NONTOKEN) and e.ob[x].token:
        return False
    if (flags & LY_YOURS) and e.ob[x].controller != e.ob[s].controller:
        return False
    if (flags & LY_OPPONENTS) and e.ob[x].controller == e.ob[s].controller:
        return False
    return True


cdef inline bint ly_positional(Engine* e, const int32_t* ab, int32_t s, int32_t x) noexcept nogil:
    """Could static ability row ``ab`` of ``s`` apply to ``x`` at all (its scope)?"""
    cdef int32_t scope = ab[AF_LY_SCOPE]
    if scope == LY_SCOPE_SELF:
        return x == s
    if scope == LY_SCOPE_ATTACHED:
        return e.ob[s].attached_to == x
    return on_battlefield(e, x)


cdef inline int32_t ly_first_stage(Engine* e, const int32_t* ab) noexcept nogil:
    cdef int32_t pc, first = 99, st
    for pc in range(ab[AF_PROG_START], ab[AF_PROG_START] + ab[AF_PROG_LEN], 4):
        st = ly_stage(e.prog[pc])
        if st > 0 and st < first:
            first = st
    return first


cdef inline bint ly_member_chars(Engine* e, const int32_t* ab, int32_t s, int32_t x, Chars* cx) noexcept nogil:
    """Does static ability row ``ab`` of ``s`` apply to ``x``, whose types, colours and
    controller after layer 5 are ``cx`` (what a filter reads is final then)?"""
    if not ly_positional(e, ab, s, x):
        return False
    if ab[AF_LY_SCOPE] != LY_SCOPE_PERMANENTS:
        return True
    return ly_filter(e, ab, s, x, cx)


cdef bint lost_by_effect(Engine* e, int32_t x) noexcept nogil:
    """Does a resolved "loses all abilities" effect (EF_LAYER LY_LOSE_ALL) apply to ``x``?"""
    cdef int32_t i
    for i in range(e.h.effects_n):
        if e.eff[i].kind == EF_LAYER and e.eff[i].change == LY_LOSE_ALL and e.eff[i].affected == x \
                and e.eff[i].affected_inc == e.ob[x].incarnation:
            return True
    return False


cdef inline bint ly_has_lose_all(Engine* e, int32_t ab) noexcept nogil:
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t k
    for k in range(row[AF_PROG_START], row[AF_PROG_START] + row[AF_PROG_LEN], 4):
        if e.prog[k] == LY_LOSE_ALL:
            return True
    return False


cdef struct LoseAll:
    # The static "loses all abilities" abilities on the battlefield (Humility) and which of
    # them apply, worked out once per ``layered`` call (lose_all_resolve).  Sized like the
    # changes that may apply to one object (LY_MAX_ITEMS): a board may hold dozens of them.
    int32_t n
    int32_t hs[LY_MAX_ITEMS]    # source
    int32_t ha[LY_MAX_ITEMS]    # ability row
    int32_t ht[LY_MAX_ITEMS]    # timestamp
    int32_t hfirst[LY_MAX_ITEMS]   # first stage (613.6)
    int32_t state[LY_MAX_ITEMS]    # 0 waiting, 1 applies, 2 doesn't (its source lost it first)
    Chars hc[LY_MAX_ITEMS]      # its source's characteristics after layer 5


cdef void lose_all_resolve(Engine* e, LoseAll* r) noexcept nogil:
    """Which static "loses all abilities" abilities apply: in timestamp order, except that
    one whose source another would strip goes after that other (613.8a: its existence
    depends on it); one whose source lost its abilities before it applied doesn't apply
    (unless it had already started in layer 4 or 5, 613.6); a resolved "loses all
    abilities" on its source comes first; a loop falls back to timestamp order (613.8b)."""
    cdef int32_t i, j, s, ab, bf = zone_of(e, 0, Z_BATTLEFIELD), pick, best
    cdef const int32_t* row
    cdef bint dep
    r.n = 0
    if not (bf_kinds(e) & LY_LOSE_BIT):
        return
    for i in range(e.zcount[bf]):
        s = zone_list(e, bf)[i]
        row = card_row(e, e.ob[s].card)
        if e.ob[s].phased_out or not (row[CF_ABILITY_KINDS] & LY_LOSE_BIT):
            continue
        for ab in range(row[CF_ABILITY_START], row[CF_ABILITY_START] + row[CF_ABILITY_COUNT]):
            if ability_row(e, ab)[AF_KIND] != AB_STATIC or not ability_row(e, ab)[AF_LY_SCOPE] \
                    or not ly_has_lose_all(e, ab):
                continue
            if r.n == LY_MAX_ITEMS:
                abort_game(e, ABORT_LAYERS)
                return
            r.hs[r.n] = s; r.ha[r.n] = ab; r.ht[r.n] = e.ob[s].timestamp
            r.hfirst[r.n] = ly_first_stage(e, ability_row(e, ab))
            r.state[r.n] = 2 if r.hfirst[r.n] >= 3 and lost_by_effect(e, s) else 0
            layered(e, s, &r.hc[r.n], 2)
            r.n += 1
    while True:
        pick = -1
        best = -1
        for i in range(r.n):
            if r.state[i] != 0:
                continue
            dep = False
            if r.hfirst[i] >= 3:
                for j in range(r.n):
                    if j != i and r.state[j] == 0 and \
                            ly_member_chars(e, ability_row(e, r.ha[j]), r.hs[j], r.hs[i], &r.hc[i]):
                        dep = True
                        break
            if not dep and (pick < 0 or r.ht[i] < r.ht[pick]):
                pick = i
            if best < 0 or r.ht[i] < r.ht[best]:
                best = i
        if best < 0:
            break
        if pick < 0:
            pick = best                                  # 613.8b: a loop
        r.state[pick] = 1
        for j in range(r.n):
            if r.state[j] == 0 and r.hfirst[j] >= 3 and \
                    ly_member_chars(e, ability_row(e, r.ha[pick]), r.hs[pick], r.hs[j], &r.hc[j]):
                r.state[j] = 2


cdef bint lost_in(Engine* e, LoseAll* r, int32_t x, Chars* cx) noexcept nogil:
    """Does ``x`` (characteristics ``cx`` after layer 5) lose all abilities in layer 6?"""
    cdef int32_t i
    if lost_by_effect(e, x):
        return True
    for i in range(r.n):
        if r.state[i] == 1 and ly_member_chars(e, ability_row(e, r.ha[i]), r.hs[i], x, cx):
            return True
    return False


cdef int32_t ly_count(Engine* e, int32_t o, int32_t what, int32_t mask) noexcept nogil:
    """LY_COUNT_*: what a characteristic-defining ability of ``o`` counts (604.3)."""
    cdef int32_t i, x, p, z, n = 0, seen = 0, ctl = e.ob[o].controller
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    if what == LY_COUNT_LIFE:
        return e.pl[ctl].life
    if what == LY_COUNT_YOURS_SUBTYPE or what == LY_COUNT_YOURS_TYPE:
        for i in range(e.zcount[bf]):
            x = zone_list(e, bf)[i]
            if e.ob[x].phased_out or e.ob[x].controller != ctl:
                continue
            # types and subtypes are final after layer 4: no loop through 7a
            if (obj_subtypes(e, x) if what == LY_COUNT_YOURS_SUBTYPE else obj_types(e, x)) & mask:
                n += 1
        return n
    for p in range(e.h.n_players):
        z = zone_of(e, p, Z_GRAVEYARD)
        for i in range(e.zcount[z]):
            x = card_row(e, e.ob[zone_list(e, z)[i]].card)[CF_TYPES]
            if what == LY_COUNT_GRAVEYARD_TYPE:
                if x & mask:
                    n += 1
            else:
                seen |= x
    if what == LY_COUNT_GRAVEYARD_TYPES:
        while seen:
            n += seen & 1
            seen >>= 1
    return n


cdef inline void ly_apply(Engine* e, int32_t o, Chars* c, LyItem* it) noexcept nogil:
    """Apply one change to ``c``."""
    cdef int32_t code = it.code, n, tmp
    if code == LY_ADD_TYPES:
        c.types |= it.a
        c.subtypes |= it.b
    elif code == LY_SET_SUBTYPES:
        c.subtypes = (c.subtypes & ~it.b) | it.a
    elif code == LY_REMOVE_TYPES:
        c.types &= ~it.a
    elif code == LY_SET_COLORS:
        c.colors = it.a
    elif code == LY_ADD_COLORS:
        c.colors |= it.a
    elif code == LY_ADD_KEYWORDS:
        c.keywords |= it.a
    elif code == LY_LOSE_ALL:
        c.keywords = 0
        c.lost = 1
    elif code == LY_PT_CDA:
        n = ly_count(e, o, it.a, it.b)
        if it.c & 1:
            c.power = n
        if it.c & 2:
            c.toughness = n + (it.c >> 8)
    elif code == LY_PT_SET:
        c.power = it.a
        c.toughness = it.b
    elif code == LY_PT_SET_MV:
        c.power = card_row(e, e.ob[o].card)[CF_MANA_VALUE]
        c.toughness = c.power
    elif code == LY_PT_MODIFY:
        c.power += it.a
        c.toughness += it.b
    elif code == LY_PT_COUNT or code == LY_PT_CDA_COUNT:
        ly_apply_count(e, o, c, it)                      # amounts.pxi
    elif code == LY_PT_SWITCH:
        tmp = c.power
        c.power = c.toughness
        c.toughness = tmp


cdef inline bint ly_in_set(Engine* e, int32_t o, Chars* c, LySource* src) noexcept nogil:
    """Decide (once: 613.6) whether ``src`` applies to ``o``, given ``o``'s characteristics
    ``c`` now, and whether its condition holds (611.3a; checked once per computation, when
    it first has a change to apply, so a condition is only read when it matters)."""
    if src.member < 0:
        src.member = 1 if ly_filter(e, ability_row(e, src.ab), src.source, o, c) else 0
    if src.member == 1 and src.cond < 0:
        src.cond = 1 if ly_condition_holds(e, ability_row(e, src.ab), src.source) else 0
    return src.member == 1 and src.cond == 1


cdef int32_t ly_count_controlled(Engine* e, const int32_t* ab, int32_t s, bint opponents) noexcept nogil:
    """The permanents ``s``'s controller (or, ``opponents``, an opponent of theirs)
    controls that pass the filter of the condition of static ability row ``ab``, not
    counting ``s`` for LYC_YOU_CONTROL_OTHER.  It reads types, subtypes and colours (layers
    4 and 5 only): the condition goes with changes of layer 6 or later (api/tables.pxi
    _check_condition), so it never reads back into its own ability."""
    cdef int32_t i, x, n = 0, ctl = e.ob[s].controller, bf = zone_of(e, 0, Z_BATTLEFIELD)
    for i in range(e.zcount[bf]):
        x = zone_list(e, bf)[i]
        if e.ob[x].phased_out or (e.ob[x].controller == ctl) == opponents:
            continue
        if x == s and ab[AF_LY_COND] == LYC_YOU_CONTROL_OTHER:
            continue
        if ab[AF_LY_COND_TYPES] and not (obj_types(e, x) & ab[AF_LY_COND_TYPES]):
            continue
        if ab[AF_LY_COND_SUBTYPES] and not (obj_subtypes(e, x) & ab[AF_LY_COND_SUBTYPES]):
            continue
        if ab[AF_LY_COND_COLORS] and not (obj_colors(e, x) & ab[AF_LY_COND_COLORS]):
            continue
        n += 1
    return n


cdef bint ly_condition_holds(Engine* e, const int32_t* ab, int32_t s) noexcept nogil:
    """611.3a: a static ability applies only while its condition (AF_LY_COND, LYC_*)
    holds; it is read afresh at every computation, so the characteristics follow it."""
    cdef int32_t cond = ab[AF_LY_COND], n = ab[AF_LY_COND_N], ctl = e.ob[s].controller
    cdef int32_t i, x, p, want, bf
    if cond == 0:
        return True
    if cond == LYC_YOUR_TURN:
        return e.h.active == ctl
    if cond == LYC_NOT_YOUR_TURN:
        return e.h.active != ctl
    if cond == LYC_SELF_ATTACKING:
        return (e.ob[s].combat & CB_ATTACKING) != 0     # 506.4: until removed from combat
    if cond == LYC_SELF_TAPPED:
        return e.ob[s].tapped != 0
    if cond == LYC_SELF_UNTAPPED:
        return e.ob[s].tapped == 0
    if cond == LYC_LIFE_AT_LEAST:
        return e.pl[ctl].life >= n
    if cond == LYC_LIFE_AT_MOST:
        return e.pl[ctl].life <= n
    if cond == LYC_GRAVEYARD_AT_LEAST:
        return e.zcount[zone_of(e, ctl, Z_GRAVEYARD)] >= n
    if cond == LYC_HAND_AT_MOST:
        return e.zcount[zone_of(e, ctl, Z_HAND)] <= n
    if cond == LYC_OPPONENT_LIFE_AT_MOST:
        for p in range(e.h.n_players):
            if p != ctl and e.pl[p].in_game and e.pl[p].life <= n:
                return True
        return False
    if cond == LYC_SELF_EQUIPPED or cond == LYC_SELF_ENCHANTED:
        want = SUB_EQUIPMENT if cond == LYC_SELF_EQUIPPED else SUB_AURA
        bf = zone_of(e, 0, Z_BATTLEFIELD)
        for i in range(e.zcount[bf]):
            x = zone_list(e, bf)[i]
            if e.ob[x].attached_to == s and not e.ob[x].phased_out and obj_subtypes(e, x) & want:
                return True
        return False
    if cond == LYC_YOU_CONTROL or cond == LYC_YOU_CONTROL_OTHER:
        return ly_count_controlled(e, ab, s, False) >= n
    if cond == LYC_YOU_CONTROL_NONE:
        return ly_count_controlled(e, ab, s, False) == 0
    if cond == LYC_OPPONENT_CONTROLS:
        return ly_count_controlled(e, ab, s, True) >= n
    return False


cdef bint ly_depends(Engine* e, int32_t o, Chars* c, LySource* srcs, LyItem* a, LyItem* b) noexcept nogil:
    """613.8a, for ``o``: would applying ``b`` now change whether ``a`` applies to ``o``?
    Only an affected set not yet fixed can change."""
    cdef Chars after
    cdef LySource* sa = &srcs[a.src]
    cdef LySource* sb = &srcs[b.src]
    cdef bint before_in
    if sa.member >= 0 or a.src == b.src:
        return False
    if sb.member == 0:
        return False
    if sb.member < 0 and not ly_filter(e, ability_row(e, sb.ab), sb.source, o, c):
        return False
    before_in = ly_filter(e, ability_row(e, sa.ab), sa.source, o, c)
    after = c[0]
    ly_apply(e, o, &after, b)
    return before_in != ly_filter(e, ability_row(e, sa.ab), sa.source, o, &after)


cdef int32_t ly_dead(Engine* e, LySource* sp, LoseAll* r, int32_t o, Chars* co) noexcept nogil:
    """1 if ``sp`` doesn't apply in layer 6 or later because its source lost its abilities
    first (613.6 / 613.8a), else 0.  ``co``: the characteristics of ``o`` after layer 5."""
    cdef Chars cs
    cdef int32_t i
    if sp.source < 0 or sp.first < 3:
        return 0                       # a resolved effect, or a static that already started
    if sp.ab >= 0 and ly_has_lose_all(e, sp.ab):
        for i in range(r.n):
            if r.hs[i] == sp.source and r.ha[i] == sp.ab:
                return 0 if r.state[i] == 1 else 1
        return 0
    if sp.source == o:
        return 1 if lost_in(e, r, o, co) else 0
    layered(e, sp.source, &cs, 2)
    return 1 if lost_in(e, r, sp.source, &cs) else 0


cdef void layered(Engine* e, int32_t o, Chars* out, int32_t upto) noexcept nogil:
    """``o``'s characteristics after the stages 1..``upto`` of the layer system (see the
    top of this file)."""
    layered_ex(e, o, out, upto, NULL)


cdef void layered_ex(Engine* e, int32_t o, Chars* out, int32_t upto, int32_t* grants) noexcept nogil:
    """``layered``; with ``grants`` (upto >= 3) it also lists the abilities granted to ``o``
    in layer 6 (613.1f; grants.pxi): grants[0] = how many, grants[1..] their ability rows,
    in the order they apply (a later "loses all abilities" removes those before it)."""
    cdef LySource srcs[LY_MAX_ITEMS]
    cdef LyItem items[LY_MAX_ITEMS]
    cdef LoseAll lose
    cdef int32_t n_src = 0, n_it = 0, i, j, k, s, ab, stage, pick, best, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row = card_row(e, e.ob[o].card)
    cdef const int32_t* arow
    cdef LySource* sp
    cdef bint dep, on_bf = on_battlefield(e, o)
    out.types = row[CF_TYPES]
    out.subtypes = row[CF_SUBTYPES]
    out.colors = row[CF_COLORS]
    out.keywords = row[CF_KEYWORDS]
    out.power = row[CF_POWER]
    out.toughness = row[CF_TOUGHNESS]
    out.lost = 0
    if grants != NULL:
        grants[0] = 0
    # --- what may apply: statics (and attachments) of permanents, o's own CDAs, effects ---
    for i in range(e.zcount[bf] + 1):
        if i < e.zcount[bf]:
            s = zone_list(e, bf)[i]
            if e.ob[s].phased_out:
                continue
        elif on_bf:
            break
        else:
            s = o                                        # 604.3: o's CDAs work in every zone
        arow = card_row(e, e.ob[s].card)
        if on_bf and e.ob[s].attached_to == o and \
                (arow[CF_ATTACHED_KEYWORDS] or arow[CF_ATTACHED_POWER] or arow[CF_ATTACHED_TOUGHNESS]):
            if n_src >= LY_MAX_ITEMS or n_it + 2 > LY_MAX_ITEMS:
                abort_game(e, ABORT_LAYERS)
                return
            srcs[n_src].source = s; srcs[n_src].ab = -1; srcs[n_src].timestamp = e.ob[s].timestamp
            srcs[n_src].first = 3 if arow[CF_ATTACHED_KEYWORDS] else 6
            srcs[n_src].member = 1; srcs[n_src].dead = -1; srcs[n_src].cond = 1
            if arow[CF_ATTACHED_KEYWORDS]:
                items[n_it].src = n_src; items[n_it].stage = 3; items[n_it].code = LY_ADD_KEYWORDS
                items[n_it].a = arow[CF_ATTACHED_KEYWORDS]; items[n_it].b = 0; items[n_it].c = 0
                n_it += 1
            if arow[CF_ATTACHED_POWER] or arow[CF_ATTACHED_TOUGHNESS]:
                items[n_it].src = n_src; items[n_it].stage = 6; items[n_it].code = LY_PT_MODIFY
                items[n_it].a = arow[CF_ATTACHED_POWER]; items[n_it].b = arow[CF_ATTACHED_TOUGHNESS]
                items[n_it].c = 0
                n_it += 1
            n_src += 1
        if not (arow[CF_ABILITY_KINDS] & LY_KIND_BIT):
            continue
        for ab in range(arow[CF_ABILITY_START], arow[CF_ABILITY_START] + arow[CF_ABILITY_COUNT]):
            if ability_row(e, ab)[AF_KIND] != AB_STATIC or ability_row(e, ab)[AF_LY_SCOPE] == 0:
                continue
            if not on_bf and (ability_row(e, ab)[AF_LY_SCOPE] != LY_SCOPE_SELF or s != o):
                continue
            if on_bf and not ly_positional(e, ability_row(e, ab), s, o):
                continue
            if n_src >= LY_MAX_ITEMS or n_it + ability_row(e, ab)[AF_PROG_LEN] // 4 > LY_MAX_ITEMS:
                abort_game(e, ABORT_LAYERS)
                return
            sp = &srcs[n_src]
            sp.source = s; sp.ab = ab; sp.timestamp = e.ob[s].timestamp
            sp.first = ly_first_stage(e, ability_row(e, ab))
            sp.member = -1 if ability_row(e, ab)[AF_LY_SCOPE] == LY_SCOPE_PERMANENTS else 1
            sp.dead = -1
            sp.cond = -1 if ability_row(e, ab)[AF_LY_COND] else 1
            if not on_bf:
                # off the battlefield only o's characteristic-defining abilities work (604.3)
                sp.first = 4
            for k in range(ability_row(e, ab)[AF_PROG_START],
                           ability_row(e, ab)[AF_PROG_START] + ability_row(e, ab)[AF_PROG_LEN], 4):
                if ly_stage(e.prog[k]) == 0 or \
                        (not on_bf and e.prog[k] != LY_PT_CDA and e.prog[k] != LY_PT_CDA_COUNT):
                    continue
                items[n_it].src = n_src; items[n_it].stage = ly_stage(e.prog[k])
                items[n_it].code = e.prog[k]; items[n_it].a = e.prog[k + 1]
                items[n_it].b = e.prog[k + 2]; items[n_it].c = e.prog[k + 3]
                items[n_it].pc = k + 4           # a count change's LY_AMOUNT (amounts.pxi)
                items[n_it].source = s
                n_it += 1
            n_src += 1
    for i in range(e.h.effects_n):
        if e.eff[i].affected != o or e.eff[i].affected_inc != e.ob[o].incarnation:
            continue
        if e.eff[i].kind == EF_PT:
            k = LY_PT_MODIFY
        elif e.eff[i].kind == EF_KEYWORDS:
            k = LY_ADD_KEYWORDS
        elif e.eff[i].kind == EF_LAYER:
            k = e.eff[i].change
        else:
            continue
        if n_src >= LY_MAX_ITEMS or n_it >= LY_MAX_ITEMS:
            abort_game(e, ABORT_LAYERS)
            return
        srcs[n_src].source = -1; srcs[n_src].ab = -1; srcs[n_src].timestamp = e.eff[i].timestamp
        srcs[n_src].first = ly_stage(k); srcs[n_src].member = 1; srcs[n_src].dead = 0
        srcs[n_src].cond = 1
        items[n_it].src = n_src; items[n_it].stage = ly_stage(k); items[n_it].code = k
        items[n_it].a = e.eff[i].a; items[n_it].b = e.eff[i].b; items[n_it].c = 0
        n_it += 1
        n_src += 1
    for i in range(n_it):
        items[i].done = 0
    # --- the stages in order ---
    for stage in range(1, upto + 1):
        if stage == 6:
            # 7c also holds counters (613.4c); they need no order
            out.power += e.ob[o].plus1 - e.ob[o].minus1
            out.toughness += e.ob[o].plus1 - e.ob[o].minus1
        if stage == 3:
            lose_all_resolve(e, &lose)
            out.lost = 1 if lost_in(e, &lose, o, out) else 0
        while True:
            pick = -1
            best = -1
            for i in range(n_it):
                if items[i].done or items[i].stage != stage:
                    continue
                sp = &srcs[items[i].src]
                if stage >= 3 and sp.dead < 0:
                    sp.dead = ly_dead(e, sp, &lose, o, out)
                if stage >= 3 and sp.dead == 1:
                    items[i].done = 1
                    continue
                dep = False
                if stage <= 2:
                    for j in range(n_it):
                        if j != i and not items[j].done and items[j].stage == stage and \
                                ly_depends(e, o, out, srcs, &items[i], &items[j]):
                            dep = True
                            break
                if not dep and (pick < 0 or srcs[items[i].src].timestamp < srcs[items[pick].src].timestamp):
                    pick = i
                if best < 0 or srcs[items[i].src].timestamp < srcs[items[best].src].timestamp:
                    best = i
            if best < 0:
                break
            if pick < 0:
                pick = best                              # 613.8b: a dependency loop
            items[pick].done = 1
            if ly_in_set(e, o, out, &srcs[items[pick].src]):
                ly_apply(e, o, out, &items[pick])
                if grants != NULL and stage == 3:
                    record_grant(e, grants, &items[pick], srcs[items[pick].src].source)


# --- layer 2: control from static abilities ----------------------------------------------------

cdef inline bint ly_has_change(Engine* e, int32_t ab, int32_t code) noexcept nogil:
    cdef const int32_t* row = ability_row(e, ab)
    cdef int32_t k
    for k in range(row[AF_PROG_START], row[AF_PROG_START] + row[AF_PROG_LEN], 4):
        if e.prog[k] == code:
            return True
    return False


cdef bint static_control_holds(Engine* e, int32_t s, int32_t o) noexcept nogil:
    """Does a static ability of ``s`` ("You control enchanted creature") give control of
    ``o`` to ``s``'s controller now (611.3a: while ``s`` is on the battlefield, attached
    to ``o``, with its abilities)?"""
    cdef const int32_t* row
    cdef int32_t ab
    if s < 0 or not on_battlefield(e, s) or e.ob[s].attached_to != o or not on_battlefield(e, o):
        return False
    row = card_row(e, e.ob[s].card)
    if not (row[CF_ABILITY_KINDS] & LY_CONTROL_BIT) or lost_all_abilities(e, s):
        return False
    for ab in range(row[CF_ABILITY_START], row[CF_ABILITY_START] + row[CF_ABILITY_COUNT]):
        if ability_row(e, ab)[AF_KIND] == AB_STATIC and ability_row(e, ab)[AF_LY_SCOPE] \
                and ly_has_change(e, ab, LY_CONTROL):
            return True
    return False


cdef void refresh_static_control(Engine* e) noexcept nogil:
    """Layer 2 from static abilities (613.1b), kept in Obj.controller like the control
    effects of resolved spells (effects.pxi): each such ability has one EF_CONTROL effect
    (Effect.change = LY_CONTROL) while it applies; it begins when the ability starts to
    apply and ends when it stops (its source leaves or is moved, or loses its abilities),
    and control is then decided again by the control effects left, latest timestamp
    last (613.7).  Run before each state-based-action pass: every event that starts or
    stops such an ability (a permanent arriving or leaving, an attachment, a control
    change) marks the state dirty."""
    cdef int32_t i, j, k, s, o, ab, base, bf = zone_of(e, 0, Z_BATTLEFIELD)
    cdef const int32_t* row
    cdef bint found
    i = 0
    while i < e.h.effects_n:
        if e.eff[i].kind == EF_CONTROL and e.eff[i].change == LY_CONTROL:
            s = e.eff[i].source
            o = e.eff[i].affected
            if e.eff[i].affected_inc == e.ob[o].incarnation and not static_control_holds(e, s, o):
                base = control_base(e, o)
                for j in range(i, e.h.effects_n - 1):
                    e.eff[j] = e.eff[j + 1]
                e.h.effects_n -= 1
                reapply_control(e, o, base)
                continue
            if e.eff[i].affected_inc == e.ob[o].incarnation and e.eff[i].a != e.ob[s].controller:
                e.eff[i].a = e.ob[s].controller          # the Aura changed hands
                reapply_control(e, o, control_base(e, o))
        i += 1
    for i in range(e.zcount[bf]):
        s = zone_list(e, bf)[i]
        row = card_row(e, e.ob[s].card)
        if not (row[CF_ABILITY_KINDS] & LY_CONTROL_BIT):
            continue
        o = e.ob[s].attached_to
        if o < 0 or o >= TGT_PLAYER or not static_control_holds(e, s, o):
            continue
        found = False
        for k in range(e.h.effects_n):
            if e.eff[k].kind == EF_CONTROL and e.eff[k].change == LY_CONTROL and \
                    e.eff[k].source == s and e.eff[k].affected == o and \
                    e.eff[k].affected_inc == e.ob[o].incarnation:
                found = True
        if found:
            continue
        k = add_effect(e, EF_CONTROL, s, o, e.ob[s].controller, e.ob[o].controller,
                       DUR_PERMANENT, -1, e.ob[s].controller)
        if k < 0:
            return
        e.eff[k].change = LY_CONTROL
        set_controller(e, o, e.ob[s].controller)


cdef inline bint can_attack_or_tap_now(Engine* e, int32_t o) noexcept nogil:
    """302.6: a creature's {T} abilities need it to have been under its controller's
    control continuously since their most recent turn began, or haste (702.10)."""
    if not is_creature(e, o):
        return True
    return e.ob[o].sick == 0 or has_kw(e, o, KW_HASTE)
