"""Ward (702.21a: "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless that player pays [cost]") and
library searches (701.19: search for a card with a stated quality -- or any card --, put it
into the hand or onto the battlefield, then shuffle; 701.19b: a search for a card with a
stated quality may find nothing)."""
import pytest

from mtg_core import Action, ActionKind, Decision, Step, Zone, _engine
from mtg_core.cards import (Card, CardScriptError, Draw, SearchLibrary, SpellAbility,
                            TriggeredAbility, Ward, WardCounter)

C = _engine.constants()
SEED = 31


def resolve_one(game):
    """Both players pass once: the top of the stack resolves."""
    game.pass_priority()
    game.pass_priority()


def name_of(game, o):
    return game.object_name(o).split("#")[0]


def resolve(game):
    while game.stack() and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


# --- 702.21a ward ------------------------------------------------------------------------------

def ward_setup(new_game, warded="Rimeshield Frost Giant", mountains=1):
    game = new_game("60 Mountain", "60 Island")
    game.pass_to(Step.MAIN, 0)
    giant = game.create_card(warded, 1, Zone.BATTLEFIELD)
    for _ in range(mountains):
        game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    return game, giant


def test_702_21a_ward_counters_a_spell_whose_controller_cant_pay(new_game):
    game, giant = ward_setup(new_game)                    # one Mountain: Shock, then nothing
    shock = game.create_card("Shock", 0)
    game.cast(shock, giant)
    stack = game.stack()                                  # 603.3b: before P0 gets priority again
    assert len(stack) == 2 and stack[-1]["kind"] == C["SK_TRIGGER"] and stack[-1]["obj"] == giant
    resolve(game)
    assert shock in game.graveyard(0) and not game.stack()
    assert game.obj(giant)["damage"] == 0
    assert any("countered" in line.lower() for line in game.log)


def test_702_21a_ward_is_paid_or_declined_by_the_spells_controller(new_game):
    game, giant = ward_setup(new_game, mountains=4)      # Shock + {3}
    shock = game.create_card("Shock", 0)
    game.cast(shock, giant)
    game.pass_priority(); game.pass_priority()           # the ward trigger resolves
    d = game.decision
    assert d.kind == Decision.WARD_PAY and d.player == 0 and d.count == 3 and d.source == shock
    assert sorted(a.a for a in game.legal_actions()) == [0, 1]
    game.apply(Action.make(ActionKind.WARD_PAY, 1))
    assert all(game.obj(o)["tapped"] for o in game.battlefield(0))
    resolve(game)
    assert game.obj(giant)["damage"] == 2


def test_702_21a_declining_to_pay_for_ward_counters_the_spell(new_game):
    game, giant = ward_setup(new_game, mountains=4)
    shock = game.create_card("Shock", 0)
    game.cast(shock, giant)
    game.pass_priority(); game.pass_priority()
    game.apply(Action.make(ActionKind.WARD_PAY, 0))
    assert shock in game.graveyard(0) and not game.stack()
    assert game.obj(giant)["damage"] == 0


def test_702_21a_ward_doesnt_trigger_on_its_controllers_own_spells(new_game):
    game = new_game("60 Mountain", "60 Island")
    game.pass_to(Step.MAIN, 0)
    rex = game.create_card("Spider-Rex, Daring Dino", 0, Zone.BATTLEFIELD)
    game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    shock = game.create_card("Shock", 0)
    game.cast(shock, rex)
    game.pass_priority()
    assert len(game.stack()) == 1                          # no trigger: not an opponent's spell
    resolve(game)
    assert game.obj(rex)["damage"] == 2


def test_702_21a_ward_counters_an_activated_ability(new_game):
    game, rex = ward_setup(new_game, warded="Spider-Rex, Daring Dino", mountains=0)
    sorcerer = game.create_card("Prodigal Sorcerer", 0, Zone.BATTLEFIELD)
    game.activate(sorcerer, 0, rex)
    resolve(game)                                          # no mana for {2}: countered (701.5b)
    assert game.obj(rex)["damage"] == 0 and not game.stack()
    assert game.obj(sorcerer)["tapped"]                    # its cost stays paid


def test_702_21a_ward_pay_life():
    with pytest.raises(CardScriptError, match="ward cost"):
        Ward("two mana")
    with pytest.raises(CardScriptError, match="last effect"):
        Card("Odd Ward", "{1}", ("Artifact",), abilities=(TriggeredAbility(
            "becomes the target of a spell or ability an opponent controls",
            WardCounter(generic=1), Draw("you", 1)),))
    assert Ward("Pay 3 life").effects == (WardCounter(life=3),)


def test_702_21a_ward_pay_life_in_a_game(new_game, cards):
    from mtg_core import Game, Deck
    from mtg_core.cards import CardDB
    from mtg_core.library import ALL_CARDS
    warded = Card("Test Warded Bear", "{1}{G}", ("Creature",), power=2, toughness=2,
                  abilities=(Ward("Pay 3 life"),), text="Ward\u2014Pay 3 life.")
    db = CardDB(ALL_CARDS + [warded])
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Forest")], seed=SEED, cards=db,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    bear = game.create_card("Test Warded Bear", 1, Zone.BATTLEFIELD)
    game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    shock = game.create_card("Shock", 0)
    game.cast(shock, bear)
    game.pass_priority(); game.pass_priority()
    d = game.decision
    assert d.kind == Decision.WARD_PAY and d.count == 3 and d.slot == 1     # life
    game.apply(Action.make(ActionKind.WARD_PAY, 1))
    assert game.life(0) == 17
    resolve(game)
    assert bear in game.graveyard(1)


# --- 701.19 library searches ----------------------------------------------------------------------

def search_game(new_game, deck):
    game = new_game(deck, "60 Forest")
    game.pass_to(Step.MAIN, 0)
    return game


@pytest.mark.parametrize("name", ["Demonic Tutor", "Diabolic Tutor"])
def test_701_19_tutor_finds_any_card_and_must_find_one(new_game, name):
    game = search_game(new_game, "30 Swamp\n10 Grizzly Bears\n20 Shock")
    for _ in range(4):
        game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    tutor = game.create_card(name, 0)
    game.cast(tutor)
    resolve_one(game)
    d = game.decision
    assert d.kind == Decision.SEARCH_LIBRARY and d.player == 0
    acts = game.legal_actions()
    # "a card": no "don't search", no "find nothing" (701.19b is for a stated quality);
    # one answer per name (the library is shuffled right after)
    assert {a.kind for a in acts} == {ActionKind.SEARCH_TAKE}
    assert sorted(name_of(game, a.a) for a in acts) == ["Grizzly Bears", "Shock", "Swamp"]
    bear = next(a.a for a in acts if name_of(game, a.a) == "Grizzly Bears")
    hand = len(game.hand(0))
    game.apply(Action.make(ActionKind.SEARCH_TAKE, bear))
    assert bear in game.hand(0) and len(game.hand(0)) == hand + 1
    assert any("shuffle" in line.lower() for line in game.log[-5:])


@pytest.mark.parametrize("name,quality,lands", [
    ("Eladamri's Call", "Grizzly Bears", ("Forest", "Plains")),
    ("Fabricate", "Mox Pearl", ("Island", "Island", "Island")),
    ("Sylvan Scrying", "Swamp", ("Forest", "Forest"))])
def test_701_19b_search_for_a_quality_may_find_nothing(new_game, name, quality, lands):
    game = search_game(new_game, "20 Swamp\n20 Grizzly Bears\n20 Mox Pearl")
    for land in lands:
        game.create_card(land, 0, Zone.BATTLEFIELD)
    spell = game.create_card(name, 0)
    game.cast(spell)
    resolve_one(game)
    acts = game.legal_actions()
    assert Action.make(ActionKind.SEARCH_NOTHING) in acts
    assert Action.make(ActionKind.DONT_SEARCH) not in acts
    taken = [a.a for a in acts if a.kind == ActionKind.SEARCH_TAKE]
    assert [name_of(game, o) for o in taken] == [quality]           # only that quality
    game.apply(Action.make(ActionKind.SEARCH_TAKE, taken[0]))
    assert taken[0] in game.hand(0)
    assert any("reveals" in line.lower() for line in game.log[-5:])    # 701.16a


def test_701_19_rampant_growth_puts_a_basic_land_onto_the_battlefield_tapped(new_game):
    game = search_game(new_game, "30 Forest\n30 Grizzly Bears")
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    growth = game.create_card("Rampant Growth", 0)
    game.cast(growth)
    resolve_one(game)
    acts = game.legal_actions()
    assert Action.make(ActionKind.DONT_SEARCH) not in acts                # not "you may"
    forest = next(a.a for a in acts if a.kind == ActionKind.SEARCH_TAKE)
    game.apply(Action.make(ActionKind.SEARCH_TAKE, forest))
    assert forest in game.battlefield(0) and game.obj(forest)["tapped"]


@pytest.mark.parametrize("name", ["Sakura-Tribe Elder", "Evolving Wilds", "Terramorphic Expanse",
                                  "Wayfarer's Bauble"])
def test_701_19_sacrifice_to_search_for_a_basic_land(new_game, name):
    game = search_game(new_game, "30 Forest\n30 Grizzly Bears")
    source = game.create_card(name, 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.activate(source)
    assert source in game.graveyard(0)
    resolve_one(game)
    acts = game.legal_actions()
    forest = next(a.a for a in acts if a.kind == ActionKind.SEARCH_TAKE)
    assert {name_of(game, a.a) for a in acts if a.kind == ActionKind.SEARCH_TAKE} == {"Forest"}
    game.apply(Action.make(ActionKind.SEARCH_TAKE, forest))
    assert forest in game.battlefield(0) and game.obj(forest)["tapped"]


def test_701_19_expedition_map_finds_a_land_card_for_the_hand(new_game):
    game = search_game(new_game, "30 Forest\n30 Grizzly Bears")
    expedition = game.create_card("Expedition Map", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.activate(expedition)
    resolve_one(game)
    forest = next(a.a for a in game.legal_actions() if a.kind == ActionKind.SEARCH_TAKE)
    game.apply(Action.make(ActionKind.SEARCH_TAKE, forest))
    assert forest in game.hand(0)


@pytest.mark.parametrize("name", ["Borderland Ranger", "Civic Wayfinder", "Sylvan Ranger"])
def test_701_19_may_search_for_a_basic_land_when_it_enters(new_game, name):
    game = search_game(new_game, "30 Forest\n30 Grizzly Bears")
    for _ in range(3):
        game.create_card("Forest", 0, Zone.BATTLEFIELD)
    ranger = game.create_card(name, 0)
    game.cast(ranger)
    resolve_one(game)                                      # the creature resolves
    resolve_one(game)                                      # its enters trigger
    acts = game.legal_actions()
    assert Action.make(ActionKind.DONT_SEARCH) in acts     # "you may"
    forest = next(a.a for a in acts if a.kind == ActionKind.SEARCH_TAKE)
    game.apply(Action.make(ActionKind.SEARCH_TAKE, forest))
    assert forest in game.hand(0)


def test_701_19_search_scripts_are_checked():
    with pytest.raises(CardScriptError, match="must be the last effect"):
        Card("Bad Tutor", "{B}", ("Sorcery",),
             abilities=(SpellAbility(SearchLibrary("card"), Draw("you", 1)),))
    with pytest.raises(CardScriptError, match="not a card type"):
        SearchLibrary("goblin").flags()
    with pytest.raises(CardScriptError, match="304.4"):
        SearchLibrary("instant", to="battlefield").flags()


# --- decisions saved and loaded, and played by the random policy ----------------------------------

def test_602_2b_and_702_21a_pending_cost_and_ward_decisions_survive_save_and_load(new_game):
    from mtg_core import Game
    game, giant = ward_setup(new_game, mountains=4)
    husk = game.create_card("Nantuko Husk", 0, Zone.BATTLEFIELD)
    game.apply(Action.make(ActionKind.ACTIVATE, husk, 0))
    assert game.decision.kind == Decision.ACTIVATION_COST
    loaded = Game.load(game.save(), cards=game.cards)
    assert loaded.decision == game.decision and loaded.legal_actions() == game.legal_actions()
    loaded.apply(Action.make(ActionKind.SAC_COST, husk))
    resolve(loaded)
    shock = loaded.create_card("Shock", 0)
    loaded.cast(shock, giant)
    loaded.pass_priority(); loaded.pass_priority()
    assert loaded.decision.kind == Decision.WARD_PAY
    again = Game.load(loaded.save(), cards=loaded.cards)
    assert again.decision == loaded.decision
    again.apply(Action.make(ActionKind.WARD_PAY, 0))
    assert shock in again.graveyard(0)


def test_illegal_cost_choice_is_refused_and_changes_nothing(new_game):
    from mtg_core import IllegalActionError
    game, giant = ward_setup(new_game)
    husk = game.create_card("Nantuko Husk", 0, Zone.BATTLEFIELD)
    game.apply(Action.make(ActionKind.ACTIVATE, husk, 0))
    before = game.save()
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.SAC_COST, giant))      # not theirs (118.3)
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.TAP_COST, husk))       # not what this cost asks
    assert game.save() == before


def test_random_games_with_costs_ward_and_searches_finish(cards):
    import numpy as np

    from mtg_core import Deck, play_random_games
    from mtg_core.enums import Result
    a = Deck.parse("20 Swamp\n4 Nantuko Husk\n4 Carrion Feeder\n4 Blood Pet\n4 Demonic Tutor\n"
                   "4 Bottle Gnomes\n4 Griselbrand\n4 Deepwood Ghoul\n4 Lotus Petal\n"
                   "4 Evolving Wilds\n4 Noose Constrictor", name="costs a")
    b = Deck.parse("20 Forest\n4 Rimeshield Frost Giant\n4 Sakura-Tribe Elder\n4 Bramblesnap\n"
                   "4 Topan Ascetic\n4 Prodigal Sorcerer\n4 Sylvan Scrying\n4 Borderland Ranger\n"
                   "4 Rampant Growth\n4 Spider-Rex, Daring Dino\n4 Sunbaked Canyon", name="costs b")
    res = play_random_games(a, b, 30, seed=3, cards=cards, max_turns=40)
    assert not np.any(res[:, 0] == Result.ABORTED)
    assert np.mean(res[:, 0] == Result.WIN) > 0.5
