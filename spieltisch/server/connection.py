"""One websocket connection's outgoing side: a bounded queue and the task that drains it.

A room never waits for a socket: it posts a message to each connection's
queue and goes on. Each connection's sender task writes its queue to the
socket at whatever pace that socket allows, so a client that reads slowly,
or not at all, slows only itself. A queue that overflows means the client
cannot keep up: the connection is closed (CloseCode.TOO_SLOW), never silently
left without updates while it still answers pings.

Where the socket offers it (`send_now`, wsprotocol.py), a message goes out at
once when nothing is waiting before it and the socket takes it without
waiting: most messages then cost no wake-up of the sender task.
"""

from __future__ import annotations

import asyncio
import enum
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from spieltisch.server.errors import CloseCode

SEND_QUEUE_LIMIT = 64
"""Messages a connection may have waiting before it counts as not reading."""
SEND_NOW = "spieltisch.send_now"
"""The ASGI scope's extension that holds a connection's `send_now` (wsprotocol.py)."""


class ConnectionState(enum.Enum):
    """Where a connection is in its life, as Starlette's WebSocketState tells a socket's."""

    CONNECTING = enum.auto()
    """Accepted; it has not said hello yet."""
    OPEN = enum.auto()
    """It said hello: its seat and language are known, messages flow."""
    GIVEN_UP = enum.auto()
    """Nothing more is sent: its queue overflowed, a send failed or no hello came; its handler
    closes it (with `close_code`, if set)."""
    CLOSING = enum.auto()
    """It is closing (`finish`): nothing more is sent."""


LIVE = (ConnectionState.CONNECTING, ConnectionState.OPEN)
"""The states in which messages are still sent."""


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
    state: ConnectionState = ConnectionState.CONNECTING
    close_code: int | None = None
    """The code to close it with, once given up."""
    on_overflow: Callable[[], None] | None = None
    """Called once when the connection is given up (its handler then closes it)."""
    sending: bool = False
    """The sender is in the middle of a send."""
    log_sent: tuple[int | None, str, int] | None = None
    """The audience (seat, language) and version of the last state queued: the next state
    brings only the log's entries after that version (see Room.broadcast)."""
    send_now: Callable[[str], bool] | None = None
    """Writes a message at once if the socket takes it without waiting; False: not sent."""
    _wake: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def live(self) -> bool:
        """Whether messages are still sent to it (it is neither given up nor closing)."""
        return self.state in LIVE

    def greet(self) -> None:
        """It said hello: it is open (unless it was given up or is closing meanwhile)."""
        if self.state is ConnectionState.CONNECTING:
            self.state = ConnectionState.OPEN

    def post(self, text: str) -> None:
        """Queue a message; never waits. Overflow gives the connection up."""
        if not self.live:
            return
        if not self.pending and not self.sending and self.send_now is not None:
            try:
                if self.send_now(text):
                    return
            except Exception:
                self.give_up()
                return
        if len(self.pending) >= self.queue_limit:
            self.give_up(CloseCode.TOO_SLOW)
            return
        self.pending.append(text)
        self._wake.set()

    def give_up(self, close_code: int | None = None) -> None:
        """Stop sending; the connection's handler closes it (with `close_code`, if any)."""
        if self.live:
            self.state = ConnectionState.GIVEN_UP
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
        if self.live:
            self.state = ConnectionState.CLOSING
        self.pending.clear()
        self._wake.set()

    async def run_sender(self) -> None:
        """Write queued messages in order until the connection is given up (or cancelled)."""
        while self.live:
            await self._wake.wait()
            self._wake.clear()
            while self.pending and self.live:
                text = self.pending.popleft()
                self.sending = True
                try:
                    await self.send(text)
                except Exception:
                    self.give_up()
                finally:
                    self.sending = False
