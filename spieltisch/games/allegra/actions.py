"""The fixed action space of ALLEGRA (47 ids).

0..14 are positions of a layout (row-major, [left shared, own x3, right shared]
x 3 rows); what a position means depends on the step (flip, exchange, take).
The rest are control ids. Chance outcomes are card kinds (value + 1, 0..12).
"""

from __future__ import annotations

from typing import Final

from spieltisch.games.allegra.cards import POSITIONS  # ids 0..14 name the positions

DRAW_PILE: Final = POSITIONS  # 15
DRAW_DISCARD: Final = 16
DISCARD_DRAWN: Final = 17
KNOCK: Final = 18
NO_KNOCK: Final = 19
DECLINE: Final = 20
ACCEPT: Final = 21  # ACCEPT + seat: accept that seat's knock (seats 0..5)
CLEAR_COLUMN: Final = 27  # CLEAR_COLUMN + column 0..4 of the layout
CLEAR_ROW: Final = 32  # CLEAR_ROW + position of the first card of a row triple
NUM_ACTIONS: Final = 47

GAP: Final = 99  # value stored in a slot whose card was cleared (never refilled)
NO_CARD: Final = -99  # "no card held" in the drawn/held/taken/replaced fields
