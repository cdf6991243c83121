"""Tokens (111): creature tokens with their characteristics, the predefined artifact tokens
of 111.10 (Treasure, Food, Clue), tokens ceasing to exist off the battlefield (111.7-8,
704.5d), and a game that runs out of spare object rows (``token_room``) ending ABORTED."""
import pytest

from mtg_core import Action, ActionKind, Card, CardDB, Keyword, Result, Step, Zone
from mtg_core.cards import (CardScriptError, CreateToken, SpellAbility, TriggeredAbility,
                            creature_token)
from mtg_core.errors import DeckError
from mtg_core import Deck

SEED = 5

TEST_CARDS = [
    # "At the beginning of your upkeep, create a Food token."
    Card("Food Upkeep Test", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", CreateToken("Food")),)),
]


def islands(game, p, n):
    return [game.create_card("Island", p, Zone.BATTLEFIELD) for _ in range(n)]


def next_upkeep(game, p=0):
    """On to ``p``'s next upkeep (its triggers are on the stack then)."""
    turn = game.turn
    game.pass_until(lambda g: g.turn > turn and g.active_player == p and g.step == Step.UPKEEP)


def resolve(game):
    """Both players pass until the stack is empty."""
    while game.stack() and not game.is_over:
        game.pass_priority()


def test_111_2_talrands_invocation_creates_two_flying_drakes_under_its_casters_control(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 4)
    spell = game.create_card("Talrand's Invocation", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(spell)
    resolve(game)
    drakes = game.find("Drake", Zone.BATTLEFIELD)
    assert len(drakes) == 2
    for d in drakes:
        obj = game.obj(d)
        assert obj["token"] == 1 and obj["owner"] == 0 and obj["controller"] == 0   # 111.2
        assert game.power_toughness(d) == (2, 2)
        assert game.keywords(d) & Keyword.FLYING
        assert obj["sick"] == 1                                                # 302.6
        card = game.card_of(d)
        assert card.colors == "U" and card.subtypes == ("Drake",) and card.types == ("Creature",)
    assert sum("creates a Drake#" in line for line in game.log) == 2


def test_111_10a_treasure_sacrifices_itself_for_one_mana_of_any_color(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 3)
    sailor = game.create_card("Sailor of Means", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(sailor)
    resolve(game)                                  # Sailor, then its ETB trigger
    [treasure] = game.find("Treasure", Zone.BATTLEFIELD)
    assert game.obj(treasure)["token"] == 1
    codes = {a.b >> 6 for a in game.legal_actions()
             if a.kind == ActionKind.ACTIVATE_MANA and a.a == treasure}
    assert codes == {0, 1, 2, 3, 4}                # any colour (W U B R G), not {C}
    game.tap_for_mana(treasure, "R")
    assert game.mana_pool(0)["R"] == 1
    assert game.obj(treasure)["zone"] == -1        # sacrificed: a token ceases to exist (111.7)
    assert treasure not in game.battlefield(0) and treasure not in game.graveyard(0)


def test_111_10a_automatic_payment_spends_a_treasure_only_when_lands_are_not_enough(new_game):
    game = new_game("60 Island", "60 Island")
    lands = islands(game, 0, 3)
    game.create_card("Sailor of Means", 0)
    treasure = game.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)
    bolt = game.create_card("Lightning Bolt", 0)
    divination = game.create_card("Divination", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(divination)                          # {2}{U}: three Islands are enough
    assert game.obj(treasure)["zone"] >= 0 and all(game.obj(i)["tapped"] for i in lands)
    resolve(game)
    game.cast(bolt, game.player_target(1))         # {R}: only the Treasure makes red
    assert game.obj(treasure)["zone"] == -1
    resolve(game)
    assert game.life(1) == 17


def test_111_10b_food_is_sacrificed_for_three_life(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 2)
    game.create_card("Food Upkeep Test", 0, Zone.BATTLEFIELD)
    next_upkeep(game)                              # turn 3: the trigger
    resolve(game)
    [food] = game.find("Food", Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.set_player(0, life=10)
    game.activate(food)                            # {2}, {T}, Sacrifice this artifact
    assert game.obj(food)["zone"] == -1
    resolve(game)
    assert game.life(0) == 13


def test_701_16a_investigate_makes_a_clue_that_draws_a_card(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 6)
    explorers = game.create_card("Drownyard Explorers", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(explorers)
    resolve(game)
    [clue] = game.find("Clue", Zone.BATTLEFIELD)
    hand = len(game.hand(0))
    game.activate(clue)                            # {2}, Sacrifice this artifact
    resolve(game)
    assert len(game.hand(0)) == hand + 1 and game.obj(clue)["zone"] == -1


def test_111_8_a_token_returned_to_hand_ceases_to_exist(new_game):
    game = new_game("60 Island", "60 Island")
    islands(game, 0, 5)
    invocation = game.create_card("Talrand's Invocation", 0)
    unsummon = game.create_card("Unsummon", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(invocation)
    resolve(game)
    drake = game.find("Drake", Zone.BATTLEFIELD)[0]
    game.cast(unsummon, drake)
    resolve(game)
    assert game.obj(drake)["zone"] == -1 and drake not in game.hand(0)
    assert len(game.find("Drake", Zone.BATTLEFIELD)) == 1


def test_111_1_a_token_row_of_a_finished_token_is_reused_and_no_room_aborts_the_game(new_game):
    """111.7: a token that left the battlefield ceased to exist, so its object row is free
    again; with no free row, creating one more token ends the game ABORTED (never a
    silently missing token)."""
    game = new_game("60 Island", "60 Island", spare_objects=2)
    game.create_card("Food Upkeep Test", 0, Zone.BATTLEFIELD)
    treasure = game.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)  # no row left
    game.tap_for_mana(treasure, "U")               # the Treasure ceases to exist
    next_upkeep(game)                              # Food #1 takes the Treasure's row
    resolve(game)
    assert game.find("Food", Zone.BATTLEFIELD) == [treasure]
    assert game.result.kind == Result.ONGOING
    next_upkeep(game)                              # no free row is left for Food #2
    resolve(game)
    assert game.result.kind == Result.ABORTED
    assert any("no spare object slot for a new token" in line for line in game.log)


def test_111_1_tokens_are_no_cards_a_deck_cant_hold_one():
    with pytest.raises(DeckError, match="unknown card 'Treasure'"):
        Deck.parse("60 Treasure").rows(CardDB([Card("Island", types=("Land",))]).extended(
            [Card("Pirate's Prize Test", "{1}", ("Sorcery",),
                  abilities=(SpellAbility(CreateToken("Treasure")),))]))


def test_token_definitions_are_checked_where_they_are_written():
    with pytest.raises(CardScriptError, match="Bad Maker: unknown predefined token 'Gold'"):
        Card("Bad Maker", "{1}", ("Sorcery",), abilities=(SpellAbility(CreateToken("Gold")),))
    with pytest.raises(CardScriptError, match="a token has no mana cost"):
        Card("Costly Token", "{1}", ("Artifact",), token=True)
    with pytest.raises(CardScriptError, match="Bad Maker: .* is not a token definition"):
        Card("Bad Maker", "{1}", ("Sorcery",), abilities=(SpellAbility(
            CreateToken(Card("Bear", "{1}{G}", ("Creature",), power=2, toughness=2))),))


def test_creature_token_definitions_have_their_own_rows_in_the_card_table():
    elf = creature_token("Elf Warrior", "G", ("Elf", "Warrior"), 1, 1)
    db = CardDB([Card("Elf Maker", "{G}", ("Sorcery",),
                      abilities=(SpellAbility(CreateToken(elf, 2)),))])
    row = db.token_row(elf)
    assert db.cards[row] is elf and db.tables.cards[row, 3:5].tolist() == [1, 1]
    assert "Elf Warrior" not in db and [c.name for c in db] == ["Elf Maker"]


def test_111_2_create_token_takes_its_row_from_the_compile_context_it_is_given():
    from mtg_core.cards.compile_context import DEFAULT_CONTEXT, CompileContext
    from mtg_core.cards.effects.permanents import PREDEFINED_TOKENS
    make = CreateToken("Treasure", 2)
    with pytest.raises(CardScriptError, match="only be compiled by a CardDB"):
        make.compile()                              # DEFAULT_CONTEXT numbers no token
    with pytest.raises(CardScriptError, match="only be compiled by a CardDB"):
        make.compile(DEFAULT_CONTEXT)
    code = make.compile(CompileContext(token_rows={PREDEFINED_TOKENS["Treasure"]: 7}))
    assert code[2:] == [7, 2]
    db = CardDB(TEST_CARDS)
    food = db.token_row("Food")
    assert db.cards[food].name == "Food"
