"""Building Souvenirs positions for tests by forcing chance outcomes and moves."""

from __future__ import annotations

from collections.abc import Mapping

import spieltisch
from spieltisch.games.souvenirs.cards import JOKER, NUM_KINDS, kind_of
from spieltisch.games.souvenirs.grid import cell_of
from spieltisch.games.souvenirs.phases import CELL, CUBE
from spieltisch.games.souvenirs.rules import CARD_BASE, CELL_BASE, LINE_BASE, PASS, SouvenirsState

COLOURS = {"rot": 0, "gelb": 1, "grün": 2, "türkis": 3, "lila": 4}


def card(text: str) -> int:
    """'türkis 3' -> kind; 'joker' -> the joker kind."""
    if text == "joker":
        return JOKER
    colour, number = text.split()
    return kind_of(int(number), COLOURS[colour])


def new_state(players: int, **options: object) -> SouvenirsState:
    state = spieltisch.load_game("souvenirs", players=players, **options).new_initial_state()
    assert isinstance(state, SouvenirsState)
    return state


def deal(state: SouvenirsState, hands: list[list[int]], start: int) -> None:
    """Force the hands of 2 and the start card."""
    for hand in hands:
        for kind in hand:
            state.apply_action(kind)
    state.apply_action(start)


def turn(state: SouvenirsState, draw: int, play: int, row: int, col: int, line: int | None = None) -> None:
    """One whole turn: draw `draw`, play `play` at (row, col), then a cube on `line` or pass."""
    state.apply_action(draw)
    state.apply_action(CARD_BASE + play)
    assert state.phase == CELL
    state.apply_action(CELL_BASE + cell_of(row, col))
    if state.phase == CUBE:
        state.apply_action(PASS if line is None else LINE_BASE + line)
    else:
        assert line is None, "no cube step came"


def build_order(cells: Mapping[tuple[int, int], int]) -> list[tuple[int, int]]:
    """The cells in an order that keeps every new card next to an earlier one (BFS from (0, 0))."""
    order = [(0, 0)]
    seen = {(0, 0)}
    index = 0
    while index < len(order):
        row, col = order[index]
        index += 1
        for nxt in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
    assert len(order) == len(cells), "cells are not connected to (0, 0)"
    return order


def play_grid(
    players: int,
    cells: Mapping[tuple[int, int], int],
    cubes: Mapping[int, list[int]] | None = None,
    **options: object,
) -> SouvenirsState:
    """Play a real game that lays `cells` ({(row, col): kind}, including (0, 0)).

    Each turn the mover draws exactly the card it then plays, so the hands of 2
    dealt at the start are cards not in `cells`. `cubes` maps a line to the
    seats that reserve it, in order; each cube is placed at that seat's first
    turn with a card on the line and no cube yet.
    """
    state = new_state(players, **options)
    order = build_order(cells)
    pool = [kind for kind in range(NUM_KINDS) for _ in range(state.deck[kind])]
    for kind in cells.values():
        pool.remove(kind)
    hands = [[pool.pop(0), pool.pop(0)] for _ in range(players)]
    deal(state, hands, cells[(0, 0)])
    waiting = {line: list(seats) for line, seats in (cubes or {}).items()}
    for row, col in order[1:]:
        seat = state.turn
        state.apply_action(cells[(row, col)])
        state.apply_action(CARD_BASE + cells[(row, col)])
        state.apply_action(CELL_BASE + cell_of(row, col))
        if state.phase != CUBE:
            continue
        for line, seats in waiting.items():
            if seats and seats[0] == seat and LINE_BASE + line in state.legal_actions():
                state.apply_action(LINE_BASE + line)
                seats.pop(0)
                break
        else:
            state.apply_action(PASS)
    assert not any(waiting.values()), f"cubes not placed: {waiting}"
    return state


def grid_from_rows(rows: list[list[str]], top: int = 0, left: int = 0) -> dict[tuple[int, int], int]:
    """{(row, col): kind} from rows of card names, the top-left card at (top, left)."""
    return {(top + r, left + c): card(name) for r, names in enumerate(rows) for c, name in enumerate(names)}
