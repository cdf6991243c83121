""""Its controller" after an effect that acts on one object (608.2h): "Destroy target
permanent. Its controller creates a 3/3 green Beast creature token" (Beast Within), "Counter
target spell. Its controller mills four cards" (Countermand), "Return target creature to its
owner's hand. Its controller loses 1 life" (Vapor Snag).  The player is the controller of that
object as it last existed (REF_LKI_CONTROLLER), remembered by the program that acted on it;
an effect that makes its player choose while resolving can't name that player (the choice
ends the program run), so those texts are refused, never approximated."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Deck, Decision, Game, Step, Zone
from mtg_core.cards import (Card, CardScriptError, CreateToken, Destroy, Discard, LoseLife,
                            SpellAbility)
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations, imported_card

_RECORDS = [
    CardRecord("Beast Within", "{2}{G}", "Instant",
               "Destroy target permanent. Its controller creates a 3/3 green Beast creature token."),
    CardRecord("Vapor Snag", "{U}", "Instant",
               "Return target creature to its owner's hand. Its controller loses 1 life."),
    CardRecord("Countermand", "{2}{U}{U}", "Instant",
               "Counter target spell. Its controller mills four cards."),
    CardRecord("An Offer You Can't Refuse", "{U}", "Instant",
               "Counter target noncreature spell. Its controller creates two Treasure tokens. "
               "(They're artifacts with \"{T}, Sacrifice this token: Add one mana of any color.\")"),
    CardRecord("Certain Death", "{5}{B}", "Sorcery",
               "Destroy target creature. Its controller loses 2 life and you gain 2 life."),
    CardRecord("Afterlife", "{2}{W}", "Instant",
               "Destroy target creature. It can't be regenerated. Its controller creates a 1/1 "
               "white Spirit creature token with flying."),
    CardRecord("Ghost Quarter", "", "Land",
               "{T}: Add {C}.\n{T}, Sacrifice Ghost Quarter: Destroy target land. Its controller "
               "may search their library for a basic land card, put it onto the battlefield, then "
               "shuffle."),
]
RECORDS = {r.name: r for r in _RECORDS}


DB = DEFAULT_CARDS.extended([imported_card(r) for r in _RECORDS])


def game() -> Game:
    g = Game([Deck.parse("60 Island"), Deck.parse("60 Island")], seed=3, cards=DB,
             mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    for name in ("Forest", "Forest", "Forest", "Island", "Island", "Island", "Island"):
        g.create_card(name, 0, Zone.BATTLEFIELD)
    return g


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def tokens_named(g: Game, p: int, name: str) -> int:
    return sum(1 for o in g.battlefield(p) if g.card_of(o).name == name)


@pytest.mark.parametrize("whose", [1, 0])
def test_608_2h_beast_within_gives_the_token_to_the_destroyed_permanents_controller(whose):
    g = game()
    bears = g.create_card("Grizzly Bears", whose, Zone.BATTLEFIELD)
    g.cast(g.create_card("Beast Within", 0, Zone.HAND), bears)
    resolve(g)
    assert bears in g.graveyard(whose)
    assert tokens_named(g, whose, "Beast") == 1 and tokens_named(g, 1 - whose, "Beast") == 0


def test_608_2h_its_controller_is_the_controller_not_the_owner():
    g = game()
    stolen = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD, controller=0)  # owner 1
    lives = g.life(0), g.life(1)
    g.cast(g.create_card("Vapor Snag", 0, Zone.HAND), stolen)
    resolve(g)
    assert stolen in g.hand(1)                                 # its owner's hand (400.3)
    assert (g.life(0), g.life(1)) == (lives[0] - 1, lives[1])  # its controller loses 1 life


def test_608_2h_vapor_snag_its_controller_loses_life():
    g = game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    lives = g.life(0), g.life(1)
    g.cast(g.create_card("Vapor Snag", 0, Zone.HAND), bears)
    resolve(g)
    assert bears in g.hand(1) and (g.life(0), g.life(1)) == (lives[0], lives[1] - 1)


def test_701_5a_countering_a_spell_names_its_controller():
    g = game()
    # the spell to counter: a Beast Within of player 0's on their own Island
    island = g.battlefield(0)[-1]
    g.cast(g.create_card("Beast Within", 0, Zone.HAND), island)
    target = g.stack()[-1]["obj"]
    offer = g.create_card("An Offer You Can't Refuse", 0, Zone.HAND)
    g.cast(offer, target)
    while g.stack() and g.stack()[-1]["obj"] == offer and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert island in g.battlefield(0)                          # Beast Within was countered
    assert tokens_named(g, 0, "Treasure") == 2 and tokens_named(g, 1, "Treasure") == 0


def test_608_2h_countermand_mills_the_countered_spells_controller():
    g = game()
    island = g.battlefield(0)[-1]
    g.cast(g.create_card("Beast Within", 0, Zone.HAND), island)
    target = g.stack()[-1]["obj"]
    libraries = len(g.library(0)), len(g.library(1))
    g.cast(g.create_card("Countermand", 0, Zone.HAND), target)
    resolve(g)
    assert (len(g.library(0)), len(g.library(1))) == (libraries[0] - 4, libraries[1])


def test_608_2h_ghost_quarter_its_controller_may_search():
    g = game()
    land = g.create_card("Plains", 1, Zone.BATTLEFIELD)
    quarter = g.create_card("Ghost Quarter", 0, Zone.BATTLEFIELD)
    g.create_card("Plains", 1, Zone.LIBRARY)
    g.activate(quarter, 1, land)
    resolve(g)
    assert land in g.graveyard(1)
    d = g.decision
    assert d.kind == Decision.SEARCH_LIBRARY and d.player == 1   # its controller searches


def test_a_choice_by_its_controller_is_refused_not_approximated():
    # "Its controller discards a card": the discard is chosen while resolving (701.8)
    r = import_card("Assassin's Strike", "{4}{B}{B}", "Sorcery",
                    "Destroy target creature. Its controller discards a card.")
    assert not r.ok
    with pytest.raises(CardScriptError, match="its controller"):
        _sorcery(Destroy("target"), Discard("its controller", 1))
    with pytest.raises(CardScriptError, match="608.2h"):            # nothing acted on before it
        _sorcery(LoseLife("its controller", 2))
    assert _sorcery(Destroy("target"), CreateToken("Treasure", 1, "its controller"))


def _sorcery(*effects) -> Card:
    return Card("Test Sorcery", "{B}", ("Sorcery",),
                abilities=(SpellAbility(*effects, targets=("creature",)),))


def test_its_controller_texts_mutated_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 50
