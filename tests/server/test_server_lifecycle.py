"""Tables that never hang: clocks, a bot standing in for a person, the host replacing an absent
seat, expiry of tables nobody plays, and a personal link to take a seat to another device."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from spieltisch.server.app import create_app
from tests.server.conftest import hello, is_state, make_settings, new_table, receive


def two_people(client: TestClient, **extra: Any) -> tuple[dict, dict]:
    table = new_table(client, name="Anna", seats=["open", "open"], **extra)
    other = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bea"}).json()
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    return table, other


def room_of(client: TestClient, table: dict) -> Any:
    return client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]


def until(ws: Any, check: Any) -> dict:
    return receive(ws, lambda m: is_state(m) and check(m), limit=500)


def test_when_a_players_time_runs_out_a_bot_plays_until_they_say_hello_again(client: TestClient) -> None:
    table, _other = two_people(client, clock={"kind": "move", "seconds": 10})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        state = hello(ws, table["token"])
        assert state["clock"] == {"kind": "move", "seconds": 10} and state["to_move"] == 0
        assert 9 < state["deadline"] - time.time() <= 10
        room = room_of(client, table)
        room.table.clock = {"kind": "move", "seconds": 1}  # ten seconds are long for a test
        client.portal.call(room._tick.set)  # type: ignore[union-attr]
        # Anna is connected but does not move: a bot moves for her and the table shows it.
        taken = until(ws, lambda m: m["seats"][0]["standin"])
        assert taken["seats"][0]["kind"] == "human" and taken["legal"] == []
        until(ws, lambda m: any(e["seat"] == 0 for e in m["log"]))
        back = hello(ws, table["token"])
        assert back["seats"][0]["standin"] is False


def test_a_person_away_on_their_turn_gets_a_bot_until_they_come_back(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, leave_grace=0.3))) as client:
        table, other = two_people(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as bea:
            hello(bea, other["token"])
            # Anna (to move) never connected: after the grace period a bot moves for her.
            seen = until(bea, lambda m: m["seats"][0]["standin"])
            assert seen["seats"][1]["standin"] is False
            with client.websocket_connect(f"/ws/tables/{table['id']}") as anna:
                assert hello(anna, table["token"])["seats"][0]["standin"] is False
            until(bea, lambda m: not m["seats"][0]["standin"])


def test_the_host_can_give_an_absent_seat_to_a_bot(client: TestClient) -> None:
    table, other = two_people(client)
    replace = f"/api/tables/{table['id']}/seats/1/bot"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as bea:
        hello(bea, other["token"])
        present = client.post(replace, json={"host_token": table["host_token"], "bot": "random"})
        assert present.status_code == 409 and present.json()["error"] == "seat_present"
    wrong = client.post(replace, json={"host_token": "guess", "bot": "random"})
    assert wrong.status_code == 403
    assert client.post(replace, json={"host_token": table["host_token"], "bot": "random"}).status_code == 200
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "random"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as anna:
        state = hello(anna, table["token"])
        while state["status"] != "finished":  # the bot plays Bea's turns
            if state["legal"]:
                move = {"type": "action", "action": state["legal"][0]["id"], "version": state["version"]}
                anna.send_text(json.dumps(move))
            state = receive(anna, is_state)


def test_tables_nobody_plays_expire_and_idle_ones_leave_memory(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, open_expiry=100.0, abandon_expiry=1000.0, idle_release=50.0)
    with TestClient(create_app(settings)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        never_started = new_table(client, name="Anna")
        left, _ = two_people(client)
        watched, _ = two_people(client)
        with client.websocket_connect(f"/ws/tables/{watched['id']}") as ws:
            hello(ws)
            now, clock = time.time(), time.monotonic()
            assert client.portal.call(hub.sweep, now, clock) == ([], [])  # type: ignore[union-attr]
            expired, released = client.portal.call(hub.sweep, now + 2000, clock + 60)  # type: ignore[union-attr]
            assert sorted(expired) == sorted([never_started["id"], left["id"]])
            assert sorted(released) == sorted(expired)
            assert set(hub.rooms) == {watched["id"]}  # the watched one stays, expired or not
        for gone in (never_started, left):
            assert client.get(f"/api/tables/{gone['id']}").json()["status"] == "expired"
        with client.websocket_connect(f"/ws/tables/{left['id']}") as ws:
            assert hello(ws)["status"] == "expired"
            ws.send_text(json.dumps({"type": "action", "action": 0, "version": 1}))
            assert receive(ws, lambda m: m["type"] == "error")["code"] in ("not_seated", "not_running")


def test_a_finished_table_nobody_watches_leaves_memory_at_the_next_sweep(client: TestClient) -> None:
    table = new_table(client, seats=["random", "random"])
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{table['id']}").json()["status"] != "finished":  # the bots play it
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    assert table["id"] in hub.rooms
    _, released = client.portal.call(hub.sweep, time.time(), time.monotonic())  # type: ignore[union-attr]
    assert released == [table["id"]] and table["id"] not in hub.rooms
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "finished"  # read back when asked


def test_a_seat_link_takes_the_seat_to_another_device(client: TestClient) -> None:
    table, _other = two_people(client)
    link = client.post(f"/api/tables/{table['id']}/seat-link", json={"token": table["token"]})
    url = link.json()["url"]
    assert url.endswith(f"/#/table/{table['id']}?seat={table['token']}")
    token = url.rsplit("seat=", 1)[1]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as elsewhere:
        assert hello(elsewhere, token)["you"] == 0
    refused = client.post(f"/api/tables/{table['id']}/seat-link", json={"token": "guess"})
    assert refused.status_code == 403


@pytest.mark.parametrize(
    "clock",
    [{"kind": "move", "seconds": 5}, {"kind": "day", "seconds": 3600}, {"kind": "none", "seconds": 9}],
)
def test_a_clock_out_of_range_is_refused(client: TestClient, clock: dict) -> None:
    reply = client.post("/api/tables", json={"game": "toy", "players": 2, "clock": clock})
    assert reply.status_code == 422 and reply.json()["error"] == "malformed"
