"""Limits on what one client may ask of the server: body size, new tables, connections."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from spieltisch.server.app import create_app
from spieltisch.server.errors import RATE_LIMITED_CONNECTIONS, CloseCode, TableError
from spieltisch.server.limits import CLIENTS_KEPT, MAX_BODY_BYTES, Limits, SlidingWindow
from tests.server.conftest import hello, make_settings, new_table, serving
from tests.server.test_server_tables import play_to_end


def limited_client(tmp_path: Path, **limits: int) -> TestClient:
    return TestClient(create_app(make_settings(tmp_path, **limits)))


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    huge = {"game": "toy", "players": 2, "options": {"top": "9" * (2 * MAX_BODY_BYTES)}}
    reply = client.post("/api/tables", json=huge, headers={"accept-language": "de"})
    # Before: a 50 MB option came back inside a 50 MB error.
    assert reply.status_code == 413 and len(reply.content) < 200
    assert reply.json()["error"] == "too_large" and "höchstens" in reply.json()["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "toy", "players": 2, "name": "'
        for _ in range(2 * MAX_BODY_BYTES // 1024):
            yield b"x" * 1024
        yield b'"}'

    streamed = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413 and streamed.json()["error"] == "too_large"


def test_a_client_may_create_only_so_many_tables_a_minute(tmp_path: Path) -> None:
    with limited_client(tmp_path, tables_per_minute=3) as client:
        for _ in range(3):
            new_table(client)
        refused = client.post("/api/tables", json={"game": "toy", "players": 2})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert len(client.get("/api/tables").json()) == 3


def test_connections_are_limited_per_client_and_in_total(tmp_path: Path) -> None:
    with limited_client(tmp_path, connections_per_client=2) as client:
        table = new_table(client)
        address = f"/ws/tables/{table['id']}"
        with client.websocket_connect(address) as first, client.websocket_connect(address):
            hello(first)
            with client.websocket_connect(address + "?lang=de") as third:
                refused = json.loads(third.receive_text())
                assert refused["code"] == "too_many_connections" and "Verbindungen" in refused["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_text()
                assert closed.value.code == CloseCode.TRY_AGAIN_LATER
        with client.websocket_connect(address) as again:  # closed ones count no more
            assert hello(again)["type"] == "state"
    with limited_client(tmp_path, connections_total=1) as client:
        table = new_table(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as first:
            hello(first)
            with client.websocket_connect(f"/ws/tables/{table['id']}") as second:
                assert json.loads(second.receive_text())["code"] == "too_many_connections"


def test_new_connections_are_limited_per_client_and_minute() -> None:
    limits = Limits(connections_per_minute=3)
    for second in range(3):
        limits.open_connection("churner", second)
        limits.close_connection("churner")
    with pytest.raises(TableError) as refused:
        limits.open_connection("churner", 10.0)
    assert refused.value.problem is RATE_LIMITED_CONNECTIONS and refused.value.status == 429
    limits.open_connection("player", 10.0)  # another client is not held up
    assert limits.connections == 1
    with pytest.raises(TableError):  # refusals are not counted, so the allowance comes back
        limits.open_connection("churner", 59.9)
    limits.open_connection("churner", 60.0)  # the one at 0 s has left the minute
    with pytest.raises(TableError):
        limits.open_connection("churner", 60.5)


def test_a_limit_of_zero_is_no_limit() -> None:
    off = {"tables_per_minute": 0, "connections_per_minute": 0, "connections_per_client": 0}
    limits = Limits(**off, connections_total=0)
    for _ in range(500):
        limits.note_table("host", 0.0)
        limits.open_connection("host", 0.0)
    assert limits.connections == 500


def test_a_window_forgets_quiet_clients() -> None:
    window = SlidingWindow(limit=1)
    for number in range(CLIENTS_KEPT):
        assert window.allow(f"10.0.{number // 256}.{number % 256}", 0.0)
    assert not window.allow("10.0.0.0", 30.0)
    assert window.allow("late", 60.0) and len(window) == 1  # the quiet ones went
    assert window.allow("10.0.0.0", 60.0)


def test_churn_past_the_allowance_is_told_why_then_turned_away_before_any_database_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with limited_client(tmp_path, connections_per_minute=3) as client:
        table = new_table(client)
        address = f"/ws/tables/{table['id']}"
        for _ in range(3):
            with client.websocket_connect(address) as ws:
                hello(ws)
        asked: list[str] = []

        async def room(table_id: str) -> None:
            asked.append(table_id)

        monkeypatch.setattr(client.app.state.hub, "room", room)  # type: ignore[attr-defined]
        with client.websocket_connect(address + "?lang=de") as refused:
            message = json.loads(refused.receive_text())
            assert message == {
                "type": "error",
                "code": "rate_limited",
                "message": "Höchstens 3 neue Verbindungen pro Minute; bitte kurz warten",
            }
            with pytest.raises(WebSocketDisconnect) as closed:
                refused.receive_text()
        assert (closed.value.code, closed.value.reason) == (CloseCode.TRY_AGAIN_LATER, "rate_limited")
        for _ in range(3):  # told once: the next ones are closed before the handshake completes
            with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(address):
                pass
            assert (closed.value.code, closed.value.reason) == (CloseCode.TRY_AGAIN_LATER, "rate_limited")
        assert asked == []  # no table looked up, no state sent


class Socket:
    """A real websocket with the test client's calls, for the helpers written for those."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def receive_text(self) -> str:
        return str(self.connection.recv(timeout=10))


def test_churn_from_one_address_is_refused_while_another_connects_and_plays(tmp_path: Path) -> None:
    """Before, unpaced connect/close churn from one address filled the server's core."""
    with serving(make_settings(tmp_path, connections_per_minute=10)) as address:
        with httpx.Client(base_url=f"http://{address}") as http:
            body = {"game": "toy", "players": 2, "seats": ["open", "random"], "name": "Anna"}
            keys = http.post("/api/tables", json=body).json()
            started = http.post(f"/api/tables/{keys['id']}/start", json={"host_token": keys["host_token"]})
            assert started.status_code == 200, started.text
        url = f"ws://{address}/ws/tables/{keys['id']}"
        accepted, refusals, failures = 0, [], []
        done, refused_once = threading.Event(), threading.Event()

        def churn() -> None:  # from 127.0.0.2, as fast as the server answers
            nonlocal accepted
            while not done.is_set():
                try:
                    ws = connect(url, source_address=("127.0.0.2", 0))
                except InvalidStatus as turned_away:  # told why before: HTTP 403, no handshake
                    refusals.append(("http", turned_away.response.status_code, ""))
                    continue
                with ws:
                    with contextlib.suppress(ConnectionClosed):  # the refusal may come first
                        ws.send(json.dumps({"type": "hello"}))
                    first = json.loads(ws.recv(timeout=10))
                    if first["type"] == "state":
                        accepted += 1
                        continue
                    with pytest.raises(ConnectionClosed) as closed:
                        ws.recv(timeout=10)
                    assert closed.value.rcvd is not None
                    refusals.append((first["code"], closed.value.rcvd.code, closed.value.rcvd.reason))
                    refused_once.set()

        def churn_noting_failures() -> None:
            try:
                churn()
            except BaseException as failure:
                failures.append(failure)
                raise

        churner = threading.Thread(target=churn_noting_failures)
        churner.start()
        try:
            assert refused_once.wait(20), "the churn was never refused"
            with connect(url, source_address=("127.0.0.3", 0)) as player:
                socket = Socket(player)  # one wrapper: the log it was sent is kept by it
                end = play_to_end(socket, hello(socket, keys["token"]))
            patience = time.monotonic() + 20  # a quick game may end before the churn is refused thrice
            while len(refusals) <= 2 and not failures and time.monotonic() < patience:
                time.sleep(0.05)
        finally:
            done.set()
            churner.join(20)
    assert not failures and end["status"] == "finished"
    assert accepted == 10 and len(refusals) > 2
    assert refusals[0] == ("rate_limited", CloseCode.TRY_AGAIN_LATER, "rate_limited")  # told why once
    assert set(refusals[1:]) == {("http", 403, "")}  # then closed before the handshake, at half the cost
