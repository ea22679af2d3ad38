"""Properties of ALLEGRA over random play (hypothesis): invariants, clearing, trigger, final round."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch import load_game
from spieltisch.core.play import sample_chance
from spieltisch.games.allegra.actions import CLEAR_COLUMN, CLEAR_ROW, GAP
from spieltisch.games.allegra.clearing import find_triples
from spieltisch.games.allegra.phases import CLEAR, DRAW, OVER
from spieltisch.games.allegra.rules import AllegraState


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    knocking=st.booleans(),
    games=st.integers(1, 2),
)
def test_random_play_keeps_the_rules(seed: int, players: int, knocking: bool, games: int) -> None:
    game = load_game("allegra", players, knocking=knocking, games=games)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    rng = random.Random(seed)
    turns_after_trigger: dict[int, int] = {}
    game_no = 0
    while not state.is_terminal():
        if state.game_no != game_no:
            game_no, turns_after_trigger = state.game_no, {}
        if state.phase == CLEAR:
            assert len(state.triples(state.clear_seat)) > 1  # a choice only when there is one
        if state.trigger >= 0:
            assert state.finished(state.trigger)  # the trigger stays finished
        legal = state.legal_actions()
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal)
        was_final = state.final_round
        state.apply_action(action)
        state.check_invariants()
        if was_final and state.phase == DRAW and state.game_no == game_no:
            # Each player gets at most one final-round turn; the trigger none.
            seat = state.active
            assert seat != state.trigger
            turns_after_trigger[seat] = turns_after_trigger.get(seat, 0) + 1
            assert turns_after_trigger[seat] == 1
    assert state.phase == OVER
    assert len(state.results) == games
    assert state.totals == [sum(r[s] for r in state.results) for s in range(players)]


@settings(max_examples=200, deadline=None)
@given(
    row=st.lists(st.one_of(st.none(), st.integers(0, 2), st.just(-5)), min_size=5, max_size=5),
)
def test_row_triples_are_three_face_up_equal_cards_adjacent_once_gaps_are_skipped(
    row: list[int | None],
) -> None:
    """None is a gap and -5 a face-down card; the other rows are all gaps."""
    cards = [GAP if v is None else (7 if v == -5 else v) for v in row] + [GAP] * 10
    up = [v != -5 for v in row] + [True] * 10
    found = find_triples(cards, up, tuple(range(15)))
    line = [k for k in range(5) if row[k] is not None]
    expected = []
    for i in range(len(line) - 2):
        trio = [row[k] for k in line[i : i + 3]]
        if trio[0] != -5 and trio.count(trio[0]) == 3:
            expected.append(CLEAR_ROW + line[i])
    assert [a for a, _ in found if a >= CLEAR_ROW] == expected
    assert all(a >= CLEAR_ROW or a < CLEAR_COLUMN for a, _ in found)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_history_replays_and_clones_are_independent(seed: int, players: int) -> None:
    game = load_game("allegra", players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(20, 400)):
        if state.is_terminal():
            break
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    copy = state.clone()
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert replay.view(None) == state.view(None)
    if not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0])
        assert copy.view(None) != state.view(None) or copy.history() != state.history()
    assert replay.history() == state.history()
