"""Replacement effects on zone changes (614) and prevention effects (615): "enters tapped"
and "enters with N +1/+1 counters" (614.1c, 614.12), "if ~ would die, exile it instead"
(614.1a), "it can't be regenerated" (701.19c), prevention shields (615.7), "prevent all
combat damage" (615.1) and how prevented damage is never dealt (lifelink, infect: 120.3),
and returning cards from a graveyard to the battlefield (400.7).  Each card of
mtg_core/library/zone_changes.py with such an effect is shown working in a game."""
import pytest

from mtg_core import Action, ActionKind, Game, Step, Zone
from mtg_core import _engine
from mtg_core.cards import (Card, CardDB, CardScriptError, DiesExileInstead, EntersTapped,
                            EntersWithCounters, PreventAllDamageToSelf, PreventAllDamageTo,
                            SpellAbility, TriggeredAbility, CreateToken)
from mtg_core.decks import Deck
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS, zone_changes

C = _engine.constants()
SEED = 5
P0, P1 = Game.player_target(0), Game.player_target(1)


def main_game(new_game, deck0="60 Plains", deck1="60 Swamp"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


def resolve(game):
    while game.stack() and not game.is_over:
        d = game.decision
        if d.kind == Decision.TARGET:
            game.apply(Action.make(ActionKind.TARGET, game.target_choices()[0]))
        elif d.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        else:
            game.pass_priority()


def put(game, player, name, n=1):
    return [game.create_card(name, player, Zone.BATTLEFIELD) for _ in range(n)]


def attack_unblocked(game, attackers, defender=1):
    """Declare the attack, no blocks; stop as the defender gets priority in the declare
    blockers step (after the attacker passed)."""
    game.pass_until(lambda g: g.decision and g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({a: Game.player_target(defender) for a in attackers})
    for _ in range(20):
        d = game.decision
        if d.kind == Decision.DECLARE_BLOCKERS:
            game.declare_blockers({})
        elif game.step == Step.DECLARE_BLOCKERS and d.player == defender:
            return
        else:
            game.pass_priority()
    raise AssertionError("the defender got no priority in the declare blockers step")


# --- 614.1c: enters tapped -----------------------------------------------------------------

GUILDGATES = [c.name for c in zone_changes.CARDS if c.name.endswith("Guildgate")]
GAIN_LANDS = ["Tranquil Cove", "Dismal Backwater", "Bloodfell Caves", "Scoured Barrens",
              "Swiftwater Cliffs", "Jungle Hollow", "Wind-Scarred Crag", "Rugged Highlands",
              "Thornwood Falls", "Blossoming Sands"]


@pytest.mark.parametrize("name", GUILDGATES + GAIN_LANDS + ["Highland Lake"])
def test_614_1c_a_land_that_enters_tapped_is_played_tapped_and_taps_for_its_colours(new_game, name):
    game = main_game(new_game)
    land = game.create_card(name, 0)
    game.play_land(land)
    resolve(game)
    assert game.obj(land)["tapped"] == 1                  # 614.12: never untapped
    assert game.life(0) == (21 if name in GAIN_LANDS else 20)
    game.pass_to(Step.UPKEEP, 0)                          # its next untap step
    card = game.card_of(land)
    colours = card.abilities[-1].colors
    ability = card.all_abilities().index(card.abilities[-1])
    for colour in colours:
        clone = game.clone()
        clone.pass_to(Step.MAIN, 0)
        clone.tap_for_mana(land, colour, ability)
        assert clone.mana_pool(0)[colour] == 1
    assert len(colours) == 2


FAST_LANDS = list(zone_changes._FAST_LANDS)


@pytest.mark.parametrize("others", [0, 1, 2, 3, 5])
def test_614_1c_a_fast_land_enters_tapped_only_with_three_or_more_other_lands(new_game, others):
    """"This land enters tapped unless you control two or fewer other lands": the lands
    its controller controls as it would enter (not itself, 614.12), theirs only."""
    game = main_game(new_game)
    for i in range(others):
        game.create_card("Plains", 0, Zone.BATTLEFIELD)
    for i in range(4):
        game.create_card("Swamp", 1, Zone.BATTLEFIELD)      # an opponent's lands don't count
    land = game.create_card("Spirebluff Canal", 0)
    game.play_land(land)
    resolve(game)
    assert game.obj(land)["tapped"] == (1 if others >= 3 else 0)


def test_614_1c_a_fast_land_counts_lands_by_their_types_now_and_taps_for_its_colours(new_game):
    """A land put onto the battlefield by an effect is checked the same way; a permanent
    that isn't a land doesn't count, whatever it was printed as."""
    game = main_game(new_game)
    for name in ("Plains", "Plains", "Grizzly Bears", "Grizzly Bears"):
        game.create_card(name, 0, Zone.BATTLEFIELD)
    land = game.create_card("Seachrome Coast", 0, Zone.BATTLEFIELD)   # put there directly
    assert game.obj(land)["tapped"] == 0                 # two other lands only
    another = game.create_card("Inspiring Vantage", 0, Zone.BATTLEFIELD)
    assert game.obj(another)["tapped"] == 1              # three: Plains, Plains, Seachrome Coast
    for name in FAST_LANDS:
        card = game.cards[name]
        assert len(card.abilities[-1].colors) == 2


def test_614_1c_the_fast_land_replacement_is_checked_where_it_is_defined():
    from mtg_core.cards import EntersTappedUnlessFewLands
    for bad in (-1, 16, True, "2"):
        with pytest.raises(CardScriptError, match="N is 0..15"):
            EntersTappedUnlessFewLands(bad)


def test_614_1c_a_creature_that_enters_tapped_enters_tapped_from_the_stack():
    hero = Card("Test Tapped Bear", "{G}", ("Creature",), power=2, toughness=2,
                abilities=(EntersTapped(),))
    cards = CardDB([*ALL_CARDS, hero])
    game = Game([Deck.parse("60 Forest"), Deck.parse("60 Swamp")], seed=2, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    game.create_card("Forest", 0, Zone.BATTLEFIELD)
    bear = game.create_card("Test Tapped Bear", 0)
    game.cast(bear)
    resolve(game)
    assert game.obj(bear)["tapped"] == 1


# --- 614.1c: enters with counters ----------------------------------------------------------

@pytest.mark.parametrize("x", [0, 1, 3])
def test_614_1c_endless_one_enters_with_x_counters(new_game, x):
    game = main_game(new_game, "60 Forest")
    put(game, 0, "Forest", x)
    one = game.create_card("Endless One", 0)
    game.cast(one, x=x)
    resolve(game)
    if x == 0:
        assert one in game.graveyard(0)                   # 0/0: 704.5f
    else:
        assert game.obj(one)["plus1"] == x and game.power_toughness(one) == (x, x)


def test_614_1c_endless_one_put_onto_the_battlefield_uncast_has_x_0(new_game):
    game = main_game(new_game, "60 Forest")
    one = game.create_card("Endless One", 0)
    game.move(one, Zone.GRAVEYARD)
    put(game, 0, "Swamp", 4)
    game.cast(game.create_card("Zombify", 0), one)
    resolve(game)
    assert one in game.graveyard(0)                       # 107.3: X is 0; 704.5f


# --- 614.1a: if ~ would die, exile it instead --------------------------------------------

def _exiled_bear_game():
    bear = Card("Test Exiled Bear", "{G}", ("Creature",), power=2, toughness=2,
                abilities=(DiesExileInstead(),
                           TriggeredAbility("dies", CreateToken(zone_changes.SPIRIT)),
                           TriggeredAbility("leaves the battlefield", CreateToken(zone_changes.BEAST))))
    cards = CardDB([*ALL_CARDS, bear])
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Swamp")], seed=2, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    return game, game.create_card("Test Exiled Bear", 1, Zone.BATTLEFIELD)


def test_614_1a_a_creature_that_would_die_is_exiled_and_doesnt_die():
    game, bear = _exiled_bear_game()
    put(game, 0, "Mountain")
    game.cast(game.create_card("Lightning Bolt", 0), bear)
    game.pass_priority()
    game.pass_priority()
    resolve(game)
    assert bear in game.zone(Zone.EXILE)
    assert game.find("Beast", Zone.BATTLEFIELD)           # it left the battlefield
    assert not game.find("Spirit", Zone.BATTLEFIELD)      # but it didn't die (700.4)
    assert any("exiled instead (614.1a)" in line for line in game.log)


# --- 701.19c: it can't be regenerated -----------------------------------------------------

@pytest.mark.parametrize("spell, land, regenerates", [
    ("Wrath of God", "Plains", False), ("Damnation", "Swamp", False),
    ("Day of Judgment", "Plains", True)])
def test_701_19c_wrath_of_god_and_damnation_destroy_regenerating_creatures(new_game, spell,
                                                                             land, regenerates):
    game = main_game(new_game, "60 Plains", "60 Swamp")
    skeletons = game.create_card("Drudge Skeletons", 1, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    put(game, 1, "Swamp")
    put(game, 0, land, 4)
    game.cast(game.create_card(spell, 0))
    game.pass_priority()                                  # to the opponent
    game.activate(skeletons, 0)                           # {B}: regenerate
    game.pass_priority()
    game.pass_priority()                                  # the shield is made
    game.pass_priority()
    game.pass_priority()                                  # the wrath resolves
    assert bears in game.graveyard(0)
    assert (skeletons in game.battlefield(1)) == regenerates


# --- 615: prevention -----------------------------------------------------------------------

@pytest.mark.parametrize("fog", ["Fog", "Holy Day", "Moment's Peace"])
def test_615_1_fog_prevents_all_combat_damage_this_turn_not_other_damage(new_game, fog):
    game = main_game(new_game, "60 Mountain", "60 Forest")
    [paladin] = put(game, 0, "Vampire Nighthawk")         # flying, deathtouch, lifelink
    [bears] = put(game, 1, "Grizzly Bears")
    put(game, 1, "Forest", 2)
    put(game, 1, "Plains", 1)
    attack_unblocked(game, [paladin])
    game.cast(game.create_card(fog, 1))
    game.pass_priority()
    game.pass_priority()
    game.pass_to(Step.END_COMBAT, 0)
    assert game.life(1) == 20 and game.life(0) == 20      # none dealt: no lifelink (615.1)
    assert any("prevented (615)" in line for line in game.log)
    put(game, 0, "Mountain")
    game.pass_to(Step.END, 0)
    game.cast(game.create_card("Lightning Bolt", 0), P1)  # noncombat damage this turn
    game.pass_priority()
    game.pass_priority()
    assert game.life(1) == 17
    assert bears in game.battlefield(1)


def test_615_7_healing_salve_prevents_the_next_3_damage_and_is_used_up(new_game):
    game = main_game(new_game, "60 Mountain", "60 Plains")
    [bears] = put(game, 1, "Grizzly Bears")
    put(game, 1, "Plains")
    put(game, 0, "Mountain", 2)
    game.pass_priority()
    game.cast(game.create_card("Healing Salve", 1), bears, modes=[1])
    game.pass_priority()
    game.pass_priority()
    game.cast(game.create_card("Lightning Bolt", 0), bears)
    game.pass_priority()
    game.pass_priority()
    assert bears in game.battlefield(1) and game.obj(bears)["damage"] == 0  # 3 prevented
    game.cast(game.create_card("Lightning Bolt", 0), bears)                  # used up
    game.pass_priority()
    game.pass_priority()
    assert bears in game.graveyard(1)


def test_615_7_a_shield_on_a_player_prevents_combat_damage_lifelink_gains_nothing_then_part(new_game):
    game = main_game(new_game, "60 Plains", "60 Plains")
    [nighthawk] = put(game, 0, "Vampire Nighthawk")
    put(game, 1, "Plains")
    attack_unblocked(game, [nighthawk])
    game.cast(game.create_card("Healing Salve", 1), P1, modes=[1])
    game.pass_priority()
    game.pass_priority()
    game.pass_to(Step.END_COMBAT, 0)
    # Nighthawk deals 2: both prevented by the 3-point shield, so no life is gained
    assert game.life(1) == 20 and game.life(0) == 20
    put(game, 0, "Mountain")
    game.pass_to(Step.END, 0)
    game.cast(game.create_card("Lightning Bolt", 0), P1)
    resolve(game)
    assert game.life(1) == 18                             # 1 left on the shield (615.7)


def test_700_2_healing_salve_first_mode_gains_3_life(new_game):
    game = main_game(new_game)
    put(game, 0, "Plains")
    game.cast(game.create_card("Healing Salve", 0), P0, modes=[0])
    resolve(game)
    assert game.life(0) == 23


def test_615_1_prevent_all_damage_to_self_stops_deathtouch_and_infect(new_game):
    wall = Card("Test Wall", "{W}", ("Creature",), power=0, toughness=1,
                abilities=(PreventAllDamageToSelf(),))
    cards = CardDB([*ALL_CARDS, wall])
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Plains")], seed=2, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    w = game.create_card("Test Wall", 1, Zone.BATTLEFIELD)
    put(game, 0, "Mountain")
    game.cast(game.create_card("Lightning Bolt", 0), w)
    resolve(game)
    assert w in game.battlefield(1) and game.obj(w)["damage"] == 0


def test_615_1_prevent_all_damage_to_a_target_this_turn():
    shield = Card("Test Shield", "{W}", ("Instant",),
                  abilities=(SpellAbility(PreventAllDamageTo("target"), targets=("any",)),))
    cards = CardDB([*ALL_CARDS, shield])
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Plains")], seed=2, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    put(game, 0, "Mountain", 2)
    put(game, 0, "Plains")
    game.cast(game.create_card("Test Shield", 0), P1)
    resolve(game)
    for _ in range(2):
        game.cast(game.create_card("Lightning Bolt", 0), P1)
        resolve(game)
    assert game.life(1) == 20
    game.pass_to(Step.UPKEEP, 1)                          # "this turn" (514.2) is over
    put(game, 1, "Mountain")
    game.cast(game.create_card("Lightning Bolt", 1), P1)
    resolve(game)
    assert game.life(1) == 17


# --- 400.7: return to the battlefield ------------------------------------------------------

@pytest.mark.parametrize("name, land", [("Zombify", "Swamp"), ("Breath of Life", "Plains"),
                                        ("Resurrection", "Plains"), ("Unburial Rites", "Swamp")])
def test_400_7_reanimation_returns_a_creature_card_from_your_graveyard(new_game, name, land):
    game = main_game(new_game, "60 Plains")
    tusk = game.create_card("Thragtusk", 0)
    game.move(tusk, Zone.GRAVEYARD)
    put(game, 0, land, 5)
    put(game, 0, "Plains", 1)
    game.cast(game.create_card(name, 0), tusk)
    resolve(game)
    assert tusk in game.battlefield(0)
    assert game.life(0) == 25                             # its enters ability triggered
    assert game.obj(tusk)["sick"] == 1                    # a new object (302.6)


def test_702_34_unburial_rites_flashback_returns_a_creature_from_the_graveyard(new_game):
    game = main_game(new_game, "60 Plains")
    bears = game.create_card("Grizzly Bears", 0)
    game.move(bears, Zone.GRAVEYARD)
    rites = game.create_card("Unburial Rites", 0)
    game.move(rites, Zone.GRAVEYARD)
    put(game, 0, "Plains", 4)
    game.cast(rites, bears)
    resolve(game)
    assert bears in game.battlefield(0) and rites in game.zone(Zone.EXILE)


# --- the language --------------------------------------------------------------------------

def test_614_a_bad_replacement_fails_at_definition_naming_the_card():
    with pytest.raises(CardScriptError, match="Bad Land.*twice"):
        Card("Bad Land", types=("Land",), abilities=(EntersTapped(), EntersTapped()))
    with pytest.raises(CardScriptError, match="Bad Rock.*creature"):
        Card("Bad Rock", "{1}", ("Artifact",), abilities=(EntersWithCounters(2),))
    with pytest.raises(CardScriptError, match="counters"):
        EntersWithCounters(0)
    with pytest.raises(CardScriptError):
        EntersWithCounters(-1)


# --- prevention effects in saved games --------------------------------------------------------

def test_615_prevention_effects_save_and_load_and_a_corrupt_one_is_refused(new_game):
    import os
    import sys
    from mtg_core.errors import StateFormatError
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "state"))
    from test_untrusted_states import edit   # tests/state: the buffer editor
    game = main_game(new_game, "60 Plains", "60 Forest")
    put(game, 0, "Plains", 2)
    game.cast(game.create_card("Healing Salve", 0), P0, modes=[1])   # a shield on a player
    resolve(game)
    game.cast(game.create_card("Holy Day", 0))                       # Fog: names nothing
    resolve(game)
    assert Game.load(game.save(), cards=game.cards) == game
    kinds = [int(r[_engine.EFFECT_FIELDS.index("kind")]) for r in game.state.sections()["effects"][:2]]
    assert kinds == [C["EF_PREVENT_SHIELD"], C["EF_PREVENT_COMBAT"]]
    # a player's shield names no object; one naming one, or a negative shield, is refused
    for row, fields in ((0, {"affected": 0}), (0, {"a": -1}), (1, {"b": 0})):
        with pytest.raises(StateFormatError, match=f"effect {row}"):
            Game.load(edit(game, "effects", row, **fields), cards=game.cards)
