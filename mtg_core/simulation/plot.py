"""Plots of a simulation (matplotlib, the optional extra ``mtg_core[plot]``): the distribution
of game length and each seat's win rate with its Wilson 95 % interval over the run."""
from __future__ import annotations

import os

import numpy as np

from .errors import SimulationError
from .result import SimulationResult


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise SimulationError('plotting needs matplotlib: pip install "mtg_core[plot]"') from None
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt
    return plt


def check_plot_path(path: str) -> None:
    """Refuse, before a run, a plot file matplotlib can't write (no matplotlib, an unknown
    image format, a missing directory)."""
    plt = _pyplot()
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    formats = plt.figure().canvas.get_supported_filetypes()
    plt.close("all")
    if ext not in formats:
        raise SimulationError(f"--plot {path}: the file name must end in one of "
                              + ", ".join("." + f for f in sorted(formats)))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise SimulationError(f"--plot {path}: no directory {folder}")


def title(result: SimulationResult) -> str:
    """The figure's title: the matchup (each seat's deck and policy), games and seed."""
    seats = " vs ".join(f"{d} ({p})" for d, p in zip(result.decks, result.policies))
    return f"{seats}: {result.n_games:,} games, seed {result.seed}"


def plot(result: SimulationResult, path: str) -> None:
    """Save the game-length histogram and the running win rates of ``result`` to ``path``."""
    plt = _pyplot()
    fig, (ax_len, ax_wr) = plt.subplots(1, 2, figsize=(12, 4.5))
    turns = result.arrays["turns"]
    if len(turns):
        bins = np.arange(turns.min(), turns.max() + 2) - 0.5
        ax_len.hist(turns, bins=bins, color="#4c72b0")
        ax_len.axvline(turns.mean(), color="k", linestyle="--", linewidth=1,
                       label=f"mean {turns.mean():.1f}")
        ax_len.legend()
    ax_len.set_xlabel("game length (turns)")
    ax_len.set_ylabel("games")
    ax_len.set_title("Game length")
    x = np.arange(1, result.n_games + 1)
    for seat in range(result.seats):
        rate, lo, hi = result.running_win_rate(seat)
        if not len(rate):
            continue
        line, = ax_wr.plot(x, rate, label=f"P{seat} {result.decks[seat]} ({result.policies[seat]})")
        ax_wr.fill_between(x, lo, hi, color=line.get_color(), alpha=0.2)
    ax_wr.set_xscale("log")
    ax_wr.set_ylim(0, 1)
    ax_wr.set_xlabel("games played")
    ax_wr.set_ylabel("win rate (Wilson 95 % interval)")
    ax_wr.set_title("Win rate over the run")
    ax_wr.legend(loc="best")
    fig.suptitle(title(result))
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as err:
        raise SimulationError(f"can't write {path}: {err.strerror}") from None
    finally:
        plt.close(fig)
