"""`spieltisch simulate`: files, report, reproducibility, variants, Ctrl-C, process pool and Dask."""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spieltisch import native
from spieltisch.bots import Bot, RandomBot
from spieltisch.cli import app
from spieltisch.core.registry import game_class, game_names
from spieltisch.lab import plots
from spieltisch.lab.report import score_meaning, write_report
from spieltisch.lab.simulation import StudySpec, make_executor, plan, play_seated, seat_bots
from spieltisch.lab.study import run_study
from tests.core.toy_game import ToyGame

TOY = "tests.core.toy_game:ToyGame"
runner = CliRunner()


def simulate(*args: str, plots: bool = False) -> Any:
    return runner.invoke(app, ["simulate", TOY, *args, "--plots" if plots else "--no-plots"])


def results_without_timing(folder: Path) -> list[dict[str, Any]]:
    games = json.loads((folder / "games.json").read_text())["games"]
    return [{k: v for k, v in g.items() if k not in ("seconds", "seconds_per_move")} for g in games]


def test_a_study_writes_every_file_and_the_report(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = ("--games", "8", "--bots", "ismcts:20,random", "--seed", "3", "--workers", "1")
    result = simulate(*args, "--out", str(out), plots=True)
    assert result.exit_code == 0, result.output
    for name in ("games.csv", "games.jsonl", "games.json", "summary.json", "report.md"):
        assert (out / name).is_file(), name
    for plot in ("scores_by_bot.png", "win_share_by_seat.png", "game_length.png"):
        assert (out / plot).read_bytes()[:4] == b"\x89PNG"
    rows = list(csv.DictReader((out / "games.csv").open()))
    assert len(rows) == 8 and [row["seat_index_0_bot"] for row in rows[:2]] == ["ismcts:20", "random"]
    report = (out / "report.md").read_text()
    assert "First-player advantage" in report and "| ismcts:20 |" in report and "95% interval" in report
    summary = json.loads((out / "summary.json").read_text())
    shares = [row["share"] for row in summary["variants"]["base"]["seats"]]
    assert sum(shares) == pytest.approx(1.0)
    assert "win share by bot" in result.output


def test_the_study_report_is_one_html_page_with_the_command_plots_and_versions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "study"
    args = [TOY, "--games", "6", "--bots", "heuristic,random", "--compare", "top=9", "--workers", "1"]
    args += ["--out", str(out)]
    monkeypatch.setattr(sys, "argv", ["spieltisch", "simulate", *args])
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("spieltisch simulate " + " ".join(args)) == 2  # at the top and in the footer
    assert page.count("data:image/png;base64,") == 3 and 'src="game_length.png"' not in page
    assert "Variant against base (top=9)" in page and "<table>" in page and "Python 3" in page
    assert "played 12 games in" in " ".join(result.output.split())


def test_the_same_seed_gives_the_same_games_with_any_number_of_workers(tmp_path: Path) -> None:
    for workers, folder in (("1", "a"), ("2", "b")):
        args = ("--games", "6", "--players", "3", "--bots", "heuristic,random", "--seed", "9")
        assert simulate(*args, "--workers", workers, "--out", str(tmp_path / folder)).exit_code == 0
    assert results_without_timing(tmp_path / "a") == results_without_timing(tmp_path / "b")


def test_a_variant_is_played_on_the_same_seeds_and_compared(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    result = simulate(
        "--games", "10", "--bots", "heuristic", "--compare", "top=9", "--workers", "1", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    games = json.loads((out / "games.json").read_text())["games"]
    base = {g["index"]: g["seed"] for g in games if g["variant"] == "base"}
    variant = {g["index"]: g["seed"] for g in games if g["variant"] == "variant"}
    assert base == variant and len(base) == 10
    report = (out / "report.md").read_text()
    assert "## Variant against base (top=9)" in report
    assert "seat 1 score" in report and "sign-flip" in report and "adjusted p" in report
    assert "Results: base (defaults)" in report and "Results: top=9" in report


SEAT_ZERO = re.compile(r"\bseat 0\b", re.IGNORECASE)


def test_what_people_read_counts_seats_from_1_and_the_data_from_0(tmp_path: Path) -> None:
    """The report, the printed tables and the comparison's labels never say "seat 0"."""
    out = tmp_path / "seats"
    result = simulate(
        "--games", "12", "--players", "3", "--bots", "heuristic,random", "--compare", "top=9",
        "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text()
    for text in (report, result.output):
        assert not SEAT_ZERO.search(text), text
        assert "seat 1 wins" in text and "seat 3" in text
    assert "| seat 1 | " in report and "| seat 3 | " in report
    summary = json.loads((out / "summary.json").read_text())
    assert [row["seat"] for row in summary["variants"]["base"]["seats"]] == [0, 1, 2]
    about_seats = [row for row in summary["comparison"] if row["seat"] is not None]
    assert about_seats and all(row["metric"].startswith(f"seat {row['seat'] + 1} ") for row in about_seats)
    header = (out / "games.csv").read_text().splitlines()[0].split(",")
    assert "winner_seat_indices" in header and header[-3:] == [
        "seat_index_2_bot", "seat_index_2_score", "seat_index_2_win_share",
    ]  # fmt: skip


def test_the_seat_plot_names_seats_from_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyplot = plots._pyplot()
    drawn: list[Any] = []
    monkeypatch.setattr(pyplot, "close", drawn.append)
    rows = [{"seat": seat, "share": 1 / 3, "low": 0.2, "high": 0.5} for seat in range(3)]
    plots.plot_win_share_by_seat({"base": {"seats": rows}}, 3, tmp_path / "seats.png")
    monkeypatch.undo()
    ticks = [label.get_text() for label in drawn[0].axes[0].get_xticklabels()]
    pyplot.close(drawn[0])
    assert ticks == ["seat 1", "seat 2", "seat 3"]


class NoisyHeuristic(Bot):
    """The heuristic's move, after drawing from its random stream as a searching bot would."""

    name = "noisy"

    def __init__(self, game: Any, draws: int) -> None:
        self.game, self.draws = game, draws

    def choose(self, state: Any, rng: random.Random) -> int:
        for _ in range(self.draws):
            rng.random()
        return int(self.game.heuristic_action(state, rng))


def test_chance_does_not_depend_on_how_much_a_bot_draws() -> None:
    """Common random numbers: chance and each bot have their own streams, so paired games stay paired."""
    game = ToyGame(3)
    histories = []
    for draws in (0, 7):
        bots: list[Bot] = [NoisyHeuristic(game, draws), RandomBot(), RandomBot()]
        histories.append(play_seated(game, bots, seed=12)[0].history())
    assert histories[0] == histories[1]


def test_options_file_and_bad_input_are_clear(tmp_path: Path) -> None:
    options = tmp_path / "variant.toml"
    options.write_text("top = 3\n")
    good = simulate(
        "--games", "2", "--options-file", str(options), "--workers", "1", "--out", str(tmp_path / "o")
    )
    assert good.exit_code == 0, good.output
    assert json.loads((tmp_path / "o" / "games.json").read_text())["study"]["options"] == {"top": 3}
    for args, message in (
        (["--bots", "mcts"], "unknown bot"),
        (["--bots", "ismcts:zero"], "bad bot spec"),
        (["-o", "top=99"], "out of range"),
        (["--players", "2", "--bots", "random,random,random"], "3 bots for 2 players"),
        (["--games", "0"], "at least 1"),
    ):
        result = simulate(*args, "--out", str(tmp_path / "bad"))
        assert result.exit_code == 2 and message in result.output, result.output


def test_ctrl_c_keeps_the_finished_games_and_still_reports(tmp_path: Path) -> None:
    spec = StudySpec(TOY, 2, ("heuristic", "random"), games=20, seed=4)
    seen: list[int] = []

    def interrupt_after_three(result: dict[str, Any]) -> None:
        seen.append(result["index"])
        if len(seen) == 3:
            raise KeyboardInterrupt

    outcome = run_study(spec, tmp_path, on_result=interrupt_after_three)
    assert outcome.interrupted and len(outcome.results) == 3
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 3
    write_report(outcome, tmp_path, plots=False)
    assert "3 of 20 planned games" in (tmp_path / "report.md").read_text()
    assert "interrupted" in (tmp_path / "report.md").read_text()


def test_the_report_can_be_rebuilt_from_the_saved_games(tmp_path: Path) -> None:
    """After a crash only games.jsonl and study.json exist; `spieltisch report` rebuilds the rest."""
    spec = StudySpec(TOY, 2, ("heuristic", "random"), games=6, seed=4)
    run_study(spec, tmp_path)
    result = runner.invoke(app, ["report", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    assert "6 of 6 planned games" in (tmp_path / "report.md").read_text()
    missing = runner.invoke(app, ["report", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "cannot read the study" in missing.output


def test_the_rebuilt_report_keeps_the_command_and_the_run_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "study"
    args = [TOY, "--games", "4", "--seed", "2", "--workers", "1", "--out", str(out), "--no-plots"]
    monkeypatch.setattr(sys, "argv", ["spieltisch", "simulate", *args])
    assert runner.invoke(app, ["simulate", *args]).exit_code == 0
    first = (out / "report.md").read_text()
    (out / "report.md").unlink()
    assert runner.invoke(app, ["report", str(out), "--no-plots"]).exit_code == 0
    again = (out / "report.md").read_text()
    command = next(line for line in first.splitlines() if line.startswith("spieltisch simulate"))
    assert command in again and "--seed 2" in command
    run_time = next(line for line in first.splitlines() if "run time" in line)
    assert run_time in again and "not recorded" not in again


def comparison_rows(report: str) -> list[list[str]]:
    table = report.split("## Variant against base")[1].split("\n\n")[2]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]]


def test_base_variant_and_difference_share_their_decimals(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    args = ("--games", "12", "--players", "3", "--bots", "heuristic,random", "--compare", "top=9")
    assert simulate(*args, "--workers", "1", "--out", str(out)).exit_code == 0
    rows = comparison_rows((out / "report.md").read_text())
    assert rows
    for metric, base, variant, difference, interval, *_ in rows:
        places = {len(value.strip("*").split(".")[1]) for value in (base, variant, difference)}
        places |= {len(end.split(".")[1]) for end in interval.split(" to ")}
        assert places == ({3} if "win share" in metric else {1} if "length" in metric else {2}), metric
    assert "heuristic win share" in [row[0] for row in rows] and "random win share" in [
        row[0] for row in rows
    ]


@pytest.mark.parametrize(
    ("name", "words"),
    [("allegra", "lower is better"), ("level8", "the level reached (higher"), ("calcory", "cards collected")],
)
def test_each_games_score_is_explained(name: str, words: str) -> None:
    if name not in game_names():
        pytest.skip(f"{name} is not registered")
    assert words in score_meaning(name)


def test_arena_shows_its_progress() -> None:
    result = runner.invoke(app, ["arena", TOY, "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "4/4" in result.output and "eta" in result.output


def test_arena_plays_the_same_games_in_worker_processes() -> None:
    """`--workers` shares the games out; game i is the same game, so the table is the same."""
    command = ["arena", "souvenirs", "--bots", "heuristic,random", "--games", "6", "--seed", "3"]
    alone = runner.invoke(app, command)
    shared = runner.invoke(app, [*command, "--workers", "2"])
    assert alone.exit_code == 0 and shared.exit_code == 0, alone.output + shared.output
    rows = [[line for line in result.output.splitlines() if "│" in line] for result in (alone, shared)]
    assert rows[0] == rows[1] and any("heuristic" in line for line in rows[0])
    refused = runner.invoke(app, [*command, "--workers", "0"])
    assert refused.exit_code == 2 and "--workers" in refused.output


def test_bench_measures_per_cpu_second_against_the_targets() -> None:
    name = game_names()[0]
    result = runner.invoke(app, ["bench", name, "--seconds", "0.05", "--ismcts", "0.05"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "per CPU-second" in text and "targets:" in text and "eta" in text
    assert "✓" in text or "✗" in text
    # The compiled build measures pure Python too and prints the ratio; pure Python does not.
    assert ("× pure" in text) == native.status().compiled
    assert ("build: compiled" in text) == native.status().compiled


def test_each_game_is_on_disk_as_soon_as_it_is_finished(tmp_path: Path) -> None:
    spec = StudySpec(TOY, 2, ("random",) * 2, games=4, seed=1)
    lines: list[int] = []
    run_study(
        spec,
        tmp_path,
        on_result=lambda _: lines.append(len((tmp_path / "games.csv").read_text().splitlines())),
    )
    assert lines == [2, 3, 4, 5]  # header + games so far


def test_a_process_pool_runs_the_study(tmp_path: Path) -> None:
    spec = StudySpec(TOY, 3, ("heuristic", "random", "random"), games=9, seed=2)
    executor = make_executor(2)
    try:
        outcome = run_study(spec, tmp_path, executor)
    finally:
        executor.shutdown()
    assert sorted(r["index"] for r in outcome.results) == list(range(9))
    assert [r["seed"] for r in outcome.results] == [t.seed for t in plan(spec)]


def test_dask_runs_the_same_study(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        args = ("--games", "6", "--bots", "heuristic,random", "--seed", "5")
        result = simulate(*args, "--dask", cluster.scheduler_address, "--out", str(tmp_path / "dask"))
        assert result.exit_code == 0, result.output
    assert simulate(*args, "--workers", "1", "--out", str(tmp_path / "local")).exit_code == 0
    assert results_without_timing(tmp_path / "dask") == results_without_timing(tmp_path / "local")


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_runs_in_the_lab(name: str, tmp_path: Path) -> None:
    players = game_class(name).min_players
    spec = StudySpec(name, players, seat_bots(["ismcts:2:cutoff=2", "heuristic"], players), games=1, seed=1)
    outcome = run_study(spec, tmp_path)
    summary = write_report(outcome, tmp_path, plots=False)
    assert summary["variants"]["base"]["games"] == 1
