# Counted amounts (608.2h, 604.3, 613.4): "for each [quality]", "where X is the number of
# ...", "~'s power and toughness are each equal to the number of ...", "~ gets +1/+1 for
# each ...".  One count expression (spec, types, subtypes: constants.pxi, AMT_*) read by
# the effect interpreter (OP_AMOUNT, counted as the effect resolves) and by the layer
# system (LY_PT_COUNT in 7c, LY_PT_CDA_COUNT in 7a; counted each time characteristics are
# computed, so the value is always the current one: the layer system keeps no cache).
#
# A count reads permanents' types, subtypes, colours and keywords (layers 4-6) and status
# (tapped, attacking, counters), never power or toughness of other objects, so a count used
# in layer 7 can't depend on itself.  A static ability with a count change also sets
# LY_COND_BIT on its card (api/tables.pxi, cards/card.py): the count may change without any event
# that marks the state-based actions dirty (a card drawn changes "cards in your hand"), so
# with one on the battlefield the check always runs (sba.pxi; debug builds verify skips).

cdef inline bint amount_matches(Engine* e, int32_t x, int32_t spec, int32_t types,
                                int32_t subtypes, int32_t source) noexcept nogil:
    """Does permanent ``x`` pass the filter of a count (its types, subtypes, colours,
    keyword, status and the AMT_ flags)?"""
    cdef int32_t colors = (spec >> AMT_COLOR_SHIFT) & 31, kw = (spec >> AMT_KW_SHIFT) & 31
    cdef int32_t sup
    if (spec & AMT_OTHER) and x == source:
        return False
    if types and not (obj_types(e, x) & types):
        return False
    if subtypes and not ((card_row(e, e.ob[x].card)[CF_COUNT_SUBTYPES] if spec & AMT_PRINTED
                          else obj_subtypes(e, x)) & subtypes):
        return False
    if colors and not (obj_colors(e, x) & colors):
        return False
    if kw and not has_kw(e, x, 1 << (kw - 1)):
        return False
    if spec & (AMT_ATTACKING | AMT_BLOCKING | AMT_TAPPED | AMT_UNTAPPED | AMT_PLUS1):
        if (spec & AMT_ATTACKING) and not is_attacking(e, x):
            return False
        if (spec & AMT_BLOCKING) and not is_blocking(e, x):
            return False
        if (spec & AMT_TAPPED) and not e.ob[x].tapped:
            return False
        if (spec & AMT_UNTAPPED) and e.ob[x].tapped:
            return False
        if (spec & AMT_PLUS1) and e.ob[x].plus1 <= 0:
            return False
    if spec & (AMT_LEGENDARY | AMT_BASIC | AMT_NONBASIC | AMT_SNOW | AMT_NAMED):
        sup = card_row(e, e.ob[x].card)[CF_SUPERTYPES]
        if (spec & AMT_LEGENDARY) and not (sup & ST_LEGENDARY):
            return False
        if (spec & AMT_BASIC) and not (sup & ST_BASIC):
            return False
        if (spec & AMT_NONBASIC) and (sup & ST_BASIC):
            return False
        if (spec & AMT_SNOW) and not (sup & ST_SNOW):
            return False
        if (spec & AMT_NAMED) and card_row(e, e.ob[x].card)[CF_NAME_ID] != \
                card_row(e, e.ob[source].card)[CF_NAME_ID]:
            return False
    return True


cdef inline bint amount_card_matches(Engine* e, int32_t x, int32_t spec, int32_t types,
                                     int32_t subtypes, int32_t source) noexcept nogil:
    """A card in a graveyard, hand or library: its printed types, subtypes and colours."""
    cdef const int32_t* row = card_row(e, e.ob[x].card)
    cdef int32_t colors = (spec >> AMT_COLOR_SHIFT) & 31
    if types and not (row[CF_TYPES] & types):
        return False
    if subtypes and not (row[CF_COUNT_SUBTYPES if spec & AMT_PRINTED else CF_SUBTYPES] & subtypes):
        return False
    if colors and not (row[CF_COLORS] & colors):
        return False
    if (spec & AMT_NAMED) and row[CF_NAME_ID] != card_row(e, e.ob[source].card)[CF_NAME_ID]:
        return False
    return True


cdef int32_t amount_count(Engine* e, int32_t spec, int32_t types, int32_t subtypes,
                          int32_t controller, int32_t source, StackItem* si) noexcept nogil:
    """The value of a count now, seen from ``controller`` ("you") with ``source`` the object
    whose ability it is (608.2h; 604.3 and 613.4 for the layer system, ``si`` NULL)."""
    cdef int32_t kind = spec & AMT_KIND_MASK, i, x, p, z, n = 0, pw = 0, tg = 0
    cdef int32_t bf = zone_of(e, 0, Z_BATTLEFIELD)
    if spec & AMT_NONE:
        return 0
    if kind == AMT_LIFE:
        return e.pl[controller].life
    if kind == AMT_OPPONENT_PLAYERS:
        for p in range(e.h.n_players):
            if p != controller and e.pl[p].in_game:
                n += 1
        return n
    if kind == AMT_POWER or kind == AMT_TOUGHNESS or kind == AMT_TARGET_POWER:
        x = source
        if kind == AMT_TARGET_POWER:
            # the target as it is now (608.2h); an illegal or gone target counts 0 (608.2b)
            if si == NULL or si.n_targets < 1 or not 0 <= si.targets[0] < TGT_PLAYER:
                return 0
            x = si.targets[0]
        if x < 0 or not on_battlefield(e, x):
            return 0
        power_toughness(e, x, &pw, &tg)
        return tg if kind == AMT_TOUGHNESS else pw
    if kind == AMT_COUNTERS:
        if source < 0 or not on_battlefield(e, source):
            return 0
        if types == CTR_PLUS1:
            return e.ob[source].plus1
        if types == CTR_MINUS1:
            return e.ob[source].minus1
        return e.ob[source].loyalty
    if kind == AMT_HAND or kind == AMT_LIBRARY or kind == AMT_GRAVEYARD or kind == AMT_ALL_GRAVEYARDS:
        for p in range(e.h.n_players):
            if kind != AMT_ALL_GRAVEYARDS and p != controller:
                continue
            z = zone_of(e, p, Z_HAND if kind == AMT_HAND else
                        (Z_LIBRARY if kind == AMT_LIBRARY else Z_GRAVEYARD))
            if not (types or subtypes or (spec & ~AMT_KIND_MASK)):
                n += e.zcount[z]
                continue
            for i in range(e.zcount[z]):
                if amount_card_matches(e, zone_list(e, z)[i], spec, types, subtypes, source):
                    n += 1
        return n
    for i in range(e.zcount[bf]):
        x = zone_list(e, bf)[i]
        if e.ob[x].phased_out:
            continue
        if kind == AMT_YOURS and e.ob[x].controller != controller:
            continue
        if kind == AMT_OPPONENTS and e.ob[x].controller == controller:
            continue
        if kind == AMT_ATTACHED and (source < 0 or e.ob[x].attached_to != source):
            continue
        if amount_matches(e, x, spec, types, subtypes, source):
            n += 1
    return n


cdef void ly_apply_count(Engine* e, int32_t o, Chars* c, LyItem* it) noexcept nogil:
    """A count change of the layer system (characteristics.pxi, ly_apply): LY_PT_COUNT
    (7c, 613.4c: +a/+b for each counted) or LY_PT_CDA_COUNT (7a, 604.3: power and/or
    toughness equal to the count).  "You" is the controller of the ability's source."""
    cdef const int32_t* q = e.prog + it.pc              # LY_AMOUNT, spec, types, subtypes
    cdef int32_t n = amount_count(e, q[1], q[2], q[3], e.ob[it.source].controller, it.source, NULL)
    cdef int64_t p, t
    if it.code == LY_PT_CDA_COUNT:
        if it.c & 1:
            c.power = n
        if it.c & 2:
            c.toughness = n + (it.c >> 8)
        return
    p = <int64_t>it.a * n
    t = <int64_t>it.b * n
    if p > AMOUNT_MAX or p < -AMOUNT_MAX or t > AMOUNT_MAX or t < -AMOUNT_MAX:
        abort_game(e, ABORT_RANGE)                   # a characteristic stays in its domain
        return
    c.power += <int32_t>p
    c.toughness += <int32_t>t
