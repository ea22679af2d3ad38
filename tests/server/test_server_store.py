"""The store on SQLite and, when SPIELTISCH_TEST_POSTGRES_URL is set, on a real PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import (
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    inspect,
    select,
    text,
)
from sqlalchemy.ext.asyncio import create_async_engine

from spieltisch.server import movewriter, schema
from spieltisch.server.settings import normalize_database_url
from spieltisch.server.store import ActionRow, ChatRow, SeatKind, SeatRow, StaleWriteError, Store, TableRow

POSTGRES_URL = os.environ.get("SPIELTISCH_TEST_POSTGRES_URL")


def run(test: Callable[[Store], Awaitable[None]], url: str) -> None:
    """Run an async store test on its own event loop in a fresh thread.

    A thread keeps it apart from any loop already running in this worker
    (the browser tests' playwright keeps one).
    """

    async def body() -> None:
        store = await Store.open(url)
        try:
            await test(store)
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, body()).result()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}"
    if not POSTGRES_URL:
        pytest.skip("SPIELTISCH_TEST_POSTGRES_URL is not set")
    return normalize_database_url(POSTGRES_URL)


def a_table(status: str = "open") -> TableRow:
    return TableRow(
        id=secrets.token_urlsafe(9),
        game="toy",
        players=2,
        options={"top": 5},
        seed=2**61 + 3,
        status=status,
        host_token_hash="h" * 64,
        created_at=time.time(),
    )


def test_migrating_again_changes_nothing(url: str) -> None:
    run(_migrating_again_changes_nothing, url)


async def _migrating_again_changes_nothing(store: Store) -> None:
    async with store.engine.begin() as connection:
        assert await connection.run_sync(schema.migrate) == schema.LATEST
        assert await connection.run_sync(schema.current_version) == schema.LATEST


def test_a_table_with_seats_actions_and_chat_round_trips(url: str) -> None:
    run(_a_table_with_seats_actions_and_chat_round_trips, url)


async def _a_table_with_seats_actions_and_chat_round_trips(store: Store) -> None:
    table = a_table()
    await store.create_table(
        table, [SeatRow(0, "human", "Anna", None, "t" * 64), SeatRow(1, "bot", "B", "random")]
    )
    assert await store.get_table(table.id) == table
    await store.update_seat(table.id, SeatRow(1, "bot", "Bot 2", "heuristic"))
    assert [s.bot for s in await store.get_seats(table.id)] == [None, "heuristic"]
    rows = [
        ActionRow(0, 3, -1),
        ActionRow(1, 1, 0, {"en": "swap", "de": "tauschen"}, None, {"kind": "swap"}, None, None),
        ActionRow(
            2,
            4,
            1,
            {"en": "turn A4"},
            {"en": "turn A4"},
            {"kind": "turn", "cell": 3},
            {"kind": "turn", "cell": 3},
            {"en": {"text": "7", "digit": 7}},
        ),
    ]
    await store.append_actions(table.id, rows)
    assert await store.load_actions(table.id) == rows
    await store.add_chat(table.id, ChatRow(0, "Anna", "Hallo ' \"; --", 1.5))
    assert [c.text for c in await store.recent_chat(table.id)] == ["Hallo ' \"; --"]
    await store.set_status(table.id, "finished", {"scores": [1.0, 2.0], "winners": [1]})
    found = await store.get_table(table.id)
    assert (
        found is not None
        and found.status == "finished"
        and found.result == {"scores": [1.0, 2.0], "winners": [1]}
    )
    assert table.id in [t.id for t in await store.list_tables("finished")]


def test_a_second_write_at_the_same_index_fails_and_changes_nothing(url: str) -> None:
    run(_a_second_write_at_the_same_index_fails_and_changes_nothing, url)


async def _a_second_write_at_the_same_index_fails_and_changes_nothing(store: Store) -> None:
    table = a_table("running")
    await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
    await store.append_actions(table.id, [ActionRow(0, 2, -1)])
    with pytest.raises(StaleWriteError):
        await store.append_actions(table.id, [ActionRow(1, 4, -1), ActionRow(0, 5, -1)], {"scores": [1.0]})
    assert [r.action for r in await store.load_actions(table.id)] == [2]
    assert table.id in await store.table_ids_with_status("running")
    found = await store.get_table(table.id)
    assert found is not None and found.result is None


def test_moves_arriving_together_share_one_commit_and_a_stale_one_fails_alone(url: str) -> None:
    run(_moves_arriving_together_share_one_commit_and_a_stale_one_fails_alone, url)


async def _moves_arriving_together_share_one_commit_and_a_stale_one_fails_alone(store: Store) -> None:
    tables = [a_table("running") for _ in range(4)]
    for table in tables:
        await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
    await asyncio.gather(*(store.append_actions(t.id, [ActionRow(0, n, -1)]) for n, t in enumerate(tables)))
    ours = schema.actions.c.table_id.in_([t.id for t in tables])  # PostgreSQL holds other tests' rows
    async with store.engine.connect() as connection:
        stamps = (await connection.execute(select(schema.actions.c.created_at).where(ours))).scalars().all()
    assert len(stamps) == 4 and len(set(stamps)) == 1  # one transaction's time: one commit
    writes = [store.append_actions(t.id, [ActionRow(1 if n else 0, 7, -1)]) for n, t in enumerate(tables)]
    outcomes = await asyncio.gather(*writes, return_exceptions=True)
    assert isinstance(outcomes[0], StaleWriteError) and outcomes[1:] == [None, None, None]
    assert [[r.action for r in await store.load_actions(t.id)] for t in tables] == [
        [0],
        [1, 7],
        [2, 7],
        [3, 7],
    ]


def test_moves_go_on_when_postgresql_dropped_the_moves_connection(url: str) -> None:
    if not url.startswith("postgresql"):
        pytest.skip("the moves' own connection to PostgreSQL")
    run(_moves_go_on_when_postgresql_dropped_the_moves_connection, url)


async def _moves_go_on_when_postgresql_dropped_the_moves_connection(store: Store) -> None:
    table = a_table("running")
    await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
    await store.append_actions(table.id, [ActionRow(0, 2, -1)])
    writer = store._shared_moves
    assert writer is not None and writer._connection is not None
    dropped = writer._connection.info.backend_pid  # as a restart of PostgreSQL would
    async with store.engine.connect() as connection:
        await connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": dropped})
    await store.append_actions(table.id, [ActionRow(1, 5, -1)])  # no error: a new connection
    assert [r.action for r in await store.load_actions(table.id)] == [2, 5]
    assert writer._connection is not None and writer._connection.info.backend_pid != dropped


def test_the_move_that_ends_a_game_and_the_end_are_stored_together(url: str) -> None:
    run(_the_move_that_ends_a_game_and_the_end_are_stored_together, url)


async def _the_move_that_ends_a_game_and_the_end_are_stored_together(store: Store) -> None:
    table = a_table("running")
    await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
    result = {"scores": [3.0, 1.0], "winners": [0], "returns": [1.0, 0.0]}
    await store.append_actions(table.id, [ActionRow(0, 2, -1), ActionRow(1, 0, 0, {"en": "keep"})], result)
    found = await store.get_table(table.id)
    assert found is not None and found.status == "finished" and found.result == result


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    run(_sqlite_runs_in_wal_mode, f"sqlite+aiosqlite:///{tmp_path / 'wal.sqlite3'}")


async def _sqlite_runs_in_wal_mode(store: Store) -> None:
    async with store.engine.connect() as connection:
        mode = (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()
        assert await connection.run_sync(schema.current_version) == schema.LATEST
    assert mode == "wal"
    # The connections on the event loop's thread neither wait for a lock nor checkpoint.
    async with store.quick.connect() as connection:
        found = [
            (await connection.exec_driver_sql(f"PRAGMA {pragma}")).scalar()
            for pragma in ("journal_mode", "busy_timeout", "wal_autocheckpoint")
        ]
    assert store.quick is not store.engine and found == ["wal", 0, 0]


def test_database_urls_pick_the_async_drivers() -> None:
    assert (
        normalize_database_url("postgresql://u@127.0.0.1:55432/db")
        == "postgresql+psycopg://u@127.0.0.1:55432/db"
    )
    assert normalize_database_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"


def _create_old(connection: Connection, table: TableRow, version: int) -> None:
    """The schema of version 1 (labels per language) or 2 (public labels too), with one move."""
    old = MetaData()
    for kept in (schema.schema_version, schema.tables, schema.seats, schema.chat):
        kept.to_metadata(old)
    actions = Table(
        "actions",
        old,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("action", Integer, nullable=False),
        Column("seat", Integer, nullable=False),
        Column("label_en", Text, nullable=False),
        Column("label_de", Text, nullable=False),
        Column("created_at", Float, nullable=False),
        *([Column("public_en", Text), Column("public_de", Text)] if version == 2 else []),
    )
    old.create_all(connection)
    connection.execute(old.tables["schema_version"].insert().values(version=version))
    values = {
        **table.__dict__,
        "options": "{}",
        "result": None,
        "data_files": None,
        "clock": None,
        "standins": None,
    }
    connection.execute(old.tables["tables"].insert().values(**values))
    row = {"idx": 0, "action": 1, "seat": 0, "label_en": "swap", "label_de": "tauschen", "created_at": 1.0}
    if version == 2:
        row |= {"public_en": "swap", "public_de": "tauschen"}
    connection.execute(actions.insert().values(table_id=table.id, **row))


@pytest.mark.parametrize("version", [1, 2])
def test_an_old_database_keeps_its_move_names_in_the_json_detail(
    url: str, tmp_path: Path, version: int
) -> None:
    async def body() -> None:
        old_url, schema_name = url, ""
        if url.startswith("sqlite"):
            old_url = f"sqlite+aiosqlite:///{tmp_path / 'version1.sqlite3'}"
        else:
            # A schema of its own, so the shared database keeps its current tables.
            schema_name = f"v1_{secrets.token_hex(6)}"
            admin = create_async_engine(url)
            async with admin.begin() as connection:
                await connection.exec_driver_sql(f"CREATE SCHEMA {schema_name}")
            old_url = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema_name}"
        table = a_table("running")
        engine = create_async_engine(old_url)
        try:
            async with engine.begin() as connection:
                await connection.run_sync(_create_old, table, version)
            store = await Store.open(old_url)
            try:
                async with store.engine.connect() as connection:
                    assert await connection.run_sync(schema.current_version) == schema.LATEST
                async with store.engine.connect() as connection:
                    columns = await connection.run_sync(
                        lambda sync: {c["name"] for c in inspect(sync).get_columns("actions")}
                    )
                assert not columns & set(schema.LEGACY_LABELS) and "detail" in columns
                names = {"en": "swap", "de": "tauschen"}
                old = ActionRow(0, 1, 0, names, names if version == 2 else None)
                assert await store.load_actions(table.id) == [old]
                new = ActionRow(
                    1,
                    2,
                    1,
                    {"en": "return a 4 face down", "de": "eine 4 verdeckt zurücklegen"},
                    {"en": "return a card face down", "de": "eine Karte verdeckt zurücklegen"},
                    {"kind": "return", "card": 4},
                    {"kind": "return"},
                )
                await store.append_actions(table.id, [new])
                assert (await store.load_actions(table.id))[1] == new
            finally:
                await store.close()
        finally:
            await engine.dispose()
            if schema_name:
                async with admin.begin() as connection:
                    await connection.exec_driver_sql(f"DROP SCHEMA {schema_name} CASCADE")
                await admin.dispose()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, body()).result()


def test_sqlite_moves_wait_off_the_loop_for_a_lock_another_process_holds(tmp_path: Path) -> None:
    """The moves are committed on the event loop's thread, which never waits for a lock
    (movewriter.py): a database another process is writing to is waited for on the writer's
    thread, so the loop goes on meanwhile, and the move is stored once the lock is gone."""
    path = tmp_path / "locked.sqlite3"
    run(lambda store: _moves_wait_off_the_loop(store, path), f"sqlite+aiosqlite:///{path}")


async def _moves_wait_off_the_loop(store: Store, path: Path) -> None:
    table = a_table("running")
    await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
    other = sqlite3.connect(path, isolation_level=None)  # as another process would
    other.execute("BEGIN IMMEDIATE")
    write = asyncio.create_task(store.append_actions(table.id, [ActionRow(0, 2, -1)]))
    began = time.monotonic()
    for _ in range(20):  # the loop runs while the write waits for the lock
        await asyncio.sleep(0.01)
    assert not write.done() and time.monotonic() - began < 1.0
    other.execute("COMMIT")
    other.close()
    await asyncio.wait_for(write, 5)
    assert [row.action for row in await store.load_actions(table.id)] == [2]


def test_sqlite_table_writes_wait_off_the_loop_for_a_lock_another_process_holds(tmp_path: Path) -> None:
    """The statements about a table run on the event loop's thread (loopsqlite.py), which never
    waits for a lock: one that finds the database locked is made again on the connection's
    thread, the loop goes on meanwhile, and it is stored once the lock is gone."""
    path = tmp_path / "locked.sqlite3"
    run(lambda store: _table_writes_wait_off_the_loop(store, path), f"sqlite+aiosqlite:///{path}")


async def _table_writes_wait_off_the_loop(store: Store, path: Path) -> None:
    table = a_table("open")
    await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "bot", "Bot 2", "random")])
    other = sqlite3.connect(path, isolation_level=None)  # as another process would
    other.execute("BEGIN IMMEDIATE")
    taken = SeatRow(0, SeatKind.HUMAN, "Ada", None, "hash")
    write = asyncio.create_task(store.update_seat(table.id, taken, SeatKind.OPEN))
    began = time.monotonic()
    for _ in range(20):  # the loop runs while the write waits for the lock
        await asyncio.sleep(0.01)
    assert not write.done() and time.monotonic() - began < 1.0
    assert (await store.get_table(table.id)) is not None  # reading needs no lock meanwhile
    other.execute("COMMIT")
    other.close()
    assert await asyncio.wait_for(write, 5)
    assert (await store.get_seats(table.id))[0] == taken
    assert await store.start(table.id)  # and the next write is made at once again


def test_sqlite_moves_log_is_checkpointed_by_the_writers_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop's connection never checkpoints (a checkpoint waits for the disk): the writer's
    thread copies the log into the database every CHECKPOINT_EVERY commits."""
    monkeypatch.setattr(movewriter, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "checkpointed.sqlite3"
    sizes: list[int] = []

    async def play(store: Store) -> None:
        table = a_table("running")
        await store.create_table(table, [SeatRow(0, "open", ""), SeatRow(1, "open", "")])
        sizes.append(path.stat().st_size)
        for idx in range(5):
            await store.append_actions(table.id, [ActionRow(idx, 1, 0, {"en": "x" * 3000})])
        await asyncio.sleep(0.5)  # the checkpoint runs beside the loop
        sizes.append(path.stat().st_size)

    run(play, f"sqlite+aiosqlite:///{path}")
    assert sizes[1] > sizes[0] + 10_000  # the moves' pages reached the database file
