"""Attacking and blocking alone (506.5) as a condition: "if it was attacking or blocking
alone", of a creature that died, as it last existed (603.10a).  ("As long as enchanted
creature is attacking alone" is Security Bypass's, an Aura that grants an ability: like
the other granting cards it is played from its imported Oracle text, not bundled.)"""
from __future__ import annotations

from ..cards import Card, Exile, InterveningIf, Investigate, WasAlone, ZoneChangeTrigger

CARDS = [
    Card("Thijarian Witness", "{1}{G}", ("Creature",), ("Alien", "Cleric"), power=0,
         toughness=4, keywords=("flash",),
         abilities=(ZoneChangeTrigger("dies", "another creature", InterveningIf(
             WasAlone("attacking or blocking"), Exile("that card"), Investigate())),),
         text="Flash\nBear Witness — Whenever another creature dies, if it was attacking or "
              "blocking alone, exile it and investigate. (Create a Clue token. It's an artifact "
              "with \"{2}, Sacrifice this artifact: Draw a card.\")"),
]
