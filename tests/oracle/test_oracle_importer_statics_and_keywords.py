"""Importer features of statics and keywords: statics and keywords the Oracle importer now
reads, each shown on real cards in a game.

- 509.1b "~ can't be blocked." and "~ can block only creatures with flying."
- 508.1c / 509.1b an Aura's "Enchanted creature can't attack or block." (Pacifism)
- 305.2a "You may play an additional land on each of your turns." (Exploration)
- 101.2 / 701.5a "This spell can't be countered." (Great Sable Stag, Dovin's Veto)
- 702.14 landwalk (swampwalk, islandwalk, ...), 702.114 devoid, 702.73 changeling
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game
from mtg_core.cards import Card, Pump
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from combat_helpers import P1, to_blockers
from oracle_helpers import check_mutations, imported_card

# Real Oracle texts (the corpus, reminder text kept as printed).
_RECORDS = [
    CardRecord("Phantom Warrior", "{1}{U}{U}", "Creature — Illusion Warrior",
               "Phantom Warrior can't be blocked.", "2", "2", colors=["U"]),
    CardRecord("Cloud Djinn", "{5}{U}", "Creature — Djinn",
               "Flying\nCloud Djinn can block only creatures with flying.", "5", "4", colors=["U"]),
    CardRecord("Pacifism", "{1}{W}", "Enchantment — Aura",
               "Enchant creature\nEnchanted creature can't attack or block.", colors=["W"]),
    CardRecord("Exploration", "{G}", "Enchantment",
               "You may play an additional land on each of your turns.", colors=["G"]),
    CardRecord("Great Sable Stag", "{1}{G}{G}", "Creature — Elk",
               "This spell can't be countered.\nProtection from blue and from black (This "
               "creature can't be blocked, targeted, dealt damage, or enchanted by anything "
               "blue or black.)", "3", "3", colors=["G"]),
    CardRecord("Dovin's Veto", "{W}{U}", "Instant",
               "This spell can't be countered.\nCounter target noncreature spell.",
               colors=["W", "U"]),
    CardRecord("Anaconda", "{3}{G}", "Creature — Snake",
               "Swampwalk (This creature can't be blocked as long as defending player controls "
               "a Swamp.)", "3", "3", colors=["G"]),
    CardRecord("Benthic Behemoth", "{5}{U}{U}{U}", "Creature — Serpent",
               "Islandwalk (This creature can't be blocked as long as defending player "
               "controls an Island.)", "7", "6", colors=["U"]),
    CardRecord("Havoc Sower", "{3}{B}", "Creature — Eldrazi Drone",
               "Devoid (This card has no color.)\n{1}{C}: Havoc Sower gets +2/+1 until end of "
               "turn. ({C} represents colorless mana.)", "3", "3", colors=["B"]),
    CardRecord("Avian Changeling", "{2}{W}", "Creature — Shapeshifter",
               "Changeling (This card is every creature type.)\nFlying", "2", "2", colors=["W"]),
    CardRecord("Devoted Retainer", "{W}", "Creature — Human Samurai",
               "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 "
               "until end of turn.)", "1", "1", colors=["W"]),
    CardRecord("Battle-Mad Ronin", "{1}{R}", "Creature — Human Samurai",
               "Bushido 2 (Whenever this creature blocks or becomes blocked, it gets +2/+2 "
               "until end of turn.)\nBattle-Mad Ronin attacks each combat if able.", "1", "1",
               colors=["R"]),
    CardRecord("Nacatl Savage", "{1}{G}", "Creature — Cat Warrior", "Protection from artifacts",
               "2", "1", colors=["G"]),
    CardRecord("Beloved Chaplain", "{1}{W}", "Creature — Human Cleric",
               "Protection from creatures", "1", "1", colors=["W"]),
    CardRecord("Akrasan Squire", "{W}", "Creature — Human Soldier",
               "Exalted (Whenever a creature you control attacks alone, that creature gets "
               "+1/+1 until end of turn.)", "1", "1", colors=["W"]),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


# a creature like Havoc Sower without devoid (a black creature), for the contrast
_BLACK_SOWER = Card("Test Black Sower", "{3}{B}", ("Creature",), ("Eldrazi",), power=3,
                    toughness=3)
# a 2/2 flyer like Avian Changeling without changeling (a Shapeshifter only)
_PLAIN_FLYER = Card("Test Shapeshifter Flyer", "{2}{W}", ("Creature",), ("Shapeshifter",),
                    power=2, toughness=2, keywords=("flying",))
DB = DEFAULT_CARDS.extended([imported(n) for n in RECORDS] + [_BLACK_SOWER, _PLAIN_FLYER])


def game(p0=(), p1=(), hand0=(), hand1=()) -> tuple[Game, list[int], list[int], list, list]:
    g = Game(["bears", "bears"], seed=5, cards=DB, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    ha = [g.create_card(n, 0, Zone.HAND) for n in hand0]
    hb = [g.create_card(n, 1, Zone.HAND) for n in hand1]
    return g, a, b, ha, hb


def to_attackers(g: Game) -> None:
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)


def attacks_offered(g) -> set[tuple[int, int]]:
    return {(a.b, a.a) for a in g.legal_actions() if a.kind == ActionKind.ATTACK}


def blocks_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}


# --- the importer's definitions -------------------------------------------------------------------

def test_importer_reads_statics_and_keywords_of_combat_lands_and_spells():
    assert imported("Phantom Warrior").combat == ("can't be blocked",)
    assert imported("Cloud Djinn").combat == ("can block only creatures with flying",)
    assert imported("Pacifism").combat == ("enchanted creature can't attack",
                                           "enchanted creature can't block")
    assert imported("Exploration").static == "you may play an additional land on each of your turns"
    assert imported("Great Sable Stag").static == "this spell can't be countered"
    veto = imported("Dovin's Veto")
    assert veto.static == "this spell can't be countered" and len(veto.abilities) == 1
    assert imported("Anaconda").landwalk == ("Swamp",)
    assert imported("Benthic Behemoth").landwalk == ("Island",)
    assert imported("Havoc Sower").colors == ""                     # 702.114a
    assert imported("Avian Changeling").changeling                  # 702.73a
    assert [(a.at, a.effects) for a in imported("Battle-Mad Ronin").abilities] == [
        ("blocks", (Pump("self", 2, 2, "end of turn"),)),
        ("becomes blocked", (Pump("self", 2, 2, "end of turn"),))]       # 702.45a
    (ex,) = imported("Akrasan Squire").abilities                    # 702.83a
    assert (ex.at, ex.effects) == ("a creature you control attacks alone",
                                   (Pump("that creature", 1, 1, "end of turn"),))
    assert imported("Nacatl Savage").protection == ("artifacts",)
    assert imported("Beloved Chaplain").protection == ("creatures",)


@pytest.mark.parametrize("text", [
    "~ can't be blocked this turn.",                  # an effect, not the card's static
    "~ can block only creatures with flying or reach.",
    "Enchant creature\nEnchanted creature can't attack or block alone.",
    "You may play two additional lands on each of your turns.",
    "Target spell can't be countered.",
    "Snow swampwalk",
    "Nonbasic landwalk",
    "Legendary landwalk",
    "Bushido X",
    "Exalted 2",
    "Protection from artifact creatures",
    "Protection from creature spells",
])
def test_near_misses_are_refused(text):
    types = "Enchantment — Aura" if text.startswith("Enchant ") else "Creature — Beast"
    p, t = (None, None) if "Aura" in types else ("2", "2")
    r = import_card("X", "{2}{G}", types, text.replace("~", "X"), p, t)
    assert not r.ok


def test_mutated_statics_and_keywords_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 100


def test_landwalk_names_a_basic_land_type():
    with pytest.raises(CardScriptError, match="702.14"):
        Card("X", "{G}", ("Creature",), power=1, toughness=1, landwalk=("Desert",))


# --- 509.1b: the card's own blocking restrictions -------------------------------------------------

def test_509_1b_phantom_warrior_cant_be_blocked():
    g, (warrior, bears0), (bears,), _, _ = game(["Phantom Warrior", "Grizzly Bears"],
                                                ["Grizzly Bears"])
    to_attackers(g)
    to_blockers(g, {warrior: P1, bears0: P1})
    assert blocks_offered(g) == {(bears, bears0)}
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({bears: warrior})
    assert g.save() == before


def test_509_1b_cloud_djinn_blocks_only_creatures_with_flying():
    g, (angel, bears0), (djinn,), _, _ = game(["Serra Angel", "Grizzly Bears"], ["Cloud Djinn"])
    to_attackers(g)
    to_blockers(g, {angel: P1, bears0: P1})
    assert blocks_offered(g) == {(djinn, angel)}
    with pytest.raises(IllegalActionError):
        g.declare_blockers({djinn: bears0})


# --- 508.1c / 509.1b: an Aura's restrictions on the creature it enchants -------------------------

def test_508_1c_509_1b_pacifism_enchanted_creature_cant_attack_or_block():
    g, (bears0, other0), (bears1, other1), _, _ = game(["Grizzly Bears", "Grizzly Bears"],
                                                       ["Grizzly Bears", "Grizzly Bears"])
    g.create_card("Pacifism", 1, Zone.BATTLEFIELD, attached_to=bears0)
    g.create_card("Pacifism", 0, Zone.BATTLEFIELD, attached_to=bears1)
    to_attackers(g)
    assert attacks_offered(g) == {(other0, P1)}                     # 508.1c
    with pytest.raises(IllegalActionError):
        g.declare_attackers({bears0: P1})
    to_blockers(g, {other0: P1})
    assert blocks_offered(g) == {(other1, other0)}                  # 509.1b


# --- 305.2a: an additional land play -------------------------------------------------------------

@pytest.mark.parametrize("explorations, plays", [(0, 1), (1, 2), (2, 3)])
def test_305_2a_exploration_gives_an_additional_land_play_each(explorations, plays):
    g, _, _, hand, _ = game(["Exploration"] * explorations, [], ["Forest"] * 4)
    g.pass_to(Step.MAIN, 0)
    for k in range(plays):
        g.play_land(hand[k])
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.play_land(hand[plays])                                    # 305.2: no play left
    assert g.save() == before


def test_305_2a_exploration_counts_only_on_its_controllers_turn():
    g, _, _, _, hand = game([], ["Exploration"], [], ["Forest"] * 3)
    g.pass_to(Step.MAIN, 1)                                        # P1's turn: two plays
    g.play_land(hand[0])
    g.play_land(hand[1])
    with pytest.raises(IllegalActionError):
        g.play_land(hand[2])


# --- 101.2 / 701.5a: a spell that can't be countered --------------------------------------------

@pytest.mark.parametrize("spell, countered", [("Great Sable Stag", False),
                                              ("Grizzly Bears", True)])
def test_101_2_a_spell_that_cant_be_countered_resolves_anyway(spell, countered):
    g, _, _, (creature,), (counter,) = game([], [], [spell], ["Counterspell"])
    g.pass_to(Step.MAIN, 0)
    g.set_player(0, mana_G=3)
    g.set_player(1, mana_U=2)
    g.cast(creature)
    g.pass_priority()                                               # P1 gets priority
    g.cast(counter, creature)
    g.pass_until(lambda gg: not gg.stack())
    on_bf = any(g.obj(o)["card"] == DB.row(spell) for o in g.battlefield())
    assert on_bf == (not countered)
    assert g.zone(Zone.GRAVEYARD, 1)                                # Counterspell resolved


# --- 702.14: landwalk ----------------------------------------------------------------------------

@pytest.mark.parametrize("walker, land, unblockable", [
    ("Anaconda", "Swamp", True), ("Anaconda", "Forest", False),
    ("Benthic Behemoth", "Island", True), ("Benthic Behemoth", "Swamp", False)])
def test_702_14c_landwalk_cant_be_blocked_while_the_defender_controls_that_land(
        walker, land, unblockable):
    g, (w,), (bears, _), _, _ = game([walker], ["Grizzly Bears", land])
    to_attackers(g)
    to_blockers(g, {w: P1})
    assert blocks_offered(g) == (set() if unblockable else {(bears, w)})


def test_702_14c_landwalk_looks_at_the_defending_players_lands_only():
    g, (w, _), (bears,), _, _ = game(["Anaconda", "Swamp"], ["Grizzly Bears"])
    to_attackers(g)
    to_blockers(g, {w: P1})
    assert blocks_offered(g) == {(bears, w)}                        # the attacker's Swamp


# --- 702.114: devoid, 702.73: changeling ---------------------------------------------------------

@pytest.mark.parametrize("creature, legal", [("Havoc Sower", True), ("Test Black Sower", False)])
def test_702_114a_a_devoid_creature_is_colourless_so_doom_blade_may_target_it(creature, legal):
    g, _, (target,), (blade,), _ = game([], [creature], ["Doom Blade"])
    g.pass_to(Step.MAIN, 0)
    g.set_player(0, mana_B=2)
    if legal:
        g.cast(blade, target)
        g.pass_until(lambda gg: not gg.stack())
        assert target not in g.battlefield()
    else:
        with pytest.raises(IllegalActionError):
            g.cast(blade, target)


@pytest.mark.parametrize("flyer, may_block", [("Avian Changeling", False),
                                              ("Test Shapeshifter Flyer", True)])
def test_702_73a_changeling_is_a_demon_and_a_dragon_so_cant_block_baneslayer(flyer, may_block):
    """Baneslayer Angel has protection from Demons and from Dragons (702.16f): a changeling
    is every creature type, so it can't block her; another flyer can."""
    g, (angel,), (f,), _, _ = game(["Baneslayer Angel"], [flyer])
    to_attackers(g)
    to_blockers(g, {angel: P1})
    assert blocks_offered(g) == ({(f, angel)} if may_block else set())


# --- 702.45: bushido -----------------------------------------------------------------------------

def test_702_45a_bushido_pumps_when_it_blocks_and_when_it_becomes_blocked():
    g, (retainer, bears0), (bears, ronin), _, _ = game(["Devoted Retainer", "Grizzly Bears"],
                                                       ["Grizzly Bears", "Devoted Retainer"])
    to_attackers(g)
    to_blockers(g, {retainer: P1, bears0: P1})
    g.declare_blockers({bears: retainer, ronin: bears0})
    assert len(g.stack()) == 2                                      # one trigger each
    while g.stack():
        g.pass_priority()
    assert g.step == Step.DECLARE_BLOCKERS
    assert g.power_toughness(retainer) == (2, 2)                    # became blocked
    assert g.power_toughness(ronin) == (2, 2)                       # blocked
    assert g.power_toughness(bears) == g.power_toughness(bears0) == (2, 2)   # no bushido


# --- 702.16: protection from artifacts, from creatures ------------------------------------------

def test_702_16f_protection_from_artifacts_cant_be_blocked_by_an_artifact_creature():
    g, (savage, bears0), (ornithopter, bears), _, _ = game(
        ["Nacatl Savage", "Grizzly Bears"], ["Ornithopter", "Grizzly Bears"])
    to_attackers(g)
    to_blockers(g, {savage: P1, bears0: P1})
    assert (ornithopter, savage) not in blocks_offered(g)
    assert {(bears, savage), (ornithopter, bears0)} <= blocks_offered(g)


def test_702_16e_f_protection_from_creatures_no_blocks_and_no_damage_from_creatures():
    g, (chaplain,), (bears,), _, _ = game(["Beloved Chaplain"], ["Grizzly Bears"])
    to_attackers(g)
    to_blockers(g, {chaplain: P1})
    assert blocks_offered(g) == set()                               # 702.16f
    g2, (bears0,), (chaplain2,), _, _ = game(["Grizzly Bears"], ["Beloved Chaplain"])
    to_attackers(g2)
    to_blockers(g2, {bears0: P1})
    g2.declare_blockers({chaplain2: bears0})                        # it may block them
    g2.pass_to(Step.END_COMBAT)
    assert chaplain2 in g2.battlefield() and g2.obj(chaplain2)["damage"] == 0   # 702.16e


# --- 702.83: exalted -----------------------------------------------------------------------------

@pytest.mark.parametrize("attackers, squires, bonus", [(1, 1, 1), (1, 2, 2), (2, 1, 0), (1, 0, 0)])
def test_702_83a_b_exalted_pumps_a_creature_that_attacks_alone_once_per_instance(
        attackers, squires, bonus):
    """702.83a / 506.5: only a creature declared as the only attacker; each exalted
    instance triggers separately (702.83b), the opponent's exalted not at all."""
    g, mine, (their_squire,), _, _ = game(["Grizzly Bears"] * 2 + ["Akrasan Squire"] * squires,
                                          ["Akrasan Squire"])
    to_attackers(g)
    g.declare_attackers({b: P1 for b in mine[:attackers]})
    triggered = sum("Akrasan Squire" in line and "triggers" in line for line in g.log)
    assert triggered == (squires if attackers == 1 else 0)
    while g.stack() or g.decision.kind == Decision.ORDER_TRIGGERS:
        if g.decision.kind == Decision.ORDER_TRIGGERS:
            g.apply(g.legal_actions()[0])
        else:
            g.pass_priority()
    assert g.power_toughness(mine[0]) == (2 + bonus, 2 + bonus)
    assert g.power_toughness(mine[1]) == (2, 2)
