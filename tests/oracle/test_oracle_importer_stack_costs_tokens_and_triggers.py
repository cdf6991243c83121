"""The Oracle importer lowers the card language's stack, cost, token, combat and trigger
features (mtg_core.oracle.lower): counterspells (701.5), modes (700.2), X (107.3), kicker
(702.33), flashback (702.34), cycling (702.29), additional costs (601.2f), tokens (111),
investigate (701.16a), bounce, exile with last known information (608.2h), regeneration
(701.19), control changes (layer 2), protection (702.16), prowess (702.108), banding
(702.21), combat restrictions (508.1c, 509.1b), cast triggers (601.2i), attack, block and
damage triggers (508.2, 509.4, 510.3) -- each with real Oracle texts, the near misses the
language can't say refused with a reason, and the imported cards played in games.
"""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Deck, Game, Step, Zone, play_random_games
from mtg_core.cards import (AddMana, CardDB, Counter, CounterUnlessPays, CreateToken, Cycling,
                            Damage, DiscardAtRandom, Draw, Exile, GainControl, GainLife,
                            GainLifeEqualToPower, GrantKeywords, IfKicked, Investigate,
                            ManaAbility, Mode, Pump, PumpForEach, PutFromHandAttacking, Regenerate,
                            ReturnToHand, RevealTopCard, SearchLibrary, SkipNextPhase,
                            SearchForBasicLand,
                            TapAllCreatures,
                            Untap, creature_token)
from mtg_core.cards import Discard, ForEach  # choices and counts (mtg_core.cards.effects.choices)
from mtg_core.enums import Result
from mtg_core.library import ALL_CARDS
from mtg_core.oracle import NOT_EXPRESSIBLE, UNSUPPORTED_KEYWORD, import_card


def imp(name: str, cost: str, type_line: str, text: str, p=None, t=None):
    r = import_card(name, cost, type_line, text, p, t)
    assert r.ok, r.refusals
    return r.card


def refused(name: str, cost: str, type_line: str, text: str, p=None, t=None) -> str:
    r = import_card(name, cost, type_line, text, p, t)
    assert not r.ok and r.refusals
    return r.refusals[0].feature


# --- the stack: counterspells (701.5) -------------------------------------------------------------

def test_701_5_counter_target_spell_and_unless_its_controller_pays():
    (sp,) = imp("Spell Pierce", "{U}", "Instant",
                "Counter target noncreature spell unless its controller pays {2}.").abilities
    assert (sp.effects, sp.targets) == ((CounterUnlessPays(2, "target"),), ("noncreature spell",))
    (snake,) = imp("Mystic Snake", "{1}{G}{U}{U}", "Creature — Snake",
                   "Flash\nWhen Mystic Snake enters the battlefield, counter target spell.",
                   "2", "2").abilities
    assert (snake.at, snake.effects, snake.targets) == ("enters", (Counter("target"),), ("spell",))
    # {X}: the value chosen as the spell was cast (107.3a)
    (x,) = imp("Leak", "{X}{U}", "Instant", "Counter target spell unless its controller pays {X}.") \
        .abilities
    assert x.effects == (CounterUnlessPays("X", "target"),)


def test_701_5_near_misses_are_refused():
    # a payment other than generic mana, an effect after the payment decision, a target
    # that isn't a spell, "its controller" without an exile before it
    assert "unless" in refused("X", "{U}", "Instant",
                               "Counter target spell unless its controller pays {U}.")
    assert refused("X", "{U}", "Instant", "Counter target spell unless its controller pays {1}. "
                                          "Draw a card.") == "modifier: unless"
    assert refused("X", "{U}", "Instant", "Counter target creature.").startswith("counter:")
    # "its controller" names the controller of what an effect before it acted on (608.2h)
    assert refused("X", "{U}", "Instant",
                   "Its controller loses 3 life. Counter target spell.") == "reference: its controller"


# --- modes, X, kicker, flashback, cycling, additional costs ---------------------------------------

def test_700_2_choose_two_modes_each_with_its_own_targets():
    (cc,) = imp("Cryptic Command", "{1}{U}{U}{U}", "Instant",
                "Choose two —\n• Counter target spell.\n• Return target permanent to its owner's "
                "hand.\n• Tap all creatures your opponents control.\n• Draw a card.").abilities
    assert cc.choose == 2 and cc.effects == () and cc.modes == (
        Mode(Counter("target"), targets=("spell",)),
        Mode(ReturnToHand("target"), targets=("permanent",)),
        Mode(TapAllCreatures("each opponent")), Mode(Draw("you", 1)))
    # "choose one or both" and "choose one or more" are other choices: refused
    assert refused("X", "{R}", "Instant", "Choose one or both —\n• Draw a card.\n• X deals 2 "
                                          "damage to any target.") == "modes: choose one or both"


def test_107_3_x_in_a_spell_is_the_value_chosen_for_it():
    (blaze,) = imp("Blaze", "{X}{R}", "Sorcery", "Blaze deals X damage to any target.").abilities
    assert blaze.effects == (Damage("target", "X"),)
    (stroke,) = imp("Stroke of Genius", "{X}{2}{U}", "Instant", "Target player draws X cards.") \
        .abilities
    assert stroke.effects == (Draw("target", "X"),)
    # no {X} in the cost: X means something else
    assert refused("Fire", "{1}{R}", "Sorcery", "Fire deals X damage to any target.") \
        .startswith("variable amount")


def test_702_33_kicker_and_if_this_spell_was_kicked():
    (burst,) = imp("Burst Lightning", "{R}", "Instant",
                   "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nBurst "
                   "Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 "
                   "damage instead.").abilities
    assert burst.kicker == "{4}" and burst.effects == (
        IfKicked(Damage("target", 2), kicked=False), IfKicked(Damage("target", 4)))
    (roil,) = imp("Kicked Roil", "{1}{U}", "Instant",
                  "Kicker {1}{U}\nReturn target creature to its owner's hand. If this spell was "
                  "kicked, draw a card.").abilities
    assert roil.effects == (ReturnToHand("target"), IfKicked(Draw("you", 1)))
    # kicker on an Aura is not in the language (on other permanents it is,
    # tests/oracle/test_oracle_importer_kicker.py); "if kicked" without a kicker cost is not a
    # kicked spell
    assert refused("Snare", "{U}", "Enchantment — Aura", "Kicker {2}{U}\nEnchant creature") == \
        "keyword: kicker (an Aura)"
    assert refused("X", "{R}", "Instant", "Draw a card. If this spell was kicked, draw a card.") \
        == "modifier: if"


def test_702_34_flashback_702_29_cycling_and_601_2f_additional_costs():
    (fb, ) = imp("Deep Analysis", "{3}{U}", "Sorcery",
                 "Target player draws two cards.\nFlashback—{1}{U}, Pay 3 life.").abilities
    assert (fb.flashback, fb.effects) == ("{1}{U}, Pay 3 life", (Draw("target", 2),))
    (bolt, ) = imp("Firebolt", "{R}", "Sorcery", "Firebolt deals 2 damage to any target.\n"
                   "Flashback {4}{R}").abilities
    assert bolt.flashback == "{4}{R}"
    spell, cyc = imp("Censor", "{1}{U}", "Instant",
                     "Counter target spell unless its controller pays {1}.\nCycling {U}").abilities
    assert cyc == Cycling("{U}")
    (rites,) = imp("Village Rites", "{B}", "Instant",
                   "As an additional cost to cast this spell, sacrifice a creature.\n"
                   "Draw two cards.").abilities
    assert (rites.additional_cost, rites.effects) == ("Sacrifice a creature", (Draw("you", 2),))
    (boon,) = imp("Withering Boon", "{1}{B}", "Instant",
                  "As an additional cost to cast this spell, pay 3 life.\nCounter target "
                  "creature spell.").abilities
    assert boon.additional_cost == "Pay 3 life"
    # a choice of costs, an optional one, or a cost the language lacks: refused
    assert refused("X", "{B}", "Instant", "As an additional cost to cast this spell, sacrifice "
                   "a creature or discard a card.\nDraw two cards.").startswith("additional cost")
    assert refused("X", "{B}", "Instant", "As an additional cost to cast this spell, sacrifice "
                   "another creature.\nDraw two cards.") == "additional cost: sacrifice"
    assert refused("X", "{U}", "Instant", "Draw a card.\nCycling—Pay 2 life.") \
        .startswith("keyword: cycling")


def test_601_3_a_spell_cast_only_during_combat():
    (cry,) = imp("Gorilla War Cry", "{1}{R}", "Instant",
                 "Cast this spell only during combat before blockers are declared.\nAll creatures "
                 "gain menace until end of turn.\nDraw a card at the beginning of the next turn's "
                 "upkeep.").abilities
    assert cry.timing == "during combat before blockers are declared"
    assert refused("C", "{1}{R}", "Creature — Ape", "Cast this spell only during combat.", "2",
                   "2") == "static: cast timing"


# --- tokens (111) and investigate (701.16a) --------------------------------------------------------

def test_111_creature_and_predefined_tokens():
    (alarm,) = imp("Raise the Alarm", "{1}{W}", "Instant",
                   "Create two 1/1 white Soldier creature tokens.").abilities
    assert alarm.effects == (CreateToken(creature_token("Soldier", "W", ("Soldier",), 1, 1), 2),)
    (souls, ) = imp("Lingering Souls", "{2}{W}", "Sorcery",
                    "Create two 1/1 white Spirit creature tokens with flying.\nFlashback {1}{B}") \
        .abilities
    assert souls.effects[0].token.keywords == ("flying",) and souls.flashback == "{1}{B}"
    thopter = imp("T", "{2}", "Sorcery", "Create a 1/1 colorless Thopter artifact creature "
                  "token with flying.").abilities[0].effects[0].token
    assert (thopter.types, thopter.colors, thopter.power) == (("Artifact", "Creature"), "", 1)
    (sailor,) = imp("Sailor of Means", "{2}{U}", "Creature — Human Pirate",
                    "When Sailor of Means enters the battlefield, create a Treasure token.",
                    "1", "4").abilities
    assert sailor.effects == (CreateToken("Treasure"),)
    (insp,) = imp("Confirm Suspicions", "{3}{U}{U}", "Instant",
                  "Counter target spell.\nInvestigate three times.").abilities
    assert insp.effects == (Counter("target"), Investigate(3))
    # tapped tokens, tokens with abilities in quotes and named tokens are not in the language
    assert refused("X", "{1}", "Sorcery", "Create a tapped Treasure token.").startswith("token")
    assert refused("X", "{1}", "Sorcery", "Create a 1/1 red Elemental creature token named "
                   "Spark.").startswith("token")


# --- permanents: bounce, exile, regenerate, control, discard, tap, mana -----------------------------

def test_bounce_exile_with_last_known_information_regenerate_and_control():
    (evac,) = imp("Evacuation", "{3}{U}{U}", "Instant",
                  "Return all creatures to their owners' hands.").abilities
    assert evac.effects == (ReturnToHand("each creature"),)
    (stp,) = imp("Swords to Plowshares", "{W}", "Instant",
                 "Exile target creature. Its controller gains life equal to its power.").abilities
    assert stp.effects == (Exile("target"), GainLifeEqualToPower("its controller"))
    (skel,) = imp("Drudge Skeletons", "{1}{B}", "Creature — Skeleton",
                  "{B}: Regenerate Drudge Skeletons.", "1", "1").abilities
    assert (skel.cost, skel.effects) == ("{B}", (Regenerate("self"),))
    (treason,) = imp("Threaten", "{2}{R}", "Sorcery",
                     "Untap target creature and gain control of it until end of turn. That "
                     "creature gains haste until end of turn.").abilities
    assert treason.effects == (Untap("target"), GainControl("target", "end of turn"),
                               GrantKeywords("target", ("haste",), "end of turn"))
    # "to your hand" is not "to its owner's hand"; control with no end; a spell on the stack
    # is not a permanent; exile face down is another effect
    assert refused("X", "{U}", "Instant", "Return target creature to your hand.") == \
        "effect: bounce (to)"
    assert refused("X", "{U}", "Sorcery", "Gain control of target creature.") == \
        "effect: gain control (no duration)"
    assert "permanent" in refused("X", "{U}", "Instant", "Return target spell to its owner's hand.")
    assert refused("X", "{U}", "Instant", "Exile target creature face down.") == \
        "effect: exile (face_down)"


def test_701_19_may_search_for_a_basic_land_and_combat_activation_timings():
    (path,) = imp("Path to Exile", "{W}", "Instant",
                  "Exile target creature. Its controller may search their library for a basic "
                  "land card, put that card onto the battlefield tapped, then shuffle.").abilities
    assert path.effects == (Exile("target"), SearchForBasicLand("its controller", tapped=True))
    (own,) = imp("S", "{1}{G}", "Sorcery", "You may search your library for a basic land card, "
                 "put it onto the battlefield, then shuffle.").abilities
    assert own.effects == (SearchForBasicLand("you", tapped=False),)
    # a search that must be made, or a card put into the hand: SearchLibrary
    (growth,) = imp("Rampant Growth", "{1}{G}", "Sorcery", "Search your library for a basic land "
                    "card, put that card onto the battlefield tapped, then shuffle.").abilities
    assert growth.effects == (SearchLibrary("basic land", to="battlefield", tapped=True),)
    (hand,) = imp("S", "{1}{G}", "Sorcery", "You may search your library for a basic land card, "
                  "put it into your hand, then shuffle.").abilities
    assert hand.effects == (SearchLibrary("basic land", may=True),)
    # an effect after the search decision: refused
    assert refused("S", "{1}{G}", "Sorcery", "You may search your library for a basic land card, "
                   "put it onto the battlefield, then shuffle. Draw a card.") == \
        "effect after a choice made while resolving"
    (ab,) = imp("C", "{1}{R}", "Creature — Human", "{R}: C gets +1/+0 until end of turn. Activate "
                "only during combat.", "1", "1").abilities
    assert ab.timing == "during combat"
    (ab,) = imp("C", "{1}{R}", "Creature — Human", "{R}: C gets +1/+0 until end of turn. Activate "
                "only before blockers are declared.", "1", "1").abilities
    assert ab.timing == "before blockers are declared"


def test_701_16a_reveal_the_top_card_and_put_it_into_the_hand_if_it_is_a_land():
    (guide,) = imp("Goblin Guide", "{R}", "Creature — Goblin Scout",
                   "Haste\nWhenever Goblin Guide attacks, defending player reveals the top card "
                   "of their library. If it's a land card, that player puts it into their hand.",
                   "2", "2").abilities
    assert (guide.at, guide.effects) == ("attacks", (RevealTopCard("defending player", ("Land",)),))
    assert refused("G", "{R}", "Creature — Goblin", "Whenever G attacks, defending player reveals "
                   "the top card of their library. If it's a land card, target player puts it "
                   "into their hand.", "2", "2") == "effect: reveal"


def test_discard_at_random_tap_all_creatures_and_mana_in_spells():
    (hymn,) = imp("Hymn to Tourach", "{B}{B}", "Sorcery",
                  "Target player discards two cards at random.").abilities
    assert (hymn.effects, hymn.targets) == ((DiscardAtRandom("target", 2),), ("player",))
    (rot,) = imp("X", "{B}", "Sorcery", "Target player discards a card.").abilities    # 701.8a
    assert (rot.effects, rot.targets) == ((Discard("target", 1),), ("player",))
    (ritual,) = imp("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.").abilities
    assert ritual.effects == (AddMana("B", 3),)
    (petal,) = imp("Lotus Petal", "{0}", "Artifact",
                   "{T}, Sacrifice Lotus Petal: Add one mana of any color.").abilities
    assert petal == ManaAbility("WUBRG", cost="{T}, Sacrifice ~")
    # a mana ability is never an ability that uses the stack (605.1a)
    # one whose cost is more than {T} is activated by the player
    (stone,) = imp("X", "{1}", "Artifact", "{1}, {T}: Add {G}{G}.").abilities
    assert stone == ManaAbility("G", 2, cost="{1}, {T}")
    assert refused("X", "{1}", "Artifact", "Sacrifice a creature: Add {G}.") == \
        "mana ability with a cost other than {T}"
    assert refused("X", "{1}", "Artifact", "{T}: Add {G}. You gain 1 life.") == \
        "mana ability with another effect or cost"


# --- keywords and combat statics ----------------------------------------------------------------

def test_702_16_protection_702_108_prowess_702_21_banding():
    knight = imp("White Knight", "{W}{W}", "Creature — Human Knight",
                 "First strike\nProtection from black", "2", "2")
    assert (knight.keywords, knight.protection) == (("first strike",), ("black",))
    angel = imp("Baneslayer Angel", "{3}{W}{W}", "Creature — Angel",
                "Flying, first strike, lifelink, protection from Demons and from Dragons", "5", "5")
    assert angel.protection == ("Demons", "Dragons")
    spear = imp("Monastery Swiftspear", "{R}", "Creature — Human Monk", "Haste\nProwess", "1", "2")
    assert spear.keywords == ("haste", "prowess")
    hero = imp("Benalish Hero", "{W}", "Creature — Human Soldier", "Banding", "1", "1")
    assert hero.combat == ("banding",)
    assert refused("X", "{W}", "Creature — Cat", "Protection from Humans", "1", "1") == \
        "keyword: protection from Human"
    assert refused("X", "{W}", "Creature — Cat", "Protection from enchantments", "1", "1") == \
        "keyword: protection from enchantment"


def test_508_1c_509_1b_restrictions_of_the_card_itself():
    jug = imp("Juggernaut", "{4}", "Artifact Creature — Juggernaut",
              "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
              "5", "3")
    assert jug.combat == ("attacks each combat if able", "can't be blocked by Walls")
    assert imp("Mogg Flunkies", "{2}{R}", "Creature — Goblin",
               "Mogg Flunkies can't attack or block alone.", "3", "3").combat == \
        ("can't attack alone", "can't block alone")
    assert imp("W", "{1}{W}", "Creature — Wall", "Defender\nW can block an additional creature "
               "each combat.", "0", "4").combat == ("can block an additional creature",)
    assert imp("Dread Warlock", "{1}{B}{B}", "Creature — Human Wizard Warlock", "Dread Warlock "
               "can't be blocked except by black creatures.", "2", "2").combat == \
        ("can't be blocked except by black creatures",)
    assert refused("D", "{1}{B}", "Creature — Human", "D can't be blocked except by black or red "
                   "creatures.", "2", "2").startswith("static")
    # another creature's restriction, or one with a duration, is not the card's own
    assert refused("X", "{R}", "Creature — Goblin", "X can't be blocked by Goblins.", "1", "1") \
        .startswith("static")
    assert refused("X", "{R}", "Enchantment — Aura",
                   "Enchant creature\nEnchanted creature can't be blocked by Walls.") \
        .startswith("static")


def test_508_1g_509_1d_attack_and_block_costs_and_508_1c_509_1b_caps():
    prison = imp("Ghostly Prison", "{2}{W}", "Enchantment",
                 "Creatures can't attack you unless their controller pays {2} for each creature "
                 "they control that's attacking you.")
    assert prison.combat == ("creatures can't attack you unless their controller pays {2} for "
                             "each creature they control that's attacking you",)
    tithes = imp("Archangel of Tithes", "{1}{W}{W}{W}", "Creature — Angel",
                 "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you "
                 "or planeswalkers you control unless their controller pays {1} for each of those "
                 "creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block "
                 "unless their controller pays {1} for each of those creatures.", "3", "5")
    assert tithes.combat[1] == ("as long as ~ is attacking, creatures can't block unless their "
                                "controller pays {1} for each of those creatures")
    brainwash = imp("Brainwash", "{W}", "Enchantment — Aura", "Enchant creature\nEnchanted "
                    "creature can't attack unless its controller pays {3}.")
    assert brainwash.combat == ("enchanted creature can't attack unless its controller pays {3}",)
    arbiter = imp("Silent Arbiter", "{4}", "Artifact Creature — Construct",
                  "No more than one creature can attack each combat.\nNo more than one creature "
                  "can block each combat.", "1", "5")
    assert arbiter.combat == ("no more than {1} creatures can attack each combat",
                              "no more than {1} creatures can block each combat")
    # another condition, a block cost with no condition, a cost other than generic mana
    assert refused("A", "{3}{W}", "Creature — Angel", "As long as A is tapped, creatures can't "
                   "attack you or planeswalkers you control unless their controller pays {1} for "
                   "each of those creatures.", "3", "5") == "static: attack you or planeswalkers " \
                                                            "cost as long as tapped"
    assert refused("E", "{3}{W}", "Enchantment", "Creatures can't block unless their controller "
                   "pays {1} for each of those creatures.") == "static: block cost"
    assert refused("E", "{3}{W}", "Enchantment", "Creatures can't attack you unless their "
                   "controller pays {W} for each creature they control that's attacking you.") == \
        "static: attack you cost"


def test_502_3_an_aura_that_keeps_the_enchanted_creature_tapped():
    dehydration = imp("Dehydration", "{3}{U}", "Enchantment — Aura", "Enchant creature\nEnchanted "
                      "creature doesn't untap during its controller's untap step.")
    assert (dehydration.enchant, dehydration.attached_keywords) == ("creature", ("doesn't untap",))
    assert refused("D", "{3}{U}", "Enchantment — Aura", "Enchant creature\nEnchanted creature "
                   "doesn't untap during your untap step.") == "static: doesn't untap"


def test_dehydration_keeps_the_creature_tapped_in_a_game():
    card = imp("Dehydration", "{3}{U}", "Enchantment — Aura", "Enchant creature\nEnchanted "
               "creature doesn't untap during its controller's untap step.")
    db = CardDB([*ALL_CARDS, card]) if "Dehydration" not in {c.name for c in ALL_CARDS} \
        else CardDB(ALL_CARDS)
    game = Game([Deck.parse("60 Island"), Deck.parse("60 Forest")], seed=2, cards=db,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.set_object(bears, tapped=1)
    game.create_card("Dehydration", 0, Zone.BATTLEFIELD, attached_to=bears)
    game.pass_to(Step.MAIN, 1)                 # player 1's untap step has passed
    assert game.obj(bears)["tapped"]


# --- triggers: cast (601.2i) and combat (508.2, 509.4, 510.3) --------------------------------------

@pytest.mark.parametrize("text, at, effects", [
    ("Whenever X blocks, it gets +2/+2 until end of turn.", "blocks", (Pump("self", 2, 2),)),
    ("Whenever X blocks a creature, that creature doesn't untap during its controller's next "
     "untap step.", "blocks a creature", None),
    ("Whenever X becomes blocked by a creature, X deals 1 damage to that creature.",
     "becomes blocked by a creature", (Damage("that creature", 1),)),
    ("Whenever X attacks and isn't blocked, it gets +2/+0 until end of combat.",
     "attacks and isn't blocked", (Pump("self", 2, 0, "end of combat"),)),
    ("Whenever X deals combat damage to a player, draw a card.",
     "deals combat damage to a player", (Draw("you", 1),)),
    ("Whenever X deals damage to an opponent, that player discards a card at random.",
     "deals damage to an opponent", (DiscardAtRandom("that player", 1),)),
    ("Whenever X attacks, it gets +0/+3 until end of turn.", "attacks", (Pump("self", 0, 3),)),
])
def test_509_4_510_3_combat_triggers_of_the_card_itself(text, at, effects):
    (ab,) = imp("X", "{2}", "Creature — Bear", text, "2", "2").abilities
    assert ab.at == at
    if effects is not None:
        assert ab.effects == effects


def test_combat_trigger_effects_for_each_blocker_put_attacking_and_skip_a_combat_phase():
    (elephant,) = imp("Rabid Elephant", "{4}{G}", "Creature — Elephant",
                      "Whenever Rabid Elephant becomes blocked, it gets +2/+2 until end of turn "
                      "for each creature blocking it.", "3", "4").abilities
    assert elephant.effects == (PumpForEach("self", 2, 2, "creature blocking it"),)
    (guardian,) = imp("G", "{4}{W}", "Creature — Angel", "Whenever G blocks, it gets +1/+1 until "
                      "end of turn for each creature it's blocking.", "3", "3").abilities
    assert guardian.effects == (PumpForEach("self", 1, 1, "creature it's blocking"),)
    (captain,) = imp("Preeminent Captain", "{2}{W}", "Creature — Kithkin Soldier",
                     "First strike\nWhenever Preeminent Captain attacks, you may put a Soldier "
                     "creature card from your hand onto the battlefield tapped and attacking.",
                     "2", "2").abilities
    assert captain.effects == (PutFromHandAttacking("Soldier"),)
    (angel,) = imp("Blinding Angel", "{3}{W}{W}", "Creature — Angel",
                   "Whenever Blinding Angel deals combat damage to a player, that player skips "
                   "their next combat phase.", "2", "4").abilities
    assert angel.effects == (SkipNextPhase("that player", "combat"),)
    lure = imp("Lure", "{1}{G}{G}", "Enchantment — Aura",
               "Enchant creature\nAll creatures able to block enchanted creature do so.")
    assert lure.combat == ("enchanted creature: all creatures able to block it do so",)
    # for each creature you control; a subtype the core doesn't know; a main phase of the two
    (e,) = imp("E", "{4}{G}", "Creature — Elephant", "Whenever E becomes blocked, it gets "
               "+1/+1 until end of turn for each creature you control.", "3", "4").abilities
    assert e.effects == (ForEach("creature you control", Pump("self", 1, 1)),)   # 608.2h
    assert refused("C", "{2}{W}", "Creature — Elf", "Whenever C attacks, you may put an Elf "
                   "creature card from your hand onto the battlefield tapped and attacking.",
                   "2", "2") == "effect: put onto the battlefield attacking"
    assert refused("A", "{3}{W}", "Creature — Angel", "Whenever A deals combat damage to a "
                   "player, that player skips their next main phase.", "2", "4") == "step: main"


def test_601_2i_cast_triggers_and_that_player():
    (zealot,) = imp("Ash Zealot", "{R}{R}", "Creature — Human Warrior",
                    "Whenever a player casts a spell from a graveyard, Ash Zealot deals 3 damage "
                    "to that player.", "2", "2").abilities
    assert (zealot.at, zealot.whose, zealot.spell, zealot.effects) == \
        ("cast", "a player", ("from a graveyard",), (Damage("that player", 3),))
    (soldier,) = imp("S", "{W}", "Creature — Human Soldier", "Whenever an opponent casts a "
                     "multicolored spell, you gain 1 life.", "2", "1").abilities
    assert (soldier.whose, soldier.spell, soldier.effects) == \
        ("an opponent", ("multicolored",), (GainLife("you", 1),))
    # a spell quality the language lacks; another creature's trigger; "that creature"
    # when both the event and a target could be meant; defending player outside an attack
    assert refused("X", "{R}", "Creature — Elf", "Whenever you cast an instant or sorcery spell, "
                   "X gets +1/+1 until end of turn.", "1", "1").startswith("trigger: cast")
    assert refused("X", "{R}", "Creature — Elf", "Whenever another creature you control attacks, "
                   "it gets +1/+1 until end of turn.", "1", "1").startswith("trigger: attacks")
    assert refused("X", "{R}", "Creature — Elf", "Whenever X blocks a creature, target creature "
                   "gets +1/+1 until end of turn. That creature gains flying until end of turn.",
                   "1", "1") == "reference: that creature (the event's or the target)"
    assert refused("X", "{R}", "Creature — Elf", "Whenever X blocks, defending player loses "
                   "1 life.", "1", "1") == "reference: defending player"


# --- the imported cards in games --------------------------------------------------------------------

GAME_CARDS = [
    ("Spell Pierce", "{U}", "Instant", "Counter target noncreature spell unless its controller "
     "pays {2}."),
    ("Cryptic Command", "{1}{U}{U}{U}", "Instant", "Choose two —\n• Counter target spell.\n• "
     "Return target permanent to its owner's hand.\n• Tap all creatures your opponents "
     "control.\n• Draw a card."),
    ("Evacuation", "{3}{U}{U}", "Instant", "Return all creatures to their owners' hands."),
    ("Raise the Alarm", "{1}{W}", "Instant", "Create two 1/1 white Soldier creature tokens."),
    ("Lingering Souls", "{2}{W}", "Sorcery", "Create two 1/1 white Spirit creature tokens with "
     "flying.\nFlashback {1}{B}"),
    ("Swords to Plowshares", "{W}", "Instant", "Exile target creature. Its controller gains life "
     "equal to its power."),
    ("Blaze", "{X}{R}", "Sorcery", "Blaze deals X damage to any target."),
    ("Burst Lightning", "{R}", "Instant", "Kicker {4}\nBurst Lightning deals 2 damage to any "
     "target. If this spell was kicked, it deals 4 damage instead."),
    ("Firebolt", "{R}", "Sorcery", "Firebolt deals 2 damage to any target.\nFlashback {4}{R}"),
    ("Threaten", "{2}{R}", "Sorcery", "Untap target creature and gain control of it until end "
     "of turn. That creature gains haste until end of turn."),
    ("Hymn to Tourach", "{B}{B}", "Sorcery", "Target player discards two cards at random."),
    ("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}."),
    ("Village Rites", "{B}", "Instant", "As an additional cost to cast this spell, sacrifice a "
     "creature.\nDraw two cards."),
    ("Confirm Suspicions", "{3}{U}{U}", "Instant", "Counter target spell.\nInvestigate three times."),
    ("Censor", "{1}{U}", "Instant", "Counter target spell unless its controller pays {1}.\n"
     "Cycling {U}"),
]
GAME_CREATURES = [
    ("White Knight", "{W}{W}", "Creature — Human Knight", "First strike\nProtection from black",
     "2", "2"),
    ("Monastery Swiftspear", "{R}", "Creature — Human Monk", "Haste\nProwess", "1", "2"),
    ("Thieving Magpie", "{2}{U}{U}", "Creature — Bird", "Flying\nWhenever Thieving Magpie deals "
     "damage to an opponent, draw a card.", "1", "3"),
    ("Drudge Skeletons", "{1}{B}", "Creature — Skeleton", "{B}: Regenerate Drudge Skeletons.",
     "1", "1"),
    ("Mystic Snake", "{1}{G}{U}{U}", "Creature — Snake", "Flash\nWhen Mystic Snake enters the "
     "battlefield, counter target spell.", "2", "2"),
    ("Juggernaut", "{4}", "Artifact Creature — Juggernaut", "Juggernaut attacks each combat if "
     "able.\nJuggernaut can't be blocked by Walls.", "5", "3"),
    ("Giant Badger", "{1}{G}{G}", "Creature — Badger", "Whenever Giant Badger blocks, it gets "
     "+2/+2 until end of turn.", "2", "2"),
]


@pytest.fixture(scope="module")
def game_db():
    cards = [imp(*c) for c in GAME_CARDS] + [imp(*c) for c in GAME_CREATURES]
    basics = [c for c in ALL_CARDS if c.name in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    return CardDB(basics + cards)


def test_imported_language_cards_resolve_in_a_game(game_db):
    """Blaze for X=3 and Raise the Alarm, cast by hand: X is chosen as it is cast, the tokens
    are created."""
    game = Game([Deck.parse("60 Mountain"), Deck.parse("60 Plains")], seed=4, cards=game_db,
                mulligans=False, starting_player=0)
    game.pass_to(Step.MAIN, 0)
    for _ in range(4):
        game.create_card("Mountain", 0, Zone.BATTLEFIELD)
    blaze = game.create_card("Blaze", 0, Zone.HAND)
    game.cast(blaze, game.player_target(1), x=3)
    game.pass_priority(); game.pass_priority()
    assert game.life(1) == 17


def test_imported_language_cards_play_random_games_without_errors(game_db):
    names = [c[0] for c in GAME_CARDS + GAME_CREATURES]
    deck = Deck("imported language", tuple([(5, "Island"), (5, "Plains"), (5, "Swamp"),
                                            (5, "Mountain"), (4, "Forest")] +
                                           [(2, n) for n in names]))
    res = play_random_games(deck, deck, 30, seed=11, cards=game_db, max_turns=40)
    assert not np.any(res[:, 0] == Result.ABORTED)
    assert np.mean(res[:, 0] == Result.WIN) > 0.3
