"""A random game, kept step by step: test input for hooks that judge positions."""

from __future__ import annotations

import random
from typing import TypeVar

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance

StateT = TypeVar("StateT", bound=State)


def random_walk(state: StateT, rng: random.Random) -> list[StateT]:
    """A copy of every decision of a random game played on from `state`, then its end."""
    seen = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*seen, state]
