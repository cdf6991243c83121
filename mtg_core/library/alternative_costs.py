"""Spells with an alternative cost (118.9: "You may <cost> rather than pay this spell's mana
cost") and creatures with evoke (702.74a).  Name, mana cost, type line, power / toughness and
Oracle text as in each card's Oracle record (Scryfall "Oracle Cards" bulk data / MTGJSON
AtomicCards.json); each card is played in tests/core/test_alternative_costs.py."""
from __future__ import annotations

from ..cards import (AlternativeCost, Card, Counter, CounterExile, CounterUnlessPays, Damage,
                     DestroyNoRegenerate, Draw, Evoke, EvokeSacrifice, RevealHandDiscardChosen,
                     SpellAbility, TriggeredAbility)

CARDS = [
    Card("Force of Will", "{3}{U}{U}", ("Instant",),
         abilities=(SpellAbility(Counter("target"), targets=("spell",), alternative=AlternativeCost(
             "Pay 1 life, Exile a blue card from your hand")),),
         text="You may pay 1 life and exile a blue card from your hand rather than pay this "
              "spell's mana cost.\nCounter target spell."),
    Card("Force of Negation", "{1}{U}{U}", ("Instant",),
         abilities=(SpellAbility(CounterExile("target"), targets=("noncreature spell",),
                                 alternative=AlternativeCost("Exile a blue card from your hand",
                                                             "not your turn")),),
         text="If it's not your turn, you may exile a blue card from your hand rather than pay "
              "this spell's mana cost.\nCounter target noncreature spell. If that spell is "
              "countered this way, exile it instead of putting it into its owner's graveyard."),
    Card("Daze", "{1}{U}", ("Instant",),
         abilities=(SpellAbility(CounterUnlessPays(1), targets=("spell",), alternative=AlternativeCost(
             "Return an Island you control to its owner's hand")),),
         text="You may return an Island you control to its owner's hand rather than pay this "
              "spell's mana cost.\nCounter target spell unless its controller pays {1}."),
    Card("Snuff Out", "{3}{B}", ("Instant",),
         abilities=(SpellAbility(DestroyNoRegenerate("target"), targets=("nonblack creature",),
                                 alternative=AlternativeCost("Pay 4 life", "you control a Swamp")),),
         text="If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\n"
              "Destroy target nonblack creature. It can't be regenerated."),
    Card("Fireblast", "{4}{R}{R}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 4), targets=("any",), alternative=AlternativeCost(
             "Sacrifice two Mountains")),),
         text="You may sacrifice two Mountains rather than pay this spell's mana cost.\n"
              "Fireblast deals 4 damage to any target."),
    Card("Gush", "{4}{U}", ("Instant",),
         abilities=(SpellAbility(Draw("you", 2), alternative=AlternativeCost(
             "Return two Islands you control to their owner's hand")),),
         text="You may return two Islands you control to their owner's hand rather than pay "
              "this spell's mana cost.\nDraw two cards."),
    Card("Mulldrifter", "{4}{U}", ("Creature",), ("Elemental",), power=2, toughness=2,
         keywords=("flying",),
         abilities=(TriggeredAbility("enters", Draw("you", 2)), Evoke("{2}{U}"), EvokeSacrifice()),
         text="Flying\nWhen Mulldrifter enters the battlefield, draw two cards.\nEvoke {2}{U} "
              "(You may cast this spell for its evoke cost. If you do, it's sacrificed when it "
              "enters the battlefield.)"),
    Card("Grief", "{2}{B}{B}", ("Creature",), ("Elemental", "Incarnation"), power=3, toughness=2,
         keywords=("menace",),
         abilities=(TriggeredAbility("enters", RevealHandDiscardChosen("target", not_types=("Land",)),
                                     targets=("opponent",)),
                    Evoke("Exile a black card from your hand"), EvokeSacrifice()),
         text="Menace\nWhen Grief enters the battlefield, target opponent reveals their hand. You "
              "choose a nonland card from it. That player discards that card.\nEvoke—Exile a "
              "black card from your hand."),
]
