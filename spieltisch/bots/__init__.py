"""Game-agnostic bots. A bot chooses an action for the seat to move.

A bot is made for one game and one seat and may keep memory between its
moves; it must read only what its seat may see.
"""

from __future__ import annotations

import random
from typing import Protocol

from spieltisch.core.contract import Game, State
from spieltisch.core.options import OptionError


class Bot(Protocol):
    name: str

    def choose(self, state: State, rng: random.Random) -> int: ...


class RandomBot:
    name = "random"

    def choose(self, state: State, rng: random.Random) -> int:
        return rng.choice(state.legal_actions())


class HeuristicBot:
    """The game's own rule-of-thumb player (`Game.heuristic_action`)."""

    name = "heuristic"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, state: State, rng: random.Random) -> int:
        return self.game.heuristic_action(state, rng)


BOT_KINDS = ("random", "heuristic")


def make_bot(spec: str, game: Game, seat: int) -> Bot:
    """Make a bot from its name, e.g. "random" or "heuristic"."""
    kind = spec.strip().lower()
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return HeuristicBot(game)
    raise OptionError(f"unknown bot {spec!r}; choose one of: {', '.join(BOT_KINDS)}")
