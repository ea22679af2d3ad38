"""Fewer clicks, in Chromium: LEVEL 8's level laid down in one gesture (one move sent, one
line in the log) and a forced move played for the player after a pause the prompt shows.

(A click refused with its reason: tests/server/test_browser_prompt.py.)
"""

from __future__ import annotations

import time
from typing import Any

from tests.server.browser import DESKTOP, shoot
from tests.server.servers import Server
from tests.server.test_browser_games import (
    click_and_check,
    level8_lay_down,
    open_table,
    pytestmark,
    wait_for_quiet_turn,
)

__all__ = ["pytestmark"]  # the module's skip mark comes from the whole-game tests

LEVEL8_FIRST = ("start_lay_down", "draw_stock", "take_skip", "keep_done", "discard")


def log_lines(page: Any) -> list[str]:
    return page.locator("[data-testid=log] li").all_inner_texts()


def test_level8_lays_a_level_down_in_one_gesture_and_one_log_line(site: Server, browser: Any) -> None:
    seat, _reference = open_table(site, browser, "level8", DESKTOP, "en-GB", reword=False)
    page = seat.page
    for _ in range(80):  # turns of drawing and discarding until the hand makes level 1
        assert wait_for_quiet_turn(page, seat), "the game ended before a level could be laid down"
        state = seat.state
        kinds = {move["move"]["kind"] for move in state["legal"]}
        if "start_lay_down" in kinds:
            break
        wanted = next(kind for kind in LEVEL8_FIRST if kind in kinds)
        move = next(m for m in state["legal"] if m["move"]["kind"] == wanted)
        click_and_check(page, seat, "level8", state, move)
    else:
        raise AssertionError("no lay-down came in 80 turns")
    assert page.get_by_test_id("prompt").get_attribute("data-step") == "l8LayDown"
    before, sent = state["version"], len(seat.sent)

    def nothing_sent_yet() -> None:
        assert len(seat.sent) == sent, "the parts are put together on the table only"
        assert page.get_by_test_id("lay-down").is_enabled()
        sizes = [part["size"] for part in state["view"]["requirements"][0]]
        parts = page.locator("[data-testid=parts] .l8-part").all_inner_texts()
        assert all(f"({size}/{size})" in part for size, part in zip(sizes, parts, strict=True)), parts
        shoot(page, "level8-lay-down-put-together")

    expected = level8_lay_down(page, state, nothing_sent_yet)
    page.wait_for_function(
        "v => +document.querySelector('[data-testid=turn]').dataset.version > v", arg=before, timeout=10_000
    )
    assert [m["type"] for m in seat.sent[sent:]] == ["move"], "the whole level went out as one move"
    assert len(seat.sent[sent]["move"]["parts"]) == len(expected["parts"])
    steps = 1 + sum(len(cards) for cards in expected["parts"])  # start, then one pick per card
    page.wait_for_selector(f"[data-testid=log] li[data-version='{before + steps}']")
    mine = [entry for entry in seat.state["log"] if entry["version"] > before and entry["seat"] == 0]
    assert len(mine) == 1, mine
    line = page.locator(f"[data-testid=log] li[data-version='{mine[0]['version']}']").inner_text()
    assert "lay down level 1" in line and "laid run" in line, line
    assert page.locator("[data-testid=log] li", has_text="into part").count() == 0, "no line per card"
    assert seat.state["view"]["laid"][0] and seat.state["view"]["phase"] != "laydown"
    shoot(page, "level8-laid-in-one-gesture")
    page.context.close()


def test_a_forced_move_is_played_for_the_player_after_a_pause(site: Server, browser: Any) -> None:
    """Calcory after a bust: turning the cards face down is the only move and shows nothing."""
    seat, _reference = open_table(site, browser, "calcory", DESKTOP, "en-GB", reword=False, autoplay=True)
    page = seat.page
    toggle = page.get_by_test_id("autoplay")
    assert toggle.is_checked(), "on by default"
    for _ in range(200):
        assert wait_for_quiet_turn(page, seat), "the game ended before a bust"
        state = seat.state
        legal = state["legal"]
        if [m["move"]["kind"] for m in legal] == ["turn_back"]:
            break
        assert not any(m["forced"] for m in legal) or len(legal) == 1
        turns = [m for m in legal if m["move"]["kind"] == "turn"] or legal
        click_and_check(page, seat, "calcory", state, turns[0])
    else:
        raise AssertionError("no bust in 200 moves")
    assert legal[0]["forced"]
    seen = time.monotonic()
    sent = len(seat.sent)
    prompt = page.locator("[data-testid=prompt][data-step=forced]")
    prompt.wait_for(timeout=500)
    assert "played for you" in prompt.inner_text()
    for _ in range(100):
        if len(seat.sent) > sent:
            break
        page.wait_for_timeout(20)
    waited = time.monotonic() - seen
    assert [(m["action"], m["version"]) for m in seat.sent[sent:]] == [(legal[0]["id"], state["version"])]
    assert 0.5 <= waited <= 2.0, waited
    page.wait_for_timeout(1200)
    assert len(seat.sent) == sent + 1, "played once, and nothing else by itself"
    toggle.uncheck()
    assert page.evaluate("() => localStorage.getItem('spieltisch:autoplay')") == "off"
    page.context.close()
