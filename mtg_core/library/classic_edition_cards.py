"""Cards for the classic rules edition's tests (``Game(..., edition="classic")``): the
combat tricks that the older rules (combat damage on the stack) made famous."""
from __future__ import annotations

from ..cards import ActivatedAbility, Card, Damage

CARDS = [
    # The "Mogg Fanatic trick": with combat damage on the stack (classic edition), sacrifice
    # it after its combat damage was assigned; that damage is still dealt.
    Card("Mogg Fanatic", "{R}", ("Creature",), ("Goblin",), power=1, toughness=1,
         abilities=(ActivatedAbility("Sacrifice ~", Damage("target", 1), targets=("any",)),),
         text="Sacrifice Mogg Fanatic: It deals 1 damage to any target."),
]
