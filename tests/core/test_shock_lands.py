"""The shock lands: "As this land enters, you may pay 2 life. If you don't, it enters
tapped." (614.12, Decision.AS_ENTERS).  The replacement applies however the land enters
(played, 305.1; put there by a search, 701.23), its controller decides as it enters, before
anything else happens (the rest of a resolving ability waits), and can pay only with 2 or
more life (119.4; at exactly 2 they go to 0 and lose, 704.5a).  The pending choice survives
save/load, shows in every player's observation, and an illegal answer changes nothing.
Real cards: the ten lands of the library and fetch effects imported from their Oracle text;
one test card has an instruction after its search, to show the program waits.

The real searches that find a shock land (fetch lands, Wood Elves, Mwonvuli Acid-Moss) end
their programs with the search: the choice comes right after the searched card is put
onto the battlefield and the library shuffled, before anything else."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Card, Deck, Game, IllegalActionError, Step, Zone
from mtg_core import _engine
from mtg_core.cards import (CardDB, CardScriptError, GainLife, PayLifeOrEntersTapped, SearchCard,
                            SpellAbility)
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS, zone_changes
from mtg_core.policies import play_games

from game_helpers import take
from oracle_helpers import imported_oracle

C = _engine.constants()
SHOCK_LANDS = list(zone_changes._SHOCK_LANDS)
PAY, DONT = Action.make(ActionKind.MAY_YES), Action.make(ActionKind.MAY_NO)

REAL = {
    "Polluted Delta": ("", "Land", "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your "
                       "library for an Island or Swamp card, put it onto the battlefield, then "
                       "shuffle."),
    "Wood Elves": ("{2}{G}", "Creature — Elf Scout",
                   "When Wood Elves enters the battlefield, search your library for a Forest "
                   "card, put that card onto the battlefield, then shuffle.", "1", "1"),
    "Mwonvuli Acid-Moss": ("{2}{G}{G}", "Sorcery",
                           "Destroy target land. Search your library for a Forest card, put that "
                           "card onto the battlefield tapped, then shuffle."),
    "Environmental Sciences": ("{2}", "Sorcery — Lesson",
                               "Search your library for a basic land card, reveal it, put it into "
                               "your hand, then shuffle. You gain 2 life."),
}

# "Search your library for a land card, put it onto the battlefield, then shuffle. You gain
# 3 life." (an instruction after the land enters)
LAND_RITE = Card("Test Land Rite", "{1}", ("Sorcery",), abilities=(
    SpellAbility(SearchCard(types=("Land",), to="battlefield"), GainLife("you", 3)),))


@pytest.fixture(scope="module")
def db():
    return CardDB([*[c for c in ALL_CARDS if c.name not in REAL],
                   *(imported_oracle(n, *REAL[n]) for n in REAL), LAND_RITE])


def game(db, library="20 Watery Grave\n20 Overgrown Tomb\n20 Swamp", life=20, seed=4) -> Game:
    g = Game([Deck.parse(library), Deck.parse("60 Swamp")], seed=seed, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    if life != 20:
        g.set_player(0, life=life)
    return g


def to_decision(g: Game, kind: Decision) -> None:
    for _ in range(20):
        if g.decision.kind == kind:
            return
        if g.decision.kind == Decision.TARGET:
            g.apply(Action.make(ActionKind.TARGET, g.target_choices()[0]))
        else:
            g.pass_priority()
    raise AssertionError(f"no {kind.name} came up")


def answers(g: Game) -> set:
    return {a.kind for a in g.legal_actions()}


@pytest.mark.parametrize("name", SHOCK_LANDS)
def test_614_12_each_shock_land_played_asks_its_controller_who_may_pay_2_life(db, name):
    """305.1: the land is played; as it enters its controller chooses; paying 2 life (119.4)
    keeps it untapped; it has both basic land types and taps for either colour (305.6)."""
    g = game(db)
    land = g.create_card(name, 0)
    g.play_land(land)
    d = g.decision
    assert (d.kind, d.player, d.source, d.count) == (Decision.AS_ENTERS, 0, land, 2)
    assert answers(g) == {ActionKind.MAY_NO, ActionKind.MAY_YES}
    assert land in g.battlefield(0)
    g.apply(PAY)
    assert g.life(0) == 18 and g.obj(land)["tapped"] == 0
    assert g.decision.kind == Decision.PRIORITY and g.decision.player == 0     # 305.1, 117.3c
    colours, types = zone_changes._SHOCK_LANDS[name]
    assert set(g.card_of(land).subtypes) == set(types)
    assert {a.colors for a in g.card_of(land).abilities[:2]} == set(colours)


def test_614_12_not_paying_it_enters_tapped(db):
    g = game(db)
    land = g.create_card("Steam Vents", 0)
    g.play_land(land)
    g.apply(DONT)
    assert g.life(0) == 20 and g.obj(land)["tapped"] == 1
    assert any("tapped" in line for line in g.log[-3:])


def test_119_4_at_1_life_the_life_cant_be_paid_and_an_illegal_answer_changes_nothing(db):
    g = game(db, life=1)
    land = g.create_card("Blood Crypt", 0)
    g.play_land(land)
    assert g.decision.kind == Decision.AS_ENTERS
    assert answers(g) == {ActionKind.MAY_NO}                      # 119.4: 1 < 2
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(PAY)
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.PAY_UNLESS, 1))            # not an answer of this decision
    assert g.save() == before
    g.apply(DONT)
    assert g.life(0) == 1 and g.obj(land)["tapped"] == 1


def test_119_4_704_5a_at_exactly_2_life_it_can_be_paid_and_the_player_loses(db):
    g = game(db, life=2)
    land = g.create_card("Godless Shrine", 0)
    g.play_land(land)
    assert answers(g) == {ActionKind.MAY_NO, ActionKind.MAY_YES}  # 119.4: 2 >= 2
    g.apply(PAY)
    assert g.life(0) == 0
    assert g.is_over and g.result.winner == 1                     # 704.5a, at the next check


def test_701_23_614_12_a_fetch_land_puts_a_shock_land_that_asks_before_the_ability_ends(db):
    """The search's answer puts the land onto the battlefield; its choice comes right
    after, before anything else happens (the ability has nothing left to do)."""
    g = game(db)
    delta = g.create_card("Polluted Delta", 0, Zone.BATTLEFIELD)
    g.activate(delta)
    assert g.life(0) == 19                                        # the fetch's own cost
    to_decision(g, Decision.SEARCH_LIBRARY)
    grave = take(g, "Watery Grave")
    assert g.decision.kind == Decision.AS_ENTERS and g.decision.source == grave
    assert g.decision.player == 0 and g.obj(grave)["tapped"] == 0
    saved = g.save()
    g.apply(PAY)
    assert g.life(0) == 17 and g.obj(grave)["tapped"] == 0 and not g.stack()
    again = Game.load(saved, cards=db)                            # the pending choice is saved
    assert again.decision == Game.load(saved, cards=db).decision
    assert again.decision.kind == Decision.AS_ENTERS and again.decision.source == grave
    again.apply(DONT)
    assert again.life(0) == 19 and again.obj(grave)["tapped"] == 1 and not again.stack()
    assert again.decision.kind == Decision.PRIORITY


@pytest.mark.parametrize("pay", [True, False])
def test_608_2c_614_12_the_rest_of_the_spell_waits_for_the_choice(db, pay):
    """The land enters in the middle of the spell's instructions: the spell stops there
    (still on the stack, 608.2n), its controller chooses, then "You gain 3 life" happens."""
    g = game(db)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    spell = g.create_card("Test Land Rite", 0)
    g.cast(spell)
    to_decision(g, Decision.SEARCH_LIBRARY)
    grave = take(g, "Watery Grave")
    assert g.decision.kind == Decision.AS_ENTERS and g.life(0) == 20
    assert g.stack() and g.stack()[-1]["obj"] == spell
    again = Game.load(g.save(), cards=db)
    for one in (g, again):
        one.apply(PAY if pay else DONT)
        assert one.life(0) == (21 if pay else 23) and not one.stack()
        assert one.obj(grave)["tapped"] == (0 if pay else 1) and spell in one.graveyard(0)
    assert again.save() == g.save()


def test_704_3_at_2_life_paying_to_0_in_the_middle_of_a_spell_is_checked_after_it(db):
    """119.4: 2 life pays 2; the player is at 0 only until the spell's "gain 3 life": state-
    based actions are checked when a player would receive priority (117.5, 704.3)."""
    g = game(db, life=2)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Test Land Rite", 0))
    to_decision(g, Decision.SEARCH_LIBRARY)
    take(g, "Overgrown Tomb")
    g.apply(PAY)
    assert g.life(0) == 3 and not g.is_over


def test_614_12_an_enters_trigger_search_asks_before_the_trigger_is_done(db):
    g = game(db)
    for _ in range(3):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Wood Elves", 0))
    to_decision(g, Decision.SEARCH_LIBRARY)
    tomb = take(g, "Overgrown Tomb")                              # a Forest (205.3)
    assert g.decision.kind == Decision.AS_ENTERS and g.decision.source == tomb
    g.apply(PAY)
    assert g.life(0) == 18 and g.obj(tomb)["tapped"] == 0


def test_614_12_put_onto_the_battlefield_tapped_the_choice_is_still_its_controllers(db):
    """"put that card onto the battlefield tapped": it is tapped either way; paying is still
    allowed (the choice is the land's, 614.12), and the spell goes on after it."""
    g = game(db)
    theirs = g.create_card("Swamp", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    spell = g.create_card("Mwonvuli Acid-Moss", 0)
    g.cast(spell, theirs)
    to_decision(g, Decision.SEARCH_LIBRARY)
    tomb = take(g, "Overgrown Tomb")
    assert g.decision.kind == Decision.AS_ENTERS
    assert answers(g) == {ActionKind.MAY_NO, ActionKind.MAY_YES}
    g.apply(DONT)
    assert g.obj(tomb)["tapped"] == 1 and theirs in g.graveyard(1)
    assert spell in g.graveyard(0) and not g.stack()


def test_614_1c_614_12_a_fast_land_counts_a_shock_land_tapped_or_not(db):
    g = game(db)
    g.create_card("Plains", 0, Zone.BATTLEFIELD)
    shock = g.create_card("Hallowed Fountain", 0)
    g.play_land(shock)
    g.apply(DONT)                                   # tapped, still a land it controls
    fast = g.create_card("Seachrome Coast", 0, Zone.BATTLEFIELD)
    assert g.obj(fast)["tapped"] == 0               # two other lands: Plains, the shock land
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    another = g.create_card("Darkslick Shores", 0, Zone.BATTLEFIELD)
    assert g.obj(another)["tapped"] == 1            # four others


def test_a_scenario_set_up_puts_a_shock_land_untapped_without_asking(db):
    g = game(db)
    land = g.create_card("Temple Garden", 0, Zone.BATTLEFIELD)
    assert g.decision.kind == Decision.PRIORITY
    assert g.obj(land)["tapped"] == 0 and g.obj(land)["entering_choice"] == 0


def test_the_pending_choice_shows_in_every_observation(db):
    g = game(db)
    land = g.create_card("Sacred Foundry", 0)
    g.play_land(land)
    for viewer in (0, 1):
        objects = np.empty(64, dtype=np.int32)
        obs = g.state.observation(viewer, objects=objects)
        assert obs[C["OBS_DECISION"]] == C["D_AS_ENTERS"]
        assert objects[int(obs[C["OBS_DECISION_OBJECT"]])] == land
        assert obs[C["OBS_DECISION_VALUE"]] == 2


def test_a_state_with_a_choice_pending_where_it_cant_be_is_refused(db):
    """Load validation: a pending choice only on the battlefield, only of a permanent with
    one, only while the choices are asked; the decision names a permanent waiting for it."""
    g = game(db)
    land = g.create_card("Stomping Ground", 0, Zone.BATTLEFIELD)
    with pytest.raises(Exception, match="614.12"):
        g.set_object(land, entering_choice=1)        # no choice is being asked
    g.play_land(g.create_card("Breeding Pool", 0))
    assert g.decision.kind == Decision.AS_ENTERS
    swamp = g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    in_hand = g.create_card("Temple Garden", 0)
    for o in (swamp, in_hand):
        with pytest.raises(Exception, match="614.12"):
            g.set_object(o, entering_choice=1)       # no such choice / not on the battlefield
    g.set_object(land, entering_choice=1)            # two lands entered at once: both wait
    g.apply(DONT)
    assert g.decision.kind == Decision.AS_ENTERS and g.decision.source == land
    g.apply(PAY)
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 18


def test_104_3a_the_deciding_player_concedes_and_the_game_goes_on(db):
    g = Game([Deck.parse("60 Watery Grave")] * 3, seed=3, cards=db, mulligans=False,
             starting_player=0)
    g.pass_to(Step.MAIN, 0)
    g.play_land(g.create_card("Watery Grave", 0))
    assert g.decision.kind == Decision.AS_ENTERS
    g.concede(0)
    assert not g.is_over and g.decision is not None and g.decision.kind != Decision.AS_ENTERS
    assert g.decision.player in (1, 2)


def test_the_heuristic_pays_only_to_use_the_mana_with_life_to_spare(db):
    g = game(db, library="30 Watery Grave\n30 Grizzly Bears")
    g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.create_card("Grizzly Bears", 0)                 # mana value 2: castable with this land
    land = g.create_card("Watery Grave", 0)
    g.play_land(land)
    heuristic = C["POL_HEURISTIC"]
    assert g.state.policy_action(heuristic, 1) == PAY.code
    g.set_player(0, life=11)                           # 9 after paying: not comfortable
    assert g.state.policy_action(heuristic, 1) == DONT.code


def test_the_heuristic_lets_it_enter_tapped_when_no_spell_needs_it(db):
    g = game(db, library="60 Watery Grave")
    land = g.create_card("Watery Grave", 0)
    g.play_land(land)
    assert not [c for c in g.hand(0) if "Land" not in g.card_of(c).types]
    assert g.state.policy_action(C["POL_HEURISTIC"], 1) == DONT.code


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_shock_fetch_and_fast_lands_run_to_completion(db, policy):
    deck = Deck.parse("8 Watery Grave\n8 Overgrown Tomb\n4 Polluted Delta\n4 Darkslick Shores\n"
                      "4 Wood Elves\n16 Grizzly Bears\n16 Swamp")
    out = play_games([deck, deck], 20, seed=7, policies=policy, cards=db, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()


def test_a_random_game_saved_at_every_shock_choice_replays_the_same(db):
    """Stop at each pending choice, save and load, answer in both: the same state."""
    deck = Deck.parse("12 Blood Crypt\n4 Polluted Delta\n4 Wood Elves\n20 Grizzly Bears\n"
                      "20 Swamp")
    g = Game([deck, deck], seed=11, cards=db, mulligans=False, starting_player=0)
    rng = np.random.default_rng(3)
    seen = 0
    for _ in range(3000):
        if g.is_over:
            break
        acts = g.legal_actions()
        a = acts[int(rng.integers(len(acts)))]
        if g.decision.kind == Decision.AS_ENTERS:
            seen += 1
            again = Game.load(g.save(), cards=db)
            again.apply(a)
            g.apply(a)
            assert again.save() == g.save()
        else:
            g.apply(a)
    assert seen > 0


def test_614_12_the_replacement_is_checked_where_it_is_defined():
    for bad in (0, -1, 16, True, "2"):
        with pytest.raises(CardScriptError, match="N is 1..15"):
            PayLifeOrEntersTapped(bad)


@pytest.mark.parametrize("land, spell", [("Overgrown Tomb", "Llanowar Elves"),
                                         ("Overgrown Tomb", "Duress"),
                                         ("Watery Grave", "Duress"),
                                         ("Canopy Vista", "Llanowar Elves")])
def test_605_3_automatic_payment_takes_either_mana_ability_of_a_dual_land(db, land, spell):
    """"{T}: Add {B}." and "{T}: Add {G}." (305.6: its basic land types): a spell of either
    colour is castable with the land alone, the player activating the ability that makes
    the colour needed; the land is tapped and the mana spent (601.2g-h)."""
    g = game(db, library="60 Swamp")
    src = g.create_card(land, 0, Zone.BATTLEFIELD)
    g.set_object(src, tapped=0)
    card = g.create_card(spell, 0)
    casts = [a for a in g.legal_actions() if a.kind == ActionKind.CAST and a.a == card]
    assert casts, f"{spell} is not castable with {land}"
    g.apply(casts[0])
    while g.decision.kind == Decision.TARGET:
        g.apply(Action.make(ActionKind.TARGET, g.target_choices()[0]))
    assert g.obj(src)["tapped"] == 1 and sum(g.mana_pool(0).values()) == 0
    assert g.stack()[-1]["obj"] == card
