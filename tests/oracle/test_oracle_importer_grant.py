"""Importer: granted abilities (613.1f) — 'Enchanted creature has "{T}: ..."', 'Equipped
creature gets +1/+1 and has "..."', 'Lands you control have "{T}: Add ..."', 'All Slivers
have "Sacrifice this permanent: ..."' become GrantAbility changes of static abilities of the
layer system; what the engine can't run is refused with a reason (a granted triggered
ability, a quote naming the granting card itself).  Real Oracle texts."""
from __future__ import annotations

import pytest

from mtg_core import cards as C
from mtg_core.oracle import import_card
from mtg_core.oracle.importer import import_record
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import check_mutations

_RECORDS = [
    CardRecord('Psionic Gift', '{1}{U}', 'Enchantment — Aura',
               'Enchant creature\nEnchanted creature has "{T}: This creature deals 1 damage to any target."', None, None, colors=['U']),
    CardRecord('Lightning Prowess', '{2}{R}', 'Enchantment — Aura',
               'Enchant creature\nEnchanted creature has haste and "{T}: This creature deals 1 damage to any target."', None, None, colors=['R']),
    CardRecord('Trollhide', '{2}{G}', 'Enchantment — Aura',
               'Enchant creature\nEnchanted creature gets +2/+2 and has "{1}{G}: Regenerate this creature." (The next time the creature would be destroyed this turn, it isn\'t. Instead tap it, remove all damage from it, and remove it from combat.)', None, None, colors=['G']),
    CardRecord('Cryptolith Rite', '{1}{G}', 'Enchantment',
               'Creatures you control have "{T}: Add one mana of any color."', None, None, colors=['G']),
    CardRecord('Chromatic Lantern', '{3}', 'Artifact',
               'Lands you control have "{T}: Add one mana of any color."\n{T}: Add one mana of any color.', None, None, colors=[]),
    CardRecord('Darkheart Sliver', '{B}{G}', 'Creature — Sliver',
               'All Slivers have "Sacrifice this permanent: You gain 3 life."', '2', '2', colors=['B', 'G']),
    CardRecord('Viridian Longbow', '{1}', 'Artifact — Equipment',
               'Equipped creature has "{T}: This creature deals 1 damage to any target."\nEquip {3} ({3}: Attach to target creature you control. Equip only as a sorcery. This card enters the battlefield unattached and stays on the battlefield if the creature leaves.)', None, None, colors=[]),
    CardRecord('Sunken Field', '{1}{U}', 'Enchantment — Aura',
               'Enchant land\nEnchanted land has "{T}: Counter target spell unless its controller pays {1}."', None, None, colors=['U']),
    CardRecord('Titan of Eternal Fire', '{5}{R}', 'Creature — Giant',
               'Each Human creature you control has "{R}, {T}: This creature deals 1 damage to any target."', '5', '6', colors=['R']),
    CardRecord('Compulsory Rest', '{1}{W}', 'Enchantment — Aura',
               'Enchant creature\nEnchanted creature can\'t attack or block.\nEnchanted creature has "{2}, Sacrifice this creature: You gain 2 life."', None, None, colors=['W']),
    CardRecord('Forgotten Monument', '', 'Land — Cave',
               '{T}: Add {C}.\nOther Caves you control have "{T}, Pay 1 life: Add one mana of any color."', None, None, colors=[]),
    # 111.4: tokens created with a quoted ability ('They have "..."', 'token with "..."')
    CardRecord('Corpsehatch', '{3}{B}{B}', 'Sorcery',
               'Destroy target nonblack creature. Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this creature: Add {C}."', None, None, colors=['B']),
    CardRecord('Nest Invader', '{1}{G}', 'Creature — Eldrazi Drone',
               'When Nest Invader enters the battlefield, create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this creature: Add {C}."', '2', '2', colors=['G']),
    CardRecord('Dance with Devils', '{3}{R}', 'Instant',
               'Create two 1/1 red Devil creature tokens. They have "When this creature dies, it deals 1 damage to any target."', None, None, colors=['R']),
    # "enchanted creature" as an effect operand (303.4), "You control enchanted ..." (613.1b)
    CardRecord('Dreadful Apathy', '{2}{W}', 'Enchantment — Aura',
               "Enchant creature\nEnchanted creature can't attack or block.\n{2}{W}: Exile enchanted creature.", None, None, colors=['W']),
    CardRecord('Serpent Skin', '{2}{G}', 'Enchantment — Aura',
               'Flash\nEnchant creature\nEnchanted creature gets +1/+1.\n{G}: Regenerate enchanted creature.', None, None, colors=['G']),
    CardRecord('Steal Artifact', '{2}{U}{U}', 'Enchantment — Aura',
               'Enchant artifact\nYou control enchanted artifact.', None, None, colors=['U']),
    CardRecord('Pillory of the Sleepless', '{1}{W}{B}', 'Enchantment — Aura',
               'Enchant creature\nEnchanted creature can\'t attack or block.\nEnchanted creature has "At the beginning of your upkeep, you lose 1 life."', None, None, colors=['W', 'B']),
    CardRecord('Tempered Sliver', '{2}{G}', 'Creature — Sliver',
               'Sliver creatures you control have "Whenever this creature deals combat damage to a player, put a +1/+1 counter on it."', '2', '2', colors=['G']),
    CardRecord('Mind Control', '{3}{U}{U}', 'Enchantment — Aura',
               'Enchant creature\nYou control enchanted creature.', None, None, colors=['U']),
]
RECORDS = {r.name: r for r in _RECORDS}
def card(name: str) -> C.Card:
    r = import_record(RECORDS[name])
    assert r.ok, r.refusals
    return r.card


def grants(c: C.Card) -> list[tuple[str, C.Ability]]:
    return [(ab.affects, ch.ability) for ab in c.abilities if isinstance(ab, C.StaticAbility)
            for ch in ab.changes if isinstance(ch, C.GrantAbility)]


def test_aura_and_equipment_grants():
    assert grants(card("Psionic Gift")) == [("enchanted creature", C.ActivatedAbility(
        "{T}", C.Damage("target", 1), targets=("any",)))]
    prowess = card("Lightning Prowess")
    assert prowess.attached_keywords == ("haste",) and len(grants(prowess)) == 1
    troll = card("Trollhide")
    assert troll.attached_bonus == (2, 2)
    assert grants(troll) == [("enchanted creature",
                              C.ActivatedAbility("{1}{G}", C.Regenerate("self")))]
    assert grants(card("Viridian Longbow"))[0][0] == "equipped creature"
    assert grants(card("Sunken Field"))[0][0] == "enchanted permanent"      # "enchanted land"
    rest = card("Compulsory Rest")
    assert rest.combat == ("enchanted creature can't attack", "enchanted creature can't block")
    assert grants(rest)[0][1].cost == "{2}, Sacrifice ~"                    # the host


def test_group_grants_and_mana_abilities():
    (affects, ab), = grants(card("Cryptolith Rite"))
    assert affects == "creatures you control" and ab == C.ManaAbility("WUBRG")
    lantern = card("Chromatic Lantern")
    assert grants(lantern) == [("lands you control", C.ManaAbility("WUBRG"))]
    assert C.ManaAbility("WUBRG") in lantern.abilities                       # its own too
    titan = [ab for ab in card("Titan of Eternal Fire").abilities if isinstance(ab, C.StaticAbility)]
    assert titan[0].subtypes == ("Human",) and titan[0].affects == "creatures you control"
    sliver = [ab for ab in card("Darkheart Sliver").abilities if isinstance(ab, C.StaticAbility)]
    assert sliver[0].affects == "permanents" and sliver[0].subtypes == ("Sliver",)
    cave = [ab for ab in card("Forgotten Monument").abilities if isinstance(ab, C.StaticAbility)]
    assert cave[0].affects == "other permanents you control" and cave[0].subtypes == ("Cave",)
    assert grants(card("Forgotten Monument"))[0][1].cost == "{T}, Pay 1 life"


@pytest.mark.parametrize("text, feature", [
    # 603.10: a granted "dies" trigger would need the look-back of leaves-the-battlefield
    ('Enchant creature\nEnchanted creature gets +2/+0 and has "When this creature dies, draw '
     'a card."', "static: has triggered ability (dies)"),
    # the quote names the granting card (Blazing Torch): not the host, refused
    ('Equipped creature has "{T}, Sacrifice Test Torch: Test Torch deals 2 damage to any '
     'target."\nEquip {1}', "static: has ability naming the granting card"),
    # "~ has ..." of the card itself is not a grant to others
    ('Test Torch has "{T}: Add {G}."', "static: has ability (~)"),
])
def test_what_the_engine_cant_run_is_refused_with_a_reason(text, feature):
    types = "Artifact — Equipment" if "Equip" in text else \
        "Enchantment — Aura" if "Enchant" in text else "Artifact"
    r = import_card("Test Torch", "{1}", types, text)
    assert not r.ok and feature in {f.feature for f in r.refusals}, r.refusals


def test_tokens_created_with_a_quoted_ability_have_it_as_their_own():
    spawn, = C.CardDB([card("Corpsehatch")]).tokens()
    assert spawn.name == "Eldrazi Spawn" and spawn.abilities == (C.ManaAbility("C", cost="Sacrifice ~"),)
    devil, = C.CardDB([card("Dance with Devils")]).tokens()
    assert devil.abilities == (C.TriggeredAbility("dies", C.Damage("target", 1), targets=("any",)),)
    spawn2, = C.CardDB([card("Nest Invader")]).tokens()
    assert spawn2 == spawn
    # "It has" after two tokens (or "They have" after one) is not read as their ability
    r = import_card("Test Spawner", "{1}", "Sorcery", 'Create a 0/1 colorless Eldrazi Spawn '
                    'creature token. They have "Sacrifice this creature: Add {C}."')
    assert not r.ok


def test_granted_triggered_abilities():
    (affects, ab), = grants(card("Pillory of the Sleepless"))
    assert ab == C.TriggeredAbility("upkeep", C.LoseLife("you", 1))
    (affects, ab), = grants(card("Tempered Sliver"))
    assert affects == "creatures you control" and ab.at == "deals combat damage to a player"


def test_enchanted_creature_operand_and_control():
    assert card("Dreadful Apathy").abilities[0] == C.ActivatedAbility(
        "{2}{W}", C.Exile("enchanted creature"))
    assert card("Serpent Skin").abilities[0] == C.ActivatedAbility(
        "{G}", C.Regenerate("enchanted creature"))
    assert card("Steal Artifact").abilities == (C.StaticAbility("enchanted permanent", C.YouControl()),)
    from mtg_core.library import DEFAULT_CARDS
    assert card("Mind Control") == DEFAULT_CARDS["Mind Control"]     # the library's, exactly


def test_mutated_grant_texts_are_refused_or_mean_something_else():
    assert check_mutations(RECORDS, sorted(RECORDS)) > 300
