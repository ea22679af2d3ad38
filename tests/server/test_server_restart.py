"""Nothing lost: the server process is killed (SIGKILL) mid-game and restarted.

Every table must continue from exactly the last accepted action: the same
version and the same view for each seat, and bots carry on by themselves.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy
from starlette.testclient import TestClient
from websockets.sync.client import ClientConnection

from spieltisch.server.app import create_app
from tests.server.conftest import hello, make_settings, new_table
from tests.server.servers import Server
from tests.server.test_server_tables import play_to_end


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, bot_delay=0.5)
    yield running
    if running.process and running.process.poll() is None:
        running.kill()


def next_state(ws: ClientConnection, accept: Any = lambda m: True) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "error":
            raise AssertionError(message)
        if message["type"] == "state" and accept(message):
            return dict(message)


def sit_down(ws: ClientConnection, token: str) -> dict:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return next_state(ws, lambda m: m["you"] is not None)


def play_moves(server: Server, table_id: str, tokens: list[str], moves: int) -> dict[int, dict]:
    """People take turns; returns each seat's last state message."""
    with ExitStack() as stack:
        sockets = [stack.enter_context(server.socket(table_id)) for _ in tokens]
        latest = {
            seat: sit_down(ws, token) for seat, (ws, token) in enumerate(zip(sockets, tokens, strict=True))
        }
        for _ in range(moves):
            mover = latest[0]["to_move"]
            if mover < 0:
                break
            message = latest[mover]
            move = message["legal"][-1]["id"]
            sockets[mover].send(json.dumps({"type": "action", "action": move, "version": message["version"]}))
            for seat, ws in enumerate(sockets):
                latest[seat] = next_state(ws, lambda m, v=message["version"]: m["version"] > v)
    return latest


def people_table(server: Server, game: str, players: int) -> tuple[str, list[str]]:
    table = server.post("/api/tables", {"game": game, "players": players, "name": "P0"})
    others = [
        server.post(f"/api/tables/{table['id']}/seats/{s}", {"name": f"P{s}"}) for s in range(1, players)
    ]
    server.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
    return table["id"], [table["token"]] + [other["token"] for other in others]


def test_every_table_continues_from_the_last_accepted_action_after_a_kill(server: Server) -> None:
    server.start()
    games = {g["name"]: g["min_players"] for g in httpx.get(f"{server.url}/api/games").json()}
    people = {game: people_table(server, game, players) for game, players in games.items()}
    before = {game: play_moves(server, *people[game], moves=3) for game in games}
    bots = server.post("/api/tables", {"game": "toy", "players": 3, "seats": ["random"] * 3})
    server.post(f"/api/tables/{bots['id']}/start", {"host_token": bots["host_token"]})
    server.kill()

    server.start()
    for game, (table_id, tokens) in people.items():
        for seat, token in enumerate(tokens):
            with server.socket(table_id) as ws:
                resumed = sit_down(ws, token)
            assert resumed["version"] == before[game][seat]["version"], game
            assert resumed["view"] == before[game][seat]["view"], game
            assert resumed["legal"] == before[game][seat]["legal"], game
    after = play_moves(server, *people["toy"], moves=10)
    assert after[0]["status"] == "finished"
    deadline = time.monotonic() + 20
    while httpx.get(f"{server.url}/api/tables/{bots['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish after the restart"
        time.sleep(0.1)


def test_a_game_whose_end_was_not_stored_is_finished_at_start(tmp_path: Path) -> None:
    """Older servers stored the last move and the end apart; a kill between them left a table
    "running" forever. Its stored position is terminal, so the next start finishes it."""
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        table = new_table(client, name="Anna", seats=["open", "random"])
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            end = play_to_end(ws, hello(ws, table["token"]))
    engine = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'spieltisch.sqlite3'}")
    with engine.begin() as connection:
        undo = "UPDATE tables SET status = 'running', result = NULL WHERE id = :id"
        connection.execute(sqlalchemy.text(undo), {"id": table["id"]})
    engine.dispose()
    with TestClient(create_app(settings)) as client:
        found = client.get(f"/api/tables/{table['id']}").json()
        assert found["status"] == "finished"
        assert found["result"] == {key: end["result"][key] for key in ("scores", "winners", "returns")}
        assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 200
        rematch = client.post(f"/api/tables/{table['id']}/rematch", json={"token": table["token"]})
        assert rematch.status_code == 200
