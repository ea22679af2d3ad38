"""`spieltisch strength`: the targets, the judging of a matchup and the command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.lab.commands import duration
from spieltisch.lab.strength import Matchup, estimate_seconds, judge, matchups, target_met

TOY = "tests.core.toy_game:ToyGame"


@pytest.mark.parametrize(
    ("share", "low", "players", "met"),
    [
        (0.70, 0.58, 2, True),
        (0.58, 0.52, 2, False),  # significant, but under 60%
        (0.65, 0.48, 2, False),  # 60%, but the interval reaches one half
        (0.45, 0.36, 3, True),
        (0.45, 0.33, 3, False),
    ],
)
def test_the_targets(share: float, low: float, players: int, met: bool) -> None:
    assert target_met(share, low, players)[0] is met


def result(bots: list[str], shares: list[float], seconds: list[float]) -> dict[str, Any]:
    return {"bots": bots, "shares": shares, "scores": [0.0] * len(bots), "seconds_per_move": seconds}


def test_a_matchup_is_judged_on_the_candidates_seats_and_time() -> None:
    matchup = Matchup("toy", 2, "ismcts:9", "heuristic")
    games = [result(["ismcts:9", "heuristic"], [1.0, 0.0], [0.4, 0.0])] * 30
    games += [result(["heuristic", "ismcts:9"], [1.0, 0.0], [0.0, 0.4])] * 10
    verdict = judge(matchup, games, seconds_limit=1.0)
    assert (verdict.games, verdict.share, verdict.met) == (40, 0.75, True)
    assert verdict.low > 0.5
    slow = judge(matchup, games, seconds_limit=0.3)
    assert not slow.met and "too slow" in slow.why


def test_every_game_gets_both_matchups_at_a_sensible_player_count() -> None:
    plan = matchups(["calcory", "lucandor"], "ismcts:t=0.5")
    assert [(m.title, m.players, m.candidate, m.opponent) for m in plan] == [
        ("calcory", 2, "heuristic", "random"),
        ("lucandor", 3, "heuristic", "random"),
        ("calcory", 2, "ismcts:t=0.5", "heuristic"),
        ("lucandor", 3, "ismcts:t=0.5", "heuristic"),
    ]
    assert matchups(["calcory"], "ismcts", kinds="ismcts")[0].candidate == "ismcts"
    assert plan[1].spec(6, 1).bots == ("heuristic", "random", "random")


def test_the_command_writes_the_table_with_every_matchup(tmp_path: Path) -> None:
    args = [
        "strength",
        TOY,
        "--games",
        "6",
        "--ismcts",
        "ismcts:30",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    ]
    outcome = CliRunner().invoke(app, args)
    assert outcome.exit_code == 0, outcome.output
    assert "2 matchups of 6 games on 1 worker: about" in outcome.output
    assert "matchup 1 of 2" in outcome.output and "matchup 2 of 2" in outcome.output
    assert "all matchups" in outcome.output and "eta" in outcome.output
    table = (tmp_path / "strength.md").read_text()
    assert "spieltisch strength" in table
    assert "| toy | 2 | `heuristic` | `random` | 6 |" in table
    assert "| toy | 2 | `ismcts:30` | `heuristic` | 6 |" in table
    assert (tmp_path / "toy-2p-ismcts_30-vs-heuristic" / "report.md").is_file()


@pytest.mark.parametrize("args", [["--only", "nobody"], ["--ismcts", "ismcts:zz"], ["nogame"]])
def test_bad_arguments_are_clear_errors(tmp_path: Path, args: list[str]) -> None:
    outcome = CliRunner().invoke(app, ["strength", *args, "--games", "2", "--out", str(tmp_path)])
    assert outcome.exit_code != 0
    assert "Traceback" not in outcome.output
    assert not (tmp_path / "strength.md").exists()


def test_the_run_time_estimate_grows_with_the_candidates_thinking() -> None:
    quick = estimate_seconds(Matchup(TOY, 3, "heuristic", "random"))
    slow = estimate_seconds(Matchup(TOY, 3, "ismcts:400", "random"))
    assert 0 < quick < slow


def test_durations_read_like_people_say_them() -> None:
    assert [duration(s) for s in (0.2, 40, 600, 7500)] == ["1 s", "40 s", "10 min", "2 h 5 min"]
