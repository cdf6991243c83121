"""Effects with choices made while resolving and counted amounts (mtg_core.cards.effects.choices):
scry (701.22), surveil (701.25), "look at the top N cards of your library", discards the
player chooses (701.8), tap (701.26), "for each" counts (608.2h) and Goblin Chainwhirler's
group -- each card of mtg_core/library/choices_and_counts.py shown working in a game."""
import pytest

from mtg_core import Action, ActionKind, Deck, Game, IllegalActionError, Step, Zone
from mtg_core.cards import Draw, ForEach, GainLife, If, Pump
from mtg_core.library import ALL_CARDS as DEFAULT_CARDS_LIST
from mtg_core.enums import Decision
from mtg_core.library import choices_and_counts
from game_helpers import lands, resolve

SEED = 5


def main_game(new_game, deck0="60 Island", deck1="60 Swamp"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


def stack_top_library(game, p, names):
    """Put cards named ``names`` on top of ``p``'s library, the last one topmost."""
    return [game.create_card(n, p, Zone.LIBRARY) for n in names]


def act(game, kind, a=0):
    game.apply(Action.make(kind, a))


def test_cards_are_defined_once_with_their_oracle_text():
    from mtg_core.library import ALL_CARDS
    names = [c.name for c in ALL_CARDS]
    assert len(choices_and_counts.CARDS) >= 20
    for card in choices_and_counts.CARDS:
        assert names.count(card.name) == 1 and card.text, card.name


# --- scry (701.22) -----------------------------------------------------------------------------

def test_701_22a_opt_scry_1_to_the_bottom_then_draw(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 1)
    below, top = stack_top_library(game, 0, ["Grizzly Bears", "Lightning Bolt"])
    opt = game.create_card("Opt", 0)
    game.cast(opt)
    resolve(game)
    d = game.decision
    assert d.kind == Decision.LIBRARY_CARDS and d.player == 0 and d.count == 1
    assert {a.kind for a in game.legal_actions()} == {ActionKind.LIB_TOP, ActionKind.LIB_BOTTOM}
    assert game.obj(opt)["zone"] == game.obj(opt)["zone"]           # still on the stack (608.2n)
    assert len(game.stack()) == 1
    act(game, ActionKind.LIB_BOTTOM, top)
    assert game.library(0)[0] == top                    # the bottom card
    assert below in game.hand(0)                        # then "draw a card"
    assert opt in game.graveyard(0) and not game.stack()


def test_701_22a_preordain_orders_the_kept_cards_and_draws_the_top_one(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 1)
    a, b = stack_top_library(game, 0, ["Grizzly Bears", "Lightning Bolt"])
    game.cast(game.create_card("Preordain", 0))
    resolve(game)
    assert game.decision.count == 2
    act(game, ActionKind.LIB_TOP, b)                    # the first kept card ends deepest
    assert game.decision.count == 1
    act(game, ActionKind.LIB_TOP, a)                    # ... and the last one on top: drawn
    assert a in game.hand(0) and game.library(0)[-1] == b


def test_701_22_serum_visions_draws_then_scries_2(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 1)
    cards = stack_top_library(game, 0, ["Grizzly Bears", "Giant Growth", "Lightning Bolt", "Shock"])
    game.cast(game.create_card("Serum Visions", 0))
    resolve(game)
    assert cards[3] in game.hand(0)                     # "Draw a card." came first
    assert game.decision.count == 2
    assert {a.a for a in game.legal_actions()} == {cards[1], cards[2]}
    act(game, ActionKind.LIB_BOTTOM, cards[2])
    act(game, ActionKind.LIB_BOTTOM, cards[1])
    assert game.library(0)[:2] == [cards[1], cards[2]] and game.library(0)[-1] == cards[0]


def test_701_22_foresee_scries_4_then_draws_two(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 4)
    cards = stack_top_library(game, 0, ["Grizzly Bears", "Giant Growth", "Lightning Bolt", "Shock"])
    before = len(game.hand(0))
    game.cast(game.create_card("Foresee", 0))
    resolve(game)
    assert game.decision.count == 4 and len(game.hand(0)) == before
    act(game, ActionKind.LIB_BOTTOM, cards[3])
    act(game, ActionKind.LIB_BOTTOM, cards[0])
    act(game, ActionKind.LIB_TOP, cards[1])
    act(game, ActionKind.LIB_TOP, cards[2])
    assert {cards[1], cards[2]} <= set(game.hand(0)) and len(game.hand(0)) == before + 2
    assert game.library(0)[:2] == [cards[0], cards[3]]


def test_701_22_magma_jet_deals_damage_then_scries(new_game):
    game = main_game(new_game, "60 Mountain")
    lands(game, 0, "Mountain", 2)
    game.cast(game.create_card("Magma Jet", 0), Game.player_target(1))
    resolve(game)
    assert game.life(1) == 18 and game.decision.kind == Decision.LIBRARY_CARDS
    assert game.decision.count == 2


def test_701_22b_cloudreader_sphinx_enters_and_scries_2(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 5)
    sphinx = game.create_card("Cloudreader Sphinx", 0)
    game.cast(sphinx)
    resolve(game)            # the creature spell, then its trigger
    assert game.decision.kind == Decision.LIBRARY_CARDS and game.decision.count == 2
    top = game.library(0)[-1]
    act(game, ActionKind.LIB_BOTTOM, top)
    act(game, ActionKind.LIB_TOP, game.library(0)[-1])
    assert game.library(0)[0] == top and game.decision.kind == Decision.PRIORITY


# --- surveil (701.25) --------------------------------------------------------------------------

@pytest.mark.parametrize("name,n", [("Dimir Informant", 2), ("Barrier of Bones", 1)])
def test_701_25a_surveil_puts_cards_into_the_graveyard(new_game, name, n):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Island" if name == "Dimir Informant" else "Swamp", 3)
    game.cast(game.create_card(name, 0))
    resolve(game)
    d = game.decision
    assert d.kind == Decision.LIBRARY_CARDS and d.count == n
    assert {a.kind for a in game.legal_actions()} == {ActionKind.LIB_TOP, ActionKind.LIB_GRAVEYARD}
    top = game.library(0)[-1]
    act(game, ActionKind.LIB_GRAVEYARD, top)
    while game.decision.kind == Decision.LIBRARY_CARDS:
        act(game, ActionKind.LIB_TOP, game.legal_actions()[0].a)
    assert top in game.graveyard(0)


def test_701_22b_scry_with_an_empty_library_asks_nothing(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 1)
    for o in game.library(0):
        game.move(o, Zone.EXILE)
    game.cast(game.create_card("Opt", 0))
    game.pass_priority()
    game.pass_priority()
    # no choice was asked; Opt drew from the empty library: 704.5b
    assert game.is_over and game.result.winner == 1


# --- look at the top N cards -------------------------------------------------------------------

@pytest.mark.parametrize("name,n", [("Anticipate", 3), ("Impulse", 4), ("Sea Gate Oracle", 2)])
def test_look_at_the_top_cards_put_one_into_your_hand_and_the_rest_on_the_bottom(new_game, name, n):
    game = main_game(new_game)
    lands(game, 0, "Island", 3)
    cards = stack_top_library(game, 0, ["Grizzly Bears", "Giant Growth", "Lightning Bolt", "Shock"])
    game.cast(game.create_card(name, 0))
    resolve(game)
    d = game.decision
    assert d.kind == Decision.LOOK_TAKE and d.count == n
    looked = cards[4 - n:]
    assert sorted(a.a for a in game.legal_actions()) == sorted(looked)
    assert {a.kind for a in game.legal_actions()} == {ActionKind.LIB_HAND}   # one must be taken
    act(game, ActionKind.LIB_HAND, looked[0])
    assert looked[0] in game.hand(0)
    assert game.decision.kind == Decision.LIBRARY_CARDS and game.decision.count == n - 1
    assert {a.kind for a in game.legal_actions()} == {ActionKind.LIB_BOTTOM}
    while game.decision.kind == Decision.LIBRARY_CARDS:
        act(game, ActionKind.LIB_BOTTOM, game.legal_actions()[0].a)
    assert set(game.library(0)[:n - 1]) == set(looked[1:])


def test_augur_of_bolas_may_reveal_an_instant_or_sorcery(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 2)
    bears, bolt, giant = stack_top_library(game, 0, ["Grizzly Bears", "Lightning Bolt", "Grizzly Bears"])
    game.cast(game.create_card("Augur of Bolas", 0))
    resolve(game)
    assert game.decision.kind == Decision.LOOK_TAKE
    acts = game.legal_actions()
    assert acts[0].kind == ActionKind.LIB_TAKE_NONE                      # "you may"
    assert [a.a for a in acts[1:]] == [bolt]                             # only the instant
    with pytest.raises(IllegalActionError):
        act(game, ActionKind.LIB_HAND, bears)
    act(game, ActionKind.LIB_HAND, bolt)
    assert bolt in game.hand(0) and game.decision.count == 2


def test_augur_of_bolas_taking_none_puts_all_three_on_the_bottom(new_game):
    game = main_game(new_game)
    lands(game, 0, "Island", 2)
    looked = stack_top_library(game, 0, ["Grizzly Bears", "Lightning Bolt", "Grizzly Bears"])
    game.cast(game.create_card("Augur of Bolas", 0))
    resolve(game)
    act(game, ActionKind.LIB_TAKE_NONE)
    assert game.decision.count == 3
    while game.decision.kind == Decision.LIBRARY_CARDS:
        act(game, ActionKind.LIB_BOTTOM, game.legal_actions()[0].a)
    assert set(game.library(0)[:3]) == set(looked)



@pytest.mark.parametrize("name,take", [("Anticipate", True), ("Augur of Bolas", True),
                                       ("Augur of Bolas", False)])
def test_401_4_the_rest_put_on_the_bottom_in_any_order_is_a_state_that_saves(new_game, name, take):
    """After the card taken (or none, "you may"), the player orders the rest on the bottom
    of their library (401.4, a choice of library cards): a save made then loads, at each
    card placed."""
    game = main_game(new_game)
    lands(game, 0, "Island", 3)
    stack_top_library(game, 0, ["Grizzly Bears", "Lightning Bolt", "Shock"])
    game.cast(game.create_card(name, 0))
    resolve(game)
    assert game.decision.kind == Decision.LOOK_TAKE
    take_one = next(a for a in game.legal_actions()
                    if (a.kind == ActionKind.LIB_HAND) == take)
    game.apply(take_one)
    assert game.decision.kind == Decision.LIBRARY_CARDS
    while game.decision.kind == Decision.LIBRARY_CARDS:
        assert Game.load(game.save(), cards=game.cards) == game
        act(game, ActionKind.LIB_BOTTOM, game.legal_actions()[-1].a)
    assert Game.load(game.save(), cards=game.cards) == game

# --- discard (701.8) ---------------------------------------------------------------------------

def test_701_8a_mind_rot_target_player_chooses_two_cards(new_game):
    game = main_game(new_game, "60 Swamp", "60 Island")
    lands(game, 0, "Swamp", 3)
    hand1 = game.hand(1)
    game.cast(game.create_card("Mind Rot", 0), Game.player_target(1))
    resolve(game)
    d = game.decision
    assert d.kind == Decision.DISCARD_CHOICE and d.player == 1 and d.count == 2
    assert sorted(a.a for a in game.legal_actions()) == sorted(hand1)
    act(game, ActionKind.DISCARD_CHOSEN, hand1[0])
    assert game.decision.count == 1 and hand1[0] in game.hand(1)       # discarded together
    act(game, ActionKind.DISCARD_CHOSEN, hand1[3])
    assert hand1[0] in game.graveyard(1) and hand1[3] in game.graveyard(1)
    assert len(game.hand(1)) == len(hand1) - 2


def test_701_8a_mind_rot_on_a_one_card_hand_discards_it(new_game):
    game = main_game(new_game, "60 Swamp", "60 Island")
    lands(game, 0, "Swamp", 3)
    for o in game.hand(1)[1:]:
        game.move(o, Zone.EXILE)
    game.cast(game.create_card("Mind Rot", 0), Game.player_target(1))
    resolve(game)
    act(game, ActionKind.DISCARD_CHOSEN, game.hand(1)[0])
    assert game.hand(1) == [] and game.decision.kind == Decision.PRIORITY


def test_701_8a_ravenous_rats_target_opponent_discards(new_game):
    game = main_game(new_game, "60 Swamp")
    lands(game, 0, "Swamp", 2)
    game.cast(game.create_card("Ravenous Rats", 0))
    resolve(game)
    game.apply(Action.make(ActionKind.TARGET, Game.player_target(1)))
    resolve(game)
    assert game.decision.kind == Decision.DISCARD_CHOICE and game.decision.player == 1


def test_101_4_burglar_rat_each_opponent_discards_in_apnap_order(new_game):
    game = new_game("60 Swamp", players=3)
    game.pass_to(Step.MAIN, 0)
    lands(game, 0, "Swamp", 2)
    game.cast(game.create_card("Burglar Rat", 0))
    resolve(game)
    resolve(game)
    assert game.decision.kind == Decision.DISCARD_CHOICE and game.decision.player == 1
    c1 = game.hand(1)[0]
    act(game, ActionKind.DISCARD_CHOSEN, c1)
    assert game.decision.player == 2 and c1 in game.hand(1)
    c2 = game.hand(2)[0]
    act(game, ActionKind.DISCARD_CHOSEN, c2)
    assert c1 in game.graveyard(1) and c2 in game.graveyard(2)


@pytest.mark.parametrize("name,draws,discards", [("Faithless Looting", 2, 2), ("Sift", 3, 1),
                                                 ("Catalog", 2, 1), ("Careful Study", 2, 2)])
def test_701_8a_draw_then_discard(new_game, name, draws, discards):
    game = main_game(new_game, "60 Mountain")
    lands(game, 0, "Island", 2)
    lands(game, 0, "Mountain", 2)
    spell = game.create_card(name, 0)
    before = len(game.hand(0))
    game.cast(spell)
    resolve(game)
    assert game.decision.kind == Decision.DISCARD_CHOICE and game.decision.count == discards
    assert len(game.hand(0)) == before - 1 + draws
    for _ in range(discards):
        act(game, ActionKind.DISCARD_CHOSEN, game.legal_actions()[0].a)
    assert len(game.hand(0)) == before - 1 + draws - discards
    assert spell in game.graveyard(0)


def test_merfolk_looter_draws_then_discards(new_game):
    game = main_game(new_game)
    looter = game.create_card("Merfolk Looter", 0, Zone.BATTLEFIELD)
    before = len(game.hand(0))
    game.activate(looter, 0)
    resolve(game)
    assert len(game.hand(0)) == before + 1
    act(game, ActionKind.DISCARD_CHOSEN, game.hand(0)[0])
    assert len(game.hand(0)) == before and game.obj(looter)["tapped"] == 1


# --- tap (701.26) ------------------------------------------------------------------------------

def test_701_26a_pressure_point_taps_target_creature_and_draws(new_game):
    game = main_game(new_game, "60 Plains", "60 Forest")
    lands(game, 0, "Plains", 2)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    before = len(game.hand(0))
    game.cast(game.create_card("Pressure Point", 0), bear)
    resolve(game)
    assert game.obj(bear)["tapped"] == 1 and len(game.hand(0)) == before + 1


@pytest.mark.parametrize("name", ["Goldmeadow Harrier", "Gideon's Lawkeeper"])
def test_701_26a_tapper_taps_target_creature(new_game, name):
    game = main_game(new_game, "60 Plains", "60 Forest")
    lands(game, 0, "Plains", 1)
    tapper = game.create_card(name, 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.activate(tapper, 0, bear)
    resolve(game)
    assert game.obj(bear)["tapped"] == 1 and game.obj(tapper)["tapped"] == 1


@pytest.mark.parametrize("name,frozen", [("Chrome Prowler", False), ("Frost Lynx", True)])
def test_701_26a_enters_and_taps_a_creature_an_opponent_controls(new_game, name, frozen):
    game = main_game(new_game, "60 Island", "60 Forest")
    lands(game, 0, "Island", 3)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    mine = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card(name, 0))
    resolve(game)
    assert game.target_choices() == [bear]               # an opponent's creature only
    game.apply(Action.make(ActionKind.TARGET, bear))
    resolve(game)
    assert game.obj(bear)["tapped"] == 1 and game.obj(mine)["tapped"] == 0
    game.pass_to(Step.UPKEEP, 1)
    assert game.obj(bear)["tapped"] == int(frozen)       # 502.2


# --- groups and counts (608.2h) ----------------------------------------------------------------

def test_eye_collector_each_player_mills_a_card(new_game):
    game = new_game("60 Swamp", "60 Island")
    game.pass_to(Step.MAIN, 0)
    collector = game.create_card("Eye Collector", 0, Zone.BATTLEFIELD)
    game.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    game.declare_attackers({collector: Game.player_target(1)})
    game.pass_until(lambda g: g.stack())
    resolve(game)
    assert len(game.graveyard(0)) == 1 and len(game.graveyard(1)) == 1


def test_goblin_chainwhirler_damages_opponents_their_creatures_and_planeswalkers(new_game):
    game = main_game(new_game, "60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 3)
    bear = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    elf = game.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    garruk = game.create_card("Garruk Wildspeaker", 1, Zone.BATTLEFIELD)
    mine = game.create_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
    whirler = game.create_card("Goblin Chainwhirler", 0)
    game.cast(whirler)
    resolve(game)
    resolve(game)
    assert game.life(1) == 19 and game.life(0) == 20
    assert game.obj(bear)["damage"] == 1 and elf in game.graveyard(1)
    assert game.obj(garruk)["loyalty"] == 2 and mine in game.battlefield(0)
    assert game.obj(whirler)["damage"] == 0


def test_608_2h_might_of_the_masses_counts_creatures_as_it_resolves(new_game):
    game = main_game(new_game, "60 Forest")
    lands(game, 0, "Forest", 1)
    bears = [game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(3)]
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card("Might of the Masses", 0), bears[0])
    game.move(bears[2], Zone.HAND)                       # gone before it resolves
    resolve(game)
    assert game.power_toughness(bears[0]) == (4, 4)      # two creatures you control


@pytest.mark.parametrize("name,per,cost_lands", [("Festival of Trokin", 2, "Plains"),
                                                 ("Bountiful Harvest", 1, "Forest")])
def test_608_2h_gain_life_for_each(new_game, name, per, cost_lands):
    game = main_game(new_game, f"60 {cost_lands}")
    ls = lands(game, 0, cost_lands, 5)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.cast(game.create_card(name, 0))
    resolve(game)
    counted = 2 if name == "Festival of Trokin" else len(ls)
    assert game.life(0) == 20 + per * counted


def test_608_2h_congregate_counts_each_creature_on_the_battlefield(new_game):
    game = main_game(new_game, "60 Plains")
    lands(game, 0, "Plains", 4)
    for p in (0, 1, 1):
        game.create_card("Grizzly Bears", p, Zone.BATTLEFIELD)
    game.cast(game.create_card("Congregate", 0), Game.player_target(1))
    resolve(game)
    assert game.life(1) == 26 and game.life(0) == 20


@pytest.mark.parametrize("name,gain", [("Angel of Renewal", 3), ("Dwarven Priest", 3)])
def test_608_2h_enters_and_gains_life_for_each_creature_you_control(new_game, name, gain):
    game = main_game(new_game, "60 Plains")
    lands(game, 0, "Plains", 6)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.cast(game.create_card(name, 0))
    resolve(game)
    resolve(game)
    assert game.life(0) == 20 + gain                     # itself and the two Bears


def test_608_2h_collective_unconscious_draws_a_card_for_each_creature(new_game):
    game = main_game(new_game, "60 Forest")
    lands(game, 0, "Forest", 6)
    for _ in range(3):
        game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    before = len(game.hand(0))
    game.cast(game.create_card("Collective Unconscious", 0))
    resolve(game)
    assert len(game.hand(0)) == before + 3


# --- the Oracle importer reads these cards (mtg_core/oracle: grammar + lowering) -----------------

# Read, but the language can't say it yet: "each creature and planeswalker they control".
NOT_YET_IMPORTED = {"Goblin Chainwhirler"}


@pytest.mark.parametrize("card", choices_and_counts.CARDS, ids=lambda c: c.name)
def test_the_importer_reads_each_card_to_the_same_core_tables(card):
    import numpy as np
    from mtg_core.cards import CardDB
    from mtg_core.oracle.importer import import_card
    type_line = " ".join(card.supertypes + card.types) + (" — " + " ".join(card.subtypes)
                                                          if card.subtypes else "")
    res = import_card(card.name, card.mana_cost, type_line, card.text,
                      None if card.power is None else str(card.power),
                      None if card.toughness is None else str(card.toughness))
    if card.name in NOT_YET_IMPORTED:
        assert not res.ok and res.refusals
        return
    assert res.ok, res.refusals
    mine, theirs = CardDB([card]).tables, CardDB([res.card]).tables
    for table in ("cards", "abilities", "program"):
        a, b = getattr(mine, table), getattr(theirs, table)
        assert a.shape == b.shape and np.array_equal(a, b), (card.name, table)


@pytest.mark.parametrize("text,feature", [  # feature: what is missing (None: imports)
    ("Look at the top three cards of your library. Put one of them into your graveyard and the "
     "rest on the bottom of your library in any order.", "look at"),
    ("You may discard a card. If you do, return target creature to its owner's hand.", None),
    ("You gain 1 life for each creature you control with power 4 or greater.", "for each"),
    ("Target creature gets +2/+1 until end of turn for each creature you control.", "for each"),
    ("You may sacrifice a creature. If you do, draw a card.", "if you do"),
])
def test_the_importer_refuses_what_the_choices_cant_say(text, feature):
    from mtg_core.oracle.importer import import_card
    res = import_card("Test Card", "{1}", "Sorcery", text)
    if feature is None:
        assert res.ok                                  # a bounce after "if you do" is fine
        return
    assert not res.ok and res.refusals                 # refused, never read another way


@pytest.mark.parametrize("text,effects", [
    ("You gain X life and draw X cards, where X is the number of creatures you control.",
     "(ForEach(count='creature you control', effect=GainLife(who='you', amount=1)), "
     "ForEach(count='creature you control', effect=Draw(who='you', count=1)))"),
    ("Draw a card. If you have no cards in hand, draw two cards.",
     "(Draw(who='you', count=1), If(condition=AtMost('card in your hand', 0), "
     "effects=(Draw(who='you', count=2),)))"),
    ("Target creature gets -4/-0 until end of turn. If you control an artifact, draw a card.",
     "(Pump(who='target', power=-4, toughness=0, duration='end of turn'), "
     "If(condition=AtLeast('artifact you control', 1), effects=(Draw(who='you', count=1),)))"),
])
def test_the_importer_reads_where_x_is_and_resolution_time_ifs(text, effects):
    from mtg_core.cards import AtLeast, AtMost  # noqa: F401  (named in ``effects``)
    from mtg_core.oracle.importer import import_card
    res = import_card("Test Card", "{1}", "Sorcery", text)
    assert res.ok, res.refusals
    got = res.card.abilities[0].effects
    want = eval(effects.replace("If(condition=", "If_(").replace("effects=(", "("),
                {"If_": lambda c, e: If(c, *e), "ForEach": ForEach, "GainLife": GainLife,
                 "Draw": Draw, "Pump": Pump, "AtLeast": AtLeast, "AtMost": AtMost})
    assert got == want


def test_608_2c_a_resolution_time_if_in_a_game(new_game):
    from mtg_core.cards import Card, CardDB
    from mtg_core.oracle.importer import import_card
    card = import_card("Test If Draw", "{U}", "Sorcery",
                       "Draw a card. If you have no cards in hand, draw two cards.").card
    cards = CardDB(list(DEFAULT_CARDS_LIST) + [card])
    game = Game([Deck.parse("60 Island"), Deck.parse("60 Island")], seed=1, cards=cards,
                starting_player=0, mulligans=False)
    game.pass_to(Step.MAIN, 0)
    lands(game, 0, "Island", 1)
    spell = game.create_card("Test If Draw", 0)
    for o in game.hand(0):
        if o != spell:
            game.move(o, Zone.EXILE)
    game.cast(spell)
    resolve(game)
    assert len(game.hand(0)) == 1                     # one card in hand after the draw: no more
