"""Scoring: points for putting a garment away, and the end scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spieltisch.games.lucandor.model import COMPARTMENT, ROD, SHOES, STACK
from spieltisch.games.lucandor.steps import IronTarget

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorState


def slot_card(state: LucandorState, slot: int) -> tuple[tuple[int, ...], int]:
    """The colours and points the card in a scoring slot shows."""
    m = state.settings.model
    value = state.slots[slot]
    if value >= len(m.cards):
        start = value - len(m.cards)
        return m.start_colours[start][state.settings.side], m.start_points[start]
    card = m.cards[value]
    return (card.dot_colour,), card.points


def storey_value(state: LucandorState, storey: int, colour: int) -> int:
    """Points of every scoring slot over `storey` whose card shows `colour`."""
    t = state.settings.tables
    slots = state.slots
    total = 0
    for slot in t.storey_slots[storey]:
        total += t.slot_pays[slots[slot]][colour]
    return total


def storey_values(state: LucandorState, storey: int) -> list[int]:
    """`storey_value` of every colour at once."""
    t = state.settings.tables
    slots = state.slots
    totals = [0] * len(t.colours)
    for slot in t.storey_slots[storey]:
        for colour, points in t.slot_paying[slots[slot]]:
            totals[colour] += points
    return totals


def container_pieces(state: LucandorState, cell: int) -> list[int]:
    """The garments in the container at `cell` (its drawer if one stands there)."""
    drawer = state.drawer_at(cell)
    if drawer >= 0:
        return state.drawer_items[drawer]
    return [piece for stack in state.content[cell] for piece in stack]


def placement_points(state: LucandorState, piece: int, cell: int) -> int:
    """Points for putting `piece` into the container at `cell` (before it is put there)."""
    return placement_score(state, piece, cell)[0]


def placement_score(state: LucandorState, piece: int, cell: int) -> tuple[int, bool]:
    """Points for putting `piece` into the container at `cell`, and whether they doubled.

    Every slot over the storey showing the garment's colour pays its points
    (RULINGS.md, Lucandor: the storeys are the scoring rows);
    all of it doubles when the container already holds a garment of that colour.
    """
    t = state.settings.tables
    colour = t.card_colour[piece]
    points = storey_value(state, t.cell_storey[cell], colour)
    if points and holds_colour(state, cell, colour):
        return points * 2, True
    return points, False


def holds_colour(state: LucandorState, cell: int, colour: int) -> bool:
    """Does the container at `cell` already hold a garment of `colour`?"""
    colours = state.settings.tables.card_colour
    return any(colours[other] == colour for other in container_pieces(state, cell))


def end_points(state: LucandorState, seat: int) -> int:
    """One point per garment of the chosen colour in the task's storey."""
    return sum(points for _, _, points in task_scores(state, seat))


def task_scores(state: LucandorState, seat: int) -> list[tuple[int, int, int]]:
    """(storey, chip colour, points) of each end-scoring task of `seat`, as the wardrobe stands."""
    m = state.settings.model
    return [
        (m.cards[card_id].storey, colour, colour_count(state, m.cards[card_id].storey, colour))
        for card_id, colour in zip(state.end_cards[seat], state.end_colours[seat], strict=True)
    ]


def colour_count(state: LucandorState, storey: int, colour: int) -> int:
    m = state.settings.model
    colours = state.settings.tables.card_colour
    count = 0
    for section in range(m.num_sections):
        cell = m.cell(section, storey)
        for piece in container_pieces(state, cell):
            if colours[piece] == colour:
                count += 1
    return count


def colour_counts(state: LucandorState, storey: int) -> list[int]:
    """`colour_count` of every colour at once."""
    m = state.settings.model
    colours = state.settings.tables.card_colour
    counts = [0] * len(m.colours)
    for section in range(m.num_sections):
        for piece in container_pieces(state, m.cell(section, storey)):
            counts[colours[piece]] += 1
    return counts


# In heuristic self-play a task's storey gains about this many garments of its
# chip colour per card still to be played in the game (0.45 with the whole
# afternoon to come, about 2 early in the morning).
TASK_GROWTH: Final = 0.012


def estimated_totals(state: LucandorState) -> list[float]:
    """Final totals as they stand: points so far plus every laid task's count now
    and its expected growth over the cards still to be played."""
    if state.is_terminal():
        return state.scores()
    m = state.settings.model
    # Loops by index, not zip(..., strict=True): the compiled build calls that with a keyword.
    remaining = 0
    for seat in range(state.num_players):
        remaining += len(state.hands[seat]) + len(state.piles[seat])
    if state.phase == 0:
        remaining += len(m.cards) - len(state.slots)  # about what the afternoon deals
    growth = TASK_GROWTH * remaining
    totals = []
    for seat in range(state.num_players):
        total = float(state.points[seat])
        tasks, chips = state.end_cards[seat], state.end_colours[seat]
        for k in range(len(tasks)):
            total += colour_count(state, m.cards[tasks[k]].storey, chips[k]) + growth
        totals.append(total)
    return totals


def check_wardrobe(state: LucandorState) -> None:
    """The wardrobe obeys every placement rule (raise AssertionError otherwise)."""
    m = state.settings.model
    counts = [0] * len(m.cards)
    for cell in range(m.num_cells):
        storey = m.storey_of(cell)
        places = state.content[cell]
        for stack in places:
            for piece in stack:
                counts[piece] += 1
        if m.storey_kind[storey] == ROD:
            units = sum(m.garments[m.cards[p].garment].units for p in places[0])
            assert units <= m.rod_units, "a rod is overfull"
            assert all(m.garments[m.cards[p].garment].container == "rod" for p in places[0])
            continue
        if state.drawer_at(cell) >= 0:
            assert not any(places), "garments under a drawer"
        rests = [m.garments[m.cards[stack[0]].garment].rest for stack in places if stack]
        assert SHOES not in rests or all(r == SHOES for r in rests), "shoes beside other garments"
        assert SHOES not in rests or m.shoe_storey[storey], "shoes outside the shoe storey"
        for stack in places:
            garments = [m.garments[m.cards[p].garment] for p in stack]
            assert all(g.container == "compartment" for g in garments)
            if len(stack) > 1:
                assert all(g.rest == STACK for g in garments), "something stacked that may not be"
                assert len(stack) <= m.stack_height, "a stack is too high"
    assert len(set(state.drawer_cell)) == len(state.drawer_cell), "two drawers in one slot"
    for cell, items in zip(state.drawer_cell, state.drawer_items, strict=True):
        assert cell in m.drawer_slots and m.storey_kind[m.storey_of(cell)] == COMPARTMENT
        assert sum(m.garments[m.cards[p].garment].units for p in items) <= m.drawer_units, (
            "a drawer is overfull"
        )
        for piece in items:
            counts[piece] += 1
            assert m.garments[m.cards[piece].garment].container == "drawer"
    if isinstance(state.pending, IronTarget):  # the ironed garment is in the player's hands
        counts[state.pending.piece] += 1
    limit = state.phase + 1
    assert all(c <= limit for c in counts), "a garment/colour is put away more than once a phase"
