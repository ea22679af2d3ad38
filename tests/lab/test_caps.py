"""`spieltisch caps`: how close games between bots come to a game's safety caps."""

from __future__ import annotations

from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.lab.caps import measure, verdict
from spieltisch.lab.simulation import InlineExecutor

runner = CliRunner()


def test_games_that_reach_a_low_cap_are_counted_and_ended_by_it() -> None:
    [figures] = measure("calcory", [2], 12, 3, {"idle_turn_limit": 2}, "heuristic", InlineExecutor())
    cap = figures.caps["idle_turn_limit"]
    assert figures.games == 12 and len(cap.counts) == 12 and cap.cap.limit == 2
    assert 0 < cap.reached == figures.capped  # a game that reached the cap was ended by it
    assert max(cap.counts) == 2  # nothing passes the cap


def test_a_round_cap_counts_as_reached_although_only_stalled_rounds_in_a_row_end_the_game() -> None:
    """LEVEL 8's round_turns deals a stalled round again; the verdict must not say "no game reached a cap"."""
    [figures] = measure("level8", [2], 8, 1, {"round_turns": 26}, "heuristic", InlineExecutor())
    assert figures.reached == figures.caps["round_turns"].reached == 8
    assert 0 < figures.capped == figures.caps["stall_rounds"].reached < figures.reached
    assert verdict([figures]) == f"8 games reached a cap ({figures.capped} ended by one)"


def test_with_the_cap_off_the_counters_show_where_games_end_by_themselves() -> None:
    advanced: list[int] = []
    found = measure(
        "calcory", [2, 3], 6, 3, {"idle_turn_limit": 0}, "heuristic", InlineExecutor(), advanced.append
    )
    assert sum(advanced) == 12
    for figures in found:
        cap = figures.caps["idle_turn_limit"]
        assert cap.cap.limit == 0 and cap.reached == 0 == figures.capped
        assert cap.percentile(0.5) <= cap.percentile(0.99) <= max(cap.counts) and max(cap.counts) > 0


def test_the_command_prints_a_table_per_player_count() -> None:
    args = ["caps", "allegra", "--games", "4", "--players", "2", "--players", "3", "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "allegra, 2 players: 4 games" in result.output and "allegra, 3 players" in result.output
    assert "turn_cap" in result.output and "no game reached a cap" in result.output


def test_a_game_without_caps_or_a_bad_option_is_a_clear_error() -> None:
    for args in (["caps", "souvenirs"], ["caps", "calcory", "-o", "idle_turn_limit=-3"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "error:" in result.output and "Traceback" not in result.output
