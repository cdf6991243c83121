"""Phyrexian mana (107.4f): {B/P} is paid with one black mana or with 2 life, an explicit
choice of the caster while paying (601.2h: CAST_CHOICE CC_PHYREXIAN, one PHYREXIAN action a
way of paying, offered only when more than one way can be paid); 119.4: life can be paid
only up to the life total (all of it: paying to 0 loses by 704.5a); 202.3: each symbol
counts 1 toward the mana value, 202.2: it gives its colour.  The cards are the library's
(mtg_core/library/phyrexian_mana.py) and test cards for the interactions (kicker, an
alternative cost, "pay N life", X)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Card, Decision, Game, Step, Zone, _engine
from mtg_core.agents import ActionSpace
from mtg_core.cards import AlternativeCost, Damage, SpellAbility
from mtg_core.errors import IllegalActionError
from mtg_core.game import CC_PHYREXIAN, phyrexian_word

from game_helpers import lands, resolve

SEED = 5
C = _engine.constants()
B1, B2 = phyrexian_word("B"), phyrexian_word("BB")
R1 = phyrexian_word("R")

TEST_CARDS = [
    # kicker on a Phyrexian cost (702.33, 601.2f): the kicked total still has its {R/P}
    Card("Test Kicked Gut Shot", "{R/P}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 1), targets=("any",), kicker="{1}"),)),
    # an alternative cost replaces the mana cost with its Phyrexian symbol (118.9)
    Card("Test Phyrexian Alternative", "{2}{B/P}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 2), targets=("any",),
                                 alternative=AlternativeCost("Pay 3 life")),)),
    # "As an additional cost to cast this spell, pay 2 life" (601.2f): life added up (119.4)
    Card("Test Phyrexian Life Cost", "{R/P}", ("Instant",),
         abilities=(SpellAbility(Damage("target", 1), targets=("any",),
                                 additional_cost="pay 2 life"),)),
    # two colours of Phyrexian symbols: each colour's count is its own choice
    Card("Test Two Phyrexian Colours", "{W/P}{U/P}", ("Sorcery",),
         abilities=(SpellAbility(Damage("target", 1), targets=("any",)),)),
    # {X} with a Phyrexian symbol: X as large as the mana left once it is paid with life
    Card("Test Phyrexian X", "{X}{R/P}", ("Sorcery",),
         abilities=(SpellAbility(Damage("target", "X"), targets=("any",)),)),
]


def offered(game, kind):
    return [a.a for a in game.legal_actions() if a.kind == kind]


def main_phase(new_game, deck="60 Swamp"):
    g = new_game(deck, "60 Forest")
    g.pass_to(Step.MAIN, 0)
    return g


def tapped(g, objs):
    return sum(1 for o in objs if g.obj(o)["tapped"])


# --- 107.4f, 601.2h: the caster chooses how each Phyrexian symbol is paid ------------------------

def test_107_4f_dismember_offers_every_way_to_pay_its_two_symbols(new_game):
    g = main_phase(new_game)
    swamps = lands(g, 0, "Swamp", 3)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    dismember = g.create_card("Dismember", 0)
    g.cast(dismember, bears)
    d = g.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_PHYREXIAN and d.source == dismember
    # {1}{B}{B} all with mana, one {B/P} with 2 life, both with 4 life
    assert offered(g, ActionKind.PHYREXIAN) == [0, B1, B2]
    assert g.life(0) == 20 and tapped(g, swamps) == 0       # nothing is paid before the choice
    g.apply(Action.make(ActionKind.PHYREXIAN, B1))
    assert g.life(0) == 18 and tapped(g, swamps) == 2       # {1}{B} with mana, {B/P} with life
    resolve(g)
    assert bears in g.graveyard(1)                # -5/-5 (704.5f)


@pytest.mark.parametrize("life,n_swamps,want_life,want_tapped", [
    ("BB", 1, 16, 1),          # both symbols with life, {1} with the Swamp
    ("", 3, 20, 3),            # all with mana
])
def test_107_4f_dismember_paid_as_chosen(new_game, life, n_swamps, want_life, want_tapped):
    g = main_phase(new_game)
    swamps = lands(g, 0, "Swamp", n_swamps)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears, life=life)
    assert g.decision.kind == Decision.PRIORITY
    assert g.life(0) == want_life and tapped(g, swamps) == want_tapped


def test_601_2h_one_way_to_pay_is_no_choice(new_game):
    """Gut Shot with no land: its {R/P} can only be paid with life; Dismember with one
    Swamp: both symbols with life.  The core asks nothing when there is one way."""
    g = main_phase(new_game)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    gut = g.create_card("Gut Shot", 0)
    assert gut in offered(g, ActionKind.CAST)                # 107.4f: castable with no mana
    g.cast(gut, bears)
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 18
    resolve(g)
    swamp = lands(g, 0, "Swamp", 1)
    g.cast(g.create_card("Dismember", 0), bears)
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 14 and g.obj(swamp[0])["tapped"]


def test_107_4f_the_choice_is_an_illegal_action_outside_its_ways(new_game):
    g = main_phase(new_game)
    lands(g, 0, "Swamp", 2)                                  # {1}{B} at most with mana
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears)
    assert offered(g, ActionKind.PHYREXIAN) == [B1, B2]
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.PHYREXIAN, 0))        # two Swamps can't pay {1}{B}{B}
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.PHYREXIAN, R1))       # not its symbols' colour
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.PHYREXIAN, 3 * phyrexian_word("B")))


def test_107_4f_two_colours_are_chosen_each(new_game):
    g = main_phase(new_game, "60 Island")
    lands(g, 0, "Island", 1)
    spell = g.create_card("Test Two Phyrexian Colours", 0)
    g.cast(spell, g.player_target(1))
    # {W/P} has no white mana: always life; {U/P} the Island or life
    assert offered(g, ActionKind.PHYREXIAN) == [phyrexian_word("W"), phyrexian_word("WU")]
    g.apply(Action.make(ActionKind.PHYREXIAN, phyrexian_word("W")))
    assert g.life(0) == 18


# --- 119.4: life can be paid only up to the life total -------------------------------------------

def test_119_4_no_life_to_pay_with_below_two(new_game):
    g = main_phase(new_game, "60 Mountain")
    g.set_player(0, life=1)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    gut = g.create_card("Gut Shot", 0)
    assert gut not in offered(g, ActionKind.CAST)            # 1 life can't pay 2
    with pytest.raises(IllegalActionError):
        g.cast(gut, bears)
    mountain = lands(g, 0, "Mountain", 1)
    assert gut in offered(g, ActionKind.CAST)
    g.cast(gut, bears)                                       # the Mountain: the only way
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 1 and g.obj(mountain[0])["tapped"]


def test_119_4_dismember_at_three_life_pays_one_symbol_with_life_at_most(new_game):
    g = main_phase(new_game)
    g.set_player(0, life=3)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    dismember = g.create_card("Dismember", 0)
    lands(g, 0, "Swamp", 1)
    assert dismember not in offered(g, ActionKind.CAST)      # {1} + 4 life: 3 is too little
    lands(g, 0, "Swamp", 1)
    g.cast(dismember, bears)                                 # {1}{B} + 2 life: the only way
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 1


def test_119_4_704_5a_paying_the_last_two_life_loses_the_game(new_game):
    g = main_phase(new_game)
    g.set_player(0, life=2)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Gut Shot", 0), bears)              # 119.4: 2 life at 2 is allowed
    assert g.is_over and g.result.winner == 1                # 704.5a: 0 life, before it resolves


def test_119_4_the_spells_other_life_costs_count_with_the_symbols(new_game):
    g = main_phase(new_game, "60 Mountain")
    g.set_player(0, life=3)
    spell = g.create_card("Test Phyrexian Life Cost", 0)
    assert spell not in offered(g, ActionKind.CAST)          # 2 + 2 life: 3 is too little
    lands(g, 0, "Mountain", 1)
    g.cast(spell, g.player_target(1))                        # {R} + 2 life: the only way
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 1
    g.set_player(0, life=4)
    spell = g.create_card("Test Phyrexian Life Cost", 0)
    g.cast(spell, g.player_target(1))                        # 4 life for both
    assert g.is_over and g.result.winner == 1                # 704.5a


# --- 202.3, 202.2: mana value and colour ---------------------------------------------------------

@pytest.mark.parametrize("name,mv,color", [("Dismember", 3, "B"), ("Gut Shot", 1, "R"),
                                           ("Mutagenic Growth", 1, "G")])
def test_202_3_each_phyrexian_symbol_counts_one_and_gives_its_colour(cards, name, mv, color):
    row = cards.tables.cards[[c.name for c in cards.cards].index(name)]
    assert row[C["CF_MANA_VALUE"]] == mv
    assert row[C["CF_COLORS"]] == 1 << "WUBRG".index(color)
    assert row[C["CF_COST_PHYREXIAN"]] == phyrexian_word(color * (mv - (1 if name == "Dismember" else 0)))


# --- combinations: kicker, an alternative cost, X ---------------------------------------------

def test_702_33_kicker_is_offered_when_life_pays_the_phyrexian_symbol(new_game):
    g = main_phase(new_game, "60 Swamp")
    swamp = lands(g, 0, "Swamp", 1)                          # no red: {R/P} only with life
    spell = g.create_card("Test Kicked Gut Shot", 0)
    g.apply(Action.make(ActionKind.CAST, spell))
    assert g.decision.kind == Decision.CAST_CHOICE and offered(g, ActionKind.KICK) == [0, 1]
    g.apply(Action.make(ActionKind.KICK, 1))                 # {1}{R/P}: the Swamp and 2 life
    g.apply(Action.make(ActionKind.TARGET, g.player_target(1)))
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 18 and g.obj(swamp[0])["tapped"]


def test_118_9_an_alternative_cost_leaves_no_phyrexian_symbol_to_pay(new_game):
    g = main_phase(new_game)
    lands(g, 0, "Swamp", 3)
    spell = g.create_card("Test Phyrexian Alternative", 0)
    g.cast(spell, g.player_target(1), alternative=True)
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 17    # 3 life, no {B/P}


def test_107_3_x_is_as_large_as_the_mana_left_after_life_pays_the_symbol(new_game):
    g = main_phase(new_game, "60 Swamp")
    lands(g, 0, "Swamp", 3)
    spell = g.create_card("Test Phyrexian X", 0)
    g.apply(Action.make(ActionKind.CAST, spell))
    assert offered(g, ActionKind.CHOOSE_X) == [0, 1, 2, 3]   # {3}{R/P}: 3 Swamps and 2 life
    g.apply(Action.make(ActionKind.CHOOSE_X, 3))
    g.apply(Action.make(ActionKind.TARGET, g.player_target(1)))
    assert g.decision.kind == Decision.PRIORITY and g.life(0) == 18
    resolve(g)
    assert g.life(1) == 17


# --- the state: saved while the choice is pending; a corrupt one is refused -----------------------

def test_a_state_waiting_for_the_phyrexian_choice_saves_and_loads_and_a_corrupt_one_is_refused(
        new_game, cards):
    g = main_phase(new_game)
    lands(g, 0, "Swamp", 3)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears)
    h = Game.load(g.save(), cards=cards)
    assert h.decision.kind == Decision.CAST_CHOICE and h.decision.slot == CC_PHYREXIAN
    assert h.legal_action_codes().tolist() == g.legal_action_codes().tolist()
    # the same choice for a spell with no Phyrexian symbol (Blaze, choosing X) is never asked
    g = main_phase(new_game, "60 Mountain")
    lands(g, 0, "Mountain", 2)
    g.apply(Action.make(ActionKind.CAST, g.create_card("Blaze", 0)))
    assert g.decision.slot == C["CC_X"]
    buf = np.frombuffer(g.state.to_bytes(), dtype=np.int32).copy()
    buf[_engine.HEADER_FIELDS.index("dctx0")] = CC_PHYREXIAN
    with pytest.raises(_engine.EngineError, match="107.4f"):
        _engine.State.from_buffer(cards.tables, buf.tobytes())


def test_card_tables_with_a_malformed_phyrexian_column_are_refused(cards):
    t = cards.tables
    row = [c.name for c in cards.cards].index("Gut Shot")
    for word, why in ((phyrexian_word("RR"), "more than the cost's 1"),
                      (phyrexian_word("B"), "Phyrexian B pips, more than"),
                      (-1, "bits for each"), (1 << 10, "bits for each")):
        bad = t.cards.copy()
        bad[row, C["CF_COST_PHYREXIAN"]] = word
        with pytest.raises(_engine.EngineError, match=f"card row {row}: CF_COST_PHYREXIAN.*{why}"):
            _engine.CardTables(bad, t.abilities, t.program)


# --- policies and the action space ----------------------------------------------------------------

def test_the_heuristic_pays_life_while_it_stays_comfortably_high(new_game):
    g = main_phase(new_game)
    lands(g, 0, "Swamp", 3)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears)
    heuristic = C["POL_HEURISTIC"]
    assert Action(g.state.policy_action(heuristic, 1)).a == B2         # 20 -> 16
    g.set_player(0, life=13)
    assert Action(g.state.policy_action(heuristic, 1)).a == B1         # 13 -> 11, not 9
    g.set_player(0, life=12)
    assert Action(g.state.policy_action(heuristic, 1)).a == 0          # all with mana


def test_the_heuristic_pays_with_life_when_mana_cannot(new_game):
    g = main_phase(new_game)
    g.set_player(0, life=5)
    lands(g, 0, "Swamp", 2)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears)
    assert Action(g.state.policy_action(C["POL_HEURISTIC"], 1)).a == B1   # the fewest with life


def test_the_heuristic_does_not_pay_its_last_life(new_game):
    """At 2 life with no red mana, Gut Shot could be cast only by paying the last 2 life
    (704.5a): the heuristic doesn't; with a Mountain it may."""
    g = main_phase(new_game, "60 Grizzly Bears")             # no land to play first
    g.set_player(0, life=2)
    gut = g.create_card("Gut Shot", 0)
    heuristic = C["POL_HEURISTIC"]
    assert Action.make(ActionKind.CAST, gut) in g.legal_actions()
    assert Action(g.state.policy_action(heuristic, 1)).kind != ActionKind.CAST
    lands(g, 0, "Mountain", 1)
    assert Action(g.state.policy_action(heuristic, 1)) == Action.make(ActionKind.CAST, gut)


def test_the_action_space_holds_every_phyrexian_answer(new_game):
    g = main_phase(new_game)
    lands(g, 0, "Swamp", 3)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.cast(g.create_card("Dismember", 0), bears)
    space = ActionSpace.for_game(g)
    indices, codes = space.legal(g.state)
    assert len(set(indices.tolist())) == 3
    for i, c in zip(indices.tolist(), codes.tolist()):
        assert space.action(i, g.state) == c and space.index(c) == i
        assert space.describe(i).startswith("PHYREXIAN(")
    block = space.blocks["PHYREXIAN"]
    assert block.size == C["PHYREXIAN_WORD_LIMIT"]
    assert int(space.mask(g.state).sum()) == 3


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_phyrexian_spells_run_to_completion(cards, policy):
    from mtg_core import Deck
    from mtg_core.policies import play_games
    deck = Deck.parse("8 Dismember\n8 Gut Shot\n8 Mutagenic Growth\n16 Grizzly Bears\n"
                      "10 Swamp\n10 Forest")
    out = play_games([deck, deck], 20, seed=7, policies=policy, cards=cards, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()


# --- Gitaxian Probe: "Look at target player's hand." (hidden information) -----------------------

def known(g, o):
    return int(g.state.sections()["objects"]["known"][o])


def test_gitaxian_probe_its_caster_knows_the_hand_looked_at(new_game):
    """For 2 life and no mana: seat 0 looks at seat 1's hand and draws.  Seat 0 knows each of
    those cards from then on (the observation shows them, determinize keeps them); seat 1
    learns nothing of seat 0's hand; a card seat 1 draws afterwards stays unknown."""
    g = new_game("60 Island", "20 Grizzly Bears\n20 Shock\n20 Forest")
    g.pass_to(Step.MAIN, 0)
    theirs = list(g.hand(1))
    assert theirs and all(known(g, o) == 0 for o in theirs)
    probe = g.create_card("Gitaxian Probe", 0)
    before = len(g.hand(0))
    g.cast(probe, g.player_target(1))                        # no Island: 2 life, no choice
    assert g.life(0) == 18
    resolve(g)
    assert len(g.hand(0)) == before                          # Probe left, a card drawn
    assert all(known(g, o) == 1 for o in theirs)             # seat 0's bit
    assert all(known(g, o) == 0 for o in g.hand(0))
    ids = np.full(64, -1, dtype=np.int32)
    g.state.observation(0, objects=ids)
    assert set(theirs) <= set(ids.tolist())                  # shown to the seat that looked
    cards = g.state.sections()["objects"]["card"]
    for seed in range(5):
        d = g.state.determinize(0, seed)
        assert sorted(int(d.sections()["objects"]["card"][o]) for o in d.zone(C["Z_HAND"], 1)
                      if o in theirs) == sorted(int(cards[o]) for o in theirs)


def test_gitaxian_probe_on_its_caster_and_the_importer_reads_it(new_game):
    from mtg_core.oracle import import_card
    g = main_phase(new_game, "60 Island")
    lands(g, 0, "Island", 1)
    g.cast(g.create_card("Gitaxian Probe", 0), g.player_target(0), life="")   # the Island
    assert g.life(0) == 20
    resolve(g)
    r = import_card("Peek", "{U}", "Instant", "Look at target player's hand.\nDraw a card.")
    assert r.ok
    r = import_card("X", "{U}", "Sorcery", "Look at target creature's hand.")
    assert not r.ok


# --- debug build: random games with Phyrexian spells -------------------------------------------

PHYREXIAN_GAMES = r"""
import json, random, sys
from mtg_core import Deck, Game, _engine
assert _engine.DEBUG_BUILD
rng = random.Random(int(sys.argv[1]))
deck = Deck.parse("4 Dismember\n4 Gitaxian Probe\n4 Gut Shot\n4 Mutagenic Growth\n"
                  "4 Force of Will\n4 Snuff Out\n12 Grizzly Bears\n4 Giant Growth\n"
                  "6 Swamp\n6 Forest\n4 Mountain\n4 Island", name="phyrexian")
results = {}
for i in range(int(sys.argv[2])):
    g = Game([deck, deck], seed=rng.getrandbits(32), mulligans=False, log=False,
             max_turns=rng.choice([10, 20, 30]))
    g.play_random(rng.getrandbits(32))
    results[str(g.state.result)] = results.get(str(g.state.result), 0) + 1
print(json.dumps(results))
"""


def test_phyrexian_random_games_pass_the_debug_cross_checks(debug_engine):
    """Debug build (sanitizers on): random games whose spells are paid with mana or life;
    a Phyrexian way offered as payable that can't be paid would stop the process."""
    proc = debug_engine.run(PHYREXIAN_GAMES, timeout=900, args=("11", "40"))
    assert proc.returncode == 0, proc.stderr[-5000:]
    assert sum(json.loads(proc.stdout.strip().splitlines()[-1]).values()) == 40


# --- Mental Misstep: a Phyrexian symbol and a spell's mana value as a target quality ----------

def test_107_4f_202_3_mental_misstep_paid_with_life_counters_a_spell_of_mana_value_1(new_game):
    """"Counter target spell with mana value 1" (601.2c: only such a spell is a legal target;
    202.3), its {U/P} paid with 2 life (107.4f)."""
    g = main_phase(new_game, deck="60 Mountain")
    g.set_player(0, mana_R=3)
    bolt = g.create_card("Lightning Bolt", 0)
    g.cast(bolt, Game.player_target(1))
    bears = g.create_card("Grizzly Bears", 0)
    misstep = g.create_card("Mental Misstep", 0)
    g.cast(misstep, bolt, life="U")
    assert g.life(0) == 18 and [s["obj"] for s in g.stack()] == [bolt, misstep]
    resolve(g)
    assert bolt in g.graveyard(0) and g.life(1) == 20          # countered (701.6a)
    g.set_player(0, mana_G=1, mana_R=1)
    g.cast(bears)                                             # mana value 2 (202.3)
    second = g.create_card("Mental Misstep", 0)
    before = g.save()
    with pytest.raises(IllegalActionError):                   # not a legal target (601.2c)
        g.cast(second, bears, life="U")
    assert g.save() == before and g.stack()[-1]["obj"] == bears
