"""The server's clocks and stand-in bots on the browser table, in German on a phone and in English.

A person's clock runs down on the page; when it runs out a bot plays their seat,
which the seats and the person's own page say, and a click gives the seat back.
The lobby offers the clocks.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.browser import CHROMIUM, DESKTOP, PHONE, check_page, english_on_page, shoot
from tests.server.servers import Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None, reason="needs Debian's chromium and npm"
)

WORDS = {
    "de": {"clock": "Bedenkzeit: 10 s pro Zug", "left": "Anna (du): noch 0:", "standin": "ein Bot vertritt",
           "back": "Platz zurücknehmen", "lobby": "Bedenkzeit: 1 Min. pro Zug"},
    "en": {"clock": "Clock: 10 s per move", "left": "Anna (you): 0:", "standin": "a bot stands in",
           "back": "Take my seat back", "lobby": "Clock: 1 min per move"},
}  # fmt: skip


@pytest.fixture
def site(tmp_path: Path, built_client: None) -> Iterator[Server]:
    # Bots wait a little between moves, so a stand-in's game is still running when the person is back.
    server = Server(tmp_path, bot_delay=0.3)
    try:
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


def seconds_left(page: Any) -> int:
    text = page.get_by_test_id("deadline").inner_text()
    minutes, seconds = re.search(r"(\d+):(\d\d)", text).groups()  # type: ignore[union-attr]
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize(("lang", "viewport"), [("de", PHONE), ("en", DESKTOP)])
def test_a_clock_runs_out_a_bot_stands_in_and_the_person_takes_the_seat_back(
    site: Server, browser: Any, lang: str, viewport: dict
) -> None:
    words = WORDS[lang]
    body = {"game": "calcory", "players": 2, "seats": ["open", "heuristic"], "name": "Anna"}
    keys = site.post("/api/tables", {**body, "clock": {"kind": "move", "seconds": 10}})
    locale = "de-DE" if lang == "de" else "en-GB"
    context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/")
    saved = json.dumps({"token": keys["token"], "seat": 0, "host_token": keys["host_token"]})
    page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [keys["id"], saved])
    page.goto(f"{site.url}/#/table/{keys['id']}")
    page.wait_for_selector("[data-testid=turn][data-status=open]")
    site.post(f"/api/tables/{keys['id']}/start", {"host_token": keys["host_token"]})
    page.wait_for_selector("[data-testid=turn].mine")
    clock = page.get_by_test_id("clock")
    assert words["clock"] in clock.inner_text()
    assert words["left"] in page.get_by_test_id("deadline").inner_text()
    first = seconds_left(page)
    page.wait_for_timeout(2100)
    assert 0 < seconds_left(page) < first <= 10, "the clock counts down"
    # The time runs out: a bot plays the seat, and everybody sees it.
    page.wait_for_selector("[data-testid=standin-you]", timeout=15_000)
    mine = page.locator(".seats li[data-seat='0'] [data-testid=standin]")
    assert mine.inner_text() == words["standin"]
    assert page.locator(".seats li[data-seat='1'] [data-testid=standin]").count() == 0
    assert page.locator("[data-testid=turn].mine").count() == 0, "the turn is the bot's now"
    assert not page.title().startswith("▶")
    version = int(page.get_by_test_id("turn").get_attribute("data-version"))
    page.wait_for_function(
        "v => +document.querySelector('[data-testid=turn]').dataset.version > v", arg=version, timeout=10_000
    )
    shoot(page, f"clock-standin-{lang}")
    check_page(page, f"clock-standin-{lang}", phone=viewport == PHONE)
    if lang == "de":
        assert english_on_page(page) == []
    page.get_by_role("button", name=words["back"]).click()
    page.wait_for_selector("[data-testid=standin-you]", state="detached", timeout=10_000)
    assert mine.count() == 0
    # Back in the seat: on the next turn the page offers moves again and the clock runs for us.
    page.wait_for_selector("[data-testid=turn].mine", timeout=20_000)
    assert words["left"] in page.get_by_test_id("deadline").inner_text()
    context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_lobby_offers_a_clock_and_the_table_shows_it(site: Server, browser: Any, lang: str) -> None:
    locale = "de-DE" if lang == "de" else "en-GB"
    context = browser.new_context(viewport=PHONE, locale=locale, bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/")
    page.get_by_test_id("game").select_option("calcory")
    page.get_by_test_id("seat-1").select_option("heuristic")
    page.get_by_test_id("your-name").fill("Anna")
    page.get_by_test_id("clock-choice").select_option(index=1)
    page.get_by_test_id("create").click()
    page.wait_for_url("**/#/table/*")
    # The table's words come from the clock the server sends in its state.
    assert page.get_by_test_id("clock").inner_text() == WORDS[lang]["lobby"]
    context.close()
