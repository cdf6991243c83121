"""Cards that create Blood tokens (111.10g: a colourless Blood artifact token with "{1},
{T}, Discard a card, Sacrifice this artifact: Draw a card."; ``CreateToken("Blood")``)."""
from __future__ import annotations

from ..cards import Card, CreateToken, Damage, GainLife, LoseLife, SpellAbility, TriggeredAbility

_REMINDER = '"{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."'

CARDS = [
    Card("Voldaren Epicure", "{R}", ("Creature",), subtypes=("Vampire",), power=1, toughness=1,
         abilities=(TriggeredAbility("enters", Damage("each opponent", 1), CreateToken("Blood")),),
         text="When Voldaren Epicure enters, it deals 1 damage to each opponent. Create a Blood "
              f"token. (It's an artifact with {_REMINDER})"),
    Card("Vampire's Kiss", "{1}{B}", ("Sorcery",),
         abilities=(SpellAbility(LoseLife("target", 2), GainLife("you", 2),
                                 CreateToken("Blood", count=2), targets=("player",)),),
         text="Target player loses 2 life and you gain 2 life. Create two Blood tokens. "
              f"(They're artifacts with {_REMINDER})"),
]
