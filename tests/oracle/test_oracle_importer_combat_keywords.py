"""Importer features of combat keywords and one-shot combat restrictions, each shown on real cards in a game.

- 508.1c / 509.1b one-shot combat restrictions: "Target creature can't block this turn",
  "~ can't be blocked this turn", "Creatures without flying can't block this turn",
  "Creatures your opponents control can't block this turn" (611.2c: a group restriction
  is a rule, so it also binds creatures that come later).
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game
from mtg_core.cards import Card, CantThisTurn
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from combat_helpers import P1, to_blockers
from oracle_helpers import check_mutations, imported_card

# Real Oracle texts (the corpus).
_RECORDS = [
    CardRecord("Stun", "{1}{R}", "Instant", "Target creature can't block this turn.\nDraw a card.",
               colors=["R"]),
    CardRecord("Seismic Stomp", "{1}{R}", "Sorcery",
               "Creatures without flying can't block this turn.", colors=["R"]),
    CardRecord("Hazardous Blast", "{3}{R}", "Sorcery",
               "Hazardous Blast deals 1 damage to each creature your opponents control. "
               "Creatures your opponents control can't block this turn.", colors=["R"]),
    CardRecord("Blockade Runner", "{3}{U}", "Creature — Merfolk",
               "{U}: Blockade Runner can't be blocked this turn.", "2", "2", colors=["U"]),
    CardRecord("Sower of Chaos", "{3}{R}", "Creature — Devil",
               "{2}{R}: Target creature can't block this turn.", "4", "3", colors=["R"]),
    CardRecord("Unstoppable Ogre", "{2}{R}", "Artifact Creature — Ogre Warrior",
               "When Unstoppable Ogre enters the battlefield, target creature can't block this "
               "turn.", "4", "1", colors=["R"]),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


def _db(extra=()):
    return DEFAULT_CARDS.extended([imported(n) for n in RECORDS] + list(extra))


DB = _db()


def game(p0=(), p1=(), hand0=(), db=None) -> tuple[Game, list[int], list[int], list]:
    g = Game(["bears", "bears"], seed=5, cards=db or DB, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    h = [g.create_card(n, 0, Zone.HAND) for n in hand0]
    return g, a, b, h


def lands(g: Game, cost: str, p: int = 0) -> None:
    """Untapped Mountains / Islands that pay ``cost`` (generic paid with Mountains)."""
    import re
    for sym in re.findall(r"\{([^}]*)\}", cost):
        n = int(sym) if sym.isdigit() else 1
        for _ in range(n):
            g.create_card("Island" if sym == "U" else "Mountain", p, Zone.BATTLEFIELD)


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def blocks_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}


def to_attackers(g: Game) -> None:
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)


# --- the importer's definitions ---------------------------------------------------------------

def test_importer_reads_one_shot_combat_restrictions():
    assert imported("Stun").abilities[0].effects[0] == CantThisTurn("target", "can't block")
    assert imported("Seismic Stomp").abilities[0].effects == (
        CantThisTurn("each creature", "can't block", lacking=("flying",)),)
    assert imported("Hazardous Blast").abilities[0].effects[1] == \
        CantThisTurn("creatures your opponents control", "can't block")
    assert imported("Blockade Runner").abilities[0].effects == (
        CantThisTurn("self", "can't be blocked"),)


@pytest.mark.parametrize("text", [
    "Target creature can't block.",                              # no duration: not one-shot
    "Up to three target creatures can't block this turn.",       # several targets in one phrase
    "Target player can't block this turn.",
    "Creatures with power 2 or less can't block this turn.",     # a filter the core lacks
    "Green creatures and white creatures can't block this turn.",
])
def test_restriction_near_misses_are_refused(text):
    assert not import_card("X", "{R}", "Sorcery", text).ok


def test_mutated_combat_keyword_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 100


def test_cant_this_turn_checks_its_words():
    with pytest.raises(CardScriptError):
        CantThisTurn("target", "can't dance").compile()
    with pytest.raises(CardScriptError):
        CantThisTurn("target", "can't block", lacking=("flying",)).compile()
    with pytest.raises(CardScriptError):
        CantThisTurn("you", "can't block").compile()


# --- 509.1b in games ----------------------------------------------------------------------------

def test_509_1b_stun_target_creature_cant_block_this_turn():
    g, (bears0,), (bears1, other1), (stun,) = game(["Grizzly Bears"],
                                                  ["Grizzly Bears", "Grizzly Bears"], ["Stun"])
    g.pass_to(Step.MAIN, 0)
    lands(g, "{1}{R}")
    g.cast(stun, bears1)
    resolve(g)
    to_attackers(g)
    to_blockers(g, {bears0: P1})
    assert blocks_offered(g) == {(other1, bears0)}
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({bears1: bears0})
    assert g.save() == before                       # 509.1: the declaration is undone


def test_514_2_the_restriction_ends_with_the_turn():
    g, (bears0,), (bears1,), (stun,) = game(["Grizzly Bears"], ["Grizzly Bears"], ["Stun"])
    g.pass_to(Step.MAIN, 0)
    lands(g, "{1}{R}")
    g.cast(stun, bears1)
    resolve(g)
    g.pass_to(Step.MAIN, 1)                          # the next turn: the effect has ended
    g.pass_to(Step.MAIN, 0)
    to_attackers(g)
    to_blockers(g, {bears0: P1})
    assert blocks_offered(g) == {(bears1, bears0)}


def test_509_1b_611_2c_seismic_stomp_binds_creatures_without_flying_even_later_ones():
    g, (bears0,), (bears1, angel1), (stomp,) = game(["Grizzly Bears"],
                                                   ["Grizzly Bears", "Serra Angel"],
                                                   ["Seismic Stomp"])
    g.pass_to(Step.MAIN, 0)
    lands(g, "{1}{R}")
    g.cast(stomp)
    resolve(g)
    late = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)   # came after it resolved
    to_attackers(g)
    to_blockers(g, {bears0: P1})
    assert blocks_offered(g) == {(angel1, bears0)}
    assert late not in {b for b, _ in blocks_offered(g)}


def test_509_1b_hazardous_blast_only_the_opponents_creatures():
    g, (bears0,), (bears1,), (blast,) = game(["Grizzly Bears"], ["Serra Angel"],
                                             ["Hazardous Blast"])
    g.pass_to(Step.MAIN, 0)
    lands(g, "{3}{R}")
    g.cast(blast)
    resolve(g)
    assert g.obj(bears1)["damage"] == 1
    to_attackers(g)
    to_blockers(g, {bears0: P1})
    assert blocks_offered(g) == set()


def test_509_1b_blockade_runner_cant_be_blocked_after_its_ability_resolves():
    g, (runner, bears0), (bears1,), _ = game(["Blockade Runner", "Grizzly Bears"],
                                             ["Grizzly Bears"])
    g.pass_to(Step.MAIN, 0)
    lands(g, "{U}")
    g.activate(runner, 0)
    resolve(g)
    to_attackers(g)
    to_blockers(g, {runner: P1, bears0: P1})
    assert blocks_offered(g) == {(bears1, bears0)}


def test_509_1b_a_restriction_from_an_effect_survives_losing_all_abilities():
    """613.1f removes abilities; "can't be blocked this turn" is an effect, not an ability."""
    from mtg_core.cards import Becomes, LoseAllAbilities, SpellAbility
    strip = Card("Test Strip", "{0}", ("Instant",), abilities=(
        SpellAbility(Becomes("target", LoseAllAbilities()),
                     targets=("creature",)),))
    db = _db([strip])
    g, (runner,), (bears1,), (s,) = game(["Blockade Runner"], ["Grizzly Bears"], ["Test Strip"],
                                         db=db)
    g.pass_to(Step.MAIN, 0)
    lands(g, "{U}")
    g.activate(runner, 0)
    resolve(g)
    g.cast(s, runner)
    resolve(g)
    to_attackers(g)
    to_blockers(g, {runner: P1})
    assert blocks_offered(g) == set()
