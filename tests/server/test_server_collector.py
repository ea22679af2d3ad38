"""Connections and requests leave no reference cycles, and `serve` tunes the collector.

A full garbage collection pauses every table (spieltisch/server/collector.py).
These tests run a real uvicorn server in this process and look at what the
collector finds after connections came and went: before, each closed
connection left its whole graph (the hello timer's cancelled task held it)
and each request the security-headers middleware's task group.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from websockets.sync.client import connect

from spieltisch.server import collector
from tests.server.conftest import make_settings, serving


@contextmanager
def garbage_kept() -> Iterator[list[object]]:
    """Everything the collector finds unreachable while the block runs, kept for a look."""
    gc.collect()
    gc.garbage.clear()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def kinds(objects: list[object], package: str) -> set[str]:
    return {type(o).__qualname__ for o in objects if type(o).__module__.startswith(package)}


def test_closed_connections_and_requests_leave_nothing_to_collect(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as address:
        table = httpx.post(f"http://{address}/api/tables", json={"game": "toy", "players": 2}).json()
        with garbage_kept() as garbage:
            for _ in range(5):
                assert httpx.get(f"http://{address}/api/tables").status_code == 200
                with connect(f"ws://{address}/ws/tables/{table['id']}") as ws:
                    ws.send(json.dumps({"type": "hello"}))
                    while json.loads(ws.recv())["type"] != "chat_history":  # its answer
                        pass
    assert kinds(garbage, "spieltisch") == set()
    assert kinds(garbage, "starlette") == set()


def test_serving_freezes_what_start_up_made_and_collects_young_objects_less_often() -> None:
    threshold = gc.get_threshold()
    try:
        collector.tune_for_serving()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, *threshold[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
