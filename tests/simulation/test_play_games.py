"""Batches of games under compiled policies: ``_engine.play_games`` and
``mtg_core.policies.play_games``.  Game i of a batch is the game ``State.new_game`` builds
from seed + i (103.1: its starting player from the game's RNG unless named); each seat's
policy has its own stream and never draws from the game's RNG."""
import numpy as np
import pytest

from mtg_core import Deck, DEFAULT_CARDS, MtgError, Result, _engine, play_random_games
from mtg_core.decks import resolve_deck
from mtg_core.policies import END_NAMES, POLICIES, UnknownPolicyError, play_games, policy_id

C = _engine.constants()
RANDOM, HEURISTIC = C["POL_RANDOM"], C["POL_HEURISTIC"]
COLUMNS = {"result": np.int8, "winner": np.int8, "turns": np.int32, "life": np.int32,
           "end": np.int8, "starting": np.int8, "decisions": np.int32}


def rows(*names):
    return [resolve_deck(n).rows(DEFAULT_CARDS) for n in names]


@pytest.mark.parametrize("a,b,max_turns", [("bears", "bears", 0), ("red", "white", 0),
                                           ("blue_control", "green_black", 30)])
def test_all_random_batch_equals_play_random_games(a, b, max_turns):
    out = play_games([a, b], 60, seed=11, policies=("random", "random"), max_turns=max_turns)
    ref = play_random_games(a, b, 60, seed=11, max_turns=max_turns)
    assert out["result"].astype(np.int32).tobytes() == ref[:, 0].tobytes()
    assert out["winner"].astype(np.int32).tobytes() == ref[:, 1].tobytes()
    assert out["turns"].tobytes() == ref[:, 2].tobytes()


def test_columns_and_shapes():
    out = play_games(["bears", "red", "white"], 7, seed=2)
    assert set(out) == set(COLUMNS)
    for name, dtype in COLUMNS.items():
        assert out[name].dtype == dtype, name
        assert out[name].shape[0] == 7
    assert out["life"].shape == (7, 3)
    assert play_games(["bears", "bears"], 0, seed=1)["life"].shape == (0, 2)


@pytest.mark.parametrize("policies", [(RANDOM, RANDOM), (HEURISTIC, RANDOM), (RANDOM, HEURISTIC),
                                      (HEURISTIC, HEURISTIC)])
def test_batch_game_i_is_new_game_from_seed_plus_i(policies):
    """The batch (one prototype copied per game) plays the same games as the one-game
    path: State.new_game(seed + i) then State.play_policies with game i's streams."""
    decks = rows("red", "white")
    out = _engine.play_games(DEFAULT_CARDS.tables, decks, 12, 40, policies)
    for i in range(12):
        st = _engine.State.new_game(DEFAULT_CARDS.tables, decks, 40 + i)
        n, end = st.play_policies(policies, 40, i)
        h = st.header()
        assert (out["result"][i], out["winner"][i], out["turns"][i], out["starting"][i]) == \
            (h["result"], h["winner"], h["turn"], h["starting_player"])
        assert (out["decisions"][i], out["end"][i]) == (n, end)
        assert out["life"][i].tolist() == st.sections()["players"][:, 0].tolist()


def test_policy_streams_never_touch_the_game_rng():
    """Bears games shuffle only at the start (103.2c) and at mulligans (103.5): with
    mulligans off, the game's RNG words are the same after a whole game under any policy
    as when the first decision came, and the state at the first decision (opening hands,
    library order, starting player) does not depend on the policies."""
    decks = rows("bears", "bears")
    for i in range(6):
        first = _engine.State.new_game(DEFAULT_CARDS.tables, decks, 100 + i, mulligans=False)
        for policies in [(RANDOM, RANDOM), (RANDOM, HEURISTIC), (HEURISTIC, HEURISTIC)]:
            st = first.clone()
            for seed in range(3):
                st.policy_action(policies[st.decision[1]], seed)   # asks, changes nothing
            assert st == first
            st.play_policies(policies, 7, i)
            assert st.header()["result"] == Result.WIN
            assert bytes(st.buffer[6:10]) == bytes(first.buffer[6:10])   # Header.rng
    starts = {pol: play_games(["red", "white"], 50, seed=9, policies=pol)["starting"].tobytes()
              for pol in [("random", "random"), ("random", "heuristic"), ("heuristic", "random")]}
    assert len(set(starts.values())) == 1


@pytest.mark.parametrize("n_seats", [3, 4])
def test_multiplayer_batches(n_seats):
    decks = ["bears", "red", "white", "green_black"][:n_seats]
    out = play_games(decks, 40, seed=3, policies="heuristic")
    assert out["life"].shape == (40, n_seats)
    won = out["result"] == Result.WIN
    assert won.mean() > 0.9
    assert ((0 <= out["winner"][won]) & (out["winner"][won] < n_seats)).all()
    assert set(out["starting"].tolist()) <= set(range(n_seats))
    assert len(set(out["starting"].tolist())) > 1          # 103.1: random per game
    for i in np.flatnonzero(won):
        assert out["life"][i, out["winner"][i]] > 0
        if out["end"][i] == C["END_LIFE"]:                 # 704.5a: someone fell to 0
            assert (np.delete(out["life"][i], out["winner"][i]) <= 0).any()


def test_end_codes_name_how_each_game_ended():
    lim = play_games(["bears", "bears"], 10, seed=1, max_turns=3)
    assert (lim["result"] == Result.UNFINISHED).all() and (lim["end"] == C["END_TURN_LIMIT"]).all()
    assert (lim["winner"] == -1).all()
    life = play_games(["bears", "bears"], 30, seed=1, policies="random")
    assert (life["end"] == C["END_LIFE"]).all()                       # 704.5a
    assert (life["life"].min(axis=1) <= 0).all()
    assert (life["life"].max(axis=1) > 0).all()
    lands = Deck.parse("12 Forest")                                  # 704.5b: nothing to attack with
    empty = play_games([lands, lands], 10, seed=1, policies=("heuristic", "random"))
    assert (empty["end"] == C["END_EMPTY_LIBRARY"]).all()
    assert (empty["result"] == Result.WIN).all()
    # the player who drew from the empty library is the one who lost
    assert (empty["life"] == 20).all()
    assert set(END_NAMES.values()) >= {"life", "empty_library", "poison", "draw", "turn_limit"}


def test_fixed_starting_player():
    out = play_games(["red", "white", "bears"], 10, seed=4, starting_player=2)
    assert (out["starting"] == 2).all()


def test_policy_by_name():
    assert set(POLICIES) == {"random", "heuristic", "ismcts"}
    assert policy_id("random") == RANDOM and policy_id("Heuristic") == HEURISTIC
    assert policy_id(HEURISTIC) == HEURISTIC
    with pytest.raises(UnknownPolicyError, match="known policies are heuristic, ismcts, random"):
        policy_id("greedy")
    assert issubclass(UnknownPolicyError, MtgError)
    with pytest.raises(UnknownPolicyError):
        play_games(["bears", "bears"], 1, policies=("random", "alphazero"))


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(MtgError, match="3 policies for 2 seats"):
        play_games(["bears", "bears"], 1, policies=("random",) * 3)
    with pytest.raises(MtgError, match="2 to 8 players"):
        play_games(["bears"], 1)
    with pytest.raises(MtgError, match="not a seat"):
        play_games(["bears", "bears"], 1, starting_player=2)
    with pytest.raises(MtgError, match="negative"):
        play_games(["bears", "bears"], -1)
    with pytest.raises(_engine.EngineError, match="no policy 9"):
        _engine.play_games(DEFAULT_CARDS.tables, rows("bears", "bears"), 1, 0, (9, 0))
    with pytest.raises(MtgError, match="edition"):
        play_games(["bears", "bears"], 1, edition="future")


def test_play_games_same_seed_same_games():
    a = play_games(["red", "white"], 30, seed=77, policies=("heuristic", "random"))
    b = play_games(["red", "white"], 30, seed=77, policies=("heuristic", "random"))
    assert all(a[k].tobytes() == b[k].tobytes() for k in a)
