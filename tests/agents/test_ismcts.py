"""The ISMCTS policy compiled in the core (src/play/ismcts.pxi; docs/agents.md, "ISMCTS"):
it reads the game only as the deciding seat sees it (400.2, 401.2, 402.3: hidden hands and
libraries are determinized), answers every decision the engine asks (117 priority, 508.1 /
509.1 pair by pair, 601.2c targets, ...) with a legal action, is deterministic for a seed
and a thread count, and is named per seat wherever a policy is.  Small budgets only:
strength is measured by benchmarks/ladder.py, not here."""
import numpy as np
import pytest

from mtg_core import Game, _engine
from mtg_core.policies import (POLICIES, PolicyParameterError, UnknownPolicyError, parse_policy,
                               play_games, split_policies)

C = _engine.constants()
SMALL = {"iters": 40}


def choices(st):
    """The answers the search weighs: the legal actions but mana abilities on their own."""
    return int(((st.legal_actions() & 255) != C["A_ACTIVATE_MANA"]).sum())


def midgame(decks=("gruul", "gruul"), seed=4, moves=60, rng_seed=1):
    """A game some random moves in, at a decision of its decider with several answers."""
    g = Game(list(decks), seed=seed, log=False)
    rng = np.random.default_rng(rng_seed)
    st = g.state
    k = 0
    while st.result == 0 and (k < moves or choices(st) < 2):
        acts = st.legal_actions()
        st.apply(int(acts[rng.integers(len(acts))]))
        k += 1
    assert st.result == 0
    return g


def same_search(a, b):
    return (a["action"] == b["action"] and np.array_equal(a["actions"], b["actions"]) and
            np.array_equal(a["visits"], b["visits"]) and np.allclose(a["values"], b["values"]))


# --- it never peeks (400.2: hidden zones) -----------------------------------------------------

@pytest.mark.parametrize("decks,seed", [(("gruul", "gruul"), 4), (("blue_control", "green_black"), 7)])
def test_the_search_is_the_same_on_states_that_differ_only_in_what_the_decider_cant_see(decks, seed):
    g = midgame(decks, seed)
    st = g.state
    me = st.decision[1]
    other = st.determinize(me, 12345)     # the opponent's hand and every library dealt again
    assert other != st                    # the hidden cards differ ...
    assert np.array_equal(other.observation(me), st.observation(me))   # ... what `me` sees does not
    for search in ({"iters": 60}, {"iters": 60, "rollout": C["POL_HEURISTIC"], "threads": 2},
                   {"iters": 60, "bias": 2.0, "horizon": 3, "decay": 0.9}):
        a = st.ismcts(seed=9, search=search)
        b = other.ismcts(seed=9, search=search)
        assert a["iterations"] == b["iterations"] == 60
        assert same_search(a, b)


def test_a_state_the_decider_sees_differently_searches_differently():
    """The control of the test above: the search does depend on what the decider sees."""
    g = midgame()
    st = g.state
    me = st.decision[1]
    seen = st.determinize(1 - me, 12345)  # the decider's own hand and library dealt again
    assert not np.array_equal(seen.observation(me), st.observation(me))
    a = st.ismcts(seed=9, search={"iters": 60})
    b = seen.ismcts(seed=9, search={"iters": 60})
    assert not same_search(a, b)


def test_the_search_leaves_the_state_unchanged():
    g = midgame()
    before = g.state.clone()
    g.state.ismcts(seed=1, search=SMALL)
    assert g.state == before


# --- determinism, threads, the node cap -------------------------------------------------------

def test_same_seed_same_search_and_threads_are_reproducible_per_thread_count():
    st = midgame().state
    assert same_search(st.ismcts(seed=3, search=SMALL), st.ismcts(seed=3, search=SMALL))
    two = {"iters": 41, "threads": 2}
    a, b = st.ismcts(seed=3, search=two), st.ismcts(seed=3, search=two)
    assert same_search(a, b)
    assert a["iterations"] == 41 and a["visits"].sum() == 41   # every iteration visits a root child


def test_the_answer_is_the_most_visited_legal_action():
    g = midgame()
    out = g.state.ismcts(seed=2, search={"iters": 80})
    legal = set(g.state.legal_actions().tolist())
    assert set(out["actions"].tolist()) <= legal and out["action"] in legal
    assert out["visits"][list(out["actions"]).index(out["action"])] == out["visits"].max()
    assert ((out["values"] >= 0) & (out["values"] <= 1)).all()


def test_the_node_cap_bounds_the_tree_and_the_search_goes_on():
    st = midgame().state
    out = st.ismcts(seed=2, search={"iters": 200, "max_nodes": 16})
    assert out["full"] and out["max_tree_nodes"] == 16 and out["iterations"] == 200
    assert out["visits"].sum() == 200
    free = st.ismcts(seed=2, search={"iters": 200})
    assert not free["full"] and free["nodes"] > 16


def test_the_bias_leads_the_search_to_the_heuristics_answer():
    """bias > 0: the heuristic's answer is expanded first and favoured while its visits are
    few, so with a large bias and a small budget it gets the most visits."""
    g = midgame()
    st = g.state
    hint = st.policy_action(C["POL_HEURISTIC"], 0)
    plain = st.ismcts(seed=5, search={"iters": 30, "bias": 0.0})
    led = st.ismcts(seed=5, search={"iters": 30, "bias": 50.0})
    assert not same_search(plain, led)
    acts = list(led["actions"])
    if hint in acts:                # the heuristic's answer here (its tie-breaks draw from a stream)
        assert led["visits"][acts.index(hint)] == led["visits"].max()


def test_a_time_budget_stops_the_search():
    st = midgame().state
    out = st.ismcts(seed=2, search={"time_ms": 30})
    assert out["iterations"] >= 1 and out["seconds"] < 2


def test_no_pending_decision_gives_no_action():
    g = Game(["bears", "bears"], seed=1, log=False)
    g.state.play_policies([C["POL_RANDOM"]], seed=1)
    assert g.state.result != 0
    assert g.state.ismcts(seed=1, search=SMALL)["action"] == -1
    assert g.suggest("ismcts:iters=10").action is None


# --- every decision the engine asks, in whole games -------------------------------------------

@pytest.mark.parametrize("decks", [("gruul", "blue_control"), ("green_black", "white_weenie")])
def test_ismcts_plays_whole_games_answering_every_decision(decks):
    out = play_games(list(decks), 2, seed=5, policies="ismcts:iters=6,rollout=random,horizon=2",
                     max_turns=12)
    assert set(out["end"].tolist()) <= {C["END_LIFE"], C["END_EMPTY_LIBRARY"], C["END_TURN_LIMIT"],
                                        C["END_POISON"], C["END_DRAW"]}
    assert (out["decisions"] > 0).all()


def test_play_games_with_a_search_seat_is_deterministic_and_keeps_the_shuffles():
    kw = dict(seed=11, max_turns=8)
    a = play_games(["gruul", "gruul"], 2, policies=["ismcts:iters=8", "heuristic"], **kw)
    b = play_games(["gruul", "gruul"], 2, policies=["ismcts:iters=8", "heuristic"], **kw)
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    h = play_games(["gruul", "gruul"], 2, policies=["heuristic", "heuristic"], **kw)
    assert np.array_equal(a["starting"], h["starting"])      # 103.1: the game's RNG, not a policy's


# --- naming it ---------------------------------------------------------------------------------

def test_policy_strings_parse_and_bad_parameters_are_named():
    spec = parse_policy("ismcts:iters=400,c=0.5,rollout=heuristic,decay=0.99,nodes=5000,threads=2,"
                        "horizon=3,bias=1.5")
    assert spec.code == POLICIES["ismcts"] == C["POL_ISMCTS"]
    assert spec.search == {"iters": 400, "c": 0.5, "rollout": C["POL_HEURISTIC"], "decay": 0.99,
                           "max_nodes": 5000, "threads": 2, "horizon": 3, "bias": 1.5}
    assert parse_policy("ismcts:time=20").search == {"time_ms": 20.0}
    for bad, word in [("ismcts:iter=3", "iter=3"), ("ismcts:decay=0", "decay"),
                      ("ismcts:decay=1.5", "decay"), ("ismcts:rollout=ismcts", "rollout"),
                      ("ismcts:threads=65", "threads"), ("ismcts:iters=1.5", "iters"),
                      ("ismcts:nodes=8", "nodes"), ("heuristic:iters=3", "no parameters"),
                      ("ismcts:c=1,c=2", "twice"), ("ismcts:bias=-1", "bias")]:
        with pytest.raises(PolicyParameterError, match=word):
            parse_policy(bad)
    with pytest.raises(UnknownPolicyError):
        parse_policy("mcts")
    with pytest.raises(_engine.EngineError, match="no search parameter"):
        Game(["bears", "bears"], seed=1).state.ismcts(search={"budget": 3})


def test_the_command_line_splits_seats_but_not_search_parameters():
    assert split_policies("ismcts:iters=400,c=0.7,heuristic") == ["ismcts:iters=400,c=0.7", "heuristic"]
    assert split_policies("heuristic,random") == ["heuristic", "random"]
    assert split_policies("random,ismcts:time=5,decay=0.9") == ["random", "ismcts:time=5,decay=0.9"]


def test_game_suggest_gives_the_action_and_its_visits():
    g = midgame()
    s = g.suggest("ismcts:iters=50", seed=4)
    assert s.action in g.legal_actions() and sum(s.visits.values()) == 50
    assert s.ranked()[0][0] == s.action
    h = g.suggest("heuristic", seed=4)
    assert h.action in g.legal_actions() and h.visits == {}


def test_simulate_takes_a_search_policy_per_seat():
    from mtg_core.simulation import simulate
    r = simulate(decks=["bears", "bears"], games=2, seed=3, policy=["ismcts:iters=5", "random"],
                 workers=1, max_turns=6)
    assert r.games_done == 2 if hasattr(r, "games_done") else True
    assert tuple(r.policies) == ("ismcts:iters=5", "random")


def test_the_openspiel_bot_answers_a_legal_action_with_the_search_policy():
    pyspiel = pytest.importorskip("pyspiel")
    from mtg_core.agents.openspiel import CorePolicyBot, load
    game = load(decks="gruul;gruul", max_turns=4)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = CorePolicyBot(game, state.current_player(), "ismcts:iters=20", seed=1)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    policy, action = bot.step_with_policy(state)
    assert action in state.legal_actions()
    assert {a for a, _ in policy} <= set(state.legal_actions())
    assert abs(sum(p for _, p in policy) - 1) < 1e-9
    bots = [CorePolicyBot(game, p, "ismcts:iters=4" if p == 0 else "heuristic", seed=p) for p in range(2)]
    assert len(pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)) == 2
