"""The observation tensor: what a seat may see, as floats, built from one list of named pieces.

`observation_pieces` names every part of the tensor with its length; the
tensor's size is their sum and `observation` fills them in that order, checked
piece by piece (spieltisch.core.observation), so the two cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.observation import Pieces, concatenate
from spieltisch.games.calcory.cards import DIGITS, TARGET
from spieltisch.games.calcory.phases import DOWN, Phase

if TYPE_CHECKING:
    from spieltisch.games.calcory.rules import CalcoryState, Settings


def observation_pieces(settings: Settings) -> Pieces:
    """The observation tensor's named pieces and their sizes, in order."""
    n = settings.players
    return (
        ("cells", 15 * settings.positions),  # per position: what lies there, digit one-hot
        ("piles", n),  # cards each seat holds
        ("offer_owner", n),
        ("to_move", n),
        ("observer", n),
        ("own_pile", DIGITS),
        ("phase", len(Phase)),
        ("turn", 2),  # the turn's sum and zeros
        ("taken", DIGITS),
        ("holding", DIGITS),
        ("idle", 1),
    )


def observation(state: CalcoryState, seat: int) -> list[float]:
    """The tensor of `seat`: the pieces named by `observation_pieces`, in order."""
    return concatenate(observation_pieces(state.settings), _parts(state, seat))


def _cells(state: CalcoryState, seat: int) -> list[float]:
    """Per position: empty, face down, face down and known, up, offer; then the digit seen."""
    cells: list[float] = []
    for p, status in enumerate(state.status):
        cell = [0.0] * 15
        digit = state.visible_digit(p, seat)
        if status == DOWN and digit >= 0:
            cell[2] = 1.0  # face down and known to the seat
        else:
            cell[(0, 1, 3, 4)[status]] = 1.0
        if digit >= 0:
            cell[5 + digit] = 1.0
        cells.extend(cell)
    return cells


def _parts(state: CalcoryState, seat: int) -> dict[str, list[float]]:
    seats = range(state.num_players)
    deck = state.settings.deck
    top = float(max(deck.counts) or 1)
    own = [0.0] * DIGITS
    for digit in state.piles[seat]:
        own[digit] += 1.0 / top
    taken = [0.0] * DIGITS
    for digit in state.taken:
        taken[digit] += 1.0 / top
    holding = [0.0] * DIGITS
    if state.holding >= 0 and seat == state.player:
        holding[state.holding] = 1.0
    mover = state.current_player()
    limit = state.settings.idle_limit
    return {
        "cells": _cells(state, seat),
        "piles": [len(pile) / float(deck.size) for pile in state.piles],
        "offer_owner": [1.0 if state.offer_owner == s else 0.0 for s in seats],
        "to_move": [1.0 if mover == s else 0.0 for s in seats],
        "observer": [1.0 if seat == s else 0.0 for s in seats],
        "own_pile": own,
        "phase": [1.0 if state.phase == phase else 0.0 for phase in Phase],
        "turn": [state.turn_sum / TARGET, float(state.turn_zeros)],
        "taken": taken,
        "holding": holding,
        "idle": [state.idle / limit if limit else 0.0],
    }
