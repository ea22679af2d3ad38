"""The replay of a finished game: a slider, the arrow keys, and a jump from a line of the game log."""

from __future__ import annotations

import shutil
import time
from typing import Any

import httpx
import pytest

from tests.server.browser import CHROMIUM, PHONE, axe_violations, shoot
from tests.server.servers import Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None, reason="needs Debian's chromium and npm"
)


def finished_bot_game(site: Server) -> str:
    """A Calcory table that bots alone play to its end; its id."""
    body = {"game": "calcory", "players": 2, "name": "Bots", "seats": ["heuristic", "heuristic"]}
    created = httpx.post(f"{site.url}/api/tables", json=body)
    assert created.status_code == 200, created.text
    keys = created.json()
    httpx.post(f"{site.url}/api/tables/{keys['id']}/start", json={"host_token": keys["host_token"]})
    deadline = time.monotonic() + 60
    while httpx.get(f"{site.url}/api/tables/{keys['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(keys["id"])


def step_shown(page: Any) -> str:
    return str(page.get_by_test_id("replay-step").inner_text())


def test_the_replay_moves_by_slider_keys_and_log_lines(site: Server, browser: Any) -> None:
    table = finished_bot_game(site)
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(f"{site.url}/#/table/{table}")
        page.wait_for_selector("[data-testid=result]")
        total = len(httpx.get(f"{site.url}/api/tables/{table}/log?lang=en").json()["log"])
        lines = page.locator("[data-testid=log] li a")
        # The page fetches the whole log after the first state: wait until every line is in.
        page.wait_for_function(f"document.querySelectorAll('[data-testid=log] li a').length === {total}")
        assert total > 3, "a finished game's log lines are links into its replay"
        texts = lines.all_inner_texts()
        lines.nth(2).click()  # the third move: the replay opens after it
        page.wait_for_selector("[data-testid=replay-step]")
        assert step_shown(page) == f"Step 3 of {total}"
        assert page.get_by_test_id("replay-slider").input_value() == "3"
        page.locator("h1").click()  # the keys work wherever the focus is, but in a text field
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"text=Step 4 of {total}")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f"text=Step 2 of {total}")
        page.keyboard.press("End")
        page.wait_for_selector("[data-testid=replay-result]")
        assert step_shown(page) == f"Step {total} of {total}"
        page.get_by_test_id("replay-slider").fill("1")  # a range input takes its value as typed
        page.wait_for_selector(f"text=Step 1 of {total}")
        assert page.get_by_test_id("replay-result").count() == 0
        page.locator("[data-testid=replay-log] button").nth(total - 2).click()
        page.wait_for_selector(f"text=Step {total - 1} of {total}")
        current = page.locator("[data-testid=replay-log] [aria-current=step]")
        assert current.count() == 1 and current.inner_text() == texts[total - 2]
        assert axe_violations(page, ["moderate", "serious", "critical"]) == []
        shoot(page, "calcory-replay-phone")
    finally:
        context.close()
