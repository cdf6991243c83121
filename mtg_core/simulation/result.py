"""The outcome of a simulation: per-game numpy arrays and the summary drawn from them.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..enums import Result
from ..policies import END_NAMES

Z95 = 1.959963984540054             # the standard normal's 97.5 % quantile
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
# The per-game arrays, in the order the core returns them, with their dtypes.
ARRAYS = {"result": np.int8, "winner": np.int8, "turns": np.int32, "life": np.int32,
          "end": np.int8, "starting": np.int8, "decisions": np.int32}


def wilson_interval(k, n, z: float = Z95):
    """Wilson score interval of a proportion ``k / n`` (95 % by default); ``(0, 1)`` when
    ``n`` is 0.  ``k`` and ``n`` may be numpy arrays (then arrays are returned)."""
    k = np.asarray(k, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        center = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = np.where(n > 0, np.clip(center - half, 0, 1), 0.0)
    hi = np.where(n > 0, np.clip(center + half, 0, 1), 1.0)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def empty_arrays(seats: int) -> dict[str, np.ndarray]:
    return {k: np.zeros((0, seats) if k == "life" else 0, dtype=t) for k, t in ARRAYS.items()}


@dataclass
class SimulationResult:
    """``n_games`` games of ``decks`` (seat order) played by ``policies``.

    Arrays, one entry per game in game order (chunk by chunk): ``result`` (Result codes),
    ``winner`` (seat, -1 for none), ``turns``, ``life`` (n, seats) final life totals, ``end``
    (how the game ended, the core's END_* codes), ``starting`` (the seat that took the first
    turn) and ``decisions`` (decisions the policies made).  The same ``seed`` and
    ``chunk_size`` give the same arrays whatever the workers or the backend.
    ``complete`` is False for the partial result of an interrupted run.  ``elapsed`` is the
    run's wall time; ``core_seconds`` the time the chunks spent in the core, summed over the
    workers (``elapsed * workers - core_seconds`` is what the processes and the backend
    cost)."""
    decks: tuple[str, ...]
    policies: tuple[str, ...]
    seed: int
    games_requested: int
    chunk_size: int
    edition: str
    max_turns: int
    mulligans: bool
    backend: str
    workers: int
    elapsed: float
    arrays: dict[str, np.ndarray] = field(repr=False)
    complete: bool = True
    core_seconds: float = 0.0       # the chunks' time inside the core, summed over workers

    # -- arrays ---------------------------------------------------------------------------
    def __getattr__(self, name: str) -> np.ndarray:
        arrays = self.__dict__.get("arrays")
        if arrays is not None and name in arrays:
            return arrays[name]
        raise AttributeError(name)

    @property
    def n_games(self) -> int:
        return int(self.arrays["result"].shape[0])

    @property
    def seats(self) -> int:
        return len(self.decks)

    @property
    def games_per_s(self) -> float:
        return self.n_games / self.elapsed if self.elapsed > 0 else 0.0

    # -- counts ---------------------------------------------------------------------------
    def wins(self) -> np.ndarray:
        """Games won, per seat."""
        won = self.arrays["winner"][self.arrays["result"] == Result.WIN]
        return np.bincount(won.astype(np.int64), minlength=self.seats)[:self.seats]

    def count(self, result: Result) -> int:
        return int(np.sum(self.arrays["result"] == result))

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Seat ``seat``'s share of all games won (draws and unfinished games count as not
        won), with its Wilson 95 % interval: ``(rate, low, high)``."""
        k, n = int(self.wins()[seat]), self.n_games
        lo, hi = wilson_interval(k, n)
        return (k / n if n else 0.0), lo, hi

    def play_draw(self, seat: int) -> dict[str, dict[str, float]]:
        """Seat ``seat``'s win rate when it took the first turn ("play") and when another
        seat did ("draw"), each with games, wins and its Wilson interval."""
        out = {}
        first = self.arrays["starting"] == seat
        won = (self.arrays["result"] == Result.WIN) & (self.arrays["winner"] == seat)
        for key, mask in (("play", first), ("draw", ~first)):
            n, k = int(mask.sum()), int((won & mask).sum())
            lo, hi = wilson_interval(k, n)
            out[key] = {"games": n, "wins": k, "rate": k / n if n else 0.0, "low": lo, "high": hi}
        return out

    def running_win_rate(self, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Seat ``seat``'s win rate after each game of the run, with its Wilson interval:
        ``(rate, low, high)`` arrays of length ``n_games``."""
        won = (self.arrays["result"] == Result.WIN) & (self.arrays["winner"] == seat)
        k = np.cumsum(won)
        n = np.arange(1, self.n_games + 1)
        lo, hi = wilson_interval(k, n)
        return k / n, np.atleast_1d(lo), np.atleast_1d(hi)

    def length(self) -> dict[str, float]:
        """Game length in turns: mean and the QUANTILES (each the smallest observed length
        with at least that share of games at or below it)."""
        t = self.arrays["turns"]
        if not len(t):
            return {"mean": 0.0, **{f"q{round(q * 100)}": 0.0 for q in QUANTILES}}
        qs = np.quantile(t, QUANTILES, method="inverted_cdf")   # an observed length each
        return {"mean": float(t.mean()), **{f"q{round(q * 100)}": float(v) for q, v in zip(QUANTILES, qs)}}

    def ends(self) -> dict[str, int]:
        """How many games ended each way (by the core's END_* names)."""
        codes, counts = np.unique(self.arrays["end"], return_counts=True)
        return {END_NAMES.get(int(c), str(int(c))): int(n) for c, n in zip(codes, counts)}

    # -- output ---------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Everything the summary table shows, as plain data."""
        wins = self.wins()
        seats = []
        for s in range(self.seats):
            rate, lo, hi = self.win_rate(s)
            seats.append({"seat": s, "deck": self.decks[s], "policy": self.policies[s],
                          "wins": int(wins[s]), "win_rate": rate, "low": lo, "high": hi,
                          **self.play_draw(s)})
        return {"games": self.n_games, "seats": seats,
                "draws": self.count(Result.DRAW), "unfinished": self.count(Result.UNFINISHED),
                "aborted": self.count(Result.ABORTED), "ends": self.ends(),
                "turns": self.length(),
                "decisions_mean": float(self.arrays["decisions"].mean()) if self.n_games else 0.0,
                "elapsed_s": self.elapsed, "core_s": self.core_seconds,
                "games_per_s": self.games_per_s}

    def to_dict(self, arrays: bool = False) -> dict[str, Any]:
        """The run's settings and :meth:`summary`; with ``arrays=True`` also every per-game
        array as lists."""
        out: dict[str, Any] = {
            "decks": list(self.decks), "policies": list(self.policies), "seed": self.seed,
            "games_requested": self.games_requested, "chunk_size": self.chunk_size,
            "edition": self.edition, "max_turns": self.max_turns, "mulligans": self.mulligans,
            "backend": self.backend, "workers": self.workers, "complete": self.complete,
            "summary": self.summary()}
        if arrays:
            out["arrays"] = {k: v.tolist() for k, v in self.arrays.items()}
        return out

    def to_json(self, arrays: bool = False, **kw) -> str:
        return json.dumps(self.to_dict(arrays), **kw)

    def table(self) -> str:
        """The summary as a plain-text table."""
        s = self.summary()
        lines = []
        head = f"{s['games']:,} games" + ("" if self.complete else
                                          f" (interrupted: {self.games_requested:,} asked)")
        lines.append(f"{head}, seed {self.seed}, edition {self.edition}, backend {self.backend}"
                     f" x{self.workers}, {self.games_per_s:,.0f} games/s")
        lines.append(f"{'seat':<5}{'deck':<16}{'policy':<11}{'wins':>9}{'win rate':>10}"
                     f"{'95% interval':>17}{'on the play':>13}{'on the draw':>13}")
        for r in s["seats"]:
            interval = f"{100 * r['low']:.1f}-{100 * r['high']:.1f}%"
            lines.append(f"P{r['seat']:<4}{r['deck'][:15]:<16}{r['policy'][:10]:<11}"
                         f"{r['wins']:>9,}{100 * r['win_rate']:>9.1f}%{interval:>17}"
                         f"{100 * r['play']['rate']:>12.1f}%{100 * r['draw']['rate']:>12.1f}%")
        t = s["turns"]
        lines.append(f"draws {s['draws']:,}, unfinished {s['unfinished']:,}"
                     + (f", aborted {s['aborted']:,}" if s["aborted"] else "")
                     + (" ; ends: " + ", ".join(f"{k} {v:,}" for k, v in s["ends"].items())
                        if s["ends"] else ""))
        lines.append(f"turns: mean {t['mean']:.1f}, quantiles 5/25/50/75/95%: "
                     f"{t['q5']:g} / {t['q25']:g} / {t['q50']:g} / {t['q75']:g} / {t['q95']:g}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimulationResult of {' vs '.join(self.decks)}>\n{self.table()}"


def concatenate(parts: list[dict[str, np.ndarray]], seats: int) -> dict[str, np.ndarray]:
    """The per-game arrays of chunks, joined in the order given."""
    if not parts:
        return empty_arrays(seats)
    return {k: np.concatenate([np.asarray(p[k], dtype=t) for p in parts]) for k, t in ARRAYS.items()}

