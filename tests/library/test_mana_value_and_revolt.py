"""The library's mana_value_and_revolt module in games: mana value (202.3; X counts as chosen
only on the stack, 202.3e) as a target quality of spells (Spell Snare, Disdainful Stroke:
offered and accepted only among legal targets, 601.2c, checked again on resolution, 608.2b)
and as a condition checked on resolution (Fatal Push: any creature may be targeted, 608.2c),
with revolt ("if a permanent you controlled left the battlefield this turn"; an ability word,
207.2c); the heuristic casts Fatal Push only at a creature it destroys; each card against its
Oracle record."""
from __future__ import annotations


import numpy as np
import pytest

from mtg_core import Action, ActionKind, Deck, Step, Zone, _engine, play_random_games
from mtg_core.cards import (Card, CardDB, CardScriptError, Destroy, If, Revolt, SpellAbility,
                            TargetManaValueAtMost)
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.library import DEFAULT_CARDS, mana_value_and_revolt

from library_helpers import (P0, P1, assert_matches_oracle, cast_from_hand, main_game,
                             refused_unchanged, resolve, start_cast)

CARDS = [c.name for c in mana_value_and_revolt.CARDS]
C = _engine.constants()


@pytest.mark.parametrize("name", CARDS)
def test_every_card_has_its_oracle_name_cost_types_and_text(name):
    assert_matches_oracle(name)


def _sacrifice_petal(g, p: int = 0) -> int:
    """A permanent ``p`` controls leaves the battlefield: Lotus Petal's mana ability ("{T},
    Sacrifice ~", 605.3a: it resolves at once)."""
    petal = g.create_card("Lotus Petal", p, Zone.BATTLEFIELD)
    g.tap_for_mana(petal, "B")
    assert petal in g.graveyard(p)
    return petal


# --- Fatal Push: "if it has mana value 2 or less", checked on resolution (608.2c) -------------

def test_608_2c_fatal_push_targets_any_creature_and_destroys_only_mana_value_2_or_less():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)          # 2
    minotaur = g.create_card("Hurloon Minotaur", 1, Zone.BATTLEFIELD)    # 3
    wurm = g.create_card("Craw Wurm", 1, Zone.BATTLEFIELD)               # 6
    ring = g.create_card("Sol Ring", 1, Zone.BATTLEFIELD)                # not a creature
    start_cast(g, "Fatal Push")
    assert {t for t in g.target_choices() if t in g.battlefield(1)} == {bears, minotaur, wurm}
    refused_unchanged(g, ring)
    refused_unchanged(g, P1)
    g.apply(Action.make(ActionKind.TARGET, minotaur))                    # a legal target (601.2c)
    resolve(g)
    assert minotaur in g.battlefield(1)                                  # mana value 3: nothing
    push = cast_from_hand(g, "Fatal Push", bears)
    resolve(g)
    assert bears in g.graveyard(1) and push in g.graveyard(0)            # 701.7a
    cast_from_hand(g, "Fatal Push", wurm)
    resolve(g)
    assert wurm in g.battlefield(1)


def test_202_3e_fatal_push_sees_an_x_creature_as_mana_value_0_on_the_battlefield():
    """Endless One ({X}) cast with X = 5 is a 5/5 of mana value 0 (202.3e)."""
    g = main_game()
    one = cast_from_hand(g, "Endless One", p=0, x=5)
    resolve(g)
    assert one in g.battlefield(0) and g.characteristics(one)["power"] == 5
    g.pass_to(Step.MAIN, 1)
    cast_from_hand(g, "Fatal Push", one, p=1)
    resolve(g)
    assert one in g.graveyard(0)


def test_revolt_207_2c_fatal_push_destroys_mana_value_4_or_less_after_a_permanent_of_yours_left():
    g = main_game()
    minotaur = g.create_card("Hurloon Minotaur", 1, Zone.BATTLEFIELD)    # 3
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)             # 4
    angel = g.create_card("Serra Angel", 1, Zone.BATTLEFIELD)            # 5
    _sacrifice_petal(g)
    for target in (minotaur, giant):
        cast_from_hand(g, "Fatal Push", target)
        resolve(g)
        assert target in g.graveyard(1)
    cast_from_hand(g, "Fatal Push", angel)
    resolve(g)
    assert angel in g.battlefield(1)                                     # 5: more than 4


def test_revolt_is_checked_as_fatal_push_resolves():
    """608.2c: the condition is read on resolution: a permanent sacrificed while the spell is
    on the stack counts; none left before casting it and still it destroys the 4."""
    g = main_game()
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    cast_from_hand(g, "Fatal Push", giant)
    assert g.decision.kind == Decision.PRIORITY and g.priority_player == 0     # 117.3c
    _sacrifice_petal(g)                                                  # with it on the stack
    resolve(g)
    assert giant in g.graveyard(1)


def test_revolt_a_token_leaving_counts():
    """A token is a permanent: its leaving the battlefield (111.7, then it ceases to exist)
    is a permanent you controlled leaving."""
    g = main_game()
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    treasure = g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)
    g.tap_for_mana(treasure, "B")                                        # "{T}, Sacrifice this artifact"
    assert treasure not in g.battlefield(0)
    cast_from_hand(g, "Fatal Push", giant)
    resolve(g)
    assert giant in g.graveyard(1)


def test_revolt_an_opponents_permanent_leaving_does_not_count_one_of_yours_dying_does():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    mine = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    cast_from_hand(g, "Fatal Push", bears)
    resolve(g)
    assert bears in g.graveyard(1)                   # player 1's permanent left: not revolt
    cast_from_hand(g, "Fatal Push", giant)
    resolve(g)
    assert giant in g.battlefield(1)
    cast_from_hand(g, "Fatal Push", mine)            # destroying one's own creature is revolt
    resolve(g)
    assert mine in g.graveyard(0)
    cast_from_hand(g, "Fatal Push", giant)
    resolve(g)
    assert giant in g.graveyard(1)


def test_revolt_counts_only_this_turn_and_for_the_player_whose_permanent_left():
    g = main_game()
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    _sacrifice_petal(g)                                                  # in turn 1
    g.pass_to(Step.MAIN, 1)                                              # turn 2
    g.pass_priority()                                                    # player 0 has priority
    assert g.priority_player == 0
    cast_from_hand(g, "Fatal Push", giant)
    resolve(g)
    assert giant in g.battlefield(1)                                     # last turn's: no revolt
    g = main_game()
    mine = g.create_card("Hill Giant", 0, Zone.BATTLEFIELD)
    _sacrifice_petal(g, p=0)
    g.pass_priority()                                                    # player 1 has priority
    cast_from_hand(g, "Fatal Push", mine, p=1)
    resolve(g)
    assert mine in g.battlefield(0)                  # player 0's revolt isn't player 1's


def test_608_2b_fatal_push_whose_target_left_does_nothing():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    push = cast_from_hand(g, "Fatal Push", bears)
    g.move(bears, Zone.HAND)                                             # a new object (400.7)
    resolve(g)
    assert bears in g.hand(1) and push in g.graveyard(0)


def test_608_2c_decommission_reads_revolt_after_destroying_its_target():
    """Its effects happen in order (608.2c): destroying an artifact of one's own makes the
    revolt sentence after it true; an opponent's artifact doesn't."""
    g = main_game()
    ring = g.create_card("Sol Ring", 1, Zone.BATTLEFIELD)
    cast_from_hand(g, "Decommission", ring)
    resolve(g)
    assert ring in g.graveyard(1) and g.life(0) == 20
    mine = g.create_card("Sol Ring", 0, Zone.BATTLEFIELD)
    cast_from_hand(g, "Decommission", mine)
    resolve(g)
    assert mine in g.graveyard(0) and g.life(0) == 23


def test_603_4_silkweaver_elite_revolt_is_an_intervening_if():
    """It triggers only if a permanent of its controller's left this turn (603.4)."""
    g = main_game()
    hand = len(g.hand(0))
    cast_from_hand(g, "Silkweaver Elite")
    resolve(g)
    assert len(g.hand(0)) == hand and not g.stack()                      # no trigger
    _sacrifice_petal(g)
    cast_from_hand(g, "Silkweaver Elite")
    resolve(g)
    assert len(g.hand(0)) == hand + 1                                    # drew a card


# --- Spell Snare and Disdainful Stroke: target spells by mana value (202.3e, 601.2c) -------------

def _spell_on_stack(g, name: str, *targets: int, x: int | None = None) -> int:
    """Player 0 casts ``name``; player 1 gets priority with it on the stack."""
    o = cast_from_hand(g, name, *targets, p=0, x=x)
    g.pass_priority()
    assert g.priority_player == 1 and o in [s["obj"] for s in g.stack()]
    return o


@pytest.mark.parametrize("name, x, legal", [
    ("Grizzly Bears", None, True), ("Savannah Lions", None, False),
    ("Hurloon Minotaur", None, False), ("Blaze", 1, True), ("Blaze", 0, False),
    ("Blaze", 2, False), ("Endless One", 2, True), ("Endless One", 0, False)])
def test_202_3e_spell_snare_counters_a_spell_of_mana_value_2_counting_x(name, x, legal):
    g = main_game()
    spell = _spell_on_stack(g, name, *((P1,) if name == "Blaze" else ()), x=x)
    if not legal:
        with pytest.raises(IllegalActionError, match="601.2c"):          # no legal target at all
            start_cast(g, "Spell Snare", p=1)
        return
    snare = start_cast(g, "Spell Snare", p=1)
    assert g.target_choices() == [spell]
    g.apply(Action.make(ActionKind.TARGET, spell))
    resolve(g)
    assert spell in g.graveyard(0) and snare in g.graveyard(1)           # 701.5a


@pytest.mark.parametrize("name, x, legal", [
    ("Serra Angel", None, True), ("Hill Giant", None, True), ("Hurloon Minotaur", None, False),
    ("Blaze", 3, True), ("Blaze", 2, False), ("Endless One", 4, True)])
def test_202_3e_disdainful_stroke_counters_mana_value_4_or_greater(name, x, legal):
    g = main_game()
    spell = _spell_on_stack(g, name, *((P1,) if name == "Blaze" else ()), x=x)
    if not legal:
        with pytest.raises(IllegalActionError, match="601.2c"):
            start_cast(g, "Disdainful Stroke", p=1)
        return
    cast_from_hand(g, "Disdainful Stroke", spell, p=1)
    resolve(g)
    assert spell in g.graveyard(0)


def test_601_2c_spell_snare_offers_only_the_spell_of_mana_value_2_among_several():
    g = main_game()
    bears = cast_from_hand(g, "Grizzly Bears", p=0)
    g.pass_priority()
    bolt = cast_from_hand(g, "Lightning Bolt", P0, p=1)   # player 1's own spell, mana value 1
    start_cast(g, "Spell Snare", p=1)
    assert g.target_choices() == [bears]
    refused_unchanged(g, bolt)
    refused_unchanged(g, P1)


def test_608_2b_spell_snare_whose_spell_left_the_stack_does_nothing():
    """Its target countered first (Counterspell in response): Spell Snare resolves to
    nothing (608.2b) and goes to the graveyard."""
    g = main_game()
    bears = _spell_on_stack(g, "Grizzly Bears")
    snare = cast_from_hand(g, "Spell Snare", bears, p=1)
    cast_from_hand(g, "Counterspell", bears, p=1)          # player 1 holds priority (117.3c)
    resolve(g)
    assert bears in g.graveyard(0) and snare in g.graveyard(1) and not g.stack()


# --- the heuristic -------------------------------------------------------------------------------

def _push_in_hand(g) -> int:
    for o in list(g.hand(0)):                              # no land to play first
        g.move(o, Zone.LIBRARY)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    return g.create_card("Fatal Push", 0, Zone.HAND)


def test_heuristic_casts_fatal_push_only_at_a_creature_it_destroys():
    g = main_game()
    angel = g.create_card("Serra Angel", 1, Zone.BATTLEFIELD)
    push = _push_in_hand(g)
    assert any(a.kind == ActionKind.CAST and a.a == push for a in g.legal_actions())
    act = g.suggest("heuristic", seed=1).action
    assert not (act.kind == ActionKind.CAST and act.a == push)          # 5: it would do nothing
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    act = g.suggest("heuristic", seed=1).action
    assert act.kind == ActionKind.CAST and act.a == push
    g.apply(act)
    assert g.suggest("heuristic", seed=1).action == Action.make(ActionKind.TARGET, bears)
    del angel


def test_heuristic_aims_fatal_push_at_mana_value_4_with_revolt():
    g = main_game()
    giant = g.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    g.create_card("Serra Angel", 1, Zone.BATTLEFIELD)
    push = _push_in_hand(g)
    act = g.suggest("heuristic", seed=1).action
    assert not (act.kind == ActionKind.CAST and act.a == push)
    _sacrifice_petal(g)
    g.set_player(0, mana_B=0)
    act = g.suggest("heuristic", seed=1).action
    assert act.kind == ActionKind.CAST and act.a == push
    g.apply(act)
    assert g.suggest("heuristic", seed=1).action == Action.make(ActionKind.TARGET, giant)


def test_random_and_heuristic_games_with_these_cards_run_to_completion():
    deck = Deck.parse("4 Fatal Push\n4 Spell Snare\n4 Disdainful Stroke\n4 Lotus Petal\n"
                      "4 Blaze\n4 Endless One\n4 Decommission\n4 Silkweaver Elite\n"
                      "4 Grizzly Bears\n4 Hill Giant\n4 Sol Ring\n8 Swamp\n8 Island\n"
                      "4 Mountain\n2 Plains\n2 Forest")
    out = play_random_games(deck, deck, 40, seed=3, max_turns=60)
    assert len(out) == 40
    results = set(out[:, 0].tolist())
    assert results <= {_engine.R_WIN, _engine.R_DRAW, _engine.R_UNFINISHED}
    assert _engine.R_WIN in results


# --- the card language and the core's table checks ------------------------------------------------

def test_the_conditions_compile_to_their_codes_and_refuse_malformed_numbers():
    assert Revolt().code == C["COND_REVOLT"]
    c = TargetManaValueAtMost(2, revolt=4)
    assert (c.code, c.a, c.b, c.c) == (C["COND_TARGET_MV_AT_MOST"], 2, 4, C["REF_TARGET0"])
    assert TargetManaValueAtMost(3, who="target2").c == C["REF_TARGET1"]
    assert TargetManaValueAtMost(3).b == -1
    for bad in (lambda: TargetManaValueAtMost(4, revolt=2), lambda: TargetManaValueAtMost(-1),
                lambda: TargetManaValueAtMost(2, who="each creature"),
                lambda: TargetManaValueAtMost(True)):
        with pytest.raises(CardScriptError):
            bad()


def test_malformed_mana_value_and_revolt_conditions_are_refused_by_the_table_check():
    t = CardDB([DEFAULT_CARDS["Fatal Push"]]).tables
    start = int(t.abilities[0, C["AF_PROG_START"]])
    program = np.array(t.program)
    assert program[start] == C["OP_IF_COND"] and program[start + 1] == C["COND_TARGET_MV_AT_MOST"]
    _engine.CardTables(t.cards, t.abilities, program)                     # as compiled: fine
    for at, value in ((2, -1), (3, 1), (3, -2), (4, C["REF_CONTROLLER"]), (4, 7)):
        bad = program.copy()
        bad[start + at] = value
        with pytest.raises(_engine.EngineError, match="mana value N or less"):
            _engine.CardTables(t.cards, t.abilities, bad)
    bad = program.copy()
    bad[start + 1] = C["COND_REVOLT"]                                     # operands 2, 4, 0
    with pytest.raises(_engine.EngineError, match="bad condition operands"):
        _engine.CardTables(t.cards, t.abilities, bad)
    bad = program.copy()
    bad[start] = C["OP_INTERVENING_IF"]             # no target is chosen yet as it triggers
    with pytest.raises(_engine.EngineError, match="mana value N or less"):
        _engine.CardTables(t.cards, t.abilities, bad)


def test_an_if_mana_value_on_a_target_needs_that_target():
    card = Card("Test Push", "{B}", ("Instant",),
                abilities=(SpellAbility(If(TargetManaValueAtMost(2, who="target2"),
                                           Destroy("target")), targets=("creature",)),))
    g = main_game(cards=DEFAULT_CARDS.extended([card]))
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    push = g.create_card("Test Push", 0, Zone.HAND)
    g.cast(push, bears)
    resolve(g)
    assert bears in g.battlefield(1)                 # its second target names nothing: false
