"""The browser client's own unit tests (vitest, spieltisch/web/tests), run from the suite."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.server.browser import WEB, ensure_node_modules


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm")
def test_the_client_unit_tests_pass() -> None:
    ensure_node_modules()
    run = subprocess.run(["npm", "test", "--silent"], cwd=WEB, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
