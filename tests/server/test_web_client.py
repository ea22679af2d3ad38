"""The browser client's own unit tests (vitest, spieltisch/web/tests), run from the suite."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.server.test_server_restart import ROOT

WEB = ROOT / "spieltisch" / "web"


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm")
def test_the_client_unit_tests_pass() -> None:
    with (Path(tempfile.gettempdir()) / "spieltisch-web-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # not while another worker runs npm ci
        if not (WEB / "node_modules" / ".bin" / "vitest").exists():
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    run = subprocess.run(["npm", "test", "--silent"], cwd=WEB, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
