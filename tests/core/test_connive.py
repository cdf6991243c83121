"""Connive (701.50) in games, with the library's real cards: Raffine's Informant and Echo
Inspector ("When ~ enters the battlefield, it connives"), Hypnotic Grifter ("{3}: ~
connives") and Mob Lookout ("target creature you control connives").  The controller draws
a card, then discards a card of their choice (Decision.DISCARD_CHOICE); a nonland card
discarded puts a +1/+1 counter on the conniving permanent (701.50a); one that left the
battlefield still connives, by its last known information, and gets no counter (701.50c)."""
import pytest

from mtg_core import Action, ActionKind, Game, IllegalActionError, Step, Zone
from mtg_core.cards import CardScriptError, Connive
from mtg_core.enums import Decision
from game_helpers import lands, resolve

SEED = 5


def main_game(new_game, deck0="60 Plains", deck1="60 Mountain"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


def discard(game, o):
    game.apply(Action.make(ActionKind.DISCARD_CHOSEN, o))


def enter_and_connive(game, name, top="Lightning Bolt"):
    """Cast ``name`` with ``top`` on top of its controller's library; resolve it and its
    enters trigger up to the discard choice.  Returns (creature, drawn card)."""
    drawn = game.create_card(top, 0, Zone.LIBRARY)
    creature = game.create_card(name, 0)
    game.cast(creature)
    resolve(game)
    return creature, drawn


@pytest.mark.parametrize("name, base", [("Raffine's Informant", (2, 1)), ("Echo Inspector", (2, 3))])
def test_701_50a_enters_and_connives_a_nonland_discard_puts_a_counter(new_game, name, base):
    game = main_game(new_game, "60 Island" if name == "Echo Inspector" else "60 Plains")
    lands(game, 0, "Island" if name == "Echo Inspector" else "Plains", 4)
    held = len(game.hand(0))
    creature, drawn = enter_and_connive(game, name)
    d = game.decision
    assert d.kind == Decision.DISCARD_CHOICE and d.player == 0 and d.count == 1
    assert drawn in game.hand(0) and len(game.hand(0)) == held + 1          # drew first
    assert sorted(a.a for a in game.legal_actions()) == sorted(game.hand(0))
    assert Game.load(game.save(), cards=game.cards) == game                 # a saved choice
    discard(game, drawn)                                                    # Lightning Bolt
    assert drawn in game.graveyard(0) and len(game.hand(0)) == held
    assert game.power_toughness(creature) == (base[0] + 1, base[1] + 1)
    assert game.obj(creature)["plus1"] == 1 and not game.stack()


def test_701_50a_a_land_discarded_puts_no_counter(new_game):
    game = main_game(new_game)
    lands(game, 0, "Plains", 2)
    informant, drawn = enter_and_connive(game, "Raffine's Informant", top="Plains")
    discard(game, drawn)
    assert drawn in game.graveyard(0) and game.power_toughness(informant) == (2, 1)


def test_701_50a_discarding_an_illegal_card_is_refused_and_changes_nothing(new_game):
    game = main_game(new_game)
    plains = lands(game, 0, "Plains", 2)
    enter_and_connive(game, "Raffine's Informant")
    before = game.save()
    with pytest.raises(IllegalActionError):
        discard(game, plains[0])                     # on the battlefield, not in the hand
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.PASS))     # the choice must be made
    assert game.save() == before


def test_701_50a_mob_lookout_target_creature_you_control_connives(new_game):
    game = main_game(new_game, "60 Island")
    lands(game, 0, "Island", 2)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    drawn = game.create_card("Lightning Bolt", 0, Zone.LIBRARY)
    lookout = game.create_card("Mob Lookout", 0)
    game.cast(lookout)
    resolve(game)
    assert game.decision.kind == Decision.TARGET
    assert game.player_target(1) not in {a.a for a in game.legal_actions()}
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve(game)
    assert game.decision.kind == Decision.DISCARD_CHOICE
    discard(game, drawn)
    assert game.power_toughness(bears) == (3, 3) and game.power_toughness(lookout) == (0, 3)


def test_701_50c_grifter_killed_in_response_still_connives_without_a_counter(new_game):
    """Hypnotic Grifter's ability is on the stack; the opponent bolts the Grifter in
    response.  701.50c: it still connives, by its last known information: its controller
    draws and discards; no counter can be put on a card in the graveyard."""
    game = main_game(new_game, "60 Island", "60 Mountain")
    lands(game, 0, "Island", 3)
    lands(game, 1, "Mountain", 1)
    grifter = game.create_card("Hypnotic Grifter", 0, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 1)
    drawn = game.create_card("Giant Growth", 0, Zone.LIBRARY)
    game.activate(grifter, 0)
    game.pass_priority()                             # P1 gets priority
    game.cast(bolt, grifter)
    game.pass_priority()
    game.pass_priority()                             # the Bolt resolves
    assert grifter in game.graveyard(0)
    resolve(game)
    d = game.decision
    assert d.kind == Decision.DISCARD_CHOICE and d.player == 0 and drawn in game.hand(0)
    discard(game, drawn)
    assert drawn in game.graveyard(0) and game.obj(grifter)["plus1"] == 0 and not game.stack()


def test_701_50_connive_names_one_permanent_once_or_more():
    with pytest.raises(CardScriptError):
        Connive("each creature").compile()
    with pytest.raises(CardScriptError):
        Connive("you").compile()
    with pytest.raises(CardScriptError):
        Connive("self", 0).compile()
    assert Connive("self", 2).compile()[2] == 2                  # connive N (701.50e)
