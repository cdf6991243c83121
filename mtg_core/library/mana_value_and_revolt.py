"""Cards that read a mana value (202.3) on resolution or of a spell, and revolt (207.2c):
Fatal Push ("Destroy target creature if it has mana value 2 or less", checked as it resolves,
608.2c; "instead" 4 or less if a permanent you controlled left the battlefield this turn),
Spell Snare and Disdainful Stroke (target spells with a mana value: X counts as chosen on the
stack, 202.3e; 601.2c, 608.2b), Decommission (revolt read after its own destroy, 608.2c) and
Silkweaver Elite (revolt as an intervening "if", 603.4)."""
from __future__ import annotations

from ..cards import (Card, Counter, Destroy, Draw, GainLife, If, InterveningIf, Revolt,
                     SpellAbility, TargetManaValueAtMost, TriggeredAbility)

CARDS = [
    Card(name='Fatal Push', mana_cost='{B}', types=('Instant',),
         abilities=(SpellAbility(If(TargetManaValueAtMost(2, revolt=4), Destroy(who='target')),
                                 targets=('creature',)),),
         text='Destroy target creature if it has mana value 2 or less.\nRevolt — Destroy that '
              'creature if it has mana value 4 or less instead if a permanent you controlled '
              'left the battlefield this turn.'),
    Card(name='Spell Snare', mana_cost='{U}', types=('Instant',),
         abilities=(SpellAbility(Counter(who='target'), targets=('spell with mana value 2',)),),
         text='Counter target spell with mana value 2.'),
    Card(name='Disdainful Stroke', mana_cost='{1}{U}', types=('Instant',),
         abilities=(SpellAbility(Counter(who='target'),
                                 targets=('spell with mana value 4 or greater',)),),
         text='Counter target spell with mana value 4 or greater.'),
    Card(name='Decommission', mana_cost='{2}{W}', types=('Instant',),
         abilities=(SpellAbility(Destroy(who='target'), If(Revolt(), GainLife(who='you', amount=3)),
                                 targets=('artifact or enchantment',)),),
         text='Destroy target artifact or enchantment.\nRevolt — If a permanent you controlled '
              'left the battlefield this turn, you gain 3 life.'),
    Card(name='Silkweaver Elite', mana_cost='{2}{G}', types=('Creature',),
         subtypes=('Elf', 'Archer'), power=2, toughness=2, keywords=('reach',),
         abilities=(TriggeredAbility('enters', InterveningIf(Revolt(), Draw(who='you', count=1))),),
         text='Reach (This creature can block creatures with flying.)\nRevolt — When Silkweaver '
              'Elite enters the battlefield, if a permanent you controlled left the battlefield '
              'this turn, draw a card.'),
]
