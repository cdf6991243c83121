"""Cards known to players (hidden information; known.pxi).

A card that goes from a public zone into a hidden one was seen by everyone (400.2); a
revealed card (701.16a) too; a card a player looks at (701.22 scry, 701.25 surveil, "look at
the top N") is known to that player, with its place in the library.  A shuffle (701.20)
loses the places but not what is known to be in the library; leaving the hidden zone
forgets it all.  ``determinize(p)`` keeps every card known to p where it is and deals only
the rest again; p's observation shows p the opponent's hand cards p knows, never others."""
from __future__ import annotations

import json

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Card, Game, MtgError, Step, Zone, _engine
from mtg_core.cards import PutOnTop, SpellAbility
from mtg_core.enums import Decision

C = _engine.constants()
Z_LIBRARY, Z_HAND = C["Z_LIBRARY"], C["Z_HAND"]
P1 = C["TGT_PLAYER"] + 1

# The card language has PutOnTop (OP_PUT_ON_TOP, 401.1); no library card uses it yet.
TEST_CARDS = [Card("Test Tuck", "{U}", ("Instant",),
                   abilities=(SpellAbility(PutOnTop("target"), targets=("creature",)),))]


def card_names(game, st, objs):
    cards = st.sections()["objects"]["card"]
    return [game.cards.cards[int(cards[o])].name for o in objs]


def known(st, o):
    objs = st.sections()["objects"]
    return int(objs["known"][o]), int(objs["known_place"][o])


def resolve(game):
    while game.stack() and not game.is_over and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def opponent_hand_slots(st, viewer):
    """(card, object) of the observation slots that show an opponent's hand card."""
    lay = _engine.observation_layout(st.n_players)
    f = lay["objects"]["fields"]
    ids = np.full(lay["objects"]["rows"], -1, dtype=np.int32)
    obs = st.observation(viewer, objects=ids)
    rows = obs[lay["objects"]["offset"]:].reshape(lay["objects"]["rows"], -1)
    shown = int(obs[lay["global"]["fields"]["shown"][0]])
    out = []
    for i in range(shown):
        if rows[i, f["zone"][0] + C["OBS_ZONE_HAND"]] == 1 and rows[i, f["owner"][0]] != 0:
            out.append((int(rows[i, f["card"][0]]), int(ids[i])))
    return out


def bounce_game(new_game):
    """Seat 0 returns seat 1's Grizzly Bears to its hand with Unsummon."""
    game = new_game("60 Island", "20 Forest\n20 Llanowar Elves\n20 Giant Growth")
    game.pass_to(Step.MAIN, 0)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Unsummon", 0), bear)
    resolve(game)
    assert bear in game.hand(1)
    return game, bear


def test_400_2_a_bounced_card_stays_in_the_opponents_hand_across_determinizations(new_game):
    game, bear = bounce_game(new_game)
    st = game.state
    assert known(st, bear) == (0b11, 0)                 # everyone saw it go there
    others = [o for o in game.hand(1) if o != bear]
    dealt = set()
    for s in range(25):
        d = st.determinize(0, s)
        assert card_names(game, d, [bear]) == ["Grizzly Bears"]
        dealt.add(tuple(card_names(game, d, others)))
        assert np.array_equal(d.observation(0), st.observation(0))
    assert len(dealt) > 1                               # the cards seat 0 doesn't know vary


def test_the_observation_shows_the_opponents_hand_cards_the_player_knows(new_game):
    game, bear = bounce_game(new_game)
    st = game.state
    bear_card = int(st.sections()["objects"]["card"][bear])
    assert opponent_hand_slots(st, 0) == [(bear_card, bear)]
    assert opponent_hand_slots(st, 1) == []            # (its own hand: not an opponent's)
    game.pass_to(Step.MAIN, 1)                          # seat 1 draws: still just the bear
    assert opponent_hand_slots(game.state, 0) == [(bear_card, bear)]


def test_401_1_a_card_put_on_top_stays_on_top_until_its_library_is_shuffled(new_game):
    """Put on top of its owner's library from the battlefield: everyone knows it is on top,
    and determinize keeps it there; drawn, it is known in the hand; once its library is
    shuffled (701.20, a search) it is known only to be somewhere in it."""
    game = new_game("60 Island", "59 Forest\n1 Sylvan Scrying")
    game.pass_to(Step.MAIN, 0)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    elves = game.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Test Tuck", 0), elves)
    resolve(game)
    st = game.state
    assert game.library(1)[-1] == elves and known(st, elves) == (0b11, 0b11)
    for s in range(15):
        d = st.determinize(0, s)
        assert d.zone(Z_LIBRARY, 1)[-1] == elves
        assert card_names(game, d, [elves]) == ["Llanowar Elves"]
    game.pass_to(Step.MAIN, 1)                          # seat 1 draws it: known in the hand
    assert elves in game.hand(1) and known(game.state, elves) == (0b11, 0)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_priority()                                # seat 0 answers in seat 1's turn
    game.cast(game.create_card("Test Tuck", 0), bear)
    resolve(game)
    assert game.library(1)[-1] == bear and known(game.state, bear) == (0b11, 0b11)
    for _ in range(2):
        game.create_card("Forest", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Sylvan Scrying", 1))
    resolve(game)
    assert game.decision.kind == Decision.SEARCH_LIBRARY
    game.apply(next(a for a in game.legal_actions() if a.kind == ActionKind.SEARCH_TAKE))
    st = game.state
    assert bear in game.library(1) and known(st, bear) == (0b11, 0)
    places = set()
    for s in range(25):
        d = st.determinize(0, s)
        names = card_names(game, d, d.zone(Z_LIBRARY, 1))
        assert names.count("Grizzly Bears") == 1        # still in that library (multiset)
        assert "Grizzly Bears" not in card_names(game, d, d.zone(Z_HAND, 1))
        assert card_names(game, d, [elves]) == ["Llanowar Elves"]
        places.add(names.index("Grizzly Bears"))
    assert len(places) > 1                              # ... but anywhere in it


def test_400_2_a_card_put_from_a_hand_into_a_library_is_known_to_its_owner(new_game):
    game = new_game("60 Island", "60 Forest")
    card = game.hand(1)[0]
    game.move(card, Zone.LIBRARY, top=True)             # (as "put a card from your hand on top")
    assert known(game.state, card) == (0b10, 0b10)


def test_701_16a_a_revealed_card_is_known_on_top_or_in_the_hand(new_game):
    """Goblin Guide: the defending player reveals the top card; a nonland stays on top
    (known there to everyone), a land goes to the hand (known there to everyone)."""
    for top_name, where in (("Grizzly Bears", "top"), ("Forest", "hand")):
        game = new_game("60 Mountain", "30 Forest\n30 Giant Growth")
        guide = game.create_card("Goblin Guide", 0, Zone.BATTLEFIELD)
        top = game.create_card(top_name, 1, Zone.LIBRARY)
        while game.decision.kind != Decision.DECLARE_ATTACKERS:
            game.pass_priority()
        game.declare_attackers({guide: P1})
        while game.stack():
            game.pass_priority()
        st = game.state
        assert known(st, top) == ((0b11, 0b11) if where == "top" else (0b11, 0))
        for s in range(15):
            d = st.determinize(0, s)
            zone = d.zone(Z_LIBRARY, 1)[-1:] if where == "top" else d.zone(Z_HAND, 1)
            assert top in zone and card_names(game, d, [top]) == [top_name]


def test_701_22a_a_card_scried_to_the_top_stays_there_for_the_scrying_player_only(new_game):
    """Preordain: scry 2, both kept on top, draw one: the other is still on top, known to
    seat 0 at its place; a determinization for seat 1 deals it like any other card."""
    game = new_game("20 Island\n20 Grizzly Bears\n20 Lightning Bolt", "60 Swamp")
    game.pass_to(Step.MAIN, 0)
    game.create_card("Island", 0, Zone.BATTLEFIELD)
    a = game.create_card("Lightning Bolt", 0, Zone.LIBRARY)
    b = game.create_card("Grizzly Bears", 0, Zone.LIBRARY)
    game.cast(game.create_card("Preordain", 0))
    resolve(game)
    assert known(game.state, a) == known(game.state, b) == (0b01, 0b01)   # looking at them
    game.apply(Action.make(ActionKind.LIB_TOP, a))
    game.apply(Action.make(ActionKind.LIB_TOP, b))      # b on top: drawn
    st = game.state
    assert b in game.hand(0) and game.library(0)[-1] == a
    assert known(st, a) == (0b01, 0b01)
    for s in range(15):
        d = st.determinize(0, s)
        assert d.zone(Z_LIBRARY, 0)[-1] == a and card_names(game, d, [a]) == ["Lightning Bolt"]
    tops = {card_names(game, d, [a])[0] for d in (st.determinize(1, s) for s in range(30))}
    assert len(tops) > 1


def test_701_20_a_shuffle_forgets_every_place_in_the_library(new_game):
    game = new_game("20 Island\n20 Grizzly Bears\n20 Lightning Bolt", "60 Swamp")
    st = game.state
    lib = game.library(0)
    assert all(known(st, o) == (0, 0) for o in lib)      # the opening shuffle: nothing known


def test_known_seats_outside_a_hidden_zone_are_refused_naming_them(new_game):
    game, bear = bounce_game(new_game)
    forest = game.battlefield()[0]
    before = game.state.to_bytes()
    with pytest.raises(MtgError, match="known"):
        game.set_object(forest, known=1)                 # on the battlefield: public
    with pytest.raises(MtgError, match="known_place"):
        game.set_object(bear, known_place=1)             # in a hand: no place
    with pytest.raises(MtgError, match="known_place"):
        game.set_object(game.library(0)[0], known_place=1)   # a place of an unknown card
    with pytest.raises(MtgError, match="known"):
        game.set_object(bear, known=4)                   # no seat 2 in a 2-player game
    assert game.state.to_bytes() == before


@pytest.mark.parametrize("decks,seed", [(["blue_control", "green_black"], 4),
                                        (["blue_control", "blue_control"], 5),
                                        (["red", "white_weenie"], 6)])
def test_determinize_keeps_every_known_card_over_whole_games(decks, seed):
    """At every fifth decision of random games, for each player: the cards of the opponents'
    hands known to them keep their cards, a library card whose place they know keeps its
    card, a card known only to be in a library stays in it; the observation is unchanged."""
    game = Game(decks, seed=seed)
    st = game.state
    k = kept = 0
    while st.result == C["R_ONGOING"] and k < 3000:
        if k % 5 == 0:
            objs = st.sections()["objects"]
            for viewer in range(st.n_players):
                bit = 1 << viewer
                d = st.determinize(viewer, seed * 7919 + k)
                dcards = d.sections()["objects"]["card"]
                for p in range(st.n_players):
                    for o in st.zone(Z_HAND, p):
                        if p != viewer and objs["known"][o] & bit:
                            assert dcards[o] == objs["card"][o]
                            kept += 1
                    lib = st.zone(Z_LIBRARY, p)
                    for o in lib:
                        if objs["known_place"][o] & bit:
                            assert dcards[o] == objs["card"][o]
                            kept += 1
                    inlib = sorted(int(objs["card"][o]) for o in lib if objs["known"][o] & bit)
                    dlib = [int(dcards[o]) for o in lib]
                    for c in set(inlib):
                        assert dlib.count(c) >= inlib.count(c)
                    kept += len(inlib)
                assert np.array_equal(d.observation(viewer), st.observation(viewer))
                assert d._validate() is None
                shown = {o for _, o in opponent_hand_slots(st, viewer)}
                assert shown == {o for p in range(st.n_players) if p != viewer
                                 for o in st.zone(Z_HAND, p) if objs["known"][o] & bit}
        assert st.apply(int(st.random_action(seed * 31 + k))) == 0
        k += 1
    assert kept > 0


# --- the debug build: whole random games, determinized along the way ---------------------------

DETERMINIZED_GAMES = r"""
import json, random, sys
import numpy as np
from mtg_core import Game, bundled_deck_names, _engine
assert _engine.DEBUG_BUILD, "this must run against the debug build"
C = _engine.constants()
n_games, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
names = sorted(bundled_deck_names())
checked = known_seen = 0
for g in range(n_games):
    n = 2 + g % 3
    seats = [names[g % len(names)]] + [rng.choice(names) for _ in range(n - 1)]
    game = Game(seats, seed=rng.getrandbits(32), mulligans=rng.random() < 0.5, log=False)
    st = game.state
    step = 0
    while st.result == C["R_ONGOING"] and step < 2000:
        if step % 17 == 0:
            viewer = rng.randrange(n)
            objs = st.sections()["objects"]
            d = st.determinize(viewer, rng.getrandbits(32))
            assert d._validate() is None
            assert np.array_equal(d.observation(viewer), st.observation(viewer))
            dc = d.sections()["objects"]["card"]
            for p in range(n):
                for o in list(st.zone(_engine.Z_HAND, p)) + list(st.zone(_engine.Z_LIBRARY, p)):
                    k = objs["known"][o] >> viewer & 1
                    place = objs["known_place"][o] >> viewer & 1
                    if (k and objs["zone"][o] % 3 == _engine.Z_HAND and p != viewer) or place:
                        assert dc[o] == objs["card"][o]
                        known_seen += 1
            if checked % 3 == 0:
                d.play_random(step)                  # a determinized state plays on
                assert d.result in (C["R_WIN"], C["R_DRAW"], C["R_UNFINISHED"])
            checked += 1
        assert st.apply(st.random_action(rng.getrandbits(32), rng.random() < 0.2)) == 0
        step += 1
    assert st._validate() is None
print(json.dumps({"checked": checked, "known": known_seen}))
"""


def test_determinized_random_games_in_the_debug_build(debug_engine):
    """24 random games (2 to 4 players, every bundled deck first seat at least three
    times) in the debug build with sanitizers: each determinization keeps the known cards,
    validates and leaves the observation unchanged; every third one plays on to the end."""
    proc = debug_engine.run(DETERMINIZED_GAMES, timeout=1500, args=("24", "9"))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["checked"] > 90 and report["known"] > 0
