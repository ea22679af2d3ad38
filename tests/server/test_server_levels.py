"""The levels in the lobby API: listed per game with names and ratings, and a seat takes one."""

from __future__ import annotations

from starlette.testclient import TestClient

from spieltisch.bots.learned.search import WEIGHTS
from spieltisch.bots.levels import LEVEL_IDS, levels
from spieltisch.core.registry import game_names
from spieltisch.server.catalog import BOT_CHOICES
from tests.server.conftest import is_state, new_table, receive

LEARNED = next(spec for spec, _ in BOT_CHOICES if spec.startswith("learned"))


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


def trained_counts(game: str) -> list[int]:
    """The player counts the package has a learned network for, from its weight files."""
    return sorted(int(path.stem.split("-")[-1][:-1]) for path in WEIGHTS.glob(f"{game}-*p.npz"))


def test_the_learned_bot_is_offered_only_where_a_network_was_trained(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in game_names():
        learned = [bot for bot in games[name]["bots"] if bot["id"].startswith("learned")]
        counts = trained_counts(name)
        assert [bot["players"] for bot in learned] == ([counts] if counts else [])
    assert trained_counts("souvenirs") == [2]  # the package's weights: Souvenirs and ALLEGRA for two
    heuristic = next(bot for bot in games["allegra"]["bots"] if bot["id"] == "heuristic")
    assert heuristic["players"] == list(
        range(games["allegra"]["min_players"], games["allegra"]["max_players"] + 1)
    )


def test_a_table_of_another_player_count_refuses_the_learned_bot_in_both_languages(
    client: TestClient,
) -> None:
    before = client.get("/api/tables").json()
    body = {"game": "souvenirs", "players": 3, "seats": ["open", LEARNED, "heuristic"]}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400 and refused.json()["error"] == "bad_bot"
    assert "only with 2 players, not with 3" in refused.json()["message"]
    german = client.post("/api/tables", json=body, headers={"Accept-Language": "de"})
    assert "nur mit 2 Spielern, nicht mit 3" in german.json()["message"]
    assert client.get("/api/tables").json() == before
    three = new_table(client, game="souvenirs", players=3)
    add = client.post(
        f"/api/tables/{three['id']}/bots", json={"host_token": three["host_token"], "bot": LEARNED}
    )
    assert add.status_code == 400 and "only with 2 players" in add.json()["message"]
    assert all(seat["kind"] == "open" for seat in client.get(f"/api/tables/{three['id']}").json()["seats"])
    two = new_table(client, game="souvenirs", seats=["open", LEARNED])
    assert client.get(f"/api/tables/{two['id']}").json()["seats"][1]["bot"] == LEARNED
