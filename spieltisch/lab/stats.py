"""Statistics for the lab: intervals, seat advantage and paired variant tests.

Wins are counted as shares: a victory shared by k players counts 1/k for
each of them, so the shares of one game add up to 1 and the fair share of a
seat is 1/players. `wilson` is plain Python; the tests use scipy, imported
when they are called, so the core never needs it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
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


def paired_t(base: Sequence[float], variant: Sequence[float]) -> PairedDifference:
    """A paired t-test on per-game values of two variants played on the same seeds."""
    diffs = [v - b for b, v in zip(base, variant, strict=True)]
    n = len(diffs)
    mean_base, mean_variant = _mean(base), _mean(variant)
    mean_diff = mean_variant - mean_base
    spread = statistics.stdev(diffs) if n > 1 else 0.0
    if n < 2 or spread == 0:
        return PairedDifference(mean_base, mean_variant, mean_diff, mean_diff, mean_diff, 1.0, "paired t")
    half = float(scipy_stats().t.ppf(0.975, n - 1)) * spread / math.sqrt(n)
    p_value = float(scipy_stats().ttest_rel(variant, base).pvalue)
    return PairedDifference(
        mean_base, mean_variant, mean_diff, mean_diff - half, mean_diff + half, p_value, "paired t"
    )


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
