"""Card definitions: Python objects, lowered once into the core's int32 tables.

A card is a :class:`Card`; its abilities are :class:`SpellAbility`, :class:`ManaAbility`,
:class:`ActivatedAbility`, :class:`TriggeredAbility`; effects are small dataclasses
(:class:`Damage`, :class:`Pump`, ...) that compile to opcodes of the core's effect
interpreter (DESIGN principle 3).  A :class:`CardDB` holds a set of cards and their
compiled :class:`mtg_core._engine.CardTables`.

>>> bolt = Card("Lightning Bolt", "{R}", types=("Instant",),
...             abilities=(SpellAbility(Damage("target", 3), targets=("any",)),))
>>> db = CardDB([bolt])
>>> db.row("Lightning Bolt")
0
>>> db["Lightning Bolt"].mana_value
1
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from . import _engine
from .errors import CardScriptError

_C = _engine.constants()

TYPE_BITS = {"Artifact": _C["T_ARTIFACT"], "Creature": _C["T_CREATURE"],
             "Enchantment": _C["T_ENCHANTMENT"], "Instant": _C["T_INSTANT"],
             "Land": _C["T_LAND"], "Planeswalker": _C["T_PLANESWALKER"],
             "Sorcery": _C["T_SORCERY"], "Battle": _C["T_BATTLE"], "Kindred": _C["T_KINDRED"],
             "Tribal": _C["T_KINDRED"]}
SUPERTYPE_BITS = {"Basic": _C["ST_BASIC"], "Legendary": _C["ST_LEGENDARY"],
                  "Snow": _C["ST_SNOW"], "World": _C["ST_WORLD"]}
RULES_SUBTYPES = {"Aura": _C["SUB_AURA"], "Equipment": _C["SUB_EQUIPMENT"],
                  "Fortification": _C["SUB_FORTIFICATION"], "Wall": _C["SUB_WALL"]}
KEYWORD_BITS = {"flying": _C["KW_FLYING"], "reach": _C["KW_REACH"], "haste": _C["KW_HASTE"],
                "defender": _C["KW_DEFENDER"], "vigilance": _C["KW_VIGILANCE"],
                "first strike": _C["KW_FIRST_STRIKE"], "double strike": _C["KW_DOUBLE_STRIKE"],
                "trample": _C["KW_TRAMPLE"], "deathtouch": _C["KW_DEATHTOUCH"],
                "lifelink": _C["KW_LIFELINK"], "flash": _C["KW_FLASH"],
                "hexproof": _C["KW_HEXPROOF"], "shroud": _C["KW_SHROUD"],
                "indestructible": _C["KW_INDESTRUCTIBLE"], "phasing": _C["KW_PHASING"],
                "menace": _C["KW_MENACE"], "infect": _C["KW_INFECT"], "wither": _C["KW_WITHER"],
                "doesn't untap": _C["KW_DOESNT_UNTAP"], "shadow": _C["KW_SHADOW"],
                "fear": _C["KW_FEAR"], "intimidate": _C["KW_INTIMIDATE"]}
# Combat restrictions and requirements (508.1c-d, 509.1b-c) a card may have: Card(combat=...)
COMBAT_BITS = {"can't attack": _C["CM_CANT_ATTACK"], "can't block": _C["CM_CANT_BLOCK"],
               "attacks each combat if able": _C["CM_ATTACKS_EACH_COMBAT"],
               "blocks each combat if able": _C["CM_BLOCKS_EACH_COMBAT"],
               "can't attack alone": _C["CM_CANT_ATTACK_ALONE"],
               "can't block alone": _C["CM_CANT_BLOCK_ALONE"],
               "can block any number of creatures": _C["CM_BLOCKS_ANY_NUMBER"],
               "can block an additional creature": _C["CM_BLOCKS_ONE_MORE"],
               "must be blocked if able": _C["CM_MUST_BE_BLOCKED"],
               "all creatures able to block it do so": _C["CM_LURE"],
               "can't be blocked by Walls": _C["CM_NO_WALL_BLOCKS"],
               "enchanted creature: all creatures able to block it do so": _C["CM_ENCHANTED_LURE"],
               "creatures you control have menace": _C["CM_YOURS_HAVE_MENACE"]}
COLOR_INDEX = {"W": 0, "U": 1, "B": 2, "R": 3, "G": 4, "C": 5}
TARGETS = {
    "any": _C["TS_CREATURE"] | _C["TS_PLAYER"] | _C["TS_PLANESWALKER"],
    "creature": _C["TS_CREATURE"],
    "player": _C["TS_PLAYER"],
    "opponent": _C["TS_PLAYER"] | _C["TS_OPPONENT"],
    "creature you control": _C["TS_CREATURE"] | _C["TS_YOU_CONTROL"],
    "other creature you control": _C["TS_CREATURE"] | _C["TS_YOU_CONTROL"] | _C["TS_NOT_SELF"],
    "creature an opponent controls": _C["TS_CREATURE"] | _C["TS_OPPONENT"],
    "permanent": _C["TS_PERMANENT"],
    "artifact": _C["TS_ARTIFACT"],
    "enchantment": _C["TS_ENCHANTMENT"],
    "land": _C["TS_LAND"],
    "planeswalker": _C["TS_PLANESWALKER"],
    "creature or planeswalker": _C["TS_CREATURE"] | _C["TS_PLANESWALKER"],
    "player or planeswalker": _C["TS_PLAYER"] | _C["TS_PLANESWALKER"],
}
REFS = {"target": _C["REF_TARGET0"], "target2": _C["REF_TARGET1"], "you": _C["REF_CONTROLLER"],
        "self": _C["REF_SELF"], "each opponent": _C["REF_EACH_OPPONENT"],
        "each player": _C["REF_EACH_PLAYER"], "active player": _C["REF_ACTIVE_PLAYER"]}
DURATIONS = {"end of turn": _C["DUR_END_OF_TURN"], "end of combat": _C["DUR_END_OF_COMBAT"],
             "end of step": _C["DUR_END_OF_STEP"], "end of phase": _C["DUR_END_OF_PHASE"],
             "your next turn": _C["DUR_UNTIL_YOUR_NEXT_TURN"], "permanent": _C["DUR_PERMANENT"]}
STEPS = {"untap": _C["S_UNTAP"], "upkeep": _C["S_UPKEEP"], "draw": _C["S_DRAW"],
         "main": _C["S_MAIN"], "beginning of combat": _C["S_BEGIN_COMBAT"],
         "declare attackers": _C["S_DECLARE_ATTACKERS"],
         "declare blockers": _C["S_DECLARE_BLOCKERS"], "combat damage": _C["S_COMBAT_DAMAGE"],
         "end of combat": _C["S_END_COMBAT"], "end": _C["S_END"], "cleanup": _C["S_CLEANUP"]}
# Phases by name (500.1).  "main" is any main phase: which one an additional main phase is
# follows from its position when it begins (505.1a).
PHASES = {"beginning": _C["PH_BEGINNING"], "precombat main": _C["PH_PRECOMBAT_MAIN"],
          "combat": _C["PH_COMBAT"], "postcombat main": _C["PH_POSTCOMBAT_MAIN"],
          "ending": _C["PH_ENDING"]}
EXTRA_PHASES = {"beginning": _C["PH_BEGINNING"], "combat": _C["PH_COMBAT"],
                "main": _C["PH_POSTCOMBAT_MAIN"], "ending": _C["PH_ENDING"]}
# The phase each step belongs to (501.1, 506.1, 512.1), to keep an added step in its phase.
STEP_PHASE = {_C["S_UNTAP"]: "beginning", _C["S_UPKEEP"]: "beginning", _C["S_DRAW"]: "beginning",
              _C["S_MAIN"]: "main", _C["S_BEGIN_COMBAT"]: "combat",
              _C["S_DECLARE_ATTACKERS"]: "combat", _C["S_DECLARE_BLOCKERS"]: "combat",
              _C["S_COMBAT_DAMAGE"]: "combat", _C["S_END_COMBAT"]: "combat",
              _C["S_END"]: "ending", _C["S_CLEANUP"]: "ending"}
# Timing restrictions of activated abilities and spells (AF_TIMING).
TIMINGS = {"instant": _C["TIME_ANY"],
           "any time you could cast an instant": _C["TIME_ANY"],     # 304.5: priority only
           "sorcery": _C["TIME_SORCERY"], "your upkeep": _C["TIME_YOUR_UPKEEP"],
           "after your upkeep": _C["TIME_AFTER_YOUR_UPKEEP"]}        # 503.3
# What a beginning-of triggered ability may name besides a step: the main phases (505.4).
TRIGGER_MAIN_PHASES = {"precombat main": _C["PH_PRECOMBAT_MAIN"],
                       "postcombat main": _C["PH_POSTCOMBAT_MAIN"]}
WHOSE = {"your": _C["WHOSE_YOUR"], "each": _C["WHOSE_EACH"], "opponent's": _C["WHOSE_OPPONENT"]}
STATICS = {"players skip their upkeep steps": _C["STAT_SKIP_UPKEEP_ALL"],
           "players skip their untap steps": _C["STAT_SKIP_UNTAP_ALL"]}
COUNTERS = {"+1/+1": _C["CTR_PLUS1"], "-1/-1": _C["CTR_MINUS1"], "loyalty": _C["CTR_LOYALTY"]}

_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic amount plus coloured pips (W U B R G) and {C} pips."""
    generic: int = 0
    pips: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    text: str = ""

    @staticmethod
    def parse(text: str) -> "ManaCost":
        """Parse ``"{2}{G}{G}"``; raises CardScriptError on anything else.

        >>> ManaCost.parse("{1}{G}").mana_value
        2
        """
        text = text.strip()
        if not text:
            return ManaCost()
        if _SYMBOL.sub("", text):
            raise CardScriptError(f"mana cost {text!r}: expected only {{...}} symbols")
        generic = 0
        pips = [0] * 6
        for sym in _SYMBOL.findall(text):
            if sym.isdigit():
                generic += int(sym)
            elif sym in COLOR_INDEX:
                pips[COLOR_INDEX[sym]] += 1
            else:
                raise CardScriptError(f"mana cost {text!r}: symbol {{{sym}}} is not supported yet "
                                      "(hybrid, Phyrexian and X costs come with card scripting)")
        return ManaCost(generic, (pips[0], pips[1], pips[2], pips[3], pips[4], pips[5]), text)

    @property
    def mana_value(self) -> int:
        return self.generic + sum(self.pips)

    def as_row(self) -> list[int]:
        return [self.generic, *self.pips]

    @property
    def colors(self) -> int:
        return sum(1 << i for i in range(5) if self.pips[i])


# --- effects -------------------------------------------------------------------------------

def _ref(name: str) -> int:
    if name not in REFS:
        raise CardScriptError(f"unknown reference {name!r}; expected one of {sorted(REFS)}")
    return REFS[name]


def _dur(name: str) -> int:
    """Duration operand: code | (argument + 1) << 8 (argument 0 = "the current one").
    Besides the names in DURATIONS, "until next <step>" ends when that step next begins."""
    if name.startswith("until next "):
        return _C["DUR_UNTIL_STEP_BEGINS"] | ((_step(name[len("until next "):]) + 1) << 8)
    if name not in DURATIONS:
        raise CardScriptError(f"unknown duration {name!r}; expected one of "
                              f"{sorted(DURATIONS)} or 'until next <step>'")
    return DURATIONS[name]


def _step(name: str) -> int:
    if name not in STEPS:
        raise CardScriptError(f"unknown step {name!r}; expected one of {sorted(STEPS)}")
    return STEPS[name]


def _phase(name: str, table: dict[str, int] = PHASES) -> int:
    if name not in table:
        raise CardScriptError(f"unknown phase {name!r}; expected one of {sorted(table)}")
    return table[name]


def _timing(name: str) -> int:
    if name not in TIMINGS:
        raise CardScriptError(f"unknown timing {name!r}; expected one of {sorted(TIMINGS)}")
    return TIMINGS[name]


class Effect:
    """One instruction of an effect program."""

    def compile(self) -> list[int]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError


@dataclass(frozen=True)
class Damage(Effect):
    """~ deals N damage to <who> (120)."""
    who: str
    amount: int

    def compile(self):
        return [_C["OP_DAMAGE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class Pump(Effect):
    """<who> gets +P/+T until <duration> (613 layer 7c)."""
    who: str
    power: int
    toughness: int
    duration: str = "end of turn"

    def compile(self):
        return [_C["OP_PUMP"], _ref(self.who), int(self.power), int(self.toughness), _dur(self.duration)]


@dataclass(frozen=True)
class GrantKeywords(Effect):
    who: str
    keywords: tuple[str, ...]
    duration: str = "end of turn"

    def compile(self):
        return [_C["OP_GRANT_KEYWORDS"], _ref(self.who), keyword_mask(self.keywords), _dur(self.duration)]


@dataclass(frozen=True)
class Draw(Effect):
    who: str
    count: int = 1

    def compile(self):
        return [_C["OP_DRAW"], _ref(self.who), int(self.count)]


@dataclass(frozen=True)
class LoseLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_LOSE_LIFE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class GainLife(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_GAIN_LIFE"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class Poison(Effect):
    who: str
    amount: int

    def compile(self):
        return [_C["OP_POISON"], _ref(self.who), int(self.amount)]


@dataclass(frozen=True)
class ExtraTurn(Effect):
    """<who> takes an extra turn after this one (500.7)."""
    who: str = "you"

    def compile(self):
        return [_C["OP_EXTRA_TURN"], _ref(self.who)]


@dataclass(frozen=True)
class ExtraCombat(Effect):
    """After this phase, an additional combat phase followed by an additional main phase
    (500.8)."""

    def compile(self):
        return [_C["OP_EXTRA_COMBAT"]]


@dataclass(frozen=True)
class ExtraPhase(Effect):
    """"After this phase, there is an additional <phase> phase" (500.8): "beginning"
    (untap, upkeep and draw steps), "combat", "main" or "ending".  For "an additional
    combat phase followed by an additional main phase" use :class:`ExtraCombat`."""
    phase: str

    def compile(self):
        return [_C["OP_EXTRA_PHASE"], _phase(self.phase, EXTRA_PHASES)]


@dataclass(frozen=True)
class ExtraStep(Effect):
    """An additional <step> (500.9): directly after this step, or -- given ``after`` or
    ``before`` -- directly after / before the next <after> / <before> step of this turn
    that hasn't begun (nothing happens if the turn has none left).  The added step
    belongs to that step's phase, so both must be steps of the same phase."""
    step: str
    after: str | None = None
    before: str | None = None

    def compile(self):
        step = _step(self.step)
        if self.after is None and self.before is None:
            return [_C["OP_EXTRA_STEP"], step]
        if self.after is not None and self.before is not None:
            raise CardScriptError("an additional step goes either after or before a step, not both")
        anchor = _step(self.after if self.after is not None else self.before)
        if STEP_PHASE[step] != STEP_PHASE[anchor] or STEP_PHASE[step] == "main":
            raise CardScriptError(f"an additional {self.step} step can't be added next to the "
                                  f"{self.after or self.before} step: steps are added to their own "
                                  "phase (500.9), and a main phase has no steps (505.2)")
        return [_C["OP_EXTRA_STEP_AT"], step, anchor, 1 if self.before is not None else 0]


@dataclass(frozen=True)
class SkipNextStep(Effect):
    """<who> skips their next <step> (500.10)."""
    who: str
    step: str

    def compile(self):
        return [_C["OP_SKIP_NEXT_STEP"], _ref(self.who), _step(self.step)]


@dataclass(frozen=True)
class SkipNextPhase(Effect):
    """<who> skips their next <phase> phase (500.10): "beginning", "precombat main",
    "combat", "postcombat main" or "ending"."""
    who: str
    phase: str

    def compile(self):
        return [_C["OP_SKIP_NEXT_PHASE"], _ref(self.who), _phase(self.phase)]


@dataclass(frozen=True)
class SkipNextTurn(Effect):
    who: str = "you"

    def compile(self):
        return [_C["OP_SKIP_NEXT_TURN"], _ref(self.who)]


@dataclass(frozen=True)
class TapAndFreezeCreatures(Effect):
    """Tap all creatures <who> controls; they don't untap during that player's next untap
    step (502.2)."""
    who: str

    def compile(self):
        return [_C["OP_TAP_ALL_CREATURES_FREEZE"], _ref(self.who)]


@dataclass(frozen=True)
class Destroy(Effect):
    who: str

    def compile(self):
        return [_C["OP_DESTROY"], _ref(self.who)]


@dataclass(frozen=True)
class Sacrifice(Effect):
    who: str = "self"

    def compile(self):
        return [_C["OP_SACRIFICE"], _ref(self.who)]


@dataclass(frozen=True)
class AddCounters(Effect):
    who: str
    kind: str
    count: int

    def compile(self):
        if self.kind not in COUNTERS:
            raise CardScriptError(f"unknown counter kind {self.kind!r}")
        return [_C["OP_ADD_COUNTERS"], _ref(self.who), COUNTERS[self.kind], int(self.count)]


@dataclass(frozen=True)
class Attach(Effect):
    """Attach this permanent to <who> (701.3; Equip, 702.6)."""
    who: str = "target"

    def compile(self):
        return [_C["OP_ATTACH"], _ref(self.who)]


@dataclass(frozen=True)
class Untap(Effect):
    who: str

    def compile(self):
        return [_C["OP_UNTAP"], _ref(self.who)]


@dataclass(frozen=True)
class AddMana(Effect):
    color: str
    amount: int = 1

    def compile(self):
        if self.color not in COLOR_INDEX:
            raise CardScriptError(f"unknown mana colour {self.color!r}")
        return [_C["OP_ADD_MANA"], COLOR_INDEX[self.color], int(self.amount)]


@dataclass(frozen=True)
class AtBeginningOfNext(Effect):
    """A delayed trigger: "at the beginning of the next <step>, <effects>" (603.7, 513.3)."""
    step: str
    effects: tuple[Effect, ...]

    def compile(self):
        body = compile_program(self.effects)
        return [_C["OP_DELAYED"], _step(self.step), len(body), *body]


def compile_program(effects: Iterable[Effect]) -> list[int]:
    out: list[int] = []
    for eff in effects:
        if not isinstance(eff, Effect):
            raise CardScriptError(f"{eff!r} is not an effect")
        out.extend(eff.compile())
    return out


def keyword_mask(names: Iterable[str]) -> int:
    mask = 0
    for k in names:
        key = k.lower()
        if key not in KEYWORD_BITS:
            raise CardScriptError(f"unknown keyword {k!r}")
        mask |= KEYWORD_BITS[key]
    return mask


def _target_spec(name: str) -> int:
    if name not in TARGETS:
        raise CardScriptError(f"unknown target kind {name!r}; expected one of {sorted(TARGETS)}")
    return TARGETS[name]


# --- abilities -------------------------------------------------------------------------------

class Ability:
    """Base class of the ability kinds; ``row`` lowers to one ability-table row."""
    kind: int = 0

    def _row(self, cost: ManaCost, flags: int, timing: int, targets: Sequence[str],
             program_start: int, program_len: int) -> list[int]:
        if len(targets) > 2:
            raise CardScriptError("at most two targets per ability are supported")
        row = [0] * _C["ABILITY_FIELDS"]
        row[_C["AF_KIND"]] = self.kind
        row[_C["AF_COST_GENERIC"]:_C["AF_COST_GENERIC"] + 7] = cost.as_row()
        row[_C["AF_COST_FLAGS"]] = flags
        row[_C["AF_TIMING"]] = timing
        row[_C["AF_N_TARGETS"]] = len(targets)
        for i, t in enumerate(targets):
            row[_C["AF_TARGET0"] + i] = _target_spec(t)
        row[_C["AF_PROG_START"]] = program_start
        row[_C["AF_PROG_LEN"]] = program_len
        return row

    def effects_program(self) -> list[int]:
        return compile_program(getattr(self, "effects", ()))

    def row(self, program_start: int, program_len: int) -> list[int]:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True, init=False)
class SpellAbility(Ability):
    """What an instant or sorcery does when it resolves (304.2, 307.2).  ``timing`` is a
    restriction the card's text puts on casting it (601.3): "after your upkeep" (503.3);
    the default "instant" adds none."""
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    timing: str
    kind = _C["AB_SPELL"]

    def __init__(self, *effects: Effect, targets: Sequence[str] = (), timing: str = "instant"):
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "timing", timing)

    def row(self, start, length):
        timing = _timing(self.timing)
        if timing not in (_C["TIME_ANY"], _C["TIME_AFTER_YOUR_UPKEEP"]):
            raise CardScriptError(f"a spell's timing can be 'instant' or 'after your upkeep', "
                                  f"not {self.timing!r} (a sorcery's timing comes from its type)")
        return self._row(ManaCost(), 0, timing, self.targets, start, length)


def _parse_cost(text: str) -> tuple[ManaCost, int]:
    flags = 0
    rest = text
    if "{T}" in rest:
        flags |= _C["COST_TAP"]
        rest = rest.replace("{T}", "")
    parts = [p.strip() for p in rest.split(",")]
    mana = ""
    for p in parts:
        if not p:
            continue
        if p.lower() == "sacrifice ~":
            flags |= _C["COST_SAC_SELF"]
        elif _SYMBOL.fullmatch(p) or re.fullmatch(r"(\{[^{}]+\})+", p):
            mana += p
        else:
            raise CardScriptError(f"cost {text!r}: can't read {p!r}")
    return ManaCost.parse(mana), flags


@dataclass(frozen=True)
class ManaAbility(Ability):
    """``{T}: Add {G}`` and the like (605).  ``colors`` lists the choices ("G", "WU", ...)."""
    colors: str
    amount: int = 1
    kind = _C["AB_MANA"]

    def row(self, start, length):
        if not self.colors or any(c not in COLOR_INDEX for c in self.colors):
            raise CardScriptError(f"mana ability colours {self.colors!r}: use letters from WUBRGC")
        r = self._row(ManaCost(), _C["COST_TAP"], 0, (), start, length)
        r[_C["AF_MANA_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in self.colors)
        r[_C["AF_MANA_AMOUNT"]] = self.amount
        return r


@dataclass(frozen=True, init=False)
class ActivatedAbility(Ability):
    """``cost: effects`` (602).  ``timing`` is "instant" (the default; the same as "any
    time you could cast an instant", 304.5), "sorcery", "your upkeep" or "after your
    upkeep" (503.3)."""
    cost: str
    effects: tuple[Effect, ...]
    targets: tuple[str, ...]
    timing: str
    kind = _C["AB_ACTIVATED"]

    def __init__(self, cost: str, *effects: Effect, targets: Sequence[str] = (), timing: str = "instant"):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "timing", timing)

    def row(self, start, length):
        cost, flags = _parse_cost(self.cost)
        return self._row(cost, flags, _timing(self.timing), self.targets, start, length)


@dataclass(frozen=True, init=False)
class TriggeredAbility(Ability):
    """``At the beginning of <whose> <step>, effects`` (500.6) or ``When ~ enters the
    battlefield, effects`` (``at="enters"``).  ``at`` may also name a main phase (505.4):
    "precombat main" or "postcombat main" (that main phase only, 505.1a) or "main"
    (each main phase); ``at="attacks"`` is "Whenever ~ attacks, effects" (508.2)."""
    at: str
    effects: tuple[Effect, ...]
    whose: str
    targets: tuple[str, ...]
    kind = _C["AB_TRIGGERED"]

    def __init__(self, at: str, *effects: Effect, whose: str = "your", targets: Sequence[str] = ()):
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "whose", whose)
        object.__setattr__(self, "targets", tuple(targets))

    def row(self, start, length):
        r = self._row(ManaCost(), 0, 0, self.targets, start, length)
        if self.at == "enters":
            r[_C["AF_TRIGGER"]] = _C["TRIG_ETB"]
        elif self.at == "attacks":
            r[_C["AF_TRIGGER"]] = _C["TRIG_ATTACKS"]          # 508.2
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


# --- cards ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """A card's characteristics and abilities (chapter 2-3 of the rules).

    ``enchant`` names what an Aura may enchant (702.5; e.g. "creature");
    ``attached_bonus`` / ``attached_keywords`` give what an Aura or Equipment grants the
    permanent it is attached to; ``static`` names one of the supported static abilities.
    """
    name: str
    mana_cost: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    enchant: str | None = None
    attached_bonus: tuple[int, int] = (0, 0)
    attached_keywords: tuple[str, ...] = ()
    static: str | None = None
    colors: str | None = None
    combat: tuple[str, ...] = ()

    def __post_init__(self):
        if not self.name or not isinstance(self.name, str):
            raise CardScriptError("a card needs a name")
        for t in self.types:
            if t not in TYPE_BITS:
                raise CardScriptError(f"{self.name}: unknown card type {t!r}")
        if not self.types:
            raise CardScriptError(f"{self.name}: a card needs at least one card type")
        if all(TYPE_BITS[t] == _C["T_KINDRED"] for t in self.types):
            raise CardScriptError(f"{self.name}: a Kindred card always has another card type "
                                  "(300.2b, 308.1)")
        for t in self.supertypes:
            if t not in SUPERTYPE_BITS:
                raise CardScriptError(f"{self.name}: unknown supertype {t!r}")
        if "Creature" in self.types and (self.power is None or self.toughness is None):
            raise CardScriptError(f"{self.name}: a creature needs power and toughness (302.4)")
        if "Planeswalker" in self.types and self.loyalty is None:
            raise CardScriptError(f"{self.name}: a planeswalker needs loyalty (306.5b)")
        if "Aura" in self.subtypes and not self.enchant:
            raise CardScriptError(f"{self.name}: an Aura needs an enchant ability (303.4a, 702.5)")
        if self.enchant and self.enchant not in TARGETS:
            raise CardScriptError(f"{self.name}: unknown enchant kind {self.enchant!r}")
        if self.static and self.static not in STATICS:
            raise CardScriptError(f"{self.name}: unsupported static ability {self.static!r}")
        if ("Instant" in self.types or "Sorcery" in self.types) and \
                len([a for a in self.abilities if isinstance(a, SpellAbility)]) != 1:
            raise CardScriptError(f"{self.name}: an instant or sorcery needs exactly one SpellAbility")
        if "Land" in self.types and self.mana_cost:
            raise CardScriptError(f"{self.name}: lands have no mana cost (305.1)")
        ManaCost.parse(self.mana_cost)
        keyword_mask(self.keywords)
        keyword_mask(self.attached_keywords)
        for c in self.combat:
            if c not in COMBAT_BITS:
                raise CardScriptError(f"{self.name}: unknown combat property {c!r}; expected "
                                      f"one of {sorted(COMBAT_BITS)}")

    @property
    def cost(self) -> ManaCost:
        return ManaCost.parse(self.mana_cost)

    @property
    def mana_value(self) -> int:
        return self.cost.mana_value

    def type_line(self) -> str:
        left = " ".join([*self.supertypes, *self.types])
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_permanent(self) -> bool:
        return not ({"Instant", "Sorcery"} & set(self.types))

    def __str__(self) -> str:
        pt = f" {self.power}/{self.toughness}" if self.power is not None else ""
        cost = f" {self.mana_cost}" if self.mana_cost else ""
        return f"{self.name}{cost} ({self.type_line()}){pt}"


class CardDB:
    """A set of cards and their compiled tables (built once; shared by every game)."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: list[Card] = []
        self._rows: dict[str, int] = {}
        for c in cards:
            if not isinstance(c, Card):
                raise CardScriptError(f"{c!r} is not a Card")
            if c.name in self._rows:
                raise CardScriptError(f"two cards are named {c.name!r}")
            self._rows[c.name] = len(self.cards)
            self.cards.append(c)
        self.tables = self._compile()

    def _compile(self) -> "_engine.CardTables":
        C = _C
        card_rows: list[list[int]] = []
        ability_rows: list[list[int]] = []
        program = [0]                                   # program[0] = OP_END padding
        name_ids: dict[str, int] = {}
        for card in self.cards:
            row = [0] * C["CARD_FIELDS"]
            for t in card.types:
                row[C["CF_TYPES"]] |= TYPE_BITS[t]
            for t in card.supertypes:
                row[C["CF_SUPERTYPES"]] |= SUPERTYPE_BITS[t]
            for t in card.subtypes:
                row[C["CF_SUBTYPES"]] |= RULES_SUBTYPES.get(t, 0)
            row[C["CF_POWER"]] = card.power or 0
            row[C["CF_TOUGHNESS"]] = card.toughness or 0
            row[C["CF_LOYALTY"]] = card.loyalty or 0
            row[C["CF_KEYWORDS"]] = keyword_mask(card.keywords)
            cost = card.cost
            if card.colors is not None:
                row[C["CF_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in card.colors)
            else:
                row[C["CF_COLORS"]] = cost.colors
            row[C["CF_COST_GENERIC"]:C["CF_COST_GENERIC"] + 7] = cost.as_row()
            row[C["CF_MANA_VALUE"]] = cost.mana_value
            row[C["CF_ABILITY_START"]] = len(ability_rows)
            row[C["CF_ABILITY_COUNT"]] = len(card.abilities)
            row[C["CF_ENCHANT"]] = TARGETS[card.enchant] if card.enchant else 0
            row[C["CF_ATTACHED_POWER"]], row[C["CF_ATTACHED_TOUGHNESS"]] = card.attached_bonus
            row[C["CF_ATTACHED_KEYWORDS"]] = keyword_mask(card.attached_keywords)
            row[C["CF_STATIC"]] = STATICS[card.static] if card.static else 0
            row[C["CF_COMBAT"]] = sum(COMBAT_BITS[c] for c in set(card.combat))
            if row[C["CF_COMBAT"]] & C["CM_YOURS_HAVE_MENACE"]:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            if card.static:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            row[C["CF_NAME_ID"]] = name_ids.setdefault(card.name, len(name_ids))
            for ab in card.abilities:
                row[C["CF_ABILITY_KINDS"]] |= 1 << ab.kind
                if not isinstance(ab, Ability):
                    raise CardScriptError(f"{card.name}: {ab!r} is not an ability")
                try:
                    body = ab.effects_program()
                    start = len(program)
                    program.extend(body)
                    ability_rows.append(ab.row(start, len(body)))
                except CardScriptError as err:
                    raise CardScriptError(f"{card.name}: {err}") from None
            card_rows.append(row)
        cards = np.array(card_rows, dtype=np.int32).reshape(-1, C["CARD_FIELDS"])
        abil = np.array(ability_rows, dtype=np.int32).reshape(-1, C["ABILITY_FIELDS"])
        return _engine.CardTables(cards, abil, np.array(program, dtype=np.int32))

    def __getitem__(self, name: str) -> Card:
        return self.cards[self.row(name)]

    def __contains__(self, name: str) -> bool:
        return name in self._rows

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def row(self, name: str) -> int:
        try:
            return self._rows[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in this card database") from None

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def extended(self, cards: Iterable[Card]) -> "CardDB":
        """A new database with these cards added (the originals keep their rows)."""
        return CardDB([*self.cards, *cards])
