"""The legal actions are computed once per position and kept until the next action."""

from __future__ import annotations

import random

from spieltisch.core.snapshot import snapshot
from tests.core.toy_game import KEEP, SWAP, ToyGame, ToyState


class CountingState(ToyState):
    """The toy game, counting how often its legal actions are worked out."""

    computed = 0

    def _legal_actions(self) -> list[int]:
        CountingState.computed += 1
        return super()._legal_actions()


def dealt(players: int = 2) -> CountingState:
    state = CountingState(ToyGame(players))
    for card in range(1, players + 1):
        state.apply_action(card)
    return state


def test_legal_actions_are_worked_out_once_per_position() -> None:
    state = dealt()
    CountingState.computed = 0
    first = state.legal_actions()
    assert state.legal_actions() == first == [KEEP, SWAP]
    assert state.is_legal(SWAP) and not state.is_legal(7)
    state.apply_action(KEEP)  # checked against the kept list
    assert CountingState.computed == 1
    state.legal_actions()
    assert CountingState.computed == 2, "a new position works its legal actions out again"


def test_each_call_returns_a_list_the_caller_may_change() -> None:
    state = dealt()
    mine = state.legal_actions()
    mine.clear()
    assert state.legal_actions() == [KEEP, SWAP]


def test_a_position_changed_by_hand_is_asked_afresh_once_told() -> None:
    state = dealt()
    assert state.legal_actions() == [KEEP, SWAP]
    state.turn = state.num_players  # by hand: the game is over
    state.forget_legal_actions()
    assert state.legal_actions() == []


def test_a_copy_of_the_fields_does_not_share_the_kept_list() -> None:
    state = dealt()
    state.legal_actions()
    copy = CountingState.__new__(CountingState)
    # Every field, the kept list too (it belongs to `state`); the contract's own fields
    # are named, as the compiled build keeps them outside __dict__.
    for name in (*vars(state), "game", "num_players", "_history", "_kept_legal"):
        setattr(copy, name, getattr(state, name))
    copy.swapping = True  # a chance node now, with other outcomes
    assert copy.legal_actions() == [1, 2, 3, 4, 5]


def test_kept_answers_are_not_part_of_a_snapshot() -> None:
    state, other = dealt(), dealt()
    state.legal_actions()
    assert snapshot(state) == snapshot(other)


def test_random_play_sees_the_same_legal_actions_as_a_fresh_state() -> None:
    rng = random.Random(3)
    state = CountingState(ToyGame(3))
    while not state.is_terminal():
        legal = state.legal_actions()
        fresh = state.clone()
        assert fresh._legal_actions() == legal
        state.apply_action(rng.choice(legal))
