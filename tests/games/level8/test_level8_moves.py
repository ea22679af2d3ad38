"""LEVEL 8 moves as data: every legal move has one struct, a click finds it, nothing hidden shows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from level8_positions import card, group, position

from spieltisch.core.contract import Move
from spieltisch.core.wording import seat_names
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.cards import JOKER, SKIP
from spieltisch.games.level8.phases import DRAW, PLAY
from tests.core.moves import assert_each_struct_maps_back, decisions

ALL_KINDS = {
    "draw_stock",
    "draw_pile",
    "discard",
    "skip",
    "take_skip",
    "start_lay_down",
    "pick",
    "cancel",
    "lay_off",
    "lay_off_onto",
    "keep",
    "keep_done",
}
MEANINGS = ("number", "colour", "end")  # what a joker's move adds to its click


def click_of(move: Move) -> tuple[Any, ...]:
    """What a player points at for `move`, as a browser sees it: the hand card (if
    any), then the place (a pile, a level part, a laid group, a player) or button;
    a joker's meaning or a run's end is one more choice, asked only for a joker."""
    place = tuple(move.get(field) for field in ("owner", "part", "group", "seat", "what"))
    extra = tuple(move.get(field) for field in MEANINGS) if move.get("card") == JOKER else ()
    return (move["kind"], move.get("card"), place, extra)


@pytest.mark.parametrize(("players", "seed", "side"), [(2, 1, "front"), (3, 2, "back"), (5, 3, "front")])
def test_every_legal_move_maps_back_to_exactly_one_id(players: int, seed: int, side: str) -> None:
    kinds = set()
    for state in decisions("level8", players, seed, side=side):
        structs = assert_each_struct_maps_back(state)
        kinds |= {move["kind"] for move in structs.values()}
        clicks = [click_of(move) for move in structs.values()]
        assert len(set(clicks)) == len(clicks), f"one click, two moves: {sorted(map(str, clicks))}"
    assert kinds <= ALL_KINDS
    assert {
        "draw_stock",
        "draw_pile",
        "discard",
        "start_lay_down",
        "pick",
        "lay_off",
        "lay_off_onto",
    } <= kinds


def test_structs_of_each_move_kind() -> None:
    state = position(
        hands={0: "G7 J S Y15"},
        piles={1: "B2"},
        groups={
            0: [group("run", "P13 P14 P15"), group("run", "O13 O14 O15")],
            1: [group("run", "R4 O5 Y6"), group("run", "R10 O11 Y12")],
        },
    )
    assert state.action_struct(A.DISCARD + card("Y15")) == {
        "kind": "discard",
        "card": card("Y15"),
        "owner": 0,
    }
    assert state.action_struct(A.SKIP_AT + 2) == {"kind": "skip", "card": SKIP, "seat": 2}
    assert state.action_struct(A.LAYOFF + card("G7")) == {
        "kind": "lay_off",
        "card": card("G7"),
        "onto": [{"owner": 1, "group": 0}],
    }
    state.apply_action(A.LAYOFF + JOKER)
    onto = {json.dumps(state.action_struct(a), sort_keys=True) for a in state.legal_actions()}
    assert json.dumps({"kind": "cancel", "what": "lay_off", "card": JOKER}, sort_keys=True) in onto
    low = {"kind": "lay_off_onto", "card": JOKER, "owner": 1, "group": 0, "end": "low", "number": 3}
    assert state.action_struct(A.onto_id(1, 0, 0)) == low
    assert state.action_struct(A.onto_id(0, 1, 0))["number"] == 12


def test_picks_name_the_part_and_a_jokers_meaning() -> None:
    state = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 J B15"})
    assert state.action_struct(A.START_LAYDOWN) == {"kind": "start_lay_down", "level": 1}
    state.apply_action(A.START_LAYDOWN)
    assert state.action_struct(A.PICK + card("R4")) == {
        "kind": "pick",
        "card": card("R4"),
        "part": 0,
        "number": 4,
    }
    assert state.action_struct(A.JOKER_NUMBER + 4) == {"kind": "pick", "card": JOKER, "part": 0, "number": 5}
    assert state.action_struct(A.CANCEL) == {"kind": "cancel", "what": "lay_down"}
    colours = position(hands={0: "R1 R3 R5 R7 R9 J B2"}, levels={0: 3})
    colours.apply_action(A.START_LAYDOWN)
    assert colours.action_struct(A.JOKER_COLOUR + 0) == {
        "kind": "pick",
        "card": JOKER,
        "part": 0,
        "colour": 0,
    }


def test_draw_structs_name_the_pile_owner_and_its_top_card() -> None:
    state = position(hands={0: "G7 Y15"}, piles={0: "R1", 2: "B2 B3"})
    state.phase = DRAW
    moves = [state.action_struct(a) for a in state.legal_actions()]
    assert moves == [
        {"kind": "draw_stock"},
        {"kind": "draw_pile", "owner": 0, "card": card("R1")},
        {"kind": "draw_pile", "owner": 2, "card": card("B3")},
    ]


def test_a_kept_card_stays_hidden_in_the_public_struct() -> None:
    laid = [group("set", "R2 O2"), group("set", "R3 O3 Y3"), group("set", "R4 O4 Y4")]
    state = position(
        hands={0: "J R9 O10", 1: "R13", 2: "B13"}, groups={2: laid}, levels={0: 5}, player=2, side="back"
    )
    state.apply_action(A.DISCARD + card("B13"))
    keep = A.KEEP_CARD + card("R9")
    assert state.action_struct(keep) == {"kind": "keep", "card": card("R9")}
    assert state.public_action_struct(keep) == {"kind": "keep"}
    assert state.public_action_struct(A.KEEP_DONE) == {"kind": "keep_done"}


def test_a_round_end_is_announced_with_who_went_out_and_the_new_levels() -> None:
    pairs = [group("set", "R2 O2"), group("set", "R3 O3"), group("set", "R6 O6"), group("set", "Y6 G6")]
    state = position(
        hands={0: "B9 B10", 1: "R12 O13", 2: "Y12 Y13"},
        groups={0: pairs, 1: [group("run", "P4 P5 P6"), group("run", "B4 B5 B6")]},
        levels={0: 2, 1: 1, 2: 3},
    )
    state.apply_action(A.DISCARD + card("B10"))
    assert state.public_result(A.DISCARD + card("B10")) is None, "an ordinary discard shows nothing new"
    state.player, state.phase = 0, PLAY  # seat 0 again, to go out
    state.apply_action(A.DISCARD + card("B9"))
    result = state.public_result(A.DISCARD + card("B9"))
    assert result is not None
    assert result["went_out"] == 0 and result["levels_before"] == [2, 1, 3] and result["levels"] == [4, 2, 3]
    assert result["text"] == (
        "Round 1 over: seat 1 went out. Levels now: seat 1 on level 4 (+2), seat 2 on level 2 (+1),"
        " seat 3 on level 3."
    )
    german = state.public_result(A.DISCARD + card("B9"), "de")
    assert german is not None and german["text"].startswith("Runde 1 vorbei: Platz 1 hat die letzte Karte")
    with seat_names(["Anna", "Bea", "Cem"]):  # a table that knows its players names them
        named = state.public_result(A.DISCARD + card("B9"))
        named_de = state.public_result(A.DISCARD + card("B9"), "de")
    assert named is not None and named["text"] == (
        "Round 1 over: Anna went out. Levels now: Anna on level 4 (+2), Bea on level 2 (+1), Cem on level 3."
    )
    assert named_de is not None and named_de["text"] == (
        "Runde 1 vorbei: Anna hat die letzte Karte abgeworfen. Level jetzt: Anna auf Level 4 (+2),"
        " Bea auf Level 2 (+1), Cem auf Level 3."
    )
    assert state.view(None)["last_round"] == {
        k: result[k] for k in ("round", "went_out", "levels_before", "levels", "turns", "stalled", "capped")
    }
    assert result["stalled"] == 0 and result["capped"] is False
    state.apply_action(state.legal_actions()[0])  # the next deal
    assert state.public_result(state.history()[-1]) is None, "announced once, by the move that ended it"


def test_the_winning_move_names_the_winner() -> None:
    state = position(
        hands={0: "B13"}, groups={0: [group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9")]}, levels={0: 7, 1: 8}
    )
    state.apply_action(A.DISCARD + card("B13"))
    result = state.public_result(A.DISCARD + card("B13"))
    assert result is not None and result["winners"] == [0]
    assert result["text"].endswith("reached the win coin and wins.")
    assert "seat 1 on the win coin" in result["text"]


def test_the_view_tells_each_level_with_its_parts() -> None:
    state = position(levels={0: 1, 1: 4, 2: 9})
    view = state.view(1)
    assert view["levels"] == [1, 4, 9]
    assert view["requirements"] == [
        [{"kind": "run", "size": 3}, {"kind": "run", "size": 3}],
        [{"kind": "set", "size": 4}, {"kind": "run", "size": 4}],
        [],  # on the win coin
    ]
    data = state.game.reference_data()
    assert data["levels"][3] == view["requirements"][1] and len(data["levels"]) == 8
    assert data["level_names"]["de"][0] == "2 Dreierfolgen" and data["joker"] == JOKER
    assert data["part_names"]["de"][3] == ["Vierling", "Viererfolge"]
    assert data["part_names"]["en"][3] == ["set of 4", "run of 4"]
    assert data["stall_rounds"] == 3 and position(stall_rounds=5).game.reference_data()["stall_rounds"] == 5


def test_the_reference_names_parts_as_the_moves_do() -> None:
    """A display names a level's parts from the reference data, in the words the move names use."""
    data = position().game.reference_data()
    picks = 0
    for state in decisions("level8", 2, 3, round_turns=60):
        level = state.level[state.player]
        for action in state.legal_actions():
            if state.action_struct(action)["kind"] != "pick":
                continue
            for lang in ("en", "de"):
                name = data["part_names"][lang][level - 1][state.part]
                assert state.action_label(action, lang).endswith(f"({name})")
            picks += 1
    assert picks > 0, "the game laid no level down"
