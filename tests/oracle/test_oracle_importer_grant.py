"""Importer: granted abilities (613.1f) — 'Enchanted creature has "{T}: ..."', 'Equipped
creature gets +1/+1 and has "..."', 'Lands you control have "{T}: Add ..."', 'All Slivers
have "Sacrifice this permanent: ..."' become GrantAbility changes of static abilities of the
layer system; what the engine can't run is refused with a reason (a granted triggered
ability, a quote naming the granting card itself).  Real Oracle texts."""
from __future__ import annotations

import pytest

from mtg_core import cards as C
from mtg_core.oracle import import_card

from oracle_helpers import GRANT_RECORDS, check_mutations, imported_card

_NAMES = (
    'Psionic Gift', 'Lightning Prowess', 'Trollhide', 'Cryptolith Rite', 'Chromatic Lantern',
    'Darkheart Sliver', 'Viridian Longbow', 'Sunken Field', 'Titan of Eternal Fire',
    'Compulsory Rest', 'Forgotten Monument', 'Corpsehatch', 'Nest Invader',
    'Dance with Devils', 'Dreadful Apathy', 'Serpent Skin', 'Steal Artifact',
    'Pillory of the Sleepless', 'Tempered Sliver', 'Mind Control',
)
RECORDS = {n: GRANT_RECORDS[n] for n in _NAMES}
def card(name: str) -> C.Card:
    return imported_card(RECORDS[name])


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
