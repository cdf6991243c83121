"""The declaration search (508.1c-d, 509.1b-c): a declaration is legal only if it breaks
no restriction and obeys as many requirements as the best restriction-respecting,
cost-free declaration could.

The compiled search is checked against ``Oracle`` below: a slow, obviously correct brute
force in plain Python that lists every declaration, checks each restriction, counts the
requirements, takes the maximum and so the legal set.  Hypothesis draws small random
problems (2-5 creatures, 1-4 options, arbitrary allowed sets, max choices, "can't ...
alone", menace-like minimums, maximums, caps, per-player caps, both kinds of requirement,
costs); boards too big for the oracle are checked against CP-SAT in
test_combat_declaration_search_cpsat.py.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_core import IllegalActionError, MtgError
from mtg_core.combat_search import (ATTACKERS, BLOCKERS, Cap, Chooser, DeclarationProblem,
                                    DeclarationTooComplex, IllegalDeclarationError,
                                    MustBeChosen, MustChoose, Option, StepChoices, lure,
                                    random_board)

# --- the oracle ------------------------------------------------------------------------


class Oracle:
    """Every declaration of ``problem``, checked the slow, obvious way."""

    def __init__(self, problem: DeclarationProblem):
        self.p = problem
        self.n, self.m = len(problem.choosers), len(problem.options)
        # max_choices 0 is "can't attack / can't block": nothing is allowed
        self.allowed = [set() if ch.max_choices == 0 else
                        set(range(self.m)) if ch.options is None else set(ch.options)
                        for ch in problem.choosers]
        paying = {o for o, op in enumerate(problem.options) if op.pay}
        self.costly = [self.allowed[c] if ch.cost or ch.pay else
                       (set(ch.costly_options) | paying) & self.allowed[c]
                       for c, ch in enumerate(problem.choosers)]
        per = []
        for c, ch in enumerate(problem.choosers):
            opts = sorted(self.allowed[c])
            per.append([frozenset(s) for k in range(min(ch.max_choices, len(opts)) + 1)
                        for s in itertools.combinations(opts, k)])
        self.all = [frozenset((c, o) for c, picks in enumerate(combo) for o in picks)
                    for combo in itertools.product(*per)]
        ok = [d for d in self.all if self.broken(d) is None]
        free = [d for d in ok if not any(o in self.costly[c] for c, o in d)]
        self.maximum = max(self.count(d) for d in free)     # declaring nothing is always free
        # (and weighs nothing: always within the budget)
        self.legal = {d for d in ok if self.count(d) >= self.maximum}

    def count(self, d) -> int:
        total = 0
        for r in self.p.requirements:
            if isinstance(r, MustChoose):
                total += any(c == r.chooser and (r.options is None or o in r.options) for c, o in d)
            else:
                total += any(o == r.option for _, o in d)
        return total

    def broken(self, d):
        """(reason, index) of the first restriction ``d`` breaks, in the documented order
        (not allowed, too many, option max, cap, option min, alone), or None."""
        p = self.p
        for c in range(self.n):
            bad = sorted(o for cc, o in d if cc == c and o not in self.allowed[c])
            if bad:
                return "not_allowed", c
        for c in range(self.n):
            if sum(1 for cc, _ in d if cc == c) > p.choosers[c].max_choices:
                return "too_many", c
        per_option = Counter(o for _, o in d)
        for o, op in enumerate(p.options):
            if op.max_choosers is not None and per_option[o] > op.max_choosers:
                return "option_max", o
        for j, cap in enumerate(p.caps):
            counted = {c for c, o in d if (cap.choosers is None or c in cap.choosers)
                       and (cap.options is None or o in cap.options)}
            if len(counted) > cap.limit:
                return "cap", j
        for o, op in enumerate(p.options):
            if op.min_choosers >= 2 and 0 < per_option[o] < op.min_choosers:
                return "option_min", o
        taking_part = {c for c, _ in d}
        for c in sorted(taking_part):
            need = max(p.choosers[c].min_others, 1 if p.choosers[c].not_alone else 0)
            if len(taking_part) - 1 < need:
                return "alone", c
        if p.mana is not None and self.weight(d) > p.mana:
            return "cost", None                         # 508.1g-i / 509.1d-f
        return None

    def weight(self, d) -> int:
        """Mana the declaration uses up: each creature taking part its pay and the mana it
        can no longer make, each pick its option's pay."""
        p = self.p
        return (sum(p.choosers[c].pay + p.choosers[c].mana for c in {c for c, _ in d})
                + sum(p.options[o].pay for _, o in d))

    def completable(self, partial: frozenset) -> set:
        """Pairs whose addition to ``partial`` still leads to a legal declaration."""
        out = set()
        for d in self.legal:
            if partial <= d:
                out |= d - partial
        return out


# --- random small problems ----------------------------------------------------------------

MAX_DECLARATIONS = 2000


@st.composite
def problems(draw, kind=None, twins=False):
    """A small random problem.  ``twins``: creatures and options come in identical copies
    (a swarm of tokens), to exercise the symmetry the search exploits."""
    kind = draw(st.sampled_from([ATTACKERS, BLOCKERS])) if kind is None else kind
    n_kinds = draw(st.integers(1, 3 if twins else 5))
    copies = [draw(st.integers(1, 3)) if twins else 1 for _ in range(n_kinds)]
    m_kinds = draw(st.integers(1, 3 if twins else 4))
    ocopies = [draw(st.integers(1, 2)) if twins else 1 for _ in range(m_kinds)]
    oindex = [i for i, k in enumerate(ocopies) for _ in range(k)]       # option -> its kind
    m = len(oindex)

    def opts_of(kinds):
        return frozenset(o for o in range(m) if oindex[o] in kinds)

    kind_sets = st.frozensets(st.integers(0, m_kinds - 1))
    option_kinds = []
    for k in range(m_kinds):
        option_kinds.append(dict(
            min_choosers=draw(st.sampled_from([0, 0, 0, 1, 2, 2, 3])),
            max_choosers=draw(st.sampled_from([None, None, None, 0, 1, 2])),
            player=draw(st.integers(0, 1)),
            must=draw(st.sampled_from([0, 0, 0, 1, 2])),
            pay=draw(st.sampled_from([0, 0, 0, 0, 1, 2]))))
    options = [Option(f"o{o}", min_choosers=option_kinds[oindex[o]]["min_choosers"],
                      max_choosers=option_kinds[oindex[o]]["max_choosers"],
                      player=option_kinds[oindex[o]]["player"],
                      pay=option_kinds[oindex[o]]["pay"]) for o in range(m)]
    chooser_kinds = []
    for _ in range(n_kinds):
        allowed = draw(st.one_of(st.none(), kind_sets))
        chooser_kinds.append(dict(
            options=None if allowed is None else opts_of(allowed),
            max_choices=1 if kind == ATTACKERS else draw(st.sampled_from([0, 1, 1, 1, 2, 2, 4])),
            not_alone=draw(st.booleans()) and draw(st.booleans()),
            min_others=draw(st.sampled_from([0, 0, 0, 0, 0, 2])),
            cost=draw(st.integers(0, 5)) == 0,
            costly_options=opts_of(draw(kind_sets)) if draw(st.integers(0, 5)) == 0 else frozenset(),
            pay=draw(st.sampled_from([0, 0, 0, 0, 1, 3])),          # 508.1g: Brainwash-like
            mana=draw(st.sampled_from([0, 0, 0, 1])),               # a mana source tapped by it
            reqs=[None if s is None else opts_of(s) for s in
                  draw(st.lists(st.one_of(st.none(), kind_sets), max_size=2))]))
    cindex = [i for i, k in enumerate(copies) for _ in range(k)]
    choosers = [Chooser(f"c{c}", **{k: v for k, v in chooser_kinds[cindex[c]].items() if k != "reqs"})
                for c in range(len(cindex))]
    # keep the oracle's enumeration small
    sizes = []
    for ch in choosers:
        a = m if ch.options is None else len(ch.options)
        sizes.append(sum(len(list(itertools.combinations(range(a), k)))
                         for k in range(min(ch.max_choices, a) + 1)))
    while np.prod(sizes, dtype=float) > MAX_DECLARATIONS:
        i = max(range(len(sizes)), key=lambda i: sizes[i])
        ch = choosers[i]
        if ch.max_choices > 1:
            same = [c for c in range(len(choosers)) if cindex[c] == cindex[i]]
            for c in same:
                choosers[c] = Chooser(ch.name, ch.options, 1, ch.not_alone, ch.min_others,
                                      ch.cost, ch.costly_options, ch.pay, ch.mana)
                a = m if ch.options is None else len(ch.options)
                sizes[c] = a + 1
        else:
            return draw(problems(kind, twins))    # pragma: no cover - rare
    reqs = []
    for c in range(len(choosers)):
        for s in chooser_kinds[cindex[c]]["reqs"]:
            reqs.append(MustChoose(c, s))
    for o in range(m):
        reqs += [MustBeChosen(o)] * option_kinds[oindex[o]]["must"]
    caps = []
    for _ in range(draw(st.integers(0, 2))):
        cap_choosers = draw(st.one_of(st.none(), st.frozensets(st.integers(0, n_kinds - 1))))
        caps.append(Cap(draw(st.integers(0, 3)),
                        options=draw(st.one_of(st.none(), st.just(opts_of({0})),
                                               kind_sets.map(opts_of))),
                        choosers=None if cap_choosers is None else
                        frozenset(c for c in range(len(choosers)) if cindex[c] in cap_choosers)))
    draw(st.randoms(use_true_random=False)).shuffle(reqs)
    mana = draw(st.one_of(st.none(), st.none(), st.integers(0, 6)))   # 508.1g-i budget
    return DeclarationProblem(choosers, options, caps=caps, requirements=reqs, kind=kind,
                              symmetry=draw(st.booleans()) if not twins else True, mana=mana)


def twin_off(p: DeclarationProblem) -> DeclarationProblem:
    return DeclarationProblem(p.choosers, p.options, caps=p.caps, requirements=p.requirements,
                              kind=p.kind, symmetry=False, mana=p.mana)


SETTINGS = settings(max_examples=70, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- the search against the oracle ----------------------------------------------------------

@SETTINGS
@given(problems())
def test_508_1d_509_1c_maximum_legal_set_and_count_match_the_oracle(p):
    o = Oracle(p)
    assert p.max_requirements() == o.maximum
    got = list(p.declarations())
    assert len(got) == len(set(got)), "a declaration was enumerated twice"
    assert set(got) == o.legal
    assert p.count() == len(o.legal)
    for d in o.all:
        assert p.is_legal(d) == (d in o.legal), sorted(d)


@SETTINGS
@given(problems(), st.randoms(use_true_random=False))
def test_508_1c_509_1b_validate_names_the_first_broken_restriction(p, rnd):
    """Random declarations, in and out of the allowed sets: the same verdict, reason and
    culprit as the oracle, and the requirement count with the maximum when short."""
    o = Oracle(p)
    n, m = len(p.choosers), len(p.options)
    pairs = [(c, x) for c in range(n) for x in range(m)]
    samples = [frozenset(rnd.sample(pairs, rnd.randint(0, len(pairs)))) for _ in range(20)]
    samples += rnd.sample(o.all, min(20, len(o.all)))
    for d in samples:
        broken = o.broken(d)
        if broken is None and o.count(d) >= o.maximum:
            p.validate(d)
            continue
        with pytest.raises(IllegalDeclarationError) as info:
            p.validate(d)
        err = info.value
        if broken is None:
            assert err.reason == "requirements"
            assert (err.count, err.maximum) == (o.count(d), o.maximum)
            assert err.rule == ("508.1d" if p.kind == ATTACKERS else "509.1c")
            continue
        reason, culprit = broken
        assert err.reason == reason, (sorted(d), err)
        if reason == "cost":                            # 508.1g-i / 509.1d-f
            assert err.rule == ("508.1g-i" if p.kind == ATTACKERS else "509.1d-f")
            continue
        assert culprit == {"not_allowed": err.chooser, "too_many": err.chooser,
                           "alone": err.chooser, "cap": err.cap}.get(reason, err.option)
        assert err.rule in ("508.1b", "508.1c") if p.kind == ATTACKERS else err.rule in ("509.1a", "509.1b")


def _prefixes(o: Oracle, rnd: random.Random, k: int):
    """Random partial declarations: prefixes of legal ones, and subsets of arbitrary
    declarations (which may have no legal completion)."""
    out = [frozenset()]
    for _ in range(k):
        pool = list(o.legal) if rnd.random() < 0.6 else o.all
        d = list(rnd.choice(pool))
        rnd.shuffle(d)
        out.append(frozenset(d[:rnd.randint(0, len(d))]))
    return out


@SETTINGS
@given(problems(), st.randoms(use_true_random=False))
def test_step_masks_are_exactly_the_completable_choices(p, rnd):
    o = Oracle(p)
    for partial in _prefixes(o, rnd, 12):
        expected = o.completable(partial)
        if not expected and partial not in o.legal:
            with pytest.raises(IllegalDeclarationError):
                p.step(partial)
            continue
        step = p.step(partial)
        assert step.pairs == expected, sorted(partial)
        assert step.done == (partial in o.legal)


@SETTINGS
@given(problems(), st.randoms(use_true_random=False))
def test_step_following_the_masks_never_dead_ends_and_reaches_every_legal_declaration(p, rnd):
    o = Oracle(p)
    for _ in range(5):                      # random walks: something is always offered
        partial = frozenset()
        while True:
            step = p.step(partial)
            assert step.pairs or step.done, "dead end"
            if step.done and (not step.pairs or rnd.random() < 0.3):
                assert partial in o.legal
                break
            partial |= {rnd.choice(sorted(step.pairs))}
    for d in rnd.sample(sorted(o.legal, key=sorted), min(8, len(o.legal))):
        order = list(d)                     # any order of its pairs is offered throughout
        rnd.shuffle(order)
        partial = frozenset()
        for pair in order:
            assert pair in p.step(partial).pairs
            partial |= {pair}
        assert p.step(partial).done


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(twins=True), st.randoms(use_true_random=False))
def test_identical_creatures_and_options_grouped_or_not_give_the_same_answers(p, rnd):
    """A swarm of identical tokens is searched by counts per class; with the grouping
    off, the same problem must give the same maximum, set, count and masks."""
    q = twin_off(p)
    o = Oracle(p)
    assert p.max_requirements() == q.max_requirements() == o.maximum
    assert set(p.declarations()) == set(q.declarations()) == o.legal
    assert p.count() == q.count()
    for partial in _prefixes(o, rnd, 6):
        if o.completable(partial) or partial in o.legal:
            assert p.step(partial) == q.step(partial)


def test_identical_creatures_are_recognised_as_one_class():
    tokens = [Chooser("Goblin token") for _ in range(6)] + [Chooser("Mogg Flunkies", not_alone=True)]
    p = DeclarationProblem(tokens, [Option("opponent"), Option("walker"), Option("walker 2")])
    assert p.search.chooser_classes == [0] * 6 + [6]
    assert p.search.option_classes == [0, 0, 0]
    # a requirement on one token sets it apart (its row differs)
    q = DeclarationProblem(tokens, [Option("opponent")], requirements=[MustChoose(2)])
    assert q.search.chooser_classes == [0, 0, 2, 0, 0, 0, 6]
    # requirements listed in another order still make identical creatures identical
    r = DeclarationProblem([Chooser(), Chooser()], [Option(), Option()],
                           requirements=[MustChoose(0, {0}), MustChoose(0, {1}),
                                         MustChoose(1, {1}), MustChoose(1, {0})])
    assert r.search.chooser_classes == [0, 0]


# --- enumeration, counting and sampling --------------------------------------------------------

@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_enumeration_by_index_resumes_and_stops(p):
    n = p.count()
    everything = list(p.declarations())
    assert list(p.declarations(start=n // 2)) == everything[n // 2:]
    assert list(p.declarations(start=1, limit=2)) == everything[1:3]
    assert [p.nth(k) for k in range(n)] == everything
    with pytest.raises(IndexError):
        p.nth(n)


def test_sampling_is_uniform_over_the_legal_declarations():
    """Every legal declaration appears and nothing else does; each frequency lies within
    generous bounds of uniform (fixed seed, so not flaky)."""
    p = DeclarationProblem(
        [Chooser("A"), Chooser("B", not_alone=True), Chooser("C", {1, 2}, max_choices=2)],
        [Option("x"), Option("y", min_choosers=2), Option("z", max_choosers=1)],
        requirements=[MustChoose(2, {2})], kind=BLOCKERS)
    o = Oracle(p)
    assert 10 <= len(o.legal) <= 60
    n = 400 * len(o.legal)
    counts = Counter(p.sample_many(n, seed=12345))
    assert set(counts) == o.legal
    for d, k in counts.items():
        assert 0.7 * 400 < k < 1.3 * 400, (sorted(d), k)


def test_sampling_is_deterministic_and_advances_the_core_rng_state():
    p = random_board(3, 6, 5, BLOCKERS)
    assert p.sample(99) == p.sample(99)
    state = np.array([1, 2, 3, 4], dtype=np.uint32)
    first = p.sample(state)
    assert state.tolist() != [1, 2, 3, 4]
    again = np.array([1, 2, 3, 4], dtype=np.uint32)
    assert p.sample(again) == first and again.tolist() == state.tolist()
    for d in p.sample_many(50, seed=5):
        assert p.is_legal(d)


@SETTINGS
@given(problems(), st.integers(0, 2**32))
def test_samples_are_always_legal(p, seed):
    o = Oracle(p)
    assert set(p.sample_many(20, seed)) <= o.legal


def test_counts_past_2_to_the_64_saturate_and_sampling_still_works():
    """32 creatures each free to attack any of 5 targets or not: 6**32 > 2**64."""
    p = DeclarationProblem([Chooser() for _ in range(32)], [Option() for _ in range(5)])
    with pytest.raises(OverflowError):
        p.count()
    assert p.count_approx() == pytest.approx(6.0 ** 32)
    samples = p.sample_many(200, seed=1)
    assert all(p.is_legal(d) for d in samples)
    # each creature attacks with probability 5/6: about 5333 attacks in 200 x 32
    attacks = sum(len(d) for d in samples)
    assert 0.9 * 5333 < attacks < 1.1 * 5333
    assert p.nth(0) is not None and p.nth(2**63) is not None


def test_counting_a_big_swarm_uses_few_states():
    """16 identical tokens blocking 16 identical menace attackers: the DP lumps the
    options into one histogram, so it stays small."""
    blockers = [Chooser("Saproling") for _ in range(16)]
    attackers = [Option("Goblin with menace", min_choosers=2) for _ in range(16)]
    p = DeclarationProblem(blockers, attackers, kind=BLOCKERS,
                           requirements=[MustChoose(c) for c in range(16)])
    assert p.max_requirements() == 16
    n = p.count_approx()
    assert n > 1e15
    assert p.search.dp_states < 20000
    assert all(p.is_legal(d) and len(d) == 16 for d in p.sample_many(20, seed=3))


# --- the rules' own examples ---------------------------------------------------------------

def test_508_1c_two_creatures_that_cant_attack_alone_may_attack_together():
    p = DeclarationProblem([Chooser("Flunkies A", not_alone=True),
                            Chooser("Flunkies B", not_alone=True)], [Option("opponent")])
    p.validate({(0, 0), (1, 0)})
    p.validate(set())
    for alone in ({(0, 0)}, {(1, 0)}):
        with pytest.raises(IllegalDeclarationError, match=r"can't attack alone.*508\.1c") as info:
            p.validate(alone)
        assert info.value.reason == "alone"
    assert set(p.declarations()) == {frozenset(), frozenset({(0, 0), (1, 0)})}


def test_508_1d_must_attack_creature_attacks_alone_under_no_more_than_one_attacker():
    """One "attacks each combat if able" creature, one plain creature, "no more than one
    creature can attack": the only legal declaration is the first attacking alone."""
    p = DeclarationProblem([Chooser("Juggernaut"), Chooser("Grizzly Bears")], [Option("opponent")],
                           caps=[Cap(1, name="no more than one creature can attack each combat")],
                           requirements=[MustChoose(0, name="Juggernaut attacks each combat if able")])
    assert set(p.declarations()) == {frozenset({(0, 0)})}
    with pytest.raises(IllegalDeclarationError, match=r"obeys 0 requirements but 1 could.*508\.1d"):
        p.validate({(1, 0)})
    with pytest.raises(IllegalDeclarationError, match=r"no more than one creature can attack.*508\.1c"):
        p.validate({(0, 0), (1, 0)})
    with pytest.raises(IllegalDeclarationError, match=r"508\.1d"):
        p.validate(set())
    assert p.step().pairs == {(0, 0)} and not p.step().done


def test_509_1b_shadow_and_flying_attacker_cant_be_blocked_by_a_flyer_without_shadow():
    """Evasion abilities add up: the core's allowed sets for the blockers exclude it."""
    attacker = Option("shadow flyer")
    flyer = Chooser("Serra Angel", options=frozenset())          # flying, no shadow
    shadow_flyer = Chooser("shadow flyer", options={0})
    p = DeclarationProblem([flyer, shadow_flyer], [attacker], kind=BLOCKERS)
    with pytest.raises(IllegalDeclarationError, match=r"Serra Angel can't block shadow flyer.*509\.1b"):
        p.validate({(0, 0)})
    p.validate({(1, 0)})


def test_509_1c_blocks_each_combat_and_plain_creature_against_two_or_more():
    """"Blocks each combat if able" + a plain creature against "can't be blocked except by
    two or more": both blocking is the only legal declaration."""
    p = DeclarationProblem([Chooser("must block"), Chooser("plain")],
                           [Option("attacker", min_choosers=2)], kind=BLOCKERS,
                           requirements=[MustChoose(0)])
    assert set(p.declarations()) == {frozenset({(0, 0), (1, 0)})}
    with pytest.raises(IllegalDeclarationError, match=r"except by 2 or more.*509\.1b"):
        p.validate({(0, 0)})
    with pytest.raises(IllegalDeclarationError, match=r"obeys 0 requirements but 1.*509\.1c"):
        p.validate(set())
    # step by step: the plain creature must join, then done
    assert p.step().pairs == {(0, 0), (1, 0)}
    assert p.step({(0, 0)}).pairs == {(1, 0)} and not p.step({(0, 0)}).done
    assert p.step({(0, 0), (1, 0)}).done


def test_509_1c_lure_every_creature_able_to_block_it_does():
    """Lure: one requirement per creature able to block it; a creature that can't (no
    reach against a flyer) is not required; with "can block an additional creature" a
    blocker may block the Lure creature and another one."""
    choosers = [Chooser("Bears", {0, 1}), Chooser("Spider", {0, 1, 2}, max_choices=2),
                Chooser("Wall", {1})]
    options = [Option("Lure bearer"), Option("Goblin"), Option("Bird (flying)")]
    reqs = lure(choosers, 0)
    assert [r.chooser for r in reqs] == [0, 1]
    p = DeclarationProblem(choosers, options, requirements=reqs, kind=BLOCKERS)
    assert p.max_requirements() == 2
    legal = set(p.declarations())
    assert all((0, 0) in d and (1, 0) in d for d in legal)
    assert frozenset({(0, 0), (1, 0), (1, 2), (2, 1)}) in legal
    with pytest.raises(IllegalDeclarationError, match=r"obeys 1 requirement but 2"):
        p.validate({(0, 1), (1, 0)})


def test_508_1d_509_1c_lure_and_cant_be_blocked_by_more_than_one():
    """Lure on a creature that "can't be blocked by more than one creature": only one
    blocker can obey; any one of them may."""
    choosers = [Chooser(f"token {i}") for i in range(5)]
    p = DeclarationProblem(choosers, [Option("Lure bearer", max_choosers=1), Option("Goblin")],
                           requirements=lure(choosers, 0), kind=BLOCKERS)
    assert p.max_requirements() == 1
    assert all(sum(1 for _, o in d if o == 0) == 1 for d in p.declarations())
    assert p.count() == 5 * 2 ** 4


def test_508_1c_multiplayer_no_more_than_n_creatures_can_attack_you():
    """Per defending player caps: at most one creature attacks player 1 or their
    planeswalker; player 2 is open; "attacks player 1 if able" is obeyed once."""
    options = [Option("player 1", player=1), Option("walker of player 1", player=1),
               Option("player 2", player=2)]
    choosers = [Chooser(f"creature {i}") for i in range(3)]
    draft = DeclarationProblem(choosers, options)
    p = DeclarationProblem(choosers, options, caps=[Cap(1, draft.options_of(1), name=
                           "no more than one creature can attack player 1")],
                           requirements=[MustChoose(c, draft.options_of(1)) for c in range(3)])
    assert p.max_requirements() == 1
    with pytest.raises(IllegalDeclarationError, match="can attack player 1"):
        p.validate({(0, 0), (1, 1)})
    p.validate({(0, 1), (1, 2), (2, 2)})
    assert all(sum(1 for _, o in d if o in (0, 1)) == 1 for d in p.declarations())


def test_508_1d_a_creature_that_must_attack_need_not_pay_to_attack():
    """Propaganda: the "attacks each combat if able" creature can attack only by paying,
    so it isn't able -- declaring no attack is legal; paying and attacking is legal too."""
    p = DeclarationProblem([Chooser("Juggernaut", cost=True)], [Option("opponent")],
                           requirements=[MustChoose(0)])
    assert p.max_requirements() == 0
    assert set(p.declarations()) == {frozenset(), frozenset({(0, 0)})}


def test_508_1d_costs_per_defending_player():
    """A tax only on attacking player 1 (Ghostly Prison): a must-attack creature is able
    to attack player 2 for free, so it must attack someone; attacking player 1 and paying
    also obeys the requirement."""
    p = DeclarationProblem([Chooser("Juggernaut", costly_options={0})],
                           [Option("player 1"), Option("player 2")], requirements=[MustChoose(0)])
    assert p.max_requirements() == 1
    assert set(p.declarations()) == {frozenset({(0, 0)}), frozenset({(0, 1)})}


def test_509_1c_paying_can_exceed_the_maximum_and_stays_legal():
    """The maximum is over cost-free declarations; a paid one obeying more is legal, and
    one obeying fewer than the maximum is not, paid or not."""
    p = DeclarationProblem([Chooser("taxed", cost=True), Chooser("free")],
                           [Option("a"), Option("b")], kind=BLOCKERS,
                           requirements=[MustChoose(0), MustChoose(1, {1}), MustBeChosen(0)])
    assert p.max_requirements() == 1                 # without paying: "free" blocks a or b
    o = Oracle(p)
    assert set(p.declarations()) == o.legal
    p.validate({(0, 0), (1, 1)})                     # paid: 3 requirements
    p.validate({(0, 1)})                             # paid: 1, as many as the maximum
    with pytest.raises(IllegalDeclarationError, match="obeys 0"):
        p.validate(set())


# --- bigger boards, the budget, errors ---------------------------------------------------------

def test_declaration_too_complex_is_raised_not_guessed():
    p = random_board(4, 16, 16, BLOCKERS, node_budget=5)
    with pytest.raises(DeclarationTooComplex, match="509.1c"):
        p.max_requirements()
    with pytest.raises(DeclarationTooComplex):
        p.validate(set())
    with pytest.raises(DeclarationTooComplex):
        p.step()
    assert issubclass(DeclarationTooComplex, MtgError)
    q = random_board(4, 16, 16, BLOCKERS, state_budget=3)
    with pytest.raises(DeclarationTooComplex):
        q.count()
    with pytest.raises(DeclarationTooComplex):
        q.sample(1)
    # with the default budgets the same board is decided
    assert random_board(4, 16, 16, BLOCKERS).max_requirements() >= 0


def test_the_maximum_is_cached_across_calls():
    p = random_board(1, 10, 10, BLOCKERS)
    assert not p.search.max_known
    p.validate(p.sample(1))
    assert p.search.max_known
    best = p.max_requirements()
    p.search.forget_max()
    assert not p.search.max_known and p.max_requirements() == best


def test_the_cached_maximum_can_be_reused_by_an_identical_problem():
    """The combat phase will rebuild the problem from the board at every step; the same
    bytes mean the same maximum (508.1d), so it is taken over instead of searched."""
    p, q = random_board(2, 12, 12, BLOCKERS), random_board(2, 12, 12, BLOCKERS)
    r = random_board(3, 12, 12, BLOCKERS)
    assert not q.search.reuse_max_from(p.search)        # p's maximum is not known yet
    best = p.max_requirements()
    assert q.search.reuse_max_from(p.search) and q.search.max_known
    assert q.max_requirements() == best
    assert not r.search.reuse_max_from(p.search) and not r.search.max_known


def test_508_1b_an_attacker_is_offered_one_target_only():
    """Step by step, once a creature attacks a player or planeswalker, attacking another
    is not offered (508.1b: each attacks one); blockers with "can block an additional
    creature" are offered a second attacker."""
    p = DeclarationProblem([Chooser("Bears"), Chooser("Piker")],
                           [Option("player"), Option("walker"), Option("battle")])
    assert p.step({(0, 0)}).pairs == {(1, 0), (1, 1), (1, 2)}
    q = DeclarationProblem([Chooser("Spider", max_choices=2), Chooser("Wall")],
                           [Option("a"), Option("b")], kind=BLOCKERS)
    assert q.step({(0, 0)}).pairs == {(0, 1), (1, 0), (1, 1)}
    assert q.step({(0, 0), (0, 1)}).pairs == {(1, 0), (1, 1)}


def test_bad_problems_and_declarations_raise_clear_errors():
    with pytest.raises(ValueError, match="at most 32 creatures"):
        DeclarationProblem([Chooser()] * 33, [Option()])
    with pytest.raises(ValueError, match="at most 32"):
        DeclarationProblem([Chooser()], [Option()] * 33)
    with pytest.raises(ValueError, match="508.1b"):
        DeclarationProblem([Chooser(max_choices=2)], [Option(), Option()])
    with pytest.raises(ValueError, match="chooser 3"):
        DeclarationProblem([Chooser()], [Option()], requirements=[MustChoose(3)])
    with pytest.raises(ValueError, match="options"):
        DeclarationProblem([Chooser(options={5})], [Option()])
    p = DeclarationProblem([Chooser()], [Option()])
    with pytest.raises(ValueError, match="no chooser"):
        p.validate({(1, 0)})
    with pytest.raises(ValueError, match="no option"):
        p.validate({(0, 1)})
    with pytest.raises(IllegalDeclarationError, match="attacks 2") as info:
        DeclarationProblem([Chooser()], [Option(), Option()]).validate({0: {0, 1}})
    assert isinstance(info.value, IllegalActionError) and info.value.rule == "508.1b"


def test_max_choices_and_menace_messages_read_like_the_rules():
    p = DeclarationProblem([Chooser("Wall of Stone"), Chooser("Giant Spider", max_choices=2)],
                           [Option("Goblin Piker"), Option("menace goblin", min_choosers=2),
                            Option("Dread Warlock", max_choosers=1)], kind=BLOCKERS)
    with pytest.raises(IllegalDeclarationError, match=r"Wall of Stone blocks 2 creatures but "
                                                      r"can block only 1 \(rule 509\.1a\)"):
        p.validate({0: {0, 1}})
    with pytest.raises(IllegalDeclarationError, match=r"menace goblin is blocked by 1 creature but "
                                                      r"can't be blocked except by 2 or more"):
        p.validate({1: {1}})
    with pytest.raises(IllegalDeclarationError, match=r"can't be blocked by more than 1"):
        p.validate({0: 2, 1: {2}})


def test_the_compiled_problem_mirrors_the_dataclasses():
    """The problem lives in a C struct the combat phase can fill; the wrapper is thin."""
    p = random_board(7, 12, 12, ATTACKERS)
    s = p.search
    assert (s.n_choosers, s.n_options) == (12, 12)
    assert s.n_requirements == len(p.requirements)


# --- the same answers from the debug build under AddressSanitizer and UBSan ------------------

_SANITIZED_WORKLOAD = r"""
import hashlib
from mtg_core.combat_search import (ATTACKERS, BLOCKERS, DeclarationTooComplex, random_board)
out = []
for seed in range(40):
    kind = BLOCKERS if seed % 2 else ATTACKERS
    n = [2, 4, 8, 12, 16][seed % 5]
    p = random_board(seed, n, n, kind, swarm=seed % 3 == 0)
    out.append(p.max_requirements())
    d = p.sample(seed)
    out.append(sorted(d))
    out.append(p.is_legal(d))
    out.append(sorted(p.step(sorted(d)[:len(d) // 2]).pairs))
    out.append(p.count_approx())
    out.append(sorted(p.nth(0)))
    out.append([sorted(x) for x in p.sample_many(3, seed)])
    for budget in (3, 50):
        q = random_board(seed, n, n, kind, node_budget=budget, state_budget=budget)
        try:
            out.append(q.max_requirements())
            out.append(q.count_approx())
        except DeclarationTooComplex:
            out.append("too complex")
print(hashlib.sha256(repr(out).encode()).hexdigest())
"""


def test_sanitized_debug_build_gives_the_same_answers(debug_engine):
    """Every entry point (the arena and memo of the DP, the flow bound, the budget
    aborts) runs clean under ASan/UBSan in the -O0 debug build, with the same answers."""
    import subprocess
    import sys
    here = subprocess.run([sys.executable, "-c", _SANITIZED_WORKLOAD], capture_output=True,
                          text=True, timeout=600)
    assert here.returncode == 0, here.stderr
    assert len(here.stdout.strip()) == 64
    there = debug_engine.run(_SANITIZED_WORKLOAD, timeout=900)
    assert there.returncode == 0, there.stderr[-4000:]
    assert there.stdout == here.stdout


def test_508_1g_i_only_payable_declarations_are_legal_counted_and_offered():
    """Propaganda ({2} per attacker) with four mana: at most two of three creatures attack;
    every count, sample and step sees only payable declarations.  A mana creature that
    attacking taps (``mana=1``) leaves less to pay with (508.1f before 508.1h)."""
    p = DeclarationProblem([Chooser("a"), Chooser("b"), Chooser("c")],
                           [Option("opponent", pay=2)], mana=4)
    assert p.count() == 1 + 3 + 3
    assert p.is_legal({0: 0, 1: 0}) and not p.is_legal({0: 0, 1: 0, 2: 0})
    with pytest.raises(IllegalDeclarationError) as info:
        p.validate({0: 0, 1: 0, 2: 0})
    assert info.value.reason == "cost" and info.value.rule == "508.1g-i"
    assert p.step({(0, 0), (1, 0)}) == StepChoices(frozenset(), True)
    assert all(len(d) <= 2 for d in p.declarations())
    q = DeclarationProblem([Chooser("elf", mana=1), Chooser("bear")],
                           [Option("opponent", pay=2)], mana=3)
    assert q.is_legal({1: 0}) and not q.is_legal({0: 0, 1: 0})   # 2 + 2 + 1 lost > 3
    assert q.is_legal({0: 0})                                      # 2 + 1 lost <= 3


def test_508_1d_a_required_attacker_that_must_pay_is_not_required_but_may_pay():
    p = DeclarationProblem([Chooser("juggernaut", pay=3)], [Option("opponent")],
                           requirements=[MustChoose(0)], mana=3)
    assert p.max_requirements() == 0
    assert p.is_legal({}) and p.is_legal({0: 0})
    broke = DeclarationProblem([Chooser("juggernaut", pay=3)], [Option("opponent")],
                               requirements=[MustChoose(0)], mana=2)
    assert p.count() == 2 and broke.count() == 1
