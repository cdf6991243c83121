"""Saving and loading game states: round trips, and corrupt, truncated, tampered or
foreign blobs, which must raise StateFormatError with a clear message and never crash;
pickles and deep copies of games and states, which go through the same checked bytes.

Blob layout (mtg_core.game.Game.save): magic (8 bytes), format, card-database fingerprint,
length of the card-name list, length of the state buffer (4 x uint32 LE), the card names
as JSON, the state buffer (int32 LE words), CRC32 of everything before it.
"""
from __future__ import annotations

import concurrent.futures
import copy
import json
import multiprocessing
import os
import pickle
import random
import struct
import subprocess
import sys
import textwrap
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtg_core
from mtg_core import DEFAULT_CARDS, Card, Game, StateFormatError, _engine, pickling
from mtg_core.game import SAVE_MAGIC

C = _engine.constants()
HF = _engine.HEADER_FIELDS
OF = _engine.OBJECT_FIELDS
PF = _engine.PLAYER_FIELDS
SF = _engine.STACK_FIELDS
EFF = _engine.EFFECT_FIELDS
TRF = _engine.TRIGGER_FIELDS
DLF = _engine.DELAYED_FIELDS
HEAD = len(SAVE_MAGIC) + 16          # magic + 4 x uint32

DECKS = ("bears", "gruul", "white_weenie")


# --- helpers ---------------------------------------------------------------------------------

def play(game: Game, steps: int, seed: int = 0, include_mana: bool = False) -> Game:
    for i in range(steps):
        if game.is_over:
            break
        game.apply(game.state.random_action(seed * 100003 + i, include_mana))
    return game


def mid_game(decks=("gruul", "white_weenie"), seed=3, steps=300, **kw) -> Game:
    return play(Game(list(decks), seed=seed, mulligans=False, **kw), steps, seed)


def parts(blob: bytes) -> tuple[int, int, int]:
    """(fingerprint, names length, body offset)."""
    fmt, fingerprint, n_names, n_body = struct.unpack("<IIII", blob[len(SAVE_MAGIC):HEAD])
    return fingerprint, n_names, HEAD + n_names


def reseal(data: bytes | bytearray) -> bytes:
    """Recompute the trailing CRC over everything before it."""
    data = bytes(data)
    return data + struct.pack("<I", zlib.crc32(data))


def section_words(game: Game) -> dict[str, int]:
    """Word offset of each section of the state buffer."""
    base = game.state.buffer.ctypes.data
    return {k: (v.ctypes.data - base) // 4 for k, v in game.state.sections().items()}


def tamper(game: Game, edits: dict[int, int]) -> bytes:
    """The game's blob with some int32 words of the state buffer changed and a valid CRC."""
    blob = game.save()
    _, _, body = parts(blob)
    data = bytearray(blob[:-4])
    for word, value in edits.items():
        if isinstance(word, tuple):            # (byte offset, struct format): a narrow field
            struct.pack_into(word[1], data, body + word[0], value)
        else:
            struct.pack_into("<i", data, body + 4 * word, value)
    return reseal(data)


def object_field(off: dict[str, int], o: int, f: str) -> tuple[int, str]:
    """Where object ``o``'s field ``f`` is in the buffer (a byte offset) and its width (the
    object table's fields are as narrow as their domains: _engine.OBJ_DTYPE)."""
    dtype, at = _engine.OBJ_DTYPE.fields[f]
    return (4 * off["objects"] + o * _engine.OBJ_DTYPE.itemsize + at,
            {1: "<b", 2: "<h", 4: "<i"}[dtype.itemsize])


def load_error(blob) -> str:
    with pytest.raises(StateFormatError) as info:
        Game.load(blob)
    msg = str(info.value)
    assert msg and len(msg) < 400, msg
    return msg


# --- round trips -----------------------------------------------------------------------------

@pytest.mark.parametrize("decks", [("bears", "bears"), ("gruul", "white_weenie"),
                                   ("bears", "gruul", "white_weenie"),
                                   ("white_weenie", "gruul", "bears", "gruul")])
@pytest.mark.parametrize("mulligans", [False, True])
def test_round_trip_of_a_new_game(decks, mulligans):
    game = Game(list(decks), seed=17, mulligans=mulligans)
    blob = game.save()
    assert blob.startswith(SAVE_MAGIC)
    loaded = Game.load(blob)
    assert loaded == game
    assert loaded.state.to_bytes() == game.state.to_bytes()
    assert loaded.save() == blob
    assert loaded.decision == game.decision
    assert [a.code for a in loaded.legal_actions()] == [a.code for a in game.legal_actions()]
    assert loaded.n_players == len(decks)
    str(loaded)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.sampled_from(DECKS), min_size=2, max_size=4),
       seed=st.integers(0, 2**64 - 1), steps=st.sampled_from([0, 1, 7, 60, 400, 1500, 3000]),
       after=st.integers(1, 200), policy=st.integers(0, 2**32), include_mana=st.booleans(),
       mulligans=st.booleans())
def test_round_trip_mid_game_and_continue(decks, seed, steps, after, policy, include_mana,
                                          mulligans):
    """save -> load gives an equal game, and both stay equal under the same actions."""
    game = play(Game(decks, seed=seed, mulligans=mulligans), steps, policy, include_mana)
    blob = game.save()
    loaded = Game.load(blob)
    assert loaded == game and loaded.save() == blob
    assert loaded.result == game.result and loaded.decision == game.decision
    for i in range(after):
        if game.is_over:
            break
        code = game.state.random_action(policy + 7 * i, include_mana)
        game.apply(code)
        loaded.apply(code)
        assert loaded.state.to_bytes() == game.state.to_bytes(), f"diverged after {i} steps"
    # ... and finishing both in the core with one seed ends identically.
    assert loaded.play_random(seed=policy) == game.play_random(seed=policy)
    assert loaded == game
    assert Game.load(game.save()) == game


def test_round_trip_of_finished_games():
    for seed in range(3):
        game = Game(["gruul", "white_weenie"], seed=seed, mulligans=True)
        game.play_random(seed=seed)
        assert game.is_over
        loaded = Game.load(game.save())
        assert loaded == game and loaded.is_over and loaded.result == game.result
        assert loaded.legal_actions() == []


def test_round_trip_keeps_the_rng():
    """The game's own RNG lives in the buffer: a loaded game shuffles as the original."""
    game = Game(["bears", "bears"], seed=99, mulligans=True)
    loaded = Game.load(game.save())
    mull = mtg_core.Action.make(mtg_core.ActionKind.MULLIGAN)
    for g in (game, loaded):
        g.apply(mull)
        g.apply(mull)          # both players mulligan: two shuffles
    assert game.hand(0) == loaded.hand(0) and game.hand(1) == loaded.hand(1)
    assert game == loaded


def test_round_trip_with_another_card_database():
    extra = Card("Test Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2)
    cards = DEFAULT_CARDS.extended([extra])
    deck = mtg_core.Deck.parse("24 Forest\n36 Test Bear")
    game = play(Game([deck, "bears"], seed=5, cards=cards, mulligans=False), 400)
    loaded = Game.load(game.save(), cards=cards)
    assert loaded == game
    assert loaded.card_of(game.find("Test Bear")[0]).name == "Test Bear"


def test_accepts_bytearray_and_memoryview():
    game = mid_game()
    blob = game.save()
    assert Game.load(bytearray(blob)) == game
    assert Game.load(memoryview(blob)) == game


# --- truncated, padded, bit flips --------------------------------------------------------------

def test_truncated_at_every_length_is_rejected():
    game = mid_game()
    blob = game.save()
    for n in range(len(blob)):
        msg = load_error(blob[:n])
        assert "truncated" in msg, (n, msg)


def test_truncated_with_lengths_rewritten_is_rejected():
    """A cut body whose header lengths and CRC are made consistent again: the core's
    buffer check catches it (at word and at byte granularity)."""
    game = mid_game()
    blob = game.save()
    fingerprint, n_names, body = parts(blob)
    n_body = len(blob) - 4 - body
    for cut in (1, 2, 3, 4, 8, 400, n_body // 2, n_body - 4, n_body):
        new_body = blob[body:body + n_body - cut]
        head = SAVE_MAGIC + struct.pack("<IIII", 1, fingerprint, n_names, len(new_body))
        msg = load_error(reseal(head + blob[HEAD:body] + new_body))
        assert "truncated" in msg or "words" in msg, (cut, msg)


def test_padded_blob_is_rejected():
    blob = mid_game().save()
    assert "padded" in load_error(blob + b"\x00")
    assert "padded" in load_error(blob[:-4] + b"\x00\x00\x00\x00" + blob[-4:])


def test_single_bit_flips_are_rejected():
    """Every byte of the blob gets a flipped bit (every bit of the framing): the magic,
    format and length checks or the CRC catch each one."""
    game = mid_game()
    blob = game.save()
    _, _, body = parts(blob)
    rng = random.Random(1234)
    positions = [(i, b) for i in range(HEAD) for b in range(8)]
    positions += [(i, b) for i in range(len(blob) - 4, len(blob)) for b in range(8)]
    positions += [(i, rng.randrange(8)) for i in range(HEAD, len(blob) - 4)]
    for i, bit in positions:
        data = bytearray(blob)
        data[i] ^= 1 << bit
        msg = load_error(bytes(data))
        if i < len(SAVE_MAGIC):
            assert "magic" in msg, (i, msg)
        elif i < len(SAVE_MAGIC) + 4:
            assert "format" in msg, (i, msg)
        elif len(SAVE_MAGIC) + 8 <= i < HEAD:
            assert "truncated or padded" in msg, (i, msg)
        else:
            assert "checksum" in msg, (i, msg)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_byte_corruption_is_rejected(data):
    blob = mid_game(steps=120).save()
    n = data.draw(st.integers(1, 8))
    raw = bytearray(blob)
    for _ in range(n):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255).filter(lambda v: v != raw[i]))
    if bytes(raw) == blob:
        return
    load_error(bytes(raw))


# --- wrong magic, wrong format, not bytes ------------------------------------------------------

def test_wrong_magic_is_rejected():
    blob = mid_game().save()
    assert "magic" in load_error(b"NOTMTG\x00\x00" + blob[8:])
    assert "magic" in load_error(reseal(b"MTGCORE\x01" + blob[8:-4]))   # CRC made valid
    assert "magic" in load_error(b"\x89PNG\r\n\x1a\n" + bytes(64))


@pytest.mark.parametrize("junk", [b"", b"MTGCORE\x00", b"\x00" * 27, b"\xff" * 100])
def test_short_or_junk_input_is_rejected(junk):
    load_error(junk)


@pytest.mark.parametrize("thing", ["MTGCORE", None, 12, [1, 2, 3]])
def test_non_bytes_are_rejected(thing):
    assert "bytes" in load_error(thing)


def test_unknown_format_version_is_rejected():
    blob = mid_game().save()
    data = bytearray(blob[:-4])
    struct.pack_into("<I", data, len(SAVE_MAGIC), 2)
    msg = load_error(reseal(data))
    assert "format 2" in msg


# --- a valid CRC over a tampered body: the core's validation --------------------------------------

def _cases(game: Game):
    """(name, edits, words the message must contain) for tampered-but-sealed blobs."""
    off = section_words(game)
    h = game.state.header()
    s = game.state.sections()
    n_players, cap = h["n_players"], h["cap"]
    nz = h["n_zones"]
    counts = s["zone_counts"]
    lib0 = game.library(0)
    assert len(lib0) >= 3, "the case game must have a library to tamper with"
    o_lib = lib0[0]

    def obj(o, f):
        return object_field(off, o, f)

    def H(f):
        return HF.index(f)

    exile = nz - 1
    zoff = game.state.zone_offsets()
    yield ("object zone field", {obj(o_lib, "zone"): 1}, [str(o_lib), "zone"])
    yield ("object zone field to a zone that does not exist", {obj(o_lib, "zone"): 99},
           [str(o_lib), "zone"])
    yield ("object zone field to none", {obj(lib0[1], "zone"): -1}, [str(lib0[1]), "zone"])
    yield ("zone count decremented", {off["zone_counts"] + 0: int(counts[0]) - 1},
           [str(lib0[-1]), "zone"])
    yield ("zone count incremented, the extra slot names another zone's object",
           {off["zone_counts"] + exile: int(counts[exile]) + 1,
            off["zone_lists"] + int(zoff[exile]) + int(counts[exile]): o_lib},
           [str(o_lib), "zone"])
    yield ("zone count incremented, the extra slot names no object",
           {off["zone_counts"] + exile: int(counts[exile]) + 1,
            off["zone_lists"] + int(zoff[exile]) + int(counts[exile]): 99999},
           ["99999", "does not exist"])
    yield ("zone count negative", {off["zone_counts"] + 0: -3}, ["zone", "-3"])
    yield ("zone count beyond capacity", {off["zone_counts"] + 0: cap + 1}, ["zone"])
    yield ("object card row", {obj(o_lib, "card"): 10**6}, [str(o_lib), "card"])
    yield ("object card row negative", {obj(o_lib, "card"): -1}, [str(o_lib), "card"])
    yield ("object owner", {obj(o_lib, "owner"): 9}, [str(o_lib), "owner"])
    yield ("object controller", {obj(o_lib, "controller"): -2}, [str(o_lib), "controller"])
    yield ("object attached to nothing that exists", {obj(o_lib, "attached_to"): 3000},
           [str(o_lib), "attached"])
    yield ("layout version", {H("version"): 99}, ["version"])
    yield ("player count", {H("n_players"): n_players + 1}, ["zone count", "player"])
    yield ("player count out of range", {H("n_players"): 1}, ["players"])
    yield ("object capacity", {H("cap"): 0}, ["capacity"])
    yield ("stack capacity beyond STACK_CAP", {H("stack_cap"): 10**6}, ["capacity stack_cap"])
    yield ("zone capacity negative", {H("player_zone_cap"): -1}, ["capacity player_zone_cap"])
    yield ("delayed capacity shrunk without its rows", {H("delayed_cap"): h["delayed_cap"] - 1},
           ["words"])
    yield ("buffer size field", {H("total_ints"): h["total_ints"] + 1}, ["words"])
    yield ("object count", {H("n_objects"): cap + 1}, ["objects"])
    yield ("stack count", {H("stack_n"): 10**6}, ["stack"])
    yield ("effects count", {H("effects_n"): -1}, ["effects"])
    yield ("triggers count", {H("triggers_n"): 10**6}, ["triggers"])
    yield ("active seat", {H("active"): n_players + 3}, ["seat"])
    yield ("priority seat", {H("priority"): -1}, ["seat"])
    yield ("unknown decision", {H("decision"): 99}, ["decision"])
    yield ("unknown stage", {H("stage"): -4}, ["stage"])
    yield ("unknown result", {H("result"): 77}, ["result"])
    yield ("turn plan position", {H("plan_pos"): h["plan_len"] + 5}, ["plan"])
    yield ("turn plan entry", {off["plan"]: 15}, ["plan entry"])
    yield ("stack entry", {H("stack_n"): 1, off["stack"] + SF.index("obj"): -5,
                           off["stack"] + SF.index("controller"): 0},
           ["stack entry 0"])
    yield ("stack entry program", {H("stack_n"): 1, off["stack"] + SF.index("obj"): o_lib,
                                   off["stack"] + SF.index("ability"): -1,
                                   off["stack"] + SF.index("prog_start"): 10**6,
                                   off["stack"] + SF.index("prog_len"): 3},
           ["stack entry 0", "program"])
    yield ("effect on an object that does not exist",
           {H("effects_n"): 1, off["effects"] + EFF.index("affected"): 5000}, ["effect 0"])
    yield ("pending trigger", {H("triggers_n"): 1, off["triggers"] + TRF.index("controller"): 9},
           ["trigger 0"])
    yield ("delayed trigger", {H("delayed_n"): 1, off["delayed"] + DLF.index("step"): 99},
           ["delayed trigger 0"])
    yield ("target decision without a stack object",
           {H("decision"): C["D_TARGET"], H("casting"): -1, H("decider"): 0}, ["target"])


CASE_NAMES = [
    'object zone field',
    'object zone field to a zone that does not exist',
    'object zone field to none',
    'zone count decremented',
    "zone count incremented, the extra slot names another zone's object",
    'zone count incremented, the extra slot names no object',
    'zone count negative',
    'zone count beyond capacity',
    'object card row',
    'object card row negative',
    'object owner',
    'object controller',
    'object attached to nothing that exists',
    'layout version',
    'player count',
    'player count out of range',
    'object capacity',
    'stack capacity beyond STACK_CAP',
    'zone capacity negative',
    'delayed capacity shrunk without its rows',
    'buffer size field',
    'object count',
    'stack count',
    'effects count',
    'triggers count',
    'active seat',
    'priority seat',
    'unknown decision',
    'unknown stage',
    'unknown result',
    'turn plan position',
    'turn plan entry',
    'stack entry',
    'stack entry program',
    'effect on an object that does not exist',
    'pending trigger',
    'delayed trigger',
    'target decision without a stack object',
]


CASE_GAME = None


def _case_game() -> Game:
    global CASE_GAME
    if CASE_GAME is None:
        CASE_GAME = mid_game(steps=400)
        CASE_GAME.state.reserve(delayed_cap=2)     # its cards make no delayed trigger
    return CASE_GAME


def test_every_tampering_case_is_listed():
    assert [c[0] for c in _cases(_case_game())] == CASE_NAMES


@pytest.mark.parametrize("name", CASE_NAMES)
def test_tampered_body_with_valid_crc_is_rejected(name):
    game = _case_game()
    (_, edits, words), = [c for c in _cases(game) if c[0] == name]
    blob = tamper(game, edits)
    msg = load_error(blob)
    assert "corrupt" in msg or "version" in msg or "words" in msg or "truncated" in msg, msg
    for w in words:
        assert w in msg, f"{name}: {w!r} not in {msg!r}"


def test_untampered_resealed_blob_still_loads():
    """Control for the tampering tests: rewriting a word with its own value loads fine."""
    game = _case_game()
    off = section_words(game)
    word = off["objects"]
    value = int(game.state.buffer[word])
    assert Game.load(tamper(game, {word: value})) == game


def test_swapping_two_objects_in_their_zones_is_consistent_and_loads():
    """A tampered blob can also describe a different but legal state: the validation is
    about consistency, not about history (two cards of one library swap places)."""
    game = _case_game()
    off = section_words(game)
    lib = 0  # player 0's library zone id
    a, b = game.library(0)[:2]
    start = off["zone_lists"] + int(game.state.zone_offsets()[lib])
    edits = {start: b, start + 1: a}
    loaded = Game.load(tamper(game, edits))
    assert loaded.library(0)[:2] == [b, a]


# --- the card-name list and the database ---------------------------------------------------------

def _with_names(blob: bytes, names_json: bytes, fingerprint: int | None = None) -> bytes:
    fp, n_names, body = parts(blob)
    head = SAVE_MAGIC + struct.pack("<IIII", 1, fp if fingerprint is None else fingerprint,
                                    len(names_json), len(blob) - 4 - body)
    return reseal(head + names_json + blob[body:-4])


def test_unreadable_card_list_is_rejected():
    blob = mid_game().save()
    assert "card list" in load_error(_with_names(blob, b"[not json"))


def test_edited_card_list_is_rejected():
    blob = mid_game().save()
    names = DEFAULT_CARDS.names()
    names[0], names[1] = names[1], names[0]
    msg = load_error(_with_names(blob, json.dumps(names).encode()))
    assert "different card database" in msg


def test_edited_fingerprint_is_rejected():
    blob = mid_game().save()
    fp, _, body = parts(blob)
    msg = load_error(_with_names(blob, blob[HEAD:body], fingerprint=fp ^ 1))
    assert "different card database" in msg


def test_blob_from_an_extended_database_is_rejected_by_the_default_one():
    cards = DEFAULT_CARDS.extended([Card("Test Wall", "{1}", ("Creature",), power=0,
                                         toughness=4)])
    game = play(Game(["bears", "gruul"], seed=2, cards=cards, mulligans=False), 200)
    blob = game.save()
    assert "different card database" in load_error(blob)           # DEFAULT_CARDS
    assert Game.load(blob, cards=cards) == game
    # ... and a default blob is rejected by the extended database.
    default_blob = mid_game().save()
    with pytest.raises(StateFormatError, match="different card database"):
        Game.load(default_blob, cards=cards)


def test_blob_from_a_database_with_the_same_names_but_other_cards_is_rejected():
    """Same names, same order, one card's rules changed: the fingerprint differs."""
    changed = [Card(c.name, c.mana_cost, c.types, c.subtypes, c.supertypes, power=3,
                    toughness=3) if c.name == "Grizzly Bears" else c for c in DEFAULT_CARDS]
    cards = mtg_core.CardDB(changed)
    assert cards.names() == DEFAULT_CARDS.names()
    blob = mid_game().save()
    with pytest.raises(StateFormatError, match="different card database"):
        Game.load(blob, cards=cards)


# --- tampered blobs the validation lets through: they must not crash the core -----------------------
#
# Each case is run in a child process (a crash there must not take the test run down):
# load the blob; if it is accepted, play 300 random steps and save/load again.

CHILD = textwrap.dedent("""
    import sys
    from mtg_core import Game, StateFormatError
    blob = open(sys.argv[1], "rb").read()
    try:
        game = Game.load(blob)
    except StateFormatError as err:
        print("rejected:", err)
        sys.exit(0)
    for i in range(300):
        if game.is_over:
            break
        code = game.state.random_action(i, i % 3 == 0)
        if code < 0:
            print("no legal action in a running game")
            sys.exit(3)
        game.apply(code)
    Game.load(game.save())
    print("played")
""")


def _run_child(blob: bytes, tmp_path) -> subprocess.CompletedProcess:
    path = tmp_path / "blob.bin"
    path.write_bytes(blob)
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(mtg_core.__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                          text=True, timeout=120, env=env)


def _gap_edits(game: Game, case: str) -> dict[int, int]:
    off = section_words(game)
    H = HF.index
    if case == "extra turn for a seat that does not exist":
        return {H("extra_turns_n"): 1, H("extra_turn0"): 1_000_000}
    if case == "delayed trigger from an object that does not exist":
        d = off["delayed"]
        return {H("delayed_n"): 1, d + DLF.index("step"): C["S_UPKEEP"],
                d + DLF.index("controller"): 0, d + DLF.index("source"): 50_000_000,
                d + DLF.index("prog_start"): 0, d + DLF.index("prog_len"): 0,
                d + DLF.index("created_serial"): -5}
    if case == "stack entry whose program starts before the program table":
        s = off["stack"]
        return {H("stack_n"): 1, s + SF.index("kind"): C["SK_TRIGGER"], s + SF.index("obj"): 0,
                s + SF.index("controller"): 0, s + SF.index("ability"): -1,
                s + SF.index("n_targets"): 0, s + SF.index("prog_start"): -3_000_000,
                s + SF.index("prog_len"): 2_900_000}
    if case == "target decision for a target slot that does not exist":
        s = off["stack"]
        bolt = game.cards.tables.cards[game.cards.row("Lightning Bolt")]
        spell_ability = int(bolt[C["CF_ABILITY_START"]])
        return {H("stack_n"): 1, s + SF.index("kind"): C["SK_SPELL"], s + SF.index("obj"): 0,
                s + SF.index("controller"): 0, s + SF.index("ability"): spell_ability,
                s + SF.index("n_targets"): 1, H("casting"): 0, H("decision"): C["D_TARGET"],
                H("decider"): 0, H("dctx0"): 5_000_000}
    if case == "negative maximum hand size":
        players = off["players"]
        return {players + p * len(PF) + PF.index("max_hand"): -1 for p in range(2)}
    if case == "trigger-ordering decision with no pending trigger":
        return {H("decision"): C["D_ORDER_TRIGGERS"], H("decider"): 0, H("triggers_n"): 0,
                H("stage"): C["STG_PRIORITY"]}
    raise KeyError(case)


GAPS = ["extra turn for a seat that does not exist",
        "delayed trigger from an object that does not exist",
        "stack entry whose program starts before the program table",
        "target decision for a target slot that does not exist"]


def test_child_harness_plays_a_sound_blob(tmp_path):
    proc = _run_child(_case_game().save(), tmp_path)
    assert proc.returncode == 0 and "played" in proc.stdout, proc.stderr[-2000:]


@pytest.mark.parametrize("case", GAPS)
def test_sealed_tampered_blob_never_crashes(case, tmp_path):
    """Regression: State.from_buffer's validation used to miss these fields, which the core
    dereferences; the sealed blob loaded and then segfaulted the interpreter."""
    game = _case_game()
    proc = _run_child(tamper(game, _gap_edits(game, case)), tmp_path)
    assert proc.returncode == 0, \
        f"{case}: child exited with {proc.returncode}; stdout={proc.stdout!r} " \
        f"stderr={proc.stderr[-1500:]!r}"


SOFT_LOCKS = ["negative maximum hand size",
              "trigger-ordering decision with no pending trigger"]


@pytest.mark.parametrize("case", SOFT_LOCKS)
def test_sealed_tampered_blob_never_soft_locks(case, tmp_path):
    game = _case_game()
    proc = _run_child(tamper(game, _gap_edits(game, case)), tmp_path)
    assert proc.returncode == 0, \
        f"{case}: child exited with {proc.returncode}; stdout={proc.stdout!r} " \
        f"stderr={proc.stderr[-1500:]!r}"


# --- pickling and deep copies: through the same checked bytes ------------------------------------

def _pickle_with(obj, old: bytes, new: bytes) -> bytes:
    """obj's pickle with its (one) byte string ``old`` replaced by ``new`` (same length)."""
    data = pickle.dumps(obj)
    assert len(old) == len(new) and data.count(old) == 1
    return data.replace(old, new)


def test_game_pickles_and_deep_copies_and_plays_on():
    game = mid_game(decks=("bears", "gruul", "white_weenie"), steps=200,
                    player_names=["Ann", "Bo", "Cy"])
    for copy_of in (lambda g: pickle.loads(pickle.dumps(g)), copy.deepcopy):
        other = copy_of(game)
        assert other == game and other is not game and other.state is not game.state
        assert other.decks == game.decks and other.player_names == ["Ann", "Bo", "Cy"]
        assert other.log == game.log and other.cards is DEFAULT_CARDS
        assert play(other, 50, seed=1) == play(game.clone(), 50, seed=1)
    assert copy.deepcopy(game).state.buffer is not game.state.buffer


def test_state_pickles_and_deep_copies():
    game = mid_game()
    st = game.state
    for other in (pickle.loads(pickle.dumps(st)), copy.deepcopy(st)):
        assert other == st and other is not st and other.tables is st.tables
        a, b = Game((), _state=other), game.clone()
        assert play(a, 80, seed=2) == play(b, 80, seed=2)


def test_pickle_with_another_card_database():
    extra = Card("Test Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2)
    cards = DEFAULT_CARDS.extended([extra])
    deck = mtg_core.Deck.parse("24 Forest\n36 Test Bear")
    game = play(Game([deck, "bears"], seed=5, cards=cards, mulligans=False), 300)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and loaded.cards.names() == cards.names()
    assert loaded.card_of(game.find("Test Bear")[0]).name == "Test Bear"
    assert copy.deepcopy(game).cards is cards               # a deep copy shares its database
    st = pickle.loads(pickle.dumps(game.state))              # the tables travel as arrays
    assert st == game.state and st.tables.fingerprint == cards.tables.fingerprint


def test_tampered_pickles_are_rejected():
    """A flipped byte fails the CRC; a sealed but inconsistent body fails the core's
    validation; both as StateFormatError, as Game.load."""
    game = _case_game()
    blob = game.save()
    flipped = bytearray(blob)
    flipped[len(blob) // 2] ^= 0x10
    with pytest.raises(StateFormatError, match="checksum"):
        pickle.loads(_pickle_with(game, blob, bytes(flipped)))
    (_, edits, _), = [c for c in _cases(game) if c[0] == "unknown result"]
    with pytest.raises(StateFormatError, match="corrupt"):
        pickle.loads(_pickle_with(game, blob, tamper(game, edits)))

    sblob = pickling.state_bytes(game.state)
    body = len(pickling.STATE_MAGIC) + 8
    assert sblob[body:-4] == blob[parts(blob)[2]:-4]         # the same buffer
    flipped = bytearray(sblob)
    flipped[body + 40] ^= 0x01
    with pytest.raises(StateFormatError, match="checksum"):
        pickle.loads(_pickle_with(game.state, sblob, bytes(flipped)))
    sealed = tamper(game, edits)
    sealed = reseal(sblob[:body] + sealed[parts(blob)[2]:-4])
    with pytest.raises(StateFormatError, match="corrupt"):
        pickle.loads(_pickle_with(game.state, sblob, sealed))


def test_pickle_of_another_card_database_is_rejected_by_the_default_one():
    """A state pickled against the default database names it by fingerprint: a process
    whose default database differs refuses it, as Game.load refuses the blob."""
    st = mid_game().state
    data = pickle.dumps(st)
    fp = struct.pack("<I", DEFAULT_CARDS.tables.fingerprint)
    sblob = pickling.state_bytes(st)
    other = sblob.replace(fp, struct.pack("<I", DEFAULT_CARDS.tables.fingerprint ^ 1), 1)
    with pytest.raises(StateFormatError, match="different card database"):
        pickle.loads(data.replace(sblob, reseal(other[:-4])))


def test_pickled_game_crosses_a_process_boundary():
    game = mid_game(steps=100)
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=ctx) as pool:
        back = pool.submit(_play_in_child, game).result(timeout=300)
    assert back == play(game.clone(), 60, seed=4)


def _play_in_child(game: Game) -> Game:
    return play(game, 60, seed=4)


def test_pickled_card_database_tables_are_rebuilt_and_checked():
    """A game of another database carries it in its pickle; its tables are rebuilt from
    their arrays on load, so tables edited in the pickle raise StateFormatError."""
    extra = Card("Test Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2)
    cards = DEFAULT_CARDS.extended([extra])
    game = play(Game(["bears", "bears"], seed=5, cards=cards, mulligans=False), 100)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and loaded.cards.tables is not cards.tables
    row = cards.tables.cards[-1].tobytes()            # a card's row, as the pickle holds it
    edited = bytearray(row)
    edited[-4:] = struct.pack("<i", struct.unpack("<i", row[-4:])[0] + 1)
    data = pickle.dumps(game)
    assert data.count(row) == 1
    with pytest.raises(StateFormatError, match="card database"):
        pickle.loads(data.replace(row, bytes(edited)))
