"""The HTTP API against its own OpenAPI schema: schemathesis sends generated requests (valid and not).

Every answer must be documented (status, content type, body shape) and none
may be a server error. The schema also lists the websocket messages.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import jsonschema
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig
from starlette.testclient import TestClient
from typer.testing import CliRunner

from spieltisch import cli
from tests.server.conftest import is_state, make_settings, new_table, receive, serving


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(make_settings(tmp_path_factory.mktemp("openapi"))) as address:
        url = f"http://{address}"
        # A few tables to find: open, running and finished ones.
        with httpx.Client(base_url=url) as http:
            for seats in (["open", "random"], ["random", "random"]):
                table = http.post("/api/tables", json={"game": "toy", "players": 2, "seats": seats}).json()
                if seats[0] == "random":
                    http.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        yield url


schema = schemathesis.pytest.from_fixture("api_schema")


# How the API may refuse generated bad data: schemathesis's own list, plus 413, since bad data
# may also be too large, and the body-size limit refuses it as rightly as a 400 would.
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}}}
)


@pytest.fixture(scope="module")
def api_schema(base_url: str) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{base_url}/api/openapi.json", config=CONFIG)


@pytest.mark.timeout(600)
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_documented_and_none_is_a_server_error(
    case: schemathesis.Case, base_url: str
) -> None:
    # A request can be well-formed yet name a game or table that does not exist: refusing it is right.
    case.call_and_validate(base_url=base_url, excluded_checks=[positive_data_acceptance])


def test_every_websocket_message_of_a_game_fits_the_published_schema(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    components = document["components"]["schemas"]
    assert {"ClientMessage", "ServerMessage", "StateMessage", "LogEntry", "Hello"} <= set(components)
    published = client.get("/api/messages").json()
    server_message = {"$defs": published["$defs"], "$ref": "#/$defs/ServerMessage"}
    client_message = {"$defs": published["$defs"], "$ref": "#/$defs/ClientMessage"}
    table = new_table(client, game="show", name="Anna", seats=["open", "random"])
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    sent: list[dict] = [{"type": "hello", "token": table["token"], "lang": "de"}, {"type": "ping"}]
    received: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        for message in sent:
            ws.send_text(json.dumps(message))
        receive(ws, lambda m: received.append(m) or m["type"] == "pong")
        message = [m for m in received if is_state(m)][-1]
        while not (is_state(message) and message["status"] == "finished"):
            if is_state(message) and message["legal"]:
                move = {"type": "action", "action": message["legal"][0]["id"], "version": message["version"]}
                sent.append(move)
                ws.send_text(json.dumps(move))
            message = json.loads(ws.receive_text())
            received.append(message)
        sent.append({"type": "action", "action": 0, "version": 0})
        ws.send_text(json.dumps(sent[-1]))
        received.append(receive(ws, lambda m: m["type"] == "error"))
    assert {m["type"] for m in received} == {"chat_history", "state", "pong", "error"}
    for message in received:
        jsonschema.validate(message, server_message)
    for message in sent:
        jsonschema.validate(message, client_message)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**received[-1], "extra": 1}, server_message)


def test_the_api_schema_command_writes_what_the_server_serves(client: TestClient, tmp_path: Path) -> None:
    out = tmp_path / "openapi.json"
    result = CliRunner().invoke(cli.app, ["api-schema", "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["components"] == client.get("/api/openapi.json").json()["components"]
