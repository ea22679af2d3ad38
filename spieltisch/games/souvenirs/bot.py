"""The heuristic bot: build combinations in reserved lines, reserve promising ones.

It reads only the grid, the cubes and its own hand, never other hands or the
pile, and uses no randomness (ties go to the lowest action id), so it chooses
the same on every state its seat cannot tell apart.

A line's *prospect* estimates the points it will finally give a cube of a
given rank: for every combination still reachable, its points times a
likelihood factor for every empty cell that must receive a fitting card.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from spieltisch.games.souvenirs.cards import CARD_OF
from spieltisch.games.souvenirs.grid import LINES_OF_CELL, SIZE
from spieltisch.games.souvenirs.phases import CARD, CELL
from spieltisch.games.souvenirs.rules import CARD_BASE, CELL_BASE, LINE_BASE, PASS, SouvenirsState
from spieltisch.games.souvenirs.scoring import COMBINATIONS, ScoreTable, possible_combinations

# Chance that an empty cell ends up with a card that fits the combination.
FIT: Final = {
    "fuenfling": 0.2,
    "vierling": 0.2,
    "full_house": 0.3,
    "flush": 0.22,
    "regenbogen": 0.5,
    "strasse": 0.35,
    "drilling": 0.3,
    "zwei_paare": 0.35,
    "paerchen": 0.55,
    "nichts": 1.0,
}
OPPONENT_WEIGHT: Final = 0.5  # helping a rival's line hurts, but less than helping one's own
OPEN_WEIGHT: Final = 0.25  # a line one may still reserve is worth building a little
EARLY_THRESHOLD: Final = 4.0  # points a line must promise to take a cube at the start
CACHE_LIMIT: Final = 20_000

_NEEDS: Final[dict[tuple[int, ...], tuple[tuple[str, int], ...]]] = {}


def needs(kinds: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """(combination, cells that must still fit) for each combination the line can reach."""
    found = _NEEDS.get(kinds)
    if found is None:
        found = _needs([CARD_OF[kind] for kind in kinds])
        if len(_NEEDS) > CACHE_LIMIT:
            _NEEDS.clear()
        _NEEDS[kinds] = found
    return found


def _needs(cards: list[tuple[int, int] | None]) -> tuple[tuple[str, int], ...]:
    free = SIZE - len(cards)
    jokers = sum(1 for card in cards if card is None)
    counts = [*sorted(Counter(card[0] for card in cards if card is not None).values(), reverse=True), 0, 0]
    reachable = possible_combinations(cards + [None] * free)  # empty cells may still get anything
    result = []
    for name in COMBINATIONS:
        if name not in reachable:
            continue
        if name in ("paerchen", "drilling", "vierling", "fuenfling"):
            size = {"paerchen": 2, "drilling": 3, "vierling": 4, "fuenfling": 5}[name]
            missing = max(0, size - counts[0] - jokers)
        elif name == "zwei_paare":
            missing = max(0, max(0, 2 - counts[0]) + max(0, 2 - counts[1]) - jokers)
        elif name == "nichts":
            missing = 0
        else:
            missing = free
        result.append((name, missing))
    return tuple(result)


# The caches hold plain numbers under each score table: the cyclic collector stops tracking
# such tuples and dicts, so their hundreds of thousands of entries cost it nothing.
_PROSPECTS: Final[dict[ScoreTable, dict[tuple[int, tuple[int, ...]], float]]] = {}


def prospect(kinds: list[int], table: ScoreTable, rank: int) -> float:
    cache = _PROSPECTS.get(table)
    if cache is None:
        cache = _PROSPECTS[table] = {}
    key = (rank, tuple(sorted(kinds)))
    found = cache.get(key)
    if found is None:
        found = max(table.value(name, rank) * FIT[name] ** missing for name, missing in needs(key[1]))
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        cache[key] = found
    return found


def choose(state: SouvenirsState) -> int:
    if state.phase == CARD:
        kind, _ = best_placement(state, sorted(set(state.hands[state.turn])))
        return CARD_BASE + kind
    if state.phase == CELL:
        _, cell = best_placement(state, [state.chosen])
        return CELL_BASE + cell
    line = best_cube(state)
    return PASS if line is None else LINE_BASE + line


def best_placement(state: SouvenirsState, kinds: list[int]) -> tuple[int, int]:
    """The (card kind, cell) that most improves one's own lines' prospects."""
    table = state.settings.table
    seat = state.turn
    cells = state.legal_cells()
    lines = {line for cell in cells for line in LINES_OF_CELL[cell]}
    weights = {line: _weights(state, line, seat) for line in lines}
    # Per line, what each card would add (cached across calls: lines change slowly).
    gains = {
        line: _gains_of(state.line_kinds(line), stakes, table) for line, stakes in weights.items() if stakes
    }
    best: tuple[float, int, int] | None = None
    for kind in kinds:
        for cell in cells:
            gain = 0.0
            for line in LINES_OF_CELL[cell]:
                if weights[line]:
                    line_gains = gains[line][3]
                    line_gain = line_gains.get(kind)
                    if line_gain is None:
                        line_gain = line_gains[kind] = _line_gain(gains[line], kind, table)
                    gain += line_gain
            if best is None or gain > best[0] + 1e-9:
                best = (gain, kind, cell)
    assert best is not None
    return best[1], best[2]


def _weights(state: SouvenirsState, line: int, seat: int) -> list[tuple[int, float]]:
    """(rank, weight) of each stake in a line: one's own cube, rivals' cubes, a cube one may still place."""
    seats = state.cubes[line]
    stakes = [(rank, 1.0 if owner == seat else -OPPONENT_WEIGHT) for rank, owner in enumerate(seats)]
    if seat not in seats and len(seats) < state.settings.cubes_per_line and state.cubes_left[seat]:
        stakes.append((len(seats), OPEN_WEIGHT))
    return stakes


LineGains = tuple[tuple[int, ...], tuple[tuple[int, float], ...], tuple[float, ...], dict[int, float]]
"""A line's sorted card kinds, its stakes, their prospects now, and the gain from each added
card kind (filled as asked): for fixed contents and stakes."""

_GAINS: Final[dict[ScoreTable, dict[tuple[tuple[int, ...], tuple[tuple[int, float], ...]], LineGains]]] = {}


def _gains_of(kinds: list[int], stakes: list[tuple[int, float]], table: ScoreTable) -> LineGains:
    cache = _GAINS.get(table)
    if cache is None:
        cache = _GAINS[table] = {}
    key = (tuple(sorted(kinds)), tuple(stakes))
    found = cache.get(key)
    if found is None:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        before = tuple([prospect(list(key[0]), table, rank) for rank, _ in key[1]])
        found = cache[key] = (key[0], key[1], before, {})
    return found


def _line_gain(line: LineGains, kind: int, table: ScoreTable) -> float:
    kinds, stakes, before, _ = line
    after = [*kinds, kind]
    return sum(
        weight * (prospect(after, table, rank) - earlier)
        for (rank, weight), earlier in zip(stakes, before, strict=True)
    )


def best_cube(state: SouvenirsState) -> int | None:
    """The most promising open line, if it promises enough for this point of the game."""
    table = state.settings.table
    seat = state.turn
    best: tuple[float, int] | None = None
    for line in state.legal_lines(seat):
        value = prospect(state.line_kinds(line), table, len(state.cubes[line]))
        if best is None or value > best[0] + 1e-9:
            best = (value, line)
    if best is None:
        return None
    cards_left = SIZE * SIZE - state.placed
    # Own turns still to come that may take a cube (the 25th card gets none).
    chances = (cards_left - 1) // state.num_players
    if state.cubes_left[seat] > chances:
        return best[1]
    threshold = EARLY_THRESHOLD * cards_left / (SIZE * SIZE)
    return best[1] if best[0] >= threshold else None
