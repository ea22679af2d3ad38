"""Persistence: tables, seats, accepted actions and chat, through SQLAlchemy's async engine.

Every accepted action is a row keyed by (table, index); a table is restored
by replaying its rows. SQLite runs in WAL mode so a committed move survives a
killed process; PostgreSQL gets the same schema through the same migrations.

On PostgreSQL several server processes may share the database. A write of
moves then locks its tables' rows and checks that each table is still at the
version the move was checked against, so two processes never both store a
move at one version; and every change is announced with NOTIFY so the other
processes can follow: moves right after their commit, other changes in their
own transaction (delivered only if it commits).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, event, func, select, text
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from spieltisch.core.contract import Move
from spieltisch.server import loopsqlite, schema, wire
from spieltisch.server.movewriter import Finished, MoveWriter, Rows, as_rows
from spieltisch.server.notices import Notice, NoticeKind, encode

if TYPE_CHECKING:
    from spieltisch.server.pgmoves import PgMoveWriter

log = logging.getLogger("spieltisch.server")


class TableStatus(StrEnum):
    """Where a table is in its life."""

    OPEN = "open"
    """Seats are being filled; the game has not started."""
    RUNNING = "running"
    """The game is being played."""
    FINISHED = "finished"
    """The game is over; its result is stored."""
    EXPIRED = "expired"
    """Nobody started it, or everybody left it, for longer than the server keeps tables."""


class SeatKind(StrEnum):
    """Who sits in a seat."""

    OPEN = "open"
    """Free: a person may take it, or the host may give it to a bot."""
    HUMAN = "human"
    """A person, who holds the seat's token."""
    BOT = "bot"
    """A bot, played by the server."""


class StaleWriteError(RuntimeError):
    """Another writer already stored an action at this index."""


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: TableStatus
    host_token_hash: str
    created_at: float
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    data_files: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per data-file option, the chosen data set: {"name", "text"} (see datasets.py)."""
    clock: dict[str, Any] = field(default_factory=lambda: {"kind": "none", "seconds": 0})
    """Time per turn: {"kind": "none" | "move" | "day", "seconds": per turn}."""
    standins: list[int] = field(default_factory=list)
    """People's seats a bot plays until they come back."""


@dataclass
class SeatRow:
    seat: int
    kind: SeatKind
    name: str
    bot: str | None = None
    token_hash: str | None = None


Texts = dict[str, str]
"""One text per language code ("en", "de", ...)."""


@dataclass
class ActionRow:
    """A stored step: a player's move (`seat` >= 0), a chance outcome (`seat` -1), or a player
    taking back their last move (`undoes` the move's index, `action` UNDO_ACTION).

    A move keeps how it was shown when it was made, in every language, so a
    replay or a reconnect shows the same log. Adding a language adds keys, not
    columns. Nothing stored is ever removed: a move taken back stays, and the
    step that takes it back follows it.
    """

    idx: int
    action: int
    seat: int
    label: Texts = field(default_factory=dict)
    """The move's name for its mover."""
    public: Texts | None = None
    """Its name as the other seats and spectators know it (None: only "moved")."""
    move: Move | None = None
    """The move as data for its mover (State.action_struct)."""
    public_move: Move | None = None
    """The move as data as the others know it (State.public_action_struct)."""
    result: dict[str, dict[str, Any]] | None = None
    """Per language, what the move showed everybody (State.public_result)."""
    joined: bool = False
    """A step that goes on with its mover's move of several steps (State.move_open before it):
    the log shows the whole move as one line."""
    undoable: bool = False
    """The move revealed nothing and no chance event followed it: its mover may take it back."""
    undoes: int | None = None
    """The index of the move this step takes back (None: not a step that takes one back)."""

    def detail(self) -> str | None:
        if self.seat < 0:
            return None
        fields: dict[str, Any] = {
            "label": self.label,
            "public": self.public,
            "move": self.move,
            "public_move": self.public_move,
            "result": self.result,
        }
        if self.joined:
            fields["joined"] = True
        if self.undoable:
            fields["undoable"] = True
        if self.undoes is not None:
            fields["undoes"] = self.undoes
        return wire.encode(fields)

    @classmethod
    def from_db(cls, row: Any) -> ActionRow:
        return cls.from_parts(row.idx, row.action, row.seat, row.detail)

    def parts(self) -> tuple[int, int, int, str | None]:
        """The row as stored: index, action, seat and detail (see from_parts)."""
        return self.idx, self.action, self.seat, self.detail()

    @classmethod
    def from_parts(cls, idx: int, action: int, seat: int, detail: str | None) -> ActionRow:
        found = json.loads(detail) if detail else {}
        return cls(
            idx,
            action,
            seat,
            found.get("label") or {},
            found.get("public"),
            found.get("move"),
            found.get("public_move"),
            found.get("result"),
            bool(found.get("joined")),
            bool(found.get("undoable")),
            found.get("undoes"),
        )


@dataclass
class ChatRow:
    seat: int | None
    name: str
    text: str
    created_at: float


@dataclass
class PendingWrite:
    """Rows of one table waiting for the next group commit, and the game's end if they reach it."""

    table_id: str
    rows: list[ActionRow]
    result: dict[str, Any] | None
    done: asyncio.Future[None]


def _settle(batch: list[PendingWrite], error: BaseException | None) -> None:
    for item in batch:
        if item.done.done():
            continue
        if error is None:
            item.done.set_result(None)
        else:
            item.done.set_exception(error)


def _action_values(batch: list[PendingWrite]) -> list[dict[str, Any]]:
    """The batch's rows as the actions table's columns."""
    now = time.time()
    return [
        {
            "table_id": item.table_id,
            "created_at": now,
            "idx": row.idx,
            "action": row.action,
            "seat": row.seat,
            "detail": row.detail(),
        }
        for item in batch
        for row in item.rows
    ]


def _ends(batch: list[PendingWrite]) -> list[tuple[str, str, str]]:
    """The games the batch ends, as the moves' writer marks them (status, result, id)."""
    return [(TableStatus.FINISHED.value, json.dumps(end.result), end.table_id) for end in batch if end.result]


def _enable_sqlite_wal(engine: AsyncEngine, on_loop: bool = False) -> None:
    """WAL mode, as the moves' writer has it (movewriter.py); connections `on_loop` (the
    event loop's thread) never wait for a lock and never checkpoint (the writer's thread does)."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={0 if on_loop else 5000}")
        if on_loop:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()


def _table_row(row: Any) -> TableRow:
    return TableRow(
        id=row.id,
        game=row.game,
        players=row.players,
        options=json.loads(row.options),
        seed=row.seed,
        status=TableStatus(row.status),
        host_token_hash=row.host_token_hash,
        created_at=row.created_at,
        result=json.loads(row.result) if row.result else None,
        rematch_of=row.rematch_of,
        rematch_id=row.rematch_id,
        data_files=json.loads(found) if (found := getattr(row, "data_files", None)) else {},
        clock=json.loads(row.clock) if row.clock else {"kind": "none", "seconds": 0},
        standins=json.loads(found) if (found := getattr(row, "standins", None)) else [],
    )


def sqlite_file(engine: AsyncEngine) -> str | None:
    """The file of an SQLite database (None: another database, or one in memory)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return None
    return None if database.startswith("file:") else database


def _shared_writer(engine: AsyncEngine) -> PgMoveWriter:
    from spieltisch.server.pgmoves import PgMoveWriter  # psycopg: only with PostgreSQL

    return PgMoveWriter(engine.url.set(drivername="postgresql").render_as_string(hide_password=False))


def _finishing(table_id: str, result: dict[str, Any]) -> Any:
    values = {"status": TableStatus.FINISHED.value, "result": json.dumps(result)}
    return schema.tables.update().where(schema.tables.c.id == table_id).values(**values)


# The statements every game makes, built once: SQLAlchemy then finds them compiled already
# without working out their cache key again (a statement made anew each time cost as much).
INSERT_TABLE = schema.tables.insert()
INSERT_SEATS = schema.seats.insert()
UPDATE_SEAT = schema.seats.update().where(
    schema.seats.c.table_id == bindparam("table"), schema.seats.c.seat == bindparam("number")
)
"""Sets the columns its parameters name besides `table` and `number` (the seat's)."""
UPDATE_SEAT_IF_STILL = UPDATE_SEAT.where(schema.seats.c.kind == bindparam("was"))
"""UPDATE_SEAT if the seat is still of kind `was` (another process may have changed it)."""
_some_open = select(schema.seats.c.seat).where(
    schema.seats.c.table_id == schema.tables.c.id, schema.seats.c.kind == SeatKind.OPEN.value
)
START_TABLE = (
    schema.tables.update()
    .where(
        schema.tables.c.id == bindparam("table_id"),
        schema.tables.c.status == TableStatus.OPEN.value,
        ~_some_open.exists(),
    )
    .values(status=TableStatus.RUNNING.value)
)
"""An open table whose seats are all taken starts."""

GROUP_COMMIT_SECONDS = 0.002
"""On PostgreSQL, how long the first move waits for others to share its commit; each is
answered after it. On SQLite a commit costs less than the timer's wake-up would: the group
is what comes in before the writer's turn (movewriter.py)."""

CHANNEL = "spieltisch"
"""The PostgreSQL NOTIFY channel the server processes announce changes on."""


NOTIFY_BYTES = 7900
"""PostgreSQL refuses NOTIFY payloads of 8000 bytes or more."""
QUICK_NOTIFY = text(
    "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))"
    " SELECT pg_notify(:channel, payload)"
    " FROM quick, json_array_elements_text(CAST(:payloads AS json)) AS payload"
)
"""One statement, its own transaction, committed without waiting for the disk. The payloads
go as one JSON array (text), not as a text[] parameter: psycopg escapes every quote of an
array's elements in Python, which cost more than the rest of a move on PostgreSQL."""


def new_origin() -> str:
    """A number naming this server process in announcements and locks, unique among the processes."""
    return str(secrets.randbits(31))


class Store:
    """The database behind the server: tables, seats, moves and chat, on SQLite or PostgreSQL."""

    def __init__(self, engine: AsyncEngine, quick: AsyncEngine | None = None) -> None:
        self.engine = engine
        self.quick = quick or engine
        """For the statements that touch a row or a few by key (a table, its seats, its chat) and
        every write: on SQLite a file's connections answer on the loop's thread (loopsqlite.py),
        while a query that may read much (the lobby, the sweep, a table's moves) runs on
        `engine`'s thread."""
        self.shared = engine.dialect.name == "postgresql"
        """Other server processes may share this database: check versions and announce changes."""
        self.origin = new_origin()
        # SQLite has one writer at a time; waiting here instead of in SQLite's
        # busy handler (which sleeps in steps) keeps write latency low.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._pending: list[PendingWrite] = []
        self._writer: asyncio.Task[None] | None = None
        self._flush_due = False
        self._moves = MoveWriter(database) if (database := sqlite_file(engine)) else None
        """On SQLite, the moves' own writer (movewriter.py)."""
        self._shared_moves = _shared_writer(engine) if self.shared else None
        """On PostgreSQL, the moves' own writer (pgmoves.py)."""

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        if self._write_lock is None:
            async with self.quick.begin() as connection:
                yield connection
            return
        async with self._write_lock, self.quick.begin() as connection:
            yield connection
        if self._moves is not None:  # its thread checkpoints the log these commits grow too
            self._moves.committed()

    def _payload(self, kind: NoticeKind, table_id: str, **extra: Any) -> str:
        return encode(Notice(self.origin, kind, table_id, **extra))

    async def _announce(
        self, connection: AsyncConnection, kind: NoticeKind, table_id: str, **extra: Any
    ) -> None:
        """NOTIFY the other processes, delivered when (and only if) this transaction commits."""
        if self.shared:
            payload = self._payload(kind, table_id, **extra)
            await connection.execute(
                text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
            )

    async def announce(self, kind: NoticeKind, table_id: str, **extra: Any) -> None:
        """An announcement that goes with no write (someone came online)."""
        await self._announce_quickly([self._payload(kind, table_id, **extra)])

    async def _announce_quickly(self, payloads: list[str]) -> None:
        """Announce in one statement of its own, committed without waiting for the disk.

        PostgreSQL commits the transactions that NOTIFY one after the other, so
        an announcement that waited for the disk would hold up every other.
        """
        if self.shared and payloads:
            async with self.engine.connect() as connection:
                autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
                values = {"channel": CHANNEL, "payloads": wire.encode(payloads)}
                await autocommit.execute(QUICK_NOTIFY, values)

    @classmethod
    async def open(cls, url: str) -> Store:
        engine = create_async_engine(url, pool_pre_ping=not url.startswith("sqlite"))
        quick = None
        if url.startswith("sqlite"):
            _enable_sqlite_wal(engine)
            if (path := sqlite_file(engine)) is not None:
                quick = create_async_engine(url, async_creator=loopsqlite.connector(path))
                _enable_sqlite_wal(quick, on_loop=True)
        async with engine.begin() as connection:
            await connection.run_sync(schema.migrate)
        return cls(engine, quick)

    async def close(self) -> None:
        if self._moves is not None:
            await self._moves.close()
        if self._shared_moves is not None:
            await self._shared_moves.close()
        await self.engine.dispose()
        if self.quick is not self.engine:
            await self.quick.dispose()

    # --- tables and seats ---------------------------------------------------
    async def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        values = {
            "id": table.id,
            "game": table.game,
            "players": table.players,
            "options": json.dumps(table.options),
            "seed": table.seed,
            "status": table.status,
            "host_token_hash": table.host_token_hash,
            "created_at": table.created_at,
            "rematch_of": table.rematch_of,
            "data_files": json.dumps(table.data_files) if table.data_files else None,
            "clock": json.dumps(table.clock),
        }
        seat_values = [{"table_id": table.id, **seat.__dict__} for seat in seats]
        async with self._writing() as connection:
            await connection.execute(INSERT_TABLE, values)
            await connection.execute(INSERT_SEATS, seat_values)

    async def get_table(self, table_id: str) -> TableRow | None:
        async with self.quick.connect() as connection:
            found = await connection.execute(select(schema.tables).where(schema.tables.c.id == table_id))
            row = found.first()
        return _table_row(row) if row else None

    async def list_tables(self, status: TableStatus | None = None, limit: int = 100) -> list[TableRow]:
        query = select(schema.tables).order_by(schema.tables.c.created_at.desc()).limit(limit)
        if status:
            query = query.where(schema.tables.c.status == status)
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [_table_row(row) for row in rows]

    async def list_tables_with_seats(
        self, status: TableStatus | None = None, limit: int = 100
    ) -> list[tuple[TableRow, list[SeatRow]]]:
        """The newest tables with their seats, in one query (the lobby's list)."""
        listed_columns = [c for c in schema.tables.c if c.name != "data_files"]  # contents stay out
        newest = select(*listed_columns).order_by(schema.tables.c.created_at.desc()).limit(limit)
        if status:
            newest = newest.where(schema.tables.c.status == status)
        found = newest.subquery()
        seats = schema.seats
        query = (
            select(found, seats.c.seat, seats.c.kind, seats.c.name, seats.c.bot)
            .join(seats, seats.c.table_id == found.c.id)
            .order_by(found.c.created_at.desc(), found.c.id, seats.c.seat)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        listed: dict[str, tuple[TableRow, list[SeatRow]]] = {}
        for row in rows:
            if row.id not in listed:
                listed[row.id] = (_table_row(row), [])
            listed[row.id][1].append(SeatRow(row.seat, SeatKind(row.kind), row.name, row.bot))
        return list(listed.values())

    async def stale_tables(self, open_before: float, idle_before: float) -> list[tuple[TableRow, float]]:
        """Open tables made before `open_before`, and running ones with no move since
        `idle_before`, each with the time of its last move (or its creation)."""
        tables, actions = schema.tables, schema.actions
        last = (
            select(actions.c.table_id, func.max(actions.c.created_at).label("last_move"))
            .group_by(actions.c.table_id)
            .subquery()
        )
        columns = [c for c in tables.c if c.name != "data_files"]
        moved = func.coalesce(last.c.last_move, tables.c.created_at)
        query = (
            select(*columns, moved.label("moved"))
            .outerjoin(last, last.c.table_id == tables.c.id)
            .where(
                ((tables.c.status == TableStatus.OPEN.value) & (tables.c.created_at < open_before))
                | ((tables.c.status == TableStatus.RUNNING.value) & (moved < idle_before))
            )
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [(_table_row(row), float(row.moved)) for row in rows]

    async def mark_expired(self, table_ids: list[str]) -> None:
        query = schema.tables.update().where(schema.tables.c.id.in_(table_ids))
        async with self._writing() as connection:
            await connection.execute(query.values(status=TableStatus.EXPIRED.value))

    async def table_ids_with_status(self, status: TableStatus) -> list[str]:
        query = select(schema.tables.c.id).where(schema.tables.c.status == status)
        async with self.engine.connect() as connection:
            return [row.id for row in (await connection.execute(query)).all()]

    async def get_seats(self, table_id: str) -> list[SeatRow]:
        query = select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat)
        async with self.quick.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [SeatRow(r.seat, SeatKind(r.kind), r.name, r.bot, r.token_hash) for r in rows]

    async def update_seat(self, table_id: str, seat: SeatRow, was: SeatKind | None = None) -> bool:
        """Change a seat; with `was`, only if it is still of that kind (another process
        may have changed it). Returns whether it changed."""
        values = {"table": table_id, "number": seat.seat}
        values |= {"kind": seat.kind, "name": seat.name, "bot": seat.bot, "token_hash": seat.token_hash}
        query = UPDATE_SEAT
        if was is not None:
            query, values["was"] = UPDATE_SEAT_IF_STILL, was
        async with self._writing() as connection:
            changed = (await connection.execute(query, values)).rowcount == 1
            if changed:
                await self._announce(connection, NoticeKind.TABLE, table_id)
        return changed

    async def finish(self, table_id: str, result: dict[str, Any]) -> None:
        """Mark a game over whose end is stored (a table restored in its final position)."""
        async with self._writing() as connection:
            await connection.execute(_finishing(table_id, result))
            await self._announce(connection, NoticeKind.TABLE, table_id)

    async def start(self, table_id: str) -> bool:
        """Mark an open table with every seat taken running; False if it is not (any more)."""
        async with self._writing() as connection:
            started = (await connection.execute(START_TABLE, {"table_id": table_id})).rowcount == 1
            if started:
                await self._announce(connection, NoticeKind.TABLE, table_id)
        return started

    async def set_status(
        self, table_id: str, status: TableStatus, result: dict[str, Any] | None = None
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if result is not None:
            values["result"] = json.dumps(result)
        query = schema.tables.update().where(schema.tables.c.id == table_id).values(**values)
        async with self._writing() as connection:
            await connection.execute(query)
            await self._announce(connection, NoticeKind.TABLE, table_id)

    async def set_standins(self, table_id: str, seats: list[int]) -> None:
        query = schema.tables.update().where(schema.tables.c.id == table_id)
        async with self._writing() as connection:
            await connection.execute(query.values(standins=json.dumps(sorted(seats)) if seats else None))
            await self._announce(connection, NoticeKind.TABLE, table_id)

    async def set_rematch(self, table_id: str, rematch_id: str) -> bool:
        """Link a finished table to its rematch, unless it has one (made through another process)."""
        tables = schema.tables
        query = tables.update().where(tables.c.id == table_id, tables.c.rematch_id.is_(None))
        async with self._writing() as connection:
            linked = (await connection.execute(query.values(rematch_id=rematch_id))).rowcount == 1
            if linked:
                await self._announce(connection, NoticeKind.TABLE, table_id)
        return linked

    # --- actions --------------------------------------------------------------
    async def append_actions(
        self, table_id: str, rows: list[ActionRow], result: dict[str, Any] | None = None
    ) -> None:
        """Store rows in one transaction; StaleWriteError if an index is taken.

        With a `result`, the rows end the game: the table is marked finished
        with that result in the same transaction, so a crash can never leave
        a game whose last move is stored but whose end is not.

        Returns once the rows are committed. Rows of many tables that arrive
        together share one transaction (group commit), which keeps the cost
        per move low when many tables are busy.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(PendingWrite(table_id, rows, result, done))
        if self._moves is None:
            self._write_later()
        elif not self._flush_due:  # SQLite: written at the next turn of the loop (_flush)
            self._flush_due = True
            loop.call_soon(self._flush)
        await done

    def _write_later(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())

    def _flush(self) -> None:
        """On SQLite: commit the moves that came in one turn of the loop, at once on the loop's
        thread (movewriter.py), with no task to wake. What cannot be written so (the database
        locked, an index taken, the writer busy) is left to the writer task."""
        self._flush_due = False
        assert self._moves is not None and self._write_lock is not None
        writing = self._writer is not None and not self._writer.done()
        if not self._pending or writing or self._write_lock.locked():
            if self._pending:
                self._write_later()
            return
        batch, self._pending = self._pending, []
        try:
            written = self._moves.write_now(_action_values(batch), _ends(batch))
        except SQLAlchemyError:
            written = False  # the writer task tries again and tells each move what failed
        except Exception as error:
            _settle(batch, error)
            return
        if not written:
            self._pending[:0] = batch
            self._write_later()
            return
        _settle(batch, None)

    async def _write_pending(self) -> None:
        # The moves of other tables that come meanwhile join.
        await asyncio.sleep(GROUP_COMMIT_SECONDS if self._moves is None else 0)
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                stored = await self._insert(batch)
            except IntegrityError:
                # Someone's index was taken: retry one by one to fail only that one.
                for item in batch:
                    await self._insert_alone(item)
                continue
            except Exception as error:
                _settle(batch, error)
                continue
            _settle(batch, None)  # the movers go on while the others are told
            await self._announce_moves(stored)

    async def _insert_alone(self, item: PendingWrite) -> None:
        try:
            stored = await self._insert([item])
        except IntegrityError:
            _settle([item], StaleWriteError(f"table {item.table_id}: action index already stored"))
        except Exception as error:
            _settle([item], error)
        else:
            _settle([item], None)
            await self._announce_moves(stored)

    async def _insert(self, batch: list[PendingWrite]) -> list[PendingWrite]:
        """Store the batch in one transaction; returns the writes stored (on PostgreSQL, a
        write whose table another process moved on meanwhile is refused instead)."""
        if self._shared_moves is not None:
            return await self._insert_shared(self._shared_moves, batch)
        values = _action_values(batch)
        if self._moves is not None and self._write_lock is not None:
            async with self._write_lock:
                await self._moves.write(values, _ends(batch))
            return batch
        async with self._writing() as connection:
            if values:
                await connection.execute(schema.actions.insert(), values)
            for item in batch:
                if item.result is not None:
                    await connection.execute(_finishing(item.table_id, item.result))
        return batch

    async def _insert_shared(self, writer: PgMoveWriter, batch: list[PendingWrite]) -> list[PendingWrite]:
        """On PostgreSQL: lock the batch's tables and store the writes whose table is still at the
        version they were checked against; the others are refused with StaleWriteError (another
        process stored a move first)."""
        current: list[PendingWrite] = []
        stale: list[PendingWrite] = []

        def pick(stored: dict[str, int]) -> tuple[Rows, Finished]:
            current.clear()
            stale.clear()
            for item in batch:
                still = not item.rows or item.rows[0].idx == stored.get(item.table_id, 0)
                (current if still else stale).append(item)
            return as_rows(_action_values(current)), _ends(current)

        await writer.write([item.table_id for item in batch], pick)
        for item in stale:
            _settle([item], StaleWriteError(f"table {item.table_id}: another process stored a move first"))
        return current

    async def _announce_moves(self, batch: list[PendingWrite]) -> None:
        """Announce stored moves right after their commit, without waiting for the disk.

        Inside each move's transaction, the announcement would queue every move of
        every process behind the others' disk writes (see _announce_quickly). The
        moves are stored already: if this fails (or the process dies first), the
        others find them within a second (Cluster.scan).
        """
        if self._shared_moves is None:  # no other process to tell: not even the payloads are made
            return
        payloads = [self._move_payload(item) for item in batch if item.rows]
        try:
            if payloads:
                await self._shared_moves.announce(CHANNEL, wire.encode(payloads))
        except (SQLAlchemyError, OSError) as error:
            log.warning("moves stored but not announced: %s", error.__class__.__name__)

    def _move_payload(self, item: PendingWrite) -> str:
        """A move's announcement; it carries the stored rows when they fit, so the other
        processes need not read them back."""
        version, end = item.rows[-1].idx + 1, item.result is not None
        payload = self._payload(
            NoticeKind.MOVE, item.table_id, version=version, end=end, rows=[r.parts() for r in item.rows]
        )
        if len(payload.encode()) > NOTIFY_BYTES:
            payload = self._payload(NoticeKind.MOVE, item.table_id, version=version, end=end)
        return payload

    async def versions(self, table_ids: list[str]) -> dict[str, int]:
        """Each table's stored version (the number of its stored steps; tables without any left out)."""
        actions = schema.actions
        query = (
            select(actions.c.table_id, func.max(actions.c.idx))
            .where(actions.c.table_id.in_(table_ids))
            .group_by(actions.c.table_id)
        )
        async with self.engine.connect() as connection:
            return {table_id: last + 1 for table_id, last in (await connection.execute(query)).all()}

    async def load_actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The table's stored steps from index `after` on, in order."""
        actions = schema.actions
        query = (
            select(actions)
            .where(actions.c.table_id == table_id, actions.c.idx >= after)
            .order_by(actions.c.idx)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [ActionRow.from_db(r) for r in rows]

    # --- chat -------------------------------------------------------------------
    async def add_chat(self, table_id: str, message: ChatRow) -> None:
        async with self._writing() as connection:
            await connection.execute(schema.chat.insert().values(table_id=table_id, **message.__dict__))
            await self._announce(connection, NoticeKind.CHAT, table_id, chat=message.__dict__)

    async def recent_chat(self, table_id: str, limit: int = 50) -> list[ChatRow]:
        query = (
            select(schema.chat)
            .where(schema.chat.c.table_id == table_id)
            .order_by(schema.chat.c.id.desc())
            .limit(limit)
        )
        async with self.quick.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [ChatRow(r.seat, r.name, r.text, r.created_at) for r in reversed(rows)]
