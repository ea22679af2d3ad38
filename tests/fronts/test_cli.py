"""The `spieltisch` command: every registered game can be watched, replayed and benchmarked."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch import cli
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
    assert ending(replayed.output) == ending(result.output)  # the same result lines as play
    wrong_seat = runner.invoke(app, ["replay", str(record), "--seat", "9"])
    assert wrong_seat.exit_code == 2 and "seat must be" in wrong_seat.output
    as_first_seat = runner.invoke(app, ["replay", str(record), "--all", "--seat", "1"])
    assert as_first_seat.exit_code == 0 and ". Seat 1 (" in as_first_seat.output, as_first_seat.output
    assert ". Seat 0 " not in as_first_seat.output


def ending(output: str) -> str:
    """The result lines that end a game: from "Game over" to the line saying where the record is."""
    return output[output.index("Game over") :].split("Record saved")[0].strip()


@pytest.mark.parametrize("name", ["level8", "calcory"])
def test_replay_numbers_moves_as_people_count_them(name: str, tmp_path: Path) -> None:
    """LEVEL 8 deals and draws by chance steps between the moves; they are not moves."""
    record = tmp_path / "game.json"
    runner.invoke(app, ["play", name, "--seat", "-1", "--seed", "3", "--save", str(record)])
    moves = player_moves(Record.load(record).replay())
    assert moves < len(Record.load(record).actions)  # the record holds chance steps too
    replayed = runner.invoke(app, ["replay", str(record), "--all", "--lang", "de"])
    assert replayed.exit_code == 0, replayed.output
    numbers = [
        int(line.split(".")[0]) for line in replayed.output.splitlines() if re.match(r"\d+\. Platz", line)
    ]
    assert numbers == list(range(1, moves + 1))
    assert "Spielende" in replayed.output and "Enter" not in replayed.output


@pytest.mark.parametrize("where", ["a move", "a chance step"])
def test_a_bad_action_is_named_alike_by_replay_and_resume(where: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    runner.invoke(app, ["play", "level8", "--seat", "-1", "--seed", "3", "--save", str(record)])
    saved = Record.load(record)
    state = saved.replay(upto=20)
    while state.is_chance_node() != (where == "a chance step"):
        state.apply_action(saved.actions[state.version])
    moves, bad = player_moves(state), state.version
    data = json.loads(record.read_text())
    data["actions"][bad] = 99_999
    record.write_text(json.dumps(data))
    replayed = runner.invoke(app, ["replay", str(record), "--all"])
    resumed = runner.invoke(app, ["play", "--resume", str(record)])
    assert replayed.exit_code == resumed.exit_code == 2, replayed.output
    error = " ".join(replayed.output.split("error:")[1].split())
    assert error == " ".join(resumed.output.split("error:")[1].split())
    step = "the chance step before move" if where == "a chance step" else "move"
    assert f"{step} {moves + 1} (action 99999) does not replay" in error


@pytest.mark.parametrize("name", game_names())
def test_a_person_plays_a_whole_game_by_numbers(name: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", name, "--seed", "9", "--bots", "random", "--save", str(record), "--lang", "de"]
    result = runner.invoke(app, args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Spielende" in result.output
    players = game_class(name).min_players
    others = f" ×{players - 1}" if players > 2 else ""  # every other seat a random bot
    assert (
        result.output.splitlines()[0]
        == f"{game_class(name).title}: {players} Spieler, Startwert 9; Bots: random{others}"
    )


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
    assert f"{moves} Züge nachgespielt" in resumed.output and "Spielende" in resumed.output  # its language
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


def test_games_keeps_its_hanging_indent_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.console, "width", 80)
    result = runner.invoke(app, ["games"])
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    for line in lines:
        name = line.split()[0]
        assert name in game_names() or line.startswith(("    -o ", "       ")), line
        assert not line.startswith("       ") or line[7] != " "
    assert sum(line.startswith("       ") for line in lines) > 5  # long help does wrap at 80
    text = " ".join(result.output.split())
    assert "default: true)" in text or "default: false)" in text
    assert "default True" not in text and "default False" not in text


def test_arena_fills_the_table_with_a_single_bot() -> None:
    result = runner.invoke(app, ["arena", "tests.core.toy_game:ToyGame", "--bots", "random", "--players", "3",
                                 "--games", "4"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "4 games, 3 players" in " ".join(result.output.split()) and "fair share: 0.333" in result.output
    row = next(line for line in result.output.splitlines() if "random" in line)
    assert row.split("│")[2].strip() == "12"  # 4 games x 3 seats
    short = runner.invoke(app, ["arena", "tests.core.toy_game:ToyGame", "--bots", "heuristic,random",
                                "--players", "3", "--games", "3"])  # fmt: skip
    assert short.exit_code == 0 and "3 players" in " ".join(short.output.split()), short.output
    too_many = runner.invoke(app, ["arena", "tests.core.toy_game:ToyGame", "--bots", "random,random,random",
                                   "--players", "2"])  # fmt: skip
    assert too_many.exit_code == 2 and "3 bots for 2 players" in too_many.output


def test_ctrl_c_in_a_real_process_saves_the_game(tmp_path: Path) -> None:
    """SIGINT at the prompt of `spieltisch play`: the game is saved and the --resume command shown."""
    record = tmp_path / "game.json"
    command = [
        sys.executable,
        "-m",
        "spieltisch.cli",
        "play",
        game_names()[0],
        "--seed",
        "2",
        "--save",
        str(record),
    ]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("1\n")
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while not record.exists():  # saved after the first move: now it waits at the prompt
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, output
    assert "Game left unfinished." in output
    assert f"spieltisch play --resume {record}" in " ".join(output.split())
    saved = Record.load(record)
    assert player_moves(saved.replay()) >= 1 and not saved.replay().is_terminal()
