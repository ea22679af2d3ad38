"""uvicorn's websocket protocol, compressing with a window that holds a whole state message.

Each state message repeats most of the one before it (the seats, the log,
most of the view). uvicorn compresses each connection's messages with a 4 KiB
window, too small to reach back into a 5 KiB message: a Souvenirs state came
to about 900 bytes and cost about 50 us to compress. With an 8 KiB window the
message before is in reach: about 150 bytes, in about half the time, for
16 KiB more memory per connection.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

SERVER_WINDOW_BITS = 13
"""The server's deflate window: 8 KiB."""


class StateSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's own (websockets-sansio), with the server's deflate window set to 8 KiB."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=SERVER_WINDOW_BITS,
                client_max_window_bits=12,
                compress_settings={"memLevel": 5},
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=self.config.ws_max_size, logger=self.conn.logger
            )
