"""Who may be attacked in multiplayer (506.2a): every opponent (default), one opponent
chosen at the beginning of combat (507.1, D_CHOOSE_DEFENDER), or only the next player to
the left / right (803).  The option is chosen at game creation (Header.flags GF_ATTACK_*)."""
from __future__ import annotations

import struct
import zlib

import pytest

from mtg_core import Game, _engine
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import IllegalActionError, MtgError, StateFormatError

from mtg_core.game import SAVE_MAGIC

from combat_helpers import TEST_CARDS


def game_at_combat(option: str, players: int = 4, seat_walker: int | None = None):
    g = Game(["bears"] * players, seed=5, cards=TEST_CARDS, mulligans=False, starting_player=0,
             attack_option=option)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    walker = g.create_card("Test Walker", seat_walker, Zone.BATTLEFIELD) if seat_walker else None
    for _ in range(50):
        if g.step == Step.BEGIN_COMBAT or g.decision.kind != Decision.PRIORITY:
            break
        g.pass_priority()
    return g, bear, walker


def attack_targets(g, bear) -> set[int]:
    while g.decision.kind == Decision.PRIORITY:
        g.pass_priority()
    assert g.decision.kind == Decision.DECLARE_ATTACKERS
    return {a.a for a in g.legal_actions() if a.kind == ActionKind.ATTACK and a.b == bear}


def test_506_2a_by_default_every_opponent_and_their_planeswalkers_may_be_attacked():
    g, bear, walker = game_at_combat("all", seat_walker=2)
    assert g.attack_option == "all"
    assert attack_targets(g, bear) == {Game.player_target(q) for q in (1, 2, 3)} | {walker}


@pytest.mark.parametrize("option, seat", [("left", 1), ("right", 3)])
def test_803_attack_left_or_right_only_the_neighbour_may_be_attacked(option, seat):
    g, bear, walker = game_at_combat(option, seat_walker=seat)
    assert g.attack_option == option
    assert attack_targets(g, bear) == {Game.player_target(seat), walker}
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({bear: Game.player_target(2)})
    assert "508.1" in str(err.value)
    assert g.save() == before


def test_803_attack_left_skips_players_who_left_the_game():
    g, bear, _ = game_at_combat("left")
    g.concede(1)
    assert attack_targets(g, bear) == {Game.player_target(2)}


def test_507_1_the_active_player_chooses_the_defending_player_at_the_beginning_of_combat():
    g, bear, walker = game_at_combat("chosen", seat_walker=3)
    assert g.step == Step.BEGIN_COMBAT and g.decision.kind == Decision.CHOOSE_DEFENDER
    assert g.decision.player == 0
    choices = g.legal_actions()
    assert [a.a for a in choices] == [Game.player_target(q) for q in (1, 2, 3)]
    blob = g.save()
    assert Game.load(blob, cards=g.cards).save() == blob        # saved mid-decision
    with pytest.raises(IllegalActionError):
        g.apply(choices[0].__class__.make(ActionKind.CHOOSE_DEFENDER, Game.player_target(0)))
    g.apply(choices[2])                                         # seat 3
    assert "P0 chooses P3 as the defending player (507.1)" in g.log
    assert g.decision.kind == Decision.PRIORITY                 # 507.2-507.3 follow
    assert attack_targets(g, bear) == {Game.player_target(3), walker}
    g.declare_attackers({bear: Game.player_target(3)})
    g.pass_to(Step.MAIN, 1)
    assert g.state.header()["defender_choice"] == 0             # for that combat only


def test_507_1_with_one_opponent_there_is_nothing_to_choose():
    g, bear, _ = game_at_combat("chosen", players=2)
    assert attack_targets(g, bear) == {Game.player_target(1)}
    assert "P0 chooses P1 as the defending player (507.1)" in g.log


def _with_flags(game: Game, flags: int) -> bytes:
    """The game's blob with Header.flags replaced (and a valid CRC)."""
    blob = game.save()
    head = len(SAVE_MAGIC) + 16
    n_names = struct.unpack("<IIII", blob[len(SAVE_MAGIC):head])[2]
    data = bytearray(blob[:-4])
    struct.pack_into("<i", data, head + n_names + 4 * _engine.HEADER_FIELDS.index("flags"), flags)
    return bytes(data) + struct.pack("<I", zlib.crc32(bytes(data)))


def test_attack_option_is_checked_at_creation_and_on_load():
    with pytest.raises(MtgError) as err:
        Game(["bears", "bears"], attack_option="north")
    assert "506.2a" in str(err.value)
    g = Game(["bears"] * 3, seed=1, attack_option="right")
    assert Game.load(g.save()).attack_option == "right"
    flags = int(g.state.header()["flags"])
    assert Game.load(_with_flags(g, flags)).attack_option == "right"     # the helper is sound
    with pytest.raises(StateFormatError) as err:
        Game.load(_with_flags(g, flags | _engine.GF_ATTACK_LEFT))
    assert "attack options" in str(err.value)


@pytest.mark.parametrize("option", ["chosen", "left", "right"])
def test_random_multiplayer_games_with_each_attack_option_stay_valid(option):
    """Random play (the core's policy) under each option: every state on the way loads
    (its invariants hold, e.g. the chosen defender), and the games end by the rules."""
    import random
    rng = random.Random(7)
    for k in range(6):
        n = 3 + k % 2
        g = Game(["bears", "white_weenie", "gruul", "bears"][:n], seed=k, mulligans=False,
                 max_turns=12, log=False, attack_option=option)
        st = g.state
        for _ in range(400):
            if g.is_over:
                break
            assert st.apply(st.random_action(rng.getrandbits(32), False)) == 0
            if st.decision[0] in (Decision.CHOOSE_DEFENDER, Decision.DECLARE_ATTACKERS):
                assert Game.load(g.save(), g.cards) == g
        g.play_random(rng.getrandbits(32))
        assert g.result.kind.name in ("WIN", "DRAW", "UNFINISHED")
