"""The server's websocket protocol offers `send_now` where uvicorn has what it reads, and reads on
while a message waits for the application."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest import mock

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from spieltisch.server import wsprotocol
from spieltisch.server.connection import SEND_NOW
from spieltisch.server.wsprotocol import StateSocketProtocol
from tests.server.servers import run_apart

HANDSHAKE = (
    b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


async def _no_app(scope: Any, receive: Any, send: Any) -> None:
    pass


def opened() -> tuple[StateSocketProtocol, mock.Mock]:
    """A protocol after an opening handshake (call in a running loop), and its mock transport."""
    config = Config(_no_app, ws=StateSocketProtocol, lifespan="off", log_level="critical")
    config.load()
    protocol = StateSocketProtocol(config, ServerState(), {})
    transport = mock.Mock()
    transport.is_closing.return_value = False
    address = ("127.0.0.1", 1)
    transport.get_extra_info.side_effect = lambda name, default=None: (
        address if name in ("sockname", "peername") else default
    )
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    return protocol, transport


def handshake_extensions(monkeypatch: pytest.MonkeyPatch, reads: tuple[str, ...]) -> dict[str, Any]:
    """The ASGI scope's extensions after an opening handshake, with `reads` as send_now's needs."""
    monkeypatch.setattr(wsprotocol, "SEND_NOW_READS", reads)

    async def main() -> dict[str, Any]:
        protocol, _ = opened()
        return dict(protocol.scope["extensions"])

    return run_apart(main())  # playwright may keep a loop running in this thread


def client_text(text: str) -> bytes:
    return Frame(Opcode.TEXT, text.encode()).serialize(mask=True)


def test_this_uvicorn_has_what_send_now_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SEND_NOW in handshake_extensions(monkeypatch, wsprotocol.SEND_NOW_READS)


def test_a_uvicorn_without_it_leaves_every_message_to_the_ordinary_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A release that renames what send_now reads costs speed, never the connections."""
    missing = (*wsprotocol.SEND_NOW_READS, "a_name_no_uvicorn_has")
    assert SEND_NOW not in handshake_extensions(monkeypatch, missing)


def test_reading_goes_on_while_one_message_waits_and_pauses_once_the_limit_waits() -> None:
    """A message at a time (a move, then its answer) never stops the reading; a client that
    sends faster than the application takes its messages is held back, then read again."""

    async def main() -> list[str]:
        protocol, transport = opened()
        await protocol.receive()  # websocket.connect
        calls = []
        protocol.data_received(client_text("a move"))
        assert (await protocol.receive())["text"] == "a move"
        calls.append(f"one: {transport.pause_reading.call_count} {transport.resume_reading.call_count}")
        for number in range(wsprotocol.READ_QUEUE_LIMIT):
            protocol.data_received(client_text(f"flood {number}"))
        calls.append(f"flood: {transport.pause_reading.call_count} {transport.resume_reading.call_count}")
        for number in range(wsprotocol.READ_QUEUE_LIMIT):
            assert (await protocol.receive())["text"] == f"flood {number}"
        calls.append(f"taken: {transport.pause_reading.call_count} {transport.resume_reading.call_count}")
        return calls

    assert run_apart(main()) == ["one: 0 0", "flood: 1 0", "taken: 1 1"]


def test_keep_alive_pings_wait_for_the_beat() -> None:
    """Each connection's next ping is due on a multiple of the beat, at least the interval away."""

    async def main() -> list[float]:
        waits = []
        for _ in range(3):
            protocol, _ = opened()
            before = protocol.loop.time()
            await protocol.send({"type": "websocket.accept"})
            assert protocol.ping_timer is not None and protocol.ping_interval
            due = protocol.ping_timer.when()
            assert due - before >= protocol.ping_interval - 0.01
            waits.append(due / wsprotocol.PING_BEAT_SECONDS)
            await asyncio.sleep(0.013)
        return waits

    beats = run_apart(main())
    assert all(abs(beat - round(beat)) < 1e-3 for beat in beats), beats
