"""The core contract, checked on a tiny game built for the purpose."""

from __future__ import annotations

import enum
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.core.conformance import check_game
from spieltisch.core.record import Record, RecordError
from spieltisch.core.snapshot import snapshot
from tests.core.toy_game import SWAP, ToyGame


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_toy_game_passes_conformance(seed: int, players: int) -> None:
    check_game(ToyGame(players), players, seed)


def test_constants_match_openspiel() -> None:
    assert spieltisch.CHANCE == -1
    assert spieltisch.TERMINAL == -4


def test_illegal_action_leaves_state_unchanged() -> None:
    state = ToyGame(2).new_initial_state()
    before = snapshot(state)
    with pytest.raises(spieltisch.IllegalActionError, match="not legal now for chance"):
        state.apply_action(0)
    assert snapshot(state) == before


def test_a_snapshot_keeps_plain_values_and_sees_one_change() -> None:
    class Colour(enum.IntEnum):
        RED = 0
        BLUE = 1

    held = [Colour.RED, 2, "x", None, 1.5, True]
    before = snapshot(held)
    assert before == ("list", (Colour.RED, 2, "x", None, 1.5, True))
    held[0] = Colour.BLUE
    assert snapshot(held) != before


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_an_unchecked_legal_step_matches_a_checked_one(seed: int) -> None:
    rng = random.Random(seed)
    checked = ToyGame(2).new_initial_state()
    unchecked = checked.clone()
    while not checked.is_terminal():
        options = [o for o, _ in checked.chance_outcomes()] or checked.legal_actions()
        action = rng.choice(options)
        checked.apply_action(action)
        unchecked.apply_legal_action(action)
        assert snapshot(unchecked) == snapshot(checked)


def test_a_search_hook_that_picks_an_illegal_move_fails_conformance() -> None:
    game = ToyGame(2)
    game.rollout_action = lambda state, rng: -5  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="rollout_action"):
        check_game(game, 2, 1)


def test_forced_deal_replays_from_record(tmp_path: object) -> None:
    game = ToyGame(2)
    state = game.new_initial_state()
    for action in [5, 1, 0, SWAP, 5]:
        state.apply_action(action)
    assert state.is_terminal() and state.winners() == [0, 1]
    record = Record.of(state)
    restored = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert restored.replay(game=game).history() == [5, 1, 0, SWAP, 5]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"top": 1}, "out of range"),
        ({"top": "x"}, "not allowed"),
        ({"colour": "red"}, "has no option colour"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(spieltisch.OptionError, match=message):
        ToyGame(2, options)


def test_bad_player_count_names_the_range() -> None:
    with pytest.raises(spieltisch.OptionError, match="2-3 players, not 5"):
        ToyGame(5)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(spieltisch.OptionError, match="unknown game 'chess'; choose one of"):
        spieltisch.load_game("chess")


def test_malformed_record_is_a_clear_error(tmp_path: object) -> None:
    with pytest.raises(RecordError, match="not a spieltisch record"):
        Record.from_json({"game": "toy"})
    with pytest.raises(RecordError, match="malformed record"):
        Record.from_json({"format": "spieltisch-record/1", "game": "toy"})
