"""Counted amounts: one count expression (:class:`CountOf`) that the core evaluates
(src/rules/amounts.pxi), used by effects as they resolve (608.2h: "draw a card for each Elf you
control", "X damage, where X is the number of creatures you control") and by the layer
system, where it is counted each time characteristics are computed ("~ gets +1/+1 for each
other creature you control", 613.4c; "~'s power and toughness are each equal to the number
of cards in your hand", a characteristic-defining ability, 604.3 / 613.4a).

>>> from mtg_core.cards import Draw, ForEach, StaticAbility
>>> CountOf("permanents you control", types=("Creature",)).what
'permanents you control'
>>> elves = ForEach(CountOf("permanents you control", subtypes=("Elf",)), Draw("you"))
>>> anthem = StaticAbility("self", ModifyPTForEach(1, 1, CountOf("permanents you control",
...                                                             types=("Creature",), flags=("other",))))
>>> maro = StaticAbility("self", CharacteristicPTCount(CountOf("cards in your hand")))
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .compile_context import DEFAULT_CONTEXT, CompileContext
from .statics import (Becomes, SetCreatureTypes, Change, CharacteristicPT, StaticAbility, _amount, _colors_mask,
                      _names, _types_mask)
from .effects import walk_effects
from .effects.cards_zones import Draw, Mill
from .effects.damage_life import Damage, GainLife, LoseLife
from .effects.permanents import AddCounters, CreateToken, Pump
from .vocabulary import _C, COUNTERS, keyword_mask

# What a count counts: words -> (AMT_* kind, takes a filter of objects)
COUNT_KINDS: dict[str, tuple[int, bool]] = {
    "permanents you control": (_C["AMT_YOURS"], True),
    "permanents your opponents control": (_C["AMT_OPPONENTS"], True),
    "permanents": (_C["AMT_BATTLEFIELD"], True),
    "cards in your graveyard": (_C["AMT_GRAVEYARD"], True),
    "cards in all graveyards": (_C["AMT_ALL_GRAVEYARDS"], True),
    "cards in your hand": (_C["AMT_HAND"], True),
    "cards in your library": (_C["AMT_LIBRARY"], True),
    "your life total": (_C["AMT_LIFE"], False),
    "its power": (_C["AMT_POWER"], False),
    "its toughness": (_C["AMT_TOUGHNESS"], False),
    "counters on it": (_C["AMT_COUNTERS"], False),
    "permanents attached to it": (_C["AMT_ATTACHED"], True),
    "the target's power": (_C["AMT_TARGET_POWER"], False),
    "opponents": (_C["AMT_OPPONENT_PLAYERS"], False),
}
# the status and supertype words of a filter (AMT_* flags); "other" = not the source
COUNT_FLAGS = {"other": "AMT_OTHER", "attacking": "AMT_ATTACKING", "blocking": "AMT_BLOCKING",
               "tapped": "AMT_TAPPED", "untapped": "AMT_UNTAPPED",
               "with a +1/+1 counter": "AMT_PLUS1", "legendary": "AMT_LEGENDARY",
               "basic": "AMT_BASIC", "nonbasic": "AMT_NONBASIC", "snow": "AMT_SNOW",
               "named ~": "AMT_NAMED"}
_ON_PERMANENTS = ("attacking", "blocking", "tapped", "untapped", "with a +1/+1 counter",
                  "legendary", "basic", "nonbasic", "snow", "other")


@dataclass(frozen=True)
class CountOf:
    """A count the core evaluates (src/rules/amounts.pxi).  ``what`` is one of COUNT_KINDS;
    objects counted must have one of ``types`` (card types, any of), one of ``subtypes``,
    one of ``colors`` (WUBRG letters), the ``keyword`` and every one of ``flags``
    (COUNT_FLAGS: "other", "attacking", "tapped", "legendary", "named ~", ...).  "Its"
    is the source of the ability; ``counter`` names the kind for "counters on it".

    Permanents are counted with their types, colours and keywords after layers 4-6, never
    with another permanent's power: so a count may define power and toughness (layer 7)
    without depending on itself."""
    what: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: str = ""
    keyword: str | None = None
    flags: tuple[str, ...] = ()
    counter: str = "+1/+1"

    def _kind(self) -> tuple[int, bool]:
        if self.what not in COUNT_KINDS:
            raise CardScriptError(f"can't count {self.what!r}; expected one of {sorted(COUNT_KINDS)}")
        return COUNT_KINDS[self.what]

    def subtype_names(self) -> set[str]:
        return set(_names(self.subtypes, "subtypes")) if self.subtypes else set()

    def lower(self, ctx: CompileContext) -> tuple[int, int, int]:
        """(spec, types, subtypes): the three ints of the count in the core's tables, the
        subtypes by their bits in ``ctx``."""
        kind, filtered = self._kind()
        flags = _names(self.flags, "flags") if self.flags else ()
        if not filtered and (self.types or self.subtypes or self.colors or self.keyword or flags):
            raise CardScriptError(f"{self.what!r} takes no filter")
        spec = kind
        for f in flags:
            if f not in COUNT_FLAGS:
                raise CardScriptError(f"unknown count flag {f!r}; expected one of {sorted(COUNT_FLAGS)}")
            if f in _ON_PERMANENTS and kind not in (_C["AMT_YOURS"], _C["AMT_OPPONENTS"],
                                                    _C["AMT_BATTLEFIELD"], _C["AMT_ATTACHED"]):
                raise CardScriptError(f"{f!r} counts permanents, not {self.what!r}")
            spec |= _C[COUNT_FLAGS[f]]
        spec |= _colors_mask(self.colors) << _C["AMT_COLOR_SHIFT"]
        if self.keyword is not None:
            if kind in (_C["AMT_GRAVEYARD"], _C["AMT_ALL_GRAVEYARDS"], _C["AMT_HAND"],
                        _C["AMT_LIBRARY"]):
                raise CardScriptError("a keyword filter counts permanents")
            bit = keyword_mask((self.keyword,))
            if bit & (bit - 1):
                raise CardScriptError(f"one keyword, not {self.keyword!r}")
            spec |= bit.bit_length() << _C["AMT_KW_SHIFT"]
        if kind == _C["AMT_COUNTERS"]:
            if self.counter not in COUNTERS:
                raise CardScriptError(f"unknown counter kind {self.counter!r}")
            return spec, COUNTERS[self.counter], 0
        subs = 0
        if self.subtypes:
            # Subtypes with a CF_SUBTYPES bit are read as the layer system makes them; the
            # others counts name get a CF_COUNT_SUBTYPES bit (AMT_PRINTED) when some card
            # of the database has them, else none: nothing has them, so the count is 0
            # (AMT_NONE; a mask of 0 would mean "any").  See subtype_names_needed (compile.py).
            names = _names(self.subtypes, "subtypes")
            bits, printed = ctx.subtypes.bits, ctx.subtypes.count_bits
            if all(n in bits or n not in printed for n in names):
                subs = sum({bits[n] for n in names if n in bits})
            elif all(n in printed or n not in bits for n in names):
                subs = sum({printed[n] for n in names if n in printed})
                spec |= _C["AMT_PRINTED"]
            else:
                raise CardScriptError(f"can't count {' or '.join(names)} together (a layer "
                                      "script changes some of them)")
            if not subs:
                spec |= _C["AMT_NONE"]
        return spec, _types_mask(_names(self.types, "types")) if self.types else 0, subs

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        """The LY_AMOUNT quad of a count change of the layer system."""
        return [_C["LY_AMOUNT"], *self.lower(ctx)]


def _count_of(count) -> CountOf:
    if not isinstance(count, CountOf):
        raise CardScriptError(f"{count!r} is not a CountOf")
    return count


class _CountedChange:
    """A change of the layer system followed by the LY_AMOUNT quad of its ``count``."""

    def subtype_names(self):
        return set()                # its count's: count_subtype_names

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        return [self.code, *self.operands(ctx), *self.count.compile(ctx)]


@dataclass(frozen=True)
class ModifyPTForEach(_CountedChange, Change):
    """Gets +power/+toughness for each counted (layer 7c, 613.4c): "~ gets +1/+1 for each
    other creature you control" = ``ModifyPTForEach(1, 1, CountOf("permanents you control",
    types=("Creature",), flags=("other",)))``; counted whenever the layer system runs."""
    power: int
    toughness: int
    count: CountOf = None           # type: ignore[assignment]
    code = _C["LY_PT_COUNT"]

    def operands(self, ctx):
        _count_of(self.count).lower(ctx)
        return (_amount(self.power, "power"), _amount(self.toughness, "toughness"), 0)

    @property
    def layer(self) -> str:
        return "7c"


@dataclass(frozen=True)
class CharacteristicPTCount(_CountedChange, CharacteristicPT):
    """A characteristic-defining ability (604.3, layer 7a) equal to a :class:`CountOf`:
    "~'s power and toughness are each equal to the number of creature cards in your
    graveyard"; ``which`` is "both", "power" or "toughness"."""
    count: CountOf = None           # type: ignore[assignment]
    code = _C["LY_PT_CDA_COUNT"]

    def operands(self, ctx):
        _count_of(self.count).lower(ctx)
        which = {"power": 1, "toughness": 2, "both": 3}.get(self.which)
        if which is None:
            raise CardScriptError(f"'which' is 'power', 'toughness' or 'both', not {self.which!r}")
        if self.of is not None or _amount(self.toughness_plus, "toughness_plus") < 0 or \
                (not which & 2 and self.toughness_plus):
            raise CardScriptError("toughness_plus must be >= 0 and define the toughness")
        return (0, 0, which | self.toughness_plus << 8)

    @property
    def layer(self) -> str:
        return "7a"


def sets_creature_types(ability) -> bool:
    """Whether an ability has a SetCreatureTypes change ("becomes a Frog", 205.1b): printed
    subtypes can then be lost in layer 4, so counts read the layered ones."""
    if isinstance(ability, StaticAbility):
        return any(isinstance(ch, SetCreatureTypes) for ch in ability.changes)
    return any(isinstance(eff, Becomes) and any(isinstance(ch, SetCreatureTypes) for ch in eff.changes)
               for eff in walk_effects(list(getattr(ability, "effects", ()))))


def count_subtype_names(ability) -> set[str]:
    """The subtypes the counts of an ability name.  A CardDB gives them CF_SUBTYPES bits
    only when some card of the database (or a token it makes, or a layer script) has them:
    the bits are few (subtype_bits.py) and a count of a subtype nothing has is 0."""
    names: set[str] = set()
    if isinstance(ability, StaticAbility):
        for ch in ability.changes:
            if isinstance(ch, (ModifyPTForEach, CharacteristicPTCount)) and isinstance(ch.count, CountOf):
                names |= ch.count.subtype_names()
        return names
    todo = list(getattr(ability, "effects", ()))
    for mode in getattr(ability, "modes", ()):
        todo += list(getattr(mode, "effects", ()))
    for eff in walk_effects(todo):
        count = getattr(eff, "count", None)
        if isinstance(count, CountOf):
            names |= count.subtype_names()
    return names


def count_changes(changes) -> bool:
    """Whether a static ability's changes count something (its card then gets LY_COND_BIT:
    a count may change with no event marking state-based actions dirty, sba.pxi)."""
    return any(isinstance(ch, (ModifyPTForEach, CharacteristicPTCount)) for ch in changes)


def count_slots(e, any_effect: bool = True, ctx: CompileContext = DEFAULT_CONTEXT) -> tuple[int, list[int]]:
    """(amount for each one counted, the effect's instruction with its amount operands set
    to AMOUNT_IS_COUNT).  The effect is a Damage, Draw, GainLife, LoseLife or Pump (+N/+N,
    +N/+0 or +0/+N); with ``any_effect`` (a CountOf: OP_AMOUNT) also an AddCounters,
    CreateToken or Mill."""
    inner = e.compile(ctx)
    if isinstance(e, (Damage, GainLife, LoseLife)):
        per, slots = e.amount, (2,)
    elif isinstance(e, Draw):
        per, slots = e.count, (2,)
    elif any_effect and isinstance(e, (AddCounters, CreateToken)):
        per, slots = e.count, (3,)
    elif any_effect and isinstance(e, Mill):
        per, slots = e.count, (2,)
    elif isinstance(e, Pump):
        vals = {v for v in (e.power, e.toughness) if v != 0}
        if len(vals) != 1:
            raise CardScriptError("ForEach(Pump): +N/+N, +N/+0 or +0/+N for each")
        per = vals.pop()
        slots = tuple(i for i, v in ((2, e.power), (3, e.toughness)) if v != 0)
    else:
        raise CardScriptError(f"ForEach of {type(e).__name__}: a Damage, Draw, GainLife, "
                              "LoseLife or Pump" + (", AddCounters, CreateToken or Mill"
                                                    if any_effect else ""))
    if not isinstance(per, int) or isinstance(per, bool):
        raise CardScriptError(f"ForEach: the amount for each must be a number, not {per!r}")
    for i in slots:
        inner[i] = _C["AMOUNT_IS_COUNT"]
    return per, inner


__all__ = ["COUNT_FLAGS", "COUNT_KINDS", "CharacteristicPTCount", "CountOf", "ModifyPTForEach",
           "count_changes", "count_slots",
           "count_subtype_names"]
