"""scripts/services.sh starts PostgreSQL for the tests and stops only what it started.

Run on a port and folder of its own, so a PostgreSQL the developer already
runs on 55432 is left alone; skipped where PostgreSQL is missing. Chromium is
installed only when asked (SPIELTISCH_INSTALL_CHROMIUM=1), never here.
scripts/test refuses a port or folder it would not own before it installs anything.
hatch_build.py puts a current browser client build into a wheel, or fails saying why.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


needs_postgres = pytest.mark.skipif(
    not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")), reason="needs PostgreSQL's binaries"
)


def services_env(folder: Path, port: int) -> dict[str, str]:
    env = {**os.environ, "SPIELTISCH_PG_ROOT": str(folder), "SPIELTISCH_PG_PORT": str(port)}
    for name in ("SPIELTISCH_PG_STARTED", "SPIELTISCH_INSTALL_CHROMIUM", "SPIELTISCH_TEST_POSTGRES_URL"):
        env.pop(name, None)
    return env


@needs_postgres
def test_services_start_postgres_once_and_stop_what_they_started() -> None:
    port = free_port()
    base = Path(tempfile.mkdtemp(prefix="spieltisch-services-", dir="/tmp"))
    base.chmod(0o755)  # the cluster belongs to the postgres user, who must reach it
    folder = base / "pg"
    env = services_env(folder, port)
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


@needs_postgres
def test_services_never_take_a_port_that_another_server_holds(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        tmp_path.chmod(0o755)
        env = services_env(tmp_path / "pg", port)
        shown = subprocess.run(
            ["bash", "-c", "source scripts/services.sh; echo url=${SPIELTISCH_TEST_POSTGRES_URL:-none}"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert "url=none" in shown.stdout
    assert f"127.0.0.1:{port} is taken by a server this script did not start" in shown.stderr


def run_test_script(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """scripts/test, which must stop before installing anything (its own process group, killed at the end)."""
    process = subprocess.Popen(
        ["bash", "scripts/test"], cwd=ROOT, env=env, text=True, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 9)
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_the_test_script_refuses_a_postgresql_port_it_did_not_take(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        env = {**services_env(tmp_path / "pg", port), "SPIELTISCH_TEST_VENV": str(tmp_path / "venv")}
        env.pop("SPIELTISCH_PG_ROOT")
        done = run_test_script(env)
    assert done.returncode == 2
    assert f"SPIELTISCH_PG_PORT={port} is taken" in done.stderr
    assert done.stdout == "" and not (tmp_path / "venv").exists()


def test_the_test_script_refuses_a_postgresql_folder_that_exists(tmp_path: Path) -> None:
    env = {**services_env(tmp_path, free_port()), "SPIELTISCH_TEST_VENV": str(tmp_path / "venv")}
    done = run_test_script(env)
    assert done.returncode == 2
    assert f"SPIELTISCH_PG_ROOT={tmp_path} exists" in done.stderr
    assert done.stdout == "" and not (tmp_path / "venv").exists()


def client_checkout(root: Path, built: bool) -> Path:
    """A checkout's browser client as hatch_build.py sees it: sources, and a build if asked."""
    (root / "spieltisch" / "server").mkdir(parents=True)
    shutil.copy(ROOT / "spieltisch" / "server" / "webbuild.py", root / "spieltisch" / "server")
    web = root / "spieltisch" / "web"
    (web / "src").mkdir(parents=True)
    (web / "package.json").write_text("{}")
    (web / "src" / "main.tsx").write_text("")
    if built:
        (web / "dist").mkdir()
        (web / "dist" / "index.html").write_text("<div id=app></div>")
    return web / "dist"


def hatch_build() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_wheel_takes_a_current_client_build_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dist = client_checkout(tmp_path, built=True)
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm: the build is current, so none is needed
    assert hatch_build().built_client(tmp_path) == dist


def test_a_wheel_without_a_client_build_or_npm_fails_saying_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client_checkout(tmp_path, built=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"carries the built browser client.*install Node\.js 20 with npm"):
        hatch_build().built_client(tmp_path)
