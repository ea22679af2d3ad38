"""The named numbers of a Calcory table: what lies at a position and the step play is at.

Hot code compares with the module aliases (``self.phase == TURN``); the view
names a phase by its member's name in lower case ("turn").
"""

from __future__ import annotations

import enum
from typing import Final


class Cell(enum.IntEnum):
    """What lies at a position of the layout."""

    EMPTY = 0
    """No card (taken, and nothing put back yet)."""
    DOWN = 1
    """A face-down card."""
    UP = 2
    """A card turned up in the current turn."""
    OFFER = 3
    """A card of the standing offer: face up, marked with its owner's blocks."""


EMPTY, DOWN, UP, OFFER = Cell


class Phase(enum.IntEnum):
    """The step play is at; the view names it in lower case."""

    DEAL = 0
    """Chance lays the cards face down, A1 first."""
    TURN = 1
    """The player turns a face-down card or stops."""
    BUST = 2
    """The player has bust and turns the cards back."""
    RETURN = 3
    """After taking, the player chooses the digit to return face down."""
    PLACE = 4
    """The player puts the returned card on an empty position."""
    OVER = 5
    """The game is over."""


DEAL: Final = Phase.DEAL
TURN: Final = Phase.TURN
BUST: Final = Phase.BUST
RETURN: Final = Phase.RETURN
PLACE: Final = Phase.PLACE
OVER: Final = Phase.OVER
