"""The lobby REST API: games, tables, seats, bots and start."""

from __future__ import annotations

from sqlalchemy import event
from starlette.testclient import TestClient

from spieltisch.core.registry import game_class, game_names
from tests.server.conftest import new_table


def test_games_list_options_player_counts_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert (toy["min_players"], toy["max_players"]) == (2, 3)
    assert toy["options"][0]["name"] == "top" and toy["options"][0]["default"] == 5
    assert {"random", "heuristic"} <= {b["id"] for b in toy["bots"]}


def test_games_name_and_explain_their_options_in_german_and_english(client: TestClient) -> None:
    """Each game's options come with their names, help and choices in both languages, as the
    game declares them: the lobby keeps no words of its own for them."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in game_names():
        specs = {spec.name: spec for spec in game_class(name).option_specs}
        assert [o["name"] for o in games[name]["options"]] == list(specs)
        for option in games[name]["options"]:
            spec = specs[option["name"]]
            for lang in ("de", "en"):
                assert option["label"][lang] == spec.label_in(lang) and option["label"][lang].strip()
                assert option["help"][lang] == spec.help_in(lang) and len(option["help"][lang]) > 10
                assert option["choice_labels"][lang] == spec.choice_labels_in(lang)
                assert len(option["choice_labels"][lang]) == len(option["choices"])
            assert option["help"]["de"] != option["help"]["en"], (name, option["name"])
            assert option["help"]["en"] in spec.describe()  # the command line's help
            assert option["per_player"] == spec.per_player
    level8 = {o["name"]: o for o in games["level8"]["options"]}
    assert level8["side"]["choice_labels"]["de"] == ["Vorderseite", "Rückseite"]
    assert level8["side"]["label"] == {"de": "Seite der Levelkarte", "en": "Level card side"}
    top = games["toy"]["options"][0]  # a game that declares English only: its name and help in both
    assert top["label"] == {"de": "top", "en": "top"} and top["help"]["de"] == top["help"]["en"]


def test_create_take_seat_fill_bots_and_start(client: TestClient) -> None:
    table = new_table(client, name="Anna", options={"top": 7})
    assert table["seat"] == 0 and table["token"] and table["join_url"].endswith(f"#/table/{table['id']}")
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "open" and summary["options"] == {"top": 7}
    assert [s["kind"] for s in summary["seats"]] == ["human", "open"]
    taken = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bernd"})
    assert taken.json()["seat"] == 1
    again = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Carla"})
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"
    start = client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    assert start.status_code == 200
    running = [t["id"] for t in client.get("/api/tables", params={"status": "running"}).json()]
    assert table["id"] in running


def test_start_needs_every_seat_and_the_host_token(client: TestClient) -> None:
    table = new_table(client, name="Anna")
    url = f"/api/tables/{table['id']}"
    assert (
        client.post(f"{url}/start", json={"host_token": table["host_token"]}).json()["error"] == "seats_open"
    )
    wrong = client.post(f"{url}/bots", json={"host_token": "nope", "bot": "random"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "wrong_token"
    bad_bot = client.post(f"{url}/bots", json={"host_token": table["host_token"], "bot": "oracle"})
    assert bad_bot.json()["error"] == "bad_bot" and "heuristic" in bad_bot.json()["message"]
    assert (
        client.post(f"{url}/bots", json={"host_token": table["host_token"], "bot": "random"}).status_code
        == 200
    )
    assert client.post(f"{url}/start", json={"host_token": "x"}).status_code == 403
    assert client.post(f"{url}/start", json={"host_token": table["host_token"]}).status_code == 200
    again = client.post(f"{url}/start", json={"host_token": table["host_token"]})
    assert again.status_code == 409 and again.json()["error"] == "not_open"


def test_bad_requests_are_clear_errors(client: TestClient) -> None:
    unknown = client.post("/api/tables", json={"game": "chess", "players": 2})
    assert unknown.json()["error"] == "bad_options" and "toy" in unknown.json()["message"]
    too_many = client.post("/api/tables", json={"game": "toy", "players": 9})
    assert too_many.json()["error"] == "bad_options"
    bad_option = client.post("/api/tables", json={"game": "toy", "players": 2, "options": {"top": 99}})
    assert bad_option.json()["error"] == "bad_options" and "top" in bad_option.json()["message"]
    extra_field = client.post("/api/tables", json={"game": "toy", "players": 2, "admin": True})
    assert extra_field.status_code == 422 and extra_field.json()["error"] == "malformed"
    assert client.get("/api/tables/nothing-here").status_code == 404


def test_player_names_are_validated(client: TestClient) -> None:
    table = new_table(client)
    for name in ["<script>alert(1)</script>", "", "x" * 40, "a\u0000b", '"quoted"']:
        reply = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": name})
        assert reply.status_code == 422, name
    ok = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "  Jörg   O'Neil-Ünal "})
    assert ok.status_code == 200
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[0]["name"] == "Jörg O'Neil-Ünal"


def test_names_lose_blanks_of_every_kind_and_keep_something_visible(client: TestClient) -> None:
    """NBSP, zero-width and format characters, Hangul fillers: blanks, trimmed like spaces."""
    table = new_table(client, seats=["open", "open"])
    for name in ["\u00a0\u00a0\u00a0", "\u200b\u200b", "\u2060\ufeff", "\u3164", "\u00a0\u200b\u3000"]:
        seated = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": name})
        created = client.post("/api/tables", json={"game": "toy", "players": 2, "name": name})
        assert seated.status_code == created.status_code == 422, repr(name)
        assert seated.json()["error"] == created.json()["error"] == "malformed"
    ok = client.post(
        f"/api/tables/{table['id']}/seats/0", json={"name": "\u200b\u00a0Anna\u00a0\u00a0Maria\ufeff"}
    )
    assert ok.status_code == 200, ok.text
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Anna Maria"


def test_counts_are_json_integers_as_the_websocket_messages_are(client: TestClient) -> None:
    """2.0, "60" and true were read as numbers; docs/server.md promises strict integers."""
    refused = [
        {"game": "toy", "players": 2.0},
        {"game": "toy", "players": "2"},
        {"game": "toy", "players": True},
        {"game": "toy", "players": 2, "clock": {"kind": "move", "seconds": "60"}},
        {"game": "toy", "players": 2, "clock": {"kind": "move", "seconds": 60.0}},
    ]
    for body in refused:
        reply = client.post("/api/tables", json=body, headers={"accept-language": "de"})
        assert reply.status_code == 422 and "muss eine ganze Zahl sein" in reply.json()["message"], body
    table = new_table(client, clock={"kind": "move", "seconds": 60})
    bots = client.post(
        f"/api/tables/{table['id']}/bots", json={"host_token": table["host_token"], "seat": 1.0}
    )
    assert bots.status_code == 422
    assert client.get("/api/tables").json()[0]["seats"][1]["kind"] == "open"


def test_rule_options_are_json_values_of_their_kind(client: TestClient) -> None:
    """The command line reads "7" as 7; over JSON "7", 7.0 and true for a number are mistakes."""
    for value in ["7", 7.0, True]:
        reply = client.post("/api/tables", json={"game": "toy", "players": 2, "options": {"top": value}})
        assert reply.status_code == 400 and reply.json()["error"] == "bad_options", value
        assert "whole number" in reply.json()["message"], value
    assert client.get("/api/tables").json() == []
    accepted = client.post("/api/tables", json={"game": "toy", "players": 2, "options": {"top": 7}})
    assert accepted.status_code == 200


def test_security_headers_and_placeholder_page(client: TestClient) -> None:
    page = client.get("/")
    assert "not built" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"


def test_the_lobby_list_is_one_query_and_cached_briefly(client: TestClient) -> None:
    for number in range(12):
        new_table(client, name=f"P{number}")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    statements: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        statements.append(statement)

    event.listen(hub.store.engine.sync_engine, "before_cursor_execute", count)
    try:
        listed = client.get("/api/tables", params={"status": "open"}).json()
        assert len(statements) == 1
        assert len(listed) == 12 and all(len(t["seats"]) == 2 for t in listed)
        assert [t["seats"][0]["name"] for t in listed] == [f"P{n}" for n in reversed(range(12))]
        assert client.get("/api/tables", params={"status": "open"}).json() == listed
        assert len(statements) == 1  # the second within a second came from the cache
    finally:
        event.remove(hub.store.engine.sync_engine, "before_cursor_execute", count)
    new_table(client, name="Late")  # a change made here is listed at once
    assert len(client.get("/api/tables", params={"status": "open"}).json()) == 13
