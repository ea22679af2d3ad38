"""The `spieltisch` command: play, replay, games, arena, simulate, report, strength, caps, sweep,
league, import, levels, bench, train, serve, migrate and api-schema."""

from __future__ import annotations

import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spieltisch.core.contract import State
from spieltisch.core.options import OptionError, OptionSpec
from spieltisch.core.record import Record, RecordError
from spieltisch.core.registry import game_class, game_names, load_game
from spieltisch.core.userinput import parse_option_pairs, read_options_file
from spieltisch.core.wording import counted as counted_words
from spieltisch.lab.caps import caps
from spieltisch.lab.commands import report, simulate, strength
from spieltisch.lab.import_command import import_games
from spieltisch.lab.levels import levels_app
from spieltisch.lab.studio import league, sweep
from spieltisch.server.commands import api_schema, migrate, serve

app = typer.Typer(
    help="spieltisch: Souvenirs, ALLEGRA, LEVEL 8, Calcory and Der Graf von Lucandor.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

ADVISED_COMMANDS = frozenset(
    ("play", "arena", "simulate", "strength", "caps", "sweep", "league", "levels", "bench")
)
"""The commands that play or search, where a missing compiled engine costs time (see native.py)."""


@app.callback()
def before_command(ctx: typer.Context) -> None:
    """Where a command plays or searches on pure Python, say once how to build the compiled engine."""
    if ctx.invoked_subcommand in ADVISED_COMMANDS:
        from spieltisch import native

        native.advise_compiled()


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


def apply_recorded(state: State, action: int, moves: int, file: Path) -> None:
    """Apply a record's next action, `moves` players' moves in; `replay` and `play --resume`
    name one that does not replay alike, by the move people count ("move 7")."""
    step = f"the chance step before move {moves + 1}" if state.is_chance_node() else f"move {moves + 1}"
    try:
        state.apply_action(action)
    except ValueError as error:
        fail(f"{file}: {step} (action {action}) does not replay: {error}")


def deal_recorded(state: State, actions: Iterator[int], moves: int, file: Path) -> None:
    """A record's chance steps up to the next decision (or the record's end)."""
    while state.is_chance_node():
        action = next(actions, None)
        if action is None:
            return
        apply_recorded(state, action, moves, file)


def checked_replay(record: Record, file: Path) -> State:
    """The state at the end of a record, every action checked as `replay` checks it."""
    state: State = load_game(record.game, record.players, **record.options).new_initial_state()
    moves = 0
    for action in record.actions:
        mover = state.current_player()
        apply_recorded(state, action, moves, file)
        moves += mover >= 0
    return state


def counted(number: int, thing: str) -> str:
    """A count with its noun: "1 move", "2 moves"."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def default_record_path(game: str) -> Path:
    home = Path(os.environ.get("SPIELTISCH_HOME", Path.home() / ".local" / "share" / "spieltisch"))
    return home / "records" / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


@app.command()
def games() -> None:
    """List the games with their player counts and rule options."""
    width = console.width
    for name in game_names():
        cls = game_class(name)
        console.print(f"[bold]{name}[/bold]  {cls.title}  ({cls.min_players}-{cls.max_players} players)")
        for spec in cls.option_specs:
            what = f"({spec.allowed_values()}; default: {typed_default(spec)})"
            line = f"-o {spec.name} {what}: {spec.help_in('en')}"
            text = textwrap.fill(
                line, width, initial_indent="    ", subsequent_indent="       ", break_on_hyphens=False
            )
            console.print(text, highlight=False, markup=False, soft_wrap=True)


def typed_default(spec: OptionSpec) -> str:
    """An option's default as one types it after `-o name=`: true, front, 150 per player, or empty."""
    if spec.per_player is not None:
        return f"{spec.per_player} per player"
    if isinstance(spec.default, bool):
        return str(spec.default).lower()
    return str(spec.default) if spec.default != "" else "empty"


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
        str,
        typer.Option(
            help="Bots for the other seats, comma-separated: levels (e.g. strong) or specs: random, "
            "heuristic, ismcts:1000, learned:t=0.25 (where it has a network: Souvenirs, ALLEGRA, 2 players)"
        ),
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
            moves = player_moves(checked_replay(record, resume))
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
    texts = TEXTS[language]
    header = texts["header_resumed"] if history else texts["header"]
    moves_text = counted_words(texts["moves"], moves)
    start = header.format(title=table.title, moves=moves_text, players=count, seed=run_seed)
    if bot_seats:
        start += "; " + escape(bots_line(table.name, bot_seats, language))
    console.print(start, highlight=False, soft_wrap=True)
    TerminalGame(table, human, bot_seats, run_seed, language, path, history=history, delay=pace).run()


def bots_line(game: str, bot_seats: dict[int, Any], lang: str = "en") -> str:
    """The bots at the table with their levels' ratings: "bots: Strong (≈1450) [ismcts:t=0.02] ×2"."""
    from spieltisch.bots.levels import describe_bot
    from spieltisch.terminal import TEXTS

    shown = Counter(describe_bot(game, bot.name, lang) for bot in bot_seats.values())
    listed = ", ".join(text + (f" ×{n}" if n > 1 else "") for text, n in shown.items())
    return f"{TEXTS[lang]['bots']}: {listed}"


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
    from spieltisch.terminal import TEXTS, result_suffix, result_text, screen_size, seat_label

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
    texts = TEXTS[lang]
    bots, human = record.meta.get("bots"), record.meta.get("human")
    who = {int(s): str(b) for s, b in bots.items()} if isinstance(bots, dict) else {}
    if isinstance(human, int):
        who[human] = texts["you"]

    def name(seat: int) -> str:
        return seat_label(seat, lang, who.get(seat))

    width = screen_size()[0]
    interactive = step and sys.stdin.isatty()
    actions = iter(record.actions)
    moves = 0
    for action in actions:
        mover = state.current_player()
        if mover < 0:  # chance (dealing, drawing) is not a move; past the end, the action fails
            apply_recorded(state, action, moves, file)
            continue
        label = None
        if action in state.legal_actions():  # else it fails just below, named as people count moves
            own = mover == viewer
            label = state.action_label(action, lang) if own else state.public_action_label(action, lang)
        apply_recorded(state, action, moves, file)
        moves += 1
        line = f"{name(mover)}: {label}" if label else f"{name(mover)} {texts['made_move']}"
        line += result_suffix(state, action, lang)
        deal_recorded(state, actions, moves, file)  # the table shows the card the move drew
        console.print(f"\n[bold]{moves}. {escape(line)}[/bold]", highlight=False)
        console.print(state.render_text(viewer, lang, width), highlight=False, markup=False)
        if interactive and input(texts["next"]).strip().lower() == "q":
            return
    if state.is_terminal():
        console.print("\n" + result_text(state, lang, width, name), highlight=False, markup=False)


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game name")],
    bots: Annotated[
        str, typer.Option(help="Bots by seat, comma-separated; a short list is filled with its last bot")
    ] = "heuristic,random",
    players: Annotated[int | None, typer.Option(help="Players (default: one per bot, or minimum)")] = None,
    games: Annotated[int, typer.Option(help="Number of games")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 1,
    workers: Annotated[
        int, typer.Option(min=1, help="Worker processes (one per free core); the games are the same")
    ] = 1,
    option: OptionArg = None,
    options_file: OptionsFileArg = None,
) -> None:
    """Play bots against each other (seats rotate) and print win shares with 95% intervals."""
    from spieltisch.lab.arena import play_match
    from spieltisch.lab.commands import progress_bar
    from spieltisch.lab.simulation import make_executor, resolve_game_class, seat_bots
    from spieltisch.lab.study import stop_quickly

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        count = players or (len(names) if len(names) > 1 else resolve_game_class(game).min_players)
        seated = list(seat_bots(names, count))
        options = rule_options(option, options_file)
        play_match(game, seated, 0, seed, options)  # checks the game, bots and options first
    except OptionError as error:
        fail(str(error))
    executor = make_executor(workers)
    try:
        with progress_bar() as progress:
            task = progress.add_task("games", total=games)
            match = play_match(game, seated, games, seed, options, lambda _: progress.advance(task), executor)
    except KeyboardInterrupt:
        stop_quickly(executor)  # Ctrl-C waits for no game still queued
        raise
    finally:
        executor.shutdown()
    table = Table(title=f"{game}: {games} games, {count} players, seed {seed}")
    for column in ("bot", "seats", "win share", "95% interval"):
        table.add_column(column)
    for bot in dict.fromkeys(seated):
        low, high = match.wilson_interval(bot)
        seats = sum(r.bots.count(bot) for r in match.results)
        table.add_row(bot, str(seats), f"{match.win_share(bot):.3f}", f"{low:.3f}-{high:.3f}")
    console.print(table)
    console.print(f"fair share: {1 / count:.3f}")


app.command()(simulate)
app.command()(report)
app.command()(strength)
app.command()(caps)
app.command()(sweep)
app.command()(league)
app.command("import")(import_games)
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
    rl: Annotated[
        bool, typer.Option("--rl", help="Measure the vector environment instead (needs the rl extra)")
    ] = False,
) -> None:
    """Measure random-play speed and ISMCTS simulations/s per game, per CPU-second, against the targets.

    With --rl, measure the vector environment's env steps/s instead (docs/adapters.md).
    """
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
    if rl:
        _bench_rl(cases, seconds, build.describe())
        return
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


def _bench_rl(cases: list[tuple[str, int]], seconds: float, build: str) -> None:
    """Vector-environment steps per CPU-second, one line per case."""
    from spieltisch.lab import bench as speed

    try:
        import spieltisch.adapters.vector  # noqa: F401
    except ImportError as error:
        fail(f"--rl needs the rl extra (pip install 'spieltisch[rl]'): {error}")
    console.print(f"build: {build}")
    console.print("vector environment: self-play, 64 tables, random legal actions, per CPU-second")
    for name, count in cases:
        figure = speed.env_steps_per_second(name, count, seconds)
        target = speed.RL_TARGET if (name, count) == ("souvenirs", 2) else None
        console.print(f"{name} {count} players: {_against(f'{figure:,.0f} env steps/s', figure, target)}")


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


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="Game name")],
    players: Annotated[int, typer.Option(help="Players (the network is for this count)")] = 2,
    seed: Annotated[int, typer.Option(help="Seed of the self-play and the network")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Weights file (default: GAME-Np.npz here); a note goes beside it")
    ] = None,
    games: Annotated[int, typer.Option(help="Self-play games of the heuristic")] = 4000,
    search_rounds: Annotated[int, typer.Option(help="Rounds of self-play by the learned bot")] = 0,
    search_games: Annotated[int, typer.Option(help="Games per round of the learned bot")] = 400,
    search_iterations: Annotated[int, typer.Option(help="Its simulations per move")] = 32,
    epochs: Annotated[int, typer.Option(help="Passes over the positions after each round")] = 4,
    width: Annotated[int, typer.Option(help="Units per hidden layer")] = 256,
    layers: Annotated[int, typer.Option(help="Hidden layers")] = 2,
    keep: Annotated[float, typer.Option(help="Share of the heuristic's positions kept")] = 0.3,
    hint: Annotated[float, typer.Option(help="The bot's prior: share of the heuristic's move")] = 0.5,
    rollout: Annotated[int, typer.Option(help="The bot's heuristic decisions before the network judges")] = 0,
    estimate: Annotated[
        float, typer.Option(help="The bot's share of a leaf's value from the game's score estimate")
    ] = 0.0,
    lazy: Annotated[
        bool, typer.Option("--lazy/--eager", help="The bot's prior only where it chooses a move")
    ] = False,
    exploration: Annotated[float, typer.Option("--c", help="The bot's exploration constant")] = 1.0,
    select: Annotated[
        str, typer.Option(help="The bot's selection: puct, or ucb (ISMCTS's, the prior pulling)")
    ] = "puct",
    bias: Annotated[float, typer.Option(help="The bot's pull towards its prior (with --select ucb)")] = 1.0,
    teacher: Annotated[
        str | None, typer.Option(help="A stronger search whose visits the policy learns, e.g. ismcts:400")
    ] = None,
    teacher_games: Annotated[int, typer.Option(help="The teacher's self-play games")] = 200,
    teacher_epochs: Annotated[int, typer.Option(help="Passes over the teacher's positions")] = 8,
    workers: Annotated[int, typer.Option(help="Processes playing the teacher's games")] = 1,
    cache: Annotated[
        Path | None, typer.Option(help="A folder keeping the teacher's games (a rerun resumes)")
    ] = None,
    arena_games: Annotated[
        int, typer.Option("--arena", help="Games against ismcts:t=0.02 afterwards, for the note (0: none)")
    ] = 0,
    option: OptionArg = None,
) -> None:
    """Train the `learned` bot's network by self-play, in NumPy (needs the lab and rl extras)."""
    for threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(threads, "1")  # small products: more threads only wait on each other
    try:
        from spieltisch.lab import train as learning
    except ImportError as error:
        fail(f"training needs NumPy and Gymnasium (pip install 'spieltisch[lab,rl]'): {error}")
    from spieltisch.lab.commands import progress_bar

    config = learning.TrainConfig(
        games=games, search_rounds=search_rounds, search_games=search_games,
        search_iterations=search_iterations, epochs=epochs, width=width, layers=layers, keep=keep, hint=hint,
        rollout=rollout, estimate=estimate, lazy=lazy, exploration=exploration, select=select, bias=bias,
        teacher=teacher, teacher_games=teacher_games, teacher_epochs=teacher_epochs,
    )  # fmt: skip
    path = out or Path(f"{game}-{players}p.npz")
    started = time.perf_counter()
    try:
        options = rule_options(option)
        load_game(game, players, **options)
        with progress_bar() as progress:
            tasks: dict[str, Any] = {}

            def advance(stage: str, done: int, total: int) -> None:
                if stage not in tasks or progress.tasks[tasks[stage]].finished:
                    tasks[stage] = progress.add_task(stage, total=total)
                progress.update(tasks[stage], completed=done, total=total)

            net, figures = learning.train(game, players, seed, config, advance, options, workers, cache)
            net.save(path)
            arena_line = learning.arena_check(game, players, path, arena_games, seed, options, advance)
    except OptionError as error:
        fail(str(error))
    command = " ".join(["spieltisch", *sys.argv[1:]])
    minutes = (time.perf_counter() - started) / 60
    note = learning.write_note(path, command, seed, figures, minutes, arena_line)
    console.print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB) and {note.name}", highlight=False)
    for line in learning.figure_lines(figures) + ([arena_line] if arena_line else []):
        console.print(line, highlight=False, markup=False)


app.command()(serve)
app.command()(migrate)
app.command("api-schema")(api_schema)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
