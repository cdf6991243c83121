"""Sacrifices the players choose (701.21a): "Target player sacrifices a creature",
"Each player sacrifices a creature", "Each player sacrifices two creatures".  Each player
named, in APNAP order (101.4), chooses (Decision.SACRIFICE_CHOICE) among the permanents of
the kind they control -- no choice where they have no more than asked; then all the chosen
ones are sacrificed at once (they see each other leave, 603.10a)."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Action, ActionKind, Deck, Decision, Game, IllegalActionError, Step, Zone
from mtg_core.cards import Card, CardScriptError, SacrificeChosen, SpellAbility

from oracle_helpers import imported_oracle

RECORDS = [
    ("Diabolic Edict", "{1}{B}", "Instant", "Target player sacrifices a creature."),
    ("Innocent Blood", "{B}", "Sorcery", "Each player sacrifices a creature."),
    ("Barter in Blood", "{2}{B}{B}", "Sorcery", "Each player sacrifices two creatures."),
    ("Geth's Verdict", "{B}{B}", "Instant", "Target player sacrifices a creature and loses 1 life."),
]


DB = DEFAULT_CARDS.extended([imported_oracle(*rec) for rec in RECORDS])


def game() -> Game:
    g = Game([Deck.parse("60 Swamp"), Deck.parse("60 Swamp")], seed=6, cards=DB,
             mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    return g


def choice(g: Game) -> tuple[int, list[int]]:
    d = g.decision
    assert d.kind == Decision.SACRIFICE_CHOICE
    return d.player, sorted(a.a for a in g.legal_actions())


def test_701_21a_target_player_chooses_which_creature_to_sacrifice():
    g = game()
    bears, lions = (g.create_card(n, 1, Zone.BATTLEFIELD) for n in ("Grizzly Bears", "Savannah Lions"))
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    land = g.create_card("Forest", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Diabolic Edict", 0, Zone.HAND), _player(g, 1))
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert choice(g) == (1, sorted([bears, lions]))          # their creatures, not the land
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, mine))   # not theirs
    assert g.save() == before
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, lions))
    assert lions in g.graveyard(1) and bears in g.battlefield(1) and mine in g.battlefield(0)
    assert not g.stack()


def _player(g: Game, p: int) -> int:
    from mtg_core import _engine
    return _engine.constants()["TGT_PLAYER"] + p


def test_701_21a_one_creature_is_sacrificed_without_a_choice():
    g = game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    life = g.life(1)
    for _ in range(4):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Geth's Verdict", 0, Zone.HAND), _player(g, 1))
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert bears in g.graveyard(1) and g.life(1) == life - 1   # and the rest resolves


def test_101_4_each_player_chooses_in_apnap_order_then_all_are_sacrificed_at_once():
    g = game()
    a1, a2 = (g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2))
    b1, b2 = (g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD) for _ in range(2))
    for _ in range(4):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Innocent Blood", 0, Zone.HAND))
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert choice(g) == (0, sorted([a1, a2]))                 # the active player first
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, a2))
    assert a2 in g.battlefield(0)                            # chosen, not yet sacrificed
    assert choice(g) == (1, sorted([b1, b2]))
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, b1))
    assert a2 in g.graveyard(0) and b1 in g.graveyard(1)
    assert a1 in g.battlefield(0) and b2 in g.battlefield(1)


def test_701_21a_each_player_sacrifices_two_creatures_one_choice_at_a_time():
    g = game()
    mine = [g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(3)]
    theirs = [g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD) for _ in range(2)]
    for _ in range(4):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Barter in Blood", 0, Zone.HAND))
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert choice(g) == (0, sorted(mine)) and g.decision.count == 2
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, mine[0]))
    assert choice(g) == (0, sorted(mine[1:])) and g.decision.count == 1
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, mine[2]))
    # the opponent has just two: both go, no choice
    assert not g.stack() and set(theirs) <= set(g.graveyard(1))
    assert g.battlefield(0).count(mine[1]) == 1 and {mine[0], mine[2]} <= set(g.graveyard(0))


def test_a_sacrifice_choice_names_a_player_and_a_kind_of_permanent():
    for who, what in (("self", "a creature"), ("each player", "a card"),
                      ("each player", "another creature")):
        with pytest.raises(CardScriptError):
            Card("Test Edict", "{B}", ("Sorcery",), abilities=(SpellAbility(SacrificeChosen(who, what)),))


def test_a_game_saved_in_the_middle_of_the_choices_loads_and_goes_on():
    g = game()
    a1, a2 = (g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2))
    b1, b2 = (g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD) for _ in range(2))
    for _ in range(4):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Innocent Blood", 0, Zone.HAND))
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    g.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, a1))     # marked, the opponent chooses
    h = Game.load(g.save(), cards=DB)
    assert choice(h) == (1, sorted([b1, b2]))
    h.apply(Action.make(ActionKind.SACRIFICE_CHOSEN, b2))
    assert a1 in h.graveyard(0) and b2 in h.graveyard(1)
