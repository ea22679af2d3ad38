"""The end explained: the 25th card, and each seat's reserved lines the rulebook's way."""

from __future__ import annotations

import random

from test_souvenirs_rules import example_game

from spieltisch import load_game
from spieltisch.core.play import sample_chance


def _finished(players: int, seed: int):  # type: ignore[no-untyped-def]
    game = load_game("souvenirs", players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            assert state.end_reason() is None
            state.apply_action(game.heuristic_action(state, rng))
    return state


def test_every_cube_is_a_line_of_the_breakdown_and_they_add_up() -> None:
    for players in (2, 3, 4):
        state = _finished(players, players)
        reason = state.end_reason()
        assert reason is not None and (reason.kind, reason.capped) == ("grid_full", False)
        assert "25th card" in reason.text and "25. Karte" in state.end_reason("de").text
        breakdown = state.score_breakdown()
        for seat, lines in enumerate(breakdown):
            assert sum(line.points for line in lines) == state.scores()[seat]
            cubes = [line for line in lines if line.label.startswith(("row", "column"))]
            on_table = sum(line.count(seat) for line in state.cubes)
            assert len(cubes) == on_table
            assert all(line.label.endswith((", first", ", second")) for line in cubes)
            left = state.cubes_left[seat]
            assert [line.label for line in lines if "not placed" in line.label] == (
                [f"{left} cube{'s' if left > 1 else ''} not placed"] if left else []
            )


def test_the_rulebook_example_scored_line_by_line_in_both_languages() -> None:
    state = example_game()
    assert [[(line.label, line.points) for line in lines] for lines in state.score_breakdown()] == [
        [
            ("row -2: Full House, first", 11.0),
            ("column +1: Vierling (four of a kind), first", 13.0),
            ("1 cube not placed", 0.0),
        ],
        [
            ("row -2: Full House, second", 7.0),
            ("row +1: Regenbogen (five colours), first", 8.0),
            ("1 cube not placed", 0.0),
        ],
        [("column -2: Straße (straight), first", 6.0), ("2 cubes not placed", 0.0)],
        [("column -1: Pärchen (pair), first", 2.0), ("2 cubes not placed", 0.0)],
    ]
    german = [[line.label for line in lines] for lines in state.score_breakdown("de")]
    assert german[1][:2] == ["Reihe -2: Full House, zweiter", "Reihe +1: Regenbogen, erster"]
    assert german[3][1] == "2 Holzwürfel nicht gesetzt"
