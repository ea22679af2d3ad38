"""A game of pure chance with a known effect, for checking the lab's variant tests.

One chance node draws u from 0..99; seat 0 wins when u < `bias`, else the
other seats share the rest in turn. `mirror` draws the winner from the other
end (99 - u): the same game in distribution, but a different game for every
seed, so a mirrored variant is a true null effect whose paired games differ.
The winner scores 1 plus a point from u, the others 0.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.contract import CHANCE, TERMINAL, Game, State
from spieltisch.core.options import OptionSpec

DRAWS = 100


class CoinGame(Game["CoinState"]):
    name = "coin"
    title = "Coin"
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec("bias", 50, "int", "seat 0 wins when the draw is below this", minimum=0, maximum=DRAWS),
        OptionSpec("mirror", False, "bool", "draw the winner from the other end"),
    )

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def num_distinct_actions(self) -> int:
        return 1

    def max_chance_outcomes(self) -> int:
        return DRAWS

    def max_game_length(self) -> int:
        return 1

    def observation_shape(self) -> tuple[int, ...]:
        return (1,)

    def winner(self, draw: int) -> int:
        u = DRAWS - 1 - draw if self.options["mirror"] else draw
        bias = int(self.options["bias"])
        return 0 if u < bias else 1 + (u - bias) % (self.num_players - 1)


class CoinState(State):
    def __init__(self, game: CoinGame) -> None:
        super().__init__(game)
        self.coin_game = game
        self.draw: int | None = None

    def current_player(self) -> int:
        return CHANCE if self.draw is None else TERMINAL

    def _legal_actions(self) -> list[int]:
        return list(range(DRAWS)) if self.draw is None else []

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(u, 1 / DRAWS) for u in range(DRAWS)]

    def _apply(self, action: int) -> None:
        self.draw = action

    def clone(self) -> CoinState:
        other = CoinState(self.coin_game)
        other._history = self._history.copy()
        other.draw = self.draw
        return other

    def scores(self) -> list[float]:
        if self.draw is None:
            return [0.0] * self.num_players
        won = self.coin_game.winner(self.draw)
        return [1.0 + self.draw % 3 if seat == won else 0.0 for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        return [] if self.draw is None else [self.coin_game.winner(self.draw)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"draw": self.draw}

    def observation_tensor(self, seat: int) -> list[float]:
        return [float(self.draw if self.draw is not None else -1)]

    def resample_from_infostate(self, seat: int, rng: random.Random) -> CoinState:
        return self.clone()
