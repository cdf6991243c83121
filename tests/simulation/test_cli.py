"""The mtg-core command line: the README's main job."""
import pytest

from mtg_core.cli import main


def test_play_prints_the_log_the_board_and_the_result(capsys):
    assert main(["play", "gruul", "white_weenie", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "=== Turn 1:" in out and "Result: player" in out
    assert "(305.1)" in out                      # log lines cite rules


def test_play_with_a_turn_limit_is_reported_unfinished(capsys):
    assert main(["play", "bears", "--seed", "2", "--max-turns", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Result: unfinished after 3 turns" in out


def test_simulate_reports_win_rates_and_speed(capsys):
    assert main(["simulate", "bears", "bears", "-n", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "20 random games" in out and "games/s" in out


def test_decks_and_cards_are_listed(capsys):
    assert main(["decks"]) == 0
    assert "bears (60 cards)" in capsys.readouterr().out
    assert main(["cards", "-v"]) == 0
    assert "Lightning Bolt deals 3 damage to any target." in capsys.readouterr().out


def test_an_unknown_deck_is_a_clear_error_not_a_traceback(capsys):
    assert main(["play", "no_such_deck"]) == 2
    assert "neither a bundled deck" in capsys.readouterr().err


def test_missing_deck_file_says_the_file_does_not_exist(capsys, tmp_path):
    missing = tmp_path / "mine.txt"
    assert main(["play", str(missing), "bears"]) == 2
    err = capsys.readouterr().err
    assert f"deck file '{missing}' does not exist" in err


def test_help_is_plain_text_and_play_seed_is_explained(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "``" not in out and "play a game with a readable log" in out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--seed SEED seeds the shuffles" in out
