"""Three server processes sharing one PostgreSQL database, as behind a load balancer.

The clients of each table are spread over the processes. Every client sees
every move once and in order and only what its seat may see; two processes
never both accept a move for one version; a process that missed
announcements catches up; and when the process driving a table's bots is
killed, another takes over within seconds and no accepted move is lost.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from spieltisch.core.contract import Game, State
from spieltisch.core.wording import seat_names
from spieltisch.server.catalog import Catalog
from spieltisch.server.cluster import TABLE_LOCKS
from spieltisch.server.datasets import DataSets
from tests.core.toy_game import ToyGame
from tests.server.cluster import (
    cluster_server,
    fresh_database,
    people_table,
    receive,
    start_all,
    stored_actions,
)
from tests.server.servers import ROOT, Server, free_port
from tests.server.show_game import ShowGame
from tests.server.test_server_secrecy import check_message, choose, game_cases, states_by_version

pytestmark = [pytest.mark.timeout(180), pytest.mark.xdist_group("cluster")]
BOT_DELAY = 0.05


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Server]]]:
    with fresh_database() as url:
        servers = [cluster_server(url, BOT_DELAY) for _ in range(3)]
        start_all(servers)  # together: one of them migrates, the others wait for it
        try:
            yield url, servers
        finally:
            for server in servers:
                server.stop()


def catalog(tmp_path: Any) -> Catalog:
    return Catalog({"toy": ToyGame, "show": ShowGame}, DataSets(None, tmp_path))


def next_state(ws: Any, into: list[dict], version: int) -> dict:
    """Read until a state at `version` or later; every message is kept in `into`."""
    while True:
        message = receive(ws)
        into.append(message)
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] >= version and message["status"] != "open":
            return message


def moves_in_order(messages: list[dict]) -> list[int]:
    """The versions of the moves a client was shown, in the order it first saw them."""
    seen: list[int] = []
    for message in messages:
        if message["type"] == "state":
            seen += [e["version"] for e in message["log"] if e["version"] not in seen]
    return seen


@dataclass
class SpreadGame:
    """A whole game played with its seats and a spectator on different processes."""

    table_id: str
    game: Game
    langs: dict[int | None, str]
    received: dict[int | None, list[dict]]


def play_spread(url: str, servers: list[Server], game: str, players: int, data: Path) -> SpreadGame:
    table_id, tokens, host = people_table(servers[0], game, players)
    rng = random.Random(7)
    langs = {seat: rng.choice(["en", "de"]) for seat in [*range(players), None]}
    received: dict[int | None, list[dict]] = {seat: [] for seat in langs}
    the_game = catalog(data).load(game, players, {})
    state: State = the_game.new_initial_state()
    history: list[int] = []
    with contextlib.ExitStack() as stack:
        # Seat s talks to process s % 3; the spectator to the one after the last seat.
        sockets = {
            seat: stack.enter_context(servers[i % 3].socket(table_id, langs[seat]))
            for i, seat in enumerate(langs)
        }
        for seat, ws in sockets.items():
            token = None if seat is None else tokens[seat]
            ws.send(json.dumps({"type": "hello", "token": token, "lang": langs[seat]}))
        latest = {seat: next_state_greeted(ws, received[seat], seat) for seat, ws in sockets.items()}
        servers[1].post(f"/api/tables/{table_id}/start", {"host_token": host})
        latest = {seat: next_state(ws, received[seat], 1) for seat, ws in sockets.items()}
        database = stack.enter_context(psycopg.connect(url, autocommit=True))
        while latest[None]["status"] != "finished":
            newer = "SELECT action FROM actions WHERE table_id = %s AND idx >= %s ORDER BY idx"
            for (action,) in database.execute(newer, (table_id, len(history))).fetchall():
                state.apply_action(action)
                history.append(action)
            mover = latest[None]["to_move"]
            move = choose(state, rng, [m["id"] for m in latest[mover]["legal"]])
            version = latest[mover]["version"]
            sockets[mover].send(json.dumps({"type": "action", "action": move, "version": version}))
            latest = {seat: next_state(ws, received[seat], version + 1) for seat, ws in sockets.items()}
    return SpreadGame(table_id, the_game, langs, received)


@pytest.fixture(scope="module")
def spread_games(
    cluster: tuple[str, list[Server]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, SpreadGame]:
    """Every game at once (each waits mostly for the servers, so together they take little longer)."""
    url, servers = cluster
    data = tmp_path_factory.mktemp("data")
    with ThreadPoolExecutor(len(game_cases())) as pool:
        played = {
            game: pool.submit(play_spread, url, servers, game, players, data)
            for game, players in game_cases()
        }
        return {game: future.result() for game, future in played.items()}


@pytest.mark.parametrize(("game", "players"), game_cases())
def test_clients_on_every_process_see_every_move_once_in_order_and_only_their_own(
    cluster: tuple[str, list[Server]], spread_games: dict[str, SpreadGame], game: str, players: int
) -> None:
    url, _ = cluster
    played = spread_games[game]
    table_id, the_game, langs, received = played.table_id, played.game, played.langs, played.received
    stored = stored_actions(url, table_id)
    history = [action for _, action, _ in stored]
    states = states_by_version(the_game, history)
    assert states[-1].is_terminal()
    every_move = [index + 1 for index, _, seat in stored if seat >= 0]
    for seat, messages in received.items():
        assert moves_in_order(messages) == every_move, seat
        versions = [m["version"] for m in messages if m["type"] == "state" and m["status"] != "open"]
        assert versions == sorted(versions), seat
        with seat_names([f"P{s}" for s in range(players)]):  # the names people_table gives
            for message in messages:
                check_message(message, seat, langs[seat], states, history)


def next_state_greeted(ws: Any, into: list[dict], seat: int | None) -> dict:
    """Read until the state that answers the hello; it is kept in `into` (what came before is not
    meant for the seat yet)."""
    while True:
        message = receive(ws)
        if message["type"] == "state" and (seat is None or message["you"] == seat):
            into.append(message)
            return message


def hello(ws: Any, token: str | None) -> dict:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return next_state_greeted(ws, [], None if token is None else 0)


def test_two_processes_accept_one_move_for_one_version(cluster: tuple[str, list[Server]]) -> None:
    """Seat 1 on two devices, connected to two processes, sends a move at the same version on both."""
    url, servers = cluster
    for _ in range(6):
        table_id, tokens, host = people_table(servers[2], "toy", 2)
        servers[2].post(f"/api/tables/{table_id}/start", {"host_token": host})
        with servers[0].socket(table_id) as first, servers[1].socket(table_id) as second:
            mine = [hello(first, tokens[0]), hello(second, tokens[0])]
            version = mine[0]["version"]
            if mine[1]["version"] < version:
                next_state(second, [], version)
            for ws, action in ((first, 0), (second, 1)):
                ws.send(json.dumps({"type": "action", "action": action, "version": version}))
            errors = [code for ws in (first, second) for code in errors_until_moved(ws, version)]
        assert errors == ["stale_version"]
        moves = [(index, seat) for index, _, seat in stored_actions(url, table_id) if seat >= 0]
        assert moves == [(version, 0)]


def errors_until_moved(ws: Any, version: int) -> list[str]:
    """The error codes a connection gets until the table has moved on (and just after)."""
    codes, moved = [], False
    with contextlib.suppress(TimeoutError):
        while True:
            message = receive(ws, timeout=0.3 if moved else 10)
            if message["type"] == "error":
                codes.append(str(message["code"]))
            moved = moved or (message["type"] == "state" and message["version"] > version)
    return codes


def test_a_rematch_asked_of_two_processes_at_once_is_one_table(cluster: tuple[str, list[Server]]) -> None:
    url, servers = cluster
    table = servers[0].post("/api/tables", {"game": "toy", "players": 2, "seats": ["random", "random"]})
    servers[0].post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
    deadline = time.monotonic() + 20
    while httpx.get(f"{servers[1].url}/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    ask = {"token": table["host_token"]}
    with ThreadPoolExecutor(2) as pool:
        asked = [pool.submit(s.post, f"/api/tables/{table['id']}/rematch", ask) for s in servers[:2]]
        ids = {future.result()["id"] for future in asked}
    assert len(ids) == 1
    with psycopg.connect(url) as database:
        found = database.execute("SELECT rematch_id FROM tables WHERE id = %s", (table["id"],)).fetchone()
        started = database.execute(
            "SELECT count(*) FROM tables WHERE rematch_of = %s AND status <> 'expired'", (table["id"],)
        ).fetchone()
    assert found == (ids.pop(),) and started == (1,)


def test_a_process_that_missed_announcements_catches_up(cluster: tuple[str, list[Server]]) -> None:
    url, servers = cluster
    table_id, tokens, host = people_table(servers[0], "toy", 2)
    servers[0].post(f"/api/tables/{table_id}/start", {"host_token": host})
    with servers[0].socket(table_id) as mover, servers[1].socket(table_id) as watcher:
        before = hello(mover, tokens[0])
        seen = next_state_greeted(watcher, [], None)
        watcher.send(json.dumps({"type": "hello", "token": tokens[1]}))
        seen = next_state(watcher, [], before["version"])
        assert servers[1].process is not None
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("NOTIFY spieltisch, 'not an announcement'")  # heard and ignored
            broken = json.dumps({"o": "1", "k": "move", "t": table_id})  # no version
            admin.execute("SELECT pg_notify('spieltisch', %s)", (broken,))
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s AND datname = current_database()",
                (f"spieltisch-listen-{servers[1].process.pid}",),
            ).fetchall()
        assert ended == [(True,)]
        mover.send(json.dumps({"type": "action", "action": 0, "version": before["version"]}))
        started = time.monotonic()
        caught_up = next_state(watcher, [], before["version"] + 1)
        assert time.monotonic() - started < 5
        assert caught_up["log"][-1]["seat"] == 0 and caught_up["to_move"] == 1 and caught_up["legal"]
        assert seen["version"] < caught_up["version"] == len(stored_actions(url, table_id))


def driver_pid(url: str, table_id: str) -> int | None:
    """The process whose lock connection holds the table's driver lock."""
    with psycopg.connect(url, autocommit=True) as admin:
        found = admin.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.classid = %s AND l.granted"
            " AND l.objid::bigint = (hashtext(%s)::bigint & 4294967295)"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            (TABLE_LOCKS, table_id),
        ).fetchone()
    return int(found[0].rsplit("-", 1)[1]) if found else None


def test_serve_workers_starts_processes_that_share_the_port_and_the_tables() -> None:
    with fresh_database() as url:
        port = free_port()
        args = [
            sys.executable, "-m", "spieltisch.cli", "serve", "--workers", "2", "--port", str(port),
            "--database-url", url, "--no-build", "--extra-game", "tests.core.toy_game:ToyGame",
        ]  # fmt: skip
        process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL)
        server = cluster_server(url, BOT_DELAY)
        server.port, server.url, server.process = port, f"http://127.0.0.1:{port}", process
        try:
            server.wait_until_up()
            deadline = time.monotonic() + 30
            while len(workers := listening_pids(url)) < 2:
                assert time.monotonic() < deadline, "the workers did not both start"
                time.sleep(0.2)
            parents = {Path(f"/proc/{pid}/stat").read_text().split()[3] for pid in workers}
            assert parents == {str(process.pid)}, (parents, process.pid)
            table_id, tokens, host = people_table(server, "toy", 2)
            server.post(f"/api/tables/{table_id}/start", {"host_token": host})
            with server.socket(table_id) as first, server.socket(table_id) as second:
                latest = [hello(first, tokens[0]), hello_seat(second, tokens[1])]
                while latest[0]["status"] != "finished":
                    mover = latest[0]["to_move"]
                    sockets = (first, second)
                    move = {"type": "action", "action": 0, "version": latest[mover]["version"]}
                    sockets[mover].send(json.dumps(move))
                    latest = [next_state(ws, [], latest[0]["version"] + 1) for ws in sockets]
        finally:
            process.terminate()
            process.wait(timeout=20)


def listening_pids(url: str) -> set[int]:
    with psycopg.connect(url, autocommit=True) as admin:
        found = admin.execute(
            "SELECT application_name FROM pg_stat_activity"
            " WHERE application_name LIKE 'spieltisch-listen-%' AND datname = current_database()"
        ).fetchall()
    return {int(name.rsplit("-", 1)[1]) for (name,) in found}


def hello_seat(ws: Any, token: str) -> dict:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return next_state_greeted(ws, [], 1)


# Kills a server: the last test of the module.
def test_killing_the_process_that_drives_the_bots_loses_no_move(cluster: tuple[str, list[Server]]) -> None:
    url, servers = cluster
    table = servers[0].post("/api/tables", {"game": "souvenirs", "players": 2, "seats": ["random", "random"]})
    table_id = table["id"]
    servers[0].post(f"/api/tables/{table_id}/start", {"host_token": table["host_token"]})
    deadline = time.monotonic() + 5
    while (pid := driver_pid(url, table_id)) is None:
        assert time.monotonic() < deadline, "nobody drives the table"
        time.sleep(0.1)
    driver = next(s for s in servers if s.process is not None and s.process.pid == pid)
    watching = [s for s in servers if s is not driver]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(s.socket(table_id)) for s in watching]
        seen: list[list[dict]] = [[] for _ in sockets]
        for ws, into in zip(sockets, seen, strict=True):
            ws.send(json.dumps({"type": "hello", "token": None}))
            next_state(ws, into, 3)  # a few bot moves made
        driver.kill()
        killed_at = time.monotonic()
        shown = [max(m["version"] for m in into if m["type"] == "state") for into in seen]
        after = next_state(sockets[0], seen[0], max(shown) + 1)
        assert time.monotonic() - killed_at < 5, "no process took over within 5 s"
        while after["status"] != "finished":
            after = next_state(sockets[0], seen[0], after["version"] + 1)
        next_state(sockets[1], seen[1], after["version"])
    stored = stored_actions(url, table_id)
    assert [index for index, _, _ in stored] == list(range(after["version"]))
    moves = [(index + 1, seat) for index, _, seat in stored if seat >= 0]
    for into in seen:  # every move shown, before the kill and after, is stored as shown
        shown_moves = {(e["version"], e["seat"]) for m in into if m["type"] == "state" for e in m["log"]}
        assert shown_moves <= set(moves)
        assert moves_in_order(into) == [version for version, _ in moves]
