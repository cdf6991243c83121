"""The library's evergreen_permanents and lands_and_permanents modules, card by card in
games: lands played and tapped for mana (305, 605), vanilla creatures cast for
their mana cost (601.2f-h) and attacking for their power (510.1), keyword abilities
changing a combat or a targeting (702), "can't block" (509.1b), mana abilities (605),
enters triggers (603.6a), activated abilities with mana and {T} costs (602, 302.6), Auras
(303.4) and Equipment (301.5, 702.6)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_core import Action, ActionKind, Card, Keyword, Step, Zone
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.library import DEFAULT_CARDS, lands_and_permanents, evergreen_permanents

from library_helpers import P0, P1, cast_from_hand, lands_for, main_game, resolve

ORACLE = {r["name"]: r for r in json.loads(
    (Path(__file__).parents[1] / "data" / "oracle-more-cards.json").read_text(encoding="utf-8"))}

# Opponents for the keyword scenarios (colourless, so no protection interferes).
TEST_CARDS = DEFAULT_CARDS.extended([
    Card("Test Glass Cannon", "{1}", ("Creature",), power=10, toughness=1, keywords=("reach",)),
    Card("Test Great Wall", "{1}", ("Creature",), power=0, toughness=20, keywords=("reach",)),
    Card("Test Chump", "{1}", ("Creature",), power=0, toughness=1, keywords=("reach",)),
    Card("Test Flyer 1/1", "{1}", ("Creature",), power=1, toughness=1, keywords=("flying",)),
])


def game(active: int = 0):
    return main_game(active=active, cards=TEST_CARDS)


def power(name: str) -> int:
    return int(ORACLE[name]["power"])


def to_attack(g) -> None:
    """Pass to P0's declare attackers decision of this (first) turn."""
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    assert g.turn == 1


def to_blocks(g, attacks: dict[int, int]) -> None:
    """P0 declares these attacks; stop at P1's declare blockers decision."""
    to_attack(g)
    g.declare_attackers(attacks)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)


def to_end_of_combat(g) -> None:
    g.pass_until(lambda g: g.step == Step.END_COMBAT)


def attack_unblocked(g, attacks: dict[int, int]) -> None:
    """P0 declares these attacks (P1 has no creatures); combat damage is dealt."""
    to_attack(g)
    g.declare_attackers(attacks)
    to_end_of_combat(g)


# --- vanilla creatures: characteristics only ------------------------------------------------------

PERMANENTS = [c.name for c in evergreen_permanents.CARDS + lands_and_permanents.CARDS]
VANILLA = [n for n in PERMANENTS if not ORACLE[n]["oracle_text"]]


def test_the_vanilla_list_is_the_cards_without_text():
    assert len(VANILLA) == 48 and {"Eager Cadet", "Coral Eel"} <= set(VANILLA)


@pytest.mark.parametrize("name", VANILLA)
def test_302_vanilla_creature_is_cast_for_its_cost_and_attacks_for_its_power(name):
    g = game()
    o = cast_from_hand(g, name)                          # lands paying exactly its cost
    assert all(g.obj(land)["tapped"] for land in g.battlefield(0) if land != o)
    resolve(g)
    assert o in g.battlefield(0)
    assert g.power_toughness(o) == (power(name), int(ORACLE[name]["toughness"]))
    # 302.6: summoning sick, it can't attack: no declaration is asked for this turn
    g.pass_until(lambda g: g.step == Step.DECLARE_ATTACKERS)
    assert g.turn == 1 and g.decision.kind == Decision.PRIORITY
    # on its controller's next turn it attacks
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    assert g.turn == 3
    g.declare_attackers({o: P1})
    to_end_of_combat(g)
    assert g.life(1) == 20 - power(name)                 # 510.1


# --- keyword abilities (702) and "can't block" (509.1b) ------------------------------------------

# Read from each card's Oracle text.
KEYWORDS = {
    "Wind Drake": ("flying",), "Scryb Sprites": ("flying",), "Bog Imp": ("flying",),
    "Storm Crow": ("flying",), "Wild Griffin": ("flying",), "Dusk Imp": ("flying",),
    "Elvish Archers": ("first strike",), "Tundra Wolves": ("first strike",),
    "Child of Night": ("lifelink",), "War Mammoth": ("trample",),
    "Duskdale Wurm": ("trample",), "Wall of Wood": ("defender",), "Wall of Ice": ("defender",),
    "Wall of Air": ("defender", "flying"), "Lightning Elemental": ("haste",),
    "Thundering Giant": ("haste",), "Archangel": ("flying", "vigilance"),
    "Volcanic Dragon": ("flying", "haste"), "Canopy Spider": ("reach",),
    "Daggerback Basilisk": ("deathtouch",), "Boggart Brute": ("menace",),
    "Thornweald Archer": ("reach", "deathtouch"), "Deadly Recluse": ("reach", "deathtouch"),
    "Skyhunter Skirmisher": ("flying", "double strike"), "Standing Troops": ("vigilance",),
    "Black Knight": ("first strike", "protection from white"),
    "White Knight": ("first strike", "protection from black"),
    "Simic Sky Swallower": ("flying", "trample", "shroud"),
    "Hulking Cyclops": ("can't block",), "Goblin Raider": ("can't block",),
    "Goblin Glider": ("flying", "can't block"), "Champion of Arashin": ("lifelink",),
    "Sphinx of the Steel Wind": ("flying", "first strike", "vigilance", "lifelink",
                                 "protection from red", "protection from green"),
    "Eye Collector": ("flying",), "Angel of Mercy": ("flying",), "Foul Imp": ("flying",),
    "Mist Raven": ("flying",), "Shivan Dragon": ("flying",), "Furnace Whelp": ("flying",),
    "Wall of Fire": ("defender",), "Wall of Blossoms": ("defender",),
    "Wall of Omens": ("defender",),
    "Phantom Monster": ("flying",), "Snapping Drake": ("flying",),
    "Armored Pegasus": ("flying",), "Roc of Kher Ridges": ("flying",),
    "Leonin Skyhunter": ("flying",), "Sabretooth Tiger": ("first strike",),
    "Glacial Wall": ("defender",), "Carnivorous Plant": ("defender",),
    "Wall of Swords": ("defender", "flying"), "Angelic Wall": ("defender", "flying"),
    "Armored Griffin": ("flying", "vigilance"), "Skyknight Legionnaire": ("flying", "haste"),
    "Lightning Angel": ("flying", "vigilance", "haste"),
    "Razorfoot Griffin": ("flying", "first strike"), "Ripscale Predator": ("menace",),
    "Ardent Militia": ("vigilance",), "Azure Drake": ("flying",),
    "Dancing Scimitar": ("flying",),
    "Zetalpa, Primal Dawn": ("flying", "double strike", "vigilance", "trample",
                             "indestructible"),
    "Akroma, Angel of Wrath": ("flying", "first strike", "vigilance", "trample", "haste",
                               "protection from black", "protection from red"),
    "Spineless Thug": ("can't block",), "Ogre Taskmaster": ("can't block",),
    "Daggerclaw Imp": ("flying", "can't block"), "Rorix Bladewing": ("flying", "haste"),
    "Ember Beast": ("can't attack or block alone",),
    "Two-Headed Giant of Foriys": ("trample", "can block an additional creature"),
    "Birds of Paradise": ("flying",), "Ornithopter of Paradise": ("flying",),
    "Baleful Strix": ("flying", "deathtouch"), "Cloudblazer": ("flying",),
    "Angel of Despair": ("flying",), "Granite Gargoyle": ("flying",),
    "Darksteel Ingot": ("indestructible",), "Darksteel Citadel": ("indestructible",),
    "Yotian Soldier": ("vigilance",), "Zephyr Falcon": ("flying", "vigilance"),
    "Aerial Responder": ("flying", "vigilance", "lifelink"),
    "Boros Swiftblade": ("double strike",), "Brimstone Dragon": ("flying", "haste"),
    "Goblin Chariot": ("haste",), "Greater Basilisk": ("deathtouch",),
    "Longbow Archer": ("first strike", "reach"), "Mammoth Spider": ("reach",),
    "Rhox War Monk": ("lifelink",), "Skyhunter Patrol": ("flying", "first strike"),
    "Tajuru Pathwarden": ("vigilance", "trample"), "Wind Spirit": ("flying", "menace"),
    "Alley Strangler": ("menace",), "Ambush Party": ("first strike", "haste"),
    "Seraph of Dawn": ("flying", "lifelink"), "Sky Spirit": ("flying", "first strike"),
    "Skyspear Cavalry": ("flying", "double strike"),
    "Swiftblade Vindicator": ("double strike", "vigilance", "trample"),
    "Stampeding Rhino": ("trample",), "Sentinel Spider": ("vigilance", "reach"),
    "Steel Wall": ("defender",), "Knight of the Tusk": ("vigilance",),
    "Giant Scorpion": ("deathtouch",), "Feral Shadow": ("flying",),
    "Stormfront Pegasus": ("flying",), "Suntail Hawk": ("flying",),
    "Tower Gargoyle": ("flying",),
}


def strikes(name: str) -> int:
    return 2 if "double strike" in KEYWORDS[name] else 1


def flying(g, o, name):
    """702.9b: only creatures with flying or reach block it; a Wall with flying blocks a
    flyer instead (it can't attack)."""
    if "defender" in KEYWORDS[name]:
        g2 = game(active=1)
        wall = g2.create_card(name, 0, Zone.BATTLEFIELD)
        flyer = g2.create_card("Test Flyer 1/1", 1, Zone.BATTLEFIELD)
        g2.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
        g2.declare_attackers({flyer: P0})
        g2.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
        g2.declare_blockers({wall: flyer})
        to_end_of_combat(g2)
        assert g2.life(0) == 20
        return
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    to_blocks(g, {o: P1})
    before = g.save()
    with pytest.raises(IllegalActionError, match="509.1"):
        g.declare_blockers({bears: o})
    assert g.save() == before
    to_end_of_combat(g)
    assert g.life(1) == 20 - power(name) * strikes(name)


def reach(g, o, name):
    """702.17b: it can block a creature with flying."""
    g = game(active=1)
    me = g.create_card(name, 0, Zone.BATTLEFIELD)
    flyer = g.create_card("Test Flyer 1/1", 1, Zone.BATTLEFIELD)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({flyer: P0})
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers({me: flyer})
    to_end_of_combat(g)
    assert g.life(0) == 20 and flyer in g.graveyard(1)


def first_strike(g, o, name):
    """702.7b: it deals its damage first, so the 10/1 blocker dies before striking back."""
    cannon = g.create_card("Test Glass Cannon", 1, Zone.BATTLEFIELD)
    to_blocks(g, {o: P1})
    g.declare_blockers({cannon: o})
    to_end_of_combat(g)
    assert cannon in g.graveyard(1) and o in g.battlefield(0)


def double_strike(g, o, name):
    """702.4b: unblocked, it deals combat damage twice."""
    attack_unblocked(g, {o: P1})
    assert g.life(1) == 20 - 2 * power(name)


def deathtouch(g, o, name):
    """702.2b: any damage it deals to a creature is lethal (704.5h)."""
    wall = g.create_card("Test Great Wall", 1, Zone.BATTLEFIELD)
    to_blocks(g, {o: P1})
    g.declare_blockers({wall: o})
    to_end_of_combat(g)
    assert wall in g.graveyard(1)


def lifelink(g, o, name):
    """702.15b: its damage makes its controller gain that much life."""
    attack_unblocked(g, {o: P1})
    assert (g.life(0), g.life(1)) == (20 + power(name) * strikes(name),
                                      20 - power(name) * strikes(name))


def trample(g, o, name):
    """702.19b: damage beyond lethal to the 0/1 blocker goes to the player (all of a second
    strike's damage once the blocker is gone, 702.19e)."""
    chump = g.create_card("Test Chump", 1, Zone.BATTLEFIELD)
    to_blocks(g, {o: P1})
    g.declare_blockers({chump: o})
    to_end_of_combat(g)
    assert chump in g.graveyard(1) and g.life(1) == 20 - (power(name) * strikes(name) - 1)


def vigilance(g, o, name):
    """702.20b: attacking doesn't tap it (an attacker without vigilance taps, 508.1f)."""
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    to_attack(g)
    g.declare_attackers({o: P1, bears: P1})
    assert g.obj(bears)["tapped"]
    assert not g.obj(o)["tapped"] and g.obj(o)["combat"] & 1


def haste(g, o, name):
    """702.10b: it attacks the turn it comes under its controller's control (302.6)."""
    g.set_object(o, sick=1)
    attack_unblocked(g, {o: P1})                          # on turn 1 (to_attack checks)
    assert g.life(1) == 20 - power(name)


def defender(g, o, name):
    """702.3b: it can't attack (a Grizzly Bears beside it can)."""
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    to_attack(g)
    before = g.save()
    with pytest.raises(IllegalActionError, match="508.1"):
        g.declare_attackers({o: P1})
    assert g.save() == before
    g.declare_attackers({bears: P1})


def menace(g, o, name):
    """702.110b: it can't be blocked except by two or more creatures (0/1s with reach, so a
    flyer can be blocked too)."""
    b1, b2 = (g.create_card("Test Chump", 1, Zone.BATTLEFIELD) for _ in range(2))
    to_blocks(g, {o: P1})
    with pytest.raises(IllegalActionError, match="509.1"):
        g.declare_blockers({b1: o})
    g.declare_blockers({b1: o, b2: o})


def shroud(g, o, name):
    """702.18a: not even its controller's spells can target it."""
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{G}")
    g.apply(Action.make(ActionKind.CAST, g.create_card("Giant Growth", 0, Zone.HAND)))
    assert g.target_choices() == [bears]


def cant_block(g, o, name):
    """509.1b: it can't be declared as a blocker."""
    g = game(active=1)
    me = g.create_card(name, 0, Zone.BATTLEFIELD)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({bears: P0})
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    with pytest.raises(IllegalActionError, match="509.1"):
        g.declare_blockers({me: bears})
    g.declare_blockers({mine: bears})


def indestructible(g, o, name):
    """702.12b: destroy effects don't destroy it (Shatter for an artifact, Murder else)."""
    spell = "Shatter" if "Artifact" in DEFAULT_CARDS[name].types else "Murder"
    g.move(o, Zone.BATTLEFIELD, controller=1)              # an opponent's permanent
    o = g.battlefield(1)[-1]
    cast_from_hand(g, spell, o)
    resolve(g)
    assert o in g.battlefield(1)


def alone(g, o, name):
    """508.1c / 509.1b: it can't attack alone (with a Grizzly Bears it can), nor block alone."""
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    to_attack(g)
    with pytest.raises(IllegalActionError, match="508.1"):
        g.declare_attackers({o: P1})
    g.declare_attackers({o: P1, bears: P1})
    g2 = game(active=1)
    me = g2.create_card(name, 0, Zone.BATTLEFIELD)
    mine = g2.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = g2.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g2.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g2.declare_attackers({theirs: P0})
    g2.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    with pytest.raises(IllegalActionError, match="509.1"):
        g2.declare_blockers({me: theirs})
    g2.declare_blockers({me: theirs, mine: theirs})


def blocks_two(g, o, name):
    """509.1a: it may block an additional creature (others block one)."""
    g = game(active=1)
    me = g.create_card(name, 0, Zone.BATTLEFIELD)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    a, b = (g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD) for _ in range(2))
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({a: P0, b: P0})
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    with pytest.raises(IllegalActionError, match="509.1"):
        g.declare_blockers({mine: [a, b]})
    g.declare_blockers({me: [a, b]})
    to_end_of_combat(g)
    assert a in g.graveyard(1) and b in g.graveyard(1) and g.life(0) == 20


def protection_from(spell):
    def check(g, o, name):
        """702.16b: it can't be the target of a spell of that colour."""
        other = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
        lands_for(g, 0, DEFAULT_CARDS[spell].mana_cost)
        g.apply(Action.make(ActionKind.CAST, g.create_card(spell, 0, Zone.HAND)))
        assert other in g.target_choices() and o not in g.target_choices()
    return check


SCENARIOS = {"flying": flying, "reach": reach, "first strike": first_strike,
             "double strike": double_strike, "deathtouch": deathtouch, "lifelink": lifelink,
             "trample": trample, "vigilance": vigilance, "haste": haste, "defender": defender,
             "menace": menace, "shroud": shroud, "can't block": cant_block,
             "protection from white": protection_from("Swords to Plowshares"),
             "protection from black": protection_from("Murder"),
             "protection from red": protection_from("Lightning Bolt"),
             "protection from green": protection_from("Giant Growth"),
             "indestructible": indestructible, "can't attack or block alone": alone,
             "can block an additional creature": blocks_two}


@pytest.mark.parametrize("name,ability", [(n, k) for n, ks in KEYWORDS.items() for k in ks])
def test_702_keyword_abilities_change_the_game(name, ability):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    SCENARIOS[ability](g, o, name)


def test_510_2_eye_collector_makes_each_player_mill_a_card_on_combat_damage():
    g = game()
    eye = g.create_card("Eye Collector", 0, Zone.BATTLEFIELD)
    libs = [len(g.library(0)), len(g.library(1))]
    attack_unblocked(g, {eye: P1})
    assert g.life(1) == 19
    assert [len(g.library(0)), len(g.library(1))] == [libs[0] - 1, libs[1] - 1]
    assert len(g.graveyard(0)) == 1 and len(g.graveyard(1)) == 1


# --- mana abilities (605) -------------------------------------------------------------------------

MANA = {"Sol Ring": ("C", 2), "Thran Dynamo": ("C", 3), "Mox Pearl": ("W", 1),
        "Mox Sapphire": ("U", 1), "Mox Jet": ("B", 1), "Mox Ruby": ("R", 1),
        "Mox Emerald": ("G", 1), "Elvish Mystic": ("G", 1), "Fyndhorn Elves": ("G", 1),
        "Avacyn's Pilgrim": ("W", 1), "Gold Myr": ("W", 1), "Silver Myr": ("U", 1),
        "Palladium Myr": ("C", 2), "Fyndhorn Elder": ("G", 2), "Llanowar Tribe": ("G", 3),
        "Leaf Gilder": ("G", 1), "Mind Stone": ("C", 1), "Hedron Archive": ("C", 2)}


@pytest.mark.parametrize("name", sorted(MANA))
def test_605_mana_abilities_add_their_mana(name):
    color, amount = MANA[name]
    g = game()
    o = cast_from_hand(g, name)
    resolve(g)
    assert o in g.battlefield(0)
    if "Creature" in DEFAULT_CARDS[name].types:
        with pytest.raises(IllegalActionError, match="302.6"):    # {T}: summoning sick
            g.tap_for_mana(o, color)
        g.set_object(o, sick=0)
    g.tap_for_mana(o, color)                               # 605.3a: no stack
    assert g.mana_pool(0) == {color: amount} and g.obj(o)["tapped"]


@pytest.mark.parametrize("name", ["Birds of Paradise", "Ornithopter of Paradise",
                                  "Darksteel Ingot"])
def test_605_mana_of_any_color(name):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    for color in "WUBRG":
        h = g.clone()
        h.tap_for_mana(o, color)
        assert h.mana_pool(0) == {color: 1}


@pytest.mark.parametrize("name,cost,drawn", [("Mind Stone", "{1}", 1),
                                             ("Hedron Archive", "{2}", 2)])
def test_602_sacrifice_an_artifact_to_draw(name, cost, drawn):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    lands_for(g, 0, cost)
    hand = len(g.hand(0))
    g.activate(o, 1)                                       # {N}, {T}, Sacrifice ~ (602.2)
    assert o in g.graveyard(0)                             # sacrificed as a cost
    resolve(g)
    assert len(g.hand(0)) == hand + drawn


# lands: the colours each of its mana abilities adds
LANDS = {"Tundra": "WU", "Underground Sea": "UB", "Badlands": "BR", "Taiga": "RG",
         "Savannah": "GW", "Scrubland": "WB", "Volcanic Island": "UR", "Bayou": "BG",
         "Plateau": "RW", "Tropical Island": "GU", "Wastes": "C", "Snow-Covered Plains": "W",
         "Snow-Covered Island": "U", "Snow-Covered Swamp": "B", "Snow-Covered Mountain": "R",
         "Snow-Covered Forest": "G", "Great Furnace": "R", "Seat of the Synod": "U",
         "Darksteel Citadel": "C"}


@pytest.mark.parametrize("name", sorted(LANDS))
def test_305_lands_are_played_and_tap_for_their_mana(name):
    g = game()
    land = g.create_card(name, 0, Zone.HAND)
    g.play_land(land)                                      # 305.1: no stack
    assert land in g.battlefield(0)
    for i, color in enumerate(LANDS[name]):
        h = g.clone()
        h.tap_for_mana(land, color, i)
        assert h.mana_pool(0) == {color: 1}
    second = g.create_card(name, 0, Zone.HAND)
    with pytest.raises(IllegalActionError, match="505.5b"):  # one land per turn (305.2)
        g.play_land(second)


# --- enters triggers (603.6a) ---------------------------------------------------------------------

def _etb(name, target=None, p1=()):
    """Cast ``name``; when its enters trigger asks for a target, choose ``target`` (an object
    made from ``p1`` by index, or P1)."""
    g = game()
    made = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    o = cast_from_hand(g, name)
    hand, life = len(g.hand(0)), g.life(0)
    resolve(g)                                             # the creature spell resolves
    assert o in g.battlefield(0)
    if target is not None:
        assert g.decision.kind == Decision.TARGET
        t = P1 if target == "P1" else made[target]
        g.apply(Action.make(ActionKind.TARGET, t))
    resolve(g)                                             # the trigger resolves
    return g, made, hand, life


@pytest.mark.parametrize("name,drawn,life", [
    ("Phyrexian Rager", 1, -1), ("Angel of Mercy", 0, 3), ("Venerable Monk", 0, 2),
    ("Staunch Defenders", 0, 4), ("Wall of Blossoms", 1, 0), ("Wall of Omens", 1, 0),
    ("Kavu Climber", 1, 0), ("Serpent Warrior", 0, -3), ("Foul Imp", 0, -2),
    ("Cloudblazer", 2, 2), ("Peace Strider", 0, 3), ("Phyrexian Gargantua", 2, -2),
    ("Baleful Strix", 1, 0)])
def test_603_6a_enters_triggers_draw_and_change_life(name, drawn, life):
    g, _, hand, life0 = _etb(name)
    assert len(g.hand(0)) == hand + drawn
    assert g.life(0) == life0 + life


def test_603_6a_flametongue_kavu_deals_4_damage_to_target_creature():
    g, (wurm, bears), _, _ = _etb("Flametongue Kavu", 0, ("Craw Wurm", "Grizzly Bears"))
    assert wurm in g.graveyard(1) and bears in g.battlefield(1)


def test_603_6a_ravenous_chupacabra_destroys_a_creature_an_opponent_controls():
    g = game()
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    chupa = cast_from_hand(g, "Ravenous Chupacabra")
    resolve(g)
    assert g.target_choices() == [theirs]               # not its controller's creatures
    g.apply(Action.make(ActionKind.TARGET, theirs))
    resolve(g)
    assert theirs in g.graveyard(1) and mine in g.battlefield(0) and chupa in g.battlefield(0)


@pytest.mark.parametrize("name", ["Sparkmage Apprentice", "Skeleton Archer"])
def test_603_6a_enters_and_deals_1_damage_to_any_target(name):
    g, _, _, _ = _etb(name, "P1")
    assert g.life(1) == 19


def test_603_6a_angel_of_despair_destroys_target_permanent():
    g, (land,), _, _ = _etb("Angel of Despair", 0, ("Forest",))
    assert land in g.graveyard(1)


def test_603_6a_prosperous_pirates_creates_two_treasures():
    g, _, _, _ = _etb("Prosperous Pirates")
    treasures = [o for o in g.battlefield(0) if g.card_of(o).name == "Treasure"]
    assert len(treasures) == 2
    g.tap_for_mana(treasures[0], "B")           # {T}, Sacrifice this artifact: any colour
    assert g.mana_pool(0) == {"B": 1} and treasures[0] not in g.battlefield(0)


def test_603_6a_ambassador_oak_creates_an_elf_warrior():
    g, _, _, _ = _etb("Ambassador Oak")
    elves = [o for o in g.battlefield(0) if g.card_of(o).name == "Elf Warrior"]
    assert len(elves) == 1
    ch = g.characteristics(elves[0])
    assert (ch["power"], ch["toughness"], ch["colors"]) == (1, 1, "G")


def test_603_6a_beetleback_chief_creates_two_goblins():
    g, _, _, _ = _etb("Beetleback Chief")
    goblins = [o for o in g.battlefield(0) if g.card_of(o).name == "Goblin"]
    assert len(goblins) == 2 and all(g.power_toughness(o) == (1, 1) for o in goblins)


def test_603_6a_mist_raven_returns_target_creature_to_its_owners_hand():
    g, (bears,), _, _ = _etb("Mist Raven", 0, ("Grizzly Bears",))
    assert g.find("Grizzly Bears", Zone.HAND, 1)
    assert bears not in g.battlefield(1)


# --- activated abilities (602): mana and {T} costs ------------------------------------------------

def test_602_prodigal_sorcerer_pings_but_not_while_summoning_sick():
    g = game()
    o = cast_from_hand(g, "Prodigal Sorcerer")
    resolve(g)
    before = g.save()
    with pytest.raises(IllegalActionError, match="302.6"):
        g.activate(o, 0, P1)
    assert g.save() == before
    g.set_object(o, sick=0)
    g.activate(o, 0, P1)
    resolve(g)
    assert g.life(1) == 19 and g.obj(o)["tapped"]


def test_602_rod_of_ruin_costs_3_and_tap():
    g = game()
    rod = g.create_card("Rod of Ruin", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{2}")
    with pytest.raises(IllegalActionError):               # {3} can't be paid with two lands
        g.activate(rod, 0, P1)
    lands_for(g, 0, "{1}")
    g.activate(rod, 0, P1)
    resolve(g)
    assert g.life(1) == 19 and g.obj(rod)["tapped"]


@pytest.mark.parametrize("name,mine,theirs", [("Fireslinger", 1, 1),
                                              ("Orcish Artillery", 3, 2)])
def test_602_tap_pingers_that_hurt_their_controller(name, mine, theirs):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    g.activate(o, 0, P1)
    resolve(g)
    assert (g.life(0), g.life(1)) == (20 - mine, 20 - theirs)


@pytest.mark.parametrize("name,cost,damage", [("Flamewave Invoker", "{7}{R}", 5),
                                              ("Aladdin's Ring", "{8}", 4)])
def test_602_expensive_damage_abilities(name, cost, damage):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    lands = lands_for(g, 0, cost)
    g.set_object(lands[-1], tapped=1)
    before = g.save()
    with pytest.raises(IllegalActionError):                # one mana short (602.2b, 601.2h)
        g.activate(o, 0, P1)
    assert g.save() == before
    g.set_object(lands[-1], tapped=0)
    g.activate(o, 0, P1)
    resolve(g)
    assert g.life(1) == 20 - damage


def test_602_millstone_mills_two_and_fountain_of_youth_gains_1():
    g = game()
    stone = g.create_card("Millstone", 0, Zone.BATTLEFIELD)
    fountain = g.create_card("Fountain of Youth", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{4}")
    library = len(g.library(1))
    g.activate(stone, 0, P1)
    resolve(g)
    g.activate(fountain, 0)
    resolve(g)
    assert len(g.library(1)) == library - 2 and len(g.graveyard(1)) == 2
    assert g.life(0) == 21


@pytest.mark.parametrize("name,target", [("Jandor's Saddlebags", "Grizzly Bears"),
                                         ("Ley Druid", "Forest")])
def test_602_untap_target_permanent(name, target):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    t = g.create_card(target, 0, Zone.BATTLEFIELD)
    g.set_object(t, tapped=1)
    lands_for(g, 0, "{3}" if name == "Jandor's Saddlebags" else "")
    g.activate(o, 0, t)
    resolve(g)
    assert not g.obj(t)["tapped"] and g.obj(o)["tapped"]


def test_122_dragon_blood_puts_a_plus1_counter_on_target_creature():
    g = game()
    blood = g.create_card("Dragon Blood", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    lands_for(g, 0, "{3}")
    g.activate(blood, 0, bears)
    resolve(g)
    assert g.power_toughness(bears) == (3, 3)
    g.pass_to(Step.UPKEEP, 1)
    assert g.power_toughness(bears) == (3, 3)              # a counter stays (122.1a)


def test_702_9_goblin_balloon_brigade_gains_flying_until_end_of_turn():
    g = game()
    o = g.create_card("Goblin Balloon Brigade", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{R}")
    g.activate(o, 0)
    resolve(g)
    assert Keyword.FLYING in g.keywords(o)
    g.pass_to(Step.UPKEEP, 1)
    assert Keyword.FLYING not in g.keywords(o)


def test_602_jayemdae_tome_draws_a_card():
    g = game()
    tome = g.create_card("Jayemdae Tome", 0, Zone.BATTLEFIELD)
    lands_for(g, 0, "{4}")
    hand = len(g.hand(0))
    g.activate(tome, 0)
    resolve(g)
    assert len(g.hand(0)) == hand + 1


@pytest.mark.parametrize("name,cost,bonus", [
    ("Shivan Dragon", "{R}", (1, 0)), ("Furnace Whelp", "{R}", (1, 0)),
    ("Wall of Fire", "{R}", (1, 0)), ("Frozen Shade", "{B}", (1, 1)),
    ("Dragon Engine", "{2}", (1, 0)), ("Granite Gargoyle", "{R}", (0, 1)),
    ("Honor Guard", "{W}", (0, 1)), ("Looming Shade", "{B}", (1, 1)),
    ("Kraul Warrior", "{5}{G}", (3, 3))])
def test_602_pump_abilities_can_be_activated_repeatedly(name, cost, bonus):
    g = game()
    o = g.create_card(name, 0, Zone.BATTLEFIELD)
    base = g.power_toughness(o)
    lands_for(g, 0, cost + cost)
    for _ in range(2):
        g.activate(o, 0)
        resolve(g)
    assert g.power_toughness(o) == (base[0] + 2 * bonus[0], base[1] + 2 * bonus[1])
    g.pass_to(Step.UPKEEP, 1)                             # until end of turn (514.2)
    assert g.power_toughness(o) == base


# --- Auras (303.4) and Equipment (301.5) ----------------------------------------------------------

AURAS = {"Unholy Strength": ((4, 3), ()), "Weakness": ((0, 1), ()),
         "Flight": ((2, 2), ("FLYING",)), "Lance": ((2, 2), ("FIRST_STRIKE",)),
         "Mark of the Vampire": ((4, 4), ("LIFELINK",)), "Oakenform": ((5, 5), ()),
         "Giant Strength": ((4, 4), ()), "Divine Transformation": ((5, 5), ()),
         "Goblin War Paint": ((4, 4), ("HASTE",)),
         "Serra's Embrace": ((4, 4), ("FLYING", "VIGILANCE")),
         "Unflinching Courage": ((4, 4), ("TRAMPLE", "LIFELINK")),
         "Battle Mastery": ((2, 2), ("DOUBLE_STRIKE",)),
         "Dead Weight": (None, ()), "Immolation": (None, ())}


@pytest.mark.parametrize("name", sorted(AURAS))
def test_303_4_auras_are_cast_on_a_creature_and_change_it(name):
    pt, kws = AURAS[name]
    g = game()
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    aura = cast_from_hand(g, name, bears)
    resolve(g)
    if pt is None:                                         # toughness 0: 704.5f, then 704.5m
        assert bears in g.graveyard(0) and aura in g.graveyard(0)
        return
    assert g.obj(aura)["attached_to"] == bears
    assert g.power_toughness(bears) == pt
    assert g.keywords(bears) == Keyword(sum(Keyword[k] for k in kws))


EQUIPMENT = {"Loxodon Warhammer": ((5, 2), ("TRAMPLE", "LIFELINK")),
             "Basilisk Collar": ((2, 2), ("DEATHTOUCH", "LIFELINK")),
             "Bone Saw": ((3, 2), ()),
             "Behemoth Sledge": ((4, 4), ("TRAMPLE", "LIFELINK")),
             "Fireshrieker": ((2, 2), ("DOUBLE_STRIKE",)), "Kitesail": ((3, 2), ("FLYING",)),
             "Swiftfoot Boots": ((2, 2), ("HEXPROOF", "HASTE")),
             "Lightning Greaves": ((2, 2), ("HASTE", "SHROUD")),
             "Sword of Vengeance": ((4, 2), ("FIRST_STRIKE", "VIGILANCE", "TRAMPLE", "HASTE"))}


@pytest.mark.parametrize("name", sorted(EQUIPMENT))
def test_702_6_equipment_is_cast_then_equipped_as_a_sorcery(name):
    pt, kws = EQUIPMENT[name]
    g = game()
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    eq = cast_from_hand(g, name)
    resolve(g)
    equip = next(a for a in DEFAULT_CARDS[name].text.split("\n") if a.startswith("Equip {"))
    lands_for(g, 0, equip.split(" ")[1])
    g.activate(eq, 0, bears)
    resolve(g)
    assert g.obj(eq)["attached_to"] == bears
    assert g.power_toughness(bears) == pt
    assert g.keywords(bears) == Keyword(sum(Keyword[k] for k in kws))


def test_702_15_loxodon_warhammer_gives_lifelink_and_trample_in_combat():
    g = game()
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Loxodon Warhammer", 0, Zone.BATTLEFIELD, attached_to=bears)
    chump = g.create_card("Test Chump", 1, Zone.BATTLEFIELD)
    to_blocks(g, {bears: P1})
    g.declare_blockers({chump: bears})
    to_end_of_combat(g)
    assert g.life(1) == 16 and g.life(0) == 25           # 5 damage: 1 to the 0/1, 4 trample
