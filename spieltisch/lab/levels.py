"""Rating a game's levels: neighbouring levels play each other, and the results place all on one scale.

The scale is Elo-like and anchored at Beginner = 1000: a level that wins a
share w of its games against another, both with one seat, rates
400·log10(w / (1 - w)) above it. With more players than two the levels sit
in alternate seats (A, B, A, ...), rotated every game; A's side wins a share
s of the games, so per seat A wins s/a and B (1 - s)/b of theirs (a and b
seats each), and the difference is 400·log10 of their ratio. The interval of
a pair is the 95% Wilson interval of s mapped the same way; a level's
interval adds up the pairs below it (their spreads in quadrature), so it is
wide at the top of the chain. `spieltisch levels rate GAME` plays the pairs
with the arena (`--workers` processes side by side) and rewrites the game's level
file; `spieltisch levels rate all` rates every game in one run. `--pair expert`
plays only the pair of Expert and the level below it and keeps the file's other
pairs (each pair records its own command, specs and machine), so one pair can be
measured with more games and the whole chain is rated again from the pairs.
"""

from __future__ import annotations

import math
import os
import shlex
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from spieltisch import native
from spieltisch.bots.levels import Level, data_path, levels, read_levels
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_class
from spieltisch.lab.arena import GameResult, play_match
from spieltisch.lab.simulation import make_executor
from spieltisch.lab.stats import wilson

ANCHOR = 1000.0
"""Beginner's rating on every game's scale."""
Z = 1.96


def elo_difference(share: float, seats: tuple[int, int] = (1, 1)) -> float:
    """How much stronger A is than B when A's side wins `share` of the games, with `seats` (A's, B's)."""
    per_seat_a, per_seat_b = share / seats[0], (1.0 - share) / seats[1]
    return 400.0 * math.log10(per_seat_a / per_seat_b)


@dataclass
class PairResult:
    """The stronger level of a neighbouring pair against the weaker: games, A's side's share, interval.

    `specs` (stronger's, weaker's) and `measured` say what played and where, so a
    pair kept from an earlier run is known to be the pair of the current specs.
    """

    stronger: str
    weaker: str
    seats: tuple[int, int]
    games: int
    wins: float
    specs: tuple[str, str] | None = None
    command: str = ""
    measured: str = ""

    def share(self) -> float:
        return self.wins / self.games

    def difference(self) -> tuple[float, float, float]:
        """The rating difference, stronger minus weaker, with its 95% interval."""
        low, high = wilson(self.wins, self.games, Z)
        point, below, above = (
            elo_difference(_bounded(s, self.games), self.seats) for s in (self.share(), low, high)
        )
        return point, below, above

    def apart(self) -> bool:
        """Whether the interval of the difference lies above zero: the stronger level is stronger."""
        return self.difference()[1] > 0


def _wins(share: float, games: int) -> float:
    """The wins behind a share a file rounded to three places: the nearest count in sixths of a game
    (a victory shared by two or three seats splits it)."""
    return float(Fraction(share * games).limit_denominator(6))


def _bounded(share: float, games: int) -> float:
    """A share kept half a game from 0 and 1, so that a clean sweep has a finite difference."""
    edge = 0.5 / (games + 1)
    return min(max(share, edge), 1.0 - edge)


def seating(stronger: str, weaker: str, players: int) -> list[str]:
    return [stronger if seat % 2 == 0 else weaker for seat in range(players)]


def side_wins(result: GameResult, spec: str) -> float:
    """The share of one game's victory that went to the seats playing `spec`."""
    return sum(1.0 for seat in result.winners if result.bots[seat] == spec) / len(result.winners)


def play_pair(
    game: str,
    stronger: Level,
    weaker: Level,
    players: int,
    games: int,
    seed: int,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> PairResult:
    seats = seating(stronger.spec, weaker.spec, players)
    if stronger.spec == weaker.spec:
        raise OptionError(f"levels {stronger.id} and {weaker.id} of {game} play the same bot")
    loads: list[float] = []

    def heard(result: GameResult) -> None:
        loads.append(os.getloadavg()[0])
        if on_game:
            on_game(result)

    match = play_match(game, seats, games, seed, on_game=heard, executor=executor)
    wins = sum(side_wins(result, stronger.spec) for result in match.results)
    counts = (seats.count(stronger.spec), seats.count(weaker.spec))
    load = f", load average {sum(loads) / len(loads):.1f}" if loads else ""
    return PairResult(
        stronger.id, weaker.id, counts, games, wins, (stronger.spec, weaker.spec), measured=load
    )


def kept_pair(game: str, stronger: Level, weaker: Level) -> PairResult:
    """The pair as the level file records it; OptionError when it is missing or its specs changed since."""
    data = read_levels(game)
    entry = next(
        (
            pair
            for pair in data.get("pair", [])
            if (pair["stronger"], pair["weaker"]) == (stronger.id, weaker.id)
        ),
        None,
    )
    if entry is None:
        raise OptionError(f"{game}'s level file has no pair {stronger.id} over {weaker.id}: rate it too")
    specs = (stronger.spec, weaker.spec)
    if tuple(entry.get("specs", specs)) != specs:
        raise OptionError(
            f"{game}'s pair {stronger.id} over {weaker.id} was played by {' and '.join(entry['specs'])}, "
            f"not {' and '.join(specs)}: rate it too"
        )
    games = int(entry["games"])
    return PairResult(
        stronger.id,
        weaker.id,
        (int(entry["seats"][0]), int(entry["seats"][1])),
        games,
        float(entry["wins"]) if "wins" in entry else _wins(float(entry["share"]), games),
        specs if "specs" in entry else None,
        entry.get("command", data.get("command", "")),
        entry.get("measured", data.get("measured", "")),
    )


def ratings(chain: list[Level], pairs: list[PairResult]) -> list[Level]:
    """The levels rated up the chain of neighbouring pairs from Beginner at the anchor."""
    rated = [Level(chain[0].id, chain[0].spec, chain[0].names, ANCHOR, ANCHOR, ANCHOR)]
    rating, variance = ANCHOR, 0.0
    for level, pair in zip(chain[1:], pairs, strict=True):
        difference, low, high = pair.difference()
        rating += difference
        variance += ((high - low) / (2 * Z)) ** 2
        spread = Z * math.sqrt(variance)
        rated.append(Level(level.id, level.spec, level.names, rating, rating - spread, rating + spread))
    return rated


def level_file(game: str, rated: list[Level], pairs: list[PairResult], header: dict[str, str]) -> str:
    """The game's level file as TOML."""
    lines = [
        f"# The levels of {game}: bot specs and their ratings, written by `spieltisch levels rate`.",
        "# Scale: Elo-like, Beginner anchored at 1000 (400 points: odds of 10 to 1); 95% intervals.",
        "# Each pair: the stronger level's side against the weaker's; share: the games its side won.",
    ]
    lines += [f"{key} = {_toml(value)}" for key, value in header.items()]
    for level in rated:
        lines += ["", "[[level]]", f"id = {_toml(level.id)}", f"spec = {_toml(level.spec)}"]
        lines += [f"en = {_toml(level.names['en'])}", f"de = {_toml(level.names['de'])}"]
        if level.rating is not None and level.low is not None and level.high is not None:
            lines += [f"rating = {level.rating:.0f}", f"low = {level.low:.0f}", f"high = {level.high:.0f}"]
    for pair in pairs:
        difference, low, high = pair.difference()
        lines += ["", "[[pair]]", f"stronger = {_toml(pair.stronger)}", f"weaker = {_toml(pair.weaker)}"]
        if pair.specs:
            lines += [f"specs = [{_toml(pair.specs[0])}, {_toml(pair.specs[1])}]"]
        lines += [f"seats = [{pair.seats[0]}, {pair.seats[1]}]", f"games = {pair.games}"]
        lines += [f"wins = {pair.wins:g}", f"share = {pair.share():.3f}", f"difference = {difference:.0f}"]
        lines += [f"low = {low:.0f}", f"high = {high:.0f}", f"apart = {str(pair.apart()).lower()}"]
        lines += [
            f"{key} = {_toml(value)}"
            for key, value in (("command", pair.command), ("measured", pair.measured))
            if value
        ]
    return "\n".join(lines) + "\n"


def _toml(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rate(
    game: str,
    games: int,
    seed: int,
    players: int | None,
    command: str,
    on_game: Callable[[GameResult], None] | None = None,
    on_pair: Callable[[PairResult], None] | None = None,
    workers: int = 1,
    only: set[str] | None = None,
) -> str:
    """Play the game's neighbouring levels and return its new level file (the caller writes it).

    With more than one worker, each pair's games run side by side in that many processes.
    A level with a time budget (`ismcts:t=...`) is as strong as the CPU time it gets, so
    the file says how many workers shared how many CPUs, and each played pair the load
    average while it played. With `only` (ids of stronger levels) just those pairs play;
    the others are kept from the level file, which must have them for the current specs.
    """
    chain = levels(game)
    if len(chain) < 2:
        raise OptionError(f"{game} has fewer than two levels to rate ({data_path(game)})")
    stronger_ids = [level.id for level in chain[1:]]
    unknown = sorted((only or set()) - set(stronger_ids))
    if unknown:
        raise OptionError(
            f"{game} has no pair topped by {', '.join(unknown)}; its pairs: {', '.join(stronger_ids)}"
        )
    count = players or game_class(game).min_players
    measured = (
        f"{time.strftime('%Y-%m-%d')}, {count} players, {games} games a pair, seed {seed}, "
        f"{workers} worker{'s' * (workers > 1)} on {os.cpu_count()} CPUs, "
        f"{'compiled' if native.status().compiled else 'pure Python'} build"
    )
    kept = {
        stronger.id: kept_pair(game, stronger, weaker)
        for weaker, stronger in pairwise(chain)
        if only is not None and stronger.id not in only
    }
    pairs = []
    with make_executor(workers) as executor:
        for index, (weaker, stronger) in enumerate(pairwise(chain)):
            if stronger.id in kept:
                pairs.append(kept[stronger.id])
                continue
            pair_seed = seed + 100_000 * index
            played = play_pair(game, stronger, weaker, count, games, pair_seed, on_game, executor)
            played.command, played.measured = command, measured + played.measured
            pairs.append(played)
            if on_pair:
                on_pair(played)
    if only is not None:
        topped = ", ".join(level.id for level in chain[1:] if level.id in only)
        measured += f"; played only the pairs topped by {topped}, the others as each pair says"
    return level_file(game, ratings(chain, pairs), pairs, {"command": command, "measured": measured})


def markdown_table(games: list[str]) -> str:
    """The games' levels as a Markdown table, as docs/strength.md shows them."""
    rows = [
        "| game | level | spec | rating | 95% interval | over the level below (95%) | apart | games |",
        "|---|---|---|---:|---|---|---|---:|",
    ]
    for game in games:
        pairs = {pair["stronger"]: pair for pair in read_levels(game).get("pair", [])}
        for index, level in enumerate(levels(game)):
            rating = "" if level.rating is None else f"{level.rating:.0f}"
            interval = "" if level.low is None else f"{level.low:.0f}-{level.high:.0f}"
            name = f"{level.names['en']} ({level.names['de']})"
            pair = over_below(pairs.get(level.id)) if index else "(the anchor) | | "
            rows.append(f"| {game} | {name} | `{level.spec}` | {rating} | {interval} | {pair} |")
    return "\n".join(rows)


def over_below(pair: dict[str, Any] | None) -> str:
    """A pair from the level file as table cells: difference (interval) | apart | games."""
    if pair is None:
        return " | | "
    apart = "yes" if pair["apart"] else "no"
    return f"{pair['difference']:+d} ({pair['low']:+d} to {pair['high']:+d}) | {apart} | {pair['games']}"


levels_app = typer.Typer(
    help="The bots' levels per game: show them, or rate them anew.", no_args_is_help=True
)
console = Console()


@levels_app.command("show")
def show(
    game: Annotated[str, typer.Argument(help="Game name, or all")],
    markdown: Annotated[bool, typer.Option(help="As a Markdown table (docs/strength.md)")] = False,
) -> None:
    """The game's levels with their specs and ratings."""
    if markdown or game == "all":
        from spieltisch.core.registry import game_names

        text = markdown_table(game_names() if game == "all" else [game])
        console.print(text, highlight=False, markup=False, soft_wrap=True)
        return
    table = Table(title=f"{game}: levels (Beginner = 1000)")
    for column in ("level", "Stufe", "spec", "rating", "95% interval"):
        table.add_column(column)
    for level in levels(game):
        rating = "" if level.rating is None else f"{level.rating:.0f}"
        interval = "" if level.low is None else f"{level.low:.0f}-{level.high:.0f}"
        table.add_row(level.names["en"], level.names["de"], level.spec, rating, interval)
    console.print(table)
    console.print(f"measured: {read_levels(game).get('measured', 'not yet')}", highlight=False)


@levels_app.command("rate")
def rate_command(
    game: Annotated[list[str], typer.Argument(help="Game names, or all")],
    games: Annotated[int, typer.Option(help="Games per pair of neighbouring levels")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 1,
    players: Annotated[int | None, typer.Option(help="Players (default: each game's minimum)")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (one per free core)")] = 1,
    output: Annotated[Path | None, typer.Option(help="Write here (default: the game's level file)")] = None,
    pair: Annotated[
        list[str] | None,
        typer.Option(help="Play only the pair topped by this level (e.g. expert); keep the file's others"),
    ] = None,
) -> None:
    """Play neighbouring levels against each other and write their ratings to each game's level file.

    `spieltisch levels rate all --workers 16` refreshes every game's levels in one run;
    `spieltisch levels rate level8 --pair expert --games 100` plays Expert against Strong
    only and rates the chain again with the other pairs the file holds.
    """
    from spieltisch.core.registry import game_names

    names = game_names() if game == ["all"] else game
    if output is not None and len(names) > 1:
        console.print("[red]error:[/red] --output takes one game", highlight=False)
        raise typer.Exit(2)
    try:
        for name in names:
            game_class(name)
    except OptionError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None
    only = {word.strip().lower() for word in pair} if pair else None
    for name in names:
        _rate_one(name, games, seed, players, max(1, workers), output, only)


def _rate_one(
    name: str,
    games: int,
    seed: int,
    players: int | None,
    workers: int,
    output: Path | None,
    only: set[str] | None = None,
) -> None:
    """Rate one game's levels and write its level file (or `output`), saying each pair as it ends."""
    from spieltisch.lab.commands import progress_bar

    words = ["spieltisch", "levels", "rate", name, "--games", str(games), "--seed", str(seed)]
    words += ["--workers", str(workers)] if workers > 1 else []
    words += ["--players", str(players)] if players is not None else []
    for level in sorted(only or ()):
        words += ["--pair", level]
    try:
        with progress_bar() as progress:
            task = progress.add_task(name, total=games * (len(only) if only else len(levels(name)) - 1))
            text = rate(
                name,
                games,
                seed,
                players,
                shlex.join(words),
                lambda _: progress.advance(task),
                _say_pair,
                workers,
                only,
            )
    except OptionError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None
    target = output or data_path(name)
    target.write_text(text, encoding="utf-8")
    read_levels.cache_clear()
    console.print(f"wrote {target}", highlight=False)
    if output is None:
        show(name)


def _say_pair(pair: PairResult) -> None:
    difference, low, high = pair.difference()
    verdict = "apart" if pair.apart() else "intervals overlap"
    console.print(
        f"{pair.stronger} over {pair.weaker}: share {pair.share():.3f} in {pair.games} games, "
        f"{difference:+.0f} ({low:+.0f} to {high:+.0f}), {verdict}",
        highlight=False,
    )
