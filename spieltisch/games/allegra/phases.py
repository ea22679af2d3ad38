"""The steps of an ALLEGRA match, as named numbers.

Hot code compares with the module aliases (``self.phase == DRAW``); the view
names a phase by its member's name in lower case ("draw").
"""

from __future__ import annotations

import enum
from typing import Final


class Phase(enum.IntEnum):
    """The step a game is at; the view names it in lower case."""

    DEAL = 0
    """Chance deals the layouts face down, then the first discard."""
    SETUP_FLIP = 1
    """From the dealer clockwise, each player turns up two cards."""
    DRAW = 2
    """The active player draws from the draw pile or takes the discard."""
    DRAW_CARD = 3
    """Chance: the card drawn from the draw pile (shown to all)."""
    KNOCK_ASK = 4
    """An eligible player answers: knock or not."""
    KNOCK_CHOOSE = 5
    """The active player accepts one knock or declines them all."""
    PLACE = 6
    """The active player keeps the drawn card at a position or discards it."""
    FLIP = 7
    """After discarding, the active player turns up a face-down card."""
    CLEAR = 8
    """A player chooses which of several triples to clear."""
    KNOCKER_PLACE = 9
    """The accepted knocker exchanges the drawn card into their layout."""
    TAKE = 10
    """The active player takes a card of the knocker's layout."""
    TAKE_PLACE = 11
    """The active player exchanges the taken card into their layout."""
    OVER = 12
    """The match is over."""


DEAL: Final = Phase.DEAL
SETUP_FLIP: Final = Phase.SETUP_FLIP
DRAW: Final = Phase.DRAW
DRAW_CARD: Final = Phase.DRAW_CARD
KNOCK_ASK: Final = Phase.KNOCK_ASK
KNOCK_CHOOSE: Final = Phase.KNOCK_CHOOSE
PLACE: Final = Phase.PLACE
FLIP: Final = Phase.FLIP
CLEAR: Final = Phase.CLEAR
KNOCKER_PLACE: Final = Phase.KNOCKER_PLACE
TAKE: Final = Phase.TAKE
TAKE_PLACE: Final = Phase.TAKE_PLACE
OVER: Final = Phase.OVER
