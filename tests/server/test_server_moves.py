"""Moves of several steps (a LEVEL 8 lay-down) are stored, shown and logged as one move;
the only legal move is marked for a front to make alone where it shows nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

import spieltisch.games.level8.actions as actions
from spieltisch.games.level8.phases import DRAW, SKIPPED
from spieltisch.server.catalog import Catalog
from spieltisch.server.connection import Client
from spieltisch.server.errors import TableError
from spieltisch.server.room import Room
from spieltisch.server.store import SeatKind, SeatRow, Store, TableRow, TableStatus
from tests.games.level8.level8_positions import position
from tests.server.conftest import with_whole_log
from tests.server.test_server_room import Recorder, run


async def level8_room(folder: Path, kinds: list[SeatKind]) -> Room:
    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'room.sqlite3'}")
    game = Catalog().load("level8", len(kinds), {})
    table = TableRow("t", "level8", len(kinds), dict(game.options), 7, TableStatus.OPEN, "", 0.0)
    seats = [
        SeatRow(seat, kind, f"P{seat}", "heuristic" if kind == SeatKind.BOT else None)
        for seat, kind in enumerate(kinds)
    ]
    await store.create_table(table, seats)
    return Room(store, table, seats, game, game.new_initial_state(), bot_delay=0.0)


def lay_down_of(room: Room) -> dict[str, Any]:
    """The lay-down the first legal picks make, as a front sends it."""
    trial = room.state.clone()
    trial.apply_action(actions.START_LAYDOWN)
    parts: list[list[dict[str, int]]] = [[] for _ in trial.view(None)["requirements"][trial.current_player()]]
    while trial.move_open():
        pick = next(a for a in trial.legal_actions() if a != actions.CANCEL)
        struct = trial.action_struct(pick)
        parts[struct["part"]].append({k: v for k, v in struct.items() if k in ("card", "number", "colour")})
        trial.apply_action(pick)
    return {"kind": "lay_down", "parts": parts}


def test_a_lay_down_sent_as_data_is_one_move_in_the_log_and_one_broadcast(tmp_path: Path) -> None:
    async def main() -> tuple[list[str], int, dict[str, Any], TableError]:
        room = await level8_room(tmp_path, [SeatKind.HUMAN, SeatKind.HUMAN])
        watcher = Recorder()
        async with anyio.create_task_group() as group:
            client = Client(watcher.send, None)
            group.start_soon(client.run_sender)
            room.join(client)
            await room.start()
            while actions.START_LAYDOWN not in room.state.legal_actions():
                state = room.state
                legal = state.legal_actions()
                discards = [a for a in legal if actions.DISCARD <= a < actions.SKIP_AT]
                await room.act(state.current_player(), (discards or legal)[-1], state.version)
            seat, version = room.state.current_player(), room.state.version
            with pytest.raises(TableError) as refused:
                await room.act(seat, {"kind": "lay_down", "parts": [[], []]}, version)
            assert room.state.version == version, "a refused lay-down changes nothing"
            await anyio.sleep(0.05)
            heard = len(watcher.texts)
            await room.act(seat, lay_down_of(room), version)
            await anyio.sleep(0.05)
            group.cancel_scope.cancel()
        rows = await room.store.load_actions(room.id)
        await room.store.close()
        steps = rows[version:]
        assert [r.joined for r in steps] == [False] + [True] * (len(steps) - 1) and len(steps) > 3
        return (
            watcher.texts[heard:],
            len(steps),
            json.loads(room.state_text(seat, "en"))["log"][-1],
            refused.value,
        )

    texts, steps, entry, refused = run(main)
    assert steps > 3
    assert refused.problem.code == "illegal_move" and "part 1 takes" in str(refused)
    assert len(texts) == 1, "the whole lay-down reaches the table at once"
    assert entry["move"]["kind"] == "start_lay_down" and entry["result"]["laid"]
    assert entry["label"].startswith("lay down level 1") and entry["result"]["text"].startswith("laid run")
    assert json.loads(texts[0])["log"][-1] == entry


def test_a_bot_lays_its_level_down_in_one_step_and_nobody_sees_half_a_level(tmp_path: Path) -> None:
    async def main() -> tuple[list[dict[str, Any]], list[Any]]:
        room = await level8_room(tmp_path, [SeatKind.BOT, SeatKind.BOT])
        watcher = Recorder()
        async with anyio.create_task_group() as group:
            client = Client(watcher.send, None)
            group.start_soon(client.run_sender)
            room.join(client)
            await room.start()
            while room.state.rounds == 0:
                await anyio.sleep(0.02)
            await room.stop()
            await anyio.sleep(0.05)
            group.cancel_scope.cancel()
        rows = await room.store.load_actions(room.id)
        await room.store.close()
        messages = [with_whole_log(watcher, json.loads(text)) for text in watcher.texts]
        states = [message for message in messages if message["type"] == "state"]
        return states, rows

    states, rows = run(main)
    assert any(r.joined for r in rows), "a bot laid a level down in the first round"
    assert all(s["view"] is None or s["view"]["phase"] != "laydown" for s in states)
    log = states[-1]["log"]
    assert all(entry["move"]["kind"] != "pick" for entry in log)
    laid = [entry for entry in log if entry["move"]["kind"] == "start_lay_down"]
    assert laid and all("laid" in entry["result"] for entry in laid)


def test_only_a_quiet_only_move_is_marked_forced(tmp_path: Path) -> None:
    async def main() -> dict[str, list[tuple[str, bool]]]:
        room = await level8_room(tmp_path, [SeatKind.HUMAN, SeatKind.HUMAN])
        await room.start()
        marks = {}
        for name, phase in (("skipped", SKIPPED), ("draw", DRAW)):
            room.state = position(2, hands={0: "R1 R2 R3"}, phase=phase)
            for seat in (0, 1, None):
                legal = json.loads(room.state_text(seat, "en"))["legal"]
                marks[f"{name} {seat}"] = [(m["move"]["kind"], m["forced"]) for m in legal]
        await room.store.close()
        return marks

    marks = run(main)
    assert marks["skipped 0"] == [("take_skip", True)], "nothing to decide, nothing shown"
    assert marks["draw 0"] == [("draw_stock", False)], "the card drawn is a chance event"
    assert not any(marks[f"{name} {seat}"] for name in ("skipped", "draw") for seat in (1, None))
