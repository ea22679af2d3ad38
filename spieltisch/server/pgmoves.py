"""The moves' writer on PostgreSQL: one psycopg connection of its own, without SQLAlchemy.

Through SQLAlchemy's async engine a group of moves cost about 1.1 ms of CPU
when it held one move (0.36 ms a move in groups of four): a pool checkout
with a ping, every statement through SQLAlchemy's layers and a greenlet, and
a second checkout for the announcement. The same statements on a connection
of their own cost about 0.31 ms (0.09 ms a move in groups of four), measured
one after the other on one machine. What a group's write does is unchanged
(store.py, Store._insert_shared):

- its tables are locked in one order, so processes never deadlock, and
  their stored versions read, so that a write whose table another process
  moved on meanwhile is refused;
- the rows are inserted and the games they end marked finished, in the
  same transaction;
- once committed, the moves are announced to the other processes in a
  statement of its own that waits for no disk (`announce`).

A connection that breaks is dropped, and the next group makes a new one (a
group that found it broken before anything reached the database is tried
again on the new one at once). Errors come back as SQLAlchemy's, as from
the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
from sqlalchemy.exc import DBAPIError, StatementError

from spieltisch.server import schema
from spieltisch.server.movewriter import ACTION_COLUMNS, Finished, Rows

LOCK_TABLES = (
    f"SELECT t.id, (SELECT max(a.idx) FROM {schema.actions.name} a WHERE a.table_id = t.id)"
    f" FROM {schema.tables.name} t WHERE t.id = ANY(%s) ORDER BY t.id FOR UPDATE OF t"
)
INSERT_ACTIONS = (
    f"INSERT INTO {schema.actions.name} ({', '.join(ACTION_COLUMNS)}) "
    f"VALUES ({', '.join('%s' for _ in ACTION_COLUMNS)})"
)
FINISH_TABLE = f"UPDATE {schema.tables.name} SET status = %s, result = %s WHERE id = %s"
ANNOUNCE = (
    "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))"
    " SELECT pg_notify(%s, payload) FROM quick, json_array_elements_text(CAST(%s AS json)) AS payload"
)
"""As store.QUICK_NOTIFY: one statement, its own transaction, committed without waiting for the disk."""

Pick = Callable[[dict[str, int]], tuple[Rows, Finished]]
"""Given each locked table's stored version (the number of its stored steps), what to write."""


class PgMoveWriter:
    """Writes groups of action rows (and the ends of games) to one PostgreSQL database."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self._connection: psycopg.AsyncConnection[Any] | None = None

    async def write(self, table_ids: list[str], pick: Pick) -> None:
        """Lock `table_ids`, let `pick` choose the rows and ends to write from their stored
        versions, and write them, all in one transaction; returns once it is committed.

        A connection found broken before the tables were locked (PostgreSQL restarted
        meanwhile) is made anew and the write tried once more, as the engine's pings do:
        nothing of it had reached the database."""
        for last_try in (False, True):
            statement = LOCK_TABLES
            locked = False
            try:
                connection = await self._connected()
                async with connection.transaction():
                    found = await (await connection.execute(LOCK_TABLES, (sorted(table_ids),))).fetchall()
                    locked = True
                    rows, finished = pick(
                        {table_id: last + 1 for table_id, last in found if last is not None}
                    )
                    async with connection.cursor() as cursor:
                        statement = INSERT_ACTIONS
                        if rows:
                            await cursor.executemany(INSERT_ACTIONS, rows)
                        statement = FINISH_TABLE
                        if finished:
                            await cursor.executemany(FINISH_TABLE, finished)
                return
            except psycopg.Error as error:
                failed = self._failed(statement, error)
                broken_before_lock = self._connection is None and not locked
                if last_try or not broken_before_lock:
                    raise failed from error

    async def announce(self, channel: str, payloads: str) -> None:
        """NOTIFY `channel` of each payload of a JSON array, committed without waiting for the disk."""
        try:
            connection = await self._connected()
            await connection.execute(ANNOUNCE, (channel, payloads))
        except psycopg.Error as error:
            raise self._failed(ANNOUNCE, error) from error

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def _connected(self) -> psycopg.AsyncConnection[Any]:
        if self._connection is None or self._connection.closed:
            self._connection = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        return self._connection

    def _failed(self, statement: str, error: psycopg.Error) -> StatementError:
        """The error as SQLAlchemy's; a connection it broke is dropped for a new one."""
        if self._connection is not None and self._connection.broken:
            self._connection = None
        return DBAPIError.instance(statement, None, error, psycopg.Error)
