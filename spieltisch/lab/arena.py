"""Matches between bots: many seeded games with seats rotated, win shares with intervals.

A quick in-process match; `spieltisch simulate` (spieltisch.lab.study) is the full study.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.registry import load_game
from spieltisch.lab.simulation import play_seated
from spieltisch.lab.stats import wilson


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


def play_game(
    game_name: str, bots: list[str], seed: int, options: dict[str, Any] | None = None
) -> GameResult:
    game = load_game(game_name, len(bots), **(options or {}))
    players = [make_bot(spec, game, seat) for seat, spec in enumerate(bots)]
    state, _, decisions = play_seated(game, players, random.Random(seed))
    return GameResult(seed, list(bots), state.scores(), state.winners(), sum(decisions))


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
