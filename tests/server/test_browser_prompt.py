"""The standing prompt, a refused click's reason and the player aids, in Chromium.

The prompt under the turn banner says what to do now and changes with the step
(LEVEL 8: draw, then play); a hand card clicked before drawing is not selected,
nothing is sent and the page says why; LEVEL 8's aid lists the eight levels of
the chosen side with each player on theirs; Souvenirs' aid shows each
combination's points for both cubes, and stays folded after a reload once
folded. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.browser import DESKTOP, PHONE, english_on_page, shoot, sideways_overflow
from tests.server.servers import TOY_GAME, Server
from tests.server.test_browser_games import SETUPS, open_table, pytestmark, wait_for_quiet_turn

__all__ = ["pytestmark"]  # the module's skip mark comes from the whole-game tests


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, built_client: None) -> Iterator[Server]:
    """A server for this module: it opens more tables in a minute than a client may by default."""
    options = (*TOY_GAME, "--tables-per-minute", "0")
    server = Server(tmp_path_factory.mktemp("site"), bot_delay=0.0, options=options)
    try:
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


def step_of(page: Any) -> str:
    return str(page.get_by_test_id("prompt").get_attribute("data-step"))


def test_level8_prompt_follows_the_step_and_refuses_a_card_before_drawing(site: Server, browser: Any) -> None:
    seat, reference = open_table(site, browser, "level8", PHONE, "en-GB", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)

    def skipped() -> list[dict[str, Any]]:
        return [m for m in seat.state["legal"] if m["move"]["kind"] == "take_skip"]

    while (skip := skipped()) and len(seat.sent) < 5:
        assert step_of(page) == "l8TakeSkip"
        # A bot skipped us: the skip card goes under the pile, and on to a turn of our own.
        page.locator(f".level8 button[data-action='{skip[0]['id']}']").click()
        assert wait_for_quiet_turn(page, seat)
    seat.sent.clear()
    kinds = {move["move"]["kind"] for move in seat.state["legal"]}
    assert kinds == {"draw_stock", "draw_pile"}, "a turn begins with drawing"
    prompt = page.get_by_test_id("prompt")
    assert step_of(page) == "l8Draw" and "draw pile" in prompt.inner_text()
    assert page.get_by_test_id("turn").bounding_box()["y"] < prompt.bounding_box()["y"], "under the banner"

    card = page.locator("[data-testid=hand-card]").first
    card.click()
    refusal = page.get_by_test_id("refusal")
    refusal.wait_for()
    assert refusal.get_attribute("role") == "status"
    assert refusal.inner_text().startswith("Draw first")
    assert card.get_attribute("aria-pressed") == "false", "the refused click selected nothing"
    assert seat.sent == [], "and sent nothing"
    shoot(page, "prompt-level8-refused-phone", full_page=False)

    page.get_by_test_id("stock").click()
    page.wait_for_function("() => document.querySelector('[data-testid=prompt]').dataset.step !== 'l8Draw'")
    level = seat.state["view"]["levels"][0]
    assert step_of(page) in ("l8LayDown", "l8End"), "after drawing: lay down or end the turn"
    assert f"level {level}" in prompt.inner_text().lower()
    card.click()
    assert card.get_attribute("aria-pressed") == "true", "now a hand card may be selected"

    aid = page.get_by_test_id("aid-levels")
    items = aid.locator("li")
    assert items.count() == 8
    names = reference["level_names"]["en"]
    for number, text in enumerate(items.all_inner_texts(), start=1):
        assert text.startswith(f"Level {number}: {names[number - 1]}")
    mine = aid.locator(f"li[data-level='{level}'] .aid-who[data-seat='0']")
    assert mine.count() == 1 and "Anna" in mine.inner_text(), "each player is marked on their level"
    assert sideways_overflow(page) <= 0
    shoot(page, "prompt-level8-play-phone")
    page.context.close()


def test_souvenirs_shows_each_combinations_points_and_remembers_a_fold(site: Server, browser: Any) -> None:
    seat, reference = open_table(site, browser, "souvenirs", DESKTOP, "de-DE", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)
    assert step_of(page) == "svPlay" and page.get_by_test_id("prompt").inner_text().startswith("Wähle")
    table = page.get_by_test_id("aid-combinations")
    for index, combination in enumerate(reference["combinations"]):
        row = table.locator(f"tr[data-combination='{combination}']")
        first, second = reference["points"][combination]
        assert row.locator("th").inner_text() == reference["combination_names"]["de"][index]
        assert row.locator("td").all_inner_texts() == [str(first), str(second)]
    assert reference["points"]["vierling"] == [13, 9]
    assert english_on_page(page) == []
    shoot(page, "aid-souvenirs-desktop")

    aid = page.get_by_test_id("aid-souvenirs")
    assert aid.get_attribute("open") is not None, "an aid starts open"
    aid.locator("summary").click()
    # A details element reports its toggle a moment after the click: reload once it is stored.
    page.wait_for_function("localStorage.getItem('spieltisch:aid:souvenirs') === 'closed'")
    page.reload()
    page.get_by_test_id("aid-souvenirs").wait_for()
    assert page.get_by_test_id("aid-souvenirs").get_attribute("open") is None, "folded stays folded"
    page.context.close()


@pytest.mark.parametrize("game", sorted(SETUPS))
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_game_shows_a_prompt_and_an_aid(
    site: Server, browser: Any, game: str, viewport: dict[str, int]
) -> None:
    phone = viewport == PHONE
    seat, _reference = open_table(site, browser, game, viewport, "de-DE" if phone else "en-GB", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)
    step = step_of(page)
    assert step not in ("moves", "waiting", "watching"), f"{game}: the prompt knows the step ({step})"
    assert page.get_by_test_id("aids").locator("details").count() == 1
    assert sideways_overflow(page) <= 0
    if phone:
        assert english_on_page(page) == [], "the German page's prompt and aid are German"
    shoot(page, f"prompt-{game}-{'phone' if phone else 'desktop'}")
    page.context.close()
