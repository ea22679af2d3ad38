"""The fixed action space of LEVEL 8: every decision is one small step.

Laying down a level is a sequence: start, then one card per step into the
current part (number cards by kind, jokers with the number or colour they
stand for), each part closing itself when it holds its stated number of cards;
cancelling returns every card to the hand. Laying off is two steps: the card,
then the group (and end, for runs).

The ids come in blocks, each named by its first id; an id is its block plus
an argument (a seat, a card kind, a number): `DISCARD + 90` discards a joker,
and `decode` splits an id back into the two.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from spieltisch.games.level8.cards import COLOURS, JOKER, KINDS, NUMBER_KINDS, VALUES
from spieltisch.games.level8.levels import COLOUR, MAX_PARTS
from spieltisch.games.level8.solver import Pick, meaning_of

MAX_SEATS: Final = 6

DRAW_STOCK: Final = 0
DRAW_PILE: Final = DRAW_STOCK + 1  # + seat whose discard pile is taken from
DISCARD: Final = DRAW_PILE + MAX_SEATS  # + card kind
SKIP_AT: Final = DISCARD + KINDS  # + seat the skip card is put before
TAKE_SKIP: Final = SKIP_AT + MAX_SEATS  # a skipped player's only move
START_LAYDOWN: Final = TAKE_SKIP + 1
CANCEL: Final = START_LAYDOWN + 1
PICK: Final = CANCEL + 1  # + number card kind
JOKER_NUMBER: Final = PICK + NUMBER_KINDS  # + number - 1
JOKER_COLOUR: Final = JOKER_NUMBER + VALUES  # + colour
LAYOFF: Final = JOKER_COLOUR + COLOURS  # + card kind (number cards and the joker)
ONTO: Final = LAYOFF + NUMBER_KINDS + 1  # + (owner * MAX_PARTS + group) * 2 + end
KEEP_CARD: Final = ONTO + MAX_SEATS * MAX_PARTS * 2  # + card kind (back side carry-over)
KEEP_DONE: Final = KEEP_CARD + KINDS
NUM_ACTIONS: Final = KEEP_DONE + 1

BLOCKS: Final = (
    DRAW_STOCK,
    DRAW_PILE,
    DISCARD,
    SKIP_AT,
    TAKE_SKIP,
    START_LAYDOWN,
    CANCEL,
    PICK,
    JOKER_NUMBER,
    JOKER_COLOUR,
    LAYOFF,
    ONTO,
    KEEP_CARD,
    KEEP_DONE,
)


def decode(action: int) -> tuple[int, int]:
    """The block of an id and its argument there.

    >>> decode(DISCARD + 90) == (DISCARD, 90)
    True
    """
    block = BLOCKS[bisect_right(BLOCKS, action) - 1]
    return block, action - block


def onto_id(owner: int, group: int, end: int) -> int:
    """The id that lays the held card onto `owner`'s group `group` at `end` (0 low or only, 1 high)."""
    return ONTO + (owner * MAX_PARTS + group) * 2 + end


def split_onto(action: int) -> tuple[int, int, int]:
    """(owner, group, end) of an ONTO id: the inverse of `onto_id`."""
    index, end = divmod(action - ONTO, 2)
    owner, group = divmod(index, MAX_PARTS)
    return owner, group, end


def pick_id(card: int, meaning: int, part_kind: int) -> int:
    """The id that puts `card` with `meaning` into a part of kind `part_kind` (a
    number card's meaning follows from the card; a joker's is its own id)."""
    if card != JOKER:
        return PICK + card
    return JOKER_COLOUR + meaning if part_kind == COLOUR else JOKER_NUMBER + meaning - 1


def split_pick(action: int, part_kind: int) -> Pick:
    """(card, meaning) of a PICK, JOKER_NUMBER or JOKER_COLOUR id: the inverse of `pick_id`."""
    if action < JOKER_NUMBER:
        card = action - PICK
        return card, meaning_of(part_kind, card)
    if action < JOKER_COLOUR:
        return JOKER, action - JOKER_NUMBER + 1
    return JOKER, action - JOKER_COLOUR
