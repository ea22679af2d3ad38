"""The `spieltisch` command: every registered game can be watched, replayed and benchmarked."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app, counted, player_moves
from spieltisch.core.record import Record
from spieltisch.core.registry import game_class, game_names
from spieltisch.lab.bench import bench_game

runner = CliRunner()


@pytest.mark.parametrize("name", game_names())
def test_watching_bots_play_a_whole_game_and_replaying_it(name: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", name, "--seat", "-1", "--seed", "5", "--save", str(record)])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    saved = Record.load(record)
    assert saved.replay().is_terminal()
    replayed = runner.invoke(app, ["replay", str(record), "--all"])
    assert replayed.exit_code == 0, replayed.output
    assert "winners" in replayed.output
    wrong_seat = runner.invoke(app, ["replay", str(record), "--seat", "9"])
    assert wrong_seat.exit_code == 2 and "seat must be" in wrong_seat.output
    as_first_seat = runner.invoke(app, ["replay", str(record), "--all", "--seat", "1"])
    assert as_first_seat.exit_code == 0 and ". seat 1: " in as_first_seat.output, as_first_seat.output
    assert ". seat 0: " not in as_first_seat.output


@pytest.mark.parametrize("name", game_names())
def test_a_person_plays_a_whole_game_by_numbers(name: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", name, "--seed", "9", "--bots", "random", "--save", str(record), "--lang", "de"]
    result = runner.invoke(app, args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Spielende" in result.output


def test_q_saves_and_resume_continues_the_game(tmp_path: Path) -> None:
    name = game_names()[0]
    record = tmp_path / "game.json"
    args = ["play", name, "--seed", "4", "--bots", "random", "--save", str(record), "--lang", "de"]
    first = runner.invoke(app, args, input="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    assert f"spieltisch play --resume {record}" in " ".join(first.output.split())
    saved = Record.load(record).actions
    moves = player_moves(Record.load(record).replay())
    resumed = runner.invoke(app, ["play", "--resume", str(record)], input="1\n" * 3000)
    assert resumed.exit_code == 0, resumed.output
    assert f"{moves} moves replayed" in resumed.output and "Spielende" in resumed.output  # its language
    assert 2 <= moves < len(saved)  # the players' moves, not the chance steps
    finished = Record.load(record)
    assert finished.actions[: len(saved)] == saved and finished.replay().is_terminal()


def test_counts_have_their_plurals() -> None:
    assert [counted(n, "move") for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]


def test_resume_refuses_a_record_of_another_game(tmp_path: Path) -> None:
    first, other = game_names()[:2]
    record = tmp_path / "game.json"
    runner.invoke(app, ["play", first, "--seed", "4", "--save", str(record)], input="q\n")
    result = runner.invoke(app, ["play", other, "--resume", str(record)])
    assert result.exit_code == 2
    assert f"holds a game of {first}, not {other}" in " ".join(result.output.split())
    missing = runner.invoke(app, ["play", "--resume", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    nothing = runner.invoke(app, ["play"])
    assert nothing.exit_code == 2 and "--resume FILE" in nothing.output


@pytest.mark.parametrize("name", game_names())
def test_bench_prints_positive_figures(name: str) -> None:
    result = bench_game(name, players=2 if name != "lucandor" else 3, seconds=0.05)
    assert result.games >= 1 and result.steps_per_second > 0 and result.clone_us > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "calcory", "--players", "9"], "2-4 players, not 9"),
        (["play", "calcory", "-o", "colour=red"], "has no option colour"),
        (["play", "calcory", "-o", "nonsense"], "must look like key=value"),
        (["play", "calcory", "--lang", "fr"], "language 'fr' is not available"),
        (["play", "calcory", "--seat", "7"], "seat must be"),
        (["play", "calcory", "--seat", "0"], "seat must be 1..2"),
        (["arena", "calcory", "--bots", "heuristic,genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    if "calcory" in args and "calcory" not in game_names():
        pytest.skip("calcory is not registered")
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_replay_of_a_broken_file_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert "is not valid JSON" in " ".join(result.output.split())


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    shown = " ".join(result.output.split())
    for name in game_names():
        assert name in result.output
        for spec in game_class(name).option_specs:  # each option with its English help, as declared
            assert f"-o {spec.name} (" in shown and spec.help_in("en") in shown, spec.name
