"""Matches between bots: many seeded games with seats rotated, win shares with intervals."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game


@dataclass
class GameResult:
    seed: int
    bots: list[str]
    scores: list[float]
    winners: list[int]
    decisions: int


@dataclass
class MatchResult:
    bots: list[str]
    results: list[GameResult] = field(default_factory=list)

    def win_share(self, bot: str) -> float:
        """Wins of `bot` per seat it played, a shared victory counting 1/k."""
        wins, seats = self._tally(bot)
        return wins / seats if seats else 0.0

    def _tally(self, bot: str) -> tuple[float, int]:
        wins = 0.0
        seats = 0
        for result in self.results:
            for seat, name in enumerate(result.bots):
                if name == bot:
                    seats += 1
                    if seat in result.winners:
                        wins += 1.0 / len(result.winners)
        return wins, seats

    def wilson_interval(self, bot: str, z: float = 1.96) -> tuple[float, float]:
        wins, seats = self._tally(bot)
        return wilson(wins, seats, z)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(
    game_name: str, bots: list[str], seed: int, options: dict[str, Any] | None = None
) -> GameResult:
    game = load_game(game_name, len(bots), **(options or {}))
    players = [make_bot(spec, game, seat) for seat, spec in enumerate(bots)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(players[state.current_player()].choose(state, rng))
            decisions += 1
    return GameResult(seed, list(bots), state.scores(), state.winners(), decisions)


def play_match(
    game_name: str,
    bots: list[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> MatchResult:
    """Play `games` games; game i seats the bots rotated by i so every bot meets every seat."""
    match = MatchResult(list(bots))
    for index in range(games):
        shift = index % len(bots)
        seating = bots[shift:] + bots[:shift]
        match.results.append(play_game(game_name, seating, seed + index, options))
    return match
