"""Casting spells (601: targets 601.2c, total cost 601.2h), mana abilities (605),
summoning sickness (302.6, haste 702.10), Equipment (301.5, equip 702.6) and Auras
(303.4)."""
import pytest

from mtg_core import Action, ActionKind, Card, Decision, IllegalActionError, Step, Zone
from mtg_core.cards import ManaAbility
from mtg_core.enums import TGT_PLAYER

SEED = 5  # new_game (tests/conftest.py) seeds this file's games with it
# Hexproof Bear, Shroud Bear and Test Walker are shared test cards (tests/conftest.py).
TEST_CARDS = [
    Card("Hasty Elf", "{G}", ("Creature",), ("Elf",), power=1, toughness=1,
         keywords=("haste",), abilities=(ManaAbility("G"),)),
    # "{T}: Add {W}{W} or {G}{G}."  (two mana of one colour)
    Card("Twin Grove", types=("Land",), abilities=(ManaAbility("WG", amount=2),)),
    Card("Selesnya Cub", "{G}{W}", ("Creature",), ("Cat",), power=2, toughness=2),
    Card("Dual Grove", types=("Land",), abilities=(ManaAbility("WG"),)),
]

# --- helpers ---------------------------------------------------------------------------------


def tapped(game, o):
    return bool(game.obj(o)["tapped"])


# --- 601.2c: targets -------------------------------------------------------------------------

@pytest.mark.parametrize("name,lands_needed", [("Giant Growth", ("Forest",)),
                                               ("Murder", ("Swamp", "Swamp", "Swamp")),
                                               ("Holy Strength", ("Plains",))])
def test_601_2c_spell_with_no_legal_target_cant_be_cast(
        new_game, lands, can_cast, name, lands_needed):
    game = new_game()
    lands(game, 0, *lands_needed)
    card = game.create_card(name, 0)
    game.create_card("Forest", 1, Zone.BATTLEFIELD)          # a permanent, not a creature
    game.create_card("Grizzly Bears", 1, Zone.GRAVEYARD)     # a creature card, not on the bf
    game.pass_to(Step.MAIN, 0)
    assert not can_cast(game, card)
    with pytest.raises(IllegalActionError) as err:
        game.cast(card)
    assert err.value.rule == "601.2c"
    assert card in game.hand(0)


@pytest.mark.parametrize("name,lands_needed", [("Giant Growth", ("Forest",)),
                                               ("Holy Strength", ("Plains",))])
def test_601_2c_only_hexproof_or_shroud_creatures_of_opponent_means_no_legal_target(
        new_game, lands, can_cast, name, lands_needed):
    game = new_game()
    lands(game, 0, *lands_needed)
    card = game.create_card(name, 0)
    game.create_card("Hexproof Bear", 1, Zone.BATTLEFIELD)
    game.create_card("Shroud Bear", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    assert not can_cast(game, card)
    # 702.11: your own hexproof creature is a legal target for you.
    own = game.create_card("Hexproof Bear", 0, Zone.BATTLEFIELD)
    assert can_cast(game, card)
    game.cast(card)
    assert set(game.target_choices()) == {own}


def _target_board(game):
    """Creatures and other permanents on both sides; returns a dict of names -> ids."""
    ids = {
        "my bears": game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD),
        "my hexproof": game.create_card("Hexproof Bear", 0, Zone.BATTLEFIELD),
        "my shroud": game.create_card("Shroud Bear", 0, Zone.BATTLEFIELD),
        "their bears": game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD),
        "their hexproof": game.create_card("Hexproof Bear", 1, Zone.BATTLEFIELD),
        "their shroud": game.create_card("Shroud Bear", 1, Zone.BATTLEFIELD),
        "their walker": game.create_card("Test Walker", 1, Zone.BATTLEFIELD),
        "their equipment": game.create_card("Bonesplitter", 1, Zone.BATTLEFIELD),
        "their arena": game.create_card("Phyrexian Arena", 1, Zone.BATTLEFIELD),
        "dead bears": game.create_card("Grizzly Bears", 1, Zone.GRAVEYARD),
        "hand bears": game.create_card("Grizzly Bears", 1, Zone.HAND),
    }
    return ids


@pytest.mark.parametrize("name,lands_needed,expected", [
    ("Lightning Bolt", ("Mountain",),
     {"P0", "P1", "my bears", "my hexproof", "their bears", "their walker"}),
    ("Giant Growth", ("Forest",), {"my bears", "my hexproof", "their bears"}),
    ("Lava Spike", ("Mountain",), {"P0", "P1", "their walker"}),
    ("Holy Strength", ("Plains",), {"my bears", "my hexproof", "their bears"}),
])
def test_601_2c_target_decision_lists_exactly_the_legal_targets(
        new_game, lands, name, lands_needed, expected):
    game = new_game()
    land_ids = lands(game, 0, *lands_needed)
    card = game.create_card(name, 0)
    ids = _target_board(game)
    ids["P0"], ids["P1"] = TGT_PLAYER + 0, TGT_PLAYER + 1
    game.pass_to(Step.MAIN, 0)
    game.cast(card)
    assert game.decision.kind == Decision.TARGET and game.decision.player == 0
    assert set(game.target_choices()) == {ids[k] for k in expected}
    # 601.2c comes before 601.2h: nothing has been paid yet.
    assert not any(tapped(game, land) for land in land_ids)


def test_601_2c_then_601_2h_cost_is_paid_after_the_target_is_chosen(new_game, lands):
    game = new_game()
    (mountain,) = lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt)
    assert game.zone(Zone.STACK) == [bolt]                  # 601.2a: moved to the stack
    assert not tapped(game, mountain) and game.mana_pool(0) == {}
    game.apply(Action.make(ActionKind.TARGET, TGT_PLAYER + 1))
    assert tapped(game, mountain) and game.mana_pool(0) == {}
    assert game.stack()[0]["target0"] == TGT_PLAYER + 1


def test_601_2c_equip_targets_only_creatures_you_control(new_game, lands):
    game = new_game()
    lands(game, 0, "Forest")
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    mine = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    my_hexproof = game.create_card("Hexproof Bear", 0, Zone.BATTLEFIELD)
    game.create_card("Shroud Bear", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.activate(eq, 0)
    assert set(game.target_choices()) == {mine, my_hexproof}


# --- 601.2h: paying the total cost ----------------------------------------------------------

@pytest.mark.parametrize("card,available,castable", [
    ("Grizzly Bears", ("Forest",), False),                      # {1}{G}: one short
    ("Grizzly Bears", ("Mountain", "Mountain"), False),         # {1}{G}: no green
    ("Grizzly Bears", ("Forest", "Mountain"), True),
    ("Grizzly Bears", ("Forest", "Forest"), True),
    ("Kalonian Tusker", ("Forest", "Mountain"), False),         # {G}{G}
    ("Kalonian Tusker", ("Forest", "Forest"), True),
    ("Kalonian Tusker", ("Forest", "Forest", "Mountain", "Mountain"), True),
    ("Leatherback Baloth", ("Forest", "Forest", "Mountain"), False),   # {G}{G}{G}
    ("Hill Giant", ("Mountain", "Forest", "Forest", "Forest"), True),  # {3}{R}
    ("Hill Giant", ("Forest", "Forest", "Forest", "Forest"), False),
    ("Murder", ("Swamp", "Swamp", "Mountain"), True),                  # {1}{B}{B}
    ("Murder", ("Swamp", "Mountain", "Mountain"), False),
    ("Darksteel Myr", ("Plains", "Island", "Swamp"), True),            # {3}
    ("Darksteel Myr", ("Plains", "Island"), False),
    ("Ornithopter", (), True),                                         # {0}
    ("Selesnya Cub", ("Dual Grove", "Dual Grove"), True),              # {G}{W}
    ("Selesnya Cub", ("Dual Grove", "Forest"), True),
    ("Selesnya Cub", ("Forest", "Forest"), False),
])
def test_601_2h_spell_is_castable_only_if_its_total_cost_can_be_paid(
        new_game, lands, can_cast, card, available, castable):
    game = new_game()
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)     # a target for Murder
    lands(game, 0, *available)
    o = game.create_card(card, 0)
    game.pass_to(Step.MAIN, 0)
    assert can_cast(game, o) is castable
    if not castable:
        with pytest.raises(IllegalActionError) as err:
            game.cast(o)
        assert err.value.rule == "601.2h"


def test_601_2h_autopay_taps_exactly_the_lands_needed(new_game, lands):
    game = new_game()
    forests = lands(game, 0, "Forest", "Forest", "Forest")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bears)
    assert sum(tapped(game, f) for f in forests) == 2
    assert game.mana_pool(0) == {}


def test_601_2h_autopay_pays_generic_with_the_off_colour_land_when_it_must(new_game, lands):
    game = new_game()
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bears)
    assert tapped(game, forest) and tapped(game, mountain)
    assert game.mana_pool(0) == {}


def test_601_2h_floating_mana_is_spent_before_tapping_more_sources(new_game, lands):
    game = new_game()
    f1, f2 = lands(game, 0, "Forest", "Forest")
    elves = game.create_card("Llanowar Elves", 0)
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(f1, "G")
    assert game.mana_pool(0) == {"G": 1}
    game.cast(elves)
    assert game.mana_pool(0) == {} and not tapped(game, f2)


def test_601_2h_floating_mana_of_another_colour_pays_the_generic_part(new_game, lands):
    game = new_game()
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(mountain, "R")
    game.cast(bears)
    assert tapped(game, forest) and game.mana_pool(0) == {}


def test_601_2h_floating_mana_of_the_wrong_colour_doesnt_pay_a_coloured_pip(new_game, lands):
    game = new_game()
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    elves = game.create_card("Llanowar Elves", 0)
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(mountain, "R")
    game.cast(elves)
    assert tapped(game, forest)
    assert game.mana_pool(0) == {"R": 1}                    # still floating


def test_601_2h_floating_mana_alone_can_pay_and_must_be_enough(
        new_game, lands, pass_both, can_cast):
    game = new_game()
    f1, f2 = lands(game, 0, "Forest", "Forest")
    bears = game.create_card("Grizzly Bears", 0)
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(f1, "G")
    game.tap_for_mana(f2, "G")
    assert can_cast(game, bears)
    game.cast(bears)
    assert game.mana_pool(0) == {}
    tusker = game.create_card("Kalonian Tusker", 0)
    pass_both(game)
    assert not can_cast(game, tusker)


def test_601_2h_summoning_sick_mana_creature_cant_help_pay(new_game, lands, pass_both, can_cast):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    elves = game.create_card("Llanowar Elves", 0)
    second = game.create_card("Llanowar Elves", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(elves)
    pass_both(game)
    assert elves in game.battlefield(0)
    assert not can_cast(game, second)                       # 302.6: Elves can't tap yet


def test_601_2h_two_mana_of_one_colour_cant_pay_two_different_colours(new_game, lands, can_cast):
    """Regression: {T}: Add {W}{W} or {G}{G} used to be matched as two independent units, so
    {G}{W} looked payable and was then paid with {G}{G} (the white pool went to -1)."""
    game = new_game()
    (grove,) = lands(game, 0, "Twin Grove")
    cub = game.create_card("Selesnya Cub", 0)
    game.pass_to(Step.MAIN, 0)
    assert not can_cast(game, cub)
    with pytest.raises(IllegalActionError) as err:
        game.cast(cub)
    assert err.value.rule == "601.2h"


@pytest.mark.parametrize("other,colour_made,left_over", [("Forest", "W", "W"),
                                                         ("Plains", "G", "G")])
def test_601_2h_two_mana_of_one_colour_plus_another_source(
        new_game, lands, can_cast, other, colour_made, left_over):
    game = new_game()
    grove, land = lands(game, 0, "Twin Grove", other)
    cub = game.create_card("Selesnya Cub", 0)
    game.pass_to(Step.MAIN, 0)
    assert can_cast(game, cub)
    game.cast(cub)
    assert tapped(game, grove) and tapped(game, land)
    # The Grove made two of the colour the other land doesn't: one is left floating.
    assert game.mana_pool(0) == {left_over: 1}


def test_601_2h_two_mana_of_one_colour_pays_two_pips_of_that_colour(new_game, lands, can_cast):
    game = new_game()
    (grove,) = lands(game, 0, "Twin Grove")
    tusker = game.create_card("Kalonian Tusker", 0)
    game.pass_to(Step.MAIN, 0)
    assert can_cast(game, tusker)
    game.cast(tusker)
    assert tapped(game, grove) and game.mana_pool(0) == {}


# --- 605: mana abilities ---------------------------------------------------------------------

def test_605_3b_mana_ability_adds_mana_immediately_without_the_stack(new_game, lands):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(forest, "G")
    assert game.mana_pool(0) == {"G": 1}
    assert game.stack() == [] and game.zone(Zone.STACK) == []
    assert tapped(game, forest)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0


def test_605_mana_ability_offers_only_the_colours_it_makes(new_game, lands, mana_action):
    game = new_game()
    forest, grove = lands(game, 0, "Forest", "Dual Grove")
    game.pass_to(Step.MAIN, 0)
    mana = {a for a in game.legal_actions() if a.kind == ActionKind.ACTIVATE_MANA}
    assert mana == {mana_action(forest, "G"), mana_action(grove, "W"), mana_action(grove, "G")}
    with pytest.raises(IllegalActionError):
        game.apply(mana_action(forest, "R"))
    assert game.mana_pool(0) == {} and not tapped(game, forest)
    game.tap_for_mana(grove, "W")
    assert game.mana_pool(0) == {"W": 1}


def test_605_3a_mana_ability_with_a_spell_on_the_stack_and_in_opponents_turn(
        new_game, lands, mana_action):
    game = new_game()
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    assert mana_action(forest, "G") in game.legal_actions()
    game.tap_for_mana(forest, "G")
    assert len(game.stack()) == 1                       # only the Bolt
    assert game.priority_player == 0
    game2 = new_game()
    (f,) = lands(game2, 0, "Forest")
    game2.pass_to(Step.MAIN, 1)
    game2.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    game2.tap_for_mana(f, "G")
    assert game2.mana_pool(0) == {"G": 1} and not game2.stack()


def test_605_activating_a_mana_ability_does_not_count_as_passing(new_game, lands):
    """117.4: after P0 passes, P1 taps a land and then passes: P0 gets priority again
    (the passes were not in succession), nothing resolves yet."""
    game = new_game()
    lands(game, 0, "Mountain")
    (f1,) = lands(game, 1, "Forest")
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, TGT_PLAYER + 1)
    game.pass_priority()
    game.tap_for_mana(f1, "G")
    assert game.priority_player == 1                    # still P1's priority (117.3c)
    game.pass_priority()
    assert game.priority_player == 0 and game.life(1) == 20 and game.stack()
    game.pass_priority()
    assert game.life(1) == 17


def test_500_4_unused_mana_empties_at_the_end_of_the_step(new_game, lands, pass_both):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(forest, "G")
    pass_both(game)
    assert game.step == Step.BEGIN_COMBAT
    assert game.mana_pool(0) == {}


def test_605_creature_mana_ability_also_skips_the_stack(new_game):
    game = new_game()
    elves = game.create_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.tap_for_mana(elves, "G")
    assert game.mana_pool(0) == {"G": 1} and not game.stack() and tapped(game, elves)


# --- 302.6 / 702.10: summoning sickness and haste ------------------------------------------

def test_302_6_creature_cant_use_tap_mana_ability_the_turn_it_came_under_control(
        new_game, lands, pass_both, mana_action):
    game = new_game()
    lands(game, 0, "Forest")
    elves = game.create_card("Llanowar Elves", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(elves)
    pass_both(game)
    assert elves in game.battlefield(0)
    assert mana_action(elves, "G") not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply(mana_action(elves, "G"))
    assert err.value.rule == "302.6"
    # Still not during the opponent's turn: its controller's most recent turn began before.
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    assert mana_action(elves, "G") not in game.legal_actions()
    # Its controller's next turn: now it can.
    game.pass_to(Step.MAIN, 0, turn=3)
    assert mana_action(elves, "G") in game.legal_actions()
    game.tap_for_mana(elves, "G")
    assert game.mana_pool(0) == {"G": 1}


def test_302_6_creature_cant_use_tap_activated_ability_the_turn_it_came_under_control(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    pyro = game.create_card("Prodigal Pyromancer", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(pyro)
    pass_both(game)
    assert Action.make(ActionKind.ACTIVATE, pyro, 0) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.activate(pyro, 0)
    assert err.value.rule == "302.6"
    game.pass_to(Step.MAIN, 0, turn=3)
    game.activate(pyro, 0, TGT_PLAYER + 1)
    assert tapped(game, pyro)
    pass_both(game)
    assert game.life(1) == 19


def test_702_10_haste_creature_can_tap_the_turn_it_arrives(new_game, lands, pass_both, mana_action):
    game = new_game()
    lands(game, 0, "Forest")
    elf = game.create_card("Hasty Elf", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(elf)
    pass_both(game)
    assert mana_action(elf, "G") in game.legal_actions()
    game.tap_for_mana(elf, "G")
    assert game.mana_pool(0) == {"G": 1}


def test_302_6_does_not_apply_to_noncreature_permanents(new_game, mana_action):
    game = new_game()
    den = game.create_card("Ancient Den", 0)
    game.pass_to(Step.MAIN, 0)
    game.play_land(den)
    assert mana_action(den, "W") in game.legal_actions()
    game.tap_for_mana(den, "W")
    assert game.mana_pool(0) == {"W": 1}


# --- 301.5 / 702.6: Equipment ------------------------------------------------------------------

@pytest.fixture
def equip_game(new_game, lands):
    """P0 with Bonesplitter in hand, mana for it and two creatures: (game, eq, bears, lions)."""
    game = new_game()
    lands(game, 0, "Forest", "Forest", "Mountain")
    eq = game.create_card("Bonesplitter", 0)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    lions = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    return game, eq, bears, lions


def test_301_5_equip_attaches_and_gives_plus_two_power(equip_game, pass_both):
    game, eq, bears, lions = equip_game
    game.pass_to(Step.MAIN, 0)
    game.cast(eq)
    pass_both(game)
    assert eq in game.battlefield(0) and game.obj(eq)["attached_to"] == -1   # 301.5b
    assert game.power_toughness(bears) == (2, 2)
    game.activate(eq, 0, bears)
    assert len(game.stack()) == 1                           # equip uses the stack
    assert game.obj(eq)["attached_to"] == -1
    pass_both(game)
    assert game.obj(eq)["attached_to"] == bears
    assert game.power_toughness(bears) == (4, 2)
    # Re-equip moves it.
    game.activate(eq, 0, lions)
    pass_both(game)
    assert game.obj(eq)["attached_to"] == lions
    assert game.power_toughness(lions) == (4, 1) and game.power_toughness(bears) == (2, 2)


def test_702_6a_equip_only_as_a_sorcery_not_in_upkeep(equip_game):
    game, eq, bears, lions = equip_game
    game.move(eq, Zone.BATTLEFIELD)
    assert game.step == Step.UPKEEP
    assert Action.make(ActionKind.ACTIVATE, eq, 0) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.activate(eq, 0)
    assert err.value.rule == "602.5d"


def test_702_6a_equip_only_as_a_sorcery_not_with_a_spell_on_the_stack(equip_game):
    game, eq, bears, lions = equip_game
    game.move(eq, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    assert Action.make(ActionKind.ACTIVATE, eq, 0) in game.legal_actions()
    game.cast(bolt, TGT_PLAYER + 1)
    assert Action.make(ActionKind.ACTIVATE, eq, 0) not in game.legal_actions()


def test_702_6a_equip_only_as_a_sorcery_not_in_opponents_turn(equip_game):
    game, eq, bears, lions = equip_game
    game.move(eq, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 1)
    game.pass_priority()                        # P1 passes: P0 has priority in P1's main phase
    assert Action.make(ActionKind.ACTIVATE, eq, 0) not in game.legal_actions()


def test_301_5d_only_the_equipments_controller_can_equip(equip_game, lands):
    game, eq, bears, lions = equip_game
    game.move(eq, Zone.BATTLEFIELD)
    lands(game, 1, "Forest")
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 1)
    assert Action.make(ActionKind.ACTIVATE, eq, 0) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.activate(eq, 0)
    assert err.value.rule == "602.2"


# --- 303.4: Auras --------------------------------------------------------------------------

def test_303_4_aura_targets_a_creature_and_enters_attached_to_it(new_game, lands, pass_both):
    game = new_game()
    (plains,) = lands(game, 0, "Plains")
    aura = game.create_card("Holy Strength", 0)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(aura, bears)
    assert game.stack()[0]["target0"] == bears and tapped(game, plains)
    pass_both(game)
    assert aura in game.battlefield(0)
    assert game.obj(aura)["attached_to"] == bears                  # 303.4b
    assert game.power_toughness(bears) == (3, 4)


def test_303_4e_aura_on_an_opponents_creature_stays_under_casters_control(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Plains")
    aura = game.create_card("Holy Strength", 0)
    theirs = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(aura, theirs)
    pass_both(game)
    assert aura in game.battlefield(0) and game.obj(aura)["controller"] == 0
    assert game.obj(aura)["attached_to"] == theirs
    assert game.obj(theirs)["controller"] == 1
    assert game.power_toughness(theirs) == (3, 3)
