"""Souvenirs' moves as data, for fronts that read moves instead of labels.

Cards are named by their kind, as the view's `hand`, `chosen` and `cards`
entries name them (colour * 6 + number - 1; 30 is a joker). Cells and lines
are named by row and column relative to the start card (-4..4), as the view's
`cards` entries place them, so a click on a hand card, a cell or a line's cube
place is the legal move whose struct names it:

    {"kind": "play", "card": 14}                           choose the hand card to lay
    {"kind": "place", "card": 14, "row": -1, "col": 2}      lay it on that cell
    {"kind": "cube", "line": "row", "row": -1}             reserve row -1 (the view's cubes[line])
    {"kind": "cube", "line": "col", "col": 2}              reserve column 2
    {"kind": "pass"}                                       no cube this turn

Every decision is public (the card leaves the hand face up). Chance outcomes
are {"kind": "deal" | "start" | "draw", "card": kind}.
"""

from __future__ import annotations

from spieltisch.games.souvenirs.grid import col_of, is_row, line_index, row_of
from spieltisch.games.souvenirs.phases import DEAL, DRAW
from spieltisch.games.souvenirs.rules import CELL_BASE, LINE_BASE, PASS, SouvenirsState
from spieltisch.games.souvenirs.views import SouvenirsMove


def action_struct(state: SouvenirsState, action: int) -> SouvenirsMove:
    if state.phase == DEAL:
        if state.dealt == state.num_players * state.settings.hand_size:
            return {"kind": "start", "card": action}
        return {"kind": "deal", "card": action}
    if state.phase == DRAW:
        return {"kind": "draw", "card": action}
    if action < CELL_BASE:
        return {"kind": "play", "card": action}
    if action < LINE_BASE:
        cell = action - CELL_BASE
        return {"kind": "place", "card": state.chosen, "row": row_of(cell), "col": col_of(cell)}
    if action < PASS:
        line = action - LINE_BASE
        if is_row(line):
            return {"kind": "cube", "line": "row", "row": line_index(line)}
        return {"kind": "cube", "line": "col", "col": line_index(line)}
    return {"kind": "pass"}


def public_action_struct(state: SouvenirsState, action: int) -> SouvenirsMove | None:
    """Every decision shows what it does; deals and draws are hidden."""
    if state.phase <= DRAW:
        return None
    return action_struct(state, action)
