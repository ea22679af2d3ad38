"""ALLEGRA's moves as data: a click on a card or a pile finds its move without a label."""

from __future__ import annotations

import pytest
from allegra_table import build, draw_from_pile, position

from spieltisch import load_game
from spieltisch.games.allegra import actions as A
from tests.core.moves import assert_each_struct_maps_back, decisions, find_move


@pytest.mark.parametrize("players", range(2, 7))
def test_every_move_of_random_games_is_found_by_its_struct(players: int) -> None:
    for seed in (1, 2):
        for state in decisions("allegra", players, seed):
            structs = assert_each_struct_maps_back(state)
            view = state.view(state.current_player())
            for action, move in structs.items():
                assert state.public_action_struct(action) == move  # nothing in a move is private
                _check_against_view(move, view, state.current_player())


def _check_against_view(move: dict[str, object], view: dict[str, object], mover: int) -> None:
    """What the struct names is there on the table the mover sees."""
    layouts = view["layouts"]
    assert isinstance(layouts, list)
    kind = move["kind"]
    if kind in ("flip", "place", "take"):
        seat, where = move["seat"], move["position"]
        assert isinstance(seat, int) and isinstance(where, int)
        cell = layouts[seat][where]
        assert cell == "?" if kind == "flip" else cell is not None
        assert seat == (view["knocker"] if kind == "take" else mover)
    elif kind == "clear":
        seat, places = move["seat"], move["positions"]
        assert seat == mover and isinstance(places, list) and len(places) == 3
        assert len({layouts[seat][p] for p in places}) == 1 and layouts[seat][places[0]] not in (None, "?")
    elif kind == "accept":
        assert move["seat"] in view["knockers"]  # type: ignore[operator]
    elif kind == "draw":
        assert move["source"] in ("pile", "discard")
    else:
        assert kind in ("discard", "knock", "no_knock", "decline"), kind


def test_a_click_on_a_place_finds_the_move_and_a_flip_shows_its_card() -> None:
    state = build(2, {(0, "B2"): 7, (0, "A1"): 9})
    draw_from_pile(state, 5)
    assert find_move(state, {"kind": "draw", "source": "pile"}) == []  # already drawn
    assert find_move(state, {"kind": "place", "seat": 0, "position": position("A1")}) == [position("A1")]
    assert find_move(state, {"kind": "place", "seat": 1, "position": position("A1")}) == []
    [discard] = find_move(state, {"kind": "discard"})
    assert discard == A.DISCARD_DRAWN
    state.apply_action(discard)
    [flip] = find_move(state, {"kind": "flip", "seat": 0, "position": position("B2")})
    state.apply_action(flip)
    assert state.public_result(flip) == {"text": "7", "card": 7}
    assert state.public_result(flip, "de") == {"text": "7", "card": 7}


def test_an_exchange_for_a_face_down_card_shows_the_card_it_replaced() -> None:
    state = build(3, {(0, "A1"): 9}, knocking=False)
    draw_from_pile(state, 5)
    keep = position("A1")
    state.apply_action(keep)
    assert state.public_result(keep) == {"text": "it was 9", "card": 9}
    assert state.public_result(keep, "de") == {"text": "es war 9", "card": 9}
    state.apply_action(A.DRAW_DISCARD)  # seat 1 takes the 9 and puts it on a face-up card
    assert state.public_result(A.DRAW_DISCARD) is None


def test_the_reference_names_positions_as_the_moves_do() -> None:
    """A display names layout places from the reference data, in the words the move names use."""
    names = load_game("allegra", players=3).reference_data()["position_names"]
    assert names[:5] == ["AL", "A1", "A2", "A3", "AR"] and names[14] == "CR" and len(set(names)) == 15
    named = 0
    for state in decisions("allegra", 3, 1):
        for action in state.legal_actions():
            move = state.action_struct(action)
            if move["kind"] in ("flip", "place", "take"):
                for lang in ("en", "de"):
                    assert names[move["position"]] in state.action_label(action, lang).split()
                named += 1
    assert named > 0
