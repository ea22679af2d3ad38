"""Calcory's moves as data: a click on a cell finds its move, and logs show each turned digit."""

from __future__ import annotations

import random
from typing import Any

import pytest
from calcory_helpers import deal, pos, turn

from spieltisch import load_game
from spieltisch.games.calcory.rules import End
from tests.core.moves import assert_each_struct_maps_back, decisions, find_move


@pytest.mark.parametrize("players", range(2, 5))
def test_every_move_of_random_games_is_found_by_its_struct(players: int) -> None:
    for seed in (1, 2):
        for state in decisions("calcory", players, seed):
            structs = assert_each_struct_maps_back(state)
            view = state.view(state.current_player())
            for action, move in structs.items():
                _check_against_view(move, view)
                public = state.public_action_struct(action)
                assert public == ({"kind": "return"} if move["kind"] == "return" else move)


def _check_against_view(move: dict[str, Any], view: dict[str, Any]) -> None:
    kind = move["kind"]
    if kind in ("turn", "put_back"):
        assert divmod(move["position"], view["columns"]) == (move["row"], move["col"])
        assert view["cells"][move["position"]] == ("?" if kind == "turn" else None)
    elif kind == "return":
        assert move["digit"] in view["return_choices"]
    else:
        assert kind in ("stop", "turn_back"), kind


def test_a_turn_shows_its_digit_to_everybody_even_when_it_hits() -> None:
    state = deal(2, [7, 4, 2])
    [first] = find_move(state, {"kind": "turn", "position": 0, "row": 0, "col": 0})
    state.apply_action(first)
    assert state.public_result(first) == {"text": "7", "digit": 7}
    assert state.public_result(first, "de") == {"text": "7", "digit": 7}
    turn(state, "A2", "A3")  # 7 + 4 + 2 = 13: the cards are taken at once
    assert state.view(None)["cells"][pos(state, "A3")] is None
    assert state.public_result(pos(state, "A3")) == {"text": "2", "digit": 2}
    [give] = find_move(state, {"kind": "return", "digit": 7})
    assert state.public_action_struct(give) == {"kind": "return"}  # it goes back face down
    state.apply_action(give)
    assert state.public_result(give) is None


def test_the_reference_names_places_as_the_moves_do() -> None:
    """A display names the layout's rows, columns and places from the reference data, in the
    words the move names use (either language)."""
    data = load_game("calcory", players=2).reference_data()
    assert data["target"] == 13
    assert data["row_names"] == list("ABCDEF") and data["column_names"] == [str(c) for c in range(1, 11)]
    assert len(data["position_names"]) == len(data["row_names"]) * len(data["column_names"])
    assert data["position_names"][len(data["column_names"]) + 6] == "B7"
    named = 0
    for state in decisions("calcory", 2, 1):
        for action in state.legal_actions():
            move = state.action_struct(action)
            if move["kind"] in ("turn", "put_back"):
                for lang in ("en", "de"):
                    assert (
                        data["position_names"][move["position"]] in state.action_label(action, lang).split()
                    )
                named += 1
    assert named > 0


def test_the_game_ending_take_of_a_single_card_is_in_the_last_moves_result() -> None:
    game = load_game("calcory", players=2)
    ended = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        action = -1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            action = game.heuristic_action(state, rng)
            state.apply_action(action)
            if not state.is_terminal():
                assert "final_take" not in (state.public_result(action) or {})
        result = state.public_result(action, "en") or {}
        if state.end != End.SINGLE_CARD:
            assert "final_take" not in result
            continue
        ended += 1
        taker = result["final_take"]
        assert result["text"].endswith(
            f"Seat {taker + 1} took an offer of a single card, which ends the game."
        )
        assert "Einzelkarte aufgenommen" in (state.public_result(action, "de") or {})["text"]
    assert ended, "some of the games end by a single card's take"
