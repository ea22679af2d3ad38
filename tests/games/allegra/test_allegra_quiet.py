"""Which ALLEGRA moves a front may make for a player: none that turns a card or draws one."""

from __future__ import annotations

from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.phases import FLIP, PLACE
from tests.games.allegra.allegra_table import all_but, build, position


def test_taking_the_only_discard_is_quiet_a_draw_is_not() -> None:
    state = build(2, {}, top=11)
    assert not state.quiet_action(A.DRAW_PILE), "a card comes from the draw pile: chance"
    state.draw = [0] * len(state.draw)
    state.draw_size = 0
    state.discard = state.discard[-1:]
    assert state.legal_actions() == [A.DRAW_DISCARD] and state.quiet_action(A.DRAW_DISCARD)


def test_flipping_and_uncovering_are_never_quiet() -> None:
    state = build(2, {}, up=all_but(0, "A1"), top=11)
    state.apply_action(A.DRAW_DISCARD)
    assert state.phase == PLACE
    assert not state.quiet_action(position("A1")), "the face-down card put aside is shown"
    state.apply_action(A.DISCARD_DRAWN)
    assert state.phase == FLIP and state.legal_actions() == [position("A1")]
    assert not state.quiet_action(position("A1")), "the only move turns a card up"
