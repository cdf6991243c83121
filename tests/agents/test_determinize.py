"""Determinization for search over hidden information: State.determinize(player,
seed) deals again what ``player`` can't see -- each opponent's hand (402.3) and library, the
player's own library order (401.2) and the game's RNG -- and keeps everything they can."""
from collections import Counter

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone, _engine
from mtg_core.enums import Decision
from mtg_core._engine import EngineError

Z_LIBRARY, Z_HAND = _engine.Z_LIBRARY, _engine.Z_HAND


def cards_of(st, objs):
    objects = st.sections()["objects"]
    cards = objects["card"] if objects.dtype.names else objects[:, _engine.OBJECT_FIELDS.index("card")]
    return [int(cards[o]) for o in objs]


def random_states(decks, seed, every=7, max_steps=4000):
    game = Game(decks, seed=seed)
    st = game.state
    k = 0
    while st.result == _engine.R_ONGOING and k < max_steps:
        if k % every == 0:
            yield st
        assert st.apply(int(st.random_action(seed * 7919 + k))) == 0
        k += 1


@pytest.mark.parametrize("decks,seed", [(["bears", "red"], 1), (["blue_control", "white"], 2),
                                        (["green_black", "gruul"], 3)])
def test_determinize_keeps_what_the_player_knows_over_a_whole_game(decks, seed):
    n = 0
    for st in random_states(decks, seed):
        for viewer in range(st.n_players):
            before = st.to_bytes()
            d = st.determinize(viewer, seed * 1000 + n)
            n += 1
            assert st.to_bytes() == before                  # the state itself is unchanged
            assert d._validate() is None
            assert np.array_equal(d.observation(viewer), st.observation(viewer))
            assert d.decision == st.decision
            # the viewer's hand and every public zone: the same objects with the same cards
            for p in range(st.n_players):
                for kind in (_engine.Z_GRAVEYARD, _engine.Z_BATTLEFIELD, _engine.Z_STACK,
                             _engine.Z_EXILE):
                    assert cards_of(d, d.zone(kind, p)) == cards_of(st, st.zone(kind, p))
                assert len(d.zone(Z_LIBRARY, p)) == len(st.zone(Z_LIBRARY, p))
                assert len(d.zone(Z_HAND, p)) == len(st.zone(Z_HAND, p))
                # each owner's hidden cards are the same multiset (400.3)
                hidden = lambda s: Counter(cards_of(s, s.zone(Z_LIBRARY, p) + (
                    s.zone(Z_HAND, p) if p != viewer else [])))
                assert hidden(d) == hidden(st)
            assert cards_of(d, d.zone(Z_HAND, viewer)) == cards_of(st, st.zone(Z_HAND, viewer))
            assert Counter(cards_of(d, range(d.n_objects))) == Counter(cards_of(st, range(st.n_objects)))
    assert n > 20


@pytest.mark.parametrize("decks", [["bears", "red"], ["white", "blue_control"]])
def test_game_continues_legally_from_determinized_states(decks):
    """Random playouts from determinized mid-game states end with a rules result, and every
    state along the way passes the load-time validation."""
    for i, st in enumerate(random_states(decks, 40, every=60)):
        d = st.determinize(i % 2, 100 + i)
        k = 0
        while d.result == _engine.R_ONGOING:
            assert d.apply(int(d.random_action(k))) == 0
            k += 1
            if k % 50 == 0:
                assert d._validate() is None
        assert d.result in (_engine.R_WIN, _engine.R_DRAW)
        d2 = st.determinize(i % 2, 100 + i)
        d2.play_random(5)
        assert d2.result in (_engine.R_WIN, _engine.R_DRAW)


def test_opponent_hand_and_library_vary_over_seeds_and_one_seed_repeats():
    game = Game(["bears", "red"], seed=9, mulligans=False)
    st = game.state
    hands = {tuple(sorted(cards_of(d, d.zone(Z_HAND, 1))))
             for d in (st.determinize(0, s) for s in range(40))}
    assert len(hands) > 5
    own_tops = {cards_of(d, d.zone(Z_LIBRARY, 0))[-1] for d in (st.determinize(0, s) for s in range(40))}
    assert len(own_tops) == 2                   # bears: Forest or Grizzly Bears on top
    assert st.determinize(0, 3) == st.determinize(0, 3)
    assert st.determinize(0, 3) != st.determinize(0, 4)
    # the RNG is reseeded: the hidden state of the game's shuffles is not kept
    assert st.determinize(0, 3).header()["rng0"] != st.header()["rng0"]


def test_bad_seat_is_refused():
    st = Game(["bears", "bears"], seed=1).state
    with pytest.raises(EngineError):
        st.determinize(2, 0)
    with pytest.raises(EngineError):
        st.determinize(-1, 0)


def test_701_22_the_cards_a_player_is_scrying_stay_on_top(new_game):
    """While the player decides where the top card goes (701.22a scry), they know it: a
    determinization for them keeps it on top; one for the opponent doesn't."""
    game = new_game("20 Island\n20 Grizzly Bears\n20 Lightning Bolt", "60 Swamp")
    game.pass_to(Step.MAIN, 0)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    top = game.create_card("Lightning Bolt", 0, Zone.LIBRARY)
    game.cast(game.create_card("Opt", 0))
    while game.decision.kind == Decision.PRIORITY:
        game.pass_priority()
    assert game.decision.kind == Decision.LIBRARY_CARDS and game.decision.count == 1
    st = game.state
    bolt = cards_of(st, [top])[0]
    for s in range(20):
        d = st.determinize(0, s)
        assert d.zone(Z_LIBRARY, 0)[-1] == top and cards_of(d, [top])[0] == bolt
        assert np.array_equal(d.observation(0), st.observation(0))
    # the observer sees the card it is scrying, top of its library
    lay = _engine.observation_layout(2)
    objs = st.observation(0)[lay["objects"]["offset"]:].reshape(lay["objects"]["rows"], -1)
    lib = objs[(objs[:, 0] == 1) & (objs[:, lay["objects"]["fields"]["zone"][0] + 5] == 1)]
    assert lib[:, lay["objects"]["fields"]["card"][0]].tolist() == [bolt]
    objs1 = st.observation(1)[lay["objects"]["offset"]:].reshape(lay["objects"]["rows"], -1)
    assert not (objs1[:, lay["objects"]["fields"]["zone"][0] + 5] == 1).any()
    tops = {cards_of(d, [d.zone(Z_LIBRARY, 0)[-1]])[0] for d in (st.determinize(1, s) for s in range(30))}
    assert len(tops) > 1


def test_701_19_a_searcher_sees_what_they_may_take_and_determinize_keeps_it(new_game):
    """While a player searches their library (701.19), they see it: their observation shows
    the cards the search offers (one per name, sorted by card id, never in library order)
    and names them by the object ids the SEARCH_TAKE actions use, so an agent can choose;
    a determinization for them keeps their library (it is shuffled right after), so the
    observation and the slot ids stay; the opponent sees none of it."""
    game = new_game("20 Forest\n20 Island\n20 Grizzly Bears", "60 Swamp")
    game.pass_to(Step.MAIN, 0)
    elder = game.create_card("Sakura-Tribe Elder", 0, Zone.BATTLEFIELD)
    game.activate(elder)
    while game.decision.kind == Decision.PRIORITY:
        game.pass_priority()
    assert game.decision.kind == Decision.SEARCH_LIBRARY
    st = game.state
    takes = sorted(a.a for a in game.legal_actions() if a.kind == ActionKind.SEARCH_TAKE)
    assert len(takes) == 2                                   # a Forest and an Island
    objects = np.empty(64, dtype=np.int32)
    obs = st.observation(0, objects=objects)
    lay = _engine.observation_layout(2)
    rows = obs[lay["objects"]["offset"]:].reshape(lay["objects"]["rows"], -1)
    zone_at, card_at = lay["objects"]["fields"]["zone"][0], lay["objects"]["fields"]["card"][0]
    in_library = (rows[:, 0] == 1) & (rows[:, zone_at + 5] == 1)
    assert sorted(objects[in_library].tolist()) == takes
    assert rows[in_library, card_at].tolist() == sorted(rows[in_library, card_at].tolist())
    for s in range(10):
        d = st.determinize(0, s)
        again = np.empty(64, dtype=np.int32)
        assert np.array_equal(d.observation(0, objects=again), obs)
        assert np.array_equal(again, objects)
    rows1 = st.observation(1)[lay["objects"]["offset"]:].reshape(lay["objects"]["rows"], -1)
    assert not (rows1[:, zone_at + 5] == 1).any()
