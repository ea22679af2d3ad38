"""Calcory's action ids: one codec that every reader of an id goes through.

With P = rows x columns positions (P = 60 by default) the decision ids lie in
five blocks, each named by a `Block`:

| block   | ids           | one id per | the move                                        |
|---------|---------------|------------|-------------------------------------------------|
| TURN    | 0 .. P-1      | position   | turn up the face-down card there ("turn B7")    |
| STOP    | P             | -          | stop and leave the turned cards lying           |
| RETURN  | P+1 .. P+10   | digit      | return a taken card of that digit face down     |
| PLACE   | P+11 .. 2P+10 | position   | put the returned card on that empty position    |
| COVER   | 2P+11         | -          | after a bust, turn the cards face down again    |

Chance outcomes 0-9 are the digit dealt to the next position of the layout;
they are not decision ids, and `decode` does not read them.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from spieltisch.games.calcory.cards import DIGITS


class Block(enum.IntEnum):
    """The blocks of decision ids, in the order they are numbered."""

    TURN = 0
    """Turn up the face-down card at a position."""
    STOP = 1
    """Stop and leave the turned cards lying."""
    RETURN = 2
    """Return a taken card of a digit face down."""
    PLACE = 3
    """Put the returned card on an empty position."""
    COVER = 4
    """After a bust, turn the cards face down again."""


class Decoded(NamedTuple):
    """A decision id taken apart: its block and its argument there (-1 where it has none)."""

    block: Block
    position: int = -1
    """TURN, PLACE: the position (row-major, as the view's `cells`)."""
    digit: int = -1
    """RETURN: the digit returned."""


class Codec:
    """The decision ids of a layout of `positions` places: `encode_*` makes them, `decode` reads them.

    >>> codec = Codec(60)
    >>> codec.size
    132
    >>> codec.encode_turn(7), codec.stop, codec.encode_return(4), codec.encode_place(7), codec.cover
    (7, 60, 65, 78, 131)
    >>> codec.decode(78)
    Decoded(block=<Block.PLACE: 3>, position=7, digit=-1)
    >>> [codec.decode(codec.encode_return(d)).digit for d in (0, 9)]
    [0, 9]
    """

    def __init__(self, positions: int) -> None:
        self.positions = positions
        """How many places the layout has: the TURN ids are range(positions)."""
        self.stop = positions
        """The id that stops and leaves the turned cards lying."""
        self.return_base = positions + 1
        """The first RETURN id: `return_base + d` returns a card of digit d."""
        self.place_base = positions + 1 + DIGITS
        """The first PLACE id: `place_base + p` puts the returned card at position p."""
        self.cover = 2 * positions + 1 + DIGITS
        """The id that turns the cards face down after a bust."""
        self.size = self.cover + 1
        """How many ids there are: every decision id is in range(size)."""
        self._decoded = [self._take_apart(action) for action in range(self.size)]

    # --- making ids --------------------------------------------------------------------
    def encode_turn(self, position: int) -> int:
        """Turn up the face-down card at `position`."""
        return position

    def encode_return(self, digit: int) -> int:
        """Return a taken card of `digit` face down."""
        return self.return_base + digit

    def encode_place(self, position: int) -> int:
        """Put the returned card at the empty `position`."""
        return self.place_base + position

    # --- reading ids ---------------------------------------------------------------------
    def decode(self, action: int) -> Decoded:
        """The block of a decision id and its argument; ValueError for an id outside every block.

        >>> Codec(4).decode(4)
        Decoded(block=<Block.STOP: 1>, position=-1, digit=-1)

        >>> Codec(4).decode(19)
        Decoded(block=<Block.COVER: 4>, position=-1, digit=-1)
        >>> Codec(4).decode(20)
        Traceback (most recent call last):
        ValueError: 20 is not a Calcory action id (0-19)
        """
        if not 0 <= action < self.size:
            raise ValueError(f"{action} is not a Calcory action id (0-{self.size - 1})")
        return self._decoded[action]

    def _take_apart(self, action: int) -> Decoded:
        if 0 <= action < self.positions:
            return Decoded(Block.TURN, position=action)
        if action == self.stop:
            return Decoded(Block.STOP)
        if self.return_base <= action < self.place_base:
            return Decoded(Block.RETURN, digit=action - self.return_base)
        if self.place_base <= action < self.cover:
            return Decoded(Block.PLACE, position=action - self.place_base)
        return Decoded(Block.COVER)
