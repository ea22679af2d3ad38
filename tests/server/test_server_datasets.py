"""Data-file options over the web: offered data sets by name or uploaded content, never a server path.

Before, `POST /api/tables` with `deck_file`, `score_table`, `levels_file`,
`wardrobe` or `cards` opened any path the visitor named: errors told whether
a file existed, a TOML file's values showed in the message, /dev/zero grew
the process past 1 GB and a pipe froze the server.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from spieltisch import cli
from spieltisch.core.data import MAX_DATA_FILE_BYTES
from spieltisch.core.registry import game_class, game_names
from spieltisch.server import commands
from spieltisch.server.app import create_app
from spieltisch.server.datasets import file_options
from tests.core.oversized import FILE_OPTIONS, NESTED, OVERSIZED, Oversized
from tests.server.conftest import make_settings, new_table

DECK = "[deck]\ncounts = [3, 6, 8, 10, 12, 13, 14, 13, 12, 10, 8, 6, 5]\n"


def offered_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "offered"
    (folder / "allegra" / "deck_file").mkdir(parents=True)
    (folder / "allegra" / "deck_file" / "small.toml").write_text(DECK, encoding="utf-8")
    return folder


def test_every_refused_value_of_every_data_file_option_gets_the_same_answer(tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    probes = [
        "/etc/passwd", "/dev/zero", "/proc/self/fd/1", str(fifo), str(secret), str(tmp_path),
        "../../../../etc/hostname", "no-such-file.toml", "small.toml", "allegra/deck_file/small",
        " ", "upload",
    ]  # fmt: skip
    cases = [(name, option) for name in game_names() for option in file_options(game_class(name))]
    assert len(cases) >= 6  # every game's data-file options
    with TestClient(create_app(make_settings(tmp_path, data_sets=offered_folder(tmp_path)))) as client:
        for name, option in cases:
            answers = set()
            for probe in [*probes, 7, ["x"]]:
                body = {"game": name, "players": game_class(name).min_players, "options": {option: probe}}
                reply = client.post("/api/tables", json=body)
                answers.add((reply.status_code, reply.text))
            assert len(answers) == 1, (name, option, answers)
            status, text = answers.pop()
            assert status == 400 and "hunter2" not in text and str(tmp_path) not in text
    assert client.get("/api/tables").json() == []


def test_offered_data_sets_are_listed_and_a_table_keeps_the_content_it_was_made_with(tmp_path: Path) -> None:
    folder = offered_folder(tmp_path)
    settings = make_settings(tmp_path, data_sets=folder)
    with TestClient(create_app(settings)) as client:
        allegra = {g["name"]: g for g in client.get("/api/games").json()}["allegra"]
        offered = {o["name"]: o["data_sets"] for o in allegra["options"]}
        assert offered["deck_file"] == ["small"] and offered["knocking"] == []
        table = new_table(client, game="allegra", options={"deck_file": "small"})
        assert client.get(f"/api/tables/{table['id']}").json()["options"]["deck_file"] == "small"
    (folder / "allegra" / "deck_file" / "small.toml").unlink()  # the operator takes it away
    with TestClient(create_app(settings)) as client:
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            state = json.loads(ws.receive_text())
        assert state["options"]["deck_file"] == "small" and str(tmp_path) not in json.dumps(state)


def test_an_uploaded_file_is_checked_capped_and_named_without_a_server_path(
    client: TestClient, tmp_path: Path
) -> None:
    table = new_table(client, game="allegra", files={"deck_file": DECK})
    assert client.get(f"/api/tables/{table['id']}").json()["options"]["deck_file"] == "upload"
    broken = client.post(
        "/api/tables", json={"game": "allegra", "players": 2, "files": {"deck_file": "[deck\n"}}
    )
    message = broken.json()["message"]
    assert broken.status_code == 400 and message.startswith("deck_file (upload) is not valid TOML")
    assert "\n" not in message and str(tmp_path) not in message
    wrong = client.post(
        "/api/tables", json={"game": "allegra", "players": 2, "files": {"deck_file": "[deck]\n"}}
    )
    assert wrong.status_code == 400 and "deck_file (upload)" in wrong.json()["message"]
    huge = "# " + "x" * MAX_DATA_FILE_BYTES + "\n" + DECK
    too_large = client.post(
        "/api/tables", json={"game": "allegra", "players": 2, "files": {"deck_file": huge}}
    )
    assert too_large.status_code in (413, 422) and too_large.json()["error"] in ("too_large", "malformed")
    elsewhere = client.post(
        "/api/tables", json={"game": "allegra", "players": 2, "files": {"knocking": DECK}}
    )
    assert elsewhere.status_code == 400 and elsewhere.json()["error"] == "bad_options"


@pytest.mark.parametrize("case", OVERSIZED, ids=str)
def test_an_oversized_upload_is_refused_naming_the_bound_in_the_requests_language(
    client: TestClient, case: Oversized, tmp_path: Path
) -> None:
    """Before, a 145-byte Calcory deck answered 200 and grew the server by about 600 MB."""
    body = {"game": case.game, "players": case.players, "files": {case.option: case.text}}
    english = client.post("/api/tables", json=body)
    german = client.post("/api/tables", json=body, headers={"accept-language": "de"})
    assert english.status_code == german.status_code == 400
    assert english.json()["error"] == german.json()["error"] == "bad_options"
    assert f"{case.option} (upload)" in english.json()["message"]
    assert f"{case.entry}: at most {case.limit} " in english.json()["message"]
    assert f"{case.entry}: höchstens {case.limit} " in german.json()["message"]
    assert client.get("/api/tables").json() == []
    assert not list((tmp_path / "data-sets").glob("*.toml")), "a refused upload left its file behind"


def test_a_deeply_nested_file_uploaded_or_offered_is_a_400_without_a_traceback(tmp_path: Path) -> None:
    """Before, 30,000 nested "[" raised RecursionError in the TOML parser: a 500."""
    folder = tmp_path / "offered"
    for game, option in FILE_OPTIONS:
        (folder / game / option).mkdir(parents=True)
        (folder / game / option / "deep.toml").write_text(NESTED, encoding="utf-8")
    app = create_app(make_settings(tmp_path, data_sets=folder))
    with TestClient(app, raise_server_exceptions=False) as client:
        for game, option in FILE_OPTIONS:
            players = game_class(game).min_players
            uploaded = {"game": game, "players": players, "files": {option: NESTED}}
            offered = {"game": game, "players": players, "options": {option: "deep"}}
            for body in (uploaded, offered):
                reply = client.post("/api/tables", json=body, headers={"accept-language": "de"})
                assert reply.status_code == 400, (game, option, reply.text)
                assert "zu tief verschachtelt" in reply.json()["message"] and "Traceback" not in reply.text


def test_serve_stops_at_once_naming_a_data_set_it_cannot_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = offered_folder(tmp_path)
    (folder / "allegra" / "deck_file" / "deep.toml").write_text(NESTED, encoding="utf-8")

    def no_listening(host: str, port: int) -> None:
        raise AssertionError("the server started with a data set it cannot parse")

    monkeypatch.setattr(commands, "bind", no_listening)
    args = ["serve", "--no-build", "--data-dir", str(tmp_path / "data"), "--data-sets", str(folder)]
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 2
    assert "deep.toml is not valid TOML: its lists or tables are nested too deeply" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_only_regular_files_inside_the_data_sets_folder_are_offered(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, a link to /proc/self/environ was offered, and read when a table chose it."""
    folder = offered_folder(tmp_path)
    decks = folder / "allegra" / "deck_file"
    outside = tmp_path / "outside.toml"
    outside.write_text(DECK, encoding="utf-8")
    (decks / "environ.toml").symlink_to("/proc/self/environ")
    (decks / "outside.toml").symlink_to(outside)
    (decks / "escape.toml").symlink_to(Path("..") / ".." / ".." / "outside.toml")
    (decks / "inside.toml").symlink_to(decks / "small.toml")  # a link that stays inside is fine
    (decks / "loop.toml").symlink_to(decks / "loop.toml")
    settings = make_settings(tmp_path, data_sets=folder)
    with (
        caplog.at_level(logging.WARNING, logger="spieltisch.server"),
        TestClient(create_app(settings)) as client,
    ):
        allegra = client.get("/api/games/allegra").json()
        offered = {o["name"]: o["data_sets"] for o in allegra["options"]}
        assert offered["deck_file"] == ["inside", "small"]
        for name in ("environ", "outside", "escape", "loop"):
            body = {"game": "allegra", "players": 2, "options": {"deck_file": name}}
            reply = client.post("/api/tables", json=body)
            assert reply.status_code == 400 and reply.json()["error"] == "bad_options"
        new_table(client, game="allegra", options={"deck_file": "inside"})
    refused = sorted(r.getMessage() for r in caplog.records if "is not offered" in r.getMessage())
    # Each once, however often the lobby lists the options.
    assert refused == [
        f"data set {decks / name}.toml is not offered: "
        + ("its links go round in a loop" if name == "loop" else "it leads out of the data-sets folder")
        for name in ("environ", "escape", "loop", "outside")
    ]
