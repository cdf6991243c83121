"""``mtg-core simulate``: a live progress bar (rich), a summary table, ``--json`` (with
``--json-games`` every game's row too), ``--plot``.

Progress goes to stderr, so ``--json`` leaves stdout machine-readable.  Ctrl-C stops the
workers and prints the summary of the games finished so far (exit code 130)."""
from __future__ import annotations

import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn
from rich.table import Table

from ..policies import split_policies
from .errors import SimulationError, SimulationInterrupted
from .result import SimulationResult
from .run import DEFAULT_CHUNK_SIZE, Progress, simulate

EXIT_INTERRUPTED = 130              # the shell's code for a process stopped by SIGINT


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "-:--"
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _where(backend: str, workers: int) -> str:
    """Where the games run, e.g. "local, 2 workers" (0 workers: the backend's default)."""
    if workers == 0:
        return f"{backend}, all cores" if backend == "local" else f"{backend}, all its workers"
    return f"{backend}, {workers} worker{'s' if workers != 1 else ''}"


def _running(p: Progress) -> str:
    """The running win rate of each seat with its interval."""
    parts = []
    for seat in range(len(p.decks)):
        rate, lo, hi = p.win_rate(seat)
        parts.append(f"P{seat} {100 * rate:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]")
    return "  ".join(parts)


def _table(r: SimulationResult) -> Table:
    s = r.summary()
    t = Table(title=f"{r.n_games:,} games, seed {r.seed}, {r.games_per_s:,.0f} games/s"
                    + ("" if r.complete else f" (interrupted: {r.games_requested:,} asked)"))
    for col in ("seat", "deck", "policy", "wins", "win rate", "95% interval", "on the play",
                "on the draw"):
        t.add_column(col, justify="left" if col in ("seat", "deck", "policy") else "right")
    for row in s["seats"]:
        t.add_row(f"P{row['seat']}", row["deck"], row["policy"], f"{row['wins']:,}",
                  f"{100 * row['win_rate']:.1f}%",
                  f"{100 * row['low']:.1f}-{100 * row['high']:.1f}%",
                  f"{100 * row['play']['rate']:.1f}% of {row['play']['games']:,}",
                  f"{100 * row['draw']['rate']:.1f}% of {row['draw']['games']:,}")
    return t


def _print_summary(r: SimulationResult, header: str, console: Console) -> None:
    s = r.summary()
    console.print(header, highlight=False)
    console.print(_table(r))
    turns = s["turns"]
    console.print(f"draws {s['draws']:,}, unfinished {s['unfinished']:,}"
                  + (f", aborted {s['aborted']:,}" if s["aborted"] else "")
                  + (" (ends: " + ", ".join(f"{k} {v:,}" for k, v in s["ends"].items()) + ")"
                     if s["ends"] else ""), highlight=False)
    console.print(f"game length: mean {turns['mean']:.1f} turns; quantiles 5/25/50/75/95%: "
                  f"{turns['q5']:g} / {turns['q25']:g} / {turns['q50']:g} / {turns['q75']:g} / "
                  f"{turns['q95']:g}", highlight=False)
    console.print(f"{r.n_games:,} games in {r.elapsed:.2f} s: {r.games_per_s:,.0f} games/s on "
                  f"{_where(r.backend, r.workers)}", highlight=False)


def run_simulate(args) -> int:
    if args.games == 0:                 # no game has no win rate: "0.0% [0.0-100.0]" says nothing
        raise SimulationError("--games 0: a simulation plays at least 1 game")
    decks = list(args.decks) or ["bears", "bears"]
    if len(decks) == 1:
        decks = decks * 2
    policy = split_policies(args.policy)
    if args.plot:
        from .plot import check_plot_path
        check_plot_path(args.plot)
    out = Console(soft_wrap=True)
    if not out.is_terminal:             # a file or a pipe: room for the whole table
        out = Console(soft_wrap=True, width=132)
    err = Console(stderr=True)
    pol = policy if isinstance(policy, str) else " vs ".join(policy)
    header = (f"{args.games:,} {pol} games, "
              + " vs ".join(f"{d} (P{i})" for i, d in enumerate(decks)) + f", seed {args.seed}")
    bar = None if args.no_progress else Bar(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        MofNCompleteColumn(), TextColumn("{task.fields[speed]} games/s  ETA {task.fields[eta]}"),
        TextColumn("{task.fields[running]}"), console=err, transient=False)

    task = None
    started = False

    def progress(p: Progress) -> None:
        nonlocal task, started
        if not started:                 # the first call: every check passed, games start
            started = True
            err.print(f"simulating {p.games_total:,} games on {_where(args.backend, args.workers)} "
                      "(Ctrl-C stops and prints the games so far)", highlight=False)
        if bar is None:
            return
        if task is None:
            bar.start()
            task = bar.add_task("simulating", total=p.games_total, speed="0", eta="-:--",
                                running="")
        bar.update(task, completed=p.games_done, speed=f"{p.games_per_s:,.0f}",
                   eta=_duration(p.eta), running=_running(p))

    interrupted = False
    try:
        result = simulate(decks=decks, cards=args.cards, games=args.games, seed=args.seed, policy=policy,
                          workers=args.workers, backend=args.backend,
                          chunk_size=DEFAULT_CHUNK_SIZE if args.chunk_size is None
                          else args.chunk_size, edition=args.edition,
                          max_turns=args.max_turns, mulligans=not args.no_mulligans,
                          progress=progress)
    except SimulationInterrupted as stop:
        result, interrupted = stop.result, True
    except KeyboardInterrupt:           # before any game started
        err.print("interrupted")
        return EXIT_INTERRUPTED
    finally:
        if task is not None:
            bar.stop()
    if interrupted:
        err.print(f"interrupted: {result.n_games:,} of {result.games_requested:,} games finished")
    if args.json or args.json_games:
        sys.stdout.write(result.to_json(arrays=args.json_games, indent=2) + "\n")
    else:
        _print_summary(result, header, out)
    if args.plot:
        from .plot import plot
        plot(result, args.plot)
        if not (args.json or args.json_games):
            out.print(f"plot written to {args.plot}")
    return EXIT_INTERRUPTED if interrupted else 0

