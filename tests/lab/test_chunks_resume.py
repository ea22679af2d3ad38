"""Chunks and resuming: how games are chunked changes no result, and a stopped run picks up where it was."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.lab import chunks, sweep
from spieltisch.lab.simulation import InlineExecutor, StudySpec, make_executor
from spieltisch.lab.study import run_study

TOY = "tests.core.toy_game:ToyGame"
COIN = "tests.lab.coin_game:CoinGame"
runner = CliRunner()
TIMING = ("seconds", "seconds_per_move")


def without_timing(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in result.items() if k not in TIMING} for result in results]


def saved(folder: Path) -> list[dict[str, Any]]:
    games = chunks.read_games(folder / "games.jsonl")
    return without_timing(sorted(games, key=lambda r: (r["index"], r.get("variant") or r["arm"])))


def test_guided_chunks_shrink_to_single_games_and_hold_a_quarter_second_of_play() -> None:
    sizes, left = [], 1000
    while left:
        sizes.append(chunks.chunk_size(left, workers=4, seconds_per_game=0.001))
        left -= sizes[-1]
    assert sizes[0] == chunks.MOST_PER_CHUNK and sizes[-1] == 1
    assert sizes == sorted(sizes, reverse=True) and sum(sizes) == 1000
    assert chunks.chunk_size(1000, 4, seconds_per_game=0.025) == 10  # 0.25 s of play
    assert chunks.chunk_size(1000, 4, seconds_per_game=30.0) == 1  # a search bot's games: one at a time
    assert chunks.chunk_size(1000, 4, seconds_per_game=None) == 1  # before any game was timed
    executor = make_executor(2)
    try:
        handed = [
            n for part in chunks.in_chunks(executor, abs, list(range(-50, 50)), workers=2) for n in part
        ]
    finally:
        executor.shutdown()
    assert sorted(handed) == sorted(abs(n) for n in range(-50, 50))


def test_chunked_games_on_a_pool_are_the_games_played_one_by_one(tmp_path: Path) -> None:
    spec = StudySpec(TOY, 3, ("heuristic", "random", "random"), games=23, seed=8, variant_options={"top": 9})
    alone = run_study(spec, tmp_path / "alone", InlineExecutor())
    executor = make_executor(2)
    try:
        pooled = run_study(spec, tmp_path / "pooled", executor, chunk=7)
    finally:
        executor.shutdown()
    assert len(alone.results) == 46
    assert without_timing(pooled.results) == without_timing(alone.results)
    assert saved(tmp_path / "pooled") == saved(tmp_path / "alone")
    rows = list(csv.reader((tmp_path / "pooled" / "games.csv").open()))
    assert len(rows) == 47 and len({(row[0], row[1]) for row in rows[1:]}) == 46


def interrupt_after(count: int) -> Any:
    seen: list[int] = []

    def hook(_: dict[str, Any]) -> None:
        seen.append(1)
        if len(seen) == count:
            raise KeyboardInterrupt

    return hook


def test_a_stopped_study_resumes_to_the_games_of_an_uninterrupted_one(tmp_path: Path) -> None:
    spec = StudySpec(TOY, 2, ("heuristic", "random"), games=12, seed=5)
    whole = run_study(spec, tmp_path / "whole")
    stopped = run_study(spec, tmp_path / "resumed", on_result=interrupt_after(5))
    assert stopped.interrupted and len(stopped.results) == 5
    with (tmp_path / "resumed" / "games.jsonl").open("a") as games:
        games.write('{"index": 11, "variant": "base", "sco')  # a line cut short by a kill
    resumed = run_study(spec, tmp_path / "resumed")
    assert resumed.resumed == 5 and not resumed.interrupted
    assert without_timing(resumed.results) == without_timing(whole.results)
    assert saved(tmp_path / "resumed") == saved(tmp_path / "whole")  # no game twice, no line cut short
    study = json.loads((tmp_path / "resumed" / "study.json").read_text())
    assert study["status"] == "complete" and study["resumed_games"] == 5 and study["finished_games"] == 12


def test_more_games_extend_a_study_and_fewer_or_other_settings_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "study"

    def simulate(seed: int, games: int, *extra: str) -> Any:
        args = ["simulate", TOY, "--seed", str(seed), "--games", str(games), "--workers", "1", "--no-plots"]
        return runner.invoke(app, [*args, *extra, "--out", str(out)])

    assert simulate(3, 6).exit_code == 0
    first = saved(out)
    more = simulate(3, 10)
    assert more.exit_code == 0 and "resuming: 6 of 10 games" in " ".join(more.output.split())
    assert saved(out)[:6] == first and len(saved(out)) == 10
    before = (out / "games.jsonl").read_bytes()
    other = simulate(4, 10)
    assert other.exit_code == 2 and "other settings (seed)" in " ".join(other.output.split())
    assert (out / "games.jsonl").read_bytes() == before
    fewer = simulate(3, 8)
    assert fewer.exit_code == 2 and "beyond those asked for now (game 9)" in " ".join(fewer.output.split())
    assert (out / "games.jsonl").read_bytes() == before
    anew = simulate(4, 4, "--fresh")
    assert anew.exit_code == 0 and "resuming" not in anew.output
    assert len(saved(out)) == 4 and json.loads((out / "study.json").read_text())["seed"] == 4


@pytest.mark.parametrize("command", ["sweep", "league"])
def test_a_killed_sweep_or_league_resumes_to_the_same_table(tmp_path: Path, command: str) -> None:
    what = ["bias=40,70"] if command == "sweep" else ["--bots", "random,heuristic"]
    table = "sweep.csv" if command == "sweep" else "ratings.csv"
    settings = "sweep.json" if command == "sweep" else "league.json"

    def run(out: Path) -> Any:
        args = [command, COIN, *what, "--games", "12", "--workers", "1", "--no-plots", "--out", str(out)]
        return runner.invoke(app, args)

    assert run(tmp_path / "whole").exit_code == 0
    assert run(tmp_path / "killed").exit_code == 0
    games = (tmp_path / "killed" / "games.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "killed" / "games.jsonl").write_text("".join(games[:9]) + games[9][:20])  # killed mid-write
    (tmp_path / "killed" / table).unlink()
    again = run(tmp_path / "killed")
    assert again.exit_code == 0 and f"resuming: 9 of {len(games)} games" in " ".join(again.output.split())
    assert (tmp_path / "killed" / table).read_text() == (tmp_path / "whole" / table).read_text()
    assert json.loads((tmp_path / "killed" / settings).read_text())["resumed_games"] == 9


def test_a_sweep_chunked_on_a_pool_gives_the_games_played_one_by_one(tmp_path: Path) -> None:
    spec = sweep.make_sweep(TOY, 2, ("heuristic", "random"), 9, ["top=5,9"])
    alone, _ = sweep.run_games(sweep.plan(spec), tmp_path / "alone", InlineExecutor())
    executor = make_executor(2)
    try:
        pooled, interrupted = sweep.run_games(sweep.plan(spec), tmp_path / "pooled", executor, chunk=4)
    finally:
        executor.shutdown()
    assert not interrupted and pooled == alone and len(alone) == 18


def test_the_scaling_script_prints_a_row_per_worker_count() -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "lab_scaling.py"
    command = [sys.executable, str(script), "--game", TOY, "--players", "2", "--games", "6"]
    command += ["--workers", "1,2"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    rows = [
        line.split("|")[1:-1]
        for line in run.stdout.splitlines()
        if line.startswith("| ") and "---" not in line
    ]
    assert [row[0].strip() for row in rows] == ["workers", "1", "2"]
    assert rows[1][2].strip() == "1.00x" and rows[1][3].strip() == "100%"
    assert float(rows[2][1]) > 0 and "cores" in run.stdout.splitlines()[0]
