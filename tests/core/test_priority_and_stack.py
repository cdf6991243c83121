"""Priority (117), timing of spells (chapter 3: 300.2a, 301-304, 307, flash), resolution
(608) and triggered abilities (603).

Every scenario is built with the public API: a game of basic-land decks, then the cards a
test needs are created in hand or on the battlefield with ``Game.create_card``.
"""
import pytest

from mtg_core import (Action, ActionKind, Card, Decision, IllegalActionError, MtgError, Phase,
                      Step, Zone)
from mtg_core.cards import Damage, GainLife, Pump, SpellAbility, TriggeredAbility
from mtg_core.enums import TGT_PLAYER

SEED = 3  # new_game (tests/conftest.py) seeds this file's games with it

# --- test cards ------------------------------------------------------------------------------

# Bell of Decay ("At the beginning of each upkeep, you lose 1 life.") is one of the shared
# test cards of tests/conftest.py.
TEST_CARDS = [
    # "At the beginning of each upkeep, you gain 2 life."
    Card("Bell of Plenty", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", GainLife("you", 2), whose="each"),)),
    # "At the beginning of your upkeep, you gain 5 life."
    Card("Own Upkeep Chime", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", GainLife("you", 5), whose="your"),)),
    # "When this creature enters, another target creature you control gets +1/+1."
    Card("Loyal Squire", "{1}{W}", ("Creature",), ("Human",), power=2, toughness=2,
         abilities=(TriggeredAbility("enters", Pump("target", 1, 1),
                                     targets=("other creature you control",)),)),
    # "At the beginning of your upkeep, this deals 1 damage to target planeswalker."
    Card("Walker Hunter", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", Damage("target", 1), targets=("planeswalker",)),)),
    Card("Walker Stalker", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", Damage("target", 2), targets=("planeswalker",)),)),
    # Two targets: 608.2b with one illegal target.
    Card("Twin Sparks", "{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 2), Damage("target2", 2),
                                 targets=("creature", "creature")),)),
]

# --- 117: who has priority -------------------------------------------------------------------

def test_117_3a_active_player_receives_priority_in_upkeep_and_main(new_game):
    game = new_game()
    assert game.turn == 1 and game.step == Step.UPKEEP
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0
    game.pass_to(Step.MAIN, 0)
    assert game.priority_player == 0


def test_117_3d_pass_with_empty_stack_gives_priority_to_next_player_then_step_ends(new_game):
    game = new_game()
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    assert game.step == Step.MAIN and game.priority_player == 1      # 117.3d
    game.pass_priority()                                              # 500.2: all passed
    assert game.step == Step.BEGIN_COMBAT and game.priority_player == 0


def test_117_3c_caster_receives_priority_after_casting(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest", "Forest")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bears)
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0
    assert [s["obj"] for s in game.stack()] == [bears]
    assert game.zone(Zone.STACK) == [bears]


def test_117_3c_non_active_caster_receives_priority_after_casting(new_game, lands):
    game = new_game()
    lands(game, 1, "Island")
    sailor = game.create_card("Spectral Sailor", 1)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    game.cast(sailor)
    assert game.decision.player == 1 and game.active_player == 0


def test_117_3b_active_player_receives_priority_after_non_active_players_spell_resolves(
        new_game, lands):
    game = new_game()
    lands(game, 1, "Island")
    sailor = game.create_card("Spectral Sailor", 1)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    game.cast(sailor)
    game.pass_priority()            # P1
    assert game.priority_player == 0 and game.stack()
    game.pass_priority()            # P0: all passed -> resolves (117.3d)
    assert not game.stack()
    assert sailor in game.battlefield(1)
    assert game.priority_player == 0 and game.step == Step.MAIN      # 117.3b


def test_117_3d_all_pass_resolves_only_the_top_object_then_active_player_has_priority(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    shock = game.create_card("Shock", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    game.cast(shock, TGT_PLAYER + 1)            # holding priority (117.3c)
    assert [s["obj"] for s in game.stack()] == [bolt, shock]
    game.pass_priority()
    assert game.life(1) == 20 and len(game.stack()) == 2              # one pass: nothing
    game.pass_priority()
    assert game.life(1) == 18                                         # Shock (top) resolved
    assert [s["obj"] for s in game.stack()] == [bolt]
    assert game.priority_player == 0                                  # 117.3b
    pass_both(game)
    assert game.life(1) == 15 and not game.stack()
    assert game.step == Step.MAIN


def test_117_4_a_response_breaks_the_succession_of_passes(new_game, lands):
    """P0 casts a creature and passes; P1 responds; the response resolves first and the
    creature spell waits until both pass again."""
    game = new_game()
    lands(game, 0, "Forest", "Forest")
    lands(game, 1, "Mountain")
    bears = game.create_card("Grizzly Bears", 0)
    bolt = game.create_card("Lightning Bolt", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(bears)
    game.pass_priority()
    assert game.priority_player == 1
    game.cast(bolt, TGT_PLAYER + 0)
    assert game.priority_player == 1                                  # 117.3c
    game.pass_priority()
    assert game.priority_player == 0 and len(game.stack()) == 2
    game.pass_priority()
    assert game.life(0) == 17
    assert [s["obj"] for s in game.stack()] == [bears]
    assert game.priority_player == 0                                  # 117.3b
    game.pass_priority()
    assert game.priority_player == 1 and game.stack()                 # not yet resolved
    game.pass_priority()
    assert bears in game.battlefield(0)


def test_117_3d_three_players_all_must_pass_before_resolution(new_game, lands):
    game = new_game(players=3)
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 2)
    game.pass_priority()
    assert game.priority_player == 1
    game.pass_priority()
    assert game.priority_player == 2 and game.stack()
    game.pass_priority()
    assert not game.stack() and game.life(2) == 17 and game.priority_player == 0


# --- Game.resolve_top: every player passes until the top object has resolved (117.4, 608) ----

def test_608_1_resolve_top_resolves_only_the_top_object(new_game, lands):
    game = new_game(players=3)
    lands(game, 0, "Mountain", "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    shock = game.create_card("Shock", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    game.cast(shock, TGT_PLAYER + 2)
    game.resolve_top()                                                # three players pass
    assert game.life(2) == 18 and game.life(1) == 20
    assert [s["obj"] for s in game.stack()] == [bolt] and game.priority_player == 0   # 117.3b
    game.resolve_top()
    assert game.life(1) == 17 and not game.stack()
    with pytest.raises(MtgError, match="the stack is empty"):
        game.resolve_top()


def test_603_3_resolve_top_returns_with_what_its_resolution_triggered(new_game, lands):
    """Loyal Squire resolves; its enters trigger is being put on the stack (its target is
    being chosen, 603.3d): resolve_top returns there, having resolved only the Squire."""
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    squire = game.create_card("Loyal Squire", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(squire)
    game.resolve_top()
    assert squire in game.battlefield(0)
    assert game.decision.kind == Decision.TARGET and game.decision.source == squire
    game.apply(Action.make(ActionKind.TARGET, bear))
    game.resolve_top()
    assert game.power_toughness(bear) == (3, 3) and not game.stack()


# --- 301.1 / 302.1 / 303.1 / 307.1: sorcery-speed spells ----------------------------------

SORCERY_SPEED = ["Grizzly Bears", "Bonesplitter", "Phyrexian Arena", "Divination",
                 "Holy Strength"]


@pytest.fixture
def sorcery_speed_setup(new_game, lands):
    """``sorcery_speed_setup(card_name, player=0)``: a game where ``player`` could pay for
    any of SORCERY_SPEED (and a Bolt) and a creature is there to enchant; returns
    (game, card, bolt)."""
    def setup(card_name, player=0):
        game = new_game()
        lands(game, player, "Swamp", "Swamp", "Swamp", "Island", "Island", "Island", "Forest",
              "Forest", "Plains", "Mountain")
        game.create_card("Savannah Lions", player, Zone.BATTLEFIELD)
        card = game.create_card(card_name, player)
        bolt = game.create_card("Lightning Bolt", player)
        return game, card, bolt
    return setup


@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_301_1_302_1_303_1_307_1_castable_in_own_main_phase_with_empty_stack(
        can_cast, sorcery_speed_setup, name):
    game, card, _ = sorcery_speed_setup(name)
    game.pass_to(Step.MAIN, 0)
    assert can_cast(game, card)
    game.cast(card, *([game.find("Savannah Lions")[0]] if name == "Holy Strength" else []))
    assert [s["obj"] for s in game.stack()] == [card]


@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_505_1_sorcery_speed_spells_castable_in_postcombat_main_phase(
        can_cast, sorcery_speed_setup, name):
    game, card, _ = sorcery_speed_setup(name)
    game.pass_to(Step.MAIN, 0, phase=Phase.POSTCOMBAT_MAIN)
    assert can_cast(game, card)


@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_301_1_302_1_303_1_307_1_not_castable_in_upkeep(can_cast, sorcery_speed_setup, name):
    game, card, _ = sorcery_speed_setup(name)
    assert game.step == Step.UPKEEP and game.priority_player == 0
    assert not can_cast(game, card)
    with pytest.raises(IllegalActionError) as err:
        game.cast(card)
    assert err.value.rule == "301.1, 302.1, 303.1, 307.1"


@pytest.mark.parametrize("step", [Step.BEGIN_COMBAT, Step.END])
@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_301_1_302_1_303_1_307_1_not_castable_outside_main_phase(
        can_cast, sorcery_speed_setup, name, step):
    game, card, _ = sorcery_speed_setup(name)
    game.pass_to(step, 0)
    assert not can_cast(game, card)


@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_301_1_302_1_303_1_307_1_not_castable_with_a_spell_on_the_stack(
        can_cast, sorcery_speed_setup, name):
    game, card, bolt = sorcery_speed_setup(name)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    assert game.priority_player == 0 and game.stack()
    assert not can_cast(game, card)
    with pytest.raises(IllegalActionError) as err:
        game.cast(card)
    assert "302.1" in err.value.rule


@pytest.mark.parametrize("name", SORCERY_SPEED)
def test_301_1_302_1_303_1_307_1_not_castable_in_opponents_main_phase(
        can_cast, sorcery_speed_setup, name):
    game, card, _ = sorcery_speed_setup(name)
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    assert not can_cast(game, card)


# --- 304.1 / 702.8 (flash): instant speed ----------------------------------------------------

def test_304_1_instant_castable_in_upkeep(new_game, lands, pass_both, can_cast):
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    assert game.step == Step.UPKEEP
    assert can_cast(game, bolt)
    game.cast(bolt, TGT_PLAYER + 1)
    pass_both(game)
    assert game.life(1) == 17 and game.step == Step.UPKEEP


def test_304_1_instant_castable_in_opponents_turn(new_game, lands, pass_both, can_cast):
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    assert can_cast(game, bolt)
    game.cast(bolt, TGT_PLAYER + 1)
    assert game.decision.player == 0                                  # 117.3c
    pass_both(game)
    assert game.life(1) == 17


def test_304_1_instant_castable_in_opponents_upkeep_and_end_step(new_game, lands, can_cast):
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.UPKEEP, 1)
    game.pass_priority()
    assert game.decision.player == 0 and game.active_player == 1
    assert can_cast(game, bolt)
    game.pass_to(Step.END, 1)
    game.pass_priority()
    assert game.decision.player == 0
    assert can_cast(game, bolt)


def test_304_1_instant_castable_in_response_to_a_spell(new_game, lands, can_cast):
    game = new_game()
    lands(game, 0, "Forest", "Forest")
    lands(game, 1, "Mountain")
    bears = game.create_card("Grizzly Bears", 0)
    shock = game.create_card("Shock", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(bears)
    game.pass_priority()
    assert can_cast(game, shock)
    game.cast(shock, TGT_PLAYER + 0)
    assert [s["obj"] for s in game.stack()] == [bears, shock]


def test_304_1_instant_not_castable_without_priority(new_game, lands, can_cast):
    """An instant in P1's hand is not an action of P0's priority decision."""
    game = new_game()
    lands(game, 1, "Mountain")
    bolt = game.create_card("Lightning Bolt", 1)
    game.pass_to(Step.MAIN, 0)
    assert game.priority_player == 0
    assert all(a.a != bolt for a in game.legal_actions())
    game.pass_priority()
    assert can_cast(game, bolt)


def test_702_8_flash_creature_castable_in_upkeep_opponents_turn_and_in_response(
        new_game, lands, pass_both, can_cast):
    game = new_game()
    lands(game, 0, "Island", "Island", "Island", "Forest", "Forest")
    sailors = [game.create_card("Spectral Sailor", 0) for _ in range(3)]
    bears = game.create_card("Grizzly Bears", 0)
    assert game.step == Step.UPKEEP
    assert can_cast(game, sailors[0]) and not can_cast(game, bears)
    game.cast(sailors[0])
    assert can_cast(game, sailors[1])                                 # in response
    game.cast(sailors[1])
    pass_both(game)
    pass_both(game)
    assert set(sailors[:2]) <= set(game.battlefield(0))
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    assert can_cast(game, sailors[2]) and not can_cast(game, bears)
    game.cast(sailors[2])
    pass_both(game)
    assert sailors[2] in game.battlefield(0)
    assert game.active_player == 1


# --- 304.4 / 307.4: instants and sorceries never on the battlefield ---------------------------

@pytest.mark.parametrize("name", ["Lightning Bolt", "Giant Growth"])
def test_304_4_an_instant_cant_be_put_onto_the_battlefield(new_game, name):
    game = new_game()
    card = game.create_card(name, 0)
    before = game.state.to_bytes()
    with pytest.raises(IllegalActionError) as err:
        game.move(card, Zone.BATTLEFIELD)
    assert err.value.rule == "304.4"
    assert card in game.hand(0) and card not in game.battlefield()
    assert game.state.to_bytes() == before


def test_307_4_a_sorcery_cant_be_put_onto_the_battlefield(new_game):
    game = new_game()
    card = game.create_card("Divination", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalActionError):
        game.move(card, Zone.BATTLEFIELD)
    assert card in game.graveyard(0)


def test_304_4_an_instant_cant_be_created_on_the_battlefield(new_game):
    game = new_game()
    with pytest.raises(Exception, match="304.4"):
        game.create_card("Lightning Bolt", 0, Zone.BATTLEFIELD)
    assert game.find("Lightning Bolt", Zone.BATTLEFIELD) == []
    assert game.battlefield() == []


def test_304_4_creating_an_instant_on_the_battlefield_is_refused_cleanly(new_game):
    """Regression: this used to raise the raw _engine.EngineError and leave a half-created
    object in the state."""
    game = new_game()
    before = game.state.to_bytes()
    with pytest.raises(IllegalActionError) as err:
        game.create_card("Lightning Bolt", 0, Zone.BATTLEFIELD)
    assert err.value.rule == "304.4"
    assert game.state.to_bytes() == before


# --- 300.2a / 305.9: an artifact land is played, never cast --------------------------------

def test_300_2a_artifact_land_is_played_as_a_land_not_cast(new_game):
    game = new_game()
    den = game.create_card("Ancient Den", 0)
    game.pass_to(Step.MAIN, 0)
    legal = game.legal_actions()
    assert Action.make(ActionKind.PLAY_LAND, den) in legal
    assert Action.make(ActionKind.CAST, den) not in legal
    with pytest.raises(IllegalActionError) as err:
        game.cast(den)
    assert "300.2a" in err.value.rule
    game.play_land(den)
    assert den in game.battlefield(0) and not game.stack()            # 305.1: no stack
    assert game.priority_player == 0                                  # 117.3c


def test_300_2a_artifact_land_not_castable_even_with_mana_and_in_upkeep(new_game, lands):
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    den = game.create_card("Ancient Den", 0)
    assert game.step == Step.UPKEEP
    assert all(a.a != den for a in game.legal_actions())


# --- 301.2 / 302.2 / 303.2: permanent spells resolve onto the battlefield -----------------

@pytest.mark.parametrize("name,lands_needed", [
    ("Grizzly Bears", ("Forest", "Forest")),
    ("Bonesplitter", ("Forest",)),
    ("Phyrexian Arena", ("Swamp", "Swamp", "Swamp")),
    ("Darksteel Myr", ("Forest", "Forest", "Forest")),
])
def test_301_2_302_2_303_2_resolving_permanent_spell_enters_under_casters_control(
        new_game, lands, pass_both, name, lands_needed):
    game = new_game()
    lands(game, 0, *lands_needed)
    card = game.create_card(name, 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(card)
    assert card not in game.battlefield()
    pass_both(game)
    assert card in game.battlefield(0)
    assert game.obj(card)["controller"] == 0
    assert not game.stack() and card not in game.hand(0)


def test_302_2_flash_creature_cast_in_opponents_turn_enters_under_its_casters_control(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 1, "Island")
    sailor = game.create_card("Spectral Sailor", 1)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    game.cast(sailor)
    pass_both(game)
    assert sailor in game.battlefield(1) and sailor not in game.battlefield(0)
    assert game.obj(sailor)["controller"] == 1


# --- 304.2 / 307.2: instants and sorceries go to their owner's graveyard -----------------

def test_304_2_instant_goes_to_owners_graveyard_after_resolving(new_game, lands, pass_both):
    game = new_game()
    lands(game, 1, "Mountain")
    bolt = game.create_card("Lightning Bolt", 1)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    game.cast(bolt, TGT_PLAYER + 0)
    pass_both(game)
    assert game.life(0) == 17
    assert bolt in game.graveyard(1) and bolt not in game.graveyard(0)
    assert game.zone(Zone.STACK) == [] and bolt not in game.battlefield()


def test_307_2_sorcery_goes_to_owners_graveyard_after_resolving(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Island", "Island", "Island")
    div = game.create_card("Divination", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    game.cast(div)
    pass_both(game)
    assert div in game.graveyard(0)
    assert len(game.hand(0)) == hand - 1 + 2


# --- 608.2b: targets are checked again on resolution --------------------------------------

def test_608_2b_spell_whose_only_target_left_doesnt_resolve_and_goes_to_graveyard(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    shock = game.create_card("Shock", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, bears)
    game.cast(shock, bears)
    pass_both(game)                                        # Shock kills the Bears
    assert bears in game.graveyard(1)
    pass_both(game)                                        # Bolt: its target is gone
    assert bolt in game.graveyard(0) and not game.stack()
    assert game.life(0) == 20 and game.life(1) == 20
    assert any("Lightning Bolt" in line and "608.2b" in line for line in game.log)


def test_608_2b_target_that_left_and_returned_is_a_new_object_and_illegal(
        new_game, lands, pass_both):
    """400.7: a creature that left the battlefield and came back is a new object."""
    game = new_game()
    lands(game, 0, "Mountain")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, bears)
    game.move(bears, Zone.HAND)
    game.move(bears, Zone.BATTLEFIELD)
    pass_both(game)
    assert bears in game.battlefield(1) and game.obj(bears)["damage"] == 0
    assert bolt in game.graveyard(0)


def test_608_2b_spell_with_one_illegal_target_still_affects_the_legal_one(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    a = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    b = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    sparks = game.create_card("Twin Sparks", 0)
    shock = game.create_card("Shock", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(sparks, a, b)
    game.cast(shock, a)
    pass_both(game)
    assert a in game.graveyard(1) and b in game.battlefield(1)
    pass_both(game)
    assert b in game.graveyard(1)                          # the legal target was dealt 2
    assert sparks in game.graveyard(0)
    assert not any("Twin Sparks" in line and "608.2b" in line for line in game.log)


def test_608_2b_aura_spell_whose_target_left_goes_to_graveyard_not_battlefield(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Plains", "Mountain")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(aura, bears)
    game.cast(bolt, bears)
    pass_both(game)
    pass_both(game)
    assert aura in game.graveyard(0) and aura not in game.battlefield()


def test_608_2b_activated_ability_whose_target_left_does_nothing(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain")
    pyro = game.create_card("Prodigal Pyromancer", 0, Zone.BATTLEFIELD)
    lions = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.activate(pyro, 0, lions)
    game.cast(bolt, lions)
    pass_both(game)
    assert lions in game.graveyard(1)
    pass_both(game)
    assert not game.stack() and game.life(1) == 20 and game.life(0) == 20


def test_113_7a_triggered_ability_resolves_even_if_its_source_has_left(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    pyro = game.create_card("Viashino Pyromancer", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(pyro)
    pass_both(game)
    game.apply(Action.make(ActionKind.TARGET, TGT_PLAYER + 1))
    game.cast(bolt, pyro)
    pass_both(game)
    assert pyro in game.graveyard(0) and len(game.stack()) == 1
    pass_both(game)
    assert game.life(1) == 18


# --- 603.2 / 603.3: triggered abilities ------------------------------------------------------

def test_603_3_triggered_ability_goes_on_the_stack_before_a_player_gets_priority(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    pyro = game.create_card("Viashino Pyromancer", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(pyro)
    pass_both(game)
    # 603.3d: targets are chosen as it is put on the stack, before anyone has priority.
    d = game.decision
    assert d.kind == Decision.TARGET and d.player == 0
    assert set(game.legal_actions()) == {Action.make(ActionKind.TARGET, TGT_PLAYER + 0),
                                         Action.make(ActionKind.TARGET, TGT_PLAYER + 1)}
    game.apply(Action.make(ActionKind.TARGET, TGT_PLAYER + 1))
    st = game.stack()
    assert len(st) == 1 and st[0]["obj"] == pyro and st[0]["target0"] == TGT_PLAYER + 1
    assert game.priority_player == 0                                  # 117.3b
    pass_both(game)
    assert game.life(1) == 18 and not game.stack()


def test_603_3b_triggers_of_both_players_active_players_go_on_the_stack_first(new_game, pass_both):
    """P1 is active (turn 2): P1's trigger goes on the stack first, so P0's resolves first."""
    game = new_game()
    d0 = game.create_card("Bell of Decay", 0, Zone.BATTLEFIELD)
    d1 = game.create_card("Bell of Decay", 1, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.UPKEEP)
    assert game.active_player == 1
    st = game.stack()
    assert [(s["obj"], s["controller"]) for s in st] == [(d1, 1), (d0, 0)]
    assert game.priority_player == 1
    pass_both(game)
    assert (game.life(0), game.life(1)) == (19, 20)        # the non-active player's first
    pass_both(game)
    assert (game.life(0), game.life(1)) == (19, 19)


def test_603_3b_apnap_with_three_players(new_game):
    game = new_game(players=3)
    bells = [game.create_card("Bell of Decay", p, Zone.BATTLEFIELD) for p in range(3)]
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.UPKEEP)
    assert game.active_player == 1
    # APNAP: active (1), then 2, then 0 -> 0's trigger is on top.
    assert [s["controller"] for s in game.stack()] == [1, 2, 0]
    assert [s["obj"] for s in game.stack()] == [bells[1], bells[2], bells[0]]


def test_603_3b_two_triggers_of_one_player_are_ordered_by_that_player(new_game, pass_both):
    game = new_game()
    decay = game.create_card("Bell of Decay", 1, Zone.BATTLEFIELD)
    plenty = game.create_card("Bell of Plenty", 1, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    d = game.decision
    assert d.kind == Decision.ORDER_TRIGGERS and d.player == 1
    assert game.turn == 2 and game.step == Step.UPKEEP and not game.stack()
    legal = game.legal_actions()
    assert len(legal) == 2 and all(a.kind == ActionKind.ORDER_TRIGGER for a in legal)
    # Choose Bell of Plenty's trigger to go on the stack first (so it resolves last).
    chosen = None
    for a in legal:
        trial = game.clone()
        trial.apply(a)
        if trial.stack() and trial.stack()[0]["obj"] == plenty:
            chosen = a
    assert chosen is not None
    game.apply(chosen)
    assert [s["obj"] for s in game.stack()] == [plenty, decay]
    assert game.priority_player == 1
    pass_both(game)
    assert game.life(1) == 19                              # Decay (top) first
    pass_both(game)
    assert game.life(1) == 21


def test_603_3b_both_orders_are_available_to_the_controller(new_game):
    game = new_game()
    decay = game.create_card("Bell of Decay", 1, Zone.BATTLEFIELD)
    plenty = game.create_card("Bell of Plenty", 1, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    orders = set()
    for a in game.legal_actions():
        trial = game.clone()
        trial.apply(a)
        orders.add(tuple(s["obj"] for s in trial.stack()))
    assert orders == {(decay, plenty), (plenty, decay)}


def test_603_3b_non_active_player_orders_own_triggers_after_active_players_are_placed(new_game):
    game = new_game()
    active_bell = game.create_card("Bell of Decay", 1, Zone.BATTLEFIELD)
    a = game.create_card("Bell of Decay", 0, Zone.BATTLEFIELD)
    b = game.create_card("Bell of Plenty", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind != Decision.PRIORITY)
    d = game.decision
    assert d.kind == Decision.ORDER_TRIGGERS and d.player == 0 and game.active_player == 1
    assert [s["obj"] for s in game.stack()] == [active_bell]
    game.apply(game.legal_actions()[0])
    st = [s["obj"] for s in game.stack()]
    assert st[0] == active_bell and set(st[1:]) == {a, b}


def test_603_2_your_upkeep_trigger_does_not_trigger_in_opponents_upkeep(new_game, pass_both):
    game = new_game()
    game.create_card("Own Upkeep Chime", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.UPKEEP)
    assert not game.stack() and game.life(0) == 20
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    assert len(game.stack()) == 1 and game.stack()[0]["controller"] == 0
    pass_both(game)
    assert game.life(0) == 25


def test_603_3d_trigger_with_no_legal_target_is_removed_from_the_stack(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    squire = game.create_card("Loyal Squire", 0)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)   # not "you control"
    game.pass_to(Step.MAIN, 0)
    game.cast(squire)
    pass_both(game)
    assert squire in game.battlefield(0)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0
    assert not game.stack()
    assert game.power_toughness(squire) == (2, 2)


def test_603_3d_trigger_with_a_legal_target_offers_exactly_the_legal_targets(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    squire = game.create_card("Loyal Squire", 0)
    lions = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(squire)
    pass_both(game)
    assert game.decision.kind == Decision.TARGET and game.decision.player == 0
    assert game.legal_actions() == [Action.make(ActionKind.TARGET, lions)]   # not itself, not P1's
    game.apply(Action.make(ActionKind.TARGET, lions))
    pass_both(game)
    assert game.power_toughness(lions) == (3, 2)


def test_603_3d_triggers_without_legal_targets_are_removed_even_when_ordered(new_game):
    """Two triggers of one player, neither with a legal target: whatever order is chosen,
    neither stays on the stack."""
    game = new_game()
    game.create_card("Walker Hunter", 1, Zone.BATTLEFIELD)
    game.create_card("Walker Stalker", 1, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.UPKEEP)
    if game.decision.kind == Decision.ORDER_TRIGGERS:
        game.apply(game.legal_actions()[0])
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 1
    assert not game.stack()


def test_117_3b_after_resolution_the_stack_is_empty_and_sorcery_speed_is_open_again(
        new_game, lands, pass_both, can_cast):
    game = new_game()
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    a = game.create_card("Grizzly Bears", 0)
    b = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(a)
    assert not can_cast(game, b)
    pass_both(game)
    assert game.priority_player == 0 and not game.stack()
    assert can_cast(game, b)
    assert any(x.kind == ActionKind.PLAY_LAND for x in game.legal_actions())


def test_117_3d_instant_cast_after_one_pass_keeps_the_step_going(new_game, lands, pass_both):
    """P0 passes with an empty stack, P1 casts an instant: when both pass the instant
    resolves and P0 gets priority again in the same step (the step doesn't end)."""
    game = new_game()
    lands(game, 1, "Mountain")
    bolt = game.create_card("Lightning Bolt", 1)
    game.pass_to(Step.MAIN, 0)
    game.pass_priority()
    game.cast(bolt, TGT_PLAYER + 0)
    pass_both(game)
    assert game.life(0) == 17
    assert game.step == Step.MAIN and game.phase == Phase.PRECOMBAT_MAIN
    assert game.priority_player == 0
    pass_both(game)
    assert game.step == Step.BEGIN_COMBAT


def test_602_instant_speed_activated_ability_in_opponents_turn_uses_the_stack(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Island", "Island", "Island", "Island")
    sailor = game.create_card("Spectral Sailor", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    hand = len(game.hand(0))
    game.activate(sailor, 0)
    assert len(game.stack()) == 1 and game.stack()[0]["obj"] == sailor
    assert game.priority_player == 0                                  # 117.3c
    pass_both(game)
    assert len(game.hand(0)) == hand + 1 and not game.stack()
    assert game.priority_player == 1                                  # 117.3b: active


def test_603_2_phyrexian_arena_triggers_only_in_its_controllers_upkeep(new_game, pass_both):
    game = new_game()
    arena = game.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.turn == 2 and g.step == Step.UPKEEP)
    assert not game.stack()
    game.pass_until(lambda g: g.turn == 3 and g.step == Step.UPKEEP)
    st = game.stack()
    assert len(st) == 1 and st[0]["obj"] == arena and st[0]["controller"] == 0
    hand = len(game.hand(0))
    pass_both(game)
    assert len(game.hand(0)) == hand + 1 and game.life(0) == 19
