"""Which declarations of attackers or blockers are legal (rules 508.1c-d and 509.1b-c).

A declaration is legal only if it breaks no restriction and obeys as many requirements
as the best restriction-respecting declaration could (508.1d / 509.1c).  This module
describes such a "declaration problem" with small dataclasses, checks it, and lowers it
to the compiled search in the core (``_engine.DeclarationSearch``, src/combat/search.pxi),
which decides it exactly -- or raises :class:`DeclarationTooComplex`, never guessing.

* **Choosers** are the creatures declaring (attackers-to-be or blockers-to-be), **options**
  what each may pick (players, planeswalkers and battles to attack; or the attacking
  creatures to block).  A declaration is a set of (chooser, option) pairs.
* **Restrictions** (508.1c / 509.1b): each chooser's allowed options (evasion, "can't
  attack [player]", "can block only creatures with flying"...), how many it may pick,
  "can't attack/block alone" (:attr:`Chooser.not_alone`), per option a minimum ("menace"
  = 2) and a maximum ("can't be blocked by more than one creature" = 1), and :class:`Cap`
  ("no more than N creatures can attack [you] / block").
* **Requirements** (508.1d / 509.1c): :class:`MustChoose` ("attacks each combat if able",
  "attacks [player] if able", "blocks each combat if able", "blocks [creature] if able"; Lure
  is one per creature able to block it, see :func:`lure`) and :class:`MustBeChosen` ("must
  be blocked if able").  Each counts 1; several may name the same creature.
* **Costs**: a chooser that can take part only by paying (Propaganda, War Cadence:
  :attr:`Chooser.cost`, or per option :attr:`Chooser.costly_options`).  With
  :attr:`DeclarationProblem.mana` the costs must also be payable (508.1g-i / 509.1d-f):
  :attr:`Chooser.pay` is generic mana taking part costs, :attr:`Option.pay` what each
  creature picking that option pays, :attr:`Chooser.mana` mana the creature could have
  made but can't once attacking taps it (508.1f comes before 508.1h).  The last sentences
  of 508.1d / 509.1c say a player is never required to pay, "even if attacking [blocking]
  with that creature would increase the number of requirements being obeyed": so the
  maximum is taken over declarations that pay nothing (a cost never counts toward
  "able"), while a declaration that does pay is still legal when it breaks no
  restriction and reaches that maximum.

>>> p = DeclarationProblem([Chooser("Juggernaut"), Chooser("Bears")], [Option("opponent")],
...                        caps=[Cap(1, name="no more than one creature can attack")],
...                        requirements=[MustChoose(0)])
>>> p.max_requirements()
1
>>> sorted(map(sorted, p.declarations()))
[[(0, 0)]]
>>> p.is_legal({(1, 0)})
False
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Sequence, Union

from . import _engine
from .errors import IllegalDeclarationError, MtgError

Pair = tuple[int, int]
Declaration = frozenset[Pair]
DeclarationLike = Union[Iterable[Pair], Mapping[int, Union[int, Iterable[int]]]]

MAX_CHOOSERS: int = _engine.DS_MAX_CHOOSERS      # 32 creatures declaring
MAX_OPTIONS: int = _engine.DS_MAX_OPTIONS        # 32 attack targets / attackers
MAX_CAPS: int = _engine.DS_MAX_CAPS              # 16 "no more than N" restrictions
MAX_OWN_REQUIREMENTS: int = _engine.DS_MAX_OWN_REQS  # 64 requirements naming one creature
DEFAULT_NODE_BUDGET: int = _engine.DS_DEFAULT_NODE_BUDGET
DEFAULT_STATE_BUDGET: int = _engine.DS_DEFAULT_STATE_BUDGET

ATTACKERS = "attackers"
BLOCKERS = "blockers"


class DeclarationTooComplex(MtgError):
    """The search could not decide this problem within its budget (``node_budget``
    branch-and-bound nodes, or ``state_budget`` states for counting and sampling).
    Deciding legality is coNP-complete in general (Chatterjee & Ibsen-Jensen, ECAI 2016):
    rather than guess, the engine says so.  Raise the budget or simplify the board."""


@dataclass(frozen=True)
class Chooser:
    """A creature that may attack (or block).  ``options`` are the indices it may pick
    (None: all); ``max_choices`` how many at once (1 to attack; "can block an additional
    creature" = 2; 0 = "can't attack/block", as an empty ``options``).  ``not_alone``: "can't attack/block alone" (506.5); ``min_others``
    generalises it ("... unless N other creatures also do").  ``cost``: taking part costs
    something (Propaganda); ``costly_options``: only these options cost.  ``pay``: generic
    mana taking part costs (implies ``cost``; Brainwash = 3); ``mana``: mana this creature
    could pay with but can't once it takes part (a mana creature tapped by attacking)."""
    name: str = ""
    options: frozenset[int] | None = None
    max_choices: int = 1
    not_alone: bool = False
    min_others: int = 0
    cost: bool = False
    costly_options: frozenset[int] = frozenset()
    pay: int = 0
    mana: int = 0

    def __post_init__(self):
        if self.options is not None:
            object.__setattr__(self, "options", frozenset(self.options))
        object.__setattr__(self, "costly_options", frozenset(self.costly_options))


@dataclass(frozen=True)
class Option:
    """Something a chooser may pick: a player, planeswalker or battle to attack, or an
    attacking creature to block.  ``min_choosers``: picked by none or at least this many
    (menace = 2); ``max_choosers``: at most this many (None: no limit).  ``player`` is the
    defending player it belongs to (informational; :meth:`DeclarationProblem.options_of`).
    ``pay``: generic mana each creature picking it pays (Propaganda's {2}); such picks are
    costly (508.1d)."""
    name: str = ""
    min_choosers: int = 0
    max_choosers: int | None = None
    player: int | None = None
    pay: int = 0


@dataclass(frozen=True)
class Cap:
    """"No more than ``limit`` creatures can attack / block": at most ``limit`` of
    ``choosers`` (None: all) pick anything in ``options`` (None: all).  "No more than N
    creatures can attack you" in multiplayer is a cap over that player's options."""
    limit: int
    options: frozenset[int] | None = None
    choosers: frozenset[int] | None = None
    name: str = ""

    def __post_init__(self):
        for f in ("options", "choosers"):
            if getattr(self, f) is not None:
                object.__setattr__(self, f, frozenset(getattr(self, f)))


@dataclass(frozen=True)
class MustChoose:
    """Requirement: ``chooser`` picks something in ``options`` (None: anything) "if able"."""
    chooser: int
    options: frozenset[int] | None = None
    name: str = ""

    def __post_init__(self):
        if self.options is not None:
            object.__setattr__(self, "options", frozenset(self.options))


@dataclass(frozen=True)
class MustBeChosen:
    """Requirement: ``option`` is picked by some chooser "if able" ("must be blocked")."""
    option: int
    name: str = ""


Requirement = Union[MustChoose, MustBeChosen]


def lure(choosers: Sequence[Chooser], option: int, n_options: int | None = None) -> list[MustChoose]:
    """"All creatures able to block [option] do so": one requirement per chooser whose
    allowed options include it (509.1c counts each creature's requirement separately)."""
    return [MustChoose(c, frozenset({option}), name=f"{ch.name or c} blocks {option} (lure)")
            for c, ch in enumerate(choosers)
            if ch.options is None or option in ch.options]


@dataclass(frozen=True)
class StepChoices:
    """What may be added to a partial declaration: ``pairs`` (chooser, option) whose addition
    can still be completed to a legal declaration, and ``done``: it is legal as it stands."""
    pairs: frozenset[Pair]
    done: bool


@dataclass(frozen=True)
class DeclarationProblem:
    """One declaration of attackers (``kind="attackers"``) or blockers, exactly decided.
    Immutable: the compiled problem (``search``) is built once, from the fields.

    ``symmetry=False`` turns off the grouping of identical creatures and options (the
    answers are the same; it is there to check exactly that).  ``node_budget`` bounds each
    search, ``state_budget`` the counting DP; past them :class:`DeclarationTooComplex`.
    The maximum (508.1d / 509.1c) is computed once, on first need, and kept.
    ``mana``: the generic mana the declaring player can pay with (None: costs are not
    limited); a declaration whose costs exceed it is illegal (508.1g-i / 509.1d-f).
    """
    choosers: Sequence[Chooser]
    options: Sequence[Option]
    caps: Sequence[Cap] = ()
    requirements: Sequence[Requirement] = ()
    kind: str = ATTACKERS
    mana: int | None = None
    symmetry: bool = True
    node_budget: int = DEFAULT_NODE_BUDGET
    state_budget: int = DEFAULT_STATE_BUDGET
    search: _engine.DeclarationSearch = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        for f in ("choosers", "options", "caps", "requirements"):
            object.__setattr__(self, f, tuple(getattr(self, f)))
        object.__setattr__(self, "search", _engine.DeclarationSearch(**self.lowered()))

    # --- lowering ----------------------------------------------------------------------

    def lowered(self) -> dict:
        """The problem as the compiled search takes it (bitsets per chooser, ...),
        after checking every field; raises ValueError naming what is wrong."""
        n, m = len(self.choosers), len(self.options)
        if self.kind not in (ATTACKERS, BLOCKERS):
            raise ValueError(f"kind must be {ATTACKERS!r} or {BLOCKERS!r}, not {self.kind!r}")
        if n > MAX_CHOOSERS:
            raise ValueError(f"{n} creatures: the declaration search handles at most "
                             f"{MAX_CHOOSERS} creatures declaring at once")
        if m > MAX_OPTIONS:
            raise ValueError(f"{m} options: the declaration search handles at most {MAX_OPTIONS}")
        if len(self.caps) > MAX_CAPS:
            raise ValueError(f"at most {MAX_CAPS} caps, not {len(self.caps)}")

        def mask(indices, limit, what):
            out = 0
            for i in indices:
                if not (isinstance(i, int) and 0 <= i < limit):
                    raise ValueError(f"{what}: {i!r} is not an index in 0..{limit - 1}")
                out |= 1 << i
            return out

        full = (1 << m) - 1
        allowed, costly, max_choices, min_others, cweights = [], [], [], [], []
        pay_options = 0
        for o, op in enumerate(self.options):
            if isinstance(op, Option) and op.pay:
                pay_options |= 1 << o
        for c, ch in enumerate(self.choosers):
            if not isinstance(ch, Chooser):
                raise ValueError(f"choosers[{c}] is not a Chooser")
            a = full if ch.options is None else mask(ch.options, m, f"choosers[{c}].options")
            allowed.append(a)
            cost = a if ch.cost or ch.pay else mask(ch.costly_options, m, f"choosers[{c}].costly_options")
            costly.append((cost | pay_options) & a)
            if not (isinstance(ch.pay, int) and isinstance(ch.mana, int) and ch.pay >= 0
                    and ch.mana >= 0 and ch.pay + ch.mana <= 65535):
                raise ValueError(f"choosers[{c}]: pay and mana must be ints >= 0 (together at most 65535)")
            cweights.append(ch.pay + ch.mana)
            if not 0 <= ch.max_choices <= 255 or not 0 <= ch.min_others <= 255:
                raise ValueError(f"choosers[{c}]: max_choices and min_others must be in 0..255")
            if self.kind == ATTACKERS and ch.max_choices > 1:
                raise ValueError(f"choosers[{c}]: an attacking creature attacks one player, "
                                 f"planeswalker or battle (rule 508.1b)")
            max_choices.append(ch.max_choices)
            min_others.append(max(ch.min_others, 1 if ch.not_alone else 0))
        option_min, option_max, option_req = [], [], [0] * m
        for o, op in enumerate(self.options):
            if not isinstance(op, Option):
                raise ValueError(f"options[{o}] is not an Option")
            if not 0 <= op.min_choosers <= 255:
                raise ValueError(f"options[{o}].min_choosers must be in 0..255")
            if op.max_choosers is not None and not 0 <= op.max_choosers <= 254:
                raise ValueError(f"options[{o}].max_choosers must be None or in 0..254")
            if not (isinstance(op.pay, int) and 0 <= op.pay <= 65535):
                raise ValueError(f"options[{o}].pay must be an int in 0..65535")
            option_min.append(op.min_choosers)
            option_max.append(_engine.DS_UNLIMITED if op.max_choosers is None else op.max_choosers)
        own = []
        for i, r in enumerate(self.requirements):
            if isinstance(r, MustChoose):
                if not (isinstance(r.chooser, int) and 0 <= r.chooser < n):
                    raise ValueError(f"requirements[{i}] names chooser {r.chooser!r}, not in 0..{n - 1}")
                s = full if r.options is None else mask(r.options, m, f"requirements[{i}].options")
                own.append((r.chooser, s))
            elif isinstance(r, MustBeChosen):
                if not (isinstance(r.option, int) and 0 <= r.option < m):
                    raise ValueError(f"requirements[{i}] names option {r.option!r}, not in 0..{m - 1}")
                option_req[r.option] += 1
            else:
                raise ValueError(f"requirements[{i}] is neither MustChoose nor MustBeChosen")
        for c in range(n):
            if sum(1 for ch, _ in own if ch == c) > MAX_OWN_REQUIREMENTS:
                raise ValueError(f"chooser {c} has more than {MAX_OWN_REQUIREMENTS} requirements")
        if max(option_req, default=0) > 255:
            raise ValueError("more than 255 requirements name one option")
        caps = []
        for j, cap in enumerate(self.caps):
            if not isinstance(cap, Cap) or not 0 <= cap.limit <= 255:
                raise ValueError(f"caps[{j}] must be a Cap with a limit in 0..255")
            cm = (1 << n) - 1 if cap.choosers is None else mask(cap.choosers, n, f"caps[{j}].choosers")
            om = full if cap.options is None else mask(cap.options, m, f"caps[{j}].options")
            caps.append((cm, om, cap.limit))
        return dict(n_choosers=n, n_options=m, allowed=allowed, costly=costly,
                    max_choices=max_choices, min_others=min_others, option_min=option_min,
                    option_max=option_max, option_requirements=option_req,
                    chooser_requirements=own, caps=caps, symmetry=self.symmetry,
                    budget=self.mana, chooser_weights=cweights,
                    option_weights=[op.pay for op in self.options],
                    node_budget=self.node_budget, state_budget=self.state_budget)

    def options_of(self, player: int) -> frozenset[int]:
        """Indices of the options belonging to ``player`` (for per-player caps and
        "attacks [player] if able")."""
        return frozenset(o for o, op in enumerate(self.options) if op.player == player)

    # --- declarations <-> bitsets ------------------------------------------------------

    def picks(self, declaration: DeclarationLike) -> list[int]:
        """A declaration (pairs, or {chooser: option(s)}) as one option bitset per chooser."""
        n, m = len(self.choosers), len(self.options)
        out = [0] * n
        items = declaration.items() if isinstance(declaration, Mapping) else declaration
        for item in items:
            c, o = item
            for opt in ([o] if isinstance(o, int) else o):
                if not (isinstance(c, int) and 0 <= c < n):
                    raise ValueError(f"no chooser {c!r} (there are {n})")
                if not (isinstance(opt, int) and 0 <= opt < m):
                    raise ValueError(f"no option {opt!r} (there are {m})")
                out[c] |= 1 << opt
        return out

    @staticmethod
    def pairs(picks: Sequence[int]) -> Declaration:
        """Bitsets per chooser as a declaration (a frozenset of (chooser, option) pairs)."""
        return frozenset((c, o) for c, bits in enumerate(picks) for o in range(32)
                         if (int(bits) >> o) & 1)

    # --- the searches ------------------------------------------------------------------

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except _engine.SearchTooComplex as err:
            raise DeclarationTooComplex(
                f"{err} (node budget {self.node_budget}, state budget {self.state_budget}); "
                f"the engine does not guess whether a declaration obeys rule "
                f"{self._req_rule} -- raise the budget") from None

    @property
    def _restriction_rule(self) -> str:
        return "508.1c" if self.kind == ATTACKERS else "509.1b"

    @property
    def _req_rule(self) -> str:
        return "508.1d" if self.kind == ATTACKERS else "509.1c"

    def max_requirements(self) -> int:
        """The most requirements a declaration that breaks no restriction and pays no cost
        can obey (508.1d / 509.1c)."""
        return self._call(self.search.max_requirements)

    def requirements_obeyed(self, declaration: DeclarationLike) -> int:
        return self.search.check(self.picks(declaration))[3]

    def is_legal(self, declaration: DeclarationLike) -> bool:
        code = self._call(self.search.validate, self.picks(declaration))[0]
        return code == _engine.DS_LEGAL

    def validate(self, declaration: DeclarationLike) -> None:
        """Raise :class:`IllegalDeclarationError` naming the first broken restriction, or
        the requirements obeyed against the maximum; return None when legal."""
        code, a, b, count, maximum = self._call(self.search.validate, self.picks(declaration))
        if code != _engine.DS_LEGAL:
            raise self._error(code, a, b, count, maximum)

    def _cname(self, c: int) -> str:
        return self.choosers[c].name or f"creature {c}"

    def _oname(self, o: int) -> str:
        return self.options[o].name or (f"attacker {o}" if self.kind == BLOCKERS else f"option {o}")

    def _error(self, code, a, b, count, maximum) -> IllegalDeclarationError:
        att = self.kind == ATTACKERS
        verb = "attack" if att else "block"
        rr = self._restriction_rule
        if code == _engine.DS_V_NOT_ALLOWED:
            return IllegalDeclarationError(
                f"{self._cname(a)} can't {verb} {self._oname(b)}", rr, "not_allowed",
                chooser=a, option=b, count=count)
        if code == _engine.DS_V_TOO_MANY:
            mc = self.choosers[a].max_choices
            if att:
                return IllegalDeclarationError(
                    f"{self._cname(a)} attacks {b} players, planeswalkers or battles; a creature "
                    f"attacks only one", "508.1b", "too_many", chooser=a, count=count)
            return IllegalDeclarationError(
                f"{self._cname(a)} blocks {b} creatures but can block only {mc}", "509.1a",
                "too_many", chooser=a, count=count)
        if code == _engine.DS_V_OPTION_MAX:
            mx = self.options[a].max_choosers
            what = "attacked" if att else "blocked"
            return IllegalDeclarationError(
                f"{self._oname(a)} is {what} by {b} creatures but can't be {what} by more than "
                f"{mx}", rr, "option_max", option=a, count=count)
        if code == _engine.DS_V_CAP:
            cap = self.caps[a]
            label = cap.name or f"no more than {cap.limit} creature{'s' if cap.limit != 1 else ''} can {verb}"
            return IllegalDeclarationError(
                f"{b} creatures {verb}, but {label}", rr, "cap", cap=a, count=count)
        if code == _engine.DS_V_OPTION_MIN:
            mn = self.options[a].min_choosers
            what = "attacked" if att else "blocked"
            return IllegalDeclarationError(
                f"{self._oname(a)} is {what} by {b} creature{'s' if b != 1 else ''} but can't be "
                f"{what} except by {mn} or more", rr, "option_min", option=a, count=count)
        if code == _engine.DS_V_ALONE:
            need = self._min_others(a)
            tail = "alone" if need == 1 else f"unless at least {need} other creatures also {verb}"
            return IllegalDeclarationError(
                f"{self._cname(a)} can't {verb} {tail}", rr, "alone", chooser=a, count=count)
        if code == _engine.DS_V_BUDGET:
            rule = "508.1g-i" if att else "509.1d-f"
            return IllegalDeclarationError(
                f"the declaration costs {a} mana but only {b} can be paid (no partial payment)",
                rule, "cost", count=count)
        if code == _engine.DS_V_REQUIREMENTS:
            return IllegalDeclarationError(
                f"the declaration obeys {count} requirement{'s' if count != 1 else ''} but "
                f"{maximum} could be obeyed without breaking a restriction or paying a cost",
                self._req_rule, "requirements", count=count, maximum=maximum)
        return IllegalDeclarationError(f"illegal declaration (code {code})", rr, "unknown")

    def _min_others(self, c: int) -> int:
        ch = self.choosers[c]
        return max(ch.min_others, 1 if ch.not_alone else 0)

    def step(self, partial: DeclarationLike = ()) -> StepChoices:
        """The atomic decisions open after ``partial``: each (chooser, option) that can
        still be completed to a legal declaration, and whether ``partial`` is legal now.
        An agent adding only offered pairs never reaches a dead end, and every legal
        declaration is reachable.  Raises IllegalDeclarationError when ``partial`` already
        has no legal completion."""
        try:
            masks, done = self._call(self.search.step, self.picks(partial))
        except _engine.NoCompletion:
            raise IllegalDeclarationError(
                "no legal declaration contains these choices", self._req_rule,
                "no_completion") from None
        return StepChoices(self.pairs(masks), done)

    def count(self) -> int:
        """How many legal declarations there are (exact).  OverflowError past 2**64 - 1
        (see :meth:`count_approx`)."""
        n, exact, approx = self._call(self.search.count)
        if not exact:
            raise OverflowError(f"more than 2**64 - 1 legal declarations (about {approx:.4g})")
        return n

    def count_approx(self) -> float:
        """The number of legal declarations as a float (also past 2**64)."""
        return self._call(self.search.count)[2]

    def nth(self, k: int) -> Declaration:
        """The ``k``-th legal declaration in the engine's fixed order (0-based)."""
        return self.pairs(self._call(self.search.nth, k))

    def declarations(self, start: int = 0, limit: int | None = None) -> Iterator[Declaration]:
        """The legal declarations (from number ``start``; at most ``limit``), each once."""
        n, exact, _ = self._call(self.search.count)
        k = start
        while (not exact or k < n) and (limit is None or k - start < limit):
            yield self.nth(k)
            k += 1

    def sample(self, rng) -> Declaration:
        """A uniformly random legal declaration.  ``rng``: an int seed, or the core's
        xoshiro128** state (numpy uint32 array of 4, advanced in place)."""
        return self.pairs(self._call(self.search.sample, rng))

    def sample_many(self, n: int, seed: int) -> list[Declaration]:
        """``n`` independent uniform samples from one generator seeded with ``seed``."""
        return [self.pairs(row) for row in self._call(self.search.sample_many, n, seed)]


def random_board(seed: int, n_choosers: int, n_options: int, kind: str = BLOCKERS, *,
                 swarm: bool = False, **kw) -> DeclarationProblem:
    """A random but realistic declaration problem, for tests and benchmarks.

    Blockers (``kind="blockers"``): the options are attacking creatures with flying,
    shadow, menace, "can't be blocked except by three or more", "can't be blocked by more
    than one creature", "must be blocked if able" or Lure; the choosers are blockers with
    flying, reach, shadow, "blocks each combat if able", "can block an additional
    creature", "can't block alone", a cost to block, under an occasional "no more than N
    creatures can block".  Attackers: the options are 1-3 opponents and their
    planeswalkers; the choosers have "attacks each combat if able", "attacks [player] if
    able", "can't attack [player]", "can't attack alone", Propaganda-like costs, global and
    per-player caps.  ``swarm``: the choosers come in a few groups of identical tokens.
    ``kw`` go to :class:`DeclarationProblem`."""
    import random
    rng = random.Random(seed)
    n, m = n_choosers, n_options
    caps: list[Cap] = []
    reqs: list[Requirement] = []
    if kind == BLOCKERS:
        attackers = []
        for o in range(m):
            a = dict(flying=rng.random() < 0.3, shadow=rng.random() < 0.05,
                     menace=rng.random() < 0.2, three=rng.random() < 0.05,
                     max_one=rng.random() < 0.1, must=rng.random() < 0.1,
                     lure=rng.random() < 0.05)
            attackers.append(a)
        options = [Option(f"attacker {o}", min_choosers=3 if a["three"] else 2 if a["menace"] else 0,
                          max_choosers=1 if a["max_one"] else None)
                   for o, a in enumerate(attackers)]

        def blocker():
            return dict(flying=rng.random() < 0.2, reach=rng.random() < 0.15,
                        shadow=rng.random() < 0.05, only_flyers=rng.random() < 0.05,
                        must=rng.random() < 0.15, extra=rng.random() < 0.1,
                        alone=rng.random() < 0.05, cost=rng.random() < 0.05)
        kinds = [blocker() for _ in range(max(1, n // 4) if swarm else n)]
        blockers = [kinds[i % len(kinds)] if swarm else kinds[i] for i in range(n)]
        choosers = []
        for c, b in enumerate(blockers):
            allowed = frozenset(
                o for o, a in enumerate(attackers)
                if (not a["flying"] or b["flying"] or b["reach"])     # 702.9b
                and a["shadow"] == b["shadow"]                         # 702.28b
                and (not b["only_flyers"] or a["flying"]))
            choosers.append(Chooser(f"blocker {c}", allowed, max_choices=2 if b["extra"] else 1,
                                    not_alone=b["alone"], cost=b["cost"]))
            if b["must"]:
                reqs.append(MustChoose(c, name=f"blocker {c} blocks each combat if able"))
        for o, a in enumerate(attackers):
            if a["must"]:
                reqs.append(MustBeChosen(o, name=f"attacker {o} must be blocked if able"))
            if a["lure"]:
                reqs.extend(lure(choosers, o))
        if rng.random() < 0.15:
            caps.append(Cap(rng.randint(1, max(1, n // 2)), name="no more than N creatures can block"))
    else:
        n_players = rng.randint(1, min(3, m))
        owner = [o % n_players for o in range(m)]
        options = [Option(f"player {o}" if o < n_players else f"planeswalker {o}", player=owner[o])
                   for o in range(m)]
        taxed = {p for p in range(n_players) if rng.random() < 0.1}       # Propaganda
        kinds = []
        for _ in range(max(1, n // 4) if swarm else n):
            kinds.append(dict(must=rng.random() < 0.2, must_player=rng.random() < 0.05,
                              cant=rng.randrange(n_players) if rng.random() < 0.1 else None,
                              alone=rng.random() < 0.05, player=rng.randrange(n_players)))
        choosers = []
        for c in range(n):
            k = kinds[c % len(kinds)] if swarm else kinds[c]
            allowed = frozenset(o for o in range(m) if owner[o] != k["cant"])
            costly = frozenset(o for o in allowed if owner[o] in taxed)
            choosers.append(Chooser(f"creature {c}", allowed, not_alone=k["alone"],
                                    costly_options=costly))
            if k["must"]:
                reqs.append(MustChoose(c, name=f"creature {c} attacks each combat if able"))
            if k["must_player"]:
                reqs.append(MustChoose(c, frozenset(o for o in range(m) if owner[o] == k["player"])))
        if rng.random() < 0.15:
            caps.append(Cap(rng.randint(1, max(1, n // 2)), name="no more than N creatures can attack"))
        for p in range(n_players):
            if n_players > 1 and rng.random() < 0.15:
                caps.append(Cap(rng.randint(1, max(1, n // 2)),
                                options=frozenset(o for o in range(m) if owner[o] == p),
                                name=f"no more than N creatures can attack player {p}"))
    return DeclarationProblem(choosers, options, caps=caps, requirements=reqs, kind=kind, **kw)


__all__ = ["ATTACKERS", "BLOCKERS", "Cap", "Chooser", "Declaration", "DeclarationProblem",
           "DeclarationTooComplex", "IllegalDeclarationError", "MustBeChosen", "MustChoose",
           "Option", "Requirement", "StepChoices", "lure", "random_board", "MAX_CHOOSERS", "MAX_OPTIONS",
           "MAX_CAPS", "MAX_OWN_REQUIREMENTS"]
