"""Zone-change triggers (603.6): "when ~ dies" (700.4), "when ~ leaves the battlefield"
(603.6c), "whenever a [another] creature [you control] dies" -- leaves-the-battlefield
abilities look back in time (603.10a), so permanents leaving at once (704.3 state-based
actions, "destroy all") all see each other leave -- and "whenever another creature
enters" (603.6a).  Each card of mtg_core/library/zone_changes.py with such a trigger is
shown working in a game."""
import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import (Card, CardDB, CardScriptError, GainLife, ZoneChangeTrigger)
from mtg_core.enums import Decision
from mtg_core.library import zone_changes

C = _engine.constants()
SEED = 7
P1 = Game.player_target(1)
P0 = Game.player_target(0)


def main_game(new_game, deck0="60 Plains", deck1="60 Swamp"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


def settle(game, target=None, limit=200):
    """Pass priority until the stack is empty, ordering triggers as offered and choosing
    ``target`` (or the first legal choice) for every triggered ability's target."""
    for _ in range(limit):
        d = game.decision
        if game.is_over or d is None:
            return
        if d.kind == Decision.TARGET:
            choices = game.target_choices()
            game.apply(Action.make(ActionKind.TARGET, target if target in choices else choices[0]))
        elif d.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        elif d.kind == Decision.PRIORITY and game.stack():
            game.pass_priority()
        else:
            return
    raise AssertionError("the stack did not empty")


def cast_wrath(game, name="Wrath of God", player=0):
    for _ in range(4):
        game.create_card("Plains" if name == "Wrath of God" else "Swamp", player, Zone.BATTLEFIELD)
    game.cast(game.create_card(name, player))
    game.pass_priority()
    game.pass_priority()                                  # it resolves


def bolt(game, target, player=0):
    """Kill with damage: 704.5g puts it into the graveyard (it dies)."""
    game.create_card("Mountain", player, Zone.BATTLEFIELD)
    game.cast(game.create_card("Lightning Bolt", player), target)
    game.pass_priority()
    game.pass_priority()


# --- 700.4: "when ~ dies" -----------------------------------------------------------------

def test_700_4_doomed_traveler_dies_to_lethal_damage_and_makes_a_spirit(new_game):
    game = main_game(new_game, "60 Mountain")
    traveler = game.create_card("Doomed Traveler", 1, Zone.BATTLEFIELD)
    bolt(game, traveler)
    assert traveler in game.graveyard(1)                  # 704.5g
    settle(game)
    [spirit] = game.find("Spirit", Zone.BATTLEFIELD)
    assert game.obj(spirit)["controller"] == 1            # its controller's ability (603.3a)
    assert game.power_toughness(spirit) == (1, 1) and game.obj(spirit)["token"] == 1


def test_603_6c_festering_goblin_dies_to_toughness_0_and_shrinks_a_target(new_game):
    game = main_game(new_game, "60 Swamp")
    goblin = game.create_card("Festering Goblin", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Disfigure", 0), goblin)   # -2/-2: 704.5f
    game.pass_priority()
    game.pass_priority()
    assert goblin in game.graveyard(0)
    assert game.decision.kind == Decision.TARGET          # its dies trigger goes on the stack
    settle(game, target=bears)
    assert game.power_toughness(bears) == (1, 1)
    game.pass_to(Step.UPKEEP, 1)
    assert game.power_toughness(bears) == (2, 2)          # until end of turn


def test_603_6c_perilous_myr_deals_its_damage_from_the_graveyard(new_game):
    game = main_game(new_game, "60 Mountain")
    myr = game.create_card("Perilous Myr", 1, Zone.BATTLEFIELD)
    bolt(game, myr)
    settle(game, target=P0)                               # its controller chooses
    assert game.life(0) == 18


def test_603_6c_a_dies_trigger_triggers_on_sacrifice_and_destroy_but_not_on_bounce(new_game):
    game = main_game(new_game, "60 Island")
    traveler = game.create_card("Doomed Traveler", 0, Zone.BATTLEFIELD)
    for _ in range(2):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Unsummon", 0), traveler)
    game.pass_priority()
    game.pass_priority()
    assert traveler in game.hand(0) and not game.stack()   # it didn't die
    assert not game.find("Spirit", Zone.BATTLEFIELD)


def test_603_10a_a_token_that_dies_triggers_dies_abilities(new_game):
    game = main_game(new_game, "60 Mountain")
    mob = game.create_card("Unruly Mob", 0, Zone.BATTLEFIELD)
    spirit = game.create_card(zone_changes.SPIRIT, 0, Zone.BATTLEFIELD, token=True)
    bolt(game, spirit)
    settle(game)
    assert game.obj(mob)["plus1"] == 1                    # the token died (700.4), then ceased


# --- 603.6c: "when ~ leaves the battlefield" ---------------------------------------------

def test_603_6c_thragtusk_gains_5_on_entering_and_leaves_a_beast_however_it_leaves(new_game):
    game = main_game(new_game, "60 Forest")
    for _ in range(5):
        game.create_card("Forest", 0, Zone.BATTLEFIELD)
    tusk = game.create_card("Thragtusk", 0)
    game.cast(tusk)
    settle(game)
    assert game.life(0) == 25
    for _ in range(2):
        game.create_card("Island", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Unsummon", 0), tusk)       # returned to hand: it leaves
    settle(game)
    [beast] = game.find("Beast", Zone.BATTLEFIELD)
    assert game.power_toughness(beast) == (3, 3) and game.obj(beast)["controller"] == 0


# --- 603.10a: "whenever a creature dies", looking back in time ----------------------------

def test_603_10a_wrath_blood_artist_and_falkenrath_noble_see_every_creature_die(new_game):
    game = main_game(new_game)
    game.create_card("Blood Artist", 0, Zone.BATTLEFIELD)
    game.create_card("Falkenrath Noble", 1, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    cast_wrath(game)
    # all three died at once: each saw itself and the two others die (603.10a)
    triggered = [line for line in game.log if line.endswith("triggers")]
    assert len(triggered) == 6
    artist_target, noble_target = P1, P0
    for _ in range(400):
        d = game.decision
        if d is None or (d.kind == Decision.PRIORITY and not game.stack()):
            break
        if d.kind == Decision.TARGET:
            game.apply(Action.make(ActionKind.TARGET, artist_target if d.player == 0 else noble_target))
        elif d.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        else:
            game.pass_priority()
    assert game.life(0) == 20 + 3 - 3 and game.life(1) == 20 - 3 + 3
    assert all("Creature" not in game.card_of(o).types for o in game.battlefield())


def test_603_10a_creatures_dying_to_one_sba_check_see_each_other(new_game):
    game = main_game(new_game, "60 Mountain")
    mob = game.create_card("Unruly Mob", 0, Zone.BATTLEFIELD)
    cutthroat = game.create_card("Zulaport Cutthroat", 0, Zone.BATTLEFIELD)
    for _ in range(3):
        game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Pyroclasm", 0))           # 2 damage to each creature
    game.pass_priority()
    game.pass_priority()
    # both die in one check (704.3): the Cutthroat sees itself and the Mob die; the Mob
    # sees the Cutthroat die but is gone when its ability resolves
    settle(game)
    assert mob in game.graveyard(0) and cutthroat in game.graveyard(0)
    assert game.life(1) == 18 and game.life(0) == 22


def test_603_10a_zulaport_cutthroat_counts_only_creatures_you_control(new_game):
    game = main_game(new_game, "60 Mountain")
    game.create_card("Zulaport Cutthroat", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bolt(game, theirs)
    assert not game.stack()                               # an opponent's creature: nothing
    bolt(game, bears)
    settle(game)
    assert game.life(1) == 19 and game.life(0) == 21


def test_603_10a_unruly_mob_grows_when_another_creature_you_control_dies(new_game):
    game = main_game(new_game, "60 Mountain")
    mob = game.create_card("Unruly Mob", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    bolt(game, bears)
    settle(game)
    assert game.obj(mob)["plus1"] == 1 and game.power_toughness(mob) == (2, 2)


def test_603_10a_midnight_reaper_sees_itself_die_but_not_tokens(new_game):
    game = main_game(new_game, "60 Mountain")
    reaper = game.create_card("Midnight Reaper", 0, Zone.BATTLEFIELD)
    spirit = game.create_card(zone_changes.SPIRIT, 0, Zone.BATTLEFIELD, token=True)
    hand = len(game.hand(0))
    bolt(game, spirit)
    assert not game.stack()                               # "nontoken"
    bolt(game, reaper)
    settle(game)
    # it died with the others' look back: it saw itself (603.10a); its last known
    # information deals the damage (1 to you) and you draw
    assert game.life(0) == 19 and len(game.hand(0)) == hand + 1


def test_603_6a_soul_warden_and_essence_warden_gain_for_each_other_creature(new_game):
    game = main_game(new_game, "60 Forest")
    warden = game.create_card("Soul Warden", 0, Zone.BATTLEFIELD)
    essence = game.create_card("Essence Warden", 1, Zone.BATTLEFIELD)
    for _ in range(2):
        game.create_card("Forest", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card("Grizzly Bears", 0))
    settle(game)
    assert game.life(0) == 21 and game.life(1) == 21      # "another creature": anyone's
    game.create_card("Forest", 0, Zone.BATTLEFIELD)       # a land: neither triggers
    game.cast(game.create_card("Llanowar Elves", 0))
    settle(game)
    assert game.life(0) == 22 and game.life(1) == 22
    assert warden in game.battlefield(0) and essence in game.battlefield(1)


def test_603_6a_a_land_you_control_entering_triggers_landfall():
    land_watcher = Card("Test Landfall", "{G}", ("Creature",), power=1, toughness=1,
                        abilities=(ZoneChangeTrigger("enters", "a land you control",
                                                     GainLife("you", 1)),))
    from mtg_core.decks import Deck
    from mtg_core.library import ALL_CARDS
    cards = CardDB([*ALL_CARDS, land_watcher])
    game = Game([Deck.parse("60 Forest"), Deck.parse("60 Forest")], seed=1, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Test Landfall", 0, Zone.BATTLEFIELD)
    game.play_land(game.hand(0)[0])
    settle(game)
    assert game.life(0) == 21
    game.create_card("Forest", 1, Zone.BATTLEFIELD)       # scenario set-up: no event
    assert game.life(0) == 21 and not game.stack()


# --- 400.7: Rancor returns from the graveyard --------------------------------------------

def test_400_7_rancor_returns_to_its_owners_hand_when_put_into_a_graveyard(new_game):
    game = main_game(new_game, "60 Forest", "60 Mountain")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    rancor = game.create_card("Rancor", 0)
    game.cast(rancor, bears)
    settle(game)
    assert game.obj(rancor)["attached_to"] == bears
    assert game.power_toughness(bears) == (4, 2)
    bolt_owner = 1
    game.pass_to(Step.UPKEEP, 1)
    game.pass_to(Step.MAIN, 1)
    bolt(game, bears, player=bolt_owner)
    # the bears die; Rancor goes to the graveyard by 704.5m and its ability returns it
    settle(game)
    assert rancor in game.hand(0)


# --- the language --------------------------------------------------------------------------

@pytest.mark.parametrize("subject, words", [
    ("a instant", "permanent type"), ("every creature", "a|another"),
    ("a creature your opponents control", "a|another"), ("a goblin", "permanent type")])
def test_603_6_a_zone_change_trigger_with_an_unknown_subject_fails_at_definition(subject, words):
    with pytest.raises(CardScriptError, match=words):
        ZoneChangeTrigger("dies", subject, GainLife("you", 1))


def test_603_6_a_zone_change_trigger_event_is_dies_or_enters():
    with pytest.raises(CardScriptError, match="event"):
        ZoneChangeTrigger("attacks", "a creature", GainLife("you", 1))


def test_the_zone_change_cards_are_defined_once_with_their_oracle_text():
    from mtg_core.library import ALL_CARDS
    names = [c.name for c in ALL_CARDS]
    assert len(zone_changes.CARDS) >= 20
    for card in zone_changes.CARDS:
        assert names.count(card.name) == 1, card.name
        assert card.text


# --- the importer: these texts are read and lowered to the same tables ---------------------

@pytest.mark.parametrize("card", zone_changes.CARDS, ids=lambda c: c.name)
def test_603_6_614_615_the_importer_lowers_each_zone_change_card_to_the_same_tables(card):
    import numpy as np
    from mtg_core.oracle.importer import import_card
    pt = (str(card.power), str(card.toughness)) if card.power is not None else (None, None)
    res = import_card(card.name, card.mana_cost, card.type_line(), card.text, *pt)
    assert res.ok, res.refusals
    mine, theirs = CardDB([card]).tables, CardDB([res.card]).tables
    for table in ("cards", "abilities", "program"):
        assert np.array_equal(getattr(mine, table), getattr(theirs, table)), table


@pytest.mark.parametrize("type_line, text, feature", [
    # an effect on ~ after it left the battlefield would find nothing: refused
    ("Creature — Bear", "When Test Card dies, put a +1/+1 counter on Test Card.", "after it"),
    ("Creature — Bear", "When Test Card leaves the battlefield, return Test Card to its "
                        "owner's hand.", "after it"),
    # "your graveyard" is not "a graveyard" (404.2: the owner's)
    ("Enchantment", "When Test Card is put into your graveyard from the battlefield, "
                    "return Test Card to its owner's hand.", "trigger"),
    ("Creature — Bear", "Whenever a creature you control or an opponent controls dies, you "
                        "gain 1 life.", ""),
    ("Creature — Bear", "If a creature would die, exile it instead.", "exile instead"),
    ("Creature — Bear", "Test Card enters with X +1/+1 counters on it.", "enters with counters"),
    ("Sorcery", "Return target creature card from your graveyard to the battlefield tapped.",
     "return to battlefield"),
    ("Instant", "Prevent the next 3 damage that would be dealt to any target until your next "
                "turn.", "prevent next damage"),
])
def test_603_6_614_615_the_importer_refuses_what_it_cant_say(type_line, text, feature):
    from mtg_core.oracle.importer import import_card
    res = import_card("Test Card", "{1}{G}", type_line, text,
                      *(("2", "2") if "Creature" in type_line else (None, None)))
    assert not res.ok
    assert any(feature in r.feature for r in res.refusals), res.refusals
