"""Cards with two-colour hybrid mana symbols (107.4e: {W/U} is paid with white or blue
mana) in their mana costs and activation costs: a hybrid card is each colour of its
hybrid symbols (202.2d) and each symbol counts 1 toward its mana value (202.3f)."""
from __future__ import annotations

from ..cards import (ActivatedAbility, AddCounters, Card, CreateToken, Destroy, Draw,
                     EntersWithCounters, Exile, GrantKeywords, ManaAbility, Pump, Regenerate,
                     SpellAbility)

_ELF_KNIGHT = Card(name='Elf Knight', types=('Creature',), subtypes=('Elf', 'Knight'), power=2,
                   toughness=2, keywords=('vigilance',), text='Vigilance', colors='WG', token=True)

CARDS = [
    Card(name='Boros Recruit', mana_cost='{R/W}', types=('Creature',),
         subtypes=('Goblin', 'Soldier'), power=1, toughness=1, keywords=('first strike',),
         text='({R/W} can be paid with either {R} or {W}.)\nFirst strike'),
    Card(name='Wilt-Leaf Cavaliers', mana_cost='{G/W}{G/W}{G/W}', types=('Creature',),
         subtypes=('Elf', 'Knight'), power=3, toughness=4, keywords=('vigilance',),
         text='Vigilance'),
    Card(name="Marisi's Twinclaws", mana_cost='{2}{R/W}{G}', types=('Creature',),
         subtypes=('Cat', 'Warrior'), power=2, toughness=4, keywords=('double strike',),
         text='Double strike'),
    Card(name='Frostburn Weird', mana_cost='{U/R}{U/R}', types=('Creature',),
         subtypes=('Weird',), power=1, toughness=4,
         abilities=(ActivatedAbility('{U/R}', Pump(who='self', power=1, toughness=-1)),),
         text='{U/R}: Frostburn Weird gets +1/-1 until end of turn.'),
    Card(name='Stillmoon Cavalier', mana_cost='{1}{W/B}{W/B}', types=('Creature',),
         subtypes=('Zombie', 'Knight'), power=2, toughness=1,
         abilities=(ActivatedAbility('{W/B}', GrantKeywords(who='self', keywords=('flying',))),
                    ActivatedAbility('{W/B}', GrantKeywords(who='self', keywords=('first strike',))),
                    ActivatedAbility('{W/B}{W/B}', Pump(who='self', power=1, toughness=0))),
         protection=('white', 'black'),
         text='Protection from white and from black\n{W/B}: Stillmoon Cavalier gains flying until '
              'end of turn.\n{W/B}: Stillmoon Cavalier gains first strike until end of turn.\n'
              '{W/B}{W/B}: Stillmoon Cavalier gets +1/+0 until end of turn.'),
    Card(name='Odious Trow', mana_cost='{B/G}', types=('Creature',), subtypes=('Troll',),
         power=1, toughness=1, abilities=(ActivatedAbility('{1}{B/G}', Regenerate()),),
         text='{1}{B/G}: Regenerate Odious Trow.'),
    Card(name='Elvish Hexhunter', mana_cost='{G/W}', types=('Creature',),
         subtypes=('Elf', 'Shaman'), power=1, toughness=1,
         abilities=(ActivatedAbility('{G/W}, {T}, Sacrifice ~', Destroy(who='target'),
                                     targets=('enchantment',)),),
         text='{G/W}, {T}, Sacrifice Elvish Hexhunter: Destroy target enchantment.'),
    Card(name='Savageborn Hydra', mana_cost='{X}{R}{G}', types=('Creature',),
         subtypes=('Hydra',), power=0, toughness=0, keywords=('double strike',),
         abilities=(EntersWithCounters(n='X'),
                    ActivatedAbility('{1}{R/G}', AddCounters(who='self', kind='+1/+1', count=1),
                                     timing='sorcery')),
         text='Double strike\nSavageborn Hydra enters the battlefield with X +1/+1 counters on '
              'it.\n{1}{R/G}: Put a +1/+1 counter on Savageborn Hydra. Activate only as a sorcery.'),
    Card(name='Monstrous Carabid', mana_cost='{3}{B}{R}', types=('Creature',),
         subtypes=('Insect',), power=4, toughness=4,
         abilities=(ActivatedAbility('{B/R}, Discard this card', Draw(who='you'), zone='hand', cycling=True),),
         combat=('attacks each combat if able',),
         text='Monstrous Carabid attacks each combat if able.\nCycling {B/R} ({B/R}, Discard '
              'this card: Draw a card.)'),
    Card(name='Azorius Locket', mana_cost='{3}', types=('Artifact',),
         abilities=(ManaAbility(colors='WU'),
                    ActivatedAbility('{W/U}{W/U}{W/U}{W/U}, {T}, Sacrifice ~',
                                     Draw(who='you', count=2))),
         text='{T}: Add {W} or {U}.\n{W/U}{W/U}{W/U}{W/U}, {T}, Sacrifice Azorius Locket: Draw '
              'two cards.'),
    Card(name='Boros Locket', mana_cost='{3}', types=('Artifact',),
         abilities=(ManaAbility(colors='RW'),
                    ActivatedAbility('{R/W}{R/W}{R/W}{R/W}, {T}, Sacrifice ~',
                                     Draw(who='you', count=2))),
         text='{T}: Add {R} or {W}.\n{R/W}{R/W}{R/W}{R/W}, {T}, Sacrifice Boros Locket: Draw two '
              'cards.'),
    Card(name='Golgari Locket', mana_cost='{3}', types=('Artifact',),
         abilities=(ManaAbility(colors='BG'),
                    ActivatedAbility('{B/G}{B/G}{B/G}{B/G}, {T}, Sacrifice ~',
                                     Draw(who='you', count=2))),
         text='{T}: Add {B} or {G}.\n{B/G}{B/G}{B/G}{B/G}, {T}, Sacrifice Golgari Locket: Draw '
              'two cards.'),
    Card(name='Selesnya Locket', mana_cost='{3}', types=('Artifact',),
         abilities=(ManaAbility(colors='GW'),
                    ActivatedAbility('{G/W}{G/W}{G/W}{G/W}, {T}, Sacrifice ~',
                                     Draw(who='you', count=2))),
         text='{T}: Add {G} or {W}.\n{G/W}{G/W}{G/W}{G/W}, {T}, Sacrifice Selesnya Locket: Draw '
              'two cards.'),
    Card(name='Izzet Locket', mana_cost='{3}', types=('Artifact',),
         abilities=(ManaAbility(colors='UR'),
                    ActivatedAbility('{U/R}{U/R}{U/R}{U/R}, {T}, Sacrifice ~',
                                     Draw(who='you', count=2))),
         text='{T}: Add {U} or {R}.\n{U/R}{U/R}{U/R}{U/R}, {T}, Sacrifice Izzet Locket: Draw two '
              'cards.'),
    Card(name='Gift of Orzhova', mana_cost='{1}{W/B}{W/B}', types=('Enchantment',),
         subtypes=('Aura',), enchant='creature', attached_bonus=(1, 1),
         attached_keywords=('flying', 'lifelink'),
         text='Enchant creature\nEnchanted creature gets +1/+1 and has flying and lifelink.'),
    Card(name='Unmake', mana_cost='{W/B}{W/B}{W/B}', types=('Instant',),
         abilities=(SpellAbility(Exile(), targets=('creature',)),),
         text='Exile target creature.'),
    Card(name='Assure // Assemble', mana_cost='{4}{W}{G}{G/W}{G/W}', types=('Instant',),
         colors='WG',
         halves=(Card(name='Assure', mana_cost='{G/W}{G/W}', types=('Instant',),
                      abilities=(SpellAbility(AddCounters(who='target', kind='+1/+1', count=1),
                                              GrantKeywords(who='target',
                                                            keywords=('indestructible',)),
                                              targets=('creature',)),),
                      text='Put a +1/+1 counter on target creature. That creature gains '
                           'indestructible until end of turn.'),
                 Card(name='Assemble', mana_cost='{4}{G}{W}', types=('Instant',),
                      abilities=(SpellAbility(CreateToken(token=_ELF_KNIGHT, count=3)),),
                      text='Create three 2/2 green and white Elf Knight creature tokens with '
                           'vigilance.')),
         text='Put a +1/+1 counter on target creature. That creature gains indestructible until '
              'end of turn. // Create three 2/2 green and white Elf Knight creature tokens with '
              'vigilance.'),
]
