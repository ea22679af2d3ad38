"""Several `spieltisch serve` processes on one throwaway PostgreSQL database, for the cluster tests.

The database is made fresh for the test module (others share the PostgreSQL
server) and dropped at the end. Each process gets its own port, as it would
behind a load balancer (tests/server/servers.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from websockets.sync.client import ClientConnection

from tests.server.conftest import with_whole_log
from tests.server.servers import Server, throwaway_database

POSTGRES_URL = os.environ.get("SPIELTISCH_TEST_POSTGRES_URL")
EXTRA_GAMES = ("tests.core.toy_game:ToyGame", "tests.server.show_game:ShowGame")
OPTIONS = (
    *[arg for game in EXTRA_GAMES for arg in ("--extra-game", game)],
    *("--connections-per-client", "1000", "--tables-per-minute", "1000"),
)


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new database on the test PostgreSQL, dropped afterwards; yields its URL."""
    if not POSTGRES_URL:
        pytest.skip("SPIELTISCH_TEST_POSTGRES_URL is not set")
    with throwaway_database(POSTGRES_URL, "spieltisch_cluster") as url:
        yield url


def cluster_server(database_url: str, bot_delay: float) -> Server:
    """One process of the cluster: every test client shares 127.0.0.1, so it may hold many
    connections and make many tables."""
    return Server(database_url=database_url, bot_delay=bot_delay, options=OPTIONS)


def start_all(servers: list[Server]) -> None:
    for server in servers:
        server.launch()
    for server in servers:
        server.wait_until_up()


def people_table(server: Server, game: str, players: int) -> tuple[str, list[str], str]:
    """A table with a person in every seat: its id, the seat tokens and the host token."""
    table = server.post("/api/tables", {"game": game, "players": players, "name": "P0"})
    others = [
        server.post(f"/api/tables/{table['id']}/seats/{s}", {"name": f"P{s}"}) for s in range(1, players)
    ]
    return table["id"], [table["token"]] + [other["token"] for other in others], table["host_token"]


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    return with_whole_log(ws, json.loads(ws.recv(timeout=timeout)))


def stored_actions(database_url: str, table_id: str) -> list[tuple[int, int, int]]:
    """(index, action, seat) of every stored step of a table, in order."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT idx, action, seat FROM actions WHERE table_id = %s ORDER BY idx", (table_id,)
        ).fetchall()
    return [(int(i), int(a), int(s)) for i, a, s in rows]
