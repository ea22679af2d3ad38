"""A study that is stopped or killed: no worker process outlives it, and study.json says how it ended."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")


def parent_and_state(pid: int) -> tuple[int, str] | None:
    """A process's parent and state letter from /proc, or None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = stat.rsplit(")", 1)[1].split()[:2]
    return int(parent), state


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            facts = parent_and_state(int(entry.name))
            if facts and facts[0] == pid:
                found.add(int(entry.name))
    return found


def running(pids: set[int]) -> set[int]:
    """The processes of `pids` still running (a zombie has ended)."""
    return {pid for pid in pids if (facts := parent_and_state(pid)) and facts[1] != "Z"}


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.1)


QUICK = ["level8", "--games", "3000"]
"""Games of a fraction of a second: the study is under way once the first are saved."""
SLOW = ["calcory", "--games", "50", "--bots", "ismcts:t=0.5"]
"""Games of half a minute and more: stopped in the middle of the first, which must not be finished."""


def start_study(out: Path, study_args: list[str]) -> tuple[subprocess.Popen[bytes], set[int]]:
    """A study on two worker processes, once both play (and, for quick games, the first are saved)."""
    command = [sys.executable, "-m", "spieltisch.cli", "simulate", *study_args,
               "--workers", "2", "--no-plots", "--out", str(out)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    # Ctrl-C as a terminal sends it, even where this suite runs with SIGINT ignored (started in
    # the background by a shell without job control, whose children inherit that).
    study = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    games = out / "games.jsonl"
    wait_for(lambda: games.exists(), 120, "the study to start")
    wait_for(lambda: len(children(study.pid)) >= 2, 30, "two workers")
    if study_args is QUICK:
        wait_for(lambda: len(games.read_text().splitlines()) >= 2, 120, "the first games")
    else:
        time.sleep(1)  # the workers are well into their first games
    return study, children(study.pid)


def stop(processes: set[int]) -> None:
    """End what a failed test left running (only the processes it started)."""
    for pid in running(processes):
        os.kill(pid, signal.SIGKILL)


def test_a_study_killed_outright_leaves_no_worker_behind(tmp_path: Path) -> None:
    out = tmp_path / "study"
    study, workers = start_study(out, QUICK)
    try:
        study.kill()  # SIGKILL: the parent can tell nobody
        study.wait(timeout=30)
        wait_for(lambda: not running(workers), 20, f"the workers {sorted(running(workers))} to end")
    finally:
        stop(workers | {study.pid})
    assert json.loads((out / "study.json").read_text())["status"] == "running"
    report = CliRunner().invoke(app, ["report", str(out), "--no-plots"])
    assert report.exit_code == 0, report.output
    assert "**not complete**" in (out / "report.md").read_text()


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
@pytest.mark.parametrize("games", [QUICK, SLOW], ids=["quick-games", "slow-games"])
def test_a_stopped_study_ends_its_workers_and_says_it_was_interrupted(
    stop_signal: int, games: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "study"
    study, workers = start_study(out, games)
    try:
        study.send_signal(stop_signal)
        assert study.wait(timeout=60) == 0
        wait_for(lambda: not running(workers), 5, f"the workers {sorted(running(workers))} to end")
    finally:
        stop(workers | {study.pid})
    saved = json.loads((out / "study.json").read_text())
    assert saved["status"] == "interrupted" and saved["interrupted"] is True
    assert saved["finished_games"] < saved["planned_games"] and saved["seconds"] is not None
    assert (saved["finished_games"] > 0) == (games is QUICK)
    assert "**interrupted**" in (out / "report.md").read_text()


def test_a_study_killed_outright_resumes_when_the_same_command_runs_again(tmp_path: Path) -> None:
    """The games saved before a kill -9 are kept, the others played; every game is the one its seed gives."""
    from spieltisch.lab.chunks import read_games
    from spieltisch.lab.simulation import StudySpec, plan, play_task

    out = tmp_path / "study"
    total = 1000  # several seconds of play even on the compiled build: the kill comes mid-study
    study_args = ["level8", "--games", str(total)]
    study, workers = start_study(out, study_args)
    try:
        wait_for(lambda: len((out / "games.jsonl").read_text().splitlines()) >= 2, 120, "the first chunk")
        study.kill()
        study.wait(timeout=30)
        wait_for(lambda: not running(workers), 20, f"the workers {sorted(running(workers))} to end")
    finally:
        stop(workers | {study.pid})
    kept = len(read_games(out / "games.jsonl"))
    assert 0 < kept < total
    command = [sys.executable, "-m", "spieltisch.cli", "simulate", *study_args,
               "--workers", "2", "--no-plots", "--out", str(out)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    again = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert again.returncode == 0, again.stderr
    assert f"resuming: {kept} of {total} games" in " ".join(again.stdout.split())
    saved = json.loads((out / "study.json").read_text())
    assert saved["status"] == "complete" and saved["resumed_games"] == kept
    games = {game["index"]: game for game in read_games(out / "games.jsonl")}
    assert sorted(games) == list(range(total)) and len(read_games(out / "games.jsonl")) == total
    tasks = plan(StudySpec("level8", 2, ("heuristic", "heuristic"), total, 1))
    for task in tasks[kept - 1 : kept + 1] + tasks[-1:]:  # each side of the kill, and the last game
        assert games[task.index]["actions"] == play_task(task)["actions"]
