"""Whole games of all five games played by clicking cards and places on the table.

Each game is played to its end against heuristic bots twice: on a desktop page
in English, with every move name the server sends reworded into nonsense (a
click must be decided by a move's struct, never by its name), and on a German
phone page (390 x 844) with the real names; the first moves of each game are
also played on a German page with reworded names. At each of our turns the test picks
a random legal move, makes it by clicking what the table shows (hand cards,
cells, piles, players, prompts; never the list of moves) and checks that the
page sent exactly that move. Along the way it reads from the page what each
game's players need to see (issue: the table shows what matters) and compares
it with the view the server sent; on the phone it checks at every move that the
page does not scroll sideways, and that it shows no English. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

import spieltisch.games.level8.solver as solver
from spieltisch.games.level8.cards import JOKER
from spieltisch.games.level8.levels import COLOUR, RUN, SET
from tests.server.browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    axe_violations,
    english_on_page,
    overflow_culprits,
    shoot,
    sideways_overflow,
)
from tests.server.conftest import with_whole_log
from tests.server.servers import Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None, reason="needs Debian's chromium and npm"
)

# Players and options per game: short enough for a test, whole games all the same.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "souvenirs": (2, {}),
    "calcory": (2, {"idle_turn_limit": 6}),
    "allegra": (3, {}),
    "level8": (2, {"round_turns": 40}),
    "lucandor": (3, {}),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, built_client: None) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("site"), bot_delay=0.0)
    try:  # the client is built once for all (built_client); a server that fails to come up is ended too
        server.start()
        yield server
    finally:
        if server.process and server.process.poll() is None:
            server.kill()


@dataclass
class Seat:
    """One player's page at a table: the states it received and the actions it sent.

    The page's websocket runs through a route, so the test sees every message;
    with `reword` every move name in them is replaced before the page sees it.
    """

    page: Any
    reword: bool
    states: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    socket: Any = None

    def __post_init__(self) -> None:
        self.page.route_web_socket("**/ws/tables/**", self._route)

    def _route(self, ws: Any) -> None:
        self.socket = ws  # a test may send the page a message of its own
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") in ("action", "move"):
                self.sent.append(data)
            server.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                if self.reword:
                    data = reworded(data)
                    message = json.dumps(data)
                self.states.append(with_whole_log(ws, data))  # as the page keeps the log
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1]


def reworded(state: dict[str, Any]) -> dict[str, Any]:
    """The same state with every move name replaced: shuffled numbers, no word of either language."""
    rng = random.Random(state["version"])
    numbers = rng.sample(range(1000, 9999), len(state["legal"]) + len(state["log"]))
    for move, number in zip(state["legal"], numbers, strict=False):
        move["label"] = f"#{number}"
    for entry, number in zip(state["log"], numbers[len(state["legal"]) :], strict=False):
        if entry["label"] is not None:
            entry["label"] = f"#{number}"
    return state


def click(page: Any, selector: str) -> None:
    page.locator(selector).first.click()


def choose(page: Any, card: int) -> None:
    """Select one hand card (after clearing any earlier choice)."""
    for pressed in page.locator("[data-testid=hand-card][aria-pressed=true]").all():
        pressed.click()
    click(page, f"[data-testid=hand-card][data-card='{card}']")


def first(legal: list[dict], kind: str, **fields: Any) -> dict:
    return next(
        m
        for m in legal
        if m["move"]["kind"] == kind and all(m["move"].get(k) == v for k, v in fields.items())
    )


# --- making a chosen move by clicking the table: one driver per game --------------
# Each returns the id of the move the page must send first.


def souvenirs_click(page: Any, state: dict, move: dict) -> int:
    s = move["move"]
    if s["kind"] == "play":
        click(page, f"[data-testid=hand-card][data-card='{s['card']}']")
    elif s["kind"] == "place":
        click(page, f"td[data-cell='{s['row']},{s['col']}'] button")
    elif s["kind"] == "cube":
        click(page, f"td[data-line='{s['line']}{s[s['line']]}'] button")
    else:
        assert s["kind"] == "pass", s
        click(page, "[data-testid=pass]")
    return int(move["id"])


def calcory_click(page: Any, state: dict, move: dict) -> int:
    s = move["move"]
    if s["kind"] in ("turn", "put_back"):
        click(page, f"td[data-cell='{s['position']}'] button")
    elif s["kind"] == "stop":
        click(page, "[data-testid=stop]")
    elif s["kind"] == "turn_back":
        click(page, "[data-testid=turn-back]")
    else:
        assert s["kind"] == "return", s
        click(page, f"[data-testid=return] button[data-digit='{s['digit']}']")
    return int(move["id"])


def allegra_click(page: Any, state: dict, move: dict) -> int:
    s = move["move"]
    if s["kind"] in ("flip", "place", "take"):
        click(page, f"td[data-places~='{s['seat']}:{s['position']}']:not(.al-repeat) button")
    elif s["kind"] == "draw":
        click(page, "[data-testid=draw-pile]" if s["source"] == "pile" else "[data-testid=discard-pile]")
    elif s["kind"] == "discard":
        click(page, "[data-testid=discard-pile]")
    else:  # the prompts: knock, no_knock, accept, decline, clear
        assert s["kind"] in ("knock", "no_knock", "accept", "decline", "clear"), s
        click(page, f"[data-testid=board] .al-banner button[data-action='{move['id']}']")
    return int(move["id"])


def say_meaning(page: Any, move: dict, legal: list[dict], *same: str) -> None:
    """Where a card may mean several things (a joker's number or colour, a run's end), the page asks which:
    the moves that agree with `move` on the fields `same` are what the click on the place may mean."""
    kind = move["kind"]
    candidates = [
        m for m in legal if m["move"]["kind"] == kind and all(m["move"][f] == move[f] for f in same)
    ]
    if len(candidates) > 1:
        fields = "".join(f"[data-{f}='{move[f]}']" for f in ("number", "colour", "end") if f in move)
        click(page, f"[data-testid=meanings] button{fields}")


def unfold(page: Any, seat: int) -> None:
    """Open another player's block where a phone folds it (a lay-off or a skip opens it by itself)."""
    folded = page.locator(f"[data-testid=player-fold][data-seat='{seat}']:not([open])")
    if folded.count():
        folded.locator("summary").click()


def level8_click(page: Any, state: dict, move: dict) -> int | dict:
    s = move["move"]
    you = state["you"]
    legal = state["legal"]
    kind = s["kind"]
    if kind == "draw_stock":
        click(page, "[data-testid=stock]")
    elif kind == "draw_pile":
        unfold(page, s["owner"])
        click(page, f".l8-player[data-seat='{s['owner']}'] [data-testid=pile-button]")
    elif kind == "discard":
        choose(page, s["card"])
        click(page, f".l8-player[data-seat='{you}'] [data-testid=pile-button]")
    elif kind == "skip":
        choose(page, s["card"])
        click(page, f".l8-player[data-seat='{s['seat']}'] .l8-who button")
    elif kind == "start_lay_down":
        return level8_lay_down(page, state)
    elif kind == "pick":
        choose(page, s["card"])
        click(page, f".l8-part[data-part='{s['part']}'] button")
        say_meaning(page, s, legal, "card", "part")
    elif kind == "lay_off":
        onto = s["onto"][0]
        choose(page, s["card"])
        click(page, f".l8-player[data-seat='{onto['owner']}'] .group[data-group='{onto['group']}'] button")
    elif kind == "lay_off_onto":
        click(page, f".l8-player[data-seat='{s['owner']}'] .group[data-group='{s['group']}'] button")
        say_meaning(page, s, legal, "owner", "group")
    elif kind == "keep":
        click(page, f"[data-testid=board] .hand button[data-card='{s['card']}']")
    else:
        assert kind in ("cancel", "take_skip", "keep_done"), s
        click(page, f"[data-testid=board] button[data-action='{move['id']}']")
    return int(move["id"])


PART_KINDS = {"run": RUN, "set": SET, "colour": COLOUR}


def level8_lay_down(page: Any, state: dict, before_confirm: Callable[[], None] | None = None) -> dict:
    """Lay the level down in one gesture: each part's cards selected and put into it, a way
    chosen where the page offers several, then confirmed (`before_confirm` called just before).
    The cards come from the solver, asked with the hand alone; the move the page must send is
    returned."""
    view = state["view"]
    parts = [(PART_KINDS[p["kind"]], p["size"]) for p in view["requirements"][state["you"]]]
    reqs, hand, placed = solver.reqs_of(tuple(parts)), tuple(view["hand"]), [[] for _ in parts]
    while reqs:
        card, meaning = solver.picks_possible(reqs, hand)[0]
        placed[len(parts) - len(reqs)].append((card, meaning))
        reqs, at = solver.place(reqs, meaning), hand.index(card)
        hand = hand[:at] + hand[at + 1 :]
    for index, cards in enumerate(placed):
        for card, _meaning in cards:
            page.locator(f"[data-testid=hand-card][data-card='{card}'][aria-pressed=false]").first.click()
        click(page, f".l8-part[data-part='{index}'] button")
        meanings = [m for _c, m in cards]
        name = f"{min(meanings)}-{max(meanings)}" if parts[index][0] == RUN else str(meanings[0])
        way = page.locator(f"[data-testid=draft] .l8-ways[data-part='{index}'] [data-way='{name}']")
        if way.count():  # the cards allow several ways: the solver's
            way.click()
    if before_confirm is not None:
        before_confirm()
    click(page, "[data-testid=lay-down]")
    return {"kind": "lay_down", "parts": [sorted(cards) for cards in placed]}


def sent_lay_down(move: dict, joker: int, kinds: list[int]) -> dict:
    """A sent lay-down as (card, meaning) pairs per part, sorted, as `level8_lay_down` returns it."""
    parts = []
    for kind, cards in zip(kinds, move["parts"], strict=True):
        own = {c["card"]: solver.meaning_of(kind, c["card"]) for c in cards if c["card"] != joker}
        pairs = [(c["card"], own.get(c["card"], c.get("number", c.get("colour")))) for c in cards]
        parts.append(sorted(pairs))
    return {"kind": "lay_down", "parts": parts}


def lucandor_click(page: Any, state: dict, move: dict) -> int:
    s = move["move"]
    kind = s["kind"]
    if kind == "play":
        choose(page, s["card"])
        use = f"[data-testid=uses] button[data-use='{s['use']}']"
        click(page, use + (f"[data-colour='{s['colour']}']" if "colour" in s else ""))
    elif kind == "put":
        place = page.locator(f"td[data-cell='{s['cell']}'] [data-place='{s['place']}'] button.lu-put")
        if place.count():
            place.first.click()
        else:
            click(page, f"td[data-cell='{s['cell']}'] button.lu-whole")
    elif kind == "take":
        click(page, f"td[data-cell='{s['cell']}'] button[data-take='{s['place']}:{s['level']}']")
    elif kind in ("drawer", "drawer_slot"):
        click(page, f"td[data-cell='{s['cell']}'] button.lu-whole")
    elif kind == "slot":
        click(page, f"td[data-slot='{s['slot']}'] button")
    elif kind == "door":
        click(page, f"th[data-section='{s['section']}'] button")
    elif kind == "second":
        click(page, f"[data-testid=hand-card][data-card='{s['card']}']")
    elif kind == "task":
        click(page, f"[data-testid=players] li[data-seat='{state['you']}'] button[data-task='{s['task']}']")
    elif kind == "colour":
        click(page, f".lu-prompt button[data-colour='{s['colour']}']")
    elif kind == "secure":
        click(page, f".lu-prompt button[data-secure='{str(s['secure']).lower()}']")
    else:
        assert kind == "corner", s
        click(page, f"button[data-corner='{s['corner']}']")
    return int(move["id"])


DRIVERS: dict[str, Callable[[Any, dict, dict], int | dict]] = {
    "souvenirs": souvenirs_click,
    "calcory": calcory_click,
    "allegra": allegra_click,
    "level8": level8_click,
    "lucandor": lucandor_click,
}


# --- what each table must show, read from the page --------------------------------


def names(state: dict) -> list[str]:
    return [seat["name"] for seat in state["seats"]]


def text_of(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text())


def page_lang(page: Any) -> str:
    return "de" if page.evaluate("document.documentElement.lang") == "de" else "en"


def souvenirs_shows(page: Any, state: dict, seen: set[str], ref: dict) -> None:
    """Each player's cubes left, and each cube on its line in its owner's name, first and second in order;
    the hand's cards named as the reference data names them."""
    view = state["view"]
    hand = page.locator(".hand .hand-cards svg.card").evaluate_all(
        "cards => cards.map((c) => c.getAttribute('aria-label'))"
    )
    assert hand == [ref["card_names"][page_lang(page)][kind] for kind in view["hand"]], hand
    for seat, left in enumerate(view["cubes_left"]):
        assert text_of(
            page, f"[data-testid=players] li[data-seat='{seat}'] [data-testid=cubes-left]"
        ).startswith(str(left))
    lines = ["row" if i < 9 else "col" for i in range(18)]
    for index, owners in enumerate(view["cubes"]):
        if not owners:
            continue
        cell = page.locator(f"td[data-line='{lines[index]}{index % 9 - 4}'] .seat-mark")
        labels = cell.evaluate_all("marks => marks.map((m) => m.getAttribute('aria-label'))")
        assert len(labels) == len(owners)
        for label, owner in zip(labels, owners, strict=True):
            assert label.startswith(names(state)[owner]), (label, owners)
        assert [m.strip()[-1] for m in cell.all_inner_texts()] == ["1", "2"][: len(owners)]
        seen.add("cube")
    assert " ".join(text_of(page, "[data-testid=row-label-0]").split()) in ("Reihe 0", "row 0")


def calcory_shows(page: Any, state: dict, seen: set[str], ref: dict) -> None:
    """The target 13, the running sum, the standing offer, and every turned digit in the log;
    the layout's rows and places named as the reference data names them."""
    view = state["view"]
    # A phone turns the grid: its rows are the columns 1-10, its columns the rows A-F.
    phone = page.viewport_size["width"] <= 600
    down, across = ("column_names", "row_names") if phone else ("row_names", "column_names")
    assert page.locator(".calcory th[scope=row]").all_inner_texts() == ref[down]
    assert page.locator(".calcory th[scope=col]").all_inner_texts() == ref[across]
    places = page.locator(".calcory td.cell").evaluate_all(
        "cells => cells.map((c) => [Number(c.dataset.cell), c.dataset.name])"
    )
    assert sorted(places) == [[i, name] for i, name in enumerate(ref["position_names"])], places[:3]
    assert "13" in text_of(page, "[data-testid=target]") and ref["target"] == 13
    assert f"{view['turn_sum']}" in text_of(page, "[data-testid=turn-sum]").split(":")[1]
    offer = text_of(page, "[data-testid=offer]")
    if view["offer"]:
        owner = names(state)[view["offer"]["owner"]]
        assert owner in offer and str(view["offer"]["sum"]) in offer, offer
        assert all(cell in offer for cell in view["offer"]["cells"]), offer
        seen.add("offer")
    for entry in state["log"]:
        if entry["move"] and entry["move"]["kind"] == "turn":
            assert entry["result"] and entry["result"]["text"].isdigit(), entry
            shown = text_of(page, f"[data-testid=log] li[data-version='{entry['version']}']")
            assert shown.endswith(f": {entry['result']['text']}"), shown
            seen.add("digit")


def visible_sum(cells: list) -> int:
    return sum(c for c in cells if isinstance(c, int))


def allegra_shows(page: Any, state: dict, seen: set[str], ref: dict) -> None:
    """Each layout's visible sum, shared columns drawn once, the final round and knocking explained;
    one's own places named as the reference data names them."""
    view = state["view"]
    n = len(view["layouts"])
    you = state["you"]
    cells = page.locator("td.cell:not(.al-repeat)").evaluate_all(
        "cells => cells.map((c) => { const face = c.querySelector('svg.card, .al-gap');"
        " return [c.dataset.places, face.getAttribute('aria-label') ?? face.getAttribute('title')]; })"
    )
    named = {}  # each of one's own places, by position: the label of the card drawn there
    for places, label in cells:
        for place in places.split():
            seat, position = map(int, place.split(":"))
            if seat == you:
                named[position] = label
    assert sorted(named) == list(range(15)), named
    for position, label in named.items():
        assert f"{names(state)[you]} {ref['position_names'][position]}" in label, (position, label)
    if page.viewport_size["width"] <= 600:  # a phone: layout by layout, each repeating its left column
        assert page.locator("td.al-shared").count() == 3 * 2 * n
        assert page.locator("td.al-repeat").count() == 3 * n
    else:
        assert page.locator("td.al-shared").count() == 3 * (n + 1), (
            "each shared column once, the first again at the end"
        )
        assert page.locator("td.al-repeat").count() == 3
    if view["final_round"]:
        banner = text_of(page, "[data-testid=final-round]")
        assert names(state)[view["trigger"]] in banner
        seen.add("final")
    if view["phase"] == "knock_ask" and state["to_move"] == state["you"]:
        prompt = text_of(page, "[data-testid=knock-prompt]")
        assert names(state)[view["active"]] in prompt and len(prompt) > 100
        seen.add("knock")


def level8_card(ref: dict, lang: str, kind: int) -> list[str]:
    """A LEVEL 8 card's name and the mark on its face, as the reference data names them."""
    for special in ("joker", "skip"):
        if kind == ref[special]:
            return [ref["card_words"][lang][special], ref["card_codes"][lang][special]]
    colour, value = divmod(kind, ref["values"])
    return [f"{ref['colours'][lang][colour]} {value + 1}", str(value + 1)]


def level8_shows(page: Any, state: dict, seen: set[str], ref: dict) -> None:
    """Every player's level with its requirement in words, whose pile is whose, and the parts of
    one's own level and the hand's cards named as the reference data names them."""
    view = state["view"]
    lang = page_lang(page)
    hand = page.locator(".hand .hand-cards svg.card").evaluate_all(
        "cards => cards.map((c) => [c.getAttribute('aria-label'), c.querySelector('text').textContent])"
    )
    assert hand == [level8_card(ref, lang, kind) for kind in view["hand"] or []], hand
    if {ref["joker"], ref["skip"]} & set(view["hand"] or []):
        seen.add("joker or skip")
    if view["levels"][state["you"]] <= 8:
        parts = page.locator("[data-testid=parts] [data-testid=part-name]").all_inner_texts()
        assert parts == ref["part_names"][lang][view["levels"][state["you"]] - 1], parts
    for seat, level in enumerate(view["levels"]):
        unfold(page, seat)  # on a phone, as a player taps it open to read it
        player = f"[data-testid=players] li[data-seat='{seat}']"
        if level <= 8:
            assert text_of(page, f"{player} [data-testid=requirement]") == ref["level_names"][lang][level - 1]
            assert f"{level}" in text_of(page, f"{player} [data-testid=level]")
        pile = text_of(page, f"{player} [data-testid=pile]")
        name = names(state)[seat]
        assert (f"Ablage von {name}" if lang == "de" else f"{name}'s discard pile") in pile, pile
    seen.add("levels")
    round_state(page, state, ref, lang, seen)
    for entry in state["log"]:  # a pile taken from is named by its owner's name (unless reworded)
        label = entry["label"] or "#"
        if entry["move"] and entry["move"]["kind"] == "draw_pile" and not label.startswith("#"):
            assert names(state)[entry["move"]["owner"]] in label and "Platz" not in label, label
            assert label in text_of(page, f"[data-testid=log] li[data-version='{entry['version']}']")


ROUND_WORDS = {
    "en": ("Round {round}", "went out", "stalled"),
    "de": ("Runde {round}", "ist rausgegangen", "festgefahren"),
}


def round_state(page: Any, state: dict, ref: dict, lang: str, seen: set[str]) -> None:
    """LEVEL 8: how the last round ended (who went out and moved up, or that it stalled)
    and the stalled rounds in a row."""
    view = state["view"]
    end, stalled = view["last_round"], view["stalled"]
    if end is None and not stalled:
        assert page.locator("[data-testid=round-state]").count() == 0
        return
    if end is not None:
        shown = text_of(page, "[data-testid=last-round]")
        heading, out, stuck = ROUND_WORDS[lang]
        assert shown.startswith(heading.format(round=end["round"])), shown
        if end["went_out"] is None:
            assert stuck in shown and str(end["turns"]) in shown, shown
        else:
            assert f"{names(state)[end['went_out']]} {out}" in shown, shown
            for seat, (before, after) in enumerate(zip(end["levels_before"], end["levels"], strict=True)):
                assert (f"{names(state)[seat]} +{after - before}" in shown) == (after > before), shown
        seen.add("round")
    if stalled:
        shown = text_of(page, "[data-testid=stalled]")
        assert str(stalled) in shown and (str(ref["stall_rounds"]) in shown or not ref["stall_rounds"]), shown


def lucandor_shows(page: Any, state: dict, seen: set[str], ref: dict) -> None:
    """Cards by their full names (garment and colour), never codes."""
    lang = page_lang(page)
    full = {
        f"{ref['garments'][c['garment']][lang]} {ref['colours'][c['colour']][lang]}" for c in ref["cards"]
    }

    def name(card: int) -> str:
        info = ref["cards"][card]
        return f"{ref['garments'][info['garment']][lang]} {ref['colours'][info['colour']][lang]}"

    hand = page.locator(".lu-hand .lu-card strong").all_inner_texts()
    assert hand == [name(card) for card in state["view"]["hand"] or []], hand
    pieces = page.locator(".lu-wardrobe .lu-piece").evaluate_all(
        "ps => ps.map((p) => p.getAttribute('title'))"
    )
    assert set(pieces) <= full, pieces
    garments = {g[lang] for g in ref["garments"]}
    assert set(page.locator(".lu-wardrobe .lu-piece-name").all_inner_texts()) <= garments
    seen.add("names")
    lucandor_aid_shows(page, state["view"], seen, ref)


def lucandor_scoring_now(view: dict, ref: dict) -> tuple[list[dict[int, int]], list[list[int | None]]]:
    """What scoring gives now, reckoned here from the view and reference data: per storey what each
    colour pays (every slot over it showing the colour), and per player each task's count (None while
    its card is face down to this seat)."""
    cards, starts = ref["cards"], ref["start_cards"]
    side = "b" if ref["start_side"] == 1 else "a"
    pays: list[dict[int, int]] = [{} for _ in ref["wardrobe"]["storeys"]]
    for slot, value in enumerate(view["slots"]):
        start = value >= len(cards)
        colours = starts[value - len(cards)][side] if start else [cards[value]["dot_colour"]]
        points = starts[value - len(cards)]["points"] if start else cards[value]["points"]
        for storey in ref["wardrobe"]["slots"][slot]:
            for colour in colours:
                pays[storey][colour] = pays[storey].get(colour, 0) + points
    sections = len(ref["wardrobe"]["sections"])
    held = [[piece for place in cell for piece in place] for cell in view["content"]]
    for cell, items in view["drawers"]:
        held[cell] = list(items)

    def count(storey: int, colour: int) -> int:
        cells = held[storey * sections : (storey + 1) * sections]
        return sum(cards[piece]["colour"] == colour for cell in cells for piece in cell)

    tasks = [
        [
            None if player["end_cards"] is None else count(cards[player["end_cards"][i]]["storey"], colour)
            for i, colour in enumerate(player["end_colours"])
        ]
        for player in view["players"]
    ]
    return pays, tasks


def lucandor_aid_shows(page: Any, view: dict, seen: set[str], ref: dict) -> None:
    """The aid's storey table and every task's count now, as reckoned from the public view."""
    pays, tasks = lucandor_scoring_now(view, ref)
    shown = page.locator("[data-testid=aid-storeys] tbody tr").evaluate_all(
        """rows => rows.map((row) => Object.fromEntries([...row.querySelectorAll('[data-colour]')]
             .map((s) => [s.dataset.colour, Number(s.dataset.points)])))"""
    )
    assert shown == [{str(c): p for c, p in storey.items()} for storey in pays], shown
    for seat, counts in enumerate(tasks):
        if not counts:
            continue
        cells = page.locator(f"[data-testid=aid-tasks] li[data-seat='{seat}'] .aid-task")
        found = cells.evaluate_all("ts => ts.map((t) => t.dataset.points)")
        assert found == ["" if n is None else str(n) for n in counts], (seat, found, counts)
        if any(n is not None for n in counts):
            seen.add("task")  # a task counted, not only its chip shown


SHOWS: dict[str, Callable[[Any, dict, set[str], dict], None]] = {
    "souvenirs": souvenirs_shows,
    "calcory": calcory_shows,
    "allegra": allegra_shows,
    "level8": level8_shows,
    "lucandor": lucandor_shows,
}
# What each game must have shown at least once in a whole game.
MUST_SEE = {
    "souvenirs": {"cube"},
    "calcory": {"digit"},
    "allegra": {"final"},
    "level8": {"levels", "round", "joker or skip"},
    "lucandor": {"names", "task"},
}


# Moves a person makes when they can, so a short game shows them (laying down a level).
# Moves a game's clicking person prefers, so that a whole game shows what MUST_SEE asks for
# whatever the deal: LEVEL 8's lay-downs, Lucandor's cards kept as tasks (a task's count shows
# only once a seat holds one, face up to that seat).
EAGER: dict[str, Callable[[dict], bool]] = {
    "level8": lambda move: move["kind"] in {"start_lay_down", "pick", "lay_off", "lay_off_onto"},
    "lucandor": lambda move: move["kind"] == "play" and move.get("use") == "task",
}


def pick_move(game: str, legal: list[dict], rng: random.Random) -> dict:
    wanted = EAGER.get(game)
    eager = [m for m in legal if wanted is not None and wanted(m["move"])]
    return rng.choice(eager if eager and rng.random() < 0.9 else legal)


def end_explained(page: Any, state: dict) -> None:
    """The end screen says why the game ended and breaks each score down as the server sent it."""
    result = state["result"]
    if result.get("end_reason"):
        assert result["end_reason"]["text"] in text_of(page, "[data-testid=end-reason]")
    for seat, lines in enumerate(result.get("score_breakdown") or []):
        card = f"[data-testid=scores] [data-seat='{seat}']"
        assert text_of(page, f"{card} [data-testid=score]") == f"{result['scores'][seat]:g}"
        rows = page.locator(f"{card} .breakdown tr:not(.sum)").all_inner_texts()
        expected = [f"{line['label']} {line['points']:g}" for line in lines]
        assert [" ".join(r.split()) for r in rows] == expected


def open_table(
    site: Server, browser: Any, game: str, viewport: dict, locale: str, reword: bool, autoplay: bool = False
) -> tuple[Seat, dict]:
    """A table of `game` with the page's person in seat 0 and bots elsewhere, started. The page
    makes no forced move by itself unless `autoplay`: the tests click every move."""
    players, options = SETUPS[game]
    body = {"game": game, "players": players, "options": options, "name": "Anna"}
    table = httpx.post(
        f"{site.url}/api/tables", json={**body, "seats": ["open"] + ["heuristic"] * (players - 1)}
    )
    assert table.status_code == 200, table.text
    keys = table.json()
    # The phone asks for less motion: nothing on its page moves (checked below).
    motion = "reduce" if viewport == PHONE else "no-preference"
    context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True, reduced_motion=motion)
    page = context.new_page()
    seat = Seat(page, reword)
    page.goto(site.url + "/")
    saved = json.dumps({"token": keys["token"], "seat": 0, "host_token": keys["host_token"]})
    page.evaluate("([id, keys]) => localStorage.setItem(`spieltisch:${id}`, keys)", [keys["id"], saved])
    page.evaluate("on => localStorage.setItem('spieltisch:autoplay', on ? 'on' : 'off')", autoplay)
    page.goto(f"{site.url}/#/table/{keys['id']}")
    page.wait_for_selector("[data-testid=turn][data-status=open]")
    httpx.post(f"{site.url}/api/tables/{keys['id']}/start", json={"host_token": keys["host_token"]})
    page.wait_for_selector("[data-testid=board]")
    reference = httpx.get(f"{site.url}/api/tables/{keys['id']}/reference").json()["data"]
    return seat, reference


def wait_for_quiet_turn(page: Any, seat: Seat) -> bool:
    """Wait until it is our turn, nothing in flight, the page showing the newest state; False at the end."""
    page.wait_for_function(
        """() => {
          const turn = document.querySelector('[data-testid=turn]');
          return turn.dataset.status === 'finished'
            || (turn.classList.contains('mine') && !document.querySelector('[data-testid=sent]'));
        }""",
        timeout=30_000,
    )
    turn = page.get_by_test_id("turn")
    if turn.get_attribute("data-status") == "finished":
        return False
    page.wait_for_timeout(60)  # a plan's next step goes out right after the state that allows it
    if page.locator("[data-testid=sent]").count() or "mine" not in (turn.get_attribute("class") or ""):
        return wait_for_quiet_turn(page, seat)
    version = int(turn.get_attribute("data-version"))
    if seat.state["version"] != version or not seat.state["legal"]:
        return wait_for_quiet_turn(page, seat)
    return True


def click_and_check(page: Any, seat: Seat, game: str, state: dict, move: dict) -> None:
    """Make `move` by clicking the table; the page must send exactly that move."""
    before = len(seat.sent)
    expected = DRIVERS[game](page, state, move)
    for _ in range(100):
        if len(seat.sent) > before:
            break
        page.wait_for_timeout(20)
    assert len(seat.sent) > before, f"{game}: clicking for {move['move']} sent nothing"
    sent = seat.sent[before]
    if isinstance(expected, dict):  # a move of several steps, sent as data
        kinds = [PART_KINDS[p["kind"]] for p in state["view"]["requirements"][state["you"]]]
        assert sent_lay_down(sent["move"], JOKER, kinds) == expected, (game, sent)
        return
    # Two copies of a card give two legal moves that are the same as data (Souvenirs' hand):
    # the table shows one button for both, and either is the move asked for.
    same = {m["id"] for m in state["legal"] if m["move"] == move["move"]} if expected == move["id"] else set()
    assert sent["action"] in same | {expected}, (game, move["move"], sent)


def play_by_clicking(site: Server, browser: Any, game: str, phone: bool) -> None:
    viewport, locale, reword = (PHONE, "de-DE", False) if phone else (DESKTOP, "en-GB", True)
    seat, reference = open_table(site, browser, game, viewport, locale, reword)
    page = seat.page
    size = "phone" if phone else "desktop"
    rng = random.Random(f"{game}-{size}")
    seen: set[str] = set()
    moves = 0
    while wait_for_quiet_turn(page, seat):
        state = seat.state
        assert page.title().startswith("▶"), "the tab title says it is our turn"
        SHOWS[game](page, state, seen, reference)
        if phone:  # at every move: a few positions only (a door move on offer) once widened the page
            overflow = sideways_overflow(page)
            wide = f"{game}: the phone page scrolls sideways by {overflow} px"
            assert overflow <= 0, (wide, overflow_culprits(page))
        if phone and moves % 25 == 0:
            assert english_on_page(page) == [], game
        if moves == 0:
            shoot(page, f"{game}-{size}-start")
        if moves in (0, 12):  # axe-core: nothing moderate or worse as the game opens and mid-game
            assert axe_violations(page, ["moderate", "serious", "critical"]) == [], (game, moves)
        if moves == 1:
            # The last move is highlighted, and arrives with a movement unless the reader asked for less.
            animation = page.evaluate(
                "() => getComputedStyle(document.querySelector('[data-testid=last-move]')).animationName"
            )
            assert animation == ("none" if phone else "glow"), animation
        move = pick_move(game, state["legal"], rng)
        click_and_check(page, seat, game, state, move)
        moves += 1
        if moves == 12:
            shoot(page, f"{game}-{size}-mid")
        assert moves < 3000, f"{game}: the game did not end"
    page.wait_for_selector("[data-testid=result]")
    if game == "allegra" and seat.state["view"]["final_round"]:
        allegra_shows(page, seat.state, seen, reference)
    assert MUST_SEE[game] <= seen, (game, seen)
    end_explained(page, seat.state)
    assert not page.title().startswith("▶")
    if phone:
        assert sideways_overflow(page) <= 0 and english_on_page(page) == [], game
    assert axe_violations(page, ["moderate", "serious", "critical"]) == [], (game, "end")
    shoot(page, f"{game}-{size}-end")
    page.context.close()


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_whole_game_by_clicking_on_a_desktop_with_reworded_names(
    site: Server, browser: Any, game: str
) -> None:
    play_by_clicking(site, browser, game, phone=False)


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_whole_game_by_clicking_on_a_german_phone(site: Server, browser: Any, game: str) -> None:
    play_by_clicking(site, browser, game, phone=True)


def test_keyboard_alone_plays_on_the_table(site: Server, browser: Any) -> None:
    """Tab to a face-down card of Calcory's grid and press Enter: exactly that card is turned."""
    seat, _reference = open_table(site, browser, "calcory", DESKTOP, "en-GB", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)
    legal = seat.state["legal"]
    version = page.get_by_test_id("turn").get_attribute("data-version")
    focused = None
    for _ in range(300):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.closest('td[data-cell]')?.dataset.cell ?? null")
        if focused is not None:
            break
    assert focused is not None, "no card of the grid can be reached with Tab"
    page.keyboard.press("Enter")
    changed = "v => document.querySelector('[data-testid=turn]').dataset.version !== v"
    page.wait_for_function(changed, arg=version)
    assert len(seat.sent) == 1
    move = next(m for m in legal if m["id"] == seat.sent[0]["action"])
    assert move["move"]["kind"] == "turn" and move["move"]["position"] == int(focused)
    page.context.close()


@pytest.mark.parametrize("game", list(SETUPS))
def test_reworded_german_names_change_no_click(site: Server, browser: Any, game: str) -> None:
    """The first moves of each game on a German page whose move names are all nonsense."""
    seat, _reference = open_table(site, browser, game, DESKTOP, "de-DE", reword=True)
    page = seat.page
    rng = random.Random(f"{game}-de")
    for _ in range(15):
        if not wait_for_quiet_turn(page, seat):
            break
        state = seat.state
        assert all(move["label"].startswith("#") for move in state["legal"])
        click_and_check(page, seat, game, state, pick_move(game, state["legal"], rng))
    assert seat.sent, game
    page.context.close()


def test_level8_asks_what_a_joker_stands_for(site: Server, browser: Any) -> None:
    """A joker put into a run may be several numbers: the page asks which and sends that move.

    The page is sent a state of our own making (a joker in hand, two meanings on
    offer), so the question comes up in every run; the move it sends is checked,
    not applied.
    """
    seat, reference = open_table(site, browser, "level8", PHONE, "de-DE", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)
    joker = reference["joker"]
    state = json.loads(json.dumps(seat.state))
    view = state["view"]
    assert view["requirements"][state["you"]][0]["kind"] == "run", "level 1 starts with a run"
    view.update(hand=[joker, *view["hand"][1:]], part=0, picks=[], built=[], layoff_card=-1)
    state["legal"] = [
        {"id": 200 + n, "label": f"#{n}", "move": {"kind": "pick", "card": joker, "part": 0, "number": n}}
        for n in (3, 4)
    ]
    seat.socket.send(json.dumps(state))
    page.wait_for_selector(f"[data-testid=hand-card][data-card='{joker}']")
    choose(page, joker)
    click(page, ".l8-part[data-part='0'] button")
    question = page.get_by_test_id("meanings")
    question.wait_for()
    assert "Joker" in question.inner_text() and len(seat.sent) == 0, "nothing is sent before the choice"
    assert question.locator("button[data-number]").all_inner_texts() == ["als 3", "als 4"]
    assert english_on_page(page) == [] and sideways_overflow(page) <= 0
    shoot(page, "level8-joker-meaning-phone")
    question.locator("button[data-number='4']").click()
    for _ in range(100):
        if seat.sent:
            break
        page.wait_for_timeout(20)
    assert [message["action"] for message in seat.sent] == [204]
    page.context.close()


def test_level8_shows_how_the_last_round_ended_and_the_stalled_rounds(site: Server, browser: Any) -> None:
    """The round state on the table, from states of our own making: a round someone went out of,
    then a stalled round (the safety cap round_turns) with two stalled rounds in a row."""
    seat, reference = open_table(site, browser, "level8", PHONE, "de-DE", reword=False)
    page = seat.page
    assert wait_for_quiet_turn(page, seat)
    state = json.loads(json.dumps(seat.state))
    view = state["view"]
    levels = {"levels_before": [1, 2], "levels": [2, 4], "turns": 18}
    view.update(round=4, last_round={"round": 3, "went_out": 1, **levels, "stalled": 0}, stalled=0)
    seat.socket.send(json.dumps(state))
    page.wait_for_selector("[data-testid=last-round]")
    other = names(state)[1]
    expected = f"Runde 3: {other} ist rausgegangen · aufgestiegen: Anna +1, {other} +2."
    assert text_of(page, "[data-testid=last-round]") == expected
    assert page.locator("[data-testid=stalled]").count() == 0
    levels = {"levels_before": [2, 4], "levels": [2, 4], "turns": 40}
    view.update(round=5, last_round={"round": 4, "went_out": None, **levels, "stalled": 2}, stalled=2)
    seat.socket.send(json.dumps(state))
    page.wait_for_selector("[data-testid=stalled]")
    seen: set[str] = set()
    round_state(page, state, reference, "de", seen)
    assert "in 40 Zügen" in text_of(page, "[data-testid=last-round]") and seen == {"round"}
    stalled = text_of(page, "[data-testid=stalled]").strip()
    assert stalled.startswith(f"Festgefahrene Runden in Folge: 2 von {reference['stall_rounds']}")
    assert english_on_page(page) == [] and sideways_overflow(page) <= 0
    shoot(page, "level8-round-state-phone")
    page.context.close()
