"""The end of a LEVEL 8 game explained: why it ended and how each seat's levels add up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from level8_positions import card, group, position
from test_level8_rules import never_out

from spieltisch.core.contract import EndReason
from spieltisch.core.play import play_out, sample_chance
from spieltisch.core.wording import seat_names
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.phases import PLAY


def test_laying_down_level_8_ends_the_game_with_the_win_coin() -> None:
    state = position(hands={0: "R4 O4 Y4 G4 R9 O9 Y9 J B1 B2 B3"}, levels={0: 8, 1: 7})
    assert state.end_reason() is None
    state.apply_action(A.START_LAYDOWN)
    while state.phase != PLAY and not state.is_terminal():
        state.apply_action(state.game.heuristic_action(state, random.Random(0)))
    assert state.end_reason() == EndReason("level_8_laid", "Seat 1 laid down level 8 and wins.", False)
    german = state.end_reason("de")
    assert german is not None and german.text == "Platz 1 hat Level 8 ausgelegt und gewinnt."
    with seat_names(["Anna", "Bea"]):
        assert state.end_reason().text == "Anna laid down level 8 and wins."  # type: ignore[union-attr]
        assert state.end_reason("de").text == "Anna hat Level 8 ausgelegt und gewinnt."  # type: ignore[union-attr]
    lines = state.score_breakdown()
    assert [(line.label, line.points) for line in lines[0]] == [("level 8 laid down: the win coin", 1.0)]
    assert [line.label for line in lines[1]] == ["no level completed"]
    assert state.view(None)["end"] == {"kind": "level_8_laid", "capped": False}
    result = state.public_result(state.history()[-1])
    assert result is not None and result["end"] == "level_8_laid" and result["winners"] == [0]


def test_going_out_after_level_7_ends_the_game() -> None:
    state = position(
        hands={0: "B13"}, groups={0: [group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9")]}, levels={0: 7, 1: 8}
    )
    state.apply_action(A.DISCARD + card("B13"))
    reason = state.end_reason()
    assert reason is not None and reason.kind == "went_out_after_level_7" and not reason.capped
    assert reason.text == "Seat 1 went out after laying down level 7, reached the win coin and wins."
    assert [(line.label, line.points) for line in state.score_breakdown()[0]] == [
        ("round 1: level 7 laid down, went out", 2.0)
    ]
    assert state.score_breakdown("de")[0][0].label == "Runde 1: Level 7 ausgelegt und alle Karten abgeworfen"


def test_the_stall_cap_says_it_decided() -> None:
    game = Level8Game(3, {"round_turns": 10, "stall_rounds": 1})
    state = game.new_initial_state()
    play_out(state, never_out, random.Random(3))
    reason = state.end_reason()
    assert reason is not None and reason.kind == "stalled_rounds" and reason.capped
    assert reason.text.startswith("Safety cap: a round ended with nobody out")
    assert state.view(0)["end"] == {"kind": "stalled_rounds", "capped": True}
    german = state.end_reason("de")
    assert german is not None and german.text.startswith("Sicherheitsgrenze")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), side=st.sampled_from(["front", "back"]))
def test_score_lines_add_up_to_the_scores(seed: int, players: int, side: str) -> None:
    game = Level8Game(players, {"side": side})
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance_node() else game.heuristic_action(state, rng)
        state.apply_action(action)
    lines = state.score_breakdown()
    assert [sum(line.points for line in seat) for seat in lines] == state.scores()
    assert all(line.label for seat in lines for line in seat)
    reason = state.end_reason()
    assert reason is not None and str(state.won[0] + 1) in reason.text
