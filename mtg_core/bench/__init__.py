"""``mtg-core bench``: a fixed, versioned suite of rule-check workloads (legal actions, state-
based actions, layers, the declaration search, damage assignment, clone and save/load,
observations, playouts, rollouts), a report with the machine it ran on, and comparisons of
two reports as ratios.  The cases are in :mod:`.cases`, the timing and reports in
:mod:`.run`; docs/benchmarks.md says how to read them."""
from .cases import CASES, SUITE_VERSION, Case
from .run import compare, format_report, run_suite, select

__all__ = ["CASES", "Case", "SUITE_VERSION", "compare", "format_report", "run_suite", "select"]
