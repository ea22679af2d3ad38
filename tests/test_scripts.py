"""scripts/services.sh starts PostgreSQL for the tests and stops only what it started.

Run on a port and folder of its own, so a PostgreSQL the developer already
runs on 55432 is left alone; skipped where PostgreSQL or Chromium is missing
(the script would install Chromium).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(
    not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")) or not Path("/usr/bin/chromium").exists(),
    reason="needs PostgreSQL's binaries and Chromium",
)
def test_services_start_postgres_once_and_stop_what_they_started() -> None:
    port = free_port()
    base = Path(tempfile.mkdtemp(prefix="spieltisch-services-", dir="/tmp"))
    base.chmod(0o755)  # the cluster belongs to the postgres user, who must reach it
    folder = base / "pg"
    env = {**os.environ, "SPIELTISCH_PG_ROOT": str(folder), "SPIELTISCH_PG_PORT": str(port)}
    env.pop("SPIELTISCH_PG_STARTED", None)
    script = (
        "source scripts/services.sh; echo first=${SPIELTISCH_PG_STARTED:-0}; "
        "unset SPIELTISCH_PG_STARTED; source scripts/services.sh; echo second=${SPIELTISCH_PG_STARTED:-0}; "
        "echo url=$SPIELTISCH_TEST_POSTGRES_URL"
    )
    try:
        shown = subprocess.run(
            ["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )
        assert "first=1" in shown.stdout and "second=0" in shown.stdout, shown.stdout + shown.stderr
        assert f"url=postgresql://postgres@127.0.0.1:{port}/postgres" in shown.stdout
        assert listening(port)
        stop = subprocess.run(
            ["bash", "scripts/services.sh", "stop"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "PostgreSQL stopped" in stop.stdout and not listening(port)
    finally:
        subprocess.run(
            ["bash", "scripts/services.sh", "stop"], cwd=ROOT, env=env, capture_output=True, timeout=60
        )
        shutil.rmtree(base, ignore_errors=True)
