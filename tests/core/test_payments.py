"""Payments made while a spell or ability resolves: "<effect>
unless you pay {M}" / "... unless you pay N life" and "you may pay {M}. If you do, <effect>"
(118.1, 118.3, 119.4, 608.2d) -- real cards imported from their Oracle text and played: the
player who would pay decides (Decision.MAY, "do it" = pay), "pay" is offered only when the
cost can be paid, the effect happens only as the text says; saved games keep the pending
choice and an illegal answer changes nothing."""
from __future__ import annotations

import re

import pytest

from mtg_core import Action, ActionKind, Deck, Game, IllegalActionError, Result, Step, Zone
from mtg_core.cards import (Card, CardDB, CardScriptError, Draw, May, Pay, Sacrifice,
                            SpellAbility, TriggeredAbility, Unless)
from mtg_core.enums import Decision
from mtg_core.library import ALL_CARDS
from mtg_core.oracle import import_card

from oracle_helpers import imported_oracle

# exact Oracle data of the corpus (mana cost, type line, text, power, toughness)
REAL = {
    "Phantasmal Forces": ("{3}{U}", "Creature — Illusion",
                          "Flying\nAt the beginning of your upkeep, sacrifice Phantasmal Forces "
                          "unless you pay {U}.", "4", "1"),
    "Carnophage": ("{B}", "Creature — Zombie",
                   "At the beginning of your upkeep, tap Carnophage unless you pay 1 life.", "2", "2"),
    "Force of Nature": ("{2}{G}{G}{G}{G}", "Creature — Elemental",
                        "Trample (This creature can deal excess combat damage to the player or "
                        "planeswalker it's attacking.)\nAt the beginning of your upkeep, Force of "
                        "Nature deals 8 damage to you unless you pay {G}{G}{G}{G}.", "8", "8"),
    "Hasran Ogress": ("{B}{B}", "Creature — Ogre",
                      "Whenever Hasran Ogress attacks, it deals 3 damage to you unless you pay {2}.",
                      "3", "2"),
    "Goblin War Wagon": ("{4}", "Artifact Creature — Juggernaut",
                         "Goblin War Wagon doesn't untap during your untap step.\nAt the beginning "
                         "of your upkeep, you may pay {2}. If you do, untap Goblin War Wagon.",
                         "3", "3"),
    "Merfolk Seer": ("{2}{U}", "Creature — Merfolk Wizard",
                     "When Merfolk Seer dies, you may pay {1}{U}. If you do, draw a card.", "2", "2"),
    "Inheritance": ("{W}", "Enchantment",
                    "Whenever a creature dies, you may pay {3}. If you do, draw a card."),
}


def imported(name: str, text: str | None = None):
    cost, type_line, oracle, *pt = REAL[name]
    return import_card(name, cost, type_line, oracle if text is None else text, *pt)


@pytest.fixture(scope="module")
def db():
    cards = [imported_oracle(n, *REAL[n]) for n in REAL]
    return CardDB([*[c for c in ALL_CARDS if c.name not in REAL], *cards])


def game(db, seed=5) -> Game:
    g = Game([Deck.parse("60 Island"), Deck.parse("60 Swamp")], seed=seed, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def to_choice(g: Game) -> None:
    """Pass until a "you may" / "unless" choice (Decision.MAY) comes up."""
    for _ in range(500):
        d = g.decision
        if d.kind == Decision.MAY:
            return
        if d.kind == Decision.ORDER_TRIGGERS:
            g.apply(g.legal_actions()[0])
        else:
            g.pass_until(lambda g: g.decision.kind in (Decision.MAY, Decision.ORDER_TRIGGERS))
    raise AssertionError("no choice came up")


def answers(g: Game) -> set:
    return {a.kind for a in g.legal_actions()}


YES, NO = Action.make(ActionKind.MAY_YES), Action.make(ActionKind.MAY_NO)


# --- "unless you pay" -------------------------------------------------------------------------

def test_608_2d_sacrifice_unless_you_pay_paid_keeps_it(db):
    g = game(db)
    forces = g.create_card("Phantasmal Forces", 0, Zone.BATTLEFIELD)
    island = g.create_card("Island", 0, Zone.BATTLEFIELD)
    to_choice(g)
    assert (g.step, g.active_player, g.decision.player) == (Step.UPKEEP, 0, 0)
    assert answers(g) == {ActionKind.MAY_YES, ActionKind.MAY_NO}
    g.apply(YES)                                   # pay {U}: the Island is tapped for it
    assert forces in g.battlefield(0) and g.obj(island)["tapped"]
    assert any("pays 1 mana (118.1)" in line for line in g.log)


def test_608_2d_sacrifice_unless_you_pay_declined_sacrifices_it(db):
    g = game(db)
    forces = g.create_card("Phantasmal Forces", 0, Zone.BATTLEFIELD)
    island = g.create_card("Island", 0, Zone.BATTLEFIELD)
    to_choice(g)
    g.apply(NO)
    assert forces not in g.battlefield(0) and g.find("Phantasmal Forces", Zone.GRAVEYARD, 0)
    assert not g.obj(island)["tapped"]


def test_118_3_a_cost_that_cant_be_paid_is_not_offered(db):
    """No blue source: "pay" is not an answer, and answering it anyway changes nothing."""
    g = game(db)
    g.create_card("Phantasmal Forces", 0, Zone.BATTLEFIELD)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    to_choice(g)
    assert answers(g) == {ActionKind.MAY_NO}
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(YES)
    assert g.save() == before
    g.apply(NO)
    assert not g.find("Phantasmal Forces", Zone.BATTLEFIELD)


def test_119_4_tap_unless_you_pay_life(db):
    g = game(db)
    carno = g.create_card("Carnophage", 0, Zone.BATTLEFIELD)
    to_choice(g)
    g.apply(YES)                                   # pay 1 life
    assert g.life(0) == 19 and not g.obj(carno)["tapped"]
    g.pass_to(Step.MAIN, 0)
    to_choice(g)                                   # the next upkeep: don't pay
    g.apply(NO)
    assert g.life(0) == 19 and g.obj(carno)["tapped"]


def test_119_4_life_can_be_paid_only_up_to_the_life_total(db):
    g = game(db)
    g.create_card("Carnophage", 0, Zone.BATTLEFIELD)
    g.set_player(0, life=1)
    to_choice(g)
    assert ActionKind.MAY_YES in answers(g)        # 1 life of 1: it can be paid (119.4)
    g2 = game(db)
    g2.create_card("Carnophage", 0, Zone.BATTLEFIELD)
    g2.create_card("Carnophage", 0, Zone.BATTLEFIELD)
    g2.set_player(0, life=1)
    to_choice(g2)
    g2.apply(YES)                                  # the first one is paid for: 0 life left
    assert g2.life(0) == 0


def test_608_2d_damage_unless_you_pay_coloured_mana(db):
    g = game(db)
    g.create_card("Force of Nature", 0, Zone.BATTLEFIELD)
    for _ in range(3):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    to_choice(g)
    assert answers(g) == {ActionKind.MAY_NO}       # three Forests can't pay {G}{G}{G}{G}
    g.apply(NO)
    assert g.life(0) == 12                         # 8 damage from Force of Nature (120.3a)
    g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.MAIN, 0)
    to_choice(g)
    g.apply(YES)
    assert g.life(0) == 12 and all(g.obj(o)["tapped"] for o in g.find("Forest", Zone.BATTLEFIELD, 0))


def test_508_attack_trigger_damage_unless_you_pay(db):
    g = game(db)
    ogress = g.create_card("Hasran Ogress", 0, Zone.BATTLEFIELD)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.MAIN, 0, turn=3)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({ogress: Game.player_target(1)})
    to_choice(g)
    g.apply(YES)
    assert g.life(0) == 20
    g.pass_to(Step.MAIN, 0, turn=5)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({ogress: Game.player_target(1)})
    to_choice(g)
    g.apply(NO)
    assert g.life(0) == 17


# --- "you may pay {M}. If you do, ..." ------------------------------------------------------------

def test_608_2d_may_pay_if_you_do_untap(db):
    g = game(db)
    wagon = g.create_card("Goblin War Wagon", 0, Zone.BATTLEFIELD)
    g.set_object(wagon, tapped=1)
    lands = [g.create_card("Island", 0, Zone.BATTLEFIELD) for _ in range(2)]
    to_choice(g)
    g.apply(YES)
    assert not g.obj(wagon)["tapped"] and all(g.obj(o)["tapped"] for o in lands)


def test_608_2d_may_pay_declined_or_unpayable_does_nothing(db):
    g = game(db)
    wagon = g.create_card("Goblin War Wagon", 0, Zone.BATTLEFIELD)
    g.set_object(wagon, tapped=1)
    g.create_card("Island", 0, Zone.BATTLEFIELD)            # one land: {2} can't be paid
    to_choice(g)
    assert answers(g) == {ActionKind.MAY_NO}
    g.apply(NO)
    assert g.obj(wagon)["tapped"]                           # 502.3: it doesn't untap either


def test_603_10a_dies_trigger_may_pay_draw(db):
    g = game(db)
    seer = g.create_card("Merfolk Seer", 0, Zone.BATTLEFIELD)
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    g.create_card("Island", 0, Zone.BATTLEFIELD)
    hand = len(g.hand(0))
    g.set_object(seer, damage=2)                            # lethal damage (704.5g): it dies
    g.check_state_based_actions()
    to_choice(g)
    saved = g.save()                                        # the pending choice is saved
    again = Game.load(saved, cards=db)
    assert again.decision.kind == Decision.MAY
    g.apply(YES)
    assert len(g.hand(0)) == hand + 1
    again.apply(NO)
    assert len(again.hand(0)) == hand


# --- the card language --------------------------------------------------------------------------

def test_imported_payments_are_what_the_text_says():
    trig = imported("Phantasmal Forces").card.abilities[-1]
    assert trig.effects == (Unless("{U}", Sacrifice("self")),)
    (trig,) = imported("Merfolk Seer").card.abilities
    assert trig.effects == (May(Pay("{1}{U}"), Draw("you", 1)),)


@pytest.mark.parametrize("make, words", [
    (lambda: Unless("{X}", Sacrifice("self")), "no {X}"),
    (lambda: Unless("{0}", Sacrifice("self")), "more than {0}"),
    (lambda: Unless("{W/B}", Sacrifice("self")), "hybrid"),
    (lambda: Unless("0 life", Sacrifice("self")), "life to pay"),
    (lambda: Unless("{1}"), "no effect"),
    (lambda: Unless("{1}", Sacrifice("self"), who="each player"), "one player"),
    (lambda: May(Pay("{1}", who="each player"), Draw("you", 1)), "one player"),
])
def test_bad_payments_fail_at_definition(make, words):
    with pytest.raises(CardScriptError, match=re.escape(words)):
        CardDB([Card("Test Bad Payment", "{1}", ("Sorcery",), abilities=(SpellAbility(make()),))])


def test_pay_outside_the_head_of_a_choice_is_refused():
    """Pay needs the check of a choice ("do it" only if payable): on its own or after
    another effect it is refused when the card is compiled."""
    for ab in (SpellAbility(Pay("{1}"), Draw("you", 1)),
               SpellAbility(May(Draw("you", 1), Pay("{1}")))):
        with pytest.raises(CardScriptError):
            CardDB([Card("Test Loose Payment", "{1}", ("Sorcery",), abilities=(ab,))])


def test_random_games_with_payment_cards(db):
    from mtg_core import play_random_games
    deck = Deck.parse("20 Island\n20 Forest\n4 Phantasmal Forces\n4 Carnophage\n4 Goblin War Wagon\n"
                      "4 Merfolk Seer\n4 Inheritance")
    rows = play_random_games(deck, deck, 40, seed=3, cards=db)
    assert len(rows) == 40 and Result.ABORTED not in set(rows[:, 0].tolist())


# --- intervening "if ~ is untapped" (603.4) ------------------------------------------------------

def test_603_4_intervening_if_the_source_is_untapped():
    """Nim Abomination: "At the beginning of your end step, if Nim Abomination is untapped,
    you lose 3 life." -- checked as it triggers (tapped: no trigger) and as it resolves."""
    r = import_card("Nim Abomination", "{2}{B}", "Creature — Zombie",
                    "At the beginning of your end step, if Nim Abomination is untapped, you lose "
                    "3 life.", "3", "4")
    assert r.ok, r.refusals
    from mtg_core.cards import InterveningIf, LoseLife, SelfTapped
    assert r.card.abilities[0].effects == (InterveningIf(SelfTapped(False), LoseLife("you", 3)),)
    db = CardDB([*ALL_CARDS, r.card])
    g = game(db)
    nim = g.create_card("Nim Abomination", 0, Zone.BATTLEFIELD)
    g.pass_to(Step.END, 0)
    g.pass_until(lambda g: not g.stack())
    assert g.life(0) == 17                                  # untapped: 3 life lost
    g.pass_to(Step.MAIN, 0)
    g.set_object(nim, tapped=1)
    g.pass_to(Step.END, 0)
    assert g.life(0) == 17                                  # tapped: it didn't trigger


def test_603_4_an_intervening_if_keeps_a_trigger_on_other_objects():
    """"Whenever a nontoken creature enters, if ~ is untapped, ..." stays a trigger on
    other creatures entering (it was read as ~'s own "enters" trigger)."""
    from mtg_core.cards import ZoneChangeTrigger
    r = import_card("Tester", "{2}", "Creature — Test",
                    "Whenever a nontoken creature enters the battlefield, if Tester is untapped, "
                    "draw a card.", "2", "2")
    (trig,) = r.card.abilities
    assert isinstance(trig, ZoneChangeTrigger) and trig.subject == "a nontoken creature"
