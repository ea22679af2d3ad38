"""The `spieltisch` command: play, replay, games, arena, simulate, report, strength, caps, levels,
bench, serve, migrate and api-schema."""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
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
from spieltisch.core.wording import seat_number
from spieltisch.lab.caps import caps
from spieltisch.lab.commands import report, simulate, strength
from spieltisch.lab.levels import levels_app
from spieltisch.server.commands import api_schema, migrate, serve

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


def from_seat_number(number: int) -> int | None:
    """The seat a person names (counted from 1, as every text shows it); None for -1, watching."""
    return None if number == -1 else number - 1


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
        int | None,
        typer.Option(help="Your seat, counted from 1 (1 moves first; default 1); -1 to watch bots"),
    ] = None,
    bots: Annotated[
        str, typer.Option(help="Bots for the other seats, comma-separated: specs or levels (e.g. strong)")
    ] = "heuristic",
    level: Annotated[
        str | None, typer.Option(help="One level for every bot: beginner, casual, strong or expert")
    ] = None,
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
    specs = [level] if level else [b.strip() for b in bots.split(",") if b.strip()] or ["heuristic"]
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
            saved = meta.get("human", 0)  # stored as data: 0-based, None when watching
            human = from_seat_number(seat) if seat is not None else None if saved is None else int(saved)
            language = lang or str(meta.get("lang", "en"))
            run_seed = int(meta["seed"]) if seed is None and "seed" in meta else seed
            named = meta.get("bots", {}) if isinstance(meta.get("bots"), dict) else {}
            bot_seats = resumed_bots(table, human, named, specs)
        else:
            if game is None:
                fail("name a game (see `spieltisch games`), or --resume FILE")
            table = load_game(game, players, **rule_options(option, options_file))
            human = from_seat_number(1 if seat is None else seat)
            run_seed = seed
            bot_seats = seat_bots(table, human, specs)
        count = table.num_players
        if human is not None and not 0 <= human < count:
            fail(f"seat must be 1..{count}, or -1 to watch")
    except (OptionError, RecordError, ValueError) as error:
        fail(str(error))
    if language not in TEXTS:
        language = "en"
    run_seed = run_seed if run_seed is not None else random.SystemRandom().randrange(2**31)
    path = resume or save or default_record_path(table.name)
    pace = delay if delay is not None else (1.0 if human is None and sys.stdout.isatty() else 0.0)
    what = f"{counted(moves, 'move')} replayed" if history else f"{count} players"
    start = f"{table.title}: {what}, seed {run_seed}; {escape(bots_line(table.name, bot_seats))}"
    console.print(start, highlight=False, soft_wrap=True)
    TerminalGame(table, human, bot_seats, run_seed, language, path, history=history, delay=pace).run()


def bots_line(game: str, bot_seats: dict[int, Any]) -> str:
    """The bots at the table with their levels' ratings: "bots: Strong (≈1450) [ismcts:t=0.02] ×2"."""
    from spieltisch.bots.levels import describe_bot

    shown = Counter(describe_bot(game, bot.name) for bot in bot_seats.values())
    return "bots: " + ", ".join(text + (f" ×{n}" if n > 1 else "") for text, n in shown.items())


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `spieltisch play`")],
    seat: Annotated[
        int, typer.Option(help="Show the table as this seat (counted from 1) sees it; -1: spectator")
    ] = -1,
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
    viewer = from_seat_number(seat)
    if viewer is not None and not 0 <= viewer < record.players:
        fail(f"seat must be 1..{record.players}, or -1 for a spectator")
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
        heading = f"{index + 1}. seat {seat_number(mover)}: {escape(shown)}"
        console.print(f"\n[bold]{heading}[/bold]", highlight=False)
        console.print(state.render_text(viewer, lang, screen_size()[0]), highlight=False, markup=False)
        if interactive and input("Enter: next, q: quit ").strip().lower() == "q":
            return
    if state.is_terminal():
        scores = ", ".join(
            f"seat {seat_number(seat)} {points:g}" for seat, points in enumerate(state.scores())
        )
        winners = ", ".join(f"seat {seat_number(seat)}" for seat in state.winners())
        console.print(f"\nscores: {scores}; winners: {winners}", highlight=False)


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
app.add_typer(levels_app, name="levels")


@app.command()
def bench(
    game: Annotated[list[str] | None, typer.Argument(help="Games (default: all)")] = None,
    players: Annotated[
        int | None, typer.Option(help="Players (default: every count the game allows)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random play per case")] = 2.0,
    ismcts: Annotated[float, typer.Option(help="Seconds of ISMCTS search per case (0: skip)")] = 2.0,
    ismcts_spec: Annotated[str, typer.Option(help="The ISMCTS bot to time")] = "ismcts:100",
    compare: Annotated[
        bool, typer.Option(help="Measure pure Python too, for the compiled/pure ratio (compiled build only)")
    ] = True,
) -> None:
    """Measure random-play speed and ISMCTS simulations/s per game, per CPU-second, against the targets."""
    from spieltisch import native
    from spieltisch.lab import bench as speed
    from spieltisch.lab.commands import duration, progress_bar

    names = game or game_names()
    try:
        cases = [
            (name, count) for name in names for count in ([players] if players else speed.player_counts(name))
        ]
        for name, count in cases:
            load_game(name, count)
    except OptionError as error:
        fail(str(error))
    build = native.status()
    compare = compare and build.compiled
    cpu = duration(len(cases) * (seconds + ismcts) * (2 if compare else 1))
    console.print(f"{counted(len(cases), 'case')}, about {cpu} of CPU time (longer on a busy machine)")
    console.print(f"build: {build.describe()}")
    results: dict[tuple[str, int], speed.BenchResult] = {}
    with progress_bar() as progress:
        task = progress.add_task("cases", total=len(cases))
        for name, count in cases:
            results[name, count] = speed.bench_game(
                name, count, seconds, ismcts_seconds=ismcts, ismcts_spec=ismcts_spec
            )
            progress.advance(task)
    pure = speed.measure_pure(cases, seconds, ismcts, ismcts_spec) if compare else {}
    console.print(_bench_table(results, pure, ismcts > 0))


def _bench_table(
    results: dict[tuple[str, int], Any], pure: dict[tuple[str, int], Any], with_ismcts: bool
) -> Table:
    from spieltisch.lab import bench as speed

    table = Table(
        title="random play and ISMCTS, per CPU-second of one core",
        caption=(
            f"targets: steps/s ≥ {speed.STEPS_TARGET:,} at 2 players (Lucandor 3); time per decision "
            f"≤ {speed.SCALING_TARGET:g}× that at 2; clone ≤ {speed.CLONE_TARGET_US:g} µs; "
            f"ISMCTS ≥ {speed.ISMCTS_TARGET:,} sims/s at every count (docs/strength.md)"
        ),
    )
    columns = ["game", "n", "decisions/s", "steps/s", "per decision", "clone µs", "ISMCTS/s"]
    if pure:
        columns += ["× pure steps", "× pure ISMCTS"]
    for column in columns:
        table.add_column(column, justify="right")
    for (name, count), result in results.items():
        base = results.get((name, speed.base_players(name)))
        ratio = speed.per_decision_ratio(result, base)
        at_base = count == speed.base_players(name)
        row = [
            name, str(count), _thousands(result.decisions_per_second),
            _against(_thousands(result.steps_per_second), result.steps_per_second,
                     speed.STEPS_TARGET if at_base else None),
            "" if ratio is None else _against(f"{ratio:.2f}×", ratio, speed.SCALING_TARGET, at_most=True),
            _against(f"{result.clone_us:.1f}", result.clone_us, speed.CLONE_TARGET_US, at_most=True),
            _against(f"{result.ismcts_per_second:,.0f}", result.ismcts_per_second,
                     speed.ISMCTS_TARGET if with_ismcts else None),
        ]  # fmt: skip
        slow = pure.get((name, count))
        if pure and slow is not None:
            row += [
                f"{result.steps_per_second / slow.steps_per_second:.2f}",
                f"{result.ismcts_per_second / slow.ismcts_per_second:.2f}" if with_ismcts else "",
            ]
        table.add_row(*row)
    return table


def _thousands(figure: float) -> str:
    return f"{figure / 1000:,.0f}k" if figure >= 10_000 else f"{figure:,.0f}"


def _against(text: str, figure: float, target: float | None, at_most: bool = False) -> str:
    """A figure marked ✓ when it meets its target and ✗ when it does not (no mark without one)."""
    if target is None:
        return text
    from spieltisch.lab.bench import meets

    return f"{text} {'✓' if meets(figure, target, at_most) else '✗'}"


app.command()(serve)
app.command()(migrate)
app.command("api-schema")(api_schema)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
