"""A league: every pair of bots plays a round robin, and one Bradley-Terry fit rates them all.

Game i of every pair has the same seed (common random numbers). A pair sits
at the table alternating A, B, A, ... with the seating rotated by one seat
per game, and every `players` games the pair swaps who takes the odd seats,
so after 2 x players games each bot has sat in each seat equally often (with
an odd table, each bot has also had the extra seat as often as the other).

A game counts for each bot of the pair as the sum of its seats' win shares
(a shared win counts 1/k), so the pair's two figures add up to 1. The
Bradley-Terry model gives bot i a strength p_i, and i beats j with chance
p_i / (p_i + p_j); the strengths are fitted by maximum likelihood with the
MM iterations of Hunter (2004) and shown on an Elo-like scale, rating =
1500 + 400 log10(p_i) with the mean rating at 1500: a 400-point gap means
odds of 10 to 1. Intervals come from the Fisher information (95%, normal).
A bot that won or lost every game against all the others has no finite
maximum-likelihood rating; then every pair gets half a game won by each
side (a weak prior) and the report says so.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.options import OptionError
from spieltisch.lab.simulation import GameTask, derive_seed, make_game
from spieltisch.lab.stats import wilson

MEAN_RATING = 1500.0
ELO = 400 / math.log(10)  # rating points per unit of log strength
Matrix = Sequence[Sequence[float]]
PRIOR = 0.5  # half a game won by each side of every pair, only when the fit needs it


@dataclass(frozen=True)
class LeagueSpec:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int  # per pair
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def pairs(self) -> list[tuple[str, str]]:
        return list(itertools.combinations(self.bots, 2))

    def check(self) -> None:
        """OptionError for a bad game, option, bot or count before any game is played."""
        from spieltisch.bots import make_bot

        if len(self.bots) < 2:
            raise OptionError("a league needs at least two bots: --bots A,B,...")
        if len(set(self.bots)) < len(self.bots):
            raise OptionError("a bot is named twice in --bots; give each bot once")
        if self.games < 1:
            raise OptionError("the number of games per pair must be at least 1")
        game = make_game(self.game, self.players, self.options)
        for bot in self.bots:
            make_bot(bot, game, 0)


def seating(pair: tuple[str, str], players: int, index: int) -> tuple[str, ...]:
    """Game `index` of a pair: A, B, A, ... rotated by `index`, A and B swapped every `players` games."""
    first, second = pair if (index // players) % 2 == 0 else (pair[1], pair[0])
    pattern = [first if seat % 2 == 0 else second for seat in range(players)]
    shift = index % players
    return tuple(pattern[shift:] + pattern[:shift])


def pair_label(pair: tuple[str, str]) -> str:
    return f"{pair[0]} vs {pair[1]}"


def plan(spec: LeagueSpec) -> list[GameTask]:
    """Every game of every pair, game by game, so an interrupted league keeps the pairs even."""
    tasks = []
    for index in range(spec.games):
        seed = derive_seed(spec.seed, index)
        for pair in spec.pairs():
            seats = seating(pair, spec.players, index)
            tasks.append(GameTask(index, seed, pair_label(pair), spec.game, spec.options, seats))
    return tasks


def bot_share(result: dict[str, Any], bot: str) -> float:
    """What one game counts for `bot`: its seats' win shares together."""
    return float(
        sum(share for share, name in zip(result["shares"], result["bots"], strict=True) if name == bot)
    )


@dataclass
class Tally:
    """Wins (win shares) of each bot against each other, and games played, by index into `bots`."""

    bots: list[str]
    wins: list[list[float]]
    games: list[list[float]]  # whole games; floats so that a prior can add half games

    @classmethod
    def of(cls, bots: Sequence[str], results: list[dict[str, Any]]) -> Tally:
        k = len(bots)
        tally = cls(list(bots), [[0.0] * k for _ in range(k)], [[0.0] * k for _ in range(k)])
        position = {bot: number for number, bot in enumerate(bots)}
        for result in results:
            a, b = (position[name] for name in dict.fromkeys(result["bots"]))
            share = bot_share(result, bots[a])
            tally.wins[a][b] += share
            tally.wins[b][a] += 1 - share
            tally.games[a][b] += 1
            tally.games[b][a] += 1
        return tally

    def played(self, bot: int) -> int:
        return round(sum(self.games[bot]))


def needs_prior(wins: Matrix, games: Matrix) -> bool:
    """True unless every bot can reach every other along "won something against" links (Ford's condition)."""
    k = len(wins)
    for start in range(k):
        reached, frontier = {start}, [start]
        while frontier:
            i = frontier.pop()
            for j in range(k):
                if j not in reached and games[i][j] and wins[i][j] > 0:
                    reached.add(j)
                    frontier.append(j)
        if len(reached) < k:
            return True
    return False


def bradley_terry(wins: Matrix, games: Matrix, iterations: int = 10_000) -> list[float]:
    """Log strengths (mean 0) by the MM iterations: p_i = W_i / sum_j n_ij / (p_i + p_j)."""
    k = len(wins)
    strengths = [1.0] * k
    for _ in range(iterations):
        updated = []
        for i in range(k):
            total = sum(games[i][j] / (strengths[i] + strengths[j]) for j in range(k) if j != i)
            updated.append(sum(wins[i]) / total if total else strengths[i])
        centre = math.exp(sum(math.log(p) for p in updated) / k)
        updated = [p / centre for p in updated]
        change = max(abs(math.log(new / old)) for new, old in zip(updated, strengths, strict=True))
        strengths = updated
        if change < 1e-12:
            break
    return [math.log(p) for p in strengths]


def standard_errors(log_strengths: list[float], games: Matrix) -> list[float]:
    """Each log strength's standard error (mean fixed at 0) from the Fisher information's pseudo-inverse."""
    import numpy as np

    k = len(log_strengths)
    information = np.zeros((k, k))
    for i, j in itertools.combinations(range(k), 2):
        chance = 1 / (1 + math.exp(log_strengths[j] - log_strengths[i]))
        weight = games[i][j] * chance * (1 - chance)
        information[i, j] = information[j, i] = -weight
        information[i, i] += weight
        information[j, j] += weight
    covariance = np.linalg.pinv(information)
    return [float(math.sqrt(max(0.0, covariance[i, i]))) for i in range(k)]


@dataclass(frozen=True)
class Rating:
    bot: str
    rating: float
    low: float
    high: float
    games: int


def rate(tally: Tally) -> tuple[list[Rating], bool]:
    """Every bot on one scale (mean 1500), best first, with 95% intervals; and whether the prior was used."""
    k = len(tally.bots)
    wins, games = tally.wins, tally.games
    prior = needs_prior(wins, games)
    if prior:
        wins = [
            [w + (PRIOR if games[i][j] else 0.0) for j, w in enumerate(row)] for i, row in enumerate(wins)
        ]
        games = [[n + (2 * PRIOR if n else 0.0) for n in row] for row in games]
    thetas = bradley_terry(wins, games)
    errors = standard_errors(thetas, games)
    ratings = []
    for i in range(k):
        rating = MEAN_RATING + ELO * thetas[i]
        half = 1.96 * ELO * errors[i]
        ratings.append(Rating(tally.bots[i], rating, rating - half, rating + half, tally.played(i)))
    return sorted(ratings, key=lambda r: -r.rating), prior


def pair_rows(tally: Tally) -> list[dict[str, Any]]:
    """Each bot's win share against each other bot, with its Wilson interval (both directions)."""
    rows = []
    for i, j in itertools.permutations(range(len(tally.bots)), 2):
        n = round(tally.games[i][j])
        if n:
            low, high = wilson(tally.wins[i][j], n)
            share = tally.wins[i][j] / n
            rows.append({"bot": tally.bots[i], "opponent": tally.bots[j], "games": n, "win_share": share,
                         "low": low, "high": high})  # fmt: skip
    return rows
