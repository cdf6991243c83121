"""Abilities (112): spell, mana, activated and triggered; each lowers to one row of the
core's ability table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import CardScriptError
from .costs import ManaCost, _parse_cost
from .effects import Effect, compile_program
from .vocabulary import (_C, COLOR_INDEX, SPELL_TIMINGS, STEPS, TRIGGER_MAIN_PHASES, WHOSE,
                         _step, _target_spec, _timing)


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
        if self.timing not in SPELL_TIMINGS:
            raise CardScriptError(f"a spell's timing can be one of {sorted(SPELL_TIMINGS)}, "
                                  f"not {self.timing!r} (a sorcery's timing comes from its type)")
        return self._row(ManaCost(), 0, timing, self.targets, start, length)


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
    time you could cast an instant", 304.5), "sorcery", "your upkeep", "after your
    upkeep" (503.3) or a point of combat (506.6, 506.6g: "during combat", "before
    blockers are declared", ...; see vocabulary.TIMINGS)."""
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
