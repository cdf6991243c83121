"""mtg_core — a Magic: The Gathering rules engine with a compiled core.

>>> from mtg_core import Game
>>> g = Game(["bears", "bears"], seed=3, mulligans=False)
>>> g.play_random(seed=3).finished
True
"""
from .cards import Card, CardDB
from .decks import Deck, bundled_deck, bundled_deck_names
from .enums import (ActionKind, CardType, Decision, Edition, Keyword, Phase, Result, Step, Zone)
from .errors import (CapacityError, CardScriptError, DeckError, IllegalActionError,
                     IllegalDeclarationError, MtgError, PassUntilError, StateFormatError,
                     UnplayableDeckError)
from .game import Action, Game, GameResult, PendingDecision, play_random_games
from ._engine import ConcurrentUseError
from .library import DEFAULT_CARDS
from .simulation import SimulationResult, simulate

__all__ = ["Action", "ActionKind", "CapacityError", "Card", "CardDB", "CardScriptError",
           "CardType", "ConcurrentUseError", "DEFAULT_CARDS", "Deck", "DeckError", "Decision", "Edition", "Game", "GameResult",
           "IllegalActionError", "IllegalDeclarationError", "Keyword", "MtgError", "PassUntilError", "PendingDecision", "Phase", "Result",
           "StateFormatError", "Step", "UnplayableDeckError", "Zone", "bundled_deck", "bundled_deck_names",
           "play_random_games", "SimulationResult", "simulate"]
__version__ = "0.1.0"

from .agents.registration import register_gymnasium_envs as _register_gymnasium_envs

_register_gymnasium_envs()        # gymnasium.make("mtg_core/Magic-v0") after import mtg_core
