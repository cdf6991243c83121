"""Simulation at scale: :func:`simulate` plays many complete games in the compiled core on
local processes, Ray or Dask and returns a :class:`SimulationResult` (numpy arrays per game
and a summary with Wilson intervals).  See :mod:`mtg_core.simulation.run`."""
from .errors import BackendUnavailableError, SimulationError, SimulationInterrupted
from .result import SimulationResult, wilson_interval
from .run import DEFAULT_CHUNK_SIZE, Progress, chunk_seeds, simulate

__all__ = ["BackendUnavailableError", "DEFAULT_CHUNK_SIZE", "Progress", "SimulationError",
           "SimulationInterrupted", "SimulationResult", "chunk_seeds", "simulate",
           "wilson_interval"]
