"""Several server processes sharing one PostgreSQL database.

Any process serves any table. The database is the one truth: a move is
stored only against the version it was checked at (store.py), and every
change is announced with NOTIFY on the `spieltisch` channel. Each process
listens on a connection of its own and lets the tables it holds catch up
from the database; after a dropped listen connection it catches every table
up, since announcements sent meanwhile are lost.

Each look (below) also compares the stored version of every table the
process holds with its own, so a move whose announcement never came (its
process died right after storing it) shows within a second.

A table's bots and clocks are driven by exactly one process: the one holding
the table's advisory lock (a session lock on a second connection of its
own). When a process dies, PostgreSQL ends its session and frees its locks,
and the next look for driverless tables (every `scan_every` seconds) by
another process takes them over. Each process also holds a lock of its own,
so the others can tell which processes are alive (their connected seats
count as online only while they are). Both connections are named
`spieltisch-listen-<pid>` and `spieltisch-drive-<pid>` in pg_stat_activity.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy import make_url
from sqlalchemy.exc import SQLAlchemyError

from spieltisch.server.notices import decode
from spieltisch.server.store import CHANNEL

if TYPE_CHECKING:
    from spieltisch.server.hub import Hub

log = logging.getLogger("spieltisch.server")

TABLE_LOCKS = 0x5355
"""Advisory lock class of the tables' drivers (the key is hashtext(table id))."""
PROCESS_LOCKS = 0x5356
"""Advisory lock class of the running server processes (the key is the process's origin)."""
RECONNECT_SECONDS = 1.0
SCAN_SECONDS = 1.0
"""How often a process looks for tables nobody drives: a takeover comes within about this."""

ORPHANS = """
WITH held AS (
    SELECT objid::bigint AS key FROM pg_locks
    WHERE locktype = 'advisory' AND classid = %(tables)s AND objsubid = 2 AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
)
SELECT t.id FROM tables t
WHERE t.status = 'running'
  AND (t.standins IS NOT NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.kind = 'bot'))
  AND ((hashtext(t.id)::bigint & 4294967295) NOT IN (SELECT key FROM held)
       OR (hashtext(t.id)::bigint & 4294967295) = ANY(%(mine)s))
"""
"""Running tables with bots that nobody drives (or whose lock this process holds for another table)."""

LIVE_PROCESSES = """
SELECT objid::bigint FROM pg_locks
WHERE locktype = 'advisory' AND classid = %(processes)s AND objsubid = 2 AND granted
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


def libpq_url(database_url: str) -> str:
    """The SQLAlchemy URL as psycopg takes it (no driver name)."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process among the others on the same database: announcements and table drivers."""

    def __init__(self, hub: Hub, database_url: str, scan_every: float = SCAN_SECONDS) -> None:
        self.hub = hub
        self.url = libpq_url(database_url)
        self.scan_every = scan_every
        self.origin = hub.store.origin
        self.driving: dict[str, int] = {}
        """The tables this process drives, with their lock keys."""
        self._locks: psycopg.AsyncConnection[Any] | None = None
        self._using_locks = asyncio.Lock()

    async def run(self) -> None:
        """Listen and drive until cancelled."""
        async with asyncio.TaskGroup() as group:
            group.create_task(self._listen_forever())
            group.create_task(self._drive_forever())

    # --- announcements ----------------------------------------------------------
    async def _listen_forever(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=f"spieltisch-listen-{os.getpid()}"
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    # Announcements sent while nobody listened are lost: read what changed.
                    await self.hub.catch_up_all()
                    async for note in connection.notifies():
                        try:
                            self.hub.hear(decode(note.payload))
                        except (ValueError, KeyError, TypeError) as error:  # not one of ours
                            log.warning("announcement not understood (%s): %.80s", error, note.payload)
            except (psycopg.Error, OSError) as error:
                log.warning("listen connection lost (%s); reconnecting", error.__class__.__name__)
                await asyncio.sleep(RECONNECT_SECONDS)

    # --- drivers ----------------------------------------------------------------
    async def _drive_forever(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=f"spieltisch-drive-{os.getpid()}"
                ) as connection:
                    await connection.execute(
                        "SELECT pg_advisory_lock(%s, %s)", (PROCESS_LOCKS, int(self.origin))
                    )
                    self._locks = connection
                    while True:
                        await self.scan()
                        await asyncio.sleep(self.scan_every)
            except (psycopg.Error, OSError) as error:
                log.warning("lock connection lost (%s); driving nothing until back", error.__class__.__name__)
            finally:
                self._locks = None
                for table_id in list(self.driving):  # the locks went with the connection
                    await self._stop_driving(table_id)
            await asyncio.sleep(RECONNECT_SECONDS)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any] | None]:
        async with self._using_locks:
            yield self._locks

    async def scan(self) -> None:
        """Take over tables nobody drives; forget processes that are gone; catch up what was missed."""
        async with self._connection() as connection:
            if connection is None:
                return
            found = await connection.execute(
                ORPHANS, {"tables": TABLE_LOCKS, "mine": list(self.driving.values())}
            )
            orphans = [row[0] for row in await found.fetchall()]
            found = await connection.execute(LIVE_PROCESSES, {"processes": PROCESS_LOCKS})
            alive = {str(row[0]) for row in await found.fetchall()}
        self.hub.forget_processes_but(alive)
        try:
            await self.hub.catch_up_behind()
        except SQLAlchemyError as error:
            log.warning("tables not compared with the database: %s", error.__class__.__name__)
        for table_id in orphans:
            if table_id not in self.driving:
                try:
                    await self.hub.room(table_id)
                except Exception as error:  # a table that cannot be loaded is left alone
                    log.warning("table %s: not taken over: %s", table_id, error)
        await self.claim_all()

    async def claim_all(self) -> None:
        """Try to drive every running table this process holds that no process drives."""
        await self._claim([room.id for room in self.hub.rooms.values() if room.is_running()])

    async def claim(self, table_id: str) -> None:
        """Drive this table if no process does (it was just loaded or started here)."""
        await self._claim([table_id])

    async def _claim(self, table_ids: list[str]) -> None:
        wanted = [table_id for table_id in table_ids if table_id not in self.driving]
        if not wanted:
            return
        async with self._connection() as connection:
            if connection is None:
                return
            found = await connection.execute(
                "SELECT id, pg_try_advisory_lock(%(tables)s, hashtext(id)), hashtext(id)::bigint & 4294967295"
                " FROM unnest(%(ids)s::text[]) AS id",
                {"tables": TABLE_LOCKS, "ids": wanted},
            )
            claimed = [(row[0], int(row[2])) for row in await found.fetchall() if row[1]]
        for table_id, key in claimed:
            room = self.hub.rooms.get(table_id)
            self.driving[table_id] = key
            if room is None:
                await self.release(table_id)
                continue
            await room.catch_up()  # the state the last driver left
            room.drives = True
            room.kick()

    async def release(self, table_id: str) -> None:
        """Stop driving a table this process lets go of (released from memory)."""
        if table_id not in self.driving:
            return
        await self._stop_driving(table_id)
        async with self._connection() as connection:
            if connection is not None:
                await connection.execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (TABLE_LOCKS, table_id)
                )

    async def _stop_driving(self, table_id: str) -> None:
        self.driving.pop(table_id, None)
        room = self.hub.rooms.get(table_id)
        if room is not None:
            room.drives = False
            await room.stop()
