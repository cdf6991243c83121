"""Sagas (714): lore counters as a Saga enters (714.3a) and as its controller's precombat
main phase begins (714.3b, 505.4), chapter abilities triggering as the counters reach their
numbers (714.2b-c), and the sacrifice after the final chapter (714.4), with the library's
Sagas (mtg_core/library/sagas.py).  The three rules editions play them alike
(docs/rules_coverage.md, Rules editions)."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import (DEFAULT_CARDS, CardDB, Deck, Decision, Edition, Game, Keyword, Phase, Zone,
                      _engine)
from mtg_core.cards import (Card, CardScriptError, ChapterAbility, Draw, GainLife,
                            TriggeredAbility)
from mtg_core.errors import IllegalActionError, MtgError
from mtg_core.policies import play_games

from game_helpers import lands, resolve

C = _engine.constants()
EDITIONS = [Edition.SEED, Edition.CURRENT, Edition.CLASSIC]


def _game(edition=Edition.SEED, decks=("60 Forest", "60 Plains")):
    return Game([Deck.parse(d) for d in decks], seed=5, mulligans=False, starting_player=0,
                edition=edition)


def _main(g, turn):
    """Pass until ``turn``'s precombat main phase, whoever gets priority first there."""
    g.pass_until(lambda gg: gg.turn == turn and gg.phase == Phase.PRECOMBAT_MAIN)


def _chapter_on_stack(g, n):
    """The chapter numbers of the chapter abilities on the stack, bottom to top."""
    return [int(g.state.tables.abilities[s["ability"], C["AF_CHAPTER"]]) for s in g.stack()
            if s["kind"] == C["SK_TRIGGER"] and s["ability"] >= 0 and
            int(g.state.tables.abilities[s["ability"], C["AF_TRIGGER"]]) == C["TRIG_CHAPTER"]][-n:]


def _cast_binding(g):
    """P0 casts Binding the Old Gods in turn 1 and it resolves; P1 has Grizzly Bears."""
    g.pass_until(lambda gg: gg.phase == Phase.PRECOMBAT_MAIN)
    saga = g.create_card("Binding the Old Gods", 0, Zone.HAND)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    lands(g, 0, "Swamp", 2)
    lands(g, 0, "Forest", 2)
    g.cast(saga)
    g.resolve_top()
    return saga, bears


@pytest.mark.parametrize("edition", EDITIONS)
def test_714_3a_a_saga_enters_with_a_lore_counter_and_its_chapter_I_triggers(edition):
    g = _game(edition)
    saga, bears = _cast_binding(g)
    assert g.obj(saga)["lore"] == 1                         # 714.3a
    assert _chapter_on_stack(g, 1) == [1]                   # 714.2b: it reached I from 0
    assert g.decision.kind == Decision.TARGET               # 603.3d: its target as it goes on
    g.apply(next(a for a in g.legal_actions() if a.a == bears))
    g.resolve_top()
    assert bears in g.graveyard(1)
    assert saga in g.battlefield()   # chapter I is not the last
    assert any("gets 1 lore counter(s) (714.3)" in line for line in g.log)


@pytest.mark.parametrize("edition", EDITIONS)
def test_714_3b_a_lore_counter_as_its_controllers_precombat_main_phase_begins(edition):
    g = _game(edition)
    saga, bears = _cast_binding(g)
    g.apply(next(a for a in g.legal_actions() if a.a == bears))
    g.resolve_top()
    g.pass_until(lambda gg: gg.phase == Phase.POSTCOMBAT_MAIN)
    assert g.obj(saga)["lore"] == 1                         # no counter in a postcombat main
    _main(g, 2)
    assert g.obj(saga)["lore"] == 1                         # nor in the opponent's turn
    _main(g, 3)
    # a turn-based action as the phase begins (505.4): chapter II is on the stack before
    # anyone gets priority in it
    assert g.obj(saga)["lore"] == 2 and _chapter_on_stack(g, 1) == [2]
    assert g.priority_player == 0
    g.resolve_top()
    assert g.decision.kind == Decision.SEARCH_LIBRARY       # II: a Forest onto the battlefield


@pytest.mark.parametrize("edition", EDITIONS)
def test_714_4_the_saga_is_sacrificed_once_its_final_chapter_has_left_the_stack(edition):
    g = _game(edition)
    saga = g.create_card("Binding the Old Gods", 0, Zone.BATTLEFIELD)   # set up with I done
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.set_object(saga, lore=2)
    _main(g, 1)
    # III triggered: 714.4 waits while it is on the stack, though lore 3 >= 3 and players
    # got priority (state-based actions were checked, 704.3)
    assert g.obj(saga)["lore"] == 3 and _chapter_on_stack(g, 1) == [3]
    assert saga in g.battlefield()
    g.resolve_top()
    assert saga in g.graveyard(0)          # 714.4
    assert Keyword.DEATHTOUCH in g.characteristics(bears)["keywords"]      # III resolved first
    assert any("sacrifices it after its final chapter (714.4)" in line for line in g.log)


def test_714_4_a_saga_past_its_final_chapter_with_no_chapter_waiting_is_sacrificed():
    g = _game()
    _main(g, 1)
    saga = g.create_card("The Birth of Meletis", 0, Zone.BATTLEFIELD)
    g.set_object(saga, lore=5)                 # more than III: still "greater than or equal"
    assert g.check_state_based_actions() == 1
    assert saga in g.graveyard(0)


def test_714_2b_two_counters_at_once_trigger_both_chapters_and_the_saga_waits_for_both():
    g = _game()
    _main(g, 1)
    saga = g.create_card("Founding of Omashu", 0, Zone.BATTLEFIELD)      # lore 1: I done
    g.add_lore_counters(saga, 2)
    # II and III trigger at once; their controller orders them (603.3b)
    assert g.decision.kind == Decision.ORDER_TRIGGERS
    g.apply(g.legal_actions()[0])
    resolve_until = len(g.stack()) - 1
    assert sorted(_chapter_on_stack(g, 2)) == [2, 3] and g.obj(saga)["lore"] == 3
    while len(g.stack()) > resolve_until:
        top = _chapter_on_stack(g, 1)
        g.pass_priority()
        g.pass_priority()
        if g.decision.kind == Decision.MAY:                  # II: "you may discard"
            g.apply(g.legal_actions()[0])
        assert top
    # one of them has resolved, the other is on the stack: the Saga stays (714.4)
    assert len(_chapter_on_stack(g, 2)) == 1
    assert saga in g.battlefield()
    while g.stack():
        g.pass_priority()
        g.pass_priority()
        if g.decision.kind == Decision.MAY:
            g.apply(g.legal_actions()[0])
    assert saga in g.graveyard(0)


def test_714_2b_a_counter_past_a_chapter_triggers_it_once_and_never_again():
    g = _game()
    _main(g, 1)
    saga = g.create_card("The Birth of Meletis", 0, Zone.BATTLEFIELD)
    g.set_object(saga, lore=2)                 # as after II: adding one reaches only III
    g.add_lore_counters(saga, 1)
    assert _chapter_on_stack(g, 3) == [3]


@pytest.mark.parametrize("edition", EDITIONS)
def test_113_7a_a_chapter_on_the_stack_resolves_after_its_saga_left(edition):
    """The Saga is destroyed in response to chapter I: the ability resolves anyway (113.7a),
    and nothing is sacrificed (it is already in the graveyard)."""
    g = _game(edition)
    saga, bears = _cast_binding(g)
    g.apply(next(a for a in g.legal_actions() if a.a == bears))
    disenchant = g.create_card("Disenchant", 1, Zone.HAND)
    lands(g, 1, "Plains", 2)
    g.pass_priority()                          # P1 responds to chapter I
    g.cast(disenchant, saga)
    g.resolve_top()                            # Disenchant
    assert saga in g.graveyard(0) and g.obj(saga)["lore"] == 0
    assert _chapter_on_stack(g, 1) == [1]
    g.resolve_top()
    assert bears in g.graveyard(1)


def test_714_3b_the_sagas_controller_puts_the_counter_on_and_controls_the_chapter():
    """A Saga whose control changed gets its counters in its new controller's precombat main
    phase, and they control the chapter abilities that trigger (603.3a)."""
    g = _game()
    _main(g, 1)
    saga = g.create_card("The Birth of Meletis", 0, Zone.BATTLEFIELD)
    g.set_object(saga, controller=1)
    g.pass_until(lambda gg: gg.phase == Phase.ENDING)
    assert g.obj(saga)["lore"] == 1
    _main(g, 2)
    assert g.obj(saga)["lore"] == 2 and g.stack()[-1]["controller"] == 1
    g.resolve_top()
    walls = [o for o in g.battlefield(1) if g.card_of(o).name == "Wall"]
    assert len(walls) == 1                     # II made P1 the Wall


def test_714_saved_states_with_lore_counters_and_a_waiting_chapter_load_and_play_on():
    g = _game()
    saga, bears = _cast_binding(g)
    g.apply(next(a for a in g.legal_actions() if a.a == bears))
    blob = g.save()
    back = Game.load(blob)
    assert back.obj(saga)["lore"] == 1 and _chapter_on_stack(back, 1) == [1]
    back.resolve_top()
    assert bears in back.graveyard(1)


@pytest.mark.parametrize("edit, message", [
    (dict(lore=0), "without a lore counter (714.3a)"),
    (dict(lore=101), "lore"),
])
def test_714_3_a_saga_keeps_one_to_lore_max_counters(edit, message):
    g = _game()
    _main(g, 1)
    saga = g.create_card("The Birth of Meletis", 0, Zone.BATTLEFIELD)
    before = g.save()
    with pytest.raises(MtgError, match=message.replace("(", r"\(").replace(")", r"\)")):
        g.set_object(saga, **edit)
    assert g.save() == before


def test_714_3_only_a_saga_on_the_battlefield_holds_lore_counters():
    g = _game()
    _main(g, 1)
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    in_hand = g.create_card("The Birth of Meletis", 0, Zone.HAND)
    with pytest.raises(MtgError, match="no Saga"):
        g.set_object(bears, lore=1)
    with pytest.raises(MtgError, match="not on the battlefield but has lore"):
        g.set_object(in_hand, lore=1)
    with pytest.raises(IllegalActionError):
        g.add_lore_counters(bears, 1)
    with pytest.raises(IllegalActionError):
        g.add_lore_counters(in_hand, 1)


def test_714_2b_a_waiting_chapter_its_saga_hasnt_reached_is_refused_on_load():
    g = _game()
    saga, bears = _cast_binding(g)
    g.apply(next(a for a in g.legal_actions() if a.a == bears))
    g.resolve_top()
    _main(g, 3)
    assert _chapter_on_stack(g, 1) == [2]
    before = g.save()
    with pytest.raises(MtgError, match="lore counters haven't reached"):
        g.set_object(saga, lore=1)
    assert g.save() == before


# --- the card language -------------------------------------------------------------------------

def _saga(*abilities, subtypes=("Saga",), types=("Enchantment",), **kw):
    return Card("Test Saga", "{1}{W}", types=types, subtypes=subtypes, abilities=abilities, **kw)


@pytest.mark.parametrize("chapters, message", [
    ((2, 3), r"numbered 1, 2, \.\.\. in ascending order \(714.2a\), not \[2, 3\]"),
    ((1, 3), r"not \[1, 3\]"),
    ((2, 1), r"not \[2, 1\]"),
    ((1, 1, 2), r"not \[1, 1, 2\]"),
])
def test_714_2a_chapters_are_numbered_from_one_in_ascending_order(chapters, message):
    with pytest.raises(CardScriptError, match=message):
        _saga(*(ChapterAbility(n, Draw("you", 1)) for n in chapters))


@pytest.mark.parametrize("kw, message", [
    (dict(subtypes=()), r"only a Saga has chapter abilities \(714.2\)"),
    (dict(types=("Artifact",)), r"a Saga is an enchantment \(205.3h\)"),
    (dict(keywords=("read ahead",)), "read ahead"),
])
def test_714_a_saga_card_is_an_enchantment_saga_with_chapters(kw, message):
    with pytest.raises(CardScriptError, match=message):
        _saga(ChapterAbility(1, Draw("you", 1)), **kw)


def test_714_double_faced_sagas_are_refused():
    back = Card("Back", types=("Creature",), subtypes=("Bear",), power=2, toughness=2)
    with pytest.raises(CardScriptError, match="double-faced Sagas are not supported"):
        _saga(ChapterAbility(1, Draw("you", 1)), back=back)


def test_714_a_saga_without_chapters_and_bad_chapter_numbers_are_refused():
    with pytest.raises(CardScriptError, match="chapter"):
        _saga(TriggeredAbility("enters", GainLife("you", 1)))
    for bad in (0, 11, 1.0, True):
        with pytest.raises(CardScriptError, match="a chapter number is a whole number 1..10"):
            ChapterAbility(bad, Draw("you", 1))
    with pytest.raises(CardScriptError, match="has effects"):
        ChapterAbility(1)


def test_714_2_a_saga_and_its_chapters_are_in_the_card_tables_and_checked():
    """The card row says it is a Saga (SAGA_BIT) exactly when it has chapter abilities, and
    only a card's own triggered abilities have chapter numbers 1..10 (tables.pxi)."""
    db = CardDB([DEFAULT_CARDS["Founding of Omashu"], DEFAULT_CARDS["Grizzly Bears"],
                 DEFAULT_CARDS["Raffine's Informant"]])
    cards, abil, prog = (np.array(t) for t in (db.tables.cards, db.tables.abilities,
                                               db.tables.program))
    omashu, bears = db.row("Founding of Omashu"), db.row("Grizzly Bears")
    kinds = C["CF_ABILITY_KINDS"]
    assert cards[omashu, kinds] & C["SAGA_BIT"] and not cards[bears, kinds] & C["SAGA_BIT"]
    start = int(cards[omashu, C["CF_ABILITY_START"]])
    assert [int(abil[start + i, C["AF_CHAPTER"]]) for i in range(3)] == [1, 2, 3]
    bad = cards.copy()
    bad[omashu, kinds] &= ~C["SAGA_BIT"]
    with pytest.raises(_engine.EngineError, match="CF_ABILITY_KINDS"):
        _engine.CardTables(bad, abil, prog)
    bad = cards.copy()
    bad[bears, kinds] |= C["SAGA_BIT"]
    with pytest.raises(_engine.EngineError, match="CF_ABILITY_KINDS"):
        _engine.CardTables(bad, abil, prog)
    for n in (0, 11):
        bad = abil.copy()
        bad[start, C["AF_CHAPTER"]] = n
        with pytest.raises(_engine.EngineError, match="chapter number 1..10"):
            _engine.CardTables(cards, bad, prog)
    bad = np.vstack([abil, abil[start:start + 1]])     # a chapter no card prints
    with pytest.raises(_engine.EngineError, match="printed on a card"):
        _engine.CardTables(cards, bad, prog)


# --- policies --------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["seed", "current", "classic"])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_random_and_heuristic_games_with_sagas_finish(edition, policy):
    deck = Deck.parse("4 Binding the Old Gods\n4 Founding of Omashu\n4 The Birth of Meletis\n"
                      "4 Of Herbs and Stewed Rabbit\n12 Forest\n12 Plains\n10 Swamp\n10 Mountain")
    out = play_games([deck, deck], 20, seed=5, policies=policy, edition=edition, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()
    g = Game([deck, deck], seed=3, edition=edition)
    g.play_random(seed=3)
    assert g.is_over and any("lore counter" in line for line in g.log)
