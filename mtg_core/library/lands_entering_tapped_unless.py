"""Dual lands that enter tapped unless a condition holds as they enter (614.1c): the slow
lands ("unless you control two or more other lands"), the check lands ("unless you control
an Island or a Swamp") and the battle lands ("unless you control two or more basic lands",
with two basic land types, 305.6).  The fast lands and the shock lands are in
:mod:`.zone_changes`."""
from __future__ import annotations

from ..cards import (Card, EntersTappedUnlessManyLands, EntersTappedUnlessYouControl,
                     ManaAbility)

_MANA = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

# name -> its two colours, in the order of its mana ability; True when its text names it
# ("Deathcap Glade enters tapped ...") rather than "This land enters tapped ..."
_SLOW_LANDS = {"Deathcap Glade": ("BG", True), "Deserted Beach": ("WU", True),
               "Dreamroot Cascade": ("GU", True), "Haunted Ridge": ("BR", True),
               "Overgrown Farmland": ("GW", True), "Rockfall Vale": ("RG", True),
               "Shattered Sanctum": ("WB", False), "Shipwreck Marsh": ("UB", True),
               "Stormcarved Coast": ("UR", True), "Sundown Pass": ("RW", True)}

# name -> (its colours, the land types it looks for in the order its text names them,
# True when its text names it)
_CHECK_LANDS = {"Drowned Catacomb": ("UB", ("Island", "Swamp"), False),
                "Glacial Fortress": ("WU", ("Plains", "Island"), False),
                "Sulfur Falls": ("UR", ("Island", "Mountain"), False),
                "Dragonskull Summit": ("BR", ("Swamp", "Mountain"), False),
                "Hinterland Harbor": ("GU", ("Forest", "Island"), False),
                "Isolated Chapel": ("WB", ("Plains", "Swamp"), False),
                "Rootbound Crag": ("RG", ("Mountain", "Forest"), False),
                "Sunpetal Grove": ("GW", ("Forest", "Plains"), False),
                "Woodland Cemetery": ("BG", ("Swamp", "Forest"), True),
                "Clifftop Retreat": ("RW", ("Mountain", "Plains"), False)}

# the battle lands of Battle for Zendikar: name -> its colours (its land types, in order)
_BATTLE_LANDS = {"Canopy Vista": "GW", "Cinder Glade": "RG", "Prairie Stream": "WU",
                 "Smoldering Marsh": "BR", "Sunken Hollow": "UB"}


def _mana_text(colors: str) -> str:
    return f"{{T}}: Add {{{colors[0]}}} or {{{colors[1]}}}."


def _article(t: str) -> str:
    return ("an " if t[0] in "AEIOU" else "a ") + t


def _slow_land(name: str, colors: str, named: bool) -> Card:
    return Card(name, types=("Land",),
                abilities=(EntersTappedUnlessManyLands(2), ManaAbility(colors)),
                text=f"{name if named else 'This land'} enters tapped unless you control two or "
                     f"more other lands.\n{_mana_text(colors)}")


def _check_land(name: str, colors: str, types: tuple, named: bool) -> Card:
    return Card(name, types=("Land",),
                abilities=(EntersTappedUnlessYouControl(types), ManaAbility(colors)),
                text=f"{name if named else 'This land'} enters tapped unless you control "
                     f"{_article(types[0])} or {_article(types[1])}.\n{_mana_text(colors)}")


def _battle_land(name: str, colors: str) -> Card:
    # 305.6: its basic land types give it "{T}: Add {G}" and "{T}: Add {W}"
    return Card(name, types=("Land",), subtypes=(_MANA[colors[0]], _MANA[colors[1]]),
                abilities=(ManaAbility(colors[0]), ManaAbility(colors[1]),
                           EntersTappedUnlessManyLands(2, basic=True)),
                text=f"({_mana_text(colors)})\nThis land enters tapped unless you control two "
                     f"or more basic lands.")


CARDS = [*(_slow_land(n, c, named) for n, (c, named) in _SLOW_LANDS.items()),
         *(_check_land(n, c, t, named) for n, (c, t, named) in _CHECK_LANDS.items()),
         *(_battle_land(n, c) for n, c in _BATTLE_LANDS.items())]
