"""The levels in the lobby API: listed per game with names and ratings, and a seat takes one."""

from __future__ import annotations

from starlette.testclient import TestClient

from spieltisch.bots.levels import LEVEL_IDS, levels
from spieltisch.core.registry import game_names
from tests.server.conftest import is_state, new_table, receive


def test_games_list_four_rated_levels_with_both_names(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in game_names():
        listed = games[name]["levels"]
        assert [level["id"] for level in listed] == list(LEVEL_IDS)
        for level, known in zip(listed, levels(name), strict=True):
            assert level["spec"] == known.spec and set(level["name"]) == {"de", "en"}
            assert level["rating"] is not None and level["low"] <= level["rating"] <= level["high"]
    assert games["toy"]["levels"] == []  # a game without a level file offers none


def test_a_table_with_level_seats_plays_to_the_end(client: TestClient) -> None:
    beginner, casual = levels("souvenirs")[:2]
    table = new_table(client, game="souvenirs", seats=["beginner", casual.spec])
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [seat["bot"] for seat in seats] == ["beginner", casual.spec]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive(ws, is_state)
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        end = receive(ws, lambda m: is_state(m) and m["status"] == "finished", limit=2000)
    assert end["result"]["winners"]
    assert beginner.spec != casual.spec


def test_a_seat_refuses_a_level_the_game_lacks(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"game": "souvenirs", "players": 2, "seats": ["grandmaster"]})
    assert reply.status_code == 400 and "strong" in reply.text
