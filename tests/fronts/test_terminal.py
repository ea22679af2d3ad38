"""Terminal play: moves by number or name, help, watching, the log, resuming, the end, the screen."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import RandomBot
from spieltisch.core.contract import EndReason, ScoreLine, State
from spieltisch.core.record import Record
from spieltisch.core.registry import game_names, load_game
from spieltisch.terminal import (
    TerminalGame,
    compact_moves,
    fit_moves,
    format_moves,
    matching_moves,
    rules_page,
    seat_bots,
)
from tests.core.toy_game import KEEP, ToyGame, ToyState


class ShowingToy(ToyGame):
    """The toy game with the front hooks: a public name, a public result, an explained end."""

    widths: list[int]

    def setup(self) -> None:
        self.widths = []

    def action_label(self, state: ToyState, action: int, lang: str) -> str:
        if state.is_chance_node():
            return f"card {action}"
        own = state.cards[state.turn]
        verb = "behalten" if lang == "de" else "keep"
        return f"{verb} my {own}" if action == KEEP else ("tauschen" if lang == "de" else "swap")

    def public_action_label(self, state: ToyState, action: int, lang: str) -> str | None:
        return "keep" if action == KEEP else "swap"

    def public_result(self, state: ToyState, action: int, lang: str) -> dict[str, Any] | None:
        return {"text": f"now {state.turn} of {state.num_players} done", "turn": state.turn}

    def render_text(self, state: ToyState, seat: int | None, lang: str, width: int) -> str:
        self.widths.append(width)
        cards = " ".join("?" if c is None else str(c) for c in state.view(seat)["cards"])
        return f"TABLE for {seat}: {cards}"

    def end_reason(self, state: ToyState, lang: str) -> EndReason | None:
        return EndReason("all_moved", "everybody has moved") if state.is_terminal() else None

    def score_breakdown(self, state: ToyState, lang: str) -> list[list[ScoreLine]]:
        return [[ScoreLine("card", score)] for score in state.scores()]


def scripted(lines: list[str]) -> tuple[io.StringIO, Callable[[str], str]]:
    answers: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return io.StringIO(), read_line


def table_of(
    lines: list[str], tmp_path: Path, game: Any = None, human: int | None = 0, **extra: Any
) -> tuple[io.StringIO, TerminalGame]:
    game = game or ToyGame(2)
    out, read_line = scripted(lines)
    bots = seat_bots(game, human, ["random"])
    table = TerminalGame(
        game, human, bots, extra.pop("seed", 3), extra.pop("lang", "en"), tmp_path / "r.json", out,
        extra.pop("read_line", read_line), **extra,
    )  # fmt: skip
    return out, table


def run(lines: list[str], tmp_path: Path, **extra: Any) -> tuple[str, TerminalGame]:
    out, table = table_of(lines, tmp_path, **extra)
    table.run()
    return out.getvalue(), table


def test_a_person_finishes_a_game_by_move_name(tmp_path: Path) -> None:
    text, table = run(["?", "nonsense", "sw"], tmp_path)
    assert "Type a move's number, or its name" in text
    assert "Not a move here: 'nonsense'" in text
    assert table.state.is_terminal()
    assert text.count("Game over") == 1 and "Winner" in text
    assert Record.load(tmp_path / "r.json").replay(game=table.game).history() == table.state.history()


def test_moves_by_number_and_german_texts(tmp_path: Path) -> None:
    text, table = run(["1"], tmp_path, lang="de")
    assert table.state.is_terminal()
    assert text.count("Spielende") == 1 and "1. behalten" in text


def test_help_tells_how_moves_are_matched_and_where_the_rules_are(tmp_path: Path) -> None:
    text, _ = run(["?", "q"], tmp_path, width=200)
    assert "'a1' finds 'turn A1', never 'turn A10'" in text
    assert "m lists every move" in text and "--resume" in text
    german, _ = run(["?", "q"], tmp_path, lang="de", width=200)
    assert "'a1' findet 'Karte A1 aufdecken'" in german


def test_the_rules_page_of_a_registered_game_is_named() -> None:
    name = game_names()[0]
    page = rules_page(load_game(name))
    assert page is not None and f"rules/{name}.md" in page
    assert rules_page(ToyGame(2)) is None


def test_quitting_saves_the_record_and_says_how_to_continue(tmp_path: Path) -> None:
    text, table = run(["q"], tmp_path)
    assert not table.state.is_terminal()
    assert "Game left unfinished." in text
    assert f"spieltisch play --resume {tmp_path / 'r.json'}" in text
    saved = Record.load(tmp_path / "r.json")
    assert saved.actions == table.state.history()
    assert saved.meta["human"] == 0 and saved.meta["bots"] == {"1": "random"}


def test_end_of_input_is_a_clean_quit(tmp_path: Path) -> None:
    text, _ = run([], tmp_path)
    assert "Game left unfinished." in text


def test_a_resumed_game_goes_on_exactly_as_an_unbroken_one(tmp_path: Path) -> None:
    """Chance and bots draw from streams tied to the seed and the move number, so resuming changes nothing."""
    game = load_game(game_names()[0], 2)
    _, whole = table_of(["1"] * 3000, tmp_path / "whole", game=game, seed=11)
    whole.run()
    _, first = table_of(["1", "1", "1", "q"], tmp_path / "part", game=game, seed=11)
    first.run()
    saved = Record.load(tmp_path / "part" / "r.json")
    assert 0 < len(saved.actions) < len(whole.state.history())
    _, rest = table_of(["1"] * 3000, tmp_path / "part", game=game, seed=11, history=saved.actions)
    rest.run()
    assert rest.state.history() == whole.state.history()


def test_the_log_shows_each_move_as_everybody_saw_it(tmp_path: Path) -> None:
    text, _ = run(["1"], tmp_path, game=ShowingToy(3))
    assert "Seat 1 (you): keep my " in text  # the person's own move by its full name; seats count from 1
    assert "Seat 2 (random): " in text
    for line in text.splitlines():
        if line.startswith(("Seat 2", "Seat 3")):
            assert "my" not in line  # bots' moves by their public names
            assert line.endswith(" done")  # with what the move showed everybody


def test_watching_shows_only_public_information_paced_with_the_table_after_each_move(tmp_path: Path) -> None:
    pauses: list[float] = []
    game = ShowingToy(3)
    text, table = run([], tmp_path, game=game, human=None, delay=0.5, sleep=pauses.append)
    assert table.state.is_terminal()
    assert "my " not in text
    assert "TABLE for None" in text and "TABLE for 0" not in text
    moves = sum(1 for line in text.splitlines() if line.startswith("Seat "))
    assert moves == len(pauses) + 1  # a pause after every move but the last
    assert text.count("TABLE for None") == moves  # the table after each move, and at the end
    assert set(pauses) == {0.5}


def test_the_end_explains_the_result(tmp_path: Path) -> None:
    text, _ = run(["1"], tmp_path, game=ShowingToy(2))
    assert "Game over: everybody has moved" in text
    assert "Seat 1 (you): card " in text
    assert text.count("Game over") == 1


def test_the_table_is_drawn_at_the_screen_width(tmp_path: Path) -> None:
    game = ShowingToy(2)
    run(["1"], tmp_path, game=game, width=123)
    assert set(game.widths) == {123}


def test_moves_are_laid_out_in_numbered_columns() -> None:
    text = format_moves(["keep", "swap", "turn A1"], width=30)
    assert text.splitlines()[0].startswith("  1. keep")
    assert "  3. turn A1" in text


def test_a_move_is_found_by_name_beginning_or_whole_words() -> None:
    labels = ["turn B1", "turn B10", "stop", "turn C1"]
    assert matching_moves("stop", labels) == [2]
    assert matching_moves("TURN b1", labels) == [0]
    assert matching_moves("b10", labels) == [1]
    assert matching_moves("b1", labels) == [0]
    assert matching_moves("c1", labels) == [3]
    assert matching_moves("b", labels) == [0, 1]
    assert matching_moves("turn b", labels) == [0, 1]
    assert matching_moves("x", labels) == []


def test_a_german_move_is_found_by_its_position() -> None:
    """The position stands in the middle of a German name; 'a1' must not also find A10."""
    labels = ["Karte A1 aufdecken", "Karte A10 aufdecken", "Karte B1 aufdecken", "aufhören"]
    assert matching_moves("a1", labels) == [0]
    assert matching_moves("A10", labels) == [1]
    assert matching_moves("karte a1", labels) == [0]
    assert matching_moves("a", labels) == [3]  # a name's beginning before a word's
    assert matching_moves("b", labels) == [2]
    places = ["in Etage 1 links, Platz 1", "in Etage 1 rechts, Platz 2", "in Etage 3 links, Platz 1"]
    assert matching_moves("etage 1 rechts", places) == [1]


def calcory_like(rows: str = "ABCDEF", columns: int = 10) -> list[str]:
    turns = [f"turn {row}{column}" for row in rows for column in range(1, columns + 1)]
    return [*turns, "stop (keep the cards)"]


def test_a_long_move_list_is_grouped_to_leave_the_table_on_screen() -> None:
    labels = calcory_like()
    assert len(format_moves(labels, 80).splitlines()) > 6
    lines = fit_moves(labels, 80, 6)
    assert len(lines) <= 6 and all(len(line) <= 80 for line in lines)
    assert lines[0].split()[:3] == ["1-60", "turn", "_:"]
    assert "A1 A2" in lines[0] and lines[-1].strip() == "61. stop (keep the cards)"


def test_a_move_list_that_cannot_fit_says_how_to_see_it_all() -> None:
    labels = calcory_like() + [f"return a {d}" for d in range(10)] + ["knock"]
    lines = fit_moves(labels, 40, 3, "m lists all {n} moves")
    assert len(lines) == 3 and lines[-1].strip() == "… m lists all 72 moves"
    assert all(len(line) <= 40 for line in lines)


@pytest.mark.parametrize("width", [40, 80, 132])
def test_every_move_list_line_fits_the_width(width: int) -> None:
    long = ["play the extraordinarily long-winded move number " + str(i) * 30 for i in range(5)]
    for labels in (calcory_like(), long, ["keep", "swap"]):
        assert all(len(line) <= width for line in format_moves(labels, width).splitlines())
        assert all(len(line) <= width for line in compact_moves(labels, width))


def test_moves_that_are_not_alike_keep_their_numbers() -> None:
    assert compact_moves(["keep", "swap"], 80) == ["  1. keep", "  2. swap"]


@pytest.mark.parametrize("height", [24, 40])
def test_the_move_list_leaves_the_table_on_an_80_by_24_screen(height: int, tmp_path: Path) -> None:
    """Calcory's first turn has 60 moves; below its table they must fit what the screen has left."""
    game = load_game("calcory", 2)
    out, table = table_of(["q"], tmp_path, game=game, width=80, height=height)
    table.run()
    screen = out.getvalue().split("Game left unfinished.")[0].strip("\n").splitlines()
    board = table.state.render_text(0, "en", 80).splitlines()
    assert screen[: len(board)] == board
    assert len(board) + 1 + 3 <= height  # room for at least three lines of moves and the prompt
    assert len(screen) <= height - 1  # the prompt takes the last line
    assert "A1" in screen[len(board)] and "F10" in "\n".join(screen)


class Watcher(RandomBot):
    """A bot that remembers what it saw: fronts must show it the table after every step."""

    watches_table = True

    def __init__(self) -> None:
        self.seen: list[int] = []

    def observe(self, state: State) -> None:
        self.seen.append(state.version)


def test_bots_that_watch_the_table_see_every_step_also_when_a_game_resumes(tmp_path: Path) -> None:
    game = ToyGame(3)
    watcher = Watcher()
    out, read_line = scripted(["1"])
    table = TerminalGame(game, 0, {1: watcher, 2: RandomBot()}, 5, out=out, read_line=read_line)
    table.run()
    assert watcher.seen == list(range(1, table.state.version + 1))
    again = Watcher()
    TerminalGame(game, None, {0: RandomBot(), 1: again, 2: RandomBot()}, 5, history=table.state.history()[:4])
    assert again.seen == [1, 2, 3, 4]


def interrupted(lines: list[str]) -> Callable[[str], str]:
    """A person who types `lines`, then presses Ctrl-C at the prompt."""
    answers = iter(lines)

    def read_line(prompt: str) -> str:
        for line in answers:
            return line
        raise KeyboardInterrupt

    return read_line


def test_ctrl_c_saves_the_game_and_says_how_to_continue_exactly_as_q_does(tmp_path: Path) -> None:
    game = load_game(game_names()[0], 2)
    quit_text, quitted = run(["1", "q"], tmp_path / "q", game=game)
    out, table = table_of([], tmp_path / "c", game=game, read_line=interrupted(["1"]))
    table.run()
    assert out.getvalue().replace(str(tmp_path / "c"), str(tmp_path / "q")) == quit_text.replace(
        "Game left unfinished.", "\nGame left unfinished."
    )  # a new line after the ^C, then the same words
    assert f"spieltisch play --resume {tmp_path / 'c' / 'r.json'}" in out.getvalue()
    saved = Record.load(tmp_path / "c" / "r.json")
    assert saved.actions == table.state.history() == quitted.state.history()
    assert not saved.replay().is_terminal()


def test_ctrl_c_while_watching_saves_the_game(tmp_path: Path) -> None:
    def interrupt(_: float) -> None:
        raise KeyboardInterrupt

    text, table = run([], tmp_path, game=ShowingToy(3), human=None, sleep=interrupt)
    assert "Game left unfinished." in text and "--resume" in text
    assert Record.load(tmp_path / "r.json").actions == table.state.history()


@pytest.mark.parametrize("name", game_names())
def test_watching_draws_each_table_after_the_chance_its_move_set_off(name: str, tmp_path: Path) -> None:
    """LEVEL 8's "draw from the draw pile" is a move followed by chance (the card drawn): the table
    drawn after it shows the card in the hand, and every table marks whose turn it is."""
    game = load_game(name, 2 if name != "lucandor" else 3)
    out, table = table_of([], tmp_path, game=game, human=None, width=80)
    tables = 0

    def check_the_table_just_drawn(_: float) -> None:
        nonlocal tables
        tables += 1
        state = table.state
        assert not state.is_chance_node(), out.getvalue()[-400:]
        drawn = out.getvalue().rstrip("\n").splitlines()
        expected = state.render_text(None, "en", 80).splitlines()
        assert drawn[-len(expected) :] == expected
        if name == "level8":
            mover = state.current_player() + 1
            assert any(line.startswith(f"> Seat {mover}:") for line in expected), expected
        if tables == 400:
            raise KeyboardInterrupt  # enough tables: stop the game here

    table.sleep = check_the_table_just_drawn
    table.run()
    assert tables > 10
    if name == "level8":
        assert "draw from the draw pile" in out.getvalue()
