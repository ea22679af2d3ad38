"""The Calcory cards (digits 0-9) and the layout grid, read from a data file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from spieltisch.core.data import Bound, package_data, user_data
from spieltisch.core.options import OptionError

TARGET: Final = 13  # verified (rulebook): the sum to hit
DIGITS: Final = 10  # cards show the digits 0-9 (verified)
ROW_NAMES: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Bounds on a user's deck file, checked before anything is built: room for any
# re-fitted box, while the game's tables (one entry per position) stay small.
MAX_ROWS: Final = Bound("layout.rows", len(ROW_NAMES), "rows (one letter each)", "Zeilen (je ein Buchstabe)")
MAX_COLUMNS: Final = Bound(
    "layout.columns", 40, "columns (4 times the box's 10)", "Spalten (4-mal die 10 der Schachtel)"
)
MAX_CARDS: Final = Bound(
    "layout",
    240,
    "cards in the layout, rows x columns (4 times the box's 60)",
    "Karten in der Auslage, Zeilen x Spalten (4-mal die 60 der Schachtel)",
)
MAX_PER_DIGIT: Final = Bound(
    "cards.counts",
    60,
    "cards of one digit (10 times the box's 6)",
    "Karten einer Ziffer (10-mal die 6 der Schachtel)",
)


@dataclass(frozen=True)
class Deck:
    """How many cards of each digit there are, and the grid they are laid in."""

    rows: int
    columns: int
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def positions(self) -> int:
        return self.rows * self.columns

    def label(self, position: int) -> str:
        """Row letter and column number, e.g. "B7"."""
        row, column = divmod(position, self.columns)
        return f"{ROW_NAMES[row]}{column + 1}"

    def position_of(self, label: str) -> int:
        """The inverse of `label`; ValueError for a label off the grid."""
        text = label.strip().upper()
        if len(text) < 2 or text[0] not in ROW_NAMES[: self.rows] or not text[1:].isdigit():
            raise ValueError(f"no position {label!r}")
        column = int(text[1:]) - 1
        if not 0 <= column < self.columns:
            raise ValueError(f"no position {label!r}")
        return ROW_NAMES.index(text[0]) * self.columns + column

    def max_cards_in_turn(self) -> int:
        """The most cards one turn can turn up before it must end.

        A turn goes on only while the sum is below TARGET and at most one 0 is
        up, so the longest turn takes at most one 0 and then the smallest
        digits while the sum stays below TARGET; the next card ends the turn.
        """
        alive = min(1, self.counts[0])
        total = 0
        for digit in range(1, DIGITS):
            for _ in range(self.counts[digit]):
                if total + digit >= TARGET:
                    return min(self.size, alive + 1)
                total += digit
                alive += 1
        return min(self.size, alive + 1)


def load_deck(path: str = "") -> Deck:
    """The bundled deck, or a user's TOML file of the same shape; OptionError if invalid."""
    data = user_data(path) if path else package_data("spieltisch.games.calcory", "cards.toml")
    where = path or "the bundled cards.toml"
    try:
        rows = _whole(data["layout"]["rows"], "layout.rows", where)
        columns = _whole(data["layout"]["columns"], "layout.columns", where)
        counts = tuple(_whole(c, "cards.counts", where) for c in data["cards"]["counts"])
    except (KeyError, TypeError):
        raise OptionError(f"{where} needs [layout] rows, columns and [cards] counts (10 numbers)") from None
    if len(counts) != DIGITS:
        raise OptionError(f"{where}: cards.counts needs one count per digit 0-9, got {len(counts)}")
    _check_bounds(rows, columns, counts, where)
    if rows < 1 or columns < 1:
        raise OptionError(f"{where}: the layout needs 1-{len(ROW_NAMES)} rows and at least one column")
    if sum(counts) != rows * columns:
        raise OptionError(
            f"{where}: {sum(counts)} cards do not fill the {rows}x{columns} layout ({rows * columns})"
        )
    if sum(counts) < 2:
        raise OptionError(f"{where}: the game needs at least 2 cards")
    return Deck(rows, columns, counts)


def _check_bounds(rows: int, columns: int, counts: tuple[int, ...], where: str) -> None:
    MAX_ROWS.check(rows, where)
    MAX_COLUMNS.check(columns, where)
    MAX_CARDS.check(rows * columns, where)
    for count in counts:
        MAX_PER_DIGIT.check(count, where)


def _whole(value: Any, name: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(f"{where}: {name} must hold whole numbers >= 0, got {value!r}")
    return value
