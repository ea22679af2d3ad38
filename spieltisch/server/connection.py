"""One websocket connection's outgoing side: a bounded queue and the task that drains it.

A room never waits for a socket: it posts a message to each connection's
queue and goes on. Each connection's sender task writes its queue to the
socket at whatever pace that socket allows, so a client that reads slowly,
or not at all, slows only itself. A queue that overflows means the client
cannot keep up: the connection is closed (CloseCode.TOO_SLOW), never silently
left without updates while it still answers pings.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from spieltisch.server.errors import CloseCode

SEND_QUEUE_LIMIT = 64
"""Messages a connection may have waiting before it counts as not reading."""


@dataclass(eq=False)
class Client:
    """One connection: a seat (None for a spectator), a language and its outgoing queue."""

    send: Callable[[str], Awaitable[None]]
    seat: int | None = None
    lang: str = "en"
    address: str = ""
    """Who connected (the peer's IP address), for the per-client limits."""
    queue_limit: int = SEND_QUEUE_LIMIT
    pending: deque[str] = field(default_factory=deque)
    greeted: bool = False
    """The connection has said hello."""
    overflowed: bool = False
    """Nothing more is sent: the connection was given up (its queue overflowed, a send failed, no
    hello) and is to be closed, or it is closing (`finish`)."""
    close_code: int | None = None
    """The code to close it with, when given up."""
    on_overflow: Callable[[], None] | None = None
    """Called once when the connection is given up (its handler then closes it)."""
    sending: bool = False
    """The sender is in the middle of a send."""
    _wake: asyncio.Event = field(default_factory=asyncio.Event)

    def post(self, text: str) -> None:
        """Queue a message; never waits. Overflow gives the connection up."""
        if self.overflowed:
            return
        if len(self.pending) >= self.queue_limit:
            self.give_up(CloseCode.TOO_SLOW)
            return
        self.pending.append(text)
        self._wake.set()

    def give_up(self, close_code: int | None = None) -> None:
        """Stop sending; the connection's handler closes it (with `close_code`, if any)."""
        if not self.overflowed:
            self.overflowed = True
            self.close_code = close_code
            self.pending.clear()
            self._wake.set()
            if self.on_overflow is not None:
                self.on_overflow()

    def finish(self) -> None:
        """The connection is closing: the sender ends by itself, unless it is in a send.

        Ending, not cancelled: a cancelled task leaves its exception and frames
        for the garbage collector, whose pauses every table feels (collector.py).
        """
        self.overflowed = True
        self.pending.clear()
        self._wake.set()

    async def run_sender(self) -> None:
        """Write queued messages in order until the connection is given up (or cancelled)."""
        while not self.overflowed:
            await self._wake.wait()
            self._wake.clear()
            while self.pending and not self.overflowed:
                text = self.pending.popleft()
                self.sending = True
                try:
                    await self.send(text)
                except Exception:
                    self.give_up()
                finally:
                    self.sending = False
