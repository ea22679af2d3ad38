"""The browser client's TypeScript types are generated from the server's schema and kept fresh.

spieltisch/web/src/schema.d.ts is what openapi-typescript makes of
`spieltisch api-schema`, and src/closecodes.ts names the websocket close codes
published there; after a change to the server's messages or close codes run
`npm run types` in spieltisch/web (types.sh). This test regenerates both files
and fails while a committed one differs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.browser import WEB, ensure_node_modules


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm")
def test_the_client_types_match_the_server_schema(tmp_path: Path) -> None:
    ensure_node_modules()
    fresh = tmp_path / "schema.d.ts"
    command = ["bash", str(WEB / "types.sh"), str(fresh)]
    with_us = {**os.environ, "PYTHON": sys.executable}  # the interpreter running the tests has the server
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, env=with_us)
    assert run.returncode == 0, run.stdout + run.stderr
    for name in ("schema.d.ts", "closecodes.ts"):
        committed = (WEB / "src" / name).read_text()
        stale = f"src/{name} is stale: run `npm run types` in spieltisch/web"
        assert (tmp_path / name).read_text() == committed, stale
