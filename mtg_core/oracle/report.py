"""The refusal report: how many cards were imported, by card type, and why the others were
not — by category, by phrase, and, for cards the grammar read but the card language can't
express, by the missing feature (what each feature would unlock is the language's to-do list).

>>> from mtg_core.oracle.importer import import_card
>>> rep = Report([import_card("Shock", "{R}", "Instant", "Shock deals 2 damage to any target."),
...               import_card("Grisly Salvage", "{B}{G}", "Instant", "Proliferate.\\nDraw a card.")])
>>> rep.imported, rep.parsed, rep.total
(1, 2, 2)
>>> rep.unlocks()[0]
('effect: proliferate', 1)
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .result import NOT_EXPRESSIBLE, UNKNOWN_PHRASE, UNSUPPORTED_KEYWORD, ImportResult

CARD_TYPES = ("Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Land",
              "Planeswalker", "Battle", "Kindred")


def card_types(type_line: str) -> list[str]:
    """The card types of the first face (for the by-type table); "Tribal" counts as Kindred."""
    first = type_line.split(" // ")[0].replace("Tribal", "Kindred")
    left = first.split("—")[0].split()
    return [t for t in CARD_TYPES if t in left]


class Report:
    """Counts over a list of :class:`ImportResult`."""

    def __init__(self, results: Iterable[ImportResult]):
        self.results = list(results)
        self.total = len(self.results)
        self.imported = sum(r.ok for r in self.results)
        self.parsed = sum(r.parsed for r in self.results)

    # -- by card type -----------------------------------------------------------------------------

    def by_type(self) -> list[tuple[str, int, int, int]]:
        """(type, cards, parsed, imported) per card type (a card counts for each of its types)."""
        tot: Counter = Counter()
        par: Counter = Counter()
        ok: Counter = Counter()
        for r in self.results:
            for t in card_types(r.type_line) or ["(other)"]:
                tot[t] += 1
                par[t] += r.parsed
                ok[t] += r.ok
        order = [t for t in (*CARD_TYPES, "(other)") if tot[t]]
        return [(t, tot[t], par[t], ok[t]) for t in order]

    # -- refusals ----------------------------------------------------------------------------------

    def by_category(self) -> Counter:
        """Cards refused, per category (a card may count in several)."""
        c: Counter = Counter()
        for r in self.results:
            for cat in {f.category for f in r.refusals}:
                c[cat] += 1
        return c

    def by_feature(self, category: str | None = None) -> Counter:
        """Cards refused per feature (unknown words, missing effect, keyword, ...)."""
        c: Counter = Counter()
        for r in self.results:
            for feat in {f.feature for f in r.refusals
                         if category is None or f.category == category}:
                c[feat] += 1
        return c

    def by_phrase(self, category: str | None = None) -> Counter:
        """Cards refused per exact phrase (the card's own name shown as ~)."""
        c: Counter = Counter()
        for r in self.results:
            for ph in {f.phrase for f in r.refusals
                       if category is None or f.category == category}:
                c[ph] += 1
        return c

    def unlocks(self) -> list[tuple[str, int]]:
        """For cards the grammar read but the language can't express: each missing
        feature with the number of cards for which it is the *only* missing one."""
        c: Counter = Counter()
        for r in self.results:
            if r.ok or not r.parsed:
                continue
            feats = {f.feature for f in r.refusals}
            if len(feats) == 1:
                c[next(iter(feats))] += 1
        return c.most_common()

    def greedy_plan(self, steps: int = 15) -> list[tuple[str, int, int]]:
        """Features in the order that unlocks the most parsed cards each time:
        (feature, cards unlocked by this step, cumulative)."""
        pending = [frozenset(f.feature for f in r.refusals) for r in self.results
                   if r.parsed and not r.ok]
        done: set[str] = set()
        out: list[tuple[str, int, int]] = []
        total = 0
        for _ in range(steps):
            gain: Counter = Counter()
            for feats in pending:
                left = feats - done
                if len(left) == 1:
                    gain[next(iter(left))] += 1
            if not gain:
                break
            feat, n = gain.most_common(1)[0]
            done.add(feat)
            total += n
            out.append((feat, n, total))
        return out

    # -- text --------------------------------------------------------------------------------------

    def format(self, top: int = 20) -> str:
        """A plain-text summary."""
        pct = (lambda a, b: f"{100 * a / b:5.1f}%" if b else "   - ")
        lines = [f"cards: {self.total}   parsed (grammar OK): {self.parsed} "
                 f"({pct(self.parsed, self.total).strip()})   imported: {self.imported} "
                 f"({pct(self.imported, self.total).strip()})", "",
                 f"{'type':<14}{'cards':>7}{'parsed':>8}{'%':>7}{'imported':>10}{'%':>7}"]
        for t, n, p, ok in self.by_type():
            lines.append(f"{t:<14}{n:>7}{p:>8}{pct(p, n):>7}{ok:>10}{pct(ok, n):>7}")
        lines += ["", "refused cards by category:"]
        for cat, n in self.by_category().most_common():
            lines.append(f"  {n:>6}  {cat}")
        for cat, title in ((UNKNOWN_PHRASE, "unknown phrases (where the grammar stopped)"),
                           (UNSUPPORTED_KEYWORD, "unsupported keywords"),
                           (NOT_EXPRESSIBLE, "not expressible in the card language yet")):
            lines += ["", f"top {title}:"]
            for feat, n in self.by_feature(cat).most_common(top):
                lines.append(f"  {n:>6}  {feat}")
        lines += ["", "top refused phrases:"]
        for ph, n in self.by_phrase().most_common(top):
            lines.append(f"  {n:>6}  {ph[:100]}")
        lines += ["", "parsed but not expressible — cards unlocked by adding one feature "
                      "(greedy order, cumulative):"]
        for feat, n, cum in self.greedy_plan(top):
            lines.append(f"  {n:>6} {cum:>6}  {feat}")
        return "\n".join(lines)

    def refusal_lines(self) -> list[str]:
        """One line per refused card: name, then each refusal."""
        out = []
        for r in self.results:
            if not r.ok:
                out.append(f"{r.name}: " + "; ".join(str(f) for f in r.refusals))
        return out
