"""Costs chosen as a spell is cast (601.2b-h): X (107.3), additional costs -- sacrifice a
creature, discard a card (601.2f, 118.8) --, kicker (702.33), flashback (702.34: cast
from the graveyard for its flashback cost, exiled as it leaves the stack) and cycling
(702.29: an ability of a card in hand)."""
import pytest

from mtg_core import Action, ActionKind, Card, Decision, IllegalActionError, Step, Zone
from mtg_core.cards import (ActivatedAbility, CardScriptError, Cycling, Draw, ManaAbility,
                            SpellAbility)
from mtg_core.game import CC_DISCARD, CC_KICK, CC_SAC, CC_X

SEED = 13


def lands(game, p, name, n):
    return [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    while game.stack() and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


# --- 107.3: X -------------------------------------------------------------------------------

def test_107_3_stroke_of_genius_x_is_chosen_up_to_what_can_be_paid(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 7)
    stroke = game.create_card("Stroke of Genius", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, stroke))
    d = game.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_X
    assert [a.a for a in game.legal_actions()] == [0, 1, 2, 3, 4]    # {X}{2}{U} with 7
    game.apply(Action.make(ActionKind.CHOOSE_X, 4))
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    assert all(game.obj(o)["tapped"] for o in game.battlefield(0))   # 4 + 3 paid
    hand = len(game.hand(1))
    resolve(game)
    assert len(game.hand(1)) == hand + 4
    assert any("X is 4 (107.3)" in line for line in game.log)


def test_107_3_prosperity_each_player_draws_x_and_x_0_is_legal(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 4)
    first, second = game.create_card("Prosperity", 0), game.create_card("Prosperity", 0)
    game.pass_to(Step.MAIN, 0)
    hands = [len(game.hand(0)), len(game.hand(1))]
    game.cast(first, x=2)
    resolve(game)
    assert [len(game.hand(0)), len(game.hand(1))] == [hands[0] - 1 + 2, hands[1] + 2]
    game.cast(second, x=0)                                # {0}{U}: the last Island
    resolve(game)
    assert [len(game.hand(0)), len(game.hand(1))] == [hands[0] - 2 + 2, hands[1] + 2]


def test_107_3_x_in_a_cost_is_zero_off_the_stack():
    card = Card("Prosperity Test", "{X}{U}", ("Sorcery",), abilities=(SpellAbility(Draw("you", "X")),))
    assert card.mana_value == 1 and card.cost.x == 1


# --- 601.2f / 118.8: additional costs ----------------------------------------------------------

def test_601_2h_bone_splinters_sacrifices_a_creature_chosen_as_a_cost(new_game, can_cast):
    game = new_game("60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 1)
    splinters = game.create_card("Bone Splinters", 0)
    victim = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    assert not can_cast(game, splinters)                  # no creature to sacrifice
    mine = game.create_card("Typhoid Rats", 0, Zone.BATTLEFIELD)
    other = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    game.apply(Action.make(ActionKind.CAST, splinters))
    game.apply(Action.make(ActionKind.TARGET, victim))
    d = game.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_SAC
    assert sorted(a.a for a in game.legal_actions()) == sorted([mine, other])
    game.apply(Action.make(ActionKind.SAC_COST, mine))
    assert mine in game.graveyard(0) and game.decision.kind == Decision.PRIORITY
    resolve(game)
    assert victim in game.graveyard(1) and other in game.battlefield(0)


def test_601_2h_tormenting_voice_discards_another_card_as_a_cost(new_game, can_cast):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 2)
    game.pass_to(Step.MAIN, 0)
    for o in list(game.hand(0)):
        game.move(o, Zone.LIBRARY)
    voice = game.create_card("Tormenting Voice", 0)
    assert not can_cast(game, voice)                      # its own card doesn't count
    extra = game.create_card("Shock", 0)
    game.cast(voice, discard=extra)
    assert extra in game.graveyard(0)
    resolve(game)
    assert len(game.hand(0)) == 2


def test_601_2f_additional_cost_scripts_are_checked():
    with pytest.raises(CardScriptError, match="Bad Rites: additional cost"):
        Card("Bad Rites", "{B}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 2), additional_cost="Sacrifice ~"),))
    with pytest.raises(CardScriptError, match="can't sacrifice or tap 'dragon'"):
        Card("Bad Rites", "{B}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 2), additional_cost="sacrifice a dragon"),))


# --- 702.33: kicker ------------------------------------------------------------------------------

def test_702_33_burst_lightning_kicked_deals_4_unkicked_2(new_game):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 6)
    first, second = game.create_card("Burst Lightning", 0), game.create_card("Burst Lightning", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, first))
    assert game.decision.slot == CC_KICK and [a.a for a in game.legal_actions()] == [0, 1]
    game.apply(Action.make(ActionKind.KICK, 1))
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    resolve(game)
    assert game.life(1) == 16
    # one Mountain is left: the kicker can't be paid, so it isn't asked for
    game.apply(Action.make(ActionKind.CAST, second))
    assert game.decision.kind == Decision.TARGET
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    resolve(game)
    assert game.life(1) == 14


# --- 702.34: flashback -------------------------------------------------------------------------

def test_702_34a_think_twice_is_cast_again_from_the_graveyard_then_exiled(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 5)
    twice = game.create_card("Think Twice", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(twice)
    resolve(game)
    assert twice in game.graveyard(0)
    assert Action.make(ActionKind.CAST, twice) in game.legal_actions()
    hand = len(game.hand(0))
    game.cast(twice)                                       # {2}{U} from the graveyard
    assert sum(game.obj(o)["tapped"] for o in game.battlefield(0)) == 5
    resolve(game)
    assert len(game.hand(0)) == hand + 1
    assert twice in game.zone(Zone.EXILE) and twice not in game.graveyard(0)
    assert Action.make(ActionKind.CAST, twice) not in game.legal_actions()


def test_702_34a_a_flashback_spell_countered_is_exiled_too(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 3)
    lands(game, 1, "Island", 2)
    twice = game.create_card("Think Twice", 0, Zone.GRAVEYARD)
    counter = game.create_card("Counterspell", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(twice)
    game.pass_priority()
    game.cast(counter, twice)
    resolve(game)
    assert twice in game.zone(Zone.EXILE) and counter in game.graveyard(1)


def test_702_34a_deep_analysis_flashback_costs_mana_and_3_life(new_game, can_cast):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 2)
    analysis = game.create_card("Deep Analysis", 0, Zone.GRAVEYARD)
    game.pass_to(Step.MAIN, 0)
    game.set_player(0, life=2)
    assert not can_cast(game, analysis)                    # 119.4
    game.set_player(0, life=20)
    game.cast(analysis, game.player_target(0))
    assert game.life(0) == 17
    resolve(game)
    assert analysis in game.zone(Zone.EXILE)


def test_702_34a_flashback_only_from_its_owners_graveyard_at_its_normal_timing(new_game, can_cast):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 4)
    analysis = game.create_card("Deep Analysis", 0, Zone.GRAVEYARD)   # a sorcery
    game.pass_to(Step.UPKEEP, 0)
    assert not can_cast(game, analysis)
    game.pass_to(Step.MAIN, 0)
    assert can_cast(game, analysis)


# --- 702.29: cycling -------------------------------------------------------------------------

def test_702_29a_cycling_discards_the_card_and_draws_one_at_instant_speed(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 1, "Island", 1)
    winder = game.create_card("Striped Riverwinder", 1)
    game.pass_to(Step.UPKEEP, 0)
    game.pass_priority()                                   # player 1, in player 0's upkeep
    cycle = Action.make(ActionKind.ACTIVATE, winder, 0)
    assert cycle in game.legal_actions()
    hand = len(game.hand(1))
    game.apply(cycle)
    assert winder in game.graveyard(1)                     # discarded as a cost
    resolve(game)
    assert len(game.hand(1)) == hand                       # -1 discarded, +1 drawn
    assert any("cycles Striped Riverwinder" in line for line in game.log)


def test_702_29a_a_permanent_with_cycling_cant_cycle_on_the_battlefield(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 2)
    winder = game.create_card("Striped Riverwinder", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.ACTIVATE, winder, 0))


def test_702_29_cycling_scripts_are_checked():
    with pytest.raises(CardScriptError, match="Bad Cycler: .*needs zone='hand'"):
        Card("Bad Cycler", "{U}", ("Instant",), abilities=(
            SpellAbility(Draw("you", 1)), ActivatedAbility("{U}, Discard this card", Draw("you", 1))))
    with pytest.raises(CardScriptError, match="can't be tapped or sacrificed"):
        Card("Bad Cycler", "{U}", ("Instant",), abilities=(
            SpellAbility(Draw("you", 1)), ActivatedAbility("{T}", Draw("you", 1), zone="hand")))
    assert Cycling("{2}").zone == "hand"


def test_111_10a_treasure_mana_ability_script_is_checked():
    with pytest.raises(CardScriptError, match="mana ability cost"):
        Card("Bad Stone", "{1}", ("Artifact",),
             abilities=(ManaAbility("C", cost="{T}, Sacrifice a creature"),))
