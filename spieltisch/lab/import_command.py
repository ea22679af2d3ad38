"""`spieltisch import`: the command; the work is importing.py's (it needs the server and lab extras)."""

from __future__ import annotations

import shlex
import sys
import time
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from spieltisch.core.options import OptionError
from spieltisch.lab.commands import console, fail, parse_pairs, print_summary


def redacted_command(arguments: list[str]) -> str:
    """The command as the report shows it: the salt hidden, a database URL without its password."""
    from spieltisch.lab.importing import shown_url

    shown, hide_next = [], ""
    for argument in arguments:
        if hide_next:
            shown.append("SALT" if hide_next == "--salt" else shown_url(argument))
            hide_next = ""
        elif argument in ("--salt", "--database-url"):
            shown.append(argument)
            hide_next = argument
        elif argument.startswith("--salt="):
            shown.append("--salt=SALT")
        elif argument.startswith("--database-url="):
            shown.append("--database-url=" + shown_url(argument.partition("=")[2]))
        else:
            shown.append(argument)
    return "spieltisch import " + shlex.join(shown)


def import_games(
    game: Annotated[str, typer.Argument(help="The game whose finished tables to import")],
    data_dir: Annotated[
        Path | None, typer.Option(help="The server's data folder (its SQLite database)")
    ] = None,
    database_url: Annotated[
        str | None, typer.Option(help="Or the server's database: postgresql://...")
    ] = None,
    since: Annotated[
        str | None, typer.Option(help="Tables made on this day (YYYY-MM-DD, UTC) or later")
    ] = None,
    until: Annotated[
        str | None, typer.Option(help="Tables made on this day (YYYY-MM-DD, UTC) or earlier")
    ] = None,
    options: Annotated[
        list[str] | None,
        typer.Option("--options", "--option", "-o", help="Only tables with this option key=value"),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Only tables of this many players")] = None,
    humans_only: Annotated[bool, typer.Option(help="Only tables where no seat was a bot's")] = False,
    salt: Annotated[
        str | None, typer.Option(help="Key of the pseudonyms (default: new each import); keep it secret")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: import-GAME-TIME)")] = None,
    plots: Annotated[bool, typer.Option(help="Draw the PNG plots")] = True,
) -> None:
    """Import the finished games people played on a server into a study folder, names made pseudonyms."""
    try:
        from spieltisch.lab.importing import Filters, ImportProblem, database_url_of, import_study
        from spieltisch.lab.report import write_report
    except ImportError as error:
        fail(f"spieltisch import needs the server and lab extras ({error.name} is missing)")

    if (data_dir is None) == (database_url is None):
        fail("give either --data-dir (a server's data folder) or --database-url")
    try:
        filters = Filters(_day(since, "--since"), _day(until, "--until"), parse_pairs(options, "option"),
                          players, humans_only)  # fmt: skip
        url = database_url_of(data_dir, database_url)
        folder = out or Path(f"import-{game.replace(':', '-')}-{time.strftime('%Y%m%d-%H%M%S')}")
        outcome = import_study(url, game, filters, folder, salt, redacted_command(sys.argv[2:]))
    except (ImportProblem, OptionError) as error:
        fail(str(error))
    summary = write_report(outcome, folder, plots=plots)
    print_summary(summary)
    source = outcome.source or {}
    console.print(
        f"{source.get('imported')} games imported ({source.get('human_only_games')} human-only); "
        f"report: {folder / 'report.html'}",
        highlight=False,
    )


def _day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        fail(f"{option} takes a day as YYYY-MM-DD, not {text!r}")
