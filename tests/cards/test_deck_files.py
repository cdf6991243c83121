"""Deck lists and deck files are user input: parsed as data (never executed), in time
linear in their length, and refused with a DeckError that names the line and what is
wrong -- for an unknown card name, the closest names the card database knows."""
from __future__ import annotations

import os

import pytest

from mtg_core import Card, CardDB, DEFAULT_CARDS, Deck, DeckError, Game
from mtg_core.cli import main
from mtg_core.decks import MAX_FILE_BYTES, resolve_deck
from mtg_core.errors import CapacityError

BEARS = DEFAULT_CARDS.row("Grizzly Bears")


# --- card names: exact, else case- and space-insensitive when unambiguous -------------------

@pytest.mark.parametrize("written", ["Grizzly Bears", "grizzly bears", "Grizzly  Bears",
                                     "GRIZZLY\tBEARS", "  grizzly \u00a0 BEARS  "])
def test_names_match_ignoring_case_and_spacing(written):
    deck = Deck.parse(f"24 Forest\n36 {written}")
    assert deck.rows(DEFAULT_CARDS)[24:] == [BEARS] * 36
    game = Game([deck, "bears"], seed=1, mulligans=False)
    assert {game.card_of(o).name for o in game.hand(0)} <= {"Forest", "Grizzly Bears"}


def test_unknown_name_is_refused_with_its_line_and_the_closest_names():
    deck = Deck.parse("# my bears\n24 Forest\n\n36 Grizly Bears\n", name="mine")
    with pytest.raises(DeckError) as err:
        Game([deck, "bears"])
    assert str(err.value).splitlines()[1:] == [
        "  mine: line 4: unknown card 'Grizly Bears' (did you mean 'Grizzly Bears'?)"]
    with pytest.raises(DeckError, match=r"line 1: unknown card 'Lightnig Bolt' \(did you mean "
                                        r"'Lightning Bolt', 'Lightning Blast' or "
                                        r"'Lightning Helix'\?\); "
                                        r"line 2: unknown card 'Chaos Orb'$"):
        Deck.parse("4 Lightnig Bolt\n1 Chaos Orb\n55 Mountain").rows(DEFAULT_CARDS)


def test_many_unknown_names_give_a_short_message():
    text = "".join(f"1 Unknown Card {i}\n" for i in range(1000))
    with pytest.raises(DeckError) as err:
        Deck.parse(text).rows(DEFAULT_CARDS)
    msg = str(err.value)
    assert msg.startswith("deck: line 1: unknown card 'Unknown Card 0'")
    assert msg.endswith("; and 995 more unknown card name(s)") and len(msg) < 1000


def test_names_differing_only_in_case_are_ambiguous_unless_exact():
    shouty = Card("GRIZZLY BEARS", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2)
    db = DEFAULT_CARDS.extended([shouty])
    assert Deck.parse("1 Grizzly Bears\n1 GRIZZLY BEARS").rows(db) == [BEARS, db.row("GRIZZLY BEARS")]
    with pytest.raises(DeckError, match=r"line 2: 'grizzly bears' could be 'GRIZZLY BEARS' or "
                                        r"'Grizzly Bears'; write the name exactly"):
        Deck.parse("59 Forest\n1 grizzly bears").rows(db)


def test_entries_of_a_deck_built_in_code_are_named_by_position():
    deck = Deck("coded", ((59, "Forest"), (1, "Grizly Bears")), ((1, "Shok"),))
    with pytest.raises(DeckError, match="coded: entry 2: unknown card 'Grizly Bears'"):
        deck.rows(DEFAULT_CARDS)
    with pytest.raises(DeckError, match=r"sideboard entry 1: unknown card 'Shok' \(did you mean 'Shock'"):
        deck.check_constructed(DEFAULT_CARDS)


def test_100_2a_copies_are_counted_after_names_are_matched():
    """100.2a: four copies at most, however the name is spelled."""
    deck = Deck.parse("4 Lightning Bolt\n4 lightning  bolt\n52 Mountain")
    with pytest.raises(DeckError, match="8 copies of Lightning Bolt"):
        deck.check_constructed(DEFAULT_CARDS)
    with pytest.raises(DeckError, match="5 copies of Shock"):
        Deck.parse("4 Lightning Bolt\n56 Mountain\nSideboard\n3 Shock\n2 SHOCK").check_constructed(
            DEFAULT_CARDS)


def test_a_deck_too_large_for_a_game_is_refused_before_it_is_expanded():
    deck = Deck.parse("\n".join(["250 Forest"] * 4000))          # a million cards
    with pytest.raises(CapacityError, match="1000000 cards"):
        deck.rows(DEFAULT_CARDS)


# --- the text format ------------------------------------------------------------------------

def test_a_hash_starts_a_comment_anywhere_on_a_line():
    deck = Deck.parse("4 Grizzly Bears # the bears\n20 Forest#basics\n#36 Mountain\n"
                      "Sideboard   # from here on\n1 Fire // Ice  # a split card\n")
    assert deck.entries == ((4, "Grizzly Bears"), (20, "Forest"))
    assert deck.sideboard == ((1, "Fire // Ice"),)
    assert deck.lines == (1, 2, 5)


def test_count_forms_and_names_that_start_with_digits_or_x():
    deck = Deck.parse("4x Forest\n4 x Forest\n1 1996 World Champion\n2 Xenagos, the Reveler\n"
                      "3 x\n007 Forest")
    assert deck.entries == ((4, "Forest"), (4, "Forest"), (1, "1996 World Champion"),
                            (2, "Xenagos, the Reveler"), (3, "x"), (7, "Forest"))


@pytest.mark.parametrize("count", ["\u0664", "\uff14", "\u00b2", "\u09ea", "4\u0664"])
def test_counts_are_written_with_the_digits_0_to_9_only(count):
    with pytest.raises(DeckError, match="line 2: write the count with the digits 0-9"):
        Deck.parse(f"56 Forest\n{count} Grizzly Bears")


@pytest.mark.parametrize("text,words", [
    ("4Forest", "line 1: expected '<count> <card name>'"),
    ("4xForest", "line 1: expected"),
    ("4x", "line 1: expected"),
    ("Sideboard\n4 Forest", "no cards"),
    pytest.param("9" * 5000 + " Forest", "line 1: count '99999",  # not int()'s digit limit
                 id="5000-digit count"),
    ("0 Forest", "count 0 must be 1..250"),
    ("251 Forest", "count 251 must be 1..250"),
    ("000000000000000000251 Forest", "must be 1..250"),
])
def test_malformed_entries(text, words):
    with pytest.raises(DeckError) as err:
        Deck.parse(text)
    assert words in str(err.value) and len(str(err.value)) < 200


def test_parsing_is_linear_on_long_runs_of_spaces():
    """A backtracking pattern took time quadratic in a run of spaces inside a line; the scan
    is linear by construction, and the result is the name with the run made one space."""
    spaces = " " * 100_000
    deck = Deck.parse(f"1 Grizzly{spaces}Bears{spaces}\n2{spaces}x{spaces}Forest\n{spaces}\n"
                      f"3 Mountain{spaces}#{spaces}comment")
    assert deck.entries == ((1, "Grizzly Bears"), (2, "Forest"), (3, "Mountain"))
    with pytest.raises(DeckError) as err:
        Deck.parse(f"Grizzly{spaces}Bears")
    assert "line 1: expected" in str(err.value) and len(str(err.value)) < 200


def test_byte_order_mark_and_line_endings():
    expected = ((4, "Forest"), (56, "Mountain"))
    for text in ("\ufeff4 Forest\n56 Mountain\n", "4 Forest\r\n56 Mountain\r\n",
                 "4 Forest\r56 Mountain\r", "\ufeff4 Forest\r\n\r\n56 Mountain"):
        assert Deck.parse(text).entries == expected
    assert Deck.parse("4 Forest\r\n\r\n1 Grizly Bears\n").lines == (1, 3)


# --- deck files ---------------------------------------------------------------------------

def test_a_file_with_a_byte_order_mark_and_crlf_loads(tmp_path):
    path = tmp_path / "windows.txt"
    path.write_bytes("\ufeff24 Forest\r\n36 Grizzly Bears\r\n".encode("utf-8"))
    deck = Deck.load(str(path))
    assert deck.name == "windows" and deck.entries == ((24, "Forest"), (36, "Grizzly Bears"))
    assert resolve_deck(path) == deck                  # a pathlib.Path works too


def test_a_bad_name_in_a_file_names_the_file_and_line(tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("24 Forest\n36 grizly bears\n")
    with pytest.raises(DeckError, match=r"typo: line 2: unknown card 'grizly bears' \(did you "
                                        r"mean 'Grizzly Bears'\?\)"):
        Game([str(path), "bears"])


def test_non_utf8_file_error_names_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"4 Forest\n56 Mountain\n1 Lim-D\xfbl's Vault\n")
    with pytest.raises(DeckError, match=r"not UTF-8 text \(line 3\)"):
        Deck.load(str(path))


def test_files_above_the_size_cap_are_refused(tmp_path):
    path = tmp_path / "big.txt"
    head = b"60 Forest\n#"
    path.write_bytes(head + b"x" * (MAX_FILE_BYTES - len(head)))
    assert len(Deck.load(str(path))) == 60                       # exactly the cap is fine
    path.write_bytes(head + b"x" * (MAX_FILE_BYTES - len(head) + 1))
    with pytest.raises(DeckError, match="larger than 1048576 bytes"):
        Deck.load(str(path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_directories_and_pipes_are_not_deck_files(tmp_path):
    """/dev/zero never ends: it is refused, not read until memory runs out; a FIFO is
    refused without waiting for a writer."""
    for path in ("/dev/zero", str(tmp_path)):
        with pytest.raises(DeckError, match="is not a regular file"):
            Deck.load(path)
        with pytest.raises(DeckError, match="is not a regular file"):
            Game([path, "bears"])
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(DeckError, match="is not a regular file"):
            Deck.load(str(fifo))


def test_cli_reports_deck_file_errors_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "typo.txt"
    path.write_text("24 Forest\n36 Grizly Bears\n")
    assert main(["play", str(path), "bears", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "typo: line 2: unknown card 'Grizly Bears' (did you mean 'Grizzly Bears'?)" in err
    if os.path.exists("/dev/zero"):
        assert main(["play", "/dev/zero", "bears"]) == 2
        assert "'/dev/zero' is not a regular file" in capsys.readouterr().err


# --- MTGO .dek files in the encoding they declare (XML 1.0, 4.3.3 and appendix F) ----------

_DEK = ('<?xml version="1.0" encoding="{enc}"?>\n<Deck>\n'
        '  <Cards Quantity="4" Name="Lim-Dûl\'s Vault" />\n'
        '  <Cards Quantity="56" Name="Mountain" />\n</Deck>\n')
_DEK_CARDS = ((4, "Lim-Dûl's Vault"), (56, "Mountain"))


@pytest.mark.parametrize("written,declared", [
    ("utf-16", "utf-16"),               # Python writes a byte-order mark (little-endian here)
    ("utf-16-be", "utf-16"),            # no mark: told by the first bytes
    ("utf-32", "utf-32"),
    ("utf-8-sig", "utf-8"),
    ("cp1252", "windows-1252"),
    ("latin-1", "ISO-8859-1"),
    ("mac-roman", "macintosh"),
])
def test_a_dek_file_is_read_in_the_encoding_it_declares(tmp_path, written, declared):
    path = tmp_path / "vault.dek"
    data = _DEK.format(enc=declared).encode(written)
    if written == "utf-16-be":
        assert not data.startswith(b"\xfe\xff")
    path.write_bytes(data)
    assert Deck.load(path).entries == _DEK_CARDS


@pytest.mark.parametrize("enc", ["no-such-encoding", "base64", "rot13", "x" * 30])
def test_a_dek_file_declaring_an_unknown_encoding_is_refused(tmp_path, enc):
    path = tmp_path / "odd.dek"
    path.write_bytes(_DEK.format(enc=enc).encode("ascii", "replace"))
    with pytest.raises(DeckError, match=f"the XML declaration names the encoding '{enc}'"):
        Deck.load(path)


def test_a_dek_file_that_is_not_in_its_declared_encoding_names_the_line(tmp_path):
    path = tmp_path / "bad.dek"
    path.write_bytes(_DEK.format(enc="utf-8").encode("latin-1"))
    with pytest.raises(DeckError, match="line 3: the document is not valid utf-8 text"):
        Deck.load(path)
