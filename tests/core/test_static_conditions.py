"""Conditional static abilities (611.3a: "as long as ...", "during your turn") in the layer
system (613), lords, and the cards of ``mtg_core.library.conditional_statics``: each card's
text working in a game, the condition read afresh as it changes (state-based actions
follow it, 704.3), and malformed conditions refused at definition."""
from __future__ import annotations

import pytest

from mtg_core import Game, Step, Zone
from mtg_core.decks import Deck
from mtg_core.cards import (AddKeywords, AddTypes, AsLongAs, Card, CardDB, CardScriptError,
                            CharacteristicPT, ModifyPT, StaticAbility)
from mtg_core.cards.vocabulary import KEYWORD_BITS
from mtg_core.enums import Decision


@pytest.fixture
def game(new_game):
    g = new_game("60 Forest", "60 Forest")
    g.pass_to(Step.MAIN, 0)
    return g


def put(game, name: str, player: int = 0) -> int:
    return game.create_card(name, player, Zone.BATTLEFIELD)


def kw(game, o) -> set[str]:
    mask = int(game.keywords(o))
    return {k for k, bit in KEYWORD_BITS.items() if mask & bit}


def attack(game, *attackers: int, blocks: dict | None = None) -> None:
    """The active player attacks the other player with ``attackers``; blocks as given."""
    for a in attackers:
        game.set_object(a, sick=0)
    game.pass_until(lambda g: g.decision is not None and g.decision.kind == Decision.DECLARE_ATTACKERS)
    defender = 1 - game.active_player
    game.declare_attackers({a: game.player_target(defender) for a in attackers})
    game.pass_until(lambda g: g.step >= Step.DECLARE_BLOCKERS)
    if game.decision is not None and game.decision.kind == Decision.DECLARE_BLOCKERS:
        game.declare_blockers(blocks or {})


def to_end_of_combat(game) -> None:
    game.pass_until(lambda g: g.step == Step.END_COMBAT)


# --- 611.3a: "as long as it's your turn" -------------------------------------------------------

def test_611_3a_blood_burglar_has_lifelink_during_its_controllers_turn_only(game):
    burglar = put(game, "Blood Burglar")
    assert "lifelink" in kw(game, burglar)
    attack(game, burglar)
    to_end_of_combat(game)
    assert game.life(1) == 18 and game.life(0) == 22          # 702.15b: lifelink
    game.pass_to(Step.MAIN, 1)
    assert "lifelink" not in kw(game, burglar)               # not its controller's turn
    game.pass_to(Step.MAIN, 0)
    assert "lifelink" in kw(game, burglar)


# --- "as long as you control a <type>": the condition follows the board -------------------------

def test_611_3a_wild_nacatl_counts_mountains_and_plains_you_control(game):
    cat = put(game, "Wild Nacatl")
    assert game.power_toughness(cat) == (1, 1)
    put(game, "Mountain", 1)                                  # an opponent's: not "you control"
    assert game.power_toughness(cat) == (1, 1)
    mountain = put(game, "Mountain")
    assert game.power_toughness(cat) == (2, 2)
    put(game, "Plains")
    assert game.power_toughness(cat) == (3, 3)
    game.move(mountain, Zone.GRAVEYARD)
    assert game.power_toughness(cat) == (2, 2)


def test_611_3a_kird_ape_dies_when_its_forest_leaves_with_damage_marked(new_game):
    game = new_game("60 Mountain", "60 Mountain")
    game.pass_to(Step.MAIN, 0)
    ape = put(game, "Kird Ape")
    forest = put(game, "Forest")
    assert game.power_toughness(ape) == (2, 3)
    game.set_object(ape, damage=2)
    game.check_state_based_actions()
    assert ape in game.battlefield(0)
    game.move(forest, Zone.GRAVEYARD)
    game.check_state_based_actions()                          # 704.5g: 2 damage, toughness 1
    assert ape in game.graveyard(0)


def test_611_3a_metalcraft_counts_three_artifacts_you_control(game):
    forger, recruit, sunchaser = (put(game, n) for n in
                                  ("Carapace Forger", "Ardent Recruit", "Auriok Sunchaser"))
    artifacts = [put(game, "Bonesplitter") for _ in range(2)]
    assert game.power_toughness(forger) == (2, 2) and "flying" not in kw(game, sunchaser)
    put(game, "Phyrexian Walker" if "Phyrexian Walker" in game.cards else "Bonesplitter", 1)
    assert game.power_toughness(forger) == (2, 2)             # an opponent's artifact
    artifacts.append(put(game, "Bonesplitter"))
    assert game.power_toughness(forger) == (4, 4)
    assert game.power_toughness(recruit) == (3, 3)
    assert game.power_toughness(sunchaser) == (3, 3) and "flying" in kw(game, sunchaser)
    game.move(artifacts[0], Zone.GRAVEYARD)
    assert game.power_toughness(recruit) == (1, 1) and "flying" not in kw(game, sunchaser)


def test_613_1d_a_land_made_a_mountain_in_layer_4_counts_for_wild_nacatl(cards):
    """The condition reads subtypes after layer 4: a Forest that is also a Mountain counts."""
    maker = Card("Test Mountain Maker", "", ("Enchantment",),
                 abilities=(StaticAbility("lands", AddTypes(subtypes=("Mountain",))),))
    db = CardDB([*cards.cards, maker])
    game = Game([Deck.parse("60 Forest")] * 2, seed=1, cards=db, starting_player=0,
                mulligans=False)
    game.pass_to(Step.MAIN, 0)
    cat = put(game, "Wild Nacatl")
    put(game, "Forest")
    assert game.power_toughness(cat) == (1, 1)
    put(game, "Test Mountain Maker")
    assert game.power_toughness(cat) == (2, 2)


# --- life totals: the condition changes without an event that marks SBAs (704.3) --------------

def test_704_3_ruthless_cullblade_dies_when_the_opponent_gains_life_above_10(game):
    blade = put(game, "Ruthless Cullblade")
    assert game.power_toughness(blade) == (2, 1)
    game.set_player(1, life=10)
    assert game.power_toughness(blade) == (4, 2)
    game.set_object(blade, minus1=1)                          # a -1/-1 counter: 3/1
    game.check_state_based_actions()
    assert blade in game.battlefield(0)
    # the opponent casts Revitalize: 13 life, so Cullblade is 1/0 (704.5f)
    for _ in range(2):
        put(game, "Plains", 1)
    spell = game.create_card("Revitalize", 1)
    game.pass_priority()                                      # P0 passes; P1 may act
    game.cast(spell)
    game.pass_priority()
    game.pass_priority()
    assert game.life(1) == 13
    assert blade in game.graveyard(0)


def test_611_3a_guul_draz_vampire_gets_intimidate_at_10_life(game):
    vamp = put(game, "Guul Draz Vampire")
    assert game.power_toughness(vamp) == (1, 1) and "intimidate" not in kw(game, vamp)
    game.set_player(1, life=11)
    assert game.power_toughness(vamp) == (1, 1)
    game.set_player(1, life=10)
    assert game.power_toughness(vamp) == (3, 2) and "intimidate" in kw(game, vamp)


# --- threshold -------------------------------------------------------------------------------

@pytest.mark.parametrize("name,base,bonus", [("Nimble Mongoose", (1, 1), (2, 2)),
                                             ("Krosan Beast", (1, 1), (7, 7)),
                                             ("Werebear", (1, 1), (3, 3))])
def test_611_3a_threshold_seven_cards_in_your_graveyard(game, name, base, bonus):
    o = put(game, name)
    for _ in range(6):
        game.create_card("Forest", 0, Zone.GRAVEYARD)
    game.create_card("Forest", 1, Zone.GRAVEYARD)             # another player's graveyard
    assert game.power_toughness(o) == base
    game.create_card("Forest", 0, Zone.GRAVEYARD)
    assert game.power_toughness(o) == (base[0] + bonus[0], base[1] + bonus[1])


def test_702_18_nimble_mongoose_has_shroud_and_werebear_taps_for_green(game):
    mongoose, bear = put(game, "Nimble Mongoose"), put(game, "Werebear")
    assert "shroud" in kw(game, mongoose)
    game.set_object(bear, sick=0)
    game.tap_for_mana(bear, "G")
    assert game.mana_pool(0)["G"] == 1


# --- "as long as ~ is attacking" / "is equipped" ----------------------------------------------

def test_506_4_kitesail_corsair_flies_only_while_attacking(game):
    corsair = put(game, "Kitesail Corsair")
    wall = put(game, "Grizzly Bears", 1)
    assert "flying" not in kw(game, corsair)
    attack(game, corsair)                                     # Bears can't block a flier
    assert "flying" in kw(game, corsair)
    assert game.obj(wall)["combat"] == 0
    to_end_of_combat(game)
    assert game.life(1) == 18
    game.pass_to(Step.END, 0)                                 # 511.3: removed from combat
    assert "flying" not in kw(game, corsair)


def test_506_4_kitesail_corsair_can_be_blocked_by_a_flier_only(game):
    corsair = put(game, "Kitesail Corsair")
    bears = put(game, "Grizzly Bears", 1)
    for o in (corsair,):
        game.set_object(o, sick=0)
    game.pass_until(lambda g: g.decision is not None and g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({corsair: game.player_target(1)})
    game.pass_until(lambda g: g.decision is not None and g.decision.kind == Decision.DECLARE_BLOCKERS)
    with pytest.raises(Exception):
        game.declare_blockers({bears: corsair})               # 702.9b: flying


@pytest.mark.parametrize("name,unequipped,equipped,keywords", [
    ("Skyhunter Cub", (2, 2), (5, 3), {"flying"}),            # Bonesplitter +2/+0, Cub +1/+1
    ("Sunspear Shikari", (2, 2), (4, 2), {"first strike", "lifelink"}),
    ("Kor Duelist", (1, 1), (3, 1), {"double strike"})])
def test_301_5_as_long_as_equipped(game, name, unequipped, equipped, keywords):
    o = put(game, name)
    splitter = put(game, "Bonesplitter")
    assert game.power_toughness(o) == unequipped and not keywords & kw(game, o)
    game.set_object(splitter, attached_to=o)
    assert game.power_toughness(o) == equipped and keywords <= kw(game, o)
    game.set_object(splitter, attached_to=-1)
    assert game.power_toughness(o) == unequipped and not keywords & kw(game, o)


def test_702_4_kor_duelist_equipped_deals_double_strike_damage(game):
    duelist, splitter = put(game, "Kor Duelist"), put(game, "Bonesplitter")
    game.set_object(splitter, attached_to=duelist)
    attack(game, duelist)
    to_end_of_combat(game)
    assert game.life(1) == 20 - 2 * 3


# --- lords ---------------------------------------------------------------------------------------

def test_613_1f_blade_splicer_makes_a_golem_with_first_strike(game):
    for _ in range(3):
        put(game, "Plains")
    splicer = game.create_card("Blade Splicer", 0)
    game.cast(splicer)
    game.pass_priority()
    game.pass_priority()                                      # the spell resolves
    game.pass_priority()
    game.pass_priority()                                      # the enters trigger resolves
    golems = [o for o in game.battlefield(0) if game.card_of(o).name == "Phyrexian Golem"]
    assert len(golems) == 1
    golem = golems[0]
    assert game.power_toughness(golem) == (3, 3)
    assert game.characteristics(golem)["colors"] == ""
    assert "first strike" in kw(game, golem) and "first strike" not in kw(game, splicer)
    their_golem = put(game, "Colossus of Sardia", 1)          # an opponent's Golem
    assert "first strike" not in kw(game, their_golem)
    game.move(splicer, Zone.GRAVEYARD)
    assert "first strike" not in kw(game, golem)


def test_613_1_soldier_kithkin_sliver_and_green_lords(game):
    smith, soldier = put(game, "Veteran Swordsmith"), put(game, "Ardent Recruit")
    assert game.power_toughness(smith) == (3, 2) and game.power_toughness(soldier) == (2, 1)
    cenn, kithkin_elsewhere = put(game, "Wizened Cenn"), put(game, "Wizened Cenn", 1)
    assert game.power_toughness(cenn) == (2, 2)                # "other"
    muscle, sinew, winged = put(game, "Muscle Sliver"), put(game, "Sinew Sliver"), \
        put(game, "Winged Sliver", 1)
    for s in (muscle, sinew, winged):                          # "all Sliver creatures"
        assert game.power_toughness(s) == (3, 3) and "flying" in kw(game, s)
    wurm, bears, their_bears = put(game, "Bellowing Tanglewurm"), put(game, "Grizzly Bears"), \
        put(game, "Grizzly Bears", 1)
    assert "intimidate" in kw(game, bears) and "intimidate" not in kw(game, their_bears)
    assert "intimidate" not in kw(game, smith)                 # white
    assert game.power_toughness(kithkin_elsewhere) == (2, 2)


# --- definitions: malformed conditions fail with the card's name ------------------------------

@pytest.mark.parametrize("ability,message", [
    (StaticAbility("self", ModifyPT(1, 1), condition=AsLongAs("the moon is full")), "unknown condition"),
    (StaticAbility("self", ModifyPT(1, 1), condition=AsLongAs("it's your turn", 2)), "takes no number"),
    (StaticAbility("self", ModifyPT(1, 1), condition=AsLongAs("it's your turn", types=("Land",))),
     "takes no filter"),
    (StaticAbility("self", CharacteristicPT("your life total"), condition=AsLongAs("it's your turn")),
     "604.3a"),
    (StaticAbility("self", AddTypes(("Artifact",)), condition=AsLongAs("you control", types=("Artifact",))),
     "layer 6"),
    (StaticAbility("self", ModifyPT(1, 1), condition="as long as it's your turn"), "not an AsLongAs"),
])
def test_611_3a_bad_conditions_are_refused_naming_the_card(ability, message):
    with pytest.raises(CardScriptError, match=message) as err:
        Card("Test Conditional", "{1}", ("Creature",), power=1, toughness=1, abilities=(ability,))
    assert "Test Conditional" in str(err.value)


def test_611_3a_condition_columns_are_checked_on_load(game):
    """The core trusts the condition columns it reads: a table with an unknown condition
    is refused when the tables are built (api/tables.pxi _check_condition)."""
    import numpy as np
    from mtg_core import _engine
    from mtg_core.cards.vocabulary import _C
    t = game.cards.tables
    abil = np.array(t.abilities, copy=True)
    rows = np.flatnonzero(abil[:, _C["AF_LY_COND"]])
    assert rows.size
    abil[rows[0], _C["AF_LY_COND"]] = 99
    with pytest.raises(Exception, match="condition"):
        _engine.CardTables(np.array(t.cards), abil, np.array(t.program))


def test_611_3a_conditional_statics_in_random_games_with_debug_checks(debug_engine):
    """Debug builds cross-check the skipped SBA checks (704.3) and the layer summaries at
    every read: random games with these cards run through them."""
    code = """
from mtg_core import Game
from mtg_core.decks import Deck
deck = Deck.parse('''12 Forest
6 Mountain
6 Plains
4 Wild Nacatl
4 Kird Ape
4 Blood Burglar
4 Ruthless Cullblade
4 Guul Draz Vampire
4 Kitesail Corsair
4 Muscle Sliver
4 Blade Splicer
4 Bonesplitter''')
for seed in range(6):
    g = Game([deck, deck], seed=seed)
    g.play_random(seed)
print("ok")
"""
    proc = debug_engine.run(code, 600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "ok" in proc.stdout
