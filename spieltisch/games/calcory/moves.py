"""Calcory's moves as data, for fronts that read moves instead of labels.

A position p of the layout is named by `position` (row-major, as the view's
`cells[p]`) and by its `row` and `col` (from 0), so a click on a cell is the
legal move whose struct names it:

    {"kind": "turn", "position": 13, "row": 1, "col": 3}       turn up a face-down card
    {"kind": "stop"}                                           leave the turned cards lying
    {"kind": "turn_back"}                                      after a bust, turn the cards face down
    {"kind": "return", "digit": 4}                             return a taken card of that digit
    {"kind": "put_back", "position": 7, "row": 0, "col": 7}    put the returned card on an empty cell

The other seats know a return only as {"kind": "return"}: the card goes back
face down. Chance outcomes are {"kind": "deal", "digit": d, "position": ...}.
"""

from __future__ import annotations

from spieltisch.games.calcory.actions import Block
from spieltisch.games.calcory.phases import DEAL
from spieltisch.games.calcory.rules import CalcoryState
from spieltisch.games.calcory.views import CalcoryMove


def action_struct(state: CalcoryState, action: int) -> CalcoryMove:
    if state.phase == DEAL:
        row, col = _row_col(state, state.dealt)
        return {"kind": "deal", "digit": action, "position": state.dealt, "row": row, "col": col}
    move = state.settings.actions.decode(action)
    if move.block == Block.STOP:
        return {"kind": "stop"}
    if move.block == Block.COVER:
        return {"kind": "turn_back"}
    if move.block == Block.RETURN:
        return {"kind": "return", "digit": move.digit}
    row, col = _row_col(state, move.position)
    if move.block == Block.TURN:
        return {"kind": "turn", "position": move.position, "row": row, "col": col}
    return {"kind": "put_back", "position": move.position, "row": row, "col": col}


def public_action_struct(state: CalcoryState, action: int) -> CalcoryMove | None:
    """The move as the other seats know it: a returned digit goes back unseen; the deal is hidden."""
    if state.phase == DEAL:
        return None
    if state.settings.actions.decode(action).block == Block.RETURN:
        return {"kind": "return"}
    return action_struct(state, action)


def _row_col(state: CalcoryState, position: int) -> tuple[int, int]:
    row, col = divmod(position, state.settings.deck.columns)
    return row, col
