"""`spieltisch serve`: the web server on this machine."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from spieltisch.core.contract import AnyGame, Game
from spieltisch.server.settings import DEFAULT_PORT, default_data_dir, uses_postgres

if TYPE_CHECKING:
    from fastapi import FastAPI

    from spieltisch.server.settings import Settings

WORKER_SETTINGS = "SPIELTISCH_WORKER_SETTINGS"
"""The environment variable that hands `serve --workers`' settings to each worker process."""

SERVER_PACKAGES = ("fastapi", "uvicorn", "sqlalchemy", "pydantic", "anyio", "orjson")
"""What the server imports from its extra, `server` (aiosqlite or psycopg besides, by database)."""


def require_server_packages(database_url: str | None) -> None:
    """Stop (exit 2) naming the first missing package and the extras that bring it.

    PostgreSQL's driver is an extra of its own, asked for only with a postgresql:// URL.
    """
    postgres = uses_postgres(database_url)
    wanted = [(name, "server") for name in SERVER_PACKAGES]
    wanted.append(("psycopg", "server,postgres") if postgres else ("aiosqlite", "server"))
    wanted.append(("spieltisch.server.app", "server,postgres" if postgres else "server"))
    for module, extras in wanted:
        try:
            importlib.import_module(module)
        except ImportError as error:
            missing = error.name or module
            typer.echo(
                f"error: {missing} is missing; install it with: pip install 'spieltisch[{extras}]'", err=True
            )
            raise typer.Exit(2) from None


def load_extra_game(spec: str) -> type[AnyGame]:
    """`module:Class` -> the class, for serving a game that is not registered yet."""
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise typer.BadParameter(f"{spec!r} must look like package.module:GameClass")
    found = getattr(importlib.import_module(module_name), class_name, None)
    if not (isinstance(found, type) and issubclass(found, Game)):
        raise typer.BadParameter(f"{spec!r} is not a Game class")
    return found


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = DEFAULT_PORT,
    database_url: Annotated[
        str | None, typer.Option(help="postgresql://user@host:port/db (default: SQLite in --data-dir)")
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            help="Folder for the SQLite database [default: $SPIELTISCH_HOME or ~/.local/share/spieltisch]"
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before its move")] = 0.8,
    build: Annotated[bool, typer.Option("--build/--no-build", help="Build the client if needed")] = True,
    data_sets: Annotated[
        Path | None,
        typer.Option(help="A folder of data sets to offer for data-file options: GAME/OPTION/NAME.toml"),
    ] = None,
    tables_per_minute: Annotated[
        int,
        typer.Option(
            min=0, help="New tables one client (network address) may create per minute; 0: no limit"
        ),
    ] = 10,
    connections_per_minute: Annotated[
        int, typer.Option(min=0, help="New websocket connections one client may open per minute; 0: no limit")
    ] = 60,
    connections_per_client: Annotated[
        int, typer.Option(min=0, help="Websocket connections one client may hold at once; 0: no limit")
    ] = 32,
    connections_total: Annotated[
        int, typer.Option(min=0, help="Websocket connections in total; 0: no limit")
    ] = 5000,
    extra_game: Annotated[
        list[str] | None, typer.Option(help="Also offer an unregistered game, as module:Class (repeatable)")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Server processes on this machine, sharing the port (PostgreSQL only)")
    ] = 1,
) -> None:
    """Run the web server: lobby, tables and the browser client."""
    require_server_packages(database_url)
    import uvicorn

    from spieltisch.server import webbuild
    from spieltisch.server.app import create_app
    from spieltisch.server.settings import Settings
    from spieltisch.server.wsprotocol import uvicorn_protocols

    if workers > 1 and not uses_postgres(database_url):
        typer.echo("error: --workers needs --database-url postgresql://… (SQLite has one writer)", err=True)
        raise typer.Exit(2)

    if build and not webbuild.ensure_built():
        typer.echo("note: the browser client is not built (needs npm); the API works without it")
    games = {cls.name: cls for cls in map(load_extra_game, extra_game or [])}
    folder = data_dir or default_data_dir()
    if data_sets is not None:
        check_data_sets(data_sets, folder)
    settings = Settings(
        data_dir=folder,
        database_url=database_url,
        bot_delay=bot_delay,
        extra_games=games,
        data_sets=data_sets,
        tables_per_minute=tables_per_minute,
        connections_per_minute=connections_per_minute,
        connections_per_client=connections_per_client,
        connections_total=connections_total,
        tune_collector=True,
    )
    where = "PostgreSQL" if database_url else f"SQLite in {folder}"
    if workers > 1:
        where += f", {workers} processes"
    try:
        listening = bind(host, port)
    except OSError as error:
        typer.echo(f"error: cannot listen on {host}:{port}: {error.strerror}", err=True)
        raise typer.Exit(1) from None
    bound_port = listening.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    typer.echo(f"spieltisch serving on http://{shown_host}:{bound_port}/ ({where})")
    if workers == 1:
        config = uvicorn.Config(create_app(settings), **uvicorn_protocols(), log_level="warning")
        uvicorn.Server(config).run(sockets=[listening])
        return
    from uvicorn.supervisors import Multiprocess

    # Each worker builds its app from the settings handed over in the environment;
    # the supervisor restarts a worker that dies. They share the listening socket.
    os.environ[WORKER_SETTINGS] = settings_to_json(settings)
    worker = f"{__name__}:worker_app"
    config = uvicorn.Config(worker, factory=True, workers=workers, **uvicorn_protocols(), log_level="warning")
    Multiprocess(config, sockets=[listening]).run()


def check_data_sets(offered: Path, data_dir: Path) -> None:
    """Read and parse every data set offered: a file that fails stops the start, in one line."""
    from spieltisch.core.data import DataFileError
    from spieltisch.server.datasets import DataSets

    try:
        DataSets(offered, data_dir / "data-sets").check()
    except DataFileError as error:
        typer.echo(f"error: --data-sets: {error}", err=True)
        raise typer.Exit(2) from None


def settings_to_json(settings: Settings) -> str:
    fields: dict[str, Any] = {}
    for field in dataclasses.fields(settings):
        value = getattr(settings, field.name)
        if field.name == "extra_games":
            value = [f"{cls.__module__}:{cls.__qualname__}" for cls in value.values()]
        elif isinstance(value, Path):
            value = str(value)
        fields[field.name] = value
    return json.dumps(fields)


def settings_from_json(text: str) -> Settings:
    from spieltisch.server.settings import Settings

    fields = json.loads(text)
    games = [load_extra_game(spec) for spec in fields.pop("extra_games")]
    paths = {"data_dir", "web_dir", "data_sets"}
    found: dict[str, Any] = {
        name: Path(value) if name in paths and value is not None else value for name, value in fields.items()
    }
    return Settings(**found, extra_games={cls.name: cls for cls in games})


def worker_app() -> FastAPI:
    """The app of one `serve --workers` process."""
    from spieltisch.server.app import create_app

    return create_app(settings_from_json(os.environ[WORKER_SETTINGS]))


def migrate(
    database_url: Annotated[
        str | None, typer.Option(help="postgresql://user@host:port/db (default: SQLite in --data-dir)")
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="Folder of the SQLite database [default: as for serve]")
    ] = None,
) -> None:
    """Bring the server's database schema up to date, then exit.

    Every server process does this when it starts (on PostgreSQL under a lock,
    so processes starting together migrate once); run it alone to migrate
    before starting servers of a new version on several machines.
    """
    import asyncio

    require_server_packages(database_url)
    from spieltisch.server.schema import LATEST
    from spieltisch.server.settings import Settings
    from spieltisch.server.store import Store

    settings = Settings(data_dir=data_dir or default_data_dir(), database_url=database_url)

    async def run() -> None:
        store = await Store.open(settings.resolved_database_url())
        await store.close()

    asyncio.run(run())
    typer.echo(f"schema at version {LATEST}")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, bound before the address is printed (a port in use fails here)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
        listening.listen(2048)
    except OSError:
        listening.close()
        raise
    listening.set_inheritable(True)
    return listening


def api_schema(
    out: Annotated[Path | None, typer.Option(help="Write to this file instead of printing")] = None,
) -> None:
    """Print the server's OpenAPI schema: every REST answer and every websocket message.

    For generating the browser's types (e.g. with openapi-typescript); the
    running server serves the same at /api/openapi.json.
    """
    import json

    require_server_packages(None)
    from spieltisch.server.app import create_app
    from spieltisch.server.settings import Settings

    text = json.dumps(create_app(Settings()).openapi(), indent=2, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
