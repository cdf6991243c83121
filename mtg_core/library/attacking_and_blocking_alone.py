"""Attacking and blocking alone (506.5) as a condition: "as long as enchanted creature is
attacking alone" (a static ability, read as blockers are declared, 509.1b) and "if it was
attacking or blocking alone" (of a creature that died, as it last existed, 603.10a)."""
from __future__ import annotations

from ..cards import (Card, Connive, Exile, GrantAbility, InterveningIf, Investigate,
                     StaticAbility, TriggeredAbility, WasAlone, ZoneChangeTrigger)

CARDS = [
    Card("Security Bypass", "{1}{U}", ("Enchantment",), ("Aura",), enchant="creature",
         combat=("as long as enchanted creature is attacking alone, it can't be blocked",),
         abilities=(StaticAbility("enchanted creature", GrantAbility(TriggeredAbility(
             "deals combat damage to a player", Connive("self")))),),
         text="Enchant creature\nAs long as enchanted creature is attacking alone, it can't be "
              "blocked.\nEnchanted creature has \"Whenever this creature deals combat damage to "
              "a player, it connives.\" (Its controller draws a card, then discards a card. If "
              "they discarded a nonland card, they put a +1/+1 counter on this creature.)"),
    Card("Thijarian Witness", "{1}{G}", ("Creature",), ("Alien", "Cleric"), power=0,
         toughness=4, keywords=("flash",),
         abilities=(ZoneChangeTrigger("dies", "another creature", InterveningIf(
             WasAlone("attacking or blocking"), Exile("that card"), Investigate())),),
         text="Flash\nBear Witness — Whenever another creature dies, if it was attacking or "
              "blocking alone, exile it and investigate. (Create a Clue token. It's an artifact "
              "with \"{2}, Sacrifice this artifact: Draw a card.\")"),
]
