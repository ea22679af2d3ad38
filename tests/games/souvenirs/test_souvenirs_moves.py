"""Souvenirs' moves as data: a click on a hand card, a cell or a line finds its move."""

from __future__ import annotations

from typing import Any

import pytest
from souvenirs_positions import card, deal, new_state

from spieltisch.games.souvenirs.grid import SPAN, line_index
from tests.core.moves import assert_each_struct_maps_back, decisions, find_move


@pytest.mark.parametrize("players", range(2, 5))
def test_every_move_of_random_games_is_found_by_its_struct(players: int) -> None:
    for seed in (1, 2):
        for state in decisions("souvenirs", players, seed):
            structs = assert_each_struct_maps_back(state)
            seat = state.current_player()
            view = state.view(seat)
            for action, move in structs.items():
                assert state.public_action_struct(action) == move  # the card is played face up
                _check_against_view(move, view, seat)


def _check_against_view(move: dict[str, Any], view: dict[str, Any], seat: int) -> None:
    taken = {(row, col) for row, col, _ in view["cards"]}
    kind = move["kind"]
    if kind == "play":
        assert move["card"] in view["hand"]
    elif kind == "place":
        assert move["card"] == view["chosen"] and (move["row"], move["col"]) not in taken
        neighbours = {(move["row"] + dr, move["col"] + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert neighbours & taken
    elif kind == "cube":
        axis = move["line"]
        index = move[axis]
        line = [line for line in range(2 * SPAN) if line_index(line) == index][0 if axis == "row" else 1]
        assert seat not in view["cubes"][line] and len(view["cubes"][line]) < 2
        assert any((row if axis == "row" else col) == index for row, col in taken)
    else:
        assert kind == "pass", kind


def test_a_click_on_a_hand_card_then_on_a_cell_lays_it() -> None:
    state = new_state(2)
    deal(state, [[card("rot 3"), card("gelb 5")], [card("lila 1"), card("joker")]], card("grün 2"))
    state.apply_action(card("türkis 4"))  # seat 0 draws
    assert find_move(state, {"kind": "play", "card": card("lila 1")}) == []  # not in seat 0's hand
    [play] = find_move(state, {"kind": "play", "card": card("gelb 5")})
    state.apply_action(play)
    assert find_move(state, {"kind": "place", "card": card("gelb 5"), "row": 1, "col": 1}) == []  # a corner
    [lay] = find_move(state, {"kind": "place", "card": card("gelb 5"), "row": 0, "col": 1})
    state.apply_action(lay)
    assert find_move(state, {"kind": "cube", "line": "col", "col": -1}) == []  # no card in column -1
    assert len(find_move(state, {"kind": "cube", "line": "col", "col": 1})) == 1
    assert len(find_move(state, {"kind": "pass"})) == 1


def test_the_reference_names_colours_and_cards_as_the_moves_do() -> None:
    """A display names cards from the reference data, in the words (from cards.toml) the move names use."""
    state = new_state(2)
    data = state.game.reference_data()
    assert data["colours"] == {
        "en": ["red", "yellow", "green", "turquoise", "purple"],
        "de": ["rot", "gelb", "grün", "türkis", "lila"],
    }
    assert data["card_names"]["de"][8] == "gelb 3" and data["card_names"]["en"][data["joker"]] == "joker"
    played = 0
    for state in decisions("souvenirs", 2, 1):
        for action in state.legal_actions():
            move = state.action_struct(action)
            if move["kind"] == "play":
                for lang, verb in (("en", "play"), ("de", "ausspielen:")):
                    name = data["card_names"][lang][move["card"]]
                    assert state.action_label(action, lang) == f"{verb} {name}"
                played += 1
    assert played > 0


def test_the_reference_carries_the_tables_score_table_for_a_player_aid() -> None:
    """The table shows each combination's points for both cubes: the same the scoring counts."""
    state = new_state(2)
    data = state.game.reference_data()
    table = state.settings.table
    assert data["combinations"][0] == "fuenfling" and data["combinations"][-1] == "nichts"
    first, second = table.value("full_house", 0), table.value("full_house", 1)
    assert data["points"]["full_house"] == [first, second] == [11, 7]
    assert data["combination_names"]["de"][data["combinations"].index("vierling")] == "Vierling"
