"""The database schema and its one migration path, the same on SQLite and PostgreSQL.

Migrations are numbered functions applied in order inside one transaction
each; `schema_version` records the last one applied. A new migration is
appended to MIGRATIONS and never edits an earlier one.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import (
    BigInteger,
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

metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("version", Integer, primary_key=True),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(12), nullable=False, index=True),
    Column("host_token_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("result", Text),
    Column("rematch_of", String(32)),
    Column("rematch_id", String(32)),
    # The data sets chosen for data-file options, with their content, as JSON
    # ({option: {"name", "text"}}), so the table replays anywhere (version 4).
    Column("data_files", Text),
    # The table's clock as JSON ({"kind", "seconds"}); NULL: none (version 5).
    Column("clock", Text),
    # People's seats a bot plays until they come back, as a JSON list; NULL: none
    # (version 6). Kept here so every server process shares them.
    Column("standins", Text),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(40), nullable=False),
    Column("bot", String(40)),
    Column("token_hash", String(64)),
)

# The primary key (table_id, idx) makes a second write at the same version fail,
# so two racing writers can never both commit a move.
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    # How a move was shown, as JSON: its names per language for the mover and
    # the others, its structs and its public result (store.ActionRow); NULL for
    # a chance outcome. Version 3 replaced the per-language label columns.
    Column("detail", Text),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)


def _create_version_1(connection: Connection) -> None:
    metadata.create_all(connection, tables=[tables, seats, actions, chat])


def _columns(connection: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns(table)}


def _add_public_labels_2(connection: Connection) -> None:
    # Version 1 creates `actions` from the current table definition, so only a
    # database made with version 1's labels (label_en, label_de) gets these.
    present = _columns(connection, "actions")
    if "label_en" not in present:
        return
    for name in ("public_en", "public_de"):
        if name not in present:
            connection.execute(text(f"ALTER TABLE actions ADD COLUMN {name} TEXT"))


LEGACY_LABELS = ("label_en", "label_de", "public_en", "public_de")


def _labels_as_json_3(connection: Connection) -> None:
    """One JSON column replaces a column per label and language (a new language needs no migration).

    Moves stored before keep their names; their structs and results are
    filled in from a replay when the table is loaded.
    """
    present = _columns(connection, "actions")
    if "detail" not in present:
        connection.execute(text("ALTER TABLE actions ADD COLUMN detail TEXT"))
    if "label_en" not in present:
        return
    rows = connection.execute(
        text("SELECT table_id, idx, label_en, label_de, public_en, public_de FROM actions WHERE seat >= 0")
    ).all()
    updates = [
        {
            "table_id": r.table_id,
            "idx": r.idx,
            "detail": _legacy_detail(r.label_en, r.label_de, r.public_en, r.public_de),
        }
        for r in rows
    ]
    if updates:
        connection.execute(
            text("UPDATE actions SET detail = :detail WHERE table_id = :table_id AND idx = :idx"), updates
        )
    for name in LEGACY_LABELS:
        if name in present:
            connection.execute(text(f"ALTER TABLE actions DROP COLUMN {name}"))


def _legacy_detail(en: str, de: str, public_en: str | None, public_de: str | None) -> str:
    public = None if public_en is None else {"en": public_en, "de": public_de or public_en}
    return json.dumps({"label": {"en": en, "de": de}, "public": public}, ensure_ascii=False)


def _data_files_4(connection: Connection) -> None:
    if "data_files" not in _columns(connection, "tables"):
        connection.execute(text("ALTER TABLE tables ADD COLUMN data_files TEXT"))


def _clock_5(connection: Connection) -> None:
    if "clock" not in _columns(connection, "tables"):
        connection.execute(text("ALTER TABLE tables ADD COLUMN clock TEXT"))


def _standins_6(connection: Connection) -> None:
    if "standins" not in _columns(connection, "tables"):
        connection.execute(text("ALTER TABLE tables ADD COLUMN standins TEXT"))


MIGRATIONS: list[Callable[[Connection], None]] = [
    _create_version_1,
    _add_public_labels_2,
    _labels_as_json_3,
    _data_files_4,
    _clock_5,
    _standins_6,
]
LATEST = len(MIGRATIONS)


def current_version(connection: Connection) -> int:
    if not inspect(connection).has_table("schema_version"):
        return 0
    found = connection.execute(select(schema_version.c.version)).scalar()
    return int(found or 0)


MIGRATION_LOCK = (0x5354, 0)
"""PostgreSQL advisory lock key held while migrating, so processes starting together migrate once."""


def migrate(connection: Connection) -> int:
    """Bring the schema up to LATEST; return the version it was at before.

    On PostgreSQL the transaction first takes an advisory lock: server processes
    starting at the same time wait for each other, and only the first migrates.
    """
    if connection.dialect.name == "postgresql":
        connection.execute(
            text("SELECT pg_advisory_xact_lock(:a, :b)"), {"a": MIGRATION_LOCK[0], "b": MIGRATION_LOCK[1]}
        )
    before = current_version(connection)
    if before == 0:
        metadata.create_all(connection, tables=[schema_version])
    for number in range(before + 1, LATEST + 1):
        MIGRATIONS[number - 1](connection)
    if before == 0:
        connection.execute(schema_version.insert().values(version=LATEST))
    elif before < LATEST:
        connection.execute(schema_version.update().values(version=LATEST))
    return before
