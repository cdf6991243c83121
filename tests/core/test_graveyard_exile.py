"""Exiling a whole graveyard (406.3): "exile target player's graveyard" (Bojuka Bog,
Tormod's Crypt, Nihil Spellbomb; mtg_core/library/graveyard_exile.py) and "exile all
graveyards" (imported).  Every card in that graveyard as the ability resolves goes to
exile, the other graveyards are untouched; a cost paid by sacrificing the source puts it in
the graveyard before the ability resolves (602.2c, 118.3), so the source is exiled with the
rest when its controller aims it at their own graveyard."""
from __future__ import annotations

import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import CardDB, ExileGraveyard
from mtg_core.decks import Deck
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS

from game_helpers import lands, resolve
from oracle_helpers import imported_oracle

C = _engine.constants()
P0, P1 = Game.player_target(0), Game.player_target(1)

CREMATE_ALL = ("{1}", "Sorcery", "Exile all graveyards.\nDraw a card.")


@pytest.fixture(scope="module")
def db():
    return CardDB([*ALL_CARDS, imported_oracle("Test Exile All Graveyards", *CREMATE_ALL)])


def game(db) -> Game:
    g = Game([Deck.parse("60 Swamp"), Deck.parse("60 Swamp")], seed=8, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def fill_graveyards(g: Game) -> tuple[list[int], list[int]]:
    mine = [g.create_card(n, 0, Zone.GRAVEYARD) for n in ("Grizzly Bears", "Shock", "Swamp")]
    theirs = [g.create_card(n, 1, Zone.GRAVEYARD) for n in ("Grizzly Bears", "Lightning Bolt")]
    return mine, theirs


def target(g: Game, who: int) -> None:
    assert g.decision.kind == Decision.TARGET
    g.apply(Action.make(ActionKind.TARGET, Game.player_target(who)))


def test_406_3_bojuka_bog_exiles_the_target_players_graveyard_only(db):
    g = game(db)
    mine, theirs = fill_graveyards(g)
    bog = g.create_card("Bojuka Bog", 0)
    g.play_land(bog)
    target(g, 1)                                          # 603.3d: targets as it is put on the stack
    resolve(g)
    assert g.obj(bog)["tapped"] == 1                      # 614.1c
    assert g.graveyard(1) == [] and set(theirs) <= set(g.zone(Zone.EXILE))
    assert g.graveyard(0) == mine                         # the other graveyard is untouched


def test_602_2c_406_3_tormods_crypt_aimed_at_its_controller_exiles_itself_too(db):
    """Sacrificing it is a cost (118.3): it is in its owner's graveyard before the ability
    resolves, so it is among the cards exiled."""
    g = game(db)
    mine, theirs = fill_graveyards(g)
    crypt = g.create_card("Tormod's Crypt", 0, Zone.BATTLEFIELD)
    g.activate(crypt, 0, P0, sacrifice=crypt)
    assert crypt in g.graveyard(0)
    resolve(g)
    assert g.graveyard(0) == [] and {crypt, *mine} <= set(g.zone(Zone.EXILE))
    assert g.graveyard(1) == theirs


def test_406_3_603_10a_nihil_spellbomb_exiles_then_its_dies_trigger_may_draw(db):
    g = game(db)
    mine, theirs = fill_graveyards(g)
    bomb = g.create_card("Nihil Spellbomb", 0, Zone.BATTLEFIELD)
    hand = len(g.hand(0))
    g.set_player(0, mana_B=1)
    g.activate(bomb, 0, P1, sacrifice=bomb)
    for _ in range(20):                                   # the trigger asks: pay {B}?
        if g.decision.kind == Decision.MAY:
            g.apply(Action.make(ActionKind.MAY_YES))
        elif not g.stack():
            break
        else:
            g.pass_priority()
    assert g.graveyard(1) == [] and set(theirs) <= set(g.zone(Zone.EXILE))
    assert bomb in g.graveyard(0) and len(g.hand(0)) == hand + 1


def test_406_3_an_empty_graveyard_and_all_graveyards(db):
    g = game(db)
    crypt = g.create_card("Tormod's Crypt", 0, Zone.BATTLEFIELD)
    g.activate(crypt, 0, P1, sacrifice=crypt)
    resolve(g)
    assert g.graveyard(1) == [] and g.graveyard(0) == [crypt]
    mine, theirs = fill_graveyards(g)
    g.set_player(0, mana_B=1)
    spell = g.create_card("Test Exile All Graveyards", 0)
    g.cast(spell)
    resolve(g)
    # the spell itself goes to the graveyard after its instructions (608.2n)
    assert g.graveyard(1) == [] and g.graveyard(0) == [spell]
    assert {crypt, *mine, *theirs} <= set(g.zone(Zone.EXILE))


def test_406_3_the_card_language_and_the_importer_write_the_same_effect(db):
    spell = db["Test Exile All Graveyards"].abilities[0]
    assert spell.effects[0] == ExileGraveyard("each player")
    assert db["Bojuka Bog"].abilities[1].effects == (ExileGraveyard("target"),)


def test_the_heuristic_aims_graveyard_exile_at_an_opponent(db):
    g = game(db)
    fill_graveyards(g)
    g.play_land(g.create_card("Bojuka Bog", 0))
    assert g.decision.kind == Decision.TARGET
    assert g.state.policy_action(C["POL_HEURISTIC"], 1) == Action.make(ActionKind.TARGET, P1).code
