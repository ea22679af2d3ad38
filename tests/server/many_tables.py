"""A data folder full of running tables, built quickly: for the restart tests.

Tables are made and played through the server's own Hub and Room in this
process (no sockets), so every stored move is exactly what a real server
stores; a server process started on the folder afterwards finds them as a
killed server would have left them.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from spieltisch.core.contract import State
from spieltisch.core.registry import game_class, game_names
from spieltisch.server.catalog import Catalog
from spieltisch.server.datasets import DataSets
from spieltisch.server.hub import Hub
from spieltisch.server.messages import CreateTable
from spieltisch.server.room import Room
from spieltisch.server.settings import Settings
from spieltisch.server.store import ActionRow, Store
from tests.server.servers import run_apart


@dataclass
class BuiltTable:
    id: str
    game: str
    bots: bool
    """Every seat a bot (they go on by themselves after a restart); else every seat a person."""
    tokens: list[str]
    """The people's seat tokens, by seat."""


def build_running_tables(
    data_dir: Path, tables: int, moves: int, bot_share: float = 0.25
) -> list[BuiltTable]:
    """`tables` running tables of the registered games in turn, each `moves` player moves
    into its game (fewer where the game would end sooner); about `bot_share` of them bots
    only, 40 moves into their game at most."""
    return run_apart(_build(data_dir, tables, moves, bot_share))


async def _build(data_dir: Path, tables: int, moves: int, bot_share: float) -> list[BuiltTable]:
    settings = Settings(data_dir=data_dir, bot_delay=0.0, tables_per_minute=0)
    store = await Store.open(settings.resolved_database_url())
    hub = Hub(store, Catalog(data_sets=DataSets(None, data_dir / "data-sets")), settings)
    names = game_names()
    every = round(1 / bot_share) if bot_share > 0 else 0
    try:
        built = [
            await _running_table(hub, names[n % len(names)], bots=every > 0 and n % every == every - 1)
            for n in range(tables)
        ]
        rng = random.Random(7)
        rooms = [await hub.room(table.id) for table in built]
        # Bots' tables stay far from their end, so their bots have a game to go on with.
        await asyncio.gather(*(_play(room, min(moves, 40) if room.bots else moves, rng) for room in rooms))
        await hub.shutdown()
    finally:
        await store.close()
    return built


async def _running_table(hub: Hub, game: str, bots: bool) -> BuiltTable:
    players = game_class(game).max_players
    request = CreateTable(game=game, players=players, seats=["random"] * players if bots else [])
    created = await hub.create_table(request, lambda table_id: table_id)
    people = [] if bots else range(players)
    tokens = [(await hub.take_seat(created.id, seat, f"P{seat}")).token for seat in people]
    (await hub.room(created.id)).drives = False  # the moves below are played here, not by the bots
    await hub.start(created.id, created.host_token)
    return BuiltTable(created.id, game, bots, tokens)


class _Held:
    """Stands in for the store while a table is played here: keeps its rows, to be written
    in one go (the same rows, far faster than a transaction each)."""

    def __init__(self) -> None:
        self.rows: list[ActionRow] = []

    async def append_actions(self, table_id: str, rows: list[ActionRow], result: object = None) -> None:
        assert result is None, "the game ended"
        self.rows += rows


async def _play(room: Room, moves: int, rng: random.Random) -> None:
    """Random legal moves, each through the same path as a person's, stopping before the end."""
    store, held = room.store, _Held()
    room.store = held  # type: ignore[assignment]
    try:
        for _ in range(moves):
            state = room.state
            legal = state.legal_actions()
            rng.shuffle(legal)
            action = next((a for a in legal if not _ends(state, a)), None)
            if action is None:
                break
            await room.act(state.current_player(), action, state.version)
    finally:
        room.store = store
    if held.rows:
        await store.append_actions(room.id, held.rows)


def _ends(state: State, action: int) -> bool:
    after = state.clone()
    after.apply_action(action)
    return after.is_terminal()


def stored_steps(data_dir: Path) -> dict[str, list[tuple[int, int, int]]]:
    """Every table's stored steps (index, action, seat), read straight from the database file."""
    with sqlite3.connect(data_dir / "spieltisch.sqlite3") as connection:
        rows = connection.execute("SELECT table_id, idx, action, seat FROM actions ORDER BY table_id, idx")
        steps: dict[str, list[tuple[int, int, int]]] = {}
        for table_id, idx, action, seat in rows:
            steps.setdefault(table_id, []).append((idx, action, seat))
    return steps


def log_versions(data_dir: Path, table_id: str) -> list[int]:
    """The versions a table's log shows: one per move, a move of several steps (its later
    steps stored as joined) at its last step."""
    with sqlite3.connect(data_dir / "spieltisch.sqlite3") as connection:
        query = "SELECT idx, seat, detail FROM actions WHERE table_id = ? ORDER BY idx"
        rows = connection.execute(query, (table_id,)).fetchall()
    versions: list[int] = []
    for idx, seat, detail in rows:
        if seat >= 0 and versions and detail and json.loads(detail).get("joined"):
            versions[-1] = idx + 1
        elif seat >= 0:
            versions.append(idx + 1)
    return versions


def statuses(data_dir: Path) -> dict[str, str]:
    with sqlite3.connect(data_dir / "spieltisch.sqlite3") as connection:
        return dict(connection.execute("SELECT id, status FROM tables").fetchall())
