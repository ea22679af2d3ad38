"""The log in state messages: each brings only the entries its connection lacks (after
`log_from`), and whatever may have left a connection behind (connecting, a hello, a reconnect)
brings the whole log; followed on, each connection's log is the one the table keeps for it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from spieltisch.server.app import create_app
from tests.server.conftest import make_settings
from tests.server.takeback_game import TakeBackGame
from tests.server.test_server_takeback import KEEP, SWAP, people_table, send


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = make_settings(tmp_path)
    settings.extra_games = {**settings.extra_games, "takeback": TakeBackGame}
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def next_state(ws: Any) -> dict:
    """The next state message exactly as sent."""
    while True:
        message = json.loads(ws.receive_text())
        if message["type"] == "state":
            return dict(message)


def greet(ws: Any, token: str | None) -> dict:
    """Connect's state, then the hello's; both bring the whole log."""
    on_connect = next_state(ws)
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    greeted = next_state(ws)
    assert on_connect["log_from"] == greeted["log_from"] == 0
    return greeted


def follow(log: list[dict], message: dict) -> list[dict]:
    """A client's log after a state: its entries up to `log_from`, then the state's."""
    assert all(entry["version"] > message["log_from"] for entry in message["log"])
    return [entry for entry in log if entry["version"] <= message["log_from"]] + message["log"]


def table_log(client: TestClient, table: str, token: str | None) -> list[dict]:
    headers = {"x-seat-token": token} if token else {}
    return list(client.get(f"/api/tables/{table}/log", params={"lang": "en"}, headers=headers).json()["log"])


def test_each_state_brings_only_the_log_entries_its_connection_lacks(client: TestClient) -> None:
    table, tokens = people_table(client, 2)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as anna,
        client.websocket_connect(f"/ws/tables/{table}") as bea,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
    ):
        sockets = [anna, bea, watcher]
        states = [greet(anna, tokens[0]), greet(bea, tokens[1]), greet(watcher, None)]
        logs = [state["log"] for state in states]

        def everybody_sees(expected_from: int) -> list[dict]:
            for index, ws in enumerate(sockets):
                states[index] = next_state(ws)
                assert states[index]["log_from"] == expected_from
                logs[index] = follow(logs[index], states[index])
            return states[:]

        version = states[0]["version"]
        send(anna, "action", version, KEEP)
        kept = everybody_sees(version)
        assert [[entry["version"] for entry in state["log"]] for state in kept] == [[version + 1]] * 3
        assert [state["log"][0]["label"] for state in kept] == ["keep", None, None]  # a keep shows nothing

        send(anna, "take_back", version + 1)
        back = everybody_sees(version + 1)
        assert [[entry["took_back"] for entry in state["log"]] for state in back] == [[version + 1]] * 3
        assert [entry["label"] for entry in logs[0]][-2:] == ["keep", 'took back "keep"']

        send(anna, "action", version + 2, SWAP)  # a card drawn (chance) after it: two steps
        swapped = everybody_sees(version + 2)
        assert [len(state["log"]) for state in swapped] == [1, 1, 1] and swapped[0]["version"] == version + 4

        for log, token in zip(logs, [*tokens, None], strict=True):
            assert log == table_log(client, table, token)[-len(log) :] and log

        # Those who come now, or come back, get the whole log at once, each as they may know it.
        with client.websocket_connect(f"/ws/tables/{table}") as late:
            assert greet(late, None)["log"] == logs[2]
        with client.websocket_connect(f"/ws/tables/{table}") as again:
            assert greet(again, tokens[0])["log"] == logs[0]
        anna.send_text(json.dumps({"type": "hello", "token": tokens[0], "lang": "en"}))
        hello_again = next_state(anna)
        assert hello_again["log_from"] == 0 and hello_again["log"] == logs[0]
