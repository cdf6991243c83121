"""Spells with Phyrexian mana symbols in their mana costs (107.4f: {B/P} is paid with one
black mana or 2 life, the caster's choice while paying, 601.2h; 119.4: life only up to
their life total).  Each symbol counts 1 toward the mana value (202.3) and gives the card
its colour (202.2).  Gitaxian Probe looks at a hand: its caster knows those cards (hidden
information, docs/observations.md).  Mental Misstep counters a spell by its mana value
(202.3; Spell Snare's quality, mana_value.pxi)."""
from __future__ import annotations

from ..cards import Card, Counter, Damage, Draw, LookAtHand, Pump, SpellAbility

CARDS = [
    Card("Dismember", "{1}{B/P}{B/P}", ("Instant",),
         abilities=(SpellAbility(Pump("target", -5, -5), targets=("creature",)),),
         text="({B/P} can be paid with either {B} or 2 life.)\n"
              "Target creature gets -5/-5 until end of turn."),
    Card("Gitaxian Probe", "{U/P}", ("Sorcery",),
         abilities=(SpellAbility(LookAtHand("target"), Draw("you", 1), targets=("player",)),),
         text="({U/P} can be paid with either {U} or 2 life.)\n"
              "Look at target player's hand.\nDraw a card."),
    Card("Gut Shot", "{R/P}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 1), targets=("any",)),),
         text="({R/P} can be paid with either {R} or 2 life.)\n"
              "Gut Shot deals 1 damage to any target."),
    # with a spell's mana value as a target quality (202.3e: X as chosen; mana_value.pxi)
    Card("Mental Misstep", "{U/P}", ("Instant",),
         abilities=(SpellAbility(Counter(), targets=("spell with mana value 1",)),),
         text="({U/P} can be paid with either {U} or 2 life.)\n"
              "Counter target spell with mana value 1."),
    Card("Mutagenic Growth", "{G/P}", ("Instant",),
         abilities=(SpellAbility(Pump("target", 2, 2), targets=("creature",)),),
         text="({G/P} can be paid with either {G} or 2 life.)\n"
              "Target creature gets +2/+2 until end of turn."),
]
