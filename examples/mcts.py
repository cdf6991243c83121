"""A small Monte Carlo tree search (UCT) over the engine, against the random policy.

The tree is searched in Python; every leaf is valued by random playouts to the end of the
game run inside the compiled core (``State.rollouts``: clone + playout, GIL released), so
most of the time is spent in the core.  The search is honest about hidden information:
each iteration starts from a fresh determinization of the root (``State.determinize``:
the opponent's hand and every library resampled from the cards the searcher has not
seen), and a node's children are scored among those legal in that determinization
(single-observer information-set MCTS, Cowling et al. 2012).

    python examples/mcts.py bears bears --games 20 --iterations 100
    python examples/mcts.py red white --games 20

prints the win rate of MCTS against the random policy (seats alternate).
"""
from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from mtg_core import Game
from mtg_core.enums import Result
from mtg_core._engine import POL_RANDOM

A_ACTIVATE_MANA = 4               # mana abilities on their own are left out (as the random policy does)


def core_rollouts(state, n: int, seed: int) -> np.ndarray:
    """Winners (seat, -1 none) of ``n`` uniformly random playouts of ``state``, played in
    the core by one ``State.rollouts`` call (GIL released)."""
    return np.asarray(state.rollouts(n, POL_RANDOM, seed)["winner"])


@dataclass
class Node:
    mover: int = -1                               # the seat whose action led here
    visits: int = 0
    reward: float = 0.0                           # sum of the mover's results (1 win, 0.5 draw)
    avail: int = 0                                # times it was legal when its parent was searched
    children: dict = field(default_factory=dict)  # action code -> Node


class MCTS:
    """UCT with availability counts; ``iterations`` tree descents per decision, each leaf
    valued by ``rollouts_per_leaf`` core playouts."""

    def __init__(self, iterations: int = 100, rollouts_per_leaf: int = 2, c: float = 0.7,
                 seed: int = 0, determinize: bool = True,
                 rollout: Callable[[object, int, int], np.ndarray] = core_rollouts):
        self.iterations, self.rollouts_per_leaf, self.c = iterations, rollouts_per_leaf, c
        self.rng = np.random.default_rng(seed)
        self.determinize = determinize
        self.rollout = rollout

    @staticmethod
    def _legal(state) -> np.ndarray:
        codes = state.legal_actions()
        return codes[(codes & 255) != A_ACTIVATE_MANA]

    def choose(self, state) -> int:
        """The action code to play in ``state`` (a core State with a pending decision)."""
        legal = self._legal(state)
        if len(legal) == 1:
            return int(legal[0])
        me = int(state.decision[1])
        root = Node()
        for _ in range(self.iterations):
            seed = int(self.rng.integers(2**62))
            st = state.determinize(me, seed) if self.determinize else state.clone()
            self._iterate(root, st, seed)
        best = max((int(a) for a in legal if int(a) in root.children),
                   key=lambda a: root.children[a].visits, default=int(legal[0]))
        return best

    def _iterate(self, root: Node, st, seed: int) -> None:
        path = [root]
        node = root
        while st.result == Result.ONGOING:
            legal = self._legal(st)
            mover = int(st.decision[1])
            for a in legal:                        # availability (ISMCTS): legal here
                child = node.children.get(int(a))
                if child is not None:
                    child.avail += 1
            fresh = [int(a) for a in legal if int(a) not in node.children]
            if fresh:
                a = fresh[int(self.rng.integers(len(fresh)))]
                child = node.children[a] = Node(mover=mover, avail=1)
                st.apply(a)
                path.append(child)
                break
            a = max((int(a) for a in legal), key=lambda a: self._ucb(node.children[a]))
            node = node.children[a]
            st.apply(a)
            path.append(node)
        if st.result == Result.ONGOING:
            winners = self.rollout(st, self.rollouts_per_leaf, seed)
        else:
            winners = np.array([st.winner if st.result == Result.WIN else -1])
        for n in path[1:]:
            n.visits += len(winners)
            n.reward += float(np.sum(winners == n.mover)) + 0.5 * float(np.sum(winners < 0))

    def _ucb(self, n: Node) -> float:
        return n.reward / n.visits + self.c * math.sqrt(math.log(max(n.avail, 1)) / n.visits)


def play(decks: tuple[str, str], mcts_seat: int, game_seed: int, mcts: MCTS,
         max_turns: int = 60) -> int:
    """One game, MCTS at ``mcts_seat`` and the random policy at the other; the winner."""
    game = Game(list(decks), seed=game_seed, max_turns=max_turns, log=False)
    st = game.state
    rng = np.random.default_rng(game_seed)
    while st.result == Result.ONGOING:
        if st.decision[1] == mcts_seat:
            st.apply(mcts.choose(st))
        else:
            st.apply(int(st.random_action(int(rng.integers(2**62)))))
    return int(st.winner) if st.result == Result.WIN else -1


def match(decks: tuple[str, str], games: int, iterations: int, seed: int = 0,
          rollouts_per_leaf: int = 2, verbose: bool = False) -> dict:
    """MCTS against random over ``games`` games (MCTS alternates seats)."""
    wins = losses = draws = 0
    mcts = MCTS(iterations=iterations, rollouts_per_leaf=rollouts_per_leaf, seed=seed)
    for g in range(games):
        seat = g % 2
        w = play(decks, seat, seed * 100003 + g, mcts)
        wins += w == seat
        losses += w >= 0 and w != seat
        draws += w < 0
        if verbose:
            print(f"  game {g + 1}: MCTS seat {seat}, {'MCTS wins' if w == seat else 'random wins' if w >= 0 else 'no winner'}")
    return {"games": games, "mcts_wins": wins, "random_wins": losses, "draws": draws,
            "win_rate": wins / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("decks", nargs="*", default=["bears", "bears"])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--rollouts", type=int, default=2, help="core playouts per leaf")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    decks = tuple(args.decks) if len(args.decks) == 2 else ("bears", "bears")
    t = time.perf_counter()
    r = match(decks, args.games, args.iterations, args.seed, args.rollouts, args.verbose)
    dt = time.perf_counter() - t
    print(f"{decks[0]} vs {decks[1]}: MCTS ({args.iterations} iterations x {args.rollouts} "
          f"playouts) won {r['mcts_wins']} of {r['games']} against random "
          f"({r['random_wins']} losses, {r['draws']} without a winner): win rate "
          f"{r['win_rate']:.0%} in {dt:.1f} s")


if __name__ == "__main__":
    main()
