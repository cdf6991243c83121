"""An OpenSpiel game over the engine (the ``.[openspiel]`` extra): ``pyspiel.load_game("mtg_core")``.

Importing this module registers the game.  Parameters (all scalars, as OpenSpiel wants):

- ``decks``: bundled deck names or deck file paths joined by ``;`` (2 to 8 seats),
  default ``"bears;bears"``; commas are read too, but the game's string
  (``str(game)``, what ``pyspiel.load_game``, serialization and pickling read back) joins
  them with ``;``, as its values can't hold a comma (nor ``(``, ``)``, ``=``: a deck file
  whose path has one is refused);
- ``num_seeds``: the chance model (below), default 0: every seed of the core;
- ``max_turns`` (default 50; the game then ends unfinished, returns 0) and
  ``max_game_length`` (default 20000 decisions; likewise);
- ``include_mana`` (default False): offer activating a mana ability on its own (casting
  pays costs by itself, so these actions only matter to agents that float mana);
- ``mulligans`` (default True), ``edition`` ("seed", "current", "classic");
- ``perfect_recall`` (default True): information state strings digest the whole history
  of the seat's observations (below).

**Chance model.**  The game starts with the deal: a 64-bit seed of the game's RNG, which
makes the opening shuffles and every later shuffle and random discard.  By default
(``num_seeds=0``) every seed is possible: the deal is 8 chance nodes of 256 equally
likely outcomes, the seed's bytes (least significant first): 2**64 deals, so a learner
does not meet the same deal again, however many episodes it plays.  ``num_seeds=k`` makes the deal one chance node of ``k`` outcomes,
outcome ``i`` the seed ``i`` (a small ``k``: a game small enough to enumerate its deals).
OpenSpiel sees the game as explicit-stochastic with all of its chance drawn in the deal.
That RNG is part of the hidden state: no observation shows it, and
:meth:`MtgState.resample_from_infostate` (the core's ``determinize``) replaces it
together with the hidden cards.

**Decisions.** Every decision of the engine is one sequential move of the seat that must
decide, as an index of the fixed action space (:class:`mtg_core.agents.ActionSpace`,
``docs/action_space.md``): combat is declared one (attacker, what it attacks) or
(blocker, attacker) pair at a time, then "done".

**Observations.** ``observation_tensor(p)`` and ``information_state_tensor(p)`` are the
core's observation of seat ``p`` (``State.observation``: everything ``p`` can see now,
graveyards, exile and its own hand included, and nothing it can't) followed by
``OBS_SLOTS`` entries giving the object id each object slot shows (-1: none), the ids the
actions name: the observer's ``dict`` has the views ``"observation"`` and ``"objects"``,
and ``ActionSpace.slot_args`` links an action to its slots.

**Information states.** ``information_state_string(p)`` is perfect recall: a digest of
everything ``p`` has observed since the deal, move after move (its observation after every
move of any seat, and its own actions), so two histories that ``p`` can tell apart never
share a string.  ``observation_string(p)`` digests the current observation only.  The
information state *tensor* can't hold an unbounded history in a fixed size: it is the
current observation (a Markov summary; a learning agent that needs memory keeps it, e.g.
a recurrent network).  ``perfect_recall=False`` makes the information state string the
observation string too, and saves the per-move digest (~10 µs per seat).

**Observation types.**  An observer is one seat's view, public and private information
together (OpenSpiel's default observation and information state); any other
``IIGObservationType`` (public information only, no public information, every seat's
private information) is refused with a ValueError: the core's observation is a seat's
view, its own hand included, and a public view can't be cut out of it exactly.

**Serialization.**  ``pyspiel.load_game(str(game))``, ``serialize_game_and_state`` /
``deserialize_game_and_state`` and ``pickle`` work (the core state pickles through its
checked bytes, ``mtg_core.pickling``).

**Returns.** Zero-sum: +1 to the winner, -1/(n-1) to each other seat, 0 to all for a draw.

**Bots.**  :class:`CorePolicyBot` is an OpenSpiel bot playing a policy compiled in the core
(``"ismcts:iters=400"``, ``"heuristic"``, ``"random"``: docs/agents.md, "ISMCTS"); its
``step_with_policy`` gives the search's visit shares.
"""
from __future__ import annotations

import hashlib
import weakref
import zlib

import numpy as np
import pyspiel

from .. import _engine
from ..enums import Decision, Result
from ._common import OBS_SLOTS, legal_codes, new_game, new_objects, observation_size, observe, parse_decks, returns_of
from .action_space import ActionSpace

GAME_NAME = "mtg_core"
_DEFAULTS = {"decks": "bears;bears", "num_seeds": 0, "max_turns": 50,
             "max_game_length": 20000, "include_mana": False, "mulligans": True,
             "edition": "seed", "perfect_recall": True}
_SPARE_OBJECTS = 64
_DECK_SEPARATOR = ";"
_NOT_IN_A_GAME_STRING = ",;()="          # what OpenSpiel's game-string parser splits on
_SEED_BYTES = 8                          # num_seeds=0: the deal draws the seed byte by byte

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Magic: The Gathering (mtg_core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_engine.constants()["MAX_PLAYERS"],
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS)


def _canonical(params: dict) -> dict:
    """The parameters with the defaults filled in and the decks joined by ``;``."""
    merged = dict(_DEFAULTS)
    merged.update(params or {})
    decks = parse_decks(merged["decks"])
    for d in decks:
        bad = sorted(set(str(d)) & set(_NOT_IN_A_GAME_STRING))
        if bad:
            raise ValueError(f"deck {d!r} has {' '.join(bad)} in its name, which an OpenSpiel "
                             "game string can't hold (rename or move the deck file)")
    merged["decks"] = _DECK_SEPARATOR.join(map(str, decks))
    return merged


# per process: the games' shared parts by their parameters, so that a deserialized or
# unpickled state shares its game's (OpenSpiel pickles a state's attributes)
_SHARED: "weakref.WeakValueDictionary[tuple, _Shared]" = weakref.WeakValueDictionary()


def _shared_for(params: dict) -> "_Shared":
    key = tuple(sorted(params.items()))
    shared = _SHARED.get(key)
    if shared is None:
        shared = _SHARED[key] = _Shared(params)
    return shared


class _Shared:
    """What every state of one game shares (never copied when a state is cloned; pickled
    as its parameters)."""

    def __init__(self, params: dict):
        self.params = dict(params)
        self.decks = parse_decks(params["decks"])
        self.n_players = len(self.decks)
        self.num_seeds = int(params["num_seeds"])
        if self.num_seeds < 0:
            raise ValueError("num_seeds must be 0 (every seed) or a number of deals")
        # the deal: chance nodes, each with its outcomes (equally likely)
        self.deal_nodes, self.deal_outcomes = (_SEED_BYTES, 256) if self.num_seeds == 0 \
            else (1, self.num_seeds)
        self.chance = [(k, 1.0 / self.deal_outcomes) for k in range(self.deal_outcomes)]
        self.max_turns = int(params["max_turns"])
        self.max_game_length = int(params["max_game_length"])
        self.include_mana = bool(params["include_mana"])
        self.mulligans = bool(params["mulligans"])
        self.edition = str(params["edition"])
        self.perfect_recall = bool(params["perfect_recall"])
        proto = self.new_core(0)
        self.space = ActionSpace.for_state(proto)
        self.obs_size = observation_size(proto)
        self.head_floats = _engine.constants()["OBS_GLOBAL_SIZE"] + \
            self.n_players * _engine.constants()["OBS_PLAYER_SIZE"]
        self.scratch = np.zeros(self.obs_size, dtype=np.float32)

    def new_core(self, seed: int):
        return new_game(self.decks, seed, max_turns=self.max_turns, mulligans=self.mulligans,
                        edition=self.edition, spare_objects=_SPARE_OBJECTS).state

    def seed_of(self, dealt: list[int]) -> int:
        """The core's seed from the outcomes of the deal's chance nodes."""
        return int.from_bytes(bytes(dealt), "little") if self.num_seeds == 0 else dealt[0]

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return _shared_for, (self.params,)


class _Core:
    """Holds the core state; deepcopy (what OpenSpiel's clone of a Python state does)
    copies it with one memcpy (State.clone)."""
    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Core(None if self.state is None else self.state.clone())


class MtgGame(pyspiel.Game):
    """The OpenSpiel game; see the module's documentation."""

    def __init__(self, params: dict | None = None):
        merged = _canonical(params)
        self.shared = _shared_for(merged)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.space.n,
            max_chance_outcomes=self.shared.deal_outcomes,
            num_players=self.shared.n_players,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=self.shared.max_game_length)
        super().__init__(GAME_TYPE, info, merged)

    def new_initial_state(self) -> "MtgState":
        return MtgState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "MtgObserver":
        if iig_obs_type is not None and not (
                iig_obs_type.public_info and
                iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError(
                f"observation type (public_info={iig_obs_type.public_info}, private_info="
                f"{iig_obs_type.private_info}) is not supported: an mtg_core observer is one "
                "seat's view, public and private information together (public_info=True, "
                "private_info=SINGLE_PLAYER); its hand can't be cut out of it exactly")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MtgObserver(self.shared, params, perfect_recall)


class MtgState(pyspiel.State):
    """A game in progress: before the deal (a chance node), then the engine's decisions."""

    def __init__(self, game: MtgGame):
        super().__init__(game)
        self.shared = game.shared
        self.core = _Core(None)
        self.dealt: list[int] = []                     # outcomes of the deal so far
        self.moves = 0
        self.recall = [b""] * self.shared.n_players    # per seat: digest of all it observed

    # --- the engine state -------------------------------------------------------------------

    @property
    def engine_state(self):
        """The core State (None before the deal)."""
        return self.core.state

    def _over(self) -> bool:
        st = self.core.state
        return st is not None and (st.result != Result.ONGOING or
                                   self.moves >= self.shared.max_game_length)

    # --- OpenSpiel API -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.core.state is None:
            return pyspiel.PlayerId.CHANCE
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return int(self.core.state.decision[1])

    def is_terminal(self) -> bool:
        return self._over()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.shared.chance

    def _legal_actions(self, player: int) -> list[int]:
        st = self.core.state
        if st is None or self._over() or player != st.decision[1]:
            return []
        codes = legal_codes(st, self.shared.include_mana)
        return np.sort(self.shared.space.encode(codes)).tolist()

    def _apply_action(self, action: int) -> None:
        if self.core.state is None:
            sh = self.shared
            if not 0 <= action < sh.deal_outcomes:
                raise pyspiel.SpielError(f"chance outcome {action} is not one of the deal's "
                                         f"0..{sh.deal_outcomes - 1}")
            self.dealt.append(int(action))
            if len(self.dealt) == sh.deal_nodes:
                self.core.state = sh.new_core(sh.seed_of(self.dealt))
                self._remember(-1, -1)
            return
        st = self.core.state
        mover = int(st.decision[1])
        err = st.apply(self.shared.space.action(int(action), st))
        if err:
            raise pyspiel.SpielError(f"illegal action {action} "
                                     f"({self.shared.space.describe(int(action), st)}): core error {err}")
        self.moves += 1
        self._remember(mover, int(action))

    def _remember(self, mover: int, action: int) -> None:
        """Perfect recall: each seat's digest absorbs its observation after this move (the
        used part: global, players and the shown slots) and, for the mover, its action."""
        sh = self.shared
        if not sh.perfect_recall:
            return
        st, obs = self.core.state, sh.scratch
        for p in range(sh.n_players):
            observe(st, p, out=obs)
            used = sh.head_floats + int(obs[_OBS_SHOWN]) * _OBS_OBJECT_SIZE
            h = hashlib.sha1(self.recall[p])
            h.update(obs[:used].tobytes())
            if p == mover:
                h.update(action.to_bytes(8, "little"))
            self.recall[p] = h.digest()

    def information_digest(self, player: int) -> str:
        """The perfect-recall digest of what ``player`` has observed (hex)."""
        return self.recall[player].hex()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.shared.deal_nodes == 1:
                return f"deal {action}"
            return f"deal: seed byte {len(self.dealt)} = {action}"
        st = self.core.state
        try:
            return self.shared.space.describe(int(action), st)
        except ValueError:
            return self.shared.space.describe(int(action))

    def returns(self) -> list[float]:
        st = self.core.state
        if st is None or st.result == Result.ONGOING:
            return [0.0] * self.shared.n_players
        return returns_of(st, self.shared.n_players).tolist()

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "MtgState":
        """A state consistent with what ``player_id`` has seen (the core's determinize):
        opponents' hands, every library's order and the RNG resampled.  The seed comes
        from ``probability_sampler()`` when it is callable (OpenSpiel's samplers)."""
        clone = self.clone()
        st = self.core.state
        if st is not None and not self._over():
            if callable(probability_sampler):
                seed = int(float(probability_sampler()) * 2**53)
            else:
                seed = int(np.random.default_rng().integers(2**63))
            clone.core.state = st.determinize(player_id, seed)
        return clone

    def __str__(self) -> str:
        st = self.core.state
        if st is None:
            return f"dealing ({bytes(self.dealt).hex()})" if self.dealt else "before the deal"
        kind, who, ctx = st.decision
        name = Decision(kind).name if kind in Decision._value2member_map_ else str(kind)
        return (f"turn {st.turn} step {st.step} {name} by P{who} ({ctx}) result {st.result} "
                f"moves {self.moves} state {zlib.crc32(st.to_bytes()):08x}")


_OBS_SHOWN = _engine.constants()["OBS_SHOWN"]
_OBS_OBJECT_SIZE = _engine.constants()["OBS_OBJECT_SIZE"]


class MtgObserver:
    """OpenSpiel's PyObserver: the core's observation of one seat and its slots' object
    ids; with ``perfect_recall`` (information states) the string is the seat's history
    digest."""

    def __init__(self, shared: _Shared, params=None, perfect_recall: bool = False):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.shared = shared
        self.perfect_recall = perfect_recall and shared.perfect_recall
        self.tensor = np.zeros(shared.obs_size + OBS_SLOTS, dtype=np.float32)
        self.dict = {"observation": self.tensor[:shared.obs_size],
                     "objects": self.tensor[shared.obs_size:]}
        self._ids = new_objects()

    def set_from(self, state: MtgState, player: int) -> None:
        st = state.core.state
        if st is None:
            self.tensor.fill(0.0)
            self.dict["objects"].fill(-1.0)
        else:
            observe(st, player, out=self.dict["observation"], objects=self._ids)
            self.dict["objects"][:] = self._ids

    def string_from(self, state: MtgState, player: int) -> str:
        st = state.core.state
        if st is None:
            return f"P{player}: before the deal"
        if self.perfect_recall:
            return f"P{player} move {state.moves}: {state.information_digest(player)}"
        obs = observe(st, player)
        return f"P{player} turn {st.turn}: {hashlib.blake2b(obs.tobytes(), digest_size=12).hexdigest()}"


def _register() -> None:
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, MtgGame)


_register()


class CorePolicyBot(pyspiel.Bot):
    """A bot for seat ``player_id`` answering with a policy compiled in the core: the
    ISMCTS search (``policy="ismcts:iters=400,rollout=heuristic"``, GIL released; it reads
    the state only as the seat sees it) or the heuristic / random player.  Each step draws
    its search seed from the bot's own generator seeded by ``seed``.

    >>> import pyspiel
    >>> game = load(decks="bears;bears", max_turns=3)
    >>> bots = [CorePolicyBot(game, p, "ismcts:iters=8", seed=p) for p in range(2)]
    >>> r = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
    >>> len(r)
    2
    """

    def __init__(self, game, player_id: int, policy: str = "ismcts:iters=400", seed: int = 0):
        pyspiel.Bot.__init__(self)
        from ..policies import parse_policy
        self._spec = parse_policy(policy)
        self._player = player_id
        self._rng = np.random.default_rng(seed)

    def _search(self, state: "MtgState"):
        st = state.engine_state
        seed = int(self._rng.integers(2**63))
        if self._spec.search is not None:
            out = st.ismcts(seed, self._spec.search)
            return int(out["action"]), out["actions"], out["visits"]
        code = int(st.policy_action(self._spec.code, seed))
        return code, np.array([code], dtype=np.int32), np.ones(1, dtype=np.int64)

    def step_with_policy(self, state: "MtgState"):
        if state.is_chance_node():
            raise pyspiel.SpielError("CorePolicyBot plays the seats' decisions, not the deal")
        code, codes, visits = self._search(state)
        space = state.shared.space
        enc = space.encode(np.asarray(codes, dtype=np.int32))
        total = max(int(visits.sum()), 1)
        policy = [(int(a), float(v) / total) for a, v in zip(enc, visits)] if visits.sum() else \
            [(int(enc[0]), 1.0)]
        return policy, int(space.encode(np.array([code], dtype=np.int32))[0])

    def step(self, state: "MtgState") -> int:
        return self.step_with_policy(state)[1]

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return True


def load(**params) -> MtgGame:
    """``pyspiel.load_game("mtg_core", params)`` with keyword parameters."""
    return pyspiel.load_game(GAME_NAME, params)
