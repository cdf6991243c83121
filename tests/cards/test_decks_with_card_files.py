"""Decks whose cards come from a card-data file the user names (mtg_core.deck_cards,
mtg_core.oracle.card_file): every entry point, every spelling of a name, one error for
every card that can't be played, the cache of imported cards.

The card-data files are small subsets in tests/data (the corpus format, MTGJSON
AtomicCards); the full files are the user's."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_core import DEFAULT_CARDS, Deck, DeckError, Game, Result, play_random_games, simulate
from mtg_core.card_names import name_key
from mtg_core.cli import main as cli
from mtg_core.deck_cards import card_database
from mtg_core.errors import StateFormatError, UnplayableDeckError
from mtg_core.oracle import card_file
from mtg_core.oracle.card_file import CardFile
from mtg_core.oracle.sources import CardDataError, records_from_bytes
from mtg_core.policies import play_games

DATA = Path(__file__).resolve().parent.parent / "data"
SUBSET = DATA / "oracle-cards-subset.json"          # corpus format
FACES = DATA / "oracle-faces.json"                   # multi-face cards, corpus format
MTGJSON = DATA / "mtgjson-atomic-sample.json"        # MTGJSON AtomicCards

# Cards of the subset that the bundled library lacks and the importer imports.
IMPORTED = Deck.parse("4 Abbey Griffin\n4 Academy Drake\n4 Absorb\n4 Acidic Slime\n"
                      "4 Junun Efreet\n4 abrade\n"
                      "8 Plains\n8 Island\n6 Swamp\n6 Forest\n6 Mountain\n", name="imported")


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """Each test its own cache folder and no card file from the environment."""
    monkeypatch.setenv("MTG_CORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("MTG_CORE_CARDS", raising=False)


def _copy(tmp_path: Path, src: Path = SUBSET) -> Path:
    """A card file of this test only (the process keeps card files open by path)."""
    dst = tmp_path / src.name
    shutil.copy(src, dst)
    return dst


# --- names in every spelling -----------------------------------------------------------------

@pytest.mark.parametrize("written, key", [
    ("Lórien Revealed", "lorien revealed"), ("LORIEN   revealed", "lorien revealed"),
    ("Æther Vial", "aether vial"), ("Fire/Ice", "fire // ice"), ("Fire // Ice", "fire // ice"),
    ("Urza’s Saga", "urza's saga")])
def test_name_key_folds_case_spacing_diacritics_and_split_halves(written, key):
    assert name_key(written) == key


def test_multi_face_cards_are_found_by_full_name_and_by_each_face(tmp_path):
    f = CardFile(_copy(tmp_path, FACES))
    found = f.lookup(["kazandu valley", "Kazandu Mammoth", "Akoum Teeth", "Assault/Battery",
                      "battery", "Dead // Gone"])
    assert {k: v.name for k, v in found.items()} == {
        "kazandu valley": "Kazandu Mammoth",
        "Kazandu Mammoth": "Kazandu Mammoth",
        "Akoum Teeth": "Akoum Warrior",
        "Assault/Battery": "Assault // Battery", "battery": "Assault // Battery",
        "Dead // Gone": "Dead // Gone"}
    assert all(v.ok for v in found.values())


def test_a_deck_spelling_faces_plays_under_the_names_the_cards_play_under(tmp_path):
    faces = _copy(tmp_path, FACES)
    deck = Deck.parse("4 Kazandu Valley\n4 akoum warrior\n4 Assault/Battery\n24 Mountain\n24 Forest")
    g = Game([deck, "bears"], seed=3, cards=faces, log=False)
    # a double-faced card plays under its front face's name (712), a split card under both
    assert [n for _, n in g.decks[0].entries][:3] == [
        "Kazandu Mammoth", "Akoum Warrior", "Assault // Battery"]
    assert g.play_random(seed=3).kind in (Result.WIN, Result.DRAW, Result.UNFINISHED)


def test_a_face_name_two_cards_share_names_neither():
    recs = records_from_bytes(json.dumps([
        {"name": "Alpha // Shared", "layout": "split", "type_line": "Instant // Instant",
         "oracle_text": "", "faces": [{"name": "Alpha", "type_line": "Instant"},
                                      {"name": "Shared", "type_line": "Instant"}]},
        {"name": "Beta // Shared", "layout": "split", "type_line": "Instant // Instant",
         "oracle_text": "", "faces": [{"name": "Beta", "type_line": "Instant"},
                                      {"name": "Shared", "type_line": "Instant"}]},
        {"name": "Alpha", "type_line": "Instant", "oracle_text": ""}]).encode(), "test")
    index = card_file.name_index(recs)
    assert index["shared"] is None
    assert index["alpha"] == "Alpha"                 # a full name wins over a face name
    assert index["beta"] == "Beta // Shared"


# --- every entry point ----------------------------------------------------------------------

def test_game_plays_imported_cards_with_cards_path(tmp_path):
    path = _copy(tmp_path)
    g = Game([IMPORTED, "red"], seed=5, cards=path)
    assert g.cards is not DEFAULT_CARDS
    assert "Junún Efreet" in g.cards.names() and "Lightning Bolt" in g.cards.names()
    assert g.cards["Lightning Bolt"] is DEFAULT_CARDS["Lightning Bolt"]    # the library's own
    assert g.play_random(seed=5).kind in (Result.WIN, Result.DRAW)


def test_environment_variable_names_the_card_file_for_every_entry_point(tmp_path, monkeypatch):
    monkeypatch.setenv("MTG_CORE_CARDS", str(_copy(tmp_path)))
    Game([IMPORTED, "bears"], seed=1, log=False)
    rows = play_random_games(IMPORTED, "bears", 20, seed=1)
    assert set(rows[:, 0].tolist()) <= {int(Result.WIN), int(Result.DRAW)}
    out = play_games([IMPORTED, "white"], 20, seed=2, policies="heuristic")
    assert int(Result.ABORTED) not in out["result"].tolist()
    r = simulate(IMPORTED, "white", games=40, seed=1, policy=["heuristic", "random"])
    assert r.n_games == 40 and int(Result.ABORTED) not in r.arrays["result"].tolist()


def test_simulate_results_are_the_same_on_one_process_and_on_two(tmp_path):
    path = _copy(tmp_path)
    one = simulate(IMPORTED, "red", games=120, seed=9, cards=path, chunk_size=30)
    two = simulate(IMPORTED, "red", games=120, seed=9, cards=str(path), chunk_size=30, workers=2)
    assert (one.winner == two.winner).all() and (one.turns == two.turns).all()


def test_cli_play_and_simulate_take_cards(tmp_path, capsys):
    path = _copy(tmp_path)
    deck = tmp_path / "imported.txt"
    deck.write_text(IMPORTED.to_text(), encoding="utf-8")
    assert cli(["play", str(deck), "red", "--cards", str(path), "--quiet", "--seed", "2"]) == 0
    assert "Result:" in capsys.readouterr().out
    assert cli(["simulate", str(deck), "red", "-n", "50", "--cards", str(path),
                "--no-progress", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["games"] == 50


def test_cli_reads_the_environment_variable_in_a_fresh_process(tmp_path):
    path = _copy(tmp_path)
    deck = tmp_path / "imported.txt"
    deck.write_text(IMPORTED.to_text(), encoding="utf-8")
    env = dict(os.environ, MTG_CORE_CARDS=str(path))
    for _ in range(2):                      # the second run reads the cache the first wrote
        proc = subprocess.run([sys.executable, "-m", "mtg_core.cli", "simulate", str(deck),
                               "red", "-n", "30", "--no-progress", "--json"],
                              env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["summary"]["games"] == 30


def test_bundled_decks_keep_the_library_database_when_a_card_file_is_named(tmp_path):
    db, decks = card_database(["bears", "red"], _copy(tmp_path))
    assert db is DEFAULT_CARDS
    a = Game(["bears", "red"], seed=4, cards=_copy(tmp_path), log=False)
    b = Game(["bears", "red"], seed=4, log=False)
    a.play_random(seed=4)
    b.play_random(seed=4)
    assert a.save() == b.save()


def test_mtgjson_atomic_cards_file(tmp_path):
    deck = Deck.parse("4 Armored Armadillo\n4 Cleric of the Forward Order\n"
                      "4 Savannah Lions\n24 Plains\n24 Forest", name="mtgjson")
    g = Game([deck, "white"], seed=2, cards=_copy(tmp_path, MTGJSON), log=False)
    assert {"Armored Armadillo", "Cleric of the Forward Order"} <= set(g.cards.names())
    assert g.play_random(seed=2).kind in (Result.WIN, Result.DRAW)


# --- one error for every card that can't be played -------------------------------------------

def test_one_error_names_every_unknown_and_refused_card_of_every_deck(tmp_path):
    path = _copy(tmp_path)
    bad_a = Deck.parse("4 Abbey Griffin\n4 No Such Card\n52 Plains", name="first")
    bad_b = Deck.parse("4 Stone Rain\n4 Another Missing Card\n4 Grizzly Bears\n48 Forest",
                       name="second")
    refused = _first_refused(path)
    bad_b = Deck(bad_b.name, bad_b.entries + ((4, refused),))
    calls = []
    with pytest.raises(UnplayableDeckError) as err:
        simulate(bad_a, bad_b, games=10, cards=path, progress=calls.append)
    assert calls == []                                 # refused before any game started
    problems = err.value.problems
    assert [n for n, _ in problems["first"]] == ["No Such Card"]
    assert [n for n, _ in problems["second"]] == ["Another Missing Card", refused]
    assert "not in the card data file" in problems["first"][0][1][0]
    reasons = problems["second"][1][1]
    assert reasons and all(r.split(":")[0] in ("unknown phrase", "not expressible",
                                               "unsupported keyword") for r in reasons)
    text = str(err.value)
    assert "first: line 2: 'No Such Card': not in the card data file" in text
    assert "second: entry 2: 'Another Missing Card': not in the card data file" in text  # (built in code)
    assert f"second: entry 5: {refused!r}: {reasons[0]}" in text


def _first_refused(path) -> str:
    """A card of the subset the importer refuses (its reasons are the error's)."""
    f = CardFile(path)
    names = sorted(v for v in f._index_now().values() if v and v not in DEFAULT_CARDS)[:200]
    return next(n for n, r in f.lookup(names).items() if not r.ok and r.name)


def test_without_a_card_file_unknown_cards_say_how_to_name_one():
    deck = Deck.parse("4 Orcish Bowmasters\n56 Island", name="orcs")
    with pytest.raises(UnplayableDeckError, match="MTG_CORE_CARDS") as err:
        Game([deck, deck])
    assert [n for n, _ in err.value.problems["orcs"]] == ["Orcish Bowmasters"]


def test_a_missing_or_malformed_card_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardDataError, match="No such file"):
        Game([IMPORTED, "bears"], cards=tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid JSON"):
        Game([IMPORTED, "bears"], cards=bad)
    with pytest.raises(DeckError, match="CardDB or the path"):
        Game([IMPORTED, "bears"], cards=42)
    assert cli(["simulate", "bears", "bears", "--cards", str(bad), "--no-progress"]) == 2


# --- the cache --------------------------------------------------------------------------------

def test_a_second_run_reads_only_the_cache(tmp_path, monkeypatch):
    path = _copy(tmp_path)
    first = CardFile(path).lookup(["Abbey Griffin", "Absorb"])
    monkeypatch.setattr(card_file, "records_from_bytes",
                        lambda *a: pytest.fail("the file was parsed again"))
    again = CardFile(path).lookup(["abbey griffin", "Absorb"])
    assert again["abbey griffin"].card == first["Abbey Griffin"].card
    assert again["Absorb"].card == first["Absorb"].card


def test_the_cache_is_keyed_by_the_file_content(tmp_path):
    path = _copy(tmp_path)
    before = CardFile(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    griffin = next(d for d in data if d["name"] == "Abbey Griffin")
    griffin["power"] = "5"
    path.write_text(json.dumps(data), encoding="utf-8")
    after = CardFile(path)
    assert after.digest != before.digest
    assert after.lookup(["Abbey Griffin"])["Abbey Griffin"].card.power == 5


def test_a_damaged_cache_is_ignored_and_rewritten(tmp_path):
    path = _copy(tmp_path)
    f = CardFile(path)
    good = f.lookup(["Abbey Griffin"])["Abbey Griffin"].card
    cache = f._cache_path
    doc = json.loads(cache.read_text(encoding="utf-8"))
    doc["cards"]["Abbey Griffin"] = {"card": {"class": "os.system", "x": 1}}
    cache.write_text(json.dumps(doc), encoding="utf-8")
    assert CardFile(path).lookup(["Abbey Griffin"])["Abbey Griffin"].card == good
    cache.write_text("{truncated", encoding="utf-8")
    assert CardFile(path).lookup(["Abbey Griffin"])["Abbey Griffin"].card == good
    assert json.loads(cache.read_text(encoding="utf-8"))["format"] == card_file.CACHE_FORMAT


# --- saved games over imported cards ----------------------------------------------------------

def test_a_saved_game_over_imported_cards_loads_from_the_card_file(tmp_path):
    path = _copy(tmp_path)
    g = Game([IMPORTED, "red"], seed=6, cards=path, log=False)
    for _ in range(30):
        if g.is_over:
            break
        g.apply(g.legal_actions()[0])
    blob = g.save()
    back = Game.load(blob, cards=path)
    assert back.save() == blob and back.legal_actions() == g.legal_actions()
    with pytest.raises(StateFormatError, match="different card database"):
        Game.load(blob)                               # the library alone lacks its cards


# --- tools/deck_coverage.py ---------------------------------------------------------------------

def test_deck_coverage_counts_playable_decks_copies_and_blockers(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import deck_coverage
    path = _copy(tmp_path)
    refused = _first_refused(path)
    decks = [
        {"id": "t/1", "format": "pauper", "main": [[4, "Lightning Bolt"], [56, "Mountain"]]},
        {"id": "t/2", "format": "pauper", "main": [[4, "Abbey Griffin"], [4, "absorb"], [52, "Plains"]]},
        {"id": "t/3", "format": "modern", "main": [[4, "Lightning Bolt"], [4, "No Such Card"],
                                                  [52, "Mountain"]]},
        {"id": "t/4", "format": "modern", "main": [[4, refused], [56, "Island"]]},
        {"id": "t/5", "format": "modern", "main": [[4, refused], [4, "No Such Card"], [52, "Island"]]},
    ]
    jsonl = tmp_path / "decks.jsonl"
    jsonl.write_text("".join(json.dumps(d) + "\n" for d in decks), encoding="utf-8")
    out = tmp_path / "coverage.json"
    assert deck_coverage.main([str(jsonl), str(path), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["formats"]["pauper"]["playable"] == 2 and doc["formats"]["pauper"]["decks"] == 2
    assert doc["formats"]["modern"].get("playable", 0) == 0
    assert doc["formats"]["modern"]["known"] == 1              # t/4: every card exists
    assert doc["copies"] == 300 and doc["copies_playable"] == 60 + 60 + 56 + 56 + 52
    assert dict(doc["card_blocks"]) == {"No Such Card": 2, refused: 2}
    assert dict(doc["card_alone_blocks"]) == {"No Such Card": 1, refused: 1}
    assert doc["cards"]["absorb"] == "imported" and doc["cards"]["No Such Card"] == "unknown"
    assert doc["feature_blocks"] and "all" in printed
