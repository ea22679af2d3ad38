"""Limits on what one client may ask of the server: body size, new tables, connections."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.app import create_app
from spieltisch.server.errors import WS_1013_TRY_AGAIN_LATER
from spieltisch.server.limits import MAX_BODY_BYTES
from tests.server.conftest import hello, make_settings, new_table


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
                assert closed.value.code == WS_1013_TRY_AGAIN_LATER
        with client.websocket_connect(address) as again:  # closed ones count no more
            assert hello(again)["type"] == "state"
    with limited_client(tmp_path, connections_total=1) as client:
        table = new_table(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as first:
            hello(first)
            with client.websocket_connect(f"/ws/tables/{table['id']}") as second:
                assert json.loads(second.receive_text())["code"] == "too_many_connections"
