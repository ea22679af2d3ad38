"""The browser client's TypeScript types are generated from the server's schema and kept fresh.

spieltisch/web/src/schema.d.ts is what openapi-typescript makes of
`spieltisch api-schema`; after a change to the server's messages run
`npm run types` in spieltisch/web (types.sh). This test regenerates the file
and fails while the committed one differs.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.server.browser import WEB, ensure_node_modules


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm")
def test_the_client_types_match_the_server_schema(tmp_path: Path) -> None:
    ensure_node_modules()
    fresh = tmp_path / "schema.d.ts"
    command = ["bash", str(WEB / "types.sh"), str(fresh)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    committed = (WEB / "src" / "schema.d.ts").read_text()
    assert fresh.read_text() == committed, "src/schema.d.ts is stale: run `npm run types` in spieltisch/web"
