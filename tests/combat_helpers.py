"""Set-ups shared by the combat tests (506-511)."""
from __future__ import annotations

from mtg_core import DEFAULT_CARDS, Card, Game
from mtg_core.cards import GainLife, TriggeredAbility
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.game import Action

# Cards no printed card gives the tests (abilities the seeds' examples name).
TEST_CARDS = DEFAULT_CARDS.extended([
    Card("Test Shadow Flyer", "{1}", ("Creature",), power=1, toughness=1,
         keywords=("shadow", "flying")),
    Card("Test Flyer", "{1}", ("Creature",), power=1, toughness=1, keywords=("flying",)),
    Card("Test Eager Blocker", "{1}", ("Creature",), power=1, toughness=1,
         combat=("blocks each combat if able",)),
    Card("Test Eager Reach", "{1}", ("Creature",), power=1, toughness=1, keywords=("reach",),
         combat=("blocks each combat if able",)),
    Card("Test Plain", "{1}", ("Creature",), power=1, toughness=1),
    Card("Test Menace", "{1}", ("Creature",), power=2, toughness=2, keywords=("menace",)),
    Card("Test Lure Beast", "{1}", ("Creature",), power=2, toughness=2,
         combat=("all creatures able to block it do so",)),
    Card("Test Bait", "{1}", ("Creature",), power=1, toughness=1,
         combat=("must be blocked if able",)),
    Card("Test Multi Blocker", "{1}", ("Creature",), power=0, toughness=5,
         combat=("can block an additional creature",)),
    Card("Test Walker", "{1}", ("Planeswalker",), loyalty=5),
    Card("Test Wurm 5/6", "{1}", ("Creature",), power=5, toughness=6),
    Card("Test Guard 0/3", "{1}", ("Creature",), power=0, toughness=3),
    Card("Test Baloth 7/7", "{1}", ("Creature",), power=7, toughness=7, keywords=("trample",)),
    Card("Test Deathtouch Trampler", "{1}", ("Creature",), power=5, toughness=5,
         keywords=("trample", "deathtouch")),
    Card("Test Attack Trigger", "{1}", ("Creature",), power=1, toughness=1,
         abilities=(TriggeredAbility("attacks", GainLife("you", 2)),)),
])

DONE = Action.make(ActionKind.DECLARE_DONE)


def combat_game(p0=(), p1=(), players: int = 2, others=(), edit=None) -> tuple[Game, list[int], list[int]]:
    """A game at P0's declare attackers decision on turn 1 with these permanents (not
    summoning sick).  ``others``: permanents of seats 2.. in a multiplayer game."""
    g = Game(["bears"] * players, seed=11, cards=TEST_CARDS, mulligans=False, starting_player=0)
    a = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in p0]
    b = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in p1]
    for seat, names in enumerate(others, start=2):
        b += [g.create_card(n, seat, Zone.BATTLEFIELD) for n in names]
    if edit:
        edit(g, a, b)
    for _ in range(200):
        d = g.decision
        if d.kind == Decision.DECLARE_ATTACKERS or g.step == Step.DECLARE_ATTACKERS:
            break
        g.pass_priority()
    return g, a, b


def attack(g: Game, attacks: dict[int, int]) -> None:
    g.declare_attackers(attacks)


def to_blockers(g: Game, attacks: dict[int, int]) -> None:
    """Declare these attacks; stop at the first blocker declaration."""
    g.declare_attackers(attacks)
    while g.decision and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def finish_combat(g: Game) -> None:
    """Pass priority (and take default orders) until the end of combat step."""
    g.pass_to(Step.END_COMBAT)


P1 = Game.player_target(1)
P0 = Game.player_target(0)
