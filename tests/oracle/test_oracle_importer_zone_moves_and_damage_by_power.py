"""The Oracle importer's zone moves and damage by another source:
cards in your graveyard as targets (115.1) returned to your hand (400.7), permanents and
graveyard cards put on top of their owner's library (401.1), and a creature dealing damage
equal to its power (120.1) -- real Oracle texts imported, played in games, and the near
misses (a word that changes the meaning) refused or read as something else.
"""
from __future__ import annotations

import pytest

from mtg_core import Action, ActionKind, Deck, Game, Step, Zone
from mtg_core.cards import (CardDB, DamageEqualToPower, PutOnTop, ReturnFromGraveyard,
                            ReturnToHand)
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.library import ALL_CARDS
from mtg_core.oracle import import_card
from mtg_core.oracle.output import card_to_data

from oracle_helpers import check_mutations, imported_oracle, records_of

# exact Oracle data of the corpus (name, mana cost, type line, text, power, toughness)
REAL = {
    "Disentomb": ("{B}", "Sorcery", "Return target creature card from your graveyard to your hand."),
    "Call to Mind": ("{2}{U}", "Sorcery",
                     "Return target instant or sorcery card from your graveyard to your hand."),
    "Argivian Find": ("{W}", "Instant",
                      "Return target artifact or enchantment card from your graveyard to your hand."),
    "Regrowth": ("{1}{G}", "Sorcery", "Return target card from your graveyard to your hand."),
    "Archaeomancer": ("{2}{U}{U}", "Creature — Human Wizard",
                      "When Archaeomancer enters, return target instant or sorcery card from your "
                      "graveyard to your hand.", "1", "2"),
    "Auramancer": ("{2}{W}", "Creature — Human Wizard",
                   "When Auramancer enters, you may return target enchantment card from your "
                   "graveyard to your hand.", "2", "2"),
    "Griptide": ("{3}{U}", "Instant", "Put target creature on top of its owner's library."),
    "Banishment Decree": ("{3}{W}{W}", "Instant",
                          "Put target artifact, creature, or enchantment on top of its owner's "
                          "library."),
    "Reclaim": ("{G}", "Instant", "Put target card from your graveyard on top of your library."),
    "Academy Ruins": ("", "Legendary Land",
                      "{T}: Add {C}.\n{1}{U}, {T}: Put target artifact card from your graveyard on "
                      "top of your library."),
    "Rabid Bite": ("{1}{G}", "Sorcery",
                   "Target creature you control deals damage equal to its power to target "
                   "creature you don't control."),
    "Bite Down": ("{1}{G}", "Instant",
                  "Target creature you control deals damage equal to its power to target "
                  "creature or planeswalker you don't control."),
    "Massive Raid": ("{1}{R}{R}", "Instant",
                     "Massive Raid deals damage to any target equal to the number of creatures "
                     "you control."),
    "Spikeshot Goblin": ("{2}{R}", "Creature — Goblin Shaman",
                         "{R}, {T}: Spikeshot Goblin deals damage equal to its power to any "
                         "target.", "1", "2"),
    "Flame Elemental": ("{2}{R}{R}", "Creature — Elemental",
                        "{R}, {T}, Sacrifice Flame Elemental: It deals damage equal to its power "
                        "to target creature.", "3", "2"),
    "Fireblade Charger": ("{R}", "Creature — Goblin Warrior",
                          "As long as Fireblade Charger is equipped, it has haste.\nWhen Fireblade "
                          "Charger dies, it deals damage equal to its power to any target.", "1", "1"),
    "Ashes to Ashes": ("{1}{B}{B}", "Sorcery",
                       "Exile two target nonartifact creatures. Ashes to Ashes deals 5 damage to "
                       "you."),
    "Death's Duet": ("{2}{B}", "Sorcery",
                     "Return two target creature cards from your graveyard to your hand."),
    "Essence Fracture": ("{3}{U}{U}", "Sorcery",
                         "Return two target creatures to their owners' hands.\nCycling {2}{U} "
                         "({2}{U}, Discard this card: Draw a card.)"),
    "Stun Sniper": ("{R}{W}", "Creature — Human Archer",
                    "{1}, {T}: Stun Sniper deals 1 damage to target creature. Tap that creature.",
                    "1", "1"),
    "Drudge Sentinel": ("{2}{B}", "Creature — Skeleton Warrior",
                        "{3}: Tap Drudge Sentinel. It gains indestructible until end of turn. "
                        "(Damage and effects that say \"destroy\" don't destroy it.)", "2", "1"),
    "Clear Shot": ("{2}{G}", "Instant",
                   "Target creature you control gets +1/+1 until end of turn. It deals damage "
                   "equal to its power to target creature you don't control."),
    "Felling Blow": ("{2}{G}", "Sorcery",
                     "Put a +1/+1 counter on target creature you control. Then that creature "
                     "deals damage equal to its power to target creature an opponent controls."),
    "Justice Strike": ("{R}{W}", "Instant",
                       "Target creature deals damage to itself equal to its power."),
    "Dutiful Attendant": ("{2}{B}", "Creature — Human Warrior",
                          "When Dutiful Attendant dies, return another target creature card from "
                          "your graveyard to your hand.", "1", "2"),
}
NOT_IMPORTED = {"Flame Elemental", "Fireblade Charger"}     # last known power (608.2h)


def imp(name: str, text: str | None = None):
    cost, type_line, oracle, *pt = REAL[name]
    r = import_card(name, cost, type_line, oracle if text is None else text, *pt)
    return r


def card(name: str):
    return imported_oracle(name, *REAL[name])


def refused(name: str, text: str) -> str:
    r = imp(name, text)
    assert not r.ok and r.refusals, text
    return r.refusals[0].feature


def means_the_same(name: str, text: str) -> bool:
    r = imp(name, text)
    if not r.ok:
        return False
    a, b = card_to_data(r.card), card_to_data(card(name))
    a.pop("text"), b.pop("text")
    return a == b


# --- what the importer reads ------------------------------------------------------------------

@pytest.mark.parametrize("name, spec", [
    ("Disentomb", "creature card in your graveyard"),
    ("Call to Mind", "instant or sorcery card in your graveyard"),
    ("Argivian Find", "artifact or enchantment card in your graveyard"),
    ("Regrowth", "card in your graveyard"),
])
def test_115_1_return_target_card_from_your_graveyard_to_your_hand_imports(name, spec):
    (sp,) = card(name).abilities
    assert (sp.effects, sp.targets) == ((ReturnFromGraveyard("target"),), (spec,))


def test_401_1_put_on_top_and_120_1_damage_equal_to_power_import():
    (grip,) = card("Griptide").abilities
    assert (grip.effects, grip.targets) == ((PutOnTop("target"),), ("creature",))
    (decree,) = card("Banishment Decree").abilities
    assert (decree.effects, decree.targets) == ((PutOnTop("target"),),
                                                ("artifact, creature, or enchantment",))
    (reclaim,) = card("Reclaim").abilities
    assert (reclaim.effects, reclaim.targets) == ((PutOnTop("target"),), ("card in your graveyard",))
    ruins = card("Academy Ruins").abilities
    assert ruins[-1].targets == ("artifact card in your graveyard",)
    (bite,) = card("Rabid Bite").abilities
    assert (bite.effects, bite.targets) == ((DamageEqualToPower("target", "target2"),),
                                            ("creature you control", "creature you don't control"))


def test_near_misses_are_refused_or_mean_something_else():
    # another zone, another owner's graveyard, a subtype, "to your hand" for a permanent
    assert refused("Disentomb", "Return target creature card from a graveyard to your hand.") == \
        "effect: bounce (to)"
    assert refused("Disentomb", "Return target creature card from an opponent's graveyard to "
                                "your hand.")
    assert refused("Disentomb", "Return target Goblin card from your graveyard to your hand.") == \
        "effect: bounce (to)"
    assert refused("Disentomb", "Return target creature to your hand.") == "effect: bounce (to)"
    assert not means_the_same("Disentomb", "Return target creature card from your graveyard to "
                                           "the battlefield.")
    assert not means_the_same("Call to Mind", "Return target instant card from your graveyard to "
                                              "your hand.")
    assert not means_the_same("Call to Mind", "Return target instant and sorcery card from your "
                                              "graveyard to your hand.")
    # "on top of your library": a permanent's owner's library only when the text says so
    assert refused("Griptide", "Put target creature on top of your library.") == \
        "effect: put on top"
    assert not means_the_same("Griptide", "Put target creature on the bottom of its owner's "
                                          "library.")
    assert refused("Reclaim", "Put target card from your graveyard on top of its owner's library.")
    assert refused("Reclaim", "Put target card from a graveyard on top of your library.")
    # damage by another source: its power only, and a creature as the source
    assert refused("Rabid Bite", "Target creature you control deals damage equal to its toughness "
                                 "to target creature you don't control.")
    assert refused("Rabid Bite", "Target player deals damage equal to its power to target "
                                 "creature you don't control.")
    assert not means_the_same("Rabid Bite", "Target creature deals damage equal to its power to "
                                            "target creature you don't control.")


def test_115_1_a_graveyard_card_is_a_target_for_the_moves_only():
    from mtg_core.cards import Destroy, SpellAbility
    with pytest.raises(CardScriptError, match="115.1"):
        SpellAbility(Destroy("target"), targets=("instant card in your graveyard",)).row(0, 0)
    SpellAbility(PutOnTop("target"), targets=("sorcery card in your graveyard",)).row(0, 0)


# --- in games ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def db():
    known = {c.name for c in ALL_CARDS}
    return CardDB([*ALL_CARDS, *(card(n) for n in REAL if n not in known | NOT_IMPORTED)])


def game_at_main(db, seed=3) -> Game:
    g = Game([Deck.parse("60 Forest"), Deck.parse("60 Island")], seed=seed, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def lands(g: Game, p: int, name: str, n: int) -> None:
    for _ in range(n):
        g.create_card(name, p, Zone.BATTLEFIELD)


def resolve(g: Game) -> None:
    for _ in range(50):
        if not g.stack():
            return
        g.pass_priority()
    raise AssertionError("the stack did not empty")


def test_115_1_call_to_mind_targets_only_an_instant_or_sorcery_card_in_your_graveyard(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 3)
    bolt = g.create_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    bears = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    theirs = g.create_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    spell = g.create_card("Call to Mind", 0, Zone.HAND)
    g.cast(spell)
    choices = g.target_choices()               # not a creature card, nor another graveyard's
    assert bolt in choices and bears not in choices and theirs not in choices
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.TARGET, bears))
    assert g.save() == before
    g.apply(Action.make(ActionKind.TARGET, bolt))
    resolve(g)
    assert bolt in g.hand(0) and bears in g.graveyard(0) and spell in g.graveyard(0)


def test_608_2b_regrowth_does_nothing_if_the_card_left_the_graveyard(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 2)
    target = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    regrowth = g.create_card("Regrowth", 0, Zone.HAND)
    g.cast(regrowth, target)
    g.move(target, Zone.EXILE)                 # 400.7: a new object, no longer the target
    resolve(g)
    assert target not in g.hand(0) and regrowth in g.graveyard(0)


def test_603_archaeomancer_enters_and_returns_an_instant(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 4)
    bolt = g.create_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    m = g.create_card("Archaeomancer", 0, Zone.HAND)
    g.cast(m)
    g.pass_priority()
    g.pass_priority()                          # the creature resolves; its trigger targets
    g.apply(Action.make(ActionKind.TARGET, bolt))
    resolve(g)
    assert bolt in g.hand(0) and m in g.battlefield(0)


def test_401_1_griptide_puts_the_creature_on_top_of_its_owners_library(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 4)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    spell = g.create_card("Griptide", 0, Zone.HAND)
    g.cast(spell, bears)
    resolve(g)
    assert g.library(1)[-1] == bears          # the top is the end of the list (401.1)
    assert bears not in g.battlefield()
    assert any("put on top of its owner's library (401.1)" in line for line in g.log)


def test_111_8_a_token_put_on_top_of_a_library_ceases_to_exist(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 4)
    token = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD, token=True)
    n = len(g.library(1))
    g.cast(g.create_card("Griptide", 0, Zone.HAND), token)
    resolve(g)
    assert token not in g.battlefield() and len(g.library(1)) == n


def test_401_1_reclaim_puts_a_graveyard_card_on_top_of_your_library(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 1)
    bolt = g.create_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    g.cast(g.create_card("Reclaim", 0, Zone.HAND), bolt)
    resolve(g)
    assert g.library(0)[-1] == bolt


def test_120_1_rabid_bite_the_creature_is_the_source_of_damage_equal_to_its_power(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 2)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)       # 2/2
    theirs = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bite = g.create_card("Rabid Bite", 0, Zone.HAND)
    g.cast(bite)
    assert theirs not in g.target_choices()    # the first target: a creature you control
    g.apply(Action.make(ActionKind.TARGET, mine))
    assert mine not in g.target_choices()      # the second: a creature you don't control
    g.apply(Action.make(ActionKind.TARGET, theirs))
    resolve(g)
    assert theirs in g.graveyard(1)            # 2 damage to a 2/2 (704.5g)
    assert g.obj(mine)["damage"] == 0          # not a fight (701.14): only one deals damage


def test_mutated_texts_of_these_cards_are_refused_or_mean_something_else():
    """The shared mutation check (tests/oracle/test_oracle_importer.py) over this file's cards:
    dropping or changing a word never gives the same definition."""
    records = records_of({n: data for n, data in REAL.items() if n not in NOT_IMPORTED})
    assert all(card(n) for n in records)
    assert check_mutations(records, sorted(records)) > 300


def test_608_2h_damage_equal_to_a_count_or_to_its_power_imports():
    from mtg_core.cards import Damage, ForEach
    (raid,) = card("Massive Raid").abilities
    assert (raid.effects, raid.targets) == ((ForEach("creature you control", Damage("target", 1)),),
                                            ("any",))
    (ping,) = card("Spikeshot Goblin").abilities
    assert (ping.cost, ping.effects) == ("{R}, {T}", (DamageEqualToPower("self", "target"),))
    # the source has left the battlefield: its last known power is not read (refused)
    assert refused("Flame Elemental", REAL["Flame Elemental"][2]) == "variable amount (damage)"
    assert "variable amount (damage)" in {f.feature for f in imp("Fireblade Charger").refusals}
    # a count the language can't make, a player's own count
    assert refused("Massive Raid", "Massive Raid deals damage to any target equal to the number "
                                   "of lands they control.") == "variable amount (damage)"
    assert not means_the_same("Massive Raid", "Massive Raid deals damage to any target equal to "
                                              "the number of creatures your opponents control.")
    assert not means_the_same("Spikeshot Goblin", "{R}, {T}: Spikeshot Goblin deals damage equal "
                                                  "to its power to target creature.")


def test_608_2h_massive_raid_counts_creatures_as_it_resolves(db):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 3)
    for _ in range(3):
        g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)        # not yours: not counted
    g.cast(g.create_card("Massive Raid", 0, Zone.HAND), Game.player_target(1))
    resolve(g)
    assert g.life(1) == 17


def test_120_1_spikeshot_goblin_deals_damage_equal_to_its_power_now(db):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 1)
    goblin = g.create_card("Spikeshot Goblin", 0, Zone.BATTLEFIELD)
    g.set_object(goblin, plus1=2)                               # a 3/4 with two +1/+1 counters
    g.activate(goblin, 0, Game.player_target(1))
    resolve(g)
    assert g.life(1) == 17


def test_601_2c_two_target_creatures_are_two_different_targets_of_one_word():
    from mtg_core.cards import Exile
    (ashes,) = card("Ashes to Ashes").abilities
    assert ashes.targets == ("nonartifact creature", "different nonartifact creature")
    assert ashes.effects[:2] == (Exile("target"), Exile("target2"))
    (duet,) = card("Death's Duet").abilities
    assert duet.effects == (ReturnFromGraveyard("target"), ReturnFromGraveyard("target2"))
    assert duet.targets == ("creature card in your graveyard",
                            "different creature card in your graveyard")
    # "three", "X" target creatures: other choices, refused ("up to two": two optional
    # targets, tests/oracle/test_oracle_importer_targets.py -- another meaning)
    assert not means_the_same("Essence Fracture", "Return up to two target creatures to their "
                                                  "owners' hands.\nCycling {2}{U}")
    for n in ("three", "X"):
        assert refused("Essence Fracture", f"Return {n} target creatures to their owners' hands."
                       ) == "several targets in one phrase"
    assert not means_the_same("Essence Fracture", "Return target creature to its owner's hand.\n"
                                                  "Cycling {2}{U}")


def test_601_2c_essence_fracture_returns_two_different_creatures(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 5)
    a = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    b = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Essence Fracture", 0, Zone.HAND))
    g.apply(Action.make(ActionKind.TARGET, a))
    assert a not in g.target_choices()           # the same word "target": another creature
    g.apply(Action.make(ActionKind.TARGET, b))
    resolve(g)
    assert a in g.hand(1) and b in g.hand(0)


def test_601_2c_death_s_duet_needs_two_creature_cards_to_be_cast(db):
    g = game_at_main(db)
    lands(g, 0, "Swamp", 3)
    one = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    duet = g.create_card("Death's Duet", 0, Zone.HAND)
    with pytest.raises(IllegalActionError):      # 601.2c: a second legal target is needed
        g.cast(duet)
    two = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.cast(duet, one, two)
    resolve(g)
    assert {one, two} <= set(g.hand(0))


def test_701_26a_tap_the_permanent_the_ability_names():
    from mtg_core.cards import Damage, GrantKeywords, Tap
    (sniper,) = card("Stun Sniper").abilities
    assert sniper.effects == (Damage("target", 1), Tap("target"))
    (sentinel,) = card("Drudge Sentinel").abilities
    assert sentinel.effects == (Tap("self"), GrantKeywords("self", ("indestructible",)))
    assert not means_the_same("Stun Sniper", "{1}, {T}: Stun Sniper deals 1 damage to target "
                                             "creature. Untap that creature.")
    assert refused("Stun Sniper", "{1}, {T}: Stun Sniper deals 1 damage to target creature. "
                                  "Tap that land.")


def test_701_26a_stun_sniper_deals_1_damage_and_taps_the_creature(db):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 1)
    sniper = g.create_card("Stun Sniper", 0, Zone.BATTLEFIELD)
    giant = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.activate(sniper, 0, giant)
    resolve(g)
    assert g.obj(giant)["tapped"] == 1 and g.obj(giant)["damage"] == 1


def test_120_1_it_deals_damage_equal_to_its_power_names_the_creature_targeted_before():
    from mtg_core.cards import AddCounters, Pump
    (shot,) = card("Clear Shot").abilities
    assert shot.effects == (Pump("target", 1, 1), DamageEqualToPower("target", "target2"))
    (blow,) = card("Felling Blow").abilities
    assert blow.effects == (AddCounters("target", "+1/+1", 1),
                            DamageEqualToPower("target", "target2"))
    (strike,) = card("Justice Strike").abilities
    assert strike.effects == (DamageEqualToPower("target", "target"),)
    # "another target creature" (other than the first target), a noncreature's "power"
    assert refused("Clear Shot", "Tap target creature. It deals damage equal to its power to "
                                 "another target creature.") == "damage dealt by another source"
    assert refused("Clear Shot", "Destroy target artifact. It deals damage equal to its power "
                                 "to any target.") == "damage dealt by another source"


def test_608_2h_clear_shot_uses_the_power_after_its_pump(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 3)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.set_object(theirs, plus1=1)                                  # a 3/3
    g.cast(g.create_card("Clear Shot", 0, Zone.HAND), mine, theirs)
    resolve(g)
    assert theirs in g.graveyard(1)            # 3 damage: the bears' power after +1/+1


def test_120_1_justice_strike_the_creature_deals_damage_to_itself(db):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Plains", 1)
    theirs = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Justice Strike", 0, Zone.HAND), theirs)
    resolve(g)
    assert theirs in g.graveyard(1) and g.life(1) == 20


def test_115_1_dutiful_attendant_returns_another_creature_card_not_itself(db):
    (dies,) = card("Dutiful Attendant").abilities
    assert (dies.at, dies.targets) == ("dies", ("other creature card in your graveyard",))
    assert not means_the_same("Dutiful Attendant", "When Dutiful Attendant dies, return target "
                                                   "creature card from your graveyard to your hand.")
    g = game_at_main(db)
    lands(g, 0, "Mountain", 1)
    attendant = g.create_card("Dutiful Attendant", 0, Zone.BATTLEFIELD)
    bears = g.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.cast(g.create_card("Lightning Bolt", 0, Zone.HAND), attendant)
    g.pass_priority()
    g.pass_priority()                          # the Bolt resolves; the Attendant dies (704.5g)
    choices = g.target_choices()               # its trigger's target (603.3d)
    assert bears in choices and attendant not in choices
    g.apply(Action.make(ActionKind.TARGET, bears))
    resolve(g)
    assert bears in g.hand(0) and attendant in g.graveyard(0)
