"""Abilities that work from the hand with "Discard this card" in their cost (602.2, 113.6e):
typecycling (702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your
library for a [type] card, reveal it, put it into your hand, then shuffle"; basic landcycling,
702.29f) and channel, an ability word (207.2c) before an activated ability of the card in its
owner's hand, with the channel lands' "This ability costs {1} less to activate for each
legendary creature you control" (118.7).  Oracle text as in each card's record."""
from __future__ import annotations

from ..cards import (ActivatedAbility, Card, CreateToken, Damage, Draw, GrantKeywords, ManaAbility,
                     Pump, ReturnFromGraveyard, ReturnToHand, SpellAbility, TriggeredAbility,
                     Typecycling, WardCounter)

_LEGENDS = ("{1}", "legendary creature you control")     # 118.7, the channel lands

CARDS = [
    Card(name='Lórien Revealed', mana_cost='{3}{U}{U}', types=('Sorcery',),
         abilities=(SpellAbility(Draw(who='you', count=3)), Typecycling('Island', '{1}')),
         text='Draw three cards.\nIslandcycling {1} ({1}, Discard this card: Search your library '
              'for an Island card, reveal it, put it into your hand, then shuffle.)'),
    Card(name='Ash Barrens', types=('Land',),
         abilities=(ManaAbility(colors='C'), Typecycling('basic land', '{1}')),
         text='{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this card: Search your library '
              'for a basic land card, reveal it, put it into your hand, then shuffle.)'),
    Card(name='Generous Ent', mana_cost='{5}{G}', types=('Creature',), subtypes=('Treefolk',),
         power=5, toughness=7, keywords=('reach',),
         abilities=(TriggeredAbility('enters', CreateToken(token='Food')),
                    Typecycling('Forest', '{1}')),
         text='Reach\nWhen Generous Ent enters the battlefield, create a Food token. (It\'s an '
              'artifact with "{2}, {T}, Sacrifice this artifact: You gain 3 life.")\n'
              'Forestcycling {1} ({1}, Discard this card: Search your library for a Forest '
              'card, reveal it, put it into your hand, then shuffle.)'),
    Card(name='Eagles of the North', mana_cost='{5}{W}', types=('Creature',),
         subtypes=('Bird', 'Soldier'), power=3, toughness=3, keywords=('flying',),
         abilities=(TriggeredAbility('enters', Pump(who='creatures you control', power=1,
                                                    toughness=0),
                                     GrantKeywords(who='creatures you control',
                                                   keywords=('first strike',))),
                    Typecycling('Plains', '{1}')),
         text='Flying\nWhen Eagles of the North enters the battlefield, creatures you control '
              'get +1/+0 and gain first strike until end of turn.\nPlainscycling {1} ({1}, '
              'Discard this card: Search your library for a Plains card, reveal it, put it into '
              'your hand, then shuffle.)'),
    Card(name='Step Through', mana_cost='{3}{U}{U}', types=('Sorcery',),
         abilities=(SpellAbility(ReturnToHand(), ReturnToHand(who='target2'),
                                 targets=('creature', 'different creature')),
                    Typecycling('Wizard', '{2}')),
         text="Return two target creatures to their owners' hands.\nWizardcycling {2} ({2}, "
              "Discard this card: Search your library for a Wizard card, reveal it, put it into "
              "your hand, then shuffle.)"),
    Card(name='Eiganjo, Seat of the Empire', types=('Land',), supertypes=('Legendary',),
         abilities=(ManaAbility(colors='W'),
                    ActivatedAbility('{2}{W}, Discard ~', Damage(who='target', amount=4),
                                     targets=('attacking or blocking creature',), zone='hand',
                                     costs_less=_LEGENDS)),
         text='{T}: Add {W}.\nChannel — {2}{W}, Discard Eiganjo, Seat of the Empire: It deals 4 '
              'damage to target attacking or blocking creature. This ability costs {1} less to '
              'activate for each legendary creature you control.'),
    Card(name='Otawara, Soaring City', types=('Land',), supertypes=('Legendary',),
         abilities=(ManaAbility(colors='U'),
                    ActivatedAbility('{3}{U}, Discard ~', ReturnToHand(),
                                     targets=('artifact, creature, enchantment, or planeswalker',),
                                     zone='hand', costs_less=_LEGENDS)),
         text="{T}: Add {U}.\nChannel — {3}{U}, Discard Otawara, Soaring City: Return target "
              "artifact, creature, enchantment, or planeswalker to its owner's hand. This ability "
              "costs {1} less to activate for each legendary creature you control."),
    Card(name='Colossal Skyturtle', mana_cost='{4}{G}{G}{U}', types=('Enchantment', 'Creature'),
         subtypes=('Turtle',), power=6, toughness=5, keywords=('flying',),
         abilities=(TriggeredAbility('becomes the target of a spell or ability an opponent controls',
                                     WardCounter(generic=2)),
                    ActivatedAbility('{2}{G}, Discard ~', ReturnFromGraveyard(),
                                     targets=('card in your graveyard',), zone='hand'),
                    ActivatedAbility('{1}{U}, Discard ~', ReturnToHand(), targets=('creature',),
                                     zone='hand')),
         text="Flying, ward {2}\nChannel — {2}{G}, Discard Colossal Skyturtle: Return target card "
              "from your graveyard to your hand.\nChannel — {1}{U}, Discard Colossal Skyturtle: "
              "Return target creature to its owner's hand."),
]
