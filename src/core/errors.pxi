# The exceptions the core raises to Python.  Declared first: the declaration search's own
# errors (combat/search.pxi) derive from EngineError at import time.


class EngineError(Exception):
    """A call into the core that it cannot honour (bad arguments, corrupt state)."""


class RuleError(EngineError):
    """A scenario edit the rules forbid; ``rule`` names the rule."""

    def __init__(self, message, rule):
        super().__init__(message)
        self.rule = rule


class CapacityExceeded(EngineError):
    """A fixed-size table of the state has no room left."""


class ConcurrentUseError(EngineError, RuntimeError):
    """A second thread called into a State while another call on it was running.

    One State (one Game) is used by one thread at a time: calls that change it or release
    the GIL (apply, advance, play_random, legal_actions, concede, scenario edits...) mark it
    in use and refuse to start while it is.  Different games in different threads run in
    parallel."""
