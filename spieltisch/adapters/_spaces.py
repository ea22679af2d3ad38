"""Observation and action spaces shared by the PettingZoo and Gymnasium adapters.

An observation is what one seat may see (`State.observation_tensor`) plus a
mask of the action ids that seat may take now; both have a fixed shape per
game and player count, so one network fits every position.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from spieltisch.core.contract import AnyGame, State

Observation = dict[str, Any]  # "observation" and "action_mask", both numpy arrays


def observation_space(game: AnyGame) -> spaces.Dict:
    # The contract promises a fixed shape, not bounds, so the box is unbounded.
    tensor = spaces.Box(-np.inf, np.inf, shape=game.observation_shape(), dtype=np.float32)
    mask = spaces.Box(0, 1, shape=(game.num_distinct_actions(),), dtype=np.int8)
    return spaces.Dict({"observation": tensor, "action_mask": mask})


def action_space(game: AnyGame) -> spaces.Discrete:
    return spaces.Discrete(game.num_distinct_actions())


def action_mask(state: State, seat: int) -> np.ndarray:
    """1 for each action id `seat` may take now; all 0 when another seat or nobody is to move."""
    mask = np.zeros(state.game.num_distinct_actions(), dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def observe(state: State, seat: int) -> Observation:
    tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    return {
        "observation": tensor.reshape(state.game.observation_shape()),
        "action_mask": action_mask(state, seat),
    }


def episode_seed(generator: np.random.Generator) -> int:
    """A seed for one episode's random.Random, drawn from the environment's generator."""
    return int(generator.integers(2**63))
