"""The `spieltisch` command: play, replay, games, arena, simulate, report, strength, caps, bench,
serve and api-schema."""

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

from spieltisch.core.contract import State
from spieltisch.core.options import OptionError
from spieltisch.core.record import Record, RecordError
from spieltisch.core.registry import game_class, game_names, load_game
from spieltisch.core.userinput import parse_option_pairs, read_options_file
from spieltisch.lab.caps import caps
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
    typer.Option(
        "--option",
        "--options",
        "-o",
        help="Rule options as key=value (repeat, or a=1,b=2); see `spieltisch games`",
    ),
]
OptionsFileArg = Annotated[Path | None, typer.Option(help="Rule options from a TOML or JSON file")]


def fail(message: str) -> NoReturn:
    """One line on the console, never read as markup (a value may hold "[")."""
    console.print(f"[red]error:[/red] {escape(' '.join(message.split()))}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def rule_options(pairs: list[str] | None, options_file: Path | None = None) -> dict[str, Any]:
    """The rule options of `-o key=value` (several per argument with commas) over an options file."""
    from_file = read_options_file(options_file) if options_file is not None else {}
    return {**from_file, **parse_option_pairs(pairs)}


def player_moves(state: State) -> int:
    """How many of the state's steps were players' moves (not chance)."""
    replay = state.game.new_initial_state()
    moves = 0
    for action in state.history():
        moves += not replay.is_chance_node()
        replay.apply_action(action)
    return moves


def counted(number: int, thing: str) -> str:
    """A count with its noun: "1 move", "2 moves"."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


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
    game: Annotated[
        str | None, typer.Argument(help="calcory, souvenirs, allegra, level8 or lucandor")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Players (default: the minimum)")] = None,
    seat: Annotated[
        int | None, typer.Option(help="Your seat (0 moves first; default 0); -1 to watch bots only")
    ] = None,
    bots: Annotated[str, typer.Option(help="Bots for the other seats, comma-separated")] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Random seed (default: a fresh one)")] = None,
    lang: Annotated[str | None, typer.Option(help="Language: de or en (default en)")] = None,
    save: Annotated[Path | None, typer.Option(help="Record file, written after every move")] = None,
    option: OptionArg = None,
    options_file: OptionsFileArg = None,
    delay: Annotated[
        float | None, typer.Option(help="Seconds between moves when watching (default 1 on a console)")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue the game saved in this record (q saves one)")
    ] = None,
) -> None:
    """Play a game in the terminal against bots, watch bots play, or continue a saved game."""
    from spieltisch.terminal import TEXTS, TerminalGame, resumed_bots, seat_bots

    language = lang or "en"
    if language not in TEXTS:
        fail(f"language {language!r} is not available; use de or en")
    if delay is not None and delay < 0:
        fail("--delay must be 0 or more seconds")
    specs = [b.strip() for b in bots.split(",") if b.strip()] or ["heuristic"]
    history: list[int] = []
    moves = 0
    try:
        if resume is not None:
            record = Record.load(resume)
            if game is not None and game != record.game:
                fail(f"{resume} holds a game of {record.game}, not {game}")
            moves = player_moves(record.replay())
            table = load_game(record.game, record.players, **record.options)
            history, meta = record.actions, record.meta
            chosen = seat if seat is not None else meta.get("human", 0)
            human = None if chosen in (None, -1) else int(chosen)
            language = lang or str(meta.get("lang", "en"))
            run_seed = int(meta["seed"]) if seed is None and "seed" in meta else seed
            named = meta.get("bots", {}) if isinstance(meta.get("bots"), dict) else {}
            bot_seats = resumed_bots(table, human, named, specs)
        else:
            if game is None:
                fail("name a game (see `spieltisch games`), or --resume FILE")
            table = load_game(game, players, **rule_options(option, options_file))
            chosen = 0 if seat is None else seat
            human = None if chosen == -1 else chosen
            run_seed = seed
            bot_seats = seat_bots(table, human, specs)
        count = table.num_players
        if human is not None and not 0 <= human < count:
            fail(f"seat must be 0..{count - 1}, or -1 to watch")
    except (OptionError, RecordError, ValueError) as error:
        fail(str(error))
    if language not in TEXTS:
        language = "en"
    run_seed = run_seed if run_seed is not None else random.SystemRandom().randrange(2**31)
    path = resume or save or default_record_path(table.name)
    pace = delay if delay is not None else (1.0 if human is None and sys.stdout.isatty() else 0.0)
    what = f"{counted(moves, 'move')} replayed" if history else f"{count} players"
    console.print(f"{table.title}: {what}, seed {run_seed}", highlight=False)
    TerminalGame(table, human, bot_seats, run_seed, language, path, history=history, delay=pace).run()


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `spieltisch play`")],
    seat: Annotated[int, typer.Option(help="Show the table as this seat sees it; -1: spectator")] = -1,
    lang: Annotated[str, typer.Option(help="Language: de or en")] = "en",
    step: Annotated[bool, typer.Option("--step/--all", help="Wait for Enter after each move")] = True,
) -> None:
    """Step through a saved game move by move, as one seat or a spectator saw it."""
    from spieltisch.terminal import TEXTS, result_suffix, screen_size

    if lang not in TEXTS:
        fail(f"language {lang!r} is not available; use de or en")
    try:
        record = Record.load(file)
        state = load_game(record.game, record.players, **record.options).new_initial_state()
    except (RecordError, OptionError) as error:
        fail(str(error))
    if not -1 <= seat < record.players:
        fail(f"seat must be 0..{record.players - 1}, or -1 for a spectator")
    viewer = None if seat == -1 else seat
    interactive = step and sys.stdin.isatty()
    for index, action in enumerate(record.actions):
        mover = state.current_player()
        own = mover == viewer
        label = state.action_label(action, lang) if own else state.public_action_label(action, lang)
        try:
            state.apply_action(action)
        except ValueError as error:
            fail(f"move {index + 1} does not replay: {error}")
        if mover < 0:
            continue
        shown = (label or TEXTS[lang]["made_move"]) + result_suffix(state, action, lang)
        console.print(f"\n[bold]{index + 1}. seat {mover + 1}: {escape(shown)}[/bold]", highlight=False)
        console.print(state.render_text(viewer, lang, screen_size()[0]), highlight=False, markup=False)
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
    options_file: OptionsFileArg = None,
) -> None:
    """Play bots against each other (seats rotate) and print win shares with 95% intervals."""
    from spieltisch.lab.arena import play_match
    from spieltisch.lab.commands import progress_bar

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        options = rule_options(option, options_file)
        play_match(game, names, 0, seed, options)  # checks the game, bots and options first
        with progress_bar() as progress:
            task = progress.add_task("games", total=games)
            match = play_match(game, names, games, seed, options, lambda _: progress.advance(task))
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
app.command()(caps)


@app.command()
def bench(
    game: Annotated[list[str] | None, typer.Argument(help="Games (default: all)")] = None,
    players: Annotated[int | None, typer.Option(help="Players (default: each game's minimum)")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random play per game")] = 2.0,
    ismcts: Annotated[float, typer.Option(help="Seconds of ISMCTS search per game (0: skip)")] = 2.0,
    ismcts_spec: Annotated[str, typer.Option(help="The ISMCTS bot to time")] = "ismcts:100",
) -> None:
    """Measure random-play speed and ISMCTS simulations/s per game, per CPU-second, against the targets."""
    from spieltisch.lab import bench as speed
    from spieltisch.lab.commands import duration, progress_bar

    names = game or game_names()
    try:
        counts = [players or game_class(name).min_players for name in names]
        for name, count in zip(names, counts, strict=True):
            load_game(name, count)
    except OptionError as error:
        fail(str(error))
    cpu = duration(len(names) * (seconds + ismcts))
    console.print(f"{counted(len(names), 'game')}, about {cpu} of CPU time (longer on a busy machine)")
    table = Table(
        title="random play, per CPU-second of one core",
        caption=(
            f"targets: steps/s ≥ {speed.STEPS_TARGET:,} (for {', '.join(speed.LIGHTER_GAMES)}), "
            f"clone ≤ {speed.CLONE_TARGET_US:g} µs, ISMCTS ≥ {speed.ISMCTS_TARGET:,} sims/s "
            "(docs/strength.md)"
        ),
    )
    for column in ("game", "players", "games/s", "decisions/s", "steps/s", "clone µs", "ISMCTS sims/s"):
        table.add_column(column, justify="right")
    with progress_bar() as progress:
        task = progress.add_task("games", total=len(names))
        for name, count in zip(names, counts, strict=True):
            result = speed.bench_game(name, count, seconds, ismcts_seconds=ismcts, ismcts_spec=ismcts_spec)
            progress.advance(task)
            steps_target = speed.STEPS_TARGET if name in speed.LIGHTER_GAMES else None
            table.add_row(
                name, str(result.players), f"{result.games_per_second:,.1f}",
                f"{result.decisions_per_second:,.0f}",
                _against(f"{result.steps_per_second:,.0f}", result.steps_per_second, steps_target),
                _against(f"{result.clone_us:.1f}", result.clone_us, speed.CLONE_TARGET_US, at_most=True),
                _against(f"{result.ismcts_per_second:,.0f}", result.ismcts_per_second,
                         speed.ISMCTS_TARGET if ismcts > 0 else None),
            )  # fmt: skip
    console.print(table)


def _against(text: str, figure: float, target: float | None, at_most: bool = False) -> str:
    """A figure marked ✓ when it meets its target and ✗ when it does not (no mark without one)."""
    if target is None:
        return text
    from spieltisch.lab.bench import meets

    return f"{text} {'✓' if meets(figure, target, at_most) else '✗'}"


app.command()(serve)
app.command("api-schema")(api_schema)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
