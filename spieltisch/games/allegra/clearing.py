"""Finding triples in one player's layout (rulebook "Abräumen", RULINGS.md ALLEGRA 3).

A triple is a column (own or shared) of three face-up cards of one value, or
three face-up cards of one value next to each other in a row once gaps are
skipped ("um die Ecke" through a shared column included). Face-down cards are
not gaps: they break a row. Each triple is named by its clearing action id.
Concrete types (lists, the layout's tuple) let the compiled build index them directly.
"""

from __future__ import annotations

from spieltisch.games.allegra.actions import CLEAR_COLUMN, CLEAR_ROW, GAP
from spieltisch.games.allegra.cards import ROWS, WIDTH


def find_triples(
    cards: list[int], up: list[bool], slots: tuple[int, ...]
) -> list[tuple[int, tuple[int, ...]]]:
    """Every triple of the layout `slots` as (action id, its three slots), by action id."""
    shown = [cards[s] for s in slots if up[s] and cards[s] != GAP]
    if len(shown) - len(set(shown)) < 2:
        return []  # no value is face up three times: the common case, answered fast
    found: list[tuple[int, tuple[int, ...]]] = []
    for column in range(WIDTH):
        a = slots[column]
        value = cards[a]
        if value == GAP or not up[a]:
            continue
        b, c = slots[WIDTH + column], slots[2 * WIDTH + column]
        if cards[b] == value and cards[c] == value and up[b] and up[c]:
            found.append((CLEAR_COLUMN + column, (a, b, c)))
    for row in range(ROWS):
        base = row * WIDTH
        # Runs of face-up equal values over the row's cards, gaps skipped.
        run_value, run = GAP, 0
        first: list[int] = []
        for k in range(WIDTH):
            slot = slots[base + k]
            value = cards[slot]
            if value == GAP:
                continue
            if not up[slot]:
                run_value, run, first = GAP, 0, []
                continue
            if value == run_value:
                run += 1
                first.append(base + k)
            else:
                run_value, run, first = value, 1, [base + k]
            if run >= 3:
                start = first[-3]
                line = [slots[p] for p in first[-3:]]
                found.append((CLEAR_ROW + start, (line[0], line[1], line[2])))
    found.sort()
    return found


def in_triple(cards: list[int], up: list[bool], slots: tuple[int, ...], position: int) -> bool:
    """Whether the face-up card at `position` of the layout `slots` is part of a triple.

    The same rules as `find_triples`, looking only at the card's column and at
    the run of equal face-up values through it in its row (gaps skipped).
    """
    value = cards[slots[position]]
    column = position % WIDTH
    top, middle, bottom = slots[column], slots[WIDTH + column], slots[2 * WIDTH + column]
    if cards[top] == cards[middle] == cards[bottom] == value and up[top] and up[middle] and up[bottom]:
        return True
    row_start = position - column
    run = 1
    for step in (-1, 1):
        k = column + step
        while 0 <= k < WIDTH:
            slot = slots[row_start + k]
            if cards[slot] != GAP:
                if not up[slot] or cards[slot] != value:
                    break
                run += 1
            k += step
    return run >= 3
