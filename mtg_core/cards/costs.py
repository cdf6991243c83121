"""Mana costs (202) and activation costs ("{T}, Sacrifice ~: ...", 602.1)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CardScriptError
from .compile_context import DEFAULT_CONTEXT, CompileContext
from .subtypes import cost_part
from .vocabulary import _C, COLOR_INDEX

_SYMBOL = re.compile(r"\{([^{}]+)\}")


_HYBRID_BITS = 5        # hybrid.pxi: a pip's colour pair, HYBRID_BITS bits per pip
_HYBRID_MAX = 6
_PHYREXIAN_BITS = _C["PHYREXIAN_BITS"]          # phyrexian.pxi: a colour's count, 2 bits
_PHYREXIAN_MAX = _C["PHYREXIAN_PIP_MASK"]       # Phyrexian symbols of one colour at most


def _phyrexian_colour(sym: str) -> int | None:
    """``"B/P"`` -> the index of B (a Phyrexian mana symbol of one colour, 107.4f), else None."""
    parts = sym.split("/")
    if len(parts) == 2 and parts[1] == "P" and len(parts[0]) == 1 and parts[0] in "WUBRG":
        return COLOR_INDEX[parts[0]]
    return None


def _hybrid_symbol(sym: str, text: str) -> str | None:
    """``"W/U"`` -> ``"W/U"`` (a two-colour hybrid symbol, 107.4e); None if ``sym`` has no
    "/"; CardScriptError for the other kinds of hybrid and Phyrexian symbols."""
    if "/" not in sym:
        return None
    parts = sym.split("/")
    if len(parts) == 2 and all(p in "WUBRG" and len(p) == 1 for p in parts) and parts[0] != parts[1]:
        return sym
    if "P" in parts:
        kind = "a Phyrexian hybrid symbol (107.4f)" if len(parts) > 2 else \
            "a Phyrexian symbol of no colour"
    elif len(parts) == 2 and parts[0].isdigit():
        kind = "a monocoloured hybrid symbol (107.4e)"
    elif "C" in parts:
        kind = "a colourless hybrid symbol"
    else:
        kind = "an unknown hybrid symbol"
    raise CardScriptError(f"mana cost {text!r}: {{{sym}}} is {kind}: only two-colour hybrid "
                          "symbols like {W/U} are supported")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic amount plus coloured pips (W U B R G) and {C} pips, and its
    two-colour hybrid symbols (107.4e) in ``hybrid`` ("W/U", ...: each one pip paid with
    either colour), and its Phyrexian symbols (107.4f: {B/P} is paid with one black mana or
    2 life) counted per colour W U B R G in ``phyrexian`` (not in ``pips``)."""
    generic: int = 0
    pips: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    text: str = ""
    x: int = 0          # how many {X} (107.3); X is 0 except on the stack (107.3, 202.3e)
    hybrid: tuple[str, ...] = ()
    phyrexian: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @staticmethod
    def parse(text: str) -> "ManaCost":
        """Parse ``"{2}{G}{G}"``, ``"{1}{W/U}{W/U}"`` or ``"{1}{B/P}{B/P}"``; raises
        CardScriptError on anything else (monocoloured hybrid {2/W}, Phyrexian hybrid
        {G/W/P}, snow {S}, ...).

        >>> ManaCost.parse("{1}{G}").mana_value
        2
        >>> ManaCost.parse("{1}{W/U}{W/U}").mana_value
        3
        >>> ManaCost.parse("{1}{B/P}{B/P}").mana_value      # 202.3: each Phyrexian symbol counts 1
        3
        """
        text = text.strip()
        if not text:
            return ManaCost()
        if _SYMBOL.sub("", text):
            raise CardScriptError(f"mana cost {text!r}: expected only {{...}} symbols")
        generic = 0
        x = 0
        pips = [0] * 6
        hybrid: list[str] = []
        phyrexian = [0] * 5
        for sym in _SYMBOL.findall(text):
            if sym.isdigit():
                generic += int(sym)
            elif sym in COLOR_INDEX:
                pips[COLOR_INDEX[sym]] += 1
            elif sym == "X":
                x += 1
            elif _phyrexian_colour(sym) is not None:
                phyrexian[_phyrexian_colour(sym)] += 1
            elif _hybrid_symbol(sym, text):
                hybrid.append(sym)
            else:
                raise CardScriptError(f"mana cost {text!r}: symbol {{{sym}}} is not supported yet"
                                      + (" (snow costs, 107.4h)" if sym == "S" else ""))
        if x > 3:
            raise CardScriptError(f"mana cost {text!r}: at most three {{X}}")
        if len(hybrid) > _HYBRID_MAX:
            raise CardScriptError(f"mana cost {text!r}: at most {_HYBRID_MAX} hybrid symbols")
        if max(phyrexian) > _PHYREXIAN_MAX:
            raise CardScriptError(f"mana cost {text!r}: at most {_PHYREXIAN_MAX} Phyrexian "
                                  "symbols of one colour")
        return ManaCost(generic, (pips[0], pips[1], pips[2], pips[3], pips[4], pips[5]), text, x,
                        tuple(hybrid), (phyrexian[0], phyrexian[1], phyrexian[2], phyrexian[3],
                                        phyrexian[4]))

    @property
    def mana_value(self) -> int:
        """202.3: the total of its symbols; 202.3f: a hybrid symbol counts 1, and so does a
        Phyrexian symbol (202.3: one mana symbol)."""
        return self.generic + sum(self.pips) + len(self.hybrid) + sum(self.phyrexian)

    def as_row(self, with_hybrid: bool = False, with_phyrexian: bool = False) -> list[int]:
        """The 7 cost ints (generic, W U B R G C).  Its hybrid pips are a separate word
        (:attr:`hybrid_word`), read by mana costs and activation costs only: elsewhere
        (``with_hybrid`` False) a cost with them is refused, not read without them.  Its
        Phyrexian pips count in their colour's int, :attr:`phyrexian_word` saying which may
        be paid with life: read by a card's mana cost only (``with_phyrexian``), refused
        elsewhere (107.4f)."""
        if self.hybrid and not with_hybrid:
            raise CardScriptError(f"mana cost {self.text!r}: hybrid symbols are supported in "
                                  "mana costs and activation costs only")
        if any(self.phyrexian) and not with_phyrexian:
            raise CardScriptError(f"mana cost {self.text!r}: Phyrexian mana symbols are "
                                  "supported in the mana costs of cards only")
        return [self.generic, *(self.pips[i] + (self.phyrexian[i] if i < 5 else 0)
                                for i in range(6))]

    @property
    def phyrexian_word(self) -> int:
        """CF_COST_PHYREXIAN: how many of each colour's pips are Phyrexian, 2 bits per
        colour W U B R G from bit 0 (phyrexian.pxi, 107.4f)."""
        return sum(k << (_PHYREXIAN_BITS * i) for i, k in enumerate(self.phyrexian))

    @property
    def hybrid_word(self) -> int:
        """CF_COST_HYBRID / AF_COST_HYBRID: each hybrid pip's colour pair, HYBRID_BITS bits
        per pip from bit 0 (hybrid.pxi)."""
        word = 0
        for i, sym in enumerate(self.hybrid):
            a, b = sym.split("/")
            word |= ((1 << COLOR_INDEX[a]) | (1 << COLOR_INDEX[b])) << (_HYBRID_BITS * i)
        return word

    @property
    def colors(self) -> int:
        """105.2 / 202.2: the colours of its mana symbols; 202.2d: a hybrid symbol is both
        of its colours."""
        return sum(1 << i for i in range(5) if self.pips[i] or self.phyrexian[i] or
                   any("WUBRG"[i] in sym for sym in self.hybrid))


def _parse_cost(text: str) -> tuple[ManaCost, int]:
    cost, flags, life = parse_cost(text)
    if life:
        raise CardScriptError(f"cost {text!r}: paying life is supported in spells' costs only")
    return cost, flags


# Costs other than mana (118, 601.2f): the words and their COST_* flag.
_COST_WORDS = {"sacrifice ~": "COST_SAC_SELF", "sacrifice this artifact": "COST_SAC_SELF",
               "sacrifice this creature": "COST_SAC_SELF",
               "sacrifice a creature": "COST_SAC_CREATURE", "discard a card": "COST_DISCARD",
               "discard this card": "COST_DISCARD_SELF"}
_PAY_LIFE = re.compile(r"pay (\d+) life")


def parse_cost(text: str) -> tuple[ManaCost, int, int]:
    """``"{2}, {T}, Sacrifice ~"`` -> (mana cost, COST_* flags, life to pay).  The words
    are those of :data:`_COST_WORDS` and "Pay N life" (119.4)."""
    flags = 0
    life = 0
    rest = text
    if "{T}" in rest:
        flags |= _C["COST_TAP"]
        rest = rest.replace("{T}", "")
    parts = [p.strip() for p in rest.split(",")]
    mana = ""
    for p in parts:
        if not p:
            continue
        low = p.lower()
        if low in _COST_WORDS:
            flags |= _C[_COST_WORDS[low]]
        elif _PAY_LIFE.fullmatch(low):
            flags |= _C["COST_PAY_LIFE"]
            life += int(_PAY_LIFE.fullmatch(low).group(1))
        elif _SYMBOL.fullmatch(p) or re.fullmatch(r"(\{[^{}]+\})+", p):
            mana += p
        else:
            raise CardScriptError(f"cost {text!r}: can't read {p!r}")
    cost = ManaCost.parse(mana)
    if cost.x:
        raise CardScriptError(f"cost {text!r}: {{X}} is supported in mana costs of spells only")
    return cost, flags, life


# --- costs of activated and mana abilities (602.1, 118.3) -----------------------

_PERMANENT_TYPES = {"artifact": "T_ARTIFACT", "creature": "T_CREATURE", "land": "T_LAND",
                    "enchantment": "T_ENCHANTMENT", "planeswalker": "T_PLANESWALKER",
                    "battle": "T_BATTLE"}
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SAC_A = re.compile(r"sacrifice (a|an|another) ([a-z]+(?: or [a-z]+)*)")
_TAP_A = re.compile(r"tap (an|another) untapped ([a-z]+) you control")
_REMOVE = re.compile(r"remove (a|an|one|two|three|four|five|\d+) ([+-]1/[+-]1) counters? from ~")
_SELF_WORDS = ("~", "this artifact", "this creature", "this land", "this enchantment",
               "this permanent")


@dataclass(frozen=True)
class ActivationCost:
    """The cost of an activated or mana ability (602.1a, 118): mana, ``flags`` (COST_TAP,
    COST_SAC_SELF, COST_DISCARD, COST_PAY_LIFE, COST_DISCARD_SELF), ``life`` to pay,
    ``sacrifice`` / ``tap`` (SACQ_* specs: "Sacrifice a creature", "Tap an untapped creature
    you control"), ``counters`` (N | CTR_* << 8: "Remove a +1/+1 counter from ~") and
    ``other`` (OC_UNTAP: {Q})."""
    mana: ManaCost
    flags: int = 0
    life: int = 0
    sacrifice: int = 0
    tap: int = 0
    counters: int = 0
    other: int = 0
    discard: int = 0            # AF_DISCARD_COST (FILTER_CARD spec; 0: "Discard a card")
    exile: int = 0              # AF_EXILE_COST: cards to exile from the graveyard

    def columns(self) -> dict[str, int]:
        """The ability-table columns of the costs other than mana and flags."""
        return {"AF_LIFE_COST": self.life, "AF_SAC_COST": self.sacrifice, "AF_TAP_COST": self.tap,
                "AF_COUNTER_COST": self.counters, "AF_OTHER_COST": self.other,
                "AF_DISCARD_COST": self.discard, "AF_EXILE_COST": self.exile}

    @property
    def automatic(self) -> bool:
        """A mana ability's cost automatic payment may pay: {T} (and "Sacrifice ~")."""
        return (not self.mana.mana_value and self.flags & _C["COST_TAP"]
                and not self.flags & ~(_C["COST_TAP"] | _C["COST_SAC_SELF"])
                and not (self.sacrifice or self.tap or self.counters or self.other
                         or self.discard or self.exile))


def _types_spec(words: str, text: str) -> int:
    spec = 0
    if words.strip() == "permanent":                      # 110.4: any of the permanent types
        return sum(_C[t] for t in _PERMANENT_TYPES.values())
    for w in words.split(" or "):
        w = w.strip()
        if w not in _PERMANENT_TYPES:
            raise CardScriptError(f"cost {text!r}: can't sacrifice or tap {w!r} "
                                  f"(one of {sorted(_PERMANENT_TYPES)})")
        spec |= _C[_PERMANENT_TYPES[w]]
    return spec


def spell_sacrifice_spec(text: str) -> int | None:
    """A spell's additional cost "Sacrifice a creature / an artifact or creature" (601.2f,
    118.8) -> the card types of its AF_SAC_COST column (0 for "a creature": COST_SAC_CREATURE
    alone asks for one); None if ``text`` is no such cost.

    >>> spell_sacrifice_spec("Sacrifice an artifact or creature") == _C["T_ARTIFACT"] | _C["T_CREATURE"]
    True
    """
    m = _SAC_A.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if m is None or m.group(1) == "another":
        return None
    spec = _types_spec(m.group(2), text)
    return 0 if spec == _C["T_CREATURE"] else spec


def parse_activation_cost(text: str, ctx: CompileContext = DEFAULT_CONTEXT) -> ActivationCost:
    """``"{1}, {T}, Sacrifice a creature"`` -> :class:`ActivationCost` (602.1a: the parts
    are separated by commas; 118.3 / 601.2h: all are paid together).  A subtype the cost
    names ("Sacrifice a Goblin") is a bit of ``ctx``'s card database (205.3).

    >>> parse_activation_cost("{2}, Pay 2 life, Sacrifice another creature").life
    2
    """
    flags = life = sac = tap = counters = other = discard = exile = 0
    mana = ""
    for p in (p.strip() for p in text.split(",")):
        low = p.lower()
        if not p:
            raise CardScriptError(f"cost {text!r}: an empty part")
        if re.fullmatch(r"(\{[^{}]+\})+", p) and "{T}" not in p and "{Q}" not in p:
            mana += p
        elif p == "{T}":
            flags |= _C["COST_TAP"]
        elif p == "{Q}":
            other |= _C["OC_UNTAP"]                       # 107.6
        elif low in ("sacrifice " + w for w in _SELF_WORDS):
            flags |= _C["COST_SAC_SELF"]
        elif low == "discard this card":
            flags |= _C["COST_DISCARD_SELF"]
        elif low == "discard a card":
            flags |= _C["COST_DISCARD"]
        elif _PAY_LIFE.fullmatch(low):
            flags |= _C["COST_PAY_LIFE"]
            life += int(_PAY_LIFE.fullmatch(low).group(1))
        elif _SAC_A.fullmatch(p[:1].lower() + p[1:]):        # (a capitalised subtype: below)
            m = _SAC_A.fullmatch(low)
            if sac:
                raise CardScriptError(f"cost {text!r}: one 'Sacrifice a ...' per cost here")
            sac = _types_spec(m.group(2), text) | (_C["SACQ_ANOTHER"] if m.group(1) == "another" else 0)
        elif _TAP_A.fullmatch(p[:1].lower() + p[1:]):
            m = _TAP_A.fullmatch(low)
            if tap:
                raise CardScriptError(f"cost {text!r}: one 'Tap an untapped ...' per cost here")
            tap = _types_spec(m.group(2), text) | (_C["SACQ_ANOTHER"] if m.group(1) == "another" else 0)
        elif _REMOVE.fullmatch(low):
            m = _REMOVE.fullmatch(low)
            n = int(m.group(1)) if m.group(1).isdigit() else _COUNT_WORDS[m.group(1)]
            if counters or not 1 <= n <= 255:
                raise CardScriptError(f"cost {text!r}: one counter removal of 1 to 255 counters")
            kind = _C["CTR_PLUS1"] if m.group(2) == "+1/+1" else _C["CTR_MINUS1"]
            counters = n | kind << 8
        elif (extra := cost_part(p, text, ctx)) is not None:    # subtypes.py: counts, subtypes, cards
            col, spec = extra
            if col == "other":
                other |= spec
            elif col == "flags":
                flags |= spec
            elif {"sacrifice": sac, "tap": tap, "exile": exile,
                  "discard": discard or flags & _C["COST_DISCARD"]}[col]:
                raise CardScriptError(f"cost {text!r}: one {col} part per cost here")
            elif col == "sacrifice":
                sac = spec
            elif col == "tap":
                tap = spec
            elif col == "discard":
                flags |= _C["COST_DISCARD"]
                discard = spec
            else:
                exile = spec
        else:
            raise CardScriptError(f"cost {text!r}: can't read {p!r}")
    cost = ManaCost.parse(mana)
    if cost.x:
        raise CardScriptError(f"cost {text!r}: {{X}} is supported in mana costs of spells only")
    if flags & _C["COST_TAP"] and other & _C["OC_UNTAP"]:
        raise CardScriptError(f"cost {text!r}: both {{T}} and {{Q}}")
    if flags & _C["COST_SAC_SELF"] and sac and not sac & _C["SACQ_ANOTHER"]:
        raise CardScriptError(f"cost {text!r}: sacrificing ~ and 'a' permanent of a kind it may be: "
                              "write 'another'")
    if tap >> _C["FILTER_COUNT_SHIFT"] and cost.mana_value:
        raise CardScriptError(f"cost {text!r}: tapping several permanents and paying mana: "
                              "not supported yet")
    if other & _C["OC_EXILE_SELF"] and flags & _C["COST_SAC_SELF"]:
        raise CardScriptError(f"cost {text!r}: exiling and sacrificing ~")
    return ActivationCost(cost, flags, life, sac, tap, counters, other, discard, exile)
