"""How close games between bots come to a game's safety caps: `spieltisch caps GAME`.

A safety cap (`Game.safety_caps`) exists only so that bot play and research
always end; it must never decide a game people play, so its default is set
where games between heuristic bots never reach it. This plays seeded games
per player count, reads the caps' counters (`State.cap_counters`) after every
step and reports, for each cap, the highest counter each game reached: how
many games reached the limit, the highest of all and its percentiles. With a
cap switched off (`-o OPTION=0`) the figures show where games end by themselves.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spieltisch.bots import make_bot
from spieltisch.core.contract import AnyGame, SafetyCap
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance
from spieltisch.core.userinput import UserFileError, parse_option_pairs, read_options_file
from spieltisch.core.wording import counted
from spieltisch.lab.commands import progress_bar
from spieltisch.lab.simulation import as_finished, derive_seed, make_executor, make_game, resolve_game_class

BATCH = 25  # games per task: few enough for a smooth progress bar, enough to keep workers busy


@dataclass(frozen=True)
class CapsTask:
    """Some seeded games of one player count, played in a worker."""

    game: str
    players: int
    options: dict[str, Any]
    bot: str
    seeds: tuple[int, ...]


@dataclass(frozen=True)
class GameCaps:
    """One game's highest counter per cap, and whether a cap ended it."""

    highest: dict[str, int]
    capped: bool


def highest_counters(game: AnyGame, bot: str, seed: int) -> GameCaps:
    """Play one seeded game with `bot` in every seat; the caps' highest counters along the way."""
    bots = [make_bot(bot, game, seat) for seat in range(game.num_players)]
    watchers = [b for b in bots if b.watches_table]
    rng = random.Random(seed)
    state = game.new_initial_state()
    highest = dict(state.cap_counters())
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[state.current_player()].choose(state, rng))
        for watcher in watchers:
            watcher.observe(state)
        for option, count in state.cap_counters().items():
            if count > highest.get(option, 0):
                highest[option] = count
    reason = state.end_reason("en")
    return GameCaps(highest, bool(reason and reason.capped))


def play_batch(task: CapsTask) -> list[GameCaps]:
    game = make_game(task.game, task.players, task.options)
    return [highest_counters(game, task.bot, seed) for seed in task.seeds]


@dataclass
class CapFigures:
    """What the games of one player count showed about one cap."""

    cap: SafetyCap
    counts: list[int] = field(default_factory=list)

    def reached_by(self, count: int) -> bool:
        """Whether a game's highest counter reached the limit (never when the cap is off)."""
        return bool(self.cap.limit) and count >= self.cap.limit

    @property
    def reached(self) -> int:
        """Games whose counter reached the limit: the cap ended their game, or in LEVEL 8 a round."""
        return sum(1 for count in self.counts if self.reached_by(count))

    def percentile(self, share: float) -> int:
        """The highest counter of the `share` of games that came least close (nearest rank)."""
        ordered = sorted(self.counts)
        return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else 0


@dataclass
class PlayerCountFigures:
    """The games of one player count: how many reached a cap, how many a cap ended, and each cap's figures.

    A game can reach a cap without being ended by it: LEVEL 8's `round_turns`
    ends a round (it is dealt again), and only `stall_rounds` ends the game.
    """

    players: int
    games: int = 0
    reached: int = 0
    capped: int = 0
    caps: dict[str, CapFigures] = field(default_factory=dict)


def plan(name: str, players: int, games: int, seed: int, options: dict[str, Any], bot: str) -> list[CapsTask]:
    """Batches of seeded games; game i of a player count has the same seed whatever the workers."""
    seeds = [derive_seed(seed * 100 + players, index) for index in range(games)]
    return [
        CapsTask(name, players, options, bot, tuple(seeds[start : start + BATCH]))
        for start in range(0, games, BATCH)
    ]


def measure(
    name: str,
    player_counts: list[int],
    games: int,
    seed: int,
    options: dict[str, Any],
    bot: str,
    executor: Executor,
    advance: Callable[[int], None] = lambda _: None,
) -> list[PlayerCountFigures]:
    """The figures of each player count; `advance(n)` is called as n more games finish."""
    results = []
    for players in player_counts:
        figures = PlayerCountFigures(players)
        caps = make_game(name, players, options).safety_caps()
        figures.caps = {cap.option: CapFigures(cap) for cap in caps}
        for batch in as_finished(executor, play_batch, plan(name, players, games, seed, options, bot)):
            for played in batch:
                figures.games += 1
                figures.capped += played.capped
                for option, cap in figures.caps.items():
                    cap.counts.append(played.highest.get(option, 0))
                figures.reached += any(cap.reached_by(cap.counts[-1]) for cap in figures.caps.values())
            advance(len(batch))
        results.append(figures)
    return results


def figures_table(name: str, figures: PlayerCountFigures, bot: str) -> Table:
    """One row per cap: its limit, the games that reached it, and the highest counters games reached."""
    played = counted("{n} game|{n} games", figures.games)
    table = Table(
        title=f"{name}, {figures.players} players: {played} of {bot} bots",
        caption="; ".join(f"{cap.cap.option} counts {cap.cap.counts}" for cap in figures.caps.values()),
    )
    for column in ("cap", "limit", "reached", "highest", "99.9%", "99%", "median"):
        table.add_column(column, justify="left" if column == "cap" else "right")
    for cap in figures.caps.values():
        table.add_row(
            cap.cap.option,
            str(cap.cap.limit) if cap.cap.limit else "off",
            str(cap.reached),
            str(max(cap.counts, default=0)),
            str(cap.percentile(0.999)),
            str(cap.percentile(0.99)),
            str(cap.percentile(0.5)),
        )
    return table


console = Console()


def caps(
    game: Annotated[str, typer.Argument(help="A game name (see `spieltisch games`), or module:GameClass")],
    players: Annotated[
        list[int] | None, typer.Option(help="A player count (repeat; default: every count the game allows)")
    ] = None,
    games: Annotated[int, typer.Option(help="Games per player count")] = 1000,
    bot: Annotated[str, typer.Option(help="The bot in every seat")] = "heuristic",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "--options", "-o", help="Rule option key=value (repeat); CAP=0 switches it off"
        ),
    ] = None,
    options_file: Annotated[Path | None, typer.Option(help="Rule options from a TOML or JSON file")] = None,
    seed: Annotated[int, typer.Option(help="Seed; game i of a player count has its own seed from it")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes (default: all cores)")] = 0,
) -> None:
    """How close games between bots come to the game's safety caps, per player count."""
    try:
        options = {**(read_options_file(options_file) if options_file else {}), **parse_option_pairs(option)}
        cls = resolve_game_class(game)
        counts = players or list(range(cls.min_players, cls.max_players + 1))
        for count in counts:
            if not make_game(game, count, options).safety_caps():
                raise OptionError(f"{cls.name} has no safety caps")
    except (OptionError, UserFileError) as error:
        console.print(f"[red]error:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(2) from None
    if games < 1:
        console.print("[red]error:[/red] --games must be at least 1", highlight=False)
        raise typer.Exit(2)
    progress = progress_bar()
    executor = make_executor(workers or os.cpu_count() or 1)
    try:
        with progress:
            task = progress.add_task("games", total=games * len(counts))
            found = measure(
                game, counts, games, seed, options, bot, executor, lambda n: progress.advance(task, n)
            )
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
    for figures in found:
        console.print(figures_table(cls.name, figures, bot))
    console.print(f"{verdict(found)} ({games} games per player count, seed {seed})", highlight=False)


def verdict(found: list[PlayerCountFigures]) -> str:
    """ "no game reached a cap", or how many did and how many of them a cap ended."""
    reached = sum(figures.reached for figures in found)
    if not reached:
        return "no game reached a cap"
    capped = sum(figures.capped for figures in found)
    return f"{counted('{n} game|{n} games', reached)} reached a cap ({capped} ended by one)"
