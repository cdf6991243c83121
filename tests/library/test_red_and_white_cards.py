"""The red and white bundled decks (data/red.txt, data/white.txt), card by card: each card
does what its Oracle text says, through the rules it needs -- prowess and cast triggers
(702.108, 601.2i), protection (702.16: damage, enchanting / equipping, blocking, targeting),
exile with last known information (406.3, 608.2h), a library search (701.19), a reveal
(701.16a), attack triggers (508.2, 508.5, 603.3d) and an equip cost that depends on its
target (601.2f)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Card, Game, Step, Zone, play_random_games
from mtg_core import _engine
from mtg_core.cards import ActivatedAbility, Attach, Damage, SpellAbility, TriggeredAbility, GainLife
from mtg_core.decks import bundled_deck
from mtg_core.enums import Decision, Result
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.library import DEFAULT_CARDS
from mtg_core import _engine

C = _engine.constants()
TGT_PLAYER = C["TGT_PLAYER"]
P0, P1 = TGT_PLAYER, TGT_PLAYER + 1
SEED = 5

TEST_CARDS = [
    # sources with the qualities protection is from
    Card("Test Dragon", "{1}{R}", ("Creature",), ("Dragon",), power=4, toughness=4,
         keywords=("flying",), abilities=(ActivatedAbility("{T}", Damage("target", 1), targets=("any",)),)),
    Card("Test Demon", "{1}{B}", ("Creature",), ("Demon",), power=3, toughness=3, keywords=("flying",)),
    Card("Test Boros Lifelinker", "{R}{W}", ("Creature",), ("Human",), power=3, toughness=3,
         keywords=("lifelink",)),
    Card("Test Boros Aura", "{R}{W}", ("Enchantment",), ("Aura",), enchant="creature",
         attached_bonus=(1, 1)),
    Card("Test Boros Equipment", "{1}", ("Artifact",), ("Equipment",), colors="RW",
         attached_bonus=(1, 0),
         abilities=(ActivatedAbility("{1}", Attach("target"), targets=("creature you control",),
                                     timing="sorcery"),)),
    Card("Test Heavy Equipment", "{1}", ("Artifact",), ("Equipment",), attached_bonus=(2, 2),
         abilities=(ActivatedAbility("{4}", Attach("target"), targets=("creature you control",),
                                     timing="sorcery"),)),
    Card("Test Instant Attacher", "{1}", ("Artifact",), ("Equipment",),
         abilities=(ActivatedAbility("{3}", Attach("target"), targets=("creature you control",)),)),
    Card("Test Double Prowess", "{1}", ("Creature",), power=0, toughness=1,
         keywords=("prowess", "prowess")),
    Card("Test Wall 0/3", "{1}", ("Creature",), power=0, toughness=3),
    Card("Test Knight", "{1}", ("Creature",), ("Knight",), power=1, toughness=1),
]


def to_attackers(game: Game) -> None:
    """Pass priority to P0's declare attackers decision of the current turn."""
    for _ in range(200):
        d = game.decision
        if d.kind == Decision.DECLARE_ATTACKERS:
            return
        game.pass_priority()
    raise AssertionError("no declare attackers decision")


def to_blockers(game: Game, attacks: dict[int, int]) -> None:
    game.declare_attackers(attacks)
    while game.decision.kind in (Decision.PRIORITY, Decision.ORDER_TRIGGERS):
        if game.decision.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        else:
            game.pass_priority()


def resolve_all(game: Game) -> None:
    """Pass until the stack is empty (both players passing in succession each time)."""
    for _ in range(50):
        if not game.stack():
            return
        game.pass_priority()
    raise AssertionError("the stack did not empty")


# --- exact cards and decks ---------------------------------------------------------------------

ORACLE = {r["name"]: r for r in json.loads(
    (Path(__file__).parents[1] / "data" / "oracle-red-white.json").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("name", sorted(ORACLE))
def test_every_card_of_the_red_and_white_decks_has_its_oracle_name_cost_types_and_text(name):
    """The Oracle records (Scryfall "Oracle Cards" bulk data, these copied to tests/data):
    name, mana cost, type line, power / toughness, text and colours (105.2)."""
    card, oracle = DEFAULT_CARDS[name], ORACLE[name]
    assert card.mana_cost == oracle["mana_cost"]
    assert card.type_line() == oracle["type_line"]
    assert (card.power, card.toughness) == (
        None if oracle["power"] is None else int(oracle["power"]),
        None if oracle["toughness"] is None else int(oracle["toughness"]))
    assert card.text == oracle["oracle_text"]
    row = DEFAULT_CARDS.tables.cards[DEFAULT_CARDS.row(name)]
    assert {c for i, c in enumerate("WUBRG") if row[C["CF_COLORS"]] >> i & 1} == set(oracle["colors"])


def test_100_2a_red_and_white_are_60_card_constructed_decks_of_the_listed_cards():
    red, white = bundled_deck("red"), bundled_deck("white")
    for deck in (red, white):
        assert len(deck) == 60
        deck.check_constructed(DEFAULT_CARDS)
    red_n, white_n = {n: c for c, n in red.entries}, {n: c for c, n in white.entries}
    assert red_n == {"Mountain": 22, "Fervent Champion": 2, **{n: 4 for n in (
        "Goblin Guide", "Monastery Swiftspear", "Lightning Bolt", "Shock", "Lava Spike",
        "Searing Spear", "Viashino Pyromancer", "Lightning Strike", "Ash Zealot")}}
    assert white_n == {"Plains": 22, "Baneslayer Angel": 2, **{n: 4 for n in (
        "Savannah Lions", "Elite Vanguard", "Soldier of the Pantheon", "Glory Seeker",
        "Swords to Plowshares", "Path to Exile", "Serra Angel", "Healer's Hawk",
        "Charging Paladin")}}
    assert set(red_n) | set(white_n) == set(ORACLE)


# --- 702.108 prowess, 601.2i cast triggers ---------------------------------------------------------

def test_702_108a_prowess_a_noncreature_spell_you_cast_gives_plus_1_plus_1_until_end_of_turn(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    spear = game.create_card("Monastery Swiftspear", 0, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, P1)
    # 601.2i / 603.3: the trigger goes on the stack above the Bolt, before anyone has priority
    assert [row["obj"] for row in game.stack()] == [bolt, spear]
    game.pass_priority(); game.pass_priority()
    assert game.power_toughness(spear) == (2, 3) and game.life(1) == 20
    resolve_all(game)
    assert game.life(1) == 17
    game.pass_to(Step.UPKEEP, 1)                      # 514.2: until end of turn
    assert game.power_toughness(spear) == (1, 2)


def test_702_108a_prowess_ignores_creature_spells_and_spells_an_opponent_casts(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    lands(game, 1, "Mountain")
    spear = game.create_card("Monastery Swiftspear", 0, Zone.BATTLEFIELD)
    guide = game.create_card("Goblin Guide", 0)
    shock = game.create_card("Shock", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(guide)                                  # a creature spell
    assert len(game.stack()) == 1
    game.pass_priority()
    game.cast(shock, P0)                              # the opponent's noncreature spell
    assert len(game.stack()) == 2
    resolve_all(game)
    assert game.power_toughness(spear) == (1, 2)


def test_702_108b_each_instance_of_prowess_triggers_separately(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain")
    twice = game.create_card("Test Double Prowess", 0, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(bolt, P1)
    if game.decision.kind == Decision.ORDER_TRIGGERS:
        game.apply(game.legal_actions()[0])
    resolve_all(game)
    assert game.power_toughness(twice) == (2, 3)


def test_601_2i_soldier_of_the_pantheon_gains_1_life_when_an_opponent_casts_a_multicolored_spell(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Forest", "Mountain", "Forest", "Forest")
    lands(game, 1, "Mountain", "Forest")
    soldier = game.create_card("Soldier of the Pantheon", 1, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    might = game.create_card("Colossal Might", 0)
    growth = game.create_card("Giant Growth", 0)
    own_might = game.create_card("Colossal Might", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(growth, bears)                          # monocoloured: no trigger
    resolve_all(game)
    assert game.life(1) == 20
    game.cast(might, bears)                           # multicoloured (105.4): triggers
    assert [row["obj"] for row in game.stack()] == [might, soldier]
    resolve_all(game)
    assert game.life(1) == 21
    game.pass_priority()
    game.cast(own_might, bears)                       # its controller's own spell: no trigger
    assert len(game.stack()) == 1
    resolve_all(game)
    assert game.life(1) == 21


def test_601_2i_ash_zealot_deals_3_damage_to_a_player_who_casts_a_spell_from_a_graveyard(
        new_game, lands):
    """No card of the library is cast from a graveyard yet (flashback comes later): the spell
    being cast is marked as cast from a graveyard at its target choice (601.2a records the
    zone; a scenario edit stands in for the flashback cast).  From a hand: no trigger."""
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    lands(game, 1, "Mountain")
    zealot = game.create_card("Ash Zealot", 0, Zone.BATTLEFIELD)
    shock = game.create_card("Shock", 0)
    bolt = game.create_card("Lightning Bolt", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(shock, P1)                              # from P0's hand
    assert game.obj(shock)["cast_from"] == int(Zone.HAND) + 1
    assert len(game.stack()) == 1
    resolve_all(game)
    assert game.life(1) == 18 and game.life(0) == 20
    game.pass_priority()
    game.apply(Action.make(ActionKind.CAST, bolt))    # P1 casts; 601.2c: choosing a target
    game.set_object(bolt, cast_from=int(Zone.GRAVEYARD) + 1)
    game.apply(Action.make(ActionKind.TARGET, zealot))
    top = game.stack()[-1]
    assert top["obj"] == zealot and top["event_ref"] == _engine.TGT_PLAYER + 1
    resolve_all(game)
    assert game.life(1) == 18 - 3                     # "that player": the caster
    assert zealot in game.graveyard(0)


def test_601_2i_ash_zealot_that_player_is_its_own_controller_too(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain")
    game.create_card("Ash Zealot", 0, Zone.BATTLEFIELD)
    shock = game.create_card("Shock", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, shock))
    game.set_object(shock, cast_from=int(Zone.GRAVEYARD) + 1)
    game.apply(Action.make(ActionKind.TARGET, P1))
    resolve_all(game)
    assert game.life(0) == 17 and game.life(1) == 18


def test_cast_trigger_words_are_checked_when_the_card_is_written():
    def card(ability):
        return DEFAULT_CARDS.extended([Card("X", "{1}", ("Creature",), power=1, toughness=1,
                                            abilities=(ability,))])
    with pytest.raises(CardScriptError, match="caster"):
        card(TriggeredAbility("cast", GainLife("you", 1), whose="each"))
    with pytest.raises(CardScriptError, match="spell quality"):
        card(TriggeredAbility("cast", GainLife("you", 1), whose="you", spell=("blue",)))
    with pytest.raises(CardScriptError, match="that player"):
        card(TriggeredAbility("enters", Damage("that player", 1)))
    with pytest.raises(CardScriptError, match="defending player"):
        card(TriggeredAbility("cast", Damage("defending player", 1), whose="you"))


def test_exile_search_and_protection_words_are_checked_when_the_card_is_written():
    from mtg_core.cards import Exile, SearchForBasicLand, GainLifeEqualToPower, Draw
    with pytest.raises(CardScriptError, match="protection quality"):
        Card("P", "{W}", ("Creature",), power=1, toughness=1, protection=("Elves",))
    with pytest.raises(CardScriptError, match="608.2h"):
        DEFAULT_CARDS.extended([Card("Q", "{W}", ("Instant",), abilities=(SpellAbility(
            GainLifeEqualToPower("its controller"), targets=("creature",)),))])
    with pytest.raises(CardScriptError, match="last effect"):
        DEFAULT_CARDS.extended([Card("R", "{W}", ("Instant",), abilities=(SpellAbility(
            Exile("target"), SearchForBasicLand("its controller"), Draw("you", 1),
            targets=("creature",)),))])


# --- 702.16 protection: DEBT -------------------------------------------------------------------------

def test_702_16b_protection_cant_be_targeted_by_spells_or_abilities_with_the_quality(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Forest", "Mountain")
    soldier = game.create_card("Soldier of the Pantheon", 1, Zone.BATTLEFIELD)
    angel = game.create_card("Baneslayer Angel", 1, Zone.BATTLEFIELD)
    dragon = game.create_card("Test Dragon", 0, Zone.BATTLEFIELD)
    might = game.create_card("Colossal Might", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, might))   # multicolored: not the Soldier
    assert soldier not in game.target_choices() and angel in game.target_choices()
    with pytest.raises(IllegalActionError, match="115"):
        game.apply(Action.make(ActionKind.TARGET, soldier))
    game.apply(Action.make(ActionKind.TARGET, dragon))
    resolve_all(game)
    game.activate(dragon, 0)                          # a Dragon's ability: not the Angel
    assert angel not in game.target_choices() and soldier in game.target_choices()
    game.apply(Action.make(ActionKind.TARGET, P1))
    resolve_all(game)
    game.cast(bolt, soldier)                          # red, one colour: no protection from it
    resolve_all(game)
    assert soldier in game.graveyard(1)


def test_702_16e_damage_from_a_source_with_the_quality_is_prevented_so_lifelink_gains_nothing(
        new_game):
    game = new_game()
    boros = game.create_card("Test Boros Lifelinker", 0, Zone.BATTLEFIELD)
    soldier = game.create_card("Soldier of the Pantheon", 1, Zone.BATTLEFIELD)
    to_attackers(game)
    to_blockers(game, {boros: P1})
    game.declare_blockers({soldier: boros})
    game.pass_to(Step.END_COMBAT)
    assert soldier in game.battlefield(1) and game.obj(soldier)["damage"] == 0
    assert game.life(0) == 20                         # 120.3f: no damage dealt, no life gained
    assert game.obj(boros)["damage"] == 2             # the Soldier's own damage is dealt
    assert any("prevented" in line and "702.16e" in line for line in game.log)


def test_702_16e_a_dragons_combat_damage_to_baneslayer_angel_is_prevented(new_game):
    game = new_game()
    dragon = game.create_card("Test Dragon", 0, Zone.BATTLEFIELD)
    angel = game.create_card("Baneslayer Angel", 1, Zone.BATTLEFIELD)
    to_attackers(game)
    to_blockers(game, {dragon: P1})
    game.declare_blockers({angel: dragon})            # protection doesn't stop it blocking
    game.pass_to(Step.END_COMBAT)
    assert dragon in game.graveyard(0)                # 5 first-strike damage (702.7)
    assert game.obj(angel)["damage"] == 0 and game.life(1) == 25   # lifelink (702.15)


def test_702_16f_cant_be_blocked_by_creatures_with_the_quality(new_game):
    game = new_game(starting_player=0)
    angel = game.create_card("Baneslayer Angel", 0, Zone.BATTLEFIELD)
    soldier = game.create_card("Soldier of the Pantheon", 0, Zone.BATTLEFIELD)
    dragon = game.create_card("Test Dragon", 1, Zone.BATTLEFIELD)
    demon = game.create_card("Test Demon", 1, Zone.BATTLEFIELD)
    serra = game.create_card("Serra Angel", 1, Zone.BATTLEFIELD)
    boros = game.create_card("Test Boros Lifelinker", 1, Zone.BATTLEFIELD)
    to_attackers(game)
    to_blockers(game, {angel: P1, soldier: P1})
    for blocker, attacker in ((dragon, angel), (demon, angel), (boros, soldier)):
        with pytest.raises(IllegalActionError, match="509.1"):
            game.declare_blockers({blocker: attacker})
        assert Action.make(ActionKind.BLOCK, blocker, attacker) not in game.legal_actions()
    game.declare_blockers({serra: angel, dragon: soldier})   # neither has the quality
    assert game.obj(serra)["combat"] & C["CB_BLOCKING"]


def test_702_16c_704_5m_an_aura_with_the_quality_cant_enchant_it_and_is_put_into_the_graveyard(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Plains")
    soldier = game.create_card("Soldier of the Pantheon", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    aura = game.create_card("Test Boros Aura", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, aura))    # 303.4a: the Aura spell targets
    assert soldier not in game.target_choices() and bears in game.target_choices()
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve_all(game)
    assert game.obj(aura)["attached_to"] == bears
    game.set_object(aura, attached_to=soldier)        # attached illegally (scenario edit)
    game.check_state_based_actions()
    assert aura in game.graveyard(0) and soldier in game.battlefield(0)   # 704.5m


def test_702_16d_704_5n_equipment_with_the_quality_cant_equip_it_and_becomes_unattached(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Plains")
    soldier = game.create_card("Soldier of the Pantheon", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    gear = game.create_card("Test Boros Equipment", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.activate(gear, 0)
    assert game.target_choices() == [bears]           # 702.16b: not the Soldier
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve_all(game)
    game.set_object(gear, attached_to=soldier)
    game.check_state_based_actions()
    assert gear in game.battlefield(0) and game.obj(gear)["attached_to"] == -1   # 704.5n
    assert game.power_toughness(soldier) == (2, 1)


# --- exile (406.3, 608.2h): Swords to Plowshares, Path to Exile -------------------------------------

def test_608_2h_swords_to_plowshares_exiles_and_its_controller_gains_life_equal_to_its_last_power(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Plains", "Forest")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    growth = game.create_card("Giant Growth", 0)
    swords = game.create_card("Swords to Plowshares", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(growth, bears)
    resolve_all(game)
    game.cast(swords, bears)
    resolve_all(game)
    assert bears in game.zone(Zone.EXILE) and game.state.zone_kind_of(bears) == Zone.EXILE
    assert game.life(1) == 25 and game.life(0) == 20   # 5: its power as it last existed
    assert swords in game.graveyard(0)
    assert any("exiled" in line for line in game.log)


def test_107_1b_swords_on_a_creature_with_negative_power_gains_no_life_and_a_token_ceases_to_exist(
        new_game, lands):
    game = new_game()
    lands(game, 0, "Plains", "Plains")
    wall = game.create_card("Test Wall 0/3", 0, Zone.BATTLEFIELD)
    game.set_object(wall, minus1=1)                   # -1/2
    token = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD, token=True)
    a, b = game.create_card("Swords to Plowshares", 0), game.create_card("Swords to Plowshares", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(a, wall)
    resolve_all(game)
    assert game.life(0) == 20 and wall in game.zone(Zone.EXILE)
    game.cast(b, token)
    resolve_all(game)
    assert game.life(1) == 22 and game.state.zone_kind_of(token) == Zone.NONE   # 111.7


def test_608_2b_swords_whose_target_left_does_nothing(new_game, lands):
    game = new_game()
    lands(game, 0, "Plains", "Mountain")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    swords = game.create_card("Swords to Plowshares", 0)
    bolt = game.create_card("Lightning Bolt", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(swords, bears)
    game.cast(bolt, bears)
    resolve_all(game)
    assert bears in game.graveyard(1) and game.life(1) == 20


def path_game(new_game, lands, library: str):
    """P0 casts Path to Exile on P1's Grizzly Bears; P1's library is ``library`` (a deck
    text).  Returns (game, bears, path) at P1's search decision."""
    game = new_game("60 Plains", library)
    lands(game, 0, "Plains")
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    path = game.create_card("Path to Exile", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(path, bears)
    game.pass_priority(); game.pass_priority()
    return game, bears, path


def test_701_19_path_to_exile_its_controller_may_search_for_a_basic_land_put_it_tapped_then_shuffle(
        new_game, lands):
    game, bears, path = path_game(new_game, lands, "30 Plains\n20 Forest\n10 Grizzly Bears")
    assert bears in game.zone(Zone.EXILE)
    d = game.decision
    assert d.kind == Decision.SEARCH_LIBRARY and d.player == 1      # its controller decides
    acts = game.legal_actions()
    kinds = [a.kind for a in acts]
    assert kinds.count(ActionKind.DONT_SEARCH) == 1 and kinds.count(ActionKind.SEARCH_NOTHING) == 1
    found = [game.card_of(a.a).name for a in acts if a.kind == ActionKind.SEARCH_TAKE]
    assert sorted(found) == ["Forest", "Plains"]      # one per name; no Bears (not a basic land)
    take = next(a for a in acts if a.kind == ActionKind.SEARCH_TAKE and game.card_of(a.a).name == "Forest")
    before = game.library(1)
    game.apply(take)
    assert take.a in game.battlefield(1) and game.obj(take.a)["tapped"] == 1
    assert sorted(game.library(1)) == sorted(o for o in before if o != take.a)
    assert game.library(1) != [o for o in before if o != take.a]   # shuffled (701.20)
    assert path in game.graveyard(0)
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0   # 117.3b
    assert any("finds Forest" in line for line in game.log)


def test_701_19b_path_the_search_may_find_nothing_and_the_may_lets_the_player_not_search(
        new_game, lands):
    game, _, _ = path_game(new_game, lands, "60 Forest")
    before = game.library(1)
    game.apply(Action.make(ActionKind.DONT_SEARCH))
    assert game.library(1) == before and len(game.battlefield(1)) == 0   # no search, no shuffle
    game, _, _ = path_game(new_game, lands, "60 Forest")
    before = game.library(1)
    game.apply(Action.make(ActionKind.SEARCH_NOTHING))
    assert sorted(game.library(1)) == sorted(before) and game.library(1) != before
    assert any("finds nothing" in line and "701.19b" in line for line in game.log)


def test_701_19_a_wrong_answer_to_the_search_is_refused_and_changes_nothing(new_game, lands):
    game, bears, _ = path_game(new_game, lands, "50 Forest\n10 Grizzly Bears")
    not_basic = next(o for o in game.library(1) if game.card_of(o).name == "Grizzly Bears")
    before = game.state.buffer.tobytes()
    for bad in (Action.make(ActionKind.SEARCH_TAKE, not_basic), Action.make(ActionKind.PASS),
                Action.make(ActionKind.SEARCH_TAKE, game.library(0)[0])):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game.state.buffer.tobytes() == before
    assert Game.load(game.save(), game.cards) == game  # a saved search decision loads


def test_path_with_an_empty_library_offers_only_not_searching_or_finding_nothing(new_game, lands):
    game, _, _ = path_game(new_game, lands, "60 Forest")
    for o in game.library(1):
        game.move(o, Zone.GRAVEYARD)
    assert {a.kind for a in game.legal_actions()} == {ActionKind.DONT_SEARCH, ActionKind.SEARCH_NOTHING}


# --- attack triggers: Goblin Guide, Charging Paladin, Fervent Champion -------------------------------

def test_508_5_goblin_guide_defending_player_reveals_the_top_card_a_land_goes_to_their_hand(new_game):
    game = new_game("60 Mountain", "30 Forest\n30 Grizzly Bears")
    guide = game.create_card("Goblin Guide", 0, Zone.BATTLEFIELD)
    game.set_object(guide, sick=1)                    # haste (702.10): it attacks anyway
    land = next(o for o in game.library(1) if game.card_of(o).name == "Forest")
    game.move(land, Zone.LIBRARY, top=True)
    to_attackers(game)
    game.declare_attackers({guide: P1})
    hand = game.hand(1)
    resolve_all(game)
    assert game.hand(1) == hand + [land] and land not in game.library(1)
    assert any("reveals Forest" in line and "into their hand" in line for line in game.log)


def test_701_16a_goblin_guide_a_revealed_nonland_card_stays_on_top(new_game):
    game = new_game("60 Mountain", "30 Forest\n30 Grizzly Bears")
    guide = game.create_card("Goblin Guide", 0, Zone.BATTLEFIELD)
    bears = next(o for o in game.library(1) if game.card_of(o).name == "Grizzly Bears")
    game.move(bears, Zone.LIBRARY, top=True)
    to_attackers(game)
    game.declare_attackers({guide: P1})
    hand = game.hand(1)
    resolve_all(game)
    assert game.hand(1) == hand and game.library(1)[-1] == bears
    assert any("reveals Grizzly Bears" in line for line in game.log)


def test_508_2_charging_paladin_gets_plus_0_plus_3_until_end_of_turn_when_it_attacks(new_game):
    game = new_game()
    paladin = game.create_card("Charging Paladin", 0, Zone.BATTLEFIELD)
    to_attackers(game)
    game.declare_attackers({paladin: P1})
    resolve_all(game)
    assert game.power_toughness(paladin) == (2, 5)
    game.pass_to(Step.UPKEEP, 1)
    assert game.power_toughness(paladin) == (2, 2)


def test_603_3d_fervent_champion_pumps_another_attacking_knight_or_its_trigger_is_removed(new_game):
    game = new_game()
    champion = game.create_card("Fervent Champion", 0, Zone.BATTLEFIELD)
    paladin = game.create_card("Charging Paladin", 0, Zone.BATTLEFIELD)
    knight = game.create_card("Test Knight", 0, Zone.BATTLEFIELD)
    to_attackers(game)
    game.declare_attackers({champion: P1, paladin: P1})
    while game.decision.kind != Decision.TARGET:
        game.apply(game.legal_actions()[0])           # order the two triggers
    # "another target attacking Knight you control": not itself, not the Knight at home
    assert game.target_choices() == [paladin]
    game.apply(Action.make(ActionKind.TARGET, paladin))
    resolve_all(game)
    assert game.power_toughness(paladin) == (3, 5) and game.power_toughness(champion) == (1, 1)
    game2 = new_game()
    champion = game2.create_card("Fervent Champion", 0, Zone.BATTLEFIELD)
    game2.create_card("Test Knight", 0, Zone.BATTLEFIELD)
    to_attackers(game2)
    game2.declare_attackers({champion: P1})
    assert not game2.stack() and game2.decision.kind == Decision.PRIORITY   # removed (603.3d)


def test_702_7_702_10_fervent_champion_has_first_strike_and_haste(new_game):
    game = new_game()
    champion = game.create_card("Fervent Champion", 0, Zone.BATTLEFIELD)
    game.set_object(champion, sick=1)
    bears = game.create_card("Test Wall 0/3", 1, Zone.BATTLEFIELD)
    game.set_object(bears, damage=2)
    to_attackers(game)
    to_blockers(game, {champion: P1})
    game.declare_blockers({bears: champion})
    game.pass_to(Step.END_COMBAT)
    assert bears in game.graveyard(1) and champion in game.battlefield(0)


def test_601_2f_equip_abilities_targeting_fervent_champion_cost_3_less(new_game, lands):
    game = new_game()
    champion = game.create_card("Fervent Champion", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    splitter = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    heavy = game.create_card("Test Heavy Equipment", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    # no mana at all: equip {1} is activatable, but only with Fervent Champion as target
    assert Action.make(ActionKind.ACTIVATE, splitter, 0) in game.legal_actions()
    assert Action.make(ActionKind.ACTIVATE, heavy, 0) not in game.legal_actions()   # {4} - 3 = {1}
    game.activate(splitter, 0)
    assert game.target_choices() == [champion]
    with pytest.raises(IllegalActionError):
        game.apply(Action.make(ActionKind.TARGET, bears))
    game.apply(Action.make(ActionKind.TARGET, champion))
    resolve_all(game)
    assert game.obj(splitter)["attached_to"] == champion
    mountain = lands(game, 0, "Mountain")[0]
    game.activate(heavy, 0, champion)                 # {4} costs {1}: the Mountain pays it
    assert game.obj(mountain)["tapped"] == 1
    resolve_all(game)
    assert game.power_toughness(champion) == (5, 3)


def test_702_6a_only_equip_abilities_cost_less_not_other_abilities_that_attach(new_game):
    """An instant-speed "attach to target creature you control" is not an equip ability
    (702.6a: equip is activated only as a sorcery), so it costs its full {3}."""
    game = new_game()
    champion = game.create_card("Fervent Champion", 0, Zone.BATTLEFIELD)
    attacher = game.create_card("Test Instant Attacher", 0, Zone.BATTLEFIELD)
    splitter = game.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    assert Action.make(ActionKind.ACTIVATE, attacher, 0) not in game.legal_actions()
    assert Action.make(ActionKind.ACTIVATE, splitter, 0) in game.legal_actions()
    assert champion in game.battlefield(0)


# --- the other cards -------------------------------------------------------------------------------------

def test_viashino_pyromancer_enters_and_deals_2_damage_to_target_player_or_planeswalker(new_game, lands):
    game = new_game()
    lands(game, 0, "Mountain", "Mountain")
    walker = game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    pyro = game.create_card("Viashino Pyromancer", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(pyro)
    game.pass_priority(); game.pass_priority()
    assert game.decision.kind == Decision.TARGET
    assert sorted(game.target_choices()) == sorted([P0, P1, walker]) and bears not in game.target_choices()
    game.apply(Action.make(ActionKind.TARGET, walker))
    resolve_all(game)
    assert game.obj(walker)["loyalty"] == 1 and game.life(1) == 20     # 120.3c


@pytest.mark.parametrize("name,damage", [("Lightning Bolt", 3), ("Shock", 2),
                                         ("Searing Spear", 3), ("Lightning Strike", 3)])
def test_burn_spells_deal_their_damage_to_any_target(new_game, lands, name, damage):
    """"Any target": a creature, a player or a planeswalker (115.4)."""
    game = new_game()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    walker = game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    wurm = game.create_card("Leatherback Baloth", 1, Zone.BATTLEFIELD)
    spells = [game.create_card(name, 0) for _ in range(3)]
    game.pass_to(Step.UPKEEP, 0)                      # instants: not only at sorcery speed
    for spell, target in zip(spells, (wurm, P1, walker)):
        game.cast(spell, target)
        resolve_all(game)
    assert game.obj(wurm)["damage"] == damage and game.life(1) == 20 - damage
    assert game.obj(walker)["loyalty"] == max(0, 3 - damage) or walker in game.graveyard(1)


def test_lava_spike_targets_only_a_player_or_planeswalker_at_sorcery_speed(new_game, lands, can_cast):
    game = new_game()
    lands(game, 0, "Mountain")
    walker = game.create_card("Test Walker", 1, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    spike = game.create_card("Lava Spike", 0)
    game.pass_to(Step.UPKEEP, 0)
    assert not can_cast(game, spike)                  # 307.1
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, spike))
    assert sorted(game.target_choices()) == sorted([P0, P1, walker]) and bears not in game.target_choices()
    game.apply(Action.make(ActionKind.TARGET, P1))
    resolve_all(game)
    assert game.life(1) == 17


def test_702_9_702_15_healers_hawk_flies_over_ground_creatures_and_gains_its_damage_as_life(new_game):
    game = new_game()
    hawk = game.create_card("Healer's Hawk", 0, Zone.BATTLEFIELD)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    to_attackers(game)
    to_blockers(game, {hawk: P1})
    with pytest.raises(IllegalActionError):
        game.declare_blockers({bears: hawk})
    game.declare_blockers({})
    game.pass_to(Step.END_COMBAT)
    assert game.life(1) == 19 and game.life(0) == 21


@pytest.mark.parametrize("name", ["Savannah Lions", "Elite Vanguard", "Glory Seeker",
                                  "Serra Angel", "Baneslayer Angel", "Monastery Swiftspear",
                                  "Goblin Guide", "Ash Zealot"])
def test_creature_keywords_are_the_printed_ones(new_game, name):
    game = new_game()
    o = game.create_card(name, 0, Zone.BATTLEFIELD)
    card = DEFAULT_CARDS[name]
    want = {"Serra Angel": {"FLYING", "VIGILANCE"}, "Baneslayer Angel": {"FLYING", "FIRST_STRIKE", "LIFELINK"},
            "Monastery Swiftspear": {"HASTE"}, "Goblin Guide": {"HASTE"},
            "Ash Zealot": {"FIRST_STRIKE", "HASTE"}}.get(name, set())
    assert {k.name for k in type(game.keywords(o)) if k in game.keywords(o)} == want
    assert game.power_toughness(o) == (card.power, card.toughness)


# --- random games -------------------------------------------------------------------------------------

def test_random_red_vs_white_games_end_with_a_rules_result_and_each_deck_wins_some():
    out = play_random_games("red", "white", 600, seed=3)
    assert set(out[:, 0].tolist()) <= {int(Result.WIN), int(Result.DRAW)}       # never ABORTED
    winners = out[out[:, 0] == int(Result.WIN), 1].tolist()
    assert winners.count(0) > 0 and winners.count(1) > 0
    again = play_random_games("red", "white", 600, seed=3)
    assert np.array_equal(out, again)                 # determinism (docs/architecture.md, Principles)


def test_python_driven_red_vs_white_games_reach_every_new_decision_and_keep_every_invariant():
    """Driven action by action from Python (uniformly among the legal actions): the search
    decision comes up and is answered every way; saved states load (every invariant)."""
    import random
    rng = random.Random(4)
    seen = set()
    for seed in range(12):
        game = Game(["red", "white"], seed=seed, mulligans=False, log=False)
        for step in range(5000):
            if game.is_over:
                break
            acts = game.legal_actions()
            assert acts
            if game.decision.kind == Decision.SEARCH_LIBRARY:
                assert Game.load(game.save(), game.cards) == game
            act = rng.choice(acts)
            seen.add(act.kind)
            game.apply(act)
        assert game.is_over
    assert {ActionKind.SEARCH_TAKE, ActionKind.DONT_SEARCH, ActionKind.SEARCH_NOTHING} <= seen


RED_WHITE_DEBUG = r"""
import json, sys
from collections import Counter
from mtg_core import play_random_games, _engine
assert _engine.DEBUG_BUILD
out = play_random_games("red", "white", int(sys.argv[1]), seed=11)
out2 = play_random_games("white", "red", int(sys.argv[1]) // 2, seed=12, edition="current")
print(json.dumps({"results": Counter(out[:, 0].tolist() + out2[:, 0].tolist()),
                  "winners": Counter(out[out[:, 0] == 1, 1].tolist())}))
"""


def test_red_vs_white_in_the_debug_build_with_sanitizers(debug_engine):
    """300 red vs white games in the debug + ASan/UBSan build: every shortcut cross-check
    holds, nothing is read or written out of bounds, every game ends with a rules result."""
    proc = debug_engine.run(RED_WHITE_DEBUG, timeout=900, args=("200",))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sum(report["results"].values()) == 300
    assert set(report["results"]) <= {str(int(Result.WIN)), str(int(Result.DRAW))}
    assert set(report["winners"]) == {"0", "1"}
