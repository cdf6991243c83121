"""Vehicles (301.7b, 208.3) and crew (702.122), imported from real Oracle texts.

702.122a: "Crew N" means "Tap any number of untapped creatures you control with total power
N or greater: This Vehicle becomes an artifact creature until end of turn."  The cost is a
decision (D_CREW): the player taps creatures one at a time until their total power reaches
N; the type change is a layer-4 continuous effect (613.1d) that ends at 514.2.
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game
from mtg_core.cards import Card, Crew
from mtg_core.enums import ActionKind, Decision, Result, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.game import Action
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from combat_helpers import P1, to_blockers
from oracle_helpers import check_mutations, imported_card

_REMINDER = ("(Tap any number of creatures you control with total power {n} or more: This "
             "Vehicle becomes an artifact creature until end of turn.)")
_RECORDS = [
    CardRecord("Renegade Freighter", "{3}", "Artifact — Vehicle",
               "Whenever Renegade Freighter attacks, it gets +1/+1 and gains trample until end "
               "of turn.\nCrew 2 " + _REMINDER.format(n=2), "4", "3"),
    CardRecord("Dragonfly Suit", "{2}{W}", "Artifact — Vehicle",
               "Flying\nCrew 1 " + _REMINDER.format(n=1), "3", "2", colors=["W"]),
    CardRecord("Consulate Dreadnought", "{1}", "Artifact — Vehicle",
               "Crew 6 " + _REMINDER.format(n=6), "7", "11"),
    CardRecord("Cultivator's Caravan", "{3}", "Artifact — Vehicle",
               "{T}: Add one mana of any color.\nCrew 3 " + _REMINDER.format(n=3), "5", "5"),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


DB = DEFAULT_CARDS.extended([imported(n) for n in RECORDS])


def game(p0=(), p1=()) -> tuple[Game, list[int], list[int]]:
    g = Game(["bears", "bears"], seed=5, cards=DB, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    g.pass_to(Step.MAIN, 0)
    return g, a, b


def crew(g: Game, vehicle: int, *creatures: int) -> None:
    """Activate the crew ability, tap ``creatures`` for it, and let it resolve."""
    g.activate(vehicle, _crew_index(g, vehicle))
    for c in creatures:
        g.apply(Action.make(ActionKind.CREW_TAP, c))
    assert g.decision.kind == Decision.PRIORITY
    while g.stack():
        g.pass_priority()


def _crew_index(g: Game, o: int) -> int:
    return next(i for i, a in enumerate(g.card_of(o).abilities) if isinstance(a, Crew))


def types(g: Game, o: int) -> list[str]:
    return g.characteristics(o)["types"]


# --- the importer -----------------------------------------------------------------------------

def test_importer_reads_crew_and_the_vehicles_power_and_toughness():
    card = imported("Renegade Freighter")
    assert card.types == ("Artifact",) and (card.power, card.toughness) == (4, 3)
    assert Crew(2) in card.abilities
    assert imported("Consulate Dreadnought").abilities == (Crew(6),)


@pytest.mark.parametrize("text", ["Flying", "Crew X", "Vehicles you control have crew 1."])
def test_a_vehicle_without_a_crew_ability_of_its_own_is_refused(text):
    r = import_card("X", "{2}", "Artifact — Vehicle", text, "3", "3")
    assert not r.ok


def test_mutated_vehicle_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 20


def test_crew_checks_its_number():
    for bad in (0, -1, "2", True):
        with pytest.raises(CardScriptError, match="702.122a"):
            Crew(bad)


# --- 702.122a in games ------------------------------------------------------------------------

def test_208_3_a_vehicle_is_not_a_creature_until_crewed():
    g, (suit,), _ = game(["Dragonfly Suit"])
    assert types(g, suit) == ["Artifact"]
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)
    assert not any(a.kind == ActionKind.ATTACK and a.b == suit for a in g.legal_actions())


def test_702_122a_crew_taps_creatures_with_enough_power_and_it_becomes_a_creature():
    g, (freighter, bears, elf), _ = game(["Renegade Freighter", "Grizzly Bears", "Llanowar Elves"])
    g.activate(freighter, _crew_index(g, freighter))
    d = g.decision
    assert d.kind == Decision.CREW and d.count == 2 and d.source == freighter
    offered = {a.a for a in g.legal_actions() if a.kind == ActionKind.CREW_TAP}
    assert offered == {bears, elf}
    before = g.save()
    with pytest.raises(IllegalActionError):                 # not a creature it controls
        g.apply(Action.make(ActionKind.CREW_TAP, freighter))
    assert g.save() == before
    g.apply(Action.make(ActionKind.CREW_TAP, elf))           # power 1: one more needed
    assert g.decision.kind == Decision.CREW and g.decision.count == 1
    assert {a.a for a in g.legal_actions()} == {bears}
    g.apply(Action.make(ActionKind.CREW_TAP, bears))         # total 3 >= 2: paid
    assert g.decision.kind == Decision.PRIORITY
    assert g.obj(bears)["tapped"] and g.obj(elf)["tapped"]
    assert types(g, freighter) == ["Artifact"]              # the ability is on the stack
    while g.stack():
        g.pass_priority()
    assert set(types(g, freighter)) == {"Artifact", "Creature"}
    assert g.power_toughness(freighter) == (4, 3)


def test_702_122a_summoning_sick_creatures_crew():
    g, (suit, bears, other), _ = game(["Dragonfly Suit", "Grizzly Bears", "Grizzly Bears"])
    g.set_object(bears, sick=1)                              # 302.6: not a {T} ability of its own
    crew(g, suit, bears)
    assert g.obj(bears)["tapped"] and not g.obj(other)["tapped"]
    assert "Creature" in types(g, suit)


def test_702_122a_a_crewed_vehicle_may_crew_another():
    g, (freighter, suit, bears), _ = game(["Renegade Freighter", "Dragonfly Suit", "Grizzly Bears"])
    crew(g, suit, bears)
    g.activate(freighter, _crew_index(g, freighter))
    assert suit in {a.a for a in g.legal_actions()}          # a 3/2 artifact creature now
    g.apply(Action.make(ActionKind.CREW_TAP, suit))
    while g.stack():
        g.pass_priority()
    assert "Creature" in types(g, freighter)


def test_118_3_crew_cant_be_activated_without_enough_untapped_power():
    g, (dread, bears, other), _ = game(["Consulate Dreadnought", "Grizzly Bears", "Grizzly Bears"])
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.activate(dread, 0)                                 # 4 power < 6
    assert g.save() == before
    assert not any(a.kind == ActionKind.ACTIVATE and a.a == dread for a in g.legal_actions())


def test_302_6_a_crewed_vehicle_attacks_only_if_controlled_since_the_turn_began():
    g, (freighter, bears), (blocker,) = game(["Renegade Freighter", "Grizzly Bears"],
                                            ["Grizzly Bears"])
    fresh = g.create_card("Dragonfly Suit", 0, Zone.BATTLEFIELD)
    g.set_object(fresh, sick=1)                              # it came this turn
    elf = g.create_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
    crew(g, freighter, bears)
    crew(g, fresh, elf)
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)
    attackers = {a.b for a in g.legal_actions() if a.kind == ActionKind.ATTACK}
    assert freighter in attackers and fresh not in attackers
    to_blockers(g, {freighter: P1})
    assert g.power_toughness(freighter) == (5, 4)            # its attack trigger resolved


def test_514_2_the_vehicle_stops_being_a_creature_at_end_of_turn():
    g, (suit, bears), _ = game(["Dragonfly Suit", "Grizzly Bears"])
    crew(g, suit, bears)
    assert "Creature" in types(g, suit)
    g.pass_to(Step.MAIN, 1)
    assert types(g, suit) == ["Artifact"]


def test_302_6_a_vehicle_that_came_this_turn_taps_for_mana_until_it_becomes_a_creature():
    g, (caravan, bears, other), _ = game(["Cultivator's Caravan", "Grizzly Bears", "Grizzly Bears"])
    g.set_object(caravan, sick=1)
    g.tap_for_mana(caravan, "G")                             # a noncreature: 302.6 doesn't apply
    g.set_object(caravan, tapped=0)
    elf = g.create_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
    crew(g, caravan, bears, elf)
    with pytest.raises(IllegalActionError):                 # now a creature that came this turn
        g.tap_for_mana(caravan, "G")


def test_a_game_saved_while_crewing_loads_and_goes_on():
    g, (freighter, elf, other), _ = game(["Renegade Freighter", "Llanowar Elves", "Grizzly Bears"])
    g.activate(freighter, _crew_index(g, freighter))
    g.apply(Action.make(ActionKind.CREW_TAP, elf))
    g2 = Game.load(g.save(), cards=DB)
    assert g2.decision == g.decision
    g2.apply(Action.make(ActionKind.CREW_TAP, other))
    while g2.stack():
        g2.pass_priority()
    assert "Creature" in types(g2, freighter)


def test_crewed_vehicles_play_random_games():
    from mtg_core import Deck
    deck = Deck.parse("20 Forest\n20 Grizzly Bears\n10 Renegade Freighter\n10 Dragonfly Suit")
    for seed in range(6):
        g = Game([deck, deck], seed=seed, cards=DB)
        res = g.play_random(seed=seed)
        assert res.kind != Result.ABORTED
