"""The workloads of ``mtg-core bench``: named, versioned cases over the public API.

Each :class:`Case` builds its position once (``setup``) and returns the call to time, which
returns a *work* figure (legal actions listed, games' turns, declarations counted...): the
same case at the same version does the same work on every engine and machine, so two
reports whose work figures differ did not measure the same thing.  A case's ``version``
changes whenever its workload does; :data:`SUITE_VERSION` whenever a case is added,
removed or changed.

Positions come from seeded games of the bundled decks and from
:func:`mtg_core.combat_search.random_board`, so they need no data outside the package.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .. import Game, Zone
from ..combat_search import ATTACKERS, BLOCKERS, random_board
from ..enums import Decision, Step
from ..policies import play_games

SUITE_VERSION = 1


@dataclass(frozen=True)
class Case:
    """One workload: ``setup()`` returns a call taking no argument that does ``per_call``
    units of work (``unit``: "calls", "games", ...) and returns its work figure."""
    name: str
    version: int
    unit: str
    what: str
    setup: Callable[[], Callable[[], int]]
    per_call: int = 1
    quick: bool = True                   # part of --quick


# --- positions --------------------------------------------------------------------------------

def _advance(game: Game, until: Callable[[Game], bool], seed: int, limit: int = 20000) -> Game:
    for i in range(limit):
        if until(game):
            return game
        if game.is_over:
            break
        game.apply(game.state.random_action(seed + i))
    raise RuntimeError("bench: the seeded game never reached its position")


def _main_phase(game: Game, min_actions: int) -> Callable[[Game], bool]:
    def ok(g: Game) -> bool:
        d = g.decision
        return g.step == Step.MAIN and d is not None and d.kind == Decision.PRIORITY and \
            d.player == g.active_player and len(g.state.legal_actions()) >= min_actions
    return ok


def _small_main() -> Game:
    g = Game(["bears", "bears"], seed=7, mulligans=False, log=False)
    return _advance(g, lambda g: g.turn >= 12 and _main_phase(g, 4)(g), 1)


def _large_main() -> Game:
    """Seat 0's main phase with 40 permanents (lands, creatures, equipment, anthems) and a
    hand of castable spells."""
    g = Game(["gruul", "white_weenie"], seed=3, mulligans=False, log=False, spare_objects=120)
    g = _advance(g, lambda g: g.turn >= 3 and g.active_player == 0 and _main_phase(g, 2)(g), 5)
    lands = ["Mountain", "Forest", "Plains"]
    for i in range(24):
        g.create_card(lands[i % 3], i % 2, Zone.BATTLEFIELD)
    for name in ["Grizzly Bears", "Serra Angel", "Glorious Anthem", "Bonesplitter",
                 "Goblin Guide", "Savannah Lions", "Kird Ape", "Llanowar Elves"]:
        g.create_card(name, 0, Zone.BATTLEFIELD)
        g.create_card(name, 1, Zone.BATTLEFIELD)
    for name in ["Lightning Bolt", "Giant Growth", "Shock", "Searing Spear", "Grizzly Bears"]:
        g.create_card(name, 0, Zone.HAND)
    return g


def _forty_permanents(damaged: bool) -> Game:
    """40 permanents; ``damaged``: a third of the creatures have lethal damage and two
    planeswalkers no loyalty, so one pass has several state-based actions at once (704.3,
    704.5g, 704.5i)."""
    g = Game(["bears", "bears"], seed=1, mulligans=False, log=False, spare_objects=64)
    for i in range(38):
        name = "Forest" if i % 4 < 2 else "Grizzly Bears"
        o = g.create_card(name, i % 2, Zone.BATTLEFIELD)
        if name == "Grizzly Bears" and i % 3 == 0:
            g.set_object(o, damage=2 if damaged else 1)
    for seat in range(2):
        o = g.create_card("Jace Beleren", seat, Zone.BATTLEFIELD)
        g.set_object(o, loyalty=0 if damaged else 3)
    return g


def _layers_board() -> tuple[Game, list[int]]:
    """Many continuous effects at once (613): anthems, Humility, Opalescence, a Crusade,
    Goblin Chieftains, on 30 creatures and enchantments."""
    g = Game(["bears", "bears"], seed=2, mulligans=False, log=False, spare_objects=64)
    for name in ["Glorious Anthem", "Crusade", "Humility", "Opalescence", "Goblin Chieftain",
                 "Goblin Chieftain", "Honor of the Pure", "Gaea's Anthem", "Bad Moon"]:
        g.create_card(name, 0, Zone.BATTLEFIELD)
    objs = [g.create_card(n, k % 2, Zone.BATTLEFIELD)
            for k, n in enumerate(["Grizzly Bears", "Savannah Lions", "Goblin Guide",
                                   "Serra Angel", "Raging Goblin", "Wild Nacatl"] * 4)]
    return g, objs


def _assignment_position() -> tuple[Game, int]:
    """Seat 0's 7/7 trampler blocked by three creatures, at its damage assignment."""
    g = Game(["green_black", "bears"], seed=11, mulligans=False, starting_player=0, log=False,
             spare_objects=32)
    attacker = g.create_card("Colossal Dreadmaw", 0, Zone.BATTLEFIELD)
    blockers = [g.create_card(n, 1, Zone.BATTLEFIELD)
                for n in ("Grizzly Bears", "Giant Spider", "Wall of Wood")]
    for _ in range(200):
        if g.step == Step.DECLARE_ATTACKERS or (g.decision and g.decision.kind == Decision.DECLARE_ATTACKERS):
            break
        g.pass_priority()
    g.declare_attackers({attacker: Game.player_target(1)})
    while g.decision and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.declare_blockers({b: attacker for b in blockers})
    for _ in range(50):
        if g.decision and g.decision.kind == Decision.ASSIGN_DAMAGE:
            return g, attacker
        g.apply(g.legal_actions()[0])
    raise RuntimeError("bench: no damage assignment came up")


# --- the calls ----------------------------------------------------------------------------------

def _legal_actions(make: Callable[[], Game]) -> Callable[[], Callable[[], int]]:
    def setup():
        st = make().state
        return lambda: int(st.legal_actions().size)
    return setup


def _sba(damaged: bool):
    def setup():
        st = _forty_permanents(damaged).state
        if not damaged:
            return lambda: st.check_state_based_actions()
        return lambda: st.clone().check_state_based_actions()
    return setup


def _characteristics():
    g, objs = _layers_board()
    st = g.state

    def run() -> int:
        total = 0
        for o in objs:
            total += st.characteristics(o)["power"]
        return total
    return run


def _declaration(kind: str, n: int, what: str):
    def setup():
        boards = []
        seed = 0
        while len(boards) < 8:
            p = random_board(seed, n, n, kind)
            seed += 1
            if p.requirements:
                s = p.search
                boards.append((s, s.sample(seed)))
        state = {"k": 0}

        def run() -> int:
            s, d = boards[state["k"] % len(boards)]
            state["k"] += 1
            if what == "validate":
                s.forget_max()
                return int(s.validate(d)[0] == 0)
            if what == "count":
                s.forget_counts()
                n, exact, approx = s.count()
                return int(n % 1000003) if exact else int(approx) % 1000003
            return len(s.sample(state["k"]))
        return run
    return setup


def _assignment():
    g, attacker = _assignment_position()
    power = g.power_toughness(attacker)[0]
    order = list(g.damage_assignment_order(attacker)) or sorted(g.blockers_of(attacker))

    def run() -> int:
        c = g.clone()
        amounts, left = {}, power
        for b in order:                  # lethal damage to each in order (510.1c), the rest last
            amounts[b] = min(max(1, c.power_toughness(b)[1]), left)
            left -= amounts[b]
        amounts[order[-1]] += left
        c.assign_combat_damage(attacker, amounts)
        return sum(amounts.values())
    return run


def _clone():
    st = _small_main().state
    return lambda: int(st.clone().turn)


def _save_load():
    g = _small_main()
    return lambda: Game.load(g.save(), log=False).turn


def _observation():
    st = _small_main().state
    out = np.empty(st.observation_size(), dtype=np.float32)

    def run() -> int:
        st.observation(0, out)
        return int(out.size)
    return run


def _playouts(decks: tuple[str, str], n: int, policy: str, cards=None):
    def setup():
        seed = [0]

        def run() -> int:
            seed[0] += 1
            out = play_games(list(decks), n, seed=seed[0], policies=policy, cards=cards)
            return int(out["turns"].sum())
        return run
    return setup


def _perft(depth: int):
    def setup():
        st = _main_after_combat().state
        return lambda: st.perft(depth)
    return setup


def _main_after_combat() -> Game:
    """A red-vs-white main phase with attackers on the board (perft's tree goes through
    combat declarations, damage and the next turn's draws)."""
    g = Game(["red", "white"], seed=5, mulligans=False, log=False)
    return _advance(g, lambda g: g.turn >= 8 and _main_phase(g, 6)(g), 3)


def _rollouts():
    st = _small_main().state
    seed = [0]

    def run() -> int:
        seed[0] += 1
        return int(st.rollouts(50, seed=seed[0])["turns"].sum())
    return run


CASES: tuple[Case, ...] = (
    Case("legal_actions.main.small", 1, "calls", "State.legal_actions in a bears-mirror main "
         "phase (turn >= 12, at least 4 actions)", _legal_actions(_small_main)),
    Case("legal_actions.main.large", 1, "calls", "State.legal_actions in a main phase with 40 "
         "permanents and 5 castable spells in hand", _legal_actions(_large_main)),
    Case("sba.idle.40", 1, "calls", "a state-based-action pass over 40 permanents with nothing "
         "to do", _sba(False)),
    Case("sba.many.40", 1, "calls", "clone + a state-based-action pass with lethal damage and "
         "planeswalkers without loyalty at once (704.3)", _sba(True)),
    Case("characteristics.layers.24", 1, "calls", "the characteristics of 24 creatures under "
         "9 continuous effects (613: Humility, Opalescence, anthems, lords)", _characteristics),
    Case("declare.validate.4x4", 1, "calls", "validate a legal block declaration, maximum "
         "recomputed (509.1c), 4x4 boards with requirements", _declaration(BLOCKERS, 4, "validate")),
    Case("declare.validate.16x16", 1, "calls", "the same on 16x16 boards",
         _declaration(BLOCKERS, 16, "validate")),
    Case("declare.count.8x8", 1, "calls", "count the legal attack declarations (508.1), 8x8",
         _declaration(ATTACKERS, 8, "count")),
    Case("declare.count.16x16", 1, "calls", "count the legal block declarations, 16x16",
         _declaration(BLOCKERS, 16, "count"), quick=False),
    Case("declare.sample.16x16", 1, "calls", "one uniform legal block declaration, 16x16",
         _declaration(BLOCKERS, 16, "sample")),
    Case("damage.assign.3", 1, "calls", "clone + a whole combat damage assignment of a "
         "trampler among 3 blockers (510.1c-d)", _assignment),
    Case("state.clone", 1, "calls", "State.clone of a mid-game state", _clone),
    Case("game.save_load", 1, "calls", "Game.save + Game.load (every field validated)",
         _save_load),
    Case("state.observation", 1, "calls", "State.observation into a reused buffer",
         _observation),
    Case("playout.bears.random", 1, "games", "random games of the bears mirror (24 Forest + "
         "36 Grizzly Bears), 200 per call", _playouts(("bears", "bears"), 200, "random"),
         per_call=200),
    Case("playout.red_white.random", 1, "games", "random games of red vs white, 200 per call",
         _playouts(("red", "white"), 200, "random"), per_call=200),
    Case("playout.gruul_white_weenie.heuristic", 1, "games", "heuristic games of gruul vs "
         "white_weenie, 100 per call", _playouts(("gruul", "white_weenie"), 100, "heuristic"),
         per_call=100, quick=False),
    Case("perft.red_white.main.7", 1, "calls", "State.perft(7) from a red-vs-white main phase "
         "(every decision expanded; the work figure counts the leaves)", _perft(7)),
    Case("state.rollouts", 1, "games", "State.rollouts: 50 random playouts from a mid-game "
         "state per call", _rollouts, per_call=50),
)


def matchup_case(deck_a: str, deck_b: str, cards: str | None) -> Case:
    """A playout case of the user's own matchup (deck files, cards from a card-data file):
    not part of the versioned suite, named by the decks."""
    return Case(f"playout.user.{_short(deck_a)}_vs_{_short(deck_b)}", 0, "games",
                f"random games of {deck_a} vs {deck_b}, 200 per call",
                _playouts((deck_a, deck_b), 200, "random", cards), per_call=200)


def _short(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]

