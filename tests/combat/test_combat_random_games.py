"""Random games with combat (506-511): every bundled deck finishes with a rules result, much
sooner than without combat, and the step-by-step declaration masks never reach a dead end."""
from __future__ import annotations

import random

import numpy as np

from mtg_core import Game, play_random_games
from mtg_core.decks import bundled_deck_names
from mtg_core.enums import Decision, Result

from combat_helpers import TEST_CARDS


def test_random_games_of_every_bundled_deck_end_with_a_rules_result_and_soon():
    """Without combat, every random game ended by decking after ~109 turns."""
    for name in bundled_deck_names():
        out = play_random_games(name, name, 200, seed=7)
        assert set(out[:, 0].tolist()) <= {int(Result.WIN), int(Result.DRAW)}, name
        assert out[:, 2].mean() < 60, (name, out[:, 2].mean())


def test_python_driven_random_combat_never_dead_ends():
    """Pair-by-pair random declarations (uniform over the offered actions) on boards with
    requirements and restrictions: a legal action is always offered, and games end."""
    rng = random.Random(9)
    deck = ("20 Mountain\n4 Juggernaut\n4 Mogg Flunkies\n4 Goblin Piker\n4 Wall of Stone\n"
            "4 Test Menace\n4 Test Eager Blocker\n4 Test Lure Beast\n4 Test Bait\n"
            "4 Test Multi Blocker\n4 Goblin War Drums")
    from mtg_core.decks import Deck
    d = Deck.parse(deck, name="combat")
    for seed in range(6):
        g = Game([d, d], seed=seed, cards=TEST_CARDS, mulligans=False, log=False)
        declarations = 0
        for _ in range(20000):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert acts, f"no legal action at {g.decision}"
            if g.decision.kind in (Decision.DECLARE_ATTACKERS, Decision.DECLARE_BLOCKERS):
                declarations += 1
            g.apply(rng.choice(acts))
        assert g.is_over and declarations > 0
