"""The table as text: it fits the width it is given, uses more when there is more,
never cuts a garment's code, and leaves "Game over" to the front."""

from __future__ import annotations

import itertools
import random
import re

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.lucandor.rules import LucandorState
from spieltisch.games.lucandor.text import _cell_lines, _storeys


def played(players: int, moves: int, seed: int = 3) -> LucandorState:
    """A heuristic game after `moves` decisions (or at its end)."""
    game = load_game("lucandor", players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and moves:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
            moves -= 1
    assert isinstance(state, LucandorState)
    return state


def test_a_wide_screen_gives_the_wardrobe_room() -> None:
    state = played(5, 60)
    for lang in ("en", "de"):
        narrow = state.render_text(0, lang, 80).splitlines()
        wide = state.render_text(0, lang, 160).splitlines()
        assert max(map(len, narrow)) <= 80 < max(map(len, wide)) <= 160
        assert len(wide) < len(narrow)


def test_every_table_fits_narrow_and_odd_widths() -> None:
    """Through a whole game, at the narrowest width and an odd one, for a player and a spectator."""
    game = load_game("lucandor", 3)
    state = game.new_initial_state()
    rng = random.Random(1)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if decisions % 10 == 0:
            for width, seat, lang in itertools.product((40, 57), (None, 0), ("en", "de")):
                assert max(map(len, state.render_text(seat, lang, width).splitlines())) <= width
        state.apply_action(game.heuristic_action(state, rng))
        decisions += 1


def test_a_cell_breaks_between_garments_never_inside_one() -> None:
    text = "[Tr.gr/Tr.ye/Pu.gr | Wi.ye]"
    lines = _cell_lines(text, 12)
    assert lines == ["[Tr.gr/", "Tr.ye/Pu.gr", "| Wi.ye]"]
    assert all(len(line) <= 12 for line in lines)
    assert _cell_lines("=Aa.bb= 0/6", 40) == ["=Aa.bb= 0/6"]
    assert _cell_lines("[Abcdefghij]", 5) == ["[Abcd", "efghi", "j]"]  # too long alone: cut


def test_the_final_table_leaves_game_over_to_the_front() -> None:
    state = played(3, 10_000)
    assert state.is_terminal()
    for lang, title, over in (("en", "final table", "game over"), ("de", "Schlussstand", "spielende")):
        text = state.render_text(None, lang, 80)
        assert title in text.splitlines()[0]
        assert over not in text.lower()


def test_one_row_per_seat_under_the_players_header() -> None:
    state = played(4, 20)
    lines = state.render_text(1, "en", 80).splitlines()
    header = next(
        i for i, line in enumerate(lines) if re.search(r"points +hand +pile +stones +end scoring", line)
    )
    rows = [line for line in lines[header + 1 :] if line.startswith("Seat ")]
    assert len(rows) == 4
    assert "(you)" in rows[1]


def test_seats_are_counted_from_1_as_on_the_screen() -> None:
    state = played(3, 40)
    state.lock_owner[0], state.lock_level[0] = 0, 2  # seat 0 (data) locks slot 1
    for lang, seat_word in (("en", "Seat"), ("de", "Platz")):
        lines = state.render_text(2, lang, 100).splitlines()
        assert any(line.startswith(f"{seat_word} 1 ") for line in lines)
        assert any(line.startswith(f"{seat_word} 3 (") for line in lines)  # the reader, seat 2 in data
        assert not any(line.startswith(f"{seat_word} 0") for line in lines)
        assert f" {seat_word} 1: 2" in lines[1]  # the lock on scoring slot 1, by its owner


def test_a_slot_over_one_storey_names_it_in_the_singular() -> None:
    assert _storeys((2,), "en", ",") == "storey 3"
    assert _storeys((0, 1), "en", ",") == "storeys 1,2"
    assert _storeys((1, 2, 3), "de", "-") == "Etagen 2-4"
