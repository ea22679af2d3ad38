"""Running a study: many seeded games on an executor, each result saved as it arrives.

Game i gets its own seed, derived from the study's seed and i alone, so any
game can be replayed by itself and a study gives the same results whatever
the number of workers. Bots are seated rotated by i, so every bot meets
every seat equally often when the number of games is a multiple of the
players. With a variant to compare, game i of the variant has the same seed
and seating as game i of the base.

Chance and every seat's bot draw from random streams of their own, derived
from the game's seed (common random numbers): a bot that thinks longer in the
variant does not change the cards dealt, and the deal does not change the
bots' coin flips, so paired games stay alike as far as the rules let them.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import AnyGame, Game, State
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_class
from spieltisch.lab.chunks import InlineExecutor

BASE, VARIANT = "base", "variant"

T = TypeVar("T")
R = TypeVar("R")


def derive_seed(master: int, index: int) -> int:
    """The seed of game `index` of a study seeded with `master`."""
    digest = hashlib.sha256(f"spieltisch/{master}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def resolve_game_class(name: str) -> type[AnyGame]:
    """A registered game's class, or "package.module:ClassName" for a game outside the registry."""
    if ":" not in name:
        return game_class(name)
    module_name, _, class_name = name.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise OptionError(f"cannot load game {name!r}: {error}") from None
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise OptionError(f"{name!r} is not a Game class")
    return cls


def make_game(name: str, players: int, options: dict[str, Any]) -> AnyGame:
    return resolve_game_class(name)(players, options)


Options = dict[str, Any]


@dataclass(frozen=True)
class StudySpec:
    """What to simulate. `variant_options` (when set) are played on the same seeds as the base:
    one variant's options on top of the base's, or a list of variants, each compared with the base."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    options: Options = field(default_factory=dict)
    variant_options: Options | list[Options] | None = None
    rotate: bool = True

    def variants(self) -> dict[str, Options]:
        """Every version's name and options: "base", then "variant" (or "variant 1", "variant 2", ...)."""
        own = named_variants(self.variant_options)
        return {BASE: self.options, **{name: {**self.options, **extra} for name, extra in own.items()}}

    def seating(self, index: int) -> list[str]:
        if not self.rotate:
            return list(self.bots)
        shift = index % self.players
        return list(self.bots[shift:] + self.bots[:shift])

    def check(self) -> None:
        """Raise OptionError for a bad game, option, player count or bot before any work starts."""
        for options in self.variants().values():
            game = make_game(self.game, self.players, options)
            for seat, spec in enumerate(self.bots):
                make_bot(spec, game, seat)
        if self.games < 1:
            raise OptionError("the number of games must be at least 1")


def named_variants(variant_options: Options | list[Options] | None) -> dict[str, Options]:
    """Each variant's name and its own options: "variant" alone, or "variant 1", "variant 2", ..."""
    if variant_options is None:
        return {}
    if isinstance(variant_options, dict):
        return {VARIANT: variant_options}
    if len(variant_options) == 1:
        return {VARIANT: variant_options[0]}
    return {f"{VARIANT} {number}": options for number, options in enumerate(variant_options, 1)}


def seat_bots(bots: list[str], players: int) -> tuple[str, ...]:
    """One bot per seat: a single bot takes every seat; a shorter list is filled with its last bot."""
    if not bots:
        raise OptionError("name at least one bot")
    if len(bots) > players:
        raise OptionError(f"{len(bots)} bots for {players} players; give at most one bot per seat")
    return tuple(bots + [bots[-1]] * (players - len(bots)))


@dataclass(frozen=True)
class GameTask:
    index: int
    seed: int
    variant: str
    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]


def plan(spec: StudySpec) -> list[GameTask]:
    """Every game of the study, base and variant interleaved so an interrupted study stays paired."""
    tasks = []
    for index in range(spec.games):
        seed = derive_seed(spec.seed, index)
        for variant, options in spec.variants().items():
            tasks.append(GameTask(index, seed, variant, spec.game, options, tuple(spec.seating(index))))
    return tasks


@dataclass
class Streams:
    """The random streams of one game: one for chance, one for each seat's bot."""

    chance: random.Random
    seats: list[random.Random]

    @classmethod
    def of(cls, seed: int, players: int) -> Streams:
        seats = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
        return cls(random.Random(f"chance:{seed}"), seats)


def play_seated(game: AnyGame, bots: list[Bot], seed: int) -> tuple[State, list[float], list[int]]:
    """Play one game; returns the final state, each seat's thinking seconds and decisions."""
    streams = Streams.of(seed, len(bots))
    state = game.new_initial_state()
    watchers = [bot for bot in bots if bot.watches_table]
    thinking = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, streams.chance))
        else:
            seat = state.current_player()
            start = time.perf_counter()
            action = bots[seat].choose(state, streams.seats[seat])
            thinking[seat] += time.perf_counter() - start
            decisions[seat] += 1
            state.apply_action(action)
        for watcher in watchers:
            watcher.observe(state)
    return state, thinking, decisions


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one planned game (in a worker) and return its result as plain data."""
    start = time.perf_counter()
    game = make_game(task.game, len(task.bots), task.options)
    bots = [make_bot(spec, game, seat) for seat, spec in enumerate(task.bots)]
    state, thinking, decisions = play_seated(game, bots, task.seed)
    winners = state.winners()
    return {
        **asdict(task),
        "bots": list(task.bots),
        "scores": state.scores(),
        "winners": winners,
        "shares": [1 / len(winners) if seat in winners else 0.0 for seat in range(len(bots))],
        "decisions": sum(decisions),
        "steps": state.version,
        "seconds": time.perf_counter() - start,
        "seconds_per_move": [t / d if d else 0.0 for t, d in zip(thinking, decisions, strict=True)],
        "actions": state.history(),
    }


PARENT_CHECK_SECONDS = 0.5


def _start_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops cleanly and keeps what is done, end at
    its SIGTERM (whatever handler they inherited from it), and end themselves when the parent
    is gone (even killed outright, when nobody can tell them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), name="parent-watch", daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def make_executor(workers: int) -> Executor:
    if workers <= 1:
        return InlineExecutor()
    return ProcessPoolExecutor(max_workers=workers, initializer=_start_worker)


def as_finished(executor: Executor, work: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
    """`work` of each task on `executor`, in the order they finish; what is left is cancelled on exit."""
    futures = [executor.submit(work, task) for task in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
