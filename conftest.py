"""Doctest collection of the optional agent adapters: a module whose framework (an extra:
``.[openspiel]``, ``.[gym]``, ``.[pettingzoo]``) is not installed is not collected; its
tests in tests/ skip with the reason instead."""
import importlib.util

collect_ignore = [path for module, path in (("pyspiel", "mtg_core/agents/openspiel.py"),
                                            ("gymnasium", "mtg_core/agents/gym_env.py"),
                                            ("gymnasium", "mtg_core/agents/registration.py"),
                                            ("pettingzoo", "mtg_core/agents/pettingzoo_env.py"))
                  if importlib.util.find_spec(module) is None]
