"""Fixtures for the server tests: an app with the toy game, clients and a play helper."""

from __future__ import annotations

import fcntl
import json
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.settings import Settings
from spieltisch.server.wsprotocol import uvicorn_protocols
from tests.core.toy_game import ToyGame
from tests.server.browser import AXE, CHROMIUM
from tests.server.servers import Server, free_port
from tests.server.show_game import ShowGame


def make_settings(data_dir: Path, **changes: Any) -> Settings:
    settings = Settings(
        data_dir=data_dir,
        bot_delay=0.0,
        extra_games={"toy": ToyGame, "show": ShowGame},
        web_dir=data_dir / "no-client",
        tables_per_minute=1000,  # the tests make many; test_server_limits.py tests the limit
    )
    for key, value in changes.items():
        setattr(settings, key, value)
    return settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


@contextmanager
def serving(settings: Settings) -> Iterator[str]:
    """The app served by uvicorn in a thread on a loopback port (real sockets, real peer
    addresses: any 127.x.y.z can connect), with the protocols `serve` runs; yields host:port."""
    port = free_port()
    config = uvicorn.Config(create_app(settings), port=port, **uvicorn_protocols(), log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not running.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield f"127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(10)


def new_table(client: TestClient, game: str = "toy", seats: list[str] | None = None, **extra: Any) -> dict:
    body = {"game": game, "players": 2, "seats": seats or [], **extra}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


_logs: weakref.WeakKeyDictionary[Any, list[dict]] = weakref.WeakKeyDictionary()
"""Each websocket's log as far as its state messages brought it."""


def receive(ws: Any, until: Callable[[dict], bool], limit: int = 200) -> dict:
    """Read messages until one satisfies `until`; fail after `limit` messages. A state message
    comes with the whole log its connection was sent (with_whole_log)."""
    for _ in range(limit):
        message = with_whole_log(ws, json.loads(ws.receive_text()))
        if until(message):
            return message
    raise AssertionError("expected message did not arrive")


def with_whole_log(ws: Any, message: dict) -> dict:
    """A state message with the log as a client keeps it: its entries up to `log_from`, then
    the message's own."""
    if message["type"] != "state":
        return message
    since = message["log_from"]
    assert since == 0 or ws in _logs, "a log that follows on from one never sent"
    kept = [entry for entry in _logs.get(ws, []) if entry["version"] <= since]
    assert all(entry["version"] > since for entry in message["log"])
    _logs[ws] = kept + message["log"]
    return {**message, "log": _logs[ws]}


def is_state(message: dict) -> bool:
    return message["type"] == "state"


def state_at(version: int) -> Callable[[dict], bool]:
    return lambda m: m["type"] == "state" and m["version"] >= version and m["status"] != "open"


def hello(ws: Any, token: str | None = None, lang: str = "en") -> dict:
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    return receive(ws, lambda m: is_state(m) and (token is None or m["you"] is not None))


# --- the browser tests: Debian's Chromium driven by playwright, the built client ---


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {
        "executable_path": str(CHROMIUM),
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
    }  # fmt: skip


@pytest.fixture(scope="session")
def built_client() -> None:
    from spieltisch.server import webbuild

    with (Path(tempfile.gettempdir()) / "spieltisch-web-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel test workers build once
        assert webbuild.ensure_built(log=False), "the browser client did not build"
    assert AXE.is_file(), "npm ci installs axe-core for the accessibility checks"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # axe-core is put into the page as a script, which the page's policy forbids.
    return {**browser_context_args, "bypass_csp": True, "locale": "en-GB"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, built_client: None) -> Iterator[Server]:
    """A real server process of this module's own, bots moving at once (modules may define their own)."""
    server = Server(tmp_path_factory.mktemp("site"), bot_delay=0.0)
    try:
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()
