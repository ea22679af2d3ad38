"""docs/nginx.conf, run for real: nginx in front of a server, both on loopback ports.

Skipped where nginx is not installed (Debian: apt-get install -y nginx).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.conftest import make_settings, serving
from tests.server.servers import ROOT, free_port

NGINX = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/usr/local/sbin")
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")
EXAMPLE = ROOT / "docs" / "nginx.conf"
HEADER_TIMEOUT = 10.0
"""docs/nginx.conf's client_header_timeout."""


def run_example(folder: Path, server: str, port: int) -> str:
    """The nginx configuration that includes the example, moved to these ports and this folder."""
    example = EXAMPLE.read_text()
    assert f"client_header_timeout {HEADER_TIMEOUT:.0f}s;" in example
    moved = example
    for old, new in (
        ("listen 80;", f"listen 127.0.0.1:{port};"),
        ("server 127.0.0.1:8765;", f"server {server};"),
    ):
        assert moved.count(old) == 1, old
        moved = moved.replace(old, new)
    (folder / "spieltisch.conf").write_text(moved)
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;" if os.geteuid() == 0 else ""  # the workers write to this folder
    return (
        f"{user} worker_processes 1; pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'} warn;"
        f" events {{ worker_connections 256; }}"
        f" http {{ access_log off; {temp} include {folder / 'spieltisch.conf'}; }}"
    )


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[str]:
    """nginx with the example in front of a server that lets each address make one table a
    minute; yields the proxy's address."""
    assert NGINX is not None
    port = free_port()
    with serving(make_settings(tmp_path, tables_per_minute=1)) as server:
        (tmp_path / "nginx.conf").write_text(run_example(tmp_path, server, port))
        command = [
            NGINX,
            "-p",
            str(tmp_path),
            "-e",
            str(tmp_path / "error.log"),
            "-c",
            str(tmp_path / "nginx.conf"),
        ]
        nginx = subprocess.Popen([*command, "-g", "daemon off;"], stderr=subprocess.PIPE)
        try:
            wait_for_port(port, nginx)
            yield f"127.0.0.1:{port}"
        finally:
            nginx.terminate()
            nginx.wait(10)


def wait_for_port(port: int, nginx: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        assert nginx.poll() is None, nginx.stderr.read().decode() if nginx.stderr else "nginx exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("nginx did not listen")


def client_from(proxy: str, address: str) -> httpx.Client:
    return httpx.Client(base_url=f"http://{proxy}", transport=httpx.HTTPTransport(local_address=address))


def test_the_lobby_the_games_and_a_table_work_through_the_proxy(proxy: str) -> None:
    with client_from(proxy, "127.0.0.1") as client:
        assert client.get("/").status_code == 200
        assert client.get("/api/tables").status_code == 200
        assert "toy" in {game["name"] for game in client.get("/api/games").json()}
        table = client.post("/api/tables", json={"game": "toy", "players": 2, "seats": ["open", "random"]})
        table.raise_for_status()
        created = table.json()
        seat = client.post(f"/api/tables/{created['id']}/seats/0", json={"name": "Anna"}).json()
        client.post(f"/api/tables/{created['id']}/start", json={"host_token": created["host_token"]})
    with connect(f"ws://{proxy}/ws/tables/{created['id']}", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
        while (message := json.loads(ws.recv(timeout=5)))["type"] != "state" or message["you"] is None:
            pass
        assert message["you"] == 0 and message["status"] == "running"


def test_each_visitor_keeps_its_own_address_behind_the_proxy(proxy: str) -> None:
    """The server allows one table a minute per address: a second visitor still gets one."""
    body = {"game": "toy", "players": 2}
    with client_from(proxy, "127.0.0.2") as first, client_from(proxy, "127.0.0.3") as second:
        assert first.post("/api/tables", json=body).status_code == 200
        assert first.post("/api/tables", json=body).status_code == 429
        assert second.post("/api/tables", json=body).status_code == 200


def test_a_body_over_the_servers_limit_is_refused_by_the_proxy(proxy: str) -> None:
    with client_from(proxy, "127.0.0.4") as client:
        reply = client.post(
            "/api/tables", content=b"x" * 300_000, headers={"content-type": "application/json"}
        )
    assert reply.status_code == 413
    assert reply.headers["content-type"].startswith("text/html"), "the server answered, not nginx"


def test_a_client_sending_its_header_byte_by_byte_is_cut_off_after_the_timeout(proxy: str) -> None:
    host, port = proxy.split(":")
    header = b"GET /api/health HTTP/1.1\r\nHost: spiel\r\nX-Slow: " + b"a" * 1000
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=5) as slow:
        for byte in header:  # one byte every half second, until nginx gives up
            if time.monotonic() - started > HEADER_TIMEOUT + 5 or not send_or_closed(slow, byte):
                break
        cut_off = time.monotonic() - started
    print(f"cut off after {cut_off:.1f} s")
    assert HEADER_TIMEOUT - 1 <= cut_off <= HEADER_TIMEOUT + 3, cut_off


def send_or_closed(connection: socket.socket, byte: int) -> bool:
    """Send one byte and wait half a second; False once the other end answered or closed."""
    try:
        connection.send(bytes([byte]))
    except OSError:
        return False
    return not select.select([connection], [], [], 0.5)[0]
