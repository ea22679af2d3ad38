"""Screenshots of the five browser tables for README.md and docs/server.md.

Starts a server on loopback with a temporary database, opens a table of each
game with heuristic bots at the other seats, makes some moves by clicking the
table (a random legal move each time, as the browser tests do), and writes
docs/images/server-<game>.png (desktop, English) and docs/images/server-<game>-phone.png
(a German phone page, 390 x 844, at the game's largest player count: what the
window shows, with the hand pinned at its bottom).
Needs the built client (spieltisch serve builds it) and Debian's Chromium.

    python3 scripts/docs_screenshots.py
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.browser import DESKTOP, PHONE  # noqa: E402
from tests.server.servers import Server  # noqa: E402
from tests.server.test_browser_games import DRIVERS, SETUPS, Seat, pick_move, wait_for_quiet_turn  # noqa: E402

IMAGES = ROOT / "docs" / "images"
# How many of our moves before the picture: far enough in for a full table.
MOVES = {"souvenirs": 14, "calcory": 9, "allegra": 7, "level8": 16, "lucandor": 14}
LARGEST = {"souvenirs": 4, "calcory": 4, "allegra": 6, "level8": 6, "lucandor": 5}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]


def table_page(
    site: Server, browser: object, game: str, viewport: dict, locale: str, players: int = 0
) -> tuple[Page, Seat]:
    players, options = players or SETUPS[game][0], SETUPS[game][1]
    body = {"game": game, "players": players, "options": options, "name": "Anna"}
    keys = httpx.post(
        f"{site.url}/api/tables", json={**body, "seats": ["open"] + ["heuristic"] * (players - 1)}
    ).json()
    context = browser.new_context(viewport=viewport, locale=locale, reduced_motion="reduce")  # type: ignore[attr-defined]
    page = context.new_page()
    seat = Seat(page, reword=False)
    page.goto(site.url + "/")
    saved = json.dumps({"token": keys["token"], "seat": 0, "host_token": keys["host_token"]})
    page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [keys["id"], saved])
    page.goto(f"{site.url}/#/table/{keys['id']}")
    page.wait_for_selector("[data-testid=turn][data-status=open]")
    httpx.post(f"{site.url}/api/tables/{keys['id']}/start", json={"host_token": keys["host_token"]})
    page.wait_for_selector("[data-testid=board]")
    return page, seat


def play(page: Page, seat: Seat, game: str, moves: int) -> None:
    rng = random.Random(game)
    for _ in range(moves):
        if not wait_for_quiet_turn(page, seat):
            return
        count = len(seat.sent)
        DRIVERS[game](page, seat.state, pick_move(game, seat.state["legal"], rng))
        while len(seat.sent) == count:
            page.wait_for_timeout(20)
    wait_for_quiet_turn(page, seat)


def shot(page: Page, name: str, full_page: bool = True) -> None:
    path = IMAGES / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    print("wrote", path)


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        site = Server(Path(data), bot_delay=0.0)
        site.start()
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        try:
            for game in SETUPS:
                page, seat = table_page(site, browser, game, DESKTOP, "en-GB")
                play(page, seat, game, MOVES[game])
                shot(page, f"server-{game}")
                page.context.close()
            for game, players in LARGEST.items():
                page, seat = table_page(site, browser, game, PHONE, "de-DE", players)
                play(page, seat, game, 3)
                board = "document.querySelector('[data-testid=board]')"
                page.evaluate(f"() => window.scrollTo(0, {board}.offsetTop)")
                shot(page, f"server-{game}-phone", full_page=False)
                page.context.close()
        finally:
            browser.close()
            site.kill()


if __name__ == "__main__":
    main()
