"""Growable tables (a state no bigger than its game needs; growth.pxi).

A game starts its stack, effect, trigger, delayed-trigger and combat-pair tables and its spare
object rows small and the core grows them during play when one would overflow, where it
used to stop the game ABORTED.  Growing never changes the game: played from the smallest
starting sizes (every table grows from nothing) and from the old fixed sizes, the same seed
and the same choices give the same decisions, results and final states (but for the
capacities).  A grown state saves, loads and validates like any other; capacities that
don't fit the layout or their limits are refused naming the field."""
from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from mtg_core import DEFAULT_CARDS, Game, bundled_deck, _engine
from mtg_core.decks import bundled_deck_names

C = _engine.constants()
DECKS = bundled_deck_names()
CAPS = ("cap", "player_zone_cap", "stack_cap", "effect_cap", "trigger_cap", "delayed_cap",
        "pair_cap")
ROWS = {name: bundled_deck(name).rows(DEFAULT_CARDS) for name in DECKS}


def new_state(decks, seed, sizing, **kw):
    return _engine.State.new_game(DEFAULT_CARDS.tables, [ROWS[d] for d in decks], seed,
                                  sizing=sizing, **kw)


def same_game(a, b) -> bool:
    """Byte-identical once both have the larger of each capacity (reserve copies every row)."""
    ha, hb = a.header(), b.header()
    caps = {k: max(ha[k], hb[k]) for k in CAPS}
    a, b = a.clone(), b.clone()
    a.reserve(**caps)
    b.reserve(**caps)
    return a.to_bytes() == b.to_bytes()


def play_logged(st, seed, n_driven=400):
    """Random decisions taken one at a time (mana abilities now and then); the actions."""
    rng = np.random.default_rng(seed)
    actions = []
    for _ in range(n_driven):
        if st.result != C["R_ONGOING"]:
            break
        act = st.random_action(int(rng.integers(2**32)), bool(rng.random() < 0.2))
        actions.append(act)
        assert st.apply(act) == 0
    return actions


def test_the_tables_start_small_and_grow_as_the_game_needs_them():
    full = new_state(("red", "white"), 3, C["SIZING_FULL"])
    small = new_state(("red", "white"), 3, C["SIZING_SMALL"])
    h = small.header()
    assert (h["stack_cap"], h["effect_cap"], h["trigger_cap"]) == (C["GROW_FIRST_ROWS"],) * 3
    assert len(small.to_bytes()) < len(full.to_bytes())
    tiny = new_state(("red", "white"), 3, C["SIZING_MIN"])
    assert all(tiny.header()[k] == 0 for k in ("stack_cap", "effect_cap", "trigger_cap",
                                               "delayed_cap", "pair_cap"))
    grown = set()
    for seed in range(6):
        st = new_state(("red", "white"), seed, C["SIZING_MIN"])
        st.play_policies([C["POL_RANDOM"]], seed)
        h = st.header()
        assert st.result in (C["R_WIN"], C["R_DRAW"])
        grown |= {k for k in ("stack_cap", "effect_cap", "trigger_cap", "pair_cap") if h[k]}
        assert len(st.to_bytes()) == 4 * _engine.layout_size(h) == 4 * h["total_ints"]
        assert st._validate() is None
    assert grown == {"stack_cap", "effect_cap", "trigger_cap", "pair_cap"}


def test_a_grown_table_doubles_up_to_its_old_fixed_size():
    st = new_state(("red", "white"), 1, C["SIZING_MIN"])
    seen = {0}
    while st.result == C["R_ONGOING"]:
        assert st.apply(st.random_action(len(seen) * 7919 + st.turn)) == 0
        seen.add(st.header()["pair_cap"])
    assert seen <= {0, 4, 8, 16, 32, C["PAIR_CAP"]} and max(seen) >= 4


def test_tokens_grow_the_object_table_past_its_spare_rows():
    """Call of the Herd and Grave Titan make tokens: from no spare rows at all, the table
    grows by the rows they take (and the zone lists of the battlefield with it)."""
    found = False
    for seed in range(20):
        st = new_state(("green_black", "green_black"), seed, C["SIZING_MIN"])
        cap0 = st.header()["cap"]
        st.play_policies([C["POL_HEURISTIC"]], seed)
        h = st.header()
        assert st.result in (C["R_WIN"], C["R_DRAW"])
        if h["n_objects"] > cap0:
            found = True
            assert h["cap"] >= h["n_objects"] and st._validate() is None
            break
    assert found


@pytest.mark.parametrize("sizing", ["SIZING_MIN", "SIZING_SMALL"])
def test_growth_never_changes_a_game(sizing):
    """Every bundled pairing and 3- and 4-player games, random decisions driven one at a
    time then a policy to the end: the same actions, results and final state as with the
    old fixed sizes."""
    games = list(itertools.combinations_with_replacement(DECKS, 2))
    games += [tuple(DECKS[i:i + 3]) for i in range(len(DECKS) - 2)]
    games += [tuple(DECKS[i:i + 4]) for i in range(len(DECKS) - 3)]
    grew = 0
    for g, decks in enumerate(games):
        seed = 100 + g
        a = new_state(decks, seed, C[sizing], mulligans=g % 2 == 0)
        b = new_state(decks, seed, C["SIZING_FULL"], mulligans=g % 2 == 0)
        assert play_logged(a, seed, 150) == play_logged(b, seed, 150)
        pol = [C["POL_RANDOM"] if g % 3 else C["POL_HEURISTIC"]]
        assert a.play_policies(pol, seed) == b.play_policies(pol, seed)
        assert (a.result, a.winner, a.turn) == (b.result, b.winner, b.turn)
        assert a.result != C["R_ABORTED"], decks
        assert same_game(a, b), decks
        grew += len(a.to_bytes()) != len(b.to_bytes())
    assert grew > 0


def test_batches_of_games_and_rollouts_reuse_their_buffer_across_growth():
    """play_games and rollouts copy each game into one scratch buffer: a game that grew it
    leaves the next one unchanged."""
    tables = DEFAULT_CARDS.tables
    decks = [ROWS["green_black"], ROWS["red"]]
    pol = (C["POL_RANDOM"], C["POL_RANDOM"])
    a = _engine.play_games(tables, decks, 30, 7, pol, sizing=C["SIZING_MIN"])
    b = _engine.play_games(tables, decks, 30, 7, pol, sizing=C["SIZING_FULL"])
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    mid = {}
    for s in ("SIZING_MIN", "SIZING_FULL"):
        st = new_state(("green_black", "red"), 11, C[s])
        play_logged(st, 11, 120)
        mid[s] = st
    before = mid["SIZING_MIN"].to_bytes()
    ra = mid["SIZING_MIN"].rollouts(25, C["POL_RANDOM"], 5)
    rb = mid["SIZING_FULL"].rollouts(25, C["POL_RANDOM"], 5)
    for k in ra:
        assert np.array_equal(ra[k], rb[k]), k
    assert mid["SIZING_MIN"].to_bytes() == before


def test_copy_into_a_state_of_another_size():
    small = new_state(("red", "white"), 2, C["SIZING_MIN"])
    scratch = small.clone()
    big = small.clone()
    big.play_policies([C["POL_RANDOM"]], 2)
    assert len(big.to_bytes()) > len(scratch.to_bytes())
    big.copy_into(scratch)                       # grows scratch's buffer
    assert scratch == big
    small.copy_into(scratch)                     # and back
    assert scratch == small and scratch.legal_actions().tolist() == small.legal_actions().tolist()


def test_a_grown_state_saves_loads_and_validates():
    st = new_state(("red", "white"), 4, C["SIZING_MIN"])
    play_logged(st, 4, 300)
    h = st.header()
    assert h["stack_cap"] > 0 and st._validate() is None
    loaded = _engine.State.from_buffer(DEFAULT_CARDS.tables, st.to_bytes())
    assert loaded == st
    assert loaded.legal_actions().tolist() == st.legal_actions().tolist()
    game = Game(["red", "white"], seed=4)
    while game.turn < 6 and not game.is_over:
        game.apply(game.state.random_action(game.turn))
    assert Game.load(game.save()) == game


def corrupt(st, **fields) -> bytes:
    buf = np.frombuffer(st.to_bytes(), dtype=np.int32).copy()
    for k, v in fields.items():
        buf[_engine.HEADER_FIELDS.index(k)] = v
    return buf.tobytes()


def test_corrupt_capacities_are_refused_naming_the_field():
    st = new_state(("red", "white"), 4, C["SIZING_MIN"])
    play_logged(st, 4, 300)
    h = st.header()
    tables = DEFAULT_CARDS.tables
    with pytest.raises(_engine.EngineError, match="capacity stack_cap is 65"):
        _engine.State.from_buffer(tables, corrupt(st, stack_cap=C["STACK_CAP"] + 1))
    with pytest.raises(_engine.EngineError, match="capacity trigger_cap is -1"):
        _engine.State.from_buffer(tables, corrupt(st, trigger_cap=-1))
    with pytest.raises(_engine.EngineError, match="its layout needs"):   # a grown size, old bytes
        _engine.State.from_buffer(tables, corrupt(st, effect_cap=h["effect_cap"] + 4))
    with pytest.raises(_engine.EngineError, match="capacity player_zone_cap"):
        _engine.State.from_buffer(tables, corrupt(st, player_zone_cap=h["cap"] + 1))


def corrupt_resized(st, h) -> bytes:
    """The header's words as ``h`` says, total_ints matching the layout it implies."""
    need = _engine.layout_size(h)
    buf = np.zeros(need, dtype=np.int32)
    old = np.frombuffer(st.to_bytes(), dtype=np.int32)
    buf[:min(need, old.size)] = old[:min(need, old.size)]
    for k in CAPS:
        buf[_engine.HEADER_FIELDS.index(k)] = h[k]
    buf[_engine.HEADER_FIELDS.index("total_ints")] = need
    return buf.tobytes()


def test_the_stack_count_must_fit_its_grown_capacity():
    st = new_state(("red", "white"), 4, C["SIZING_MIN"])
    while st.result == C["R_ONGOING"] and st.header()["stack_n"] == 0:
        assert st.apply(st.random_action(st.header()["timestamp"])) == 0
    h = st.header()
    assert h["stack_n"] > 0
    with pytest.raises(_engine.EngineError, match="stack count"):
        _engine.State.from_buffer(DEFAULT_CARDS.tables,
                                  corrupt_resized(st, dict(h, stack_cap=h["stack_n"] - 1)))


# --- the debug build: many games, forced growth against the old sizes -------------------------

FORCED_GROWTH = r"""
import itertools, json, random, sys
import numpy as np
from mtg_core import DEFAULT_CARDS, Card, Deck, bundled_deck, bundled_deck_names, _engine
assert _engine.DEBUG_BUILD, "this must run against the debug build"
C = _engine.constants()
CAPS = ("cap", "player_zone_cap", "stack_cap", "effect_cap", "trigger_cap", "delayed_cap",
        "pair_cap")
n_games, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
cards = DEFAULT_CARDS
decks = {name: bundled_deck(name).rows(cards) for name in bundled_deck_names()}
spells = [c.name for c in cards if "Land" not in c.types]
decks["everything"] = Deck.parse("\n".join(
    [f"5 {n}" for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    + [f"{1 + i % 2} {n}" for i, n in enumerate(spells)]), name="everything").rows(cards)
names = sorted(decks)

def play(seats, s, sizing, edition, mull, turns):
    st = _engine.State.new_game(cards.tables, [decks[x] for x in seats], s, mulligans=mull,
                                max_turns=turns, edition=edition, sizing=sizing)
    r = random.Random(s)
    acts = []
    for _ in range(120):
        if st.result != C["R_ONGOING"]:
            break
        a = st.random_action(r.getrandbits(32), r.random() < 0.2)
        acts.append(a)
        assert st.apply(a) == 0
    acts.append(st.play_policies([C["POL_RANDOM"] if s % 3 else C["POL_HEURISTIC"]], s))
    return st, acts

def same(a, b):
    ha, hb = a.header(), b.header()
    caps = {k: max(ha[k], hb[k]) for k in CAPS}
    a, b = a.clone(), b.clone()
    a.reserve(**caps)
    b.reserve(**caps)
    return a.to_bytes() == b.to_bytes()

out = {"games": 0, "grew": 0, "results": {}, "players": {}}
for g in range(n_games):
    n = 2 + g % 3
    seats = [names[(g // 3) % len(names)]] + [rng.choice(names) for _ in range(n - 1)]
    s = rng.getrandbits(32)
    edition = rng.choice([C["EDITION_SEED"], C["EDITION_CURRENT"], C["EDITION_CLASSIC"]])
    mull, turns = rng.random() < 0.5, rng.choice([0, 20, 30])
    a, acts_a = play(seats, s, C["SIZING_MIN"], edition, mull, turns)
    b, acts_b = play(seats, s, C["SIZING_FULL"], edition, mull, turns)
    assert acts_a == acts_b, (seats, s)
    assert (a.result, a.winner, a.turn) == (b.result, b.winner, b.turn), (seats, s)
    assert a.result != C["R_ABORTED"], (seats, s)
    assert same(a, b), (seats, s)
    assert a._validate() is None
    assert _engine.State.from_buffer(cards.tables, a.to_bytes()) == a
    out["games"] += 1
    out["grew"] += len(a.to_bytes()) != len(b.to_bytes())
    out["results"][str(a.result)] = out["results"].get(str(a.result), 0) + 1
    out["players"][str(n)] = out["players"].get(str(n), 0) + 1
print(json.dumps(out))
"""


def test_forced_growth_plays_the_same_games_in_the_debug_build(debug_engine):
    """The debug build (every shortcut cross-checked, sanitizers on; the old buffer is
    poisoned after each growth, so a stale pointer into it would show): 150 games of every
    bundled deck and one with every card, 2 to 4 players, every rules edition, each played
    from the smallest starting sizes and from the old fixed ones: the same decisions,
    results and final states."""
    proc = debug_engine.run(FORCED_GROWTH, timeout=1500, args=("150", "8"))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["games"] == 150 and report["grew"] > 100
    assert set(report["players"]) == {"2", "3", "4"}
