"""Every board fits a phone (390 x 844), at the largest player count of each game.

A table with bots in every other seat is opened on a phone page: nothing inside
the board may scroll sideways (it reflows or scales instead), and the player's
hand (ALLEGRA: the piles and the card in hand; Calcory, which has none: the grid)
is on screen as the table opens; ALLEGRA's other layouts and LEVEL 8's other
players are one line each that opens on a tap; the board's text is at least 12 px, every
control at least 44 px (Calcory's grid is turned to six columns for it), and
axe-core finds nothing moderate or worse (nor on a desktop page). Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.browser import CHROMIUM, DESKTOP, PHONE, axe_violations, shoot, small_targets
from tests.server.servers import TOY_GAME, Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None, reason="needs Debian's chromium and npm"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, built_client: None) -> Iterator[Server]:
    """A server for this module: it opens more tables in a minute than a client may by default."""
    server = Server(
        tmp_path_factory.mktemp("site"), bot_delay=0.0, options=(*TOY_GAME, "--tables-per-minute", "0")
    )
    try:
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


# The most players each game allows, and what holds the player's own cards.
LARGEST: dict[str, tuple[int, str]] = {
    "souvenirs": (4, ".hand"),
    "calcory": (4, ".card-grid"),
    "allegra": (6, ".al-piles"),
    "level8": (6, ".hand"),
    "lucandor": (5, ".lu-hand"),
}


def open_phone_table(
    site: Server,
    browser: Any,
    game: str,
    players: int,
    viewport: dict = PHONE,
    prepare: Callable[[Any], None] | None = None,
) -> Any:
    """A started table with bots in every seat but the first, open on a phone page (or another
    `viewport`) as that seat; `prepare` gets the page before it opens the table."""
    body = {"game": game, "players": players, "name": "Anna"}
    created = httpx.post(
        f"{site.url}/api/tables", json={**body, "seats": ["open"] + ["heuristic"] * (players - 1)}
    )
    assert created.status_code == 200, created.text
    keys = created.json()
    context = browser.new_context(viewport=viewport, locale="en-GB", bypass_csp=True, reduced_motion="reduce")
    page = context.new_page()
    if prepare:
        prepare(page)
    page.goto(site.url + "/")
    saved = json.dumps({"token": keys["token"], "seat": 0, "host_token": keys["host_token"]})
    page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [keys["id"], saved])
    page.goto(f"{site.url}/#/table/{keys['id']}")
    wait_for_the_open_table(page)
    httpx.post(f"{site.url}/api/tables/{keys['id']}/start", json={"host_token": keys["host_token"]})
    page.wait_for_selector("[data-testid=board] > *")
    page.wait_for_timeout(300)
    return page


def wait_for_the_open_table(page: Any) -> None:
    """The table's first state on the page. A page found without it after 20 s (seen once, with
    both cores busy, and never again) is reloaded once; the failure then says what the page showed."""
    banner = "[data-testid=turn][data-status=open]"
    try:
        page.wait_for_selector(banner, timeout=20_000)
    except PlaywrightTimeout:
        shown = page.locator("body").inner_text()[:300]
        page.reload()
        try:
            page.wait_for_selector(banner, timeout=20_000)
        except PlaywrightTimeout:
            pytest.fail(
                f"no table state on the page, before a reload: {shown!r}; after: "
                f"{page.locator('body').inner_text()[:300]!r}"
            )


def sideways_scrollers(page: Any) -> list[str]:
    """Elements inside the board that scroll sideways: content wider than the box, overflow-x auto."""
    found: list[str] = page.evaluate(
        """() => [document.querySelector('[data-testid=board]'),
                  ...document.querySelectorAll('[data-testid=board] *')]
          .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
                          && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`
                       + ` ${el.scrollWidth} in ${el.clientWidth}`)"""
    )
    return found


def small_text(page: Any) -> list[str]:
    """Visible text on the board set smaller than 12 CSS pixels, described for a failure message."""
    found: list[str] = page.evaluate(
        """() => {
        const out = new Set();
        const board = document.querySelector('[data-testid=board]');
        const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          if (!node.textContent.trim() || !el.getClientRects().length) continue;
          if (el.closest('.visually-hidden, svg')) continue;
          const size = parseFloat(getComputedStyle(el).fontSize);
          if (size < 12) out.add(`${el.tagName.toLowerCase()}.${el.className} ${size}px`);
        }
        return [...out];
      }"""
    )
    return found


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_largest_table_of_each_game_fits_a_phone(site: Server, browser: Any, game: str) -> None:
    players, hand = LARGEST[game]
    page = open_phone_table(site, browser, game, players)
    try:
        shoot(page, f"{game}-{players}-phone-open", full_page=False)
        assert sideways_scrollers(page) == []
        assert small_text(page) == []
        assert small_targets(page) == []  # Calcory's too: its grid turned, six columns across
        assert axe_violations(page, ["moderate", "serious", "critical"]) == []
        box = page.locator(f"[data-testid=board] {hand}").first.bounding_box()
        assert box is not None, f"no {hand} on the {game} table"
        assert box["y"] >= 0 and box["y"] + min(box["height"], 60) <= PHONE["height"], box
    finally:
        page.context.close()


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_largest_table_of_each_game_on_a_desktop_has_no_moderate_axe_finding(
    site: Server, browser: Any, game: str
) -> None:
    players, _hand = LARGEST[game]
    page = open_phone_table(site, browser, game, players, DESKTOP)
    try:
        assert axe_violations(page, ["moderate", "serious", "critical"]) == []
        assert page.get_by_test_id("layout-fold").count() == 0, "a desktop shows every layout whole"
        assert page.get_by_test_id("player-fold").count() == 0, "a desktop shows every player whole"
        assert page.locator(".card-grid.transposed").count() == 0, "a desktop shows the grid as dealt"
    finally:
        page.context.close()


def test_allegra_folds_the_other_layouts_to_a_line_each_that_opens_on_a_tap(
    site: Server, browser: Any
) -> None:
    players = LARGEST["allegra"][0]
    page = open_phone_table(site, browser, "allegra", players)
    try:
        folds = page.get_by_test_id("layout-fold")
        assert folds.count() == players - 1, "every layout but one's own is folded"
        assert page.locator("[data-testid=strip]:visible").count() == 1, "one's own layout alone is open"
        for fold in folds.all():  # the line says whose layout it is and its visible sum
            seat = int(fold.get_attribute("data-seat"))
            line = fold.locator("summary").inner_text()
            assert f"Bot {seat + 1}" in line and "15 face down" in line, line
            assert fold.locator("summary").bounding_box()["height"] >= 44
        board_height = page.get_by_test_id("board").bounding_box()["height"]
        assert board_height < 2 * PHONE["height"], f"{players} layouts folded take {board_height} px"
        folds.nth(1).locator("summary").click()
        opened = folds.nth(1).locator("[data-testid=strip]")
        assert opened.is_visible() and opened.locator("td.cell").count() == 15
        assert (
            sideways_scrollers(page) == [] and axe_violations(page, ["moderate", "serious", "critical"]) == []
        )
        shoot(page, f"allegra-{players}-phone-fold-open", full_page=False)
        folds.nth(1).locator("summary").click()
        assert not opened.is_visible(), "a second tap folds it again"
    finally:
        page.context.close()


def test_level8_folds_the_other_players_to_a_line_each_that_opens_on_a_tap(
    site: Server, browser: Any
) -> None:
    players = LARGEST["level8"][0]
    page = open_phone_table(site, browser, "level8", players)
    try:
        folds = page.get_by_test_id("player-fold")
        assert folds.count() == players - 1, "every player but oneself is folded"
        assert page.locator(".l8-player.mine [data-testid=pile]").is_visible(), "one's own block stays open"
        for fold in folds.all():  # the line says whose block it is, the level and the cards in hand
            seat = int(fold.get_attribute("data-seat"))
            line = fold.locator("summary").inner_text()
            assert f"Bot {seat + 1}" in line and "Level " in line and " card" in line, line
            top = fold.locator("[data-testid=pile] svg.card")  # the pile's top, hidden in the fold
            named = top.first.get_attribute("aria-label") if top.count() else "empty"
            assert f"pile: {named}" in line, line  # any pile may be drawn from: its top shows folded
            assert fold.locator("summary").bounding_box()["height"] >= 44
            assert not fold.get_by_test_id("pile").is_visible(), "folded: the pile is inside"
        board_height = page.get_by_test_id("board").bounding_box()["height"]
        assert board_height < 2 * PHONE["height"], f"{players} players folded take {board_height} px"
        second = folds.nth(1)
        second.locator("summary").click()
        assert second.get_by_test_id("pile").is_visible()
        assert second.get_by_test_id("requirement").is_visible()
        assert (
            sideways_scrollers(page) == [] and axe_violations(page, ["moderate", "serious", "critical"]) == []
        )
        shoot(page, f"level8-{players}-phone-fold-open", full_page=False)
        second.locator("summary").click()
        assert not second.get_by_test_id("pile").is_visible(), "a second tap folds it again"
    finally:
        page.context.close()


def laying_off_onto_seat_1(message: str | bytes) -> str | bytes:
    """A state as the server sends it, turned into one where the player holds a card to lay off
    and its one target is a group that seat 1 has laid (moves the client only shows)."""
    state = json.loads(message)
    view = state.get("view") if state.get("type") == "state" else None
    if not view or not view.get("hand"):
        return message
    card = view["hand"][0]
    view["groups"][1] = [[0, 5, 5, [4, 4, 4], [5, 5, 5]]]
    view["layoff_card"] = card
    move = {"kind": "lay_off_onto", "card": card, "owner": 1, "group": 0}
    state["legal"] = [{"id": 0, "label": "lay off", "move": move, "forced": False}]
    return json.dumps(state)


def test_level8_opens_a_folded_player_whose_group_the_held_card_can_go_onto(
    site: Server, browser: Any
) -> None:
    def rewrite_states(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda message: ws.send(laying_off_onto_seat_1(message)))
        ws.on_message(server.send)  # its seat token; no move is made here

    def prepare(page: Any) -> None:
        page.route_web_socket("**/ws/tables/**", rewrite_states)

    players = LARGEST["level8"][0]
    page = open_phone_table(site, browser, "level8", players, prepare=prepare)
    try:
        target = page.locator("[data-testid=player-fold][data-seat='1']")
        page.wait_for_selector("[data-testid=player-fold][data-seat='1'][open]")
        assert target.locator(".group[data-group='0'] button").is_visible(), "the group is a target"
        others = page.locator("[data-testid=player-fold]:not([data-seat='1'])")
        assert others.count() == players - 2 and page.locator("[data-testid=player-fold][open]").count() == 1
    finally:
        page.context.close()
