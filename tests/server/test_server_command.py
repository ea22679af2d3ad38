"""`spieltisch serve`: where its data lives and when it says where it listens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy

from spieltisch.server import schema
from tests.server.servers import ROOT, free_port

WITHOUT_PSYCOPG = [
    sys.executable,
    "-c",
    # As if the postgres extra were not installed: importing psycopg fails.
    "import sys; sys.modules['psycopg'] = None; from spieltisch.cli import main; main()",
]


def serve(home: Path, port: int, command: list[str] | None = None) -> subprocess.Popen[str]:
    args = [
        *(command or [sys.executable, "-m", "spieltisch.cli"]),
        "serve",
        "--port",
        str(port),
        "--no-build",
    ]
    env = {**os.environ, "SPIELTISCH_HOME": str(home)}
    return subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


@pytest.mark.parametrize("command", [None, WITHOUT_PSYCOPG], ids=["all extras", "without psycopg"])
def test_serve_keeps_its_database_in_spieltisch_home_and_says_its_address_once_listening(
    tmp_path: Path, command: list[str] | None
) -> None:
    port = free_port()
    process = serve(tmp_path, port, command)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"spieltisch serving on http://127.0.0.1:{port}/")
        # Printed only once bound: the port answers right away.
        deadline = time.monotonic() + 20
        while True:
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).json() == {"ok": True}
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert (tmp_path / "spieltisch.sqlite3").is_file()
    finally:
        process.terminate()
        process.communicate(timeout=20)


def test_serve_on_a_port_in_use_says_so_and_never_claims_to_serve(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        process = serve(tmp_path, taken.getsockname()[1])
        out, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert "serving on" not in out
    assert "cannot listen on 127.0.0.1" in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["serve", "migrate"])
def test_postgresql_without_its_driver_names_the_extra_that_brings_it(tmp_path: Path, command: str) -> None:
    url = f"postgresql://nobody@127.0.0.1:{free_port()}/spieltisch"
    args = [*WITHOUT_PSYCOPG, command, "--database-url", url, "--data-dir", str(tmp_path)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert (
        done.stderr
        == "error: psycopg is missing; install it with: pip install 'spieltisch[server,postgres]'\n"
    )
    assert done.stdout == ""


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "spieltisch.cli", "serve", "--workers", "2", "--no-build"]
    env = {**os.environ, "SPIELTISCH_HOME": str(tmp_path)}
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--workers needs --database-url postgresql://" in done.stderr


def test_migrate_brings_the_schema_up_to_date_and_exits(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "spieltisch.cli", "migrate", "--data-dir", str(tmp_path)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"schema at version {schema.LATEST}"
    engine = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'spieltisch.sqlite3'}")
    with engine.connect() as connection:
        assert schema.current_version(connection) == schema.LATEST
    engine.dispose()


def test_serve_compresses_each_state_with_a_window_that_reaches_the_one_before(tmp_path: Path) -> None:
    import json

    from tests.server.servers import Server

    server = Server(tmp_path, options=())
    server.start()
    try:
        table = server.post(
            "/api/tables", {"game": "souvenirs", "players": 2, "seats": ["open", "random"], "name": "Ann"}
        )
        server.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
        with server.socket(table["id"]) as ws:
            extensions = ws.response.headers.get("Sec-WebSocket-Extensions", "")
            ws.send(json.dumps({"type": "hello", "token": table["token"]}))
            seated = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
    finally:
        server.stop()
    assert "permessage-deflate" in extensions
    assert "server_max_window_bits=13" in extensions
    assert any(message["type"] == "state" and message["you"] == 0 for message in seated)
