"""Limits per client (by network address) and in total, so no one visitor can exhaust the server.

A request body may have at most MAX_BODY_BYTES (checked while it arrives, so
a large one is refused before it is read in full); a client may create at
most `tables_per_minute` tables and open at most `connections_per_minute`
websocket connections a minute, and hold at most `connections_per_client`
connections at once, the server at most `connections_total`. A limit of 0
is no limit. A refused connection is told why once; the ones after it, until
the client is let in again, are closed before the websocket handshake
completes (HTTP 403), which costs the server about half as much. A client is its
network address: behind a reverse proxy, every visitor shares the proxy's,
so set the limits for that (see docs/server.md).
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.server.errors import (
    BODY_TOO_LARGE,
    RATE_LIMITED_CONNECTIONS,
    RATE_LIMITED_TABLES,
    TOO_MANY_CONNECTIONS,
    TableError,
    pick_lang,
)

MAX_BODY_BYTES = 256 * 1024
"""Room for a table's options with uploaded data files (each at most 64 KiB)."""
WINDOW_SECONDS = 60.0
CLIENTS_KEPT = 10_000
"""Clients a window keeps before it forgets those with nothing in it."""


@dataclass
class SlidingWindow:
    """What each client did in the last WINDOW_SECONDS, at most `limit` times (0: no limit)."""

    limit: int
    _times: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _forget_at: int = CLIENTS_KEPT

    def allow(self, client: str, now: float) -> bool:
        """Count one more for `client` and say True; False (nothing counted) at the limit."""
        if not self.limit:
            return True
        times = self._times[client]
        while times and now - times[0] >= WINDOW_SECONDS:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        if len(self._times) > self._forget_at:
            self._forget_quiet(now)
        return True

    def __len__(self) -> int:
        """Clients kept."""
        return len(self._times)

    def _forget_quiet(self, now: float) -> None:
        for quiet in [c for c, times in self._times.items() if now - times[-1] >= WINDOW_SECONDS]:
            del self._times[quiet]
        # Look again only when the kept clients have doubled: each call stays cheap on average.
        self._forget_at = max(CLIENTS_KEPT, 2 * len(self._times))


@dataclass
class Limits:
    tables_per_minute: int = 10
    connections_per_client: int = 32
    connections_total: int = 5000
    connections_per_minute: int = 60
    _created: SlidingWindow = field(init=False)
    _opened: SlidingWindow = field(init=False)
    _connections: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    connections: int = field(default=0, init=False)
    """Connections held now, in all."""
    _refused: set[str] = field(default_factory=set)
    """Clients refused a connection since they were last let in."""

    def __post_init__(self) -> None:
        self._created = SlidingWindow(self.tables_per_minute)
        self._opened = SlidingWindow(self.connections_per_minute)

    def note_table(self, client: str, now: float) -> None:
        """Count a new table of `client`; TableError (429) past the limit."""
        if not self._created.allow(client, now):
            raise TableError(RATE_LIMITED_TABLES, limit=self.tables_per_minute)

    def open_connection(self, client: str, now: float) -> None:
        """Count a new connection; TableError past any limit (then it is not held)."""
        if not self._opened.allow(client, now):
            raise TableError(RATE_LIMITED_CONNECTIONS, limit=self.connections_per_minute)
        if _reached(self.connections, self.connections_total) or _reached(
            self._connections.get(client, 0), self.connections_per_client
        ):
            raise TableError(TOO_MANY_CONNECTIONS)
        self._connections[client] += 1
        self.connections += 1
        self._refused.discard(client)

    def first_refusal(self, client: str) -> bool:
        """Note a refused connection of `client`: True for the first since it was last let in."""
        if client in self._refused:
            return False
        if len(self._refused) >= CLIENTS_KEPT:
            self._refused.clear()  # at worst some are told why once more
        self._refused.add(client)
        return True

    def close_connection(self, client: str) -> None:
        self.connections -= 1
        self._connections[client] -= 1
        if self._connections[client] <= 0:
            del self._connections[client]


def _reached(count: int, limit: int) -> bool:
    return bool(limit) and count >= limit


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
