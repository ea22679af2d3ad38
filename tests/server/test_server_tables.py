"""Tables over websockets: moves, bots, errors that change nothing, reconnect, chat, result, replay."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import spieltisch.server.app as app_module
from spieltisch.bots import Bot
from spieltisch.core.record import Record
from spieltisch.server.app import create_app
from spieltisch.server.errors import CloseCode
from tests.server.conftest import hello, is_state, make_settings, new_table, receive, state_at


def started_table(client: TestClient, seats: list[str] | None = None) -> dict:
    table = new_table(client, name="Anna", seats=seats or ["open", "random"])
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    return table


def play_to_end(ws: Any, message: dict) -> dict:
    """Keep choosing the first legal move until the game is finished."""
    while message["status"] != "finished":
        if message["legal"]:
            ws.send_text(
                json.dumps(
                    {"action": message["legal"][0]["id"], "version": message["version"], "type": "action"}
                )
            )
            message = receive(ws, state_at(message["version"] + 1))
        else:
            message = receive(ws, is_state)
    return message


def test_a_person_plays_a_whole_game_against_a_bot(client: TestClient) -> None:
    table = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        first = hello(ws, table["token"])
        assert first["you"] == 0 and first["status"] == "running"
        end = play_to_end(ws, first)
    assert end["result"]["winners"] and len(end["result"]["scores"]) == 2
    own = [entry for entry in end["log"] if entry["seat"] == 0]
    assert own and all(entry["label"] in ("keep", "swap") for entry in own)
    assert all(entry["label"] is None for entry in end["log"] if entry["seat"] != 0)
    listed = client.get("/api/tables", params={"status": "finished"}).json()
    # The lobby lists the bare result; the table explains it as well (why it ended, the score's parts).
    explained = {"end_reason": None, "score_breakdown": []}
    assert [t["result"] | explained for t in listed if t["id"] == table["id"]] == [end["result"]]


def test_bots_alone_play_to_the_end_and_a_spectator_sees_it(client: TestClient) -> None:
    table = new_table(client, seats=["heuristic", "random"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive(ws, is_state)
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        end = receive(ws, lambda m: is_state(m) and m["status"] == "finished")
    assert end["you"] is None and end["legal"] == []
    assert all(card is not None for card in end["view"]["cards"])


def errors_change_nothing(ws: Any, message: dict, sends: list[Any], code: str) -> None:
    for send in sends:
        ws.send_text(send if isinstance(send, str) else json.dumps(send))
        error = receive(ws, lambda m: m["type"] == "error")
        assert error["code"] == code, (send, error)
    ws.send_text(json.dumps({"type": "ping"}))
    receive(ws, lambda m: m["type"] == "pong")


def test_bad_messages_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    table = started_table(client, ["open", "open"])
    other = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bea"}).json()
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        spectator_state = receive(ws, is_state)
        errors_change_nothing(
            ws, spectator_state, [{"type": "action", "action": 0, "version": 0}], "not_seated"
        )
        errors_change_nothing(ws, spectator_state, [{"type": "hello", "token": "forged"}], "wrong_token")
        state = hello(ws, table["token"])
        version = state["version"]
        errors_change_nothing(
            ws,
            state,
            [
                "{not json",
                "[]",
                {"type": "action", "action": "0", "version": version},
                {"type": "action", "action": 0},
                {"type": "action", "action": 0, "version": version, "extra": 1},
                {"type": "teleport"},
            ],
            "malformed",
        )
        errors_change_nothing(
            ws, state, [{"type": "action", "action": 0, "version": version + 5}], "stale_version"
        )
        errors_change_nothing(
            ws, state, [{"type": "action", "action": 7, "version": version}], "illegal_action"
        )
        errors_change_nothing(ws, state, ["x" * 5000], "too_large")
        errors_change_nothing(ws, state, [{"type": "chat", "text": "y" * 301}], "malformed")
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws2:
            hello(ws2, other["token"])
            errors_change_nothing(
                ws2, state, [{"type": "action", "action": 0, "version": version}], "not_your_turn"
            )
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "running"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        again = hello(ws, table["token"])
    assert again["version"] == version and again["view"] == state["view"]


def test_reconnecting_with_the_seat_token_resumes(client: TestClient) -> None:
    table = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        state = hello(ws, table["token"])
        ws.send_text(
            json.dumps({"type": "action", "action": state["legal"][0]["id"], "version": state["version"]})
        )
        after = receive(ws, state_at(state["version"] + 1))
    with client.websocket_connect(f"/ws/tables/{table['id']}?lang=de") as ws:
        resumed = hello(ws, table["token"], lang="de")
        assert resumed["version"] >= after["version"] and resumed["you"] == 0
        assert resumed["view"]["cards"][0] is not None
        play_to_end(ws, resumed)


def test_chat_reaches_everyone_and_is_kept(client: TestClient) -> None:
    table = started_table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table['id']}") as player,
        client.websocket_connect(f"/ws/tables/{table['id']}") as watcher,
    ):
        hello(player, table["token"])
        receive(watcher, is_state)
        player.send_text(json.dumps({"type": "chat", "text": "<b>Klopf</b> klopf"}))
        seen = receive(watcher, lambda m: m["type"] == "chat")
        assert seen["name"] == "Anna" and seen["text"] == "<b>Klopf</b> klopf" and seen["seat"] == 0
        watcher.send_text(json.dumps({"type": "chat", "text": "hi"}))
        assert receive(watcher, lambda m: m["type"] == "error")["code"] == "not_seated"
        for _ in range(5):
            player.send_text(json.dumps({"type": "chat", "text": "spam"}))
        assert receive(player, lambda m: m["type"] == "error")["code"] == "rate_limited"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as late:
        late.send_text(json.dumps({"type": "hello"}))
        history = receive(late, lambda m: m["type"] == "chat_history")
    assert history["messages"][0]["text"] == "<b>Klopf</b> klopf"


def test_the_others_see_a_player_go_offline(client: TestClient) -> None:
    """The leaving socket's handler is cancelled right after its close; its last broadcast still goes out."""
    table = new_table(client, name="Anna", seats=["open", "open"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        hello(watcher, None)
        for _ in range(5):
            with client.websocket_connect(f"/ws/tables/{table['id']}") as player:
                hello(player, table["token"])
                assert receive(watcher, lambda m: m["type"] == "presence" and m["seats"][0]["online"])
            # A small presence message, not the whole state, tells the others.
            news = [json.loads(watcher.receive_text())]
            while news[-1]["type"] != "presence" or news[-1]["seats"][0]["online"]:
                news.append(json.loads(watcher.receive_text()))
            assert [m["type"] for m in news] == ["presence"]


def test_rematch_and_replay_of_a_finished_game(client: TestClient) -> None:
    table = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        end = play_to_end(ws, hello(ws, table["token"]))
    last = end["version"]
    step0 = client.get(f"/api/tables/{table['id']}/replay/0").json()
    assert step0["version"] == 0 and step0["steps"] and step0["last_version"] == last
    assert step0["steps"] == [m["version"] for m in step0["moves"]]
    mine = client.get(
        f"/api/tables/{table['id']}/replay/{step0['steps'][0]}", headers={"x-seat-token": table["token"]}
    ).json()
    assert mine["you"] == 0 and mine["view"]["cards"][0] is not None
    # Steps are named by their move: in full for one's own, not at all for the toy's others.
    assert [s["move"]["kind"] for s in mine["moves"] if s["seat"] == 0] == [
        s["label"] for s in mine["moves"] if s["seat"] == 0
    ]
    assert all(s["label"] is None and s["move"] is None for s in step0["moves"])
    assert mine["result"] is None
    assert (
        client.get(f"/api/tables/{table['id']}/replay/{last}").json()["result"]["scores"]
        == end["result"]["scores"]
    )
    assert client.get(f"/api/tables/{table['id']}/replay/{last + 1}").json()["error"] == "bad_version"
    rematch = client.post(f"/api/tables/{table['id']}/rematch", json={"token": table["token"]}).json()
    assert rematch["seat"] == 0 and rematch["id"] != table["id"]
    again = client.post(f"/api/tables/{table['id']}/rematch", json={"token": table["token"]}).json()
    assert again["id"] == rematch["id"]
    assert client.get(f"/api/tables/{rematch['id']}").json()["status"] == "running"
    with client.websocket_connect(f"/ws/tables/{rematch['id']}") as ws:
        assert hello(ws, table["token"])["you"] == 0
    refused = client.post(f"/api/tables/{table['id']}/rematch", json={"token": "guess"})
    assert refused.status_code == 403


def test_a_whole_game_on_postgresql(tmp_path: Path) -> None:
    url = os.environ.get("SPIELTISCH_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("SPIELTISCH_TEST_POSTGRES_URL is not set")
    with TestClient(create_app(make_settings(tmp_path, database_url=url))) as client:
        table = started_table(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            end = play_to_end(ws, hello(ws, table["token"]))
        assert end["status"] == "finished"
        listed = client.get(f"/api/tables/{table['id']}").json()["result"]
        assert listed == {key: end["result"][key] for key in listed}


class SpyBot(Bot):
    """A random bot that keeps every state it is shown."""

    name = "random"

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def choose(self, state: Any, rng: Any) -> int:
        self.seen.append(state.clone())
        return int(rng.choice(state.legal_actions()))


def test_bots_see_only_a_state_redrawn_from_their_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("spieltisch.server.room.new_bot", lambda spec, game, seat: SpyBot())
    hub = client.app.state.hub  # type: ignore[attr-defined]
    shown, redrawn = 0, 0
    for _ in range(10):
        table = new_table(client, seats=["random", "random"], players=2)
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        room = hub.rooms[table["id"]]
        while client.get(f"/api/tables/{table['id']}").json()["status"] != "finished":
            time.sleep(0.01)
        for seat, bot in room.bots.items():
            for seen in bot.seen:
                truth = Record("toy", 2, room.table.options, room.state.history()).replay(
                    seen.version, game=room.game
                )
                assert seen is not truth and seen.view(seat) == truth.view(seat)
                shown += 1
                redrawn += seen.cards[1 - seat] != truth.cards[1 - seat]
    assert shown >= 20 and redrawn > 0, "the other seat's card is redrawn, not the true one"


def test_a_search_bot_plays_when_the_bot_factory_has_one(client: TestClient) -> None:
    bots = {b["id"] for b in client.get("/api/games").json()[0]["bots"]}
    search = sorted(b for b in bots if b.startswith("ismcts"))
    if not search:
        pytest.skip("no search bot available")
    table = new_table(client, seats=["open", search[0]], name="Anna")
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        end = play_to_end(ws, hello(ws, table["token"]))
    assert end["result"] is not None


def test_a_table_left_at_a_chance_node_is_drawn_on_restore(client: TestClient) -> None:
    """A crash between the start and its first write leaves a running table with no actions."""
    table = new_table(client, seats=["random", "random"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(hub.store.set_status, table["id"], "running")
    hub.rooms.pop(table["id"], None)
    client.portal.call(hub.resume_running)
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the restored table did not play on"
        time.sleep(0.02)


def test_errors_speak_the_clients_language_and_count_seats_from_one(client: TestClient) -> None:
    table = new_table(client, name="Anna", seats=["open", "open"])
    other = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bea"}).json()
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        state = hello(ws, other["token"], lang="de")
        turn = {"type": "action", "action": 0, "version": state["version"]}
        ws.send_text(json.dumps(turn))
        assert receive(ws, lambda m: m["type"] == "error")["message"] == "Anna ist am Zug (Platz 1)"
        ws.send_text(json.dumps({"type": "action", "action": "0", "version": 0}))
        malformed = receive(ws, lambda m: m["type"] == "error")["message"]
        assert malformed == "action.action: muss eine ganze Zahl sein"
        hello(ws, other["token"], lang="en")
        ws.send_text(json.dumps(turn))
        assert receive(ws, lambda m: m["type"] == "error")["message"] == "it is Anna's turn (seat 1)"
    taken = client.post(
        f"/api/tables/{table['id']}/seats/1",
        json={"name": "Cem"},
        headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"},
    )
    assert taken.json() == {"error": "not_open", "message": "Das Spiel hat schon begonnen"}
    missing = client.post("/api/tables", json={"players": 2}, headers={"accept-language": "de"})
    assert missing.json() == {"error": "malformed", "message": "game: fehlt"}
    assert client.get("/api/tables/nope").json()["message"] == "there is no table nope"


def test_moves_stored_before_structs_get_them_from_a_replay(tmp_path: Path) -> None:
    """Rows migrated from the label columns keep their names and gain structs and results."""
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        table = new_table(client, game="show", name="Anna", seats=["open", "random"])
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            end = play_to_end(ws, hello(ws, table["token"]))
    engine = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'spieltisch.sqlite3'}")
    with engine.begin() as connection:
        for row in connection.execute(
            sqlalchemy.text("SELECT idx, detail FROM actions WHERE seat >= 0")
        ).all():
            names = json.loads(row.detail)
            old = {"label": {"en": "old " + names["label"]["en"]}, "public": names["public"]}
            update = sqlalchemy.text("UPDATE actions SET detail = :detail WHERE idx = :idx")
            connection.execute(update, {"detail": json.dumps(old), "idx": row.idx})
    engine.dispose()
    with TestClient(create_app(settings)) as client:
        replay = client.get(f"/api/tables/{table['id']}/replay/0", headers={"x-seat-token": table["token"]})
    steps = replay.json()["moves"]
    assert [s["move"] for s in steps] == [e["move"] for e in end["log"]]
    assert [s["result"] for s in steps] == [e["result"] for e in end["log"]]
    assert all(s["label"].startswith("old ") for s in steps if s["seat"] == 0)


def test_chat_is_limited_per_seat_so_reconnecting_gives_no_new_allowance(client: TestClient) -> None:
    table = started_table(client)
    for _ in range(5):  # before: each new connection had a fresh allowance
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            hello(ws, table["token"])
            ws.send_text(json.dumps({"type": "chat", "text": "hallo"}))
            receive(ws, lambda m: m["type"] == "chat")
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"])
        ws.send_text(json.dumps({"type": "chat", "text": "noch einmal"}))
        assert receive(ws, lambda m: m["type"] == "error")["code"] == "rate_limited"


def test_a_chat_message_of_control_characters_only_is_refused(client: TestClient) -> None:
    table = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"], lang="de")
        ws.send_text(json.dumps({"type": "chat", "text": "\x07\x1b\u200b \t\x00"}))
        error = receive(ws, lambda m: m["type"] in ("error", "chat"))
        assert error["code"] == "malformed" and error["message"] == "chat.text: enthält nichts Lesbares"
        ws.send_text(json.dumps({"type": "chat", "text": "\x07gut\x1b"}))
        assert receive(ws, lambda m: m["type"] == "chat")["text"] == "gut"


def test_a_connection_that_never_says_hello_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "HELLO_TIMEOUT_SECONDS", 0.2)
    table = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert is_state(json.loads(ws.receive_text()))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == CloseCode.NO_HELLO


def test_a_table_names_its_players_in_move_names_and_the_log(client: TestClient) -> None:
    """LEVEL 8: "take R4 from Anna's pile" in each client's language, for the mover and in every log."""
    table = new_table(client, game="level8", name="Anna", seats=["open", "open"])
    other = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bea"}).json()
    client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    names = ["Anna", "Bea"]
    with (
        client.websocket_connect(f"/ws/tables/{table['id']}") as anna,
        client.websocket_connect(f"/ws/tables/{table['id']}") as bea,
    ):
        states = [hello(anna, table["token"], lang="en"), hello(bea, other["token"], lang="de")]
        sockets = [anna, bea]
        mover = states[0]["to_move"]
        take = next(m for m in states[mover]["legal"] if m["move"]["kind"] == "draw_pile")
        owner = names[take["move"]["owner"]]
        expected = [f"from {owner}'s pile", f"vom Ablagestapel von {owner} nehmen"]
        assert expected[mover] in take["label"] and "seat" not in take["label"].lower()
        turn = {"type": "action", "action": take["id"], "version": states[mover]["version"]}
        sockets[mover].send_text(json.dumps(turn))
        for seat, ws in enumerate(sockets):
            seen = receive(ws, state_at(states[seat]["version"] + 1))
            entry = seen["log"][-1]
            assert entry["seat"] == mover and expected[seat] in entry["label"], entry
