"""uvicorn's websocket protocol, compressing with a window that holds a whole state message.

Each state message repeats most of the one before it (the seats, the log,
most of the view). uvicorn compresses each connection's messages with a 4 KiB
window, too small to reach back into a 5 KiB message: a Souvenirs state came
to about 900 bytes and cost about 50 us to compress. With an 8 KiB window the
message before is in reach: about 150 bytes, in about half the time, for
16 KiB more memory per connection.

The compressor's hash table is smaller than websockets' (memLevel 3 instead of
5): a server compresses for hundreds of connections in turn, and each message
finds its connection's compressor out of the processor's caches. Compressing
for 400 connections in turn, a 1.2 KB Souvenirs state took about 19 instead of
24 us, to 84 instead of 83 bytes, and each connection needs 12 KiB less.

It also lets the server write a message at once (`send_now`, offered to the
application in the scope's extensions): framed and handed to the socket in
the call, without the connection's sender task and the ASGI layers between.
A message that cannot go at once (the socket's buffer is full, the connection
closing) is left to the ordinary way (connection.py).

Its keep-alive pings go out on a shared beat (PING_BEAT_SECONDS): uvicorn
times each connection's next ping on its own, so every ping woke the server
alone (at 400 connections, 20 times a second besides the moves), and so did
its pong. On the beat the pings due together share one wake-up.

And it reads on while a message or two wait for the application: uvicorn stops
reading a connection after every message and starts again once the application
takes it: two changes of what the event loop polls for, each a system call,
for every move a person makes. Reading stops here once
READ_QUEUE_LIMIT messages wait, so a client that sends faster than it is
answered is still held back.

uvicorn's HTTP protocol (UpgradingHttpProtocol) is its own too, but for one
thing: when a request becomes a websocket, uvicorn drops the HTTP protocol
with its parser still pointing back at it, a reference cycle that only the
garbage collector's rare full collections free (collector.py); here the
parser is let go at the upgrade, so the protocol is freed at once.
"""

from __future__ import annotations

import math
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.http11 import Request
from websockets.server import ServerProtocol

from spieltisch.server.connection import SEND_NOW

SEND_NOW_READS = (
    "handshake_complete",
    "close_sent",
    "disconnected",
    "initial_response",
    "writable",
    "transport",
    "conn",
)
"""The protocol's attributes `send_now` reads: uvicorn's own, not its public interface."""
SERVER_WINDOW_BITS = 13
"""The server's deflate window: 8 KiB."""
COMPRESS_MEMORY_LEVEL = 3
"""zlib's memLevel for the server's compressors: a hash table of 1,024 entries (websockets: 5)."""
PING_BEAT_SECONDS = 1.0
"""A keep-alive ping's wait (uvicorn's ping interval) ends on the next multiple of this."""
PING_READS = ("loop", "ping_interval", "last_ping_rtt", "ping_timer", "send_keepalive_ping")
"""The protocol's attributes `schedule_ping` reads: uvicorn's own, as SEND_NOW_READS."""
READ_QUEUE_LIMIT = 2
"""Messages that may wait for the application before the connection's reading pauses (uvicorn: 1)."""
READ_ON_READS = ("read_paused", "queue", "transport")
"""The protocol's attributes `send_receive_event_to_app` reads: uvicorn's own, as SEND_NOW_READS."""
FRAME_LIMIT_BYTES = 65536
"""The most the protocol reads of one client message: a larger one closes the connection (1009).
Below it the application answers a message over messages.MAX_MESSAGE_BYTES with an error."""


def uvicorn_protocols() -> dict[str, Any]:
    """How `serve` runs uvicorn: these protocols (keyword arguments of uvicorn.Config)."""
    return {"http": UpgradingHttpProtocol, "ws": StateSocketProtocol, "ws_max_size": FRAME_LIMIT_BYTES}


class UpgradingHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools), leaving no reference cycle at a websocket's upgrade."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # it points back at this protocol


class StateSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's own (websockets-sansio), with the server's deflate window set to 8 KiB."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=SERVER_WINDOW_BITS,
                client_max_window_bits=12,
                compress_settings={"memLevel": COMPRESS_MEMORY_LEVEL},
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=self.config.ws_max_size, logger=self.conn.logger
            )

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        # The application may write at once (send_now) where this uvicorn has what it reads;
        # elsewhere every message takes the ordinary way.
        if self.response.status_code == 101 and all(hasattr(self, name) for name in SEND_NOW_READS):
            self.scope["extensions"][SEND_NOW] = self.send_now  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # The scope offers this protocol's own method, a reference cycle the collector would
        # have to find: gone with the connection (a closed one takes no message anyway).
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope.get("extensions", {}).pop(SEND_NOW, None)

    def schedule_ping(self) -> None:
        """uvicorn's next keep-alive ping, its wait ending on the beat (PING_BEAT_SECONDS)."""
        if not self.ping_interval or not all(hasattr(self, name) for name in PING_READS):
            super().schedule_ping()
            return
        now = self.loop.time()
        due = now + max(0.0, self.ping_interval - self.last_ping_rtt)
        on_beat = math.ceil(due / PING_BEAT_SECONDS) * PING_BEAT_SECONDS
        self.ping_timer = self.loop.call_later(on_beat - now, self.send_keepalive_ping)

    def send_receive_event_to_app(self) -> None:
        if not all(hasattr(self, name) for name in READ_ON_READS):
            super().send_receive_event_to_app()
            return
        paused = self.read_paused
        self.read_paused = True  # uvicorn's own pause after every message is left out
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = paused
        if not paused and self.queue.qsize() >= READ_QUEUE_LIMIT and not self.transport.is_closing():
            self.read_paused = True  # receive() reads on once the application took them all
            self.transport.pause_reading()

    def send_now(self, text: str) -> bool:
        """Frame a text message and write it to the socket now, if it takes it without waiting:
        the handshake done, no close sent or received, the write buffer below its high-water
        mark. False: nothing was sent (the caller queues it instead)."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
            or self.transport.is_closing()
        ):
            return False
        try:
            self.conn.send_text(text.encode())
        except InvalidState:  # the client's close came in: the ordinary way reports it
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True
