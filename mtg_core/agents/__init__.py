"""Agent interfaces: a fixed action space and adapters for OpenSpiel, Gymnasium and
PettingZoo (the adapters import their framework only when asked for: ``.[openspiel]``,
``.[gym]``, ``.[pettingzoo]``)."""
from .action_space import ActionSpace, Block

__all__ = ["ActionSpace", "Block"]
