"""One fixed-size discrete action space for every decision of the engine.

The core answers a decision with an action *code* (``kind | a << 8 | b << 20``, see
``src/rules/priority.pxi``).  Agents want a fixed range of integers with a mask instead.
:class:`ActionSpace` maps each code to an index in ``range(space.n)``, where ``n``
depends only on the seat count, the object capacity of the game's state and the number
of ability slots per object (8 unless asked otherwise).  The layout, one block per action
kind, is documented in ``docs/action_space.md``; ``space.blocks`` gives it at run time.

Within one decision every legal action has its own index, and an index decodes back to
the same code.  The meaning of an index never depends on the decision except for the two
damage-assignment kinds, whose creature is the one the decision is about (510.1c-d:
``decode`` reads it from the decision's context).

>>> from mtg_core import Game
>>> from mtg_core.agents import ActionSpace
>>> game = Game(["bears", "bears"], seed=1, mulligans=False)
>>> space = ActionSpace.for_game(game)
>>> mask = space.mask(game.state)
>>> int(mask.sum()) == len(space.legal(game.state)[0])
True
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .. import _engine

_C = _engine.constants()
TGT_PLAYER: int = _C["TGT_PLAYER"]
N_COLORS = 6                                   # W U B R G C: ACTIVATE_MANA's b = j | colour << 6
MAX_MODES = 8                                  # 700.2: a modal spell has at most 8 modes (validated)
X_VALUES = _C["CI_X_MAX"] + 1                  # 107.3: X = 0 .. CI_X_MAX
DEFAULT_ABILITY_SLOTS = 8
# 613.1f: an object's k-th granted ability is ability GRANT_INDEX + k (src/rules/grants.pxi); a space
# for cards that grant abilities has ``granted_slots`` of them after the ability slots
GRANT_INDEX: int = _C["GRANT_INDEX"]
DEFAULT_GRANTED_SLOTS = 4

# Argument domains: how an action's ``a`` or ``b`` becomes a slot number in 0 .. size-1.
NONE, OBJ, TGT, SEAT, ABIL, MANA, TRIG, MODE, XVAL, BOOL, CTX, PHYX = range(12)
_DOMAIN_NAMES = ["-", "object", "object or player", "seat", "ability", "ability x colour",
                 "trigger", "mode", "X", "0/1", "(the decision's creature)",
                 "Phyrexian pips paid with life"]
PHYREXIAN_WORDS = _C["PHYREXIAN_WORD_LIMIT"]   # 107.4f: a = 2 bits per colour W U B R G

# kind -> (domain of a, domain of b, a first?).  The block of a kind is row-major in its
# first argument: ATTACK's rows are creatures (b) and its columns what each attacks (a),
# "attackers one at a time with what each attacks" (508.1).  BAND is special (x < y).
_SPECS: dict[str, tuple[int, int, bool]] = {
    "PASS": (NONE, NONE, True),
    "PLAY_LAND": (OBJ, NONE, True),
    "CAST": (OBJ, NONE, True),
    "ACTIVATE": (OBJ, ABIL, True),
    "ACTIVATE_MANA": (OBJ, MANA, True),
    "TARGET": (TGT, NONE, True),
    "ORDER_TRIGGER": (TRIG, NONE, True),
    "DISCARD": (OBJ, NONE, True),
    "KEEP": (NONE, NONE, True),
    "MULLIGAN": (NONE, NONE, True),
    "BOTTOM": (OBJ, NONE, True),
    "LEGEND_KEEP": (OBJ, NONE, True),
    "ATTACK": (TGT, OBJ, False),              # a = what it attacks, b = the creature
    "BLOCK": (OBJ, OBJ, True),                # a = the blocker, b = the attacker it blocks
    "DECLARE_DONE": (NONE, NONE, True),
    "BAND": (OBJ, OBJ, True),                 # x joins the band of y, x < y (702.21c)
    "ORDER_BLOCKER": (OBJ, NONE, True),
    "ORDER_ATTACKER": (OBJ, NONE, True),
    "ASSIGN_DEFAULT": (CTX, NONE, True),      # a = the creature assigning (dctx0)
    "ASSIGN_POINT": (TGT, CTX, True),         # a = recipient, b = the creature (dctx0)
    "CHOOSE_DEFENDER": (SEAT, NONE, True),
    "CHOOSE_CARD": (OBJ, NONE, True),
    "DECLINE": (NONE, NONE, True),
    "ATTACK_WHAT": (TGT, NONE, True),
    "BLOCK_WHICH": (OBJ, NONE, True),         # the attacker it is made to block (509.6)
    "CHOOSE_MODE": (MODE, NONE, True),
    "KICK": (BOOL, NONE, True),
    "CHOOSE_X": (XVAL, NONE, True),
    "SAC_COST": (OBJ, NONE, True),
    "DISCARD_COST": (OBJ, NONE, True),
    "PAY_UNLESS": (BOOL, NONE, True),
    "SEARCH_TAKE": (OBJ, NONE, True),
    "SEARCH_NOTHING": (NONE, NONE, True),
    "DONT_SEARCH": (NONE, NONE, True),
    "MAY_YES": (NONE, NONE, True),
    "MAY_NO": (NONE, NONE, True),
    "LIB_TOP": (OBJ, NONE, True),
    "LIB_BOTTOM": (OBJ, NONE, True),
    "LIB_GRAVEYARD": (OBJ, NONE, True),
    "LIB_HAND": (OBJ, NONE, True),
    "LIB_TAKE_NONE": (NONE, NONE, True),
    "DISCARD_CHOSEN": (OBJ, NONE, True),
    "TAP_COST": (OBJ, NONE, True),
    "WARD_PAY": (BOOL, NONE, True),
    "CAST_BACK": (OBJ, NONE, True),           # a modal double-faced card, back face up (712.11)
    "PLAY_BACK": (OBJ, NONE, True),
    "EXILE_COST": (OBJ, NONE, True),
    "NO_TARGET": (NONE, NONE, True),
    "ABILITY_MODE": (MODE, NONE, True),
    "CAST_SPLIT": (OBJ, BOOL, True),          # a split card, b = its left (0) / right (1) half (709.3)
    "SACRIFICE_CHOSEN": (OBJ, NONE, True),
    "CREW_TAP": (OBJ, NONE, True),            # the creature tapped to crew (702.122a)
    "CAST_ALT": (OBJ, NONE, True),            # cast paying its alternative cost (118.9)
    "ALT_COST": (OBJ, NONE, True),            # what the alternative cost takes (601.2h)
    "HAND_TO_TOP": (OBJ, NONE, True),         # the card of the hand put on top next (401.4)
    "PHYREXIAN": (PHYX, NONE, True),          # how many of each colour's Phyrexian pips are
}                                             # paid with 2 life (107.4f, 601.2h)
KIND_CODES: dict[str, int] = {name: _C["A_" + name] for name in _SPECS}
A_ACTIVATE_MANA = KIND_CODES["ACTIVATE_MANA"]
A_BAND = KIND_CODES["BAND"]


@dataclass(frozen=True)
class Block:
    """The indices of one action kind: ``start`` .. ``start + size - 1``."""
    name: str
    kind: int
    start: int
    size: int
    rows: int                 # slots of the first argument (the block is rows x cols)
    cols: int
    first: str                # what the rows are
    second: str               # what the columns are


class ActionSpace:
    """A fixed-size index space over the engine's action codes.

    ``n_players`` seats, ``capacity`` objects (the state's object table, ``header()['cap']``)
    and ``ability_slots`` abilities per object (an ACTIVATE / ACTIVATE_MANA of ability
    ``j >= ability_slots`` can't be represented: :meth:`encode` refuses it by name), then
    ``granted_slots`` abilities granted to it (ability ``GRANT_INDEX + k``, 613.1f).
    """

    def __init__(self, n_players: int, capacity: int, ability_slots: int = DEFAULT_ABILITY_SLOTS,
                 granted_slots: int = 0):
        if not 2 <= n_players <= _C["MAX_PLAYERS"]:
            raise ValueError(f"a game has 2 to {_C['MAX_PLAYERS']} seats, not {n_players}")
        if not 0 < capacity < TGT_PLAYER:
            raise ValueError(f"object capacity must be 1..{TGT_PLAYER - 1}, not {capacity}")
        if not 1 <= ability_slots <= 64:
            raise ValueError("ability_slots must be 1..64 (ACTIVATE_MANA keeps j in 6 bits)")
        if not 0 <= granted_slots <= _C["GRANT_MAX"]:
            raise ValueError(f"granted_slots must be 0..{_C['GRANT_MAX']}")
        if granted_slots and ability_slots > GRANT_INDEX:
            raise ValueError(f"with granted_slots, ability_slots must be 1..{GRANT_INDEX} (the "
                             f"granted abilities are numbered from {GRANT_INDEX})")
        self.n_players, self.capacity, self.ability_slots = n_players, capacity, ability_slots
        self.granted_slots = granted_slots
        N, P, A = capacity, n_players, ability_slots + granted_slots
        self._dom_size = np.array([1, N, N + P, P, A, A * N_COLORS, _C["TRIGGER_CAP"], MAX_MODES,
                                   X_VALUES, 2, 1, PHYREXIAN_WORDS], dtype=np.int64)
        blocks: list[Block] = []
        start = 0
        for name, (da, db, a_first) in _SPECS.items():
            first, second = (da, db) if a_first else (db, da)
            rows, cols = int(self._dom_size[first]), int(self._dom_size[second])
            size = N * (N - 1) // 2 if name == "BAND" else rows * cols
            blocks.append(Block(name, KIND_CODES[name], start, size, rows, cols,
                                _DOMAIN_NAMES[first], _DOMAIN_NAMES[second]))
            start += size
        self.blocks: dict[str, Block] = {b.name: b for b in blocks}
        self.n: int = start
        # Per-kind lookup tables (kind code < 256) for the vectorised encode.
        self._known = np.zeros(256, dtype=bool)
        self._start = np.zeros(256, dtype=np.int64)
        self._dom_a = np.zeros(256, dtype=np.int64)
        self._dom_b = np.zeros(256, dtype=np.int64)
        self._a_first = np.zeros(256, dtype=bool)
        for b in blocks:
            da, db, a_first = _SPECS[b.name]
            self._known[b.kind] = True
            self._start[b.kind], self._dom_a[b.kind], self._dom_b[b.kind] = b.start, da, db
            self._a_first[b.kind] = a_first
        self._starts = np.array([b.start for b in blocks], dtype=np.int64)
        self._starts_list = [b.start for b in blocks]
        sizes = self._dom_size.tolist()
        # kind -> (start, domain of a, domain of b, a first?, size of a, size of b)
        self._scalar = {b.kind: (b.start, _SPECS[b.name][0], _SPECS[b.name][1], _SPECS[b.name][2],
                                 sizes[_SPECS[b.name][0]], sizes[_SPECS[b.name][1]])
                        for b in blocks}
        self._sizes = sizes
        self._by_order = blocks
        # BAND: the row starts of the strict upper triangle (x < y)
        x = np.arange(N, dtype=np.int64)
        self._band_row = x * (2 * N - x - 1) // 2

    # --- construction from a game -----------------------------------------------------------

    @classmethod
    def for_state(cls, state, ability_slots: int | None = None) -> "ActionSpace":
        """The space of a core state's seat count and object capacity.  ``ability_slots``
        defaults to 8, or more if the state's card table has a card with more abilities."""
        most = int(state.tables.cards[:, _C["CF_ABILITY_COUNT"]].max(initial=0))
        slots = ability_slots if ability_slots is not None else max(DEFAULT_ABILITY_SLOTS, most)
        grants = bool((state.tables.cards[:, _C["CF_ABILITY_KINDS"]] & _C["GRANT_BIT"]).any())
        return cls(state.n_players, int(state.header()["cap"]), min(slots, 64),
                   DEFAULT_GRANTED_SLOTS if grants else 0)

    @classmethod
    def for_game(cls, game, ability_slots: int | None = None) -> "ActionSpace":
        return cls.for_state(game.state, ability_slots)

    def __repr__(self) -> str:
        granted = f", granted_slots={self.granted_slots}" if self.granted_slots else ""
        return (f"ActionSpace(n_players={self.n_players}, capacity={self.capacity}, "
                f"ability_slots={self.ability_slots}{granted}) with {self.n} indices")

    def __eq__(self, other) -> bool:
        return isinstance(other, ActionSpace) and \
            (self.n_players, self.capacity, self.ability_slots, self.granted_slots) == \
            (other.n_players, other.capacity, other.ability_slots, other.granted_slots)

    def __hash__(self) -> int:
        return hash((self.n_players, self.capacity, self.ability_slots, self.granted_slots))

    # 613.1f: ability index j -> slot: own abilities 0..A-1, then the granted ones
    def _abil(self, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        A, G = self.ability_slots, self.granted_slots
        granted = (j >= GRANT_INDEX) & (j < GRANT_INDEX + G)
        return np.where(granted, A + j - GRANT_INDEX, j), (j < A) | granted

    def _abil1(self, j: int) -> int:
        if j < self.ability_slots:
            return j
        return self.ability_slots + j - GRANT_INDEX if 0 <= j - GRANT_INDEX < self.granted_slots else -1

    def _unabil(self, s):
        A = self.ability_slots
        return np.where(s < A, s, GRANT_INDEX + s - A) if isinstance(s, np.ndarray) else \
            (s if s < A else GRANT_INDEX + s - A)

    # --- code -> index --------------------------------------------------------------------

    def _slot(self, dom: int, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(slot, ok) of values ``v`` in domain ``dom``."""
        N, P, A = self.capacity, self.n_players, self.ability_slots
        if dom == NONE:
            return np.zeros_like(v), v == 0
        if dom == CTX:
            return np.zeros_like(v), np.ones(v.shape, dtype=bool)
        if dom == TGT:
            player = v >= TGT_PLAYER
            s = np.where(player, N + v - TGT_PLAYER, v)
            return s, np.where(player, v - TGT_PLAYER < P, v < N)
        if dom == SEAT:
            return v - TGT_PLAYER, (v >= TGT_PLAYER) & (v - TGT_PLAYER < P)
        if dom == MANA:
            j, c = v & 63, v >> 6
            s, ok = self._abil(j)
            return s * N_COLORS + c, ok & (c < N_COLORS)
        if dom == ABIL:
            return self._abil(v)
        return v, v < self._dom_size[dom]

    def _slot1(self, dom: int, v: int) -> int:
        """One value's slot in domain ``dom``, or -1 (the scalar twin of _slot)."""
        if dom == NONE:
            return 0 if v == 0 else -1
        if dom == CTX:
            return 0
        if dom == TGT:
            if v >= TGT_PLAYER:
                return self.capacity + v - TGT_PLAYER if v - TGT_PLAYER < self.n_players else -1
            return v if v < self.capacity else -1
        if dom == SEAT:
            return v - TGT_PLAYER if 0 <= v - TGT_PLAYER < self.n_players else -1
        if dom == MANA:
            j, c = self._abil1(v & 63), v >> 6
            return j * N_COLORS + c if j >= 0 and c < N_COLORS else -1
        if dom == ABIL:
            return self._abil1(v)
        return v if v < self._sizes[dom] else -1

    def index(self, code: int) -> int:
        """The index of one action code (pure Python: cheaper than numpy for one)."""
        code = int(code)
        spec = self._scalar.get(code & 255) if code >= 0 else None
        if spec is None:
            raise ValueError(f"action code {code} has a kind ({code & 255}) the action space "
                             "does not know")
        start, da, db, a_first, size_a, size_b = spec
        sa, sb = self._slot1(da, (code >> 8) & 4095), self._slot1(db, (code >> 20) & 4095)
        if sa < 0 or sb < 0 or (code & 255 == A_BAND and sa >= sb):
            raise ValueError(f"action code {code} (kind {code & 255}, a={(code >> 8) & 4095}, "
                             f"b={(code >> 20) & 4095}) is outside {self!r}")
        if code & 255 == A_BAND:
            return start + int(self._band_row[sa]) + sb - sa - 1
        return start + (sa * size_b + sb if a_first else sb * size_a + sa)

    def encode(self, codes: Iterable[int] | np.ndarray) -> np.ndarray:
        """The indices of action codes (an int64 array).  A code this space can't hold
        (an unknown kind, an object beyond the capacity, an ability beyond the slots)
        raises ValueError naming it."""
        codes = np.asarray(codes, dtype=np.int64).reshape(-1)
        if codes.size <= 16:                 # numpy's per-call cost dominates small lists
            return np.array([self.index(c) for c in codes.tolist()], dtype=np.int64)
        kind, a, b = codes & 255, (codes >> 8) & 4095, (codes >> 20) & 4095
        out = np.empty(codes.shape, dtype=np.int64)
        if codes.size == 0:
            return out
        bad = ~self._known[kind] | (codes < 0)
        if bad.any():
            raise ValueError(f"action code {int(codes[bad][0])} has a kind ({int(kind[bad][0])}) "
                             "the action space does not know")
        for k in np.unique(kind):
            sel = kind == k
            da, db = int(self._dom_a[k]), int(self._dom_b[k])
            sa, oka = self._slot(da, a[sel])
            sb, okb = self._slot(db, b[sel])
            ok = oka & okb
            if k == A_BAND:
                ok &= sa < sb
                idx = self._band_row[np.minimum(sa, self.capacity - 1)] + (sb - sa - 1)
            elif self._a_first[k]:
                idx = sa * self._dom_size[db] + sb
            else:
                idx = sb * self._dom_size[da] + sa
            if not ok.all():
                c = int(codes[sel][~ok][0])
                raise ValueError(f"action code {c} (kind {int(k)}, a={(c >> 8) & 4095}, "
                                 f"b={(c >> 20) & 4095}) is outside {self!r}")
            out[sel] = self._start[k] + idx
        return out

    # --- index -> code --------------------------------------------------------------------

    def _unslot(self, dom: int, s: np.ndarray, ctx: int) -> np.ndarray:
        N = self.capacity
        if dom == CTX:
            return np.full_like(s, ctx)
        if dom == TGT:
            return np.where(s >= N, TGT_PLAYER + s - N, s)
        if dom == SEAT:
            return TGT_PLAYER + s
        if dom == MANA:
            return self._unabil(s // N_COLORS) | ((s % N_COLORS) << 6)
        if dom == ABIL:
            return self._unabil(s)
        return s

    def decode(self, indices: Iterable[int] | np.ndarray, state=None) -> np.ndarray:
        """The action codes of indices (int32).  The damage-assignment kinds take their
        creature from ``state``'s pending decision (510.1c-d); other indices need no state."""
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        if idx.size and (idx.min() < 0 or idx.max() >= self.n):
            raise ValueError(f"action index outside 0..{self.n - 1}")
        ctx = int(state.decision[2]) if state is not None else -1
        block = np.searchsorted(self._starts, idx, side="right") - 1
        out = np.empty(idx.shape, dtype=np.int64)
        for bi in np.unique(block):
            sel = block == bi
            b = self._by_order[bi]
            da, db, a_first = _SPECS[b.name]
            if CTX in (da, db) and ctx < 0:
                raise ValueError(f"decoding a {b.name} index needs the state (its creature is "
                                 "the decision's, 510.1c-d)")
            r = idx[sel] - b.start
            if b.kind == A_BAND:
                x = np.searchsorted(self._band_row, r, side="right") - 1
                sa, sb = x, r - self._band_row[x] + x + 1
            elif a_first:
                sa, sb = np.divmod(r, self._dom_size[db])
            else:
                sb, sa = np.divmod(r, self._dom_size[da])
            out[sel] = b.kind | (self._unslot(da, sa, ctx) << 8) | (self._unslot(db, sb, ctx) << 20)
        return out.astype(np.int32)

    def action(self, index: int, state=None) -> int:
        """The action code of one index (pure Python)."""
        index = int(index)
        if not 0 <= index < self.n:
            raise ValueError(f"action index outside 0..{self.n - 1}")
        b = self._by_order[bisect_right(self._starts_list, index) - 1]
        start, da, db, a_first, size_a, size_b = self._scalar[b.kind]
        r = index - start
        if b.kind == A_BAND:
            x = int(np.searchsorted(self._band_row, r, side="right")) - 1
            sa, sb = x, r - int(self._band_row[x]) + x + 1
        elif a_first:
            sa, sb = divmod(r, size_b)
        else:
            sb, sa = divmod(r, size_a)
        if CTX in (da, db):
            if state is None or int(state.decision[2]) < 0:
                raise ValueError(f"decoding a {b.name} index needs the state (its creature is "
                                 "the decision's, 510.1c-d)")
            ctx = int(state.decision[2])
        else:
            ctx = 0
        return b.kind | (self._unslot1(da, sa, ctx) << 8) | (self._unslot1(db, sb, ctx) << 20)

    def _unslot1(self, dom: int, s: int, ctx: int) -> int:
        if dom == CTX:
            return ctx
        if dom == TGT:
            return TGT_PLAYER + s - self.capacity if s >= self.capacity else s
        if dom == SEAT:
            return TGT_PLAYER + s
        if dom == MANA:
            return self._unabil(s // N_COLORS) | ((s % N_COLORS) << 6)
        if dom == ABIL:
            return self._unabil(s)
        return s

    # --- objects --------------------------------------------------------------------------

    def object_args(self, indices: Iterable[int] | np.ndarray, state=None) -> np.ndarray:
        """The objects each index names: an int64 array of shape (k, 2) holding the object
        id of its first and second argument (``a`` and ``b`` of its code), -1 where that
        argument is not an object (nothing, a player, a seat, an ability, a mode, X, ...).
        The damage-assignment kinds need ``state`` (their creature is the decision's).

        Object ids are what the observation's ``objects=`` array gives per slot, so
        :meth:`slot_args` turns them into slot positions for slot-based agents."""
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        codes = self.decode(idx, state).astype(np.int64)
        kind, args = codes & 255, ((codes >> 8) & 4095, (codes >> 20) & 4095)
        out = np.full((idx.size, 2), -1, dtype=np.int64)
        for k in np.unique(kind):
            sel = kind == k
            for col, dom in enumerate((int(self._dom_a[k]), int(self._dom_b[k]))):
                v = args[col][sel]
                if dom in (OBJ, CTX):
                    out[sel, col] = v
                elif dom == TGT:
                    out[sel, col] = np.where(v < TGT_PLAYER, v, -1)
        return out

    def slot_args(self, indices: Iterable[int] | np.ndarray, objects: np.ndarray,
                  state=None) -> np.ndarray:
        """Like :meth:`object_args`, but as observation slot positions: ``objects`` is the
        slot -> object id array ``State.observation(p, objects=...)`` filled (the adapters
        pass it along: Gymnasium ``info["objects"]``, PettingZoo ``obs["objects"]``,
        OpenSpiel the observer's ``"objects"`` view).  -1 where the argument is not an
        object or its object has no slot (not visible to the observer, or beyond the slots).

        >>> import numpy as np
        >>> from mtg_core import Game
        >>> from mtg_core.agents import ActionSpace
        >>> game = Game(["bears", "bears"], seed=1, mulligans=False)
        >>> st, space = game.state, ActionSpace.for_game(game)
        >>> objects = np.empty(64, dtype=np.int32)
        >>> _ = st.observation(st.decision[1], objects=objects)
        >>> legal, codes = space.legal(st)
        >>> slots = space.slot_args(legal, objects)
        >>> all(objects[s] == (c >> 8) & 4095 for s, c in zip(slots[:, 0], codes) if s >= 0)
        True
        """
        ids = self.object_args(indices, state)
        objects = np.asarray(objects).reshape(-1)
        where = np.full(self.capacity + 1, -1, dtype=np.int64)
        shown = np.flatnonzero((objects >= 0) & (objects < self.capacity))
        where[objects[shown]] = shown
        return np.where(ids >= 0, where[np.where(ids >= 0, ids, self.capacity)], -1)

    # --- masks ----------------------------------------------------------------------------

    def legal(self, state, include_mana: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """(indices, codes) of the legal actions of ``state``'s pending decision, sorted by
        index.  ``include_mana=False`` leaves out activating a mana ability on its own
        (casting pays costs by itself; the core's random policy does the same)."""
        codes = state.legal_actions()
        if not include_mana and codes.size:
            codes = codes[(codes & 255) != A_ACTIVATE_MANA]
        idx = self.encode(codes)
        order = np.argsort(idx, kind="stable")
        return idx[order], codes[order]

    def mask(self, state, include_mana: bool = False, out: np.ndarray | None = None) -> np.ndarray:
        """The int8 mask (1 = legal) of ``state``'s pending decision; all zeros when no
        decision is pending (the game is over).  ``out`` (int8, size n) is reused if given."""
        if out is None:
            out = np.zeros(self.n, dtype=np.int8)
        else:
            out.fill(0)
        idx, _ = self.legal(state, include_mana)
        out[idx] = 1
        return out

    # --- reading --------------------------------------------------------------------------

    def block_of(self, index: int) -> Block:
        if not 0 <= index < self.n:
            raise ValueError(f"action index {index} outside 0..{self.n - 1}")
        return self._by_order[int(np.searchsorted(self._starts, index, side="right") - 1)]

    def describe(self, index: int, state=None) -> str:
        """A short unique text for an index: its kind and arguments (objects by id,
        players as P<seat>)."""
        b = self.block_of(index)
        da, db, a_first = _SPECS[b.name]
        if CTX in (da, db) and state is None:
            return f"{b.name}" + (f"(->{self._name(TGT, index - b.start)})" if da == TGT else "")
        code = self.action(index, state)
        a, bb = (code >> 8) & 4095, (code >> 20) & 4095
        args = ((da, a), (db, bb)) if a_first else ((db, bb), (da, a))   # rows first: ATTACK's creature
        parts = [self._name(d, v) for d, v in args if d != NONE]
        return f"{b.name}({', '.join(parts)})" if parts else b.name

    def _name(self, dom: int, v: int) -> str:
        if dom in (TGT, SEAT, CTX) and v >= TGT_PLAYER:
            return f"P{v - TGT_PLAYER}"
        if dom == TGT and v >= self.capacity:        # a slot, from describe without state
            return f"P{v - self.capacity}"
        if dom == MANA:
            return f"ability {v & 63} for {'WUBRGC'[v >> 6]}"
        if dom in (OBJ, TGT, CTX):
            return f"#{v}"
        return str(v)

    def layout(self) -> list[tuple[str, int, int, str, str]]:
        """(kind, first index, size, rows, columns) per block, in index order."""
        return [(b.name, b.start, b.size, f"{b.rows} {b.first}", f"{b.cols} {b.second}")
                for b in self._by_order]
