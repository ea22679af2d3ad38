"""The observation tensor: what a seat may see, as floats, built from one list of named pieces.

`pieces` names every part of the tensor with its length; the tensor's size is
their sum and `observation` fills them in that order, checked piece by piece
(spieltisch.core.observation), so the two cannot drift apart. Players are
counted relative to the observing seat (0 = itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import spieltisch.games.lucandor.scoring as scoring
from spieltisch.core.contract import CHANCE, TERMINAL
from spieltisch.core.observation import Pieces, concatenate, total_size
from spieltisch.games.lucandor.model import MARKERS, Model
from spieltisch.games.lucandor.steps import STEP_NAMES

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorState

STEP_NUMBERS: Final = {kind: number for number, kind in enumerate(STEP_NAMES, start=1)}
"""The step's place in the "step" piece; 0 while the card to play is chosen."""
PLAYER_FACTS: Final = 6  # points, end points, hand, pile, tasks, stones in use (scaled to about 0..1)


def pieces(model: Model, players: int) -> Pieces:
    """The named parts of the tensor with their lengths, in order."""
    cards, colours = len(model.cards), len(model.colours)
    slots = len(model.slot_storeys)
    return (
        ("to_move", players),  # the seat to move, relative
        ("chance", 1),
        ("over", 1),
        ("phase", 2),  # morning, afternoon
        ("door", model.num_sections),
        ("locks", (slots + 1) * (1 + players)),  # per slot and the door: level / 2, owner (relative)
        ("slot_points", slots * colours),  # what each scoring slot pays per colour
        ("cells", model.num_cells * (colours + len(model.garments) + 1)),  # by colour, by garment, drawer
        ("hand", cards),
        ("others_known", cards),  # cards known to be in another seat's hand
        ("discard", cards),
        ("put_away", cards),  # garments put away this phase
        ("own_tasks", cards),
        ("seen_in_piles", cards),
        ("own_chips", colours),
        ("others_chips", colours),  # how many other seats have a task of each colour
        ("players", PLAYER_FACTS * players),
        ("step", len(STEP_NAMES) + 1),
        ("playing", cards),  # the card being played
    )


def size(model: Model, players: int) -> int:
    """The tensor's length for this model and player count."""
    return total_size(pieces(model, players))


def observation(state: LucandorState, seat: int) -> list[float]:
    """What `seat` may see, as floats, piece by piece."""
    return concatenate(pieces(state.settings.model, state.num_players), _blocks(state, seat))


def _blocks(state: LucandorState, seat: int) -> dict[str, list[float]]:
    m = state.settings.model
    n = state.num_players
    cards = len(m.cards)
    mover = state.current_player()
    blocks: dict[str, list[float]] = {
        "to_move": _one_hot(n, (mover - seat) % n if mover >= 0 else -1),
        "chance": [1.0 if mover == CHANCE else 0.0],
        "over": [1.0 if mover == TERMINAL else 0.0],
        "phase": _one_hot(2, state.phase),
        "door": _one_hot(m.num_sections, state.door),
        "locks": [],
        "slot_points": [],
        "cells": [],
    }
    for owner, level in zip(state.lock_owner, state.lock_level, strict=True):
        block = [0.0] * (n + 1)
        if owner >= 0:
            block[0] = level / 2
            block[1 + (owner - seat) % n] = 1.0
        blocks["locks"].extend(block)
    for slot in range(len(m.slot_storeys)):
        shown, points = scoring.slot_card(state, slot)
        blocks["slot_points"].extend(float(points) if c in shown else 0.0 for c in range(len(m.colours)))
    for cell in range(m.num_cells):
        by_colour = [0.0] * len(m.colours)
        by_garment = [0.0] * len(m.garments)
        for piece in scoring.container_pieces(state, cell):
            by_colour[m.cards[piece].colour] += 1
            by_garment[m.cards[piece].garment] += 1
        blocks["cells"].extend([*by_colour, *by_garment, 1.0 if state.drawer_at(cell) >= 0 else 0.0])
    others = [p for p in range(n) if p != seat]
    blocks["hand"] = _marks(cards, state.hands[seat])
    blocks["others_known"] = _marks(cards, [c for p in others for c in state.known[p]])
    blocks["discard"] = _marks(cards, state.discard)
    blocks["put_away"] = _marks(cards, [c for c in range(cards) if (state.placed >> c) & 1])
    blocks["own_tasks"] = _marks(cards, state.end_cards[seat])
    blocks["seen_in_piles"] = _marks(cards, [c for pile in state.piles for c in pile if c >= 0])
    blocks["own_chips"] = _marks(len(m.colours), state.end_colours[seat])
    blocks["others_chips"] = [0.0] * len(m.colours)
    for p in others:
        for c in state.end_colours[p]:
            blocks["others_chips"][c] += 1.0
    blocks["players"] = [
        fact
        for p in ((seat + k) % n for k in range(n))
        for fact in (
            state.points[p] / 50,
            state.end_points[p] / 10,
            len(state.hands[p]) / 3,
            len(state.piles[p]) / 20,
            len(state.end_cards[p]) / 2,
            state.lock_owner.count(p) / MARKERS,
        )
    ]
    step = state.pending
    blocks["step"] = _one_hot(len(STEP_NAMES) + 1, 0 if step is None else STEP_NUMBERS[type(step)])
    blocks["playing"] = _marks(cards, [] if step is None else [step.card])
    return blocks


def _one_hot(length: int, index: int) -> list[float]:
    """`length` zeros with a 1 at `index` (none when it is negative)."""
    out = [0.0] * length
    if index >= 0:
        out[index] = 1.0
    return out


def _marks(length: int, members: list[int]) -> list[float]:
    """`length` zeros with a 1 at every index in `members`."""
    out = [0.0] * length
    for index in members:
        out[index] = 1.0
    return out
