"""A table in play: its state, the seats, connected clients and the bots that move.

Every change runs under the room's lock in this order: check, store in the
database, change the state in memory, then push each connection its own view.
A failed check or a failed write changes nothing.

On PostgreSQL other server processes may hold the same table: the database
refuses a move stored against a version that is no longer current, and the
room catches up from the database when another process announces a change.
Only the process that drives a table (`drives`) lets its bots move and its
clocks run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import anyio
from sqlalchemy.exc import SQLAlchemyError

from spieltisch.bots import Bot
from spieltisch.core.contract import AnyGame, IllegalActionError, State
from spieltisch.core.play import sample_chance
from spieltisch.core.record import Record, RecordError
from spieltisch.core.wording import seat_names
from spieltisch.server.catalog import FAST_BOTS, new_bot
from spieltisch.server.connection import Client
from spieltisch.server.errors import (
    ILLEGAL_ACTION,
    LANGS,
    NOT_OPEN,
    NOT_RUNNING,
    NOT_SEATED,
    NOT_YOUR_TURN,
    RATE_LIMITED,
    SEATS_OPEN,
    STALE_VERSION,
    STANDING_IN,
    STATUS_WORDS,
    STORED_FIRST,
    TableError,
    in_lang,
)
from spieltisch.server.messages import (
    ChatMessage,
    EndReasonInfo,
    FinalResult,
    LogEntry,
    PresenceMessage,
    ScoreLineInfo,
    SeatInfo,
)
from spieltisch.server.store import (
    ActionRow,
    ChatRow,
    SeatKind,
    SeatRow,
    StaleWriteError,
    Store,
    TableRow,
    TableStatus,
    Texts,
)
from spieltisch.server.wire import Fragment, encode

log = logging.getLogger("spieltisch.server")
LOG_LENGTH = 40
DATABASE_RETRY_SECONDS = 2.0
LEAVE_GRACE_SECONDS = 60.0
"""How long a person may be away on their turn before a bot plays for them."""
STANDIN_BOT = "heuristic"
CHAT_HISTORY = 50
CHAT_BURST = 5
CHAT_WINDOW_SECONDS = 10.0


def chance_rng(seed: int, version: int) -> random.Random:
    """The generator for the chance node at `version`: the same after a restart."""
    return random.Random(f"chance:{seed}:{version}")


def bot_rng(seed: int, version: int, seat: int) -> random.Random:
    return random.Random(f"bot:{seed}:{version}:{seat}")


def _per_lang(name: Callable[[str], str | None]) -> Texts | None:
    texts = {lang: name(lang) for lang in LANGS}
    return (
        None if all(t is None for t in texts.values()) else {k: v for k, v in texts.items() if v is not None}
    )


def describe_move(state: State, action: int, seat: int) -> ActionRow:
    """A move as it will be shown, asked of the state just before it: names and structs."""
    return ActionRow(
        state.version,
        action,
        seat,
        label={lang: state.action_label(action, lang) for lang in LANGS},
        public=_per_lang(lambda lang: state.public_action_label(action, lang)),
        move=state.action_struct(action),
        public_move=state.public_action_struct(action),
    )


def note_result(row: ActionRow, after: State) -> None:
    """Add what the move showed everybody, asked of the state right after it."""
    results = {lang: after.public_result(row.action, lang) for lang in LANGS}
    found = {lang: result for lang, result in results.items() if result is not None}
    row.result = found or None


def player_names(seats: list[SeatRow]) -> list[str]:
    """Each seat's player as the texts name them ("" for an open seat: named by its number)."""
    return [seat.name for seat in sorted(seats, key=lambda seat: seat.seat)]


def fill_in_old_rows(game: AnyGame, rows: list[ActionRow], names: list[str]) -> None:
    """Moves stored before structs existed get their structs and results from a replay.

    Their stored names stay as they were shown.
    """
    if all(row.move is not None for row in rows if row.seat >= 0):
        return
    with seat_names(names):
        _fill_in(game, rows)


def _fill_in(game: AnyGame, rows: list[ActionRow]) -> None:
    state = game.new_initial_state()
    for row in rows:
        fresh = describe_move(state, row.action, row.seat) if row.seat >= 0 and row.move is None else None
        try:
            state.apply_action(row.action)
        except IllegalActionError as error:
            raise RecordError(f"action {row.idx} ({row.action}) does not replay: {error}") from None
        if fresh is not None:
            note_result(fresh, state)
            row.move, row.public_move, row.result = fresh.move, fresh.public_move, fresh.result


def log_entry(row: ActionRow, seat: int | None, lang: str) -> LogEntry:
    """A move in the log as `seat` may know it.

    Only the mover learns its full name and struct: a move may carry hidden
    information (a card laid face down). Others get the game's public name and
    struct, which leave that out, or none. What the move showed everybody (a
    card turned) is the same for all.
    """
    own = row.seat == seat
    names = row.label if own else row.public
    return LogEntry(
        version=row.idx + 1,
        seat=row.seat,
        label=in_lang(names, lang) if names else None,
        move=row.move if own else row.public_move,
        result=in_lang(row.result, lang) if row.result else None,
    )


def stored_result(state: State) -> dict[str, Any]:
    """What the database keeps of a finished game (the lobby lists it)."""
    return {"scores": state.scores(), "winners": state.winners(), "returns": state.returns()}


def final_result(state: State, lang: str, names: list[str]) -> FinalResult:
    """A finished game's scores and winners, why it ended and each seat's score in its parts,
    the players named by `names`."""
    with seat_names(names):
        reason = state.end_reason(lang)
        breakdown = state.score_breakdown(lang)
    return FinalResult(
        scores=state.scores(),
        winners=state.winners(),
        returns=state.returns(),
        end_reason=EndReasonInfo(**reason.to_json()) if reason else None,
        score_breakdown=[
            [ScoreLineInfo(label=line.label, points=line.points) for line in lines] for lines in breakdown
        ],
    )


class Room:
    """One table in play: its state, seats, connections and bots; the only writer of its table."""

    def __init__(
        self,
        store: Store,
        table: TableRow,
        seats: list[SeatRow],
        game: AnyGame,
        state: State,
        bot_delay: float,
    ) -> None:
        self.store = store
        self.table = table
        self.seats = seats
        self.game = game
        self.state = state
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.chat_times: dict[int, list[float]] = {}
        self.chat_log: deque[ChatRow] = deque(maxlen=CHAT_HISTORY)
        """The latest chat, kept here so a hello reads no database."""
        self.decisions: list[ActionRow] = []
        self._log_entries: dict[tuple[int, bool, str], Fragment] = {}
        """The log's entries as sent (JSON), by move, whether the receiver made it, and language."""
        self.bots: dict[int, Bot] = {}
        self.bot_specs: dict[int, str] = {}
        """Which bot plays each of `bots` (kept while it stays the same, so its memory stays)."""
        self.drives = True
        """This process lets the bots move and the clock run (on PostgreSQL, one process per table)."""
        self.remote_online: dict[str, frozenset[int]] = {}
        """Seats connected to other server processes, per process."""
        self.on_local_presence: Callable[[Room], None] | None = None
        """Called when this process's own connected seats change (to tell the other processes)."""
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.standins: set[int] = set(table.standins)
        """People's seats a bot plays until they come back."""
        self.turn_started = time.time()
        """When the player to move got the turn (a restart gives them a fresh turn)."""
        self.offline_since: dict[int, float] = {}
        """Since when each person's seat has had no connection (absent: connected)."""
        self.last_activity = time.monotonic()
        """The last move, connection or hello; for releasing idle tables from memory."""
        self.leave_grace = LEAVE_GRACE_SECONDS
        self._tick = asyncio.Event()
        self._watched: float | None = None
        """The deadline the clock's watcher waits for (_watch_time)."""

    @classmethod
    async def load(cls, store: Store, table: TableRow, game: AnyGame, bot_delay: float) -> Room:
        """Rebuild a table from its stored actions."""
        seats = await store.get_seats(table.id)
        rows = await store.load_actions(table.id)
        fill_in_old_rows(game, rows, player_names(seats))
        record = Record(table.game, table.players, table.options, [row.action for row in rows])
        room = cls(store, table, seats, game, record.replay(game=game), bot_delay)
        room.decisions = [row for row in rows if row.seat >= 0][-LOG_LENGTH:]
        try:
            room.chat_log.extend(await store.recent_chat(table.id, CHAT_HISTORY))
        except SQLAlchemyError:
            log.warning("table %s: chat history not loaded (database error)", table.id)
        if table.status == TableStatus.RUNNING and room.state.is_terminal():
            await room._commit(None, None)  # a crash left its end unstored (older servers stored it apart)
        if table.status == TableStatus.RUNNING:
            room.make_bots()
            room.offline_since = {s.seat: room.turn_started for s in seats if s.kind == SeatKind.HUMAN}
        return room

    @property
    def id(self) -> str:
        return self.table.id

    def is_running(self) -> bool:
        return self.table.status == TableStatus.RUNNING

    def make_bots(self) -> None:
        """Bots for the bot seats and the people's seats they stand in for; a bot that
        keeps its seat stays the same object (its memory goes on)."""
        specs = {s.seat: s.bot or "random" for s in self.seats if s.kind == SeatKind.BOT}
        specs |= {seat: STANDIN_BOT for seat in self.standins if seat not in specs}
        self.bots = {
            seat: self.bots[seat] if self.bot_specs.get(seat) == spec else new_bot(spec, self.game, seat)
            for seat, spec in specs.items()
        }
        self.bot_specs = specs

    # --- what each client sees ----------------------------------------------
    def seat_list(self) -> list[SeatInfo]:
        online = {client.seat for client in self.clients}
        return [
            SeatInfo.model_construct(
                seat=s.seat,
                kind=s.kind,
                name=s.name,
                bot=s.bot,
                online=s.seat in online,
                standin=s.seat in self.standins,
            )
            for s in self.seats
        ]

    def _seat_fields(self) -> list[dict[str, Any]]:
        """The seats as `seat_list` gives them, as plain data (for the state message)."""
        online = {client.seat for client in self.clients}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "online": s.seat in online,
                "standin": s.seat in self.standins,
            }
            for s in self.seats
        ]

    def player_names(self) -> list[str]:
        return player_names(self.seats)

    def state_text(self, seat: int | None, lang: str) -> str:
        """Everything a client at `seat` gets (a StateMessage, as JSON): its own view and, on its
        turn, its legal moves, named with the players' names."""
        with seat_names(self.player_names()):
            return encode(self._state_fields(seat, lang))

    def _state_fields(self, seat: int | None, lang: str) -> dict[str, Any]:
        # Plain data, not a StateMessage: every part comes from the server itself, and building
        # and serialising the model cost more than the rest of a game step (wire.py).
        started = self.table.status != TableStatus.OPEN
        state = self.state
        to_move = state.current_player() if started else None
        legal = []
        if started and seat is not None and to_move == seat and seat not in self.bots:
            legal = [
                {"id": a, "label": state.action_label(a, lang), "move": state.action_struct(a)}
                for a in state.legal_actions()
            ]
        finished = self.table.status == TableStatus.FINISHED and state.is_terminal()
        result = final_result(state, lang, self.player_names()).model_dump(mode="json") if finished else None
        clock = self.table.clock
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.table.options,
            "clock": {"kind": clock["kind"], "seconds": clock["seconds"]},
            "deadline": self.deadline(clock_only=True),
            "status": self.table.status,
            "version": state.version if started else 0,
            "you": seat,
            "seats": self._seat_fields(),
            "to_move": to_move,
            "view": state.view(seat) if started else None,
            "legal": legal,
            "log": [self._log_entry(row, seat, lang) for row in self.decisions],
            "result": result,
            "rematch": self.table.rematch_id,
        }

    def _log_entry(self, row: ActionRow, seat: int | None, lang: str) -> Fragment:
        """A move of the log as `seat` may know it, encoded once: a stored move never changes,
        and everybody but its mover knows it alike."""
        key = (row.idx, row.seat == seat, lang)
        entry = self._log_entries.get(key)
        if entry is None:
            entry = self._log_entries[key] = Fragment(log_entry(row, seat, lang).model_dump_json())
        return entry

    def broadcast(self) -> None:
        """Queue each connection its new state (never waits for a socket); each audience's
        message (a seat or the spectators, in a language) is made once."""
        texts: dict[tuple[int | None, str], str] = {}
        for client in list(self.clients):
            key = (client.seat, client.lang)
            text = texts.get(key)
            if text is None:
                text = texts[key] = self.state_text(*key)
            client.post(text)

    def send_state(self, client: Client) -> None:
        """The full state to one connection (it connected or said hello); the others need none."""
        client.post(self.state_text(client.seat, client.lang))

    def local_online(self) -> frozenset[int]:
        """The seats connected to this process."""
        return frozenset(client.seat for client in self.clients if client.seat is not None)

    def seats_online(self) -> frozenset[int]:
        """The seats connected to any server process."""
        return self.local_online().union(*self.remote_online.values())

    def _online_changed(
        self, before: frozenset[int], local_before: frozenset[int], skip: Client | None = None
    ) -> None:
        """Note who went away or came back (for the clocks) and tell the connections."""
        now = self.seats_online()
        for seat in before - now:
            self.offline_since[seat] = time.time()
        for seat in now - before:
            self.offline_since.pop(seat, None)
        if now != before:
            self._tick.set()
        self.announce_presence(before, skip)
        if self.local_online() != local_before and self.on_local_presence is not None:
            self.on_local_presence(self)

    def hear_presence(self, origin: str, seats: frozenset[int]) -> None:
        """Another process's connected seats (none: it has none, or it is gone)."""
        before, local = self.seats_online(), self.local_online()
        if seats:
            self.remote_online[origin] = seats
        else:
            self.remote_online.pop(origin, None)
        self._online_changed(before, local)

    def announce_presence(self, before: frozenset[int], skip: Client | None = None) -> None:
        """Tell everyone a seat came online or went offline: a small message, not the state."""
        if self.seats_online() == before:
            return
        text = PresenceMessage(seats=self.seat_list()).model_dump_json()
        for client in list(self.clients):
            if client is not skip:
                client.post(text)

    def join(self, client: Client) -> None:
        self.clients.add(client)
        self.last_activity = time.monotonic()
        self.send_state(client)

    def leave(self, client: Client) -> None:
        before, local = self.seats_online(), self.local_online()
        self.clients.discard(client)
        self._online_changed(before, local)

    async def welcome(self, client: Client, seat: int | None) -> None:
        """A hello: the connection takes its seat; a person back at the table takes over from their bot."""
        before, local = self.seats_online(), self.local_online()
        self.last_activity = time.monotonic()
        if seat is not None and seat in self.standins:
            async with self.lock:
                await self.store.set_standins(self.id, sorted(self.standins - {seat}))
                self.standins.discard(seat)
                self.make_bots()
            self.broadcast()  # everyone sees the person back in their seat
        client.seat = seat  # only now: what was sent meanwhile was not yet for this seat
        self.send_state(client)
        self._online_changed(before, local, skip=client)

    # --- clocks and stand-ins -------------------------------------------------
    def deadline(self, clock_only: bool = False) -> float | None:
        """When the person to move runs out of time: their clock, or a grace period while
        they are away on their turn; None when no person is to move."""
        seat = self.state.current_player()
        if self.table.status != TableStatus.RUNNING or seat < 0 or seat in self.bots:
            return None
        found = []
        if self.table.clock["kind"] != "none":
            found.append(self.turn_started + self.table.clock["seconds"])
        if not clock_only and seat in self.offline_since:
            found.append(max(self.offline_since[seat], self.turn_started) + self.leave_grace)
        return min(found) if found else None

    def start_timer(self) -> None:
        if self.timer is None or self.timer.done():
            self.timer = asyncio.create_task(self._watch_time())

    async def _watch_time(self) -> None:
        """Give a bot the seat of a person whose time ran out or who stays away on their turn."""
        while self.table.status == TableStatus.RUNNING:
            deadline = self._watched = self.deadline()
            with anyio.move_on_after(None if deadline is None else max(0.0, deadline - time.time())):
                await self._tick.wait()
            self._tick.clear()
            deadline = self.deadline()
            if deadline is not None and time.time() >= deadline:
                try:
                    await self.stand_in(self.state.current_player())
                except SQLAlchemyError as error:
                    log.warning("table %s: stand-in not stored: %s", self.id, error.__class__.__name__)
                    await asyncio.sleep(DATABASE_RETRY_SECONDS)

    async def stand_in(self, seat: int) -> None:
        """A bot plays this person's seat until they come back (say hello with their token)."""
        async with self.lock:
            await self.store.set_standins(self.id, sorted(self.standins | {seat}))
            self.standins.add(seat)
            self.make_bots()
        self.broadcast()
        self.kick()

    # --- seats --------------------------------------------------------------
    def seat_of_token(self, token_hash: str) -> int | None:
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == token_hash:
                return seat.seat
        return None

    async def update_seat(self, seat: SeatRow, was: SeatKind) -> bool:
        """Change a seat that is still of kind `was` (another process may have changed it first)."""
        if not await self.store.update_seat(self.id, seat, was):
            await self.reread(full=True)
            return False
        self.seats[seat.seat] = seat
        return True

    # --- moves --------------------------------------------------------------
    async def start(self) -> None:
        async with self.lock:
            if self.table.status != TableStatus.OPEN:
                raise TableError(NOT_OPEN)
            if any(s.kind == SeatKind.OPEN for s in self.seats):
                raise TableError(SEATS_OPEN)
            if not await self.store.start(self.id):  # another process changed it first
                await self.reread(full=True)
                raise TableError(NOT_OPEN if self.table.status != TableStatus.OPEN else SEATS_OPEN)
            self.make_bots()
            self.table.status = TableStatus.RUNNING
            online = self.seats_online()
            humans = [s.seat for s in self.seats if s.kind == SeatKind.HUMAN and s.seat not in online]
            self.offline_since = dict.fromkeys(humans, time.time())
            await self._commit(None, None)
        self.broadcast()
        self.kick()

    async def act(self, seat: int | None, action: int, version: int) -> None:
        """A person's move: checked, stored, applied, broadcast."""
        async with self.lock:
            self._check_move(seat, action, version)
            stored = await self._commit_unless_stale(seat, action)
        self.broadcast()
        self.kick()
        if not stored:
            raise TableError(STORED_FIRST)

    async def _commit_unless_stale(self, seat: int | None, action: int) -> bool:
        """Commit; if another process stored a move first, catch up instead and return False."""
        try:
            await self._commit(seat, action)
        except StaleWriteError:
            await self.reread(full=True)
            return False
        return True

    # --- other processes ------------------------------------------------------
    async def catch_up(self, full: bool = True) -> None:
        """Adopt what other processes stored: new moves; with `full`, also seats and status."""
        async with self.lock:
            changed = await self.reread(full)
        if changed:
            self.broadcast()
            self.kick()

    async def follow(self, rows: list[ActionRow] | None, end: bool) -> None:
        """Another process stored these rows (None: too many to announce): adopt them, or
        read from the database what this process is missing."""
        async with self.lock:
            version = self.state.version
            fresh = [row for row in rows or [] if row.idx >= version]
            if rows is not None and fresh and fresh[0].idx == version:
                state = self.state.clone()
                for row in fresh:
                    state.apply_action(row.action)
                self._adopt(state, fresh)
                if end:  # the game's end: its status and result
                    await self.reread(full=True)
                changed = True
            elif rows is None or fresh:
                changed = await self.reread(full=end)
            else:
                changed = False  # read already
        if changed:
            self.broadcast()
            self.kick()

    async def reread(self, full: bool) -> bool:
        """Read what other processes stored (as catch_up), the caller holding the room's lock;
        returns whether anything changed."""
        rows = await self.store.load_actions(self.id, after=self.state.version)
        changed = False
        if rows:
            state = self.state.clone()
            for row in rows:
                state.apply_action(row.action)
            self._adopt(state, rows)
            changed = True
        if full or (rows and self.state.is_terminal()):
            table = await self.store.get_table(self.id)
            seats = await self.store.get_seats(self.id)
            if table is not None and (table != self.table or seats != self.seats):
                if self.table.status == TableStatus.OPEN and table.status == TableStatus.RUNNING:
                    online = self.seats_online()
                    humans = [s.seat for s in seats if s.kind == SeatKind.HUMAN and s.seat not in online]
                    self.offline_since = dict.fromkeys(humans, time.time())
                self.table, self.seats, self.standins = table, seats, set(table.standins)
                if table.status == TableStatus.RUNNING:
                    self.make_bots()
                self._tick.set()
                changed = True
        return changed

    def hear_chat(self, message: ChatRow) -> None:
        """A chat message written through another process."""
        self.chat_log.append(message)
        text_out = ChatMessage(**message.__dict__).model_dump_json()
        for client in list(self.clients):
            client.post(text_out)

    def _check_move(self, seat: int | None, action: int, version: int) -> None:
        if self.table.status != TableStatus.RUNNING:
            raise TableError(NOT_RUNNING, status=STATUS_WORDS[self.table.status])
        if seat is None:
            raise TableError(NOT_SEATED)
        if version != self.state.version:
            raise TableError(STALE_VERSION, current=self.state.version, given=version)
        if seat in self.standins:
            raise TableError(STANDING_IN)
        if (mover := self.state.current_player()) != seat:
            raise TableError(NOT_YOUR_TURN, name=self.seats[mover].name, seat=mover + 1)
        if not self.state.is_legal(action):
            raise TableError(ILLEGAL_ACTION, action=action)

    async def _commit(self, seat: int | None, action: int | None) -> None:
        """Store a decision and the chance outcomes after it, then adopt the new state."""
        state = self.state.clone()
        rows: list[ActionRow] = []
        if action is not None and seat is not None:
            with seat_names(self.player_names()):  # the names the log keeps for this move
                row = describe_move(state, action, seat)
                state.apply_action(action)
                note_result(row, state)
            rows.append(row)
        while state.is_chance_node():
            outcome = sample_chance(state, chance_rng(self.table.seed, state.version))
            rows.append(ActionRow(state.version, outcome, -1))
            state.apply_action(outcome)
        ends = state.is_terminal() and self.table.status == TableStatus.RUNNING
        result = stored_result(state) if ends else None
        if rows:
            # The game's end goes into the same transaction as the move that ends it.
            await self.store.append_actions(self.id, rows, result)
        elif result is not None:
            await self.store.finish(self.id, result)
        self._adopt(state, rows)
        if result is not None:
            self.table.status = TableStatus.FINISHED
            self.table.result = result

    def _adopt(self, state: State, rows: list[ActionRow]) -> None:
        """Take the state after stored rows as the table's."""
        self.state = state
        self.turn_started = time.time()
        self.last_activity = time.monotonic()
        if state.is_terminal() or self.deadline() != self._watched:  # most steps change no deadline
            self._tick.set()
        self.decisions = (self.decisions + [r for r in rows if r.seat >= 0])[-LOG_LENGTH:]
        if self.decisions and len(self._log_entries) > 4 * LOG_LENGTH:  # forget what left the log
            first = self.decisions[0].idx
            self._log_entries = {key: e for key, e in self._log_entries.items() if key[0] >= first}
        self._let_bots_observe()

    # --- bots ---------------------------------------------------------------
    def kick(self) -> None:
        """Let the bots move if one is to move, and the clock run; at most one driver per table."""
        if not self.drives:
            return
        if self.driver is None or self.driver.done():
            self.driver = asyncio.create_task(self._drive())
        if self.table.status == TableStatus.RUNNING:
            self.start_timer()

    async def _resolve_open_chance(self) -> None:
        """A chance node left open (a crash between start and its first write) is drawn now."""
        if self.table.status == TableStatus.RUNNING and self.state.is_chance_node():
            async with self.lock:
                try:
                    await self._commit(None, None)
                except StaleWriteError:
                    await self.reread(full=True)
            self.broadcast()

    def bot_to_move(self) -> int | None:
        seat = self.state.current_player()
        if self.table.status == TableStatus.RUNNING and seat in self.bots:
            return seat
        return None

    async def _drive(self) -> None:
        while True:
            try:
                await self._drive_bots()
                return
            except SQLAlchemyError as error:
                # Nothing was stored or changed; the bots try again once the database answers.
                log.warning("table %s: database error while bots move: %s", self.id, error.__class__.__name__)
                await asyncio.sleep(DATABASE_RETRY_SECONDS)

    async def _drive_bots(self) -> None:
        await self._resolve_open_chance()
        while (seat := self.bot_to_move()) is not None:
            version = self.state.version
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            action = await self._bot_choice(seat, version)
            async with self.lock:
                if self.state.version != version or seat not in self.bots or not self.drives:
                    continue  # someone moved first, or the person came back
                await self._commit_unless_stale(seat, action)
            self.broadcast()

    def _let_bots_observe(self) -> None:
        """Bots with a memory see each step, through their seat's eyes only."""
        for seat, bot in self.bots.items():
            if bot.watches_table:
                rng = bot_rng(self.table.seed, self.state.version, seat)
                bot.observe(self.state.resample_from_infostate(seat, rng))

    async def _bot_choice(self, seat: int, version: int) -> int:
        """The bot decides on a state redrawn from what its seat knows, never the true one."""
        rng = bot_rng(self.table.seed, version, seat)
        seen = self.state.resample_from_infostate(seat, rng)
        bot = self.bots[seat]
        try:
            if bot.name in FAST_BOTS:
                action = bot.choose(seen, rng)
            else:  # a searching bot thinks in a thread so the tables stay responsive
                action = await asyncio.to_thread(bot.choose, seen, rng)
        except Exception:
            log.exception("table %s: bot %s failed; playing a random move", self.id, bot.name)
            action = -1
        if not self.state.is_legal(action):
            log.warning(
                "table %s: bot %s chose %s, not legal; playing a random move", self.id, bot.name, action
            )
            action = rng.choice(self.state.legal_actions())
        return action

    async def stop(self) -> None:
        for task in (self.driver, self.timer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    # --- chat ---------------------------------------------------------------
    async def chat(self, client: Client, text: str, now: float) -> None:
        if client.seat is None:
            raise TableError(NOT_SEATED)
        # Counted per seat, not per connection: reconnecting does not refill the allowance.
        recent = [t for t in self.chat_times.get(client.seat, []) if now - t < CHAT_WINDOW_SECONDS]
        if len(recent) >= CHAT_BURST:
            raise TableError(RATE_LIMITED)
        self.chat_times[client.seat] = [*recent, now]
        message = ChatRow(client.seat, self.seats[client.seat].name, text, now)
        with anyio.CancelScope(shield=True):  # a started write finishes even if its sender leaves
            await self.store.add_chat(self.id, message)
        self.hear_chat(message)
