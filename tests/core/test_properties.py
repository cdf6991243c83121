"""Property tests: invariants that must hold in every reachable state of every game.

Random games (random seeds, bundled decks, 2-4 players) are played with the core's own
uniform-random policy (``State.random_action``) and ``Game.apply``; after every step the
whole packed state is checked:

* 400.1 / 400.7: every object is in exactly one zone (zone lists agree with each object's
  ``zone`` field; an object with zone -1 is in none), libraries, hands and graveyards hold
  only their owner's cards, and nothing off the battlefield keeps tapped status, damage or
  counters;
* no cards appear or vanish: library + hand + graveyard + battlefield + stack + exile hold
  every card of each owner (token creation does not exist yet), and none of a player who
  left the game (800.4a);
* every spell on the stack table is the object in the stack zone and vice versa;
* life and poison totals change only through logged events;
* 500.2: a step ends only with an empty stack; 500.4: mana pools are empty when a new step
  begins; 704.3: no state-based action applies when a player receives priority;
* a game that is not over always has a legal action, and every action it lists applies
  without raising;
* clones are independent, replays are byte-identical, ``play_random`` is deterministic.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from mtg_core import (Action, ActionKind, Decision, Game, IllegalActionError, Keyword,
                      Result, Step, Zone, _engine, bundled_deck)

C = _engine.constants()
OBJ = _engine.OBJECT_FIELDS
PLR = _engine.PLAYER_FIELDS
STK = _engine.STACK_FIELDS
# object fields by name (sections()["objects"] is a structured view)
F_ZONE, F_OWNER, F_CONTROLLER = "zone", "owner", "controller"
F_TAPPED, F_DAMAGE = "tapped", "damage"
F_PLUS1, F_MINUS1, F_INC = "plus1", "minus1", "incarnation"
F_PHASED = "phased_out"
P_LIFE, P_POISON, P_IN_GAME = PLR.index("life"), PLR.index("poison"), PLR.index("in_game")
P_REMOVED, P_MANA = PLR.index("removed"), PLR.index("mana_W")

DECKS = ("bears", "gruul", "white_weenie")
DECK_SIZE = {name: len(bundled_deck(name)) for name in DECKS}

# Tests here play hundreds of engine steps per example; keep the whole file under a minute.
PROPS = settings(max_examples=20, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclasses.dataclass(frozen=True)
class Setup:
    decks: tuple[str, ...]
    seed: int
    mulligans: bool
    policy_seed: int
    include_mana: bool
    starting_player: int | None

    def new_game(self, cls=Game) -> Game:
        return cls(list(self.decks), seed=self.seed, mulligans=self.mulligans,
                   starting_player=self.starting_player)

    @property
    def deck_sizes(self) -> list[int]:
        return [DECK_SIZE[d] for d in self.decks]


@st.composite
def setups(draw, min_players=2, max_players=4):
    n = draw(st.integers(min_players, max_players))
    decks = tuple(draw(st.lists(st.sampled_from(DECKS), min_size=n, max_size=n)))
    return Setup(decks=decks,
                 seed=draw(st.integers(0, 2**64 - 1)),
                 mulligans=draw(st.booleans()),
                 policy_seed=draw(st.integers(0, 2**40)),
                 include_mana=draw(st.booleans()),
                 starting_player=draw(st.none() | st.integers(0, n - 1)))


def policy_action(game: Game, seed: int, include_mana: bool) -> int:
    """The core's uniform-random choice for this step (a fresh generator per step)."""
    return game.state.random_action(seed & (2**64 - 1), include_mana)


def fast_forward(game: Game, setup: Setup, steps: int) -> int:
    """Play up to ``steps`` random steps without checking anything; returns steps played."""
    for i in range(steps):
        if game.is_over:
            return i
        game.apply(policy_action(game, setup.policy_seed * 7919 + i, setup.include_mana))
    return steps


# --- invariants --------------------------------------------------------------------------------

def check_zones(game: Game, deck_sizes: list[int]) -> None:
    state = game.state
    h = state.header()
    s = state.sections()
    n, nz, cap, n_players = h["n_objects"], h["n_zones"], h["cap"], h["n_players"]
    counts, lists, objs = s["zone_counts"], s["zone_lists"], s["objects"][:n]

    assert ((counts >= 0) & (counts <= cap)).all(), f"zone counts out of range: {counts}"
    zoff = state.zone_offsets()
    listed = np.concatenate([lists[zoff[z]:zoff[z] + counts[z]] for z in range(nz)])
    listed_zone = np.repeat(np.arange(nz), counts)
    assert ((listed >= 0) & (listed < n)).all(), "a zone lists an object that does not exist"
    uniq, times = np.unique(listed, return_counts=True)
    assert (times == 1).all(), f"objects listed more than once: {uniq[times > 1].tolist()}"
    zones = objs[F_ZONE]
    assert ((zones >= -1) & (zones < nz)).all(), "an object names an unknown zone"
    wrong = listed[zones[listed] != listed_zone]
    assert wrong.size == 0, f"objects listed in one zone but saying another: {wrong.tolist()}"
    in_zone = zones >= 0
    assert int(in_zone.sum()) == listed.size, \
        f"objects with a zone but in no list: {np.flatnonzero(in_zone & ~np.isin(np.arange(n), listed)).tolist()}"

    # Cards neither appear nor vanish (no token creation exists yet).
    assert n == sum(deck_sizes), f"{n} objects for decks of {deck_sizes}"
    owners = objs[F_OWNER]
    players = s["players"]
    for p in range(n_players):
        have = int(((owners == p) & in_zone).sum())
        want = 0 if players[p, P_REMOVED] else deck_sizes[p]
        assert have == want, f"player {p} owns {have} cards in zones, expected {want}"

    # 400.3: libraries, hands and graveyards hold only their owner's cards.
    player_zone = in_zone & (zones < 3 * n_players)
    bad = np.flatnonzero(player_zone & (owners != zones // 3))
    assert bad.size == 0, f"cards in another player's library/hand/graveyard: {bad.tolist()}"
    # Off the battlefield and the stack, an object is controlled by its owner.
    exile = n_players * 3 + (C["Z_EXILE"] - C["Z_BATTLEFIELD"])
    off = in_zone & ((zones < 3 * n_players) | (zones == exile))
    bad = np.flatnonzero(off & (objs[F_CONTROLLER] != owners))
    assert bad.size == 0, f"objects off the battlefield controlled by a non-owner: {bad.tolist()}"
    # 400.7: a new object has no memory of being tapped, damaged or countered.
    battlefield = n_players * 3
    off_bf = zones != battlefield
    for field, name in ((F_TAPPED, "tapped"), (F_DAMAGE, "damage"), (F_PLUS1, "+1/+1"),
                        (F_MINUS1, "-1/-1"), (F_PHASED, "phased out")):
        bad = np.flatnonzero(off_bf & (objs[field] != 0))
        assert bad.size == 0, f"objects off the battlefield with {name}: {bad.tolist()}"
    assert (objs[F_DAMAGE] >= 0).all() and (objs[F_PLUS1] >= 0).all() \
        and (objs[F_MINUS1] >= 0).all()

    # The stack table and the stack zone agree: one SK_SPELL entry per object there.
    stack_zone = battlefield + (C["Z_STACK"] - C["Z_BATTLEFIELD"])
    on_stack = sorted(lists[zoff[stack_zone]:zoff[stack_zone] + counts[stack_zone]].tolist())
    entries = s["stack"][:h["stack_n"]]
    spells = entries[entries[:, STK.index("kind")] == C["SK_SPELL"]]
    assert sorted(spells[:, STK.index("obj")].tolist()) == on_stack, \
        "spells on the stack table differ from objects in the stack zone"
    for row in spells:
        o = int(row[STK.index("obj")])
        assert row[STK.index("obj_inc")] == objs[F_INC][o], f"spell {o} is a stale object"


def check_sbas_settled(game: Game) -> None:
    """117.5 / 704.3: when a player receives priority, no state-based action applies."""
    state = game.state
    s = state.sections()
    n_players = state.header()["n_players"]
    for p in range(n_players):
        if s["players"][p, P_IN_GAME]:
            assert s["players"][p, P_LIFE] > 0, f"player {p} has priority-time life <= 0"
            assert s["players"][p, P_POISON] < 10
    for o in game.zone(Zone.BATTLEFIELD):
        f = s["objects"][o]
        if f[F_PHASED] or "Creature" not in game.card_of(o).types:
            continue
        power, toughness = state.power_toughness(o)
        assert toughness > 0, f"creature {o} with toughness {toughness} survived 704.5f"
        if not game.keywords(o) & Keyword.INDESTRUCTIBLE:
            assert f[F_DAMAGE] < toughness, f"creature {o} with lethal damage survived 704.5g"
    assert game.clone().check_state_based_actions() == 0, "a state-based action was pending"


def pools(game: Game) -> np.ndarray:
    return game.state.sections()["players"][:, P_MANA:P_MANA + 6].copy()


def check_step(game: Game, before: dict, setup: Setup, try_all: bool) -> None:
    """Everything checked after one step; ``before`` describes the previous state.  ``game``
    keeps the core's event rows (a ``recording_game``, see tests/conftest.py)."""
    state = game.state
    h = state.header()
    check_zones(game, setup.deck_sizes)

    # Life and poison change only through logged events (120.3, 119.3).
    events = game.events
    s = state.sections()
    n_players = h["n_players"]
    life_delta = [0] * n_players
    poison_delta = [0] * n_players
    for code, a, b, _c in events:
        if code == C["EV_LIFE"]:
            life_delta[a] += b
        elif code == C["EV_POISON"]:
            poison_delta[a] += b
    life = s["players"][:, P_LIFE].tolist()
    poison = s["players"][:, P_POISON].tolist()
    assert [x - y for x, y in zip(life, before["life"])] == life_delta, \
        f"life went {before['life']} -> {life} but the log says {life_delta}"
    assert [x - y for x, y in zip(poison, before["poison"])] == poison_delta

    # A step that ended did so with an empty stack (500.2): after a step change, nothing
    # cast before survives and only beginning-of-step triggers can be on the stack.
    if h["step_serial"] != before["step_serial"] and h["result"] == Result.ONGOING:
        entries = s["stack"][:h["stack_n"]]
        kinds = entries[:, STK.index("kind")].tolist()
        assert all(k == C["SK_TRIGGER"] for k in kinds), \
            f"a step ended with spells or abilities on the stack: {entries.tolist()}"
        survivors = set(map(tuple, entries[:, :3].tolist())) & before["stack"]
        assert not survivors, f"stack items outlived their step: {survivors}"
        # 500.4: mana empties when a step ends, and nothing in these decks adds mana at
        # the beginning of a step.
        assert not pools(game).any(), f"mana left over into a new step: {pools(game)}"

    if game.is_over:
        assert len(game.legal_actions()) == 0
        assert game.decision is None
        return
    d = game.decision
    assert d is not None, "the game is not over but nobody has to decide"
    assert s["players"][d.player, P_IN_GAME], f"player {d.player} is out but must decide"
    actions = game.legal_actions()
    assert actions, f"no legal action for {d} while the game is not over"
    assert len(set(a.code for a in actions)) == len(actions), "duplicate legal actions"
    if d.kind == Decision.PRIORITY:
        check_sbas_settled(game)
    if try_all:
        for a in actions:
            c = game.clone()
            c.apply(a)            # never raises
            check_zones(c, setup.deck_sizes)


def snapshot(game: Game) -> dict:
    s = game.state.sections()
    h = game.state.header()
    return {"life": s["players"][:, P_LIFE].tolist(),
            "poison": s["players"][:, P_POISON].tolist(),
            "step_serial": h["step_serial"],
            "stack": set(map(tuple, s["stack"][:h["stack_n"], :3].tolist()))}


def run_checked(recording_game, setup: Setup, warmup: int, steps: int,
                try_all_every: int = 4) -> Game:
    """Play ``setup`` as a ``recording_game`` (the fixture), checking every step."""
    game = setup.new_game(recording_game)
    check_zones(game, setup.deck_sizes)
    played = fast_forward(game, setup, warmup)
    for i in range(steps):
        if game.is_over:
            break
        before = snapshot(game)
        game.events = []
        code = policy_action(game, setup.policy_seed * 7919 + played + i, setup.include_mana)
        assert code >= 0, "the random policy found no legal action in a running game"
        note(f"step {played + i}: {Action(code)!r} by {game.decision}")
        game.apply(code)
        check_step(game, before, setup, try_all=(i % try_all_every == 0))
    return game


def test_the_invariant_checks_have_teeth(recording_game):
    """The checkers above do catch broken states (so a passing property means something)."""
    setup = Setup(("gruul", "white_weenie"), seed=3, mulligans=False, policy_seed=1,
                  include_mana=False, starting_player=0)
    game = setup.new_game(recording_game)
    fast_forward(game, setup, 200)
    check_zones(game, setup.deck_sizes)
    before = snapshot(game)
    game.events = []
    game.set_player(0, life=game.life(0) - 3)              # no event logged
    with pytest.raises(AssertionError, match="life went"):
        check_step(game, before, setup, try_all=False)

    broken = setup.new_game()
    o = broken.library(0)[0]
    broken.state.sections()["objects"][F_ZONE][o] = 1      # says "hand", listed in library
    with pytest.raises(AssertionError, match="saying another"):
        check_zones(broken, setup.deck_sizes)

    vanished = setup.new_game()
    s = vanished.state.sections()
    o = vanished.library(0)[-1]
    s["zone_counts"][0] -= 1                               # drop the top card entirely
    s["objects"][F_ZONE][o] = -1
    with pytest.raises(AssertionError, match="owns"):
        check_zones(vanished, setup.deck_sizes)

    damaged = setup.new_game()
    o = damaged.library(0)[0]
    damaged.state.sections()["objects"][F_DAMAGE][o] = 2
    with pytest.raises(AssertionError, match="damage"):
        check_zones(damaged, setup.deck_sizes)


# --- the random-game invariants ------------------------------------------------------------------

@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 0, 40, 300, 1500, 2600]),
       steps=st.integers(1, 120))
def test_random_games_keep_every_invariant(recording_game, setup, warmup, steps):
    run_checked(recording_game, setup, warmup, steps)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(max_players=2))
def test_two_player_games_keep_invariants_to_the_end(recording_game, setup):
    """Whole games (the mirror ends by decking: 704.5b), checked at every step."""
    game = run_checked(recording_game, setup, warmup=0, steps=20000, try_all_every=25)
    assert game.is_over
    assert game.result.kind in (Result.WIN, Result.DRAW)


@pytest.mark.parametrize("n_players", [3, 4])
def test_multiplayer_game_to_the_end_with_players_leaving(recording_game, n_players):
    """800.4a: losers leave with their cards; the zone and card-count invariants hold all the
    way to the last player standing (deterministic, ~10k steps)."""
    setup = Setup(decks=("bears", "gruul", "white_weenie", "bears")[:n_players], seed=5,
                  mulligans=True, policy_seed=11, include_mana=False, starting_player=None)
    game = setup.new_game(recording_game)
    step = 0
    seen_removed = False
    while not game.is_over:
        before = snapshot(game)
        playing = sum(game.in_game(p) for p in range(n_players))
        game.events = []
        game.apply(policy_action(game, step, False))
        step += 1
        if step % 7 == 0 or game.is_over:
            check_step(game, before, setup, try_all=(step % 97 == 0))
        seen_removed |= bool(game.state.sections()["players"][:, P_REMOVED].any())
        assert step < 60000
    assert game.result.kind in (Result.WIN, Result.DRAW)
    # with combat, every opponent may lose in the same combat damage step: the game ends
    # at once (104.2a) and nobody is left to have been removed while it went on
    assert seen_removed or game.result.kind == Result.DRAW or playing == n_players


@PROPS
@given(setup=setups(min_players=3), warmup=st.sampled_from([0, 0, 3, 100, 1200, 3000]),
       concede_at=st.lists(st.integers(0, 150), min_size=1, max_size=3),
       who=st.lists(st.integers(0, 7), min_size=3, max_size=3))
def test_concessions_keep_invariants(recording_game, setup, warmup, concede_at, who):
    """104.3a / 800.4a: a player may concede at any time, whatever decision is pending
    (mulligans, targets, discards, priority); they leave with their cards and every
    invariant still holds, including 704.3 at the next priority."""
    game = setup.new_game(recording_game)
    fast_forward(game, setup, warmup)
    pending = sorted(concede_at)
    k = 0
    for i in range(200):
        if game.is_over:
            break
        before = snapshot(game)
        game.events = []
        if pending and i >= pending[0]:
            pending.pop(0)
            alive = [p for p in range(game.n_players) if game.in_game(p)]
            p = alive[who[k % len(who)] % len(alive)]
            k += 1
            note(f"step {i}: player {p} concedes during {game.decision}")
            game.concede(p)
            assert not game.in_game(p)
        else:
            game.apply(policy_action(game, setup.policy_seed + i, setup.include_mana))
        check_step(game, before, setup, try_all=(i % 5 == 0))


# --- clones, replays, determinism ------------------------------------------------------------------

@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 25, 400, 2000]),
       steps_a=st.integers(1, 40), steps_b=st.integers(1, 40), offset=st.integers(1, 2**20))
def test_clone_is_independent(setup, warmup, steps_a, steps_b, offset):
    game = setup.new_game()
    fast_forward(game, setup, warmup)
    clone = game.clone()
    assert clone == game and clone.state.to_bytes() == game.state.to_bytes()
    assert clone.state.buffer is not game.state.buffer
    original_bytes = game.state.to_bytes()

    # Advance the clone with its own choices: the original must not move by one byte.
    for i in range(steps_b):
        if clone.is_over:
            break
        clone.apply(policy_action(clone, setup.policy_seed + offset + i, True))
    assert game.state.to_bytes() == original_bytes
    clone_bytes = clone.state.to_bytes()

    # Advance the original with different choices: the clone must not move either.
    for i in range(steps_a):
        if game.is_over:
            break
        game.apply(policy_action(game, setup.policy_seed + i, setup.include_mana))
    assert clone.state.to_bytes() == clone_bytes

    # Finishing one in the core (or conceding in it) leaves the other alone as well.
    frozen = game.state.to_bytes()
    if not clone.is_over:
        clone.concede(clone.decision.player)
    clone.play_random(seed=offset)
    assert game.state.to_bytes() == frozen


def test_clone_differs_once_actions_differ():
    """Two different legal choices from the same state lead to different states, and
    neither touches the other (deterministic companion to the property above)."""
    game = Game(["gruul", "white_weenie"], seed=21, mulligans=False)
    for i in range(200):
        if len(game.legal_actions()) >= 2:
            break
        game.apply(game.state.random_action(i))
    actions = game.legal_actions()
    assert len(actions) >= 2
    a, b = game.clone(), game.clone()
    before = game.state.to_bytes()
    a.apply(actions[0])
    b.apply(actions[-1])
    assert a != b
    assert game.state.to_bytes() == before


@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 30, 500, 2500]), steps=st.integers(1, 80))
def test_same_seed_and_choices_give_identical_bytes(setup, warmup, steps):
    """Two games built from the same seed and fed the same actions stay byte-identical."""
    g1, g2 = setup.new_game(), setup.new_game()
    assert g1.state.to_bytes() == g2.state.to_bytes()
    for i in range(warmup + steps):
        if g1.is_over:
            break
        code = policy_action(g1, setup.policy_seed * 31 + i, setup.include_mana)
        g1.apply(code)
        g2.apply(code)
        if i >= warmup or i % 50 == 0:
            assert g1.state.to_bytes() == g2.state.to_bytes(), f"diverged at step {i}"
    assert g1 == g2 and hash(g1) == hash(g2)
    assert g1.log == g2.log


@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 10, 300]), seed=st.integers(0, 2**64 - 1),
       include_mana=st.booleans())
def test_play_random_is_deterministic(setup, warmup, seed, include_mana):
    g1 = setup.new_game()
    fast_forward(g1, setup, warmup)
    g2 = g1.clone()
    g3 = setup.new_game()
    fast_forward(g3, setup, warmup)
    r1 = g1.play_random(seed=seed, include_mana_abilities=include_mana)
    r2 = g2.play_random(seed=seed, include_mana_abilities=include_mana)
    r3 = g3.play_random(seed=seed, include_mana_abilities=include_mana)
    assert r1 == r2 == r3
    assert g1.state.to_bytes() == g2.state.to_bytes() == g3.state.to_bytes()
    assert r1.finished or r1.kind == Result.UNFINISHED
    check_zones(g1, setup.deck_sizes)


def test_play_random_seeds_matter():
    """The policy seed actually drives the choices (different seeds, different games)."""
    finals = set()
    for seed in range(6):
        g = Game(["gruul", "white_weenie"], seed=4, mulligans=False)
        g.play_random(seed=seed)
        finals.add(g.state.to_bytes())
    assert len(finals) > 1


def test_play_random_games_is_deterministic():
    from mtg_core import play_random_games
    a = play_random_games("bears", "gruul", 12, seed=9)
    b = play_random_games("bears", "gruul", 12, seed=9)
    assert a.shape == (12, 3) and (a == b).all()
    assert set(a[:, 0].tolist()) <= {int(Result.WIN), int(Result.DRAW)}


@pytest.mark.parametrize("mulligans,max_turns,edition", [(True, 0, "seed"), (False, 9, "classic")])
def test_play_random_games_game_i_is_game_seed_plus_i(mulligans, max_turns, edition):
    """The batch path (one unshuffled state copied per game) plays exactly the games
    Game / State.new_game builds: game i is Game(seed=seed + i) (modulo 2**64) finished by
    the random policy with game i's seat streams (State.play_policies, policies.pxi)."""
    from mtg_core import play_random_games
    seed, n = 2**64 - 3, 8                      # the seeds wrap around 2**64
    rows = play_random_games("bears", "gruul", n, seed=seed, mulligans=mulligans,
                             max_turns=max_turns, edition=edition)
    for i in range(n):
        g = Game(["bears", "gruul"], seed=(seed + i) % 2**64, mulligans=mulligans,
                 max_turns=max_turns, edition=edition, log=False)
        g.state.play_policies([_engine.constants()["POL_RANDOM"]], seed, i)
        winner = -1 if g.result.winner is None else g.result.winner
        assert rows[i].tolist() == [int(g.state.result), winner, g.turn], i


# --- legal actions and illegal ones --------------------------------------------------------------

@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 5, 60, 700, 2500]),
       code=st.integers(0, 2**31 - 1))
def test_an_unlisted_action_raises_and_changes_nothing(setup, warmup, code):
    """Any action code that is not listed raises IllegalActionError and leaves the state
    byte-for-byte unchanged; a listed one applies.  (Codes of a known action kind.)"""
    game = setup.new_game()
    fast_forward(game, setup, warmup)
    kinds = [int(k) for k in ActionKind]
    code = (code & ~255) | kinds[code % len(kinds)]
    legal = {a.code for a in game.legal_actions()}
    before = game.state.to_bytes()
    if code in legal:
        game.apply(code)
        return
    with pytest.raises(IllegalActionError):
        game.apply(code)
    assert game.state.to_bytes() == before


@pytest.mark.parametrize("code", [57, 12345, -1, 2**31 - 1])
def test_garbage_action_code_raises_illegal_action_error(code):
    """Regression: an action code whose low byte is no ActionKind used to raise ValueError
    (from Action.__repr__, building the error message) instead of IllegalActionError."""
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    before = game.state.to_bytes()
    with pytest.raises(IllegalActionError):
        game.apply(code)
    assert game.state.to_bytes() == before


@PROPS
@given(setup=setups(), warmup=st.sampled_from([0, 3, 50, 400, 2400]))
def test_every_listed_action_applies(setup, warmup):
    game = setup.new_game()
    fast_forward(game, setup, warmup)
    if game.is_over:
        assert game.legal_actions() == []
        return
    actions = game.legal_actions()
    assert actions
    for a in actions:
        c = game.clone()
        c.apply(a)
        check_zones(c, setup.deck_sizes)
    # The random policy picks among the listed ones (mana abilities aside).
    for s in range(10):
        code = policy_action(game, s, True)
        assert code in {a.code for a in actions}


# --- engine bugs found by these tests (minimal reproductions, now regressions) -------------------------------------------------------

def test_concession_during_another_players_targeting_keeps_the_cast_going():
    """Regression: concede() by a player who is not deciding, while another player chooses
    targets, used to abandon that player's spell on the stack, targetless and unpaid."""
    game = Game(["gruul"] * 3, seed=1, mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    mountain = game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0, Zone.HAND)
    game.cast(bolt)
    assert game.decision.kind == Decision.TARGET and game.decision.player == 0
    game.concede(2)
    # 601.2: player 0 is still casting Lightning Bolt: either the target choice goes on,
    # or the spell was fully cast (paid for) -- never a free, targetless spell.
    d = game.decision
    paid = game.obj(mountain)["tapped"] == 1
    assert (d.kind == Decision.TARGET and d.player == 0) or paid, \
        f"{d}; Mountain tapped={paid}; stack={game.stack()}"


def test_concession_during_mulligans_leaves_no_decision_to_the_departed():
    """Regression: a player who conceded during the mulligans while someone else decided
    was still asked MULLIGAN / BOTTOM afterwards; after mulligans the game got stuck in a
    BOTTOM decision with no legal action."""
    game = Game(["bears"] * 3, seed=1, mulligans=True, starting_player=0)
    keep, mull = Action.make(ActionKind.KEEP), Action.make(ActionKind.MULLIGAN)
    for a in (keep, mull, mull, mull, mull):     # P0 keeps; P1, P2 take two mulligans each
        game.apply(a)
    assert game.decision.player == 1
    game.concede(2)
    for _ in range(20):
        if game.decision.kind not in (Decision.MULLIGAN, Decision.BOTTOM):
            break
        d = game.decision
        assert game.in_game(d.player), f"player {d.player} left the game but must decide {d}"
        actions = game.legal_actions()
        assert actions, f"no legal action for {d}"
        game.apply(keep if keep in actions else actions[0])
    assert game.play_random(seed=0).finished


def test_state_based_actions_are_checked_after_another_player_concedes():
    """Regression: when a player who did not hold priority conceded, the Aura they left
    attached to nothing (704.5m) stayed on the battlefield while another player had
    priority (117.5, 704.3)."""
    game = Game(["white_weenie"] * 3, seed=2, mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    lions = game.create_card("Savannah Lions", 2, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=lions)
    game.check_state_based_actions()
    assert game.obj(aura)["zone"] >= 0 and game.in_game(2)
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0
    game.concede(2)                       # Savannah Lions leaves the game with player 2
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0
    assert game.clone().check_state_based_actions() == 0, \
        "player 0 holds priority while Holy Strength is attached to nothing"


def test_negative_maximum_hand_size_discards_the_whole_hand():
    game = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
    game.set_player(0, max_hand=-1)
    for i in range(400):
        if game.is_over or game.turn > 2:
            break
        actions = game.legal_actions()
        assert actions, f"no legal action for {game.decision} with {len(game.hand(0))} cards"
        game.apply(game.state.random_action(i))
    assert game.turn > 2
    assert game.graveyard(0), "player 0 discarded nothing"
