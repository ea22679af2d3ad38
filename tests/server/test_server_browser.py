"""End to end in headless Chromium: lobby, a whole game against bots, reconnect and a spectator.

The browser is Debian's Chromium driven by playwright (no browser download);
the server runs as a subprocess with the built client. Screenshots go to
artifacts/screenshots/. Every page is checked with axe-core, for sideways
scrolling on a phone and for touch targets (tests/server/browser.py).
"""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    check_page,
    english_on_page,
    serious_axe_violations,
    shoot,
    sideways_overflow,
    small_targets,
    title_slips,
    watch_title,
)
from tests.server.servers import Server
from tests.server.test_server_reference import expected_reference, refitted_files

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None, reason="needs Debian's chromium and npm"
)


@pytest.fixture
def site(tmp_path: Path, built_client: None) -> Iterator[Server]:
    server = Server(tmp_path, bot_delay=0.0)
    try:  # the client is built once for all (built_client); a server that fails to come up is ended too
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


def create_from_lobby(page: Any, site: Server, game: str, players: int, name: str = "Anna") -> str:
    page.goto(site.url + "/")
    page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("players").select_option(str(players))
    page.get_by_test_id("seat-0").select_option("open")
    for seat in range(1, players):
        page.get_by_test_id(f"seat-{seat}").select_option("heuristic")
    page.get_by_test_id("your-name").fill(name)
    page.get_by_test_id("create").click()
    page.wait_for_url("**/#/table/*")
    page.get_by_role("button", name=re.compile("^Start")).click()
    page.wait_for_selector("[data-testid=turn][data-status=running]")
    return str(page.url.rsplit("/", 1)[1])


def version_of(page: Any) -> int:
    return int(page.get_by_test_id("turn").get_attribute("data-version"))


def play_until_finished(
    page: Any, rng: random.Random, max_moves: int = 2000, stop_after: int | None = None
) -> int:
    """Click a random legal move of the list whenever it is our turn; returns the
    moves made (stop_after: return after that many moves, mid-game)."""
    moves = 0
    turn = page.get_by_test_id("turn")
    while turn.get_attribute("data-status") != "finished":
        if moves == stop_after:
            return moves
        assert moves < max_moves, "the game did not end"
        closed = page.locator("[data-testid=moves]:not([open]) > summary")
        if closed.count():
            closed.click()  # the list of moves is folded away where the table can be clicked
        buttons = page.locator("button.move:enabled")
        if "mine" not in (turn.get_attribute("class") or "") or buttons.count() == 0:
            page.wait_for_timeout(10)
            continue
        version = turn.get_attribute("data-version")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            "v => document.querySelector('[data-testid=turn]').dataset.version !== v", arg=version
        )
        moves += 1
    return moves


def wait_for_my_turn(page: Any) -> None:
    page.wait_for_selector("[data-testid=turn].mine, [data-testid=turn][data-status=finished]")


def test_every_game_to_the_end_against_bots_through_the_page(site: Server, page: Any) -> None:
    page.set_viewport_size(DESKTOP)
    watch_title(page)
    rng = random.Random(1)
    for game in httpx.get(f"{site.url}/api/games").json():
        create_from_lobby(page, site, game["name"], game["min_players"])
        page.wait_for_selector("[data-testid=board]")
        wait_for_my_turn(page)
        assert page.title().startswith("▶ Your turn"), game["name"]
        check_page(page, game["name"], phone=False)
        shoot(page, f"{game['name']}-start")
        assert play_until_finished(page, rng, max_moves=20_000) > 0
        result = page.get_by_test_id("result")
        assert result.is_visible() and "Anna" in result.inner_text(), game["name"]
        assert not page.title().startswith("▶"), "no turn notice once the game is over"
        assert title_slips(page) == [], game["name"]
        assert serious_axe_violations(page) == [], game["name"]
        shoot(page, f"{game['name']}-end")


def test_the_lobby_speaks_german_to_a_german_browser_on_a_phone(site: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("[data-testid=game]")
    assert page.evaluate("document.documentElement.lang") == "de"
    games = {g["name"]: g for g in httpx.get(f"{site.url}/api/games").json()}
    for game in ("souvenirs", "allegra", "level8", "calcory", "lucandor"):
        page.get_by_test_id("game").select_option(game)
        page.locator(".new-table details:not(.rules-help) summary").click()  # the rule options
        for option in games[game]["options"]:  # named and explained in the server's German words
            field = f"#option-{option['name']}"
            assert page.locator(f"label[for=option-{option['name']}]").inner_text() == option["label"]["de"]
            assert page.locator(f"{field}-help").inner_text() == option["help"]["de"]
            if option["kind"] == "choice":
                shown = page.locator(f"{field} option").all_inner_texts()
                assert shown == option["choice_labels"]["de"], shown
            if option["per_player"]:  # a default that grows with the table shows what it comes to
                players = int(page.get_by_test_id("players").input_value())
                assert page.locator(field).get_attribute("placeholder") == str(option["per_player"] * players)
        page.locator(".new-table .rules-help summary").click()  # the rules help
        assert page.locator(".rules-help[open] h3").count() >= 2
        assert english_on_page(page) == [], game
        bots = page.get_by_test_id("seat-1").locator("option").all_inner_texts()
        assert "Faustregel-Bot" in bots and "Zufallsbot" in bots, bots
        levels = [f"{lv['name']['de']} (≈{round(lv['rating'])})" for lv in games[game]["levels"]]
        assert levels and set(levels) <= set(bots), bots  # the levels by name, with their ratings
        check_page(page, f"lobby {game}", phone=True)
        shoot(page, f"lobby-{game}-phone-de")
        page.locator(".new-table .rules-help summary").click()
        page.locator(".new-table details:not(.rules-help) summary").click()
    page.get_by_role("button", name="English").click()
    assert page.get_by_role("heading", name="New table").is_visible()
    context.close()


def test_a_lost_connection_is_shown_and_no_move_is_sent_twice(
    tmp_path: Path, built_client: None, browser: Any
) -> None:
    site = Server(tmp_path, bot_delay=0.0)
    try:
        site.start()
        page = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True).new_page()
        sent: list[dict] = []
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framesent",
                lambda payload: sent.append(json.loads(payload)) if '"action"' in str(payload) else None,
            ),
        )
        create_from_lobby(page, site, "toy", 3, name="Jörg")
        before = version_of(page)
        site.kill()
        page.wait_for_selector("[data-testid=connection]")
        assert "Verbindung verloren" in page.get_by_test_id("connection").inner_text()
        assert page.locator("button.move:enabled").count() == 0, "no move while the connection is down"
        shoot(page, "toy-connection-lost")
        site.start()  # the same port and database: the client reconnects by itself
        page.wait_for_selector("[data-testid=connection]", state="detached", timeout=20_000)
        assert version_of(page) == before
        page.locator("button.move").first.dblclick()  # a double click is one move
        page.wait_for_function(
            "v => document.querySelector('[data-testid=turn]').dataset.version !== v", arg=str(before)
        )
        page.wait_for_timeout(300)
        assert len(sent) == 1 and sent[0]["version"] == before, sent
    finally:
        if site.process and site.process.poll() is None:
            site.kill()


def test_lucandor_table_shows_the_wardrobe_and_plays_to_the_end(site: Server, page: Any) -> None:
    page.set_viewport_size(DESKTOP)
    create_from_lobby(page, site, "lucandor", 3)
    page.wait_for_selector(".lu-wardrobe td.lu-cell")  # drawn once the reference data has arrived
    assert page.locator(".lu-wardrobe td.lu-cell").count() == 15, "3 sections x 5 storeys"
    assert page.locator(".lu-wardrobe td.lu-cell.behind-door").count() == 5, "the door covers one section"
    assert page.locator(".lu-slot").count() == 3
    assert page.locator(".lu-drawer").count() == 3
    hand = page.locator(".lu-hand .lu-card")
    assert hand.count() == 3 and "[" not in hand.first.inner_text()
    assert page.locator(".lu-players li").count() == 3
    rng = random.Random(4)
    assert play_until_finished(page, rng, stop_after=12) == 12
    page.wait_for_selector(".lu-cell .lu-piece")
    shoot(page, "lucandor-mid")
    play_until_finished(page, rng)
    assert "Anna" in page.get_by_test_id("result").inner_text()


def test_a_refitted_lucandor_table_is_drawn_from_its_reference_data(
    site: Server, page: Any, tmp_path: Path
) -> None:
    """Cards listed backwards, red renamed, a fourth section: the table is the re-fitted wardrobe."""
    options = refitted_files(tmp_path)
    files = {name: Path(path).read_text(encoding="utf-8") for name, path in options.items()}
    body = {"game": "lucandor", "players": 3, "files": files, "name": "Anna"}
    table = httpx.post(
        f"{site.url}/api/tables", json={**body, "seats": ["open", "heuristic", "heuristic"]}
    ).json()
    httpx.post(f"{site.url}/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(site.url + "/")
    keys = {"token": table["token"], "seat": 0, "host_token": table["host_token"]}
    page.evaluate(
        "([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [table["id"], json.dumps(keys)]
    )
    page.goto(f"{site.url}/#/table/{table['id']}")
    page.reload()  # the app starts on the table with the seat's keys in place
    page.wait_for_selector("[data-testid=turn][data-status=running]")
    # The board is drawn once the reference data has arrived, which may be after the first state.
    page.wait_for_selector(".lu-wardrobe td.lu-cell")
    assert page.locator(".lu-wardrobe td.lu-cell").count() == 20, "4 sections x 5 storeys"
    assert page.locator(".lu-wardrobe thead th", has_text="outer").count() == 1
    reference = expected_reference(options)
    names = {
        f"{reference['garments'][c['garment']]['en']} {reference['colours'][c['colour']]['en']}"
        for c in reference["cards"]
    }
    hand = page.locator(".lu-hand .lu-card strong").all_inner_texts()
    assert len(hand) == 3 and set(hand) <= names
    assert play_until_finished(page, random.Random(5), stop_after=10) == 10
    shoot(page, "lucandor-refitted")


def test_the_toy_game_on_a_phone_with_reconnect_spectator_and_replay(site: Server, browser: Any) -> None:
    phone = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True)
    page = phone.new_page()
    watch_title(page)
    table = create_from_lobby(page, site, "toy", 3, name="Jörg")
    assert "Du bist am Zug" in page.get_by_test_id("turn").inner_text()
    assert page.title().startswith("▶ Du bist am Zug")
    assert sideways_overflow(page) <= 0 and small_targets(page) == []
    before = version_of(page)
    page.reload()
    page.wait_for_selector("button.move")
    assert version_of(page) == before, "reconnecting resumes at the same version"
    watcher = browser.new_context(locale="en-GB").new_page()
    watcher.goto(f"{site.url}/#/table/{table}")
    watcher.wait_for_selector("[data-testid=turn][data-status=running]")
    assert watcher.locator("button.move").count() == 0
    watcher.wait_for_selector("svg.card.back")  # the board follows the reference data
    assert watcher.locator("svg.card.back").count() == 3, "a spectator sees every card face down"
    shoot(page, "toy-phone")
    page.locator("input[aria-label=Chat]").fill("<b>Hallo</b>")
    page.keyboard.press("Enter")
    watcher.wait_for_selector("text=<b>Hallo</b>")
    play_until_finished(page, random.Random(2))
    assert title_slips(page) == [], "the title says 'your turn' exactly while the banner does"
    watcher.wait_for_selector("[data-testid=result]")
    shoot(watcher, "toy-spectator-end")
    page.get_by_role("link", name="Nachspielen").click()
    page.wait_for_selector("[data-testid=replay-step]")
    page.get_by_role("button", name="Weiter ▶").click()
    page.wait_for_selector("text=Schritt 1 von")
    named = page.get_by_test_id("replay-move").inner_text()
    assert "Jörg" in named and ("behalten" in named or "tauschen" in named), "a step is named by its move"
    page.get_by_role("button", name="Anfang").click()
    shoot(page, "toy-replay-phone")
    phone.close()


@pytest.mark.parametrize("locale, viewport", [("en-GB", DESKTOP), ("de-DE", PHONE)])
def test_a_link_to_no_table_ends_in_the_servers_message(
    site: Server, browser: Any, locale: str, viewport: dict[str, int]
) -> None:
    """The server refuses with not_found and its close code; the page says so and stops trying."""
    page = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True).new_page()
    sockets: list[Any] = []
    received: list[str] = []

    def opened(socket: Any) -> None:
        sockets.append(socket)
        socket.on("framereceived", lambda payload: received.append(str(payload)))

    page.on("websocket", opened)
    failed: list[str] = []
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(f"{site.url}/#/table/nosuchtable")
    gone = page.get_by_test_id("gone")
    gone.wait_for()
    refusal = json.loads(received[0])
    assert refusal["code"] == "not_found" and "nosuchtable" in refusal["message"]
    assert refusal["message"] in (gone.text_content() or ""), "the server's own words, in the page's language"
    assert gone.get_by_role("link").get_attribute("href") == "#/", "a way back to the lobby"
    if locale == "de-DE":
        assert english_on_page(page) == []
    check_page(page, f"no table {locale}", phone=viewport == PHONE)
    shoot(page, f"no-table-{locale}")
    page.wait_for_timeout(4000)  # the client's first retries would come after 1 s and 3 s
    assert len(sockets) == 1, "no connection is tried again after not_found"
    assert failed == [], "nothing the page asks for is missing (not even the log of no table)"
    icon = httpx.get(site.url + (page.locator("link[rel=icon]").get_attribute("href") or "/favicon.ico"))
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg"), "the tab's icon"
    page.context.close()


def test_a_data_file_chosen_in_the_lobby_goes_up_with_the_table(site: Server, page: Any) -> None:
    """Calcory's card file from this computer: the table is made with it and plays."""
    cards = Path(__file__).resolve().parents[2] / "spieltisch" / "games" / "calcory" / "data" / "cards.toml"
    page.goto(site.url + "/")
    page.get_by_test_id("game").select_option("calcory")
    page.locator(".new-table details.options summary").click()
    page.locator("#option-deck_file").select_option(label="a file of mine …")
    page.locator(".new-table input[type=file]").set_input_files(str(cards))
    page.get_by_test_id("seat-1").select_option("heuristic")
    page.get_by_test_id("your-name").fill("Anna")
    page.get_by_test_id("create").click()
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    assert httpx.get(f"{site.url}/api/tables/{table}").json()["options"]["deck_file"] == "upload"
    page.get_by_role("button", name=re.compile("^Start")).click()
    page.wait_for_selector("[data-testid=board]")


def test_an_emptied_number_field_means_the_default_not_zero(site: Server, page: Any) -> None:
    """0 switches ALLEGRA's turn cap off: a field typed in and emptied again must not send it."""
    page.goto(site.url + "/")
    page.get_by_test_id("game").select_option("allegra")
    page.locator(".new-table details.options summary").click()
    page.locator("#option-turn_cap").fill("40")
    page.locator("#option-turn_cap").fill("")
    page.get_by_test_id("seat-1").select_option("heuristic")
    page.get_by_test_id("your-name").fill("Anna")
    page.get_by_test_id("create").click()
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    options = httpx.get(f"{site.url}/api/tables/{table}").json()["options"]
    assert options.get("turn_cap") in (None, 300), options  # 150 per player: the default


def test_the_whole_log_comes_back_after_a_reload(site: Server, browser: Any) -> None:
    """The page keeps the log each state extends; the state on connecting carries the last 40 moves,
    and a reloaded page and a new spectator show every move."""
    page = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True).new_page()
    table = create_from_lobby(page, site, "level8", 2)
    token = json.loads(page.evaluate(f"() => localStorage.getItem('spieltisch:{table}')"))["token"]
    rng = random.Random(3)

    def whole_log() -> list[dict]:
        reply = httpx.get(f"{site.url}/api/tables/{table}/log?lang=de", headers={"x-seat-token": token})
        return list(reply.json()["log"])

    while len(whole_log()) <= 45 and page.get_by_test_id("turn").get_attribute("data-status") == "running":
        play_until_finished(page, rng, stop_after=5)
    wait_for_my_turn(page)
    shown = page.locator("[data-testid=log] li[data-version]")
    versions = [entry["version"] for entry in whole_log()]  # each state brought only its new entries
    assert [int(v) for v in shown.evaluate_all("els => els.map((e) => e.dataset.version)")] == versions
    page.reload()
    page.wait_for_selector("[data-testid=turn]:not([data-status=open])")
    log = whole_log()
    assert len(log) > 45, "the game ran long enough for a log longer than the state's"
    shown = page.locator("[data-testid=log] li[data-version]")
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=log] li[data-version]').length >= n", arg=len(log)
    )
    assert [int(v) for v in shown.evaluate_all("els => els.map((e) => e.dataset.version)")][: len(log)] == [
        entry["version"] for entry in log
    ]
    first = shown.first.inner_text()
    assert log[0]["label"] in first, first
    # A spectator gets every move too, by its public name.
    watcher = browser.new_context(locale="en-GB").new_page()
    watcher.goto(f"{site.url}/#/table/{table}")
    watcher.wait_for_function(
        "n => document.querySelectorAll('[data-testid=log] li[data-version]').length >= n", arg=len(log)
    )
    assert watcher.get_by_test_id("log").locator("li[data-version]").first.get_attribute(
        "data-version"
    ) == str(log[0]["version"])


def test_lucandor_names_its_functions_and_phases_with_the_servers_words(site: Server, browser: Any) -> None:
    """The words for the game's things come from the reference data: renamed there, renamed on the page."""

    def renamed(route: Any) -> None:
        reply = route.fetch()
        body = reply.json()
        for function in body["data"]["functions"]:
            function["de"] = f"Fn-{function['key']}"
        body["data"]["words"]["de"]["morning"] = "Frühschicht"
        body["data"]["words"]["de"]["storeys"] = "Stockwerke"
        route.fulfill(response=reply, json=body)

    body = {"game": "lucandor", "players": 3, "name": "Anna", "seats": ["open", "heuristic", "heuristic"]}
    table = site.post("/api/tables", body)
    site.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
    page = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True).new_page()
    page.route("**/api/tables/*/reference", renamed)
    page.goto(site.url + "/")
    keys = {"token": table["token"], "seat": 0, "host_token": table["host_token"]}
    page.evaluate(
        "([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [table["id"], json.dumps(keys)]
    )
    page.goto(f"{site.url}/#/table/{table['id']}")
    page.wait_for_selector(".lu-hand .lu-card")
    hand = page.locator(".lu-hand .lu-card").all_inner_texts()
    assert len(hand) == 3 and all("Fn-" in card for card in hand), hand
    board = page.get_by_test_id("board").inner_text()
    assert "Frühschicht" in board and "Vormittag" not in board
    assert "Stockwerke 1" in board and "Etagen" not in board
    page.context.close()


def rename_level8_colours(route: Any) -> None:
    """Answer the reference request with LEVEL 8's German colours renamed Farbe0, Farbe1, ..."""
    reply = route.fetch()
    body = reply.json()
    body["data"]["colours"]["de"] = [f"Farbe{n}" for n in range(len(body["data"]["colours"]["de"]))]
    route.fulfill(response=reply, json=body)


def level8_hand_names(site: Server, browser: Any, reference_route: Any) -> list[str]:
    """The names of seat 0's hand cards on a German LEVEL 8 table, its reference requests
    answered by `reference_route`; the numbered cards only."""
    body = {"game": "level8", "players": 2, "name": "Anna", "seats": ["open", "heuristic"]}
    table = site.post("/api/tables", body)
    site.post(f"/api/tables/{table['id']}/start", {"host_token": table["host_token"]})
    page = browser.new_context(viewport=PHONE, locale="de-DE", bypass_csp=True).new_page()
    page.route("**/api/tables/*/reference", reference_route)
    page.goto(site.url + "/")
    keys = {"token": table["token"], "seat": 0, "host_token": table["host_token"]}
    page.evaluate(
        "([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [table["id"], json.dumps(keys)]
    )
    page.goto(f"{site.url}/#/table/{table['id']}")
    page.wait_for_selector("[data-testid=hand-card] svg title", state="attached")
    names = page.locator("[data-testid=hand-card] svg title").all_text_contents()
    page.context.close()
    return [name for name in names if name not in ("Joker", "Aussetzen")]


def test_level8_names_its_colours_with_the_servers_words(site: Server, browser: Any) -> None:
    """A LEVEL 8 card's colour is named as the reference data names it: renamed there, renamed on the page."""
    numbered = level8_hand_names(site, browser, rename_level8_colours)
    assert numbered and all(re.fullmatch(r"Farbe[0-5] \d+", name) for name in numbered), numbered


def test_a_table_whose_reference_data_failed_to_come_asks_again(site: Server, browser: Any) -> None:
    """The first request for the reference data fails (a network hiccup): the page tries again and
    draws the table with the server's words, rather than the generic view until a reload."""
    tries: list[str] = []

    def fails_once(route: Any) -> None:
        tries.append(route.request.url)
        if len(tries) == 1:
            route.abort()
        else:
            rename_level8_colours(route)

    numbered = level8_hand_names(site, browser, fails_once)
    assert numbered and all(re.fullmatch(r"Farbe[0-5] \d+", name) for name in numbered), numbered
    assert len(tries) >= 2


def test_a_table_created_without_a_name_seats_its_host(site: Server, browser: Any) -> None:
    context = browser.new_context(locale="en-GB", bypass_csp=True)
    page = context.new_page()
    try:
        create_from_lobby(page, site, "toy", 3, name="")
        seats = page.locator("ol.seats").inner_text()
        assert "Host (you)" in seats, seats
    finally:
        context.close()


def test_a_level_seat_is_named_by_its_level_in_the_lobby_and_on_the_table(site: Server, browser: Any) -> None:
    games = {g["name"]: g for g in httpx.get(f"{site.url}/api/games").json()}
    beginner, strong = (
        next(lv for lv in games["calcory"]["levels"] if lv["id"] == i) for i in ("beginner", "strong")
    )
    # One seat by the level's id, one by its bot spec, as the lobby's own form sends it.
    body = {"game": "calcory", "players": 3, "seats": ["open", "strong", beginner["spec"]]}
    created = httpx.post(f"{site.url}/api/tables", json=body)
    assert created.status_code == 200, created.text
    table = created.json()["id"]
    label = {lv["id"]: f"{lv['name']['de']} (≈{round(lv['rating'])})" for lv in (beginner, strong)}
    context = browser.new_context(locale="de-DE", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        listed = page.locator(f".tables li:has(a[href='#/table/{table}']) [data-testid=table-seats]")
        listed.wait_for()
        assert listed.inner_text() == f"frei · Bot 2: {label['strong']} · Bot 3: {label['beginner']}"
        page.goto(f"{site.url}/#/table/{table}")
        tags = page.locator("ol.seats .tag")
        page.wait_for_function("() => document.querySelectorAll('ol.seats .tag').length == 2")
        page.wait_for_function(
            f"() => document.querySelector('ol.seats').innerText.includes('{label['strong']}')"
        )
        assert tags.all_inner_texts() == [label["strong"], label["beginner"]]
        assert strong["spec"] not in page.locator("body").inner_text()
    finally:
        context.close()


def test_the_waiting_table_fills_its_free_seats_with_a_level_chosen_by_name(
    site: Server, browser: Any
) -> None:
    levels = next(g for g in httpx.get(f"{site.url}/api/games").json() if g["name"] == "calcory")["levels"]
    strong = next(lv for lv in levels if lv["id"] == "strong")
    created = httpx.post(f"{site.url}/api/tables", json={"game": "calcory", "players": 3, "name": "Anna"})
    assert created.status_code == 200, created.text
    keys = created.json()
    label = f"{strong['name']['de']} (≈{round(strong['rating'])})"
    context = browser.new_context(locale="de-DE", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        saved = json.dumps({"token": keys["token"], "seat": 0, "host_token": keys["host_token"]})
        page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [keys["id"], saved])
        page.goto(f"{site.url}/#/table/{keys['id']}")
        menu = page.get_by_test_id("fill-bot")
        page.wait_for_function("() => document.querySelectorAll('[data-testid=fill-bot] option').length > 2")
        offered = menu.locator("optgroup").first.locator("option").all_inner_texts()
        assert offered == [f"{lv['name']['de']} (≈{round(lv['rating'])})" for lv in levels], offered
        menu.select_option(label=label)
        page.get_by_role("button", name="Füllen", exact=True).click()
        page.wait_for_function("() => document.querySelectorAll('ol.seats .tag').length == 2")
        assert page.locator("ol.seats .tag").all_inner_texts() == [label, label]
    finally:
        context.close()


def test_the_lobby_offers_the_learned_bot_only_at_the_player_counts_it_was_trained_for(
    site: Server, page: Any
) -> None:
    games = {g["name"]: g for g in httpx.get(f"{site.url}/api/games").json()}
    learned = next(bot for bot in games["souvenirs"]["bots"] if bot["id"].startswith("learned"))
    assert learned["players"] == [2] and not any(
        b["id"].startswith("learned") for b in games["calcory"]["bots"]
    )
    label = "Learned (network-guided search)"
    page.goto(site.url + "/")
    page.get_by_test_id("game").select_option("souvenirs")
    seat = page.get_by_test_id("seat-1")
    assert label in seat.locator("option").all_inner_texts()
    seat.select_option(learned["id"])
    page.get_by_test_id("players").select_option("3")  # no network for three: gone, the seat falls back
    assert label not in seat.locator("option").all_inner_texts()
    assert seat.input_value() == "heuristic"
    page.get_by_test_id("players").select_option("2")
    seat.select_option(learned["id"])
    page.get_by_test_id("your-name").fill("Anna")
    page.get_by_test_id("create").click()
    page.wait_for_url("**/#/table/*")
    # The first state is a spectator's (sent on connecting, before the hello): Anna is still "offline".
    page.wait_for_function("() => document.querySelectorAll('ol.seats .tag').length == 1")
    assert page.locator("ol.seats .tag").all_inner_texts() == [label]
    page.goto(site.url + "/#/")
    page.get_by_test_id("game").select_option("calcory")
    assert label not in page.get_by_test_id("seat-1").locator("option").all_inner_texts()
