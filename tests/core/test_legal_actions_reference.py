"""The compiled legal-action query against a slow, obviously-correct Python reference.

At random priority decisions of random games (bundled decks, whose mana sources all make
one mana of one colour), the reference lists what chapter 3 and 601-602 allow: lands
(305.2, 505.5b), spells by timing (301.1, 302.1, 303.1, 304.1, 307.1, flash), targets
(115, 601.2c; hexproof 702.11, shroud 702.18), costs (601.2h) and activated abilities
(602, 302.6).  The core must list exactly the same actions.
"""
from hypothesis import given, settings, strategies as st

from mtg_core import ActionKind, Decision, Game, Step
from mtg_core.cards import ActivatedAbility, ManaAbility, SpellAbility, _parse_cost
from mtg_core.enums import TGT_PLAYER

COLOURS = "WUBRGC"


def usable_mana(game: Game, p: int, exclude: int = -1) -> list[int]:
    """Mana per colour the player could have: pool plus untapped sources (302.6 for
    creatures without haste)."""
    avail = [game.mana_pool(p).get(c, 0) for c in COLOURS]
    for o in game.battlefield(p):
        f, card = game.obj(o), game.card_of(o)
        if o == exclude or f["tapped"] or f["phased_out"]:
            continue
        mana = [a for a in card.abilities if isinstance(a, ManaAbility)]
        if not mana:
            continue
        if "Creature" in card.types and f["sick"] and "haste" not in card.keywords:
            continue
        assert len(mana[0].colors) == 1 and mana[0].amount == 1, "reference needs simple sources"
        avail[COLOURS.index(mana[0].colors)] += 1
    return avail


def payable(cost, avail) -> bool:
    # Every source makes one mana of one colour, so this greedy check is exact.
    spare = [a - n for a, n in zip(avail, cost.pips)]
    return min(spare) >= 0 and sum(spare) >= cost.generic


def legal_targets(game: Game, kind: str, controller: int, source: int) -> list[int]:
    out = []
    if kind in ("any", "player", "player or planeswalker", "opponent"):
        out += [TGT_PLAYER + p for p in range(game.n_players) if game.in_game(p)
                and not (kind == "opponent" and p == controller)]
    for o in game.battlefield():
        f, card = game.obj(o), game.card_of(o)
        if f["phased_out"]:
            continue
        kw = {k.lower() for k in card.keywords}
        if "shroud" in kw or ("hexproof" in kw and f["controller"] != controller):
            continue
        creature, walker = "Creature" in card.types, "Planeswalker" in card.types
        ok = {"any": creature or walker, "creature": creature,
              "player or planeswalker": walker,
              "creature you control": creature and f["controller"] == controller}.get(kind, False)
        if ok:
            out.append(o)
    return out


def reference_actions(game: Game) -> set[tuple[int, int, int]]:
    p = game.decision.player
    main_and_empty = (game.active_player == p and game.step == Step.MAIN and not game.stack())
    out = {(ActionKind.PASS, 0, 0)}
    avail = usable_mana(game, p)
    for o in game.hand(p):
        card = game.card_of(o)
        if "Land" in card.types:                                   # 305.2, 505.5b
            if main_and_empty and game.state.header()["lands_played"] < 1:
                out.add((ActionKind.PLAY_LAND, o, 0))
            continue
        instant_speed = "Instant" in card.types or "flash" in card.keywords
        if not (instant_speed or main_and_empty):
            continue
        spell = [a for a in card.abilities if isinstance(a, SpellAbility)]
        kinds = list(spell[0].targets) if spell else ([card.enchant] if card.enchant else [])
        if any(not legal_targets(game, k, p, -1) for k in kinds):
            continue
        if payable(card.cost, avail):
            out.add((ActionKind.CAST, o, 0))
    for o in game.battlefield(p):
        f, card = game.obj(o), game.card_of(o)
        if f["phased_out"]:
            continue
        for i, ab in enumerate(card.abilities):
            if not isinstance(ab, ActivatedAbility):
                continue
            cost, _ = _parse_cost(ab.cost)
            taps = "{T}" in ab.cost
            if taps and (f["tapped"] or ("Creature" in card.types and f["sick"]
                                         and "haste" not in card.keywords)):
                continue
            if ab.timing == "sorcery" and not main_and_empty:
                continue
            if ab.timing == "your upkeep" and not (game.active_player == p and game.step == Step.UPKEEP):
                continue
            if any(not legal_targets(game, k, p, o) for k in ab.targets):
                continue
            if payable(cost, usable_mana(game, p, exclude=o if taps else -1)):
                out.add((ActionKind.ACTIVATE, o, i))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), decks=st.sampled_from([("gruul", "white_weenie"),
                                                          ("white_weenie", "gruul"),
                                                          ("gruul", "gruul")]),
       steps=st.integers(20, 400))
def test_priority_actions_match_the_reference(seed, decks, steps):
    game = Game(list(decks), seed=seed, mulligans=False, log=False)
    checked = 0
    for i in range(steps):
        if game.is_over:
            break
        if game.decision.kind == Decision.PRIORITY:
            listed = {(a.kind, a.a, a.b) for a in game.legal_actions()
                      if a.kind != ActionKind.ACTIVATE_MANA}
            assert listed == reference_actions(game), (
                f"turn {game.turn} {game.step.name}: core-only {listed - reference_actions(game)}, "
                f"reference-only {reference_actions(game) - listed}")
            checked += 1
        game.apply(game.state.random_action(seed + i))
    assert checked > 0
