"""Database errors are answered, not dropped: an error message and a retry, no traceback.

Before, an outage dropped the connection with a traceback, a hello needed
the chat history, and each hello followed by an immediate close logged a
traceback (1 MB/s of log under churn).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from websockets.sync.client import connect

from tests.server.conftest import hello, make_settings, new_table, receive, serving, state_at


def down(*_args: Any, **_kwargs: Any) -> Any:
    raise OperationalError("INSERT ...", {}, ConnectionRefusedError("the database is down"))


def test_a_move_during_an_outage_gets_an_error_and_goes_through_when_sent_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = new_table(client, name="Anna", seats=["open", "random"])
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}?lang=de") as ws:
        state = hello(ws, table["token"], lang="de")
        move = {"type": "action", "action": state["legal"][0]["id"], "version": state["version"]}
        with monkeypatch.context() as outage:
            outage.setattr(store, "append_actions", down)
            ws.send_text(json.dumps(move))
            error = receive(ws, lambda m: m["type"] == "error")
            assert error["code"] == "try_again" and "Datenbank" in error["message"]
            ws.send_text(json.dumps({"type": "ping"}))
            assert receive(ws, lambda m: m["type"] in ("pong", "state"))["type"] == "pong"  # still connected
        ws.send_text(json.dumps(move))  # the retry
        assert receive(ws, state_at(state["version"] + 1))["version"] > state["version"]


def test_hello_works_without_the_chat_history_and_the_lobby_says_try_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = new_table(client)  # not loaded yet: it loads below, during the outage
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "recent_chat", down)
    seat = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Anna"}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": seat["token"]}))
        assert receive(ws, lambda m: m["type"] == "chat_history")["messages"] == []
        assert receive(ws, lambda m: m["type"] == "state" and m["you"] == 0)["status"] == "open"
    monkeypatch.setattr(store, "list_tables_with_seats", down)
    listed = client.get("/api/tables", params={"status": "running"})
    assert listed.status_code == 503 and listed.json()["error"] == "try_again"
    assert listed.headers["retry-after"] == "5"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(make_settings(tmp_path)) as address:
        yield address


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_hello_followed_at_once_by_a_close_logs_nothing(server: str) -> None:
    address = server
    import httpx

    with httpx.Client(base_url=f"http://{address}") as http:
        table = http.post("/api/tables", json={"game": "toy", "players": 2, "name": "Anna"}).json()
    collect = Collect()
    logging.getLogger().addHandler(collect)
    try:
        for number in range(40):
            ws = connect(f"ws://{address}/ws/tables/{table['id']}")
            token = table["token"] if number % 2 else None
            ws.send(json.dumps({"type": "hello", "token": token}))
            if number % 3 == 0:
                ws.socket.close()  # gone without a closing handshake
            else:
                ws.close()
        time.sleep(0.5)
    finally:
        logging.getLogger().removeHandler(collect)
    assert [record.getMessage() for record in collect.records] == []
