"""Effects on permanents: pumps (613.4c), keywords, counters (122), tapping and untapping
(701.26), destroying (701.7) and sacrificing (701.21), attaching (701.3), control (613.2),
regeneration (701.19), mana (106), and tokens (111).

>>> SacrificeChosen("each player", "a creature").compile()[0] == _C["OP_SACRIFICE_CHOSEN"]
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import CardScriptError
from ..compile_context import DEFAULT_CONTEXT, CompileContext
from . import Amount, Effect, RefEffect, _amount
from ..costs import parse_activation_cost
from ..subtypes import cost_subtype_names
from ..vocabulary import (_C, COLOR_INDEX, COUNTERS, FOR_EACH, TYPE_BITS, _dur,
                          _ref, keyword_mask)

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card


@dataclass(frozen=True)
class Pump(Effect):
    """<who> gets +P/+T until <duration> (613 layer 7c)."""
    who: str
    power: int
    toughness: int
    duration: str = "end of turn"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_PUMP"], _ref(self.who), int(self.power), int(self.toughness), _dur(self.duration)]


@dataclass(frozen=True)
class PumpForEach(Effect):
    """<who> gets +P/+T until <duration> for each <for_each>, counted as it resolves:
    "creature it's blocking" (Guardian of the Gateless) or "creature blocking it" (Rabid
    Elephant)."""
    who: str
    power: int
    toughness: int
    for_each: str
    duration: str = "end of turn"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.for_each not in FOR_EACH:
            raise CardScriptError(f"unknown 'for each' {self.for_each!r}; expected one of {sorted(FOR_EACH)}")
        return [_C["OP_PUMP_FOR_EACH"], _ref(self.who), int(self.power), int(self.toughness),
                _dur(self.duration), FOR_EACH[self.for_each]]


@dataclass(frozen=True)
class GrantKeywords(Effect):
    who: str
    keywords: tuple[str, ...]
    duration: str = "end of turn"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_GRANT_KEYWORDS"], _ref(self.who), keyword_mask(self.keywords), _dur(self.duration)]


@dataclass(frozen=True)
class GainControl(Effect):
    """You gain control of <who> until <duration> (layer 2; it returns when that ends).  A
    control change removes it from combat (506.4)."""
    who: str
    duration: str = "end of turn"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        return [_C["OP_GAIN_CONTROL"], _ref(self.who), _dur(self.duration)]


@dataclass(frozen=True)
class Regenerate(RefEffect):
    """Regenerate <who> (701.19): the next time it would be destroyed this turn, instead
    tap it, remove all damage from it and remove it from combat."""
    who: str = "self"
    OP = "OP_REGENERATE"


@dataclass(frozen=True)
class TapAndFreezeCreatures(RefEffect):
    """Tap all creatures <who> controls; they don't untap during that player's next untap
    step (502.2)."""
    who: str
    OP = "OP_TAP_ALL_CREATURES_FREEZE"


@dataclass(frozen=True)
class Destroy(RefEffect):
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str
    OP = "OP_DESTROY"


@dataclass(frozen=True)
class Sacrifice(RefEffect):
    who: str = "self"
    OP = "OP_SACRIFICE"


@dataclass(frozen=True)
class AddCounters(Effect):
    who: str
    kind: str
    count: int

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.kind not in COUNTERS:
            raise CardScriptError(f"unknown counter kind {self.kind!r}")
        return [_C["OP_ADD_COUNTERS"], _ref(self.who), COUNTERS[self.kind], int(self.count)]


@dataclass(frozen=True)
class Attach(RefEffect):
    """Attach this permanent to <who> (701.3; Equip, 702.6)."""
    who: str = "target"
    OP = "OP_ATTACH"


@dataclass(frozen=True)
class Untap(RefEffect):
    who: str
    OP = "OP_UNTAP"


@dataclass(frozen=True)
class Tap(RefEffect):
    """Tap <who> (a permanent; 701.26a)."""
    who: str = "target"
    OP = "OP_TAP"


@dataclass(frozen=True)
class AddMana(Effect):
    color: str
    amount: int = 1

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if self.color not in COLOR_INDEX:
            raise CardScriptError(f"unknown mana colour {self.color!r}")
        return [_C["OP_ADD_MANA"], COLOR_INDEX[self.color], int(self.amount)]


@dataclass(frozen=True)
class DoesntUntapNextUntapStep(RefEffect):
    """<who> (a permanent) doesn't untap during its controller's next untap step (502.2)."""
    who: str
    OP = "OP_FREEZE"


@dataclass(frozen=True)
class DestroyAll(Effect):
    """Destroy all permanents of these card ``types`` that <who> (a player) controls, at
    once (701.7): ``DestroyAll("target", ("Land",))`` is "Destroy all lands target player
    controls"."""
    who: str
    types: tuple[str, ...]

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if not self.types or any(t not in TYPE_BITS for t in self.types):
            raise CardScriptError(f"DestroyAll: card types {self.types!r}; expected names from "
                                  f"{sorted(TYPE_BITS)}")
        mask = 0
        for t in self.types:
            mask |= TYPE_BITS[t]
        return [_C["OP_DESTROY_ALL"], _ref(self.who), mask]


@dataclass(frozen=True)
class DestroyNoRegenerate(RefEffect):
    """"Destroy <who>. It can't be regenerated." (701.19c: no regeneration shield
    replaces this destruction)."""
    remembers_controller = True     # REF_LKI_CONTROLLER (608.2h, effects.pxi)
    who: str
    OP = "OP_DESTROY_NO_REGEN"


@dataclass(frozen=True)
class DestroyAllNoRegenerate(Effect):
    """"Destroy all <types> [<who> controls]. They can't be regenerated." (701.7,
    701.19c): ``DestroyAllNoRegenerate("each player", ("Creature",))`` is Wrath of God.
    They are destroyed at once: their leaves-the-battlefield abilities see each other
    (603.10a)."""
    who: str
    types: tuple[str, ...]

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        if not self.types or any(t not in TYPE_BITS for t in self.types):
            raise CardScriptError(f"DestroyAllNoRegenerate: card types {self.types!r}; "
                                  f"expected names from {sorted(TYPE_BITS)}")
        mask = 0
        for t in self.types:
            mask |= TYPE_BITS[t]
        return [_C["OP_DESTROY_ALL_NO_REGEN"], _ref(self.who), mask]


@dataclass(frozen=True)
class TapAllCreatures(RefEffect):
    """Tap all creatures <who> controls ("each opponent": your opponents control)."""
    who: str
    OP = "OP_TAP_ALL_CREATURES"


@dataclass(frozen=True)
class Transform(RefEffect):
    """Transform <who> (701.28a): a transforming double-faced permanent turns over to its
    other face.  Anything else doesn't transform (701.28c)."""
    who: str = "self"
    OP = "OP_TRANSFORM"


# --- sacrifices the players choose (701.21a) ----------------------------------------------------


_PLAYERS = ("target", "target2", "you", "each opponent", "each player", "active player",
            "that player", "defending player", "its controller")


@dataclass(frozen=True)
class SacrificeChosen(Effect):
    """<who> sacrifices <what> (701.21a); the choices are decisions made on resolution."""
    who: str
    what: str = "a creature"

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        try:
            spec = parse_activation_cost("Sacrifice " + self.what, ctx).sacrifice
        except CardScriptError:
            spec = 0
        if not spec or spec & _C["SACQ_ANOTHER"]:
            raise CardScriptError(f"sacrifice {self.what!r}: a kind of permanent as in "
                                  "'a creature', 'two artifacts', 'a nontoken creature', 'a Goblin'")
        if self.who not in _PLAYERS:
            raise CardScriptError(f"{self.who!r} is not a player who sacrifices (701.21a)")
        return [_C["OP_SACRIFICE_CHOSEN"], _ref(self.who), spec]

    def filter_subtypes(self) -> list[str]:
        return sorted(cost_subtype_names("Sacrifice " + self.what))


# --- tokens (111) ------------------------------------------------------------------------
# Token definitions are rows of the card table; a CardDB adds the rows its cards' effects
# create and passes their row numbers to CreateToken in its CompileContext.


# 111.10: the predefined tokens by name, filled by :func:`predefined_token` (cards/tokens.py).
PREDEFINED_TOKENS: dict[str, "Card"] = {}


def predefined_token(card: "Card") -> "Card":
    """Registers ``card`` as the predefined token of its name (111.10)."""
    PREDEFINED_TOKENS[card.name] = card
    return card


@dataclass(frozen=True)
class CreateToken(Effect):
    """<who> creates <count> <token> tokens (111.2): ``token`` is a token :class:`Card`
    (see :func:`mtg_core.cards.tokens.creature_token`) or the name of a predefined token
    ("Treasure", "Food", "Clue", 111.10)."""
    lki_controller = True           # 608.2h: its player may be "its controller"
    token: "Card | str"
    count: Amount = 1
    who: str = "you"

    def token_card(self) -> "Card":
        if isinstance(self.token, str):
            if self.token not in PREDEFINED_TOKENS:
                raise CardScriptError(f"unknown predefined token {self.token!r}; expected one of "
                                      f"{sorted(PREDEFINED_TOKENS)} or a token Card")
            return PREDEFINED_TOKENS[self.token]
        if not getattr(self.token, "token", False):
            raise CardScriptError(f"{self.token!r} is not a token definition (Card(..., token=True))")
        return self.token

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        card = self.token_card()
        rows = ctx.token_rows
        if rows is None or card not in rows:
            raise CardScriptError(f"a {card.name} token can only be compiled by a CardDB")
        return [_C["OP_CREATE_TOKEN"], _ref(self.who), rows[card], _amount(self.count)]


def Investigate(count: Amount = 1) -> CreateToken:
    """701.16a: "Investigate" means "Create a Clue token"."""
    return CreateToken("Clue", count)
