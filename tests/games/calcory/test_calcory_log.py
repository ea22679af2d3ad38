"""Calcory is a memory game: the terminal's log shows the digit every turned card showed, bots' turns too."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from spieltisch.cli import app


def test_every_turn_in_the_log_shows_its_digit(tmp_path: Path) -> None:
    for lang, verb in (("en", r"turn [A-F]\d+"), ("de", r"Karte [A-F]\d+ aufdecken")):
        args = [
            "play",
            "calcory",
            "--seat",
            "-1",
            "--seed",
            "3",
            "--lang",
            lang,
            "--save",
            str(tmp_path / "r.json"),
        ]
        output = CliRunner().invoke(app, args).output
        turns = re.findall(rf"^(?:Seat|Platz) \d \(heuristic\): {verb}(.*)$", output, re.MULTILINE)
        assert len(turns) > 20
        assert all(re.fullmatch(r": \d", shown) for shown in turns), turns[:5]
