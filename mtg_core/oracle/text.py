"""Oracle text before grammar: normalisation, reminder text, self-references, lines, tokens.

>>> lines = ability_lines("Flying (This creature can't be blocked except by creatures "
...                       "with flying or reach.)\\nWhen Serra Angel enters the battlefield, "
...                       "draw a card.", "Serra Angel")
>>> [line.tokens for line in lines]
[['Flying'], ['When', '~', 'enters', 'the', 'battlefield', ',', 'draw', 'a', 'card', '.']]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# Words that name the object itself when they follow "this" (201.5: "this creature",
# "this spell", ...).  Inside quoted abilities they name the object that has the ability.
SELF_NOUNS = ("creature", "spell", "card", "permanent", "artifact", "enchantment", "land",
              "aura", "equipment", "vehicle", "planeswalker", "saga", "battle", "class",
              "case", "room", "token", "spacecraft", "siege", "attraction", "contraption",
              "fortification", "plane", "scheme", "dungeon", "background")

_UNICODE = {"\u2212": "-", "\u2013": "-", "\u2019": "'", "\u2018": "'", "\u201c": '"',
            "\u201d": '"', "\u00a0": " ", "\u2022": "\u2022", "\r": ""}

_TOKEN = re.compile(r"""
    (?P<sym>\{[^{}\s]*\})                          # mana and other symbols: {2} {G/U} {T}
  | (?P<ptmod>[+-](?:\d+|X)/[+-](?:\d+|X))         # +1/+1, -X/-0
  | (?P<signed>[+-](?:\d+|X)(?=:))                 # loyalty costs +1: -3: -X:
  | (?P<pt>(?:\d+|X|\*)/(?:\d+|X|\*))              # 1/1, X/X tokens
  | (?P<num>\d+)
  | (?P<self>~)
  | (?P<poss>'s\b)                                 # ~'s
  | (?P<word>[A-Za-z][A-Za-z0-9]*(?:['-][A-Za-z0-9]+)*'?)
  | (?P<punct>[,.:;\u2014\u2022"()\[\]!?+])
  | (?P<other>\S)
""", re.X)


def strip_reminder(text: str) -> str:
    """Remove reminder text: every parenthesised span (balanced), with the space before it.

    >>> strip_reminder("Flash (You may cast it any time.)\\nFlying")
    'Flash\\nFlying'
    """
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
            while depth == 1 and out and out[-1] in " \t":
                out.pop()
            continue
        if ch == ")" and depth:
            depth -= 1
            continue
        if depth == 0:
            out.append(ch)
    return "".join(out)


def self_names(name: str) -> list[str]:
    """The ways the text can name the card itself: its full name, and for a name with a
    comma ("Isamaru, Hound of Konda") the part before it, as current Oracle text uses."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ")[0])
    return sorted(set(n for n in names if n), key=len, reverse=True)


def _agrees(noun: str, type_words: set[str] | None) -> bool:
    """Does "this <noun>" fit a card with these (lower-case) type-line words?"""
    if type_words is None or noun in ("card", "spell", "token"):
        return True
    if noun == "permanent":
        return not {"instant", "sorcery"} & type_words
    return noun in type_words


def normalize(text: str, name: str, type_words: set[str] | None = None) -> str:
    """Unicode punctuation to ASCII where the grammar expects it, reminder text removed,
    the card's name and "this <noun>" replaced by ``~``.  Given the card's type-line words,
    "this <noun>" outside quotes is a self-reference only when the noun fits the card
    ("this creature" on a land is left alone, so the grammar refuses it); inside quotes it
    names the object that has the quoted ability.

    >>> normalize("When this creature enters, it deals 2 damage (ouch).", "X")
    'When ~ enters, it deals 2 damage.'
    >>> normalize("Isamaru, Hound of Konda attacks. Isamaru dies.", "Isamaru, Hound of Konda")
    '~ attacks. ~ dies.'
    >>> normalize("When this creature enters, draw a card.", "X", {"land"})
    'When this creature enters, draw a card.'
    """
    for a, b in _UNICODE.items():
        text = text.replace(a, b)
    text = strip_reminder(text)
    for n in self_names(name):
        for a, b in _UNICODE.items():
            n = n.replace(a, b)
        text = re.sub(r"(?<![\w'-])" + re.escape(n) + r"(?![\w-])", "~", text)
    this = re.compile(r"\b[Tt]his (" + "|".join(SELF_NOUNS) + r")\b", flags=re.I)
    parts = text.split('"')
    for i, part in enumerate(parts):
        quoted = i % 2 == 1
        parts[i] = this.sub(lambda m: "~" if quoted or _agrees(m.group(1).lower(), type_words)
                            else m.group(0), part)
    text = '"'.join(parts)
    text = re.sub(r"[ \t]+", " ", text)
    return "\n".join(line.strip() for line in text.split("\n"))


def tokenize(line: str) -> list[str]:
    """Split one line into tokens (symbols, signed numbers and P/T stay whole).

    >>> tokenize("{1}{R}, {T}: ~'s power is +1/+0 until end of turn.")
    ['{1}', '{R}', ',', '{T}', ':', '~', "'s", 'power', 'is', '+1/+0', 'until', 'end', 'of', 'turn', '.']
    """
    return [m.group() for m in _TOKEN.finditer(line)]


@dataclass
class Line:
    """One ability's text: a line of Oracle text and, for "Choose one —", its bulleted
    modes (700.2)."""
    text: str
    tokens: list[str]
    modes: list[tuple[str, list[str]]] = field(default_factory=list)


def ability_lines(oracle_text: str, name: str, type_words: set[str] | None = None) -> list[Line]:
    """The face's text as ability lines: normalised, reminder text gone, empty lines
    dropped, bullet lines ("• ...") attached to the line before them as modes."""
    lines: list[Line] = []
    for raw in normalize(oracle_text or "", name, type_words).split("\n"):
        raw = raw.strip()
        if not raw:
            continue
        if raw.startswith("\u2022") and lines:
            body = raw[1:].strip()
            lines[-1].modes.append((body, tokenize(body)))
            continue
        lines.append(Line(raw, tokenize(raw)))
    return lines
