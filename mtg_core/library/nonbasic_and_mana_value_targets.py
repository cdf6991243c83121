"""Cards whose targets name a supertype or a mana value (115.1, 601.2c, 608.2b):
"target nonbasic land" (205.4a: without the basic supertype; Wasteland, Dust Bowl) and
"with mana value N or less / N or greater" (202.3) of a permanent (Abrupt Decay, Eliminate,
Epic Downfall) or of a card in your graveyard (Unearth)."""
from __future__ import annotations

from ..cards import (ActivatedAbility, Card, Cycling, Destroy, Exile, ManaAbility,
                     ReturnToBattlefield, SpellAbility)

CARDS = [
    Card(name='Wasteland', types=('Land',),
         abilities=(ManaAbility(colors='C'),
                    ActivatedAbility('{T}, Sacrifice ~', Destroy(who='target'),
                                     targets=('nonbasic land',))),
         text='{T}: Add {C}.\n{T}, Sacrifice Wasteland: Destroy target nonbasic land.'),
    Card(name='Dust Bowl', types=('Land',),
         abilities=(ManaAbility(colors='C'),
                    ActivatedAbility('{3}, {T}, Sacrifice a land', Destroy(who='target'),
                                     targets=('nonbasic land',))),
         text='{T}: Add {C}.\n{3}, {T}, Sacrifice a land: Destroy target nonbasic land.'),
    Card(name='Abrupt Decay', mana_cost='{B}{G}', types=('Instant',),
         abilities=(SpellAbility(Destroy(who='target'),
                                 targets=('nonland permanent with mana value 3 or less',)),),
         static="this spell can't be countered",
         text="This spell can't be countered.\nDestroy target nonland permanent with mana value 3 or less."),
    Card(name='Eliminate', mana_cost='{1}{B}', types=('Instant',),
         abilities=(SpellAbility(Destroy(who='target'),
                                 targets=('creature or planeswalker with mana value 3 or less',)),),
         text='Destroy target creature or planeswalker with mana value 3 or less.'),
    Card(name='Epic Downfall', mana_cost='{1}{B}', types=('Sorcery',),
         abilities=(SpellAbility(Exile(), targets=('creature with mana value 3 or greater',)),),
         text='Exile target creature with mana value 3 or greater.'),
    Card(name='Unearth', mana_cost='{B}', types=('Sorcery',),
         abilities=(SpellAbility(ReturnToBattlefield(),
                                 targets=('creature card in your graveyard with mana value 3 or less',)),
                    Cycling('{2}')),
         text='Return target creature card with mana value 3 or less from your graveyard to the battlefield.\nCycling {2} ({2}, Discard this card: Draw a card.)'),
]
