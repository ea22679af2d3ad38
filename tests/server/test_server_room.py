"""A room never waits for a socket: each connection has its own bounded queue and sender.

Before, `Room.act` waited for every recipient's send (up to 5 s), so one
client that did not read stalled the players; and every connect sent the
full state to everyone at the table.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import anyio

from spieltisch.server.catalog import Catalog
from spieltisch.server.connection import Client, ConnectionState
from spieltisch.server.errors import CloseCode
from spieltisch.server.room import BOT_TICK_SECONDS, LOG_LENGTH, Room, log_entries, log_entry, on_tick
from spieltisch.server.store import SeatKind, SeatRow, Store, TableRow, TableStatus
from spieltisch.server.wire import encode
from tests.core.toy_game import ToyGame

T = TypeVar("T")


def run(main: Callable[[], Awaitable[T]]) -> T:
    """Run in an event loop of its own thread: when the browser tests ran first in
    this process, playwright's loop is still set in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, main).result()


async def toy_room(folder: Path, players: int = 3) -> Room:
    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'room.sqlite3'}")
    game = Catalog({"toy": ToyGame}).load("toy", players, {})
    table = TableRow("t", "toy", players, {}, 1, TableStatus.OPEN, "", 0.0)
    seats = [SeatRow(seat, SeatKind.HUMAN, f"P{seat}") for seat in range(players)]
    await store.create_table(table, seats)
    return Room(store, table, seats, game, game.new_initial_state(), bot_delay=0.0)


class Recorder:
    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        self.texts.append(text)


def test_a_client_that_never_reads_delays_no_move_and_is_closed_when_its_queue_overflows(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[list[float], Client, list[Recorder]]:
        room = await toy_room(tmp_path)
        given_up: list[bool] = []

        async def never_returns(text: str) -> None:
            await anyio.sleep_forever()

        stalled = Client(never_returns, None, queue_limit=3)
        stalled.on_overflow = lambda: given_up.append(True)
        players = [Recorder() for _ in range(3)]
        clients = [Client(p.send, seat) for seat, p in enumerate(players)]
        durations = []
        async with anyio.create_task_group() as group:
            for client in [stalled, *clients]:
                group.start_soon(client.run_sender)
                room.join(client)
            await room.start()
            while not room.state.is_terminal():
                seat = room.state.current_player()
                began = time.perf_counter()
                await room.act(seat, 0, room.state.version)  # keep
                durations.append(time.perf_counter() - began)
            await anyio.sleep(0.05)
            group.cancel_scope.cancel()
        assert given_up == [True]
        await room.store.close()
        return durations, stalled, players

    durations, stalled, players = run(main)
    assert max(durations) < 0.5  # before: 5 s per move, waiting for the stalled send
    assert stalled.state is ConnectionState.GIVEN_UP and stalled.close_code == CloseCode.TOO_SLOW
    assert all('"status":"finished"' in p.texts[-1] for p in players)


def test_a_failing_client_is_given_up_and_the_others_still_hear(tmp_path: Path) -> None:
    async def main() -> tuple[Client, Recorder]:
        room = await toy_room(tmp_path)

        async def broken(text: str) -> None:
            raise RuntimeError("socket closed")

        failing, healthy = Client(broken, 1), Recorder()
        async with anyio.create_task_group() as group:
            for client in (failing, Client(healthy.send, 0)):
                group.start_soon(client.run_sender)
                room.join(client)
            room.broadcast()
            await anyio.sleep(0.05)
            group.cancel_scope.cancel()
        await room.store.close()
        return failing, healthy

    failing, healthy = run(main)
    assert (
        failing.state is ConnectionState.GIVEN_UP and len(healthy.texts) == 2
    )  # on joining, then the broadcast


def test_messages_written_at_once_keep_their_order_behind_ones_that_had_to_wait() -> None:
    """A socket that takes a message at once gets it without the sender task; once one had to
    wait (the socket's buffer full), the next ones queue behind it, in order."""

    async def main() -> tuple[list[str], list[str]]:
        now: list[str] = []
        queued = Recorder()
        full = False

        def send_now(text: str) -> bool:
            if not full:
                now.append(text)
            return not full

        client = Client(queued.send, 0, send_now=send_now)
        client.post("a")
        full = True
        client.post("b")
        full = False
        client.post("c")  # "b" still waits: "c" may not overtake it
        async with anyio.create_task_group() as group:
            group.start_soon(client.run_sender)
            await anyio.sleep(0.05)
            client.post("d")  # nothing waits any more
            group.cancel_scope.cancel()
        return now, queued.texts

    assert run(main) == (["a", "d"], ["b", "c"])


def test_a_socket_that_fails_to_write_at_once_is_given_up() -> None:
    def broken(text: str) -> bool:
        raise RuntimeError("socket closed")

    client = Client(Recorder().send, 0, send_now=broken)
    client.post("a")
    assert client.state is ConnectionState.GIVEN_UP and not client.pending


def test_a_connection_gets_the_full_state_and_the_others_only_learn_of_a_seat_coming_online(
    tmp_path: Path,
) -> None:
    async def main() -> dict[str, list[str]]:
        room = await toy_room(tmp_path)
        seen = {name: Recorder() for name in ("player", "watcher", "newcomer")}
        player, watcher = Client(seen["player"].send, 0), Client(seen["watcher"].send, None)
        async with anyio.create_task_group() as group:
            for client in (player, watcher):
                group.start_soon(client.run_sender)
                room.join(client)
            for _ in range(50):  # spectators come and go: nobody else hears of it
                room.join(spectator := Client(Recorder().send, None))
                room.leave(spectator)
            newcomer = Client(seen["newcomer"].send, None)
            group.start_soon(newcomer.run_sender)
            room.join(newcomer)
            before = room.seats_online()
            newcomer.seat = 1  # it said hello with seat 1's token
            room.announce_presence(before, skip=newcomer)
            await anyio.sleep(0.05)
            group.cancel_scope.cancel()
        await room.store.close()
        return {name: recorder.texts for name, recorder in seen.items()}

    texts = run(main)
    for name in ("player", "watcher"):
        assert len(texts[name]) == 2 and '"type":"state"' in texts[name][0]
        assert texts[name][1].startswith('{"type":"presence"')
    assert len(texts["newcomer"]) == 1 and '"type":"state"' in texts["newcomer"][0]


def test_each_audience_log_followed_on_is_the_log_made_afresh(tmp_path: Path) -> None:
    """A state message carries the log's entries after the state before (room._log_after), each
    encoded once; followed on from step to step, and whole, the log must equal the one made
    from the stored moves, as each seat may know them, also once the log's window of 40 moves
    slides and after a move taken back."""

    def afresh(room: Room, seat: int | None, lang: str) -> list[dict]:
        return [
            e.model_dump(mode="json") for e in log_entries(room.decisions, lambda r: log_entry(r, seat, lang))
        ]

    async def main() -> tuple[int, int]:
        store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'log.sqlite3'}")
        game = Catalog().load("allegra", 2, {})  # long enough, and moves may be taken back
        table = TableRow("log", "allegra", 2, {}, 5, TableStatus.OPEN, "", 0.0)
        seats = [SeatRow(seat, SeatKind.HUMAN, f"P{seat}") for seat in range(2)]
        await store.create_table(table, seats)
        room = Room(store, table, seats, game, game.new_initial_state(), bot_delay=0.0)
        room.drives = False
        await room.start()
        rng, checked, taken_back = random.Random(5), 0, 0
        audiences = list(itertools.product((0, 1, None), ("en", "de")))
        followed: dict[tuple[int | None, str], list[dict]] = {audience: [] for audience in audiences}
        since = dict.fromkeys(audiences, 0)
        while not room.state.is_terminal():
            seat = room.state.current_player()
            await room.act(seat, rng.choice(room.state.legal_actions()), room.version)
            if room.may_take_back(seat) and rng.random() < 0.2:
                await room.take_back(seat, room.version)
                taken_back += 1
            for audience, lang in audiences:
                made = afresh(room, audience, lang)
                assert json.loads(encode(room._log_after(audience, lang, 0)[1])) == made
                log_from, entries = room._log_after(audience, lang, since[audience, lang])
                kept = [e for e in followed[audience, lang] if e["version"] <= log_from]
                followed[audience, lang] = kept + json.loads(encode(entries))
                since[audience, lang] = room.version
                assert followed[audience, lang][-len(made) :] == made
            checked += 1
        # Moves after version 1 have left the window: a connection that far behind gets it whole.
        assert room._log_after(0, "en", 1) == room._log_after(0, "en", 0)
        await store.close()
        return checked, taken_back

    checked, taken_back = run(main)
    assert checked > LOG_LENGTH and taken_back > 0  # the window slid, moves were taken back


def test_bots_delays_end_on_a_shared_beat() -> None:
    """Bots due within one beat wake the server once: every delay ends on a multiple of the
    beat, no sooner than asked and less than a beat later."""
    ends = set()
    for now in (0.0, 1.001, 7.019, 1234.5678):
        for delay in (0.0, 0.013, 0.5, 0.8):
            waited = on_tick(delay, now)
            beats = (now + waited) / BOT_TICK_SECONDS
            assert delay - 1e-9 <= waited < delay + BOT_TICK_SECONDS
            assert abs(beats - round(beats)) < 1e-6
            ends.add(round(beats))
    assert len(ends) > 1
