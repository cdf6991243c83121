"""Double-faced cards (712) and transforming (701.28): characteristics of the face that is
up (712.8), front face up outside the battlefield and the stack (712.8a), transform (701.28a,
c, f), "transforms into" triggers, the werewolves' "spells cast last turn", modal
double-faced cards cast or played with either face up (712.11)."""
from __future__ import annotations

import os

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Deck, Game, Step, Zone, _engine
from mtg_core import cards as C
from mtg_core._engine import constants
from mtg_core.enums import Decision
from mtg_core.errors import CardScriptError, IllegalActionError, MtgError
from mtg_core.library import DEFAULT_CARDS
from mtg_core.oracle import read_file

from library_helpers import lands_for, resolve
from oracle_helpers import imported_card

K = constants()
FACES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "oracle-faces.json")
RECORDS = {r.name.split(" // ")[0]: r for r in read_file(FACES)}      # by the first name


def imported(name: str) -> C.Card:
    return imported_card(RECORDS[name])    # by its (first) name


# Card-language cards for rules the real ones don't reach directly.
_FLIPPER = C.Card("Test Flipper", "{1}", types=("Creature",), power=1, toughness=1,
                  abilities=(C.ActivatedAbility("{0}", C.Transform()),),
                  back=C.Card("Test Flipped", types=("Creature",), power=4, toughness=4,
                              abilities=(C.TriggeredAbility("transforms", C.GainLife("you", 3)),),
                              colors="G"))
_MODAL_FAST = C.Card("Test Modal Bear", "{1}{G}", types=("Creature",), power=2, toughness=2,
                     modal=True,
                     back=C.Card("Test Modal Bolt", "{R}", types=("Instant",),
                                 abilities=(C.SpellAbility(C.Damage("target", 3),
                                                           targets=("any",)),)))
_MODAL_TRANSFORM = C.Card("Test Modal Turner", "{1}", types=("Creature",), power=1,
                          toughness=1, modal=True,
                          abilities=(C.ActivatedAbility("{0}", C.Transform()),),
                          back=C.Card("Test Modal Other", "{2}", types=("Creature",), power=5,
                                      toughness=5))

_DAY_FLIPPER = C.Card("Test Day Flipper", "{1}", types=("Creature",), power=1, toughness=1,
                      daybound=True, abilities=(C.ActivatedAbility("{0}", C.Transform()),),
                      back=C.Card("Test Night Flipper", types=("Creature",), power=2,
                                  toughness=2, nightbound=True, colors="R"))

NAMES = ["Cloistered Youth", "Gatstaf Shepherd", "Akoum Warrior", "Jwari Disruption",
         "Desperate Farmer", "Thraben Gargoyle", "Kazandu Mammoth", "Ulvenwald Captive",
         "Tavern Ruffian", "Fearful Villager", "Assault", "Dead"]
DB = DEFAULT_CARDS.extended([imported(n) for n in NAMES] + [_FLIPPER, _MODAL_FAST, _MODAL_TRANSFORM,
                                                            _DAY_FLIPPER])


def game(active: int = 0) -> Game:
    g = Game([Deck.parse("60 Island"), Deck.parse("60 Swamp")], seed=3, cards=DB,
             mulligans=False, starting_player=active)
    g.pass_to(Step.MAIN, active)
    return g


def face(g: Game, o: int) -> str:
    return g.card_of(o).name


def cf(g: Game, o: int, column: str) -> int:
    return int(DB.tables.cards[g.obj(o)["card"], K[column]])


def answer_may(g: Game, yes: bool = True) -> None:
    assert g.decision.kind == Decision.MAY
    g.apply(Action.make(ActionKind.MAY_YES if yes else ActionKind.MAY_NO))


# --- the card language ---------------------------------------------------------------------------

def test_712_back_face_rows_follow_their_front_and_are_no_deck_cards():
    youth = DB.row("Cloistered Youth")
    back = int(DB.tables.cards[youth, K["CF_OTHER_FACE"]])
    assert DB.cards[back].name == "Unholy Fiend"
    assert int(DB.tables.cards[back, K["CF_OTHER_FACE"]]) == youth
    assert DB.tables.cards[youth, K["CF_FACE"]] == K["FACE_FRONT"] | K["FACE_TRANSFORM"]
    assert DB.tables.cards[back, K["CF_FACE"]] == K["FACE_BACK"] | K["FACE_TRANSFORM"]
    assert "Unholy Fiend" not in DB.names() and "Unholy Fiend" not in DB
    # 712.8e: the back face of a transforming card has its front face's mana value
    assert DB.tables.cards[back, K["CF_MANA_VALUE"]] == 2
    teeth = int(DB.tables.cards[DB.row("Akoum Warrior"), K["CF_OTHER_FACE"]])
    assert DB.tables.cards[teeth, K["CF_MANA_VALUE"]] == 0          # a modal face: its own
    # the database extended again keeps one row per face
    assert DB.extended([]).names() == DB.names()


@pytest.mark.parametrize("kw, why", [
    (dict(modal=True), "needs a back face"),
    (dict(back=C.Card("B", "{1}", types=("Creature",), power=1, toughness=1)), "no mana cost"),
    (dict(back=C.Card("B", types=("Instant",), abilities=(C.SpellAbility(C.Draw("you", 1)),))),
     "both faces"),
    (dict(back=C.Card("X", types=("Creature",), power=1, toughness=1)), "different names"),
])
def test_712_malformed_double_faced_cards_fail_where_defined(kw, why):
    with pytest.raises(CardScriptError, match=why):
        C.Card("X", "{1}", types=("Creature",), power=1, toughness=1, **kw)


# --- transforming (701.28) -------------------------------------------------------------------------

def test_701_28a_transform_at_upkeep_712_8_characteristics_of_the_face_up():
    """Cloistered Youth: "At the beginning of your upkeep, you may transform ~." -> Unholy
    Fiend 3/3 black, "At the beginning of your end step, you lose 1 life." """
    g = game()
    y = g.create_card("Cloistered Youth", 0, Zone.BATTLEFIELD)
    with pytest.raises(MtgError):
        g.pass_to(Step.UPKEEP, 0)               # stops at the "you may" of the trigger
    g.set_object(y, damage=1, plus1=1)
    answer_may(g)
    assert face(g, y) == "Unholy Fiend"
    # the same object (no zone change, 400.7): damage and counters stay
    assert g.obj(y)["damage"] == 1 and g.obj(y)["plus1"] == 1
    assert g.power_toughness(y) == (4, 4)
    assert g.characteristics(y)["colors"] == "B"
    assert cf(g, y, "CF_MANA_VALUE") == 2       # 712.8e
    life = g.life(0)
    g.pass_to(Step.END, 0)
    resolve(g)
    assert g.life(0) == life - 1                # the back face's end step trigger
    g.pass_to(Step.UPKEEP, 0)                   # the front face's trigger is gone
    assert g.decision.kind == Decision.PRIORITY and face(g, y) == "Unholy Fiend"


def test_712_8a_a_transformed_card_leaving_the_battlefield_is_front_face_up():
    g = game()
    o = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    resolve(g)
    assert face(g, o) == "Test Flipped"
    g.move(o, Zone.HAND)
    assert face(g, o) == "Test Flipper"
    o2 = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o2, 0)
    resolve(g)
    g.move(o2, Zone.GRAVEYARD)
    assert face(g, o2) == "Test Flipper"


def test_701_28_transforms_into_trigger_of_the_face_now_up():
    g = game()
    o = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    life = g.life(0)
    g.activate(o, 0)
    resolve(g)                                   # transforms; its trigger resolves too
    assert face(g, o) == "Test Flipped" and g.life(0) == life + 3


def test_701_28f_an_ability_does_nothing_if_the_permanent_transformed_since():
    """Two activations of "{0}: Transform ~" on the stack: the first to resolve transforms
    it; the other is an ability of the front face, which is no longer up (701.28f)."""
    g = game()
    o = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    g.activate(o, 0)
    resolve(g)
    assert face(g, o) == "Test Flipped"


def test_701_28c_a_modal_double_faced_card_does_not_transform():
    g = game()
    o = g.create_card("Test Modal Turner", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    resolve(g)
    assert face(g, o) == "Test Modal Turner"


def test_701_28a_transform_by_an_activated_ability_thraben_gargoyle():
    g = game()
    o = g.create_card("Thraben Gargoyle", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{6}")
    g.activate(o, 0)
    resolve(g)
    assert face(g, o) == "Stonewing Antagonizer"
    assert g.keywords(o).name == "FLYING"


def test_701_28a_transform_when_another_creature_dies_desperate_farmer():
    g = game()
    o = g.create_card("Desperate Farmer", 0, Zone.BATTLEFIELD)
    other = g.create_card("Kazandu Mammoth", 0, Zone.BATTLEFIELD)
    g.move(other, Zone.GRAVEYARD)                   # a move, not a death: no trigger
    assert face(g, o) == "Desperate Farmer"
    other = g.create_card("Kazandu Mammoth", 0, Zone.BATTLEFIELD)
    g.set_object(other, damage=1)
    lands_for(g, 0, "{R}")
    g.cast(g.create_card("Shock", 0, Zone.HAND), other)
    resolve(g)                                       # 704.5g: it dies; the trigger resolves
    assert face(g, o) == "Depraved Harvester"


# --- werewolves: spells cast last turn -------------------------------------------------------------

def _cast_shock(g: Game, p: int) -> None:
    lands_for(g, p, "{R}")
    s = g.create_card("Shock", p, Zone.HAND)
    g.cast(s, Game.player_target(1 - p))
    resolve(g)


def test_werewolf_transforms_after_a_turn_with_no_spells_and_back_after_two():
    """Gatstaf Shepherd: "At the beginning of each upkeep, if no spells were cast last turn,
    transform ~."  Gatstaf Howler: "... if a player cast two or more spells last turn,
    transform ~." (603.4: checked as it triggers and as it resolves)."""
    g = game()
    w = g.create_card("Gatstaf Shepherd", 0, Zone.BATTLEFIELD)
    _cast_shock(g, 0)                                # a spell this turn (turn 1)
    g.pass_to(Step.UPKEEP, 1)
    resolve(g)
    assert face(g, w) == "Gatstaf Shepherd"          # a spell was cast last turn
    g.pass_to(Step.UPKEEP, 0)                        # turn 2 had no spell
    resolve(g)
    assert face(g, w) == "Gatstaf Howler"
    assert g.keywords(w).name == "INTIMIDATE"
    g.pass_to(Step.MAIN, 0)
    _cast_shock(g, 0)                                # one player casts one spell: stays
    g.pass_to(Step.UPKEEP, 1)
    resolve(g)
    assert face(g, w) == "Gatstaf Howler"
    g.pass_to(Step.MAIN, 1)
    _cast_shock(g, 1)
    _cast_shock(g, 1)                                # a player cast two spells this turn
    g.pass_to(Step.UPKEEP, 0)
    resolve(g)
    assert face(g, w) == "Gatstaf Shepherd"


def test_werewolf_spells_of_different_players_are_not_added_up():
    """"a player cast two or more spells": one spell each by two players is not enough."""
    g = game()
    w = g.create_card("Gatstaf Shepherd", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.UPKEEP, 1)
    resolve(g)
    g.pass_to(Step.UPKEEP, 0)
    resolve(g)
    assert face(g, w) == "Gatstaf Howler"
    g.pass_to(Step.MAIN, 0)
    _cast_shock(g, 0)                                 # one spell of P0 in P0's turn ...
    lands_for(g, 1, "{R}")
    s = g.create_card("Shock", 1, Zone.HAND)          # ... and one of P1, in P0's end step
    g.pass_to(Step.END, 0)
    while g.decision.player != 1:
        g.pass_priority()
    g.cast(s, Game.player_target(0))
    resolve(g)
    g.pass_to(Step.UPKEEP, 1)
    resolve(g)
    assert face(g, w) == "Gatstaf Howler"


# --- day and night (726), daybound and nightbound (702.145) ----------------------------------------

def day_night(g: Game) -> int:
    return g.state.header()["day_night"]


def test_702_145c_a_daybound_permanent_makes_it_day_and_726_it_becomes_night_after_no_spells():
    """Tavern Ruffian // Tavern Smasher: as it enters it becomes day; a turn in which the
    active player cast no spells makes it night at the next untap step (502.2, 726.3a),
    and the daybound permanent transforms (702.145b); two spells in one turn of the active
    player make it day again, and the nightbound one transforms back (702.145e)."""
    g = game()
    assert day_night(g) == K["DN_NEITHER"]
    lands_for(g, 0, DB["Tavern Ruffian"].mana_cost)
    r = g.create_card("Tavern Ruffian", 0, Zone.HAND)
    g.cast(r)
    resolve(g)
    assert day_night(g) == K["DN_DAY"] and face(g, r) == "Tavern Ruffian"
    g.pass_to(Step.UPKEEP, 1)                        # P0 cast a spell in turn 1: still day
    assert day_night(g) == K["DN_DAY"]
    g.pass_to(Step.UPKEEP, 0)                        # P1 cast none in turn 2: night
    assert day_night(g) == K["DN_NIGHT"] and face(g, r) == "Tavern Smasher"
    assert g.power_toughness(r) == (6, 5)
    g.pass_to(Step.MAIN, 0)
    _cast_shock(g, 0)                                # one spell: stays night
    g.pass_to(Step.UPKEEP, 1)
    assert day_night(g) == K["DN_NIGHT"]
    g.pass_to(Step.MAIN, 1)
    _cast_shock(g, 1)
    _cast_shock(g, 1)                                # the active player cast two: day
    g.pass_to(Step.UPKEEP, 0)
    assert day_night(g) == K["DN_DAY"] and face(g, r) == "Tavern Ruffian"


def test_702_145b_at_night_a_daybound_card_enters_transformed():
    g = game()
    g.create_card("Tavern Ruffian", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.UPKEEP, 1)
    g.pass_to(Step.UPKEEP, 0)
    assert day_night(g) == K["DN_NIGHT"]
    g.pass_to(Step.MAIN, 0)
    lands_for(g, 0, DB["Fearful Villager"].mana_cost)
    v = g.create_card("Fearful Villager", 0, Zone.HAND)
    g.cast(v)
    resolve(g)
    assert face(g, v) == "Fearsome Werewolf"
    g.move(v, Zone.HAND)                             # 712.8a: front face up in a hand
    assert face(g, v) == "Fearful Villager"


def test_702_145_a_daybound_permanent_transforms_only_by_day_and_night():
    g = game()
    o = g.create_card("Test Day Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    resolve(g)
    assert face(g, o) == "Test Day Flipper"


def test_726_no_day_or_night_without_daybound_cards():
    g = game()
    g.create_card("Gatstaf Shepherd", 0, Zone.BATTLEFIELD)   # a werewolf of the older kind
    g.pass_to(Step.UPKEEP, 1)
    g.pass_to(Step.UPKEEP, 0)
    assert day_night(g) == K["DN_NEITHER"]


# --- modal double-faced cards (712.11) -------------------------------------------------------------

def test_712_11_play_the_land_back_face_of_a_modal_card_as_the_land_drop():
    g = game()
    g.pass_to(Step.MAIN, 0)
    o = g.create_card("Akoum Warrior", 0, Zone.HAND)
    play = Action.make(ActionKind.PLAY_BACK, o)
    assert play in g.legal_actions()
    assert Action.make(ActionKind.CAST_BACK, o) not in g.legal_actions()
    g.apply(play)
    assert face(g, o) == "Akoum Teeth" and o in g.battlefield(0)
    assert g.obj(o)["tapped"] == 1                   # "enters the battlefield tapped"
    assert g.state.header()["lands_played"] == 1
    o2 = g.create_card("Akoum Warrior", 0, Zone.HAND)
    before = g.save()
    with pytest.raises(IllegalActionError, match="505.5b"):
        g.apply(Action.make(ActionKind.PLAY_BACK, o2))
    assert g.save() == before
    g.move(o, Zone.HAND)                             # 712.8a: front face up in the hand
    assert face(g, o) == "Akoum Warrior"


def test_712_11_a_modal_card_is_cast_front_face_up_as_usual():
    g = game()
    o = g.create_card("Akoum Warrior", 0, Zone.HAND)
    lands_for(g, 0, "{5}{R}")
    g.cast(o)
    resolve(g)
    assert face(g, o) == "Akoum Warrior" and g.power_toughness(o) == (4, 5)


def test_712_11_cast_the_instant_back_face_outside_sorcery_timing():
    """A modal card whose back face is an instant: castable back face up when only instants
    could be cast; on the stack it has only its back face's characteristics; it goes to
    the graveyard front face up (712.8a)."""
    g = game()
    o = g.create_card("Test Modal Bear", 0, Zone.HAND)
    lands_for(g, 0, "{R}")
    g.pass_to(Step.END, 0)
    cast = Action.make(ActionKind.CAST_BACK, o)
    assert cast in g.legal_actions()
    assert Action.make(ActionKind.CAST, o) not in g.legal_actions()
    g.apply(cast)
    assert face(g, o) == "Test Modal Bolt"
    g.apply(Action.make(ActionKind.TARGET, Game.player_target(1)))
    assert face(g, o) == "Test Modal Bolt" and g.stack()
    life = g.life(1)
    resolve(g)
    assert g.life(1) == life - 3
    assert o in g.graveyard(0) and face(g, o) == "Test Modal Bear"


def test_712_11_a_transforming_card_cant_be_cast_back_face_up():
    g = game()
    o = g.create_card("Cloistered Youth", 0, Zone.HAND)
    lands_for(g, 0, "{1}{W}")
    before = g.save()
    with pytest.raises(IllegalActionError, match="712.11") as err:
        g.apply(Action.make(ActionKind.CAST_BACK, o))
    assert err.value.code == K["E_NO_BACK_FACE"]
    assert g.save() == before


# --- split cards (709) -------------------------------------------------------------------------------

def test_709_4_a_split_card_outside_the_stack_has_both_halves_characteristics():
    row = DB.row("Assault // Battery")
    assert DB.cards[row].mana_cost == "{3}{R}{G}"
    assert DB.tables.cards[row, K["CF_MANA_VALUE"]] == 5
    assert DB.tables.cards[row, K["CF_COLORS"]] == (1 << 3) | (1 << 4)         # R and G
    assert [DB.cards[row + 1].name, DB.cards[row + 2].name] == ["Assault", "Battery"]
    assert "Assault" not in DB.names() and "Assault // Battery" in DB.names()


def test_709_3_cast_either_half_and_only_that_half_is_on_the_stack():
    g = game()
    o = g.create_card("Assault // Battery", 0, Zone.HAND)
    for _ in range(4):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)              # no red mana
    legal = g.legal_actions()
    assert Action.make(ActionKind.CAST_SPLIT, o, 1) in legal        # Battery: {3}{G}
    assert Action.make(ActionKind.CAST_SPLIT, o, 0) not in legal    # Assault needs {R}
    before = g.save()
    with pytest.raises(IllegalActionError, match="709.3"):
        g.apply(Action.make(ActionKind.CAST, o))                     # the whole card: no
    assert g.save() == before
    g.apply(Action.make(ActionKind.CAST_SPLIT, o, 1))
    assert face(g, o) == "Battery"                                    # 709.3b
    assert cf(g, o, "CF_MANA_VALUE") == 4
    creatures = len(g.battlefield(0))
    resolve(g)
    assert len(g.battlefield(0)) == creatures + 1                     # the Elephant token
    assert o in g.graveyard(0) and face(g, o) == "Assault // Battery"  # 709.4


def test_709_3a_only_the_chosen_half_is_checked_dead_gone_at_instant_speed():
    """Dead ({R} instant: 2 damage to target creature) // Gone ({2}{R} instant: return
    target creature you don't control): with one red mana, only Dead can be cast."""
    g = game()
    bear = g.create_card("Kazandu Mammoth", 1, Zone.BATTLEFIELD)
    o = g.create_card("Dead // Gone", 0, Zone.HAND)
    lands_for(g, 0, "{R}")
    g.pass_to(Step.END, 0)
    legal = g.legal_actions()
    assert Action.make(ActionKind.CAST_SPLIT, o, 0) in legal
    assert Action.make(ActionKind.CAST_SPLIT, o, 1) not in legal
    g.apply(Action.make(ActionKind.CAST_SPLIT, o, 0))
    g.apply(Action.make(ActionKind.TARGET, bear))
    resolve(g)
    assert g.obj(bear)["damage"] == 2


# --- the state ---------------------------------------------------------------------------------------

def test_712_8a_a_back_face_up_in_a_hand_is_refused_as_a_state():
    g = game()
    o = g.create_card("Cloistered Youth", 0, Zone.HAND)
    back = int(DB.tables.cards[DB.row("Cloistered Youth"), K["CF_OTHER_FACE"]])
    st = g.state.clone()
    st.sections()["objects"]["card"][o] = back
    assert "712.8a" in st._validate()
    st.sections()["objects"]["card"][o] = DB.row("Cloistered Youth")
    assert st._validate() is None


def test_transformed_permanents_and_modal_back_faces_survive_save_and_load():
    g = game()
    o = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    resolve(g)
    a = g.create_card("Akoum Warrior", 0, Zone.HAND)
    g.apply(Action.make(ActionKind.PLAY_BACK, a))
    h = Game.load(g.save(), cards=DB)
    assert face(h, o) == "Test Flipped" and face(h, a) == "Akoum Teeth"


def test_observation_shows_the_face_that_is_up():
    """Both faces are public: a player's view of a transformed permanent is its back face's
    card row and characteristics."""
    g = game()
    o = g.create_card("Test Flipper", 0, Zone.BATTLEFIELD)
    g.activate(o, 0)
    resolve(g)
    st = g.state
    lay = _engine.observation_layout(st.n_players, _engine.OBS_SLOTS)
    part = lay["objects"]
    objs = st.observation(1)[part["offset"]:part["offset"] + part["rows"] * part["row_size"]]
    objs = objs.reshape(part["rows"], part["row_size"])
    f = part["fields"]
    slot = [r for r in objs if r[f["present"][0]] == 1 and r[f["card"][0]] == g.obj(o)["card"]]
    assert len(slot) == 1 and DB.cards[g.obj(o)["card"]].name == "Test Flipped"
    assert (slot[0][f["power"][0]], slot[0][f["toughness"][0]]) == (4, 4)


def test_random_games_with_double_faced_cards_play_to_the_end():
    deck = Deck.parse("4 Cloistered Youth\n4 Gatstaf Shepherd\n4 Akoum Warrior\n"
                      "4 Jwari Disruption\n4 Desperate Farmer\n4 Thraben Gargoyle\n"
                      "4 Test Modal Bear\n4 Test Flipper\n4 Ulvenwald Captive\n"
                      "4 Tavern Ruffian\n4 Fearful Villager\n4 Dead // Gone\n"
                      "10 Mountain\n10 Island")
    kinds = set()
    for seed in range(10):
        g = Game([deck, deck], seed=seed, cards=DB, mulligans=False)
        g.play_random(seed=seed)
        assert g.is_over
        kinds |= {line.split(" ")[-1] for line in g.log if "transforms" in line}
        Game.load(g.save(), cards=DB)               # the final state is a valid state
    assert kinds                                     # something transformed


_DEBUG_GAMES = r"""
import sys
from mtg_core import Deck, Game
from mtg_core.library import DEFAULT_CARDS
from mtg_core.oracle import read_file
from mtg_core.oracle.importer import import_record
cards = [r for r in (import_record(x) for x in read_file(sys.argv[1])) if r.ok]
db = DEFAULT_CARDS.extended([r.card for r in cards])
names = [c.name for c in db if c.name not in DEFAULT_CARDS]
assert len(names) > 50
for seed in range(24):
    picks = [names[(seed * 7 + k) % len(names)] for k in range(9)]
    deck = Deck.parse("\n".join(f"4 {n}" for n in picks) + "\n12 Mountain\n12 Forest")
    g = Game([deck, deck], seed=seed, cards=db, mulligans=False, log=False)
    g.play_random(seed=seed)
    assert g.is_over
    Game.load(g.save(), cards=db)
print("ok")
"""


def test_double_faced_and_split_cards_pass_the_debug_and_sanitizer_build(debug_engine):
    """Random games with every bundled double-faced and split card, in the debug build
    (every shortcut cross-checked) with sanitizers: no error, every final state valid."""
    proc = debug_engine.run(_DEBUG_GAMES, timeout=900, args=(FACES,))
    assert proc.returncode == 0, proc.stderr[-5000:]
    assert proc.stdout.strip().endswith("ok")
