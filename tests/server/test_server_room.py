"""A room's broadcast under cancellation: the connection that sends it may be closing at any moment."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import anyio
import pytest

import spieltisch.server.room as room_module
from spieltisch.server.catalog import Catalog
from spieltisch.server.room import Client, Room
from spieltisch.server.store import SeatRow, TableRow
from tests.core.toy_game import ToyGame

T = TypeVar("T")


def run(main: Callable[[], Awaitable[T]]) -> T:
    """Run in an event loop of its own thread: when the browser tests ran first in
    this process, playwright's loop is still set in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, main).result()


def toy_room() -> Room:
    game = Catalog({"toy": ToyGame}).load("toy", 2, {})
    table = TableRow("t", "toy", 2, {}, seed=1, status="open", host_token_hash="", created_at=0.0)
    seats = [SeatRow(0, "human", "Anna"), SeatRow(1, "human", "Ben")]
    # No store: an open table's broadcast reads only memory.
    return Room(None, table, seats, game, game.new_initial_state(), bot_delay=0.0)  # type: ignore[arg-type]


def test_a_cancellation_landing_as_a_send_completes_stays_the_cancellers() -> None:
    """The cancel arrives in the very step a send finishes (as when a closing
    socket's handler is cancelled mid-broadcast). The cancel scope must see
    its own cancellation come back, not a bare CancelledError that escapes it."""
    received: list[str] = []

    async def broadcast_cancelled_by_a_send() -> bool:
        room = toy_room()
        with anyio.CancelScope() as scope:

            async def send_then_cancel(text: str) -> None:
                scope.cancel()
                received.append(text)

            async def send(text: str) -> None:
                received.append(text)

            room.clients.update({Client(send_then_cancel, 0), Client(send, 1)})
            await room.broadcast()
        return scope.cancelled_caught

    assert run(broadcast_cancelled_by_a_send) is True
    assert received, "the broadcast did not reach its sends"


def test_a_failing_or_stalled_client_is_dropped_and_the_others_still_hear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(room_module, "SEND_TIMEOUT_SECONDS", 0.05)
    received: list[str] = []

    async def broken(text: str) -> None:
        raise RuntimeError("socket closed")

    async def stalled(text: str) -> None:
        await anyio.sleep_forever()

    async def send(text: str) -> None:
        received.append(text)

    async def broadcast_to_three() -> set[Client]:
        room = toy_room()
        healthy = Client(send, 0)
        room.clients.update({Client(broken, 1), Client(stalled, None), healthy})
        with anyio.fail_after(1):
            await room.broadcast()
        return room.clients

    left = run(broadcast_to_three)
    assert [client.seat for client in left] == [0]
    assert len(received) == 1
