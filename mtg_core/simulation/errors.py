"""What :func:`mtg_core.simulate` raises on purpose."""
from __future__ import annotations

from ..errors import MtgError


class SimulationError(MtgError, ValueError):
    """A simulation option that can't be used (games, seed, workers, backend, policy, ...);
    the message names the option and what is accepted.  Raised before any game is played."""


class BackendUnavailableError(SimulationError):
    """The backend asked for needs an optional extra that is not installed
    (``pip install "mtg_core[ray]"`` / ``"mtg_core[dask]"``)."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or another KeyboardInterrupt) stopped a simulation: the workers were stopped
    and ``result`` holds the games of every chunk that had finished (``result.complete`` is
    False).  A subclass of KeyboardInterrupt, so code that doesn't catch it stops as usual."""

    def __init__(self, result):
        self.result = result
        super().__init__(f"simulation interrupted after {result.n_games} of "
                         f"{result.games_requested} games")
