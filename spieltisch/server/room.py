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
import math
import random
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import anyio
from sqlalchemy.exc import SQLAlchemyError

from spieltisch.bots import Bot
from spieltisch.core.contract import AnyGame, IllegalActionError, State
from spieltisch.core.play import sample_chance
from spieltisch.core.wording import seat_names
from spieltisch.server.catalog import FAST_BOTS, new_bot
from spieltisch.server.connection import Client
from spieltisch.server.errors import (
    ILLEGAL_ACTION,
    ILLEGAL_MOVE,
    LANGS,
    NO_TAKE_BACK,
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
from spieltisch.server.takeback import advance, follow_takeback, replay_rows, rewind, undo_row
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
BOT_TICK_SECONDS = 0.02
"""Bots move on a shared beat: a bot's delay ends on the next multiple of this after it (see
on_tick)."""


def on_tick(delay: float, now: float) -> float:
    """`delay` from `now`, lengthened to end on the bots' beat (BOT_TICK_SECONDS): the bots of
    many tables due within one beat then move in one wake-up of the server and share one
    commit, where each would wake it alone (a wake-up costs as much CPU as a small commit)."""
    return math.ceil((now + delay) / BOT_TICK_SECONDS) * BOT_TICK_SECONDS - now


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


def describe_move(state: State, action: int, seat: int, idx: int) -> ActionRow:
    """A move as it will be stored at `idx` and shown, asked of the state just before it:
    names, structs, and whether it reveals nothing (a chance event after it still forbids
    taking it back)."""
    return ActionRow(
        idx,
        action,
        seat,
        label={lang: state.action_label(action, lang) for lang in LANGS},
        public=_per_lang(lambda lang: state.public_action_label(action, lang)),
        move=state.action_struct(action),
        public_move=state.public_action_struct(action),
        joined=state.move_open(),
        undoable=state.reveals_nothing(action),
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
    if all(row.move is not None for row in rows if row.seat >= 0 and row.undoes is None):
        return
    with seat_names(names):
        _fill_in(game, rows)


def _fill_in(game: AnyGame, rows: list[ActionRow]) -> None:
    state = game.new_initial_state()
    takeback: list[ActionRow] = []
    for row in rows:
        old = row.seat >= 0 and row.undoes is None and row.move is None
        fresh = describe_move(state, row.action, row.seat, row.idx) if old else None
        state = advance(state, takeback, [row])
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
    # Made from stored moves, not checked again: validating cost more than the rest of the entry.
    return LogEntry.model_construct(
        version=row.idx + 1,
        seat=row.seat,
        label=in_lang(names, lang) if names else None,
        move=row.move if own else row.public_move,
        result=in_lang(row.result, lang) if row.result else None,
        took_back=None if row.undoes is None else row.undoes + 1,
    )


def log_moves(rows: list[ActionRow]) -> list[list[ActionRow]]:
    """The players' moves among these rows, each as its steps: one, or several (a LEVEL 8
    lay-down, its later steps `joined`). Steps whose move began before the rows (a log
    window that starts inside a move) are left out, as a part of a move is not one."""
    moves: list[list[ActionRow]] = []
    for row in rows:
        if row.seat < 0:
            continue
        if row.joined and moves and moves[-1][-1].seat == row.seat:
            moves[-1].append(row)
        elif not row.joined or moves:
            moves.append([row])
    return moves


def log_entries(rows: list[ActionRow], entry_of: Callable[[ActionRow], LogEntry]) -> list[LogEntry]:
    """The log of these rows: one entry per move (see log_moves)."""
    return [one_entry([entry_of(row) for row in steps]) for steps in log_moves(rows)]


def one_entry(steps: list[LogEntry]) -> LogEntry:
    """A move's steps as one entry: at the version after its last step, named by its first
    (a LEVEL 8 lay-down: "lay down level 3") with what its last step showed everybody (the
    groups laid), or, where that showed nothing (a lay-down given up), that step's name too."""
    first, last = steps[0], steps[-1]
    if len(steps) == 1:
        return first
    label = first.label
    if last.result is None and first.label and last.label:
        label = f"{first.label} · {last.label}"
    return LogEntry.model_construct(
        version=last.version,
        seat=first.seat,
        label=label,
        move=first.move,
        result=last.result,
        took_back=None,
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
        self.version = state.version
        """The table's version: every step stored, moves taken back and the steps that did it
        included (the state's own version counts only what stands)."""
        self.takeback: list[ActionRow] = []
        """The last moves, newest last, that could each be taken back (see takeback.py)."""
        self.decisions: list[ActionRow] = []
        self._log_entries: dict[tuple[int, int, bool, str], Fragment] = {}
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
        self.turn_before: dict[int, float] = {}
        """For each move that may be taken back (by index), when its mover's turn had started:
        taking it back gives the turn back as it was, so it never buys more time."""
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
        state, takeback = replay_rows(game, rows)
        room = cls(store, table, seats, game, state, bot_delay)
        room.version, room.takeback = len(rows), takeback
        room.decisions = [row for row in rows if row.seat >= 0][-LOG_LENGTH:]
        try:
            room.chat_log.extend(await store.recent_chat(table.id, CHAT_HISTORY))
        except SQLAlchemyError:
            log.warning("table %s: chat history not loaded (database error)", table.id)
        if table.status == TableStatus.RUNNING and room.state.is_terminal():
            await room._commit(None, [])  # a crash left its end unstored (older servers stored it apart)
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

    def state_text(self, seat: int | None, lang: str, log_from: int = 0) -> str:
        """Everything a client at `seat` gets (a StateMessage, as JSON): its own view, on its
        turn its legal moves, named with the players' names, and the log's entries after
        version `log_from` (0: the whole log; see _log_after)."""
        with seat_names(self.player_names()):
            return encode(self._state_fields(seat, lang, log_from))

    def _state_fields(self, seat: int | None, lang: str, log_from: int) -> dict[str, Any]:
        # Plain data, not a StateMessage: every part comes from the server itself, and building
        # and serialising the model cost more than the rest of a game step (wire.py).
        started = self.table.status != TableStatus.OPEN
        state = self.state
        to_move = state.current_player() if started else None
        legal = []
        if started and seat is not None and to_move == seat and seat not in self.bots:
            actions = state.legal_actions()
            # The only move, and a quiet one: a front may make it for the player.
            forced = len(actions) == 1 and state.quiet_action(actions[0])
            legal = [
                {
                    "id": a,
                    "label": state.action_label(a, lang),
                    "move": state.action_struct(a),
                    "forced": forced,
                }
                for a in actions
            ]
        log_from, log = self._log_after(seat, lang, log_from)
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
            "version": self.version if started else 0,
            "you": seat,
            "seats": self._seat_fields(),
            "to_move": to_move,
            "view": state.view(seat) if started else None,
            "legal": legal,
            "log_from": log_from,
            "log": log,
            "result": result,
            "rematch": self.table.rematch_id,
            "can_take_back": self.may_take_back(seat),
        }

    def may_take_back(self, seat: int | None) -> bool:
        """Whether `seat` may take back its last move now (see take_back)."""
        return (
            self.table.status == TableStatus.RUNNING
            and seat is not None
            and seat not in self.standins
            and bool(self.takeback)
            and self.takeback[-1].seat == seat
        )

    def _log_entry(self, steps: list[ActionRow], seat: int | None, lang: str) -> Fragment:
        """A move of the log (its steps) as `seat` may know it, encoded once: a stored move never
        changes, and everybody but its mover knows it alike."""
        key = (steps[0].idx, steps[-1].idx, steps[0].seat == seat, lang)
        entry = self._log_entries.get(key)
        if entry is None:
            made = one_entry([log_entry(row, seat, lang) for row in steps])
            entry = self._log_entries[key] = Fragment(encode(made.__dict__))
        return entry

    def _log_after(self, seat: int | None, lang: str, version: int) -> tuple[int, list[Fragment]]:
        """The log's entries after `version` as `seat` may know them (the whole log for 0), and
        the version they follow on from: `version`, or the start of a move that had begun by
        then and went on after it (a LEVEL 8 lay-down made step by step), whose entry grew, or
        0 where moves after `version` may have left the log's window (many stored at once)."""
        rows = self.decisions
        start = len(rows)
        while start and rows[start - 1].idx >= version:  # the steps after `version`
            start -= 1
        if start == 0 and len(rows) >= LOG_LENGTH:
            version = 0
        while 0 < start < len(rows) and rows[start].joined and rows[start - 1].seat == rows[start].seat:
            start -= 1  # and their move's earlier steps (log_moves groups them)
        moves = log_moves(rows[start:])
        if moves:
            version = min(version, moves[0][0].idx)
        return version, [self._log_entry(steps, seat, lang) for steps in moves]

    def _log_from(self, client: Client) -> int:
        """The version after which `client` lacks log entries: that of the last state it was
        queued, when that was for its audience (a seat or the spectators, in a language), as
        the log's entries are; otherwise 0, the whole log."""
        sent = client.log_sent
        if sent is None or sent[0] != client.seat or sent[1] != client.lang or sent[2] > self.version:
            return 0
        return sent[2]

    def broadcast(self) -> None:
        """Queue each connection its new state (never waits for a socket). A connection gets
        every state queued, in order, or is closed (connection.py), so each state brings only
        the log's entries the one before did not. Each message (an audience and the version its
        log follows on from) is made once."""
        texts: dict[tuple[int | None, str, int], str] = {}
        for client in list(self.clients):
            self._post_state(client, self._log_from(client), texts)

    def send_state(self, client: Client) -> None:
        """The state with the whole log to one connection (it connected or said hello); the
        others need none."""
        self._post_state(client, 0, {})

    def _post_state(
        self, client: Client, log_from: int, texts: dict[tuple[int | None, str, int], str]
    ) -> None:
        key = (client.seat, client.lang, log_from)
        text = texts.get(key)
        if text is None:
            text = texts[key] = self.state_text(*key)
        client.post(text)
        started = self.table.status != TableStatus.OPEN
        client.log_sent = (client.seat, client.lang, self.version if started else 0)

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
            await self._commit(None, [])
        self.broadcast()
        self.kick()

    async def act(self, seat: int | None, move: int | Mapping[str, Any], version: int) -> None:
        """A person's move, an action id or a move of several steps as data:
        checked, stored, applied, broadcast (all its steps together)."""
        async with self.lock:
            steps = self._check_move(seat, move, version)
            stored = await self._commit_unless_stale(seat, steps)
        self.broadcast()
        self.kick()
        if not stored:
            raise TableError(STORED_FIRST)

    async def take_back(self, seat: int | None, version: int) -> None:
        """A person takes back their last move: checked, stored as a step of its own, the
        state before the move restored, broadcast."""
        async with self.lock:
            self._check_table(seat, version)
            if not self.may_take_back(seat):
                raise TableError(NO_TAKE_BACK)
            row, earlier = undo_row(self.version, self.takeback[-1]), rewind(self.state)
            try:
                await self.store.append_actions(self.id, [row])
            except StaleWriteError:
                await self.reread(full=True)
                stored = False
            else:
                self._adopt(earlier, [row])
                stored = True
        self.broadcast()
        self.kick()
        if not stored:
            raise TableError(STORED_FIRST)

    async def _commit_unless_stale(self, seat: int | None, steps: list[int], by_bot: bool = False) -> bool:
        """Commit; if another process stored a move first, catch up instead and return False."""
        try:
            await self._commit(seat, steps, by_bot)
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
            version = self.version
            fresh = [row for row in rows or [] if row.idx >= version]
            if rows is not None and fresh and fresh[0].idx == version:
                self._adopt(advance(self.state, self.takeback[:], fresh), fresh)
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
        rows = await self.store.load_actions(self.id, after=self.version)
        changed = False
        if rows:
            self._adopt(advance(self.state, self.takeback[:], rows), rows)
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

    def _check_table(self, seat: int | None, version: int) -> None:
        """What a move and taking one back both need: a running table, a seat the person plays
        and the table's current version."""
        if self.table.status != TableStatus.RUNNING:
            raise TableError(NOT_RUNNING, status=STATUS_WORDS[self.table.status])
        if seat is None:
            raise TableError(NOT_SEATED)
        if version != self.version:
            raise TableError(STALE_VERSION, current=self.version, given=version)
        if seat in self.standins:
            raise TableError(STANDING_IN)

    def _check_move(self, seat: int | None, move: int | Mapping[str, Any], version: int) -> list[int]:
        """The move's steps, once it is checked to be the seat's to make and legal now."""
        self._check_table(seat, version)
        if (mover := self.state.current_player()) != seat:
            raise TableError(NOT_YOUR_TURN, name=self.seats[mover].name, seat=mover + 1)
        if not isinstance(move, Mapping):
            if not self.state.is_legal(move):
                raise TableError(ILLEGAL_ACTION, action=move)
            return [move]
        try:
            steps = self.state.move_steps(move)
        except IllegalActionError as error:
            raise TableError(ILLEGAL_MOVE, why=str(error)) from None
        self._check_steps(seat, steps)
        return steps

    def _check_steps(self, seat: int, steps: list[int]) -> None:
        """The steps a game made of a move: each legal in turn, all of one move of the seat's."""
        state = self.state.clone()
        for index, step in enumerate(steps):
            if state.current_player() != seat or (index and not state.move_open()):
                raise TableError(ILLEGAL_MOVE, why="its steps are not one move")
            try:
                state.apply_action(step)
            except IllegalActionError:
                raise TableError(ILLEGAL_ACTION, action=step) from None

    async def _commit(self, seat: int | None, steps: list[int], by_bot: bool = False) -> None:
        """Store a move (its steps: one decision, or several of one move) and the chance
        outcomes after it, then adopt the new state. A bot's move is never taken back, not even
        by the person it stood in for."""
        state = self.state.clone()
        rows: list[ActionRow] = []
        if seat is not None:
            with seat_names(self.player_names()):  # the names the log keeps for this move
                for action in steps:
                    row = describe_move(state, action, seat, self.version + len(rows))
                    state.apply_action(action)
                    note_result(row, state)
                    rows.append(row)
        while state.is_chance_node():
            idx = self.version + len(rows)
            rows.append(ActionRow(idx, sample_chance(state, chance_rng(self.table.seed, idx)), -1))
            state.apply_action(rows[-1].action)
        if rows and (by_bot or len(rows) > 1 or state.is_terminal()):  # chance followed, or the end
            rows[0].undoable = False
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
        turn_started = time.time()
        for row in rows:
            if row.undoes is not None:  # the turn as it was before the move
                turn_started = self.turn_before.get(row.undoes, turn_started)
            elif row.undoable:
                self.turn_before[row.idx] = self.turn_started
            follow_takeback(self.takeback, row)
        self.turn_started = turn_started
        if rows:
            self.version = rows[-1].idx + 1
            undoable = {row.idx for row in self.takeback}
            self.turn_before = {idx: t for idx, t in self.turn_before.items() if idx in undoable}
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
                    await self._commit(None, [])
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
            version = self.version
            if self.bot_delay > 0:
                await asyncio.sleep(on_tick(self.bot_delay, asyncio.get_running_loop().time()))
            steps = await self._bot_move(seat)
            async with self.lock:
                if self.version != version or seat not in self.bots or not self.drives:
                    continue  # someone moved first, or the person came back
                await self._commit_unless_stale(seat, steps, by_bot=True)
            self.broadcast()

    def _let_bots_observe(self) -> None:
        """Bots with a memory see each step, through their seat's eyes only."""
        for seat, bot in self.bots.items():
            if bot.watches_table:
                rng = bot_rng(self.table.seed, self.version, seat)
                bot.observe(self.state.resample_from_infostate(seat, rng))

    async def _bot_move(self, seat: int) -> list[int]:
        """The bot's move: one decision, or every step of a move of several (a LEVEL 8
        lay-down), chosen one after the other, so that it is stored and shown as one."""
        state = self.state
        steps = [await self._bot_choice(seat, state)]
        state = state.clone()
        state.apply_action(steps[-1])
        while state.move_open() and state.current_player() == seat:
            steps.append(await self._bot_choice(seat, state))
            state.apply_action(steps[-1])
        return steps

    async def _bot_choice(self, seat: int, state: State) -> int:
        """The bot decides on a state redrawn from what its seat knows, never the true one."""
        rng = bot_rng(self.table.seed, state.version, seat)
        seen = state.resample_from_infostate(seat, rng)
        bot = self.bots[seat]
        try:
            if bot.name in FAST_BOTS:
                action = bot.choose(seen, rng)
            else:  # a searching bot thinks in a thread so the tables stay responsive
                action = await asyncio.to_thread(bot.choose, seen, rng)
        except Exception:
            log.exception("table %s: bot %s failed; playing a random move", self.id, bot.name)
            action = -1
        if not state.is_legal(action):
            log.warning(
                "table %s: bot %s chose %s, not legal; playing a random move", self.id, bot.name, action
            )
            action = rng.choice(state.legal_actions())
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
