"""What every bot is: it chooses a move for its seat, and may watch the table between moves."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from spieltisch.core.contract import State, mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """A player for one game and one seat; it must read only what its seat may see."""

    name: str
    watches_table: ClassVar[bool] = False
    """True for bots that remember what they saw: fronts then call `observe` after every step."""

    @abstractmethod
    def choose(self, state: State, rng: random.Random) -> int:
        """A legal move for the player to move in `state`."""

    def observe(self, state: State) -> None:
        """See the table after a step (only `state.view(seat)` may be read); most bots ignore it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # fronts' tests wrap it
class RandomBot(Bot):
    name = "random"

    def choose(self, state: State, rng: random.Random) -> int:
        return rng.choice(state.legal_actions())
