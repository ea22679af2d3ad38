"""Taking a move back: allowed only for one's own last move that revealed nothing, with no chance
event after it and nobody having moved since; stored as a step of its own, so the log, a replay and
a restart after a kill all show it, and nobody learns a hidden card from it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from spieltisch.server.app import create_app
from tests.server.conftest import hello, is_state, make_settings, receive, state_at
from tests.server.servers import Server
from tests.server.takeback_game import TakeBackGame
from tests.server.test_server_restart import next_state, sit_down

KEEP, SWAP = 0, 1
EXTRA = ("--extra-game", "tests.server.takeback_game:TakeBackGame")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = make_settings(tmp_path)
    settings.extra_games = {**settings.extra_games, "takeback": TakeBackGame}
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def people_table(client: TestClient, players: int, **extra: Any) -> tuple[str, list[str]]:
    """A running table of the test game with a person on every seat; their seat tokens."""
    body = {"game": "takeback", "players": players, "name": "Anna", **extra}
    table = client.post("/api/tables", json=body).json()
    names = ["Bea", "Carl"]
    tokens = [table["token"]]
    for seat in range(1, players):
        taken = client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"name": names[seat - 1]})
        tokens.append(taken.json()["token"])
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    return table["id"], tokens


def send(ws: Any, kind: str, version: int, action: int | None = None) -> None:
    message: dict[str, Any] = {"type": kind, "version": version}
    if action is not None:
        message["action"] = action
    ws.send_text(json.dumps(message))


def refused(ws: Any, code: str) -> None:
    error = receive(ws, lambda m: m["type"] == "error")
    assert error["code"] == code, error


def test_a_player_takes_back_a_move_that_showed_nothing_and_everybody_sees_it(client: TestClient) -> None:
    table, tokens = people_table(client, 2)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as anna,
        client.websocket_connect(f"/ws/tables/{table}") as bea,
    ):
        before = hello(anna, tokens[0])
        hello(bea, tokens[1])
        assert not before["can_take_back"]
        send(anna, "action", before["version"], KEEP)
        kept = receive(anna, state_at(before["version"] + 1))
        assert kept["can_take_back"] and kept["to_move"] == 1
        assert not receive(bea, state_at(kept["version"]))["can_take_back"]
        send(anna, "take_back", kept["version"])
        back = receive(anna, state_at(kept["version"] + 1))
        seen = receive(bea, state_at(kept["version"] + 1))
    # The table is as before the move, at a newer version, and the move can be made again.
    assert back["version"] == kept["version"] + 1 and back["to_move"] == 0
    assert back["view"] == before["view"] and back["legal"] == before["legal"]
    assert not back["can_take_back"]
    own, other = back["log"][-1], seen["log"][-1]
    assert own["took_back"] == other["took_back"] == kept["version"]
    assert own["label"] == 'took back "keep"' and own["move"] is None
    # Bea knew only that a move was made; taking it back tells her no more.
    assert other["label"] == "took back a move" and other["move"] is None
    assert seen["view"] == receive_view(client, table, tokens[1], back["version"])


def receive_view(client: TestClient, table: str, token: str, version: int) -> dict:
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = hello(ws, token)
    assert state["version"] == version
    return dict(state["view"])


def test_a_move_that_cannot_be_taken_back_is_refused_and_nothing_changes(client: TestClient) -> None:
    table, tokens = people_table(client, 2)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as anna,
        client.websocket_connect(f"/ws/tables/{table}") as bea,
    ):
        start = hello(anna, tokens[0])
        hello(bea, tokens[1])
        send(anna, "take_back", start["version"])  # no move yet
        refused(anna, "cannot_take_back")
        send(bea, "take_back", start["version"])  # not Bea's to take back either
        refused(bea, "cannot_take_back")
        send(anna, "action", start["version"], SWAP)  # a new card is drawn: chance
        swapped = receive(anna, lambda m: is_state(m) and m["to_move"] == 1)
        assert not swapped["can_take_back"]
        send(anna, "take_back", swapped["version"])
        refused(anna, "cannot_take_back")
        send(anna, "take_back", swapped["version"] - 1)
        refused(anna, "stale_version")
        with client.websocket_connect(f"/ws/tables/{table}") as spectator:
            spectator_state = receive(spectator, is_state)
            send(spectator, "take_back", swapped["version"])
            refused(spectator, "not_seated")
        again = hello(anna, tokens[0])
    assert again["version"] == swapped["version"] and again["view"] == swapped["view"]
    assert again["log"] == swapped["log"] and spectator_state["version"] == swapped["version"]


def test_nobody_takes_back_a_move_once_another_player_has_moved(client: TestClient) -> None:
    table, tokens = people_table(client, 3)
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/tables/{table}")) for _ in tokens]
        states = [hello(ws, token) for ws, token in zip(sockets, tokens, strict=True)]
        send(sockets[0], "action", states[0]["version"], KEEP)
        version = receive(sockets[1], state_at(states[0]["version"] + 1))["version"]
        send(sockets[1], "action", version, KEEP)
        after = [receive(ws, state_at(version + 1)) for ws in sockets]
        assert [s["can_take_back"] for s in after] == [False, True, False]
        send(sockets[0], "take_back", after[0]["version"])
        refused(sockets[0], "cannot_take_back")
        # Once Bea takes hers back, Anna's keep is the last move again, and hers to take back.
        send(sockets[1], "take_back", after[1]["version"])
        back = [receive(ws, state_at(after[0]["version"] + 1)) for ws in sockets]
        assert [s["can_take_back"] for s in back] == [True, False, False]
        send(sockets[0], "take_back", back[0]["version"])
        first = receive(sockets[0], state_at(back[0]["version"] + 1))
    assert first["to_move"] == 0 and first["view"] == states[0]["view"]
    assert [e["took_back"] for e in first["log"]] == [None, None, version + 1, version]


def test_taking_a_move_back_gives_back_the_turn_as_it_was_not_more_time(client: TestClient) -> None:
    table, tokens = people_table(client, 2, clock={"kind": "move", "seconds": 60})
    with client.websocket_connect(f"/ws/tables/{table}") as anna:
        start = hello(anna, tokens[0])
        time.sleep(0.05)
        send(anna, "action", start["version"], KEEP)
        kept = receive(anna, state_at(start["version"] + 1))
        assert kept["deadline"] > start["deadline"], "Bea's turn has a clock of its own"
        send(anna, "take_back", kept["version"])
        back = receive(anna, state_at(kept["version"] + 1))
    # Moving and taking back, again and again, never stops Anna's clock.
    assert back["deadline"] == start["deadline"]


def test_a_move_a_stand_in_bot_made_is_not_taken_back_by_the_person(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, leave_grace=0.3)
    settings.extra_games = {**settings.extra_games, "takeback": TakeBackGame}
    with TestClient(create_app(settings)) as client:
        table, tokens = people_table(client, 2)
        with client.websocket_connect(f"/ws/tables/{table}") as bea:
            hello(bea, tokens[1])
            # Anna never came: a bot keeps her card for her, a move she herself could take back.
            receive(bea, lambda m: is_state(m) and m["to_move"] == 1, limit=500)
            with client.websocket_connect(f"/ws/tables/{table}") as anna:
                back = hello(anna, tokens[0])
                assert back["seats"][0]["standin"] is False and back["log"][-1]["seat"] == 0
                assert not back["can_take_back"]
                send(anna, "take_back", back["version"])
                refused(anna, "cannot_take_back")


def test_a_move_taken_back_stays_taken_back_after_a_kill_and_in_the_replay(tmp_path: Path) -> None:
    server = Server(tmp_path, options=EXTRA)
    server.start()
    try:
        table = server.post("/api/tables", {"game": "takeback", "players": 2, "name": "Anna"})
        bea = server.post(f"/api/tables/{table['id']}/seats/1", {"name": "Bea"})
        server.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
        with server.socket(table["id"]) as ws:
            start = sit_down(ws, table["token"])
            ws.send(json.dumps({"type": "action", "action": KEEP, "version": start["version"]}))
            kept = next_state(ws, lambda m: m["version"] > start["version"])
            ws.send(json.dumps({"type": "take_back", "version": kept["version"]}))
            back = next_state(ws, lambda m: m["version"] > kept["version"])
            ws.send(json.dumps({"type": "action", "action": KEEP, "version": back["version"]}))
            kept_again = next_state(ws, lambda m: m["version"] > back["version"])
        server.kill()
        server.start()
        with server.socket(table["id"]) as ws:
            restored = sit_down(ws, table["token"])
            # After the kill the table is where it was, and the last keep may still be taken back.
            assert restored["version"] == kept_again["version"] and restored["view"] == kept_again["view"]
            assert restored["can_take_back"] and restored["log"] == kept_again["log"]
            ws.send(json.dumps({"type": "take_back", "version": restored["version"]}))
            next_state(ws, lambda m: m["version"] > restored["version"])
        with server.socket(table["id"]) as ws, server.socket(table["id"]) as other:
            anna_state = sit_down(ws, table["token"])
            sit_down(other, bea["token"])
            ws.send(json.dumps({"type": "action", "action": SWAP, "version": anna_state["version"]}))
            bea_turn = next_state(other, lambda m: m["to_move"] == 1)
            other.send(json.dumps({"type": "action", "action": KEEP, "version": bea_turn["version"]}))
            end = next_state(ws, lambda m: m["status"] == "finished")
        # The replay steps through the moves taken back as through any other, each as it was.
        replay = httpx_get(server, f"/api/tables/{table['id']}/replay/{back['version']}", table["token"])
        final = httpx_get(server, f"/api/tables/{table['id']}/replay/{end['version']}")
    finally:
        server.kill()
    log = [entry["took_back"] for entry in end["log"]]
    assert log == [None, kept["version"], None, kept_again["version"], None, None]
    assert replay["view"] == start["view"] and back["version"] in replay["steps"]
    assert final["result"]["scores"] == end["result"]["scores"]


def httpx_get(server: Server, path: str, token: str | None = None) -> dict:
    headers = {"x-seat-token": token} if token else {}
    reply = httpx.get(f"{server.url}{path}", headers=headers, timeout=10)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


@pytest.mark.timeout(120)
def test_a_move_taken_back_through_one_process_shows_on_another(tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL database: Anna plays through one, Bea watches
    through the other; the keep and its taking back reach Bea, and both are stored once."""
    from tests.server.cluster import cluster_server, fresh_database, start_all, stored_actions

    with fresh_database() as url:
        servers = [cluster_server(url, 0.0) for _ in range(2)]
        for server in servers:
            server.args += list(EXTRA)
        start_all(servers)
        try:
            table = servers[0].post("/api/tables", {"game": "takeback", "players": 2, "name": "Anna"})
            bea = servers[1].post(f"/api/tables/{table['id']}/seats/1", {"name": "Bea"})
            servers[0].post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
            with servers[0].socket(table["id"]) as anna_ws, servers[1].socket(table["id"]) as bea_ws:
                start = sit_down(anna_ws, table["token"])
                bea_start = sit_down(bea_ws, bea["token"])
                anna_ws.send(json.dumps({"type": "action", "action": KEEP, "version": start["version"]}))
                kept = next_state(bea_ws, lambda m: m["version"] > start["version"])
                next_state(anna_ws, lambda m: m["version"] == kept["version"])
                anna_ws.send(json.dumps({"type": "take_back", "version": kept["version"]}))
                back = next_state(bea_ws, lambda m: m["version"] > kept["version"])
        finally:
            for server in servers:
                server.kill()
        steps = stored_actions(url, table["id"])
    assert back["to_move"] == 0 and back["view"] == bea_start["view"]
    assert back["log"][-1]["took_back"] == kept["version"] and not back["can_take_back"]
    assert steps[-2:] == [(kept["version"] - 1, KEEP, 0), (kept["version"], -1, 0)]
