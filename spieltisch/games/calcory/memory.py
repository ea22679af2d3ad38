"""Memory hooks for remembering bots (spieltisch.bots.memory).

The observation forgets a card once it is turned face down again (RULINGS.md
Calcory 6); a remembering player keeps, per position, the digit last seen
there, and forgets it when the position is emptied (the card was taken).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from spieltisch.games.calcory.rules import CalcoryState


def remember_facts(view: Mapping[str, Any], seat: int) -> dict[Hashable, Any]:
    """Digits face up in `view` by position; None for emptied positions (forget them)."""
    facts: dict[Hashable, Any] = {}
    for position, cell in enumerate(view["cells"]):
        if cell is None:
            facts[position] = None
        elif isinstance(cell, int):
            facts[position] = cell
    return facts


def resample_with_memory(
    state: CalcoryState, seat: int, facts: dict[Hashable, Any], rng: random.Random
) -> CalcoryState:
    """Like `resample_from_infostate`, with remembered face-down digits kept where they still fit."""
    fixed = {key: value for key, value in facts.items() if isinstance(key, int) and isinstance(value, int)}
    return state.redeal(seat, rng, fixed)
