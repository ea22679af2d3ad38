"""Limits per client (by network address) and in total, so no one visitor can exhaust the server.

A request body may have at most MAX_BODY_BYTES (checked while it arrives, so
a large one is refused before it is read in full); a client may create at
most `tables_per_minute` tables; and hold at most `connections_per_client`
websocket connections, the server at most `connections_total`. A client is
its network address: behind a reverse proxy, every visitor shares the
proxy's, so set the limits for that (see docs/server.md).
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.server.errors import (
    BODY_TOO_LARGE,
    RATE_LIMITED_TABLES,
    TOO_MANY_CONNECTIONS,
    TableError,
    pick_lang,
)

MAX_BODY_BYTES = 256 * 1024
"""Room for a table's options with uploaded data files (each at most 64 KiB)."""
WINDOW_SECONDS = 60.0


@dataclass
class Limits:
    tables_per_minute: int = 10
    connections_per_client: int = 32
    connections_total: int = 5000
    _created: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _connections: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def note_table(self, client: str, now: float) -> None:
        """Count a new table of `client`; TableError (429) past the limit."""
        times = self._created[client]
        while times and now - times[0] >= WINDOW_SECONDS:
            times.popleft()
        if len(times) >= self.tables_per_minute:
            raise TableError(RATE_LIMITED_TABLES, limit=self.tables_per_minute)
        times.append(now)
        if len(self._created) > 10_000:  # forget clients with no recent table
            for stale in [c for c, t in self._created.items() if not t or now - t[-1] >= WINDOW_SECONDS]:
                del self._created[stale]

    def open_connection(self, client: str) -> None:
        """Count a new connection; TableError past either limit (then nothing is counted)."""
        if sum(self._connections.values()) >= self.connections_total or (
            self._connections[client] >= self.connections_per_client
        ):
            if not self._connections[client]:
                del self._connections[client]
            raise TableError(TOO_MANY_CONNECTIONS)
        self._connections[client] += 1

    def close_connection(self, client: str) -> None:
        self._connections[client] -= 1
        if self._connections[client] <= 0:
            del self._connections[client]

    @property
    def connections(self) -> int:
        return sum(self._connections.values())


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes gets 413 before it is read in full."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        lang = pick_lang(headers.get(b"accept-language", b"").decode("latin-1"))
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send, lang)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise BodyTooLarge
            return message

        async def noting_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, noting_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send, lang)

    async def _refuse(self, send: Send, lang: str) -> None:
        error = TableError(BODY_TOO_LARGE, limit=self.limit)
        body = json.dumps({"error": error.code, "message": error.text(lang)}).encode()
        headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
