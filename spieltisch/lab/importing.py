"""Games people played on the server, into a study folder: `spieltisch import`.

Only finished tables are read: a running table's hidden cards stay in the
database. Each stored game is replayed through the engine, so its scores,
winners and length are the rules' own, and written as `spieltisch simulate`
writes a game (games.jsonl, games.csv, study.json); `spieltisch report`
then reads the folder like any other study.

A seat is marked "human" or with its bot's spec. People's names never leave
the database: each becomes "player-" and 8 hex digits of an HMAC-SHA256 of the
name (spaces and case ignored) under a salt, random for each import unless
`--salt` is given, so one name gets one pseudonym within an import (and
across imports only with the same salt, which is never written out).

The database is only read, never migrated or written.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError
from spieltisch.lab.simulation import BASE, StudySpec, resolve_game_class
from spieltisch.lab.study import COMPLETE, ResultWriter, StudyOutcome, write_study_json
from spieltisch.server import schema
from spieltisch.server.datasets import DataFile, DataSets, file_options
from spieltisch.server.errors import TableError
from spieltisch.server.settings import normalize_database_url
from spieltisch.server.store import SeatKind, TableStatus

HUMAN = "human"
"""What a person's seat is called where a bot's seat shows its spec."""
BATCH = 500
"""Tables whose seats and steps are read in one query."""


class ImportProblem(ValueError):
    """The import cannot go on (no database, an unknown option, no games); nothing was written."""


@dataclass(frozen=True)
class Filters:
    """Which finished tables to import, besides their game."""

    since: date | None = None
    """Tables made on this day (UTC) or later."""
    until: date | None = None
    """Tables made on this day (UTC) or earlier."""
    options: dict[str, Any] = field(default_factory=dict)
    """Rule options the tables must have (defaults count: target=100 matches a table left at 100)."""
    players: int | None = None
    humans_only: bool = False
    """Only tables where no seat was given to a bot."""


@dataclass
class StoredGame:
    """A finished table as stored: its rules, its seats (kind, name, bot) and its steps."""

    created_at: float
    players: int
    options: dict[str, Any]
    data_files: dict[str, dict[str, str]]
    seats: list[tuple[str, str, str | None]] = field(default_factory=list)
    steps: list[tuple[int, int, float]] = field(default_factory=list)
    """(action, seat, stored at) in order; seat -1 is chance."""

    @property
    def humans_only(self) -> bool:
        return all(kind != SeatKind.BOT for kind, _, _ in self.seats)


def database_url_of(data_dir: Path | None, url: str | None) -> str:
    """The URL to read: the server's SQLite file in `data_dir` (read-only), or `url` (synchronous drivers)."""
    if url:
        found = normalize_database_url(url)
        return found.replace("sqlite+aiosqlite://", "sqlite://", 1)
    path = (data_dir or Path(".")) / "spieltisch.sqlite3"
    if not path.is_file():
        raise ImportProblem(f"no server database in {data_dir} (spieltisch.sqlite3 not found)")
    return f"sqlite:///file:{path.resolve()}?mode=ro&uri=true"


def shown_url(url: str) -> str:
    """A database URL as it may be written down: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ValueError, SQLAlchemyError):
        return "(a database URL)"


def read_finished(url: str, game: str, filters: Filters) -> list[StoredGame]:
    """The finished tables of `game` made within the filters' days, oldest first."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            _check_schema(connection)
            return _read(connection, game, filters)
    except SQLAlchemyError as error:
        raise ImportProblem(f"cannot read the database: {error.__class__.__name__}: {error}") from None
    finally:
        engine.dispose()


def _check_schema(connection: Connection) -> None:
    version = schema.current_version(connection)
    if version != schema.LATEST:
        raise ImportProblem(
            f"the database is at schema version {version}, this spieltisch reads version {schema.LATEST}"
            + ("; run `spieltisch migrate` first" if version < schema.LATEST else "; update spieltisch")
        )


def _read(connection: Connection, game: str, filters: Filters) -> list[StoredGame]:
    tables = schema.tables
    query = select(tables).where(tables.c.game == game, tables.c.status == TableStatus.FINISHED.value)
    if filters.since:
        query = query.where(tables.c.created_at >= _day_start(filters.since))
    if filters.until:
        query = query.where(tables.c.created_at < _day_start(filters.until + timedelta(days=1)))
    if filters.players:
        query = query.where(tables.c.players == filters.players)
    rows = connection.execute(query.order_by(tables.c.created_at, tables.c.id)).all()
    games: dict[str, StoredGame] = {}
    for row in rows:
        files = row.data_files
        games[row.id] = StoredGame(
            row.created_at, row.players, json.loads(row.options), json.loads(files) if files else {}
        )
    for batch in _batches(list(games)):
        seats = schema.seats
        found = select(seats).where(seats.c.table_id.in_(batch)).order_by(seats.c.table_id, seats.c.seat)
        for seat in connection.execute(found):
            games[seat.table_id].seats.append((seat.kind, seat.name, seat.bot))
        actions = schema.actions
        steps = (
            select(actions.c.table_id, actions.c.action, actions.c.seat, actions.c.created_at)
            .where(actions.c.table_id.in_(batch))
            .order_by(actions.c.table_id, actions.c.idx)
        )
        for step in connection.execute(steps):
            games[step.table_id].steps.append((step.action, step.seat, step.created_at))
    return list(games.values())


def _day_start(day: date) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def _batches(ids: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(ids), BATCH):
        yield ids[start : start + BATCH]


class Pseudonyms:
    """ "player-" and 8 hex digits of HMAC-SHA256(salt, name): one name, one pseudonym."""

    def __init__(self, salt: str | None = None) -> None:
        self._key = (salt if salt is not None else secrets.token_hex(16)).encode("utf-8")

    def __call__(self, name: str) -> str:
        plain = " ".join(name.split()).casefold().encode("utf-8")
        return "player-" + hmac.new(self._key, plain, hashlib.sha256).hexdigest()[:8]


class Replayer:
    """Builds each table's game (data files written to a folder of its own) and replays its steps."""

    def __init__(self, cls: type[AnyGame], cache: Path) -> None:
        self.cls = cls
        self.data_sets = DataSets(None, cache)
        self._defaults: dict[int, dict[str, Any]] = {}

    def game(self, stored: StoredGame) -> AnyGame:
        files = {option: DataFile(**chosen) for option, chosen in stored.data_files.items()}
        options = self.data_sets.game_options(self.cls, "", stored.options, files)
        return self.cls(stored.players, options)

    def rules(self, stored: StoredGame, game: AnyGame) -> dict[str, Any]:
        """The table's rule options, defaults included; a data file by the name it was chosen by."""
        shown = {option: stored.options.get(option, "") for option in file_options(self.cls)}
        return {**game.options, **shown}

    def own_rules(self, players: int, rules: dict[str, Any]) -> dict[str, Any]:
        """The rules that differ from the game's defaults for `players`."""
        if players not in self._defaults:
            self._defaults[players] = self.cls(players, {}).options
        defaults = self._defaults[players]
        return {key: value for key, value in rules.items() if defaults.get(key) != value}

    @staticmethod
    def replay(game: AnyGame, stored: StoredGame) -> State:
        state: State = game.new_initial_state()
        for action, _, _ in stored.steps:
            state.apply_action(action)
        return state


def matches(rules: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """Whether the table's rules have every wanted option (a value read as text matches its text)."""
    return all(
        key in rules and str(rules[key]).lower() == str(value).lower() for key, value in wanted.items()
    )


@dataclass
class Imported:
    """An import's games and what was left out, and why."""

    results: list[dict[str, Any]]
    players: int
    options: dict[str, Any]
    found: int
    left_out: Counter[str]


def collect(
    stored_games: list[StoredGame], cls: type[AnyGame], filters: Filters, pseudonyms: Pseudonyms
) -> Imported:
    """Replay the finished tables that pass the filters, and keep the largest group of one rule set."""
    left_out: Counter[str] = Counter()
    groups: dict[str, list[tuple[StoredGame, State, dict[str, Any]]]] = {}
    with tempfile.TemporaryDirectory(prefix="spieltisch-import-") as cache:
        replayer = Replayer(cls, Path(cache))
        for stored in stored_games:
            if filters.humans_only and not stored.humans_only:
                left_out["a seat played by a bot (--humans-only)"] += 1
                continue
            try:
                game = replayer.game(stored)
            except (OptionError, TableError):
                left_out["options this version of the rules does not take"] += 1
                continue
            rules = replayer.rules(stored, game)
            _check_option_names(filters.options, rules)
            if not matches(rules, filters.options):
                left_out["other options (-o)"] += 1
                continue
            try:
                state = replayer.replay(game, stored)
            except (ValueError, IndexError, KeyError):
                left_out["does not replay with this version of the rules"] += 1
                continue
            if not state.is_terminal():
                left_out["did not reach its end when replayed"] += 1
                continue
            own = replayer.own_rules(stored.players, rules)
            key = repr((stored.players, sorted(own.items())))
            groups.setdefault(key, []).append((stored, state, own))
    if not groups:
        return Imported([], filters.players or 0, {}, len(stored_games), left_out)
    chosen = max(groups.values(), key=len)
    for group in groups.values():
        if group is not chosen:
            left_out["other players or rules than the imported games (--players, -o)"] += len(group)
    results = [game_result(n, *game, pseudonyms) for n, game in enumerate(chosen)]
    stored, _, own = chosen[0]
    return Imported(results, stored.players, own, len(stored_games), left_out)


def _check_option_names(wanted: dict[str, Any], rules: dict[str, Any]) -> None:
    unknown = [key for key in wanted if key not in rules]
    if unknown:
        raise ImportProblem(f"unknown option {unknown[0]!r}; the options are: {', '.join(rules)}")


def game_result(
    index: int, stored: StoredGame, state: State, options: dict[str, Any], pseudonyms: Pseudonyms
) -> dict[str, Any]:
    """One game as a study saves it (`options`: its rules that are not the defaults), with its seats
    as people or bots and people by pseudonym."""
    players = stored.players
    winners = state.winners()
    decisions, seconds = [0] * players, [0.0] * players
    before = None
    for _, seat, stored_at in stored.steps:
        if seat >= 0:
            decisions[seat] += 1
            seconds[seat] += stored_at - before if before is not None else 0.0
        before = stored_at
    kinds = [kind for kind, _, _ in stored.seats]
    reason = state.end_reason("en")
    return {
        "index": index,
        "seed": None,
        "variant": BASE,
        "game": state.game.name,
        "options": options,
        "bots": [(bot or "bot") if kind == SeatKind.BOT else HUMAN for kind, _, bot in stored.seats],
        "humans": [kind != SeatKind.BOT for kind in kinds],
        "players": [pseudonyms(name) if kind != SeatKind.BOT else "" for kind, name, _ in stored.seats],
        "played_on": datetime.fromtimestamp(stored.created_at, UTC).date().isoformat(),
        "scores": state.scores(),
        "winners": winners,
        "shares": [1 / len(winners) if seat in winners else 0.0 for seat in range(players)],
        "decisions": sum(decisions),
        "steps": state.version,
        "seconds": stored.steps[-1][2] - stored.steps[0][2] if stored.steps else 0.0,
        "seconds_per_move": [s / d if d else 0.0 for s, d in zip(seconds, decisions, strict=True)],
        "capped": bool(reason and reason.capped),
        "measures": {k: v for k, v in state.game.lab_measures(state).items() if not math.isnan(v)},
        "actions": state.history(),
    }


def import_study(
    url: str, game: str, filters: Filters, out_dir: Path, salt: str | None = None, command: str = ""
) -> StudyOutcome:
    """Import the finished games into `out_dir` (games.jsonl, games.csv, study.json); nothing is
    written when no game passes the filters."""
    start = time.perf_counter()
    cls = resolve_game_class(game)
    stored = read_finished(url, cls.name, filters)
    imported = collect(stored, cls, filters, Pseudonyms(salt))
    if not imported.results:
        why = "".join(f"; {n} left out: {reason}" for reason, n in imported.left_out.items())
        raise ImportProblem(
            f"no finished {cls.name} games to import ({len(stored)} finished tables found{why})"
        )
    players = imported.players
    first = tuple(imported.results[0]["bots"])
    spec = StudySpec(cls.name, players, first, len(imported.results), 0, imported.options, None, False)
    outcome = StudyOutcome(spec, planned=len(imported.results), command=command)
    outcome.source = source_facts(imported, filters, url)
    writer = ResultWriter(out_dir, players)
    try:
        for result in imported.results:
            writer.write(result)
            outcome.results.append(result)
    finally:
        writer.close()
    outcome.seconds = time.perf_counter() - start
    assert outcome.status == COMPLETE
    write_study_json(outcome, out_dir)
    return outcome


def source_facts(imported: Imported, filters: Filters, url: str) -> dict[str, Any]:
    """Where the games came from and which were left out, for study.json and the report."""
    results = imported.results
    days = sorted(r["played_on"] for r in results)
    return {
        "database": "PostgreSQL" if url.startswith("postgresql") else "SQLite",
        "finished_tables": imported.found,
        "imported": len(results),
        "human_only_games": sum(all(r["humans"]) for r in results),
        "people": len({name for r in results for name in r["players"] if name}),
        "first_day": days[0],
        "last_day": days[-1],
        "filters": {
            "since": filters.since.isoformat() if filters.since else None,
            "until": filters.until.isoformat() if filters.until else None,
            "options": filters.options,
            "players": filters.players,
            "humans_only": filters.humans_only,
        },
        "left_out": dict(imported.left_out),
    }
