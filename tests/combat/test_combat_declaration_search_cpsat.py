"""The declaration search's maximum (508.1d / 509.1c) on boards too big for the brute-force
oracle, against an independent exact model: CP-SAT (ortools, a test-only dependency).

For each fixed-seed board: the engine's MAX equals CP-SAT's optimum over restriction-
respecting, cost-free declarations; CP-SAT's optimal declaration is one the engine calls
legal; and declarations the engine samples break no restriction (checked here in plain
Python) and reach that optimum.
"""
from __future__ import annotations

from collections import Counter

import pytest

from mtg_core.combat_search import (ATTACKERS, BLOCKERS, DeclarationProblem, MustBeChosen,
                                    MustChoose, random_board)

cp_model = pytest.importorskip("ortools.sat.python.cp_model")

BOARDS = ([(seed, 10, BLOCKERS, False) for seed in range(4)]
          + [(seed, 16, BLOCKERS, False) for seed in range(4)]
          + [(seed, 16, ATTACKERS, False) for seed in range(3)]
          + [(seed, 16, BLOCKERS, True) for seed in range(2)]
          + [(seed, 24, BLOCKERS, True) for seed in range(2)])


def build_model(p: DeclarationProblem, pay_costs: bool):
    """The declaration problem modelled from the dataclasses directly: x[c,o] = c picks o
    (allowed pairs; costly ones only with ``pay_costs``), every restriction, and the
    requirements obeyed as ``obeyed`` (a list of bools)."""
    n, m = len(p.choosers), len(p.options)
    model = cp_model.CpModel()
    allowed = [set(range(m)) if ch.options is None else set(ch.options) for ch in p.choosers]
    x = {}
    for c, ch in enumerate(p.choosers):
        costly = allowed[c] if ch.cost else set(ch.costly_options)
        if ch.max_choices == 0:
            continue
        for o in allowed[c] - (set() if pay_costs else costly):
            x[c, o] = model.NewBoolVar(f"x{c}_{o}")
    part = []
    for c, ch in enumerate(p.choosers):
        mine = [v for (cc, _), v in x.items() if cc == c]
        y = model.NewBoolVar(f"y{c}")                   # c takes part
        model.Add(sum(mine) <= ch.max_choices)
        model.Add(sum(mine) >= y)
        for v in mine:
            model.Add(y >= v)
        part.append(y)
    for o, op in enumerate(p.options):
        col = [v for (_, oo), v in x.items() if oo == o]
        if op.max_choosers is not None:
            model.Add(sum(col) <= op.max_choosers)
        if op.min_choosers >= 2:                       # 0 or at least min
            used = model.NewBoolVar(f"u{o}")
            model.Add(sum(col) >= op.min_choosers).OnlyEnforceIf(used)
            model.Add(sum(col) == 0).OnlyEnforceIf(used.Not())
    for j, cap in enumerate(p.caps):
        counted = []
        for c in range(n):
            if cap.choosers is not None and c not in cap.choosers:
                continue
            inside = [v for (cc, o), v in x.items() if cc == c and (cap.options is None or o in cap.options)]
            if inside:
                w = model.NewBoolVar(f"w{j}_{c}")
                for v in inside:
                    model.Add(w >= v)
                counted.append(w)
        model.Add(sum(counted) <= cap.limit)
    for c, ch in enumerate(p.choosers):               # "can't attack / block alone"
        need = max(ch.min_others, 1 if ch.not_alone else 0)
        if need:
            model.Add(sum(part) - part[c] >= need).OnlyEnforceIf(part[c])
    obeyed = []
    for i, r in enumerate(p.requirements):
        if isinstance(r, MustChoose):
            lits = [v for (cc, o), v in x.items() if cc == r.chooser and (r.options is None or o in r.options)]
        else:
            lits = [v for (_, o), v in x.items() if o == r.option]
        z = model.NewBoolVar(f"r{i}")
        model.Add(z <= sum(lits)) if lits else model.Add(z == 0)
        obeyed.append(z)
    return model, x, obeyed


def solve(model):
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 60
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    return solver, solver.Solve(model)


def cpsat_maximum(p: DeclarationProblem):
    """(optimum, declaration) of the 508.1d / 509.1c maximum: over restriction-respecting
    declarations that pay no cost."""
    model, x, obeyed = build_model(p, pay_costs=False)
    model.Maximize(sum(obeyed))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 60
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    status = solver.Solve(model)
    assert status == cp_model.OPTIMAL, "CP-SAT did not prove optimality in time"
    decl = frozenset(k for k, v in x.items() if solver.Value(v))
    return round(solver.ObjectiveValue()), decl


def breaks_a_restriction(p: DeclarationProblem, d) -> bool:
    allowed = [set(range(len(p.options))) if ch.options is None else set(ch.options)
               for ch in p.choosers]
    mine = Counter(c for c, _ in d)
    col = Counter(o for _, o in d)
    part = set(mine)
    if any(o not in allowed[c] for c, o in d):
        return True
    if any(mine[c] > p.choosers[c].max_choices for c in mine):
        return True
    for o, op in enumerate(p.options):
        if op.max_choosers is not None and col[o] > op.max_choosers:
            return True
        if op.min_choosers >= 2 and 0 < col[o] < op.min_choosers:
            return True
    for cap in p.caps:
        if len({c for c, o in d if (cap.choosers is None or c in cap.choosers)
                and (cap.options is None or o in cap.options)}) > cap.limit:
            return True
    return any(len(part) - 1 < max(p.choosers[c].min_others, int(p.choosers[c].not_alone))
               for c in part)


def obeyed(p: DeclarationProblem, d) -> int:
    return sum(any(c == r.chooser and (r.options is None or o in r.options) for c, o in d)
               if isinstance(r, MustChoose) else any(o == r.option for _, o in d)
               for r in p.requirements)


@pytest.mark.parametrize("seed,n,kind,swarm", BOARDS,
                         ids=[f"{n}x{n}-{k}{'-swarm' if s else ''}-{seed}" for seed, n, k, s in BOARDS])
def test_508_1d_509_1c_maximum_matches_cpsat_on_big_boards(seed, n, kind, swarm):
    p = random_board(seed, n, min(n, 16), kind, swarm=swarm)
    best, decl = cpsat_maximum(p)
    assert p.max_requirements() == best
    p.validate(decl)                                   # CP-SAT's optimum is legal here too
    for d in p.sample_many(20, seed=seed):
        assert not breaks_a_restriction(p, d)
        assert obeyed(p, d) >= best


@pytest.mark.parametrize("seed,kind", [(0, BLOCKERS), (5, BLOCKERS), (2, ATTACKERS)])
def test_step_masks_match_cpsat_completability(seed, kind):
    """From the empty declaration and from a random legal prefix, a pair is offered
    exactly when CP-SAT finds a legal declaration containing it (costs may be paid;
    at least MAX requirements)."""
    p = random_board(seed, 10, 10, kind)
    best = p.max_requirements()
    d = sorted(p.sample(seed))
    for partial in (frozenset(), frozenset(d[:len(d) // 2])):
        offered = p.step(partial).pairs
        for c, ch in enumerate(p.choosers):
            for o in range(len(p.options)):
                if (c, o) in partial:
                    continue
                model, x, obeyed = build_model(p, pay_costs=True)
                if (c, o) not in x or any(k not in x for k in partial):
                    assert (c, o) not in offered
                    continue
                for k in partial | {(c, o)}:
                    model.Add(x[k] == 1)
                model.Add(sum(obeyed) >= best)
                _, status = solve(model)
                assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
                assert ((c, o) in offered) == (status != cp_model.INFEASIBLE), (c, o)
