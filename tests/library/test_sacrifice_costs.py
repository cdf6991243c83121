"""The library's sacrifice_costs module in games: "As an additional cost to cast this spell,
sacrifice an artifact or creature" (601.2f, 118.8).  The caster chooses the permanent while
paying the costs (601.2h), among exactly theirs of those types; with none the spell can't be
cast (601.2f); mana abilities are activated before the costs are paid (601.2g), so a Treasure
paying the mana can't also be the sacrifice, but a creature tapped for mana can be.  Targets
are chosen before costs are paid (601.2c): Bone Splinters may target the creature it
sacrifices, and then does nothing (608.2b).  Each card against its Oracle record."""
from __future__ import annotations


import numpy as np
import pytest

from mtg_core import Action, ActionKind, Deck, Game, Step, Zone, _engine, play_random_games
from mtg_core.cards import CardDB, CardScriptError, Draw, SpellAbility, Card
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.game import CC_SAC
from mtg_core.library import DEFAULT_CARDS, sacrifice_costs

from library_helpers import assert_matches_oracle, main_game, resolve

CARDS = [c.name for c in sacrifice_costs.CARDS]
C = _engine.constants()


@pytest.mark.parametrize("name", CARDS)
def test_every_card_has_its_oracle_name_cost_types_and_text(name):
    assert_matches_oracle(name)


def _can_cast(g, o) -> bool:
    return Action.make(ActionKind.CAST, o) in g.legal_actions()


def _dispute(g, *permanents: str, lands: tuple[str, ...] = ("Swamp", "Swamp")):
    """Deadly Dispute in player 0's hand (the opening hand put away), ``lands`` and
    ``permanents`` on their battlefield; returns (the spell, the permanents)."""
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    for name in lands:
        g.create_card(name, 0, Zone.BATTLEFIELD)
    made = [g.create_card(n, 0, Zone.BATTLEFIELD, token=n == "Treasure") for n in permanents]
    return g.create_card("Deadly Dispute", 0, Zone.HAND), made


# --- 601.2f: a spell whose additional cost can't be paid can't be cast ---------------------------

def test_601_2f_deadly_dispute_needs_an_artifact_or_creature_of_its_casters():
    g = main_game()
    dispute, _ = _dispute(g, "Glorious Anthem")                     # an enchantment won't do
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)            # nor another player's
    g.create_card("Sol Ring", 1, Zone.BATTLEFIELD)
    assert not _can_cast(g, dispute)
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.CAST, dispute))
    ring = g.create_card("Sol Ring", 0, Zone.BATTLEFIELD)
    assert _can_cast(g, dispute)
    g.move(ring, Zone.GRAVEYARD)
    g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert _can_cast(g, dispute)


def test_601_2f_village_rites_needs_a_creature_an_artifact_wont_do():
    g = main_game()
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.create_card("Sol Ring", 0, Zone.BATTLEFIELD)
    rites = g.create_card("Village Rites", 0, Zone.HAND)
    assert not _can_cast(g, rites)
    g.create_card("Ornithopter", 0, Zone.BATTLEFIELD)             # an artifact creature
    assert _can_cast(g, rites)


# --- 601.2h: the caster chooses, among exactly the legal permanents ------------------------------

def test_601_2h_the_choice_lists_exactly_the_casters_artifacts_and_creatures():
    g = main_game()
    dispute, (ring, bears, anthem) = _dispute(g, "Sol Ring", "Grizzly Bears", "Glorious Anthem")
    g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    g.apply(Action.make(ActionKind.CAST, dispute))
    d = g.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_SAC and d.player == 0
    assert sorted(a.a for a in g.legal_actions()) == sorted([ring, bears])
    assert all(a.kind == ActionKind.SAC_COST for a in g.legal_actions())
    assert all(g.obj(o)["tapped"] for o in g.battlefield(0) if g.card_of(o).name == "Swamp")
    g.apply(Action.make(ActionKind.SAC_COST, bears))
    assert bears in g.graveyard(0) and ring in g.battlefield(0) and anthem in g.battlefield(0)
    assert g.decision.kind == Decision.PRIORITY and g.stack()
    hand = len(g.hand(0))
    resolve(g)
    assert len(g.hand(0)) == hand + 2
    treasures = [o for o in g.battlefield(0) if g.card_of(o).name == "Treasure"]
    assert len(treasures) == 1 and g.obj(treasures[0])["token"]


def test_601_2h_illegal_answers_are_refused_and_change_nothing():
    g = main_game()
    dispute, (ring, anthem) = _dispute(g, "Sol Ring", "Glorious Anthem")
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    g.apply(Action.make(ActionKind.CAST, dispute))
    before = g.save()
    swamp = next(o for o in g.battlefield(0) if g.card_of(o).name == "Swamp")
    for bad in (Action.make(ActionKind.SAC_COST, giant), Action.make(ActionKind.SAC_COST, anthem),
                Action.make(ActionKind.SAC_COST, swamp), Action.make(ActionKind.SAC_COST, dispute),
                Action.make(ActionKind.SAC_COST, 10_000), Action.make(ActionKind.DISCARD_COST, ring),
                Action.make(ActionKind.PASS)):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        assert g.save() == before
    g.apply(Action.make(ActionKind.SAC_COST, ring))
    assert ring in g.graveyard(0)


def test_601_2h_save_and_load_while_the_sacrifice_is_pending():
    g = main_game()
    dispute, (ring, bears) = _dispute(g, "Sol Ring", "Grizzly Bears")
    g.apply(Action.make(ActionKind.CAST, dispute))
    blob = g.save()
    again = Game.load(blob, DEFAULT_CARDS)
    assert again == g
    assert again.decision.slot == CC_SAC
    assert sorted(a.a for a in again.legal_actions()) == sorted([ring, bears])
    again.apply(Action.make(ActionKind.SAC_COST, ring))
    resolve(again)
    assert ring in again.graveyard(0) and bears in again.battlefield(0)


# --- 111.10a, 601.2g: a Treasure as the sacrifice, and as the mana -------------------------------

def test_118_8_a_treasure_token_can_be_the_sacrifice_and_ceases_to_exist():
    g = main_game()
    dispute, (treasure,) = _dispute(g, "Treasure")
    g.cast(dispute, sacrifice=treasure)
    assert treasure not in g.battlefield(0)
    resolve(g)
    new = [o for o in g.battlefield(0) if g.card_of(o).name == "Treasure"]
    assert len(new) == 1 and g.obj(new[0])["token"]         # 111.10a: the new one


def test_601_2g_a_treasure_that_must_pay_the_mana_cant_also_be_sacrificed():
    g = main_game()
    dispute, (treasure,) = _dispute(g, "Treasure", lands=("Swamp",))
    assert not _can_cast(g, dispute)                     # {1}{B}: the Treasure is the {1}
    second = g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)
    assert _can_cast(g, dispute)
    g.apply(Action.make(ActionKind.CAST, dispute))
    left = [a.a for a in g.legal_actions()]
    assert len(left) == 1 and left[0] in (treasure, second)
    g.apply(g.legal_actions()[0])
    resolve(g)
    assert len([o for o in g.battlefield(0) if g.card_of(o).name == "Treasure"]) == 1   # the new one


def test_601_2g_h_a_creature_tapped_for_mana_can_still_be_sacrificed():
    g = main_game()
    dispute, (elves,) = _dispute(g, "Llanowar Elves", lands=("Swamp",))
    assert _can_cast(g, dispute)
    g.apply(Action.make(ActionKind.CAST, dispute))
    assert g.obj(elves)["tapped"]                        # it paid the {1} (601.2g)
    assert [a.a for a in g.legal_actions()] == [elves]
    g.apply(Action.make(ActionKind.SAC_COST, elves))
    assert elves in g.graveyard(0)


# --- 601.2c before 601.2h; 608.2b ---------------------------------------------------------------

def test_608_2b_bone_splinters_may_target_the_creature_it_sacrifices_and_then_does_nothing():
    g = main_game()
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    splinters = g.create_card("Bone Splinters", 0, Zone.HAND)
    g.apply(Action.make(ActionKind.CAST, splinters))
    assert sorted(a.a for a in g.legal_actions()) == sorted([mine, theirs])   # 601.2c first
    g.apply(Action.make(ActionKind.TARGET, mine))
    assert g.decision.slot == CC_SAC and [a.a for a in g.legal_actions()] == [mine]
    g.apply(Action.make(ActionKind.SAC_COST, mine))
    assert mine in g.graveyard(0)
    resolve(g)
    assert splinters in g.graveyard(0) and theirs in g.battlefield(1)        # 608.2b


def test_608_2b_collateral_damage_at_another_target_still_resolves():
    g = main_game()
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    damage = g.create_card("Collateral Damage", 0, Zone.HAND)
    g.cast(damage, g.player_target(1), sacrifice=bears)
    resolve(g)
    assert g.life(1) == 17 and bears in g.graveyard(0)


# --- the heuristic and the random policy ---------------------------------------------------------

def test_heuristic_sacrifices_its_least_valuable_permanent():
    g = main_game()
    dispute, (angel, treasure) = _dispute(g, "Serra Angel", "Treasure")
    g.apply(Action.make(ActionKind.CAST, dispute))
    assert g.suggest("heuristic", seed=1).action == Action.make(ActionKind.SAC_COST, treasure)


def test_random_and_heuristic_games_with_these_cards_run_to_completion():
    deck = Deck.parse("4 Deadly Dispute\n4 Village Rites\n4 Collateral Damage\n4 Bone Splinters\n"
                      "4 Ornithopter\n4 Grizzly Bears\n4 Llanowar Elves\n4 Sol Ring\n4 Hill Giant\n"
                      "10 Swamp\n8 Mountain\n6 Forest")
    out = play_random_games(deck, deck, 40, seed=3, max_turns=60)
    assert len(out) == 40
    results = set(out[:, 0].tolist())
    assert results <= {_engine.R_WIN, _engine.R_DRAW, _engine.R_UNFINISHED}
    assert _engine.R_WIN in results


# --- the card language and the core's table checks ------------------------------------------------

def test_the_card_language_reads_sacrifice_costs_of_permanent_types_only():
    row = CardDB([DEFAULT_CARDS["Deadly Dispute"]]).tables.abilities[0]
    assert row[C["AF_COST_FLAGS"]] & C["COST_SAC_CREATURE"]
    assert row[C["AF_SAC_COST"]] == C["T_ARTIFACT"] | C["T_CREATURE"]
    plain = CardDB([DEFAULT_CARDS["Village Rites"]]).tables.abilities[0]
    assert plain[C["AF_SAC_COST"]] == 0 and plain[C["AF_COST_FLAGS"]] & C["COST_SAC_CREATURE"]
    for bad in ("Sacrifice an instant", "Sacrifice another creature", "Sacrifice a wizard"):
        with pytest.raises(CardScriptError):
            Card("Test Rites", "{B}", ("Instant",),
                 abilities=(SpellAbility(Draw("you", 2), additional_cost=bad),))


def test_a_malformed_spell_sacrifice_column_is_refused_by_the_table_check():
    t = CardDB([DEFAULT_CARDS["Deadly Dispute"]]).tables
    _engine.CardTables(t.cards, t.abilities, t.program)                  # as compiled: fine
    bad = np.array(t.abilities)
    bad[0, C["AF_COST_FLAGS"]] &= ~C["COST_SAC_CREATURE"]                 # the types, no cost
    with pytest.raises(_engine.EngineError, match="AF_SAC_COST"):
        _engine.CardTables(t.cards, bad, t.program)
    bad = np.array(t.abilities)
    bad[0, C["AF_SAC_COST"]] |= C["SACQ_ANOTHER"]                         # "another": no source
    with pytest.raises(_engine.EngineError, match="AF_SAC_COST"):
        _engine.CardTables(t.cards, bad, t.program)


def test_heuristic_casts_deadly_dispute_only_with_a_cheap_sacrifice():
    g = main_game()
    dispute, (angel,) = _dispute(g, "Serra Angel")
    assert _can_cast(g, dispute)
    act = g.suggest("heuristic", seed=1).action
    assert not (act.kind == ActionKind.CAST and act.a == dispute)     # an Angel for two cards
    g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)
    act = g.suggest("heuristic", seed=1).action
    assert act.kind == ActionKind.CAST and act.a == dispute


def test_601_2g_h_crop_rotation_may_sacrifice_the_land_that_paid_for_it():
    g = Game([Deck.parse("30 Forest\n30 Island"), Deck.parse("60 Swamp")], seed=7,
             cards=DEFAULT_CARDS, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    forest = g.create_card("Forest", 0, Zone.BATTLEFIELD)
    rotation = g.create_card("Crop Rotation", 0, Zone.HAND)
    g.apply(Action.make(ActionKind.CAST, rotation))
    assert g.obj(forest)["tapped"] and [a.a for a in g.legal_actions()] == [forest]
    g.apply(Action.make(ActionKind.SAC_COST, forest))
    assert forest in g.graveyard(0)
    resolve(g)
    take = [a for a in g.legal_actions() if a.kind == ActionKind.SEARCH_TAKE]
    assert take, g.decision                              # 701.19: the land it finds
    g.apply(take[0])
    assert len([o for o in g.battlefield(0) if "Land" in g.card_of(o).types]) == 1


def test_601_2f_kuldotha_rebirth_sacrifices_an_artifact_for_three_goblins():
    g = main_game()
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    rebirth = g.create_card("Kuldotha Rebirth", 0, Zone.HAND)
    assert not _can_cast(g, rebirth)                      # a creature won't do
    ring = g.create_card("Sol Ring", 0, Zone.BATTLEFIELD)
    g.apply(Action.make(ActionKind.CAST, rebirth))
    assert [a.a for a in g.legal_actions()] == [ring]
    g.apply(Action.make(ActionKind.SAC_COST, ring))
    resolve(g)
    goblins = [o for o in g.battlefield(0) if g.card_of(o).name == "Goblin"]
    assert len(goblins) == 3 and bears in g.battlefield(0)
