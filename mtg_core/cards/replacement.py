"""Zone changes: replacement effects on them (614), prevention effects (615) and the
triggers of permanents entering and leaving the battlefield (603.6, 603.10a).

Everything lowers to data the core reads (src/rules/effects.pxi, src/rules/triggers.pxi):

* a card's own replacement effects -- :class:`EntersTapped` and its "unless" forms
  (:class:`EntersTappedUnlessFewLands`, :class:`EntersTappedUnlessManyLands`,
  :class:`EntersTappedUnlessYouControl`), :class:`EntersWithCounters`,
  :class:`DiesExileInstead`, :class:`PreventAllDamageToSelf` -- go in ``Card.abilities``
  and set the card columns CF_REPLACEMENT / CF_ENTERS_COUNTERS / CF_ENTERS_UNLESS_SUBTYPES
  (they have no ability row:
  614.1c "enters tapped" is not an ability that does anything on the battlefield);
* the effects -- ``DestroyNoRegenerate``, ``DestroyAllNoRegenerate`` (701.19c),
  ``PreventNextDamage`` (615.7 shields), ``PreventAllCombatDamage`` (Fog),
  ``PreventAllDamageTo``, ``ReturnSelfFromGraveyard``, ``ReturnToBattlefield`` -- are
  opcodes, in :mod:`.effects` (permanents, damage_life, cards_zones);
* :class:`ZoneChangeTrigger` is "Whenever a/another <type> [you control / an opponent
  controls] dies" (TRIG_PERMANENT_DIES) or "... enters" (TRIG_PERMANENT_ENTERS); the
  triggers of the permanent itself are ``TriggeredAbility("dies" / "leaves the
  battlefield" / "is put into a graveyard from the battlefield", ...)``.

>>> from mtg_core.cards import Card, TriggeredAbility, GainLife
>>> Card("Tapland", types=("Land",), abilities=(EntersTapped(),)).name
'Tapland'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ..errors import CardScriptError
from .abilities import TriggeredAbility
from .compile_context import DEFAULT_CONTEXT, CompileContext
from .costs import ManaCost
from .effects import Amount, Effect, _amount
from .subtypes import subject_subtype_names, trigger_subject
from .vocabulary import _C, LANDWALK_TYPES, TYPE_BITS


# --- a card's own replacement effects (614) and prevention (615) --------------------------

class Replacement:
    """A replacement or prevention effect a card's static ability makes (614.1, 615.1):
    it changes the card's columns, it has no ability row.  ``card_row`` fills them in;
    ``subtype_columns`` those that name subtypes, by the database's bits (205.3)."""

    def card_row(self, row: list[int]) -> None:  # pragma: no cover - every subclass has it
        raise NotImplementedError

    def subtype_names(self) -> set[str]:
        """The subtypes it looks for (each needs a CF_SUBTYPES bit of the database)."""
        return set()

    def subtype_columns(self, row: list[int], subtypes) -> None:
        """Fill in the columns that hold CF_SUBTYPES bits (``subtypes``: SubtypeBits)."""


@dataclass(frozen=True)
class EntersTapped(Replacement):
    """"~ enters tapped." / "~ enters the battlefield tapped." (614.1c): however it is put
    onto the battlefield (played, cast, put there by an effect), it is tapped as it
    enters, never untapped first (614.12)."""

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_ENTERS_TAPPED"]


@dataclass(frozen=True)
class EntersTappedUnlessFewLands(Replacement):
    """"~ enters tapped unless you control N or fewer other lands." (614.1c; the fast
    lands, N = 2): whether it enters tapped is decided as it would enter, by the lands its
    controller then controls (it is not yet among them, so "other" needs no exception)."""
    n: int

    def __post_init__(self):
        limit = _C["RP_FEW_LANDS_MASK"] >> _C["RP_FEW_LANDS_SHIFT"]
        if isinstance(self.n, bool) or not isinstance(self.n, int) or not 0 <= self.n <= limit:
            raise CardScriptError(f"EntersTappedUnlessFewLands: N is 0..{limit}, not {self.n!r}")

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_TAPPED_UNLESS_FEW_LANDS"] | \
            (self.n << _C["RP_FEW_LANDS_SHIFT"])


@dataclass(frozen=True)
class EntersTappedUnlessManyLands(Replacement):
    """"~ enters tapped unless you control N or more other lands." (614.1c; the slow
    lands, N = 2): decided as it would enter, by the lands its controller then controls
    (it is not yet among them).  ``basic``: "N or more basic lands" (the battle lands, N =
    2; "a basic land" is N = 1), counting only basic lands (205.4c)."""
    n: int
    basic: bool = False

    def __post_init__(self):
        limit = _C["RP_FEW_LANDS_MASK"] >> _C["RP_FEW_LANDS_SHIFT"]
        if isinstance(self.n, bool) or not isinstance(self.n, int) or not 1 <= self.n <= limit:
            raise CardScriptError(f"EntersTappedUnlessManyLands: N is 1..{limit}, not {self.n!r}")
        if not isinstance(self.basic, bool):
            raise CardScriptError(f"EntersTappedUnlessManyLands: basic is True or False, not {self.basic!r}")

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_TAPPED_UNLESS_MANY_LANDS"] | \
            (self.n << _C["RP_FEW_LANDS_SHIFT"]) | (_C["RP_UNLESS_BASIC"] if self.basic else 0)


@dataclass(frozen=True)
class EntersTappedUnlessYouControl(Replacement):
    """"~ enters tapped unless you control a Swamp or an Island." (614.1c; the check lands):
    decided as it would enter, by whether its controller then controls a permanent with
    any of those land types (their types after the layer system, 613)."""
    types: tuple[str, ...]

    def __post_init__(self):
        if isinstance(self.types, str) or not isinstance(self.types, tuple) or \
                not 1 <= len(self.types) <= 5 or len(set(self.types)) != len(self.types) or \
                any(t not in LANDWALK_TYPES for t in self.types):
            raise CardScriptError("EntersTappedUnlessYouControl: a tuple of one to five basic "
                                  f"land types of {list(LANDWALK_TYPES)}, not {self.types!r}")

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_TAPPED_UNLESS_SUBTYPE"]

    def subtype_names(self):
        return set(self.types)

    def subtype_columns(self, row, subtypes):
        for t in self.types:
            row[_C["CF_ENTERS_UNLESS_SUBTYPES"]] |= subtypes.bits[t]


@dataclass(frozen=True)
class PayLifeOrEntersTapped(Replacement):
    """"As ~ enters, you may pay N life. If you don't, it enters tapped." (614.12; the
    shock lands, N = 2): however it enters, its controller chooses as it enters (the
    decision AS_ENTERS), paying only if their life total is at least N (119.4)."""
    n: int

    def __post_init__(self):
        limit = _C["RP_LIFE_MASK"] >> _C["RP_LIFE_SHIFT"]
        if isinstance(self.n, bool) or not isinstance(self.n, int) or not 1 <= self.n <= limit:
            raise CardScriptError(f"PayLifeOrEntersTapped: N is 1..{limit}, not {self.n!r}")

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_PAY_LIFE_OR_TAPPED"] | (self.n << _C["RP_LIFE_SHIFT"])


@dataclass(frozen=True)
class EntersWithCounters(Replacement):
    """"~ enters with N +1/+1 counters on it." (614.1c); N may be "X": the X paid as it
    was cast (107.3; 0 when it is put onto the battlefield without being cast)."""
    n: Amount

    def __post_init__(self):
        _amount(self.n)
        if self.n == 0:
            raise CardScriptError("EntersWithCounters: a number of counters of 1 or more, or 'X'")

    def card_row(self, row):
        row[_C["CF_ENTERS_COUNTERS"]] = _amount(self.n)


@dataclass(frozen=True)
class DiesExileInstead(Replacement):
    """"If ~ would die, exile it instead." (614.1a): it goes to exile instead of its
    owner's graveyard from the battlefield, so it doesn't die (700.4): "when ~ dies"
    abilities don't trigger, "leaves the battlefield" ones do."""

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_DIES_EXILE"]


@dataclass(frozen=True)
class PreventAllDamageToSelf(Replacement):
    """"Prevent all damage that would be dealt to ~." (615.1): none is dealt, so the
    source's lifelink, deathtouch and infect do nothing (120.3)."""

    def card_row(self, row):
        row[_C["CF_REPLACEMENT"]] |= _C["RP_PREVENT_DAMAGE_TO_SELF"]


_UNLESS = (EntersTappedUnlessFewLands, EntersTappedUnlessManyLands, EntersTappedUnlessYouControl)


def replacement_columns(card, row: list[int], subtypes) -> None:
    """Fill in the replacement columns of a card row from its Replacement abilities
    (``subtypes``: the database's SubtypeBits)."""
    for ab in card.abilities:
        if isinstance(ab, Replacement):
            ab.card_row(row)
            ab.subtype_columns(row, subtypes)


def replacement_subtype_names(card) -> set[str]:
    """The subtypes a card's replacement effects look for (compile.subtype_names_needed)."""
    names: set[str] = set()
    for ab in card.abilities:
        if isinstance(ab, Replacement):
            names |= ab.subtype_names()
    return names


def check_replacements(card) -> None:
    """A card has each replacement once, counters only once (they share one column) and
    one "enters tapped unless" at most (they share the number of lands)."""
    seen = [type(ab) for ab in card.abilities if isinstance(ab, Replacement)]
    if len(seen) != len(set(seen)):
        raise CardScriptError(f"{card.name}: a replacement effect is listed twice")
    if sum(t in _UNLESS for t in seen) > 1:
        raise CardScriptError(f"{card.name}: one \"enters tapped unless\" replacement at most")
    if EntersWithCounters in seen and "Creature" not in card.types:
        raise CardScriptError(f"{card.name}: EntersWithCounters puts +1/+1 counters on a creature")


# --- zone-change triggers of other permanents (603.6a, 603.6c, 603.10a) --------------------

_SUBJECT = re.compile(r"(?P<art>a|an|another) (?P<nontoken>nontoken )?(?P<type>[a-z]+)"
                      r"(?P<whose> you control| an opponent controls)?")
_WHOSE = {None: "WHOSE_EACH", " you control": "WHOSE_YOUR", " an opponent controls": "WHOSE_OPPONENT"}
ZONE_EVENTS = {"dies": "TRIG_PERMANENT_DIES", "enters": "TRIG_PERMANENT_ENTERS"}


def parse_subject(subject: str, ctx: CompileContext) -> tuple[int, int]:
    """(AF_TRIGGER_FILTER, WHOSE_*) of "a creature", "another creature you control",
    "a nontoken creature an opponent controls", "a land you control"... (a subtype by its
    bit in ``ctx``: "a Zombie creature")."""
    m = _SUBJECT.fullmatch(subject.strip()) if isinstance(subject, str) else None
    if not m and isinstance(subject, str):
        return trigger_subject(subject, ctx)
    kind = m and m.group("type").capitalize()
    if not m or kind not in TYPE_BITS or kind in ("Instant", "Sorcery"):
        raise CardScriptError(f"zone-change trigger subject {subject!r}: expected 'a|another "
                              "[nontoken] <permanent type> [you control|an opponent controls]'")
    flt = TYPE_BITS[kind]
    if m.group("art") == "another":
        flt |= _C["TFL_OTHER"]
    if m.group("nontoken"):
        flt |= _C["TFL_NONTOKEN"]
    return flt, _C[_WHOSE[m.group("whose")]]


def check_subject(subject: str) -> None:
    """Raise CardScriptError if ``subject`` is malformed (any subtype numbering does: the
    one of just its own subtype)."""
    parse_subject(subject, CompileContext.for_subtypes(subject_subtype_names(subject)))


@dataclass(frozen=True, init=False)
class ZoneChangeTrigger(TriggeredAbility):
    """"Whenever <subject> dies, effects" (``event="dies"``; 700.4, looks back in time,
    603.10a) or "Whenever <subject> enters [under your control], effects"
    (``event="enters"``; 603.6a).  ``subject``: "a creature", "another creature you
    control", "a creature an opponent controls", "a nontoken creature", "a land you
    control"...  "~ or another creature you control" is "a creature you control" (the
    source is one).  "that creature" names the object that entered; one that died is gone
    (400.7)."""
    subject: str
    init_fields = {"event": "at"}       # rebuilt from its fields (rebuild.py): ``at`` holds event

    def __init__(self, event: str, subject: str, *effects: Effect, targets: Sequence[str] = ()):
        if event not in ZONE_EVENTS:
            raise CardScriptError(f"zone-change trigger event {event!r}; expected one of {sorted(ZONE_EVENTS)}")
        super().__init__(event, *effects, targets=targets)
        object.__setattr__(self, "subject", subject)
        check_subject(subject)

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        flt, whose = parse_subject(self.subject, ctx)
        if flt >> _C["FILTER_SUBTYPE_SHIFT"] and self.at != "enters":
            raise CardScriptError(f"zone-change trigger subject {self.subject!r}: a subtype "
                                  "works with 'enters' only here (no look-back subtypes, 603.10a)")
        r = self._row(_NO_COST, 0, 0, self.targets, start, length, ctx)
        r[_C["AF_TRIGGER"]] = _C[ZONE_EVENTS[self.at]]
        r[_C["AF_TRIGGER_WHOSE"]] = whose
        r[_C["AF_TRIGGER_FILTER"]] = flt
        return r


def _no_cost():
    return ManaCost()


_NO_COST = _no_cost()
