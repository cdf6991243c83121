"""The shared conformance checks (tests/conformance.py) over every card of the bundled
library and every opcode of the core: a card or an opcode added anywhere is played here
without a test of its own."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import conformance
from mtg_core import DEFAULT_CARDS

NAMES = DEFAULT_CARDS.names()


@pytest.mark.parametrize("name", NAMES)
def test_every_library_card_plays_random_games(name):
    """Seeded games of a deck built around the card, random and heuristic players, every
    rules edition: each ends as a game may, and the same seed gives the same games."""
    deck = conformance.card_deck(DEFAULT_CARDS[name])
    games = conformance.random_games(DEFAULT_CARDS, deck, seed=NAMES.index(name) + 1)
    conformance.check_games(games, name)
    again = conformance.random_games(DEFAULT_CARDS, deck, seed=NAMES.index(name) + 1)
    assert np.array_equal(games, again), f"{name}: the same seed gave other games"


@pytest.mark.parametrize("name", NAMES)
def test_every_library_card_survives_save_and_load(name):
    conformance.check_save_load_round_trip(DEFAULT_CARDS, conformance.card_deck(DEFAULT_CARDS[name]),
                                           seed=NAMES.index(name) + 1)


OPCODES = sorted(conformance.EXEMPLARS)


def test_every_opcode_is_played_by_a_library_card_or_an_exemplar():
    """A new opcode is run by some library card's program, or gets an exemplar card here."""
    names = conformance.opcode_names()
    in_library = {names[op] for op in conformance.opcodes_used(DEFAULT_CARDS)}
    missing = sorted(set(names.values()) - in_library - set(OPCODES) - set(conformance.NEVER_RUN))
    assert not missing, f"opcodes no card runs (add a library card or an exemplar): {missing}"
    stale = sorted(set(OPCODES) & in_library)
    assert not stale, f"exemplars of opcodes the library now runs (drop them): {stale}"


@pytest.mark.parametrize("opcode", OPCODES)
def test_every_exemplar_runs_its_opcode_in_random_games_and_save_load(opcode):
    card = conformance.exemplar_card(opcode)
    db = conformance.exemplar_db(card)
    names = conformance.opcode_names()
    assert opcode in {names[op] for op in conformance.opcodes_used(db)}, \
        f"{card.name} doesn't use {opcode}"
    deck = conformance.card_deck(card)
    conformance.check_games(conformance.random_games(db, deck, seed=1000 + OPCODES.index(opcode)),
                            card.name)
    conformance.check_save_load_round_trip(db, deck, seed=OPCODES.index(opcode) + 1)


def test_the_debug_build_plays_every_card_the_same_games(debug_engine):
    """Seeded games of every card in the debug build (every dirty flag, summary and cache
    checked against the full computation; address and undefined-behaviour sanitizers): no
    check fails, and the results equal the release build's."""
    proc = debug_engine.run(conformance.DEBUG_GAMES, timeout=1800,
                            args=(str(Path(__file__).parent), json.dumps(NAMES), json.dumps(OPCODES)))
    assert proc.returncode == 0, proc.stderr[-5000:]
    debug = json.loads(proc.stdout.strip().splitlines()[-1])
    for i, name in enumerate(NAMES):
        release = conformance.debug_case_games(DEFAULT_CARDS, conformance.card_deck(DEFAULT_CARDS[name]),
                                               seed=i + 1)
        assert debug[name] == release.tolist(), f"{name}: the debug build played other games"
    for i, op in enumerate(OPCODES):
        card = conformance.exemplar_card(op)
        release = conformance.debug_case_games(conformance.exemplar_db(card),
                                               conformance.card_deck(card), seed=1000 + i)
        assert debug[op] == release.tolist(), f"{card.name}: the debug build played other games"
