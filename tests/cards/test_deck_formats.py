"""Deck list formats: plain text, MTG Arena exports and MTGO .dek XML.  Each is read as data
(never executed), told by its content unless format= says which, and refused with a
DeckError naming the line (the element, for XML) and what is wrong; an unknown card name
gets the closest known names in every format.  The same list gives the same Deck in all
three, sideboard included."""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Deck, DeckError, Game
from mtg_core.cli import main
from mtg_core.deck_formats import FORMATS, detect_format
from mtg_core.decks import resolve_deck

# A mono-red list three ways, written by hand in the shapes the clients export.
PLAIN = """\
# Mono-red
20 Mountain
4 Raging Goblin
4 Isamaru, Hound of Konda
4 Viashino Pyromancer
4 Prodigal Pyromancer
4 Ball Lightning
4 Lightning Bolt
4 Shock
4 Lightning Strike
4 Lava Spike
4 Hill Giant

Sideboard
2 Colossal Might
1 Bonesplitter
"""

ARENA = """\
About
Name Mono-Red

Deck
20 Mountain (M10) 242
4 Raging Goblin (M10) 150
4 Isamaru, Hound of Konda (CHK) 19
4 Viashino Pyromancer (M19) 166
4 Prodigal Pyromancer (M10) 151
4 Ball Lightning (M10) 127
4 Lightning Bolt (M10) 146
4 Shock (M19) 156
4 Lightning Strike (M19) 152
4 Lava Spike (CHK) 174
4 Hill Giant (M10) 142

Sideboard
2 Colossal Might (AKH) 123
1 Bonesplitter (MRD) 146
"""

MTGO = """\
<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="34951" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="34859" Quantity="4" Sideboard="false" Name="Raging Goblin" Annotation="0" />
  <Cards CatID="21157" Quantity="4" Sideboard="false" Name="Isamaru, Hound of Konda" Annotation="0" />
  <Cards CatID="68392" Quantity="4" Sideboard="false" Name="Viashino Pyromancer" Annotation="0" />
  <Cards CatID="34863" Quantity="4" Sideboard="false" Name="Prodigal Pyromancer" Annotation="0" />
  <Cards CatID="34825" Quantity="4" Sideboard="false" Name="Ball Lightning" Annotation="0" />
  <Cards CatID="34843" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="68374" Quantity="4" Sideboard="false" Name="Shock" Annotation="0" />
  <Cards CatID="68370" Quantity="4" Sideboard="false" Name="Lightning Strike" Annotation="0" />
  <Cards CatID="21329" Quantity="4" Sideboard="false" Name="Lava Spike" Annotation="0" />
  <Cards CatID="34839" Quantity="4" Sideboard="false" Name="Hill Giant" Annotation="0" />
  <Cards CatID="64440" Quantity="2" Sideboard="true" Name="Colossal Might" Annotation="0" />
  <Cards CatID="17740" Quantity="1" Sideboard="true" Name="Bonesplitter" Annotation="0" />
</Deck>
"""


def _message(text: str, **kw) -> str:
    with pytest.raises(DeckError) as err:
        Deck.parse(text, **kw)
    return str(err.value)


# --- the same list in every format ----------------------------------------------------------

def test_the_three_formats_give_the_same_deck_with_its_sideboard():
    decks = [Deck.parse(text, name="red") for text in (PLAIN, ARENA, MTGO)]
    assert decks[0] == decks[1] == decks[2]
    assert len(decks[0]) == 60 and decks[0].sideboard == ((2, "Colossal Might"), (1, "Bonesplitter"))
    decks[1].check_constructed(DEFAULT_CARDS)
    # Lines point into each file: Arena's first entry is line 5, MTGO's first <Cards> line 5.
    assert decks[0].lines[:2] == (2, 3) and decks[1].lines[:2] == (5, 6)
    assert decks[2].lines[0] == 5 and decks[2].lines[-1] == 17


def test_each_format_loads_from_a_file_and_plays(tmp_path):
    loaded = []
    for stem, suffix, text in (("red", ".txt", PLAIN), ("red", ".arena.txt", ARENA),
                               ("red", ".dek", MTGO)):
        path = tmp_path / (stem + suffix)
        path.write_text(text, encoding="utf-8")
        loaded.append(Deck.load(path))
    assert {d.name for d in loaded} == {"red", "red.arena"}    # a file is named by its path
    assert loaded[0].entries == loaded[1].entries == loaded[2].entries
    assert loaded[0].sideboard == loaded[1].sideboard == loaded[2].sideboard
    game = Game([str(tmp_path / "red.dek"), str(tmp_path / "red.arena.txt")], seed=2,
                mulligans=False)
    assert game.play_random(seed=2).finished


# --- telling the format, and format= --------------------------------------------------------

@pytest.mark.parametrize("text,fmt", [
    (PLAIN, "text"), (ARENA, "arena"), (MTGO, "mtgo"),
    ("4 Lightning Bolt\nSideboard\n2 Shock", "text"),        # "Sideboard" is plain text too
    ("Deck\n4 Lightning Bolt", "arena"),
    ("Commander\n1 Isamaru, Hound of Konda\nDeck\n59 Mountain", "arena"),
    ("56 Mountain\n4 Lightning Bolt (M10) 146", "arena"),    # one (SET) part is enough
    ("4 Lightning Bolt (m10)", "arena"),
    ("1 B.F.M. (Big Furry Monster)\n59 Swamp", "text"),       # a name ending in a phrase
    ('\ufeff  <Deck><Cards Quantity="60" Name="Mountain"/></Deck>', "mtgo"),
    ("<!-- exported -->\n<Deck/>", "mtgo"),
])
def test_the_format_is_told_by_the_content(text, fmt):
    assert detect_format(text) == fmt


def test_format_overrides_what_the_content_shows():
    # A blank line ends an Arena main deck when there are no headers, not a plain one.
    text = "20 Mountain\n\n40 Mountain"
    assert Deck.parse(text).entries == ((20, "Mountain"), (40, "Mountain"))
    assert Deck.parse(text, format="arena").sideboard == ((40, "Mountain"),)
    # Read as plain text, the printing is part of the name: unknown, with a suggestion.
    deck = Deck.parse("56 Mountain\n4 Lightning Bolt (M10) 146", format="text")
    with pytest.raises(DeckError, match=r"line 2: unknown card 'Lightning Bolt \(M10\) 146' "
                                        r"\(did you mean 'Lightning Bolt'"):
        deck.rows(DEFAULT_CARDS)
    assert "line 1: expected '<count> <card name>', got '<Deck>'" in _message(
        "<Deck>\n</Deck>", format="text")
    assert "line 1: not well-formed XML" in _message("4 Lightning Bolt", format="mtgo")


def test_an_unknown_format_name_is_refused(tmp_path):
    path = tmp_path / "red.txt"
    path.write_text(PLAIN)
    expected = "unknown deck format 'dec'; the formats are 'text', 'arena', 'mtgo'"
    assert _message(PLAIN, format="dec") == expected
    for call in (lambda: Deck.load(path, format="dec"), lambda: resolve_deck(path, "dec"),
                 lambda: resolve_deck("bears", format="MTGO")):
        with pytest.raises(DeckError, match="unknown deck format"):
            call()
    assert FORMATS == ("text", "arena", "mtgo")
    assert resolve_deck(str(path), format="text") == Deck.load(path)


# --- MTG Arena ------------------------------------------------------------------------------

def test_arena_headerless_export_a_blank_line_starts_the_sideboard():
    """Older Arena exports have no headers: main deck, one blank line, sideboard."""
    deck = Deck.parse("\n4 Lightning Bolt (M10) 146\n56 Mountain (M10) 242\n\n\n"
                      "2 Shock (M19) 156\n\n")
    assert deck.entries == ((4, "Lightning Bolt"), (56, "Mountain"))
    assert deck.sideboard == ((2, "Shock"),) and deck.lines == (2, 3, 6)
    # A comment line is not a blank line.
    assert Deck.parse("4 Lightning Bolt (M10) 146\n# lands\n56 Mountain (M10) 242").sideboard == ()
    assert ("line 7: a third group of cards; without section headers a blank line starts "
            "the sideboard") in _message("4 Lightning Bolt (M10) 146\n56 Mountain\n\n"
                                         "2 Shock\n\n\n1 Bonesplitter")


def test_arena_with_headers_blank_lines_only_separate():
    deck = Deck.parse("Deck\n4 Lightning Bolt (M10) 146\n\n56 Mountain (M10) 242\n\n"
                      "sideboard:\n2 Shock (M19) 156\n\n1 Bonesplitter (MRD) 146")
    assert len(deck) == 60 and deck.sideboard == ((2, "Shock"), (1, "Bonesplitter"))


def test_arena_commander_and_companion_join_the_sideboard_once():
    """Commander (903.6) and companion cards start outside the library, so they are kept in
    the sideboard, as MTGO keeps them; Arena lists a companion under Sideboard as well, and
    that is one card.  The maybeboard is not part of the deck."""
    deck = Deck.parse("Commander\n1 Isamaru, Hound of Konda (CHK) 19\n\n"
                      "Companion\n1 Bonesplitter (MRD) 146\n\n"
                      "Deck\n59 Mountain (M10) 242\n\n"
                      "Sideboard\n1 Bonesplitter (MRD) 146\n2 Shock (M19) 156\n\n"
                      "Maybeboard\n4 Lightning Bolt (M10) 146\n")
    assert deck.entries == ((59, "Mountain"),)
    assert deck.sideboard == ((1, "Isamaru, Hound of Konda"), (1, "Bonesplitter"), (2, "Shock"))
    assert deck.lines == (8, 2, 11, 12)
    # A maybeboard line must still be well formed.
    assert "line 4: count 0 must be 1..250" in _message("Deck\n60 Mountain\nMaybeboard\n0 Shock")


def test_arena_about_name_names_the_deck_unless_a_name_is_given():
    text = "About\nName  Big   Red\n\nDeck\n60 Mountain (M10) 242"
    assert Deck.parse(text).name == "Big Red"
    assert Deck.parse(text, name="mine").name == "mine"
    assert Deck.parse("Deck\n60 Mountain").name == "deck"
    assert ("line 2: the About section holds 'Name <deck name>'; start the cards with a 'Deck' "
            "line, got '4 Shock'") in _message("About\n4 Shock\n56 Mountain")


def test_arena_names_with_punctuation_split_cards_and_printings():
    deck = Deck.parse("Deck\n"
                      "1 Isamaru, Hound of Konda (CHK) 19\n"
                      "1 Lim-Dûl's Vault (ALL) 189\n"
                      "2 Fire // Ice (MH2) 290\n"
                      "1 B.F.M. (Big Furry Monster) (UGL) 28\n"
                      "1 Erase (Not the Urza's Legacy One)\n"
                      "4x Lightning Bolt (2x2) 117\n"
                      "1 Shock (pm19) 156p\n"
                      "1 Mountain (SLD) 12★\n"
                      "1 Forest(M10)\n"
                      "1 Hill Giant (PLST) M10-142\n")
    assert [n for _, n in deck.entries] == [
        "Isamaru, Hound of Konda", "Lim-Dûl's Vault", "Fire // Ice", "B.F.M. (Big Furry Monster)",
        "Erase (Not the Urza's Legacy One)", "Lightning Bolt", "Shock", "Mountain", "Forest",
        "Hill Giant"]


@pytest.mark.parametrize("line,words", [
    ("4 Lightning Bolt (M10", "'(' without ')' in 'Lightning Bolt (M10'"),
    ("4 Lightning Bolt (M-10) 146", "set code 'M-10' must be 1-8 letters and digits"),
    ("4 Lightning Bolt () 146", "set code '' must be"),
    ("4 Lightning Bolt (ABCDEFGHI) 146", "set code 'ABCDEFGHI'"),
    ("4 Lightning Bolt (M 10) 146", "set code 'M 10'"),
    ("4 Lightning Bolt (M10) abc", "collector number 'abc' must be letters and digits with a digit"),
    ("4 Lightning Bolt (M10) 1/2", "collector number '1/2'"),
    ("4 Lightning Bolt (M10) 12345678901", "collector number '12345678901'"),
    ("4 Lightning Bolt (M10) 146 *F*", "unexpected '*F*' after the collector number"),
    ("4 (M10) 146", "no card name before '(M10) 146'"),
    ("Lightning Bolt (M10) 146", "expected '<count> <card name> [(SET) number]' or a section header"),
    ("Deckk", "expected '<count> <card name> [(SET) number]'"),
    ("0 Lightning Bolt (M10) 146", "count 0 must be 1..250"),
    ("\u0664 Lightning Bolt (M10) 146", "write the count with the digits 0-9"),
])
def test_arena_malformed_lines_give_their_line_number(line, words):
    msg = _message(f"Deck\n56 Mountain (M10) 242\n{line}\n", name="burn")
    assert msg.startswith("burn: line 3: ") and words in msg and len(msg) < 250
    assert "no cards" in _message("Commander\n1 Isamaru, Hound of Konda\nSideboard\n1 Shock")


def test_arena_lines_are_scanned_in_linear_time():
    """One search from the right and one split: a long line costs its length."""
    spaces = " " * 100_000
    deck = Deck.parse(f"Deck\n60 Mountain{spaces}(M10){spaces}242{spaces}")
    assert deck.entries == ((60, "Mountain"),)
    msg = _message("Deck\n1 A" + " (" * 100_000)
    assert "line 2: '(' without ')'" in msg and len(msg) < 250


# --- MTGO .dek ------------------------------------------------------------------------------

def _dek(*cards: str, head: str = '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n') -> str:
    return head + "".join(f"  {c}\n" for c in cards) + "</Deck>\n"


def test_mtgo_split_cards_escapes_and_optional_attributes():
    deck = Deck.parse(_dek('<Cards Quantity="2" Name="Fire/Ice" />',
                           '<Cards Quantity="1" Name="Lim-D&#251;l&apos;s Vault" CatID="1" />',
                           '<Cards Quantity=" 57 " Sideboard="False" Name=" Mountain " />',
                           '<Cards Quantity="1" Sideboard="1" Name="Who/What/When/Where/Why" />',
                           '<Cards Quantity="1" Sideboard="TRUE" Name="Shock"><Extra/></Cards>',
                           '<Comment>not a card</Comment>'))
    assert deck.entries == ((2, "Fire // Ice"), (1, "Lim-Dûl's Vault"), (57, "Mountain"))
    assert deck.sideboard == ((1, "Who // What // When // Where // Why"), (1, "Shock"))
    assert deck.lines == (3, 4, 5, 6, 7)


@pytest.mark.parametrize("text,words", [
    (_dek('<Cards Quantity="4" />'), "line 3: <Cards> needs a Name attribute"),
    (_dek('<Cards Quantity="4" Name="  " />'), "line 3: <Cards> needs a Name"),
    (_dek('<Cards Name="Shock" />'), "line 3: <Cards Name='Shock'> needs a Quantity attribute"),
    (_dek('<Cards Quantity="four" Name="Shock" />'),
     "line 3: <Cards Name='Shock'> Quantity must be a count in the digits 0-9, got 'four'"),
    (_dek('<Cards Quantity="-4" Name="Shock" />'), "line 3: <Cards Name='Shock'> Quantity"),
    (_dek('<Cards Quantity="\u0664" Name="Shock" />'), "Quantity must be a count in the digits 0-9"),
    (_dek('<Cards Quantity="0" Name="Shock" />'), "line 3: <Cards Name='Shock'>: count 0 must be 1..250"),
    (_dek('<Cards Quantity="999999999999" Name="Shock" />'), "count '999999999999' must be 1..250"),
    (_dek('<Cards Quantity="4" Sideboard="yes" Name="Shock" />'),
     "line 3: <Cards Name='Shock'> Sideboard must be 'true' or 'false', got 'yes'"),
    (_dek('<Cards Quantity="4" CatID="x1" Name="Shock" />'), "CatID must be a number, got 'x1'"),
    (_dek('<Cards Quantity="60" Name="Mountain" />', '<Group><Cards Quantity="1" Name="Shock"/></Group>'),
     "line 4: <Cards> must be directly inside <Deck>"),
    ('<?xml version="1.0"?>\n<deck version="0.8"/>', "line 2: the root element is '<deck>'; an "
                                                    "MTGO .dek file has <Deck>"),
    (_dek('<Cards Quantity="4" Name="Shock">'), "line 4: not well-formed XML (mismatched tag)"),
    (_dek('<Cards Quantity="4" Name="Shock" / >'), "line 3: not well-formed XML"),
    (_dek('<Cards Quantity="4" Name="A & B" />'), "line 3: not well-formed XML"),
    (_dek('<Cards Quantity="4" Name="&bolt;" />'), "line 3: not well-formed XML (undefined entity)"),
    (_dek('<Cards Quantity="4" Sideboard="true" Name="Shock" />'), "the deck list has no cards"),
    (_dek(), "the deck list has no cards"),
    ("<Deck>", "line 1: not well-formed XML (no element found)"),
])
def test_mtgo_malformed_documents_name_the_element_and_line(text, words):
    msg = _message(text, name="burn")
    assert msg.startswith("burn") and words in msg and len(msg) < 250


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE Deck [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Deck><Cards Quantity="1" Name="&lol9;" /></Deck>
"""


@pytest.mark.parametrize("text", [
    BILLION_LAUGHS,
    # An external entity would read a local file into the card name.
    '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    '<Deck><Cards Quantity="1" Name="&xxe;" /></Deck>',
    # A parameter entity and an external DTD would fetch a URL.
    '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY % dtd SYSTEM "http://example.invalid/x.dtd"> %dtd;]>\n'
    '<Deck><Cards Quantity="1" Name="Shock" /></Deck>',
    '<?xml version="1.0"?>\n<!DOCTYPE Deck SYSTEM "http://example.invalid/deck.dtd">\n'
    '<Deck><Cards Quantity="1" Name="Shock" /></Deck>',
    # Even an empty document type declaration: nothing in a .dek file needs one.
    '<?xml version="1.0"?>\n<!DOCTYPE Deck>\n<Deck><Cards Quantity="1" Name="Shock" /></Deck>',
], ids=["billion-laughs", "external-entity", "parameter-entity", "external-dtd", "empty-doctype"])
def test_mtgo_document_type_declarations_are_refused(text, tmp_path):
    expected = ("evil: line 2: a document type declaration (<!DOCTYPE ...>) is not allowed in "
                "an MTGO deck file: entity definitions are refused")
    assert _message(text, name="evil") == expected
    path = tmp_path / "evil.dek"
    path.write_text(text)
    with pytest.raises(DeckError) as err:
        Deck.load(path)
    assert str(err.value) == expected
    assert main(["play", str(path), "bears", "--quiet"]) == 2


def test_mtgo_files_are_read_in_the_encoding_they_declare(tmp_path):
    path = tmp_path / "old.dek"
    path.write_bytes(_dek('<Cards Quantity="59" Name="Swamp" />',
                          '<Cards Quantity="1" Name="Lim-Dûl\'s Vault" />',
                          head='<?xml version="1.0" encoding="ISO-8859-1"?>\n<Deck>\n')
                     .encode("latin-1"))
    assert Deck.load(path).entries == ((59, "Swamp"), (1, "Lim-Dûl's Vault"))
    path.write_bytes(b"\xef\xbb\xbf" + MTGO.encode("utf-8"))          # with a byte-order mark
    assert Deck.load(path) == Deck.parse(MTGO, name="old")


# --- unknown names, in every format ---------------------------------------------------------

@pytest.mark.parametrize("text,line", [
    ("56 Mountain\n4 Lightnig Bolt\n", 2),
    ("Deck\n56 Mountain (M10) 242\n4 Lightnig Bolt (M10) 146\n", 3),
    ("56 Mountain (M10) 242\n\n4 Lightnig Bolt (M10) 146\n", 3),                 # sideboard
    (_dek('<Cards Quantity="56" Name="Mountain" />',
          '<Cards Quantity="4" Name="Lightnig Bolt" Sideboard="true" />'), 4),
])
def test_unknown_names_give_the_line_and_the_closest_names_in_every_format(text, line):
    deck = Deck.parse(text, name="typo")
    with pytest.raises(DeckError) as err:
        deck.check_constructed(DEFAULT_CARDS)
    assert str(err.value) == (f"typo: line {line}: unknown card 'Lightnig Bolt' (did you mean "
                              "'Lightning Bolt', 'Lightning Blast' or 'Lightning Helix'?)")


# --- writing --------------------------------------------------------------------------------

@pytest.mark.parametrize("deck", [
    Deck.parse(PLAIN, name="red"),
    Deck("odd", ((2, "Fire // Ice"), (1, "B.F.M. (Big Furry Monster)"), (1, "Lim-Dûl's Vault"),
                 (1, 'Ach! Hans, Run! & "Friends" <x>'), (3, "Isamaru, Hound of Konda")),
         ((1, "Who // What // When // Where // Why"),)),
    Deck("no sideboard", ((60, "Mountain"),)),
], ids=["red", "odd names", "no sideboard"])
def test_writing_and_reading_back_gives_the_same_deck(deck):
    assert Deck.parse(deck.to_text(), name=deck.name) == deck
    assert Deck.parse(deck.to_arena(), name=deck.name) == deck
    assert Deck.parse(deck.to_mtgo(), name=deck.name) == deck
    assert detect_format(deck.to_arena()) == "arena" and detect_format(deck.to_mtgo()) == "mtgo"


def test_written_formats_look_like_the_clients_exports():
    deck = Deck("d", ((4, "Fire // Ice"), (56, "Island")), ((2, "Shock"),))
    assert deck.to_arena() == "Deck\n4 Fire // Ice\n56 Island\n\nSideboard\n2 Shock\n"
    dek = deck.to_mtgo()
    assert dek.startswith('<?xml version="1.0" encoding="utf-8"?>\n<Deck ')
    assert '  <Cards Quantity="4" Sideboard="false" Name="Fire/Ice" />\n' in dek
    assert '  <Cards Quantity="2" Sideboard="true" Name="Shock" />\n</Deck>\n' in dek


# --- the command line -----------------------------------------------------------------------

def test_cli_plays_and_simulates_arena_and_mtgo_files(tmp_path, capsys):
    arena, dek = tmp_path / "arena.txt", tmp_path / "red.dek"
    arena.write_text(ARENA)
    dek.write_text(MTGO)
    assert main(["play", str(arena), str(dek), "--quiet", "--max-turns", "3"]) == 0
    assert "P0 = arena, P1 = red" in capsys.readouterr().out
    assert main(["simulate", str(dek), str(arena), "-n", "3"]) == 0
    assert "3 random games" in capsys.readouterr().out


@pytest.mark.parametrize("name,text,words", [
    ("typo.dek", _dek('<Cards Quantity="60" Name="Mountian" />'),
     "typo: line 3: unknown card 'Mountian' (did you mean 'Mountain'?)"),
    ("bad.dek", _dek('<Cards Quantity="60" Name="Mountain">'), "bad: line 4: not well-formed XML"),
    ("bad.txt", "Deck\n60 Mountain (M10) 242 extra\n", "bad: line 2: unexpected 'extra'"),
])
def test_cli_reports_errors_in_arena_and_mtgo_files_without_a_traceback(tmp_path, capsys, name,
                                                                         text, words):
    path = tmp_path / name
    path.write_text(text)
    for argv in (["play", str(path), "bears", "--quiet"], ["simulate", str(path), "bears", "-n", "1"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("mtg-core: ") and words in err and "Traceback" not in err
