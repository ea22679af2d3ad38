"""Matches between bots: many seeded games with seats rotated, win shares with intervals.

A quick in-process match; `spieltisch simulate` (spieltisch.lab.study) is the full study.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.lab.simulation import make_game, play_seated
from spieltisch.lab.stats import clustered_share


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
        """The 95% Wilson interval of `bot`'s win share, clustered by game (see stats.clustered_share)."""
        wins, seats = [], []
        for result in self.results:
            taken = [seat for seat, name in enumerate(result.bots) if name == bot]
            wins.append(sum(1.0 / len(result.winners) for seat in taken if seat in result.winners))
            seats.append(len(taken))
        _, low, high = clustered_share(wins, seats, len(self.bots), z)
        return low, high


def play_game(
    game_name: str, bots: list[str], seed: int, options: dict[str, Any] | None = None
) -> GameResult:
    game = make_game(game_name, len(bots), options or {})
    players = [make_bot(spec, game, seat) for seat, spec in enumerate(bots)]
    state, _, decisions = play_seated(game, players, seed)
    return GameResult(seed, list(bots), state.scores(), state.winners(), sum(decisions))


def play_match(
    game_name: str,
    bots: list[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> MatchResult:
    """Play `games` games; game i seats the bots rotated by i so every bot meets every seat.

    `on_game` hears of each finished game (for a progress bar). A bad game,
    option or bot raises OptionError before any game is played. With an
    `executor` (worker processes) the games run side by side; game i is the
    same game either way, and the results keep their order.
    """
    check = make_game(game_name, len(bots), options or {})
    for seat, spec in enumerate(bots):
        make_bot(spec, check, seat)
    match = MatchResult(list(bots))
    seatings = [bots[index % len(bots) :] + bots[: index % len(bots)] for index in range(games)]
    seeds = [seed + index for index in range(games)]
    if executor is None:
        results: Iterable[GameResult] = map(play_game, repeat(game_name), seatings, seeds, repeat(options))
    else:
        results = executor.map(play_game, repeat(game_name, games), seatings, seeds, repeat(options, games))
    for result in results:
        match.results.append(result)
        if on_game:
            on_game(result)
    return match
