"""A study from start to report: plan, run on an executor, save each game, summarize.

Each finished game is appended to games.jsonl and games.csv at once, so a
crash loses nothing that was finished; Ctrl-C or SIGTERM stops the study (its
worker processes too), and the report is still written from the games that
are done. study.json says how far the study got: "running" from its start
(so a study killed outright reads as not complete), then "complete" or
"interrupted".
"""

from __future__ import annotations

import csv
import json
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from spieltisch.lab.simulation import InlineExecutor, StudySpec, plan, run_tasks

ResultHook = Callable[[dict[str, Any]], None]
RUNNING, COMPLETE, INTERRUPTED = "running", "complete", "interrupted"


class ResultWriter:
    """Appends every game to games.jsonl (with its actions, for replay) and games.csv."""

    def __init__(self, out_dir: Path, players: int) -> None:
        out_dir.mkdir(parents=True, exist_ok=True)
        self.jsonl: IO[str] = (out_dir / "games.jsonl").open("w", encoding="utf-8")
        self.csv_file: IO[str] = (out_dir / "games.csv").open("w", encoding="utf-8", newline="")
        self.csv = csv.writer(self.csv_file)
        self.csv.writerow(csv_header(players))

    def write(self, result: dict[str, Any]) -> None:
        self.jsonl.write(json.dumps(result, separators=(",", ":")) + "\n")
        self.jsonl.flush()
        self.csv.writerow(csv_row(result))
        self.csv_file.flush()

    def close(self) -> None:
        self.jsonl.close()
        self.csv_file.close()


def csv_header(players: int) -> list[str]:
    """Column names; seats are data here, so they say they count from 0 ("seat_index_0_bot" is seat 1)."""
    seats = [f"seat_index_{seat}_{name}" for seat in range(players) for name in ("bot", "score", "win_share")]
    return ["game", "variant", "seed", "decisions", "steps", "seconds", "winner_seat_indices", *seats]


def csv_row(result: dict[str, Any]) -> list[Any]:
    seats: list[Any] = []
    for seat, bot in enumerate(result["bots"]):
        seats += [bot, result["scores"][seat], round(result["shares"][seat], 6)]
    winners = " ".join(str(w) for w in result["winners"])
    row = [result["index"], result["variant"], result["seed"], result["decisions"], result["steps"]]
    return [*row, round(result["seconds"], 4), winners, *seats]


@dataclass
class StudyOutcome:
    spec: StudySpec
    results: list[dict[str, Any]] = field(default_factory=list)
    planned: int = 0
    interrupted: bool = False
    seconds: float | None = None  # None until the study ends
    command: str = ""
    source: dict[str, Any] | None = None
    """For games imported from a server (importing.py): where they came from, what was left out."""

    @property
    def status(self) -> str:
        """RUNNING until the study ends (or if it never did), then COMPLETE or INTERRUPTED."""
        if self.seconds is None:
            return RUNNING
        return INTERRUPTED if self.interrupted else COMPLETE


def run_study(
    spec: StudySpec,
    out_dir: Path,
    executor: Executor | None = None,
    on_result: ResultHook | None = None,
    command: str = "",
) -> StudyOutcome:
    """Play the study, saving each game as it finishes; Ctrl-C or SIGTERM stops it early.

    study.json holds the settings and the command from the start, and the run
    time and status once the study ends, so `spieltisch report` can write the
    report again.
    """
    tasks = plan(spec)
    outcome = StudyOutcome(spec, planned=len(tasks), command=command)
    runner = executor or InlineExecutor()
    writer = ResultWriter(out_dir, spec.players)
    write_study_json(outcome, out_dir)
    start = time.perf_counter()
    try:
        with terminate_as_interrupt():
            for result in run_tasks(runner, tasks, lazy=isinstance(runner, InlineExecutor)):
                writer.write(result)
                outcome.results.append(result)
                if on_result:
                    on_result(result)
    except KeyboardInterrupt:
        outcome.interrupted = True
        stop_quickly(runner)
    finally:
        writer.close()
        outcome.seconds = time.perf_counter() - start
    outcome.results.sort(key=lambda r: (r["index"], r["variant"]))
    write_study_json(outcome, out_dir)
    return outcome


def write_study_json(outcome: StudyOutcome, out_dir: Path) -> None:
    (out_dir / "study.json").write_text(json.dumps(study_json(outcome), indent=1), encoding="utf-8")


def load_outcome(out_dir: Path) -> StudyOutcome:
    """A study as far as it got, from study.json and games.jsonl (e.g. after a crash)."""
    study = json.loads((out_dir / "study.json").read_text(encoding="utf-8"))
    spec = StudySpec(
        study["game"],
        study["players"],
        tuple(study["bots"]),
        study["games"],
        study["seed"],
        study["options"],
        study["variant_options"],
        study["rotate"],
    )
    lines = (out_dir / "games.jsonl").read_text(encoding="utf-8").splitlines()
    results = [json.loads(line) for line in lines if line.strip().endswith("}")]
    ended = study.get("status", COMPLETE) != RUNNING  # a study.json from before the status field ended
    interrupted = len(results) < study["planned_games"] or study.get("status") == INTERRUPTED
    seconds, command = (study.get("seconds") if ended else None), str(study.get("command", ""))
    outcome = StudyOutcome(spec, results, study["planned_games"], interrupted, seconds, command)
    outcome.source = study.get("imported")
    outcome.results.sort(key=lambda r: (r["index"], r["variant"]))
    return outcome


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Inside, SIGTERM stops the study as Ctrl-C does (signals arrive in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def stop_quickly(executor: Executor) -> None:
    """Drop the games not yet started and end the worker processes that play the others.

    A Dask executor's shutdown has no `cancel_futures`, and its workers stay for the next study.
    """
    workers = list((getattr(executor, "_processes", None) or {}).values())  # a process pool's
    try:
        executor.shutdown(wait=False, cancel_futures=True)
    except TypeError:
        executor.shutdown(wait=False)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)


def save_results(outcome: StudyOutcome, out_dir: Path) -> None:
    """All games in one JSON file, in game order (games.jsonl keeps the finishing order)."""
    data = {"study": study_json(outcome), "games": outcome.results}
    (out_dir / "games.json").write_text(json.dumps(data, indent=1), encoding="utf-8")


def study_json(outcome: StudyOutcome) -> dict[str, Any]:
    spec = outcome.spec
    found: dict[str, Any] = {
        "game": spec.game,
        "players": spec.players,
        "bots": list(spec.bots),
        "games": spec.games,
        "seed": spec.seed,
        "options": spec.options,
        "variant_options": spec.variant_options,
        "rotate": spec.rotate,
        "planned_games": outcome.planned,
        "finished_games": len(outcome.results),
        "interrupted": outcome.interrupted,
        "status": outcome.status,
        "seconds": None if outcome.seconds is None else round(outcome.seconds, 3),
        "command": outcome.command,
    }
    if outcome.source is not None:  # imported games have no study seed
        found["seed"], found["imported"] = None, outcome.source
    return found
