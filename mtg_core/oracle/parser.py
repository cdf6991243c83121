"""A small all-parses grammar engine over token lists (the importer's parsing machinery).

Rules are written as *patterns*, one alternative per line of the grammar, each with a
builder that turns the captured sub-trees into a parse-tree node::

    g = Grammar()
    g.add("amount", "two", 2)
    g.add("draw", "draw <n:amount> cards", lambda n: ("draw", n))

Pattern syntax (tokens separated by spaces):

* ``word`` matches that token (tokens are compared lower-cased); ``a|b`` matches either;
* ``<rule>`` matches a rule and captures its value under the rule's name, ``<name:rule>``
  under ``name``;
* ``[ ... ]`` is optional; ``( ... | ... )`` is a choice between sequences;
* ``@terminal`` matches one token accepted by a terminal class (``g.terminal``).

Parsing returns *every* parse (a chart of results memoised by rule and position), so a
caller can refuse ambiguous text instead of guessing, and records how far the input was
understood, so a refusal can name the exact phrase where understanding stopped.

>>> g = Grammar()
>>> g.add("n", "two", 2)
>>> g.add("n", "a", 1)
>>> g.add("draw", "draw <n> card|cards", lambda n: ("draw", n))
>>> g.parse("draw", ["draw", "two", "cards"]).values
[('draw', 2)]
>>> r = g.parse("draw", ["draw", "two", "beans"])
>>> r.values, r.furthest
([], 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

_NO_VALUE = object()
REJECT = object()
"""A builder returns ``REJECT`` to discard a parse its captures make meaningless."""


MAX_DEPTH = 60
"""Rules one parse may nest (printed Oracle text nests at most ~20): a bound by design on
the parser's recursion, whatever the input."""


class GrammarError(Exception):
    """A malformed pattern or an unknown rule (a bug in the grammar, not in card text)."""


class TooDeep(Exception):
    """The input would nest rules deeper than :data:`MAX_DEPTH` (a phrase repeated many
    times in one sentence): refused rather than read."""


# --- compiled pattern elements -------------------------------------------------------------

class _Lit:
    __slots__ = ("words",)

    def __init__(self, words: frozenset[str]):
        self.words = words


class _Term:
    __slots__ = ("name", "capture")

    def __init__(self, name: str, capture: str | None):
        self.name = name
        self.capture = capture


class _Ref:
    __slots__ = ("rule", "capture")

    def __init__(self, rule: str, capture: str):
        self.rule = rule
        self.capture = capture


class _Opt:
    __slots__ = ("seq",)

    def __init__(self, seq: list):
        self.seq = seq


class _Choice:
    __slots__ = ("seqs",)

    def __init__(self, seqs: list[list]):
        self.seqs = seqs


@dataclass
class _Alt:
    seq: list
    build: Any
    first: frozenset[str] | None      # literal first tokens, when known (for dispatch)


def _split(pattern: str) -> list[str]:
    out: list[str] = []
    for raw in pattern.replace("~'s", "~ 's").split():
        # brackets may touch words: "[the" -> "[", "the"
        while raw and raw[0] in "[(":
            out.append(raw[0])
            raw = raw[1:]
        tail: list[str] = []
        while raw and raw[-1] in "])" and not raw.endswith("|)"):
            tail.append(raw[-1])
            raw = raw[:-1]
        if raw:
            out.append(raw)
        out.extend(reversed(tail))
    return out


def _compile(tokens: list[str], pos: int, stop: str | None) -> tuple[list[list], int]:
    """Compile tokens from ``pos`` up to ``stop`` (``]`` or ``)``); returns the choice
    branches (split on ``|`` at this level) and the position after ``stop``."""
    branches: list[list] = [[]]
    while pos < len(tokens):
        t = tokens[pos]
        if t == stop:
            return branches, pos + 1
        if t in ("]", ")"):
            raise GrammarError(f"unbalanced {t!r}")
        if t == "|":
            branches.append([])
            pos += 1
            continue
        if t == "[":
            inner, pos = _compile(tokens, pos + 1, "]")
            branches[-1].append(_Opt(inner[0] if len(inner) == 1 else [_Choice(inner)]))
            continue
        if t == "(":
            inner, pos = _compile(tokens, pos + 1, ")")
            branches[-1].append(_Choice(inner))
            continue
        if t.startswith("<") and t.endswith(">"):
            body = t[1:-1]
            cap, _, rule = body.rpartition(":")
            branches[-1].append(_Ref(rule, cap or rule))
        elif t.startswith("@") and len(t) > 1:
            cap, _, term = t[1:].rpartition(":")
            branches[-1].append(_Term(term, cap or None))
        else:
            branches[-1].append(_Lit(frozenset(w.lower() for w in t.split("|"))))
        pos += 1
    if stop is not None:
        raise GrammarError(f"missing {stop!r}")
    return branches, pos


def _first(seq: list) -> frozenset[str] | None:
    if seq and isinstance(seq[0], _Lit):
        return seq[0].words
    return None


# --- the grammar -----------------------------------------------------------------------------

class ParseResult:
    """Every complete parse of a token list by one rule."""

    def __init__(self, values: list, furthest: int, n_tokens: int):
        self.values = values
        self.furthest = furthest
        self.n_tokens = n_tokens

    @property
    def ok(self) -> bool:
        return len(self.values) == 1

    @property
    def ambiguous(self) -> bool:
        return len(self.values) > 1


class Grammar:
    """A set of named rules, each a list of pattern alternatives with builders."""

    def __init__(self) -> None:
        self.rules: dict[str, list[_Alt]] = {}
        self.terminals: dict[str, Callable[[str], Any]] = {}
        self._dispatch: dict[str, tuple[dict[str, list[_Alt]], list[_Alt]]] = {}

    def terminal(self, name: str, accept: Callable[[str], Any]) -> None:
        """A token class: ``accept(token)`` returns its value, or ``None`` to refuse it."""
        self.terminals[name] = accept

    def add(self, rule: str, pattern: str, build: Any = _NO_VALUE) -> None:
        """Add one alternative to ``rule``.  ``build`` is a callable taking the captures as
        keyword arguments, or a constant; by default the single capture (or the matched
        text's first capture) is the value, or ``None`` when nothing is captured."""
        branches, _ = _compile(_split(pattern), 0, None)
        seq = branches[0] if len(branches) == 1 else [_Choice(branches)]
        self.rules.setdefault(rule, []).append(_Alt(seq, build, _first(seq)))
        self._dispatch.pop(rule, None)

    def check(self) -> None:
        """Every referenced rule and terminal exists (raises GrammarError)."""
        def walk(seq):
            for el in seq:
                if isinstance(el, _Ref) and el.rule not in self.rules:
                    raise GrammarError(f"unknown rule <{el.rule}>")
                if isinstance(el, _Term) and el.name not in self.terminals:
                    raise GrammarError(f"unknown terminal @{el.name}")
                if isinstance(el, _Opt):
                    walk(el.seq)
                if isinstance(el, _Choice):
                    for s in el.seqs:
                        walk(s)
        for alts in self.rules.values():
            for a in alts:
                walk(a.seq)

    def _alts_for(self, rule: str, tok: str | None) -> list[_Alt]:
        d = self._dispatch.get(rule)
        if d is None:
            if rule not in self.rules:
                raise GrammarError(f"unknown rule <{rule}>")
            by_first: dict[str, list[_Alt]] = {}
            generic: list[_Alt] = []
            for a in self.rules[rule]:
                if a.first is None:
                    generic.append(a)
            for a in self.rules[rule]:
                if a.first is not None:
                    for w in a.first:
                        by_first.setdefault(w, [])
            for w in by_first:
                by_first[w] = [a for a in self.rules[rule] if a.first is None or w in a.first]
            d = self._dispatch[rule] = (by_first, generic)
        by_first, generic = d
        if tok is not None and tok in by_first:
            return by_first[tok]
        return generic

    def parse(self, rule: str, tokens: Sequence[str]) -> ParseResult:
        """All values of ``rule`` spanning exactly ``tokens`` (duplicates removed)."""
        run = _Run(self, [t.lower() for t in tokens], tokens)
        values = []
        for value, end in run.rule(rule, 0):
            if end == len(tokens) and value not in values:
                values.append(value)
        return ParseResult(values, run.furthest, len(tokens))


class _Run:
    """One parse: the memo chart and the furthest token any terminal consumed."""

    def __init__(self, g: Grammar, low: list[str], orig: Sequence[str]):
        self.g = g
        self.low = low
        self.orig = orig
        self.memo: dict[tuple[str, int], list] = {}
        self.furthest = 0
        self.n = len(low)
        self.depth = 0

    def rule(self, name: str, i: int) -> list:
        key = (name, i)
        got = self.memo.get(key)
        if got is not None:
            return got
        if self.depth >= MAX_DEPTH:
            raise TooDeep(f"<{name}> at token {i} nests more than {MAX_DEPTH} rules deep")
        self.depth += 1
        try:
            return self._expand(name, i, key)
        finally:
            self.depth -= 1

    def _expand(self, name: str, i: int, key: tuple[str, int]) -> list:
        self.memo[key] = []                 # left recursion finds nothing, not a loop
        out: list = []
        tok = self.low[i] if i < self.n else None
        for alt in self.g._alts_for(name, tok):
            for caps, j in self.seq(alt.seq, 0, i, {}):
                b = alt.build
                if b is _NO_VALUE:
                    value = next(iter(caps.values())) if len(caps) == 1 else None
                elif callable(b):
                    value = b(**caps)
                else:
                    value = b
                if value is REJECT:
                    continue
                item = (value, j)
                if item not in out:
                    out.append(item)
        self.memo[key] = out
        return out

    def seq(self, seq: list, k: int, i: int, caps: dict):
        if k == len(seq):
            yield caps, i
            return
        el = seq[k]
        if isinstance(el, _Lit):
            if i < self.n and self.low[i] in el.words:
                if i + 1 > self.furthest:
                    self.furthest = i + 1
                yield from self.seq(seq, k + 1, i + 1, caps)
        elif isinstance(el, _Ref):
            for value, j in self.rule(el.rule, i):
                if el.capture in caps:
                    raise GrammarError(f"capture {el.capture!r} used twice in one pattern")
                c2 = dict(caps)
                c2[el.capture] = value
                yield from self.seq(seq, k + 1, j, c2)
        elif isinstance(el, _Term):
            if i < self.n:
                v = self.g.terminals[el.name](self.orig[i])
                if v is not None:
                    if i + 1 > self.furthest:
                        self.furthest = i + 1
                    if el.capture:
                        c2 = dict(caps)
                        c2[el.capture] = v
                    else:
                        c2 = caps
                    yield from self.seq(seq, k + 1, i + 1, c2)
        elif isinstance(el, _Opt):
            yield from self.seq(seq, k + 1, i, caps)
            for c2, j in self.seq(el.seq, 0, i, caps):
                yield from self.seq(seq, k + 1, j, c2)
        elif isinstance(el, _Choice):
            for s in el.seqs:
                for c2, j in self.seq(s, 0, i, caps):
                    yield from self.seq(seq, k + 1, j, c2)
