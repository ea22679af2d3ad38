"""The lobby: creating tables, seats and tokens, and the rooms in memory."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from spieltisch.core.contract import AnyGame
from spieltisch.core.options import OptionError, check_json_kinds
from spieltisch.core.record import RecordError
from spieltisch.server import collector
from spieltisch.server.catalog import Catalog
from spieltisch.server.datasets import DataFile, file_options
from spieltisch.server.errors import (
    BAD_BOT,
    BAD_OPTIONS,
    BAD_SEATS,
    BAD_VERSION,
    BOT_PLAYERS,
    NO_FREE_SEAT,
    NOT_A_PERSON,
    NOT_A_PLAYER,
    NOT_FINISHED,
    NOT_FOUND,
    NOT_HOST,
    NOT_OPEN,
    NOT_RUNNING,
    SEAT_PRESENT,
    SEAT_TAKEN,
    STATUS_WORDS,
    UNAVAILABLE,
    TableError,
)
from spieltisch.server.messages import (
    CreatedTable,
    CreateTable,
    GameLog,
    RematchReply,
    ReplayStep,
    Result,
    SeatSummary,
    SeatTaken,
    TableSummary,
)
from spieltisch.server.notices import EVERY_TABLE, Notice, NoticeKind
from spieltisch.server.room import Room, fill_in_old_rows, final_result, log_entries, log_entry
from spieltisch.server.settings import Settings
from spieltisch.server.store import ActionRow, ChatRow, SeatKind, SeatRow, Store, TableRow, TableStatus
from spieltisch.server.takeback import replay_rows

if TYPE_CHECKING:
    from spieltisch.server.cluster import Cluster  # PostgreSQL only: psycopg is an optional extra


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


log = logging.getLogger("spieltisch.server")
LOBBY_CACHE_SECONDS = 1.0
RESUME_RETRY_SECONDS = 2.0
"""After a restart, how long the loading of the running tables waits for a database that is down."""


def check_host(room: Room, host_token: str) -> None:
    if not hmac.compare_digest(room.table.host_token_hash, hash_token(host_token)):
        raise TableError(NOT_HOST)


class Hub:
    """The lobby and the tables in memory: creates tables, seats people and bots, loads rooms."""

    def __init__(self, store: Store, catalog: Catalog, settings: Settings) -> None:
        self.store = store
        self.catalog = catalog
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.cluster: Cluster | None = None
        """On PostgreSQL: this process among the others sharing the database."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._loads: dict[str, asyncio.Task[Room]] = {}
        """Tables being loaded: whoever asks for one meanwhile waits for the same load."""
        self._lobby: dict[TableStatus | None, tuple[float, list[TableSummary]]] = {}

    # --- rooms ----------------------------------------------------------------
    async def room(self, table_id: str) -> Room:
        """The table in memory, loaded from the database if it is not: whoever asks for a
        table while it loads waits for the same load (a websocket simply waits)."""
        if (room := self.rooms.get(table_id)) is not None:
            return room
        loading = self._loads.get(table_id)
        if loading is None:  # tables load side by side; one table loads once
            loading = self._loads[table_id] = asyncio.create_task(self._load_into_rooms(table_id))
        return await asyncio.shield(loading)  # a caller that leaves does not end the load

    async def _load_into_rooms(self, table_id: str) -> Room:
        try:
            room = self.rooms[table_id] = await self._load(table_id)
        finally:
            del self._loads[table_id]
        if self.store.shared:  # a move announced while it loaded went unheard
            await self._catch_up(room, full=False)
        if room.is_running():  # its bots and clocks go on, whoever asked for it first
            if self.cluster is not None:
                await self.cluster.claim(table_id)  # else another process drives it, or the scan finds it
            else:
                room.kick()
        return room

    async def _load(self, table_id: str) -> Room:
        table = await self.store.get_table(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise TableError(NOT_FOUND, table=table_id[:40])
        try:
            files = {option: DataFile(**chosen) for option, chosen in table.data_files.items()}
            options = self.catalog.data_sets.game_options(
                self.catalog.game_class(table.game), table.id, table.options, files
            )
            game = self.catalog.load(table.game, table.players, options)
            return self._held(await Room.load(self.store, table, game, self.settings.bot_delay))
        except (OptionError, RecordError) as error:
            raise TableError(UNAVAILABLE, table=table_id, detail=str(error)) from None

    def _held(self, room: Room) -> Room:
        """A room as this process holds it: its settings, and on PostgreSQL its part among the
        processes."""
        room.leave_grace = self.settings.leave_grace
        if self.store.shared:  # the process holding the table's lock drives it
            room.drives = False
            room.on_local_presence = self._announce_presence
            self._in_background(self._announce_quietly(NoticeKind.WHO, room.id))
        return room

    def release_if_idle(self, room: Room) -> None:
        """Forget a finished table nobody watches; it reloads from the database when asked for."""
        if room.table.status == TableStatus.FINISHED and not room.clients and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            if self.cluster is not None:
                self._in_background(self.cluster.release(room.id))

    def _in_background(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- other processes (PostgreSQL) -------------------------------------------
    def _announce_presence(self, room: Room) -> None:
        seats = sorted(room.local_online())
        self._in_background(self._announce_quietly(NoticeKind.PRESENCE, room.id, seats=seats))

    async def _announce_quietly(self, kind: NoticeKind, table_id: str, **extra: Any) -> None:
        try:
            await self.store.announce(kind, table_id, **extra)
        except SQLAlchemyError as error:
            log.warning("table %s: %s not announced: %s", table_id, kind, error.__class__.__name__)

    def hear(self, notice: Notice) -> None:
        """An announcement from another process: the tables held here follow it."""
        if notice.origin == self.store.origin:
            return
        kind, table_id = notice.kind, notice.table_id
        if kind is NoticeKind.WHO:  # a process loaded the table (or all): say who is connected here
            for held in self.rooms.values():
                if table_id in (EVERY_TABLE, held.id) and held.local_online():
                    self._announce_presence(held)
            return
        room = self.rooms.get(table_id)
        if room is None:
            return
        if kind is NoticeKind.MOVE and notice.version > room.version:
            rows = (
                [ActionRow.from_parts(*parts) for parts in notice.rows] if notice.rows is not None else None
            )
            self._in_background(self._follow(room, rows, notice.end))
        elif kind is NoticeKind.TABLE:
            self._in_background(self._catch_up(room, full=True))
        elif kind is NoticeKind.CHAT and notice.chat is not None:
            room.hear_chat(ChatRow(**notice.chat))
        elif kind is NoticeKind.PRESENCE and notice.seats is not None:
            room.hear_presence(notice.origin, frozenset(notice.seats))

    async def _catch_up(self, room: Room, full: bool) -> None:
        try:
            await room.catch_up(full)
        except SQLAlchemyError as error:
            log.warning("table %s: not caught up: %s", room.id, error.__class__.__name__)
        self._lobby.clear()

    async def _follow(self, room: Room, rows: list[ActionRow] | None, end: bool) -> None:
        try:
            await room.follow(rows, end)
        except SQLAlchemyError as error:
            log.warning("table %s: not caught up: %s", room.id, error.__class__.__name__)
        if end:
            self._lobby.clear()

    async def catch_up_all(self) -> None:
        """After announcements may have been missed: every table held here reads what changed."""
        for room in list(self.rooms.values()):
            await self._catch_up(room, full=True)
        await self._announce_quietly(NoticeKind.WHO, EVERY_TABLE)

    async def catch_up_behind(self) -> None:
        """Tables held here whose stored version is ahead of this process catch up (a move
        whose announcement was lost)."""
        if not self.rooms:
            return
        stored = await self.store.versions(list(self.rooms))
        for table_id, version in stored.items():
            room = self.rooms.get(table_id)
            if room is not None and version > room.version and not room.lock.locked():
                await self._catch_up(room, full=True)

    def forget_processes_but(self, alive: set[str]) -> None:
        """Seats connected to processes that are gone are no longer online."""
        for room in self.rooms.values():
            for origin in [o for o in room.remote_online if o not in alive]:
                room.hear_presence(origin, frozenset())

    async def resume_running(self) -> None:
        """After a restart: load the running tables one after another, so their bots and
        clocks go on. The server answers meanwhile; a table asked for first loads at once.

        With processes sharing PostgreSQL, each takes over driverless tables by itself.
        """
        if self.store.shared:
            return
        while True:
            try:
                ids = await self.store.table_ids_with_status(TableStatus.RUNNING)
                break
            except SQLAlchemyError as error:
                log.warning("running tables not listed: %s; trying again", error.__class__.__name__)
                await asyncio.sleep(RESUME_RETRY_SECONDS)
        for table_id in ids:
            await self._resume(table_id)

    async def _resume(self, table_id: str) -> None:
        while True:
            try:
                await self.room(table_id)
                return
            except SQLAlchemyError as error:
                log.warning("table %s: not loaded: %s; trying again", table_id, error.__class__.__name__)
                await asyncio.sleep(RESUME_RETRY_SECONDS)
            except Exception as error:  # a table that cannot be loaded is left alone
                log.warning("table %s: not resumed: %s", table_id, error)
                return

    # --- expiry ---------------------------------------------------------------
    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep(time.time(), time.monotonic())
            except SQLAlchemyError as error:
                log.warning("sweep: database error: %s", error.__class__.__name__)
            collector.tidy(len(self.rooms))

    async def sweep(self, now: float, clock: float) -> tuple[list[str], list[str]]:
        """Expire open tables nobody started and running ones everybody left; release from
        memory the tables nobody watches and no bot drives. Returns (expired, released)."""
        settings = self.settings
        expired = []
        for table, moved in await self.store.stale_tables(
            now - settings.open_expiry, now - settings.abandon_expiry
        ):
            room = self.rooms.get(table.id)
            if room is not None and (room.clients or room.bot_to_move() is not None):
                continue  # watched, or bots are still playing it
            if table.status == TableStatus.RUNNING and now - moved < 3 * table.clock.get("seconds", 0):
                continue  # turn-based play over days may rest longer
            expired.append(table.id)
        if expired:
            await self.store.mark_expired(expired)
            self._lobby.clear()
        released = []
        for room in list(self.rooms.values()):
            # A finished game nobody watches has nothing left to do in memory: it goes at once.
            finished = room.table.status == TableStatus.FINISHED
            idle = finished or clock - room.last_activity >= settings.idle_release
            if room.id in expired or (idle and not room.clients and room.bot_to_move() is None):
                await room.stop()
                if room.id in expired:
                    room.table.status = TableStatus.EXPIRED
                del self.rooms[room.id]
                if self.cluster is not None:
                    await self.cluster.release(room.id)
                released.append(room.id)
        return expired, released

    async def shutdown(self) -> None:
        for task in [*self._tasks, *self._loads.values()]:  # a table still loading stays unloaded
            task.cancel()
        for room in self.rooms.values():
            await room.stop()

    # --- lobby ----------------------------------------------------------------
    def _make_game(self, request: CreateTable) -> tuple[AnyGame, dict[str, Any], dict[str, DataFile]]:
        """The requested game, the options it is shown with, and the data sets chosen for it."""
        data_sets = self.catalog.data_sets
        files: dict[str, DataFile] = {}
        written: list[Path] = []
        try:
            cls = self.catalog.game_class(request.game)
            check_json_kinds(cls.option_specs, request.options)
            shown, files = data_sets.choose(cls, request.options, request.files)
            game = self.catalog.load(
                request.game, request.players, data_sets.game_options(cls, "", shown, files, written)
            )
        except OptionError as error:
            data_sets.discard(written)
            raise TableError(BAD_OPTIONS, detail=data_sets.explain(error, files)) from None
        # Stored and shown: every option's value, data sets by name (never the server's paths).
        options = {
            name: shown.get(name, "") if name in file_options(cls) else value
            for name, value in game.options.items()
        }
        return game, options, files

    def _check_bot(self, game: str, bot: str, players: int) -> None:
        allowed = self.catalog.seat_bots(game)
        if bot not in allowed:
            raise TableError(BAD_BOT, bot=bot, allowed=", ".join(allowed))
        counts = self.catalog.bot_players(game, bot)
        if counts is not None and players not in counts:
            raise TableError(BOT_PLAYERS, bot=bot, counts=", ".join(map(str, counts)), players=players)

    async def create_table(self, request: CreateTable, join_url: Callable[[str], str]) -> CreatedTable:
        """A new open table; `join_url` makes the address people join it by from its id."""
        game, options, files = self._make_game(request)
        kinds = list(request.seats) + [SeatKind.OPEN] * (game.num_players - len(request.seats))
        if len(kinds) != game.num_players:
            raise TableError(BAD_SEATS, given=len(request.seats), players=game.num_players)
        seats = []
        for number, kind in enumerate(kinds):
            if kind == SeatKind.OPEN:
                seats.append(SeatRow(number, SeatKind.OPEN, ""))
            else:
                self._check_bot(game.name, kind, game.num_players)
                seats.append(SeatRow(number, SeatKind.BOT, f"Bot {number + 1}", kind))
        host_token, taken = new_token(), None
        if request.name is not None and SeatKind.OPEN in kinds:  # stored taken, with the table
            taken = SeatTaken(seat=kinds.index(SeatKind.OPEN), token=new_token())
            token_hash = hash_token(taken.token)
            seats[taken.seat] = SeatRow(taken.seat, SeatKind.HUMAN, request.name, None, token_hash)
        table = await self._store_new_table(
            game, options, files, seats, hash_token(host_token), None, request.clock.model_dump()
        )
        reply = CreatedTable(id=table.id, host_token=host_token, join_url=join_url(table.id))
        if taken is not None:
            reply.seat, reply.token = taken.seat, taken.token
        self._lobby.clear()  # the lobby lists it at once
        return reply

    async def _store_new_table(
        self,
        game: AnyGame,
        options: dict[str, Any],
        files: dict[str, DataFile],
        seats: list[SeatRow],
        host_token_hash: str,
        rematch_of: str | None,
        clock: dict[str, Any],
    ) -> TableRow:
        table = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.name,
            players=game.num_players,
            options=options,
            data_files={option: chosen.to_json() for option, chosen in files.items()},
            clock=clock,
            seed=secrets.randbits(62),
            status=TableStatus.OPEN,
            host_token_hash=host_token_hash,
            created_at=time.time(),
            rematch_of=rematch_of,
        )
        await self.store.create_table(table, seats)
        # Held at once, as loading it would make it: whoever comes first reads no database.
        room = Room(self.store, table, [*seats], game, game.new_initial_state(), self.settings.bot_delay)
        self.rooms.setdefault(table.id, self._held(room))
        return table

    async def take_seat(self, table_id: str, seat: int, name: str) -> SeatTaken:
        room = await self.room(table_id)
        token = new_token()
        async with room.lock:
            if room.table.status != TableStatus.OPEN:
                raise TableError(NOT_OPEN)
            taken = SeatRow(seat, SeatKind.HUMAN, name, None, hash_token(token))
            if not 0 <= seat < len(room.seats) or room.seats[seat].kind != SeatKind.OPEN:
                raise TableError(SEAT_TAKEN, seat=seat + 1)
            if not await room.update_seat(taken, SeatKind.OPEN):  # taken through another process
                raise TableError(SEAT_TAKEN, seat=seat + 1)
        self._lobby.clear()
        room.broadcast()
        return SeatTaken(seat=seat, token=token)

    async def add_bots(self, table_id: str, host_token: str, bot: str, seat: int | None) -> None:
        room = await self.room(table_id)
        check_host(room, host_token)
        self._check_bot(room.game.name, bot, room.game.num_players)
        async with room.lock:
            if room.table.status != TableStatus.OPEN:
                raise TableError(NOT_OPEN)
            targets = [s for s in room.seats if s.kind == SeatKind.OPEN and seat in (None, s.seat)]
            if not targets:
                raise TableError(NO_FREE_SEAT)
            for target in targets:  # a seat taken meanwhile through another process stays taken
                await room.update_seat(
                    SeatRow(target.seat, SeatKind.BOT, f"Bot {target.seat + 1}", bot), SeatKind.OPEN
                )
        self._lobby.clear()
        room.broadcast()

    async def replace_with_bot(self, table_id: str, host_token: str, seat: int, bot: str) -> None:
        """The host gives an absent person's seat to a bot for the rest of the game."""
        room = await self.room(table_id)
        check_host(room, host_token)
        self._check_bot(room.game.name, bot, room.game.num_players)
        async with room.lock:
            if room.table.status != TableStatus.RUNNING:
                raise TableError(NOT_RUNNING, status=STATUS_WORDS[room.table.status])
            if not 0 <= seat < len(room.seats) or room.seats[seat].kind != SeatKind.HUMAN:
                raise TableError(NOT_A_PERSON, seat=seat + 1)
            if seat in room.seats_online():
                raise TableError(SEAT_PRESENT, seat=seat + 1)
            if not await room.update_seat(
                SeatRow(seat, SeatKind.BOT, f"Bot {seat + 1}", bot), SeatKind.HUMAN
            ):
                raise TableError(NOT_A_PERSON, seat=seat + 1)
            if seat in room.standins:
                await self.store.set_standins(room.id, sorted(room.standins - {seat}))
                room.standins.discard(seat)
            room.make_bots()
        room.broadcast()
        room.kick()

    async def start(self, table_id: str, host_token: str) -> None:
        room = await self.room(table_id)
        check_host(room, host_token)
        await room.start()
        self._lobby.clear()
        if self.cluster is not None:
            await self.cluster.claim(room.id)

    async def rematch(self, table_id: str, token: str) -> RematchReply:
        """The same game again with the same people, bots and tokens; it starts at once."""
        room = await self.room(table_id)
        token_hash = hash_token(token)
        seat = room.seat_of_token(token_hash)
        if seat is None and not hmac.compare_digest(room.table.host_token_hash, token_hash):
            raise TableError(NOT_A_PLAYER)
        if room.table.status != TableStatus.FINISHED:
            raise TableError(NOT_FINISHED)
        async with room.lock:
            if room.table.rematch_id is None:
                seats = [SeatRow(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in room.seats]
                files = {option: DataFile(**chosen) for option, chosen in room.table.data_files.items()}
                table = await self._store_new_table(
                    room.game,
                    room.table.options,
                    files,
                    seats,
                    room.table.host_token_hash,
                    room.id,
                    room.table.clock,
                )
                if await self.store.set_rematch(room.id, table.id):
                    room.table.rematch_id = table.id
                    await (await self.room(table.id)).start()
                else:  # another process made the rematch first: that one it is
                    await self.store.set_status(table.id, TableStatus.EXPIRED)
                    await room.reread(full=True)
                self._lobby.clear()
        room.broadcast()
        assert room.table.rematch_id is not None
        return RematchReply(id=room.table.rematch_id, seat=seat)

    # --- reading --------------------------------------------------------------
    async def lobby(self, status: TableStatus | None, now: float) -> list[TableSummary]:
        """The newest 100 tables: one query, kept for LOBBY_CACHE_SECONDS, so a full lobby costs little."""
        cached = self._lobby.get(status)
        if cached is not None and now - cached[0] < LOBBY_CACHE_SECONDS:
            return cached[1]
        listed = [summarize(table, seats) for table, seats in await self.store.list_tables_with_seats(status)]
        self._lobby[status] = (now, listed)
        return listed

    async def summary(self, table: TableRow) -> TableSummary:
        room = self.rooms.get(table.id)
        seats = room.seats if room else await self.store.get_seats(table.id)
        return summarize(room.table if room else table, seats)

    async def full_log(self, table_id: str, token: str | None, lang: str = "en") -> GameLog:
        """The whole log as `token`'s seat (or a spectator) knows it: the state message
        carries only the last moves."""
        room = await self.room(table_id)
        seat = room.seat_of_token(hash_token(token)) if token else None
        rows = await self.store.load_actions(table_id)
        fill_in_old_rows(room.game, rows, room.player_names())
        return GameLog(log=log_entries(rows, lambda row: log_entry(row, seat, lang)))

    async def replay_step(
        self, table_id: str, version: int, token: str | None, lang: str = "en"
    ) -> ReplayStep:
        """A finished game as `token`'s seat (or a spectator) saw it after `version` steps."""
        room = await self.room(table_id)
        if room.table.status != TableStatus.FINISHED:
            raise TableError(NOT_FINISHED)
        seat = room.seat_of_token(hash_token(token)) if token else None
        rows = await self.store.load_actions(table_id)
        if not 0 <= version <= len(rows):
            raise TableError(BAD_VERSION, last=len(rows))
        fill_in_old_rows(room.game, rows, room.player_names())
        state, _ = replay_rows(room.game, rows[:version])
        entries = log_entries(rows, lambda row: log_entry(row, seat, lang))
        return ReplayStep(
            version=version,
            last_version=len(rows),
            you=seat,
            to_move=state.current_player(),
            view=dict(state.view(seat)),
            steps=[entry.version for entry in entries],
            moves=entries,
            log=[e for e in entries if e.version <= version][-10:],
            result=final_result(state, lang, room.player_names()) if state.is_terminal() else None,
        )


def summarize(table: TableRow, seats: list[SeatRow]) -> TableSummary:
    """A table as the lobby lists it."""
    return TableSummary(
        id=table.id,
        game=table.game,
        players=table.players,
        options=table.options,
        status=table.status,
        created_at=table.created_at,
        seats=[SeatSummary(seat=s.seat, kind=s.kind, name=s.name, bot=s.bot) for s in seats],
        result=Result(**table.result) if table.result else None,
        rematch_of=table.rematch_of,
        rematch_id=table.rematch_id,
    )
