"""The core's shortcuts are safe by construction: debug builds check every one of them.

The core skips work with a dirty flag (``sba_dirty``: no state-based action can apply, so
the 704.3 check is skipped) and summaries (``bf_ability_kinds``: the kinds of abilities on
the battlefield; ``any_attached``: whether anything is attached).  In a build with
``MTG_CORE_DEBUG=1`` every skip and every read of a summary is verified against the full
computation, and a wrong one stops the process (``debug_fail``).  The per-card summary
``CF_ABILITY_KINDS`` is checked once, when card tables are built, in every build.

Here: many random games of every bundled deck, 2 to 4 players, with concessions at random
moments, run in the debug build (with the address and undefined-behaviour sanitizers)
without a single failed check; and proofs that each check does fire when its shortcut is
deliberately put out of step with the state.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from mtg_core import DEFAULT_CARDS, _engine

C = _engine.constants()

# The child process: random games with concessions, on the debug build.
RANDOM_GAMES = r"""
import json, random, sys
from collections import Counter
from mtg_core import (DEFAULT_CARDS, Card, Deck, Decision, Game, Result, bundled_deck,
                      bundled_deck_names, _engine)
from mtg_core.cards import ActivatedAbility, Attach

assert _engine.DEBUG_BUILD, "this must run against the debug build"
n_games, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
# A few cards the library lacks, for rules it doesn't reach yet: Curses on players who may
# concede (303.4c), the world rule (704.5k), Auras that move (303.4j), and a creature
# planeswalker that is indestructible (704.3).
cards = DEFAULT_CARDS.extended([
    Card("Test Curse", "{1}", ("Enchantment",), ("Aura", "Curse"), enchant="opponent"),
    Card("Test World", "{1}", ("Enchantment",), supertypes=("World",)),
    Card("Roving Blessing", "{1}", ("Enchantment",), ("Aura",), enchant="creature",
         attached_bonus=(1, 1),
         abilities=(ActivatedAbility("{1}", Attach("target"), targets=("permanent",)),)),
    Card("Steel Walker", "{2}", ("Creature", "Planeswalker"), power=1, toughness=1,
         loyalty=1, keywords=("indestructible",)),
])
decks = {name: bundled_deck(name) for name in bundled_deck_names()}
# Every card, on a mana base of every colour: what the bundled decks leave out (phasing,
# statics, extra turns, delayed triggers, ...) is played too.
spells = [c.name for c in cards if "Land" not in c.types]
decks["everything"] = Deck.parse("\n".join(
    [f"5 {n}" for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    + [f"{1 + i % 2} {n}" for i, n in enumerate(spells)]), name="everything")
names = sorted(decks)
# Concede more often at the rarer decisions, so that each kind sees some (the kinds not
# listed, 0.3).
chance = {Decision.PRIORITY: 0.01, Decision.MULLIGAN: 0.05, Decision.TARGET: 0.2,
          Decision.DISCARD: 0.2, Decision.BOTTOM: 0.2, Decision.ORDER_TRIGGERS: 0.5,
          Decision.LEGEND_RULE: 0.5, Decision.DECLARE_ATTACKERS: 0.2,
          Decision.DECLARE_BLOCKERS: 0.2, Decision.DAMAGE_ORDER: 0.5,
          Decision.CHOOSE_FROM_HAND: 0.5, Decision.ATTACK_WHAT: 0.5,
          Decision.CAST_CHOICE: 0.2, Decision.PAY_UNLESS: 0.3,
          Decision.SEARCH_LIBRARY: 0.5, Decision.ASSIGN_DAMAGE: 0.3,
          Decision.CHOOSE_DEFENDER: 0.5, Decision.MAY: 0.3, Decision.LIBRARY_CARDS: 0.3,
          Decision.DISCARD_CHOICE: 0.3, Decision.LOOK_TAKE: 0.3,
          Decision.ACTIVATION_COST: 0.3, Decision.WARD_PAY: 0.5}
seen, conceded_at, results = Counter(), Counter(), Counter()
for g in range(n_games):
    n = 2 + g % 3
    seats = [names[(g // 3) % len(names)]] + [rng.choice(names) for _ in range(n - 1)]
    game = Game([decks[s] for s in seats], seed=rng.getrandbits(32), cards=cards,
                mulligans=rng.random() < 0.5, max_turns=rng.choice([0, 12, 20, 20, 30, 30]),
                log=False)
    seen.update(f"{s}/{n}" for s in seats)
    st = game.state
    # Up to n - 1 concessions while the first decisions are driven from here, by the
    # player deciding or by another one; then the core plays the game out.
    left = rng.randrange(n)
    for step in range(150):
        if game.is_over:
            break
        kind, decider, _ = st.decision
        if left and rng.random() < chance.get(Decision(kind), 0.3):
            p = decider if rng.random() < 0.5 else rng.choice(
                [q for q in range(n) if game.in_game(q)])
            game.concede(p)
            left -= 1
            conceded_at[Decision(kind).name + (" by decider" if p == decider else " by other")] += 1
            assert Game.load(game.save(), cards) == game   # loading checks every invariant
            continue
        assert st.apply(st.random_action(rng.getrandbits(32), rng.random() < 0.2)) == 0
    game.play_random(rng.getrandbits(32))
    results[Result(st.result).name] += 1
print(json.dumps({"results": results, "conceded_at": conceded_at, "seen": seen}))
"""

N_GAMES = 400


def test_random_games_of_every_deck_pass_every_debug_cross_check(debug_engine):
    """400 games (2, 3 and 4 players; every bundled deck and one with every card of the
    library and a few more; concessions at random moments) in the debug build with
    sanitizers: no
    shortcut is ever wrong, no state ever breaks an invariant, every game ends."""
    proc = debug_engine.run(RANDOM_GAMES, timeout=900, args=(str(N_GAMES), "20240611"))
    assert proc.returncode == 0, proc.stderr[-5000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sum(report["results"].values()) == N_GAMES
    assert set(report["results"]) <= {"WIN", "DRAW", "UNFINISHED"}       # never ABORTED
    decks = {key.split("/")[0] for key in report["seen"]}
    assert decks >= {"bears", "gruul", "white_weenie", "blue_control", "everything"}
    assert {key.split("/")[1] for key in report["seen"]} == {"2", "3", "4"}
    kinds = {key.split(" ")[0] for key in report["conceded_at"]}
    assert kinds >= {"PRIORITY", "MULLIGAN", "TARGET", "DISCARD", "BOTTOM"}, report
    assert any(key.endswith("by decider") for key in report["conceded_at"])
    assert any(key.endswith("by other") for key in report["conceded_at"])


# --- each check fires when its shortcut is wrong --------------------------------------------------

SETUP = """
from mtg_core import Game, Zone, _engine
assert _engine.DEBUG_BUILD
game = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0, spare_objects=64)
C = _engine.constants()             # every table at its largest: create_card then never
game.state.reserve(**{k: C[k.upper()] for k in            # grows the state, so the views
                      ("stack_cap", "effect_cap", "trigger_cap", "delayed_cap")})   # stay valid
s = game.state.sections()
H, O = _engine.HEADER_FIELDS, _engine.OBJECT_FIELDS
"""

# Each case writes behind the engine's back (through the numpy views of the buffer) and
# then does something that reads the shortcut; ``{fix}`` puts the shortcut back in step.
DESYNC = {
    "sba_dirty": """
bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
assert game.check_state_based_actions() == 0
s["objects"]["damage"][bears] = 2          # lethal damage; the flag is still clear
{fix}s["header"][H.index("sba_dirty")] = 1
print("out of step", flush=True)
game.pass_priority()                                # P1 would receive priority: 704.3
assert game.state.zone_kind_of(bears) == Zone.GRAVEYARD
""",
    "bf_ability_kinds": """
elves = game.create_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
s["header"][H.index("bf_ability_kinds")] = 0         # "no abilities on the battlefield"
{fix}s["header"][H.index("bf_ability_kinds")] = -1
print("out of step", flush=True)
assert any(a.a == elves for a in game.legal_actions())
""",
    "any_attached": """
bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
aura = game.create_card("Holy Strength", 0, Zone.BATTLEFIELD, attached_to=bears)
s["header"][H.index("any_attached")] = 0            # "nothing is attached"
{fix}s["header"][H.index("any_attached")] = 1
print("out of step", flush=True)
assert game.power_toughness(bears) == (3, 4)
""",
    # 508.1d: the maximum cached for the declaration in progress (Juggernaut "attacks each
    # combat if able": the maximum is 1, cached as decl_max = maximum + 1).
    "decl_max": """
from mtg_core import Decision
jugg = game.create_card("Juggernaut", 0, Zone.BATTLEFIELD)
game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
while game.decision.kind != Decision.DECLARE_ATTACKERS:
    game.pass_priority()
game.legal_actions()                                # computes and caches the maximum
assert s["header"][H.index("decl_max")] == 2
s["header"][H.index("decl_max")] = 1                # "the maximum is 0"
{fix}s["header"][H.index("decl_max")] = 0
print("out of step", flush=True)
assert game.legal_actions()
""",
    # 304.1 / 702.8a: with no instant or flash card in any hand, priority outside sorcery
    # timing doesn't look at the hands.
    "no_fast_in_hand": """
bolt = game.create_card("Lightning Bolt", 0, Zone.HAND)
assert s["header"][H.index("no_fast_in_hand")] == 0
s["header"][H.index("no_fast_in_hand")] = 1         # "no instant in any hand"
{fix}s["header"][H.index("no_fast_in_hand")] = 0
print("out of step", flush=True)
game.legal_actions()
""",
    # 702.34a / 702.29a: with no card with flashback or cycling ever in a hand or
    # graveyard, priority doesn't scan them for those.
    "zone_ability_cards": """
think = game.create_card("Think Twice", 0, Zone.GRAVEYARD)
assert s["header"][H.index("zone_ability_cards")] == 1
s["header"][H.index("zone_ability_cards")] = 0      # "none in a hand or graveyard"
{fix}s["header"][H.index("zone_ability_cards")] = 1
print("out of step", flush=True)
game.legal_actions()
""",
    # 613: with no EF_LAYER effect, characteristics take the fast paths.
    "layer_effects": """
C = _engine.constants()
E = _engine.EFFECT_FIELDS
bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
row = s["effects"][0]
row[:] = 0
row[E.index("kind")] = C["EF_LAYER"]
row[E.index("change")] = C["LY_PT_MODIFY"]
row[E.index("source")] = row[E.index("affected")] = bears
row[E.index("affected_inc")] = s["objects"]["incarnation"][bears]
row[E.index("a")] = row[E.index("b")] = 1             # +1/+1 (layer 7c)
row[E.index("duration")] = C["DUR_END_OF_TURN"]
row[E.index("timestamp")] = 1
s["header"][H.index("effects_n")] = 1                 # "no layer effect" is now wrong
{fix}s["header"][H.index("layer_effects")] = 1
print("out of step", flush=True)
assert game.power_toughness(bears) == (3, 3)
""",
    # 511.3 / 506.4: only permanents can be in combat, so the end of combat clears the
    # battlefield only.
    "clear_combat": """
from mtg_core import Phase
forest = game.create_card("Forest", 0, Zone.GRAVEYARD)
s["objects"]["combat"][forest] = 1         # "attacking" from a graveyard
{fix}s["objects"]["combat"][forest] = 0
print("out of step", flush=True)
game.pass_until(lambda g: g.phase == Phase.POSTCOMBAT_MAIN)
""",
    # 704.5j: only the legend rule marks a permanent MARK_PUT_AWAY (2), within one SBA
    # pass; a pass that saw at most one legendary permanent skips looking for such marks.
    "legend marks": """
forest = game.create_card("Forest", 0, Zone.BATTLEFIELD)
s["objects"]["mark"][forest] = 2           # "the legend rule puts it away"
{fix}s["objects"]["mark"][forest] = 0
s["header"][H.index("sba_dirty")] = 1
print("out of step", flush=True)
game.pass_priority()                                # P1 would receive priority: 704.3
assert game.state.zone_kind_of(forest) == Zone.BATTLEFIELD
""",
    # 502.1: the untap step reads marks as its own phasing marks, and looks at them only
    # when it set one: every mark is clear between steps.
    "untap step": """
from mtg_core import Step
game.pass_until(lambda g: g.step == Step.END)       # past the turn's checks (704.3)
forest = game.create_card("Forest", 0, Zone.BATTLEFIELD)
game.check_state_based_actions()                    # (an SBA pass clears every mark)
s["objects"]["mark"][forest] = 1           # "phases in": a mark left between steps
{fix}s["objects"]["mark"][forest] = 0
print("out of step", flush=True)
game.pass_until(lambda g: g.turn == 2)
""",
}


@pytest.mark.parametrize("shortcut", list(DESYNC))
def test_a_shortcut_out_of_step_with_the_state_stops_a_debug_build(debug_engine, shortcut):
    """The cross-check is not a no-op: with the shortcut wrong, the process stops naming
    it; with the same steps and the shortcut put right, it runs to the end."""
    wrong = debug_engine.run(SETUP + DESYNC[shortcut].format(fix="# "), timeout=300)
    assert wrong.returncode != 0
    assert "out of step" in wrong.stdout
    assert f"mtg_core debug check failed: {shortcut}" in wrong.stderr, wrong.stderr[-3000:]
    right = debug_engine.run(SETUP + DESYNC[shortcut].format(fix=""), timeout=300)
    assert right.returncode == 0, right.stderr[-3000:]
    assert "out of step" in right.stdout


# --- CF_ABILITY_KINDS is checked when card tables are built ----------------------------------------

@pytest.mark.parametrize("change", ["missing", "extra"])
def test_card_tables_with_a_wrong_ability_kinds_summary_are_refused(change):
    """The summary of a card's ability kinds must say exactly what its ability rows are
    (the core skips cards by it: a missing kind would hide an ability)."""
    t = DEFAULT_CARDS.tables
    cards = np.array(t.cards)
    row = DEFAULT_CARDS.row("Llanowar Elves")
    mana = 1 << C["AB_MANA"]
    assert cards[row, C["CF_ABILITY_KINDS"]] == mana
    cards[row, C["CF_ABILITY_KINDS"]] = 0 if change == "missing" else mana | (1 << C["AB_TRIGGERED"])
    with pytest.raises(_engine.EngineError, match="CF_ABILITY_KINDS"):
        _engine.CardTables(cards, t.abilities, t.program)
    _engine.CardTables(np.array(t.cards), t.abilities, t.program)        # the real ones load
