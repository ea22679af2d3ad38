#!/usr/bin/env python3
"""Load test: many concurrent tables over loopback websockets.

Each table has one scripted person (a websocket client playing random legal
moves at once) and bots on the other seats. Latency is measured from sending
a move to receiving the broadcast that carries it. Tables that finish are
replaced until the time is up, so the number of concurrent tables stays
constant. Only loopback addresses are used; the run ends by itself.

With --abuse, abusive clients run beside the players: connections that say
hello and never read (the server must close them, code 4008, without
slowing anyone), connect/hello/close churn, and spectators (500 by default)
watching the busy tables. The players' latency is what counts. Each churner
opens as many connections a minute as the server allows one client
(--churn-rate, 60 by default); with --churn-rate 0 they go as fast as they
can, and the server refuses what is past its allowance.

The load clients parse every message they get; past about a thousand busy
tables one process of them fills a core. --clients N shares the tables among
N load client processes (give each a core of its own, beside the server's).
They are kept cheap (uvloop, orjson, a few lines of HTTP/1.1 for the three
requests that make a table) so that a machine with two cores can show what
one server process carries.

Every load client (each new table's people, each abusive client) has a
loopback address of its own in 127.0.0.0/8, so the server it starts runs
with its default limits, and they apply to each as to a visitor of its own.

With --postgres (a PostgreSQL server; the script makes a throwaway database
on it) and --processes N, N server processes share the database and each
table's people (--people, 2 by default then) talk to different processes, so
every move travels from one process to another; with --affinity they all
talk to the process their table was made on, as behind a proxy that routes
by table (docs/nginx.conf), and each process serves its own tables. Beside the mover's own
round-trip, the time until the other people of the table see the move is
measured.

    python3 scripts/load_test.py --tables 200 --seconds 30
    python3 scripts/load_test.py --tables 200 --seconds 30 --think 1 --abuse
    python3 scripts/load_test.py --tables 200 --seconds 30 --think 1 --abuse --churn-rate 0
    python3 scripts/load_test.py --tables 2000 --warmup 40 --seconds 30 --think 1 --bot-delay 0.5 --clients 4
    python3 scripts/load_test.py --tables 100 --think 1 --processes 2 \
        --postgres postgresql://postgres@127.0.0.1:55432/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' server processes and throwaway databases
from spieltisch.server.errors import CloseCode  # noqa: E402
from tests.server.servers import Server, throwaway_database  # noqa: E402

PLAYERS, NON_READERS, CHURNERS, SPECTATORS = 1, 2, 3, 4
"""The groups of load clients, each a second byte of their loopback addresses."""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    """From sending a move to the mover's receiving the state that carries it."""
    seen_by_others: list[float] = field(default_factory=list)
    """From sending a move to another person of the table (on another process) seeing it."""
    steps: int = 0
    games: int = 0
    errors: int = 0
    measure_from: float = 0.0
    """Moves before this time (tables still starting) are not measured."""
    busy: set[str] = field(default_factory=set)
    """Tables being played now, for the abusive clients to pick from."""
    closed_slow: int = 0
    """Non-reading connections the server closed with 4008."""
    churned: int = 0
    refused: int = 0
    """Churners' connections the server refused (past the allowance)."""
    spectator_messages: int = 0
    client_cpu: float = 0.0
    """CPU seconds the players' process (this one) used: near the wall time, it is the bottleneck."""
    server_cpu: float = 0.0
    """CPU seconds the server processes used while moves were measured (after the warm-up)."""
    memory: list[int] = field(default_factory=list)
    """The server processes' resident memory (bytes): before, at the peak, after the load."""


class Refused(OSError):
    """The lobby answered a request with an error (the load client counts it and goes on)."""


class Lobby:
    """The lobby's REST API over one keep-alive HTTP/1.1 connection from one address.

    httpx cost the load client a fifth of its CPU at 2,000 tables (a client, an SSL context,
    a name look-up in a thread and a task group per table); the three requests that make a
    table need none of that."""

    def __init__(self, base: str, source: str) -> None:
        url = urlparse(base)
        self.host, self.port, self.source = url.hostname or "127.0.0.1", url.port or 80, source
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        async with asyncio.timeout(30):
            return await self._post(path, body)

    async def _post(self, path: str, body: dict[str, Any]) -> Any:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port, local_addr=(self.source, 0))
        reader, writer = self.streams
        payload = orjson.dumps(body)
        head = f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
        writer.write(f"{head}Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
        status = int((await reader.readline()).split()[1])
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        answer = orjson.loads(await reader.readexactly(length)) if length else None
        if status >= 400:
            raise Refused(f"{status} {answer}")
        return answer

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()


def text(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


def loopback(group: int, number: int) -> str:
    """The address of one load client: any 127.x.y.z reaches this machine, and the server
    counts each as a client of its own."""
    return f"127.{group}.{number // 250 % 256}.{number % 250 + 1}"


async def new_table(lobby: Lobby, args: argparse.Namespace) -> tuple[str, list[str]]:
    """A started table with `args.people` people and bots on the other seats: its id and seat tokens."""
    seats = ["open"] * args.people + [args.bot] * (args.players - args.people)
    body = {"game": args.game, "players": args.players, "seats": seats, "name": "Load"}
    table = await lobby.post("/api/tables", body)
    tokens = [table["token"]]
    for seat in range(1, args.people):
        taken = await lobby.post(f"/api/tables/{table['id']}/seats/{seat}", {"name": f"Load {seat + 1}"})
        tokens.append(taken["token"])
    await lobby.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
    return table["id"], tokens


async def play_one(
    lobby: Lobby,
    ws_bases: list[str],
    args: argparse.Namespace,
    tally: Tally,
    end: float,
    source: str,
) -> None:
    """One table to its end; seat s of it talks to the s-th of `ws_bases` (the processes, rotated)."""
    table_id, tokens = await new_table(lobby, args)
    rng = random.Random(table_id)
    sent: dict[int, float] = {}
    tally.busy.add(table_id)
    try:
        people = [
            play_table(ws_bases[seat % len(ws_bases)], source, table_id, token, sent, rng, args, tally, end)
            for seat, token in enumerate(tokens)
        ]
        if all(await asyncio.gather(*people)):
            tally.games += 1
    finally:
        tally.busy.discard(table_id)


async def play_table(
    ws_base: str,
    source: str,
    table_id: str,
    token: str,
    sent: dict[int, float],
    rng: random.Random,
    args: argparse.Namespace,
    tally: Tally,
    end: float,
) -> bool:
    """One person of a table, until the game ends (True) or the time is up. `sent` (shared by
    the table's people) holds when the move at each version was sent, so each can time when
    it saw the move."""
    async with connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22, local_addr=(source, 0)) as ws:
        await ws.send(text({"type": "hello", "token": token}))
        seen, sent_version, first = 0, -1, True
        while time.monotonic() < end:
            message = orjson.loads(await ws.recv())
            if message["type"] == "error":
                tally.errors += 1
                sent_version = -1
            if message["type"] != "state" or message["you"] is None:
                continue
            if first:  # the state after the hello: what came before is not news
                seen, first = message["version"], False
            now, measuring = time.perf_counter(), time.monotonic() >= tally.measure_from
            for version in range(seen, message["version"]):
                if version in sent and measuring:
                    mine = version == sent_version
                    (tally.latencies if mine else tally.seen_by_others).append(now - sent[version])
            if sent_version >= 0 and message["version"] > sent_version:
                sent_version = -1
            if measuring and message["you"] == 0:  # counted once per table
                tally.steps += max(0, message["version"] - seen)
            seen = max(seen, message["version"])
            if message["status"] == "finished":
                return True
            if message["legal"] and sent_version < 0:
                if args.think > 0:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
                sent_version = message["version"]
                sent[sent_version] = time.perf_counter()
                move = rng.choice(message["legal"])["id"]
                await ws.send(text({"type": "action", "action": move, "version": sent_version}))
    return False


async def keep_table_busy(
    bases: list[str], args: argparse.Namespace, tally: Tally, end: float, number: int
) -> None:
    # Each table starts at another process and spreads its people over the next ones
    # (or, with --affinity, keeps them there).
    bases = bases[number % len(bases) :] + bases[: number % len(bases)]
    ws_bases = [base.replace("http", "ws", 1) for base in bases[: 1 if args.affinity else None]]
    # Tables open one after another during the warm-up, as people arrive, not in one burst.
    await asyncio.sleep(args.warmup * 0.7 * number / max(1, args.tables))
    for table in itertools.count():
        if time.monotonic() >= end:
            return
        # Each new table's people are new visitors: an address of their own.
        source = loopback(PLAYERS, number + table * args.tables)
        lobby = Lobby(bases[0], source)
        try:
            await play_one(lobby, ws_bases, args, tally, end, source)
        except (TimeoutError, OSError, ValueError, ConnectionClosed, InvalidStatus):
            tally.errors += 1
            await asyncio.sleep(0.2)
        finally:
            lobby.close()


async def pick_table(tally: Tally, rng: random.Random, end: float) -> str | None:
    while not tally.busy and time.monotonic() < end:
        await asyncio.sleep(0.1)
    return rng.choice(sorted(tally.busy)) if tally.busy else None


async def follow_lobby(base: str, tally: Tally, end: float) -> None:
    """The abusive clients' view of which tables are busy: the lobby's running tables."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < end:
            try:
                running = (await http.get("/api/tables", params={"status": "running"})).json()
                tally.busy = {table["id"] for table in running}
            except (httpx.HTTPError, ValueError):
                pass
            await asyncio.sleep(1.0)


async def never_read(ws_base: str, tally: Tally, end: float, number: int) -> None:
    """Say hello, then read nothing: the server's queue for it overflows and it is closed."""
    rng = random.Random(f"silent:{number}")
    while time.monotonic() < end:
        table_id = await pick_table(tally, rng, end)
        if table_id is None:
            return
        try:
            # A tiny read buffer and queue, so the socket pushes back at once.
            url, source = f"{ws_base}/ws/tables/{table_id}", loopback(NON_READERS, number)
            async with connect(url, max_queue=1, max_size=2**22, local_addr=(source, 0)) as ws:
                await ws.send(text({"type": "hello"}))
                await asyncio.wait_for(ws.wait_closed(), max(0.1, end - time.monotonic()))
                if ws.close_code == CloseCode.TOO_SLOW:
                    tally.closed_slow += 1
        except (TimeoutError, OSError, ConnectionClosed, InvalidStatus):
            pass


async def churn(ws_base: str, tally: Tally, end: float, number: int, per_minute: int) -> None:
    """Connect, say hello, close: over and over, `per_minute` times a minute (0: as fast as it goes)."""
    rng = random.Random(f"churn:{number}")
    source, pause = loopback(CHURNERS, number), 60.0 / per_minute if per_minute else 0.0
    while time.monotonic() < end:
        table_id = await pick_table(tally, rng, end)
        if table_id is None:
            return
        began = time.monotonic()
        try:
            async with connect(
                f"{ws_base}/ws/tables/{table_id}", max_size=2**22, local_addr=(source, 0)
            ) as ws:
                with contextlib.suppress(ConnectionClosed):  # a refusal may come before the hello
                    await ws.send(text({"type": "hello"}))
                first = orjson.loads(await ws.recv())
            if first["type"] == "error" and first["code"] == "rate_limited":
                tally.refused += 1  # told why
            else:
                tally.churned += 1
        except InvalidStatus:  # told before: closed before the handshake completed
            tally.refused += 1
        except (OSError, ConnectionClosed):
            await asyncio.sleep(0.1)
        await asyncio.sleep(max(0.0, began + pause - time.monotonic()))


async def spectate(ws_base: str, tally: Tally, end: float, number: int) -> None:
    """Watch a busy table to its end, then another."""
    rng = random.Random(f"watch:{number}")
    while time.monotonic() < end:
        table_id = await pick_table(tally, rng, end)
        if table_id is None:
            return
        try:
            url, source = f"{ws_base}/ws/tables/{table_id}", loopback(SPECTATORS, number)
            async with connect(url, max_size=2**22, local_addr=(source, 0)) as ws:
                await ws.send(text({"type": "hello"}))
                while time.monotonic() < end:
                    message = orjson.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic()))
                    tally.spectator_messages += 1
                    if message.get("status") == "finished":
                        break
        except (TimeoutError, OSError, ConnectionClosed, InvalidStatus):
            await asyncio.sleep(0.1)


async def run(
    bases: list[str], args: argparse.Namespace, server_pids: list[int], numbers: range, start: float
) -> Tally:
    """Keep the tables numbered `numbers` busy from `start` (a monotonic time, the same in every
    load client process) through the warm-up and the measured seconds."""
    tally = Tally(measure_from=start + args.warmup)
    end = start + args.warmup + args.seconds
    watch = asyncio.create_task(watch_server(server_pids, tally, end))
    await asyncio.gather(*(keep_table_busy(bases, args, tally, end, n) for n in numbers))
    await watch
    if server_pids:  # what is left once the load has stopped and the server settled
        await asyncio.sleep(args.settle)
        tally.memory.append(rss_bytes(server_pids))
    return tally


def players_in_process(
    bases: list[str], args: argparse.Namespace, numbers: range, start: float, results: Any
) -> None:
    """One more load client process: its share of the tables; its figures go back through `results`."""
    tally = uvloop.run(run(bases, args, [], numbers, start))
    shares = (tally.latencies, tally.seen_by_others, tally.steps, tally.games, tally.errors)
    results.put((*shares, time.process_time()))


async def watch_server(pids: list[int], tally: Tally, end: float) -> None:
    """The servers' CPU time over the measured window and their memory before and at the peak."""
    if not pids:
        return
    tally.memory = [rss_bytes(pids)] * 2
    while time.monotonic() < tally.measure_from:
        tally.memory[1] = max(tally.memory[1], rss_bytes(pids))
        await asyncio.sleep(0.5)
    cpu_from = cpu_seconds(pids)
    while time.monotonic() < end:
        tally.memory[1] = max(tally.memory[1], rss_bytes(pids))
        await asyncio.sleep(min(0.5, max(0.0, end - time.monotonic())))
    tally.server_cpu = cpu_seconds(pids) - cpu_from


async def abuse(base: str, args: argparse.Namespace, seconds: float) -> Tally:
    """The abusive clients, in a process of their own (as an attacker's would be)."""
    tally = Tally()
    end = time.monotonic() + seconds
    ws_base = base.replace("http", "ws", 1)
    tasks = [follow_lobby(base, tally, end)]
    tasks += [never_read(ws_base, tally, end, n) for n in range(args.non_readers)]
    tasks += [churn(ws_base, tally, end, n, args.churn_rate) for n in range(args.churners)]
    tasks += [spectate(ws_base, tally, end, n) for n in range(args.spectators)]
    await asyncio.gather(*tasks)
    return tally


def abuse_in_process(base: str, args: argparse.Namespace, seconds: float, results: Any) -> None:
    tally = uvloop.run(abuse(base, args, seconds))
    results.put((tally.closed_slow, tally.churned, tally.refused, tally.spectator_messages))


def measure(bases: list[str], args: argparse.Namespace, server_pids: list[int]) -> None:
    """Run the players (and the abusive clients beside them) and print the figures.

    With --clients N the tables are shared among N load client processes (this one and N - 1
    more), so that the clients, which parse every message, do not become the bottleneck."""
    client_before = time.process_time()
    start = time.monotonic() + 0.5  # the other load client processes start meanwhile
    abuser, results = None, multiprocessing.Queue()
    if args.abuse:
        abuser = multiprocessing.Process(
            target=abuse_in_process, args=(bases[0], args, args.warmup + args.seconds, results)
        )
        abuser.start()
    players, shares = [], multiprocessing.Queue()
    for client in range(1, args.clients):
        numbers = range(client, args.tables, args.clients)
        process = multiprocessing.Process(
            target=players_in_process, args=(bases, args, numbers, start, shares)
        )
        process.start()
        players.append(process)
    tally = uvloop.run(run(bases, args, server_pids, range(0, args.tables, args.clients), start))
    if abuser is not None:
        tally.closed_slow, tally.churned, tally.refused, tally.spectator_messages = results.get(timeout=60)
        abuser.join(10)
    tally.client_cpu = time.process_time() - client_before
    for _ in players:
        latencies, seen, steps, games, errors, cpu = shares.get(timeout=120)
        tally.latencies += latencies
        tally.seen_by_others += seen
        tally.steps += steps
        tally.games += games
        tally.errors += errors
        tally.client_cpu += cpu
    for process in players:
        process.join(10)
    report(tally, args, tally.server_cpu if server_pids else None)


def cpu_seconds(pids: list[int]) -> float:
    """The server processes' CPU time so far (user + system), from /proc."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def rss_bytes(pids: list[int]) -> int:
    """The server processes' resident memory now, from /proc."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def report(tally: Tally, args: argparse.Namespace, server_cpu: float | None) -> None:
    lat = sorted(tally.latencies)
    if not lat:
        raise SystemExit("no moves were measured")
    pace = f"think {args.think} s, bot delay {args.bot_delay} s"
    where = f"{args.processes} processes on PostgreSQL" if args.postgres else "one process on SQLite"
    where += ", each table's people on its own process" if args.affinity and args.processes > 1 else ""
    where = f"the server at {args.url}" if args.url else where
    tables = f"{args.tables} concurrent {args.game} tables, {args.players} players ({args.people} people)"
    clients = f", {args.clients} load client processes" if args.clients > 1 else ""
    print(f"{tables}, {pace}, {where}{clients}")
    moves = f"person moves: {len(lat)} ({len(lat) / args.seconds:,.0f}/s)"
    print(f"{moves}, move-to-broadcast latency {percentiles(lat)}, over {args.seconds:.0f} s")
    if tally.seen_by_others:
        print(f"the table's other people saw each move after {percentiles(sorted(tally.seen_by_others))}")
    print(f"all steps (moves, bot moves, chance): {tally.steps / args.seconds:,.0f}/s")
    print(f"games finished: {tally.games}, errors: {tally.errors}")
    if server_cpu is not None:
        seconds = args.seconds
        print(f"server CPU: {server_cpu:.1f} s in {seconds:.0f} s ({server_cpu / seconds:.0%} of one core)")
        per_step = server_cpu / max(1, tally.steps) * 1000
        print(f"server CPU per step: {per_step:.3f} ms; load clients' CPU: {tally.client_cpu:.1f} s")
        before, peak, after = (f"{size / 2**20:.0f} MB" for size in tally.memory)
        print(f"server memory (RSS): {before} before, {peak} at the peak, {after} {args.settle:.0f} s after")
    if args.abuse:
        wall = args.seconds + args.warmup
        pace = f"{args.churn_rate} a minute each" if args.churn_rate else "unpaced"
        print(
            f"beside them: {args.non_readers} non-readers (closed with 4008: {tally.closed_slow}), "
            f"{args.churners} churners ({pace}: {tally.churned / wall:,.1f} connect/close per s let in, "
            f"{tally.refused / wall:,.1f} refused), "
            f"{args.spectators} spectators ({tally.spectator_messages:,} messages read)"
        )


def percentiles(ordered: list[float]) -> str:
    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000

    return f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {at(0.95):.1f} ms, p99 {at(0.99):.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to run (at most 600)")
    parser.add_argument("--game", default="souvenirs")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random", help="bot on the other seats")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring starts")
    parser.add_argument(
        "--settle", type=float, default=10.0, help="seconds after the load before memory is read again"
    )
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person waits to move")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds a bot waits (started server)")
    parser.add_argument(
        "--url", help="running servers on this machine, comma-separated (default: start them)"
    )
    parser.add_argument("--abuse", action="store_true", help="run abusive clients beside the players")
    parser.add_argument("--non-readers", type=int, default=20, help="with --abuse: clients that never read")
    parser.add_argument("--churners", type=int, default=20, help="with --abuse: connect/close loops")
    parser.add_argument(
        "--churn-rate",
        type=int,
        default=60,
        help="with --abuse: connections each churner opens a minute (60: the server's allowance; 0: unpaced)",
    )
    parser.add_argument("--spectators", type=int, default=500, help="with --abuse: spectators")
    parser.add_argument(
        "--postgres", help="a PostgreSQL server URL on this machine (a throwaway database is made)"
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (needs --postgres)")
    parser.add_argument(
        "--clients", type=int, default=1, help="load client processes sharing the tables (one core each)"
    )
    parser.add_argument(
        "--people", type=int, help="scripted people per table (default 1; 2 with --processes)"
    )
    parser.add_argument(
        "--affinity",
        action="store_true",
        help="a table's people all talk to the process it was made on (as a proxy routing by table)",
    )
    args = parser.parse_args()
    args.seconds = min(args.seconds, 600.0)
    args.warmup = min(args.warmup, 60.0)
    args.people = min(args.players, args.people or (2 if args.processes > 1 else 1))
    args.clients = max(1, min(args.clients, args.tables))
    # The load clients connect from addresses in 127.0.0.0/8, so the servers listen on 127.0.0.1.
    if any(urlparse(url).hostname != "127.0.0.1" for url in (args.url or "").split(",") if url):
        raise SystemExit("the load test only talks to servers on this machine, at 127.0.0.1")
    if args.postgres and urlparse(args.postgres).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test only uses a PostgreSQL server on this machine (loopback)")
    if args.processes > 1 and not args.postgres:
        raise SystemExit("--processes needs --postgres (SQLite serves one process)")
    if args.url:  # several, comma-separated: processes already running, one port each
        measure([url.rstrip("/") for url in args.url.split(",")], args, [])
        return
    with tempfile.TemporaryDirectory() as data_dir, contextlib.ExitStack() as stack:
        database_url = None
        if args.postgres:
            database_url = stack.enter_context(throwaway_database(args.postgres, "spieltisch_load"))
        # One port each, as behind a load balancer; the default limits, since each load client
        # has an address of its own. They start one after another: the first migrates alone.
        servers = [
            Server(Path(data_dir), args.bot_delay, database_url=database_url, options=())
            for _ in range(args.processes)
        ]
        try:
            for server in servers:
                server.start()
            pids = [server.process.pid for server in servers if server.process]
            measure([server.url for server in servers], args, pids)
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    main()
