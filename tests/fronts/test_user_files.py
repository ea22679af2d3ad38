"""Every file a user hands over gets a one-line error naming it, never a traceback.

Records (`replay`, `play --resume`) and options files (`--options-file` of
play, arena and simulate, `--compare-file`) that are missing, not regular
files, too large, not UTF-8 or UTF-8 with a byte order mark; every game's
data-file option (`-o deck_file=...`) given such a file or one that is not
TOML. And `-o` reads
alike in play, arena and simulate, with markup characters shown as typed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.core import data, record, userinput
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_class, game_names

runner = CliRunner()
GAME = "calcory"  # it has a data-file option, deck_file
TOY = "tests.core.toy_game:ToyGame"

Maker = Callable[[Path], Path]


def good_record(folder: Path) -> Path:
    path = folder / "game.json"
    result = runner.invoke(app, ["play", GAME, "--seed", "3", "--save", str(path)], input="q\n")
    assert result.exit_code == 0, result.output
    return path


def with_bytes(data: bytes) -> Maker:
    def make(folder: Path) -> Path:
        path = folder / "given.toml"
        path.write_bytes(data)
        return path

    return make


def a_folder(folder: Path) -> Path:
    path = folder / "a-folder"
    path.mkdir()
    return path


def a_pipe(folder: Path) -> Path:
    path = folder / "a-pipe"
    os.mkfifo(path)  # reading it would wait forever: it must be refused before it is opened
    return path


def missing(folder: Path) -> Path:
    return folder / "nothing-here.toml"


BAD_FILES: dict[str, tuple[Maker, str]] = {
    "not UTF-8": (with_bytes(b"top = 3\n# caf\xe9\n"), "is not UTF-8 text"),
    "UTF-8 with a BOM": (with_bytes(b"\xef\xbb\xbftop = 3\n"), "byte order mark"),
    "UTF-16": (with_bytes("top = 3\n".encode("utf-16")), "UTF-16 byte order mark"),
    "too large": (with_bytes(b"# " + b"x" * 300 + b"\n"), "is too large"),
    "a folder": (a_folder, "it is a folder"),
    "a pipe": (a_pipe, "not a regular file"),
    "missing": (missing, "cannot read"),
}


def assert_one_line_error(result: object, path: Path, words: str) -> None:
    output = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 2, output  # type: ignore[attr-defined]
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), output
    assert str(path) in lines[0] and words in lines[0], output


@pytest.fixture(autouse=True)
def small_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 200)
    monkeypatch.setattr(userinput, "MAX_OPTIONS_FILE_BYTES", 200)


@pytest.mark.parametrize("kind", BAD_FILES)
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_bad_record_is_a_one_line_error(kind: str, command: str, tmp_path: Path) -> None:
    make, words = BAD_FILES[kind]
    path = make(tmp_path)
    args = ["replay", str(path), "--all"] if command == "replay" else ["play", "--resume", str(path)]
    assert_one_line_error(runner.invoke(app, args), path, words)


@pytest.mark.parametrize("kind", BAD_FILES)
@pytest.mark.parametrize(
    "command",
    [
        ["play", GAME, "--options-file"],
        ["arena", TOY, "--games", "2", "--options-file"],
        ["simulate", TOY, "--games", "2", "--no-plots", "--options-file"],
        ["simulate", TOY, "--games", "2", "--no-plots", "--compare-file"],
    ],
    ids=["play", "arena", "simulate", "compare-file"],
)
def test_a_bad_options_file_is_a_one_line_error(
    kind: str, command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make, words = BAD_FILES[kind]
    path = make(tmp_path)
    assert_one_line_error(runner.invoke(app, [*command, str(path)]), path, words)


def test_a_record_that_is_no_record_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "something else"}')
    assert_one_line_error(runner.invoke(app, ["replay", str(path)]), path, "not a spieltisch record")


def test_a_good_record_and_options_file_still_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 1 << 20)
    path = good_record(tmp_path)
    assert runner.invoke(app, ["replay", str(path), "--all"]).exit_code == 0
    options = tmp_path / "base.toml"
    options.write_text("top = 3\n", encoding="utf-8")
    result = runner.invoke(app, ["arena", TOY, "--games", "2", "--options-file", str(options)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "command",
    [["play", GAME], ["arena", GAME, "--games", "2"], ["simulate", GAME, "--games", "2", "--no-plots"]],
    ids=["play", "arena", "simulate"],
)
def test_every_command_reads_options_alike_and_shows_markup_as_typed(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    several = runner.invoke(app, [*command, "-o", "colour=red,size=big"])
    assert several.exit_code == 2 and "has no option colour" in several.output, several.output
    markup = runner.invoke(app, [*command, "-o", "deck_file=[/x]"])  # a data file named like markup
    assert markup.exit_code == 2 and "Traceback" not in markup.output
    assert "[/x]" in markup.output, markup.output
    broken = runner.invoke(app, [*command, "-o", "nonsense"])
    assert broken.exit_code == 2 and "'nonsense' must look like key=value" in broken.output


def test_a_comma_inside_a_value_stays_in_the_value() -> None:
    pairs = userinput.parse_option_pairs(["deck_file=my,deck.toml", "a=1, b = 2"])
    assert pairs == {"deck_file": "my,deck.toml", "a": "1", "b": "2"}


def test_an_option_given_twice_is_refused_not_overwritten() -> None:
    """`-o a=1 -o a=2` kept 2 and dropped 1 without a word."""
    for given in (["knocking=true", "knocking=false"], ["knocking=true,knocking=false"]):
        with pytest.raises(OptionError, match="knocking is given twice"):
            userinput.parse_option_pairs(given)
    result = runner.invoke(app, ["play", "allegra", "-o", "target=50", "-o", "target=60"])
    assert result.exit_code != 0 and "target is given twice (50 and 60)" in result.output


def not_toml(folder: Path) -> Path:
    path = folder / "broken.toml"
    path.write_text("counts = [1, 2\n", encoding="utf-8")
    return path


def larger_than_a_data_file(folder: Path) -> Path:
    path = folder / "huge.toml"
    path.write_bytes(b"# " + b"x" * (data.MAX_DATA_FILE_BYTES + 10) + b"\n")
    return path


BAD_DATA_FILES: dict[str, tuple[Maker, str]] = {
    "not UTF-8": BAD_FILES["not UTF-8"],
    "a folder": BAD_FILES["a folder"],
    "a pipe": BAD_FILES["a pipe"],
    "missing": BAD_FILES["missing"],
    "not TOML": (not_toml, "is not valid TOML"),
    "too large": (larger_than_a_data_file, "is too large"),
}
DATA_FILE_OPTIONS = [
    (name, spec.name) for name in game_names() for spec in game_class(name).option_specs if spec.kind == "str"
]


@pytest.mark.parametrize("kind", BAD_DATA_FILES)
@pytest.mark.parametrize(("game", "option"), DATA_FILE_OPTIONS)
@pytest.mark.parametrize("command", ["play", "arena"])
def test_a_bad_data_file_option_is_a_one_line_error(
    kind: str, game: str, option: str, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make, words = BAD_DATA_FILES[kind]
    path = make(tmp_path)
    bots = ",".join(["random"] * game_class(game).min_players)
    extra = ["--games", "2", "--bots", bots] if command == "arena" else []
    result = runner.invoke(app, [command, game, *extra, "-o", f"{option}={path}"], input="q\n")
    assert_one_line_error(result, path, words)
