"""Sagas (714): enchantments whose chapter abilities trigger as lore counters are put on
them -- one as the Saga enters (714.3a), one as its controller's precombat main phase
begins (714.3b) -- and which are sacrificed once the final chapter's ability has left the
stack (714.4).  Each chapter's effects are ones the engine already plays."""
from __future__ import annotations

from ..cards import (AddCounters, Card, ChapterAbility, CountOf, CreateToken, Destroy, Discard,
                     Draw, ForEach, GainLife, GrantKeywords, May, Pump, SearchLibrary,
                     creature_token)

_REMINDER = ("(As this Saga enters and after your draw step, add a lore counter. "
             "Sacrifice after III.)")
_WALL = creature_token("Wall", "", ("Wall",), 0, 4, keywords=("defender",),
                       types=("Artifact", "Creature"))
_ALLY = creature_token("Ally", "W", ("Ally",), 1, 1)
_HALFLING = creature_token("Halfling", "W", ("Halfling",), 1, 1)
_LOOT = May(Discard("you", 1), Draw("you", 1))     # "You may discard a card. If you do, draw a card."

CARDS = [
    Card("Binding the Old Gods", "{2}{B}{G}", ("Enchantment",), ("Saga",),
         abilities=(ChapterAbility(1, Destroy("target"),
                                   targets=("nonland permanent an opponent controls",)),
                    ChapterAbility(2, SearchLibrary("Forest", to="battlefield", tapped=True)),
                    ChapterAbility(3, GrantKeywords("creatures you control", ("deathtouch",),
                                                    duration="end of turn"))),
         text=_REMINDER + "\nI — Destroy target nonland permanent an opponent controls.\n"
              "II — Search your library for a Forest card, put it onto the battlefield "
              "tapped, then shuffle.\nIII — Creatures you control gain deathtouch until end "
              "of turn."),
    Card("The Birth of Meletis", "{1}{W}", ("Enchantment",), ("Saga",),
         abilities=(ChapterAbility(1, SearchLibrary("basic Plains", to="hand", reveal=True)),
                    ChapterAbility(2, CreateToken(_WALL)),
                    ChapterAbility(3, GainLife("you", 2))),
         text=_REMINDER + "\nI — Search your library for a basic Plains card, reveal it, put "
              "it into your hand, then shuffle.\nII — Create a 0/4 colorless Wall artifact "
              "creature token with defender.\nIII — You gain 2 life."),
    Card("Founding of Omashu", "{2}{R}", ("Enchantment",), ("Saga",),
         abilities=(ChapterAbility(1, CreateToken(_ALLY, 2)),
                    ChapterAbility(2, _LOOT),
                    ChapterAbility(3, Pump("creatures you control", 1, 0))),
         text=_REMINDER + "\nI — Create two 1/1 white Ally creature tokens.\nII — You may "
              "discard a card. If you do, draw a card.\nIII — Creatures you control get "
              "+1/+0 until end of turn."),
    Card("Of Herbs and Stewed Rabbit", "{2}{W}", ("Enchantment",), ("Saga",),
         abilities=(ChapterAbility(1, AddCounters("target", "+1/+1", 1), CreateToken("Food"),
                                   targets=("up to one creature",)),
                    ChapterAbility(2, Draw("you", 1), CreateToken("Food")),
                    ChapterAbility(3, ForEach(CountOf("permanents you control",
                                                      subtypes=("Food",)),
                                              CreateToken(_HALFLING)))),
         text=_REMINDER + "\nI — Put a +1/+1 counter on up to one target creature. Create a "
              "Food token.\nII — Draw a card. Create a Food token.\nIII — Create a 1/1 white "
              "Halfling creature token for each Food you control."),
]
