# The State object: one game's buffer and the card tables it refers to, with every call
# Python makes on a game.  Everything here validates its input once, then hands plain
# buffers to the kernels.

from cpython.pycapsule cimport PyCapsule_New, PyCapsule_GetPointer


def _check_may_enter(int types, int kind):
    """304.4 / 307.4: an instant or sorcery can't enter the battlefield."""
    if kind == Z_BATTLEFIELD and types & (T_INSTANT | T_SORCERY):
        raise RuleError("an instant or sorcery can't enter the battlefield",
                        "304.4" if types & T_INSTANT else "307.4")



cdef void _set_caps(Header* h, int n_players, int flags, caps):
    h.n_players = n_players
    h.n_zones = n_players * 3 + 3
    h.flags = flags
    h.cap = caps["cap"]
    h.player_zone_cap = caps["player_zone_cap"]
    h.stack_cap = caps["stack_cap"]
    h.effect_cap = caps["effect_cap"]
    h.trigger_cap = caps["trigger_cap"]
    h.delayed_cap = caps["delayed_cap"]
    h.pair_cap = caps["pair_cap"]
    h.grow_objects = caps.get("grow_objects", 0)


# The capacities in a header and their largest values (None: the object capacity).
_CAP_LIMITS = {"player_zone_cap": None, "stack_cap": STACK_CAP, "effect_cap": EFFECT_CAP,
               "trigger_cap": TRIGGER_CAP, "delayed_cap": DELAYED_CAP, "pair_cap": PAIR_CAP}


def layout_size(header):
    """Words of a state buffer whose header (a dict of HEADER_FIELDS) has these counts,
    capacities and flags."""
    cdef Header h
    _set_caps(&h, header["n_players"], header["flags"], header)
    return layout_ints(&h)


def _new_buffer(int n_players, int flags, caps):
    """A zeroed state buffer with its header's counts, capacities (``caps``: cap,
    player_zone_cap, the *_cap fields, grow_objects) and size filled in."""
    cdef Header tmp
    _set_caps(&tmp, n_players, flags, caps)
    buf = np.zeros(layout_ints(&tmp), dtype=np.int32)
    cdef Header* h = <Header*>cnp.PyArray_DATA(buf)
    _set_caps(h, n_players, flags, caps)
    h.total_ints = layout_ints(h)
    return buf


cdef class State:
    """One game state: a single int32 buffer plus the card tables it refers to.

    Built by :meth:`new_game`; copied by :meth:`clone` (one memcpy).  ``mtg_core.Game``
    is the friendly wrapper; this class is the thin compiled layer under it.
    """
    cdef Engine e
    cdef readonly object buffer
    cdef readonly CardTables tables
    # 1 while a call that changes the state or releases the GIL runs (not part of the state:
    # clones, equality and saves don't see it); see ConcurrentUseError.
    cdef int busy

    cdef int _check_idle(self) except -1:
        """Raise ConcurrentUseError while another thread's call on this state runs."""
        if self.busy:
            raise ConcurrentUseError(
                "this game is in use by another thread (one game, one thread at a time: "
                "see README, \"Threads\")")
        return 0

    cdef int _enter(self) except -1:
        """Mark the state in use for a call that changes it or releases the GIL; the
        caller clears ``busy`` when done (try/finally)."""
        self._check_idle()
        self.busy = 1
        return 0

    def __dealloc__(self):
        if self.e.log != NULL:
            free(self.e.log)
            self.e.log = NULL
        if self.e.base_owned:                   # grown and never adopted (growth.pxi)
            free(self.e.base)
            self.e.base_owned = 0

    cdef inline void _adopt(self):
        """After a call into the core: if it grew the buffer (growth.pxi), a numpy array
        takes the new one over (freed with the array) and becomes ``buffer``."""
        if self.e.base_owned:
            self._adopt_grown()

    cdef void _adopt_grown(self):
        cdef cnp.npy_intp n = self.e.h.total_ints
        arr = cnp.PyArray_SimpleNewFromData(1, &n, cnp.NPY_INT32, <void*>self.e.base)
        cnp.set_array_base(arr, PyCapsule_New(<void*>self.e.base, NULL, _free_grown))
        self.e.base_owned = 0
        self.buffer = arr

    cdef void _bind(self, object buf, CardTables tables):
        cdef int32_t[::1] view = buf
        self.buffer = buf
        self.tables = tables
        bind(&self.e, &view[0])
        cdef const int32_t[:, ::1] cv = tables.cards
        cdef const int32_t[:, ::1] av = tables.abilities
        cdef const int32_t[::1] pv = tables.program
        self.e.cards = &cv[0, 0]
        self.e.abil = &av[0, 0]
        self.e.prog = &pv[0]
        self.e.n_cards = cv.shape[0]
        self.e.n_abilities = av.shape[0]
        self.e.prog_len = pv.shape[0]
        self.e.log = NULL
        self.e.log_len = 0
        self.e.log_cap = 0
        self.e.log_on = 0
        self.e.base_owned = 0
        self.busy = 0

    @staticmethod
    def new_game(CardTables tables, decks, uint64_t seed, int starting_player=-1,
                 bint mulligans=True, int max_turns=0, int life=20, int token_room=-1,
                 bint log=False, bint skip_first_draw=True, int edition=EDITION_SEED,
                 int attack_option=0, int sizing=SIZING_SMALL):
        """A new game: ``decks`` is one int sequence of card rows per seat (turn order);
        ``edition`` is the rules edition (EDITION_SEED, EDITION_CURRENT, EDITION_CLASSIC);
        ``attack_option`` who may be attacked in multiplayer (506.2a): 0 every opponent,
        else one of GF_ATTACK_CHOSEN (507.1), GF_ATTACK_LEFT, GF_ATTACK_RIGHT (803).
        ``token_room`` is the number of spare object rows; -1 (default): as many as the
        cards may need, and scenario edits grow the table (see game_capacities).
        ``sizing`` (SIZING_*) picks the tables' starting sizes; they grow during play."""
        cdef State st = State._unshuffled(tables, decks, starting_player, mulligans, max_turns,
                                          life, token_room, log, skip_first_draw, edition,
                                          attack_option, sizing)
        with nogil:
            begin_game(&st.e, seed, starting_player)
        st._adopt()
        return st

    @staticmethod
    cdef State _unshuffled(CardTables tables, decks, int starting_player, bint mulligans,
                           int max_turns, int life, int token_room, bint log,
                           bint skip_first_draw, int edition, int attack_option,
                           int sizing=SIZING_SMALL):
        """``new_game`` up to the first use of the seed: checked arguments, the buffer, the
        libraries in deck order.  ``begin_game`` then seeds and starts it; a batch of games
        (play_random_games) copies one such state per game instead of building it again."""
        cdef int32_t n_players = len(decks), cap, p, o, k, flags
        cdef State st
        cdef Engine* e
        if not 2 <= n_players <= MAX_PLAYERS:
            raise EngineError(f"a game has 2 to {MAX_PLAYERS} players, not {n_players}")
        decks = [np.asarray(d, dtype=np.int64) for d in decks]
        for d in decks:
            if d.ndim != 1 or (d.size and (d.min() < 0 or d.max() >= tables.n_cards)):
                raise EngineError("a deck names a card row outside the card table")
        if token_room < -1:
            raise EngineError(f"the spare room is at least 0 (or -1: sized from the cards), not {token_room}")
        caps = game_capacities(tables, decks, token_room, sizing)
        cap = caps["cap"]
        if cap >= TGT_PLAYER:
            raise EngineError(f"too many objects for one game ({cap}); the limit is {TGT_PLAYER - 1}")
        if starting_player >= n_players:
            raise EngineError(f"no seat {starting_player} in a {n_players}-player game")
        if edition not in (EDITION_SEED, EDITION_CURRENT, EDITION_CLASSIC):
            raise EngineError(f"no rules edition {edition}")
        if attack_option not in (0, GF_ATTACK_CHOSEN, GF_ATTACK_LEFT, GF_ATTACK_RIGHT):
            raise EngineError(f"no multiplayer attack option {attack_option} (506.2a)")
        if not 1 <= life <= AMOUNT_MAX or not 0 <= max_turns <= TURN_MAX:
            raise EngineError(f"starting life must be 1..{AMOUNT_MAX}, the turn limit "
                              f"0..{TURN_MAX} and the spare room at least 0")
        flags = (GF_MULLIGANS if mulligans else 0) | (0 if skip_first_draw else GF_NO_FIRST_DRAW_SKIP) \
            | (GF_EDITION_CURRENT if edition == EDITION_CURRENT else 0) \
            | (GF_EDITION_CLASSIC if edition == EDITION_CLASSIC else 0) | attack_option
        st = State.__new__(State)
        buf = _new_buffer(n_players, flags, caps)
        st._bind(buf, tables)
        e = &st.e
        e.log_on = 1 if log else 0
        e.h.version = STATE_VERSION
        e.h.result = R_ONGOING
        e.h.winner = -1
        e.h.max_turns = max_turns
        e.h.casting = -1
        e.h.prev_active = -1                     # faces: no previous turn yet
        e.h.flags = flags
        for p in range(n_players):
            e.pl[p].life = life
            e.pl[p].in_game = 1
            e.pl[p].max_hand = 7                 # 402.2
            e.pl[p].land_plays = 1               # 305.2
        for p in range(n_players):
            for k in range(decks[p].size):
                o = new_object(e, decks[p][k], p, False)
                e.ob[o].zone = zone_of(e, p, Z_LIBRARY)
                zone_push(e, e.ob[o].zone, o)
        for k in range(e.h.n_objects, cap):
            e.ob[k].zone = -1
            e.ob[k].attached_to = -1
        e.h.open_phase_serial = -1
        e.h.sba_dirty = 1
        e.h.no_fast_in_hand = 1              # every card is in a library
        return st

    # --- copying, comparing, saving ------------------------------------------------------

    def clone(self):
        """An independent copy: one memcpy of the buffer (the log is not copied)."""
        self._check_idle()
        return self._copy()

    cdef State _copy(self):
        cdef State st = State.__new__(State)
        cdef cnp.npy_intp n = cnp.PyArray_SIZE(self.buffer)
        buf = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT32, 0)
        memcpy(cnp.PyArray_DATA(buf), cnp.PyArray_DATA(self.buffer), n * 4)
        # _bind without its memoryviews (they cost more than the memcpy of a whole state):
        # the same card tables, already checked, so the same table pointers
        st.buffer = buf
        st.tables = self.tables
        bind(&st.e, <int32_t*>cnp.PyArray_DATA(buf))
        st.e.cards = self.e.cards
        st.e.abil = self.e.abil
        st.e.prog = self.e.prog
        st.e.n_cards = self.e.n_cards
        st.e.n_abilities = self.e.n_abilities
        st.e.prog_len = self.e.prog_len
        st.e.log = NULL
        st.e.log_len = 0
        st.e.log_cap = 0
        st.e.log_on = 0
        st.e.base_owned = 0
        st.busy = 0
        return st

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        cdef State o = other
        if o.tables is not self.tables and o.tables.fingerprint != self.tables.fingerprint:
            return False
        if cnp.PyArray_SIZE(o.buffer) != cnp.PyArray_SIZE(self.buffer):
            return False
        return memcmp(cnp.PyArray_DATA(o.buffer), cnp.PyArray_DATA(self.buffer),
                      cnp.PyArray_SIZE(self.buffer) * 4) == 0

    def __hash__(self):
        return hash(self.buffer.tobytes())

    def to_bytes(self):
        self._check_idle()
        return self.buffer.tobytes()

    @staticmethod
    def from_buffer(CardTables tables, data):
        """Rebuild a state from the bytes of its buffer, checking every invariant the core
        relies on; raises EngineError naming the first one broken."""
        cdef State st
        if len(data) % 4 or len(data) < sizeof(Header):
            raise EngineError("state buffer is truncated")
        buf = np.frombuffer(data, dtype=np.int32).copy()
        hdr = buf[:header_ints()]
        names = HEADER_FIELDS
        h = dict(zip(names, hdr.tolist()))
        if h["version"] != STATE_VERSION:
            raise EngineError(f"state layout version {h['version']}, expected {STATE_VERSION}")
        if not 2 <= h["n_players"] <= MAX_PLAYERS:
            raise EngineError(f"corrupt state: {h['n_players']} players")
        if not 0 < h["cap"] < TGT_PLAYER:
            raise EngineError(f"corrupt state: object capacity {h['cap']}")
        if h["n_zones"] != h["n_players"] * 3 + 3:
            raise EngineError("corrupt state: zone count does not match the player count")
        if h["flags"] & GF_EDITION_MASK == GF_EDITION_MASK:     # the edition sizes the layout
            raise EngineError("corrupt state: two rules editions at once (flags "
                              "GF_EDITION_CURRENT and GF_EDITION_CLASSIC)")
        for name, most in _CAP_LIMITS.items():                   # they size the layout
            if not 0 <= h[name] <= (h["cap"] if most is None else most):
                raise EngineError(f"corrupt state: capacity {name} is {h[name]}, outside "
                                  f"0..{h['cap'] if most is None else most}")
        need = layout_size(h)
        if h["total_ints"] != need or buf.size != h["total_ints"]:
            raise EngineError(f"state buffer has {buf.size} words, its header says "
                              f"{h['total_ints']}, its layout needs {need} (from n_players, the "
                              "capacities and the rules edition in flags)")
        st = State.__new__(State)
        st._bind(buf, tables)
        problem = st._validate()
        if problem:
            raise EngineError("corrupt state: " + problem)
        return st

    def _validate(self):
        """Return a description of the first broken invariant (see validate.pxi), or None."""
        return check_state(self)

    # --- decisions ------------------------------------------------------------------------

    @property
    def decision(self):
        """(kind, deciding seat, context) of the pending decision."""
        return (self.e.h.decision, self.e.h.decider, self.e.h.dctx0)

    def legal_actions(self):
        """Legal answers to the pending decision as an int32 array of action codes (all of
        them: a decision may have more than MAX_ACTIONS)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t n, i
        cdef int32_t[::1] ov
        # A query, short and bounded: it keeps the GIL (releasing it would cost more than
        # most queries take), so no other thread can start on this state meanwhile.
        self._check_idle()
        n = legal_actions(&self.e, buf, MAX_ACTIONS)
        out = np.empty(n, dtype=np.int32)
        ov = out
        if n <= MAX_ACTIONS:
            for i in range(n):
                ov[i] = buf[i]
        else:
            legal_actions(&self.e, &ov[0], n)
        return out

    def apply(self, action):
        """Apply a legal action (an int action code) and advance to the next decision.
        Returns 0, or an error code (E_*) with the state left exactly as it was.  Anything
        but an int raises TypeError (a str, bytes, float or bool is never an action)."""
        cdef int32_t err, code
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action code is an int, not {type(action).__name__}")
        if not -2**31 <= action < 2**31:
            return E_BAD_CHOICE
        code = action
        self._enter()
        try:
            with nogil:
                err = apply_checked(&self.e, code)
        finally:
            self._adopt()
            self.busy = 0
        return err

    def concede(self, int p):
        if not 0 <= p < self.e.h.n_players:
            raise EngineError(f"no seat {p}")
        self._enter()
        try:
            with nogil:
                concede(&self.e, p)
        finally:
            self._adopt()
            self.busy = 0

    def play_random(self, uint64_t seed, bint include_mana=False):
        """Finish the game under the uniform-random policy, GIL released.  Returns the
        number of decisions taken."""
        cdef uint32_t rng[4]
        cdef int32_t n
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            with nogil:
                n = play_out(&self.e, rng, include_mana)
        finally:
            self._adopt()
            self.busy = 0
        return n

    def play_policies(self, policies, uint64_t seed, uint64_t game=0, search=None):
        """Finish the game, seat p deciding by ``policies[p]`` (POL_*; one entry is used for
        every seat) with the stream play_games gives seat p in game ``game`` of a batch
        seeded ``seed``, GIL released; a POL_ISMCTS seat searches with its ``search``
        parameters (as play_games takes them).  Returns (decisions taken, END_*)."""
        cdef int32_t n = self.e.h.n_players, p, steps, end = 0
        cdef int32_t pol[MAX_PLAYERS]
        cdef SearchParams sp[MAX_PLAYERS]
        cdef uint32_t rngs[4 * MAX_PLAYERS]
        fill_seat_policies(policies, search, n, pol, sp)
        for p in range(n):
            seat_stream(rngs + 4 * p, seed, game, p)
        self._enter()
        try:
            with nogil:
                steps = play_policies(&self.e, rngs, pol, &end, sp)
        finally:
            self._adopt()
            self.busy = 0
        return steps, end

    def ismcts(self, uint64_t seed=0, search=None):
        """Search the pending decision with ISMCTS (play/ismcts.pxi), GIL released; the
        state is unchanged and is read only as the deciding seat sees it (every
        iteration determinizes it first).  ``search``: a dict of SEARCH_DEFAULTS keys
        (iters, time_ms, c, rollout, decay, max_nodes, threads, horizon, bias).  With an
        iteration budget the answer depends only on what the decider sees, ``seed``, the
        parameters and the thread count.

        Returns a dict: "action" (the most visited answer, -1 if no decision is pending),
        "actions" (int32: the answers searched, the engine's legal actions without mana
        abilities on their own, in its order), "visits" (int64) and "values" (float64: the
        decider's mean reward) per answer, "iterations", "nodes" (all trees),
        "max_tree_nodes", "full" (a tree reached max_nodes), "bytes" (node arrays and
        scratch states), "playout_decisions" and "seconds"."""
        cdef SearchParams sp
        cdef SearchOut out
        cdef int32_t act, i
        fill_search_params(search, &sp)
        acts = np.zeros(MAX_ACTIONS, dtype=np.int32)
        visits = np.zeros(MAX_ACTIONS, dtype=np.int64)
        values = np.zeros(MAX_ACTIONS, dtype=np.float64)
        cdef int32_t[::1] av = acts
        cdef int64_t[::1] vv = visits
        cdef double[::1] qv = values
        self._enter()
        try:
            with nogil:
                act = ismcts_search(&self.e, &sp, seed, &av[0], &vv[0], &qv[0], &out)
        finally:
            self.busy = 0
        return {"action": int(act), "actions": acts[:out.n].copy(), "visits": visits[:out.n].copy(),
                "values": values[:out.n].copy(), "iterations": int(out.iterations),
                "nodes": int(out.nodes), "max_tree_nodes": int(out.max_tree_nodes),
                "full": bool(out.full), "bytes": int(out.bytes),
                "playout_decisions": int(out.playout_decisions), "seconds": float(out.seconds)}

    def policy_action(self, int policy, uint64_t seed):
        """The action code policy ``policy`` (POL_*) would take now for the deciding seat,
        drawing from a stream seeded with ``seed`` (the state is not changed), or -1 if there
        is no decision.  POL_RANDOM answers a declaration pair by pair."""
        cdef uint32_t rng[4]
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t act
        if policy not in (POL_RANDOM, POL_HEURISTIC):
            raise EngineError(f"no policy {policy} (POL_RANDOM or POL_HEURISTIC)")
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            with nogil:
                act = policy_action(&self.e, policy, rng, buf)
        finally:
            self._adopt()
            self.busy = 0
        return act

    def random_action(self, uint64_t seed, bint include_mana=False):
        """A uniformly random legal action code (seeded), or -1 if there is none."""
        cdef uint32_t rng[4]
        cdef int32_t buf[MAX_ACTIONS]
        cdef int32_t act
        mtg_rng_seed(rng, seed)
        self._enter()
        try:
            act = random_action(&self.e, rng, buf, include_mana)
        finally:
            self._adopt()
            self.busy = 0
        return act

    def advance(self):
        self._enter()
        try:
            with nogil:
                advance(&self.e)
        finally:
            self._adopt()
            self.busy = 0

    def check_state_based_actions(self):
        """Run the 704.3 loop now (scenario set-ups call this after editing).  Returns the
        number of actions performed, or -1 if a choice (legend rule) is pending."""
        cdef int32_t n
        self._enter()
        try:
            self.e.h.sba_dirty = 1
            with nogil:
                n = check_sba(&self.e)
                decider_left(&self.e)
        finally:
            self._adopt()
            self.busy = 0
        return n

    # --- reading the state ---------------------------------------------------------------

    # The header fields Python asks for on every call, without building a dict.
    @property
    def turn(self):
        return self.e.h.turn

    @property
    def active(self):
        return self.e.h.active

    @property
    def step(self):
        return self.e.h.step

    @property
    def phase(self):
        return self.e.h.phase

    @property
    def result(self):
        return self.e.h.result

    @property
    def winner(self):
        return self.e.h.winner

    @property
    def n_players(self):
        return self.e.h.n_players

    @property
    def n_objects(self):
        return self.e.h.n_objects

    @property
    def casting(self):
        return self.e.h.casting

    @property
    def edition(self):
        """The rules edition chosen at game creation (EDITION_*)."""
        return edition_of(&self.e)

    def header(self):
        return dict(zip(HEADER_FIELDS, self.buffer[:header_ints()].tolist()))

    def sections(self):
        """Numpy views (no copies) of each section of the buffer."""
        cdef Engine* e = &self.e
        cdef char* base = <char*>e.base
        def view(Py_ssize_t byte_offset, rows, cols):
            start = byte_offset // 4
            return self.buffer[start:start + rows * cols].reshape(rows, cols)
        np_, cap, nz = e.h.n_players, e.h.cap, e.h.n_zones
        return {
            "header": self.buffer[:header_ints()],
            "players": view(<char*>e.pl - base, np_, len(PLAYER_FIELDS)),
            "objects": view(<char*>e.ob - base, 1, cap * sizeof(Obj) // 4)[0].view(OBJ_DTYPE),
            "zone_counts": view(<char*>e.zcount - base, 1, nz)[0],
            "zone_lists": view(<char*>e.zlist - base, 1, zone_slots(e.h))[0],
            "stack": view(<char*>e.stack - base, e.h.stack_cap, len(STACK_FIELDS)),
            "effects": view(<char*>e.eff - base, e.h.effect_cap, len(EFFECT_FIELDS)),
            "triggers": view(<char*>e.trig - base, e.h.trigger_cap, len(TRIGGER_FIELDS)),
            "delayed": view(<char*>e.dly - base, e.h.delayed_cap, len(DELAYED_FIELDS)),
            "plan": view(<char*>e.plan - base, 1, PLAN_CAP)[0],
            "pairs": view(<char*>e.pairs - base, e.h.pair_cap, len(PAIR_FIELDS)),
            "combat_damage": view(<char*>e.cd - base, combat_damage_cap(e.h.flags, cap),
                                  len(COMBAT_DAMAGE_FIELDS)),
        }

    def zone_offsets(self):
        """Where each zone's list is in ``sections()["zone_lists"]``: zone z's slots are
        ``[offsets[z], offsets[z + 1])`` (a library, hand or graveyard has player_zone_cap
        slots, the battlefield, the stack and exile cap each); its objects, bottom to top,
        are the first ``zone_counts[z]``."""
        cdef int32_t z
        out = np.empty(self.e.h.n_zones + 1, dtype=np.int64)
        for z in range(self.e.h.n_zones):
            out[z] = self.e.zoff[z]
        out[self.e.h.n_zones] = zone_slots(self.e.h)
        return out

    def zone(self, int kind, int player=0):
        """Object indices in a zone, bottom to top."""
        cdef int32_t z, i
        if not Z_LIBRARY <= kind <= Z_EXILE or not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no zone {kind} for seat {player}")
        z = zone_of(&self.e, player, kind)
        return [zone_list(&self.e, z)[i] for i in range(self.e.zcount[z])]

    def zone_kind_of(self, int o):
        self._check_obj(o)
        return zone_kind(&self.e, self.e.ob[o].zone)

    def power_toughness(self, int o):
        cdef int32_t p, t
        self._check_obj(o)
        power_toughness(&self.e, o, &p, &t)
        return p, t

    def keywords(self, int o):
        self._check_obj(o)
        return keywords_of(&self.e, o)

    def characteristics(self, int o):
        """``o``'s characteristics after the layer system (613): card types (T_* bits),
        subtypes (CF_SUBTYPES bits), colours (bit C_*), keywords (KW_*), power, toughness
        and whether it lost all abilities (layer 6)."""
        cdef Chars c
        self._check_obj(o)
        if layers_may_apply(&self.e, o):
            layered(&self.e, o, &c, 7)
        else:
            c.types = obj_types(&self.e, o)
            c.subtypes = obj_subtypes(&self.e, o)
            c.colors = obj_colors(&self.e, o)
            c.keywords = keywords_of(&self.e, o)
            power_toughness(&self.e, o, &c.power, &c.toughness)
            c.lost = 0
        return {"types": c.types, "subtypes": c.subtypes, "colors": c.colors,
                "keywords": c.keywords, "power": c.power, "toughness": c.toughness,
                "lost_all_abilities": bool(c.lost)}

    def can_pay(self, int player, cost, int hybrid=0):
        """Could ``player`` pay ``cost`` = [generic, W, U, B, R, G, C] now (601.2h)?
        ``hybrid``: its hybrid pips too, a word of colour pairs (hybrid.pxi, 107.4e)."""
        cdef int32_t c[7]
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        if len(cost) != 7 or min(cost) < 0:
            raise EngineError("a cost is 7 non-negative numbers: generic, W, U, B, R, G, C")
        if hybrid_word_problem(hybrid) is not None:
            raise EngineError(f"hybrid pips {hybrid}: {hybrid_word_problem(hybrid)}")
        for i in range(7):
            c[i] = cost[i]
        return bool(can_pay_h(&self.e, player, c, hybrid, -1))

    def _check_obj(self, int o):
        if not 0 <= o < self.e.h.n_objects:
            raise EngineError(f"no object {o}")

    # --- editing (scenario set-up) ----------------------------------------------------------

    def create_object(self, int card, int owner, int zone_kind_, bint token=False,
                      int controller=-1, int attach_to=-1):
        """Add a new object (a card brought in for a scenario, or a token).  Onto the
        battlefield it enters under ``controller`` (default: its owner), attached to
        ``attach_to`` if given (see :meth:`move`); an Aura that can't enchant that isn't
        created (303.4i) and RuleError is raised.  Like every scenario edit, it is undone
        and raises if the state would break an invariant."""
        cdef Engine* e = &self.e
        if e.h.n_objects >= e.h.cap and not e.h.grow_objects:
            raise CapacityExceeded("object table is full")
        if e.h.n_objects + 1 >= TGT_PLAYER:
            raise CapacityExceeded(f"object table is full (the limit is {TGT_PLAYER - 1} objects)")
        if not 0 <= card < e.n_cards or not 0 <= owner < e.h.n_players:
            raise EngineError("bad card row or owner")
        self._check_zone_kind(zone_kind_)
        _check_may_enter(card_row(e, card)[CF_TYPES], zone_kind_)
        return self._edit(self._create, card, owner, zone_kind_, token, controller, attach_to)

    def _room_for(self, int card, int owner, bint token, int kind):
        """The capacities a new object of ``card`` needs (state.pxi "Capacities"): a row
        (grow_objects) and a slot in its owner's zones; the tables its card may use grow as
        it uses them (growth.pxi)."""
        cdef Engine* e = &self.e
        needs = int(self.tables.needs[card])
        want = {}
        if e.h.grow_objects:
            spare = GROW_FIRST_ROWS if needs & NEED_TOKENS else 0
            if e.h.n_objects + 1 + spare > e.h.cap:
                want["cap"] = min(e.h.n_objects + 1 + spare, TGT_PLAYER - 1)
            if not token or kind <= Z_GRAVEYARD:
                objs = self.sections()["objects"][:e.h.n_objects]
                mine = objs["owner"] == owner
                zones = objs["zone"]
                held = int((mine & ((objs["token"] == 0)
                                    | ((zones >= 0) & (zones < 3 * e.h.n_players)))).sum())
                if held + 1 > e.h.player_zone_cap:
                    want["player_zone_cap"] = held + 1
        if want:
            self._relayout(want)

    def reserve(self, **caps):
        """Grow the capacities of this state's tables (state.pxi "Capacities") to at least
        ``caps`` (cap, player_zone_cap, stack_cap, effect_cap, trigger_cap, delayed_cap,
        pair_cap): a scenario edit, for set-ups that write rows by hand.  The buffer is
        replaced: views from sections() taken before no longer show the state."""
        h = self.header()
        for name, value in caps.items():
            most = (TGT_PLAYER - 1 if name == "cap" else
                    _CAP_LIMITS.get(name, -1) if name != "player_zone_cap" else TGT_PLAYER - 1)
            if name not in ("cap",) + tuple(_CAP_LIMITS) or not isinstance(value, int) \
                    or not 0 <= value <= most:
                raise EngineError(f"no capacity {name}={value!r} (see state.pxi, Capacities)")
        self._edit(self._relayout, caps)

    def _relayout(self, want):
        """Grow capacities to ``want`` ({name: value}; never smaller): a new buffer with
        every section copied over (a scenario edit, never during play)."""
        cdef State tmp
        h = self.header()
        caps = {k: max(h[k], want.get(k, 0)) for k in ("cap",) + tuple(_CAP_LIMITS) + ("grow_objects",)}
        caps["player_zone_cap"] = min(caps["player_zone_cap"], caps["cap"])
        buf = _new_buffer(h["n_players"], h["flags"], caps)
        tmp = State.__new__(State)
        tmp._bind(buf, self.tables)
        old, new = self.sections(), tmp.sections()
        new["header"][:] = old["header"]
        _set_caps(tmp.e.h, h["n_players"], h["flags"], caps)
        tmp.e.h.total_ints = layout_ints(tmp.e.h)
        new["objects"][:h["cap"]] = old["objects"]
        new["objects"]["zone"][h["cap"]:] = -1
        new["objects"]["attached_to"][h["cap"]:] = -1
        oz, nzo = self.zone_offsets(), tmp.zone_offsets()
        for z in range(h["n_zones"]):
            new["zone_lists"][nzo[z]:nzo[z] + oz[z + 1] - oz[z]] = old["zone_lists"][oz[z]:oz[z + 1]]
        for name in ("players", "zone_counts", "plan"):
            new[name][:] = old[name]
        for name in ("stack", "effects", "triggers", "delayed", "pairs", "combat_damage"):
            new[name][:len(old[name])] = old[name]
        self._rebind(buf)

    cdef void _rebind(self, object buf):
        """Use ``buf`` as this state's buffer, keeping the event log and the in-use mark."""
        cdef int32_t* log = self.e.log
        cdef int32_t log_len = self.e.log_len, log_cap = self.e.log_cap, log_on = self.e.log_on
        cdef int busy = self.busy
        self._bind(buf, self.tables)
        self.e.log, self.e.log_len, self.e.log_cap, self.e.log_on = log, log_len, log_cap, log_on
        self.busy = busy

    def _create(self, int card, int owner, int kind, bint token, int controller, int attach_to):
        cdef int32_t o
        self._room_for(card, owner, token, kind)
        o = new_object(&self.e, card, owner, token)
        self._move(o, kind, controller, True, attach_to)
        return o

    def move(self, int o, int kind, int controller=-1, bint top=True, int attach_to=-1):
        """Move an object to a zone (400.7: it becomes a new object).  Onto the battlefield
        it enters under ``controller`` (default: its owner); an instant or sorcery can't
        (304.4) and raises.  With ``attach_to`` (an object, or TGT_PLAYER + seat) it is put
        onto the battlefield attached to that, as an effect would (303.4f): an Aura that
        can't legally enchant it stays where it is (303.4i) and RuleError is raised;
        anything else that can't be attached there enters unattached (303.4h).  Without
        it, an Aura enters unattached (a raw set-up: 704.5m applies at the next check)."""
        self._check_obj(o)
        self._check_zone_kind(kind)
        _check_may_enter(obj_types(&self.e, o), kind)
        self._edit(self._move, o, kind, controller, top, attach_to)

    def _check_zone_kind(self, int kind):
        if kind not in (Z_LIBRARY, Z_HAND, Z_GRAVEYARD, Z_BATTLEFIELD, Z_STACK, Z_EXILE):
            raise EngineError(f"unknown zone {kind}")

    def _move(self, int o, int kind, int controller, bint top, int attach_to=-1):
        cdef Engine* e = &self.e
        if controller == -1:
            controller = e.ob[o].owner
        if not 0 <= controller < e.h.n_players:
            raise EngineError(f"no seat {controller} to control it")
        if attach_to != -1 and kind != Z_BATTLEFIELD:
            raise EngineError("only an object put onto the battlefield can enter attached")
        if attach_to != -1 and not (0 <= attach_to < e.h.n_objects or
                                    TGT_PLAYER <= attach_to < TGT_PLAYER + e.h.n_players):
            raise EngineError(f"nothing to attach to: {attach_to}")
        if kind == Z_BATTLEFIELD:
            if attach_to != -1 and (card_row(e, e.ob[o].card)[CF_SUBTYPES] & SUB_AURA) and \
                    not attach_legal(e, o, controller, attach_to):
                raise RuleError("an Aura put onto the battlefield enchanting something it "
                                "can't legally enchant stays where it is", "303.4i")
            place_on_battlefield(e, o, controller, attach_to)
            # a set-up, not an event: nobody is asked an "as ~ enters" choice (614.12); it
            # is untapped, as set_object may leave or change it
            e.ob[o].entering_choice = 0
            e.entering_n = 0
        else:
            e.setup_move = 1                # scenario set-up: no zone-change trigger (603.6)
            move_object(e, o, zone_of(e, e.ob[o].owner, kind), top)
            e.setup_move = 0
        e.h.sba_dirty = 1
        e.h.decl_max = 0                # the board changed: a declaration's MAX is recomputed

    def add_lore_counters(self, int o, int n):
        """Put ``n`` lore counters on the Saga ``o`` as an effect would (sagas.pxi): its
        chapter abilities whose numbers they pass trigger (714.2b) and go on the stack
        before the player with priority gets it again (117.5, 603.3b).  Only while a player
        has priority; no card effect puts lore counters on yet (proliferate, "put a lore
        counter on"), so this is how a position with several chapters triggering at once
        is set up."""
        cdef Engine* e = &self.e
        self._check_obj(o)
        if not 1 <= n <= LORE_MAX:
            raise EngineError(f"lore counters to add: 1..{LORE_MAX}, not {n}")
        if not on_battlefield(e, o) or not card_row(e, e.ob[o].card)[CF_ABILITY_KINDS] & SAGA_BIT:
            raise RuleError("only a Saga on the battlefield gets lore counters", "714.3")
        if e.h.decision != D_PRIORITY:
            raise EngineError("lore counters are added only while a player has priority")
        self._edit(self._add_lore, o, n)

    def _add_lore(self, int o, int n):
        cdef Engine* e = &self.e
        add_lore_counters(e, o, n)
        e.h.decision = D_NONE                   # 117.5: SBAs, then the triggers, then priority
        e.h.passes = 0
        e.h.stage = STG_PRIORITY
        advance(e)

    def set_object(self, int o, **fields):
        """Set raw object fields (e.g. damage=2, tapped=1, attached_to=5)."""
        self._check_obj(o)
        for k in fields:
            if k not in OBJECT_FIELDS or k in ("zone", "card", "incarnation"):
                raise EngineError(f"object field {k!r} can't be set directly")
        self._edit(self._write_row, "objects", o, OBJECT_FIELDS, fields)

    def set_player(self, int p, **fields):
        if not 0 <= p < self.e.h.n_players:
            raise EngineError(f"no seat {p}")
        for k in fields:
            if k not in PLAYER_FIELDS:
                raise EngineError(f"player field {k!r} does not exist")
        self._edit(self._write_row, "players", p, PLAYER_FIELDS, fields)

    def _write_row(self, section, int i, names, fields):
        table = self.sections()[section]
        for k, v in fields.items():
            width = np.iinfo(table.dtype[k] if table.dtype.names else table.dtype)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or \
                    not width.min <= v <= width.max:
                raise EngineError(f"field {k!r} takes an {width.dtype}, not {v!r}")
        for k, v in fields.items():
            if table.dtype.names:
                table[k][i] = v
            else:
                table[i, names.index(k)] = v
        if section == "objects":
            self.e.h.any_attached = 1
        self.e.h.sba_dirty = 1
        self.e.h.decl_max = 0           # the board changed: a declaration's MAX is recomputed

    def _edit(self, change, *args):
        """Run a scenario edit: if the state then breaks an invariant (validate.pxi: the
        same checks as loading) or the edit raises, put the buffer back and raise."""
        self._enter()
        buffer, before = self.buffer, self.buffer.copy()
        log_len = self.e.log_len
        try:
            result = change(*args)
            self._adopt()                          # a core call in it may have grown it
            problem = check_state(self)
            if problem:
                raise EngineError(f"that edit would corrupt the state: {problem}")
        except BaseException:
            self._adopt()
            if self.buffer is not buffer:          # it grew: the old one is intact (growth.pxi
                                                   # poisons it in debug builds: rewritten below)
                self._rebind(buffer)
            self.buffer[:] = before
            self.e.log_len = log_len
            raise
        finally:
            self.busy = 0
        return result

    # --- the event log --------------------------------------------------------------------

    @property
    def logging(self):
        return bool(self.e.log_on)

    @logging.setter
    def logging(self, bint on):
        self._enter()
        self.e.log_on = 1 if on else 0
        self.busy = 0

    def take_log(self):
        """Events logged since the last call, as an (n, 4) int32 array."""
        cdef int32_t n = self.e.log_len // 4, i
        self._check_idle()                  # another thread may be writing the log
        out = np.empty((n, 4), dtype=np.int32)
        cdef int32_t[:, ::1] ov = out
        for i in range(n):
            ov[i, 0] = self.e.log[4 * i]
            ov[i, 1] = self.e.log[4 * i + 1]
            ov[i, 2] = self.e.log[4 * i + 2]
            ov[i, 3] = self.e.log[4 * i + 3]
        self.e.log_len = 0
        return out


    # --- agents: observations (play/observation.pxi) ----------------------------------------

    def observation_size(self, int slots=OBS_SLOTS):
        """Length of the vector :meth:`observation` fills (see observation_layout)."""
        if not 1 <= slots <= OBS_MAX_SLOTS:
            raise EngineError(f"1 to {OBS_MAX_SLOTS} object slots, not {slots}")
        return observation_floats(self.e.h.n_players, slots)

    def observation(self, int player, out=None, int slots=OBS_SLOTS, objects=None):
        """``player``'s view of the game as a float32 vector (layout: observation_layout,
        docs/observations.md): only what that player may see (an opponent's hand and the
        libraries only as counts).  Fills ``out`` (a writable, contiguous float32 array of
        observation_size(slots) floats) when given, else a new array; returns it.
        ``objects`` (optional, a writable contiguous int32 array of ``slots`` entries) gets
        the object id each slot shows, as actions name objects (-1: an ability on the stack
        or an empty slot)."""
        cdef int32_t size
        cdef int32_t* ids = NULL
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        if not 1 <= slots <= OBS_MAX_SLOTS:
            raise EngineError(f"1 to {OBS_MAX_SLOTS} object slots, not {slots}")
        size = observation_floats(self.e.h.n_players, slots)
        if out is None:
            out = cnp.PyArray_EMPTY(1, [size], cnp.NPY_FLOAT32, 0)
        elif not (cnp.PyArray_Check(out) and cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
                  and cnp.PyArray_NDIM(out) == 1 and cnp.PyArray_SIZE(out) == size
                  and cnp.PyArray_IS_C_CONTIGUOUS(out) and cnp.PyArray_ISWRITEABLE(out)):
            raise EngineError(f"out must be a writable contiguous float32 array of {size} "
                              "floats (observation_size)")
        if objects is not None:
            if not (cnp.PyArray_Check(objects) and cnp.PyArray_TYPE(objects) == cnp.NPY_INT32
                    and cnp.PyArray_NDIM(objects) == 1 and cnp.PyArray_SIZE(objects) == slots
                    and cnp.PyArray_IS_C_CONTIGUOUS(objects) and cnp.PyArray_ISWRITEABLE(objects)):
                raise EngineError(f"objects must be a writable contiguous int32 array of {slots} "
                                  "entries (one per slot)")
            ids = <int32_t*>cnp.PyArray_DATA(objects)
        # A query, short and bounded: it keeps the GIL like legal_actions.
        self._check_idle()
        fill_observation(&self.e, player, <float*>cnp.PyArray_DATA(out), slots, ids)
        return out

    def determinize(self, int player, uint64_t seed):
        """A new state consistent with everything ``player`` has seen (for ISMCTS): each
        opponent's hand and library dealt again from the cards they hold there, the
        player's own library reshuffled, the game's RNG reseeded from ``seed``; the player's
        hand, every public zone and every count stay (see observation.pxi, determinize).
        ``player``'s observation is the same in both states; this state is unchanged."""
        cdef uint32_t rng[4]
        cdef State st
        if not 0 <= player < self.e.h.n_players:
            raise EngineError(f"no seat {player}")
        self._check_idle()
        st = self._copy()
        mtg_rng_seed(rng, seed)
        with nogil:
            determinize(&st.e, player, rng)
        return st

    # --- agents: the search inner loop (play/rollouts.pxi) ----------------------------------

    def copy_into(self, State other):
        """Copy this state into ``other`` (a state of the same game: the same card tables,
        players and options, e.g. an earlier clone) with one memcpy, allocating nothing when
        their buffers are the same size (else ``other`` gets a new buffer: one of them grew
        its tables, growth.pxi): the cheap way to reset a scratch state in a search loop.
        ``other``'s event log is kept."""
        if other is self:
            return
        if other.tables is not self.tables and other.tables.fingerprint != self.tables.fingerprint:
            raise EngineError("copy_into: the other state uses other card tables")
        cdef cnp.npy_intp n = cnp.PyArray_SIZE(self.buffer)
        if other.e.h.n_players != self.e.h.n_players or other.e.h.flags != self.e.h.flags:
            raise EngineError("copy_into: the other state is of another game (its players or "
                              "game options differ)")
        self._check_idle()
        other._enter()
        if cnp.PyArray_SIZE(other.buffer) != n:
            # one of them grew its tables (growth.pxi): other gets a buffer of this size
            other.buffer = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT32, 0)
            other.e.base = <int32_t*>cnp.PyArray_DATA(other.buffer)
        memcpy(other.e.base, self.e.base, <size_t>n * 4)
        bind(&other.e, other.e.base)            # its sections from the copied header
        other.busy = 0

    def rollouts(self, int n, policy=POL_RANDOM, uint64_t seed=0, int max_turns=0):
        """Play ``n`` games to the end from this state, in the core with the GIL released
        (the state itself is unchanged): each playout copies the state into one reused
        buffer and plays it out, seat p deciding by ``policy`` (one POL_* for every seat,
        or one per seat) with the stream play_policies(policy, seed, game=i) gives it, so
        playout i is ``clone().play_policies(policy, seed, i)``.  ``max_turns`` > 0 stops a
        playout once that many more turns have begun (R_UNFINISHED, END_TURN_LIMIT).

        Returns a dict of numpy arrays, one row per playout: "result" (R_*), "winner" (seat
        or -1), "turns" (the turn it ended in), "end" (END_*), "decisions" (decisions taken)
        and "life" (n, n_players)."""
        cdef int32_t np_ = self.e.h.n_players, p, limit = 0
        cdef int32_t pol[MAX_PLAYERS]
        cdef State work
        if n < 0:
            raise EngineError(f"a negative number of rollouts ({n})")
        if max_turns < 0 or max_turns > TURN_MAX:
            raise EngineError(f"max_turns must be 0..{TURN_MAX}")
        policies = [policy] if isinstance(policy, (int, np.integer)) else list(policy)
        if len(policies) == 1:
            policies = policies * np_
        if len(policies) != np_:
            raise EngineError(f"{len(policies)} policies for {np_} seats (one per seat, or one for all)")
        for p in range(np_):
            if isinstance(policies[p], bool) or policies[p] not in (POL_RANDOM, POL_HEURISTIC):
                raise EngineError(f"no policy {policies[p]!r} (POL_RANDOM or POL_HEURISTIC)")
            pol[p] = policies[p]
        if max_turns > 0:
            limit = min(self.e.h.turn + max_turns, TURN_MAX)
            if self.e.h.max_turns > 0:
                limit = min(limit, self.e.h.max_turns)
        result = np.zeros(n, dtype=np.int8)
        winner = np.zeros(n, dtype=np.int8)
        turns = np.zeros(n, dtype=np.int32)
        ends = np.zeros(n, dtype=np.int8)
        decisions = np.zeros(n, dtype=np.int32)
        life = np.zeros((n, np_), dtype=np.int32)
        if n == 0:
            return {"result": result, "winner": winner, "turns": turns, "end": ends,
                    "decisions": decisions, "life": life}
        cdef int8_t[::1] rv = result, wv = winner, ev = ends
        cdef int32_t[::1] tv = turns, dv = decisions
        cdef int32_t[:, ::1] lv = life
        self._enter()
        try:
            work = self._copy()
            with nogil:
                run_rollouts(&self.e, &work.e, n, pol, seed, limit, &rv[0], &wv[0], &tv[0],
                             &ev[0], &dv[0], &lv[0, 0])
            work._adopt()                       # its last playout may have grown it
        finally:
            self.busy = 0
        return {"result": result, "winner": winner, "turns": turns, "end": ends,
                "decisions": decisions, "life": life}


    def perft(self, int depth, bint divide=False):
        """Perft (play/perft.pxi): the number of distinct sequences of exactly ``depth``
        actions from this state, every decision expanded with all its legal actions and
        chance resolved by the state's own seeded RNG, so the tree is fixed (a finished game
        ends its sequences).  The state is unchanged; the GIL is released.  ``divide``: a
        dict {first action code: the count under it} instead (``depth`` >= 1).

        >>> from mtg_core import Game
        >>> st = Game(["bears", "bears"], seed=1).state
        >>> sum(st.perft(2, divide=True).values()) == st.perft(2)
        True
        """
        cdef PerftLevel* lv
        cdef int64_t total = 0
        cdef int64_t* under = NULL
        cdef int32_t n = 0, i
        cdef bint ok
        if not 0 <= depth <= PERFT_MAX_DEPTH:
            raise EngineError(f"perft depth must be 0..{PERFT_MAX_DEPTH}, not {depth}")
        if divide and depth < 1:
            raise EngineError("perft divide needs a depth of 1 or more")
        self._enter()
        lv = <PerftLevel*>malloc((depth + 2) * sizeof(PerftLevel))
        try:
            if lv == NULL:
                raise MemoryError()
            with nogil:
                ok = perft_levels_alloc(lv, depth + 1, &self.e)
                if ok and not divide:
                    total = perft_count(&self.e, lv, depth)
                elif ok:
                    total = perft_divide(&self.e, lv, depth, &under, &n)
            if not ok or total == -1:
                raise MemoryError("perft: out of memory")
            if total == -2:
                raise EngineError("perft: a listed legal action was refused (a defect; the "
                                  "debug build's cross-checks show where)")
            if not divide:
                return int(total)
            return {int(lv[0].actions[i]): int(under[i]) for i in range(n)}
        finally:
            if lv != NULL:
                perft_levels_free(lv, depth + 1)
                free(lv)
            free(under)
            self.busy = 0


cdef void _free_grown(object capsule) noexcept:
    """A buffer the core grew (growth.pxi), freed with the numpy array that adopted it."""
    free(PyCapsule_GetPointer(capsule, NULL))
