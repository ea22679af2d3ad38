"""A whole level laid down in one move (`lay_down`), and the moves a front may make alone."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch.games.level8.actions as actions
from spieltisch.core.contract import IllegalActionError
from spieltisch.core.snapshot import snapshot
from spieltisch.games.level8.cards import JOKER
from spieltisch.games.level8.phases import DRAW, LAYDOWN, PLAY, SKIPPED
from tests.games.level8.level8_positions import card, position


def placed(names: str, joker: int | None = None) -> list[dict[str, int]]:
    """A part's cards as the move gives them; a joker stands for `joker`."""
    return [{"card": JOKER, "number": joker or 0} if n == "J" else {"card": card(n)} for n in names.split()]


def lay_down(*parts: list[dict[str, int]]) -> dict[str, Any]:
    return {"kind": "lay_down", "parts": list(parts)}


def test_a_lay_down_is_its_steps_and_shows_the_groups_laid() -> None:
    state = position(hands={0: "R1 R2 R3 B7 B8 J G11 Y5"})  # level 1: two runs of 3
    steps = state.move_steps(lay_down(placed("R1 R2 R3"), placed("B7 J B8", joker=9)))
    assert steps[0] == actions.START_LAYDOWN and len(steps) == 7
    for step in steps:
        assert state.move_open() == (step != actions.START_LAYDOWN)
        state.apply_action(step)
    assert state.laid[0] and state.phase == PLAY and not state.move_open()
    assert sorted(state.hands[0]) == sorted([card("G11"), card("Y5")])
    assert [(g[1], g[2]) for g in state.groups[0]] == [(1, 3), (7, 9)]
    result = state.public_result(steps[-1], "en")
    assert result is not None and result["laid"] == [
        [g[0], g[1], g[2], list(g[3]), list(g[4])] for g in state.groups[0]
    ]
    assert "R1 R2 R3" in result["text"] and "J=9" in result["text"]


@pytest.mark.parametrize(
    ("move", "why"),
    [
        (lay_down(placed("R1 R2 R3")), "2 parts"),
        (lay_down(placed("R1 R2"), placed("B7 B8 J", joker=9)), "part 1 takes 3"),
        (lay_down(placed("R1 R2 R3"), placed("B7 B8 J", joker=12)), "part 2 do not fit"),
        (lay_down(placed("R1 R2 R3"), placed("B7 B8 G11")), "part 2 do not fit"),
        (lay_down(placed("R1 R2 R3"), [{"card": JOKER}, *placed("B7 B8")]), "part 2 do not fit"),
        (lay_down(placed("R1 R2 R3"), [{"card": True}, *placed("B7 B8")]), "part 2 do not fit"),
        (lay_down(placed("R1 R2 R4"), placed("B7 B8 J", joker=9)), "part 1 do not fit"),
        ({"kind": "discard", "card": 3}, "called 'discard'"),
    ],
)
def test_a_wrong_lay_down_says_why_and_changes_nothing(move: dict[str, Any], why: str) -> None:
    state = position(hands={0: "R1 R2 R3 B7 B8 J G11 Y5"})
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=why):
        state.move_steps(move)
    assert snapshot(state) == before


def test_no_lay_down_outside_the_play_phase_or_twice() -> None:
    state = position(hands={0: "R1 R2 R3 B7 B8 B9 G11 Y5"})
    move = lay_down(placed("R1 R2 R3"), placed("B7 B8 B9"))
    for step in state.move_steps(move):
        state.apply_action(step)
    with pytest.raises(IllegalActionError, match="cannot be laid down now"):
        state.move_steps(move)


def test_quiet_moves_show_nothing_and_bring_no_chance() -> None:
    skipped = position(hands={0: "R1 R2 R3"}, phase=SKIPPED)
    assert skipped.legal_actions() == [actions.TAKE_SKIP] and skipped.quiet_action(actions.TAKE_SKIP)
    drawing = position(hands={0: "R1 R2 R3"}, piles={1: "B4"}, phase=DRAW)
    assert not drawing.quiet_action(actions.DRAW_STOCK), "a card comes from the draw pile: chance"
    assert drawing.quiet_action(actions.DRAW_PILE + 1), "the top of a pile is seen by all"
    going_out = position(hands={0: "R1"})
    assert not going_out.quiet_action(actions.DISCARD + card("R1")), "the next round is dealt"
    laying = position(hands={0: "R1 R2 R3 B7 B8 B9 Y5"})
    laying.apply_action(actions.START_LAYDOWN)
    assert laying.phase == LAYDOWN and laying.move_open()
