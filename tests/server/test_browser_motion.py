"""Taking a move back and cards travelling, in Chromium.

A player keeps their card, takes the move back with the table's button (enabled
only while the server allows it), and the log strikes the move through under a
line saying who took it back. In a game of Souvenirs the cards travel from where
they were to where they go (each running an animation of its own) on a desktop,
and nothing moves on a page that asks for less motion.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.browser import DESKTOP, PHONE
from tests.server.servers import Server
from tests.server.test_browser_games import click_and_check, open_table, pytestmark, wait_for_quiet_turn

__all__ = ["pytestmark"]  # the module's skip mark comes from the whole-game tests

TAKEBACK_GAME = ("--extra-game", "tests.server.takeback_game:TakeBackGame")

# Records every card that starts travelling, with the animations it runs then.
WATCH_TRAVELS = """() => {
  window.travels = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const card = change.target;
      if (card.classList.contains('travelling') && !(change.oldValue || '').includes('travelling'))
        window.travels.push({ card: card.dataset.card, animations: card.getAnimations().length });
    }
  }).observe(document.body, {
    subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true,
  });
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, built_client: None) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("site"), bot_delay=0.0, options=TAKEBACK_GAME)
    try:
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


def test_a_move_is_taken_back_by_the_tables_button(site: Server, browser: Any) -> None:
    body = {"game": "takeback", "players": 2, "name": "Anna"}
    table = httpx.post(f"{site.url}/api/tables", json=body).json()
    httpx.post(f"{site.url}/api/tables/{table['id']}/seats/1", json={"name": "Bea"})
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(site.url + "/")
    keys = f'{{"token": "{table["token"]}", "seat": 0, "host_token": "{table["host_token"]}"}}'
    page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [table["id"], keys])
    page.goto(f"{site.url}/#/table/{table['id']}")
    page.wait_for_selector("[data-testid=turn][data-status=open]")
    httpx.post(f"{site.url}/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    undo = page.get_by_test_id("take-back")
    undo.wait_for()
    assert undo.is_disabled(), "no move yet to take back"
    page.locator("button.move", has_text="keep").click()
    page.wait_for_selector("[data-testid=take-back]:not([disabled])")
    assert page.get_by_test_id("turn").inner_text() == "Bea's turn"
    undo.click()
    took_back = page.locator("[data-testid=log] li.took-back")
    took_back.wait_for()
    assert took_back.inner_text() == 'Anna (you): took back "keep"'
    assert page.locator("[data-testid=log] li.taken-back").inner_text() == "Anna (you): keep"
    assert page.get_by_test_id("turn").inner_text() == "Your turn"
    assert undo.is_disabled() and page.locator("button.move", has_text="keep").is_enabled()
    context.close()


def play_a_few_moves(site: Server, browser: Any, viewport: dict, moves: int) -> list[dict]:
    """Our moves in a game of Souvenirs against a bot; the travels the page showed meanwhile."""
    seat, _ = open_table(site, browser, "souvenirs", viewport, "en-GB", reword=False)
    page = seat.page
    page.evaluate(WATCH_TRAVELS)
    rng = random.Random(7)
    for _ in range(moves):
        if not wait_for_quiet_turn(page, seat):
            break
        state = seat.state
        click_and_check(page, seat, "souvenirs", state, rng.choice(state["legal"]))
    wait_for_quiet_turn(page, seat)
    page.wait_for_timeout(600)  # the last travels end
    travels = list(page.evaluate("window.travels"))
    assert page.locator(".travelling").count() == 0, "every card arrives"
    page.context.close()
    return travels


def test_cards_travel_to_where_they_go(site: Server, browser: Any) -> None:
    travels = play_a_few_moves(site, browser, DESKTOP, 8)
    assert travels, "no card travelled in eight moves and the bot's answers"
    assert all(travel["animations"] >= 1 for travel in travels), travels
    assert all(travel["card"] and travel["card"] != "back" for travel in travels), travels


def test_nothing_travels_for_less_motion(site: Server, browser: Any) -> None:
    assert play_a_few_moves(site, browser, PHONE, 8) == []  # the phone page asks for reduced motion
