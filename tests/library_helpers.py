"""Set-ups shared by the library card tests (tests/test_library_*.py): games at a
main phase, lands that pay a mana cost, casting and resolving, a card checked against its
Oracle record, and an illegal target refused with nothing changed."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtg_core import Action, ActionKind, Deck, Game, Step, Zone
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.library import DEFAULT_CARDS

ORACLE = {r["name"]: r for r in json.loads(
    (Path(__file__).parent / "data" / "oracle-cards-subset.json").read_text(encoding="utf-8"))}
"""The test subset's Oracle records by name (tests/data/oracle-cards-subset.json)."""

P0, P1 = Game.player_target(0), Game.player_target(1)
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def main_game(active: int = 0, seed: int = 7, cards=DEFAULT_CARDS) -> Game:
    """A two-player game at the active player's first precombat main phase (libraries of
    basic lands, so draws never run out)."""
    g = Game([Deck.parse("60 Island"), Deck.parse("60 Swamp")], seed=seed, cards=cards,
             mulligans=False, starting_player=active)
    g.pass_to(Step.MAIN, active)
    return g


def lands_for(g: Game, p: int, cost: str, x: int = 0) -> list[int]:
    """Untapped basic lands for player ``p`` that pay ``cost`` exactly ({X} = ``x``)."""
    out = []
    for sym in re.findall(r"\{([^}]*)\}", cost):
        if sym.isdigit():
            out += [g.create_card("Mountain", p, Zone.BATTLEFIELD) for _ in range(int(sym))]
        elif sym == "X":
            out += [g.create_card("Mountain", p, Zone.BATTLEFIELD) for _ in range(x)]
        else:
            out.append(g.create_card(BASIC[sym], p, Zone.BATTLEFIELD))
    return out


def cast_from_hand(g: Game, name: str, *targets: int, p: int = 0, x: int | None = None) -> int:
    """Put ``name`` into ``p``'s hand with lands paying its cost, cast it (601.2)."""
    card = DEFAULT_CARDS[name] if name in DEFAULT_CARDS else g.cards[name]
    lands_for(g, p, card.mana_cost, x or 0)
    o = g.create_card(name, p, Zone.HAND)
    g.cast(o, *targets, x=x)
    return o


def resolve(g: Game) -> None:
    """Pass priority until the stack is empty (each object resolves as both players pass in
    succession, 608.1) or a decision other than priority comes up (a trigger's target)."""
    for _ in range(100):
        d = g.decision
        if d is None or d.kind != Decision.PRIORITY or not g.stack():
            return
        g.pass_priority()
    raise AssertionError("the stack did not empty")


def start_cast(g: Game, name: str, p: int = 0) -> int:
    """Cast ``name`` (lands paying for it) up to its first target choice."""
    card = g.cards[name]
    lands_for(g, p, card.mana_cost)
    o = g.create_card(name, p, Zone.HAND)
    g.apply(Action.make(ActionKind.CAST, o))
    return o


def assert_matches_oracle(name: str) -> None:
    """The library card ``name`` has its Oracle record's mana cost, type line and text."""
    card, oracle = DEFAULT_CARDS[name], ORACLE[name]
    assert card.mana_cost == (oracle["mana_cost"] or "")
    assert card.type_line() == oracle["type_line"]
    assert card.text == oracle["oracle_text"]


def refused_unchanged(g: Game, bad: int) -> None:
    """601.2c: an illegal target is refused and nothing changes."""
    before = g.save()
    with pytest.raises(IllegalActionError, match=r"115\.1, 601\.2c"):
        g.apply(Action.make(ActionKind.TARGET, bad))
    assert g.save() == before
