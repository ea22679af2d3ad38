"""A game's actions so far, cheap to copy however long the game has run.

Search copies a state for every simulation, and a long game holds thousands
of actions (a LEVEL 8 game between random players runs to several thousand):
copying them all was most of what a copy cost. A History keeps its actions in
sealed blocks, tuples that every copy shares since they never change, and a
short open tail of its own, so a copy costs at most one block's worth.
"""

from __future__ import annotations

from typing import Final, final

BLOCK: Final = 64
"""Actions in a sealed block (and at most in the open tail)."""


@final
class History:
    """The actions in order: append, len, copy and to_list."""

    __slots__ = ("_blocks", "_sealed", "_tail")

    def __init__(
        self, blocks: tuple[tuple[int, ...], ...] = (), sealed: int = 0, tail: list[int] | None = None
    ):
        self._blocks = blocks
        self._sealed = sealed
        """Actions in the blocks."""
        self._tail: list[int] = [] if tail is None else tail

    def append(self, action: int) -> None:
        tail = self._tail
        tail.append(action)
        if len(tail) == BLOCK:
            self._blocks = (*self._blocks, tuple(tail))
            self._sealed += BLOCK
            self._tail = []

    def copy(self) -> History:
        return History(self._blocks, self._sealed, self._tail.copy())

    def __len__(self) -> int:
        return self._sealed + len(self._tail)

    def to_list(self) -> list[int]:
        actions: list[int] = []
        for block in self._blocks:
            actions.extend(block)
        actions.extend(self._tail)
        return actions
