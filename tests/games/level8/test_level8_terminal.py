"""LEVEL 8 at the terminal: a round's end is announced with who went out and the new levels,
and a stalled round or game says the safety cap decided."""

from __future__ import annotations

import io
from pathlib import Path

from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.text import levels_text
from spieltisch.terminal import TerminalGame, seat_bots


def watch(
    game: Level8Game, bot: str, seed: int, tmp_path: Path, lang: str = "en"
) -> tuple[str, TerminalGame]:
    out = io.StringIO()
    table = TerminalGame(
        game, None, seat_bots(game, None, [bot]), seed, lang, tmp_path / "r.json", out, width=400, height=60
    )
    table.run()
    return out.getvalue(), table


def test_each_round_end_names_who_went_out_and_the_new_levels(tmp_path: Path) -> None:
    text, table = watch(Level8Game(3), "heuristic", 4, tmp_path)
    ends = table.state.round_log
    assert len(ends) >= 3 and all(end.went_out >= 0 for end in ends)
    lines = text.splitlines()
    for end in ends:
        seat = end.went_out + 1  # as people count, on the screen and in the texts
        announced = f"Round {end.round} over: seat {seat} went out. {levels_text(end, 'en')}"
        (line,) = [line for line in lines if announced in line]
        assert line.startswith(f"Seat {seat} (heuristic): ")  # said by the move that went out
        table_line = f"Round {end.round} ended: seat {seat} went out; moved up: seat {seat} (+2)"
        assert table_line in text  # and the next table still tells it


def test_stalled_rounds_and_the_capped_end_are_said_in_german_too(tmp_path: Path) -> None:
    game = Level8Game(2, {"round_turns": 6})
    text, table = watch(game, "random", 2, tmp_path, lang="de")
    assert [end.stalled for end in table.state.round_log][-3:] == [1, 2, 3]
    assert "Runde 1 festgefahren: in 6 Zügen ging niemand raus (Sicherheitsgrenze round_turns)" in text
    assert "(1 von 3 in Folge)" in text and "(2 von 3 in Folge)" in text
    assert "Festgefahrene Runden in Folge (Sicherheitsgrenze): 2 von 3" in text
    assert text.count("Spielende: Sicherheitsgrenze: 3 Runden in Folge ging niemand raus") == 1


def test_a_lay_down_is_told_in_one_line(tmp_path: Path) -> None:
    text, _table = watch(Level8Game(2), "heuristic", 4, tmp_path)
    lines = text.splitlines()
    laid = [line for line in lines if ": lay down level " in line]
    assert laid and all(": laid " in line for line in laid), laid
    assert not [line for line in lines if "into part" in line], "no line per card"
