"""The policies compiled in the core: the heuristic player POL_HEURISTIC beats the
uniform-random one by a wide margin, answers every decision the engine asks with a legal
action (and never loops), and makes the plays it is meant to make: burn at the face when
lethal (704.5a), at the creature it kills otherwise, attacks that don't simply lose a
creature (508.1), blocks that keep its player alive (509.1), mulligans of 0-1 and 6-7
landers (103.5)."""
import json
from collections import Counter

import numpy as np
import pytest
from library_helpers import lands_for, main_game

from mtg_core import DEFAULT_CARDS, Deck, Game, Result, Zone, _engine, bundled_deck_names
from mtg_core.enums import ActionKind, Decision
from mtg_core.game import Action
from mtg_core.policies import play_games

C = _engine.constants()
HEURISTIC, RANDOM = C["POL_HEURISTIC"], C["POL_RANDOM"]
P0, P1 = Game.player_target(0), Game.player_target(1)


def heuristic_win_rate(a: str, b: str, games: int, seed: int) -> float:
    """Heuristic vs random with the heuristic in each seat for half the games."""
    h0 = play_games([a, b], games // 2, seed=seed, policies=("heuristic", "random"))
    h1 = play_games([a, b], games // 2, seed=seed, policies=("random", "heuristic"))
    return ((h0["winner"] == 0).sum() + (h1["winner"] == 1).sum()) / (2 * (games // 2))


@pytest.mark.parametrize("a,b", [("bears", "bears"), ("red", "white")])
def test_heuristic_beats_random_by_a_wide_margin(a, b):
    assert heuristic_win_rate(a, b, 400, seed=2024) > 0.7


def test_heuristic_lifts_each_deck_above_its_random_baseline():
    """Per deck and seat: the heuristic loses far less often than the random policy does
    with the same deck against the same random opponent (red vs white is lopsided: random
    red loses about 90 % of its games to random white)."""
    for a, b in [("red", "white"), ("white", "red"), ("blue_control", "red")]:
        base = play_games([a, b], 200, seed=5, policies="random")
        heur = play_games([a, b], 200, seed=5, policies=("heuristic", "random"))
        assert (heur["winner"] != 0).mean() < 0.6 * (base["winner"] != 0).mean(), (a, b)


def every_card_deck() -> Deck:
    spells = [c.name for c in DEFAULT_CARDS if "Land" not in c.types]
    return Deck.parse("\n".join([f"5 {n}" for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
                                + [f"{1 + i % 2} {n}" for i, n in enumerate(spells)]), name="everything")


def test_heuristic_answers_every_decision_legally_and_never_stalls():
    """Every bundled deck and one with every card of the library, 2 to 4 players: the
    heuristic's answer is always one of the legal actions, asking it changes nothing, and
    every game ends by the rules (never a decision without an answer, never aborted)."""
    names = bundled_deck_names()
    # the fourth seat a bundled deck: four decks of every card (almost 1,000 cards each) no
    # longer fit in one game's objects (TGT_PLAYER - 1) with the tokens they make
    decks = [every_card_deck()] * 3 + [names[0]]
    kinds = Counter()
    for g in range(6):
        n = 2 + g % 3
        game = Game(decks[:n], seed=g, mulligans=True, log=False)
        st = game.state
        for k in range(4000):
            if st.result != Result.ONGOING:
                break
            before = st.clone()
            act = st.policy_action(HEURISTIC, k)
            assert st == before
            assert act in st.legal_actions(), (Decision(st.decision[0]), Action(act))
            kinds[Decision(st.decision[0]).name] += 1
            assert st.apply(act) == 0
    assert {"PRIORITY", "TARGET", "MULLIGAN", "DECLARE_ATTACKERS", "DECLARE_BLOCKERS"} <= set(kinds)
    for players in (2, 3, 4):
        seats = [names[(players + i) % len(names)] for i in range(players)] + [every_card_deck()]
        out = play_games(seats[-players:], 40, seed=players, policies="heuristic", max_turns=80)
        assert not np.isin(out["end"], [C["END_NO_ACTION"], C["END_ABORTED"]]).any()
        mixed = play_games(seats[-players:], 40, seed=players, policies=["heuristic", "random"] * 2
                           if players == 4 else ["random"] * (players - 1) + ["heuristic"])
        assert not np.isin(mixed["end"], [C["END_NO_ACTION"], C["END_ABORTED"]]).any()


HEURISTIC_GAMES = """
import json, sys
import numpy as np
from mtg_core import DEFAULT_CARDS, Deck, _engine, bundled_deck_names
from mtg_core.policies import play_games
assert _engine.DEBUG_BUILD
C = _engine.constants()
spells = [c.name for c in DEFAULT_CARDS if "Land" not in c.types]
everything = Deck.parse("\\n".join([f"5 {n}" for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
                                  + [f"{1 + i % 2} {n}" for i, n in enumerate(spells)]))
decks = [everything] + list(bundled_deck_names())
ends = {}
for g in range(int(sys.argv[1])):
    n = 2 + g % 3
    seats = [decks[(g + i) % len(decks)] for i in range(n)]
    pol = ["heuristic" if (g >> i) & 1 else "random" for i in range(n)]
    out = play_games(seats, 5, seed=g, policies=pol, max_turns=60)
    for e in out["end"].tolist():
        ends[e] = ends.get(e, 0) + 1
print(json.dumps(ends))
"""


def test_heuristic_games_pass_every_debug_cross_check(debug_engine):
    """The heuristic reads the board through the rules' own accessors: in the debug build
    with sanitizers, games of every deck (2-4 players, heuristic and random seats mixed)
    trip no cross-check and no sanitizer, and all end."""
    proc = debug_engine.run(HEURISTIC_GAMES, timeout=900, args=("24",))
    assert proc.returncode == 0, proc.stderr[-5000:]
    ends = {int(k): v for k, v in json.loads(proc.stdout.strip().splitlines()[-1]).items()}
    assert sum(ends.values()) == 24 * 5
    assert not set(ends) & {C["END_NO_ACTION"], C["END_ABORTED"]}


# --- the plays it is meant to make ------------------------------------------------------------

def heuristic(g: Game, seed: int = 0) -> Action:
    return Action(g.state.policy_action(HEURISTIC, seed))


def after_land_play(g: Game) -> Action:
    """305.2: the heuristic plays its land for the turn first; its next answer."""
    act = heuristic(g)
    if act.kind == ActionKind.PLAY_LAND:
        g.apply(act)
        act = heuristic(g)
    return act


def bolt_game(opponent_life: int) -> Game:
    g = main_game(active=0)
    g.set_player(1, life=opponent_life)
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    lands_for(g, 0, "{R}")
    g.create_card("Lightning Bolt", 0, Zone.HAND)
    return g


def test_burns_the_creature_it_kills_and_the_face_when_lethal_704_5a():
    g = bolt_game(20)
    bears = [o for o in g.zone(Zone.BATTLEFIELD) if g.obj(o)["controller"] == 1][0]
    act = after_land_play(g)
    assert act.kind == ActionKind.CAST
    g.apply(act)
    assert heuristic(g) == Action.make(ActionKind.TARGET, bears)
    g = bolt_game(3)
    g.apply(after_land_play(g))
    assert heuristic(g) == Action.make(ActionKind.TARGET, P1)     # 3 damage: lethal


def test_attacks_only_when_the_attack_does_not_simply_lose_the_creature_508_1():
    from combat_helpers import combat_game
    g, a, b = combat_game(p0=["Grizzly Bears"], p1=["Test Wurm 5/6"])
    assert heuristic(g).kind == ActionKind.DECLARE_DONE            # it would just die
    g, a, b = combat_game(p0=["Grizzly Bears"], p1=["Grizzly Bears"])
    assert heuristic(g) == Action.make(ActionKind.ATTACK, P1, a[0])   # a trade at worst
    g, a, b = combat_game(p0=["Grizzly Bears"], p1=[])
    assert heuristic(g) == Action.make(ActionKind.ATTACK, P1, a[0])


def test_blocks_to_survive_509_1():
    from combat_helpers import combat_game, to_blockers
    for life, chump in [(20, False), (2, True)]:
        g, a, b = combat_game(p0=["Test Wurm 5/6"], p1=["Test Plain"])
        g.set_player(1, life=life)
        to_blockers(g, {a[0]: P1})
        act = heuristic(g)
        assert (act == Action.make(ActionKind.BLOCK, b[0], a[0])) == chump, life
        assert chump or act.kind == ActionKind.DECLARE_DONE
    g, a, b = combat_game(p0=["Test Plain"], p1=["Grizzly Bears"])
    to_blockers(g, {a[0]: P1})
    assert heuristic(g) == Action.make(ActionKind.BLOCK, b[0], a[0])   # kills it and survives


@pytest.mark.parametrize("deck,mulligan", [("60 Grizzly Bears", True), ("60 Forest", True),
                                           ("30 Forest\n30 Grizzly Bears", None)])
def test_mulligans_hands_of_0_1_or_6_7_lands_103_5(deck, mulligan):
    for seed in range(5):
        g = Game([Deck.parse(deck), Deck.parse(deck)], seed=seed, starting_player=0)
        assert g.decision.kind == Decision.MULLIGAN
        lands = sum(1 for o in g.zone(Zone.HAND, g.decision.player) if "Land" in g.card_of(o).types)
        want = mulligan if mulligan is not None else (lands <= 1 or lands >= 6)
        assert (heuristic(g).kind == ActionKind.MULLIGAN) == want
