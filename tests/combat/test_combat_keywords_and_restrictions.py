"""Combat keywords and restrictions of the second combat word (CF_COMBAT2),
imported from real Oracle texts and shown in games.

- 702.31b horsemanship: can't be blocked except by creatures with horsemanship.
- 509.1b "~ can't be blocked by creatures with power 2 or less" (the blocker's power as
  blockers are declared, after every layer, 613.4).
- 702.164 / 120.3g toxic N: combat damage dealt to a player also gives N poison counters.
- 509.1b "~ can't be blocked by more than one creature" (an upper bound of the blocker search).
- 702.25 flanking: "Whenever a creature without flanking blocks this creature, the blocking
  creature gets -1/-1 until end of turn."
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Game
from mtg_core.cards import (ActivatedAbility, Becomes, Card, Damage, LoseAllAbilities,
                             PreventAllCombatDamage, Pump, SpellAbility)
from mtg_core.enums import ActionKind, Step, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.oracle import import_card
from mtg_core.oracle.sources import CardRecord

from combat_helpers import P1, to_blockers
from oracle_helpers import check_mutations, imported_card

_HORSE = "Horsemanship (This creature can't be blocked except by creatures with horsemanship.)"
_RECORDS = [
    CardRecord("Barbarian General", "{4}{R}", "Creature — Human Barbarian Soldier", _HORSE,
               "3", "2", colors=["R"]),
    CardRecord("Lady Zhurong, Warrior Queen", "{4}{G}", "Legendary Creature — Human Soldier Warrior",
               _HORSE, "4", "3", colors=["G"]),
    CardRecord("Arlinn's Wolf", "{2}{G}", "Creature — Wolf",
               "Arlinn's Wolf can't be blocked by creatures with power 2 or less.", "3", "2",
               colors=["G"]),
    CardRecord("Branchblight Stalker", "{1}{G}", "Creature — Phyrexian Elf Scout",
               "Toxic 2 (Players dealt combat damage by this creature also get two poison "
               "counters.)", "3", "1", colors=["G"]),
    CardRecord("Paladin of Predation", "{5}{G}{G}", "Creature — Phyrexian Knight",
               "Toxic 6 (Plavers dealt combat damage bythis creature also get six poison "
               "counters.)\nPaladin of Predation can't be blocked by creatures with power 2 or "
               "less.", "6", "7", colors=["G"]),
    CardRecord("Benalish Cavalry", "{1}{W}", "Creature — Human Knight",
               "Flanking (Whenever a creature without flanking blocks this creature, the "
               "blocking creature gets -1/-1 until end of turn.)", "2", "2", colors=["W"]),
    CardRecord("Cadaverous Knight", "{2}{B}", "Creature — Zombie Knight",
               "Flanking (Whenever a creature without flanking blocks this creature, the "
               "blocking creature gets -1/-1 until end of turn.)\n{1}{B}{B}: Regenerate "
               "Cadaverous Knight.", "2", "2", colors=["B"]),
    CardRecord("Charging Rhino", "{3}{G}{G}", "Creature — Rhino",
               "Charging Rhino can't be blocked by more than one creature.", "4", "4",
               colors=["G"]),
    CardRecord("Greater Sandwurm", "{5}{G}{G}", "Creature — Wurm",
               "Greater Sandwurm can't be blocked by creatures with power 2 or less.\nCycling {2} "
               "({2}, Discard this card: Draw a card.)", "7", "7", colors=["G"]),
]
RECORDS = {r.name: r for r in _RECORDS}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


_GROW = Card("Test Growth", "{0}", ("Instant",),
             abilities=(SpellAbility(Pump("target", 1, 0), targets=("creature",)),))
_STRIP = Card("Test Strip", "{0}", ("Instant",), abilities=(
    SpellAbility(Becomes("target", LoseAllAbilities()), targets=("creature",)),))
_FOG = Card("Test Fog", "{0}", ("Instant",), abilities=(SpellAbility(PreventAllCombatDamage()),))
_BOLT_TOXIC = Card("Test Toxic Pinger", "{0}", ("Creature",), power=1, toughness=1,
                   combat=("toxic 1", "toxic 2"),
                   abilities=(ActivatedAbility("{T}", Damage("target", 1), targets=("any",)),))
DB = DEFAULT_CARDS.extended([imported(n) for n in RECORDS] + [_GROW, _STRIP, _FOG, _BOLT_TOXIC])


def game(p0=(), p1=(), hand0=()) -> tuple[Game, list[int], list[int], list[int]]:
    g = Game(["bears", "bears"], seed=5, cards=DB, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    h = [g.create_card(n, 0, Zone.HAND) for n in hand0]
    g.pass_to(Step.MAIN, 0)
    return g, a, b, h


def to_attack(g: Game, attacks: dict[int, int]) -> None:
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)
    to_blockers(g, attacks)


def blocks_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}


def test_importer_reads_horsemanship_toxic_and_the_power_restriction():
    assert imported("Barbarian General").combat == ("horsemanship",)
    assert imported("Branchblight Stalker").combat == ("toxic 2",)
    assert imported("Benalish Cavalry").combat == ("flanking",)
    assert set(imported("Paladin of Predation").combat) == {
        "toxic 6", "can't be blocked by creatures with power 2 or less"}
    assert imported("Arlinn's Wolf").combat == ("can't be blocked by creatures with power 2 or less",)


@pytest.mark.parametrize("text", [
    "~ can't be blocked by creatures with power 3 or less.",
    "~ can't be blocked by creatures with toughness 2 or less.",
    "Horsemanship 2",
    "Toxic X",
])
def test_near_misses_are_refused(text):
    assert not import_card("X", "{2}", "Creature — Wolf", text, "3", "2").ok


def test_mutated_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 20


def test_702_31b_horsemanship_is_blocked_only_by_creatures_with_horsemanship():
    g, (general, bears0), (bears1, lady), _ = game(
        ["Barbarian General", "Grizzly Bears"], ["Grizzly Bears", "Lady Zhurong, Warrior Queen"])
    to_attack(g, {general: P1, bears0: P1})
    assert blocks_offered(g) == {(bears1, bears0), (lady, bears0), (lady, general)}
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({bears1: general})
    assert g.save() == before


def test_702_31b_a_flyer_without_horsemanship_cant_block_it_either():
    g, (general,), (angel,), _ = game(["Barbarian General"], ["Serra Angel"])
    to_attack(g, {general: P1})
    assert blocks_offered(g) == set()


def test_613_1f_a_creature_that_lost_horsemanship_is_blocked_normally():
    g, (general,), (bears1,), (strip,) = game(["Barbarian General"], ["Grizzly Bears"],
                                              ["Test Strip"])
    g.cast(strip, general)
    while g.stack():
        g.pass_priority()
    to_attack(g, {general: P1})
    assert blocks_offered(g) == {(bears1, general)}


def test_509_1b_cant_be_blocked_by_creatures_with_power_2_or_less():
    g, (wolf,), (bears1, angel), _ = game(["Arlinn's Wolf"], ["Grizzly Bears", "Serra Angel"])
    to_attack(g, {wolf: P1})
    assert blocks_offered(g) == {(angel, wolf)}              # 4 power; the Bears have 2


def test_509_1b_the_blockers_power_counts_as_blockers_are_declared():
    g, (wolf,), (bears1,), (grow,) = game(["Arlinn's Wolf"], ["Grizzly Bears"], ["Test Growth"])
    g.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)
    to_blockers(g, {wolf: P1})
    assert blocks_offered(g) == set()
    g2, (wolf2,), (bears2,), (grow2,) = game(["Arlinn's Wolf"], ["Grizzly Bears"], ["Test Growth"])
    g2.cast(grow2, bears2)                                   # 3/2 until end of turn
    while g2.stack():
        g2.pass_priority()
    g2.pass_until(lambda gg: gg.step == Step.DECLARE_ATTACKERS)
    to_blockers(g2, {wolf2: P1})
    assert blocks_offered(g2) == {(bears2, wolf2)}


# --- 702.164 toxic -----------------------------------------------------------------------------

def _fight_round(g: Game, attacks: dict[int, int], blocks: dict[int, int]) -> None:
    to_attack(g, attacks)
    if g.decision is not None and g.decision.kind.name == "DECLARE_BLOCKERS":
        g.declare_blockers(blocks)
    g.pass_to(Step.END_COMBAT)


def test_702_164_toxic_combat_damage_to_a_player_also_gives_poison_counters():
    g, (stalker,), _, _ = game(["Branchblight Stalker"])
    _fight_round(g, {stalker: P1}, {})
    assert g.life(1) == 17 and g.poison(1) == 2


def test_702_164_a_blocked_toxic_creature_gives_no_poison():
    g, (stalker,), (bears,), _ = game(["Branchblight Stalker"], ["Grizzly Bears"])
    _fight_round(g, {stalker: P1}, {bears: stalker})
    assert g.poison(1) == 0


def test_120_3g_prevented_combat_damage_gives_no_poison():
    g, (stalker,), _, (fog,) = game(["Branchblight Stalker"], [], ["Test Fog"])
    g.cast(fog)
    while g.stack():
        g.pass_priority()
    _fight_round(g, {stalker: P1}, {})
    assert g.life(1) == 20 and g.poison(1) == 0


def test_702_164_toxic_counts_combat_damage_only_and_adds_up_its_instances():
    g, (pinger,), _, _ = game(["Test Toxic Pinger"])
    g.activate(pinger, 0, P1)                                # noncombat damage: no poison
    while g.stack():
        g.pass_priority()
    assert g.life(1) == 19 and g.poison(1) == 0
    g.set_object(pinger, tapped=0)
    _fight_round(g, {pinger: P1}, {})
    assert g.poison(1) == 3                                  # toxic 1 + toxic 2 (702.164b)


def test_704_5c_ten_poison_counters_from_toxic_lose_the_game():
    g, (paladin,), _, _ = game(["Paladin of Predation"])
    g.set_player(1, poison=4)
    to_attack(g, {paladin: P1})
    g.pass_until(lambda gg: gg.is_over)
    assert g.result.winner == 0 and g.poison(1) == 10 and g.life(1) == 14


# --- 702.25 flanking ---------------------------------------------------------------------------

def test_702_25a_a_blocker_without_flanking_gets_minus_1_minus_1():
    g, (cavalry,), (bears,), _ = game(["Benalish Cavalry"], ["Grizzly Bears"])
    to_attack(g, {cavalry: P1})
    g.declare_blockers({bears: cavalry})
    while g.stack():                                         # the flanking trigger resolves
        g.pass_priority()
    assert g.power_toughness(bears) == (1, 1)
    g.pass_to(Step.END_COMBAT)
    assert g.graveyard(1) == [bears]                         # 2 damage on a 1/1 (704.5g)
    assert cavalry in g.battlefield(0)                       # it took 1


def test_702_25a_a_blocker_with_flanking_doesnt_trigger_it():
    g, (cavalry,), (knight,), _ = game(["Benalish Cavalry"], ["Cadaverous Knight"])
    to_attack(g, {cavalry: P1})
    g.declare_blockers({knight: cavalry})
    assert not g.stack()
    assert g.power_toughness(knight) == (2, 2)


def test_702_25b_two_instances_trigger_twice():
    twice = Card("Test Double Flanker", "{1}", ("Creature",), power=2, toughness=2,
                 combat=("flanking", "flanking"))
    db = DB.extended([twice])
    g = Game(["bears", "bears"], seed=5, cards=db, mulligans=False, starting_player=0)
    f = g.create_card("Test Double Flanker", 0, Zone.BATTLEFIELD)
    ogre = g.create_card("Serra Angel", 1, Zone.BATTLEFIELD)
    g.pass_to(Step.MAIN, 0)
    to_attack(g, {f: P1})
    g.declare_blockers({ogre: f})
    while g.stack() or g.decision.kind.name == "ORDER_TRIGGERS":
        if g.decision.kind.name == "ORDER_TRIGGERS":
            g.apply(g.legal_actions()[0])
        else:
            g.pass_priority()
    assert g.power_toughness(ogre) == (2, 2)                 # Serra Angel 4/4, -1/-1 twice


# --- 509.1b "can't be blocked by more than one creature" -------------------------------------------

def test_509_1b_charging_rhino_is_blocked_by_one_creature_at_most():
    g, (rhino,), (b1, b2), _ = game(["Charging Rhino"], ["Grizzly Bears", "Grizzly Bears"])
    to_attack(g, {rhino: P1})
    assert imported("Charging Rhino").combat == ("can't be blocked by more than one creature",)
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.declare_blockers({b1: rhino, b2: rhino})
    assert g.save() == before
    g.declare_blockers({b1: rhino})
    assert g.obj(b1)["combat"] and not g.obj(b2)["combat"]
