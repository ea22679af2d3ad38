"""The fixed action space of LEVEL 8: every decision is one small step.

Laying down a level is a sequence: start, then one card per step into the
current part (number cards by kind, jokers with the number or colour they
stand for), each part closing itself when it holds its stated number of cards;
cancelling returns every card to the hand. Laying off is two steps: the card,
then the group (and end, for runs).
"""

from __future__ import annotations

from spieltisch.games.level8.cards import COLOURS, KINDS, NUMBER_KINDS, VALUES
from spieltisch.games.level8.levels import MAX_PARTS

MAX_SEATS = 6

DRAW_STOCK = 0
DRAW_PILE = DRAW_STOCK + 1  # + seat whose discard pile is taken from
DISCARD = DRAW_PILE + MAX_SEATS  # + card kind
SKIP_AT = DISCARD + KINDS  # + seat the skip card is put before
TAKE_SKIP = SKIP_AT + MAX_SEATS  # a skipped player's only move
START_LAYDOWN = TAKE_SKIP + 1
CANCEL = START_LAYDOWN + 1
PICK = CANCEL + 1  # + number card kind
JOKER_NUMBER = PICK + NUMBER_KINDS  # + number - 1
JOKER_COLOUR = JOKER_NUMBER + VALUES  # + colour
LAYOFF = JOKER_COLOUR + COLOURS  # + card kind (number cards and the joker)
TARGET = LAYOFF + NUMBER_KINDS + 1  # + (owner * MAX_PARTS + part) * 2 + end
KEEP = TARGET + MAX_SEATS * MAX_PARTS * 2  # + card kind (back side carry-over)
KEEP_DONE = KEEP + KINDS
NUM_ACTIONS = KEEP_DONE + 1


def target_id(owner: int, part: int, end: int) -> int:
    return TARGET + (owner * MAX_PARTS + part) * 2 + end


def split_target(action: int) -> tuple[int, int, int]:
    """(owner, part, end) of a TARGET action."""
    index, end = divmod(action - TARGET, 2)
    owner, part = divmod(index, MAX_PARTS)
    return owner, part, end
