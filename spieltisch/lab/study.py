"""A study from start to report: plan, run on an executor in chunks, save each chunk, summarize.

Each chunk of finished games is appended to games.jsonl and games.csv at
once, so a crash loses only the chunks still being played; Ctrl-C or SIGTERM
stops the study (its worker processes too), and the report is still written
from the games that are done. study.json says how far the study got:
"running" from its start (so a study killed outright reads as not complete),
then "complete" or "interrupted". Run again into the same folder, the same
study resumes: the games saved are kept and only the others are played.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from spieltisch.core.options import OptionError
from spieltisch.lab.chunks import InlineExecutor, in_chunks, kept_games, read_games, write_json
from spieltisch.lab.simulation import StudySpec, plan, play_task

ResultHook = Callable[[dict[str, Any]], None]
RUNNING, COMPLETE, INTERRUPTED = "running", "complete", "interrupted"


FSYNC_SECONDS = 1.0
"""A chunk is written and flushed at once (a killed run keeps it); synced to the disk at most this often."""


class ResultWriter:
    """Appends games to games.jsonl (with their actions, for replay) and, given the players, games.csv.

    A chunk of games goes out in one write per file, flushed, so a run killed
    outright leaves whole lines behind (and at most one line cut short, which
    `chunks.read_games` leaves out). The files are synced to the disk at most
    once per `FSYNC_SECONDS` and when closed: a machine that crashes loses at
    most that much. `kept`: the games of an earlier run to start from; both
    files are written anew with them (atomically), so a resumed run never
    holds a game twice or a line cut short.
    """

    def __init__(self, out_dir: Path, players: int | None, kept: list[dict[str, Any]] | None = None) -> None:
        out_dir.mkdir(parents=True, exist_ok=True)
        self.players = players
        self.files: list[IO[str]] = []
        self.synced = time.monotonic()
        games = kept or []
        self.jsonl = self._start(out_dir / "games.jsonl", "", [_json_line(game) for game in games])
        if players is not None:
            header = _csv_text([csv_header(players)])
            self.csv = self._start(out_dir / "games.csv", header, [_csv_text([csv_row(g)]) for g in games])

    def _start(self, path: Path, header: str, lines: list[str]) -> IO[str]:
        """The file with `header` and `lines`, written whole and renamed into place, open to append."""
        fresh = path.with_name(path.name + ".new")
        with fresh.open("w", encoding="utf-8", newline="") as file:
            file.write(header + "".join(lines))
            file.flush()
            os.fsync(file.fileno())
        fresh.replace(path)
        opened = path.open("a", encoding="utf-8", newline="")
        self.files.append(opened)
        return opened

    def write(self, result: dict[str, Any]) -> None:
        self.append([result])

    def append(self, results: list[dict[str, Any]]) -> None:
        """A chunk of games, one write per file."""
        self.jsonl.write("".join(_json_line(result) for result in results))
        if self.players is not None:
            self.csv.write(_csv_text([csv_row(result) for result in results]))
        for file in self.files:
            file.flush()
        if time.monotonic() - self.synced >= FSYNC_SECONDS:
            self.sync()

    def sync(self) -> None:
        for file in self.files:
            os.fsync(file.fileno())
        self.synced = time.monotonic()

    def close(self) -> None:
        for file in self.files:
            file.flush()
            os.fsync(file.fileno())
            file.close()


def _json_line(result: dict[str, Any]) -> str:
    return json.dumps(result, separators=(",", ":")) + "\n"


def _csv_text(rows: list[list[Any]]) -> str:
    text = io.StringIO()
    csv.writer(text).writerows(rows)
    return text.getvalue()


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
    resumed: int = 0
    """Games an earlier run of the same study had saved, which this run started from."""

    @property
    def status(self) -> str:
        """RUNNING until the study ends (or if it never did), then COMPLETE or INTERRUPTED."""
        if self.seconds is None:
            return RUNNING
        return INTERRUPTED if self.interrupted else COMPLETE


SETTINGS = ("game", "players", "bots", "seed", "options", "variant_options", "rotate")
"""What makes two studies the same study (the number of games aside: more games extend it)."""


def saved_games(spec: StudySpec, out_dir: Path) -> list[dict[str, Any]]:
    """The games of this study that `out_dir` already holds, to resume from; [] for a new folder.

    Raises OptionError when the folder holds another study (other settings, or imported games)
    or more games than `spec.games`, before anything in it is changed.
    """
    try:
        imported = "imported" in json.loads((out_dir / "study.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        imported = False  # no study yet, or kept_games says what is wrong
    if imported:
        raise OptionError(f"{out_dir} holds imported games; choose another --out")
    planned = {(task.index, task.variant) for task in plan(spec)}
    return kept_games(out_dir, "study.json", study_json(StudyOutcome(spec)), SETTINGS, planned, "variant")


def run_study(
    spec: StudySpec,
    out_dir: Path,
    executor: Executor | None = None,
    on_result: ResultHook | None = None,
    command: str = "",
    kept: list[dict[str, Any]] | None = None,
    chunk: int | None = None,
) -> StudyOutcome:
    """Play the study, saving each chunk of games as it finishes; Ctrl-C or SIGTERM stops it early.

    A folder that already holds games of the same study is resumed: only the
    games it lacks are played (`kept`: the games to start from, default
    `saved_games`; [] starts afresh). study.json holds the settings and the
    command from the start, and the run time and status once the study ends,
    so `spieltisch report` can write the report again. `chunk` fixes the games
    per chunk (default: guided, see chunks.py); it changes no result.
    """
    spec.check()  # besides: the game's and bots' modules are imported before a process pool forks
    kept = saved_games(spec, out_dir) if kept is None else kept
    done = {(game["index"], game["variant"]) for game in kept}
    everything = plan(spec)
    tasks = [task for task in everything if (task.index, task.variant) not in done]
    outcome = StudyOutcome(spec, list(kept), len(everything), command=command, resumed=len(kept))
    runner = executor or InlineExecutor()
    writer = ResultWriter(out_dir, spec.players, kept)
    write_study_json(outcome, out_dir)
    start = time.perf_counter()
    try:
        with terminate_as_interrupt():
            for results in in_chunks(runner, play_task, tasks, size=chunk):
                with signals_held():
                    writer.append(results)
                    outcome.results += results
                for result in results:
                    if on_result:
                        on_result(result)
    except KeyboardInterrupt:
        stop_quickly(runner)
    finally:
        writer.close()
        outcome.seconds = time.perf_counter() - start
    outcome.interrupted = len(outcome.results) < outcome.planned
    outcome.results.sort(key=lambda r: (r["index"], r["variant"]))
    write_study_json(outcome, out_dir)
    return outcome


def write_study_json(outcome: StudyOutcome, out_dir: Path) -> None:
    write_json(out_dir / "study.json", study_json(outcome))


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
    results = read_games(out_dir / "games.jsonl")
    ended = study.get("status", COMPLETE) != RUNNING  # a study.json from before the status field ended
    interrupted = len(results) < study["planned_games"] or study.get("status") == INTERRUPTED
    seconds, command = (study.get("seconds") if ended else None), str(study.get("command", ""))
    outcome = StudyOutcome(spec, results, study["planned_games"], interrupted, seconds, command)
    outcome.source = study.get("imported")
    outcome.resumed = int(study.get("resumed_games", 0))
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


@contextmanager
def signals_held() -> Iterator[None]:
    """Inside, Ctrl-C and SIGTERM wait for the block to end, then stop the run as Ctrl-C does: a chunk
    is saved and counted whole, never saved but left out of the report (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = {number: signal.signal(number, lambda signum, _: held.append(signum))
                for number in (signal.SIGINT, signal.SIGTERM)}  # fmt: skip
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    if held:
        raise KeyboardInterrupt


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
    """All games in one JSON file, in game order (games.jsonl keeps the finishing order): one game
    a line, each by the C encoder (an indented dump of 1,600 games took a second and more)."""
    games = ",\n".join(json.dumps(result, separators=(",", ":")) for result in outcome.results)
    study = json.dumps(study_json(outcome))
    (out_dir / "games.json").write_text(f'{{"study": {study},\n"games": [\n{games}\n]}}\n', encoding="utf-8")


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
        "resumed_games": outcome.resumed,
    }
    if outcome.source is not None:  # imported games have no study seed
        found["seed"], found["imported"] = None, outcome.source
    return found
