"""A table's reference data: the game's public tables (cards, wardrobe) that a display needs.

The expected data is read here straight from the TOML files, without the
game's model code, so the test checks the server sends what the files define
and nothing else: no deal, no hand, nothing that changes while the game runs.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

import spieltisch.games.lucandor
from spieltisch.games.lucandor.words import WORDS
from tests.server.conftest import new_table

DATA = Path(spieltisch.games.lucandor.__file__).parent / "data"
FUNCTIONS_WITH_DETAILS = {"dot": ("dot_colour", "points"), "end": ("storey",)}
# The rulebook's names of the card functions (the same for every box).
FUNCTION_NAMES = {
    "dot": {"de": "Wertungspunkt", "en": "scoring dot"},
    "end": {"de": "Endwertung", "en": "end scoring"},
    "hanger": {"de": "Kleiderbügel", "en": "hanger"},
    "needle": {"de": "Nadel & Faden", "en": "needle & thread"},
    "iron": {"de": "Bügeleisen", "en": "iron"},
    "drawer": {"de": "Schublade", "en": "drawer"},
}


def refitted_files(folder: Path) -> dict[str, str]:
    """A box owner's re-fit: the cards listed backwards (so every id changes), red
    renamed, and a wardrobe with a fourth section. Returns the table options."""
    cards = (DATA / "cards.toml").read_text(encoding="utf-8")
    head, _, body = cards.partition("\ncards = [\n")
    lines = body.splitlines()
    entries = [line for line in lines if line.lstrip().startswith("{ garment")]
    rest = lines[len(entries) :]
    head = head.replace('de = "rot", en = "red"', 'de = "karmin", en = "crimson"')
    (folder / "cards.toml").write_text(
        head + "\ncards = [\n" + "\n".join([*reversed(entries), *rest]) + "\n", encoding="utf-8"
    )
    wardrobe = (DATA / "wardrobe.toml").read_text(encoding="utf-8")
    right = '  { de = "rechts", en = "right" },\n'
    (folder / "wardrobe.toml").write_text(
        wardrobe.replace(right, right + '  { de = "außen", en = "outer" },\n'), encoding="utf-8"
    )
    return {"cards": str(folder / "cards.toml"), "wardrobe": str(folder / "wardrobe.toml")}


def named(entry: dict[str, Any], short: bool = True) -> dict[str, Any]:
    keys = ("key", "de", "en", "short_de", "short_en") if short else ("key", "de", "en")
    return {key: entry[key] for key in keys}


def expected_reference(options: dict[str, str]) -> dict[str, Any]:
    """What the data files of a table with these options define, in the reference's shape."""
    cards = tomllib.loads(Path(options.get("cards") or DATA / "cards.toml").read_text(encoding="utf-8"))
    wardrobe = tomllib.loads(
        Path(options.get("wardrobe") or DATA / "wardrobe.toml").read_text(encoding="utf-8")
    )
    colour = {c["key"]: i for i, c in enumerate(cards["colours"])}
    garment = {g["key"]: i for i, g in enumerate(cards["garments"])}
    corner = {c["key"]: i for i, c in enumerate(cards["corners"])}
    sections = len(wardrobe["sections"])

    def card(i: int, entry: dict[str, Any]) -> dict[str, Any]:
        got = {
            "id": i,
            "garment": garment[entry["garment"]],
            "colour": colour[entry["colour"]],
            "function": entry["function"],
            "thumb": corner[entry["thumb"]],
        }
        for key in FUNCTIONS_WITH_DETAILS.get(entry["function"], ()):
            value = entry[key]
            got[key] = colour[value] if key == "dot_colour" else value - 1 if key == "storey" else value
        return got

    def cell(slot: list[int]) -> int:
        return (slot[1] - 1) * sections + slot[0] - 1

    return {
        "colours": [named(c) for c in cards["colours"]],
        "garments": [
            {
                **named(g),
                "container": g["container"],
                "units": g.get("units", 0),
                "rest": g.get("rest"),
            }
            for g in cards["garments"]
        ],
        "corners": [named(c, short=False) for c in cards["corners"]],
        "cards": [card(i, entry) for i, entry in enumerate(cards["cards"])],
        "start_cards": [
            {"a": [colour[c] for c in s["a"]], "b": [colour[c] for c in s["b"]], "points": s["points"]}
            for s in cards["start_cards"]
        ],
        "start_side": 1 if options.get("start_side") == "B" else 0,
        "functions": [{"key": key, **FUNCTION_NAMES[key]} for key in FUNCTION_NAMES],
        "words": WORDS,
        "markers": 2,  # the rulebook's stones per player, the same for every box
        "hand_size": 3,
        "wardrobe": {
            "sections": wardrobe["sections"],
            "door_start": wardrobe["door_start"],
            "storeys": [{"kind": s["kind"], "shoes": s.get("shoes", False)} for s in wardrobe["storeys"]],
            **wardrobe["sizes"],
            "drawer_start": [cell(s) for s in wardrobe["drawers"]["start_slots"]],
            "drawer_slots": [
                cell(s) for s in wardrobe["drawers"]["start_slots"] + wardrobe["drawers"]["other_slots"]
            ],
            "slots": [[storey - 1 for storey in slot["storeys"]] for slot in wardrobe["slots"]],
            "door_lock": len(wardrobe["slots"]),  # the door's lock follows the slots' locks
        },
    }


def reference(client: TestClient, table_id: str) -> dict[str, Any]:
    reply = client.get(f"/api/tables/{table_id}/reference")
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def test_a_lucandor_table_gets_what_its_data_files_define(client: TestClient, tmp_path: Path) -> None:
    for options in ({}, {"start_side": "B"}, {**refitted_files(tmp_path), "start_side": "B"}):
        # Over the web the re-fitted files are uploaded, not named by path.
        files = {
            name: Path(options[name]).read_text(encoding="utf-8")
            for name in ("cards", "wardrobe")
            if name in options
        }
        plain = {key: value for key, value in options.items() if key not in files}
        table = new_table(client, game="lucandor", players=3, options=plain, files=files)
        got = reference(client, table["id"])
        assert got["game"] == "lucandor"
        assert got["data"] == expected_reference(options), options
    refitted = expected_reference(refitted_files(tmp_path))
    assert len(refitted["wardrobe"]["sections"]) == 4 and refitted["colours"][0]["en"] == "crimson"
    assert refitted["cards"][0] != expected_reference({})["cards"][0], "the re-fit moves every card id"


def test_the_reference_does_not_change_with_the_deal_or_the_play(client: TestClient) -> None:
    """Two tables (two deals), before the start, while the bots play and at the end: always the same."""
    seen = []
    for _ in range(2):
        table = new_table(client, game="lucandor", players=3, seats=["random"] * 3)
        seen.append(reference(client, table["id"]))
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        seen.append(reference(client, table["id"]))
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        seen.append(reference(client, table["id"]))
    assert all(data == seen[0] for data in seen)
    assert seen[0]["data"] == expected_reference({})


def test_a_game_without_reference_data_gets_an_empty_one(client: TestClient) -> None:
    table = new_table(client)
    assert reference(client, table["id"]) == {"game": "toy", "data": {}}
    missing = client.get("/api/tables/nothing-here/reference")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
