"""Benchmark helpers: a ``rates`` fixture that benchmarks fill with derived rates
(games/s, clones/s, ...), printed in a section at the end of the run."""
import pytest

RATES_KEY = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def rates(pytestconfig) -> dict:
    if RATES_KEY not in pytestconfig.stash:
        pytestconfig.stash[RATES_KEY] = {}
    return pytestconfig.stash[RATES_KEY]


def pytest_terminal_summary(terminalreporter, config):
    rates = config.stash.get(RATES_KEY, None)
    if not rates:
        return
    terminalreporter.section("mtg_core rates (one core)")
    for name, text in rates.items():
        terminalreporter.write_line(f"{name:<52} {text}")
