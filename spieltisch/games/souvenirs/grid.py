"""Geometry of the unanchored grid (RULINGS.md Souvenirs 1).

Coordinates are relative to the start card at (0, 0). With a 5x5 bound no card
can lie more than 4 steps from it, so the grid lives in a fixed 9x9 field of
cells with rows and columns -4..4; a row or column keeps its identity however
the grid grows. Cell index = (row + 4) * 9 + (col + 4).

Lines (rows and columns, the things a cube reserves) are numbered 0..8 for
rows -4..4 and 9..17 for columns -4..4.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 5
REACH: Final = SIZE - 1
SPAN: Final = 2 * REACH + 1
NUM_CELLS: Final = SPAN * SPAN
NUM_LINES: Final = 2 * SPAN
START_CELL: Final = REACH * SPAN + REACH
EMPTY: Final = -1


def cell_of(row: int, col: int) -> int:
    return (row + REACH) * SPAN + col + REACH


def row_of(cell: int) -> int:
    return cell // SPAN - REACH


def col_of(cell: int) -> int:
    return cell % SPAN - REACH


def row_line(row: int) -> int:
    return row + REACH


def col_line(col: int) -> int:
    return SPAN + col + REACH


def is_row(line: int) -> bool:
    return line < SPAN


def line_index(line: int) -> int:
    """The row or column coordinate (-4..4) of a line."""
    return line % SPAN - REACH


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = row_of(cell), col_of(cell)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return tuple(cell_of(r, c) for r, c in steps if -REACH <= r <= REACH and -REACH <= c <= REACH)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(cell) for cell in range(NUM_CELLS))
LINE_CELLS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(cell_of(line_index(line), c) for c in range(-REACH, REACH + 1))
    if is_row(line)
    else tuple(cell_of(r, line_index(line)) for r in range(-REACH, REACH + 1))
    for line in range(NUM_LINES)
)
LINES_OF_CELL: Final[tuple[tuple[int, int], ...]] = tuple(
    (row_line(row_of(cell)), col_line(col_of(cell))) for cell in range(NUM_CELLS)
)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"
