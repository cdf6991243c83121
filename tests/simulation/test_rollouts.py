"""The search inner loop: State.rollouts(n, policy, seed) plays n games to the end
from one state inside the core (GIL released), and State.copy_into resets a scratch state
with one memcpy.  A playout ends by the rules (104.2a a win, 104.4a a draw) unless a turn
limit stops it."""
import threading

import numpy as np
import pytest

from mtg_core import Game, _engine
from mtg_core._engine import EngineError

POL_RANDOM, POL_HEURISTIC = _engine.POL_RANDOM, _engine.POL_HEURISTIC


def mid_game(decks=("bears", "bears"), turn=5, seed=7):
    game = Game(list(decks), seed=seed, mulligans=False, log=False)
    i = 0
    while game.turn < turn or game.state.decision[0] != _engine.D_PRIORITY:
        game.apply(game.state.random_action(i))
        i += 1
    return game.state


@pytest.mark.parametrize("policy", [POL_RANDOM, POL_HEURISTIC, [POL_HEURISTIC, POL_RANDOM]])
def test_rollout_i_is_the_clone_played_out_with_stream_i(policy):
    st = mid_game(("bears", "red"))
    before = st.to_bytes()
    r = st.rollouts(6, policy, seed=11)
    assert st.to_bytes() == before                      # the state itself is unchanged
    for i in range(6):
        c = st.clone()
        steps, end = c.play_policies(policy if isinstance(policy, list) else [policy], 11, i)
        assert (r["result"][i], r["winner"][i], r["turns"][i], r["end"][i], r["decisions"][i]) \
            == (c.result, c.winner, c.turn, end, steps)
        assert list(r["life"][i]) == [c.sections()["players"][p][0] for p in range(2)]


def test_rollouts_end_by_the_rules_and_repeat_with_their_seed():
    st = mid_game()
    r = st.rollouts(40, POL_RANDOM, seed=5)
    assert set(r["result"].tolist()) <= {_engine.R_WIN, _engine.R_DRAW}
    for i in range(40):
        if r["result"][i] == _engine.R_WIN:
            w = r["winner"][i]
            assert w in (0, 1)
            if r["end"][i] == _engine.END_LIFE:
                assert r["life"][i][1 - w] <= 0          # 704.5a
        assert r["turns"][i] >= st.turn
    again = st.rollouts(40, POL_RANDOM, seed=5)
    for k in r:
        assert np.array_equal(r[k], again[k])
    other = st.rollouts(40, POL_RANDOM, seed=6)
    assert not np.array_equal(r["decisions"], other["decisions"])
    assert {k: v.shape[0] for k, v in r.items()} == dict.fromkeys(r, 40)


def test_rollouts_turn_limit():
    st = mid_game()
    r = st.rollouts(10, POL_RANDOM, seed=1, max_turns=2)
    for i in range(10):
        if r["result"][i] == _engine.R_UNFINISHED:
            assert r["end"][i] == _engine.END_TURN_LIMIT and r["turns"][i] == st.turn + 2
        else:
            assert r["turns"][i] <= st.turn + 2
    assert (r["result"] == _engine.R_UNFINISHED).any()
    assert st.header()["max_turns"] == 0                # the state's own limit is unchanged


def test_rollouts_from_a_finished_game_and_zero_rollouts():
    st = mid_game()
    st.play_random(3)
    r = st.rollouts(3, POL_RANDOM, seed=1)
    assert list(r["result"]) == [st.result] * 3 and list(r["decisions"]) == [0] * 3
    r0 = mid_game().rollouts(0)
    assert all(v.shape[0] == 0 for v in r0.values())


def test_bad_arguments_are_refused_and_leave_the_state_alone():
    st = mid_game()
    before = st.to_bytes()
    for kwargs in ({"n": -1}, {"n": 2, "policy": 7}, {"n": 2, "policy": [0, 0, 0]},
                   {"n": 2, "policy": True}, {"n": 2, "max_turns": -1}):
        with pytest.raises(EngineError):
            st.rollouts(**kwargs)
    assert st.to_bytes() == before


def test_rollouts_from_determinized_states_for_an_information_set_search():
    st = mid_game(("white", "blue_control"), turn=6)
    wins = 0
    for s in range(5):
        d = st.determinize(st.decision[1], s)
        r = d.rollouts(10, POL_RANDOM, seed=s)
        assert set(r["result"].tolist()) <= {_engine.R_WIN, _engine.R_DRAW}
        wins += int((r["winner"] == 0).sum())
    assert 0 <= wins <= 50


def test_rollouts_run_in_parallel_threads_on_separate_states():
    st = mid_game()
    copies = [st.clone() for _ in range(2)]
    out = [None, None]

    def work(k):
        out[k] = copies[k].rollouts(20, POL_RANDOM, seed=9)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected = st.rollouts(20, POL_RANDOM, seed=9)
    for k in range(2):
        for key in expected:
            assert np.array_equal(out[k][key], expected[key])


def test_copy_into_resets_a_scratch_state():
    st = mid_game()
    scratch = st.clone()
    scratch.play_random(1)
    assert scratch != st
    st.copy_into(scratch)
    assert scratch == st and scratch.to_bytes() == st.to_bytes()
    scratch.play_random(2)                              # independent of st afterwards
    assert scratch.result != _engine.R_ONGOING and st.result == _engine.R_ONGOING
    st.copy_into(st)                                    # onto itself: nothing to do
    other_game = Game(["bears", "bears", "bears"], seed=1).state
    with pytest.raises(EngineError):
        st.copy_into(other_game)
    with pytest.raises(TypeError):
        st.copy_into(st.to_bytes())


# --- many states at once (rollouts_batch) ------------------------------------------------------

@pytest.mark.parametrize("threads", [1, 2, 3])
def test_rollouts_batch_row_k_is_state_k_rolled_out_with_seed_plus_k(threads):
    states = [mid_game(("bears", "red"), turn=t, seed=s) for t, s in ((3, 1), (5, 2), (4, 3), (6, 4))]
    before = [s.to_bytes() for s in states]
    out = _engine.rollouts_batch(states, 5, [POL_HEURISTIC, POL_RANDOM], seed=21, max_turns=6,
                                 threads=threads)
    assert [s.to_bytes() for s in states] == before
    assert out["life"].shape == (4, 5, 2)
    for k, st in enumerate(states):
        one = st.rollouts(5, [POL_HEURISTIC, POL_RANDOM], seed=21 + k, max_turns=6)
        for key in one:
            assert np.array_equal(out[key][k], one[key]), (k, key)


def test_rollouts_batch_refuses_bad_arguments():
    st = mid_game()
    with pytest.raises(EngineError, match="threads"):
        _engine.rollouts_batch([st], 2, threads=0)
    with pytest.raises(EngineError, match="twice"):
        _engine.rollouts_batch([st, st], 2)
    with pytest.raises(EngineError, match="policy"):
        _engine.rollouts_batch([st], 2, _engine.POL_ISMCTS)
    with pytest.raises(EngineError, match="States"):
        _engine.rollouts_batch([st, "x"], 2)
    three = Game(["bears", "bears", "bears"], seed=1, log=False).state
    with pytest.raises(EngineError, match="numbers of players"):
        _engine.rollouts_batch([st, three], 2)
    assert _engine.rollouts_batch([], 3)["result"].shape == (0, 3)
