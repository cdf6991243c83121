"""Helpers shared by the Oracle importer's tests: the bundled test data, importing one
record, a card's definition without its text, and the mutation check (every dropped word,
added rider or changed word of a card's text is refused or changes what it means)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from mtg_core.oracle import import_card, import_record
from mtg_core.oracle.output import card_to_data
from mtg_core.oracle.sources import CardRecord
from mtg_core.oracle.text import strip_reminder

if TYPE_CHECKING:
    from mtg_core.cards import Card

DATA = Path(__file__).parent / "data"

SAMPLE = DATA / "mtgjson-atomic-sample.json"

SUBSET = DATA / "oracle-cards-subset.json"

def imported_card(rec) -> "Card":
    """The card a corpus record imports to; the test fails with the refusals if it doesn't."""
    r = import_record(rec)
    assert r.ok, (rec.name, r.refusals)
    return r.card

def imported_oracle(name: str, mana_cost: str, type_line: str, oracle_text: str, *pt,
                    colors=None) -> "Card":
    """The card Oracle data imports to, given as ``import_card``'s arguments (name, mana cost,
    type line, text[, power, toughness, loyalty]); the test fails with the refusals if it
    doesn't."""
    r = import_card(name, mana_cost, type_line, oracle_text, *pt, colors=colors)
    assert r.ok, (name, r.refusals)
    return r.card

def records_of(oracle: dict) -> dict[str, CardRecord]:
    """Oracle data by name, ``{name: (mana cost, type line, text[, power, toughness])}``, as
    corpus records (what :func:`check_mutations` reads)."""
    return {n: CardRecord(n, cost, type_line, text, *pt)
            for n, (cost, type_line, text, *pt) in oracle.items()}

def definition(card) -> dict:
    """A card definition without its text, for comparing what two texts mean."""
    d = card_to_data(card)
    d.pop("text")
    return d

RIDERS = [" unless its controller pays {2}", " for each creature you control",
          ", then discard a card", " if you control a Swamp", " at random", " this turn",
          " and each other creature", " twice", " instead", " of your choice",
          " that's attacking", " tapped"]

REPLACEMENTS = ["two", "creature", "player", "each", "another", "your", "3", "+2/+2"]

def _same_meaning(text: str, start: int, end: int, new: str) -> bool:
    """Rewrites the grammar rightly reads as synonyms (Oracle uses both forms)."""
    old = text[start:end]
    after = text[end:].lstrip()
    if new == "" and old.lower() == "you" and re.match(r"(draw|gain|lose|skip|create|scry|discard|sacrifice|mill)\b", after):
        return True                     # "you draw a card and [you] lose 1 life"
    if new == "" and old == "turn's":
        return True                     # "the next [turn's] upkeep"
    if old.lower() == "the" and new == "each" and after.startswith("end step"):
        return True                     # "the end step" = "each end step"
    if new == "" and old.lower() == "all" and re.match(r"(\w+ )?creatures (get|are|have|gain)\b", after):
        return True                     # "[All] creatures get -2/-2" (Infest), "[All] Sliver
                                        # creatures get +1/+1", "[All] creatures are black"
    if new == "" and old.lower() == "all" and re.match(r"[A-Z]\w*s have\b", after):
        return True                     # grant: "[All] Slivers have "..."" (613.1f)
    if old == "spell" and new == "creature" and re.search(r"\bThis\s+$", text[:start]) and \
            after.startswith("can't be countered"):
        return True                     # on a creature card "This [spell] can't be countered"
                                        # and "this creature" name the same spell (101.2)
    if old.lower() == "creatures" and new == "creature" and \
            re.search(r"\b(no more than \w+|two|three|four)\s+$", text[:start], re.I):
        return True                     # number agreement only: "no more than two creature[s]"
    if new == "" and old.lower() == "then":
        return True                     # "[Then] you may discard two cards": in order anyway (608.2c)
    if old == "token" and new == "creature" and re.search(r"\bthis\s+$", text[:start], re.I) \
            and re.search(r"creature tokens? with \"[^\"]*$", text[:start]):
        return True                     # in a creature token's quoted ability, "this token" and
                                        # "this creature" name the same object (111.4)
    if old == "permanent" and new == "creature" and re.search(r"\bthis\s+$", text[:start], re.I) \
            and text[:start].count('"') % 2 == 1 and re.search(r"\bSlivers? have \"[^\"]*$", text[:start]):
        return True                     # in an ability granted to Slivers (creatures), "this
                                        # permanent" and "this creature" name its source
    return old.strip(".,").lower() == new.lower()

def _mutations(text: str):
    body = strip_reminder(text)
    words = list(re.finditer(r"\S+", body))
    for m in words:                                              # drop a word
        yield m.start(), m.end(), ""
    for m in re.finditer(r"\.", body):                           # add a rider clause
        for rider in RIDERS:
            yield m.start(), m.start(), rider
    for m in words[::2]:                                         # change a word
        for new in REPLACEMENTS:
            yield m.start(), m.end(), new

def check_mutations(records, names) -> int:
    """For each named (imported) card: dropping a word, adding a rider or changing a word of
    its text never gives the same definition (apart from true synonyms, see _same_meaning).
    Returns how many mutated texts were tried."""
    tried = 0
    for name in names:
        rec = records[name]
        base = definition(import_record(rec).card)
        body = strip_reminder(rec.oracle_text)
        for start, end, new in _mutations(rec.oracle_text):
            if _same_meaning(body, start, end, new):
                continue
            text = body[:start] + new + body[end:]
            r = import_card(rec.name, rec.mana_cost, rec.type_line, text, rec.power,
                            rec.toughness, rec.loyalty, colors=rec.colors)
            tried += 1
            assert not r.ok or definition(r.card) != base, (name, text)
    return tried


# The counted-amount cards' Oracle data (name, mana cost, type line, text, power, toughness), as in the corpus
AMOUNTS_ORACLE = {r[0]: r for r in [
    ('Ancestral Mask', '{2}{G}', 'Enchantment — Aura', 'Enchant creature\nEnchanted creature gets +2/+2 for each other enchantment on the battlefield.', None, None),
    ('Beast of Burden', '{6}', 'Artifact Creature — Golem', "Beast of Burden's power and toughness are each equal to the number of creatures on the battlefield.", '*', '*'),
    ('Blanchwood Armor', '{2}{G}', 'Enchantment — Aura', 'Enchant creature\nEnchanted creature gets +1/+1 for each Forest you control.', None, None),
    ('Boneyard Wurm', '{1}{G}', 'Creature — Wurm', "Boneyard Wurm's power and toughness are each equal to the number of creature cards in your graveyard.", '*', '*'),
    ('Dread Slag', '{3}{B}{R}', 'Creature — Horror', 'Trample\nDread Slag gets -4/-4 for each card in your hand.', '9', '9'),
    ('Dreadwaters', '{3}{U}', 'Sorcery', 'Target player mills X cards, where X is the number of lands you control.', None, None),
    ('Elvish Promenade', '{3}{G}', 'Tribal Sorcery — Elf', 'Create a 1/1 green Elf Warrior creature token for each Elf you control.', None, None),
    ('Flow of Ideas', '{5}{U}', 'Sorcery', 'Draw a card for each Island you control.', None, None),
    ('Goblin Piledriver', '{1}{R}', 'Creature — Goblin Warrior', "Protection from blue (This creature can't be blocked, targeted, dealt damage, or enchanted by anything blue.)\nWhenever Goblin Piledriver attacks, it gets +2/+0 until end of turn for each other attacking Goblin.", '1', '2'),
    ('Graveborn Muse', '{2}{B}{B}', 'Creature — Zombie Spirit', 'At the beginning of your upkeep, you draw X cards and you lose X life, where X is the number of Zombies you control.', '3', '3'),
    ('Grim Strider', '{3}{B}', 'Creature — Horror', 'Grim Strider gets -1/-1 for each card in your hand.', '6', '6'),
    ('Krenko, Mob Boss', '{2}{R}{R}', 'Legendary Creature — Goblin Warrior', '{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.', '3', '3'),
    ('Maro', '{2}{G}{G}', 'Creature — Elemental', "Maro's power and toughness are each equal to the number of cards in your hand.", '*', '*'),
    ('Rush of Blood', '{2}{R}', 'Instant', 'Target creature gets +X/+0 until end of turn, where X is its power.', None, None),
    ('Sylvan Yeti', '{2}{G}{G}', 'Creature — Yeti', "Sylvan Yeti's power is equal to the number of cards in your hand.", '*', '4'),
    ('Squirrel Mob', '{1}{G}{G}', 'Creature — Squirrel', 'Squirrel Mob gets +1/+1 for each other Squirrel on the battlefield.', '2', '2'),
    ('Tendrils of Corruption', '{3}{B}', 'Instant', 'Tendrils of Corruption deals X damage to target creature and you gain X life, where X is the number of Swamps you control.', None, None),
    ('Wirewood Pride', '{G}', 'Instant', 'Target creature gets +X/+X until end of turn, where X is the number of Elves on the battlefield.', None, None),
    ('Yew Spirit', '{4}{G}', 'Creature — Spirit Treefolk', '{2}{G}{G}: Yew Spirit gets +X/+X until end of turn, where X is its power.', '3', '3'),
]}


# The granted-ability cards' Oracle data (613.1f, 111.4), as in the corpus: the importer's
# definitions (tests/oracle/test_oracle_importer_grant.py) and the cards in games
# (tests/core/test_grants.py)
GRANT_RECORDS = {r.name: r for r in [
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
    # played in games (tests/core/test_grants.py)
    CardRecord('Basal Sliver', '{2}{B}', 'Creature — Sliver',
               'All Slivers have "Sacrifice this permanent: Add {B}{B}."', '2', '2', colors=['B']),
    CardRecord('Squirrel Nest', '{1}{G}{G}', 'Enchantment — Aura',
               'Enchant land\nEnchanted land has "{T}: Create a 1/1 green Squirrel creature token."', None, None, colors=['G']),
    CardRecord('Military Discipline', '{W}', 'Enchantment — Aura',
               'Flash\nEnchant creature\nWhen Military Discipline enters the battlefield, enchanted creature gains first strike until end of turn.\nEnchanted creature gets +1/+0.', None, None, colors=['W']),
    CardRecord('Creeping Crystal Coating', '{2}{G}', 'Enchantment — Aura',
               'Flash\nEnchant creature\nEnchanted creature gets +0/+3 and has "Whenever this creature attacks, create a Food token." (It\'s an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life.")', None, None, colors=['G']),
    CardRecord('Harmonic Sliver', '{1}{G}{W}', 'Creature — Sliver',
               'All Slivers have "When this permanent enters the battlefield, destroy target artifact or enchantment."', '1', '1', colors=['W', 'G']),
]}
