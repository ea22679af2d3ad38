"""Several `spieltisch serve` processes on one throwaway PostgreSQL database, for the cluster tests.

The database is made fresh for the test module (others share the PostgreSQL
server) and dropped at the end. Each process gets its own port, as it would
behind a load balancer.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_URL = os.environ.get("SPIELTISCH_TEST_POSTGRES_URL")
EXTRA_GAMES = ("tests.core.toy_game:ToyGame", "tests.server.show_game:ShowGame")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new database on the test PostgreSQL, dropped afterwards; yields its URL."""
    if not POSTGRES_URL:
        pytest.skip("SPIELTISCH_TEST_POSTGRES_URL is not set")
    name = f"spieltisch_cluster_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Server:
    """One server process on the shared database."""

    def __init__(self, database_url: str, bot_delay: float) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [
            sys.executable, "-m", "spieltisch.cli", "serve", "--port", str(self.port),
            "--database-url", database_url, "--bot-delay", str(bot_delay), "--no-build",
            "--connections-per-client", "1000", "--tables-per-minute", "1000",
            *[arg for game in EXTRA_GAMES for arg in ("--extra-game", game)],
        ]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None

    def launch(self) -> None:
        self.process = subprocess.Popen(self.args, cwd=ROOT, stdout=subprocess.DEVNULL)

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, "the server exited"
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("the server did not come up")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict) -> dict:
        reply = httpx.post(f"{self.url}{path}", json=body, timeout=10)
        assert reply.status_code == 200, reply.text
        return dict(reply.json())

    def socket(self, table_id: str, lang: str = "en") -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}?lang={lang}", open_timeout=10)


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
    return dict(json.loads(ws.recv(timeout=timeout)))


def stored_actions(database_url: str, table_id: str) -> list[tuple[int, int, int]]:
    """(index, action, seat) of every stored step of a table, in order."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT idx, action, seat FROM actions WHERE table_id = %s ORDER BY idx", (table_id,)
        ).fetchall()
    return [(int(i), int(a), int(s)) for i, a, s in rows]
