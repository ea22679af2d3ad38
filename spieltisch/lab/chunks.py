"""Games handed to workers in chunks, and the games a run has saved, for resuming it.

One task per game costs a round trip per game (pickling, a queue, a future)
and, submitted all at once, a future per game held by the parent; one chunk
per worker leaves the workers that finish early idle at the end. So chunks
are guided: each holds 1 / (`GUIDED_SHARE` x workers) of the games not yet
handed out, at most `MOST_PER_CHUNK` and about `CHUNK_SECONDS` of play (the
games' cost is learnt from the first chunks, of one game each), so they
start large and shrink to single games near the end; and only `AHEAD` chunks
per worker are in flight, so a 100,000-game run holds a few hundred futures,
not 100,000. Every game has its own seed, so how the games are chunked
changes no result.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from spieltisch.core.options import OptionError

T = TypeVar("T")
R = TypeVar("R")

MOST_PER_CHUNK = 32
"""At most this many games per chunk: a killed run plays again at most the chunks in flight."""
GUIDED_SHARE = 4
"""A chunk is 1 / (GUIDED_SHARE x workers) of the games not yet handed out."""
CHUNK_SECONDS = 0.25
"""A chunk holds about this much play at most: its round trip is noise beside it, and the progress
bar (and a killed run's loss) moves in steps no longer than that (a game that takes longer is a
chunk of its own)."""
AHEAD = 2
"""Chunks in flight per worker: one being played, one waiting, so no worker waits for the parent."""


class InlineExecutor(Executor):
    """Runs each task at submit time in this process: one worker, no start-up cost."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def play_chunk(work: Callable[[T], R], tasks: list[T]) -> tuple[float, list[R]]:
    """In a worker: play a chunk of tasks; the seconds it took and the results together."""
    start = time.perf_counter()
    results = [work(task) for task in tasks]
    return time.perf_counter() - start, results


def executor_workers(executor: Executor) -> int:
    """How many tasks `executor` runs at once: a process pool's workers, a Dask cluster's threads."""
    pool = getattr(executor, "_max_workers", None)
    if isinstance(pool, int):
        return pool
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None:
        return max(1, int(sum(client.nthreads().values())))
    return 1


def chunk_size(left: int, workers: int, seconds_per_game: float | None) -> int:
    """The next chunk's games: a share of what is left, shrinking to 1 at the end, and no more
    than `CHUNK_SECONDS` of play (one game until a chunk has told what a game costs)."""
    most = MOST_PER_CHUNK
    if seconds_per_game is None:
        most = 1
    elif seconds_per_game > 0:
        most = max(1, min(most, int(CHUNK_SECONDS / seconds_per_game)))
    return max(1, min(most, math.ceil(left / (GUIDED_SHARE * workers))))


def in_chunks(
    executor: Executor,
    work: Callable[[T], R],
    tasks: list[T],
    workers: int | None = None,
    size: int | None = None,
) -> Iterator[list[R]]:
    """The results of `work` on every task, a chunk at a time in the order chunks finish.

    `size` fixes the chunk size (default: guided). Leaving the loop early (Ctrl-C, an
    error) cancels the chunks not yet started.
    """
    if isinstance(executor, InlineExecutor):  # one game per step, so Ctrl-C stops after the game at hand
        for task in tasks:
            yield [work(task)]
        return
    count = workers or executor_workers(executor)
    handed, played, seconds = 0, 0, 0.0
    running: set[Future[tuple[float, list[R]]]] = set()

    def hand_out() -> None:
        nonlocal handed
        pace = seconds / played if played else None
        while handed < len(tasks) and len(running) < AHEAD * count:
            take = size or chunk_size(len(tasks) - handed, count, pace)
            running.add(executor.submit(partial(play_chunk, work), tasks[handed : handed + take]))
            handed += take

    try:
        hand_out()
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            finished = [future.result() for future in done]
            running.difference_update(done)
            for took, results in finished:
                played, seconds = played + len(results), seconds + took
            hand_out()  # before the results are saved: the workers never wait for the disk
            for _, results in finished:
                yield results
    finally:
        for future in running:
            future.cancel()


def read_games(path: Path) -> list[dict[str, Any]]:
    """The games saved in a games.jsonl; a line cut short by a kill is left out."""
    if not path.exists():
        return []
    games = []
    with path.open(encoding="utf-8") as file:
        for line in file:
            if not line.endswith("\n"):
                break  # the last line, cut short
            try:
                games.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return games


def kept_games(
    folder: Path,
    settings_file: str,
    settings: dict[str, Any],
    keys: tuple[str, ...],
    planned: set[tuple[int, str]],
    arm: str,
) -> list[dict[str, Any]]:
    """The games an earlier run of the same settings saved in `folder`, to resume from ([] for none).

    `planned`: the (game index, arm) of every game wanted now. Raises OptionError, before anything
    is changed, when the folder holds a run of other settings or games beyond those planned.
    """
    try:
        saved = json.loads((folder / settings_file).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        raise OptionError(f"cannot read {folder / settings_file} ({error}); choose another --out") from None
    changed = changed_settings(saved, settings, keys)
    if changed:
        raise OptionError(
            f"{folder} holds a run with other settings ({', '.join(changed)}); "
            "choose another --out, or give --fresh to replace it"
        )
    kept: dict[tuple[int, str], dict[str, Any]] = {}
    for game in read_games(folder / "games.jsonl"):
        key = (game["index"], game[arm])
        if key not in planned:  # a game beyond a smaller --games: never dropped unasked
            raise OptionError(
                f"{folder} holds games of this run beyond those asked for now (game {key[0] + 1}); "
                "give a --games that covers them, or --fresh to start over"
            )
        kept.setdefault(key, game)
    return list(kept.values())


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Written whole and renamed into place: a kill never leaves half a settings file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    fresh.replace(path)


def changed_settings(saved: dict[str, Any], wanted: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """The settings among `keys` that differ between a saved run and the one asked for (as JSON)."""

    def plain(value: Any) -> Any:
        return json.loads(json.dumps(value, default=str))

    return [key for key in keys if plain(saved.get(key)) != plain(wanted.get(key))]
