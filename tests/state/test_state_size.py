"""The size of a state (docs/architecture.md, Principles: state is data; a clone is one
memcpy of it): capacities sized per game from the cards in it and grown during play (growth.pxi, tests in
test_state_growth.py), zone lists sized per zone (400.3), and object fields as narrow as
their domains.  Sizes are checked against the layout formula, and what outgrows a table's
largest size ends cleanly (ABORTED or CapacityError), never past a table."""
import itertools

import numpy as np
import pytest

from mtg_core import (DEFAULT_CARDS, CapacityError, Game, MtgError, Zone, bundled_deck,
                      play_random_games)
from mtg_core import _engine
from mtg_core.decks import bundled_deck_names

C = _engine.constants()
DECKS = bundled_deck_names()
PAIRS = list(itertools.combinations_with_replacement(DECKS, 2))
CAPS = ("cap", "player_zone_cap", "stack_cap", "effect_cap", "trigger_cap", "delayed_cap",
        "pair_cap")


def layout_bytes(h: dict) -> int:
    """The state's size from its header, by the layout in state.pxi."""
    np_, cap, nz = h["n_players"], h["cap"], h["n_zones"]
    classic = h["flags"] & C["GF_EDITION_CLASSIC"]
    return (4 * len(_engine.HEADER_FIELDS) + 4 * np_ * len(_engine.PLAYER_FIELDS)
            + cap * _engine.OBJ_DTYPE.itemsize
            + 4 * (nz + 3 * np_ * h["player_zone_cap"] + 3 * cap)
            + 4 * h["stack_cap"] * len(_engine.STACK_FIELDS)
            + 4 * h["effect_cap"] * len(_engine.EFFECT_FIELDS)
            + 4 * h["trigger_cap"] * len(_engine.TRIGGER_FIELDS)
            + 4 * h["delayed_cap"] * len(_engine.DELAYED_FIELDS)
            + 4 * C["PLAN_CAP"] + 4 * h["pair_cap"] * len(_engine.PAIR_FIELDS)
            + (2 * cap * 4 * len(_engine.COMBAT_DAMAGE_FIELDS) if classic else 0))


def mid_game(a: str, b: str, turn: int = 5, seed: int = 5) -> Game:
    game = Game([a, b], seed=seed, log=False)
    i = 0
    while game.turn < turn and not game.is_over:
        game.apply(game.state.random_action(i))
        i += 1
    return game


def test_the_object_table_is_76_bytes_a_row_with_every_domain_inside_its_field():
    # 68 + known, known_place (known.pxi) + lore (714.3), alt_cost (118.9) and two reserved
    assert _engine.OBJ_DTYPE.itemsize == 76
    assert _engine.OBJ_DTYPE.names == tuple(_engine.OBJECT_FIELDS)
    for f in ("owner", "controller", "zone", "tapped", "token", "lore", "alt_cost"):
        assert _engine.OBJ_DTYPE[f].itemsize == 1
    for f in ("attached_to", "combat_target", "attack_slot", "band", "combat"):
        assert _engine.OBJ_DTYPE[f].itemsize == 2


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_a_state_is_the_size_of_its_layout_at_the_start_and_mid_game(a, b):
    start = Game([a, b], seed=1, log=False)
    h = start.state.header()
    assert len(start.state.to_bytes()) == layout_bytes(h) == 4 * h["total_ints"]
    assert h["cap"] in (120, 120 + 2 * C["GROW_FIRST_ROWS"]) and h["player_zone_cap"] == 60
    game = mid_game(a, b)                                               # (60-card decks)
    assert len(game.state.to_bytes()) >= len(start.state.to_bytes())   # its tables may grow
    assert len(game.state.to_bytes()) == layout_bytes(game.state.header())


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_bundled_two_player_game_fits_in_16_kb(a, b):
    """The target (docs/architecture.md, Principles: state is data): a two-player 60-card
    game's state is at most 16 KB, at turn 5 and at the end of random games (tables only grow, so the end is the largest)."""
    assert len(mid_game(a, b).state.to_bytes()) <= 16 * 1024
    tables = DEFAULT_CARDS.tables
    rows = [bundled_deck(a).rows(DEFAULT_CARDS), bundled_deck(b).rows(DEFAULT_CARDS)]
    for seed in range(10):
        st = _engine.State.new_game(tables, rows, seed)
        st.play_random(seed)
        assert st.result != C["R_ABORTED"] and 4 * st.header()["total_ints"] <= 16 * 1024


def test_the_bears_mirror_state_fits_in_16_kb():
    """Forests and Grizzly Bears make no tokens, cast only sorcery-speed spells and have no
    triggered ability: no spare object rows, one stack row, no effect or trigger rows."""
    game = mid_game("bears", "bears")
    h = game.state.header()
    assert {k: h[k] for k in CAPS} == {"cap": 120, "player_zone_cap": 60, "stack_cap": 1,
                                      "effect_cap": 0, "trigger_cap": 0, "delayed_cap": 0,
                                      "pair_cap": 2 * C["GROW_FIRST_ROWS"]}
    assert len(game.state.to_bytes()) == layout_bytes(h) <= 16 * 1024
    assert len(game.clone().state.to_bytes()) == len(game.state.to_bytes())


def test_decks_that_make_tokens_or_cast_instants_start_with_a_few_rows():
    h = Game(["green_black", "red"], seed=1).state.header()   # Call of the Herd, Grave Titan
    assert h["cap"] == 120 + 2 * C["GROW_FIRST_ROWS"] and h["player_zone_cap"] == 60
    assert (h["stack_cap"], h["effect_cap"], h["trigger_cap"]) == (C["GROW_FIRST_ROWS"],) * 3
    rows = [bundled_deck(d).rows(DEFAULT_CARDS) for d in ("green_black", "red")]
    h = _engine.State.new_game(DEFAULT_CARDS.tables, rows, 1,
                               sizing=C["SIZING_FULL"]).header()     # the old fixed sizes
    assert h["cap"] == 120 + 64 and (h["stack_cap"], h["effect_cap"], h["trigger_cap"]) == (
        C["STACK_CAP"], C["EFFECT_CAP"], C["TRIGGER_CAP"])


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_random_games_never_outgrow_the_capacities_sized_from_their_cards(a, b):
    for edition in ("seed", "classic"):
        out = play_random_games(a, b, 20, seed=11, edition=edition)
        assert set(out[:, 0].tolist()) <= {1, 2}, (a, b, edition)   # won or drawn: never ABORTED


def test_create_card_grows_a_state_sized_from_its_cards():
    """A scenario brings in cards the decks don't have: the tables it may need grow."""
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    assert game.state.header()["cap"] == 120
    bear = game.create_card("Grizzly Bears", 0, Zone.HAND)
    h = game.state.header()
    assert h["cap"] == 121 and h["player_zone_cap"] == 61 and h["stack_cap"] == 1
    shock = game.create_card("Shock", 1, Zone.HAND)            # an instant (304.1): the
    h = game.state.header()                                     # stack grows as it is cast
    assert h["stack_cap"] == 1 and h["effect_cap"] == 0
    assert game.hand(0)[-1] == bear and game.hand(1)[-1] == shock
    assert len(game.state.to_bytes()) == layout_bytes(h)
    assert game.state._validate() is None


def test_reserve_grows_the_tables_and_the_game_goes_on_the_same():
    game = mid_game("bears", "bears", turn=4)
    grown = game.clone()
    grown.state.reserve(cap=200, stack_cap=10, effect_cap=5, trigger_cap=3, delayed_cap=2)
    h = grown.state.header()
    assert (h["cap"], h["stack_cap"], h["effect_cap"]) == (200, 10, 5)
    assert grown.zone(Zone.LIBRARY, 0) == game.zone(Zone.LIBRARY, 0)
    assert grown.legal_actions() == game.legal_actions()
    a, b = game.clone(), grown
    a.state.play_random(3)
    b.state.play_random(3)
    assert (a.state.result, a.state.winner, a.turn) == (b.state.result, b.state.winner, b.turn)
    assert _engine.State.from_buffer(b.cards.tables, b.state.to_bytes()) == b.state
    with pytest.raises(_engine.EngineError, match="capacity"):
        grown.state.reserve(stack_cap=C["STACK_CAP"] + 1)


def test_400_3_a_card_can_t_be_given_to_a_player_whose_zones_hold_it():
    """A library, hand or graveyard holds only its owner's cards (400.3): the edit that
    would make another player own a card in one is refused and undone."""
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    o = game.library(0)[0]
    before = game.state.to_bytes()
    with pytest.raises(MtgError, match="another player's"):
        game.set_object(o, owner=1, controller=1)
    assert game.state.to_bytes() == before


def test_a_narrow_field_refuses_a_value_it_can_t_hold():
    game = Game(["bears", "bears"], seed=1, mulligans=False)
    o = game.library(0)[0]
    before = game.state.to_bytes()
    with pytest.raises(MtgError, match="int16"):
        game.set_object(o, attack_slot=70000)
    with pytest.raises(MtgError, match="int8"):
        game.set_object(o, tapped=300)
    assert game.state.to_bytes() == before


def test_an_explicit_spare_room_is_kept_exactly():
    game = Game(["bears", "bears"], seed=1, mulligans=False, spare_objects=1)
    game.create_card("Forest", 0, Zone.HAND)
    with pytest.raises(CapacityError, match="full"):
        game.create_card("Forest", 0, Zone.HAND)
    assert game.state.header()["cap"] == 121
