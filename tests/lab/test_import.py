"""`spieltisch import`: finished server games into a study folder that `spieltisch report` reads.

The data folder is made by the server's own Hub and Room (no sockets), so
every stored step is what a real server stores: ALLEGRA tables played to
their end by random legal moves, and one table still running.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.lab.importing import Pseudonyms
from spieltisch.server import schema
from spieltisch.server.catalog import Catalog
from spieltisch.server.datasets import DataSets
from spieltisch.server.hub import Hub
from spieltisch.server.messages import CreateTable
from spieltisch.server.room import Room
from spieltisch.server.settings import Settings
from spieltisch.server.store import ActionRow, Store
from tests.server.servers import run_apart

pytest.importorskip("matplotlib")

POSTGRES_URL = os.environ.get("SPIELTISCH_TEST_POSTGRES_URL")
NAMES = ("Alice Zebra", "Bertha Quux")
RUNNING_NAMES = ("Carla Secret", "Dora Hidden")
OLD_DAY = "2020-01-15"


@dataclass
class Server:
    data_dir: Path
    human_only: list[str]
    with_bot: list[str]
    no_knocking: str
    old: str
    running: str


class _Held:
    """Keeps a table's rows while it is played here, to be stored in one transaction at its end."""

    def __init__(self) -> None:
        self.rows: list[ActionRow] = []
        self.result: dict[str, Any] | None = None

    async def append_actions(self, table_id: str, rows: list[ActionRow], result: Any = None) -> None:
        self.rows += rows
        self.result = result


async def _table(hub: Hub, seats: list[str], names: tuple[str, ...], options: dict[str, Any]) -> Room:
    request = CreateTable(game="allegra", players=2, seats=seats, options=options)
    created = await hub.create_table(request, lambda table_id: table_id)
    for seat, kind in enumerate(seats):
        if kind == "open":
            await hub.take_seat(created.id, seat, names[seat])
    room = await hub.room(created.id)
    room.drives = False  # every move is played below, the bots' too
    await hub.start(created.id, created.host_token)
    return room


async def _play(room: Room, rng: random.Random, moves: int | None = None) -> None:
    """Random legal moves through the path a person's move takes, to the end (or `moves` of them)."""
    store, held = room.store, _Held()
    room.store = held  # type: ignore[assignment]
    try:
        played = 0
        while not room.state.is_terminal() and (moves is None or played < moves):
            state = room.state
            await room.act(state.current_player(), rng.choice(state.legal_actions()), state.version)
            played += 1
    finally:
        room.store = store
    await store.append_actions(room.id, held.rows, held.result)


async def _build(settings: Settings) -> Server:
    store = await Store.open(settings.resolved_database_url())
    hub = Hub(store, Catalog(data_sets=DataSets(None, settings.data_dir / "data-sets")), settings)
    rng = random.Random(5)
    try:
        people, bots = ["open", "open"], ["open", "random"]
        human_only = [await _table(hub, people, NAMES, {}) for _ in range(3)]
        with_bot = [await _table(hub, bots, NAMES, {}) for _ in range(2)]
        no_knocking = await _table(hub, people, NAMES, {"knocking": False})
        old = await _table(hub, people, NAMES[::-1], {})
        running = await _table(hub, people, RUNNING_NAMES, {})
        for room in [*human_only, *with_bot, no_knocking, old]:
            await _play(room, rng)
        await _play(running, rng, moves=6)
        await hub.shutdown()
        day = datetime.fromisoformat(OLD_DAY).replace(tzinfo=UTC).timestamp() + 3600
        async with store.engine.begin() as connection:
            made_then = schema.tables.update().where(schema.tables.c.id == old.id).values(created_at=day)
            await connection.execute(made_then)
    finally:
        await store.close()
    ids = [room.id for room in human_only], [room.id for room in with_bot]
    return Server(settings.data_dir, *ids, no_knocking.id, old.id, running.id)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Server:
    data_dir = tmp_path_factory.mktemp("server")
    return run_apart(_build(Settings(data_dir=data_dir, bot_delay=0.0, tables_per_minute=0)))


def spieltisch(*arguments: str) -> Any:
    return CliRunner().invoke(app, [str(a) for a in arguments])


def import_to(server: Server, out: Path, *extra: str) -> Any:
    result = spieltisch(
        "import", "allegra", "--data-dir", server.data_dir, "--out", out, "--no-plots", *extra
    )
    return result


def games(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def stored(server: Server) -> dict[str, tuple[str, int, list[int]]]:
    """Each table's status, seed and stored actions, read straight from the database."""
    with sqlite3.connect(server.data_dir / "spieltisch.sqlite3") as connection:
        tables = connection.execute("SELECT id, status, seed FROM tables").fetchall()
        steps = connection.execute("SELECT table_id, action FROM actions ORDER BY table_id, idx").fetchall()
    return {t: (status, seed, [a for owner, a in steps if owner == t]) for t, status, seed in tables}


INLINE_IMAGE = re.compile(r"data:image/png;base64,[A-Za-z0-9+/=]+")
"""report.html's plots: the PNG files beside it, read as files (their base64 would spell words by chance)."""


def all_text(folder: Path) -> str:
    texts = [path.read_bytes().decode("utf-8", "replace") for path in folder.rglob("*") if path.is_file()]
    return "\n".join(INLINE_IMAGE.sub("data:image/png;base64,", text) for text in texts)


def test_an_import_is_a_study_the_report_counts(server: Server, tmp_path: Path) -> None:
    out = tmp_path / "real"
    result = import_to(server, out)
    assert result.exit_code == 0, result.output
    found = games(out)
    # The largest group of one rule set: the default rules (knocking=false is left out).
    expected = {*server.human_only, *server.with_bot, server.old}
    assert len(found) == len(expected)
    tables = stored(server)
    finished = {table: actions for table, (status, _, actions) in tables.items() if table in expected}
    assert sorted(g["actions"] for g in found) == sorted(finished.values())

    again = spieltisch("report", out, "--no-plots")
    assert again.exit_code == 0, again.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["variants"]["base"]["games"] == len(expected)
    report = (out / "report.md").read_text()
    assert f"{len(expected)} finished games imported" in report
    assert f"4 of the {len(expected)} games were human-only" in report
    assert "## Figures with intervals" in report
    assert "left out: 1 (other players or rules" in report


def test_scores_and_winners_are_the_replayed_games_own(server: Server, tmp_path: Path) -> None:
    from spieltisch.core.registry import load_game

    out = tmp_path / "real"
    assert import_to(server, out).exit_code == 0
    for game in games(out):
        state = load_game("allegra", 2).new_initial_state()
        for action in game["actions"]:
            state.apply_action(action)
        assert state.is_terminal()
        assert (game["scores"], game["winners"]) == (state.scores(), state.winners())
        assert game["decisions"] > 0 and game["steps"] == len(game["actions"])


def test_seats_are_marked_human_or_bot_and_people_get_pseudonyms(server: Server, tmp_path: Path) -> None:
    out = tmp_path / "real"
    assert import_to(server, out, "--salt", "kept secret").exit_code == 0
    found = games(out)
    pseudonym = Pseudonyms("kept secret")
    bots = [g for g in found if not all(g["humans"])]
    assert len(bots) == len(server.with_bot)
    for game in bots:
        assert game["bots"] == ["human", "random"] and game["humans"] == [True, False]
        assert game["players"] == [pseudonym(NAMES[0]), ""]
    people = [g for g in found if all(g["humans"])]
    assert {tuple(g["players"]) for g in people} == {
        (pseudonym(NAMES[0]), pseudonym(NAMES[1])),
        (pseudonym(NAMES[1]), pseudonym(NAMES[0])),
    }
    assert all(g["bots"] == ["human", "human"] for g in people)
    assert pseudonym(NAMES[0]).startswith("player-") and len(pseudonym(NAMES[0])) == 15
    assert "kept secret" not in all_text(out)


def test_no_name_and_nothing_of_the_running_game_leaves_the_database(server: Server, tmp_path: Path) -> None:
    out = tmp_path / "real"
    assert import_to(server, out).exit_code == 0
    assert spieltisch("report", out).exit_code == 0  # with plots: every file the report writes
    text = all_text(out).casefold()
    for name in (*NAMES, *RUNNING_NAMES):
        for part in name.casefold().split():
            assert part not in text, part
    status, seed, actions = stored(server)[server.running]
    assert status == "running"
    assert server.running not in all_text(out) and str(seed) not in text
    # Its deal (the chance steps stored so far) is in no imported game.
    for game in games(out):
        assert game["actions"][: len(actions)] != actions
    for table in (*server.human_only, *server.with_bot):
        assert table not in all_text(out)  # tables are not named either


def test_filters_choose_the_games(server: Server, tmp_path: Path) -> None:
    humans = import_to(server, tmp_path / "humans", "--humans-only")
    assert humans.exit_code == 0, humans.output
    assert len(games(tmp_path / "humans")) == len(server.human_only) + 1
    assert all(all(g["humans"]) for g in games(tmp_path / "humans"))

    knocking = import_to(server, tmp_path / "knocking", "-o", "knocking=false")
    assert knocking.exit_code == 0, knocking.output
    assert [g["options"] for g in games(tmp_path / "knocking")] == [{"knocking": False}]
    assert json.loads((tmp_path / "knocking" / "study.json").read_text())["options"] == {"knocking": False}

    old = import_to(server, tmp_path / "old", "--until", OLD_DAY)
    assert old.exit_code == 0, old.output
    assert [g["played_on"] for g in games(tmp_path / "old")] == [OLD_DAY]
    recent = import_to(server, tmp_path / "recent", "--since", "2020-01-16")
    assert recent.exit_code == 0, recent.output
    assert len(games(tmp_path / "recent")) == len(server.human_only) + len(server.with_bot)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--until", "2019-12-31"], "no finished allegra games"),
        (["-o", "colour=red"], "unknown option 'colour'"),
        (["--since", "yesterday"], "YYYY-MM-DD"),
        (["--players", "4"], "no finished allegra games"),
    ],
)
def test_bad_filters_say_why_and_write_nothing(
    server: Server, tmp_path: Path, arguments: list[str], message: str
) -> None:
    out = tmp_path / "nothing"
    result = import_to(server, out, *arguments)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not out.exists()


def test_a_folder_without_a_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    result = spieltisch("import", "allegra", "--data-dir", tmp_path, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "no server database" in result.output
    assert list(tmp_path.iterdir()) == []


def test_real_play_beside_bot_play_of_the_same_rules(server: Server, tmp_path: Path) -> None:
    real, bots = tmp_path / "real", tmp_path / "bots"
    assert import_to(server, real).exit_code == 0
    simulated = spieltisch(
        "simulate", "allegra", "--players", "2", "--games", "20", "--bots", "random", "--workers", "1",
        "--out", bots, "--no-plots",
    )  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    result = spieltisch("report", real, "--beside", bots)
    assert result.exit_code == 0, result.output
    assert (real / "beside.png").read_bytes()[:4] == b"\x89PNG"  # the chart of people beside bots
    assert 'alt="people beside bots' in (real / "report.html").read_text(encoding="utf-8")
    summary = json.loads((real / "summary.json").read_text())
    rows = {row["measure"]: row for row in summary["beside"]["rows"]}
    length = rows["game length (decisions)"]
    people = [g["decisions"] for g in games(real)]
    assert length["people"] == pytest.approx(sum(people) / len(people))
    assert length["bots_games"] == 20 and length["people_games"] == len(people)
    assert length["difference"] == pytest.approx(length["people"] - length["bots"])
    assert length["low"] < length["difference"] < length["high"]
    assert "## Beside bot play (bots: 20 games of random)" in (real / "report.md").read_text()

    other = tmp_path / "other"
    spieltisch("simulate", "allegra", "--players", "2", "--games", "2", "-o", "knocking=false",
               "--bots", "random", "--workers", "1", "--out", other, "--no-plots")  # fmt: skip
    refused = spieltisch("report", real, "--beside", other, "--no-plots")
    assert refused.exit_code == 2 and "different rules" in refused.output


def test_an_import_from_postgresql_finds_the_same_games(tmp_path: Path) -> None:
    if not POSTGRES_URL:
        pytest.skip("SPIELTISCH_TEST_POSTGRES_URL is not set")
    from tests.server.servers import throwaway_database

    with throwaway_database(POSTGRES_URL, "spieltisch_import") as url:
        settings = Settings(data_dir=tmp_path, database_url=url, bot_delay=0.0, tables_per_minute=0)
        server = run_apart(_build(settings))
        out = tmp_path / "real"
        result = spieltisch("import", "allegra", "--database-url", url, "--out", out, "--no-plots")
        assert result.exit_code == 0, result.output
    found = games(out)
    assert len(found) == len(server.human_only) + len(server.with_bot) + 1
    assert sum(all(g["humans"]) for g in found) == len(server.human_only) + 1
    text = all_text(out).casefold()
    assert not any(part.casefold() in text for name in (*NAMES, *RUNNING_NAMES) for part in name.split())


def test_the_import_writes_one_html_page_with_its_command_and_plots(
    server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "real"
    arguments = ["import", "allegra", "--data-dir", str(server.data_dir), "--salt", "kept secret"]
    arguments += ["--out", str(out)]
    monkeypatch.setattr(sys, "argv", ["spieltisch", *arguments])  # the command line the report repeats
    assert spieltisch(*arguments).exit_code == 0
    page = (out / "report.html").read_text(encoding="utf-8")
    shown = f"spieltisch import allegra --data-dir {server.data_dir} --salt SALT --out {out}"
    assert page.count(shown) == 2  # at the top and in the footer, the salt hidden
    assert "kept secret" not in page and "Figures with intervals" in page and "matplotlib" in page
    assert page.count("data:image/png;base64,") == 3 and "<table>" in page
