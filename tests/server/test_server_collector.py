"""Connections and requests leave no reference cycles, and `serve` tunes the collector.

A full garbage collection pauses every table (spieltisch/server/collector.py).
These tests run a real uvicorn server in this process and look at what the
collector finds after connections came and went: before, each closed
connection left its whole graph (the hello timer's cancelled task held it)
and each request the security-headers middleware's task group.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from spieltisch.server import collector
from tests.server.conftest import make_settings, serving
from tests.server.test_server_room import run


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
    assert kinds(garbage, "uvicorn") == set()  # its HTTP protocol, handed on at each upgrade


@pytest.fixture
def serving_collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The collector tuned as `serve` tunes it, and put back afterwards."""
    for name in ("tuned", "last_full", "frozen_after_full"):
        monkeypatch.setattr(collector._Serving, name, getattr(collector._Serving, name))
    threshold = gc.get_threshold()
    try:
        collector.tune_for_serving()
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_serving_freezes_what_start_up_made_and_collects_less_often(serving_collector: None) -> None:
    assert gc.get_freeze_count() > 1000
    assert gc.get_threshold() == (
        collector.YOUNG_THRESHOLD,
        collector.MIDDLE_THRESHOLD,
        collector.OLD_THRESHOLD,
    )


class Knot:
    """An object in a reference cycle of its own: only a collection frees it."""

    def __init__(self) -> None:
        self.me = self


def test_what_survives_is_frozen_every_little_while(
    serving_collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(collector, "FREEZE_SECONDS", 0.01)

    async def run_a_while() -> None:
        freezer = asyncio.create_task(collector.freeze_survivors_forever())
        await asyncio.sleep(0.1)
        freezer.cancel()

    frozen = gc.get_freeze_count()
    kept = [[number] for number in range(1000)]
    run(run_a_while)
    assert gc.get_freeze_count() >= frozen + len(kept)


def test_a_sweep_collects_fully_when_quiet_after_growth_or_when_due(serving_collector: None) -> None:
    now = time.monotonic()
    gc.disable()  # no automatic collection in between
    try:
        # Garbage in cycles, frozen before a collection found it (the frozen objects grow by half).
        knots = [weakref.ref(Knot()) for _ in range(gc.get_freeze_count() // 4)]
        gc.freeze()
        assert not collector.tidy(collector.QUIET_TABLES + 1, now)  # busy: no pause
        assert all(knot() is not None for knot in knots)
        assert collector.tidy(collector.QUIET_TABLES, now)  # quiet, and it grew
        assert all(knot() is None for knot in knots)

        knot = weakref.ref(Knot())
        gc.freeze()
        assert not collector.tidy(collector.QUIET_TABLES, now + 1)  # quiet, but hardly grown
        assert not collector.tidy(collector.QUIET_TABLES + 1, now + collector.FULL_COLLECTION_SECONDS - 1)
        assert knot() is not None
        assert collector.tidy(collector.QUIET_TABLES + 1, now + collector.FULL_COLLECTION_SECONDS)  # due
        assert knot() is None
    finally:
        gc.enable()
