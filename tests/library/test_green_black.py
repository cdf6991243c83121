"""The green_black deck (mtg_core/data/green_black.txt): a legal constructed deck
(100.2a) of real cards -- creature tokens (111), removal (701.7, 613 layer 7c), creatures
with enters and attack triggers (603), and Garruk Wildspeaker (306, 606), whose +1 has two
targets of one word "target" (601.2c) -- each card's text shown in a game, and random games
against every bundled deck (release and debug builds) that end without an aborted game."""
import json

import pytest

from mtg_core import (DEFAULT_CARDS, Action, ActionKind, Game, IllegalActionError, Keyword,
                      Result, Step, Zone, bundled_deck, bundled_deck_names, play_random_games)
from mtg_core import _engine
from mtg_core.cards import CardScriptError, LoyaltyAbility, Untap
from mtg_core.enums import Decision
from mtg_core.library import green_black

C = _engine.constants()
SEED = 11


def lands(game, p, name, n, tapped=False):
    out = [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]
    for o in out:
        game.set_object(o, tapped=int(tapped))
    return out


def resolve(game):
    """Both players pass until the stack is empty."""
    while game.stack() and not game.is_over:
        game.pass_priority()


def main_game(new_game, deck0="60 Forest", deck1="60 Swamp"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


# --- the deck -----------------------------------------------------------------------------------

def test_100_2a_green_black_is_a_legal_60_card_deck_of_known_library_cards():
    deck = bundled_deck("green_black")
    assert len(deck) == 60
    deck.check_constructed(DEFAULT_CARDS)
    names = set(deck.card_names())
    assert names <= set(DEFAULT_CARDS.names())
    assert {c.name for c in green_black.CARDS} <= names            # every new card is played
    assert sum(n for n, name in deck.entries if name in ("Forest", "Swamp")) == 23
    colors = {c for n in names for c, k in zip("WUBRG", DEFAULT_CARDS[n].cost.pips) if k}
    assert colors == {"B", "G"}
    assert any("Planeswalker" in DEFAULT_CARDS[n].types for n in names)


def test_the_new_cards_are_defined_once_and_carry_their_oracle_text():
    from mtg_core.library import ALL_CARDS
    all_names = [c.name for c in ALL_CARDS]
    for card in green_black.CARDS:
        assert all_names.count(card.name) == 1, card.name
        assert card.text


# --- Garruk Wildspeaker (606) -------------------------------------------------------------------

def garruk_game(new_game, loyalty=None):
    game = main_game(new_game)
    garruk = game.create_card("Garruk Wildspeaker", 0, Zone.BATTLEFIELD)
    if loyalty is not None:
        game.set_object(garruk, loyalty=loyalty)
    return game, garruk


def test_601_2c_garruk_plus_1_untaps_two_different_target_lands(new_game, cards):
    game, garruk = garruk_game(new_game)
    forests = lands(game, 0, "Forest", 2, tapped=True)
    swamp = lands(game, 1, "Swamp", 1, tapped=True)[0]
    game.apply(Action.make(ActionKind.ACTIVATE, garruk, 0))
    assert sorted(game.target_choices()) == sorted([*forests, swamp])   # any lands
    game.apply(Action.make(ActionKind.TARGET, forests[0]))
    # one word "target": the second land is a different one (601.2c)
    assert sorted(game.target_choices()) == sorted([forests[1], swamp])
    blob = game.save()
    with pytest.raises(IllegalActionError, match="601.2c"):
        game.apply(Action.make(ActionKind.TARGET, forests[0]))
    assert game.save() == blob
    assert Game.load(blob, cards) == game                 # the half-chosen state loads
    game.apply(Action.make(ActionKind.TARGET, forests[1]))
    assert game.obj(garruk)["loyalty"] == 4               # 606.4: paid on activation
    resolve(game)
    assert [game.obj(f)["tapped"] for f in forests] == [0, 0]
    assert game.obj(swamp)["tapped"] == 1


def test_601_2c_garruk_plus_1_cant_be_activated_with_only_one_land(new_game):
    game, garruk = garruk_game(new_game)
    lands(game, 0, "Forest", 1, tapped=True)
    blob = game.save()
    with pytest.raises(IllegalActionError, match="601.2c"):
        game.activate(garruk, 0)
    assert game.save() == blob
    assert Action.make(ActionKind.ACTIVATE, garruk, 0) not in game.legal_actions()
    assert Action.make(ActionKind.ACTIVATE, garruk, 1) in game.legal_actions()
    lands(game, 1, "Swamp", 1)                            # the opponent's land is a land too
    assert Action.make(ActionKind.ACTIVATE, garruk, 0) in game.legal_actions()


def test_608_2b_garruk_plus_1_untaps_the_land_still_legal_when_the_other_left(new_game):
    game, garruk = garruk_game(new_game)
    a, b = lands(game, 0, "Forest", 2, tapped=True)
    game.activate(garruk, 0, a, b)
    game.move(a, Zone.HAND)                               # scenario: one target is gone
    resolve(game)
    assert game.obj(b)["tapped"] == 0 and game.obj(garruk)["loyalty"] == 4


def test_111_2_garruk_minus_1_creates_a_3_3_green_beast(new_game):
    game, garruk = garruk_game(new_game)
    game.activate(garruk, 1)
    assert game.obj(garruk)["loyalty"] == 2
    resolve(game)
    [beast] = game.find("Beast", Zone.BATTLEFIELD)
    assert game.obj(beast)["token"] == 1 and game.obj(beast)["controller"] == 0
    assert game.power_toughness(beast) == (3, 3) and game.card_of(beast).colors == "G"


def test_606_6_garruk_minus_4_overruns_only_your_creatures_until_end_of_turn(new_game):
    game, garruk = garruk_game(new_game)
    with pytest.raises(IllegalActionError, match="606.6"):
        game.activate(garruk, 2)                          # 3 loyalty: -4 can't be paid
    game.set_object(garruk, loyalty=4)
    mine = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.activate(garruk, 2)
    resolve(game)
    assert garruk in game.graveyard(0)                    # 704.5i at 0 loyalty
    assert game.power_toughness(mine) == (5, 5) and game.keywords(mine) & Keyword.TRAMPLE
    assert game.power_toughness(theirs) == (2, 2) and not game.keywords(theirs) & Keyword.TRAMPLE
    game.pass_to(Step.UPKEEP, 1)
    assert game.power_toughness(mine) == (2, 2) and not game.keywords(mine) & Keyword.TRAMPLE


def test_601_2c_a_different_target_must_follow_targets_of_its_kind():
    with pytest.raises(CardScriptError, match="601.2c"):
        LoyaltyAbility("+1", Untap("target"), targets=("different land",)).row(0, 0)
    with pytest.raises(CardScriptError, match="601.2c"):
        LoyaltyAbility("+1", Untap("target"), Untap("target2"),
                       targets=("creature", "different land")).row(0, 0)


# --- removal ----------------------------------------------------------------------------------

def test_105_2_doom_blade_destroys_a_nonblack_creature_and_cant_target_a_black_one(new_game):
    game = main_game(new_game, "60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 2)
    blade = game.create_card("Doom Blade", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    nighthawk = game.create_card("Vampire Nighthawk", 1, Zone.BATTLEFIELD)
    game.apply(Action.make(ActionKind.CAST, blade))
    assert game.target_choices() == [bears]               # not the black Nighthawk
    with pytest.raises(IllegalActionError, match="115"):
        game.apply(Action.make(ActionKind.TARGET, nighthawk))
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve(game)
    assert bears in game.graveyard(1) and nighthawk in game.battlefield(1)


def test_601_2c_doom_blade_cant_be_cast_with_only_black_creatures(new_game, can_cast):
    game = main_game(new_game, "60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 2)
    blade = game.create_card("Doom Blade", 0)
    game.create_card("Vampire Nighthawk", 1, Zone.BATTLEFIELD)
    game.create_card("Typhoid Rats", 0, Zone.BATTLEFIELD)
    assert not can_cast(game, blade)


def test_701_7_heros_downfall_destroys_a_planeswalker_or_a_creature(new_game):
    game = main_game(new_game, "60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 6)
    first, second = game.create_card("Hero's Downfall", 0), game.create_card("Hero's Downfall", 0)
    garruk = game.create_card("Garruk Wildspeaker", 1, Zone.BATTLEFIELD)
    nighthawk = game.create_card("Vampire Nighthawk", 1, Zone.BATTLEFIELD)
    game.cast(first, garruk)
    resolve(game)
    assert garruk in game.graveyard(1)
    game.cast(second, nighthawk)
    resolve(game)
    assert nighthawk in game.graveyard(1)


def test_613_disfigure_kills_a_2_2_and_shrinks_a_bigger_creature_until_end_of_turn(new_game):
    game = main_game(new_game, "60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 2)
    first, second = game.create_card("Disfigure", 0), game.create_card("Disfigure", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    spider = game.create_card("Giant Spider", 1, Zone.BATTLEFIELD)
    game.cast(first, bears)
    resolve(game)
    assert bears in game.graveyard(1)                     # 704.5f: toughness 0
    game.cast(second, spider)
    resolve(game)
    assert game.power_toughness(spider) == (0, 2)
    game.pass_to(Step.UPKEEP, 1)
    assert game.power_toughness(spider) == (2, 4)         # 514.2: until end of turn


def test_115_1_raise_dead_returns_target_creature_card_from_your_graveyard(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 1)
    raise_dead = game.create_card("Raise Dead", 0)
    bears = game.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    game.create_card("Lightning Bolt", 0, Zone.GRAVEYARD)             # not a creature card
    game.create_card("Hill Giant", 1, Zone.GRAVEYARD)                 # not your graveyard
    game.create_card("Kalonian Tusker", 0, Zone.BATTLEFIELD)          # not a card in a graveyard
    game.apply(Action.make(ActionKind.CAST, raise_dead))
    assert game.target_choices() == [bears]
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve(game)
    assert bears in game.hand(0) and raise_dead in game.graveyard(0)
    assert any("returns from the graveyard to its owner's hand" in line for line in game.log)


def test_601_2c_raise_dead_needs_a_creature_card_in_your_graveyard(new_game, can_cast):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 1)
    raise_dead = game.create_card("Raise Dead", 0)
    game.create_card("Hill Giant", 1, Zone.GRAVEYARD)
    assert not can_cast(game, raise_dead)
    game.create_card("Hill Giant", 0, Zone.GRAVEYARD)
    assert can_cast(game, raise_dead)


def test_608_2b_raise_dead_does_nothing_if_its_target_left_the_graveyard(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 1)
    raise_dead = game.create_card("Raise Dead", 0)
    bears = game.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    game.cast(raise_dead, bears)
    game.move(bears, Zone.EXILE)                       # scenario: exiled in response
    game.move(bears, Zone.GRAVEYARD)                   # 400.7: back, but a new object
    resolve(game)
    assert bears in game.graveyard(0) and bears not in game.hand(0)
    assert raise_dead in game.graveyard(0)


def test_115_1_a_card_in_a_graveyard_is_a_target_only_for_return_from_graveyard():
    from mtg_core.cards import Destroy, ReturnFromGraveyard, SpellAbility
    with pytest.raises(CardScriptError, match="115.1"):
        SpellAbility(Destroy("target"), targets=("creature card in your graveyard",)).row(0, 0)
    with pytest.raises(CardScriptError, match="names no card in a graveyard"):
        SpellAbility(ReturnFromGraveyard("target"), targets=("creature",)).row(0, 0)


# --- creatures with triggered abilities (603) -----------------------------------------------------

def cast_creature(game, name, *targets, p=0):
    o = game.create_card(name, p)
    game.cast(o)
    game.pass_priority()
    game.pass_priority()                                  # the creature resolves (608.3)
    if targets:                                           # its ETB trigger's targets (603.3d)
        for t in targets:
            game.apply(Action.make(ActionKind.TARGET, t))
    resolve(game)
    return o


def test_603_elvish_visionary_enters_and_draws_a_card(new_game):
    game = main_game(new_game)
    lands(game, 0, "Forest", 2)
    hand = len(game.hand(0))
    cast_creature(game, "Elvish Visionary")
    assert len(game.hand(0)) == hand + 1                  # created in hand, cast, +1 drawn


def test_603_dusk_legion_zealot_draws_a_card_and_loses_1_life(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 2)
    hand = len(game.hand(0))
    cast_creature(game, "Dusk Legion Zealot")
    assert len(game.hand(0)) == hand + 1 and game.life(0) == 19


def test_701_13_mire_triton_mills_two_gains_2_and_has_deathtouch(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 2)
    library = len(game.library(0))
    triton = cast_creature(game, "Mire Triton")
    assert len(game.library(0)) == library - 2 and len(game.graveyard(0)) == 2
    assert game.life(0) == 22
    assert game.keywords(triton) & Keyword.DEATHTOUCH


def test_603_3d_keening_banshee_gives_target_creature_minus_2_minus_2(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 4)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    banshee = cast_creature(game, "Keening Banshee", bears)
    assert bears in game.graveyard(1)
    assert game.keywords(banshee) & Keyword.FLYING


def test_603_2_grave_titan_makes_two_zombies_when_it_enters_and_when_it_attacks(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 6)
    titan = cast_creature(game, "Grave Titan")
    zombies = game.find("Zombie", Zone.BATTLEFIELD)
    assert len(zombies) == 2
    for z in zombies:
        assert game.power_toughness(z) == (2, 2) and game.card_of(z).colors == "B"
        assert game.obj(z)["token"] == 1
    assert game.keywords(titan) & Keyword.DEATHTOUCH
    game.set_object(titan, sick=0)
    game.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({titan: game.player_target(1)})
    resolve(game)                                         # the attack trigger (508.2)
    assert len(game.find("Zombie", Zone.BATTLEFIELD)) == 4


# --- token makers (111) -------------------------------------------------------------------------

def test_702_33_saproling_migration_makes_two_saprolings_or_four_kicked(new_game):
    game = main_game(new_game)
    lands(game, 0, "Forest", 8)
    first, second = (game.create_card("Saproling Migration", 0) for _ in range(2))
    game.cast(first, kicked=False)
    resolve(game)
    assert len(game.find("Saproling", Zone.BATTLEFIELD)) == 2
    game.cast(second, kicked=True)                         # {1}{G} + {4}
    resolve(game)
    saprolings = game.find("Saproling", Zone.BATTLEFIELD)
    assert len(saprolings) == 6
    assert all(game.power_toughness(s) == (1, 1) for s in saprolings)


def test_702_34a_call_of_the_herd_makes_an_elephant_and_again_by_flashback(new_game):
    game = main_game(new_game)
    lands(game, 0, "Forest", 7)
    call = game.create_card("Call of the Herd", 0)
    game.cast(call)
    resolve(game)
    assert call in game.graveyard(0)
    game.cast(call)                                        # flashback {3}{G}
    resolve(game)
    elephants = game.find("Elephant", Zone.BATTLEFIELD)
    assert len(elephants) == 2 and all(game.power_toughness(e) == (3, 3) for e in elephants)
    assert call in game.zone(Zone.EXILE)


def test_night_s_whisper_draws_two_and_loses_2_life(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 2)
    whisper = game.create_card("Night's Whisper", 0)
    hand = len(game.hand(0))
    game.cast(whisper)
    resolve(game)
    assert len(game.hand(0)) == hand - 1 + 2 and game.life(0) == 18


# --- random games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("opponent", sorted(bundled_deck_names()))
def test_random_games_of_green_black_end_without_aborting(opponent):
    out = play_random_games("green_black", opponent, 100, seed=23, max_turns=60)
    assert len(out) == 100
    assert set(out[:, 0].tolist()) <= {C["R_WIN"], C["R_DRAW"], C["R_UNFINISHED"]}
    assert C["R_WIN"] in set(out[:, 0].tolist())


def test_random_green_black_games_reach_its_cards_and_their_states_load():
    """Logged games: tokens, removal, regeneration and Garruk appear; a state saved while
    Garruk's second land is being chosen loads (every invariant checked)."""
    lines, loaded = [], False
    for seed in range(10):
        game = Game(["green_black", "green_black"], seed=seed, max_turns=40)
        k = 0
        while not game.is_over:
            d = game.state.decision
            if not loaded and d[0] == C["D_TARGET"] and game.decision.slot == 1 and \
                    game.card_of(game.stack()[-1]["obj"]).name == "Garruk Wildspeaker":
                loaded = True
                assert Game.load(game.save()) == game
            k += 1
            game.state.apply(game.state.random_action(seed * 100003 + k))
        assert game.result.kind != Result.ABORTED
        lines += game.log
    text = "\n".join(lines)
    for event in ("creates a Saproling#", "creates a Beast#", "creates a Zombie#",
                  "creates a Elephant#", "Garruk Wildspeaker", "Doom Blade",
                  "returns from the graveyard to its owner's hand", "(702.34a flashback)",
                  "is kicked (702.33)", "regenerat"):
        assert event in text, event
    assert loaded


RANDOM_GAMES = """
import json, sys
from collections import Counter
from mtg_core import _engine, bundled_deck_names, play_random_games
assert _engine.DEBUG_BUILD
C = _engine.constants()
names = {v: k for k, v in C.items() if k.startswith("R_")}
report = {}
for opp in sorted(bundled_deck_names()):
    out = play_random_games("green_black", opp, int(sys.argv[1]), seed=5, max_turns=60)
    report[opp] = dict(Counter(names[int(r)] for r in out[:, 0]))
print(json.dumps(report))
"""


def test_random_green_black_games_pass_every_debug_cross_check(debug_engine):
    proc = debug_engine.run(RANDOM_GAMES, timeout=900, args=("12",))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(report) == set(bundled_deck_names())
    for opp, results in report.items():
        assert sum(results.values()) == 12, opp
        assert set(results) <= {"R_WIN", "R_DRAW", "R_UNFINISHED"}, (opp, results)
