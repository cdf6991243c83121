"""OpenSpiel's MCTS bots against the uniform random policy on the ``mtg_core`` game.

    python examples/openspiel_mcts.py --decks bears,bears --games 10 --simulations 100
    python examples/openspiel_mcts.py --bot mcts --games 10

Two of OpenSpiel's bots, both valued at the leaves by random playouts inside the compiled
core (``State.rollouts``) instead of OpenSpiel's Python ``RandomRolloutEvaluator`` (same
idea, the playout loop in C).  Neither sees hidden information:

- ``ismcts`` (the default): ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, information
  set MCTS: every simulation starts from a fresh ``resample_from_infostate`` (the core's
  ``determinize``: the opponent's hand, the libraries and the RNG resampled), and nodes
  are keyed by the perfect-recall information state strings.
- ``mcts``: ``open_spiel.python.algorithms.mcts.MCTSBot``, plain UCT searching one
  determinization per move (``resample_from_infostate`` once): it plans against a single
  guess of the hidden cards, so it is weaker for the same budget.
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from mtg_core.agents import openspiel as mtg_openspiel  # registers the game "mtg_core"
from mtg_core._engine import POL_RANDOM


def core_rollouts(state, n: int, seed: int) -> np.ndarray:
    """Winners (seat, -1 none) of ``n`` uniformly random playouts of a core state, played
    in the core by one ``State.rollouts`` call."""
    return np.asarray(state.rollouts(n, POL_RANDOM, seed)["winner"])


class CoreRolloutEvaluator(mcts.Evaluator):
    """Leaf value: the mean returns of ``n_rollouts`` random playouts run in the core."""

    def __init__(self, n_rollouts: int = 2, seed: int = 0):
        self.n_rollouts = n_rollouts
        self.rng = np.random.default_rng(seed)

    def evaluate(self, state) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        core = state.engine_state
        n = state.num_players()
        winners = core_rollouts(core, self.n_rollouts, int(self.rng.integers(2**62)))
        out = np.zeros(n)
        for w in winners:
            if w >= 0:
                out -= 1.0 / (n - 1)
                out[w] += 1.0 + 1.0 / (n - 1)
        return out / len(winners)

    def prior(self, state) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def play_game(game, bot_seat: int, bot, rng: np.random.Generator, resample: bool = True) -> list[float]:
    state = game.new_initial_state()
    sampler = rng.random                           # a seeded sampler: games repeat exactly
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        elif state.current_player() == bot_seat:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            else:
                root = state.resample_from_infostate(bot_seat, sampler) if resample else state
                state.apply_action(bot.step(root))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    return state.returns()


def make_bot(game, kind: str, simulations: int, rollouts: int, seed: int):
    """OpenSpiel's ISMCTSBot ("ismcts") or MCTSBot ("mcts") with core playouts at the leaves."""
    evaluator = CoreRolloutEvaluator(rollouts, seed)
    if kind == "ismcts":
        # Action sets differ between determinizations below the root (an opponent's hand,
        # the cards a search offers), hence allow_inconsistent_action_sets.
        return ismcts.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=simulations,
                                random_state=np.random.RandomState(seed),
                                allow_inconsistent_action_sets=True)
    if kind == "mcts":
        return mcts.MCTSBot(game, uct_c=1.0, max_simulations=simulations, evaluator=evaluator,
                            random_state=np.random.RandomState(seed))
    raise ValueError(f"unknown bot {kind!r}: 'ismcts' or 'mcts'")


def match(decks: str = "bears,bears", games: int = 10, simulations: int = 100,
          rollouts: int = 2, seed: int = 0, max_turns: int = 50, bot: str = "ismcts") -> dict:
    """The bot against random over ``games`` games (the bot alternates seats)."""
    game = pyspiel.load_game("mtg_core", {"decks": decks, "max_turns": max_turns})
    rng = np.random.default_rng(seed)
    searcher = make_bot(game, bot, simulations, rollouts, seed)
    wins = losses = 0
    for g in range(games):
        seat = g % 2
        # ISMCTS resamples by itself at every simulation; MCTS searches one resample
        returns = play_game(game, seat, searcher, rng, resample=(bot == "mcts"))
        wins += returns[seat] > 0
        losses += returns[1 - seat] > 0
    return {"games": games, "mcts_wins": wins, "random_wins": losses,
            "draws": games - wins - losses, "win_rate": wins / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decks", default="bears,bears")
    ap.add_argument("--bot", default="ismcts", choices=["ismcts", "mcts"])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--rollouts", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = time.perf_counter()
    r = match(args.decks, args.games, args.simulations, args.rollouts, args.seed, bot=args.bot)
    name = {"ismcts": "ISMCTSBot", "mcts": "MCTSBot"}[args.bot]
    print(f"{args.decks}: OpenSpiel {name} ({args.simulations} simulations, {args.rollouts} core "
          f"playouts per leaf) won {r['mcts_wins']} of {r['games']} against random "
          f"({r['random_wins']} losses, {r['draws']} without a winner): win rate "
          f"{r['win_rate']:.0%} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
