"""Lucandor's action ids: one codec that every reader of an id goes through.

A decision id lies in one of a row of blocks. Their sizes follow the wardrobe
and the card set (the data files), so each game has its own `Codec`. With the
built-in model (C = 60 cards, K = 6 colours, 15 cells of 2 floor places, stacks
and containers up to L = 6 levels deep):

| block   | ids     | one id per                          | the step it answers             |
|---------|---------|-------------------------------------|---------------------------------|
| PLAY    | 0-599   | mode (4 + K) x hand card            | which card, played for what     |
| TARGET  | 600-629 | cell x floor place                  | where a garment goes            |
| SOURCE  | 630-809 | cell x floor place x level          | which garment the iron takes    |
| CELL    | 810-824 | cell                                | which drawer, then which slot   |
| SLOT    | 825-827 | scoring slot                        | where a scoring dot goes        |
| SECTION | 828-830 | section                             | where the door goes             |
| SECOND  | 831-890 | card                                | the door's second card          |
| TASK    | 891-892 | own end-scoring task                | hanger, needle & thread         |
| COLOUR  | 893-898 | colour                              | needle & thread's new colour    |
| CORNER  | 899-902 | corner                              | the luck check                  |
| SECURE  | 903-904 | no, yes                             | secure a slot won by luck       |

A play id is `row * C + card`, where the row is the `Mode` and, for an
end-scoring task, `Mode.TASK + colour` (the chip laid with it). So the ids of
one row are consecutive in the card. Chance outcomes are card ids.

What an id means also depends on the step being decided (a CELL id names a
drawer while one is picked, a free slot while its new place is chosen): the
rules module knows the step, this module only the numbers.
"""

from __future__ import annotations

import enum
from typing import Final, NamedTuple

from spieltisch.games.lucandor.model import Model


class Mode(enum.IntEnum):
    """What the first step of a turn plays its hand card for."""

    PUT_AWAY = 0
    """Put the card's garment into the wardrobe and score (Kleidungsstück aufräumen)."""
    FUNCTION = 1
    """Use the card's function: a scoring dot, hanger, needle & thread, iron or drawer."""
    DOOR = 2
    """Discard it to move the sliding door."""
    CLEAN = 3
    """Discard it for one point (Fächer putzen)."""
    TASK = 4
    """Lay it face down as an end-scoring task with a colour chip (Endwertung)."""


class Block(enum.IntEnum):
    """The blocks of ids, in the order they are numbered."""

    PLAY = 0
    """A hand card and its `Mode`."""
    TARGET = 1
    """A cell and floor place for the garment being put away (0 on rods and in drawers)."""
    SOURCE = 2
    """A cell, floor place and level of a garment for the iron to take out."""
    CELL = 3
    """A cell: the drawer standing there, or the free drawer slot it moves to."""
    SLOT = 4
    """A scoring slot for a scoring dot."""
    SECTION = 5
    """A section for the sliding door."""
    SECOND = 6
    """A hand card discarded too, to move the door by two sections."""
    TASK = 7
    """One of the player's own end-scoring tasks, by its place among them."""
    COLOUR = 8
    """A colour for needle & thread."""
    CORNER = 9
    """A corner named in a luck check."""
    SECURE = 10
    """Whether to secure a scoring slot won in a luck check with a stone (0: no, 1: yes)."""


class Decoded(NamedTuple):
    """An action id taken apart; the fields its block does not use are -1."""

    block: Block
    mode: int = -1
    """PLAY: the `Mode`."""
    card: int = -1
    """PLAY: the hand card; SECOND: the second card."""
    colour: int = -1
    """PLAY as a task: the chip's colour; COLOUR: the new colour."""
    cell: int = -1
    """TARGET, SOURCE, CELL: the cell."""
    place: int = -1
    """TARGET, SOURCE: the floor place."""
    level: int = -1
    """SOURCE: the level in the stack, or the place on a rod or in a drawer."""
    slot: int = -1
    """SLOT: the scoring slot."""
    section: int = -1
    """SECTION: the section."""
    task: int = -1
    """TASK: the own end-scoring task, 0 for the first laid."""
    corner: int = -1
    """CORNER: the corner."""
    secure: int = -1
    """SECURE: 1 to put a stone on the slot, 0 not to."""


_TASK: Final = int(Mode.TASK)  # for the hot paths: a Final int is a constant in the compiled build

TASKS: Final = 2  # verified (rulebook): at most two end-scoring tasks before a player
CORNERS: Final = 4  # verified (rulebook): a card has four corners


class Codec:
    """The action ids of one wardrobe and card set: `encode_*` makes them, `decode` reads them.

    The examples use `codec`, the codec of the built-in model:

    >>> codec.size
    905
    >>> codec.encode_play(Mode.CLEAN, 7)
    187
    >>> codec.decode(187)[:3]
    (<Block.PLAY: 0>, <Mode.CLEAN: 3>, 7)
    """

    def __init__(self, model: Model) -> None:
        self.cards = len(model.cards)
        self.colours = len(model.colours)
        self.cells = model.num_cells
        self.places = model.floor_places
        self.levels = max(model.stack_height, model.rod_units, model.drawer_units)
        sizes = {
            Block.PLAY: (Mode.TASK + self.colours) * self.cards,
            Block.TARGET: self.cells * self.places,
            Block.SOURCE: self.cells * self.places * self.levels,
            Block.CELL: self.cells,
            Block.SLOT: len(model.slot_storeys),
            Block.SECTION: model.num_sections,
            Block.SECOND: self.cards,
            Block.TASK: TASKS,
            Block.COLOUR: self.colours,
            Block.CORNER: CORNERS,
            Block.SECURE: 2,
        }
        self.start: dict[Block, int] = {}
        """The first id of each block."""
        first = 0
        for block in Block:
            self.start[block] = first
            first += sizes[block]
        self.size = first
        """How many ids there are: every id is in range(size)."""
        self._target = self.start[Block.TARGET]
        self._source = self.start[Block.SOURCE]
        self._cell = self.start[Block.CELL]
        self.play_rows = [row * self.cards for row in range(Mode.TASK + self.colours)]
        """The first id of each row of play ids: `encode_play(mode, card)` is
        `play_rows[mode] + card` (a task's row is `Mode.TASK + colour`), for the
        one loop that encodes every card of a hand, where a call per card costs."""
        self._decoded = [self._take_apart(action) for action in range(self.size)]

    # --- making ids --------------------------------------------------------------------
    def encode_play(self, mode: Mode, card: int, colour: int = -1) -> int:
        """Hand card `card` played for `mode`; a task also names its chip `colour`.

        >>> codec.encode_play(Mode.PUT_AWAY, 0), codec.encode_play(Mode.FUNCTION, 0)
        (0, 60)
        >>> codec.encode_play(Mode.TASK, 3, colour=4)  # row 4 + 4 = 8: 8 * 60 + 3
        483
        """
        return self.play_rows[mode + colour if mode == _TASK else mode] + card

    def encode_tasks(self, card: int, colours: list[int]) -> list[int]:
        """`encode_play(Mode.TASK, card, colour)` for each of `colours`, at once.

        >>> codec.encode_tasks(3, [0, 4])
        [243, 483]
        """
        rows = self.play_rows
        return [rows[_TASK + colour] + card for colour in colours]

    def encode_target(self, cell: int, place: int = 0) -> int:
        """Put the garment into `cell`, on floor place `place` (0 on a rod or in a drawer).

        >>> codec.encode_target(7, 1)  # 600 + 7 * 2 + 1
        615
        """
        return self._target + cell * self.places + place

    def encode_targets(self, spots: list[tuple[int, int]]) -> list[int]:
        """`encode_target(cell, place)` for each (cell, place) of `spots`, at once.

        >>> codec.encode_targets([(0, 0), (7, 1)])
        [600, 615]
        """
        first, places = self._target, self.places
        return [first + cell * places + place for cell, place in spots]

    def encode_sources(self, spots: list[tuple[int, int, int]]) -> list[int]:
        """`encode_source(cell, place, level)` for each of `spots`, at once.

        >>> codec.encode_sources([(1, 0, 2), (1, 1, 0)])
        [644, 648]
        """
        first, places, levels = self._source, self.places, self.levels
        return [first + (cell * places + place) * levels + level for cell, place, level in spots]

    def encode_source(self, cell: int, place: int, level: int) -> int:
        """The iron takes the garment at `level` (0 at the bottom) of `cell`'s floor place `place`.

        >>> codec.encode_source(1, 0, 2)  # 630 + (1 * 2 + 0) * 6 + 2
        644
        """
        return self._source + (cell * self.places + place) * self.levels + level

    def encode_cell(self, cell: int) -> int:
        """The drawer standing in `cell`, or the free drawer slot `cell`.

        >>> codec.encode_cell(6)
        816
        """
        return self._cell + cell

    def encode_slot(self, slot: int) -> int:
        """Scoring slot `slot` (0 is the top one).

        >>> codec.encode_slot(2)
        827
        """
        return self.start[Block.SLOT] + slot

    def encode_section(self, section: int) -> int:
        """Move the door before section `section` (0 is the left one).

        >>> codec.encode_section(0)
        828
        """
        return self.start[Block.SECTION] + section

    def encode_second(self, card: int) -> int:
        """Discard hand card `card` too (the door moves two sections).

        >>> codec.encode_second(5)
        836
        """
        return self.start[Block.SECOND] + card

    def encode_task(self, task: int) -> int:
        """The player's own end-scoring task `task` (0: the first laid).

        >>> codec.encode_task(1)
        892
        """
        return self.start[Block.TASK] + task

    def encode_colour(self, colour: int) -> int:
        """Colour `colour` for needle & thread.

        >>> codec.encode_colour(0)
        893
        """
        return self.start[Block.COLOUR] + colour

    def encode_corner(self, corner: int) -> int:
        """Corner `corner` (0..3) named in a luck check.

        >>> codec.encode_corner(3)
        902
        """
        return self.start[Block.CORNER] + corner

    def encode_secure(self, secure: bool) -> int:
        """Secure the scoring slot just won in a luck check with a stone (True), or not.

        >>> codec.encode_secure(False), codec.encode_secure(True)
        (903, 904)
        """
        return self.start[Block.SECURE] + int(secure)

    def encode_each(self, block: Block, numbers: list[int]) -> list[int]:
        """The ids of a block with one number (CELL, SLOT, SECTION, SECOND, TASK,
        COLOUR, CORNER) for each of `numbers`, at once: `encode_slot(n)` and so on.

        >>> codec.encode_each(Block.CORNER, [0, 1, 2, 3])
        [899, 900, 901, 902]
        """
        first = self.start[block]
        return [first + number for number in numbers]

    # --- reading ids -------------------------------------------------------------------
    def decode(self, action: int) -> Decoded:
        """The parts of `action`; ValueError if it is no id of this game.

        >>> codec.decode(483)[:4]
        (<Block.PLAY: 0>, <Mode.TASK: 4>, 3, 4)
        >>> codec.decode(644)  # doctest: +ELLIPSIS
        Decoded(block=<Block.SOURCE: 2>, mode=-1, card=-1, colour=-1, cell=1, place=0, level=2, slot=-1, ...)
        >>> codec.decode(905)
        Traceback (most recent call last):
        ...
        ValueError: 905 is not an action id (0..904)
        """
        if not 0 <= action < self.size:
            raise ValueError(f"{action} is not an action id (0..{self.size - 1})")
        return self._decoded[action]

    def decode_play(self, action: int) -> Decoded | None:
        """`decode(action)` if it is a PLAY id, else None: the check of a first step, made often.

        >>> codec.decode_play(187).card, codec.decode_play(615)
        (7, None)
        """
        return self._decoded[action] if 0 <= action < self._target else None

    def decode_target(self, action: int) -> Decoded | None:
        """`decode(action)` if it is a TARGET id, else None: the check of a placing, made often.

        >>> codec.decode_target(615).cell, codec.decode_target(187)
        (7, None)
        """
        return self._decoded[action] if self._target <= action < self._source else None

    def _take_apart(self, action: int) -> Decoded:
        block = max(b for b in Block if self.start[b] <= action)
        offset = action - self.start[block]
        if block == Block.PLAY:
            row, card = divmod(offset, self.cards)
            if row >= Mode.TASK:
                return Decoded(block, Mode.TASK, card, colour=row - Mode.TASK)
            return Decoded(block, Mode(row), card)
        if block == Block.TARGET:
            cell, place = divmod(offset, self.places)
            return Decoded(block, cell=cell, place=place)
        if block == Block.SOURCE:
            spot, level = divmod(offset, self.levels)
            cell, place = divmod(spot, self.places)
            return Decoded(block, cell=cell, place=place, level=level)
        if block == Block.CELL:
            return Decoded(block, cell=offset)
        if block == Block.SECOND:
            return Decoded(block, card=offset)
        if block == Block.COLOUR:
            return Decoded(block, colour=offset)
        if block == Block.SLOT:
            return Decoded(block, slot=offset)
        if block == Block.SECTION:
            return Decoded(block, section=offset)
        if block == Block.TASK:
            return Decoded(block, task=offset)
        if block == Block.CORNER:
            return Decoded(block, corner=offset)
        return Decoded(block, secure=offset)
