"""The lab's commands: `spieltisch simulate`, `spieltisch report` and `spieltisch strength`."""

from __future__ import annotations

import itertools
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from spieltisch.core.options import OptionError
from spieltisch.core.userinput import parse_option_pairs
from spieltisch.core.userinput import read_options_file as read_user_options
from spieltisch.lab.simulation import StudySpec, make_executor, resolve_game_class, seat_bots
from spieltisch.lab.summary import seat_label

if TYPE_CHECKING:
    from spieltisch.lab.study import StudyOutcome

console = Console()

FreshArg = Annotated[
    bool, typer.Option(help="Start over in an --out folder that holds this study's games (default: resume)")
]


def fail(message: str) -> NoReturn:
    """One line on the console, never read as markup (a value may hold "[")."""
    console.print(f"[red]error:[/red] {escape(' '.join(message.split()))}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def parse_pairs(pairs: list[str] | None, what: str) -> dict[str, Any]:
    """key=value pairs, as every command reads `-o` (see core.userinput)."""
    try:
        return parse_option_pairs(pairs, what)
    except OptionError as error:
        fail(str(error))


def read_options_file(path: Path | None) -> dict[str, Any]:
    """A flat TOML or JSON table of rule options, or a one-line error naming the file."""
    if path is None:
        return {}
    try:
        return read_user_options(path)
    except OptionError as error:
        fail(str(error))


@contextmanager
def open_executor(workers: int, dask: str | None) -> Iterator[Executor]:
    """A process pool (inline for one worker), or a Dask cluster's executor."""
    if dask is None:
        executor = make_executor(workers)
        try:
            yield executor
        finally:
            executor.shutdown(wait=False, cancel_futures=True)
        return
    from distributed import Client

    with Client(dask) as client:  # type: ignore[no-untyped-call]
        yield client.get_executor()


def simulate(
    game: Annotated[str, typer.Argument(help="A game name (see `spieltisch games`), or module:GameClass")],
    players: Annotated[int | None, typer.Option(help="Players (default: one per bot, or minimum)")] = None,
    games: Annotated[int, typer.Option(help="Games to play (per variant)")] = 100,
    bots: Annotated[
        str, typer.Option(help="Bots by seat, comma-separated; a short list is filled with its last bot")
    ] = "heuristic",
    options: Annotated[
        list[str] | None, typer.Option("--options", "--option", "-o", help="Rule option key=value (repeat)")
    ] = None,
    options_file: Annotated[Path | None, typer.Option(help="Rule options from a TOML or JSON file")] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            help="A variant's option key=value on top of the options (repeat; several values of one "
            "option: one variant each)"
        ),
    ] = None,
    compare_file: Annotated[Path | None, typer.Option(help="Variant options: a TOML or JSON file")] = None,
    seed: Annotated[int, typer.Option(help="Study seed; game i's seed is derived from it")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes (default: all cores)")] = 0,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: study-GAME-TIME)")] = None,
    dask: Annotated[str | None, typer.Option(help="Run on a Dask cluster: its scheduler address")] = None,
    rotate: Annotated[bool, typer.Option(help="Rotate the bots one seat per game")] = True,
    plots: Annotated[bool, typer.Option(help="Draw the PNG plots")] = True,
    fresh: FreshArg = False,
) -> None:
    """Play many games between bots and write a report with statistics and plots.

    Run again into the same --out folder, a study resumes where it stopped."""
    spec = build_spec(game, players, games, bots, options, options_file, compare, compare_file, seed, rotate)
    folder = out or Path(f"study-{spec.game.replace(':', '-')}-{time.strftime('%Y%m%d-%H%M%S')}")
    command = "spieltisch simulate " + shlex.join(sys.argv[2:]) if len(sys.argv) > 2 else ""
    run_and_report(spec, folder, workers or os.cpu_count() or 1, dask, command, plots, fresh)


def report(
    folder: Annotated[Path, typer.Argument(help="The output folder of a study")],
    plots: Annotated[bool, typer.Option(help="Draw the PNG plots")] = True,
    beside: Annotated[
        Path | None,
        typer.Option(help="A study of bots with the same rules, set beside (e.g. imported games)"),
    ] = None,
) -> None:
    """Write a study's report again from its saved games (e.g. after a crash or a kill)."""
    from spieltisch.lab.report import write_report

    outcome = load_study(folder)
    other = None if beside is None else (beside.name, load_study(beside))
    try:
        summary = write_report(outcome, folder, plots=plots, beside=other)
    except (ValueError, OptionError) as error:
        fail(str(error))
    print_summary(summary)
    console.print(f"report: {folder / 'report.html'} ({len(outcome.results)} games)", highlight=False)


def load_study(folder: Path) -> StudyOutcome:
    """A study's saved games, or a one-line error naming the folder."""
    from spieltisch.lab.study import load_outcome

    try:
        return load_outcome(folder)
    except (OSError, ValueError, KeyError) as error:
        fail(f"cannot read the study in {folder}: {error}")


def strength(
    game: Annotated[list[str] | None, typer.Argument(help="Games (default: all)")] = None,
    games: Annotated[int, typer.Option(help="Games per matchup")] = 100,
    players: Annotated[int | None, typer.Option(help="Players (default: the game's least, 2+)")] = None,
    ismcts: Annotated[str, typer.Option(help="The ISMCTS bot spec to judge")] = "ismcts:t=0.5",
    only: Annotated[str, typer.Option(help="both, heuristic (vs random) or ismcts (vs heuristic)")] = "both",
    seed: Annotated[int, typer.Option(help="Study seed of every matchup")] = 21,
    workers: Annotated[int, typer.Option(help="Worker processes (default: all cores)")] = 0,
    seconds_limit: Annotated[float, typer.Option(help="Most thinking seconds per move allowed")] = 1.0,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: strength-TIME)")] = None,
) -> None:
    """Judge the bots: heuristic against random and ISMCTS against heuristic, for every game."""
    from spieltisch.core.registry import game_names
    from spieltisch.lab.strength import judge, markdown_table, matchups

    if only not in ("both", "heuristic", "ismcts"):
        fail(f"--only must be both, heuristic or ismcts, not {only!r}")
    try:
        plan = matchups(game or game_names(), ismcts.lower(), players, only)
        for matchup in plan:
            matchup.spec(games, seed).check()
    except OptionError as error:
        fail(str(error))
    folder = out or Path(f"strength-{time.strftime('%Y%m%d-%H%M%S')}")
    command = "spieltisch strength " + shlex.join(sys.argv[2:])
    cores = workers or os.cpu_count() or 1
    announce_estimate(plan, games, cores)
    verdicts = []
    with progress_bar() as progress:
        overall = progress.add_task("all matchups", total=games * len(plan))
        for number, matchup in enumerate(plan, 1):
            current = progress.add_task(f"matchup {number} of {len(plan)}: {matchup.label}", total=games)

            def advance(_: Any, current: Any = current) -> None:
                progress.advance(current)
                progress.advance(overall)

            try:
                outcome = run_matchup(matchup.spec(games, seed), folder / matchup.label, cores, advance)
            except OptionError as error:  # the folder holds a matchup of other settings
                fail(str(error))
            if outcome.results:
                verdicts.append(judge(matchup, outcome.results, seconds_limit))
            if outcome.interrupted:
                console.print("[yellow]interrupted:[/yellow] judging the finished games only")
                break
    table = markdown_table(verdicts)
    (folder / "strength.md").write_text(f"    {command}\n\n{table}", encoding="utf-8")
    console.print(table, highlight=False, markup=False, soft_wrap=True)
    console.print(f"table: {folder / 'strength.md'}", highlight=False)


def announce_estimate(plan: list[Any], games: int, workers: int) -> None:
    """Say about how long the strength run will take, from a pilot game of each matchup."""
    from spieltisch.lab.strength import estimate_seconds

    with console.status("estimating the run time from a pilot game of each matchup"):
        seconds = sum(games * estimate_seconds(matchup) for matchup in plan) / workers
    worker_text = f"{workers} worker{'s' * (workers > 1)}"
    console.print(
        f"{len(plan)} matchup{'s' * (len(plan) > 1)} of {games} games on {worker_text}: "
        f"about {duration(seconds)} (estimated from a pilot game of each)",
        highlight=False,
    )


def duration(seconds: float) -> str:
    """A rough length of time for people: "40 s", "12 min", "2 h 5 min"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 90 else f"{minutes // 60} h {minutes % 60} min"


def run_matchup(spec: StudySpec, folder: Path, workers: int, on_result: Any) -> Any:
    """One matchup of the strength table as a study of its own (report without plots)."""
    from spieltisch.lab.report import write_report
    from spieltisch.lab.study import run_study

    folder.mkdir(parents=True, exist_ok=True)
    with open_executor(workers, None) as executor:
        outcome = run_study(spec, folder, executor, on_result)
    if outcome.results:
        write_report(outcome, folder, plots=False)
    return outcome


def build_spec(
    game: str,
    players: int | None,
    games: int,
    bots: str,
    options: list[str] | None,
    options_file: Path | None,
    compare: list[str] | None,
    compare_file: Path | None,
    seed: int,
    rotate: bool,
) -> StudySpec:
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        cls = resolve_game_class(game)
        count = players or (len(names) if len(names) > 1 else cls.min_players)
        base = {**read_options_file(options_file), **parse_pairs(options, "option")}
        variant = variant_options(read_options_file(compare_file), compare)
        game_name = game if ":" in game else cls.name
        spec = StudySpec(game_name, count, seat_bots(names, count), games, seed, base, variant, rotate)
        spec.check()
    except OptionError as error:
        fail(str(error))
    return spec


def variant_options(
    from_file: dict[str, Any], compare: list[str] | None
) -> dict[str, Any] | list[dict[str, Any]] | None:
    """The variants to compare: --compare's options over --compare-file's make one variant; an
    option given several values makes one variant per value (per combination, for several)."""
    values: dict[str, list[Any]] = {}
    for argument in compare or []:
        for key, value in parse_pairs([argument], "--compare").items():
            values.setdefault(key, [])
            if value not in values[key]:
                values[key].append(value)
    combinations = itertools.product(*values.values())
    variants = [{**from_file, **dict(zip(values, chosen, strict=True))} for chosen in combinations]
    if variants == [{}]:
        return None
    return variants[0] if len(variants) == 1 else variants


def run_and_report(
    spec: StudySpec,
    folder: Path,
    workers: int,
    dask: str | None,
    command: str,
    plots: bool = True,
    fresh: bool = False,
) -> None:
    from spieltisch.lab.report import write_report
    from spieltisch.lab.study import run_study, saved_games

    try:
        kept = [] if fresh else saved_games(spec, folder)
    except OptionError as error:
        fail(str(error))
    where = f"Dask at {dask}" if dask else f"{workers} worker{'s' * (workers > 1)}"
    console.print(f"{spec.game}: {spec.games} games, {spec.players} players, {where}, output {folder}")
    total = spec.games * len(spec.variants())
    announce_resume(len(kept), total, folder)
    with open_executor(workers, dask) as executor, progress_bar() as progress:
        task = progress.add_task("games", total=total, completed=len(kept))
        outcome = run_study(spec, folder, executor, lambda _: progress.advance(task), command, kept)
    if outcome.interrupted:
        console.print(f"[yellow]interrupted:[/yellow] {len(outcome.results)} finished games kept")
    start = time.perf_counter()
    summary = write_report(outcome, folder, command, plots)
    print_summary(summary)
    played = len(outcome.results) - outcome.resumed
    console.print(
        f"played {played} games in {outcome.seconds or 0:.1f} s; report written in "
        f"{time.perf_counter() - start:.1f} s: {folder / 'report.html'}",
        highlight=False,
    )


def announce_resume(kept: int, total: int, folder: Path) -> None:
    if kept:
        console.print(
            f"resuming: {kept} of {total} games already saved in {folder} (--fresh starts over)",
            highlight=False,
        )


def progress_bar() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
    )


def print_summary(summary: dict[str, Any]) -> None:
    from spieltisch.lab.report import comparisons, score_meaning, variant_names

    names = variant_names(summary["study"])
    for variant, part in summary["variants"].items():
        label = "" if len(summary["variants"]) == 1 else f" ({names.get(variant, variant)})"
        console.print(_share_table(f"win share by seat{label}", "seat", part["seats"], seat_label))
        console.print(_share_table(f"win share by bot{label}", "bot", part["bots"]))
        advantage = part["seat_advantage"]
        length = part["length"]
        console.print(
            f"game length: mean {length['mean']:.1f}, median {length['median']:.1f} decisions; "
            f"{seat_label(0)} wins {advantage['first_share']:.3f} vs fair {advantage['fair_share']:.3f} "
            f"(binomial p={advantage['first_p_value']:.3g}, chi-square over seats p="
            f"{advantage['chi_square_p_value']:.3g})",
            highlight=False,
        )
    console.print(f"score: {score_meaning(summary['study']['game'])}", highlight=False)
    for variant, rows in comparisons(summary["comparison"]).items():
        console.print(_comparison_table(rows, names.get(variant, variant), len(summary["comparison"])))


def _share_table(title: str, key: str, rows: list[dict[str, Any]], name: Callable[[Any], str] = str) -> Table:
    """Win shares by `key`, each row named by `name(row[key])` (seats: "seat 1")."""
    table = Table(title=title)
    for column in (key, "played", "win share", "95% interval", "mean score", "median score"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            escape(name(row[key])), str(row["played"]), f"{row['share']:.3f}",
            f"{row['low']:.3f}-{row['high']:.3f}", f"{row['mean_score']:.2f}", f"{row['median_score']:.2f}",
        )  # fmt: skip
    return table


def _comparison_table(rows: list[dict[str, Any]], variant: str, all_rows: int) -> Table:
    from spieltisch.lab.report import DECIMALS

    together = "the rows" if all_rows == len(rows) else f"all {all_rows} rows of the variants"
    table = Table(
        title=f"{escape(variant)} - base, paired by seed",
        caption=f"adj. p: Benjamini-Hochberg over {together}; bold: adj. p < 0.05; raw p in the report",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("metric", no_wrap=True)
    for column in ("base", "variant", "diff.", "95% interval", "adj. p"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in rows:
        places = DECIMALS.get(row.get("kind", "score"), 2)
        style = "bold" if row["adjusted_p_value"] < 0.05 else ""
        table.add_row(
            escape(row["metric"]), f"{row['base']:.{places}f}", f"{row['variant']:.{places}f}",
            f"{row['difference']:+.{places}f}", f"{row['low']:+.{places}f}..{row['high']:+.{places}f}",
            _p_value(row["adjusted_p_value"]), style=style,
        )  # fmt: skip
    return table


def _p_value(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.2g}"
