"""Cards and zones: drawing (121), milling (701.13), discarding at random (701.8),
moving cards and permanents between zones (400.7), putting cards from hand onto the
battlefield (508.4, 509.1), library searches (701.23), revealing (701.20) and countering
spells (701.5).

>>> from mtg_core.cards import SpellAbility
>>> SpellAbility(PutOnTop("target"), targets=("creature",)).effects
(PutOnTop(who='target'),)
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from . import Amount, Effect, RefEffect, _amount
from ..subtypes import LAND_SUBTYPES
from ..vocabulary import _C, COLOR_INDEX, RULES_SUBTYPES, TYPE_BITS, _ref


@dataclass(frozen=True)
class Draw(Effect):
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_DRAW"], _ref(self.who), _amount(self.count)]


@dataclass(frozen=True)
class Mill(Effect):
    """<who> mills ``count`` cards: the top cards of their library go to their graveyard
    (701.13)."""
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str
    count: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if not 0 <= int(self.count) <= 10000:
            raise CardScriptError(f"mill count {self.count!r} outside 0..10000")
        return [_C["OP_MILL"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class DiscardAtRandom(Effect):
    """<who> discards <count> cards at random (the game's RNG)."""
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str
    count: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_DISCARD_RANDOM"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class ReturnToHand(RefEffect):
    """Return <who> (a permanent) to its owner's hand; a token ceases to exist (111.8)."""
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str = "target"
    OP = "OP_BOUNCE"


@dataclass(frozen=True)
class ReturnFromGraveyard(Effect):
    """Return <who> -- a card in a graveyard, the target "creature card in your graveyard"
    (115.1) -- to its owner's hand."""
    who: str = "target"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.who not in ("target", "target2"):
            raise CardScriptError(f"ReturnFromGraveyard({self.who!r}): it returns a target card "
                                  "('target' or 'target2')")
        return [_C["OP_RETURN_FROM_GRAVEYARD"], _ref(self.who)]


@dataclass(frozen=True)
class ReturnSelfFromGraveyard(Effect):
    """"Return ~ to its owner's hand" in an ability that triggered as ~ was put into a
    graveyard from the battlefield (Rancor): the ability finds the new object it became
    in the graveyard (400.7, 603.6c); if it has left the graveyard since, nothing happens."""

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_RETURN_FROM_GRAVEYARD"], _C["REF_SELF"]]


@dataclass(frozen=True, init=False)
class ReturnToBattlefield(ReturnFromGraveyard):
    """"Return target creature card from your graveyard to the battlefield": it enters
    under its owner's control as a new object (400.7; its enters abilities trigger)."""

    def __init__(self, who: str = "target"):
        object.__setattr__(self, "who", who)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_RETURN_TO_BATTLEFIELD"], _ref(self.who)]


@dataclass(frozen=True)
class Exile(RefEffect):
    """Exile <who> (406.3, 701.11).  What it exiled is remembered as it last existed on the
    battlefield (608.2h) for the effects after it: "its controller", :class:`GainLifeEqualToPower`."""
    exiles = True
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str = "target"
    OP = "OP_EXILE"


@dataclass(frozen=True)
class PutOnTop(RefEffect):
    """Put <who> on top of its owner's library (401.1): a permanent ("put target creature on
    top of its owner's library"; a token ceases to exist, 111.8) or a target card in your
    graveyard ("put target artifact card from your graveyard on top of your library")."""
    who: str = "target"
    OP = "OP_PUT_ON_TOP"
    graveyard_cards_ok = True          # it may act on a card in a graveyard target (115.1)


@dataclass(frozen=True)
class Shuffle(RefEffect):
    """<who> shuffles their library (701.24): "you may shuffle" is ``May(Shuffle())``."""
    who: str = "you"
    OP = "OP_SHUFFLE"


@dataclass(frozen=True)
class ExileGraveyard(RefEffect):
    """Exile <who>'s graveyard: every card in it (406.3): "exile target player's graveyard"
    is ``ExileGraveyard("target")`` with a "player" target, "exile all graveyards"
    ``ExileGraveyard("each player")``."""
    who: str = "target"
    OP = "OP_EXILE_GRAVEYARD"


@dataclass(frozen=True)
class LookAtHand(RefEffect):
    """"Look at <who>'s hand" (Gitaxian Probe): the controller knows each card of that hand
    from then on, while it stays there (hidden information: docs/observations.md)."""
    who: str = "target"
    OP = "OP_LOOK_AT_HAND"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        if self.who not in _PLAYER_REFS:
            raise CardScriptError(f"look at a hand names a player ({sorted(_PLAYER_REFS)}), "
                                  f"not {self.who!r}")
        return super().compile(ctx)


_PLAYER_REFS = ("target", "target2", "you", "that player")


@dataclass(frozen=True)
class PutFromHandAttacking(Effect):
    """"You may put a <subtype> creature card from your hand onto the battlefield tapped and
    attacking" (508.4).  The choice of card, or of none ("you may"), is the controller's
    decision (Decision.CHOOSE_FROM_HAND) as it resolves, so this must be the program's last
    effect.  ``subtype`` None: any creature card."""
    last_in_program = "a choice made as the effect resolves ({name}) must be its last effect"
    ends_program = True
    subtype: str | None = None

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.subtype is not None and self.subtype not in RULES_SUBTYPES:
            raise CardScriptError(f"subtype {self.subtype!r} isn't known to the core; expected one "
                                  f"of {sorted(RULES_SUBTYPES)}")
        return [_C["OP_PUT_FROM_HAND_ATTACKING"], RULES_SUBTYPES[self.subtype] if self.subtype else 0]


@dataclass(frozen=True)
class PutFromHandBlocking(Effect):
    """"You may put a <subtype> creature card from your hand onto the battlefield blocking
    <who>" (509.7; ``who`` names the attacking creature: "target", "that creature").  The
    card (or none) is the controller's decision as it resolves, so this must be the
    program's last effect; the active player then places it in that creature's damage
    assignment order (Decision.DAMAGE_ORDER)."""
    last_in_program = "a choice made as the effect resolves ({name}) must be its last effect"
    ends_program = True
    who: str = "target"
    subtype: str | None = None

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.subtype is not None and self.subtype not in RULES_SUBTYPES:
            raise CardScriptError(f"subtype {self.subtype!r} isn't known to the core; expected one "
                                  f"of {sorted(RULES_SUBTYPES)}")
        return [_C["OP_PUT_FROM_HAND_BLOCKING"], RULES_SUBTYPES[self.subtype] if self.subtype else 0,
                _ref(self.who)]


@dataclass(frozen=True)
class SearchForBasicLand(Effect):
    """<who> may search their library for a basic land card, put it onto the battlefield
    (tapped if ``tapped``), then shuffle (701.19, Path to Exile).  The player decides
    (D_SEARCH_LIBRARY): not to search, to search and find nothing (701.19b), or which
    basic land to take -- one choice per card name, since the library is shuffled right
    after.  Being a decision in the middle of resolving, it must be the last effect."""
    ends_resolution = True
    ends_resolution_message = ("a library search is a decision made while the spell resolves: it "
                               "must be the last effect")
    ends_program = True
    lki_controller = True           # 608.2h: its player may be "its controller"
    who: str = "its controller"
    tapped: bool = True

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_SEARCH_BASIC_LAND"], _ref(self.who),
                _C["SEARCH_TAPPED"] if self.tapped else 0]


@dataclass(frozen=True)
class RevealTopCard(Effect):
    """<who> reveals the top card of their library (701.16a); if it is a card of one of
    ``types``, that player puts it into their hand (Goblin Guide)."""
    who: str
    types: tuple[str, ...] = ("Land",)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        mask = 0
        for t in self.types:
            if t not in TYPE_BITS:
                raise CardScriptError(f"unknown card type {t!r}")
            mask |= TYPE_BITS[t]
        return [_C["OP_REVEAL_TOP"], _ref(self.who), mask]


# --- library searches with qualities (701.23) ----------------------------------------------------


_DESTINATIONS = ("hand", "battlefield", "graveyard", "top")


_MV_OPS = {"<=": "SEARCH_Q_MV_AT_MOST", ">=": "SEARCH_Q_MV_AT_LEAST", "=": None}


@dataclass(frozen=True)
class SearchCard(Effect):
    """You search your library for a card with every quality given, put it into your hand
    (``to="hand"``, revealed first if ``reveal``), onto the battlefield (tapped if ``tapped``)
    or into your graveyard, then shuffle (701.23, 701.20); ``to="top"``: "[reveal it,] then
    shuffle and put that card on top" (the tutors: it stays in the library, on top).  Qualities: ``types`` (card types,
    any of them, or all of them with ``all_types``: "an artifact creature card"), ``subtypes``
    (any of them: "a Mountain or Plains card"), ``basic``, ``legendary`` (True / False for
    "nonlegendary"), ``snow``, ``colors`` ("G": a green card), ``mana_value`` (("<=", 3),
    (">=", 6) or ("=", 2)), ``named_self`` ("a card named ~").  ``may``: "you may search".
    The choice is Decision.SEARCH_LIBRARY, one answer per card name; a search for a card with
    a stated quality may find nothing (701.23b).  Effects may follow it."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    to: str = "hand"
    reveal: bool = False
    tapped: bool = False
    may: bool = False
    all_types: bool = False
    basic: bool = False
    legendary: bool | None = None
    snow: bool = False
    colors: str = ""
    mana_value: tuple[str, int] | None = None
    named_self: bool = False
    who: str = "you"

    def subtype_names(self) -> set[str]:
        """The subtypes it names (each gets a CF_SUBTYPES bit in its CardDB, see subtype_bits)."""
        return set(self.subtypes)

    def operands(self, ctx: CompileContext) -> tuple[int, int, int, int]:
        """(SEARCH_* flags, subtype mask, SEARCH_Q_* qualities, mana value); the subtypes by
        their bits in ``ctx``."""
        if self.who != "you":
            raise CardScriptError("SearchCard: 'you' search your own library")
        if self.to not in _DESTINATIONS:
            raise CardScriptError(f"a search puts the card into one of {_DESTINATIONS}, not {self.to!r}")
        flags, qual, mv = 0, 0, 0
        types = 0
        for t in self.types:
            if t not in TYPE_BITS or t in ("Tribal", "Kindred"):
                raise CardScriptError(f"search: {t!r} is not a card type")
            types |= TYPE_BITS[t]
        if self.all_types:
            if len(self.types) < 2:
                raise CardScriptError("all_types: a card with two or more types")
            qual |= _C["SEARCH_Q_ALL_TYPES"]
        flags |= types << _C["SEARCH_TYPE_SHIFT"]
        if self.to == "hand":
            flags |= _C["SEARCH_TO_HAND"]
        if self.to == "graveyard":
            qual |= _C["SEARCH_Q_TO_GRAVEYARD"]
        if self.to == "top":
            qual |= _C["SEARCH_Q_TO_TOP"]
        if self.reveal and self.to not in ("hand", "top"):
            raise CardScriptError("'reveal it' goes with putting it into a hand or on top here")
        if self.tapped and self.to != "battlefield":
            raise CardScriptError("only a card put onto the battlefield enters tapped")
        if self.to == "battlefield" and (types & (_C["T_INSTANT"] | _C["T_SORCERY"]) or
                                         not (types or self.subtypes or self.named_self or self.basic)):
            raise CardScriptError("a search onto the battlefield names a kind of permanent card "
                                  "(304.4, 307.4)")
        flags |= (_C["SEARCH_TAPPED"] if self.tapped else 0) | \
            (_C["SEARCH_REVEAL"] if self.reveal else 0) | \
            (0 if self.may else _C["SEARCH_MANDATORY"]) | (_C["SEARCH_BASIC"] if self.basic else 0)
        if self.legendary is not None:
            qual |= _C["SEARCH_Q_LEGENDARY" if self.legendary else "SEARCH_Q_NONLEGENDARY"]
        if self.snow:
            qual |= _C["SEARCH_Q_SNOW"]
        if self.named_self:
            qual |= _C["SEARCH_Q_SAME_NAME"]
        for c in self.colors:
            if c not in COLOR_INDEX or c == "C":
                raise CardScriptError(f"search colour {c!r}: one of W U B R G")
            qual |= 1 << (_C["SEARCH_Q_COLOR_SHIFT"] + COLOR_INDEX[c])
        if self.mana_value is not None:
            op, n = self.mana_value
            if op not in _MV_OPS or isinstance(n, bool) or not isinstance(n, int) or \
                    not 0 <= n <= _C["TABLE_AMOUNT_MAX"]:
                raise CardScriptError(f"mana value {self.mana_value!r}: ('<=' | '>=' | '=', N)")
            qual |= _C["SEARCH_Q_MV"] | (_C[_MV_OPS[op]] if _MV_OPS[op] else 0)
            mv = n
        subs = ctx.subtypes.mask(self.subtypes) if self.subtypes else 0
        return flags, subs, qual, mv

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        flags, subs, qual, mv = self.operands(ctx)
        return [_C["OP_SEARCH_EX"], _ref(self.who), flags, subs, qual, mv]


@dataclass(frozen=True)
class RevealHandDiscardChosen(Effect):
    """<who> reveals their hand (701.20a: every player then knows its cards); you choose a
    card from it with every quality given and that player discards that card (701.8a).
    "Target player reveals their hand. You choose a nonland card from it. That player
    discards that card." (Thoughtseize).  Qualities: ``types`` (any of them),
    ``not_types`` (none of them: "a noncreature, nonland card"), ``legendary`` (True /
    False), ``colors`` (one of them), ``mana_value`` (("<=", 3) ...), as for
    :class:`SearchCard`.  The choice is Decision.CHOOSE_REVEALED, asked only when a card
    fits; with none, nothing is discarded.  Effects may follow it."""
    who: str
    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    legendary: bool | None = None
    colors: str = ""
    mana_value: tuple[str, int] | None = None

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        flags, subs, qual, mv = SearchCard(types=self.types, legendary=self.legendary,
                                           colors=self.colors, mana_value=self.mana_value,
                                           may=True).operands(ctx)
        flags &= ~_C["SEARCH_TO_HAND"]
        for t in self.not_types:
            if t not in TYPE_BITS or t in ("Tribal", "Kindred") or t in self.types:
                raise CardScriptError(f"reveal and choose: {t!r} is not a card type to exclude")
            qual |= TYPE_BITS[t] << _C["SEARCH_Q_NOT_TYPES_SHIFT"]
        return [_C["OP_REVEAL_CHOOSE_DISCARD"], _ref(self.who), flags, subs, qual, mv]


# the qualities a search asks for (701.19): card types, "basic" (205.4a)
SEARCH_QUALITIES = ("card", "basic land", "creature", "land", "artifact", "enchantment",
                    "planeswalker", "instant", "sorcery", "artifact or creature",
                    "instant or sorcery")


@dataclass(frozen=True)
class SearchLibrary(Effect):
    """<who> searches their library for a ``quality`` card ("card": any card; "creature",
    "basic land", "artifact or creature", ...), puts it into their hand (``to="hand"``,
    revealing it if ``reveal``) or onto the battlefield (``to="battlefield"``, tapped if
    ``tapped``), then shuffles (701.19, 701.20).  ``may``: "you may search".  The player
    decides (D_SEARCH_LIBRARY) which card -- one choice per card name; a search for a card
    with a stated quality may find nothing (701.19b).  A decision in the middle of
    resolving, so the last effect.  (:class:`~mtg_core.cards.SearchForBasicLand`
    is "you may search for a basic land card, put it onto the battlefield".)"""
    quality: str = "card"
    who: str = "you"
    to: str = "hand"
    reveal: bool = False
    tapped: bool = False
    may: bool = False
    ends_resolution = True

    def flags(self, ctx: CompileContext = DEFAULT_CONTEXT) -> int:
        """Its SEARCH_* flags; a subtype ("a Mountain card") by its bit in ``ctx``."""
        words = self.quality.split()
        flags = 0
        if self.to == "hand":
            flags |= _C["SEARCH_TO_HAND"]
            if self.tapped:
                raise CardScriptError("a card put into a hand isn't tapped")
        elif self.to == "battlefield":
            if self.reveal:
                raise CardScriptError("'reveal it' goes with putting it into a hand here")
        else:
            raise CardScriptError(f"a search puts the card into 'hand' or onto 'battlefield', "
                                  f"not {self.to!r}")
        if self.tapped:
            flags |= _C["SEARCH_TAPPED"]
        if self.reveal:
            flags |= _C["SEARCH_REVEAL"]
        if not self.may:
            flags |= _C["SEARCH_MANDATORY"]
        if words and words[0] == "basic":
            flags |= _C["SEARCH_BASIC"]
            words = words[1:]
        types = 0
        subs = self.filter_subtypes()
        if subs:                                    # "a Mountain or Plains card" (205.3)
            if len(subs) > 2 or [a.strip() for a in " ".join(words).split(" or ")] != subs:
                raise CardScriptError(f"search quality {self.quality!r}: one or two subtypes "
                                      "('Mountain or Plains'), not with card types")
            flags |= ctx.subtypes.filter_field(subs[0])
            if len(subs) == 2:
                flags |= ctx.subtypes.filter_field(subs[1]) << (_C["FILTER_SUBTYPE2_SHIFT"]
                                                                 - _C["FILTER_SUBTYPE_SHIFT"])
            if self.to == "battlefield" and not set(subs) <= LAND_SUBTYPES:
                raise CardScriptError(f"search quality {self.quality!r}: onto the battlefield, "
                                      "land subtypes only here")
            words = []
        for w in " ".join(words).split(" or ") if words else ():
            if w == "card" and len(words) == 1:
                continue
            t = w.strip().capitalize()
            if t not in TYPE_BITS:
                raise CardScriptError(f"search quality {self.quality!r}: {w!r} is not a card type")
            types |= TYPE_BITS[t]
        if self.to == "battlefield":
            if types & (_C["T_INSTANT"] | _C["T_SORCERY"]):
                raise CardScriptError("an instant or sorcery can't be put onto the battlefield (304.4, 307.4)")
            if not types and not flags & _C["SEARCH_BASIC"] and not subs:
                raise CardScriptError("a search onto the battlefield names a kind of permanent card")
        return flags | types << _C["SEARCH_TYPE_SHIFT"]

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_SEARCH"], _ref(self.who), self.flags(ctx)]

    def filter_subtypes(self) -> list[str]:
        """The subtypes the quality names ("Mountain or Plains": both), capitalised words."""
        return [w for w in self.quality.replace(" or ", " ").split() if w[:1].isupper()]


# --- the stack (701.5) -------------------------------------------------------------------


@dataclass(frozen=True)
class Counter(RefEffect):
    """Counter target spell (701.5a): it goes to its owner's graveyard."""
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str = "target"
    OP = "OP_COUNTER"


@dataclass(frozen=True)
class CounterExile(RefEffect):
    """"Counter target spell. If that spell is countered this way, exile it instead of
    putting it into its owner's graveyard." (701.5a, 614.1a; Force of Negation): a spell
    that can't be countered isn't exiled either."""
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str = "target"
    OP = "OP_COUNTER_EXILE"


@dataclass(frozen=True)
class CounterUnlessPays(Effect):
    """Counter target spell unless its controller pays {N} (701.5): that player decides
    whether to pay (a D_PAY_UNLESS decision, offered only when they can).  It must be the
    last effect of its ability (the decision ends the resolution)."""
    last_in_program = ("'counter unless its controller pays' must be the last effect "
                       "(its controller's decision ends the resolution)")
    nested_message = ("'counter unless its controller pays' can't be nested in a condition or "
                      "delayed trigger")
    ends_program = True
    amount: Amount
    who: str = "target"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_COUNTER_UNLESS"], _ref(self.who), _amount(self.amount)]


@dataclass(frozen=True)
class WardCounter(Effect):
    """Counter the spell or ability whose targeting triggered this ability unless its
    controller pays {generic} -- or ``life`` life ("Ward--Pay N life") (702.21a).  Its
    controller decides (D_WARD_PAY) when they can pay (119.4: life only if their life total
    is at least that); a spell or ability that has left the stack isn't countered."""
    generic: int = 0
    life: int = 0
    ends_resolution = True            # the decision ends the resolution: the last effect

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if (self.generic > 0) == (self.life > 0) or min(self.generic, self.life) < 0 or \
                max(self.generic, self.life) > _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError("a ward cost is {N} or 'Pay N life' (N > 0)")
        return [_C["OP_WARD"], self.generic, self.life]
