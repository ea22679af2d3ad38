"""Scoring: the combinations of a row or column and the score table.

Everything here is a pure function of a line's cards. A card is
`(number, colour)` or None for a joker (see cards.Card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from spieltisch.core.data import Bound, package_data, user_data
from spieltisch.core.options import OptionError
from spieltisch.games.souvenirs.cards import CARD_OF, PACKAGE, Card

# The rulebook's order (Übersicht); ties in points go to the earlier one.
COMBINATIONS: Final = (
    "fuenfling",
    "vierling",
    "full_house",
    "flush",
    "regenbogen",
    "strasse",
    "drilling",
    "zwei_paare",
    "paerchen",
    "nichts",
)
LINE_LENGTH: Final = 5
FIRST, SECOND = 0, 1

# The bound on a user's score table, checked before anything is built: room for
# any re-fitted box, while scores stay numbers a person (and a float) reads exactly.
MAX_POINTS: Final = Bound(
    "points",
    100,
    "points for a combination (6 times the box's highest, 16)",
    "Punkte für eine Kombination (6-mal die höchste Zahl der Schachtel, 16)",
)


def held_combinations(cards: Sequence[tuple[int, int]]) -> frozenset[str]:
    """Every combination that jokerless `cards` (any order, up to 5) contain.

    A line holds a combination when some of its cards form it, so a Full House
    also holds a Drilling, a Zwei Paare and a Pärchen.
    """
    counts = [*sorted(Counter(number for number, _ in cards).values(), reverse=True), 0, 0]
    held = {"nichts"}
    for size, name in ((2, "paerchen"), (3, "drilling"), (4, "vierling"), (5, "fuenfling")):
        if counts[0] >= size:
            held.add(name)
    if counts[1] >= 2:  # Zwei Paare needs two different numbers (RULINGS.md Souvenirs 5)
        held.add("zwei_paare")
    if len(cards) == LINE_LENGTH:
        numbers = sorted(number for number, _ in cards)
        colours = {colour for _, colour in cards}
        if counts[:2] == [3, 2]:
            held.add("full_house")
        if len(colours) == 1:
            held.add("flush")
        # Five of one number in five colours is a Fünfling only (RULINGS.md Souvenirs 5).
        if len(colours) == LINE_LENGTH and counts[0] < LINE_LENGTH:
            held.add("regenbogen")
        # A Straße is five consecutive numbers in any order (RULINGS.md Souvenirs 5).
        if numbers == list(range(numbers[0], numbers[0] + LINE_LENGTH)):
            held.add("strasse")
    return frozenset(held)


CACHE_LIMIT: Final = 20_000
"""Entries a cache of scored lines keeps before it starts afresh: the lines of many games fit,
and a server's memory comes back to its level once a burst of games is over."""

_POSSIBLE_CACHE: Final[dict[tuple[Card, ...], frozenset[str]]] = {}
_POSSIBLE_SETS: Final[dict[frozenset[str], frozenset[str]]] = {}
"""Each distinct answer once: the cache's entries share a few dozen sets (a set is always
tracked by the cyclic collector, so one per entry would make each of its passes longer)."""


def possible_combinations(cards: Sequence[Card]) -> frozenset[str]:
    """The combinations some choice of the jokers (None) gives the line.

    Each joker takes any number 1-6 and any colour, independently per line
    (RULINGS.md Souvenirs 4); this is the union of `held_combinations` over all
    those choices, computed directly instead of by trying them.
    """
    key = tuple(sorted(cards, key=_sort_key))
    found = _POSSIBLE_CACHE.get(key)
    if found is None:
        found = _possible(key)
        found = _POSSIBLE_SETS.setdefault(found, found)
        if len(_POSSIBLE_CACHE) >= CACHE_LIMIT:
            _POSSIBLE_CACHE.clear()
        _POSSIBLE_CACHE[key] = found
    return found


def _sort_key(card: Card) -> tuple[int, int]:
    return (99, 99) if card is None else card


def _possible(cards: Sequence[Card]) -> frozenset[str]:
    fixed = [card for card in cards if card is not None]
    jokers = len(cards) - len(fixed)
    counts = [*sorted(Counter(number for number, _ in fixed).values(), reverse=True), 0, 0]
    numbers = {number for number, _ in fixed}
    colours = {colour for _, colour in fixed}
    possible = {"nichts"}
    for size, name in ((2, "paerchen"), (3, "drilling"), (4, "vierling"), (5, "fuenfling")):
        if counts[0] + jokers >= size:
            possible.add(name)
    if max(0, 2 - counts[0]) + max(0, 2 - counts[1]) <= jokers:
        possible.add("zwei_paare")
    if len(cards) == LINE_LENGTH:
        if len(numbers) <= 2 and counts[0] <= 3:
            possible.add("full_house")
        if len(colours) <= 1:
            possible.add("flush")
        # Only five equal numbers without a joker cannot avoid being a Fünfling.
        if len(colours) == len(fixed) and not (jokers == 0 and len(numbers) == 1):
            possible.add("regenbogen")
        # Distinct numbers within a span of 5 always fit 1-5 or 2-6.
        if len(numbers) == len(fixed) and (not numbers or max(numbers) - min(numbers) < LINE_LENGTH):
            possible.add("strasse")
    return frozenset(possible)


@dataclass(frozen=True, eq=False)
class ScoreTable:
    """Points per combination for the first (or only) and the second cube (hashed by identity)."""

    points: Mapping[str, tuple[int, int]]
    verified: Mapping[str, tuple[bool, bool]]
    _kept_scored: dict[tuple[tuple[int, ...], int], tuple[str, int]] = field(
        default_factory=dict, init=False, repr=False
    )
    """`best_of_kinds` as found so far (every view and score asks again for lines that did not
    change); kept answers, not part of the table (the `_kept_` prefix: snapshots leave it out)."""

    def value(self, combination: str, rank: int) -> int:
        return self.points[combination][rank]

    def best_of_kinds(self, kinds: tuple[int, ...], rank: int) -> tuple[str, int]:
        """`best` for a line given as card kinds."""
        key = (kinds, rank)
        found = self._kept_scored.get(key)
        if found is None:
            if len(self._kept_scored) >= CACHE_LIMIT:
                self._kept_scored.clear()
            found = self._kept_scored[key] = self.best([CARD_OF[kind] for kind in kinds], rank)
        return found

    def best(self, cards: Sequence[Card], rank: int) -> tuple[str, int]:
        """The line's single most valuable combination for a cube of `rank`."""
        return best_of(possible_combinations(cards), self, rank)

    def to_json(self) -> dict[str, list[int]]:
        return {name: list(self.points[name]) for name in COMBINATIONS}


def best_of(combinations: Iterable[str], table: ScoreTable, rank: int) -> tuple[str, int]:
    present = set(combinations)
    best = ("nichts", table.value("nichts", rank))
    for name in COMBINATIONS:
        if name in present and table.value(name, rank) > best[1]:
            best = (name, table.value(name, rank))
    return best


def line_points(kinds: Sequence[int], table: ScoreTable, rank: int) -> int:
    """Points of a line given as card kinds, for a cube of `rank`."""
    return table.best_of_kinds(tuple(kinds), rank)[1]


def default_table() -> ScoreTable:
    return table_from_data(package_data(PACKAGE, "scores.toml"), "scores.toml", partial=False)


def load_table(path: str) -> ScoreTable:
    """The default table with a user's file laid over it (validated)."""
    base = default_table()
    override = table_from_data(user_data(path), path, partial=True)
    points = dict(base.points)
    verified = dict(base.verified)
    for name, values in override.points.items():
        points[name] = values
        verified[name] = override.verified[name]
    merged = ScoreTable(points, verified)
    _check_order(merged, path)
    return merged


def table_from_data(data: Mapping[str, Any], source: str, partial: bool) -> ScoreTable:
    unknown = sorted(set(data) - set(COMBINATIONS))
    if unknown:
        raise OptionError(
            f"{source}: unknown combination {', '.join(unknown)}; use {', '.join(COMBINATIONS)}"
        )
    missing = [name for name in COMBINATIONS if name not in data]
    if missing and not partial:
        raise OptionError(f"{source}: missing combination {', '.join(missing)}")
    points: dict[str, tuple[int, int]] = {}
    verified: dict[str, tuple[bool, bool]] = {}
    for name in COMBINATIONS:
        if name in data:
            points[name], verified[name] = _entry(data[name], f"{source}, {name}")
    table = ScoreTable(points, verified)
    if not partial:
        _check_order(table, source)
    return table


def _entry(entry: Any, where: str) -> tuple[tuple[int, int], tuple[bool, bool]]:
    if not isinstance(entry, Mapping):
        raise OptionError(f"{where} must be a table with first = N and second = N")
    extra = sorted(set(entry) - {"first", "second", "verified"})
    if extra:
        raise OptionError(f"{where} has unknown key {', '.join(extra)}; use first, second, verified")
    values = []
    for key in ("first", "second"):
        value = entry.get(key)
        if value is None:
            raise OptionError(f"{where} needs {key} = N (a whole number of points)")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionError(f"{where}: {key} must be a whole number >= 0, got {value!r}")
        MAX_POINTS.check(value, where, key)
        values.append(value)
    marks = entry.get("verified", [])
    if not isinstance(marks, list) or not all(mark in ("first", "second") for mark in marks):
        raise OptionError(f'{where}: verified must be a list of "first"/"second"')
    return (values[0], values[1]), ("first" in marks, "second" in marks)


def _check_order(table: ScoreTable, source: str) -> None:
    # The first cube "bekommt die höhere Punktzahl", the second the lower one.
    for name in COMBINATIONS:
        first, second = table.points[name]
        if second > first:
            raise OptionError(
                f"{source}, {name}: second = {second} is more than first = {first}; "
                "the second cube never scores more than the first"
            )
