"""The compiled payment check against a slow, obviously-correct reference (601.2g-h, 106,
605, 302.6).

Boards are made of test mana sources (lands, an artifact, mana creatures) that tap for
one of several colours, some making more than one mana (then all of it is one colour,
chosen on activation: "Add {G}{G} or {W}{W}"), plus floating mana.  Sources may be
tapped, summoning sick (a creature's {T} ability needs it under its controller's control
since their turn began, or haste: 302.6), phased out (702.26b), or controlled by the
other player.  The reference tries every way to choose a colour for each untapped usable
source and checks whether the cost is covered.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, event, example, given, note, settings
from hypothesis import strategies as st

from mtg_core import (Action, ActionKind, Card, CardDB, DEFAULT_CARDS, Deck, Decision, Game, Zone,
                      _engine)
from mtg_core.cards import GainLife, ManaAbility, SpellAbility

C = _engine.constants()
COLORS = "WUBRGC"
PF = _engine.PLAYER_FIELDS
P_MANA = PF.index("mana_W")


@dataclass(frozen=True)
class SourceKind:
    name: str
    colors: str
    amount: int
    types: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    cost: str = "{T}"       # another cost: only the player activates it (605.1a)
    split: bool = False     # one "{T}: Add {X}." ability a colour (a shock land, 305.6)

    @property
    def creature(self) -> bool:
        return "Creature" in self.types

    def card(self) -> Card:
        pt = {"power": 1, "toughness": 1} if self.creature else {}
        cost = "" if "Land" in self.types else "{1}"
        abilities = tuple(ManaAbility(c, amount=self.amount, cost=self.cost) for c in self.colors) \
            if self.split else (ManaAbility(self.colors, amount=self.amount, cost=self.cost),)
        return Card(self.name, cost, self.types, keywords=self.keywords, abilities=abilities, **pt)


KINDS = [
    SourceKind("Ref Plains", "W", 1, ("Land",)),
    SourceKind("Ref Forest", "G", 1, ("Land",)),
    SourceKind("Ref Wastes", "C", 1, ("Land",)),
    SourceKind("Ref Azorius Land", "WU", 1, ("Land",)),
    SourceKind("Ref Jund Land", "BRG", 1, ("Land",)),
    SourceKind("Ref Prism", "WUBRG", 1, ("Artifact",)),
    SourceKind("Ref Temple Pair", "C", 2, ("Land",)),           # {T}: Add {C}{C}
    SourceKind("Ref Elf", "G", 1, ("Creature",)),
    SourceKind("Ref Hasty Shaman", "RG", 1, ("Creature",), ("haste",)),
    SourceKind("Ref Myr", "C", 1, ("Artifact", "Creature")),
    SourceKind("Ref Dryad", "GW", 1, ("Land", "Creature")),
    # "{T}: Add {U}." and "{T}: Add {B}." (a shock land's two): payment takes either (605.3)
    SourceKind("Ref Split Dual", "UB", 1, ("Land",), split=True),
    SourceKind("Ref Split Elf", "RG", 1, ("Creature",), split=True),
    # mana abilities with costs other than {T}: automatic payment leaves them
    # to the player (605.1a, 601.2g: the player activates them before paying)
    SourceKind("Ref Horizon Land", "RW", 1, ("Land",), cost="{T}, Pay 1 life"),
    SourceKind("Ref Pili", "G", 1, ("Artifact", "Creature"), cost="{1}, {T}"),
]
# Sources that make several mana of one chosen colour.
MULTI = [
    SourceKind("Ref Twin Grove", "GW", 2, ("Land",)),           # {G}{G} or {W}{W}
    SourceKind("Ref Big Druid", "BG", 3, ("Creature",)),        # {B}{B}{B} or {G}{G}{G}
    SourceKind("Ref Triple Vault", "URC", 2, ("Artifact",)),
]
BY_NAME = {k.name: k for k in KINDS + MULTI}
# Only the cards these games use (the 30 Forests and the reference sources): each example
# compiles a database of them and its spell, and the whole library would take 0.1 s a time.
CARDS = CardDB([DEFAULT_CARDS["Forest"], *(k.card() for k in KINDS + MULTI)])
DECK = Deck.parse("30 Forest", name="forests")


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    owner: int
    controller: int
    tapped: bool
    sick: bool
    phased_out: bool

    def usable_by(self, player: int) -> bool:
        """What the rules say, written out plainly: automatic payment uses it."""
        if self.kind.cost != "{T}":
            return False                                  # not paid automatically (605.1a)
        return self.tap_ready(player)

    def tap_ready(self, player: int) -> bool:
        """Its {T} can be paid by ``player``."""
        if self.controller != player or self.tapped or self.phased_out:
            return False
        if self.kind.creature and self.sick and "haste" not in self.kind.keywords:
            return False                                  # 302.6
        return True


# --- the reference ---------------------------------------------------------------------------------

def covers(avail: list[int], cost: list[int]) -> bool:
    """Is a pool of ``avail`` (W U B R G C) enough for ``cost`` (generic, W U B R G C)?
    Each coloured or {C} pip needs one mana of exactly that kind; generic takes any."""
    generic, pips = cost[0], cost[1:]
    if any(a < p for a, p in zip(avail, pips)):
        return False
    return sum(avail) - sum(pips) >= generic


def reference_can_pay(sources: list[Source], pool: list[int], cost: list[int],
                      player: int = 0) -> bool:
    if not any(cost):
        return True
    usable = [s.kind for s in sources if s.usable_by(player)]
    # Identical sources are interchangeable: choose a multiset of colours per group
    # (this only prunes repeated orderings; every colour choice is still tried).
    groups = Counter((k.colors, k.amount) for k in usable)
    per_group = [list(itertools.combinations_with_replacement(colors, n))
                 for (colors, _), n in groups.items()]
    amounts = [amount for (_, amount) in groups]
    for choice in itertools.product(*per_group):
        avail = list(pool)
        for picked, amount in zip(choice, amounts):
            for color in picked:
                avail[COLORS.index(color)] += amount      # all of a source's mana is one colour
        if covers(avail, cost):
            return True
    return False


def activatable(sources: list[Source], i: int, pool: list[int], player: int = 0) -> bool:
    """May ``player`` activate source ``i``'s mana ability by hand (605.1a)?
    {T} as for payment, and the rest of its cost: {1} from the other sources or the pool
    (Pay 1 life: the player has 20)."""
    s = sources[i]
    if not s.tap_ready(player):
        return False
    if s.kind.cost == "{1}, {T}":
        return reference_can_pay(sources[:i] + sources[i + 1:], pool, [1, 0, 0, 0, 0, 0, 0], player)
    return True


def test_reference_itself():
    """A few hand-checked answers, so the reference is known to be right."""
    def src(name, **kw):
        base = dict(owner=0, controller=0, tapped=False, sick=False, phased_out=False)
        base.update(kw)
        return Source(BY_NAME[name], **base)
    none = [0] * 6
    assert reference_can_pay([], none, [0] * 7)
    assert not reference_can_pay([], none, [1, 0, 0, 0, 0, 0, 0])
    assert reference_can_pay([src("Ref Azorius Land"), src("Ref Azorius Land")], none,
                             [0, 1, 1, 0, 0, 0, 0])
    assert not reference_can_pay([src("Ref Twin Grove")], none, [0, 1, 0, 0, 0, 1, 0])
    assert reference_can_pay([src("Ref Twin Grove")], none, [0, 2, 0, 0, 0, 0, 0])
    assert reference_can_pay([src("Ref Twin Grove")], none, [1, 0, 0, 0, 0, 1, 0])
    assert not reference_can_pay([src("Ref Temple Pair")], none, [0, 0, 0, 0, 0, 1, 0])
    assert reference_can_pay([src("Ref Temple Pair")], none, [0, 0, 0, 0, 0, 0, 2])
    assert not reference_can_pay([src("Ref Elf", sick=True)], none, [1, 0, 0, 0, 0, 0, 0])
    assert reference_can_pay([src("Ref Hasty Shaman", sick=True)], none, [0, 0, 0, 0, 1, 0, 0])
    assert reference_can_pay([src("Ref Plains", sick=True)], none, [0, 1, 0, 0, 0, 0, 0])
    assert not reference_can_pay([src("Ref Plains", controller=1)], none, [1, 0, 0, 0, 0, 0, 0])
    assert reference_can_pay([], [0, 0, 0, 0, 2, 1], [1, 0, 0, 0, 0, 2, 0])      # {1}{G}{G}
    assert not reference_can_pay([], [0, 0, 0, 0, 2, 1], [0, 0, 0, 0, 0, 2, 2])  # {G}{G}{C}{C}


# --- building the board in the engine ------------------------------------------------------------------

def place(game: Game, sources: list[Source], pool: list[int]) -> list[int]:
    """Put ``sources`` onto the battlefield and ``pool`` into player 0's mana pool."""
    objs = []
    for s in sources:
        o = game.create_card(s.kind.name, s.owner, Zone.BATTLEFIELD, controller=s.controller)
        game.set_object(o, tapped=int(s.tapped), sick=int(s.sick), phased_out=int(s.phased_out))
        objs.append(o)
    game.set_player(0, **{f"mana_{c}": n for c, n in zip(COLORS, pool)})
    return objs


def build(sources: list[Source], pool: list[int], other_pool: list[int]) -> tuple[Game, list[int]]:
    game = Game([DECK, DECK], seed=1, cards=CARDS, mulligans=False, starting_player=0)
    assert game.decision.kind == Decision.PRIORITY and game.decision.player == 0
    objs = place(game, sources, pool)
    game.set_player(1, **{f"mana_{c}": n for c, n in zip(COLORS, other_pool)})
    return game, objs


def cost_text(cost: list[int]) -> str:
    return (f"{{{cost[0]}}}" if cost[0] else "") + \
        "".join(f"{{{c}}}" * n for c, n in zip(COLORS, cost[1:]))


def sources_strategy(kinds):
    return st.builds(
        Source, kind=st.sampled_from(kinds),
        owner=st.sampled_from([0, 0, 1]), controller=st.sampled_from([0, 0, 0, 1]),
        tapped=st.sampled_from([False, False, True]), sick=st.booleans(),
        phased_out=st.sampled_from([False, False, False, True]))


pip = st.sampled_from([0, 0, 0, 0, 1, 1, 2, 3])
pools = st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=6, max_size=6)
costs = st.tuples(st.integers(0, 5), pip, pip, pip, pip, pip, pip).map(list)


@st.composite
def boards(draw, kinds, max_sources=7):
    """(sources, pool, other player's pool, cost); the cost is usually close to what the
    board can make, in its colours, so that both answers are common."""
    sources = draw(st.lists(sources_strategy(kinds), max_size=max_sources))
    pool, other_pool = draw(pools), draw(pools)
    if draw(st.integers(0, 4)) == 0:
        return sources, pool, other_pool, draw(costs)
    total = sum(pool) + sum(s.kind.amount for s in sources if s.usable_by(0))
    mana_value = draw(st.integers(0, total + 1))
    palette = "".join(c * n for c, n in zip(COLORS, pool)) + \
        "".join(s.kind.colors for s in sources) + COLORS
    pips = draw(st.lists(st.sampled_from(palette), max_size=mana_value))
    cost = [mana_value - len(pips)] + [pips.count(c) for c in COLORS]
    return sources, pool, other_pool, cost

PROPS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_against_reference(sources, pool, other_pool, cost):
    game, objs = build(sources, pool, other_pool)
    want = reference_can_pay(sources, pool, cost)
    event(f"payable: {want}")
    got = game.state.can_pay(0, cost)
    note(f"cost {cost_text(cost) or '{0}'}; pool {pool}; sources {sources}")
    assert got == want, f"can_pay says {got}, the reference says {want}"
    # The mana abilities offered to player 0 are exactly those of usable sources (302.6).
    offered = {(a.a, a.b >> 6) for a in game.legal_actions()
               if a.kind == ActionKind.ACTIVATE_MANA}
    expected = {(o, COLORS.index(c)) for i, (o, s) in enumerate(zip(objs, sources))
                if activatable(sources, i, pool) for c in s.kind.colors}
    assert offered == expected


@PROPS
@given(board=boards(KINDS))
def test_can_pay_matches_the_reference(board):
    check_against_reference(*board)


TWIN_GROVE = Source(MULTI[0], 0, 0, False, False, False)
AZORIUS = Source(KINDS[3], 0, 0, False, False, False)
# A one-colour-at-a-time pair of mana must not crowd out a plain dual source of the same
# colours: {W}{G} = Twin Grove for {W}{W} (one floats) + a {G}/{W} dryad for {G}.
DRYAD = Source(BY_NAME["Ref Dryad"], 0, 0, False, False, False)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(KINDS + MULTI, max_sources=6))
@example(board=([TWIN_GROVE], [0] * 6, [0] * 6, [0, 1, 0, 0, 0, 1, 0]))   # {W}{G}: no
@example(board=([TWIN_GROVE, AZORIUS], [0] * 6, [0] * 6, [0, 2, 1, 0, 0, 0, 0]))  # {W}{W}{U}
@example(board=([TWIN_GROVE, TWIN_GROVE], [0] * 6, [0] * 6, [0, 2, 0, 0, 0, 2, 0]))
@example(board=([TWIN_GROVE, DRYAD], [0] * 6, [0] * 6, [0, 1, 0, 0, 0, 1, 0]))   # {W}{G}: yes
def test_can_pay_matches_the_reference_with_multi_mana_sources(board):
    check_against_reference(*board)


# --- paying for real: casting an instant with that cost ---------------------------------------------------

def pool_of(game: Game, p: int) -> list[int]:
    return game.state.sections()["players"][p, P_MANA:P_MANA + 6].tolist()


def check_payment(recording_game, sources, pool, cost):
    spell = Card("Ref Spell", cost_text(cost), ("Instant",),
                 abilities=(SpellAbility(GainLife("you", 1)),))
    cards = CARDS.extended([spell])
    # It keeps the core's raw event rows, to see which colours each source made.
    game = recording_game([DECK, DECK], seed=1, cards=cards, mulligans=False,
                          starting_player=0)
    objs = place(game, sources, pool)
    card = game.create_card("Ref Spell", 0, Zone.HAND)
    cast = Action.make(ActionKind.CAST, card)
    want = reference_can_pay(sources, pool, cost)
    event(f"payable: {want}")
    listed = cast in game.legal_actions()
    note(f"cost {cost_text(cost) or '{0}'}; pool {pool}; sources {sources}")
    assert listed == want, f"casting listed={listed}, the reference says payable={want}"
    if not want:
        return
    tapped_before = [game.obj(o)["tapped"] for o in objs]
    game.events = []
    game.apply(cast)
    after = pool_of(game, 0)
    assert min(after) >= 0, f"negative mana in the pool after paying: {after}"
    made = [0] * 6
    for code, p, color, amount in game.events:
        if code == C["EV_MANA"]:
            assert p == 0
            made[color] += amount
    spent = [b + m - a for b, m, a in zip(pool, made, after)]
    assert all(x >= 0 for x in spent)
    assert sum(spent) == sum(cost), f"spent {spent} for {cost_text(cost)}"
    assert covers(spent, cost), f"spent {spent}, which can't pay {cost_text(cost)}"
    # Only usable sources were tapped, and each tapped one made its mana.
    for o, s, was in zip(objs, sources, tapped_before):
        now = game.obj(o)["tapped"]
        if now and not was:
            assert s.usable_by(0), f"tapped an unusable source {s}"
    assert game.zone(Zone.STACK) == [card]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(KINDS + MULTI, max_sources=6))
@example(board=([TWIN_GROVE], [0] * 6, [0] * 6, [0, 1, 0, 0, 0, 1, 0]))
@example(board=([TWIN_GROVE], [0] * 6, [0] * 6, [1, 0, 0, 0, 0, 1, 0]))
@example(board=([TWIN_GROVE, AZORIUS], [1, 0, 0, 0, 0, 0], [0] * 6, [1, 1, 1, 0, 0, 1, 0]))
@example(board=([TWIN_GROVE, DRYAD], [0] * 6, [0] * 6, [0, 1, 0, 0, 0, 1, 0]))
def test_casting_pays_exactly_the_cost(recording_game, board):
    sources, pool, _, cost = board
    check_payment(recording_game, sources, pool, cost)


# --- explicit cases ------------------------------------------------------------------------------------------

def _one(name, **kw):
    base = dict(owner=0, controller=0, tapped=False, sick=False, phased_out=False)
    base.update(kw)
    return Source(BY_NAME[name], **base)


@pytest.mark.parametrize("sources,pool,cost,expected", [
    ([_one("Ref Elf", sick=True)], [0] * 6, [0, 0, 0, 0, 0, 1, 0], False),       # 302.6
    ([_one("Ref Elf")], [0] * 6, [0, 0, 0, 0, 0, 1, 0], True),
    ([_one("Ref Hasty Shaman", sick=True)], [0] * 6, [0, 0, 0, 0, 1, 0, 0], True),
    ([_one("Ref Dryad", sick=True)], [0] * 6, [1, 0, 0, 0, 0, 0, 0], False),     # land creature
    ([_one("Ref Myr", sick=True)], [0] * 6, [0, 0, 0, 0, 0, 0, 1], False),
    ([_one("Ref Prism", sick=True)], [0] * 6, [0, 0, 0, 1, 0, 0, 0], True),      # not a creature
    ([_one("Ref Plains", phased_out=True)], [0] * 6, [0, 1, 0, 0, 0, 0, 0], False),
    ([_one("Ref Plains", owner=1)], [0] * 6, [0, 1, 0, 0, 0, 0, 0], True),       # control matters
    ([_one("Ref Plains", controller=1)], [0] * 6, [0, 1, 0, 0, 0, 0, 0], False),
    ([_one("Ref Temple Pair")], [0] * 6, [0, 0, 0, 0, 0, 0, 2], True),
    ([_one("Ref Temple Pair")], [0] * 6, [1, 0, 0, 0, 0, 0, 1], True),
    ([_one("Ref Temple Pair")], [0] * 6, [0, 0, 0, 0, 0, 0, 3], False),
    ([_one("Ref Azorius Land"), _one("Ref Azorius Land"), _one("Ref Plains")], [0] * 6,
     [0, 1, 2, 0, 0, 0, 0], True),
    ([_one("Ref Azorius Land"), _one("Ref Plains")], [0] * 6, [0, 0, 2, 0, 0, 0, 0], False),
    ([], [0, 0, 0, 0, 2, 1], [0, 0, 0, 0, 0, 2, 1], True),                        # floating
    ([], [0, 0, 0, 0, 2, 1], [0, 0, 0, 0, 1, 0, 0], False),
])
def test_explicit_boards(sources, pool, cost, expected):
    assert reference_can_pay(sources, pool, cost) == expected
    game, _ = build(sources, pool, [0] * 6)
    assert game.state.can_pay(0, cost) == expected


def test_a_creature_under_control_since_the_turn_began_can_pay():
    """302.6 through the turn structure: an Elf that entered on player 0's turn is sick
    until player 0's next turn begins."""
    game, (elf,) = build([_one("Ref Elf", sick=True)], [0] * 6, [0] * 6)
    assert not game.state.can_pay(0, [1, 0, 0, 0, 0, 0, 0])
    game.pass_until(lambda g: g.turn >= 3 and g.active_player == 0 and g.decision.player == 0)
    assert game.turn == 3 and game.active_player == 0
    assert game.state.can_pay(0, [1, 0, 0, 0, 0, 0, 0])


def test_the_other_players_pool_and_sources_do_not_count():
    sources = [_one("Ref Forest", owner=1, controller=1)]
    game, _ = build(sources, [0] * 6, [0, 0, 0, 0, 5, 0])
    assert not game.state.can_pay(0, [0, 0, 0, 0, 0, 1, 0])
    assert game.state.can_pay(1, [0, 0, 0, 0, 0, 6, 0])
    assert not game.state.can_pay(1, [0, 0, 0, 0, 0, 7, 0])
    assert not game.state.can_pay(1, [0, 0, 0, 0, 1, 0, 0])


def test_a_large_pool_pays_a_large_cost():
    game, _ = build([], [0, 0, 0, 0, 200, 0], [0] * 6)
    assert reference_can_pay([], [0, 0, 0, 0, 200, 0], [170, 0, 0, 0, 0, 0, 0])
    assert game.state.can_pay(0, [170, 0, 0, 0, 0, 0, 0])
