"""The steps of a LEVEL 8 round, as named numbers.

Hot code compares with the module aliases (``state.phase == PLAY``); the view
names a phase by its member's name in lower case ("stock_draw").
"""

from __future__ import annotations

import enum
from typing import Final


class Phase(enum.IntEnum):
    """Where a round stands: whose decision comes next and of what kind."""

    DEAL = 0
    """Cards are dealt, and one turned up on the dealer's pile, as chance outcomes."""
    DRAW = 1
    """The player to move draws from the draw pile or takes the top of a discard pile."""
    STOCK_DRAW = 2
    """The card drawn from the draw pile, a chance outcome."""
    PLAY = 3
    """The player lays down, lays off, or ends the turn with a discard or a skip card."""
    LAYDOWN = 4
    """A lay-down under way: one hand card at a time into the current part, or cancel."""
    TARGET = 5
    """A lay-off under way: the group (and a run's end) the held card goes onto, or cancel."""
    SKIPPED = 6
    """A skipped player's turn: the skip card goes under the draw pile."""
    KEEP = 7
    """Back side, between rounds: players on levels 5-8 who did not lay down keep cards."""
    OVER = 8
    """The game is over."""


DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
STOCK_DRAW: Final = Phase.STOCK_DRAW
PLAY: Final = Phase.PLAY
LAYDOWN: Final = Phase.LAYDOWN
TARGET: Final = Phase.TARGET
SKIPPED: Final = Phase.SKIPPED
KEEP: Final = Phase.KEEP
OVER: Final = Phase.OVER
