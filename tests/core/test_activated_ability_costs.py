"""Costs of activated abilities (602.2b, 118.3, 601.2h: all parts paid together) and mana
abilities with costs (605.1a): "Sacrifice ~", "Sacrifice a creature / an artifact",
"Discard a card", "Pay N life", "Tap an untapped creature you control", {Q} (107.6),
with mana and {T}.  The choices of what to sacrifice, tap or discard are decisions
(Decision.ACTIVATION_COST) offered to the activating player; a cost that can't be paid
makes the ability not activatable, and trying raises a specific error and changes nothing."""
import pytest

from mtg_core import (Action, ActionKind, Decision, IllegalActionError, Keyword, Step, Zone,
                      _engine)
from mtg_core.cards import ActivatedAbility, Card, CardScriptError, Draw, ManaAbility, Pump

C = _engine.constants()
SEED = 29


def resolve(game):
    while game.stack() and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


def activate_action(o, idx=0):
    return Action.make(ActionKind.ACTIVATE, o, idx)


def main_game(new_game, deck0="60 Swamp", deck1="60 Forest"):
    game = new_game(deck0, deck1)
    game.pass_to(Step.MAIN, 0)
    return game


def refused(game, action, rule):
    """``action`` is illegal: IllegalActionError naming ``rule``, and the state is unchanged."""
    before = game.save()
    assert action not in game.legal_actions()
    with pytest.raises(IllegalActionError, match=rule.replace(".", r"\.")):
        game.apply(action)
    assert game.save() == before


# --- 118.3 / 602.2b: sacrifice a creature / an artifact -------------------------------------

@pytest.mark.parametrize("name", ["Nantuko Husk", "Bloodthrone Vampire"])
def test_118_3_sacrifice_a_creature_is_the_activating_players_choice(new_game, name):
    game = main_game(new_game)
    husk = game.create_card(name, 0, Zone.BATTLEFIELD)
    bears = [game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2)]
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    base = game.power_toughness(husk)
    game.apply(activate_action(husk))
    d = game.decision
    assert d.kind == Decision.ACTIVATION_COST and d.player == 0 and d.slot == C["PAYC_SAC"]
    offered = sorted(a.a for a in game.legal_actions())
    assert offered == sorted([husk, *bears]) and theirs not in offered   # any creature you control
    game.apply(Action.make(ActionKind.SAC_COST, bears[1]))
    assert game.graveyard(0) == [bears[1]]                             # paid at once (601.2h)
    resolve(game)
    assert game.power_toughness(husk) == (base[0] + 2, base[1] + 2)


def test_118_3_nantuko_husk_may_sacrifice_itself_and_the_ability_still_resolves(new_game):
    game = main_game(new_game)
    husk = game.create_card("Nantuko Husk", 0, Zone.BATTLEFIELD)
    game.activate(husk, 0, sacrifice=husk)
    assert husk not in game.battlefield(0) and game.stack()           # 113.7a: independent of its source
    resolve(game)


def test_602_2b_sacrifice_cost_with_nothing_to_sacrifice_is_refused(new_game):
    game = main_game(new_game)
    atog = game.create_card("Atog", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)               # a creature, no artifact
    refused(game, activate_action(atog), "118.3")
    assert game.power_toughness(atog) == (1, 2)


def test_118_3_atog_sacrifices_an_artifact(new_game):
    game = main_game(new_game)
    atog = game.create_card("Atog", 0, Zone.BATTLEFIELD)
    mox = game.create_card("Mox Pearl", 0, Zone.BATTLEFIELD)
    game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.apply(activate_action(atog))
    assert [a.a for a in game.legal_actions()] == [mox]                 # only the artifact
    game.apply(Action.make(ActionKind.SAC_COST, mox))
    resolve(game)
    assert game.power_toughness(atog) == (3, 4) and mox in game.graveyard(0)


def test_118_3_carrion_feeder_sacrifices_for_a_counter_and_cant_block(new_game):
    game = main_game(new_game)
    feeder = game.create_card("Carrion Feeder", 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.activate(feeder, 0, sacrifice=bear)
    resolve(game)
    assert game.obj(feeder)["plus1"] == 1 and game.power_toughness(feeder) == (2, 2)


def test_602_2b_sacrifice_self_costs_need_no_untapped_or_unsick_source(new_game):
    """Bottle Gnomes: "Sacrifice ~" isn't {T}, so summoning sickness doesn't matter (302.6)."""
    game = main_game(new_game)
    gnomes = game.create_card("Bottle Gnomes", 0, Zone.BATTLEFIELD)
    game.set_object(gnomes, sick=1, tapped=1)
    life = game.life(0)
    game.activate(gnomes)
    assert gnomes in game.graveyard(0)
    resolve(game)
    assert game.life(0) == life + 3


# --- "Tap an untapped creature you control" --------------------------------------------------

@pytest.mark.parametrize("name", ["Bramblesnap", "Topan Ascetic", "Llanowar Behemoth"])
def test_118_3_tap_an_untapped_creature_even_a_summoning_sick_one(new_game, name):
    game = main_game(new_game)
    pumped = game.create_card(name, 0, Zone.BATTLEFIELD)
    sick = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    tapped = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.set_object(sick, sick=1)
    game.set_object(tapped, tapped=1)
    base = game.power_toughness(pumped)
    game.apply(activate_action(pumped))
    d = game.decision
    assert d.kind == Decision.ACTIVATION_COST and d.slot == C["PAYC_TAP"]
    # 302.6 restricts only a creature's own {T} abilities: the sick one can be tapped;
    # the creature itself can be tapped for its own cost
    assert sorted(a.a for a in game.legal_actions()) == sorted([pumped, sick])
    game.apply(Action.make(ActionKind.TAP_COST, sick))
    assert game.obj(sick)["tapped"] and not game.obj(pumped)["tapped"]
    resolve(game)
    game.activate(pumped, 0, tap=pumped)
    resolve(game)
    assert game.power_toughness(pumped) == (base[0] + 2, base[1] + 2)
    refused(game, activate_action(pumped), "118.3")                     # nothing untapped left


def test_118_3_telethopter_and_hair_strung_koto(new_game):
    game = main_game(new_game)
    thopter = game.create_card("Telethopter", 0, Zone.BATTLEFIELD)
    koto = game.create_card("Hair-Strung Koto", 0, Zone.BATTLEFIELD)
    bear = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.activate(thopter, 0, tap=bear)
    resolve(game)
    assert game.keywords(thopter) & Keyword.FLYING
    library = len(game.library(1))
    game.activate(koto, 0, game.player_target(1), tap=thopter)
    resolve(game)
    assert len(game.library(1)) == library - 1 and len(game.graveyard(1)) == 1
    refused(game, activate_action(koto), "118.3")


# --- "Discard a card" -----------------------------------------------------------------------

def test_118_3_discard_a_card_is_chosen_from_the_hand(new_game):
    game = main_game(new_game)
    snake = game.create_card("Noose Constrictor", 0, Zone.BATTLEFIELD)
    for o in list(game.hand(0)):
        game.move(o, Zone.LIBRARY)
    cards = [game.create_card("Grizzly Bears", 0) for _ in range(2)]
    game.apply(activate_action(snake))
    assert game.decision.slot == C["PAYC_DISCARD"]
    assert sorted(a.a for a in game.legal_actions()) == sorted(cards)
    game.apply(Action.make(ActionKind.DISCARD_COST, cards[0]))
    assert game.graveyard(0) == [cards[0]] and game.hand(0) == [cards[1]]
    resolve(game)
    game.activate(snake, 0, discard=cards[1])
    resolve(game)
    assert game.power_toughness(snake) == (4, 4)
    refused(game, activate_action(snake), "118.3")                      # an empty hand


def test_118_3_discard_costs_olivias_dragoon_and_ephemeron(new_game):
    game = main_game(new_game)
    dragoon = game.create_card("Olivia's Dragoon", 0, Zone.BATTLEFIELD)
    ephemeron = game.create_card("Ephemeron", 0, Zone.BATTLEFIELD)
    game.activate(dragoon, 0, discard=game.hand(0)[0])
    resolve(game)
    assert game.keywords(dragoon) & Keyword.FLYING
    game.activate(ephemeron, 0, discard=game.hand(0)[0])
    resolve(game)
    assert ephemeron in game.hand(0)


# --- "Pay N life" (119.4) --------------------------------------------------------------------

def test_119_4_pay_life_costs(new_game):
    game = main_game(new_game)
    howler = game.create_card("Carrion Howler", 0, Zone.BATTLEFIELD)
    griselbrand = game.create_card("Griselbrand", 0, Zone.BATTLEFIELD)
    glorifier = game.create_card("Glorifier of Dusk", 0, Zone.BATTLEFIELD)
    game.activate(howler)
    assert game.life(0) == 19                                            # paid on activation
    resolve(game)
    assert game.power_toughness(howler) == (4, 1)
    hand = len(game.hand(0))
    game.activate(griselbrand)
    resolve(game)
    assert game.life(0) == 12 and len(game.hand(0)) == hand + 7
    game.activate(glorifier, 0)
    game.activate(glorifier, 1)
    resolve(game)
    assert game.life(0) == 8
    assert game.keywords(glorifier) & Keyword.FLYING and game.keywords(glorifier) & Keyword.VIGILANCE
    game.set_player(0, life=6)
    refused(game, activate_action(griselbrand), "119.4")                 # 6 life: can't pay 7
    game.set_player(0, life=7)
    game.activate(griselbrand)                                           # all of it: 7 >= 7
    assert game.life(0) == 0


def test_119_4_deepwood_ghoul_pays_life_to_regenerate(new_game):
    game = main_game(new_game, deck1="60 Mountain")
    ghoul = game.create_card("Deepwood Ghoul", 0, Zone.BATTLEFIELD)
    game.activate(ghoul)
    resolve(game)
    bolt = game.create_card("Lightning Bolt", 1)
    game.create_card("Mountain", 1, Zone.BATTLEFIELD)
    game.pass_priority()                                   # to P1, who bolts the Ghoul
    game.cast(bolt, ghoul)
    resolve(game)                                          # lethal damage destroys it (704.5g)
    assert ghoul in game.battlefield(0) and game.obj(ghoul)["tapped"]      # 701.19
    assert game.life(0) == 18


# --- {Q}, the untap symbol (107.6) ------------------------------------------------------------

def test_107_6_untap_symbol_needs_a_tapped_unsick_permanent(new_game):
    game = main_game(new_game, deck0="60 Island")
    waves = game.create_card("Merrow Wavebreakers", 0, Zone.BATTLEFIELD)
    [game.create_card("Island", 0, Zone.BATTLEFIELD) for _ in range(2)]
    refused(game, activate_action(waves), "107.6")                       # untapped
    game.set_object(waves, tapped=1, sick=1)
    refused(game, activate_action(waves), "302.6")                       # {Q} like {T}
    game.set_object(waves, sick=0)
    game.activate(waves)
    assert not game.obj(waves)["tapped"]
    assert all(game.obj(o)["tapped"] for o in game.battlefield(0) if o != waves)   # {1}{U}
    resolve(game)
    assert game.keywords(waves) & Keyword.FLYING


def test_107_6_patrol_signaler_makes_a_kithkin_soldier(new_game):
    game = main_game(new_game, deck0="60 Plains")
    signaler = game.create_card("Patrol Signaler", 0, Zone.BATTLEFIELD)
    [game.create_card("Plains", 0, Zone.BATTLEFIELD) for _ in range(2)]
    game.set_object(signaler, tapped=1)
    game.activate(signaler)
    resolve(game)
    tokens = [o for o in game.battlefield(0) if game.obj(o)["token"]]
    assert len(tokens) == 1 and game.power_toughness(tokens[0]) == (1, 1)
    assert game.object_name(tokens[0]).startswith("Kithkin Soldier")


# --- {T} abilities: Prodigal Sorcerer ----------------------------------------------------------

def test_602_2b_prodigal_sorcerer_taps_to_deal_1_damage(new_game):
    game = main_game(new_game)
    sorcerer = game.create_card("Prodigal Sorcerer", 0, Zone.BATTLEFIELD)
    game.activate(sorcerer, 0, game.player_target(1))
    resolve(game)
    assert game.life(1) == 19 and game.obj(sorcerer)["tapped"]
    refused(game, activate_action(sorcerer), "602.2b")                   # tapped


# --- 605.1a: mana abilities with costs ---------------------------------------------------------

def test_605_1a_moxen_and_birds_pay_automatically(new_game, can_cast):
    game = main_game(new_game)
    for name in ("Mox Pearl", "Mox Sapphire", "Mox Jet", "Mox Ruby", "Mox Emerald"):
        game.create_card(name, 0, Zone.BATTLEFIELD)
    birds = game.create_card("Birds of Paradise", 0, Zone.BATTLEFIELD)
    assert game.keywords(birds) & Keyword.FLYING
    spell = game.create_card("Serra Angel", 0)                           # {3}{W}{W}: Pearl + Birds
    assert can_cast(game, spell)
    game.cast(spell)
    assert game.obj(birds)["tapped"]
    assert sum(game.obj(o)["tapped"] for o in game.battlefield(0)) == 5


def test_605_1a_lotus_petal_is_sacrificed_for_mana(new_game, mana_action):
    game = main_game(new_game)
    petal = game.create_card("Lotus Petal", 0, Zone.BATTLEFIELD)
    game.apply(mana_action(petal, "U"))
    assert game.mana_pool(0) == {"U": 1} and petal in game.graveyard(0)


def test_605_1a_blood_pet_is_activated_by_hand_not_by_automatic_payment(new_game, can_cast,
                                                                        mana_action):
    game = main_game(new_game)
    pet = game.create_card("Blood Pet", 0, Zone.BATTLEFIELD)
    game.set_object(pet, sick=1)                        # "Sacrifice ~" alone: 302.6 doesn't apply
    spell = game.create_card("Typhoid Rats", 0)
    assert not can_cast(game, spell)                    # payment won't sacrifice a creature
    assert mana_action(pet, "B") in game.legal_actions()
    game.apply(mana_action(pet, "B"))
    assert game.mana_pool(0) == {"B": 1} and pet in game.graveyard(0)
    assert can_cast(game, spell)


@pytest.mark.parametrize("name,colors", [
    ("Sunbaked Canyon", "RW"), ("Fiery Islet", "UR"), ("Nurturing Peatland", "BG"),
    ("Silent Clearing", "WB"), ("Waterlogged Grove", "GU"), ("Horizon Canopy", "GW")])
def test_605_1a_horizon_lands_pay_life_for_mana_and_sacrifice_to_draw(new_game, mana_action,
                                                                     can_cast, name, colors):
    game = main_game(new_game)
    land = game.create_card(name, 0, Zone.BATTLEFIELD)
    bolt = game.create_card("Lightning Bolt", 0)
    assert not can_cast(game, bolt)                     # automatic payment won't pay life
    assert [a for a in game.legal_actions() if a.kind == ActionKind.ACTIVATE_MANA] == \
        [mana_action(land, c) for c in sorted(colors, key="WUBRGC".index)]
    game.apply(mana_action(land, colors[0]))
    assert game.mana_pool(0) == {colors[0]: 1} and game.life(0) == 19
    game.set_object(land, tapped=0)
    other = game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    hand = len(game.hand(0))
    game.activate(land, 1)                              # {1}, {T}, Sacrifice ~: Draw a card
    assert land in game.graveyard(0) and game.mana_pool(0) == {} and not game.obj(other)["tapped"]
    resolve(game)
    assert len(game.hand(0)) == hand + 1


def test_605_1a_pili_pala_untaps_and_pays_two_for_any_color(new_game, mana_action):
    game = main_game(new_game)
    pili = game.create_card("Pili-Pala", 0, Zone.BATTLEFIELD)
    swamps = [game.create_card("Swamp", 0, Zone.BATTLEFIELD) for _ in range(2)]
    assert mana_action(pili, "G") not in game.legal_actions()            # untapped: no {Q}
    game.set_object(pili, tapped=1)
    game.apply(mana_action(pili, "G"))
    assert game.mana_pool(0) == {"G": 1} and not game.obj(pili)["tapped"]
    assert all(game.obj(s)["tapped"] for s in swamps)


# --- the card language ---------------------------------------------------------------------------

def test_602_1a_activation_cost_scripts_are_checked():
    with pytest.raises(CardScriptError, match="Bad Husk: .*can't sacrifice or tap 'goblin'"):
        Card("Bad Husk", "{B}", ("Creature",), power=1, toughness=1,
             abilities=(ActivatedAbility("sacrifice a goblin", Pump("self", 1, 1)),))
    with pytest.raises(CardScriptError, match="both {T} and {Q}"):
        Card("Bad Q", "{B}", ("Creature",), power=1, toughness=1,
             abilities=(ActivatedAbility("{T}, {Q}", Draw("you", 1)),))
    with pytest.raises(CardScriptError, match="write 'another'"):
        Card("Bad Sac", "{B}", ("Creature",), power=1, toughness=1,
             abilities=(ActivatedAbility("Sacrifice ~, Sacrifice a creature", Draw("you", 1)),))
    with pytest.raises(CardScriptError, match="mana ability cost"):
        Card("Bad Altar", "{3}", ("Artifact",),
             abilities=(ManaAbility("C", cost="Sacrifice a creature"),))


# --- the Oracle importer reads these costs (118.3, 605.1a), ward and searches ---------------------

def _costs_records():
    """The corpus records (bundled in tests/data) of library/activated_costs.py."""
    from oracle_helpers import SUBSET

    from mtg_core.library import activated_costs
    from mtg_core.oracle.sources import read_file
    names = {c.name for c in activated_costs.CARDS}
    records = {r.name: r for r in read_file(str(SUBSET)) if r.name in names}
    assert set(records) == names, names - set(records)
    return activated_costs.CARDS, records


def test_importer_lowers_every_activated_costs_card_to_the_same_tables():
    """Each card of library/activated_costs.py, imported from its Oracle text, compiles to
    exactly the hand-written tables."""
    import numpy as np

    from mtg_core.cards import CardDB
    from mtg_core.oracle import import_record
    cards, records = _costs_records()
    for card in cards:
        res = import_record(records[card.name])
        assert res.ok, (card.name, res.refusals)
        mine, theirs = CardDB([card]).tables, CardDB([res.card]).tables
        for table in ("cards", "abilities", "program"):
            assert np.array_equal(getattr(mine, table), getattr(theirs, table)), (card.name, table)


def test_importer_refuses_mutated_activated_costs_texts_or_reads_another_meaning():
    """As test_mutated_texts_are_refused_or_mean_something_else, over every card of this
    module: a dropped word, an added rider or a changed word never gives the same
    definition."""
    from oracle_helpers import check_mutations
    cards, records = _costs_records()
    assert check_mutations(records, sorted(c.name for c in cards)) > 1000


# --- the other cost words, on test cards ----------------------------------------------------------

def _game_with(*extra):
    from mtg_core import Deck, Game
    from mtg_core.cards import CardDB
    from mtg_core.library import ALL_CARDS
    game = Game([Deck.parse("60 Swamp"), Deck.parse("60 Forest")], seed=SEED,
                cards=CardDB(ALL_CARDS + list(extra)), mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    return game


def test_122_remove_counters_cost_needs_the_counters():
    from mtg_core.cards import Damage
    pinger = Card("Test Counter Pinger", "{3}", ("Artifact", "Creature"), power=0, toughness=1,
                  abilities=(ActivatedAbility("Remove a +1/+1 counter from ~", Damage("target", 1),
                                              targets=("any",)),),
                  text="Remove a +1/+1 counter from Test Counter Pinger: It deals 1 damage to any target.")
    game = _game_with(pinger)
    o = game.create_card("Test Counter Pinger", 0, Zone.BATTLEFIELD)
    refused(game, activate_action(o), "118.3")                          # no counter
    game.set_object(o, plus1=1)
    game.activate(o, 0, game.player_target(1))
    assert game.obj(o)["plus1"] == 0                                     # removed as the cost
    resolve(game)
    assert game.life(1) == 19


def test_118_3_sacrifice_another_creature_and_a_land():
    other = Card("Test Altar Beast", "{B}", ("Creature",), power=1, toughness=1,
                 abilities=(ActivatedAbility("{B}, Sacrifice another creature", Draw("you", 1)),),
                 text="{B}, Sacrifice another creature: Draw a card.")
    land = Card("Test Land Eater", "{B}", ("Creature",), power=1, toughness=1,
                abilities=(ActivatedAbility("Sacrifice a land", Pump("self", 1, 1)),),
                text="Sacrifice a land: Test Land Eater gets +1/+1 until end of turn.")
    game = _game_with(other, land)
    beast = game.create_card("Test Altar Beast", 0, Zone.BATTLEFIELD)
    eater = game.create_card("Test Land Eater", 0, Zone.BATTLEFIELD)
    swamp = game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.apply(activate_action(beast))
    assert [a.a for a in game.legal_actions()] == [eater]               # another: not itself
    game.apply(Action.make(ActionKind.SAC_COST, eater))
    assert game.obj(swamp)["tapped"] and eater in game.graveyard(0)      # {B} paid first
    resolve(game)
    refused(game, activate_action(beast), "118.3")                      # none other left
    eater2 = game.create_card("Test Land Eater", 0, Zone.BATTLEFIELD)
    game.activate(eater2, 0, sacrifice=swamp)                           # a tapped land too
    resolve(game)
    assert game.power_toughness(eater2) == (2, 2) and swamp in game.graveyard(0)
