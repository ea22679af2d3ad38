"""The moves' writer on SQLite: one connection of its own, one trip to its thread per commit.

Through SQLAlchemy's async engine a commit of one move cost about 0.4 ms of
CPU (a pool checkout, a trip to aiosqlite's thread for every cursor,
statement, commit and reset), more than everything else a game step does.
Here the whole group of moves (see Store.append_actions) is written and
committed in one call on a thread that holds a plain sqlite3 connection:
about 0.03 ms. The store still runs one writer at a time (its write lock),
and errors come back as SQLAlchemy's, as from the engine.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.exc import DBAPIError

from spieltisch.server import schema

ACTION_COLUMNS = ("table_id", "idx", "action", "seat", "created_at", "detail")
INSERT_ACTIONS = (
    f"INSERT INTO {schema.actions.name} ({', '.join(ACTION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"
)
FINISH_TABLE = f"UPDATE {schema.tables.name} SET status = ?, result = ? WHERE id = ?"


class MoveWriter:
    """Writes groups of action rows (and the ends of games) to one SQLite file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spieltisch-moves")
        self._connection: sqlite3.Connection | None = None

    async def write(self, actions: list[dict[str, Any]], finished: list[tuple[str, str, str]]) -> None:
        """Insert `actions` (dicts by column) and mark `finished` tables ((status, result, id)),
        all in one transaction; returns once it is committed."""
        rows = [tuple(values[column] for column in ACTION_COLUMNS) for values in actions]
        await asyncio.get_running_loop().run_in_executor(self._thread, self._write, rows, finished)

    def _write(self, rows: list[tuple[Any, ...]], finished: list[tuple[str, str, str]]) -> None:
        connection = self._open()
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.executemany(INSERT_ACTIONS, rows)
            connection.executemany(FINISH_TABLE, finished)
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise DBAPIError.instance(INSERT_ACTIONS, None, error, sqlite3.Error) from error

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            # As the engine's connections (store.py): a committed move survives a killed process.
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
                connection.execute(f"PRAGMA {pragma}")
            self._connection = connection
        return self._connection

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown()

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
