"""The Souvenirs heuristic bot: it beats random play clearly and plays sensible moves."""

from __future__ import annotations

import random

import pytest
from souvenirs_positions import card, deal, new_state, turn

from spieltisch.games.souvenirs.bot import prospect
from spieltisch.games.souvenirs.grid import cell_of, row_line
from spieltisch.games.souvenirs.rules import CARD_BASE, CELL_BASE, LINE_BASE, PASS
from spieltisch.lab.arena import play_match


@pytest.mark.parametrize(("players", "games"), [(2, 60), (3, 60), (4, 80)])
def test_heuristic_beats_random_clearly(players: int, games: int) -> None:
    """Fixed-seed match, seats rotating: the heuristic's Wilson lower bound beats the fair share."""
    bots = ["heuristic"] + ["random"] * (players - 1)
    match = play_match("souvenirs", bots, games, seed=7)
    low, _ = match.wilson_interval("heuristic")
    assert low > 1 / players, (match.win_share("heuristic"), low)


def test_heuristic_builds_its_own_reserved_line() -> None:
    """Holding a third 4 for its row of two 4s, the bot plays it into that row."""
    state = new_state(2)
    deal(state, [[card("gelb 4"), card("lila 1")], [card("rot 6"), card("grün 2")]], card("rot 4"))
    turn(state, card("türkis 4"), card("türkis 4"), 0, 1, line=row_line(0))
    turn(state, card("grün 6"), card("grün 6"), 1, 0)
    state.apply_action(card("lila 3"))
    game = state.game
    assert game.heuristic_action(state, random.Random(0)) == CARD_BASE + card("gelb 4")
    state.apply_action(CARD_BASE + card("gelb 4"))
    cell = game.heuristic_action(state, random.Random(0)) - CELL_BASE
    assert cell in (cell_of(0, -1), cell_of(0, 2))


def test_heuristic_reserves_a_line_that_is_already_strong() -> None:
    """A row that already holds a Vierling is worth a cube at once; a weak one is not."""
    state = new_state(2)
    deal(state, [[card("gelb 4"), card("lila 1")], [card("rot 6"), card("grün 2")]], card("rot 4"))
    turn(state, card("türkis 4"), card("türkis 4"), 0, 1)
    state.apply_action(card("grün 1"))
    state.apply_action(CARD_BASE + card("grün 1"))
    state.apply_action(CELL_BASE + cell_of(1, 0))
    assert state.game.heuristic_action(state, random.Random(0)) == PASS  # nothing strong yet
    state.apply_action(PASS)
    turn(state, card("lila 4"), card("lila 4"), 0, 2)
    turn(state, card("gelb 6"), card("gelb 6"), 1, 1)
    state.apply_action(card("grün 3"))
    state.apply_action(CARD_BASE + card("gelb 4"))
    state.apply_action(CELL_BASE + cell_of(0, 3))
    assert state.game.heuristic_action(state, random.Random(0)) == LINE_BASE + row_line(0)


def test_prospect_prefers_more_complete_combinations() -> None:
    table = new_state(2).settings.table
    three = [card("rot 4"), card("gelb 4"), card("grün 4")]
    two = [card("rot 4"), card("gelb 4"), card("grün 5")]
    assert prospect(three, table, 0) > prospect(two, table, 0) > prospect([card("rot 4")], table, 0)
    assert prospect(three, table, 0) > prospect(three, table, 1)
