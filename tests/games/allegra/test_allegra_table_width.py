"""The table as text fits the width it is given: layouts side by side when wide, stacked when narrow."""

from __future__ import annotations

import random

import pytest

from spieltisch import load_game
from spieltisch.core.play import sample_chance
from spieltisch.games.allegra.rules import AllegraState


def _midgame(players: int, seed: int) -> AllegraState:
    game = load_game("allegra", players, games=2)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    rng = random.Random(seed)
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


def _layouts_in_a_row(text: str, lang: str) -> int:
    word = "Seat" if lang == "en" else "Platz"
    return max(line.count(word) for line in text.splitlines() if line.startswith(word))


@pytest.mark.parametrize("players", range(2, 7))
def test_no_line_is_wider_than_the_width(players: int) -> None:
    state = _midgame(players, players)
    for width in (60, 80, 100, 132, 200):
        for lang in ("en", "de"):
            for seat in (None, 0):
                lines = state.render_text(seat, lang, width).splitlines()
                assert max(len(line) for line in lines) <= width, (width, lang, seat)


def test_two_layouts_to_a_row_at_80_columns_three_at_132_one_at_60() -> None:
    state = _midgame(6, 1)
    for lang in ("en", "de"):
        assert _layouts_in_a_row(state.render_text(0, lang, 80), lang) == 2
        assert _layouts_in_a_row(state.render_text(0, lang, 132), lang) == 3
        assert _layouts_in_a_row(state.render_text(0, lang, 60), lang) == 1
        assert state.render_text(0, lang).count("|") == state.render_text(0, lang, 132).count("|")


def test_four_layouts_leave_room_for_the_moves_on_an_80x24_screen() -> None:
    state = _midgame(4, 3)
    for lang in ("en", "de"):
        assert len(state.render_text(0, lang, 80).splitlines()) <= 24 - 5  # a blank, 3 move lines, the prompt
