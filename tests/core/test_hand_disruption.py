"""Choices from a revealed hand: "Target player reveals their hand. You choose a nonland card
from it. That player discards that card." (Thoughtseize, Duress, Inquisition of Kozilek,
Distress, Despise; Decision.CHOOSE_REVEALED).  701.20a: the revealed cards become known to
every player (each observation shows them); the caster chooses among the cards with the
qualities (701.8a: their owner discards it); with none, nothing is discarded and the hand is
still revealed.  An illegal choice changes nothing; the pending choice survives save/load;
the effects after it happen (Thoughtseize's "You lose 2 life")."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import Action, ActionKind, Deck, Game, IllegalActionError, Step, Zone
from mtg_core import _engine
from mtg_core.enums import Decision
from mtg_core.policies import play_games

C = _engine.constants()
P1 = Game.player_target(1)


def game(new_game, hand1=(), players=2) -> tuple[Game, list[int]]:
    g = new_game("60 Swamp", "60 Forest", players=players)
    g.pass_to(Step.MAIN, 0)
    for c in list(g.hand(1)):
        g.state.move(c, Zone.LIBRARY)                    # P1's hand is exactly ``hand1``
    cards = [g.create_card(n, 1, Zone.HAND) for n in hand1]
    for _ in range(2):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    return g, cards


def cast(g: Game, name: str, target=P1) -> int:
    spell = g.create_card(name, 0)
    g.cast(spell, target)
    for _ in range(10):
        if not g.stack() or g.decision.kind == Decision.CHOOSE_REVEALED:
            break
        g.pass_priority()
    return spell


def offered(g: Game) -> list[int]:
    return sorted(a.a for a in g.legal_actions() if a.kind == ActionKind.DISCARD_CHOSEN)


def seen_by(g: Game, viewer: int) -> set[int]:
    objects = np.full(64, -1, dtype=np.int32)
    g.state.observation(viewer, objects=objects)
    return set(int(o) for o in objects if o >= 0)


HAND = ("Grizzly Bears", "Forest", "Lightning Bolt", "Shivan Dragon", "Counterspell")


def test_701_20_701_8_thoughtseize_reveals_the_caster_chooses_a_nonland_card(new_game):
    g, (bears, forest, bolt, dragon, spell) = game(new_game, HAND)
    assert not {bears, bolt, dragon} & seen_by(g, 0)          # hidden before (400.2)
    ts = cast(g, "Thoughtseize")
    d = g.decision
    assert (d.kind, d.player, d.slot) == (Decision.CHOOSE_REVEALED, 0, 1)
    assert offered(g) == sorted([bears, bolt, dragon, spell])   # not the Forest
    for viewer in (0, 1):                                     # 701.20a: known to all
        assert {bears, forest, bolt, dragon, spell} <= seen_by(g, viewer)
    obs = g.state.observation(0)
    assert obs[C["OBS_DECISION"]] == C["D_CHOOSE_REVEALED"]
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.DISCARD_CHOSEN, forest))
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.MAY_YES))
    assert g.save() == before
    again = Game.load(before, cards=g.cards)                  # the pending choice is saved
    assert again.decision == g.decision and offered(again) == offered(g)
    g.apply(Action.make(ActionKind.DISCARD_CHOSEN, dragon))
    assert dragon in g.graveyard(1) and g.life(0) == 18       # then "You lose 2 life."
    assert ts in g.graveyard(0) and not g.stack()
    again.apply(Action.make(ActionKind.DISCARD_CHOSEN, dragon))
    assert again.save() == g.save()


def test_duress_offers_only_noncreature_nonland_cards(new_game):
    g, (bears, forest, bolt, dragon, spell) = game(new_game, HAND)
    cast(g, "Duress")
    assert offered(g) == sorted([bolt, spell])


def test_inquisition_of_kozilek_offers_mana_value_3_or_less(new_game):
    g, (bears, forest, bolt, dragon, spell) = game(new_game, HAND)
    cast(g, "Inquisition of Kozilek")
    assert offered(g) == sorted([bears, bolt, spell])         # not Shivan Dragon (6)


def test_despise_offers_creature_or_planeswalker_cards(new_game):
    g, (bears, forest, bolt, dragon, spell) = game(new_game, HAND)
    cast(g, "Despise")
    assert offered(g) == sorted([bears, dragon])


@pytest.mark.parametrize("hand", [("Grizzly Bears", "Forest"), ()])
def test_701_20_with_no_card_that_fits_nothing_is_discarded_but_the_hand_is_revealed(new_game, hand):
    g, cards = game(new_game, hand)
    duress = cast(g, "Duress")
    assert g.decision.kind == Decision.PRIORITY and not g.stack()
    assert duress in g.graveyard(0) and sorted(g.hand(1)) == sorted(cards)
    assert set(cards) <= seen_by(g, 0)                        # still revealed


def test_800_4a_the_revealing_player_concedes_and_the_spell_goes_on(new_game):
    g, _ = game(new_game, HAND, players=3)
    cast(g, "Thoughtseize")
    assert g.decision.kind == Decision.CHOOSE_REVEALED
    g.concede(1)
    assert not g.is_over and g.decision.kind == Decision.PRIORITY
    assert g.life(0) == 18 and not g.stack()                  # the rest of it happened


def test_the_heuristic_takes_the_costliest_card(new_game):
    g, (bears, forest, bolt, dragon, spell) = game(new_game, HAND)
    cast(g, "Distress")
    assert g.state.policy_action(C["POL_HEURISTIC"], 1) == \
        Action.make(ActionKind.DISCARD_CHOSEN, dragon).code


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_games_with_hand_disruption_run_to_completion(cards, policy):
    deck = Deck.parse("4 Thoughtseize\n4 Duress\n4 Inquisition of Kozilek\n4 Despise\n"
                      "4 Distress\n16 Grizzly Bears\n24 Swamp")
    out = play_games([deck, deck], 20, seed=5, policies=policy, cards=cards, max_turns=40)
    assert (out["end"] != C["END_ABORTED"]).all() and (out["end"] != C["END_NO_ACTION"]).all()


def test_700_2_the_choice_in_a_chosen_mode_of_an_imported_modal_spell(new_game):
    """Cerebral Confiscation (imported from its Oracle text), its second mode: the choice
    is asked inside the mode and the spell then finishes resolving."""
    from mtg_core.cards import CardDB
    from mtg_core.library import ALL_CARDS
    from oracle_helpers import imported_oracle
    card = imported_oracle("Cerebral Confiscation", "{2}{B}", "Sorcery",
                           "Choose one —\n• Target opponent discards two cards.\n• Target opponent "
                           "reveals their hand. You choose a nonland card from it. That player "
                           "discards that card.")
    db = CardDB([*ALL_CARDS, card])
    g = Game([Deck.parse("60 Swamp"), Deck.parse("60 Forest")], seed=2, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    for c in list(g.hand(1)):
        g.state.move(c, Zone.LIBRARY)
    bears, forest = g.create_card("Grizzly Bears", 1), g.create_card("Forest", 1)
    for _ in range(3):
        g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    spell = g.create_card("Cerebral Confiscation", 0)
    g.cast(spell, P1, modes=[1])
    for _ in range(10):
        if g.decision.kind == Decision.CHOOSE_REVEALED:
            break
        g.pass_priority()
    assert offered(g) == [bears]
    g.apply(Action.make(ActionKind.DISCARD_CHOSEN, bears))
    assert bears in g.graveyard(1) and forest in g.hand(1)
    assert spell in g.graveyard(0) and not g.stack()
