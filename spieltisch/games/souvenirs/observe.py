"""The observation tensor: what a seat may see, as floats, built from one list of named pieces.

`observation_pieces` names every part of the tensor with its length; the
tensor's size is their sum and `observation` fills them in that order, checked
piece by piece (spieltisch.core.observation), so the two cannot drift apart.
Seats are counted from the observing seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spieltisch.core.observation import Pieces, concatenate
from spieltisch.games.souvenirs.cards import CARD_OF, NUM_KINDS
from spieltisch.games.souvenirs.grid import EMPTY, NUM_CELLS, NUM_LINES, REACH, SIZE, SPAN
from spieltisch.games.souvenirs.phases import CARD, CELL, CUBE, Phase

if TYPE_CHECKING:
    from spieltisch.games.souvenirs.rules import Settings, SouvenirsState

GRID_FEATURES: Final = 13  # occupied, number 1-6, colour 0-4, joker
NUM_PHASES: Final = len(Phase)


def _card_features(cell: int, kind: int) -> tuple[int, ...]:
    """The observation indices a card of `kind` on `cell` sets to 1 (see _parts)."""
    base = cell * GRID_FEATURES
    card = CARD_OF[kind]
    return (base, base + 12) if card is None else (base, base + card[0], base + 7 + card[1])


CARD_FEATURES: Final = tuple(
    tuple(_card_features(cell, kind) for kind in range(NUM_KINDS)) for cell in range(NUM_CELLS)
)


def observation_pieces(settings: Settings) -> Pieces:
    """The observation tensor's named pieces and their sizes, in order."""
    n = settings.players
    return (
        ("grid", NUM_CELLS * GRID_FEATURES),  # per cell of the 9x9 field
        ("hand", NUM_KINDS),  # the observer's hand, count per kind
        ("chosen", NUM_KINDS),  # the card being played
        ("cubes", NUM_LINES * 2 * n),  # per line, per seat from the observer and rank
        ("cubes_left", n),
        ("to_move", n),
        ("phase", len(Phase)),
        ("placed", 1),
        ("pile", 1),
    )


def observation(state: SouvenirsState, seat: int) -> list[float]:
    """The tensor of `seat`: the pieces named by `observation_pieces`, in order, seat-relative."""
    return concatenate(observation_pieces(state.settings), _parts(state, seat))


def _parts(state: SouvenirsState, seat: int) -> dict[str, list[float]]:
    n = state.num_players
    cells: list[float] = []
    for kind in state.grid:
        features = [0.0] * GRID_FEATURES
        if kind != EMPTY:
            features[0] = 1.0
            card = CARD_OF[kind]
            if card is None:
                features[12] = 1.0
            else:
                features[card[0]] = 1.0
                features[7 + card[1]] = 1.0
        cells.extend(features)
    hand = [0.0] * NUM_KINDS
    for kind in state.hands[seat]:
        hand[kind] += 1.0
    chosen = [0.0] * NUM_KINDS
    if state.chosen != EMPTY:
        chosen[state.chosen] = 1.0
    cubes: list[float] = []
    for seats in state.cubes:
        marks = [0.0] * (2 * n)
        for rank, owner in enumerate(seats):
            marks[2 * ((owner - seat) % n) + rank] = 1.0
        cubes.extend(marks)
    mover = [0.0] * n
    if state.phase in (CARD, CELL, CUBE):
        mover[(state.turn - seat) % n] = 1.0
    phase = [0.0] * len(Phase)
    phase[state.phase] = 1.0
    return {
        "grid": cells,
        "hand": hand,
        "chosen": chosen,
        "cubes": cubes,
        "cubes_left": [float(state.cubes_left[(seat + k) % n]) for k in range(n)],
        "to_move": mover,
        "phase": phase,
        "placed": [state.placed / (SIZE * SIZE)],
        "pile": [sum(state.deck) / state.settings.deck.size],
    }


def observation_entries(state: SouvenirsState, seat: int) -> tuple[list[int], list[float]]:
    """The observation tensor's non-zero entries: at most 25 cards and a few cubes of 1,199 values."""
    n = state.num_players
    grid = state.grid
    low_row, high_row, low_col, high_col = state.bounds
    ones: list[int] = []  # the entries that are 1 first, then the counts and fractions
    for row in range(low_row + REACH, high_row + REACH + 1):
        for cell in range(row * SPAN + low_col + REACH, row * SPAN + high_col + REACH + 1):
            kind = grid[cell]
            if kind != EMPTY:
                ones.extend(CARD_FEATURES[cell][kind])
    hand_at = NUM_CELLS * GRID_FEATURES
    chosen_at = hand_at + NUM_KINDS
    cubes_at = chosen_at + NUM_KINDS
    left_at = cubes_at + NUM_LINES * 2 * n
    mover_at = left_at + n
    phase_at = mover_at + n
    if state.chosen != EMPTY:
        ones.append(chosen_at + state.chosen)
    for line, seats in enumerate(state.cubes):
        if seats:  # most lines hold no cube
            for rank, owner in enumerate(seats):
                ones.append(cubes_at + 2 * n * line + 2 * ((owner - seat) % n) + rank)
    if state.phase in (CARD, CELL, CUBE):
        ones.append(mover_at + (state.turn - seat) % n)
    ones.append(phase_at + state.phase)
    values = [1.0] * len(ones)
    hand = state.hands[seat]
    for kind in set(hand):
        ones.append(hand_at + kind)
        values.append(float(hand.count(kind)))
    for k in range(n):
        left = state.cubes_left[(seat + k) % n]
        if left:
            ones.append(left_at + k)
            values.append(float(left))
    ones += [phase_at + NUM_PHASES, phase_at + NUM_PHASES + 1]
    values += [state.placed / (SIZE * SIZE), sum(state.deck) / state.settings.deck.size]
    return ones, values
