"""Combat triggers: abilities that trigger as blockers are declared (509.4a-g) and on
combat damage or damage to an opponent (510.3), with "that creature" / "that player"
naming the other party of the event (603.2); the cards of mtg_core.library.combat_triggers
that use them."""
from __future__ import annotations

from mtg_core import Card, Game
from mtg_core.cards import Damage, DoesntUntapNextUntapStep, GainLife, TriggeredAbility
from mtg_core.enums import Decision, Phase, Step, Zone

from combat_helpers import P1, TEST_CARDS

CARDS = TEST_CARDS.extended([
    # 509.4b with a creature that can block two: the trigger once per attacker it blocks
    Card("Test Double Minotaur", "{1}", ("Creature",), power=0, toughness=6,
         combat=("can block an additional creature",),
         abilities=(TriggeredAbility("blocks a creature", DoesntUntapNextUntapStep("that creature")),)),
    # 509.4a: "blocks" once, however many it blocks
    Card("Test Double Badger", "{1}", ("Creature",), power=0, toughness=6,
         combat=("can block an additional creature",),
         abilities=(TriggeredAbility("blocks", GainLife("you", 1)),)),
    Card("Test Damage Fox", "{1}", ("Creature",), power=2, toughness=2,
         keywords=("double strike",),
         abilities=(TriggeredAbility("deals combat damage to a player", GainLife("you", 1)),)),
    Card("Test Creature Biter", "{1}", ("Creature",), power=4, toughness=5,
         combat=("can block an additional creature",),
         abilities=(TriggeredAbility("deals combat damage to a creature",
                                     Damage("that creature", 1)),)),
])


def game(p0=(), p1=(), hand1=(), lib=True):
    """P0 at the declare attackers decision of turn 2 (P0's second turn is turn 3; turn 1
    is P0's first: no summoning sickness for what is created on the battlefield)."""
    g = Game(["bears", "bears"], seed=5, cards=CARDS, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    for n in hand1:
        g.create_card(n, 1, Zone.HAND)
    g.pass_until(lambda gg: gg.decision and gg.decision.kind == Decision.DECLARE_ATTACKERS)
    return g, a, b


def block(g, attacks, blocks):
    """Declare these attacks and blocks ({blocker: attacker or [attackers]}); take the
    default damage assignment orders; stop when a player next gets priority."""
    g.declare_attackers(attacks)
    g.pass_until(lambda gg: gg.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers(blocks)
    while g.decision.kind == Decision.DAMAGE_ORDER:
        g.apply(g.legal_actions()[0])


def triggers_on_stack(g):
    """Take the default split of any combat damage being assigned (510.1c-d), put pending
    triggers on the stack (each player's in the default order) and return the stack's
    triggered abilities, bottom to top."""
    while g.decision.kind in (Decision.ASSIGN_DAMAGE, Decision.ORDER_TRIGGERS):
        g.apply(g.legal_actions()[0])
    return [s for s in g.stack() if s["kind"] == 3]


def resolve_all(g):
    while g.stack() or g.decision.kind == Decision.ORDER_TRIGGERS:
        if g.decision.kind == Decision.ORDER_TRIGGERS:
            g.apply(g.legal_actions()[0])
        else:
            g.pass_priority()


def to_end_of_combat(g):
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT)


# --- 509.4a "whenever ~ blocks" -----------------------------------------------------------

def test_509_4a_blocks_triggers_once_however_many_creatures_it_blocks():
    g, (x, y), (badger,) = game(["Grizzly Bears", "Grizzly Bears"], ["Test Double Badger"])
    block(g, {x: P1, y: P1}, {badger: [x, y]})
    assert len(triggers_on_stack(g)) == 1
    resolve_all(g)
    assert g.life(1) == 21


def test_509_4a_guardian_of_the_gateless_gets_plus_one_for_each_creature_it_blocks():
    """Guardian of the Gateless: "Whenever ~ blocks, it gets +1/+1 until end of turn for
    each creature it's blocking" -- one trigger, counted as it resolves."""
    g, att, (guardian,) = game(["Grizzly Bears", "Grizzly Bears", "Hill Giant"],
                               ["Guardian of the Gateless"])
    block(g, {o: P1 for o in att}, {guardian: att})
    assert len(triggers_on_stack(g)) == 1
    resolve_all(g)
    assert g.power_toughness(guardian) == (6, 6)
    to_end_of_combat(g)
    # 6 damage: lethal to each Bear in order, the rest to the Giant (509.2, 510.1c); 7 back
    assert att[0] in g.graveyard(0) and att[1] in g.graveyard(0)
    assert guardian in g.graveyard(1)


def test_509_4a_giant_badger_gets_plus_two_only_when_it_blocks():
    g, (bear,), (badger,) = game(["Grizzly Bears"], ["Giant Badger"])
    block(g, {bear: P1}, {})
    assert triggers_on_stack(g) == []
    assert g.power_toughness(badger) == (2, 2)
    g2, (bear2,), (badger2,) = game(["Grizzly Bears"], ["Giant Badger"])
    block(g2, {bear2: P1}, {badger2: bear2})
    resolve_all(g2)
    assert g2.power_toughness(badger2) == (4, 4)


# --- 509.4b "whenever ~ blocks a creature" ------------------------------------------------

def test_509_4b_blocks_a_creature_triggers_once_per_attacker_with_that_creature():
    g, (x, y), (mino,) = game(["Grizzly Bears", "Grizzly Bears"], ["Test Double Minotaur"])
    block(g, {x: P1, y: P1}, {mino: [x, y]})
    trig = triggers_on_stack(g)
    assert sorted(t["event_ref"] for t in trig) == sorted([x, y])
    resolve_all(g)
    # each attacker doesn't untap during P0's next untap step (that creature, 603.2)
    g.pass_until(lambda gg: gg.turn == 3 and gg.step == Step.UPKEEP)
    assert g.obj(x)["tapped"] and g.obj(y)["tapped"]


def test_509_4b_labyrinth_minotaur_freezes_the_creature_it_blocks():
    g, (bear, other), (mino,) = game(["Grizzly Bears", "Grizzly Bears"], ["Labyrinth Minotaur"])
    block(g, {bear: P1, other: P1}, {mino: bear})
    resolve_all(g)
    g.pass_until(lambda gg: gg.turn == 3 and gg.step == Step.UPKEEP)
    assert g.obj(bear)["tapped"] == 1 and g.obj(other)["tapped"] == 0


# --- 509.4c "whenever ~ becomes blocked" ----------------------------------------------------

def test_509_4c_becomes_blocked_triggers_once_rabid_elephant_counts_its_blockers():
    """Rabid Elephant: one trigger for two blockers; +2/+2 for each creature blocking it."""
    g, (ele,), (b1, b2) = game(["Rabid Elephant"], ["Grizzly Bears", "Llanowar Elves"])
    block(g, {ele: P1}, {b1: ele, b2: ele})
    assert len(triggers_on_stack(g)) == 1
    resolve_all(g)
    assert g.power_toughness(ele) == (7, 8)


def test_509_4c_no_trigger_when_unblocked():
    g, (ele,), (b1,) = game(["Rabid Elephant"], ["Grizzly Bears"])
    block(g, {ele: P1}, {})
    assert triggers_on_stack(g) == []


# --- 509.4d "whenever ~ becomes blocked by a creature" --------------------------------------

def test_509_4d_blocked_by_a_creature_triggers_once_per_blocker_cave_tiger():
    g, (tiger,), (b1, b2) = game(["Cave Tiger"], ["Grizzly Bears", "Llanowar Elves"])
    block(g, {tiger: P1}, {b1: tiger, b2: tiger})
    assert sorted(t["event_ref"] for t in triggers_on_stack(g)) == sorted([b1, b2])
    resolve_all(g)
    assert g.power_toughness(tiger) == (4, 4)


def test_509_4d_kolaghan_aspirant_damages_that_creature():
    g, (asp,), (elves, bear) = game(["Kolaghan Aspirant"], ["Llanowar Elves", "Grizzly Bears"])
    block(g, {asp: P1}, {elves: asp})
    resolve_all(g)
    assert elves in g.graveyard(1)               # 1 damage to the 1/1 that blocked it
    assert g.obj(bear)["damage"] == 0
    assert any(line.startswith("Kolaghan Aspirant") and "deals 1 damage to Llanowar" in line for line in g.log)


def test_603_2_that_creature_gone_the_effect_does_nothing():
    """The blocker left before the trigger resolved: "that creature" names nothing."""
    g, (asp,), (elves,) = game(["Kolaghan Aspirant"], ["Llanowar Elves"])
    block(g, {asp: P1}, {elves: asp})
    triggers_on_stack(g)
    g.move(elves, Zone.GRAVEYARD)
    g.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    before = g.life(1)
    resolve_all(g)
    assert g.life(1) == before and not any("deals 1 damage" in line for line in g.log)


# --- 509.4g "whenever ~ attacks and isn't blocked" ------------------------------------------

def test_509_4g_murk_dwellers_unblocked_gets_plus_two_until_end_of_combat():
    g, (murk,), (bear,) = game(["Murk Dwellers"], ["Grizzly Bears"])
    block(g, {murk: P1}, {})
    assert len(triggers_on_stack(g)) == 1
    resolve_all(g)
    assert g.power_toughness(murk) == (4, 2)
    to_end_of_combat(g)
    assert g.life(1) == 16
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.power_toughness(murk) == (2, 2)        # "until end of combat" (500.5)


def test_509_4g_no_trigger_when_blocked():
    g, (murk,), (bear,) = game(["Murk Dwellers"], ["Grizzly Bears"])
    block(g, {murk: P1}, {bear: murk})
    assert triggers_on_stack(g) == []


# --- 510.3 combat damage triggers ------------------------------------------------------------

def test_510_3_nine_tail_white_fox_draws_when_it_deals_combat_damage_to_a_player():
    g, (fox,), _ = game(["Nine-Tail White Fox"], [])
    hand = len(g.hand(0))
    g.declare_attackers({fox: P1})
    g.pass_until(lambda gg: gg.step == Step.COMBAT_DAMAGE)
    resolve_all(g)
    assert g.life(1) == 18 and len(g.hand(0)) == hand + 1


def test_510_3_no_player_damage_no_trigger():
    g, (fox,), (wall,) = game(["Nine-Tail White Fox"], ["Wall of Stone"])
    hand = len(g.hand(0))
    block(g, {fox: P1}, {wall: fox})
    to_end_of_combat(g)
    assert len(g.hand(0)) == hand


def test_510_3_double_strike_triggers_in_each_combat_damage_step():
    g, (fox,), _ = game(["Test Damage Fox"], [])
    g.declare_attackers({fox: P1})
    to_end_of_combat(g)
    assert g.life(1) == 16 and g.life(0) == 22


def test_510_3_blinding_angel_that_player_skips_their_next_combat_phase():
    g, (angel,), _ = game(["Blinding Angel"], [])
    g.declare_attackers({angel: P1})
    g.pass_until(lambda gg: gg.turn == 2 and gg.phase == Phase.POSTCOMBAT_MAIN)
    assert any("skips the combat phase" in line for line in g.log)
    assert not any(line.startswith("-- beginning of combat step") for line in
                   g.log[next(i for i, l in enumerate(g.log) if "=== Turn 2" in l):])


def test_510_3_combat_damage_to_a_creature_once_per_creature_with_that_creature():
    """A blocker dealing combat damage to two attackers triggers once for each, and each
    trigger deals 1 damage to its own creature."""
    g, (x, y), (biter,) = game(["Test Guard 0/3", "Test Guard 0/3"], ["Test Creature Biter"])
    block(g, {x: P1, y: P1}, {biter: [x, y]})
    g.pass_until(lambda gg: gg.step == Step.COMBAT_DAMAGE)
    trig = triggers_on_stack(g)
    assert sorted(t["event_ref"] for t in trig) == sorted([x, y])   # 3 to the first, 1 to the other
    resolve_all(g)
    assert x in g.graveyard(0)                  # lethal combat damage (704.5g) before it resolves
    assert g.obj(y)["damage"] == 2              # 1 combat damage + 1 from its own trigger


def test_510_3_mirri_the_cursed_gets_a_counter_when_it_damages_a_creature():
    g, (mirri,), (bear,) = game(["Mirri the Cursed"], ["Giant Spider"])
    block(g, {mirri: P1}, {bear: mirri})
    to_end_of_combat(g)
    assert g.obj(mirri)["plus1"] == 1 and g.power_toughness(mirri) == (4, 3)


# --- "deals damage to an opponent": Hypnotic Specter, random discard ----------------------

def test_hypnotic_specter_that_player_discards_a_card_at_random():
    g, (spec,), _ = game(["Hypnotic Specter"], [], hand1=["Grizzly Bears", "Hill Giant", "Shock"])
    g.declare_attackers({spec: P1})
    copy = g.clone()
    n = len(g.hand(1))
    to_end_of_combat(g)
    assert len(g.hand(1)) == n - 1
    discarded = [line for line in g.log if "discards" in line and "at random" in line]
    assert len(discarded) == 1
    # the game's RNG decides, and it is part of the state: a clone discards the same card
    to_end_of_combat(copy)
    assert sorted(copy.hand(1)) == sorted(g.hand(1))


def test_hypnotic_specter_damage_to_a_creature_is_not_damage_to_an_opponent():
    g, (spec,), (spider,) = game(["Hypnotic Specter"], ["Giant Spider"], hand1=["Shock"])
    n = len(g.hand(1))
    block(g, {spec: P1}, {spider: spec})
    to_end_of_combat(g)
    assert len(g.hand(1)) == n


def test_hypnotic_specter_with_an_empty_hand_discards_nothing():
    g, (spec,), _ = game(["Hypnotic Specter"], [])
    for o in g.hand(1):
        g.move(o, Zone.LIBRARY)
    g.declare_attackers({spec: P1})
    to_end_of_combat(g)
    assert g.life(1) == 18 and g.hand(1) == []


# --- combinations ----------------------------------------------------------------------------

def test_603_3b_triggers_of_one_blocker_declaration_go_on_the_stack_in_apnap_order():
    """Cave Tiger (P0, active) becomes blocked by Giant Badger (P1), which blocks: both
    trigger on the same event; the active player's goes on the stack first, so the
    non-active player's resolves first (603.3b)."""
    g, (tiger,), (badger,) = game(["Cave Tiger"], ["Giant Badger"])
    block(g, {tiger: P1}, {badger: tiger})
    trig = triggers_on_stack(g)
    assert [t["controller"] for t in trig] == [0, 1]
    g.pass_priority(); g.pass_priority()          # the top one: Giant Badger's
    assert g.power_toughness(badger) == (4, 4) and g.power_toughness(tiger) == (2, 2)
    resolve_all(g)
    assert g.power_toughness(tiger) == (3, 3)
