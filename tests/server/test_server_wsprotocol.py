"""The server's websocket protocol offers `send_now` where uvicorn has what it reads."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

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


def handshake_extensions(monkeypatch: pytest.MonkeyPatch, reads: tuple[str, ...]) -> dict[str, Any]:
    """The ASGI scope's extensions after an opening handshake, with `reads` as send_now's needs."""
    monkeypatch.setattr(wsprotocol, "SEND_NOW_READS", reads)

    async def main() -> dict[str, Any]:
        config = Config(_no_app, ws=StateSocketProtocol, lifespan="off", log_level="critical")
        config.load()
        protocol = StateSocketProtocol(config, ServerState(), {})
        transport = mock.Mock()
        address = ("127.0.0.1", 1)
        transport.get_extra_info.side_effect = lambda name, default=None: (
            address if name in ("sockname", "peername") else default
        )
        protocol.connection_made(transport)
        protocol.data_received(HANDSHAKE)
        return dict(protocol.scope["extensions"])

    return run_apart(main())  # playwright may keep a loop running in this thread


def test_this_uvicorn_has_what_send_now_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SEND_NOW in handshake_extensions(monkeypatch, wsprotocol.SEND_NOW_READS)


def test_a_uvicorn_without_it_leaves_every_message_to_the_ordinary_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A release that renames what send_now reads costs speed, never the connections."""
    missing = (*wsprotocol.SEND_NOW_READS, "a_name_no_uvicorn_has")
    assert SEND_NOW not in handshake_extensions(monkeypatch, missing)
