"""Conformance checks every card and every opcode gets, without a test of its own.

As OpenSpiel's ``RandomSimTest`` runs every registered game, these run every card of a
card database and every opcode the core declares (``tests/test_conformance.py`` applies
them to the bundled library):

* :func:`card_deck` — a deck built around one card (20 copies and basic lands of its
  colours; a land: 30 copies and basics of every colour);
* :func:`random_games` — seeded games of that deck against itself in the core, under the
  random and the heuristic policies, in every rules edition; :func:`check_games` asserts
  each ends as a game may (never ``ABORTED``: a table too small is not a rules result);
* :func:`check_save_load_round_trip` — a game driven by seeded random actions, saved and
  loaded every few decisions: the same bytes, the same legal actions, the same game on;
* :func:`opcodes_used` — which opcodes each card's compiled programs use, walked with the
  lengths the core declares beside each opcode; an opcode no card uses is an opcode no
  game ever runs, so the test lists it as a failure. Opcodes the library doesn't reach
  are played through :data:`EXEMPLARS`: one real card (imported from the Oracle records
  in ``tests/data``) or one test card per opcode;
* :data:`DEBUG_GAMES` — games of every card replayed in the debug build (every shortcut
  cross-checked against the full computation, with sanitizers), which must give the same
  results as the release build.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

from mtg_core import DEFAULT_CARDS, Card, CardDB, Deck, Edition, Game, Result, _engine
from mtg_core.cards import ExtraPhase, ExtraStep, PutFromHandBlocking, SpellAbility
from mtg_core.policies import POLICIES

C = _engine.constants()
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
GAMES_PER_CASE = 2          # per policy and edition


def card_colours(card: Card) -> list[str]:
    """The colours of the mana symbols in ``card``'s costs (hybrid pips count each colour)."""
    return sorted(set(re.findall(r"[WUBRG]", card.mana_cost or "")), key="WUBRG".index)


def card_deck(card: Card) -> Deck:
    """A 60-card deck built around ``card``: 20 copies and 40 basic lands of its colours
    (all five for a colourless card), or for a land 30 copies and 30 basics of all five."""
    if "Land" in card.types:
        lines = [f"30 {card.name}"] + [f"6 {b}" for b in BASICS.values()]
    else:
        colours = card_colours(card) or list(BASICS)
        share, extra = divmod(40, len(colours))
        lines = [f"20 {card.name}"] + [f"{share + (i < extra)} {BASICS[c]}"
                                       for i, c in enumerate(colours)]
    return Deck.parse("\n".join(lines), name=f"{card.name} deck")


def random_games(cards: CardDB, deck: Deck, seed: int, games: int = GAMES_PER_CASE,
                 max_turns: int = 30, editions: tuple = tuple(Edition)) -> np.ndarray:
    """(result, winner, turns, decisions) of seeded games of ``deck`` against itself,
    played in the core, for each policy and rules edition in turn."""
    rows = deck.rows(cards)
    out = []
    for edition in editions:
        for policy in ("random", "heuristic"):
            res = _engine.play_games(cards.tables, [rows, rows], games, seed,
                                     (POLICIES[policy],), max_turns, True, int(edition))
            out.append(np.stack([res["result"], res["winner"], res["turns"], res["decisions"]], 1))
    return np.concatenate(out)


def check_games(rows: np.ndarray, what: str) -> None:
    results = {Result(int(r)).name for r in rows[:, 0]}
    assert results <= {"WIN", "DRAW", "UNFINISHED"}, f"{what}: games ended {sorted(results)}"
    assert (rows[:, 3] > 0).all(), f"{what}: a game with no decision"


def check_save_load_round_trip(cards: CardDB, deck: Deck, seed: int, steps: int = 120,
                               every: int = 7) -> None:
    """Drive a game by seeded random actions; every ``every`` decisions save it, load the
    blob, and check the loaded game has the same bytes and legal actions and stays equal
    to the original after the next action."""
    rnd = random.Random(seed)
    game = Game([deck, deck], seed=seed, cards=cards, log=False)
    for i in range(steps):
        if game.is_over:
            break
        if i % every == 0:
            blob = game.save()
            loaded = Game.load(blob, cards, log=False)
            assert loaded.save() == blob, f"{deck.name}: save / load / save differs"
            assert loaded.legal_actions() == game.legal_actions(), \
                f"{deck.name}: a loaded game has other legal actions"
            action = game.legal_actions()[rnd.randrange(len(game.legal_actions()))]
            game.apply(action)
            loaded.apply(action)
            assert loaded == game, f"{deck.name}: a loaded game plays on differently"
            continue
        actions = game.legal_actions()
        game.apply(actions[rnd.randrange(len(actions))])


# Opcodes whose operands are a body of further opcodes: the walk steps into the body.
_BODY_HEADERS = {"OP_IF": 3, "OP_DELAYED": 3, "OP_MAY": 3, "OP_IF_COND": 6,
                 "OP_INTERVENING_IF": 6}


def opcode_names() -> dict[int, str]:
    return {v: k for k, v in C.items() if k.startswith("OP_")}


def _program_ops(program, start: int, length: int, sizes: dict[int, int],
                 headers: dict[int, int]) -> set[int]:
    ops, pc, end = set(), start, start + length
    while pc < end:
        op = int(program[pc])
        assert op in sizes or op in headers, f"opcode {op} at {pc} has no declared length"
        ops.add(op)
        pc += headers.get(op) or sizes[op]
    return ops


def opcodes_used(cards: CardDB) -> dict[int, set[str]]:
    """opcode -> the names of the cards whose ability programs (their own rows, the rows
    they grant (613.1f) and the modes those rows choose among (700.2)) use it.  A static
    ability's program holds its continuous changes, not opcodes: it is not walked."""
    t = cards.tables
    names = opcode_names()
    headers = {C[n]: k for n, k in _BODY_HEADERS.items() if n in C}
    sizes = {op: n for op, n in _engine._OP_SIZES.items() if op in names}
    used: dict[int, set[str]] = {}
    for row, card in enumerate(cards.cards):
        first, count = int(t.cards[row, C["CF_ABILITY_START"]]), int(t.cards[row, C["CF_ABILITY_COUNT"]])
        todo, seen = list(range(first, first + count)), set()
        todo += [g for _, g in _engine.granted_rows_of_card(t.cards, t.abilities, t.program, row)]
        while todo:
            a = todo.pop()
            if a in seen or not 0 <= a < t.abilities.shape[0]:
                continue
            seen.add(a)
            ab = t.abilities[a]
            todo.extend(range(int(ab[C["AF_MODE_START"]]),
                              int(ab[C["AF_MODE_START"]]) + int(ab[C["AF_N_MODES"]])))
            if int(ab[C["AF_KIND"]]) == C["AB_STATIC"]:
                continue
            for op in _program_ops(t.program, int(ab[C["AF_PROG_START"]]), int(ab[C["AF_PROG_LEN"]]),
                                   sizes, headers):
                used.setdefault(op, set()).add(card.name)
    return used


# --- cards for the opcodes the bundled library doesn't use -----------------------------------

DATA = Path(__file__).parent / "data"
# opcode -> the Oracle record (file in tests/data, card name) or test card that runs it
EXEMPLARS: dict[str, tuple[str, str] | Card] = {
    "OP_COMBAT_RESTRICT": ("oracle-cards-subset.json", "Agent of Horizons"),
    "OP_DAMAGE_BY_POWER": ("oracle-cards-subset.json", "Aggressive Instinct"),
    "OP_DELAYED": ("oracle-cards-subset.json", "Blessed Wine"),
    "OP_EXTRA_COMBAT": ("oracle-cards-subset.json", "Seize the Day"),
    "OP_POISON": ("oracle-cards-subset.json", "Ichor Rats"),
    "OP_PREVENT_ALL_TO": ("oracle-cards-subset.json", "Djeru's Resolve"),
    "OP_SKIP": ("oracle-cards-subset.json", "Archway Commons"),
    "OP_SKIP_NEXT_TURN": ("oracle-cards-subset.json", "Chronatog"),
    "OP_TRANSFORM": ("oracle-faces.json", "Autumnal Gloom"),
    "OP_UNLESS": ("oracle-cards-subset.json", "Archway Commons"),
    # no printed card the importer reads yet says these (500.8, 500.9, 509.7)
    "OP_EXTRA_PHASE": Card("Test Extra Main", "{1}{R}", ("Instant",),
                           abilities=(SpellAbility(ExtraPhase("main")),)),
    "OP_EXTRA_STEP": Card("Test Extra Upkeep", "{1}{U}", ("Instant",),
                          abilities=(SpellAbility(ExtraStep("upkeep")),)),
    "OP_EXTRA_STEP_AT": Card("Test Upkeep After Draw", "{1}{U}", ("Instant",),
                             abilities=(SpellAbility(ExtraStep("upkeep", after="draw")),)),
    "OP_PUT_FROM_HAND_BLOCKING": Card("Test Ambush", "{G}", ("Instant",),
                                      abilities=(SpellAbility(PutFromHandBlocking("target"),
                                                              targets=("creature an opponent controls",)),)),
}
# Opcodes no program runs, with why.
NEVER_RUN = {"OP_END": "program[0]'s padding: the empty program, never an instruction"}


@lru_cache(maxsize=None)
def _records(file: str) -> tuple:
    from mtg_core.oracle import read_file
    return tuple(read_file(str(DATA / file)))


def exemplar_card(opcode: str) -> Card:
    """The card of :data:`EXEMPLARS` for ``opcode`` (imported from its Oracle record)."""
    from mtg_core.oracle.importer import import_record
    entry = EXEMPLARS[opcode]
    if isinstance(entry, Card):
        return entry
    file, name = entry
    # a double-faced card's record is named "Front // Back": its front face names it too
    rec = next(r for r in _records(file) if name in (r.name, r.name.split(" // ")[0]))
    result = import_record(rec)
    assert result.ok, (name, result.refusals)
    return result.card


def exemplar_db(card: Card) -> CardDB:
    """``card`` with the basic lands of the library (a database of its own: a whole corpus
    names more subtypes than one card database holds)."""
    return CardDB([DEFAULT_CARDS[b] for b in BASICS.values()] + [card])


def debug_case_games(cards: CardDB, deck: Deck, seed: int) -> np.ndarray:
    """The games of one card the debug build replays: one game per policy, in one rules
    edition chosen by the seed (the debug build with sanitizers is slow; across the cards
    every edition is covered)."""
    return random_games(cards, deck, seed, games=1, editions=(list(Edition)[seed % len(Edition)],))


# The child process of the debug-build check: debug_case_games for the cards and exemplar
# opcodes named on the command line, printed as JSON (the parent compares them).
DEBUG_GAMES = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import conformance
from mtg_core import DEFAULT_CARDS, _engine
assert _engine.DEBUG_BUILD, "this must run against the debug build"
names, opcodes = json.loads(sys.argv[2]), json.loads(sys.argv[3])
out = {n: conformance.debug_case_games(DEFAULT_CARDS, conformance.card_deck(DEFAULT_CARDS[n]),
                                       seed=i + 1).tolist() for i, n in enumerate(names)}
for i, op in enumerate(opcodes):
    card = conformance.exemplar_card(op)
    out[op] = conformance.debug_case_games(conformance.exemplar_db(card), conformance.card_deck(card),
                                           seed=1000 + i).tolist()
print(json.dumps(out))
"""
