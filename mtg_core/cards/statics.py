"""Static abilities of the layer system (604, 611.3, 613) and the continuous effects of the
same kinds that resolving spells and abilities create (611.2).

A static ability names what it affects and one or more *changes*; each change belongs to a
layer (613.1) or sublayer (613.4) and the core applies them in that order, by timestamp
within a layer (613.7) and by dependency where one change decides what another applies to
(613.8).  Everything lowers to data: an ability row of kind AB_STATIC (its affected set in
the AF_LY_* columns) whose program is a list of changes (4 ints each), or OP_LAYER_EFFECT
instructions for :class:`Becomes`.

>>> anthem = StaticAbility("creatures you control", ModifyPT(1, 1))
>>> anthem.affects
'creatures you control'
>>> frog = Becomes("target", LoseAllAbilities(), SetColors("U"), SetCreatureTypes("Frog"),
...                SetBasePT(1, 1))
>>> len(frog.changes)
4

Subtypes: the core keeps subtypes as bits of CF_SUBTYPES.  Besides the few fixed ones
(RULES_SUBTYPES), every subtype a layer script names ("Goblin", "Swamp", "Frog") gets a bit
of its own when a :class:`~mtg_core.cards.CardDB` is compiled (at most 23 such names per
database), and every card with that subtype carries it; a change or filter reads the bits of
the database it is compiled for from its :class:`~mtg_core.cards.compile_context.CompileContext`
(:mod:`.subtype_bits`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .compile_context import DEFAULT_CONTEXT, CompileContext
from .effects import Effect
from .subtypes import NONCREATURE_SUBTYPES, cost_subtype_names, subject_subtype_names
from .vocabulary import (_C, COLOR_INDEX, TYPE_BITS, _dur, _ref, keyword_mask)

# What a static ability may affect: scope, card types (any of), flags (613.1, 611.3).
AFFECTS: dict[str, tuple[int, int, int]] = {
    "self": (_C["LY_SCOPE_SELF"], 0, 0),
    "enchanted creature": (_C["LY_SCOPE_ATTACHED"], 0, 0),
    "equipped creature": (_C["LY_SCOPE_ATTACHED"], 0, 0),
    "enchanted permanent": (_C["LY_SCOPE_ATTACHED"], 0, 0),
    "creatures": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"], 0),
    "each creature": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"], 0),
    "all creatures": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"], 0),
    "other creatures": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"], _C["LY_OTHER"]),
    "creatures you control": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"], _C["LY_YOURS"]),
    "other creatures you control": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"],
                                    _C["LY_YOURS"] | _C["LY_OTHER"]),
    "creatures your opponents control": (_C["LY_SCOPE_PERMANENTS"], _C["T_CREATURE"],
                                         _C["LY_OPPONENTS"]),
    "permanents": (_C["LY_SCOPE_PERMANENTS"], 0, 0),
    "other permanents": (_C["LY_SCOPE_PERMANENTS"], 0, _C["LY_OTHER"]),
    "permanents you control": (_C["LY_SCOPE_PERMANENTS"], 0, _C["LY_YOURS"]),
    "other permanents you control": (_C["LY_SCOPE_PERMANENTS"], 0, _C["LY_YOURS"] | _C["LY_OTHER"]),
    "enchantments": (_C["LY_SCOPE_PERMANENTS"], _C["T_ENCHANTMENT"], 0),
    "other enchantments": (_C["LY_SCOPE_PERMANENTS"], _C["T_ENCHANTMENT"], _C["LY_OTHER"]),
    "artifacts": (_C["LY_SCOPE_PERMANENTS"], _C["T_ARTIFACT"], 0),
    "other artifacts": (_C["LY_SCOPE_PERMANENTS"], _C["T_ARTIFACT"], _C["LY_OTHER"]),
    "lands": (_C["LY_SCOPE_PERMANENTS"], _C["T_LAND"], 0),
    "lands you control": (_C["LY_SCOPE_PERMANENTS"], _C["T_LAND"], _C["LY_YOURS"]),
}
# What a characteristic-defining ability counts (604.3, 7a): name -> (LY_COUNT_*, kind of mask)
COUNTS = {
    "permanents you control with subtype": (_C["LY_COUNT_YOURS_SUBTYPE"], "subtype"),
    "permanents you control of type": (_C["LY_COUNT_YOURS_TYPE"], "type"),
    "cards in all graveyards of type": (_C["LY_COUNT_GRAVEYARD_TYPE"], "type"),
    "card types among cards in all graveyards": (_C["LY_COUNT_GRAVEYARD_TYPES"], None),
    "your life total": (_C["LY_COUNT_LIFE"], None),
}
def _types_mask(names) -> int:
    mask = 0
    for t in names:
        if t not in TYPE_BITS:
            raise CardScriptError(f"unknown card type {t!r}; expected one of {sorted(TYPE_BITS)}")
        mask |= TYPE_BITS[t]
    return mask


def _colors_mask(colors: str) -> int:
    if not isinstance(colors, str) or any(c not in "WUBRG" for c in colors):
        raise CardScriptError(f"colours {colors!r}: use letters from WUBRG")
    return sum(1 << COLOR_INDEX[c] for c in set(colors))


def _names(value, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = (value,)
    value = tuple(value)
    if not all(isinstance(v, str) and v for v in value):
        raise CardScriptError(f"{what} must be names, not {value!r}")
    return value


def _amount(v, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or abs(v) > _C["TABLE_AMOUNT_MAX"]:
        raise CardScriptError(f"{what} {v!r} is not a whole number within "
                              f"+-{_C['TABLE_AMOUNT_MAX']}")
    return v


# --- changes ----------------------------------------------------------------------------------

class Change:
    """One change of the layer system: its LY_* code and operands (a, b, c)."""
    code: int = 0

    def check(self) -> None:
        """Raise CardScriptError if it is malformed (called when the card is defined; the
        subtypes it names get bits of a numbering of their own)."""
        self.operands(CompileContext.for_subtypes(self.subtype_names()))

    def operands(self, ctx: CompileContext) -> tuple[int, int, int]:
        """(a, b, c); a subtype is named by its bit in ``ctx``."""
        return (0, 0, 0)

    def subtype_names(self) -> set[str]:
        return set()

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        return [self.code, *self.operands(ctx)]

    @property
    def layer(self) -> str:
        """The layer or sublayer it applies in (613.1, 613.4)."""
        return {20: "2", 40: "4", 41: "4", 42: "4", 50: "5", 51: "5", 60: "6", 61: "6",
                70: "7a", 71: "7b", 72: "7b", 73: "7c", 74: "7d"}[self.code]


@dataclass(frozen=True)
class ModifyPT(Change):
    """Gets +power/+toughness (layer 7c)."""
    power: int
    toughness: int
    code = _C["LY_PT_MODIFY"]

    def operands(self, ctx):
        return (_amount(self.power, "power"), _amount(self.toughness, "toughness"), 0)


@dataclass(frozen=True)
class SetBasePT(Change):
    """Has base power and toughness P/T, "is a P/T", "becomes a P/T" (layer 7b)."""
    power: int
    toughness: int
    code = _C["LY_PT_SET"]

    def operands(self, ctx):
        return (_amount(self.power, "power"), _amount(self.toughness, "toughness"), 0)


@dataclass(frozen=True)
class SetBasePTToManaValue(Change):
    """Has base power and toughness each equal to its mana value (layer 7b; Opalescence)."""
    code = _C["LY_PT_SET_MV"]


@dataclass(frozen=True)
class SwitchPT(Change):
    """Its power and toughness are switched (layer 7d)."""
    code = _C["LY_PT_SWITCH"]


@dataclass(frozen=True)
class AddTypes(Change):
    """Is a <types> [<subtypes>] in addition to its other types (layer 4)."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    code = _C["LY_ADD_TYPES"]

    def operands(self, ctx):
        types, subs = _names(self.types, "types"), _names(self.subtypes, "subtypes")
        if not types and not subs:
            raise CardScriptError("AddTypes adds no type")
        return (_types_mask(types), ctx.subtypes.mask(subs), 0)

    def subtype_names(self):
        return set(_names(self.subtypes, "subtypes"))


@dataclass(frozen=True, init=False)
class SetCreatureTypes(Change):
    """"Becomes a Frog": the creature types given replace all its creature types (205.1b,
    layer 4); its other subtypes and its card types stay."""
    subtypes: tuple[str, ...]
    code = _C["LY_SET_SUBTYPES"]

    def __init__(self, *subtypes: str):
        object.__setattr__(self, "subtypes", tuple(subtypes))

    def operands(self, ctx):
        subs = _names(self.subtypes, "creature types")
        if not subs or set(subs) & NONCREATURE_SUBTYPES:
            raise CardScriptError(f"SetCreatureTypes needs creature types, not {subs!r}")
        creature = ctx.subtypes.creature_types
        return (ctx.subtypes.mask(subs), creature | ctx.subtypes.mask(subs), 0)

    def subtype_names(self):
        return set(_names(self.subtypes, "creature types"))


@dataclass(frozen=True, init=False)
class RemoveTypes(Change):
    """"Isn't a <type>" / "is no longer a <type>" (layer 4)."""
    types: tuple[str, ...]
    code = _C["LY_REMOVE_TYPES"]

    def __init__(self, *types: str):
        object.__setattr__(self, "types", tuple(types))

    def operands(self, ctx):
        if not self.types:
            raise CardScriptError("RemoveTypes removes no type")
        return (_types_mask(_names(self.types, "types")), 0, 0)


@dataclass(frozen=True)
class SetColors(Change):
    """Is <colours> (replacing its colours; layer 5): "All creatures are black" = "B"."""
    colors: str
    code = _C["LY_SET_COLORS"]

    def operands(self, ctx):
        return (_colors_mask(self.colors), 0, 0)


@dataclass(frozen=True)
class AddColors(Change):
    """Is <colours> in addition to its other colours (layer 5)."""
    colors: str
    code = _C["LY_ADD_COLORS"]

    def operands(self, ctx):
        if not self.colors:
            raise CardScriptError("AddColors adds no colour")
        return (_colors_mask(self.colors), 0, 0)


@dataclass(frozen=True, init=False)
class AddKeywords(Change):
    """Has / gains <keywords> (layer 6)."""
    keywords: tuple[str, ...]
    code = _C["LY_ADD_KEYWORDS"]

    def __init__(self, *keywords: str):
        object.__setattr__(self, "keywords", tuple(keywords))

    def operands(self, ctx):
        if not self.keywords:
            raise CardScriptError("AddKeywords grants no keyword")
        return (keyword_mask(self.keywords), 0, 0)


@dataclass(frozen=True)
class YouControl(Change):
    """"You control enchanted creature" (layer 2; Mind Control): the source's controller
    controls it while the ability applies."""
    code = _C["LY_CONTROL"]


@dataclass(frozen=True)
class LoseAllAbilities(Change):
    """Loses all abilities (layer 6): its keywords and its static abilities that hadn't
    started to apply (613.6)."""
    code = _C["LY_LOSE_ALL"]


@dataclass(frozen=True)
class CharacteristicPT(Change):
    """A characteristic-defining ability (604.3, layer 7a): "~'s power and toughness are
    each equal to <count>".  ``count`` is one of COUNTS; ``of`` names the subtype or card
    type counted; ``which`` is "both", "power" or "toughness"; ``toughness_plus`` is added
    to the toughness (Lhurgoyf: "that number plus 1")."""
    count: str
    of: str | None = None
    which: str = "both"
    toughness_plus: int = 0
    code = _C["LY_PT_CDA"]

    def operands(self, ctx):
        if self.count not in COUNTS:
            raise CardScriptError(f"unknown count {self.count!r}; expected one of {sorted(COUNTS)}")
        code, kind = COUNTS[self.count]
        if (kind is None) != (self.of is None):
            raise CardScriptError(f"count {self.count!r} " + ("needs" if kind else "takes no")
                                  + " 'of'")
        mask = 0
        if kind == "subtype":
            mask = ctx.subtypes.mask((self.of,))
        elif kind == "type":
            mask = _types_mask((self.of,))
        which = {"power": 1, "toughness": 2, "both": 3}.get(self.which)
        if which is None:
            raise CardScriptError(f"'which' is 'power', 'toughness' or 'both', not {self.which!r}")
        if not 0 <= _amount(self.toughness_plus, "toughness_plus") or not which & 2 and self.toughness_plus:
            raise CardScriptError("toughness_plus must be >= 0 and define the toughness")
        return (code, mask, which | self.toughness_plus << 8)

    def subtype_names(self):
        return {self.of} if self.count in COUNTS and COUNTS[self.count][1] == "subtype" and self.of else set()


# --- conditions (611.3a) ----------------------------------------------------------------------

# What a condition may say: words -> (LYC_* code, takes a number, takes a filter of permanents)
CONDITIONS: dict[str, tuple[int, bool, bool]] = {
    "it's your turn": (_C["LYC_YOUR_TURN"], False, False),
    "it's not your turn": (_C["LYC_NOT_YOUR_TURN"], False, False),
    "~ is attacking": (_C["LYC_SELF_ATTACKING"], False, False),
    "~ is tapped": (_C["LYC_SELF_TAPPED"], False, False),
    "~ is untapped": (_C["LYC_SELF_UNTAPPED"], False, False),
    "~ is equipped": (_C["LYC_SELF_EQUIPPED"], False, False),
    "~ is enchanted": (_C["LYC_SELF_ENCHANTED"], False, False),
    "you control": (_C["LYC_YOU_CONTROL"], True, True),
    "you control another": (_C["LYC_YOU_CONTROL_OTHER"], True, True),
    "you control no": (_C["LYC_YOU_CONTROL_NONE"], False, True),
    "an opponent controls": (_C["LYC_OPPONENT_CONTROLS"], True, True),
    "you have at least N life": (_C["LYC_LIFE_AT_LEAST"], True, False),
    "you have at most N life": (_C["LYC_LIFE_AT_MOST"], True, False),
    "an opponent has at most N life": (_C["LYC_OPPONENT_LIFE_AT_MOST"], True, False),
    "at least N cards in your graveyard": (_C["LYC_GRAVEYARD_AT_LEAST"], True, False),
    "at most N cards in your hand": (_C["LYC_HAND_AT_MOST"], True, False),
}
# Conditions that look at other permanents' types and colours: they go with changes of
# layer 6 or later only, so reading those characteristics can't reach back into the
# ability whose condition is being read.
_READS_PERMANENTS = frozenset({"you control", "you control another", "you control no",
                               "an opponent controls", "~ is equipped", "~ is enchanted"})


@dataclass(frozen=True)
class AsLongAs:
    """The condition of a static ability (611.3a: "as long as ...", "during your turn").

    ``what`` is one of CONDITIONS; ``n`` its number ("you control three or more
    artifacts": n=3); ``types`` (any of), ``subtypes`` (any of) and ``colors`` filter the
    permanents counted ("as long as you control a Mountain":
    ``AsLongAs("you control", subtypes=("Mountain",))``).  The core reads it every time the
    layer system applies the ability, so the characteristics follow it as it changes.

    >>> AsLongAs("it's your turn").what
    "it's your turn"
    """
    what: str
    n: int = 1
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: str = ""

    def check(self) -> None:
        if self.what not in CONDITIONS:
            raise CardScriptError(f"unknown condition {self.what!r}; expected one of "
                                  f"{sorted(CONDITIONS)}")
        _, has_n, has_filter = CONDITIONS[self.what]
        _amount(self.n, "the condition's number")
        if self.n < 0 or (not has_n and self.n != 1):
            raise CardScriptError(f"condition {self.what!r} " +
                                  ("takes no number" if not has_n else "needs a number >= 0"))
        if not has_filter and (self.types or self.subtypes or self.colors):
            raise CardScriptError(f"condition {self.what!r} takes no filter of permanents")
        _types_mask(_names(self.types, "types"))
        _names(self.subtypes, "subtypes")
        _colors_mask(self.colors)

    def subtype_names(self) -> set[str]:
        return set(_names(self.subtypes, "subtypes"))

    def columns(self, ctx: CompileContext) -> tuple[int, int, int, int, int]:
        """AF_LY_COND, AF_LY_COND_N, AF_LY_COND_TYPES, AF_LY_COND_SUBTYPES, AF_LY_COND_COLORS
        (the subtypes by their bits in ``ctx``)."""
        code, has_n, _ = CONDITIONS[self.what]
        return (code, self.n if has_n else 0, _types_mask(_names(self.types, "types")),
                ctx.subtypes.mask(_names(self.subtypes, "subtypes")), _colors_mask(self.colors))


# --- static abilities -------------------------------------------------------------------------

@dataclass(frozen=True, init=False)
class StaticAbility:
    """A static ability of the layer system (604, 611.3): it applies while its source is on
    the battlefield, with the source's timestamp (613.7a), to what ``affects`` names
    (AFFECTS) that also passes the filter: ``colors`` (any of, "WUBRG" letters),
    ``types`` (any of), ``subtypes`` (any of), ``not_subtypes`` ("non-Aura"), ``nontoken``;
    and only while ``condition`` (an :class:`AsLongAs`) holds, if it has one (611.3a).

    >>> StaticAbility("other creatures you control", ModifyPT(1, 1)).changes
    (ModifyPT(power=1, toughness=1),)
    """
    affects: str
    changes: tuple[Change, ...]
    colors: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    not_subtypes: tuple[str, ...]
    nontoken: bool
    condition: AsLongAs | None
    kind = _C["AB_STATIC"]
    init_fields = {"change": None}      # rebuild.py: ``change`` is one more of ``changes``

    def __init__(self, affects: str, *changes: Change, change: Change | None = None,
                 colors: str = "", types=(), subtypes=(), not_subtypes=(), nontoken: bool = False,
                 condition: AsLongAs | None = None):
        object.__setattr__(self, "affects", affects)
        object.__setattr__(self, "changes", tuple(changes) + ((change,) if change is not None else ()))
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "types", types if isinstance(types, str) else tuple(types))
        object.__setattr__(self, "subtypes", subtypes if isinstance(subtypes, str) else tuple(subtypes))
        object.__setattr__(self, "not_subtypes",
                           not_subtypes if isinstance(not_subtypes, str) else tuple(not_subtypes))
        object.__setattr__(self, "nontoken", nontoken)
        object.__setattr__(self, "condition", condition)

    def check(self) -> None:
        """Raise CardScriptError if the ability is malformed (Card calls it, naming the card)."""
        if self.affects not in AFFECTS:
            raise CardScriptError(f"unknown affected set {self.affects!r}; expected one of "
                                  f"{sorted(AFFECTS)}")
        if not self.changes:
            raise CardScriptError("a static ability needs at least one change")
        for ch in self.changes:
            if not isinstance(ch, Change):
                raise CardScriptError(f"{ch!r} is not a change of the layer system")
        if any(ch.code in (_C["LY_PT_CDA"], _C["LY_PT_CDA_COUNT"]) for ch in self.changes) and \
                (self.affects != "self" or len(self.changes) != 1):
            raise CardScriptError("a characteristic-defining ability defines only its own "
                                  "object's power and toughness (604.3): affects='self', alone")
        if any(ch.code == _C["LY_CONTROL"] for ch in self.changes) and \
                AFFECTS[self.affects][0] != _C["LY_SCOPE_ATTACHED"]:
            raise CardScriptError("YouControl() is for what an Aura enchants (\"You control "
                                  "enchanted creature\"), not " + repr(self.affects))
        if AFFECTS[self.affects][0] != _C["LY_SCOPE_PERMANENTS"] and \
                (self.colors or self.types or self.subtypes or self.not_subtypes or self.nontoken):
            raise CardScriptError(f"a filter needs a group of permanents, not {self.affects!r}")
        _colors_mask(self.colors)
        _types_mask(_names(self.types, "types"))
        _names(self.subtypes, "subtypes")
        _names(self.not_subtypes, "subtypes")
        for ch in self.changes:
            ch.check()
        if self.condition is not None:
            self._check_condition()

    def _check_condition(self) -> None:
        cond = self.condition
        if not isinstance(cond, AsLongAs):
            raise CardScriptError(f"condition {cond!r} is not an AsLongAs")
        cond.check()
        if any(isinstance(ch, (CharacteristicPT, LoseAllAbilities, YouControl))
               for ch in self.changes):
            raise CardScriptError("a characteristic-defining ability has no condition "
                                  "(604.3a); nor, here, \"loses all abilities\" or a control "
                                  "change")
        if cond.what in _READS_PERMANENTS and any(ch.code < _C["LY_ADD_KEYWORDS"]
                                                  for ch in self.changes):
            raise CardScriptError(f"a condition {cond.what!r} goes only with changes of layer 6 "
                                  "or later (abilities, power and toughness) here: a type or "
                                  "colour change could change its own condition")

    def subtype_names(self) -> set[str]:
        names = set(_names(self.subtypes, "subtypes")) | set(_names(self.not_subtypes, "subtypes"))
        if isinstance(self.condition, AsLongAs):
            names |= self.condition.subtype_names()
        for ch in self.changes:
            names |= ch.subtype_names()
        return names

    @property
    def loses_all(self) -> bool:
        return any(isinstance(ch, LoseAllAbilities) for ch in self.changes)

    def effects_program(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        """Its changes, 4 ints each (the core reads them as the ability's program)."""
        self.check()
        out: list[int] = []
        for ch in self.changes:
            out.extend(ch.compile(ctx))
        return out

    def row(self, program_start: int, program_len: int,
            ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        scope, types, flags = AFFECTS[self.affects]
        row = [0] * _C["ABILITY_FIELDS"]
        row[_C["AF_KIND"]] = self.kind
        row[_C["AF_PROG_START"]] = program_start
        row[_C["AF_PROG_LEN"]] = program_len
        row[_C["AF_LY_SCOPE"]] = scope
        row[_C["AF_LY_FLAGS"]] = flags | (_C["LY_NONTOKEN"] if self.nontoken else 0)
        row[_C["AF_LY_TYPES"]] = types | _types_mask(_names(self.types, "types"))
        row[_C["AF_LY_SUBTYPES"]] = ctx.subtypes.mask(_names(self.subtypes, "subtypes"))
        row[_C["AF_LY_NOT_SUBTYPES"]] = ctx.subtypes.mask(_names(self.not_subtypes, "subtypes"))
        row[_C["AF_LY_COLORS"]] = _colors_mask(self.colors)
        if self.condition is not None:
            (row[_C["AF_LY_COND"]], row[_C["AF_LY_COND_N"]], row[_C["AF_LY_COND_TYPES"]],
             row[_C["AF_LY_COND_SUBTYPES"]], row[_C["AF_LY_COND_COLORS"]]) = self.condition.columns(ctx)
        return row


# --- continuous effects from resolving spells and abilities ----------------------------------

_EFFECT_CHANGE_TYPES = (ModifyPT, SetBasePT, SetBasePTToManaValue, SwitchPT, AddTypes,
                        SetCreatureTypes, RemoveTypes, SetColors, AddColors, AddKeywords,
                        LoseAllAbilities)


@dataclass(frozen=True, init=False)
class Becomes(Effect):
    """<who> [changes] until <duration>: a continuous effect of the layer system from a
    resolving spell or ability (611.2; its objects are fixed as it resolves, 611.2c), e.g.
    Turn to Frog: ``Becomes("target", LoseAllAbilities(), SetColors("U"),
    SetCreatureTypes("Frog"), SetBasePT(1, 1))``; Twisted Image: ``Becomes("target",
    SwitchPT())``."""
    who: str
    changes: tuple[Change, ...]
    duration: str

    def __init__(self, who: str, *changes: Change, duration: str = "end of turn"):
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "changes", tuple(changes))
        object.__setattr__(self, "duration", duration)

    def check(self) -> None:
        _ref(self.who)
        _dur(self.duration)
        if not self.changes:
            raise CardScriptError("Becomes needs at least one change")
        for ch in self.changes:
            if not isinstance(ch, _EFFECT_CHANGE_TYPES):
                raise CardScriptError(f"{ch!r} can't be made by a resolving spell or ability "
                                      f"(characteristic-defining abilities are printed, 604.3)")
            ch.check()

    def subtype_names(self) -> set[str]:
        names: set[str] = set()
        for ch in self.changes:
            names |= ch.subtype_names()
        return names

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        self.check()
        out: list[int] = []
        ref, dur = _ref(self.who), _dur(self.duration)
        for ch in self.changes:
            code, a, b, _ = ch.compile(ctx)
            out += [_C["OP_LAYER_EFFECT"], ref, code, a, b, dur]
        return out


def subtype_names_of(ability) -> set[str]:
    """The subtypes an ability's layer scripts name (statics, and Becomes effects anywhere
    in its effects, delayed ones too)."""
    if isinstance(ability, StaticAbility):
        return ability.subtype_names()
    names: set[str] = cost_subtype_names(getattr(ability, "cost", "")) | \
        subject_subtype_names(getattr(ability, "subject", ""))        # "Sacrifice a Goblin"
    if getattr(ability, "alternative", None) is not None:             # "Return an Island ..." (118.9)
        names |= ability.alternative.subtype_names()
    for q in getattr(ability, "spell", ()):                           # "a Spirit or Arcane spell"
        if isinstance(q, str) and q[:1].isupper():
            names |= set(q.split(" or "))
    todo = list(getattr(ability, "effects", ()))
    while todo:
        eff = todo.pop()
        if isinstance(eff, Becomes) or hasattr(eff, "subtype_names"):   # and SearchCard
            names |= eff.subtype_names()
        elif hasattr(eff, "filter_subtypes"):      # 701.23: a search for a Goblin card
            names |= set(eff.filter_subtypes())
        todo.extend(getattr(eff, "effects", ()))
    return names


__all__ = ["AFFECTS", "CONDITIONS", "COUNTS", "AddColors", "AsLongAs", "AddKeywords", "AddTypes",
           "Becomes", "Change",
           "CharacteristicPT", "LoseAllAbilities", "ModifyPT", "RemoveTypes", "SetBasePT",
           "SetBasePTToManaValue", "SetColors", "SetCreatureTypes", "StaticAbility", "SwitchPT",
           "YouControl", "subtype_names_of"]
