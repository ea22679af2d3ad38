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
watching the busy tables. The players' latency is what counts.

    python3 scripts/load_test.py --tables 200 --seconds 30
    python3 scripts/load_test.py --tables 200 --seconds 30 --think 1 --abuse
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
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
    spectator_messages: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def new_table(http: httpx.AsyncClient, game: str, players: int, bot: str) -> tuple[str, str]:
    body = {"game": game, "players": players, "seats": ["open"] + [bot] * (players - 1), "name": "Load"}
    table = (await http.post("/api/tables", json=body)).json()
    await http.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    return table["id"], table["token"]


async def play_one(
    http: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, tally: Tally, end: float
) -> None:
    table_id, token = await new_table(http, args.game, args.players, args.bot)
    rng = random.Random(table_id)
    tally.busy.add(table_id)
    try:
        await play_table(ws_base, table_id, token, rng, args, tally, end)
    finally:
        tally.busy.discard(table_id)


async def play_table(
    ws_base: str,
    table_id: str,
    token: str,
    rng: random.Random,
    args: argparse.Namespace,
    tally: Tally,
    end: float,
) -> None:
    async with connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        seen, sent_at, sent_version = 0, 0.0, -1
        while time.monotonic() < end:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                tally.errors += 1
                sent_version = -1
            if message["type"] != "state" or message["you"] is None:
                continue
            if sent_version >= 0 and message["version"] > sent_version:
                if time.monotonic() >= tally.measure_from:
                    tally.latencies.append(time.perf_counter() - sent_at)
                sent_version = -1
            if time.monotonic() >= tally.measure_from:
                tally.steps += max(0, message["version"] - seen)
            seen = max(seen, message["version"])
            if message["status"] == "finished":
                tally.games += 1
                return
            if message["legal"] and sent_version < 0:
                if args.think > 0:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
                sent_version, sent_at = message["version"], time.perf_counter()
                move = rng.choice(message["legal"])["id"]
                await ws.send(json.dumps({"type": "action", "action": move, "version": sent_version}))


async def keep_table_busy(base: str, args: argparse.Namespace, tally: Tally, end: float, number: int) -> None:
    ws_base = base.replace("http", "ws", 1)
    # Tables open one after another during the warm-up, as people arrive, not in one burst.
    await asyncio.sleep(args.warmup * 0.7 * number / max(1, args.tables))
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < end:
            try:
                await play_one(http, ws_base, args, tally, end)
            except (TimeoutError, OSError, httpx.HTTPError):
                tally.errors += 1
                await asyncio.sleep(0.2)


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
            async with connect(f"{ws_base}/ws/tables/{table_id}", max_queue=1, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                await asyncio.wait_for(ws.wait_closed(), max(0.1, end - time.monotonic()))
                if ws.close_code == 4008:
                    tally.closed_slow += 1
        except (TimeoutError, OSError, ConnectionClosed):
            pass


async def churn(ws_base: str, tally: Tally, end: float, number: int) -> None:
    """Connect, say hello, close: over and over."""
    rng = random.Random(f"churn:{number}")
    while time.monotonic() < end:
        table_id = await pick_table(tally, rng, end)
        if table_id is None:
            return
        try:
            async with connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello"}))
            tally.churned += 1
        except (OSError, ConnectionClosed):
            await asyncio.sleep(0.1)


async def spectate(ws_base: str, tally: Tally, end: float, number: int) -> None:
    """Watch a busy table to its end, then another."""
    rng = random.Random(f"watch:{number}")
    while time.monotonic() < end:
        table_id = await pick_table(tally, rng, end)
        if table_id is None:
            return
        try:
            async with connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                while time.monotonic() < end:
                    message = json.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic()))
                    tally.spectator_messages += 1
                    if message.get("status") == "finished":
                        break
        except (TimeoutError, OSError, ConnectionClosed):
            await asyncio.sleep(0.1)


async def run(base: str, args: argparse.Namespace) -> Tally:
    tally = Tally(measure_from=time.monotonic() + args.warmup)
    end = time.monotonic() + args.warmup + args.seconds
    await asyncio.gather(*(keep_table_busy(base, args, tally, end, n) for n in range(args.tables)))
    return tally


async def abuse(base: str, args: argparse.Namespace, seconds: float) -> Tally:
    """The abusive clients, in a process of their own (as an attacker's would be)."""
    tally = Tally()
    end = time.monotonic() + seconds
    ws_base = base.replace("http", "ws", 1)
    tasks = [follow_lobby(base, tally, end)]
    tasks += [never_read(ws_base, tally, end, n) for n in range(args.non_readers)]
    tasks += [churn(ws_base, tally, end, n) for n in range(args.churners)]
    tasks += [spectate(ws_base, tally, end, n) for n in range(args.spectators)]
    await asyncio.gather(*tasks)
    return tally


def abuse_in_process(base: str, args: argparse.Namespace, seconds: float, results: Any) -> None:
    tally = asyncio.run(abuse(base, args, seconds))
    results.put((tally.closed_slow, tally.churned, tally.spectator_messages))


def measure(base: str, args: argparse.Namespace, server_pid: int | None) -> None:
    """Run the players (and the abusive clients beside them) and print the figures."""
    cpu_before = cpu_seconds(server_pid)
    abuser, results = None, multiprocessing.Queue()
    if args.abuse:
        abuser = multiprocessing.Process(
            target=abuse_in_process, args=(base, args, args.warmup + args.seconds, results)
        )
        abuser.start()
    tally = asyncio.run(run(base, args))
    if abuser is not None:
        tally.closed_slow, tally.churned, tally.spectator_messages = results.get(timeout=60)
        abuser.join(10)
    cpu = cpu_seconds(server_pid) - cpu_before
    report(tally, args, cpu if server_pid else None)


def cpu_seconds(pid: int | None) -> float:
    """The server process's CPU time so far (user + system), from /proc."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, data_dir: str, bot_delay: float) -> subprocess.Popen[bytes]:
    # Every client here shares one address (loopback), so the per-client limits are lifted.
    command = [
        sys.executable, "-m", "spieltisch.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--data-dir", data_dir, "--bot-delay", str(bot_delay), "--no-build",
        "--tables-per-minute", "1000000", "--connections-per-client", "100000",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def report(tally: Tally, args: argparse.Namespace, server_cpu: float | None) -> None:
    lat = sorted(tally.latencies)
    if not lat:
        raise SystemExit("no moves were measured")
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    pace = f"think {args.think} s, bot delay {args.bot_delay} s"
    print(f"{args.tables} concurrent {args.game} tables, {args.players} players ({args.bot} bots), {pace}")
    moves = f"person moves: {len(lat)} ({len(lat) / args.seconds:,.0f}/s)"
    print(f"{moves}, move-to-broadcast latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, over {args.seconds:.0f} s")
    print(f"all steps (moves, bot moves, chance): {tally.steps / args.seconds:,.0f}/s")
    print(f"games finished: {tally.games}, errors: {tally.errors}")
    if server_cpu is not None:
        wall = args.seconds + args.warmup
        print(f"server CPU: {server_cpu:.1f} s in {wall:.0f} s ({server_cpu / wall:.0%} of one core)")
    if args.abuse:
        churn_rate = tally.churned / (args.seconds + args.warmup)
        print(
            f"beside them: {args.non_readers} non-readers (closed with 4008: {tally.closed_slow}), "
            f"{args.churners} churners ({churn_rate:,.0f} connect/close per s), "
            f"{args.spectators} spectators ({tally.spectator_messages:,} messages read)"
        )


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
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person waits to move")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds a bot waits (started server)")
    parser.add_argument("--url", help="a running server on this machine (default: start one)")
    parser.add_argument("--abuse", action="store_true", help="run abusive clients beside the players")
    parser.add_argument("--non-readers", type=int, default=20, help="with --abuse: clients that never read")
    parser.add_argument("--churners", type=int, default=20, help="with --abuse: connect/close loops")
    parser.add_argument("--spectators", type=int, default=500, help="with --abuse: spectators")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 600.0)
    args.warmup = min(args.warmup, 60.0)
    if args.url and urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test only talks to a server on this machine (loopback)")
    if args.url:
        measure(args.url.rstrip("/"), args, None)
        return
    with tempfile.TemporaryDirectory() as data_dir:
        port = free_port()
        server = start_server(port, data_dir, args.bot_delay)
        try:
            measure(f"http://127.0.0.1:{port}", args, server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
