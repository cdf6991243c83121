"""Fuzzing saved states: a save is untrusted input, so whatever its bytes, Game.load either
refuses it with StateFormatError or returns a game the core runs safely -- no crash, no
hang, no corrupt state -- for as long as anyone plays it.

Mutations of saves of games in many situations (mulligans, a target being chosen, the
legend rule, a discard, triggers to order, effects, attachments, delayed triggers, a
finished game): truncation, bit flips, and single and multiple field changes resealed with
a valid CRC.  Every accepted state is played for a few hundred random actions in a child
process with a timeout (a crash or a hang there fails the test, not the test run), saving
and reloading as it goes.  The last test runs a fixed corpus under the debug build with
AddressSanitizer and UndefinedBehaviorSanitizer (see docs/architecture.md, "Debug and sanitizer
builds").

``MTG_CORE_FUZZ_EXAMPLES=2000 python -m pytest tests/state/test_fuzz_saved_states.py`` runs
longer, randomised fuzzing; by default the examples are few and derandomised.
"""
from __future__ import annotations

import json
import os
import random
import struct
import subprocess
import sys
import textwrap
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtg_core
from mtg_core import (Action, ActionKind, Decision, Deck, Game, StateFormatError, Step, Zone,
                      _engine)
from mtg_core.game import SAVE_MAGIC

HEAD = len(SAVE_MAGIC) + 16
SECTIONS = ("header", "players", "objects", "stack", "effects", "triggers", "delayed",
            "combat_damage")
EXTRA = int(os.environ.get("MTG_CORE_FUZZ_EXAMPLES", "0"))


def fuzz_settings(examples: int):
    return settings(max_examples=EXTRA or examples, derandomize=not EXTRA, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# The card database of every game here, written once for this process and the children.
CARDS_CODE = textwrap.dedent("""
    from mtg_core import DEFAULT_CARDS, Card
    from mtg_core.cards import AtBeginningOfNext, GainLife, LoseLife, SpellAbility
    CARDS = DEFAULT_CARDS.extended([
        Card("Later Drain", "", ("Instant",),
             abilities=(SpellAbility(AtBeginningOfNext("end", (LoseLife("you", 1),))),)),
        Card("Cleanup Gift", "", ("Instant",),
             abilities=(SpellAbility(AtBeginningOfNext("cleanup", (GainLife("you", 1),))),)),
    ])
""")
_ns: dict = {}
exec(CARDS_CODE, _ns)
CARDS = _ns["CARDS"]

# Run by the child: load each blob of a directory; play the accepted ones.  Besides the
# loader's own checks (each save is reloaded), ``sound`` is a second opinion written
# independently of it: the invariants whose breaking was seen to corrupt games.
CHILD = CARDS_CODE + textwrap.dedent("""
    import json, os, sys
    import numpy as np
    from mtg_core import Decision, Game, Phase, Result, StateFormatError, Step, _engine

    C = _engine.constants()
    OF, PF, SF = _engine.OBJECT_FIELDS, _engine.PLAYER_FIELDS, _engine.STACK_FIELDS
    PHASE_OF = {0: 0, 1: 0, 2: 0, 3: (1, 3), 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 4, 10: 4}

    def sound(game):
        h, s = game.state.header(), game.state.sections()
        n, np_ = h["n_objects"], h["n_players"]
        Step(h["step"]), Phase(h["phase"]), Decision(h["decision"]), Result(h["result"])
        assert any(h[f"rng{i}"] for i in range(4)), "the RNG is stuck at zero"
        assert 0 <= h["passes"] < np_, "passes"
        objs, counts, lists = s["objects"][:n], s["zone_counts"], s["zone_lists"]
        zoff = game.state.zone_offsets()
        listed = np.concatenate([lists[zoff[z]:zoff[z] + counts[z]] for z in range(h["n_zones"])])
        assert sorted(listed.tolist()) == np.flatnonzero(objs["zone"] >= 0).tolist()
        off = objs["zone"] != 3 * np_
        for f in ("tapped", "damage", "plus1", "minus1", "loyalty", "phased_out", "sick"):
            assert not (off & (objs[f] != 0)).any(), f"{f} off the battlefield"
        for f, hi in (("tapped", 1), ("sick", 1), ("phased_out", 2), ("token", 1)):
            assert ((objs[f] >= 0) & (objs[f] <= hi)).all(), f
        assert (objs["timestamp"] >= 0).all(), "negative timestamp"
        players = s["players"]
        assert not (players[:, PF.index("removed")] & players[:, PF.index("in_game")]).any()
        for en in s["plan"][:h["plan_len"]].tolist():
            assert (en >> 4) & 15 in np.atleast_1d(PHASE_OF[en & 15]), f"plan entry {en}"
        stack = s["stack"][:h["stack_n"]]
        spells = stack[stack[:, SF.index("kind")] == C["SK_SPELL"], SF.index("obj")]
        on_stack = lists[zoff[3 * np_ + 1]:zoff[3 * np_ + 1] + counts[3 * np_ + 1]]
        assert sorted(spells.tolist()) == sorted(on_stack.tolist()), "stack zone"
        for row in stack:
            o, ab = row[SF.index("obj")], row[SF.index("ability")]
            if row[SF.index("kind")] == C["SK_SPELL"] and not game.card_of(o).is_permanent():
                assert ab >= 0, "an instant or sorcery on the stack without its ability"

    def run(blob, steps, seed):
        try:
            game = Game.load(blob, cards=CARDS)
        except StateFormatError:
            return "rejected", ""
        assert Game.load(game.save(), cards=CARDS) == game, "a loaded game does not round-trip"
        str(game), game.log, game.decision
        sound(game)
        for i in range(steps):
            if game.is_over:
                break
            code = game.state.random_action(seed * 7919 + i, i % 3 == 0)
            if code < 0:
                return "stuck", f"no legal action in a running game at step {i}"
            game.apply(code)
            if i % 50 == 49:
                Game.load(game.save(), cards=CARDS)   # still a state play can produce
                sound(game)
        str(game), game.log
        Game.load(game.save(), cards=CARDS)
        sound(game)
        game.play_random(seed)                        # and to the end in the core
        Game.load(game.save(), cards=CARDS)
        sound(game)
        return "played", ""

    directory, steps = sys.argv[1], int(sys.argv[2])
    for name in sorted(os.listdir(directory)):
        print("start", name, file=sys.stderr, flush=True)
        blob = open(os.path.join(directory, name), "rb").read()
        try:
            status, why = run(blob, steps, int(name.split(".")[0]))
        except Exception as err:
            status, why = "error", f"{type(err).__name__}: {err}"
        print(json.dumps({"name": name, "status": status, "why": why}), flush=True)
""")


# --- games in many situations --------------------------------------------------------------------

def _play(game: Game, steps: int, seed: int, include_mana: bool = False) -> Game:
    for i in range(steps):
        if game.is_over:
            break
        game.apply(game.state.random_action(seed * 1000 + i, include_mana))
    return game


def _resolve(game: Game) -> None:
    game.pass_priority()
    game.pass_priority()


def base_games() -> list[Game]:
    g = []
    g.append(Game(["bears", "gruul", "white_weenie"], seed=1, mulligans=True, cards=CARDS))
    g.append(_play(Game(["gruul", "white_weenie"], seed=3, mulligans=False, cards=CARDS), 300, 3))
    g.append(_play(Game(["white_weenie", "gruul", "bears", "gruul"], seed=5, mulligans=True,
                        cards=CARDS), 700, 5, True))
    done = Game(["gruul", "white_weenie"], seed=8, cards=CARDS)
    done.play_random(8)
    g.append(done)
    # 601.2c: a Lightning Bolt waiting for its target; then on the stack.
    bolt = Game([Deck.parse("60 Mountain"), "bears"], seed=9, mulligans=False,
                starting_player=0, cards=CARDS)
    bolt.pass_to(Step.MAIN, 0)
    bolt.create_card("Mountain", 0, Zone.BATTLEFIELD)
    bear = bolt.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bolt.cast(bolt.create_card("Lightning Bolt", 0, Zone.HAND))
    g.append(bolt.clone())
    bolt.apply(Action.make(ActionKind.TARGET, bear))
    g.append(bolt)
    # 704.5j: the legend rule.
    legend = Game(["white_weenie", "bears"], seed=10, mulligans=False, starting_player=0,
                  cards=CARDS)
    legend.pass_to(Step.MAIN, 0)
    for _ in range(3):
        legend.create_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    legend.check_state_based_actions()
    g.append(legend)
    # 514.1: discarding to hand size.
    discard = Game(["bears", "bears"], seed=11, mulligans=False, starting_player=0, cards=CARDS)
    for _ in range(4):
        discard.create_card("Grizzly Bears", 0, Zone.HAND)
    discard.pass_until(lambda x: x.decision.kind == Decision.DISCARD)
    g.append(discard)
    # 603.3b: two upkeep triggers to order.
    order = Game(["bears", "bears"], seed=12, mulligans=False, starting_player=0, cards=CARDS)
    for _ in range(2):
        order.create_card("Phyrexian Arena", 0, Zone.BATTLEFIELD)
    order.pass_until(lambda x: x.decision.kind != Decision.PRIORITY)
    g.append(order)
    # Effects, an Aura, Equipment, phasing, a frozen creature, delayed triggers.
    rich = Game([Deck.parse("30 Forest\n30 Plains"), Deck.parse("30 Island\n30 Mountain")],
                seed=13, mulligans=False, starting_player=0, cards=CARDS)
    rich.pass_to(Step.MAIN, 0)
    for name in ("Forest", "Forest", "Plains", "Plains", "Forest", "Island", "Island",
                 "Island", "Island"):
        rich.create_card(name, 0, Zone.BATTLEFIELD)
    bear = rich.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    rich.create_card("Breezekeeper", 0, Zone.BATTLEFIELD)
    theirs = rich.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    for name, targets in (("Holy Strength", (bear,)), ("Giant Growth", (bear,)),
                          ("Later Drain", ()), ("Cleanup Gift", ()), ("Sleep", (rich.player_target(1),))):
        rich.cast(rich.create_card(name, 0, Zone.HAND), *targets)
        _resolve(rich)
    equipment = rich.create_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    g.append(rich.clone())
    rich.activate(equipment, 0, bear)
    g.append(rich.clone())
    _resolve(rich)
    g.append(rich.clone())
    assert theirs in rich.battlefield(1)
    g.append(_play(rich, 250, 13, True))
    # Classic edition: combat damage on the stack.
    classic = Game(["bears", "bears"], seed=14, mulligans=False, starting_player=0, cards=CARDS,
                   edition="classic")
    bears = [classic.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD) for _ in range(2)]
    giant = classic.create_card("Hill Giant", 1, Zone.BATTLEFIELD)
    classic.pass_until(lambda x: x.decision.kind == Decision.DECLARE_ATTACKERS)
    classic.declare_attackers({o: classic.player_target(1) for o in bears})
    classic.pass_until(lambda x: x.decision.kind == Decision.DECLARE_BLOCKERS)
    classic.declare_blockers({giant: bears[0]})
    classic.pass_until(lambda x: x.step == Step.COMBAT_DAMAGE)
    assert len(classic.combat_damage_on_stack()) == 3
    g.append(classic)
    return g


BASES: list[tuple[Game, bytes]] = []


def bases() -> list[tuple[Game, bytes]]:
    if not BASES:
        BASES.extend((game, game.save()) for game in base_games())
    return BASES


# --- mutations -------------------------------------------------------------------------------------

def reseal(data) -> bytes:
    data = bytes(data)
    return data + struct.pack("<I", zlib.crc32(data))


def _layout(game: Game):
    """Per section: (first word, rows, fields) in the state buffer."""
    secs = game.state.sections()
    base = game.state.buffer.ctypes.data
    out = {}
    for name, arr in secs.items():
        rows, cols = (1, arr.size) if arr.ndim == 1 else arr.shape
        if arr.dtype.names:             # the object table: one row per object, its fields
            rows, cols = arr.size, len(arr.dtype.names)
        out[name] = ((arr.ctypes.data - base) // 4, rows, cols)
    return out


INTERESTING = [0, 1, -1, 2, -2, 3, 7, 10, 15, 16, 63, 64, 255, 256, 4000, 4001, 4095,
               10**9, 10**9 + 1, -10**9 - 1, 2**31 - 1, -2**31]


class Draws:
    """Where a mutation's choices come from: Hypothesis (``data.draw``) or a seeded
    ``random.Random`` (batches and the fixed sanitizer corpus)."""

    def __init__(self, data=None, rng: random.Random | None = None):
        self.data, self.rng = data, rng

    def int(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi)) if self.data else self.rng.randint(lo, hi)

    def pick(self, seq):
        seq = list(seq)
        return seq[self.int(0, len(seq) - 1)]


def field_value(d: Draws, game: Game, section: str, field_index: int, old: int) -> int:
    """A new value for one word: mostly inside its domain (those are the states that load
    and must then play safely), sometimes at or past its edges, sometimes anything."""
    kind = d.int(0, 9)
    domains = _engine.field_domains().get(section)
    if domains and kind < 6:
        tables = game.cards.tables
        bounds = _engine.state_bounds(game.state.header(), tables.n_cards,
                                      tables.abilities.shape[0], tables.program.shape[0])
        lo, hi = (bounds[x] if isinstance(x, str) else x
                  for x in d.pick(list(domains.values())[field_index][0]))
        if hi < lo:
            return old
        return d.pick([lo, hi, lo - 1, hi + 1, d.int(lo, hi), d.int(lo, hi)])
    if kind < 8:
        return d.pick(INTERESTING + [old + 1, old - 1, old ^ (1 << d.int(0, 30))])
    return d.int(-2**31, 2**31 - 1)


def mutate(d: Draws, in_domain_bias: bool = False) -> bytes:
    """A save of one of the base games, mutated: truncated, bits flipped (with or without
    a valid CRC), cut with its lengths made consistent, or words of its state changed and
    resealed."""
    game, blob = d.pick(bases())
    _, _, n_names, n_body = struct.unpack("<IIII", blob[len(SAVE_MAGIC):HEAD])
    body = HEAD + n_names
    kinds = ["fields"] * 3 + ([] if in_domain_bias else
                              ["truncate", "flip", "flip_sealed", "cut_sealed"])
    kind = d.pick(kinds)
    if kind == "truncate":
        return blob[:d.int(0, len(blob) - 1)]
    if kind == "flip":
        data = bytearray(blob)
        data[d.int(0, len(data) - 1)] ^= 1 << d.int(0, 7)
        return bytes(data)
    data = bytearray(blob[:-4])
    if kind == "flip_sealed":
        for _ in range(d.int(1, 4)):
            data[d.int(body, len(data) - 1)] ^= 1 << d.int(0, 7)
        return reseal(data)
    if kind == "cut_sealed":
        new_body = data[body:body + n_body - 4 * d.int(1, n_body // 4)]
        head = SAVE_MAGIC + struct.pack("<IIII", 1, struct.unpack("<I", data[12:16])[0],
                                        n_names, len(new_body))
        return reseal(head + data[HEAD:body] + new_body)
    layout = _layout(game)
    for _ in range(d.int(1, 1 if d.int(0, 1) else 6)):
        section = d.pick(SECTIONS + ("plan", "zone_counts", "zone_lists"))
        start, rows, cols = layout[section]
        if section == "objects":
            rows = min(rows, game.state.n_objects + 1)
        elif section in ("stack", "effects", "triggers", "delayed", "combat_damage"):
            rows = min(rows, 4)
        if rows == 0:
            continue                    # no combat damage section outside the classic edition
        elif section == "plan":
            cols = 16
        row, col = d.int(0, rows - 1), d.int(0, cols - 1)
        w, fmt, bits = body + 4 * (start + row * cols + col), "<i", 32
        if section == "objects":        # fields as narrow as their domains (OBJ_DTYPE)
            dtype, at = _engine.OBJ_DTYPE.fields[_engine.OBJECT_FIELDS[col]]
            w = body + 4 * start + row * _engine.OBJ_DTYPE.itemsize + at
            fmt, bits = {1: "<b", 2: "<h", 4: "<i"}[dtype.itemsize], 8 * dtype.itemsize
        old = struct.unpack_from(fmt, data, w)[0]
        value = field_value(d, game, section, col, old) if section in SECTIONS else \
            d.pick(INTERESTING + [old + 1, old - 1])
        struct.pack_into(fmt, data, w, (value + 2**(bits - 1)) % 2**bits - 2**(bits - 1))
    return reseal(data)


# --- the tests ----------------------------------------------------------------------------------------

@fuzz_settings(250)
@given(data=st.data())
def test_a_mutated_save_is_refused_cleanly_or_loads_whole(data):
    """Whatever the bytes: StateFormatError with a short message, or a game that saves to
    the same bytes and, if it is going on, has a legal answer to its decision."""
    blob = mutate(Draws(data=data))
    try:
        game = Game.load(blob, cards=CARDS)
    except StateFormatError as err:
        assert 0 < len(str(err)) < 400
        return
    assert game.save() == blob
    assert game.is_over or len(game.legal_actions()) > 0


def play_in_child(blobs: list[bytes], tmp_path, steps: int, variant=None,
                  timeout: float = 600) -> list[dict]:
    """Write ``blobs`` to a directory and let one child process load and play them all;
    returns its per-blob results.  A crash or a hang fails with the blob it happened on."""
    directory = tmp_path / "corpus"
    directory.mkdir(exist_ok=True)
    for f in directory.iterdir():
        f.unlink()
    for i, blob in enumerate(blobs):
        (directory / f"{i:05d}.bin").write_bytes(blob)
    args = (str(directory), str(steps))
    if variant is None:
        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.abspath(mtg_core.__file__)))
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        proc = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True,
                              text=True, timeout=timeout, env=env)
    else:
        proc = variant.run(CHILD, timeout=timeout, args=args)
    started = [line for line in proc.stderr.splitlines() if line.startswith("start ")]
    assert proc.returncode == 0, (f"the child died (exit {proc.returncode}) on "
                                  f"{started[-1] if started else '?'}:\n{proc.stderr[-3000:]}")
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == len(blobs)
    return results


@fuzz_settings(4)
@given(rng=st.randoms(use_true_random=False))
def test_accepted_mutations_play_hundreds_of_actions_safely(rng, tmp_path_factory):
    """Every mutated save that loads (of 80 mostly in-domain mutations a batch) is played
    for 300 random actions and then to the end, saved and reloaded on the way: the game
    never gets stuck, never raises, and never reaches a state its own save can't reload."""
    d = Draws(rng=rng)
    accepted = []
    for _ in range(80):
        blob = mutate(d, in_domain_bias=True)
        try:
            Game.load(blob, cards=CARDS)
        except StateFormatError:
            continue
        accepted.append(blob)
    results = play_in_child(accepted, tmp_path_factory.mktemp("fuzz"), 300, timeout=300)
    bad = [r for r in results if r["status"] != "played"]
    assert not bad, bad[:5]


def test_fuzz_corpus_under_address_and_undefined_sanitizers(debug_engine, tmp_path):
    """The same child loads a fixed corpus -- the unchanged saves of every base game and
    150 mutations of them -- with the core built with MTG_CORE_DEBUG=1 and
    MTG_CORE_SANITIZE=address,undefined: any out-of-bounds access, use after free, signed
    overflow or failed debug cross-check aborts it."""
    d = Draws(rng=random.Random(2024))
    corpus = [blob for _, blob in bases()] + [mutate(d, in_domain_bias=i % 2 == 0)
                                              for i in range(150)]
    results = play_in_child(corpus, tmp_path, 200, variant=debug_engine, timeout=900)
    assert {r["status"] for r in results} <= {"played", "rejected"}, \
        [r for r in results if r["status"] not in ("played", "rejected")][:5]
    assert all(r["status"] == "played" for r in results[:len(bases())])
