"""Counted amounts (src/rules/amounts.pxi, mtg_core.cards.amounts): one count expression the core
evaluates, for effects as they resolve (608.2h: "for each", "where X is") and for the layer
system (613.4c: "~ gets +1/+1 for each ...", 604.3 / 613.4a: power and toughness equal to a
count).  Real cards imported from their Oracle text, played in games."""
from __future__ import annotations

import pytest

from mtg_core import Deck, Game, Step, Zone
from mtg_core.cards import (Card, CardDB, CharacteristicPTCount, CountOf, Draw, ForEach,
                            LoseLife, ModifyPTForEach, SameCount, SpellAbility, StaticAbility)
from mtg_core.errors import CardScriptError
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS

from oracle_helpers import AMOUNTS_ORACLE as ORACLE
from oracle_helpers import imported_oracle



def imported(name: str) -> Card:
    return imported_oracle(*ORACLE[name])


ELF = Card("Test Elf", "{G}", types=("Creature",), subtypes=("Elf",), power=1, toughness=1)
ZOMBIE = Card("Test Zombie", "{B}", types=("Creature",), subtypes=("Zombie",), power=2, toughness=2)
SQUIRREL = Card("Test Squirrel", "{G}", types=("Creature",), subtypes=("Squirrel",), power=1, toughness=1)


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB(list(ALL_CARDS) + [imported(n) for n in ORACLE] + [ELF, ZOMBIE, SQUIRREL])


def game_at_main(db, deck0="60 Forest", deck1="60 Swamp") -> Game:
    g = Game([Deck.parse(deck0), Deck.parse(deck1)], seed=3, cards=db, starting_player=0,
             mulligans=False)
    g.pass_to(Step.MAIN, 0)
    return g


def put(g: Game, name: str, n: int = 1, p: int = 0) -> list[int]:
    return [g.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def empty_hand(g: Game, p: int = 0) -> None:
    for o in g.hand(p):
        g.move(o, Zone.EXILE)


def resolve(g: Game) -> None:
    while g.stack() and not g.is_over and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def cast(g: Game, name: str, *targets: int, lands: tuple[str, int] = ("Forest", 0)) -> int:
    put(g, lands[0], lands[1])
    o = g.create_card(name, 0, Zone.HAND)
    g.cast(o, *targets)
    resolve(g)
    return o


# --- effects: "for each" and "where X is" (608.2h) ------------------------------------------------

def test_608_2h_draw_a_card_for_each_island_you_control(db):
    """Flow of Ideas: the Islands are counted as it resolves (6 of them: 6 cards)."""
    g = game_at_main(db)
    empty_hand(g)
    cast(g, "Flow of Ideas", lands=("Island", 6))
    assert len(g.hand(0)) == 6


def test_608_2h_create_a_token_for_each_elf_counts_elves_only(db):
    """Elvish Promenade: two Elves (and a Squirrel, not counted) make two Elf Warriors."""
    g = game_at_main(db)
    put(g, "Test Elf", 2)
    put(g, "Test Squirrel")
    before = len(g.battlefield(0))
    cast(g, "Elvish Promenade", lands=("Forest", 4))
    tokens = [o for o in g.battlefield(0) if g.card_of(o).name == "Elf Warrior"]
    assert len(tokens) == 2 and len(g.battlefield(0)) == before + 4 + 2


def test_608_2h_mill_x_where_x_is_the_number_of_lands_you_control(db):
    g = game_at_main(db)
    lib = len(g.library(1))
    cast(g, "Dreadwaters", Game.player_target(1), lands=("Island", 4))
    assert len(g.library(1)) == lib - 4 and len(g.graveyard(1)) == 4


def test_608_2h_x_damage_and_x_life_where_x_is_the_number_of_swamps(db):
    """Tendrils of Corruption: the same X for both effects (4 Swamps: 4 damage, 4 life)."""
    g = game_at_main(db, "60 Swamp")
    target = put(g, "Yew Spirit", p=1)[0]                     # a 3/3
    life = g.life(0)
    cast(g, "Tendrils of Corruption", target, lands=("Swamp", 4))
    assert g.life(0) == life + 4 and target in g.graveyard(1)


def test_608_2h_x_is_counted_once_for_every_effect_that_uses_it(db):
    """"Draw X cards and lose X life, where X is the number of cards in your hand": X is the
    count before the draw, for the life loss too (SameCount reuses the value)."""
    card = Card("Test Hand Count", "{B}", types=("Sorcery",), abilities=(SpellAbility(
        ForEach(CountOf("cards in your hand"), Draw("you")), SameCount(LoseLife("you", 1))),))
    g = game_at_main(CardDB(list(ALL_CARDS) + [card]))
    empty_hand(g)
    for _ in range(3):
        g.create_card("Swamp", 0, Zone.HAND)
    life = g.life(0)
    cast(g, "Test Hand Count", lands=("Swamp", 1))
    assert len(g.hand(0)) == 6 and g.life(0) == life - 3


def test_graveborn_muse_draws_and_loses_x_for_each_zombie_at_upkeep(db):
    g = game_at_main(db, "60 Swamp")
    put(g, "Graveborn Muse")
    put(g, "Test Zombie")
    g.pass_to(Step.MAIN, 1)
    hand, life = len(g.hand(0)), g.life(0)
    g.pass_until(lambda gg: gg.step == Step.UPKEEP and gg.active_player == 0 and gg.stack())
    resolve(g)
    assert len(g.hand(0)) == hand + 2 and g.life(0) == life - 2       # Muse + Test Zombie


def test_krenko_creates_a_goblin_for_each_goblin_you_control(db):
    g = game_at_main(db, "60 Mountain")
    krenko = put(g, "Krenko, Mob Boss")[0]
    put(g, "Goblin Piledriver")
    g.set_object(krenko, sick=0)
    g.activate(krenko)
    resolve(g)
    goblins = [o for o in g.battlefield(0) if g.card_of(o).name == "Goblin"]
    assert len(goblins) == 2


def test_rush_of_blood_reads_the_targets_power_and_yew_spirit_its_own(db):
    g = game_at_main(db, "60 Mountain")
    mob = put(g, "Test Zombie", p=1)[0]                       # a 2/2
    cast(g, "Rush of Blood", mob, lands=("Mountain", 3))
    assert g.power_toughness(mob) == (4, 2)
    yew = put(g, "Yew Spirit")[0]
    for want in (6, 12):                                      # X is its power as it resolves
        put(g, "Forest", 4)
        g.activate(yew)
        resolve(g)
        assert g.power_toughness(yew)[0] == want


def test_an_attack_trigger_counts_other_attacking_goblins(db):
    """Goblin Piledriver: +2/+0 for each *other* attacking Goblin (Krenko attacks too)."""
    g = game_at_main(db, "60 Mountain")
    pile, krenko, elf = put(g, "Goblin Piledriver") + put(g, "Krenko, Mob Boss") + put(g, "Test Elf")
    for o in (pile, krenko, elf):
        g.set_object(o, sick=0)
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({pile: Game.player_target(1), krenko: Game.player_target(1),
                         elf: Game.player_target(1)})
    resolve(g)
    assert g.power_toughness(pile) == (3, 2)


# --- static abilities: layer 7c (613.4c), counted whenever characteristics are computed -------

def test_613_4c_a_count_follows_the_board_squirrel_mob(db):
    g = game_at_main(db)
    mob = put(g, "Squirrel Mob")[0]
    assert g.power_toughness(mob) == (2, 2)                   # "other": not itself
    put(g, "Test Squirrel", 2)
    put(g, "Test Squirrel", 1, p=1)                           # on the battlefield: anyone's
    assert g.power_toughness(mob) == (5, 5)


def test_613_4c_enchanted_creature_counts_its_auras_controllers_forests(db):
    g = game_at_main(db)
    bear = put(g, "Test Elf", p=1)[0]                         # the opponent's creature
    put(g, "Forest", 3)                                       # the Aura's controller's lands
    put(g, "Forest", 1, p=1)
    armor = g.create_card("Blanchwood Armor", 0, Zone.HAND)
    g.cast(armor, bear)
    resolve(g)
    assert g.power_toughness(bear) == (1 + 3, 1 + 3)          # not the opponent's Forest


def test_704_5f_a_count_that_kills_is_checked_without_any_event(db):
    """Dread Slag (-4/-4 for each card in your hand): drawing makes its toughness 0 or less;
    a draw marks nothing dirty, so its card has LY_COND_BIT and the check always runs."""
    g = game_at_main(db)
    empty_hand(g)
    slag = put(g, "Dread Slag")[0]
    g.create_card("Forest", 0, Zone.HAND)
    g.create_card("Forest", 0, Zone.HAND)
    g.check_state_based_actions()
    assert g.power_toughness(slag) == (1, 1)
    g.pass_to(Step.DRAW, 0)                                   # the next turn's draw: 3 cards
    g.pass_to(Step.MAIN, 0)
    assert slag in g.graveyard(0)
    row = db.tables.cards[db.row("Dread Slag")]
    from mtg_core import _engine
    assert row[_engine.constants()["CF_ABILITY_KINDS"]] & _engine.constants()["LY_COND_BIT"]


# --- characteristic-defining abilities (604.3, 613.4a) -----------------------------------------

def test_604_3_maro_counts_cards_in_hand_in_every_zone(db):
    g = game_at_main(db)
    empty_hand(g)
    maro = g.create_card("Maro", 0, Zone.HAND)
    assert g.power_toughness(maro) == (1, 1)                  # itself, in the hand
    g.create_card("Forest", 0, Zone.HAND)
    g.move(maro, Zone.BATTLEFIELD)
    assert g.power_toughness(maro) == (1, 1)
    empty_hand(g)
    g.check_state_based_actions()                             # 0/0: 704.5f
    assert maro in g.graveyard(0)


def test_604_3_a_power_only_cda_keeps_the_printed_toughness(db):
    """Sylvan Yeti (*/4): its power is the number of cards in your hand."""
    g = game_at_main(db)
    empty_hand(g)
    yeti = put(g, "Sylvan Yeti")[0]
    assert g.power_toughness(yeti) == (0, 4)
    g.create_card("Forest", 0, Zone.HAND)
    g.create_card("Forest", 0, Zone.HAND)
    assert g.power_toughness(yeti) == (2, 4)


def test_604_3_boneyard_wurm_and_beast_of_burden(db):
    g = game_at_main(db)
    wurm = put(g, "Boneyard Wurm")[0]
    assert g.power_toughness(wurm) == (0, 0)
    for name in ("Test Elf", "Test Elf", "Forest"):
        g.create_card(name, 0, Zone.GRAVEYARD)
    assert g.power_toughness(wurm) == (2, 2)                  # creature cards only
    beast = put(g, "Beast of Burden")[0]
    put(g, "Test Elf", 1, p=1)
    assert g.power_toughness(beast) == (3, 3)                 # the Wurm, itself, the Elf


# --- the card language: malformed counts fail when the card is defined --------------------------

@pytest.mark.parametrize("count,problem", [
    (CountOf("creatures I like"), "can't count"),
    (CountOf("cards in your hand", flags=("attacking",)), "counts permanents"),
    (CountOf("your life total", types=("Creature",)), "takes no filter"),
    (CountOf("permanents you control", flags=("shiny",)), "unknown count flag"),
    (CountOf("permanents you control", keyword="flying and reach"), "keyword"),
])
def test_a_malformed_count_is_refused_when_defined(count, problem):
    with pytest.raises(CardScriptError, match=problem):
        CardDB([Card("Test Bad Count", "{1}", types=("Sorcery",),
                     abilities=(SpellAbility(ForEach(count, Draw("you"))),))])


def test_a_count_change_is_only_for_its_own_object_when_it_defines_pt():
    cda = StaticAbility("creatures you control", CharacteristicPTCount(CountOf("cards in your hand")))
    with pytest.raises(CardScriptError, match="604.3"):
        Card("Test Bad CDA", "{1}", types=("Creature",), power=0, toughness=0, abilities=(cda,))
    ok = StaticAbility("creatures you control", ModifyPTForEach(1, 0, CountOf("cards in your hand")))
    CardDB([Card("Test Good", "{1}", types=("Enchantment",), abilities=(ok,))])


# --- the debug build: every skipped state-based-action check is verified ------------------------

DEBUG_COUNTS = """
import sys
import numpy as np
from mtg_core import Deck, Game, Step, Zone, _engine
from mtg_core.cards import CardDB
from mtg_core.game import play_random_games
from mtg_core.library import ALL_CARDS
from mtg_core.oracle.importer import import_card
assert _engine.DEBUG_BUILD
RECS = {recs!r}
db = CardDB(list(ALL_CARDS) + [import_card(*r).card for r in RECS])
g = Game([Deck.parse("60 Forest"), Deck.parse("60 Swamp")], seed=3, cards=db,
         starting_player=0, mulligans=False)
g.pass_to(Step.MAIN, 0)
for o in g.hand(0):
    g.move(o, Zone.EXILE)
slag = g.create_card("Dread Slag", 0, Zone.BATTLEFIELD)
for _ in range(2):
    g.create_card("Forest", 0, Zone.HAND)
g.pass_to(Step.MAIN, 1)
assert g.power_toughness(slag) == (1, 1)
g.pass_to(Step.MAIN, 0)                      # the draw: 3 cards, -3/-3 (704.5f)
assert slag in g.graveyard(0), g.power_toughness(slag)
deck = Deck("counts", ((20, "Forest"), (4, "Swamp"), (4, "Mountain"), (4, "Dread Slag"),
                       (4, "Grim Strider"), (4, "Maro"), (4, "Squirrel Mob"),
                       (4, "Boneyard Wurm"), (4, "Flow of Ideas"), (4, "Elvish Promenade"),
                       (4, "Krenko, Mob Boss")))
res = play_random_games(deck, deck, 30, seed=11, cards=db, max_turns=40)
print("ok", int(np.sum(res[:, 0] == 1)))
"""


def test_counts_pass_the_debug_builds_state_based_action_cross_check(debug_engine):
    """Counts change with no event that marks the state dirty (a draw changes "cards in your
    hand"): the debug build verifies every skipped 704.3 check, in a scripted game and in
    random games of a deck of counting cards."""
    recs = [ORACLE[n] for n in ("Dread Slag", "Grim Strider", "Maro", "Squirrel Mob",
                                "Boneyard Wurm", "Flow of Ideas", "Elvish Promenade",
                                "Krenko, Mob Boss")]
    proc = debug_engine.run(DEBUG_COUNTS.format(recs=recs), timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().splitlines()[-1].startswith("ok")
