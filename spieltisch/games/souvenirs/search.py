"""Hooks for search bots: final scores estimated from a game in progress.

A playout cut off early is judged by these estimates. Each cube on the table
is worth its line's prospect (the heuristic's estimate of the points the line
will finally give a cube of that rank, see `bot.prospect`); each cube still in
hand is worth the best prospect among the lines it may still reserve, since a
player places every cube before the grid is full. At the end the prospect of
a full line is its points, and the estimate is the score.
"""

from __future__ import annotations

from spieltisch.games.souvenirs.bot import prospect
from spieltisch.games.souvenirs.rules import SouvenirsState


def estimate_scores(state: SouvenirsState) -> list[float]:
    if state.is_terminal():
        return state.scores()
    table = state.settings.table
    totals = [0.0] * state.num_players
    for line, seats in enumerate(state.cubes):
        if seats:
            kinds = state.line_kinds(line)
            for rank, seat in enumerate(seats):
                totals[seat] += prospect(kinds, table, rank)
    for seat, left in enumerate(state.cubes_left):
        if left:
            totals[seat] += _cubes_in_hand(state, seat, left)
    return totals


def _cubes_in_hand(state: SouvenirsState, seat: int, left: int) -> float:
    """The `left` best prospects among the lines `seat` may still reserve."""
    table = state.settings.table
    open_values = sorted(
        (prospect(state.line_kinds(line), table, len(state.cubes[line])) for line in state.legal_lines(seat)),
        reverse=True,
    )
    return sum(open_values[:left])
