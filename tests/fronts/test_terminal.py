"""Terminal play: a person's moves by number or name, help, bad input, quitting, records."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

from spieltisch.core.record import Record
from spieltisch.terminal import TerminalGame, format_moves, matching_moves, seat_bots
from tests.core.toy_game import ToyGame


def scripted(lines: list[str]) -> tuple[io.StringIO, Callable[[str], str]]:
    answers: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return io.StringIO(), read_line


def run(lines: list[str], tmp_path: Path, lang: str = "en") -> tuple[str, TerminalGame]:
    game = ToyGame(2)
    out, read_line = scripted(lines)
    table = TerminalGame(
        game, 0, seat_bots(game, 0, ["random"]), 3, lang, tmp_path / "r.json", out, read_line
    )  # type: ignore[arg-type]
    table.run()
    return out.getvalue(), table


def test_a_person_finishes_a_game_by_move_name(tmp_path: Path) -> None:
    text, table = run(["?", "nonsense", "sw"], tmp_path)
    assert "Type the number of a move" in text
    assert "Not a move here: 'nonsense'" in text
    assert table.state.is_terminal()
    assert "Game over." in text and "Winner(s)" in text
    assert Record.load(tmp_path / "r.json").replay(game=table.game).history() == table.state.history()


def test_moves_by_number_and_german_texts(tmp_path: Path) -> None:
    text, table = run(["1"], tmp_path, lang="de")
    assert table.state.is_terminal()
    assert "Spielende." in text and "Deine Züge:" in text


def test_quitting_keeps_the_unfinished_record(tmp_path: Path) -> None:
    text, table = run(["q"], tmp_path)
    assert not table.state.is_terminal()
    assert "Game left unfinished." in text
    saved = Record.load(tmp_path / "r.json")
    assert saved.actions == table.state.history()


def test_end_of_input_is_a_clean_quit(tmp_path: Path) -> None:
    text, _ = run([], tmp_path)
    assert "Game left unfinished." in text


def test_moves_are_laid_out_in_numbered_columns() -> None:
    text = format_moves(["keep", "swap", "turn A1"], width=30)
    assert text.splitlines()[0].startswith("  1. keep")
    assert "  3. turn A1" in text


def test_a_move_is_found_by_name_beginning_or_last_word() -> None:
    labels = ["turn B1", "turn B10", "stop", "turn C1"]
    assert matching_moves("stop", labels) == [2]
    assert matching_moves("TURN b1", labels) == [0]
    assert matching_moves("b10", labels) == [1]
    assert matching_moves("c1", labels) == [3]
    assert matching_moves("b", labels) == [0, 1]
    assert matching_moves("x", labels) == []
