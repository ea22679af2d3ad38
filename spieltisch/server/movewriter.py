"""The moves' writer on SQLite: one connection of its own, committing on the event loop's thread.

Through SQLAlchemy's async engine a commit of one move cost about 0.4 ms of
CPU (a pool checkout, a trip to aiosqlite's thread for every cursor,
statement, commit and reset). A plain sqlite3 connection commits a group of
moves in about 15 us of CPU; handing that to a thread and back cost twice
as much again, because each trip wakes a sleeping thread and then the event
loop (about 25 us of CPU each on a virtual machine). So the group is written
right here, on the loop's thread, which a commit holds up for some 50 us: in
WAL mode with synchronous=NORMAL a commit appends to the log and waits for
no disk. What could take long stays on the writer's thread:

- the checkpoints, which copy the log into the database and wait for the
  disk: the loop's connection never runs them itself (wal_autocheckpoint=0);
  every CHECKPOINT_EVERY commits the thread runs one beside the writes;
- a database another process is writing to: the loop's connection never
  waits for a lock (busy_timeout=0); a group it finds locked is written on
  the thread, which waits as the engine's connections do.

The store still runs one writer at a time (its write lock), and errors come
back as SQLAlchemy's, as from the engine.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy.exc import DBAPIError, StatementError

from spieltisch.server import schema

log = logging.getLogger("spieltisch.server")

ACTION_COLUMNS = ("table_id", "idx", "action", "seat", "created_at", "detail")
INSERT_ACTIONS = (
    f"INSERT INTO {schema.actions.name} ({', '.join(ACTION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"
)
FINISH_TABLE = f"UPDATE {schema.tables.name} SET status = ?, result = ? WHERE id = ?"
CHECKPOINT_EVERY = 500
"""Commits between two checkpoints (SQLite's own default is about every 1,000 pages of log)."""
BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

Rows = list[tuple[Any, ...]]
Finished = list[tuple[str, str, str]]


class MoveWriter:
    """Writes groups of action rows (and the ends of games) to one SQLite file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spieltisch-moves")
        self._here: sqlite3.Connection | None = None
        """The loop's connection: never waits for a lock, never checkpoints."""
        self._there: sqlite3.Connection | None = None
        """The thread's connection: waits for locks, checkpoints."""
        self._commits = 0
        self._checkpoint: Future[None] | None = None

    async def write(self, actions: list[dict[str, Any]], finished: Finished) -> None:
        """Insert `actions` (dicts by column) and mark `finished` tables ((status, result, id)),
        all in one transaction; returns once it is committed."""
        if not self.write_now(actions, finished):  # locked by another process: wait for it there
            rows = as_rows(actions)
            await asyncio.get_running_loop().run_in_executor(self._thread, self._write_there, rows, finished)
            self.committed()

    def write_now(self, actions: list[dict[str, Any]], finished: Finished) -> bool:
        """As `write`, on the loop's thread and at once; False (nothing written) if the database
        is locked."""
        if not self._write_here(as_rows(actions), finished):
            return False
        self.committed()
        return True

    def committed(self) -> None:
        """A commit to the file (this writer's or another connection's that never checkpoints):
        every CHECKPOINT_EVERY of them the writer's thread runs a checkpoint."""
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (self._checkpoint is None or self._checkpoint.done()):
            self._checkpoint = self._thread.submit(self._run_checkpoint)

    def _write_here(self, rows: Rows, finished: Finished) -> bool:
        """Write on the loop's thread; False (nothing written) if the database is locked."""
        try:
            if self._here is None:
                self._here = _connect(self.path, busy_ms=0, checkpoints=False)
            _write(self._here, rows, finished)
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF in BUSY:  # the primary code of an extended one
                return False
            raise _as_sqlalchemy(error) from error
        except sqlite3.Error as error:
            raise _as_sqlalchemy(error) from error
        return True

    def _write_there(self, rows: Rows, finished: Finished) -> None:
        try:
            _write(self._thread_connection(), rows, finished)
        except sqlite3.Error as error:
            raise _as_sqlalchemy(error) from error

    def _run_checkpoint(self) -> None:
        """Copy the log into the database beside the writes (PASSIVE: it waits for no one)."""
        try:
            self._thread_connection().execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as error:
            log.warning("checkpoint of the moves' log failed: %s", error)

    def _thread_connection(self) -> sqlite3.Connection:
        if self._there is None:
            self._there = _connect(self.path, busy_ms=5000, checkpoints=True)
        return self._there

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown()
        if self._here is not None:
            self._here.close()
            self._here = None

    def _close(self) -> None:
        if self._there is not None:
            self._there.close()
            self._there = None


def as_rows(actions: list[dict[str, Any]]) -> Rows:
    return [tuple(values[column] for column in ACTION_COLUMNS) for values in actions]


def _connect(path: str, busy_ms: int, checkpoints: bool) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    # As the engine's connections (store.py): a committed move survives a killed process.
    pragmas = [f"busy_timeout={busy_ms}", "journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"]
    if not checkpoints:
        pragmas.append("wal_autocheckpoint=0")
    try:
        for pragma in pragmas:
            connection.execute(f"PRAGMA {pragma}")
    except sqlite3.Error:
        connection.close()
        raise
    return connection


def _write(connection: sqlite3.Connection, rows: Rows, finished: Finished) -> None:
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.executemany(INSERT_ACTIONS, rows)
        connection.executemany(FINISH_TABLE, finished)
        connection.execute("COMMIT")
    except sqlite3.Error:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _as_sqlalchemy(error: sqlite3.Error) -> StatementError:
    return DBAPIError.instance(INSERT_ACTIONS, None, error, sqlite3.Error)
