"""Levels on the command line: `play --bots LEVEL` and `--level`, and `levels rate` writing a file."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from spieltisch.bots.levels import find_level
from spieltisch.cli import app
from spieltisch.core.record import Record

runner = CliRunner()


def test_play_takes_levels_by_name_and_shows_their_ratings(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "souvenirs", "--seat", "-1", "--seed", "5", "--save", str(record)]
    result = runner.invoke(app, [*args, "--bots", "casual,Anfänger"])
    assert result.exit_code == 0, result.output
    casual, beginner = find_level("souvenirs", "casual"), find_level("souvenirs", "beginner")
    assert casual and beginner
    start = result.output.splitlines()[0]
    assert f"Casual (≈{casual.rating:.0f}) [{casual.spec}]" in start
    assert f"Beginner (≈{beginner.rating:.0f}) [{beginner.spec}]" in start
    assert Record.load(record).replay().is_terminal()
    one_level = runner.invoke(app, [*args, "--level", "beginner", "--players", "3"])
    assert one_level.exit_code == 0, one_level.output
    assert f"Beginner (≈{beginner.rating:.0f}) [{beginner.spec}] ×3" in one_level.output.splitlines()[0]


def test_play_refuses_an_unknown_level(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["play", "souvenirs", "--level", "grandmaster", "--save", str(tmp_path / "g")]
    )
    assert result.exit_code == 2 and "beginner, casual, strong, expert" in result.output


def test_levels_rate_writes_a_level_file(tmp_path: Path) -> None:
    out = tmp_path / "souvenirs.toml"
    result = runner.invoke(app, ["levels", "rate", "souvenirs", "--games", "2", "--output", str(out)])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["command"] == "spieltisch levels rate souvenirs --games 2 --seed 1"
    assert [pair["games"] for pair in data["pair"]] == [2, 2, 2]
    assert [level["id"] for level in data["level"]] == ["beginner", "casual", "strong", "expert"]
    assert data["level"][0]["rating"] == 1000
