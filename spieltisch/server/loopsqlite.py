"""SQLAlchemy's SQLite connections, answered on the event loop's thread.

aiosqlite makes every call of a connection (a cursor, a statement, a fetch, a
commit) on a thread of its own and hands the result back: each trip wakes
that thread and then the loop (some 25 us of CPU each on a virtual machine,
more where the two then wait for each other's interpreter lock), and
SQLAlchemy makes several for one statement. Making a table cost about
0.85 ms of CPU and starting one 0.75 ms, where SQLite itself answers in
microseconds. So the calls are made here, on the loop's thread, as the
moves' writer does (movewriter.py), and never wait for a lock there: the
connection's busy timeout is 0, and a call that finds the database locked
(another writer) is made again on the connection's own thread, which waits
for the lock as every call did before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from typing import Any

import aiosqlite

BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
PATIENCE_MS = 5000
"""How long a call made again on the connection's thread waits for a lock."""


class LoopConnection(aiosqlite.Connection):
    """An aiosqlite connection whose calls run at once, on the caller's thread, unless locked."""

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        try:
            return fn(*args, **kwargs)
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF not in BUSY:  # the primary code of an extended one
                raise
        call = partial(fn, *args, **kwargs)
        return await super()._execute(_patiently, self._connection, call)  # type: ignore[no-untyped-call]


def _patiently(connection: sqlite3.Connection, call: Callable[[], Any]) -> Any:
    """Make the call waiting for a lock as long as PATIENCE_MS (on the connection's thread)."""
    connection.execute(f"PRAGMA busy_timeout={PATIENCE_MS}")
    try:
        return call()
    finally:
        connection.execute("PRAGMA busy_timeout=0")


def connector(path: str) -> Callable[[], Any]:
    """SQLAlchemy's `async_creator` for the SQLite file at `path`: connections of this kind.

    The loop's thread uses connections that aiosqlite opened on their own threads.
    """

    async def connect() -> aiosqlite.Connection:
        return await LoopConnection(partial(sqlite3.connect, path, check_same_thread=False), 64)

    return connect
