"""Combat triggers and leaving combat: cards whose text triggers on blocks (509.4), on
attacking alone (506.5) and on damage (510.3), puts a creature onto the battlefield
attacking (508.4), changes control (layer 2), regenerates (701.19) or removes a creature
from combat -- the ways a creature leaves combat (506.4)."""
from __future__ import annotations

from ..cards import (ActivatedAbility, AddCounters, Card, Damage, DiscardAtRandom,
                     DoesntUntapNextUntapStep, Draw, GainControl, GrantKeywords, ManaAbility, Pump,
                     PumpForEach, PutFromHandAttacking, Regenerate, RemoveFromCombat,
                     SkipNextPhase, SpellAbility, TriggeredAbility, Untap)

CREATURES = [
    Card("Hypnotic Specter", "{1}{B}{B}", ("Creature",), ("Specter",), power=2, toughness=2,
         keywords=("flying",),
         abilities=(TriggeredAbility("deals damage to an opponent",
                                     DiscardAtRandom("that player", 1)),),
         text="Flying\nWhenever Hypnotic Specter deals damage to an opponent, that player "
              "discards a card at random."),
    Card("Guardian of the Gateless", "{4}{W}", ("Creature",), ("Angel",), power=3, toughness=3,
         keywords=("flying",), combat=("can block any number of creatures",),
         abilities=(TriggeredAbility("blocks", PumpForEach("self", 1, 1, "creature it's blocking")),),
         text="Flying\nGuardian of the Gateless can block any number of creatures.\nWhenever "
              "Guardian of the Gateless blocks, it gets +1/+1 until end of turn for each "
              "creature it's blocking."),
    Card("Giant Badger", "{1}{G}{G}", ("Creature",), ("Badger",), power=2, toughness=2,
         abilities=(TriggeredAbility("blocks", Pump("self", 2, 2)),),
         text="Whenever Giant Badger blocks, it gets +2/+2 until end of turn."),
    Card("Labyrinth Minotaur", "{3}{U}", ("Creature",), ("Minotaur",), power=1, toughness=4,
         abilities=(TriggeredAbility("blocks a creature", DoesntUntapNextUntapStep("that creature")),),
         text="Whenever Labyrinth Minotaur blocks a creature, that creature doesn't untap "
              "during its controller's next untap step."),
    Card("Rabid Elephant", "{4}{G}", ("Creature",), ("Elephant",), power=3, toughness=4,
         abilities=(TriggeredAbility("becomes blocked",
                                     PumpForEach("self", 2, 2, "creature blocking it")),),
         text="Whenever Rabid Elephant becomes blocked, it gets +2/+2 until end of turn for "
              "each creature blocking it."),
    Card("Cave Tiger", "{2}{G}", ("Creature",), ("Cat",), power=2, toughness=2,
         abilities=(TriggeredAbility("becomes blocked by a creature", Pump("self", 1, 1)),),
         text="Whenever Cave Tiger becomes blocked by a creature, Cave Tiger gets +1/+1 until "
              "end of turn."),
    Card("Kolaghan Aspirant", "{1}{R}", ("Creature",), ("Human", "Warrior"), power=2,
         toughness=1,
         abilities=(TriggeredAbility("becomes blocked by a creature", Damage("that creature", 1)),),
         text="Whenever Kolaghan Aspirant becomes blocked by a creature, Kolaghan Aspirant "
              "deals 1 damage to that creature."),
    Card("Murk Dwellers", "{3}{B}", ("Creature",), ("Zombie",), power=2, toughness=2,
         abilities=(TriggeredAbility("attacks and isn't blocked",
                                     Pump("self", 2, 0, "end of combat")),),
         text="Whenever Murk Dwellers attacks and isn't blocked, it gets +2/+0 until end of "
              "combat."),
    Card("Nine-Tail White Fox", "{2}{U}", ("Creature",), ("Fox", "Spirit"), power=2,
         toughness=2,
         abilities=(TriggeredAbility("deals combat damage to a player", Draw("you", 1)),),
         text="Whenever Nine-Tail White Fox deals combat damage to a player, draw a card."),
    Card("Blinding Angel", "{3}{W}{W}", ("Creature",), ("Angel",), power=2, toughness=4,
         keywords=("flying",),
         abilities=(TriggeredAbility("deals combat damage to a player",
                                     SkipNextPhase("that player", "combat")),),
         text="Flying (This creature can't be blocked except by creatures with flying or "
              "reach.)\nWhenever Blinding Angel deals combat damage to a player, that player "
              "skips their next combat phase."),
    Card("Mirri the Cursed", "{2}{B}{B}", ("Creature",), ("Vampire", "Cat"),
         supertypes=("Legendary",), power=3, toughness=2,
         keywords=("flying", "first strike", "haste"),
         abilities=(TriggeredAbility("deals combat damage to a creature",
                                     AddCounters("self", "+1/+1", 1)),),
         text="Flying, first strike, haste\nWhenever Mirri the Cursed deals combat damage to "
              "a creature, put a +1/+1 counter on Mirri the Cursed."),
    Card("Preeminent Captain", "{2}{W}", ("Creature",), ("Kithkin", "Soldier"), power=2,
         toughness=2, keywords=("first strike",),
         abilities=(TriggeredAbility("attacks", PutFromHandAttacking("Soldier")),),
         text="First strike (This creature deals combat damage before creatures without first "
              "strike.)\nWhenever Preeminent Captain attacks, you may put a Soldier creature "
              "card from your hand onto the battlefield tapped and attacking."),
    # The creature of the seeds' 509.7 example (Giant Spider is blocked by it).
    Card("Canyon Minotaur", "{3}{R}", ("Creature",), ("Minotaur", "Warrior"), power=3,
         toughness=3),
    Card("Drudge Skeletons", "{1}{B}", ("Creature",), ("Skeleton",), power=1, toughness=1,
         abilities=(ActivatedAbility("{B}", Regenerate("self")),),
         text="{B}: Regenerate Drudge Skeletons. (The next time this creature would be "
              "destroyed this turn, it isn't. Instead tap it, remove all damage from it, and "
              "remove it from combat.)"),
]

# 506.4: effects that remove a creature from combat; 506.5: "attacks alone"
LEAVING_COMBAT = [
    Card("Hollowhenge Spirit", "{3}{W}", ("Creature",), ("Spirit",), power=2, toughness=2,
         keywords=("flash", "flying"),
         abilities=(TriggeredAbility("enters", RemoveFromCombat("target"),
                                     targets=("attacking or blocking creature",)),),
         text="Flash (You may cast this spell any time you could cast an instant.)\nFlying\n"
              "When Hollowhenge Spirit enters the battlefield, remove target attacking or "
              "blocking creature from combat."),
    Card("Labyrinth of Skophos", "", ("Land",),
         abilities=(ManaAbility(colors="C"),
                    ActivatedAbility("{4}, {T}", RemoveFromCombat("target"),
                                     targets=("attacking or blocking creature",))),
         text="{T}: Add {C}.\n{4}, {T}: Remove target attacking or blocking creature from combat."),
    Card("Rogue Kavu", "{1}{R}", ("Creature",), ("Kavu",), power=1, toughness=1,
         abilities=(TriggeredAbility("attacks alone", Pump("self", 2, 0)),),
         text="Whenever Rogue Kavu attacks alone, it gets +2/+0 until end of turn."),
]

SPELLS = [
    Card("Act of Treason", "{2}{R}", ("Sorcery",),
         abilities=(SpellAbility(GainControl("target"), Untap("target"),
                                 GrantKeywords("target", ("haste",)), targets=("creature",)),),
         text="Gain control of target creature until end of turn. Untap that creature. It "
              "gains haste until end of turn. (It can attack and {T} this turn.)"),
    Card("Threaten", "{2}{R}", ("Sorcery",),
         abilities=(SpellAbility(Untap("target"), GainControl("target"),
                                 GrantKeywords("target", ("haste",)), targets=("creature",)),),
         text="Untap target creature and gain control of it until end of turn. That creature "
              "gains haste until end of turn. (It can attack and {T} this turn.)"),
]

CARDS = [*CREATURES, *SPELLS, *LEAVING_COMBAT]
