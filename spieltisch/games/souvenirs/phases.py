"""The steps of a game of Souvenirs, as named numbers.

Hot code compares with the module aliases (``self.phase == CARD``); the view
names a phase by its member's name in lower case ("card").
"""

from __future__ import annotations

import enum
from typing import Final


class Phase(enum.IntEnum):
    """The step play is at; the view names it in lower case."""

    DEAL = 0
    """Chance deals the hands of 2, then the start card."""
    DRAW = 1
    """Chance: the card the player to move draws."""
    CARD = 2
    """The player chooses a hand card to lay."""
    CELL = 3
    """The player chooses the cell for it."""
    CUBE = 4
    """The player may put a cube on a line (skipped when none fits)."""
    END = 5
    """The grid is full: the game is over."""


DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
CARD: Final = Phase.CARD
CELL: Final = Phase.CELL
CUBE: Final = Phase.CUBE
END: Final = Phase.END
