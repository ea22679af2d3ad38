"""Driving a state forward: resolving chance and playing a policy to the end."""

from __future__ import annotations

import random
from collections.abc import Callable

from spieltisch.core.contract import State
from spieltisch.core.draws import choice

Policy = Callable[[State, random.Random], int]


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw a chance outcome of `state` with the probabilities it states."""
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def random_policy(state: State, rng: random.Random) -> int:
    return choice(rng, state.legal_actions())


def resolve_chance(state: State, rng: random.Random) -> None:
    """Apply chance outcomes until a player is to move or the game is over."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def play_out(state: State, policy: Policy | None = None, rng: random.Random | None = None) -> State:
    """Play `state` to the end in place: chance from `rng`, every seat by `policy`."""
    rng = rng or random.Random()
    choose = policy or random_policy
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(choose(state, rng))
    return state
