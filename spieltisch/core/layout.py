"""Laying out a game's table as text for a given width (`render_text`).

Games build their tables from blocks of lines (a player's layout, a panel of
facts) and from free text; these helpers put blocks side by side as far as
the width allows, stacking them when it is narrow, and break long text lines.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence


def side_by_side(blocks: Sequence[Sequence[str]], width: int, gap: int = 2) -> list[str]:
    """The blocks left to right, as many to a row as fit `width`, rows one under another.

    Every block gets the width of the widest; a blank line separates rows.
    """
    if not blocks:
        return []
    column = max(len(line) for block in blocks for line in block)
    per_row = max(1, (width + gap) // (column + gap))
    lines: list[str] = []
    for first in range(0, len(blocks), per_row):
        if first:
            lines.append("")
        row = blocks[first : first + per_row]
        for index in range(max(len(block) for block in row)):
            cells = [block[index] if index < len(block) else "" for block in row]
            lines.append((" " * gap).join(cell.ljust(column) for cell in cells).rstrip())
    return lines


def beside(left: Sequence[str], right: Sequence[str], width: int, gap: int = 3) -> list[str]:
    """`right` to the right of `left` when both fit `width` side by side, else under it."""
    left_width = max((len(line) for line in left), default=0)
    right_width = max((len(line) for line in right), default=0)
    if left_width + gap + right_width > width:
        return [*left, "", *right] if left and right else [*left, *right]
    rows = max(len(left), len(right))
    padded = [*left, *[""] * (rows - len(left))]
    return [
        (line.ljust(left_width + gap) + (right[index] if index < len(right) else "")).rstrip()
        for index, line in enumerate(padded)
    ]


def wrap(lines: Iterable[str], width: int) -> list[str]:
    """Each line as it is when it fits, else broken at spaces, continued two columns further in."""
    result: list[str] = []
    for line in lines:
        if len(line) <= width:
            result.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()))
        result += textwrap.wrap(
            line.strip(),
            width,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
        )
    return result
