"""Statistics for the lab: intervals, seat advantage and paired variant tests.

Wins are counted as shares: a victory shared by k players counts 1/k for
each of them, so the shares of one game add up to 1 and the fair share of a
seat is 1/players. A bot in several seats of one game gets an interval
clustered by game (its seats there are not independent trials). A variant is
compared with its base game by game with an exact sign-flip test (for wins
and losses it is McNemar's exact test), and a study's rows are corrected
together for multiple comparisons (Benjamini-Hochberg). `wilson` is plain
Python; the tests use scipy and numpy, imported when they are called.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def scipy_stats() -> Any:
    """scipy.stats, imported on first use."""
    from scipy import stats  # type: ignore[import-untyped]

    return stats


def binomial_p_value(successes: int, trials: int, p: float) -> float:
    """Two-sided exact binomial test of `successes` in `trials` against rate `p`."""
    if trials == 0:
        return 1.0
    return float(scipy_stats().binomtest(successes, trials, p).pvalue)


@dataclass(frozen=True)
class SeatAdvantage:
    """Does the seat order matter? Seat 0 against its fair share, and all seats together."""

    first_share: float
    fair_share: float
    first_p_value: float
    chi_square: float
    chi_square_p_value: float


def seat_advantage(seat_wins: Sequence[float], games: int) -> SeatAdvantage:
    """Binomial test of seat 0's wins and a chi-square test of all seats' wins against equal shares."""
    players = len(seat_wins)
    fair = 1 / players
    first_p = binomial_p_value(round(seat_wins[0]), games, fair)
    total = sum(seat_wins)
    if games == 0 or players < 2 or total == 0:
        return SeatAdvantage(0.0, fair, 1.0, 0.0, 1.0)
    chi = scipy_stats().chisquare(list(seat_wins), [total * fair] * players)
    return SeatAdvantage(seat_wins[0] / games, fair, first_p, float(chi.statistic), float(chi.pvalue))


def clustered_share(
    wins: Sequence[float], seats: Sequence[int], players: int = 0, z: float = 1.96
) -> tuple[float, float, float]:
    """A bot's win share over all the seats it played, with a 95% interval clustered by game.

    `wins[g]` and `seats[g]` are its wins and seats in game g. The share is
    their ratio; its cluster-robust standard error gives an effective number
    of independent trials, which the Wilson interval then uses: more than its
    seats when they compete with each other (if one wins, the other loses),
    fewer when they win and lose together. A bot that
    takes every seat has the same share in every game, and an interval of
    that single value (given `players`).
    """
    games = len(wins)
    total = sum(seats)
    if games == 0 or total == 0:
        return 0.0, 0.0, 1.0
    share = sum(wins) / total
    spread = sum((w - share * n) ** 2 for w, n in zip(wins, seats, strict=True))
    variance = spread / total**2 * (games / (games - 1) if games > 1 else 1.0)
    if variance <= 1e-18:
        if players and all(n == players for n in seats):  # every seat is its own: a fixed share
            return share, share, share
        low, high = wilson(share * games, games, z)
        return share, low, high
    effective = max(1.0, share * (1 - share) / variance)
    low, high = wilson(share * effective, effective, z)
    return share, low, high


@dataclass(frozen=True)
class PairedDifference:
    """Variant minus base over the same seeds: mean difference, its 95% interval and a p-value."""

    base: float
    variant: float
    difference: float
    low: float
    high: float
    p_value: float
    test: str


def paired_difference(base: Sequence[float], variant: Sequence[float]) -> PairedDifference:
    """Variant minus base, game by game: the mean difference, its t interval and a sign-flip p-value."""
    diffs = [v - b for b, v in zip(base, variant, strict=True)]
    n = len(diffs)
    mean_base, mean_variant = _mean(base), _mean(variant)
    mean_diff = _mean(diffs)
    spread = statistics.stdev(diffs) if n > 1 else 0.0
    half = float(scipy_stats().t.ppf(0.975, n - 1)) * spread / math.sqrt(n) if n > 1 else 0.0
    p_value, exact = sign_flip_p_value(diffs)
    test = "sign-flip, exact" if exact else "sign-flip, normal approx."
    return PairedDifference(
        mean_base, mean_variant, mean_diff, mean_diff - half, mean_diff + half, p_value, test
    )


LATTICE_SCALES = (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60)
"""Win shares are multiples of 1/k for k winners (k <= 6): scaled by one of these, differences are whole."""
MAX_EXACT_SPAN = 2_000_000


def sign_flip_p_value(diffs: Sequence[float]) -> tuple[float, bool]:
    """Two-sided p-value of paired differences under "variant and base are exchangeable".

    Each non-zero difference flips its sign with chance 1/2 under the null;
    the p-value is the chance of a sum at least as far from 0 as the observed
    one. Exact (the whole distribution, by convolution) when the differences
    lie on a lattice such as win shares or whole scores; for binary wins this
    is McNemar's exact test. Otherwise the normal approximation. Returns
    (p, exact). A constant non-zero difference is as extreme as it gets:
    p = 2 / 2**n.
    """
    nonzero = [abs(d) for d in diffs if d != 0]
    if not nonzero:
        return 1.0, True
    observed = abs(sum(diffs))
    steps = _on_lattice(nonzero)
    if steps is not None and sum(steps) <= MAX_EXACT_SPAN:
        return _exact_sign_flip(steps, observed * _scale_of(nonzero)), True
    spread = math.sqrt(sum(d * d for d in nonzero))
    return float(2 * scipy_stats().norm.sf(observed / spread)), False


def _scale_of(values: Sequence[float]) -> int:
    for scale in LATTICE_SCALES:
        if all(abs(v * scale - round(v * scale)) < 1e-9 for v in values):
            return scale
    return 0


def _on_lattice(values: Sequence[float]) -> list[int] | None:
    scale = _scale_of(values)
    return [round(v * scale) for v in values] if scale else None


def _exact_sign_flip(steps: Sequence[int], observed: float) -> float:
    """P(|sum of ±steps| >= observed), each sign fair: T = sum of the positive steps, S = 2T - total."""
    import numpy as np
    from scipy.signal import oaconvolve  # type: ignore[import-untyped]
    from scipy.special import gammaln  # type: ignore[import-untyped]

    counts: dict[int, int] = {}
    for step in steps:
        counts[step] = counts.get(step, 0) + 1
    total = sum(steps)
    distribution = np.ones(1)
    for step, count in counts.items():
        k = np.arange(count + 1)
        part = np.zeros(step * count + 1)
        log_choose = gammaln(count + 1) - gammaln(k + 1) - gammaln(count - k + 1)
        part[::step] = np.exp(log_choose - count * np.log(2))
        small = min(distribution.size, part.size) < 64
        joined = np.convolve(distribution, part) if small else oaconvolve(distribution, part)
        distribution = np.clip(joined, 0.0, None)
    sums = 2 * np.arange(distribution.size) - total
    extreme = np.abs(sums) >= observed - 1e-9
    return float(min(1.0, distribution[extreme].sum() / distribution.sum()))


def adjust_p_values(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values: a row with adjusted p < 0.05 is a discovery at a 5% FDR."""
    if not p_values:
        return []
    return [float(q) for q in scipy_stats().false_discovery_control(list(p_values), method="bh")]


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def describe(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, standard deviation, min and max (zeros for no values)."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": float(min(values)),
        "max": float(max(values)),
    }
