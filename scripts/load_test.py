#!/usr/bin/env python3
"""Load test: many concurrent tables over loopback websockets.

Each table has one scripted person (a websocket client playing random legal
moves at once) and bots on the other seats. Latency is measured from sending
a move to receiving the broadcast that carries it. Tables that finish are
replaced until the time is up, so the number of concurrent tables stays
constant. Only loopback addresses are used; the run ends by itself.

    python3 scripts/load_test.py --tables 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    steps: int = 0
    games: int = 0
    errors: int = 0
    measure_from: float = 0.0
    """Moves before this time (tables still starting) are not measured."""


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


async def keep_table_busy(base: str, args: argparse.Namespace, tally: Tally, end: float) -> None:
    ws_base = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < end:
            try:
                await play_one(http, ws_base, args, tally, end)
            except (TimeoutError, OSError, httpx.HTTPError):
                tally.errors += 1
                await asyncio.sleep(0.2)


async def run(base: str, args: argparse.Namespace) -> Tally:
    tally = Tally(measure_from=time.monotonic() + args.warmup)
    end = time.monotonic() + args.warmup + args.seconds
    await asyncio.gather(*(keep_table_busy(base, args, tally, end) for _ in range(args.tables)))
    return tally


def start_server(port: int, data_dir: str, bot_delay: float) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "spieltisch.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--data-dir", data_dir, "--bot-delay", str(bot_delay), "--no-build",
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


def report(tally: Tally, args: argparse.Namespace) -> None:
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to run (at most 600)")
    parser.add_argument("--game", default="souvenirs")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random", help="bot on the other seats")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring starts")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person waits to move")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds a bot waits (started server)")
    parser.add_argument("--url", help="a running server on this machine (default: start one)")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 600.0)
    args.warmup = min(args.warmup, 60.0)
    if args.url and urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test only talks to a server on this machine (loopback)")
    if args.url:
        report(asyncio.run(run(args.url.rstrip("/"), args)), args)
        return
    with tempfile.TemporaryDirectory() as data_dir:
        port = free_port()
        server = start_server(port, data_dir, args.bot_delay)
        try:
            report(asyncio.run(run(f"http://127.0.0.1:{port}", args)), args)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
