"""Seats in texts: by number unless a front gives its players' names, a name printed as typed."""

from __future__ import annotations

import random

import pytest

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.core.wording import seat_name, seat_names, seats_named


def test_seats_are_numbered_from_one_without_names() -> None:
    assert seat_name(0, "en") == "seat 1" and seat_name(2, "de") == "Platz 3"
    assert seat_name(1, "en", capital=True) == "Seat 2"
    assert seats_named([0, 2], "en", "seats {numbers}") == "seats 1, 3"
    assert seats_named([1], "de", "Plätze {numbers}") == "Platz 2"


def test_names_replace_numbers_inside_and_only_inside() -> None:
    with seat_names(["Anna", "", "Cem"]):
        assert seat_name(0, "en", capital=True) == "Anna" and seat_name(2, "de") == "Cem"
        assert seat_name(1, "en") == "seat 2", "a seat without a name keeps its number"
        assert seat_name(5, "de") == "Platz 6"
        assert seats_named([0, 2], "en", "seats {numbers}") == "Anna, Cem"
        with seat_names(["Bea"]):
            assert seat_name(0, "en") == "Bea"
        assert seat_name(0, "en") == "Anna"
    assert seat_name(0, "en") == "seat 1"


@pytest.mark.parametrize("name", ["{seat}", "{0}{s}{", "<b>x</b>", "}"])
def test_a_name_is_printed_as_typed_in_a_move_name(name: str) -> None:
    """Names are values, never templates: braces or markup in one end up in the text unchanged."""
    game = load_game("level8", 2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    takes = [a for a in state.legal_actions() if state.action_struct(a)["kind"] == "draw_pile"]
    assert takes
    owner = state.action_struct(takes[0])["owner"]
    names = ["Anna", "Bea"]
    names[owner] = name
    with seat_names(names):
        assert state.action_label(takes[0], "en").endswith(f"from {name}'s pile")
        assert f"von {name} nehmen" in state.action_label(takes[0], "de")
