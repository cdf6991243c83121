"""Running the suite of :mod:`.cases`, the report (a table, or JSON with the machine it ran
on) and the comparison of two reports, figure by figure.

Timing: each case's call is first made :data:`WORK_CALLS` times to take its work figure
(the same on every machine), then timed in rounds of as many calls as fill
``round_seconds``; a figure is the median over the rounds, in nanoseconds per unit (per
game, per call), with the fastest and slowest round as its spread.  Ratios between two
engines or versions mean most when both ran on one machine, one after the other, pinned to
one core (``taskset -c 0 mtg-core bench``): these machines are noisy.
"""
from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import sysconfig
import time
from typing import Callable, Sequence

from .cases import CASES, SUITE_VERSION, Case

WORK_CALLS = 16
REPORT_FORMAT = 1


def machine() -> dict:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            m = re.search(r"^model name\s*:\s*(.+)$", f.read(), re.MULTILINE)
            if m:
                cpu = m.group(1).strip()
    except OSError:
        pass
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        affinity = None
    cc = sysconfig.get_config_var("CC") or ""
    try:
        compiler = subprocess.run([cc.split()[0], "--version"], capture_output=True, text=True,
                                  timeout=10).stdout.splitlines()[0] if cc else ""
    except (OSError, IndexError, subprocess.TimeoutExpired):
        compiler = cc
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpu": cpu, "cores": os.cpu_count(),
            "cores_usable": affinity, "compiler": compiler}


def engine() -> dict:
    """The engine measured: its version, the git commit of its source (if it is a checkout)
    and whether its core is a debug build."""
    from .. import __version__, _engine
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    commit = None
    try:
        out = subprocess.run(["git", "-C", here, "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        if out.returncode == 0:
            commit = out.stdout.strip()
            dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--untracked-files=no"],
                                   capture_output=True, text=True, timeout=10).stdout.strip()
            commit += "+changes" if dirty else ""
    except (OSError, subprocess.TimeoutExpired):
        pass
    return {"version": __version__, "commit": commit, "debug_build": bool(_engine.DEBUG_BUILD)}


def time_case(case: Case, round_seconds: float, rounds: int) -> dict:
    """One case's figure (see the module docstring)."""
    fn = case.setup()
    work = 0
    for _ in range(WORK_CALLS):
        work += int(fn())
    t = time.perf_counter()
    fn()
    one = max(time.perf_counter() - t, 1e-7)
    calls = max(1, int(round_seconds / one))
    per_unit = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(calls):
            fn()
        per_unit.append((time.perf_counter() - t) / (calls * case.per_call) * 1e9)
    med = statistics.median(per_unit)
    return {"version": case.version, "unit": case.unit, "what": case.what,
            "median_ns": med, "min_ns": min(per_unit), "max_ns": max(per_unit),
            "spread": (max(per_unit) - min(per_unit)) / med if med else 0.0,
            "per_s": 1e9 / med if med else 0.0, "rounds": rounds,
            "calls_per_round": calls, "work": work}


def run_suite(cases: Sequence[Case], quick: bool, progress: Callable[[str], None] | None = None
              ) -> dict:
    """Every case timed; the report as a dict (what ``--json`` writes)."""
    round_seconds, rounds = (0.15, 3) if quick else (0.6, 7)
    out = {"format": REPORT_FORMAT, "suite": "mtg_core bench", "suite_version": SUITE_VERSION,
           "quick": quick, "engine": engine(), "machine": machine(),
           "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "cases": {}}
    for case in cases:
        if progress:
            progress(case.name)
        out["cases"][case.name] = time_case(case, round_seconds, rounds)
    return out


def select(pattern: str | None, quick: bool, extra: Sequence[Case] = ()) -> list[Case]:
    """The cases to run: all (``--quick``: the quick ones), or those whose name contains
    ``pattern``."""
    chosen = [c for c in (*CASES, *extra) if (c.quick or not quick or c in extra)]
    if pattern:
        chosen = [c for c in chosen if pattern in c.name]
    return chosen


def _rate(figure: dict) -> str:
    unit = figure["unit"]
    ns = figure["median_ns"]
    shown = f"{ns / 1e6:,.2f} ms" if ns >= 1e7 else f"{ns / 1e3:,.2f} us" if ns >= 1e4 \
        else f"{ns:,.0f} ns"
    return f"{shown} per {unit[:-1] if unit.endswith('s') else unit}"


def format_report(report: dict) -> str:
    e, m = report["engine"], report["machine"]
    lines = [f"mtg_core bench, suite {report['suite_version']}{' (quick)' if report['quick'] else ''}: "
             f"engine {e['version']} ({e['commit'] or 'no git commit'}"
             f"{', DEBUG BUILD' if e['debug_build'] else ''}), Python {m['python']}, {m['cpu']}, "
             f"{m['cores']} cores",
             f"{'case':<38} {'median':>18} {'per second':>14} {'spread':>7}  work"]
    for name, f in report["cases"].items():
        lines.append(f"{name:<38} {_rate(f):>18} {f['per_s']:>14,.0f} {100 * f['spread']:>6.1f}%  {f['work']}")
    return "\n".join(lines)


def compare(a: dict, b: dict) -> str:
    """Figure by figure: B's speed relative to A's (> 1: B is faster), with a warning where
    the two did not do the same work or ran another version of a case."""
    lines = [f"A: {a['engine']['version']} {a['engine']['commit'] or ''} on {a['machine']['cpu']}",
             f"B: {b['engine']['version']} {b['engine']['commit'] or ''} on {b['machine']['cpu']}"]
    if a["suite_version"] != b["suite_version"]:
        lines.append(f"warning: suite versions differ ({a['suite_version']} vs {b['suite_version']})")
    if a["machine"] != b["machine"]:
        lines.append("warning: measured on different machines (ratios compare the machines too)")
    lines.append(f"{'case':<38} {'A':>18} {'B':>18} {'B/A speed':>10}")
    for name in sorted(set(a["cases"]) | set(b["cases"])):
        fa, fb = a["cases"].get(name), b["cases"].get(name)
        if fa is None or fb is None:
            lines.append(f"{name:<38} {'-' if fa is None else _rate(fa):>18} "
                         f"{'-' if fb is None else _rate(fb):>18} {'':>10}  (in one report only)")
            continue
        note = ""
        if fa["version"] != fb["version"]:
            note = f"  (case versions {fa['version']} vs {fb['version']}: not comparable)"
        elif fa["work"] != fb["work"]:
            note = f"  (different work: {fa['work']} vs {fb['work']})"
        ratio = fa["median_ns"] / fb["median_ns"] if fb["median_ns"] else float("nan")
        lines.append(f"{name:<38} {_rate(fa):>18} {_rate(fb):>18} {ratio:>10.2f}{note}")
    return "\n".join(lines)


def load_report(path: str) -> dict:
    """A report written by ``--json``; a clear error for anything else."""
    from ..errors import MtgError
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if doc.get("suite") != "mtg_core bench" or not isinstance(doc.get("cases"), dict):
            raise ValueError
        for fig in doc["cases"].values():
            float(fig["median_ns"]), int(fig["version"]), fig["work"], fig["unit"]
        doc["engine"]["version"], doc["machine"]["cpu"], doc["suite_version"]
    except OSError as err:
        raise MtgError(f"can't read {path}: {err.strerror}") from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise MtgError(f"{path} is not a report written by `mtg-core bench --json`") from None
    return doc


def main(args) -> int:
    """``mtg-core bench`` (see cli.py for its options)."""
    from ..errors import MtgError
    if args.compare:
        a, b = (load_report(p) for p in args.compare)
        print(compare(a, b))
        return 0
    extra = []
    if args.decks:
        from .cases import matchup_case
        if len(args.decks) != 2:
            raise MtgError("--decks takes two deck files (or bundled deck names)")
        extra.append(matchup_case(args.decks[0], args.decks[1], args.cards))
    cases = select(args.cases, args.quick, extra)
    if not cases:
        raise MtgError(f"no case matches {args.cases!r}; cases: " + ", ".join(c.name for c in CASES))
    report = run_suite(cases, args.quick,
                       progress=None if args.json == "-" else
                       (lambda name: print(f"  {name} ...", file=sys.stderr, flush=True)))
    if args.json and args.json != "-":
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    if args.json == "-":
        print(json.dumps(report, indent=1))
    else:
        print(format_report(report))
    return 0
