"""The fixed action space (mtg_core.agents.action_space): every legal action of every
decision maps to its own index and back, masks agree with the legal actions, and codes
the space can't hold are refused by name.  Decisions are the engine's (docs/architecture.md,
Principles: every decision is explicit): priority (117), targets (601.2c), combat declarations one pair at a time (508.1, 509.1),
damage assignment (509.2, 510.1c-d), mulligans (103.5), discards (514.1)..."""
from __future__ import annotations

import collections

import numpy as np
import pytest

from mtg_core import Action, ActionKind, DEFAULT_CARDS, Deck, Game, bundled_deck_names
from mtg_core.agents import ActionSpace
from mtg_core.agents.action_space import KIND_CODES, TGT_PLAYER


def _random_library_deck(rng: np.random.Generator) -> Deck:
    """20 basic lands of three colours and 20 random nonland cards of the bundled library:
    games that reach the rarer decisions (modes, X, searches, may, library choices...)."""
    basics = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    spells = [n for n in DEFAULT_CARDS.names()
              if not DEFAULT_CARDS[n].token and "Land" not in DEFAULT_CARDS[n].types]
    picks = rng.choice(len(spells), 20, replace=False)
    colours = rng.choice(5, 3, replace=False)
    lines = [f"7 {basics[colours[0]]}", f"7 {basics[colours[1]]}", f"6 {basics[colours[2]]}"]
    lines += [f"1 {spells[i]}" for i in picks]
    return Deck.parse("\n".join(lines))


def _games():
    """Random games: bundled decks in 2- and 3-player games, every rules edition, the
    507.1 chosen-defender option, and random decks of the whole library."""
    names = bundled_deck_names()
    rng = np.random.default_rng(8)
    for gi in range(36):
        if gi % 3 == 2:
            decks = [_random_library_deck(rng) for _ in range(2)]
        else:
            decks = [names[(gi * 3 + k) % len(names)] for k in range(2 if gi % 4 else 3)]
        yield Game(decks, seed=gi, edition=("seed", "current", "classic")[gi % 3], log=False,
                   attack_option="chosen" if gi % 8 == 4 else "all", max_turns=40)


def test_round_trip_on_random_games():
    """Every legal action of every decision of many random games has a unique index in
    range, which decodes back to the same action code; the mask marks exactly those."""
    rng = np.random.default_rng(1)
    seen: collections.Counter = collections.Counter()
    decisions = 0
    for game in _games():
        space = ActionSpace.for_game(game)
        st = game.state
        mask = np.zeros(space.n, dtype=np.int8)
        while st.result == 0:
            codes = st.legal_actions()
            idx = space.encode(codes)
            assert idx.min() >= 0 and idx.max() < space.n
            assert len(np.unique(idx)) == len(idx), "two legal actions share an index"
            assert (space.decode(idx, st) == codes).all()
            space.mask(st, include_mana=True, out=mask)
            assert int(mask.sum()) == len(codes) and mask[idx].all()
            seen.update((codes & 255).tolist())
            st.apply(int(codes[rng.integers(len(codes))]))
            decisions += 1
        assert not space.mask(st).any()          # a finished game has no legal action
    kinds = {ActionKind(k) for k in seen}
    # the decisions random games reach all the time must have been exercised
    assert {ActionKind.PASS, ActionKind.PLAY_LAND, ActionKind.CAST, ActionKind.ACTIVATE,
            ActionKind.ACTIVATE_MANA, ActionKind.TARGET, ActionKind.DISCARD, ActionKind.KEEP,
            ActionKind.MULLIGAN, ActionKind.BOTTOM, ActionKind.ATTACK, ActionKind.BLOCK,
            ActionKind.DECLARE_DONE, ActionKind.ORDER_BLOCKER, ActionKind.ASSIGN_DEFAULT,
            ActionKind.ASSIGN_POINT, ActionKind.CHOOSE_DEFENDER, ActionKind.CHOOSE_MODE,
            ActionKind.CHOOSE_X} <= kinds, sorted(k.name for k in kinds)
    assert decisions > 10000


def test_every_index_decodes_and_encodes_back():
    """The whole space is a bijection: each index decodes to a code that encodes to it
    (the damage-assignment blocks with the creature of a D_ASSIGN_DAMAGE context)."""
    class _Ctx:                                  # only the decision context is read
        decision = (11, 0, 17)
    for n_players, cap in ((2, 184), (3, 40), (8, 7)):
        space = ActionSpace(n_players, cap, ability_slots=3)
        idx = np.arange(space.n)
        codes = space.decode(idx, _Ctx())
        assert (space.encode(codes) == idx).all()
        # the scalar paths (index, action) agree with the vectorised ones
        for i in np.random.default_rng(cap).choice(space.n, 3000):
            assert space.action(int(i), _Ctx()) == codes[i] and space.index(int(codes[i])) == i
        assert space.n == sum(b.size for b in space.blocks.values())


def test_every_action_kind_of_the_core_has_a_block():
    """A new A_* code in the core must get a block here (or the round trip fails)."""
    from mtg_core import _engine
    core = {k[2:] for k in _engine.constants() if k.startswith("A_")}
    assert core == set(KIND_CODES), core ^ set(KIND_CODES)


def test_size_depends_only_on_seats_and_capacity():
    g1 = Game(["bears", "bears"], seed=1)
    g2 = Game(["gruul", "white_weenie"], seed=2)
    a, b = ActionSpace.for_game(g1), ActionSpace.for_game(g2)
    cap = int(g1.state.header()["cap"])
    assert cap == int(g2.state.header()["cap"]) and a == b and a.n == b.n
    assert ActionSpace(3, cap).n > a.n and ActionSpace(2, cap + 1).n > a.n


def test_combat_pairs_are_creature_major():
    """508.1 / 509.1 step by step: ATTACK's rows are the creatures, its columns what each
    attacks (objects, then seats); BLOCK's rows the blockers, its columns the attackers."""
    space = ActionSpace(2, 10)
    att = space.blocks["ATTACK"]
    code = KIND_CODES["ATTACK"] | ((TGT_PLAYER + 1) << 8) | (3 << 20)   # #3 attacks P1
    assert space.index(code) == att.start + 3 * 12 + 10 + 1
    blk = space.blocks["BLOCK"]
    code = KIND_CODES["BLOCK"] | (4 << 8) | (7 << 20)                  # #4 blocks #7
    assert space.index(code) == blk.start + 4 * 10 + 7
    assert space.describe(space.index(code)) == "BLOCK(#4, #7)"


def test_codes_outside_the_space_are_refused_by_name():
    space = ActionSpace(2, 10, ability_slots=2)
    with pytest.raises(ValueError, match="outside"):
        space.encode([KIND_CODES["CAST"] | (10 << 8)])                # object 10 of 0..9
    with pytest.raises(ValueError, match="outside"):
        space.encode([KIND_CODES["ACTIVATE"] | (1 << 8) | (2 << 20)])  # ability slot 2 of 0..1
    with pytest.raises(ValueError, match="kind"):
        space.encode([19])                                              # no action kind 19
    with pytest.raises(ValueError, match="outside"):
        space.encode([KIND_CODES["BAND"] | (5 << 8) | (2 << 20)])       # BAND pairs have x < y
    with pytest.raises(ValueError, match="index outside"):
        space.decode([space.n])
    with pytest.raises(ValueError, match="needs the state"):
        space.decode([space.blocks["ASSIGN_DEFAULT"].start])


def test_mask_without_mana_abilities_matches_the_random_policy_choices():
    """include_mana=False leaves out exactly the ACTIVATE_MANA answers (what the core's
    random policy leaves out)."""
    game = Game(["gruul", "gruul"], seed=5, mulligans=False, log=False)
    space = ActionSpace.for_game(game)
    for _ in range(300):
        if game.state.result:
            break
        codes = game.state.legal_actions()
        with_mana = space.mask(game.state, include_mana=True)
        without = space.mask(game.state)
        mana = space.blocks["ACTIVATE_MANA"]
        assert (with_mana[:mana.start] == without[:mana.start]).all()
        assert not without[mana.start:mana.start + mana.size].any()
        assert int(with_mana.sum()) == len(codes)
        game.state.apply(int(game.state.random_action(_ + 1)))


def test_actions_link_to_the_observation_slots_they_are_about():
    """object_args / slot_args: each legal action's object arguments (its code's a / b when
    they name an object, 109.1) are the ids the observation's ``objects=`` array gives per
    slot, so an agent can find the slot an action is about.  Every object a legal action
    names is visible to the deciding seat (a card in its hand, a permanent, a spell, a
    graveyard card) and, while the slots suffice, has a slot showing exactly that id."""
    from mtg_core._engine import constants
    slots = constants()["OBS_SLOTS"]
    checked = 0
    for game in _games():
        st = game.state
        space = ActionSpace.for_game(game)
        objects = np.empty(slots, dtype=np.int32)
        for _ in range(300):
            if st.result != 0:
                break
            obs = st.observation(st.decision[1], objects=objects)
            legal, codes = space.legal(st, include_mana=True)
            ids = space.object_args(legal, st)
            where = space.slot_args(legal, objects, st)
            for code, (ia, ib), (sa, sb) in zip(codes.tolist(), ids.tolist(), where.tolist()):
                a, b = (code >> 8) & 4095, (code >> 20) & 4095
                assert ia in (-1, a) and ib in (-1, b), (code, ia, ib)
                for i, s in ((ia, sa), (ib, sb)):
                    if i >= 0:
                        checked += 1
                        if obs[constants()["OBS_LEFT_OUT"]] == 0:
                            assert s >= 0, f"action {code} names #{i}, which has no slot"
                        if s >= 0:
                            assert objects[s] == i
            st.apply(int(codes[np.random.default_rng(checked).integers(len(codes))]))
    assert checked > 1000


def test_object_args_of_non_object_arguments_are_minus_one():
    game = Game(["bears", "bears"], seed=1, mulligans=False, log=False)
    space = ActionSpace.for_game(game)
    idx = space.encode([KIND_CODES["PASS"], KIND_CODES["KEEP"],
                        KIND_CODES["ATTACK"] | (TGT_PLAYER + 1) << 8 | 5 << 20])
    assert space.object_args(idx).tolist() == [[-1, -1], [-1, -1], [-1, 5]]


def test_508_1a_describe_names_the_attacking_creature_first_as_blocks_do():
    """ATTACK's block is creature-major (rows: creatures), and describe says it in that
    order, as BLOCK's (blocker, attacker): the code's own operands stay as they are."""
    game = Game(["bears", "bears"], seed=4, mulligans=False, starting_player=0)
    space = ActionSpace.for_game(game)
    P1 = Game.player_target(1)
    attack = int(space.index(Action.attack(7, P1).code))
    assert space.describe(attack) == "ATTACK(#7, P1)"
    assert space.describe(int(space.index(Action.block(9, 7).code))) == "BLOCK(#9, #7)"
    assert space.action(attack, game.state) == Action.make(ActionKind.ATTACK, P1, 7).code
