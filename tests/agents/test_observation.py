"""Observations built by the compiled core (docs/observations.md): one player's view as a fixed-size
float32 vector.  A player sees the public zones (the battlefield, the stack, graveyards,
exile: 400.2), their own hand, and of an opponent's hand (402.3) and of every library
(401.2) only the number of cards; nothing in the vector depends on hidden information."""
import numpy as np
import pytest

from mtg_core import Game, _engine
from mtg_core._engine import EngineError

Z_LIBRARY, Z_HAND, Z_BATTLEFIELD = _engine.Z_LIBRARY, _engine.Z_HAND, _engine.Z_BATTLEFIELD


def layout_of(st, slots=_engine.OBS_SLOTS):
    return _engine.observation_layout(st.n_players, slots)


def rows(obs, layout, part):
    p = layout[part]
    return obs[p["offset"]:p["offset"] + p["rows"] * p["row_size"]].reshape(p["rows"], p["row_size"])


def field(layout, part, name):
    off, n = layout[part]["fields"][name]
    return slice(off, off + n) if n > 1 else off


def random_states(decks, seed, every=3, max_steps=4000):
    """The states of one random game (uniform random actions), every ``every`` decisions."""
    game = Game(decks, seed=seed)
    st = game.state
    k = 0
    while st.result == _engine.R_ONGOING and k < max_steps:
        if k % every == 0:
            yield st
        act = st.random_action(seed * 1000003 + k)
        assert st.apply(int(act)) == 0
        k += 1
    yield st


def card_column(st):
    """The ``card`` column of the object table, as a writable view into the state."""
    objects = st.sections()["objects"]
    if objects.dtype.names:                 # a structured view, one named field per column
        return objects["card"]
    return objects[:, _engine.OBJECT_FIELDS.index("card")]


def hidden_variant(st, viewer, seed):
    """A copy of ``st`` that differs only in what ``viewer`` can't see: the cards of each
    opponent's hand and library the viewer doesn't know dealt again (on the raw buffer), and a few cards of every
    library put on top (State.move); built without determinize, which has its own tests."""
    rng = np.random.default_rng(seed)
    v = st.clone()
    cards = card_column(v)
    known = v.sections()["objects"]["known"]        # cards the viewer knows (known.pxi) stay
    for p in range(st.n_players):
        hidden = list(v.zone(Z_LIBRARY, p)) + (list(v.zone(Z_HAND, p)) if p != viewer else [])
        hidden = [o for o in hidden if not known[o] >> viewer & 1]
        cards[hidden] = rng.permutation(cards[hidden])
    header = v.sections()["header"]         # the summaries about hands: their safe values
    header[_engine.HEADER_FIELDS.index("no_fast_in_hand")] = 0
    header[_engine.HEADER_FIELDS.index("zone_ability_cards")] = 1
    for p in range(st.n_players):
        lib = v.zone(Z_LIBRARY, p)
        for o in rng.permutation(lib)[:3]:
            v.move(int(o), Z_LIBRARY, top=True)
    assert v._validate() is None
    return v


def test_layout_covers_the_vector_without_overlap():
    st = Game(["bears", "bears"], seed=1).state
    for n_players, slots in ((2, 64), (3, 10), (4, 1)):
        lay = _engine.observation_layout(n_players, slots)
        assert lay["size"] == (lay["objects"]["offset"]
                               + lay["objects"]["rows"] * lay["objects"]["row_size"])
        for part in ("global", "players", "objects"):
            covered = sorted(lay[part]["fields"].values())
            assert covered[0][0] == 0
            for (a, n), (b, _) in zip(covered, covered[1:]):
                assert a + n == b
            assert covered[-1][0] + covered[-1][1] == lay[part]["row_size"]
        for name, parts in lay["parts"].items():
            part = "global" if name in ("step", "phase") else \
                "players" if name == "mana" else "objects"
            assert lay[part]["fields"][name][1] == len(parts)
    assert st.observation_size() == layout_of(st)["size"] == st.observation(0).size
    assert st.observation(0).dtype == np.float32


def test_out_is_filled_in_place_and_bad_out_is_refused():
    st = Game(["bears", "red"], seed=4).state
    out = np.full(st.observation_size(), 7, np.float32)
    assert st.observation(1, out) is out
    assert np.array_equal(out, st.observation(1))
    before = st.to_bytes()
    for bad in (np.zeros(st.observation_size(), np.float64), np.zeros(3, np.float32),
                np.zeros((2, st.observation_size()), np.float32),
                np.zeros(2 * st.observation_size(), np.float32)[::2], [0.0] * st.observation_size()):
        with pytest.raises(EngineError):
            st.observation(0, bad)
    ro = np.zeros(st.observation_size(), np.float32)
    ro.setflags(write=False)
    with pytest.raises(EngineError):
        st.observation(0, ro)
    with pytest.raises(EngineError):
        st.observation(2)
    with pytest.raises(EngineError):
        st.observation(0, slots=0)
    assert st.to_bytes() == before


def test_seats_are_relative_to_the_observer():
    game = Game(["bears", "red", "white"], seed=2, mulligans=False)
    st = game.state
    st.set_player(0, life=17)
    st.set_player(2, life=5)
    lay = layout_of(st)
    for viewer in range(3):
        obs = st.observation(viewer)
        players = rows(obs, lay, "players")
        life = field(lay, "players", "life")
        assert [players[k, life] for k in range(3)] == \
            [[17, 20, 5][(viewer + k) % 3] for k in range(3)]
        assert obs[field(lay, "global", "seat")] == viewer
        assert obs[field(lay, "global", "active")] == (st.active - viewer) % 3


def test_own_hand_is_shown_sorted_by_card_id_and_opponents_hand_only_counted():
    # 402.3: a player may look at their own hand, not an opponent's
    st = Game(["bears", "red"], seed=7, mulligans=False).state
    lay = layout_of(st)
    for viewer in range(2):
        obs = st.observation(viewer)
        objs = rows(obs, lay, "objects")
        zone = field(lay, "objects", "zone")
        in_hand = objs[(objs[:, 0] == 1) & (objs[:, zone][:, 2] == 1)]
        cards = sorted(int(card_column(st)[o]) for o in st.zone(Z_HAND, viewer))
        assert list(in_hand[:, field(lay, "objects", "card")].astype(int)) == cards
        assert list(in_hand[:, field(lay, "objects", "position")]) == list(range(len(cards)))
        assert set(in_hand[:, field(lay, "objects", "owner")]) == {0}
        assert rows(obs, lay, "players")[1, field(lay, "players", "hand")] == \
            len(st.zone(Z_HAND, 1 - viewer))
        assert rows(obs, lay, "players")[0, field(lay, "players", "library")] == \
            len(st.zone(Z_LIBRARY, viewer))


def test_battlefield_characteristics_counters_and_combat_flags():
    game = Game(["bears", "red"], seed=3, mulligans=False)
    st = game.state
    bear = game.find("Grizzly Bears", player=0)[0]
    st.move(bear, Z_BATTLEFIELD)
    st.set_object(bear, tapped=1, plus1=2, damage=1)
    lay = layout_of(st)
    for viewer in range(2):
        objs = rows(st.observation(viewer), lay, "objects")
        row = objs[0]
        f = lay["objects"]["fields"]
        assert row[f["present"][0]] == 1 and row[f["card"][0]] == card_column(st)[bear]
        assert row[f["controller"][0]] == (0 - viewer) % 2
        assert row[f["zone"][0]] == 1            # the battlefield entry of the one-hot zone
        assert (row[f["tapped"][0]], row[f["plus1"][0]], row[f["damage"][0]]) == (1, 2, 1)
        assert (row[f["power"][0]], row[f["toughness"][0]]) == st.power_toughness(bear) == (4, 4)
        types = dict(zip(lay["parts"]["types"], row[field(lay, "objects", "types")]))
        assert types["creature"] == 1 and types["land"] == 0
        colors = dict(zip(lay["parts"]["colors"], row[field(lay, "objects", "colors")]))
        assert colors["G"] == 1 and colors["W"] == 0


@pytest.mark.parametrize("decks,seed", [(["bears", "red"], 11), (["white", "blue_control"], 12),
                                        (["green_black", "gruul"], 13)])
def test_hidden_information_cannot_be_recovered_over_a_whole_game(decks, seed):
    """Over a whole random game, at every third decision: a state that differs only in an
    opponent's hand contents and in the order of every library gives each player the same
    observation; the opponent's own view of it changes (so the check can fail)."""
    seen_difference = 0
    n = 0
    for st in random_states(decks, seed):
        for viewer in range(st.n_players):
            other = hidden_variant(st, viewer, seed + n)
            n += 1
            assert np.array_equal(st.observation(viewer), other.observation(viewer))
            opp = 1 - viewer
            if not np.array_equal(st.observation(opp), other.observation(opp)):
                seen_difference += 1
    assert n > 20 and seen_difference > 0


def test_library_order_and_rng_are_not_in_the_observation():
    st = Game(["bears", "bears"], seed=5, mulligans=False).state
    other = st.clone()
    for p in range(2):
        for o in st.zone(Z_LIBRARY, p)[:10]:            # ten cards from the bottom to the top
            other.move(o, Z_LIBRARY, top=True)
    header = other.sections()["header"]
    for i in range(4):
        header[_engine.HEADER_FIELDS.index(f"rng{i}")] ^= 0x5A5A
    assert other.zone(Z_LIBRARY, 0) != st.zone(Z_LIBRARY, 0)
    for viewer in range(2):
        assert np.array_equal(st.observation(viewer), other.observation(viewer))


def test_slots_overflow_is_counted_and_order_is_battlefield_first():
    game = Game(["bears", "red"], seed=6, mulligans=False)
    st = game.state
    forests = game.find("Forest", player=0)[:5]
    for o in forests:
        st.move(o, Z_BATTLEFIELD)
    lay = layout_of(st, 3)
    obs = st.observation(0, slots=3)
    g = lay["global"]["fields"]
    assert obs[g["shown"][0]] == 3
    assert obs[g["left_out"][0]] == 5 + 7 - 3          # 5 lands + 7 cards in hand, 3 shown
    objs = rows(obs, lay, "objects")
    assert all(objs[:, field(lay, "objects", "zone")][:, 0] == 1)


def test_observation_does_not_change_the_state():
    for st in random_states(["bears", "red"], 21, every=25):
        before = st.to_bytes()
        st.observation(0)
        st.observation(1, slots=5)
        assert st.to_bytes() == before


def test_docs_example_runs():
    import os
    import re
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "observations.md")
    blocks = re.findall(r"```python\n(.*?)```", open(path, encoding="utf-8").read(), flags=re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/observations.md", "exec"), {})


DEBUG_GAMES = r"""
import numpy as np
from mtg_core import Game, bundled_deck_names, _engine
assert _engine.DEBUG_BUILD
names = bundled_deck_names()
for g in range(6):
    game = Game([names[g % len(names)], names[(g * 3 + 1) % len(names)]], seed=g, log=False)
    st = game.state
    k = 0
    while st.result == _engine.R_ONGOING and k < 3000:
        for viewer in range(2):
            obs = st.observation(viewer)
            if k % 5 == 0:
                d = st.determinize(viewer, k)
                assert np.array_equal(d.observation(viewer), obs)
        if k % 97 == 0:
            st.rollouts(2, [_engine.POL_RANDOM, _engine.POL_HEURISTIC], seed=k, max_turns=3)
        st.apply(int(st.random_action(k)))
        k += 1
print("ok")
"""


def test_observation_determinize_and_rollouts_pass_the_debug_and_sanitizer_build(debug_engine):
    """In the debug build every battlefield object's characteristics in the observation are
    checked against the layer system (obs_chars), under the address and undefined-behaviour
    sanitizers."""
    proc = debug_engine.run(DEBUG_GAMES, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().endswith("ok")


@pytest.mark.parametrize("decks,seed", [(["bears", "red"], 3), (["gruul", "white_weenie"], 8)])
def test_slot_objects_name_what_each_slot_shows_and_nothing_hidden(decks, seed):
    """``objects=`` links the observation to the actions (which name object ids): each slot's
    id is the object whose card the slot shows; every permanent and every card of the
    observer's own hand has its slot (while nothing is left out); no id names a card in an
    opponent's hand (402.3) or in a library (401.2) the observer isn't looking at."""
    lay = layout_of(Game(decks, seed=seed).state)
    card_f = field(lay, "objects", "card")
    left_out_f = field(lay, "global", "left_out")
    checked = 0
    for st in random_states(decks, seed, every=5):
        cards = card_column(st)
        for viewer in range(st.n_players):
            ids = np.empty(_engine.OBS_SLOTS, dtype=np.int32)
            obs = st.observation(viewer, objects=ids)
            objs = rows(obs, lay, "objects")
            for i in np.flatnonzero(ids >= 0):
                assert objs[i, card_f] == cards[ids[i]]
            shown = set(int(o) for o in ids if o >= 0)
            assert len(shown) == int(np.sum(ids >= 0))          # one slot per object
            for p in range(st.n_players):
                if p != viewer:
                    assert not shown & set(st.zone(Z_HAND, p))
            looking = st.decision[0] in (_engine.D_LIBRARY_CARDS, _engine.D_LOOK_TAKE) and \
                st.decision[1] == viewer
            for p in range(st.n_players):
                if not (looking and p == viewer):
                    assert not shown & set(st.zone(Z_LIBRARY, p))
            if obs[lay["global"]["offset"] + left_out_f] == 0:
                assert set(st.zone(Z_BATTLEFIELD, 0)) <= shown
                assert set(st.zone(Z_HAND, viewer)) <= shown
            checked += 1
    assert checked > 20


def test_slot_objects_bad_array_is_refused_and_the_state_is_unchanged():
    st = Game(["bears", "bears"], seed=2).state
    before = st.to_bytes()
    for bad in (np.empty(_engine.OBS_SLOTS, dtype=np.int64), np.empty(3, dtype=np.int32),
                np.empty(_engine.OBS_SLOTS, dtype=np.int32)[::-1]):
        with pytest.raises(EngineError, match="objects must be"):
            st.observation(0, objects=bad)
    assert st.to_bytes() == before
