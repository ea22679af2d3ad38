"""The `spieltisch` command: play, replay, games, arena, simulate, report, strength, bench, serve
and api-schema."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spieltisch.core.options import OptionError
from spieltisch.core.record import Record, RecordError
from spieltisch.core.registry import game_class, game_names, load_game
from spieltisch.lab.commands import report, simulate, strength
from spieltisch.server.commands import api_schema, serve

app = typer.Typer(
    help="spieltisch: Souvenirs, ALLEGRA, LEVEL 8, Calcory and Der Graf von Lucandor.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as key=value (repeatable); see `spieltisch games`."),
]


def fail(message: str) -> NoReturn:
    console.print(f"[red]error:[/red] {escape(message)}", highlight=False)
    raise typer.Exit(2)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"option {pair!r} must look like key=value")
        options[key.strip()] = value.strip()
    return options


def default_record_path(game: str) -> Path:
    home = Path(os.environ.get("SPIELTISCH_HOME", Path.home() / ".local" / "share" / "spieltisch"))
    return home / "records" / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


@app.command()
def games() -> None:
    """List the games with their player counts and rule options."""
    for name in game_names():
        cls = game_class(name)
        console.print(f"[bold]{name}[/bold]  {cls.title}  ({cls.min_players}-{cls.max_players} players)")
        for spec in cls.option_specs:
            console.print(f"    -o {spec.describe()}", highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="calcory, souvenirs, allegra, level8 or lucandor")],
    players: Annotated[int | None, typer.Option(help="Players (default: the minimum)")] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 moves first); -1 to watch bots only")] = 0,
    bots: Annotated[str, typer.Option(help="Bots for the other seats, comma-separated")] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Random seed (default: a fresh one)")] = None,
    lang: Annotated[str, typer.Option(help="Language: de or en")] = "en",
    save: Annotated[Path | None, typer.Option(help="Record file, written after every move")] = None,
    option: OptionArg = None,
) -> None:
    """Play a game in the terminal against bots."""
    from spieltisch.terminal import TEXTS, TerminalGame, seat_bots

    if lang not in TEXTS:
        fail(f"language {lang!r} is not available; use de or en")
    try:
        table = load_game(game, players, **parse_options(option))
        count = table.num_players
        if not -1 <= seat < count:
            fail(f"seat must be 0..{count - 1}, or -1 to watch")
        human = None if seat == -1 else seat
        bot_seats = seat_bots(table, human, [b for b in bots.split(",") if b.strip()] or ["heuristic"])
    except OptionError as error:
        fail(str(error))
    run_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    path = save or default_record_path(table.name)
    console.print(f"{table.title}: {count} players, seed {run_seed}", highlight=False)
    TerminalGame(table, human, bot_seats, run_seed, lang, path).run()


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `spieltisch play`")],
    seat: Annotated[int, typer.Option(help="Show the table as this seat sees it; -1: spectator")] = -1,
    lang: Annotated[str, typer.Option(help="Language: de or en")] = "en",
    step: Annotated[bool, typer.Option("--step/--all", help="Wait for Enter after each move")] = True,
) -> None:
    """Step through a saved game move by move."""
    try:
        record = Record.load(file)
        state = load_game(record.game, record.players, **record.options).new_initial_state()
    except (RecordError, OptionError) as error:
        fail(str(error))
    viewer = None if seat == -1 else seat
    interactive = step and sys.stdin.isatty()
    for index, action in enumerate(record.actions):
        mover = state.current_player()
        label = state.action_label(action, lang)
        try:
            state.apply_action(action)
        except ValueError as error:
            fail(f"move {index + 1} does not replay: {error}")
        if mover < 0:
            continue
        console.print(f"\n[bold]{index + 1}. seat {mover}: {label}[/bold]", highlight=False)
        console.print(state.render_text(viewer, lang), highlight=False, markup=False)
        if interactive and input("Enter: next, q: quit ").strip().lower() == "q":
            return
    if state.is_terminal():
        console.print(f"\nscores {state.scores()}, winners {state.winners()}", highlight=False)


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game name")],
    bots: Annotated[str, typer.Option(help="One bot per seat, comma-separated")] = "heuristic,random",
    games: Annotated[int, typer.Option(help="Number of games")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 1,
    option: OptionArg = None,
) -> None:
    """Play bots against each other (seats rotate) and print win shares with 95% intervals."""
    from spieltisch.lab.arena import play_match

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        match = play_match(game, names, games, seed, parse_options(option))
    except OptionError as error:
        fail(str(error))
    table = Table(title=f"{game}: {games} games, {len(names)} players, seed {seed}")
    for column in ("bot", "seats", "win share", "95% interval"):
        table.add_column(column)
    for bot in dict.fromkeys(names):
        low, high = match.wilson_interval(bot)
        seats = sum(r.bots.count(bot) for r in match.results)
        table.add_row(bot, str(seats), f"{match.win_share(bot):.3f}", f"{low:.3f}-{high:.3f}")
    console.print(table)
    console.print(f"fair share: {1 / len(names):.3f}")


app.command()(simulate)
app.command()(report)
app.command()(strength)


@app.command()
def bench(
    game: Annotated[list[str] | None, typer.Argument(help="Games (default: all)")] = None,
    players: Annotated[int | None, typer.Option(help="Players (default: each game's minimum)")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random play per game")] = 2.0,
    ismcts: Annotated[float, typer.Option(help="Seconds of ISMCTS search per game (0: skip)")] = 2.0,
    ismcts_spec: Annotated[str, typer.Option(help="The ISMCTS bot to time")] = "ismcts:100",
) -> None:
    """Measure random-play speed and ISMCTS simulations/s per game on this machine."""
    from spieltisch.lab.bench import bench_game

    table = Table(title="random play, one core")
    for column in ("game", "players", "games/s", "decisions/s", "steps/s", "clone µs", "ISMCTS sims/s"):
        table.add_column(column, justify="right")
    for name in game or game_names():
        try:
            count = players or game_class(name).min_players
            result = bench_game(name, count, seconds, ismcts_seconds=ismcts, ismcts_spec=ismcts_spec)
        except OptionError as error:
            fail(str(error))
        table.add_row(
            name, str(result.players), f"{result.games_per_second:,.1f}",
            f"{result.decisions_per_second:,.0f}", f"{result.steps_per_second:,.0f}",
            f"{result.clone_us:.1f}", f"{result.ismcts_per_second:,.0f}",
        )  # fmt: skip
    console.print(table)


app.command()(serve)
app.command("api-schema")(api_schema)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
