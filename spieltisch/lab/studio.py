"""The designer's commands: `spieltisch sweep` (a rule over a range), `spieltisch league` (bots rated).

Both write their games as they finish (games.jsonl), their figures as CSV,
charts as PNG, and report.md beside a self-contained report.html.
"""

from __future__ import annotations

import csv
import math
import os
import re
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from spieltisch.core.options import OptionError
from spieltisch.lab import html as report
from spieltisch.lab.chunks import kept_games, write_json
from spieltisch.lab.commands import (
    FreshArg,
    announce_resume,
    console,
    fail,
    open_executor,
    parse_pairs,
    progress_bar,
)
from spieltisch.lab.simulation import GameTask, resolve_game_class, seat_bots

PlayersArg = Annotated[int | None, typer.Option(help="Players (default: the game's least)")]
SeedArg = Annotated[int, typer.Option(help="Seed; game i of every arm or pair has the same seed")]
WorkersArg = Annotated[int, typer.Option(help="Worker processes (default: all cores)")]
DaskArg = Annotated[str | None, typer.Option(help="Run on a Dask cluster: its scheduler address")]
OptionsArg = Annotated[
    list[str] | None, typer.Option("--options", "--option", "-o", help="Fixed rule option key=value (repeat)")
]
PlotsArg = Annotated[bool, typer.Option(help="Draw the charts")]


def sweep(
    game: Annotated[str, typer.Argument(help="A game name (see `spieltisch games`), or module:GameClass")],
    axes: Annotated[list[str], typer.Argument(help="KEY=LO..HI[:STEP] or KEY=V1,V2,...; two keys: a grid")],
    players: PlayersArg = None,
    games: Annotated[int, typer.Option(help="Games per value")] = 100,
    bots: Annotated[
        str, typer.Option(help="Bots by seat, comma-separated (rotated each game)")
    ] = "heuristic",
    options: OptionsArg = None,
    seed: SeedArg = 1,
    workers: WorkersArg = 0,
    dask: DaskArg = None,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: sweep-GAME-TIME)")] = None,
    plots: PlotsArg = True,
    fresh: FreshArg = False,
) -> None:
    """Play the same seeded games at each value of a rule option and chart every measure against it.

    Run again into the same --out folder, a sweep resumes where it stopped."""
    from spieltisch.lab import sweep as lab

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        count = players or resolve_game_class(game).min_players
        spec = lab.make_sweep(
            game, count, seat_bots(names, count), games, axes, seed, parse_pairs(options, "option")
        )
    except OptionError as error:
        fail(str(error))
    folder = out or Path(f"sweep-{spec.game.replace(':', '-')}-{time.strftime('%Y%m%d-%H%M%S')}")
    command = "spieltisch sweep " + shlex.join(sys.argv[2:]) if len(sys.argv) > 2 else ""
    labels = ", ".join(spec.label(arm) for arm in spec.arms)
    console.print(f"{spec.game}: {len(spec.arms)} values ({labels}), {games} games each, output {folder}",
                  highlight=False)  # fmt: skip
    tasks = lab.plan(spec)
    running = lab.sweep_json(spec, 0, False, None, command)
    kept = resume(folder, "sweep.json", running, lab.SETTINGS, tasks, fresh)
    write_json(folder / "sweep.json", running)
    start = time.perf_counter()
    results, interrupted = play(tasks, folder, workers, dask, kept)
    seconds = time.perf_counter() - start
    rows = lab.summarize(spec, results)
    data = lab.sweep_json(spec, len(results), interrupted, seconds, command, len(kept))
    write_json(folder / "sweep.json", data)
    write_csv(folder / "sweep.csv", rows, [*lab.CSV_COLUMNS[:1], *spec.keys, *lab.CSV_COLUMNS[1:]])
    drawn = []
    if plots and results:
        from spieltisch.lab.studio_plots import plot_sweep

        drawn.append(plot_sweep(rows, spec.keys, spec.players, folder / "sweep.png"))
    report.write_reports(sweep_blocks(data, rows, drawn), f"Sweep: {spec.game}", folder, command)
    played(len(results) - len(kept), seconds, start + seconds, folder)


def league(
    game: Annotated[str, typer.Argument(help="A game name (see `spieltisch games`), or module:GameClass")],
    bots: Annotated[str, typer.Option(help="The bots to rate, comma-separated (at least two)")],
    players: PlayersArg = None,
    games: Annotated[int, typer.Option(help="Games per pair of bots")] = 100,
    options: OptionsArg = None,
    seed: SeedArg = 1,
    workers: WorkersArg = 0,
    dask: DaskArg = None,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: league-GAME-TIME)")] = None,
    plots: PlotsArg = True,
    fresh: FreshArg = False,
) -> None:
    """Play every pair of bots and rate them all on one scale (Bradley-Terry, mean rating 1500).

    Run again into the same --out folder, a league resumes where it stopped."""
    from spieltisch.lab import league as lab

    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    try:
        cls = resolve_game_class(game)
        name = game if ":" in game else cls.name
        spec = lab.LeagueSpec(
            name, players or cls.min_players, names, games, seed, parse_pairs(options, "option")
        )
        spec.check()
    except OptionError as error:
        fail(str(error))
    folder = out or Path(f"league-{spec.game.replace(':', '-')}-{time.strftime('%Y%m%d-%H%M%S')}")
    command = "spieltisch league " + shlex.join(sys.argv[2:]) if len(sys.argv) > 2 else ""
    console.print(
        f"{spec.game}: {len(spec.pairs())} pairs, {games} games each, output {folder}", highlight=False
    )
    tasks = lab.plan(spec)
    settings = {"game": spec.game, "players": spec.players, "bots": list(spec.bots), "games_per_pair": games,
                "seed": seed, "options": spec.options, "command": command, "status": "running"}  # fmt: skip
    kept = resume(folder, "league.json", settings, LEAGUE_SETTINGS, tasks, fresh)
    write_json(folder / "league.json", settings)
    start = time.perf_counter()
    results, interrupted = play(tasks, folder, workers, dask, kept)
    seconds = time.perf_counter() - start
    tally = lab.Tally.of(spec.bots, results)
    ratings, prior = lab.rate(tally)
    pairs = lab.pair_rows(tally)
    write_csv(folder / "ratings.csv", [vars(r) for r in ratings], ["bot", "rating", "low", "high", "games"])
    write_csv(folder / "pairs.csv", pairs, ["bot", "opponent", "games", "win_share", "low", "high"])
    data = settings | {"finished_games": len(results), "interrupted": interrupted, "prior": prior,
                       "status": "interrupted" if interrupted else "complete", "seconds": round(seconds, 3),
                       "resumed_games": len(kept)}  # fmt: skip
    write_json(folder / "league.json", data)
    drawn = []
    if plots and results:
        from spieltisch.lab.studio_plots import plot_league_matrix

        drawn.append(plot_league_matrix([r.bot for r in ratings], pairs, folder / "pairs.png"))
    report.write_reports(league_blocks(data, ratings, pairs, drawn), f"League: {spec.game}", folder, command)
    for rating in ratings:
        console.print(
            f"{rating.bot:>24} {rating.rating:7.0f} ({rating.low:.0f}-{rating.high:.0f})", highlight=False
        )
    played(len(results) - len(kept), seconds, start + seconds, folder)


LEAGUE_SETTINGS = ("game", "players", "bots", "seed", "options")
"""What makes two leagues the same league (the games per pair aside: more games extend it)."""


def resume(
    folder: Path,
    name: str,
    settings: dict[str, Any],
    keys: tuple[str, ...],
    tasks: list[GameTask],
    fresh: bool,
) -> list[dict[str, Any]]:
    """The games an earlier run of the same settings saved in `folder` (none with --fresh); a one-line
    error, with nothing changed, where the folder holds another run."""
    if fresh:
        return []
    try:
        kept = kept_games(folder, name, settings, keys, {(t.index, t.variant) for t in tasks}, "arm")
    except OptionError as error:
        fail(str(error))
    announce_resume(len(kept), len(tasks), folder)
    return kept


def play(
    tasks: list[GameTask], folder: Path, workers: int, dask: str | None, kept: list[dict[str, Any]]
) -> tuple[list[Any], bool]:
    """Play the tasks on a pool or Dask with a progress bar (and its ETA); Ctrl-C keeps what is done."""
    from spieltisch.lab.sweep import run_games

    with open_executor(workers or os.cpu_count() or 1, dask) as executor, progress_bar() as progress:
        bar = progress.add_task("games", total=len(tasks), completed=len(kept))
        results, interrupted = run_games(tasks, folder, executor, lambda _: progress.advance(bar), kept)
    if interrupted:
        console.print(f"[yellow]interrupted:[/yellow] {len(results)} finished games kept")
    return results, interrupted


def played(games: int, seconds: float, report_start: float, folder: Path) -> None:
    """The simulation's time and the report's, apart: which of the two a run spends its time on."""
    console.print(
        f"played {games} games in {seconds:.1f} s; report written in "
        f"{time.perf_counter() - report_start:.1f} s: {folder / 'report.html'}",
        highlight=False,
    )


def write_csv(path: Path, rows: list[dict[str, Any]], columns: list[str]) -> None:
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(columns)
        for row in rows:
            writer.writerow(["" if row.get(c) is None else _cell(row[c]) for c in columns])


def _cell(value: Any) -> Any:
    return float(f"{value:.6g}") if isinstance(value, float) and math.isfinite(value) else value


def _p(value: float | None) -> str:
    return "" if value is None else ("<0.001" if value < 0.001 else f"{value:.3g}")


def _facts(data: dict[str, Any], extra: list[str]) -> list[report.Block]:
    done = f"{data['finished_games']} games played in {data['seconds']:.1f} s"
    if data.get("resumed_games"):
        done += f" (resumed: {data['resumed_games']} of them were saved by an earlier run)"
    if data["interrupted"]:
        done += " (**interrupted**: the figures cover the finished games only)"
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "defaults"
    lines = [
        f"players: {data['players']}; fixed options: {options}; seed: {data['seed']}",
        *extra,
        done,
    ]
    return [report.Code(data["command"] or "(command not recorded)"), report.Items(lines)]


def sweep_blocks(data: dict[str, Any], rows: list[dict[str, Any]], charts: list[str]) -> list[report.Block]:
    extra = [
        f"bots by seat in game 1: {', '.join(data['bots'])} (rotated one seat per game)",
        f"values: {len(data['arms'])}, {data['games']} games each on the same seeds; "
        f"base (compared against): {data['base_value']}",
    ]
    blocks: list[report.Block] = [report.Heading(f"Sweep: {data['game']}", 1), *_facts(data, extra)]
    blocks += [report.Image(name, "each measure against the value") for name in charts]
    header = ["value", "measure", "estimate", "95% interval", "games", "diff. vs base", "p", "adjusted p"]
    table, bold = [], set()
    for number, row in enumerate(rows):
        places = 3 if SHARE_WORDS.search(row["measure"]) else 2
        interval = f"{row['low']:.{places}f} to {row['high']:.{places}f}" if row["n"] else ""
        difference = "" if row["difference"] is None else f"{row['difference']:+.{places}f}"
        table.append([row["value"], row["measure"], f"{row['estimate']:.{places}f}", interval, str(row["n"]),
                      difference, _p(row["p_value"]), _p(row["adjusted_p_value"])])  # fmt: skip
        if row["adjusted_p_value"] is not None and row["adjusted_p_value"] < 0.05:
            bold.add(number)
    blocks += [report.Heading("Estimates"), report.TableBlock(header, table, bold), report.Text(SWEEP_NOTES)]
    return [
        *blocks,
        report.Text("Files: sweep.csv (the table), sweep.json (settings), games.jsonl (every game)."),
    ]


SHARE_WORDS = re.compile("win share|advantage|safety cap")
"""Measures that are shares of games, shown with three decimals (the others with two)."""
SWEEP_NOTES = (
    "Win shares and the share of games a safety cap ended: Wilson intervals; a bot's share is clustered "
    "by game; lengths, spreads and the game's own measures: t intervals of the mean. The first-player "
    "advantage is seat 1's win share less the fair share. Each value is compared with the base game by "
    "game on the same seeds (exact sign-flip test; McNemar's for wins), and the p-values of all values "
    "and measures are adjusted together (Benjamini-Hochberg); **bold**: adjusted p < 0.05. Rows without "
    "a test: the base itself, the first-player advantage (seat 1's test says it), seat 2 with two "
    "players (it mirrors seat 1), and rows where every game agrees with the base."
)


def league_blocks(
    data: dict[str, Any], ratings: list[Any], pairs: list[dict[str, Any]], charts: list[str]
) -> list[report.Block]:
    extra = [f"bots: {', '.join(data['bots'])}; {data['games_per_pair']} games per pair on the same seeds"]
    blocks: list[report.Block] = [report.Heading(f"League: {data['game']}", 1), *_facts(data, extra)]
    table = [[r.bot, f"{r.rating:.0f}", f"{r.low:.0f} to {r.high:.0f}", str(r.games)] for r in ratings]
    blocks += [
        report.Heading("Ratings"),
        report.TableBlock(["bot", "rating", "95% interval", "games"], table),
    ]
    note = LEAGUE_NOTES + (PRIOR_NOTE if data["prior"] else "")
    blocks += [report.Text(note), report.Heading("Pairs")]
    blocks += [report.Image(name, "win share matrix") for name in charts]
    rows = [[p["bot"], p["opponent"], str(p["games"]), f"{p['win_share']:.3f}",
             f"{p['low']:.3f} to {p['high']:.3f}"] for p in pairs]  # fmt: skip
    blocks.append(report.TableBlock(["bot", "opponent", "games", "win share", "95% interval"], rows))
    return [*blocks, report.Text("Files: ratings.csv, pairs.csv, league.json (settings), games.jsonl.")]


PRIOR_NOTE = (
    " Some bot won or lost every game: half a game won by each side of every pair was added "
    "(a weak prior) so that every rating is finite."
)
LEAGUE_NOTES = (
    "Bradley-Terry ratings on an Elo-like scale: the mean rating is 1500, and a gap of 400 points means "
    "odds of 10 to 1 (about 0.91 to 0.09). A game counts for each bot as its seats' win shares. "
    "Intervals: 95%, from the Fisher information, each rating against the mean of all. Seating: the "
    "pair alternates around the table, rotated one seat per game, the bots swapping every table-size games."
)
