"""The deck and the table geometry of ALLEGRA.

Physical card places ("slots") are numbered 12 per seat: seat i's own 3x3 grid
is slots 12i+0..12i+8 (row-major) and the shared column C_i (which seat i deals,
to its left) is slots 12i+9..12i+11, top to bottom. A player sees 15
"positions" 0..14, row-major over 3 rows of [left shared, own x3, right shared].
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from spieltisch.core.data import Bound, package_data, user_data
from spieltisch.core.options import OptionError

PACKAGE: Final = "spieltisch.games.allegra"
ROWS: Final = 3
WIDTH: Final = 5
POSITIONS: Final = ROWS * WIDTH
SLOTS_PER_SEAT: Final = 12
ROW_NAMES: Final = "ABC"
COLUMN_NAMES: Final = ("L", "1", "2", "3", "R")
VALUES: Final = 13  # verified (rulebook): the values -1..11

# Bounds on a user's deck file, checked before anything is built: room for any
# re-fitted box, while the draw pile (copied by every search) stays small.
MAX_PER_VALUE: Final = Bound(
    "deck.counts",
    50,
    "cards of one value (more than 3 times the box's largest, 14)",
    "Karten eines Werts (mehr als 3-mal die größte Zahl der Schachtel, 14)",
)
MAX_CARDS: Final = Bound(
    "deck.counts",
    480,
    "cards in all (4 times the box's 120)",
    "Karten insgesamt (4-mal die 120 der Schachtel)",
)


@dataclass(frozen=True)
class DeckSpec:
    """Per-value copies (index 0 is the lowest value) and the table constants."""

    min_value: int
    counts: tuple[int, ...]
    setup_flips: int
    empty_layout_score: int

    @property
    def kinds(self) -> int:
        return len(self.counts)

    @property
    def size(self) -> int:
        return sum(self.counts)

    def value(self, kind: int) -> int:
        return kind + self.min_value

    def kind(self, value: int) -> int:
        return value - self.min_value


def load_deck(players: int, deck_file: str = "") -> DeckSpec:
    """The deck for `players`, from the packaged data or a user's file."""
    data = package_data(PACKAGE, "deck.toml")
    deck: dict[str, Any] = dict(data["deck"])
    if deck_file:
        deck.update(_user_deck(deck_file))
    min_value = int(deck["min_value"])
    counts = [int(c) for c in deck["counts"]]
    if players <= int(deck["small_max_players"]):
        # 2-3 players: remove 2 copies of every value, verified (rulebook).
        counts = [c - int(deck["remove_each_small"]) for c in counts]
    if any(c < 0 for c in counts):
        raise OptionError(f"deck counts {deck['counts']} are too small to remove 2 of each value")
    needed = players * data["table"]["cards_per_player"] + 2
    if sum(counts) < needed:
        raise OptionError(f"the deck has {sum(counts)} cards; {players} players need at least {needed}")
    return DeckSpec(
        min_value,
        tuple(counts),
        int(data["table"]["setup_flips"]),
        int(data["table"]["empty_layout_score"]),
    )


def _user_deck(path: str) -> dict[str, Any]:
    given = user_data(path).get("deck")
    if not isinstance(given, dict):
        raise OptionError(f"{path} needs a [deck] table with counts = [...] (13 numbers for -1..11)")
    counts = given.get("counts")
    if (
        not isinstance(counts, list)
        or len(counts) != VALUES
        or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts)
    ):
        raise OptionError(f"{path}: [deck] counts must be 13 whole numbers >= 0, for the values -1..11")
    for count in counts:
        MAX_PER_VALUE.check(count, path)
    MAX_CARDS.check(sum(counts), path)
    return {"counts": counts}


@cache
def layouts(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the slot of each of its 15 positions.

    Shared column C_i is seat i's left column and seat i+1's right column
    (RULINGS.md, ALLEGRA table); with 2 players both columns belong to both.
    """
    result = []
    for seat in range(players):
        own = seat * SLOTS_PER_SEAT
        left = own + 9
        right = ((seat - 1) % players) * SLOTS_PER_SEAT + 9
        slots: list[int] = []
        for row in range(ROWS):
            slots += [left + row, own + 3 * row, own + 3 * row + 1, own + 3 * row + 2, right + row]
        result.append(tuple(slots))
    return tuple(result)


@cache
def owners(players: int) -> tuple[tuple[int, ...], ...]:
    """For each slot, the seats whose layout holds it (one for own cards, two for shared)."""
    found: list[list[int]] = [[] for _ in range(players * SLOTS_PER_SEAT)]
    for seat, slots in enumerate(layouts(players)):
        for slot in slots:
            if seat not in found[slot]:
                found[slot].append(seat)
    return tuple(tuple(seats) for seats in found)


def position_name(position: int) -> str:
    """ "B2" style: row A-C, column L, 1, 2, 3 or R."""
    return ROW_NAMES[position // WIDTH] + COLUMN_NAMES[position % WIDTH]
