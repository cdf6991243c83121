"""Cards of the declarations of combat: attack and block costs (508.1g-i, 509.1d-f),
"no more than N creatures can attack / block" (508.1c, 509.1b) and banding (508.1e,
702.21).  Exact Oracle text; each property is a word of Card(combat=...) (see
mtg_core.cards.vocabulary COMBAT_BITS / COMBAT_AMOUNT_WORDS)."""
from __future__ import annotations

from ..cards import Card

_BANDING = ("Banding (Any creatures with banding, and up to one without, can attack in a band. "
            "Bands are blocked as a group. If any creatures with banding you control are blocking "
            "or being blocked by a creature, you divide that creature's combat damage, not its "
            "controller, among any of the creatures it's being blocked by or is blocking.)")
_TAX_2 = ("creatures can't attack you unless their controller pays {2} for each creature they "
          "control that's attacking you")
_TAX_2_TEXT = ("Creatures can't attack you unless their controller pays {2} for each creature "
               "they control that's attacking you.")

CARDS = [
    # 508.1g-i: attack costs
    Card("Propaganda", "{2}{U}", ("Enchantment",), combat=(_TAX_2,), text=_TAX_2_TEXT),
    Card("Ghostly Prison", "{2}{W}", ("Enchantment",), combat=(_TAX_2,), text=_TAX_2_TEXT),
    Card("Windborn Muse", "{3}{W}", ("Creature",), ("Spirit",), power=2, toughness=3,
         keywords=("flying",), combat=(_TAX_2,), text="Flying\n" + _TAX_2_TEXT),
    Card("Baird, Steward of Argive", "{2}{W}{W}", ("Creature",), ("Human", "Soldier"),
         supertypes=("Legendary",), power=2, toughness=4, keywords=("vigilance",),
         combat=("creatures can't attack you or planeswalkers you control unless their "
                 "controller pays {1} for each of those creatures",),
         text="Vigilance\nCreatures can't attack you or planeswalkers you control unless their "
              "controller pays {1} for each of those creatures."),
    Card("Brainwash", "{W}", ("Enchantment",), ("Aura",), enchant="creature",
         combat=("enchanted creature can't attack unless its controller pays {3}",),
         text="Enchant creature\nEnchanted creature can't attack unless its controller pays {3}."),
    # 508.1g-i and 509.1d-f: attack and block costs
    Card("Archangel of Tithes", "{1}{W}{W}{W}", ("Creature",), ("Angel",), power=3, toughness=5,
         keywords=("flying",),
         combat=("as long as ~ is untapped, creatures can't attack you or planeswalkers you "
                 "control unless their controller pays {1} for each of those creatures",
                 "as long as ~ is attacking, creatures can't block unless their controller "
                 "pays {1} for each of those creatures"),
         text="Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you or "
              "planeswalkers you control unless their controller pays {1} for each of those "
              "creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block "
              "unless their controller pays {1} for each of those creatures."),
    # 508.1c / 509.1b: "no more than N creatures can attack / block"
    Card("Silent Arbiter", "{4}", ("Artifact", "Creature"), ("Construct",), power=1, toughness=5,
         combat=("no more than one creature can attack each combat",
                 "no more than one creature can block each combat"),
         text="No more than one creature can attack each combat.\n"
              "No more than one creature can block each combat."),
    Card("Dueling Grounds", "{1}{G}{W}", ("Enchantment",),
         combat=("no more than one creature can attack each combat",
                 "no more than one creature can block each combat"),
         text="No more than one creature can attack each combat.\n"
              "No more than one creature can block each combat."),
    Card("Caverns of Despair", "{2}{R}{R}", ("Enchantment",), supertypes=("World",),
         combat=("no more than two creatures can attack each combat",
                 "no more than two creatures can block each combat"),
         text="No more than two creatures can attack each combat.\n"
              "No more than two creatures can block each combat."),
    # 508.1e, 702.21: banding
    Card("Benalish Hero", "{W}", ("Creature",), ("Human", "Soldier"), power=1, toughness=1,
         combat=("banding",), text=_BANDING),
    Card("Mesa Pegasus", "{1}{W}", ("Creature",), ("Pegasus",), power=1, toughness=1,
         keywords=("flying",), combat=("banding",),
         text="Flying; banding" + _BANDING[len("Banding"):]),
    Card("Timber Wolves", "{G}", ("Creature",), ("Wolf",), power=1, toughness=1,
         combat=("banding",), text=_BANDING),
    # 509.1b: a blocking restriction by colour
    Card("Dread Warlock", "{1}{B}{B}", ("Creature",), ("Human", "Wizard", "Warlock"), power=2,
         toughness=2, combat=("can't be blocked except by black creatures",),
         text="Dread Warlock can't be blocked except by black creatures."),
    # 510.4: first strike (the combat issue's example card)
    Card("Serra Zealot", "{W}", ("Creature",), ("Human", "Soldier"), power=1, toughness=1,
         keywords=("first strike",), text="First strike"),
]
