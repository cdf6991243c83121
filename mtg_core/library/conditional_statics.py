"""Conditional static abilities (611.3a: "as long as ...", "during your turn") and lords:
creatures whose power, toughness or keywords follow a condition that the layer system
reads every time (613), and statics that pump or grant keywords to a group."""
from __future__ import annotations

from ..cards import (AddKeywords, AsLongAs, Card, CreateToken, ManaAbility, ModifyPT,
                     StaticAbility, TriggeredAbility, creature_token)

PHYREXIAN_GOLEM = creature_token("Phyrexian Golem", "", ("Phyrexian", "Golem"), 3, 3,
                                 types=("Artifact", "Creature"))

_METALCRAFT = AsLongAs("you control", 3, types=("Artifact",))
_THRESHOLD = AsLongAs("at least N cards in your graveyard", 7)
_OPPONENT_AT_10 = AsLongAs("an opponent has at most N life", 10)


def _creature(name: str, cost: str, subtypes: tuple[str, ...], power: int, toughness: int,
              text: str, *abilities, keywords: tuple[str, ...] = (),
              types: tuple[str, ...] = ("Creature",)) -> Card:
    return Card(name, cost, types, subtypes, power=power, toughness=toughness,
                keywords=keywords, abilities=abilities, text=text)


def _self(*changes, condition: AsLongAs) -> StaticAbility:
    return StaticAbility("self", *changes, condition=condition)


CONDITIONAL = [
    # "as long as it's your turn" (611.3a)
    _creature("Blood Burglar", "{1}{B}", ("Vampire", "Rogue"), 2, 2,
              "As long as it's your turn, Blood Burglar has lifelink.(Damage dealt by this "
              "creature also causes you to gain that much life.)",
              _self(AddKeywords("lifelink"), condition=AsLongAs("it's your turn"))),
    # "as long as you control a <land type>"
    _creature("Wild Nacatl", "{G}", ("Cat", "Warrior"), 1, 1,
              "Wild Nacatl gets +1/+1 as long as you control a Mountain.\nWild Nacatl gets "
              "+1/+1 as long as you control a Plains.",
              _self(ModifyPT(1, 1), condition=AsLongAs("you control", subtypes=("Mountain",))),
              _self(ModifyPT(1, 1), condition=AsLongAs("you control", subtypes=("Plains",)))),
    _creature("Kird Ape", "{R}", ("Ape",), 1, 1,
              "Kird Ape gets +1/+2 as long as you control a Forest.",
              _self(ModifyPT(1, 2), condition=AsLongAs("you control", subtypes=("Forest",)))),
    # metalcraft: "as long as you control three or more artifacts"
    _creature("Carapace Forger", "{1}{G}", ("Elf", "Artificer"), 2, 2,
              "Metalcraft — Carapace Forger gets +2/+2 as long as you control three or more "
              "artifacts.",
              _self(ModifyPT(2, 2), condition=_METALCRAFT)),
    _creature("Ardent Recruit", "{W}", ("Human", "Soldier"), 1, 1,
              "Metalcraft — Ardent Recruit gets +2/+2 as long as you control three or more "
              "artifacts.",
              _self(ModifyPT(2, 2), condition=_METALCRAFT)),
    _creature("Auriok Sunchaser", "{1}{W}", ("Human", "Soldier"), 1, 1,
              "Metalcraft — As long as you control three or more artifacts, Auriok Sunchaser "
              "gets +2/+2 and has flying.",
              _self(ModifyPT(2, 2), AddKeywords("flying"), condition=_METALCRAFT)),
    # "as long as an opponent has 10 or less life"
    _creature("Ruthless Cullblade", "{1}{B}", ("Vampire", "Warrior"), 2, 1,
              "Ruthless Cullblade gets +2/+1 as long as an opponent has 10 or less life.",
              _self(ModifyPT(2, 1), condition=_OPPONENT_AT_10)),
    _creature("Guul Draz Vampire", "{B}", ("Vampire", "Rogue"), 1, 1,
              "As long as an opponent has 10 or less life, Guul Draz Vampire gets +2/+1 and "
              "has intimidate. (It can't be blocked except by artifact creatures and/or "
              "creatures that share a color with it.)",
              _self(ModifyPT(2, 1), AddKeywords("intimidate"), condition=_OPPONENT_AT_10)),
    # threshold: "as long as seven or more cards are in your graveyard"
    _creature("Nimble Mongoose", "{G}", ("Mongoose",), 1, 1,
              "Shroud (This creature can't be the target of spells or abilities.)\n"
              "Threshold — Nimble Mongoose gets +2/+2 as long as seven or more cards are in "
              "your graveyard.",
              _self(ModifyPT(2, 2), condition=_THRESHOLD), keywords=("shroud",)),
    _creature("Krosan Beast", "{3}{G}", ("Squirrel", "Beast"), 1, 1,
              "Threshold — Krosan Beast gets +7/+7 as long as seven or more cards are in your "
              "graveyard.",
              _self(ModifyPT(7, 7), condition=_THRESHOLD)),
    _creature("Werebear", "{1}{G}", ("Human", "Bear", "Druid"), 1, 1,
              "{T}: Add {G}.\nThreshold — Werebear gets +3/+3 as long as seven or more cards "
              "are in your graveyard.",
              ManaAbility("G"), _self(ModifyPT(3, 3), condition=_THRESHOLD)),
    # "as long as ~ is attacking" (506.4)
    _creature("Kitesail Corsair", "{1}{U}", ("Human", "Pirate"), 2, 1,
              "Kitesail Corsair has flying as long as it's attacking.",
              _self(AddKeywords("flying"), condition=AsLongAs("~ is attacking"))),
    # "as long as ~ is equipped" (301.5)
    _creature("Skyhunter Cub", "{2}{W}", ("Cat", "Knight"), 2, 2,
              "As long as Skyhunter Cub is equipped, it gets +1/+1 and has flying.",
              _self(ModifyPT(1, 1), AddKeywords("flying"), condition=AsLongAs("~ is equipped"))),
    _creature("Sunspear Shikari", "{1}{W}", ("Cat", "Soldier"), 2, 2,
              "As long as Sunspear Shikari is equipped, it has first strike and lifelink.",
              _self(AddKeywords("first strike", "lifelink"), condition=AsLongAs("~ is equipped"))),
    _creature("Kor Duelist", "{W}", ("Kor", "Soldier"), 1, 1,
              "As long as Kor Duelist is equipped, it has double strike. (It deals both "
              "first-strike and regular combat damage.)",
              _self(AddKeywords("double strike"), condition=AsLongAs("~ is equipped"))),
]

LORDS = [
    _creature("Blade Splicer", "{2}{W}", ("Phyrexian", "Human", "Artificer"), 1, 1,
              "When Blade Splicer enters, create a 3/3 colorless Phyrexian Golem artifact "
              "creature token.\nGolems you control have first strike.",
              TriggeredAbility("enters", CreateToken(PHYREXIAN_GOLEM, 1)),
              StaticAbility("permanents you control", AddKeywords("first strike"),
                            subtypes=("Golem",))),
    _creature("Veteran Swordsmith", "{2}{W}", ("Human", "Soldier"), 3, 2,
              "Other Soldier creatures you control get +1/+0.",
              StaticAbility("other creatures you control", ModifyPT(1, 0), subtypes=("Soldier",))),
    _creature("Wizened Cenn", "{W}{W}", ("Kithkin", "Cleric"), 2, 2,
              "Other Kithkin creatures you control get +1/+1.",
              StaticAbility("other creatures you control", ModifyPT(1, 1), subtypes=("Kithkin",))),
    _creature("Muscle Sliver", "{1}{G}", ("Sliver",), 1, 1,
              "All Sliver creatures get +1/+1.",
              StaticAbility("creatures", ModifyPT(1, 1), subtypes=("Sliver",))),
    _creature("Sinew Sliver", "{1}{W}", ("Sliver",), 1, 1,
              "All Sliver creatures get +1/+1.",
              StaticAbility("creatures", ModifyPT(1, 1), subtypes=("Sliver",))),
    _creature("Winged Sliver", "{1}{U}", ("Sliver",), 1, 1,
              "All Sliver creatures have flying.",
              StaticAbility("creatures", AddKeywords("flying"), subtypes=("Sliver",))),
    _creature("Bellowing Tanglewurm", "{3}{G}{G}", ("Wurm",), 4, 4,
              "Intimidate (This creature can't be blocked except by artifact creatures and/or "
              "creatures that share a color with it.)\nOther green creatures you control have "
              "intimidate.",
              StaticAbility("other creatures you control", AddKeywords("intimidate"), colors="G"),
              keywords=("intimidate",)),
]

CARDS = CONDITIONAL + LORDS
