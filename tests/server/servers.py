"""`spieltisch serve` processes and throwaway PostgreSQL databases.

For the tests that need a real server process (restarts, kills, the browser,
several processes on one database) and for scripts/load_test.py and
scripts/docs_screenshots.py. Each process gets a loopback port of its own,
as it would behind a load balancer.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
TOY_GAME = ("--extra-game", "tests.core.toy_game:ToyGame")

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def throwaway_database(server_url: str, prefix: str) -> Iterator[str]:
    """A new database on the PostgreSQL server at `server_url`, dropped afterwards; yields its URL."""
    import psycopg  # the postgres extra: needed only here

    name = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield server_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(server_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Server:
    """One `spieltisch serve` process: SQLite in `data_dir`, or the database at `database_url`."""

    def __init__(
        self,
        data_dir: Path | None = None,
        bot_delay: float = 0.0,
        *,
        database_url: str | None = None,
        options: Sequence[str] = TOY_GAME,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        where = ["--database-url", database_url] if database_url else ["--data-dir", str(data_dir)]
        self.args = [
            sys.executable, "-m", "spieltisch.cli", "serve", "--port", str(self.port), *where,
            "--bot-delay", str(bot_delay), "--no-build", *options,
        ]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.launch()
        self.wait_until_up()

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
        """End it as an operator would (SIGTERM), killing it if it does not end within 10 s."""
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


def run_apart(main: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a thread of its own: the browser tests' playwright
    keeps an event loop running in the test thread, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()
