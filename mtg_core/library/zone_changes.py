"""Cards of zone changes: dies and leaves-the-battlefield triggers (603.6c, 603.10a),
"whenever a creature enters / dies" triggers (603.6a), replacement effects on entering
and dying (614.1a, 614.1c), destruction that can't be regenerated (701.19c), prevention
(615) and returning cards from a graveyard to the battlefield."""
from __future__ import annotations

from ..cards import (Card, CreateToken, Damage, DestroyAllNoRegenerate, Draw, EntersTapped,
                     EntersTappedUnlessFewLands, EntersWithCounters, GainLife, AddCounters, LoseLife, ManaAbility, Mode,
                     PayLifeOrEntersTapped, PreventAllCombatDamage, PreventNextDamage, Pump, ReturnSelfFromGraveyard,
                     ReturnToBattlefield, SpellAbility, TriggeredAbility, ZoneChangeTrigger,
                     creature_token)

SPIRIT = creature_token("Spirit", "W", ("Spirit",), 1, 1, ("flying",))
BEAST = creature_token("Beast", "G", ("Beast",), 3, 3)

# 614.1c: "This land enters tapped." and a mana ability of two colours (the Guildgates)
_GUILDGATES = {"Azorius": "WU", "Boros": "RW", "Dimir": "UB", "Golgari": "BG", "Gruul": "RG",
               "Izzet": "UR", "Orzhov": "WB", "Rakdos": "BR", "Selesnya": "GW", "Simic": "GU"}
# ... and "When this land enters, you gain 1 life." (the gain lands of Khans of Tarkir)
_GAIN_LANDS = {"Tranquil Cove": "WU", "Dismal Backwater": "UB", "Bloodfell Caves": "BR",
               "Scoured Barrens": "WB", "Swiftwater Cliffs": "UR", "Jungle Hollow": "BG",
               "Wind-Scarred Crag": "RW", "Rugged Highlands": "RG", "Thornwood Falls": "GU",
               "Blossoming Sands": "GW"}


# 614.1c: "This land enters tapped unless you control two or fewer other lands." (the fast
# lands of Scars of Mirrodin and Kaladesh)
_FAST_LANDS = {"Spirebluff Canal": "UR", "Blackcleave Cliffs": "BR", "Blooming Marsh": "BG",
               "Botanical Sanctum": "GU", "Concealed Courtyard": "WB", "Copperline Gorge": "RG",
               "Darkslick Shores": "UB", "Inspiring Vantage": "RW", "Razorverge Thicket": "GW",
               "Seachrome Coast": "WU"}

# 614.12: "As this land enters, you may pay 2 life. If you don't, it enters tapped." with two
# basic land types (305.6, 305.7: their mana abilities; the shock lands of Ravnica): name ->
# (its mana, its types)
_SHOCK_LANDS = {"Blood Crypt": ("BR", ("Swamp", "Mountain")),
                "Breeding Pool": ("GU", ("Forest", "Island")),
                "Godless Shrine": ("WB", ("Plains", "Swamp")),
                "Hallowed Fountain": ("WU", ("Plains", "Island")),
                "Overgrown Tomb": ("BG", ("Swamp", "Forest")),
                "Sacred Foundry": ("RW", ("Mountain", "Plains")),
                "Steam Vents": ("UR", ("Island", "Mountain")),
                "Stomping Ground": ("RG", ("Mountain", "Forest")),
                "Temple Garden": ("GW", ("Forest", "Plains")),
                "Watery Grave": ("UB", ("Island", "Swamp"))}


def _mana_text(colors: str) -> str:
    return f"{{T}}: Add {{{colors[0]}}} or {{{colors[1]}}}."


def _guildgate(guild: str, colors: str) -> Card:
    return Card(f"{guild} Guildgate", types=("Land",), subtypes=("Gate",),
                abilities=(EntersTapped(), ManaAbility(colors)),
                text=f"This land enters tapped.\n{_mana_text(colors)}")


def _fast_land(name: str, colors: str) -> Card:
    return Card(name, types=("Land",),
                abilities=(EntersTappedUnlessFewLands(2), ManaAbility(colors)),
                text=f"This land enters tapped unless you control two or fewer other lands.\n"
                     f"{_mana_text(colors)}")


def _shock_land(name: str, colors: str, types: tuple) -> Card:
    return Card(name, types=("Land",), subtypes=types,
                abilities=(ManaAbility(colors[0]), ManaAbility(colors[1]),
                           PayLifeOrEntersTapped(2)),
                text=f"({_mana_text(colors)})\nAs this land enters, you may pay 2 life. "
                     f"If you don't, it enters tapped.")


def _gain_land(name: str, colors: str) -> Card:
    return Card(name, types=("Land",),
                abilities=(EntersTapped(), TriggeredAbility("enters", GainLife("you", 1)),
                           ManaAbility(colors)),
                text=f"This land enters tapped.\nWhen this land enters, you gain 1 life.\n"
                     f"{_mana_text(colors)}")


def _sorcery(name: str, cost: str, text: str, spell: SpellAbility) -> Card:
    return Card(name, cost, ("Sorcery",), abilities=(spell,), text=text)


_FOG = "Prevent all combat damage that would be dealt this turn."
_REANIMATE = "Return target creature card from your graveyard to the battlefield."

CARDS = [
    # --- 701.19c: destruction that can't be regenerated; 603.10a: all die at once
    _sorcery("Wrath of God", "{2}{W}{W}", "Destroy all creatures. They can't be regenerated.",
             SpellAbility(DestroyAllNoRegenerate("each player", ("Creature",)))),
    _sorcery("Damnation", "{2}{B}{B}", "Destroy all creatures. They can't be regenerated.",
             SpellAbility(DestroyAllNoRegenerate("each player", ("Creature",)))),
    # --- 615: prevention
    Card("Fog", "{G}", ("Instant",), abilities=(SpellAbility(PreventAllCombatDamage()),), text=_FOG),
    Card("Holy Day", "{W}", ("Instant",), abilities=(SpellAbility(PreventAllCombatDamage()),),
         text=_FOG),
    Card("Moment's Peace", "{1}{G}", ("Instant",),
         abilities=(SpellAbility(PreventAllCombatDamage(), flashback="{2}{G}"),),
         text=_FOG + "\nFlashback {2}{G} (You may cast this card from your graveyard for its "
                     "flashback cost. Then exile it.)"),
    Card("Healing Salve", "{W}", ("Instant",),
         abilities=(SpellAbility(modes=(
             Mode(GainLife("target", 3), targets=("player",)),
             Mode(PreventNextDamage("target", 3), targets=("any",)))),),
         text="Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage that "
              "would be dealt to any target this turn."),
    # --- 603.6c / 700.4: "when ~ dies"
    Card("Festering Goblin", "{B}", ("Creature",), ("Zombie", "Goblin"), power=1, toughness=1,
         abilities=(TriggeredAbility("dies", Pump("target", -1, -1), targets=("creature",)),),
         text="When Festering Goblin dies, target creature gets -1/-1 until end of turn."),
    Card("Doomed Traveler", "{W}", ("Creature",), ("Human", "Soldier"), power=1, toughness=1,
         abilities=(TriggeredAbility("dies", CreateToken(SPIRIT)),),
         text="When Doomed Traveler dies, create a 1/1 white Spirit creature token with flying."),
    Card("Perilous Myr", "{2}", ("Artifact", "Creature"), ("Phyrexian", "Myr"), power=1,
         toughness=1,
         abilities=(TriggeredAbility("dies", Damage("target", 2), targets=("any",)),),
         text="When Perilous Myr dies, it deals 2 damage to any target."),
    # --- 603.6c: "when ~ leaves the battlefield"
    Card("Thragtusk", "{4}{G}", ("Creature",), ("Beast",), power=5, toughness=3,
         abilities=(TriggeredAbility("enters", GainLife("you", 5)),
                    TriggeredAbility("leaves the battlefield", CreateToken(BEAST))),
         text="When Thragtusk enters the battlefield, you gain 5 life.\nWhen Thragtusk leaves "
              "the battlefield, create a 3/3 green Beast creature token."),
    # --- 603.10a: "whenever a [another] creature [you control] dies"
    Card("Blood Artist", "{1}{B}", ("Creature",), ("Vampire",), power=0, toughness=1,
         abilities=(ZoneChangeTrigger("dies", "a creature", LoseLife("target", 1),
                                      GainLife("you", 1), targets=("player",)),),
         text="Whenever Blood Artist or another creature dies, target player loses 1 life "
              "and you gain 1 life."),
    Card("Falkenrath Noble", "{3}{B}", ("Creature",), ("Vampire", "Noble"), power=2,
         toughness=2, keywords=("flying",),
         abilities=(ZoneChangeTrigger("dies", "a creature", LoseLife("target", 1),
                                      GainLife("you", 1), targets=("player",)),),
         text="Flying\nWhenever Falkenrath Noble or another creature dies, target player "
              "loses 1 life and you gain 1 life."),
    Card("Zulaport Cutthroat", "{1}{B}", ("Creature",), ("Human", "Rogue", "Ally"), power=1,
         toughness=1,
         abilities=(ZoneChangeTrigger("dies", "a creature you control",
                                      LoseLife("each opponent", 1), GainLife("you", 1)),),
         text="Whenever Zulaport Cutthroat or another creature you control dies, each "
              "opponent loses 1 life and you gain 1 life."),
    Card("Unruly Mob", "{1}{W}", ("Creature",), ("Human",), power=1, toughness=1,
         abilities=(ZoneChangeTrigger("dies", "another creature you control",
                                      AddCounters("self", "+1/+1", 1)),),
         text="Whenever another creature you control dies, put a +1/+1 counter on Unruly Mob."),
    Card("Midnight Reaper", "{2}{B}", ("Creature",), ("Zombie", "Knight"), power=3,
         toughness=2,
         abilities=(ZoneChangeTrigger("dies", "a nontoken creature you control",
                                      Damage("you", 1), Draw("you", 1)),),
         text="Whenever a nontoken creature you control dies, this creature deals 1 damage "
              "to you and you draw a card."),
    # --- 603.6a: "whenever another creature enters"
    Card("Soul Warden", "{W}", ("Creature",), ("Human", "Cleric"), power=1, toughness=1,
         abilities=(ZoneChangeTrigger("enters", "another creature", GainLife("you", 1)),),
         text="Whenever another creature enters the battlefield, you gain 1 life."),
    Card("Essence Warden", "{G}", ("Creature",), ("Elf", "Shaman"), power=1, toughness=1,
         abilities=(ZoneChangeTrigger("enters", "another creature", GainLife("you", 1)),),
         text="Whenever another creature enters the battlefield, you gain 1 life."),
    # --- 614.1c: enters with counters / enters tapped
    Card("Endless One", "{X}", ("Creature",), ("Eldrazi",), power=0, toughness=0,
         abilities=(EntersWithCounters("X"),),
         text="Endless One enters the battlefield with X +1/+1 counters on it."),
    Card("Highland Lake", types=("Land",), abilities=(EntersTapped(), ManaAbility("UR")),
         text="Highland Lake enters the battlefield tapped.\n{T}: Add {U} or {R}."),
    *(_guildgate(g, c) for g, c in _GUILDGATES.items()),
    *(_gain_land(n, c) for n, c in _GAIN_LANDS.items()),
    *(_fast_land(n, c) for n, c in _FAST_LANDS.items()),
    *(_shock_land(n, c, t) for n, (c, t) in _SHOCK_LANDS.items()),
    # --- 603.6c, 400.7: the ability finds the card in the graveyard (Rancor)
    Card("Rancor", "{G}", ("Enchantment",), ("Aura",), enchant="creature",
         attached_bonus=(2, 0), attached_keywords=("trample",),
         abilities=(TriggeredAbility("is put into a graveyard from the battlefield",
                                     ReturnSelfFromGraveyard()),),
         text="Enchant creature\nEnchanted creature gets +2/+0 and has trample.\nWhen Rancor "
              "is put into a graveyard from the battlefield, return Rancor to its owner's hand."),
    # --- return to the battlefield (a new object, 400.7)
    _sorcery("Zombify", "{3}{B}", _REANIMATE,
             SpellAbility(ReturnToBattlefield("target"), targets=("creature card in your graveyard",))),
    _sorcery("Breath of Life", "{3}{W}", _REANIMATE,
             SpellAbility(ReturnToBattlefield("target"), targets=("creature card in your graveyard",))),
    _sorcery("Resurrection", "{2}{W}{W}", _REANIMATE,
             SpellAbility(ReturnToBattlefield("target"), targets=("creature card in your graveyard",))),
    _sorcery("Unburial Rites", "{4}{B}",
             _REANIMATE + "\nFlashback {3}{W} (You may cast this card from your graveyard for "
                          "its flashback cost. Then exile it.)",
             SpellAbility(ReturnToBattlefield("target"), targets=("creature card in your graveyard",),
                          flashback="{3}{W}")),
]
