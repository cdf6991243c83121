"""State-based actions (704, with 104.4a, 301.5c, 301.6, 303.4c-d), and attaching
(303.4f-j, 301.5b, 701.3).

704.3: whenever a player would receive priority the game checks them, performs all that
apply at once, and repeats until none apply.  Scenarios are set up with
``Game.set_object`` / ``Game.set_player`` and then checked either explicitly
(``Game.check_state_based_actions``) or by letting a player receive priority.
"""
import pytest

from mtg_core import Action, ActionKind, Card, Decision, Game, IllegalActionError, Result, Step, Zone
from mtg_core.cards import ActivatedAbility, Attach, Damage, SpellAbility, TriggeredAbility, GainLife
from mtg_core.enums import TGT_PLAYER

SEED = 9  # new_game (tests/conftest.py) seeds this file's games with it
# Test Walker (loyalty 3) is one of the shared test cards (tests/conftest.py).
TEST_CARDS = [
    Card("Other Walker", "{2}{W}", ("Planeswalker",), loyalty=2),
    # An instant whose damage comes from a source with deathtouch (120.3, 704.5h).
    Card("Venom Dart", "{B}", ("Instant",), keywords=("deathtouch",),
         abilities=(SpellAbility(Damage("target", 1), targets=("creature",)),)),
    # Deathtouch and wither: the damage becomes -1/-1 counters (120.3d), and it is still
    # damage dealt by a deathtouch source (704.5h).
    Card("Withering Dart", "{B}", ("Instant",), keywords=("deathtouch", "wither"),
         abilities=(SpellAbility(Damage("target", 1), targets=("creature",)),)),
    Card("Wither Dart", "{B}", ("Instant",), keywords=("wither",),
         abilities=(SpellAbility(Damage("target", 1), targets=("creature",)),)),
    Card("Stone Golem", "{4}", ("Artifact", "Creature"), ("Golem",), power=2, toughness=4,
         keywords=("indestructible",)),
    # A Fortification (301.6) with no ability of its own: it is attached by the tests.
    Card("Test Rampart", "{2}", ("Artifact",), ("Fortification",)),
    # Several state-based actions at once on one permanent (704.3).
    Card("Steel Walker", "{4}", ("Creature", "Planeswalker"), power=2, toughness=2,
         loyalty=3, keywords=("indestructible",)),
    Card("Test Legend", "{2}", ("Creature",), supertypes=("Legendary",), power=2, toughness=2),
    Card("Test Legend A", "{1}", ("Artifact",), supertypes=("Legendary",)),
    Card("Test Legend B", "{1}", ("Artifact",), supertypes=("Legendary",)),
    # Enchant abilities with "you control" / "an opponent controls" parts (303.4c).
    Card("Guardian Charm", "{W}", ("Enchantment",), ("Aura",), enchant="creature you control",
         attached_bonus=(1, 1)),
    Card("Traitor's Mark", "{B}", ("Enchantment",), ("Aura",),
         enchant="creature an opponent controls", attached_bonus=(-1, 0)),
    Card("Test Curse", "{B}", ("Enchantment",), ("Aura", "Curse"), enchant="player"),
    Card("Curse of the Rival", "{B}", ("Enchantment",), ("Aura", "Curse"), enchant="opponent",
         abilities=(ActivatedAbility("{0}", Attach("target"), targets=("player",)),)),
    # Things that attach themselves with an ability (701.3): an Aura and a Fortification
    # whose ability may be aimed at something they can't be attached to.
    Card("Roving Blessing", "{W}", ("Enchantment",), ("Aura",), enchant="creature",
         attached_bonus=(1, 1),
         abilities=(ActivatedAbility("{0}", Attach("target"), targets=("permanent",)),)),
    Card("Roving Rampart", "{2}", ("Artifact",), ("Fortification",),
         abilities=(ActivatedAbility("{0}", Attach("target"), targets=("permanent",)),)),
    # 303.4d: an Aura that is also a creature can't enchant anything.
    Card("Aura Beast", "{G}", ("Enchantment", "Creature"), ("Aura",), enchant="creature",
         power=1, toughness=1,
         abilities=(TriggeredAbility("enters", GainLife("you", 5)),)),
    # 704.5k.
    Card("Test World", "{2}", ("Enchantment",), supertypes=("World",)),
]

# --- helpers ---------------------------------------------------------------------------------


def on_bf(game, o):
    return o in game.battlefield()


# --- 704.5a-c: players -----------------------------------------------------------------------

@pytest.mark.parametrize("life", [0, -3])
def test_704_5a_player_with_0_or_less_life_loses(new_game, life):
    game = new_game()
    game.set_player(1, life=life)
    game.check_state_based_actions()
    assert game.is_over
    assert game.result.kind == Result.WIN and game.result.winner == 0
    assert not game.in_game(1) and game.decision is None
    assert any("704.5a" in line for line in game.log)


def test_704_5a_player_at_1_life_does_not_lose(new_game):
    game = new_game()
    game.set_player(1, life=1)
    game.check_state_based_actions()
    assert not game.is_over and game.in_game(1)


def test_704_5a_is_checked_when_a_player_would_receive_priority(new_game):
    """117.5: no explicit check; passing priority is enough."""
    game = new_game()
    game.set_player(0, life=0)
    assert not game.is_over                      # not yet checked
    game.pass_priority()
    assert game.is_over and game.result.winner == 1


def test_704_5a_lightning_bolt_to_a_player_at_3_life_ends_the_game(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain")
    bolt = game.create_card("Lightning Bolt", 0)
    game.set_player(1, life=3)
    game.cast(bolt, TGT_PLAYER + 1)
    pass_both(game)
    assert game.life(1) == 0
    assert game.is_over and game.result.kind == Result.WIN and game.result.winner == 0


def test_704_5b_player_who_drew_from_an_empty_library_loses(new_game, lands, pass_both):
    game = new_game("8 Island")                      # 7 in hand, 1 in the library
    lands(game, 0, "Island", "Island", "Island")
    div = game.create_card("Divination", 0)
    game.pass_to(Step.MAIN, 0)
    assert len(game.library(0)) == 1
    game.cast(div)
    pass_both(game)                                  # draws 2 from a 1-card library
    assert game.is_over and game.result.winner == 1
    assert any("704.5b" in line for line in game.log)


def test_704_5b_drawing_the_last_card_is_not_a_loss(new_game, lands, pass_both):
    game = new_game("9 Island")                      # 7 in hand, 2 in the library
    lands(game, 0, "Island", "Island", "Island")
    div = game.create_card("Divination", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(div)
    pass_both(game)
    assert not game.is_over and game.library(0) == []


@pytest.mark.parametrize("poison,loses", [(9, False), (10, True), (12, True)])
def test_704_5c_player_with_ten_or_more_poison_counters_loses(new_game, poison, loses):
    game = new_game()
    game.set_player(0, poison=poison)
    game.check_state_based_actions()
    assert game.is_over is loses
    if loses:
        assert game.result.winner == 1
        assert any("704.5c" in line for line in game.log)


def test_104_4a_both_players_at_0_life_at_once_is_a_draw(new_game):
    """704.3: both losses happen simultaneously, so nobody wins."""
    game = new_game()
    game.set_player(0, life=0)
    game.set_player(1, life=-2)
    game.check_state_based_actions()
    assert game.is_over
    assert game.result.kind == Result.DRAW and game.result.winner is None


def test_104_4a_one_at_0_life_and_other_with_10_poison_is_a_draw(new_game):
    game = new_game()
    game.set_player(0, life=0)
    game.set_player(1, poison=10)
    game.check_state_based_actions()
    assert game.result.kind == Result.DRAW


# --- 704.5f: toughness 0 or less ---------------------------------------------------------------

def test_704_5f_creature_with_toughness_0_goes_to_graveyard(new_game):
    game = new_game()
    lions = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    game.set_object(lions, minus1=1)
    assert game.power_toughness(lions) == (1, 0)
    game.check_state_based_actions()
    assert lions in game.graveyard(1) and not on_bf(game, lions)
    assert any("704.5f" in line for line in game.log)


def test_704_5f_indestructible_creature_with_toughness_0_still_goes_to_graveyard(new_game):
    game = new_game()
    myr = game.create_card("Darksteel Myr", 0, Zone.BATTLEFIELD)
    game.set_object(myr, minus1=1)
    game.check_state_based_actions()
    assert myr in game.graveyard(0)


def test_704_5f_ornithopter_toughness_2_survives_one_counter(new_game):
    game = new_game()
    thopter = game.create_card("Ornithopter", 0, Zone.BATTLEFIELD)
    game.set_object(thopter, minus1=1)
    game.check_state_based_actions()
    assert on_bf(game, thopter) and game.power_toughness(thopter) == (-1, 1)


# --- 704.5g: lethal damage -------------------------------------------------------------------

@pytest.mark.parametrize("damage,dies", [(1, False), (2, True), (5, True)])
def test_704_5g_creature_with_lethal_damage_is_destroyed(new_game, damage, dies):
    game = new_game()
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.set_object(bears, damage=damage)
    game.check_state_based_actions()
    assert (bears in game.graveyard(1)) is dies
    assert on_bf(game, bears) is not dies


def test_704_5g_indestructible_creature_with_lethal_damage_survives(new_game):
    game = new_game()
    myr = game.create_card("Darksteel Myr", 0, Zone.BATTLEFIELD)
    golem = game.create_card("Stone Golem", 0, Zone.BATTLEFIELD)
    game.set_object(myr, damage=3)
    game.set_object(golem, damage=10)
    game.check_state_based_actions()
    assert on_bf(game, myr) and on_bf(game, golem)


def test_704_5g_lethal_damage_counts_toughness_after_effects(new_game, lands, pass_both):
    """Giant Growth then Bolt on Bears: 3 damage on a 5/5 is not lethal; at cleanup the
    damage and the effect end together (514.2) so it survives."""
    game = new_game()
    lands(game, 0, "Forest", "Mountain")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    growth = game.create_card("Giant Growth", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(growth, bears)
    pass_both(game)
    game.cast(bolt, bears)
    pass_both(game)
    assert on_bf(game, bears) and game.obj(bears)["damage"] == 3
    game.pass_until(lambda g: g.turn == 2)
    assert on_bf(game, bears) and game.power_toughness(bears) == (2, 2)
    assert game.obj(bears)["damage"] == 0


# --- 704.5h: deathtouch ----------------------------------------------------------------------

def test_704_5h_any_damage_from_a_deathtouch_source_destroys(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Swamp")
    baloth = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    dart = game.create_card("Venom Dart", 0)
    game.cast(dart, baloth)
    pass_both(game)
    assert baloth in game.graveyard(1)
    assert any("704.5h" in line for line in game.log)


def test_704_5h_set_up_deathtouch_damage_destroys(new_game):
    game = new_game()
    baloth = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    game.set_object(baloth, damage=1, deathtouch_hit=1)
    game.check_state_based_actions()
    assert baloth in game.graveyard(1)


def test_704_5h_indestructible_creature_survives_deathtouch_damage(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Swamp")
    golem = game.create_card("Stone Golem", 1, Zone.BATTLEFIELD)
    dart = game.create_card("Venom Dart", 0)
    game.cast(dart, golem)
    pass_both(game)
    assert on_bf(game, golem) and game.obj(golem)["damage"] == 1


def test_704_5h_damage_without_deathtouch_is_not_enough(new_game):
    game = new_game()
    baloth = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    game.set_object(baloth, damage=1)
    game.check_state_based_actions()
    assert on_bf(game, baloth)


def test_704_5h_deathtouch_damage_dealt_as_wither_counters_still_destroys(
        new_game, lands, pass_both):
    """Regression: 704.5h used to be checked only for marked damage, so deathtouch damage
    turned into -1/-1 counters by wither (120.3d) didn't destroy."""
    game = new_game()
    lands(game, 0, "Swamp")
    baloth = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    dart = game.create_card("Withering Dart", 0)
    game.cast(dart, baloth)
    pass_both(game)
    assert baloth in game.graveyard(1)


def test_120_3d_wither_damage_becomes_minus_counters_not_marked_damage(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Swamp")
    baloth = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    dart = game.create_card("Wither Dart", 0)
    game.cast(dart, baloth)
    pass_both(game)
    assert on_bf(game, baloth)
    assert game.obj(baloth)["minus1"] == 1 and game.obj(baloth)["damage"] == 0
    assert game.power_toughness(baloth) == (3, 4)


# --- 704.5i: planeswalkers with 0 loyalty ---------------------------------------------------

def test_704_5i_planeswalker_with_0_loyalty_goes_to_graveyard(new_game):
    game = new_game()
    walker = game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    assert game.obj(walker)["loyalty"] == 3                          # 306.5b
    game.set_object(walker, loyalty=0)
    game.check_state_based_actions()
    assert walker in game.graveyard(1)
    assert any("704.5i" in line for line in game.log)


def test_704_5i_damage_removes_loyalty_and_an_empty_walker_dies(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    walker = game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    other = game.create_card("Other Walker", 1, Zone.BATTLEFIELD)
    shock = game.create_card("Shock", 0)
    spike = game.create_card("Lava Spike", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(shock, walker)
    pass_both(game)
    assert on_bf(game, walker) and game.obj(walker)["loyalty"] == 1  # 120.3c
    game.cast(spike, other)
    pass_both(game)
    assert other in game.graveyard(1)


# --- 704.5j: the legend rule ------------------------------------------------------------------

def test_704_5j_two_legends_with_the_same_name_one_controller_must_choose(new_game):
    game = new_game()
    a = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    b = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == -1                   # a choice is pending
    d = game.decision
    assert d.kind == Decision.LEGEND_RULE and d.player == 0
    assert set(game.legal_actions()) == {Action.make(ActionKind.LEGEND_KEEP, a),
                                         Action.make(ActionKind.LEGEND_KEEP, b)}
    game.apply(Action.make(ActionKind.LEGEND_KEEP, b))
    assert on_bf(game, b) and a in game.graveyard(0)
    assert game.decision.kind == Decision.PRIORITY
    assert any("704.5j" in line for line in game.log)


def test_704_5j_legend_rule_after_casting_the_second_copy(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Plains")
    old = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    new = game.create_card("Isamaru, Hound of Konda", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(new)
    pass_both(game)
    d = game.decision
    assert d.kind == Decision.LEGEND_RULE and d.player == 0
    game.apply(Action.make(ActionKind.LEGEND_KEEP, old))
    assert on_bf(game, old) and new in game.graveyard(0)
    assert game.priority_player == 0 and game.step == Step.MAIN      # 117.3b


def test_704_5j_three_copies_keep_one(new_game):
    game = new_game()
    dogs = [game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD) for _ in range(3)]
    game.check_state_based_actions()
    assert game.decision.kind == Decision.LEGEND_RULE and game.decision.player == 1
    assert len(game.legal_actions()) == 3
    game.apply(Action.make(ActionKind.LEGEND_KEEP, dogs[1]))
    assert [o for o in dogs if on_bf(game, o)] == [dogs[1]]
    assert set(game.graveyard(1)) >= {dogs[0], dogs[2]}


def test_101_4_704_5j_legend_rule_choices_are_made_in_apnap_order(new_game):
    game = new_game()
    theirs = [game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD) for _ in range(2)]
    mine = [game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD) for _ in range(2)]
    assert game.active_player == 0
    game.check_state_based_actions()
    assert game.decision.kind == Decision.LEGEND_RULE
    assert game.decision.player == 0                   # the active player chooses first
    game.apply(Action.make(ActionKind.LEGEND_KEEP, mine[0]))
    assert game.decision.player == 1
    game.apply(Action.make(ActionKind.LEGEND_KEEP, theirs[1]))
    assert on_bf(game, mine[0]) and on_bf(game, theirs[1])


def test_704_5j_both_players_choose_and_then_all_happen_at_once(new_game):
    game = new_game()
    theirs = [game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD) for _ in range(2)]
    mine = [game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD) for _ in range(2)]
    game.check_state_based_actions()
    chosen = {0: mine[1], 1: theirs[0]}
    for _ in range(2):
        d = game.decision
        assert d.kind == Decision.LEGEND_RULE
        # Nothing has been put away before every choice is made (704.3).
        assert all(on_bf(game, o) for o in mine + theirs)
        game.apply(Action.make(ActionKind.LEGEND_KEEP, chosen[d.player]))
    assert game.decision.kind == Decision.PRIORITY
    assert [o for o in mine + theirs if on_bf(game, o)] == [mine[1], theirs[0]]
    assert mine[0] in game.graveyard(0) and theirs[1] in game.graveyard(1)


def test_704_5j_same_legend_under_different_controllers_is_fine(new_game):
    game = new_game()
    a = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    b = game.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == 0
    assert game.decision.kind == Decision.PRIORITY
    assert on_bf(game, a) and on_bf(game, b)


def test_704_5j_does_not_apply_to_nonlegendary_permanents(new_game):
    game = new_game()
    a = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    b = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == 0
    assert on_bf(game, a) and on_bf(game, b)


def test_704_3_legend_rule_choice_comes_before_any_other_sba_is_performed(new_game):
    """All applicable SBAs are performed at once: with a choice pending, the dying creature
    is still there until the choice is made; afterwards both have happened."""
    game = new_game()
    a = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    b = game.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.set_object(bears, damage=2)
    game.check_state_based_actions()
    assert game.decision.kind == Decision.LEGEND_RULE
    assert on_bf(game, bears)
    game.apply(Action.make(ActionKind.LEGEND_KEEP, a))
    assert bears in game.graveyard(1) and b in game.graveyard(0) and on_bf(game, a)


# --- 704.5m / 303.4c-d: Auras ---------------------------------------------------------------

def _aura_on(game, creature_owner=0):
    bears = game.create_card("Grizzly Bears", creature_owner, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=bears)
    game.check_state_based_actions()
    assert on_bf(game, aura) and game.power_toughness(bears) == (3, 4)
    return bears, aura


def test_704_5m_aura_whose_creature_died_goes_to_graveyard(new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    bears, aura = _aura_on(game, creature_owner=1)
    murder = game.create_card("Murder", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(murder, bears)
    pass_both(game)
    assert bears in game.graveyard(1)
    assert aura in game.graveyard(0) and not on_bf(game, aura)       # owner's graveyard
    assert any("704.5m" in line for line in game.log)


def test_704_5m_aura_whose_creature_was_moved_to_hand_goes_to_graveyard(new_game):
    game = new_game()
    bears, aura = _aura_on(game)
    game.move(bears, Zone.HAND)
    game.check_state_based_actions()
    assert aura in game.graveyard(0)


def test_704_5m_aura_falls_off_a_creature_that_left_and_returned(new_game):
    """Regression: attachments were bare object ids, so the Aura stayed on (and pumped) the
    new object (400.7) that came back with the same id."""
    game = new_game()
    bears, aura = _aura_on(game)
    game.move(bears, Zone.GRAVEYARD)
    game.move(bears, Zone.BATTLEFIELD)
    game.check_state_based_actions()
    assert aura in game.graveyard(0)
    assert game.power_toughness(bears) == (2, 2)


def test_303_4c_aura_attached_to_an_illegal_object_goes_to_graveyard(new_game, lands):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=forest)                       # enchant creature
    game.check_state_based_actions()
    assert aura in game.graveyard(0) and on_bf(game, forest)


def test_303_4c_aura_attached_to_a_player_it_cant_enchant_goes_to_graveyard(new_game):
    game = new_game()
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=TGT_PLAYER + 1)
    game.check_state_based_actions()
    assert aura in game.graveyard(0)


def test_303_4d_aura_attached_to_itself_goes_to_graveyard(new_game):
    game = new_game()
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.set_object(aura, attached_to=aura)
    game.check_state_based_actions()
    assert aura in game.graveyard(0)


def test_704_5m_unattached_aura_goes_to_graveyard(new_game):
    game = new_game()
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD)
    game.check_state_based_actions()
    assert aura in game.graveyard(0)


# --- 704.5n / 301.5c: Equipment ------------------------------------------------------------

def test_704_5n_equipment_attached_to_a_noncreature_becomes_unattached_and_stays(new_game, lands):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.set_object(eq, attached_to=forest)
    game.check_state_based_actions()
    assert on_bf(game, eq) and game.obj(eq)["attached_to"] == -1
    assert any("704.5n" in line for line in game.log)


def test_704_5n_equipment_of_a_creature_that_died_stays_on_the_battlefield_unattached(new_game):
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.set_object(eq, attached_to=bears)
    assert game.power_toughness(bears) == (4, 2)
    game.set_object(bears, damage=2)
    game.check_state_based_actions()
    assert bears in game.graveyard(0)
    assert on_bf(game, eq) and game.obj(eq)["attached_to"] == -1


def test_301_5c_equipment_attached_to_itself_or_to_a_player_becomes_unattached(new_game):
    game = new_game()
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    eq2 = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.set_object(eq, attached_to=eq)
    game.set_object(eq2, attached_to=TGT_PLAYER + 0)
    game.check_state_based_actions()
    assert on_bf(game, eq) and game.obj(eq)["attached_to"] == -1
    assert on_bf(game, eq2) and game.obj(eq2)["attached_to"] == -1


def test_301_6_704_5n_fortification_stays_on_a_land_and_falls_off_anything_else(new_game, lands):
    """301.6: a Fortification can be attached only to a land; attached to anything else it
    becomes unattached and stays on the battlefield (704.5n)."""
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    on_land = game.create_card("Test Rampart", 0, Zone.BATTLEFIELD)
    on_bears = game.create_card("Test Rampart", 0, Zone.BATTLEFIELD)
    game.set_object(on_land, attached_to=forest)
    game.set_object(on_bears, attached_to=bears)
    game.check_state_based_actions()
    assert game.obj(on_land)["attached_to"] == forest
    assert on_bf(game, on_bears) and game.obj(on_bears)["attached_to"] == -1


def test_704_5n_equipment_of_a_creature_that_left_and_returned_becomes_unattached(new_game):
    """400.7: the creature that came back is a new object; the Equipment isn't attached to it."""
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.set_object(eq, attached_to=bears)
    game.move(bears, Zone.HAND)
    game.move(bears, Zone.BATTLEFIELD)
    game.check_state_based_actions()
    assert on_bf(game, eq) and game.obj(eq)["attached_to"] == -1
    assert game.power_toughness(bears) == (2, 2)


def test_704_5n_equipment_on_a_legal_creature_stays_attached(new_game):
    game = new_game()
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)  # another player's: legal
    eq = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.set_object(eq, attached_to=bears)
    assert game.check_state_based_actions() == 0
    assert game.obj(eq)["attached_to"] == bears


# --- 704.5p: other attached permanents ------------------------------------------------------

def test_704_5p_creature_attached_to_something_becomes_unattached_and_stays(new_game, lands):
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.set_object(bears, attached_to=forest)
    game.check_state_based_actions()
    assert on_bf(game, bears) and game.obj(bears)["attached_to"] == -1


# --- 704.5q: +1/+1 and -1/-1 counters -------------------------------------------------------

@pytest.mark.parametrize("plus,minus,left", [(2, 1, (1, 0)), (1, 3, (0, 2)), (2, 2, (0, 0))])
def test_704_5q_plus_and_minus_counters_cancel(new_game, plus, minus, left):
    game = new_game()
    baloth = game.create_card("Leatherback Baloth", 0, Zone.BATTLEFIELD)
    game.set_object(baloth, plus1=plus, minus1=minus)
    game.check_state_based_actions()
    assert on_bf(game, baloth)
    assert (game.obj(baloth)["plus1"], game.obj(baloth)["minus1"]) == left
    assert game.power_toughness(baloth) == (4 + plus - minus, 5 + plus - minus)


def test_704_3_counters_cancelling_does_not_save_a_creature_with_toughness_0(new_game):
    """704.5f and 704.5q apply at the same time: the 0-toughness creature dies."""
    game = new_game()
    lions = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    game.set_object(lions, plus1=1, minus1=2)
    game.check_state_based_actions()
    assert lions in game.graveyard(0)


# --- 704.3: simultaneity and repetition --------------------------------------------------

def test_704_3_two_creatures_with_lethal_damage_die_in_the_same_check(new_game):
    game = new_game()
    a = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    b = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    c = game.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    game.set_object(a, damage=2)
    game.set_object(b, damage=1)
    game.set_object(c, damage=2)
    assert game.check_state_based_actions() == 2
    assert a in game.graveyard(0) and b in game.graveyard(1) and on_bf(game, c)


def test_704_3_aura_falls_off_after_its_creature_dies_in_the_same_check_loop(new_game):
    game = new_game()
    bears, aura = _aura_on(game)
    game.set_object(bears, damage=4)                   # lethal for a 3/4
    n = game.check_state_based_actions()
    assert bears in game.graveyard(0) and aura in game.graveyard(0)
    assert n == 2                                      # two actions, two passes
    assert game.decision.kind == Decision.PRIORITY


def test_704_3_losing_the_aura_bonus_is_rechecked_creature_dies(new_game):
    """A 3/4 Bears (Holy Strength) with 2 damage survives; once the Aura is gone
    (moved to the graveyard) it is a 2/2 with 2 damage and dies in the next check."""
    game = new_game()
    bears, aura = _aura_on(game)
    game.set_object(bears, damage=2)
    game.check_state_based_actions()
    assert on_bf(game, bears)
    game.move(aura, Zone.GRAVEYARD)
    game.check_state_based_actions()
    assert bears in game.graveyard(0)


def test_704_3_sbas_are_checked_before_a_player_gets_priority_after_resolution(
        new_game, lands, pass_both):
    game = new_game()
    lands(game, 0, "Mountain")
    giant = game.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.cast(bolt, giant)
    pass_both(game)
    assert giant in game.graveyard(1)
    assert game.decision.kind == Decision.PRIORITY and game.priority_player == 0


def test_704_5_tokens_cease_to_exist_in_the_graveyard(new_game):
    """704.5d: a token that died is not left in the graveyard."""
    game = new_game()
    token = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD, token=True)
    game.set_object(token, damage=2)
    game.check_state_based_actions()
    assert not on_bf(game, token) and token not in game.graveyard(0)


# --- 704.3: every action that applies to a permanent is performed -----------------------------

def test_704_3_704_5i_indestructible_creature_planeswalker_with_lethal_damage_and_no_loyalty(new_game):
    """Regression: the check stopped at the first action it found for a permanent.  Lethal
    damage (704.5g) can't destroy an indestructible permanent, and the 0 loyalty (704.5i)
    that applies at the same time was never acted on."""
    game = new_game()
    walker = game.create_card("Steel Walker", 0, Zone.BATTLEFIELD)
    game.set_object(walker, damage=2, loyalty=0)
    assert game.check_state_based_actions() == 1
    assert walker in game.graveyard(0)
    assert any("704.5i" in line for line in game.log)


def test_704_3_704_5q_indestructible_creature_with_lethal_damage_loses_its_counter_pairs(new_game):
    """704.5g does nothing to an indestructible creature; 704.5q still applies to it."""
    game = new_game()
    golem = game.create_card("Stone Golem", 0, Zone.BATTLEFIELD)       # 2/4, indestructible
    game.set_object(golem, plus1=1, minus1=2, damage=3)                 # 1/3 with 3 damage
    assert game.check_state_based_actions() == 1
    assert on_bf(game, golem)
    assert (game.obj(golem)["plus1"], game.obj(golem)["minus1"]) == (0, 1)
    assert game.power_toughness(golem) == (1, 3)


def test_704_3_a_permanent_put_away_by_two_rules_at_once_moves_once(new_game):
    """A legendary creature with toughness 0 (704.5f) that the legend rule also puts away
    (704.5j) goes to the graveyard once: one event, one new object (400.7)."""
    game = new_game()
    keep = game.create_card("Test Legend", 0, Zone.BATTLEFIELD)
    dying = game.create_card("Test Legend", 0, Zone.BATTLEFIELD)
    game.set_object(dying, minus1=2)
    assert game.check_state_based_actions() == -1
    incarnation = game.obj(dying)["incarnation"]
    game.apply(Action.make(ActionKind.LEGEND_KEEP, keep))
    assert dying in game.graveyard(0) and on_bf(game, keep)
    assert game.obj(dying)["incarnation"] == incarnation + 1
    name = game.object_name(dying)
    assert len([line for line in game.log if line.startswith(name) and "graveyard" in line]) == 1


def test_704_3_counters_are_not_removed_from_a_permanent_the_legend_rule_puts_away(new_game):
    """704.5q and 704.5j at once on one permanent: it simply goes to the graveyard."""
    game = new_game()
    keep = game.create_card("Test Legend", 0, Zone.BATTLEFIELD)
    other = game.create_card("Test Legend", 0, Zone.BATTLEFIELD)
    game.set_object(other, plus1=1, minus1=1)
    game.check_state_based_actions()
    game.log.clear()
    game.apply(Action.make(ActionKind.LEGEND_KEEP, keep))
    assert other in game.graveyard(0)
    assert [line for line in game.log if "704.5" in line] == \
        [f"{game.object_name(other)} is put into its owner's graveyard: the legend rule (704.5j)"]


# --- 704.5k: the world rule -----------------------------------------------------------------------

def test_704_5k_world_rule_keeps_only_the_newest_world_permanent(new_game):
    """Whoever controls them, of two world permanents the one that has had the world
    supertype for the shortest time stays; the other is put into its owner's graveyard."""
    game = new_game()
    first = game.create_card("Test World", 0, Zone.BATTLEFIELD)
    second = game.create_card("Test World", 1, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == 1
    assert first in game.graveyard(0) and on_bf(game, second)
    assert any("704.5k" in line for line in game.log)
    third = game.create_card("Test World", 0, Zone.BATTLEFIELD)
    fourth = game.create_card("Test World", 1, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == 2                       # at once (704.3)
    assert second in game.graveyard(1) and third in game.graveyard(0) and on_bf(game, fourth)


def test_704_5k_one_world_permanent_stays(new_game):
    game = new_game()
    world = game.create_card("Test World", 0, Zone.BATTLEFIELD)
    assert game.check_state_based_actions() == 0 and on_bf(game, world)


# --- 303.4c: enchant abilities with "you control" / "an opponent controls" -------------------------

def test_303_4c_enchant_creature_you_control_or_an_opponent_controls(new_game):
    """The enchant ability is read whole (702.5, 303.4c): an Aura of P0's with "enchant
    creature you control" on P1's creature, or with "enchant creature an opponent controls"
    on P0's own, is put into its owner's graveyard (704.5m); the legal ones stay."""
    game = new_game()
    mine = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    stays = []
    goes = []
    for aura, on, legal in (("Guardian Charm", mine, True), ("Guardian Charm", theirs, False),
                            ("Traitor's Mark", theirs, True), ("Traitor's Mark", mine, False)):
        o = game.create_card(aura, 0, Zone.BATTLEFIELD)
        game.set_object(o, attached_to=on)
        (stays if legal else goes).append(o)
    game.check_state_based_actions()
    assert all(on_bf(game, o) for o in stays)
    assert all(o in game.graveyard(0) for o in goes)
    assert game.power_toughness(mine) == (3, 3) and game.power_toughness(theirs) == (1, 2)


def test_303_4c_an_aura_falls_off_when_its_creature_changes_control(new_game):
    """"Enchant creature you control": once the creature is controlled by another player
    (set up here; card effects will do it once control can change) the Aura goes."""
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    charm = game.create_card("Guardian Charm", 0, Zone.BATTLEFIELD)
    game.set_object(charm, attached_to=bears)
    assert game.check_state_based_actions() == 0 and on_bf(game, charm)
    game.set_object(bears, controller=1)
    game.check_state_based_actions()
    assert charm in game.graveyard(0) and on_bf(game, bears)


def test_303_4c_enchant_opponent_curse_on_its_own_controller_goes(new_game):
    game = new_game()
    on_rival = game.create_card("Curse of the Rival", 0, Zone.BATTLEFIELD)
    on_self = game.create_card("Curse of the Rival", 0, Zone.BATTLEFIELD)
    game.set_object(on_rival, attached_to=TGT_PLAYER + 1)
    game.set_object(on_self, attached_to=TGT_PLAYER + 0)
    game.check_state_based_actions()
    assert on_bf(game, on_rival) and on_self in game.graveyard(0)


def test_303_4c_704_5m_a_curse_on_a_player_who_conceded_goes_to_the_graveyard(new_game):
    """Regression: a concession did not mark the state-based actions as due, so the check
    was skipped and an Aura enchanting the player who left the game (800.4a) stayed."""
    game = new_game(players=3)
    game.pass_to(Step.MAIN, 0)
    curse = game.create_card("Test Curse", 0, Zone.BATTLEFIELD)
    game.set_object(curse, attached_to=TGT_PLAYER + 2)
    assert game.check_state_based_actions() == 0 and on_bf(game, curse)
    game.concede(2)
    assert curse in game.graveyard(0)
    assert any("704.5m" in line for line in game.log)


# --- 701.3b: attaching to what can't be attached to -------------------------------------------------

def test_303_4j_an_aura_told_to_attach_to_what_it_cant_enchant_doesnt_move(new_game, lands, pass_both):
    """Regression: only Equipment was guarded, so the Aura moved onto the land and 704.5m
    then put it into the graveyard.  It stays on its creature."""
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    blessing = game.create_card("Roving Blessing", 0, Zone.BATTLEFIELD)
    game.set_object(blessing, attached_to=bears)
    game.activate(blessing, 0, forest)
    pass_both(game)
    assert on_bf(game, blessing) and game.obj(blessing)["attached_to"] == bears
    assert game.power_toughness(bears) == (3, 3)


def test_701_3_an_aura_moves_to_another_creature_it_can_enchant(new_game, pass_both):
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    lions = game.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    blessing = game.create_card("Roving Blessing", 0, Zone.BATTLEFIELD)
    game.set_object(blessing, attached_to=bears)
    stamp = game.obj(blessing)["timestamp"]
    game.activate(blessing, 0, lions)
    pass_both(game)
    assert game.obj(blessing)["attached_to"] == lions and game.obj(blessing)["timestamp"] > stamp
    assert game.power_toughness(lions) == (3, 2) and game.power_toughness(bears) == (2, 2)


def test_701_3b_attaching_to_what_it_is_already_attached_to_does_nothing(new_game, pass_both):
    """No new timestamp (701.3c applies to a different object only), no attach event."""
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    blessing = game.create_card("Roving Blessing", 0, Zone.BATTLEFIELD)
    game.set_object(blessing, attached_to=bears)
    stamp = game.obj(blessing)["timestamp"]
    game.log.clear()
    game.activate(blessing, 0, bears)
    pass_both(game)
    assert game.obj(blessing)["attached_to"] == bears and game.obj(blessing)["timestamp"] == stamp
    assert not any("becomes attached" in line for line in game.log)


def test_301_6_a_fortification_told_to_fortify_a_creature_stays_on_its_land(new_game, lands, pass_both):
    """Regression: the Fortification moved onto the creature and 704.5n then left it
    unattached.  301.6 (applying 301.5b): it doesn't move."""
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    rampart = game.create_card("Roving Rampart", 0, Zone.BATTLEFIELD)
    game.set_object(rampart, attached_to=forest)
    game.activate(rampart, 0, bears)
    pass_both(game)
    assert game.obj(rampart)["attached_to"] == forest


def test_701_3_a_curse_moves_from_one_opponent_to_another_but_not_to_its_controller(new_game):
    """An Aura can be attached to a player (303.4b): "enchant opponent" lets it move to
    another opponent, not to its own controller (303.4j)."""
    game = new_game(players=3)
    curse = game.create_card("Curse of the Rival", 0, Zone.BATTLEFIELD)
    game.set_object(curse, attached_to=TGT_PLAYER + 1)
    game.pass_to(Step.MAIN, 0)
    game.activate(curse, 0, TGT_PLAYER + 0)
    for _ in range(3):
        game.pass_priority()
    assert game.obj(curse)["attached_to"] == TGT_PLAYER + 1 and on_bf(game, curse)
    game.activate(curse, 0, TGT_PLAYER + 2)
    for _ in range(3):
        game.pass_priority()
    assert game.obj(curse)["attached_to"] == TGT_PLAYER + 2


# --- 303.4f-i: Auras put onto the battlefield without being cast ---------------------------------

def test_303_4f_an_aura_put_onto_the_battlefield_enters_attached(new_game):
    """Put onto the battlefield attached to a creature or a player (from anywhere), it is
    attached as it enters: no state-based action ever sees it unattached."""
    game = new_game()
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD, attached_to=bears)
    returned = game.create_card("Holy Strength", 0, Zone.GRAVEYARD)
    game.move(returned, Zone.BATTLEFIELD, attached_to=bears)
    curse = game.create_card("Test Curse", 0, Zone.BATTLEFIELD, attached_to=Game.player_target(1))
    assert game.check_state_based_actions() == 0
    assert game.obj(aura)["attached_to"] == bears and game.obj(returned)["attached_to"] == bears
    assert game.obj(curse)["attached_to"] == Game.player_target(1)
    assert game.power_toughness(bears) == (4, 6)


def test_303_4i_an_aura_put_onto_what_it_cant_enchant_stays_where_it_is(new_game, lands):
    """The Aura stays in its zone and nothing else changes (a new card is not created);
    the error names the rule."""
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    aura = game.create_card("Holy Strength", 0, Zone.GRAVEYARD)
    before = game.state.to_bytes()
    with pytest.raises(IllegalActionError) as err:
        game.move(aura, Zone.BATTLEFIELD, attached_to=forest)
    assert err.value.rule == "303.4i"
    with pytest.raises(IllegalActionError):
        game.create_card("Holy Strength", 0, Zone.BATTLEFIELD, attached_to=forest)
    with pytest.raises(IllegalActionError):        # "creature you control", under P0
        game.create_card("Guardian Charm", 0, Zone.BATTLEFIELD, attached_to=theirs)
    assert game.state.to_bytes() == before and aura in game.graveyard(0)
    charm = game.create_card("Guardian Charm", 0, Zone.BATTLEFIELD, controller=1, attached_to=theirs)
    assert game.obj(charm)["attached_to"] == theirs and game.obj(charm)["controller"] == 1


def test_303_4h_what_cant_be_attached_there_enters_unattached(new_game, lands):
    """Equipment put onto a land, or a permanent that is not an Aura, Equipment or
    Fortification put onto anything, enters the battlefield unattached."""
    game = new_game()
    (forest,) = lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    loose = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD, attached_to=forest)
    equipped = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD, attached_to=bears)
    lions = game.create_card("Savannah Lions", 0, Zone.BATTLEFIELD, attached_to=bears)
    rampart = game.create_card("Test Rampart", 0, Zone.BATTLEFIELD, attached_to=forest)
    assert [game.obj(o)["attached_to"] for o in (loose, equipped, lions, rampart)] == \
        [-1, bears, -1, forest]
    assert all(on_bf(game, o) for o in (loose, equipped, lions, rampart))
    assert game.power_toughness(bears) == (4, 2)


def test_303_4d_303_4g_an_aura_spell_that_cant_enchant_goes_to_the_graveyard_instead(
        new_game, lands, pass_both):
    """An Aura that is also a creature can't enchant anything (303.4d).  Its target is still
    a legal target, so it resolves, but it can't enter attached: it goes from the stack to
    its owner's graveyard instead of entering the battlefield (303.4g) -- so its enters
    ability never triggers."""
    game = new_game()
    lands(game, 0, "Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    beast = game.create_card("Aura Beast", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(beast, bears)
    pass_both(game)
    assert beast in game.graveyard(0)
    assert game.stack() == [] and game.life(0) == 20           # nothing triggered
    assert any("303.4g" in line for line in game.log)


def test_704_5j_two_legend_choices_with_more_put_away_than_one_pass_lists(new_game, cards):
    """704.3 / 704.5j: with one group chosen (600 of a name: more than one pass lists) and
    another still to choose, nothing is put away yet, and the state at the second choice
    is a valid one (it saves and loads); after it, one of each name is left."""
    game = new_game(spare_objects=700)
    game.pass_to(Step.MAIN, 0)
    a = [game.create_card("Test Legend A", 0, Zone.BATTLEFIELD) for _ in range(600)]
    b = [game.create_card("Test Legend B", 0, Zone.BATTLEFIELD) for _ in range(3)]
    game.check_state_based_actions()
    assert game.decision.kind == Decision.LEGEND_RULE
    game.apply(game.legal_actions()[0])
    assert game.decision.kind == Decision.LEGEND_RULE           # the other name's choice
    assert len(game.battlefield(0)) == 603                       # nothing put away yet
    Game.load(game.save(), cards=cards)                          # a state play can produce
    game.apply(game.legal_actions()[0])
    left = set(game.battlefield(0))
    assert len(left & set(a)) == 1 and len(left & set(b)) == 1
