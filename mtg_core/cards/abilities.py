"""Abilities (112): spell, mana, activated and triggered; each lowers to one row of the
core's ability table.

Modes of activated and triggered abilities: "When ~ enters, choose one -- * ...; * ..."
(700.2).  The ability's only effect is :class:`ChooseOne`; the mode is chosen as the
ability is activated (602.2b) or put on the stack (603.3c), each mode with its own
targets; a mode whose targets can't be chosen can't be chosen.

>>> from mtg_core.cards import Damage, Draw
>>> ab = TriggeredAbility("enters", ChooseOne(Mode(Draw("you", 1)),
...                                           Mode(Damage("target", 2), targets=("creature",))))
>>> len(ab.effects[0].modes)
2
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ..errors import CardScriptError
from .alternative_costs import AlternativeCost
from .compile_context import DEFAULT_CONTEXT, CompileContext
from .costs import ManaCost, _parse_cost, parse_activation_cost, parse_cost, spell_sacrifice_spec
from .effects import Effect, compile_program, walk_effects
from .effects import choices as _choices  # noqa: F401  (registers its program checks: 603.4, 608.2d)
from .effects.cards_zones import CounterUnlessPays, Draw, Exile, ReturnFromGraveyard, SearchLibrary
from .subtypes import spell_subtypes_field
from .vocabulary import (_C, CASTERS, OPTIONAL_TARGET, COLOR_INDEX, SPELL_QUALITIES, SPELL_TIMINGS, STEPS,
                         TRIGGER_EVENTS, TYPE_BITS, TRIGGER_MAIN_PHASES, WHOSE, _step, _target_spec,
                         _timing)

# triggers whose event has a player: "that player" names them (603.2)
_PLAYER_EVENTS = ("cast", "deals combat damage to a player", "deals damage to an opponent")
# The events whose creature left the battlefield for a graveyard ("~ dies", ZoneChangeTrigger
# "another creature dies"): "that card" is it there, WasAlone reads it as it last existed.
_DIES_EVENTS = ("dies", "is put into a graveyard from the battlefield")


def _check_event_player(effects, at: str | None) -> None:
    """"that player" is the caster of a cast trigger's spell or the player a damage
    trigger's damage was dealt to (603.2); "defending player" the player an attack
    trigger's creature attacks (508.5): other abilities have none.  "that card" and
    WasAlone name the creature a dies trigger saw die (400.7, 603.10a): only there, "that
    card" only exiled, WasAlone only as an intervening "if" (603.4)."""
    for eff in effects:
        who = getattr(eff, "who", None)
        if who == "that player" and at not in _PLAYER_EVENTS:
            raise CardScriptError(f"'that player' needs a trigger whose event has a player "
                                  f"(at= one of {list(_PLAYER_EVENTS)})")
        if who == "defending player" and at != "attacks":
            raise CardScriptError("'defending player' needs an attack trigger (at='attacks')")
    for eff in walk_effects(effects):
        cond = getattr(eff, "condition", None)
        was_alone = getattr(cond, "code", None) == _C["COND_THAT_WAS_ALONE"]
        if (getattr(eff, "who", None) == "that card" or was_alone) and at not in _DIES_EVENTS:
            raise CardScriptError("'that card' and WasAlone name the creature a dies trigger saw "
                                  f"die (at= one of {list(_DIES_EVENTS)})")
        if getattr(eff, "who", None) == "that card" and not isinstance(eff, Exile):
            raise CardScriptError("'that card' (the card a dies trigger's creature became) can "
                                  f"only be exiled (Exile), not the object of {type(eff).__name__}")
        if was_alone and not isinstance(eff, _choices.InterveningIf):
            raise CardScriptError("WasAlone is an intervening 'if' (603.4): 'if it was "
                                  "attacking or blocking alone'")


class Ability:
    """Base class of the ability kinds; ``row`` lowers to one ability-table row."""
    kind: int = 0

    def _row(self, cost: ManaCost, flags: int, timing: int, targets: Sequence[str],
             program_start: int, program_len: int, ctx: CompileContext) -> list[int]:
        if len(targets) > 2:
            raise CardScriptError("at most two targets per ability are supported")
        row = [0] * _C["ABILITY_FIELDS"]
        row[_C["AF_KIND"]] = self.kind
        row[_C["AF_COST_GENERIC"]:_C["AF_COST_GENERIC"] + 7] = cost.as_row(with_hybrid=True)
        row[_C["AF_COST_HYBRID"]] = cost.hybrid_word              # hybrid.pxi (107.4e)
        row[_C["AF_COST_FLAGS"]] = flags
        row[_C["AF_TIMING"]] = timing
        row[_C["AF_N_TARGETS"]] = len(targets)
        for i, t in enumerate(targets):
            spec = row[_C["AF_TARGET0"] + i] = _target_spec(t)
            # "two target lands" = "land", "different land": one word "target" (601.2c)
            if spec & _C["TS_DIFFERENT"] and (i == 0 or any(
                    _target_spec(u) | _C["TS_DIFFERENT"] != spec for u in targets[:i])):
                raise CardScriptError(f"target {t!r}: a further choice of one word 'target' "
                                      "follows targets of the same kind (601.2c)")
        row[_C["AF_PROG_START"]] = program_start
        row[_C["AF_PROG_LEN"]] = program_len
        row[_C["AF_OPTIONAL_TARGETS"]] = self._optional_targets(targets)
        self._ability_modes(row, ctx)
        self._check_graveyard_targets(targets)
        return row

    def _ability_modes(self, row: list[int], ctx: CompileContext) -> None:
        """700.2: an activated or triggered ability whose effect is ChooseOne (its modes'
        rows follow the card's abilities: CardDB sets AF_MODE_START)."""
        effects = getattr(self, "effects", ())
        if not any(isinstance(x, ChooseOne) for x in effects):
            return
        if len(effects) != 1 or self.kind not in (_C["AB_ACTIVATED"], _C["AB_TRIGGERED"]) or \
                getattr(self, "targets", ()):
            raise CardScriptError("ChooseOne is the only effect of an activated or triggered "
                                  "ability, whose targets are its modes' (700.2)")
        for m in effects[0].modes:
            m.row(0, 0, ctx)
        row[_C["AF_N_MODES"]] = len(effects[0].modes)
        row[_C["AF_CHOOSE"]] = 1

    def _optional_targets(self, targets: Sequence[str]) -> int:
        """How many targets are "up to one" targets (601.2c): they come last (leaving one
        unchosen leaves the later ones unchosen), and not in a mode (700.2)."""
        optional = [t.startswith(OPTIONAL_TARGET) for t in targets]
        n = sum(optional)
        if n and (not all(optional[len(targets) - n:]) or isinstance(self, Mode)):
            raise CardScriptError(f"targets {list(targets)}: 'up to one' targets come after the "
                                  "required ones, and not in a mode (601.2c)")
        return n

    def _check_graveyard_targets(self, targets: Sequence[str]) -> None:
        """A card in a graveyard is a target only for ReturnFromGraveyard, and that effect
        only returns such a target (115.1)."""
        in_graveyard = {("target", "target2")[i] for i, t in enumerate(targets)
                        if _target_spec(t) & _C["TS_YOUR_GRAVEYARD"]}
        for eff in walk_effects(getattr(self, "effects", ())):
            who = getattr(eff, "who", None)
            if isinstance(eff, ReturnFromGraveyard) and who not in in_graveyard:
                raise CardScriptError(f"ReturnFromGraveyard({who!r}) names no card in a graveyard "
                                      "target ('creature card in your graveyard')")
            if not isinstance(eff, ReturnFromGraveyard) and who in in_graveyard and \
                    not getattr(eff, "graveyard_cards_ok", False):
                raise CardScriptError(f"{type(eff).__name__}({who!r}): a card in a graveyard is "
                                      "a target for ReturnFromGraveyard only (115.1)")

    def effects_program(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        _check_event_player(getattr(self, "effects", ()), getattr(self, "at", None))
        if ability_modes(self) and not isinstance(self, SpellAbility):
            return []                   # 700.2: the program is the chosen mode's
        return compile_program(getattr(self, "effects", ()), ctx)

    def row(self, program_start: int, program_len: int,  # pragma: no cover
            ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        """Its ability-table row; costs, trigger subjects and spell qualities name subtypes
        by their bits in ``ctx`` (205.3)."""
        raise NotImplementedError


@dataclass(frozen=True, init=False)
class Mode(Ability):
    """One mode of a modal spell ("Choose one --", 700.2): its effects and its own targets."""
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    kind = _C["AB_SPELL"]

    def __init__(self, *effects: Effect, targets: Sequence[str] = ()):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        return self._row(ManaCost(), 0, 0, self.targets, start, length, ctx)


# --- modes of activated and triggered abilities (700.2) ------------------------------------
@dataclass(frozen=True, init=False)
class ChooseOne(Effect):
    """"Choose one --" (700.2) as the whole effect of an activated or triggered ability:
    its :class:`~mtg_core.cards.abilities.Mode` objects (2 to 8)."""
    modes: tuple

    def __init__(self, *modes):
        if not 2 <= len(modes) <= 8 or not all(isinstance(m, Mode) for m in modes):
            raise CardScriptError("ChooseOne takes 2 to 8 Mode objects (700.2)")
        object.__setattr__(self, "modes", tuple(modes))

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT):
        raise CardScriptError("ChooseOne is the only effect of an activated or triggered "
                              "ability (700.2)")


def ability_modes(ab) -> tuple:
    """The modes of a modal spell (SpellAbility.modes) or of a modal activated or triggered
    ability (its ChooseOne), else ()."""
    modes = getattr(ab, "modes", None)
    if modes:
        return tuple(modes)
    effects = getattr(ab, "effects", ())
    if len(effects) == 1 and isinstance(effects[0], ChooseOne):
        return effects[0].modes
    return ()


@dataclass(frozen=True, init=False)
class SpellAbility(Ability):
    """What an instant or sorcery does when it resolves (304.2, 307.2).  ``timing`` is a
    restriction the card's text puts on casting it (601.3): "after your upkeep" (503.3);
    the default "instant" adds none.

    ``modes`` and ``choose``: a modal spell, "Choose one/two --" (700.2; its modes are
    :class:`Mode` objects, chosen as it is cast, each with its own targets).
    ``additional_cost``: "As an additional cost to cast this spell, sacrifice a creature /
    sacrifice an artifact or creature / discard a card / pay N life" (601.2f, 118.8).  ``kicker``: the kicker cost (702.33;
    :class:`~mtg_core.cards.IfKicked` reads it).  ``flashback``: the flashback cost
    (702.34), mana and optionally ", Pay N life".  ``alternative``: an
    :class:`~mtg_core.cards.AlternativeCost` (118.9; evoke, 702.74a), paid instead of the
    mana cost if its caster chooses as it is cast (601.2b)."""
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    timing: str
    modes: tuple[Mode, ...]
    choose: int
    additional_cost: str
    kicker: str
    flashback: str
    alternative: "AlternativeCost | None"
    kind = _C["AB_SPELL"]

    def __init__(self, *effects: Effect, targets: Sequence[str] = (), timing: str = "instant",
                 modes: Sequence[Mode] = (), choose: int = 1, additional_cost: str = "",
                 kicker: str = "", flashback: str = "",
                 alternative: "AlternativeCost | None" = None):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "timing", timing)
        object.__setattr__(self, "modes", tuple(modes))
        object.__setattr__(self, "choose", choose)
        object.__setattr__(self, "additional_cost", additional_cost)
        object.__setattr__(self, "kicker", kicker)
        object.__setattr__(self, "flashback", flashback)
        object.__setattr__(self, "alternative", alternative)

    def check(self) -> None:
        """Raise CardScriptError on a malformed spell (called when its card is defined)."""
        if self.modes:
            if self.effects or self.targets:
                raise CardScriptError("a modal spell's effects and targets belong to its modes (700.2)")
            if not all(isinstance(m, Mode) for m in self.modes):
                raise CardScriptError("modes must be Mode objects")
            if not 2 <= len(self.modes) <= 8:
                raise CardScriptError(f"a modal spell has 2 to 8 modes, not {len(self.modes)}")
            if not isinstance(self.choose, int) or not 1 <= self.choose <= len(self.modes):
                raise CardScriptError(f"choose {self.choose!r} of {len(self.modes)} modes (700.2)")
            most = sorted((len(m.targets) for m in self.modes), reverse=True)[:self.choose]
            if sum(most) > _C["MAX_TARGETS"]:
                raise CardScriptError(f"the chosen modes could have {sum(most)} targets; at most "
                                      f"{_C['MAX_TARGETS']} are supported")
            if any(isinstance(x, CounterUnlessPays) for m in self.modes for x in walk_effects(m.effects)):
                raise CardScriptError("'counter unless its controller pays' is not supported in a mode")
        elif self.choose != 1:
            raise CardScriptError("choose is for modal spells (modes=...)")
        if self.additional_cost and spell_sacrifice_spec(self.additional_cost) is None:
            cost, flags, life = parse_cost(self.additional_cost)
            if cost.mana_value or flags & (_C["COST_TAP"] | _C["COST_SAC_SELF"] | _C["COST_DISCARD_SELF"]):
                raise CardScriptError(f"additional cost {self.additional_cost!r}: sacrifice a "
                                      "creature, discard a card or pay N life (601.2f)")
        if self.kicker:
            ManaCost.parse(self.kicker)
            if ManaCost.parse(self.kicker).x:
                raise CardScriptError("a kicker cost with {X} is not supported")
            ManaCost.parse(self.kicker).as_row()        # hybrid symbols: refused there
        if self.flashback:
            cost, flags, life = parse_cost(self.flashback)
            if flags & ~_C["COST_PAY_LIFE"]:
                raise CardScriptError(f"flashback cost {self.flashback!r}: mana and 'Pay N life' only")
            cost.as_row()                               # hybrid symbols: refused there
        if self.alternative is not None and not isinstance(self.alternative, AlternativeCost):
            raise CardScriptError(f"alternative={self.alternative!r}: an AlternativeCost (118.9)")

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        self.check()
        timing = _timing(self.timing)
        if self.timing not in SPELL_TIMINGS:
            raise CardScriptError(f"a spell's timing can be one of {sorted(SPELL_TIMINGS)}, "
                                  f"not {self.timing!r} (a sorcery's timing comes from its type)")
        flags, life, sac = 0, 0, spell_sacrifice_spec(self.additional_cost)
        if sac is not None:                 # 601.2f, 118.8: "sacrifice an artifact or creature"
            flags = _C["COST_SAC_CREATURE"]
        elif self.additional_cost:
            _, flags, life = parse_cost(self.additional_cost)
        r = self._row(ManaCost(), flags, timing, self.targets, start, length, ctx)
        r[_C["AF_LIFE_COST"]] = life
        r[_C["AF_SAC_COST"]] = sac or 0
        if self.kicker:
            r[_C["AF_COST_FLAGS"]] |= _C["COST_KICKER"]
            r[_C["AF_KICKER_GENERIC"]:_C["AF_KICKER_GENERIC"] + 7] = ManaCost.parse(self.kicker).as_row()
        if self.flashback:
            cost, _, fb_life = parse_cost(self.flashback)
            r[_C["AF_COST_FLAGS"]] |= _C["COST_FLASHBACK"]
            r[_C["AF_FLASHBACK_GENERIC"]:_C["AF_FLASHBACK_GENERIC"] + 7] = cost.as_row()
            r[_C["AF_FLASHBACK_LIFE"]] = fb_life
        if self.alternative is not None:                 # 118.9 (alternative_costs.py)
            r[_C["AF_COST_FLAGS"]] |= _C["COST_ALTERNATIVE"]
            for col, v in self.alternative.columns(ctx).items():
                if isinstance(v, list):
                    r[_C[col]:_C[col] + len(v)] = v
                else:
                    r[_C[col]] = v
        if self.modes:
            r[_C["AF_N_MODES"]] = len(self.modes)
            r[_C["AF_CHOOSE"]] = self.choose        # AF_MODE_START: set by CardDB
        return r


@dataclass(frozen=True)
class ManaAbility(Ability):
    """``{T}: Add {G}`` and the like (605).  ``colors`` lists the choices ("G", "WU", ...;
    "WUBRG" is "one mana of any color").  ``cost`` is "{T}" or "{T}, Sacrifice ~" (Treasure);
    payment uses sources that sacrifice themselves only after all others (mana.pxi)."""
    colors: str
    amount: int = 1
    cost: str = "{T}"
    damage: int = 0          # "~ deals N damage to you" after the mana (painlands, 605.3b)
    extra: str = ""          # mana added too ("Add {W}{U}": colors "W", extra "U"; 106.1)
    kind = _C["AB_MANA"]

    def __repr__(self) -> str:
        extra = f", damage={self.damage!r}" if self.damage else ""
        extra += f", extra={self.extra!r}" if self.extra else ""
        return f"ManaAbility(colors={self.colors!r}, amount={self.amount!r}, cost={self.cost!r}{extra})"

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        if not self.colors or any(c not in COLOR_INDEX for c in self.colors):
            raise CardScriptError(f"mana ability colours {self.colors!r}: use letters from WUBRGC")
        # 605.1a: a cost of {T} (and "Sacrifice ~") is paid by automatic
        # payment; other costs ("{1}, {T}", "Pay 1 life", "Sacrifice ~" alone) make an
        # ability the player activates (A_ACTIVATE_MANA) before paying
        ac = parse_activation_cost(self.cost, ctx)
        flags = ac.flags
        if ac.sacrifice or ac.tap or ac.exile or ac.other & _C["OC_EXILE_SELF"] or \
                flags & (_C["COST_DISCARD"] | _C["COST_DISCARD_SELF"]):
            raise CardScriptError(f"mana ability cost {self.cost!r}: choosing what to sacrifice, "
                                  "tap or discard is supported in activated abilities only")
        if ac.automatic and flags & _C["COST_SAC_SELF"] and self.amount != 1:
            raise CardScriptError("a mana ability that sacrifices its source makes one mana here")
        r = self._row(ac.mana, flags, 0, (), start, length, ctx)
        for col, v in ac.columns().items():
            r[_C[col]] = v
        r[_C["AF_MANA_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in self.colors)
        r[_C["AF_MANA_AMOUNT"]] = self.amount
        if isinstance(self.damage, bool) or not isinstance(self.damage, int) or \
                not 0 <= self.damage <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"mana ability damage {self.damage!r}: 0..{_C['TABLE_AMOUNT_MAX']}")
        r[_C["AF_MANA_SELF_DAMAGE"]] = self.damage
        if self.extra and (len(self.colors) != 1 or
                           any(c not in COLOR_INDEX for c in self.extra) or
                           max(self.extra.count(c) for c in self.extra) > 15):
            raise CardScriptError(f"mana ability extra mana {self.extra!r}: letters from WUBRGC "
                                  "(at most 15 of each), with one colour to choose")
        r[_C["AF_MANA_EXTRA"]] = sum(self.extra.count(c) << (4 * COLOR_INDEX[c])
                                     for c in dict.fromkeys(self.extra))
        return r


@dataclass(frozen=True, init=False)
class ActivatedAbility(Ability):
    """``cost: effects`` (602).  ``timing`` is "instant" (the default; the same as "any
    time you could cast an instant", 304.5), "sorcery", "your upkeep", "after your
    upkeep" (503.3) or a point of combat (506.6, 506.6g: "during combat", "before
    blockers are declared", ...; see vocabulary.TIMINGS).  ``zone="hand"``: an ability of
    the card in its owner's hand, its cost mana and "Discard this card" (602.2, 113.6e:
    channel, 207.2c); ``cycling`` marks a cycling ability (702.29: activating it is
    cycling the card).  ``costs_less`` is ``("{N}", "<permanents> you control")``: "This
    ability costs {N} less to activate for each <permanent> you control" (118.7), the
    permanents "legendary creature", "artifact", "creature or planeswalker", ..."""
    cost: str
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    timing: str
    zone: str
    once_each_turn: bool
    cycling: bool
    costs_less: tuple[str, ...]
    kind = _C["AB_ACTIVATED"]

    def __init__(self, cost: str, *effects: Effect, targets: Sequence[str] = (), timing: str = "instant",
                 zone: str = "battlefield", once_each_turn: bool = False, cycling: bool = False,
                 costs_less: Sequence[str] = ()):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "timing", timing)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "once_each_turn", bool(once_each_turn))   # 602.5b
        object.__setattr__(self, "cycling", bool(cycling))                 # 702.29
        object.__setattr__(self, "costs_less", tuple(costs_less))          # 118.7

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        ac = parse_activation_cost(self.cost, ctx)   # 602.1a, 118.3
        cost, flags = ac.mana, ac.flags
        if self.zone == "hand" and (ac.columns() != parse_activation_cost("{0}").columns()
                                    or flags & _C["COST_DISCARD"]):
            raise CardScriptError(f"cost {self.cost!r}: an ability from the hand has mana and "
                                  "'Discard this card' costs only here")
        if self.zone not in ("battlefield", "hand"):
            raise CardScriptError(f"an ability works on the battlefield or from the hand, not {self.zone!r}")
        r = self._row(cost, flags, _timing(self.timing), self.targets, start, length, ctx)
        for col, v in ac.columns().items():
            r[_C[col]] = v
        if self.zone == "hand":
            if flags & (_C["COST_TAP"] | _C["COST_SAC_SELF"]):
                raise CardScriptError(f"cost {self.cost!r}: a card in hand can't be tapped or sacrificed")
            r[_C["AF_FROM_HAND"]] = _C["FROM_HAND_CYCLING"] if self.cycling else _C["FROM_HAND"]
        elif flags & _C["COST_DISCARD_SELF"]:
            raise CardScriptError(f"cost {self.cost!r}: 'Discard this card' needs zone='hand' (702.29a)")
        if self.cycling and not (self.zone == "hand" and flags & _C["COST_DISCARD_SELF"]):
            raise CardScriptError("a cycling ability works from the hand and discards its card "
                                  "(702.29a)")
        r[_C["AF_ACTIVATION_DISCOUNT"]] = _activation_discount(self.costs_less)
        if self.once_each_turn:
            if self.zone != "battlefield":
                raise CardScriptError("'activate only once each turn' is for an ability of a "
                                      "permanent (602.5b)")
            r[_C["AF_COST_FLAGS"]] |= _C["COST_ONCE_EACH_TURN"]
        return r


def _activation_discount(costs_less: tuple[str, ...]) -> int:
    """ADISC_* of ``("{N}", "[legendary] <type>[ or <type>] you control")`` (118.7), 0 for ()."""
    if not costs_less:
        return 0
    m = re.fullmatch(r"\{(\d+)\}", costs_less[0]) if len(costs_less) == 2 and \
        all(isinstance(x, str) for x in costs_less) else None
    words = costs_less[1].split() if m else []
    if not m or not 1 <= int(m.group(1)) <= _C["ADISC_N_MASK"] or words[-2:] != ["you", "control"]:
        raise CardScriptError(f"costs_less {costs_less!r}: ('{{N}}' with N 1..{_C['ADISC_N_MASK']}, "
                              "'<permanents> you control') (118.7)")
    spec = int(m.group(1))
    words = words[:-2]
    if words[:1] == ["legendary"]:
        spec |= _C["ADISC_LEGENDARY"]
        words = words[1:]
    names = " ".join(words).split(" or ")
    if names != ["permanent"]:
        for w in names:
            if w.capitalize() not in TYPE_BITS or w.capitalize() in ("Instant", "Sorcery"):
                raise CardScriptError(f"costs_less {costs_less!r}: {w!r} is not a permanent type")
            spec |= TYPE_BITS[w.capitalize()] << _C["ADISC_TYPE_SHIFT"]
    return spec


def Cycling(cost: str) -> ActivatedAbility:
    """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card." (from the hand)."""
    return ActivatedAbility(f"{cost}, Discard this card", Draw("you", 1), zone="hand", cycling=True)


def Typecycling(quality: str, cost: str) -> ActivatedAbility:
    """702.29e-f: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
    for a [type] card, reveal it, put it into your hand, then shuffle." ``quality`` is what
    :class:`~mtg_core.cards.SearchLibrary` reads: a subtype ("Island": islandcycling, "Wizard"),
    "land" (landcycling) or "basic land" (basic landcycling, 702.29f).  It is cycling (702.29e:
    what triggers on cycling triggers on it)."""
    return ActivatedAbility(f"{cost}, Discard this card", SearchLibrary(quality, reveal=True),
                            zone="hand", cycling=True)


_LOYALTY_COST = re.compile(r"([+\u2212-]?)(\d+)")


@dataclass(frozen=True, init=False)
class LoyaltyAbility(Ability):
    """A planeswalker's loyalty ability (606): ``"+2"``, ``"\u22121"`` (or ``"-1"``),
    ``"0"``: the cost is putting on or removing that many loyalty counters (606.4).  It can
    be activated only as a sorcery and only if none of the permanent's loyalty abilities
    has been activated this turn (606.3); a negative cost needs that many counters (606.6).

    >>> from mtg_core.cards import Draw
    >>> LoyaltyAbility("\u22121", Draw("target", 1), targets=("player",)).loyalty
    -1
    """
    cost: str
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    kind = _C["AB_ACTIVATED"]

    def __init__(self, cost: str, *effects: Effect, targets: Sequence[str] = ()):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        self.loyalty                                     # checked at definition time

    @property
    def loyalty(self) -> int:
        """The signed number of loyalty counters the cost puts on (+) or removes (-)."""
        m = _LOYALTY_COST.fullmatch(self.cost.strip()) if isinstance(self.cost, str) else None
        if not m or (m.group(1) == "" and m.group(2) != "0"):
            raise CardScriptError(f"loyalty cost {self.cost!r}: expected +N, \u2212N (or -N), or 0 (606.4)")
        n = int(m.group(2))
        return -n if m.group(1) in ("-", "\u2212") else n

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        r = self._row(ManaCost(), _C["COST_LOYALTY"], _C["TIME_SORCERY"], self.targets, start, length,
                      ctx)
        r[_C["AF_LOYALTY"]] = self.loyalty
        return r


@dataclass(frozen=True, init=False)
class TriggeredAbility(Ability):
    """``At the beginning of <whose> <step>, effects`` (500.6) or ``When ~ enters the
    battlefield, effects`` (``at="enters"``).  ``at`` may also name a main phase (505.4):
    "precombat main" or "postcombat main" (that main phase only, 505.1a) or "main"
    (each main phase); ``at="attacks"`` is "Whenever ~ attacks, effects" (508.2), and the
    other events of TRIGGER_EVENTS are the block triggers of 509.4 ("blocks", "blocks a
    creature", "becomes blocked", "becomes blocked by a creature", "attacks and isn't
    blocked") and the damage triggers of 510.3 ("deals combat damage to a player" / "to a
    creature", "deals damage to an opponent"); their effects may name "that creature" /
    "that player", the other party of the event (603.2).
    ``at="cast"`` is "Whenever <whose> casts a <spell> spell, effects" (601.2i): ``whose``
    is "you", "a player" or "an opponent"; ``spell`` lists qualities the spell must all
    have ("noncreature", "multicolored", "from a graveyard"); "that player" in its effects
    is the caster."""
    at: str
    effects: tuple[Effect, ...]
    whose: str
    targets: tuple[str, ...]
    spell: tuple[str, ...]
    kind = _C["AB_TRIGGERED"]

    def __init__(self, at: str, *effects: Effect, whose: str = "your", targets: Sequence[str] = (),
                 spell: Sequence[str] = ()):
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "whose", whose)
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "spell", tuple(spell))

    def row(self, start, length, ctx=DEFAULT_CONTEXT):
        r = self._row(ManaCost(), 0, 0, self.targets, start, length, ctx)
        if self.spell and self.at != "cast":
            raise CardScriptError("spell qualities belong to a cast trigger (at='cast')")
        if self.at in TRIGGER_EVENTS:
            r[_C["AF_TRIGGER"]] = TRIGGER_EVENTS[self.at]
        elif self.at == "cast":
            r[_C["AF_TRIGGER"]] = _C["TRIG_CAST"]             # 601.2i
            if self.whose not in CASTERS:
                raise CardScriptError(f"unknown caster {self.whose!r}; expected {sorted(CASTERS)}")
            r[_C["AF_TRIGGER_WHOSE"]] = CASTERS[self.whose]
            for q in self.spell:
                if q[:1].isupper():                 # 601.2i: "a Spirit or Arcane spell"
                    r[_C["AF_TRIGGER_SPELL"]] |= spell_subtypes_field(q, ctx)
                    continue
                if q not in SPELL_QUALITIES:
                    raise CardScriptError(f"unknown spell quality {q!r}; expected {sorted(SPELL_QUALITIES)}")
                r[_C["AF_TRIGGER_SPELL"]] |= SPELL_QUALITIES[q]
        else:
            r[_C["AF_TRIGGER"]] = _C["TRIG_BEGIN_STEP"]
            if self.at in TRIGGER_MAIN_PHASES:
                r[_C["AF_TRIGGER_STEP"]] = _C["S_MAIN"]
                r[_C["AF_TRIGGER_PHASE"]] = TRIGGER_MAIN_PHASES[self.at] + 1
            elif self.at not in STEPS:
                raise CardScriptError(f"unknown step {self.at!r}; expected 'enters', a step "
                                      f"({sorted(STEPS)}) or a main phase {sorted(TRIGGER_MAIN_PHASES)}")
            else:
                r[_C["AF_TRIGGER_STEP"]] = _step(self.at)
            if self.whose not in WHOSE:
                raise CardScriptError(f"unknown trigger owner {self.whose!r}; expected {sorted(WHOSE)}")
            r[_C["AF_TRIGGER_WHOSE"]] = WHOSE[self.whose]
        return r
