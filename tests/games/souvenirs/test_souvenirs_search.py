"""Search hooks of Souvenirs: final scores estimated from a game in progress."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from souvenirs_positions import grid_from_rows, new_state, play_grid

from spieltisch.bots import make_bot
from spieltisch.bots.ismcts import IsmctsBot
from spieltisch.games.souvenirs.bot import _weights, best_placement, prospect
from spieltisch.games.souvenirs.grid import LINES_OF_CELL, row_line
from spieltisch.games.souvenirs.phases import CARD
from spieltisch.games.souvenirs.rules import SouvenirsState
from spieltisch.games.souvenirs.search import estimate_scores
from tests.core.walk import random_walk


def _random_states(seed: int, players: int) -> list[SouvenirsState]:
    return random_walk(new_state(players), random.Random(seed))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_estimate_is_the_score_at_the_end(seed: int, players: int) -> None:
    states = _random_states(seed, players)
    end = states[-1]
    assert estimate_scores(end) == end.scores()
    assert end.game.estimate_scores(end) == end.scores()  # the Game hook ISMCTS finds
    for state in states:
        estimate = estimate_scores(state)
        assert len(estimate) == players
        # Prospects never fall below what a line holds already.
        assert all(e >= s for e, s in zip(estimate, state.scores(), strict=True))


def test_a_strong_reserved_line_estimates_better_than_a_weak_one() -> None:
    cells = grid_from_rows([["rot 4", "gelb 4", "grün 4"], ["lila 1", "türkis 3", "gelb 6"]])
    state = play_grid(2, cells, cubes={row_line(0): [0], row_line(1): [1]})
    assert state.cubes[row_line(0)] == (0,) and state.cubes[row_line(1)] == (1,)
    estimate = estimate_scores(state)
    assert estimate[0] > estimate[1]
    table = state.settings.table
    assert estimate[0] >= prospect(state.line_kinds(row_line(0)), table, 0)


def test_cubes_in_hand_are_worth_the_best_lines_they_may_still_reserve() -> None:
    cells = grid_from_rows([["rot 4", "gelb 4", "grün 4"]])
    state = play_grid(2, cells)
    assert state.scores() == [0.0, 0.0]  # no cube placed yet
    estimate = estimate_scores(state)
    best_open = prospect(state.line_kinds(row_line(0)), state.settings.table, 0)
    assert all(value >= best_open for value in estimate)


def test_the_estimate_reads_no_hand() -> None:
    """Every redeal of the hidden hands estimates the same: the estimate uses the table only."""
    state = _random_states(3, 3)[30]
    rng = random.Random(1)
    for _ in range(5):
        other = state.resample_from_infostate(state.turn, rng)
        assert estimate_scores(other) == pytest.approx(estimate_scores(state))


def test_the_default_search_cuts_playouts_short_and_plays_legal_moves() -> None:
    """The game's search defaults cut playouts off, which needs its score estimate."""
    state = _random_states(8, 2)[20]
    game = state.game
    bot = make_bot("ismcts:30", game, state.current_player())
    assert isinstance(bot, IsmctsBot)
    assert bot.settings.cutoff and bot.settings.rollout == "heuristic"
    assert callable(getattr(game, "estimate_scores", None))
    assert bot.choose(state, random.Random(1)) in state.legal_actions()


def _plain_placement(state: SouvenirsState, kinds: list[int]) -> tuple[int, int]:
    """The heuristic's placement rule written out without any caching, as a reference."""
    table = state.settings.table
    best: tuple[float, int, int] | None = None
    for kind in kinds:
        for cell in state.legal_cells():
            gain = 0.0
            for line in LINES_OF_CELL[cell]:
                line_kinds = state.line_kinds(line)
                for rank, weight in _weights(state, line, state.turn):
                    after = prospect([*line_kinds, kind], table, rank)
                    gain += weight * (after - prospect(line_kinds, table, rank))
            if best is None or gain > best[0] + 1e-9:
                best = (gain, kind, cell)
    assert best is not None
    return best[1], best[2]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_cached_placement_gains_match_the_plain_rule(seed: int, players: int) -> None:
    for state in _random_states(seed, players):
        if state.phase == CARD:
            kinds = sorted(set(state.hands[state.turn]))
            assert best_placement(state, kinds) == _plain_placement(state, kinds)


def _variants(value: object) -> list[object]:
    """Values of the same kind that differ: a number one up, a list (or a tuple, as the cubes'
    lines are) with an entry changed or added."""
    if isinstance(value, int):
        return [value + 1]
    assert isinstance(value, list | tuple)
    if value and isinstance(value[0], list | tuple):
        # Each inner sequence in turn: its last entry changed (the same length), or one more entry.
        return [[*value[:i], new, *value[i + 1 :]] for i, row in enumerate(value) for new in _variants(row)]
    same = type(value)
    changed = [same([*value[:-1], value[-1] + 1])] if value else []
    return [*changed, same([*value, 0])]


@pytest.mark.parametrize("players", [2, 3])
def test_the_information_state_key_changes_exactly_when_the_view_does(players: int) -> None:
    """The search tree's key: a field left out would merge what the view tells apart, and
    a hidden one put in (another seat's cards) would part what it does not."""
    fields = ("turn", "placed", "chosen", "dealt", "deck", "grid", "cubes", "cubes_left", "hands")
    told = hidden = 0
    for state in _random_states(players, players)[::4]:
        for name in fields:
            for value in _variants(getattr(state, name)):
                other = state.clone()
                setattr(other, name, value)
                try:
                    text = other.information_state_string(1)
                except (IndexError, KeyError, ValueError):
                    continue  # not a position the view can show (a cube of no seat)
                tells = text != state.information_state_string(1)
                assert (other.information_state_key(1) != state.information_state_key(1)) == tells, name
                told += tells
                hidden += not tells
    assert told > 100 and hidden > 10
