"""Creatures that stop blocking and block anew by an effect (506.4, 509.1h, 509.6): the
attackers only they blocked become unblocked, then they block an attacker of the
controller's choice, placed in its damage assignment order (seed edition)."""
from __future__ import annotations

from ..cards import ActivatedAbility, Card, RemoveFromCombat

CARDS = [
    Card("Balduvian Warlord", "{3}{R}", ("Creature",), ("Human", "Barbarian"), power=3,
         toughness=2,
         abilities=(ActivatedAbility("{T}", RemoveFromCombat("target", unblock_alone=True,
                                                             then_blocks="must"),
                                     targets=("blocking creature",),
                                     timing="during the declare blockers step"),),
         text="{T}: Remove target blocking creature from combat. Creatures it was blocking "
              "that hadn't become blocked by another creature this combat become unblocked, "
              "then it blocks an attacking creature of your choice. Activate only during the "
              "declare blockers step."),
]
