"""Rules editions chosen at game creation (the Combat issue, item 6): ``seed`` (default),
``current`` and ``classic``.  The rules each edition changes are tested with those rules
(combat damage, mana); this file covers the choice itself."""
from __future__ import annotations

import pytest

from mtg_core import Edition, Game, MtgError, play_random_games
from mtg_core._engine import constants

C = constants()


@pytest.mark.parametrize("name,edition", [("seed", Edition.SEED), ("current", Edition.CURRENT),
                                          ("classic", Edition.CLASSIC),
                                          (Edition.CLASSIC, Edition.CLASSIC)])
def test_an_edition_is_chosen_at_creation_and_survives_save_and_load(name, edition):
    game = Game(["bears", "bears"], seed=3, edition=name)
    assert game.edition == edition
    assert Game.load(game.save(), cards=game.cards).edition == edition


def test_the_default_edition_is_the_seeds():
    assert Game(["bears", "bears"], seed=3).edition == Edition.SEED


@pytest.mark.parametrize("bad", ["modern", 7, -1])
def test_an_unknown_edition_is_a_clear_error(bad):
    with pytest.raises(MtgError, match="no rules edition"):
        Game(["bears", "bears"], seed=3, edition=bad)


def test_random_games_take_the_edition():
    for edition in ("seed", "current", "classic"):
        rows = play_random_games("bears", "bears", 5, seed=1, edition=edition)
        assert (rows[:, 0] == C["R_WIN"]).all(), edition

